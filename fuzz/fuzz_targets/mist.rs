//! The Mist controller's line handling: any bytes, a session that ends by the game, `term` or
//! the end of input, and replies that are whole lines.
#![no_main]

#[path = "sink.rs"]
mod sink;

use libfuzzer_sys::fuzz_target;
use tabula::frontends::mist;

fuzz_target!(|data: &[u8]| {
    let sink = sink::Sink::default();
    let _ = mist::run(data, sink.clone());
    sink::check_lines(&sink);
});
