//! Gomoku's solver of continuous fours (VCF), through `Game::proven_win`: positions from
//! self-play with forced wins of 4 to 11 fours, each line checked move by move by the rules
//! alone, near misses that a brute-force search of the same fours confirms are not wins, and
//! defences: positions where every move but one loses to continuous fours.

use std::time::{Duration, Instant};
use tabula::game::{Options, Rules, Searchable, Side};
use tabula::games::gomoku::Gomoku;
use tabula::games::gomoku::geometry::Point;
use tabula::search::limits::Limits;
use tabula::search::player::Player;

fn position(fen: &str) -> Gomoku {
    Gomoku::from_fen("gomoku", fen, &Options::default()).unwrap()
}

/// The points where `side` would make five.
fn five_points(pos: &Gomoku, side: Side) -> Vec<Point> {
    let rows = pos.five_point_rows(side);
    (0..rows.len())
        .flat_map(|y| {
            (0..32)
                .filter(move |x| rows[y] >> x & 1 != 0)
                .map(move |x| (x, y))
        })
        .map(|(x, y)| Point::new(x, y))
        .collect()
}

/// Checks that `line` is a forced win for the side to move: before each defender move the
/// defender has no five point of its own, and the attacker has exactly one (the move must
/// block it) or two or more (nothing blocks them all); the line ends in the attacker's five.
fn check_forced_win(pos: &Gomoku, line: &[Point]) {
    let attacker = pos.side_to_move();
    let mut pos = pos.clone();
    for (i, &mv) in line.iter().enumerate() {
        if i % 2 == 1 {
            assert!(
                pos.fours(attacker.other()) == 0,
                "the defender has a five at ply {i}"
            );
            let fives = five_points(&pos, attacker);
            assert!(!fives.is_empty(), "ply {i} answers no four");
            assert!(
                fives.len() >= 2 || fives[0] == mv,
                "ply {i} is not the forced block"
            );
        }
        assert!(pos.board().at(mv).is_none(), "ply {i} is on a stone");
        Rules::play(&mut pos, mv);
    }
    assert_eq!(pos.winner(), Some(attacker), "the line ends without five");
}

/// Positions met in self-play (depth-3 searches after 6 random stones) where the side to move
/// wins by continuous fours; the solver's lines there had 9, 9, 8, 8, 7, 6, 5, 4 and 11 fours.
const WINS: &[&str] = &[
    "15/15/15/15/6OOOXO4/5O1X1X5/7XXO5/7X1X1O3/15/15/15/15/15/15/15 H11",
    "15/15/15/10O4/8O6/7OXXX4/8XX5/5OOXX6/7O7/9O5/15/15/15/15/15 I11",
    "15/15/15/15/15/10O4/9X5/7XX1XO3/6OXXXOX3/6XOOOOX3/5OO1XO5/15/15/15/15 L8",
    "15/15/15/15/15/15/4O2O7/4X1XXO6/3XXXO8/4XOO8/15/7O7/15/15/15 E9",
    "15/15/15/15/2O1XOX8/1OXX1OO8/2O3XXO6/2O3XX7/4OXXX7/4OX1O1O5/15/15/15/15/15 G10",
    "15/15/15/15/15/6O1O6/3O2OX3O3/4XOXXXO5/5X2OX5/6X8/15/15/15/15/15 D9",
    "15/15/15/9O5/8X6/5OXO7/5OO1O6/5OXX7/4XXX8/5X9/4X10/3O11/15/15/15 F7",
    "15/15/15/15/9O5/15/5O1O7/6XXX1O4/6OXOX5/7OX6/6OXXX5/10O4/15/15/15 I7",
    "15/15/7X7/7O1O5/4O2O1XXO3/5XXOXXOXX2/4XXXOOXOO3/6OXXXOOOOX/5O1OXOXOOO1/4X2XOOXXOXX/\
     3O3X1OOXXO1/9OXO1OX/7XOXX1XO1/8X4O1/7O5X1 I3",
];

#[test]
fn forced_wins_by_fours_are_found_within_a_second() {
    for fen in WINS {
        let pos = position(fen);
        let mut line = Vec::new();
        let start = Instant::now();
        assert!(pos.proven_win(1_000_000, &mut line), "{fen}: no win found");
        assert!(start.elapsed() < Duration::from_secs(1), "{fen}: too slow");
        check_forced_win(&pos, &line);
    }
}

#[test]
fn a_five_to_play_is_a_win_of_one_ply() {
    let pos = position("15/15/15/15/15/15/15/5XXXX6/5OOOO6/15/15/15/15/15/15 I8");
    let mut line = Vec::new();
    assert!(pos.proven_win(10, &mut line));
    assert_eq!(line.len(), 1);
    check_forced_win(&pos, &line);
}

/// Whether the side to move wins by at most `depth` fours, trying every empty point: the
/// slow, obviously right search the solver must agree with.
fn brute_force(pos: &Gomoku, depth: u32) -> bool {
    let attacker = pos.side_to_move();
    if pos.fours(attacker) > 0 {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.into_iter().any(|mv| {
        let mut next = pos.clone();
        Rules::play(&mut next, mv);
        if next.fours(attacker) == 0 || next.fours(attacker.other()) > 0 {
            return false;
        }
        let fives = five_points(&next, attacker);
        if fives.len() >= 2 {
            return true;
        }
        Rules::play(&mut next, fives[0]);
        brute_force(&next, depth - 1)
    })
}

/// Each near miss is a won position (two of `WINS`) with one more stone of each colour, the
/// attacker's in a far corner, the defender's where it spoils every win by fours.
const NEAR_MISSES: &[(&str, &str)] = &[
    // With G7, a forced answer of the line the solver finds without it is a four of the
    // defender's own, to be blocked by a move that is no four.
    (
        "15/15/15/15/6X8/7O2O4/7OXXO4/6OXXXO4/5X1XO1X4/5OXX3O3/5O1X7/7O7/15/15/15 F7",
        "15/15/15/15/6X8/7O2O4/7OXXO4/6OXXXO4/5XXXO1X4/5OXX3O3/5O1X7/7O7/15/15/O14 F7",
    ),
    // I9 gives the defender a four first: the attacker must block E9, which is no four.
    (
        "15/15/15/15/15/10O4/5OOO1X5/6OXX1O4/7XXOX4/6X1XX5/5O2O6/15/15/15/15 G9",
        "15/15/15/15/15/10O4/5OOOOX5/6OXX1O4/7XXOX4/6X1XX5/5O2O6/15/15/15/X14 G9",
    ),
    // E9 gives the defender an open four: nothing the attacker does stops its five.
    (
        "15/15/15/15/15/10O4/5OOO1X5/6OXX1O4/7XXOX4/6X1XX5/5O2O6/15/15/15/15 G9",
        "15/15/15/15/15/10O4/4OOOO1X5/6OXX1O4/7XXOX4/6X1XX5/5O2O6/15/15/15/X14 G9",
    ),
];

#[test]
fn near_misses_are_not_wins() {
    let mut line = Vec::new();
    for (win, miss) in NEAR_MISSES {
        let (win, miss) = (position(win), position(miss));
        assert!(
            win.proven_win(100_000, &mut line) && brute_force(&win, 3),
            "{win:?}"
        );
        assert!(!miss.proven_win(100_000, &mut line), "{}", miss.to_fen());
        assert!(!brute_force(&miss, 3), "{}", miss.to_fen());
    }
}

/// Positions from self-play where the side to move faces an open three and all its moves but
/// one (the second field) lose to continuous fours.
const DEFENCES: &[(&str, &str)] = &[
    (
        "15/15/15/8X6/7X1X5/4X3XO5/6OOXO5/5OOX7/15/15/15/15/15/15/15 I9",
        "I11",
    ),
    (
        "15/15/15/15/5O1X7/6XXOX5/6OOO6/5O1X7/6X8/15/15/15/15/15/15 H9",
        "F9",
    ),
    (
        "15/15/15/15/15/15/15/6XXOX5/4X1O1OO5/6OX1X5/6OOXX5/5O1O7/6X8/15/15 J7",
        "H7",
    ),
    (
        "15/15/15/9X5/8O6/7O7/6O8/5OOX7/4XOXX7/5X1X1X5/7O7/15/15/15/15 J12",
        "E5",
    ),
    (
        "15/15/15/15/15/9O5/5OXOO6/4XOXX1O5/6OXOXX4/6XXX6/7O7/15/15/15/15 I6",
        "J6",
    ),
];

#[test]
fn the_single_saving_point_is_searched_and_played() {
    let player = Player::new(1, 16).unwrap();
    for (fen, save) in DEFENCES {
        let pos = position(fen);
        let save = pos.parse_move(save).unwrap();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mut line = Vec::new();
        for mv in legal.into_iter().filter(|&m| m != save) {
            let mut next = pos.clone();
            Rules::play(&mut next, mv);
            assert!(next.proven_win(100_000, &mut line), "{fen}: {mv:?} holds");
            check_forced_win(&next, &line);
        }
        let mut searched = Vec::new();
        pos.search_moves(false, &mut searched);
        assert!(
            searched.contains(&save),
            "{fen}: the defence is not searched"
        );
        for depth in [2, 3, 4] {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let best = player.think(&pos, &(), limits, None).best;
            assert_eq!(best, Some(save), "{fen} at depth {depth}");
        }
    }
}
