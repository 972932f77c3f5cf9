//! `tabula match --pgn FILE --sgf FILE`: short matches of the stand-in engines, their games
//! read back from the exported files and compared with the save file's moves.

use std::path::PathBuf;
use std::process::Command;

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

fn scratch(file: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tabula-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(file);
    path.display().to_string()
}

/// Runs `tabula match ARGS`; returns the status code and stderr.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(TABULA)
        .arg("match")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// The moves of each game of a save file, by game number.
fn saved_games(save: &str) -> Vec<(usize, Vec<String>)> {
    let text = std::fs::read_to_string(save).unwrap();
    let mut games: Vec<(usize, Vec<String>)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            let moves = fields[5]
                .split_once(" moves ")
                .map_or(Vec::new(), |(_, m)| {
                    m.split_whitespace().map(String::from).collect()
                });
            (fields[0].parse().unwrap(), moves)
        })
        .collect();
    games.sort();
    games
}

/// One PGN game: its tags in order and its movetext's moves and result.
struct PgnGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: String,
}

impl PgnGame {
    fn tag(&self, name: &str) -> &str {
        &self.tags.iter().find(|(n, _)| n == name).unwrap().1
    }
}

/// A reader of the PGN that tabula writes: tags, an empty line, movetext (move numbers,
/// `{comments}`), the result, an empty line.
fn read_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    for block in text.split("\n\n[").filter(|b| !b.trim().is_empty()) {
        let block = block.strip_prefix('[').unwrap_or(block);
        let (head, body) = block
            .split_once("\n\n")
            .expect("tags, an empty line, moves");
        let tags = head
            .lines()
            .map(|l| {
                let l = l.trim_start_matches('[').trim_end_matches(']');
                let (name, value) = l.split_once(' ').unwrap();
                (name.to_string(), value.trim_matches('"').to_string())
            })
            .collect();
        let mut body = body.to_string();
        while let Some(open) = body.find('{') {
            let close = body[open..].find('}').unwrap() + open;
            body.replace_range(open..=close, "");
        }
        let mut tokens: Vec<String> = body
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .map(String::from)
            .collect();
        let result = tokens.pop().unwrap();
        games.push(PgnGame {
            tags,
            moves: tokens,
            result,
        });
    }
    games
}

#[test]
fn chess14_games_export_as_pgn_with_the_variant_and_fen() {
    let (pgn, save) = (scratch("c.pgn"), scratch("c.txt"));
    let (code, err) = run(&[
        "--game",
        "chess14",
        "--engine",
        TABULA,
        "--engine",
        TABULA,
        "Level=random",
        "--depth",
        "1",
        "--games",
        "2",
        "--random-plies",
        "2",
        "--check-depth",
        "0",
        "--adjudicate-plies",
        "30",
        "--seed",
        "3",
        "--pgn",
        &pgn,
        "--save",
        &save,
    ]);
    assert_eq!(code, Some(0), "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = read_pgn(&text);
    assert_eq!(games.len(), 2, "{text}");
    for (game, (number, moves)) in games.iter().zip(saved_games(&save)) {
        let names: Vec<&str> = game.tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names[..7],
            ["Event", "Site", "Date", "Round", "White", "Black", "Result"],
            "the seven-tag roster first"
        );
        assert_eq!(game.tag("Variant"), "fairy");
        assert_eq!(game.tag("SetUp"), "1");
        assert_eq!(
            game.tag("FEN"),
            "rnbhcgakgcebnr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/\
             PPPPPPPPPPPPPP/RNBHCGAKGCEBNR w KQkq - 0 1"
        );
        assert_eq!(game.tag("Round"), format!("1.{number}"));
        assert_eq!(game.tag("Result"), game.result);
        assert_eq!(game.tag("PlyCount"), moves.len().to_string());
        // Every game here is played to the ply limit or ends by the rules.
        assert!(
            ["normal", "adjudication"].contains(&game.tag("Termination")),
            "{text}"
        );
        // The moves read back are the save file's (a promotion carries XBoard's `q`).
        let read: Vec<String> = game
            .moves
            .iter()
            .map(|m| m.trim_end_matches('q').to_string())
            .collect();
        assert_eq!(read, moves, "{text}");
    }
    // Engine 1 is White in game 1 and Black in game 2.
    assert_eq!(games[0].tag("White"), games[1].tag("Black"));
}

#[test]
fn a_forfeit_is_said_in_the_termination_and_a_comment() {
    let pgn = scratch("f.pgn");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fake_engine.sh");
    let fake = format!("bash '{script}' '{TABULA}' illegal 1");
    let (code, err) = run(&[
        "--game", "sixes", "--engine", TABULA, "--engine", &fake, "--depth", "1", "--games", "2",
        "--pgn", &pgn,
    ]);
    assert_eq!(code, Some(0), "{err}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = read_pgn(&text);
    assert_eq!(games.len(), 2, "{text}");
    for g in &games {
        assert_eq!(g.tag("Variant"), "sixes");
        assert_eq!(g.tag("Termination"), "rules infraction", "{text}");
    }
    assert!(text.contains("player: illegal move 'zz99'} "), "{text}");
}

#[test]
fn gomoku_games_export_as_c_gomoku_cli_pgn_and_sgf() {
    let (pgn, sgf, save, openings) = (
        scratch("g.pgn"),
        scratch("g.sgf"),
        scratch("g.txt"),
        scratch("g-openings.txt"),
    );
    std::fs::write(&openings, "0,0, 1,1, -1,2\n").unwrap();
    let (code, err) = run(&[
        "--game",
        "gomoku",
        "--engine",
        TABULA,
        "--engine",
        TABULA,
        "--depth",
        "1",
        "--games",
        "2",
        "--openings",
        &openings,
        "--pgn",
        &pgn,
        "--sgf",
        &sgf,
        "--save",
        &save,
    ]);
    assert_eq!(code, Some(0), "{err}");
    let saved = saved_games(&save);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = read_pgn(&text);
    assert_eq!(games.len(), 2, "{text}");
    for g in &games {
        let names: Vec<&str> = g.tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "Event",
                "Date",
                "Round",
                "Black",
                "White",
                "Result",
                "Termination",
                "PlyCount"
            ]
        );
        let number: usize = g.tag("Event").parse().unwrap();
        let moves = &saved.iter().find(|(n, _)| *n == number).unwrap().1;
        assert_eq!(&g.moves, moves);
        // c-gomoku-cli's date has the time too.
        assert_eq!(g.tag("Date").len(), "2026.11.27 03:24:31".len());
        let (result, how) = (g.tag("Result"), g.tag("Termination"));
        match result {
            "1-0" => assert!(how.starts_with("White win by"), "{how}"),
            "0-1" => assert!(how.starts_with("Black win by"), "{how}"),
            _ => assert!(how.starts_with("Draw by"), "{how}"),
        }
    }
    let text = std::fs::read_to_string(&sgf).unwrap();
    let games: Vec<&str> = text.split_terminator(")\n\n").collect();
    assert_eq!(games.len(), 2, "{text}");
    for game in games {
        let (head, body) = game.split_once('\n').unwrap();
        assert!(head.starts_with("(;FF[4]GM[4]GN["), "{head}");
        for prop in [
            "EV[", "DT[", "RO[1.", "RU[0]", "SZ[15]", "PB[", "PW[", "RE[", "TE[",
        ] {
            assert!(head.contains(prop), "{prop} in {head}");
        }
        let number: usize = head["(;FF[4]GM[4]GN[".len()..]
            .split(']')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // The stones back in tabula's notation: column letter, row from the bottom.
        let stones: Vec<String> = body
            .split(';')
            .filter(|s| !s.trim().is_empty())
            .enumerate()
            .map(|(i, s)| {
                let colour = if i % 2 == 0 { "B[" } else { "W[" };
                assert!(s.starts_with(colour), "{s}");
                let b = s.as_bytes();
                if i < 3 {
                    assert!(s.contains("C[opening move]"), "{s}");
                } else {
                    assert!(s.trim_end().ends_with("ms]"), "{s}");
                }
                format!(
                    "{}{}",
                    (b[2] - b'a' + b'A') as char,
                    15 - (b[3] - b'a') as usize
                )
            })
            .collect();
        let moves = &saved.iter().find(|(n, _)| *n == number).unwrap().1;
        assert_eq!(&stones, moves);
        // The opening's stones on a line, then at most eight played stones a line.
        let lines: Vec<&str> = body.lines().collect();
        assert_eq!(lines[0].matches(';').count(), 3);
        assert!(lines[1..].iter().all(|l| l.matches(';').count() <= 8));
    }
}

#[test]
fn sgf_is_gomoku_only_and_an_unwritable_file_is_named() {
    let (code, err) = run(&[
        "--game", "chess14", "--engine", "a", "--engine", "b", "--depth", "1", "--sgf", "x.sgf",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--sgf writes gomoku games"), "{err}");
    let (code, err) = run(&[
        "--game",
        "sixes",
        "--engine",
        TABULA,
        "--engine",
        TABULA,
        "--depth",
        "1",
        "--pgn",
        "/nonexistent-dir/x.pgn",
    ]);
    assert_eq!(code, Some(1));
    assert!(err.contains("cannot write /nonexistent-dir/x.pgn"), "{err}");
}
