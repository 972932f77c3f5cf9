//! The protocol session: one per process. It owns the current game, the options, the
//! transposition table and the search thread, and turns each input line into replies
//! (written by `protocol::reply`). The registry of games lives here too.
//!
//! The search runs on its own thread. While it runs, `isready` and `stop` are answered at
//! once; any other command waits until the search has printed its `bestmove`, so commands
//! always act on a settled position and replies keep their order.

#[cfg(test)]
mod conformance;
pub mod driver;
pub mod output;
pub mod registry;

pub use driver::{Driver, GameDriver, SearchContext, driver};
pub use output::Output;

use crate::game::{Forfeit, OptionKind, OptionSpec, Options, Side};
use crate::protocol::lines::{Line, Lines};
use crate::protocol::reply::{self, Response};
use crate::protocol::{self, Command, Query};
use crate::rng;
use crate::search::thinker::thread_pool;
use crate::search::tt::Table;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// Longest line kept; longer lines are answered with an error.
pub const MAX_LINE: usize = 1 << 16;

/// Whether the session goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Exit(i32),
}

fn global_options() -> Vec<OptionSpec> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as i64;
    let ids: &'static [&'static str] = registry::ids();
    let mut specs = vec![
        OptionSpec {
            name: "Threads",
            kind: OptionKind::Spin {
                default: cores,
                min: 1,
                max: 256,
            },
        },
        OptionSpec {
            name: "Hash",
            kind: OptionKind::Spin {
                default: 64,
                min: 1,
                max: 65536,
            },
        },
        OptionSpec {
            name: "MoveOverhead",
            kind: OptionKind::Spin {
                default: 30,
                min: 0,
                max: 10_000,
            },
        },
        OptionSpec {
            name: "Seed",
            kind: OptionKind::Spin {
                default: 0,
                min: 0,
                max: i32::MAX as i64,
            },
        },
    ];
    if let Some(first) = ids.first() {
        specs.push(OptionSpec {
            name: "UCI_Variant",
            kind: OptionKind::Combo {
                default: first,
                values: ids,
            },
        });
    }
    specs
}

pub struct Session {
    out: Output,
    game: Option<Box<dyn Driver>>,
    options: Options,
    table: Arc<Table>,
    pool: Arc<rayon::ThreadPool>,
    threads: usize,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// Whether the running search only ends on `stop`.
    infinite: bool,
    searches: u64,
}

fn pool(threads: usize) -> Arc<rayon::ThreadPool> {
    // A pool that cannot be built leaves the machine unusable for us anyway.
    Arc::new(thread_pool(threads).expect("cannot start search threads"))
}

/// A table of `mib` MiB, cleared on `pool` so that the first search does not pay for its
/// memory.
fn table(mib: usize, pool: &rayon::ThreadPool) -> Result<Arc<Table>, String> {
    let table = Table::new(mib)?;
    pool.install(|| table.clear());
    Ok(Arc::new(table))
}

impl Session {
    pub fn new(out: Output) -> Self {
        let options = Options::default();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let game = registry::all()
            .first()
            .and_then(|g| (g.make)(g.id, &options).ok());
        let pool = pool(threads);
        Session {
            out,
            game,
            options,
            // Like the pool: without 64 MiB to spare there is no engine to run.
            table: table(64, &pool).expect("cannot allocate the default hash table"),
            pool,
            threads,
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            infinite: false,
            searches: 0,
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &Line) -> Flow {
        if line.truncated() {
            self.out.error(&format!(
                "line too long ({} bytes; the limit is {MAX_LINE})",
                line.len
            ));
            return Flow::Continue;
        }
        let Ok(text) = std::str::from_utf8(&line.head) else {
            self.out.error("line is not valid UTF-8");
            return Flow::Continue;
        };
        if text.trim().is_empty() {
            return Flow::Continue;
        }
        match protocol::parse(text) {
            Ok(cmd) => self.handle(cmd),
            Err(e) => {
                self.out.error(&e);
                Flow::Continue
            }
        }
    }

    /// End of input: an analysis without end is stopped, a limited search may finish.
    pub fn finish(&mut self) {
        if self.infinite {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    fn wait(&mut self) {
        if let Some(handle) = self.search.take() {
            // A panicking search thread already printed its message to stderr.
            let _ = handle.join();
        }
    }

    fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|h| !h.is_finished())
    }

    pub fn handle(&mut self, cmd: Command) -> Flow {
        if self.searching() {
            match cmd {
                Command::IsReady => {
                    self.out.line(reply::READY_OK);
                    return Flow::Continue;
                }
                Command::Stop | Command::Quit | Command::Term => {
                    self.stop.store(true, Ordering::Relaxed)
                }
                _ => {}
            }
        }
        // Every other command acts on a settled position: the search answers first.
        self.wait();
        match cmd {
            Command::Uci => self.hello(reply::UCI_OK),
            Command::Ugi => self.hello(reply::UGI_OK),
            Command::IsReady => self.out.line(reply::READY_OK),
            Command::NewGame => self.pool.install(|| self.table.clear()),
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::Game(id) => self.select(&id),
            Command::Games => {
                for g in registry::all() {
                    self.out.line(&reply::game_line(g.id, g.about));
                }
            }
            Command::Quit => return Flow::Exit(0),
            Command::Term => return Flow::Exit(1),
            Command::Stop => {}
            other => self.game_command(other),
        }
        Flow::Continue
    }

    fn hello(&self, ok: &str) {
        let mut specs = global_options();
        if let Some(g) = &self.game {
            specs.extend(g.option_specs());
        }
        self.out.lines(&reply::hello(ok, &specs));
    }

    fn select(&mut self, id: &str) {
        let Some(entry) = registry::find(id) else {
            let known = registry::ids().join(" ");
            return self.out.error(&format!(
                "unknown game '{}' (known: {known})",
                protocol::parse::clip(id)
            ));
        };
        match (entry.make)(entry.id, &self.options) {
            Ok(driver) => self.game = Some(driver),
            Err(e) => self.out.error(&e),
        }
    }

    /// Finds an option: the session's own, then the current game's, then any game's.
    fn find_option(&self, name: &str) -> Option<OptionSpec> {
        let current = self
            .game
            .as_ref()
            .map(|g| g.option_specs())
            .unwrap_or_default();
        let others = registry::all().iter().flat_map(|g| (g.options)());
        global_options()
            .into_iter()
            .chain(current)
            .chain(others)
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    fn set_option(&mut self, name: &str, value: &str) {
        let Some(spec) = self.find_option(name) else {
            return self
                .out
                .error(&format!("unknown option '{}'", protocol::parse::clip(name)));
        };
        let value = match spec.validate(value) {
            Ok(v) => v,
            Err(e) => return self.out.error(&e),
        };
        match spec.name {
            "Threads" => {
                self.threads = value.parse().unwrap_or(1);
                self.pool = pool(self.threads);
            }
            "Hash" => match table(value.parse().unwrap_or(64), &self.pool) {
                Ok(table) => self.table = table,
                // The old table and the option's old value stay.
                Err(e) => return self.out.error(&e),
            },
            "UCI_Variant" => self.select(&value),
            _ => {}
        }
        self.options.set(spec.name, value);
    }

    pub fn context(&mut self) -> SearchContext {
        self.searches += 1;
        let seed = match self.options.int("Seed", 0) {
            0 => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64),
            s => s as u64 ^ self.searches.wrapping_mul(rng::GOLDEN),
        };
        self.stop = Arc::new(AtomicBool::new(false));
        SearchContext {
            table: self.table.clone(),
            pool: self.pool.clone(),
            stop: self.stop.clone(),
            threads: self.threads,
            overhead_ms: self.options.int("MoveOverhead", 30) as u64,
            seed,
        }
    }

    /// Commands that need a game.
    fn game_command(&mut self, cmd: Command) {
        let ctx = self.context();
        let opts = self.options.clone();
        let Some(game) = self.game.as_mut() else {
            return self
                .out
                .error("no game selected (games lists them, game <id> selects one)");
        };
        let out = &self.out;
        let result = |r: Result<_, String>| match r {
            Ok(outcome) => out.line(&reply::result(outcome)),
            Err(e) => out.error(&e),
        };
        match cmd {
            Command::Position { source, moves } => {
                if let Err(e) = game.set_position(&source, &moves, &opts) {
                    out.error(&e);
                }
            }
            Command::Go(go) => match game.go(&go, &opts, ctx) {
                Ok(job) => {
                    self.infinite = go.infinite;
                    let out = out.clone();
                    self.search = Some(std::thread::spawn(move || {
                        let best = job(&mut |info| out.line(&reply::info(info)));
                        out.line(&reply::best_move(best.as_deref()));
                    }));
                }
                Err(e) => out.error(&e),
            },
            Command::Perft(depth) => out.lines(&reply::perft(&game.perft(depth, &self.pool))),
            Command::Legal => out.line(&reply::legal(&game.legal())),
            Command::Place(mv) => match game.place(&mv) {
                Ok(Some(outcome)) => out.line(&reply::result(outcome)),
                Ok(None) => {}
                Err(e) => out.error(&e),
            },
            Command::View => out.lines(&game.view()),
            Command::Who => out.line(&game.who()),
            Command::History => out.line(&game.history()),
            Command::Resign => result(game.forfeit(Forfeit::Resigned)),
            Command::Timeout => result(game.forfeit(Forfeit::Timeout)),
            Command::Query(q) => out.line(&reply::response(match q {
                Query::GameOver => Response::Flag(game.outcome().is_some()),
                Query::P1Turn => Response::Flag(game.side_to_move() == Side::P1),
                Query::Result => Response::Outcome(game.outcome()),
            })),
            Command::Bench { depth } => {
                let id = game.id();
                let depth =
                    depth.unwrap_or_else(|| registry::find(id).map_or(6, |g| g.bench_depth));
                out.line(&reply::bench(id, &game.bench(depth, ctx)));
            }
            Command::Extra { name, args } => match game.command(&name, &args) {
                Some(Ok(lines)) => out.lines(&lines),
                Some(Err(e)) => out.error(&e),
                None => out.error(&format!(
                    "unknown command '{}'",
                    protocol::parse::clip(&name)
                )),
            },
            // Answered by `handle` before a game is needed.
            Command::Uci
            | Command::Ugi
            | Command::IsReady
            | Command::NewGame
            | Command::SetOption { .. }
            | Command::Game(_)
            | Command::Games
            | Command::Stop
            | Command::Quit
            | Command::Term => {}
        }
    }
}

/// Runs the protocol on `input` until `quit`, `term` or end of input; returns the exit status.
pub fn run<R: BufRead>(input: R, out: Output) -> i32 {
    let mut lines = Lines::new(input, MAX_LINE);
    let mut session = Session::new(out);
    while let Some(line) = lines.next_line() {
        if let Flow::Exit(code) = session.handle_line(&line) {
            return code;
        }
    }
    session.finish();
    0
}
