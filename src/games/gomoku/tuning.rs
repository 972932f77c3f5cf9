//! The evaluation's weights as `tabula tune` sees them: every entry of `weights.rs`'s tables,
//! counted in a position from the first player's side, and the tables written back as source.
//!
//! Out of the fours (which `evaluate` scores before any weight) the evaluation is linear in
//! its tables: each line's shape and each empty point's pair of strongest shapes adds its
//! entry once, and each colour's threats pick one entry of its threat table.

use super::cells::two_strongest;
use super::position::Gomoku;
use super::shapes::{SHAPES, Shape};
use super::weights::{
    ENEMY_LINES, ENEMY_POINTS, ENEMY_THREATS, OWN_LINES, OWN_POINTS, OWN_THREATS, Threats,
};
use crate::game::{Side, Tunable, Weight};

/// The tables in tuning order, each as the mover's and the enemy's.
const LINES: usize = SHAPES;
const THREATS: usize = 3 * 3 * 4;
const POINTS: usize = SHAPES * SHAPES;
const OWN_LINE: usize = 0;
const ENEMY_LINE: usize = OWN_LINE + LINES;
const OWN_THREAT: usize = ENEMY_LINE + LINES;
const ENEMY_THREAT: usize = OWN_THREAT + THREATS;
const OWN_POINT: usize = ENEMY_THREAT + THREATS;
const ENEMY_POINT: usize = OWN_POINT + POINTS;
const WEIGHTS: usize = ENEMY_POINT + POINTS;

/// The step of a fitted weight: the evaluation's unit is about a hundredth of a win's odds.
const STEP: f64 = 1.0;

/// A point whose strongest shape is below an open two weighs nothing (`weights.rs`).
const FIRST_POINT_SHAPE: usize = Shape::OpenTwo as usize;

fn shape_name(s: usize) -> &'static str {
    [
        "dead", "one", "ctwo", "otwo", "cthree", "othree", "four", "ofour",
    ][s]
}

fn threat_index(open_threes: usize, closed_threes: usize, open_twos: usize) -> usize {
    (open_threes * 3 + closed_threes) * 4 + open_twos
}

fn flat_threats(t: &Threats) -> impl Iterator<Item = i32> + '_ {
    t.iter().flatten().flatten().copied()
}

impl Tunable for Gomoku {
    /// Every table entry; held are those the fit cannot see (fours, dead lines) and the
    /// points that weigh nothing by design (below an open two, or a second shape stronger
    /// than the first, which no point has).
    fn weights() -> Vec<Weight> {
        let mut out = Vec::with_capacity(WEIGHTS);
        for (who, table) in [("own", &OWN_LINES), ("enemy", &ENEMY_LINES)] {
            for (s, &value) in table.iter().enumerate() {
                let fitted = s != Shape::Dead as usize && s < Shape::Four as usize;
                out.push(weight(
                    format!("{who}-line-{}", shape_name(s)),
                    value,
                    fitted,
                ));
            }
        }
        for (who, table) in [("own", &OWN_THREATS), ("enemy", &ENEMY_THREATS)] {
            for (i, value) in flat_threats(table).enumerate() {
                let (three, rest) = (i / 12, i % 12);
                let name = format!("{who}-threats-{three}{}{}", rest / 4, rest % 4);
                out.push(weight(name, value, true));
            }
        }
        for (who, table) in [("own", &OWN_POINTS), ("enemy", &ENEMY_POINTS)] {
            for (first, row) in table.iter().enumerate() {
                for (second, &value) in row.iter().enumerate() {
                    let name = format!("{who}-point-{}-{}", shape_name(first), shape_name(second));
                    let fitted = first >= FIRST_POINT_SHAPE && second <= first;
                    out.push(weight(name, value, fitted));
                }
            }
        }
        out
    }

    fn weight_counts(&self, out: &mut Vec<(usize, f64)>) {
        let mover = self.side_to_move();
        // The evaluation is the mover's: from the first player's side, the second's counts
        // turn over.
        let sign = if mover == Side::P1 { 1 } else { -1 };
        let mut all = [0i32; WEIGHTS];
        for (side, lines, threats, points) in [
            (mover, OWN_LINE, OWN_THREAT, OWN_POINT),
            (mover.other(), ENEMY_LINE, ENEMY_THREAT, ENEMY_POINT),
        ] {
            let counts = self.counts(side);
            for (s, &n) in counts.iter().enumerate() {
                all[lines + s] += sign * n;
            }
            let at = |shape: Shape, cap: i32| counts[shape as usize].min(cap) as usize;
            let threat = threat_index(
                at(Shape::OpenThree, 2),
                at(Shape::ClosedThree, 2),
                at(Shape::OpenTwo, 3),
            );
            all[threats + threat] += sign;
            for p in self.board().points() {
                let [first, second] = two_strongest(self.cells().code(side, p));
                all[points + first * SHAPES + second] += sign;
            }
        }
        out.clear();
        let nonzero = all.into_iter().enumerate().filter(|&(_, n)| n != 0);
        out.extend(nonzero.map(|(i, n)| (i, f64::from(n))));
    }

    /// No five on the board and no four of either colour: `evaluate` is then the weighted
    /// sum alone.
    fn settled(&self) -> bool {
        self.winner().is_none() && self.fours(Side::P1) == 0 && self.fours(Side::P2) == 0
    }

    fn weights_source(values: &[i32]) -> Option<String> {
        let row = |v: &[i32]| {
            let items: Vec<String> = v.iter().map(i32::to_string).collect();
            format!("[{}]", items.join(", "))
        };
        let threats = |at: usize| {
            let blocks: Vec<String> = (0..3)
                .map(|three| {
                    let rows: Vec<String> = (0..3)
                        .map(|closed| {
                            let i = at + threat_index(three, closed, 0);
                            row(&values[i..i + 4])
                        })
                        .collect();
                    format!("    [{}],\n", rows.join(", "))
                })
                .collect();
            blocks.concat()
        };
        let points = |at: usize| {
            let rows: Vec<String> = (0..SHAPES)
                .map(|first| {
                    let i = at + first * SHAPES;
                    format!("    {},\n", row(&values[i..i + SHAPES]))
                })
                .collect();
            rows.concat()
        };
        Some(format!(
            "pub const OWN_LINES: [i32; SHAPES] = {};\n\
             pub const ENEMY_LINES: [i32; SHAPES] = {};\n\
             pub const OWN_THREATS: Threats = [\n{}];\n\
             pub const ENEMY_THREATS: Threats = [\n{}];\n\
             pub const OWN_POINTS: [[i32; SHAPES]; SHAPES] = [\n{}];\n\
             pub const ENEMY_POINTS: [[i32; SHAPES]; SHAPES] = [\n{}];\n",
            row(&values[OWN_LINE..OWN_LINE + LINES]),
            row(&values[ENEMY_LINE..ENEMY_LINE + LINES]),
            threats(OWN_THREAT),
            threats(ENEMY_THREAT),
            points(OWN_POINT),
            points(ENEMY_POINT),
        ))
    }
}

fn weight(name: String, value: i32, fitted: bool) -> Weight {
    Weight {
        name,
        value,
        step: if fitted { STEP } else { 0.0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rules, Searchable};

    /// The evaluation from the first player's side.
    fn first_players(pos: &Gomoku) -> i32 {
        let e = pos.evaluate(&());
        if pos.side_to_move() == Side::P1 {
            e
        } else {
            -e
        }
    }

    #[test]
    fn the_weights_times_their_counts_are_the_evaluation() {
        let weights = Gomoku::weights();
        assert_eq!(weights.len(), WEIGHTS);
        let mut pos = Gomoku::start("gomoku", &Default::default()).unwrap();
        let mut counts = Vec::new();
        let mut settled = 0;
        for text in [
            "H8", "I9", "G9", "I8", "I7", "G7", "J9", "H9", "H7", "J8", "K7", "F8",
        ] {
            let p = pos.parse_move(text).unwrap();
            pos.play(p);
            if !pos.settled() {
                continue;
            }
            settled += 1;
            pos.weight_counts(&mut counts);
            let sum: f64 = counts
                .iter()
                .map(|&(i, n)| f64::from(weights[i].value) * n)
                .sum();
            assert_eq!(sum, f64::from(first_players(&pos)), "after {text}");
        }
        assert!(settled >= 8, "{settled}");
    }

    #[test]
    fn a_four_on_the_board_is_not_settled() {
        let mut pos = Gomoku::start("gomoku", &Default::default()).unwrap();
        for text in ["H8", "A1", "I8", "A3", "J8", "A5", "K8"] {
            let p = pos.parse_move(text).unwrap();
            pos.play(p);
        }
        assert!(!pos.settled());
    }

    #[test]
    fn the_source_is_the_tables_in_use() {
        let values: Vec<i32> = Gomoku::weights().iter().map(|w| w.value).collect();
        let source = Gomoku::weights_source(&values).unwrap();
        let text = include_str!("weights.rs");
        // The same numbers in the same order as the file's tables, whatever the layout.
        let numbers = |s: &str| -> Vec<i32> {
            s.split(|c: char| !(c.is_ascii_digit() || c == '-'))
                .filter_map(|w| w.parse().ok())
                .collect()
        };
        let start = text.find("pub const OWN_LINES").unwrap();
        let end = text.find("/// By code").unwrap();
        let file: String = text[start..end]
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(numbers(&source), numbers(&file));
        assert!(source.contains("pub const OWN_POINTS: [[i32; SHAPES]; SHAPES] = [\n    [0,"));
    }
}
