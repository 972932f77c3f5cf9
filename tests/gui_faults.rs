//! Faults of the other side: the Gomocup brain and the CECP engine under a manager or GUI that
//! hangs (stops talking while the engine thinks), closes its pipe in the middle of a line,
//! crashes (both pipes gone while the engine thinks) or floods the input. The move still comes
//! within its time limit, the process ends cleanly at the end of its input, and its memory
//! stays bounded.

#[path = "common/peer.rs"]
mod peer;

use peer::Peer;
use std::time::{Duration, Instant};

/// Far above the limits the tests set, for a loaded machine.
const SLACK: Duration = Duration::from_secs(10);

/// The two front-ends: how to start them, how to make them think for about 300 ms, the reply
/// that is their move, a line that is one command cut in the middle with what it answers, and
/// a command whose reply no flood line can give.
struct FrontEnd {
    args: &'static [&'static str],
    think: &'static str,
    moved: &'static str,
    cut: &'static str,
    cut_reply: &'static str,
    marker: &'static str,
    marker_reply: &'static str,
}

const GOMOCUP: FrontEnd = FrontEnd {
    args: &["gomocup"],
    think: "START 15\nINFO timeout_turn 300\nBEGIN",
    moved: "7,7",
    cut: "ABO",
    cut_reply: "UNKNOWN command 'ABO'",
    marker: "ABOUT",
    marker_reply: "name=",
};

const XBOARD: FrontEnd = FrontEnd {
    args: &["xboard"],
    think: "xboard\nprotover 2\nnew\nst 0.3\ngo",
    moved: "move ",
    cut: "ping 7",
    cut_reply: "pong 7",
    marker: "ping 99",
    marker_reply: "pong 99",
};

/// Peak resident memory of process `pid` in KiB.
fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().strip_suffix("kB")?.trim().parse().ok())
        .unwrap()
}

#[test]
fn a_silent_gui_still_gets_the_move_in_time() {
    for f in [GOMOCUP, XBOARD] {
        let mut p = Peer::start(f.args);
        let started = Instant::now();
        p.send(f.think);
        // Nothing more is sent, and the input stays open.
        p.until(f.moved, SLACK);
        assert!(started.elapsed() < SLACK, "{:?}", f.args);
        assert_eq!(p.close_within(SLACK), Some(0), "{:?}", f.args);
    }
}

#[test]
fn a_line_cut_by_the_end_of_input_is_read_and_the_session_ends() {
    for f in [GOMOCUP, XBOARD] {
        let mut p = Peer::start(f.args);
        p.send(f.think);
        p.send_bytes(f.cut.as_bytes());
        p.close_input();
        // The move being searched is still given, then the cut line is answered.
        p.until(f.moved, SLACK);
        p.until(f.cut_reply, SLACK);
        assert_eq!(p.exit_within(SLACK), Some(0), "{:?}", f.args);
    }
}

#[test]
fn a_gui_that_dies_while_the_engine_thinks_ends_the_process() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    for f in [GOMOCUP, XBOARD] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(f.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{}", f.think).unwrap();
        // Both pipes go at once: the move is written to nobody, and that is no error.
        drop(stdin);
        drop(child.stdout.take());
        let deadline = Instant::now() + SLACK;
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "{:?} still runs", f.args);
            std::thread::sleep(Duration::from_millis(10));
        };
        assert_eq!(status.code(), Some(0), "{:?}", f.args);
    }
}

#[test]
fn a_flood_of_input_while_the_engine_thinks_is_answered_in_bounded_memory() {
    for f in [GOMOCUP, XBOARD] {
        let mut p = Peer::start(f.args);
        p.send(f.think);
        // 40 MB: one 20 MB line, then 20,000 lines of nonsense, each one answered.
        let mut flood = vec![b'x'; 20 << 20];
        flood.push(b'\n');
        let nonsense = format!("{}\n", "nonsense ".repeat(110));
        flood.extend(nonsense.repeat(20_000).bytes());
        p.send_bytes(&flood);
        // XBoard answers lines while it thinks, the Gomocup brain after its move.
        let mut seen = p.until(f.moved, SLACK * 3);
        p.send(f.marker);
        seen.extend(p.until(f.marker_reply, SLACK * 3));
        assert!(seen.len() > 20_000, "{:?}: {} lines", f.args, seen.len());
        let kib = peak_kib(p.child.id());
        assert!(kib < 200_000, "{:?}: {kib} KiB", f.args);
        assert_eq!(p.close_within(SLACK), Some(0), "{:?}", f.args);
    }
}

#[test]
fn without_a_time_control_the_end_of_input_still_ends_a_move_search_at_once() {
    // Found by the `xboard` fuzz target: a move asked for before any time control searched
    // without end, and the end of input waited for it (`ping` too).
    let mut p = Peer::start(&["xboard"]);
    p.send("xboard\nprotover 2\nnew\nusermove h2h4");
    p.close_input();
    p.until("move ", SLACK);
    assert_eq!(p.exit_within(SLACK), Some(0));
}
