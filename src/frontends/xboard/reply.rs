//! Every line the CECP front-end writes: features, moves, results, errors, thinking output.

use super::board::VARIANT;
use crate::game::{OptionKind, OptionSpec, Outcome, Side, WIN, WIN_BOUND};
use crate::protocol::reply::escape;

/// The `feature` lines answering `protover 2`, `done=1` last.
pub fn features(options: &[OptionSpec]) -> Vec<String> {
    let mut lines = vec![format!(
        "feature myname=\"tabula {}\" variants=\"{VARIANT}\" setboard=1 usermove=1 san=0 \
         colors=0 ping=1 playother=1 sigint=0 sigterm=0 highlight=1 memory=1 smp=1 nps=0 \
         analyze=1 reuse=1 time=1 draw=0 name=0",
        env!("CARGO_PKG_VERSION")
    )];
    lines.extend(options.iter().map(option_feature));
    lines.push("feature done=1".into());
    lines
}

/// `feature option="NAME -TYPE ..."` for one engine option.
fn option_feature(spec: &OptionSpec) -> String {
    let kind = match &spec.kind {
        OptionKind::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
        OptionKind::Check { default } => format!("-check {}", u8::from(*default)),
        OptionKind::Combo { default, values } => {
            let choices: Vec<String> = values
                .iter()
                .map(|v| {
                    if v == default {
                        format!("*{v}")
                    } else {
                        v.to_string()
                    }
                })
                .collect();
            format!("-combo {}", choices.join(" /// "))
        }
        OptionKind::Text { default } => format!("-string {default}"),
    };
    format!("feature option=\"{} {kind}\"", spec.name)
}

pub fn move_line(text: &str) -> String {
    format!("move {text}")
}

/// How a game ended by the rules, as XBoard reads a result claim.
pub fn result(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Side::P1) => "1-0 {White mates}",
        Outcome::Win(Side::P2) => "0-1 {Black mates}",
        Outcome::Draw => "1/2-1/2 {Stalemate}",
    }
}

/// `Illegal move (REASON): MOVE`, or `Illegal move: MOVE` when the only reason is that.
/// Here and in `error`, control characters quoted from the input are escaped (`\r`, `\0`,
/// `\xNN`): a reply is one line.
pub fn illegal(reason: &str, text: &str) -> String {
    // The games word it `illegal move MOVE: why`: the why is the reason.
    let why = match reason.strip_prefix("illegal move") {
        Some(rest) => rest.split_once(": ").map(|(_, why)| why),
        None => Some(reason),
    };
    match why {
        Some(why) => format!("Illegal move ({}): {}", escape(why), escape(text)),
        None => format!("Illegal move: {}", escape(text)),
    }
}

pub fn error(reason: &str, line: &str) -> String {
    format!("Error ({}): {}", escape(reason), escape(line))
}

pub fn pong(n: &str) -> String {
    format!("pong {}", escape(n))
}

/// A score in CECP's units: centipawns, or 100000 + N for a mate in N moves (negative when
/// mated).
pub fn score(score: i32) -> i64 {
    if score.abs() < WIN_BOUND {
        return score as i64;
    }
    let moves = ((WIN - score.abs()) as i64 + 1) / 2;
    (100_000 + moves) * score.signum() as i64
}

/// One line of thinking output: depth, score, time in centiseconds, nodes, variation.
pub fn thinking(depth: u32, value: i32, time_ms: u64, nodes: u64, pv: &[String]) -> String {
    format!(
        "{depth} {} {} {nodes} {}",
        score(value),
        time_ms / 10,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(score(35), 35);
        assert_eq!(score(WIN - 1), 100_001);
        assert_eq!(score(WIN - 3), 100_002);
        assert_eq!(score(-(WIN - 2)), -100_001);
    }

    #[test]
    fn options_are_announced_in_cecp_form() {
        let specs = [
            OptionSpec {
                name: "Level",
                kind: OptionKind::Combo {
                    default: "full",
                    values: &["full", "random"],
                },
            },
            OptionSpec {
                name: "MoveOverhead",
                kind: OptionKind::Spin {
                    default: 50,
                    min: 0,
                    max: 10_000,
                },
            },
        ];
        let lines = features(&specs);
        assert_eq!(lines[1], "feature option=\"Level -combo *full /// random\"");
        assert_eq!(lines[2], "feature option=\"MoveOverhead -spin 50 0 10000\"");
        assert_eq!(lines[3], "feature done=1");
    }
}
