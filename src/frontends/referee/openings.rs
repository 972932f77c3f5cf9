//! Where each game pair starts: the start position, a line of an openings file, or a random
//! opening that a short search of tabula's own searcher does not find decided.

use super::config::{Config, GOMOCUP_GAME, OpeningSource};
use super::fairy;
use super::play::{Opening, game_options, rules, rules_from};
use crate::engine::SearchContext;
use crate::game::Rules;
use crate::game::WIN_BOUND;
use crate::games::chess14::swap_case;
use crate::games::gomoku::Gomoku;
use crate::games::gomoku::geometry::Point;
use crate::games::gomoku::text::format_point;
use crate::protocol::Source;
use crate::rng::{self, Rng};
use crate::search::player::Player;

/// Random openings tried per pair before giving up.
const TRIES: usize = 1000;
/// Transposition table of the opening check, in MiB.
const CHECK_HASH_MIB: usize = 4;

pub enum Openings {
    StartPos,
    List(Vec<Opening>),
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
    ) -> Result<Opening, String> {
        match self {
            Openings::StartPos => Ok(Opening::moves(cfg, Vec::new())),
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
                        return Ok(Opening::moves(cfg, moves));
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
/// [`offset_moves`]); in Chess14 a line with a `/` is a position, FEN or EPD (see
/// [`chess_position`]).
fn parse_lines(cfg: &Config, text: &str) -> Result<Vec<Opening>, String> {
    let mut list = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", n + 1);
        let opening = if line.contains('/') && cfg.game.id == fairy::GAME {
            let (text, standard) = chess_position(line).map_err(at)?;
            let start = Source::Fen(text);
            let game = rules_from(cfg, &start, &[]).map_err(|e| match standard {
                true => at(format!("{e} (read as a standard FEN: White in uppercase)")),
                false => at(e),
            })?;
            if cfg.engines.iter().any(|e| e.uci_variant.is_some()) {
                fairy::fen(&game.fen()).map_err(|e| at(format!("--uci-variant: {e}")))?;
            }
            // Every field written out, as the save file and the engines get it.
            Opening {
                start: Source::Fen(game.fen()),
                moves: Vec::new(),
            }
        } else if line.contains(',') && cfg.game.id == GOMOCUP_GAME {
            Opening::moves(cfg, offset_moves(cfg, line).map_err(at)?)
        } else if let Some(points) = pos_points(line)
            && cfg.game.id == GOMOCUP_GAME
        {
            Opening::moves(cfg, pos_moves(cfg, &points).map_err(at)?)
        } else {
            Opening::moves(cfg, line.split_whitespace().map(String::from).collect())
        };
        let game = rules_from(cfg, &opening.start, &opening.moves).map_err(at)?;
        if game.outcome().is_some() {
            return Err(at("the game is over after this opening".into()));
        }
        list.push(opening);
    }
    if list.is_empty() {
        return Err("no openings in the file".into());
    }
    Ok(list)
}

/// A Chess14 position from an openings file, as tabula's position text; `true` when it was
/// written in the standard FEN. A line of four fields or more whose third is not `up=...` is a
/// standard FEN or EPD: White in UPPERCASE, castling `KQkq` (or the rooks' file letters, as
/// X-FEN and Shredder-FEN write them) or `-`, an en passant square, then counters or EPD
/// operations (`bm ...; id ...;`), which are ignored (Chess14 has no en passant); White's pawns
/// move up. Anything else is tabula's own text, `<ranks> <w|b> [up=w|b] [castling squares]`
/// (White in lowercase).
fn chess_position(line: &str) -> Result<(String, bool), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    match fields[..] {
        [ranks, side, castling, _, ..] if !castling.starts_with("up=") => {
            if side != "w" && side != "b" {
                return Err(format!(
                    "the side to move is w or b, not '{side}' (read as a standard FEN or EPD)"
                ));
            }
            let unmoved = fairy::unmoved_squares(ranks, castling)?;
            Ok((format!("{} {side} up=w {unmoved}", swap_case(ranks)), true))
        }
        _ => Ok((fields.join(" "), false)),
    }
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

/// The points of a line in c-gomoku-cli's `pos` notation, two or more written together with
/// no blank (`b7d6e6f7h2k5`): a lowercase column letter and a row number from 1 at the top.
/// `None` for anything else; a single point (`h8`) is tabula's own notation, row 1 at the bottom.
fn pos_points(line: &str) -> Option<Vec<(usize, usize)>> {
    let mut points = Vec::new();
    let mut rest = line.as_bytes();
    while let [letter @ b'a'..=b'z', tail @ ..] = rest {
        let digits = tail.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let row: usize = std::str::from_utf8(&tail[..digits]).ok()?.parse().ok()?;
        points.push(((letter - b'a') as usize, row));
        rest = &tail[digits..];
    }
    (rest.is_empty() && points.len() >= 2).then_some(points)
}

/// c-gomoku-cli's `pos` points (column from 0, row from 1 at the top) in tabula's notation.
fn pos_moves(cfg: &Config, points: &[(usize, usize)]) -> Result<Vec<String>, String> {
    let size = Gomoku::start("gomoku", &game_options(cfg))?.board().size();
    points
        .iter()
        .map(|&(x, row)| {
            if x < size && (1..=size).contains(&row) {
                Ok(format_point(Point::new(x, size - row)))
            } else {
                Err(format!(
                    "{}{row} is off the {size}x{size} board (c-gomoku-cli's pos notation: \
                     row 1 at the top)",
                    (b'a' + x as u8) as char
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
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_line_reads_without_panicking(line in "[ -~]{0,120}", fen in "[KQRkqr1-9/ wb-]{0,80}") {
            let _ = chess_position(&line);
            let _ = chess_position(&format!("{fen} w KQkqAnH - 0 1"));
            let _ = pos_points(&line);
        }
    }

    const START: &str =
        "RNBHCGAKGCEBNR/PPPPPPPPPPPPPP/14/14/14/14/14/14/14/14/14/14/pppppppppppppp/rnbhcgakgcebnr";
    const STANDARD: &str =
        "rnbhcgakgcebnr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/PPPPPPPPPPPPPP/RNBHCGAKGCEBNR";

    #[test]
    fn standard_fens_and_epds_read_as_tabulas_text() {
        let tabula = format!("{START} w up=w a1,h1,n1,a14,h14,n14");
        for line in [
            format!("{STANDARD} w KQkq - 0 1"),
            format!("{STANDARD} w KQkq -"),
            format!("{STANDARD} w KQkq - bm h2h4; id \"start\";"),
            // X-FEN and Shredder-FEN name the rooks by their files.
            format!("{STANDARD} w NAna - 0 1"),
        ] {
            assert_eq!(chess_position(&line), Ok((tabula.clone(), true)), "{line}");
        }
        assert_eq!(
            chess_position(&format!("{STANDARD} b Kq - 0 1")),
            Ok((format!("{START} b up=w h1,n1,a14,h14"), true))
        );
        assert_eq!(
            chess_position(&format!("{STANDARD} w - -")),
            Ok((format!("{START} w up=w -"), true))
        );
        // tabula's own text goes to the rules as it is.
        for own in [
            format!("{START} w"),
            format!("{START} w a1,h1"),
            format!("{START} b up=b -"),
        ] {
            assert_eq!(chess_position(&own), Ok((own.clone(), false)));
        }
    }

    #[test]
    fn c_gomoku_clis_pos_lines_are_told_from_tabulas_points() {
        assert_eq!(pos_points("b7d6e6"), Some(vec![(1, 7), (3, 6), (4, 6)]));
        assert_eq!(pos_points("k10j10"), Some(vec![(10, 10), (9, 10)]));
        for other in ["h8", "H8I9", "h8 i9", "h8i", "h123i9", "0,0, 1,1", ""] {
            assert_eq!(pos_points(other), None, "{other}");
        }
    }

    #[test]
    fn a_bad_castling_field_or_side_is_named() {
        let err = |line: String| chess_position(&line).unwrap_err();
        let no_rook = "7k6/14/14/14/14/14/14/14/14/14/14/14/14/7K6 w K - 0 1".to_string();
        assert!(err(no_rook).contains("castling 'K' in 'K': White has no such rook"));
        let two_kings = "6kk6/14/14/14/14/14/14/14/14/14/14/14/14/7K6 w q - 0 1".to_string();
        assert!(err(two_kings).contains("Black has 2 kings, not one"));
        assert!(err(format!("{STANDARD} w KQx - 0 1")).contains("castling 'x'"));
        assert!(err(format!("{STANDARD} x KQkq - 0 1")).contains("w or b, not 'x'"));
        // A board too wide is the rules' to refuse: no arithmetic on its files here.
        let wide = format!("{}K/14 w KQ - 0 1", "R".repeat(300));
        assert!(chess_position(&wide).is_ok());
    }

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
