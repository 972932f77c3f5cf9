//! The stones on a Gomoku board, kept as bit masks along every line, so that placing a stone,
//! finding five in a row and reading line patterns each touch only a few words.

use super::geometry::{LINES, MAX_SIZE, MIN_SIZE, Point, Rule, five_through, line_of};
use super::zobrist;
use crate::game::Side;

// `dense` keeps one bit per line in a u64.
const _: () = assert!(LINES <= 64);

/// A square Gomoku board of 5..=26 points a side. Black (`Side::P1`) moves first; whose turn
/// it is follows from the number of stones.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    size: u8,
    rule: Rule,
    stones: u16,
    /// `lines[colour][dir][line]`: the bits of that colour's stones along one line.
    lines: [[[u32; LINES]; 4]; 2],
    /// `dense[colour][dir]`: bit `line` is set when that line holds three or more of the
    /// colour's stones, the only lines where it has a four or a five to make: the threat
    /// scans visit these instead of every line.
    dense: [[u64; 4]; 2],
    hash: u64,
}

impl Board {
    /// An empty board on which `rule` says what five in a row is. `size` must be within
    /// `MIN_SIZE..=MAX_SIZE`.
    pub fn new(size: usize, rule: Rule) -> Board {
        assert!(
            (MIN_SIZE..=MAX_SIZE).contains(&size),
            "board size {size} out of range"
        );
        Board {
            size: size as u8,
            rule,
            stones: 0,
            lines: [[[0; LINES]; 4]; 2],
            dense: [[0; 4]; 2],
            hash: zobrist::rule(rule),
        }
    }

    pub fn size(&self) -> usize {
        self.size as usize
    }

    pub fn rule(&self) -> Rule {
        self.rule
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

    /// The lines (direction, line number) that hold three or more of `side`'s stones.
    pub fn dense_lines(&self, side: Side) -> impl Iterator<Item = (usize, usize)> + use<> {
        let dense = self.dense[side.index()];
        (0..4).flat_map(move |dir| {
            let mut bits = dense[dir];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let line = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    (dir, line)
                })
            })
        })
    }

    /// Sets or clears `line`'s bit in `dense` after its stones changed.
    fn mark_dense(&mut self, side: Side, dir: usize, line: usize) {
        let s = side.index();
        // Without a branch: the solver's puts and removes make it hard to predict.
        let dense = (self.lines[s][dir][line].count_ones() >= 3) as u64;
        self.dense[s][dir] = self.dense[s][dir] & !(1 << line) | dense << line;
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
            self.mark_dense(side, dir, line);
        }
        self.hash ^= zobrist::stone(side, p);
        self.stones += 1;
    }

    /// Takes the stone of `side` off `p` (what `put` did, undone).
    pub fn remove(&mut self, p: Point, side: Side) {
        debug_assert_eq!(self.at(p), Some(side), "point {p:?} holds no such stone");
        for dir in 0..4 {
            let (line, bit) = line_of(p, dir);
            self.lines[side.index()][dir][line] &= !(1 << bit);
            self.mark_dense(side, dir, line);
        }
        self.hash ^= zobrist::stone(side, p);
        self.stones -= 1;
    }

    /// Whether the stone on `p` is part of five in a row of its colour, as the rule counts.
    pub fn makes_five(&self, p: Point) -> bool {
        let Some(side) = self.at(p) else { return false };
        (0..4).any(|dir| {
            let (line, bit) = line_of(p, dir);
            five_through(
                self.lines[side.index()][dir][line],
                bit,
                self.rule.for_side(side),
            )
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
            .filter_map(|p| self.at(p).map(|s| zobrist::stone(s, p)))
            .fold(zobrist::rule(self.rule), |h, k| h ^ k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::geometry::DIRECTIONS;

    #[test]
    fn stones_alternate_and_are_seen_on_their_points() {
        let mut b = Board::new(15, Rule::Freestyle);
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
            let mut b = Board::new(19, Rule::Freestyle);
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

    #[test]
    fn dense_lines_are_those_with_three_stones_or_more() {
        let mut b = Board::new(15, Rule::Freestyle);
        let stones: Vec<Point> = (0..40)
            .map(|i| Point::new(i * 7 % 15, i * 4 % 13))
            .collect();
        let check = |b: &Board| {
            for side in [Side::P1, Side::P2] {
                let want: Vec<(usize, usize)> = (0..4)
                    .flat_map(|dir| (0..LINES).map(move |line| (dir, line)))
                    .filter(|&(dir, line)| b.line(side, dir, line).count_ones() >= 3)
                    .collect();
                assert_eq!(b.dense_lines(side).collect::<Vec<_>>(), want);
            }
        };
        for &p in &stones {
            if b.at(p).is_none() {
                b.place(p);
                check(&b);
            }
        }
        for &p in stones.iter().step_by(3) {
            if let Some(side) = b.at(p) {
                b.remove(p, side);
                check(&b);
            }
        }
    }

    #[test]
    fn an_overline_wins_only_under_the_free_style_rule() {
        for (rule, wins) in [(Rule::Freestyle, true), (Rule::ExactFive, false)] {
            let mut b = Board::new(15, rule);
            for x in [0, 1, 2, 4, 5] {
                b.put(Point::new(x, 7), Side::P1);
            }
            assert!(!b.makes_five(Point::new(0, 7)));
            b.put(Point::new(3, 7), Side::P1);
            assert_eq!(b.makes_five(Point::new(3, 7)), wins, "{rule:?}");
            assert_eq!(b.hash(), b.hash_from_scratch());
        }
        assert_ne!(
            Board::new(15, Rule::Freestyle).hash(),
            Board::new(15, Rule::ExactFive).hash()
        );
    }
}
