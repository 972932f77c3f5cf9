//! Gomoku as a whole: move counts, incremental state against recomputation, the position
//! text and the mist's answers. (The searcher's play is tests/gomoku_search.rs.)

use super::geometry::Point;
use super::position::Gomoku;
use super::text::parse_point;
use crate::game::{Hosted, Options, Outcome, Rules, Searchable, Side, perft};
use proptest::prelude::*;

fn start(size: i64) -> Gomoku {
    Gomoku::start("gomoku", &options(size, "freestyle")).unwrap()
}

/// The values of the option `Rule`.
const RULES: [&str; 3] = ["freestyle", "exactfive", "renju"];

fn options(size: i64, rule: &str) -> Options {
    let mut opts = Options::default();
    opts.set("BoardSize", size.to_string());
    opts.set("Rule", rule.to_string());
    opts
}

fn play(pos: &mut Gomoku, moves: &str) {
    for m in moves.split_whitespace() {
        let p = pos.parse_move(m).unwrap();
        Rules::play(pos, p);
    }
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
    full.search_moves(false, &mut moves);
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
        Rules::play(&mut pos, p);
    }
    assert_eq!(
        pos.view(),
        ["B1,xx.....xx..#..xx.o...xx#....xxxxxxxxxxxxxxxxxxxxx"]
    );
    assert_eq!(pos.history_line(&history), "A1B2C3");
    assert_eq!(pos.side_name(pos.side_to_move()), "W");
    assert!(pos.parse_move("T1").is_err() && pos.parse_move("A1").is_err());
}

proptest! {
    /// Hash, shape values, fours and five points kept stone by stone equal their
    /// recomputation; the hash foretold before a move is the hash after it; the noisy moves
    /// are the five points of either colour.
    #[test]
    fn incremental_state_matches_recomputation(size in 5usize..=26, rule in 0usize..3, picks in prop::collection::vec(any::<u16>(), 0..120)) {
        let opts = options(size as i64, RULES[rule]);
        let mut pos = Gomoku::start("gomoku", &opts).unwrap();
        for pick in picks {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let fives = [Side::P1, Side::P2].map(|side| pos.five_point_rows_from_scratch(side));
            for &m in &moves {
                let five = fives.iter().any(|rows| rows[m.y as usize] >> m.x & 1 == 1);
                prop_assert_eq!(pos.is_noisy(m), five, "{:?}", m);
            }
            let mv = moves[pick as usize % moves.len()];
            let foretold = pos.hash_after(mv);
            Rules::play(&mut pos, mv);
            prop_assert_eq!(foretold, Some(pos.hash()));
            prop_assert_eq!(pos.hash(), pos.board().hash_from_scratch());
            prop_assert_eq!(pos.sums(), pos.sums_from_scratch());
            for side in [Side::P1, Side::P2] {
                prop_assert_eq!(pos.five_point_rows(side), pos.five_point_rows_from_scratch(side));
            }
            let fen = pos.to_fen();
            prop_assert_eq!(Gomoku::from_fen("gomoku", &fen, &opts).unwrap(), pos.clone());
        }
    }

    /// Search moves are legal; the points left out of them are legal too, and with them
    /// make every candidate point, or are none (a four or an open three to answer).
    #[test]
    fn search_moves_are_legal(rule in 0usize..3, picks in prop::collection::vec(any::<u16>(), 1..60)) {
        let mut pos = Gomoku::start("gomoku", &options(9, RULES[rule])).unwrap();
        for pick in picks {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            let mut searched = Vec::new();
            pos.search_moves(false, &mut searched);
            prop_assert!(!searched.is_empty());
            prop_assert!(searched.iter().all(|m| legal.contains(m)));
            let mut left = Vec::new();
            pos.left_out_moves(false, &mut left);
            prop_assert!(left.iter().all(|m| legal.contains(m) && !searched.contains(m)));
            if !left.is_empty() {
                let mut candidates = Vec::new();
                pos.candidates(&mut candidates);
                // Black's forbidden points under renju are neither.
                candidates.retain(|m| legal.contains(m));
                prop_assert_eq!(searched.len() + left.len(), candidates.len());
            }
            Rules::play(&mut pos, legal[pick as usize % legal.len()]);
        }
    }
}

/// Against an open three the search looks only at the points of its three-stone windows
/// and at the mover's own fours.
#[test]
fn an_open_three_leaves_its_defences_and_own_fours() {
    let searched = |moves: &str| {
        let mut pos = start(15);
        play(&mut pos, moves);
        let mut out = Vec::new();
        pos.search_moves(false, &mut out);
        let mut names: Vec<String> = out.iter().map(|&p| pos.format_move(p)).collect();
        names.sort();
        names
    };
    assert_eq!(searched("H8 A1 I8 A15 J8"), ["F8", "G8", "K8", "L8"]);
    // White's own three B1 C1 D1 makes a four at A1, E1 or F1.
    assert_eq!(
        searched("H8 B1 I8 C1 J8 D1 O15"),
        ["A1", "E1", "F1", "F8", "G8", "K8", "L8"]
    );
}

#[test]
fn points_pack_into_move_bits() {
    use crate::game::MoveBits;
    for text in ["A1", "Z26", "H8"] {
        let p = parse_point(text, 26).unwrap();
        assert_eq!(Point::from_bits(p.to_bits()), p);
    }
}

/// The searcher's null move: the other side moves next, the key differs, stones then
/// alternate from there, and a second pass gives back the position. An enemy four refuses it.
#[test]
fn a_pass_gives_the_turn_and_changes_the_key() {
    let mut pos = start(15);
    play(&mut pos, "H8 I9");
    let before = pos.clone();
    assert!(pos.play_null());
    assert_eq!(pos.side_to_move(), Side::P2);
    assert_ne!(Rules::hash(&pos), Rules::hash(&before));
    play(&mut pos, "J10");
    assert_eq!(
        pos.board().at(parse_point("J10", 15).unwrap()),
        Some(Side::P2)
    );
    assert_eq!(pos.side_to_move(), Side::P1);
    let mut twice = before.clone();
    assert!(twice.play_null() && twice.play_null());
    assert_eq!(twice, before);
    assert_eq!(Rules::hash(&twice), Rules::hash(&before));
    // White's four A1-D1 must be blocked: no pass.
    let mut four = start(15);
    play(&mut four, "H8 A1 H9 B1 J12 C1 M3 D1");
    assert!(!four.play_null());
}

/// The root searches more of the best quiet points than the nodes below it, the node's
/// best first, and leaves out fewer.
#[test]
fn the_root_keeps_more_quiet_points_than_the_nodes_below() {
    let mut pos = start(15);
    play(&mut pos, "H8 I9 G7 J10 H10 G9");
    let moves = |generate: fn(&Gomoku, &(), &mut Vec<Point>)| {
        let mut out = Vec::new();
        generate(&pos, &(), &mut out);
        out
    };
    let node_moves = moves(<Gomoku as Searchable>::search_moves);
    let root_moves = moves(<Gomoku as Searchable>::root_moves);
    assert_eq!((node_moves.len(), root_moves.len()), (12, 20));
    assert_eq!(node_moves[..], root_moves[..12]);
    let (mut node_left, mut root_left) = (Vec::new(), Vec::new());
    pos.left_out_moves(false, &mut node_left);
    pos.left_out_moves(true, &mut root_left);
    assert_eq!(node_left.len(), root_left.len() + 8);
}

#[test]
fn the_engine_reads_points_in_either_case_and_the_controller_in_uppercase() {
    let pos = start(15);
    assert_eq!(pos.parse_move("h8"), pos.parse_move("H8"));
    assert!(pos.parse_move("h8").is_ok());
    assert_eq!(
        pos.parse_move("8h").unwrap_err(),
        "'8h' is not a point (a column letter, then a row number, like H8)"
    );
    assert_eq!(
        pos.parse_move("p1").unwrap_err(),
        "column P is off the 15x15 board"
    );
    // The Mist controller's expected output refuses lowercase points.
    assert!(parse_point("h8", 19).is_err());
}

/// Read row by row from the top, A8..E8 is exactly five until F8 makes it six: under
/// exactly-five the position text's winner is the finished board's (nobody), not the one a
/// stone on the way made.
#[test]
fn a_five_that_a_later_stone_makes_six_wins_nothing_in_the_position_text() {
    let mut opts = Options::default();
    for (rule, winner) in [("exactfive", None), ("freestyle", Some(Side::P1))] {
        opts.set("Rule", rule.into());
        let fen = "15/15/15/15/15/15/15/XXXXXX9/OOOO11/15/15/15/15/O14/15";
        let pos = Gomoku::from_fen("gomoku", fen, &opts).unwrap();
        assert_eq!(pos.outcome(), winner.map(Outcome::Win), "{rule}");
    }
}

/// The correction history's key is the fight around the last stone: the stones within two
/// steps of it, whoever is to move, wherever the rest of the board stands.
#[test]
fn the_correction_key_is_the_square_around_the_last_stone() {
    let key = |moves: &str| {
        let mut pos = start(15);
        play(&mut pos, moves);
        pos.correction_key().unwrap()
    };
    // The same square around H8, with White's first stone far away or elsewhere far away.
    let near = key("G8 A1 I9 H9 H8");
    assert_eq!(near, key("G8 O15 I9 H9 H8"));
    // The same stones played in another order end at another last stone: another square.
    assert_ne!(near, key("H8 A1 I9 H9 G8"));
    // A pair of stones more, four steps from H8 and far away, leaves the square as it was;
    // the same pair with Black's two steps from it does not.
    assert_eq!(near, key("G8 A1 I9 H9 L8 O15 H8"));
    assert_ne!(near, key("G8 A1 I9 H9 J8 O15 H8"));
    // The side to move is part of the key.
    let mut passed = start(15);
    play(&mut passed, "G8 A1 I9 H9 H8");
    passed.pass();
    assert_ne!(passed.correction_key().unwrap(), near);
    // Before any stone there is no fight to key.
    assert_eq!(start(15).correction_key(), None);
}
