//! `tabula match` against a Fairy-Stockfish-family engine (`--uci-variant`): the stand-in
//! `fake_fairy.sh` records what it is sent and answers in Fairy-Stockfish's notation.

use std::path::PathBuf;
use std::process::Command;

/// A 12x10 board: White (lowercase) king l1 and pawn a5, Black king l10. The pawn promotes on
/// rank 6, the first rank past the middle.
const PROMOTION: &str = "11K/12/12/12/12/p11/12/12/12/11k w";

/// Plays a one-game-pair match from `start` of the stand-in, as Fairy-Stockfish's `variant`
/// answering its first `go` with `first`, against tabula at depth 1; what the stand-in was
/// sent, and the save file.
fn fake_match(tag: &str, start: &str, first: &str, variant: &str) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("tabula-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("fairy.log");
    let save = dir.join("games.txt");
    let fake: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fake_fairy.sh"]
        .iter()
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["match", "--game", "chess14", "--fen", start, "--depth", "1"])
        .args([
            "--engine",
            &format!("{} {} {first}", fake.display(), log.display()),
        ])
        .args(["--uci-variant", variant])
        .arg(format!("VariantPath=/x/{variant}.ini"))
        .args(["--engine", env!("CARGO_BIN_EXE_tabula")])
        .args(["--save", save.to_str().unwrap()])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let games = std::fs::read_to_string(&save).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (sent, games)
}

#[test]
fn a_fairy_engine_gets_its_notation_and_answers_in_it() {
    let (sent, games) = fake_match("fairy", PROMOTION, "a5a6q", "c14cut");
    let lines: Vec<&str> = sent.lines().collect();
    let at = |line: &str| lines.iter().position(|l| *l == line);
    // The variants file first: Fairy-Stockfish knows the variant only after reading it.
    let path = at("setoption name VariantPath value /x/c14cut.ini").expect(&sent);
    let variant = at("setoption name UCI_Variant value c14cut").expect(&sent);
    assert!(path < variant, "{sent}");
    // Its own FEN: White uppercase, castling letters, no en passant square.
    assert!(
        lines.contains(&"position fen 11k/12/12/12/12/P11/12/12/12/11K w - - 0 1"),
        "{sent}"
    );
    let records: Vec<&str> = games.lines().filter(|l| !l.starts_with('#')).collect();
    // Game 1: its promotion, read without the suffix; the queen it made, in its letters;
    // then an unreadable move that loses.
    assert!(
        records[0].contains(&format!("position fen {PROMOTION} moves a5a6 l10k9")),
        "{games}"
    );
    assert!(
        lines.contains(&"position fen 12/10k1/12/12/Q11/12/12/12/12/11K w - - 0 1"),
        "{sent}"
    );
    assert!(records[0].contains("illegal move 'zz99'"), "{games}");
}

#[test]
fn fairy_notation_is_for_chess14_only() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["match", "--game", "sixes", "--depth", "1"])
        .args(["--engine", "x", "--uci-variant", "y", "--engine", "z"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--uci-variant: tabula knows Fairy-Stockfish's notation of chess14 only"),
        "{err}"
    );
}

#[test]
fn a_start_position_the_rules_refuse_stops_the_match_before_it_starts() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["match", "--game", "chess14", "--depth", "1", "--fen", "8 w"])
        .args(["--engine", "x", "--engine", "y"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("tabula match: --fen: "), "{err}");
}

/// The true 14x14 board, as Fairy-Stockfish-X plays it: two-digit ranks both ways.
#[test]
fn a_fairy_engine_plays_the_true_board_with_two_digit_ranks() {
    // White (lowercase) king n1 and rook a2, Black king n14.
    let start = "13K/14/14/14/14/14/14/14/14/14/14/14/r13/13k w";
    let (sent, games) = fake_match("fairy14", start, "a2a13", "chess14");
    let lines: Vec<&str> = sent.lines().collect();
    assert!(lines.contains(&"setoption name UCI_Variant value chess14"));
    // Its FEN: 14 ranks, White uppercase.
    assert!(
        lines.contains(&"position fen 13k/14/14/14/14/14/14/14/14/14/14/14/R13/13K w - - 0 1"),
        "{sent}"
    );
    let records: Vec<&str> = games.lines().filter(|l| !l.starts_with('#')).collect();
    // Its move to the 13th rank is read as one move, and the next position it gets has the
    // rook there.
    assert!(
        records[0].contains(&format!("position fen {start} moves a2a13 ")),
        "{games}"
    );
    let second = lines
        .iter()
        .filter(|l| l.starts_with("position fen "))
        .nth(1)
        .expect(&sent);
    let ranks: Vec<&str> = second["position fen ".len()..].split('/').collect();
    assert_eq!(ranks.len(), 14, "{second}");
    assert!(ranks[1].starts_with('R') && ranks[12] == "14", "{second}");
}
