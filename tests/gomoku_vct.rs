//! Gomoku's solver of continuous threats (VCT: fours and open threes), through
//! `Game::proven_win`: won positions from self-play where fours alone do not win, each proof
//! checked against every legal answer of the defender, positions one stone short of a win,
//! and a defence with a single saving point.

use std::time::{Duration, Instant};
use tabula::game::{Game, Options, Side, WIN_BOUND};
use tabula::games::gomoku::Gomoku;
use tabula::games::gomoku::geometry::Point;
use tabula::search::limits::Limits;
use tabula::search::thinker::Thinker;

fn position(fen: &str) -> Gomoku {
    Gomoku::from_fen("gomoku", fen, &Options::default()).unwrap()
}

/// Whether `attacker`, to move, wins within `plies` plies when it plays the first move of the
/// solver's proof and the defender may answer anywhere: every legal answer is tried.
fn wins_against_every_answer(pos: &Gomoku, attacker: Side, plies: u32) -> bool {
    if pos.winner().is_some() || plies == 0 {
        return pos.winner() == Some(attacker);
    }
    let mut line = Vec::new();
    if !pos.proven_win(100_000, &mut line) {
        return false;
    }
    let mut next = pos.clone();
    next.play(line[0]);
    let mut answers = Vec::new();
    next.legal_moves(&mut answers);
    answers.into_iter().all(|answer| {
        let mut after = next.clone();
        after.play(answer);
        wins_against_every_answer(&after, attacker, plies - 2)
    })
}

/// How many of the attacker's moves along `line` (from `pos`) leave it without a five point:
/// its open threes.
fn threes_in(pos: &Gomoku, line: &[Point]) -> usize {
    let attacker = pos.side_to_move();
    let mut pos = pos.clone();
    let mut threes = 0;
    for (i, &mv) in line.iter().enumerate() {
        pos.play(mv);
        threes += usize::from(i % 2 == 0 && pos.winner().is_none() && pos.fours(attacker) == 0);
    }
    threes
}

/// Positions met in self-play (depth-4 searches after four random stones) where the side to
/// move wins by threats and its proof holds open threes; the longest proofs are 9 to 15 plies.
const WINS: &[&str] = &[
    "15/15/15/15/15/8X6/8XXOX3/5OO8/15/15/9O5/15/15/15/15 K9",
    "15/15/15/15/7O2X4/10O4/10X1X2/7O1OXO3/8X1X4/8OXO4/15/15/15/15/15 L8",
    "15/15/15/15/15/5X1X7/5X9/5X1O7/3XOOOOX6/7X7/5O1OX6/15/15/15/15 H6",
    "15/15/4X10/4OO9/4X1X8/4X2X7/4X1O8/4OOOX7/5OXO7/15/15/15/15/15/15 F12",
    "15/15/15/15/12X2/3O7O3/4XO4X4/5O3XX4/3XOOOOX6/5X1O7/7XX6/15/15/15/15 F6",
    "15/15/15/7O1O5/7XX6/7X7/5OXX7/5X2O6/4OO3X5/15/8O6/15/15/15/15 H12",
];

#[test]
fn forced_wins_by_threats_hold_against_every_answer() {
    for fen in WINS {
        let pos = position(fen);
        let mut line = Vec::new();
        let start = Instant::now();
        assert!(pos.proven_win(50_000, &mut line), "{fen}: no win found");
        assert!(start.elapsed() < Duration::from_secs(1), "{fen}: too slow");
        assert!(threes_in(&pos, &line) > 0, "{fen}: fours alone win");
        assert!(
            wins_against_every_answer(&pos, pos.side_to_move(), 21),
            "{fen}: an answer holds"
        );
    }
}

/// Won positions of `WINS` spoilt by one defender stone on a point of the proof (and an
/// attacker stone in a far corner, to keep the turn): the solver must not claim a win, and a
/// full search of 5 plies, which finds the wins of `WINS`, finds none either.
const NEAR_MISSES: &[&str] = &[
    "15/15/15/15/15/8X6/8XXOX3/5OO1O6/15/15/9O5/15/15/15/X14 K9",
    "15/15/15/15/15/8X6/8XXOX3/5OO8/7O7/15/9O5/15/15/15/X14 K9",
    "15/15/15/15/7O2X4/10O4/9OX1X2/7O1OXO3/8X1X4/8OXO4/15/15/15/15/X14 L8",
    "15/15/15/15/15/5X1X7/5X9/5X1O7/3XOOOOX6/6XX7/5O1OX6/15/15/15/O14 H6",
    "15/15/4X10/4OO9/4X1XO7/4X2X7/4X1O8/4OOOX7/5OXO7/15/15/15/15/15/X14 F12",
    "15/15/15/7O1O5/6OXX6/7X7/5OXX7/5X2O6/4OO3X5/15/8O6/15/15/15/X14 H12",
];

fn search_score(pos: &Gomoku, depth: u32) -> (i32, Option<Point>) {
    let thinker = Thinker::new(1, 16).unwrap();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let thought = thinker.think(pos, limits, None);
    (thought.score, thought.best)
}

#[test]
fn near_misses_are_not_wins() {
    let mut line = Vec::new();
    for fen in WINS {
        assert!(search_score(&position(fen), 5).0 >= WIN_BOUND, "{fen}");
    }
    for fen in NEAR_MISSES {
        let pos = position(fen);
        assert!(!pos.proven_win(50_000, &mut line), "{fen}: {line:?}");
        assert!(search_score(&pos, 5).0 < WIN_BOUND, "{fen}");
    }
}

/// Positions from self-play where the side to move faces threats and every move but one (the
/// second field) lets the enemy win by fours or threats; some of those wins need open
/// threes. A search of three plies finds the saving point: the enemy's wins are proven at
/// the nodes after each wrong move. (Four more such positions met with these, whose saving
/// points the search does not find, are in docs/performance.md.)
const DEFENCES: &[(&str, &str)] = &[
    (
        "15/15/15/15/15/15/15/9O5/15/6X1XO5/7X2O4/8X6/15/15/15 I4",
        "F7",
    ),
    (
        "15/15/15/7X7/6OXX1O4/6OX1X5/7O7/15/15/15/15/15/15/15/15 I11",
        "G13",
    ),
    (
        "15/15/15/15/15/15/4O2X7/4O3X6/9X5/15/7O2X4/15/15/15/15 J7",
        "K6",
    ),
    (
        "15/15/15/15/15/15/15/6O3X4/15/3O4OOO4/4X10/5X9/6X8/5X9/15 J6",
        "H6",
    ),
];

#[test]
fn the_single_saving_point_against_threats_is_played() {
    let mut line = Vec::new();
    for (fen, save) in DEFENCES {
        let pos = position(fen);
        let save = pos.parse_move(save).unwrap();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        for mv in legal.into_iter().filter(|&m| m != save) {
            let mut next = pos.clone();
            next.play(mv);
            // A larger budget than the root's: this checks the position, not the solver's speed.
            assert!(next.proven_win(500_000, &mut line), "{fen}: {mv:?} holds");
        }
        let mut next = pos.clone();
        next.play(save);
        assert!(!next.proven_win(50_000, &mut line), "{fen}: the save loses");
        assert_eq!(search_score(&pos, 3).1, Some(save), "{fen}");
    }
}
