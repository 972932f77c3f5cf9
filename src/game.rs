//! The seam between games and the rest, split by capability: [`Rules`] (what every player
//! and the referee need), [`Searchable`] (what the searcher needs, with the game's search
//! tuning as data in [`SearchParams`]) and [`Hosted`] (what the engine's driver shows and
//! runs); [`Game`] is the three together. [`Tunable`] is what `tabula tune` needs of a game
//! whose evaluation is a weighted sum it can refit.
//!
//! The searcher is generic over [`Searchable`] and never names a game; a game never sees the
//! searcher's internals. Positions are copied to make a move (copy-make), so a game state
//! must be a fixed-size value without heap data on the search path.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::hash::Hash;

/// The two players. `P1` moves first in every game (White, Black in Gomoku, X in Sixes).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Side {
    P1,
    P2,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::P1 => Side::P2,
            Side::P2 => Side::P1,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended, in absolute terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// A game a player ended rather than the rules: the session's `resign` and `timeout`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Forfeit {
    /// The side resigned.
    Resigned(Side),
    /// The side's clock ran out.
    Timeout(Side),
}

impl Forfeit {
    pub fn loser(self) -> Side {
        match self {
            Forfeit::Resigned(s) | Forfeit::Timeout(s) => s,
        }
    }

    /// How the session tells that the game is over: `white resigned`, `black lost on time`.
    pub fn describe(self, side_name: impl Fn(Side) -> String) -> String {
        match self {
            Forfeit::Resigned(s) => format!("{} resigned", side_name(s)),
            Forfeit::Timeout(s) => format!("{} lost on time", side_name(s)),
        }
    }
}

/// Evaluation scores are centipawn-like integers from the side to move's point of view.
/// Anything beyond `WIN_BOUND` in absolute value is a forced win or loss.
pub const WIN: i32 = 30_000;
pub const WIN_BOUND: i32 = WIN - 1_000;

/// What a `setoption` may set for a game.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
    Text {
        default: &'static str,
    },
}

/// One engine option, announced after `uci` and settable with `setoption`.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

impl OptionSpec {
    pub fn default_text(&self) -> String {
        match &self.kind {
            OptionKind::Spin { default, .. } => default.to_string(),
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Combo { default, .. } | OptionKind::Text { default } => default.to_string(),
        }
    }

    /// Checks a value against the option's kind and returns it in canonical form.
    pub fn validate(&self, value: &str) -> Result<String, String> {
        match &self.kind {
            OptionKind::Spin { min, max, .. } => match value.parse::<i64>() {
                Ok(v) if (*min..=*max).contains(&v) => Ok(v.to_string()),
                _ => Err(format!(
                    "option {} needs an integer from {min} to {max}, not '{value}'",
                    self.name
                )),
            },
            OptionKind::Check { .. } => match value {
                "true" | "false" => Ok(value.to_string()),
                _ => Err(format!(
                    "option {} needs true or false, not '{value}'",
                    self.name
                )),
            },
            OptionKind::Combo { values, .. } => values
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .map(|v| v.to_string())
                .ok_or_else(|| {
                    format!(
                        "option {} needs one of {}, not '{value}'",
                        self.name,
                        values.join(" ")
                    )
                }),
            OptionKind::Text { .. } => Ok(value.to_string()),
        }
    }
}

/// Option values as set by the user, looked up case-insensitively by name.
/// Values missing here take the default from the game's [`OptionSpec`].
#[derive(Clone, Debug, Default)]
pub struct Options {
    values: BTreeMap<String, String>,
}

impl Options {
    pub fn set(&mut self, name: &str, value: String) {
        self.values.insert(name.to_ascii_lowercase(), value);
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }

    /// The value of an integer option, or `default` when unset or not a number.
    pub fn int(&self, name: &str, default: i64) -> i64 {
        self.get(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }

    /// The value of a boolean option, or `default` when unset.
    pub fn flag(&self, name: &str, default: bool) -> bool {
        self.get(name).map(|v| v == "true").unwrap_or(default)
    }

    /// The value of a text/combo option, or `default` when unset.
    pub fn text<'a>(&'a self, name: &str, default: &'a str) -> &'a str {
        self.get(name).unwrap_or(default)
    }
}

/// A move chosen by a rule-following player (graded levels) instead of a plain search.
#[derive(Clone, Debug, PartialEq)]
pub enum Scripted<M> {
    /// Play this move.
    Play(M),
    /// Search, but only among these root moves (the level's remaining ties).
    SearchAmong(Vec<M>),
}

/// A move that fits the transposition table: every game packs its moves into 32 bits.
pub trait MoveBits: Copy {
    fn to_bits(self) -> u32;
    fn from_bits(bits: u32) -> Self;
}

/// Keeps the elements of `out[start..]` that satisfy `keep`, in order; `out[..start]` stays.
pub fn retain_from<M: Copy>(out: &mut Vec<M>, start: usize, keep: impl Fn(M) -> bool) {
    let mut kept = start;
    for i in start..out.len() {
        if keep(out[i]) {
            out[kept] = out[i];
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// A game's search tuning as data: one value per game (`Searchable::PARAMS`), read by the
/// searcher, which holds no tuning of its own. Margins are in the game's evaluation units.
/// Why each value is what it is: docs/journal/performance.md.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// What the quiet moves' history of cut-offs (up to ±16,384) is divided by before it is
    /// added to `order_hint`: at 1 history orders quiet moves and the hint breaks ties.
    pub history_divisor: i32,
    /// What the noisy moves' capture history is divided by before it is added to their hint.
    pub capture_history_divisor: i32,
    /// The quiet-move history worth one ply less of late move reduction.
    pub history_per_ply: i32,
    /// The first aspiration window's half-width around the last score (tripled on each
    /// failure), from `aspiration_depth` on; shallower iterations search the full window.
    pub aspiration_width: i32,
    pub aspiration_depth: i32,
    /// Reverse futility: a node whose static score beats beta by this much per ply of depth
    /// left, up to the depth, is taken to fail high without a search.
    pub reverse_futility_margin: i32,
    pub reverse_futility_depth: i32,
    /// Razoring: a node this far below alpha (plus the per-depth² term), up to the depth, is
    /// left to quiescence.
    pub razor_base: i32,
    pub razor_per_depth2: i32,
    pub razor_depth: i32,
    /// Null move: each step of this much static surplus over beta reduces the pass one ply
    /// more (at most three).
    pub null_move_surplus: i32,
    /// Futility: a quiet move at a reduced depth up to the depth whose static score plus the
    /// margin cannot reach alpha is skipped.
    pub futility_base: i32,
    pub futility_per_depth: i32,
    pub futility_depth: i32,
    /// Late move pruning: up to this depth only the first quiet moves are tried
    /// (`search/selectivity.rs`, `late_move_limit`): chess engines' counts, times one for
    /// each `late_move_span` moves of the node (0: the counts alone, whatever the moves).
    pub late_move_depth: i32,
    pub late_move_span: usize,
    /// Late move reductions grow as ln(depth)·ln(move number) divided by this.
    pub reduction_divisor: f64,
    /// Exchange pruning up to the depth: a capture that loses more than its margin per ply of
    /// depth, or a quiet move that loses more than its margin per reduced depth², is skipped.
    pub exchange_capture_margin: i32,
    pub exchange_quiet_margin: i32,
    pub exchange_depth: i32,
    /// Singular extensions from this depth on; the table move is singular when every other
    /// move fails low against its stored score less the margin per ply of depth.
    pub singular_depth: i32,
    pub singular_margin: i32,
    /// Quiescence's delta pruning: what a quiet position may still gain beyond a capture's
    /// exchange value; a capture whose value plus this cannot reach alpha is skipped.
    pub delta_margin: i32,
    /// Whether a node's pruning (reverse futility, razoring, the null move) takes the table's
    /// stored score in place of the static one where its bound lies beyond it.
    pub table_refines_eval: bool,
    /// Whether a node in check is searched a ply deeper.
    pub check_extension: bool,
    /// The history bonus of a cut-off (and the malus of the moves tried before it) at depth
    /// d: 0 for d² up to 400, else this much per ply less half of it, up to 1,700 (chess
    /// engines' linear bonus, which lets history move the reductions).
    pub history_bonus_slope: i32,
    /// Extra plies of late move reduction for quiet moves where the table move is noisy: a
    /// capture was best before, and a quiet move will seldom beat it.
    pub noisy_table_move_reduction: i32,
    /// History pruning: a quiet move whose history is below minus this much per ply of the
    /// node's depth is skipped where its reduced depth is at most `history_prune_depth` (0:
    /// never). A move that kept failing after others cut off will seldom do better here.
    pub history_prune_per_ply: i32,
    /// The deepest reduced depth at which history pruning applies.
    pub history_prune_depth: i32,
    /// Whether each thread keeps its static scores by position hash (1 MiB). Worth it where
    /// an evaluation costs more than a read from beyond the processor's nearest caches; a
    /// game whose evaluation is a few running sums computes it faster than it finds it.
    pub cache_evaluations: bool,
    /// Whether each search thread keeps its correction history (`correction_key`) for the
    /// player's next search of the game, until the table is cleared (a new game): what the
    /// static score misjudges in one position of a game, it misjudges in the next.
    pub keep_correction: bool,
    /// From this depth on (0: never) a node also searches the best, by ordering, of the moves
    /// the game leaves out (`Searchable::left_out_moves`): `wide_per_ply` for each ply of
    /// depth from `wide_depth` on (at `wide_depth` itself, `wide_per_ply`).
    pub wide_depth: i32,
    pub wide_per_ply: i32,
}

impl SearchParams {
    /// Chess engines' values on a centipawn-like scale, which every game uses today.
    pub const DEFAULT: SearchParams = SearchParams {
        history_divisor: 1,
        capture_history_divisor: 4,
        history_per_ply: 8192,
        aspiration_width: 40,
        aspiration_depth: 5,
        reverse_futility_margin: 90,
        reverse_futility_depth: 7,
        razor_base: 300,
        razor_per_depth2: 250,
        razor_depth: 3,
        null_move_surplus: 200,
        futility_base: 100,
        futility_per_depth: 100,
        futility_depth: 6,
        late_move_depth: 8,
        late_move_span: 32,
        reduction_divisor: 2.25,
        exchange_capture_margin: 100,
        exchange_quiet_margin: 40,
        exchange_depth: 6,
        singular_depth: 7,
        singular_margin: 2,
        delta_margin: 200,
        table_refines_eval: false,
        check_extension: true,
        history_bonus_slope: 0,
        noisy_table_move_reduction: 0,
        history_prune_per_ply: 0,
        history_prune_depth: 3,
        cache_evaluations: true,
        keep_correction: false,
        wide_depth: 0,
        wide_per_ply: 0,
    };

    /// The history bonus of a cut-off at `depth` (see `history_bonus_slope`).
    pub fn history_bonus(&self, depth: i32) -> i32 {
        match self.history_bonus_slope {
            0 => (depth * depth).min(400),
            slope => (slope * depth - slope / 2).clamp(1, 1_700),
        }
    }
}

#[cfg(test)]
mod search_params_tests {
    use super::SearchParams;

    #[test]
    fn the_history_bonus_is_squared_by_default_and_linear_with_a_slope() {
        let square = SearchParams::DEFAULT;
        assert_eq!(
            [1, 5, 20, 40].map(|d| square.history_bonus(d)),
            [1, 25, 400, 400]
        );
        let linear = SearchParams {
            history_bonus_slope: 170,
            ..SearchParams::DEFAULT
        };
        assert_eq!(
            [0, 1, 5, 10, 11].map(|d| linear.history_bonus(d)),
            [1, 85, 765, 1_615, 1_700]
        );
    }
}

/// A game's rules: what the referee, perft, the protocol's `position`/`place`/`legal` and
/// every player need. Two players, perfect information.
pub trait Rules: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + Hash + Debug + Send + Sync + MoveBits + 'static;

    /// Options this game adds to the handshake (`setoption name <N> value <V>`).
    fn options() -> Vec<OptionSpec> {
        Vec::new()
    }

    /// The start position of the game registered under `variant`, with the user's options.
    fn start(variant: &str, opts: &Options) -> Result<Self, String>;

    /// A position from the game's position text (what follows `position fen`).
    fn from_fen(variant: &str, text: &str, opts: &Options) -> Result<Self, String>;

    /// The position text `from_fen` reads back.
    fn to_fen(&self) -> String;

    fn side_to_move(&self) -> Side;

    /// Every legal move, exactly (perft and `legal` rely on it). Appends to `out`.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Tests only: the legal moves by a slow reference, the pseudo-legal moves filtered by the
    /// rules as written (a king or General not left attacked, a move's shape checked square by
    /// square), for the property tests to compare with `legal_moves`. `None` where the game
    /// has no second way to tell.
    #[cfg(test)]
    fn reference_moves(&self) -> Option<Vec<Self::Move>> {
        None
    }

    /// Tests only: the text of a crowded position of `variant` drawn from `rng` (many pieces,
    /// facing material, every board size), for the test that bounds the nodes of a search at a
    /// fixed depth. The rules may refuse it (a side in check, a five for both...): the test
    /// draws again.
    #[cfg(test)]
    fn crowded_fen(variant: &str, rng: &mut crate::rng::Rng) -> String;

    /// Plays a legal move.
    fn play(&mut self, mv: Self::Move);

    /// A result decided without looking at the moves (five in a row, turn limit, no pieces...).
    fn outcome(&self) -> Option<Outcome>;

    /// The result when the side to move has no legal move (mate, stalemate, no-move loss).
    fn outcome_without_moves(&self) -> Outcome;

    /// Zobrist hash of everything that decides the future of the game.
    fn hash(&self) -> u64;

    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    fn format_move(&self, mv: Self::Move) -> String;
}

/// What the searcher needs beyond the rules: the evaluation, the moves worth searching and
/// how to order and prune them, and the game's search tuning as data (`PARAMS`). The
/// searcher is generic over this trait and never names a game.
pub trait Searchable: Rules {
    /// The game's search tuning (see [`SearchParams`]).
    const PARAMS: SearchParams = SearchParams::DEFAULT;

    /// What a player brings to its searches besides the position, kept by the player from
    /// search to search and passed to every search: its evaluation weights, its model of the
    /// game and that model's caches (Advance's levels). `()` where players differ only in
    /// their limits.
    type Policy: Default + Send + Sync;

    /// The policy the options select.
    fn policy(_opts: &Options) -> Self::Policy {
        Self::Policy::default()
    }

    /// Static evaluation from the side to move's point of view, well inside `±WIN_BOUND`.
    fn evaluate(&self, policy: &Self::Policy) -> i32;

    /// The moves worth searching; a subset of the legal moves that is never empty when
    /// a legal move exists. Defaults to all of them.
    fn search_moves(&self, _policy: &Self::Policy, out: &mut Vec<Self::Move>) {
        self.legal_moves(out)
    }

    /// The moves worth searching at the root of a search (the position `as_search_root`
    /// made), by default `search_moves`. One game: Gomoku keeps more quiet points there,
    /// where a point left out is never seen at all.
    fn root_moves(&self, policy: &Self::Policy, out: &mut Vec<Self::Move>) {
        self.search_moves(policy, out)
    }

    /// Moves `search_moves` (`root_moves` if `root`) leaves out that may still save the side
    /// to move: the searcher tries them where every move searched loses, so that a loss it
    /// reports holds over all the moves that matter. Appends to `out`; by default none. One
    /// game: Gomoku, which caps its quiet points at the best few by its own point patterns.
    fn left_out_moves(&self, _root: bool, _out: &mut Vec<Self::Move>) {}

    /// The moves quiescence searches where the side to move is not in check: the noisy ones
    /// among `search_moves`. Appends to `out`. A game may generate them directly, faster.
    fn noisy_moves(&self, policy: &Self::Policy, out: &mut Vec<Self::Move>) {
        let start = out.len();
        self.search_moves(policy, out);
        retain_from(out, start, |m| self.is_noisy(m));
    }

    /// Moves the quiescence search keeps looking at (captures, promotions...).
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// A cheap guess of how good a move is, for move ordering (higher first): captures by
    /// victim value, promotions, threats. Defaults to no preference. For a noisy move, about
    /// 16 times the material it wins in evaluation units: the searcher adds its capture
    /// history (a few pawns' worth at most, in those units) to reorder captures of like
    /// value, and on a smaller scale that history would decide alone.
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// The hash the position will have after `mv`, where the game can tell it without
    /// playing the move: the searcher then asks for the child's table slot while it copies
    /// the position and plays the move, so the slot is in the cache when the child reads it.
    /// `None` (the default): no such request.
    fn hash_after(&self, _mv: Self::Move) -> Option<u64> {
        None
    }

    /// A key of what the evaluation misjudges alike wherever it recurs, for the searcher's
    /// correction history (which learns from searched scores how far the static score errs
    /// for each key). Chess14 keys its pawn structure, Gomoku the stones around the last one.
    /// `None` (the default): the static score is used as it is.
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// The static exchange value of a move, in evaluation units: what the mover nets on the
    /// target square if both sides keep recapturing there with their least valuable piece
    /// while it pays (a quiet move to a square the opponent wins is negative). Under forward
    /// pruning the searcher skips losing captures and captures that cannot lift the score to
    /// alpha in quiescence, orders losing captures last and prunes them near the leaves.
    /// `None` (the default): the game cannot tell, and no move is pruned or demoted for it.
    fn exchange(&self, _mv: Self::Move) -> Option<i32> {
        None
    }

    /// Whether the searcher may prune and reduce by the static evaluation and the exchange
    /// value: reverse futility, razoring, futility, late move and exchange pruning, internal
    /// iterative reduction, late move reductions from the depth × move-number table instead
    /// of a plain three-step one. Every game does; `false` leaves null moves only. A player's
    /// choice: Advance's level 8 searches its model of a graded game without.
    fn forward_pruning(_policy: &Self::Policy) -> bool {
        true
    }

    /// The position as the root of a search, which a game may mark, by default itself. One
    /// game: Advance's level 8 predicts its first plies below the root exactly.
    fn as_search_root(&self, _policy: &Self::Policy) -> Self {
        self.clone()
    }

    /// Passes the turn for null-move pruning, if the game allows it in this position
    /// (`false`: the state is unchanged and the searcher does not prune).
    fn play_null(&mut self) -> bool {
        false
    }

    /// Whether the side to move picks among its search moves at random, so that the searcher
    /// takes the average of their values instead of the best. One game: Advance's level 8,
    /// whose opponent is level 7, random among its ties.
    fn chance_node(&self, _policy: &Self::Policy) -> bool {
        false
    }

    /// A win the side to move can force, found by a narrow proof of the game's own in at most
    /// `budget` of its steps: `line` receives the moves to the win, both sides' (its length is
    /// the win's distance in plies). `false` when none is found, which proves nothing. One
    /// game: Gomoku's continuous fours, which the general search finds only far deeper.
    fn proven_win(&self, _budget: u32, _line: &mut Vec<Self::Move>) -> bool {
        false
    }

    /// Whether the position is no place to stand pat: the side to move must answer a direct
    /// attack (a king or General attacked, an enemy four), or has no move at all (Sixes, where
    /// that loses). The searcher extends such nodes and quiescence lists every move there, so
    /// that an empty list scores as `outcome_without_moves` instead of by the evaluation.
    fn in_check(&self, _policy: &Self::Policy) -> bool {
        false
    }
}

/// One weight of an evaluation that is a weighted sum of counts, for `tabula tune`: its name,
/// its value in use, and the size of a fitting step for it (0: held where it is).
#[derive(Clone, Debug, PartialEq)]
pub struct Weight {
    pub name: String,
    pub value: i32,
    pub step: f64,
}

/// A game whose static evaluation, in the positions it calls settled, moves by each weight's
/// count times the weight's change: what `tabula tune` fits to played games.
pub trait Tunable: Searchable {
    /// The weights in use, in the order `weight_counts` indexes them.
    fn weights() -> Vec<Weight>;

    /// The nonzero counts of the weights here, as (index, count), seen from the first
    /// player's side: the evaluation from that side moves by count × change of the weight
    /// (a count may be a fraction: a term counted in 64ths, say).
    fn weight_counts(&self, out: &mut Vec<(usize, f64)>);

    /// Whether the static evaluation is a fair sample of the game here: nothing is about to
    /// be won or taken that it cannot see (the tuner skips the other positions).
    fn settled(&self) -> bool;

    /// The game's weights file rewritten with `values` (in `weights` order), where the game
    /// keeps its weights as one (Gomoku); `None` where they live beside code (Chess14).
    fn weights_source(_values: &[i32]) -> Option<String> {
        None
    }
}

/// What the engine's driver needs to show a game to people and run its extras, apart from
/// the search: the board and side names as text, other position sources, game commands and
/// rule-following players.
pub trait Hosted: Rules {
    /// A position from another source named by the protocol's `position <kind> <arg>`
    /// (e.g. a layout file). Games without such sources refuse every kind.
    fn load(_variant: &str, kind: &str, _arg: &str, _opts: &Options) -> Result<Self, String> {
        Err(format!("this game has no position source '{kind}'"))
    }

    /// The board as text lines for `view`.
    fn view(&self) -> Vec<String>;

    /// How `who` names a side.
    fn side_name(&self, side: Side) -> String;

    /// How `history` prints the moves so far (space-separated unless the game says otherwise).
    fn history_line(&self, moves: &[String]) -> String {
        moves.join(" ")
    }

    /// A rule-following player selected by the options (graded levels), or `None` to search.
    fn scripted_move(&self, _opts: &Options, _seed: u64) -> Option<Scripted<Self::Move>> {
        None
    }

    /// Commands only this game understands (`name` and its arguments); `None` if unknown.
    /// `forfeit` says whether a player ended the game (the session's `resign`, `timeout`): one
    /// game reads it, Chess14, whose `state` reports the game's end as its source's tool does.
    fn command(
        &self,
        _name: &str,
        _args: &[&str],
        _forfeit: Option<Forfeit>,
    ) -> Option<Result<Vec<String>, String>> {
        None
    }
}

/// A game the engine hosts whole: rules, search and presentation. Implemented for every type
/// with the three; the registry, the driver and the front-ends ask for this one.
pub trait Game: Searchable + Hosted {}

impl<G: Searchable + Hosted> Game for G {}

/// The result of the game at `g`, looking at both kinds of ending.
pub fn result<G: Rules>(g: &G) -> Option<Outcome> {
    if let Some(o) = g.outcome() {
        return Some(o);
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    if moves.is_empty() {
        Some(g.outcome_without_moves())
    } else {
        None
    }
}

/// Counts the legal move sequences of exactly `depth` plies; finished games add nothing.
pub fn perft<G: Rules>(g: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if g.outcome().is_some() {
        return 0;
    }
    let mut moves = Vec::with_capacity(64);
    g.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = g.clone();
            child.play(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Tests only: `height` rows of `width` cells from `cell`, top first, joined by `/`, with the
/// empty cells (`.`) written as runs of digits where `runs` is set.
#[cfg(test)]
pub fn crowded_rows(
    width: usize,
    height: usize,
    runs: bool,
    mut cell: impl FnMut(usize, usize) -> char,
) -> String {
    let rows: Vec<String> = (0..height)
        .map(|r| {
            let row: String = (0..width).map(|c| cell(r, c)).collect();
            if !runs {
                return row;
            }
            let mut out = String::new();
            let mut empty = 0;
            for ch in row.chars().chain(std::iter::once('|')) {
                if ch == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                if ch != '|' {
                    out.push(ch);
                }
            }
            out
        })
        .collect();
    rows.join("/")
}
