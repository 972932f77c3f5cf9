//! The commands a GUI needs beyond the common protocol: legal targets of one square, check,
//! the game state, the pieces that contribute to a checkmate, and the config's clocks.
//! Exact syntax and replies: protocol.md, section Chess14.

use super::board::{EMPTY, OFF, Position, is_piece, side_of};
use super::config::seconds_text;
use super::pieces::QUEEN_DIRS;
use super::text::{parse_square, side_word, square_name};

/// Runs a Chess14 command; `None` when the name is not one of them.
pub fn run(pos: &Position, name: &str, args: &[&str]) -> Option<Result<Vec<String>, String>> {
    let no_args = |f: fn(&Position) -> Result<String, String>| match args {
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
        "check" => no_args(check),
        "state" => no_args(state),
        "contributors" => no_args(contributors),
        "clocks" => no_args(clocks),
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
fn state(pos: &Position) -> Result<String, String> {
    let us = pos.side_to_move();
    Ok(if !no_moves(pos) {
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
        lifted.cells[k] = EMPTY;
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
