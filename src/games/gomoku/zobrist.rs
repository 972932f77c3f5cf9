//! Zobrist keys: one per colour and point, fixed at compile time.

use super::geometry::{MAX_SIZE, Point, Rule};
use crate::game::Side;
use crate::rng::{GOLDEN, splitmix};

const POINTS: usize = MAX_SIZE * MAX_SIZE;

/// The keys are the SplitMix64 stream from this seed: Black's points, then White's.
const SEED: u64 = 0x7461_6275_6c61_676d;

static KEYS: [[u64; POINTS]; 2] = {
    let mut keys = [[0; POINTS]; 2];
    let mut k = 0;
    while k < 2 * POINTS {
        keys[k / POINTS][k % POINTS] = splitmix(SEED.wrapping_add((k as u64).wrapping_mul(GOLDEN)));
        k += 1;
    }
    keys
};

/// The key of a stone of `side` on `p`.
pub fn stone(side: Side, p: Point) -> u64 {
    KEYS[side.index()][p.index()]
}

/// The key of the five-in-a-row rule: positions that look alike but are judged by different
/// rules must not share table entries. Free-style, the default, adds nothing.
pub fn rule(rule: Rule) -> u64 {
    match rule {
        Rule::Freestyle => 0,
        Rule::ExactFive => splitmix(SEED ^ GOLDEN),
        Rule::Renju => splitmix(SEED ^ GOLDEN.rotate_left(29)),
    }
}

/// The key of a passed turn (the search's null move): the same stones with the other side to
/// move are another position.
pub const PASS: u64 = splitmix(SEED ^ GOLDEN.rotate_left(17));
