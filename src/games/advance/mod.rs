//! Advance: a 9x9 chess-like game with walls, conversion and protection
//! (rules: shared/rules/advance.md; choices the rules leave open: protocol.md).
//!
//! Imports run one way: `tables` → `position` → `movegen` → `rules` → `text`, `perft`,
//! `exchange`, `eval`, `levels` → `model` → `game`. The rules know no player: `Position` is the game
//! itself; `Model` is what a searching player brings to its searches (weights, level 8's
//! model of a graded game and its cache: the searcher's policy); `Advance`, the position with
//! level 8's search marks, is the type the engine registers.

pub mod eval;
mod exchange;
mod game;
pub mod levels;
pub mod model;
pub mod movegen;
pub mod perft;
pub mod position;
pub mod rules;
pub mod tables;
pub mod text;

pub use eval::Weights;
pub use levels::{LEVEL_OPTION, Level};
pub use model::{Advance, Model};
pub use movegen::Move;
pub use position::Position;
