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

/// Prints `<who>: <what>` on stderr, with the control characters of `what` escaped as every
/// echo of outside input is (`\x1b`, `\0`, ...): it quotes file names, file contents,
/// arguments and other programs' answers, and a terminal must not run them.
pub fn complain(who: &str, what: impl std::fmt::Display) {
    eprintln!(
        "{who}: {}",
        crate::protocol::reply::escape(&what.to_string())
    );
}

/// A diagnostic line (`RUST_LOG=info`): `[<level> <module>] <message>`, the message escaped
/// like every echo of outside input (engines' answers and moves are logged).
pub fn log_line(out: &mut env_logger::fmt::Formatter, record: &log::Record) -> std::io::Result<()> {
    let message = crate::protocol::reply::escape(&record.args().to_string());
    writeln!(out, "[{} {}] {message}", record.level(), record.target())
}

/// Prints a line of a front-end's report on stdout. When the reader has closed the pipe
/// (`tabula advance match 8 7 | head`), nobody wants the rest: the process ends quietly,
/// where `println!` would panic.
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}
