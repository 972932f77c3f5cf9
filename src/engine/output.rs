//! The one writer of stdout: whole lines, flushed one by one, never interleaved between the
//! session and a search thread.

use crate::protocol::reply;
use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(sink: Box<dyn Write + Send>) -> Self {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    pub fn stdout() -> Self {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Writes one line. A closed pipe is not our business to report: the reader's end of
    /// input stops the session.
    pub fn line(&self, text: &str) {
        let mut sink = self
            .sink
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let _ = sink.write_all(text.as_bytes());
        let _ = sink.write_all(b"\n");
        let _ = sink.flush();
    }

    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) {
        lines.iter().for_each(|l| self.line(l.as_ref()));
    }

    pub fn error(&self, what: &str) {
        self.line(&reply::error(what));
    }
}

/// What a session writes, kept for a test to read.
#[cfg(test)]
#[derive(Clone, Default)]
pub struct Transcript(Arc<Mutex<Vec<u8>>>);

#[cfg(test)]
impl std::io::Write for Transcript {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
impl Transcript {
    /// The lines written since the last call.
    pub fn take(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }
}
