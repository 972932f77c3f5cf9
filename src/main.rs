use std::io::BufReader;
use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .format(tabula::frontends::log_line)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        None | Some("engine") => tabula::engine::run(
            BufReader::new(std::io::stdin()),
            tabula::engine::Output::stdout(),
        ),
        Some("bench") => tabula::frontends::bench::run(&args[1..]),
        Some("advance") if args.len() > 1 => tabula::frontends::advance::run(&args[1..]),
        Some("play") => tabula::frontends::sixes::play::run(&args[1..]),
        Some("match") => tabula::frontends::referee::run(&args[1..]),
        Some("tune") => tabula::frontends::tune::run(&args[1..]),
        Some("mist") => tabula::frontends::mist::main(),
        Some("xboard") => tabula::frontends::xboard::run(
            BufReader::new(std::io::stdin()),
            tabula::engine::Output::stdout(),
        ),
        Some("gomocup" | "pbrain") => tabula::frontends::gomocup::run(
            BufReader::new(std::io::stdin().lock()),
            tabula::engine::Output::stdout(),
        ),
        Some("help" | "--help" | "-h") => {
            tabula::frontends::say(USAGE.trim_end());
            0
        }
        Some(other) => {
            tabula::frontends::complain("tabula", format!("unknown command '{other}'"));
            eprintln!("{USAGE}");
            2
        }
    };
    ExitCode::from(code as u8)
}

const USAGE: &str = "\
usage: tabula                 the engine: protocol on stdin/stdout (see protocol.md)
       tabula bench [--depth N] [--threads N] [--hash MiB] [--game ID]
                              fixed-depth searches of every game's bench positions
       tabula advance name | white|black IN OUT [--level L] [--movetime MS] [--seed N]
                              the referee's Advance bot (one move per run; see README)
       tabula advance match A B [--games N] [--movetime MS | --nodes N] [--threads N]
                                [--seed N] [--random-plies N] [--save FILE]
                              a series between two Advance levels, with times per move
       tabula advance perft DEPTH [POSITION]
                              Advance move-generation count and speed on one thread
       tabula play sixes [--depth N | --time MS] [--capture interior|edges]
                         [--limit-counts per-player|single] [--board ROWS]
                              the 6x6 terminal game against the computer
       tabula match --game ID --engine CMD --engine CMD (--tc S+I | --movetime MS | --depth N) ...
                              engine-vs-engine games over pipes (tabula match --help)
       tabula tune [--skip PLIES] [--steps N] SAVEFILE...
                              Chess14 piece values fitted to saved games' results
       tabula mist            the Gomoku-in-the-Mist controller (see protocol.md)
       tabula xboard          Chess14 for XBoard (CECP; see README, Chess14 in XBoard)
       tabula gomocup         a Gomocup brain (alias pbrain): the Gomocup protocol on stdin/stdout
       tabula help            this text
";
