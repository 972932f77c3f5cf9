//! The CECP session: the game, who plays which side (force mode, the engine's colour,
//! analysis), the clocks, the options, and the search under way. Each input line and each
//! finished search goes through here, on the session's one thread.

use super::board::{self, Square, VARIANT};
use super::clock::Clock;
use super::parse::{Command, parse};
use super::reply;
use super::think::{Context, Thinking};
use super::{Event, MAX_LINE};
use crate::engine::Output;
use crate::game::{self, Hosted, OptionKind, OptionSpec, Options, Outcome, Rules, Side};
use crate::games::chess14::{Chess14, Move};
use crate::protocol::lines::Line;
use crate::protocol::parse::clip;
use crate::search::Request;
use crate::search::limits::Limits;
use crate::search::player::Player;
use crate::search::tt::DEFAULT_HASH_MIB;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::Instant;

/// Whether the session goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Exit,
}

/// Who the engine is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// It plays neither side (`force`).
    Force,
    /// It plays this side (`go`, `playother`, `new`: Black).
    Plays(Side),
    /// It analyses whatever position arises (`analyze`).
    Analyze,
}

/// Milliseconds kept back from every deadline for the pipe and XBoard's own reaction.
const OVERHEAD_OPTION: &str = "MoveOverhead";
const DEFAULT_OVERHEAD_MS: i64 = 100;

pub struct Session {
    out: Output,
    events: Sender<Event>,
    /// The positions of the game, the current one last; the first is where it started.
    positions: Vec<Chess14>,
    mode: Mode,
    /// XBoard said the game is over (`result`): no more moves until `new` or `setboard`.
    over: bool,
    clock: Clock,
    post: Arc<AtomicBool>,
    options: Options,
    /// The table and threads of the searches (`memory`, `cores`).
    player: Player,
    thinking: Option<Thinking>,
    /// When the search under way started, for the lag XBoard adds to it.
    thinking_since: Instant,
    searches: u64,
    /// The square of the piece the user holds (`lift`), for `put`'s promotion choice.
    lifted: Option<Square>,
    /// Whether squares are marked from an earlier `highlight` that a new one must clear.
    marked: bool,
}

fn start() -> Chess14 {
    Chess14::start(VARIANT, &Options::default()).expect("the Chess14 start position")
}

impl Session {
    pub fn new(out: Output, events: Sender<Event>) -> Result<Session, String> {
        Ok(Session {
            out,
            events,
            positions: vec![start()],
            mode: Mode::Plays(Side::P2),
            over: false,
            clock: Clock::default(),
            post: Arc::new(AtomicBool::new(false)),
            options: Options::default(),
            player: Player::new(1, DEFAULT_HASH_MIB)?,
            thinking: None,
            thinking_since: Instant::now(),
            searches: 0,
            lifted: None,
            marked: false,
        })
    }

    /// The engine's options besides `memory` and `cores`.
    pub fn option_specs() -> Vec<OptionSpec> {
        let mut specs = Chess14::options();
        specs.push(OptionSpec {
            name: OVERHEAD_OPTION,
            kind: OptionKind::Spin {
                default: DEFAULT_OVERHEAD_MS,
                min: 0,
                max: 10_000,
            },
        });
        specs
    }

    fn pos(&self) -> &Chess14 {
        self.positions.last().expect("a game has a position")
    }

    pub fn line(&mut self, line: &Line) -> Flow {
        if line.truncated() {
            let head = String::from_utf8_lossy(&line.head).into_owned();
            let why = format!("line longer than {MAX_LINE} bytes");
            self.out.line(&reply::error(&why, &clip(&head)));
            return Flow::Continue;
        }
        let Ok(text) = std::str::from_utf8(&line.head) else {
            let head = String::from_utf8_lossy(&line.head).into_owned();
            self.out.line(&reply::error("not UTF-8", &clip(&head)));
            return Flow::Continue;
        };
        if text.trim().is_empty() {
            return Flow::Continue;
        }
        match parse(text) {
            Ok(cmd) => self.handle(cmd),
            Err(why) => {
                self.out.line(&reply::error(&why, &clip(text.trim())));
                Flow::Continue
            }
        }
    }

    /// A search ended by its limits: the engine's move, if it is still wanted.
    pub fn searched(&mut self, id: u64) {
        if self.thinking.as_ref().is_some_and(|t| t.id == id) {
            self.finish_thinking();
        }
    }

    /// End of input: a move search stops and answers at once, as in the engine protocol
    /// (nobody waits for a better move); an analysis stops.
    pub fn finish(&mut self) {
        if self.thinking.as_ref().is_some_and(|t| t.analyze) {
            self.cancel();
        }
        self.stop_thinking();
    }

    fn handle(&mut self, cmd: Command) -> Flow {
        let analyzing = self.mode == Mode::Analyze;
        match cmd {
            // Answered at once, whatever is under way.
            Command::Xboard => {}
            Command::Time(cs) => self.clock.set_left(cs.saturating_mul(10)),
            Command::OpponentTime(_) | Command::Ponder(_) | Command::Hover(_) => {}
            Command::Ignored => {}
            Command::Post(on) => self.post.store(on, Ordering::Relaxed),
            Command::Level {
                moves,
                base_ms,
                inc_ms,
            } => {
                self.clock.session_moves = moves;
                self.clock.base_ms = Some(base_ms);
                self.clock.inc_ms = inc_ms;
                self.clock.move_ms = None;
            }
            Command::MoveTime(ms) => self.clock.move_ms = Some(ms),
            Command::Depth(d) => self.clock.depth = Some(d),
            Command::MoveNow => {
                if let Some(t) = &self.thinking
                    && !t.analyze
                {
                    self.stop_thinking();
                }
            }
            Command::Lift(sq) => self.lift(&sq),
            Command::Put(sq) => self.put(&sq),
            // After the move under way (CECP: `pong` only once the move is out).
            Command::Ping(n) => {
                if !analyzing {
                    self.finish_thinking();
                }
                self.out.line(&reply::pong(&n));
            }
            Command::UserMove(text) => {
                self.settle();
                self.user_move(&text);
            }
            Command::Option { name, value } => {
                self.settle();
                self.set_option(&name, value.as_deref());
            }
            Command::Memory(mib) => {
                self.settle();
                if let Err(e) = self.player.set_hash(mib.max(1)) {
                    self.out.line(&reply::error(&e, &format!("memory {mib}")));
                }
            }
            Command::Cores(n) => {
                self.settle();
                // As the engine's `Threads`: at most the machine's cores (`cores 100000` once
                // spawned threads for half a minute without answering anything).
                if let Err(e) = self.player.set_threads(n) {
                    self.out.line(&reply::error(&e, &format!("cores {n}")));
                }
            }
            // These end what is under way without a move.
            Command::Protover(_) => {
                self.cancel();
                self.out.lines(&reply::features(&Self::option_specs()));
            }
            Command::Quit => {
                self.cancel();
                return Flow::Exit;
            }
            Command::New => {
                self.cancel();
                self.positions = vec![start()];
                self.mode = Mode::Plays(Side::P2);
                self.over = false;
                self.clock.new_game();
                self.player.clear();
                self.marked = false;
            }
            Command::Variant(name) => {
                self.cancel();
                if name == VARIANT {
                    self.positions = vec![start()];
                    self.over = false;
                    self.out.line(&board::setup_line(self.pos()));
                } else {
                    self.out.line(&reply::error(
                        "unsupported variant",
                        &format!("variant {name}"),
                    ));
                }
            }
            Command::Force => {
                self.cancel();
                self.mode = Mode::Force;
            }
            Command::Go => {
                self.cancel();
                self.mode = Mode::Plays(self.pos().side_to_move());
                self.think();
            }
            Command::PlayOther => {
                self.cancel();
                self.mode = Mode::Plays(self.pos().side_to_move().other());
            }
            Command::Result => {
                self.cancel();
                self.over = true;
            }
            Command::SetBoard(fen) => {
                self.cancel();
                match board::from_fen(&fen) {
                    Ok(pos) => {
                        self.positions = vec![pos];
                        self.over = false;
                        self.mark();
                        self.after_change();
                    }
                    Err(why) => self
                        .out
                        .line(&reply::error(&why, &clip(&format!("setboard {fen}")))),
                }
            }
            Command::Undo | Command::Remove => {
                self.cancel();
                let plies = if cmd == Command::Undo { 1 } else { 2 };
                if self.positions.len() > plies {
                    self.positions.truncate(self.positions.len() - plies);
                    self.over = false;
                    self.mark();
                    self.after_change();
                } else {
                    let name = if plies == 1 { "undo" } else { "remove" };
                    self.out.line(&reply::error("no move to take back", name));
                }
            }
            Command::Analyze => {
                self.cancel();
                self.mode = Mode::Analyze;
                self.think();
            }
            Command::Exit => {
                self.cancel();
                if analyzing {
                    self.mode = Mode::Force;
                }
            }
        }
        Flow::Continue
    }

    /// Lets a move search end by its limits and plays its move; an analysis is stopped.
    fn settle(&mut self) {
        if self.thinking.as_ref().is_some_and(|t| t.analyze) {
            self.cancel();
        }
        self.finish_thinking();
    }

    /// Stops the search under way and forgets its move.
    fn cancel(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop();
        }
    }

    /// Stops the search under way and plays its move now (`?`).
    fn stop_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            let best = t.stop();
            self.engine_move(best);
        }
    }

    /// Waits for the search under way to end by its limits, then plays its move.
    fn finish_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            let analyze = t.analyze;
            let best = t.join();
            if !analyze {
                self.engine_move(best);
            }
        }
    }

    fn engine_move(&mut self, best: Option<Move>) {
        let Some(mv) = best else { return };
        let text = board::move_text(self.pos(), mv);
        self.play(mv);
        self.out.line(&reply::move_line(&text));
        let thought = self.thinking_since.elapsed().as_millis() as u64;
        self.clock.moved(thought.max(1));
        self.after_move();
    }

    fn play(&mut self, mv: Move) {
        let mut next = self.pos().clone();
        next.play(mv);
        self.positions.push(next);
    }

    fn user_move(&mut self, text: &str) {
        if self.over || game::result(self.pos()).is_some() {
            return self.out.line(&reply::illegal("the game is over", text));
        }
        match board::parse_move(self.pos(), text) {
            Ok(mv) => {
                self.play(mv);
                self.after_move();
                self.after_change();
            }
            Err(why) => self.out.line(&reply::illegal(&why, text)),
        }
    }

    /// After a move: the marks of check or mate, and the result when the game ended.
    fn after_move(&mut self) {
        if let Some(o) = self.mark() {
            self.out.line(reply::result(o));
        }
    }

    /// Marks the kings in check, and after a mate the pieces that give it; clears earlier
    /// marks. The outcome if the game is over.
    fn mark(&mut self) -> Option<Outcome> {
        let outcome = game::result(self.pos());
        let kings = self.squares("check");
        let mut marks: Vec<(Square, char)> = kings.iter().map(|&k| (k, 'r')).collect();
        if matches!(outcome, Some(Outcome::Win(_))) {
            let contributors = self.squares("contributors");
            marks.extend(contributors.into_iter().map(|s| (s, 'g')));
        }
        if !marks.is_empty() || self.marked {
            self.highlight(&marks);
        }
        outcome
    }

    /// After the position changed: the engine thinks if it is its move, or analyses.
    fn after_change(&mut self) {
        match self.mode {
            Mode::Plays(side) if side == self.pos().side_to_move() => self.think(),
            Mode::Analyze => {
                self.cancel();
                self.think();
            }
            _ => {}
        }
    }

    /// Starts the engine's search for a move (or an analysis), unless the game is over.
    fn think(&mut self) {
        let pos = self.pos().clone();
        if self.over || game::result(&pos).is_some() {
            return;
        }
        let analyze = self.mode == Mode::Analyze;
        self.searches += 1;
        let limits = if analyze {
            Limits {
                infinite: true,
                ..Limits::default()
            }
        } else {
            self.clock.limits((self.positions.len() - 1) / 2)
        };
        let scripted = if analyze {
            None
        } else {
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(self.searches, |d| d.as_nanos() as u64);
            pos.scripted_move(&self.options, seed)
        };
        // The measured lag, with a fifth more for its ups and downs, when it exceeds the option.
        let overhead = self.options.int(OVERHEAD_OPTION, DEFAULT_OVERHEAD_MS) as u64;
        let request = Request {
            overhead_ms: overhead.max(self.clock.lag_ms.saturating_mul(6) / 5),
            ..self.player.request(limits)
        };
        if !analyze {
            self.clock.start_move();
        }
        self.thinking_since = Instant::now();
        let ctx = Context {
            player: self.player.clone(),
            out: self.out.clone(),
            post: self.post.clone(),
            events: self.events.clone(),
        };
        self.thinking = Some(Thinking::start(
            self.searches,
            pos,
            request,
            scripted,
            analyze,
            ctx,
        ));
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let line = format!("option {name}={}", value.unwrap_or(""));
        let Some(spec) = Self::option_specs()
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
        else {
            return self.out.line(&reply::error("unknown option", &clip(&line)));
        };
        match spec.validate(value.unwrap_or("")) {
            Ok(v) => self.options.set(spec.name, v),
            Err(why) => self.out.line(&reply::error(&why, &clip(&line))),
        }
    }

    /// The squares a Chess14 command (`check`, `contributors`, `targets SQ`) answers with,
    /// captures (`xg3`) included without their mark; the command's own arguments, which the
    /// answer repeats, are left out.
    fn squares(&self, command: &str) -> Vec<Square> {
        let mut words = command.split_whitespace();
        let name = words.next().unwrap_or_default();
        let args: Vec<&str> = words.collect();
        match self.pos().command(name, &args, None) {
            Some(Ok(lines)) => lines
                .iter()
                .flat_map(|l| l.split_whitespace().skip(1 + args.len()))
                .filter_map(|w| Square::parse(w.trim_start_matches('x')))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn highlight(&mut self, marks: &[(Square, char)]) {
        let pos = self.pos();
        let line = board::highlight_line(pos.width(), pos.height(), marks);
        self.out.line(&line);
        self.marked = !marks.is_empty();
    }

    /// `lift SQ`: the piece's legal targets (yellow; captures red; promotions blue, which
    /// XBoard completes with our `choice`), and the king in check (marked, no target).
    fn lift(&mut self, text: &str) {
        let Some(from) = Square::parse(text) else {
            return self
                .out
                .line(&reply::error("no square", &format!("lift {}", clip(text))));
        };
        self.lifted = Some(from);
        let pos = self.pos().clone();
        let mut marks: Vec<(Square, char)> = Vec::new();
        if !self.over {
            for to in self.squares(&format!("targets {}", from.name())) {
                let mv = board::parse_move(&pos, &format!("{}{}", from.name(), to.name()));
                let colour = match mv {
                    Ok(m) if m.is_promotion() => 'B',
                    Ok(m) if pos.is_capture(m) => 'R',
                    _ => 'Y',
                };
                marks.push((to, colour));
            }
        }
        marks.extend(self.squares("check").into_iter().map(|k| (k, 'r')));
        self.highlight(&marks);
    }

    /// `put SQ`: a promotion becomes a queen, the only choice.
    fn put(&mut self, text: &str) {
        let (Some(from), Some(to)) = (self.lifted.take(), Square::parse(text)) else {
            return;
        };
        let word = format!("{}{}", from.name(), to.name());
        if board::parse_move(self.pos(), &word).is_ok_and(|m| m.is_promotion()) {
            self.out.line("choice Q");
        }
    }
}
