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

use super::command::Field;
use super::command::{Command, Info};
use super::parse::{self, ParseError};
use super::reply;
use super::settings::{Effect, OVERHEAD_MS, RESERVE_MIB, Settings};
use super::stones::{self, Owner, Stones, check_size};
use super::swap2;
use crate::engine::Flow;
use crate::engine::Output;
use crate::games::gomoku::Gomoku;
use crate::games::gomoku::geometry::{Point, Rule};
use crate::protocol;
use crate::protocol::lines::Line;
use crate::search::limits::Limits;
use crate::search::player::Player;
use crate::search::{Info as Progress, Request};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use crate::protocol::lines::MAX_LINE;

/// A `BOARD` or `SWAP2BOARD` being read: the stones so far, and the first line that was wrong.
struct BoardInput {
    stones: Option<Stones>,
    lines: usize,
    problem: Option<String>,
    /// `SWAP2BOARD`'s `x,y` lines rather than `BOARD`'s `x,y,field`.
    swap2: bool,
}

impl BoardInput {
    fn new(size: Option<usize>, rule: Rule, swap2: bool) -> BoardInput {
        BoardInput {
            stones: size.map(|size| Stones::new(size, rule)),
            lines: 0,
            problem: None,
            swap2,
        }
    }

    /// A line that is no stone: the first such problem is the one reported at `DONE`.
    fn fail(&mut self, e: String) {
        self.lines += 1;
        self.note(e);
    }

    /// The problem of the line just counted, unless an earlier line had one.
    fn note(&mut self, e: String) {
        let n = self.lines;
        let command = if self.swap2 { "SWAP2BOARD" } else { "BOARD" };
        self.problem
            .get_or_insert(format!("{command} line {n}: {e}"));
    }
}

/// What a finished search thread leaves to the game.
enum After {
    /// The brain's move, played on the game.
    Own(Point),
    /// The game to take up (a Swap2 answer that settled the colours).
    Game(Stones),
}

pub struct Brain {
    out: Output,
    game: Option<Stones>,
    settings: Settings,
    /// Table, threads and stop flag: the same player as every front-end's.
    player: Player,
    /// The size in MiB of the player's table once a game made it (until then it has a
    /// placeholder of 1 MiB).
    table_mib: Option<usize>,
    /// When the command being handled was read.
    received: Instant,
    search: Option<JoinHandle<Option<After>>>,
    board: Option<BoardInput>,
    /// The empty boards `SWAP2BOARD` asked three stones for so far: each draws other candidates.
    empty_swap2: u64,
}

impl Brain {
    pub fn new(out: Output) -> Result<Brain, String> {
        let settings = Settings::default();
        let mut player = Player::new(1, 1)?;
        player.set_threads(settings.threads)?;
        Ok(Brain {
            out,
            game: None,
            player,
            table_mib: None,
            settings,
            received: Instant::now(),
            search: None,
            board: None,
            empty_swap2: 0,
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
            match (handle.join(), self.game.as_mut()) {
                (Ok(Some(After::Own(p))), Some(game)) => game.add_own(p),
                (Ok(Some(After::Game(stones))), _) => self.game = Some(stones),
                _ => {}
            }
        }
    }

    fn handle(&mut self, cmd: Command) -> Flow {
        if matches!(cmd, Command::End | Command::Stop) {
            self.player.stop();
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
            Command::Board | Command::Swap2Board => {
                let size = self.game.as_ref().map(|g| g.size());
                let swap2 = cmd == Command::Swap2Board;
                self.board = Some(BoardInput::new(size, self.settings.rule, swap2));
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
                let kept = self.table_mib;
                if self.table().is_ok() && kept == self.table_mib {
                    self.player.clear();
                }
                self.say(reply::OK);
            }
            Err(e) => self.error(&e),
        }
    }

    /// One line inside `BOARD` or `SWAP2BOARD`; at `DONE` a `BOARD`'s position replaces the
    /// game and the brain moves, a `SWAP2BOARD`'s opening is answered.
    fn board_line(&mut self, text: &str) {
        let Some(input) = self.board.as_mut() else {
            return;
        };
        let stone = if input.swap2 {
            parse::swap2_line(text).map(|c| c.map(|c| (c, Field::Opponent)))
        } else {
            parse::board_line(text)
        };
        let stone = match stone {
            Ok(Some(stone)) => stone,
            Ok(None) => return self.board_done(),
            Err(e) => return input.fail(e),
        };
        input.lines += 1;
        if let (Some(stones), None) = (input.stones.as_mut(), &input.problem)
            && let Err(e) = stones.add_field(stone.0, stone.1)
        {
            input.note(e);
        }
    }

    fn board_done(&mut self) {
        let Some(input) = self.board.take() else {
            return;
        };
        match (input.stones, input.problem) {
            (None, _) => self.no_game(),
            (_, Some(problem)) => self.error(&problem),
            (Some(stones), None) if input.swap2 => self.swap2(stones),
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
            Effect::Threads => {
                if let Err(e) = self.player.set_threads(settings.threads) {
                    return self.error(&e);
                }
            }
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

    /// Gives the player a table of the size the settings allow, made (and so cleared) if it
    /// has none of that size.
    fn table(&mut self) -> Result<(), String> {
        let (mib, _) = self.settings.hash_mib();
        if self.table_mib != Some(mib) {
            self.player.set_hash(mib)?;
            self.table_mib = Some(mib);
        }
        Ok(())
    }

    /// The limits of this turn's search: the settings' less the time since the command came.
    fn turn_limits(&self) -> Limits {
        let mut limits = self.settings.limits();
        let spent = self.received.elapsed().as_millis() as u64;
        limits.movetime = limits.movetime.map(|ms| ms.saturating_sub(spent).max(1));
        limits
    }

    /// Answers a `SWAP2BOARD` on a thread with the choice its searches make (see `swap2.rs`),
    /// all within the turn's time; an opening that cannot be answered is an error and leaves
    /// the game as it was.
    fn swap2(&mut self, opening: Stones) {
        if let Err(e) = swap2::check(&opening) {
            return self.error(&e);
        }
        if let Err(e) = self.table() {
            return self.error(&e);
        }
        let budget = swap2::Budget {
            limits: self.turn_limits(),
            // The searches share one deadline: the turn's, less the pipe's margin.
            deadline: self.settings.limits().movetime.map(|ms| {
                self.received + Duration::from_millis(ms.saturating_sub(OVERHEAD_MS).max(1))
            }),
        };
        self.player.renew_stop(false);
        let (player, out) = (self.player.clone(), self.out.clone());
        let detail = self.settings.show_detail.then(|| out.clone());
        let round = self.empty_swap2;
        if opening.is_empty() {
            self.empty_swap2 += 1;
        }
        self.search = Some(std::thread::spawn(move || {
            let mut search = |pos: &Gomoku, limits: Limits| {
                // `END` and `STOP` raise the stop flag: it ends this search and the rest.
                let answer = player.think(pos, &(), limits, None);
                swap2::Searched {
                    best: answer.best,
                    score: answer.score,
                    pv: answer.pv,
                }
            };
            let mut note = |text: String| {
                if let Some(out) = &detail {
                    out.line(&reply::message(&text));
                }
            };
            let answer = swap2::decide(&opening, round, &budget, &mut search, &mut note);
            out.line(&answer.text(opening.size()));
            answer.game(&opening).map(After::Game)
        }));
    }

    /// Makes `stones` the game and searches the brain's move on a thread, which prints it;
    /// if the stones leave the brain no move, says why and keeps the game as it was.
    fn think(&mut self, stones: Stones) {
        let pos = match stones.position() {
            Ok(pos) => pos,
            Err(e) => return self.error(&e),
        };
        if let Err(e) = self.table() {
            return self.error(&e);
        }
        let request = Request {
            overhead_ms: OVERHEAD_MS,
            ..self.player.request(self.turn_limits())
        };
        self.player.renew_stop(false);
        let (player, out) = (self.player.clone(), self.out.clone());
        let size = stones.size();
        self.game = Some(stones);
        let detail = self.settings.show_detail.then(|| out.clone());
        self.search = Some(std::thread::spawn(move || {
            let mut report = |info: &Progress<Point>| {
                if let Some(out) = &detail {
                    out.line(&reply::message(&progress(info, size)));
                }
            };
            let answer = player.search(&pos, &(), &request, &mut report);
            match answer.best {
                Some(p) => out.line(&reply::coord(stones::to_coord(p, size))),
                // The position was checked to have a move; say so rather than hang the manager.
                None => out.line(&reply::error("the search found no move")),
            }
            answer.best.map(After::Own)
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
        brain.table_mib
    }

    /// Before, the table was made at the first move, whose clock paid 26 ms for it even under
    /// `INFO timeout_turn 1` (issue 40, fault 8).
    #[test]
    fn the_table_is_made_at_start_and_at_a_new_max_memory_not_at_a_move() {
        let mut brain = Brain::new(Output::new(Box::new(std::io::sink()))).unwrap();
        assert_eq!(table_mib(&brain), None);
        brain.handle_line(&line("START 15"));
        assert_eq!(table_mib(&brain), Some(brain.settings.hash_mib().0));
        let before = brain.player.clone();
        brain.handle_line(&line(&format!(
            "INFO max_memory {}",
            (RESERVE_MIB + 3) << 20
        )));
        assert_eq!(table_mib(&brain), Some(3));
        // The same size again keeps the table.
        let three = brain.player.clone();
        brain.handle_line(&line(&format!(
            "INFO max_memory {}",
            (RESERVE_MIB + 3) << 20
        )));
        assert!(brain.player.same_table(&three) && !brain.player.same_table(&before));
    }
}

#[cfg(test)]
mod swap2_tests {
    use super::*;
    use crate::engine::output::Transcript;
    use crate::frontends::gomocup::command::Coord;

    fn brain() -> (Brain, Transcript) {
        let written = Transcript::default();
        let brain = Brain::new(Output::new(Box::new(written.clone()))).unwrap();
        (brain, written)
    }

    /// Sends `text`'s lines and waits for the answer; returns what the brain wrote.
    fn send(brain: &mut Brain, written: &Transcript, text: &str) -> Vec<String> {
        for l in text.lines() {
            brain.handle_line(
                &crate::protocol::lines::Lines::new(l.as_bytes(), MAX_LINE)
                    .next_line()
                    .unwrap(),
            );
        }
        brain.settle();
        written.take()
    }

    fn started(depth: u32) -> (Brain, Transcript) {
        let (mut b, w) = brain();
        let header = format!("START 15\nINFO max_depth {depth}\nINFO max_memory 33554432");
        assert_eq!(send(&mut b, &w, &header), ["OK"]);
        (b, w)
    }

    fn points(line: &str) -> Vec<Coord> {
        line.split(' ')
            .map(|c| reply::read_coord(c).unwrap())
            .collect()
    }

    #[test]
    fn an_empty_board_gets_three_distinct_stones_around_the_centre() {
        let (mut b, w) = started(3);
        let out = send(&mut b, &w, "SWAP2BOARD\nDONE");
        assert_eq!(out.len(), 1, "{out:?}");
        let three = points(&out[0]);
        assert_eq!(three.len(), 3);
        assert!(three[0] != three[1] && three[1] != three[2] && three[0] != three[2]);
        // Black's stones in the centre 9x9, White's in the centre 3x3.
        let within =
            |c: &Coord, r: std::ops::RangeInclusive<usize>| r.contains(&c.x) && r.contains(&c.y);
        assert!(three.iter().all(|c| within(c, 3..=11)) && within(&three[1], 6..=8));
        // Nobody's colour is settled: the game is still the empty board.
        assert!(b.game.as_ref().unwrap().is_empty());
    }

    #[test]
    fn three_stones_get_a_swap_a_move_or_two_stones() {
        let (mut b, w) = started(4);
        let out = send(&mut b, &w, "SWAP2BOARD\n7,7\n8,7\n9,9\nDONE");
        assert_eq!(out.len(), 1, "{out:?}");
        let game = b.game.clone().unwrap();
        match out[0].as_str() {
            // Black: White moves next, then the brain.
            "SWAP" => {
                assert_eq!(game.len(), 3);
                assert!(send(&mut b, &w, "TURN 0,0").len() == 1);
            }
            line => match points(line).as_slice() {
                [c] => {
                    assert_eq!(game.len(), 4);
                    assert!(![(7, 7), (8, 7), (9, 9)].contains(&(c.x, c.y)));
                }
                [c4, c5] => {
                    assert!(c4 != c5 && game.is_empty());
                }
                other => panic!("{other:?}"),
            },
        }
    }

    #[test]
    fn five_stones_get_a_swap_or_a_sixth_stone() {
        let (mut b, w) = started(4);
        let out = send(&mut b, &w, "SWAP2BOARD\n7,7\n8,7\n9,9\n8,8\n8,6\nDONE");
        assert_eq!(out.len(), 1, "{out:?}");
        let game = b.game.clone().unwrap();
        if out[0] == "SWAP" {
            assert_eq!(game.len(), 5);
        } else {
            assert_eq!(points(&out[0]).len(), 1);
            assert_eq!(game.len(), 6);
        }
    }

    #[test]
    fn bad_openings_are_errors_that_change_nothing() {
        let (mut b, w) = started(2);
        assert_eq!(send(&mut b, &w, "BOARD\n7,7,2\nDONE").len(), 1);
        let before = b.game.clone();
        for (input, error) in [
            ("SWAP2BOARD\n7,7\nDONE", "needs 0, 3 or 5 stones"),
            ("SWAP2BOARD\n7,7\n8,8\n9,9\n10,10\nDONE", "not 4"),
            ("SWAP2BOARD\n1,1\n2,2\n3,3\n4,4\n5,5\n6,6\nDONE", "not 6"),
            (
                "SWAP2BOARD\n7,7\n7,7\n8,8\nDONE",
                "SWAP2BOARD line 2: 7,7 is taken",
            ),
            (
                "SWAP2BOARD\n7,7\nhello\n8,8\nDONE",
                "SWAP2BOARD line 2: 'hello' is not a stone",
            ),
            (
                "SWAP2BOARD\n15,0\n1,1\n2,2\nDONE",
                "line 1: 15,0 is off the 15x15 board",
            ),
            (
                "SWAP2BOARD\n7,7,3\n1,1\n2,2\nDONE",
                "line 1: '7,7,3' is not a stone",
            ),
            ("SWAP2BOARD now", "SWAP2BOARD takes no arguments"),
        ] {
            let out = send(&mut b, &w, input);
            assert_eq!(out.len(), 1, "{input}: {out:?}");
            assert!(
                out[0].starts_with("ERROR ") && out[0].contains(error),
                "{input}: {out:?}"
            );
            assert_eq!(b.game, before, "{input}");
        }
        // Before START.
        let (mut fresh, w) = brain();
        let out = send(&mut fresh, &w, "SWAP2BOARD\nDONE");
        assert_eq!(out, ["ERROR no game started: send START <size> first"]);
        assert!(fresh.game.is_none());
    }

    /// The searches share the turn's time: the answer comes within it.
    #[test]
    fn the_answer_comes_within_the_turn() {
        let (mut b, w) = brain();
        send(
            &mut b,
            &w,
            "START 15\nINFO max_memory 33554432\nINFO timeout_turn 300",
        );
        for opening in ["", "7,7\n8,7\n9,9\n", "7,7\n8,7\n9,9\n8,8\n8,6\n"] {
            let start = Instant::now();
            let out = send(&mut b, &w, &format!("SWAP2BOARD\n{opening}DONE"));
            let ms = start.elapsed().as_millis();
            assert_eq!(out.len(), 1, "{out:?}");
            assert!(!out[0].starts_with("ERROR"), "{out:?}");
            assert!(ms < 600, "{opening:?}: {ms} ms for a 300 ms turn");
        }
    }

    /// `END` while the searches run ends them all: the answer still comes.
    #[test]
    fn end_stops_every_search() {
        let (mut b, w) = brain();
        send(
            &mut b,
            &w,
            "START 15\nINFO max_memory 33554432\nINFO timeout_turn 60000",
        );
        let start = Instant::now();
        b.handle_line(
            &crate::protocol::lines::Lines::new(&b"SWAP2BOARD"[..], MAX_LINE)
                .next_line()
                .unwrap(),
        );
        b.handle_line(
            &crate::protocol::lines::Lines::new(&b"DONE"[..], MAX_LINE)
                .next_line()
                .unwrap(),
        );
        std::thread::sleep(Duration::from_millis(50));
        let end = crate::protocol::lines::Lines::new(&b"END"[..], MAX_LINE)
            .next_line()
            .unwrap();
        assert!(matches!(b.handle_line(&end), Flow::Exit(0)));
        assert!(start.elapsed() < Duration::from_secs(5));
        assert_eq!(points(&w.take()[0]).len(), 3);
    }
}
