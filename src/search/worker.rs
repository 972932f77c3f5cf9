//! One search thread: its state (per-ply buffers, move ordering, node count, the flags that
//! cut an iteration short) and what every node uses: polling, move lists with their ordering
//! scores, and scores for finished games and the table. The recursion is in `root.rs`,
//! `negamax.rs`, `quiescence.rs` and `chance.rs`.

use super::Line;
use super::correction::Correction;
use super::eval_cache::EvalCache;
use super::limits::{End, POLL_INTERVAL};
use super::ordering::{KILLER, LOSING, NOISY, Ordering, TT_MOVE, Tried};
use super::selectivity::Reductions;
use super::threads::Shared;
use super::tt::Bound;
use crate::game::{MoveBits, Outcome, Searchable, WIN, WIN_BOUND};
use std::sync::atomic::Ordering::Relaxed;

pub(super) const MAX_PLY: usize = 128;

/// No static score at this ply (see `Worker::evals`).
pub(super) const NO_EVAL: i32 = i32::MIN;

/// One search thread.
pub(super) struct Worker<'a, G: Searchable> {
    pub(super) shared: &'a Shared<'a, G::Move>,
    /// The searching player's policy (`Searchable::Policy`), for every hook that reads it.
    pub(super) policy: &'a G::Policy,
    pub(super) id: usize,
    unreported: u64,
    /// The nodes of the quiescence search under way (see `quiescence.rs`).
    pub(super) quiescence_nodes: u32,
    pub(super) aborted: bool,
    pub(super) seldepth: usize,
    /// Whether this iteration met a node it could not search to the end of the game;
    /// an iteration that did not has an exact result and deeper ones would repeat it.
    pub(super) horizon: bool,
    /// The depth of the iteration under way, and whether another thread finished it first.
    pub(super) depth_now: u32,
    pub(super) superseded: bool,
    /// Whether a root move other than the first has beaten it in the iteration under way
    /// (its line is then `pv[0]`), and its score.
    pub(super) improved: bool,
    pub(super) improved_score: i32,
    /// When the search is cut off: the score of the root's best move so far, if it lies
    /// inside the window (the move was searched to the end at the iteration's depth).
    pub(super) root_exact: Option<i32>,
    pub(super) ordering: Ordering<G::Move>,
    /// Per-ply move buffers, reused so that no node allocates.
    pub(super) moves: Vec<Vec<(G::Move, i32)>>,
    pub(super) tried: Vec<Tried<G::Move>>,
    scratch: Vec<G::Move>,
    pub(super) pv: Vec<Vec<G::Move>>,
    /// The lines of the iteration under way, best first (one unless MultiPV).
    pub(super) lines: Vec<Line<G::Move>>,
    /// The static score of the node at each ply of the current line (`NO_EVAL` where none was
    /// computed: in check, at a chance node, without forward pruning), to tell whether a
    /// position is improving on the one two plies up.
    pub(super) evals: Vec<i32>,
    pub(super) reductions: Reductions,
    /// The hash of the position at each ply of the current line, and the first ply after the
    /// latest pass (null move) on it: positions before a pass are no repetitions.
    pub(super) keys: Vec<u64>,
    pub(super) null_floor: usize,
    /// The move a node at each ply leaves out (a singular extension's test), if any.
    pub(super) excluded: Vec<Option<G::Move>>,
    /// `None` where the game's evaluation is cheaper than the cache
    /// (`SearchParams::cache_evaluations`).
    eval_cache: Option<EvalCache>,
    pub(super) correction: Correction,
}

impl<'a, G: Searchable> Worker<'a, G> {
    pub(super) fn new(shared: &'a Shared<'a, G::Move>, policy: &'a G::Policy, id: usize) -> Self {
        Worker {
            shared,
            policy,
            id,
            unreported: 0,
            quiescence_nodes: 0,
            aborted: false,
            seldepth: 0,
            horizon: false,
            depth_now: 0,
            superseded: false,
            improved: false,
            improved_score: 0,
            root_exact: None,
            ordering: Ordering::new(MAX_PLY + 1),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            tried: (0..=MAX_PLY).map(|_| Tried::default()).collect(),
            scratch: Vec::with_capacity(256),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            lines: Vec::new(),
            evals: vec![NO_EVAL; MAX_PLY + 1],
            reductions: Reductions::new(G::PARAMS.reduction_divisor),
            keys: vec![0; MAX_PLY + 1],
            null_floor: 0,
            excluded: vec![None; MAX_PLY + 1],
            eval_cache: G::PARAMS.cache_evaluations.then(EvalCache::new),
            correction: Correction::new(),
        }
    }

    /// The game's static score of `pos`, whose hash is `key`, from the cache when it has it,
    /// corrected by what the search has learnt of the game's `correction_key`.
    pub(super) fn evaluate(&mut self, pos: &G, key: u64) -> i32 {
        let raw = match &mut self.eval_cache {
            Some(cache) => cache.get(key, || pos.evaluate(self.policy)),
            None => pos.evaluate(self.policy),
        };
        let side = pos.side_to_move().index();
        self.correction.adjust(side, pos.correction_key(), raw)
    }

    /// Counts a node and, now and then, looks at the flags, the clock and the node limit.
    pub(super) fn poll(&mut self) -> bool {
        self.unreported += 1;
        if self.unreported >= POLL_INTERVAL {
            let total = self.shared.nodes.fetch_add(self.unreported, Relaxed) + self.unreported;
            self.unreported = 0;
            let s = self.shared;
            let over = if s.node_limit.is_some_and(|n| total >= n) {
                Some(End::Nodes)
            } else if s.deadlines().passed() {
                Some(End::Deadline)
            } else {
                None
            };
            if let Some(why) = over {
                s.end(why);
                s.limit_reached.store(true, Relaxed);
            }
            if s.stop.load(Relaxed)
                || s.limit_reached.load(Relaxed)
                || (self.id > 0 && s.done.load(Relaxed))
            {
                self.aborted = true;
            }
            // Another thread finished this depth: carrying on would only repeat it.
            if s.known.load(Relaxed) >= self.depth_now {
                self.superseded = true;
                self.aborted = true;
            }
        }
        self.aborted
    }

    pub(super) fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unreported, Relaxed);
        self.unreported = 0;
    }

    /// Generates the moves worth searching (only the noisy ones if `noisy`) with their
    /// ordering scores: the table move, noisy moves that do not lose material, killers, quiet
    /// moves by hint and history (`SearchParams::history_divisor`), then noisy moves that
    /// lose material.
    pub(super) fn fill_moves(
        &mut self,
        pos: &G,
        ply: usize,
        tt_move: Option<u32>,
        noisy: bool,
        out: &mut Vec<(G::Move, i32)>,
    ) {
        out.clear();
        self.scratch.clear();
        if noisy {
            pos.noisy_moves(self.policy, &mut self.scratch);
        } else {
            pos.search_moves(self.policy, &mut self.scratch);
        }
        self.add_scored(pos, ply, tt_move, out);
    }

    /// Appends the moves `search_moves` left out (`Searchable::left_out_moves`) with their
    /// ordering scores, at most `keep` of them, the best first: all for a node where every
    /// move searched lost, a few more for a deep node (`SearchParams::wide_depth`). A move
    /// already in `out` (from a deep node's first widening) is not added again.
    pub(super) fn add_left_out(
        &mut self,
        pos: &G,
        ply: usize,
        tt_move: Option<u32>,
        keep: usize,
        out: &mut Vec<(G::Move, i32)>,
    ) {
        self.scratch.clear();
        pos.left_out_moves(false, &mut self.scratch);
        let start = out.len();
        self.add_scored(pos, ply, tt_move, out);
        let mut i = start;
        while i < out.len() {
            if out[..start].iter().any(|&(m, _)| m == out[i].0) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
        if out.len() - start > keep {
            if keep > 0 {
                out[start..].select_nth_unstable_by_key(keep - 1, |&(_, s)| std::cmp::Reverse(s));
            }
            out.truncate(start + keep);
        }
    }

    /// Appends the moves of `scratch` to `out` with their ordering scores.
    fn add_scored(
        &mut self,
        pos: &G,
        ply: usize,
        tt_move: Option<u32>,
        out: &mut Vec<(G::Move, i32)>,
    ) {
        let side = pos.side_to_move().index();
        out.extend(self.scratch.iter().map(|&m| {
            let score = if Some(m.to_bits()) == tt_move {
                TT_MOVE
            } else if pos.is_noisy(m) {
                let losing = exchange(pos, self.policy, m).is_some_and(|v| v < 0);
                let hint = pos.order_hint(m)
                    + self.ordering.capture_history(side, m) / G::PARAMS.capture_history_divisor;
                hint + if losing { LOSING } else { NOISY }
            } else if self.ordering.is_killer(ply, m) {
                KILLER
            } else {
                pos.order_hint(m) + self.ordering.history(side, m) / G::PARAMS.history_divisor
            };
            (m, score)
        }));
    }
}

/// The exchange value of `mv` where the search uses it: only under forward pruning, so that
/// a search without it orders and searches every capture by its hint alone.
pub(super) fn exchange<G: Searchable>(pos: &G, policy: &G::Policy, mv: G::Move) -> Option<i32> {
    G::forward_pruning(policy)
        .then(|| pos.exchange(mv))
        .flatten()
}

/// Converts a finished game into a score for the side to move at `ply`.
pub(super) fn outcome_score<G: Searchable>(pos: &G, outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(side) if side == pos.side_to_move() => WIN - ply as i32,
        Outcome::Win(_) => -(WIN - ply as i32),
    }
}

/// Win scores are stored relative to the node so they stay true wherever the node recurs.
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= WIN_BOUND => s + ply as i32,
        s if s <= -WIN_BOUND => s - ply as i32,
        s => s,
    }
}

pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= WIN_BOUND => s - ply as i32,
        s if s <= -WIN_BOUND => s + ply as i32,
        s => s,
    }
}

/// What a score found in the window (alpha, beta) says about the true value.
pub(super) fn bound(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Brings the best-scored remaining move to position `i` (selection sort, done lazily so
/// that a cut-off skips sorting the rest).
///
/// The first of the best-scored moves is taken, as a scan keeping the best so far would; two
/// passes (the best score, then where it first is) let the compiler vectorize both, which
/// matters where a 14x14 board gives a node a hundred moves and more.
pub(super) fn pick_best<M: Copy>(moves: &mut [(M, i32)], i: usize) {
    let rest = &moves[i..];
    let Some(top) = rest.iter().map(|m| m.1).max() else {
        return;
    };
    let best = rest.iter().position(|m| m.1 == top).unwrap_or(0);
    moves.swap(i, i + best);
}
