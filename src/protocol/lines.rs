//! Reads input line by line with a bound on memory, whatever arrives: a line longer than the
//! bound is consumed to its end but only its head is kept, so a 10 MB line costs at most
//! `max` bytes plus one read buffer. A line that goes on past [`ENDLESS`] bytes (`/dev/zero`)
//! ends the input after it, so that an endless line gets its error instead of a wait.

use std::io::{BufRead, ErrorKind};

/// The longest line every reader keeps (the engine, XBoard, Gomocup, the referee reading an
/// engine); a longer one is answered with an error, its rest read and dropped.
pub const MAX_LINE: usize = 1 << 16;

/// The longest line read to its end: longer ones are taken as endless. Far above any line a
/// program or a person writes (a flood test sends 20 MB), read in a few tens of milliseconds.
pub const ENDLESS: usize = 64 << 20;

/// One input line without its `\n` (and without one `\r` right before it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first bytes of the line, at most the reader's bound.
    pub head: Vec<u8>,
    /// The full length of the line in bytes.
    pub len: usize,
    /// Whether a byte past the head is whitespace (see [`is_space`]): formats whose
    /// commands are short still tell a long token from several words by it.
    pub tail_space: bool,
    /// Whether the line ended with `\n`: not so a last line cut short by the end of input,
    /// which a reader of another program's answers takes for half an answer.
    pub complete: bool,
}

/// Whitespace as C's `isspace` sees it: space, `\t`, `\n`, `\v`, `\f`, `\r`.
pub fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

impl Line {
    pub fn truncated(&self) -> bool {
        self.len > self.head.len()
    }

    /// Appends bytes of the line, keeping at most `max` of them in `head`.
    fn take(&mut self, bytes: &[u8], max: usize) {
        let kept = bytes.len().min(max.saturating_sub(self.head.len()));
        self.head.extend_from_slice(&bytes[..kept]);
        self.tail_space |= bytes[kept..].iter().any(|&b| is_space(b));
        self.len += bytes.len();
    }
}

pub struct Lines<R> {
    input: R,
    max: usize,
    /// The longest line read to its end (`ENDLESS`, or none when time bounds the input).
    endless: Option<usize>,
    /// Why the input ended early: an endless line or a read error.
    ended: Option<std::io::Error>,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R, max: usize) -> Self {
        Lines {
            input,
            max,
            endless: Some(ENDLESS),
            ended: None,
        }
    }

    /// Reads lines of any length: for a reader whose input is bounded by time instead (the
    /// referee ends an engine that writes past its deadline).
    pub fn without_end(self) -> Self {
        Lines {
            endless: None,
            ..self
        }
    }

    /// Why the input ended before its end of file, if it did: a read error, or a line longer
    /// than [`ENDLESS`] bytes (after which the input is not read any further).
    pub fn failure(&self) -> Option<&std::io::Error> {
        self.ended.as_ref()
    }

    /// Reads the lines on a detached thread of their own, sending each as `line(..)` and then
    /// `end` at end of input, so that a session keeps reading while it works. The thread stops
    /// early when the receiver is gone, and may outlive a session that ends before its input.
    pub fn forward<E: Send + 'static>(
        mut self,
        to: std::sync::mpsc::Sender<E>,
        line: fn(Line) -> E,
        end: E,
    ) where
        R: Send + 'static,
    {
        std::thread::spawn(move || {
            while let Some(l) = self.next_line() {
                if to.send(line(l)).is_err() {
                    return;
                }
            }
            let _ = to.send(end);
        });
    }

    /// The next line, or `None` at end of input. A last line without `\n` is still a line.
    /// Read errors other than interruptions end the input, and so does an endless line once
    /// its head is returned (see [`Lines::failure`]).
    pub fn next_line(&mut self) -> Option<Line> {
        if self.ended.is_some() {
            return None;
        }
        let mut line = Line {
            head: Vec::new(),
            len: 0,
            tail_space: false,
            complete: false,
        };
        let mut seen_any = false;
        // Whether the byte before the current chunk was a `\r` that was dropped from `head`
        // only provisionally (it may be the `\r` of a `\r\n` split across reads).
        let mut pending_cr = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.ended = Some(e);
                    &[]
                }
            };
            if chunk.is_empty() {
                if pending_cr {
                    line.take(b"\r", self.max);
                }
                return seen_any.then_some(line);
            }
            seen_any = true;
            let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], Some(i)),
                None => (chunk, None),
            };
            if pending_cr && newline != Some(0) {
                line.take(b"\r", self.max);
            }
            let (body, cr) = match part.split_last() {
                Some((b'\r', body)) => (body, true),
                _ => (part, false),
            };
            line.take(body, self.max);
            let consumed = part.len() + newline.map_or(0, |_| 1);
            let done = newline.is_some();
            pending_cr = cr && !done;
            self.input.consume(consumed);
            if done {
                line.complete = true;
                return Some(line);
            }
            if self.endless.is_some_and(|most| line.len > most) {
                let what = format!("a line goes on past {ENDLESS} bytes");
                self.ended = Some(std::io::Error::new(ErrorKind::InvalidData, what));
                return Some(line);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    fn lines(input: &[u8], max: usize, buf: usize) -> Vec<(String, usize)> {
        let mut r = Lines::new(BufReader::with_capacity(buf, input), max);
        std::iter::from_fn(|| r.next_line())
            .map(|l| (String::from_utf8_lossy(&l.head).into_owned(), l.len))
            .collect()
    }

    #[test]
    fn splits_lines_and_drops_one_cr() {
        for buf in [1, 2, 3, 64] {
            let got = lines(b"ab\r\ncd\n\r\r\nlast", 100, buf);
            let want = [("ab", 2), ("cd", 2), ("\r", 1), ("last", 4)];
            let want: Vec<_> = want.iter().map(|&(s, n)| (s.to_string(), n)).collect();
            assert_eq!(got, want, "buffer {buf}");
        }
    }

    #[test]
    fn a_cr_not_before_a_newline_is_kept() {
        for buf in [1, 2, 64] {
            assert_eq!(
                lines(b"a\rb\na\r", 100, buf),
                vec![("a\rb".into(), 3), ("a\r".into(), 2)]
            );
        }
    }

    #[test]
    fn long_lines_keep_only_their_head() {
        let mut input = vec![b'x'; 1_000_000];
        input.extend_from_slice(b"\nnext\n");
        let got = lines(&input, 10, 4096);
        assert_eq!(got, vec![("x".repeat(10), 1_000_000), ("next".into(), 4)]);
    }

    #[test]
    fn long_lines_tell_whether_their_tail_has_whitespace() {
        let tail_space = |input: &[u8]| {
            let mut r = Lines::new(BufReader::with_capacity(3, input), 4);
            std::iter::from_fn(|| r.next_line())
                .map(|l| l.tail_space)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            tail_space(b"abcdefgh\nabcd efg\n ab\n"),
            [false, true, false]
        );
        // A `\r` dropped before the newline is no part of the line; one inside it is.
        assert_eq!(
            tail_space(b"abcdefgh\r\nabcdef\rgh\nabcdefgh\r"),
            [false, true, true]
        );
    }

    #[test]
    fn an_endless_line_ends_the_input_after_its_head() {
        let mut r = Lines::new(
            BufReader::new(std::fs::File::open("/dev/zero").unwrap()),
            10,
        );
        let line = r.next_line().unwrap();
        assert!(line.truncated() && !line.complete && line.len > ENDLESS);
        assert_eq!(line.head, [0; 10]);
        assert!(r.next_line().is_none());
        assert!(r.failure().unwrap().to_string().contains("goes on past"));
    }

    #[test]
    fn a_read_error_ends_the_input_and_is_kept() {
        let mut r = Lines::new(BufReader::new(std::fs::File::open("/").unwrap()), 10);
        assert!(r.next_line().is_none());
        assert!(r.failure().is_some());
    }

    #[test]
    fn empty_input_has_no_lines_but_an_empty_line_is_one() {
        assert!(lines(b"", 10, 8).is_empty());
        assert_eq!(lines(b"\n", 10, 8), vec![(String::new(), 0)]);
    }
}
