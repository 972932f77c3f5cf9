//! The evaluation's weights, fitted, not guessed: a logistic model of Rapfi's evaluation (its
//! win chance, `sigmoid(eval / 200)`, forced results capped at ±600) fitted to 63,383
//! positions of tabula's games (against Rapfi and itself) with no four on the board, each
//! searched by Rapfi to 10,000 nodes: 43,438 from rounds 12-13's games, 19,945 from round
//! 15's. The unit is the hand-set evaluation's before it: `sigmoid(score / 115)` fitted those
//! positions best. Held out, the cross-entropy is 0.536 on round 14's positions (the lines'
//! weights alone, round 14: 0.570; the hand-set evaluation: 0.618), and against the games'
//! results 0.497 (0.553; 0.629); on all of them, refitted, 0.549 (docs/journal/performance.md,
//! Gomoku rounds 14 and 15).
//!
//! `tabula tune --game gomoku --source FILE` fits these tables to saved games (their results,
//! or tabula's own searches of each position) and writes them back in this file's form
//! (`tuning.rs`); such fits predicted held-out results better and played worse (round 17).

use super::cells::{CODES, Code, by_code};
use super::shapes::SHAPES;

/// Which of a colour's sums of point values (`point_worth`) counts: the side to move's, or
/// the enemy's.
pub const AS_MOVER: usize = 0;
pub const AS_ENEMY: usize = 1;

/// What the empty point of `code` is worth to its colour, as the side to move and as the
/// enemy: the position keeps each colour's sums of these up to date stone by stone.
pub fn point_worth(code: Code) -> [i32; 2] {
    WORTH_BY_CODE[code as usize]
}

/// Indexed by how many open threes, closed threes and open twos a colour has.
pub type Threats = [[[i32; 4]; 3]; 3];

// The fitted weights. A four of the side to move wins before they are read, so its own four
// shapes weigh nothing; an enemy four keeps the hand-set evaluation's weight (the fit saw
// only positions without fours). The points' tables are indexed by the strongest shape and
// the second strongest (points with nothing better than a lone stone weigh nothing; pairs
// seen fewer than 100 times in the fit, nothing).
pub const OWN_LINES: [i32; SHAPES] = [0, 2, -5, -33, 9, 270, 0, 0];
pub const ENEMY_LINES: [i32; SHAPES] = [0, -2, -5, 16, -12, 8, -150, -1000];
pub const OWN_THREATS: Threats = [
    [[-80, -54, -32, -32], [-71, -34, -7, 21], [-41, -8, 20, 46]],
    [[67, 135, 130, 108], [92, 91, 66, 70], [11, 19, -28, -96]],
    [[-2, -3, -2, -5], [-1, -2, -9, -13], [-21, -39, -34, -58]],
];
pub const ENEMY_THREATS: Threats = [
    [[83, 72, 58, 36], [101, 84, 63, 34], [103, 79, 47, 3]],
    [[95, 48, -5, -15], [72, 9, -40, -76], [39, -22, -64, -93]],
    [
        [-38, -10, 3, 49],
        [-75, -98, -37, -8],
        [-107, -102, -77, -18],
    ],
];
pub const OWN_POINTS: [[i32; SHAPES]; SHAPES] = [
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [1, 2, 3, 3, 0, 0, 0, 0],
    [1, 4, 6, 11, 19, 0, 0, 0],
    [6, 13, 17, 22, 34, 39, 0, 0],
    [-14, 5, 10, 27, 37, 253, 213, 0],
    [19, 31, 30, 22, 55, 56, 27, 0],
];
pub const ENEMY_POINTS: [[i32; SHAPES]; SHAPES] = [
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [-1, 0, 0, 0, 0, 0, 0, 0],
    [1, -1, -2, -3, 0, 0, 0, 0],
    [0, -2, -2, -5, -5, 0, 0, 0],
    [2, -8, -11, -15, -15, -15, 0, 0],
    [7, -11, -15, -28, -24, -62, 3, 0],
    [10, -32, -37, -49, -29, 20, 89, 0],
];

/// By code (see `cells.rs`): what an empty point is worth, by its two strongest shapes, to
/// its colour as the side to move and as the enemy, side by side so that a code's two values
/// share a cache line (the position reads them for every point a stone changes).
static WORTH_BY_CODE: [[i32; 2]; CODES] = {
    let (own, enemy) = (
        by_code(&[0; SHAPES], &OWN_POINTS),
        by_code(&[0; SHAPES], &ENEMY_POINTS),
    );
    let mut table = [[0; 2]; CODES];
    let mut code = 0;
    while code < CODES {
        table[code] = [own[code], enemy[code]];
        code += 1;
    }
    table
};
