//! King safety by attack units (as Stockfish's classical evaluation and Ethereal): the enemy
//! pieces that hit the squares around a king add units by kind, each hit and each check they
//! can give adds more, the pawns in front of the king take some away; the penalty grows with
//! the square of the units, so one attacker is harmless and four are deadly.

use super::super::geometry::CELLS;
use super::super::pieces::{
    CAMEL, DIAG, EMPTY, F_CAMEL, F_DIAG, F_KING, F_KNIGHT, F_ORTHO, KNIGHT, Kind, OFF, ORTHO,
    QUEEN_DIRS, is_piece, kind_of, side_of,
};
use super::super::position::Position;
use crate::game::Side;

/// Mark of a square in the king's zone (the other mark bits are the `F_*` attack classes
/// that would give check from the square).
pub const ZONE: u8 = 0x80;

/// Attack units per attacking piece, by how much damage it does near a king.
fn attack_weight(kind: Kind) -> i32 {
    match kind {
        Kind::Knight | Kind::Camel => 14,
        Kind::Bishop => 12,
        Kind::Rook | Kind::General => 16,
        Kind::Archbishop => 22,
        Kind::Chancellor => 26,
        Kind::Queen => 28,
        Kind::Amazon => 36,
        Kind::Pawn | Kind::King => 0,
    }
}

/// Units per zone square an enemy piece or pawn attacks (counted once per attacker).
const ZONE_HIT: i32 = 6;
/// Units per check an enemy piece can give from a square we do not attack, and from one we do.
const SAFE_CHECK: i32 = 40;
const UNSAFE_CHECK: i32 = 8;
/// Units taken off per own pawn right in front of the king (on the next rank) or one further.
const SHELTER_NEAR: i32 = 10;
const SHELTER_FAR: i32 = 5;
/// The danger in centipawns (before its weight, `terms::KING_DANGER`) is units² / this, at
/// most `MAX_DANGER`.
const DANGER_SCALE: i32 = 256;
const MAX_DANGER: i32 = 800;
/// The most checking squares remembered for the safety test after the walk.
const MAX_CHECKS: usize = 48;

/// A king's safety: its own pieces right next to it, and the danger of the attack on it.
pub struct Safety {
    pub neighbours: i32,
    pub danger: i32,
}

/// One king as the enemy's target: its zone and checking squares, and what the enemy's
/// pieces have done to it so far.
pub struct KingTarget {
    king: Option<usize>,
    /// Per cell: `ZONE` and the attack classes that give check from it.
    pub marks: [u8; CELLS],
    pub hits: i32,
    attackers: i32,
    units: i32,
    checks: [u16; MAX_CHECKS],
    nchecks: usize,
}

impl KingTarget {
    /// The first king of `side` (a side with several kings is judged by its first), with its
    /// zone (the king's square, its neighbours and the three squares two ahead of it) and
    /// checking squares marked.
    pub fn new(pos: &Position, side: Side) -> KingTarget {
        let mut t = KingTarget {
            king: pos.kings(side).first().map(|&k| k as usize),
            marks: [0; CELLS],
            hits: 0,
            attackers: 0,
            units: 0,
            checks: [0; MAX_CHECKS],
            nchecks: 0,
        };
        let Some(king) = t.king else {
            return t;
        };
        let on_board = |s: usize| pos.cell(s) & OFF == 0;
        let ahead = king.wrapping_add_signed(2 * pos.forward(side));
        for s in [king, ahead - 1, ahead, ahead + 1] {
            if on_board(s) {
                t.marks[s] |= ZONE;
            }
        }
        for &d in &QUEEN_DIRS {
            let s = king.wrapping_add_signed(d);
            if on_board(s) {
                t.marks[s] |= ZONE | F_KING;
            }
        }
        for (dirs, flag) in [(&KNIGHT, F_KNIGHT), (&CAMEL, F_CAMEL)] {
            for &d in dirs {
                t.marks[king.wrapping_add_signed(d)] |= flag;
            }
        }
        for (dirs, flag) in [(&ORTHO, F_ORTHO), (&DIAG, F_DIAG)] {
            for &d in dirs {
                let mut s = king.wrapping_add_signed(d);
                while pos.cell(s) == EMPTY {
                    t.marks[s] |= flag;
                    s = s.wrapping_add_signed(d);
                }
                if on_board(s) {
                    t.marks[s] |= flag;
                }
            }
        }
        t
    }

    /// An enemy piece of `kind` hits `hits` zone squares.
    pub fn join(&mut self, kind: Kind, hits: i32) {
        self.attackers += 1;
        self.units += attack_weight(kind);
        self.hits += hits;
    }

    /// An enemy piece can move to `sq` and give check from there.
    pub fn check(&mut self, sq: usize) {
        if self.nchecks < MAX_CHECKS {
            self.checks[self.nchecks] = sq as u16;
            self.nchecks += 1;
        }
    }

    /// The king's safety for its side once every piece has been walked: `guarded` tells
    /// whether the king's side attacks a square.
    pub fn score(&self, pos: &Position, side: Side, guarded: impl Fn(usize) -> bool) -> Safety {
        let mut safety = Safety {
            neighbours: 0,
            danger: 0,
        };
        let Some(king) = self.king else {
            return safety;
        };
        for &d in &QUEEN_DIRS {
            let c = pos.cell(king.wrapping_add_signed(d));
            safety.neighbours += (is_piece(c) && side_of(c) == side) as i32;
        }
        if self.attackers < 2 {
            return safety;
        }
        let mut units = self.units + ZONE_HIT * self.hits;
        for &sq in &self.checks[..self.nchecks] {
            units += if guarded(sq as usize) {
                UNSAFE_CHECK
            } else {
                SAFE_CHECK
            };
        }
        units -= shelter(pos, king, side);
        let units = units.max(0);
        safety.danger = (units * units / DANGER_SCALE).min(MAX_DANGER);
        safety
    }
}

/// Shelter units: own pawns on the king's file and the two beside it, one or two ranks ahead.
fn shelter(pos: &Position, king: usize, side: Side) -> i32 {
    let forward = pos.forward(side);
    let is_own_pawn = |s: usize| {
        let c = pos.cell(s);
        is_piece(c) && side_of(c) == side && kind_of(c) == Kind::Pawn
    };
    let mut units = 0;
    for d in [-1, 0, 1] {
        let near = king.wrapping_add_signed(forward + d);
        if is_own_pawn(near) {
            units += SHELTER_NEAR;
        } else if is_own_pawn(near.wrapping_add_signed(forward)) {
            units += SHELTER_FAR;
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use super::super::super::text::parse_fen;
    use super::super::walk::Walk;
    use super::*;

    /// The king safety of `side` in the position, after a walk over every piece.
    fn safety(fen: &str, side: Side) -> Safety {
        let pos = parse_fen(fen).unwrap();
        let mut walk = Walk::new(&pos);
        for sq in pos.squares() {
            let c = pos.cell(sq);
            if is_piece(c) {
                walk.visit(&pos, sq, kind_of(c), side_of(c));
            }
        }
        walk.targets[side.index()].score(&pos, side, |sq| walk.guarded(side, sq))
    }

    /// Black's king on g14 behind three pawns; `attack` fills ranks 12, 11 and 10.
    fn black_king(shelter: &str, attack: [&str; 3]) -> String {
        let [r12, r11, r10] = attack;
        format!("6K7/{shelter}/{r12}/{r11}/{r10}/14/14/14/14/14/14/14/14/6k7 w")
    }

    const SHELTERED: &str = "5PPP6";
    /// Chancellor j12, archbishop d11, amazon g10: each hits the king's zone.
    const NEAR: [&str; 3] = ["9e4", "3h10", "6a7"];
    /// The same pieces on the other side of the board, hitting nothing near the king.
    const FAR: [&str; 3] = ["14", "14", "14"];

    #[test]
    fn several_attackers_cost_one_does_not() {
        let far = black_king(SHELTERED, FAR).replace("/14/6k7", "/ehb11/6k7");
        let far = safety(&far, Side::P2);
        assert_eq!((far.neighbours, far.danger), (3, 0));
        let one = safety(&black_king(SHELTERED, ["14", "14", "6a7"]), Side::P2);
        assert_eq!((one.neighbours, one.danger), (3, 0));
        let three = safety(&black_king(SHELTERED, NEAR), Side::P2);
        assert!(three.danger > 20, "{}", three.danger);
        // White's king, far from every black piece, is not touched.
        let white = safety(&black_king(SHELTERED, NEAR), Side::P1);
        assert_eq!((white.neighbours, white.danger), (0, 0));
    }

    #[test]
    fn pawns_in_front_shelter_the_king() {
        let sheltered = safety(&black_king(SHELTERED, NEAR), Side::P2).danger;
        // Without the pawns the amazon gives check: Black to move.
        let bare = black_king("14", NEAR).replace(" w", " b");
        let bare = safety(&bare, Side::P2).danger;
        assert!(bare > sheltered, "{bare} against {sheltered}");
    }

    #[test]
    fn a_check_from_an_unguarded_square_costs_more() {
        // The chancellor on j12 can check from i14 and j14; a black rook on n14 guards both.
        let open = black_king(SHELTERED, NEAR);
        let guarded = open.replacen("6K7", "6K6R", 1);
        assert!(safety(&open, Side::P2).danger > safety(&guarded, Side::P2).danger);
    }
}
