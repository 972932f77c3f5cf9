//! `tabula advance match A B`: two Advance players (levels 4-8 or max) play a series from
//! the start position, colours alternating, under the 100-move rule. Each move is chosen as
//! the referee's bot would choose it (fresh table, the same time budget), so the results and
//! the times per move measure what the bot does. Random choices among tied moves (levels 4-7)
//! come from `--seed`, so a series can be replayed.

use super::advance_cli::{DEFAULT_MOVETIME, USAGE};
use crate::game::{self, Outcome, Side};
use crate::games::advance::{Advance, Level, player::Player};
use std::time::Instant;

struct Settings {
    levels: [Level; 2],
    names: [String; 2],
    games: u32,
    movetime: u64,
    seed: u64,
}

fn settings(args: &[String]) -> Result<Settings, String> {
    let mut words = Vec::new();
    let (mut games, mut movetime, mut seed) = (100, DEFAULT_MOVETIME, 1);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if !arg.starts_with("--") {
            words.push(arg.as_str());
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = || value.parse::<u64>().ok().filter(|&n| n >= 1);
        let bad = || format!("{arg} needs a positive number, not '{value}'");
        match arg.as_str() {
            "--games" => games = number().ok_or_else(bad)?.min(100_000) as u32,
            "--movetime" => movetime = number().filter(|&n| n <= 600_000).ok_or_else(bad)?,
            "--seed" => seed = value.parse().map_err(|_| bad())?,
            _ => return Err(format!("unknown option '{arg}'")),
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
        movetime,
        seed,
    })
}

/// Per-player move timing.
#[derive(Default)]
struct Clock {
    moves: u64,
    total_us: u128,
    max_us: u128,
}

impl Clock {
    fn add(&mut self, us: u128) {
        self.moves += 1;
        self.total_us += us;
        self.max_us = self.max_us.max(us);
    }

    fn text(&self) -> String {
        let avg = self.total_us / u128::from(self.moves.max(1));
        format!(
            "{} moves, {:.1} ms average, {:.1} ms max",
            self.moves,
            avg as f64 / 1000.0,
            self.max_us as f64 / 1000.0
        )
    }
}

/// Plays one game; `white` is the index (0 = A, 1 = B) of the player with White.
fn play_game(
    players: &[Player; 2],
    white: usize,
    seed: u64,
    clocks: &mut [Clock; 2],
) -> (Outcome, u16) {
    let mut pos = Advance::start_position();
    loop {
        if let Some(o) = game::result(&pos) {
            return (o, pos.ply());
        }
        let who = if pos.side() == 0 { white } else { 1 - white };
        let start = Instant::now();
        let mv = players[who]
            .choose(&pos, seed ^ u64::from(pos.ply()) << 40)
            .expect("a position without a result has a legal move");
        clocks[who].add(start.elapsed().as_micros());
        pos.make(mv);
    }
}

pub fn run(args: &[String]) -> i32 {
    let s = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tabula advance match: {e}\n{USAGE}");
            return 2;
        }
    };
    let players = match (
        Player::new(s.levels[0], s.movetime),
        Player::new(s.levels[1], s.movetime),
    ) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("tabula advance match: {e}");
            return 1;
        }
    };
    let mut clocks = [Clock::default(), Clock::default()];
    // wins[player][colour], draws
    let (mut wins, mut draws) = ([[0u32; 2]; 2], 0u32);
    for g in 0..s.games {
        let white = (g % 2) as usize;
        let (outcome, plies) = play_game(
            &players,
            white,
            s.seed.wrapping_add(u64::from(g)),
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
        let how = if plies >= 200 {
            "turn limit"
        } else {
            "no move"
        };
        println!(
            "game {} white {} black {}: {text} ({how}, {plies} plies)",
            g + 1,
            s.names[white],
            s.names[1 - white]
        );
    }
    for p in 0..2 {
        println!(
            "{}: {} wins ({} as white, {} as black); {}",
            s.names[p],
            wins[p][0] + wins[p][1],
            wins[p][0],
            wins[p][1],
            clocks[p].text()
        );
    }
    println!(
        "draws: {draws}; movetime {} ms; seed {}",
        s.movetime, s.seed
    );
    0
}
