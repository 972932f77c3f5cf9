//! `tabula match --game chess14 --openings FILE` with positions: standard FENs and EPDs (White
//! in uppercase), tabula's own position text, and lines of moves in one file; a bad line stops
//! the match before it starts, named by its number.

use std::process::Command;

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

fn scratch(file: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tabula-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(file).display().to_string()
}

/// Runs a two-games-per-opening chess14 match of tabula against its random level from
/// `openings` (files named after `name`); returns the status, stderr, the save file and the PGN.
fn play(name: &str, openings: &str, games: usize) -> (Option<i32>, String, String, String) {
    let (file, save, pgn) = (
        scratch(&format!("{name}.txt")),
        scratch(&format!("{name}.save")),
        scratch(&format!("{name}.pgn")),
    );
    std::fs::write(&file, openings).unwrap();
    let games = games.to_string();
    let out = Command::new(TABULA)
        .args([
            "match",
            "--game",
            "chess14",
            "--engine",
            TABULA,
            "--engine",
            TABULA,
            "Level=random",
            "--depth",
            "1",
            "--adjudicate-plies",
            "12",
            "--games",
            &games,
            "--openings",
            &file,
            "--save",
            &save,
            "--pgn",
            &pgn,
        ])
        .output()
        .unwrap();
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_default();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
        read(&save),
        read(&pgn),
    )
}

/// The standard FEN of the start after 1. h2h4 (White in uppercase).
const AFTER_H4: &str =
    "rnbhcgakgcebnr/pppppppppppppp/14/14/14/14/14/14/14/14/7P6/14/PPPPPPP1PPPPPP/RNBHCGAKGCEBNR";
/// The same in tabula's text (White in lowercase).
const AFTER_H4_TABULA: &str =
    "RNBHCGAKGCEBNR/PPPPPPPPPPPPPP/14/14/14/14/14/14/14/14/7p6/14/ppppppp1pppppp/rnbhcgakgcebnr";

#[test]
fn fens_epds_and_moves_mix_in_one_file() {
    let openings = format!(
        "# a line of moves, a FEN, an EPD, tabula's own text\n\
         h2h4\n\
         \n\
         {AFTER_H4} b KQkq - 0 1\n\
         {AFTER_H4} b Kkq - bm h13h11; id \"h4\";\n\
         {AFTER_H4_TABULA} b\n"
    );
    let (code, err, save, pgn) = play("mix", &openings, 8);
    assert_eq!(code, Some(0), "{err}");
    let starts: Vec<&str> = save
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').nth(5).unwrap())
        .collect();
    assert_eq!(starts.len(), 8);
    let all = format!("{AFTER_H4_TABULA} b up=w a1,h1,n1,a14,h14,n14");
    let no_long = format!("{AFTER_H4_TABULA} b up=w h1,n1,a14,h14,n14");
    for (prefix, count) in [
        ("position startpos moves h2h4 ".to_string(), 2),
        (format!("position fen {all} moves "), 4),
        (format!("position fen {no_long} moves "), 2),
    ] {
        let n = starts.iter().filter(|s| s.starts_with(&prefix)).count();
        assert_eq!(n, count, "{prefix}\n{save}");
    }
    // The PGN starts every game from its opening's position, in the standard FEN.
    let fens: Vec<&str> = pgn.lines().filter(|l| l.starts_with("[FEN ")).collect();
    assert_eq!(fens.len(), 8);
    let after = format!("[FEN \"{AFTER_H4} b KQkq - 0 1\"]");
    assert_eq!(fens.iter().filter(|f| **f == after).count(), 4, "{pgn}");
    let start_fen = "[FEN \"rnbhcgakgcebnr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/\
                     PPPPPPPPPPPPPP/RNBHCGAKGCEBNR w KQkq - 0 1\"]";
    assert_eq!(fens.iter().filter(|f| **f == start_fen).count(), 2, "{pgn}");
}

#[test]
fn a_bad_position_line_is_named() {
    for (line, why) in [
        (
            format!("{AFTER_H4} b KQkqX - 0 1"),
            "line 2: castling 'X' in 'KQkqX'",
        ),
        (
            format!("{AFTER_H4} white KQkq - 0 1"),
            "line 2: the side to move is w or b, not 'white'",
        ),
        (
            "rnbhcgakgcebnr/ppppppppppppp/14 w - - 0 1".to_string(),
            "line 2: row 2 is 13 squares wide but row 1 is 14 (read as a standard FEN",
        ),
        (format!("{AFTER_H4_TABULA} w x9"), "line 2: castling field"),
    ] {
        let (code, err, _, _) = play("bad", &format!("h2h4\n{line}\n"), 2);
        assert_eq!(code, Some(2), "{line}: {err}");
        assert!(err.contains(why), "{line}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn c_gomoku_clis_pos_openings_count_rows_from_the_top() {
    let (file, save) = (scratch("pos.txt"), scratch("pos.save"));
    // c-gomoku-cli's opening_examples/pos_freestyle_20x20.txt, first line.
    std::fs::write(&file, "d3e5f6d7\n").unwrap();
    let out = Command::new(TABULA)
        .args([
            "match",
            "--game",
            "gomoku",
            "--game-options",
            "BoardSize=20",
            "--engine",
            TABULA,
            "--engine",
            TABULA,
            "--depth",
            "1",
            "--openings",
            &file,
            "--save",
            &save,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let save = std::fs::read_to_string(&save).unwrap();
    let games: Vec<&str> = save.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(games.len(), 2);
    for game in games {
        assert!(
            game.contains("\tposition startpos moves D18 E16 F15 D14 "),
            "{game}"
        );
    }
}
