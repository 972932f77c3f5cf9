//! `tabula tune`: an evaluation's linear weights measured on played games (Texel's method):
//! every weight of Chess14's evaluation, or every entry of Gomoku's pattern tables. The
//! games come from `tabula match --save` files; every settled position of a game (Chess14: no
//! check, no capture that wins material; Gomoku: no four on the board) is a sample labelled
//! with the game's result. The evaluation's score, with its weights as free parameters, is
//! mapped to an expected result by a logistic curve; the weights that predict the results best
//! (least squares) are the measured ones. Chess14's pawn stays at 100, the unit.
//!
//! Every `--holdout`-th game is kept out of the fit: its error before and after says whether
//! the measured values predict games they were not fitted to, and the fits on a quarter and a
//! half of the other games show whether more games would still help. A weight seen in fewer
//! than `--min-seen` fitted positions is held: a few positions say nothing of it.
//!
//! A game's result labels all its positions alike, so a fit on results needs many games. With
//! `--search-nodes N` every position is also searched (N nodes, one thread), and the fit's
//! label is the result blended with the expected result of the searched score
//! (`--search-weight`): each position then says something of its own. The held-out games are
//! still judged by their results alone.
//!
//! `--labels FILE` gives those scores instead, one per position, from another program (a
//! stronger engine's searches, say); only the positions it labels are fitted to.
//!
//! `--source FILE` writes the measured weights as the game's weights file (Gomoku's
//! `weights.rs` tables), so that a fit can be rebuilt from the games alone.

use crate::files;
use crate::frontends::args::{Arg, Args, number};
use crate::frontends::referee::save::SavedGame;
use crate::game::{Options, Outcome, Rules, Side, Tunable, Weight};
use crate::games::chess14::Chess14;
use crate::games::gomoku::Gomoku;
use crate::protocol::lines::Lines;
use crate::search::limits::Limits;
use crate::search::player::Player;
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

pub const USAGE: &str =
    "usage: tabula tune [--game chess14|gomoku] [--skip PLIES] [--steps N] [--holdout N]
         [--min-seen N] [--hold NAMES] [--search-nodes N | --labels FILE] [--search-weight W]
         [--source FILE] SAVEFILE...
       an evaluation's weights fitted to the results of games saved by `tabula match --save`
       (chess14, the default: every weight of its evaluation; gomoku: its pattern tables);
       every N-th game (default 5) is held out to test the fit; --hold keeps the weights named
       (comma-separated; NAME* names all that begin so) where they are; --search-nodes labels
       each position also by a search of N nodes (weight W of the label, default 0.5);
       --labels takes those scores from FILE (lines: score of the side to move, a tab, a
       `position` command), fitting only the positions it labels and the labelled children
       of the fitted games' positions;
       --source writes the measured weights as the game's weights file (gomoku)";

/// One settled position: the evaluation from the first player's side, the nonzero counts of
/// the weights there (`Tunable::weight_counts`, as (index, count)), the first player's result (1,
/// 0.5, 0), the searched score from the first player's side (with `--search-nodes`), and
/// whether it is a labelled child off the game's line (whose result the game does not tell).
#[derive(Clone)]
struct Sample {
    eval: f64,
    counts: Vec<(u32, f64)>,
    result: f64,
    searched: Option<f64>,
    child: bool,
}

/// What a fit aims at: the game's result alone, or blended with the searched score's
/// expected result (on the logistic curve of scale `k`) by `weight`. A labelled child's result
/// is unknown: it aims at its label's expected result alone, whatever the weight.
#[derive(Clone, Copy)]
struct Target {
    k: f64,
    weight: f64,
}

impl Target {
    const RESULT: Target = Target {
        k: 1.0,
        weight: 0.0,
    };

    fn of(&self, s: &Sample) -> f64 {
        match s.searched {
            Some(score) if s.child => expected(score, self.k),
            Some(score) if self.weight > 0.0 => {
                (1.0 - self.weight) * s.result + self.weight * expected(score, self.k)
            }
            _ => s.result,
        }
    }
}

struct Settings {
    game: String,
    skip: usize,
    steps: usize,
    /// Every `holdout`-th game is held out of the fit.
    holdout: usize,
    /// Weights seen in fewer fitted positions are held...
    min_seen: usize,
    /// ...and those named here (a trailing `*` names every weight that begins so).
    hold: Vec<String>,
    /// Each position's search for its label (0: none), and the label's share it has.
    search_nodes: u64,
    search_weight: f64,
    /// The file of given scores, in place of searches.
    labels: Option<String>,
    /// Where the measured weights go as the game's weights file.
    source: Option<String>,
    files: Vec<String>,
}

/// The samples of the games read so far, those fitted to and those held out.
#[derive(Default)]
struct Games {
    /// The samples of the fitted games, in the order read...
    fitted: Vec<Sample>,
    /// ...and where each fitted game's samples end (the learning curve takes the first games).
    fitted_ends: Vec<usize>,
    held_out: Vec<Sample>,
    /// Games read (each game's samples go to one side).
    count: usize,
}

/// The games `tabula tune` can fit.
const GAMES: [&str; 2] = ["chess14", "gomoku"];

pub fn run(args: &[String]) -> i32 {
    let settings = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            super::complain("tabula tune", e);
            eprintln!("{USAGE}");
            return 2;
        }
    };
    match settings.game.as_str() {
        "gomoku" => tune::<Gomoku>(&settings),
        _ => tune::<Chess14>(&settings),
    }
}

/// Whether `pattern` of `--hold` names `name`.
fn names(pattern: &str, name: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == pattern,
    }
}

fn tune<G: Tunable>(settings: &Settings) -> i32 {
    let weights = G::weights();
    if let Some(p) = settings
        .hold
        .iter()
        .find(|p| !weights.iter().any(|w| names(p, &w.name)))
    {
        super::complain(
            "tabula tune",
            format!("--hold: {} has no weight named '{p}'", settings.game),
        );
        return 2;
    }
    let in_use: Vec<i32> = weights.iter().map(|w| w.value).collect();
    if settings.source.is_some() && G::weights_source(&in_use).is_none() {
        super::complain(
            "tabula tune",
            format!(
                "{} keeps its weights beside its code: --source is for gomoku",
                settings.game
            ),
        );
        return 2;
    }
    // The file is made before the fit, so that a path it cannot be written to fails at once.
    let source_file = match settings
        .source
        .as_deref()
        .map(|p| (p, files::create(Path::new(p))))
    {
        Some((path, Err(e))) => {
            super::complain("tabula tune", format!("{path}: cannot write it: {e}"));
            return 1;
        }
        Some((path, Ok(file))) => Some((path, file)),
        None => None,
    };
    let mut games = Games::default();
    let labels = match labels::<G>(settings) {
        Ok(labels) => labels,
        Err(e) => {
            super::complain("tabula tune", e);
            return 1;
        }
    };
    let edge = weights.len() as u32;
    for path in &settings.files {
        if let Err(e) = read_games::<G>(path, settings, edge, &labels, &mut games) {
            super::complain("tabula tune", format!("{path}: {e}"));
            return 1;
        }
    }
    if games.fitted.is_empty() {
        eprintln!("tabula tune: no settled positions in the games fitted to");
        return 1;
    }
    let values = report(&weights, &games, settings);
    if let Some((path, mut file)) = source_file {
        let source = G::weights_source(&values).unwrap_or_default();
        if let Err(e) = file.write_all(source.as_bytes()) {
            super::complain("tabula tune", format!("{path}: cannot write it: {e}"));
            return 1;
        }
        super::say(&format!("measured weights written to {path}"));
    }
    0
}

/// Where each position's second label, its score, comes from.
enum Labels {
    None,
    /// A search of each position (`--search-nodes`).
    Search(Labeller),
    /// The scores of a file (`--labels`).
    Given(Given),
}

/// A file's scores, by position hash, from the first player's side; and its positions by the
/// position one move before, so that a game's position takes its labelled children (moves the
/// game did not play) as samples too: a search compares siblings, and their labels teach the
/// differences between them.
struct Given {
    scores: HashMap<u64, f64>,
    children: HashMap<u64, Vec<String>>,
}

impl Labels {
    /// The label of the settled position `pos`: its score from the first player's side (none
    /// without labels), or `None` where a file of labels gives none: it fits only the
    /// positions it labels, so that one is left out.
    fn label<G: Tunable>(&self, pos: &G) -> Option<Option<f64>> {
        match self {
            Labels::None => Some(None),
            Labels::Search(l) => Some(Some(l.score(pos))),
            Labels::Given(given) => given.scores.get(&pos.hash()).map(|&s| Some(s)),
        }
    }
}

/// The labels `settings` ask for.
fn labels<G: Tunable>(settings: &Settings) -> Result<Labels, String> {
    if let Some(path) = &settings.labels {
        return given_labels::<G>(&settings.game, path)
            .map(Labels::Given)
            .map_err(|e| format!("{path}: {e}"));
    }
    if settings.search_nodes == 0 {
        return Ok(Labels::None);
    }
    Ok(Labels::Search(Labeller {
        player: Player::new(1, 64)?,
        nodes: settings.search_nodes,
    }))
}

/// Reads a file of given scores: per line the score of the side to move, a tab, and the
/// position as a `position` command (`#` lines and empty ones skipped).
fn given_labels<G: Rules>(game_id: &str, path: &str) -> Result<Given, String> {
    let mut scores = HashMap::new();
    let mut children: HashMap<u64, Vec<String>> = HashMap::new();
    each_line(path, |text| {
        let (score, position) = text
            .split_once('\t')
            .ok_or("no tab between the score and the position")?;
        let score: f64 = score
            .trim()
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite())
            .ok_or_else(|| format!("the score '{score}' is not a number"))?;
        let (mut pos, moves) = start_of::<G>(game_id, position.trim())?;
        let mut parent = None;
        for word in moves.split_whitespace() {
            let mv = pos.parse_move(word)?;
            parent = Some((pos.hash(), word));
            pos.play(mv);
        }
        scores.insert(pos.hash(), first_players(&pos, score));
        if let Some((hash, word)) = parent {
            children.entry(hash).or_default().push(word.to_string());
        }
        Ok(())
    })?;
    Ok(Given { scores, children })
}

/// Calls `each` with every line of the file at `path` but `#` comments and empty lines, line
/// by line (a file of any size costs only what `each` keeps); its error gets the line's number.
fn each_line(path: &str, mut each: impl FnMut(&str) -> Result<(), String>) -> Result<(), String> {
    let cannot = |e: &std::io::Error| format!("cannot read it: {e}");
    let file = files::open(Path::new(path)).map_err(|e| cannot(&e))?;
    let mut lines = Lines::new(std::io::BufReader::new(file), MAX_GAME_LINE);
    let mut number = 0;
    while let Some(line) = lines.next_line() {
        number += 1;
        if line.truncated() {
            return Err(format!(
                "line {number} is longer than {MAX_GAME_LINE} bytes"
            ));
        }
        let text = std::str::from_utf8(&line.head)
            .map_err(|_| format!("line {number} is not UTF-8 text"))?;
        if !text.starts_with('#') && !text.trim().is_empty() {
            each(text).map_err(|e| format!("line {number}: {e}"))?;
        }
    }
    // A read error is no end of file: the lines after it would be missing unsaid.
    lines.failure().map_or(Ok(()), |e| Err(cannot(e)))
}

/// The start of a `position` command as a position, and its moves' text.
fn start_of<'a, G: Rules>(game_id: &str, position: &'a str) -> Result<(G, &'a str), String> {
    let (start, moves) = position.split_once(" moves ").unwrap_or((position, ""));
    let opts = Options::default();
    let pos = match start.strip_prefix("position ") {
        Some("startpos") => G::start(game_id, &opts)?,
        Some(rest) => match rest.strip_prefix("fen ") {
            Some(fen) => G::from_fen(game_id, fen, &opts)?,
            None => return Err(format!("unknown position '{start}'")),
        },
        None => return Err(format!("no position in '{position}'")),
    };
    Ok((pos, moves))
}

/// The search that labels each position (`--search-nodes`). One table for all: the positions
/// of a game follow each other, and what one search stored helps the next.
struct Labeller {
    player: Player,
    nodes: u64,
}

impl Labeller {
    /// The searched score of `pos` from the first player's side.
    fn score<G: Tunable>(&self, pos: &G) -> f64 {
        let limits = Limits {
            nodes: Some(self.nodes),
            ..Limits::default()
        };
        let answer = self.player.think(pos, &G::Policy::default(), limits, None);
        first_players(pos, f64::from(answer.score))
    }
}

/// A score of the side to move, from the first player's side.
fn first_players<G: Rules>(pos: &G, score: f64) -> f64 {
    if pos.side_to_move() == Side::P1 {
        score
    } else {
        -score
    }
}

/// The longest game line read: a thousand-ply game takes about 6 KB.
const MAX_GAME_LINE: usize = 1 << 20;

/// Adds the samples of every game in the save file `path`, line by line (a file of any size
/// costs only its samples); `edge` is the index of the first player's edge, after the weights.
fn read_games<G: Tunable>(
    path: &str,
    settings: &Settings,
    edge: u32,
    labels: &Labels,
    games: &mut Games,
) -> Result<(), String> {
    each_line(path, |text| {
        // A held-out game is judged by its own positions only: it takes no children.
        let held = settings.holdout > 0 && (games.count + 1).is_multiple_of(settings.holdout);
        let source = Source {
            skip: settings.skip,
            edge,
            labels,
            children: !held,
        };
        if let Some(s) = game_samples::<G>(&settings.game, text, &source)? {
            games.count += 1;
            if held {
                games.held_out.extend(s);
            } else {
                games.fitted.extend(s);
                games.fitted_ends.push(games.fitted.len());
            }
        }
        Ok(())
    })
}

fn settings(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        game: "chess14".into(),
        skip: 8,
        steps: 3000,
        holdout: 5,
        min_seen: 100,
        hold: Vec::new(),
        search_nodes: 0,
        search_weight: 0.5,
        labels: None,
        source: None,
        files: Vec::new(),
    };
    for arg in Args::new(args, &[], USAGE) {
        match arg? {
            Arg::Flag("--game", v) => {
                if !GAMES.contains(&v) {
                    return Err(format!(
                        "--game wants one of {}, not '{v}'",
                        GAMES.join(", ")
                    ));
                }
                s.game = v.to_string();
            }
            Arg::Flag("--skip", v) => s.skip = number("--skip", v, 0..=10_000)?,
            Arg::Flag("--steps", v) => s.steps = number("--steps", v, 1..=1_000_000)?,
            Arg::Flag("--holdout", v) => s.holdout = number("--holdout", v, 0..=1_000_000)?,
            Arg::Flag("--min-seen", v) => s.min_seen = number("--min-seen", v, 0..=1_000_000_000)?,
            Arg::Flag("--hold", v) => s.hold.extend(v.split(',').map(str::to_string)),
            Arg::Flag("--search-nodes", v) => {
                s.search_nodes = number("--search-nodes", v, 1..=1_000_000_000)?
            }
            Arg::Flag("--search-weight", v) => {
                s.search_weight = v
                    .parse::<f64>()
                    .ok()
                    .filter(|w| (0.0..=1.0).contains(w))
                    .ok_or_else(|| {
                        format!("--search-weight wants a number from 0 to 1, not '{v}'")
                    })?
            }
            Arg::Flag("--labels", v) => s.labels = Some(v.to_string()),
            Arg::Flag("--source", v) => s.source = Some(v.to_string()),
            Arg::Word(file) => s.files.push(file.to_string()),
            Arg::Flag(flag, _) | Arg::Switch(flag) => {
                return Err(format!("unknown argument '{flag}'"));
            }
        }
    }
    if s.files.is_empty() {
        return Err("give at least one save file".into());
    }
    if s.labels.is_some() && s.search_nodes > 0 {
        return Err("--labels and --search-nodes are two sources of one label: give one".into());
    }
    Ok(s)
}

/// What the samples of a game are made of: its positions after the first `skip` plies, `edge`
/// the index of the first player's edge, the labels, and whether the labelled children of
/// its positions count too (a child carries the game's result, which its target ignores: see
/// `Target`).
struct Source<'a> {
    skip: usize,
    edge: u32,
    labels: &'a Labels,
    children: bool,
}

/// The samples of one save-file line, each with its score from the labels; `None` for a game
/// not decided over the board (a time loss, a crash, an illegal move: its result says nothing
/// of the position).
fn game_samples<G: Tunable>(
    game_id: &str,
    line: &str,
    source: &Source,
) -> Result<Option<Vec<Sample>>, String> {
    let game = SavedGame::parse(line)?;
    if !["rules", "adjudication", "score adjudication"].contains(&game.reason) {
        return Ok(None);
    }
    let result = match game.outcome {
        Outcome::Win(Side::P1) => 1.0,
        Outcome::Win(Side::P2) => 0.0,
        Outcome::Draw => 0.5,
    };
    let (mut pos, moves) = start_of::<G>(game_id, game.position)?;
    let mut samples = Vec::new();
    let mut counts = Vec::new();
    let mut add = |pos: &G, child: bool| {
        let label = pos.settled().then(|| source.labels.label(pos));
        if let Some(searched) = label.flatten() {
            pos.weight_counts(&mut counts);
            samples.push(Sample {
                eval: first_players(pos, f64::from(pos.evaluate(&G::Policy::default()))),
                counts: counts
                    .iter()
                    .map(|&(i, n)| (i as u32, n))
                    .chain([(source.edge, 1.0)])
                    .collect(),
                result,
                searched,
                child,
            });
        }
    };
    for (ply, word) in moves.split_whitespace().enumerate() {
        let mv = pos.parse_move(word)?;
        if ply >= source.skip {
            add(&pos, false);
            let children = match source.labels {
                Labels::Given(given) if source.children => given.children.get(&pos.hash()),
                _ => None,
            };
            // The child the game played is its next position, a sample of its own.
            for child in children.into_iter().flatten() {
                let other = pos.parse_move(child)?;
                if other != mv {
                    let mut next = pos.clone();
                    next.play(other);
                    add(&next, true);
                }
            }
        }
        pos.play(mv);
    }
    Ok(Some(samples))
}

/// The expected result for the first player of a score on the logistic curve of scale `k`.
fn expected(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// The evaluation of a sample with the weights moved by `delta` (per weight).
fn moved(s: &Sample, delta: &[f64]) -> f64 {
    s.eval
        + s.counts
            .iter()
            .map(|&(i, n)| n * delta[i as usize])
            .sum::<f64>()
}

/// Mean squared error against `target` of the predictions with the weights moved by `delta`.
fn error(samples: &[Sample], delta: &[f64], k: f64, target: Target) -> f64 {
    mean_error(samples, |s| expected(moved(s, delta), k), target)
}

/// Mean squared error of `predict` against `target`.
fn mean_error(samples: &[Sample], predict: impl Fn(&Sample) -> f64 + Sync, target: Target) -> f64 {
    let total = sum_in_order(samples, 1, |sum, s| {
        sum[0] += (target.of(s) - predict(s)).powi(2)
    });
    total[0] / samples.len() as f64
}

/// The samples a thread sums alone before the sums are added up.
const CHUNK: usize = 4096;

/// The sum over `samples` of what `add` adds to `width` totals, in parallel. The chunks are
/// fixed and their sums added in order, so the same samples give the same sums to the last
/// bit on every run: floating-point addition depends on the order, and thousands of descent
/// steps would carry a changing order's rounding into the weights.
fn sum_in_order(
    samples: &[Sample],
    width: usize,
    add: impl Fn(&mut [f64], &Sample) + Sync,
) -> Vec<f64> {
    let chunks: Vec<Vec<f64>> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut sum = vec![0.0; width];
            chunk.iter().for_each(|s| add(&mut sum, s));
            sum
        })
        .collect();
    let mut total = vec![0.0; width];
    for chunk in chunks {
        total.iter_mut().zip(chunk).for_each(|(t, x)| *t += x);
    }
    total
}

/// The curve's scale that maps `score` to the results best (golden-section search).
fn fit_scale(samples: &[Sample], score: impl Fn(&Sample) -> f64 + Sync) -> f64 {
    let err = |k: f64| mean_error(samples, |s| expected(score(s), k), Target::RESULT);
    let (mut lo, mut hi) = (0.05, 5.0);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if err(a) < err(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Gradient descent on the weight changes (Adam) towards `target`, each weight by its own
/// step size (`rates`; 0 holds a weight where it is).
fn fit_values(samples: &[Sample], rates: &[f64], k: f64, steps: usize, target: Target) -> Vec<f64> {
    let kinds = rates.len();
    let mut delta = vec![0.0; kinds];
    let (mut m, mut v) = (vec![0.0; kinds], vec![0.0; kinds]);
    let (b1, b2) = (0.9, 0.999);
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for step in 1..=steps {
        let grad = sum_in_order(samples, kinds, |grad, s| {
            let p = expected(moved(s, &delta), k);
            let common = -2.0 * (target.of(s) - p) * p * (1.0 - p) * slope;
            for &(i, n) in &s.counts {
                grad[i as usize] += common * n;
            }
        });
        for i in (0..kinds).filter(|&i| rates[i] > 0.0) {
            let g = grad[i] / samples.len() as f64;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let (mh, vh) = (
                m[i] / (1.0 - b1.powi(step as i32)),
                v[i] / (1.0 - b2.powi(step as i32)),
            );
            delta[i] -= rates[i] * mh / (vh.sqrt() + 1e-12);
        }
    }
    delta
}

/// In how many of `samples` each weight counts.
fn seen(samples: &[Sample], kinds: usize) -> Vec<usize> {
    let mut seen = vec![0; kinds];
    for s in samples {
        for &(i, _) in &s.counts {
            seen[i as usize] += 1;
        }
    }
    seen
}

/// Fits the weights, shows the errors before and after (and the learning curve) and the
/// measured weights; returns them, rounded.
fn report(weights: &[Weight], games: &Games, settings: &Settings) -> Vec<i32> {
    // Beside the weights, one more term counts once in every position: the first player's
    // edge, what the game gives the side that moves first whatever the position. The
    // evaluation has no such term (it is the same for every move of a search), but without
    // it a fit on results bends the weights that differ by colour to stand in for it.
    let kinds = weights.len() + 1;
    let edge = weights.len();
    // The curves and every error are of the positions the games played; the children (with
    // `--labels`) only join the fit, aiming at their labels.
    let played: Vec<Sample> = games.fitted.iter().filter(|s| !s.child).cloned().collect();
    let fitted = &played;
    let held = &games.held_out;
    let seen = seen(&games.fitted, kinds);
    let edge_step = weights.iter().map(|w| w.step).fold(0.0, f64::max);
    let on_hold = |w: &Weight| settings.hold.iter().any(|p| names(p, &w.name));
    let rates: Vec<f64> = weights
        .iter()
        .zip(&seen)
        .map(|(w, &n)| {
            if n >= settings.min_seen && !on_hold(w) {
                w.step
            } else {
                0.0
            }
        })
        .chain([edge_step])
        .collect();
    let k = fit_scale(fitted, |s| s.eval);
    let result = Target::RESULT;
    let steps = settings.steps;
    // What the weights in use predict, with the edge fitted alone: the errors' "before".
    let mut edge_only = vec![0.0; kinds];
    edge_only[edge] = edge_step;
    let none = fit_values(fitted, &edge_only, k, steps, result);
    // With searched scores, the fit aims at the blend of result and searched result, each
    // score on its own fitted curve; every error shown is against the results.
    let searched = fitted.iter().all(|s| s.searched.is_some());
    let target = if searched {
        let ks = fit_scale(fitted, |s| s.searched.unwrap_or(0.0));
        let by_search = |s: &Sample| expected(s.searched.unwrap_or(0.0), ks);
        let held_error = if held.is_empty() {
            String::new()
        } else {
            format!(", held out {:.5}", mean_error(held, by_search, result))
        };
        super::say(&format!(
            "searched scores: logistic scale {ks:.3}; mean squared error {:.5}{held_error}; \
             label weight {}",
            mean_error(fitted, by_search, result),
            settings.search_weight
        ));
        Target {
            k: ks,
            weight: settings.search_weight,
        }
    } else {
        result
    };
    let all = &games.fitted;
    let delta = fit_values(all, &rates, k, steps, target);
    let children = games.fitted.len() - played.len();
    let children = if children > 0 {
        format!(" (and {children} labelled children)")
    } else {
        String::new()
    };
    super::say(&format!(
        "{} games, {} settled positions{children}; logistic scale {k:.3}; mean squared error {:.5} -> {:.5}",
        games.count,
        fitted.len() + held.len(),
        error(fitted, &none, k, result),
        error(fitted, &delta, k, result)
    ));
    if !held.is_empty() {
        super::say(&format!(
            "held out: {} games, {} settled positions; mean squared error {:.5} -> {:.5}",
            games.count - games.fitted_ends.len(),
            held.len(),
            error(held, &none, k, result),
            error(held, &delta, k, result)
        ));
        // The same fit on the first quarter and half of the games: a held-out error still
        // falling at all of them says more games would still help.
        let n = games.fitted_ends.len();
        for part in [n / 4, n / 2] {
            let some = &all[..part.checked_sub(1).map_or(0, |g| games.fitted_ends[g])];
            if !some.is_empty() {
                let d = fit_values(some, &rates, k, steps, target);
                super::say(&format!(
                    "fitted to {part} games: held-out mean squared error {:.5}",
                    error(held, &d, k, result)
                ));
            }
        }
    }
    let width = weights
        .iter()
        .map(|w| w.name.len())
        .max()
        .unwrap_or(4)
        .max(6);
    super::say(&format!(
        "{:>width$}  value  measured  positions with a count",
        "weight"
    ));
    let mut values = Vec::with_capacity(kinds);
    for (i, w) in weights.iter().enumerate() {
        let measured = f64::from(w.value) + delta[i];
        values.push(measured.round() as i32);
        // Large weights in whole units, slopes to a tenth.
        let places = if w.step >= 1.0 || w.step == 0.0 { 0 } else { 1 };
        super::say(&format!(
            "{:>width$}  {:>5}  {measured:>8.places$}  {}{}",
            w.name,
            w.value,
            seen[i],
            if w.step == 0.0 || rates[i] > 0.0 {
                ""
            } else if on_hold(w) {
                " (held: --hold)"
            } else {
                " (held: seen too seldom)"
            }
        ));
    }
    super::say(&format!(
        "first player's edge (fitted beside the weights, not one of them): {:.0}",
        delta[edge]
    ));
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fitting steps of the piece values: the pawn held, the others by 2 units.
    fn rates() -> Vec<f64> {
        let mut r = vec![2.0; 10];
        r[0] = 0.0;
        r
    }

    /// The first player's edge's index for Chess14: after its weights.
    fn chess14_edge() -> u32 {
        Chess14::weights().len() as u32
    }

    fn sample(eval: f64, knights: f64, result: f64) -> Sample {
        Sample {
            eval,
            counts: vec![(1, knights)],
            result,
            searched: None,
            child: false,
        }
    }

    #[test]
    fn sums_do_not_depend_on_the_threads() {
        // Terms of both signs and very different sizes, whose float sum changes with the
        // order of addition.
        let samples: Vec<Sample> = (0..50_000)
            .map(|i| {
                let size = 10f64.powi(i % 9 - 3);
                sample(0.0, ((i * 7919 % 1000) as f64 - 499.5) * size, 0.0)
            })
            .collect();
        let sum = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| sum_in_order(&samples, 1, |t, s| t[0] += s.counts[0].1))[0]
        };
        let one = sum(1);
        for threads in [2, 3, 8] {
            assert_eq!(sum(threads).to_bits(), one.to_bits());
        }
    }

    #[test]
    fn a_piece_that_wins_more_than_its_value_says_is_valued_up() {
        // Positions a knight up score +200 but win as if +400: the fit adds about 200.
        let mut samples = Vec::new();
        for i in 0..400 {
            let p = expected(400.0, 1.0);
            let won = (i as f64) < p * 400.0;
            samples.push(sample(200.0, 1.0, if won { 1.0 } else { 0.0 }));
            samples.push(sample(-200.0, -1.0, if won { 0.0 } else { 1.0 }));
            samples.push(sample(0.0, 0.0, 0.5));
        }
        let delta = fit_values(&samples, &rates(), 1.0, 3000, Target::RESULT);
        assert!((delta[1] - 200.0).abs() < 20.0, "{delta:?}");
        assert_eq!(delta[0], 0.0, "the pawn is the unit");
    }

    #[test]
    fn searched_scores_teach_what_results_cannot() {
        // Every game drawn, so results say nothing; a search sees the knight up worth 400.
        let mut samples = Vec::new();
        for sign in [1.0, -1.0] {
            let mut s = sample(200.0 * sign, sign, 0.5);
            s.searched = Some(400.0 * sign);
            samples.push(s);
        }
        let by_search = Target {
            k: 1.0,
            weight: 1.0,
        };
        assert!((by_search.of(&samples[0]) - expected(400.0, 1.0)).abs() < 1e-12);
        let halves = Target {
            k: 1.0,
            weight: 0.5,
        };
        assert!((halves.of(&samples[0]) - (0.25 + expected(400.0, 1.0) / 2.0)).abs() < 1e-12);
        let delta = fit_values(&samples, &rates(), 1.0, 3000, by_search);
        assert!((delta[1] - 200.0).abs() < 5.0, "{delta:?}");
        let delta = fit_values(&samples, &rates(), 1.0, 3000, Target::RESULT);
        assert!(
            delta[1] < -150.0,
            "draws make the knight worth nothing: {delta:?}"
        );
    }

    #[test]
    fn the_first_players_edge_takes_the_first_players_wins() {
        // The first player wins three games in four whatever the knights; a knight more is
        // as often the first player's as the second's, and wins as often. The edge (term 2)
        // takes the first player's wins; the knight stays where it is.
        let mut samples = Vec::new();
        for i in 0..400 {
            let knights = if i % 2 == 0 { 1.0 } else { -1.0 };
            let lost = i % 8 == 6 || i % 8 == 7;
            let mut s = sample(0.0, knights, if lost { 0.0 } else { 1.0 });
            s.counts.push((2, 1.0));
            samples.push(s);
        }
        let mut rates = rates();
        rates[2] = 2.0;
        let delta = fit_values(&samples, &rates, 1.0, 3000, Target::RESULT);
        assert!(delta[1].abs() < 10.0, "{delta:?}");
        // 75% is about +191 on the curve.
        assert!((delta[2] - 191.0).abs() < 15.0, "{delta:?}");
    }

    #[test]
    fn arguments_need_a_file_and_known_flags() {
        let args = |a: &[&str]| settings(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(args(&[]).err().unwrap(), "give at least one save file");
        assert_eq!(
            args(&["--x", "1", "f"]).err().unwrap(),
            "unknown flag '--x'"
        );
        let s = args(&["--skip", "4", "a", "b"]).unwrap();
        assert_eq!((s.skip, s.steps, s.holdout, s.files.len()), (4, 3000, 5, 2));
        assert_eq!(args(&["--holdout", "0", "a"]).unwrap().holdout, 0);
        let s = args(&["--search-nodes", "500", "--search-weight", "0.25", "a"]).unwrap();
        assert_eq!((s.search_nodes, s.search_weight), (500, 0.25));
        for bad in ["2", "-0.5", "nan", "x"] {
            assert_eq!(
                args(&["--search-weight", bad, "a"]).err().unwrap(),
                format!("--search-weight wants a number from 0 to 1, not '{bad}'")
            );
        }
    }

    /// Samples after `skip` plies, with `labels`, children included.
    fn source(skip: usize, edge: u32, labels: &Labels) -> Source<'_> {
        Source {
            skip,
            edge,
            labels,
            children: true,
        }
    }

    #[test]
    fn save_lines_give_quiet_positions_of_decided_games() {
        let line = "1\tengine 1\tengine 2\tp1win\trules\tposition startpos moves e2e4 e13e11 f2f4";
        let unlabelled = |skip| source(skip, chess14_edge(), &Labels::None);
        let samples = game_samples::<Chess14>("chess14", line, &unlabelled(1))
            .unwrap()
            .unwrap();
        assert_eq!(samples.len(), 2);
        assert!(samples.iter().all(|s| s.result == 1.0));
        // Every sample counts the first player's edge once, after the weights.
        let edge = (Chess14::weights().len() as u32, 1.0);
        assert!(samples.iter().all(|s| s.counts.last() == Some(&edge)));
        let flagged = line.replace("rules", "time forfeit");
        assert!(
            game_samples::<Chess14>("chess14", &flagged, &unlabelled(0))
                .unwrap()
                .is_none()
        );
        assert!(game_samples::<Chess14>("chess14", "1\t2", &unlabelled(0)).is_err());
        let bad = line.replace("e2e4", "zz");
        assert!(game_samples::<Chess14>("chess14", &bad, &unlabelled(0)).is_err());
    }

    /// A file of `text` in the temporary folder, named for the test.
    fn temp_file(name: &str, text: &str) -> String {
        let path = std::env::temp_dir().join(format!("tabula-tune-{name}-{}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    }

    #[test]
    fn given_labels_score_only_the_positions_they_name() {
        // Scores of the side to move: Black's +120 after two stones, White's +40 after three,
        // and White's -30 after a third stone the game did not play (a child of the second
        // position).
        let path = temp_file(
            "labels",
            "# a comment\n120\tposition startpos moves H8 I9\n\n40\tposition startpos moves H8 I9 G7\n\
             -30\tposition startpos moves H8 I9 F6\n",
        );
        let labels = labels::<Gomoku>(&Settings {
            labels: Some(path.clone()),
            ..settings(&["--game".into(), "gomoku".into(), "f".into()]).unwrap()
        })
        .unwrap();
        let Labels::Given(given) = &labels else {
            panic!("a file of labels gives labels");
        };
        assert_eq!(given.scores.len(), 3);
        let edge = Gomoku::weights().len() as u32;
        let game = "1\tengine 1\tengine 2\tp2win\trules\tposition startpos moves H8 I9 G7 J10";
        let mut source = source(0, edge, &labels);
        let searched = |source: &Source| -> Vec<Option<f64>> {
            let samples = game_samples::<Gomoku>("gomoku", game, source)
                .unwrap()
                .unwrap();
            assert!(samples.iter().all(|s| s.result == 0.0));
            // Only the position off the game's line is a child.
            assert!(
                samples
                    .iter()
                    .all(|s| s.child == (s.searched == Some(30.0)))
            );
            samples.iter().map(|s| s.searched).collect()
        };
        // The four positions of the game, two of them labelled: from Black's side +120 and
        // -40; after the first, the child the game did not play, +30 for Black...
        assert_eq!(searched(&source), [Some(120.0), Some(30.0), Some(-40.0)]);
        // ...which a held-out game leaves out.
        source.children = false;
        assert_eq!(searched(&source), [Some(120.0), Some(-40.0)]);
        std::fs::remove_file(&path).unwrap();
        for (text, error) in [
            (
                "120 position startpos",
                "line 1: no tab between the score and the position",
            ),
            (
                "x\tposition startpos",
                "line 1: the score 'x' is not a number",
            ),
            (
                "1\tposition startpos moves H8 H8",
                "line 1: point H8 is taken",
            ),
            ("1\tstartpos", "line 1: no position in 'startpos'"),
        ] {
            let path = temp_file("bad-labels", text);
            assert_eq!(
                given_labels::<Gomoku>("gomoku", &path).err().unwrap(),
                error
            );
            std::fs::remove_file(&path).unwrap();
        }
        let both = settings(&["--labels", "l", "--search-nodes", "9", "f"].map(String::from));
        assert_eq!(
            both.err().unwrap(),
            "--labels and --search-nodes are two sources of one label: give one"
        );
    }

    #[test]
    fn every_nth_game_is_held_out_of_the_fit() {
        let game = "engine 1\tengine 2\tp1win\trules\tposition startpos moves e2e4 e13e11 f2f4";
        let text: String = (1..=5).map(|i| format!("{i}\t{game}\n")).collect();
        let path = temp_file("holdout", &text);
        for (holdout, fitted, held_out) in [(2, 3, 4), (5, 4, 2), (0, 5, 0)] {
            let settings = Settings {
                game: "chess14".into(),
                skip: 1,
                steps: 1,
                holdout,
                min_seen: 100,
                hold: Vec::new(),
                search_nodes: 0,
                search_weight: 0.5,
                labels: None,
                source: None,
                files: vec![path.clone()],
            };
            let mut games = Games::default();
            read_games::<Chess14>(&path, &settings, chess14_edge(), &Labels::None, &mut games)
                .unwrap();
            assert_eq!(games.count, 5);
            assert_eq!(games.fitted_ends.len(), fitted, "holdout {holdout}");
            assert_eq!(games.held_out.len(), held_out, "two samples a game");
        }
        std::fs::remove_file(&path).unwrap();
    }
}
