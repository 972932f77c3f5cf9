//! Drives `tabula xboard` as XBoard 4.9 does: the command order is the one in XBoard's
//! `-debug` log of an engine-vs-engine game (see scripts/xboard-match), with the clocks it
//! sends. Checks that every move the engine sends is legal and in time, that thinking output
//! has CECP's shape, and that `?`, `force`, `ping` and `quit` act at once during a search.

#[path = "common/peer.rs"]
mod peer;

use peer::Peer;
use std::time::{Duration, Instant};
use tabula::game::{Options, Rules};
use tabula::games::chess14::Chess14;

/// What XBoard sends to an engine it starts for a game of Chess14 at 40 moves in 1 minute,
/// up to the game's first move (the second engine of a match also gets the position).
const STARTUP: &str = "xboard
    protover 2
    accepted myname
    accepted variants
    accepted setboard
    accepted usermove
    accepted san
    accepted colors
    accepted ping
    accepted playother
    accepted sigint
    accepted sigterm
    accepted highlight
    accepted memory
    accepted smp
    accepted nps
    accepted analyze
    accepted reuse
    accepted time
    accepted draw
    accepted name
    accepted option
    accepted option
    accepted done
    memory 68
    cores 1
    new
    variant chess14
    level 40 1 0
    post
    hard
    ping 1
    force
    setboard rnbhcgakgcebnr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/PPPPPPPPPPPPPP/RNBHCGAKGCEBNR w KQkq - 0 1
    computer";

fn start_position() -> Chess14 {
    Chess14::start("chess14", &Options::default()).unwrap()
}

/// Reads `move X` (with its promotion suffix) as a move of `pos`.
fn engine_move(pos: &Chess14, line: &str) -> <Chess14 as Rules>::Move {
    let text = line.strip_prefix("move ").expect("a move line");
    let squares = text.strip_suffix('q').unwrap_or(text);
    let mv = pos
        .parse_move(squares)
        .unwrap_or_else(|e| panic!("engine move {text}: {e}"));
    assert_eq!(mv.is_promotion(), text.ends_with('q'), "{text}");
    mv
}

/// Whether a line is CECP thinking output: depth, score, centiseconds, nodes, variation.
fn is_thinking(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() >= 5 && words[..4].iter().all(|w| w.parse::<i64>().is_ok())
}

#[test]
fn a_game_in_xboards_command_order_is_legal_and_in_time() {
    let mut engine = Peer::start(&["xboard"]);
    engine.send(STARTUP);
    let hello = engine.until("pong 1", Duration::from_secs(10));
    assert!(hello.iter().any(|l| l.starts_with("feature done=1")));
    assert!(hello.iter().any(|l| l.starts_with("setup (")));
    let mut pos = start_position();
    // Little time left, as late in a session: each move must come well within it.
    let mut clock_cs = 300u64;
    for ply in 0..12 {
        if ply % 2 == 0 {
            let go = if ply == 0 { "\ngo" } else { "" };
            engine.send(&format!("time {clock_cs}\notim 300{go}"));
            let asked = Instant::now();
            let lines = engine.until("move ", Duration::from_secs(3));
            let took = asked.elapsed();
            assert!(took < Duration::from_millis(clock_cs * 10 / 3), "{took:?}");
            clock_cs -= (took.as_millis() as u64 / 10).min(clock_cs / 2);
            for l in &lines[..lines.len() - 1] {
                assert!(is_thinking(l) || l.starts_with("highlight "), "{l}");
            }
            let mv = engine_move(&pos, lines.last().unwrap());
            pos.play(mv);
        } else {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let reply = legal[ply % legal.len()];
            engine.send(&format!("usermove {}", pos.format_move(reply)));
            pos.play(reply);
        }
    }
    engine.send("quit");
    assert_eq!(engine.close_within(Duration::from_secs(30)), Some(0));
}

#[test]
fn move_now_force_ping_and_quit_act_during_a_search() {
    let mut engine = Peer::start(&["xboard"]);
    engine.send(STARTUP);
    engine.until("pong 1", Duration::from_secs(10));
    // `?` ends a long search with its best move so far.
    engine.send("st 60\ngo");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    engine.send("?");
    let lines = engine.until("move ", Duration::from_secs(2));
    assert!(asked.elapsed() < Duration::from_secs(1));
    let mut pos = start_position();
    pos.play(engine_move(&pos, lines.last().unwrap()));
    // `force` during a search: no move, and `ping` answers at once.
    engine.send("usermove h13h12");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    engine.send("force\nping 2");
    let lines = engine.until("pong 2", Duration::from_secs(2));
    assert!(asked.elapsed() < Duration::from_secs(1));
    assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:?}");
    // Analysis reports until `exit`; `quit` ends a search and the process at once.
    engine.send("analyze");
    let lines = engine.until("3 ", Duration::from_secs(10));
    assert!(lines.iter().all(|l| is_thinking(l)), "{lines:?}");
    engine.send("exit\nping 3");
    engine.until("pong 3", Duration::from_secs(2));
    engine.send("go");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    engine.send("quit");
    assert_eq!(engine.close_within(Duration::from_secs(30)), Some(0));
    assert!(asked.elapsed() < Duration::from_secs(1));
}

/// The machine's memory in MiB, from Linux's `/proc/meminfo`.
fn total_mib() -> usize {
    let info = std::fs::read_to_string("/proc/meminfo").unwrap();
    let kib: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().strip_suffix("kB")?.trim().parse().ok())
        .unwrap();
    kib / 1024
}

#[test]
fn memory_beyond_what_is_free_and_a_huge_core_count_are_answered_at_once() {
    // Before: `memory` granted any table the system would overcommit (and `new` then cleared
    // it, swapping), and `cores 100000` spawned threads for half a minute in silence.
    let mib = total_mib() + 1024;
    let mut engine = Peer::start(&["xboard"]);
    engine.send(&format!("memory {mib}\ncores 100000\nping 1"));
    let lines = engine.until("pong 1", Duration::from_secs(10));
    let refusal = format!("Error (cannot allocate a hash table of {mib} MiB (only ");
    assert!(lines[0].starts_with(&refusal), "{lines:?}");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(engine.close_within(Duration::from_secs(30)), Some(0));
}
