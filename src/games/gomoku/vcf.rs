//! Victory by continuous fours (VCF): the attacker plays only fours, so every answer is
//! forced (the one point that would complete five), until a move makes two five points at
//! once (an open four, a double four), which no single stone blocks. The tree is narrow, so
//! a proof of ten or twenty fours costs a few thousand nodes.
//!
//! The defender's answers can make fours of its own: the attacker must then block, and only
//! a block that is itself a four keeps the attack going. Five is the rule's for each colour
//! (exactly five for Black under exactly-five and renju), and under renju Black plays no
//! forbidden point: a four of Black's there is none, and White wins at once by a four whose
//! only block is forbidden to Black. Positions refuted in full are kept in
//! a small table per thread, shared by the calls on that thread (the search calls the solver
//! at many nodes whose continuations meet).

use super::board::Board;
use super::geometry::{MAX_SIZE, Point, Rule, line_of, line_span, point_on};
use super::renju;
use super::shapes::window_points;
use crate::game::Side;
use crate::rng::GOLDEN;
use std::cell::RefCell;

/// More fours than this in one line are not followed (the budget usually ends them first).
const MAX_FOURS: usize = 40;
/// Entries of the per-thread table of refuted positions (a power of two).
const REFUTED_SIZE: usize = 1 << 16;

/// What the solver keeps between calls on one thread, so that a call allocates nothing.
struct Scratch {
    /// Keys of positions (attacker to move) refuted in full.
    refuted: Vec<u64>,
    /// The moves of every node on the current line, each node's after its parent's.
    moves: Vec<Point>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        refuted: vec![0; REFUTED_SIZE],
        moves: Vec::with_capacity(1024),
    });
}

/// Looks for a win by continuous fours for `attacker` (the side to move, or the other one
/// to see what it threatens), trying at most `budget`
/// attacking moves. On success `line` holds the moves to the five, both sides' (its length
/// is the win's distance in plies) and the result is `true`; `false` means none was found,
/// which is a proof that none exists only if the budget was not spent.
pub fn find(board: &Board, attacker: Side, budget: u32, line: &mut Vec<Point>) -> bool {
    find_spending(board, attacker, budget, line).0
}

/// [`find`] where the caller knows that neither side has a point that makes five (the search's
/// positions count their five points): the two scans of the board for them are skipped.
pub fn find_without_fives(
    board: &Board,
    attacker: Side,
    budget: u32,
    line: &mut Vec<Point>,
) -> bool {
    debug_assert!(Fives::anywhere(board, attacker).count == 0);
    debug_assert!(Fives::anywhere(board, attacker.other()).count == 0);
    line.clear();
    solve(board, attacker, budget, line, Fives::NONE).0
}

/// [`find`], and how many of the budget's moves it tried.
pub fn find_spending(
    board: &Board,
    attacker: Side,
    budget: u32,
    line: &mut Vec<Point>,
) -> (bool, u32) {
    line.clear();
    if let Some(five) = Fives::anywhere(board, attacker).first() {
        line.push(five);
        return (true, 0);
    }
    let threats = Fives::anywhere(board, attacker.other());
    solve(board, attacker, budget, line, threats)
}

/// The search from the attacker's first move on, the defender's five points `threats`.
fn solve(
    board: &Board,
    attacker: Side,
    budget: u32,
    line: &mut Vec<Point>,
    threats: Fives,
) -> (bool, u32) {
    SCRATCH.with_borrow_mut(|scratch| {
        scratch.moves.clear();
        let mut solver = Solver {
            board: board.clone(),
            attacker,
            size_key: position_key(board, attacker),
            budget,
            nodes: 0,
            incomplete: false,
            line,
            scratch,
        };
        let won = solver.attack(threats);
        (won, solver.nodes)
    })
}

struct Solver<'a> {
    board: Board,
    attacker: Side,
    /// Mixed into the table keys (see [`position_key`]).
    size_key: u64,
    budget: u32,
    nodes: u32,
    /// The budget or the length limit cut some line: failures are no longer proofs.
    incomplete: bool,
    line: &'a mut Vec<Point>,
    scratch: &'a mut Scratch,
}

impl Solver<'_> {
    /// The attacker to move, without a five point of its own; `threats` are the defender's
    /// five points. Pushes the winning line onto `self.line` and returns `true`, or leaves
    /// the line as it was.
    fn attack(&mut self, threats: Fives) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget || self.line.len() >= 2 * MAX_FOURS {
            self.incomplete = true;
            return false;
        }
        let key = self.board.hash() ^ self.size_key;
        let slot = key as usize & (REFUTED_SIZE - 1);
        if self.scratch.refuted[slot] == key {
            return false;
        }
        let start = self.scratch.moves.len();
        match threats.count {
            0 => four_moves(&self.board, self.attacker, &mut self.scratch.moves),
            // The enemy's four must be blocked, and the block must be a four itself.
            1 => self.scratch.moves.push(threats.points[0]),
            _ => {}
        }
        let end = self.scratch.moves.len();
        let mut won = false;
        for i in start..end {
            let m = self.scratch.moves[i];
            if forbidden(&self.board, self.attacker, m) {
                continue;
            }
            self.board.put(m, self.attacker);
            let fives = Fives::through(&self.board, self.attacker, m);
            won = match fives.count {
                0 => false,
                // Black may not block on a forbidden point: any other move loses to the five.
                1 if forbidden(&self.board, self.attacker.other(), fives.points[0]) => {
                    let five = fives.points[0];
                    match any_move_but(&self.board, five) {
                        Some(other) => {
                            self.line.extend([m, other, five]);
                            true
                        }
                        None => false,
                    }
                }
                1 => {
                    let reply = fives.points[0];
                    self.board.put(reply, self.attacker.other());
                    let counter = Fives::through(&self.board, self.attacker.other(), reply);
                    self.line.extend([m, reply]);
                    let won = self.attack(counter);
                    if !won {
                        self.line.truncate(self.line.len() - 2);
                    }
                    self.board.remove(reply, self.attacker.other());
                    won
                }
                _ => {
                    self.line.extend([m, fives.points[0], fives.points[1]]);
                    true
                }
            };
            self.board.remove(m, self.attacker);
            if won {
                break;
            }
        }
        self.scratch.moves.truncate(start);
        if !won && !self.incomplete {
            self.scratch.refuted[slot] = key;
        }
        won
    }
}

/// Whether `side` may not put a stone on the empty point `p`: Black's forbidden points under
/// renju.
fn forbidden(board: &Board, side: Side, p: Point) -> bool {
    board.rule() == Rule::Renju && side == Side::P1 && renju::foul(board, p).is_some()
}

/// A move Black may play other than `not` (the line's filler where Black cannot block).
fn any_move_but(board: &Board, not: Point) -> Option<Point> {
    board
        .points()
        .find(|&p| p != not && board.at(p).is_none() && !forbidden(board, Side::P1, p))
}

/// What the solvers mix into their table keys besides the stones: the same stones on
/// another board size, or with the other side attacking, are another problem.
pub(super) fn position_key(board: &Board, attacker: Side) -> u64 {
    (board.size() as u64 + 32 * attacker.index() as u64).wrapping_mul(GOLDEN)
}

/// The points where a colour would make five, as far as they matter here: none, one (the
/// block is forced) or two (no block stops them both).
#[derive(Clone, Copy)]
pub(super) struct Fives {
    pub count: usize,
    pub points: [Point; 2],
}

impl Fives {
    const NONE: Fives = Fives {
        count: 0,
        points: [Point { x: 0, y: 0 }; 2],
    };

    /// The five points of `side` along the given lines (direction, line number).
    fn along(board: &Board, side: Side, lines: impl Iterator<Item = (usize, usize)>) -> Fives {
        let mut fives = Fives::NONE;
        for (dir, line) in lines {
            if board.line(side, dir, line).count_ones() < 4 {
                continue;
            }
            let mut bits = line_points(board, side, dir, line, 4);
            while bits != 0 && fives.count < 2 {
                let p = point_on(dir, line, bits.trailing_zeros());
                bits &= bits - 1;
                if fives.count == 0 || fives.points[0] != p {
                    fives.points[fives.count] = p;
                    fives.count += 1;
                }
            }
        }
        fives
    }

    /// The five points of `side` on the whole board.
    pub fn anywhere(board: &Board, side: Side) -> Fives {
        Fives::along(board, side, board.dense_lines(side))
    }

    /// The five points of `side` along the four lines through `p`.
    pub fn through(board: &Board, side: Side, p: Point) -> Fives {
        Fives::along(board, side, (0..4).map(|dir| (dir, line_of(p, dir).0)))
    }

    pub fn first(&self) -> Option<Point> {
        (self.count > 0).then_some(self.points[0])
    }
}

/// Appends every point where `side` would make a four; those that make two fours (and so
/// win) first.
pub fn four_moves(board: &Board, side: Side, out: &mut Vec<Point>) {
    let mut once = [0u32; MAX_SIZE];
    let mut twice = [0u32; MAX_SIZE];
    // The rows holding a point, so that the passes below skip the empty ones.
    let mut rows = 0u32;
    for (dir, line) in board.dense_lines(side) {
        let mut bits = line_points(board, side, dir, line, 3);
        while bits != 0 {
            let p = point_on(dir, line, bits.trailing_zeros());
            bits &= bits - 1;
            let (row, bit) = (p.y as usize, 1 << p.x);
            twice[row] |= once[row] & bit;
            once[row] |= bit;
            rows |= 1 << row;
        }
    }
    for first in [true, false] {
        let mut ys = rows;
        while ys != 0 {
            let y = ys.trailing_zeros() as usize;
            ys &= ys - 1;
            let mut bits = if first { twice[y] } else { once[y] & !twice[y] };
            while bits != 0 {
                out.push(Point::new(bits.trailing_zeros() as usize, y));
                bits &= bits - 1;
            }
        }
    }
}

/// The empty points of `side`'s windows along one line that hold `stones` of its stones.
pub(super) fn line_points(board: &Board, side: Side, dir: usize, line: usize, stones: u32) -> u32 {
    window_points(
        board.line(side, dir, line),
        board.line(side.other(), dir, line),
        line_span(board.size(), dir, line),
        stones,
        board.rule().for_side(side),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::text::{format_point, parse_point};

    /// A 15x15 board under `rule` with black stones on `black` and white ones on `white`.
    fn board(rule: Rule, black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(15, rule);
        for (points, side) in [(black, Side::P1), (white, Side::P2)] {
            for p in points {
                b.put(parse_point(p, 15).unwrap(), side);
            }
        }
        b
    }

    /// The win `attacker` finds under each rule, as text ("" for none).
    fn wins(black: &[&str], white: &[&str], attacker: Side) -> [String; 3] {
        [Rule::Freestyle, Rule::ExactFive, Rule::Renju].map(|rule| {
            let mut line = Vec::new();
            let won = find(&board(rule, black, white), attacker, 10_000, &mut line);
            assert_eq!(won, !line.is_empty());
            line.into_iter()
                .map(format_point)
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    /// G8 would make six (C8..H8, B8 White's): a five free-style, nothing under the other
    /// two rules, which must not call it a win.
    #[test]
    fn an_overline_is_no_five_where_it_does_not_win() {
        let black = ["C8", "D8", "E8", "F8", "H8"];
        let white = ["B8", "A1", "C1", "E1", "G1"];
        assert_eq!(wins(&black, &white, Side::P1), ["G8", "", ""]);
        // White's overline wins under renju as free-style.
        assert_eq!(wins(&white, &black, Side::P2), ["G8", "", "G8"]);
    }

    /// H8 makes two fours (E8 F8 G8, D8 White's; H9 H10 H11, H12 White's): a win by the
    /// other rules, forbidden to Black under renju, where no other four wins.
    #[test]
    fn a_forbidden_point_is_no_threat_for_black() {
        let black = ["E8", "F8", "G8", "H9", "H10", "H11"];
        let white = ["D8", "H12", "A1", "C1", "E1", "G1"];
        let [free, exact, renju] = wins(&black, &white, Side::P1);
        assert!(
            free.starts_with("H8") && exact.starts_with("H8"),
            "{free} {exact}"
        );
        assert_eq!(renju, "");
    }

    /// A four and a three at once is allowed to Black under renju: H8 (four E8..H8 and three
    /// H8 H9 H10), I8 forced, then H11 or H7 makes an open four.
    #[test]
    fn four_three_wins_for_black_under_every_rule() {
        let black = ["E8", "F8", "G8", "H9", "H10"];
        let white = ["D8", "A1", "C1", "E1", "G1"];
        for line in wins(&black, &white, Side::P1) {
            assert!(line.starts_with("H8 I8 H"), "{line}");
        }
    }

    /// White's G7 makes a four (D4 E5 F6 G7, C3 Black's) whose only block, H8, is a double
    /// three for Black (F8 G8 H8 and H8 H9 H10): under renju White wins at once; by the other
    /// rules Black blocks and White has nothing more.
    #[test]
    fn white_wins_by_a_four_black_may_not_block() {
        let black = ["F8", "G8", "H9", "H10", "C3"];
        let white = ["D4", "E5", "F6", "A15"];
        let [free, exact, renju] = wins(&black, &white, Side::P2);
        assert_eq!((free.as_str(), exact.as_str()), ("", ""));
        let moves: Vec<&str> = renju.split(' ').collect();
        assert_eq!((moves[0], moves[2]), ("G7", "H8"), "{renju}");
        assert_eq!(moves.len(), 3);
    }
}
