//! Static evaluation: material, centrality scaled to the board's size, mobility, king safety,
//! threats and passed pawns. Files: `terms` (the weights, one table for the play and the
//! tuner: each term counted per side, times its weight), `walk` (one walk over each piece's
//! moves for mobility, the attack maps and the attack on the enemy king), `king_safety`
//! (attack units and pawn shelter), `threats` (pieces attacked by lesser ones, and hanging),
//! `passed` (pawns no enemy pawn can stop). What is not linear in a weight (the shape of the
//! king's danger, the mating drive) keeps its constants in its file.

mod king_safety;
mod passed;
mod terms;
mod threats;
mod walk;

use super::geometry::{MAX_SIDE, file_of, rank_of};
use super::pieces::{Kind, kind_of, side_of};
use super::position::Position;
use crate::game::{Side, Weight};
use terms::Terms;
use walk::Walk;

/// The pieces' value on the board (both sides, pawns and kings aside) from which the king
/// wants the back in full, and below which it wants the centre in full; in between it is
/// tapered.
const MIDDLEGAME_PIECES: i32 = 5000;
const ENDGAME_PIECES: i32 = 1500;
/// Per step of the enemy king away from the centre, when we are well ahead (mating drive).
const MOP_UP_EDGE: i32 = 2;
/// Per step our pieces come closer to the enemy king, when we are well ahead.
const MOP_UP_CLOSE: i32 = 4;
/// "Well ahead": this much more material than the other side.
const MOP_UP_LEAD: i32 = 400;

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

/// The evaluation's weights, for a tuner.
pub fn linear_weights() -> Vec<Weight> {
    terms::linear_weights()
}

/// The counts of `linear_weights` in `pos`, White's less Black's, the nonzero ones.
pub fn linear_counts(pos: &Position, out: &mut Vec<(usize, f64)>) {
    terms(pos).counts(out)
}

/// The evaluation from the side to move's point of view, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    terms(pos).score(pos.side_to_move())
}

/// Every term of the evaluation in `pos`, for both sides.
fn terms(pos: &Position) -> Terms {
    let mut t = Terms::new();
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
                t.add(side, terms::PAWN_STEP, advanced.min(first_past) as i32);
                pawns.add(sq, side, pos.up());
            }
            Kind::King => king_centre[side.index()] += centre,
            _ => {
                t.add(side, terms::centre(kind), centre);
                if kind == Kind::Rook {
                    pawns.add_rook(sq, side);
                }
            }
        }
        if kind != Kind::King {
            t.add(side, terms::material(kind), 1);
        }
        t.rest[side.index()] += walk.visit(pos, sq, kind, side);
    }
    let middlegame =
        ((pieces - ENDGAME_PIECES) * 256 / (MIDDLEGAME_PIECES - ENDGAME_PIECES)).clamp(0, 256);
    let threats = threats::threats(pos, &walk);
    let passed = pawns.passed(pos);
    let structure = pawns.structure(pos);
    let bishops = terms::material(Kind::Bishop);
    for side in [Side::P1, Side::P2] {
        let i = side.index();
        for kind in terms::mobile() {
            t.add(side, terms::mobility(kind), walk.safe[i][kind as usize - 1]);
        }
        let safety = walk.targets[i].score(pos, side, |sq| walk.guarded(side, sq));
        t.add(side, terms::KING_NEIGHBOUR, safety.neighbours);
        t.add(side, terms::KING_DANGER, -safety.danger);
        t.add(side, terms::KING_BACK, -middlegame * king_centre[i]);
        t.add(
            side,
            terms::KING_CENTRE,
            (256 - middlegame) * king_centre[i],
        );
        t.add(side, terms::BY_LESSER, -threats[i].by_lesser);
        t.add(side, terms::HANGING, -threats[i].hanging);
        t.rest[i] -= threats[i].surplus;
        for (steps, &n) in passed[i].iter().enumerate() {
            t.add(side, terms::PASSED + steps, n);
        }
        let s = &structure[i];
        t.add(side, terms::DOUBLED, -s.doubled);
        t.add(side, terms::ISOLATED, -s.isolated);
        t.add(side, terms::ROOK_OPEN, s.rooks_open);
        t.add(side, terms::ROOK_HALF_OPEN, s.rooks_half_open);
        t.add(
            side,
            terms::BISHOP_PAIR,
            (t.count(side, bishops) >= 2) as i32,
        );
        if material[i] >= material[side.other().index()] + MOP_UP_LEAD {
            t.rest[i] += mop_up(pos, &centrality, side);
        }
    }
    t.add(pos.side_to_move(), terms::TEMPO, 1);
    t
}

#[cfg(test)]
mod tests {
    use super::super::text::{DEFAULT_LAYOUT, parse_fen, parse_layout};
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        let pos = parse_layout(DEFAULT_LAYOUT, Side::P1).unwrap();
        assert_eq!(evaluate(&pos), terms::value(terms::TEMPO));
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
        assert_eq!(counts, [(terms::TEMPO, 1.0)], "White to move");
        // A lone white knight on f5 (8 squares, none watched by a pawn) against a black camel
        // in the corner (a1: 2 squares), Black to move. Lower case is White.
        let pos = parse_fen("7K6/14/14/14/14/14/14/14/14/5n8/14/14/14/C6k6 b").unwrap();
        linear_counts(&pos, &mut counts);
        let weights = linear_weights();
        let index = |name: &str| weights.iter().position(|w| w.name == name).unwrap();
        let get = |name: &str| {
            counts
                .iter()
                .find(|&&(i, _)| i == index(name))
                .map_or(0.0, |&(_, n)| n)
        };
        assert_eq!((get("n"), get("c"), get("p")), (1.0, -1.0, 0.0));
        assert_eq!(
            (get("mob-n"), get("mob-c"), get("tempo")),
            (8.0, -2.0, -1.0)
        );
        // f5 on 14x14: 64ths of the centre by file (f: 25 of 32) and rank (5: 20 of 32); the
        // corner has none.
        assert_eq!(get("centre-n"), (25.0 + 20.0) / 64.0);
        assert_eq!(
            (weights[index("p")].step, weights[index("n")].step),
            (0.0, 2.0)
        );
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
