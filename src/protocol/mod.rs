//! The engine's line protocol: reading lines safely and parsing them into commands.

pub mod command;
pub mod lines;
pub mod parse;

pub use command::{Command, Go, Query, Source};
pub use parse::parse;
