//! Front-ends around the engine core for exact third-party formats and tools.

pub mod advance_cli;
pub mod advance_match;
pub mod bench;
pub mod mist;
pub mod play;
pub mod referee;
