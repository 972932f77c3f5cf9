//! Gomoku as a whole: move counts, incremental state against recomputation, the position
//! text, the mist's answers, and the searcher's play (wins at once, blocks at once, beats a
//! random player).

use super::board::Point;
use super::position::Gomoku;
use super::text::{format_point, parse_point};
use crate::game::{Game, Options, Outcome, Side, perft};
use crate::search::limits::Limits;
use crate::search::thinker::Thinker;
use proptest::prelude::*;

fn start(size: i64) -> Gomoku {
    let mut opts = Options::default();
    opts.set("BoardSize", size.to_string());
    Gomoku::start("gomoku", &opts).unwrap()
}

fn play(pos: &mut Gomoku, moves: &str) {
    for m in moves.split_whitespace() {
        let p = pos.parse_move(m).unwrap();
        Game::play(pos, p);
    }
}

/// The searcher's choice at a fixed depth.
fn best(pos: &Gomoku, depth: u32) -> Point {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    Thinker::new(1, 8)
        .unwrap()
        .think(pos, limits, None)
        .best
        .unwrap()
}

/// Every ordered pair of distinct points: 225 * 224 (no game ends in two stones). On 5x5,
/// three stones cannot make five either: 25 * 24 * 23.
#[test]
fn perft_counts_on_empty_boards() {
    assert_eq!(perft(&start(15), 1), 225);
    assert_eq!(perft(&start(15), 2), 50_400);
    assert_eq!(perft(&start(5), 3), 13_800);
}

/// Black has A1..D1 on 5x5 and White A2..D2 after eight stones: Black's E1 ends the game, so
/// of the 17 Black moves, 16 leave 16 White moves, one of them (E2) a win, and E1 leaves none.
/// Counted by hand from the rule "a finished game adds nothing".
#[test]
fn perft_stops_at_five() {
    let mut pos = start(5);
    play(&mut pos, "A1 A2 B1 B2 C1 C2 D1 D2");
    assert_eq!(perft(&pos, 1), 17);
    assert_eq!(perft(&pos, 2), 16 * 16);
}

#[test]
fn five_or_more_wins_and_a_full_board_draws() {
    let mut pos = start(15);
    play(&mut pos, "A1 A2 B1 B2 C1 C2 E1 E2 F1 F2");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "D1");
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::P1)));
    assert_eq!(crate::game::result(&pos), Some(Outcome::Win(Side::P1)));

    // 5x5 filled without five for either colour.
    let full = Gomoku::from_fen(
        "gomoku",
        "XXOOX/OOXXO/XXOOX/OOXXO/XXOOX",
        &Options::default(),
    )
    .unwrap();
    assert_eq!(full.outcome(), None);
    assert_eq!(crate::game::result(&full), Some(Outcome::Draw));
    let mut moves = Vec::new();
    full.search_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn the_position_text_reads_back() {
    let mut pos = start(15);
    play(&mut pos, "H8 I9 J10 A15 O1 O15");
    let fen = pos.to_fen();
    assert_eq!(
        fen,
        "O13O/15/15/15/15/9X5/8O6/7X7/15/15/15/15/15/15/14X O15"
    );
    let back = Gomoku::from_fen("gomoku", &fen, &Options::default()).unwrap();
    assert_eq!(back, pos);
    for bad in [
        "",
        "5/5/5/5",
        "6/5/5/5/5",
        "XX3/5/5/5/5",
        "Y4/5/5/5/5",
        "5/5/5/5/5 A9",
        "5/5/5/5/5 A1",
    ] {
        assert!(
            Gomoku::from_fen("gomoku", bad, &Options::default()).is_err(),
            "{bad:?}"
        );
    }
    assert!(
        Gomoku::from_fen(
            "mist",
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15",
            &Options::default()
        )
        .is_err()
    );
}

#[test]
fn the_mist_answers_as_its_controller() {
    let mut pos = Gomoku::start("mist", &Options::default()).unwrap();
    assert_eq!(pos.view(), [format!("J10,{}", ".".repeat(49))]);
    let mut history = Vec::new();
    for m in ["A1", "B2", "C3"] {
        let p = pos.parse_move(m).unwrap();
        history.push(pos.format_move(p));
        Game::play(&mut pos, p);
    }
    assert_eq!(
        pos.view(),
        ["B1,xx.....xx..#..xx.o...xx#....xxxxxxxxxxxxxxxxxxxxx"]
    );
    assert_eq!(pos.history_line(&history), "A1B2C3");
    assert_eq!(pos.side_name(pos.side_to_move()), "W");
    assert!(pos.parse_move("T1").is_err() && pos.parse_move("A1").is_err());
}

/// Positions with a four for the side to move (open, closed, broken) and for the enemy.
const WIN_IN_ONE: &[(&str, &[&str])] = &[
    ("H8 A1 I8 A2 J8 A3 K8 B5", &["G8", "L8"]),
    ("H8 G8 I8 A2 J8 A3 K8 B5", &["L8"]),
    ("H8 A1 I8 A2 K8 A3 L8 B5", &["J8"]),
    ("D4 A15 E5 B15 F6 O1 G7 O3", &["C3", "H8"]),
    ("A1 H8 O15 H9 A15 H10 O1 H11 C3", &["H7", "H12"]),
];

#[test]
fn a_win_in_one_is_taken() {
    for (moves, wins) in WIN_IN_ONE {
        let mut pos = start(15);
        play(&mut pos, moves);
        for depth in [1, 3] {
            let mv = format_point(best(&pos, depth));
            assert!(
                wins.contains(&mv.as_str()),
                "{moves}: played {mv} at depth {depth}"
            );
        }
    }
}

#[test]
fn a_loss_in_one_is_blocked() {
    // White to move; Black has a closed four, a broken four, a diagonal four.
    for (moves, block) in [
        ("H8 G8 I8 A2 J8 A3 K8", "L8"),
        ("H8 A1 I8 A2 K8 A3 L8", "J8"),
        ("D4 C3 E5 B15 F6 O1 G7", "H8"),
        ("H5 A1 H6 A2 H7 O15 H9", "H8"),
    ] {
        let mut pos = start(15);
        play(&mut pos, moves);
        for depth in [1, 2, 4] {
            assert_eq!(
                format_point(best(&pos, depth)),
                block,
                "{moves} at depth {depth}"
            );
        }
    }
}

/// A player that picks uniformly among the points near stones (xorshift, seeded).
fn random_move(pos: &Gomoku, seed: &mut u64) -> Point {
    let mut moves = Vec::new();
    pos.candidates(&mut moves);
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    moves[(*seed % moves.len() as u64) as usize]
}

#[test]
fn beats_a_random_player_every_time() {
    for game in 0..10u64 {
        let engine = if game % 2 == 0 { Side::P1 } else { Side::P2 };
        let mut seed = 0x9E37_79B9_7F4A_7C15 ^ game;
        let mut pos = start(15);
        while crate::game::result(&pos).is_none() {
            let mv = if pos.side_to_move() == engine {
                best(&pos, 3)
            } else {
                random_move(&pos, &mut seed)
            };
            Game::play(&mut pos, mv);
        }
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Win(engine)),
            "game {game}: {}",
            pos.to_fen()
        );
    }
}

proptest! {
    /// Hash, shape values and fours kept stone by stone equal their recomputation.
    #[test]
    fn incremental_state_matches_recomputation(size in 5usize..=26, picks in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut pos = start(size as i64);
        for pick in picks {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            Game::play(&mut pos, moves[pick as usize % moves.len()]);
            prop_assert_eq!(pos.hash(), pos.board().hash_from_scratch());
            prop_assert_eq!(pos.sums(), pos.sums_from_scratch());
            let fen = pos.to_fen();
            prop_assert_eq!(Gomoku::from_fen("gomoku", &fen, &Options::default()).unwrap(), pos.clone());
        }
    }

    /// Search moves are legal, and with a four on the board they are exactly the answers.
    #[test]
    fn search_moves_are_legal(picks in prop::collection::vec(any::<u16>(), 1..60)) {
        let mut pos = start(9);
        for pick in picks {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            let mut searched = Vec::new();
            pos.search_moves(&mut searched);
            prop_assert!(!searched.is_empty());
            prop_assert!(searched.iter().all(|m| legal.contains(m)));
            Game::play(&mut pos, legal[pick as usize % legal.len()]);
        }
    }
}

#[test]
fn points_pack_into_move_bits() {
    use crate::game::MoveBits;
    for text in ["A1", "Z26", "H8"] {
        let p = parse_point(text, 26).unwrap();
        assert_eq!(Point::from_bits(p.to_bits()), p);
    }
}
