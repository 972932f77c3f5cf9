//! The exchange value of a move: the material it wins, less what the enemy wins back at once
//! on the square the moving piece lands on. One reply deep, not a full exchange sequence:
//! Advance's captures come from too many directions and rules (shots, leaps, conversion,
//! protection) for a cheap recapture chain, and one reply is what makes a capture or a step
//! into an attacked square lose.

use super::movegen::{Action, Move};
use super::position::{Kind, Position, VALUE, kind_of, piece};
use super::tables::KING;

impl Position {
    /// The material (in points) the side to move nets by `mv` once the enemy has taken or
    /// converted the piece it moved, if it can. Pieces that stay where they are (walls,
    /// shots, conversions) and swaps risk nothing new.
    pub fn exchange(&self, mv: Move) -> i32 {
        let gain = self.material_delta(mv);
        if !matches!(mv.action, Action::Step | Action::Capture) {
            return gain;
        }
        let mut after = *self;
        after.play(mv);
        let sq = mv.to as usize;
        let cell = after.cell(sq);
        let kind = kind_of(cell);
        if kind == Kind::General {
            return gain;
        }
        let foe = after.side_to_move().index();
        let value = VALUE[cell as usize];
        let jester = piece(foe, Kind::Jester);
        // A conversion ignores protection and turns the piece against its owner.
        let loss = if KING[sq].iter().any(|s| after.cell(s) == jester) {
            2 * value
        } else if !after.protected(sq) && after.attacked(sq, foe) {
            value
        } else {
            0
        };
        gain - loss
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Side;
    use crate::games::advance::Position;

    /// `rows` from rank 9 down to rank 1 (White moves up), White to move.
    fn exchange(rows: [&str; 9], mv: &str) -> i32 {
        let pos = Position::from_rows(&rows, Side::P1, 0).unwrap();
        pos.exchange(pos.parse_move(mv).unwrap())
    }

    /// The exchange of a White Dragon on a1 taking a Zombie on a5, ranks 6 to 4 as given.
    fn dragon_takes(rank6: &str, rank5: &str, rank4: &str) -> i32 {
        let e = ".........";
        exchange(
            ["....g....", e, e, rank6, rank5, rank4, e, e, "D...G...."],
            "a1a5",
        )
    }

    #[test]
    fn a_free_capture_keeps_its_gain() {
        assert_eq!(dragon_takes(".........", "z........", "........."), 1);
    }

    #[test]
    fn a_capture_onto_a_defended_square_loses_the_taker() {
        // The Zombie on b6 takes back on a5 (Black's Zombies move down).
        assert_eq!(dragon_takes(".z.......", "z........", "........."), -6);
    }

    #[test]
    fn protection_stops_the_recapture_but_not_a_conversion() {
        assert_eq!(dragon_takes(".z.......", "zS.......", "........."), 1);
        // A Jester next to a5 converts the Dragon, protected or not: -2 x 7.
        assert_eq!(dragon_takes(".z.......", "zS.......", ".j......."), -13);
    }

    #[test]
    fn a_step_into_an_attacked_square_loses_the_piece() {
        let rows = [
            "....g....",
            ".........",
            ".........",
            ".........",
            ".z.......",
            ".........",
            ".........",
            ".........",
            "M...G....",
        ];
        assert_eq!(exchange(rows, "a1a4"), -4);
        assert_eq!(exchange(rows, "a1a3"), 0);
    }

    #[test]
    fn a_shot_risks_nothing() {
        let rows = [
            "....g....",
            ".........",
            ".........",
            ".z.......",
            "z........",
            ".........",
            ".........",
            "C........",
            "....G....",
        ];
        assert_eq!(exchange(rows, "a2a5"), 1);
    }
}
