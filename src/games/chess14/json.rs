//! A small JSON reader, enough for the source's `config.json` (objects, arrays, strings,
//! numbers, true/false/null). Errors name the byte offset where reading stopped.

use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

/// Writes the value back as compact JSON (for error messages).
impl std::fmt::Display for Json {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Json::Null => write!(f, "null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Number(n) => write!(f, "{n}"),
            Json::Text(t) => write!(f, "{t:?}"),
            Json::List(items) => {
                write!(f, "[")?;
                for (i, v) in items.iter().enumerate() {
                    write!(f, "{}{v}", if i > 0 { "," } else { "" })?;
                }
                write!(f, "]")
            }
            Json::Object(m) => {
                write!(f, "{{")?;
                for (i, (k, v)) in m.iter().enumerate() {
                    write!(f, "{}{k:?}:{v}", if i > 0 { "," } else { "" })?;
                }
                write!(f, "}}")
            }
        }
    }
}

impl Json {
    /// A member of an object (`None` for a missing key or a non-object).
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(m) => m.get(key),
            _ => None,
        }
    }
}

/// Reads one JSON value filling the whole text (blanks around it allowed).
pub fn parse(text: &str) -> Result<Json, String> {
    let mut r = Reader {
        s: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    let v = r.value()?;
    r.blanks();
    if r.at < r.s.len() {
        return Err(r.error("unexpected text after the value"));
    }
    Ok(v)
}

/// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
const MAX_DEPTH: usize = 64;

struct Reader<'a> {
    s: &'a [u8],
    at: usize,
    depth: usize,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> String {
        format!("JSON: {what} at byte {}", self.at)
    }

    fn blanks(&mut self) {
        while self.at < self.s.len() && self.s[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.blanks();
        self.s.get(self.at).copied()
    }

    fn expect(&mut self, b: u8) -> Result<(), String> {
        if self.peek() == Some(b) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected '{}'", b as char)))
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        match self.peek() {
            Some(b'{') => self.nested(Reader::object),
            Some(b'[') => self.nested(Reader::list),
            Some(b'"') => self.string().map(Json::Text),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => {
                for (word, v) in [
                    ("true", Json::Bool(true)),
                    ("false", Json::Bool(false)),
                    ("null", Json::Null),
                ] {
                    if self.s[self.at..].starts_with(word.as_bytes()) {
                        self.at += word.len();
                        return Ok(v);
                    }
                }
                Err(self.error("expected a value"))
            }
            None => Err(self.error("unexpected end of text")),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Result<Json, String>) -> Result<Json, String> {
        if self.depth == MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        self.depth += 1;
        let v = read(self);
        self.depth -= 1;
        v
    }

    fn object(&mut self) -> Result<Json, String> {
        self.expect(b'{')?;
        let mut members = BTreeMap::new();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Json::Object(members));
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a key in quotes"));
            }
            let key = self.string()?;
            self.expect(b':')?;
            members.insert(key, self.value()?);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Json::Object(members));
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn list(&mut self) -> Result<Json, String> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Json::List(items));
        }
        loop {
            items.push(self.value()?);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Json::List(items));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            let Some(&b) = self.s.get(self.at) else {
                return Err(self.error("unterminated string"));
            };
            self.at += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.s.get(self.at) else {
                        return Err(self.error("unterminated string"));
                    };
                    self.at += 1;
                    let c = match e {
                        b'"' | b'\\' | b'/' => e as char,
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'u' => {
                            let hex = self
                                .s
                                .get(self.at..self.at + 4)
                                .and_then(|h| std::str::from_utf8(h).ok());
                            let code = hex.and_then(|h| u32::from_str_radix(h, 16).ok());
                            self.at = (self.at + 4).min(self.s.len());
                            code.and_then(char::from_u32)
                                .unwrap_or(char::REPLACEMENT_CHARACTER)
                        }
                        _ => return Err(self.error("unknown escape in string")),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                _ => out.push(b),
            }
        }
        String::from_utf8(out).map_err(|_| self.error("string is not UTF-8"))
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.at;
        while self.at < self.s.len()
            && matches!(
                self.s[self.at],
                b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
            )
        {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.at]).unwrap_or("");
        text.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .map(Json::Number)
            .ok_or_else(|| format!("JSON: '{text}' is not a number at byte {start}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_text_reads_without_panicking(text in "[ -~\\né€]{0,200}") {
            let _ = parse(&text);
        }
    }

    #[test]
    fn reads_a_config() {
        let v = parse(r#" { "layout": "level1.txt", "time_controls": { "player": {"seconds": 180, "increment": 2.5} },
            "list": [1, -2e1, true, false, null, "a\"\u0041"] } "#)
        .unwrap();
        assert_eq!(v.get("layout"), Some(&Json::Text("level1.txt".into())));
        let player = v
            .get("time_controls")
            .and_then(|t| t.get("player"))
            .unwrap();
        assert_eq!(player.get("increment"), Some(&Json::Number(2.5)));
        let Some(Json::List(items)) = v.get("list") else {
            panic!("no list")
        };
        assert_eq!(items[1], Json::Number(-20.0));
        assert_eq!(items[5], Json::Text("a\"A".into()));
        assert_eq!(
            v.get("list").unwrap().to_string(),
            r#"[1,-20,true,false,null,"a\"A"]"#
        );
    }

    #[test]
    fn refuses_broken_text() {
        for bad in [
            "",
            "{",
            "{\"a\" 1}",
            "[1,]",
            "{\"a\":1} x",
            "\"abc",
            "[1e999]",
            "{1:2}",
            "tru",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let deep = "[".repeat(100_000);
        assert!(parse(&deep).unwrap_err().contains("too deep"));
    }
}
