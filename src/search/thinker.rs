//! A searcher for callers that only want answers, not reports: bots, terminal games and
//! match drivers. It owns its thread pool and table, so a call is one line.

use super::limits::Limits;
use super::tt::Table;
use super::{Answer, Request, search};
use crate::game::Game;
use std::sync::atomic::AtomicBool;

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

    /// Searches `pos` within `limits`, among `root_moves` if given.
    pub fn think<G: Game>(
        &self,
        pos: &G,
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
            &request,
            &self.table,
            &self.pool,
            &AtomicBool::new(false),
            &mut |_| {},
        )
    }
}
