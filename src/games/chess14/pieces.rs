//! The eleven piece kinds (letters, values, move patterns) and the cell byte that holds a
//! piece on the board.
//!
//! Cell byte layout (one `u8` per square):
//! ```text
//!   bit 0-3  piece kind (1..=11, see `Kind`), 0 = empty
//!   bit 4    BLACK (set: Black / uppercase piece)
//!   bit 5    UNMOVED (kings and rooks that have not moved yet: castling rights)
//!   bit 6    OFF (a padding cell outside the board; no other bit set)
//! ```

use super::geometry::STRIDE;
use crate::game::Side;

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 0x10;
pub const UNMOVED: u8 = 0x20;
pub const OFF: u8 = 0x40;
pub const KIND_MASK: u8 = 0x0F;

/// The cell byte of a piece (moved).
pub fn piece(kind: Kind, side: Side) -> u8 {
    kind as u8 | if side == Side::P2 { BLACK } else { 0 }
}

/// Whether the cell holds a piece (not empty, not padding).
#[inline]
pub fn is_piece(c: u8) -> bool {
    c != EMPTY && c & OFF == 0
}

#[inline]
pub fn side_of(c: u8) -> Side {
    if c & BLACK != 0 { Side::P2 } else { Side::P1 }
}

/// The kind of a piece cell (call only with `is_piece(c)`).
#[inline]
pub fn kind_of(c: u8) -> Kind {
    Kind::from_code(c & KIND_MASK).expect("a piece cell holds a kind")
}

#[inline]
pub fn kind_code(c: u8) -> u8 {
    c & KIND_MASK
}

/// A piece kind. The discriminants are the low four bits of a cell byte.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum Kind {
    Pawn = 1,
    Knight,
    Camel,
    Bishop,
    Rook,
    Archbishop,
    Chancellor,
    Queen,
    Amazon,
    General,
    King,
}

/// Every kind, in discriminant order.
pub const KINDS: [Kind; 11] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Camel,
    Kind::Bishop,
    Kind::Rook,
    Kind::Archbishop,
    Kind::Chancellor,
    Kind::Queen,
    Kind::Amazon,
    Kind::General,
    Kind::King,
];

const S: isize = STRIDE as isize;

/// Offsets in the padded mailbox; the padding is 3 wide so a camel leap from an edge square
/// lands on an off-board cell, never outside the array.
pub const ORTHO: [isize; 4] = [1, -1, S, -S];
pub const DIAG: [isize; 4] = [S + 1, S - 1, -S + 1, -S - 1];
pub const QUEEN_DIRS: [isize; 8] = [1, -1, S, -S, S + 1, S - 1, -S + 1, -S - 1];
pub const KNIGHT: [isize; 8] = [
    2 * S + 1,
    2 * S - 1,
    -2 * S + 1,
    -2 * S - 1,
    S + 2,
    S - 2,
    -S + 2,
    -S - 2,
];
pub const CAMEL: [isize; 8] = [
    3 * S + 1,
    3 * S - 1,
    -3 * S + 1,
    -3 * S - 1,
    S + 3,
    S - 3,
    -S + 3,
    -S - 3,
];
/// The general leaps like a knight and steps like a king.
const GENERAL: [isize; 16] = [
    2 * S + 1,
    2 * S - 1,
    -2 * S + 1,
    -2 * S - 1,
    S + 2,
    S - 2,
    -S + 2,
    -S - 2,
    1,
    -1,
    S,
    -S,
    S + 1,
    S - 1,
    -S + 1,
    -S - 1,
];

/// Attack classes, one bit each, so "is this cell an enemy that attacks along this line?" is a
/// table lookup and a mask (see `attacks.rs`).
pub const F_KNIGHT: u8 = 1;
pub const F_CAMEL: u8 = 2;
pub const F_KING: u8 = 4;
pub const F_ORTHO: u8 = 8;
pub const F_DIAG: u8 = 16;
pub const F_PAWN: u8 = 32;

impl Kind {
    pub fn from_code(code: u8) -> Option<Kind> {
        KINDS.get((code as usize).wrapping_sub(1)).copied()
    }

    /// The layout letter, lowercase (White); Black pieces use the uppercase form.
    /// The kind's name in a sentence (`knight`, `amazon`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Camel => "camel",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Archbishop => "archbishop",
            Kind::Chancellor => "chancellor",
            Kind::Queen => "queen",
            Kind::Amazon => "amazon",
            Kind::General => "general",
            Kind::King => "king",
        }
    }

    pub fn letter(self) -> char {
        b"pncbrheqagk"[self as usize - 1] as char
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        let lower = c.to_ascii_lowercase();
        KINDS.iter().copied().find(|k| k.letter() == lower)
    }

    /// Value in centipawns from the rules page (the king is priceless: 0 here, never traded).
    pub fn value(self) -> i32 {
        match self {
            Kind::Pawn => 100,
            Kind::Knight | Kind::Camel => 200,
            Kind::Bishop => 363,
            Kind::Rook => 525,
            Kind::Archbishop => 750,
            Kind::Chancellor => 850,
            Kind::Queen => 950,
            Kind::Amazon => 1200,
            Kind::General => 500,
            Kind::King => 0,
        }
    }

    /// Single-jump targets (pawns are handled apart).
    pub fn leaps(self) -> &'static [isize] {
        match self {
            Kind::Knight | Kind::Archbishop | Kind::Chancellor | Kind::Amazon => &KNIGHT,
            Kind::Camel => &CAMEL,
            Kind::General => &GENERAL,
            Kind::King => &QUEEN_DIRS,
            _ => &[],
        }
    }

    /// Sliding directions.
    pub fn slides(self) -> &'static [isize] {
        match self {
            Kind::Bishop | Kind::Archbishop => &DIAG,
            Kind::Rook | Kind::Chancellor => &ORTHO,
            Kind::Queen | Kind::Amazon => &QUEEN_DIRS,
            _ => &[],
        }
    }

    /// The attack classes of this kind (`F_*` bits).
    pub const fn attack_flags(self) -> u8 {
        match self {
            Kind::Pawn => F_PAWN,
            Kind::Knight => F_KNIGHT,
            Kind::Camel => F_CAMEL,
            Kind::Bishop => F_DIAG,
            Kind::Rook => F_ORTHO,
            Kind::Archbishop => F_KNIGHT | F_DIAG,
            Kind::Chancellor => F_KNIGHT | F_ORTHO,
            Kind::Queen => F_ORTHO | F_DIAG,
            Kind::Amazon => F_KNIGHT | F_ORTHO | F_DIAG,
            Kind::General => F_KNIGHT | F_KING,
            Kind::King => F_KING,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for k in KINDS {
            assert_eq!(Kind::from_letter(k.letter()), Some(k));
            assert_eq!(Kind::from_letter(k.letter().to_ascii_uppercase()), Some(k));
            assert_eq!(Kind::from_code(k as u8), Some(k));
        }
        assert_eq!(Kind::from_letter('x'), None);
        assert_eq!(Kind::from_code(0), None);
        assert_eq!(Kind::from_code(12), None);
    }

    #[test]
    fn leaps_agree_with_attack_flags() {
        for k in KINDS {
            let f = k.attack_flags();
            let knight = k.leaps().iter().any(|d| KNIGHT.contains(d));
            assert_eq!(knight, f & F_KNIGHT != 0, "{k:?}");
            let king = k.leaps().iter().any(|d| QUEEN_DIRS.contains(d));
            assert_eq!(king, f & F_KING != 0, "{k:?}");
            assert_eq!(k.leaps() == CAMEL, f & F_CAMEL != 0, "{k:?}");
            assert_eq!(
                k.slides().iter().any(|d| ORTHO.contains(d)),
                f & F_ORTHO != 0
            );
            assert_eq!(k.slides().iter().any(|d| DIAG.contains(d)), f & F_DIAG != 0);
        }
    }
}
