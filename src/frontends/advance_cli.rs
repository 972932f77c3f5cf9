//! The referee's drop-in Advance bot: `tabula advance white|black IN OUT` plays one move
//! and writes the new board; `tabula advance name` prints the bot's name.
//!
//! The input is read whole before anything is written (IN and OUT may be the same file),
//! and the output goes to a temporary file in OUT's directory that is then renamed over
//! OUT, so OUT is either untouched or complete.

use crate::games::advance::player::{Budget, Player};
use crate::games::advance::text::{parse_fen, parse_rows};
use crate::games::advance::{Advance, Level};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The name `tabula advance name` prints (at most 32 printable ASCII characters).
pub const NAME: &str = "tabula advance";

pub const USAGE: &str = "\
usage: tabula advance name
       tabula advance white|black IN OUT [--level 4|5|6|7|8|max] [--movetime MS] [--seed N]
       tabula advance match A B [--games N] [--movetime MS | --nodes N] [--threads N]
                            [--seed N] [--random-plies N] [--save FILE]
       tabula advance perft DEPTH [POSITION]";

/// Default time budget per move for the searching levels (8 and max), in milliseconds:
/// with the process start and the level-7 filter it stays well under a quarter second.
pub const DEFAULT_MOVETIME: u64 = 100;

struct MoveRequest {
    side: usize,
    input: PathBuf,
    output: PathBuf,
    level: Level,
    movetime: u64,
    seed: Option<u64>,
}

/// Reads `--flag value` pairs into the request; positional words go to `words`.
fn parse_args(args: &[String]) -> Result<MoveRequest, String> {
    let mut words = Vec::new();
    let (mut level, mut movetime, mut seed) = (Level::Graded(8), DEFAULT_MOVETIME, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if !arg.starts_with("--") {
            words.push(arg.as_str());
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--level" => level = Level::parse(value)?,
            "--movetime" => {
                movetime = value
                    .parse()
                    .ok()
                    .filter(|&ms| (1..=600_000).contains(&ms))
                    .ok_or_else(|| {
                        format!("--movetime needs milliseconds from 1 to 600000, not '{value}'")
                    })?
            }
            "--seed" => {
                seed = Some(
                    value
                        .parse()
                        .map_err(|_| format!("--seed needs a number, not '{value}'"))?,
                )
            }
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    let [colour, input, output] = words.as_slice() else {
        return Err(format!(
            "expected white|black IN OUT, got {} argument(s)",
            words.len()
        ));
    };
    let side = match *colour {
        "white" => 0,
        "black" => 1,
        other => return Err(format!("the colour must be white or black, not '{other}'")),
    };
    Ok(MoveRequest {
        side,
        input: PathBuf::from(input),
        output: PathBuf::from(output),
        level,
        movetime,
        seed,
    })
}

/// Reads the 9-line board, tolerating CRLF line ends, trailing spaces and blank lines at
/// the end of the file; `side` is to move.
pub fn board_from_text(text: &str, side: usize) -> Result<Advance, String> {
    let mut lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.trim_end_matches(['\r', ' ', '\t']))
        .collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    if lines.len() != 9 {
        return Err(format!(
            "the board must have 9 lines, found {}",
            lines.len()
        ));
    }
    parse_rows(&lines, side, 0)
}

/// Writes `text` to a temporary file next to `path`, then renames it over `path`.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let name = path
        .file_name()
        .ok_or_else(|| format!("'{}' is not a file name", path.display()))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("cannot write '{}': {e}", path.display())
        })
}

fn play_one(req: &MoveRequest) -> Result<(), String> {
    let bytes = std::fs::read(&req.input)
        .map_err(|e| format!("cannot read '{}': {e}", req.input.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("'{}' is not a text file", req.input.display()))?;
    let pos = board_from_text(&text, req.side)
        .map_err(|e| format!("bad board in '{}': {e}", req.input.display()))?;
    let seed = req.seed.unwrap_or_else(|| {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        nanos as u64 ^ u64::from(std::process::id()) << 32
    });
    let player = Player::new(req.level, Budget::Movetime(req.movetime), 1)?;
    let colour = ["white", "black"][req.side];
    let mv = player
        .choose(&pos, seed)
        .ok_or_else(|| format!("{colour} has no legal move"))?;
    let mut next = pos;
    next.make(mv);
    log::info!("{colour} plays {}", pos.move_text(mv));
    let mut out = next.rows().join("\n");
    out.push('\n');
    write_atomically(&req.output, &out)
}

/// `perft DEPTH [POSITION]`: the move-generation speed test, on one thread with reused move
/// buffers (the protocol's `perft` runs the generic counter on the engine's threads).
fn perft(args: &[String]) -> i32 {
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        Some(Ok(d)) if d <= 12 => d,
        _ => {
            eprintln!("tabula advance: perft needs a depth from 0 to 12\n{USAGE}");
            return 2;
        }
    };
    let pos = if args.len() > 1 {
        match parse_fen(&args[1..].join(" ")) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("tabula advance: {e}");
                return 2;
            }
        }
    } else {
        Advance::start_position()
    };
    let start = Instant::now();
    let nodes = crate::games::advance::perft::perft(&pos, depth);
    let secs = start.elapsed().as_secs_f64();
    super::say(&format!(
        "perft {depth}: {nodes} nodes in {secs:.3} s, {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    ));
    0
}

/// Runs the bot; returns the process exit status.
pub fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("name") if args.len() == 1 => {
            super::say(NAME);
            return 0;
        }
        Some("match") => return super::advance_match::run(&args[1..]),
        Some("perft") => return perft(&args[1..]),
        _ => {}
    }
    let req = match parse_args(args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tabula advance: {e}\n{USAGE}");
            return 2;
        }
    };
    match play_one(&req) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tabula advance: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &str) -> Vec<String> {
        words.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments_are_checked() {
        let req = parse_args(&args("black in out --level 6 --movetime 50 --seed 3")).unwrap();
        assert_eq!(
            (req.side, req.level, req.movetime, req.seed),
            (1, Level::Graded(6), 50, Some(3))
        );
        let dflt = parse_args(&args("white a b")).unwrap();
        assert_eq!(
            (dflt.level, dflt.movetime),
            (Level::Graded(8), DEFAULT_MOVETIME)
        );
        let err = |w: &str| parse_args(&args(w)).err().unwrap();
        assert!(err("red a b").contains("white or black"));
        assert!(err("white a").contains("got 2"));
        assert!(err("white a b --level 3").contains("level must be one of"));
        assert!(err("white a b --movetime 0").contains("--movetime"));
        assert!(err("white a b --level").contains("needs a value"));
        assert!(err("white a b --fast 1").contains("unknown option"));
    }

    #[test]
    fn board_text_tolerates_crlf_and_trailing_spaces() {
        let plain = "mjdsgscjm\nbzzzzzzzb\n.........\n.........\n.........\n.........\n.........\nBZZZZZZZB\nMJCSGSDJM\n";
        let messy = plain.replace('\n', "  \r\n") + "\r\n";
        let a = board_from_text(plain, 0).unwrap();
        assert_eq!(board_from_text(&messy, 0).unwrap(), a);
        assert_eq!(a, Advance::start_position());
        assert!(
            board_from_text(&plain[10..], 0)
                .unwrap_err()
                .contains("9 lines, found 8")
        );
        let blank_inside = plain.replacen("\n", "\n\n", 1);
        assert!(board_from_text(&blank_inside, 0).is_err());
        assert!(
            board_from_text(&plain.replace('m', "x"), 0)
                .unwrap_err()
                .contains("unknown character")
        );
    }
}
