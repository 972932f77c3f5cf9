//! The commands a GUI needs beyond the common protocol: legal targets of one square, check,
//! the game state, the pieces that contribute to a checkmate, and the config's clocks.
//! Exact syntax and replies: protocol.md, section Chess14.

use super::config::seconds_text;
use super::pieces::{EMPTY, OFF, QUEEN_DIRS, is_piece, side_of};
use super::position::Position;
use super::text::{format_fen_standard, parse_square, side_word, square_name};
use crate::game::Forfeit;

/// Runs a Chess14 command; `None` when the name is not one of them.
pub fn run(
    pos: &Position,
    name: &str,
    args: &[&str],
    forfeit: Option<Forfeit>,
) -> Option<Result<Vec<String>, String>> {
    let no_args = |f: &dyn Fn(&Position) -> Result<String, String>| match args {
        [] => f(pos).map(|line| vec![line]),
        _ => Err(format!(
            "{name} takes no arguments, got '{}'",
            args.join(" ")
        )),
    };
    Some(match name {
        "targets" => match args {
            [sq] => targets(pos, sq).map(|line| vec![line]),
            _ => Err("targets needs one square, e.g. targets h2".to_string()),
        },
        "check" => no_args(&check),
        "state" => no_args(&|pos| state(pos, forfeit)),
        "contributors" => no_args(&contributors),
        "clocks" => no_args(&clocks),
        "fen" => match args {
            ["standard"] => Ok(vec![format_fen_standard(pos)]),
            _ => Err(format!(
                "fen takes nothing or 'standard' (White in uppercase), not '{}'",
                args.join(" ")
            )),
        },
        _ => return None,
    })
}

/// `targets <sq>`: where the piece on the square may move, captures marked with `x`.
fn targets(pos: &Position, text: &str) -> Result<String, String> {
    let sq = parse_square(pos, text)?;
    let mut line = format!("targets {}", square_name(sq));
    let c = pos.cell(sq);
    if is_piece(c) && side_of(c) == pos.side_to_move() {
        let mut moves = Vec::new();
        pos.legal_from(sq, &pos.legality(), &mut moves);
        for m in moves {
            line.push(' ');
            if pos.is_capture(m) {
                line.push('x');
            }
            line.push_str(&square_name(m.to()));
        }
    }
    Ok(line)
}

/// `check`: the attacked kings of the side to move, or `none`.
fn check(pos: &Position) -> Result<String, String> {
    let them = pos.side_to_move().other();
    let attacked: Vec<String> = pos
        .kings(pos.side_to_move())
        .iter()
        .filter(|&&k| pos.attacked(k as usize, them))
        .map(|&k| square_name(k as usize))
        .collect();
    Ok(if attacked.is_empty() {
        "check none".to_string()
    } else {
        format!("check {}", attacked.join(" "))
    })
}

/// Whether the side to move has no legal move.
fn no_moves(pos: &Position) -> bool {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.is_empty()
}

/// `state`: `ongoing`, `checkmate winner <side>` or `stalemate`.
fn state(pos: &Position, forfeit: Option<Forfeit>) -> Result<String, String> {
    let us = pos.side_to_move();
    Ok(if let Some(f) = forfeit {
        let how = match f {
            Forfeit::Resigned(_) => "resigned",
            Forfeit::Timeout(_) => "timeout",
        };
        format!("state {how} winner {}", side_word(f.loser().other()))
    } else if !no_moves(pos) {
        "state ongoing".to_string()
    } else if pos.king_attacked(us) {
        format!("state checkmate winner {}", side_word(us.other()))
    } else {
        "state stalemate".to_string()
    })
}

/// `contributors`: after a checkmate, the pieces to highlight. The covered squares are each
/// mated king's square, the empty squares next to it, and the squares next to it holding a
/// mating-side piece the king could otherwise capture (it is defended); for each, the least
/// valuable mating piece attacking it is named (among equals, the first in `least_attacker`'s order).
/// Squares next to the king are judged with the king lifted off the board, so a checking
/// slider also covers the square behind the king. Listed once each, in board order.
fn contributors(pos: &Position) -> Result<String, String> {
    let loser = pos.side_to_move();
    if !no_moves(pos) || !pos.king_attacked(loser) {
        return Err("contributors: the side to move is not checkmated".to_string());
    }
    let winner = loser.other();
    let mut found = Vec::new();
    for &k in pos.kings(loser) {
        let k = k as usize;
        let mut lifted = pos.clone();
        lifted.set_cell(k, EMPTY);
        let mut covered = vec![(pos, k)];
        for &d in &QUEEN_DIRS {
            let s = k.wrapping_add_signed(d);
            let c = pos.cell(s);
            if c & OFF == 0 && (c == EMPTY || side_of(c) == winner) {
                covered.push((&lifted, s));
            }
        }
        for (board, s) in covered {
            if let Some((_, a)) = board.least_attacker(s, winner) {
                found.push(a);
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    let names: Vec<String> = found.into_iter().map(square_name).collect();
    Ok(format!("contributors {}", names.join(" ")))
}

/// `clocks`: the clocks from the config (the source's defaults without one).
fn clocks(pos: &Position) -> Result<String, String> {
    let c = pos.clocks();
    Ok(format!(
        "clocks player {} {} {} cpu {} {} {}",
        side_word(c.player_side),
        seconds_text(c.player.start_ms),
        seconds_text(c.player.increment_ms),
        side_word(c.player_side.other()),
        seconds_text(c.cpu.start_ms),
        seconds_text(c.cpu.increment_ms),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::text::parse_fen;
    use super::*;
    use crate::game::Side;

    fn reply(fen: &str, name: &str, args: &[&str]) -> Result<Vec<String>, String> {
        run(&parse_fen(fen).unwrap(), name, args, None).expect("a chess14 command")
    }

    const START: &str = "RNBHCGAKGCEBNR/PPPPPPPPPPPPPP/14/14/14/14/14/14/14/14/14/14/pppppppppppppp/rnbhcgakgcebnr w";

    #[test]
    fn targets_mark_captures_and_skip_other_pieces() {
        let fen = "7K6/14/14/14/14/14/14/14/3P10/2p11/14/14/14/7k6 w";
        assert_eq!(
            reply(fen, "targets", &["c5"]),
            Ok(vec!["targets c5 c6 xd6".into()])
        );
        // Black's pawn and an empty square: nothing to move for White.
        assert_eq!(
            reply(fen, "targets", &["d6"]),
            Ok(vec!["targets d6".into()])
        );
        assert_eq!(
            reply(fen, "targets", &["e5"]),
            Ok(vec!["targets e5".into()])
        );
        assert_eq!(
            reply(START, "targets", &["g1"]),
            Ok(vec!["targets g1 h3 f3".into()])
        );
        assert!(reply(START, "targets", &[]).is_err());
        assert!(reply(START, "targets", &["z9"]).is_err());
    }

    #[test]
    fn check_names_the_attacked_kings() {
        assert_eq!(reply(START, "check", &[]), Ok(vec!["check none".into()]));
        let two = "13K/14/14/14/14/14/5R8/14/14/3e10/14/7G6/14/2k2k8 w";
        assert_eq!(reply(two, "check", &[]), Ok(vec!["check f1".into()]));
        assert!(
            reply(START, "check", &["now"])
                .unwrap_err()
                .contains("takes no arguments")
        );
    }

    #[test]
    fn state_tells_mate_from_stalemate() {
        assert_eq!(reply(START, "state", &[]), Ok(vec!["state ongoing".into()]));
        let mate = "13K/14/14/14/14/14/14/14/14/14/1C12/14/pp12/kp12 w";
        assert_eq!(
            reply(mate, "state", &[]),
            Ok(vec!["state checkmate winner black".into()])
        );
        let stalemate = "13K/14/14/14/14/14/14/14/14/14/14/1Q12/14/k13 w";
        assert_eq!(
            reply(stalemate, "state", &[]),
            Ok(vec!["state stalemate".into()])
        );
    }

    #[test]
    fn state_names_a_forfeit_before_the_board() {
        let pos = parse_fen(START).unwrap();
        let state = |f| run(&pos, "state", &[], Some(f)).unwrap();
        assert_eq!(
            state(Forfeit::Resigned(Side::P1)),
            Ok(vec!["state resigned winner black".into()])
        );
        assert_eq!(
            state(Forfeit::Timeout(Side::P2)),
            Ok(vec!["state timeout winner white".into()])
        );
    }

    #[test]
    fn contributors_cover_each_square_once() {
        // The queen checks along the h-file and covers h13; each rook covers two squares.
        let mate = "7K6/14/14/14/14/14/7q6/14/14/14/14/14/14/k5r1r5 b";
        assert_eq!(
            reply(mate, "state", &[]),
            Ok(vec!["state checkmate winner white".into()])
        );
        assert_eq!(
            reply(mate, "contributors", &[]),
            Ok(vec!["contributors g1 i1 h8".into()])
        );
        // The checking queen stands next to the king; the knight that defends it contributes.
        let defended = "K13/1q12/3n10/14/14/14/14/14/14/14/14/14/14/7k6 b";
        assert_eq!(
            reply(defended, "contributors", &[]),
            Ok(vec!["contributors d12 b13".into()])
        );
        assert!(
            reply(START, "contributors", &[])
                .unwrap_err()
                .contains("not checkmated")
        );
    }

    #[test]
    fn clocks_default_to_the_source() {
        assert_eq!(
            reply(START, "clocks", &[]),
            Ok(vec!["clocks player white 180 2 cpu black 180 2".into()])
        );
        assert!(run(&parse_fen(START).unwrap(), "nonsense", &[], None).is_none());
    }
}
