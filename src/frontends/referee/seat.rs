//! An engine at the board, whichever protocol it speaks: the engine protocol (UCI/UGI) or
//! Gomocup. The game loop asks each seat for its move the same way.

use super::config::TimeControl;
use super::gomocup::GomocupEngine;
use super::process::{Dialect, Engine, Fault};
use std::time::{Duration, Instant};

pub enum Seat {
    Engine(Engine),
    Gomocup(GomocupEngine),
}

impl Seat {
    pub fn name(&self) -> &str {
        match self {
            Seat::Engine(e) => &e.name,
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
            Seat::Engine(e) => e.new_game(dialect, timeout),
            Seat::Gomocup(g) => g.new_game(tc, options, timeout),
        }
    }

    /// Asks for a move after `moves`: `go` is the engine protocol's `go` line, `time_left`
    /// the mover's clock, if any.
    pub fn ask(
        &mut self,
        moves: &[String],
        go: &str,
        time_left: Option<u64>,
        timeout: Duration,
    ) -> Result<(), Fault> {
        match self {
            Seat::Engine(e) => {
                e.send(&position_line(moves))?;
                e.send(go)
            }
            Seat::Gomocup(g) => g.ask(moves, time_left, timeout),
        }
    }

    /// The move, in the game's notation, if it arrives by `deadline`.
    pub fn answer(&mut self, deadline: Instant) -> Result<String, Fault> {
        match self {
            Seat::Engine(e) => e.best_move(deadline),
            Seat::Gomocup(g) => g.answer(deadline),
        }
    }

    pub fn kill(self) {
        match self {
            Seat::Engine(e) => e.kill(),
            Seat::Gomocup(g) => g.kill(),
        }
    }
}

/// `position startpos [moves ...]`.
pub fn position_line(moves: &[String]) -> String {
    if moves.is_empty() {
        "position startpos".to_string()
    } else {
        format!("position startpos moves {}", moves.join(" "))
    }
}
