//! The position: a fixed-size mailbox of cells plus side, ply count, material and hash,
//! all kept up to date incrementally so a copy is the whole state (copy-make).

use super::eval::Weights;
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

/// The owner of a cell: 0 White, 1 Black, 2 nobody (empty or wall).
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

/// An Advance position. `Copy`, about 100 bytes, no heap: playing a move copies it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Advance {
    pub(super) cells: [Cell; SQUARES],
    pub(super) side: usize,
    /// Plies played towards the turn limit (at most 255; the game ends at 200).
    pub(super) ply: u16,
    pub(super) generals: [u8; 2],
    pub(super) material: [i32; 2],
    pub(super) hash: u64,
    /// Level 8's model: the searcher only follows moves the level rules allow (see
    /// `levels::rule_bound_moves`). Fixed for a whole game, so not part of the hash.
    pub(super) rule_bound: bool,
    /// In level 8's model, the plies left of the exact prediction below the search root
    /// (`levels::predicted_moves`, see `PREDICTED_PLIES`). Set on the root, counted down by
    /// every move; not part of the position.
    pub(super) predicted_plies: u8,
    /// In level 8's model, the side it predicts as level 7 (its opponent at the search
    /// root; `None` outside a level-8 search). Set on the root; not part of the position.
    pub(super) predicted_side: Option<u8>,
    /// The evaluation's weights (options of the searching players); not part of the position.
    pub(super) weights: Weights,
}

impl Advance {
    /// A position from raw cells, checking that each side has exactly one General.
    pub fn from_cells(cells: [Cell; SQUARES], side: usize, ply: u16) -> Result<Self, String> {
        let mut generals = [None, None];
        for (sq, &c) in cells.iter().enumerate() {
            if c >= 2 && kind_of(c) == Kind::General {
                let owner = OWNER[c as usize];
                if generals[owner].is_some() {
                    return Err(format!("{} has more than one General", side_word(owner)));
                }
                generals[owner] = Some(sq as u8);
            }
        }
        let mut pos = Advance {
            cells,
            side,
            ply,
            generals: [0, 0],
            material: [0, 0],
            hash: 0,
            rule_bound: false,
            predicted_plies: 0,
            predicted_side: None,
            weights: Weights::default(),
        };
        for (s, g) in generals.iter().enumerate() {
            pos.generals[s] = g.ok_or_else(|| format!("{} has no General", side_word(s)))?;
        }
        for &c in cells.iter() {
            if c >= 2 {
                pos.material[OWNER[c as usize]] += VALUE[c as usize];
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The hash from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = ZOBRIST.ply[self.ply.min(255) as usize];
        if self.side == 1 {
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

    pub fn side(&self) -> usize {
        self.side
    }

    pub fn ply(&self) -> u16 {
        self.ply
    }

    pub fn general(&self, side: usize) -> usize {
        self.generals[side] as usize
    }

    /// A side's material score.
    pub fn material(&self, side: usize) -> i32 {
        self.material[side]
    }

    /// Own material minus the enemy's, for `side`.
    pub fn balance(&self, side: usize) -> i32 {
        self.material[side] - self.material[1 - side]
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

    /// Whether `side` may capture what stands on `sq`: an enemy piece, not a General, unprotected.
    #[inline]
    pub fn capturable(&self, sq: usize, side: usize) -> bool {
        let c = self.cells[sq];
        c >= 2 && OWNER[c as usize] != side && kind_of(c) != Kind::General && !self.protected(sq)
    }
}

pub fn side_word(side: usize) -> &'static str {
    ["White", "Black"][side]
}

pub fn side_of(index: usize) -> Side {
    if index == 0 { Side::P1 } else { Side::P2 }
}

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
            Advance::from_cells(cells, 0, 0).unwrap_err(),
            "White has no General"
        );
        cells[0] = piece(0, Kind::General);
        assert_eq!(
            Advance::from_cells(cells, 0, 0).unwrap_err(),
            "Black has no General"
        );
        cells[1] = piece(1, Kind::General);
        cells[2] = piece(1, Kind::General);
        assert_eq!(
            Advance::from_cells(cells, 0, 0).unwrap_err(),
            "Black has more than one General"
        );
        cells[2] = piece(1, Kind::Dragon);
        let pos = Advance::from_cells(cells, 0, 0).unwrap();
        assert_eq!((pos.general(0), pos.general(1)), (0, 1));
        assert_eq!(pos.balance(1), 7);
    }
}
