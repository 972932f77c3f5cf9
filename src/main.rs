use std::io::BufReader;
use std::process::ExitCode;
use tabula::frontends::cli::{self, SUBCOMMANDS, Subcommand};
use tabula::frontends::{self, say};
use tabula::protocol::parse::clip;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .format(tabula::frontends::log_line)
        .init();
    let mut argv = std::env::args();
    let program = argv.next().unwrap_or_default();
    let mut args: Vec<String> = argv.collect();
    // Gomoku managers start a brain as a bare `pbrain-<name>` program with no arguments: a copy
    // or link of tabula under such a name is the Gomocup brain.
    if is_brain_name(&program) {
        args.insert(0, "gomocup".into());
    }
    ExitCode::from(run(&args) as u8)
}

/// Whether the program was started under a Gomocup brain's name (`pbrain-tabula`, or
/// `pbrain-tabula.exe` copied from elsewhere).
fn is_brain_name(program: &str) -> bool {
    let name = std::path::Path::new(program)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    name.starts_with("pbrain-")
}

/// Runs the subcommand `args` name; returns the exit status.
fn run(args: &[String]) -> i32 {
    let Some(first) = args.first() else {
        return engine();
    };
    match first.as_str() {
        "--help" | "-h" => return shown(&cli::overview()),
        "--version" | "-V" => return shown(&cli::version()),
        _ => {}
    }
    let Some(sub) = cli::find(first) else {
        let names = SUBCOMMANDS.iter().map(|s| s.name);
        frontends::complain(
            "tabula",
            format!(
                "unknown command '{}'{}",
                clip(first),
                frontends::args::did_you_mean(first, names)
            ),
        );
        eprintln!("{}", cli::overview());
        return 2;
    };
    let rest = &args[1..];
    // Asked anywhere on the line, as with other tools, and before the arguments are checked.
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        return shown(sub.usage);
    }
    if rest.iter().any(|a| a == "--version" || a == "-V") {
        return shown(&cli::version());
    }
    match sub.name {
        "bench" => frontends::bench::run(rest),
        "advance" => frontends::advance::run(rest),
        "play" => frontends::sixes::play::run(rest),
        "match" => frontends::referee::run(rest),
        "tune" => frontends::tune::run(rest),
        "completions" => match rest {
            [shell] => match cli::completions(shell) {
                Ok(script) => shown(script.trim_end()),
                Err(e) => refused(sub, &e),
            },
            _ => refused(sub, "name one shell"),
        },
        "help" => match rest {
            [] => shown(&cli::overview()),
            [name] => match cli::find(name) {
                Some(s) => shown(s.usage),
                None => refused(sub, &format!("unknown command '{}'", clip(name))),
            },
            _ => refused(sub, "name one command"),
        },
        // The protocol front-ends take no arguments: their input is the protocol.
        _ if !rest.is_empty() => refused(sub, &format!("unknown argument '{}'", clip(&rest[0]))),
        "mist" => frontends::mist::main(),
        "xboard" => frontends::xboard::run(
            BufReader::new(std::io::stdin()),
            tabula::engine::Output::stdout(),
        ),
        "gomocup" => frontends::gomocup::run(
            BufReader::new(std::io::stdin().lock()),
            tabula::engine::Output::stdout(),
        ),
        _ => engine(),
    }
}

fn engine() -> i32 {
    tabula::engine::run(
        BufReader::new(std::io::stdin()),
        tabula::engine::Output::stdout(),
    )
}

/// Prints `text` on stdout: status 0.
fn shown(text: &str) -> i32 {
    say(text);
    0
}

/// A bad command line: the reason and the usage on stderr, status 2.
fn refused(sub: &Subcommand, reason: &str) -> i32 {
    frontends::complain(&format!("tabula {}", sub.name), reason);
    eprintln!("{}", sub.usage);
    2
}
