//! Zobrist keys for everything that decides the future of a Chess14 game: the pieces (with
//! their castling rights), the side to move, which side moves up, and the board's size.

use super::geometry::CELLS;
use super::pieces::{BLACK, KIND_MASK, UNMOVED};
use crate::rng::splitmix;

/// Keys per (kind and colour bits, square); row 0 is unused (empty).
static PIECE: [[u64; CELLS]; 32] = {
    let mut t = [[0u64; CELLS]; 32];
    let mut i = 0;
    while i < 32 {
        let mut s = 0;
        while s < CELLS {
            t[i][s] = splitmix((i * CELLS + s) as u64);
            s += 1;
        }
        i += 1;
    }
    t
};
/// Keys for an unmoved king or rook on a square (castling rights).
static UNMOVED_KEYS: [u64; CELLS] = {
    let mut t = [0u64; CELLS];
    let mut s = 0;
    while s < CELLS {
        t[s] = splitmix((32 * CELLS + s) as u64);
        s += 1;
    }
    t
};
pub const BLACK_TO_MOVE: u64 = splitmix(0xB1AC);
pub const BLACK_UP: u64 = splitmix(0x0B0B);

/// The key of the piece cell `c` on `sq`.
#[inline]
pub fn cell(c: u8, sq: usize) -> u64 {
    let k = PIECE[(c & (KIND_MASK | BLACK)) as usize][sq];
    if c & UNMOVED != 0 {
        k ^ UNMOVED_KEYS[sq]
    } else {
        k
    }
}

/// The key of the board's size, so that boards of different sizes never collide.
pub fn size(width: u8, height: u8) -> u64 {
    splitmix((width as u64) << 8 | height as u64)
}
