//! The position: a padded mailbox of cells, the side to move, which side moves up, the king
//! squares and an incrementally kept Zobrist hash.
//!
//! Cell byte layout (one `u8` per square):
//! ```text
//!   bit 0-3  piece kind (1..=11, see `Kind`), 0 = empty
//!   bit 4    BLACK (set: Black / uppercase piece)
//!   bit 5    UNMOVED (kings and rooks that have not moved yet: castling rights)
//!   bit 6    OFF (a padding cell outside the board; no other bit set)
//! ```
//! The mailbox is always 22x22 (a 16x16 board plus 3 padding cells on each side, enough for the
//! camel's (3,1) leap), so smaller boards just leave more cells OFF.

use super::config::Clocks;
use super::moves::{Move, MoveKind};
use super::pieces::Kind;
use crate::game::Side;

pub const MAX_SIDE: usize = 16;
pub const MIN_SIDE: usize = 6;
pub const PAD: usize = 3;
pub const STRIDE: usize = MAX_SIDE + 2 * PAD;
pub const CELLS: usize = STRIDE * STRIDE;
/// More kings than this for one side is refused when a position is set up.
pub const MAX_KINGS: usize = 16;

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 0x10;
pub const UNMOVED: u8 = 0x20;
pub const OFF: u8 = 0x40;
const KIND_MASK: u8 = 0x0F;

/// The cell byte of a piece (moved).
pub fn piece(kind: Kind, side: Side) -> u8 {
    kind as u8 | if side == Side::P2 { BLACK } else { 0 }
}

/// Whether the cell holds a piece (not empty, not padding).
#[inline]
pub fn is_piece(c: u8) -> bool {
    c != EMPTY && c & OFF == 0
}

#[inline]
pub fn side_of(c: u8) -> Side {
    if c & BLACK != 0 { Side::P2 } else { Side::P1 }
}

/// The kind of a piece cell (call only with `is_piece(c)`).
#[inline]
pub fn kind_of(c: u8) -> Kind {
    Kind::from_code(c & KIND_MASK).expect("a piece cell holds a kind")
}

#[inline]
pub fn kind_code(c: u8) -> u8 {
    c & KIND_MASK
}

/// The mailbox index of a board square (file and rank from 0).
pub const fn index(file: usize, rank: usize) -> usize {
    (rank + PAD) * STRIDE + file + PAD
}

pub const fn file_of(sq: usize) -> usize {
    sq % STRIDE - PAD
}

pub const fn rank_of(sq: usize) -> usize {
    sq / STRIDE - PAD
}

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Zobrist keys per (kind and colour bits, square); row 0 is unused (empty).
static Z_PIECE: [[u64; CELLS]; 32] = {
    let mut t = [[0u64; CELLS]; 32];
    let mut i = 0;
    while i < 32 {
        let mut s = 0;
        while s < CELLS {
            t[i][s] = splitmix((i * CELLS + s) as u64);
            s += 1;
        }
        i += 1;
    }
    t
};
/// Keys for an unmoved king or rook on a square (castling rights).
static Z_UNMOVED: [u64; CELLS] = {
    let mut t = [0u64; CELLS];
    let mut s = 0;
    while s < CELLS {
        t[s] = splitmix((32 * CELLS + s) as u64);
        s += 1;
    }
    t
};
const Z_BLACK_TO_MOVE: u64 = splitmix(0xB1AC);
const Z_BLACK_UP: u64 = splitmix(0x0B0B);

#[inline]
fn cell_key(c: u8, sq: usize) -> u64 {
    let k = Z_PIECE[(c & (KIND_MASK | BLACK)) as usize][sq];
    if c & UNMOVED != 0 {
        k ^ Z_UNMOVED[sq]
    } else {
        k
    }
}

/// A full game position. Plain data of fixed size: copying it is how a move is tried.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) cells: [u8; CELLS],
    width: u8,
    height: u8,
    stm: Side,
    up: Side,
    nkings: [u8; 2],
    kings: [[u16; MAX_KINGS]; 2],
    hash: u64,
    /// The clocks a config file set (reported to the GUI; no part of the hash).
    clocks: Clocks,
}

impl Position {
    /// An empty board of the given size (no pieces), White to move; fill it with `put` and then
    /// call `finish`.
    pub fn empty(width: usize, height: usize, up: Side) -> Result<Position, String> {
        for (what, n) in [("width", width), ("height", height)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
                return Err(format!(
                    "board {what} {n} is outside {MIN_SIDE}..{MAX_SIDE}"
                ));
            }
        }
        let mut cells = [OFF; CELLS];
        for r in 0..height {
            for f in 0..width {
                cells[index(f, r)] = EMPTY;
            }
        }
        Ok(Position {
            cells,
            width: width as u8,
            height: height as u8,
            stm: Side::P1,
            up,
            nkings: [0; 2],
            kings: [[0; MAX_KINGS]; 2],
            hash: 0,
            clocks: Clocks::default(),
        })
    }

    /// Sets a square during setup (the hash and king lists are fixed up by `finish`).
    pub fn put(&mut self, file: usize, rank: usize, cell: u8) {
        self.cells[index(file, rank)] = cell;
    }

    /// Completes a setup: records the kings, computes the hash, and refuses positions the game
    /// could never reach (too many kings, or the side that just moved left a king attacked).
    pub fn finish(&mut self, stm: Side) -> Result<(), String> {
        self.stm = stm;
        self.nkings = [0; 2];
        for sq in self.squares() {
            let c = self.cells[sq];
            if is_piece(c) && kind_of(c) == Kind::King {
                let s = side_of(c).index();
                if self.nkings[s] as usize == MAX_KINGS {
                    return Err(format!("more than {MAX_KINGS} kings of one side"));
                }
                self.kings[s][self.nkings[s] as usize] = sq as u16;
                self.nkings[s] += 1;
            }
        }
        self.hash = self.compute_hash();
        if self.king_attacked(stm.other()) {
            return Err(format!(
                "the side not to move ({}) has a king in check",
                if stm == Side::P1 { "black" } else { "white" }
            ));
        }
        Ok(())
    }

    pub fn width(&self) -> usize {
        self.width as usize
    }

    pub fn height(&self) -> usize {
        self.height as usize
    }

    pub fn side_to_move(&self) -> Side {
        self.stm
    }

    /// The side whose pawns move towards the top rank.
    pub fn up(&self) -> Side {
        self.up
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn clocks(&self) -> Clocks {
        self.clocks
    }

    pub fn set_clocks(&mut self, clocks: Clocks) {
        self.clocks = clocks;
    }

    #[inline]
    pub fn cell(&self, sq: usize) -> u8 {
        self.cells[sq]
    }

    /// The king squares of one side.
    #[inline]
    pub fn kings(&self, side: Side) -> &[u16] {
        &self.kings[side.index()][..self.nkings[side.index()] as usize]
    }

    /// Every board square (mailbox indices), bottom rank first.
    pub fn squares(&self) -> impl Iterator<Item = usize> + use<> {
        let (w, h) = (self.width(), self.height());
        (0..h).flat_map(move |r| (0..w).map(move |f| index(f, r)))
    }

    /// The mailbox step of one pawn move forward for `side`.
    #[inline]
    pub fn forward(&self, side: Side) -> isize {
        if side == self.up {
            STRIDE as isize
        } else {
            -(STRIDE as isize)
        }
    }

    /// The rank (from 0) of `side`'s own second rank: pawns there may step two squares.
    #[inline]
    pub fn double_step_rank(&self, side: Side) -> usize {
        if side == self.up {
            1
        } else {
            self.height() - 2
        }
    }

    /// Whether a pawn of `side` arriving on `rank` promotes: the first rank wholly past the
    /// middle (rank 8 moving up, rank 7 moving down on 14 ranks) and anything beyond.
    #[inline]
    pub fn promotes(&self, side: Side, rank: usize) -> bool {
        let h = self.height();
        let first_past = h.div_ceil(2);
        if side == self.up {
            rank >= first_past
        } else {
            rank < h - first_past
        }
    }

    /// The hash recomputed from nothing (setup, and tests of the incremental updates).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.squares() {
            let c = self.cells[sq];
            if is_piece(c) {
                h ^= cell_key(c, sq);
            }
        }
        if self.stm == Side::P2 {
            h ^= Z_BLACK_TO_MOVE;
        }
        if self.up == Side::P2 {
            h ^= Z_BLACK_UP;
        }
        h ^ splitmix((self.width as u64) << 8 | self.height as u64)
    }

    /// Passes the turn (null-move pruning, and "what would the other side attack now").
    pub fn pass(&mut self) {
        self.stm = self.stm.other();
        self.hash ^= Z_BLACK_TO_MOVE;
    }

    /// Plays a legal move (copy-make: the caller keeps the old position if it needs it).
    pub fn play(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let moving = self.cells[from];
        let captured = self.cells[to];
        debug_assert!(is_piece(moving) && side_of(moving) == self.stm);
        debug_assert!(
            !is_piece(captured) || kind_of(captured) != Kind::King,
            "king captured"
        );
        self.hash ^= cell_key(moving, from);
        if captured != EMPTY {
            self.hash ^= cell_key(captured, to);
        }
        let landed = match mv.kind() {
            MoveKind::Promotion => piece(Kind::Queen, self.stm),
            _ => moving & !UNMOVED,
        };
        self.cells[from] = EMPTY;
        self.cells[to] = landed;
        self.hash ^= cell_key(landed, to);
        if kind_code(moving) == Kind::King as u8 {
            let s = self.stm.index();
            for k in self.kings[s][..self.nkings[s] as usize].iter_mut() {
                if *k as usize == from {
                    *k = to as u16;
                }
            }
        }
        if mv.kind() == MoveKind::Castle {
            let rook_from = mv.rook_from();
            let rook_to = (from + to) / 2;
            let rook = self.cells[rook_from];
            let moved_rook = rook & !UNMOVED;
            self.hash ^= cell_key(rook, rook_from) ^ cell_key(moved_rook, rook_to);
            self.cells[rook_from] = EMPTY;
            self.cells[rook_to] = moved_rook;
        }
        self.stm = self.stm.other();
        self.hash ^= Z_BLACK_TO_MOVE;
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::parse_fen;
    use super::*;
    use proptest::prelude::*;

    /// Positions with castling, promotions both ways, several kings, and a small odd board.
    const STARTS: &[&str] = &[
        "RNBHCGAKGCEBNR/PPPPPPPPPPPPPP/14/14/14/14/14/14/14/14/14/14/pppppppppppppp/rnbhcgakgcebnr w",
        "R6K5R/14/14/14/14/5p8/3RN4P1P2/2pp6n3/12P1/14/14/14/14/r6k5r w",
        "k13/14/14/14/14/5P8/2pp6n3/3RN4P1P2/14/14/14/14/14/1R4K6R w up=b",
        "3k2r/2p2p1/7/7/1H2g2/7/7/1P2P2/R2K2R w up=b",
    ];

    proptest! {
        #[test]
        fn incremental_hash_matches_a_fresh_one(start in 0..STARTS.len(), picks in proptest::collection::vec(any::<u16>(), 1..60)) {
            let mut pos = parse_fen(STARTS[start]).unwrap();
            let mut moves = Vec::new();
            for pick in picks {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[pick as usize % moves.len()]);
                prop_assert_eq!(pos.hash(), pos.compute_hash());
                // The kings list follows the kings.
                for side in [Side::P1, Side::P2] {
                    for &k in pos.kings(side) {
                        prop_assert_eq!(pos.cell(k as usize) & !UNMOVED, piece(Kind::King, side));
                    }
                }
                // What the text form says is what the position is.
                let again = parse_fen(&super::super::text::to_fen(&pos)).unwrap();
                prop_assert_eq!(again.hash(), pos.hash());
            }
        }
    }

    #[test]
    fn castling_moves_the_rook_and_clears_both_flags() {
        let mut pos = parse_fen("R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r w").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let castle = *moves
            .iter()
            .find(|m| m.kind() == MoveKind::Castle && m.to() == index(9, 0))
            .unwrap();
        pos.play(castle);
        assert_eq!(pos.cell(index(9, 0)), piece(Kind::King, Side::P1));
        assert_eq!(pos.cell(index(8, 0)), piece(Kind::Rook, Side::P1));
        assert_eq!(pos.cell(index(13, 0)), EMPTY);
        assert_eq!(pos.cell(index(0, 0)), piece(Kind::Rook, Side::P1) | UNMOVED);
        assert_eq!(pos.hash(), pos.compute_hash());
    }

    #[test]
    fn promotion_ranks_scale_with_the_board() {
        for (h, up_first, down_last) in [(14, 7, 6), (10, 5, 4), (9, 5, 3), (6, 3, 2), (16, 8, 7)] {
            let pos = Position::empty(8, h, Side::P1).unwrap();
            assert!(
                pos.promotes(Side::P1, up_first) && !pos.promotes(Side::P1, up_first - 1),
                "{h}"
            );
            assert!(
                pos.promotes(Side::P2, down_last) && !pos.promotes(Side::P2, down_last + 1),
                "{h}"
            );
        }
    }
}
