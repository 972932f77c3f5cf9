//! The position, rules only: a fixed-size mailbox of cells plus side, ply count, material
//! and hash, all kept up to date incrementally so a copy is the whole state (copy-make).
//! The piece codes of a cell live here too.

use super::tables::{CELLS, ORTH, SQUARES, ZOBRIST};
use crate::game::Side;

/// Piece kinds, in order of value (the General last: it is never captured).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Zombie,
    Builder,
    Jester,
    Miner,
    Sentinel,
    Catapult,
    Dragon,
    General,
}

pub const KINDS: [Kind; 8] = [
    Kind::Zombie,
    Kind::Builder,
    Kind::Jester,
    Kind::Miner,
    Kind::Sentinel,
    Kind::Catapult,
    Kind::Dragon,
    Kind::General,
];

impl Kind {
    /// Material value (the General counts nothing).
    pub const fn value(self) -> i32 {
        match self {
            Kind::General => 0,
            k => k as i32 + 1,
        }
    }

    /// The kind's name in a sentence (`zombie`, `general`).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Zombie => "zombie",
            Kind::Builder => "builder",
            Kind::Jester => "jester",
            Kind::Miner => "miner",
            Kind::Sentinel => "sentinel",
            Kind::Catapult => "catapult",
            Kind::Dragon => "dragon",
            Kind::General => "general",
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Kind::Zombie => 'z',
            Kind::Builder => 'b',
            Kind::Jester => 'j',
            Kind::Miner => 'm',
            Kind::Sentinel => 's',
            Kind::Catapult => 'c',
            Kind::Dragon => 'd',
            Kind::General => 'g',
        }
    }
}

/// A square's content, packed in one byte: 0 empty, 1 wall, 2 + side * 8 + kind for pieces.
pub type Cell = u8;
pub const EMPTY: Cell = 0;
pub const WALL: Cell = 1;

pub const fn piece(side: usize, kind: Kind) -> Cell {
    2 + (side * 8) as u8 + kind as u8
}

/// The owner of a cell as a side's index: 0 White, 1 Black, 2 nobody (empty or wall). The
/// move generator works on indices, which index these tables directly.
pub const OWNER: [usize; CELLS] = {
    let mut out = [2; CELLS];
    let mut c = 2;
    while c < CELLS {
        out[c] = (c - 2) / 8;
        c += 1;
    }
    out
};

/// Material value of a cell (0 for empty, walls and Generals).
pub const VALUE: [i32; CELLS] = {
    let mut out = [0; CELLS];
    let mut c = 2;
    while c < CELLS {
        out[c] = KINDS[(c - 2) % 8].value();
        c += 1;
    }
    out
};

pub const fn kind_of(cell: Cell) -> Kind {
    KINDS[(cell as usize - 2) % 8]
}

/// The turn limit: after this many plies the material score decides.
pub const PLY_LIMIT: u16 = 200;

/// An Advance position. `Copy`, under 100 bytes, no heap: playing a move copies it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) cells: [Cell; SQUARES],
    pub(super) side: Side,
    /// Plies played towards the turn limit (at most 255; the game ends at 200).
    pub(super) ply: u16,
    pub(super) generals: [u8; 2],
    pub(super) material: [i32; 2],
    pub(super) hash: u64,
}

impl Position {
    /// A position from raw cells, checking that each side has exactly one General.
    pub fn from_cells(cells: [Cell; SQUARES], side: Side, ply: u16) -> Result<Self, String> {
        let mut generals = [None, None];
        for (sq, &c) in cells.iter().enumerate() {
            if c >= 2 && kind_of(c) == Kind::General {
                let owner = OWNER[c as usize];
                if generals[owner].is_some() {
                    return Err(format!("{} has more than one General", SIDE_WORDS[owner]));
                }
                generals[owner] = Some(sq as u8);
            }
        }
        let mut pos = Position {
            cells,
            side,
            ply,
            generals: [0, 0],
            material: [0, 0],
            hash: 0,
        };
        for (s, g) in generals.iter().enumerate() {
            pos.generals[s] = g.ok_or_else(|| format!("{} has no General", SIDE_WORDS[s]))?;
        }
        for &c in cells.iter() {
            if c >= 2 {
                pos.material[OWNER[c as usize]] += VALUE[c as usize];
            }
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The Zobrist hash, kept up to date move by move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash from scratch (the incremental one must always equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = ZOBRIST.ply[self.ply.min(255) as usize];
        if self.side == Side::P2 {
            h ^= ZOBRIST.black_to_move;
        }
        for (sq, &c) in self.cells.iter().enumerate() {
            h ^= ZOBRIST.cell[sq][c as usize];
        }
        h
    }

    pub fn cell(&self, sq: usize) -> Cell {
        self.cells[sq]
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    pub fn ply(&self) -> u16 {
        self.ply
    }

    pub fn general(&self, side: Side) -> usize {
        self.generals[side.index()] as usize
    }

    /// A side's material score.
    pub fn material(&self, side: Side) -> i32 {
        self.material[side.index()]
    }

    /// Own material minus the enemy's, for `side`.
    pub fn balance(&self, side: Side) -> i32 {
        self.material[side.index()] - self.material[side.other().index()]
    }

    /// Puts `cell` on an empty square.
    #[inline]
    pub(super) fn put(&mut self, sq: usize, cell: Cell) {
        debug_assert_eq!(self.cells[sq], EMPTY);
        self.cells[sq] = cell;
        self.hash ^= ZOBRIST.cell[sq][cell as usize];
        if cell >= 2 {
            self.material[OWNER[cell as usize]] += VALUE[cell as usize];
            if kind_of(cell) == Kind::General {
                self.generals[OWNER[cell as usize]] = sq as u8;
            }
        }
    }

    /// Empties a square and returns what was there.
    #[inline]
    pub(super) fn take(&mut self, sq: usize) -> Cell {
        let cell = self.cells[sq];
        self.cells[sq] = EMPTY;
        self.hash ^= ZOBRIST.cell[sq][cell as usize];
        if cell >= 2 {
            self.material[OWNER[cell as usize]] -= VALUE[cell as usize];
        }
        cell
    }

    /// Whether the piece on `sq` (of any side) has a friendly Sentinel orthogonally next to it.
    #[inline]
    pub fn protected(&self, sq: usize) -> bool {
        let owner = OWNER[self.cells[sq] as usize];
        let sentinel = piece(owner, Kind::Sentinel);
        owner < 2 && ORTH[sq].iter().any(|n| self.cells[n] == sentinel)
    }

    /// Whether `side` (an index) may capture what stands on `sq`: an enemy piece, not a
    /// General, unprotected.
    #[inline]
    pub fn capturable(&self, sq: usize, side: usize) -> bool {
        let c = self.cells[sq];
        c >= 2 && OWNER[c as usize] != side && kind_of(c) != Kind::General && !self.protected(sq)
    }
}

/// How the rules name the sides, by index.
pub const SIDE_WORDS: [&str; 2] = ["White", "Black"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_codes_round_trip() {
        for side in 0..2 {
            for kind in KINDS {
                let c = piece(side, kind);
                assert_eq!(OWNER[c as usize], side);
                assert_eq!(kind_of(c), kind);
                assert_eq!(VALUE[c as usize], kind.value());
            }
        }
        assert_eq!(OWNER[EMPTY as usize], 2);
        assert_eq!(OWNER[WALL as usize], 2);
    }

    #[test]
    fn generals_are_counted() {
        let mut cells = [EMPTY; SQUARES];
        assert_eq!(
            Position::from_cells(cells, Side::P1, 0).unwrap_err(),
            "White has no General"
        );
        cells[0] = piece(0, Kind::General);
        assert_eq!(
            Position::from_cells(cells, Side::P1, 0).unwrap_err(),
            "Black has no General"
        );
        cells[1] = piece(1, Kind::General);
        cells[2] = piece(1, Kind::General);
        assert_eq!(
            Position::from_cells(cells, Side::P1, 0).unwrap_err(),
            "Black has more than one General"
        );
        cells[2] = piece(1, Kind::Dragon);
        let pos = Position::from_cells(cells, Side::P1, 0).unwrap();
        assert_eq!((pos.general(Side::P1), pos.general(Side::P2)), (0, 1));
        assert_eq!(pos.balance(Side::P2), 7);
    }
}
