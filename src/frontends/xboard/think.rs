//! The engine's thinking on its own thread: the generic searcher with a reporter that writes
//! CECP's thinking output, stoppable at any time from the session.

use super::Event;
use super::board::move_text;
use super::reply;
use crate::engine::Output;
use crate::game::Scripted;
use crate::games::chess14::{Chess14, Move};
use crate::search::player::Player;
use crate::search::{Info, Request};
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
    /// The searching player, to stop it.
    player: Player,
    handle: JoinHandle<Option<Move>>,
}

/// What a search needs besides the position and its request.
pub struct Context {
    pub player: Player,
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
        mut ctx: Context,
    ) -> Thinking {
        ctx.player.renew_stop(false);
        let player = ctx.player.clone();
        let handle = std::thread::spawn(move || {
            let best = run(&pos, scripted, request, &ctx, analyze);
            // The session may be gone already (end of input): nobody to tell.
            let _ = ctx.events.send(Event::Searched(id));
            best
        });
        Thinking {
            id,
            analyze,
            player,
            handle,
        }
    }

    /// Ends the search now; its best move so far.
    pub fn stop(self) -> Option<Move> {
        self.player.stop();
        self.join()
    }

    /// Waits for the search to end by its limits; its best move.
    pub fn join(self) -> Option<Move> {
        // A panicking search thread already printed its message to stderr.
        self.handle.join().ok().flatten()
    }
}

/// The level's scripted move, or a search writing its thinking output.
fn run(
    pos: &Chess14,
    scripted: Option<Scripted<Move>>,
    request: Request<Move>,
    ctx: &Context,
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
    ctx.player
        .answer(pos, &(), scripted, request, &mut report)
        .best
}
