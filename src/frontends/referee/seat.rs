//! An engine at the board, whichever protocol it speaks: the engine protocol (UCI/UGI), the
//! same in Fairy-Stockfish's notation, or Gomocup. The game loop asks each seat for its move
//! the same way.

use super::config::TimeControl;
use super::fairy;
use super::gomocup::GomocupEngine;
use super::process::{Dialect, Engine, Fault, Report};
use crate::engine::Driver;
use crate::protocol::Source;
use std::time::{Duration, Instant};

pub enum Seat {
    Engine(Engine),
    /// A Fairy-Stockfish-family engine (`--uci-variant`).
    Fairy(Engine),
    Gomocup(GomocupEngine),
}

/// The game so far, as each kind of seat needs it told.
pub struct GameSoFar<'a> {
    pub start: &'a Source,
    /// The opening and the moves played after it.
    pub moves: &'a [String],
    /// The referee's rules, at the current position.
    pub rules: &'a dyn Driver,
}

impl Seat {
    pub fn name(&self) -> &str {
        match self {
            Seat::Engine(e) | Seat::Fairy(e) => &e.name,
            Seat::Gomocup(g) => g.name(),
        }
    }

    /// Whether `--movetime` is a limit the engine loses by exceeding (Gomocup's
    /// `timeout_turn`) rather than the engine protocol's instruction.
    pub fn turn_limit(&self) -> bool {
        matches!(self, Seat::Gomocup(_))
    }

    /// Tells the engine a new game starts; `options` are a Gomocup engine's `INFO` lines
    /// (an engine-protocol engine got its options at the handshake).
    pub fn new_game(
        &mut self,
        dialect: Dialect,
        tc: &TimeControl,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<(), Fault> {
        match self {
            Seat::Engine(e) | Seat::Fairy(e) => e.new_game(dialect, timeout),
            Seat::Gomocup(g) => g.new_game(tc, options, timeout),
        }
    }

    /// Asks for a move in `game`: `go` is the engine protocol's `go` line, `time_left` the
    /// mover's clock, if any.
    pub fn ask(
        &mut self,
        game: &GameSoFar<'_>,
        go: &str,
        time_left: Option<u64>,
        timeout: Duration,
    ) -> Result<(), Fault> {
        match self {
            Seat::Engine(e) => {
                e.send(&position_line(game.start, game.moves))?;
                e.send(go)
            }
            Seat::Fairy(e) => {
                let fen = fairy::fen(&game.rules.fen()).map_err(Fault::Rejected)?;
                e.send(&format!("position fen {fen}"))?;
                e.send(go)
            }
            Seat::Gomocup(g) => g.ask(game.moves, time_left, timeout),
        }
    }

    /// The move, in the game's notation, if it arrives by `deadline`, and what the engine
    /// said of its search (its `info` lines, or a Gomocup brain's `MESSAGE` lines).
    pub fn answer(&mut self, deadline: Instant) -> Result<(String, Report), Fault> {
        match self {
            Seat::Engine(e) => e.best_move(deadline),
            Seat::Fairy(e) => e
                .best_move(deadline)
                .map(|(word, report)| (fairy::read_move(&word).to_string(), report)),
            Seat::Gomocup(g) => g.answer(deadline),
        }
    }

    pub fn kill(self) {
        match self {
            Seat::Engine(e) | Seat::Fairy(e) => e.kill(),
            Seat::Gomocup(g) => g.kill(),
        }
    }
}

/// `position startpos [moves ...]`, or `position fen <text> [moves ...]`.
pub fn position_line(start: &Source, moves: &[String]) -> String {
    let mut line = match start {
        Source::StartPos => "position startpos".to_string(),
        Source::Fen(text) => format!("position fen {text}"),
        Source::Other { kind, arg } => format!("position {kind} {arg}"),
    };
    if !moves.is_empty() {
        line += " moves ";
        line += &moves.join(" ");
    }
    line
}
