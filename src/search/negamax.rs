//! Interior nodes: negamax alpha-beta with principal-variation search, table cut-offs,
//! check and singular extensions, node pruning (reverse futility, null move, a game's own
//! proof of a win, razoring), move pruning (late move, history, futility, exchange) and late
//! move reductions.

use super::ordering::{KILLER, LOSING, TT_MOVE, Tried};
use super::selectivity::late_move_limit;
use super::tt::Bound;
use super::worker::{
    MAX_PLY, NO_EVAL, Worker, bound, from_table, outcome_score, pick_best, to_table,
};
use crate::game::{MoveBits, SearchParams, Searchable, WIN, WIN_BOUND};

/// What the move loop needs to know of its node.
struct Node {
    eval: i32,
    improving: bool,
    /// Whether the game allows forward pruning (`Searchable::forward_pruning`).
    selective: bool,
    /// The extra plies for the table move (a singular extension).
    singular: i32,
}

/// The steps a game's own proof of a win may take at an interior node: a cheap look only.
const NODE_PROOF_BUDGET: u32 = 64;

impl<G: Searchable> Worker<'_, G> {
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
        self.evals[ply] = NO_EVAL;
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
            return self.evaluate(pos, pos.hash());
        }
        let in_check = pos.in_check(self.policy);
        // Checks are extended where the game asks it, but not forever: long checking
        // sequences end at half the stack.
        if in_check && G::PARAMS.check_extension && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 {
            self.horizon = true;
            return self.quiesce(pos, ply, alpha, beta, 0, Some(in_check));
        }
        self.seldepth = self.seldepth.max(ply);
        let key = pos.hash();
        self.keys[ply] = key;
        // A position seen before on this line (the same side to move, no pass in between)
        // counts as a draw, whatever the game's rules: the side ahead then looks for
        // progress instead of going round in circles, the side behind for the circle.
        if (self.null_floor..ply.saturating_sub(1))
            .rev()
            .step_by(2)
            .any(|p| self.keys[p] == key)
        {
            self.horizon = true;
            return 0;
        }
        if pos.chance_node(self.policy) {
            return self.average(pos, depth, ply);
        }

        // A node searching all moves but one (to tell whether that one is singular) is a
        // different search of the same position: the table neither settles nor records it.
        let excluded = self.excluded[ply];
        let entry = if excluded.is_some() {
            None
        } else {
            self.shared.table.probe(key)
        };
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry.filter(|e| !pv_node && e.depth as i32 >= depth) {
            let s = from_table(e.score, ply);
            if e.bound.settles(s, alpha, beta) {
                // The stored result may rest on a depth-limited search.
                self.horizon |= s.abs() < WIN_BOUND;
                return s;
            }
        }

        // The static score, and whether it is better than two plies up (then a fail high is
        // likelier, so pruning may be bolder and reductions smaller). Without forward pruning
        // only the null move needs it.
        let selective = G::forward_pruning(self.policy);
        let p: &SearchParams = &G::PARAMS;
        let null_candidate = null_ok && !pv_node && depth >= 3 && excluded.is_none();
        let eval = if in_check || !(selective || null_candidate) {
            NO_EVAL
        } else {
            self.evaluate(pos, key)
        };
        self.evals[ply] = eval;
        let improving = eval != NO_EVAL && ply >= 2 && {
            let before = self.evals[ply - 2];
            before == NO_EVAL || eval > before
        };
        let prunable = !pv_node && eval != NO_EVAL && beta.abs() < WIN_BOUND && excluded.is_none();
        // Where the game lets it, a stored score that bounds the value on the far side of the
        // static score is the better guess for the node's pruning (not for the moves').
        let guess = match entry.filter(|_| p.table_refines_eval && eval != NO_EVAL) {
            Some(e) => {
                let s = from_table(e.score, ply);
                let beyond = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > eval,
                    Bound::Upper => s < eval,
                };
                if beyond && s.abs() < WIN_BOUND {
                    s
                } else {
                    eval
                }
            }
            None => eval,
        };
        if selective
            && prunable
            && depth <= p.reverse_futility_depth
            && guess - p.reverse_futility_margin * (depth - improving as i32) >= beta
        {
            self.horizon = true;
            return guess;
        }
        if null_candidate && prunable && guess >= beta {
            let mut child = pos.clone();
            if child.play_null() {
                // Deeper nodes and a larger surplus over beta afford a shallower check.
                let r = if selective {
                    3 + depth / 3 + ((guess - beta) / p.null_move_surplus).min(3)
                } else {
                    2 + depth / 4
                };
                let floor = std::mem::replace(&mut self.null_floor, ply + 1);
                let s = -self.negamax(&child, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
                self.null_floor = floor;
                if self.aborted {
                    return 0;
                }
                // An unproven pass is no proof of a win.
                if s >= beta {
                    return if s >= WIN_BOUND { beta } else { s };
                }
            }
        }
        // A win the game proves by its own narrow search (Gomoku's fours) ends the node. It
        // comes after the cut-offs above, where it could only raise a score already at beta
        // (in Gomoku most nodes near the leaves end there, and the proof is most of a node's
        // time), and before razoring, which must not take a won node for lost.
        if excluded.is_none() && pos.proven_win(NODE_PROOF_BUDGET, &mut self.pv[ply]) {
            return WIN - (ply + self.pv[ply].len()) as i32;
        }
        if selective
            && prunable
            && depth <= p.razor_depth
            && guess + p.razor_base + p.razor_per_depth2 * depth * depth <= alpha
        {
            self.horizon = true;
            let s = self.quiesce(pos, ply, alpha, alpha + 1, 0, Some(false));
            if self.aborted {
                return 0;
            }
            if s <= alpha {
                return s;
            }
        }
        // Without a table move this node was never searched: a shallower look costs little
        // and finds one for next time (internal iterative reduction).
        if selective && tt_move.is_none() && depth >= 4 && excluded.is_none() {
            depth -= 1;
        }
        // Singular extension: when the table move is the only one that holds the stored
        // score (the others, searched at half depth, all fail low against it less a margin),
        // it is searched a ply deeper. When they hold it too and that beats beta, several
        // moves cut off and the node is taken to fail high (multi-cut).
        let mut singular = 0;
        if let Some(e) = entry.filter(|e| {
            selective
                && depth >= p.singular_depth
                && e.mv.is_some()
                && e.bound != Bound::Upper
                && e.depth as i32 >= depth - 3
                && from_table(e.score, ply).abs() < WIN_BOUND
                && ply < MAX_PLY / 2
        }) {
            let s_beta = from_table(e.score, ply) - p.singular_margin * depth;
            self.excluded[ply] = tt_move.map(G::Move::from_bits);
            let s = self.negamax(pos, (depth - 1) / 2, ply, s_beta - 1, s_beta, false);
            self.excluded[ply] = None;
            self.evals[ply] = eval;
            if self.aborted {
                return 0;
            }
            if s < s_beta {
                singular = 1;
            } else if s_beta >= beta {
                self.horizon = true;
                return s_beta;
            }
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut tried = std::mem::take(&mut self.tried[ply]);
        self.fill_moves(pos, ply, tt_move, false, &mut moves);
        // A deep node looks at a few of the moves the game leaves out too, more the deeper
        // it is: a cap that suits the leaves would hide a slow threat near the root.
        if selective && p.wide_depth > 0 && depth >= p.wide_depth && excluded.is_none() {
            let extra = (depth - p.wide_depth + 1) * p.wide_per_ply;
            self.add_left_out(pos, ply, tt_move, extra as usize, &mut moves);
        }
        tried.clear();
        let score = if moves.is_empty() {
            outcome_score(pos, pos.outcome_without_moves(), ply)
        } else {
            self.search_moves(
                pos,
                &mut moves,
                &mut tried,
                depth,
                ply,
                alpha,
                beta,
                in_check,
                key,
                Node {
                    eval,
                    improving,
                    selective,
                    singular,
                },
            )
        };
        self.moves[ply] = moves;
        self.tried[ply] = tried;
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &G,
        moves: &mut Vec<(G::Move, i32)>,
        tried: &mut Tried<G::Move>,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        in_check: bool,
        key: u64,
        node: Node,
    ) -> i32 {
        let Node {
            eval,
            improving,
            selective,
            singular,
        } = node;
        let excluded = self.excluded[ply];
        let pv_node = beta - alpha > 1;
        let side = pos.side_to_move().index();
        let quiet_limit = late_move_limit(depth, improving, moves.len(), G::PARAMS.late_move_span);
        let original_alpha = alpha;
        let mut best = -WIN;
        let mut best_move = None;
        let mut widened = false;
        let mut next = 0;
        // Quiet moves dropped from the list unsearched. Once a quiet move is picked, the noisy
        // moves left are the losing ones, ordered after every quiet move: a move's number
        // (which sets its reduction) counts the dropped moves as picked before it, so dropping
        // them changes nothing but the time.
        let mut dropped = 0;
        // Whether the first move searched was the table's and noisy (its reduction of the
        // quiet moves after it: `SearchParams::noisy_table_move_reduction`).
        let mut noisy_table_move = false;
        loop {
            if next == moves.len() {
                // Every move lost, but the game may have left some out (a cap on its quiet
                // moves): a loss is proven only once those lose too.
                // (A singular test's result is no proof either way: it does not widen.)
                if widened || best > -WIN_BOUND || excluded.is_some() {
                    break;
                }
                widened = true;
                self.add_left_out(pos, ply, None, usize::MAX, moves);
                if next == moves.len() {
                    break;
                }
            }
            let i = next;
            next += 1;
            pick_best(moves, i);
            let mv = moves[i].0;
            if Some(mv) == excluded {
                continue;
            }
            let quiet = !pos.is_noisy(mv);
            let base_r = self.reductions.get(depth, i + dropped);
            // Once a move has saved the node from a loss, hopeless moves may be skipped; the
            // result is then short of exact.
            if selective && best > -WIN_BOUND && !in_check {
                let verdict = self.hopeless(
                    pos,
                    mv,
                    quiet,
                    depth,
                    base_r,
                    alpha,
                    eval,
                    !pv_node && tried.quiets.len() >= quiet_limit,
                );
                if verdict != Verdict::Search {
                    self.horizon = true;
                    if verdict == Verdict::SkipQuiets {
                        let before = moves.len();
                        drop_quiets(pos, moves, next);
                        dropped += before - moves.len();
                    }
                    continue;
                }
            }
            if let Some(k) = pos.hash_after(mv) {
                self.shared.table.prefetch(k);
            }
            let mut child = pos.clone();
            child.play(mv);
            let score = if i == 0 {
                noisy_table_move = moves[i].1 == TT_MOVE && !quiet;
                let extension = if moves[i].1 == TT_MOVE { singular } else { 0 };
                -self.negamax(&child, depth - 1 + extension, ply + 1, -beta, -alpha, true)
            } else {
                let losing = moves[i].1 <= LOSING / 2;
                let mut r = 0;
                if !selective {
                    // The plain three-step reduction of late quiet moves.
                    if depth >= 3 && i >= 3 && quiet && moves[i].1 < KILLER && !in_check {
                        r = 1 + (i >= 8) as i32 + (depth >= 8 && !pv_node) as i32;
                    }
                } else if depth >= 3
                    && (quiet || losing)
                    && !in_check
                    && !child.in_check(self.policy)
                {
                    r = base_r - pv_node as i32 + !improving as i32;
                    if quiet {
                        r -= self.ordering.history(side, mv) / G::PARAMS.history_per_ply
                            + (moves[i].1 == KILLER) as i32;
                        if noisy_table_move {
                            r += G::PARAMS.noisy_table_move_reduction;
                        }
                    }
                    r = r.clamp(0, depth - 2);
                }
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
                        let bonus = G::PARAMS.history_bonus(depth);
                        self.ordering.reward(ply, side, bonus, mv, quiet, tried);
                        break;
                    }
                }
            }
            if quiet {
                tried.quiets.push(mv);
            } else {
                tried.noisy.push(mv);
            }
        }
        if excluded.is_some() {
            return best;
        }
        let bound = bound(best, original_alpha, beta);
        self.shared.table.store(
            key,
            best_move.map(MoveBits::to_bits),
            to_table(best, ply),
            depth.clamp(0, 255) as u8,
            bound,
        );
        // What the search found teaches the correction of the static score, where it says
        // something of a quiet position: not after a capture's gain, nor a bound on the wrong
        // side of the static score. The key is read only then: Gomoku's costs ten line reads.
        let teaches = eval != NO_EVAL
            && best.abs() < WIN_BOUND
            && best_move.is_none_or(|m| !pos.is_noisy(m))
            && !(bound == Bound::Lower && best <= eval)
            && !(bound == Bound::Upper && best >= eval);
        if let Some(correction_key) = teaches.then(|| pos.correction_key()).flatten() {
            self.correction
                .learn(side, correction_key, depth, best - eval);
        }
        best
    }

    /// Whether move pruning skips `mv`: late quiet moves, quiet moves that kept failing
    /// elsewhere (history), quiet moves whose static gain cannot reach alpha, and moves that
    /// lose too much material by the exchange rule.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn hopeless(
        &self,
        pos: &G,
        mv: G::Move,
        quiet: bool,
        depth: i32,
        base_r: i32,
        alpha: i32,
        eval: i32,
        quiets_done: bool,
    ) -> Verdict {
        let p = &G::PARAMS;
        let reduced = (depth - 1 - base_r).max(0);
        if quiet {
            // Both tests only tighten along the list: the quiet moves tried only grow in
            // number, reductions with the move number, and alpha only rises.
            if depth <= p.late_move_depth && quiets_done {
                return Verdict::SkipQuiets;
            }
            if p.history_prune_per_ply > 0
                && reduced <= p.history_prune_depth
                && self.ordering.history(pos.side_to_move().index(), mv)
                    < -p.history_prune_per_ply * depth
            {
                return Verdict::Skip;
            }
            if reduced <= p.futility_depth
                && eval != NO_EVAL
                && eval + p.futility_base + p.futility_per_depth * reduced <= alpha
            {
                return Verdict::SkipQuiets;
            }
        }
        let margin = if quiet {
            p.exchange_quiet_margin * reduced * reduced
        } else {
            p.exchange_capture_margin * depth
        };
        if depth <= p.exchange_depth && pos.exchange(mv).is_some_and(|v| v < -margin) {
            Verdict::Skip
        } else {
            Verdict::Search
        }
    }
}

/// What move pruning says of a move.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    Search,
    Skip,
    /// Skip this move and every quiet move after it.
    SkipQuiets,
}

/// Drops the quiet moves from `moves[from..]`, keeping the order of the rest, so the move
/// picker no longer scans the moves that pruning would skip one by one.
fn drop_quiets<G: Searchable>(pos: &G, moves: &mut Vec<(G::Move, i32)>, from: usize) {
    let mut kept = from;
    for j in from..moves.len() {
        if pos.is_noisy(moves[j].0) {
            moves[kept] = moves[j];
            kept += 1;
        }
    }
    moves.truncate(kept);
}
