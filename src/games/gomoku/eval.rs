//! The evaluation: a four to play wins, two enemy five points cannot both be blocked, and
//! otherwise the sums of line shapes (see `shapes.rs`), with a tempo for the side to move.

use super::position::Gomoku;

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
    // The side to move is a tempo ahead: its shapes grow first.
    (pos.value(me) * 3 / 2 - pos.value(them)).clamp(1 - WIN_NEXT, WIN_NEXT - 1)
}
