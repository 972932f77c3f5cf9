//! `tabula gomocup` (or `tabula pbrain`): a Gomocup brain on stdin/stdout, speaking the
//! protocol of the Gomocup managers (piskvork, c-gomoku-cli, Yixin-Board) over the same Gomoku
//! position and generic searcher as `game gomoku`.
//!
//! Files: `command.rs` (the commands as values), `parse.rs` (nom), `reply.rs` (every line the
//! brain writes, and how a manager reads them back), `stones.rs` (the game and its points),
//! `settings.rs` (what `INFO` sets: limits, memory, threads, rule), `swap2.rs` (the
//! Swap2 opening's choices), `brain.rs` (the session).

mod brain;
pub mod command;
mod parse;
pub mod reply;
mod settings;
pub mod stones;
mod swap2;

use crate::engine::{Flow, Output};
use crate::protocol::lines::Lines;
use brain::{Brain, MAX_LINE};
use std::io::BufRead;

/// Runs the brain on `input` until `END` or end of input; returns the exit status.
pub fn run<R: BufRead>(input: R, out: Output) -> i32 {
    let mut brain = match Brain::new(out) {
        Ok(b) => b,
        Err(e) => {
            super::complain("tabula gomocup", e);
            return 1;
        }
    };
    let mut lines = Lines::new(input, MAX_LINE);
    while let Some(line) = lines.next_line() {
        if let Flow::Exit(code) = brain.handle_line(&line) {
            return code;
        }
    }
    brain.finish();
    0
}
