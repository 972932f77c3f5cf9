//! The input of a session target with the harness's own lines after those that could make one
//! run slow (a long search, a large table). The fuzzer's line is still read and answered; the
//! next line only takes its effect back.

use std::io::Cursor;

/// `data` with `after` appended behind each line whose first word is one of `words` (case
/// ignored), and `first` before everything.
pub fn guarded(data: &[u8], first: &str, words: &[&str], after: &str) -> Cursor<Vec<u8>> {
    let mut input = first.as_bytes().to_vec();
    for line in data.split_inclusive(|&b| b == b'\n') {
        input.extend_from_slice(line);
        // Words as the front-ends split them: at any Unicode blank (`\v` and U+00A0 too).
        let text = String::from_utf8_lossy(line);
        let word = text.split_whitespace().next().unwrap_or("");
        if words.iter().any(|w| w.eq_ignore_ascii_case(word)) {
            if !line.ends_with(b"\n") {
                input.push(b'\n');
            }
            input.extend_from_slice(after.as_bytes());
        }
    }
    Cursor::new(input)
}
