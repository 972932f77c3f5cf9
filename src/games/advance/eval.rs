//! Static evaluation for the searching players (level 8's tie-break and `max`).
//!
//! Terms, per side: material (the turn-limit score, so it dominates), protection by
//! Sentinels, Zombie advancement, mobility of the long-range pieces, the General's safety (its
//! own Sentinel, free squares around it, enemy pieces close by) and walls that hem in the
//! enemy General. Only material decides the game at the turn limit, so the other terms fade
//! out over its last `FADE_PLIES` plies. Their weights are spin options (`Weights`), so that
//! self-play matches between engines with different weights can tune them
//! (`scripts/advance-tune`).

use super::position::{EMPTY, Kind, OWNER, PLY_LIMIT, Position, VALUE, WALL, kind_of};
use super::tables::{DELTA, KING, RAY_LEN, SIZE};
use crate::game::{OptionKind, OptionSpec, Options, Side};

/// One point of material; every weight is in these units (hundredths of a point).
pub const MATERIAL: i32 = 100;
/// The plies before the turn limit over which everything but material fades out.
const FADE_PLIES: i32 = 40;

/// A positional term: the option that sets its weight, and the weight by default.
pub struct Term {
    pub option: &'static str,
    /// The weight by default for `max` (the option's announced default), tuned by self-play.
    pub default: i16,
    /// The weight by default for level 8, which wins on material against level 7: with
    /// the weights `max` was tuned to, it won fewer games there (README, "Advance").
    pub level_8: i16,
}

/// Per point of value of a non-General piece a friendly Sentinel protects.
const PROTECTED: usize = 0;
/// Per row a Zombie has advanced from its home side.
const ZOMBIE_ROW: usize = 1;
/// Per empty square a Dragon or Miner reaches.
const REACH: usize = 2;
/// A General standing next to its own Sentinel cannot be endangered.
const GENERAL_COVERED: usize = 3;
/// Per empty square next to a General (room to escape).
const GENERAL_ROOM: usize = 4;
/// Per enemy piece next to a General.
const GENERAL_CROWDED: usize = 5;
/// Per wall next to the enemy General (walls there shut it in).
const WALL_HEMS: usize = 6;
/// Having the move.
const TEMPO: usize = 7;

/// The terms in the order of the indices above.
pub const TERMS: [Term; 8] = [
    Term {
        option: "WeightProtected",
        default: 4,
        level_8: 4,
    },
    Term {
        option: "WeightZombieRow",
        default: 3,
        level_8: 3,
    },
    Term {
        option: "WeightReach",
        default: 2,
        level_8: 2,
    },
    Term {
        option: "WeightGeneralCovered",
        default: 30,
        level_8: 30,
    },
    Term {
        option: "WeightGeneralRoom",
        default: 9,
        level_8: 6,
    },
    Term {
        option: "WeightGeneralCrowded",
        default: 8,
        level_8: 8,
    },
    Term {
        option: "WeightWallHems",
        default: 5,
        level_8: 5,
    },
    Term {
        option: "WeightTempo",
        default: 10,
        level_8: 10,
    },
];

/// The largest weight an option accepts: a term worth more than a few points of material
/// would make the engine trade pieces for it.
const WEIGHT_MAX: i64 = 500;

/// The weights of the positional terms, indexed like `TERMS`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights([i16; TERMS.len()]);

impl Default for Weights {
    fn default() -> Self {
        Weights(TERMS.map(|t| t.default))
    }
}

impl Weights {
    /// The weights by default for level 8 (`Term::level_8`).
    pub fn level_8() -> Weights {
        Weights(TERMS.map(|t| t.level_8))
    }

    /// These weights with those the options set (the engine has validated each value).
    pub fn with_options(mut self, opts: &Options) -> Weights {
        for (i, t) in TERMS.iter().enumerate() {
            self.0[i] = opts.int(t.option, i64::from(self.0[i])) as i16;
        }
        self
    }

    /// The spin options that set the weights.
    pub fn options() -> impl Iterator<Item = OptionSpec> {
        TERMS.iter().map(|t| OptionSpec {
            name: t.option,
            kind: OptionKind::Spin {
                default: i64::from(t.default),
                min: 0,
                max: WEIGHT_MAX,
            },
        })
    }

    fn get(&self, term: usize) -> i32 {
        i32::from(self.0[term])
    }
}

/// How far a ray reaches from `sq` through empty squares.
fn reach(pos: &Position, sq: usize, dirs: impl Iterator<Item = usize>) -> i32 {
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
fn white_position(pos: &Position, w: &Weights) -> i32 {
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
            *s += VALUE[c as usize] * w.get(PROTECTED);
        }
        match kind {
            Kind::Zombie => {
                let row = (sq / SIZE) as i32;
                let advanced = if side == 0 {
                    SIZE as i32 - 1 - row
                } else {
                    row
                };
                *s += advanced * w.get(ZOMBIE_ROW);
            }
            Kind::Miner => *s += w.get(REACH) * reach(pos, sq, [0, 2, 4, 6].into_iter()),
            Kind::Dragon => *s += w.get(REACH) * reach(pos, sq, 0..8),
            _ => {}
        }
    }
    for side in [Side::P1, Side::P2] {
        let g = pos.general(side);
        let mut safety = if pos.protected(g) {
            w.get(GENERAL_COVERED)
        } else {
            0
        };
        for n in KING[g].iter() {
            let c = pos.cell(n);
            if c == EMPTY {
                safety += w.get(GENERAL_ROOM);
            } else if c == WALL {
                score[side.other().index()] += w.get(WALL_HEMS);
            } else if OWNER[c as usize] != side.index() {
                safety -= w.get(GENERAL_CROWDED);
            }
        }
        score[side.index()] += safety;
    }
    score[0] - score[1]
}

/// The evaluation of `pos` with `weights`, from the side to move's point of view.
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    let plies_left = i32::from(PLY_LIMIT.saturating_sub(pos.ply()));
    let position = white_position(pos, weights) * plies_left.min(FADE_PLIES) / FADE_PLIES;
    let mover = pos.side_to_move();
    weights.get(TEMPO)
        + MATERIAL * pos.balance(mover)
        + if mover == Side::P1 {
            position
        } else {
            -position
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap(), &Weights::default())
    }

    #[test]
    fn start_is_balanced_and_material_counts() {
        let tempo = Weights::default().get(TEMPO);
        assert_eq!(evaluate(&Position::start(), &Weights::default()), tempo);
        let up_a_dragon = eval("4g4/9/9/9/4D4/9/9/9/4G4 w");
        assert!(up_a_dragon > 6 * MATERIAL);
        let down_a_dragon = eval("4g4/9/9/9/4D4/9/9/9/4G4 b");
        assert_eq!(down_a_dragon, 2 * tempo - up_a_dragon);
    }

    #[test]
    fn only_material_counts_at_the_turn_limit() {
        let at = |ply: u16| eval(&format!("4g4/9/9/9/4D4/9/9/9/4G4 w {ply}"));
        assert_eq!(at(200), Weights::default().get(TEMPO) + 7 * MATERIAL);
        let (early, late) = (at(100), at(180));
        assert!(early > late && late > at(200), "{early} {late}");
    }
}
