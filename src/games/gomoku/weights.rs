//! The evaluation's weights, fitted, not guessed: a logistic model of Rapfi's evaluation (its
//! win chance, `sigmoid(eval / 200)`, forced results capped at ±600) fitted to 43,438
//! positions of tabula's games (against Rapfi and itself) with no four on the board, each
//! searched by Rapfi to 10,000 nodes. The unit is the hand-set evaluation's before it:
//! `sigmoid(score / 115)` fitted those positions best. Held out, the cross-entropy is 0.536
//! (the lines' weights alone, round 14: 0.570; the hand-set evaluation: 0.618), and against
//! the games' results 0.497 (0.553; 0.629) (docs/performance.md, Gomoku rounds 14 and 15).

use super::cells::{CODES, Code, two_strongest};
use super::shapes::SHAPES;

/// Which of a colour's sums of point values (`point_worth`) counts: the side to move's, or
/// the enemy's.
pub const AS_MOVER: usize = 0;
pub const AS_ENEMY: usize = 1;

/// What the empty point of `code` is worth to its colour, as the side to move and as the
/// enemy: the position keeps each colour's sums of these up to date stone by stone.
pub fn point_worth(code: Code) -> [i32; 2] {
    [OWN_BY_CODE[code as usize], ENEMY_BY_CODE[code as usize]]
}

/// Indexed by how many open threes, closed threes and open twos a colour has.
pub type Threats = [[[i32; 4]; 3]; 3];

// The fitted weights. A four of the side to move wins before they are read, so its own four
// shapes weigh nothing; an enemy four keeps the hand-set evaluation's weight (the fit saw
// only positions without fours). The points' tables are indexed by the strongest shape and
// the second strongest (points with nothing better than a lone stone weigh nothing; pairs
// seen fewer than 100 times in the fit, nothing).
pub const OWN_LINES: [i32; SHAPES] = [0, 2, -6, -42, 13, 260, 0, 0];
pub const ENEMY_LINES: [i32; SHAPES] = [0, -1, -6, 22, -15, 9, -150, -1000];
pub const OWN_THREATS: Threats = [
    [[-86, -58, -35, -30], [-78, -39, -7, 24], [-51, -11, 19, 47]],
    [[71, 152, 135, 117], [100, 92, 63, 60], [6, 17, -27, -84]],
    [[-3, -4, -3, -8], [-1, -3, -8, -17], [-20, -35, -47, -63]],
];
pub const ENEMY_THREATS: Threats = [
    [[88, 74, 59, 31], [105, 86, 63, 29], [109, 74, 39, -8]],
    [[94, 43, -8, -28], [70, 1, -45, -79], [33, -31, -69, -88]],
    [[-11, -11, 11, 23], [-75, -100, -31, 0], [-92, -119, -67, 9]],
];
const OWN_POINTS: [[i32; SHAPES]; SHAPES] = [
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, -1, 0, 0, 0, 0, 0],
    [3, 1, 3, 3, 0, 0, 0, 0],
    [1, 3, 5, 11, 21, 0, 0, 0],
    [2, 15, 18, 24, 36, 45, 0, 0],
    [-16, 2, 6, 30, 43, 260, 186, 0],
    [9, 34, 26, 21, 45, 55, 20, 0],
];
const ENEMY_POINTS: [[i32; SHAPES]; SHAPES] = [
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [-1, 0, 0, 0, 0, 0, 0, 0],
    [0, -1, -3, -3, 0, 0, 0, 0],
    [1, 0, -1, -5, -5, 0, 0, 0],
    [5, -10, -12, -16, -18, -17, 0, 0],
    [9, -8, -11, -28, -24, -57, 16, 0],
    [11, -35, -41, -53, -26, 26, 108, 0],
];

/// By code (see `cells.rs`): what an empty point is worth, by its two strongest shapes, to
/// its colour as the side to move and as the enemy.
const OWN_BY_CODE: [i32; CODES] = by_code(&OWN_POINTS);
const ENEMY_BY_CODE: [i32; CODES] = by_code(&ENEMY_POINTS);

const fn by_code(table: &[[i32; SHAPES]; SHAPES]) -> [i32; CODES] {
    let mut by_code = [0; CODES];
    let mut code = 0;
    while code < CODES {
        let [a, b] = two_strongest(code as Code);
        by_code[code] = table[a][b];
        code += 1;
    }
    by_code
}
