//! Every reply of the engine protocol, as values and as the text on the wire: the counterpart of
//! `command.rs`/`parse.rs`. The session writes only what this module formats, and a controller
//! reading another engine's replies (the referee) reads them here too: one owner of the format.

use crate::game::{OptionKind, OptionSpec, Outcome, Side, WIN, WIN_BOUND};
use crate::search::Info;

pub const UCI_OK: &str = "uciok";
pub const UGI_OK: &str = "ugiok";
pub const READY_OK: &str = "readyok";

/// The answer to a `query`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    Flag(bool),
    Outcome(Option<Outcome>),
}

/// `perft`: the count below each legal move (in the game's notation), then their total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Perft {
    pub moves: Vec<(String, u64)>,
    pub total: u64,
}

/// One fixed-depth search of `bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    pub depth: u32,
    pub nodes: u64,
    pub ms: u64,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.ms)
    }
}

/// Nodes per second, without dividing by zero on a fast search.
pub fn nps(nodes: u64, ms: u64) -> u64 {
    nodes * 1000 / ms.max(1)
}

/// The handshake after `uci`/`ugi`: who we are, every option, then `ok`.
pub fn hello(ok: &str, options: &[OptionSpec]) -> Vec<String> {
    let mut lines = vec![
        format!("id name tabula {}", env!("CARGO_PKG_VERSION")),
        "id author the tabula developers".to_string(),
    ];
    lines.extend(options.iter().map(option_line));
    lines.push(ok.to_string());
    lines
}

/// The `option ...` line of the handshake.
fn option_line(spec: &OptionSpec) -> String {
    let name = spec.name;
    match &spec.kind {
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Check { default } => {
            format!("option name {name} type check default {default}")
        }
        OptionKind::Combo { default, values } => {
            let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {default}{vars}")
        }
        OptionKind::Text { default } => {
            format!("option name {name} type string default {default}")
        }
    }
}

/// One line of `games`.
pub fn game_line(id: &str, about: &str) -> String {
    format!("{id} {about}")
}

/// Longest word of an `error` line, in characters: a longer one (a 60,000-character move
/// quoted back, say) is cut there and followed by `...`.
pub const ERROR_WORD: usize = 100;
/// Longest `error` line after `error `, in characters, cut the same way.
pub const ERROR_TEXT: usize = 400;

/// `error <what>`, on one printable line: control characters (CR, NUL, ...) are escaped as
/// `\r`, `\0`, `\xNN`, and overlong words and text are cut.
pub fn error(what: &str) -> String {
    let mut text = String::new();
    for (i, word) in what.split(' ').enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&cut(&escape(word), ERROR_WORD));
    }
    format!("error {}", cut(&text, ERROR_TEXT))
}

/// `s` with its control characters (CR, LF, NUL, ...) written as `\r`, `\n`, `\0`,
/// `\xNN`, so that text quoted from the input stays one printable line in every front-end.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The first `max` characters of `s`, then `...` if there was more.
pub fn cut(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// `p1win`, `p2win`, `draw`, or `none` while the game runs.
pub fn outcome_word(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Win(Side::P1)) => "p1win",
        Some(Outcome::Win(Side::P2)) => "p2win",
        Some(Outcome::Draw) => "draw",
        None => "none",
    }
}

/// `result <outcome>`: a move, `resign` or `timeout` ended the game.
pub fn result(o: Outcome) -> String {
    format!("result {}", outcome_word(Some(o)))
}

pub fn response(r: Response) -> String {
    match r {
        Response::Flag(b) => format!("response {b}"),
        Response::Outcome(o) => format!("response {}", outcome_word(o)),
    }
}

/// The legal moves on one line (empty when the game is over).
pub fn legal(moves: &[String]) -> String {
    moves.join(" ")
}

/// `<move>: <count>` per move, then `Nodes searched: <total>`.
pub fn perft(p: &Perft) -> Vec<String> {
    let mut lines: Vec<String> = p.moves.iter().map(|(m, n)| format!("{m}: {n}")).collect();
    lines.push(format!("Nodes searched: {}", p.total));
    lines
}

pub fn bench(id: &str, r: &BenchResult) -> String {
    format!(
        "bench {id} depth {} nodes {} time {} nps {}",
        r.depth,
        r.nodes,
        r.ms,
        r.nps()
    )
}

/// The score as UCI writes it: `cp N` or `mate N` (moves, negative when losing).
pub fn score(score: i32) -> String {
    if score >= WIN_BOUND {
        format!("mate {}", (WIN - score + 1) / 2)
    } else if score <= -WIN_BOUND {
        format!("mate -{}", (WIN + score) / 2)
    } else {
        format!("cp {score}")
    }
}

/// The `info` line of one finished depth, or of one of its ranked lines (`multipv <rank>`, as
/// UCI engines place it); the principal variation is in move words.
pub fn info(info: &Info<String>) -> String {
    let rank = info
        .multipv
        .map_or(String::new(), |k| format!(" multipv {k}"));
    format!(
        "info depth {} seldepth {}{rank} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        score(info.score),
        info.nodes,
        nps(info.nodes, info.time_ms),
        info.hashfull,
        info.time_ms,
        info.pv.join(" ")
    )
}

/// A search's answer: its move and, when its line goes on, the reply it expects (the move to
/// ponder on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    pub mv: String,
    pub ponder: Option<String>,
}

/// `bestmove <move> [ponder <reply>]`, or `bestmove (none)` when the game is over.
pub fn best_move(best: Option<&BestMove>) -> String {
    match best {
        Some(BestMove {
            mv,
            ponder: Some(reply),
        }) => format!("bestmove {mv} ponder {reply}"),
        Some(BestMove { mv, ponder: None }) => format!("bestmove {mv}"),
        None => "bestmove (none)".to_string(),
    }
}

/// Every command of the engine protocol: its names (the first is shown), how it is written,
/// and what it does, for `help`.
const HELP: &[(&[&str], &str, &str)] = &[
    (
        &["uci", "ugi"],
        "uci | ugi",
        "the handshake: id lines, the options, then uciok / ugiok",
    ),
    (
        &["isready"],
        "isready",
        "answers readyok, at once even while a search runs",
    ),
    (
        &["ucinewgame", "uginewgame"],
        "ucinewgame | uginewgame",
        "forgets what earlier searches learnt (clears the table)",
    ),
    (
        &["setoption"],
        "setoption name <name> [value <value>]",
        "sets an option that uci lists",
    ),
    (&["games"], "games", "lists the games, one a line"),
    (
        &["game"],
        "game <id>",
        "selects a game at its start position",
    ),
    (
        &["position"],
        "position startpos | fen <text> | <source> <arg> [moves <m1> ...]",
        "sets the position, then plays the moves",
    ),
    (
        &["go"],
        "go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [infinite] [ponder] [searchmoves <m1> ...]",
        "searches: info lines, then bestmove <move> [ponder <reply>]",
    ),
    (
        &["stop"],
        "stop",
        "ends the running search, perft or bench at once",
    ),
    (
        &["ponderhit"],
        "ponderhit",
        "the guessed move was played: a go ponder search now keeps its limits, timed from now",
    ),
    (
        &["perft"],
        "perft <depth>",
        "counts the move sequences below each legal move",
    ),
    (
        &["bench"],
        "bench [depth]",
        "a search of the position from an empty table, with its speed",
    ),
    (&["legal"], "legal", "the legal moves on one line"),
    (&["place"], "place <move>", "plays a move"),
    (&["view", "d"], "view | d", "shows the board"),
    (&["who"], "who", "names the side to move"),
    (
        &["fen"],
        "fen [standard]",
        "the position's text, as position fen reads it (standard: chess14 with White in uppercase)",
    ),
    (
        &["history"],
        "history",
        "the moves played since the last position",
    ),
    (&["resign"], "resign", "the side to move resigns"),
    (&["timeout"], "timeout", "the side to move lost on time"),
    (
        &["query"],
        "query gameover | p1turn | result",
        "answers response <true|false|result>",
    ),
    (
        &["help"],
        "help [command]",
        "this list, or one command's line",
    ),
    (&["quit"], "quit", "stops the running work and exits"),
    (&["term"], "term", "the same, with exit status 1"),
];

/// `help`: one line per command, `<how it is written>: <what it does>`; with a command, its
/// line alone (`None`: no such command). Every line starts with a command's name, never with
/// a reply's first word.
pub fn help(command: Option<&str>) -> Option<Vec<String>> {
    let line = |&(_, usage, what): &(&[&str], &str, &str)| format!("{usage}: {what}");
    match command {
        None => Some(HELP.iter().map(line).collect()),
        Some(c) => HELP
            .iter()
            .find(|(names, ..)| names.contains(&c))
            .map(|entry| vec![line(entry)]),
    }
}

/// Every command name of the protocol, aliases included (for spelling suggestions).
pub fn command_names() -> impl Iterator<Item = &'static str> {
    HELP.iter().flat_map(|(names, ..)| names.iter().copied())
}

/// The name of an `id name <name>` line.
pub fn read_name(line: &str) -> Option<&str> {
    line.strip_prefix("id name ").map(str::trim)
}

/// The move of a `bestmove <move> ...` line (empty when it names none).
pub fn read_best_move(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    (words.next() == Some("bestmove")).then(|| words.next().unwrap_or(""))
}

/// The depth an `info ... depth N ...` line reports.
pub fn read_info_depth(line: &str) -> Option<u32> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    words.skip_while(|&w| w != "depth").nth(1)?.parse().ok()
}

/// What a mate score counts as in centipawns when scores are compared with a threshold: more
/// than any material score, less the farther the mate.
pub const MATE_CP: i32 = 100_000;

/// The score an `info ... score cp N` or `... score mate N` line reports, from the side to
/// move's point of view, a mate as `±(MATE_CP - N)`; bound words after it are ignored.
pub fn read_info_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut words = words.skip_while(|&w| w != "score").skip(1);
    let kind = words.next()?;
    let n: i32 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(n.clamp(-MATE_CP + 1_000, MATE_CP - 1_000)),
        "mate" if n > 0 => Some(MATE_CP - n.min(999)),
        "mate" => Some(-MATE_CP + n.saturating_neg().min(999)),
        _ => None,
    }
}

/// Whether the line is an `error ...` reply.
pub fn is_error(line: &str) -> bool {
    line.split_whitespace().next() == Some("error")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_their_depth() {
        assert_eq!(
            read_info_depth("info depth 7 seldepth 12 score cp 3"),
            Some(7)
        );
        assert_eq!(read_info_depth("info seldepth 9 depth 4 nodes 1"), Some(4));
        assert_eq!(read_info_depth("info string depth 3"), Some(3));
        assert_eq!(read_info_depth("info nodes 10"), None);
        assert_eq!(read_info_depth("info depth x"), None);
        assert_eq!(read_info_depth("bestmove a1 depth 3"), None);
    }

    #[test]
    fn info_lines_give_their_score_mates_beyond_every_material_score() {
        let score = |l| read_info_score(l);
        assert_eq!(
            score("info depth 7 score cp -35 nodes 9 pv e2e4"),
            Some(-35)
        );
        assert_eq!(score("info depth 7 score cp 40 lowerbound"), Some(40));
        assert_eq!(
            score("info depth 9 score mate 3 pv a1a2"),
            Some(MATE_CP - 3)
        );
        assert_eq!(score("info depth 9 score mate -2"), Some(-MATE_CP + 2));
        assert_eq!(score("info depth 9 score mate 0"), Some(-MATE_CP));
        assert!(score("info score cp 999999").unwrap() < MATE_CP - 999);
        assert_eq!(score("info depth 3 nodes 10"), None);
        assert_eq!(score("info score cp x"), None);
        assert_eq!(score("info score wdl 1 2 3"), None);
        assert_eq!(score("bestmove a1 score cp 3"), None);
    }

    #[test]
    fn help_lines_never_read_as_replies() {
        let replies = [
            "id", "option", UCI_OK, UGI_OK, READY_OK, "info", "bestmove", "error", "result",
            "response",
        ];
        let all = help(None).unwrap();
        assert_eq!(all.len(), HELP.len());
        for line in &all {
            let first = line.split_whitespace().next().unwrap();
            assert!(!replies.contains(&first), "{line}");
            assert!(line.chars().all(|c| !c.is_control()), "{line}");
        }
        assert_eq!(help(Some("d")).unwrap(), ["view | d: shows the board"]);
        assert_eq!(help(Some("frob")), None);
    }

    #[test]
    fn multipv_lines_carry_their_rank() {
        let mut line = Info {
            depth: 3,
            multipv: None,
            seldepth: 5,
            score: 12,
            nodes: 100,
            time_ms: 10,
            hashfull: 1,
            pv: vec!["a1".to_string(), "b2".to_string()],
        };
        let plain =
            "info depth 3 seldepth 5 score cp 12 nodes 100 nps 10000 hashfull 1 time 10 pv a1 b2";
        assert_eq!(info(&line), plain);
        line.multipv = Some(2);
        assert_eq!(info(&line), plain.replace("5 score", "5 multipv 2 score"));
    }

    #[test]
    fn scores_count_mates_in_moves() {
        assert_eq!(score(WIN - 1), "mate 1");
        assert_eq!(score(WIN - 3), "mate 2");
        assert_eq!(score(-(WIN - 2)), "mate -1");
        assert_eq!(score(-17), "cp -17");
    }

    #[test]
    fn replies_read_back_as_written() {
        let best = BestMove {
            mv: "e2e4".into(),
            ponder: Some("e7e5".into()),
        };
        assert_eq!(best_move(Some(&best)), "bestmove e2e4 ponder e7e5");
        assert_eq!(read_best_move(&best_move(Some(&best))), Some("e2e4"));
        assert_eq!(read_best_move("bestmove"), Some(""));
        assert_eq!(read_best_move("info depth 1"), None);
        assert_eq!(read_name("id name tabula 1.0 "), Some("tabula 1.0"));
        assert!(is_error(&error("illegal move z9")));
        assert!(!is_error("info string errors ahead"));
    }

    #[test]
    fn error_lines_are_one_printable_line_of_bounded_words() {
        assert_eq!(
            error("illegal move a\rb\0c"),
            "error illegal move a\\rb\\0c"
        );
        assert_eq!(error("bad \u{7f}\n"), "error bad \\x7f\\n");
        let long = "x".repeat(60_000);
        let line = error(&format!("illegal move {long}"));
        assert_eq!(
            line,
            format!("error illegal move {}...", "x".repeat(ERROR_WORD))
        );
        let many = "ab ".repeat(1000);
        assert_eq!(
            error(&many).chars().count(),
            "error ".len() + ERROR_TEXT + 3
        );
    }

    #[test]
    fn outcomes_and_options_have_one_spelling() {
        assert_eq!(result(Outcome::Win(Side::P2)), "result p2win");
        assert_eq!(response(Response::Outcome(None)), "response none");
        assert_eq!(response(Response::Flag(true)), "response true");
        let combo = OptionSpec {
            name: "Rule",
            kind: OptionKind::Combo {
                default: "a",
                values: &["a", "b"],
            },
        };
        assert_eq!(
            option_line(&combo),
            "option name Rule type combo default a var a var b"
        );
    }
}
