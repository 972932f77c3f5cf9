//! The pawns' structure. Passed pawns: a pawn with no enemy pawn ahead of it on its own file
//! or a neighbouring one can only be stopped by pieces. Promotion comes early in Chess14 (the
//! first rank wholly past the middle: four steps from the start on the 12x10 cut), so such a
//! pawn is a threat to queen within a few moves. Doubled and isolated pawns, and rooks on
//! files the pawns leave open.

use super::super::geometry::{MAX_SIDE, file_of, rank_of};
use super::super::pieces::{is_piece, side_of};
use super::super::position::Position;
use super::terms::PASSED_STEPS;
use crate::game::Side;

/// A passed pawn counts 256 in the term of the steps it has still to go (`terms::PASSED`, on
/// top of the advance every pawn earns)...
const FREE: i32 = 256;
/// ...and one whose next square is taken (by any man) counts this share: it needs the blocker
/// to move first.
const BLOCKED: i32 = 128;

/// The pawns of a position, gathered during the evaluation's walk over the board.
pub struct Pawns {
    /// Per file, the highest rank of a pawn moving down and the lowest of a pawn moving up:
    /// the enemy pawns that could block or capture a passer on its way.
    highest_down: [i8; MAX_SIDE],
    lowest_up: [i8; MAX_SIDE],
    squares: [u16; MAX_PAWNS],
    count: usize,
    /// Per side and file, its pawns and rooks there.
    pawns_on: [[u8; MAX_SIDE]; 2],
    rooks_on: [[u8; MAX_SIDE]; 2],
}

/// One side's pawn structure and its rooks' files.
pub struct Structure {
    pub doubled: i32,
    pub isolated: i32,
    pub rooks_open: i32,
    pub rooks_half_open: i32,
}

/// More pawns than any layout starts with (two full ranks of a 16-file board each side).
const MAX_PAWNS: usize = 4 * MAX_SIDE;

impl Pawns {
    pub fn new() -> Pawns {
        Pawns {
            highest_down: [-1; MAX_SIDE],
            lowest_up: [i8::MAX; MAX_SIDE],
            squares: [0; MAX_PAWNS],
            count: 0,
            pawns_on: [[0; MAX_SIDE]; 2],
            rooks_on: [[0; MAX_SIDE]; 2],
        }
    }

    /// A rook of `side` on `sq`.
    pub fn add_rook(&mut self, sq: usize, side: Side) {
        self.rooks_on[side.index()][file_of(sq)] += 1;
    }

    /// Each side's doubled and isolated pawns and rooks on open and half-open files (indexed
    /// by `Side::index`).
    pub fn structure(&self, pos: &Position) -> [Structure; 2] {
        let w = pos.width();
        [0, 1].map(|i| {
            let (own, enemy) = (&self.pawns_on[i], &self.pawns_on[1 - i]);
            let mut s = Structure {
                doubled: 0,
                isolated: 0,
                rooks_open: 0,
                rooks_half_open: 0,
            };
            for f in 0..w {
                let n = i32::from(own[f]);
                let rooks = i32::from(self.rooks_on[i][f]);
                s.doubled += (n - 1).max(0);
                if n > 0 && (f == 0 || own[f - 1] == 0) && (f + 1 == w || own[f + 1] == 0) {
                    s.isolated += n;
                }
                if n == 0 && enemy[f] == 0 {
                    s.rooks_open += rooks;
                } else if n == 0 {
                    s.rooks_half_open += rooks;
                }
            }
            s
        })
    }

    /// A pawn of `side` on `sq`; `up` is the side whose pawns move up.
    pub fn add(&mut self, sq: usize, side: Side, up: Side) {
        let (f, r) = (file_of(sq), rank_of(sq) as i8);
        self.pawns_on[side.index()][f] += 1;
        if side == up {
            self.lowest_up[f] = self.lowest_up[f].min(r);
        } else {
            self.highest_down[f] = self.highest_down[f].max(r);
        }
        if self.count < MAX_PAWNS {
            self.squares[self.count] = sq as u16;
            self.count += 1;
        }
    }

    /// The passed pawns of each side (indexed by `Side::index`) by the steps they have still
    /// to go (index 0: one step from promotion; the last counts the pawns further back), in
    /// 256ths of a free passer.
    pub fn passed(&self, pos: &Position) -> [[i32; PASSED_STEPS]; 2] {
        let h = pos.height() as i8;
        let up = pos.up();
        let first_past = (h + 1) / 2;
        let mut count = [[0; PASSED_STEPS]; 2];
        for &sq in &self.squares[..self.count] {
            let sq = sq as usize;
            let side = side_of(pos.cell(sq));
            let (f, r) = (file_of(sq), rank_of(sq) as i8);
            let mut files = f.saturating_sub(1)..=(f + 1).min(pos.width() - 1);
            let (passed, advanced) = if side == up {
                (files.all(|g| self.highest_down[g] <= r), r)
            } else {
                (files.all(|g| self.lowest_up[g] >= r), h - 1 - r)
            };
            if !passed {
                continue;
            }
            let to_go = (first_past - advanced).clamp(1, PASSED_STEPS as i8);
            let ahead = (sq as isize + pos.forward(side)) as usize;
            count[side.index()][to_go as usize - 1] += if is_piece(pos.cell(ahead)) {
                BLOCKED
            } else {
                FREE
            };
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::pieces::{Kind, kind_of};
    use super::super::super::text::parse_fen;
    use super::*;

    /// The pawns and rooks of the position, gathered as the evaluation's walk does.
    fn gather(pos: &Position) -> Pawns {
        let mut pawns = Pawns::new();
        for sq in pos.squares() {
            let c = pos.cell(sq);
            match is_piece(c).then(|| kind_of(c)) {
                Some(Kind::Pawn) => pawns.add(sq, side_of(c), pos.up()),
                Some(Kind::Rook) => pawns.add_rook(sq, side_of(c)),
                _ => {}
            }
        }
        pawns
    }

    fn passed(pos: &Position) -> [[i32; PASSED_STEPS]; 2] {
        gather(pos).passed(pos)
    }

    /// `side`'s passers as (steps to go, share of a free passer in 256ths).
    fn of(count: [[i32; PASSED_STEPS]; 2], side: Side) -> Vec<(usize, i32)> {
        let by_steps = count[side.index()].into_iter().enumerate();
        by_steps
            .filter(|&(_, n)| n != 0)
            .map(|(i, n)| (i + 1, n))
            .collect()
    }

    // Lower case is White, which moves up (rank 1 is the last line of the text).
    #[test]
    fn a_pawn_with_no_enemy_pawn_ahead_nearby_is_passed() {
        // White pawn d7 (one step from promotion on 14 ranks), black pawn f9 two files away,
        // two steps from its promotion on rank 7: neither can stop the other.
        let pos = parse_fen("7K6/14/14/14/14/5P8/14/3p10/14/14/14/14/14/7k6 w").unwrap();
        assert_eq!(of(passed(&pos), Side::P1), [(1, FREE)]);
        assert_eq!(of(passed(&pos), Side::P2), [(2, FREE)]);
    }

    #[test]
    fn an_enemy_pawn_ahead_on_a_neighbouring_file_stops_it() {
        // White pawn d4; black pawn e9 ahead on the next file: not passed. Black's e9 has no
        // white pawn below it on d-f... except d4, which is below: not passed either.
        let pos = parse_fen("7K6/14/14/14/14/4P9/14/14/14/14/3p10/14/14/7k6 w").unwrap();
        assert_eq!(passed(&pos), [[0; PASSED_STEPS]; 2]);
    }

    #[test]
    fn a_blocked_passer_earns_less() {
        let free = parse_fen("7K6/14/14/14/14/14/14/14/3p10/14/14/14/14/7k6 w").unwrap();
        let blocked = parse_fen("7K6/14/14/14/14/14/14/3N10/3p10/14/14/14/14/7k6 w").unwrap();
        // d6: two steps from d8, the first rank past the middle.
        assert_eq!(of(passed(&free), Side::P1), [(2, FREE)]);
        assert_eq!(of(passed(&blocked), Side::P1), [(2, BLOCKED)]);
    }

    #[test]
    fn doubled_isolated_pawns_and_rooks_on_open_files() {
        // White (lower case): pawns d4 d5, rooks a1 (no pawn on a) and h1 (a black pawn on h).
        // Black: pawns g9 h9, side by side.
        let pos = parse_fen("7K6/14/14/14/14/6PP6/14/14/14/3p10/3p10/14/14/r5kr6 w").unwrap();
        let [white, black] = gather(&pos).structure(&pos);
        let shape = |s: &Structure| (s.doubled, s.isolated, s.rooks_open, s.rooks_half_open);
        assert_eq!(shape(&white), (1, 2, 1, 1));
        assert_eq!(shape(&black), (0, 0, 0, 0));
    }
}
