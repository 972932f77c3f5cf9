//! The evaluation: a four to play wins, two enemy five points cannot both be blocked, and
//! otherwise the sums of line shapes (see `shapes.rs`), with a tempo for the side to move,
//! and the points where one stone makes two threats at once (see `points::Combo`).

use super::points::Combo;
use super::position::Gomoku;

/// A win on the next move, for the side to move: beyond any sum of shapes, within the
/// searcher's bound for static scores.
pub const WIN_NEXT: i32 = 10_000;

/// The side to move has a four-three point and no enemy four to answer first: a four, its
/// forced block, then an open four. Short of `WIN_NEXT`: the enemy's block may make a four.
const OWN_FOUR_THREE: i32 = 3_000;
/// The side to move has a double-three point: two open threes, of which one becomes an open
/// four, unless the enemy has fours to play in between.
const OWN_DOUBLE_THREE: i32 = 400;
/// Each enemy point (at most two counted) where it would make a four-three or a double three:
/// the side to move must spend its stone on one of them.
const ENEMY_FOUR_THREE: i32 = 200;
const ENEMY_DOUBLE_THREE: i32 = 80;

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
    let mut combos = 0;
    // With an enemy four on the board the side to move must block before anything else.
    if pos.fours(them) == 0 {
        if pos.combos(me, Combo::FourThree) > 0 {
            combos += OWN_FOUR_THREE;
        } else if pos.combos(me, Combo::DoubleThree) > 0 {
            combos += OWN_DOUBLE_THREE;
        }
    }
    combos -= ENEMY_FOUR_THREE * pos.combos(them, Combo::FourThree).min(2)
        + ENEMY_DOUBLE_THREE * pos.combos(them, Combo::DoubleThree).min(2);
    // The side to move is a tempo ahead: its shapes grow first.
    (pos.value(me) * 5 / 4 - pos.value(them) + combos).clamp(1 - WIN_NEXT, WIN_NEXT - 1)
}
