//! Every line of the Gomocup protocol a brain writes, and how a manager reads them back (the
//! referee's Gomocup client): one owner of the format.

use super::command::Coord;
use crate::protocol::reply::escape;

pub const OK: &str = "OK";

/// A move: `x,y`.
pub fn coord(c: Coord) -> String {
    format!("{},{}", c.x, c.y)
}

/// `ERROR <what>`: the command was understood but cannot be done. Here and below, control
/// characters quoted from the input are escaped (`\r`, `\0`, `\xNN`): a reply is one line.
pub fn error(what: &str) -> String {
    format!("ERROR {}", escape(what))
}

/// `UNKNOWN <what>`: no such command.
pub fn unknown(what: &str) -> String {
    format!("UNKNOWN {}", escape(what))
}

/// `MESSAGE <text>`: for the person watching.
pub fn message(text: &str) -> String {
    format!("MESSAGE {}", escape(text))
}

/// `DEBUG <text>`: for the manager's log.
pub fn debug(text: &str) -> String {
    format!("DEBUG {}", escape(text))
}

/// The answer to `ABOUT`.
pub fn about() -> String {
    format!(
        "name=\"tabula\", version=\"{}\", author=\"the tabula developers\", country=\"unknown\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// A brain's move line `x,y` (blanks allowed around the numbers), `None` for any other line.
pub fn read_coord(line: &str) -> Option<Coord> {
    let (x, y) = line.trim().split_once(',')?;
    let number = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().unwrap_or(usize::MAX))
    };
    Some(Coord {
        x: number(x)?,
        y: number(y)?,
    })
}

/// Whether a brain's line refuses the last command (`ERROR ...` or `UNKNOWN ...`).
pub fn is_refusal(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    word.eq_ignore_ascii_case("ERROR") || word.eq_ignore_ascii_case("UNKNOWN")
}

/// The depth a brain's `MESSAGE` line reports: the number after the word `depth` in any case
/// (tabula's `depth 9-14 score ...` with `show_detail`, Rapfi's `Speed 835K | Depth 16-27 |
/// ...` after each move), the deepest ply after a dash left out.
pub fn read_message_depth(line: &str) -> Option<u32> {
    let mut words = line.split_whitespace();
    if !words.next()?.eq_ignore_ascii_case("MESSAGE") {
        return None;
    }
    let number = words
        .skip_while(|w| !w.eq_ignore_ascii_case("depth"))
        .nth(1)?;
    let digits = number
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(number.len());
    number[..digits].parse().ok()
}

/// The `name="..."` of an `ABOUT` answer.
pub fn read_name(line: &str) -> Option<&str> {
    let start = line.find("name=\"")? + "name=\"".len();
    let len = line[start..].find('"')?;
    Some(&line[start..start + len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_read_back() {
        let c = Coord { x: 7, y: 12 };
        assert_eq!(read_coord(&coord(c)), Some(c));
        assert_eq!(read_coord(" 3 , 4 "), Some(Coord { x: 3, y: 4 }));
        for line in ["OK", "MESSAGE 7,7", "7,", ",7", "a,b", "1,2,3", "-1,2"] {
            assert_eq!(read_coord(line), None, "{line}");
        }
        assert_eq!(read_name(&about()), Some("tabula"));
        assert_eq!(
            read_name("name=\"pbrain-rapfi\", version=\"0.43\""),
            Some("pbrain-rapfi")
        );
        for (line, depth) in [
            (
                "MESSAGE depth 9-14 score cp 35 nodes 1 nps 1 time 1 pv 7,7",
                Some(9),
            ),
            (
                "MESSAGE Speed 835K | Depth 16-27 | Eval -120 | Node 225K",
                Some(16),
            ),
            ("message DEPTH 12", Some(12)),
            ("MESSAGE depth", None),
            ("MESSAGE depth x-3", None),
            ("MESSAGE Bestline H10 H7", None),
            ("DEBUG depth 5", None),
            ("7,7", None),
        ] {
            assert_eq!(read_message_depth(line), depth, "{line}");
        }
        assert!(
            is_refusal(&error("no")) && is_refusal("unknown x") && !is_refusal("MESSAGE error")
        );
    }
}
