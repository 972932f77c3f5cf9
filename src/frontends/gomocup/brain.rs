//! The brain: one per process. It keeps the game and the settings, turns each command into
//! its reply, and thinks on its own thread, so that `END` and `STOP` are heard while it does.
//! Any other command waits until the move is out, then acts on the settled game; an `ERROR`
//! leaves the game and the settings as they were.
//!
//! The table is made before any move's clock runs: at `START` (of the size the settings
//! allow then) and again at an `INFO max_memory` that changes its size (managers send it after
//! `START`: a table of the default size may stand until then). Only where that failed does a
//! move make it; that time, like any time between reading a command and starting its search,
//! comes off that move's budget.

use super::command::{Command, Info};
use super::parse::{self, ParseError};
use super::reply;
use super::settings::{Effect, OVERHEAD_MS, RESERVE_MIB, Settings};
use super::stones::{self, Owner, Stones, check_size};
use crate::engine::Flow;
use crate::engine::Output;
use crate::games::gomoku::geometry::Point;
use crate::protocol;
use crate::protocol::lines::Line;
use crate::search::player::thread_pool;
use crate::search::tt::Table;
use crate::search::{self, Info as Progress, Request};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Instant;

pub use crate::protocol::lines::MAX_LINE;

/// A `BOARD` being read: the stones so far, and the first line that was wrong.
struct BoardInput {
    stones: Option<Stones>,
    lines: usize,
    problem: Option<String>,
}

impl BoardInput {
    /// A line that is no stone: the first such problem is the one reported at `DONE`.
    fn fail(&mut self, e: String) {
        self.lines += 1;
        let n = self.lines;
        self.problem.get_or_insert(format!("BOARD line {n}: {e}"));
    }
}

pub struct Brain {
    out: Output,
    game: Option<Stones>,
    settings: Settings,
    /// The table and its size in MiB, once a game started.
    table: Option<(Arc<Table>, usize)>,
    pool: Arc<rayon::ThreadPool>,
    /// When the command being handled was read.
    received: Instant,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<Option<Point>>>,
    board: Option<BoardInput>,
}

impl Brain {
    pub fn new(out: Output) -> Result<Brain, String> {
        let settings = Settings::default();
        let pool = Arc::new(thread_pool(settings.threads)?);
        Ok(Brain {
            out,
            game: None,
            table: None,
            settings,
            pool,
            received: Instant::now(),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            board: None,
        })
    }

    fn say(&self, line: &str) {
        self.out.line(line);
    }

    fn error(&self, what: &str) {
        self.say(&reply::error(what));
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &Line) -> Flow {
        self.received = Instant::now();
        let text = if line.truncated() {
            Err(format!(
                "line too long ({} bytes; the limit is {MAX_LINE})",
                line.len
            ))
        } else {
            std::str::from_utf8(&line.head).map_err(|_| "line is not valid UTF-8".to_string())
        };
        let text = match text {
            Ok(text) => text,
            // Inside BOARD, a line of it; elsewhere its error comes after the move being
            // searched, as every reply keeps its order.
            Err(e) => {
                match self.board.as_mut() {
                    Some(input) => input.fail(e),
                    None => {
                        self.settle();
                        self.error(&e);
                    }
                }
                return Flow::Continue;
            }
        };
        if text.trim().is_empty() {
            return Flow::Continue;
        }
        // END is heard everywhere, even inside BOARD.
        if self.board.is_some() && !text.trim().eq_ignore_ascii_case("END") {
            self.board_line(text);
            return Flow::Continue;
        }
        match parse::parse(text) {
            Ok(cmd) => self.handle(cmd),
            Err(ParseError::Unknown(what)) => {
                self.settle();
                self.say(&reply::unknown(&what));
                Flow::Continue
            }
            Err(ParseError::Malformed(what)) => {
                self.settle();
                self.error(&what);
                Flow::Continue
            }
        }
    }

    /// End of input: the move being searched is still given.
    pub fn finish(&mut self) {
        self.settle();
    }

    /// Waits for the search, if one runs, and records its move.
    fn settle(&mut self) {
        if let Some(handle) = self.search.take() {
            // A panicking search thread already printed its message to stderr.
            if let (Ok(Some(p)), Some(game)) = (handle.join(), self.game.as_mut()) {
                game.add_own(p);
            }
        }
    }

    fn handle(&mut self, cmd: Command) -> Flow {
        if matches!(cmd, Command::End | Command::Stop) {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.settle();
        match cmd {
            Command::Start(size) => self.start(size),
            Command::RectStart(w, h) if w == h => self.start(w),
            Command::RectStart(w, h) => self.error(&format!(
                "rectangular boards are not supported ({w}x{h}): tabula plays square boards, START {w}"
            )),
            Command::Restart => match &self.game {
                Some(game) => self.start(game.size()),
                None => self.no_game(),
            },
            Command::Begin => match &self.game {
                Some(game) if !game.is_empty() => self.error(&format!(
                    "BEGIN needs an empty board, and {} stones are on it (BOARD sends a position)",
                    game.len()
                )),
                Some(game) => self.think(game.clone()),
                None => self.no_game(),
            },
            Command::Turn(c) => match &self.game {
                Some(game) => {
                    let mut next = game.clone();
                    match next.add(c, Owner::Opponent) {
                        Ok(_) => self.think(next),
                        Err(e) => self.error(&e),
                    }
                }
                None => self.no_game(),
            },
            Command::Board => {
                self.board = Some(BoardInput {
                    stones: self.game.as_ref().map(|g| Stones::new(g.size(), self.settings.rule)),
                    lines: 0,
                    problem: None,
                })
            }
            Command::Takeback(c) => match self.game.as_mut().map(|g| g.remove(c)) {
                Some(Ok(())) => self.say(reply::OK),
                Some(Err(e)) => self.error(&e),
                None => self.no_game(),
            },
            Command::End => return Flow::Exit(0),
            Command::About => self.say(&reply::about()),
            Command::Info(info) => self.info(&info),
            Command::Stop => {}
        }
        Flow::Continue
    }

    fn no_game(&self) {
        self.error("no game started: send START <size> first");
    }

    fn start(&mut self, size: usize) {
        match check_size(size) {
            Ok(size) => {
                self.game = Some(Stones::new(size, self.settings.rule));
                // A table kept from the last game is cleared; a new one comes cleared. One
                // that cannot be made is the first move's error.
                let kept = self.table.as_ref().map(|(table, _)| table.clone());
                if let Ok(table) = self.table()
                    && kept.is_some_and(|kept| Arc::ptr_eq(&kept, &table))
                {
                    self.pool.install(|| table.clear());
                }
                self.say(reply::OK);
            }
            Err(e) => self.error(&e),
        }
    }

    /// One line inside `BOARD`; at `DONE` the position replaces the game and the brain moves.
    fn board_line(&mut self, text: &str) {
        let Some(input) = self.board.as_mut() else {
            return;
        };
        let stone = match parse::board_line(text) {
            Ok(Some(stone)) => stone,
            Ok(None) => return self.board_done(),
            Err(e) => return input.fail(e),
        };
        input.lines += 1;
        if let (Some(stones), None) = (input.stones.as_mut(), &input.problem)
            && let Err(e) = stones.add_field(stone.0, stone.1)
        {
            input.problem = Some(format!("BOARD line {}: {e}", input.lines));
        }
    }

    fn board_done(&mut self) {
        let Some(input) = self.board.take() else {
            return;
        };
        match (input.stones, input.problem) {
            (None, _) => self.no_game(),
            (_, Some(problem)) => self.error(&problem),
            (Some(stones), None) => self.think(stones),
        }
    }

    fn info(&mut self, info: &Info) {
        let mut settings = self.settings.clone();
        let effect = match settings.apply(info) {
            Ok(effect) => effect,
            Err(e) => return self.error(&e),
        };
        let resize = matches!(effect, Effect::Memory);
        match effect {
            Effect::Memory => {
                let (_, too_small) = settings.hash_mib();
                if too_small {
                    self.say(&reply::message(&format!(
                        "max_memory {} bytes is less than the {} MiB tabula needs besides its table; it uses a 1 MiB table",
                        settings.max_memory,
                        RESERVE_MIB + 1
                    )));
                }
            }
            Effect::Threads => match thread_pool(settings.threads) {
                Ok(pool) => self.pool = Arc::new(pool),
                Err(e) => return self.error(&e),
            },
            Effect::Rule => {
                if let Some(game) = self.game.as_mut() {
                    game.set_rule(settings.rule);
                }
            }
            Effect::Nothing => {
                if let Info::Other(key) = info {
                    self.say(&reply::debug(&format!(
                        "INFO {key} is not used by tabula; ignored"
                    )));
                }
            }
        }
        self.settings = settings;
        // A table of another size is made now, not in the next move's time (the old one
        // goes first). One that cannot be made is the next move's error.
        if resize && self.game.is_some() {
            let _ = self.table();
        }
    }

    /// The table of the size the settings allow, made (and so cleared) if there is none.
    fn table(&mut self) -> Result<Arc<Table>, String> {
        let (mib, _) = self.settings.hash_mib();
        if let Some((table, size)) = &self.table
            && *size == mib
        {
            return Ok(table.clone());
        }
        self.table = None;
        let table = Table::new(mib)?;
        self.pool.install(|| table.clear());
        let table = Arc::new(table);
        self.table = Some((table.clone(), mib));
        Ok(table)
    }

    /// Makes `stones` the game and searches the brain's move on a thread, which prints it;
    /// if the stones leave the brain no move, says why and keeps the game as it was.
    fn think(&mut self, stones: Stones) {
        let pos = match stones.position() {
            Ok(pos) => pos,
            Err(e) => return self.error(&e),
        };
        let table = match self.table() {
            Ok(table) => table,
            Err(e) => return self.error(&e),
        };
        let mut limits = self.settings.limits();
        let spent = self.received.elapsed().as_millis() as u64;
        limits.movetime = limits.movetime.map(|ms| ms.saturating_sub(spent).max(1));
        let request = Request {
            limits,
            threads: self.settings.threads,
            root_moves: None,
            overhead_ms: OVERHEAD_MS,
            multipv: 1,
            ponder: None,
        };
        self.stop = Arc::new(AtomicBool::new(false));
        let (pool, stop, out) = (self.pool.clone(), self.stop.clone(), self.out.clone());
        let size = stones.size();
        self.game = Some(stones);
        let detail = self.settings.show_detail.then(|| out.clone());
        self.search = Some(std::thread::spawn(move || {
            let mut report = |info: &Progress<Point>| {
                if let Some(out) = &detail {
                    out.line(&reply::message(&progress(info, size)));
                }
            };
            let answer = search::search(&pos, &(), &request, &table, &pool, &stop, &mut report);
            match answer.best {
                Some(p) => out.line(&reply::coord(stones::to_coord(p, size))),
                // The position was checked to have a move; say so rather than hang the manager.
                None => out.line(&reply::error("the search found no move")),
            }
            answer.best
        }));
    }
}

/// What a finished depth of the search says, for its `MESSAGE` line: `depth 9-14 score cp 35
/// nodes 123456 nps 812000 time 152 pv 7,7 8,8`, the depth and the deepest ply reached, the
/// score as the engine protocol writes it, the line in Gomocup points.
fn progress(info: &Progress<Point>, size: usize) -> String {
    let pv: Vec<String> = info
        .pv
        .iter()
        .map(|&p| reply::coord(stones::to_coord(p, size)))
        .collect();
    let nps = info.nodes * 1000 / info.time_ms.max(1);
    format!(
        "depth {}-{} score {} nodes {} nps {nps} time {} pv {}",
        info.depth,
        info.seldepth,
        protocol::reply::score(info.score),
        info.nodes,
        info.time_ms,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Line {
        crate::protocol::lines::Lines::new(text.as_bytes(), MAX_LINE)
            .next_line()
            .unwrap()
    }

    fn table_mib(brain: &Brain) -> Option<usize> {
        brain.table.as_ref().map(|&(_, mib)| mib)
    }

    /// Before, the table was made at the first move, whose clock paid 26 ms for it even under
    /// `INFO timeout_turn 1` (issue 40, fault 8).
    #[test]
    fn the_table_is_made_at_start_and_at_a_new_max_memory_not_at_a_move() {
        let mut brain = Brain::new(Output::new(Box::new(std::io::sink()))).unwrap();
        assert_eq!(table_mib(&brain), None);
        brain.handle_line(&line("START 15"));
        assert_eq!(table_mib(&brain), Some(brain.settings.hash_mib().0));
        let before = brain.table.as_ref().map(|(t, _)| t.clone()).unwrap();
        brain.handle_line(&line(&format!(
            "INFO max_memory {}",
            (RESERVE_MIB + 3) << 20
        )));
        assert_eq!(table_mib(&brain), Some(3));
        // The same size again keeps the table.
        let three = brain.table.as_ref().map(|(t, _)| t.clone()).unwrap();
        brain.handle_line(&line(&format!(
            "INFO max_memory {}",
            (RESERVE_MIB + 3) << 20
        )));
        let kept = brain.table.as_ref().map(|(t, _)| t.clone()).unwrap();
        assert!(Arc::ptr_eq(&three, &kept) && !Arc::ptr_eq(&before, &kept));
    }
}
