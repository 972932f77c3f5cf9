//! Match statistics: the Elo difference from a score, its error bar from the pentanomial
//! distribution of game pairs, and the sequential probability ratio test (SPRT).
//!
//! Games come in pairs (one opening, colours swapped), so the pair is the independent sample:
//! counting single games would treat the two halves of a lopsided opening as independent and
//! understate the error. A pair scores 0, ½, 1, 1½ or 2 points for engine 1; the five counts of
//! these are the pentanomial distribution. Formulas follow fishtest's `stat_util.py`.

/// Two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Elo difference of a score fraction (0..1) under the logistic model; ±infinity at 0 and 1.
pub fn elo(score: f64) -> f64 {
    // `+ 0.0` turns the -0 of an even score into 0, which prints without a sign.
    400.0 * (score / (1.0 - score)).log10() + 0.0
}

/// Score fraction expected at an Elo difference (inverse of [`elo`]).
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Counts of game pairs by engine 1's points: index 0 = 0 points (two losses), 1 = ½,
/// 2 = 1 (two draws or a win and a loss), 3 = 1½, 4 = 2 (two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

/// The value of each pentanomial bin as a score fraction per game.
const BIN_SCORE: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Pentanomial {
    /// Records a pair by engine 1's points in half-points (0..=4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Mean score fraction per game and the variance of one pair's score fraction.
    fn mean_var(counts: &[f64; 5]) -> (f64, f64) {
        let n: f64 = counts.iter().sum();
        let mean = counts
            .iter()
            .zip(BIN_SCORE)
            .map(|(c, v)| c * v)
            .sum::<f64>()
            / n;
        let var = counts
            .iter()
            .zip(BIN_SCORE)
            .map(|(c, v)| c * (v - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, var)
    }

    fn as_f64(&self) -> [f64; 5] {
        self.counts.map(f64::from)
    }

    /// Elo difference and the half-width of its 95% confidence interval, `None` before the
    /// first pair. The interval is taken on the score and mapped to Elo, so it is not symmetric
    /// in Elo; the half-width is half its length, as fishtest reports it.
    pub fn elo_interval(&self) -> Option<(f64, f64)> {
        let n = self.pairs();
        if n == 0 {
            return None;
        }
        let (mean, var) = Self::mean_var(&self.as_f64());
        let margin = Z95 * (var / f64::from(n)).sqrt();
        let half_width = if margin > 0.0 {
            (elo((mean + margin).min(1.0)) - elo((mean - margin).max(0.0))) / 2.0
        } else {
            0.0
        };
        Some((elo(mean), half_width))
    }
}

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Verdict {
    #[default]
    Continue,
    /// The lower bound was crossed: engine 1 is not `elo1` better (accept `elo0`).
    H0,
    /// The upper bound was crossed: engine 1 is `elo1` better rather than `elo0`.
    H1,
}

/// A sequential probability ratio test of `elo0` against `elo1` (logistic Elo).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// Lower and upper log-likelihood-ratio bounds (Wald).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalized log-likelihood ratio of `elo1` against `elo0` for the pairs so far, in
    /// the normal approximation N/2 · ln(r0/r1) where r_s is the mean squared distance of the
    /// pair scores from s (fishtest's `LLR_alt`). Empty bins count as 0.001 pairs, so that a
    /// few identical pairs do not make a variance of zero and an infinite ratio.
    pub fn llr(&self, penta: &Pentanomial) -> f64 {
        let n = penta.pairs();
        if n == 0 {
            return 0.0;
        }
        let counts = penta.as_f64().map(|c| c.max(1e-3));
        let total: f64 = counts.iter().sum();
        let spread = |s: f64| {
            counts
                .iter()
                .zip(BIN_SCORE)
                .map(|(c, v)| c * (v - s).powi(2))
                .sum::<f64>()
                / total
        };
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        f64::from(n) / 2.0 * (spread(s0) / spread(s1)).ln()
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        // -400 log10(1/0.75 - 1) = 400 log10(3) = 190.848...
        assert!(close(elo(0.75), 190.848, 1e-3));
        assert!(close(elo(0.25), -190.848, 1e-3));
        assert_eq!(elo(0.5).to_bits(), 0.0f64.to_bits());
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
        for e in [-300.0, -10.0, 0.0, 35.5, 400.0] {
            assert!(close(elo(score_of(e)), e, 1e-9));
        }
    }

    #[test]
    fn pentanomial_error_bar_by_hand() {
        // 10 pairs: 1 at 0 points, 2 at ½, 3 at 1, 3 at 1½, 1 at 2.
        // Per-game scores 0, .25, .5, .75, 1: mean = (0 + .5 + 1.5 + 2.25 + 1)/10 = 0.525.
        // Variance = (1·.275625 + 2·.075625 + 3·.000625 + 3·.050625 + 1·.225625)/10 = 0.080625.
        // Margin = 1.959964·sqrt(0.080625/10) = 0.175988; scores 0.349012 .. 0.700988.
        // Elo: 17.386 at the mean; 148.009 and -108.293 at the ends; half-width 128.151.
        let p = Pentanomial {
            counts: [1, 2, 3, 3, 1],
        };
        assert_eq!(p.pairs(), 10);
        let (mean, var) = Pentanomial::mean_var(&p.as_f64());
        assert!(close(mean, 0.525, 1e-12) && close(var, 0.080625, 1e-12));
        let (e, pm) = p.elo_interval().unwrap();
        assert!(close(e, 17.3864, 1e-3), "{e}");
        assert!(close(pm, 128.151, 1e-3), "{pm}");
    }

    #[test]
    fn no_pairs_no_numbers() {
        let p = Pentanomial::default();
        assert_eq!(p.elo_interval(), None);
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(sprt.llr(&p), 0.0);
    }

    #[test]
    fn identical_pairs_have_no_error_bar() {
        let p = Pentanomial {
            counts: [0, 0, 7, 0, 0],
        };
        assert_eq!(p.elo_interval(), Some((0.0, 0.0)));
        let p = Pentanomial {
            counts: [0, 0, 0, 0, 3],
        };
        assert_eq!(p.elo_interval(), Some((f64::INFINITY, 0.0)));
    }

    #[test]
    fn an_interval_past_a_perfect_score_is_infinite_not_nan() {
        let p = Pentanomial {
            counts: [0, 0, 0, 1, 2],
        };
        let (e, pm) = p.elo_interval().unwrap();
        assert!(e.is_finite() && e > 0.0);
        assert_eq!(pm, f64::INFINITY);
    }

    #[test]
    fn sprt_bounds_and_sign() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt.bounds();
        // ln(0.05/0.95) = -2.944439
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        let winning = Pentanomial {
            counts: [2, 5, 20, 10, 5],
        };
        let losing = Pentanomial {
            counts: [5, 10, 20, 5, 2],
        };
        let even = Pentanomial {
            counts: [3, 8, 20, 8, 3],
        };
        assert!(sprt.llr(&winning) > 0.0);
        assert!(sprt.llr(&losing) < 0.0);
        // At a score of exactly 50% elo0 = 0 fits better than elo1 = 10.
        assert!(sprt.llr(&even) < 0.0);
        assert_eq!(sprt.verdict(3.0), Verdict::H1);
        assert_eq!(sprt.verdict(-3.0), Verdict::H0);
        assert_eq!(sprt.verdict(0.5), Verdict::Continue);
    }

    #[test]
    fn sprt_llr_by_hand() {
        // Pairs [2, 5, 20, 10, 5] (42): mean 0.565476; with s0 = 0.5 and s1 = score_of(10) =
        // 0.514387, r0 = 0.063988 and r1 = 0.062311 (no empty bin, so no padding);
        // LLR = 21 · ln(r0/r1) = 0.5577 (computed separately in Python).
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let p = Pentanomial {
            counts: [2, 5, 20, 10, 5],
        };
        let llr = sprt.llr(&p);
        assert!(close(llr, 0.5577, 1e-4), "{llr}");
    }

    #[test]
    fn sprt_stops_on_a_long_one_sided_run() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let mut p = Pentanomial::default();
        let mut pairs = 0;
        while sprt.verdict(sprt.llr(&p)) == Verdict::Continue {
            p.add(3);
            p.add(2);
            pairs += 2;
            assert!(pairs < 1000, "no decision");
        }
        assert_eq!(sprt.verdict(sprt.llr(&p)), Verdict::H1);
    }
}
