//! Static evaluation for the searching players (level 8's tie-break and `max`).
//!
//! Every weight lives in this file. Terms, per side: material (the turn-limit score, so it
//! dominates), protection by Sentinels, Zombie advancement, mobility of the long-range
//! pieces, the General's safety (its own Sentinel, free squares around it, enemy pieces
//! close by) and walls that hem in the enemy General. Only material decides the game at the
//! turn limit, so the other terms fade out over its last `FADE_PLIES` plies.

use super::board::{Advance, EMPTY, Kind, OWNER, PLY_LIMIT, VALUE, WALL, kind_of};
use super::tables::{DELTA, KING, RAY_LEN, SIZE};

const MATERIAL: i32 = 100;
/// Per point of value of a non-General piece a friendly Sentinel protects.
const PROTECTED: i32 = 4;
/// Per row a Zombie has advanced from its home side.
const ZOMBIE_ROW: i32 = 3;
/// Per empty square a Dragon or Miner reaches.
const REACH: i32 = 2;
/// A General standing next to its own Sentinel cannot be endangered.
const GENERAL_COVERED: i32 = 30;
/// Per empty square next to a General (room to escape).
const GENERAL_ROOM: i32 = 6;
/// Per enemy piece next to a General.
const GENERAL_CROWDED: i32 = 8;
/// Per wall next to the enemy General (walls there shut it in).
const WALL_HEMS: i32 = 5;
/// Small bonus for having the move.
const TEMPO: i32 = 10;
/// The plies before the turn limit over which everything but material fades out.
const FADE_PLIES: i32 = 40;

/// How far a ray reaches from `sq` through empty squares.
fn reach(pos: &Advance, sq: usize, dirs: impl Iterator<Item = usize>) -> i32 {
    let mut n = 0;
    for d in dirs {
        let mut s = sq;
        for _ in 0..RAY_LEN[sq][d] {
            s = (s as isize + DELTA[d] as isize) as usize;
            if pos.cell(s) != EMPTY {
                break;
            }
            n += 1;
        }
    }
    n
}

/// Everything but material, from White's point of view.
fn white_position(pos: &Advance) -> i32 {
    let mut score = [0i32; 2];
    for sq in 0..SIZE * SIZE {
        let c = pos.cell(sq);
        if c < 2 {
            continue;
        }
        let side = OWNER[c as usize];
        let s = &mut score[side];
        let kind = kind_of(c);
        if kind != Kind::General && pos.protected(sq) {
            *s += VALUE[c as usize] * PROTECTED;
        }
        match kind {
            Kind::Zombie => {
                let row = (sq / SIZE) as i32;
                let advanced = if side == 0 {
                    SIZE as i32 - 1 - row
                } else {
                    row
                };
                *s += advanced * ZOMBIE_ROW;
            }
            Kind::Miner => *s += REACH * reach(pos, sq, [0, 2, 4, 6].into_iter()),
            Kind::Dragon => *s += REACH * reach(pos, sq, 0..8),
            _ => {}
        }
    }
    for side in 0..2 {
        let g = pos.general(side);
        let mut safety = if pos.protected(g) { GENERAL_COVERED } else { 0 };
        for n in KING[g].iter() {
            let c = pos.cell(n);
            if c == EMPTY {
                safety += GENERAL_ROOM;
            } else if c == WALL {
                score[1 - side] += WALL_HEMS;
            } else if OWNER[c as usize] != side {
                safety -= GENERAL_CROWDED;
            }
        }
        score[side] += safety;
    }
    score[0] - score[1]
}

impl Advance {
    /// The evaluation from the side to move's point of view.
    pub fn eval(&self) -> i32 {
        let plies_left = i32::from(PLY_LIMIT.saturating_sub(self.ply()));
        let position = white_position(self) * plies_left.min(FADE_PLIES) / FADE_PLIES;
        let mover = self.side();
        TEMPO + MATERIAL * self.balance(mover) + if mover == 0 { position } else { -position }
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::parse_fen;
    use super::*;

    #[test]
    fn start_is_balanced_and_material_counts() {
        let start = Advance::start_position();
        assert_eq!(start.eval(), TEMPO);
        let up_a_dragon = parse_fen("4g4/9/9/9/4D4/9/9/9/4G4 w").unwrap();
        assert!(up_a_dragon.eval() > 6 * MATERIAL);
        let down_a_dragon = parse_fen("4g4/9/9/9/4D4/9/9/9/4G4 b").unwrap();
        assert_eq!(down_a_dragon.eval(), 2 * TEMPO - up_a_dragon.eval());
    }

    #[test]
    fn only_material_counts_at_the_turn_limit() {
        let fen = |ply: u16| parse_fen(&format!("4g4/9/9/9/4D4/9/9/9/4G4 w {ply}")).unwrap();
        assert_eq!(fen(200).eval(), TEMPO + 7 * MATERIAL);
        let (early, late) = (fen(100).eval(), fen(180).eval());
        assert!(early > late && late > fen(200).eval(), "{early} {late}");
    }
}
