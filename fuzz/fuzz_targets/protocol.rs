//! The engine protocol's parser, and the readers of replies that the referee applies to an
//! opponent's lines, on every line of the input. An error is a fine answer; a panic is not,
//! and an error line must stay one printable line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::protocol::{parse, reply};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        if let Err(e) = parse(line) {
            let shown = reply::error(&e);
            assert!(!shown.contains(['\n', '\r', '\0']), "{shown:?}");
        }
        let _ = reply::read_name(line);
        let _ = reply::read_best_move(line);
        let _ = reply::is_error(line);
        let _ = tabula::frontends::gomocup::reply::read_coord(line);
        let _ = tabula::frontends::gomocup::reply::is_refusal(line);
        let _ = tabula::frontends::gomocup::reply::read_name(line);
    }
});
