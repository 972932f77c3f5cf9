//! Chess14 as XBoard writes it: the piece table of the `setup` command, positions in XBoard's
//! FEN (uppercase = White, the reverse of tabula's layout letters), moves with a promotion
//! suffix, and the colour boards of `highlight`.

use crate::game::{Options, Rules};
use crate::games::chess14::{Chess14, Move};

/// The variant's name in `feature variants` and `variant`.
pub const VARIANT: &str = "chess14";

/// XBoard's piece types in the order of its internal encoding (4.9), one letter each, `.`
/// for a type Chess14 does not use; the king comes last. Each Chess14 piece gets its own
/// picture: archbishop `H` (XBoard's Archbishop), general `G` (Commoner: it steps like a
/// king), chancellor `E` (Chancellor), amazon `A` (Unicorn), camel `C` (Camel).
const WHITE_PIECES: &str = "PNBRQ..H..G.....E...A...CK";

/// The letters of Chess14's pieces in tabula's layouts (lowercase = White there).
const LETTERS: &str = "pncbrheqagk";

/// `setup (PIECETOCHAR) 14x14+0_fairy FEN`: the board, the pieces and the start position.
pub fn setup_line(start: &Chess14) -> String {
    format!(
        "setup ({WHITE_PIECES}{}) {}x{}+0_fairy {}",
        WHITE_PIECES.to_ascii_lowercase(),
        start.width(),
        start.height(),
        to_fen(start)
    )
}

/// A square: file and rank from 0, rank 0 at White's side (XBoard's bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    pub file: usize,
    pub rank: usize,
}

impl Square {
    /// Reads a square name as tabula and XBoard write it on boards of more than ten ranks
    /// (`a1`, `n14`).
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next().filter(char::is_ascii_lowercase)? as usize - 'a' as usize;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        (rank >= 1).then(|| Square {
            file,
            rank: rank - 1,
        })
    }

    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.file as u8) as char, self.rank + 1)
    }
}

/// A move as XBoard reads it: the two squares, and `q` after a promotion, so that XBoard,
/// which does not know where Chess14 promotes, shows the queen.
pub fn move_text(pos: &Chess14, mv: Move) -> String {
    let text = pos.format_move(mv);
    if mv.is_promotion() { text + "q" } else { text }
}

/// Reads a move of the side to move: `h2h4`, or `h7h8q` for a promotion (the suffix may be
/// left out: a pawn always becomes a queen). The error is the reason for `Illegal move`.
pub fn parse_move(pos: &Chess14, text: &str) -> Result<Move, String> {
    let (squares, suffix) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&text[..i], Some(c)),
        _ => (text, None),
    };
    let mv = pos.parse_move(squares)?;
    match suffix {
        Some(c) if !mv.is_promotion() => Err(format!("{squares} promotes nothing, not to '{c}'")),
        Some('q' | 'Q') | None => Ok(mv),
        Some(c) => Err(format!("a pawn promotes only to a queen, not to '{c}'")),
    }
}

/// The position in XBoard's FEN: board, side, castling (`KQkq` for the outermost rooks, else
/// the rook's file letter), no en-passant square, move counters.
pub fn to_fen(pos: &Chess14) -> String {
    // tabula's text: `<rows> <w|b> up=<w|b> <unmoved kings and rooks, or ->`.
    let text = pos.to_fen();
    let fields: Vec<&str> = text.split_whitespace().collect();
    let rows = swap_case(fields[0]);
    let side = fields[1];
    let unmoved: Vec<Square> = fields.last().map_or(Vec::new(), |f| {
        f.split(',').filter_map(Square::parse).collect()
    });
    let grid = Grid::read(&rows).expect("tabula writes a well-formed board");
    let castling = castling_field(&grid, &unmoved);
    format!("{rows} {side} {castling} - 0 1")
}

/// The castling rights XBoard can express: an unmoved king on its back rank with unmoved rooks
/// on the same rank.
fn castling_field(grid: &Grid, unmoved: &[Square]) -> String {
    let mut field = String::new();
    for (king, back) in [('K', 0), ('k', grid.height - 1)] {
        let Some(k) = unmoved
            .iter()
            .find(|s| s.rank == back && grid.at(**s) == Some(king))
        else {
            continue;
        };
        let rook = if king == 'K' { 'R' } else { 'r' };
        let rooks: Vec<usize> = unmoved
            .iter()
            .filter(|s| s.rank == back && grid.at(**s) == Some(rook))
            .map(|s| s.file)
            .collect();
        let outermost = |right: bool| {
            (0..grid.width)
                .filter(|&f| (f > k.file) == right && f != k.file)
                .filter(|&f| {
                    grid.at(Square {
                        file: f,
                        rank: back,
                    }) == Some(rook)
                })
                .reduce(|a, b| if right { a.max(b) } else { a.min(b) })
        };
        for right in [true, false] {
            for &f in rooks.iter().filter(|&&f| (f > k.file) == right) {
                let letter = if Some(f) == outermost(right) {
                    if right { 'K' } else { 'Q' }
                } else {
                    (b'A' + f as u8) as char
                };
                field.push(if king == 'K' {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}

/// Reads XBoard's FEN (`setboard`): board, side, and optionally castling; the en-passant
/// square and the counters are ignored (Chess14 has no en passant and no move-count draw).
/// Without a castling field every king and rook counts as unmoved, as in tabula's own text.
pub fn from_fen(text: &str) -> Result<Chess14, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (Some(board), Some(side)) = (fields.first(), fields.get(1)) else {
        return Err("a FEN needs at least the board and the side to move".into());
    };
    if let Some(c) = board
        .chars()
        .find(|c| c.is_ascii_alphabetic() && !LETTERS.contains(c.to_ascii_lowercase()))
    {
        return Err(format!("'{c}' is no Chess14 piece (letters {LETTERS})"));
    }
    let rows = swap_case(board);
    let mut tabula = format!("{rows} {side}");
    if let Some(field) = fields.get(2) {
        let grid = Grid::read(board)?;
        let squares = unmoved_squares(&grid, field)?;
        tabula.push(' ');
        tabula.push_str(&if squares.is_empty() {
            "-".to_string()
        } else {
            squares.join(",")
        });
    }
    Chess14::from_fen(VARIANT, &tabula, &Options::default())
}

/// The kings and rooks a castling field keeps unmoved, as square names.
fn unmoved_squares(grid: &Grid, field: &str) -> Result<Vec<String>, String> {
    let mut squares = Vec::new();
    if field == "-" {
        return Ok(squares);
    }
    for c in field.chars() {
        let white = c.is_ascii_uppercase();
        let back = if white { 0 } else { grid.height - 1 };
        let (king, rook) = if white { ('K', 'R') } else { ('k', 'r') };
        let on_back = |piece: char| {
            (0..grid.width)
                .map(move |file| Square { file, rank: back })
                .filter(move |&s| grid.at(s) == Some(piece))
        };
        let Some(k) = on_back(king).next() else {
            continue;
        };
        let rook_file = match c.to_ascii_uppercase() {
            'K' => on_back(rook).map(|s| s.file).filter(|&f| f > k.file).max(),
            'Q' => on_back(rook).map(|s| s.file).filter(|&f| f < k.file).min(),
            f @ 'A'..='P' => Some(f as usize - 'A' as usize).filter(|&f| {
                grid.at(Square {
                    file: f,
                    rank: back,
                }) == Some(rook)
            }),
            _ => return Err(format!("'{c}' in the castling field '{field}'")),
        };
        if let Some(f) = rook_file {
            for s in [
                k,
                Square {
                    file: f,
                    rank: back,
                },
            ] {
                if !squares.contains(&s.name()) {
                    squares.push(s.name());
                }
            }
        }
    }
    Ok(squares)
}

fn swap_case(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

/// The pieces of a FEN board, top row first, to look up kings and rooks by square.
struct Grid {
    rows: Vec<Vec<Option<char>>>,
    width: usize,
    height: usize,
}

impl Grid {
    fn read(board: &str) -> Result<Grid, String> {
        let mut rows = Vec::new();
        for text in board.split('/') {
            let mut row = Vec::new();
            let mut run = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = (run * 10 + d as usize).min(1000);
                } else {
                    row.extend(std::iter::repeat_n(None, run));
                    run = 0;
                    row.push(Some(c));
                }
            }
            row.extend(std::iter::repeat_n(None, run));
            rows.push(row);
        }
        let width = rows[0].len();
        if rows.iter().any(|r| r.len() != width) {
            return Err("the rows of the board differ in width".into());
        }
        Ok(Grid {
            height: rows.len(),
            rows,
            width,
        })
    }

    fn at(&self, s: Square) -> Option<char> {
        let row = self.height.checked_sub(s.rank + 1)?;
        self.rows.get(row)?.get(s.file).copied().flatten()
    }
}

/// The colour board of a `highlight` command: each marked square with its colour letter
/// (`Y` yellow, `R` red, `B` blue; lowercase marks a square that is no move target).
pub fn highlight_line(width: usize, height: usize, marks: &[(Square, char)]) -> String {
    let mut rows = Vec::with_capacity(height);
    for rank in (0..height).rev() {
        let mut row = String::new();
        let mut run = 0;
        for file in 0..width {
            match marks.iter().find(|(s, _)| *s == Square { file, rank }) {
                Some(&(_, colour)) => {
                    if run > 0 {
                        row.push_str(&run.to_string());
                        run = 0;
                    }
                    row.push(colour);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    format!("highlight {}", rows.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Chess14 {
        Chess14::start(VARIANT, &Options::default()).unwrap()
    }

    const START: &str = "rnbhcgakgcebnr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/\
                         PPPPPPPPPPPPPP/RNBHCGAKGCEBNR w KQkq - 0 1";

    #[test]
    fn the_table_has_a_type_per_piece_and_the_king_last() {
        assert_eq!(WHITE_PIECES.len(), 26);
        assert!(WHITE_PIECES.ends_with('K'));
        for l in LETTERS.chars() {
            let upper = l.to_ascii_uppercase();
            assert_eq!(WHITE_PIECES.matches(upper).count(), 1, "{l}");
        }
        assert_eq!(WHITE_PIECES.chars().filter(|&c| c != '.').count(), 11);
    }

    #[test]
    fn the_start_is_written_with_white_in_capitals() {
        assert_eq!(to_fen(&start()), START);
        assert_eq!(
            setup_line(&start()),
            format!(
                "setup (PNBRQ..H..G.....E...A...CKpnbrq..h..g.....e...a...ck) 14x14+0_fairy {START}"
            )
        );
        assert_eq!(from_fen(START).unwrap(), start());
    }

    #[test]
    fn castling_rights_round_trip() {
        for fen in [
            "r6k5r/14/14/14/14/14/14/14/14/14/14/14/14/R6K5R b Kq - 0 1",
            "r6k5r/14/14/14/14/14/14/14/14/14/14/14/14/R4R1K5R w KQF - 0 1",
            "7k6/14/14/14/14/14/14/14/14/14/14/14/14/R6K5R w - - 0 1",
        ] {
            assert_eq!(to_fen(&from_fen(fen).unwrap()), fen);
        }
        // Without a castling field every king and rook is unmoved, as in tabula's text.
        let bare = from_fen("r6k5r/14/14/14/14/14/14/14/14/14/14/14/14/R6K5R w").unwrap();
        assert_eq!(
            to_fen(&bare),
            "r6k5r/14/14/14/14/14/14/14/14/14/14/14/14/R6K5R w KQkq - 0 1"
        );
    }

    #[test]
    fn bad_fens_say_why() {
        for (fen, why) in [
            ("", "at least the board"),
            ("7k6/14 w", "outside 6..16"),
            (
                "7k6/14/14/14/14/14/14/14/14/14/14/14/14/6XK6 w",
                "'X' is no Chess14",
            ),
            (
                "7k6/14/14/14/14/14/14/14/14/14/14/14/14/7K6 x",
                "expected w or b",
            ),
            (
                "7k6/14/14/14/14/14/14/14/14/14/14/14/14/7K6 w Z",
                "castling field",
            ),
            (
                "7k6/13/14/14/14/14/14/14/14/14/14/14/14/7K6 w -",
                "differ in width",
            ),
        ] {
            let err = from_fen(fen).unwrap_err();
            assert!(err.contains(why), "{fen}: {err}");
        }
    }

    #[test]
    fn promotions_carry_a_queen_suffix() {
        let pos = from_fen("7k6/14/14/14/14/14/7P6/14/14/14/14/14/14/7K6 w - - 0 1").unwrap();
        let mv = parse_move(&pos, "h8h9q").unwrap();
        assert!(mv.is_promotion());
        assert_eq!(move_text(&pos, mv), "h8h9q");
        assert_eq!(parse_move(&pos, "h8h9").unwrap(), mv);
        assert!(
            parse_move(&pos, "h8h9n")
                .unwrap_err()
                .contains("only to a queen")
        );
        assert!(
            parse_move(&pos, "h1h2q")
                .unwrap_err()
                .contains("promotes nothing")
        );
        assert!(parse_move(&pos, "h1h3").is_err());
        assert_eq!(move_text(&pos, parse_move(&pos, "h1h2").unwrap()), "h1h2");
    }

    #[test]
    fn squares_and_colour_boards() {
        assert_eq!(Square::parse("n14"), Some(Square { file: 13, rank: 13 }));
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a"), None);
        assert_eq!(Square::parse("a123"), None);
        let marks = [
            (Square::parse("a1").unwrap(), 'Y'),
            (Square::parse("c1").unwrap(), 'R'),
            (Square::parse("n14").unwrap(), 'r'),
        ];
        assert_eq!(
            highlight_line(14, 14, &marks),
            "highlight 13r/14/14/14/14/14/14/14/14/14/14/14/14/Y1R11"
        );
    }
}
