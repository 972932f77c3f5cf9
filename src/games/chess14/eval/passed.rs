//! Passed pawns: a pawn with no enemy pawn ahead of it on its own file or a neighbouring one
//! can only be stopped by pieces. Promotion comes early in Chess14 (the first rank wholly past
//! the middle: four steps from the start on the 12x10 cut), so such a pawn is a threat to
//! queen within a few moves.

use super::super::geometry::{MAX_SIDE, file_of, rank_of};
use super::super::pieces::{is_piece, side_of};
use super::super::position::Position;
use crate::game::Side;

/// Centipawns for a passed pawn by the steps it has still to go (index 1: one step from
/// promotion), on top of the advance every pawn earns.
const BY_STEPS_TO_GO: [i32; 8] = [0, 160, 100, 60, 35, 20, 12, 6];

/// A passed pawn whose next square is taken (by any man) earns this share of the bonus, in
/// 256ths: it needs the blocker to move first.
const BLOCKED: i32 = 128;

/// The pawns of a position, gathered during the evaluation's walk over the board.
pub struct Pawns {
    /// Per file, the highest rank of a pawn moving down and the lowest of a pawn moving up:
    /// the enemy pawns that could block or capture a passer on its way.
    highest_down: [i8; MAX_SIDE],
    lowest_up: [i8; MAX_SIDE],
    squares: [u16; MAX_PAWNS],
    count: usize,
}

/// More pawns than any layout starts with (two full ranks of a 16-file board each side).
const MAX_PAWNS: usize = 4 * MAX_SIDE;

impl Pawns {
    pub fn new() -> Pawns {
        Pawns {
            highest_down: [-1; MAX_SIDE],
            lowest_up: [i8::MAX; MAX_SIDE],
            squares: [0; MAX_PAWNS],
            count: 0,
        }
    }

    /// A pawn of `side` on `sq`; `up` is the side whose pawns move up.
    pub fn add(&mut self, sq: usize, side: Side, up: Side) {
        let (f, r) = (file_of(sq), rank_of(sq) as i8);
        if side == up {
            self.lowest_up[f] = self.lowest_up[f].min(r);
        } else {
            self.highest_down[f] = self.highest_down[f].max(r);
        }
        if self.count < MAX_PAWNS {
            self.squares[self.count] = sq as u16;
            self.count += 1;
        }
    }

    /// The passed pawns' bonus of each side (indexed by `Side::index`).
    pub fn passed(&self, pos: &Position) -> [i32; 2] {
        let h = pos.height() as i8;
        let up = pos.up();
        let first_past = (h + 1) / 2;
        let mut bonus = [0i32; 2];
        for &sq in &self.squares[..self.count] {
            let sq = sq as usize;
            let side = side_of(pos.cell(sq));
            let (f, r) = (file_of(sq), rank_of(sq) as i8);
            let mut files = f.saturating_sub(1)..=(f + 1).min(pos.width() - 1);
            let (passed, advanced) = if side == up {
                (files.all(|g| self.highest_down[g] <= r), r)
            } else {
                (files.all(|g| self.lowest_up[g] >= r), h - 1 - r)
            };
            if !passed {
                continue;
            }
            let to_go = (first_past - advanced).clamp(1, BY_STEPS_TO_GO.len() as i8 - 1);
            let mut b = BY_STEPS_TO_GO[to_go as usize];
            let ahead = (sq as isize + pos.forward(side)) as usize;
            if is_piece(pos.cell(ahead)) {
                b = b * BLOCKED / 256;
            }
            bonus[side.index()] += b;
        }
        bonus
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::pieces::{Kind, kind_of};
    use super::super::super::text::parse_fen;
    use super::*;

    fn passed(pos: &Position) -> [i32; 2] {
        let mut pawns = Pawns::new();
        for sq in pos.squares() {
            let c = pos.cell(sq);
            if is_piece(c) && kind_of(c) == Kind::Pawn {
                pawns.add(sq, side_of(c), pos.up());
            }
        }
        pawns.passed(pos)
    }

    fn of(bonus: [i32; 2], side: Side) -> i32 {
        bonus[side.index()]
    }

    // Lower case is White, which moves up (rank 1 is the last line of the text).
    #[test]
    fn a_pawn_with_no_enemy_pawn_ahead_nearby_is_passed() {
        // White pawn d7 (one step from promotion on 14 ranks), black pawn f9 two files away,
        // two steps from its promotion on rank 7: neither can stop the other.
        let pos = parse_fen("7K6/14/14/14/14/5P8/14/3p10/14/14/14/14/14/7k6 w").unwrap();
        assert_eq!(of(passed(&pos), Side::P1), BY_STEPS_TO_GO[1]);
        assert_eq!(of(passed(&pos), Side::P2), BY_STEPS_TO_GO[2]);
    }

    #[test]
    fn an_enemy_pawn_ahead_on_a_neighbouring_file_stops_it() {
        // White pawn d4; black pawn e9 ahead on the next file: not passed. Black's e9 has no
        // white pawn below it on d-f... except d4, which is below: not passed either.
        let pos = parse_fen("7K6/14/14/14/14/4P9/14/14/14/14/3p10/14/14/7k6 w").unwrap();
        assert_eq!(passed(&pos), [0, 0]);
    }

    #[test]
    fn a_blocked_passer_earns_less() {
        let free = parse_fen("7K6/14/14/14/14/14/14/14/3p10/14/14/14/14/7k6 w").unwrap();
        let blocked = parse_fen("7K6/14/14/14/14/14/14/3N10/3p10/14/14/14/14/7k6 w").unwrap();
        assert!(of(passed(&blocked), Side::P1) < of(passed(&free), Side::P1));
        assert!(of(passed(&blocked), Side::P1) > 0);
    }
}
