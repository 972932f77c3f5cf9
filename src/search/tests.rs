//! The searcher on a game small enough to know every answer: tic-tac-toe.

use super::chance::CHANCE_WIN;
use super::ordering::Tried;
use super::threads::next_depth;
use super::*;
use crate::game::{MoveBits, Options, Outcome, Side, WIN, WIN_BOUND};
use crate::search::thinker::Thinker;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Cell(u8);

impl MoveBits for Cell {
    fn to_bits(self) -> u32 {
        self.0 as u32
    }
    fn from_bits(bits: u32) -> Self {
        Cell(bits as u8)
    }
}

/// `D`: its `Game::HISTORY_DIVISOR`.
#[derive(Clone)]
struct TicTacToe<const D: i32 = 1> {
    cells: [Option<Side>; 9],
    to_move: Side,
    /// O plays at random (a fen ending in " random"): its nodes are chance nodes.
    random_o: bool,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl<const D: i32> Game for TicTacToe<D> {
    type Move = Cell;
    const HISTORY_DIVISOR: i32 = D;
    fn start(_: &str, _: &Options) -> Result<Self, String> {
        Ok(TicTacToe {
            cells: [None; 9],
            to_move: Side::P1,
            random_o: false,
        })
    }
    fn crowded_fen(_: &str, _: &mut crate::rng::Rng) -> String {
        "xoxo.oxox".into()
    }
    fn from_fen(_: &str, text: &str, _: &Options) -> Result<Self, String> {
        let mut g = Self::start("", &Options::default())?;
        for (i, c) in text.chars().enumerate().take(9) {
            g.cells[i] = match c {
                'x' => Some(Side::P1),
                'o' => Some(Side::P2),
                _ => None,
            };
        }
        g.random_o = text.ends_with(" random");
        let stones = g.cells.iter().flatten().count();
        g.to_move = if stones % 2 == 0 { Side::P1 } else { Side::P2 };
        Ok(g)
    }
    fn to_fen(&self) -> String {
        String::new()
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn legal_moves(&self, out: &mut Vec<Cell>) {
        out.extend(
            (0..9)
                .filter(|&i| self.cells[i].is_none())
                .map(|i| Cell(i as u8)),
        );
    }
    fn play(&mut self, mv: Cell) {
        self.cells[mv.0 as usize] = Some(self.to_move);
        self.to_move = self.to_move.other();
    }
    fn outcome(&self) -> Option<Outcome> {
        LINES.iter().find_map(|l| {
            let s = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(s) && self.cells[l[2]] == Some(s)).then_some(Outcome::Win(s))
        })
    }
    fn outcome_without_moves(&self) -> Outcome {
        Outcome::Draw
    }
    fn hash(&self) -> u64 {
        self.cells
            .iter()
            .fold(self.to_move as u64, |h, c| {
                h.wrapping_mul(3)
                    .wrapping_add(c.map_or(0, |s| s as u64 + 1))
            })
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn evaluate(&self) -> i32 {
        0
    }
    /// The centre first, then the corners.
    fn order_hint(&self, mv: Cell) -> i32 {
        match mv.0 {
            4 => 8,
            0 | 2 | 6 | 8 => 4,
            _ => 0,
        }
    }
    fn chance_node(&self) -> bool {
        self.random_o && self.to_move == Side::P2
    }
    fn parse_move(&self, text: &str) -> Result<Cell, String> {
        text.parse().map(Cell).map_err(|_| text.to_string())
    }
    fn format_move(&self, mv: Cell) -> String {
        mv.0.to_string()
    }
    fn view(&self) -> Vec<String> {
        Vec::new()
    }
    fn side_name(&self, side: Side) -> String {
        format!("{side:?}")
    }
}

fn run(fen: &str, threads: usize, depth: u32) -> Answer<Cell> {
    let g = TicTacToe::<1>::from_fen("", fen, &Options::default()).unwrap();
    Thinker::new(threads, 1)
        .unwrap()
        .think(&g, to_depth(depth), None)
}

fn to_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

#[test]
fn perfect_play_from_the_start_is_a_draw() {
    for threads in [1, 2] {
        let a = run(".........", threads, 9);
        assert_eq!(a.score, 0, "threads {threads}");
        assert!(a.best.is_some());
    }
}

#[test]
fn takes_a_win_in_one_and_reports_it_as_mate_in_one() {
    // x x . / o o . / . . .  : x to move wins at 2.
    let a = run("xx.oo....", 1, 4);
    assert_eq!(a.best, Some(Cell(2)));
    assert_eq!(a.score, WIN - 1, "mate in one");
}

#[test]
fn blocks_a_loss_in_one() {
    // x . . / o o . / x . .  : x to move must block at 5.
    let a = run("x..oo.x..", 1, 6);
    assert_eq!(a.best, Some(Cell(5)));
}

#[test]
fn sees_a_forced_loss_and_prefers_its_own_win() {
    // x x . / x . . / o o .  with o to move: o completes its row at 8 instead of blocking.
    let a = run("xx.x..oo.", 1, 6);
    assert_eq!(a.best, Some(Cell(8)));
    // x x . / x o . / . . o  with o to move: x threatens 2 and 6, o cannot block both.
    let b = run("xx.xo...o", 1, 6);
    assert!(b.score <= -WIN_BOUND, "o is lost: {}", b.score);
}

#[test]
fn a_restricted_root_searches_only_those_moves() {
    let g = TicTacToe::<1>::from_fen("", "xx.oo....", &Options::default()).unwrap();
    let a = Thinker::new(1, 1)
        .unwrap()
        .think(&g, to_depth(3), Some(vec![Cell(7), Cell(8)]));
    assert!(matches!(a.best, Some(Cell(7)) | Some(Cell(8))));
}

#[test]
fn a_finished_game_has_no_best_move() {
    assert_eq!(run("xxxoo....", 1, 3).best, None);
}

/// Runs `f` on the shared state of a search to `max_depth` on `threads` threads.
fn with_shared<R>(
    max_depth: u32,
    threads: usize,
    f: impl for<'a> FnOnce(&'a Shared<'a, Cell>) -> R,
) -> R {
    let stop = AtomicBool::new(false);
    let table = Table::new(1).unwrap();
    let mut report = |_: &Info<Cell>| {};
    let request = Request {
        limits: to_depth(max_depth),
        threads,
        root_moves: None,
        overhead_ms: 0,
    };
    let shared = Shared::new(
        &request,
        Instant::now(),
        Some(Cell(0)),
        &stop,
        &table,
        &mut report,
    );
    f(&shared)
}

/// The first quiet move of an empty board after the edge cell 1 cut off many times: history
/// decides at the default weight, the game's hint (the centre) where the game divides it away.
fn first_after_history<const D: i32>() -> Cell {
    with_shared(1, 1, |shared| {
        let mut w = Worker::<TicTacToe<D>>::new(shared, 0);
        for _ in 0..20 {
            w.ordering
                .reward(0, 0, 20, Cell(1), true, &Tried::default());
        }
        let pos = TicTacToe::<D>::start("", &Options::default()).unwrap();
        let mut moves = Vec::new();
        // Ply 1: the reward made cell 1 a killer at ply 0 only.
        w.fill_moves(&pos, 1, None, false, &mut moves);
        super::worker::pick_best(&mut moves, 0);
        moves[0].0
    })
}

#[test]
fn history_weighs_against_the_games_hint_by_its_divisor() {
    assert_eq!(first_after_history::<1>(), Cell(1));
    assert_eq!(first_after_history::<100_000>(), Cell(4));
}

#[test]
fn an_unfinished_iteration_improves_only_a_shallower_answer() {
    with_shared(10, 1, |shared| {
        assert_eq!(shared.publish(3, 10, 3, &[Cell(1), Cell(2)]), 3);
        // The same depth (another thread finished it meanwhile) keeps the finished answer.
        shared.improve(3, Cell(1), &[Cell(4)], 50);
        assert_eq!(shared.best().answer.best, Some(Cell(1)));
        // So does a deeper one that beat some other move than the answer's.
        shared.improve(4, Cell(7), &[Cell(4)], 50);
        assert_eq!(shared.best().answer.best, Some(Cell(1)));
        // One deeper that beat the answer's move replaces the move and the line, not the depth.
        shared.improve(4, Cell(1), &[Cell(5), Cell(6)], 40);
        let best = shared.best().answer.clone();
        assert_eq!((best.best, best.score, best.depth), (Some(Cell(5)), 40, 3));
        assert_eq!(best.pv, [Cell(5), Cell(6)]);
    });
    with_shared(10, 1, |shared| {
        shared.publish(3, 10, 3, &[Cell(1)]);
        // Two threads cut short at depths 4 and 5: the deeper line stands, in either order.
        shared.improve(4, Cell(1), &[Cell(4)], 20);
        shared.improve(5, Cell(1), &[Cell(5)], 30);
        shared.improve(4, Cell(1), &[Cell(4)], 20);
        assert_eq!(shared.best().answer.best, Some(Cell(5)));
        // A finished iteration replaces them.
        shared.publish(6, 0, 6, &[Cell(6)]);
        shared.improve(7, Cell(6), &[Cell(7)], 10);
        assert_eq!(shared.best().answer.best, Some(Cell(7)));
    });
}

#[test]
fn threads_spread_over_the_depths_up_to_the_last_one() {
    // A thread goes one past the deepest depth finished, by itself or another thread.
    assert_eq!(next_depth(3, 3, 10), Some(4));
    assert_eq!(next_depth(3, 5, 10), Some(6));
    assert_eq!(next_depth(9, 9, 9), None);
    assert_eq!(next_depth(7, 9, 9), None);
    // With one thread per depth, a depth being searched is passed over for the next one...
    with_shared(9, 1, |shared| {
        assert_eq!(shared.claim(1, 9), 1);
        assert_eq!(shared.claim(1, 9), 2);
        shared.release(1);
        assert_eq!(shared.claim(1, 9), 1);
        // ...except the last one allowed, which is taken rather than stop.
        assert_eq!(shared.claim(2, 2), 2);
        assert_eq!(shared.claim(8, 9), 8);
        assert_eq!(shared.claim(8, 9), 9);
        assert_eq!(shared.claim(8, 12), 9);
    });
    // With two per depth (three or four threads), the third thread moves on.
    with_shared(9, 3, |shared| {
        assert_eq!(
            [shared.claim(1, 9), shared.claim(1, 9), shared.claim(1, 9)],
            [1, 1, 2]
        );
    });
}

#[test]
fn a_random_player_is_averaged_over_its_moves() {
    // x o x / . o . / o x . with X to move: every move draws against best play, but after
    // X on 5 or 8 one of O's two answers loses at once.
    let board = "xox.o.ox.";
    assert_eq!(run(board, 1, 9).score, 0);
    for threads in [1, 2] {
        let a = run(&format!("{board} random"), threads, 9);
        assert_eq!(a.score, CHANCE_WIN / 2, "threads {threads}");
        assert!(matches!(a.best, Some(Cell(5 | 8))), "{:?}", a.best);
    }
    // Against random answers from the start X expects to win more often than not.
    let start = run("......... random", 1, 9).score;
    assert!(start > 0 && start < CHANCE_WIN, "{start}");
}
