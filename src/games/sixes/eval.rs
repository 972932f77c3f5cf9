//! The static evaluation: what a position is worth to the side to move.
//!
//! The turn limit decides most games, by pieces and then by possible moves, so those two
//! terms are exact counts and always weigh in; the longer-term terms (pressure on pieces,
//! where the pieces stand) fade out as the limit comes near, since there is no time left to
//! cash them in.
//!
//! Where the pieces stand is the best forecast of the possible moves at the limit: a piece on
//! the edge has at most three directions and a corner piece two, a piece in the centre four
//! with room around it. Fitted on 1,812 saved games (positions 4-24 plies before the limit
//! against the result, docs/journal/performance.md, Sixes round 9), the squares of the pieces predict
//! the result (correlation +0.46 at 10 plies before the limit), and today's possible moves do
//! not (-0.13): the search sees the last plies exactly, but its leaves before them need the
//! forecast.

use super::geometry::{DIRS, Dir, FULL, INTERIOR, shift};
use super::position::Sixes;
use super::variants::{Capture, Rules};
use crate::game::Side;

/// All the weights in one place (centi-pieces).
pub mod weight {
    /// One piece on the board.
    pub const PIECE: i32 = 100;
    /// One possible move (the limit's tie-break, and the no-move loss).
    pub const MOBILITY: i32 = 10;
    /// An enemy piece whose last free side can be filled next move.
    pub const THREAT: i32 = 24;
    /// The same, when the side that threatens is to move (it can take now).
    pub const THREAT_TO_MOVE: i32 = 70;
    /// An enemy piece with 2 of the sides it needs covered, and with 3.
    pub const PRESSURE_2: i32 = 3;
    pub const PRESSURE_3: i32 = 8;
    /// Where a piece stands, by its square's class under the board's symmetries: the fewer
    /// directions and the less room around it, the fewer moves at the limit (whatever the
    /// capture rule; an edge piece's safety under the interior rule is worth less than
    /// that). Against the `b3` class (`b3 b4 c2 c5 d2 d5 e3 e4`), which counts 0: a corner,
    /// `a2` and its like next to a corner, `a3` and its like in the middle of an edge, `b2`
    /// and its like (the inner corners), and the four centre squares `c3 c4 d3 d4`.
    pub const CORNER: i32 = -56;
    pub const NEXT_TO_CORNER: i32 = -42;
    pub const EDGE_MIDDLE: i32 = -32;
    pub const INNER_CORNER: i32 = -20;
    pub const CENTRE: i32 = 22;
    /// A corner piece under the edges rule (two enemies remove it).
    pub const CORNER_DANGER: i32 = 10;
    /// Plies before the limit from which the long-term terms count fully.
    pub const HORIZON: i32 = 8;
}

/// The square classes of `weight::CORNER` and the rest (bit = row * 6 + column).
const CORNERS: u64 = 1 | 1 << 5 | 1 << 30 | 1 << 35;
/// `a2 a5 b1 b6 e1 e6 f2 f5`.
const NEXT_TO_CORNERS: u64 =
    1 << 1 | 1 << 4 | 1 << 6 | 1 << 11 | 1 << 24 | 1 << 29 | 1 << 31 | 1 << 34;
/// `a3 a4 c1 c6 d1 d6 f3 f4`.
const EDGE_MIDDLES: u64 = 0b11 << 2 | 1 << 12 | 1 << 17 | 1 << 18 | 1 << 23 | 0b11 << 32;
/// `b2 b5 e2 e5`.
const INNER_CORNERS: u64 = 1 << 7 | 1 << 10 | 1 << 25 | 1 << 28;
/// `c3 c4 d3 d4`.
const CENTRE_SQUARES: u64 = 0b11 << 14 | 0b11 << 20;

/// What the squares of `pieces` are worth (`weight::CORNER` and the rest).
fn placement(pieces: u64) -> i32 {
    use weight::*;
    [
        (CORNERS, CORNER),
        (NEXT_TO_CORNERS, NEXT_TO_CORNER),
        (EDGE_MIDDLES, EDGE_MIDDLE),
        (INNER_CORNERS, INNER_CORNER),
        (CENTRE_SQUARES, CENTRE),
    ]
    .iter()
    .map(|&(class, w)| (pieces & class).count_ones() as i32 * w)
    .sum()
}

/// Pressure on `victims` by `attackers`: (victims with >= 2 sides covered, with exactly 3
/// and the last side open, threatened: the open side reachable by an attacker next move).
fn pressure(rules: Rules, victims: u64, attackers: u64, occupied: u64) -> (u64, u64, u64) {
    let victims = match rules.capture {
        Capture::Interior => victims & INTERIOR,
        Capture::Edges => victims,
    };
    let cov = rules.covered(attackers);
    // Bit-sliced counting of the covered sides of every victim.
    let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
    for c in cov {
        let carry = ones & c;
        ones ^= c;
        fours |= twos & carry;
        twos ^= carry;
    }
    let two_plus = victims & (twos | fours);
    let three = victims & ones & twos & !fours;
    let empty = FULL & !occupied;
    // An attacker reaches a square by a step, or by a jump over a piece that is not a victim
    // (jumping over the victim itself would open the surround again).
    let reach = DIRS.iter().fold(0, |acc, &d: &Dir| {
        acc | shift(attackers, d) | shift(shift(attackers, d) & occupied & !victims, d)
    });
    let threatened = DIRS.iter().enumerate().fold(0, |acc, (i, &d)| {
        let hole_reachable = shift(empty & reach, d.opposite());
        acc | (three & !cov[i] & hole_reachable)
    });
    (two_plus, three, threatened)
}

fn side_terms(pos: &Sixes, side: Side, to_move: bool, long_term: i32) -> i32 {
    use weight::*;
    let rules = pos.rules();
    let mine = pos.pieces(side);
    let theirs = pos.pieces(side.other());
    let (two_plus, three, threatened) = pressure(rules, theirs, mine, pos.occupied());
    let threat = if to_move { THREAT_TO_MOVE } else { THREAT };
    let mut score = mine.count_ones() as i32 * PIECE
        + pos.mobility(side) as i32 * MOBILITY
        + threatened.count_ones() as i32 * threat;
    let mut positional = two_plus.count_ones() as i32 * PRESSURE_2
        + three.count_ones() as i32 * (PRESSURE_3 - PRESSURE_2);
    positional += placement(mine);
    if rules.capture == Capture::Edges {
        positional -= (mine & CORNERS).count_ones() as i32 * CORNER_DANGER;
    }
    score += positional * long_term / HORIZON;
    score
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &Sixes) -> i32 {
    let long_term = pos
        .plies_left()
        .map_or(weight::HORIZON, |p| (p as i32).min(weight::HORIZON));
    let me = pos.side_to_move();
    side_terms(pos, me, true, long_term) - side_terms(pos, me.other(), false, long_term)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sixes::text::parse_fen;

    fn pos(text: &str) -> Sixes {
        parse_fen(text, Rules::default()).unwrap()
    }

    #[test]
    fn the_start_is_even() {
        assert_eq!(evaluate(&Sixes::start(Rules::default())), 0);
    }

    #[test]
    fn corner_pieces_are_safe_only_under_the_interior_rule() {
        // X's corner pieces face O's; under the edges rule two enemies take a corner piece.
        let fen = "X...../....../..O.../...O../....../.....X X";
        let interior = parse_fen(fen, Rules::default()).unwrap();
        let edges_rules = Rules {
            capture: Capture::Edges,
            ..Rules::default()
        };
        let edges = parse_fen(fen, edges_rules).unwrap();
        assert!(evaluate(&interior) > evaluate(&edges));
    }

    #[test]
    fn a_piece_up_is_good_for_its_owner_whoever_is_to_move() {
        let x_up = "XX..OO/XX..O./....../....../OO..XX/OO..XX";
        assert!(evaluate(&pos(&format!("{x_up} X"))) > 50);
        assert!(evaluate(&pos(&format!("{x_up} O"))) < -50);
    }

    #[test]
    fn a_reachable_hole_is_a_threat() {
        // O on c3 has X on b3, c2, c4; d3 is empty and X on e3 can step into it.
        let threat = pos("X....O/..X.../.XOX../....../..X.../.....O X");
        let (_, three, threatened) = pressure(
            threat.rules(),
            threat.pieces(Side::P2),
            threat.pieces(Side::P1),
            threat.occupied(),
        );
        assert_eq!(three, 1 << 14);
        assert_eq!(threatened, 1 << 14);
        // Without the X on e3 no X reaches d3 (b3 jumping over c3 would open c3's top).
        let none = pos("X....O/..X.../.XOX../....../....../.....O X");
        let (_, _, threatened) = pressure(
            none.rules(),
            none.pieces(Side::P2),
            none.pieces(Side::P1),
            none.occupied(),
        );
        assert_eq!(threatened, 0);
        assert!(evaluate(&threat) > evaluate(&none));
    }

    #[test]
    fn centre_pieces_are_worth_more_than_edge_pieces_until_the_limit() {
        // The same two pieces each; X's two in the centre, or on the edge.
        let centre = "O...../....../..X.../...X../....../.....O X";
        let edge = "O....X/....../....../....../....../X....O X";
        let (c, e) = (pos(centre), pos(edge));
        use weight::*;
        // Both X pieces: four moves in the centre, two in a corner.
        assert_eq!(
            evaluate(&c) - evaluate(&e),
            2 * 2 * MOBILITY + 2 * (CENTRE - CORNER)
        );
        // Two plies before the limit the forecast weighs a quarter of that.
        let late = |text: &str| evaluate(&pos(&text.replace(" X", " X - - 39 39 40")));
        assert_eq!(
            late(centre) - late(edge),
            2 * 2 * MOBILITY + 2 * (CENTRE - CORNER) * 2 / HORIZON
        );
    }

    #[test]
    fn the_square_classes_cover_the_board_by_its_symmetries() {
        let classes = [
            CORNERS,
            NEXT_TO_CORNERS,
            EDGE_MIDDLES,
            INNER_CORNERS,
            CENTRE_SQUARES,
        ];
        let b3_class = 1 << 8 | 1 << 9 | 1 << 13 | 1 << 16 | 1 << 19 | 1 << 22 | 1 << 26 | 1 << 27;
        assert_eq!(classes.iter().fold(b3_class, |a, &c| a | c), FULL);
        assert_eq!(CORNERS | NEXT_TO_CORNERS | EDGE_MIDDLES, FULL & !INTERIOR);
        // Each class is its own mirror image (left-right and top-bottom) and transpose.
        let square = |r: u64, c: u64| 1u64 << (r * 6 + c);
        for class in classes.into_iter().chain([b3_class]) {
            let mut bits = [0u64; 3];
            for r in 0..6 {
                for c in 0..6 {
                    if class & square(r, c) != 0 {
                        bits[0] |= square(r, 5 - c);
                        bits[1] |= square(5 - r, c);
                        bits[2] |= square(c, r);
                    }
                }
            }
            assert_eq!(bits, [class; 3]);
        }
        assert_eq!(
            placement(CENTRE_SQUARES | CORNERS),
            4 * (weight::CENTRE + weight::CORNER)
        );
    }
}
