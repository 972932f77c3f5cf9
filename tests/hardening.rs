//! Regressions of the hostile probes of issues 20 and 40 outside the engine protocol: endless
//! and binary answers to `play sixes`, a closed stdout, endless, unreadable and special files
//! (FIFOs, devices, folders) named as files.

#[path = "common/pipe.rs"]
mod pipe;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn devzero() -> Stdio {
    Stdio::from(std::fs::File::open("/dev/zero").unwrap())
}

/// `tabula ARGS` on `stdin`, which must end within `limit`: a process still running then is
/// killed and the test fails, so that a hang cannot hang the test.
fn ended_within(args: &[&str], stdin: Stdio, limit: Duration) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tabula {args:?} still ran after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// `input` as a child's stdin, from a file (a pipe written by a thread would need one more).
fn stdin_of(name: &str, input: &str) -> Stdio {
    let path = scratch(name);
    std::fs::write(&path, input).unwrap();
    Stdio::from(std::fs::File::open(path).unwrap())
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-hardening-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const LIMIT: Duration = Duration::from_secs(20);

#[test]
fn play_sixes_ends_an_endless_answer_with_its_refusal() {
    // Issue 20: a 1 GB allocation aborted the process (exit 134); then the endless line was
    // read without end (issue 40, fault 2). Now it is refused, and its end is the input's.
    let out = ended_within(&["play", "sixes", "--depth", "1"], devzero(), LIMIT);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains(r"not '\0\0\0"), "{text}");
    assert!(
        text.ends_with("End of input: the game is abandoned.\n"),
        "{text}"
    );
}

/// Every front-end that reads lines ends an endless one with its line-too-long reply and then
/// as at end of input; before, each read it for ever (issue 40, fault 2).
#[test]
fn every_line_reader_ends_an_endless_line() {
    for (args, code, reply) in [
        (vec![], 0, "error line too long ("),
        (vec!["mist"], 1, "Invalid!"),
        (vec!["gomocup"], 0, "ERROR line too long ("),
        (
            vec!["xboard"],
            0,
            "Error (line longer than 65536 bytes): \\0\\0",
        ),
    ] {
        let out = ended_within(&args, devzero(), LIMIT);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {text}");
        assert!(
            text.lines().any(|l| l.starts_with(reply)),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn tune_refuses_an_endless_file_and_one_it_cannot_read() {
    // Before: `tune /dev/zero` ran for ever at full CPU (fault 2); `tune /tmp` took the
    // folder's read error for an empty file and exited 0 (fault 3).
    for (file, what) in [("/dev/zero", "a device"), ("/tmp", "a folder")] {
        let out = ended_within(&["tune", file], Stdio::null(), LIMIT);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        let want = format!("tabula tune: {file}: cannot read it: not a regular file but {what}");
        assert_eq!(err.trim_end(), want);
    }
}

/// Before, every reader of a file named by a user opened a FIFO and waited for a writer for
/// ever, `quit` unread (issue 40, fault 5); `match --save` waited for a reader.
#[test]
fn a_fifo_named_as_a_file_is_refused_at_once_by_every_reader() {
    let fifo = scratch("fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let f = fifo.to_str().unwrap();
    for kind in ["layout", "config"] {
        let input = format!("game chess14\nposition {kind} {f}\nisready\nquit\n");
        let out = ended_within(&[], stdin_of("session.in", &input), LIMIT);
        let text = String::from_utf8_lossy(&out.stdout);
        let want = format!("error cannot read {kind} file '{f}': not a regular file but a FIFO");
        assert_eq!(text, format!("{want}\nreadyok\n"));
    }
    let out_file = scratch("out.txt");
    let tabula = env!("CARGO_BIN_EXE_tabula");
    let match_args = |flag: &'static str| {
        let mut args = vec!["match", "--game", "sixes", "--engine", tabula, "--engine"];
        args.extend([tabula, "--depth", "1", "--games", "2", flag, f]);
        args
    };
    for (args, code) in [
        (vec!["advance", "white", f, out_file.to_str().unwrap()], 1),
        (vec!["tune", f], 1),
        (match_args("--openings"), 2),
        (match_args("--save"), 1),
    ] {
        let out = ended_within(&args, Stdio::null(), LIMIT);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(
            err.contains("not a regular file but a FIFO"),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_file(&fifo).unwrap();
}

#[test]
fn play_sixes_refuses_a_binary_or_huge_answer_and_goes_on() {
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(vec![b'7'; 10 << 20]);
    input.extend_from_slice(b"\n");
    let out = pipe::output_of(&["play", "sixes", "--depth", "1"], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    // Before: exit 1 at the non-UTF-8 answer, and a 10 MB answer echoed whole.
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.len() < 10_000, "{} bytes of output", text.len());
    assert_eq!(text.matches("Please answer 1").count(), 2, "{text}");
    assert!(text.ends_with("End of input: the game is abandoned.\n"));
}

#[test]
fn play_sixes_ends_quietly_when_its_output_is_closed() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "sixes", "--depth", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"1\n10\n");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{:?}", out);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn engine_position_files_are_read_with_a_bound() {
    let big = scratch("big.txt");
    std::fs::write(&big, vec![b' '; (1 << 20) + 1]).unwrap();
    for kind in ["layout", "config"] {
        for (file, what) in [
            ("/dev/zero", "not a regular file but a device"),
            (big.to_str().unwrap(), "larger than the limit"),
        ] {
            let input = format!("game chess14\nposition {kind} {file}\nisready\n");
            let start = Instant::now();
            let out = pipe::output_of(&[], input.as_bytes());
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.starts_with("error cannot read"), "{kind}: {text}");
            assert!(text.contains(what), "{kind}: {text}");
            assert!(text.ends_with("readyok\n"), "{kind}: {text}");
            assert!(start.elapsed() < Duration::from_secs(10));
        }
    }
}

/// The largest value every front-end documents for a duration (u64 where it takes any number),
/// with a depth of 1 so that each move still comes at once: no sum wraps round to a short
/// deadline (issue 40, fault 4: `--movetime` + `--timeout`), none overflows.
#[test]
fn the_largest_durations_of_every_front_end_neither_wrap_nor_overflow() {
    const MAX: &str = "18446744073709551615";
    let engine = format!(
        "game sixes\ngo wtime {MAX} btime {MAX} winc {MAX} binc {MAX} movestogo 4294967295 depth 1\n\
         go movetime {MAX} depth 1\ngo p1time {MAX} p1inc {MAX} nodes {MAX} depth 1\nisready\n"
    );
    let gomocup = format!(
        "INFO timeout_turn {MAX}\nINFO timeout_match {MAX}\nINFO time_left {MAX}\n\
         INFO max_depth 1\nSTART 15\nBEGIN\nEND\n"
    );
    let xboard = |limit: &str| format!("xboard\nprotover 2\n{limit}\nsd 1\ngo\n");
    let (clock, st) = (
        // The lag after a move from the largest clock to none is the largest too.
        xboard(&format!(
            "level 0 999999999 999999999\ntime {MAX}\nsd 1\ngo\ntime 0\nusermove h13h12"
        )),
        xboard("st 999999999"),
    );
    for (args, input, want) in [
        (vec![], engine.as_str(), "bestmove"),
        (vec!["gomocup"], gomocup.as_str(), ","),
        (vec!["xboard"], clock.as_str(), "move "),
        (vec!["xboard"], st.as_str(), "move "),
    ] {
        let out = ended_within(&args, stdin_of("max.in", input), LIMIT);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {text}");
        assert!(!text.contains("rror"), "{args:?}: {text}");
        assert!(
            text.lines()
                .any(|l| l.starts_with(want) || l.contains(want)),
            "{args:?}: {text}"
        );
    }
    let tabula = env!("CARGO_BIN_EXE_tabula");
    for limits in [
        ["--movetime", "86400000", "--depth", "1"],
        ["--tc", "999999999+999999999", "--depth", "1"],
    ] {
        let mut args = vec![
            "match", "--game", "sixes", "--engine", tabula, "--engine", tabula,
        ];
        args.extend(limits);
        args.extend(["--timeout", "86400000", "--time-margin", "86400000"]);
        args.extend(["--games", "2", "--adjudicate-plies", "4", "--seed", "1"]);
        let out = ended_within(&args, Stdio::null(), LIMIT);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{limits:?}: {text}");
        assert!(text.contains("adjudication 2"), "{limits:?}: {text}");
    }
}
