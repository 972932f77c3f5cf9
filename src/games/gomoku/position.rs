//! A Gomoku position: the board, the last stone (the mist's centre follows it), the winner,
//! the evaluation's running counts of line shapes, and what a stone on each empty point would
//! make with the sums of those points' values, all kept up to date stone by stone.

use super::board::Board;
use super::cells::Cells;
use super::geometry::{LINES, MAX_SIZE, Point, Rule, line_of, point_on};
use super::renju::{self, Foul};
use super::shapes::{self, SHAPES, Shape};
use super::weights;
use super::zobrist;
use crate::game::Side;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gomoku {
    board: Board,
    /// Gomoku in the Mist: 19x19, and `view`/`history` as its controller prints them.
    mist: bool,
    last: Option<Point>,
    winner: Option<Side>,
    /// The search passed the turn (its null move) an odd number of times on the way here:
    /// the side to move is not the one the stone count says.
    passed: bool,
    /// Per colour, how many lines hold each live shape as their strongest (indexed by
    /// `Shape`; dead lines are not counted)...
    counts: [[i32; SHAPES]; 2],
    /// ...and of its five points (a point counts once per line it completes).
    fours: [i32; 2],
    /// What each line adds to those counts, per colour and direction (`Counted`): a stone
    /// takes its lines' old share back from here instead of reading the lines again.
    counted: [[[Counted; LINES]; 4]; 2],
    /// What a stone on each empty point would make, per colour...
    cells: Cells,
    /// ...and per colour, the sums of its empty points' values to the evaluation
    /// (`weights::point_worth`).
    points_worth: [[i32; 2]; 2],
}

const SIDES: [Side; 2] = [Side::P1, Side::P2];

impl Gomoku {
    pub fn new(size: usize, mist: bool, rule: Rule) -> Gomoku {
        let board = Board::new(size, rule);
        Gomoku {
            cells: Cells::new(&board),
            points_worth: [[0; 2]; 2],
            board,
            mist,
            last: None,
            winner: None,
            passed: false,
            counts: [[0; SHAPES]; 2],
            fours: [0; 2],
            counted: [[[Counted::DEAD; LINES]; 4]; 2],
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    pub fn is_mist(&self) -> bool {
        self.mist
    }

    pub fn last(&self) -> Option<Point> {
        self.last
    }

    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    pub fn side_to_move(&self) -> Side {
        let side = self.board.side_to_move();
        if self.passed { side.other() } else { side }
    }

    /// The key of the position: the stones, the rule, and a passed turn.
    pub fn hash(&self) -> u64 {
        self.board.hash() ^ if self.passed { zobrist::PASS } else { 0 }
    }

    /// Why the side to move may not put a stone on the empty point `p`: only Black under
    /// renju has forbidden points.
    pub fn foul(&self, p: Point) -> Option<Foul> {
        if self.board.rule() == Rule::Renju && self.side_to_move() == Side::P1 {
            renju::foul(&self.board, p)
        } else {
            None
        }
    }

    /// Removes from `out[start..]` the points the side to move may not play.
    pub fn drop_fouls(&self, out: &mut Vec<Point>, start: usize) {
        if self.board.rule() == Rule::Renju && self.side_to_move() == Side::P1 {
            crate::game::retain_from(out, start, |p| renju::foul(&self.board, p).is_none());
        }
    }

    /// Gives the turn to the other side without a stone (the search's null move).
    pub fn pass(&mut self) {
        self.passed = !self.passed;
    }

    /// How many lines have `shape` as `side`'s strongest shape.
    pub fn count(&self, side: Side, shape: Shape) -> i32 {
        self.counts[side.index()][shape as usize]
    }

    /// How many lines have each shape as `side`'s strongest (indexed by `Shape`).
    pub fn counts(&self, side: Side) -> &[i32; SHAPES] {
        &self.counts[side.index()]
    }

    /// `side`'s sums of its empty points' values (`weights::point_worth`).
    pub fn points_worth(&self, side: Side) -> [i32; 2] {
        self.points_worth[side.index()]
    }

    /// How many (line, five point) pairs `side` has: nonzero when it has a four.
    pub fn fours(&self, side: Side) -> i32 {
        self.fours[side.index()]
    }

    /// Brings the counts up to date for the four lines through `p`, where a stone was put:
    /// each line's old share out, its new one in.
    fn account(&mut self, p: Point) {
        for dir in 0..4 {
            let (line, _) = line_of(p, dir);
            for side in SIDES {
                let new = Counted::of(shapes::shape_at(&self.board, side, dir, line));
                let old = std::mem::replace(&mut self.counted[side.index()][dir][line], new);
                if old != new {
                    let (counts, fours) = (
                        &mut self.counts[side.index()],
                        &mut self.fours[side.index()],
                    );
                    old.add_to(counts, fours, -1);
                    new.add_to(counts, fours, 1);
                }
            }
        }
    }

    /// Puts a stone of `side` on the empty point `p`; the turn follows from the stone count.
    pub fn put(&mut self, p: Point, side: Side) {
        self.board.put(p, side);
        self.account(p);
        let worth = &mut self.points_worth;
        self.cells.update(&self.board, p, |side, old, new| {
            let (old, new) = (weights::point_worth(old), weights::point_worth(new));
            for (sum, (old, new)) in worth[side.index()].iter_mut().zip(old.into_iter().zip(new)) {
                *sum += new - old;
            }
        });
        if self.board.makes_five(p) {
            self.winner = Some(side);
        }
    }

    /// Sets the winner from outside: a position put together stone by stone in board order
    /// may pass through a five that a later stone turns into an overline (no five under
    /// exactly-five and for Black in renju), which `put` cannot take back.
    pub fn set_winner(&mut self, winner: Option<Side>) {
        self.winner = winner;
    }

    /// Plays a stone of the side to move on the empty point `p`.
    pub fn play(&mut self, p: Point) {
        self.put(p, self.side_to_move());
        self.last = Some(p);
    }

    /// Marks `p` (holding a stone) as the last stone played.
    pub fn set_last(&mut self, p: Point) {
        self.last = Some(p);
    }

    /// Every shape of `side` along every line that holds a stone of it.
    #[cfg(test)]
    fn shapes(&self, side: Side) -> impl Iterator<Item = (usize, usize, shapes::LineShape)> + '_ {
        (0..4).flat_map(move |dir| {
            (0..super::geometry::LINES)
                .filter(move |&line| self.board.line(side, dir, line) != 0)
                .map(move |line| (dir, line, shapes::shape_at(&self.board, side, dir, line)))
        })
    }

    /// The points where `side` would make five, as one mask per row.
    pub fn five_point_rows(&self, side: Side) -> [u32; MAX_SIZE] {
        if self.fours(side) == 0 {
            return [0; MAX_SIZE];
        }
        // Five points need four stones of the side in a line: only its dense lines (three
        // stones or more) with four are worth a look.
        let board = &self.board;
        five_point_rows_of(
            board
                .dense_lines(side)
                .filter(|&(dir, line)| board.line(side, dir, line).count_ones() >= 4)
                .map(|(dir, line)| (dir, line, shapes::shape_at(board, side, dir, line))),
        )
    }

    /// `five_point_rows` from every line's shape, not only the lines with four stones.
    #[cfg(test)]
    pub fn five_point_rows_from_scratch(&self, side: Side) -> [u32; MAX_SIZE] {
        five_point_rows_of(self.shapes(side))
    }

    /// The shapes, five points, point codes and their sums recomputed from the board (what
    /// `play` keeps up to date).
    #[cfg(test)]
    pub fn sums_from_scratch(&self) -> Sums {
        let mut counts = [[0; SHAPES]; 2];
        let mut fours = [0; 2];
        let mut worth = [[0; 2]; 2];
        let cells = Cells::new(&self.board);
        for side in SIDES {
            for (_, _, s) in self.shapes(side) {
                if s.shape != Shape::Dead {
                    counts[side.index()][s.shape as usize] += 1;
                }
                fours[side.index()] += s.five_points.count_ones() as i32;
            }
            for p in self.board.points() {
                let values = weights::point_worth(cells.code(side, p));
                for (sum, v) in worth[side.index()].iter_mut().zip(values) {
                    *sum += v;
                }
            }
        }
        (counts, fours, cells, worth)
    }

    /// The running sums, to compare with [`Gomoku::sums_from_scratch`].
    #[cfg(test)]
    pub fn sums(&self) -> Sums {
        (
            self.counts,
            self.fours,
            self.cells.clone(),
            self.points_worth,
        )
    }
}

/// One line's share of a colour's counts: its shape and how many five points it has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Counted {
    shape: Shape,
    fives: u8,
}

impl Counted {
    const DEAD: Counted = Counted {
        shape: Shape::Dead,
        fives: 0,
    };

    fn of(s: shapes::LineShape) -> Counted {
        Counted {
            shape: s.shape,
            fives: s.five_points.count_ones() as u8,
        }
    }

    /// Adds (`sign` 1) or takes back (-1) this share. Dead lines are worth nothing and not
    /// counted.
    fn add_to(self, counts: &mut [i32; SHAPES], fours: &mut i32, sign: i32) {
        if self.shape != Shape::Dead {
            counts[self.shape as usize] += sign;
        }
        *fours += sign * i32::from(self.fives);
    }
}

/// What `Gomoku::sums` compares: shape counts, five points, point codes and their values.
#[cfg(test)]
pub type Sums = ([[i32; SHAPES]; 2], [i32; 2], Cells, [[i32; 2]; 2]);

/// The five points of the given lines' shapes (direction, line, shape), as one mask per row.
fn five_point_rows_of(
    lines: impl Iterator<Item = (usize, usize, shapes::LineShape)>,
) -> [u32; MAX_SIZE] {
    let mut rows = [0; MAX_SIZE];
    for (dir, line, s) in lines {
        let mut bits = s.five_points;
        while bits != 0 {
            let p = point_on(dir, line, bits.trailing_zeros());
            rows[p.y as usize] |= 1 << p.x;
            bits &= bits - 1;
        }
    }
    rows
}
