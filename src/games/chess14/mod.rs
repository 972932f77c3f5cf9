//! Chess14 ("XXL chess"): 14x14 chess with fairy pieces, castling on any rank, promotion on the
//! first rank past the middle, and boards from 6x6 to 16x16 under the same rules scaled.
//! Rules: shared/rules/chess14.md.
//!
//! Files, lowest first: `geometry` (the padded mailbox), `pieces` (kinds, cell bytes),
//! `moves` (the packed move), `config` (the source's config.json), `zobrist`, `attacks`,
//! `position` (the state, setup and `play`), `rules` (legality, endings), `movegen`, `exchange`
//! (static exchange evaluation), `eval`,
//! `text`, `levels` (the rule-following players), `commands` (the GUI's extra commands), and
//! `game` (the `Rules`, `Searchable` and `Hosted` impls).

mod attacks;
mod commands;
mod config;
mod eval;
mod exchange;
mod game;
mod geometry;
mod levels;
mod movegen;
mod moves;
mod pieces;
mod position;
mod rules;
mod text;
mod zobrist;

#[cfg(test)]
mod perft_tests;
#[cfg(test)]
mod tests;

pub use moves::Move;
pub use position::Position;
pub use text::swap_case;

/// The game as the engine sees it: a position.
pub type Chess14 = Position;
