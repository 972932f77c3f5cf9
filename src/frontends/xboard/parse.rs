//! Parses one CECP line (XBoard's engine protocol, version 2) into a [`Command`] with `nom`.
//! Pure: no state, no I/O, no panics. The error is the reason in `Error (REASON): LINE`.

use nom::bytes::complete::take_till1;
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{all_consuming, map_res, opt, recognize};
use nom::number::complete::double;
use nom::sequence::preceded;
use nom::{IResult, Parser};

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Xboard,
    Protover(u32),
    New,
    Variant(String),
    Force,
    Go,
    PlayOther,
    /// `usermove MOVE`, or a bare move word.
    UserMove(String),
    MoveNow,
    Ping(String),
    SetBoard(String),
    Undo,
    Remove,
    /// `result RESULT {COMMENT}`: the game is over.
    Result,
    /// `level MPS BASE INC`: moves per session (0: the whole game), base and increment in ms.
    Level {
        moves: u32,
        base_ms: u64,
        inc_ms: u64,
    },
    /// `st SECONDS`: at most this long per move.
    MoveTime(u64),
    /// `sd DEPTH`.
    Depth(u32),
    /// `time` / `otim`, in centiseconds.
    Time(u64),
    OpponentTime(u64),
    Post(bool),
    /// `hard` / `easy`: pondering on or off.
    Ponder(bool),
    Analyze,
    Exit,
    Memory(usize),
    Cores(usize),
    Option {
        name: String,
        value: Option<String>,
    },
    Lift(String),
    Put(String),
    Hover(String),
    Quit,
    /// Commands that need nothing from this engine (`accepted`, `computer`, `draw`, ...).
    Ignored,
}

type Res<'a, T> = IResult<&'a str, T>;

fn number<T: std::str::FromStr>(i: &str) -> Res<'_, T> {
    map_res(preceded(space0, digit1), str::parse).parse(i)
}

/// Seconds as XBoard writes them (`30`, `0.5`) in milliseconds.
fn seconds_ms(i: &str) -> Res<'_, u64> {
    map_res(preceded(space0, double), |s: f64| {
        if (0.0..=1e9).contains(&s) {
            Ok((s * 1000.0).round() as u64)
        } else {
            Err(())
        }
    })
    .parse(i)
}

/// `level`'s base time: minutes, or `minutes:seconds`.
fn base_ms(i: &str) -> Res<'_, u64> {
    let (i, minutes) = number::<u64>(i)?;
    let (i, seconds) = opt(preceded(char(':'), digit1.map_res(str::parse::<u64>))).parse(i)?;
    let ms = minutes
        .saturating_mul(60_000)
        .saturating_add(seconds.unwrap_or(0).saturating_mul(1000));
    Ok((i, ms))
}

fn level(i: &str) -> Res<'_, Command> {
    let (i, moves) = number::<u32>(i)?;
    let (i, base_ms) = preceded(space1, base_ms).parse(i)?;
    let (i, inc_ms) = preceded(space1, seconds_ms).parse(i)?;
    Ok((
        i,
        Command::Level {
            moves,
            base_ms,
            inc_ms,
        },
    ))
}

/// Whether a word reads as a move (`h2h4`, `h7h8q`): a square first.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

/// Parses a line (already without its newline).
pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (name, args) = match line.split_once(char::is_whitespace) {
        Some((n, a)) => (n, a.trim()),
        None => (line, ""),
    };
    let none = |c: Command| match args {
        "" => Ok(c),
        _ => Err(format!("{name} takes no arguments")),
    };
    let with = |p: fn(&str) -> Res<'_, Command>, what: &str| {
        all_consuming(p)
            .parse(args)
            .map(|(_, c)| c)
            .map_err(|_| format!("{name} needs {what}"))
    };
    let word = |what: &str| match args {
        "" => Err(format!("{name} needs {what}")),
        a if a.contains(char::is_whitespace) => Err(format!("{name} takes one {what}")),
        a => Ok(a.to_string()),
    };
    match name {
        "xboard" => none(Command::Xboard),
        "protover" => with(
            |i| number(i).map(|(i, n)| (i, Command::Protover(n))),
            "a version",
        ),
        "new" => none(Command::New),
        "variant" => word("variant name").map(Command::Variant),
        "force" => none(Command::Force),
        "go" => none(Command::Go),
        "playother" => none(Command::PlayOther),
        "usermove" => word("move").map(Command::UserMove),
        "?" => none(Command::MoveNow),
        // CECP's N is an integer; echoed as sent.
        "ping" if !args.is_empty() && args.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Command::Ping(args.to_string()))
        }
        "ping" => Err("ping needs a number".into()),
        "setboard" if !args.is_empty() => Ok(Command::SetBoard(args.to_string())),
        "setboard" => Err("setboard needs a FEN".into()),
        "undo" => none(Command::Undo),
        "remove" => none(Command::Remove),
        "result" => Ok(Command::Result),
        "level" => with(level, "moves, base time and increment (level 40 5 0)"),
        "st" => with(
            |i| seconds_ms(i).map(|(i, ms)| (i, Command::MoveTime(ms))),
            "seconds",
        ),
        "sd" => with(
            |i| number(i).map(|(i, d)| (i, Command::Depth(d))),
            "a depth",
        ),
        "time" => with(
            |i| number(i).map(|(i, t)| (i, Command::Time(t))),
            "centiseconds",
        ),
        "otim" => with(
            |i| number(i).map(|(i, t)| (i, Command::OpponentTime(t))),
            "centiseconds",
        ),
        "post" => none(Command::Post(true)),
        "nopost" => none(Command::Post(false)),
        "hard" => none(Command::Ponder(true)),
        "easy" => none(Command::Ponder(false)),
        "analyze" => none(Command::Analyze),
        "exit" => none(Command::Exit),
        "memory" => with(
            |i| number(i).map(|(i, m)| (i, Command::Memory(m))),
            "megabytes",
        ),
        "cores" => with(
            |i| number(i).map(|(i, c)| (i, Command::Cores(c))),
            "a count",
        ),
        "option" => option(args),
        "lift" => word("square").map(Command::Lift),
        "put" => word("square").map(Command::Put),
        "hover" => word("square").map(Command::Hover),
        "quit" => none(Command::Quit),
        "accepted" | "rejected" | "computer" | "name" | "rating" | "ics" | "random" | "draw"
        | "hint" | "bk" | "." | "pause" | "resume" => Ok(Command::Ignored),
        _ if args.is_empty() && looks_like_move(name) => Ok(Command::UserMove(name.to_string())),
        _ => Err("unknown command".into()),
    }
}

/// `option NAME[=VALUE]`; the name may hold spaces.
fn option(args: &str) -> Result<Command, String> {
    let parsed: Res<'_, &str> = recognize(take_till1(|c: char| c == '=')).parse(args);
    match parsed {
        Ok((rest, name)) if !name.trim().is_empty() => Ok(Command::Option {
            name: name.trim().to_string(),
            value: rest.strip_prefix('=').map(|v| v.trim().to_string()),
        }),
        _ => Err("option needs NAME or NAME=VALUE".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_the_commands_xboard_sends() {
        assert_eq!(parse("protover 2"), Ok(Command::Protover(2)));
        assert_eq!(
            parse("variant chess14"),
            Ok(Command::Variant("chess14".into()))
        );
        assert_eq!(
            parse("level 40 1 0"),
            Ok(Command::Level {
                moves: 40,
                base_ms: 60_000,
                inc_ms: 0
            })
        );
        assert_eq!(
            parse("level 0 2:30 0.5"),
            Ok(Command::Level {
                moves: 0,
                base_ms: 150_000,
                inc_ms: 500
            })
        );
        assert_eq!(parse("st 1"), Ok(Command::MoveTime(1000)));
        assert_eq!(parse("time 2999"), Ok(Command::Time(2999)));
        assert_eq!(
            parse("usermove h13h11"),
            Ok(Command::UserMove("h13h11".into()))
        );
        assert_eq!(parse("h2h4"), Ok(Command::UserMove("h2h4".into())));
        assert_eq!(parse("ping 7"), Ok(Command::Ping("7".into())));
        // Before, any text or none was echoed as `pong` (issue 40).
        for bad in ["ping", "ping x", "ping 7 8", "ping -1"] {
            assert_eq!(parse(bad), Err("ping needs a number".into()), "{bad}");
        }
        assert_eq!(parse("result 1-0 {White mates}"), Ok(Command::Result));
        assert_eq!(
            parse("option Level=guidelines"),
            Ok(Command::Option {
                name: "Level".into(),
                value: Some("guidelines".into())
            })
        );
        assert_eq!(
            parse("setboard 7k6/14 w - - 0 1"),
            Ok(Command::SetBoard("7k6/14 w - - 0 1".into()))
        );
        assert_eq!(parse("accepted usermove"), Ok(Command::Ignored));
    }

    #[test]
    fn refuses_with_a_reason() {
        assert_eq!(parse("frobnicate"), Err("unknown command".into()));
        assert_eq!(parse("go now"), Err("go takes no arguments".into()));
        assert!(parse("level 40").unwrap_err().contains("level needs"));
        assert!(parse("st -1").is_err());
        assert!(parse("sd x").is_err());
        assert!(parse("setboard").is_err());
        assert!(parse("usermove a1 a2").is_err());
        assert!(parse("option =3").is_err());
        assert!(parse("time 99999999999999999999999").is_err());
    }

    proptest! {
        #[test]
        fn any_line_parses_or_fails_without_panicking(line in "\\PC{0,60}") {
            let _ = parse(&line);
        }
    }
}
