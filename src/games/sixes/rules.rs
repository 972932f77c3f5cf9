//! The rules a position is judged by: whether a move is legal (and why not), and whether
//! and how the game has ended.

use super::movegen;
use super::moves::Move;
use super::position::Sixes;
use crate::game::{Outcome, Side};

/// Why a game ended (for the front-ends' messages).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// `Side` has no pieces left.
    NoPieces(Side),
    /// `Side` is to move and has no legal move.
    NoMoves(Side),
    /// The turn limit: pieces of X and O, and their possible moves.
    Limit { pieces: [u32; 2], moves: [u32; 2] },
}

impl Ending {
    pub fn outcome(self) -> Outcome {
        match self {
            Ending::NoPieces(loser) | Ending::NoMoves(loser) => Outcome::Win(loser.other()),
            Ending::Limit { pieces, moves } => {
                let ranked = pieces[0].cmp(&pieces[1]).then(moves[0].cmp(&moves[1]));
                match ranked {
                    std::cmp::Ordering::Greater => Outcome::Win(Side::P1),
                    std::cmp::Ordering::Less => Outcome::Win(Side::P2),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                }
            }
        }
    }
}

impl Sixes {
    /// Checks a move of the side to move and says why it is not legal.
    pub fn check(&self, mv: Move) -> Result<(), String> {
        let me = self.side_to_move();
        movegen::shape(self.pieces(me), self.occupied(), mv)?;
        if Some(mv) == self.barred(me) {
            return Err(format!(
                "the no-return rule forbids moving the piece on {} straight back to {} now",
                mv.from, mv.to
            ));
        }
        Ok(())
    }

    /// Whether the game is over without looking at the moves, and why.
    pub fn ending(&self) -> Option<Ending> {
        let me = self.side_to_move();
        for side in [me, me.other()] {
            if self.pieces(side) == 0 {
                return Some(Ending::NoPieces(side));
            }
        }
        if self.rules.limit_reached(self.made, me.index()) {
            let both = [Side::P1, Side::P2];
            return Some(Ending::Limit {
                pieces: both.map(|s| self.pieces(s).count_ones()),
                moves: both.map(|s| self.mobility(s)),
            });
        }
        None
    }

    /// Whether the game is over, and why: `ending`, or else the side to move has no legal
    /// move (`Ending::NoMoves`, which needs the moves).
    pub fn end(&self) -> Option<Ending> {
        self.ending().or_else(|| {
            self.blocked()
                .then_some(Ending::NoMoves(self.side_to_move()))
        })
    }
}
