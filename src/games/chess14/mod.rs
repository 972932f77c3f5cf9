//! Chess14 ("XXL chess"): 14x14 chess with fairy pieces, castling on any rank, promotion on the
//! first rank past the middle, and boards from 6x6 to 16x16 under the same rules scaled.
//! Rules: shared/rules/chess14.md.

mod attacks;
mod board;
mod moves;
mod pieces;
mod text;

#[cfg(test)]
mod perft_tests;

use crate::game::{Game, Options, Outcome, Side};
pub use board::Position;
pub use moves::Move;

/// The game as the engine sees it: a position.
pub type Chess14 = Position;

impl Game for Position {
    type Move = Move;

    fn start(_variant: &str, _opts: &Options) -> Result<Self, String> {
        text::parse_layout(text::DEFAULT_LAYOUT, Side::P1)
    }

    fn from_fen(_variant: &str, text: &str, _opts: &Options) -> Result<Self, String> {
        text::parse_fen(text)
    }

    fn to_fen(&self) -> String {
        text::to_fen(self)
    }

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        Position::legal_moves(self, out)
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn outcome_without_moves(&self) -> Outcome {
        let us = Position::side_to_move(self);
        if self.king_attacked(us) {
            Outcome::Win(us.other())
        } else {
            Outcome::Draw
        }
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn evaluate(&self) -> i32 {
        0
    }

    fn is_noisy(&self, mv: Move) -> bool {
        self.is_capture(mv) || mv.kind() == moves::MoveKind::Promotion
    }

    fn in_check(&self) -> bool {
        self.king_attacked(Position::side_to_move(self))
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let (from, to) = text::parse_squares(self, text)?;
        let mut moves = Vec::new();
        Position::legal_moves(self, &mut moves);
        moves
            .into_iter()
            .find(|m| m.from() == from && m.to() == to)
            .ok_or_else(|| format!("illegal move {text}"))
    }

    fn format_move(&self, mv: Move) -> String {
        format!(
            "{}{}",
            text::square_name(mv.from()),
            text::square_name(mv.to())
        )
    }

    fn view(&self) -> Vec<String> {
        text::view(self)
    }

    fn side_name(&self, side: Side) -> String {
        text::side_word(side).to_string()
    }
}
