//! XBoard's time controls (`level`, `st`, `sd`, `time`) turned into a search's limits.

use crate::search::limits::Limits;

#[derive(Clone, Debug, Default, PartialEq)]
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
}

impl Clock {
    /// The limits of the engine's next search. `moves_made`: the moves the side to move has
    /// made since the game started, for the moves left in the session.
    pub fn limits(&self, moves_made: usize) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(ms) = self.move_ms {
            limits.movetime = Some(ms);
        } else if let Some(left) = self.left_ms.or(self.base_ms) {
            limits.time_left = Some(left);
            limits.increment = self.inc_ms;
            if self.session_moves > 0 {
                let n = self.session_moves as usize;
                limits.moves_to_go = Some((n - moves_made % n) as u32);
            }
        }
        limits
    }

    /// `new`: the depth limit goes, the time control stays.
    pub fn new_game(&mut self) {
        self.depth = None;
        self.left_ms = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            (Some(1000), None, Some(3))
        );
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
}
