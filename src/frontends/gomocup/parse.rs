//! Reads one Gomocup line into a [`Command`] (or, inside `BOARD`, a stone) with `nom`. Pure: no
//! state, no I/O, no panics. Commands and `INFO` keys are read case-insensitively, as the
//! protocol allows; words are separated by blanks.

use super::command::{Command, Coord, Field, Info};
use crate::protocol::parse::clip;
use nom::character::complete::{char, digit1, space0};
use nom::combinator::all_consuming;
use nom::sequence::{preceded, separated_pair, terminated};
use nom::{IResult, Parser};

type Res<'a, T> = IResult<&'a str, T>;

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// No command of the protocol has this name: `UNKNOWN`.
    Unknown(String),
    /// A known command with arguments that do not fit: `ERROR`.
    Malformed(String),
}

/// A whole number; one too long for `u64` reads as `u64::MAX` (off any board, over any limit).
fn number(i: &str) -> Res<'_, u64> {
    preceded(space0, digit1)
        .map(|d: &str| d.parse().unwrap_or(u64::MAX))
        .parse(i)
}

fn size(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// `x,y`, blanks allowed around the comma.
fn pair(i: &str) -> Res<'_, (u64, u64)> {
    separated_pair(number, preceded(space0, char(',')), number).parse(i)
}

fn coord(i: &str) -> Res<'_, Coord> {
    pair.map(|(x, y)| Coord {
        x: size(x),
        y: size(y),
    })
    .parse(i)
}

/// The whole of `args` read by `p`, blanks around it allowed.
fn whole<'a, T>(
    args: &'a str,
    p: impl Parser<&'a str, Output = T, Error = nom::error::Error<&'a str>>,
) -> Option<T> {
    all_consuming(terminated(p, space0))
        .parse(args)
        .ok()
        .map(|(_, v)| v)
}

/// Parses a command line (not blank).
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    let (name, args) = line
        .split_once(|c: char| c.is_whitespace())
        .unwrap_or((line, ""));
    let args = args.trim();
    let upper = name.to_ascii_uppercase();
    let malformed = |what: &str| Err(ParseError::Malformed(what.to_string()));
    let none = |c: Command| match args {
        "" => Ok(c),
        extra => Err(ParseError::Malformed(format!(
            "{upper} takes no arguments, got '{}'",
            clip(extra)
        ))),
    };
    let at = |c: fn(Coord) -> Command| match whole(args, coord) {
        Some(p) => Ok(c(p)),
        None => Err(ParseError::Malformed(format!(
            "{upper} needs a point x,y (zero-based column and row, e.g. {upper} 7,7), not '{}'",
            clip(args)
        ))),
    };
    match upper.as_str() {
        "START" => match whole(args, number) {
            Some(n) => Ok(Command::Start(size(n))),
            None => malformed(&format!(
                "START needs the board size, e.g. START 15, not '{}'",
                clip(args)
            )),
        },
        "RECTSTART" => match whole(args, pair) {
            Some((w, h)) => Ok(Command::RectStart(size(w), size(h))),
            None => malformed(&format!(
                "RECTSTART needs width,height, e.g. RECTSTART 15,15, not '{}'",
                clip(args)
            )),
        },
        "RESTART" => none(Command::Restart),
        "BEGIN" => none(Command::Begin),
        "BOARD" => none(Command::Board),
        "SWAP2BOARD" => none(Command::Swap2Board),
        "END" => none(Command::End),
        "ABOUT" => none(Command::About),
        "STOP" | "YXSTOP" => none(Command::Stop),
        "TURN" => at(Command::Turn),
        "TAKEBACK" => at(Command::Takeback),
        "INFO" => info(args).map(Command::Info).map_err(ParseError::Malformed),
        _ => Err(ParseError::Unknown(format!("command '{}'", clip(name)))),
    }
}

/// `INFO <key> <value>`.
fn info(args: &str) -> Result<Info, String> {
    let (key, value) = args
        .split_once(|c: char| c.is_whitespace())
        .unwrap_or((args, ""));
    let value = value.trim();
    let key = key.to_ascii_lowercase();
    let ms = |make: fn(u64) -> Info, unit: &str| match whole(value, number) {
        Some(n) => Ok(make(n)),
        None => Err(format!(
            "INFO {key} needs a whole number of {unit}, not '{}'",
            clip(value)
        )),
    };
    match key.as_str() {
        "" => Err("INFO needs a key and a value, e.g. INFO timeout_turn 5000".into()),
        "timeout_turn" => ms(Info::TimeoutTurn, "milliseconds"),
        "timeout_match" => ms(Info::TimeoutMatch, "milliseconds"),
        // The protocol lets the time left go below zero when the brain overspends.
        "time_left" => match whole(value, preceded(char('-'), number)) {
            Some(_) => Ok(Info::TimeLeft(0)),
            None => ms(Info::TimeLeft, "milliseconds"),
        },
        "max_memory" => ms(Info::MaxMemory, "bytes"),
        "game_type" => ms(Info::GameType, "0 to 3"),
        "rule" => ms(Info::Rule, "rule bits"),
        "thread_num" => ms(Info::ThreadNum, "threads"),
        "max_depth" => ms(Info::MaxDepth, "plies"),
        "max_node" => ms(Info::MaxNode, "nodes"),
        "show_detail" => ms(Info::ShowDetail, "0 (no details) or 1"),
        "folder" => Ok(Info::Folder(value.to_string())),
        _ => Ok(Info::Other(key)),
    }
}

/// One line inside `BOARD`: `x,y,field`, or `None` for `DONE`.
pub fn board_line(line: &str) -> Result<Option<(Coord, Field)>, String> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(None);
    }
    let stone = (coord, preceded((space0, char(',')), number));
    match whole(line, stone) {
        Some((p, 1)) => Ok(Some((p, Field::Own))),
        Some((p, 2)) => Ok(Some((p, Field::Opponent))),
        Some((p, 3)) => Ok(Some((p, Field::WinningLine))),
        Some((_, f)) => Err(format!(
            "'{}': the field is 1 (own stone), 2 (opponent's) or 3, not {f}",
            clip(line)
        )),
        None => Err(format!(
            "'{}' is not x,y,field (e.g. 7,7,1) nor DONE",
            clip(line)
        )),
    }
}

/// One line inside `SWAP2BOARD`: `x,y` (or `x,y,field` with a field of 1 or 2, as a `BOARD`
/// line; the colours follow from the order alone), or `None` for `DONE`.
pub fn swap2_line(line: &str) -> Result<Option<Coord>, String> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(None);
    }
    if let Some(p) = whole(line, coord) {
        return Ok(Some(p));
    }
    match board_line(line) {
        Ok(Some((p, Field::Own | Field::Opponent))) => Ok(Some(p)),
        _ => Err(format!(
            "'{}' is not a stone x,y (e.g. 7,7) nor DONE",
            clip(line)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: usize, y: usize) -> Coord {
        Coord { x, y }
    }

    #[test]
    fn commands_read_in_any_case_with_blanks() {
        assert_eq!(parse("START 15"), Ok(Command::Start(15)));
        assert_eq!(parse(" start\t20 "), Ok(Command::Start(20)));
        assert_eq!(parse("RECTSTART 20, 15"), Ok(Command::RectStart(20, 15)));
        assert_eq!(parse("turn 10 ,11"), Ok(Command::Turn(at(10, 11))));
        assert_eq!(parse("TAKEBACK 0,0"), Ok(Command::Takeback(at(0, 0))));
        assert_eq!(parse("YXSTOP"), Ok(Command::Stop));
        assert_eq!(
            parse("TURN 99999999999999999999999,1"),
            Ok(Command::Turn(at(usize::MAX, 1)))
        );
    }

    #[test]
    fn bad_arguments_are_errors_and_other_words_unknown() {
        let malformed = |l| matches!(parse(l), Err(ParseError::Malformed(_)));
        for line in [
            "START",
            "START x",
            "START 15 15",
            "TURN 1",
            "TURN 1,",
            "TURN -1,2",
            "TURN 1,2,3",
            "BEGIN now",
            "RECTSTART 15",
            "INFO",
            "INFO timeout_turn x",
            "INFO rule",
        ] {
            assert!(malformed(line), "{line}");
        }
        assert_eq!(
            parse("SWAP3BOARD"),
            Err(ParseError::Unknown("command 'SWAP3BOARD'".into()))
        );
        assert_eq!(parse("swap2board"), Ok(Command::Swap2Board));
        assert!(malformed("SWAP2BOARD 3"));
    }

    #[test]
    fn info_keys() {
        let info = |l| match parse(l) {
            Ok(Command::Info(i)) => i,
            other => panic!("{l}: {other:?}"),
        };
        assert_eq!(info("INFO timeout_turn 5000"), Info::TimeoutTurn(5000));
        assert_eq!(info("INFO TIME_LEFT -20"), Info::TimeLeft(0));
        assert_eq!(
            info("INFO max_memory 83886080"),
            Info::MaxMemory(83_886_080)
        );
        assert_eq!(
            info("INFO folder C:\\my brain"),
            Info::Folder("C:\\my brain".into())
        );
        assert_eq!(info("INFO show_detail 1"), Info::ShowDetail(1));
        assert_eq!(
            info("INFO caution_factor 3"),
            Info::Other("caution_factor".into())
        );
    }

    #[test]
    fn board_lines() {
        assert_eq!(board_line("7,7,1"), Ok(Some((at(7, 7), Field::Own))));
        assert_eq!(
            board_line("8 , 7 , 2 "),
            Ok(Some((at(8, 7), Field::Opponent)))
        );
        assert_eq!(
            board_line("0,0,3"),
            Ok(Some((at(0, 0), Field::WinningLine)))
        );
        assert_eq!(board_line("done"), Ok(None));
        assert!(board_line("7,7,4").unwrap_err().contains("not 4"));
        assert!(board_line("7,7").unwrap_err().contains("x,y,field"));
        assert!(board_line("garbage").is_err());
    }

    #[test]
    fn swap2_lines() {
        assert_eq!(swap2_line("7,7"), Ok(Some(at(7, 7))));
        assert_eq!(swap2_line(" 8 , 6 "), Ok(Some(at(8, 6))));
        assert_eq!(swap2_line("8,6,2"), Ok(Some(at(8, 6))));
        assert_eq!(swap2_line("Done"), Ok(None));
        for bad in ["7", "7,7,3", "7,7,0", "a,b", "7,7 8,8", "-1,2"] {
            assert!(swap2_line(bad).unwrap_err().contains("x,y"), "{bad}");
        }
    }
}
