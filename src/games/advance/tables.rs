//! Board geometry and Zobrist keys, all computed at compile time.
//!
//! Squares are numbered in text order: index = row * 9 + column, row 0 being the top text line
//! (rank 9) and column 0 file `a`. Directions are numbered clockwise from north (towards the
//! top line): 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW; even numbers are orthogonal.

use crate::rng::{GOLDEN, splitmix};

pub const SIZE: usize = 9;
pub const SQUARES: usize = SIZE * SIZE;

const DR: [i32; 8] = [-1, -1, 0, 1, 1, 1, 0, -1];
const DC: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];

/// Index change of one step in each direction.
pub const DELTA: [i8; 8] = [-9, -8, 1, 10, 9, 8, -1, -10];

/// The three forward directions of a Zombie, per side (White moves up, Black down).
pub const ZOMBIE_DIRS: [[usize; 3]; 2] = [[7, 0, 1], [5, 4, 3]];

/// A short list of squares (at most 8), used for every fixed jump pattern.
#[derive(Clone, Copy)]
pub struct SquareList {
    pub len: u8,
    pub squares: [u8; 8],
}

impl SquareList {
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.squares[..self.len as usize]
            .iter()
            .map(|&s| s as usize)
    }
}

const fn on_board(r: i32, c: i32) -> bool {
    r >= 0 && r < SIZE as i32 && c >= 0 && c < SIZE as i32
}

/// For every square, the squares at the given (row, column) offsets that are on the board.
const fn pattern(offsets: &[(i32, i32)]) -> [SquareList; SQUARES] {
    let mut out = [SquareList {
        len: 0,
        squares: [0; 8],
    }; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (r, c) = ((sq / SIZE) as i32, (sq % SIZE) as i32);
        let mut i = 0;
        while i < offsets.len() {
            let (rr, cc) = (r + offsets[i].0, c + offsets[i].1);
            if on_board(rr, cc) {
                let list = &mut out[sq];
                list.squares[list.len as usize] = (rr * SIZE as i32 + cc) as u8;
                list.len += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// The 8 neighbours (Builder, Jester, General).
pub static KING: [SquareList; SQUARES] = pattern(&[
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
]);

/// The knight jumps (Sentinel).
pub static KNIGHT: [SquareList; SQUARES] = pattern(&[
    (-2, -1),
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
]);

/// The Catapult's shot squares: 3 away orthogonally, 2+2 away diagonally.
pub static SHOT: [SquareList; SQUARES] = pattern(&[
    (-3, 0),
    (0, 3),
    (3, 0),
    (0, -3),
    (-2, -2),
    (-2, 2),
    (2, 2),
    (2, -2),
]);

/// The orthogonal neighbours (Catapult steps, Sentinel protection).
pub static ORTH: [SquareList; SQUARES] = pattern(&[(-1, 0), (0, 1), (1, 0), (0, -1)]);

/// How many squares a ray from a square runs in each direction before the edge.
pub static RAY_LEN: [[u8; 8]; SQUARES] = {
    let mut out = [[0u8; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (r, c) = ((sq / SIZE) as i32, (sq % SIZE) as i32);
        let mut d = 0;
        while d < 8 {
            let mut n = 0;
            while on_board(r + DR[d] * (n + 1), c + DC[d] * (n + 1)) {
                n += 1;
            }
            out[sq][d] = n as u8;
            d += 1;
        }
        sq += 1;
    }
    out
};

/// `LINED[a][b]`: b lies on one of the 8 rays from a. A General can only lose cover
/// (a blocker, a protecting Sentinel) through a square lined up with it.
pub static LINED: [[bool; SQUARES]; SQUARES] = {
    let mut out = [[false; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut d = 0;
        while d < 8 {
            let mut k = 1;
            while k <= RAY_LEN[a][d] as i32 {
                out[a][(a as i32 + DELTA[d] as i32 * k) as usize] = true;
                k += 1;
            }
            d += 1;
        }
        a += 1;
    }
    out
};

/// Cell codes: 0 empty, 1 wall, 2 + side * 8 + kind for pieces.
pub const CELLS: usize = 18;

/// The next key of the SplitMix64 stream at `state` (`rng::Rng::next_u64`, usable in constants).
const fn next_key(state: &mut u64) -> u64 {
    let key = splitmix(*state);
    *state = state.wrapping_add(GOLDEN);
    key
}

pub struct Zobrist {
    /// Key per (square, cell code); the empty cell has key 0 so it never needs toggling.
    pub cell: [[u64; CELLS]; SQUARES],
    pub black_to_move: u64,
    /// Marks level 8's rule-bound search (not part of the position itself).
    pub rule_bound: u64,
    /// Key per ply count (the 100-move rule makes the count part of the position).
    pub ply: [u64; 256],
    /// Marks the plies near level 8's root where its model follows level 7 exactly.
    pub predicted: u64,
    /// Marks level 8's search as Black's opponent (its model predicts Black's moves).
    pub black_predicted: u64,
}

pub static ZOBRIST: Zobrist = {
    let mut z = Zobrist {
        cell: [[0; CELLS]; SQUARES],
        black_to_move: 0,
        rule_bound: 0,
        ply: [0; 256],
        predicted: 0,
        black_predicted: 0,
    };
    // The keys are one SplitMix64 stream from this seed, taken in this order.
    let mut state = 0x0041_4456_414E_4345_u64; // "ADVANCE"
    let mut sq = 0;
    while sq < SQUARES {
        let mut c = 1;
        while c < CELLS {
            z.cell[sq][c] = next_key(&mut state);
            c += 1;
        }
        sq += 1;
    }
    z.black_to_move = next_key(&mut state);
    z.rule_bound = next_key(&mut state);
    let mut p = 0;
    while p < 256 {
        z.ply[p] = next_key(&mut state);
        p += 1;
    }
    z.predicted = next_key(&mut state);
    z.black_predicted = next_key(&mut state);
    z
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_have_the_expected_sizes() {
        // Corner a9 (index 0) and centre e5 (index 40).
        assert_eq!((KING[0].len, KING[40].len), (3, 8));
        assert_eq!((KNIGHT[0].len, KNIGHT[40].len), (2, 8));
        assert_eq!((SHOT[0].len, SHOT[40].len), (3, 8));
        assert_eq!((ORTH[0].len, ORTH[40].len), (2, 4));
        assert_eq!(RAY_LEN[40], [4; 8]);
        assert_eq!(RAY_LEN[0], [0, 0, 8, 8, 8, 0, 0, 0]);
    }

    #[test]
    fn lined_is_symmetric_and_excludes_knight_jumps() {
        for a in 0..SQUARES {
            assert!(!LINED[a][a]);
            for (b, &lined) in LINED[a].iter().enumerate() {
                assert_eq!(lined, LINED[b][a]);
            }
            for k in KNIGHT[a].iter() {
                assert!(!LINED[a][k]);
            }
        }
    }

    #[test]
    fn zobrist_keys_are_distinct() {
        let mut keys: Vec<u64> = ZOBRIST
            .cell
            .iter()
            .flat_map(|c| c[1..].iter().copied())
            .collect();
        keys.extend(ZOBRIST.ply);
        keys.push(ZOBRIST.black_to_move);
        keys.push(ZOBRIST.rule_bound);
        keys.push(ZOBRIST.predicted);
        keys.push(ZOBRIST.black_predicted);
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
    }
}
