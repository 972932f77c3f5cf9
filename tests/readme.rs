//! README.md's commands, run as written, and their output checked against the samples README
//! shows, so that the first minutes of a new user cannot drift from what the binary does.
//!
//! - Every ```sh block is a list of commands (a line ending in `\` goes on in the next one),
//!   run by `sh` in the repository's folder with the tested binary first on `PATH` (as after
//!   `cargo install --path .`); `cargo run --release -q --` and `cargo run --release -q` stand
//!   for that binary, which cargo would build from the same source.
//! - A ```text block right after a ```sh block is the output of its last command: each line
//!   must appear, in order, as a whole line of the output; `...` alone on a line stands for any
//!   number of lines, and `…` within a line for any text.
//! - A block preceded by `<!-- readme-test: not run (REASON) -->` is not run; the reason is
//!   required (the test run itself, a GUI, an engine from elsewhere).
//! - A command outside a block is refused: inline code that starts with `printf `, `cargo `
//!   (but the stand-in above) or `scripts/`, or holds a pipe, must be a command of a ```sh
//!   block, unless it is a name (one word) or a template (a word in capitals: `IN OUT`).

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longest a README command may take here.
const LIMIT: Duration = Duration::from_secs(120);

struct Block {
    line: usize,
    commands: Vec<String>,
    expected: Option<Vec<String>>,
    skipped: Option<String>,
}

fn blocks(readme: &str) -> Vec<Block> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut out: Vec<Block> = Vec::new();
    let mut i = 0;
    let mut skip: Option<String> = None;
    while i < lines.len() {
        let line = lines[i].trim_end();
        if let Some(rest) = line.strip_prefix("<!-- readme-test: not run (") {
            let reason = rest.strip_suffix(") -->").expect("a reason in parentheses");
            assert!(!reason.trim().is_empty(), "line {}: give the reason", i + 1);
            skip = Some(reason.to_string());
        } else if line == "```sh" || line == "```text" {
            let start = i + 1;
            let mut body = Vec::new();
            i += 1;
            while lines[i].trim_end() != "```" {
                body.push(lines[i].to_string());
                i += 1;
            }
            if line == "```sh" {
                let mut commands = Vec::new();
                let mut current = String::new();
                for l in body {
                    match l.strip_suffix('\\') {
                        Some(part) => current.push_str(part),
                        None => {
                            current.push_str(&l);
                            commands.push(std::mem::take(&mut current));
                        }
                    }
                }
                out.push(Block {
                    line: start,
                    commands,
                    expected: None,
                    skipped: skip.take(),
                });
            } else {
                let last = out.last_mut().filter(|b| b.expected.is_none());
                let block =
                    last.unwrap_or_else(|| panic!("line {start}: output without a command"));
                block.expected = Some(body);
            }
        } else if line.starts_with("```") && line.len() > 3 {
            panic!(
                "line {}: README's blocks are ```sh or ```text, not {line}",
                i + 1
            );
        }
        i += 1;
    }
    out
}

/// Inline code outside blocks that is a command, not a name.
fn inline_commands(readme: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        for (k, span) in line.split('`').enumerate() {
            let is_code = k % 2 == 1;
            let stand_in = span.starts_with("cargo run --release -q");
            // `scripts/transcripts FOLDER -- COMMAND` is a template, `scripts/fuzz` a name.
            let template = span.split_whitespace().count() < 2
                || span
                    .split_whitespace()
                    .any(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_uppercase() || c == '|'));
            let command = ["printf ", "cargo ", "scripts/"]
                .iter()
                .any(|p| span.starts_with(p) && !stand_in && !template)
                || span.contains(" | ");
            if is_code && command {
                found.push(span.to_string());
            }
        }
    }
    found
}

/// Whether `actual` holds the `expected` lines in order (`...` and `…` as the module says).
fn matches(expected: &[String], actual: &[&str]) -> Result<(), String> {
    let line_matches = |pattern: &str, line: &str| {
        let parts: Vec<&str> = pattern.split('…').collect();
        let mut rest = line;
        for (k, part) in parts.iter().enumerate() {
            if k == 0 {
                let Some(r) = rest.strip_prefix(part) else {
                    return false;
                };
                rest = r;
            } else if k == parts.len() - 1 {
                return rest.ends_with(part);
            } else {
                let Some(at) = rest.find(part) else {
                    return false;
                };
                rest = &rest[at + part.len()..];
            }
        }
        rest.is_empty()
    };
    let mut at = 0;
    let mut gap = false;
    for pattern in expected {
        if pattern == "..." {
            gap = true;
            continue;
        }
        loop {
            let Some(line) = actual.get(at) else {
                return Err(format!("no line like '{pattern}'"));
            };
            at += 1;
            if line_matches(pattern, line) {
                break;
            }
            if !gap {
                return Err(format!("'{line}' where '{pattern}' was expected"));
            }
        }
        gap = false;
    }
    if !gap && at < actual.len() {
        return Err(format!("more output than shown: '{}'", actual[at]));
    }
    Ok(())
}

fn run(command: &str, root: &Path) -> (String, Duration) {
    let bin = Path::new(env!("CARGO_BIN_EXE_tabula"));
    let command = command
        .replace("cargo run --release -q --", "tabula")
        .replace("cargo run --release -q", "tabula");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let start = Instant::now();
    let mut child = Command::new("sh")
        .args(["-c", &command])
        .current_dir(root)
        .env("PATH", path)
        .env("TABULA", bin)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sh");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let text = reader.join().unwrap().expect("utf-8 output");
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            assert!(status.success(), "`{command}` failed ({status}): {err}");
            return (text, start.elapsed());
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("`{command}` ran over {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn readme_commands_do_what_readme_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let blocks = blocks(&readme);
    let shown: Vec<&String> = blocks.iter().flat_map(|b| &b.commands).collect();
    let inline: Vec<String> = inline_commands(&readme)
        .into_iter()
        .filter(|c| !shown.contains(&c))
        .collect();
    assert!(
        inline.is_empty(),
        "commands outside a ```sh block are not tested: {inline:?}"
    );
    let run_blocks = blocks.iter().filter(|b| b.skipped.is_none()).count();
    assert!(run_blocks >= 10, "only {run_blocks} blocks run");
    for block in &blocks {
        if block.skipped.is_some() {
            continue;
        }
        for (k, command) in block.commands.iter().enumerate() {
            let (output, took) = run(command, root);
            eprintln!("README line {}: {took:.1?}: {command}", block.line);
            let last = k + 1 == block.commands.len();
            if let (true, Some(expected)) = (last, &block.expected) {
                let lines: Vec<&str> = output.lines().collect();
                if let Err(why) = matches(expected, &lines) {
                    panic!(
                        "README line {}: `{command}`: {why}\n--- output ---\n{output}",
                        block.line
                    );
                }
            }
        }
    }
}

#[test]
fn output_samples_match_as_documented() {
    let lines = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
    let actual = [
        "info depth 1 nodes 5",
        "info depth 2 nodes 9",
        "bestmove a1",
    ];
    assert!(matches(&lines("...\nbestmove a1"), &actual).is_ok());
    assert!(matches(&lines("info depth 1 …\n...\nbestmove …"), &actual).is_ok());
    assert!(matches(&lines("info depth 1 nodes …"), &actual).is_err());
    assert!(matches(&lines("bestmove a1"), &actual).is_err());
    assert!(matches(&lines("...\nbestmove b2"), &actual).is_err());
    assert!(matches(&lines("info … 9\n..."), &actual).is_err());
    assert!(matches(&lines("...\ninfo … 9\n..."), &actual).is_ok());
    let readme = "<!-- readme-test: not run (a GUI) -->\n```sh\nxboard \\\n  -fcp x\n```\n\
                  ```sh\nprintf 'x' | tabula\n```\n```text\nx\n```\nrun `printf 'x' | tabula`, not `cargo run --release -q` or `scripts/x IN`\n";
    let b = blocks(readme);
    assert_eq!(b.len(), 2);
    assert_eq!(b[0].commands, vec!["xboard   -fcp x".to_string()]);
    assert_eq!(b[0].skipped.as_deref(), Some("a GUI"));
    assert_eq!(b[1].expected, Some(vec!["x".to_string()]));
    assert_eq!(inline_commands(readme).len(), 1);
}
