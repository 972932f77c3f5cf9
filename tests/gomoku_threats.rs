//! Gomoku's search against threats of fours and open threes: won positions from self-play
//! where fours alone do not win, positions one stone short of a win, and defences with a
//! single saving point.

use std::time::{Duration, Instant};
use tabula::game::{Options, Rules, Searchable, WIN_BOUND};
use tabula::games::gomoku::Gomoku;
use tabula::games::gomoku::geometry::Point;
use tabula::search::limits::Limits;
use tabula::search::player::Player;

fn position(fen: &str) -> Gomoku {
    Gomoku::from_fen("gomoku", fen, &Options::default()).unwrap()
}

/// Positions met in self-play (depth-4 searches after four random stones) where the side to
/// move wins by continuous threats (fours and open threes, checked against every answer of the
/// defender by the solver of round 3) and not by fours alone; the proofs are 9 to 15 plies.
const WINS: &[&str] = &[
    "15/15/15/15/15/8X6/8XXOX3/5OO8/15/15/9O5/15/15/15/15 K9",
    "15/15/15/15/7O2X4/10O4/10X1X2/7O1OXO3/8X1X4/8OXO4/15/15/15/15/15 L8",
    "15/15/15/15/15/5X1X7/5X9/5X1O7/3XOOOOX6/7X7/5O1OX6/15/15/15/15 H6",
    "15/15/4X10/4OO9/4X1X8/4X2X7/4X1O8/4OOOX7/5OXO7/15/15/15/15/15/15 F12",
    "15/15/15/15/12X2/3O7O3/4XO4X4/5O3XX4/3XOOOOX6/5X1O7/7XX6/15/15/15/15 F6",
    "15/15/15/7O1O5/7XX6/7X7/5OXX7/5X2O6/4OO3X5/15/8O6/15/15/15/15 H12",
];

/// Won positions of `WINS` spoilt by one defender stone on a point of the proof (and an
/// attacker stone in a far corner, to keep the turn): a search of `DEPTH` plies, which finds
/// the wins of `WINS`, finds none here.
const NEAR_MISSES: &[&str] = &[
    "15/15/15/15/15/8X6/8XXOX3/5OO1O6/15/15/9O5/15/15/15/X14 K9",
    "15/15/15/15/15/8X6/8XXOX3/5OO8/7O7/15/9O5/15/15/15/X14 K9",
    "15/15/15/15/7O2X4/10O4/9OX1X2/7O1OXO3/8X1X4/8OXO4/15/15/15/15/X14 L8",
    "15/15/15/15/15/5X1X7/5X9/5X1O7/3XOOOOX6/6XX7/5O1OX6/15/15/15/O14 H6",
    "15/15/4X10/4OO9/4X1XO7/4X2X7/4X1O8/4OOOX7/5OXO7/15/15/15/15/15/X14 F12",
    "15/15/15/7O1O5/6OXX6/7X7/5OXX7/5X2O6/4OO3X5/15/8O6/15/15/15/X14 H12",
];

/// Enough plies to find each win of `WINS`: up to 8 with the evaluation fitted to Rapfi's
/// (round 14), whose pruning differs; 4 to 6 with the hand-set one before it.
const DEPTH: u32 = 8;

fn search_score(pos: &Gomoku, depth: u32) -> (i32, Option<Point>) {
    let player = Player::new(1, 16).unwrap();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let thought = player.think(pos, &(), limits, None);
    (thought.score, thought.best)
}

#[test]
fn wins_by_threats_are_found_and_near_misses_are_not() {
    let mut line = Vec::new();
    for fen in WINS {
        let pos = position(fen);
        assert!(!pos.proven_win(50_000, &mut line), "{fen}: fours alone win");
        let start = Instant::now();
        assert!(search_score(&pos, DEPTH).0 >= WIN_BOUND, "{fen}");
        assert!(start.elapsed() < Duration::from_secs(1), "{fen}: too slow");
    }
    for fen in NEAR_MISSES {
        assert!(search_score(&position(fen), DEPTH).0 < WIN_BOUND, "{fen}");
    }
}

/// Positions from self-play where the side to move faces threats and every move but one (the
/// second field) lets the enemy win by fours or threats; some of those wins need open
/// threes (the VCT solver of round 3 proved a win after every other move; the search needs
/// up to 11 plies to see some of them). A search of eight plies finds the saving point (three
/// did with the hand-set evaluation, five with the lines' fitted one; with the points' values
/// too, searches of four to seven plies take K9 in the second, which loses to threats).
/// (Four more such positions, whose saving points the search does not find, are in
/// docs/journal/performance.md.)
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
    for (fen, save) in DEFENCES {
        let pos = position(fen);
        let save = pos.parse_move(save).unwrap();
        assert_eq!(search_score(&pos, 8).1, Some(save), "{fen}");
    }
}

/// From a game against Rapfi: White (to move) blocks the four at A8, and every one of Black's
/// 12 best quiet points then loses to White's threats, but Black's E3 and E4, left out of
/// them, hold. Searching only those 12, the search claimed a win in 15 plies from depth 4,
/// stopped thinking, and lost the game; the left-out points are searched where all 12 lose.
#[test]
fn a_loss_over_the_capped_quiet_points_is_no_loss() {
    let pos = position("15/15/15/15/15/8X6/3O11/1XXXXOX8/3OOOXX7/3OOXO8/2X1OO1X7/15/15/15/15 B8");
    for depth in [4, 6, 8] {
        let (score, best) = search_score(&pos, depth);
        assert!(score < WIN_BOUND, "depth {depth}: {score}");
        assert_eq!(best.map(|p| pos.format_move(p)).as_deref(), Some("A8"));
    }
}
