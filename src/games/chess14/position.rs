//! The position: the cells of the padded mailbox, the side to move, which side moves up, the
//! king squares and an incrementally kept Zobrist hash; how it is set up, how a move changes
//! it, and which squares a side attacks in it.

use super::attacks::{self, SquareSet};
use super::config::Clocks;
use super::geometry::{CELLS, MAX_SIDE, MIN_SIDE, STRIDE, file_of, index, rank_of};
use super::moves::{Move, MoveKind};
use super::pieces::{EMPTY, Kind, OFF, UNMOVED, is_piece, kind_code, kind_of, piece, side_of};
use super::zobrist;
use crate::game::Side;

/// More kings than this for one side is refused when a position is set up.
pub const MAX_KINGS: usize = 16;

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
    /// `occupied[side][rank]`: the files of `side`'s pieces on that rank, one bit each, kept
    /// with `cells`, so that walks over the pieces skip the empty squares.
    occupied: [[u16; MAX_SIDE]; 2],
    /// The hash of the pawns alone, kept like `hash`: the search's key for correcting the
    /// static score (a pawn structure the evaluation misjudges, it misjudges alike).
    pawn_hash: u64,
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
            occupied: [[0; MAX_SIDE]; 2],
            hash: 0,
            pawn_hash: 0,
            clocks: Clocks::default(),
        })
    }

    /// Sets a square during setup (the hash and king lists are fixed up by `finish`).
    pub fn put(&mut self, file: usize, rank: usize, cell: u8) {
        self.set_cell(index(file, rank), cell);
    }

    /// Writes one cell, keeping `occupied` with it.
    pub(super) fn set_cell(&mut self, sq: usize, cell: u8) {
        let (bit, rank) = (1 << file_of(sq), rank_of(sq));
        let old = self.cells[sq];
        if is_piece(old) {
            self.occupied[side_of(old).index()][rank] &= !bit;
        }
        if is_piece(cell) {
            self.occupied[side_of(cell).index()][rank] |= bit;
        }
        self.cells[sq] = cell;
    }

    /// The squares of `side`'s pieces, in the order of `squares`.
    pub fn pieces_of(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.squares_by_rank(move |r| self.occupied[side.index()][r])
    }

    /// The squares of every piece, in the order of `squares`.
    pub fn pieces(&self) -> impl Iterator<Item = usize> + '_ {
        self.squares_by_rank(|r| self.occupied[0][r] | self.occupied[1][r])
    }

    /// The squares of the bits `files` gives for each rank, rank by rank and file by file.
    fn squares_by_rank(&self, files: impl Fn(usize) -> u16) -> impl Iterator<Item = usize> {
        (0..self.height()).flat_map(move |r| {
            let mut bits = files(r);
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let f = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    index(f, r)
                })
            })
        })
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
        self.hash = self.hash_from_scratch();
        self.pawn_hash = self.pawn_hash_from_scratch();
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

    pub fn pawn_hash(&self) -> u64 {
        self.pawn_hash
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
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for sq in self.squares() {
            let c = self.cells[sq];
            if is_piece(c) {
                h ^= zobrist::cell(c, sq);
            }
        }
        if self.stm == Side::P2 {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        if self.up == Side::P2 {
            h ^= zobrist::BLACK_UP;
        }
        h ^ zobrist::size(self.width, self.height)
    }

    /// The pawn hash recomputed from nothing (setup, and tests of the incremental updates).
    pub fn pawn_hash_from_scratch(&self) -> u64 {
        self.squares()
            .map(|sq| (self.cells[sq], sq))
            .filter(|&(c, _)| is_pawn(c))
            .fold(0, |h, (c, sq)| h ^ zobrist::cell(c, sq))
    }

    /// Whether `by` attacks `sq`.
    #[inline]
    pub fn attacked(&self, sq: usize, by: Side) -> bool {
        attacks::attacked_on(&self.cells, sq, by, self.forward(by))
    }

    /// The least valuable piece of `by` attacking `sq`, and its square (see
    /// [`attacks::least_attacker_on`]).
    pub fn least_attacker(&self, sq: usize, by: Side) -> Option<(Kind, usize)> {
        attacks::least_attacker_on(&self.cells, sq, by, self.forward(by))
    }

    /// Whether any king of `side` is attacked (a side without kings is never in check).
    pub fn king_attacked(&self, side: Side) -> bool {
        self.kings(side)
            .iter()
            .any(|&k| self.attacked(k as usize, side.other()))
    }

    /// The pieces of `side` whose moves may expose one of its kings (see
    /// [`attacks::pinned_on`]).
    pub fn pinned(&self, side: Side) -> SquareSet {
        attacks::pinned_on(&self.cells, self.kings(side), side)
    }

    /// Passes the turn (null-move pruning, and "what would the other side attack now").
    pub fn pass(&mut self) {
        self.stm = self.stm.other();
        self.hash ^= zobrist::BLACK_TO_MOVE;
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
        self.hash ^= zobrist::cell(moving, from);
        if captured != EMPTY {
            self.hash ^= zobrist::cell(captured, to);
        }
        let landed = match mv.kind() {
            MoveKind::Promotion => piece(Kind::Queen, self.stm),
            _ => moving & !UNMOVED,
        };
        self.set_cell(from, EMPTY);
        self.set_cell(to, landed);
        self.hash ^= zobrist::cell(landed, to);
        if is_pawn(moving) {
            self.pawn_hash ^= zobrist::cell(moving, from);
        }
        if is_pawn(captured) {
            self.pawn_hash ^= zobrist::cell(captured, to);
        }
        if is_pawn(landed) {
            self.pawn_hash ^= zobrist::cell(landed, to);
        }
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
            self.hash ^= zobrist::cell(rook, rook_from) ^ zobrist::cell(moved_rook, rook_to);
            self.set_cell(rook_from, EMPTY);
            self.set_cell(rook_to, moved_rook);
        }
        self.stm = self.stm.other();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }
}

/// Whether the cell holds a pawn of either side.
fn is_pawn(c: u8) -> bool {
    is_piece(c) && kind_code(c) == Kind::Pawn as u8
}
