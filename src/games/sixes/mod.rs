//! Sixes: the 6x6 move-and-jump game with surround removal and a turn limit
//! (rules: shared/rules/sixes.md; protocol: the Sixes section of protocol.md).

pub mod board;
pub mod eval;
mod game;
pub mod moves;
pub mod player;
pub mod position;
pub mod rules;
pub mod text;
mod zobrist;

pub use moves::Move;
pub use position::{Ending, Sixes};
pub use rules::{Capture, LimitCounts, Rules};
#[cfg(test)]
mod tests;
