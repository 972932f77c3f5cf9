//! Reads input line by line with a bound on memory, whatever arrives: a line longer than the
//! bound is consumed to its end but only its head is kept, so a 10 MB line costs at most
//! `max` bytes plus one read buffer.

use std::io::{BufRead, ErrorKind};

/// One input line without its `\n` (and without one `\r` right before it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first bytes of the line, at most the reader's bound.
    pub head: Vec<u8>,
    /// The full length of the line in bytes.
    pub len: usize,
}

impl Line {
    pub fn truncated(&self) -> bool {
        self.len > self.head.len()
    }
}

pub struct Lines<R> {
    input: R,
    max: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R, max: usize) -> Self {
        Lines { input, max }
    }

    /// The next line, or `None` at end of input. A last line without `\n` is still a line.
    /// Read errors other than interruptions end the input.
    pub fn next_line(&mut self) -> Option<Line> {
        let mut head = Vec::new();
        let mut len = 0;
        let mut seen_any = false;
        // Whether the byte before the current chunk was a `\r` that was dropped from `head`
        // only provisionally (it may be the `\r` of a `\r\n` split across reads).
        let mut pending_cr = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => &[],
            };
            if chunk.is_empty() {
                if pending_cr {
                    keep(&mut head, self.max, b"\r");
                    len += 1;
                }
                return seen_any.then_some(Line { head, len });
            }
            seen_any = true;
            let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], Some(i)),
                None => (chunk, None),
            };
            if pending_cr && newline != Some(0) {
                keep(&mut head, self.max, b"\r");
                len += 1;
            }
            let (body, cr) = match part.split_last() {
                Some((b'\r', body)) => (body, true),
                _ => (part, false),
            };
            let keep = body.len().min(self.max.saturating_sub(head.len()));
            head.extend_from_slice(&body[..keep]);
            len += body.len();
            let consumed = part.len() + newline.map_or(0, |_| 1);
            let done = newline.is_some();
            pending_cr = cr && !done;
            self.input.consume(consumed);
            if done {
                return Some(Line { head, len });
            }
        }
    }
}

fn keep(head: &mut Vec<u8>, max: usize, bytes: &[u8]) {
    if head.len() < max {
        head.extend_from_slice(bytes);
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
    fn empty_input_has_no_lines_but_an_empty_line_is_one() {
        assert!(lines(b"", 10, 8).is_empty());
        assert_eq!(lines(b"\n", 10, 8), vec![(String::new(), 0)]);
    }
}
