//! Advance as the engine and the searcher see it: the rules delegated to `Position`, the
//! search's choices to the player's `Model` (the searcher's policy).

use super::eval::{MATERIAL, Weights};
use super::levels::{self, LEVEL_OPTION, Level};
use super::model::{Advance, Model};
use super::movegen::Move;
use super::position::{Position, VALUE};
use crate::game::{
    Hosted, OptionKind, OptionSpec, Options, Outcome, Rules, Scripted, Searchable, Side,
};

impl Rules for Advance {
    type Move = Move;

    fn options() -> Vec<OptionSpec> {
        let level = OptionSpec {
            name: LEVEL_OPTION,
            kind: OptionKind::Combo {
                default: "max",
                values: Level::NAMES,
            },
        };
        std::iter::once(level).chain(Weights::options()).collect()
    }

    /// A board crowded with pieces and walls, a General each.
    #[cfg(test)]
    fn crowded_fen(_variant: &str, rng: &mut crate::rng::Rng) -> String {
        let generals = [rng.below(81), rng.below(81)];
        let density = 2 + rng.below(6);
        let rows = crate::game::crowded_rows(9, 9, false, |r, c| {
            let i = r * 9 + c;
            if i == generals[0] {
                'G'
            } else if i == generals[1] {
                'g'
            } else if rng.below(8) < density {
                b"ZBJMSCDzbjmscd#"[rng.below(15)] as char
            } else {
                '.'
            }
        });
        format!("{rows} {}", if rng.below(2) == 0 { 'w' } else { 'b' })
    }

    fn start(_variant: &str, _opts: &Options) -> Result<Self, String> {
        Ok(Advance::new(Position::start()))
    }

    fn from_fen(_variant: &str, text: &str, _opts: &Options) -> Result<Self, String> {
        Ok(Advance::new(Position::from_fen(text)?))
    }

    fn to_fen(&self) -> String {
        self.position.to_fen()
    }

    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.position.legal_moves(out)
    }

    /// Every pseudo-legal move that, played out, leaves the mover's General out of danger.
    #[cfg(test)]
    fn reference_moves(&self) -> Option<Vec<Move>> {
        let (pos, us) = (&self.position, self.position.side_to_move());
        let mut moves = Vec::new();
        pos.pseudo_moves(&mut moves);
        moves.retain(|&m| {
            let mut child = *pos;
            child.play(m);
            !child.in_danger(us)
        });
        Some(moves)
    }

    fn play(&mut self, mv: Move) {
        self.position.play(mv);
        self.marks.after_move();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    fn outcome_without_moves(&self) -> Outcome {
        self.position.outcome_without_moves()
    }

    fn hash(&self) -> u64 {
        self.marks.hash(&self.position)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        self.position.parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.position.format_move(mv)
    }
}

impl Searchable for Advance {
    /// The level and its weights.
    type Policy = Model;

    fn policy(opts: &Options) -> Model {
        Model::of_options(opts)
    }

    fn search_moves(&self, model: &Model, out: &mut Vec<Move>) {
        model.search_moves(self, out)
    }

    /// Straight from the noisy-move generator, without the quiet moves.
    fn noisy_moves(&self, model: &Model, out: &mut Vec<Move>) {
        model.noisy_moves(&self.position, out)
    }

    /// Level 8's opponent is level 7, random among its ties: where those ties are predicted
    /// exactly, the search averages over them.
    fn chance_node(&self, model: &Model) -> bool {
        model.predicts_level_7(self)
    }

    fn as_search_root(&self, model: &Model) -> Self {
        Advance {
            position: self.position,
            marks: model.at_root(&self.position),
        }
    }

    fn evaluate(&self, model: &Model) -> i32 {
        model.evaluate(&self.position)
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_noisy()
    }

    /// Most valuable victim first (a conversion counts double), cheapest attacker first, in
    /// evaluation units as `Searchable::order_hint` asks.
    fn order_hint(&self, mv: Move) -> i32 {
        let gain = self.position.material_delta(mv);
        if gain > 0 {
            (gain * 16 - VALUE[self.position.cell(mv.from as usize) as usize]) * MATERIAL
        } else {
            0
        }
    }

    /// One enemy reply deep (`Position::exchange`), in evaluation units.
    fn exchange(&self, mv: Move) -> Option<i32> {
        Some(self.position.exchange(mv) * MATERIAL)
    }

    fn forward_pruning(model: &Model) -> bool {
        model.prunes()
    }

    fn play_null(&mut self) -> bool {
        self.position.pass();
        self.marks.after_move();
        true
    }

    fn in_check(&self, model: &Model) -> bool {
        model.in_check(&self.position)
    }
}

impl Hosted for Advance {
    fn view(&self) -> Vec<String> {
        self.position.view()
    }

    fn side_name(&self, side: Side) -> String {
        ["white", "black"][side.index()].to_string()
    }

    fn scripted_move(&self, opts: &Options, seed: u64) -> Option<Scripted<Move>> {
        levels::scripted(&self.position, Level::of_options(opts), seed)
    }
}

#[cfg(test)]
mod tests {
    use super::super::eval::TERMS;
    use super::*;

    fn opts(level: &str) -> Options {
        let mut o = Options::default();
        o.set(LEVEL_OPTION, level.to_string());
        o
    }

    #[test]
    fn the_evaluation_weights_are_options() {
        let mut no_tempo = opts("max");
        no_tempo.set("WeightTempo", "0".to_string());
        let start = Advance::start("advance", &Options::default()).unwrap();
        assert_eq!(start.evaluate(&Advance::policy(&no_tempo)), 0);
        assert_eq!(start.evaluate(&Advance::policy(&opts("max"))), 10);
        let names: Vec<_> = Advance::options().iter().map(|o| o.name).collect();
        assert!(TERMS.iter().all(|t| names.contains(&t.option)));
    }

    #[test]
    fn scripted_levels() {
        let start = Advance::start("advance", &Options::default()).unwrap();
        assert_eq!(start.scripted_move(&opts("max"), 1), None);
        let mut legal = vec![];
        start.legal_moves(&mut legal);
        for level in ["4", "5", "6", "7"] {
            match start.scripted_move(&opts(level), 3) {
                Some(Scripted::Play(m)) => assert!(legal.contains(&m), "level {level}"),
                other => panic!("level {level}: {other:?}"),
            }
        }
        match start.scripted_move(&opts("8"), 3) {
            Some(Scripted::SearchAmong(ties)) => assert!(ties.len() > 1),
            other => panic!("level 8: {other:?}"),
        }
    }
}
