//! Victory by continuous fours (VCF): the attacker plays only fours, so every answer is
//! forced (the one point that would complete five), until a move makes two five points at
//! once (an open four, a double four), which no single stone blocks. The tree is narrow, so
//! a proof of ten or twenty fours costs a few thousand nodes.
//!
//! The defender's answers can make fours of its own: the attacker must then block, and only
//! a block that is itself a four keeps the attack going. Positions refuted in full are kept in
//! a small table per thread, shared by the calls on that thread (the search calls the solver
//! at many nodes whose continuations meet).

use super::board::Board;
use super::geometry::{LINES, MAX_SIZE, Point, line_of, line_span, point_on};
use super::shapes::window_points;
use crate::game::Side;
use crate::rng::GOLDEN;
use std::cell::RefCell;

/// More fours than this in one line are not followed (the budget usually ends them first).
const MAX_FOURS: usize = 40;
/// Entries of the per-thread table of refuted positions (a power of two).
const REFUTED_SIZE: usize = 1 << 16;

thread_local! {
    static REFUTED: RefCell<Vec<u64>> = RefCell::new(vec![0; REFUTED_SIZE]);
}

/// Looks for a win by continuous fours for the side to move, trying at most `budget`
/// attacking moves. On success `line` holds the moves to the five, both sides' (its length
/// is the win's distance in plies) and the result is `true`; `false` means none was found,
/// which is a proof that none exists only if the budget was not spent.
pub fn find(board: &Board, budget: u32, line: &mut Vec<Point>) -> bool {
    line.clear();
    let attacker = board.side_to_move();
    if let Some(&five) = five_points_all(board, attacker).first() {
        line.push(five);
        return true;
    }
    let mut solver = Solver {
        board: board.clone(),
        attacker,
        size_key: (board.size() as u64).wrapping_mul(GOLDEN),
        budget,
        nodes: 0,
        incomplete: false,
        line,
    };
    let threats = five_points_all(board, attacker.other());
    REFUTED.with_borrow_mut(|refuted| solver.attack(&threats, refuted))
}

struct Solver<'a> {
    board: Board,
    attacker: Side,
    /// Mixed into the table keys: the same stones on another board size are another position.
    size_key: u64,
    budget: u32,
    nodes: u32,
    /// The budget or the length limit cut some line: failures are no longer proofs.
    incomplete: bool,
    line: &'a mut Vec<Point>,
}

impl Solver<'_> {
    /// The attacker to move, without a five point of its own; `threats` are the defender's
    /// five points. Pushes the winning line onto `self.line` and returns `true`, or leaves
    /// the line as it was.
    fn attack(&mut self, threats: &[Point], refuted: &mut [u64]) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget || self.line.len() >= 2 * MAX_FOURS {
            self.incomplete = true;
            return false;
        }
        let key = self.board.hash() ^ self.size_key;
        let slot = key as usize & (REFUTED_SIZE - 1);
        if refuted[slot] == key {
            return false;
        }
        let moves = match threats {
            [] => four_moves(&self.board, self.attacker),
            // The enemy's four must be blocked, and the block must be a four itself.
            [block] => vec![*block],
            _ => Vec::new(),
        };
        for m in moves {
            self.board.put(m, self.attacker);
            let fives = five_points_through(&self.board, self.attacker, m);
            let won = match fives[..] {
                [] => false,
                [reply] => {
                    self.board.put(reply, self.attacker.other());
                    let counter = five_points_through(&self.board, self.attacker.other(), reply);
                    self.line.extend([m, reply]);
                    let won = self.attack(&counter, refuted);
                    if !won {
                        self.line.truncate(self.line.len() - 2);
                    }
                    self.board.remove(reply, self.attacker.other());
                    won
                }
                [a, b, ..] => {
                    self.line.extend([m, a, b]);
                    true
                }
            };
            self.board.remove(m, self.attacker);
            if won {
                return true;
            }
        }
        if !self.incomplete {
            refuted[slot] = key;
        }
        false
    }
}

/// The points where `side` would make five along the four lines through `p`.
fn five_points_through(board: &Board, side: Side, p: Point) -> Vec<Point> {
    let mut points = Vec::new();
    for dir in 0..4 {
        let (line, _) = line_of(p, dir);
        collect(
            &mut points,
            dir,
            line,
            line_points(board, side, dir, line, 4),
        );
    }
    points.sort_unstable();
    points.dedup();
    points
}

/// Every point where `side` would make five.
fn five_points_all(board: &Board, side: Side) -> Vec<Point> {
    let mut points = Vec::new();
    for dir in 0..4 {
        for line in 0..LINES {
            if board.line(side, dir, line).count_ones() >= 4 {
                collect(
                    &mut points,
                    dir,
                    line,
                    line_points(board, side, dir, line, 4),
                );
            }
        }
    }
    points.sort_unstable();
    points.dedup();
    points
}

/// Every point where `side` would make a four; those that make two fours (and so win) first.
pub fn four_moves(board: &Board, side: Side) -> Vec<Point> {
    let mut once = [0u32; MAX_SIZE];
    let mut twice = [0u32; MAX_SIZE];
    for dir in 0..4 {
        for line in 0..LINES {
            if board.line(side, dir, line).count_ones() < 3 {
                continue;
            }
            let mut bits = line_points(board, side, dir, line, 3);
            while bits != 0 {
                let p = point_on(dir, line, bits.trailing_zeros());
                bits &= bits - 1;
                let (row, bit) = (p.y as usize, 1 << p.x);
                twice[row] |= once[row] & bit;
                once[row] |= bit;
            }
        }
    }
    let mut moves = Vec::new();
    for first in [true, false] {
        for y in 0..MAX_SIZE {
            let mut bits = if first { twice[y] } else { once[y] & !twice[y] };
            while bits != 0 {
                moves.push(Point::new(bits.trailing_zeros() as usize, y));
                bits &= bits - 1;
            }
        }
    }
    moves
}

/// The empty points of `side`'s windows along one line that hold `stones` of its stones.
fn line_points(board: &Board, side: Side, dir: usize, line: usize, stones: u32) -> u32 {
    window_points(
        board.line(side, dir, line),
        board.line(side.other(), dir, line),
        line_span(board.size(), dir, line),
        stones,
    )
}

fn collect(points: &mut Vec<Point>, dir: usize, line: usize, mut bits: u32) {
    while bits != 0 {
        points.push(point_on(dir, line, bits.trailing_zeros()));
        bits &= bits - 1;
    }
}
