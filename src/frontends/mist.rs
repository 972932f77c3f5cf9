//! `tabula mist`: the Gomoku-in-the-Mist game controller, byte for byte as
//! shared/rules/mist.md and protocol.md state it. Commands come on stdin, one per line;
//! answers go to stdout, flushed one by one; the exit status tells how the session ended.

use std::io::{self, BufRead, Write};

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::combinator::{all_consuming, map, value};
use nom::sequence::preceded;

use crate::game::{Hosted, Side};
use crate::games::gomoku::Gomoku;
use crate::games::gomoku::geometry::{Point, Rule};
use crate::games::gomoku::mist::{MIST_SIZE, mist_view};
use crate::games::gomoku::text::{parse_point, write_point};
use crate::protocol::lines::{Line, Lines, is_space};

/// How many bytes of a line are kept: more than the longest command, `place S19`.
const HEAD: usize = 16;

/// One input line, understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Who,
    Term,
    Resign,
    View,
    History,
    /// `place <token>`: the point, or `None` when the token is not a point of the board.
    Place(Option<Point>),
    /// Not a command at all.
    Invalid,
}

/// The whole line must be one command: no leading, trailing or doubled whitespace.
fn command(line: &[u8]) -> Command {
    let place = preceded(tag(&b"place "[..]), take_till1(is_space));
    let parsed: nom::IResult<&[u8], Command> = all_consuming(alt((
        value(Command::Who, tag(&b"who"[..])),
        value(Command::Term, tag(&b"term"[..])),
        value(Command::Resign, tag(&b"resign"[..])),
        value(Command::View, tag(&b"view"[..])),
        value(Command::History, tag(&b"history"[..])),
        map(place, |token: &[u8]| Command::Place(point(token))),
    )))
    .parse(line);
    parsed.map_or(Command::Invalid, |(_, c)| c)
}

fn point(token: &[u8]) -> Option<Point> {
    let text = std::str::from_utf8(token).ok()?;
    parse_point(text, MIST_SIZE).ok()
}

/// Parses a line read in bounded memory. A truncated line is longer than any command or
/// point, so it can only be `place` with a token that is no point, or nothing.
pub fn parse(line: &Line) -> Command {
    match command(&line.head) {
        Command::Place(_) if line.truncated() && !line.tail_space => Command::Place(None),
        _ if line.truncated() => Command::Invalid,
        c => c,
    }
}

/// How a session ended, as the exit status says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The game ended (win, resignation or tie): status 0.
    GameOver,
    /// `term`, or the input ended before the game: status 1.
    Unfinished,
}

impl Exit {
    pub fn code(self) -> i32 {
        match self {
            Exit::GameOver => 0,
            Exit::Unfinished => 1,
        }
    }
}

/// The game as the controller keeps it.
struct Controller {
    game: Gomoku,
    /// Every successful placement, concatenated (at most 361 points of 3 bytes).
    history: String,
}

/// What the game came to after a command.
#[derive(Clone, Copy)]
enum Ending {
    Win(Side),
    Tie,
}

impl Controller {
    fn new() -> Controller {
        Controller {
            game: Gomoku::new(MIST_SIZE, true, Rule::Freestyle),
            history: String::new(),
        }
    }

    /// Answers one command: the lines to print, and how the game ended if it did.
    fn answer(&mut self, command: Command, out: &mut impl Write) -> io::Result<Option<Ending>> {
        match command {
            Command::Who => {
                let side = self.game.side_to_move();
                writeln!(out, "{}", self.game.side_name(side))?
            }
            Command::View => writeln!(out, "{}", mist_view(self.game.board(), self.game.last()))?,
            Command::History => writeln!(out, "{}", self.history)?,
            Command::Resign => return Ok(Some(Ending::Win(self.game.side_to_move().other()))),
            Command::Place(None) => writeln!(out, "Invalid coordinate")?,
            Command::Place(Some(p)) if self.game.board().at(p).is_some() => {
                writeln!(out, "Occupied coordinate")?
            }
            Command::Place(Some(p)) => {
                self.game.play(p);
                write_point(&mut self.history, p);
                if let Some(winner) = self.game.winner() {
                    return Ok(Some(Ending::Win(winner)));
                }
                if self.game.board().is_full() {
                    return Ok(Some(Ending::Tie));
                }
            }
            Command::Invalid => writeln!(out, "Invalid!")?,
            // The caller ends the session; `term` prints nothing.
            Command::Term => {}
        }
        Ok(None)
    }

    fn farewell(&self, ending: Ending, out: &mut impl Write) -> io::Result<()> {
        let verdict = match ending {
            Ending::Win(Side::P1) => "Black wins!",
            Ending::Win(Side::P2) => "White wins!",
            Ending::Tie => "Wow, a tie!",
        };
        writeln!(out, "{verdict}\n{}\nThank you for playing!", self.history)
    }
}

/// Runs one game over `input` and `output`. The end of input (or a read error) before the
/// game is over, and a failure to write, end the session as unfinished.
pub fn run(input: impl BufRead, mut output: impl Write) -> Exit {
    let mut lines = Lines::new(input, HEAD);
    let mut game = Controller::new();
    loop {
        let Some(line) = lines.next_line() else {
            return Exit::Unfinished;
        };
        let command = parse(&line);
        if command == Command::Term {
            return Exit::Unfinished;
        }
        let step = game.answer(command, &mut output).and_then(|ending| {
            if let Some(ending) = ending {
                game.farewell(ending, &mut output)?;
            }
            output.flush()?;
            Ok(ending.is_some())
        });
        match step {
            Ok(true) => return Exit::GameOver,
            Ok(false) => {}
            Err(e) => {
                log::error!("writing stdout: {e}");
                return Exit::Unfinished;
            }
        }
    }
}

/// `tabula mist` on the process's stdin and stdout; returns the exit status.
pub fn main() -> i32 {
    run(io::stdin().lock(), io::stdout().lock()).code()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_bytes(bytes: &[u8]) -> Command {
        parse(&Lines::new(bytes, HEAD).next_line().unwrap())
    }

    #[test]
    fn commands_must_be_exact() {
        assert_eq!(parse_bytes(b"who"), Command::Who);
        assert_eq!(parse_bytes(b"term"), Command::Term);
        assert_eq!(parse_bytes(b"resign"), Command::Resign);
        assert_eq!(parse_bytes(b"view"), Command::View);
        assert_eq!(parse_bytes(b"history"), Command::History);
        assert_eq!(
            parse_bytes(b"place J10"),
            Command::Place(Some(Point::new(9, 9)))
        );
        for bad in [
            &b"\n"[..],
            b" ",
            b"who ",
            b" who",
            b"WHO",
            b"whom",
            b"placeA1",
            b"place",
            b"place ",
            b"place  A1",
            b"place A1 ",
            b"place A1 B2",
            b"place\tA1",
            b"place A1\t",
            b"wh\x00o",
        ] {
            assert_eq!(
                parse_bytes(bad),
                Command::Invalid,
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }

    #[test]
    fn tokens_that_are_no_point_are_invalid_coordinates() {
        for bad in [
            &b"Z100"[..],
            b"A0",
            b"A20",
            b"T1",
            b"A01",
            b"a1",
            b"AA",
            b"A1A",
            b"\xff\xfe",
        ] {
            let line = [&b"place "[..], bad].concat();
            assert_eq!(parse_bytes(&line), Command::Place(None));
        }
    }

    #[test]
    fn long_lines_are_judged_by_all_their_bytes() {
        let token = vec![b'A'; 1000];
        assert_eq!(
            parse_bytes(&[&b"place "[..], &token].concat()),
            Command::Place(None)
        );
        assert_eq!(
            parse_bytes(&[&b"place "[..], &token, b" "].concat()),
            Command::Invalid
        );
        assert_eq!(
            parse_bytes(&[&b"place "[..], &token, b"\r\n"].concat()),
            Command::Place(None)
        );
        assert_eq!(
            parse_bytes(&[&b"who"[..], &token].concat()),
            Command::Invalid
        );
    }

    fn session(input: &str) -> (String, Exit) {
        let mut out = Vec::new();
        let exit = run(input.as_bytes(), &mut out);
        (String::from_utf8(out).unwrap(), exit)
    }

    #[test]
    fn worked_examples_of_the_rules_page() {
        assert_eq!(session("who\nterm\n"), ("B\n".into(), Exit::Unfinished));
        assert_eq!(
            session("who\nplace A1\nwho\nresign"),
            (
                "B\nW\nBlack wins!\nA1\nThank you for playing!\n".into(),
                Exit::GameOver
            )
        );
        assert_eq!(
            session("place A1\nplace B2\nplace C3\nplace D4\nhistory\nterm\n"),
            ("A1B2C3D4\n".into(), Exit::Unfinished)
        );
    }

    #[test]
    fn nothing_after_the_end_is_read() {
        let (out, exit) = session(
            "place A1\nplace B1\nplace A2\nplace B2\nplace A3\nplace B3\nplace A4\nplace B4\nplace A5\nwho\n",
        );
        assert_eq!(
            out,
            "Black wins!\nA1B1A2B2A3B3A4B4A5\nThank you for playing!\n"
        );
        assert_eq!(exit, Exit::GameOver);
    }

    #[test]
    fn errors_keep_the_turn_and_the_mist() {
        let (out, exit) = session("place A1\nview\nplace A1\nplace A0\nwho\nview\n");
        let view = format!("M3,{}xxxxxxx", ".".repeat(42));
        assert_eq!(
            out,
            format!("{view}\nOccupied coordinate\nInvalid coordinate\nW\n{view}\n")
        );
        assert_eq!(exit, Exit::Unfinished);
    }
}
