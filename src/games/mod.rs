//! The games, one folder each. A game implements `Rules`, `Searchable` and `Hosted` (together
//! [`crate::game::Game`]); the registry of the session (`src/engine/registry.rs`) gives it a
//! protocol id.

pub mod advance;
pub mod chess14;
pub mod gomoku;
pub mod sixes;
