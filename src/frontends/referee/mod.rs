//! `tabula match`: a referee that plays engine-vs-engine games over pipes for any registered
//! game. Every opening is played twice with colours swapped; `--concurrency` workers each own
//! a pair of engine processes and play whole game pairs; the main thread tallies the results,
//! writes the save file, shows progress on stderr, runs the SPRT and prints the report.

mod config;
mod export;
mod fairy;
mod gomocup;
mod openings;
mod orphans;
mod play;
mod process;
mod results;
pub mod save;
mod seat;
mod stats;

pub use config::USAGE;

use config::Config;
use openings::Openings;
use play::{Players, Record, Thinking};
use stats::{Pentanomial, Sprt, Verdict};
use std::collections::{BTreeMap, HashMap};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};

/// What a worker tells the main thread.
enum Event {
    Game(Box<Record>),
    /// The match cannot go on (e.g. no random opening could be found).
    Failed(String),
}

/// Runs a match; returns the exit status (see protocol.md).
pub fn run(args: &[String]) -> i32 {
    if args.first().is_some_and(|a| a == "merge") {
        return results::merge(&args[1..]);
    }
    let cfg = match config::parse(args) {
        Ok(c) => c,
        Err(e) => {
            super::complain("tabula match", e);
            eprintln!("{USAGE}");
            return 2;
        }
    };
    orphans::adopt();
    let openings = match Openings::new(&cfg) {
        Ok(o) => o,
        Err(e) => {
            super::complain("tabula match", e);
            return 2;
        }
    };
    // Both engines must get through the handshake once, or the match would be all forfeits.
    let mut names = Vec::new();
    for i in 0..2 {
        match Players::new(&cfg).start(i) {
            Ok(engine) => names.push(engine.name().to_string()),
            Err(fault) => {
                let engine = format!("engine {} [{}]", i + 1, cfg.engines[i].label());
                super::complain("tabula match", format!("{engine}: {fault}"));
                return 1;
            }
        }
    }
    let names: Vec<String> = names
        .iter()
        .zip(&cfg.engines)
        .map(|(name, spec)| format!("{name} [{}]", spec.label()))
        .collect();
    let mut save = match &cfg.save {
        None => None,
        Some(path) => match crate::files::create(path) {
            Ok(file) => Some(file),
            Err(e) => {
                super::complain(
                    "tabula match",
                    format!("cannot write {}: {e}", path.display()),
                );
                return 1;
            }
        },
    };
    if let Some(file) = &mut save {
        let header = format!(
            "# tabula match: {}, {}, seed {}\n# engine 1: {}\n# engine 2: {}\n",
            cfg.game.id,
            cfg.describe_limits(),
            cfg.seed,
            names[0],
            names[1]
        );
        if let Err(e) = file.write_all(header.as_bytes()) {
            super::complain("tabula match", format!("cannot write the save file: {e}"));
            return 1;
        }
    }
    let results = match &cfg.results {
        None => None,
        Some(path) => match results::Writer::create(path, &cfg, &names) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("tabula match: cannot write {}: {e}", path.display());
                return 1;
            }
        },
    };
    let exports = match export::Exports::create(&cfg) {
        Ok(e) => e,
        Err(e) => {
            super::complain("tabula match", e);
            return 1;
        }
    };
    let outputs = Outputs {
        save,
        results,
        exports,
        names: &names,
    };
    let (tally, failure) = play_match(&cfg, &openings, outputs);
    super::say(report(&Summary::of(&cfg), &names, &tally).trim_end());
    match failure {
        Some(e) => {
            super::complain("tabula match", format!("stopped: {e}"));
            1
        }
        None => 0,
    }
}

/// Where finished games are written.
struct Outputs<'a> {
    save: Option<std::fs::File>,
    results: Option<results::Writer>,
    exports: export::Exports,
    /// The report's names of the engines.
    names: &'a [String],
}

/// Plays the pairs on `cfg.concurrency` workers; returns the tally and why the match stopped
/// before its end, if it did for another reason than the SPRT.
fn play_match(cfg: &Config, openings: &Openings, outputs: Outputs) -> (Tally, Option<String>) {
    let Outputs {
        mut save,
        mut results,
        mut exports,
        names,
    } = outputs;
    let pairs = cfg.my_pairs();
    let next_pair = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let mut tally = Tally::default();
    let mut failure = None;
    let mut progress = Progress::new(pairs.len() * 2);
    std::thread::scope(|s| {
        for _ in 0..cfg.concurrency.min(pairs.len()) {
            let tx = tx.clone();
            let (next_pair, stop, pairs) = (&next_pair, &stop, &pairs);
            s.spawn(move || worker(cfg, openings, pairs, next_pair, stop, tx));
        }
        drop(tx);
        for event in rx {
            // Games that end after the decision are not counted: the match ends at the game
            // that decided it, however many others were still running.
            if stop.load(Ordering::Relaxed) {
                continue;
            }
            match event {
                Event::Game(record) => {
                    if let Some(file) = &mut save
                        && let Err(e) = writeln!(file, "{}", record.save_line())
                    {
                        super::complain("tabula match", format!("cannot write the save file: {e}"));
                        save = None;
                    }
                    if let Some(w) = &mut results
                        && let Err(e) = w.game(&record)
                    {
                        eprintln!("tabula match: cannot write the results file: {e}");
                        results = None;
                    }
                    if let Err(e) = exports.game(cfg, names, &record) {
                        super::complain("tabula match", e);
                    }
                    tally.add(&Counted::of(&record), cfg.sprt.as_ref());
                    progress.show(&tally, cfg.sprt.is_some());
                    // A shard plays all its pairs: the SPRT decides over the merged shards.
                    if tally.verdict != Verdict::Continue && cfg.shard.is_none() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Event::Failed(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    progress.finish();
    if let Some(w) = results
        && let Err(e) = w.finish(failure.as_deref())
    {
        eprintln!("tabula match: cannot write the results file: {e}");
    }
    (tally, failure)
}

/// Takes game pairs until there are none left or the match stops; a game cut short by the stop
/// is not reported.
fn worker(
    cfg: &Config,
    openings: &Openings,
    pairs: &[usize],
    next_pair: &AtomicUsize,
    stop: &AtomicBool,
    tx: Sender<Event>,
) {
    let mut players = Players::new(cfg);
    let mut checker = None;
    let fail = |e: String| {
        let _ = tx.send(Event::Failed(e));
    };
    while !stop.load(Ordering::Relaxed) {
        let Some(&pair) = pairs.get(next_pair.fetch_add(1, Ordering::Relaxed)) else {
            return;
        };
        let opening = match openings.for_pair(cfg, pair, &mut checker) {
            Ok(o) => o,
            Err(e) => return fail(format!("opening of pair {}: {e}", pair + 1)),
        };
        for first in 0..2 {
            match players.play(2 * pair + first + 1, first, &opening, stop) {
                Ok(Some(record)) => {
                    let _ = tx.send(Event::Game(Box::new(record)));
                }
                Ok(None) => return,
                Err(e) => return fail(e),
            }
        }
    }
}

/// One finished game as the tally counts it: from a game just played, or from a results file.
pub struct Counted {
    /// The game's pair, from 0.
    pub pair: usize,
    /// Engine 1's half-points: 2 for a win, 1 for a draw, 0 for a loss.
    pub points: usize,
    /// The kind of ending (`rules`, `time forfeit`, ...).
    pub ending: String,
    pub thinking: [Thinking; 2],
}

impl Counted {
    fn of(r: &Record) -> Counted {
        Counted {
            pair: (r.number - 1) / 2,
            points: r.half_points(),
            ending: r.reason.kind().to_string(),
            thinking: r.thinking,
        }
    }
}

/// The results so far, from engine 1's point of view.
#[derive(Default)]
pub struct Tally {
    /// Wins, draws, losses.
    wdl: [u32; 3],
    penta: Pentanomial,
    /// Half-points of the first finished game of each pair whose other game is still running.
    halves: HashMap<usize, usize>,
    endings: BTreeMap<String, u32>,
    /// Per engine: time spent on answered moves.
    thinking: [Thinking; 2],
    llr: f64,
    verdict: Verdict,
}

impl Tally {
    pub fn add(&mut self, game: &Counted, sprt: Option<&Sprt>) {
        self.wdl[2 - game.points] += 1;
        *self.endings.entry(game.ending.clone()).or_default() += 1;
        for (total, one) in self.thinking.iter_mut().zip(game.thinking) {
            total.add(one);
        }
        match self.halves.remove(&game.pair) {
            None => {
                self.halves.insert(game.pair, game.points);
            }
            Some(other) => {
                self.penta.add(other + game.points);
                if let Some(sprt) = sprt {
                    self.llr = sprt.llr(&self.penta);
                    self.verdict = sprt.verdict(self.llr);
                }
            }
        }
    }

    fn games(&self) -> u32 {
        self.wdl.iter().sum()
    }

    fn wdl_text(&self) -> String {
        format!("{}/{}/{}", self.wdl[0], self.wdl[1], self.wdl[2])
    }

    /// `+12.3 +/- 45.6`, or `none` before the first complete pair.
    fn elo_text(&self) -> String {
        match self.penta.elo_interval() {
            Some((elo, pm)) => format!("{elo:+.1} +/- {pm:.1}"),
            None => "none".into(),
        }
    }

    /// Engine 1's score in percent over all finished games.
    fn score_percent(&self) -> f64 {
        let games = self.games().max(1) as f64;
        (self.wdl[0] as f64 + self.wdl[1] as f64 / 2.0) * 100.0 / games
    }
}

/// What the report's header says of the match, whether played here or merged from shards.
pub struct Summary {
    pub game: String,
    /// The limits, as `TimeControl::describe` writes them.
    pub limits: String,
    /// The games this report covers when all are played.
    pub games: usize,
    pub seed: u64,
    pub sprt: Option<Sprt>,
    /// `2/4` for one shard; for a merge, which shards it holds.
    pub shards: Option<String>,
}

impl Summary {
    fn of(cfg: &Config) -> Summary {
        Summary {
            game: cfg.game.id.to_string(),
            limits: cfg.describe_limits(),
            games: cfg.my_pairs().len() * 2,
            seed: cfg.seed,
            sprt: cfg.sprt,
            shards: cfg.shard.map(|s| format!("shard {}/{}", s.index, s.of)),
        }
    }
}

/// The final report (see protocol.md for its lines).
pub fn report(m: &Summary, names: &[String], t: &Tally) -> String {
    let mut lines = vec![format!(
        "Match: {}, {}, {} of {} games, seed {}",
        m.game,
        m.limits,
        t.games(),
        m.games,
        m.seed
    )];
    lines.extend(m.shards.as_ref().map(|s| format!("Shards: {s}")));
    lines.extend([
        format!("Engine 1: {}", names[0]),
        format!("Engine 2: {}", names[1]),
        format!("W/D/L: {} (engine 1)", t.wdl_text()),
        format!(
            "Score: {:.1}% ({} of {})",
            t.score_percent(),
            (t.wdl[0] as f64 + t.wdl[1] as f64 / 2.0),
            t.games()
        ),
        format!("Elo: {} (95%, {} pairs)", t.elo_text(), t.penta.pairs()),
        format!(
            "LOS: {:.1}%",
            stats::likelihood_of_superiority(t.wdl[0], t.wdl[2]) * 100.0
        ),
        format!(
            "Pentanomial: {}",
            t.penta.counts.map(|c| c.to_string()).join(" ")
        ),
    ]);
    let endings: Vec<String> = t.endings.iter().map(|(k, n)| format!("{k} {n}")).collect();
    lines.push(format!("Endings: {}", endings.join(", ")));
    let per_move = |t: &Thinking| t.average().map_or("-".into(), |ms| format!("{ms} ms"));
    lines.push(format!(
        "Time per move: engine 1 {}, engine 2 {}",
        per_move(&t.thinking[0]),
        per_move(&t.thinking[1])
    ));
    if t.thinking.iter().any(|t| t.median_depth().is_some()) {
        let depth = |t: &Thinking| t.median_depth().map_or("-".into(), |d| d.to_string());
        lines.push(format!(
            "Median depth: engine 1 {}, engine 2 {}",
            depth(&t.thinking[0]),
            depth(&t.thinking[1])
        ));
    }
    let slowest = |t: &Thinking| match t.moves {
        0 => "-".to_string(),
        _ => format!("{} ms", t.slowest),
    };
    lines.push(format!(
        "Slowest move: engine 1 {}, engine 2 {}",
        slowest(&t.thinking[0]),
        slowest(&t.thinking[1])
    ));
    if let Some(sprt) = &m.sprt {
        let (lo, hi) = sprt.bounds();
        let verdict = match t.verdict {
            Verdict::Continue => "no decision",
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
        };
        lines.push(format!(
            "SPRT: llr {:.2} ({lo:.2}, {hi:.2}), elo0 {}, elo1 {}, alpha {}, beta {}: {verdict}",
            t.llr, sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        ));
    }
    // cutechess-cli's line, for tools that read it: wins - losses - draws [score] games.
    lines.push(format!(
        "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
        names[0],
        names[1],
        t.wdl[0],
        t.wdl[2],
        t.wdl[1],
        t.score_percent() / 100.0,
        t.games()
    ));
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The progress line on stderr: rewritten in place on a terminal, one line per game otherwise.
struct Progress {
    total: usize,
    terminal: bool,
    start: std::time::Instant,
}

impl Progress {
    fn new(total: usize) -> Self {
        Progress {
            total,
            terminal: std::io::stderr().is_terminal(),
            start: std::time::Instant::now(),
        }
    }

    fn show(&mut self, t: &Tally, sprt: bool) {
        let mut line = format!(
            "game {}/{}  W/D/L {}  score {:.1}%  elo {}",
            t.games(),
            self.total,
            t.wdl_text(),
            t.score_percent(),
            t.elo_text()
        );
        if sprt {
            line += &format!("  llr {:.2}", t.llr);
        }
        let left = self.total.saturating_sub(t.games() as usize);
        line += &format!(
            "  eta {}",
            eta(self.start.elapsed(), t.games() as usize, left)
        );
        if self.terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
    }

    fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}

/// The time the `left` games will take at the pace of the `done` ones: `1h02m`, `3m05s`, `12s`.
fn eta(elapsed: std::time::Duration, done: usize, left: usize) -> String {
    let secs = (elapsed.as_secs_f64() / done.max(1) as f64 * left as f64).round() as u64;
    match (secs / 3600, secs / 60 % 60, secs % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, _) => format!("{h}h{m:02}m"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_eta_follows_the_pace_so_far() {
        assert_eq!(eta(Duration::from_secs(10), 5, 5), "10s");
        assert_eq!(eta(Duration::from_secs(10), 2, 37), "3m05s");
        assert_eq!(eta(Duration::from_secs(62), 1, 60), "1h02m");
        assert_eq!(eta(Duration::from_secs(9), 3, 0), "0s");
    }
}
