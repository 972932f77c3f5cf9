//! The searcher on a game small enough to know every answer: tic-tac-toe.

use super::chance::CHANCE_WIN;
use super::ordering::Tried;
use super::threads::next_depth;
use super::*;
use crate::game::{
    MoveBits, Options, Outcome, Rules, Scripted, SearchParams, Side, WIN, WIN_BOUND,
};
use crate::search::limits::PonderHit;
use crate::search::player::Player;

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

/// `D`: its `SearchParams::history_divisor`; `HP`: its `history_prune_per_ply`; `GLOOMY`:
/// it prunes forward by an evaluation that calls every position lost for the side to move,
/// and proves a win in one as a game's own proof (`Searchable::proven_win`); `CAP`: the
/// search sees only the first `CAP` empty cells, the rest are left out
/// (`Searchable::left_out_moves`).
#[derive(Clone)]
struct TicTacToe<
    const D: i32 = 1,
    const HP: i32 = 0,
    const GLOOMY: bool = false,
    const CAP: usize = 9,
> {
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

impl<const D: i32, const HP: i32, const GLOOMY: bool, const CAP: usize> Rules
    for TicTacToe<D, HP, GLOOMY, CAP>
{
    type Move = Cell;
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
    fn parse_move(&self, text: &str) -> Result<Cell, String> {
        text.parse().map(Cell).map_err(|_| text.to_string())
    }
    fn format_move(&self, mv: Cell) -> String {
        mv.0.to_string()
    }
}

impl<const D: i32, const HP: i32, const GLOOMY: bool, const CAP: usize> Searchable
    for TicTacToe<D, HP, GLOOMY, CAP>
{
    const PARAMS: SearchParams = SearchParams {
        history_divisor: D,
        history_prune_per_ply: HP,
        ..SearchParams::DEFAULT
    };
    type Policy = ();
    fn evaluate(&self, _: &()) -> i32 {
        if GLOOMY { -1_000 } else { 0 }
    }
    /// The centre first, then the corners.
    fn order_hint(&self, mv: Cell) -> i32 {
        match mv.0 {
            4 => 8,
            0 | 2 | 6 | 8 => 4,
            _ => 0,
        }
    }
    fn chance_node(&self, _: &()) -> bool {
        self.random_o && self.to_move == Side::P2
    }
    /// A board this small needs no pruning by the static score (0 everywhere); the gloomy
    /// game prunes, to show what its pessimistic score does to pruning.
    fn forward_pruning(_: &()) -> bool {
        GLOOMY
    }
    fn search_moves(&self, _: &(), out: &mut Vec<Cell>) {
        let start = out.len();
        self.legal_moves(out);
        out.truncate(start + CAP);
    }
    fn left_out_moves(&self, _: bool, out: &mut Vec<Cell>) {
        let mut all = Vec::new();
        self.legal_moves(&mut all);
        out.extend(all.iter().skip(CAP));
    }
    /// The gloomy game's proof: two of the mover's in a line whose third cell is empty.
    fn proven_win(&self, _: u32, line: &mut Vec<Cell>) -> bool {
        line.clear();
        if !GLOOMY {
            return false;
        }
        let me = Some(self.to_move);
        let win = LINES.iter().find_map(|l| {
            let mine = l.iter().filter(|&&c| self.cells[c] == me).count();
            l.iter()
                .find(|&&c| self.cells[c].is_none())
                .filter(|_| mine == 2)
        });
        line.extend(win.map(|&c| Cell(c as u8)));
        win.is_some()
    }
}

fn run(fen: &str, threads: usize, depth: u32) -> Answer<Cell> {
    let g = TicTacToe::<1>::from_fen("", fen, &Options::default()).unwrap();
    Player::new(threads, 1)
        .unwrap()
        .think(&g, &(), to_depth(depth), None)
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

/// Razoring must not take a won node for lost: a node whose static score lies far below
/// alpha, but whose side to move has a win the game proves, is won.
#[test]
fn a_proven_win_outweighs_an_evaluation_that_razors_it() {
    with_shared(1, 1, |shared| {
        let mut w = Worker::<TicTacToe<1, 0, true>>::new(shared, &(), 0);
        // x . . / o o . / x . x  : o to move wins at 5, and its static score is -1,000.
        let pos = TicTacToe::<1, 0, true>::from_fen("", "x..oo.x.x", &Options::default()).unwrap();
        let score = w.negamax(&pos, 1, 1, 999, 1_000, true);
        assert_eq!(score, WIN - 2, "a win in one, one ply below the root");
    })
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
    let a = Player::new(1, 1)
        .unwrap()
        .think(&g, &(), to_depth(3), Some(vec![Cell(7), Cell(8)]));
    assert!(matches!(a.best, Some(Cell(7)) | Some(Cell(8))));
}

#[test]
fn the_player_plays_a_scripted_move_and_searches_among_a_levels_ties() {
    let g = TicTacToe::<1>::from_fen("", "xx.oo....", &Options::default()).unwrap();
    let player = Player::new(1, 1).unwrap();
    let answer =
        |scripted| player.answer(&g, &(), scripted, player.request(to_depth(3)), &mut |_| {});
    let played = answer(Some(Scripted::Play(Cell(8))));
    assert_eq!(
        (played.best, played.pv, played.nodes),
        (Some(Cell(8)), vec![Cell(8)], 0)
    );
    let among = answer(Some(Scripted::SearchAmong(vec![Cell(6), Cell(7)])));
    assert!(matches!(among.best, Some(Cell(6)) | Some(Cell(7))));
    assert_eq!(answer(None).best, Some(Cell(2)), "x wins at once");
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
    with_shared_reporting(max_depth, threads, f).0
}

/// `with_shared`, with the depth, score and line of each line reported.
fn with_shared_reporting<R>(
    max_depth: u32,
    threads: usize,
    f: impl for<'a> FnOnce(&'a Shared<'a, Cell>) -> R,
) -> (R, Vec<(u32, i32, Vec<Cell>)>) {
    let stop = AtomicBool::new(false);
    let table = Table::new(1).unwrap();
    let mut reported = Vec::new();
    let mut report = |i: &Info<Cell>| reported.push((i.depth, i.score, i.pv.clone()));
    let request = Request {
        limits: to_depth(max_depth),
        threads,
        root_moves: None,
        overhead_ms: 0,
        multipv: 1,
        ponder: None,
    };
    let r = {
        let shared = Shared::new(
            &request,
            Instant::now(),
            Some(Cell(0)),
            &stop,
            &table,
            &mut report,
        );
        f(&shared)
    };
    (r, reported)
}

/// The first quiet move of an empty board after the edge cell 1 cut off many times: history
/// decides at the default weight, the game's hint (the centre) where the game divides it away.
fn first_after_history<const D: i32>() -> Cell {
    with_shared(1, 1, |shared| {
        let mut w = Worker::<TicTacToe<D>>::new(shared, &(), 0);
        for _ in 0..20 {
            w.ordering
                .reward(0, 0, 400, Cell(1), true, &Tried::default());
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

/// Whether move pruning skips the edge cell 1, a quiet move that failed twenty times before
/// the centre cut off, two plies from the leaves, in a game pruning by history at `HP` a ply.
fn pruned_after_failing<const HP: i32>() -> bool {
    with_shared(1, 1, |shared| {
        let mut w = Worker::<TicTacToe<1, HP>>::new(shared, &(), 0);
        let tried = Tried {
            quiets: vec![Cell(1)],
            noisy: Vec::new(),
        };
        for _ in 0..20 {
            w.ordering.reward(0, 0, 400, Cell(4), true, &tried);
        }
        let pos = TicTacToe::<1, HP>::start("", &Options::default()).unwrap();
        let verdict = w.hopeless(&pos, Cell(1), true, 2, 0, 0, worker::NO_EVAL, false);
        verdict == negamax::Verdict::Skip
    })
}

#[test]
fn history_prunes_a_quiet_move_that_kept_failing_where_the_game_asks() {
    assert!(pruned_after_failing::<100>());
    assert!(!pruned_after_failing::<0>());
}

/// A deep node widens by the best few of the moves the game left out; a node whose moves all
/// lost adds the rest, none twice.
#[test]
fn a_node_adds_the_best_left_out_moves_then_the_rest_once() {
    with_shared(1, 1, |shared| {
        type Capped = TicTacToe<1, 0, false, 4>;
        let mut w = Worker::<Capped>::new(shared, &(), 0);
        let pos = Capped::start("", &Options::default()).unwrap();
        let mut moves = Vec::new();
        w.fill_moves(&pos, 1, None, false, &mut moves);
        let cells = |moves: &[(Cell, i32)]| moves.iter().map(|m| m.0.0).collect::<Vec<_>>();
        assert_eq!(cells(&moves), [0, 1, 2, 3]);
        // The best of the cells left out by the hint: the centre.
        w.add_left_out(&pos, 1, None, 1, &mut moves);
        assert_eq!(cells(&moves), [0, 1, 2, 3, 4]);
        // Every move lost: the rest, the centre not twice.
        w.add_left_out(&pos, 1, None, usize::MAX, &mut moves);
        let mut all = cells(&moves);
        all.sort();
        assert_eq!(all, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    });
}

/// The one line of an iteration.
fn one(score: i32, pv: &[Cell]) -> [Line<Cell>; 1] {
    [Line {
        score,
        pv: pv.to_vec(),
    }]
}

#[test]
fn an_unfinished_iteration_improves_only_a_shallower_answer() {
    with_shared(10, 1, |shared| {
        assert_eq!(shared.publish(3, 3, &one(10, &[Cell(1), Cell(2)])), 3);
        // The same depth (another thread finished it meanwhile) keeps the finished answer.
        shared.improve(3, Cell(1), &[Cell(4)], 50, None);
        assert_eq!(shared.best().answer.best, Some(Cell(1)));
        // So does a deeper one that beat some other move than the answer's.
        shared.improve(4, Cell(7), &[Cell(4)], 50, None);
        assert_eq!(shared.best().answer.best, Some(Cell(1)));
        // One deeper that beat the answer's move replaces the move and the line, not the depth.
        shared.improve(4, Cell(1), &[Cell(5), Cell(6)], 40, None);
        let best = shared.best().answer.clone();
        assert_eq!((best.best, best.score, best.depth), (Some(Cell(5)), 40, 3));
        assert_eq!(best.pv, [Cell(5), Cell(6)]);
    });
    with_shared(10, 1, |shared| {
        shared.publish(3, 3, &one(10, &[Cell(1)]));
        // Two threads cut short at depths 4 and 5: the deeper line stands, in either order.
        shared.improve(4, Cell(1), &[Cell(4)], 20, None);
        shared.improve(5, Cell(1), &[Cell(5)], 30, None);
        shared.improve(4, Cell(1), &[Cell(4)], 20, None);
        assert_eq!(shared.best().answer.best, Some(Cell(5)));
        // A finished iteration replaces them.
        shared.publish(6, 6, &one(0, &[Cell(6)]));
        shared.improve(7, Cell(6), &[Cell(7)], 10, None);
        assert_eq!(shared.best().answer.best, Some(Cell(7)));
    });
}

#[test]
fn an_unfinished_iteration_reports_only_an_exact_line() {
    let ((), reported) = with_shared_reporting(10, 1, |shared| {
        shared.publish(3, 3, &one(10, &[Cell(1), Cell(2)]));
        // A better move proven by a bound only is taken but not reported.
        shared.improve(4, Cell(1), &[Cell(5)], 40, None);
        // The first move searched to the end at depth 5 is reported at depth 5.
        shared.improve(5, Cell(1), &[Cell(1), Cell(3)], 12, Some(7));
        let best = shared.best().answer.clone();
        assert_eq!((best.best, best.depth), (Some(Cell(1)), 3));
    });
    assert_eq!(
        reported,
        [
            (3, 10, vec![Cell(1), Cell(2)]),
            (5, 12, vec![Cell(1), Cell(3)])
        ]
    );
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

/// The reports of a search of `fen` for `multipv` lines to `depth`, on one thread.
fn reports(fen: &str, multipv: usize, depth: u32) -> (Answer<Cell>, Vec<Info<Cell>>) {
    let g = TicTacToe::<1>::from_fen("", fen, &Options::default()).unwrap();
    let mut infos = Vec::new();
    let request = Request {
        limits: to_depth(depth),
        threads: 1,
        root_moves: None,
        overhead_ms: 0,
        multipv,
        ponder: None,
    };
    let (table, pool) = (Table::new(1).unwrap(), player::thread_pool(1).unwrap());
    let stop = AtomicBool::new(false);
    let memory = super::Memory::default();
    let answer = search(&g, &(), &request, &table, &memory, &pool, &stop, &mut |i| {
        infos.push(i.clone())
    });
    (answer, infos)
}

/// The exact value of each move of `pos` for its side to move, `ply` plies below the root, by
/// plain minimax.
fn move_values(pos: &TicTacToe, ply: usize) -> Vec<(Cell, i32)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut values = Vec::new();
    for m in moves {
        let mut child = pos.clone();
        child.play(m);
        let value = match child.outcome() {
            Some(o) => -super::worker::outcome_score(&child, o, ply + 1),
            // A full board without a row is a draw.
            None => move_values(&child, ply + 1)
                .iter()
                .map(|&(_, v)| -v)
                .min()
                .unwrap_or(0),
        };
        values.push((m, value));
    }
    values
}

#[test]
fn multipv_finds_the_best_root_moves_each_without_the_ones_before() {
    // x . . / o o . / x . .  : 5 holds the draw, every other move loses to o's row.
    for fen in ["x..oo.x..", "x...o....", "xx.oo...."] {
        let g = TicTacToe::<1>::from_fen("", fen, &Options::default()).unwrap();
        let (answer, infos) = reports(fen, 3, 9);
        let deepest = infos.last().unwrap().depth;
        let last: Vec<&Info<Cell>> = infos.iter().filter(|i| i.depth == deepest).collect();
        assert_eq!(last.len(), 3, "{fen}: {infos:?}");
        let values = move_values(&g, 0);
        let mut ranked: Vec<i32> = values.iter().map(|&(_, v)| v).collect();
        ranked.sort_by(|a, b| b.cmp(a));
        for (rank, info) in last.iter().enumerate() {
            assert_eq!(info.multipv, Some(rank + 1));
            assert_eq!(info.score, ranked[rank], "{fen}: line {}", rank + 1);
            let own = values.iter().find(|&&(m, _)| m == info.pv[0]).unwrap().1;
            assert_eq!(own, info.score, "{fen}: its move's value");
        }
        let firsts: std::collections::HashSet<Cell> = last.iter().map(|i| i.pv[0]).collect();
        assert_eq!(firsts.len(), 3, "{fen}: three different moves");
        assert_eq!(
            answer.best,
            Some(last[0].pv[0]),
            "{fen}: the answer is line 1"
        );
    }
}

#[test]
fn one_line_is_reported_without_a_rank_and_more_lines_than_moves_are_all_moves() {
    let (_, infos) = reports("xx.oo....", 1, 3);
    assert!(infos.iter().all(|i| i.multipv.is_none()));
    // Two empty cells: two lines per depth, however many were asked for.
    let (_, infos) = reports("xoxxo.o.x", 5, 3);
    assert!(infos.iter().all(|i| i.multipv.is_some_and(|k| k <= 2)));
    assert_eq!(
        infos.iter().filter(|i| i.multipv == Some(2)).count(),
        infos.len() / 2
    );
}

#[test]
fn multipv_ranks_the_moves_before_a_random_player() {
    // As in `a_random_player_is_averaged_over_its_moves`: 5 and 8 are worth half a win
    // against random answers, 3 less.
    let (answer, infos) = reports("xox.o.ox. random", 3, 9);
    let deepest = infos.last().unwrap().depth;
    let last: Vec<&Info<Cell>> = infos.iter().filter(|i| i.depth == deepest).collect();
    let lines: Vec<(Cell, i32)> = last.iter().map(|i| (i.pv[0], i.score)).collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[..2]
            .iter()
            .all(|&(m, s)| matches!(m, Cell(5 | 8)) && s == CHANCE_WIN / 2)
    );
    assert_eq!(lines[2].0, Cell(3));
    assert!(lines[2].1 < CHANCE_WIN / 2);
    assert_eq!(answer.score, CHANCE_WIN / 2);
}

#[test]
fn a_ponder_search_has_no_deadline_until_the_hit_then_the_limits_from_it() {
    let ponder = PonderHit::default();
    let request = Request {
        limits: Limits {
            movetime: Some(100),
            ..Limits::default()
        },
        threads: 1,
        root_moves: None,
        overhead_ms: 0,
        multipv: 1,
        ponder: Some(ponder.clone()),
    };
    let (stop, table) = (AtomicBool::new(false), Table::new(1).unwrap());
    let mut report = |_: &Info<Cell>| {};
    let start = Instant::now() - std::time::Duration::from_secs(1);
    let shared = Shared::new(&request, start, None, &stop, &table, &mut report);
    assert_eq!(
        shared.deadlines().hard,
        None,
        "a second of pondering, no deadline"
    );
    assert!(ponder.hit());
    assert!(!ponder.hit(), "one hit only");
    let hit = ponder.at().unwrap();
    let hard = shared.deadlines().hard.unwrap();
    assert_eq!(hard - hit, std::time::Duration::from_millis(100));
}

/// A search ended by its own limit leaves the player's stop flag down: the next search of
/// the same player searches as far (before, it stopped at its first look at the flag, and
/// `tabula advance match`'s level 8 played every move after the first on a few hundred nodes).
#[test]
fn a_search_ended_by_its_node_limit_does_not_stop_the_next() {
    let g = TicTacToe::<1>::from_fen("", ".........", &Options::default()).unwrap();
    let player = Player::new(1, 1).unwrap();
    let limits = Limits {
        nodes: Some(1000),
        ..Limits::default()
    };
    let first = player.think(&g, &(), limits.clone(), None);
    assert!(first.nodes >= 1000, "the limit ended it: {}", first.nodes);
    player.clear();
    let second = player.think(&g, &(), limits, None);
    assert_eq!((second.nodes, second.depth), (first.nodes, first.depth));
}
