//! Level 8's model of a graded game (`Model`, the player's policy for its searches), and
//! the position as the searcher sees it (`Advance`: the rules' `Position` and its marks).
//!
//! Every player of a graded game obeys levels 5 and 6, so level 8 searches only the moves
//! those rules allow (`rule_bound_moves`); below its root, and wherever the opponent must
//! gain material, it predicts the opponent's moves by level 7's rules exactly
//! (`Cache::predicted_moves`). `max` searches every legal move. Both evaluate with their own
//! weights.

use super::eval::{self, Weights};
use super::levels::{self, Level};
use super::movegen::Move;
use super::position::Position;
use super::tables::ZOBRIST;
use crate::game::{Options, Side};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Level 8's search root counts this many plies of exact prediction (`Model::at_root`)
/// so that the opponent's answer to each root move is one level 7 would play
/// (`Cache::predicted_moves`); deeper plies follow the cheaper model of `rule_bound_moves`,
/// except where the opponent must gain material (`Model::predicts_level_7`). Predicting our
/// reply as well lost more games at equal nodes (7 of 70 against 4 of 100), and predicting
/// two more plies made the search 4x slower.
const PREDICTED_PLIES: u8 = 2;

/// What a searching player brings to its searches (the game's `Searchable::Policy`): its
/// evaluation weights and, at level 8, the model of a graded game with its cache. Kept by
/// the player from search to search, shared by the search's threads.
#[derive(Debug)]
pub struct Model {
    /// Shared by every position of a player's searches, on all their threads. The lock is
    /// taken once per rule-bound node (`must_gain`): measured against a cache per thread,
    /// level 8's time per move did not change on one thread or two.
    cache: Mutex<Cache>,
    /// Level 8: the searcher only follows moves the level rules allow (`rule_bound_moves`).
    rule_bound: bool,
    /// The evaluation's weights.
    weights: Weights,
}

/// `max` with the default weights.
impl Default for Model {
    fn default() -> Model {
        Model::of_level(Level::Max)
    }
}

impl Model {
    /// The model `level` searches with: level 8 follows only the moves the level rules
    /// allow, `max` every legal move, each with its own evaluation weights.
    pub fn of_level(level: Level) -> Model {
        let rule_bound = level == Level::Graded(8);
        Model {
            cache: Default::default(),
            rule_bound,
            weights: if rule_bound {
                Weights::level_8()
            } else {
                Weights::default()
            },
        }
    }

    /// The model the options say: the level and the evaluation's weights.
    pub fn of_options(opts: &Options) -> Model {
        let model = Model::of_level(Level::of_options(opts));
        Model {
            weights: model.weights.with_options(opts),
            ..model
        }
    }

    /// The marks of a search root in `pos`: level 8 predicts the first plies below it by
    /// level 7's rules exactly, and its opponent's forced gains deeper down.
    pub fn at_root(&self, pos: &Position) -> Marks {
        Marks {
            predicted_plies: if self.rule_bound { PREDICTED_PLIES } else { 0 },
            predicted_side: self.rule_bound.then(|| pos.side_to_move().other()),
        }
    }

    /// Whether the searcher may prune by the evaluation and the exchange value of moves:
    /// `max` only. Level 8 searches a model of the graded game (forced gains, averaged
    /// replies) whose results against level 7 were measured without such pruning.
    pub fn prunes(&self) -> bool {
        !self.rule_bound
    }

    /// Whether the side to move at `at` is the opponent played as level 7, random among its
    /// ties: one ply below the root, and deeper wherever it must gain material. There its
    /// ties are few and cheap to find, and they decide the trades that the worst case over
    /// every best gain (`rule_bound_moves`) misjudged (against level 7, seeds 1-6: 11
    /// against 18 of 600 games not won). The searcher averages over such a node's moves.
    pub fn predicts_level_7(&self, at: &Advance) -> bool {
        let (pos, marks) = (&at.position, &at.marks);
        marks.predicted_side == Some(pos.side_to_move())
            && match marks.predicted_plies {
                0 => self.cache().must_gain(pos, pos.in_check()),
                plies => plies == PREDICTED_PLIES - 1,
            }
    }

    /// The moves the searcher follows at `at`, appended to `out`.
    pub fn search_moves(&self, at: &Advance, out: &mut Vec<Move>) {
        let pos = &at.position;
        if at.marks.predicted_plies > 0 || self.predicts_level_7(at) {
            self.cache().predicted_moves(pos, out)
        } else if self.rule_bound {
            rule_bound_moves(pos, out)
        } else {
            pos.legal_moves(out)
        }
    }

    /// The noisy ones among `search_moves` where no prediction applies (quiescence),
    /// straight from the noisy-move generator.
    pub fn noisy_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.rule_bound {
            rule_bound_noisy_moves(pos, out)
        } else {
            pos.noisy_moves(out)
        }
    }

    /// Whether `pos` is no quiet position: its General is in danger, or, in level 8's model,
    /// a forced capture stops the side from standing pat.
    pub fn in_check(&self, pos: &Position) -> bool {
        let danger = pos.in_check();
        danger || (self.rule_bound && self.cache().must_gain(pos, danger))
    }

    pub fn evaluate(&self, pos: &Position) -> i32 {
        eval::evaluate(pos, &self.weights)
    }

    /// The cache, also after a panic elsewhere: it only holds finished results.
    fn cache(&self) -> MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Level 8's marks on a position of its search: how many plies of exact prediction are
/// left and whom it predicts. Set on the root (`Model::at_root`), counted down by every
/// move; unmarked outside a level-8 search. They key the table apart (`Marks::hash`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The plies left of the exact prediction below the search root (`PREDICTED_PLIES`).
    predicted_plies: u8,
    /// The side level 8 predicts as level 7 (its opponent at the search root).
    predicted_side: Option<Side>,
}

impl Marks {
    /// Counts a move (or a null move) down the exact prediction.
    pub fn after_move(&mut self) {
        self.predicted_plies = self.predicted_plies.saturating_sub(1);
    }

    /// The position's hash, apart in level 8's search: it searches a different game tree,
    /// so its table entries are kept apart.
    pub fn hash(&self, pos: &Position) -> u64 {
        let z = &ZOBRIST;
        let Some(side) = self.predicted_side else {
            return pos.hash();
        };
        let mut key = pos.hash() ^ z.rule_bound;
        if self.predicted_plies > 0 {
            key ^= z.predicted;
        }
        if side == Side::P2 {
            key ^= z.black_predicted;
        }
        key
    }
}

/// A position as the searcher sees it: the rules' position and, in a level-8 search, its
/// marks. This is the type registered as the game (game.rs); the player is `Model`.
#[derive(Clone, Copy, Debug)]
pub struct Advance {
    pub position: Position,
    pub marks: Marks,
}

impl Advance {
    /// An unmarked position, as outside a search.
    pub fn new(position: Position) -> Advance {
        Advance {
            position,
            marks: Marks::default(),
        }
    }
}

/// Whether `mv` wins at once by leaving the enemy General in danger and without a legal
/// move. Level 8's model looks for no other wins at once among the moves level 6 would not
/// play: the rest (an enemy without a move but not in danger, the turn limit) are rare, and
/// testing every move for them cost a third of the search's speed and more than it won
/// (measured: 84-86 against 91 of 100 games against level 7).
fn mates(pos: &Position, mv: Move, scratch: &mut Vec<Move>) -> bool {
    let mut child = *pos;
    child.play(mv);
    child.in_check() && !child.has_legal_move(scratch)
}

/// Level 8's search model: every player in a graded game obeys levels 5 and 6 (a move that
/// wins at once if there is one, else one with the largest material delta), so the search
/// follows only those moves, for both sides. Appends them to `out`. Where no move gains
/// material every move is kept; where some do, so is a smaller gain or quiet move that
/// mates (`mates`).
pub fn rule_bound_moves(pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    pos.pseudo_moves(out);
    keep_rule_bound(pos, start, out);
}

/// The noisy moves among `rule_bound_moves`, generated directly (what quiescence follows):
/// every gain is noisy, so the best delta among them is the best of all moves.
fn rule_bound_noisy_moves(pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    pos.pseudo_noisy_moves(out);
    keep_rule_bound(pos, start, out);
}

/// Keeps the pseudo-legal moves of `out[start..]` that level 8's model follows.
fn keep_rule_bound(pos: &Position, start: usize, out: &mut Vec<Move>) {
    let danger = pos.in_check();
    // Only gains need the legality test to find the best delta.
    let best = out[start..]
        .iter()
        .filter(|&&m| pos.material_delta(m) > 0 && pos.is_legal(m, danger))
        .map(|&m| pos.material_delta(m))
        .max()
        .unwrap_or(0);
    let end = out.len();
    let mut kept = start;
    for i in start..end {
        let mv = out[i];
        // The end of `out` is the scratch room of the win test.
        let keep = pos.is_legal(mv, danger)
            && (best == 0 || pos.material_delta(mv) == best || mates(pos, mv, out));
        if keep {
            out[kept] = mv;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// What the model keeps between the positions of its searches: the predictions it has made
/// and room for its tests, so that neither is computed or allocated again per position.
#[derive(Default)]
pub struct Cache {
    /// Level 7's ties by position (the raw hash, which counts the plies too).
    predicted: HashMap<u64, Vec<Move>>,
    /// Room for `must_gain`.
    scratch: Vec<Move>,
}

impl Cache {
    /// Level 8's model where it predicts level 7 exactly (near its root, and the opponent's
    /// forced gains deeper down): level 7's own ties (`levels::ties(pos, 7)`), appended to
    /// `out`. They cost a prediction each, so the cache keeps those it has computed:
    /// iterative deepening meets the same positions again and again.
    pub fn predicted_moves(&mut self, pos: &Position, out: &mut Vec<Move>) {
        /// Enough for the predicted positions of many searches; the map is emptied when full.
        const KEEP: usize = 1 << 16;
        if let Some(moves) = self.predicted.get(&pos.hash()) {
            out.extend_from_slice(moves);
            return;
        }
        if self.predicted.len() >= KEEP {
            self.predicted.clear();
        }
        let moves = levels::ties(pos, 7);
        out.extend_from_slice(&moves);
        self.predicted.insert(pos.hash(), moves);
    }

    /// Whether the side to move has a legal move that gains material, which level 6 then
    /// forces it to play: in level 8's model such a position is not quiet. `danger` is
    /// `pos.in_check()`.
    pub fn must_gain(&mut self, pos: &Position, danger: bool) -> bool {
        self.scratch.clear();
        pos.any_legal(&mut self.scratch, true, danger, |m| {
            pos.material_delta(m) > 0
        })
    }
}

/// Not the thousands of predictions, only how many there are.
impl fmt::Debug for Cache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cache({} predictions)", self.predicted.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rules, Searchable};

    fn opts(level: &str) -> Options {
        let mut o = Options::default();
        o.set(levels::LEVEL_OPTION, level.to_string());
        o
    }

    fn texts(pos: &Position, moves: &[Move]) -> Vec<String> {
        let mut t: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
        t.sort();
        t
    }

    #[test]
    fn the_search_model_keeps_level_5_and_6_moves() {
        let model = |fen: &str| {
            let pos = Position::from_fen(fen).unwrap();
            let mut moves = vec![];
            rule_bound_moves(&pos, &mut moves);
            texts(&pos, &moves)
        };
        // Nothing to gain: every move stays.
        assert_eq!(model(&Position::start().to_fen()).len(), 43);
        // Only the best capture (the seed's level-6 example).
        let capture = "d.bz..cmj/Dj.#...b#/m.z.g.zs./......#z#/.....Z#.Z/.#..S...#/..Z.zZ.../...BZ..Z./M.CSMG.J. w";
        assert_eq!(model(capture), ["a1a7"]);
        // The best capture and the quiet Catapult step that mates the walled-in General
        // (shot from two squares across and two up); the Builder's capture, which also wins
        // at once but leaves Black out of moves without danger, is not looked for.
        let mate = "g#......./##......./........./..C....../....z..../....B..../........./.......##/....GC.#d w";
        let pos = Position::from_fen(mate).unwrap();
        assert_eq!(texts(&pos, &levels::ties(&pos, 5)), ["c6c7", "e4e5"]);
        assert_eq!(model(mate), ["c6c7", "f1i1"]);
        // Without the Catapult (the level-5 example of levels.rs) only the best capture.
        let no_mate = "g#......./##......./........./........./....z..../....B..../........./.......##/....GC.#d w";
        assert_eq!(model(no_mate), ["f1i1"]);
    }

    proptest::proptest! {
        /// The fast model agrees with its definition on positions from random games.
        #[test]
        fn the_search_model_matches_its_definition(choices in proptest::collection::vec(proptest::prelude::any::<u16>(), 1..150)) {
            let mut pos = Position::start();
            let mut cache = Cache::default();
            for c in choices {
                let mut legal = vec![];
                pos.legal_moves(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let best = legal.iter().map(|&m| pos.material_delta(m)).max().unwrap();
                let mates = |m: Move| {
                    let mut child = pos;
                    child.play(m);
                    let mut replies = vec![];
                    child.legal_moves(&mut replies);
                    child.in_check() && replies.is_empty()
                };
                let expected: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| best == 0 || pos.material_delta(m) == best || mates(m))
                    .collect();
                let mut model = vec![];
                rule_bound_moves(&pos, &mut model);
                proptest::prop_assert_eq!(&model, &expected);
                proptest::prop_assert_eq!(cache.must_gain(&pos, pos.in_check()), best > 0);
                pos.play(legal[c as usize % legal.len()]);
            }
        }
    }

    #[test]
    fn level_8_searches_the_rule_bound_game() {
        // The level-6 seed example: only the Miner's capture gains material.
        let fen = "d.bz..cmj/Dj.#...b#/m.z.g.zs./......#z#/.....Z#.Z/.#..S...#/..Z.zZ.../...BZ..Z./M.CSMG.J. w";
        let pos = Advance::from_fen("advance", fen, &Options::default()).unwrap();
        let (free, bound) = (
            Model::of_options(&opts("max")),
            Model::of_options(&opts("8")),
        );
        let (mut a, mut b) = (vec![], vec![]);
        pos.search_moves(&free, &mut a);
        pos.search_moves(&bound, &mut b);
        assert!(a.len() > 1);
        assert_eq!(b.len(), 1);
        // A forced gain is no quiet position for level 8, and the two models' searches never
        // share table entries.
        assert!(!pos.in_check(&free) && pos.in_check(&bound));
        assert_eq!(pos.as_search_root(&free).hash(), pos.hash());
        assert_ne!(pos.as_search_root(&bound).hash(), pos.hash());
    }

    #[test]
    fn level_8_predicts_the_answers_to_its_root_moves_by_level_7() {
        let level_8 = Model::of_options(&opts("8"));
        let start = Advance::start("advance", &Options::default()).unwrap();
        let root = start.as_search_root(&level_8);
        let mut moves = vec![];
        root.legal_moves(&mut moves);
        for &mv in moves.iter().take(8) {
            let mut answer = root;
            answer.play(mv);
            let mut searched = vec![];
            answer.search_moves(&level_8, &mut searched);
            assert_eq!(searched, levels::ties(&answer.position, 7));
            let mut again = vec![];
            answer.search_moves(&level_8, &mut again);
            assert_eq!(again, searched, "the kept prediction");
            // Our reply follows the looser model again, under its own table entries.
            let mut reply = answer;
            reply.play(searched[0]);
            let (mut model, mut bound) = (vec![], vec![]);
            reply.search_moves(&level_8, &mut model);
            rule_bound_moves(&reply.position, &mut bound);
            assert_eq!(model, bound);
            let unpredicted = Marks {
                predicted_plies: 0,
                ..answer.marks
            };
            assert_ne!(answer.hash(), unpredicted.hash(&answer.position));
        }
        // Only level 8 predicts.
        let free = Model::of_options(&opts("max"));
        assert_eq!(start.as_search_root(&free).marks, Marks::default());
    }

    #[test]
    fn deeper_down_level_8_averages_over_the_opponents_forced_gains() {
        // Black's Zombie can take the Dragon: level 7 must gain, so three plies below a
        // search root of White's, level 8 averages over level 7's ties there.
        let gain = Position::from_fen("4g4/9/9/9/4z4/3D5/9/9/4G4 b").unwrap();
        let level_8 = Model::of_level(Level::Graded(8));
        let deep = |position: Position, level_7: Side| Advance {
            position,
            marks: Marks {
                predicted_plies: 0,
                predicted_side: Some(level_7),
            },
        };
        let mut moves = vec![];
        deep(gain, Side::P2).search_moves(&level_8, &mut moves);
        assert!(deep(gain, Side::P2).chance_node(&level_8));
        assert_eq!(moves, levels::ties(&gain, 7));
        // Level 8's own forced gains and the opponent's quiet positions keep the looser model.
        let quiet = Position::from_fen("4g4/9/9/9/4z4/9/3D5/9/4G4 b").unwrap();
        for pos in [deep(gain, Side::P1), deep(quiet, Side::P2)] {
            let (mut model, mut bound) = (vec![], vec![]);
            pos.search_moves(&level_8, &mut model);
            rule_bound_moves(&pos.position, &mut bound);
            assert!(!pos.chance_node(&level_8));
            assert_eq!(model, bound);
        }
        assert_ne!(deep(gain, Side::P1).hash(), deep(gain, Side::P2).hash());
    }

    #[test]
    fn the_weights_follow_the_level_and_the_options() {
        let weights = |o: &Options| Model::of_options(o).weights;
        // Level 8 keeps the weights it was measured with unless told otherwise.
        assert_ne!(weights(&opts("8")), weights(&opts("max")));
        assert_eq!(weights(&opts("8")), Weights::level_8());
        let mut tuned = opts("8");
        tuned.set("WeightGeneralRoom", "9".to_string());
        assert_eq!(weights(&tuned), weights(&opts("max")));
    }
}
