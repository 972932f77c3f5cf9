//! The static evaluation: what a position is worth to the side to move.
//!
//! The turn limit decides most games, by pieces and then by possible moves, so those two
//! terms are exact counts and always weigh in; the longer-term terms (pressure on pieces,
//! safety of edge pieces) fade out as the limit comes near, since there is no time left to
//! cash them in.
//!
//! Where the pieces stand is the best forecast of the possible moves at the limit: a piece on
//! the edge has at most three directions and a corner piece two, a piece in the centre four
//! with room around it. Fitted on 1,812 saved games (positions 6-20 plies before the limit
//! against the result), the count of pieces on the edge and in the centre predicts the result
//! (correlation +0.4 at 10 plies before the limit), and today's possible moves do not (-0.1):
//! the search sees the last plies exactly, but its leaves before them need the forecast.

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
    /// A piece on the edge (corners included): fewer moves at the limit, whatever the
    /// capture rule (it replaces the +1 an edge piece got for being safe under the interior
    /// rule).
    pub const EDGE: i32 = 32;
    /// A piece on one of the four centre squares (`c3 c4 d3 d4`): the most room at the limit.
    pub const CENTRE: i32 = 16;
    /// A corner piece under the edges rule (two enemies remove it).
    pub const CORNER_DANGER: i32 = 10;
    /// Plies before the limit from which the long-term terms count fully.
    pub const HORIZON: i32 = 8;
}

const CORNERS: u64 = 1 | 1 << 5 | 1 << 30 | 1 << 35;
/// `c3 c4 d3 d4`.
const CENTRE_SQUARES: u64 = 0b11 << 14 | 0b11 << 20;

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
    positional += (mine & CENTRE_SQUARES).count_ones() as i32 * CENTRE
        - (mine & !INTERIOR).count_ones() as i32 * EDGE;
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
            2 * 2 * MOBILITY + 2 * (CENTRE + EDGE)
        );
        // Two plies before the limit the forecast weighs a quarter of that.
        let late = |text: &str| evaluate(&pos(&text.replace(" X", " X - - 39 39 40")));
        assert_eq!(
            late(centre) - late(edge),
            2 * 2 * MOBILITY + 2 * (CENTRE + EDGE) * 2 / HORIZON
        );
    }
}
