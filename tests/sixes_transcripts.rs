//! The Sixes transcripts: every `tests/sixes*/<name>.in` is piped into the binary, run with the
//! arguments in the folder's `args` file, and its stdout must equal `<name>.out` byte for byte
//! (and its exit status `<name>.code`, 0 when absent).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &[u8]) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tabula");
    let mut stdin = child.stdin.take().expect("stdin");
    let data = input.to_vec();
    // Write from another thread so a full stdout pipe cannot deadlock the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for tabula");
    writer.join().expect("writer");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (text, out.status.code().unwrap_or(-1))
}

/// The first differing line, for a readable failure.
fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<_>, Vec<_>) = (want.lines().collect(), got.lines().collect());
    let n = w.iter().zip(&g).take_while(|(a, b)| a == b).count();
    format!(
        "line {}: expected {:?}, got {:?}",
        n + 1,
        w.get(n).unwrap_or(&"<end>"),
        g.get(n).unwrap_or(&"<end>")
    )
}

#[test]
fn sixes_transcripts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut folders: Vec<_> = std::fs::read_dir(&root)
        .expect("tests/")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.is_dir()
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("sixes"))
        })
        .collect();
    folders.sort();
    let (mut checked, mut failures) = (0, Vec::new());
    for folder in folders {
        let args = std::fs::read_to_string(folder.join("args")).expect("args file");
        let args: Vec<&str> = args.split_whitespace().collect();
        let mut inputs: Vec<_> = std::fs::read_dir(&folder)
            .expect("folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
            let want = std::fs::read_to_string(input.with_extension("out")).expect(".out file");
            let code = std::fs::read_to_string(input.with_extension("code"))
                .map_or(0, |c| c.trim().parse().expect("a number in .code"));
            let (got, got_code) = run(&args, &std::fs::read(&input).expect(".in file"));
            checked += 1;
            if got != want {
                failures.push(format!(
                    "{}: {}",
                    input.display(),
                    first_difference(&want, &got)
                ));
            } else if got_code != code {
                failures.push(format!(
                    "{}: exit {got_code}, expected {code}",
                    input.display()
                ));
            }
        }
    }
    assert!(checked >= 17, "only {checked} transcripts found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
