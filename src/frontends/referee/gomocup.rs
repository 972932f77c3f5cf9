//! The referee's side of the Gomocup protocol: an engine such as Rapfi, spoken to as a
//! Gomocup manager does. Moves travel as `x,y` (zero-based, `y = 0` the top row) and are
//! translated to and from tabula's points (`H8`); the engine is told the game with `START`,
//! `INFO` and then `BEGIN`, `TURN` or a whole `BOARD`.
//!
//! Some brains (Rapfi) print their move a moment before they read input again and drop a
//! command sent in that moment; so after each move the referee sends `ABOUT`, again until one
//! is answered, before its next command.

use super::config::TimeControl;
use super::process::{Engine, Fault, Report};
use crate::frontends::gomocup::command::Coord;
use crate::frontends::gomocup::reply;
use crate::frontends::gomocup::stones::{to_coord, to_point};
use crate::game::{Options, Rules};
use crate::games::gomoku::Gomoku;
use crate::games::gomoku::geometry::Rule;
use crate::games::gomoku::text::{format_point, parse_point};
use std::time::{Duration, Instant};

/// How long to wait for an `ABOUT` answer before asking again.
const ABOUT_RETRY: Duration = Duration::from_millis(100);
/// `max_memory` when the engine's options give none: Gomocup's limit, 350 MiB.
const DEFAULT_MAX_MEMORY: u64 = 350 << 20;
/// `time_left` when the game's time is unlimited, as the protocol writes it.
const UNLIMITED: u64 = 2_147_483_647;

pub struct GomocupEngine {
    engine: Engine,
    size: usize,
    rule: Rule,
    /// How many moves of the game the engine has on its board, if it follows the game.
    known: Option<usize>,
    /// It sent a move and has not answered anything since.
    moved: bool,
}

impl GomocupEngine {
    /// Starts `command` for Gomoku with `game_options` (board size, rule); its name comes
    /// from its `ABOUT` answer.
    pub fn start(
        command: &[String],
        game_options: &Options,
        timeout: Duration,
    ) -> Result<GomocupEngine, Fault> {
        let start = Gomoku::start("gomoku", game_options).map_err(Fault::Spawn)?;
        let mut g = GomocupEngine {
            engine: Engine::spawn(command, "END")?,
            size: start.board().size(),
            rule: start.board().rule(),
            known: None,
            moved: true,
        };
        g.settle(Instant::now() + timeout)?;
        Ok(g)
    }

    pub fn name(&self) -> &str {
        &self.engine.name
    }

    /// Sends `ABOUT` until it is answered (see the module's note); the answer names the engine.
    fn settle(&mut self, deadline: Instant) -> Result<(), Fault> {
        while self.moved {
            self.engine.send("ABOUT")?;
            let retry = (Instant::now() + ABOUT_RETRY).min(deadline);
            loop {
                match self.engine.next_line(retry) {
                    Ok(line) => {
                        if let Some(name) = reply::read_name(&line) {
                            self.engine.name = crate::protocol::reply::escape(name);
                            self.moved = false;
                            break;
                        }
                    }
                    Err(Fault::Timeout) if Instant::now() < deadline => break,
                    Err(fault) => return Err(fault),
                }
            }
        }
        Ok(())
    }

    /// A new game: `START`, then the rule, the limits and `options` as `INFO` lines.
    pub fn new_game(
        &mut self,
        tc: &TimeControl,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<(), Fault> {
        let deadline = Instant::now() + timeout;
        self.settle(deadline)?;
        self.known = None;
        self.engine.send(&format!("START {}", self.size))?;
        loop {
            let line = self.engine.next_line(deadline)?;
            if line.eq_ignore_ascii_case(reply::OK) {
                break;
            }
            if reply::is_refusal(&line) {
                return Err(Fault::Rejected(line));
            }
        }
        self.known = Some(0);
        let rule = match self.rule {
            Rule::Freestyle => 0,
            Rule::ExactFive => 1,
            Rule::Renju => 4,
        };
        let mut info = vec![("rule".to_string(), rule.to_string())];
        let turn = match (tc.clock, tc.movetime) {
            (Some(c), _) => c.base_ms,
            (None, Some(ms)) => ms,
            (None, None) => timeout.as_millis() as u64,
        };
        info.push(("timeout_turn".into(), turn.to_string()));
        let game = tc.clock.map_or(0, |c| c.base_ms);
        info.push(("timeout_match".into(), game.to_string()));
        if let Some(d) = tc.depth {
            info.push(("max_depth".into(), d.to_string()));
        }
        if let Some(n) = tc.nodes {
            info.push(("max_node".into(), n.to_string()));
        }
        if !options
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("max_memory"))
        {
            info.push(("max_memory".into(), DEFAULT_MAX_MEMORY.to_string()));
        }
        info.extend(options.iter().cloned());
        for (key, value) in info {
            self.engine.send(&format!("INFO {key} {value}"))?;
        }
        Ok(())
    }

    /// Asks for a move after `moves` (tabula's points), with `time_left` on its clock if any.
    pub fn ask(
        &mut self,
        moves: &[String],
        time_left: Option<u64>,
        timeout: Duration,
    ) -> Result<(), Fault> {
        self.settle(Instant::now() + timeout)?;
        let coord = |text: &str| {
            // The referee's rules accepted every move, so every one is a point of the board.
            parse_point(text, self.size).map(|p| reply::coord(to_coord(p, self.size)))
        };
        let points: Vec<String> = moves
            .iter()
            .map(|m| coord(m))
            .collect::<Result<_, _>>()
            .map_err(Fault::Spawn)?;
        self.engine.send(&format!(
            "INFO time_left {}",
            time_left.unwrap_or(UNLIMITED)
        ))?;
        match self.known {
            Some(0) if points.is_empty() => self.engine.send("BEGIN")?,
            Some(k) if k + 1 == points.len() => self.engine.send(&format!("TURN {}", points[k]))?,
            _ => {
                // The mover's stones are field 1: the first player's when the count is even.
                let me = points.len() % 2;
                self.engine.send("BOARD")?;
                for (i, p) in points.iter().enumerate() {
                    let field = if i % 2 == me { 1 } else { 2 };
                    self.engine.send(&format!("{p},{field}"))?;
                }
                self.engine.send("DONE")?;
            }
        }
        self.known = Some(points.len());
        Ok(())
    }

    /// Waits for the move, in tabula's points; a point off the board comes back as the
    /// engine wrote it, for the rules to refuse. `ERROR`/`UNKNOWN` means the engine did not
    /// take the position. The report holds the depth of the last `MESSAGE` line before the
    /// move that gives one (Gomocup has no line for it; Rapfi's and tabula's read alike).
    pub fn answer(&mut self, deadline: Instant) -> Result<(String, Report), Fault> {
        let mut report = Report::default();
        loop {
            let line = self.engine.next_line(deadline)?;
            if let Some(c) = reply::read_coord(&line) {
                self.moved = true;
                self.known = self.known.map(|k| k + 1);
                return Ok((self.point_text(c).unwrap_or(line), report));
            }
            if reply::is_refusal(&line) {
                return Err(Fault::Rejected(line));
            }
            report.depth = reply::read_message_depth(&line).or(report.depth);
        }
    }

    fn point_text(&self, c: Coord) -> Option<String> {
        to_point(c, self.size).map(format_point)
    }

    pub fn kill(self) {
        self.engine.kill();
    }
}
