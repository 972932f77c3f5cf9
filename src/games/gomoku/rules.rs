//! The variants: free-style Gomoku on a board of the size the options ask for, with five or
//! more in a row winning or (option `Rule`) exactly five, or renju; and Gomoku in the Mist,
//! always 19x19 and free-style.

use super::geometry::{MAX_SIZE, MIN_SIZE, Rule};
use super::mist::MIST_SIZE;
use crate::game::{OptionKind, OptionSpec, Options};

/// The registry id of Gomoku in the Mist.
pub const MIST: &str = "mist";
const BOARD_SIZE: &str = "BoardSize";
const DEFAULT_SIZE: i64 = 15;
const RULE: &str = "Rule";
/// The values of `Rule`, in the order of [`Rule`]'s variants.
const RULE_NAMES: [&str; 3] = ["freestyle", "exactfive", "renju"];

/// The options of Gomoku: the board size and what five in a row is.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec {
            name: BOARD_SIZE,
            kind: OptionKind::Spin {
                default: DEFAULT_SIZE,
                min: MIN_SIZE as i64,
                max: MAX_SIZE as i64,
            },
        },
        OptionSpec {
            name: RULE,
            kind: OptionKind::Combo {
                default: RULE_NAMES[0],
                values: &RULE_NAMES,
            },
        },
    ]
}

/// The board size the options ask for (the mist is always 19x19).
pub fn board_size(variant: &str, opts: &Options) -> Result<usize, String> {
    if variant == MIST {
        return Ok(MIST_SIZE);
    }
    let size = opts.int(BOARD_SIZE, DEFAULT_SIZE);
    if (MIN_SIZE as i64..=MAX_SIZE as i64).contains(&size) {
        Ok(size as usize)
    } else {
        Err(format!(
            "BoardSize must be from {MIN_SIZE} to {MAX_SIZE}, not {size}"
        ))
    }
}

/// The five-in-a-row rule the options ask for (the mist is always free-style).
pub fn rule(variant: &str, opts: &Options) -> Result<Rule, String> {
    if variant == MIST {
        return Ok(Rule::Freestyle);
    }
    let name = opts.text(RULE, RULE_NAMES[0]);
    match RULE_NAMES.iter().position(|n| n.eq_ignore_ascii_case(name)) {
        Some(0) => Ok(Rule::Freestyle),
        Some(1) => Ok(Rule::ExactFive),
        Some(_) => Ok(Rule::Renju),
        None => Err(format!(
            "Rule must be one of {}, not '{name}'",
            RULE_NAMES.join(" ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_option_names_the_rule_and_the_mist_stays_free_style() {
        let mut opts = Options::default();
        assert_eq!(rule("gomoku", &opts), Ok(Rule::Freestyle));
        opts.set(RULE, "ExactFive".into());
        assert_eq!(rule("gomoku", &opts), Ok(Rule::ExactFive));
        assert_eq!(rule(MIST, &opts), Ok(Rule::Freestyle));
        opts.set(RULE, "Renju".into());
        assert_eq!(rule("gomoku", &opts), Ok(Rule::Renju));
        opts.set(RULE, "caro".into());
        assert!(
            rule("gomoku", &opts)
                .unwrap_err()
                .contains("freestyle exactfive renju")
        );
    }

    /// Black's D8 would make six, White threatens five on E7: under the exact rule Black's
    /// only move worth searching is the block; free-style, it is the overline that wins.
    #[test]
    fn the_searcher_sees_an_overline_as_no_five_under_the_exact_rule() {
        use super::super::text::{format_point, parse_fen};
        let fen = "15/15/15/15/15/15/15/XXX1XX9/OOOO6O4/15/15/15/15/15/15";
        for (rule, want) in [(Rule::ExactFive, "E7"), (Rule::Freestyle, "D8")] {
            let pos = parse_fen(fen, false, rule).unwrap();
            let mut moves = Vec::new();
            pos.search_moves(false, &mut moves);
            let moves: Vec<String> = moves.into_iter().map(format_point).collect();
            assert_eq!(moves, [want], "{rule:?}");
        }
    }
}
