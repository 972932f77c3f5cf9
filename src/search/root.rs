//! Iterative deepening at the root of one thread: aspiration windows, the root move loop, and
//! between two iterations the hand-over with the other threads and the clock.

use super::limits::{Pace, proven};
use super::threads::next_depth;
use super::worker::{Worker, bound, to_table};
use crate::game::{Game, MoveBits, WIN, WIN_BOUND};
use std::sync::atomic::Ordering::Relaxed;

impl<G: Game> Worker<'_, G> {
    /// Iterative deepening. The threads (Lazy SMP) spread over the depths (see
    /// `Shared::claim`), and an iteration another thread has already finished is dropped.
    /// `widen`: the root moves are the game's search moves, which may be widened (see
    /// `Game::left_out_moves`).
    pub(super) fn iterate(
        &mut self,
        root: &G,
        mut root_moves: Vec<G::Move>,
        forced: bool,
        mut widen: bool,
    ) {
        let deadlines = self.shared.deadlines;
        let mut pace = Pace::new(deadlines);
        let mut depth = self.shared.claim(1, self.shared.max_depth);
        let mut last = 0;
        loop {
            pace.start_iteration();
            self.seldepth = 0;
            self.horizon = false;
            self.depth_now = depth;
            self.ordering.clear_killers();
            self.improved = false;
            // Start from the move of the deepest finished iteration, whichever thread's.
            let finished = self.shared.best().finished;
            if let Some(i) = finished.and_then(|mv| root_moves.iter().position(|&m| m == mv)) {
                root_moves[..=i].rotate_right(1);
            }
            let first = root_moves[0];
            let mut score = self.aspirate(root, &mut root_moves, depth as i32, last);
            // Every root move lost: the moves the game left out join them for good, and the
            // depth is searched again (see `negamax`).
            if widen && score <= -WIN_BOUND && !self.aborted {
                widen = false;
                let searched = root_moves.len();
                root.left_out_moves(&mut root_moves);
                if root_moves.len() > searched {
                    score = self.aspirate(root, &mut root_moves, depth as i32, last);
                }
            }
            self.shared.release(depth);
            let superseded = std::mem::take(&mut self.superseded);
            if self.aborted && !superseded {
                if self.improved {
                    // The unfinished iteration proved a move better than its first.
                    self.shared
                        .improve(depth, first, &self.pv[0], self.improved_score);
                }
                break;
            }
            self.aborted = false;
            self.flush_nodes();
            let (known, exact) = if superseded {
                let best = &self.shared.best().answer;
                last = best.score;
                (best.depth, false)
            } else {
                last = score;
                let pv = std::mem::take(&mut self.pv[0]);
                let known = self.shared.publish(depth, score, self.seldepth as u32, &pv);
                self.pv[0] = pv;
                (known, !self.horizon)
            };
            let Some(next) = next_depth(depth, known, self.shared.max_depth) else {
                break;
            };
            if self.id > 0 && !exact {
                depth = self.shared.claim(next, self.shared.max_depth);
                continue;
            }
            let best = self.shared.best().answer.best.map(MoveBits::to_bits);
            if exact
                || forced
                || !pace.another(superseded, proven(last, known), best, last)
                || self.shared.done.load(Relaxed)
            {
                break;
            }
            // Under a clock an iteration that cannot finish ends the search, so the main
            // thread does not pass over a depth another thread is on for a longer one.
            let to = if deadlines.clock() {
                next
            } else {
                self.shared.max_depth
            };
            depth = self.shared.claim(next, to);
        }
        self.flush_nodes();
    }

    /// Searches the root in a narrow window around the last score, widening on failure.
    fn aspirate(&mut self, root: &G, moves: &mut [G::Move], depth: i32, last: i32) -> i32 {
        let mut delta = 40;
        let (mut alpha, mut beta) = if depth >= 5 && last.abs() < WIN_BOUND {
            (last - delta, last + delta)
        } else {
            (-WIN, WIN)
        };
        loop {
            let score = self.root(root, moves, depth, alpha, beta);
            if self.aborted {
                return score;
            }
            if score <= alpha && alpha > -WIN {
                alpha = (score - delta).max(-WIN);
            } else if score >= beta && beta < WIN {
                beta = (score + delta).min(WIN);
            } else {
                return score;
            }
            delta *= 3;
        }
    }

    fn root(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let original_alpha = alpha;
        let mut best = -WIN;
        self.keys[0] = pos.hash();
        for i in 0..moves.len() {
            let mv = moves[i];
            let mut child = pos.clone();
            child.play(mv);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha, true)
            } else {
                let s = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha, true);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(&child, depth - 1, 1, -beta, -alpha, true)
                } else {
                    s
                }
            };
            if self.aborted {
                return best;
            }
            if score > best {
                best = score;
                // The best move so far goes first: it is the answer if time runs out.
                moves[..=i].rotate_right(1);
                let (head, tail) = self.pv.split_at_mut(1);
                head[0].clear();
                head[0].push(mv);
                head[0].extend_from_slice(&tail[0]);
                if score > alpha {
                    if i > 0 {
                        self.improved = true;
                        self.improved_score = score;
                    }
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.shared.table.store(
            pos.hash(),
            Some(moves[0].to_bits()),
            to_table(best, 0),
            depth.clamp(0, 255) as u8,
            bound(best, original_alpha, beta),
        );
        best
    }
}
