//! The subcommands of `tabula`: one table of names, one-line summaries and usage texts, from
//! which `--help`, `--version`, the spelling suggestions and the shell completions are all
//! made, so that none of them can miss a command or a flag the usage shows.

use super::args::{did_you_mean, flags};
use super::{advance, bench, referee, sixes, tune};

/// One subcommand of the binary.
pub struct Subcommand {
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// One line for the overview.
    pub summary: &'static str,
    /// Its arguments, as `--help` prints them; every `--flag` it accepts appears here.
    pub usage: &'static str,
}

/// Every subcommand, in the order `tabula --help` lists them.
pub static SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        name: "engine",
        aliases: &[],
        summary: "the engine: the protocol on stdin/stdout (the default; see protocol.md)",
        usage: "usage: tabula [engine]\n       \
                the protocol on stdin/stdout; type `help` in it for its commands (protocol.md)",
    },
    Subcommand {
        name: "bench",
        aliases: &[],
        summary: "fixed-depth searches of every game's bench positions (nodes, nodes/s)",
        usage: bench::USAGE,
    },
    Subcommand {
        name: "advance",
        aliases: &[],
        summary: "the Advance referee's bot, matches between its levels, its perft",
        usage: advance::USAGE,
    },
    Subcommand {
        name: "play",
        aliases: &[],
        summary: "the 6x6 Sixes game in the terminal against the computer",
        usage: sixes::play::USAGE,
    },
    Subcommand {
        name: "match",
        aliases: &[],
        summary: "engine-vs-engine games over pipes, with Elo and SPRT",
        usage: referee::USAGE,
    },
    Subcommand {
        name: "tune",
        aliases: &[],
        summary: "an evaluation's weights (Chess14, Gomoku) fitted to saved games",
        usage: tune::USAGE,
    },
    Subcommand {
        name: "mist",
        aliases: &[],
        summary: "the Gomoku-in-the-Mist controller",
        usage: "usage: tabula mist\n       \
                the assignment's controller on stdin/stdout (protocol.md, section mist)",
    },
    Subcommand {
        name: "xboard",
        aliases: &[],
        summary: "Chess14 for XBoard (CECP)",
        usage: "usage: tabula xboard\n       \
                CECP on stdin/stdout: xboard -fcp \"tabula xboard\" -variant chess14 \
                -testLegality false",
    },
    Subcommand {
        name: "gomocup",
        aliases: &["pbrain"],
        summary: "a Gomocup brain: the Gomocup protocol on stdin/stdout",
        usage: "usage: tabula gomocup\n       \
                the Gomocup protocol on stdin/stdout (alias: tabula pbrain)",
    },
    Subcommand {
        name: "completions",
        aliases: &[],
        summary: "a completion script for a shell (bash, zsh or fish)",
        usage: "usage: tabula completions bash|zsh|fish\n       \
                e.g. tabula completions bash > ~/.local/share/bash-completion/completions/tabula",
    },
    Subcommand {
        name: "help",
        aliases: &[],
        summary: "this overview, or a command's arguments (tabula help COMMAND)",
        usage: "usage: tabula help [COMMAND]",
    },
];

/// `tabula <version>`, as `--version` prints it.
pub fn version() -> String {
    format!("tabula {}", env!("CARGO_PKG_VERSION"))
}

/// The subcommand called `name` or by one of its aliases.
pub fn find(name: &str) -> Option<&'static Subcommand> {
    SUBCOMMANDS
        .iter()
        .find(|s| s.name == name || s.aliases.contains(&name))
}

/// What `tabula --help` prints.
pub fn overview() -> String {
    let mut text = format!(
        "{}: plays and referees board games over a line protocol\n\n\
         usage: tabula [COMMAND] [ARGS]\n\ncommands:\n",
        version()
    );
    for s in SUBCOMMANDS {
        text.push_str(&format!("  {:<12} {}\n", s.name, s.summary));
    }
    text.push_str(
        "\n`tabula COMMAND --help` shows a command's arguments; every command answers \
         --version.\nThe protocol, replies and exit statuses: protocol.md.",
    );
    text
}

/// A subcommand's flags for completion, `--help` and `--version` among them.
fn flags_of(s: &Subcommand) -> String {
    let mut f = flags(s.usage);
    f.extend(["--help", "--version"]);
    f.join(" ")
}

/// The arms of a shell `case` over the subcommand's names (bash and zsh write it alike): each
/// `name|alias) <action on its flags> ;;`.
fn case_arms(action: impl Fn(&str) -> String) -> String {
    SUBCOMMANDS
        .iter()
        .map(|s| {
            let mut pattern = vec![s.name];
            pattern.extend(s.aliases);
            format!(
                "            {}) {} ;;\n",
                pattern.join("|"),
                action(&flags_of(s))
            )
        })
        .collect()
}

/// A completion script for `shell`: the subcommands after `tabula`, and after one of them its
/// flags with `--help` and `--version`.
pub fn completions(shell: &str) -> Result<String, String> {
    let names: Vec<&str> = SUBCOMMANDS
        .iter()
        .flat_map(|s| std::iter::once(s.name).chain(s.aliases.iter().copied()))
        .collect();
    let mut text = String::new();
    match shell {
        "bash" => {
            text.push_str("# bash completion for tabula (tabula completions bash)\n");
            text.push_str("_tabula() {\n    local cur=${COMP_WORDS[COMP_CWORD]} words=\n");
            text.push_str("    if [ \"$COMP_CWORD\" -eq 1 ]; then\n");
            text.push_str(&format!(
                "        words=\"{} --help --version\"\n",
                names.join(" ")
            ));
            text.push_str("    else\n        case ${COMP_WORDS[1]} in\n");
            text.push_str(&case_arms(|flags| format!("words=\"{flags}\"")));
            text.push_str("        esac\n    fi\n");
            text.push_str("    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n}\n");
            text.push_str("complete -o default -F _tabula tabula\n");
        }
        "zsh" => {
            text.push_str(
                "#compdef tabula\n# zsh completion for tabula (tabula completions zsh)\n",
            );
            text.push_str("_tabula() {\n    if (( CURRENT == 2 )); then\n");
            text.push_str(&format!(
                "        compadd -- {} --help --version\n",
                names.join(" ")
            ));
            text.push_str("    else\n        case ${words[2]} in\n");
            text.push_str(&case_arms(|flags| format!("compadd -- {flags}")));
            text.push_str("        esac\n        _files\n    fi\n}\ncompdef _tabula tabula\n");
        }
        "fish" => {
            text.push_str("# fish completion for tabula (tabula completions fish)\n");
            for s in SUBCOMMANDS {
                text.push_str(&format!(
                    "complete -c tabula -n __fish_use_subcommand -a {} -d '{}'\n",
                    s.name,
                    s.summary.replace('\'', "")
                ));
                for flag in flags(s.usage).iter().chain(&["--help", "--version"]) {
                    text.push_str(&format!(
                        "complete -c tabula -n '__fish_seen_subcommand_from {}' -l {}\n",
                        s.name,
                        &flag[2..]
                    ));
                }
            }
        }
        other => {
            return Err(format!(
                "no completions for the shell '{}' (bash, zsh or fish){}",
                crate::protocol::parse::clip(other),
                did_you_mean(other, ["bash", "zsh", "fish"])
            ));
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_is_found_by_its_names_and_completed() {
        for s in SUBCOMMANDS {
            assert!(std::ptr::eq(find(s.name).unwrap(), s));
            for a in s.aliases {
                assert!(std::ptr::eq(find(a).unwrap(), s));
            }
            assert!(s.usage.starts_with("usage: tabula"), "{}", s.name);
        }
        for shell in ["bash", "zsh", "fish"] {
            let script = completions(shell).unwrap();
            for s in SUBCOMMANDS {
                assert!(script.contains(s.name), "{shell}: {}", s.name);
                for flag in flags(s.usage) {
                    assert!(script.contains(&flag[2..]), "{shell}: {flag}");
                }
            }
        }
        assert!(completions("tcsh").is_err());
    }
}
