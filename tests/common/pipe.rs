//! Runs tabula once on a given input, as a shell pipe does. Included by the tests that need it
//! (`#[path]`); tests/common/matches.rs uses it as `crate::pipe`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `tabula ARGS` with `input` on stdin (written from another thread, so that a full stdout
/// pipe cannot deadlock the test), to its end.
pub fn output_of(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabula");
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for tabula");
    writer.join().unwrap();
    out
}
