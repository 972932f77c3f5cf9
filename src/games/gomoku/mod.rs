//! Free-style Gomoku (five or more in a row wins) on boards of 5..=26, and the 19x19
//! Gomoku in the Mist whose controller lives in `frontends::mist`.

pub mod board;
pub mod eval;
pub mod game;
pub mod mist;
pub mod position;
pub mod text;

pub use position::Gomoku;

#[cfg(test)]
mod tests;
