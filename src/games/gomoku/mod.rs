//! Free-style Gomoku (five or more in a row wins) on boards of 5..=26, and the 19x19
//! Gomoku in the Mist whose controller lives in `frontends::mist`.
//!
//! Files, lowest first: `geometry` (points, lines, five in a row), `zobrist`, `board` (the
//! stones), `shapes` (line patterns), `cells` (what a stone on each empty point would make),
//! `weights` (the evaluation's fitted weights), `position` (the game state kept stone by
//! stone), `vcf` (wins by continuous fours), `points` (what a point is worth to play),
//! `renju` (Black's forbidden points), `movegen`, `eval`, `text`, `mist` (the mist's view),
//! `rules` (the variants), `game` (the `Rules`, `Searchable` and `Hosted` impls) and `tuning`
//! (the weights as `tabula tune` fits them).

pub mod board;
mod cells;
mod eval;
mod game;
pub mod geometry;
pub mod mist;
mod movegen;
mod points;
mod position;
mod renju;
mod rules;
mod shapes;
pub mod text;
mod tuning;
mod vcf;
mod weights;
mod zobrist;

pub use position::Gomoku;

#[cfg(test)]
mod tests;
