//! Whole-game tests: incremental state against recomputation, castling, promotion ranks.

use super::geometry::index;
use super::moves::MoveKind;
use super::pieces::{EMPTY, Kind, UNMOVED, is_piece, piece, side_of};
use super::position::Position;
use super::text::{format_fen, parse_fen};
use crate::game::Side;
use proptest::prelude::*;

/// Positions with castling, promotions both ways, several kings, and a small odd board.
const STARTS: &[&str] = &[
    "RNBHCGAKGCEBNR/PPPPPPPPPPPPPP/14/14/14/14/14/14/14/14/14/14/pppppppppppppp/rnbhcgakgcebnr w",
    "R6K5R/14/14/14/14/5p8/3RN4P1P2/2pp6n3/12P1/14/14/14/14/r6k5r w",
    "k13/14/14/14/14/5P8/2pp6n3/3RN4P1P2/14/14/14/14/14/1R4K6R w up=b",
    "3k2r/2p2p1/7/7/1H2g2/7/7/1P2P2/R2K2R w up=b",
];

proptest! {
    #[test]
    fn incremental_hash_matches_a_fresh_one(start in 0..STARTS.len(), picks in proptest::collection::vec(any::<u16>(), 1..60)) {
        let mut pos = parse_fen(STARTS[start]).unwrap();
        let mut moves = Vec::new();
        for pick in picks {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[pick as usize % moves.len()]);
            prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
            prop_assert_eq!(pos.pawn_hash(), pos.pawn_hash_from_scratch());
            // The pieces' bit sets follow the cells.
            let scanned: Vec<usize> = pos.squares().filter(|&sq| is_piece(pos.cell(sq))).collect();
            prop_assert_eq!(pos.pieces().collect::<Vec<_>>(), scanned);
            for side in [Side::P1, Side::P2] {
                let own: Vec<usize> = pos.squares().filter(|&sq| is_piece(pos.cell(sq)) && side_of(pos.cell(sq)) == side).collect();
                prop_assert_eq!(pos.pieces_of(side).collect::<Vec<_>>(), own);
            }
            // The kings list follows the kings.
            for side in [Side::P1, Side::P2] {
                for &k in pos.kings(side) {
                    prop_assert_eq!(pos.cell(k as usize) & !UNMOVED, piece(Kind::King, side));
                }
            }
            // What the text form says is what the position is.
            let again = parse_fen(&format_fen(&pos)).unwrap();
            prop_assert_eq!(again.hash(), pos.hash());
        }
    }
}

#[test]
fn castling_moves_the_rook_and_clears_both_flags() {
    let mut pos = parse_fen("R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r w").unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let castle = *moves
        .iter()
        .find(|m| m.kind() == MoveKind::Castle && m.to() == index(9, 0))
        .unwrap();
    pos.play(castle);
    assert_eq!(pos.cell(index(9, 0)), piece(Kind::King, Side::P1));
    assert_eq!(pos.cell(index(8, 0)), piece(Kind::Rook, Side::P1));
    assert_eq!(pos.cell(index(13, 0)), EMPTY);
    assert_eq!(pos.cell(index(0, 0)), piece(Kind::Rook, Side::P1) | UNMOVED);
    assert_eq!(pos.hash(), pos.hash_from_scratch());
}

#[test]
fn promotion_ranks_scale_with_the_board() {
    for (h, up_first, down_last) in [(14, 7, 6), (10, 5, 4), (9, 5, 3), (6, 3, 2), (16, 8, 7)] {
        let pos = Position::empty(8, h, Side::P1).unwrap();
        assert!(
            pos.promotes(Side::P1, up_first) && !pos.promotes(Side::P1, up_first - 1),
            "{h}"
        );
        assert!(
            pos.promotes(Side::P2, down_last) && !pos.promotes(Side::P2, down_last + 1),
            "{h}"
        );
    }
}
