//! Regressions of the hostile probe of issue 20 outside the engine protocol: endless and
//! binary answers to `play sixes`, a closed stdout, endless position files.

#[path = "common/pipe.rs"]
mod pipe;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn devzero() -> Stdio {
    Stdio::from(std::fs::File::open("/dev/zero").unwrap())
}

#[test]
fn play_sixes_reads_an_endless_answer_in_bounded_memory() {
    // Before: a 1 GB allocation aborted the process (exit 134). Now the endless line is read
    // to no end in a bounded buffer, so the child is killed by the limit... unless it answers:
    // it must still be alive and small after a second.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "sixes", "--depth", "1"])
        .stdin(devzero())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let status = child.try_wait().unwrap();
    let rss_kib = std::fs::read_to_string(format!("/proc/{}/status", child.id()))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().strip_suffix("kB")?.trim().parse::<u64>().ok())
        });
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(status, None, "tabula play ended on an endless line");
    if let Some(kib) = rss_kib {
        assert!(kib < 200_000, "{kib} kB resident");
    }
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
    for kind in ["layout", "config"] {
        let input = format!("game chess14\nposition {kind} /dev/zero\nisready\n");
        let start = Instant::now();
        let out = pipe::output_of(&[], input.as_bytes());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with("error cannot read"), "{kind}: {text}");
        assert!(text.contains("larger than the limit"), "{kind}: {text}");
        assert!(text.ends_with("readyok\n"), "{kind}: {text}");
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}
