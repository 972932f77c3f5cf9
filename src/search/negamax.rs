//! Interior nodes: negamax alpha-beta with principal-variation search, table cut-offs,
//! check extensions, null-move pruning and late move reductions.

use super::ordering::KILLER;
use super::tt::Bound;
use super::worker::{MAX_PLY, Worker, bound, from_table, outcome_score, pick_best, to_table};
use crate::game::{Game, MoveBits, WIN, WIN_BOUND};

/// The steps a game's own proof of a win may take at an interior node: a cheap look only.
const NODE_PROOF_BUDGET: u32 = 64;

impl<G: Game> Worker<'_, G> {
    pub(super) fn negamax(
        &mut self,
        pos: &G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null_ok: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            return outcome_score(pos, o, ply);
        }
        // A win found nearer the root makes longer lines pointless.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY {
            self.horizon = true;
            return pos.evaluate();
        }
        let in_check = pos.in_check();
        // Checks are extended, but not forever: long checking sequences end at half the stack.
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 {
            self.horizon = true;
            return self.quiesce(pos, ply, alpha, beta, 0, Some(in_check));
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.chance_node() {
            return self.average(pos, depth, ply);
        }

        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.shared.table.probe(key) {
            tt_move = e.mv;
            if !pv_node && e.depth as i32 >= depth {
                let s = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    // The stored result may rest on a depth-limited search.
                    self.horizon |= s.abs() < WIN_BOUND;
                    return s;
                }
            }
        }

        // A win the game proves by its own narrow search (Gomoku's fours) ends the node.
        if pos.proven_win(NODE_PROOF_BUDGET, &mut self.pv[ply]) {
            return WIN - (ply + self.pv[ply].len()) as i32;
        }

        if null_ok
            && !pv_node
            && !in_check
            && depth >= 3
            && beta.abs() < WIN_BOUND
            && pos.evaluate() >= beta
        {
            let mut child = pos.clone();
            if child.play_null() {
                let r = 2 + depth / 4;
                let s = -self.negamax(&child, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
                if self.aborted {
                    return 0;
                }
                // An unproven pass is no proof of a win.
                if s >= beta {
                    return if s >= WIN_BOUND { beta } else { s };
                }
            }
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        self.fill_moves(pos, ply, tt_move, false, &mut moves);
        quiets.clear();
        let score = if moves.is_empty() {
            outcome_score(pos, pos.outcome_without_moves(), ply)
        } else {
            self.search_moves(
                pos,
                &mut moves,
                &mut quiets,
                depth,
                ply,
                alpha,
                beta,
                in_check,
                key,
            )
        };
        self.moves[ply] = moves;
        self.quiets[ply] = quiets;
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &G,
        moves: &mut [(G::Move, i32)],
        quiets: &mut Vec<G::Move>,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        in_check: bool,
        key: u64,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let original_alpha = alpha;
        let mut best = -WIN;
        let mut best_move = None;
        for i in 0..moves.len() {
            pick_best(moves, i);
            let (mv, order) = moves[i];
            let quiet = order < KILLER;
            let mut child = pos.clone();
            child.play(mv);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                let r = if depth >= 3 && i >= 3 && quiet && !in_check {
                    1 + (i >= 8) as i32 + (depth >= 8 && !pv_node) as i32
                } else {
                    0
                };
                let mut s = -self.negamax(&child, depth - 1 - r, ply + 1, -alpha - 1, -alpha, true);
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, true);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, true);
                }
                s
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if score >= beta {
                        if quiet {
                            let side = pos.side_to_move().index();
                            self.ordering.reward(ply, side, depth, mv, quiets);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets.push(mv);
            }
        }
        self.shared.table.store(
            key,
            best_move.map(MoveBits::to_bits),
            to_table(best, ply),
            depth.clamp(0, 255) as u8,
            bound(best, original_alpha, beta),
        );
        best
    }
}
