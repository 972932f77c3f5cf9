//! `tabula bench`: fixed positions of every game searched to a fixed depth, so that speed
//! changes are measurable. With one thread the node counts are a signature that a pure
//! refactoring must not change; with more threads the times show the parallel speed-up.

use crate::engine::{Output, SearchContext};
use crate::game::Options;
use crate::games::{self, GameEntry};
use crate::protocol::{self, Command};
use crate::search::thinker::thread_pool;
use crate::search::tt::Table;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub const USAGE: &str = "usage: tabula bench [--depth N] [--threads N] [--hash MiB] [--game ID]";

struct Settings {
    depth: Option<u32>,
    threads: usize,
    hash: usize,
    game: Option<String>,
}

fn settings(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        depth: None,
        threads: 1,
        hash: 64,
        game: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || value.parse::<usize>().ok().filter(|&n| n >= 1);
        let bad = || format!("{flag} needs a positive number, not '{value}'");
        match flag.as_str() {
            "--depth" => s.depth = Some(number().filter(|&d| d <= 64).ok_or_else(bad)? as u32),
            "--threads" => s.threads = number().filter(|&t| t <= 256).ok_or_else(bad)?,
            "--hash" => s.hash = number().ok_or_else(bad)?,
            "--game" => {
                games::find(value).ok_or_else(|| format!("unknown game '{value}'"))?;
                s.game = Some(value.clone());
            }
            _ => return Err(format!("unknown argument '{flag}'")),
        }
    }
    Ok(s)
}

/// Runs the benchmark, printing one line per position, per game and in total.
pub fn run(args: &[String]) -> i32 {
    let s = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tabula bench: {e}\n{USAGE}");
            return 2;
        }
    };
    let pool = match thread_pool(s.threads) {
        Ok(p) => Arc::new(p),
        Err(e) => {
            eprintln!("tabula bench: {e}");
            return 1;
        }
    };
    let table = match Table::new(s.hash) {
        Ok(t) => Arc::new(t),
        Err(e) => {
            eprintln!("tabula bench: {e}");
            return 1;
        }
    };
    // Output ignores a closed pipe, so `tabula bench | head` ends quietly.
    let out = Output::stdout();
    let (mut nodes, mut ms) = (0, 0);
    let chosen = games::all()
        .iter()
        .filter(|g| s.game.as_deref().is_none_or(|id| id == g.id));
    for entry in chosen {
        match bench_game(entry, &s, &table, &pool, &out) {
            Ok((n, t)) => {
                nodes += n;
                ms += t;
            }
            Err(e) => {
                eprintln!("tabula bench: {}: {e}", entry.id);
                return 1;
            }
        }
    }
    out.line(&format!(
        "total threads {} nodes {nodes} time {ms} nps {}",
        s.threads,
        nodes * 1000 / ms.max(1)
    ));
    0
}

fn bench_game(
    entry: &GameEntry,
    s: &Settings,
    table: &Arc<Table>,
    pool: &Arc<rayon::ThreadPool>,
    out: &Output,
) -> Result<(u64, u64), String> {
    let depth = s.depth.unwrap_or(entry.bench_depth);
    let (mut nodes, mut ms) = (0, 0);
    for (i, text) in entry.bench_positions.iter().enumerate() {
        let mut game = (entry.make)(entry.id, &Options::default())?;
        match protocol::parse(&format!("position {text}"))? {
            Command::Position { source, moves } => {
                game.set_position(&source, &moves, &Options::default())?
            }
            other => return Err(format!("bench position '{text}' reads as {other:?}")),
        }
        let ctx = SearchContext {
            out: Output::new(Box::new(std::io::sink())),
            table: table.clone(),
            pool: pool.clone(),
            stop: Arc::new(AtomicBool::new(false)),
            threads: s.threads,
            overhead_ms: 0,
            seed: 1,
        };
        let r = game.bench(depth, ctx);
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
        nodes * 1000 / ms.max(1)
    ));
    Ok((nodes, ms))
}
