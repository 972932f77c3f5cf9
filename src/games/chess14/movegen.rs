//! Legal move generation: steps, leaps, slides, pawn moves with promotion, and castling.

use super::geometry::rank_of;
use super::moves::{Move, MoveKind};
use super::pieces::{EMPTY, Kind, UNMOVED, is_piece, kind_code, side_of};
use super::position::Position;
use super::rules::Legality;

impl Position {
    /// Every legal move of the side to move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(false, out);
    }

    /// The legal captures and promotions of the side to move, in the order `legal_moves`
    /// gives them: quiescence needs only these, and most moves of a 14x14 board are quiet.
    pub fn noisy_moves(&self, out: &mut Vec<Move>) {
        self.generate(true, out);
    }

    fn generate(&self, noisy_only: bool, out: &mut Vec<Move>) {
        let legality = self.legality();
        let us = self.side_to_move();
        for sq in self.pieces_of(us) {
            self.moves_from(sq, &legality, noisy_only, out);
        }
    }

    /// The legal moves of the piece on `sq` (which must belong to the side to move).
    pub fn legal_from(&self, sq: usize, legality: &Legality, out: &mut Vec<Move>) {
        self.moves_from(sq, legality, false, out);
    }

    /// The legal moves (only captures and promotions if `noisy_only`) of the piece on `sq`.
    fn moves_from(&self, sq: usize, legality: &Legality, noisy_only: bool, out: &mut Vec<Move>) {
        let c = self.cell(sq);
        let us = self.side_to_move();
        let is_king = kind_code(c) == Kind::King as u8;
        let careful = legality.needs_test(sq, is_king);
        let mut push = |m: Move| {
            if !careful || self.safe_after(m) {
                out.push(m);
            }
        };
        let kind = Kind::from_code(kind_code(c)).expect("a piece");
        if kind == Kind::Pawn {
            let fwd = self.forward(us);
            let step = |to: usize| {
                let k = if self.promotes(us, rank_of(to)) {
                    MoveKind::Promotion
                } else {
                    MoveKind::Normal
                };
                Move::new(sq, to, k)
            };
            let mut push_step = |m: Move| {
                if !noisy_only || m.kind() == MoveKind::Promotion {
                    push(m);
                }
            };
            let one = sq.wrapping_add_signed(fwd);
            if self.cell(one) == EMPTY {
                push_step(step(one));
                let two = one.wrapping_add_signed(fwd);
                if rank_of(sq) == self.double_step_rank(us) && self.cell(two) == EMPTY {
                    push_step(step(two));
                }
            }
            for to in [one - 1, one + 1] {
                let t = self.cell(to);
                if is_piece(t) && side_of(t) != us {
                    push(step(to));
                }
            }
            return;
        }
        for &d in kind.leaps() {
            let to = sq.wrapping_add_signed(d);
            let t = self.cell(to);
            if (t == EMPTY && !noisy_only) || (is_piece(t) && side_of(t) != us) {
                push(Move::new(sq, to, MoveKind::Normal));
            }
        }
        for &d in kind.slides() {
            let mut to = sq.wrapping_add_signed(d);
            loop {
                let t = self.cell(to);
                if t == EMPTY {
                    if !noisy_only {
                        push(Move::new(sq, to, MoveKind::Normal));
                    }
                } else {
                    if is_piece(t) && side_of(t) != us {
                        push(Move::new(sq, to, MoveKind::Normal));
                    }
                    break;
                }
                to = to.wrapping_add_signed(d);
            }
        }
        // Castling needs this king (not merely its side) out of check.
        if is_king && !noisy_only && c & UNMOVED != 0 && !self.attacked(sq, us.other()) {
            for d in [1isize, -1] {
                if let Some(m) = self.castling(sq, d) {
                    push(m);
                }
            }
        }
    }

    /// The castling of the king on `king` in direction `d`, if its own conditions hold (the
    /// landing square is left to the general safety test): the first piece that way is an
    /// unmoved rook of ours at least 3 squares off, and the crossed square is not attacked.
    fn castling(&self, king: usize, d: isize) -> Option<Move> {
        let us = self.side_to_move();
        let mut s = king.wrapping_add_signed(d);
        let mut distance = 1;
        while self.cell(s) == EMPTY {
            s = s.wrapping_add_signed(d);
            distance += 1;
        }
        let rook = self.cell(s);
        let ok = distance >= 3
            && is_piece(rook)
            && side_of(rook) == us
            && kind_code(rook) == Kind::Rook as u8
            && rook & UNMOVED != 0
            && !self.attacked(king.wrapping_add_signed(d), us.other());
        ok.then(|| Move::castle(king, king.wrapping_add_signed(2 * d), s))
    }

    /// Whether `m` takes a piece.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        is_piece(self.cell(m.to()))
    }
}
