//! `tabula bench`: fixed positions of every game searched to a fixed depth, so that speed
//! changes are measurable. With one thread the node counts are a signature that a pure
//! refactoring must not change; with more threads the times show the parallel speed-up.

use crate::engine::registry::{self, GameEntry};
use crate::engine::{Output, SearchContext};
use crate::frontends::args::{Arg, Args, number};
use crate::game::Options;
use crate::protocol::reply::nps;
use crate::protocol::{self, Command};
use crate::search::player::Player;

pub const USAGE: &str =
    "usage: tabula bench [--depth N | --movetime MS] [--threads N] [--hash MiB] [--game ID]";

struct Settings {
    depth: Option<u32>,
    /// Search each position this long instead of to a depth: the depth reached is the news.
    movetime: Option<u64>,
    threads: usize,
    hash: usize,
    game: Option<String>,
}

fn settings(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        depth: None,
        movetime: None,
        threads: 1,
        hash: crate::search::tt::DEFAULT_HASH_MIB,
        game: None,
    };
    for arg in Args::new(args, &[], USAGE) {
        match arg? {
            Arg::Flag("--depth", value) => s.depth = Some(number("--depth", value, 1..=64)?),
            Arg::Flag("--movetime", value) => {
                s.movetime = Some(number("--movetime", value, 1..=3_600_000)?)
            }
            Arg::Flag("--threads", value) => s.threads = number("--threads", value, 1..=256)?,
            // The `Hash` option's range: more is a typing slip, not a table to try.
            Arg::Flag("--hash", value) => s.hash = number("--hash", value, 1..=65536)?,
            Arg::Flag("--game", value) => {
                registry::find(value).ok_or_else(|| format!("unknown game '{value}'"))?;
                s.game = Some(value.to_string());
            }
            Arg::Flag(other, _) | Arg::Word(other) | Arg::Switch(other) => {
                return Err(format!("unknown argument '{other}'"));
            }
        }
    }
    if s.depth.is_some() && s.movetime.is_some() {
        return Err("--depth and --movetime exclude each other".into());
    }
    Ok(s)
}

/// Runs the benchmark, printing one line per position, per game and in total.
pub fn run(args: &[String]) -> i32 {
    let s = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            super::complain("tabula bench", e);
            eprintln!("{USAGE}");
            return 2;
        }
    };
    let player = match Player::new(s.threads, s.hash) {
        Ok(p) => p,
        Err(e) => {
            super::complain("tabula bench", e);
            return 1;
        }
    };
    // Output ignores a closed pipe, so `tabula bench | head` ends quietly.
    let out = Output::stdout();
    let (mut nodes, mut ms) = (0, 0);
    let chosen = registry::all()
        .iter()
        .filter(|g| s.game.as_deref().is_none_or(|id| id == g.id));
    for entry in chosen {
        match bench_game(entry, &s, &player, &out) {
            Ok((n, t)) => {
                nodes += n;
                ms += t;
            }
            Err(e) => {
                super::complain("tabula bench", format!("{}: {e}", entry.id));
                return 1;
            }
        }
    }
    out.line(&format!(
        "total threads {} nodes {nodes} time {ms} nps {}",
        s.threads,
        nps(nodes, ms)
    ));
    0
}

fn bench_game(
    entry: &GameEntry,
    s: &Settings,
    player: &Player,
    out: &Output,
) -> Result<(u64, u64), String> {
    let depth = match s.movetime {
        Some(_) => None,
        None => Some(s.depth.unwrap_or(entry.bench_depth)),
    };
    let (mut nodes, mut ms) = (0, 0);
    for (i, text) in entry.bench_positions.iter().enumerate() {
        let mut game = (entry.make)(entry.id, &Options::default())?;
        match protocol::parse(&format!("position {text}"))? {
            Command::Position { source, moves } => {
                game.set_position(&source, &moves, &Options::default())?
            }
            other => return Err(format!("bench position '{text}' reads as {other:?}")),
        }
        let r = game.bench(depth, s.movetime, SearchContext::plain(player.clone()));
        out.line(&format!(
            "{} {} depth {} nodes {} time {} nps {}",
            entry.id,
            i + 1,
            r.depth,
            r.nodes,
            r.ms,
            r.nps()
        ));
        nodes += r.nodes;
        ms += r.ms;
    }
    out.line(&format!(
        "{} total nodes {nodes} time {ms} nps {}",
        entry.id,
        nps(nodes, ms)
    ));
    Ok((nodes, ms))
}
