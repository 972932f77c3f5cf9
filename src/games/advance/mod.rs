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

    fn play(&mut self, mv: Move) {
        self.make(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.turn_limit_outcome()
    }

    fn outcome_without_moves(&self) -> Outcome {
        self.no_move_outcome()
    }

    fn hash(&self) -> u64 {
        self.hash
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

    fn in_check(&self) -> bool {
        self.in_check_now()
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
