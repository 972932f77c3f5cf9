//! Static evaluation: material (the rules page's values), piece-square terms scaled to the
//! board's size, mobility and king safety. Files: `walk` (one walk over each piece's moves
//! for mobility, the attack maps and the attack on the enemy king), `king_safety` (attack
//! units and pawn shelter), `threats` (pieces attacked by lesser ones, and hanging), `passed`
//! (pawns no enemy pawn can stop). Each term's weights are named in its file.

mod king_safety;
mod passed;
mod threats;
mod walk;

use super::geometry::{MAX_SIDE, file_of, rank_of};
use super::pieces::{KINDS, Kind, kind_of, side_of};
use super::position::Position;
use crate::game::{Side, Weight};
use walk::Walk;

/// Centipawns for standing in the exact centre (leapers), falling to 0 in a corner.
const LEAPER_CENTRE: i32 = 30;
/// The same for the other pieces, which reach far from anywhere.
const SLIDER_CENTRE: i32 = 10;
/// Kings want the back while the board is full: penalty at the centre.
const KING_CENTRE: i32 = 30;
/// And the centre once few pieces are left, to support pawns and stop passers.
const KING_CENTRE_ENDGAME: i32 = 40;
/// The pieces' value on the board (both sides, pawns and kings aside) from which the king
/// wants the back in full, and below which it wants the centre in full; in between it is
/// tapered.
const MIDDLEGAME_PIECES: i32 = 5000;
const ENDGAME_PIECES: i32 = 1500;
/// Per step a pawn has advanced towards its promotion zone.
const PAWN_STEP: i32 = 12;
/// Per step of the enemy king away from the centre, when we are well ahead (mating drive).
const MOP_UP_EDGE: i32 = 2;
/// Per step our pieces come closer to the enemy king, when we are well ahead.
const MOP_UP_CLOSE: i32 = 4;
/// "Well ahead": this much more material than the other side.
const MOP_UP_LEAD: i32 = 400;
/// Being on move is worth a little.
const TEMPO: i32 = 10;

/// Centrality of squares in 0..=64: 64 in the centre, 0 in a corner, whatever the board size.
/// Computed per file and per rank once for each evaluation (divisions are not free).
struct Centre {
    files: [i32; MAX_SIDE],
    ranks: [i32; MAX_SIDE],
}

impl Centre {
    fn new(pos: &Position) -> Centre {
        let half = |n: usize| {
            let mut t = [0; MAX_SIDE];
            let n = n as i32;
            for (i, v) in t.iter_mut().enumerate().take(n as usize) {
                *v = 32 - (2 * i as i32 - (n - 1)).abs() * 32 / (n - 1);
            }
            t
        };
        Centre {
            files: half(pos.width()),
            ranks: half(pos.height()),
        }
    }

    fn at(&self, sq: usize) -> i32 {
        self.files[file_of(sq)] + self.ranks[rank_of(sq)]
    }
}

/// Chebyshev distance between two squares.
fn distance(a: usize, b: usize) -> i32 {
    let df = (file_of(a) as i32 - file_of(b) as i32).abs();
    let dr = (rank_of(a) as i32 - rank_of(b) as i32).abs();
    df.max(dr)
}

/// When `side` is well ahead: drive the enemy king to the edge and close in with every piece,
/// so a won game ends in mate instead of wandering.
fn mop_up(pos: &Position, centre: &Centre, side: Side) -> i32 {
    let Some(&target) = pos.kings(side.other()).first() else {
        return 0;
    };
    let target = target as usize;
    let far = pos.width().max(pos.height()) as i32;
    let mut score = MOP_UP_EDGE * (64 - centre.at(target)) / 4;
    for sq in pos.pieces_of(side) {
        if kind_of(pos.cell(sq)) != Kind::Pawn {
            score += MOP_UP_CLOSE * (far - distance(sq, target));
        }
    }
    score
}

/// A piece's worth in the evaluation's material sum. Fitted by `tabula tune` to the results
/// of 3,054 self-play and match games on the 12x10 cut, together with the mobility slopes
/// (docs/journal/performance.md, "... weights fitted to 3,054 games"); the rules page's
/// values (`Kind::value`) still price exchanges, order captures and measure the phase.
fn worth(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Knight => 159,
        Kind::Camel => 200,
        Kind::Bishop => 333,
        Kind::Rook => 229,
        Kind::Archbishop => 609,
        Kind::Chancellor => 750,
        Kind::Queen => 767,
        Kind::Amazon => 1189,
        Kind::General => 419,
        Kind::King => 0,
    }
}

/// The piece kinds with a value of their own (all but the king), and those with a mobility
/// slope too (not the pawn): the tuner's weights, in this order.
fn valued() -> impl Iterator<Item = Kind> {
    KINDS.iter().copied().filter(|&k| k != Kind::King)
}

fn mobile() -> impl Iterator<Item = Kind> {
    valued().filter(|&k| k != Kind::Pawn)
}

/// The evaluation's linear weights, for a tuner: each piece kind's value but the king's
/// (named by its letter; the pawn, the unit, held) and each moving piece's mobility per safe
/// square (`mob-<letter>`).
pub fn linear_weights() -> Vec<Weight> {
    let material = valued().map(|k| Weight {
        name: k.letter().to_string(),
        value: worth(k),
        step: if k == Kind::Pawn { 0.0 } else { 2.0 },
    });
    let mobility = mobile().map(|k| Weight {
        name: format!("mob-{}", k.letter()),
        value: walk::mobility_weights(k).0,
        step: 0.05,
    });
    material.chain(mobility).collect()
}

/// The counts of `linear_weights` in `pos`, White's minus Black's, the nonzero ones.
pub fn linear_counts(pos: &Position, out: &mut Vec<(usize, i32)>) {
    let mut balance = [0i32; KINDS.len()];
    let mut walk = Walk::new(pos);
    for sq in pos.pieces() {
        let c = pos.cell(sq);
        let (kind, side) = (kind_of(c), side_of(c));
        balance[kind as usize - 1] += if side == Side::P1 { 1 } else { -1 };
        walk.visit(pos, sq, kind, side);
    }
    let material = valued().map(|k| balance[k as usize - 1]);
    let mobility = mobile().map(|k| walk.safe[0][k as usize - 1] - walk.safe[1][k as usize - 1]);
    out.clear();
    out.extend(
        material
            .chain(mobility)
            .enumerate()
            .filter(|&(_, n)| n != 0),
    );
}

/// The evaluation from the side to move's point of view, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = [0i32; 2];
    let mut material = [0i32; 2];
    let h = pos.height();
    let first_past = h.div_ceil(2);
    let centrality = Centre::new(pos);
    let mut walk = Walk::new(pos);
    let mut king_centre = [0i32; 2];
    let mut pieces = 0;
    let mut pawns = passed::Pawns::new();
    for sq in pos.pieces() {
        let c = pos.cell(sq);
        let (kind, side) = (kind_of(c), side_of(c));
        let centre = centrality.at(sq);
        let s = &mut score[side.index()];
        *s += worth(kind);
        material[side.index()] += kind.value();
        if kind != Kind::Pawn {
            pieces += kind.value();
        }
        match kind {
            Kind::Pawn => {
                let advanced = if side == pos.up() {
                    rank_of(sq)
                } else {
                    h - 1 - rank_of(sq)
                };
                *s += PAWN_STEP * advanced.min(first_past) as i32;
                pawns.add(sq, side, pos.up());
            }
            Kind::King => king_centre[side.index()] += centre,
            Kind::Knight | Kind::Camel | Kind::General => *s += LEAPER_CENTRE * centre / 64,
            _ => *s += SLIDER_CENTRE * centre / 64,
        }
        *s += walk.visit(pos, sq, kind, side);
    }
    for side in [Side::P1, Side::P2] {
        let i = side.index();
        score[i] += walk.targets[i].score(pos, side, |sq| walk.guarded(side, sq));
    }
    let middlegame =
        ((pieces - ENDGAME_PIECES) * 256 / (MIDDLEGAME_PIECES - ENDGAME_PIECES)).clamp(0, 256);
    let per_centre = (KING_CENTRE_ENDGAME * (256 - middlegame) - KING_CENTRE * middlegame) / 256;
    for i in 0..2 {
        score[i] += per_centre * king_centre[i] / 64;
    }
    let threats = threats::threats(pos, &walk);
    let passed = pawns.passed(pos);
    for i in 0..2 {
        score[i] += threats[i] + passed[i];
    }
    for side in [Side::P1, Side::P2] {
        if material[side.index()] >= material[side.other().index()] + MOP_UP_LEAD {
            score[side.index()] += mop_up(pos, &centrality, side);
        }
    }
    let us = pos.side_to_move();
    score[us.index()] - score[us.other().index()] + TEMPO
}

#[cfg(test)]
mod tests {
    use super::super::text::{DEFAULT_LAYOUT, parse_fen, parse_layout};
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        let pos = parse_layout(DEFAULT_LAYOUT, Side::P1).unwrap();
        assert_eq!(evaluate(&pos), TEMPO);
    }

    /// The position of `fen` (White to move, White moving up) with colours swapped and ranks
    /// flipped (the same game seen from Black), and with only the ranks flipped (the board
    /// turned: Black moves up).
    fn mirrors(fen: &str) -> [String; 2] {
        let board = fen.strip_suffix(" w").unwrap();
        let flipped: Vec<&str> = board.split('/').rev().collect();
        let flipped = flipped.join("/");
        let swapped: String = flipped
            .chars()
            .map(|c| match c {
                'a'..='z' => c.to_ascii_uppercase(),
                'A'..='Z' => c.to_ascii_lowercase(),
                _ => c,
            })
            .collect();
        [format!("{swapped} b"), format!("{flipped} w up=b")]
    }

    #[test]
    fn mirrored_positions_evaluate_alike() {
        for fen in [
            "6K7/14/4R9/14/14/14/14/8P5/14/14/2n3p7/14/14/6k7 w",
            // An attack on Black's king (king safety) and pieces attacked by pawns (threats).
            "6K7/5PPP6/9e4/3h10/6a7/14/14/7P6/6c7/14/5pp2PE3/3B10/14/6k7 w",
        ] {
            let a = evaluate(&parse_fen(fen).unwrap());
            for m in mirrors(fen) {
                assert_eq!(a, evaluate(&parse_fen(&m).unwrap()), "{m}");
            }
        }
    }

    #[test]
    fn linear_counts_are_white_minus_black() {
        let mut counts = Vec::new();
        let start = parse_layout(DEFAULT_LAYOUT, Side::P1).unwrap();
        linear_counts(&start, &mut counts);
        assert!(counts.is_empty());
        // A lone white knight on f5 (8 squares, none watched by a pawn) against a black camel
        // in the corner (a1: 2 squares). Lower case is White.
        let pos = parse_fen("7K6/14/14/14/14/14/14/14/14/5n8/14/14/14/C6k6 w").unwrap();
        linear_counts(&pos, &mut counts);
        let weights = linear_weights();
        let index = |name: &str| weights.iter().position(|w| w.name == name).unwrap();
        let get = |name: &str| {
            counts
                .iter()
                .find(|&&(i, _)| i == index(name))
                .map_or(0, |&(_, n)| n)
        };
        assert_eq!((get("n"), get("c"), get("p")), (1, -1, 0));
        let weight = |name: &str| &weights[index(name)];
        // The tuner starts from the weights the evaluation plays with.
        assert_eq!(
            (weight("n").value, weight("mob-n").value),
            (worth(Kind::Knight), walk::mobility_weights(Kind::Knight).0)
        );
        assert_eq!((weight("p").step, weight("n").step), (0.0, 2.0));
        assert_eq!((get("mob-n"), get("mob-c")), (8, -2));
        assert!(weights.iter().all(|w| w.name != "k" && w.name != "mob-p"));
    }

    #[test]
    fn material_counts() {
        let up_a_queen = parse_fen("7K6/14/14/14/14/14/14/14/14/14/14/14/14/q6k6 w").unwrap();
        assert!(evaluate(&up_a_queen) > 800);
        let down_a_rook = parse_fen("7K5R/14/14/14/14/14/14/14/14/14/14/14/14/7k6 w").unwrap();
        assert!(evaluate(&down_a_rook) < -400);
    }

    #[test]
    fn kings_keep_back_in_the_middlegame_and_come_forward_in_the_endgame() {
        let at = |fen: &str| evaluate(&parse_fen(fen).unwrap());
        // Most pieces on the board: White's king (lower case) is better on g1 than on g7.
        let back = at("R1BHEAKGB1R3/14/14/14/14/14/14/14/14/14/14/14/14/r1bheakgb1r3 w");
        let forward = at("R1BHEAKGB1R3/14/14/14/14/14/14/6k7/14/14/14/14/14/r1bhea1gb1r3 w");
        assert!(back > forward);
        // Kings and a blocked pawn each: on g7 it is better than in the corner.
        let centre = at("7K6/14/14/14/14/14/14/6k7/14/14/2P11/2p11/14/14 w");
        let corner = at("7K6/14/14/14/14/14/14/14/14/14/2P11/2p11/14/k13 w");
        assert!(centre > corner);
    }

    #[test]
    fn pawns_gain_as_they_advance() {
        let back = parse_fen("7K6/14/14/14/14/14/14/14/14/14/14/14/3p10/7k6 w").unwrap();
        let ahead = parse_fen("7K6/14/14/14/14/14/14/14/3p10/14/14/14/14/7k6 w").unwrap();
        assert!(evaluate(&ahead) > evaluate(&back));
    }
}
