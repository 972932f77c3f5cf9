//! One player that thinks: what every searching front-end holds (a transposition table, a
//! pool of search threads, a stop flag) and how it answers a position: a rule-following
//! level's move, or a search. Cheap to clone: clones share the table, pool and flag, so a
//! session hands one to the thread that searches and keeps one to stop it.

use super::limits::Limits;
use super::tt::Table;
use super::{Answer, Memory, Reporter, Request, search};
use crate::game::{Scripted, Searchable};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

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

/// A table of `mib` MiB, cleared on `pool` so that the first search does not pay for its
/// memory. A table larger than the memory the system has free is refused: the system would
/// grant it (it overcommits) and then swap or kill us while clearing it.
fn checked_table(mib: usize, pool: &rayon::ThreadPool) -> Result<Table, String> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    if let Some(free) = available_mib(&meminfo).filter(|&free| mib > free) {
        return Err(format!(
            "cannot allocate a hash table of {mib} MiB (only {free} MiB of memory is free)"
        ));
    }
    let table = Table::new(mib)?;
    pool.install(|| table.clear());
    log::info!("hash table: {mib} MiB, {} entries", table.len());
    Ok(table)
}

/// The memory available to a new allocation, in MiB, from Linux's `/proc/meminfo` text;
/// `None` where it does not say.
fn available_mib(meminfo: &str) -> Option<usize> {
    let line = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kib: usize = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kib / 1024)
}

#[derive(Clone)]
pub struct Player {
    table: Arc<Table>,
    /// What the searches learnt besides the table, kept as long as it.
    memory: Arc<Memory>,
    pool: Arc<rayon::ThreadPool>,
    threads: usize,
    stop: Arc<AtomicBool>,
}

impl Player {
    /// A player searching on `threads` threads (as given: `set_threads` clamps what a user
    /// asks for) with a table of `hash_mib` MiB.
    pub fn new(threads: usize, hash_mib: usize) -> Result<Player, String> {
        Ok(Player {
            table: Arc::new(Table::new(hash_mib)?),
            memory: Arc::default(),
            pool: Arc::new(thread_pool(threads)?),
            threads: threads.max(1),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// A player whose table is checked against the free memory and cleared before the first
    /// search (a session's, which keeps its table from search to search).
    pub fn with_checked_table(threads: usize, hash_mib: usize) -> Result<Player, String> {
        let pool = thread_pool(threads)?;
        Ok(Player {
            table: Arc::new(checked_table(hash_mib, &pool)?),
            memory: Arc::default(),
            pool: Arc::new(pool),
            threads: threads.max(1),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The engine's `Threads` and XBoard's `cores`: the usable threads for `asked`. On an
    /// error the old pool stays.
    pub fn set_threads(&mut self, asked: usize) -> Result<(), String> {
        let threads = usable_threads(asked);
        self.pool = Arc::new(thread_pool(threads)?);
        self.threads = threads;
        Ok(())
    }

    /// The engine's `Hash` and XBoard's `memory`: a new table of `mib` MiB, checked against
    /// the free memory. On an error the old table stays.
    pub fn set_hash(&mut self, mib: usize) -> Result<(), String> {
        self.table = Arc::new(checked_table(mib, &self.pool)?);
        self.memory.clear();
        Ok(())
    }

    /// Forgets everything learnt, as a fresh process would start.
    pub fn clear(&self) {
        self.pool.install(|| self.table.clear());
        self.memory.clear();
    }

    /// Whether two players share one table (a table kept, not made again).
    #[cfg(test)]
    pub(crate) fn same_table(&self, other: &Player) -> bool {
        Arc::ptr_eq(&self.table, &other.table)
    }

    /// The pool, for other work that runs in parallel (the engine's `perft`).
    pub fn pool(&self) -> &rayon::ThreadPool {
        &self.pool
    }

    /// A new stop flag for the searches to come, set already if `stopped`; the searches
    /// under way keep theirs.
    pub fn renew_stop(&mut self, stopped: bool) {
        self.stop = Arc::new(AtomicBool::new(stopped));
    }

    /// Ends the searches of this player's current stop flag now.
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The current stop flag, for other work that `stop` ends (the engine's `perft`).
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Searches `pos` as the player of `policy` within `request` (whose thread count is
    /// normally `threads()`), reporting to `report`.
    pub fn search<G: Searchable>(
        &self,
        pos: &G,
        policy: &G::Policy,
        request: &Request<G::Move>,
        report: &mut Reporter<'_, G::Move>,
    ) -> Answer<G::Move> {
        search(
            pos,
            policy,
            request,
            &self.table,
            &self.memory,
            &self.pool,
            &self.stop,
            report,
        )
    }

    /// A rule-following level's move (`scripted`), or else a search within `request`: the
    /// answer every front-end plays. A scripted move comes as a line of its own.
    pub fn answer<G: Searchable>(
        &self,
        pos: &G,
        policy: &G::Policy,
        scripted: Option<Scripted<G::Move>>,
        request: Request<G::Move>,
        report: &mut Reporter<'_, G::Move>,
    ) -> Answer<G::Move> {
        match scripted {
            Some(Scripted::Play(mv)) => Answer {
                best: Some(mv),
                score: 0,
                depth: 0,
                nodes: 0,
                pv: vec![mv],
            },
            Some(Scripted::SearchAmong(moves)) => {
                let request = Request {
                    root_moves: Some(moves),
                    ..request
                };
                self.search(pos, policy, &request, report)
            }
            None => self.search(pos, policy, &request, report),
        }
    }

    /// Searches `pos` within `limits` as the player of `policy`, among `root_moves` if given,
    /// without reports.
    pub fn think<G: Searchable>(
        &self,
        pos: &G,
        policy: &G::Policy,
        limits: Limits,
        root_moves: Option<Vec<G::Move>>,
    ) -> Answer<G::Move> {
        let request = Request {
            root_moves,
            ..self.request(limits)
        };
        self.search(pos, policy, &request, &mut |_| {})
    }

    /// A plain request within `limits` on this player's threads: every root move, one line,
    /// no time kept back, no pondering.
    pub fn request<M>(&self, limits: Limits) -> Request<M> {
        Request {
            limits,
            threads: self.threads,
            root_moves: None,
            overhead_ms: 0,
            multipv: 1,
            ponder: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn available_memory_is_read_from_meminfo() {
        let text = "MemTotal:       24684104 kB\nMemFree:        19861504 kB\nMemAvailable:   23046144 kB\n";
        assert_eq!(available_mib(text), Some(22506));
        assert_eq!(available_mib("MemTotal: 5 kB\n"), None);
        assert_eq!(available_mib("MemAvailable: lots\n"), None);
    }
}
