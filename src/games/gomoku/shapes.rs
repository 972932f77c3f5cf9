//! Line patterns and what they are worth, the terms of the evaluation. Along each line, a colour can still make five only inside
//! 5-point windows free of enemy stones and of the board's edge; how many of those windows
//! hold how many of its stones tells its shape: a four has a point that completes five (an
//! open four has two), and an open three or two lies in two or more windows where a closed
//! one lies in a single window (`|XXX..` can only become a closed four, `..XXX..` an open one).

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
/// under `rule`.
pub fn line_shape(own: u32, opp: u32, span: u32, rule: Rule) -> LineShape {
    if own == 0 {
        return LineShape {
            shape: Shape::Dead,
            five_points: 0,
        };
    }
    let free = span & !opp;
    let mut starts = free & free >> 1 & free >> 2 & free >> 3 & free >> 4;
    if rule == Rule::ExactFive {
        // Filled up, a window next to an own stone makes an overline, which does not win.
        starts &= !(own << 1) & !(own >> 5);
    }
    let mut windows = [0u8; 6];
    let mut five_points = 0;
    while starts != 0 {
        let s = starts.trailing_zeros();
        starts &= starts - 1;
        let window = own >> s & 0x1f;
        let stones = window.count_ones() as usize;
        windows[stones] += 1;
        if stones == 4 {
            five_points |= (!window & 0x1f) << s;
        }
    }
    let shape = match (five_points.count_ones(), windows[3], windows[2], windows[1]) {
        (2.., ..) => Shape::OpenFour,
        (1, ..) => Shape::Four,
        (0, 2.., ..) => Shape::OpenThree,
        (0, 1, ..) => Shape::ClosedThree,
        (0, 0, 2.., _) => Shape::OpenTwo,
        (0, 0, 1, _) => Shape::ClosedTwo,
        (0, 0, 0, 1..) => Shape::One,
        _ => Shape::Dead,
    };
    LineShape { shape, five_points }
}

/// The empty points of the 5-point windows of a line (points `span`, enemy stones `opp`) that
/// hold exactly `stones` of the `own` stones: with 4, the points that make five; with 3,
/// the points that make a four.
pub fn window_points(own: u32, opp: u32, span: u32, stones: u32) -> u32 {
    let free = span & !opp;
    let mut starts = free & free >> 1 & free >> 2 & free >> 3 & free >> 4;
    let mut points = 0;
    while starts != 0 {
        let s = starts.trailing_zeros();
        starts &= starts - 1;
        let window = own >> s & 0x1f;
        if window.count_ones() == stones {
            points |= (!window & 0x1f) << s;
        }
    }
    points
}

/// What each shape is worth to its owner, indexed by `Shape` (the tunables of the
/// evaluation): dead, one, closed and open two, closed and open three, four, open four.
const VALUES: [i32; SHAPES] = [0, 1, 4, 20, 25, 120, 150, 1000];

/// The value of one colour's lines, given how many lines hold each shape.
pub fn total(counts: &[i32; SHAPES]) -> i32 {
    counts.iter().zip(VALUES).map(|(n, v)| n * v).sum()
}

/// The shape of `side`'s stones along line `line` of direction `dir`.
pub fn shape_at(board: &Board, side: Side, dir: usize, line: usize) -> LineShape {
    line_shape(
        board.line(side, dir, line),
        board.line(side.other(), dir, line),
        line_span(board.size(), dir, line),
        board.rule(),
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

    #[test]
    fn window_points_are_the_fives_and_fours_to_be() {
        let bits = |text: &str, c| {
            text.chars()
                .enumerate()
                .filter(|&(_, t)| t == c)
                .fold(0u32, |m, (i, _)| m | 1 << i)
        };
        let points = |text: &str, stones| {
            window_points(
                bits(text, 'X'),
                bits(text, 'O'),
                (1 << text.len()) - 1,
                stones,
            )
        };
        assert_eq!(points(".XXXX.", 4), 0b100001);
        assert_eq!(points("OXXXX.", 4), 0b100000);
        assert_eq!(points("OXXX..O", 3), 0b0110000);
        assert_eq!(points("..XXX..", 3), 0b1100011);
        assert_eq!(points(".X.X.X.", 3), 0b0010100);
        assert_eq!(points("OXXXO", 3), 0);
    }
}
