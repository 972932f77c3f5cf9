//! Legality and endings: what every move of a position is checked against (check, pins),
//! whether a move leaves a king of the mover attacked, and how a game without moves ends.

use super::attacks::{SquareSet, attacked_on};
use super::moves::{Move, MoveKind};
use super::pieces::EMPTY;
use super::position::Position;
use crate::game::Outcome;

/// What every move of one position is checked against, computed once per position.
pub struct Legality {
    checked: bool,
    pinned: SquareSet,
}

impl Legality {
    /// Tests only: tests no move, so that `legal_from` lists the pseudo-legal moves.
    #[cfg(test)]
    pub fn untested() -> Legality {
        Legality {
            checked: false,
            pinned: SquareSet::default(),
        }
    }

    /// Whether a move of the piece on `sq` may expose a king: only if we are in check, the
    /// mover is a king, or it stands on a king's line in front of an enemy slider; the other
    /// moves need no test.
    pub fn needs_test(&self, sq: usize, is_king: bool) -> bool {
        self.checked || is_king || self.pinned.contains(sq)
    }
}

impl Position {
    /// The checks and pins of the side to move.
    pub fn legality(&self) -> Legality {
        let us = self.side_to_move();
        Legality {
            checked: self.king_attacked(us),
            pinned: self.pinned(us),
        }
    }

    /// Whether no king of the mover is attacked after `m` (tried on a scratch copy of the cells).
    pub fn safe_after(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let them = us.other();
        let (from, to) = (m.from(), m.to());
        let mut cells = self.cells;
        cells[to] = cells[from];
        cells[from] = EMPTY;
        if m.kind() == MoveKind::Castle {
            cells[(from + to) / 2] = cells[m.rook_from()];
            cells[m.rook_from()] = EMPTY;
        }
        let fwd = self.forward(them);
        self.kings(us).iter().all(|&k| {
            let k = if k as usize == from { to } else { k as usize };
            !attacked_on(&cells, k, them, fwd)
        })
    }

    /// The side to move has no legal move: checkmate if a king of it is attacked, else
    /// stalemate, a draw.
    pub fn outcome_without_moves(&self) -> Outcome {
        let us = self.side_to_move();
        if self.king_attacked(us) {
            Outcome::Win(us.other())
        } else {
            Outcome::Draw
        }
    }
}
