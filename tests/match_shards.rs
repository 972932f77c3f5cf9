//! `tabula match --shard K/N --results FILE` and `tabula match merge`: a deterministic match
//! (fixed depth, one thread) split into 1, 2 or 4 shards adds up to exactly the unsharded run,
//! and a shard that is missing or died is reported, never silently counted.

use std::path::PathBuf;
use std::process::Command;

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// Runs the match (shard `k` of `n`, or whole), its results into `file`; returns the report.
fn play(shard: Option<(usize, usize)>, file: &str) -> String {
    let results = scratch(file);
    let mut args: Vec<String> = [
        "match",
        "--game",
        "advance",
        "--engine",
        TABULA,
        "Threads=1",
        "Hash=1",
        "--engine",
        TABULA,
        "Threads=1",
        "Hash=1",
        "Level=max",
        "--depth",
        "2",
        "--games",
        "8",
        "--random-plies",
        "6",
        "--seed",
        "11",
        "--results",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.push(results.display().to_string());
    if let Some((k, n)) = shard {
        args.extend(["--shard".to_string(), format!("{k}/{n}")]);
    }
    let out = Command::new(TABULA).args(&args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn merge(files: &[String]) -> (Option<i32>, String, String) {
    let out = Command::new(TABULA)
        .args(["match", "merge"])
        .args(files)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The report's lines that count games (timings differ from run to run).
fn counts(report: &str) -> Vec<&str> {
    let keys = [
        "W/D/L",
        "Score",
        "Elo",
        "LOS",
        "Pentanomial",
        "Endings",
        "Median depth",
    ];
    report
        .lines()
        .filter(|l| keys.iter().any(|k| l.starts_with(&format!("{k}:"))))
        .collect()
}

#[test]
fn shards_merged_give_the_counts_of_the_whole_run() {
    let whole = play(None, "whole.jsonl");
    assert!(whole.contains("8 of 8 games"), "{whole}");
    let (code, one, _) = merge(&[scratch_name("whole.jsonl")]);
    assert_eq!(code, Some(0));
    assert_eq!(counts(&one), counts(&whole));
    for n in [2, 4] {
        let files: Vec<String> = (1..=n)
            .map(|k| {
                let file = format!("shard-{k}-of-{n}.jsonl");
                let report = play(Some((k, n)), &file);
                assert!(
                    report.contains(&format!("Shards: shard {k}/{n}")),
                    "{report}"
                );
                scratch_name(&file)
            })
            .collect();
        let (code, merged, err) = merge(&files);
        assert_eq!(code, Some(0), "{err}");
        assert!(
            merged.contains(&format!("Shards: {n} of {n}, all complete")),
            "{merged}"
        );
        assert!(merged.contains("8 of 8 games"), "{merged}");
        assert_eq!(counts(&merged), counts(&whole), "{n} shards");
    }
    // A shard missing, and one that died after its first pair: said, and the status is 1.
    let (code, merged, _) = merge(&[scratch_name("shard-1-of-2.jsonl")]);
    assert_eq!(code, Some(1));
    assert!(merged.contains("shard 2/2 missing"), "{merged}");
    let died = scratch("died.jsonl");
    let text = std::fs::read_to_string(scratch_name("shard-2-of-2.jsonl")).unwrap();
    std::fs::write(&died, text.lines().take(2).collect::<Vec<_>>().join("\n")).unwrap();
    let (code, merged, _) = merge(&[
        scratch_name("shard-1-of-2.jsonl"),
        died.display().to_string(),
    ]);
    assert_eq!(code, Some(1));
    assert!(
        merged.contains("shard 2/2 incomplete (1 of 2 pairs, no end line: cancelled or died)"),
        "{merged}"
    );
    // The same shard twice, or shards of another match, are refused.
    let (code, _, err) = merge(&[
        scratch_name("shard-1-of-2.jsonl"),
        scratch_name("shard-1-of-2.jsonl"),
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is given twice"), "{err}");
    let (code, _, err) = merge(&[
        scratch_name("shard-1-of-2.jsonl"),
        scratch_name("shard-2-of-4.jsonl"),
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("of a match split in 2"), "{err}");
}

/// A file in this test process's scratch folder.
fn scratch(file: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(file)
}

fn scratch_name(file: &str) -> String {
    scratch(file).display().to_string()
}

#[test]
fn a_shard_needs_a_seed() {
    let out = Command::new(TABULA)
        .args([
            "match", "--game", "sixes", "--engine", "a", "--engine", "b", "--depth", "1",
            "--shard", "1/2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--shard needs --seed"), "{err}");
}
