//! A move: one piece going from a square to another by a step or a jump, and its packing.

use super::geometry::{SQUARES, Square};
use crate::game::MoveBits;

/// One piece going from `from` to `to` by a step or a jump.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The same piece going straight back.
    pub const fn reversed(self) -> Move {
        Move::new(self.to, self.from)
    }
}

/// Bits 0..6: `from` index, bits 6..12: `to` index.
impl MoveBits for Move {
    fn to_bits(self) -> u32 {
        self.from.index() as u32 | (self.to.index() as u32) << 6
    }

    fn from_bits(bits: u32) -> Move {
        let index = |b: u32| Square::new(((b & 63) as u8).min(SQUARES as u8 - 1));
        Move::new(index(bits), index(bits >> 6))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_bits_round_trip() {
        for m in ["a1a2", "f6d6", "c4e4"] {
            let mv = Move::new(
                Square::parse(&m[..2]).unwrap(),
                Square::parse(&m[2..]).unwrap(),
            );
            assert_eq!(Move::from_bits(mv.to_bits()), mv);
        }
    }
}
