//! Sixes: the 6x6 move-and-jump game with surround removal and a turn limit
//! (rules: shared/rules/sixes.md; protocol: the Sixes section of protocol.md).
//!
//! Files, lowest first: `geometry` (squares, directions, bitboards), `moves` (the move),
//! `variants` (the rule options), `zobrist`, `position` (the state and `play`), `movegen`,
//! `rules` (legality, endings), `eval`, `text`, and `game` (the `Rules`, `Searchable` and
//! `Hosted` impls).

mod eval;
mod game;
pub mod geometry;
mod movegen;
mod moves;
mod position;
mod rules;
pub mod text;
pub mod variants;
mod zobrist;

pub use moves::Move;
pub use position::Sixes;
pub use rules::Ending;
pub use variants::{Capture, LimitCounts, Rules};

#[cfg(test)]
mod tests;
