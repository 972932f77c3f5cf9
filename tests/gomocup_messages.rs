//! `tabula gomocup` with `INFO show_detail 1`: a `MESSAGE` line per finished depth before the
//! move, with the depth, the score, the nodes and the line, whose first point is the move
//! played; without it, none.

use std::io::Write;
use std::process::{Command, Stdio};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

fn brain(input: &str) -> Vec<String> {
    let mut child = Command::new(TABULA)
        .arg("gomocup")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn show_detail_prints_each_depth_before_the_move() {
    let lines = brain("START 15\nINFO show_detail 1\nINFO max_depth 3\nBEGIN\nEND\n");
    // OK, then depths 1 to 3 as MESSAGE lines, then the point.
    assert_eq!(lines.len(), 5, "{lines:?}");
    for (depth, line) in lines[1..4].iter().enumerate() {
        let prefix = format!("MESSAGE depth {}-", depth + 1);
        assert!(line.starts_with(&prefix), "{line}");
        for word in [" score cp ", " nodes ", " nps ", " time ", " pv "] {
            assert!(line.contains(word), "{word} in {line}");
        }
    }
    let best_line = lines[3].split(" pv ").nth(1).unwrap();
    assert_eq!(best_line.split(' ').next(), Some(lines[4].as_str()));
}

#[test]
fn without_show_detail_the_brain_says_only_its_move() {
    let lines = brain("START 15\nINFO max_depth 3\nBEGIN\nEND\n");
    assert_eq!(lines, ["OK", "7,7"]);
}
