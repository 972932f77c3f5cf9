//! Threats, read from the attack maps once every piece has been walked: a piece attacked by a
//! less valuable enemy piece is likely lost or must move, and one attacked and not defended
//! hangs.

use super::super::pieces::{kind_of, side_of};
use super::super::position::Position;
use super::walk::{UNATTACKED, Walk};

/// A piece attacked by a less valuable one counts (`terms::BY_LESSER`), and costs its value
/// over the attacker's divided by `LESSER_DIV` besides.
const LESSER_DIV: i32 = 16;
/// A piece attacked and not defended (not by a lesser piece) counts (`terms::HANGING`), and
/// costs its value divided by `HANGING_DIV` besides.
const HANGING_DIV: i32 = 32;

/// One side's threatened pieces.
#[derive(Default)]
pub struct Threatened {
    pub by_lesser: i32,
    pub hanging: i32,
    /// The centipawns they cost besides their counts.
    pub surplus: i32,
}

/// Each side's threatened pieces, indexed by side.
pub fn threats(pos: &Position, walk: &Walk) -> [Threatened; 2] {
    let mut out = [Threatened::default(), Threatened::default()];
    for sq in walk.men() {
        let c = pos.cell(sq);
        let side = side_of(c);
        let attacker = walk.least[side.other().index()][sq];
        if attacker == UNATTACKED {
            continue;
        }
        let value = kind_of(c).value();
        let attacker = attacker as i32;
        let t = &mut out[side.index()];
        if attacker < value {
            t.by_lesser += 1;
            t.surplus += (value - attacker) / LESSER_DIV;
        } else if !walk.guarded(side, sq) {
            t.hanging += 1;
            t.surplus += value / HANGING_DIV;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::super::text::parse_fen;
    use super::super::evaluate;

    #[test]
    fn a_piece_attacked_by_a_pawn_costs() {
        // White's chancellor on f6; a black pawn on g8 (moving down) or on g7 attacking f6.
        let safe = parse_fen("6K7/14/14/14/14/14/6P7/14/5e8/14/14/14/14/6k7 w").unwrap();
        let hit = parse_fen("6K7/14/14/14/14/14/14/6P7/5e8/14/14/14/14/6k7 w").unwrap();
        assert!(evaluate(&hit) < evaluate(&safe) - 60);
    }
}
