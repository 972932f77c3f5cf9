//! The Sixes player against a plain depth-4 minimax with a piece-count evaluation.
//!
//! Slow, so ignored by default; run it with
//! `cargo test --release --test sixes_match -- --ignored --nocapture`
//! (`SIXES_MATCH_GAMES`, default 100, `SIXES_MATCH_MS`, the player's time per move,
//! default 300, and `SIXES_MATCH_CAPTURE=edges` for the edges capture rule). Games cycle
//! through turn limits 10, 20 and 50 moves per player and both colours; the opponent breaks
//! ties between equally good moves at random (seeded by the game number), so the games differ.
//! It asserts a score of at least 95% and at most one second per move.

mod common;
use common::env;

use std::time::{Duration, Instant};
use tabula::frontends::sixes::player::{Level, Player};
use tabula::game::{Outcome, Rules as _, Side, result};
use tabula::games::sixes::{Capture, Move, Rules, Sixes};

/// Larger than any piece-count difference.
const WIN: i32 = 1000;

/// Plain minimax (negamax form, no pruning): finished games score exactly, quicker wins
/// higher; at depth 0 the piece difference for the side to move.
fn minimax(pos: &Sixes, depth: u32) -> i32 {
    if let Some(outcome) = result(pos) {
        return match outcome {
            Outcome::Win(side) if side == pos.side_to_move() => WIN + depth as i32,
            Outcome::Win(_) => -WIN - depth as i32,
            Outcome::Draw => 0,
        };
    }
    if depth == 0 {
        let me = pos.side_to_move();
        return pos.pieces(me).count_ones() as i32 - pos.pieces(me.other()).count_ones() as i32;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play(m);
            -minimax(&child, depth - 1)
        })
        .max()
        .unwrap_or(-WIN)
}

/// xorshift64: the opponent's tie-breaks.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The depth-4 opponent: a best move by 4-ply minimax, chosen at random among equals.
fn opponent_move(pos: &Sixes, rng: &mut Rng) -> Move {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let scored: Vec<(Move, i32)> = moves
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play(m);
            (m, -minimax(&child, 3))
        })
        .collect();
    let best = scored.iter().map(|s| s.1).max().expect("a move");
    let ties: Vec<Move> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
    ties[rng.below(ties.len())]
}

#[test]
#[ignore = "a 100-game match; run it in release with --ignored --nocapture"]
fn player_beats_depth_4_minimax() {
    let games = env("SIXES_MATCH_GAMES", 100);
    let ms = env("SIXES_MATCH_MS", 300);
    let capture = match std::env::var("SIXES_MATCH_CAPTURE").as_deref() {
        Ok("edges") => Capture::Edges,
        _ => Capture::Interior,
    };
    let limits = [10u16, 20, 50];
    // [limit][our colour] = (points x2, games)
    let mut table = [[(0u64, 0u64); 2]; 3];
    let (mut moves, mut total, mut slowest) = (0u32, Duration::ZERO, Duration::ZERO);
    for game in 0..games {
        let li = (game % 3) as usize;
        let ours = if (game / 3) % 2 == 0 {
            Side::P1
        } else {
            Side::P2
        };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (game + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
        let player = Player::new(Level::Time(ms)).unwrap();
        let mut pos = Sixes::start(Rules {
            limit: limits[li],
            ..Rules::default()
        });
        let outcome = loop {
            if let Some(o) = result(&pos) {
                break o;
            }
            let mv = if pos.side_to_move() == ours {
                let start = Instant::now();
                let mv = player.choose(&pos).expect("a legal move");
                let spent = start.elapsed();
                moves += 1;
                total += spent;
                slowest = slowest.max(spent);
                mv
            } else {
                opponent_move(&pos, &mut rng)
            };
            pos.play(mv);
        };
        let points = match outcome {
            Outcome::Win(side) if side == ours => 2,
            Outcome::Draw => 1,
            Outcome::Win(_) => 0,
        };
        let cell = &mut table[li][ours.index()];
        cell.0 += points;
        cell.1 += 1;
        println!(
            "game {game:3}: limit {:2}, player {:?}: {outcome:?} ({} X, {} O pieces)",
            limits[li],
            ours,
            pos.pieces(Side::P1).count_ones(),
            pos.pieces(Side::P2).count_ones()
        );
    }
    let mut points = 0;
    for (li, row) in table.iter().enumerate() {
        for (side, &(p, n)) in row.iter().enumerate() {
            let colour = if side == 0 { "X" } else { "O" };
            println!(
                "limit {:2} as {colour}: {:.1}/{n}",
                limits[li],
                p as f64 / 2.0
            );
            points += p;
        }
    }
    let score = points as f64 / 2.0 / games as f64 * 100.0;
    let mean = total / moves.max(1);
    println!(
        "{capture:?} capture: score {score:.1}% over {games} games; {moves} moves, {mean:?} mean, \
         {slowest:?} max per move"
    );
    assert!(score >= 95.0, "score {score:.1}%");
    assert!(
        slowest <= Duration::from_secs(1),
        "slowest move {slowest:?}"
    );
}
