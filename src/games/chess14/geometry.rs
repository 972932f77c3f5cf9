//! The padded mailbox every board lives in: its size, and squares as indices into it.
//!
//! The mailbox is always 22x22 (a 16x16 board plus 3 padding cells on each side, enough for
//! the camel's (3,1) leap), so smaller boards just leave more cells off the board.

pub const MAX_SIDE: usize = 16;
pub const MIN_SIDE: usize = 6;
pub const PAD: usize = 3;
pub const STRIDE: usize = MAX_SIDE + 2 * PAD;
pub const CELLS: usize = STRIDE * STRIDE;

/// The mailbox index of a board square (file and rank from 0).
pub const fn index(file: usize, rank: usize) -> usize {
    (rank + PAD) * STRIDE + file + PAD
}

pub const fn file_of(sq: usize) -> usize {
    sq % STRIDE - PAD
}

pub const fn rank_of(sq: usize) -> usize {
    sq / STRIDE - PAD
}
