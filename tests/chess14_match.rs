//! Chess14: the searching player against the source-guidelines level, on real clocks.
//!
//! Slow, so ignored by default; run it with
//! `cargo test --release --test chess14_match -- --ignored --nocapture`.
//! Settings from the environment: `CHESS14_GAMES` (default 100), `CHESS14_BASE_MS` (the
//! player's starting clock, default 1000), `CHESS14_INC_MS` (its increment, default 100),
//! `CHESS14_THREADS` (default 1), `CHESS14_OVERHEAD_MS` (the time kept back from every
//! deadline, as the engine's `MoveOverhead`; default 30), `CHESS14_NODES` (if set, the player searches this many nodes
//! per move instead of managing its clock: a measure of strength that does not depend on how
//! busy the machine is; the clock is then not kept), `CHESS14_MAX_PLIES` (a game still going after this many
//! plies is adjudicated a draw; default 600), `CHESS14_FIRST` (the first game's number, to
//! replay one game; default 0). Colours alternate; the guidelines level's random
//! choices are seeded by the game number. The player's clock is kept exactly as a GUI would:
//! the time its search takes is subtracted, then the increment added; running out loses.
//! The test asserts no loss on time and at least 95% of the points.

mod common;
use common::env;

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;
use tabula::game::{Hosted, Options, Outcome, Rules, Scripted, Side, result};
use tabula::games::chess14::Chess14;
use tabula::search::limits::Limits;
use tabula::search::tt::Table;
use tabula::search::{Memory, Request, search};

#[test]
#[ignore = "a long match; run it in release with --ignored --nocapture"]
fn player_beats_the_guidelines_level_and_never_flags() {
    let games = env("CHESS14_GAMES", 100);
    let base = env("CHESS14_BASE_MS", 1000);
    let inc = env("CHESS14_INC_MS", 100);
    let threads = env("CHESS14_THREADS", 1) as usize;
    let overhead_ms = env("CHESS14_OVERHEAD_MS", 30);
    let max_plies = env("CHESS14_MAX_PLIES", 600);
    let nodes = std::env::var("CHESS14_NODES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok());
    let mut guidelines = Options::default();
    guidelines.set("Level", "guidelines".to_string());
    let pool = tabula::search::player::thread_pool(threads).unwrap();
    let table = Table::new(32).unwrap();
    let stop = AtomicBool::new(false);
    let (mut points, mut flagged, mut adjudicated) = (0u64, 0u64, 0u64);
    let (mut moves, mut slowest_ms, mut lowest_clock) = (0u64, 0u128, u64::MAX);
    let first = env("CHESS14_FIRST", 0);
    for game in first..first + games {
        let ours = if game % 2 == 0 { Side::P1 } else { Side::P2 };
        let mut pos = Chess14::start("chess14", &Options::default()).unwrap();
        table.clear();
        let mut clock = base;
        let mut plies = 0;
        let mut how = "no legal move";
        let outcome = loop {
            if let Some(o) = result(&pos) {
                break o;
            }
            if plies >= max_plies {
                adjudicated += 1;
                how = "adjudicated";
                break Outcome::Draw;
            }
            let mv = if pos.side_to_move() == ours {
                let request = Request {
                    limits: Limits {
                        time_left: Some(clock),
                        increment: inc,
                        ..Limits::default()
                    },
                    threads,
                    root_moves: None,
                    overhead_ms,
                    multipv: 1,
                    ponder: None,
                };
                let start = Instant::now();
                // A search that hit its hard deadline leaves the flag set.
                stop.store(false, Relaxed);
                let answer = search(
                    &pos,
                    &(),
                    &request,
                    &table,
                    &Memory::default(),
                    &pool,
                    &stop,
                    &mut |_| {},
                );
                let spent = start.elapsed().as_millis();
                slowest_ms = slowest_ms.max(spent);
                moves += 1;
                if nodes.is_none() {
                    if spent >= clock as u128 {
                        flagged += 1;
                        how = "on time";
                        break Outcome::Win(ours.other());
                    }
                    clock = clock - spent as u64 + inc;
                    lowest_clock = lowest_clock.min(clock);
                }
                answer.best.expect("a legal move")
            } else {
                match pos.scripted_move(&guidelines, game) {
                    Some(Scripted::Play(m)) => m,
                    other => panic!("the guidelines level answered {other:?}"),
                }
            };
            pos.play(mv);
            plies += 1;
        };
        let won = match outcome {
            Outcome::Win(side) if side == ours => 2,
            Outcome::Draw => 1,
            Outcome::Win(_) => 0,
        };
        points += won;
        let clock_text = match nodes {
            Some(_) => String::new(),
            None => format!(", clock left {clock} ms"),
        };
        println!(
            "game {:3}: player {:5} {} ({how}) after {plies} plies{clock_text}",
            game + 1,
            if ours == Side::P1 { "white" } else { "black" },
            ["lost", "drew", "won"][won as usize]
        );
        if won < 2 {
            println!("  final position: {}", pos.to_fen());
        }
    }
    let score = points as f64 / 2.0 / games as f64 * 100.0;
    println!(
        "score {score:.1}% over {games} games at {}; losses on time {flagged}; \
         adjudicated draws {adjudicated}; {moves} player moves, slowest {slowest_ms} ms",
        match nodes {
            Some(n) => format!("{n} nodes per move"),
            None => format!("{base} ms + {inc} ms, lowest clock after a move {lowest_clock} ms"),
        }
    );
    assert_eq!(flagged, 0, "the player lost on time");
    assert!(score >= 95.0, "score {score:.1}%");
}
