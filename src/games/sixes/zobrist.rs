//! Zobrist keys for everything that decides the future of a Sixes game.

use super::geometry::SQUARES;
use super::moves::Move;
use super::variants::{Capture, LimitCounts, Rules};
use crate::rng::splitmix as mix;

/// Salts keep the key families apart.
const PIECE_SALT: u64 = 1 << 40;
const LAST_SALT: u64 = 2 << 40;
const COUNT_SALT: u64 = 3 << 40;
const RULES_SALT: u64 = 4 << 40;

const PIECE: [[u64; SQUARES]; 2] = {
    let mut keys = [[0; SQUARES]; 2];
    let mut i = 0;
    while i < 2 * SQUARES {
        keys[i / SQUARES][i % SQUARES] = mix(PIECE_SALT + i as u64);
        i += 1;
    }
    keys
};

/// The key of `O` to move (`X` to move adds nothing).
pub const O_TO_MOVE: u64 = mix(0);

/// A piece of player `side` (0 = X, 1 = O) on square `sq`.
pub fn piece(side: usize, sq: usize) -> u64 {
    PIECE[side][sq]
}

/// Player `side`'s last move, which its no-return rule depends on.
pub fn last(side: usize, mv: Option<Move>) -> u64 {
    mv.map_or(0, |m| {
        mix(LAST_SALT + ((side * SQUARES + m.from.index()) * SQUARES + m.to.index()) as u64)
    })
}

/// Player `side` having made `n` moves (the turn limit depends on it).
pub fn count(side: usize, n: u16) -> u64 {
    mix(COUNT_SALT + ((n as u64) << 1 | side as u64))
}

/// The rule choices, fixed for a game, so positions under other rules never collide.
pub fn rules(r: Rules) -> u64 {
    let capture = match r.capture {
        Capture::Interior => 0,
        Capture::Edges => 1,
    };
    let counts = match r.counts {
        LimitCounts::PerPlayer => 0,
        LimitCounts::Single => 2,
    };
    mix(RULES_SALT + ((r.limit as u64) << 2 | capture | counts))
}
