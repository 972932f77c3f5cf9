//! Victory by continuous threats (VCT): the attacker plays fours and open threes. A four
//! leaves one answer (its five point); an open three (a line where one more stone makes two
//! five points) leaves the defender only the points of the three's windows, or a four of its
//! own: any other move lets the attacker make the open four, which wins, since the defender
//! has no four to make five with. So the defender's answers are few, and every one of them is
//! searched: a win found here is a proof, not a guess.
//!
//! At every attacker node the VCF solver (`vcf.rs`) runs first, so threes are only spent where
//! fours alone do not win. Depth counts the attacker's threes (fours are free, the node budget
//! bounds them). Positions refuted to a depth are kept in a table per thread, apart from the
//! VCF solver's.

use super::board::Board;
use super::geometry::{LINES, MAX_SIZE, Point, line_span, point_on};
use super::shapes::{line_shape, window_points};
use super::vcf::{self, Fives};
use crate::game::Side;
use std::cell::RefCell;

/// Entries of the per-thread table of refuted positions (a power of two).
const TABLE_SIZE: usize = 1 << 16;
/// Fours the VCF solver may try at each attacker node.
const VCF_BUDGET: u32 = 200;
/// Plies past which a line is not followed.
const MAX_PLIES: usize = 80;

thread_local! {
    /// (key, threes) of attacker-to-move positions with no win in that many threes.
    static REFUTED: RefCell<Vec<(u64, u8)>> = RefCell::new(vec![(0, 0); TABLE_SIZE]);
}

/// Looks for a win by continuous threats for `attacker` (the side to move, or the other one
/// to see what it threatens), with at most `threes` open threes (fours are not counted),
/// trying fewer threes first, in a `budget` of attacker nodes and of the fours that the VCF
/// solver tries in them. On success `line` holds a line to the five (the defence taken at
/// each three is the one that held longest) and the result is `true`; `false` proves nothing.
pub fn find(
    board: &Board,
    attacker: Side,
    budget: u32,
    threes: u32,
    line: &mut Vec<Point>,
) -> bool {
    line.clear();
    REFUTED.with_borrow_mut(|refuted| {
        let mut solver = Solver {
            board: board.clone(),
            attacker,
            size_key: vcf::position_key(board, attacker),
            budget,
            nodes: 0,
            line,
            refuted,
            vcf_line: Vec::new(),
        };
        (1..=threes).any(|depth| solver.nodes < solver.budget && solver.attack(depth))
    })
}

struct Solver<'a> {
    board: Board,
    attacker: Side,
    /// Mixed into the table keys (see `vcf::position_key`).
    size_key: u64,
    budget: u32,
    nodes: u32,
    line: &'a mut Vec<Point>,
    refuted: &'a mut Vec<(u64, u8)>,
    vcf_line: Vec<Point>,
}

impl Solver<'_> {
    fn defender(&self) -> Side {
        self.attacker.other()
    }

    /// The attacker to move: a win within `depth` threes pushes its line and returns `true`;
    /// otherwise the line is left as it was.
    fn attack(&mut self, depth: u32) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget || self.line.len() >= MAX_PLIES {
            return false;
        }
        let key = self.board.hash() ^ self.size_key;
        let slot = key as usize & (TABLE_SIZE - 1);
        let (stored, refuted_to) = self.refuted[slot];
        if stored == key && u32::from(refuted_to) >= depth {
            return false;
        }
        let (won, fours) =
            vcf::find_spending(&self.board, self.attacker, VCF_BUDGET, &mut self.vcf_line);
        // The solver's fours count against the budget: they are most of the work.
        self.nodes += fours;
        if won {
            self.line.extend_from_slice(&self.vcf_line);
            return true;
        }
        let threats = Fives::anywhere(&self.board, self.defender());
        if depth == 0 || threats.count >= 2 {
            return false;
        }
        let moves = match threats.count {
            // The enemy's four must be blocked; the block must threaten in turn.
            1 => vec![threats.points[0]],
            _ => threat_moves(&self.board, self.attacker),
        };
        for m in moves {
            self.board.put(m, self.attacker);
            self.line.push(m);
            let won = self.answer(m, depth);
            self.board.remove(m, self.attacker);
            if won {
                return true;
            }
            self.line.pop();
        }
        // A refutation cut short by the budget proves nothing.
        if self.nodes <= self.budget {
            self.refuted[slot] = (key, depth.min(u8::MAX as u32) as u8);
        }
        false
    }

    /// The attacker has just played `m` (on the board and the line): whether every answer of
    /// the defender loses. On `true` the longest of the winning lines follows `m`.
    fn answer(&mut self, m: Point, depth: u32) -> bool {
        let fives = Fives::through(&self.board, self.attacker, m);
        if fives.count >= 2 {
            // The defender has no five point (the attacker would have had to block it), and
            // cannot stop two.
            self.line.extend([fives.points[0], fives.points[1]]);
            return true;
        }
        let (replies, depth) = if fives.count == 1 {
            (vec![fives.points[0]], depth)
        } else {
            let blocks = three_blocks(&self.board, self.attacker);
            if blocks.iter().all(|&r| r == 0) {
                return false;
            }
            let mut replies = Vec::new();
            vcf::four_moves(&self.board, self.defender(), &mut replies);
            // The blocks that are not fours too, so that each point is tried once.
            let mut rows = blocks;
            for p in &replies {
                rows[p.y as usize] &= !(1 << p.x);
            }
            for (y, &row) in rows.iter().enumerate() {
                let mut bits = row;
                while bits != 0 {
                    replies.push(Point::new(bits.trailing_zeros() as usize, y));
                    bits &= bits - 1;
                }
            }
            (replies, depth - 1)
        };
        let start = self.line.len();
        let mut longest: Vec<Point> = Vec::new();
        for d in replies {
            let defender = self.defender();
            self.board.put(d, defender);
            self.line.push(d);
            let won = self.attack(depth);
            self.board.remove(d, defender);
            if !won {
                self.line.truncate(start);
                return false;
            }
            if self.line.len() - start > longest.len() {
                longest.clear();
                longest.extend_from_slice(&self.line[start..]);
            }
            self.line.truncate(start);
        }
        self.line.extend(longest);
        true
    }
}

/// Whether `own` stones along a line (enemy `opp`, points `span`) hold an open three: no five
/// point yet, and one more stone makes two.
fn open_three(own: u32, opp: u32, span: u32, board: &Board) -> bool {
    if window_points(own, opp, span, 4) != 0 {
        return false;
    }
    let mut bits = window_points(own, opp, span, 3);
    while bits != 0 {
        let q = bits & bits.wrapping_neg();
        bits &= bits - 1;
        if line_shape(own | q, opp, span, board.rule())
            .five_points
            .count_ones()
            >= 2
        {
            return true;
        }
    }
    false
}

/// The lines of the board with their stones: (own, enemy, points) for `side`.
fn lines_of(
    board: &Board,
    side: Side,
    min_stones: u32,
) -> impl Iterator<Item = (usize, usize, u32, u32, u32)> + '_ {
    (0..4).flat_map(move |dir| {
        (0..LINES).filter_map(move |line| {
            let own = board.line(side, dir, line);
            (own.count_ones() >= min_stones).then(|| {
                let opp = board.line(side.other(), dir, line);
                (dir, line, own, opp, line_span(board.size(), dir, line))
            })
        })
    })
}

/// The points (one mask per row) that a defender must take to stop `side`'s open threes: the
/// empty points of their windows holding three stones. All zero when `side` has none.
fn three_blocks(board: &Board, side: Side) -> [u32; MAX_SIZE] {
    let mut rows = [0u32; MAX_SIZE];
    for (dir, line, own, opp, span) in lines_of(board, side, 3) {
        if open_three(own, opp, span, board) {
            let mut bits = window_points(own, opp, span, 3);
            while bits != 0 {
                let p = point_on(dir, line, bits.trailing_zeros());
                bits &= bits - 1;
                rows[p.y as usize] |= 1 << p.x;
            }
        }
    }
    rows
}

/// The attacker's threats: the points that make a four or an open three, those that make
/// more threats at once first.
fn threat_moves(board: &Board, side: Side) -> Vec<Point> {
    let mut weight = [0u8; MAX_SIZE * MAX_SIZE];
    let mut points = Vec::new();
    for (dir, line, own, opp, span) in lines_of(board, side, 2) {
        let mut bits = window_points(own, opp, span, 2) | window_points(own, opp, span, 3);
        while bits != 0 {
            let q = bits & bits.wrapping_neg();
            bits &= bits - 1;
            let four = window_points(own | q, opp, span, 4) != 0;
            if four || open_three(own | q, opp, span, board) {
                let p = point_on(dir, line, q.trailing_zeros());
                let w = &mut weight[p.index()];
                if *w == 0 {
                    points.push(p);
                }
                *w += if four { 2 } else { 1 };
            }
        }
    }
    points.sort_by_key(|p| std::cmp::Reverse(weight[p.index()]));
    points
}
