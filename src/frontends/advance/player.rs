//! One move of a chosen strength, as the referee's bot and the match driver play it:
//! the level's rules first, then (level 8, `max`) the searcher within a time budget.

use crate::games::advance::{Advance, Level, Model, Move, Position, levels};
use crate::search::limits::Limits;
use crate::search::player::Player as Searcher;
use std::time::Instant;

/// Transposition table size of a one-move process: small, so starting up stays cheap.
const TABLE_MIB: usize = 8;
/// The least search time left to level 8 after its level-7 filtering.
const MIN_SEARCH_MS: u64 = 5;

/// Default time budget per move for the searching levels (8 and max), in milliseconds:
/// with the process start and the level-7 filter it stays well under a quarter second.
pub const DEFAULT_MOVETIME: u64 = 100;

/// How much a searched move may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock milliseconds for the whole move, the level's own rules included.
    Movetime(u64),
    /// Search nodes: the same on any machine and under any load, so games can be replayed.
    Nodes(u64),
}

pub struct Player {
    level: Level,
    budget: Budget,
    searcher: Searcher,
    /// The search's policy, kept from move to move with its cache of predictions.
    model: Model,
}

impl Player {
    /// A player of `level` that searches within `budget` per move on `threads` threads.
    pub fn new(level: Level, budget: Budget, threads: usize) -> Result<Player, String> {
        Ok(Player {
            level,
            budget,
            searcher: Searcher::new(threads, TABLE_MIB)?,
            model: Model::of_level(level),
        })
    }

    /// The move to play, or `None` when the side to move has no legal move. Each call starts
    /// from an emptied table, as a fresh process would.
    pub fn choose(&self, pos: &Position, seed: u64) -> Option<Move> {
        let start = Instant::now();
        let scripted = levels::scripted(pos, self.level, seed);
        let limits = match self.budget {
            Budget::Movetime(ms) => {
                let spent = start.elapsed().as_millis() as u64;
                Limits {
                    movetime: Some(ms.saturating_sub(spent).max(MIN_SEARCH_MS)),
                    ..Limits::default()
                }
            }
            Budget::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
        };
        self.searcher.clear();
        let request = self.searcher.request(limits);
        let pos = Advance::new(*pos);
        self.searcher
            .answer(&pos, &self.model, scripted, request, &mut |_| {})
            .best
    }
}
