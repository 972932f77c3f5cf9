//! One walk over a piece's moves that serves several terms at once: its mobility, the attack
//! map (the least valuable attacker of each square, per side), and its part in an attack on
//! the enemy king (zone squares hit, checking squares reached).

use super::super::geometry::{CELLS, MAX_SIDE};
use super::super::pieces::{EMPTY, Kind, OFF, is_piece, side_of};
use super::super::position::Position;
use super::king_safety::{KingTarget, ZONE};
use crate::game::Side;

/// Per reachable square (empty or enemy), for leapers and sliders.
const LEAPER_MOBILITY: i32 = 4;
const SLIDER_MOBILITY: i32 = 2;

/// In the attack map: no piece of that side attacks the square.
pub const UNATTACKED: u16 = u16::MAX;

/// A piece's worth in the attack map: its value, a king above every other piece.
fn map_value(kind: Kind) -> u16 {
    if kind == Kind::King {
        2 * Kind::Amazon.value() as u16
    } else {
        kind.value() as u16
    }
}

/// The attack maps and the tallies against each king, filled piece by piece.
pub struct Walk {
    /// `least[side][sq]`: the value of `side`'s least valuable piece attacking `sq`.
    pub least: [[u16; CELLS]; 2],
    /// `targets[side]`: `side`'s king as the enemy's target.
    pub targets: [KingTarget; 2],
    /// The squares of every piece walked but the kings, in the order walked.
    men: [u16; MAX_SIDE * MAX_SIDE],
    nmen: usize,
}

impl Walk {
    pub fn new(pos: &Position) -> Walk {
        Walk {
            least: [[UNATTACKED; CELLS]; 2],
            targets: [
                KingTarget::new(pos, Side::P1),
                KingTarget::new(pos, Side::P2),
            ],
            men: [0; MAX_SIDE * MAX_SIDE],
            nmen: 0,
        }
    }

    /// The squares of the pieces walked, kings left out.
    pub fn men(&self) -> impl Iterator<Item = usize> + '_ {
        self.men[..self.nmen].iter().map(|&s| s as usize)
    }

    #[inline]
    fn attack(&mut self, side: Side, sq: usize, value: u16) {
        let l = &mut self.least[side.index()][sq];
        *l = (*l).min(value);
    }

    /// Walks the piece of `kind` and `side` on `sq`; returns its mobility score.
    pub fn visit(&mut self, pos: &Position, sq: usize, kind: Kind, side: Side) -> i32 {
        if kind != Kind::King {
            self.men[self.nmen] = sq as u16;
            self.nmen += 1;
        }
        match kind {
            Kind::Pawn => {
                self.pawn(pos, sq, side);
                0
            }
            Kind::King => {
                self.king(pos, sq, side);
                0
            }
            _ => self.piece(pos, sq, kind, side),
        }
    }

    /// A pawn's two capture squares: into the attack map, and as hits on the enemy king zone.
    fn pawn(&mut self, pos: &Position, sq: usize, side: Side) {
        let ahead = sq.wrapping_add_signed(pos.forward(side));
        let value = map_value(Kind::Pawn);
        for t in [ahead - 1, ahead + 1] {
            let target = &mut self.targets[side.other().index()];
            target.hits += (target.marks[t] & ZONE != 0) as i32;
            self.attack(side, t, value);
        }
    }

    /// A king's neighbours: into the attack map only (a king defends, it does not attack).
    fn king(&mut self, pos: &Position, sq: usize, side: Side) {
        let value = map_value(Kind::King);
        for &d in Kind::King.leaps() {
            let t = sq.wrapping_add_signed(d);
            if pos.cell(t) & OFF == 0 {
                self.attack(side, t, value);
            }
        }
    }

    /// Any other piece: walks its leaps and slides, records them, and returns its mobility.
    fn piece(&mut self, pos: &Position, sq: usize, kind: Kind, side: Side) -> i32 {
        let value = map_value(kind);
        let flags = kind.attack_flags();
        let target = &mut self.targets[side.other().index()];
        let least = &mut self.least[side.index()];
        let (mut hits, mut leaps, mut slides) = (0, 0, 0);
        // Records one attacked square; returns whether the piece could move there.
        let mut visit = |t: usize, c: u8| {
            let l = &mut least[t];
            *l = (*l).min(value);
            let m = target.marks[t];
            hits += (m & ZONE != 0) as i32;
            let reachable = c == EMPTY || (is_piece(c) && side_of(c) != side);
            if reachable && m & flags != 0 {
                target.check(t);
            }
            reachable as i32
        };
        for &d in kind.leaps() {
            let t = sq.wrapping_add_signed(d);
            let c = pos.cell(t);
            if c & OFF == 0 {
                leaps += visit(t, c);
            }
        }
        for &d in kind.slides() {
            let mut t = sq.wrapping_add_signed(d);
            let mut c = pos.cell(t);
            while c == EMPTY {
                slides += visit(t, c);
                t = t.wrapping_add_signed(d);
                c = pos.cell(t);
            }
            if c & OFF == 0 {
                slides += visit(t, c);
            }
        }
        if hits > 0 {
            target.join(kind, hits);
        }
        leaps * LEAPER_MOBILITY + slides * SLIDER_MOBILITY
    }
}
