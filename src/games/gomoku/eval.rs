//! The evaluation: a four to play wins, two enemy five points cannot both be blocked, and
//! otherwise a sum over both colours of their lines' shapes (see `shapes.rs`), by how many
//! lines hold each, and of their open threes, closed threes and open twos together (who can
//! force what).
//!
//! The weights are fitted, not guessed: a logistic model of Rapfi's evaluation (its win
//! chance, `sigmoid(eval / 200)`, forced results capped at ±600) fitted to 43,438 positions
//! of tabula's games (against Rapfi and itself) with no four on the board, each searched by
//! Rapfi to 10,000 nodes. The unit is the hand-set evaluation's before it:
//! `sigmoid(score / 115)` fitted those positions best.
//! Held out, the fitted evaluation's cross-entropy is 0.570 where the hand-set one's was
//! 0.618 (docs/performance.md, Gomoku round 14).

use super::position::Gomoku;
use super::shapes::{SHAPES, Shape};
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
        + lines_value(pos, them, &ENEMY_LINES, &ENEMY_THREATS);
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

/// Indexed by how many open threes, closed threes and open twos a colour has.
type Threats = [[[i32; 4]; 3]; 3];

// The fitted weights. A four of the side to move wins before they are read, so its own four
// shapes weigh nothing; an enemy four keeps the hand-set evaluation's weight (the fit saw
// only positions without fours).
const OWN_LINES: [i32; SHAPES] = [0, 11, 20, 30, 34, 304, 0, 0];
const ENEMY_LINES: [i32; SHAPES] = [0, -10, -17, -6, -43, -41, -150, -1000];
const OWN_THREATS: Threats = [
    [
        [-114, -99, -85, -89],
        [-108, -73, -44, -12],
        [-76, -40, -9, 21],
    ],
    [[55, 105, 91, 67], [76, 77, 50, 44], [16, 17, -8, -44]],
    [
        [-18, -18, -18, -22],
        [-17, -18, -22, -30],
        [-36, -48, -61, -77],
    ],
];
const ENEMY_THREATS: Threats = [
    [[112, 90, 66, 35], [119, 95, 61, 22], [119, 73, 27, -29]],
    [[92, 35, -16, -22], [64, -8, -59, -84], [29, -41, -88, -113]],
    [
        [-15, -8, -1, 34],
        [-74, -109, -57, -22],
        [-114, -128, -81, -21],
    ],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

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
    fn fours_decide_before_any_weight() {
        // Black to move with a four wins; White to move against two five points loses.
        let four = position(&["G8", "H8", "I8", "J8"], &["F8", "M13", "M12"], Side::P1);
        assert_eq!(evaluate(&four), WIN_NEXT);
        let open_four = position(&["G8", "H8", "I8", "J8"], &["M13", "M12"], Side::P2);
        assert_eq!(evaluate(&open_four), -WIN_NEXT);
    }
}
