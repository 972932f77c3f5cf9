//! The computer player of the terminal game: the shared alpha-beta searcher with the Sixes
//! evaluation, at a fixed depth (deterministic) or within a time per move.
//!
//! Near the turn limit the tree is small: once the search depth reaches the limit every leaf
//! is a finished game scored exactly (pieces, then possible moves), so the last plies are
//! played perfectly.

use crate::games::sixes::{Move, Sixes};
use crate::search::limits::Limits;
use crate::search::player::Player as Searcher;

/// How hard the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Search exactly this many plies (the same move every time for the same game).
    Depth(u32),
    /// Search for this many milliseconds per move.
    Time(u64),
}

/// Transposition table size of the terminal game's player, in MiB.
const TABLE_MIB: usize = 16;

pub struct Player {
    level: Level,
    searcher: Searcher,
}

impl Player {
    pub fn new(level: Level) -> Result<Player, String> {
        Ok(Player {
            level,
            searcher: Searcher::new(1, TABLE_MIB)?,
        })
    }

    /// The move to play, or `None` when the side to move has none.
    pub fn choose(&self, pos: &Sixes) -> Option<Move> {
        let limits = match self.level {
            Level::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            Level::Time(ms) => Limits {
                movetime: Some(ms),
                ..Limits::default()
            },
        };
        self.searcher.think(pos, &(), limits, None).best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Outcome, Rules as _, Side};
    use crate::games::sixes::text::{format_move, parse_fen};
    use crate::games::sixes::{Capture, Rules};

    fn choose(pos: &Sixes, depth: u32) -> Move {
        Player::new(Level::Depth(depth))
            .unwrap()
            .choose(pos)
            .unwrap()
    }

    #[test]
    fn takes_the_last_enemy_piece() {
        let pos = parse_fen(
            "....../..X.../.XOX../....../..X.../...... X",
            Rules::default(),
        );
        assert_eq!(format_move(choose(&pos.unwrap(), 2)), "e3d3");
    }

    #[test]
    fn wins_the_tie_break_on_the_last_move() {
        // One move each is left and pieces are equal, so possible moves decide: X's piece
        // must stay inside (4 moves), where O's corner piece cannot match it.
        let pos = parse_fen(
            "....../.X..../....../....../....../.....O X - - 4 4 5",
            Rules::default(),
        )
        .unwrap();
        let mut after = pos;
        after.play(choose(&pos, 4));
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        for reply in replies {
            let mut end = after;
            end.play(reply);
            assert_eq!(
                end.outcome(),
                Some(Outcome::Win(Side::P1)),
                "{}",
                format_move(reply)
            );
        }
    }

    #[test]
    fn saves_a_corner_piece_under_the_edges_rule() {
        // O threatens f4f5, which removes X's f6 under the edges rule only.
        let fen = "X...../....../....../....../.....O/...O.X X";
        let edges = Rules {
            capture: Capture::Edges,
            ..Rules::default()
        };
        let pos = parse_fen(fen, edges).unwrap();
        let mv = choose(&pos, 3);
        assert_eq!(format_move(mv).get(..2), Some("f6"));
        let mut after = pos;
        after.play(mv);
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        for reply in replies {
            let mut end = after;
            end.play(reply);
            assert_eq!(
                end.pieces(Side::P1).count_ones(),
                2,
                "{}",
                format_move(reply)
            );
        }
    }
}
