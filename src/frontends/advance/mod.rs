//! `tabula advance ...`: the referee's drop-in bot (`bot`), matches between levels
//! (`matches`) and a one-thread perft; `player` is the computer player both games use, the
//! levels' rules in front of the searcher.

mod bot;
mod matches;
mod player;

pub use bot::board_from_text;

use crate::frontends::say;
use crate::games::advance::{Position, perft};
use std::time::Instant;

pub const USAGE: &str = "\
usage: tabula advance name
       tabula advance white|black IN OUT [--level 4|5|6|7|8|max] [--movetime MS] [--seed N]
       tabula advance match A B [--games N] [--movetime MS | --nodes N] [--threads N]
                            [--seed N] [--random-plies N] [--save FILE]
       tabula advance perft DEPTH [POSITION]";

/// Runs `tabula advance ARGS`; returns the process exit status.
pub fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        None => {
            eprintln!("tabula advance: needs name, white|black IN OUT, match or perft\n{USAGE}");
            2
        }
        Some("name") if args.len() == 1 => {
            say(bot::NAME);
            0
        }
        Some("match") => checked(
            "tabula advance match",
            matches::Settings::parse(&args[1..]),
            matches::run,
        ),
        Some("perft") => run_perft(&args[1..]),
        _ => checked(
            "tabula advance",
            bot::MoveRequest::parse(args),
            bot::play_one,
        ),
    }
}

/// Runs a parsed command: a bad command line is status 2 with the usage, a failure 1.
fn checked<T>(
    who: &str,
    parsed: Result<T, String>,
    run: impl FnOnce(&T) -> Result<(), String>,
) -> i32 {
    let request = match parsed {
        Ok(r) => r,
        Err(e) => {
            super::complain(who, e);
            eprintln!("{USAGE}");
            return 2;
        }
    };
    match run(&request) {
        Ok(()) => 0,
        Err(e) => {
            super::complain(who, e);
            1
        }
    }
}

/// `perft DEPTH [POSITION]`: the move-generation speed test, on one thread with reused move
/// buffers (the protocol's `perft` runs the generic counter on the engine's threads).
fn run_perft(args: &[String]) -> i32 {
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        Some(Ok(d)) if d <= 12 => d,
        _ => {
            eprintln!("tabula advance: perft needs a depth from 0 to 12\n{USAGE}");
            return 2;
        }
    };
    let pos = if args.len() > 1 {
        match Position::from_fen(&args[1..].join(" ")) {
            Ok(p) => p,
            Err(e) => {
                super::complain("tabula advance", e);
                return 2;
            }
        }
    } else {
        Position::start()
    };
    let start = Instant::now();
    let nodes = perft::perft(&pos, depth);
    let secs = start.elapsed().as_secs_f64();
    say(&format!(
        "perft {depth}: {nodes} nodes in {secs:.3} s, {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    ));
    0
}
