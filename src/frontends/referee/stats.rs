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

/// The likelihood of superiority: the probability that engine 1 is the stronger, from its
/// wins and losses (draws say nothing of it), by the normal approximation cutechess-cli uses:
/// ½ (1 + erf((W − L) / √(2 (W + L)))).
pub fn likelihood_of_superiority(wins: u32, losses: u32) -> f64 {
    let decisive = f64::from(wins + losses);
    if decisive == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((f64::from(wins) - f64::from(losses)) / (2.0 * decisive).sqrt()))
}

/// The error function, to within 1.5e-7 (Abramowitz and Stegun 7.1.26).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
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

    /// The generalized log-likelihood ratio of `elo1` against `elo0` for the pairs so far:
    /// N · Σ p̂ᵢ ln(p1ᵢ/p0ᵢ), p̂ being the observed pentanomial and p_s the distribution of
    /// largest likelihood whose mean score is s (fishtest's `LLR_logistic`). Empty bins count
    /// as 0.001 pairs, as in fishtest, so that an unseen result is unlikely, not impossible.
    ///
    /// The exact likelihood matters: the normal approximation N/2 · ln(r0/r1) takes the
    /// spread of the few pairs seen so far for the true one, so a run of 1-1 pairs (common in
    /// Gomoku, where the first player usually wins) looked nearly variance-free and accepted
    /// H0 after seven pairs. Here each such pair costs only what moving the mean to s1 costs.
    pub fn llr(&self, penta: &Pentanomial) -> f64 {
        if penta.pairs() == 0 {
            return 0.0;
        }
        let counts = penta.as_f64().map(|c| c.max(1e-3));
        let total: f64 = counts.iter().sum();
        let pdf = counts.map(|c| c / total);
        let (p0, p1) = (
            max_likelihood(&pdf, score_of(self.elo0)),
            max_likelihood(&pdf, score_of(self.elo1)),
        );
        total * (0..5).map(|i| pdf[i] * (p1[i] / p0[i]).ln()).sum::<f64>()
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

/// The distribution closest to `pdf` (largest likelihood of the sample `pdf` describes) with
/// mean score `s`: pᵢ = pdfᵢ / (1 + λ(vᵢ − s)), λ being the root of Σ pᵢ (vᵢ − s) = 0 (the
/// Lagrange condition), found by bisection: the sum falls as λ grows, over the λ that keep every
/// pᵢ positive. `pdf` must have no zero bin. `s` is kept a hair inside (0, 1) so that absurd
/// Elo bounds (thousands) still give a finite answer.
fn max_likelihood(pdf: &[f64; 5], s: f64) -> [f64; 5] {
    let s = s.clamp(1e-9, 1.0 - 1e-9);
    let excess = |lambda: f64| {
        pdf.iter()
            .zip(BIN_SCORE)
            .map(|(p, v)| p * (v - s) / (1.0 + lambda * (v - s)))
            .sum::<f64>()
    };
    // 1 + λ(v − s) > 0 for v = 0 and v = 1.
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        if excess(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = (lo + hi) / 2.0;
    let mut p = [0.0; 5];
    for (i, v) in BIN_SCORE.iter().enumerate() {
        p[i] = pdf[i] / (1.0 + lambda * (v - s));
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn likelihood_of_superiority_by_hand() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_79, 1e-6));
        assert!(close(erf(-0.5), -0.520_499_88, 1e-6));
        assert_eq!(likelihood_of_superiority(0, 0), 0.5);
        assert!(close(likelihood_of_superiority(5, 5), 0.5, 1e-9));
        // W - L = 10 over 50 decisive games: ½ (1 + erf(10 / 10)) = 0.9214.
        assert!(close(likelihood_of_superiority(30, 20), 0.921_350, 1e-5));
        assert!(likelihood_of_superiority(0, 4) < 0.03);
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

    fn sprt(elo1: f64) -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn sprt_llr_by_hand() {
        // Pairs [2, 5, 20, 10, 5] (42), s0 = 0.5, s1 = score_of(10) = 0.514387: the LLR of the
        // two maximum-likelihood distributions is 0.546191 (computed separately in Python by
        // Newton's method on λ, as fishtest's `LLR_logistic` does).
        let p = Pentanomial {
            counts: [2, 5, 20, 10, 5],
        };
        let llr = sprt(10.0).llr(&p);
        assert!(close(llr, 0.546_191, 1e-5), "{llr}");
    }

    #[test]
    fn max_likelihood_keeps_a_distribution_with_the_asked_mean() {
        let pdf = [0.1, 0.2, 0.4, 0.2, 0.1].map(|p: f64| p.max(1e-6));
        for s in [0.3, 0.5, 0.514, 0.9] {
            let p = max_likelihood(&pdf, s);
            let mean: f64 = p.iter().zip(BIN_SCORE).map(|(p, v)| p * v).sum();
            assert!(
                close(p.iter().sum(), 1.0, 1e-9) && close(mean, s, 1e-9),
                "{s}: {p:?}"
            );
        }
        // The observed distribution is its own best fit at its own mean.
        let p = max_likelihood(&pdf, 0.5);
        assert!(p.iter().zip(pdf).all(|(a, b)| close(*a, b, 1e-9)));
    }

    #[test]
    fn split_pairs_do_not_accept_h0_after_a_handful() {
        // Pairs that split 1-1 are the rule in free-style Gomoku. The normal approximation
        // took 7 of them for a variance-free sample and accepted H0 (LLR -4.2 with elo1 10).
        // Exactly: each costs the likelihood of moving the mean to s1, about 0.029 (elo1 10)
        // or 0.059 (elo1 20), so -0.577 and -1.177 after 20 pairs (Python, as above).
        let mut p = Pentanomial::default();
        for _ in 0..20 {
            p.add(2);
            for elo1 in [10.0, 20.0] {
                let test = sprt(elo1);
                assert_eq!(test.verdict(test.llr(&p)), Verdict::Continue, "{p:?}");
            }
        }
        assert!(close(sprt(10.0).llr(&p), -0.577_067, 1e-5));
        assert!(close(sprt(20.0).llr(&p), -1.176_947, 1e-5));
        // A long enough run does decide: 150 split pairs are strong evidence against +10.
        p.counts[2] = 150;
        assert_eq!(sprt(10.0).verdict(sprt(10.0).llr(&p)), Verdict::H0);
    }

    #[test]
    fn a_few_lucky_pairs_decide_nothing() {
        for counts in [
            [0, 0, 3, 2, 0],
            [0, 2, 3, 0, 0],
            [0, 0, 0, 0, 5],
            [3, 0, 2, 0, 0],
        ] {
            let p = Pentanomial { counts };
            let test = sprt(10.0);
            assert_eq!(test.verdict(test.llr(&p)), Verdict::Continue, "{counts:?}");
        }
    }

    #[test]
    fn huge_elo_bounds_give_a_finite_llr() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 9000.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let llr = test.llr(&Pentanomial {
            counts: [1, 2, 3, 2, 1],
        });
        assert!(llr.is_finite() && llr < 0.0, "{llr}");
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
