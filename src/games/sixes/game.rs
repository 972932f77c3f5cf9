//! Sixes as the engine and the searcher see it.

use super::eval;
use super::moves::Move;
use super::position::Sixes;
use super::rules::Ending;
use super::text;
use super::variants::{self, Rules};
use crate::game::{self, Hosted, OptionSpec, Options, Outcome, Searchable, Side};

impl game::Rules for Sixes {
    type Move = Move;

    fn options() -> Vec<OptionSpec> {
        variants::option_specs()
    }

    fn start(_variant: &str, opts: &Options) -> Result<Sixes, String> {
        Ok(Sixes::start(Rules::from_options(opts)?))
    }

    /// A board filled to any density by both sides.
    #[cfg(test)]
    fn crowded_fen(_variant: &str, rng: &mut crate::rng::Rng) -> String {
        let density = 2 + rng.below(7);
        let rows = crate::game::crowded_rows(6, 6, false, |_, _| {
            if rng.below(8) < density {
                if rng.below(2) == 0 { 'X' } else { 'O' }
            } else {
                '.'
            }
        });
        format!("{rows} {}", if rng.below(2) == 0 { 'X' } else { 'O' })
    }

    fn from_fen(_variant: &str, fen: &str, opts: &Options) -> Result<Sixes, String> {
        text::parse_fen(fen, Rules::from_options(opts)?)
    }

    fn to_fen(&self) -> String {
        text::format_fen(self)
    }

    fn side_to_move(&self) -> Side {
        Sixes::side_to_move(self)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.moves_of(self.side_to_move(), out);
    }

    /// Every pair of squares that the move checker (`check`: a step to a neighbour or a jump
    /// over one, the no-return rule) accepts, tried one by one.
    #[cfg(test)]
    fn reference_moves(&self) -> Option<Vec<Move>> {
        use super::geometry::{SQUARES, Square};
        let squares = || (0..SQUARES as u8).map(Square::new);
        let pairs = squares().flat_map(|from| squares().map(move |to| Move::new(from, to)));
        Some(pairs.filter(|&m| self.check(m).is_ok()).collect())
    }

    fn play(&mut self, mv: Move) {
        Sixes::play(self, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(|e| e.outcome())
    }

    fn outcome_without_moves(&self) -> Outcome {
        Ending::NoMoves(self.side_to_move()).outcome()
    }

    fn hash(&self) -> u64 {
        Sixes::hash(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let mv = text::parse_move(text)?;
        self.check(mv)
            .map_err(|why| format!("illegal move {text}: {why}"))?;
        Ok(mv)
    }

    fn format_move(&self, mv: Move) -> String {
        text::format_move(mv)
    }
}

impl Searchable for Sixes {
    type Policy = ();

    fn evaluate(&self, _: &()) -> i32 {
        eval::evaluate(self)
    }

    fn noisy_moves(&self, _: &(), out: &mut Vec<Move>) {
        self.removing_moves(out);
    }

    /// Moves that remove an enemy piece.
    fn is_noisy(&self, mv: Move) -> bool {
        self.removals(mv).0 != 0
    }

    /// Removing enemy pieces first, losing the mover's piece last.
    fn order_hint(&self, mv: Move) -> i32 {
        let (taken, lost) = self.removals(mv);
        (taken.count_ones() as i32 - lost.count_ones() as i32) * 16 * eval::weight::PIECE
    }

    /// The side to move has no legal move: the game is lost. The searcher then lists every
    /// move, also in quiescence, and scores the empty list as the loss it is; otherwise a leaf
    /// where the opponent is blocked in would be scored by the evaluation, and a move that
    /// wins at once could be reduced to such a leaf and passed over.
    fn in_check(&self, _: &()) -> bool {
        self.blocked()
    }
}

impl Hosted for Sixes {
    fn view(&self) -> Vec<String> {
        let mut lines = text::board_lines(self);
        lines.push(text::status_line(self));
        lines
    }

    fn side_name(&self, side: Side) -> String {
        text::side_letter(side).to_string()
    }
}
