//! One walk over a piece's moves that serves several terms at once: its mobility, the attack
//! map (the least valuable attacker of each square, per side), and its part in an attack on
//! the enemy king (zone squares hit, checking squares reached).

use super::super::geometry::{CELLS, MAX_SIDE};
use super::super::pieces::{EMPTY, KINDS, Kind, OFF, is_piece, piece, side_of};
use super::super::position::Position;
use super::king_safety::{KingTarget, ZONE};
use crate::game::Side;

/// Mobility per kind beside its slope per safe square (`terms::mobility`): a constant per
/// piece, set when the slopes were guesses to keep a piece of average mobility at what flat
/// weights gave it (averages from 256 self-play games: knight 4.6 safe squares, camel 4.3,
/// bishop 8.4, rook 6.2, archbishop 14.7, chancellor 17.0, queen 31.2, amazon 30.1, general
/// 9.2), and held since.
fn mobility_base(kind: Kind) -> i32 {
    match kind {
        Kind::Knight => -18,
        Kind::Camel => -16,
        Kind::Bishop => -23,
        Kind::Rook => -12,
        Kind::Archbishop => -3,
        Kind::Chancellor => -5,
        Kind::Queen => 4,
        Kind::Amazon => 15,
        Kind::General => -9,
        Kind::Pawn | Kind::King => 0,
    }
}

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
    /// `safe[side][kind - 1]`: the safe squares (empty or enemy-held, not attacked by an enemy
    /// pawn) of `side`'s pieces of that kind, summed: the mobility terms' counts.
    pub safe: [[i32; KINDS.len()]; 2],
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
            safe: [[0; KINDS.len()]; 2],
        }
    }

    /// Whether `side` attacks `sq`.
    pub fn guarded(&self, side: Side, sq: usize) -> bool {
        self.least[side.index()][sq] != UNATTACKED
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

    /// Walks the piece of `kind` and `side` on `sq`; returns its mobility's constant (the
    /// squares it counts go to `safe`).
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

    /// Any other piece: walks its leaps and slides, records them, and returns its mobility's
    /// constant.
    fn piece(&mut self, pos: &Position, sq: usize, kind: Kind, side: Side) -> i32 {
        let value = map_value(kind);
        let flags = kind.attack_flags();
        let target = &mut self.targets[side.other().index()];
        let least = &mut self.least[side.index()];
        let enemy = side.other();
        let behind = -pos.forward(enemy);
        let is_enemy_pawn = |s: usize| pos.cell(s) == piece(Kind::Pawn, enemy);
        let (mut hits, mut safe) = (0, 0);
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
            let b = t.wrapping_add_signed(behind);
            safe += (reachable && !is_enemy_pawn(b - 1) && !is_enemy_pawn(b + 1)) as i32;
        };
        for &d in kind.leaps() {
            let t = sq.wrapping_add_signed(d);
            let c = pos.cell(t);
            if c & OFF == 0 {
                visit(t, c);
            }
        }
        for &d in kind.slides() {
            let mut t = sq.wrapping_add_signed(d);
            let mut c = pos.cell(t);
            while c == EMPTY {
                visit(t, c);
                t = t.wrapping_add_signed(d);
                c = pos.cell(t);
            }
            if c & OFF == 0 {
                visit(t, c);
            }
        }
        if hits > 0 {
            target.join(kind, hits);
        }
        self.safe[side.index()][kind as usize - 1] += safe;
        mobility_base(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::geometry::index;
    use super::super::super::text::parse_fen;
    use super::*;

    /// The safe squares of White's knight on f5 in the position.
    fn knight_mobility(fen: &str) -> i32 {
        let pos = parse_fen(fen).unwrap();
        let mut walk = Walk::new(&pos);
        walk.visit(&pos, index(5, 4), Kind::Knight, Side::P1);
        walk.safe[0][Kind::Knight as usize - 1]
    }

    #[test]
    fn squares_under_enemy_pawns_do_not_count() {
        let free = knight_mobility("6K7/14/14/14/14/14/14/14/14/5n8/14/14/14/6k7 w");
        // A black pawn on f8 (moving down) attacks e7 and g7, two of the knight's squares.
        let watched = knight_mobility("6K7/14/14/14/14/14/5P8/14/14/5n8/14/14/14/6k7 w");
        assert_eq!(free, 8);
        assert_eq!(watched, free - 2);
        // Own pieces block, enemy pieces may be taken.
        let own = knight_mobility("6K7/14/14/14/14/14/14/6p7/14/5n8/14/14/14/6k7 w");
        let enemy = knight_mobility("6K7/14/14/14/14/14/14/6N7/14/5n8/14/14/14/6k7 w");
        assert_eq!(own, free - 1);
        assert_eq!(enemy, free);
    }
}
