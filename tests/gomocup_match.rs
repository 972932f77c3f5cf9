//! `tabula match` with Gomocup engines: `tabula gomocup` itself, and a scripted brain
//! (tests/fake_gomocup.sh) that drops commands, plays taken or off-board points, refuses,
//! crashes or overruns its turn on cue. Every game ends by the rules or by the failing
//! engine's loss, and no game hangs.

#[path = "common/matches.rs"]
mod matches;
#[path = "common/pipe.rs"]
mod pipe;

use matches::{Run, scratch};
use std::path::PathBuf;
use std::process::Command;

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

fn fake(mode: &str, after: u32) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fake_gomocup.sh");
    format!("bash '{script}' {mode} {after}")
}

/// A Gomoku match of `engine1` (a Gomocup engine) against a plain tabula, with `extra`
/// arguments; `log` collects what a fake brain reads.
fn run_match(test: &str, engine1: &str, extra: &[&str], log: Option<&PathBuf>) -> Run {
    run_with_options(test, engine1, &[], extra, log)
}

/// The same, with `opts` (`name=value`) as the Gomocup engine's options.
fn run_with_options(
    test: &str,
    engine1: &str,
    opts: &[&str],
    extra: &[&str],
    log: Option<&PathBuf>,
) -> Run {
    let save = scratch(&format!("{test}.games"));
    let mut args: Vec<String> = [
        "match",
        "--game",
        "gomoku",
        "--engine",
        engine1,
        "--gomocup",
    ]
    .iter()
    .chain(opts)
    .map(|s| s.to_string())
    .collect();
    args.extend(
        [
            "--engine",
            TABULA,
            "Threads=1",
            "Hash=1",
            "--seed",
            "5",
            "--save",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    args.push(save.display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    let mut cmd = Command::new(TABULA);
    cmd.args(&args);
    if let Some(log) = log {
        cmd.env("FAKE_LOG", log);
    }
    Run::of(&mut cmd, &save)
}

#[test]
fn tabula_gomocup_plays_whole_games_under_the_exact_rule() {
    let engine = format!("{TABULA} gomocup");
    let r = run_match(
        "tabula",
        &engine,
        &[
            "--depth",
            "2",
            "--games",
            "4",
            "--random-plies",
            "2",
            "--check-depth",
            "0",
            "--game-options",
            "Rule=exactfive",
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}{}", r.report, r.stderr);
    assert!(r.report.contains("Engine 1: tabula ["));
    assert_eq!(r.saved.len(), 4, "{}", r.report);
    assert!(r.reasons().iter().all(|&w| w == "rules"), "{:?}", r.saved);
    assert!(
        r.saved.iter().all(|l| matches::replay_is_over(
            "setoption name Rule value exactfive\ngame gomoku",
            l
        )),
        "{:?}",
        r.saved
    );
}

#[test]
fn a_brain_s_depth_comes_from_its_message_lines() {
    let engine = format!("{TABULA} gomocup");
    let limits: Vec<&str> = "--depth 3 --games 2 --random-plies 2 --check-depth 0"
        .split(' ')
        .collect();
    // With `show_detail` the brain writes `MESSAGE depth 3-...` before each move.
    let detailed = run_with_options("detail", &engine, &["show_detail=1"], &limits, None);
    assert_eq!(
        detailed.code,
        Some(0),
        "{}{}",
        detailed.report,
        detailed.stderr
    );
    assert!(
        detailed
            .report
            .contains("Median depth: engine 1 3, engine 2 3"),
        "{}",
        detailed.report
    );
    // Without, it says nothing of its depth.
    let quiet = run_match("quiet", &engine, &limits, None);
    assert!(
        quiet
            .report
            .contains("Median depth: engine 1 -, engine 2 3"),
        "{}",
        quiet.report
    );
}

#[test]
fn a_brain_that_drops_the_command_after_its_move_still_plays_every_game() {
    let log = scratch("lossy.log");
    let r = run_match(
        "lossy",
        &fake("lossy", 0),
        &["--depth", "1", "--games", "2"],
        Some(&log),
    );
    assert_eq!(r.reasons(), ["rules", "rules"], "{}", r.report);
    let read = std::fs::read_to_string(&log).unwrap();
    assert!(
        read.contains("ABOUT\nABOUT\n"),
        "the dropped ABOUT is sent again:\n{read}"
    );
}

#[test]
fn the_engine_is_told_the_board_the_rule_the_limits_and_its_options() {
    let log = scratch("told.log");
    let r = run_match(
        "told",
        &fake("normal", 0),
        &[
            "--movetime",
            "300",
            "--games",
            "2",
            "--game-options",
            "BoardSize=10,Rule=exactfive",
            "--openings",
        ],
        None,
    );
    // `--openings` lacks its file: refused before any engine starts.
    assert_eq!(r.code, Some(2));
    let openings = scratch("told.openings");
    std::fs::write(&openings, "E5 F5 E6\n").unwrap();
    let path = openings.display().to_string();
    let r = run_with_options(
        "told",
        &fake("normal", 0),
        &["max_memory=1000000", "thread_num=1"],
        &[
            "--movetime",
            "300",
            "--games",
            "2",
            "--game-options",
            "BoardSize=10,Rule=exactfive",
            "--openings",
            &path,
        ],
        Some(&log),
    );
    assert_eq!(r.code, Some(0), "{}", r.report);
    let read = std::fs::read_to_string(&log).unwrap();
    for line in [
        "START 10",
        "INFO rule 1",
        "INFO timeout_turn 300",
        "INFO timeout_match 0",
        "INFO max_memory 1000000",
        "INFO thread_num 1",
        "INFO time_left 2147483647",
    ] {
        assert!(read.lines().any(|l| l == line), "{line} missing:\n{read}");
    }
    // E5 F5 E6 on 10x10, y from the top: the brain moving second sees Black's stones as 2.
    assert!(
        read.contains("BOARD\n4,5,2\n5,5,1\n4,4,2\nDONE\n"),
        "{read}"
    );
    assert!(
        !read.contains("INFO max_memory 367001600"),
        "no default when the options give one"
    );
}

#[test]
fn bad_answers_lose_the_game() {
    for (mode, reason) in [
        ("illegal", "illegal move '"),
        ("offboard", "illegal move '99,99'"),
        ("error", "error reply 'ERROR cannot think'"),
        ("crash", "crash"),
        ("refuse", "setup failure: answered 'ERROR unsupported size'"),
    ] {
        let r = run_match(
            mode,
            &fake(mode, 1),
            &["--depth", "1", "--games", "2"],
            None,
        );
        assert_eq!(r.code, Some(0), "{mode}: {}", r.report);
        let reasons = r.reasons();
        assert_eq!(reasons.len(), 2, "{mode}: {}", r.report);
        assert!(
            reasons.iter().all(|w| w.starts_with(reason)),
            "{mode}: {reasons:?}"
        );
        assert_eq!(r.field("W/D/L"), "0/0/2 (engine 1)", "{mode}");
    }
}

#[test]
fn a_brain_over_its_turn_time_loses_on_time() {
    let r = run_match(
        "slow",
        &fake("slow", 1),
        &["--movetime", "200", "--games", "2", "--time-margin", "300"],
        None,
    );
    assert_eq!(
        r.reasons(),
        ["time forfeit", "time forfeit"],
        "{}",
        r.report
    );
}

/// Under renju the scripted brain, Black after the opening in the first game, plays the first
/// empty point A15 (0,0), which makes two fours (A15 B15 C15 D15 and A15 A14 A13 A12):
/// forbidden, so it loses as for any illegal move.
#[test]
fn a_forbidden_point_under_renju_loses_as_an_illegal_move() {
    let openings = scratch("renju_openings.txt");
    std::fs::write(&openings, "B15 H8 C15 J8 D15 L8 A14 H10 A13 J10 A12 L10\n").unwrap();
    let path = openings.display().to_string();
    let r = run_match(
        "renju_forbidden",
        &fake("normal", 0),
        &[
            "--depth",
            "1",
            "--games",
            "2",
            "--openings",
            &path,
            "--game-options",
            "Rule=renju",
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}{}", r.report, r.stderr);
    // As White in the second game, the same point is its to take.
    assert_eq!(r.reasons()[0], "illegal move 'A15'", "{}", r.report);
    assert_ne!(r.reasons()[1], "illegal move 'A15'", "{}", r.report);
}

/// An openings file in the Gomocup and c-gomoku-cli format: offsets from the centre, `y`
/// downwards, with `, ` or blanks between the points. Each opening is played from both sides.
#[test]
fn openings_in_the_gomocup_offset_format_are_read() {
    let openings = scratch("offset_openings.txt");
    std::fs::write(&openings, "0,0, 1,1, -1,2\n# a comment\n2,-3 -2,3\n").unwrap();
    let path = openings.display().to_string();
    let r = run_match(
        "offset_openings",
        &fake("normal", 0),
        &["--depth", "1", "--games", "4", "--openings", &path],
        None,
    );
    assert_eq!(r.code, Some(0), "{}{}", r.report, r.stderr);
    let starts: Vec<&str> = r
        .saved
        .iter()
        .map(|l| l.split("moves ").nth(1).unwrap_or(""))
        .collect();
    for (game, opening) in ["H8 I7 G6", "H8 I7 G6", "J11 F5", "J11 F5"]
        .iter()
        .enumerate()
    {
        assert!(starts[game].starts_with(opening), "{game}: {:?}", r.saved);
    }
}
