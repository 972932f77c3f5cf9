//! `tabula play sixes`: the assignment's terminal game, a person against the computer.
//!
//! Every prompt and message is on stdout; a bad answer is refused with its reason and asked
//! again, and end of input at any prompt ends the program cleanly (exit 0).

use super::player::{Level, Player};
use crate::frontends::args::{self, Arg, Args};
use crate::game::{Options, Outcome, Side};
use crate::games::sixes::geometry::Square;
use crate::games::sixes::variants::{self, MAX_LIMIT, OPT_CAPTURE, OPT_LIMIT_COUNTS};
use crate::games::sixes::{Ending, LimitCounts, Move, Rules, Sixes, text};
use crate::protocol::lines::Lines;
use crate::protocol::parse::clip;
use crate::protocol::reply::escape;
use std::io::{self, BufRead, Write};

pub const USAGE: &str = "usage: tabula play sixes [--depth N | --time MS] [--capture interior|edges] \
                         [--limit-counts per-player|single] [--board ROWS]";

/// The computer's default thinking time per move, in milliseconds.
const DEFAULT_TIME_MS: u64 = 500;

struct Settings {
    level: Level,
    /// The rule options (the turn limit itself is asked at the start).
    rules: Rules,
    /// Another board to start from (rows `a` to `f` joined by `/`); X still moves first.
    board: Option<String>,
}

/// The position a game starts from, with the turn limit the person chose.
fn setup(board: Option<&str>, rules: Rules) -> Result<Sixes, String> {
    match board {
        Some(rows) if rows.split_whitespace().count() == 1 => {
            text::parse_fen(&format!("{rows} X"), rules).map_err(|e| format!("--board: {e}"))
        }
        Some(rows) => Err(format!("--board takes only the rows, not '{rows}'")),
        None => Ok(Sixes::start(rules)),
    }
}

fn settings(args: &[String]) -> Result<Settings, String> {
    match args.first().map(String::as_str) {
        Some("sixes") => {}
        Some(other) => {
            return Err(format!(
                "there is no terminal game for '{other}' (only sixes)"
            ));
        }
        None => return Err("name the game: tabula play sixes".into()),
    }
    let mut level = Level::Time(DEFAULT_TIME_MS);
    let mut board = None;
    let mut opts = Options::default();
    let specs = variants::option_specs();
    for arg in Args::new(&args[1..], &[], USAGE) {
        let (flag, value) = match arg? {
            Arg::Flag(flag, value) => (flag, value),
            Arg::Word(word) | Arg::Switch(word) => {
                return Err(format!("unknown argument '{word}'"));
            }
        };
        let option = match flag {
            "--depth" => {
                level = Level::Depth(args::number(flag, value, 1..=64)?);
                continue;
            }
            "--time" => {
                level = Level::Time(args::number(flag, value, 1..=600_000)?);
                continue;
            }
            "--board" => {
                board = Some(value.to_string());
                continue;
            }
            "--capture" => OPT_CAPTURE,
            "--limit-counts" => OPT_LIMIT_COUNTS,
            _ => return Err(format!("unknown argument '{flag}'")),
        };
        for spec in specs.iter().filter(|s| s.name == option) {
            opts.set(option, spec.validate(value)?);
        }
    }
    let rules = Rules::from_options(&opts)?;
    setup(board.as_deref(), rules)?;
    Ok(Settings {
        level,
        rules,
        board,
    })
}

/// Runs the game on stdin/stdout; returns the exit status.
pub fn run(args: &[String]) -> i32 {
    let s = match settings(args) {
        Ok(s) => s,
        Err(e) => {
            crate::frontends::complain("tabula play", e);
            eprintln!("{USAGE}");
            return 2;
        }
    };
    let mut term = Term {
        input: Lines::new(io::stdin().lock(), MAX_ANSWER),
        out: io::stdout().lock(),
    };
    match play(&mut term, &s) {
        Ok(()) => 0,
        // The person's terminal has gone: nobody to tell.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            crate::frontends::complain("tabula play", e);
            1
        }
    }
}

/// Longest answer kept, in bytes; the rest of a longer line is read and dropped.
const MAX_ANSWER: usize = 1024;

/// The person's side of the conversation.
struct Term<R, W> {
    /// One reader for the whole game, so that the end of an endless line ends the input.
    input: Lines<R>,
    out: W,
}

impl<R: BufRead, W: Write> Term<R, W> {
    fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")
    }

    /// Shows `prompt` and reads one answer, trimmed; `None` at end of input.
    fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        let Some(line) = self.input.next_line() else {
            self.say("")?;
            self.say("End of input: the game is abandoned.")?;
            return Ok(None);
        };
        // No good answer is long or binary: such an answer is refused, and quoted short and
        // printable (control characters such as NUL escaped, as in every front-end's errors).
        let text = String::from_utf8_lossy(&line.head);
        let mut answer = clip(&escape(text.trim()));
        if line.truncated() && !answer.ends_with("...") {
            answer.push_str("...");
        }
        Ok(Some(answer))
    }

    fn board(&mut self, pos: &Sixes) -> io::Result<()> {
        for line in text::board_lines(pos) {
            self.say(&line)?;
        }
        self.say(&text::status_line(pos))
    }
}

/// Stops the game at end of input.
macro_rules! answer {
    ($asked:expr) => {
        match $asked? {
            Some(answer) => answer,
            None => return Ok(None),
        }
    };
}

fn ask_side<R: BufRead, W: Write>(term: &mut Term<R, W>) -> io::Result<Option<Side>> {
    loop {
        match answer!(term.ask("Are you Player 1 or 2? ")).as_str() {
            "1" => return Ok(Some(Side::P1)),
            "2" => return Ok(Some(Side::P2)),
            other => term.say(&format!(
                "Please answer 1 (X, moves first) or 2 (O), not '{other}'."
            ))?,
        }
    }
}

fn ask_limit<R: BufRead, W: Write>(
    term: &mut Term<R, W>,
    counts: LimitCounts,
) -> io::Result<Option<u16>> {
    let prompt = match counts {
        LimitCounts::PerPlayer => "Maximum number of turns (moves per player): ",
        LimitCounts::Single => "Maximum number of turns (moves in all): ",
    };
    loop {
        let text = answer!(term.ask(prompt));
        match text.parse::<u16>() {
            Ok(n) if (1..=MAX_LIMIT).contains(&n) => return Ok(Some(n)),
            _ => term.say(&format!(
                "Please enter a whole number of turns from 1 to {MAX_LIMIT}, not '{text}'."
            ))?,
        }
    }
}

/// Asks for a piece and its new position until they make a legal move.
fn ask_move<R: BufRead, W: Write>(term: &mut Term<R, W>, pos: &Sixes) -> io::Result<Option<Move>> {
    let me = pos.side_to_move();
    let mut moves = Vec::new();
    pos.moves_of(me, &mut moves);
    loop {
        let text = answer!(term.ask("Choose piece to move: "));
        let from = match Square::parse(&text) {
            Ok(sq) => sq,
            Err(e) => {
                term.say(&format!("Invalid piece: {e}."))?;
                continue;
            }
        };
        if pos.pieces(me) & from.bit() == 0 {
            let why = if pos.pieces(me.other()) & from.bit() != 0 {
                format!(
                    "the piece at {from} is the computer's ({}); yours are {}",
                    text::side_letter(me.other()),
                    text::side_letter(me)
                )
            } else {
                format!("there is no piece at {from}")
            };
            term.say(&format!("Invalid piece: {why}."))?;
            continue;
        }
        if !moves.iter().any(|m| m.from == from) {
            term.say(&format!(
                "Invalid piece: the piece at {from} has no legal move now."
            ))?;
            continue;
        }
        loop {
            let text = answer!(term.ask(&format!("Choose the new position for {from}: ")));
            if text.is_empty() {
                break;
            }
            let to = match Square::parse(&text) {
                Ok(sq) => sq,
                Err(e) => {
                    term.say(&format!("Invalid position: {e}."))?;
                    continue;
                }
            };
            let mv = Move::new(from, to);
            match pos.check(mv) {
                Ok(()) => return Ok(Some(mv)),
                Err(e) => term.say(&format!(
                    "Invalid position: {e}. (An empty answer chooses another piece.)"
                ))?,
            }
        }
    }
}

/// Who won and why, in the person's terms.
fn verdict(end: Ending, human: Side) -> Vec<String> {
    let who = |side: Side| {
        if side == human {
            "you have"
        } else {
            "the computer has"
        }
    };
    let mine = |pair: [u32; 2]| (pair[human.index()], pair[human.other().index()]);
    let mut lines = match end {
        Ending::NoPieces(loser) => vec![format!("Game over: {} no pieces left.", who(loser))],
        Ending::NoMoves(loser) => vec![format!("Game over: {} no legal move.", who(loser))],
        Ending::Limit { pieces, moves } => {
            let (p, q) = mine(pieces);
            let mut lines = vec![
                "Game over: the turn limit is reached.".to_string(),
                format!("Pieces: you {p}, computer {q}."),
            ];
            if p == q {
                let (m, n) = mine(moves);
                lines.push(format!(
                    "Equal pieces, so possible moves decide: you {m}, computer {n}."
                ));
            }
            lines
        }
    };
    lines.push(match end.outcome() {
        Outcome::Win(side) if side == human => {
            format!("You ({}) win!", text::side_letter(side))
        }
        Outcome::Win(side) => {
            format!("The computer ({}) wins.", text::side_letter(side))
        }
        Outcome::Draw => "It is a draw: there is no winner.".to_string(),
    });
    lines
}

fn play<R: BufRead, W: Write>(term: &mut Term<R, W>, s: &Settings) -> io::Result<()> {
    match game(term, s)? {
        Some(lines) => lines.iter().try_for_each(|l| term.say(l)),
        None => Ok(()),
    }
}

/// Plays one game; the closing lines, or `None` when the input ended first.
fn game<R: BufRead, W: Write>(
    term: &mut Term<R, W>,
    s: &Settings,
) -> io::Result<Option<Vec<String>>> {
    term.say("Sixes: Player 1 is X and moves first, Player 2 is O.")?;
    let human = answer!(ask_side(term));
    let limit = answer!(ask_limit(term, s.rules.counts));
    let computer = Player::new(s.level).map_err(io::Error::other)?;
    let mut pos =
        setup(s.board.as_deref(), Rules { limit, ..s.rules }).map_err(io::Error::other)?;
    term.board(&pos)?;
    loop {
        if let Some(end) = pos.end() {
            return Ok(Some(verdict(end, human)));
        }
        let mover = pos.side_to_move();
        let (mv, who) = if mover == human {
            (answer!(ask_move(term, &pos)), "Player")
        } else {
            match computer.choose(&pos) {
                Some(mv) => (mv, "Computer"),
                None => return Ok(Some(verdict(Ending::NoMoves(mover), human))),
            }
        };
        term.say(&format!(
            "{who} moves the piece at {} to {}",
            mv.from, mv.to
        ))?;
        let (theirs, mine) = pos.removals(mv);
        for (side, lost) in [(mover.other(), theirs), (mover, mine)] {
            for sq in Square::all_in(lost) {
                let letter = text::side_letter(side);
                term.say(&format!(
                    "The piece at {sq} ({letter}) is surrounded and removed."
                ))?;
            }
        }
        pos.play(mv);
        term.board(&pos)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_set_the_level_and_the_rules() {
        let s = settings(&args(
            "sixes --depth 3 --capture edges --limit-counts single",
        ))
        .unwrap();
        assert_eq!(s.level, Level::Depth(3));
        assert_eq!(s.rules.capture, crate::games::sixes::Capture::Edges);
        assert_eq!(s.rules.counts, LimitCounts::Single);
        let s = settings(&args("sixes")).unwrap();
        assert_eq!(s.level, Level::Time(DEFAULT_TIME_MS));
        assert_eq!(s.rules, Rules::default());
    }

    #[test]
    fn bad_flags_are_refused_with_a_reason() {
        let refused = |line: &str| settings(&args(line)).err().unwrap();
        assert!(refused("").contains("name the game"));
        assert!(refused("chess").contains("only sixes"));
        assert!(refused("sixes --depth").contains("needs a value"));
        assert!(refused("sixes --depth 0").contains("from 1 to 64"));
        assert!(refused("sixes --time soon").contains("from 1 to 600000"));
        assert!(refused("sixes --capture all").contains("Capture"));
        assert!(refused("sixes --limit-counts both").contains("LimitCounts"));
        assert!(refused("sixes --board XX/OO").contains("--board"));
        assert!(refused("sixes --fast 1").contains("unknown flag"));
    }

    #[test]
    fn the_verdict_names_the_reason_and_the_winner() {
        let lines = verdict(Ending::NoPieces(Side::P2), Side::P1);
        assert_eq!(
            lines,
            [
                "Game over: the computer has no pieces left.",
                "You (X) win!"
            ]
        );
        let tie = Ending::Limit {
            pieces: [3, 3],
            moves: [5, 5],
        };
        let lines = verdict(tie, Side::P2);
        assert_eq!(
            lines[2],
            "Equal pieces, so possible moves decide: you 5, computer 5."
        );
        assert_eq!(lines[3], "It is a draw: there is no winner.");
    }
}
