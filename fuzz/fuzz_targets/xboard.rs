//! The CECP (XBoard) front-end fed arbitrary bytes. Each search is cut to one ply by the
//! harness's `sd 1` at the start and after every line that could lift it; `memory` is taken
//! back to 1 MiB, `cores` to 1.
#![no_main]

#[path = "guard.rs"]
mod guard;
#[path = "sink.rs"]
mod sink;

use libfuzzer_sys::fuzz_target;
use tabula::engine::Output;

const LIMITS: &str = "sd 1\nmemory 1\ncores 1\n";

fuzz_target!(|data: &[u8]| {
    let input = guard::guarded(data, LIMITS, &["sd", "memory", "cores", "new", "option"], LIMITS);
    let sink = sink::Sink::default();
    let code = tabula::frontends::xboard::run(input, Output::new(Box::new(sink.clone())));
    assert_eq!(code, 0);
    sink::check_lines(&sink);
});
