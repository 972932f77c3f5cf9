//! Where the session targets' replies go, and the check that they are whole lines of text.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Keeps what a session writes, so that its lines can be checked.
#[derive(Clone, Default)]
pub struct Sink(pub Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The session's output must be lines of text (each reply a whole line).
pub fn check_lines(sink: &Sink) {
    let out = sink.0.lock().unwrap();
    let text = std::str::from_utf8(&out).expect("replies are UTF-8");
    assert!(text.is_empty() || text.ends_with('\n'), "a reply without its end of line");
    assert!(!text.contains('\0'), "a NUL byte in the replies");
}
