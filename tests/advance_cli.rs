//! The Advance bot run as the referee runs it: one process per move, boards in files.

use std::path::PathBuf;
use std::process::{Command, Output};

/// A fresh scratch directory per test (tests run in parallel).
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tabula-advance-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn bot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("advance")
        .args(args)
        .output()
        .unwrap()
}

fn board(slashed: &str) -> String {
    slashed.replace('/', "\n") + "\n"
}

/// Level, White to move in `before`, the only accepted board after the move.
/// The first four are the seed's examples, the others our own (see levels.rs).
const CASES: [(&str, &str, &str); 8] = [
    (
        "4",
        "........g/........./........./........./........./.....d.../.....Z.../........#/.......#G",
        "........g/........./........./........./........./.....Z.../........./........#/.......#G",
    ),
    (
        "5",
        "b#g.S.cmb/M......sj/..m.B..##/........./........z/.Jz.#..../..Z#.z..#/C..#z.JZB/.G......s",
        "b#g.S.cmb/M..B...sj/..m....##/........./........z/.Jz.#..../..Z#.z..#/C..#z.JZB/.G......s",
    ),
    (
        "6",
        "d.bz..cmj/Dj.#...b#/m.z.g.zs./......#z#/.....Z#.Z/.#..S...#/..Z.zZ.../...BZ..Z./M.CSMG.J.",
        "d.bz..cmj/Dj.#...b#/M.z.g.zs./......#z#/.....Z#.Z/.#..S...#/..Z.zZ.../...BZ..Z./..CSMG.J.",
    ),
    (
        "7",
        "..j....c./........./##b.g..../........./.#......./#.#...#../.G#....../#......##/.....M...",
        "..j..M.c./........./##b.g..../........./.#......./#.#...#../.G#....../#......##/.........",
    ),
    (
        "4",
        ".......ZG/m......../........./......s.c/........./........./........./........M/g........",
        ".......ZG/m......../........./......s.M/........./........./........./........./g........",
    ),
    (
        "5",
        "g#......./##......./........./........./....z..../....B..../........./.......##/....GC.#d",
        "g#......./##......./........./........./....B..../........./........./.......##/....GC.#d",
    ),
    (
        "6",
        "g......../........./M.....d../....cs.../....J..../........./........./........./........G",
        "g......../........./M.....d../....Cs.../....J..../........./........./........./........G",
    ),
    (
        "7",
        "g......../........./..c...m../........./........./...S...../........./........#/.......#G",
        "g......../........./..c...m../....S..../........./........./........./........#/.......#G",
    ),
];

/// The same board seen from the other side: rows reversed, colours swapped.
fn mirrored(slashed: &str) -> String {
    let rows: Vec<String> = slashed
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

#[test]
fn name_is_one_short_line() {
    let out = bot(&["name"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, "tabula advance\n");
    assert!(text.trim_end().len() <= 32);
}

#[test]
fn level_positions_give_their_answer_at_every_level_up_to_8() {
    let dir = scratch("levels");
    for (i, (level, before, after)) in CASES.iter().enumerate() {
        let levels = (level.parse::<u8>().unwrap()..=8).map(|l| l.to_string());
        for play_level in levels {
            for (colour, before, after) in [
                ("white", before.to_string(), after.to_string()),
                ("black", mirrored(before), mirrored(after)),
            ] {
                let path = dir.join(format!("case{i}.txt"));
                std::fs::write(&path, board(&before)).unwrap();
                let p = path.to_str().unwrap();
                let out = bot(&[colour, p, p, "--level", &play_level]);
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(out.status.success(), "case {i} level {play_level}: {err}");
                let got = std::fs::read_to_string(&path).unwrap();
                assert_eq!(
                    got,
                    board(&after),
                    "case {i} ({colour}) at level {play_level}"
                );
            }
        }
    }
}

#[test]
fn crlf_and_trailing_spaces_are_read_and_in_out_can_differ() {
    let dir = scratch("crlf");
    let (input, output) = (dir.join("in.txt"), dir.join("out.txt"));
    let (_, before, after) = CASES[5];
    std::fs::write(&input, before.replace('/', "   \r\n") + "\r\n").unwrap();
    let out = bot(&[
        "white",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
        "--level",
        "5",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&output).unwrap(), board(after));
    // Only OUT is written, and no temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2);
}

#[test]
fn every_level_plays_a_legal_move_from_the_start_quickly() {
    let dir = scratch("start");
    let start =
        "mjdsgscjm/bzzzzzzzb/........./........./........./........./........./BZZZZZZZB/MJCSGSDJM";
    for level in ["4", "5", "6", "7", "8", "max"] {
        let path = dir.join("board.txt");
        std::fs::write(&path, board(start)).unwrap();
        let p = path.to_str().unwrap();
        let began = std::time::Instant::now();
        let out = bot(&["white", p, p, "--level", level, "--seed", "5"]);
        assert!(out.status.success(), "level {level}");
        // Generous bound for a loaded debug-profile test machine; the release timings are in
        // the README.
        assert!(began.elapsed().as_millis() < 2000, "level {level} too slow");
        let after = std::fs::read_to_string(&path).unwrap();
        let changed = after
            .lines()
            .zip(board(start).lines())
            .filter(|(a, b)| a != b)
            .count();
        assert!((1..=2).contains(&changed), "level {level}: {after}");
    }
}

#[test]
fn bad_input_leaves_out_untouched() {
    let dir = scratch("bad");
    let (input, output) = (dir.join("in.txt"), dir.join("out.txt"));
    std::fs::write(&output, "previous\n").unwrap();
    let bad_boards = [
        ("8 lines", "....g....\n".repeat(8)),
        (
            "a bad letter",
            board("....g..../9/9/9/9/9/9/9/....G...X").replace('9', "........."),
        ),
        (
            "no white General",
            board("....g..../9/9/9/9/9/9/9/.........").replace('9', "........."),
        ),
        ("binary", "\u{0}\u{1}".to_string()),
    ];
    for (what, text) in bad_boards {
        std::fs::write(&input, text).unwrap();
        let out = bot(&["white", input.to_str().unwrap(), output.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{what}");
        assert!(!out.stderr.is_empty(), "{what}");
        assert_eq!(
            std::fs::read_to_string(&output).unwrap(),
            "previous\n",
            "{what}"
        );
    }
    let missing = bot(&[
        "white",
        dir.join("nope.txt").to_str().unwrap(),
        output.to_str().unwrap(),
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    let usage = bot(&["purple", "a", "b"]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("white or black"));
}

#[test]
fn no_legal_move_is_an_error() {
    let dir = scratch("stuck");
    let path = dir.join("board.txt");
    // Black's General is walled in next to a protected White Builder.
    let stuck = board(
        "g#......./#B......./.S......./........./........./........./........./........./........G",
    );
    std::fs::write(&path, &stuck).unwrap();
    let p = path.to_str().unwrap();
    let out = bot(&["black", p, p]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("black has no legal move"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), stuck);
}

#[test]
fn perft_subcommand_counts_and_checks_its_arguments() {
    let out = bot(&["perft", "2"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("perft 2: 1849 nodes in "));
    let from = bot(&["perft", "1", "9/9/9/9/4g4/4G4/9/9/9", "w"]);
    assert!(String::from_utf8_lossy(&from.stdout).starts_with("perft 1: 3 nodes"));
    assert_eq!(bot(&["perft", "13"]).status.code(), Some(2));
    assert_eq!(bot(&["perft", "1", "9/9", "w"]).status.code(), Some(2));
}

#[test]
fn a_match_whose_reader_leaves_ends_quietly() {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["advance", "match", "5", "4", "--games", "50", "--save"])
        .arg(scratch("closed-pipe").join("games.txt"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("game 1 white 5 black 4: "), "{first}");
    // The reader is gone; the next report line ends the process, without a panic.
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn a_match_with_two_search_threads_reports_every_game() {
    let out = bot(&[
        "match",
        "8",
        "max",
        "--games",
        "2",
        "--nodes",
        "3000",
        "--threads",
        "2",
        "--random-plies",
        "6",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("game 1 white 8 black max: "), "{text}");
    assert!(text.contains("\ngame 2 white max black 8: "), "{text}");
    assert!(text.contains("nodes 3000"), "{text}");
    let zero = bot(&["match", "8", "7", "--threads", "0"]);
    assert_eq!(zero.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&zero.stderr)
            .contains("--threads needs a whole number from 1 to 256")
    );
}

#[test]
fn out_must_be_a_regular_writable_file_and_is_left_as_it_was_otherwise() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
    let dir = scratch("out-kinds");
    let input = dir.join("in.txt");
    std::fs::write(&input, board(CASES[0].1)).unwrap();
    let run =
        |out: &std::path::Path| bot(&["white", input.to_str().unwrap(), out.to_str().unwrap()]);
    // A symlink: before, the link was replaced and its target left alone.
    let target = dir.join("target.txt");
    std::fs::write(&target, "target\n").unwrap();
    let link = dir.join("link.txt");
    symlink(&target, &link).unwrap();
    let out = run(&link);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "target\n");
    // A FIFO: before, it was replaced by a regular file.
    let fifo = dir.join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let out = run(&fifo);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    assert!(
        !std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_file()
    );
    // A character device: before, /dev/null was replaced by a regular file.
    let null = std::path::Path::new("/dev/null");
    let out = run(null);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    assert!(
        std::fs::symlink_metadata(null)
            .unwrap()
            .file_type()
            .is_char_device()
    );
    // A read-only file: before, it was overwritten with exit 0.
    let locked = dir.join("locked.txt");
    std::fs::write(&locked, "previous\n").unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = run(&locked);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&locked).unwrap(), "previous\n");
    // A writable file keeps its permissions and gets the board.
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, "previous\n").unwrap();
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(run(&plain).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&plain).unwrap(), board(CASES[0].2));
    let mode = std::fs::metadata(&plain).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
}

#[test]
fn an_endless_input_file_is_refused() {
    let dir = scratch("endless");
    let output = dir.join("out.txt");
    std::fs::write(&output, "previous\n").unwrap();
    let out = bot(&["white", "/dev/zero", output.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file but a device"));
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "previous\n");
}
