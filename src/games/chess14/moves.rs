//! Moves: their 32-bit packing and legal move generation.

use super::attacks::{SquareSet, attacked_on};
use super::board::{EMPTY, Position, UNMOVED, is_piece, kind_code, rank_of, side_of};
use super::pieces::Kind;
use crate::game::MoveBits;

/// What a move does besides carrying a piece from one square to another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal,
    /// A pawn reaching its promotion zone becomes a queen.
    Promotion,
    /// The king steps two squares; the rook from `rook_from` lands on the square it crossed.
    Castle,
}

/// A move, packed in 32 bits:
/// ```text
///   bits 0-8    from (mailbox index, < 512)
///   bits 9-17   to
///   bits 18-19  kind: 0 normal, 1 promotion, 2 castle
///   bits 20-28  the castling rook's square (castles only)
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(u32);

impl Move {
    pub fn new(from: usize, to: usize, kind: MoveKind) -> Move {
        let k = match kind {
            MoveKind::Normal => 0,
            MoveKind::Promotion => 1,
            MoveKind::Castle => 2,
        };
        Move(from as u32 | (to as u32) << 9 | k << 18)
    }

    pub fn castle(from: usize, to: usize, rook_from: usize) -> Move {
        Move(Move::new(from, to, MoveKind::Castle).0 | (rook_from as u32) << 20)
    }

    #[inline]
    pub fn from(self) -> usize {
        (self.0 & 0x1FF) as usize
    }

    #[inline]
    pub fn to(self) -> usize {
        (self.0 >> 9 & 0x1FF) as usize
    }

    #[inline]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 18 & 3 {
            1 => MoveKind::Promotion,
            2 => MoveKind::Castle,
            _ => MoveKind::Normal,
        }
    }

    #[inline]
    pub fn rook_from(self) -> usize {
        (self.0 >> 20 & 0x1FF) as usize
    }
}

impl MoveBits for Move {
    fn to_bits(self) -> u32 {
        self.0
    }

    fn from_bits(bits: u32) -> Self {
        Move(bits)
    }
}

/// What every move of one position is checked against, computed once per position.
pub struct Legality {
    checked: bool,
    pinned: SquareSet,
}

impl Position {
    pub fn legality(&self) -> Legality {
        let us = self.side_to_move();
        Legality {
            checked: self.king_attacked(us),
            pinned: self.pinned(us),
        }
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let legality = self.legality();
        let us = self.side_to_move();
        for sq in self.squares() {
            let c = self.cell(sq);
            if is_piece(c) && side_of(c) == us {
                self.legal_from(sq, &legality, out);
            }
        }
    }

    /// The legal moves of the piece on `sq` (which must belong to the side to move).
    pub fn legal_from(&self, sq: usize, legality: &Legality, out: &mut Vec<Move>) {
        let c = self.cell(sq);
        let us = self.side_to_move();
        let is_king = kind_code(c) == Kind::King as u8;
        // A move can only expose a king if we are in check, the mover is a king, or the mover
        // stands on a king's line in front of an enemy slider; the rest need no test.
        let careful = legality.checked || is_king || legality.pinned.contains(sq);
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
            let one = sq.wrapping_add_signed(fwd);
            if self.cell(one) == EMPTY {
                push(step(one));
                let two = one.wrapping_add_signed(fwd);
                if rank_of(sq) == self.double_step_rank(us) && self.cell(two) == EMPTY {
                    push(step(two));
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
            if t == EMPTY || (is_piece(t) && side_of(t) != us) {
                push(Move::new(sq, to, MoveKind::Normal));
            }
        }
        for &d in kind.slides() {
            let mut to = sq.wrapping_add_signed(d);
            loop {
                let t = self.cell(to);
                if t == EMPTY {
                    push(Move::new(sq, to, MoveKind::Normal));
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
        if is_king && c & UNMOVED != 0 && !self.attacked(sq, us.other()) {
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

    /// Whether no king of the mover is attacked after `m` (tried on a scratch copy of the cells).
    fn safe_after(&self, m: Move) -> bool {
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

    /// Whether `m` takes a piece.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        is_piece(self.cell(m.to()))
    }
}
