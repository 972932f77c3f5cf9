//! Front-ends around the engine core for exact third-party formats and tools.

pub mod advance;
pub mod args;
pub mod bench;
pub mod cli;
pub mod gomocup;
pub mod mist;
pub mod referee;
pub mod sixes;
pub mod tune;
pub mod xboard;

use std::io::Write;

/// Prints a line of a front-end's report on stdout. When the reader has closed the pipe
/// (`tabula advance match 8 7 | head`), nobody wants the rest: the process ends quietly,
/// where `println!` would panic.
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}
