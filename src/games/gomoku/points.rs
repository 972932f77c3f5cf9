//! What an empty point is worth to play: along each of its four lines, the shape a stone
//! there would make for the side to move (attack) and the shape it denies the enemy
//! (defence), as the point's codes keep them (see `cells.rs`); then the two strongest
//! of each, the strongest of both together, and how far the point is from the last stone
//! played. The search orders its quiet moves by this score and keeps the best of them.
//!
//! The weights are fitted, not guessed: a conditional logit model (the chance of each
//! candidate being the one played, softmax of its score) fitted to the moves Rapfi chose in
//! 59,447 positions of 5,740 games it played against tabula (positions with no four and no
//! open three to answer), in units of 1/30 of a log-odds. Where the fitted table ranks the
//! move played among its first 12 in 89% of held-out positions, the hand-set weights before
//! it did in 83% (docs/journal/performance.md, Gomoku round 13).

use super::cells::{CODES, Cells, Code, by_code, two_strongest};
use super::geometry::Point;
use super::shapes::SHAPES;
use crate::game::Side;

/// Score of the shape a stone makes along one line, for its owner, by `Shape`.
const ATTACK: [i32; SHAPES] = [-67, -58, -55, -21, -18, 34, 34, 152];
/// Score of the shape a stone denies the enemy along one line. Denying an open four (the
/// block of an open three) never occurs where the fit looked, as an open three forces its
/// defences: it keeps the hand-set weight, above every other term, so those defences are
/// ordered first.
const DEFEND: [i32; SHAPES] = [-28, -24, -23, -7, -3, 37, 48, 800];
/// By the strongest and second-strongest attack shape of the point (a double three, a
/// four-three).
const ATTACK_PAIR: [[i32; SHAPES]; SHAPES] = [
    [0, 0, 0, 0, 0, 0, 0, 0],
    [-2, -25, 0, 0, 0, 0, 0, 0],
    [-2, -22, -20, 0, 0, 0, 0, 0],
    [-5, -13, -21, -11, 0, 0, 0, 0],
    [-2, -10, -14, -3, 7, 0, 0, 0],
    [-4, -15, -11, -4, -5, 13, 0, 0],
    [-1, -17, -13, -7, -8, 47, 17, 0],
    [11, 41, 47, 33, 18, 2, 0, 0],
];
/// By the strongest and second-strongest defence shape.
const DEFEND_PAIR: [[i32; SHAPES]; SHAPES] = [
    [3, 0, 0, 0, 0, 0, 0, 0],
    [-1, 2, 0, 0, 0, 0, 0, 0],
    [3, -1, -12, 0, 0, 0, 0, 0],
    [3, -5, -16, -13, 0, 0, 0, 0],
    [2, 4, -6, -8, -3, 0, 0, 0],
    [-1, -1, 1, 3, 6, 3, 0, 0],
    [-7, -1, -4, 8, 6, 24, 11, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
];
/// By the strongest attack shape (row) and the strongest defence shape (column).
const ATTACK_DEFEND: [[i32; SHAPES]; SHAPES] = [
    [-3, 0, 0, 0, 0, 1, 2, 0],
    [0, -9, -19, -29, -15, 18, 28, 0],
    [-1, -23, -17, -33, -13, 20, 23, 0],
    [-1, -15, -20, -17, -9, 7, 6, 0],
    [-3, 3, -4, -3, -3, -7, -5, 0],
    [0, 6, 6, -1, -3, -17, -17, 0],
    [3, 13, 11, 7, 2, -18, -1, 0],
    [6, 26, 35, 46, 31, 7, 1, 0],
];
/// By the distance (in king steps) to the last stone played: 1, 2, 3, 4, and 5 or more
/// (or no stone yet). Play answers play: the fit's largest single term after the shapes.
const NEAR_LAST: [i32; 5] = [20, 9, 0, -5, -24];

/// By code (see `cells.rs`): the sum of a point's terms along its lines and of its two
/// strongest shapes, made and denied; and its strongest shape. A point's score is then
/// four table reads.
const ATTACK_BY_CODE: [i32; CODES] = by_code(&ATTACK, &ATTACK_PAIR);
const DEFEND_BY_CODE: [i32; CODES] = by_code(&DEFEND, &DEFEND_PAIR);
const STRONGEST: [u8; CODES] = strongest();

/// The score of the empty point `p` for `me` to play, with `cells` the codes of the board's
/// points and `last` the last stone played.
pub fn score(cells: &Cells, me: Side, p: Point, last: Option<Point>) -> i32 {
    let (own, theirs) = (
        cells.code(me, p) as usize,
        cells.code(me.other(), p) as usize,
    );
    let distance = last.map_or(NEAR_LAST.len(), |l| {
        l.x.abs_diff(p.x).max(l.y.abs_diff(p.y)) as usize
    });
    ATTACK_BY_CODE[own]
        + DEFEND_BY_CODE[theirs]
        + ATTACK_DEFEND[STRONGEST[own] as usize][STRONGEST[theirs] as usize]
        + NEAR_LAST[distance.clamp(1, NEAR_LAST.len()) - 1]
}

const fn strongest() -> [u8; CODES] {
    let mut table = [0; CODES];
    let mut code = 0;
    while code < CODES {
        table[code] = two_strongest(code as Code)[0] as u8;
        code += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::board::Board;
    use crate::games::gomoku::geometry::Rule;
    use crate::games::gomoku::shapes::Shape;
    use crate::games::gomoku::text::parse_point;

    fn board(black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(15, Rule::Freestyle);
        for (side, points) in [(Side::P1, black), (Side::P2, white)] {
            for p in points {
                b.put(parse_point(p, 15).unwrap(), side);
            }
        }
        b
    }

    fn at(b: &Board, me: Side, p: &str) -> i32 {
        score(&Cells::new(b), me, parse_point(p, 15).unwrap(), None)
    }

    #[test]
    fn an_open_three_outscores_a_blocked_one_and_a_far_point() {
        let b = board(&["G8", "H8"], &["E8"]);
        // I8 makes an open three (..XXX..), F8 a three against the enemy stone.
        assert!(at(&b, Side::P1, "I8") > at(&b, Side::P1, "F8"));
        assert!(at(&b, Side::P1, "F8") > at(&b, Side::P1, "A1"));
        // In the corner a stone is a lone one along three lines, for either colour; the
        // fourth holds no window.
        let (one, dead) = (Shape::One as usize, Shape::Dead as usize);
        let corner = 3 * (ATTACK[one] + DEFEND[one])
            + ATTACK[dead]
            + DEFEND[dead]
            + ATTACK_PAIR[one][one]
            + DEFEND_PAIR[one][one]
            + ATTACK_DEFEND[one][one]
            + NEAR_LAST[4];
        assert_eq!(at(&b, Side::P1, "A15"), corner);
    }

    #[test]
    fn the_edge_blocks_like_an_enemy_stone() {
        let edge = board(&["B1", "C1"], &[]);
        let open = board(&["B5", "C5"], &[]);
        assert!(at(&edge, Side::P1, "D1") < at(&open, Side::P1, "D5"));
    }

    #[test]
    fn a_double_three_point_scores_above_every_other() {
        // F8 G8 make a row, H9 H10 a column: H8 makes two open threes, E8 one.
        let b = board(&["F8", "G8", "H9", "H10"], &["A1", "A2", "A3", "A4"]);
        let double = parse_point("H8", 15).unwrap();
        for me in [Side::P1, Side::P2] {
            let best = b
                .points()
                .filter(|&p| b.at(p).is_none())
                .max_by_key(|&p| score(&Cells::new(&b), me, p, None))
                .unwrap();
            // For the enemy, taking that point is the defence worth most.
            assert_eq!(best, double, "{me:?}");
        }
        // A single open three still outscores a point that makes nothing.
        assert!(at(&b, Side::P1, "E8") > at(&b, Side::P1, "C13"));
    }

    #[test]
    fn a_point_near_the_last_stone_scores_higher() {
        let b = board(&["H8"], &["J10"]);
        let p = parse_point("G7", 15).unwrap();
        let last = |q| Some(parse_point(q, 15).unwrap());
        let (near, far) = (
            score(&Cells::new(&b), Side::P1, p, last("H8")),
            score(&Cells::new(&b), Side::P1, p, last("M13")),
        );
        assert_eq!(near - far, NEAR_LAST[0] - NEAR_LAST[4]);
    }
}
