//! Legality and endings: what every move of a position is checked against (check, pins),
//! whether a move leaves a king of the mover attacked, and how a game without moves ends.

use super::attacks::{SquareSet, attacked_on};
use super::moves::{Move, MoveKind};
use super::pieces::{EMPTY, Kind, is_piece, kind_of, side_of};
use super::position::Position;
use super::text::{side_word, square_name};
use crate::game::Outcome;

/// What every move of one position is checked against, computed once per position.
pub struct Legality {
    checked: bool,
    pinned: SquareSet,
}

impl Legality {
    /// Tests no move, so that `legal_from` lists the pseudo-legal moves: the moves the
    /// pieces make, whatever they do to the king.
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

    /// Why moving the piece on `from` to `to` is not a legal move here, for the error that
    /// refuses it (`there is no piece on e5`, `a knight cannot move from b1 to b4`, ...).
    pub fn why_illegal(&self, from: usize, to: usize) -> String {
        let (f, t) = (square_name(from), square_name(to));
        let c = self.cell(from);
        if !is_piece(c) {
            return format!("there is no piece on {f}");
        }
        let us = self.side_to_move();
        let name = kind_of(c).name();
        if side_of(c) != us {
            return format!(
                "the {name} on {f} is {}'s and {} is to move",
                side_word(us.other()),
                side_word(us)
            );
        }
        let target = self.cell(to);
        if is_piece(target) && side_of(target) == us {
            return format!("{t} holds a {} of the same side", kind_of(target).name());
        }
        let mut pseudo = Vec::new();
        self.legal_from(from, &Legality::untested(), &mut pseudo);
        if !pseudo.iter().any(|m| m.to() == to) {
            let castling = kind_of(c) == Kind::King && from.abs_diff(to) == 2;
            return if castling {
                format!(
                    "the king on {f} cannot castle to {t} (moved king or rook, a piece between, or a square attacked)"
                )
            } else {
                format!("a {name} cannot move from {f} to {t}")
            };
        }
        if self.king_attacked(us) {
            format!(
                "{} is in check, and {f}{t} does not end the check",
                side_word(us)
            )
        } else {
            format!("{f}{t} would leave the {} king in check", side_word(us))
        }
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
