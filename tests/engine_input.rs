//! Whatever arrives on stdin, the engine answers and never panics or loses its state.

#[path = "common/pipe.rs"]
mod pipe;

fn run(input: &[u8]) -> (String, String, Option<i32>) {
    let out = pipe::output_of(&[], input);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// A small deterministic generator, so a failure can be reproduced.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

#[test]
fn random_bytes_never_panic_the_engine() {
    for seed in 1..=20 {
        let mut input = noise(seed, 20_000);
        input.extend_from_slice(b"\nisready\n");
        let (out, err, code) = run(&input);
        assert!(!err.contains("panicked"), "seed {seed}: {err}");
        assert_eq!(code, Some(0), "seed {seed}");
        assert!(out.ends_with("readyok\n"), "seed {seed}: {out}");
    }
}

#[test]
fn a_megabyte_line_gets_one_error_and_the_engine_goes_on() {
    let mut input = vec![b'x'; 1 << 20];
    input.extend_from_slice(b"\nisready");
    let (out, _, code) = run(&input);
    assert_eq!(
        out,
        "error line too long (1048576 bytes; the limit is 65536)\nreadyok\n"
    );
    assert_eq!(code, Some(0));
}

#[test]
fn invalid_utf8_is_an_error_line() {
    let (out, _, _) = run(b"\xff\xfe\nisready\n");
    assert_eq!(out, "error line is not valid UTF-8\nreadyok\n");
}

#[test]
fn quit_and_term_set_the_exit_status() {
    assert_eq!(
        run(b"quit\nisready\n"),
        (String::new(), String::new(), Some(0))
    );
    assert_eq!(
        run(b"term\nisready\n"),
        (String::new(), String::new(), Some(1))
    );
}

#[test]
fn a_go_limit_after_any_blank_is_read_and_an_unreadable_one_is_an_error() {
    // Before: the limit after U+00A0 was dropped and the search ran without end.
    let (out, _, code) = run(b"game sixes\ngo\xc2\xa0depth\xe3\x80\x801\ngo\x0bdepth 1\n");
    let best: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 2, "{out}");
    assert!(!out.contains("info depth 2"), "{out}");
    assert_eq!(code, Some(0));
    let (out, _, _) = run("game sixes\ngo depth\u{200b}1\nisready\n".as_bytes());
    assert_eq!(out, "error go cannot read 'depth\u{200b}1'\nreadyok\n");
}

#[test]
fn error_lines_escape_control_bytes_and_cut_long_words() {
    let (out, _, _) = run(b"game sixes\nplace a\rb\0c\nisready\n");
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("error ") && first.contains("a\\rb\\0c"),
        "{out}"
    );
    assert!(!first.contains('\r') && !first.contains('\0'));
    let mut input = b"game sixes\nplace ".to_vec();
    input.extend(vec![b'x'; 60_000]);
    input.extend_from_slice(b"\nisready\n");
    let (out, _, _) = run(&input);
    let first = out.lines().next().unwrap();
    assert!(first.len() < 600, "{} bytes", first.len());
    assert!(out.ends_with("readyok\n"));
}

#[test]
fn a_hash_table_larger_than_free_memory_is_refused_at_once() {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let Some(free) = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))
        .and_then(|v| v.trim().strip_suffix("kB")?.trim().parse::<u64>().ok())
    else {
        return eprintln!("no MemAvailable here: nothing to check");
    };
    let mib = free / 1024 + 2048;
    if mib > 65536 {
        return eprintln!("{free} kB free: more than the Hash option's maximum");
    }
    let start = std::time::Instant::now();
    let (out, _, code) = run(format!("setoption name Hash value {mib}\nisready\n").as_bytes());
    let prefix = format!("error cannot allocate a hash table of {mib} MiB (only ");
    assert!(out.starts_with(&prefix), "{out}");
    assert!(out.ends_with("readyok\n"), "{out}");
    assert!(start.elapsed().as_secs() < 10);
    assert_eq!(code, Some(0));
}
