//! The Chess14 transcripts: every `tests/chess14/<name>.in` is piped into `tabula` (run with the
//! arguments in `tests/chess14/args`, from the package folder, so the `.in` files can name
//! `tests/chess14/data/...`), and its stdout must equal `<name>.out` byte for byte.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn chess14_transcripts() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/chess14");
    let args = std::fs::read_to_string(folder.join("args")).expect("args file");
    let mut inputs: Vec<_> = std::fs::read_dir(&folder)
        .expect("tests/chess14")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty());
    for input in inputs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args.split_whitespace())
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tabula");
        let data = std::fs::read(&input).expect("read .in");
        let mut stdin = child.stdin.take().expect("stdin");
        // Written from another thread so a full stdout pipe cannot deadlock the test.
        let writer = std::thread::spawn(move || stdin.write_all(&data));
        let out = child.wait_with_output().expect("wait for tabula");
        writer.join().expect("writer").expect("write .in");
        let want = std::fs::read_to_string(input.with_extension("out")).expect("read .out");
        let got = String::from_utf8_lossy(&out.stdout);
        let line = want
            .lines()
            .zip(got.lines())
            .take_while(|(a, b)| a == b)
            .count()
            + 1;
        assert!(
            got == want,
            "{}: differs at line {line}: expected {:?}, got {:?}",
            input.display(),
            want.lines().nth(line - 1),
            got.lines().nth(line - 1)
        );
        assert_eq!(out.status.code(), Some(0), "{}", input.display());
    }
}
