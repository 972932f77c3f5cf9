//! `--pgn FILE` and `--sgf FILE`: every finished game in the formats other tools read.
//!
//! - Chess14: PGN with the seven-tag roster, `Variant "fairy"` (XBoard's name of a board of
//!   any size with its fairy pieces), `SetUp "1"` and the start in the standard FEN (White in
//!   UPPERCASE, castling `KQkq`, as Fairy-Stockfish and XBoard read it), and the moves as
//!   coordinates (`h2h4`, `h7h8q` for a promotion), which XBoard reads for any variant.
//! - Gomoku: c-gomoku-cli's PGN (the `Event` is the game's number, the `Round` `pair.game`,
//!   Black first, a `Termination` in its words, `PlyCount`) with the moves after the tags, and
//!   its SGF (`FF[4]GM[4]`, `RU` the Gomocup rule number, the opening's stones commented
//!   `opening move`, every other one with its thinking time, eight to a line).
//! - Advance and Sixes: PGN with `Variant` the game's id, `FEN` tabula's position text when
//!   a game does not start from the start position, and the moves as tabula writes them.
//!
//! No tool outside tabula knows these two games; the PGN is there for PGN databases and readers
//! that do not check the moves.

use super::config::{Config, GOMOCUP_GAME};
use super::fairy;
use super::play::{Reason, Record, game_options, rules_from};
use crate::engine::Driver;
use crate::game::{Outcome, Rules, Side};
use crate::games::chess14::{Chess14, swap_case};
use crate::games::gomoku::Gomoku;
use crate::games::gomoku::geometry::Rule;
use crate::games::gomoku::text::parse_point;
use crate::protocol::Source;
use std::fmt::Write as _;

/// The files of a run, written as the games end.
pub struct Exports {
    pgn: Option<std::fs::File>,
    sgf: Option<std::fs::File>,
}

/// Which format.
#[derive(Clone, Copy)]
enum Format {
    Pgn,
    Sgf,
}

impl Exports {
    /// Creates the files the command line names (an existing file is replaced).
    pub fn create(cfg: &Config) -> Result<Exports, String> {
        let open = |path: &Option<std::path::PathBuf>| {
            path.as_ref()
                .map(|p| {
                    crate::files::create(p)
                        .map_err(|e| format!("cannot write {}: {e}", p.display()))
                })
                .transpose()
        };
        Ok(Exports {
            pgn: open(&cfg.pgn)?,
            sgf: open(&cfg.sgf)?,
        })
    }

    /// Appends a finished game to every file; an error names the file that failed, which is
    /// dropped (the match goes on).
    pub fn game(&mut self, cfg: &Config, names: &[String], r: &Record) -> Result<(), String> {
        use std::io::Write;
        let now = Stamp::now();
        for (slot, format, flag) in [
            (&mut self.pgn, Format::Pgn, "--pgn"),
            (&mut self.sgf, Format::Sgf, "--sgf"),
        ] {
            let Some(file) = slot else { continue };
            let text = match format {
                Format::Pgn => pgn(cfg, names, r, &now),
                Format::Sgf => sgf(cfg, names, r, &now),
            };
            if let Err(e) =
                text.and_then(|t| file.write_all(t.as_bytes()).map_err(|e| e.to_string()))
            {
                *slot = None;
                return Err(format!("{flag}: cannot write game {}: {e}", r.number));
            }
        }
        Ok(())
    }
}

/// The date and time a game ended, in UTC.
pub struct Stamp {
    /// Year, month, day, hours, minutes, seconds.
    parts: [u64; 6],
}

impl Stamp {
    fn now() -> Stamp {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Stamp::at(secs)
    }

    /// The civil date of `secs` after the Unix epoch (Howard Hinnant's `civil_from_days`).
    fn at(secs: u64) -> Stamp {
        let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Stamp {
            parts: [
                year as u64,
                month as u64,
                day as u64,
                rest / 3600,
                rest / 60 % 60,
                rest % 60,
            ],
        }
    }

    /// `2026.11.27`, PGN's date.
    fn date(&self) -> String {
        let [y, m, d, ..] = self.parts;
        format!("{y:04}.{m:02}.{d:02}")
    }

    /// `2026.11.27 03:24:31`, c-gomoku-cli's.
    fn date_time(&self) -> String {
        let [.., h, mi, s] = self.parts;
        format!("{} {h:02}:{mi:02}:{s:02}", self.date())
    }
}

/// A PGN tag value: `\` and `"` escaped.
fn tag_value(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// PGN's result from White's (the first player's, Black's in Gomoku) outcome.
fn pgn_result(outcome: Outcome, white: Side) -> &'static str {
    match outcome {
        Outcome::Draw => "1/2-1/2",
        Outcome::Win(side) if side == white => "1-0",
        Outcome::Win(_) => "0-1",
    }
}

/// The engine names of the first and the second player.
fn players<'a>(names: &'a [String], r: &Record) -> [&'a str; 2] {
    [&names[r.first], &names[1 - r.first]]
}

/// PGN's `Termination` for tabula's reason.
fn termination(reason: &Reason) -> &'static str {
    match reason {
        Reason::Rules => "normal",
        Reason::Adjudication | Reason::Scores => "adjudication",
        Reason::TimeForfeit => "time forfeit",
        Reason::Illegal(_) | Reason::ErrorReply(_) => "rules infraction",
        Reason::Hang | Reason::Crash | Reason::Setup(_) => "abandoned",
    }
}

/// Writes movetext: numbered pairs of moves, the first numbered from 1, `1...` when the second
/// player moves first; lines kept under 80 characters.
fn movetext(moves: &[String], second_first: bool, result: &str) -> String {
    let mut tokens = Vec::new();
    let offset = usize::from(second_first);
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + offset;
        // A move number stays on the line of its move.
        tokens.push(if ply % 2 == 0 {
            format!("{}. {mv}", ply / 2 + 1)
        } else if i == 0 {
            format!("1... {mv}")
        } else {
            mv.clone()
        });
    }
    tokens.push(result.to_string());
    let mut out = String::new();
    let mut line = 0;
    for t in tokens {
        if line > 0 && line + 1 + t.len() > 79 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out += &t;
        line += t.len();
    }
    out
}

/// One game as PGN, an empty line after it.
fn pgn(cfg: &Config, names: &[String], r: &Record, now: &Stamp) -> Result<String, String> {
    let start = rules_from(cfg, &r.start, &[])?;
    if cfg.game.id == GOMOCUP_GAME {
        return Ok(gomoku_pgn(names, r, now, start.as_ref()));
    }
    let [white, black] = players(names, r);
    let chess = cfg.game.id == fairy::GAME;
    let result = pgn_result(r.outcome, Side::P1);
    let mut tags = vec![
        ("Event", format!("tabula match {}", cfg.game.id)),
        ("Site", "?".to_string()),
        ("Date", now.date()),
        ("Round", round(r)),
        ("White", white.to_string()),
        ("Black", black.to_string()),
        ("Result", result.to_string()),
    ];
    if let Some(c) = cfg.tc.clock {
        let secs = |ms: u64| (ms as f64 / 1000.0).to_string();
        tags.push((
            "TimeControl",
            format!("{}+{}", secs(c.base_ms), secs(c.inc_ms)),
        ));
    }
    tags.push(("Termination", termination(&r.reason).to_string()));
    tags.push(("PlyCount", r.moves.len().to_string()));
    let moves = if chess {
        tags.push(("Variant", "fairy".into()));
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", standard_fen(&start.fen())));
        chess_moves(&start.fen(), &r.moves)?
    } else {
        tags.push(("Variant", cfg.game.id.to_string()));
        if let Source::Fen(_) = r.start {
            tags.push(("SetUp", "1".into()));
            tags.push(("FEN", start.fen()));
        }
        r.moves.clone()
    };
    let mut out = String::new();
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", tag_value(&value));
    }
    let second_first = start.side_to_move() == Side::P2;
    let mut text = movetext(&moves, second_first, result);
    if r.reason != Reason::Rules {
        // Why it ended, before the result as cutechess-cli writes it.
        let loser = match r.outcome {
            Outcome::Win(side) => format!("{} ", loser_word(chess, side.other())),
            Outcome::Draw => String::new(),
        };
        let comment = format!("{{{loser}{}}}", r.reason.to_string().replace('}', ")"));
        let cut = text.len() - result.len();
        text.insert_str(cut, &format!("{comment} "));
    }
    let _ = write!(out, "\n{text}\n\n");
    Ok(out)
}

/// `White`/`Black` in chess, else the first or second player.
fn loser_word(chess: bool, side: Side) -> &'static str {
    match (chess, side) {
        (true, Side::P1) => "White:",
        (true, Side::P2) => "Black:",
        (false, Side::P1) => "first player:",
        (false, Side::P2) => "second player:",
    }
}

/// c-gomoku-cli's `Round`: the pair and the game in it, from 1.
fn round(r: &Record) -> String {
    format!("{}.{}", (r.number - 1) / 2 + 1, (r.number - 1) % 2 + 1)
}

/// The standard FEN of a Chess14 position that tabula writes as `fen`: Fairy-Stockfish's
/// (castling `KQkq`), or, for a board whose White pawns move down, which Fairy-Stockfish cannot
/// play, the pieces in standard case with no castling.
fn standard_fen(tabula_fen: &str) -> String {
    fairy::fen(tabula_fen).unwrap_or_else(|_| {
        let mut fields = tabula_fen.split_whitespace();
        let ranks = swap_case(fields.next().unwrap_or(""));
        format!("{ranks} {} - - 0 1", fields.next().unwrap_or("w"))
    })
}

/// The moves as XBoard reads them: coordinates, `q` after a promotion so that XBoard, which
/// does not know where Chess14 promotes, shows the queen.
fn chess_moves(fen: &str, moves: &[String]) -> Result<Vec<String>, String> {
    let mut pos = Chess14::from_fen(fairy::GAME, fen, &Default::default())?;
    moves
        .iter()
        .map(|text| {
            let mv = pos.parse_move(text)?;
            pos.play(mv);
            Ok(if mv.is_promotion() {
                format!("{text}q")
            } else {
                text.clone()
            })
        })
        .collect()
}

/// c-gomoku-cli's words for how a game ended, from the winner's or loser's colour.
fn gomoku_termination(r: &Record) -> String {
    let colour = |side: Side| if side == Side::P1 { "Black" } else { "White" };
    let Outcome::Win(winner) = r.outcome else {
        return match r.reason {
            Reason::Adjudication => "Draw by adjudication",
            _ => "Draw by fullfilled board",
        }
        .to_string();
    };
    let how = match r.reason {
        Reason::Rules => "five connection",
        Reason::Adjudication | Reason::Scores => "adjudication",
        Reason::TimeForfeit | Reason::Hang => "time forfeit",
        Reason::Illegal(_) | Reason::ErrorReply(_) => "opponent illegal move",
        Reason::Crash | Reason::Setup(_) => "opponent crash",
    };
    format!("{} win by {how}", colour(winner))
}

/// c-gomoku-cli's PGN of a Gomoku game, the moves in tabula's notation (Black's first) after
/// the tags (c-gomoku-cli writes none); after `--fen`, `SetUp` and `FEN` (tabula's position
/// text) follow its tags.
fn gomoku_pgn(names: &[String], r: &Record, now: &Stamp, start: &dyn Driver) -> String {
    let [black, white] = players(names, r);
    // PGN's 1-0 is White's win; White moves second in Gomoku.
    let result = pgn_result(r.outcome, Side::P2);
    let mut out = String::new();
    let _ = writeln!(out, "[Event \"{}\"]", r.number);
    let _ = writeln!(out, "[Date \"{}\"]", now.date_time());
    let _ = writeln!(out, "[Round \"{}\"]", round(r));
    let _ = writeln!(out, "[Black \"{}\"]", tag_value(black));
    let _ = writeln!(out, "[White \"{}\"]", tag_value(white));
    let _ = writeln!(out, "[Result \"{result}\"]");
    let _ = writeln!(out, "[Termination \"{}\"]", gomoku_termination(r));
    let _ = writeln!(out, "[PlyCount \"{}\"]", r.moves.len());
    if let Source::Fen(_) = r.start {
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{}\"]", start.fen());
    }
    let white_first = start.side_to_move() == Side::P2;
    let _ = write!(out, "\n{}\n\n", movetext(&r.moves, white_first, result));
    out
}

/// SGF text: `\` and `]` escaped.
fn sgf_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// c-gomoku-cli's SGF of a Gomoku game.
fn sgf(cfg: &Config, names: &[String], r: &Record, now: &Stamp) -> Result<String, String> {
    let board = Gomoku::start(GOMOCUP_GAME, &game_options(cfg))?;
    let (size, rule) = (board.board().size(), board.board().rule());
    let rule = match rule {
        Rule::Freestyle => 0,
        Rule::ExactFive => 1,
        Rule::Renju => 4,
    };
    let [black, white] = players(names, r);
    let result = match r.outcome {
        Outcome::Draw => "0",
        Outcome::Win(Side::P1) => "B+1",
        Outcome::Win(Side::P2) => "W+1",
    };
    let mut out = format!("(;FF[4]GM[4]GN[{}]", r.number);
    let _ = writeln!(
        out,
        "EV[{} x {}]DT[{}]RO[{}]RU[{rule}]SZ[{size}]PB[{}]PW[{}]RE[{result}]TE[{}]",
        sgf_text(black),
        sgf_text(white),
        now.date_time(),
        round(r),
        sgf_text(black),
        sgf_text(white),
        gomoku_termination(r)
    );
    let mut on_line = 0;
    for (i, mv) in r.moves.iter().enumerate() {
        if r.opening > 0 && i == r.opening {
            out.push('\n');
        }
        if on_line >= 8 {
            out.push('\n');
            on_line = 0;
        }
        let p = parse_point(mv, size)?;
        // SGF's rows run from the top, tabula's from the bottom.
        let (x, y) = (p.x, size as u8 - 1 - p.y);
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let _ = write!(
            out,
            ";{colour}[{}{}]",
            (b'a' + x) as char,
            (b'a' + y) as char
        );
        if i < r.opening {
            out += "C[opening move]";
        } else {
            let ms = r.move_ms.get(i - r.opening).copied().unwrap_or(0);
            let _ = write!(out, "C[{ms}ms]");
            on_line += 1;
        }
    }
    out += ")\n\n";
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(Stamp::at(0).date_time(), "1970.01.01 00:00:00");
        // 2026-11-27 03:24:31 UTC.
        assert_eq!(Stamp::at(1_795_749_871).date_time(), "2026.11.27 03:24:31");
        assert_eq!(Stamp::at(951_782_400).date(), "2000.02.29");
    }

    #[test]
    fn movetext_numbers_moves_and_wraps() {
        let m = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            movetext(&m(&["e2e4", "e7e5", "g1f3"]), false, "*"),
            "1. e2e4 e7e5 2. g1f3 *"
        );
        assert_eq!(
            movetext(&m(&["e7e5", "g1f3"]), true, "0-1"),
            "1... e7e5 2. g1f3 0-1"
        );
        let long = m(&["a13a12"; 40]);
        assert!(movetext(&long, false, "*").lines().all(|l| l.len() < 80));
    }
}
