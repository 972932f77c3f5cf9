//! The engine's thinking on its own thread: the generic searcher with a reporter that writes
//! CECP's thinking output, stoppable at any time from the session.

use super::Event;
use super::board::move_text;
use super::reply;
use crate::engine::Output;
use crate::game::Scripted;
use crate::games::chess14::{Chess14, Move};
use crate::search::tt::Table;
use crate::search::{self, Info, Request};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;

/// A search under way.
pub struct Thinking {
    /// Tells the session's loop which search ended ([`Event::Searched`]).
    pub id: u64,
    /// Analysis: no move is played at the end.
    pub analyze: bool,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Option<Move>>,
}

/// What a search needs besides the position and its request.
pub struct Context {
    pub table: Arc<Table>,
    pub pool: Arc<rayon::ThreadPool>,
    pub out: Output,
    /// Whether to write thinking output (`post`); read at each report.
    pub post: Arc<AtomicBool>,
    pub events: Sender<Event>,
}

impl Thinking {
    /// Starts a search of `pos` (or plays the level's scripted move); the session's loop gets
    /// [`Event::Searched`] with `id` when it ends.
    pub fn start(
        id: u64,
        pos: Chess14,
        request: Request<Move>,
        scripted: Option<Scripted<Move>>,
        analyze: bool,
        ctx: Context,
    ) -> Thinking {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let best = match scripted {
                Some(Scripted::Play(mv)) => Some(mv),
                Some(Scripted::SearchAmong(moves)) => {
                    let request = Request {
                        root_moves: Some(moves),
                        ..request
                    };
                    run(&pos, &request, &ctx, &flag, analyze)
                }
                None => run(&pos, &request, &ctx, &flag, analyze),
            };
            // The session may be gone already (end of input): nobody to tell.
            let _ = ctx.events.send(Event::Searched(id));
            best
        });
        Thinking {
            id,
            analyze,
            stop,
            handle,
        }
    }

    /// Ends the search now; its best move so far.
    pub fn stop(self) -> Option<Move> {
        self.stop.store(true, Ordering::Relaxed);
        self.join()
    }

    /// Waits for the search to end by its limits; its best move.
    pub fn join(self) -> Option<Move> {
        // A panicking search thread already printed its message to stderr.
        self.handle.join().ok().flatten()
    }
}

fn run(
    pos: &Chess14,
    request: &Request<Move>,
    ctx: &Context,
    stop: &AtomicBool,
    analyze: bool,
) -> Option<Move> {
    let mut report = |info: &Info<Move>| {
        if !analyze && !ctx.post.load(Ordering::Relaxed) {
            return;
        }
        let mut p = pos.clone();
        let pv: Vec<String> = info
            .pv
            .iter()
            .map(|&m| {
                let text = move_text(&p, m);
                p.play(m);
                text
            })
            .collect();
        ctx.out.line(&reply::thinking(
            info.depth,
            info.score,
            info.time_ms,
            info.nodes,
            &pv,
        ));
    };
    search::search(pos, &(), request, &ctx.table, &ctx.pool, stop, &mut report).best
}
