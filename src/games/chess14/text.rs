//! Text forms: squares, moves, the position text (`fen`), layout files and the board view.

use super::geometry::{MAX_SIDE, file_of, index, rank_of};
use super::moves::Move;
use super::pieces::{Kind, UNMOVED, is_piece, kind_of, piece, side_of};
use super::position::Position;
use crate::game::Side;

/// The layout files of the source are always 14x14.
pub const LAYOUT_SIDE: usize = 14;

/// The default layout of the source (top line = rank 14, uppercase = Black).
pub const DEFAULT_LAYOUT: &str =
    "RNBHCGAKGCEBNR\nPPPPPPPPPPPPPP\n\n\n\n\n\n\n\n\n\n\npppppppppppppp\nrnbhcgakgcebnr\n";

/// A square as text: file letter and rank from 1 (`a1`, `n14`).
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq) + 1)
}

/// A move as text: its two squares (`h2h4`), what [`parse_squares`] reads.
pub fn format_move(mv: Move) -> String {
    format!("{}{}", square_name(mv.from()), square_name(mv.to()))
}

/// Reads one square at the start of `text`; returns its mailbox index and the rest of the text.
fn take_square<'a>(pos: &Position, text: &'a str) -> Result<(usize, &'a str), String> {
    let mut chars = text.char_indices();
    let file = match chars.next() {
        Some((_, c @ 'a'..='p')) => c as usize - 'a' as usize,
        _ => {
            return Err(format!(
                "'{text}' does not start with a square (file letter a..p)"
            ));
        }
    };
    let digits_end = text[1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |i| i + 1);
    let digits = &text[1..digits_end];
    let rank: usize = match digits.parse() {
        Ok(r) if digits.len() <= 2 && r >= 1 => r,
        _ => return Err(format!("'{text}' has no rank number after its file letter")),
    };
    if file >= pos.width() || rank > pos.height() {
        return Err(format!(
            "square {} is off the {}x{} board",
            &text[..digits_end],
            pos.width(),
            pos.height()
        ));
    }
    Ok((index(file, rank - 1), &text[digits_end..]))
}

/// Reads exactly one square.
pub fn parse_square(pos: &Position, text: &str) -> Result<usize, String> {
    match take_square(pos, text)? {
        (sq, "") => Ok(sq),
        (_, rest) => Err(format!("unexpected '{rest}' after the square in '{text}'")),
    }
}

/// Reads `from` and `to` squares written together (`h2h4`).
pub fn parse_squares(pos: &Position, text: &str) -> Result<(usize, usize), String> {
    let (from, rest) = take_square(pos, text)?;
    if rest.is_empty() {
        return Err(format!("move '{text}' lacks its target square"));
    }
    Ok((from, parse_square(pos, rest)?))
}

fn side_letter(side: Side) -> char {
    if side == Side::P1 { 'w' } else { 'b' }
}

fn parse_side(text: &str) -> Result<Side, String> {
    match text {
        "w" => Ok(Side::P1),
        "b" => Ok(Side::P2),
        _ => Err(format!("expected w or b, not '{text}'")),
    }
}

fn cell_letter(c: u8) -> char {
    let l = kind_of(c).letter();
    if side_of(c) == Side::P2 {
        l.to_ascii_uppercase()
    } else {
        l
    }
}

/// A piece from its layout letter, unmoved (castling rights count only for kings and rooks).
fn letter_cell(c: char) -> Option<u8> {
    let kind = Kind::from_letter(c)?;
    let side = if c.is_ascii_uppercase() {
        Side::P2
    } else {
        Side::P1
    };
    let unmoved = matches!(kind, Kind::King | Kind::Rook);
    Some(piece(kind, side) | if unmoved { UNMOVED } else { 0 })
}

/// Reads the position text:
/// `<ranks top to bottom joined by '/'> <w|b> [up=w|b] [castling]`, where a rank holds piece
/// letters (uppercase = Black) and numbers for runs of empty squares, and the castling field lists
/// the squares of the kings and rooks that have not moved (`a1,h1,n1`), or `-` for none; without
/// it every king and rook counts as unmoved.
pub fn parse_fen(text: &str) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board, rest) = match fields.split_first() {
        Some((b, rest)) => (*b, rest),
        None => return Err("empty position text".to_string()),
    };
    let rows: Vec<&str> = board.split('/').collect();
    let mut parsed_rows = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let mut cells = Vec::new();
        let mut run = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                if run > MAX_SIDE {
                    return Err(format!(
                        "row {} has an empty run longer than {MAX_SIDE}",
                        i + 1
                    ));
                }
                continue;
            }
            cells.extend(std::iter::repeat_n(None, run));
            run = 0;
            let c = letter_cell(ch)
                .ok_or_else(|| format!("row {} has '{ch}', which is no piece letter", i + 1))?;
            cells.push(Some(c));
        }
        cells.extend(std::iter::repeat_n(None, run));
        parsed_rows.push(cells);
    }
    let height = parsed_rows.len();
    let width = parsed_rows[0].len();
    if let Some(i) = parsed_rows.iter().position(|r| r.len() != width) {
        return Err(format!(
            "row {} is {} squares wide but row 1 is {width}",
            i + 1,
            parsed_rows[i].len()
        ));
    }
    let stm = match rest.first() {
        Some(s) => parse_side(s).map_err(|e| format!("side to move: {e}"))?,
        None => return Err("the side to move (w or b) is missing".to_string()),
    };
    let mut rest = &rest[1..];
    let mut up = Side::P1;
    if let Some(u) = rest.first().and_then(|f| f.strip_prefix("up=")) {
        up = parse_side(u).map_err(|e| format!("up=: {e}"))?;
        rest = &rest[1..];
    }
    let mut pos = Position::empty(width, height, up)?;
    for (i, row) in parsed_rows.iter().enumerate() {
        for (f, cell) in row.iter().enumerate() {
            if let Some(c) = cell {
                pos.put(f, height - 1 - i, *c);
            }
        }
    }
    match rest {
        [] => {}
        [castling] => set_unmoved(&mut pos, castling)?,
        [_, extra, ..] => return Err(format!("unexpected '{extra}' after the castling field")),
    }
    pos.finish(stm)?;
    Ok(pos)
}

/// Applies the castling field: only the listed kings and rooks keep their unmoved flag.
fn set_unmoved(pos: &mut Position, field: &str) -> Result<(), String> {
    let mut keep = Vec::new();
    if field != "-" {
        let mut text = field;
        while !text.is_empty() {
            let (sq, rest) = take_square(pos, text).map_err(|e| format!("castling field: {e}"))?;
            let c = pos.cell(sq);
            if !is_piece(c) || !matches!(kind_of(c), Kind::King | Kind::Rook) {
                return Err(format!(
                    "castling field: {} holds no king or rook",
                    square_name(sq)
                ));
            }
            keep.push(sq);
            text = rest.strip_prefix(',').unwrap_or(rest);
        }
    }
    for sq in pos.squares() {
        let c = pos.cell(sq);
        if c & UNMOVED != 0 && !keep.contains(&sq) {
            pos.put(file_of(sq), rank_of(sq), c & !UNMOVED);
        }
    }
    Ok(())
}

/// The position text with White in UPPERCASE, as FEN has it elsewhere (tabula's own text, from
/// the source's layout files, writes White in lowercase); only the pieces' case differs.
pub fn format_fen_standard(pos: &Position) -> String {
    let fen = format_fen(pos);
    let (ranks, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
    format!("{} {rest}", swap_case(ranks))
}

/// The ranks field with each piece letter's case swapped: tabula's lowercase White becomes the
/// uppercase White of FEN elsewhere, and back.
pub fn swap_case(ranks: &str) -> String {
    ranks
        .chars()
        .map(|c| {
            if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

/// The position text that `parse_fen` reads back (all fields written).
pub fn format_fen(pos: &Position) -> String {
    let mut rows = Vec::with_capacity(pos.height());
    for r in (0..pos.height()).rev() {
        let mut row = String::new();
        let mut run = 0;
        for f in 0..pos.width() {
            let c = pos.cell(index(f, r));
            if is_piece(c) {
                if run > 0 {
                    row.push_str(&run.to_string());
                    run = 0;
                }
                row.push(cell_letter(c));
            } else {
                run += 1;
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    let unmoved: Vec<String> = pos
        .squares()
        .filter(|&sq| pos.cell(sq) & UNMOVED != 0)
        .map(square_name)
        .collect();
    let castling = if unmoved.is_empty() {
        "-".to_string()
    } else {
        unmoved.join(",")
    };
    format!(
        "{} {} up={} {castling}",
        rows.join("/"),
        side_letter(pos.side_to_move()),
        side_letter(pos.up())
    )
}

/// Reads a layout file's text (14x14, top line = rank 14, a space is an empty square, missing
/// lines or columns are empty, columns past 14 and a trailing `\r` ignored). White moves first;
/// `up` says which side's pawns move towards rank 14. Every king and rook starts unmoved.
pub fn parse_layout(text: &str, up: Side) -> Result<Position, String> {
    let mut pos = Position::empty(LAYOUT_SIDE, LAYOUT_SIDE, up)?;
    for (i, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if i >= LAYOUT_SIDE {
            if line.trim().is_empty() {
                continue;
            }
            return Err(format!(
                "layout line {} is past the {LAYOUT_SIDE} ranks",
                i + 1
            ));
        }
        for (col, ch) in line.chars().take(LAYOUT_SIDE).enumerate() {
            if ch == ' ' {
                continue;
            }
            let c = letter_cell(ch).ok_or_else(|| {
                format!(
                    "layout line {} column {}: '{ch}' is no piece letter",
                    i + 1,
                    col + 1
                )
            })?;
            pos.put(col, LAYOUT_SIDE - 1 - i, c);
        }
    }
    pos.finish(Side::P1)?;
    Ok(pos)
}

/// The board as text, top rank first, with rank numbers and file letters (`.` = empty).
pub fn board_lines(pos: &Position) -> Vec<String> {
    let mut lines = Vec::with_capacity(pos.height() + 1);
    for r in (0..pos.height()).rev() {
        let row: String = (0..pos.width())
            .map(|f| {
                let c = pos.cell(index(f, r));
                if is_piece(c) { cell_letter(c) } else { '.' }
            })
            .collect();
        lines.push(format!("{:>2} {row}", r + 1));
    }
    let files: String = (0..pos.width()).map(|f| (b'a' + f as u8) as char).collect();
    lines.push(format!("   {files}"));
    lines
}

/// The colour of a cell's piece as a word.
pub fn side_word(side: Side) -> &'static str {
    if side == Side::P1 { "white" } else { "black" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_text_reads_without_panicking(text in "[ -~\n/0-9é€pncbrheqagkPNCBRHEQAGK]{0,300}") {
            if let Ok(pos) = parse_fen(&text) {
                prop_assert_eq!(parse_fen(&format_fen(&pos)).unwrap(), pos);
            }
            let _ = parse_layout(&text, Side::P1);
            let pos = parse_layout(DEFAULT_LAYOUT, Side::P1).unwrap();
            let _ = parse_squares(&pos, &text);
        }
    }

    const START_FEN: &str = "RNBHCGAKGCEBNR/PPPPPPPPPPPPPP/14/14/14/14/14/14/14/14/14/14/pppppppppppppp/rnbhcgakgcebnr w";

    #[test]
    fn default_layout_is_the_start_fen() {
        let layout = parse_layout(DEFAULT_LAYOUT, Side::P1).unwrap();
        let fen = parse_fen(START_FEN).unwrap();
        assert_eq!(layout, fen);
        assert_eq!(
            format_fen(&layout),
            format!("{START_FEN} up=w a1,h1,n1,a14,h14,n14")
        );
    }

    #[test]
    fn the_standard_fen_swaps_only_the_pieces_case() {
        let pos =
            parse_fen("R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r b up=b h1,a14").unwrap();
        assert_eq!(
            format_fen_standard(&pos),
            "r6k5r/14/14/14/14/14/14/14/14/14/14/14/14/R6K5R b up=b h1,a14"
        );
    }

    #[test]
    fn fen_round_trips() {
        for text in [
            "R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r b up=b h1,a14",
            "1A13K/8P7/16/16/16/16/16/8C7/7c8/16/16/16/16/16/7p8/k13a1 w up=w -",
            "3k2r/2p2p1/7/7/1H2g2/7/7/1P2P2/R2K2R w up=b a1,d1,g1,g9",
        ] {
            let pos = parse_fen(text).unwrap();
            assert_eq!(format_fen(&pos), text);
            assert_eq!(parse_fen(&format_fen(&pos)).unwrap(), pos);
        }
    }

    #[test]
    fn castling_field_accepts_squares_with_or_without_commas() {
        let a = parse_fen("R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r w a1h1").unwrap();
        let b = parse_fen("R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r w a1,h1").unwrap();
        assert_eq!(a, b);
        assert_eq!(format_fen(&a).rsplit(' ').next(), Some("a1,h1"));
    }

    #[test]
    fn bad_position_texts_are_named() {
        for (text, message) in [
            ("", "empty position text"),
            ("RNB/ppp w", "outside 6..16"),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/14/7k6",
                "side to move",
            ),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/14/7k6 x",
                "expected w or b",
            ),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/14/7k6 w up=x",
                "up=: expected w or b",
            ),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/14/7k5 w",
                "row 14 is 13 squares wide",
            ),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/14/7x6 w",
                "'x', which is no piece",
            ),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/14/7k6 w a1",
                "a1 holds no king or rook",
            ),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/14/7k6 w h1,z9",
                "castling field",
            ),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/14/7k6 w h1 extra",
                "unexpected 'extra'",
            ),
            (
                "7K6/99/14/14/14/14/14/14/14/14/14/14/14/7k6 w",
                "empty run longer",
            ),
            (
                "7K6/14/14/14/14/14/14/14/14/14/14/14/7R6/7k6 b",
                "(white) has a king in check",
            ),
        ] {
            let err = parse_fen(text).unwrap_err();
            assert!(err.contains(message), "{text}: {err}");
        }
    }

    #[test]
    fn layout_tolerates_short_lines_and_carriage_returns() {
        let text =
            "RNBHCGAKGCEBNRxyz\r\nPPPP\r\n\r\n\n\n\n\n\n\n\n\n\npppppppppppppp\nrnbhcgakgcebnr";
        let pos = parse_layout(text, Side::P1).unwrap();
        assert_eq!(
            format_fen(&pos),
            "RNBHCGAKGCEBNR/PPPP10/14/14/14/14/14/14/14/14/14/14/pppppppppppppp/rnbhcgakgcebnr w \
             up=w a1,h1,n1,a14,h14,n14"
        );
    }

    #[test]
    fn layout_errors_name_line_and_column() {
        let err = parse_layout("RNBHCGAKGCEBNR\nPPP?", Side::P1).unwrap_err();
        assert_eq!(err, "layout line 2 column 4: '?' is no piece letter");
        let fifteen = "\n".repeat(14) + "p";
        assert!(
            parse_layout(&fifteen, Side::P1)
                .unwrap_err()
                .contains("line 15")
        );
    }

    #[test]
    fn squares_parse_and_refuse() {
        let pos = parse_fen(START_FEN).unwrap();
        assert_eq!(parse_squares(&pos, "h2h4"), Ok((index(7, 1), index(7, 3))));
        assert_eq!(
            parse_squares(&pos, "a14n1"),
            Ok((index(0, 13), index(13, 0)))
        );
        for bad in [
            "", "h", "h2", "h2h", "o1a1", "a15a1", "a0a1", "h2h4x", "2h4", "a001a2",
        ] {
            assert!(parse_squares(&pos, bad).is_err(), "{bad}");
        }
    }
}
