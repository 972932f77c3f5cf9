//! The generic searcher: iterative deepening negamax alpha-beta with principal-variation
//! search, a shared transposition table, killer/history ordering, null-move pruning and late
//! move reductions where the game allows them, quiescence over noisy moves, and Lazy SMP
//! (several threads search the same root and share only the table).
//!
//! Nothing here names a game: everything game-specific comes through [`Game`].

pub mod limits;
pub mod ordering;
pub mod thinker;
pub mod tt;

use crate::game::{Game, MoveBits, Outcome, WIN, WIN_BOUND};
use limits::{Deadlines, Limits, MAX_DEPTH};
use ordering::{KILLER, NOISY, Ordering, TT_MOVE};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};
use tt::{Bound, Table};

const MAX_PLY: usize = 128;
/// Nodes between two looks at the clock and the stop flag: well under a millisecond even
/// in the slowest game, so a deadline is never overshot by more than that.
const POLL_INTERVAL: u64 = 256;
/// What a won or lost line counts for in the average of a chance node: more than any
/// evaluation short of a win, far from the mate scores.
const CHANCE_WIN: i32 = WIN_BOUND / 2;

/// What a search is asked to do.
#[derive(Clone, Debug)]
pub struct Request<M> {
    pub limits: Limits,
    pub threads: usize,
    /// Only these root moves are searched (a level's remaining ties); `None` = all.
    pub root_moves: Option<Vec<M>>,
    /// Milliseconds kept back from every deadline for the pipe and the GUI.
    pub overhead_ms: u64,
}

/// A progress report, one per finished iteration of the main thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Info<M> {
    pub depth: u32,
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

/// Searches `root` within the request's limits. `stop` ends it early from outside; `report`
/// receives the main thread's progress. Helper threads (Lazy SMP) run on `pool`.
pub fn search<G: Game>(
    root: &G,
    request: &Request<G::Move>,
    table: &Table,
    pool: &rayon::ThreadPool,
    stop: &AtomicBool,
    report: &mut Reporter<'_, G::Move>,
) -> Answer<G::Move> {
    let start = Instant::now();
    table.new_search();
    let root = &root.as_search_root();
    let root_moves = root_moves(root, request.root_moves.as_deref());
    let limits = &request.limits;
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    // A forced move needs no thought unless someone asked for a depth or for analysis.
    let forced = root_moves.len() == 1 && limits.depth.is_none() && !limits.infinite;
    let threads = request.threads.max(1);
    let shared = Shared {
        stop,
        done: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        table,
        deadlines: limits.deadlines(start, request.overhead_ms),
        node_limit: limits.nodes,
        max_depth,
        known: AtomicU32::new(0),
        searching: (0..=max_depth).map(|_| AtomicU32::new(0)).collect(),
        per_depth: threads.div_ceil(2) as u32,
        best: Mutex::new(Best::new(root_moves.first().copied())),
        report: Mutex::new(report),
    };
    if !root_moves.is_empty() {
        if threads == 1 || forced {
            Worker::<G>::new(&shared, 0).iterate(root, root_moves, forced);
        } else {
            pool.scope(|s| {
                for id in 1..threads {
                    let (shared, moves) = (&shared, root_moves.clone());
                    s.spawn(move |_| Worker::<G>::new(shared, id).iterate(root, moves, false));
                }
                Worker::<G>::new(&shared, 0).iterate(root, root_moves, forced);
                shared.done.store(true, Relaxed);
            });
        }
    }
    let mut answer = shared.best().answer.clone();
    answer.nodes = shared.nodes.load(Relaxed);
    answer
}

/// The root moves in a first guess of their order.
fn root_moves<G: Game>(root: &G, only: Option<&[G::Move]>) -> Vec<G::Move> {
    if root.outcome().is_some() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    match only {
        Some(only) => {
            root.legal_moves(&mut moves);
            moves.retain(|m| only.contains(m));
        }
        None => root.search_moves(&mut moves),
    }
    moves.sort_by_key(|&m| -(root.order_hint(m) + if root.is_noisy(m) { NOISY } else { 0 }));
    moves
}

/// What all threads of one search share.
struct Shared<'a, M> {
    stop: &'a AtomicBool,
    /// Set when the search is finished, to release the helpers.
    done: AtomicBool,
    nodes: AtomicU64,
    table: &'a Table,
    deadlines: Deadlines,
    node_limit: Option<u64>,
    max_depth: u32,
    /// The depth of `best`, readable without the lock.
    known: AtomicU32,
    /// How many threads are searching each depth, and how many one depth may take.
    searching: Vec<AtomicU32>,
    per_depth: u32,
    best: Mutex<Best<M>>,
    report: Mutex<&'a mut Reporter<'a, M>>,
}

/// The answer so far: the deepest iteration any thread has finished, or a line from a deeper
/// unfinished one that proved a better move.
struct Best<M> {
    answer: Answer<M>,
    /// The move of the deepest finished iteration.
    finished: Option<M>,
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

impl<M: Copy + PartialEq> Shared<'_, M> {
    fn best(&self) -> std::sync::MutexGuard<'_, Best<M>> {
        self.best.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Takes the first depth from `from` on that fewer than `per_depth` threads are
    /// searching, so that threads spread over the depths rather than repeat each other's
    /// work; `to` (or the last depth) takes the thread in any case.
    fn claim(&self, from: u32, to: u32) -> u32 {
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

    fn release(&self, depth: u32) {
        self.searching[depth as usize].fetch_sub(1, Relaxed);
    }

    /// Takes a finished iteration of any thread; a deeper one than known becomes the answer
    /// and is reported. Returns the depth of the answer now.
    fn publish(&self, depth: u32, score: i32, seldepth: u32, pv: &[M]) -> u32 {
        let mut best = self.best();
        if depth > best.answer.depth {
            self.known.store(depth, Relaxed);
            *best = Best::finished(Answer {
                best: pv.first().copied(),
                score,
                depth,
                nodes: 0,
                pv: pv.to_vec(),
            });
            let info = Info {
                depth,
                seldepth: seldepth.max(depth),
                score,
                nodes: self.nodes.load(Relaxed),
                time_ms: self.deadlines.start.elapsed().as_millis() as u64,
                hashfull: self.table.hashfull(),
                pv: pv.to_vec(),
            };
            (self.report.lock().unwrap_or_else(|p| p.into_inner()))(&info);
            if depth >= self.max_depth {
                self.done.store(true, Relaxed);
            }
        }
        best.answer.depth
    }

    /// Takes the line of an unfinished iteration at `depth` that searched the finished
    /// answer's move `first` first and found a better one; the answer keeps its (smaller)
    /// depth. Of the unfinished iterations of several threads, the deepest one's line is kept.
    fn improve(&self, depth: u32, first: M, pv: &[M], score: i32) {
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
        }
    }
}

/// Converts a finished game into a score for the side to move at `ply`.
fn outcome_score<G: Game>(pos: &G, outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(side) if side == pos.side_to_move() => WIN - ply as i32,
        Outcome::Win(_) => -(WIN - ply as i32),
    }
}

/// Win scores are stored relative to the node so they stay true wherever the node recurs.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= WIN_BOUND => s + ply as i32,
        s if s <= -WIN_BOUND => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= WIN_BOUND => s - ply as i32,
        s if s <= -WIN_BOUND => s + ply as i32,
        s => s,
    }
}

struct Worker<'a, G: Game> {
    shared: &'a Shared<'a, G::Move>,
    id: usize,
    nodes: u64,
    unreported: u64,
    aborted: bool,
    seldepth: usize,
    /// Whether this iteration met a node it could not search to the end of the game;
    /// an iteration that did not has an exact result and deeper ones would repeat it.
    horizon: bool,
    /// The depth of the iteration under way, and whether another thread finished it first.
    depth_now: u32,
    superseded: bool,
    /// Whether a root move other than the first has beaten it in the iteration under way
    /// (its line is then `pv[0]`), and its score.
    improved: bool,
    improved_score: i32,
    ordering: Ordering<G::Move>,
    /// Per-ply move buffers, reused so that no node allocates.
    moves: Vec<Vec<(G::Move, i32)>>,
    quiets: Vec<Vec<G::Move>>,
    scratch: Vec<G::Move>,
    pv: Vec<Vec<G::Move>>,
}

impl<'a, G: Game> Worker<'a, G> {
    fn new(shared: &'a Shared<'a, G::Move>, id: usize) -> Self {
        Worker {
            shared,
            id,
            nodes: 0,
            unreported: 0,
            aborted: false,
            seldepth: 0,
            horizon: false,
            depth_now: 0,
            superseded: false,
            improved: false,
            improved_score: 0,
            ordering: Ordering::new(MAX_PLY + 1),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            quiets: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            scratch: Vec::with_capacity(256),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
        }
    }

    /// Counts a node and, now and then, looks at the flags, the clock and the node limit.
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        self.unreported += 1;
        if self.unreported >= POLL_INTERVAL {
            let total = self.shared.nodes.fetch_add(self.unreported, Relaxed) + self.unreported;
            self.unreported = 0;
            let s = self.shared;
            let late = s.deadlines.hard.is_some_and(|h| Instant::now() >= h);
            let spent = s.node_limit.is_some_and(|n| total >= n);
            if late || spent {
                s.stop.store(true, Relaxed);
            }
            if s.stop.load(Relaxed) || (self.id > 0 && s.done.load(Relaxed)) {
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

    fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unreported, Relaxed);
        self.unreported = 0;
    }

    /// Iterative deepening. The threads (Lazy SMP) spread over the depths (see
    /// [`Shared::claim`]), and an iteration another thread has already finished is dropped.
    fn iterate(&mut self, root: &G, mut root_moves: Vec<G::Move>, forced: bool) {
        let deadlines = self.shared.deadlines;
        let mut depth = self.shared.claim(1, self.shared.max_depth);
        let mut last = 0;
        let mut last_took: Option<Duration> = None;
        loop {
            let iteration_start = Instant::now();
            self.seldepth = 0;
            self.horizon = false;
            self.depth_now = depth;
            self.ordering.clear_killers();
            self.improved = false;
            // Start from the move of the deepest finished iteration, whichever thread's.
            let finished = self.shared.best().finished;
            if let Some(i) = finished.and_then(|mv| root_moves.iter().position(|&m| m == mv)) {
                root_moves[..=i].rotate_right(1);
            }
            let first = root_moves[0];
            let score = self.aspirate(root, &mut root_moves, depth as i32, last);
            self.shared.release(depth);
            let superseded = std::mem::take(&mut self.superseded);
            if self.aborted && !superseded {
                if self.improved {
                    // The unfinished iteration proved a move better than its first.
                    self.shared
                        .improve(depth, first, &self.pv[0], self.improved_score);
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
                last = score;
                let pv = std::mem::take(&mut self.pv[0]);
                let known = self.shared.publish(depth, score, self.seldepth as u32, &pv);
                self.pv[0] = pv;
                (known, !self.horizon)
            };
            let Some(next) = next_depth(depth, known, self.shared.max_depth) else {
                break;
            };
            if self.id > 0 && !exact {
                depth = self.shared.claim(next, self.shared.max_depth);
                continue;
            }
            let now = Instant::now();
            // Do not start an iteration that cannot finish: its cost is guessed from how much
            // the last one grew over the one before, and an unfinished iteration is wasted.
            let took = now - iteration_start;
            let growth = match last_took {
                Some(before) if before.as_micros() > 0 => {
                    (took.as_secs_f64() / before.as_secs_f64()).clamp(2.0, 8.0)
                }
                _ => 4.0,
            };
            let next_done = now + took.mul_f64(growth);
            if !superseded {
                last_took = Some(took);
            }
            let soft_passed = deadlines.soft.is_some_and(|soft| now >= soft);
            let too_late = !superseded
                && !deadlines.spend_all
                && deadlines.hard.is_some_and(|hard| next_done > hard);
            let proven = last.abs() >= WIN_BOUND && (WIN - last.abs()) <= known as i32;
            if exact
                || forced
                || soft_passed
                || too_late
                || (proven && deadlines.soft.is_some())
                || self.shared.done.load(Relaxed)
            {
                break;
            }
            // Under a clock an iteration that cannot finish ends the search, so the main
            // thread does not pass over a depth another thread is on for a longer one.
            let clock = deadlines.hard.is_some() && !deadlines.spend_all;
            depth = self
                .shared
                .claim(next, if clock { next } else { self.shared.max_depth });
        }
        self.flush_nodes();
    }

    /// Searches the root in a narrow window around the last score, widening on failure.
    fn aspirate(&mut self, root: &G, moves: &mut [G::Move], depth: i32, last: i32) -> i32 {
        let mut delta = 40;
        let (mut alpha, mut beta) = if depth >= 5 && last.abs() < WIN_BOUND {
            (last - delta, last + delta)
        } else {
            (-WIN, WIN)
        };
        loop {
            let score = self.root(root, moves, depth, alpha, beta);
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

    fn root(
        &mut self,
        pos: &G,
        moves: &mut [G::Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let original_alpha = alpha;
        let mut best = -WIN;
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
                    if i > 0 {
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
        self.shared.table.store(
            pos.hash(),
            Some(moves[0].to_bits()),
            to_table(best, 0),
            depth.clamp(0, 255) as u8,
            bound(best, original_alpha, beta),
        );
        best
    }

    fn negamax(
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

    /// The value of a node whose player picks a move at random: the average of its moves'
    /// exact values (full windows, so no bound is ever stored). A win or loss counts as
    /// `CHANCE_WIN` in the average unless every move leads to one, so that the mean stays a
    /// score and not a mate distance.
    fn average(&mut self, pos: &G, depth: i32, ply: usize) -> i32 {
        let key = pos.hash();
        if let Some(e) = self.shared.table.probe(key)
            && e.bound == Bound::Exact
            && e.depth as i32 >= depth
        {
            self.horizon |= e.score.abs() < WIN_BOUND;
            return from_table(e.score, ply);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.fill_moves(pos, ply, None, false, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return outcome_score(pos, pos.outcome_without_moves(), ply);
        }
        let (mut sum, mut lowest, mut highest) = (0i64, WIN, -WIN);
        for i in 0..moves.len() {
            let mut child = pos.clone();
            child.play(moves[i].0);
            let score = -self.negamax(&child, depth - 1, ply + 1, -WIN, WIN, true);
            if self.aborted {
                self.moves[ply] = moves;
                return 0;
            }
            lowest = lowest.min(score);
            highest = highest.max(score);
            sum += i64::from(score.clamp(-CHANCE_WIN, CHANCE_WIN));
        }
        let n = moves.len() as i64;
        self.moves[ply] = moves;
        let score = if lowest >= WIN_BOUND {
            // Every move wins: the slowest win.
            lowest
        } else if highest <= -WIN_BOUND {
            // Every move loses: the slowest loss.
            highest
        } else {
            (sum / n) as i32
        };
        self.shared.table.store(
            key,
            None,
            to_table(score, ply),
            depth.clamp(0, 255) as u8,
            Bound::Exact,
        );
        score
    }

    /// Generates the moves worth searching (only the noisy ones if `noisy`) with their
    /// ordering scores.
    fn fill_moves(
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
            pos.noisy_moves(&mut self.scratch);
        } else {
            pos.search_moves(&mut self.scratch);
        }
        let side = pos.side_to_move().index();
        out.extend(self.scratch.iter().map(|&m| {
            let score = if Some(m.to_bits()) == tt_move {
                TT_MOVE
            } else if pos.is_noisy(m) {
                NOISY + pos.order_hint(m)
            } else if self.ordering.is_killer(ply, m) {
                KILLER
            } else {
                pos.order_hint(m) + self.ordering.history(side, m)
            };
            (m, score)
        }));
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

    /// Searches noisy moves only, until the position is quiet.
    /// `in_check` is the position's `in_check()` where the caller knows it already.
    fn quiesce(
        &mut self,
        pos: &G,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: u32,
        in_check: Option<bool>,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            return outcome_score(pos, o, ply);
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return pos.evaluate();
        }
        // In check every reply counts, for a few plies; after that the static score stands.
        let evasions = qply < 2 && in_check.unwrap_or_else(|| pos.in_check());
        let mut best = -WIN;
        if !evasions {
            best = pos.evaluate();
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        // Out of check only noisy moves are searched, so only in check does an empty list
        // mean the game is over; otherwise the static score stands.
        self.fill_moves(pos, ply, None, !evasions, &mut moves);
        if evasions && moves.is_empty() {
            self.moves[ply] = moves;
            return outcome_score(pos, pos.outcome_without_moves(), ply);
        }
        for i in 0..moves.len() {
            pick_best(&mut moves, i);
            let mv = moves[i].0;
            let mut child = pos.clone();
            child.play(mv);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha, qply + 1, None);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        if self.aborted { 0 } else { best }
    }
}

/// The depth to search after finishing or dropping `depth`, when `known` is the deepest
/// depth any thread has finished; `None` once the last depth asked for is done.
fn next_depth(depth: u32, known: u32, max_depth: u32) -> Option<u32> {
    (known < max_depth).then(|| depth.max(known) + 1)
}

/// What a score found in the window (alpha, beta) says about the true value.
fn bound(best: i32, alpha: i32, beta: i32) -> Bound {
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
fn pick_best<M: Copy>(moves: &mut [(M, i32)], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if moves[j].1 > moves[best].1 {
            best = j;
        }
    }
    moves.swap(i, best);
}

#[cfg(test)]
mod tests;
