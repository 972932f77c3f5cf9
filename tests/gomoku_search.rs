//! The searcher playing Gomoku: it takes a win in one, blocks a loss in one, and beats a
//! player that picks at random among the points near stones.

use std::sync::atomic::AtomicBool;
use tabula::game::{Options, Outcome, Rules, Side, result};
use tabula::games::gomoku::Gomoku;
use tabula::games::gomoku::geometry::Point;
use tabula::games::gomoku::text::format_point;
use tabula::rng::Rng;
use tabula::search::limits::Limits;
use tabula::search::player::{Player, thread_pool};
use tabula::search::tt::Table;
use tabula::search::{Memory, search};

fn start(size: i64) -> Gomoku {
    let mut opts = Options::default();
    opts.set("BoardSize", size.to_string());
    Gomoku::start("gomoku", &opts).unwrap()
}

fn play(pos: &mut Gomoku, moves: &str) {
    for m in moves.split_whitespace() {
        let p = pos.parse_move(m).unwrap();
        Rules::play(pos, p);
    }
}

/// The searcher's choice at a fixed depth.
fn best(pos: &Gomoku, depth: u32) -> Point {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    Player::new(1, 8)
        .unwrap()
        .think(pos, &(), limits, None)
        .best
        .unwrap()
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

/// A player that picks uniformly among the points near stones.
fn random_move(pos: &Gomoku, rng: &mut Rng) -> Point {
    let mut moves = Vec::new();
    pos.candidates(&mut moves);
    rng.pick(&moves).expect("a point near the stones")
}

#[test]
fn beats_a_random_player_every_time() {
    for game in 0..10u64 {
        let engine = if game % 2 == 0 { Side::P1 } else { Side::P2 };
        let mut rng = Rng::new(game);
        let mut pos = start(15);
        while result(&pos).is_none() {
            let mv = if pos.side_to_move() == engine {
                best(&pos, 3)
            } else {
                random_move(&pos, &mut rng)
            };
            Rules::play(&mut pos, mv);
        }
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Win(engine)),
            "game {game}: {}",
            pos.to_fen()
        );
    }
}

/// A second search of a game starts from what the first learnt of the static score (the
/// correction history kept in the player's memory), which a new game forgets: with a new
/// table and a new thread each time, so that only the memory differs (the threat solver keeps
/// its refuted positions per thread), the same second search walks another tree after the
/// first than it does alone or once the memory is cleared.
#[test]
fn the_correction_learnt_in_one_search_carries_to_the_next_until_a_new_game() {
    let (mut first, mut second) = (start(15), start(15));
    play(&mut first, "H8 I9 I8 G8 J10");
    play(&mut second, "H8 I9 I8 G8 J10 K11 H10");
    let stop = AtomicBool::new(false);
    // One search thread searches on the calling thread: each search gets a thread of its own.
    let nodes = |pos: &Gomoku, memory: &Memory| {
        std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    let pool = thread_pool(1).unwrap();
                    let request = Player::new(1, 8).unwrap().request(Limits {
                        depth: Some(9),
                        ..Limits::default()
                    });
                    let table = Table::new(8).unwrap();
                    search(
                        pos,
                        &(),
                        &request,
                        &table,
                        memory,
                        &pool,
                        &stop,
                        &mut |_| {},
                    )
                    .nodes
                })
                .join()
                .unwrap()
        })
    };
    let alone = nodes(&second, &Memory::default());
    let memory = Memory::default();
    nodes(&first, &memory);
    assert_ne!(nodes(&second, &memory), alone, "the correction kept");
    memory.clear();
    assert_eq!(nodes(&second, &memory), alone, "forgotten");
}
