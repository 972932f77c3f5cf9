//! Text forms: the 9-line board, the one-line position text (`fen`), squares and moves.

use super::movegen::{Action, Move};
use super::position::{Cell, EMPTY, KINDS, OWNER, PLY_LIMIT, Position, WALL, kind_of, piece};
use super::tables::{SIZE, SQUARES};
use crate::game::Side;

pub const START_ROWS: [&str; SIZE] = [
    "mjdsgscjm",
    "bzzzzzzzb",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    "BZZZZZZZB",
    "MJCSGSDJM",
];

fn cell_char(c: Cell) -> char {
    match c {
        EMPTY => '.',
        WALL => '#',
        _ => {
            let l = kind_of(c).letter();
            if OWNER[c as usize] == 0 {
                l.to_ascii_uppercase()
            } else {
                l
            }
        }
    }
}

fn char_cell(ch: char) -> Option<Cell> {
    match ch {
        '.' => Some(EMPTY),
        '#' => Some(WALL),
        _ => {
            let kind = KINDS
                .iter()
                .copied()
                .find(|k| k.letter() == ch.to_ascii_lowercase())?;
            Some(piece(usize::from(ch.is_ascii_lowercase()), kind))
        }
    }
}

/// A square's protocol name: files a..i left to right, ranks 1..9 bottom to top.
pub fn square_name(sq: usize) -> String {
    let (row, col) = (sq / SIZE, sq % SIZE);
    format!("{}{}", (b'a' + col as u8) as char, SIZE - row)
}

fn parse_square(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'i').contains(&b[0]) || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    let (col, rank) = ((b[0] - b'a') as usize, (b[1] - b'0') as usize);
    Some((SIZE - rank) * SIZE + col)
}

impl Position {
    pub fn start() -> Position {
        Position::from_rows(&START_ROWS, Side::P1, 0).expect("the start position is valid")
    }

    /// Reads 9 rows of board text (exactly 9 characters each, `.` `#` or a piece letter).
    pub fn from_rows(rows: &[&str], side: Side, ply: u16) -> Result<Position, String> {
        if rows.len() != SIZE {
            return Err(format!("a board needs {SIZE} rows, found {}", rows.len()));
        }
        let mut cells = [EMPTY; SQUARES];
        for (r, row) in rows.iter().enumerate() {
            let n = row.chars().count();
            if n != SIZE {
                return Err(format!(
                    "row {} has {n} squares, not {SIZE}: '{row}'",
                    r + 1
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                cells[r * SIZE + c] = char_cell(ch).ok_or_else(|| {
                    format!("row {} has an unknown character '{ch}' (expected . # or one of zbjmscdg ZBJMSCDG)", r + 1)
                })?;
            }
        }
        Position::from_cells(cells, side, ply)
    }

    /// Reads the position text: `<9 rows joined by '/'> <w|b> [<ply>]`, where a digit in a
    /// row stands for that many empty squares.
    pub fn from_fen(text: &str) -> Result<Position, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side, ply) = match fields.as_slice() {
            [board, side] => (*board, *side, None),
            [board, side, ply] => (*board, *side, Some(*ply)),
            [] => return Err("missing position: expected <rows> <w|b> [<ply>]".into()),
            [_] => return Err("missing side to move: expected <rows> <w|b> [<ply>]".into()),
            _ => {
                return Err(format!(
                    "too many fields in position '{text}': expected <rows> <w|b> [<ply>]"
                ));
            }
        };
        let side = match side {
            "w" => Side::P1,
            "b" => Side::P2,
            _ => return Err(format!("side to move must be w or b, not '{side}'")),
        };
        let ply = match ply {
            None => 0,
            Some(p) => match p.parse::<u16>() {
                Ok(n) if n <= PLY_LIMIT => n,
                _ => {
                    return Err(format!(
                        "ply count must be a number from 0 to {PLY_LIMIT}, not '{p}'"
                    ));
                }
            },
        };
        let rows: Vec<String> = board
            .split('/')
            .map(|row| {
                row.chars()
                    .map(|ch| match ch.to_digit(10) {
                        Some(n @ 1..=9) => ".".repeat(n as usize),
                        _ => ch.to_string(),
                    })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        Position::from_rows(&rows, side, ply)
    }

    /// The 9 text lines, top line first.
    pub fn view(&self) -> Vec<String> {
        self.cells
            .chunks(SIZE)
            .map(|row| row.iter().map(|&c| cell_char(c)).collect())
            .collect()
    }

    /// The position text `from_fen` reads back (rows with dots, side, ply).
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} {}",
            self.view().join("/"),
            ["w", "b"][self.side.index()],
            self.ply
        )
    }

    pub fn format_move(&self, mv: Move) -> String {
        let mark = if mv.action == Action::Wall { "#" } else { "" };
        format!(
            "{}{}{mark}",
            square_name(mv.from as usize),
            square_name(mv.to as usize)
        )
    }

    /// Reads `e2e3` or `b2b3#` and returns the legal move it names.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let (squares, wall) = match text.strip_suffix('#') {
            Some(s) => (s, true),
            None => (text, false),
        };
        let bad = || {
            format!(
                "'{text}' is not a move (expected from and to squares like e2e3, or b2b3# for a wall)"
            )
        };
        if squares.len() != 4 || !squares.is_ascii() {
            return Err(bad());
        }
        let from = parse_square(&squares[..2]).ok_or_else(bad)?;
        let to = parse_square(&squares[2..]).ok_or_else(bad)?;
        let named = |m: &Move| {
            m.from as usize == from && m.to as usize == to && (m.action == Action::Wall) == wall
        };
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        legal
            .into_iter()
            .find(named)
            .ok_or_else(|| format!("illegal move {text}: {}", self.why_illegal(from, to, wall)))
    }

    /// Why `from` to `to` (a wall if `wall`) is not a legal move here, for the error that
    /// refuses it.
    fn why_illegal(&self, from: usize, to: usize, wall: bool) -> String {
        let (f, t) = (square_name(from), square_name(to));
        let c = self.cell(from);
        let us = self.side_to_move();
        match c {
            EMPTY => return format!("there is no piece on {f}"),
            WALL => return format!("{f} is a wall"),
            _ => {}
        }
        let name = kind_of(c).name();
        if OWNER[c as usize] != us.index() {
            let [mover, owner] = [us, us.other()].map(|s| ["white", "black"][s.index()]);
            return format!("the {name} on {f} is {owner}'s and {mover} is to move");
        }
        let mut pseudo = Vec::new();
        self.piece_moves(from, &mut pseudo);
        let reaches = |w: bool| {
            pseudo
                .iter()
                .any(|m| m.to as usize == to && (m.action == Action::Wall) == w)
        };
        if reaches(wall) {
            format!(
                "it would leave the {} general in danger",
                ["white", "black"][us.index()]
            )
        } else if reaches(!wall) && wall {
            format!("the {name} on {f} cannot build a wall on {t}: write {f}{t}")
        } else if reaches(!wall) {
            format!("the {name} on {f} builds a wall on {t}: write {f}{t}#")
        } else if wall {
            format!("a {name} on {f} cannot build a wall on {t}")
        } else if OWNER[self.cell(to) as usize] == us.index() {
            format!(
                "{t} holds a {} of the same side",
                kind_of(self.cell(to)).name()
            )
        } else {
            format!("a {name} cannot move from {f} to {t}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_from_white_side() {
        assert_eq!(square_name(0), "a9");
        assert_eq!(square_name(80), "i1");
        assert_eq!(square_name(76), "e1");
        for sq in 0..SQUARES {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(parse_square("j1"), None);
        assert_eq!(parse_square("a0"), None);
    }

    #[test]
    fn fen_round_trips_and_accepts_digits() {
        let start = Position::start();
        assert_eq!(start.view(), START_ROWS);
        assert_eq!(Position::from_fen(&start.to_fen()).unwrap(), start);
        let digits =
            Position::from_fen("mjdsgscjm/bzzzzzzzb/9/9/9/9/9/BZZZZZZZB/MJCSGSDJM w").unwrap();
        assert_eq!(digits, start);
        let later = Position::from_fen("g8/9/9/9/9/9/9/9/4G4 b 17").unwrap();
        assert_eq!((later.side_to_move(), later.ply()), (Side::P2, 17));
        assert_eq!(Position::from_fen(&later.to_fen()).unwrap(), later);
    }

    #[test]
    fn bad_positions_are_explained() {
        let err = |t: &str| Position::from_fen(t).unwrap_err();
        assert!(err("").contains("missing position"));
        assert!(err("g8/9/9/9/9/9/9/9/4G4").contains("missing side"));
        assert!(err("g8/9/9/9/9/9/9/9/4G4 x").contains("w or b"));
        assert!(err("g8/9/9/9/9/9/9/9/4G4 w 201").contains("ply count"));
        assert!(err("g8/9/9/9/9/9/9/9/4G4 w 1 2").contains("too many"));
        assert!(err("g8/9/9/9/9/9/9/4G4 w").contains("9 rows"));
        assert!(err("g7/9/9/9/9/9/9/9/4G4 w").contains("row 1 has 8"));
        assert!(err("g8/9/9/9/9/9/9/9/4G3x w").contains("unknown character 'x'"));
        assert!(err("g8/9/9/9/9/9/9/9/9 w").contains("White has no General"));
        assert!(err("g8g/9/9/9/9/9/9/9/4G4 w").contains("row 1 has 10"));
        assert!(err("g6g1/9/9/9/9/9/9/9/4G4 w").contains("Black has more than one General"));
    }

    #[test]
    fn moves_parse_by_what_the_board_says() {
        let start = Position::start();
        let mv = start.parse_move("a2a3#").unwrap();
        assert_eq!(mv.action, Action::Wall);
        assert_eq!(start.parse_move("a2a3").unwrap().action, Action::Step);
        assert_eq!(start.parse_move("b1b2").unwrap().action, Action::Swap);
        assert_eq!(start.format_move(mv), "a2a3#");
        assert_eq!(
            start.parse_move("e1e2").unwrap_err(),
            "illegal move e1e2: e2 holds a zombie of the same side"
        );
        assert!(start.parse_move("e2").unwrap_err().contains("not a move"));
        assert!(start.parse_move("é2e3").unwrap_err().contains("not a move"));
    }
}
