//! protocol.md's bad input catalogue against the transcripts it names: every row's input must
//! be in its transcript's input (`.in`, or `.args` for a command line) and its reply in the
//! transcript's expected output (`.out`, or `.err` and `.code`), so that the catalogue cannot
//! drift from what the transcripts, run by tests/transcripts.rs, prove.

use std::fs;
use std::path::{Path, PathBuf};

const SECTION: &str = "## Bad input catalogue";

#[test]
fn every_catalogue_row_is_shown_by_its_transcript() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("protocol.md")).unwrap();
    let start = doc.find(SECTION).expect("protocol.md has the catalogue");
    let section = &doc[start + SECTION.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let mut problems = Vec::new();
    let mut rows = 0;
    for line in section.lines().filter(|l| l.starts_with("| ")) {
        let cells = cells(line);
        // The summary table has six columns; the catalogue's tables four, the last a transcript.
        let Some(name) = cells.get(3).and_then(|c| code_spans(c).into_iter().next()) else {
            continue;
        };
        if cells.len() != 4 || !name.contains('/') {
            continue;
        }
        rows += 1;
        let base = root.join("tests").join(&name);
        if let Err(why) = check_row(&base, &cells) {
            problems.push(format!("{line}\n    {why}"));
        }
    }
    assert!(rows > 100, "only {rows} catalogue rows found");
    assert!(
        problems.is_empty(),
        "{} of {rows} rows are not shown by their transcripts:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

fn check_row(base: &Path, cells: &[String]) -> Result<(), String> {
    let file = |ext: &str| -> Result<Vec<u8>, String> {
        let path: PathBuf = base.with_extension(ext);
        fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let input = file("in")?;
    if let Ok(args) = file("args") {
        // A command line: `tabula ARGS` | first stderr line | exit status.
        let args = String::from_utf8(args).unwrap();
        let shown = code_spans(&cells[0]).concat();
        if shown != format!("tabula {}", args.trim()) {
            return Err(format!("the command line is 'tabula {}'", args.trim()));
        }
        let err = String::from_utf8(file("err")?).unwrap();
        let first = err.lines().next().unwrap_or("");
        if code_spans(&cells[1]).concat() != first {
            return Err(format!("stderr starts with '{first}'"));
        }
        let code = String::from_utf8(file("code")?).unwrap();
        if cells[2].trim() != code.trim() {
            return Err(format!("the exit status is {}", code.trim()));
        }
        return Ok(());
    }
    let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    let input_cell = &cells[1];
    if let Some((n, byte)) = long_line(input_cell) {
        if !lines
            .iter()
            .any(|l| l.len() == n && l.iter().all(|&b| b == byte))
        {
            return Err(format!("no line of {n} '{}' in the input", byte as char));
        }
    } else {
        for span in code_spans(input_cell) {
            let wanted = unescape(&span);
            if !lines.contains(&wanted.as_slice()) {
                return Err(format!("no input line '{span}'"));
            }
        }
    }
    let out = String::from_utf8_lossy(&file("out")?).into_owned();
    for span in code_spans(&cells[2]) {
        if !out.contains(&span) {
            return Err(format!("no '{span}' in the output"));
        }
    }
    Ok(())
}

/// The cells of a table row, `\|` kept as `|` inside them.
fn cells(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut chars = line.trim().trim_start_matches('|').chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cells.last_mut().unwrap().push('|');
                chars.next();
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().unwrap().push(c),
        }
    }
    cells.pop();
    cells.iter().map(|c| c.trim().to_string()).collect()
}

/// The texts between backticks.
fn code_spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// `a line of <n> × `<c>``: the length and the byte.
fn long_line(cell: &str) -> Option<(usize, u8)> {
    let rest = cell.strip_prefix("a line of ")?;
    let (n, rest) = rest.split_once(" × `")?;
    Some((n.parse().ok()?, *rest.as_bytes().first()?))
}

/// An input as the catalogue writes it, in bytes: `\0`, `\xNN`, `\t`, `\r`, `\v`, `\f`,
/// `\u{a0}`.
fn unescape(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('\\') {
        out.extend_from_slice(&rest.as_bytes()[..i]);
        let esc = &rest[i + 1..];
        let (bytes, used): (Vec<u8>, usize) = match esc.as_bytes().first() {
            Some(b'0') => (vec![0], 1),
            Some(b't') => (vec![b'\t'], 1),
            Some(b'r') => (vec![b'\r'], 1),
            Some(b'v') => (vec![0x0b], 1),
            Some(b'f') => (vec![0x0c], 1),
            Some(b'x') => (vec![u8::from_str_radix(&esc[1..3], 16).unwrap()], 3),
            Some(b'u') => ("\u{a0}".as_bytes().to_vec(), esc.find('}').unwrap() + 1),
            _ => (vec![b'\\'], 0),
        };
        out.extend_from_slice(&bytes);
        rest = &esc[used..];
    }
    out.extend_from_slice(rest.as_bytes());
    out
}
