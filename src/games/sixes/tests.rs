//! Whole-game tests: perft tables, rule cases on built positions, hash properties.
//!
//! Every count below was confirmed by an independent route: a separate plain-Python Sixes
//! (2D lists, square-by-square neighbour checks, whole-board removal scans; not committed)
//! written from the rules page, which gives the same numbers. The same script showed that the
//! built positions depend on their rule: with the mover's pieces removed first, or without the
//! no-return rule, its counts differ.

use super::text::parse_fen;
use super::*;
use crate::game::{self, Outcome, Rules as _, Searchable as _, Side, perft, result};
use proptest::prelude::*;

fn rules(capture: Capture, limit: u16, counts: LimitCounts) -> Rules {
    Rules {
        capture,
        limit,
        counts,
    }
}

fn pos(fen: &str, rules: Rules) -> Sixes {
    parse_fen(fen, rules).unwrap()
}

fn mv(text: &str) -> Move {
    text::parse_move(text).unwrap()
}

const START: &str = "XX..OO/XX..OO/....../....../OO..XX/OO..XX X";

#[test]
fn perft_from_the_start() {
    let start = Sixes::start(Rules::default());
    let counts: Vec<u64> = (1..=5).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [16, 256, 4448, 76488, 1401872]);
    let edges = Sixes::start(rules(Capture::Edges, 0, LimitCounts::PerPlayer));
    let counts: Vec<u64> = (1..=5).map(|d| perft(&edges, d)).collect();
    assert_eq!(counts, [16, 256, 4448, 76504, 1402392]);
}

/// (name, rules, position, perft from depth 1).
type Case = (&'static str, Rules, &'static str, &'static [u64]);

fn perft_cases() -> Vec<Case> {
    use Capture::*;
    use LimitCounts::*;
    vec![
        // X's last move was the jump a3c3 (b3 is still there to jump back over); O's e3e2.
        (
            "no_return",
            rules(Interior, 0, PerPlayer),
            "....../..O.../..X.../...X../.O..../O....X X a3c3 e3e2 3 3",
            &[9, 80, 734, 6165, 57405],
        ),
        (
            "jumps",
            rules(Interior, 0, PerPlayer),
            "..X.../.XOX../XO.OX./.OXO../..O.../...... X",
            &[18, 314, 5167, 89313],
        ),
        // d1d3 jumps into a square O surrounds, but first removes O's d4: it survives.
        (
            "removal_order",
            rules(Interior, 0, PerPlayer),
            "O....X/..X.../..OX../XO.OX./..OX../X....O X",
            &[21, 387, 7763, 130471],
        ),
        (
            "removal_order_o",
            rules(Interior, 0, PerPlayer),
            "O....X/..X.../..OX../XO.OX./..OX../X....O O",
            &[19, 393, 6668, 133613],
        ),
        (
            "edges_option",
            rules(Edges, 0, PerPlayer),
            "XO..OX/O....O/..X.../...O../X....X/OX..O. O - - 0 0",
            &[17, 236, 4200, 52900],
        ),
        (
            "edges_under_interior",
            rules(Interior, 0, PerPlayer),
            "XO..OX/O....O/..X.../...O../X....X/OX..O. O - - 0 0",
            &[17, 258, 4372, 64484],
        ),
        (
            "limit_per_player",
            rules(Interior, 0, PerPlayer),
            "XX..OO/XX..OO/....../....../OO..XX/OO..XX X - - 8 8 10",
            &[16, 256, 4448, 76488, 0],
        ),
        (
            "limit_per_player_o",
            rules(Interior, 0, PerPlayer),
            "XX..OO/X...OO/.X..../....../OO..XX/OO..XX O b2c2 - 9 8 10",
            &[16, 271, 4684, 0],
        ),
        (
            "limit_single",
            rules(Interior, 0, Single),
            "XX..OO/XX..OO/....../....../OO..XX/OO..XX X - - 3 3 9",
            &[16, 256, 4448, 0],
        ),
        (
            "start_limit_2",
            rules(Interior, 2, PerPlayer),
            START,
            &[16, 256, 4448, 76488, 0],
        ),
        (
            "no_pieces",
            rules(Interior, 0, PerPlayer),
            "....../..X.../.XOX../....../..X.../...... X",
            &[14, 51, 746, 2068],
        ),
        (
            "no_moves",
            rules(Interior, 0, PerPlayer),
            "X.O.../OO..../O...../.....O/.....O/...OOX O",
            &[18, 29, 568, 1550],
        ),
    ]
}

#[test]
fn perft_from_built_positions() {
    for (name, rules, fen, expected) in perft_cases() {
        let p = pos(fen, rules);
        let counts: Vec<u64> = (1..=expected.len() as u32).map(|d| perft(&p, d)).collect();
        assert_eq!(counts, expected, "{name}");
    }
}

/// Games ended within `depth` plies, each counted once where it ends: [X wins, O wins, draws].
fn endings(p: &Sixes, depth: u32, tally: &mut [u64; 3]) {
    match result(p) {
        Some(Outcome::Win(Side::P1)) => tally[0] += 1,
        Some(Outcome::Win(Side::P2)) => tally[1] += 1,
        Some(Outcome::Draw) => tally[2] += 1,
        None if depth > 0 => {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            for m in moves {
                let mut child = *p;
                child.play(m);
                endings(&child, depth - 1, tally);
            }
        }
        None => {}
    }
}

#[test]
fn results_and_tie_breaks_match_the_reference() {
    let expected: [(&str, [u64; 3]); 5] = [
        ("limit_per_player_o", [1451, 2286, 947]),
        ("limit_single", [3280, 672, 496]),
        ("start_limit_2", [30468, 30516, 15504]),
        ("no_pieces", [1, 0, 0]),
        ("no_moves", [0, 2, 0]),
    ];
    let cases = perft_cases();
    for (name, want) in expected {
        let (_, rules, fen, _) = cases.iter().find(|c| c.0 == name).unwrap();
        let mut tally = [0; 3];
        endings(&pos(fen, *rules), 4, &mut tally);
        assert_eq!(tally, want, "{name}");
    }
}

#[test]
fn no_return_bars_only_the_way_back_and_only_once() {
    let mut p = pos(START, Rules::default());
    p.play(mv("b2c2"));
    p.play(mv("b5c5"));
    assert!(p.check(mv("c2b2")).unwrap_err().contains("no-return"));
    assert!(p.check(mv("c2c3")).is_ok());
    // Another move lifts the bar.
    p.play(mv("a2a3"));
    p.play(mv("c5c4"));
    assert!(p.check(mv("c2b2")).is_ok());
    // O's own bar is about O's last move only.
    assert!(p.check(mv("c4c5")).is_err(), "X cannot move O's piece");
    p.play(mv("a3a4"));
    assert!(p.check(mv("c4c5")).unwrap_err().contains("no-return"));
    assert!(p.check(mv("c4d4")).is_ok());
}

#[test]
fn a_jump_back_is_barred_too() {
    let p = pos(
        "....../..O.../..X.../...X../.O..../O....X X a3c3 e3e2 3 3",
        Rules::default(),
    );
    assert!(p.check(mv("c3a3")).unwrap_err().contains("no-return"));
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert!(!moves.contains(&mv("c3a3")));
}

#[test]
fn removal_takes_the_opponent_first_then_the_mover() {
    let fen = "O....X/..X.../..OX../XO.OX./..OX../X....O X";
    let mut p = pos(fen, Rules::default());
    p.play(mv("d1d3"));
    let d3 = geometry::Square::parse("d3").unwrap().bit();
    let d4 = geometry::Square::parse("d4").unwrap().bit();
    assert_eq!(p.pieces(Side::P2) & d4, 0, "O's d4 is surrounded and goes");
    assert_ne!(p.pieces(Side::P1) & d3, 0, "X's d3 is no longer surrounded");
    // Jumping into a surround that takes nothing loses the piece.
    let open = pos(
        "....../....../..O.../XO..../..O.../...... X",
        Rules::default(),
    );
    assert_eq!(open.removals(mv("d1d3")), (0, 0), "d4 is empty");
    let mut p = pos(
        "....../....../..O.../XO.O../..O.../...... X",
        Rules::default(),
    );
    assert_eq!(p.removals(mv("d1d3")), (0, d3));
    p.play(mv("d1d3"));
    assert_eq!(p.pieces(Side::P1), 0);
    assert_eq!(p.ending(), Some(Ending::NoPieces(Side::P1)));
}

#[test]
fn edge_pieces_fall_only_under_the_edges_option() {
    let fen = "X.O.../O...../....../....../....../...... O";
    for (capture, gone) in [(Capture::Interior, false), (Capture::Edges, true)] {
        let mut p = pos(fen, rules(capture, 0, LimitCounts::PerPlayer));
        p.play(mv("a3a2"));
        assert_eq!(p.pieces(Side::P1) == 0, gone, "{capture:?}");
    }
}

#[test]
fn the_limit_ends_with_pieces_then_moves_then_a_draw() {
    let limit = |fen: &str| pos(fen, Rules::default()).ending();
    // One piece more wins.
    let e = limit("X..X../....../....../....../....../.....O X - - 5 5 5").unwrap();
    assert_eq!(e.outcome(), Outcome::Win(Side::P1));
    // Equal pieces: O's corner piece has 2 moves, X's has 3.
    let e = limit("....../...X../....../....../....../.....O X - - 5 5 5").unwrap();
    assert_eq!(
        e,
        Ending::Limit {
            pieces: [1, 1],
            moves: [4, 2]
        }
    );
    assert_eq!(e.outcome(), Outcome::Win(Side::P1));
    // Mirror images: a draw. A barred move is not a possible move.
    let e = limit("X...../....../....../....../....../.....O X - - 5 5 5").unwrap();
    assert_eq!(e.outcome(), Outcome::Draw);
    let e = limit("X...../....../....../....../....../.....O X a2a1 - 5 5 5").unwrap();
    assert_eq!(
        e,
        Ending::Limit {
            pieces: [1, 1],
            moves: [1, 2]
        }
    );
    assert_eq!(e.outcome(), Outcome::Win(Side::P2));
    assert_eq!(
        limit("X...../....../....../....../....../.....O X - - 4 5 5"),
        None
    );
}

#[test]
fn no_legal_move_loses() {
    let mut p = pos(
        "X.O.../OO..../O...../.....O/.....O/...OOX O",
        Rules::default(),
    );
    p.play(mv("b2a2"));
    assert_eq!(p.ending(), None);
    assert_eq!(result(&p), Some(Outcome::Win(Side::P2)));
}

#[test]
fn a_side_without_a_move_is_in_check_for_the_searcher() {
    // O's last piece on a1 can still step to a2; once X fills a2 it has no move.
    let mut p = pos(
        "O.X.../XX..../X...../.....X/.....X/...XXX O",
        Rules::default(),
    );
    assert!(!p.in_check(&()));
    p.play(mv("a1a2"));
    assert!(!p.in_check(&()), "X has moves");
    let mut blocked = pos(
        "O.X.../XX..../X...../.....X/.....X/...XXX X",
        Rules::default(),
    );
    blocked.play(mv("b2a2"));
    assert!(blocked.in_check(&()));
    assert!(!Sixes::start(Rules::default()).in_check(&()));
}

#[test]
fn options_reach_the_position() {
    let mut opts = crate::game::Options::default();
    opts.set("Capture", "edges".into());
    opts.set("TurnLimit", "12".into());
    let p = <Sixes as game::Rules>::start("sixes", &opts).unwrap();
    assert_eq!(p.rules(), rules(Capture::Edges, 12, LimitCounts::PerPlayer));
    let q = Sixes::from_fen("sixes", &p.to_fen(), &opts).unwrap();
    assert_eq!(p, q);
    opts.set("Capture", "sideways".into());
    assert!(
        <Sixes as game::Rules>::start("sixes", &opts)
            .unwrap_err()
            .contains("Capture")
    );
}

#[test]
fn parse_move_says_why_a_move_is_illegal() {
    let p = pos(START, Rules::default());
    assert_eq!(p.parse_move("b2c2"), Ok(mv("b2c2")));
    assert!(
        p.parse_move("b5c5")
            .unwrap_err()
            .contains("no piece of yours at b5")
    );
    assert!(p.parse_move("a1a2").unwrap_err().contains("a2 is occupied"));
    assert_eq!(
        p.parse_move("a1a3"),
        Ok(mv("a1a3")),
        "a jump over an own piece"
    );
    assert!(p.parse_move("b2d4").unwrap_err().contains("neither a step"));
    assert!(p.parse_move("x").unwrap_err().contains("not a move"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Along random games: the incremental hash equals the hash from scratch, the position
    /// text reads back to the same position, and counting moves agrees with listing them.
    #[test]
    fn play_keeps_every_invariant(
        choices in proptest::collection::vec(any::<u16>(), 1..120),
        edges in any::<bool>(),
        limit in 0u16..40,
        single in any::<bool>(),
    ) {
        let capture = if edges { Capture::Edges } else { Capture::Interior };
        let counts = if single { LimitCounts::Single } else { LimitCounts::PerPlayer };
        let rules = rules(capture, limit, counts);
        let mut p = Sixes::start(rules);
        let mut moves = Vec::new();
        for c in choices {
            if result(&p).is_some() {
                break;
            }
            moves.clear();
            p.legal_moves(&mut moves);
            prop_assert_eq!(moves.len() as u32, p.mobility(p.side_to_move()));
            let m = moves[c as usize % moves.len()];
            prop_assert!(p.check(m).is_ok());
            p.play(m);
            prop_assert_eq!(p.hash(), p.hash_from_scratch());
            prop_assert_eq!(parse_fen(&p.to_fen(), rules).unwrap(), p);
        }
    }

    /// On random boards (pieces already surrounded included), quiescence's moves are exactly
    /// the legal moves that remove an enemy piece.
    #[test]
    fn removing_moves_are_the_legal_moves_that_remove(
        x in any::<u64>(),
        o in any::<u64>(),
        density in 1u32..4,
        edges in any::<bool>(),
        o_to_move in any::<bool>(),
    ) {
        use super::geometry::FULL;
        // Sparse boards (density 1: an eighth of the squares taken) to dense ones (3: half).
        let thin = |bits: u64| {
            let mask = |turn: u32, dense: bool| if dense { FULL } else { bits.rotate_left(turn) };
            bits & mask(17, density > 1) & mask(29, density > 2)
        };
        let x = thin(x) & FULL;
        let o = thin(o) & FULL & !x;
        prop_assume!(x | o != 0);
        let capture = if edges { Capture::Edges } else { Capture::Interior };
        let side = if o_to_move { Side::P2 } else { Side::P1 };
        let p = Sixes::from_parts([x, o], side, [None; 2], [0; 2], rules(capture, 0, LimitCounts::PerPlayer)).unwrap();
        let mut all = Vec::new();
        p.legal_moves(&mut all);
        all.retain(|&m| p.is_noisy(m));
        let mut noisy = Vec::new();
        p.noisy_moves(&(), &mut noisy);
        prop_assert_eq!(noisy, all);
    }

    /// Whatever the text, reading a position or a move answers Ok or Err and never panics;
    /// a position that reads writes back to text that reads to the same position.
    #[test]
    fn any_text_reads_without_panicking(
        text in "(([XO.]{6}/){5}[XO.]{6} [XO]( ([a-f][1-6][a-f][1-6]|-) ([a-f][1-6][a-f][1-6]|-)\
                 ( [0-9]{1,5} [0-9]{1,5}( [0-9]{1,5})?)?)?)|\\PC{0,40}"
    ) {
        if let Ok(p) = parse_fen(&text, Rules::default()) {
            prop_assert_eq!(parse_fen(&p.to_fen(), Rules::default()).unwrap(), p);
        }
        let start = Sixes::start(Rules::default());
        let _ = start.parse_move(&text);
    }
}
