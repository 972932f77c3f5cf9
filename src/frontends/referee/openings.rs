//! Where each game pair starts: the start position, a line of an openings file, or a random
//! opening that a short search of tabula's own searcher does not find decided.

use super::config::{Config, GOMOCUP_GAME, OpeningSource};
use super::fairy;
use super::play::{game_options, rules};
use crate::engine::SearchContext;
use crate::game::Rules;
use crate::game::WIN_BOUND;
use crate::games::gomoku::Gomoku;
use crate::games::gomoku::geometry::Point;
use crate::games::gomoku::text::format_point;
use crate::rng::{self, Rng};
use crate::search::player::Player;

/// Random openings tried per pair before giving up.
const TRIES: usize = 1000;
/// Transposition table of the opening check, in MiB.
const CHECK_HASH_MIB: usize = 4;

pub enum Openings {
    StartPos,
    List(Vec<Vec<String>>),
    Random {
        plies: u32,
        depth: u32,
        balance: Option<i32>,
        seed: u64,
    },
}

impl Openings {
    /// Reads and checks the openings: every line of a file must be legal from the start position
    /// and leave the game running.
    pub fn new(cfg: &Config) -> Result<Openings, String> {
        let start = rules(cfg, &[]).map_err(|e| format!("--fen: {e}"))?;
        if cfg.engines.iter().any(|e| e.uci_variant.is_some()) {
            fairy::fen(&start.fen()).map_err(|e| format!("--uci-variant: {e}"))?;
        }
        Ok(match &cfg.openings {
            OpeningSource::StartPos => Openings::StartPos,
            OpeningSource::Random {
                plies,
                depth,
                balance,
            } => Openings::Random {
                plies: *plies,
                depth: *depth,
                balance: *balance,
                seed: cfg.seed,
            },
            OpeningSource::File(path) => {
                let text = crate::files::read_text(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let list =
                    parse_lines(cfg, &text).map_err(|e| format!("{}: {e}", path.display()))?;
                Openings::List(list)
            }
        })
    }

    /// The opening of game pair `pair`; openings from a file are used in order and repeat when
    /// the pairs outnumber them; random ones depend only on the seed and the pair.
    /// `checker` is made on first use, for random openings only.
    pub fn for_pair(
        &self,
        cfg: &Config,
        pair: usize,
        checker: &mut Option<Checker>,
    ) -> Result<Vec<String>, String> {
        match self {
            Openings::StartPos => Ok(Vec::new()),
            Openings::List(list) => Ok(list[pair % list.len()].clone()),
            Openings::Random {
                plies,
                depth,
                balance,
                seed,
            } => {
                let check = match checker {
                    Some(c) => c,
                    None => checker.insert(Checker::new()?),
                };
                let mut rng = Rng::new(seed ^ (pair as u64 + 1).wrapping_mul(rng::GOLDEN));
                for _ in 0..TRIES {
                    if let Some(moves) = random_opening(cfg, *plies, &mut rng)?
                        && check.undecided(cfg, &moves, *depth, *balance)?
                    {
                        return Ok(moves);
                    }
                }
                Err(format!(
                    "no undecided opening of {plies} random plies in {TRIES} tries"
                ))
            }
        }
    }
}

/// One opening per line, moves separated by blanks; blank lines and `#` comments are skipped.
/// In Gomoku a line with commas is in the Gomocup and c-gomoku-cli format instead (see
/// [`offset_moves`]).
fn parse_lines(cfg: &Config, text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut list = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves: Vec<String> = if line.contains(',') && cfg.game.id == GOMOCUP_GAME {
            offset_moves(cfg, line).map_err(|e| format!("line {}: {e}", n + 1))?
        } else {
            line.split_whitespace().map(String::from).collect()
        };
        let game = rules(cfg, &moves).map_err(|e| format!("line {}: {e}", n + 1))?;
        if game.outcome().is_none() {
            list.push(moves);
        } else {
            return Err(format!(
                "line {}: the game is over after this opening",
                n + 1
            ));
        }
    }
    if list.is_empty() {
        return Err("no openings in the file".into());
    }
    Ok(list)
}

/// A Gomoku opening written as Gomocup's and c-gomoku-cli's opening files write them: the
/// points as `x,y` offsets from the centre (`size / 2` rounded down, `y` growing downwards as
/// in the Gomocup protocol), Black's first, separated by `, ` or blanks: `0,0, 1,1, -1,2`.
/// Returns the moves in the engine's notation (`H8 I7 G6` on 15x15).
fn offset_moves(cfg: &Config, line: &str) -> Result<Vec<String>, String> {
    let size = Gomoku::start("gomoku", &game_options(cfg))?.board().size();
    let numbers = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<i64>().map_err(|_| {
                format!("'{t}' is not a number: an offset opening is x,y pairs from the centre, e.g. 0,0, 1,1, -1,2")
            })
        })
        .collect::<Result<Vec<i64>, String>>()?;
    if numbers.len() % 2 != 0 {
        return Err(format!(
            "{} numbers: an offset opening is x,y pairs from the centre, e.g. 0,0, 1,1, -1,2",
            numbers.len()
        ));
    }
    let half = (size / 2) as i64;
    numbers
        .chunks(2)
        .map(|pair| {
            let (x, y) = (pair[0] + half, pair[1] + half);
            let on = |v: i64| (0..size as i64).contains(&v);
            if on(x) && on(y) {
                Ok(format_point(Point::new(x as usize, size - 1 - y as usize)))
            } else {
                Err(format!(
                    "{},{} is off the {size}x{size} board (offsets from the centre run from {} to {})",
                    pair[0],
                    pair[1],
                    -half,
                    size as i64 - 1 - half
                ))
            }
        })
        .collect()
}

/// `plies` random legal moves from the start position; `None` if the game ended on the way.
fn random_opening(cfg: &Config, plies: u32, rng: &mut Rng) -> Result<Option<Vec<String>>, String> {
    let mut game = rules(cfg, &[])?;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mut choices = game.legal();
        if choices.is_empty() {
            return Ok(None);
        }
        let mv = choices.swap_remove(rng.below(choices.len()));
        game.place(&mv)?;
        moves.push(mv);
    }
    Ok(game.outcome().is_none().then_some(moves))
}

/// The searcher that judges random openings: one thread, a small table of its own.
pub struct Checker {
    player: Player,
}

impl Checker {
    pub fn new() -> Result<Checker, String> {
        let player =
            Player::new(1, CHECK_HASH_MIB).map_err(|e| format!("the opening checker: {e}"))?;
        Ok(Checker { player })
    }

    /// Whether a search to `depth` (0: no search) finds neither side winning by force and,
    /// with `balance`, scores the position within ±`balance`.
    fn undecided(
        &self,
        cfg: &Config,
        moves: &[String],
        depth: u32,
        balance: Option<i32>,
    ) -> Result<bool, String> {
        if depth == 0 {
            return Ok(true);
        }
        let game = rules(cfg, moves)?;
        let ctx = SearchContext::plain(self.player.clone());
        Ok(balanced(game.score(depth, ctx), balance))
    }
}

/// Whether a search score (`None`: the driver has no opinion) leaves an opening open: no
/// forced win for either side and, with `balance`, no more than that for either.
fn balanced(score: Option<i32>, balance: Option<i32>) -> bool {
    score.is_none_or(|s| s.abs() < WIN_BOUND && balance.is_none_or(|b| s.abs() <= b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_and_lopsided_scores_are_turned_down() {
        assert!(balanced(Some(0), None));
        assert!(balanced(None, Some(10)));
        assert!(balanced(Some(WIN_BOUND - 1), None));
        assert!(!balanced(Some(WIN_BOUND), None));
        assert!(!balanced(Some(-WIN_BOUND - 5), None));
        assert!(balanced(Some(-50), Some(50)));
        assert!(!balanced(Some(51), Some(50)));
        assert!(!balanced(Some(-51), Some(50)));
    }
}
