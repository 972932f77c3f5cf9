//! What ends a search: depth, nodes, a fixed move time, or a clock to manage; and the time
//! decisions while it runs: when to look at the clock, and whether to start another iteration.

use crate::game::{WIN, WIN_BOUND};

use std::fmt;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The limits a `go` command gives, already resolved for the side to move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Exactly this long (minus the safety margin), in milliseconds.
    pub movetime: Option<u64>,
    /// The mover's remaining clock and increment, in milliseconds.
    pub time_left: Option<u64>,
    pub increment: u64,
    pub moves_to_go: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
}

/// Deadlines derived from the limits when the search starts.
#[derive(Clone, Copy, Debug)]
pub struct Deadlines {
    pub start: Instant,
    /// Do not start another iteration after this.
    pub soft: Option<Instant>,
    /// Abort the search at this point, whatever it is doing.
    pub hard: Option<Instant>,
    /// The time is lost if not spent (a fixed move time): start another iteration even when
    /// it cannot finish, as a part of one can still find a better move.
    pub spend_all: bool,
}

/// Longest search depth the searcher runs when nothing else limits it.
pub const MAX_DEPTH: u32 = 100;

/// Nodes between two looks at the clock and the stop flag: well under a millisecond even
/// in the slowest game, so a deadline is never overshot by more than that.
pub const POLL_INTERVAL: u64 = 256;

/// The moment a ponder search's guess came true (`ponderhit`), shared between the session that
/// hears it and the search: until then no time limit applies, from then on the limits do, as
/// if the search had started then (UCI: the clock starts at `ponderhit`).
#[derive(Clone, Debug, Default)]
pub struct PonderHit(Arc<OnceLock<Instant>>);

impl PonderHit {
    /// Starts the clock now; `false` if it was started before.
    pub fn hit(&self) -> bool {
        self.0.set(Instant::now()).is_ok()
    }

    /// When the clock started, if it has.
    pub fn at(&self) -> Option<Instant> {
        self.0.get().copied()
    }
}

/// Why a search ended, for the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// `stop`, `quit` or the end of input.
    Stopped,
    /// The hard deadline passed mid-iteration.
    Deadline,
    /// The clock or move time left no room for another iteration.
    Time,
    Depth,
    Nodes,
    /// A win or loss no deeper search can shorten.
    Mate,
    /// Every line reached the end of the game: deeper iterations would repeat it.
    Exact,
    Forced,
    /// The game's own proof found a win at the root.
    Proof,
    /// The game is over: there is nothing to search.
    NoMoves,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::Stopped => "stopped from outside",
            End::Deadline => "the hard time limit passed",
            End::Time => "no time for another depth",
            End::Depth => "the depth limit was reached",
            End::Nodes => "the node limit was reached",
            End::Mate => "a proven win or loss was found",
            End::Exact => "the tree ended within the depth (exact result)",
            End::Forced => "the only move",
            End::Proof => "the game proved a win at the root",
            End::NoMoves => "no move to search",
        })
    }
}

impl Limits {
    /// Plans the time for one move. `overhead_ms` is kept back for the pipe and the GUI, so the
    /// answer arrives before the clock runs out.
    pub fn deadlines(&self, start: Instant, overhead_ms: u64) -> Deadlines {
        // No deadline where the time asked for lies beyond what an `Instant` holds.
        let at = |ms: u64| start.checked_add(Duration::from_millis(ms));
        if self.infinite {
            return Deadlines::none(start);
        }
        if let Some(mt) = self.movetime {
            let hard = mt.saturating_sub(overhead_ms).max(1);
            return Deadlines {
                start,
                soft: at(hard),
                hard: at(hard),
                spend_all: true,
            };
        }
        if let Some(left) = self.time_left {
            let usable = left.saturating_sub(overhead_ms);
            let moves = self.moves_to_go.unwrap_or(30).clamp(1, 60) as u64;
            // Spend a share of the clock plus most of the increment, never more than a fifth
            // of what is left on the soft limit, and at most a third of it even when aborting,
            // so a stalled process still has time to answer.
            // Saturating: the clock and the increment are any u64 a GUI sends.
            let target = (usable / moves)
                .saturating_add(self.increment.saturating_mul(3) / 4)
                .min(usable / 5)
                .max(1);
            let hard = target.saturating_mul(3).min(usable / 3).max(1);
            // Time not spent is banked for later moves, so an iteration that starts after half
            // the target would more likely waste than win it.
            return Deadlines {
                start,
                soft: at(target / 2),
                hard: at(hard),
                spend_all: false,
            };
        }
        Deadlines::none(start)
    }
}

impl Deadlines {
    /// No time limit: a search to a depth or node count, until `stop`, or pondering.
    pub fn none(start: Instant) -> Self {
        Deadlines {
            start,
            soft: None,
            hard: None,
            spend_all: false,
        }
    }

    /// Whether the search must end now, whatever it is doing.
    pub fn passed(&self) -> bool {
        self.hard.is_some_and(|h| Instant::now() >= h)
    }

    /// How long after the start a deadline is, in milliseconds.
    fn ms(&self, at: Option<Instant>) -> Option<u128> {
        at.map(|t| t.saturating_duration_since(self.start).as_millis())
    }

    /// Whether there is a clock to manage, on which an iteration that cannot finish is wasted.
    pub fn clock(&self) -> bool {
        self.hard.is_some() && !self.spend_all
    }
}

/// For the log: the time allotted.
impl fmt::Display for Deadlines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.ms(self.soft), self.ms(self.hard)) {
            (None, None) => f.write_str("no time limit"),
            (soft, hard) => {
                let show =
                    |ms: Option<u128>| ms.map_or("none".to_string(), |ms| format!("{ms} ms"));
                let spend = if self.spend_all {
                    ", all of it spent"
                } else {
                    ""
                };
                write!(
                    f,
                    "soft limit {}, hard limit {}{spend}",
                    show(soft),
                    show(hard)
                )
            }
        }
    }
}

/// Whether a score is a win or loss that a deeper search cannot shorten, having looked at
/// least as deep as its mate distance (`depth` plies).
pub fn proven(score: i32, depth: u32) -> bool {
    score.abs() >= WIN_BOUND && (WIN - score.abs()) <= depth as i32
}

/// One thread's decision, between two iterations, whether to start another.
pub struct Pace {
    /// When the iteration under way started, and how long the last finished one took.
    started: Instant,
    last_took: Option<Duration>,
    /// The best move and score of the last finished iteration, and how often the best move
    /// changed lately (each change counts 1, halved at every iteration).
    last_best: Option<u32>,
    last_score: Option<i32>,
    changes: f64,
}

/// The most a clock's soft limit grows for an unsettled answer (the hard limit still holds).
const MAX_UNSETTLED: f64 = 2.5;
/// A score falling by this much between two iterations doubles the soft limit.
const FALL_DOUBLES: f64 = 100.0;

/// Before the first iteration.
impl Default for Pace {
    fn default() -> Self {
        Pace {
            started: Instant::now(),
            last_took: None,
            last_best: None,
            last_score: None,
            changes: 0.0,
        }
    }
}

impl Pace {
    pub fn start_iteration(&mut self) {
        self.started = Instant::now();
    }

    /// Whether the time allows another iteration within `deadlines` after the one just ended
    /// with `best` (a move's bits) scoring `score`. `superseded`: it was dropped for another thread's, so its
    /// time says nothing of the next one's; `proven`: its score is [`proven`], which under a
    /// clock needs no more thought. Under a clock, an answer that keeps changing or a score
    /// that falls earns more time (up to [`MAX_UNSETTLED`] times the soft limit).
    pub fn another(
        &mut self,
        d: &Deadlines,
        superseded: bool,
        proven: bool,
        best: Option<u32>,
        score: i32,
    ) -> bool {
        let now = Instant::now();
        // Do not start an iteration that cannot finish: its cost is guessed from how much
        // the last one grew over the one before, and an unfinished iteration is wasted.
        let took = now - self.started;
        let growth = match self.last_took {
            Some(before) if before.as_micros() > 0 => {
                (took.as_secs_f64() / before.as_secs_f64()).clamp(2.0, 8.0)
            }
            _ => 4.0,
        };
        let next_done = now + took.mul_f64(growth);
        if !superseded {
            self.last_took = Some(took);
        }
        self.changes /= 2.0;
        if self.last_best.is_some() && best != self.last_best {
            self.changes += 1.0;
        }
        let fall = self.last_score.map_or(0, |last| last - score).clamp(0, 100);
        (self.last_best, self.last_score) = (best, Some(score));
        let unsettled =
            ((1.0 + self.changes) * (1.0 + f64::from(fall) / FALL_DOUBLES)).min(MAX_UNSETTLED);
        let soft_passed = d
            .soft
            .is_some_and(|soft| now >= d.start + (soft - d.start).mul_f64(unsettled));
        let too_late = !superseded && !d.spend_all && d.hard.is_some_and(|hard| next_done > hard);
        !(soft_passed || too_late || (proven && d.soft.is_some()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: &Deadlines, t: Option<Instant>) -> u64 {
        t.unwrap().duration_since(d.start).as_millis() as u64
    }

    #[test]
    fn movetime_keeps_the_margin() {
        let l = Limits {
            movetime: Some(1000),
            ..Limits::default()
        };
        let d = l.deadlines(Instant::now(), 30);
        assert_eq!(ms(&d, d.hard), 970);
        assert!(d.spend_all);
    }

    #[test]
    fn a_clock_is_never_spent_in_one_move() {
        for left in [1u64, 50, 100, 1000, 10_000, 180_000] {
            for inc in [0u64, 100, 2000] {
                let l = Limits {
                    time_left: Some(left),
                    increment: inc,
                    ..Limits::default()
                };
                let d = l.deadlines(Instant::now(), 30);
                let hard = ms(&d, d.hard);
                assert!(
                    hard <= (left.saturating_sub(30) / 3).max(1),
                    "left {left} inc {inc}"
                );
                assert!(ms(&d, d.soft) <= hard);
                assert!(!d.spend_all, "time not spent is kept for later moves");
            }
        }
    }

    #[test]
    fn an_unsettled_answer_earns_more_of_the_clock() {
        let l = Limits {
            time_left: Some(60_000),
            ..Limits::default()
        };
        // Soft limit 1 s (half of a thirtieth of the minute), hard limit 6 s; pretend 1.5 s
        // have passed, with iterations short enough to fit in the hard limit.
        let d = l.deadlines(Instant::now() - Duration::from_millis(1500), 0);
        let run = |moves: &[(u32, i32)]| {
            let mut pace = Pace::default();
            moves
                .iter()
                .map(|&(m, s)| pace.another(&d, false, false, Some(m), s))
                .last()
                .unwrap()
        };
        assert!(
            !run(&[(1, 0), (1, 0), (1, 0)]),
            "settled: past the soft limit"
        );
        assert!(
            run(&[(1, 0), (2, 0), (3, 0)]),
            "the best move keeps changing"
        );
        assert!(run(&[(1, 0), (1, 0), (1, -60)]), "the score fell");
        assert!(
            !run(&[(1, 0), (1, 0), (1, 30)]),
            "a rising score is no reason"
        );
    }

    #[test]
    fn depth_alone_has_no_deadline() {
        let l = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        assert!(l.deadlines(Instant::now(), 30).hard.is_none());
    }
}
