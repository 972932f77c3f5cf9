//! Every subcommand answers `--help` and `--version` with status 0, wherever the flag stands,
//! without reading its input; the completion scripts are valid shell.

use std::process::{Command, Output, Stdio};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        // A subcommand that waited for its input would hang here: stdin is held open.
        .stdin(Stdio::piped())
        .output()
        .expect("run tabula")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The subcommands `tabula --help` lists.
fn subcommands() -> Vec<String> {
    let out = tabula(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let overview = text(&out.stdout);
    let listed: Vec<String> = overview
        .lines()
        .skip_while(|l| *l != "commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect();
    assert!(listed.len() >= 10, "{overview}");
    listed
}

#[test]
fn every_subcommand_answers_help_and_version() {
    let version = format!("tabula {}\n", env!("CARGO_PKG_VERSION"));
    for top in [["--version"], ["-V"]] {
        assert_eq!(text(&tabula(&top).stdout), version);
    }
    for sub in subcommands() {
        for args in [
            vec![sub.as_str(), "--help"],
            vec![sub.as_str(), "-h"],
            // After other arguments, even bad ones: help comes first.
            vec![sub.as_str(), "sixes", "--bogus", "--help"],
        ] {
            let out = tabula(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            let usage = text(&out.stdout);
            assert!(usage.starts_with("usage: tabula"), "{args:?}: {usage}");
            assert!(out.stderr.is_empty(), "{args:?}");
        }
        let out = tabula(&[sub.as_str(), "--version"]);
        assert_eq!(out.status.code(), Some(0), "{sub}");
        assert_eq!(text(&out.stdout), version, "{sub}");
        // `help NAME` shows the same usage as `NAME --help`.
        assert_eq!(
            tabula(&["help", sub.as_str()]).stdout,
            tabula(&[sub.as_str(), "--help"]).stdout
        );
    }
}

#[test]
fn completion_scripts_name_every_subcommand_and_parse() {
    let subs = subcommands();
    for shell in ["bash", "zsh", "fish"] {
        let out = tabula(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = text(&out.stdout);
        for sub in &subs {
            assert!(script.contains(sub.as_str()), "{shell}: {sub}");
        }
        assert!(script.contains("movetime"), "{shell}: flags are completed");
    }
    // bash is on every machine this runs on; `-n` reads the script without running it.
    let bash = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let script = tabula(&["completions", "bash"]).stdout;
            child.stdin.take().unwrap().write_all(&script)?;
            child.wait()
        });
    assert!(bash.expect("run bash").success());
}

#[test]
fn a_copy_named_pbrain_is_a_gomocup_brain() {
    // Gomoku managers (piskvork, c-gomoku-cli, Yixin-Board) start `pbrain-*` programs bare.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let brain = dir.join("pbrain-tabula");
    let _ = std::fs::remove_file(&brain);
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_tabula"), &brain).unwrap();
    let mut child = Command::new(&brain)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"START 15\nBEGIN\nEND\n").unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "OK\n7,7\n");
}
