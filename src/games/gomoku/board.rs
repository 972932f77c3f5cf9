//! The Gomoku board: stones kept as bit masks along every line, so that placing a stone,
//! finding five in a row and reading line patterns each touch only a few words.

use crate::game::Side;

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

/// Whether `mask` holds five or more consecutive bits, one of them `bit`.
pub fn five_through(mask: u32, bit: u32) -> bool {
    let starts = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4;
    starts & bits_between(bit.saturating_sub(4), bit) != 0
}

/// Random keys for the Zobrist hash, one per colour and point, fixed at compile time.
static ZOBRIST: [[u64; MAX_SIZE * MAX_SIZE]; 2] = zobrist_keys();

const fn zobrist_keys() -> [[u64; MAX_SIZE * MAX_SIZE]; 2] {
    let mut keys = [[0; MAX_SIZE * MAX_SIZE]; 2];
    // splitmix64: a fixed seed gives the same keys in every build.
    let mut state: u64 = 0x7461_6275_6c61_676d;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_SIZE * MAX_SIZE {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            keys[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    keys
}

/// A square Gomoku board of 5..=26 points a side. Black (`Side::P1`) moves first; whose turn
/// it is follows from the number of stones.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    size: u8,
    stones: u16,
    /// `lines[colour][dir][line]`: the bits of that colour's stones along one line.
    lines: [[[u32; LINES]; 4]; 2],
    hash: u64,
}

impl Board {
    /// An empty board. `size` must be within `MIN_SIZE..=MAX_SIZE`.
    pub fn new(size: usize) -> Board {
        assert!(
            (MIN_SIZE..=MAX_SIZE).contains(&size),
            "board size {size} out of range"
        );
        Board {
            size: size as u8,
            stones: 0,
            lines: [[[0; LINES]; 4]; 2],
            hash: 0,
        }
    }

    pub fn size(&self) -> usize {
        self.size as usize
    }

    pub fn stones(&self) -> usize {
        self.stones as usize
    }

    pub fn is_full(&self) -> bool {
        self.stones() == self.size() * self.size()
    }

    pub fn side_to_move(&self) -> Side {
        if self.stones.is_multiple_of(2) {
            Side::P1
        } else {
            Side::P2
        }
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The stone on `p`, if any.
    pub fn at(&self, p: Point) -> Option<Side> {
        let bit = 1 << p.x;
        [Side::P1, Side::P2]
            .into_iter()
            .find(|s| self.lines[s.index()][0][p.y as usize] & bit != 0)
    }

    /// The points of row `y` (bit x) that hold a stone.
    pub fn occupied_row(&self, y: usize) -> u32 {
        self.lines[0][0][y] | self.lines[1][0][y]
    }

    /// The mask of `side`'s stones along line `line` of direction `dir`.
    pub fn line(&self, side: Side, dir: usize, line: usize) -> u32 {
        self.lines[side.index()][dir][line]
    }

    /// Puts a stone of the side to move on the empty point `p` and passes the turn.
    pub fn place(&mut self, p: Point) {
        self.put(p, self.side_to_move());
    }

    /// Puts a stone of `side` on the empty point `p`.
    pub fn put(&mut self, p: Point, side: Side) {
        debug_assert!(self.at(p).is_none(), "point {p:?} is taken");
        for dir in 0..4 {
            let (line, bit) = line_of(p, dir);
            self.lines[side.index()][dir][line] |= 1 << bit;
        }
        self.hash ^= ZOBRIST[side.index()][p.index()];
        self.stones += 1;
    }

    /// Whether the stone on `p` is part of five or more in a row of its colour.
    pub fn makes_five(&self, p: Point) -> bool {
        let Some(side) = self.at(p) else { return false };
        (0..4).any(|dir| {
            let (line, bit) = line_of(p, dir);
            five_through(self.lines[side.index()][dir][line], bit)
        })
    }

    /// Every point of the board, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let n = self.size();
        (0..n).flat_map(move |y| (0..n).map(move |x| Point::new(x, y)))
    }

    /// The hash computed from scratch (what `hash` keeps incrementally).
    pub fn hash_from_scratch(&self) -> u64 {
        self.points()
            .filter_map(|p| self.at(p).map(|s| ZOBRIST[s.index()][p.index()]))
            .fold(0, |h, k| h ^ k)
    }
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
        assert!(five_through(0b11111, 0));
        assert!(five_through(0b11111, 4));
        assert!(!five_through(0b11111, 5));
        assert!(!five_through(0b11110111, 3));
        assert!(five_through(0b111111 << 20, 25));
        assert!(!five_through(0b1111, 2));
        assert!(five_through(u32::MAX >> 6, 25));
    }

    #[test]
    fn stones_alternate_and_are_seen_on_their_points() {
        let mut b = Board::new(15);
        b.place(Point::new(0, 0));
        b.place(Point::new(14, 14));
        assert_eq!(b.at(Point::new(0, 0)), Some(Side::P1));
        assert_eq!(b.at(Point::new(14, 14)), Some(Side::P2));
        assert_eq!(b.at(Point::new(1, 0)), None);
        assert_eq!(b.side_to_move(), Side::P1);
        assert_eq!(b.hash(), b.hash_from_scratch());
    }

    #[test]
    fn five_in_each_direction_is_found_at_every_stone() {
        for (dx, dy) in DIRECTIONS {
            let mut b = Board::new(19);
            let line: Vec<Point> = (0..5)
                .map(|i| Point::new((3 + dx * i) as usize, (9 + dy * i) as usize))
                .collect();
            for (i, &p) in line.iter().enumerate() {
                b.place(p);
                if i < 4 {
                    assert!(!b.makes_five(p));
                    b.place(Point::new(i, 18)); // White elsewhere
                }
            }
            assert!(
                line.iter().all(|&p| b.makes_five(p)),
                "direction ({dx}, {dy})"
            );
        }
    }
}
