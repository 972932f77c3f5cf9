//! A searcher for callers that only want answers, not reports: bots, terminal games and
//! match drivers. It owns its thread pool and table, so a call is one line.

use super::limits::Limits;
use super::tt::Table;
use super::{Answer, Request, search};
use crate::game::Searchable;
use std::sync::atomic::AtomicBool;

/// The search threads to run when `asked` for: at least one, at most the machine's cores.
/// More threads than cores only take turns: they answer `stop` and deadlines late (131 ms for
/// `movetime 100` with 256 threads on 2 cores) for no gain. The engine's `Threads` and
/// XBoard's `cores` both come here.
pub fn usable_threads(asked: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if asked > cores {
        log::info!("{asked} search threads asked for: using the {cores} cores");
    }
    asked.clamp(1, cores)
}

/// A pool of `threads` search threads.
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|i| format!("search-{i}"))
        .build()
        .map_err(|e| format!("cannot start {threads} search threads: {e}"))
}

pub struct Thinker {
    table: Table,
    pool: rayon::ThreadPool,
    threads: usize,
}

impl Thinker {
    pub fn new(threads: usize, hash_mib: usize) -> Result<Thinker, String> {
        Ok(Thinker {
            table: Table::new(hash_mib)?,
            pool: thread_pool(threads)?,
            threads,
        })
    }

    /// Forgets everything learnt, as a fresh process would start.
    pub fn clear(&self) {
        self.table.clear();
    }

    /// Searches `pos` within `limits` as the player of `policy`, among `root_moves` if given.
    pub fn think<G: Searchable>(
        &self,
        pos: &G,
        policy: &G::Policy,
        limits: Limits,
        root_moves: Option<Vec<G::Move>>,
    ) -> Answer<G::Move> {
        let request = Request {
            limits,
            threads: self.threads,
            root_moves,
            overhead_ms: 0,
            multipv: 1,
            ponder: None,
        };
        search(
            pos,
            policy,
            &request,
            &self.table,
            &self.pool,
            &AtomicBool::new(false),
            &mut |_| {},
        )
    }
}
