//! The engine's line protocol: reading lines safely, parsing them into commands, and writing
//! (and reading back) the replies.

pub mod command;
pub mod lines;
pub mod parse;
pub mod reply;
pub mod spelling;

pub use command::{Command, Go, Query, Source};
pub use parse::parse;
