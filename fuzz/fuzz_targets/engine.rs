//! A whole engine session fed arbitrary bytes. The session is told to stop every search, perft
//! and bench at the end of input (`AtEnd::Stop`), so each run is short; `setoption name Hash|Threads` is followed by
//! the harness's small values, so that no run allocates or spawns much.
#![no_main]

#[path = "guard.rs"]
mod guard;
#[path = "sink.rs"]
mod sink;

use guard::guarded;
use sink::{Sink, check_lines};
use libfuzzer_sys::fuzz_target;
use tabula::engine::{AtEnd, Output, Session};

fuzz_target!(|data: &[u8]| {
    let input = guarded(
        data,
        "",
        &["setoption"],
        "setoption name Hash value 1\nsetoption name Threads value 1\n",
    );
    let sink = Sink::default();
    let session = Session::with_hash(Output::new(Box::new(sink.clone())), 1).at_end(AtEnd::Stop);
    let code = session.serve(input);
    assert!(code == 0 || code == 1, "exit status {code}");
    check_lines(&sink);
});
