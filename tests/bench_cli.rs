//! `tabula bench --movetime`: the depth each bench position reaches in a given time.

use std::process::Command;

#[test]
fn bench_by_time_reports_the_depth_reached() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["bench", "--game", "sixes", "--movetime", "50"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let first: Vec<&str> = text.lines().next().unwrap().split(' ').collect();
    assert_eq!(&first[..3], ["sixes", "1", "depth"], "{text}");
    assert!(first[3].parse::<u32>().unwrap() >= 1, "{text}");
    assert!(text.lines().last().unwrap().starts_with("total threads 1 "));
}

#[test]
fn bench_takes_a_depth_or_a_time_not_both() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["bench", "--depth", "3", "--movetime", "10"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--depth and --movetime exclude each other"),
        "{err}"
    );
}
