//! Drives one game for the session: the position, the moves played, and the commands that
//! touch them. `GameDriver<G>` is generic; the session sees it only as `dyn Driver`, so the
//! searcher stays monomorphised per game while the session stays game-agnostic.
//! Answers are values (outcomes, sides, counts, move words); `protocol::reply` writes them.

use crate::game::{self, Forfeit, Game, OptionSpec, Options, Outcome, Scripted, Side};
use crate::protocol::reply::{self, BenchResult, BestMove, Perft};
use crate::protocol::{Go, Source};
use crate::search::limits::{Limits, PonderHit};
use crate::search::player::Player;
use crate::search::{self, Info, Request};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a search needs from the session besides the position.
pub struct SearchContext {
    /// Who searches: the table, the threads and the stop flag.
    pub player: Player,
    pub overhead_ms: u64,
    pub seed: u64,
    /// Heard by a `go ponder` search when its guess came true (`ponderhit`).
    pub ponder: PonderHit,
}

impl SearchContext {
    /// A context for searches that need no clock, seed or pondering (bench, a referee's
    /// opening check).
    pub fn plain(player: Player) -> SearchContext {
        SearchContext {
            player,
            overhead_ms: 0,
            seed: 1,
            ponder: PonderHit::default(),
        }
    }
}

/// Where a search reports its progress: one [`Info`] per finished depth, the principal
/// variation in move words.
pub type Progress<'a> = dyn FnMut(&Info<String>) + Send + 'a;

/// A search ready to run on its own thread: it reports its progress and returns the best move
/// in words (`None` when the game is over).
pub type SearchJob = Box<dyn FnOnce(&mut Progress<'_>) -> Option<BestMove> + Send>;

pub trait Driver: Send {
    /// A copy, for a search, perft or bench that runs on its own thread.
    fn boxed_clone(&self) -> Box<dyn Driver>;
    fn id(&self) -> &'static str;
    fn option_specs(&self) -> Vec<OptionSpec>;
    fn set_position(
        &mut self,
        source: &Source,
        moves: &[String],
        opts: &Options,
    ) -> Result<(), String>;
    /// Plays a legal move; the outcome if it ended the game.
    fn place(&mut self, mv: &str) -> Result<Option<Outcome>, String>;
    /// The legal moves in words; none once the game is over.
    fn legal(&self) -> Vec<String>;
    /// The counts of `perft`, or `None` when `stop` was set before the end.
    fn perft(&self, depth: u32, pool: &rayon::ThreadPool, stop: &AtomicBool) -> Option<Perft>;
    fn view(&self) -> Vec<String>;
    /// The current position in the game's own position text (what `position fen` reads).
    fn fen(&self) -> String;
    fn who(&self) -> String;
    fn history(&self) -> String;
    /// The side to move resigns or (`timeout`) has run out of time: it loses.
    fn forfeit(&mut self, how: fn(Side) -> Forfeit) -> Result<Outcome, String>;
    /// How the game ended, by the rules or by a forfeit; `None` while it runs.
    fn outcome(&self) -> Option<Outcome>;
    fn side_to_move(&self) -> Side;
    fn go(&self, go: &Go, opts: &Options, ctx: SearchContext) -> Result<SearchJob, String>;
    /// A silent search from a cleared table, to `depth` plies or for `movetime` ms.
    fn bench(&self, depth: Option<u32>, movetime: Option<u64>, ctx: SearchContext) -> BenchResult;
    fn command(&self, name: &str, args: &[String]) -> Option<Result<Vec<String>, String>>;

    /// The score of a fixed-depth search of the current position, in the side to move's view,
    /// or `None` when the game is over. A referee uses it to turn down random openings that
    /// are already decided; a driver that cannot search has no opinion.
    fn score(&self, _depth: u32, _ctx: SearchContext) -> Option<i32> {
        None
    }
}

pub struct GameDriver<G: Game> {
    id: &'static str,
    pos: G,
    moves: Vec<G::Move>,
    /// The position the moves start from, to replay `history`.
    root: G,
    forfeit: Option<Forfeit>,
    /// The searching player's policy, from the options the position was set with (as a
    /// fresh engine would build it); clones and the searches of one position share it.
    policy: Arc<G::Policy>,
}

/// How the registry makes a driver: game id and options in, a driver at the start position out.
pub type MakeDriver = fn(&'static str, &Options) -> Result<Box<dyn Driver>, String>;

/// Makes the driver of game `G` registered as `id`, at the game's start position.
pub fn driver<G: Game>(id: &'static str, opts: &Options) -> Result<Box<dyn Driver>, String> {
    let pos = G::start(id, opts)?;
    Ok(Box::new(GameDriver {
        id,
        root: pos.clone(),
        pos,
        moves: Vec::new(),
        forfeit: None,
        policy: Arc::new(G::policy(opts)),
    }))
}

impl<G: Game> GameDriver<G> {
    /// Parses and checks a move in the current position.
    fn legal_move(pos: &G, text: &str) -> Result<G::Move, String> {
        if game::result(pos).is_some() {
            return Err(format!("the game is over, no move can be played ({text})"));
        }
        let mv = pos.parse_move(text)?;
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(format!("illegal move {text}"))
        }
    }

    /// A silent search within `limits`.
    fn silent(&self, limits: Limits, ctx: &SearchContext) -> search::Answer<G::Move> {
        ctx.player.think(&self.pos, &self.policy, limits, None)
    }

    fn limits(&self, go: &Go) -> Limits {
        let side = self.pos.side_to_move().index();
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime,
            time_left: go.time[side],
            increment: go.inc[side].unwrap_or(0),
            moves_to_go: go.moves_to_go,
            infinite: go.infinite,
        }
    }
}

impl<G: Game> Driver for GameDriver<G> {
    fn boxed_clone(&self) -> Box<dyn Driver> {
        Box::new(GameDriver {
            id: self.id,
            pos: self.pos.clone(),
            moves: self.moves.clone(),
            root: self.root.clone(),
            forfeit: self.forfeit,
            policy: Arc::clone(&self.policy),
        })
    }

    fn id(&self) -> &'static str {
        self.id
    }

    fn option_specs(&self) -> Vec<OptionSpec> {
        G::options()
    }

    fn set_position(
        &mut self,
        source: &Source,
        moves: &[String],
        opts: &Options,
    ) -> Result<(), String> {
        let mut pos = match source {
            Source::StartPos => G::start(self.id, opts)?,
            Source::Fen(text) => G::from_fen(self.id, text, opts)?,
            Source::Other { kind, arg } => G::load(self.id, kind, arg, opts)?,
        };
        let root = pos.clone();
        let mut played = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = Self::legal_move(&pos, text)?;
            pos.play(mv);
            played.push(mv);
        }
        *self = GameDriver {
            id: self.id,
            pos,
            moves: played,
            root,
            forfeit: None,
            policy: Arc::new(G::policy(opts)),
        };
        Ok(())
    }

    fn place(&mut self, text: &str) -> Result<Option<Outcome>, String> {
        if let Some(f) = self.forfeit {
            return Err(format!(
                "the game is over: {}",
                f.describe(|s| self.pos.side_name(s))
            ));
        }
        let mv = Self::legal_move(&self.pos, text)?;
        self.pos.play(mv);
        self.moves.push(mv);
        Ok(self.outcome())
    }

    fn legal(&self) -> Vec<String> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        moves.iter().map(|&m| self.pos.format_move(m)).collect()
    }

    fn perft(&self, depth: u32, pool: &rayon::ThreadPool, stop: &AtomicBool) -> Option<Perft> {
        let start = Instant::now();
        let mut moves = Vec::new();
        // A resigned or timed-out game has no moves either, as `legal` says.
        if depth > 0 && self.outcome().is_none() {
            self.pos.legal_moves(&mut moves);
        }
        let counts: Option<Vec<u64>> = pool.install(|| {
            moves
                .par_iter()
                .map(|&m| {
                    let mut child = self.pos.clone();
                    child.play(m);
                    perft_until(&child, depth - 1, stop)
                })
                .collect()
        });
        let counts = counts?;
        let total = if depth == 0 { 1 } else { counts.iter().sum() };
        let secs = start.elapsed().as_secs_f64();
        log::info!(
            "perft {depth}: {total} nodes in {secs:.3} s, {:.0} nodes/s",
            total as f64 / secs.max(1e-9)
        );
        Some(Perft {
            moves: moves
                .iter()
                .zip(counts)
                .map(|(&m, n)| (self.pos.format_move(m), n))
                .collect(),
            total,
        })
    }

    fn view(&self) -> Vec<String> {
        self.pos.view()
    }

    fn fen(&self) -> String {
        self.pos.to_fen()
    }

    fn who(&self) -> String {
        self.pos.side_name(self.pos.side_to_move())
    }

    fn history(&self) -> String {
        self.pos.history_line(&move_words(&self.root, &self.moves))
    }

    fn forfeit(&mut self, how: fn(Side) -> Forfeit) -> Result<Outcome, String> {
        if let Some(o) = self.outcome() {
            return Err(format!(
                "the game is already over ({})",
                reply::outcome_word(Some(o))
            ));
        }
        let loser = self.pos.side_to_move();
        self.forfeit = Some(how(loser));
        Ok(Outcome::Win(loser.other()))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.forfeit
            .map(|f| Outcome::Win(f.loser().other()))
            .or_else(|| game::result(&self.pos))
    }

    fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }

    fn go(&self, go: &Go, opts: &Options, ctx: SearchContext) -> Result<SearchJob, String> {
        let mut only = None;
        if !go.search_moves.is_empty() {
            let moves: Result<Vec<_>, _> = go
                .search_moves
                .iter()
                .map(|t| Self::legal_move(&self.pos, t))
                .collect();
            only = Some(moves?);
        }
        let pos = self.pos.clone();
        let policy = Arc::clone(&self.policy);
        let over = self.outcome().is_some();
        let scripted = if over || only.is_some() {
            None
        } else {
            pos.scripted_move(opts, ctx.seed)
        };
        let request = Request {
            root_moves: only,
            overhead_ms: ctx.overhead_ms,
            multipv: opts.int("MultiPV", 1) as usize,
            ponder: go.ponder.then(|| ctx.ponder.clone()),
            ..ctx.player.request(self.limits(go))
        };
        let infinite = go.infinite;
        let ponder = request.ponder.clone();
        Ok(Box::new(move |progress: &mut Progress<'_>| {
            let best = match over {
                true => None,
                false => answer(&pos, &policy, scripted, request, &ctx, progress),
            };
            // UCI: an infinite search answers only when told to stop, even if it is done, and
            // so does a ponder search until its guess comes true.
            while (infinite || ponder.as_ref().is_some_and(|p| p.at().is_none()))
                && !ctx.player.stopped()
            {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            best.map(|line| {
                let mut words = move_words(&pos, &line).into_iter();
                BestMove {
                    mv: words.next().unwrap_or_default(),
                    ponder: words.next(),
                }
            })
        }))
    }

    fn bench(&self, depth: Option<u32>, movetime: Option<u64>, ctx: SearchContext) -> BenchResult {
        ctx.player.clear();
        let start = Instant::now();
        let limits = Limits {
            depth,
            movetime,
            ..Limits::default()
        };
        let answer = self.silent(limits, &ctx);
        BenchResult {
            depth: answer.depth,
            nodes: answer.nodes,
            ms: start.elapsed().as_millis() as u64,
        }
    }

    fn command(&self, name: &str, args: &[String]) -> Option<Result<Vec<String>, String>> {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        self.pos.command(name, &args, self.forfeit)
    }

    fn score(&self, depth: u32, ctx: SearchContext) -> Option<i32> {
        if self.outcome().is_some() {
            return None;
        }
        ctx.player.clear();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        Some(self.silent(limits, &ctx).score)
    }
}

/// [`game::perft`] that gives up (`None`) once `stop` is set. Subtrees of two plies are
/// counted whole: they are small, and checking the flag in them would slow the count.
fn perft_until<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(game::perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if pos.outcome().is_some() {
        return Some(0);
    }
    let mut moves = Vec::with_capacity(64);
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            perft_until(&child, depth - 1, stop)
        })
        .sum()
}

/// The words of `moves` played in turn from `from`.
fn move_words<G: Game>(from: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = from.clone();
    moves
        .iter()
        .map(|&m| {
            let w = pos.format_move(m);
            pos.play(m);
            w
        })
        .collect()
}

/// The player's answer (a level's scripted move, or a search reporting each finished depth
/// with its variation in words): the best move and the reply it expects, if the search has
/// one (`None` when there is no move).
fn answer<G: Game>(
    pos: &G,
    policy: &G::Policy,
    scripted: Option<Scripted<G::Move>>,
    request: Request<G::Move>,
    ctx: &SearchContext,
    progress: &mut Progress<'_>,
) -> Option<Vec<G::Move>> {
    let mut report = |info: &Info<G::Move>| {
        let pv = move_words(pos, &info.pv);
        progress(&Info {
            depth: info.depth,
            multipv: info.multipv,
            seldepth: info.seldepth,
            score: info.score,
            nodes: info.nodes,
            time_ms: info.time_ms,
            hashfull: info.hashfull,
            pv,
        });
    };
    let answer = ctx
        .player
        .answer(pos, policy, scripted, request, &mut report);
    let best = answer.best?;
    let reply = answer.pv.get(1).filter(|_| answer.pv[0] == best);
    Some(std::iter::once(best).chain(reply.copied()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sixes::Sixes;

    fn context() -> SearchContext {
        SearchContext::plain(Player::new(1, 1).unwrap())
    }

    #[test]
    fn score_is_a_search_score_while_the_game_runs_and_none_after() {
        let open = driver::<Sixes>("sixes", &Options::default()).unwrap();
        let score = open
            .score(2, context())
            .expect("a running game has a score");
        assert!(score.abs() < crate::game::WIN_BOUND);
        let mut opts = Options::default();
        opts.set("TurnLimit", "1".into());
        opts.set("LimitCounts", "single".into());
        let mut short = driver::<Sixes>("sixes", &opts).unwrap();
        let first = short.legal()[0].clone();
        assert!(
            short.place(&first).unwrap().is_some(),
            "one move ends the game"
        );
        assert_eq!(short.score(2, context()), None);
    }
}
