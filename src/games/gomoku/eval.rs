//! The evaluation: a four to play wins, two enemy five points cannot both be blocked, and
//! otherwise a sum over both colours of their lines' shapes (see `shapes.rs`), by how many
//! lines hold each, and of their open threes, closed threes and open twos together (who can
//! force what); and of their empty points, by the two strongest shapes a stone there would
//! make (see `cells.rs`): the fours and threes each colour has to play next. The weights are
//! fitted to Rapfi's evaluations (see `weights.rs`).

use super::position::Gomoku;
use super::shapes::{SHAPES, Shape};
use super::weights::{
    AS_ENEMY, AS_MOVER, ENEMY_LINES, ENEMY_THREATS, OWN_LINES, OWN_THREATS, Threats,
};
use crate::game::Side;

/// A win on the next move, for the side to move: beyond any sum of shapes, within the
/// searcher's bound for static scores.
pub const WIN_NEXT: i32 = 10_000;

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &Gomoku) -> i32 {
    let me = pos.side_to_move();
    let them = me.other();
    if pos.fours(me) > 0 {
        return WIN_NEXT;
    }
    // Two points that each complete an enemy five cannot both be blocked.
    if pos.fours(them) >= 2 {
        let open: u32 = pos
            .five_point_rows(them)
            .iter()
            .map(|r| r.count_ones())
            .sum();
        if open >= 2 {
            return -WIN_NEXT;
        }
    }
    let score = lines_value(pos, me, &OWN_LINES, &OWN_THREATS)
        + lines_value(pos, them, &ENEMY_LINES, &ENEMY_THREATS)
        + pos.points_worth(me)[AS_MOVER]
        + pos.points_worth(them)[AS_ENEMY];
    score.clamp(1 - WIN_NEXT, WIN_NEXT - 1)
}

/// One colour's lines: each line's shape, weighted by `per_line`, and how many open threes,
/// closed threes and open twos it has, up to 2, 2 and 3, looked up in `threats`.
fn lines_value(pos: &Gomoku, side: Side, per_line: &[i32; SHAPES], threats: &Threats) -> i32 {
    let counts = pos.counts(side);
    let lines: i32 = counts.iter().zip(per_line).map(|(n, v)| n * v).sum();
    let at = |shape: Shape, cap: i32| counts[shape as usize].min(cap) as usize;
    lines + threats[at(Shape::OpenThree, 2)][at(Shape::ClosedThree, 2)][at(Shape::OpenTwo, 3)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    /// Black's stones, then White's, on an empty 15x15 board, the turn passed if it is not
    /// `to_move`'s by the stone count.
    fn position(black: &[&str], white: &[&str], to_move: Side) -> Gomoku {
        let mut pos = Gomoku::start("gomoku", &Default::default()).unwrap();
        for (side, points) in [(Side::P1, black), (Side::P2, white)] {
            for p in points {
                let p = pos.parse_move(p).unwrap();
                pos.put(p, side);
            }
        }
        if pos.side_to_move() != to_move {
            pos.pass();
        }
        pos
    }

    #[test]
    fn an_open_three_favours_its_owner_whoever_moves() {
        let (black, white) = (["G8", "H8", "I8"], ["C3", "M13"]);
        let owner_to_move = evaluate(&position(&black, &white, Side::P1));
        let enemy_to_move = evaluate(&position(&black, &white, Side::P2));
        assert!(owner_to_move > 0 && enemy_to_move < 0);
        // To move with it, its owner makes an open four next; to move against it, the enemy
        // blocks it: it is worth far more to the side to move.
        assert!(owner_to_move > -enemy_to_move + 100);
    }

    #[test]
    fn threes_to_build_fours_from_are_worth_more_than_twos() {
        // Black's closed three against White's stone, then the same stones with one fewer.
        let three = position(&["G8", "H8", "I8"], &["F8", "M13"], Side::P1);
        let two = position(&["G8", "H8", "A15"], &["F8", "M13"], Side::P1);
        assert!(evaluate(&three) > evaluate(&two));
    }

    #[test]
    fn a_point_that_makes_a_four_and_an_open_three_is_worth_a_win_in_waiting() {
        // Black's row D8 E8 F8 against White's C8, and the column H7 H9: H8 makes a four
        // (five point G8) and the open three H7 H8 H9. Moved four columns over, the column
        // meets the row nowhere: the lines' shapes are the same, the points are not.
        let white = ["C8", "M2", "N2"];
        let meet = position(&["D8", "E8", "F8", "H7", "H9"], &white, Side::P1);
        let apart = position(&["D8", "E8", "F8", "L7", "L9"], &white, Side::P1);
        assert_eq!(meet.counts(Side::P1), apart.counts(Side::P1));
        assert!(evaluate(&meet) > evaluate(&apart) + 100);
        // For the enemy to move, the same point is a threat it must see to.
        let (meet, apart) = (
            position(&["D8", "E8", "F8", "H7", "H9"], &white, Side::P2),
            position(&["D8", "E8", "F8", "L7", "L9"], &white, Side::P2),
        );
        assert!(evaluate(&meet) < evaluate(&apart));
    }

    #[test]
    fn fours_decide_before_any_weight() {
        // Black to move with a four wins; White to move against two five points loses.
        let four = position(&["G8", "H8", "I8", "J8"], &["F8", "M13", "M12"], Side::P1);
        assert_eq!(evaluate(&four), WIN_NEXT);
        let open_four = position(&["G8", "H8", "I8", "J8"], &["M13", "M12"], Side::P2);
        assert_eq!(evaluate(&open_four), -WIN_NEXT);
    }
}
