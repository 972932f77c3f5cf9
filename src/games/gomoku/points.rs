//! What an empty point is worth to play: along each of its four lines, the shape a stone
//! there would make for the side to move (attack) and for the enemy (the shape the stone
//! denies it), read from a table of the nine points centred on it. The search orders its
//! quiet moves by this score and keeps the best of them.

use super::board::Board;
use super::geometry::{Point, Rule, line_of, line_span};
use super::shapes::{SHAPES, Shape, line_shape};
use crate::game::Side;
use std::sync::OnceLock;

/// Points each side of the centre that a window through it can reach.
const REACH: u32 = 4;
/// Bits of the nine-point neighbourhood.
const NINE: u32 = 0x1ff;

/// Score of the shape a stone makes along one line, for its owner, by `Shape`.
const ATTACK: [i32; SHAPES] = [0, 1, 4, 12, 14, 60, 70, 1000];
/// Score of the shape a stone denies the enemy along one line.
const DEFEND: [i32; SHAPES] = [0, 0, 3, 9, 10, 45, 50, 800];
/// Two lines made or denied at three or better (a double three, a four-three): one stone
/// makes a threat no single answer stops.
const DOUBLE_ATTACK: i32 = 400;
const DOUBLE_DEFEND: i32 = 300;

/// `table[rule][own | opp << 9]`: the shape `own` makes in nine points (enemy or off-board
/// `opp`) once a stone is put on the centre.
fn table(rule: Rule) -> &'static [u8] {
    static TABLES: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [Rule::Freestyle, Rule::ExactFive].map(|rule| {
            (0..1u32 << 18)
                .map(|i| {
                    let (own, opp) = (i & NINE, i >> 9);
                    if (own | opp) & 1 << REACH != 0 || own & opp != 0 {
                        return Shape::Dead as u8;
                    }
                    line_shape(own | 1 << REACH, opp, NINE, rule).shape as u8
                })
                .collect()
        })
    });
    &tables[usize::from(rule == Rule::ExactFive)]
}

/// The score of the empty point `p` for `me` to play on `board`.
pub fn score(board: &Board, me: Side, p: Point) -> i32 {
    let table = table(board.rule());
    let (mut total, mut attacks, mut defences) = (0, 0, 0);
    for dir in 0..4 {
        let (line, bit) = line_of(p, dir);
        let off = !line_span(board.size(), dir, line);
        let mine = board.line(me, dir, line);
        let theirs = board.line(me.other(), dir, line);
        // Shifted by REACH so that the points before the line's start read as off-board.
        let nine = |stones: u32, blocked: u32| {
            let own = (u64::from(stones) << REACH >> bit) as u32 & NINE;
            let opp = ((u64::from(blocked) << REACH | 0xf) >> bit) as u32 & NINE;
            table[(own | opp << 9) as usize] as usize
        };
        let attack = nine(mine, theirs | off);
        let defend = nine(theirs, mine | off);
        total += ATTACK[attack] + DEFEND[defend];
        attacks += usize::from(attack >= Shape::OpenThree as usize);
        defences += usize::from(defend >= Shape::OpenThree as usize);
    }
    total
        + if attacks >= 2 { DOUBLE_ATTACK } else { 0 }
        + if defences >= 2 { DOUBLE_DEFEND } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        score(b, me, parse_point(p, 15).unwrap())
    }

    #[test]
    fn an_open_three_outscores_a_blocked_one_and_a_far_point() {
        let b = board(&["G8", "H8"], &["E8"]);
        // I8 makes an open three (..XXX..), F8 a three against the enemy stone.
        assert!(at(&b, Side::P1, "I8") > at(&b, Side::P1, "F8"));
        assert!(at(&b, Side::P1, "F8") > at(&b, Side::P1, "A1"));
        // In the corner a stone is a lone one along three lines; the fourth holds no window.
        assert_eq!(at(&b, Side::P1, "A15"), 3 * ATTACK[Shape::One as usize]);
    }

    #[test]
    fn the_edge_blocks_like_an_enemy_stone() {
        let edge = board(&["B1", "C1"], &[]);
        let open = board(&["B5", "C5"], &[]);
        assert!(at(&edge, Side::P1, "D1") < at(&open, Side::P1, "D5"));
    }

    #[test]
    fn a_double_three_point_scores_above_two_single_threes() {
        // F8 G8 make a row, H9 H10 a column: H8 makes two open threes, E8 one.
        let b = board(&["F8", "G8", "H9", "H10"], &["A1", "A2", "A3", "A4"]);
        let double = at(&b, Side::P1, "H8");
        let single = at(&b, Side::P1, "E8");
        assert!(double > 2 * single, "{double} {single}");
        // For the enemy, taking that point is the defence worth most.
        assert!(at(&b, Side::P2, "H8") > at(&b, Side::P2, "E8"));
    }
}
