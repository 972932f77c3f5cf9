//! Practice levels that are rules, not searches: a random mover, and a player that follows the
//! source's guidelines for the computer (mate if it can, win material, save threatened pieces,
//! attack the king, otherwise a random move, preferring safe squares).

use super::attacks::trade_value;
use super::moves::Move;
use super::pieces::{OFF, QUEEN_DIRS, kind_of};
use super::position::Position;
use crate::game::{OptionKind, OptionSpec, Options, Scripted};
use crate::rng::Rng;

/// The `Level` option: `full` searches; the others are the rule-following players here.
pub const LEVEL_OPTION: &str = "Level";
pub const LEVELS: &[&str] = &["full", "guidelines", "random"];

/// The options of Chess14: the level.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![OptionSpec {
        name: LEVEL_OPTION,
        kind: OptionKind::Combo {
            default: LEVELS[0],
            values: LEVELS,
        },
    }]
}

/// The move of the level the options choose, when it is a rule-following one; the seed and
/// the position decide its random picks, so a seeded game replays exactly.
pub fn scripted_move(pos: &Position, opts: &Options, seed: u64) -> Option<Scripted<Move>> {
    let mut rng = Rng::new(seed ^ pos.hash());
    match opts.text(LEVEL_OPTION, LEVELS[0]) {
        "guidelines" => guideline_move(pos, &mut rng).map(Scripted::Play),
        "random" => random_move(pos, &mut rng).map(Scripted::Play),
        _ => None,
    }
}

/// Whether the piece that lands on `m.to()` stands safely there: no enemy piece worth less
/// attacks it, and if any enemy attacks it, one of ours defends it.
fn lands_safely(pos: &Position, m: Move) -> bool {
    let mut after = pos.clone();
    after.play(m);
    let us = pos.side_to_move();
    let mover = kind_of(after.cell(m.to()));
    match after.least_attacker(m.to(), us.other()) {
        None => true,
        Some((a, _)) => trade_value(a) >= trade_value(mover) && after.attacked(m.to(), us),
    }
}

/// Whether the piece on `sq` (ours) is threatened: attacked by a cheaper enemy piece, or
/// attacked and undefended.
fn threatened(pos: &Position, sq: usize) -> bool {
    let us = pos.side_to_move();
    let ours = kind_of(pos.cell(sq));
    match pos.least_attacker(sq, us.other()) {
        None => false,
        Some((a, _)) => trade_value(a) < trade_value(ours) || !pos.attacked(sq, us),
    }
}

/// How many squares next to an enemy king `by` attacks, plus the kings themselves.
fn king_pressure(pos: &Position) -> usize {
    let them = pos.side_to_move();
    let by = them.other();
    pos.kings(them)
        .iter()
        .flat_map(|&k| {
            QUEEN_DIRS
                .iter()
                .map(move |&d| (k as usize).wrapping_add_signed(d))
        })
        .chain(pos.kings(them).iter().map(|&k| k as usize))
        .filter(|&s| pos.cell(s) & OFF == 0 && pos.attacked(s, by))
        .count()
}

/// The source's guidelines, in their order of priority. `None` when there is no legal move.
pub fn guideline_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut replies = Vec::new();
    let after = |m: Move| {
        let mut p = pos.clone();
        p.play(m);
        p
    };
    // Mate at once.
    let mates: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let p = after(m);
            replies.clear();
            p.legal_moves(&mut replies);
            replies.is_empty() && p.king_attacked(p.side_to_move())
        })
        .collect();
    if let Some(m) = rng.pick(&mates) {
        return Some(m);
    }
    // Take a piece worth more than the taker, the biggest gain first.
    let gain = |m: Move| {
        pos.is_capture(m).then(|| {
            trade_value(kind_of(pos.cell(m.to()))) - trade_value(kind_of(pos.cell(m.from())))
        })
    };
    let best_gain = moves
        .iter()
        .filter_map(|&m| gain(m))
        .filter(|&g| g > 0)
        .max();
    if let Some(best) = best_gain {
        let best_captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| gain(m) == Some(best))
            .collect();
        return rng.pick(&best_captures);
    }
    let safe: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| lands_safely(pos, m))
        .collect();
    // Save the most valuable threatened piece by moving it to a safe square.
    let mut rescues: Vec<Move> = safe
        .iter()
        .copied()
        .filter(|m| threatened(pos, m.from()))
        .collect();
    if let Some(top) = rescues
        .iter()
        .map(|m| trade_value(kind_of(pos.cell(m.from()))))
        .max()
    {
        rescues.retain(|m| trade_value(kind_of(pos.cell(m.from()))) == top);
        return rng.pick(&rescues);
    }
    // Check, or attack more of the squares around the enemy king, from a safe square.
    let checks: Vec<Move> = safe
        .iter()
        .copied()
        .filter(|&m| after(m).king_attacked(pos.side_to_move().other()))
        .collect();
    if let Some(m) = rng.pick(&checks) {
        return Some(m);
    }
    let before = {
        let mut p = pos.clone();
        p.pass();
        king_pressure(&p)
    };
    let pressing: Vec<Move> = safe
        .iter()
        .copied()
        .filter(|&m| king_pressure(&after(m)) > before)
        .collect();
    rng.pick(&pressing)
        .or_else(|| rng.pick(&safe))
        .or_else(|| rng.pick(&moves))
}

/// Any legal move, uniformly.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    rng.pick(&moves)
}

#[cfg(test)]
mod tests {
    use super::super::text::{format_move, parse_fen, parse_squares};
    use super::*;

    fn choose(fen: &str, seed: u64) -> String {
        let pos = parse_fen(fen).unwrap();
        let m = guideline_move(&pos, &mut Rng::new(seed)).expect("a move");
        format_move(m)
    }

    #[test]
    fn mates_when_it_can() {
        // The black king is boxed in by its pawns: the rook or the amazon can mate on the top
        // rank; grabbing the pawns or anything else would not.
        let pos = parse_fen("K13/PP12/14/14/14/14/14/14/14/14/a13/14/14/7r5k w").unwrap();
        for seed in 0..8 {
            let m = guideline_move(&pos, &mut Rng::new(seed)).unwrap();
            let mut after = pos.clone();
            after.play(m);
            let mut replies = Vec::new();
            after.legal_moves(&mut replies);
            assert!(
                replies.is_empty() && after.king_attacked(after.side_to_move()),
                "{m:?}"
            );
        }
    }

    #[test]
    fn takes_the_biggest_gain() {
        // The pawn can take the amazon (gain 1100) or the knight (100); the rook the bishop.
        let fen = "13K/14/14/14/14/14/14/14/14/2A1N9/3p10/14/14/k4r2B5 w";
        for seed in 0..8 {
            assert_eq!(choose(fen, seed), "d4c5");
        }
    }

    #[test]
    fn saves_a_threatened_piece_to_a_safe_square() {
        // A black pawn attacks the white chancellor on e5; it must go where nothing cheaper hits.
        let fen = "13K/14/14/14/14/14/14/14/3P10/4e9/14/14/14/k13 w";
        let pos = parse_fen(fen).unwrap();
        for seed in 0..8 {
            let m = guideline_move(&pos, &mut Rng::new(seed)).unwrap();
            assert_eq!(m.from(), parse_squares(&pos, "e5e6").unwrap().0);
            let mut after = pos.clone();
            after.play(m);
            assert!(
                after
                    .least_attacker(m.to(), crate::game::Side::P2)
                    .is_none()
            );
        }
    }

    #[test]
    fn no_move_no_answer() {
        let stalemate = parse_fen("13K/14/14/14/14/14/14/14/14/14/14/1Q12/14/k13 w").unwrap();
        assert_eq!(guideline_move(&stalemate, &mut Rng::new(1)), None);
        assert_eq!(random_move(&stalemate, &mut Rng::new(1)), None);
    }
}
