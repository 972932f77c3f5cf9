//! XBoard's time controls (`level`, `st`, `sd`, `time`) turned into a search's limits, and
//! the lag XBoard charges to the engine's clock beyond its thinking (pipes, the GUI drawing a
//! 14x14 board, a loaded machine), measured from the clock readings XBoard sends.

use crate::search::limits::Limits;

#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    /// `level`: moves per session (0: the whole game), base and increment, in ms.
    pub session_moves: u32,
    pub base_ms: Option<u64>,
    pub inc_ms: u64,
    /// `st`: at most this long per move.
    pub move_ms: Option<u64>,
    /// `sd`: no deeper than this.
    pub depth: Option<u32>,
    /// `time`: the engine's clock as XBoard last said, in ms.
    pub left_ms: Option<u64>,
    /// The lag per move, an estimate that follows a rise at once and forgets it slowly.
    pub lag_ms: u64,
    /// The clock when the engine's last move started and how long it thought, for the lag.
    last_move: Option<(u64, u64)>,
}

/// XBoard's own default time control, 40 moves in 5 minutes, until the GUI sends one: a GUI
/// that sends none must not get a search without end (it never answered, nor heard `ping`).
const DEFAULT_SESSION_MOVES: u32 = 40;
const DEFAULT_BASE_MS: u64 = 5 * 60 * 1000;

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            session_moves: DEFAULT_SESSION_MOVES,
            base_ms: Some(DEFAULT_BASE_MS),
            inc_ms: 0,
            move_ms: None,
            depth: None,
            left_ms: None,
            lag_ms: 0,
            last_move: None,
        }
    }
}

impl Clock {
    /// The limits of the engine's next search. `moves_made`: the moves the side to move has
    /// made since the game started, for the moves left in the session. Under a clock, the lag
    /// of every later move in the session (beyond what the increment gives back) is kept aside.
    pub fn limits(&self, moves_made: usize) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(ms) = self.move_ms {
            // `st` is a maximum that XBoard's clock enforces, lag included, and its `time`
            // readings (reset every move) cannot show the lag: two fifths are kept back.
            limits.movetime = Some(
                ms - (self.lag_ms.saturating_mul(6) / 5)
                    .max(ms.saturating_mul(2) / 5)
                    .min(ms),
            );
        } else if let Some(left) = self.left_ms.or(self.base_ms) {
            let mut later_moves = GUESSED_MOVES_LEFT - 1;
            if self.session_moves > 0 {
                let n = self.session_moves as usize;
                let to_go = (n - moves_made % n) as u32;
                limits.moves_to_go = Some(to_go);
                later_moves = to_go as u64 - 1;
            }
            let lag = self.lag_ms.saturating_sub(self.inc_ms);
            limits.time_left = Some(left.saturating_sub(lag.saturating_mul(later_moves)));
            limits.increment = self.inc_ms;
        }
        limits
    }

    /// The engine starts thinking about a move to play.
    pub fn start_move(&mut self) {
        self.last_move = self.left_ms.map(|left| (left, 0));
    }

    /// The engine sent its move after thinking `thought_ms`.
    pub fn moved(&mut self, thought_ms: u64) {
        if let Some((left, _)) = self.last_move {
            self.last_move = Some((left, thought_ms));
        }
    }

    /// `time`: XBoard's reading of the engine's clock. After a move of ours it tells the lag:
    /// what the clock lost beyond our thinking, net of the increment (a new session's time,
    /// which makes the clock rise, tells nothing).
    pub fn set_left(&mut self, left_ms: u64) {
        if let Some((before, thought)) = self.last_move.take()
            && thought > 0
            && left_ms <= before
        {
            // Saturating: `time` takes any u64 (centiseconds, times 10 saturating).
            let lag = (before - left_ms)
                .saturating_add(self.inc_ms)
                .saturating_sub(thought);
            self.lag_ms = lag.max(self.lag_ms.saturating_mul(3) / 4);
        }
        self.left_ms = Some(left_ms);
    }

    /// `new`: the depth limit goes, the time control and the lag stay.
    pub fn new_game(&mut self) {
        self.depth = None;
        self.left_ms = None;
        self.last_move = None;
    }
}

/// Moves still to play when the time control does not say (as the searcher assumes).
const GUESSED_MOVES_LEFT: u64 = 30;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_time_control_a_search_still_has_a_limit() {
        let l = Clock::default().limits(0);
        assert_eq!((l.time_left, l.moves_to_go), (Some(300_000), Some(40)));
    }

    #[test]
    fn sessions_count_down_to_the_next_time_control() {
        let clock = Clock {
            session_moves: 40,
            base_ms: Some(60_000),
            left_ms: Some(31_000),
            ..Clock::default()
        };
        let l = clock.limits(0);
        assert_eq!((l.time_left, l.moves_to_go), (Some(31_000), Some(40)));
        assert_eq!(clock.limits(39).moves_to_go, Some(1));
        assert_eq!(clock.limits(40).moves_to_go, Some(40));
    }

    #[test]
    fn st_wins_over_the_clock_and_sd_goes_with_both() {
        let clock = Clock {
            move_ms: Some(1000),
            depth: Some(3),
            left_ms: Some(5000),
            ..Clock::default()
        };
        let l = clock.limits(5);
        assert_eq!(
            (l.movetime, l.time_left, l.depth),
            (Some(600), None, Some(3))
        );
        let lagging = Clock {
            lag_ms: 500,
            ..clock.clone()
        };
        assert_eq!(lagging.limits(5).movetime, Some(400));
        let mut game = Clock {
            session_moves: 0,
            base_ms: Some(60_000),
            inc_ms: 1000,
            ..Clock::default()
        };
        let l = game.limits(3);
        assert_eq!(
            (l.time_left, l.increment, l.moves_to_go),
            (Some(60_000), 1000, None)
        );
        game.depth = Some(4);
        game.new_game();
        assert_eq!(game.depth, None);
    }

    #[test]
    fn the_lag_is_measured_and_kept_aside_for_the_moves_left() {
        let mut clock = Clock {
            session_moves: 40,
            base_ms: Some(60_000),
            ..Clock::default()
        };
        clock.set_left(30_000);
        clock.start_move();
        clock.moved(700);
        // XBoard charged 1200 ms for 700 ms of thought: 500 ms of lag per move.
        clock.set_left(28_800);
        assert_eq!(clock.lag_ms, 500);
        let l = clock.limits(30);
        assert_eq!(
            (l.time_left, l.moves_to_go),
            (Some(28_800 - 9 * 500), Some(10))
        );
        // A smaller lag later is believed only slowly; a new session's refill tells nothing.
        clock.start_move();
        clock.moved(100);
        clock.set_left(28_600);
        assert_eq!(clock.lag_ms, 375);
        clock.start_move();
        clock.moved(100);
        clock.set_left(88_000);
        assert_eq!(clock.lag_ms, 375);
        // An increment larger than the lag needs no reserve.
        clock.inc_ms = 1000;
        clock.session_moves = 0;
        assert_eq!(clock.limits(5).time_left, Some(88_000));
    }
}
