//! The tables of late move pruning and reductions. Each game's margins and depths are data
//! in its `SearchParams` (`Searchable::PARAMS`, src/game.rs).

/// How many quiet moves a node at `depth` with `moves` moves tries before the rest are
/// skipped: chess engines' counts, for about `span` moves, scaled up for more where `span`
/// is not 0 (in some games chess's counts leave the search blind to quiet defences when a
/// node has a hundred moves).
pub fn late_move_limit(depth: i32, improving: bool, moves: usize, span: usize) -> usize {
    let n = (3 + depth * depth) as usize;
    let n = if improving { n } else { n / 2 };
    match span {
        0 => n,
        span => n * (moves / span).max(1),
    }
}

const TABLE: usize = 64;

/// Late move reductions by depth and move number: `0.75 + ln(depth)·ln(number) / divisor`
/// plies (Ethereal's divisor is 2.25), before the adjustments of the node.
pub struct Reductions([[u8; TABLE]; TABLE]);

impl Reductions {
    pub fn new(divisor: f64) -> Self {
        let mut t = [[0u8; TABLE]; TABLE];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let plies = 0.75 + (d as f64).ln() * (m as f64).ln() / divisor;
                *r = plies as u8;
            }
        }
        Reductions(t)
    }

    pub fn get(&self, depth: i32, number: usize) -> i32 {
        let d = (depth.max(0) as usize).min(TABLE - 1);
        i32::from(self.0[d][number.min(TABLE - 1)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let r = Reductions::new(2.25);
        assert_eq!(r.get(1, 1), 0);
        assert!(r.get(3, 4) >= 1);
        assert!(r.get(20, 40) > r.get(6, 6));
        for d in 1..40 {
            for m in 1..60 {
                assert!(r.get(d, m) <= r.get(d + 1, m) && r.get(d, m) <= r.get(d, m + 1));
            }
        }
    }

    #[test]
    fn smaller_divisors_reduce_more() {
        let (chess, bolder) = (Reductions::new(2.25), Reductions::new(1.75));
        assert!(bolder.get(10, 20) > chess.get(10, 20));
        for d in 1..40 {
            for m in 1..60 {
                assert!(bolder.get(d, m) >= chess.get(d, m));
            }
        }
    }

    #[test]
    fn late_move_limits_widen_with_depth() {
        assert_eq!(late_move_limit(1, false, 30, 32), 2);
        assert_eq!(late_move_limit(1, true, 30, 32), 4);
        assert_eq!(late_move_limit(1, true, 130, 32), 16);
        assert_eq!(late_move_limit(1, true, 130, 0), 4);
        assert!(late_move_limit(8, false, 40, 32) > late_move_limit(4, true, 40, 32));
    }
}
