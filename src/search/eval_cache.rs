//! A small per-thread cache of static evaluations by position hash. The search evaluates the
//! same positions again and again (each iteration revisits the last one's tree, re-searches
//! after a reduction or a null window, quiescence at transpositions), and a game's evaluation
//! can cost more than everything else at a node.

/// Entries per thread: 2^16 × 16 bytes = 1 MiB, within reach of the caches.
const BITS: u32 = 16;

pub(super) struct EvalCache {
    /// `(key, score)`; key 0 marks an empty slot (a position hashing to 0 is merely never
    /// cached).
    slots: Vec<(u64, i32)>,
}

impl EvalCache {
    pub(super) fn new() -> Self {
        EvalCache {
            slots: vec![(0, 0); 1 << BITS],
        }
    }

    /// The cached score of the position with hash `key`, or `eval()` computed and kept.
    #[inline]
    pub(super) fn get(&mut self, key: u64, eval: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[(key >> (64 - BITS)) as usize];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let score = eval();
        *slot = (key, score);
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_is_computed_once_per_key_and_replaced_on_collision() {
        let mut c = EvalCache::new();
        let mut calls = 0;
        let mut eval = |k: u64, s: i32| {
            c.get(k, || {
                calls += 1;
                s
            })
        };
        assert_eq!(eval(7, 10), 10);
        assert_eq!(eval(7, 99), 10);
        // Same slot (top bits equal), other key: recomputed.
        assert_eq!(eval(8, 20), 20);
        assert_eq!(eval(7, 30), 30);
        assert_eq!(calls, 3);
    }
}
