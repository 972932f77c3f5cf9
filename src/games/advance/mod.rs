//! Advance: a 9x9 chess-like game with walls, conversion and protection
//! (rules: shared/rules/advance.md; choices the rules leave open: protocol.md).

pub mod board;
pub mod eval;
pub mod levels;
pub mod moves;
pub mod perft;
pub mod player;
pub mod rules;
pub mod tables;
pub mod text;

pub use board::Advance;
pub use levels::Level;
pub use moves::Move;

use crate::game::{Game, OptionKind, OptionSpec, Options, Outcome, Scripted, Side};

/// The protocol option that selects a graded level or the free search.
pub const LEVEL_OPTION: &str = "Level";

/// The level the options select (the engine has validated the value against `Level::NAMES`).
fn level_of(opts: &Options) -> Level {
    Level::parse(opts.text(LEVEL_OPTION, "max")).unwrap_or(Level::Max)
}

impl Advance {
    /// The position searched as `level` searches it: level 8 follows only the moves the
    /// level rules allow (`levels::rule_bound_moves`), `max` every legal move.
    pub fn with_level(mut self, level: Level) -> Advance {
        self.rule_bound = level == Level::Graded(8);
        self
    }
}

impl Game for Advance {
    type Move = Move;

    fn options() -> Vec<OptionSpec> {
        vec![OptionSpec {
            name: LEVEL_OPTION,
            kind: OptionKind::Combo {
                default: "max",
                values: Level::NAMES,
            },
        }]
    }

    fn start(_variant: &str, opts: &Options) -> Result<Self, String> {
        Ok(Advance::start_position().with_level(level_of(opts)))
    }

    fn from_fen(_variant: &str, text: &str, opts: &Options) -> Result<Self, String> {
        Ok(text::parse_fen(text)?.with_level(level_of(opts)))
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn side_to_move(&self) -> Side {
        board::side_of(self.side())
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal(out)
    }

    fn search_moves(&self, out: &mut Vec<Move>) {
        if self.rule_bound {
            levels::rule_bound_moves(self, out)
        } else {
            self.legal(out)
        }
    }

    /// Straight from the noisy-move generator, without the quiet moves.
    fn noisy_moves(&self, out: &mut Vec<Move>) {
        if self.rule_bound {
            levels::rule_bound_noisy_moves(self, out)
        } else {
            self.legal_noisy(out)
        }
    }

    fn play(&mut self, mv: Move) {
        self.make(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.turn_limit_outcome()
    }

    fn outcome_without_moves(&self) -> Outcome {
        self.no_move_outcome()
    }

    /// Level 8's model searches a different game tree, so its table entries are kept apart.
    fn hash(&self) -> u64 {
        if self.rule_bound {
            self.hash ^ tables::ZOBRIST.rule_bound
        } else {
            self.hash
        }
    }

    fn evaluate(&self) -> i32 {
        self.eval()
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_noisy()
    }

    /// Most valuable victim first (a conversion counts double), cheapest attacker first.
    fn order_hint(&self, mv: Move) -> i32 {
        let gain = self.material_delta(mv);
        if gain > 0 {
            gain * 16 - board::VALUE[self.cell(mv.from as usize) as usize]
        } else {
            0
        }
    }

    fn play_null(&mut self) -> bool {
        self.pass();
        true
    }

    /// In level 8's model a forced capture counts too: the side cannot stand pat.
    fn in_check(&self) -> bool {
        let danger = self.in_check_now();
        danger || (self.rule_bound && levels::must_gain(self, danger))
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move_text(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.move_text(mv)
    }

    fn view(&self) -> Vec<String> {
        self.rows()
    }

    fn side_name(&self, side: Side) -> String {
        ["white", "black"][side.index()].to_string()
    }

    fn scripted_move(&self, opts: &Options, seed: u64) -> Option<Scripted<Move>> {
        levels::scripted(self, level_of(opts), seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(level: &str) -> Options {
        let mut o = Options::default();
        o.set(LEVEL_OPTION, level.to_string());
        o
    }

    #[test]
    fn level_8_searches_the_rule_bound_game() {
        // The level-6 seed example: only the Miner's capture gains material.
        let fen = "d.bz..cmj/Dj.#...b#/m.z.g.zs./......#z#/.....Z#.Z/.#..S...#/..Z.zZ.../...BZ..Z./M.CSMG.J. w";
        let free = Advance::from_fen("advance", fen, &opts("max")).unwrap();
        let bound = Advance::from_fen("advance", fen, &opts("8")).unwrap();
        let (mut a, mut b) = (vec![], vec![]);
        free.search_moves(&mut a);
        bound.search_moves(&mut b);
        assert!(a.len() > 1);
        assert_eq!(b.len(), 1);
        // A forced gain is no quiet position for level 8, and the two models never share
        // table entries.
        assert!(!free.in_check() && bound.in_check());
        assert_ne!(free.hash(), bound.hash());
        assert_eq!(free.to_fen(), bound.to_fen());
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
