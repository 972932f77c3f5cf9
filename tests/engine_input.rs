//! Whatever arrives on stdin, the engine answers and never panics or loses its state.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(input: &[u8]) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabula");
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    // Write from another thread so a full stdout pipe cannot deadlock the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for tabula");
    writer.join().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// A small deterministic generator, so a failure can be reproduced.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

#[test]
fn random_bytes_never_panic_the_engine() {
    for seed in 1..=20 {
        let mut input = noise(seed, 20_000);
        input.extend_from_slice(b"\nisready\n");
        let (out, err, code) = run(&input);
        assert!(!err.contains("panicked"), "seed {seed}: {err}");
        assert_eq!(code, Some(0), "seed {seed}");
        assert!(out.ends_with("readyok\n"), "seed {seed}: {out}");
    }
}

#[test]
fn a_megabyte_line_gets_one_error_and_the_engine_goes_on() {
    let mut input = vec![b'x'; 1 << 20];
    input.extend_from_slice(b"\nisready");
    let (out, _, code) = run(&input);
    assert_eq!(
        out,
        "error line too long (1048576 bytes; the limit is 65536)\nreadyok\n"
    );
    assert_eq!(code, Some(0));
}

#[test]
fn invalid_utf8_is_an_error_line() {
    let (out, _, _) = run(b"\xff\xfe\nisready\n");
    assert_eq!(out, "error line is not valid UTF-8\nreadyok\n");
}

#[test]
fn quit_and_term_set_the_exit_status() {
    assert_eq!(
        run(b"quit\nisready\n"),
        (String::new(), String::new(), Some(0))
    );
    assert_eq!(
        run(b"term\nisready\n"),
        (String::new(), String::new(), Some(1))
    );
}
