//! Threats, read from the attack maps once every piece has been walked: a piece attacked by a
//! less valuable enemy piece is likely lost or must move, and one attacked and not defended
//! hangs.

use super::super::pieces::{kind_of, side_of};
use super::super::position::Position;
use super::walk::{UNATTACKED, Walk};

/// Centipawns for a piece attacked by a less valuable one, plus its value over the attacker's
/// divided by `LESSER_DIV`.
const BY_LESSER: i32 = 20;
const LESSER_DIV: i32 = 16;
/// Centipawns for a piece attacked and not defended (not by a lesser piece), plus its value
/// divided by `HANGING_DIV`.
const HANGING: i32 = 15;
const HANGING_DIV: i32 = 32;

/// Each side's threat penalties, indexed by side (a penalty is negative).
pub fn threats(pos: &Position, walk: &Walk) -> [i32; 2] {
    let mut score = [0; 2];
    for sq in walk.men() {
        let c = pos.cell(sq);
        let side = side_of(c);
        let attacker = walk.least[side.other().index()][sq];
        if attacker == UNATTACKED {
            continue;
        }
        let value = kind_of(c).value();
        let attacker = attacker as i32;
        score[side.index()] -= if attacker < value {
            BY_LESSER + (value - attacker) / LESSER_DIV
        } else if !walk.guarded(side, sq) {
            HANGING + value / HANGING_DIV
        } else {
            0
        };
    }
    score
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
