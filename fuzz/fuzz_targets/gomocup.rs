//! The Gomocup brain fed arbitrary bytes. Each search is cut to one ply and few nodes, and
//! the table to its smallest, by the harness's `INFO` lines after each of the fuzzer's
//! (which are still read and answered first).
#![no_main]

#[path = "guard.rs"]
mod guard;
#[path = "sink.rs"]
mod sink;

use libfuzzer_sys::fuzz_target;
use tabula::engine::Output;

const LIMITS: &str = "INFO timeout_turn 0\nINFO max_node 64\nINFO max_memory 13631488\n";

fuzz_target!(|data: &[u8]| {
    let input = guard::guarded(data, LIMITS, &["INFO"], LIMITS);
    let sink = sink::Sink::default();
    let code = tabula::frontends::gomocup::run(input, Output::new(Box::new(sink.clone())));
    assert!(code == 0 || code == 1, "exit status {code}");
    sink::check_lines(&sink);
});
