//! Move generation: every empty point for the rules; for the search, the answers a four
//! forces, the defences an open three leaves, or else the best-scoring points near stones.

use super::geometry::{MAX_SIZE, Point, line_span, point_on};
use super::points;
use super::position::Gomoku;
use super::shapes::{self, SHAPES, Shape};
use super::vcf;
use crate::game::Side;

/// Quiet points searched at most, the best by pattern score...
const MAX_QUIET: usize = 12;
/// ...and at the root, where a point left out is never seen at all.
const MAX_QUIET_ROOT: usize = 20;

impl Gomoku {
    /// Every empty point, unless the game is won, but Black's forbidden points under renju.
    pub fn legal_moves(&self, out: &mut Vec<Point>) {
        if self.winner().is_some() {
            return;
        }
        let board = self.board();
        let start = out.len();
        out.extend(board.points().filter(|&p| board.at(p).is_none()));
        self.drop_fouls(out, start);
    }

    /// A four on the board leaves no choice: complete one's own five, or else block the
    /// enemy's. An enemy open three leaves its defences. Otherwise the points near stones
    /// (the centre on an empty board), capped at the best few.
    /// At the root of a search (`root`) the cap is wider.
    pub fn search_moves(&self, root: bool, out: &mut Vec<Point>) {
        if let Some(keep) = self.moves_before_cap(root, out) {
            out.truncate(keep);
        }
    }

    /// The quiet points `search_moves` leaves out by its cap, if it left any: a loss over the
    /// capped points is no loss until these lose too. The answers to a four or to an open
    /// three are all the moves that matter, and a point farther than two steps from every
    /// stone makes no four or three and blocks none.
    pub fn left_out_moves(&self, root: bool, out: &mut Vec<Point>) {
        let mut all = Vec::new();
        if let Some(keep) = self.moves_before_cap(root, &mut all) {
            out.extend_from_slice(&all[keep..]);
        }
    }

    /// `search_moves` before its cap: the forced answers (then `None`), or else every point
    /// near stones, the best first, and how many of them the cap (the root's if `root`) keeps.
    /// Under renju Black's forbidden points are left out at each step: when they leave no
    /// forced answer, the next step's points (Black has lost, but must have a move to lose
    /// by), and when they leave none near the stones, one legal move.
    fn moves_before_cap(&self, root: bool, out: &mut Vec<Point>) -> Option<usize> {
        if self.winner().is_some() || self.board().is_full() {
            return None;
        }
        if self.five_moves(out) {
            self.drop_fouls(out, 0);
            if !out.is_empty() {
                return None;
            }
        } else if self.count(self.side_to_move().other(), Shape::OpenThree) > 0 {
            self.defences(out);
            self.drop_fouls(out, 0);
            if !out.is_empty() {
                return None;
            }
        }
        self.candidates(out);
        self.drop_fouls(out, 0);
        if out.is_empty() {
            self.legal_moves(out);
            out.truncate(1);
            return None;
        }
        Some(self.best_first(if root { MAX_QUIET_ROOT } else { MAX_QUIET }, out))
    }

    /// The moves that make five, or else those that block the enemy's five; `false` if
    /// there are none (then no move is noisy). Quiescence searches only these: generating
    /// and scoring the quiet points there would be wasted.
    pub fn five_moves(&self, out: &mut Vec<Point>) -> bool {
        if self.winner().is_some() {
            return false;
        }
        let me = self.side_to_move();
        for side in [me, me.other()] {
            let rows = self.five_point_rows(side);
            if rows.iter().any(|&r| r != 0) {
                for (y, &row) in rows.iter().enumerate() {
                    let mut bits = row;
                    while bits != 0 {
                        out.push(Point::new(bits.trailing_zeros() as usize, y));
                        bits &= bits - 1;
                    }
                }
                return true;
            }
        }
        false
    }

    /// A forced win for `attacker` (the side to move, or the other to see its threats) by
    /// continuous fours in `budget` fours (see `vcf.rs`); `line` receives the moves to the
    /// five. Without a line holding three stones in a window there is no four to play: most
    /// calls end at that test.
    pub fn threat_win(&self, attacker: Side, budget: u32, line: &mut Vec<Point>) -> bool {
        if self.winner().is_some() {
            return false;
        }
        let threes = (Shape::ClosedThree as usize..SHAPES).any(|s| self.counts(attacker)[s] > 0);
        if self.fours(attacker) == 0 && self.fours(attacker.other()) == 0 {
            threes && vcf::find_without_fives(self.board(), attacker, budget, line)
        } else {
            (self.fours(attacker) > 0 || threes) && vcf::find(self.board(), attacker, budget, line)
        }
    }

    /// Puts first in `out` the `keep` points that score best by their line patterns (see
    /// `points.rs`), best first, and returns how many those are: far from every threat, the
    /// rest are not worth a node unless those all lose.
    fn best_first(&self, keep: usize, out: &mut [Point]) -> usize {
        if out.len() <= keep {
            return out.len();
        }
        let (me, last) = (self.side_to_move(), self.last());
        let mut scored: Vec<(i32, Point)> = out
            .iter()
            .map(|&p| (points::score(self.cells(), me, p, last), p))
            .collect();
        // Ties go by board order (row by row, as generated), so searches stay reproducible.
        let key = |&(s, p): &(i32, Point)| (std::cmp::Reverse(s), p.y, p.x);
        scored.select_nth_unstable_by_key(keep - 1, key);
        scored[..keep].sort_unstable_by_key(key);
        for (slot, &(_, p)) in out.iter_mut().zip(&scored) {
            *slot = p;
        }
        keep
    }

    /// Against an open three (which becomes an open four next): the points of the windows
    /// that make it a three, and every four of one's own, which must be answered first.
    fn defences(&self, out: &mut Vec<Point>) {
        let board = self.board();
        let me = self.side_to_move();
        let them = me.other();
        let mut rows = [0u32; MAX_SIZE];
        for (dir, line) in board.dense_lines(them) {
            let shape = shapes::shape_at(board, them, dir, line);
            if shape.shape != Shape::OpenThree {
                continue;
            }
            let mut bits = shapes::window_points(
                board.line(them, dir, line),
                board.line(me, dir, line),
                line_span(board.size(), dir, line),
                3,
                board.rule().for_side(them),
            );
            while bits != 0 {
                let p = point_on(dir, line, bits.trailing_zeros());
                bits &= bits - 1;
                rows[p.y as usize] |= 1 << p.x;
            }
        }
        let mut fours = Vec::new();
        vcf::four_moves(board, me, &mut fours);
        for p in fours {
            rows[p.y as usize] |= 1 << p.x;
        }
        for (y, &row) in rows.iter().enumerate() {
            let mut bits = row;
            while bits != 0 {
                out.push(Point::new(bits.trailing_zeros() as usize, y));
                bits &= bits - 1;
            }
        }
    }

    /// Empty points near stones: the 3x3 square around each, and two steps along each line.
    /// On an empty board, the centre.
    pub fn candidates(&self, out: &mut Vec<Point>) {
        let n = self.board().size();
        if self.board().stones() == 0 {
            out.push(Point::new(n / 2, n / 2));
            return;
        }
        let mut occupied = [0u32; MAX_SIZE];
        for (y, row) in occupied.iter_mut().enumerate().take(n) {
            *row = self.board().occupied_row(y);
        }
        let row_span = line_span(n, 0, 0);
        for y in 0..n {
            let mut near = 0;
            for dy in -2isize..=2 {
                let Some(&r) = occupied.get((y as isize + dy) as usize) else {
                    continue;
                };
                near |= match dy.abs() {
                    0 => r << 1 | r >> 1 | r << 2 | r >> 2,
                    1 => r | r << 1 | r >> 1,
                    _ => r | r << 2 | r >> 2,
                };
            }
            let mut free = near & row_span & !occupied[y];
            while free != 0 {
                out.push(Point::new(free.trailing_zeros() as usize, y));
                free &= free - 1;
            }
        }
    }
}
