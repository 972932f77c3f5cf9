//! An engine as a child process over pipes.
//!
//! A reader thread turns the engine's stdout into lines on a channel and a writer thread
//! feeds its stdin, so the referee itself never blocks on a pipe: every wait has a deadline,
//! and an engine that crashes, hangs or stops reading costs one game, not the match.

use super::orphans;
use crate::protocol::lines::Lines;
use crate::protocol::reply;
use std::fmt;
use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::protocol::lines::MAX_LINE;
/// Engine lines read ahead of the referee.
const LINE_QUEUE: usize = 256;
/// How long an engine gets to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);
/// How often a wait for a line checks whether the engine has exited.
const EXIT_POLL: Duration = Duration::from_millis(50);

/// What an engine's last `info` lines said of the search behind its move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub depth: Option<u32>,
    /// From the mover's point of view, in centipawns (a mate as `reply::MATE_CP` less its
    /// distance).
    pub score: Option<i32>,
}

/// Why an engine did not give the answer the referee waited for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It could not be started.
    Spawn(String),
    /// Nothing arrived before the deadline.
    Timeout,
    /// Its output closed: it exited or crashed.
    Closed,
    /// It answered a setup command with a protocol `error` line.
    Rejected(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Spawn(e) => write!(f, "cannot start: {e}"),
            Fault::Timeout => write!(f, "no answer in time"),
            Fault::Closed => write!(f, "exited"),
            Fault::Rejected(line) => write!(f, "answered '{}'", reply::escape(line)),
        }
    }
}

/// The protocol dialect: the greeting, its acknowledgement, the new-game word and the names
/// of the clock fields of `go` (first player's time, second's, first's increment, second's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dialect {
    pub hello: &'static str,
    pub hello_ok: &'static str,
    pub new_game: &'static str,
    pub clock_words: [&'static str; 4],
}

pub const UCI: Dialect = Dialect {
    hello: "uci",
    hello_ok: reply::UCI_OK,
    new_game: "ucinewgame",
    clock_words: ["wtime", "btime", "winc", "binc"],
};

pub const UGI: Dialect = Dialect {
    hello: "ugi",
    hello_ok: reply::UGI_OK,
    new_game: "uginewgame",
    clock_words: ["p1time", "p2time", "p1inc", "p2inc"],
};

/// What an engine is told after it greets: the game, then its options.
pub struct Setup<'a> {
    pub dialect: Dialect,
    pub variant: &'a str,
    /// Send `UCI_Variant` after the options rather than before them.
    pub variant_last: bool,
    pub options: &'a [(String, String)],
    pub timeout: Duration,
}

pub struct Engine {
    child: Child,
    input: Sender<String>,
    output: Receiver<String>,
    /// What the engine calls itself (`id name`), or its program when it does not say.
    pub name: String,
    /// The line that asks it to exit: `quit`, or Gomocup's `END`.
    farewell: &'static str,
}

impl Engine {
    /// Starts `command` and runs the handshake: greeting, variant, options, `isready`.
    pub fn start(command: &[String], setup: &Setup<'_>) -> Result<Engine, Fault> {
        let mut engine = Engine::spawn(command, "quit")?;
        engine.handshake(setup)?;
        Ok(engine)
    }

    /// Starts `command` with pipes to its stdin and stdout; `farewell` asks it to exit.
    pub fn spawn(command: &[String], farewell: &'static str) -> Result<Engine, Fault> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| Fault::Spawn("empty command".into()))?;
        let mut child = orphans::spawn(
            Command::new(program)
                .args(args)
                // Its own process group, so that the processes it starts end with it.
                .process_group(0)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit()),
        )
        .map_err(|e| Fault::Spawn(format!("{program}: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            // Both were asked for as pipes; std always provides them.
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fault::Spawn("no pipes to the engine".into()));
        };
        let (input, to_engine) = mpsc::channel::<String>();
        std::thread::spawn(move || {
            let mut stdin = stdin;
            for line in to_engine {
                let sent = stdin
                    .write_all(line.as_bytes())
                    .and_then(|_| stdin.write_all(b"\n"))
                    .and_then(|_| stdin.flush());
                if sent.is_err() {
                    break;
                }
            }
        });
        // Bounded, so an engine that floods lines waits for the referee instead of filling
        // its memory.
        let (from_engine, output) = mpsc::sync_channel::<String>(LINE_QUEUE);
        std::thread::spawn(move || {
            let mut lines = Lines::new(BufReader::new(stdout), MAX_LINE).without_end();
            while let Some(line) = lines.next_line() {
                // Output that ends mid-line is an engine that died while answering: its half
                // answer (`bestmove a1` of `bestmove a1a3`) is no answer, and the end is a crash.
                if !line.complete {
                    break;
                }
                let text = String::from_utf8_lossy(&line.head).trim().to_string();
                log::trace!("engine> {text}");
                if from_engine.send(text).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            child,
            input,
            output,
            name: program.clone(),
            farewell,
        })
    }

    fn handshake(&mut self, setup: &Setup<'_>) -> Result<(), Fault> {
        let deadline = Instant::now() + setup.timeout;
        self.send(setup.dialect.hello)?;
        loop {
            let line = self.next_line(deadline)?;
            if let Some(name) = reply::read_name(&line) {
                self.name = reply::escape(name);
            } else if line == setup.dialect.hello_ok {
                break;
            }
        }
        let variant = format!("setoption name UCI_Variant value {}", setup.variant);
        if !setup.variant_last {
            self.send(&variant)?;
        }
        for (name, value) in setup.options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        if setup.variant_last {
            self.send(&variant)?;
        }
        self.sync(deadline)
    }

    /// Starts a new game: the new-game word, then `isready` until `readyok`.
    pub fn new_game(&mut self, dialect: Dialect, timeout: Duration) -> Result<(), Fault> {
        self.send(dialect.new_game)?;
        self.sync(Instant::now() + timeout)
    }

    /// `isready`, then waits for `readyok`; an `error` line before it means a command of the
    /// setup was refused.
    fn sync(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.send("isready")?;
        loop {
            let line = self.next_line(deadline)?;
            if line == reply::READY_OK {
                return Ok(());
            }
            if reply::is_error(&line) {
                return Err(Fault::Rejected(line));
            }
        }
    }

    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        log::trace!("engine< {line}");
        self.input.send(line.to_string()).map_err(|_| Fault::Closed)
    }

    /// The next line the engine writes, waiting until `deadline` at most. An engine that
    /// has exited is `Closed` even while a process it started keeps its output open.
    pub fn next_line(&mut self, deadline: Instant) -> Result<String, Fault> {
        loop {
            let slice = deadline.min(Instant::now() + EXIT_POLL);
            match receive_by(&self.output, slice) {
                Err(Fault::Timeout) if slice < deadline => {
                    if matches!(self.child.try_wait(), Ok(Some(_))) {
                        return Err(Fault::Closed);
                    }
                }
                other => return other,
            }
        }
    }

    /// Waits for `bestmove` and returns its move word (empty when the line has none) and what
    /// the `info` lines before it said; other lines are skipped. An `error` line means the
    /// engine did not take the position or the `go`, so whatever it would answer is not a
    /// move in this game.
    pub fn best_move(&mut self, deadline: Instant) -> Result<(String, Report), Fault> {
        let mut report = Report::default();
        loop {
            let line = self.next_line(deadline)?;
            if let Some(mv) = reply::read_best_move(&line) {
                return Ok((mv.to_string(), report));
            }
            if reply::is_error(&line) {
                return Err(Fault::Rejected(line));
            }
            report.depth = reply::read_info_depth(&line).or(report.depth);
            report.score = reply::read_info_score(&line).or(report.score);
        }
    }

    /// Kills the engine at once (it hung or lost track of the game).
    pub fn kill(mut self) {
        self.kill_all();
    }

    /// Kills the engine's process group, then reaps the engine and kills its orphans that
    /// left the group.
    fn kill_all(&mut self) {
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) touches no memory; the negative pid names the process group
            // the engine leads (`process_group(0)`), which holds only it and its children.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        }
        let _ = self.child.kill();
        if self.child.wait().is_ok() {
            orphans::ended(self.child.id());
        }
    }
}

/// A line from `output` if one arrives before `deadline`. Past the deadline even a waiting
/// line is refused, so an engine that floods `info` lines still times out.
fn receive_by(output: &Receiver<String>, deadline: Instant) -> Result<String, Fault> {
    let now = Instant::now();
    if now >= deadline {
        return Err(Fault::Timeout);
    }
    output.recv_timeout(deadline - now).map_err(|e| match e {
        RecvTimeoutError::Timeout => Fault::Timeout,
        RecvTimeoutError::Disconnected => Fault::Closed,
    })
}

impl Drop for Engine {
    /// Asks the engine to quit, and kills it if it does not within [`QUIT_GRACE`].
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.send(self.farewell);
            let deadline = Instant::now() + QUIT_GRACE;
            while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_count_only_before_the_deadline() {
        let (tx, rx) = mpsc::sync_channel(4);
        tx.send("info".to_string()).unwrap();
        tx.send("bestmove a1".to_string()).unwrap();
        let soon = Instant::now() + Duration::from_secs(5);
        assert_eq!(receive_by(&rx, soon), Ok("info".to_string()));
        // A line is waiting, but the deadline has passed.
        assert_eq!(receive_by(&rx, Instant::now()), Err(Fault::Timeout));
        assert_eq!(receive_by(&rx, soon), Ok("bestmove a1".to_string()));
        let later = Instant::now() + Duration::from_millis(20);
        assert_eq!(receive_by(&rx, later), Err(Fault::Timeout));
        drop(tx);
        assert_eq!(receive_by(&rx, soon), Err(Fault::Closed));
    }
}
