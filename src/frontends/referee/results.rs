//! `--results FILE` and `tabula match merge FILE...`: a match split into shards (`--shard K/N`,
//! on as many machines as there are shards) is added up exactly, pair by pair, into the report
//! one run would have printed.
//!
//! A results file is JSON lines: a header (the match: game, limits, seed, pairs, shard,
//! engines, SPRT), one line per finished pair (both games: points, ending, reason, thinking
//! time and depths, the save-file line), and an end line once the run is over. A shard that
//! died has no end line, and the merge says so: it is counted as far as it went, never taken
//! for complete.

use super::config::Config;
use super::play::{Record, Thinking};
use super::stats::Sprt;
use super::{Counted, Summary, Tally, report};
use crate::frontends::say;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// The version of the format, in every header: a merge refuses files of another.
const FORMAT: u64 = 1;

/// Writes a run's results file as its pairs finish.
pub struct Writer {
    file: File,
    /// The first finished game of each pair whose other game is still running.
    pending: HashMap<usize, Value>,
    written: usize,
}

impl Writer {
    /// Creates the file and writes the header.
    pub fn create(path: &Path, cfg: &Config, names: &[String]) -> io::Result<Writer> {
        let shard = cfg.shard.map_or([1, 1], |s| [s.index, s.of]);
        let sprt = cfg
            .sprt
            .map(|s| json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta}));
        let header = json!({
            "tabula_match": FORMAT,
            "game": cfg.game.id,
            "limits": cfg.describe_limits(),
            "seed": cfg.seed,
            "pairs": cfg.pairs,
            "shard": shard,
            "engines": names,
            "sprt": sprt,
        });
        let mut w = Writer {
            file: File::create(path)?,
            pending: HashMap::new(),
            written: 0,
        };
        w.line(&header)?;
        Ok(w)
    }

    /// Takes a finished game; writes its pair's line once both games are in.
    pub fn game(&mut self, r: &Record) -> io::Result<()> {
        let pair = (r.number - 1) / 2;
        let game = json!({
            "number": r.number,
            "first": r.first,
            "points": r.half_points(),
            "ending": r.reason.kind(),
            "reason": r.reason.to_string(),
            "thinking": r.thinking.map(|t| t.to_json()),
            "game": r.save_line(),
        });
        let Some(other) = self.pending.remove(&pair) else {
            self.pending.insert(pair, game);
            return Ok(());
        };
        let mut games = [other, game];
        games.sort_by_key(|g| g["number"].as_u64());
        self.written += 1;
        self.line(&json!({"pair": pair, "games": games}))
    }

    /// The end line: how many pairs the file holds, and why the run stopped early if it did.
    pub fn finish(mut self, stopped: Option<&str>) -> io::Result<()> {
        let end = json!({"end": {"pairs": self.written, "stopped": stopped}});
        self.line(&end)
    }

    fn line(&mut self, v: &Value) -> io::Result<()> {
        // A line at a time, so that a shard killed midway leaves whole lines behind.
        writeln!(self.file, "{v}")?;
        self.file.flush()
    }
}

/// One results file, read.
struct ShardFile {
    header: Value,
    index: usize,
    of: usize,
    games: Vec<Counted>,
    pairs: usize,
    /// The end line's `stopped`: `None` without an end line.
    end: Option<Option<String>>,
}

/// The header fields that must agree across the shards of one match.
const SAME: [&str; 7] = [
    "tabula_match",
    "game",
    "limits",
    "seed",
    "pairs",
    "engines",
    "sprt",
];

fn read(path: &str) -> Result<ShardFile, String> {
    let text = crate::files::read_text(Path::new(path)).map_err(|e| e.to_string())?;
    let mut lines = text.lines().enumerate();
    let (_, first) = lines.next().ok_or("the file is empty")?;
    let header: Value =
        serde_json::from_str(first).map_err(|e| format!("line 1 is no header: {e}"))?;
    if header["tabula_match"].as_u64() != Some(FORMAT) {
        return Err(format!(
            "line 1 is not the header of a `tabula match --results` file of format {FORMAT}"
        ));
    }
    let shard = |i: usize| {
        header["shard"][i]
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or("the header has no shard K/N")
    };
    let mut file = ShardFile {
        index: shard(0)?,
        of: shard(1)?,
        header: header.clone(),
        games: Vec::new(),
        pairs: 0,
        end: None,
    };
    for (n, line) in lines {
        let bad = |why: &str| format!("line {}: {why}", n + 1);
        if file.end.is_some() {
            return Err(bad("a line after the end line"));
        }
        let v: Value = serde_json::from_str(line).map_err(|e| bad(&e.to_string()))?;
        if let Some(end) = v.get("end") {
            file.end = Some(end["stopped"].as_str().map(String::from));
            continue;
        }
        let pair = v["pair"]
            .as_u64()
            .and_then(|p| usize::try_from(p).ok())
            .ok_or_else(|| bad("no pair number"))?;
        let games = v["games"].as_array().filter(|g| g.len() == 2);
        for g in games.ok_or_else(|| bad("a pair has two games"))? {
            let thinking = |i: usize| Thinking::from_json(&g["thinking"][i]);
            let counted = (|| {
                Some(Counted {
                    pair,
                    points: usize::try_from(g["points"].as_u64()?)
                        .ok()
                        .filter(|&p| p <= 2)?,
                    ending: g["ending"].as_str()?.to_string(),
                    thinking: [thinking(0)?, thinking(1)?],
                })
            })();
            file.games
                .push(counted.ok_or_else(|| bad("a game lacks a field"))?);
        }
        file.pairs += 1;
    }
    Ok(file)
}

/// `tabula match merge FILE...`: the report of the shards' pairs together; exit status 0 when
/// every shard is there and complete, 1 when one is missing or stopped early (the report of
/// what there is is still printed), 2 when a file cannot be read or belongs to another match.
pub fn merge(paths: &[String]) -> i32 {
    match merged(paths) {
        Ok((report, complete)) => {
            say(report.trim_end());
            if complete { 0 } else { 1 }
        }
        Err(e) => {
            eprintln!("tabula match merge: {e}");
            2
        }
    }
}

fn merged(paths: &[String]) -> Result<(String, bool), String> {
    if paths.is_empty() {
        return Err("name the --results files of the shards".into());
    }
    let mut shards: BTreeMap<usize, ShardFile> = BTreeMap::new();
    for path in paths {
        let file = read(path).map_err(|e| format!("{path}: {e}"))?;
        if let Some((_, first)) = shards.first_key_value() {
            if let Some(key) = SAME.iter().find(|k| file.header[**k] != first.header[**k]) {
                return Err(format!("{path}: another match ({key} differs)"));
            }
            if file.of != first.of {
                return Err(format!(
                    "{path}: shard {}/{} of a match split in {}",
                    file.index, file.of, first.of
                ));
            }
        }
        if shards.contains_key(&file.index) {
            return Err(format!(
                "{path}: shard {}/{} is given twice",
                file.index, file.of
            ));
        }
        shards.insert(file.index, file);
    }
    let first = &shards.values().next().expect("at least one file").header;
    let total_pairs = first["pairs"].as_u64().unwrap_or(0) as usize;
    let of = shards.values().next().map_or(1, |f| f.of);
    let mut notes = Vec::new();
    for k in 1..=of {
        let expected = (0..total_pairs).filter(|p| p % of == k - 1).count();
        match shards.get(&k) {
            None => notes.push(format!("shard {k}/{of} missing")),
            Some(f) => match &f.end {
                None => notes.push(format!(
                    "shard {k}/{of} incomplete ({} of {expected} pairs, no end line: cancelled or died)",
                    f.pairs
                )),
                Some(Some(why)) => notes.push(format!(
                    "shard {k}/{of} stopped after {} of {expected} pairs: {why}",
                    f.pairs
                )),
                Some(None) if f.pairs < expected => notes.push(format!(
                    "shard {k}/{of} ended after {} of {expected} pairs",
                    f.pairs
                )),
                Some(None) => {}
            },
        }
    }
    let complete = notes.is_empty();
    let shards_text = if complete {
        format!("{of} of {of}, all complete")
    } else {
        format!("{} of {of} given; {}", shards.len(), notes.join("; "))
    };
    let sprt = first["sprt"].as_object().map(|s| Sprt {
        elo0: s["elo0"].as_f64().unwrap_or(0.0),
        elo1: s["elo1"].as_f64().unwrap_or(0.0),
        alpha: s["alpha"].as_f64().unwrap_or(0.05),
        beta: s["beta"].as_f64().unwrap_or(0.05),
    });
    let summary = Summary {
        game: first["game"].as_str().unwrap_or("?").to_string(),
        limits: first["limits"].as_str().unwrap_or("?").to_string(),
        games: total_pairs * 2,
        seed: first["seed"].as_u64().unwrap_or(0),
        sprt,
        shards: Some(shards_text),
    };
    let names: Vec<String> = (0..2)
        .map(|i| first["engines"][i].as_str().unwrap_or("?").to_string())
        .collect();
    // The pairs in the order one run would number them.
    let mut games: Vec<&Counted> = shards.values().flat_map(|f| &f.games).collect();
    games.sort_by_key(|g| g.pair);
    let mut tally = Tally::default();
    for g in games {
        tally.add(g, summary.sprt.as_ref());
    }
    Ok((report(&summary, &names, &tally), complete))
}
