//! Runs every transcript folder under `tests/`: each `<name>.in` is piped into the built
//! binary (with the arguments in `<name>.args` if there is one, else in the folder's `args`
//! file), its stdout must equal `<name>.out` byte for byte, its exit status `<name>.code` and
//! its stderr `<name>.err` where those files exist (command-line errors go to stderr).
//! In `info` lines the clock's words, `time <ms>` and `nps <n>`, are not compared: a search
//! to a fixed depth on one thread is otherwise the same every run.
//! All failures are reported, each with a line diff, before the test fails.

use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A transcript that runs longer than this has hung.
const TIME_LIMIT: Duration = Duration::from_secs(20);

#[test]
fn every_transcript_folder_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut failures = Vec::new();
    let mut count = 0;
    for folder in sorted_entries(&root).into_iter().filter(|p| p.is_dir()) {
        let inputs: Vec<PathBuf> = sorted_entries(&folder)
            .into_iter()
            .filter(|p| has_extension(p, "in"))
            .collect();
        if inputs.is_empty() {
            continue;
        }
        let folder_args = fs::read_to_string(folder.join("args")).unwrap_or_default();
        for input in inputs {
            count += 1;
            let args = fs::read_to_string(input.with_extension("args"))
                .unwrap_or_else(|_| folder_args.clone());
            let args: Vec<&str> = args.split_whitespace().collect();
            if let Err(why) = check(&input, &args) {
                failures.push(format!(
                    "{}: {why}",
                    input.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(count > 0, "no transcripts found under {}", root.display());
    assert!(
        failures.is_empty(),
        "{} of {count} transcripts failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    entries
}

fn has_extension(path: &Path, ext: &str) -> bool {
    path.extension().is_some_and(|e| e == ext)
}

/// Runs one transcript; the error describes every way it went wrong.
fn check(input_path: &Path, args: &[&str]) -> Result<(), String> {
    let input = fs::read(input_path).map_err(|e| format!("cannot read the input: {e}"))?;
    let expected = fs::read(input_path.with_extension("out"))
        .map_err(|e| format!("cannot read the expected output: {e}"))?;
    let expected_code = match fs::read_to_string(input_path.with_extension("code")) {
        Ok(text) => Some(
            text.trim()
                .parse::<i32>()
                .map_err(|e| format!("bad .code file: {e}"))?,
        ),
        Err(_) => None,
    };
    let expected_err = fs::read(input_path.with_extension("err")).ok();

    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if expected_err.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .env_remove("RUST_LOG")
        .spawn()
        .map_err(|e| format!("cannot start the binary: {e}"))?;
    // Feed stdin from another thread: a program may answer before reading all of it, and
    // may stop reading early (a broken pipe is then expected, not an error).
    let mut stdin = child.stdin.take().unwrap();
    let feeder = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = thread::spawn(move || {
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut out).map(|_| out)
    });
    let errors = child.stderr.take().map(|mut stderr| {
        thread::spawn(move || {
            let mut out = Vec::new();
            std::io::Read::read_to_end(&mut stderr, &mut out).map(|_| out)
        })
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {TIME_LIMIT:?}; killed"));
        }
        thread::sleep(Duration::from_millis(2));
    };
    let _ = feeder.join();
    let got = reader
        .join()
        .unwrap()
        .map_err(|e| format!("reading stdout: {e}"))?;

    let (expected, got) = (untimed(&expected), untimed(&got));
    let mut problems = String::new();
    if got != expected {
        let _ = write!(
            problems,
            "stdout differs (- expected, + got):\n{}",
            diff(&expected, &got)
        );
    }
    if let (Some(expected), Some(errors)) = (expected_err, errors) {
        let got = errors
            .join()
            .unwrap()
            .map_err(|e| format!("reading stderr: {e}"))?;
        if got != expected {
            let _ = write!(
                problems,
                "stderr differs (- expected, + got):\n{}",
                diff(&expected, &got)
            );
        }
    }
    if let Some(code) = expected_code
        && status.code() != Some(code)
    {
        let _ = writeln!(problems, "exit status {status}, expected {code}");
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// `out` with the values of `time` and `nps` in its `info` lines written `_`.
fn untimed(out: &[u8]) -> Vec<u8> {
    let mut result = Vec::with_capacity(out.len());
    for line in out.split_inclusive(|&b| b == b'\n') {
        if !line.starts_with(b"info ") {
            result.extend_from_slice(line);
            continue;
        }
        let mut clock = false;
        for word in line.split_inclusive(|&b| b == b' ' || b == b'\n') {
            if clock {
                result.push(b'_');
                result.extend(word.last().filter(|&&b| b == b' ' || b == b'\n'));
            } else {
                result.extend_from_slice(word);
            }
            clock = word == b"time " || word == b"nps ";
        }
    }
    result
}

/// Lines past this many in a differing stretch are summarised, keeping the diff quadratic
/// work small.
const DIFF_LINES: usize = 1000;

/// A line diff of two outputs (longest common subsequence), with unchanged lines kept
/// only around the changes. Bytes that are not text are shown escaped.
fn diff(expected: &[u8], got: &[u8]) -> String {
    let a: Vec<&[u8]> = expected.split_inclusive(|&b| b == b'\n').collect();
    let b: Vec<&[u8]> = got.split_inclusive(|&b| b == b'\n').collect();
    let cut = |lines: &[&[u8]]| lines.len().min(DIFF_LINES);
    let (a_used, b_used) = (&a[..cut(&a)], &b[..cut(&b)]);
    let rows = edit_script(a_used, b_used);
    let mut out = String::new();
    let mut skipped = false;
    let near_change = |rows: &[(char, &[u8])], k: usize| {
        rows[k.saturating_sub(2)..(k + 3).min(rows.len())]
            .iter()
            .any(|(mark, _)| *mark != ' ')
    };
    for (k, (mark, line)) in rows.iter().enumerate() {
        if !near_change(&rows, k) {
            skipped = true;
            continue;
        }
        if skipped {
            out.push_str("  ...\n");
            skipped = false;
        }
        let _ = writeln!(out, "{mark} {}", show(line));
    }
    if a.len() > DIFF_LINES || b.len() > DIFF_LINES {
        let _ = writeln!(
            out,
            "  (only the first {DIFF_LINES} lines of each side compared)"
        );
    }
    out
}

/// The lines of `a` and `b` marked ' ' (in both), '-' (only in `a`) or '+' (only in `b`).
fn edit_script<'a>(a: &[&'a [u8]], b: &[&'a [u8]]) -> Vec<(char, &'a [u8])> {
    // lcs[i][j]: the common subsequence length of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut rows = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            rows.push((' ', a[i]));
            (i, j) = (i + 1, j + 1);
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            rows.push(('+', b[j]));
            j += 1;
        } else {
            rows.push(('-', a[i]));
            i += 1;
        }
    }
    rows
}

/// A line as readable text: a missing final newline and control bytes made visible,
/// very long lines shortened.
fn show(line: &[u8]) -> String {
    let (body, newline) = match line.strip_suffix(b"\n") {
        Some(body) => (body, ""),
        None => (line, "  (no newline at the end)"),
    };
    let mut text: String = body.escape_ascii().to_string();
    if text.len() > 200 {
        let cut = text.len() - 200;
        text.truncate(200);
        let _ = write!(text, "... ({cut} more bytes)");
    }
    text + newline
}
