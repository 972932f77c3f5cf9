//! The command line of `tabula match`, read into a [`Config`].

use super::fairy;
use super::stats::Sprt;
use crate::engine::registry::{self, GameEntry};
use crate::frontends::args::{Arg, Args, number};
use crate::protocol::Source;
use std::path::PathBuf;

/// One side of the match: a command line and the options set after the handshake.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub command: Vec<String>,
    /// Options set after the handshake; a Gomocup engine's are `INFO` lines.
    pub options: Vec<(String, String)>,
    /// It speaks the Gomocup protocol (`--gomocup`).
    pub gomocup: bool,
    /// A Fairy-Stockfish-family engine playing the game as this `UCI_Variant`
    /// (`--uci-variant`): it gets its options before the variant and positions in its own
    /// notation (`fairy.rs`).
    pub uci_variant: Option<String>,
    /// Its own clock or move time (`--engine-tc`, `--engine-movetime`) instead of the
    /// match's: time odds.
    pub own_time: Option<TimeControl>,
}

impl EngineSpec {
    /// The command and its options as the user gave them, for reports.
    pub fn label(&self) -> String {
        let mut words = self.command.clone();
        if self.gomocup {
            words.push("--gomocup".into());
        }
        if let Some(v) = &self.uci_variant {
            words.push(format!("--uci-variant {v}"));
        }
        if let Some(t) = &self.own_time {
            words.push(format!("({})", t.describe()));
        }
        words.extend(self.options.iter().map(|(n, v)| format!("{n}={v}")));
        words.join(" ")
    }
}

/// A clock: base time and increment per move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub base_ms: u64,
    pub inc_ms: u64,
}

/// The limits every `go` carries. At least one is set; a clock excludes a fixed move time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    pub clock: Option<Clock>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    /// A node budget per move: the same search whatever the machine's load, so that a
    /// self-play test on a busy machine sees the depth users see on an idle one.
    pub nodes: Option<u64>,
}

impl TimeControl {
    /// How reports name it, e.g. `tc 10+0.1 depth 8`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(c) = self.clock {
            parts.push(format!(
                "tc {}+{}",
                c.base_ms as f64 / 1000.0,
                c.inc_ms as f64 / 1000.0
            ));
        }
        if let Some(ms) = self.movetime {
            parts.push(format!("movetime {ms}"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes {n}"));
        }
        parts.join(" ")
    }
}

/// Where the games start.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSource {
    /// Every pair from the start position.
    StartPos,
    /// One opening per line of a file, used in order and from the top again when they run out.
    File(PathBuf),
    /// `plies` random legal moves, kept only if a search to `depth` (0: none) finds no forced
    /// result and, with `balance`, a score within ±`balance` for the side to move.
    Random {
        plies: u32,
        depth: u32,
        balance: Option<i32>,
    },
}

/// A game is called won when, on each of the last `moves` moves of both engines, the
/// winner's engine scored its position at least `cp` and the loser's at most `-cp` (a mate
/// counts as more than any score).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinRule {
    pub cp: i32,
    pub moves: u32,
}

/// Moves of each engine in a row that `--adjudicate-win CP` asks for when it names no count.
const WIN_RULE_MOVES: u32 = 4;

pub struct Config {
    pub engines: [EngineSpec; 2],
    pub game: &'static GameEntry,
    /// Where every game starts before its opening: the start position or `--fen`.
    pub start: Source,
    /// Options of the game (e.g. a board size), for both engines and the referee's own rules.
    pub game_options: Vec<(String, String)>,
    pub openings: OpeningSource,
    /// Game pairs to play: each opening twice, colours swapped.
    pub pairs: usize,
    pub tc: TimeControl,
    /// After this many plies (opening included) a game is called a draw; `None`: never.
    pub adjudicate_plies: Option<u32>,
    /// `--adjudicate-win`: when both engines' scores agree that a game is won.
    pub adjudicate_win: Option<WinRule>,
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    pub save: Option<PathBuf>,
    /// Speak UGI (`ugi`, `uginewgame`, `p1time`...) instead of UCI.
    pub ugi: bool,
    pub seed: u64,
    /// How long an engine may be silent past its limit (or at setup) before it counts as hung.
    pub timeout_ms: u64,
    /// How far past its clock an engine may answer before it loses on time.
    pub margin_ms: u64,
    /// `--shard K/N`: play only the pairs `p` with `p % N == K - 1` (K from 1).
    pub shard: Option<Shard>,
    /// `--results FILE`: one JSON line per finished pair, for `tabula match merge`.
    pub results: Option<PathBuf>,
    /// `--pgn FILE`: every finished game as PGN (`export.rs`).
    pub pgn: Option<PathBuf>,
    /// `--sgf FILE`: every finished Gomoku game as c-gomoku-cli's SGF.
    pub sgf: Option<PathBuf>,
}

/// The K-th of N disjoint slices of a match's pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// From 1 to `of`.
    pub index: usize,
    pub of: usize,
}

impl Shard {
    /// Whether pair `pair` (from 0) is this shard's.
    pub fn has(&self, pair: usize) -> bool {
        pair % self.of == self.index - 1
    }
}

impl Config {
    /// The pairs (from 0) this run plays, in order.
    pub fn my_pairs(&self) -> Vec<usize> {
        (0..self.pairs)
            .filter(|&p| self.shard.is_none_or(|s| s.has(p)))
            .collect()
    }
}

/// `K/N` with 1 <= K <= N.
fn shard(text: &str) -> Result<Shard, String> {
    let bad = || format!("--shard needs K/N with 1 <= K <= N, e.g. 2/4, not '{text}'");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (index, of) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if index == 0 || index > of {
        return Err(bad());
    }
    Ok(Shard { index, of })
}

/// `CP[/MOVES]`, a margin of 1 or more and at least one move.
fn win_rule(text: &str) -> Result<WinRule, String> {
    let bad = || {
        format!(
            "--adjudicate-win needs CP[/MOVES] with CP and MOVES at least 1, e.g. 1000/4, not '{text}'"
        )
    };
    let (cp, moves) = match text.split_once('/') {
        Some((cp, moves)) => (cp, moves.parse().map_err(|_| bad())?),
        None => (text, WIN_RULE_MOVES),
    };
    let cp = cp.parse().map_err(|_| bad())?;
    if cp < 1 || moves < 1 {
        return Err(bad());
    }
    Ok(WinRule { cp, moves })
}

/// The game Gomocup engines play.
pub const GOMOCUP_GAME: &str = "gomoku";

/// Plies after which a game is a draw unless `--adjudicate-plies` says otherwise: games without
/// a move limit (Sixes without `TurnLimit`) would otherwise grow until the `position` line is
/// too long for the engines.
const DEFAULT_ADJUDICATION: u32 = 1000;

pub const USAGE: &str = "\
usage: tabula match --game ID --engine CMD [--engine-options N=V,...] --engine CMD [...]
         (--tc SECS[+INC] | --movetime MS | --depth N | --nodes N) [--games N] [--concurrency N]
         [--openings FILE | --random-plies N [--check-depth N] [--balance CP]]
         [--fen POSITION] [--game-options N=V,...] [--adjudicate-plies N]
         [--adjudicate-win CP[/MOVES]] [--sprt elo0=E0 elo1=E1] [--save FILE] [--ugi] [--seed N]
         [--timeout MS] [--time-margin MS] [--shard K/N] [--results FILE] [--pgn FILE] [--sgf FILE]
       tabula match merge RESULTS...
       name=value words after an --engine are options of that engine (like --engine-options);
       --gomocup after an --engine: it speaks the Gomocup protocol (game gomoku; options are INFO keys)
       --uci-variant NAME after an --engine: a Fairy-Stockfish engine playing chess14 as that variant
       --engine-tc SECS[+INC] or --engine-movetime MS after an --engine: its own time (odds)
       --shard K/N plays the K-th of N disjoint slices of the pairs (needs --seed); merge adds up
       the --results files of the shards into one report
       --pgn FILE writes every game as PGN (chess14: XBoard's variant fairy with the start FEN;
       gomoku: c-gomoku-cli's tags), --sgf FILE every gomoku game as c-gomoku-cli's SGF";

/// Splits a command line into words the way a shell would for plain commands: blanks separate
/// words, '...' keeps everything literally, \"...\" and a backslash escape the next character.
pub fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(format!("unclosed ' in '{text}'")),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => w.push(chars.next().ok_or("a \\ ends the command")?),
                        Some(c) => w.push(c),
                        None => return Err(format!("unclosed \" in '{text}'")),
                    }
                }
            }
            '\\' => word
                .get_or_insert_with(String::new)
                .push(chars.next().ok_or("a \\ ends the command")?),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// `name=value` pairs separated by commas.
fn option_list(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(option_pair)
        .collect()
}

fn option_pair(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("an option must be name=value, not '{text}'")),
    }
}

impl Config {
    /// The limits engine `i` plays under: its own clock or move time if it has one, with the
    /// match's depth and node limits.
    pub fn tc_of(&self, i: usize) -> TimeControl {
        match self.engines[i].own_time {
            Some(own) => TimeControl {
                clock: own.clock,
                movetime: own.movetime,
                ..self.tc
            },
            None => self.tc,
        }
    }

    /// The limits as reports name them: `movetime 100`, or per engine under time odds
    /// (`engine 1 movetime 100, engine 2 movetime 1600`).
    pub fn describe_limits(&self) -> String {
        let [a, b] = [0, 1].map(|i| self.tc_of(i).describe());
        if a == b {
            a
        } else {
            format!("engine 1 {a}, engine 2 {b}")
        }
    }
}

/// The longest `--movetime`, `--timeout` or `--time-margin`: a day, far from any overflow of a
/// deadline.
const MAX_WAIT_MS: u64 = 86_400_000;

/// Seconds with an optional fraction, into milliseconds.
fn seconds(text: &str) -> Option<u64> {
    let s: f64 = text.parse().ok()?;
    (s.is_finite() && (0.0..1e9).contains(&s)).then(|| (s * 1000.0).round() as u64)
}

/// `BASE[+INC]` in seconds.
fn clock(text: &str) -> Result<Clock, String> {
    let bad = || format!("--tc needs seconds[+increment], e.g. 10+0.1, not '{text}'");
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let base_ms = seconds(base).filter(|&b| b > 0).ok_or_else(bad)?;
    let inc_ms = seconds(inc).ok_or_else(bad)?;
    Ok(Clock { base_ms, inc_ms })
}

/// Sets one `elo0=`, `elo1=`, `alpha=` or `beta=` parameter of the SPRT.
fn sprt_param(sprt: &mut Sprt, text: &str) -> Result<(), String> {
    let (key, value) = option_pair(text)?;
    let v: f64 = value
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| format!("--sprt {key} needs a number, not '{value}'"))?;
    match key.as_str() {
        "elo0" => sprt.elo0 = v,
        "elo1" => sprt.elo1 = v,
        "alpha" => sprt.alpha = v,
        "beta" => sprt.beta = v,
        _ => {
            return Err(format!(
                "--sprt knows elo0, elo1, alpha and beta, not '{key}'"
            ));
        }
    }
    Ok(())
}

/// What a bare `name=value` word belongs to: the last `--engine` or `--sprt`.
enum Owner {
    Nothing,
    Engine,
    Sprt,
}

pub fn parse(args: &[String]) -> Result<Config, String> {
    let mut engines: Vec<EngineSpec> = Vec::new();
    let mut game = None;
    let mut game_options = Vec::new();
    let mut start = Source::StartPos;
    let mut openings_file = None;
    let (mut random_plies, mut check_depth, mut balance) = (None, 3, None);
    let mut games = 2;
    let mut tc = TimeControl::default();
    let mut adjudicate_plies = Some(DEFAULT_ADJUDICATION);
    let mut adjudicate_win = None;
    let mut concurrency = 1;
    let mut sprt: Option<Sprt> = None;
    let mut save = None;
    let mut ugi = false;
    let mut seed = None;
    let (mut timeout_ms, mut margin_ms) = (10_000, 0);
    let (mut shard_of, mut results) = (None, None);
    let (mut pgn, mut sgf) = (None, None);
    let mut owner = Owner::Nothing;
    for arg in Args::new(args, &["--ugi", "--gomocup"], USAGE) {
        let (flag, value) = match arg? {
            Arg::Word(word) if word.contains('=') => {
                match owner {
                    Owner::Engine => {
                        let spec = engines.last_mut().ok_or("no --engine")?;
                        spec.options.push(option_pair(word)?);
                    }
                    Owner::Sprt => sprt_param(sprt.as_mut().ok_or("no --sprt")?, word)?,
                    Owner::Nothing => {
                        return Err(format!("'{word}' follows neither --engine nor --sprt"));
                    }
                }
                continue;
            }
            Arg::Word(word) => return Err(format!("unknown argument '{word}'")),
            Arg::Switch("--gomocup") => {
                let spec = engines
                    .last_mut()
                    .ok_or("--gomocup must follow its --engine")?;
                spec.gomocup = true;
                owner = Owner::Engine;
                continue;
            }
            Arg::Switch(_) => {
                ugi = true;
                owner = Owner::Nothing;
                continue;
            }
            Arg::Flag(flag, value) => (flag, value),
        };
        owner = Owner::Nothing;
        match flag {
            "--engine" => {
                let command = split_words(value)?;
                if command.is_empty() {
                    return Err("--engine needs a command".into());
                }
                if engines.len() == 2 {
                    return Err("a match has two engines, not more".into());
                }
                engines.push(EngineSpec {
                    command,
                    options: Vec::new(),
                    gomocup: false,
                    uci_variant: None,
                    own_time: None,
                });
                owner = Owner::Engine;
            }
            "--engine-tc" | "--engine-movetime" => {
                let spec = engines
                    .last_mut()
                    .ok_or_else(|| format!("{flag} must follow its --engine"))?;
                let own = spec.own_time.get_or_insert_with(TimeControl::default);
                if flag == "--engine-tc" {
                    own.clock = Some(clock(value)?);
                } else {
                    own.movetime = Some(number(flag, value, 1..=MAX_WAIT_MS)?);
                }
                if own.clock.is_some() && own.movetime.is_some() {
                    return Err("--engine-tc and --engine-movetime exclude each other".into());
                }
                owner = Owner::Engine;
            }
            "--uci-variant" => {
                let spec = engines
                    .last_mut()
                    .ok_or("--uci-variant must follow its --engine")?;
                spec.uci_variant = Some(value.to_string());
                owner = Owner::Engine;
            }
            "--fen" => start = Source::Fen(value.to_string()),
            "--engine-options" => {
                let spec = engines
                    .last_mut()
                    .ok_or("--engine-options must follow its --engine")?;
                spec.options.extend(option_list(value)?);
                owner = Owner::Engine;
            }
            "--game" => {
                game = Some(registry::find(value).ok_or_else(|| {
                    format!(
                        "unknown game '{value}' (known: {})",
                        registry::ids().join(" ")
                    )
                })?)
            }
            "--game-options" => game_options.extend(option_list(value)?),
            "--openings" => openings_file = Some(PathBuf::from(value)),
            "--random-plies" => random_plies = Some(number(flag, value, 1..=u32::MAX)?),
            "--check-depth" => check_depth = number(flag, value, 0..=u32::MAX)?,
            "--balance" => balance = Some(number(flag, value, 0..=i32::MAX)?),
            "--games" => games = number(flag, value, 2..=usize::MAX)?,
            "--tc" => tc.clock = Some(clock(value)?),
            "--movetime" => tc.movetime = Some(number(flag, value, 1..=MAX_WAIT_MS)?),
            "--depth" => tc.depth = Some(number(flag, value, 1..=u32::MAX)?),
            "--nodes" => tc.nodes = Some(number(flag, value, 1..=u64::MAX)?),
            "--adjudicate-plies" => {
                adjudicate_plies = Some(number(flag, value, 0..=u32::MAX)?).filter(|&n| n > 0)
            }
            "--adjudicate-win" => adjudicate_win = Some(win_rule(value)?),
            "--concurrency" => concurrency = number(flag, value, 1..=usize::MAX)?,
            "--sprt" => {
                let mut test = Sprt {
                    elo0: 0.0,
                    elo1: 0.0,
                    alpha: 0.05,
                    beta: 0.05,
                };
                for word in value.split_whitespace() {
                    sprt_param(&mut test, word)?;
                }
                sprt = Some(test);
                owner = Owner::Sprt;
            }
            "--save" => save = Some(PathBuf::from(value)),
            "--seed" => seed = Some(number(flag, value, 0..=u64::MAX)?),
            "--timeout" => timeout_ms = number(flag, value, 1..=MAX_WAIT_MS)?,
            "--time-margin" => margin_ms = number(flag, value, 0..=MAX_WAIT_MS)?,
            "--shard" => shard_of = Some(shard(value)?),
            "--results" => results = Some(PathBuf::from(value)),
            "--pgn" => pgn = Some(PathBuf::from(value)),
            "--sgf" => sgf = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown argument '{flag}'")),
        }
    }
    let engines: [EngineSpec; 2] = engines
        .try_into()
        .map_err(|_| "a match needs two --engine command lines")?;
    if games % 2 != 0 {
        return Err(format!(
            "--games must be even (each opening is played twice), not {games}"
        ));
    }
    if tc == TimeControl::default() && engines.iter().any(|e| e.own_time.is_none()) {
        return Err("give a time control: --tc, --movetime, --depth or --nodes".into());
    }
    if tc.clock.is_some() && tc.movetime.is_some() {
        return Err("--tc and --movetime exclude each other".into());
    }
    if let Some(s) = &sprt {
        // Open at both ends: an error rate of 0 puts a bound at infinity (alpha=0 beta=0
        // was taken, with bounds (-inf, inf)).
        let probability = |p: f64| p > 0.0 && p < 0.5;
        if s.elo0 >= s.elo1 || !probability(s.alpha) || !probability(s.beta) {
            return Err(
                "--sprt needs elo0 < elo1 and alpha, beta between 0 and 0.5, e.g. elo0=0 elo1=10"
                    .into(),
            );
        }
    }
    let openings = match (openings_file, random_plies) {
        (Some(_), Some(_)) => return Err("--openings and --random-plies exclude each other".into()),
        (Some(path), None) => OpeningSource::File(path),
        (None, Some(plies)) => OpeningSource::Random {
            plies,
            depth: check_depth,
            balance,
        },
        (None, None) => OpeningSource::StartPos,
    };
    let game = game.ok_or("--game is missing")?;
    if game.id != GOMOCUP_GAME && engines.iter().any(|e| e.gomocup) {
        return Err(format!(
            "a --gomocup engine plays only {GOMOCUP_GAME}, not {}",
            game.id
        ));
    }
    if let Some(e) = engines
        .iter()
        .find(|e| e.gomocup && e.uci_variant.is_some())
    {
        return Err(format!(
            "'{}' cannot be both --gomocup and --uci-variant",
            e.command.join(" ")
        ));
    }
    if start != Source::StartPos && engines.iter().any(|e| e.gomocup) {
        return Err("--fen: a Gomocup engine starts every game from the empty board".into());
    }
    if game.id != fairy::GAME && engines.iter().any(|e| e.uci_variant.is_some()) {
        return Err(format!(
            "--uci-variant: tabula knows Fairy-Stockfish's notation of {} only, not of {}",
            fairy::GAME,
            game.id
        ));
    }
    // A bad game option would fail every engine's handshake: say so before any starts.
    for (name, value) in &game_options {
        let specs = (game.options)();
        let spec = specs
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                format!(
                    "--game-options: {} has no option '{name}' (its options: {})",
                    game.id,
                    known.join(" ")
                )
            })?;
        spec.validate(value)
            .map_err(|e| format!("--game-options: {e}"))?;
    }
    if sgf.is_some() && game.id != GOMOCUP_GAME {
        return Err(format!(
            "--sgf writes {GOMOCUP_GAME} games (c-gomoku-cli's SGF), not {}; --pgn writes any game",
            game.id
        ));
    }
    if sgf.is_some() && start != Source::StartPos {
        return Err("--sgf: c-gomoku-cli's SGF starts from the empty board, not from --fen".into());
    }
    if shard_of.is_some() && seed.is_none() {
        return Err("--shard needs --seed: every shard must play the same openings".into());
    }
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    Ok(Config {
        engines,
        game,
        start,
        game_options,
        openings,
        pairs: games / 2,
        tc,
        adjudicate_plies,
        adjudicate_win,
        concurrency,
        sprt,
        save,
        ugi,
        seed,
        timeout_ms,
        margin_ms,
        shard: shard_of,
        results,
        pgn,
        sgf,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell() {
        let w = |s: &str| split_words(s).unwrap();
        assert_eq!(w("  a  b\tc "), ["a", "b", "c"]);
        assert_eq!(
            w("x 'a b' \"c \\\"d\\\"\" e\\ f"),
            ["x", "a b", "c \"d\"", "e f"]
        );
        assert_eq!(w("''"), [""]);
        assert!(w("").is_empty());
        assert!(split_words("'open").is_err());
        assert!(split_words("\"open").is_err());
        assert!(split_words("end\\").is_err());
    }

    #[test]
    fn clocks_and_options() {
        assert_eq!(
            clock("10+0.1"),
            Ok(Clock {
                base_ms: 10_000,
                inc_ms: 100
            })
        );
        assert_eq!(
            clock("0.5"),
            Ok(Clock {
                base_ms: 500,
                inc_ms: 0
            })
        );
        for bad in ["", "0", "x+1", "10+", "-1+0", "inf", "NaN+1"] {
            assert!(clock(bad).is_err(), "{bad}");
        }
        assert_eq!(
            option_list("Threads=1, Hash=16,"),
            Ok(vec![
                ("Threads".into(), "1".into()),
                ("Hash".into(), "16".into())
            ])
        );
        assert!(option_list("Threads").is_err());
        assert!(option_list("=3").is_err());
    }

    /// The error a command line is refused with.
    fn refused(line: &str) -> String {
        let args: Vec<String> = line.split(' ').map(String::from).collect();
        match parse(&args) {
            Ok(_) => panic!("'{line}' was accepted"),
            Err(e) => e,
        }
    }

    #[test]
    fn time_odds_give_one_engine_its_own_time_and_keep_the_match_limits() {
        let words = "--game chess14 --engine a --engine-movetime 1600 --engine b --engine-tc 10+0.1 --nodes 900";
        let args: Vec<String> = words.split(' ').map(String::from).collect();
        let cfg = parse(&args).unwrap();
        assert_eq!(cfg.tc_of(0).movetime, Some(1600));
        assert_eq!(cfg.tc_of(0).clock, None);
        assert_eq!(cfg.tc_of(1).clock.map(|c| c.inc_ms), Some(100));
        assert_eq!([cfg.tc_of(0).nodes, cfg.tc_of(1).nodes], [Some(900); 2]);
        assert_eq!(
            cfg.describe_limits(),
            "engine 1 movetime 1600 nodes 900, engine 2 tc 10+0.1 nodes 900"
        );
        // Every engine with its own time needs no match-wide limit; one without does.
        assert!(parse(&args[..args.len() - 2]).is_ok());
        let one = "--game chess14 --engine a --engine-movetime 5 --engine b";
        assert!(refused(one).contains("time control"));
        assert!(refused("--engine-tc 1 --engine a").contains("follow its --engine"));
        let both = "--engine a --engine-tc 1 --engine-movetime 5";
        assert!(refused(both).contains("exclude"));
    }

    #[test]
    fn a_command_line_without_a_game_or_limit_is_refused() {
        assert!(refused("--engine a --engine b --depth 2").contains("--game"));
        assert!(refused("--engine a --depth 2").contains("two --engine"));
        assert!(refused("--bogus 1").contains("unknown flag"));
        assert!(refused("Threads=1").contains("neither"));
        assert!(refused("--games").contains("needs a value"));
        assert!(refused("--engine a --engine b --engine c").contains("not more"));
        assert!(refused("--engine-options A=1").contains("follow its --engine"));
        let two = "--engine a --engine b";
        assert!(refused(&format!("{two} --games 3 --depth 1")).contains("even"));
        assert!(refused(two).contains("time control"));
        assert!(refused(&format!("{two} --tc 1 --movetime 5")).contains("exclude"));
        let both = format!("{two} --depth 1 --openings f --random-plies 2");
        assert!(refused(&both).contains("exclude"));
        let sprt = format!("{two} --depth 1 --sprt elo0=5 elo1=5");
        assert!(refused(&sprt).contains("elo0 < elo1"));
        // An error rate of 0 made a bound infinite, and was taken (issue 40).
        for rates in ["alpha=0 beta=0", "alpha=0.5", "beta=-0.1"] {
            let sprt = format!("{two} --depth 1 --sprt elo0=0 elo1=5 {rates}");
            assert!(refused(&sprt).contains("between 0 and 0.5"), "{rates}");
        }
        assert!(refused("--game nosuchgame").contains("unknown game"));
        assert!(refused("--gomocup --engine a").contains("follow its --engine"));
        let gomocup = format!("{two} --gomocup --depth 1 --game sixes");
        assert!(refused(&gomocup).contains("only gomoku"));
        let sgf = format!("{two} --depth 1 --game sixes --sgf x.sgf");
        assert!(refused(&sgf).contains("--sgf writes gomoku games"));
        let fen = format!(
            "{two} --depth 1 --game gomoku --sgf x.sgf --fen 15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
        );
        assert!(refused(&fen).contains("--sgf: c-gomoku-cli's SGF starts from the empty board"));
    }

    #[test]
    fn sprt_words_and_checks() {
        let mut s = Sprt {
            elo0: 0.0,
            elo1: 0.0,
            alpha: 0.05,
            beta: 0.05,
        };
        sprt_param(&mut s, "elo1=5.5").unwrap();
        sprt_param(&mut s, "alpha=0.1").unwrap();
        assert_eq!((s.elo1, s.alpha), (5.5, 0.1));
        assert!(sprt_param(&mut s, "gamma=1").is_err());
        assert!(sprt_param(&mut s, "elo0=x").is_err());
    }
}
