//! `tabula xboard`: Chess14 for XBoard and other GUIs of the Chess Engine Communication
//! Protocol (CECP, version 2; /usr/share/doc/xboard/engine-intf.html). XBoard learns the
//! 14x14 board and the pieces from the engine (`setup`), leaves legality to it, and shows its
//! `highlight`s: the targets of a lifted piece, the king in check, the pieces of a mate.
//!
//! Files: `parse` (a line into a command), `board` (piece table, FEN, moves and colour boards
//! as XBoard writes them), `clock` (time controls into search limits), `reply` (every line
//! written), `think` (the search thread), `session` (the state machine).
//!
//! A reader thread turns stdin into events; a search thread reports its end as one too, so
//! the session's one thread answers `?`, `force` or `quit` while the engine thinks.

mod board;
mod clock;
mod parse;
mod reply;
mod session;
mod think;

use crate::engine::Output;
use crate::protocol::lines::{Line, Lines};
use session::{Flow, Session};
use std::io::BufRead;
use std::sync::mpsc;

pub use crate::protocol::lines::MAX_LINE;

/// What the session's thread waits for.
pub enum Event {
    Line(Line),
    /// The input ended.
    End,
    /// The search with this id ended by its limits.
    Searched(u64),
}

/// Runs the protocol on `input` until `quit` or the end of input; the exit status.
pub fn run<R: BufRead + Send + 'static>(input: R, out: Output) -> i32 {
    let (tx, rx) = mpsc::channel();
    let mut session = match Session::new(out, tx.clone()) {
        Ok(s) => s,
        Err(e) => {
            log::error!("{e}");
            return 1;
        }
    };
    // Detached: it may block on stdin after `quit`, and ends with the process.
    Lines::new(input, MAX_LINE).forward(tx, Event::Line, Event::End);
    while let Ok(event) = rx.recv() {
        match event {
            Event::Line(line) => {
                if session.line(&line) == Flow::Exit {
                    return 0;
                }
            }
            Event::Searched(id) => session.searched(id),
            Event::End => break,
        }
    }
    session.finish();
    0
}
