//! The generic searcher: iterative deepening negamax alpha-beta with principal-variation
//! search, a shared transposition table, killer/history ordering, null-move pruning where the
//! game allows it, reverse futility, razoring, futility, late move and exchange pruning, late
//! move reductions from a depth × move-number table, quiescence over noisy moves with exchange
//! and delta pruning, and Lazy SMP (several threads search the same root and share only the
//! table).
//!
//! Nothing here names a game: everything game-specific comes through [`Searchable`], the
//! game's search tuning included (`Searchable::PARAMS`).
//!
//! This file is the way in: [`search`] with its request, reports and answer. Each file below
//! uses only this one and those listed after it:
//! - `root.rs`: one thread's iterative deepening and root search;
//! - `negamax.rs`, `quiescence.rs`, `chance.rs`: the recursion below the root;
//! - `worker.rs`: a thread's state and what every node uses;
//! - `threads.rs`: Lazy SMP, what the threads share and how they spread over the depths;
//! - `limits.rs`: the limits of a `go`, the deadlines and the keep-going-or-stop decisions;
//! - `tt.rs`, `ordering.rs`, `correction.rs`: the transposition table, the move ordering
//!   memory and the correction of static scores;
//! - `memory.rs`: the corrections a player keeps from one search to the next;
//! - `selectivity.rs`: the tables of late move pruning and reductions (the margins are each
//!   game's `SearchParams`).
//!
//! `player.rs`: one player that thinks (table, threads, stop flag), the way in for every
//! front-end: a level's scripted move or a search, with or without reports.

mod chance;
mod correction;
mod eval_cache;
pub mod limits;
mod memory;
mod negamax;
pub mod ordering;
pub mod player;
mod quiescence;
mod root;
mod selectivity;
mod threads;
pub mod tt;
mod worker;

use crate::game::{Searchable, WIN};
use limits::{End, Limits, PonderHit};
pub use memory::Memory;
use ordering::NOISY;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use threads::Shared;
use tt::Table;
use worker::Worker;

/// The steps a game's own proof of a win may take at the root (Gomoku: 50,000 fours tried,
/// a few milliseconds at most).
const ROOT_PROOF_BUDGET: u32 = 50_000;

/// What a search is asked to do.
#[derive(Clone, Debug)]
pub struct Request<M> {
    pub limits: Limits,
    pub threads: usize,
    /// Only these root moves are searched (a level's remaining ties); `None` = all.
    pub root_moves: Option<Vec<M>>,
    /// Milliseconds kept back from every deadline for the pipe and the GUI.
    pub overhead_ms: u64,
    /// How many best lines to find and report, each without the root moves of the lines
    /// before it (MultiPV); 1 for a plain search.
    pub multipv: usize,
    /// Pondering: the limits apply only from the moment this is hit (`None`: from the start).
    pub ponder: Option<PonderHit>,
}

/// A progress report, one per finished iteration of the main thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Info<M> {
    pub depth: u32,
    /// The line's rank (from 1) when the search finds several (MultiPV); `None` with one.
    pub multipv: Option<usize>,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    pub pv: Vec<M>,
}

/// Where the main thread sends its progress reports.
pub type Reporter<'a, M> = dyn FnMut(&Info<M>) + Send + 'a;

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer<M> {
    /// `None` only when the root has no move (the game is over).
    pub best: Option<M>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<M>,
}

/// Searches `root` within the request's limits, as the player of `policy` would. `stop` ends
/// it early from outside; `report` receives the main thread's progress. Helper threads (Lazy
/// SMP) run on `pool`.
// Each argument is a separate thing a front-end holds (its player's parts, its report).
#[allow(clippy::too_many_arguments)]
pub fn search<G: Searchable>(
    root: &G,
    policy: &G::Policy,
    request: &Request<G::Move>,
    table: &Table,
    memory: &Memory,
    pool: &rayon::ThreadPool,
    stop: &AtomicBool,
    report: &mut Reporter<'_, G::Move>,
) -> Answer<G::Move> {
    let start = Instant::now();
    table.new_search();
    let root = &root.as_search_root(policy);
    let root_moves = root_moves(root, policy, request.root_moves.as_deref());
    let limits = &request.limits;
    // A forced move needs no thought unless someone asked for a depth or for analysis.
    let forced = root_moves.len() == 1 && limits.depth.is_none() && !limits.infinite;
    let first = root_moves.first().copied();
    let shared = Shared::new(request, start, first, stop, table, report);
    // A win the game proves by its own narrow search is played at once (an analysis of
    // several lines searches on, to rank the others).
    let mut proof = Vec::new();
    if request.root_moves.is_none()
        && !limits.infinite
        && request.multipv <= 1
        && root.proven_win(ROOT_PROOF_BUDGET, &mut proof)
    {
        let plies = proof.len() as u32;
        let line = Line {
            score: WIN - plies as i32,
            pv: proof,
        };
        shared.end(End::Proof);
        shared.publish(plies, plies, std::slice::from_ref(&line));
        return shared.finish(End::Proof);
    }
    if root_moves.is_empty() {
        return shared.finish(End::NoMoves);
    }
    let threads = if forced { 1 } else { request.threads.max(1) };
    let game = std::any::TypeId::of::<G>();
    shared.run(pool, threads, |id| {
        let mut worker = Worker::<G>::new(&shared, policy, id);
        if G::PARAMS.keep_correction {
            worker.correction = memory.take(game, id);
        }
        worker.iterate(
            root,
            root_moves.clone(),
            forced,
            request.root_moves.is_none(),
        );
        if G::PARAMS.keep_correction {
            memory.keep(game, id, worker.correction);
        }
    });
    // The main thread says why it ended, unless something from outside ended it.
    shared.finish(End::Stopped)
}

/// One ranked line of an iteration: its score and its moves from the root.
#[derive(Clone, Debug)]
struct Line<M> {
    score: i32,
    pv: Vec<M>,
}

/// The root moves in a first guess of their order.
fn root_moves<G: Searchable>(
    root: &G,
    policy: &G::Policy,
    only: Option<&[G::Move]>,
) -> Vec<G::Move> {
    if root.outcome().is_some() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    match only {
        Some(only) => {
            root.legal_moves(&mut moves);
            moves.retain(|m| only.contains(m));
        }
        None => root.root_moves(policy, &mut moves),
    }
    moves.sort_by_key(|&m| -(root.order_hint(m) + if root.is_noisy(m) { NOISY } else { 0 }));
    moves
}

#[cfg(test)]
mod tests;
