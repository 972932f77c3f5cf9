//! Rooks and chancellors on open files: a file without pawns lets them reach the enemy's
//! ranks; one with only enemy pawns lets them press on one.

use super::super::geometry::{MAX_SIDE, file_of};
use super::super::pieces::{Kind, kind_of, side_of};
use super::super::position::Position;
use super::walk::Walk;

/// Centipawns for a rook or chancellor on a file without pawns, and on one without own pawns.
const OPEN: i32 = 25;
const HALF_OPEN: i32 = 10;

/// The pawns of each side on each file.
#[derive(Default)]
pub struct PawnFiles([[u8; MAX_SIDE]; 2]);

impl PawnFiles {
    pub fn add(&mut self, sq: usize, side: crate::game::Side) {
        self.0[side.index()][file_of(sq)] += 1;
    }
}

/// Each side's bonus for its rooks and chancellors on open and half-open files.
pub fn open_files(pos: &Position, walk: &Walk, pawns: &PawnFiles) -> [i32; 2] {
    let mut score = [0; 2];
    for sq in walk.men() {
        let c = pos.cell(sq);
        if !matches!(kind_of(c), Kind::Rook | Kind::Chancellor) {
            continue;
        }
        let side = side_of(c);
        let file = file_of(sq);
        if pawns.0[side.index()][file] == 0 {
            score[side.index()] += if pawns.0[side.other().index()][file] == 0 {
                OPEN
            } else {
                HALF_OPEN
            };
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::super::super::pieces::is_piece;
    use super::super::super::text::parse_fen;
    use super::*;

    /// White's open-file bonus in the position.
    fn white_bonus(fen: &str) -> i32 {
        let pos = parse_fen(fen).unwrap();
        let mut walk = Walk::new(&pos);
        let mut pawns = PawnFiles::default();
        for sq in pos.squares() {
            let c = pos.cell(sq);
            if is_piece(c) {
                walk.visit(&pos, sq, kind_of(c), side_of(c));
                if kind_of(c) == Kind::Pawn {
                    pawns.add(sq, side_of(c));
                }
            }
        }
        open_files(&pos, &walk, &pawns)[0]
    }

    #[test]
    fn rooks_and_chancellors_gain_on_open_files() {
        // White's rook on c1 and chancellor on e1; pawns on c2 and c13 (Black), on e13 (Black).
        let fen = "6K7/2P1P9/14/14/14/14/14/14/14/14/14/14/2p11/2r1e1k7 w";
        assert_eq!(white_bonus(fen), HALF_OPEN);
        assert_eq!(white_bonus(&fen.replace("2P1P9", "14")), OPEN);
        assert_eq!(white_bonus(&fen.replace("2p11", "14")), 2 * HALF_OPEN);
        // Other pieces get nothing.
        assert_eq!(white_bonus(&fen.replace("2r1e1k7", "2b1a1k7")), 0);
    }
}
