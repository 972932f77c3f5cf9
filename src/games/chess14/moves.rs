//! A move, packed in 32 bits: what it carries from where to where, and what else it does.

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

    /// Whether the move promotes its pawn (to a queen, the only choice): front-ends that
    /// write promotions with a suffix (CECP's `h7h8q`) need to know.
    #[inline]
    pub fn is_promotion(self) -> bool {
        self.kind() == MoveKind::Promotion
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
