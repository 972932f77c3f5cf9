//! `tabula bench`: the depth each position reaches in a given time, and the node counts at the
//! bench depth that a refactoring must not change.

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
    // Every position gets its time: once, a search that ended by its deadline left the
    // player's stop flag up, and each later position stopped at depth 1.
    for line in text.lines().filter(|l| !l.contains("total")) {
        let depth: u32 = line.split(' ').nth(3).unwrap().parse().unwrap();
        assert!(depth >= 2, "{text}");
    }
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

/// Each bench position's node count at the bench depth on one thread, as of the last change
/// that was meant to change the search. A refactoring must leave every count as it is; a
/// change to the search or an evaluation updates this table in the same commit, and the commit
/// (and docs/journal/) says why the tree changed.
const SIGNATURES: &[(&str, u64)] = &[
    ("advance 1", 10630),
    ("advance 2", 36458),
    ("advance 3", 37156),
    ("sixes 1", 19063),
    ("sixes 2", 7099),
    ("chess14 1", 4881),
    ("chess14 2", 3571),
    ("gomoku 1", 3412),
    ("gomoku 2", 1025),
    ("mist 1", 2518),
];

#[test]
fn bench_signatures_are_unchanged() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("bench")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // `advance 1 depth 8 nodes 14948 time 17 nps 879294`
    let found: Vec<(String, u64)> = text
        .lines()
        .filter(|l| !l.contains(" total ") && !l.starts_with("total "))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            assert_eq!((w[2], w[4]), ("depth", "nodes"), "{l}");
            (format!("{} {}", w[0], w[1]), w[5].parse().unwrap())
        })
        .collect();
    let expected: Vec<(String, u64)> = SIGNATURES
        .iter()
        .map(|&(p, n)| (p.to_string(), n))
        .collect();
    assert_eq!(found, expected, "{text}");
}
