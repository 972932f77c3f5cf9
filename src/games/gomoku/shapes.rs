//! Line patterns, the terms of the evaluation (`weights.rs` says what they are worth). Along
//! each line, a colour can still make five only inside 5-point windows free of enemy stones
//! and of the board's edge; how many of those windows hold how many of its stones tells its
//! shape: a four has a point that completes five (an open four has two), and an open three
//! or two lies in two or more windows where a closed one lies in a single window (`|XXX..`
//! can only become a closed four, `..XXX..` an open one).

use super::board::Board;
use super::geometry::{Rule, line_span};
use crate::game::Side;

/// The strongest shape one colour has along one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Shape {
    Dead,
    One,
    ClosedTwo,
    OpenTwo,
    ClosedThree,
    OpenThree,
    Four,
    OpenFour,
}

/// How many shapes there are (`Shape as usize` indexes per-shape tables).
pub const SHAPES: usize = 8;

/// What a line holds for one colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LineShape {
    pub shape: Shape,
    /// The empty points where a stone of the colour would make five.
    pub five_points: u32,
}

/// The shape of `own` stones along a line whose points are `span`, with `opp` the enemy's,
/// under `rule` (the colour's, from `Rule::for_side`).
pub fn line_shape(own: u32, opp: u32, span: u32, rule: Rule) -> LineShape {
    if own == 0 {
        return LineShape {
            shape: Shape::Dead,
            five_points: 0,
        };
    }
    let starts = five_starts(own, opp, span, rule);
    let by_count = WindowCounts::new(own);
    let windows = |stones| (starts & by_count.holding(stones)).count_ones();
    let five_points = five_points(own, starts, &by_count);
    let shape = match (five_points.count_ones(), windows(3), windows(2), windows(1)) {
        (2.., ..) => Shape::OpenFour,
        (1, ..) => Shape::Four,
        // Two windows of three are not enough: in `OXXX..X` both need the same two points,
        // and no stone makes a four with two five points.
        (0, 2.., ..) if makes_open_four(own, opp, span, rule, starts & by_count.holding(3)) => {
            Shape::OpenThree
        }
        (0, 1.., ..) => Shape::ClosedThree,
        (0, 0, 2.., _) => Shape::OpenTwo,
        (0, 0, 1, _) => Shape::ClosedTwo,
        (0, 0, 0, 1..) => Shape::One,
        _ => Shape::Dead,
    };
    LineShape { shape, five_points }
}

/// The starts of the windows where `own` can still make five: free of `opp` and inside
/// `span`, and under exactly-five not next to an own stone (filled up, such a window makes
/// an overline, which does not win).
fn five_starts(own: u32, opp: u32, span: u32, rule: Rule) -> u32 {
    let starts = window_starts(span & !opp);
    match rule {
        Rule::ExactFive | Rule::Renju => starts & !(own << 1) & !(own >> 5),
        Rule::Freestyle => starts,
    }
}

/// The empty points that complete five for `own`: those of the windows (`starts`) holding
/// four of its stones.
fn five_points(own: u32, starts: u32, by_count: &WindowCounts) -> u32 {
    spread(starts & by_count.holding(4)) & !own
}

/// Whether one more stone in the windows `threes` (each holding three of `own`) makes an
/// open four: two points that each complete five.
fn makes_open_four(own: u32, opp: u32, span: u32, rule: Rule, threes: u32) -> bool {
    let mut points = spread(threes) & !own;
    while points != 0 {
        let four = own | points & points.wrapping_neg();
        points &= points - 1;
        let starts = five_starts(four, opp, span, rule);
        if five_points(four, starts, &WindowCounts::new(four)).count_ones() >= 2 {
            return true;
        }
    }
    false
}

/// The starts (lowest bits) of the 5-point windows lying within the `free` points.
fn window_starts(free: u32) -> u32 {
    free & free >> 1 & free >> 2 & free >> 3 & free >> 4
}

/// The points of the 5-point windows starting at `starts`.
fn spread(starts: u32) -> u32 {
    starts | starts << 1 | starts << 2 | starts << 3 | starts << 4
}

/// How many stones the 5-point window starting at each bit holds, for every bit at once:
/// the count's three binary digits as three masks (bit-sliced addition of the five shifts).
struct WindowCounts([u32; 3]);

impl WindowCounts {
    fn new(own: u32) -> WindowCounts {
        let mut c = [0u32; 3];
        for k in 0..5 {
            let x = own >> k;
            let carry0 = c[0] & x;
            c[0] ^= x;
            let carry1 = c[1] & carry0;
            c[1] ^= carry0;
            c[2] |= carry1;
        }
        WindowCounts(c)
    }

    /// The window starts whose windows hold exactly `stones` stones (0..=5).
    fn holding(&self, stones: u32) -> u32 {
        let digit = |i: usize| {
            if stones >> i & 1 != 0 {
                self.0[i]
            } else {
                !self.0[i]
            }
        };
        digit(0) & digit(1) & digit(2)
    }
}

/// The empty points of the 5-point windows of a line (points `span`, enemy stones `opp`) that
/// hold exactly `stones` of the `own` stones, under `rule` (the colour's): with 4, the points
/// that make five; with 3, the points that make a four. Under exactly-five a window next to an
/// own stone is left out: filled, it would make an overline.
pub fn window_points(own: u32, opp: u32, span: u32, stones: u32, rule: Rule) -> u32 {
    spread(five_starts(own, opp, span, rule) & WindowCounts::new(own).holding(stones)) & !own
}

/// The shape of `side`'s stones along line `line` of direction `dir`.
pub fn shape_at(board: &Board, side: Side, dir: usize, line: usize) -> LineShape {
    line_shape(
        board.line(side, dir, line),
        board.line(side.other(), dir, line),
        line_span(board.size(), dir, line),
        board.rule().for_side(side),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line written as text: `X` own, `O` enemy, `.` empty; the line is as long as the text.
    fn shape(text: &str) -> LineShape {
        shape_under(text, Rule::Freestyle)
    }

    /// The same under `rule`.
    fn shape_under(text: &str, rule: Rule) -> LineShape {
        let bits = |c| {
            text.chars()
                .enumerate()
                .filter(|&(_, t)| t == c)
                .fold(0, |m, (i, _)| m | 1 << i)
        };
        line_shape(bits('X'), bits('O'), (1 << text.len()) - 1, rule)
    }

    #[test]
    fn shapes_of_typical_lines() {
        for (line, want) in [
            ("...............", Shape::Dead),
            ("..X....", Shape::One),
            ("....X", Shape::One),
            ("OX...O", Shape::Dead),
            ("..XX...", Shape::OpenTwo),
            ("XX...", Shape::ClosedTwo),
            ("XX....", Shape::ClosedTwo),
            ("..XXX..", Shape::OpenThree),
            (".XXX..", Shape::OpenThree),
            ("..X.XX..", Shape::OpenThree),
            (".XXX.", Shape::ClosedThree),
            ("OXXX...", Shape::ClosedThree),
            ("..X.X.X..", Shape::ClosedThree),
            ("..XX..X..", Shape::ClosedThree),
            ("OXXX..X", Shape::ClosedThree),
            ("..XXX.O", Shape::OpenThree),
            ("X..XXXO", Shape::ClosedThree),
            ("OXXXX.", Shape::Four),
            ("..XX.XX..", Shape::Four),
            (".XXXX.", Shape::OpenFour),
            ("X.XXX.X", Shape::OpenFour),
            ("OXXXXO", Shape::Dead),
        ] {
            assert_eq!(shape(line).shape, want, "{line}");
        }
        assert_eq!(shape(".XXXX.").five_points, 0b100001);
        assert_eq!(shape("XX.XX").five_points, 0b00100);
    }

    #[test]
    fn under_the_exact_rule_a_point_that_makes_six_is_no_five_point() {
        let exact = |line| shape_under(line, Rule::ExactFive);
        assert_eq!(exact(".XXXX.X").five_points, 0b1);
        assert_eq!(exact(".XXXX.X").shape, Shape::Four);
        assert_eq!(exact("X.XXXX.X").shape, Shape::Dead);
        assert_eq!(exact("X.XXXX.X").five_points, 0);
        assert_eq!(shape("X.XXXX.X").shape, Shape::OpenFour);
        assert_eq!(exact(".XXXX.").shape, Shape::OpenFour);
    }

    /// Window by window, as the rules read: how many windows hold each number of stones
    /// and the empty points of those with four (both with the exact-five filter), and the
    /// empty points of the windows holding each number (without it, as `window_points` does
    /// free-style).
    fn windows_one_by_one(own: u32, opp: u32, span: u32, rule: Rule) -> ([u32; 6], u32, [u32; 6]) {
        let (mut counts, mut fives, mut points) = ([0; 6], 0, [0; 6]);
        for s in 0..27u32 {
            let window = 0x1f << s;
            if window & span != window || window & opp != 0 {
                continue;
            }
            let stones = (own & window).count_ones() as usize;
            let before = s.checked_sub(1).map_or(0, |b| own >> b & 1);
            if rule == Rule::Freestyle || (before == 0 && own >> (s + 5) & 1 == 0) {
                points[stones] |= window & !own;
                counts[stones] += 1;
                if stones == 4 {
                    fives |= window & !own;
                }
            }
        }
        (counts, fives, points)
    }

    #[test]
    fn bit_sliced_window_counts_match_window_by_window() {
        let mut rng = crate::rng::Rng::new(19);
        for _ in 0..20_000 {
            let len = 5 + rng.below(22) as u32;
            let span = (1u32 << len) - 1;
            let (a, b) = (rng.next_u64() as u32, rng.next_u64() as u32);
            let (own, opp) = (a & b & span, !a & b & span);
            for rule in [Rule::Freestyle, Rule::ExactFive] {
                let (counts, fives, points) = windows_one_by_one(own, opp, span, rule);
                for stones in 0..5 {
                    assert_eq!(
                        window_points(own, opp, span, stones, rule),
                        points[stones as usize]
                    );
                }
                if own == 0 {
                    continue;
                }
                // An open three: some empty point makes two five points.
                let open_four_next = (0..len).any(|q| {
                    let q = 1 << q;
                    (own | opp) & q == 0
                        && windows_one_by_one(own | q, opp, span, rule).1.count_ones() >= 2
                });
                let want = match (fives.count_ones(), counts[3], counts[2], counts[1]) {
                    (2.., ..) => Shape::OpenFour,
                    (1, ..) => Shape::Four,
                    (0, 1.., ..) if open_four_next => Shape::OpenThree,
                    (0, 1.., ..) => Shape::ClosedThree,
                    (0, 0, 2.., _) => Shape::OpenTwo,
                    (0, 0, 1, _) => Shape::ClosedTwo,
                    (0, 0, 0, 1..) => Shape::One,
                    _ => Shape::Dead,
                };
                let got = line_shape(own, opp, span, rule);
                assert_eq!(
                    (got.shape, got.five_points),
                    (want, fives),
                    "{own:b} {opp:b}"
                );
            }
        }
    }

    #[test]
    fn window_points_are_the_fives_and_fours_to_be() {
        let bits = |text: &str, c| {
            text.chars()
                .enumerate()
                .filter(|&(_, t)| t == c)
                .fold(0u32, |m, (i, _)| m | 1 << i)
        };
        let under = |text: &str, stones, rule| {
            window_points(
                bits(text, 'X'),
                bits(text, 'O'),
                (1 << text.len()) - 1,
                stones,
                rule,
            )
        };
        let points = |text: &str, stones| under(text, stones, Rule::Freestyle);
        // Exactly five: the point that would make six is no five point, and a stone next to
        // a window takes it out.
        assert_eq!(under(".XXXX.X", 4, Rule::ExactFive), 0b1);
        assert_eq!(under("X.XXX..", 3, Rule::ExactFive), 0b1100000);
        assert_eq!(points(".XXXX.", 4), 0b100001);
        assert_eq!(points("OXXXX.", 4), 0b100000);
        assert_eq!(points("OXXX..O", 3), 0b0110000);
        assert_eq!(points("..XXX..", 3), 0b1100011);
        assert_eq!(points(".X.X.X.", 3), 0b0010100);
        assert_eq!(points("OXXXO", 3), 0);
    }
}
