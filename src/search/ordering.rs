//! Move ordering memory that survives between nodes: killer moves per ply, and history tables
//! of quiet moves and of noisy ones (captures) that cut off.

use crate::game::MoveBits;

const HISTORY_BITS: u32 = 16;
const HISTORY_MAX: i32 = 1 << 14;

/// Ordering scores, highest first. The bands keep the classes apart whatever the hints say.
pub const TT_MOVE: i32 = 1 << 30;
pub const NOISY: i32 = 1 << 26;
pub const KILLER: i32 = 1 << 25;
/// Captures that lose material by the exchange rule: after every quiet move.
pub const LOSING: i32 = -(1 << 26);

/// The moves a node has searched without a cut-off, by class, for the history tables.
pub struct Tried<M> {
    pub quiets: Vec<M>,
    pub noisy: Vec<M>,
}

// Not derived: that would ask `M: Default`.
impl<M> Default for Tried<M> {
    fn default() -> Self {
        Tried {
            quiets: Vec::new(),
            noisy: Vec::new(),
        }
    }
}

impl<M> Tried<M> {
    pub fn clear(&mut self) {
        self.quiets.clear();
        self.noisy.clear();
    }
}

pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    captures: Vec<i32>,
}

impl<M: MoveBits + PartialEq> Ordering<M> {
    pub fn new(max_ply: usize) -> Self {
        Ordering {
            killers: vec![[None, None]; max_ply],
            history: vec![0; 2 << HISTORY_BITS],
            captures: vec![0; 2 << HISTORY_BITS],
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

    /// How often the noisy move `mv` cut off, within ±`HISTORY_MAX`: the order among captures
    /// of like value.
    pub fn capture_history(&self, side: usize, mv: M) -> i32 {
        self.captures[Self::slot(side, mv)]
    }

    /// `mv` caused a beta cut-off after the moves `tried` failed: reward it by `bonus` (the
    /// game's `SearchParams::history_bonus`) and remember it as a killer if quiet, and punish
    /// the moves tried before it in its class; a quiet cut-off punishes the noisy moves too,
    /// which it made look worse than quiet.
    pub fn reward(
        &mut self,
        ply: usize,
        side: usize,
        bonus: i32,
        mv: M,
        quiet: bool,
        tried: &Tried<M>,
    ) {
        if quiet {
            let k = &mut self.killers[ply];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
            Self::bump(&mut self.history, side, mv, bonus);
            for &m in &tried.quiets {
                Self::bump(&mut self.history, side, m, -bonus);
            }
        } else {
            Self::bump(&mut self.captures, side, mv, bonus);
        }
        for &m in &tried.noisy {
            Self::bump(&mut self.captures, side, m, -bonus);
        }
    }

    fn bump(table: &mut [i32], side: usize, mv: M, bonus: i32) {
        // Gravity keeps every entry within ±HISTORY_MAX without periodic rescaling.
        let h = &mut table[Self::slot(side, mv)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Keep history between iterations but forget the killers of a previous root.
    pub fn clear_killers(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
    }
}
