//! `tabula advance match A B`: two Advance players (levels 4-8 or max) play a series from
//! the start position, colours alternating, under the 100-move rule. Each move is chosen as
//! the referee's bot would choose it (fresh table, the same time budget), so the results and
//! the times per move measure what the bot does. Random choices among tied moves (levels 4-7)
//! come from `--seed`, so a series can be replayed.

use super::player::{Budget, DEFAULT_MOVETIME, Player};
use crate::frontends::args::{self, Arg, Args};
use crate::frontends::say;
use crate::game::{Outcome, Side};
use crate::games::advance::{Level, Position, levels};
use std::io::Write;
use std::time::Instant;

/// A match as the command line asks for it.
pub struct Settings {
    levels: [Level; 2],
    names: [String; 2],
    games: u32,
    budget: Budget,
    /// Search threads of each player.
    threads: usize,
    seed: u64,
    /// Plies played at random (from the seed) before the players take over, so that two
    /// deterministic players still meet in different games.
    random_plies: u16,
    /// Where to write every game's moves, one replayable line per game.
    save: Option<String>,
}

impl Settings {
    /// Reads `A B` and the `--flag value` pairs around them.
    pub fn parse(args: &[String]) -> Result<Settings, String> {
        let mut words = Vec::new();
        let (mut games, mut budget, mut seed) = (100, Budget::Movetime(DEFAULT_MOVETIME), 1);
        let (mut random_plies, mut save, mut threads) = (0, None, 1);
        for arg in Args::new(args, &[], super::USAGE) {
            match arg? {
                Arg::Word(word) => words.push(word),
                // More games than this are clipped rather than refused.
                Arg::Flag(flag @ "--games", value) => {
                    games = args::number(flag, value, 1..=u64::MAX)?.min(100_000) as u32
                }
                Arg::Flag(flag @ "--movetime", value) => {
                    budget = Budget::Movetime(args::number(flag, value, 1..=600_000)?)
                }
                Arg::Flag(flag @ "--nodes", value) => {
                    budget = Budget::Nodes(args::number(flag, value, 1..=u64::MAX)?)
                }
                Arg::Flag(flag @ "--threads", value) => {
                    threads = args::number(flag, value, 1..=256)?
                }
                Arg::Flag(flag @ "--seed", value) => {
                    seed = args::number(flag, value, 0..=u64::MAX)?
                }
                Arg::Flag(flag @ "--random-plies", value) => {
                    random_plies = args::number(flag, value, 0..=200)?
                }
                Arg::Flag("--save", value) => save = Some(value.to_string()),
                Arg::Flag(flag, _) | Arg::Switch(flag) => {
                    return Err(format!("unknown option '{flag}'"));
                }
            }
        }
        let [a, b] = words.as_slice() else {
            return Err(format!(
                "expected two levels, got {} argument(s)",
                words.len()
            ));
        };
        Ok(Settings {
            levels: [Level::parse(a)?, Level::parse(b)?],
            names: [a.to_string(), b.to_string()],
            games,
            budget,
            threads,
            seed,
            random_plies,
            save,
        })
    }
}

/// CPU time of the calling thread in nanoseconds (Linux; `None` elsewhere). The wall time of a
/// move depends on how busy the machine is, its CPU time does not.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Per-player move timing: wall clock, and CPU time where the system reports it.
#[derive(Default)]
struct Clock {
    moves: u64,
    wall_us: u128,
    max_wall_us: u128,
    cpu_ns: Option<u64>,
    max_cpu_ns: u64,
}

impl Clock {
    fn add(&mut self, wall_us: u128, cpu_ns: Option<u64>) {
        self.moves += 1;
        self.wall_us += wall_us;
        self.max_wall_us = self.max_wall_us.max(wall_us);
        self.cpu_ns = match (self.moves, self.cpu_ns, cpu_ns) {
            (1, _, Some(n)) => Some(n),
            (_, Some(total), Some(n)) => Some(total + n),
            _ => None,
        };
        self.max_cpu_ns = self.max_cpu_ns.max(cpu_ns.unwrap_or(0));
    }

    fn text(&self) -> String {
        let n = self.moves.max(1);
        let ms = |us: u128| us as f64 / 1000.0;
        let mut text = format!(
            "{} moves, wall {:.1} ms average, {:.1} ms max",
            self.moves,
            ms(self.wall_us / u128::from(n)),
            ms(self.max_wall_us)
        );
        if let Some(cpu) = self.cpu_ns {
            text += &format!(
                "; cpu {:.1} ms average, {:.1} ms max",
                ms(u128::from(cpu / n / 1000)),
                ms(u128::from(self.max_cpu_ns / 1000))
            );
        }
        text
    }
}

/// Plays one game; `white` is the index (0 = A, 1 = B) of the player with White. Returns
/// the result, the final position and the moves played.
fn play_game(
    players: &[Player; 2],
    white: usize,
    seed: u64,
    random_plies: u16,
    clocks: &mut [Clock; 2],
) -> (Outcome, Position, Vec<String>) {
    let mut pos = Position::start();
    let (mut moves, mut scratch) = (Vec::new(), Vec::new());
    loop {
        if let Some(o) = pos.result(&mut scratch) {
            return (o, pos, moves);
        }
        if pos.ply() < random_plies {
            let mv = levels::pick(&levels::ties(&pos, 4), seed ^ u64::from(pos.ply()) << 40)
                .expect("a position without a result has a legal move");
            moves.push(pos.format_move(mv));
            pos.play(mv);
            continue;
        }
        let who = if pos.side_to_move() == Side::P1 {
            white
        } else {
            1 - white
        };
        let (start, cpu) = (Instant::now(), thread_cpu_ns());
        let mv = players[who]
            .choose(&pos, seed ^ u64::from(pos.ply()) << 40)
            .expect("a position without a result has a legal move");
        let cpu_used = cpu.zip(thread_cpu_ns()).map(|(a, b)| b.saturating_sub(a));
        clocks[who].add(start.elapsed().as_micros(), cpu_used);
        moves.push(pos.format_move(mv));
        pos.play(mv);
    }
}

/// Plays the match, printing a line per game and the totals.
pub fn run(s: &Settings) -> Result<(), String> {
    let players = [
        Player::new(s.levels[0], s.budget, s.threads)?,
        Player::new(s.levels[1], s.budget, s.threads)?,
    ];
    let mut save = s
        .save
        .as_deref()
        .map(|path| crate::files::create(path.as_ref()))
        .transpose()
        .map_err(|e| format!("cannot create the save file: {e}"))?;
    let mut clocks = [Clock::default(), Clock::default()];
    // wins[player][colour], draws
    let (mut wins, mut draws) = ([[0u32; 2]; 2], 0u32);
    for g in 0..s.games {
        let white = (g % 2) as usize;
        let (outcome, end, moves) = play_game(
            &players,
            white,
            s.seed.wrapping_add(u64::from(g)),
            s.random_plies,
            &mut clocks,
        );
        let text = match outcome {
            Outcome::Draw => {
                draws += 1;
                "draw".to_string()
            }
            Outcome::Win(side) => {
                let colour = usize::from(side == Side::P2);
                let winner = if colour == 0 { white } else { 1 - white };
                wins[winner][colour] += 1;
                format!("{} wins as {}", s.names[winner], ["white", "black"][colour])
            }
        };
        let how = if end.outcome().is_some() {
            "turn limit"
        } else {
            "no move"
        };
        let line = format!(
            "game {} white {} black {}: {text} ({how}, {} plies, material {}-{})",
            g + 1,
            s.names[white],
            s.names[1 - white],
            end.ply(),
            end.material(Side::P1),
            end.material(Side::P2)
        );
        say(&line);
        if let Some(file) = &mut save
            && let Err(e) = writeln!(file, "{line}\tposition startpos moves {}", moves.join(" "))
        {
            crate::frontends::complain(
                "tabula advance match",
                format!("cannot write the save file: {e}"),
            );
            save = None;
        }
    }
    for p in 0..2 {
        say(&format!(
            "{}: {} wins ({} as white, {} as black); {}",
            s.names[p],
            wins[p][0] + wins[p][1],
            wins[p][0],
            wins[p][1],
            clocks[p].text()
        ));
    }
    let budget = match s.budget {
        Budget::Movetime(ms) => format!("movetime {ms} ms"),
        Budget::Nodes(n) => format!("nodes {n}"),
    };
    say(&format!(
        "draws: {draws}; {budget}; seed {}; random plies {}",
        s.seed, s.random_plies
    ));
    Ok(())
}
