//! `tabula match` against a scripted engine (tests/fake_engine.sh) that crashes, hangs, plays
//! illegal moves or answers errors on cue: each failure costs the failing engine that game, the
//! match goes on, and no engine process outlives the referee.

#[path = "common/matches.rs"]
mod matches;
#[path = "common/pipe.rs"]
mod pipe;

use matches::{Run, column, scratch};
use std::process::Command;

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// The scripted engine's command line in `mode`, misbehaving after `after` answered moves
/// (in mode `score`, `after` is its score).
fn fake(mode: &str, after: i32) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fake_engine.sh");
    format!("bash '{script}' '{TABULA}' {mode} {after}")
}

/// Plies in a save line's position.
fn plies(line: &str) -> usize {
    column(line, 5).split(' ').skip(3).count()
}

/// Runs a Sixes match of `engine1` against a plain tabula at depth 1, with `extra` arguments.
fn run_match(test: &str, engine1: &str, extra: &[&str]) -> Run {
    let save = scratch(&format!("{test}.games"));
    let mut args: Vec<String> = [
        "match",
        "--game",
        "sixes",
        "--engine",
        engine1,
        "--engine-options",
        "Threads=1,Hash=1",
        "--engine",
        TABULA,
        "Threads=1",
        "Hash=1",
        "--adjudicate-plies",
        "16",
        "--seed",
        "7",
        "--save",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.push(save.display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    if !extra.iter().any(|a| ["--tc", "--movetime"].contains(a)) {
        args.extend(["--depth".to_string(), "1".to_string()]);
    }
    Run::of(Command::new(TABULA).args(&args), &save)
}

#[test]
fn a_crashing_engine_loses_each_game_and_is_restarted() {
    let r = run_match("crash", &fake("crash", 2), &["--games", "4"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.field("W/D/L"), "0/0/4 (engine 1)");
    assert_eq!(r.field("Endings"), "crash 4");
    assert_eq!(r.reasons(), ["crash"; 4]);
    // A fresh process every game answers two moves, then dies asked for its third: four plies
    // when it moves first, five when it moves second.
    let counts: Vec<usize> = r.saved.iter().map(|l| plies(l)).collect();
    assert_eq!(counts, [4, 5, 4, 5]);
    assert_eq!(column(&r.saved[0], 1), "engine 1");
    assert_eq!(column(&r.saved[1], 1), "engine 2");
    assert_eq!(column(&r.saved[0], 3), "p2win");
    assert_eq!(column(&r.saved[1], 3), "p1win");
}

/// Whether process `pid` still exists (a zombie counts: nobody reaped it).
fn alive(pid: &str) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
}

/// Whether process `pid` still runs. A killed orphan is a zombie until init reaps it, which
/// is not the referee's to do, so a zombie does not count.
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let (_, after_name) = stat.rsplit_once(')')?;
            after_name
                .split_whitespace()
                .next()
                .map(|state| state != "Z")
        })
        .unwrap_or(false)
}

#[test]
fn a_hanging_engine_loses_is_killed_and_restarted() {
    let pids = scratch("hang.pids");
    let engine = format!("env FAKE_PIDS='{}' {}", pids.display(), fake("hang", 1));
    // The timeout leaves room for the real engine's start on a loaded machine.
    let r = run_match("hang", &engine, &["--games", "4", "--timeout", "1500"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.field("W/D/L"), "0/0/4 (engine 1)");
    assert_eq!(r.reasons(), ["hang"; 4]);
    let started = std::fs::read_to_string(&pids).unwrap();
    let started: Vec<&str> = started.split_whitespace().collect();
    // One process for the start-up check, then a new one for each game after a hang.
    assert_eq!(started.len(), 5, "{started:?}");
    for pid in started {
        assert!(!alive(pid), "engine process {pid} outlived the match");
    }
}

#[test]
fn an_engine_flooding_info_lines_still_hangs() {
    let r = run_match(
        "flood",
        &fake("flood", 1),
        &["--games", "2", "--timeout", "1500"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.reasons(), ["hang"; 2]);
}

#[test]
fn an_engine_closing_its_pipe_mid_line_crashes() {
    let r = run_match("partial", &fake("partial", 1), &["--games", "2"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.reasons(), ["crash"; 2]);
}

#[test]
fn an_engine_writing_one_endless_line_hangs() {
    let r = run_match(
        "longline",
        &fake("longline", 1),
        &["--games", "2", "--timeout", "1500"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.reasons(), ["hang"; 2]);
}

#[test]
fn an_engine_out_of_time_loses_on_time() {
    let r = run_match("time", &fake("hang", 1), &["--games", "2", "--tc", "0.3"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.field("W/D/L"), "0/0/2 (engine 1)");
    assert_eq!(r.reasons(), ["time forfeit"; 2]);
    // Engine 1 answered its first move of each game (a depth-1 search is quick), then hung.
    assert!(r.field("Time per move").starts_with("engine 1 "));
}

#[test]
fn illegal_empty_and_error_answers_lose() {
    // The engine answers one move well, then badly. After an illegal move it keeps running
    // (its count goes on, so it fails at once in game 2); after an error reply it may have
    // lost track of the game and is restarted (game 2 again sees one good move).
    for (mode, reason, counts) in [
        ("illegal", "illegal move 'zz99'", [2, 1]),
        ("empty", "illegal move ''", [2, 1]),
        ("error", "error reply 'error cannot search'", [2, 3]),
    ] {
        let r = run_match(mode, &fake(mode, 1), &["--games", "2"]);
        assert_eq!(r.code, Some(0), "{mode}: {}", r.stderr);
        assert_eq!(r.field("W/D/L"), "0/0/2 (engine 1)", "{mode}");
        assert_eq!(r.reasons(), [reason; 2], "{mode}");
        let plies: Vec<usize> = r.saved.iter().map(|l| plies(l)).collect();
        assert_eq!(plies, counts, "{mode}");
    }
}

/// An engine's control bytes (ESC, BEL, NUL) are escaped in the report, the save file and on
/// stderr, as every echo of outside input is; before, they were written raw (issue 40,
/// fault 7).
#[test]
fn control_bytes_from_an_engine_are_escaped_in_the_report_and_the_save_file() {
    for (mode, reason) in [
        ("controls", r"error reply 'error bad\x1b[31m\x07\0byte'"),
        ("illegalcontrols", r"illegal move 'a1\x1b[2J\0'"),
    ] {
        let r = run_match(mode, &fake(mode, 1), &["--games", "2"]);
        assert_eq!(r.code, Some(0), "{mode}: {}", r.stderr);
        assert_eq!(r.reasons(), [reason; 2], "{mode}");
        let raw = |text: &str| {
            text.chars()
                .any(|c| c.is_control() && c != '\n' && c != '\t')
        };
        assert!(!raw(&r.report) && !raw(&r.stderr), "{mode}: {}", r.report);
        assert!(!r.saved.iter().any(|l| raw(l)), "{mode}: {:?}", r.saved);
    }
}

#[test]
fn normal_games_run_concurrently_and_replay_from_the_save_file() {
    let r = run_match(
        "normal",
        &fake("normal", 0),
        &["--games", "6", "--concurrency", "2", "--random-plies", "2"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let mut numbers: Vec<usize> = r
        .saved
        .iter()
        .map(|l| column(l, 0).parse().unwrap())
        .collect();
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    assert!(r.field("Match").contains("6 of 6 games"));
    let times = r.field("Time per move");
    assert!(
        times.starts_with("engine 1 ") && times.ends_with(" ms"),
        "{times}"
    );
    assert_eq!(
        r.field("Pentanomial")
            .split(' ')
            .map(|n| n.parse::<u32>().unwrap())
            .sum::<u32>(),
        3
    );
    for line in &r.saved {
        match column(line, 4) {
            "rules" => assert!(matches::replay_is_over("game sixes", line), "{line}"),
            "adjudication" => {
                assert_eq!(plies(line), 16, "{line}");
                assert!(!matches::replay_is_over("game sixes", line), "{line}");
            }
            other => panic!("unexpected ending '{other}' in {line}"),
        }
    }
    // The two games of a pair share their opening, with the colours swapped.
    for pair in r.saved.chunks(2).filter(|c| c.len() == 2) {
        let by_number = |n: usize| {
            r.saved
                .iter()
                .find(|l| column(l, 0) == n.to_string())
                .unwrap()
        };
        let first: usize = column(&pair[0], 0).parse().unwrap();
        let (a, b) = if first % 2 == 1 {
            (by_number(first), by_number(first + 1))
        } else {
            (by_number(first - 1), by_number(first))
        };
        let opening = |l: &str| {
            column(l, 5)
                .split(' ')
                .take(5)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(opening(a), opening(b));
        assert_eq!(column(a, 1), column(b, 2));
    }
}

/// Sixes between the scripted engines `one` and `two` at depth 1, with `extra` arguments.
fn scripted_pair(test: &str, one: &str, two: &str, extra: &[&str]) -> Run {
    let save = scratch(&format!("{test}.games"));
    let mut cmd = Command::new(TABULA);
    cmd.args(["match", "--game", "sixes", "--engine", one, "--engine", two])
        .args(["--depth", "1", "--games", "4", "--seed", "7"])
        .args(["--adjudicate-plies", "40", "--save"])
        .arg(&save)
        .args(extra);
    Run::of(&mut cmd, &save)
}

#[test]
fn a_game_is_called_won_when_both_engines_agree_for_long_enough() {
    let (confident, despairing) = (fake("score", 900), &fake("score", -900));
    let run = scripted_pair(
        "agree",
        &confident,
        despairing,
        &["--adjudicate-win", "500/3"],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.reasons(), ["score adjudication"; 4], "{}", run.report);
    assert!(
        run.report.contains("Endings: score adjudication 4"),
        "{}",
        run.report
    );
    for game in &run.saved {
        // Engine 1 won every game, with either colour, once each side had moved three times.
        let winner = if column(game, 1) == "engine 1" {
            "p1win"
        } else {
            "p2win"
        };
        assert_eq!(column(game, 3), winner, "{game}");
        assert_eq!(plies(game), 6, "{game}");
    }

    // Short of the margin, or with both engines confident, no game is called.
    for (rule, two) in [("901", despairing.as_str()), ("500/3", &fake("score", 900))] {
        let run = scripted_pair("disagree", &confident, two, &["--adjudicate-win", rule]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert!(
            !run.reasons().contains(&"score adjudication"),
            "{rule}: {}",
            run.report
        );
    }
}

#[test]
fn sprt_stops_the_match_when_a_bound_is_crossed() {
    let r = run_match(
        "sprt",
        &fake("illegal", 0),
        &["--games", "200", "--sprt", "elo0=0", "elo1=50"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.field("SPRT").ends_with("H0 accepted"), "{}", r.report);
    // Every pair is lost twice; the likeliest distributions with mean scores 1/2 and
    // score_of(50) put those masses on the bin of two wins, so a pair moves the LLR by
    // ln((1 - 0.5715) / 0.5) = -0.154, and the lower bound ln(0.05/0.95) = -2.944 falls at the
    // 20th pair; games finished later are not counted.
    assert_eq!(r.field("Pentanomial"), "20 0 0 0 0");
    assert_eq!(r.saved.len(), 40);
}

#[test]
fn openings_from_a_file_are_played_in_order_with_colours_swapped_over_ugi() {
    let file = scratch("openings.txt");
    std::fs::write(&file, "# two openings\na1a3 a5a4\n\nb1b3\n").unwrap();
    let path = file.display().to_string();
    let args = ["--games", "6", "--openings", &path, "--ugi"];
    let r = run_match("openings", TABULA, &args);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let starts: Vec<&str> = r.saved.iter().map(|l| column(l, 5)).collect();
    for (i, opening) in [
        "a1a3 a5a4",
        "a1a3 a5a4",
        "b1b3",
        "b1b3",
        "a1a3 a5a4",
        "a1a3 a5a4",
    ]
    .iter()
    .enumerate()
    {
        let prefix = format!("position startpos moves {opening} ");
        assert!(
            starts[i].starts_with(&prefix),
            "game {}: {}",
            i + 1,
            starts[i]
        );
    }
    std::fs::write(&file, "a1a3\na1a3 a1a3\n").unwrap();
    let r = run_match("bad-openings", TABULA, &["--openings", &path]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("line 2"), "{}", r.stderr);
}

#[test]
fn an_endless_openings_file_is_refused_not_read_whole() {
    let r = run_match("zero-openings", TABULA, &["--openings", "/dev/zero"]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("not a regular file but a device"),
        "{}",
        r.stderr
    );
    assert!(r.report.is_empty());
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_it_begins() {
    let r = run_match("nostart", "/nonexistent/engine", &[]);
    assert_eq!(r.code, Some(1));
    assert!(r.stderr.contains("engine 1"), "{}", r.stderr);
    assert!(r.report.is_empty());
    let r = run_match("badargs", TABULA, &["--games", "3"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("even"), "{}", r.stderr);
}

/// `orphan`: the child stays in the engine's process group. `setsid`: it leaves it, so the
/// group kill cannot reach it; before the referee became the reaper of its engines' orphans
/// it outlived the match and held the referee's stderr open (issue 40, fault 9), so that
/// this test waited for its 600 s.
#[test]
fn an_engine_that_exits_leaving_a_child_on_its_output_crashes_and_the_child_ends() {
    for mode in ["orphan", "setsid"] {
        let orphans = scratch(&format!("{mode}.pids"));
        let engine = format!("env FAKE_ORPHANS='{}' {}", orphans.display(), fake(mode, 1));
        // Before: the open output hid the exit, so each game waited for the timeout and was
        // scored a hang, and the `sleep` children outlived the match.
        let start = std::time::Instant::now();
        let r = run_match(mode, &engine, &["--games", "2", "--timeout", "20000"]);
        assert_eq!(r.code, Some(0), "{mode}: {}", r.stderr);
        assert_eq!(r.reasons(), ["crash"; 2], "{mode}");
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "{mode}"
        );
        let left = std::fs::read_to_string(&orphans).unwrap();
        assert!(!left.trim().is_empty(), "{mode}: no child was started");
        // SIGKILL is delivered asynchronously: on a loaded machine the child may take a
        // moment to die after the match returns, so allow it a few seconds, not forever.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        for pid in left.split_whitespace() {
            while running(pid) && std::time::Instant::now() < deadline {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            assert!(
                !running(pid),
                "{mode}: the engine's child {pid} outlived the match"
            );
        }
    }
}

#[test]
fn the_time_margin_is_granted_once_per_game() {
    // 0.3 s a move on a 0.5 s clock: the 0.4 s margin covers one or two moves past the
    // clock, not every move (before, it was granted afresh on each).
    let r = run_match(
        "margin",
        &fake("slow", 0),
        &["--games", "2", "--tc", "0.5", "--time-margin", "400"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.reasons(), ["time forfeit"; 2]);
}
