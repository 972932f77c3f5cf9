//! `tabula tune --game gomoku`: a fit on saved games, and its weights written back as the
//! source of `src/games/gomoku/weights.rs`.

use std::process::Command;

const GAMES: &str = "tests/cli/data/gomoku_selfplay.games";

fn tune(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("tune")
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// A fit of 300 steps on every game, with `extra` arguments.
fn fit(extra: &[&str]) -> (i32, String) {
    let mut args = vec!["--game", "gomoku", "--steps", "300", "--holdout", "0"];
    args.extend(extra);
    args.push(GAMES);
    tune(&args)
}

/// The numbers of a text, in order: the tables' entries (and their types' sizes).
fn numbers(text: &str) -> Vec<i32> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter_map(|w| w.parse().ok())
        .collect()
}

fn weights_file_tables() -> Vec<i32> {
    let text = std::fs::read_to_string("src/games/gomoku/weights.rs").unwrap();
    let start = text.find("pub const OWN_LINES").unwrap();
    let end = text.find("/// By code").unwrap();
    let code: Vec<&str> = text[start..end]
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    numbers(&code.join("\n"))
}

#[test]
fn a_fit_with_every_weight_held_writes_back_the_tables_in_use() {
    let path = std::env::temp_dir().join(format!("tabula-tune-held-{}.rs", std::process::id()));
    let file = path.to_str().unwrap();
    let (code, out) = tune(&[
        "--game",
        "gomoku",
        "--min-seen",
        "1000000000",
        "--steps",
        "5",
        "--source",
        file,
        GAMES,
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("30 games, "), "{out}");
    assert!(out.contains("own-threats-100"), "{out}");
    assert!(out.contains("(held: seen too seldom)"), "{out}");
    assert!(out.ends_with(&format!("measured weights written to {file}\n")));
    let written = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(numbers(&written), weights_file_tables());
}

#[test]
fn a_fit_moves_the_weights_it_sees_and_lowers_the_error() {
    let path = std::env::temp_dir().join(format!("tabula-tune-fit-{}.rs", std::process::id()));
    let file = path.to_str().unwrap();
    let (code, out) = fit(&["--source", file]);
    assert_eq!(code, 0, "{out}");
    // `<games> games, <n> settled positions; logistic scale <k>; mean squared error <a> -> <b>`
    let line = out
        .lines()
        .find(|l| l.contains("settled positions"))
        .unwrap();
    let errors: Vec<f64> = line
        .rsplit("error ")
        .next()
        .unwrap()
        .split(" -> ")
        .map(|e| e.parse().unwrap())
        .collect();
    assert!(errors[1] < errors[0], "{line}");
    let written = numbers(&std::fs::read_to_string(&path).unwrap());
    std::fs::remove_file(&path).unwrap();
    let in_use = weights_file_tables();
    assert_eq!(written.len(), in_use.len());
    assert_ne!(written, in_use);
    // The fours' weights, which no settled position shows, stay (ENEMY_LINES' last two).
    let four = in_use.iter().position(|&v| v == -1000).unwrap();
    assert_eq!(written[four - 1..=four], in_use[four - 1..=four]);
}

#[test]
fn held_weights_stay_where_they_are_and_the_others_move() {
    let (code, out) = fit(&["--hold", "own-line-*,enemy-threats-000"]);
    assert_eq!(code, 0, "{out}");
    // `<name>  <value>  <measured>  <positions>[ (held: ...)]`
    let row = |name: &str| {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no {name} in {out}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let (value, measured): (f64, f64) = (words[1].parse().unwrap(), words[2].parse().unwrap());
        (value, measured, line.ends_with("(held: --hold)"))
    };
    for name in ["own-line-otwo", "enemy-threats-000"] {
        let (value, measured, held) = row(name);
        assert!(held && value == measured, "{name}: {value} {measured}");
    }
    let (value, measured, held) = row("enemy-line-otwo");
    assert!(!held && value != measured, "{value} {measured}");
}
