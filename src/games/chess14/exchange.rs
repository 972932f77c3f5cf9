//! Static exchange evaluation: what a move wins or loses on its target square if both sides
//! keep recapturing there with their least valuable piece for as long as it pays. Pins are
//! ignored; pieces behind an attacker join in as it leaves (the scan reads through empty cells).

use super::attacks::least_attacker_on;
use super::geometry::rank_of;
use super::moves::{Move, MoveKind};
use super::pieces::{EMPTY, Kind, is_piece, kind_of};
use super::position::Position;

/// A king "captured" in the exchange: more than any material, small enough to add safely.
const KING_VALUE: i32 = 100_000;

/// The longest exchange: every piece of a 16x16 board could join, but far fewer ever do.
const MAX_SWAPS: usize = 64;

fn worth(kind: Kind) -> i32 {
    if kind == Kind::King {
        KING_VALUE
    } else {
        kind.value()
    }
}

impl Position {
    /// The material the mover nets from `mv` by the swap rule, in centipawns (a promotion
    /// counts the queen's gain over the pawn).
    pub fn exchange(&self, mv: Move) -> i32 {
        let (from, to) = (mv.from(), mv.to());
        if mv.kind() == MoveKind::Castle {
            return 0;
        }
        let mut cells = self.cells;
        let promotion_gain = Kind::Queen.value() - Kind::Pawn.value();
        let rank = rank_of(to);
        // What stands on `to` after a capture by `kind` of `side`, and what the capture adds.
        let lands = |kind: Kind, side| {
            if kind == Kind::Pawn && self.promotes(side, rank) {
                (Kind::Queen.value(), promotion_gain)
            } else {
                (worth(kind), 0)
            }
        };
        let mut gain = [0i32; MAX_SWAPS];
        let victim = cells[to];
        let mut side = self.side_to_move();
        let (mut on_square, extra) = lands(kind_of(cells[from]), side);
        gain[0] = extra
            + if is_piece(victim) {
                worth(kind_of(victim))
            } else {
                0
            };
        cells[to] = cells[from];
        cells[from] = EMPTY;
        let mut d = 0;
        while d + 1 < MAX_SWAPS {
            side = side.other();
            let Some((kind, sq)) = least_attacker_on(&cells, to, side, self.forward(side)) else {
                break;
            };
            d += 1;
            let (next, extra) = lands(kind, side);
            gain[d] = on_square + extra - gain[d - 1];
            // Neither side can gain by going on: the exchange is decided.
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break;
            }
            on_square = next;
            cells[to] = cells[sq];
            cells[sq] = EMPTY;
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::parse_fen;
    use crate::game::Rules;

    /// The exchange value of `mv` (in the game's move text) in `fen`.
    fn see(fen: &str, mv: &str) -> i32 {
        let pos = parse_fen(fen).unwrap();
        let m = pos.parse_move(mv).unwrap();
        pos.exchange(m)
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // A white rook takes a lone black knight.
        assert_eq!(see("3K4/8/8/8/1N6/8/1r6/3k4 w", "b2b4"), 200);
    }

    #[test]
    fn a_defended_piece_costs_the_attacker() {
        // The rook takes a knight a pawn defends: +200 - 525. (On 8 ranks White promotes
        // from rank 5 up, Black from rank 4 down.)
        assert_eq!(see("3K4/8/2P5/1N6/8/8/1r6/3k4 w", "b2b5"), 200 - 525);
        // A pawn takes the same knight and promotes; the queen is taken back.
        assert_eq!(see("3K4/8/2P5/1N6/2p5/8/8/3k4 w", "c4b5"), 200 + 850 - 950);
    }

    #[test]
    fn a_piece_behind_the_attacker_joins_in() {
        // Two rooks in a line against a knight a rook defends: the second rook decides.
        assert_eq!(see("1R1K4/8/8/8/1N6/8/1r6/1r1k4 w", "b2b4"), 200);
    }

    #[test]
    fn quiet_moves_and_promotions() {
        assert_eq!(see("3K4/8/2P5/8/8/8/1r6/3k4 w", "b2b5"), -525);
        assert_eq!(see("3K4/8/8/8/8/8/1r6/3k4 w", "b2b4"), 0);
        assert_eq!(see("3K4/8/8/8/p7/8/8/3k4 w", "a4a5"), 850);
        // A defended promotion square: the queen is taken back.
        assert_eq!(see("3K4/8/1P6/8/p7/8/8/3k4 w", "a4a5"), 850 - 950);
    }
}
