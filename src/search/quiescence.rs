//! Quiescence search: noisy moves only (every reply in check), until the position is quiet.
//! Out of check, captures that lose material by the exchange rule are not searched, nor those
//! whose gain cannot lift the static score to alpha (delta pruning), where the game can tell.
//! Each quiescence search has a budget of nodes, so that a position where every capture
//! invites another (facing rows of pawns, a crowded board) cannot make a fixed depth endless.

use super::ordering::LOSING;
use super::worker::{
    MAX_PLY, Worker, bound, exchange, from_table, outcome_score, pick_best, to_table,
};
use crate::game::{MoveBits, Searchable, WIN};

/// The nodes one quiescence search (from the node of the main search that starts it) may
/// visit; beyond them every node takes its static score. Far above what quiet positions
/// need, it bounds those where even and winning captures follow each other for dozens of
/// plies: the exchange and delta rules prune only what loses.
const BUDGET: u32 = 1024;

impl<G: Searchable> Worker<'_, G> {
    /// Searches noisy moves only, until the position is quiet.
    /// `in_check` is the position's `in_check` where the caller knows it already: the main
    /// search's node of this same position, which has counted the node and polled.
    pub(super) fn quiesce(
        &mut self,
        pos: &G,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: u32,
        in_check: Option<bool>,
    ) -> i32 {
        self.pv[ply].clear();
        let aborted = if in_check.is_none() {
            self.poll()
        } else {
            self.aborted
        };
        if aborted {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            return outcome_score(pos, o, ply);
        }
        self.seldepth = self.seldepth.max(ply);
        if qply == 0 {
            self.quiescence_nodes = 0;
        }
        self.quiescence_nodes += 1;
        let spent = self.quiescence_nodes > BUDGET;
        let key = pos.hash();
        if ply >= MAX_PLY || spent {
            return self.evaluate(pos, key);
        }
        // Any stored result is at least as deep as this one: its bound settles the node when
        // it lies on the right side of the window, and its move is tried first.
        let entry = self.shared.table.probe(key);
        if let Some(e) = entry {
            let s = from_table(e.score, ply);
            if e.bound.settles(s, alpha, beta) {
                return s;
            }
        }
        let original_alpha = alpha;
        // In check every reply counts, for a few plies; after that the static score stands.
        let evasions = qply < 2 && in_check.unwrap_or_else(|| pos.in_check(self.policy));
        let mut best = -WIN;
        let mut best_move = None;
        let mut stand_pat = -WIN;
        if !evasions {
            stand_pat = self.evaluate(pos, key);
            best = stand_pat;
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        // Out of check only noisy moves are searched, so only in check does an empty list
        // mean the game is over; otherwise the static score stands.
        self.fill_moves(pos, ply, entry.and_then(|e| e.mv), !evasions, &mut moves);
        if evasions && moves.is_empty() {
            self.moves[ply] = moves;
            return outcome_score(pos, pos.outcome_without_moves(), ply);
        }
        for i in 0..moves.len() {
            pick_best(&mut moves, i);
            let (mv, order) = moves[i];
            if !evasions {
                // Losing captures are ordered last: none of the rest is worth a look.
                if order <= LOSING / 2 {
                    break;
                }
                if exchange(pos, self.policy, mv)
                    .is_some_and(|v| stand_pat + v + G::PARAMS.delta_margin <= alpha)
                {
                    continue;
                }
            }
            if let Some(k) = pos.hash_after(mv) {
                self.shared.table.prefetch(k);
            }
            let mut child = pos.clone();
            child.play(mv);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha, qply + 1, None);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
            // The budget is spent: the moves not tried yet would each take a static score.
            if self.quiescence_nodes > BUDGET {
                break;
            }
        }
        self.moves[ply] = moves;
        if self.aborted {
            return 0;
        }
        // A deeper entry of the same position is worth more than this one.
        if entry.is_none_or(|e| e.depth == 0) {
            self.shared.table.store(
                key,
                best_move.map(MoveBits::to_bits),
                to_table(best, ply),
                0,
                bound(best, original_alpha, beta),
            );
        }
        best
    }
}
