//! The protocol session: one per process. It owns the current game, the options, the
//! transposition table and the search thread, and turns each input line into replies
//! (written by `protocol::reply`). The registry of games lives here too.
//!
//! Input is read on its own thread and searches, perfts and benches run on another, so the
//! session always hears `isready`, `stop`, `quit` and the end of input at once. Any other
//! command that arrives while work runs is queued until the work has printed its answer, so
//! commands always act on a settled position and replies keep their order.

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
use crate::search::limits::PonderHit;
use crate::search::player::Player;
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

pub use crate::protocol::lines::MAX_LINE;
pub use crate::search::tt::DEFAULT_HASH_MIB;

/// The most ranked lines a search reports (`MultiPV`).
pub const MAX_MULTIPV: i64 = 256;

/// Most commands kept waiting for a running search; more are answered with an error, so a
/// flood of input during `go infinite` cannot grow memory without end.
pub const MAX_QUEUE: usize = 1024;

/// What wakes the session: a line from the reader, the end of input, or the end of a work.
enum Event {
    Line(Line),
    Eof,
    /// The work of this number has printed its answer.
    Done(u64),
}

/// Sends `Done` when the work ends, even by a panic, so the session never waits for ever.
struct DoneOnDrop {
    events: Sender<Event>,
    work: u64,
}

impl Drop for DoneOnDrop {
    fn drop(&mut self) {
        let _ = self.events.send(Event::Done(self.work));
    }
}

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
                default: DEFAULT_HASH_MIB as i64,
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
            name: "MultiPV",
            kind: OptionKind::Spin {
                default: 1,
                min: 1,
                max: MAX_MULTIPV,
            },
        },
        // GUIs set it to say they may send `go ponder`; pondering needs nothing more from us.
        OptionSpec {
            name: "Ponder",
            kind: OptionKind::Check { default: false },
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
    /// The table, threads and stop flag of every search, perft and bench.
    player: Player,
    /// The running search, perft or bench.
    work: Option<JoinHandle<()>>,
    /// What tells the running `go ponder` search that `ponderhit` came, and whether the
    /// search ends by itself once it has.
    pondering: Option<(PonderHit, bool)>,
    /// Numbers the works, so a late `Done` is not taken for the current work's.
    works: u64,
    events: Sender<Event>,
    inbox: Receiver<Event>,
    /// Input has ended: work that does not end by itself is stopped as it starts.
    ended: bool,
    /// What the end of input does to the running and queued work.
    at_end: AtEnd,
    /// The running work ends by itself (a count, or a search with a limit).
    work_ends: bool,
    /// Searches started, mixed into the seed so that each search of a session differs.
    searches: u64,
    /// Queued searches, perfts and benches a `stop` came after, from the front of the queue:
    /// each starts stopped, as the `stop` meant it too.
    stopped_works: usize,
    /// The work about to start is one of those.
    start_stopped: bool,
}

/// Whether a queued line asks for work on its own thread: a search, perft or bench.
fn starts_work(item: &Result<Command, String>) -> bool {
    matches!(
        item,
        Ok(Command::Go(_) | Command::Perft(_) | Command::Bench { .. })
    )
}

/// What the end of input does to work asked for before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtEnd {
    /// Work that ends by itself is done first: `perft`, `bench`, and a search with a depth,
    /// node, move-time or clock limit. A search without one (`go infinite`, a bare `go`) stops
    /// at once, as nothing else could end it. The binary's choice: a pipe of commands gets the
    /// answers it asked for, as from any program that reads a script.
    Finish,
    /// Every work stops as `stop` does: the fuzz harness's choice, whose runs must be short.
    Stop,
}

impl Session {
    pub fn new(out: Output) -> Self {
        Session::with_hash(out, DEFAULT_HASH_MIB)
    }

    /// A session whose first table has `mib` MiB instead of the default: the seam of the fuzz
    /// target (fuzz/), which starts a session per input and cannot clear 64 MiB each time.
    pub fn with_hash(out: Output, mib: usize) -> Self {
        let options = Options::default();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let game = registry::all()
            .first()
            .and_then(|g| (g.make)(g.id, &options).ok());
        let (events, inbox) = channel();
        Session {
            out,
            game,
            options,
            // Without the threads and the table's memory to spare there is no engine to run.
            player: Player::with_checked_table(threads, mib)
                .expect("cannot start the search threads and the default hash table"),
            work: None,
            pondering: None,
            works: 0,
            events,
            inbox,
            ended: false,
            at_end: AtEnd::Finish,
            work_ends: false,
            searches: 0,
            stopped_works: 0,
            start_stopped: false,
        }
    }

    /// The same session with another [`AtEnd`].
    pub fn at_end(mut self, at_end: AtEnd) -> Self {
        self.at_end = at_end;
        self
    }

    /// Reads one input line into a command; `None` for a blank line.
    fn read(line: &Line) -> Option<Result<Command, String>> {
        if line.truncated() {
            return Some(Err(format!(
                "line too long ({} bytes; the limit is {MAX_LINE})",
                line.len
            )));
        }
        let Ok(text) = std::str::from_utf8(&line.head) else {
            return Some(Err("line is not valid UTF-8".into()));
        };
        (!text.trim().is_empty()).then(|| protocol::parse(text))
    }

    /// Serves `input` until `quit`, `term` or its end; returns the exit status.
    pub fn serve<R: BufRead + Send + 'static>(mut self, input: R) -> i32 {
        Lines::new(input, MAX_LINE).forward(self.events.clone(), Event::Line, Event::Eof);
        let mut queue = VecDeque::new();
        let mut input_open = true;
        loop {
            if self.work.is_none() {
                if let Some(item) = queue.pop_front() {
                    if self.stopped_works > 0 && starts_work(&item) {
                        self.stopped_works -= 1;
                        self.start_stopped = true;
                    }
                    let flow = self.answer(item);
                    // Taken by the work if it started; dropped if the line was refused.
                    self.start_stopped = false;
                    if let Flow::Exit(code) = flow {
                        return code;
                    }
                    continue;
                }
                if !input_open {
                    return 0;
                }
            }
            // The session holds a sender itself, so the channel never disconnects.
            let Ok(event) = self.inbox.recv() else {
                return 0;
            };
            match event {
                Event::Line(line) => match Self::read(&line) {
                    None => {}
                    Some(Ok(cmd @ (Command::IsReady | Command::Stop | Command::PonderHit))) => {
                        // A `stop` is for every work asked for before it, the ones still
                        // waiting behind the running work too.
                        if cmd == Command::Stop {
                            self.stopped_works = queue.iter().filter(|i| starts_work(i)).count();
                        }
                        self.handle(cmd);
                    }
                    Some(Ok(Command::Quit)) => return self.exit(0),
                    Some(Ok(Command::Term)) => return self.exit(1),
                    Some(item) if queue.len() < MAX_QUEUE => queue.push_back(item),
                    Some(_) => self.out.error(&format!(
                        "too many commands waiting for the running search (the limit is {MAX_QUEUE})"
                    )),
                },
                Event::Eof => {
                    input_open = false;
                    self.ended = true;
                    if !self.finishes(self.work_ends) {
                        self.player.stop();
                    }
                }
                Event::Done(work) if work == self.works => self.wait(),
                Event::Done(_) => {}
            }
        }
    }

    /// Answers one queued line, the session being idle.
    fn answer(&mut self, item: Result<Command, String>) -> Flow {
        match item {
            Ok(cmd) => self.handle(cmd),
            Err(e) => {
                self.out.error(&e);
                Flow::Continue
            }
        }
    }

    /// `quit` or `term`: the running work stops (a search prints its `bestmove`), queued
    /// commands are dropped.
    fn exit(&mut self, code: i32) -> i32 {
        self.player.stop();
        self.wait();
        code
    }

    /// Waits for the running work to end.
    pub fn wait(&mut self) {
        if let Some(handle) = self.work.take() {
            // A panicking work thread already printed its message to stderr.
            let _ = handle.join();
            self.pondering = None;
        }
    }

    /// Runs `job` on its own thread as the session's one work.
    fn spawn(&mut self, job: impl FnOnce() + Send + 'static) {
        self.wait();
        self.works += 1;
        let done = DoneOnDrop {
            events: self.events.clone(),
            work: self.works,
        };
        self.work = Some(std::thread::spawn(move || {
            let _done = done;
            job();
        }));
    }

    /// Handles one command. Commands other than `isready`, `stop` and `ponderhit` first wait
    /// for the running work (`serve` queues them instead, so that they never block the input).
    pub fn handle(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::IsReady => {
                self.out.line(reply::READY_OK);
                return Flow::Continue;
            }
            Command::Stop => {
                self.player.stop();
                return Flow::Continue;
            }
            Command::PonderHit => {
                // The hit starts the search's clock; a second one finds it started.
                match &self.pondering {
                    Some((hit, ends)) if hit.hit() => self.work_ends = *ends,
                    _ => self
                        .out
                        .error("ponderhit without a running go ponder search"),
                }
                return Flow::Continue;
            }
            Command::Quit => return Flow::Exit(self.exit(0)),
            Command::Term => return Flow::Exit(self.exit(1)),
            _ => {}
        }
        self.wait();
        match cmd {
            Command::Uci => self.hello(reply::UCI_OK),
            Command::Ugi => self.hello(reply::UGI_OK),
            Command::NewGame => self.player.clear(),
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::Game(id) => self.select(&id),
            Command::Games => {
                for g in registry::all() {
                    self.out.line(&reply::game_line(g.id, g.about));
                }
            }
            Command::Help(command) => match reply::help(command.as_deref()) {
                Some(lines) => self.out.lines(&lines),
                None => self.out.error(&format!(
                    "help knows no command '{}'",
                    protocol::parse::clip(command.as_deref().unwrap_or_default())
                )),
            },
            // Answered above.
            Command::IsReady
            | Command::Stop
            | Command::PonderHit
            | Command::Quit
            | Command::Term => {}
            other => {
                if let Some(work) = self.game_command(other) {
                    self.spawn(work);
                }
            }
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

    /// Every option name `setoption` knows: the session's, then every game's.
    fn option_names(&self) -> Vec<&'static str> {
        let games = registry::all().iter().flat_map(|g| (g.options)());
        let mut names: Vec<&'static str> = global_options()
            .into_iter()
            .chain(games)
            .map(|s| s.name)
            .collect();
        names.dedup();
        names
    }

    fn set_option(&mut self, name: &str, value: &str) {
        let Some(spec) = self.find_option(name) else {
            let known = self.option_names();
            return self.out.error(&format!(
                "unknown option '{}'{}",
                protocol::parse::clip(name),
                protocol::spelling::did_you_mean(name, known.iter().copied())
            ));
        };
        let value = match spec.validate(value) {
            Ok(v) => v,
            Err(e) => return self.out.error(&e),
        };
        match spec.name {
            "Threads" => {
                if let Err(e) = self.player.set_threads(value.parse().unwrap_or(1)) {
                    return self.out.error(&e);
                }
            }
            "Hash" => {
                if let Err(e) = self
                    .player
                    .set_hash(value.parse().unwrap_or(DEFAULT_HASH_MIB))
                {
                    // The old table and the option's old value stay.
                    return self.out.error(&e);
                }
            }
            "UCI_Variant" => self.select(&value),
            _ => {}
        }
        log::info!("option {} = {value}", spec.name);
        self.options.set(spec.name, value);
    }

    /// Whether work that ends by itself (`ends`) is let finish after the end of input.
    fn finishes(&self, ends: bool) -> bool {
        ends && self.at_end == AtEnd::Finish
    }

    /// Whether `cmd` starts work that ends by itself: a count, or a search with a limit for
    /// the side to move.
    fn ends_by_itself(&self, cmd: &Command) -> bool {
        match cmd {
            Command::Perft(_) | Command::Bench { .. } => true,
            Command::Go(go) => {
                let side = self.game.as_ref().map_or(0, |g| g.side_to_move().index());
                !go.infinite
                    && (go.depth.is_some()
                        || go.nodes.is_some()
                        || go.movetime.is_some()
                        || go.time[side].is_some())
            }
            _ => false,
        }
    }

    pub fn context(&mut self) -> SearchContext {
        let seed = match self.options.int("Seed", 0) {
            0 => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64),
            s => s as u64 ^ self.searches.wrapping_mul(rng::GOLDEN),
        };
        let stopped = std::mem::take(&mut self.start_stopped);
        self.player
            .renew_stop(stopped || self.ended && !self.finishes(self.work_ends));
        SearchContext {
            player: self.player.clone(),
            overhead_ms: self.options.int("MoveOverhead", 30) as u64,
            seed,
            ponder: PonderHit::default(),
        }
    }

    /// Commands that need a game. A search, perft or bench comes back as a work to run on
    /// its own thread.
    fn game_command(&mut self, cmd: Command) -> Option<Work> {
        // A ponder search waits for `ponderhit`, which cannot come after the end of input.
        let ends = self.ends_by_itself(&cmd);
        self.work_ends = ends && !matches!(&cmd, Command::Go(go) if go.ponder);
        // Only searches count towards the seed, so that with `Seed` set a level's move does
        // not depend on how many `view`s came before it.
        if matches!(cmd, Command::Go(_)) {
            self.searches += 1;
        }
        let ctx = self.context();
        let ponder = ctx.ponder.clone();
        let opts = self.options.clone();
        let Some(game) = self.game.as_mut() else {
            self.out
                .error("no game selected (games lists them, game <id> selects one)");
            return None;
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
                    log::debug!("go: {go:?}");
                    self.pondering = go.ponder.then(|| (ponder.clone(), ends));
                    let out = out.clone();
                    return Some(Box::new(move || {
                        let best = job(&mut |info| out.line(&reply::info(info)));
                        out.line(&reply::best_move(best.as_ref()));
                    }));
                }
                Err(e) => out.error(&e),
            },
            Command::Perft(depth) => {
                let (game, out) = (game.boxed_clone(), out.clone());
                return Some(Box::new(move || {
                    // A perft cut short by `stop` has no count to print.
                    let player = &ctx.player;
                    if let Some(p) = game.perft(depth, player.pool(), player.stop_flag()) {
                        out.lines(&reply::perft(&p));
                    }
                }));
            }
            Command::Legal => out.line(&reply::legal(&game.legal())),
            Command::Place(mv) => match game.place(&mv) {
                Ok(Some(outcome)) => out.line(&reply::result(outcome)),
                Ok(None) => {}
                Err(e) => out.error(&e),
            },
            Command::View => out.lines(&game.view()),
            Command::Who => out.line(&game.who()),
            Command::Fen(args) if args.is_empty() => out.line(&game.fen()),
            Command::Fen(args) => match game.command("fen", &args) {
                Some(Ok(lines)) => out.lines(&lines),
                Some(Err(e)) => out.error(&e),
                None => out.error(&format!(
                    "fen takes no arguments in {}, got '{}'",
                    game.id(),
                    protocol::parse::clip(&args.join(" "))
                )),
            },
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
                let (game, out) = (game.boxed_clone(), out.clone());
                return Some(Box::new(move || {
                    out.line(&reply::bench(id, &game.bench(Some(depth), None, ctx)));
                }));
            }
            Command::Extra { name, args } => match game.command(&name, &args) {
                Some(Ok(lines)) => out.lines(&lines),
                Some(Err(e)) => out.error(&e),
                None => out.error(&format!(
                    "unknown command '{}'{}",
                    protocol::parse::clip(&name),
                    protocol::spelling::did_you_mean(&name, reply::command_names())
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
            | Command::PonderHit
            | Command::Help(_)
            | Command::Quit
            | Command::Term => {}
        }
        None
    }
}

/// A search, perft or bench, run on its own thread; it prints its own replies.
type Work = Box<dyn FnOnce() + Send>;

/// Runs the protocol on `input` until `quit`, `term` or end of input; returns the exit status.
pub fn run<R: BufRead + Send + 'static>(input: R, out: Output) -> i32 {
    Session::new(out).serve(input)
}
