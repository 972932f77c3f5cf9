//! Squares, directions and 36-bit bitboards of the 6x6 board.
//!
//! Bit layout: square index = row * 6 + column, row 0 = `a` (top), column 0 = `1` (left),
//! so `a1` is bit 0, `a6` bit 5, `f6` bit 35. Bits 36..63 are always zero.

use std::fmt;

pub const SIDE: u8 = 6;
pub const SQUARES: usize = 36;

/// Every square of the board.
pub const FULL: u64 = (1 << SQUARES) - 1;
/// The top row (`a`), the bottom row (`f`), the left column (`1`), the right column (`6`).
pub const TOP: u64 = 0b111111;
pub const BOTTOM: u64 = TOP << 30;
pub const LEFT: u64 = 0x0_4104_1041;
pub const RIGHT: u64 = LEFT << 5;
/// `b2`..`e5`: the squares with four neighbours on the board.
pub const INTERIOR: u64 = FULL & !(TOP | BOTTOM | LEFT | RIGHT);

/// A square of the board, `0..36`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `index` (`0..36`).
    pub const fn new(index: u8) -> Square {
        assert!(index < SQUARES as u8);
        Square(index)
    }

    pub const fn at(row: u8, col: u8) -> Square {
        Square::new(row * SIDE + col)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn row(self) -> u8 {
        self.0 / SIDE
    }

    pub const fn col(self) -> u8 {
        self.0 % SIDE
    }

    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The square `steps` squares away in `dir`, if it is on the board.
    pub const fn towards(self, dir: Dir, steps: u8) -> Option<Square> {
        let (dr, dc) = dir.delta();
        let row = self.row() as i8 + dr * steps as i8;
        let col = self.col() as i8 + dc * steps as i8;
        if row < 0 || row >= SIDE as i8 || col < 0 || col >= SIDE as i8 {
            None
        } else {
            Some(Square::at(row as u8, col as u8))
        }
    }

    /// Reads `c4`-style coordinates (letter row `a`-`f`, number column `1`-`6`).
    pub fn parse(text: &str) -> Result<Square, String> {
        match text.as_bytes() {
            [r, c] => {
                let row = r.to_ascii_lowercase().wrapping_sub(b'a');
                let col = c.wrapping_sub(b'1');
                if row < SIDE && col < SIDE {
                    return Ok(Square::at(row, col));
                }
            }
            [] => return Err("no square given: use a letter a-f and a number 1-6, e.g. c4".into()),
            _ => {}
        }
        Err(format!(
            "'{text}' is not a square: use a letter a-f and a number 1-6, e.g. c4"
        ))
    }

    /// The squares of `bb`, lowest index first.
    pub fn all_in(bb: u64) -> impl Iterator<Item = Square> {
        let mut rest = bb;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let sq = Square(rest.trailing_zeros() as u8);
            rest &= rest - 1;
            Some(sq)
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.row()) as char, self.col() + 1)
    }
}

/// The four orthogonal directions, in the order that lists a piece's targets by square index.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    Up,
    Left,
    Right,
    Down,
}

pub const DIRS: [Dir; 4] = [Dir::Up, Dir::Left, Dir::Right, Dir::Down];

impl Dir {
    /// (row change, column change) of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
            Dir::Down => (1, 0),
        }
    }

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            Dir::Down => Dir::Up,
        }
    }

    /// The squares with no neighbour in this direction.
    pub const fn edge(self) -> u64 {
        match self {
            Dir::Up => TOP,
            Dir::Left => LEFT,
            Dir::Right => RIGHT,
            Dir::Down => BOTTOM,
        }
    }
}

/// Moves every square of `bb` one step in `dir`; squares leaving the board vanish.
pub const fn shift(bb: u64, dir: Dir) -> u64 {
    match dir {
        Dir::Up => bb >> 6,
        Dir::Down => (bb << 6) & FULL,
        Dir::Left => (bb & !LEFT) >> 1,
        Dir::Right => (bb & !RIGHT) << 1,
    }
}

/// The bitboard of squares named in `text` (`"b3 c2"`), for tests.
#[cfg(test)]
pub fn bb(text: &str) -> u64 {
    text.split_whitespace()
        .map(|s| Square::parse(s).unwrap().bit())
        .fold(0, |a, b| a | b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_have_the_right_squares() {
        let names = |bb: u64| {
            Square::all_in(bb)
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(LEFT), ["a1", "b1", "c1", "d1", "e1", "f1"]);
        assert_eq!(names(RIGHT), ["a6", "b6", "c6", "d6", "e6", "f6"]);
        assert_eq!(names(BOTTOM), ["f1", "f2", "f3", "f4", "f5", "f6"]);
        assert_eq!(INTERIOR.count_ones(), 16);
        assert!(INTERIOR & Square::parse("b2").unwrap().bit() != 0);
        assert!(INTERIOR & Square::parse("e5").unwrap().bit() != 0);
    }

    #[test]
    fn shift_agrees_with_towards_on_every_square() {
        for i in 0..SQUARES as u8 {
            let sq = Square::new(i);
            for dir in DIRS {
                let expected = sq.towards(dir, 1).map_or(0, Square::bit);
                assert_eq!(shift(sq.bit(), dir), expected, "{sq} {dir:?}");
                assert_eq!(sq.bit() & dir.edge() != 0, expected == 0, "{sq} {dir:?}");
            }
        }
    }

    #[test]
    fn squares_read_and_print() {
        assert_eq!(Square::parse("a1"), Ok(Square::new(0)));
        assert_eq!(Square::parse("F6"), Ok(Square::new(35)));
        assert_eq!(Square::parse("c4").unwrap().to_string(), "c4");
        for bad in ["", "g1", "a0", "a7", "c44", "4c", "é1"] {
            assert!(Square::parse(bad).is_err(), "{bad}");
        }
    }
}
