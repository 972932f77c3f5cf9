//! tabula: one engine for several two-player board games, driven over a line protocol.

pub mod engine;
pub mod files;
pub mod frontends;
pub mod game;
pub mod games;
pub mod protocol;
pub mod rng;
pub mod search;
