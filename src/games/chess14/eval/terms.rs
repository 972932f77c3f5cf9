//! The evaluation as a weighted sum: each side's count of every term, times the term's weight
//! over the term's unit, plus what is not linear in any weight (`Terms::rest`). One table
//! serves the play (`Terms::score`) and the tuner (`linear_weights`, `Terms::counts`), so the
//! two cannot drift apart.

use super::super::pieces::{KINDS, Kind};
use crate::game::{Side, Weight};

/// A weight: its name for the tuner, its value, the unit of its count (the evaluation adds
/// value × count / unit: centrality counts in 64ths of the centre, for instance), and the
/// tuner's step for it.
struct Def {
    name: &'static str,
    value: i32,
    unit: i32,
    step: f64,
}

const fn def(name: &'static str, value: i32, unit: i32, step: f64) -> Def {
    Def {
        name,
        value,
        unit,
        step,
    }
}

/// Material of the pawn to the general (the king has none), by `material(kind)`.
const MATERIAL: usize = 0;
/// Mobility per safe square of the knight to the general, by `mobility(kind)`.
const MOBILITY: usize = MATERIAL + KINDS.len() - 1;
/// Centrality of the knight to the general, by `centre(kind)`, in 64ths of the centre (0 in
/// a corner).
const CENTRE: usize = MOBILITY + KINDS.len() - 2;
/// The king's centrality, in 64ths of the centre and 256ths of the middlegame (the king wants
/// the back, a penalty counted negative) or of the endgame (it wants the centre).
pub const KING_BACK: usize = CENTRE + KINDS.len() - 2;
pub const KING_CENTRE: usize = KING_BACK + 1;
/// Per step a pawn has advanced towards its promotion zone.
pub const PAWN_STEP: usize = KING_CENTRE + 1;
/// Passed pawns by the steps they have still to go (`PASSED + steps - 1`), in 256ths: a
/// blocked passer counts a share.
pub const PASSED: usize = PAWN_STEP + 1;
pub const PASSED_STEPS: usize = 7;
/// Pieces attacked by a less valuable enemy piece, and attacked and not defended (penalties,
/// counted negative).
pub const BY_LESSER: usize = PASSED + PASSED_STEPS;
pub const HANGING: usize = BY_LESSER + 1;
/// Own pieces right next to the king.
pub const KING_NEIGHBOUR: usize = HANGING + 1;
/// The king's danger by attack units (a penalty, counted negative), in hundredths: the weight
/// is its scale in percent.
pub const KING_DANGER: usize = KING_NEIGHBOUR + 1;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = KING_DANGER + 1;
/// Pawns on a file beyond the first of their side there, and pawns with no pawn of their side
/// on a neighbouring file (penalties, counted negative).
pub const DOUBLED: usize = BISHOP_PAIR + 1;
pub const ISOLATED: usize = DOUBLED + 1;
/// Rooks on a file with no pawn, and on one with enemy pawns only.
pub const ROOK_OPEN: usize = ISOLATED + 1;
pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// Being on move.
pub const TEMPO: usize = ROOK_HALF_OPEN + 1;
pub const COUNT: usize = TEMPO + 1;

/// Every weight, in the order above. Material and mobility were fitted by `tabula tune` to
/// the results of 3,054 self-play and match games on the 12x10 cut (docs/journal/performance.md,
/// "... weights fitted to 3,054 games"); the camel, which the cut has not, keeps its guess.
/// The rules page's values (`Kind::value`) still price exchanges, order captures and measure
/// the phase.
const DEFS: [Def; COUNT] = [
    def("p", 100, 1, 0.0),
    def("n", 159, 1, 2.0),
    def("c", 200, 1, 2.0),
    def("b", 333, 1, 2.0),
    def("r", 229, 1, 2.0),
    def("h", 609, 1, 2.0),
    def("e", 750, 1, 2.0),
    def("q", 767, 1, 2.0),
    def("a", 1189, 1, 2.0),
    def("g", 419, 1, 2.0),
    def("mob-n", 14, 1, 0.05),
    def("mob-c", 8, 1, 0.05),
    def("mob-b", 12, 1, 0.05),
    def("mob-r", 20, 1, 0.05),
    def("mob-h", 6, 1, 0.05),
    def("mob-e", 0, 1, 0.05),
    def("mob-q", 4, 1, 0.05),
    def("mob-a", 1, 1, 0.05),
    def("mob-g", 15, 1, 0.05),
    def("centre-n", 145, 64, 0.05),
    def("centre-c", 30, 64, 0.05),
    def("centre-b", -51, 64, 0.05),
    def("centre-r", -81, 64, 0.05),
    def("centre-h", 100, 64, 0.05),
    def("centre-e", 100, 64, 0.05),
    def("centre-q", 104, 64, 0.05),
    def("centre-a", 158, 64, 0.05),
    def("centre-g", -39, 64, 0.05),
    def("king-back", -104, 64 * 256, 0.05),
    def("king-centre", 40, 64 * 256, 0.05),
    def("pawn-step", 73, 1, 0.05),
    def("passed-1", 105, 256, 0.2),
    def("passed-2", 77, 256, 0.2),
    def("passed-3", -278, 256, 0.2),
    def("passed-4", -60, 256, 0.2),
    def("passed-5", 20, 256, 0.2),
    def("passed-6", 12, 256, 0.2),
    def("passed-7", 6, 256, 0.2),
    def("by-lesser", 91, 1, 0.05),
    def("hanging", 93, 1, 0.05),
    def("king-neighbour", 29, 1, 0.05),
    def("king-danger", 146, 100, 0.1),
    def("bishop-pair", 66, 1, 0.1),
    def("doubled", -42, 1, 0.05),
    def("isolated", -25, 1, 0.05),
    def("rook-open", 48, 1, 0.05),
    def("rook-half-open", 76, 1, 0.05),
    def("tempo", 58, 1, 0.05),
];

/// A multiple of every unit: the sum is taken in this many parts and divided once.
const PARTS: i64 = 64 * 256 * 25;

/// Each weight in `PARTS` per count.
const SCALED: [i64; COUNT] = {
    let mut s = [0; COUNT];
    let mut i = 0;
    while i < COUNT {
        assert!(PARTS % DEFS[i].unit as i64 == 0);
        s[i] = DEFS[i].value as i64 * (PARTS / DEFS[i].unit as i64);
        i += 1;
    }
    s
};

/// The material term of `kind` (not the king).
pub fn material(kind: Kind) -> usize {
    MATERIAL + kind as usize - 1
}

/// The mobility term of `kind` (neither the pawn nor the king).
pub fn mobility(kind: Kind) -> usize {
    MOBILITY + kind as usize - 2
}

/// The centrality term of `kind` (neither the pawn nor the king).
pub fn centre(kind: Kind) -> usize {
    CENTRE + kind as usize - 2
}

/// The kinds with a mobility term.
pub fn mobile() -> impl Iterator<Item = Kind> {
    KINDS[1..KINDS.len() - 1].iter().copied()
}

/// A weight's value.
#[cfg(test)]
pub fn value(term: usize) -> i32 {
    DEFS[term].value
}

/// The weights, for a tuner, in the order of `Terms::counts`.
pub fn linear_weights() -> Vec<Weight> {
    DEFS.iter()
        .map(|d| Weight {
            name: d.name.to_string(),
            value: d.value,
            step: d.step,
        })
        .collect()
}

/// Each side's counts of the terms, and the rest of its score.
pub struct Terms {
    n: [[i32; COUNT]; 2],
    pub rest: [i32; 2],
}

impl Terms {
    pub fn new() -> Terms {
        Terms {
            n: [[0; COUNT]; 2],
            rest: [0; 2],
        }
    }

    #[inline]
    pub fn add(&mut self, side: Side, term: usize, count: i32) {
        self.n[side.index()][term] += count;
    }

    /// `side`'s count of `term` so far.
    pub fn count(&self, side: Side, term: usize) -> i32 {
        self.n[side.index()][term]
    }

    /// The score for `us`: our terms and rest less the other side's.
    pub fn score(&self, us: Side) -> i32 {
        let (a, b) = (&self.n[us.index()], &self.n[us.other().index()]);
        let mut sum = 0i64;
        for i in 0..COUNT {
            sum += SCALED[i] * i64::from(a[i] - b[i]);
        }
        (sum / PARTS) as i32 + self.rest[us.index()] - self.rest[us.other().index()]
    }

    /// The first player's counts less the second's, in each weight's units, the nonzero ones.
    pub fn counts(&self, out: &mut Vec<(usize, f64)>) {
        out.clear();
        out.extend((0..COUNT).filter_map(|i| {
            let n = self.n[0][i] - self.n[1][i];
            (n != 0).then(|| (i, f64::from(n) / f64::from(DEFS[i].unit)))
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_terms_in_order() {
        let kinds: Vec<usize> = KINDS[..KINDS.len() - 1]
            .iter()
            .map(|&k| material(k))
            .chain(mobile().map(mobility))
            .chain(mobile().map(centre))
            .collect();
        assert_eq!(kinds, (0..KING_BACK).collect::<Vec<_>>());
        for k in mobile() {
            assert_eq!(DEFS[material(k)].name, k.letter().to_string());
            assert_eq!(DEFS[mobility(k)].name, format!("mob-{}", k.letter()));
            assert_eq!(DEFS[centre(k)].name, format!("centre-{}", k.letter()));
        }
    }

    #[test]
    fn the_score_is_the_weighted_difference_and_the_counts_its_units() {
        let mut t = Terms::new();
        t.add(Side::P1, material(Kind::Knight), 1);
        t.add(Side::P1, centre(Kind::Knight), 64);
        t.add(Side::P2, PASSED, 128);
        t.rest = [5, 2];
        // Half a passer: the exact score may fall between centipawns, and is cut towards 0.
        let exact = f64::from(value(material(Kind::Knight)) + value(centre(Kind::Knight)))
            - f64::from(value(PASSED)) / 2.0
            + 3.0;
        let white = t.score(Side::P1);
        assert!(
            (f64::from(white) - exact).abs() < 1.0,
            "{white} against {exact}"
        );
        assert_eq!(t.score(Side::P2), -white);
        let mut counts = Vec::new();
        t.counts(&mut counts);
        let knight = material(Kind::Knight);
        assert_eq!(
            counts,
            [(knight, 1.0), (centre(Kind::Knight), 1.0), (PASSED, -0.5)]
        );
    }
}
