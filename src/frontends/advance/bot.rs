//! The referee's drop-in Advance bot: `tabula advance white|black IN OUT` plays one move
//! and writes the new board.
//!
//! The input is read whole before anything is written (IN and OUT may be the same file),
//! and the output goes to a temporary file in OUT's directory that is then renamed over
//! OUT, so OUT is either untouched or complete.

use super::player::{Budget, DEFAULT_MOVETIME, Player};
use crate::frontends::args::{self, Arg, Args};
use crate::game::Side;
use crate::games::advance::{Level, Position};
use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The name `tabula advance name` prints (at most 32 printable ASCII characters).
pub const NAME: &str = "tabula advance";

/// One move to play: whose, from which board file to which, and how.
pub struct MoveRequest {
    side: Side,
    input: PathBuf,
    output: PathBuf,
    level: Level,
    movetime: u64,
    seed: Option<u64>,
}

impl MoveRequest {
    /// Reads `white|black IN OUT` and the `--flag value` pairs around them.
    pub fn parse(args: &[String]) -> Result<MoveRequest, String> {
        let mut words = Vec::new();
        let (mut level, mut movetime, mut seed) = (Level::Graded(8), DEFAULT_MOVETIME, None);
        for arg in Args::new(args, &[], super::USAGE) {
            match arg? {
                Arg::Word(word) => words.push(word),
                Arg::Flag("--level", value) => level = Level::parse(value)?,
                Arg::Flag(flag @ "--movetime", value) => {
                    movetime = args::number(flag, value, 1..=600_000)?
                }
                Arg::Flag(flag @ "--seed", value) => {
                    seed = Some(args::number(flag, value, 0..=u64::MAX)?)
                }
                Arg::Flag(flag, _) | Arg::Switch(flag) => {
                    return Err(format!("unknown option '{flag}'"));
                }
            }
        }
        let [colour, input, output] = words.as_slice() else {
            return Err(format!(
                "expected white|black IN OUT, got {} argument(s)",
                words.len()
            ));
        };
        let side = match *colour {
            "white" => Side::P1,
            "black" => Side::P2,
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
}

/// Reads the 9-line board, tolerating CRLF line ends, trailing spaces and blank lines at
/// the end of the file; `side` is to move. Public for the fuzz target (fuzz/).
pub fn board_from_text(text: &str, side: Side) -> Result<Position, String> {
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
    Position::from_rows(&lines, side, 0)
}

/// Writes `text` to `path`, a regular file or none yet: to a temporary file next to it,
/// synced to the disk, then renamed over it, so OUT is either as it was or complete. What is
/// not a regular file (a link, a pipe, a device, a folder) or is read-only is refused and left
/// as it is. A folder where no temporary file can be made (read-only) gets OUT written in
/// place, when OUT is there and writable.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write '{}': {e}", path.display());
    let existing = match std::fs::symlink_metadata(path) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(fail(e)),
    };
    if let Some(meta) = &existing {
        if !meta.file_type().is_file() {
            return Err(format!(
                "'{}' is not a regular file (a link, pipe, device or folder): it is left as it is",
                path.display()
            ));
        }
        if meta.permissions().readonly() {
            return Err(format!("'{}' is read-only", path.display()));
        }
    }
    let name = path
        .file_name()
        .ok_or_else(|| format!("'{}' is not a file name", path.display()))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let new_file = OpenOptions::new().write(true).create_new(true).open(&tmp);
    let written = match new_file {
        Ok(file) => write_synced(file, text)
            .and_then(|()| match &existing {
                // The new file keeps OUT's permissions.
                Some(meta) => std::fs::set_permissions(&tmp, meta.permissions()),
                None => Ok(()),
            })
            .and_then(|()| std::fs::rename(&tmp, path)),
        Err(e) if e.kind() == ErrorKind::PermissionDenied && existing.is_some() => {
            let file = OpenOptions::new().write(true).truncate(true).open(path);
            return file.and_then(|f| write_synced(f, text)).map_err(fail);
        }
        Err(e) => return Err(fail(e)),
    };
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(e)
    })
}

fn write_synced(mut file: File, text: &str) -> std::io::Result<()> {
    file.write_all(text.as_bytes())?;
    file.sync_all()
}

/// Plays the requested move: reads IN, chooses, writes OUT.
pub fn play_one(req: &MoveRequest) -> Result<(), String> {
    let bytes = crate::files::read_bounded(&req.input)
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
    let colour = ["white", "black"][req.side.index()];
    let mv = player
        .choose(&pos, seed)
        .ok_or_else(|| format!("{colour} has no legal move"))?;
    let mut next = pos;
    next.play(mv);
    log::info!("{colour} plays {}", pos.format_move(mv));
    let mut out = next.view().join("\n");
    out.push('\n');
    write_atomically(&req.output, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &str) -> Vec<String> {
        words.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments_are_checked() {
        let req =
            MoveRequest::parse(&args("black in out --level 6 --movetime 50 --seed 3")).unwrap();
        assert_eq!(
            (req.side, req.level, req.movetime, req.seed),
            (Side::P2, Level::Graded(6), 50, Some(3))
        );
        let dflt = MoveRequest::parse(&args("white a b")).unwrap();
        assert_eq!(
            (dflt.level, dflt.movetime),
            (Level::Graded(8), DEFAULT_MOVETIME)
        );
        let err = |w: &str| MoveRequest::parse(&args(w)).err().unwrap();
        assert!(err("red a b").contains("white or black"));
        assert!(err("white a").contains("got 2"));
        assert!(err("white a b --level 3").contains("level must be one of"));
        assert!(err("white a b --movetime 0").contains("--movetime"));
        assert!(err("white a b --level").contains("needs a value"));
        assert!(err("white a b --fast 1").contains("unknown flag"));
    }

    #[test]
    fn board_text_tolerates_crlf_and_trailing_spaces() {
        let plain = "mjdsgscjm\nbzzzzzzzb\n.........\n.........\n.........\n.........\n.........\nBZZZZZZZB\nMJCSGSDJM\n";
        let messy = plain.replace('\n', "  \r\n") + "\r\n";
        let a = board_from_text(plain, Side::P1).unwrap();
        assert_eq!(board_from_text(&messy, Side::P1).unwrap(), a);
        assert_eq!(a, Position::start());
        assert!(
            board_from_text(&plain[10..], Side::P1)
                .unwrap_err()
                .contains("9 lines, found 8")
        );
        let blank_inside = plain.replacen("\n", "\n\n", 1);
        assert!(board_from_text(&blank_inside, Side::P1).is_err());
        assert!(
            board_from_text(&plain.replace('m', "x"), Side::P1)
                .unwrap_err()
                .contains("unknown character")
        );
    }
}
