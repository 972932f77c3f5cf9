//! Chess14 as the engine and the searcher see it.

use super::commands;
use super::config;
use super::eval;
use super::levels;
use super::moves::{Move, MoveKind};
use super::pieces::{Kind, is_piece, kind_of};
use super::position::Position;
use super::text;
use crate::game::{
    Forfeit, Hosted, OptionSpec, Options, Outcome, Rules, Scripted, SearchParams, Searchable, Side,
    Tunable, Weight,
};
use std::path::Path;

impl Rules for Position {
    type Move = Move;

    fn options() -> Vec<OptionSpec> {
        levels::option_specs()
    }

    fn start(_variant: &str, _opts: &Options) -> Result<Self, String> {
        text::parse_layout(text::DEFAULT_LAYOUT, Side::P1)
    }

    fn from_fen(_variant: &str, text: &str, _opts: &Options) -> Result<Self, String> {
        text::parse_fen(text)
    }

    /// Facing rows of pawns (one to three a side, on any ranks) with a few other pieces, on
    /// boards of every size.
    #[cfg(test)]
    fn crowded_fen(_variant: &str, rng: &mut crate::rng::Rng) -> String {
        let (width, height) = (6 + rng.below(11), 6 + rng.below(11));
        let pawn_rows = |rng: &mut crate::rng::Rng| {
            let first = 1 + rng.below(height - 2);
            first..(first + 1 + rng.below(3)).min(height - 1)
        };
        let (white, black) = (pawn_rows(rng), pawn_rows(rng));
        let kings = [rng.below(width * height), rng.below(width * height)];
        let rows = crate::game::crowded_rows(width, height, true, |r, c| {
            let i = r * width + c;
            let pawn = if white.contains(&r) { 'p' } else { 'P' };
            if i == kings[0] {
                'k'
            } else if i == kings[1] {
                'K'
            } else if (white.contains(&r) || black.contains(&r)) && rng.below(8) > 0 {
                pawn
            } else if rng.below(12) == 0 {
                let kind = b"nbrcheqag"[rng.below(9)] as char;
                if rng.below(2) == 0 {
                    kind
                } else {
                    kind.to_ascii_uppercase()
                }
            } else {
                '.'
            }
        });
        let side = if rng.below(2) == 0 { 'w' } else { 'b' };
        let up = if rng.below(2) == 0 { 'w' } else { 'b' };
        format!("{rows} {side} up={up} -")
    }

    fn to_fen(&self) -> String {
        text::format_fen(self)
    }

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        Position::legal_moves(self, out)
    }

    /// Every pseudo-legal move (each piece's moves with no king test) that, played out on a
    /// copy of the position, leaves no king of the mover attacked.
    #[cfg(test)]
    fn reference_moves(&self) -> Option<Vec<Move>> {
        use super::pieces::{is_piece, side_of};
        use super::rules::Legality;
        let us = Position::side_to_move(self);
        let mut moves = Vec::new();
        for sq in self.squares() {
            let c = self.cell(sq);
            if is_piece(c) && side_of(c) == us {
                self.legal_from(sq, &Legality::untested(), &mut moves);
            }
        }
        moves.retain(|&m| {
            let mut child = self.clone();
            Position::play(&mut child, m);
            !child.king_attacked(us)
        });
        Some(moves)
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn outcome_without_moves(&self) -> Outcome {
        Position::outcome_without_moves(self)
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let (from, to) = text::parse_squares(self, text)?;
        let mut moves = Vec::new();
        Position::legal_moves(self, &mut moves);
        moves
            .into_iter()
            .find(|m| m.from() == from && m.to() == to)
            .ok_or_else(|| format!("illegal move {text}: {}", self.why_illegal(from, to)))
    }

    fn format_move(&self, mv: Move) -> String {
        text::format_move(mv)
    }
}

impl Searchable for Position {
    /// The table's score guides the node's pruning (self-play, docs/journal/performance.md,
    /// "Chess14's search, 2026-11-27"). Chess's counts of late quiet moves at every depth
    /// whatever the moves, bolder reductions and singular extensions from depth 9: a
    /// narrower tree, a ply deeper and stronger at equal nodes ("Chess14: a narrower tree",
    /// 2026-11-29). No check extension (a reply that alone holds is still extended by the
    /// singular test), a history bonus that grows with depth (so history moves the
    /// reductions), quiet moves reduced more after a noisy table move and a wider aspiration
    /// window: 39% fewer nodes to depth 12, and stronger at equal nodes ("Chess14: the tree a
    /// ply narrower"). History pruning near the leaves ("Chess14: history pruning").
    const PARAMS: SearchParams = SearchParams {
        table_refines_eval: true,
        late_move_depth: 64,
        late_move_span: 0,
        reduction_divisor: 1.75,
        singular_depth: 9,
        check_extension: false,
        aspiration_width: 80,
        history_bonus_slope: 170,
        noisy_table_move_reduction: 1,
        history_prune_per_ply: 500,
        ..SearchParams::DEFAULT
    };

    type Policy = ();

    fn noisy_moves(&self, _: &(), out: &mut Vec<Move>) {
        Position::noisy_moves(self, out)
    }

    fn evaluate(&self, _: &()) -> i32 {
        eval::evaluate(self)
    }

    fn is_noisy(&self, mv: Move) -> bool {
        self.is_capture(mv) || mv.kind() == MoveKind::Promotion
    }

    /// Most valuable victim first, cheapest attacker among equals; promotions near the top.
    fn order_hint(&self, mv: Move) -> i32 {
        let victim = self.cell(mv.to());
        let mut hint = 0;
        if is_piece(victim) {
            let attacker = kind_of(self.cell(mv.from()));
            hint += 16 * kind_of(victim).value() - attacker.value() / 16;
        }
        if mv.kind() == MoveKind::Promotion {
            hint += 16 * Kind::Queen.value();
        }
        hint
    }

    fn exchange(&self, mv: Move) -> Option<i32> {
        Some(Position::exchange(self, mv))
    }

    /// Passing is allowed when not in check and the mover has more than pawns and kings, where
    /// zugzwang is rare.
    fn play_null(&mut self) -> bool {
        let us = Position::side_to_move(self);
        let has_pieces = self
            .pieces_of(us)
            .any(|sq| !matches!(kind_of(self.cell(sq)), Kind::Pawn | Kind::King));
        if !has_pieces || self.king_attacked(us) {
            return false;
        }
        self.pass();
        true
    }

    fn in_check(&self, _: &()) -> bool {
        self.king_attacked(Position::side_to_move(self))
    }

    /// The pawns: the structure the evaluation judges by fixed terms that a search corrects.
    fn correction_key(&self) -> Option<u64> {
        Some(self.pawn_hash())
    }
}

/// Every weight of the evaluation, fitted on quiet positions: out of check, with no capture
/// that wins material.
impl Tunable for Position {
    fn weights() -> Vec<Weight> {
        eval::linear_weights()
    }

    fn weight_counts(&self, out: &mut Vec<(usize, f64)>) {
        eval::linear_counts(self, out)
    }

    fn settled(&self) -> bool {
        if self.in_check(&()) {
            return false;
        }
        let mut noisy = Vec::new();
        Position::noisy_moves(self, &mut noisy);
        !noisy
            .iter()
            .any(|&m| Searchable::exchange(self, m).is_some_and(|v| v > 0))
    }
}

impl Hosted for Position {
    /// `position layout <path>`: a layout file, White moving up. `position config <path>`: the
    /// source's config.json (its layout, clocks and player colour; the player's side moves up).
    fn load(_variant: &str, kind: &str, arg: &str, _opts: &Options) -> Result<Self, String> {
        match kind {
            "layout" => {
                let text = crate::files::read_text(Path::new(arg))
                    .map_err(|e| format!("cannot read layout file '{arg}': {e}"))?;
                text::parse_layout(&text, Side::P1)
            }
            "config" => {
                let config = config::load(Path::new(arg))?;
                let layout = config.layout.as_deref().unwrap_or(text::DEFAULT_LAYOUT);
                let mut pos = text::parse_layout(layout, config.clocks.player_side)?;
                pos.set_clocks(config.clocks);
                Ok(pos)
            }
            _ => Err(format!(
                "chess14 has no position source '{kind}' (layout or config)"
            )),
        }
    }

    fn view(&self) -> Vec<String> {
        text::board_lines(self)
    }

    fn side_name(&self, side: Side) -> String {
        text::side_word(side).to_string()
    }

    fn scripted_move(&self, opts: &Options, seed: u64) -> Option<Scripted<Move>> {
        levels::scripted_move(self, opts, seed)
    }

    fn command(
        &self,
        name: &str,
        args: &[&str],
        forfeit: Option<Forfeit>,
    ) -> Option<Result<Vec<String>, String>> {
        commands::run(self, name, args, forfeit)
    }
}
