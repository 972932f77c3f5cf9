//! Chess14's search finds the shortest mate in positions from real games on the 12x10 cut
//! (tabula against Fairy-Stockfish 11.1, `tabula match --seed 1160/1161`, three and five plies
//! before the mate). Each distance was checked by Fairy-Stockfish 11.1 (`c14cut`, `go depth
//! 14`), which found the same mate. The search's pruning (null move, late moves, futility)
//! must not hide a mate a fixed depth can see.

#[path = "common/peer.rs"]
mod peer;

use peer::Peer;
use std::time::Duration;

const LONG: Duration = Duration::from_secs(60);

/// (position text, moves to mate for the side to move). White is lowercase (tabula's text).
const MATES: [(&str, u32); 6] = [
    (
        "1N2GK3Q2/5P1Pb3/4P4P2/2P3ab4/3Re7/3p8/4h7/8p3/5pgp4/1n4k1g1n1 w up=w g1",
        2,
    ),
    (
        "1N3G6/1HP2P1K1P1P/1P6PB2/4A5P1/12/2Q8p/12/8E3/p2n2p1gnp1/r4g2k2r b up=w a1,l1",
        2,
    ),
    (
        "1N3G6/1HP2P1K1P1P/1P6PB2/4A5P1/12/2Q8p/12/4E7/p2n2pg1np1/r4g2k2r b up=w a1,l1",
        3,
    ),
    (
        "4K1G5/6PP4/2P1PP6/2b3a5/8P3/8p1p1/12/2n4g4/3p1pp5/6k5 w up=w -",
        2,
    ),
    (
        "4K1G5/3P2PP4/2P2P6/2b3a5/5e2P3/8p1p1/12/2n4g4/3p1pp5/6k5 w up=w -",
        3,
    ),
    (
        "3qG2E4/2P1P2K1P2/6N5/P4a4P1/2q5q2R/p8p2/3B8/5p4p1/2pn2g3bp/r4k4nr w up=w a1,l1",
        3,
    ),
];

#[test]
fn the_shortest_mate_is_found_at_depth_eight() {
    let mut e = Peer::start(&[]);
    e.send("setoption name Threads value 1");
    e.send("game chess14");
    for (fen, mate) in MATES {
        // Each from an empty table: two of the positions follow others in the same game.
        e.send("ucinewgame");
        e.send(&format!("position fen {fen}"));
        e.send("go depth 8");
        let lines = e.until("bestmove", LONG);
        let last = lines
            .iter()
            .rfind(|l| l.starts_with("info depth") && l.contains(" pv "))
            .unwrap_or_else(|| panic!("{fen}: no line in {lines:?}"));
        assert!(
            last.contains(&format!(" score mate {mate} ")),
            "{fen}: mate in {mate} expected, got {last}"
        );
        // The answer is the mating line's first move.
        let first = last.split_whitespace().skip_while(|&w| w != "pv").nth(1);
        let answer = lines.last().unwrap().split_whitespace().nth(1);
        assert_eq!(answer, first, "{lines:?}");
    }
    assert_eq!(e.close_within(LONG), Some(0));
}
