//! Parses one protocol line into a [`Command`] with `nom`. Pure: no state, no I/O, no panics.
//! Words are separated by any run of whitespace (Unicode's, so a no-break space or `\v` is a
//! separator too, never part of a word); keywords are lower case.

use super::command::{Command, Go, Query, Source};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1, take_while};
use nom::character::complete::digit1;
use nom::combinator::{all_consuming, map_res, opt, rest};
use nom::sequence::preceded;
use nom::{IResult, Parser};

type Res<'a, T> = IResult<&'a str, T>;

/// Any run of whitespace, as `word` ends a word at it.
fn blank0(i: &str) -> Res<'_, &str> {
    take_while(char::is_whitespace).parse(i)
}

/// One word: a run of characters that are not whitespace.
fn word(i: &str) -> Res<'_, &str> {
    preceded(blank0, take_till1(char::is_whitespace)).parse(i)
}

fn keyword<'a>(
    k: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = nom::error::Error<&'a str>> {
    preceded(blank0, tag(k))
}

fn number<T: std::str::FromStr>(i: &str) -> Res<'_, T> {
    map_res(preceded(blank0, digit1), str::parse).parse(i)
}

/// The rest of the line without surrounding blanks.
fn text(i: &str) -> Res<'_, &str> {
    rest.map(str::trim).parse(i)
}

/// Parses a line; the error says what was wrong, in words for the `error` reply.
pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (args, name) = match word(line) {
        Ok(v) => v,
        Err(_) => return Err("empty command".into()),
    };
    let none = |c: Command| match args.trim() {
        "" => Ok(c),
        extra => Err(format!("{name} takes no arguments, got '{}'", clip(extra))),
    };
    match name {
        "uci" => none(Command::Uci),
        "ugi" => none(Command::Ugi),
        "isready" => none(Command::IsReady),
        "ucinewgame" | "uginewgame" => none(Command::NewGame),
        "stop" => none(Command::Stop),
        "ponderhit" => none(Command::PonderHit),
        "legal" => none(Command::Legal),
        "view" | "d" => none(Command::View),
        "history" => none(Command::History),
        "who" => none(Command::Who),
        "fen" => Ok(Command::Fen(
            args.split_whitespace().map(String::from).collect(),
        )),
        "resign" => none(Command::Resign),
        "timeout" => none(Command::Timeout),
        "games" => none(Command::Games),
        "quit" => none(Command::Quit),
        "term" => none(Command::Term),
        "setoption" => setoption(args),
        "game" => single(name, args).map(|g| Command::Game(g.to_string())),
        "help" => match args.trim() {
            "" => Ok(Command::Help(None)),
            _ => single(name, args).map(|c| Command::Help(Some(c.to_string()))),
        },
        "place" => single(name, args).map(|m| Command::Place(m.to_string())),
        "perft" => match all_consuming(number::<u32>).parse(args.trim_end()) {
            Ok((_, n)) if n <= 64 => Ok(Command::Perft(n)),
            _ => Err(format!(
                "perft needs a depth from 0 to 64, got '{}'",
                clip(args.trim())
            )),
        },
        "bench" => match all_consuming(opt(number::<u32>)).parse(args.trim_end()) {
            Ok((_, depth)) if depth.is_none_or(|d| (1..=64).contains(&d)) => {
                Ok(Command::Bench { depth })
            }
            _ => Err(format!(
                "bench takes an optional depth from 1 to 64, got '{}'",
                clip(args.trim())
            )),
        },
        "query" => match args.trim() {
            "gameover" => Ok(Command::Query(Query::GameOver)),
            "p1turn" => Ok(Command::Query(Query::P1Turn)),
            "result" => Ok(Command::Query(Query::Result)),
            other => Err(format!(
                "query needs gameover, p1turn or result, got '{}'",
                clip(other)
            )),
        },
        "position" => position(args),
        "go" => go(args).map(Command::Go),
        _ => Ok(Command::Extra {
            name: name.to_string(),
            args: args.split_whitespace().map(str::to_string).collect(),
        }),
    }
}

/// Long input is quoted only by its head in error messages.
pub fn clip(s: &str) -> String {
    super::reply::cut(s, 40)
}

fn single<'a>(name: &str, args: &'a str) -> Result<&'a str, String> {
    match all_consuming(word).parse(args.trim_end()) {
        Ok((_, w)) => Ok(w),
        Err(_) if args.trim().is_empty() => Err(format!("{name} needs an argument")),
        Err(_) => Err(format!(
            "{name} takes one argument, got '{}'",
            clip(args.trim())
        )),
    }
}

fn setoption(args: &str) -> Result<Command, String> {
    let parsed: Res<'_, &str> = preceded(keyword("name"), text).parse(args);
    let Ok((_, spec)) = parsed else {
        return Err("setoption needs 'name <option> [value <value>]'".into());
    };
    // Option names may hold spaces (UCI), so split at the word "value".
    let (name, value) = match spec.split_once(" value") {
        Some((n, v)) if v.is_empty() || v.starts_with(char::is_whitespace) => (n.trim(), v.trim()),
        _ => (spec.strip_suffix(" value").unwrap_or(spec).trim(), ""),
    };
    if name.is_empty() {
        return Err("setoption needs an option name".into());
    }
    Ok(Command::SetOption {
        name: name.to_string(),
        value: value.to_string(),
    })
}

fn position(args: &str) -> Result<Command, String> {
    // Everything after the word "moves" is the move list.
    let (setup, moves) = match find_word(args, "moves") {
        Some(at) => (
            &args[..at],
            args[at + "moves".len()..].split_whitespace().collect(),
        ),
        None => (args, Vec::new()),
    };
    let moves = moves.into_iter().map(str::to_string).collect();
    let parsed: Res<'_, (&str, &str)> = (alt((keyword("startpos"), word)), text).parse(setup);
    let source = match parsed {
        Ok((_, ("startpos", ""))) => Source::StartPos,
        Ok((_, ("startpos", extra))) => {
            return Err(format!(
                "position startpos takes only 'moves ...' after it, got '{}'",
                clip(extra)
            ));
        }
        Ok((_, (_, ""))) if setup.trim() == "fen" => {
            return Err("position fen needs the position text".into());
        }
        Ok((_, ("fen", fen))) => Source::Fen(fen.to_string()),
        Ok((_, (kind, arg))) => Source::Other {
            kind: kind.to_string(),
            arg: arg.to_string(),
        },
        Err(_) => return Err("position needs startpos, fen <text> or <source> <argument>".into()),
    };
    Ok(Command::Position { source, moves })
}

/// The byte offset of `w` as a whole word in `s`.
fn find_word(s: &str, w: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s[from..].find(w) {
        let at = from + i;
        let before = s[..at].chars().next_back().is_none_or(char::is_whitespace);
        let after = s[at + w.len()..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace);
        if before && after {
            return Some(at);
        }
        from = at + w.len();
    }
    None
}

/// `go` limits; unknown words are skipped, as UCI asks, but a known word needs its number.
fn go(args: &str) -> Result<Go, String> {
    let mut g = Go::default();
    let mut rest = args;
    while let Ok((after, w)) = word(rest) {
        rest = after;
        let slot: Option<&mut Option<u64>> = match w {
            "wtime" | "p1time" => Some(&mut g.time[0]),
            "btime" | "p2time" => Some(&mut g.time[1]),
            "winc" | "p1inc" => Some(&mut g.inc[0]),
            "binc" | "p2inc" => Some(&mut g.inc[1]),
            "movetime" => Some(&mut g.movetime),
            "nodes" => Some(&mut g.nodes),
            _ => None,
        };
        if let Some(slot) = slot {
            let (after, n) = signed_ms(rest).map_err(|_| format!("go {w} needs a number"))?;
            *slot = Some(n);
            rest = after;
            continue;
        }
        match w {
            "depth" | "movestogo" => {
                let (after, n) =
                    number::<u32>(rest).map_err(|_| format!("go {w} needs a number"))?;
                if w == "depth" {
                    g.depth = Some(n.max(1));
                } else {
                    g.moves_to_go = Some(n);
                }
                rest = after;
            }
            "infinite" => g.infinite = true,
            "ponder" => g.ponder = true,
            "searchmoves" => {
                while let Ok((after, m)) = word(rest) {
                    if is_go_keyword(m) {
                        break;
                    }
                    g.search_moves.push(m.to_string());
                    rest = after;
                }
            }
            // A word that is no UCI word at all (a keyword glued to an invisible character,
            // say) would silently drop a limit: better to say so.
            _ if !w.bytes().all(|b| b.is_ascii_graphic()) => {
                return Err(format!("go cannot read '{}'", clip(w)));
            }
            // UCI asks engines to skip words they do not know; a person who misspelt a limit
            // still hears of it, on stderr (the default log level shows warnings). A number
            // is the value of the word before it.
            _ if w.parse::<i64>().is_ok() => {}
            _ => log::warn!(
                "go: skipping the unknown word '{}'{}",
                clip(w),
                super::spelling::did_you_mean(w, GO_WORDS.iter().copied())
            ),
        }
    }
    Ok(g)
}

/// Clock values may arrive negative from a GUI whose clock already ran out: that is 0 ms.
fn signed_ms(i: &str) -> Res<'_, u64> {
    let (i, minus) = opt(preceded(blank0, tag("-"))).parse(i)?;
    let (i, n) = if minus.is_some() {
        digit1.parse(i)?
    } else {
        preceded(blank0, digit1).parse(i)?
    };
    let n = if minus.is_some() {
        0
    } else {
        n.parse().unwrap_or(u64::MAX)
    };
    Ok((i, n))
}

/// The words of `go`, UCI's and UGI's.
const GO_WORDS: [&str; 16] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movetime",
    "nodes",
    "depth",
    "movestogo",
    "infinite",
    "searchmoves",
    "ponder",
    "mate",
];

fn is_go_keyword(w: &str) -> bool {
    GO_WORDS.contains(&w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn simple_commands_and_their_arguments() {
        assert_eq!(parse("  uci "), Ok(Command::Uci));
        assert_eq!(parse("isready"), Ok(Command::IsReady));
        assert!(parse("isready now").unwrap_err().contains("no arguments"));
        assert_eq!(parse("perft 3"), Ok(Command::Perft(3)));
        assert!(parse("perft x").is_err());
        assert!(parse("perft 3 4").is_err());
        assert_eq!(parse("place H8"), Ok(Command::Place("H8".into())));
        assert!(parse("place").unwrap_err().contains("needs an argument"));
        assert!(parse("place a b").is_err());
        assert_eq!(parse("query result"), Ok(Command::Query(Query::Result)));
        assert_eq!(parse(""), Err("empty command".into()));
        assert_eq!(parse("bench"), Ok(Command::Bench { depth: None }));
        assert_eq!(parse("ponderhit"), Ok(Command::PonderHit));
        assert_eq!(parse("help"), Ok(Command::Help(None)));
        assert_eq!(parse("help go"), Ok(Command::Help(Some("go".into()))));
        assert!(parse("help go stop").is_err());
        assert_eq!(
            parse("targets e2"),
            Ok(Command::Extra {
                name: "targets".into(),
                args: vec!["e2".into()]
            })
        );
    }

    #[test]
    fn setoption_names_and_values_may_hold_spaces() {
        assert_eq!(
            parse("setoption name Move Overhead value 50"),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: "50".into()
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: String::new()
            })
        );
        assert!(parse("setoption Hash 5").is_err());
    }

    #[test]
    fn position_sources_and_moves() {
        assert_eq!(
            parse("position startpos moves e2e3 e7e6"),
            Ok(Command::Position {
                source: Source::StartPos,
                moves: vec!["e2e3".into(), "e7e6".into()]
            })
        );
        assert_eq!(
            parse("position fen 9/9 w 12 moves a1a2"),
            Ok(Command::Position {
                source: Source::Fen("9/9 w 12".into()),
                moves: vec!["a1a2".into()]
            })
        );
        assert_eq!(
            parse("position layout /tmp/my layout.txt"),
            Ok(Command::Position {
                source: Source::Other {
                    kind: "layout".into(),
                    arg: "/tmp/my layout.txt".into()
                },
                moves: vec![]
            })
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos e2e4").is_err());
    }

    #[test]
    fn go_reads_limits_and_skips_unknown_words() {
        let g = match parse(
            "go wtime 1000 btime -5 winc 10 ponder depth 7 searchmoves a1 b2 nodes 9",
        ) {
            Ok(Command::Go(g)) => g,
            other => panic!("{other:?}"),
        };
        assert_eq!(g.time, [Some(1000), Some(0)]);
        assert_eq!(g.inc, [Some(10), None]);
        assert_eq!(g.depth, Some(7));
        assert_eq!(g.nodes, Some(9));
        assert!(g.ponder);
        assert_eq!(g.search_moves, vec!["a1".to_string(), "b2".to_string()]);
        assert_eq!(parse("go depth"), Err("go depth needs a number".into()));
        assert_eq!(
            parse("go infinite"),
            Ok(Command::Go(Go {
                infinite: true,
                ..Go::default()
            }))
        );
    }

    #[test]
    fn any_blank_separates_go_words_and_an_unreadable_word_is_an_error() {
        for blank in ["\u{a0}", "\u{3000}", "\u{b}", "\u{c}", "\t"] {
            let line = format!("go{blank}depth{blank}1");
            assert_eq!(
                parse(&line),
                Ok(Command::Go(Go {
                    depth: Some(1),
                    ..Go::default()
                })),
                "{line:?}"
            );
        }
        assert_eq!(
            parse("go depth\u{200b}1"),
            Err("go cannot read 'depth\u{200b}1'".into())
        );
        // Unknown plain words are still skipped, as UCI asks.
        assert_eq!(parse("go mate 3"), Ok(Command::Go(Go::default())));
    }

    proptest! {
        #[test]
        fn any_text_parses_or_errs_without_panicking(s in "\\PC{0,200}") {
            let _ = parse(&s);
        }

        #[test]
        fn any_go_line_parses_or_errs(words in proptest::collection::vec("(depth|nodes|wtime|-|[0-9]{1,25}|x)", 0..12)) {
            let _ = parse(&format!("go {}", words.join(" ")));
        }
    }
}
