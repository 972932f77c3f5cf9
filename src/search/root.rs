//! Iterative deepening at the root of one thread: aspiration windows, the root move loop, and
//! between two iterations the hand-over with the other threads and the clock.

use super::Line;
use super::limits::{End, Pace, proven};
use super::threads::next_depth;
use super::worker::{Worker, bound, to_table};
use crate::game::{MoveBits, Searchable, WIN, WIN_BOUND};
use std::sync::atomic::Ordering::Relaxed;

impl<G: Searchable> Worker<'_, G> {
    /// Iterative deepening. The threads (Lazy SMP) spread over the depths (see
    /// `Shared::claim`), and an iteration another thread has already finished is dropped.
    /// Each iteration finds `Shared::multipv` lines, each the best of the root moves the lines
    /// before it left (MultiPV by root move exclusion), and ranks them by score.
    /// `widen`: the root moves are the game's `root_moves`, which may be widened (see
    /// `Searchable::left_out_moves`).
    pub(super) fn iterate(
        &mut self,
        root: &G,
        mut root_moves: Vec<G::Move>,
        forced: bool,
        mut widen: bool,
    ) {
        let mut pace = Pace::default();
        let mut depth = self.shared.claim(1, self.shared.max_depth);
        let mut last = 0;
        loop {
            pace.start_iteration();
            self.seldepth = 0;
            self.horizon = false;
            self.depth_now = depth;
            self.ordering.clear_killers();
            self.improved = false;
            self.root_exact = None;
            // Start from the move of the deepest finished iteration, whichever thread's.
            let finished = self.shared.best().finished;
            if let Some(i) = finished.and_then(|mv| root_moves.iter().position(|&m| m == mv)) {
                root_moves[..=i].rotate_right(1);
            }
            let first = root_moves[0];
            let mut found = 0;
            while found < self.shared.multipv.min(root_moves.len()) {
                let center = match found {
                    0 => last,
                    k => self.lines.get(k).map_or(0, |l| l.score),
                };
                let score = self.line(
                    root,
                    &mut root_moves,
                    found,
                    depth as i32,
                    center,
                    &mut widen,
                );
                if self.aborted {
                    break;
                }
                if self.lines.len() == found {
                    self.lines.push(Line {
                        score: 0,
                        pv: Vec::new(),
                    });
                }
                let line = &mut self.lines[found];
                line.score = score;
                std::mem::swap(&mut line.pv, &mut self.pv[0]);
                found += 1;
            }
            self.shared.release(depth);
            let superseded = std::mem::take(&mut self.superseded);
            if self.aborted && !superseded {
                // What the unfinished iteration knows at its depth: the first line if it was
                // finished, or the line under way if its best move so far has an exact score
                // (searched to the end inside the window); those are reported, as other
                // engines report the iteration under way. Otherwise only a move proven better
                // than the first (a lower bound) is worth taking, unreported.
                self.flush_nodes();
                let exact = found > 0 || self.root_exact.is_some();
                if exact || self.improved {
                    let (pv, score) = match (found, self.root_exact) {
                        (0, Some(score)) => (&self.pv[0], score),
                        (0, None) => (&self.pv[0], self.improved_score),
                        _ => (&self.lines[0].pv, self.lines[0].score),
                    };
                    let seldepth = self.seldepth as u32;
                    self.shared
                        .improve(depth, first, pv, score, exact.then_some(seldepth));
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
                self.rank(&mut root_moves[..found]);
                last = self.lines[0].score;
                let lines = &self.lines[..found];
                let known = self.shared.publish(depth, self.seldepth as u32, lines);
                (known, !self.horizon)
            };
            let Some(next) = next_depth(depth, known, self.shared.max_depth) else {
                self.shared.end(End::Depth);
                break;
            };
            if self.id > 0 && !exact {
                depth = self.shared.claim(next, self.shared.max_depth);
                continue;
            }
            let best = self.shared.best().answer.best.map(MoveBits::to_bits);
            let deadlines = self.shared.deadlines();
            let proven = proven(last, known);
            let end = if exact {
                Some(End::Exact)
            } else if forced {
                Some(End::Forced)
            } else if !pace.another(&deadlines, superseded, proven, best, last) {
                Some(if proven { End::Mate } else { End::Time })
            } else if self.shared.done.load(Relaxed) {
                Some(End::Depth)
            } else {
                None
            };
            if let Some(why) = end {
                self.shared.end(why);
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

    /// Searches line `k` of an iteration: the best of the root moves after the first `k` (the
    /// earlier lines' moves), put at `moves[k]` with its line in `pv[0]`.
    fn line(
        &mut self,
        root: &G,
        moves: &mut Vec<G::Move>,
        k: usize,
        depth: i32,
        last: i32,
        widen: &mut bool,
    ) -> i32 {
        let score = self.aspirate(root, &mut moves[k..], k == 0, depth, last);
        // Every root move lost: the moves the game left out join them for good, and the
        // depth is searched again (see `negamax`).
        if *widen && score <= -WIN_BOUND && !self.aborted {
            *widen = false;
            let searched = moves.len();
            root.left_out_moves(true, moves);
            if moves.len() > searched {
                return self.aspirate(root, &mut moves[k..], k == 0, depth, last);
            }
        }
        score
    }

    /// Ranks the lines found, best first, and their root moves with them: a later line may
    /// score above an earlier one, whose search saw its move only through a null window.
    fn rank(&mut self, moves: &mut [G::Move]) {
        if moves.len() > 1 {
            let lines = &mut self.lines[..moves.len()];
            lines.sort_by_key(|l| std::cmp::Reverse(l.score));
            for (m, l) in moves.iter_mut().zip(lines.iter()) {
                *m = l.pv[0];
            }
        }
    }

    /// Searches the root in a narrow window around the last score, widening on failure.
    /// `first_line`: the first line of its iteration (see `root`).
    fn aspirate(
        &mut self,
        root: &G,
        moves: &mut [G::Move],
        first_line: bool,
        depth: i32,
        last: i32,
    ) -> i32 {
        let mut delta = G::PARAMS.aspiration_width;
        let (mut alpha, mut beta) = if depth >= G::PARAMS.aspiration_depth && last.abs() < WIN_BOUND
        {
            (last - delta, last + delta)
        } else {
            (-WIN, WIN)
        };
        loop {
            let score = self.root(root, moves, first_line, depth, alpha, beta);
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

    /// Searches the root `moves`. Only the first line of an iteration (all the root moves)
    /// tells of a better move than the first, and is the root's result in the table.
    fn root(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        first_line: bool,
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
                self.root_exact = (best > original_alpha && best < beta).then_some(best);
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
                    if i > 0 && first_line {
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
        if first_line {
            self.shared.table.store(
                pos.hash(),
                Some(moves[0].to_bits()),
                to_table(best, 0),
                depth.clamp(0, 255) as u8,
                bound(best, original_alpha, beta),
            );
        }
        best
    }
}
