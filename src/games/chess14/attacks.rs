//! Which squares a side attacks, the least valuable attacker, and pins, read from bare cells
//! (so a move can be tried on a scratch copy): everything legality is decided by.

use super::geometry::CELLS;
use super::pieces::{BLACK, EMPTY, Kind, OFF, kind_of};
use super::pieces::{CAMEL, DIAG, F_CAMEL, F_DIAG, F_KING, F_KNIGHT, F_ORTHO, F_PAWN, QUEEN_DIRS};
use super::pieces::{KINDS, KNIGHT, ORTHO};
use crate::game::Side;

/// A piece's worth when deciding whether a trade is good: its value, a king above all.
pub fn trade_value(kind: Kind) -> i32 {
    if kind == Kind::King {
        i32::MAX
    } else {
        kind.value()
    }
}

/// `ATTACKERS[side][cell]`: the attack classes (`F_*`) of the cell's piece if it belongs to
/// `side`, else 0. One lookup answers "does an enemy of this kind stand here?".
static ATTACKERS: [[u8; 128]; 2] = {
    let mut t = [[0u8; 128]; 2];
    let mut c = 0;
    while c < 128 {
        let code = c & 0x0F;
        if c & OFF as usize == 0 && code >= 1 && code <= KINDS.len() {
            let side = if c & BLACK as usize != 0 { 1 } else { 0 };
            t[side][c] = KINDS[code - 1].attack_flags();
        }
        c += 1;
    }
    t
};

/// Calls `found` with the square of each piece of `by` that attacks `sq` on the given cells
/// (whose pawns step `by_forward` per move) until it returns `true`; returns whether it did.
/// Works on a bare cell array so a move can be tried on a scratch copy.
#[inline]
pub fn find_attacker(
    cells: &[u8; CELLS],
    sq: usize,
    by: Side,
    by_forward: isize,
    mut found: impl FnMut(usize) -> bool,
) -> bool {
    let att = &ATTACKERS[by.index()];
    let mut check = |s: usize, flag: u8| att[cells[s] as usize] & flag != 0 && found(s);
    let behind = sq.wrapping_add_signed(-by_forward);
    if check(behind - 1, F_PAWN) || check(behind + 1, F_PAWN) {
        return true;
    }
    for (dirs, flag) in [
        (&KNIGHT, F_KNIGHT),
        (&QUEEN_DIRS, F_KING),
        (&CAMEL, F_CAMEL),
    ] {
        for &d in dirs {
            if check(sq.wrapping_add_signed(d), flag) {
                return true;
            }
        }
    }
    for (dirs, flag) in [(&ORTHO[..], F_ORTHO), (&DIAG[..], F_DIAG)] {
        for &d in dirs {
            let mut s = sq.wrapping_add_signed(d);
            while cells[s] == EMPTY {
                s = s.wrapping_add_signed(d);
            }
            if check(s, flag) {
                return true;
            }
        }
    }
    false
}

/// Whether `by` attacks `sq` on the given cells.
#[inline]
pub fn attacked_on(cells: &[u8; CELLS], sq: usize, by: Side, by_forward: isize) -> bool {
    find_attacker(cells, sq, by, by_forward, |_| true)
}

/// A set of mailbox squares.
#[derive(Clone, Copy, Default)]
pub struct SquareSet([u64; CELLS.div_ceil(64)]);

impl SquareSet {
    #[inline]
    pub fn insert(&mut self, sq: usize) {
        self.0[sq / 64] |= 1 << (sq % 64);
    }

    #[inline]
    pub fn contains(&self, sq: usize) -> bool {
        self.0[sq / 64] & (1 << (sq % 64)) != 0
    }
}

/// The least valuable piece of `by` attacking `sq` (a king counts as the most valuable) and
/// its square; among equals, the first in a fixed order (pawns, leapers, then lines).
pub fn least_attacker_on(
    cells: &[u8; CELLS],
    sq: usize,
    by: Side,
    by_forward: isize,
) -> Option<(Kind, usize)> {
    let mut least: Option<(Kind, usize)> = None;
    find_attacker(cells, sq, by, by_forward, |s| {
        let k = kind_of(cells[s]);
        if least.is_none_or(|(l, _)| trade_value(k) < trade_value(l)) {
            least = Some((k, s));
        }
        false
    });
    least
}

/// Pieces of `side` that stand alone between one of its `kings` and an enemy slider along
/// that slider's line: moving them may expose the king, so their moves get the full test.
/// (A king can be such a piece when it shields another king of its side.)
pub fn pinned_on(cells: &[u8; CELLS], kings: &[u16], side: Side) -> SquareSet {
    let mut set = SquareSet::default();
    let enemy = &ATTACKERS[side.other().index()];
    let own = side == Side::P2;
    for &k in kings {
        for (dirs, flag) in [(&ORTHO, F_ORTHO), (&DIAG, F_DIAG)] {
            for &d in dirs {
                let mut s = (k as usize).wrapping_add_signed(d);
                while cells[s] == EMPTY {
                    s = s.wrapping_add_signed(d);
                }
                let c = cells[s];
                if c & OFF != 0 || ((c & BLACK != 0) != own) {
                    continue;
                }
                let blocker = s;
                s = s.wrapping_add_signed(d);
                while cells[s] == EMPTY {
                    s = s.wrapping_add_signed(d);
                }
                if enemy[cells[s] as usize] & flag != 0 {
                    set.insert(blocker);
                }
            }
        }
    }
    set
}
