//! Lazy SMP: what the threads of one search share (the table, node count, stop flags, the
//! answer so far) and how they spread over the depths. The threads never wait for each other;
//! each runs its own iterative deepening (see `worker.rs`) and publishes what it finishes.

use super::limits::{Deadlines, End, Limits, MAX_DEPTH, PonderHit};
use super::tt::Table;
use super::{Answer, Info, Line, Reporter, Request};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Instant;

/// What all threads of one search share.
pub(super) struct Shared<'a, M> {
    pub(super) stop: &'a AtomicBool,
    /// Set when the search is finished, to release the helpers.
    pub(super) done: AtomicBool,
    /// Raised when the search's own limit (a deadline, the nodes) ends it: as good as `stop`
    /// for every thread, but kept off the caller's flag, which outlives this search (a
    /// player's next search would otherwise start stopped).
    pub(super) limit_reached: AtomicBool,
    pub(super) nodes: AtomicU64,
    pub(super) table: &'a Table,
    pub(super) start: Instant,
    /// The deadlines, once the clock runs: from the start, or from `ponder`'s hit.
    deadlines: OnceLock<Deadlines>,
    limits: Limits,
    overhead_ms: u64,
    ponder: Option<PonderHit>,
    pub(super) node_limit: Option<u64>,
    pub(super) max_depth: u32,
    /// How many ranked lines each iteration finds (MultiPV).
    pub(super) multipv: usize,
    /// Why the search ended, as the first to know says.
    end: OnceLock<End>,
    /// The depth of `best`, readable without the lock.
    pub(super) known: AtomicU32,
    /// How many threads are searching each depth, and how many one depth may take.
    searching: Vec<AtomicU32>,
    per_depth: u32,
    best: Mutex<Best<M>>,
    report: Mutex<&'a mut Reporter<'a, M>>,
}

/// The answer so far: the deepest iteration any thread has finished, or a line from a deeper
/// unfinished one that proved a better move.
pub(super) struct Best<M> {
    pub(super) answer: Answer<M>,
    /// The move of the deepest finished iteration.
    pub(super) finished: Option<M>,
    /// The depth of the unfinished iteration whose line `answer` took (0: none).
    improved_at: u32,
}

impl<M: Copy> Best<M> {
    /// Before any iteration: the first root move.
    fn new(first: Option<M>) -> Self {
        Best::finished(Answer {
            best: first,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        })
    }

    fn finished(answer: Answer<M>) -> Self {
        Best {
            finished: answer.best,
            answer,
            improved_at: 0,
        }
    }
}

impl<'a, M: Copy + PartialEq + Send> Shared<'a, M> {
    /// The shared state of a search for `request` started at `start`; until an iteration
    /// finishes, the answer is `first`.
    pub(super) fn new(
        request: &Request<M>,
        start: Instant,
        first: Option<M>,
        stop: &'a AtomicBool,
        table: &'a Table,
        report: &'a mut Reporter<'a, M>,
    ) -> Self {
        let limits = &request.limits;
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let deadlines = OnceLock::new();
        if request.ponder.is_none() {
            let planned = limits.deadlines(start, request.overhead_ms);
            log::info!("search: {planned}");
            let _ = deadlines.set(planned);
        } else {
            log::info!("search: pondering, no time limit until ponderhit");
        }
        Shared {
            stop,
            done: AtomicBool::new(false),
            limit_reached: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            table,
            start,
            deadlines,
            limits: limits.clone(),
            overhead_ms: request.overhead_ms,
            ponder: request.ponder.clone(),
            node_limit: limits.nodes,
            max_depth,
            multipv: request.multipv.max(1),
            end: OnceLock::new(),
            known: AtomicU32::new(0),
            searching: (0..=max_depth).map(|_| AtomicU32::new(0)).collect(),
            per_depth: request.threads.max(1).div_ceil(2) as u32,
            best: Mutex::new(Best::new(first)),
            report: Mutex::new(report),
        }
    }

    /// Runs `work(id)` on `threads` threads: the main one (id 0, which decides when the search
    /// ends) here, the helpers on `pool`; the helpers stop when the main thread is done.
    pub(super) fn run(
        &self,
        pool: &rayon::ThreadPool,
        threads: usize,
        work: impl Fn(usize) + Sync,
    ) {
        if threads == 1 {
            work(0);
        } else {
            pool.scope(|s| {
                for id in 1..threads {
                    let work = &work;
                    s.spawn(move |_| work(id));
                }
                work(0);
                self.done.store(true, Relaxed);
            });
        }
    }

    /// The deadlines in force: none while pondering, then those of the limits from the moment
    /// of the hit.
    pub(super) fn deadlines(&self) -> Deadlines {
        if let Some(d) = self.deadlines.get() {
            return *d;
        }
        match self.ponder.as_ref().and_then(PonderHit::at) {
            Some(hit) => *self.deadlines.get_or_init(|| {
                let planned = self.limits.deadlines(hit, self.overhead_ms);
                let ms = hit.saturating_duration_since(self.start).as_millis();
                log::info!("ponderhit after {ms} ms of pondering: {planned}");
                planned
            }),
            None => Deadlines::none(self.start),
        }
    }

    /// Records why the search ends, unless an earlier reason was recorded.
    pub(super) fn end(&self, why: End) {
        let _ = self.end.set(why);
    }

    /// The answer once every thread has stopped; `fallback` is why the search ended if no
    /// thread said.
    pub(super) fn finish(&self, fallback: End) -> Answer<M> {
        let mut answer = self.best().answer.clone();
        answer.nodes = self.nodes.load(Relaxed);
        log::info!(
            "search ended ({}): depth {}, {} nodes in {} ms",
            self.end.get().copied().unwrap_or(fallback),
            answer.depth,
            answer.nodes,
            self.start.elapsed().as_millis(),
        );
        answer
    }

    pub(super) fn best(&self) -> MutexGuard<'_, Best<M>> {
        self.best.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Takes the first depth from `from` on that fewer than `per_depth` threads are
    /// searching, so that threads spread over the depths rather than repeat each other's
    /// work; `to` (or the last depth) takes the thread in any case.
    pub(super) fn claim(&self, from: u32, to: u32) -> u32 {
        let to = to.min(self.max_depth);
        for d in from..to {
            let slot = &self.searching[d as usize];
            if slot.fetch_add(1, Relaxed) < self.per_depth {
                return d;
            }
            slot.fetch_sub(1, Relaxed);
        }
        self.searching[to as usize].fetch_add(1, Relaxed);
        to
    }

    pub(super) fn release(&self, depth: u32) {
        self.searching[depth as usize].fetch_sub(1, Relaxed);
    }

    /// Takes a finished iteration of any thread, its lines ranked best first; a deeper one
    /// than known becomes the answer and each of its lines is reported. Returns the depth of
    /// the answer now.
    pub(super) fn publish(&self, depth: u32, seldepth: u32, lines: &[Line<M>]) -> u32 {
        let mut best = self.best();
        if depth > best.answer.depth {
            self.known.store(depth, Relaxed);
            let first = &lines[0];
            *best = Best::finished(Answer {
                best: first.pv.first().copied(),
                score: first.score,
                depth,
                nodes: 0,
                pv: first.pv.clone(),
            });
            let nodes = self.nodes.load(Relaxed);
            let time_ms = self.start.elapsed().as_millis() as u64;
            // The moves are in the `info` lines, in the game's words.
            log::debug!(
                "depth {depth} done: score {}, {nodes} nodes, {time_ms} ms",
                first.score
            );
            self.report_lines(depth, seldepth, lines.iter().map(|l| (l.score, &l.pv[..])));
            if depth >= self.max_depth {
                self.end(End::Depth);
                self.done.store(true, Relaxed);
            }
        }
        best.answer.depth
    }

    /// Takes the line of an unfinished iteration at `depth` that searched the finished
    /// answer's move `first` first: a better move it found, or the line of its best move so
    /// far when that is exact. The answer keeps its (smaller) depth. Of the unfinished
    /// iterations of several threads, the deepest one's line is kept. An exact line
    /// (`exact`: its seldepth) is reported at `depth`, as the iteration under way.
    pub(super) fn improve(&self, depth: u32, first: M, pv: &[M], score: i32, exact: Option<u32>) {
        let mut best = self.best();
        if best.answer.depth < depth
            && best.finished == Some(first)
            && best.improved_at < depth
            && !pv.is_empty()
        {
            best.improved_at = depth;
            let answer = &mut best.answer;
            answer.best = pv.first().copied();
            answer.score = score;
            answer.pv = pv.to_vec();
            if let Some(seldepth) = exact {
                self.report_lines(depth, seldepth, [(score, pv)]);
            }
        }
    }

    /// Reports the lines (score and moves, best first) of a search at `depth`, all with the
    /// same nodes, time and table use: the depth's.
    fn report_lines<'l>(
        &self,
        depth: u32,
        seldepth: u32,
        lines: impl IntoIterator<Item = (i32, &'l [M])>,
    ) where
        M: 'l,
    {
        let nodes = self.nodes.load(Relaxed);
        let time_ms = self.start.elapsed().as_millis() as u64;
        let hashfull = self.table.hashfull();
        let mut report = self.report.lock().unwrap_or_else(|p| p.into_inner());
        for (rank, (score, pv)) in lines.into_iter().enumerate() {
            report(&Info {
                depth,
                multipv: (self.multipv > 1).then_some(rank + 1),
                seldepth: seldepth.max(depth),
                score,
                nodes,
                time_ms,
                hashfull,
                pv: pv.to_vec(),
            });
        }
    }
}

/// The depth to search after finishing or dropping `depth`, when `known` is the deepest
/// depth any thread has finished; `None` once the last depth asked for is done.
pub(super) fn next_depth(depth: u32, known: u32, max_depth: u32) -> Option<u32> {
    (known < max_depth).then(|| depth.max(known) + 1)
}
