//! A tabula front-end driven over real pipes, as a GUI or a manager drives it: lines are sent
//! one by one, replies read with a deadline, and a process that does not end in time fails the
//! test instead of hanging the suite. Included by the tests that need it (`#[path]`), so that
//! no test binary carries helpers it does not use.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub struct Peer {
    /// The process, for its id and its memory.
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Peer {
    /// `tabula ARGS` with piped stdin and stdout.
    pub fn start(args: &[&str]) -> Peer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start tabula");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Peer {
            child,
            stdin,
            lines,
        }
    }

    /// Sends each line of `text`, trimmed.
    pub fn send(&mut self, text: &str) {
        self.send_bytes(
            text.lines()
                .map(|l| format!("{}\n", l.trim()))
                .collect::<String>()
                .as_bytes(),
        );
    }

    /// Sends `bytes` as they are (a line cut short, a flood).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("the input is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str, limit: Duration) -> Vec<String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no '{prefix}' within {limit:?}: {seen:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("tabula ended before '{prefix}': {seen:?}")
                }
            }
        }
    }

    /// Ends the input, as a GUI that closes its pipe or crashes.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Closes the input and waits for the exit status within `limit`.
    pub fn close_within(&mut self, limit: Duration) -> Option<i32> {
        self.close_input();
        self.exit_within(limit)
    }

    /// The exit status, which must come within `limit`.
    pub fn exit_within(&mut self, limit: Duration) -> Option<i32> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(Instant::now() < deadline, "no exit within {limit:?}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Peer {
    /// A test that failed leaves no process running.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
