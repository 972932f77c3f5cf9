//! One game between the two engines, refereed by tabula's own rules code: a [`Driver`] of the
//! game checks every move and says when and how the game ends; the referee keeps the clocks.

use super::config::{Config, TimeControl, WinRule};
use super::gomocup::GomocupEngine;
use super::process::{Dialect, Engine, Fault, Setup, UCI, UGI};
use super::save::SavedGame;
use super::seat::{GameSoFar, Seat, position_line};
use crate::engine::Driver;
use crate::game::{Options, Outcome, Side};
use crate::protocol::Source;
use crate::protocol::reply;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The rules of the game ended it.
    Rules,
    /// Called a draw at `--adjudicate-plies`.
    Adjudication,
    /// Called a win by `--adjudicate-win`: both engines' scores agreed who had won.
    Scores,
    /// The loser's clock ran out.
    TimeForfeit,
    /// The loser stopped answering.
    Hang,
    /// The loser's process exited.
    Crash,
    /// The loser sent this move, which is illegal here or cannot be read.
    Illegal(String),
    /// The loser answered the position or `go` with this protocol `error` line.
    ErrorReply(String),
    /// The loser could not be started, or refused its setup.
    Setup(String),
}

impl Reason {
    /// The kind of ending, for the report's tally.
    pub fn kind(&self) -> &'static str {
        match self {
            Reason::Rules => "rules",
            Reason::Adjudication => "adjudication",
            Reason::Scores => "score adjudication",
            Reason::TimeForfeit => "time forfeit",
            Reason::Hang => "hang",
            Reason::Crash => "crash",
            Reason::Illegal(_) => "illegal move",
            Reason::ErrorReply(_) => "error reply",
            Reason::Setup(_) => "setup failure",
        }
    }

    /// Whether the engine that caused this ending must be restarted before it plays again
    /// (it may still be searching, or be gone).
    fn breaks_engine(&self) -> bool {
        matches!(
            self,
            Reason::TimeForfeit
                | Reason::Hang
                | Reason::Crash
                | Reason::ErrorReply(_)
                | Reason::Setup(_)
        )
    }

    fn of_fault(fault: Fault) -> Reason {
        match fault {
            Fault::Timeout => Reason::Hang,
            Fault::Closed => Reason::Crash,
            other => Reason::Setup(other.to_string()),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // An engine's text is escaped as every echo of outside input is: no ESC, NUL or
            // tab reaches the report, the save file's fields or a terminal.
            Reason::Illegal(mv) => write!(f, "illegal move '{}'", reply::escape(mv)),
            Reason::ErrorReply(line) => write!(f, "error reply '{}'", reply::escape(line)),
            Reason::Setup(what) => write!(f, "setup failure: {what}"),
            other => f.write_str(other.kind()),
        }
    }
}

/// Depths counted one by one in [`Thinking`]; deeper reports count as the last.
const DEPTH_BINS: usize = 128;

/// Time an engine spent on the moves it answered, and the depths it reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub ms: u64,
    pub moves: u32,
    /// The longest of those moves.
    pub slowest: u64,
    /// How many answered moves reported each depth (in the last `info` line before
    /// `bestmove`).
    depths: [u32; DEPTH_BINS],
}

impl Default for Thinking {
    fn default() -> Self {
        Thinking {
            ms: 0,
            moves: 0,
            slowest: 0,
            depths: [0; DEPTH_BINS],
        }
    }
}

impl Thinking {
    /// One answered move that took `ms` and reached `depth`, if the engine said.
    pub fn one(ms: u64, depth: Option<u32>) -> Self {
        let mut t = Thinking {
            ms,
            moves: 1,
            slowest: ms,
            ..Thinking::default()
        };
        if let Some(d) = depth {
            t.depths[(d as usize).min(DEPTH_BINS - 1)] = 1;
        }
        t
    }

    pub fn add(&mut self, other: Thinking) {
        self.ms += other.ms;
        self.moves += other.moves;
        self.slowest = self.slowest.max(other.slowest);
        for (d, o) in self.depths.iter_mut().zip(other.depths) {
            *d += o;
        }
    }

    /// As a results file keeps it: `{"ms", "moves", "slowest", "depths": [[depth, count], ...]}`.
    pub fn to_json(self) -> serde_json::Value {
        let depths: Vec<[u32; 2]> = (0..DEPTH_BINS as u32)
            .zip(self.depths)
            .filter(|&(_, n)| n > 0)
            .map(|(d, n)| [d, n])
            .collect();
        serde_json::json!({
            "ms": self.ms, "moves": self.moves, "slowest": self.slowest, "depths": depths
        })
    }

    /// Reads what [`Thinking::to_json`] wrote.
    pub fn from_json(v: &serde_json::Value) -> Option<Thinking> {
        let mut t = Thinking {
            ms: v["ms"].as_u64()?,
            moves: u32::try_from(v["moves"].as_u64()?).ok()?,
            slowest: v["slowest"].as_u64()?,
            ..Thinking::default()
        };
        for bin in v["depths"].as_array()? {
            let depth = usize::try_from(bin[0].as_u64()?).ok()?;
            *t.depths.get_mut(depth)? = u32::try_from(bin[1].as_u64()?).ok()?;
        }
        Some(t)
    }

    /// Milliseconds per answered move, `None` before the first.
    pub fn average(&self) -> Option<u64> {
        (self.moves > 0).then(|| self.ms / u64::from(self.moves))
    }

    /// The median of the reported depths (the lower one of an even count), `None` if none
    /// was reported.
    pub fn median_depth(&self) -> Option<u32> {
        let reported: u32 = self.depths.iter().sum();
        let mut below = 0;
        for (depth, &n) in self.depths.iter().enumerate() {
            below += n;
            if reported > 0 && 2 * below >= reported {
                return Some(depth as u32);
            }
        }
        None
    }
}

/// Where a game pair starts: a position (`--fen`'s, or a line of an openings file) and the
/// moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub start: Source,
    pub moves: Vec<String>,
}

impl Opening {
    pub fn moves(cfg: &Config, moves: Vec<String>) -> Opening {
        Opening {
            start: cfg.start.clone(),
            moves,
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Game number, from 1; games `2k+1` and `2k+2` share opening `k`.
    pub number: usize,
    /// Which engine (0 = engine 1) was the first player.
    pub first: usize,
    pub outcome: Outcome,
    pub reason: Reason,
    /// Where the game started (before its opening).
    pub start: Source,
    /// The opening and the moves played after it.
    pub moves: Vec<String>,
    /// How many of `moves` are the opening's.
    pub opening: usize,
    /// The milliseconds each move after the opening took, from `go` to `bestmove`.
    pub move_ms: Vec<u64>,
    /// Per engine (0 = engine 1): time spent on its answered moves.
    pub thinking: [Thinking; 2],
}

impl Record {
    /// Engine 1's half-points: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn half_points(&self) -> usize {
        match self.outcome {
            Outcome::Draw => 1,
            Outcome::Win(side) if (side == Side::P1) == (self.first == 0) => 2,
            Outcome::Win(_) => 0,
        }
    }

    /// Its line in the save file (`save.rs`).
    pub fn save_line(&self) -> String {
        SavedGame {
            number: self.number,
            first: self.first,
            outcome: self.outcome,
            reason: &self.reason.to_string(),
            position: &position_line(&self.start, &self.moves),
        }
        .line()
    }
}

/// The `go` line for the mover `side`, with both clocks when it plays on a clock (a side
/// without one, under time odds, shows no time left and no increment).
fn go_line(tcs: &[TimeControl; 2], side: Side, dialect: Dialect, clocks: &[u64; 2]) -> String {
    let tc = tcs[side.index()];
    let mut go = String::from("go");
    if tc.clock.is_some() {
        let [p1, p2, p1inc, p2inc] = dialect.clock_words;
        let inc = |i: usize| tcs[i].clock.map_or(0, |c| c.inc_ms);
        go += &format!(
            " {p1} {} {p2} {} {p1inc} {} {p2inc} {}",
            clocks[0],
            clocks[1],
            inc(0),
            inc(1)
        );
    }
    if let Some(ms) = tc.movetime {
        go += &format!(" movetime {ms}");
    }
    if let Some(d) = tc.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = tc.nodes {
        go += &format!(" nodes {n}");
    }
    go
}

/// The referee's rules driver for the configured game, `moves` after the start position
/// (`--fen`).
pub fn rules(cfg: &Config, moves: &[String]) -> Result<Box<dyn Driver>, String> {
    rules_from(cfg, &cfg.start, moves)
}

/// The referee's rules driver for the configured game, `moves` after `start`.
pub fn rules_from(
    cfg: &Config,
    start: &Source,
    moves: &[String],
) -> Result<Box<dyn Driver>, String> {
    let opts = game_options(cfg);
    let mut rules = (cfg.game.make)(cfg.game.id, &opts)?;
    if *start != Source::StartPos || !moves.is_empty() {
        rules.set_position(start, moves, &opts)?;
    }
    Ok(rules)
}

pub fn game_options(cfg: &Config) -> Options {
    let mut opts = Options::default();
    for (name, value) in &cfg.game_options {
        opts.set(name, value.clone());
    }
    opts
}

/// How a game loop ended.
enum End {
    Over {
        outcome: Outcome,
        reason: Reason,
        /// The side whose engine must be restarted.
        broken: Option<Side>,
    },
    /// The match was stopped in the middle of the game.
    Abandoned,
}

/// The two engines of one worker, started on demand and restarted after they break.
pub struct Players<'a> {
    cfg: &'a Config,
    dialect: Dialect,
    /// Per engine: the game's options, then the engine's own.
    options: [Vec<(String, String)>; 2],
    engines: [Option<Seat>; 2],
}

impl<'a> Players<'a> {
    pub fn new(cfg: &'a Config) -> Self {
        let options = [0, 1].map(|i| {
            let mut all = cfg.game_options.clone();
            all.extend(cfg.engines[i].options.iter().cloned());
            all
        });
        Players {
            cfg,
            dialect: if cfg.ugi { UGI } else { UCI },
            options,
            engines: [None, None],
        }
    }

    fn timeout(&self) -> Duration {
        Duration::from_millis(self.cfg.timeout_ms)
    }

    /// Starts engine `i`, handshake included; its `id name` (Gomocup: `ABOUT`) names it.
    pub fn start(&self, i: usize) -> Result<Seat, Fault> {
        let spec = &self.cfg.engines[i];
        if spec.gomocup {
            let opts = game_options(self.cfg);
            return GomocupEngine::start(&spec.command, &opts, self.timeout()).map(Seat::Gomocup);
        }
        let setup = Setup {
            dialect: self.dialect,
            variant: spec.uci_variant.as_deref().unwrap_or(self.cfg.game.id),
            // Fairy-Stockfish knows a variant only once its options name the variants file.
            variant_last: spec.uci_variant.is_some(),
            options: &self.options[i],
            timeout: self.timeout(),
        };
        let engine = Engine::start(&spec.command, &setup)?;
        Ok(match spec.uci_variant {
            Some(_) => Seat::Fairy(engine),
            None => Seat::Engine(engine),
        })
    }

    /// Engine `i`, running and told that a new game starts, taken out of its slot.
    fn take_ready(&mut self, i: usize) -> Result<Seat, Reason> {
        let mut engine = match self.engines[i].take() {
            Some(e) => e,
            None => self.start(i).map_err(Reason::of_fault)?,
        };
        let options = &self.cfg.engines[i].options;
        match engine.new_game(self.dialect, &self.cfg.tc_of(i), options, self.timeout()) {
            Ok(()) => Ok(engine),
            Err(fault) => {
                engine.kill();
                Err(Reason::of_fault(fault))
            }
        }
    }

    /// Plays game `number` from `opening` (its position and moves), engine `first` as the first player. `Ok(None)` when
    /// `stop` was raised before the game ended; `Err` only if the rules cannot be set up.
    pub fn play(
        &mut self,
        number: usize,
        first: usize,
        opening: &Opening,
        stop: &AtomicBool,
    ) -> Result<Option<Record>, String> {
        let mut rules = rules_from(self.cfg, &opening.start, &opening.moves)?;
        let mut moves = opening.moves.clone();
        let seat = |side: Side| if side == Side::P1 { first } else { 1 - first };
        let mut by_side = [Thinking::default(); 2];
        let mut move_ms = Vec::new();
        let end = match self.take_ready(seat(Side::P1)) {
            Err(reason) => forfeit(Side::P1, reason),
            Ok(p1) => match self.take_ready(seat(Side::P2)) {
                Err(reason) => {
                    self.engines[seat(Side::P1)] = Some(p1);
                    forfeit(Side::P2, reason)
                }
                Ok(p2) => {
                    let mut at_board = [p1, p2];
                    let tcs = [Side::P1, Side::P2].map(|side| self.cfg.tc_of(seat(side)));
                    let end = self.game_loop(
                        &opening.start,
                        (&mut at_board, &tcs),
                        rules.as_mut(),
                        &mut moves,
                        (&mut by_side, &mut move_ms),
                        stop,
                    );
                    let broken = match &end {
                        End::Over { broken, .. } => *broken,
                        End::Abandoned => None,
                    };
                    for (engine, side) in at_board.into_iter().zip([Side::P1, Side::P2]) {
                        if broken == Some(side) {
                            engine.kill();
                        } else {
                            self.engines[seat(side)] = Some(engine);
                        }
                    }
                    end
                }
            },
        };
        let mut thinking = [Thinking::default(); 2];
        for side in [Side::P1, Side::P2] {
            thinking[seat(side)] = by_side[side.index()];
        }
        Ok(match end {
            End::Over {
                outcome, reason, ..
            } => Some(Record {
                number,
                first,
                outcome,
                reason,
                start: opening.start.clone(),
                moves,
                opening: opening.moves.len(),
                move_ms,
                thinking,
            }),
            End::Abandoned => None,
        })
    }

    fn game_loop(
        &self,
        start: &Source,
        // The seats at the board by side, and each side's limits.
        (engines, tcs): (&mut [Seat; 2], &[TimeControl; 2]),
        rules: &mut dyn Driver,
        moves: &mut Vec<String>,
        (thinking, move_ms): (&mut [Thinking; 2], &mut Vec<u64>),
        stop: &AtomicBool,
    ) -> End {
        let mut clocks = tcs.map(|tc| tc.clock.map_or(0, |c| c.base_ms));
        // `--time-margin` is one allowance per side and game, not one per move.
        let mut margins = [self.cfg.margin_ms; 2];
        let mut verdicts = Verdicts::default();
        loop {
            if let Some(outcome) = rules.outcome() {
                return End::Over {
                    outcome,
                    reason: Reason::Rules,
                    broken: None,
                };
            }
            if let Some(winner) = self.cfg.adjudicate_win.and_then(|r| verdicts.winner(r)) {
                return End::Over {
                    outcome: Outcome::Win(winner),
                    reason: Reason::Scores,
                    broken: None,
                };
            }
            if let Some(limit) = self.cfg.adjudicate_plies
                && moves.len() >= limit as usize
            {
                return End::Over {
                    outcome: Outcome::Draw,
                    reason: Reason::Adjudication,
                    broken: None,
                };
            }
            if stop.load(Ordering::Relaxed) {
                return End::Abandoned;
            }
            let side = rules.side_to_move();
            let i = side.index();
            let game = GameSoFar {
                start,
                moves,
                rules: &*rules,
            };
            let asked = Instant::now();
            let answer = self.think(
                &mut engines[i],
                tcs,
                &game,
                (&mut clocks, &mut margins[i]),
                side,
                &mut thinking[i],
            );
            let ms = asked.elapsed().as_millis() as u64;
            let (mv, score) = match answer {
                Ok(answer) => answer,
                Err(reason) => return forfeit(side, reason),
            };
            if let Err(e) = rules.place(&mv) {
                log::info!("game move {}: '{mv}' refused: {e}", moves.len() + 1);
                return forfeit(side, Reason::Illegal(mv));
            }
            moves.push(mv);
            move_ms.push(ms);
            if let Some(rule) = self.cfg.adjudicate_win {
                verdicts.record(side, score, rule);
            }
        }
    }

    /// Asks `engine` for its move as `side`, charges its clock and counts its time. The move
    /// comes with the score the engine gave it, if it said.
    fn think(
        &self,
        engine: &mut Seat,
        tcs: &[TimeControl; 2],
        game: &GameSoFar<'_>,
        (clocks, margin): (&mut [u64; 2], &mut u64),
        side: Side,
        thinking: &mut Thinking,
    ) -> Result<(String, Option<i32>), Reason> {
        let tc = tcs[side.index()];
        let go = go_line(tcs, side, self.dialect, clocks);
        let time_left = tc.clock.map(|_| clocks[side.index()]);
        engine
            .ask(game, &go, time_left, self.timeout())
            .map_err(Reason::of_fault)?;
        let start = Instant::now();
        let left = &mut clocks[side.index()];
        // The time past which the answer loses on time, if any, and how long to wait for it.
        // Saturating: `--movetime` may be as large as u64 allows (a sum wrapped round to a
        // wait of `--timeout` alone, and every game ended `hang`).
        let (limit, wait) = match (tc.clock, tc.movetime) {
            (Some(_), _) => (
                Some(left.saturating_add(*margin)),
                left.saturating_add(*margin),
            ),
            (None, Some(ms)) if engine.turn_limit() => (
                Some(ms.saturating_add(self.cfg.margin_ms)),
                ms.saturating_add(self.cfg.timeout_ms),
            ),
            (None, Some(ms)) => (None, ms.saturating_add(self.cfg.timeout_ms)),
            (None, None) => (None, self.cfg.timeout_ms),
        };
        let answer = engine.answer(far_after(start, wait));
        let used = start.elapsed().as_millis() as u64;
        if let Ok((_, report)) = answer {
            thinking.add(Thinking::one(used, report.depth));
        }
        if let Some(limit) = limit
            && (answer == Err(Fault::Timeout) || used > limit)
        {
            return Err(Reason::TimeForfeit);
        }
        if let Some(c) = tc.clock {
            // Time past the clock comes out of the margin that is left.
            *margin -= used.saturating_sub(*left);
            *left = (*left - used.min(*left)).saturating_add(c.inc_ms);
        }
        answer
            .map(|(mv, report)| (mv, report.score))
            .map_err(|fault| match fault {
                Fault::Rejected(line) => Reason::ErrorReply(line),
                other => Reason::of_fault(other),
            })
    }
}

/// The engines' agreement on who has won, for `--adjudicate-win`: per side, how many of its
/// engine's last moves in a row reported it ahead by the rule's margin (counted up) or behind
/// by it (counted down). A move without a score breaks the run.
#[derive(Default)]
struct Verdicts([i32; 2]);

impl Verdicts {
    fn record(&mut self, side: Side, score: Option<i32>, rule: WinRule) {
        let run = &mut self.0[side.index()];
        *run = match score {
            Some(s) if s >= rule.cp => (*run).max(0) + 1,
            Some(s) if s <= -rule.cp => (*run).min(0) - 1,
            _ => 0,
        };
    }

    /// The side whose engine has seen itself winning, and whose opponent's engine has seen
    /// itself losing, on each of their last `rule.moves` moves.
    fn winner(&self, rule: WinRule) -> Option<Side> {
        let n = rule.moves as i32;
        [Side::P1, Side::P2]
            .into_iter()
            .find(|s| self.0[s.index()] >= n && self.0[s.other().index()] <= -n)
    }
}

/// `ms` after `start`, or as far as an `Instant` goes.
fn far_after(start: Instant, ms: u64) -> Instant {
    let far = Duration::from_secs(u64::from(u32::MAX));
    start
        .checked_add(Duration::from_millis(ms))
        .unwrap_or_else(|| start + far)
}

/// `side` loses the game for `reason`.
fn forfeit(side: Side, reason: Reason) -> End {
    End::Over {
        outcome: Outcome::Win(side.other()),
        broken: reason.breaks_engine().then_some(side),
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::super::config::Clock;
    use super::*;

    #[test]
    fn thinking_time_averages_over_answered_moves() {
        let mut t = Thinking::default();
        assert_eq!(t.average(), None);
        assert_eq!(t.median_depth(), None);
        for (ms, depth) in [(200, Some(9)), (50, None), (50, Some(12)), (10, Some(500))] {
            t.add(Thinking::one(ms, depth));
        }
        assert_eq!((t.ms, t.moves, t.average()), (310, 4, Some(77)));
        assert_eq!(t.slowest, 200);
        // Depths 9, 12 and 127 (500, counted as the deepest bin): the median is 12.
        assert_eq!(t.median_depth(), Some(12));
        t.add(Thinking::one(1, Some(3)));
        assert_eq!(t.median_depth(), Some(9));
    }

    #[test]
    fn go_lines_carry_every_limit() {
        let tc = TimeControl {
            clock: Some(Clock {
                base_ms: 10_000,
                inc_ms: 100,
            }),
            movetime: None,
            depth: Some(7),
            nodes: Some(5000),
        };
        assert_eq!(
            go_line(&[tc, tc], Side::P1, UCI, &[9000, 8000]),
            "go wtime 9000 btime 8000 winc 100 binc 100 depth 7 nodes 5000"
        );
        assert_eq!(
            go_line(&[tc, tc], Side::P2, UGI, &[9000, 8000]),
            "go p1time 9000 p2time 8000 p1inc 100 p2inc 100 depth 7 nodes 5000"
        );
        let fixed = TimeControl {
            movetime: Some(250),
            ..TimeControl::default()
        };
        assert_eq!(
            go_line(&[fixed, fixed], Side::P1, UCI, &[0, 0]),
            "go movetime 250"
        );
        // Time odds: each side's go carries its own limit.
        let odds = [tc, fixed];
        assert_eq!(
            go_line(&odds, Side::P1, UCI, &[9000, 0]),
            "go wtime 9000 btime 0 winc 100 binc 0 depth 7 nodes 5000"
        );
        assert_eq!(go_line(&odds, Side::P2, UCI, &[9000, 0]), "go movetime 250");
    }

    #[test]
    fn records_score_for_engine_one_and_save_as_a_replayable_line() {
        let mut r = Record {
            number: 4,
            first: 1,
            outcome: Outcome::Win(Side::P2),
            reason: Reason::Illegal("z\t9".into()),
            start: Source::StartPos,
            moves: vec!["a1".into(), "b2".into()],
            opening: 0,
            move_ms: vec![3, 4],
            thinking: [Thinking::default(); 2],
        };
        assert_eq!(r.half_points(), 2);
        assert_eq!(
            r.save_line(),
            "4\tengine 2\tengine 1\tp2win\tillegal move 'z\\t9'\tposition startpos moves a1 b2"
        );
        r.first = 0;
        assert_eq!(r.half_points(), 0);
        r.outcome = Outcome::Draw;
        r.moves.clear();
        assert_eq!(r.half_points(), 1);
        assert!(r.save_line().ends_with("\tposition startpos"));
        r.start = Source::Fen("6/6 w".into());
        assert!(r.save_line().ends_with("\tposition fen 6/6 w"));
    }

    #[test]
    fn a_win_is_called_only_when_both_engines_agree_long_enough() {
        let rule = WinRule { cp: 500, moves: 2 };
        let mut v = Verdicts::default();
        let play = |v: &mut Verdicts, scores: [Option<i32>; 2]| {
            v.record(Side::P1, scores[0], rule);
            v.record(Side::P2, scores[1], rule);
        };
        play(&mut v, [Some(600), Some(-700)]);
        assert_eq!(v.winner(rule), None, "one move each is not enough");
        play(&mut v, [Some(900), Some(-500)]);
        assert_eq!(v.winner(rule), Some(Side::P1));
        // The loser's engine no longer agrees: the run starts again.
        play(&mut v, [Some(900), Some(-499)]);
        assert_eq!(v.winner(rule), None);
        play(&mut v, [Some(900), Some(-600)]);
        assert_eq!(v.winner(rule), None);
        play(&mut v, [Some(900), None]);
        assert_eq!(
            v.winner(rule),
            None,
            "a move without a score breaks the run"
        );
        // Both engines think they are winning: no verdict, however long.
        for _ in 0..5 {
            play(&mut v, [Some(800), Some(800)]);
        }
        assert_eq!(v.winner(rule), None);
        for _ in 0..2 {
            play(
                &mut v,
                [Some(-reply::MATE_CP + 3), Some(reply::MATE_CP - 2)],
            );
        }
        assert_eq!(v.winner(rule), Some(Side::P2));
    }
}
