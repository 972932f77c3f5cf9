//! Correction history: how far the static score has erred, learnt from the scores the search
//! finds, by a key of the position the game names (`Searchable::correction_key`: Chess14's
//! pawn structure, Gomoku's stones around the last one, which their evaluations misjudge alike
//! wherever they recur). The searcher adds the learnt error to the static score wherever it
//! uses one.

/// Entries per side, by the key's top bits.
const BITS: u32 = 14;
/// Entries hold the error in sixteenths of an evaluation unit...
const GRAIN: i32 = 16;
/// ...up to 128 units either way.
const LIMIT: i32 = 128 * GRAIN;

pub struct Correction(Vec<i32>);

impl Correction {
    pub fn new() -> Self {
        Correction(vec![0; 2 << BITS])
    }

    fn slot(side: usize, key: u64) -> usize {
        (side << BITS) | (key >> (64 - BITS)) as usize
    }

    /// `eval`, the static score of a position with this key for `side` to move, corrected.
    pub fn adjust(&self, side: usize, key: Option<u64>, eval: i32) -> i32 {
        key.map_or(eval, |k| eval + self.0[Self::slot(side, k)] / GRAIN)
    }

    /// A search to `depth` found the position `error` units better than its (corrected)
    /// static score. Deeper searches weigh more; gravity keeps each entry within the limit
    /// and lets it follow a drift.
    pub fn learn(&mut self, side: usize, key: u64, depth: i32, error: i32) {
        let bonus = (error.saturating_mul(GRAIN) / 8 * depth.max(1)).clamp(-LIMIT / 4, LIMIT / 4);
        let e = &mut self.0[Self::slot(side, key)];
        *e += bonus - *e * bonus.abs() / LIMIT;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Searches that keep finding a key's positions `truth` units above their raw static
    /// score, each learning from the error of the corrected score: the correction it ends at.
    fn settle(c: &mut Correction, key: u64, truth: i32, searches: usize) -> i32 {
        for _ in 0..searches {
            let corrected = c.adjust(0, Some(key), 0);
            c.learn(0, key, 10, truth - corrected);
        }
        c.adjust(0, Some(key), 0)
    }

    #[test]
    fn a_repeated_error_is_learnt_for_its_key_alone_and_within_the_limit() {
        let mut c = Correction::new();
        let (key, other) = (0xABCD_0000_0000_0000, 0x1234_0000_0000_0000);
        assert_eq!(c.adjust(0, Some(key), 50), 50);
        let learnt = settle(&mut c, key, 60, 100);
        assert!((55..=60).contains(&learnt), "{learnt}");
        assert_eq!(c.adjust(0, Some(key), 50), 50 + learnt);
        assert_eq!(c.adjust(1, Some(key), 50), 50, "the other side's entry");
        assert_eq!(c.adjust(0, Some(other), 50), 50, "another key's entry");
        assert_eq!(c.adjust(0, None, 50), 50, "no key, no correction");
        let capped = settle(&mut c, key, 10_000, 100);
        assert!((100..=LIMIT / GRAIN).contains(&capped), "{capped}");
        let back = settle(&mut c, key, -30, 100);
        assert!((-30..=-25).contains(&back), "it follows a drift: {back}");
    }
}
