//! Points and lines of the board: where a point sits in the bit masks of the four line
//! directions, which bits of a line lie on a board of a given size, and five in a row.

use crate::game::{MoveBits, Side};

/// The largest board: columns are letters, and there are 26 of them.
pub const MAX_SIZE: usize = 26;
/// The smallest board on which five in a row fits.
pub const MIN_SIZE: usize = 5;
/// Lines per direction: a diagonal family on a 26x26 board has 2 * 26 - 1 lines.
pub const LINES: usize = 2 * MAX_SIZE - 1;

/// A point of the board, 0-based: `x` is the column (A = 0), `y` the row from the bottom (1 = 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    pub fn new(x: usize, y: usize) -> Point {
        debug_assert!(x < MAX_SIZE && y < MAX_SIZE);
        Point {
            x: x as u8,
            y: y as u8,
        }
    }

    /// The point `(x, y)` if it lies on a board of `size`.
    pub fn checked(x: isize, y: isize, size: usize) -> Option<Point> {
        let on = |v: isize| (0..size as isize).contains(&v);
        (on(x) && on(y)).then(|| Point::new(x as usize, y as usize))
    }

    /// Index into per-point tables (`x + y * MAX_SIZE`), independent of the board size.
    pub fn index(self) -> usize {
        self.x as usize + self.y as usize * MAX_SIZE
    }
}

/// A move is the point it puts a stone on: bits 0..8 the column, 8..16 the row.
impl MoveBits for Point {
    fn to_bits(self) -> u32 {
        self.x as u32 | (self.y as u32) << 8
    }

    fn from_bits(bits: u32) -> Point {
        Point {
            x: bits as u8,
            y: (bits >> 8) as u8,
        }
    }
}

/// The four line directions as (dx, dy): row, column, diagonal (up-right), anti-diagonal
/// (down-right).
pub const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Where a point sits in the line masks of direction `dir`: (line number, bit along the line).
/// Rows and diagonals are numbered by the point's column, columns by its row, so a bit's
/// neighbours in a mask are the point's neighbours on the board.
pub fn line_of(p: Point, dir: usize) -> (usize, u32) {
    let (x, y) = (p.x as usize, p.y as usize);
    match dir {
        0 => (y, x as u32),
        1 => (x, y as u32),
        2 => (x + MAX_SIZE - 1 - y, x as u32),
        _ => (x + y, x as u32),
    }
}

/// The bits of line `line` in direction `dir` that are points of a `size` board.
pub fn line_span(size: usize, dir: usize, line: usize) -> u32 {
    let (lo, hi) = match dir {
        0 | 1 if line < size => (0, size - 1),
        0 | 1 => return 0,
        2 => {
            // x - y = line - (MAX_SIZE - 1); x runs where both x and y are on the board.
            let c = line as isize - (MAX_SIZE as isize - 1);
            let lo = c.max(0);
            let hi = (size as isize - 1).min(size as isize - 1 + c);
            if lo > hi {
                return 0;
            }
            (lo as usize, hi as usize)
        }
        _ => {
            // x + y = line.
            if line > 2 * (size - 1) {
                return 0;
            }
            (line.saturating_sub(size - 1), line.min(size - 1))
        }
    };
    bits_between(lo as u32, hi as u32)
}

/// The point at bit `bit` of line `line` in direction `dir` (the inverse of [`line_of`]).
pub fn point_on(dir: usize, line: usize, bit: u32) -> Point {
    let b = bit as usize;
    match dir {
        0 => Point::new(b, line),
        1 => Point::new(line, b),
        2 => Point::new(b, b + MAX_SIZE - 1 - line),
        _ => Point::new(b, line - b),
    }
}

/// Bits `lo..=hi` set.
pub fn bits_between(lo: u32, hi: u32) -> u32 {
    (u32::MAX >> (31 - hi)) & (u32::MAX << lo)
}

/// What counts as five in a row, and which points Black may not take.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum Rule {
    /// Five or more (free-style Gomoku).
    #[default]
    Freestyle,
    /// Exactly five: an overline (six or more) does not win.
    ExactFive,
    /// Renju: Black wins with exactly five and may not make an overline, a double four or a
    /// double three (see `renju.rs`); White wins with five or more.
    Renju,
}

impl Rule {
    /// What five in a row is for `side`'s stones: the line functions (`five_through`,
    /// `line_shape`) take this, never `Renju`, which differs by colour.
    pub fn for_side(self, side: Side) -> Rule {
        match (self, side) {
            (Rule::Renju, Side::P1) => Rule::ExactFive,
            (Rule::Renju, Side::P2) => Rule::Freestyle,
            (rule, _) => rule,
        }
    }
}

/// Whether `mask` holds a five through `bit` under `rule`: five or more consecutive bits, or
/// under [`Rule::ExactFive`] a run of exactly five, one of them `bit` (`rule` is a colour's,
/// from [`Rule::for_side`]; `Renju` reads as Black's).
pub fn five_through(mask: u32, bit: u32, rule: Rule) -> bool {
    let starts = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4;
    let starts = match rule {
        Rule::Freestyle => starts,
        // A run of exactly five starts where no stone lies just before it or just after it.
        Rule::ExactFive | Rule::Renju => starts & !(mask << 1) & !(mask >> 5),
    };
    starts & bits_between(bit.saturating_sub(4), bit) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_spans_cover_each_point_once_per_direction() {
        for size in [MIN_SIZE, 15, 19, MAX_SIZE] {
            for dir in 0..4 {
                let total: u32 = (0..LINES)
                    .map(|l| line_span(size, dir, l).count_ones())
                    .sum();
                assert_eq!(total as usize, size * size, "size {size} dir {dir}");
                for y in 0..size {
                    for x in 0..size {
                        let p = Point::new(x, y);
                        let (line, bit) = line_of(p, dir);
                        assert_ne!(line_span(size, dir, line) & 1 << bit, 0);
                        assert_eq!(point_on(dir, line, bit), p);
                    }
                }
            }
        }
    }

    #[test]
    fn five_needs_five_in_a_row_through_the_bit() {
        for rule in [Rule::Freestyle, Rule::ExactFive] {
            assert!(five_through(0b11111, 0, rule));
            assert!(five_through(0b11111, 4, rule));
            assert!(!five_through(0b11111, 5, rule));
            assert!(!five_through(0b11110111, 3, rule));
            assert!(!five_through(0b1111, 2, rule));
            assert!(five_through(0b11111 << 21, 25, rule));
            assert!(five_through(0b1011111, 2, rule));
        }
        assert!(five_through(0b111111 << 20, 25, Rule::Freestyle));
        assert!(five_through(u32::MAX >> 6, 25, Rule::Freestyle));
    }

    #[test]
    fn an_overline_is_no_five_under_the_exact_rule() {
        for (mask, bit) in [
            (0b111111, 0),
            (0b111111, 5),
            (0b111111 << 20, 25),
            (0b1111111, 3),
        ] {
            assert!(five_through(mask, bit, Rule::Freestyle));
            assert!(!five_through(mask, bit, Rule::ExactFive), "{mask:b} {bit}");
        }
        // A separate five on the same line still counts, and only for its own stones.
        let two = 0b11111 | 0b111111 << 6;
        assert!(five_through(two, 2, Rule::ExactFive));
        assert!(!five_through(two, 8, Rule::ExactFive));
        assert!(five_through(two, 8, Rule::Freestyle));
    }
}
