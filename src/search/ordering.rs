//! Move ordering memory that survives between nodes: killer moves per ply and a history table.

use crate::game::MoveBits;

const HISTORY_BITS: u32 = 12;
const HISTORY_MAX: i32 = 1 << 14;

/// Ordering scores, highest first. The bands keep the classes apart whatever the hints say.
pub const TT_MOVE: i32 = 1 << 30;
pub const NOISY: i32 = 1 << 26;
pub const KILLER: i32 = 1 << 25;
/// Captures that lose material by the exchange rule: after every quiet move.
pub const LOSING: i32 = -(1 << 26);

pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: MoveBits + PartialEq> Ordering<M> {
    pub fn new(max_ply: usize) -> Self {
        Ordering {
            killers: vec![[None, None]; max_ply],
            history: vec![0; 2 << HISTORY_BITS],
        }
    }

    fn slot(side: usize, mv: M) -> usize {
        // Fibonacci hashing spreads any move encoding over the table.
        let h = mv.to_bits().wrapping_mul(0x9E37_79B1) >> (32 - HISTORY_BITS);
        (side << HISTORY_BITS) | h as usize
    }

    pub fn is_killer(&self, ply: usize, mv: M) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    pub fn history(&self, side: usize, mv: M) -> i32 {
        self.history[Self::slot(side, mv)]
    }

    /// A quiet move caused a beta cut-off: remember it, and punish the quiet moves tried before it.
    pub fn reward(&mut self, ply: usize, side: usize, depth: i32, mv: M, tried: &[M]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        self.bump(side, mv, bonus);
        for &m in tried {
            if m != mv {
                self.bump(side, m, -bonus);
            }
        }
    }

    fn bump(&mut self, side: usize, mv: M, bonus: i32) {
        // Gravity keeps every entry within ±HISTORY_MAX without periodic rescaling.
        let h = &mut self.history[Self::slot(side, mv)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Keep history between iterations but forget the killers of a previous root.
    pub fn clear_killers(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
    }
}
