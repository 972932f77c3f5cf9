//! Sixes as text: position strings, moves (`c4d4`) and the board with its coordinates.

use super::geometry::{SIDE, Square};
use super::moves::Move;
use super::position::Sixes;
use super::variants::{LimitCounts, MAX_LIMIT, Rules};
use crate::game::Side;

/// The letter of a player on the board and in position strings.
pub fn side_letter(side: Side) -> char {
    match side {
        Side::P1 => 'X',
        Side::P2 => 'O',
    }
}

fn parse_side(text: &str) -> Result<Side, String> {
    match text {
        "X" => Ok(Side::P1),
        "O" => Ok(Side::P2),
        _ => Err(format!("side to move must be X or O, not '{text}'")),
    }
}

/// Reads `c4d4`; only the shape of the text is checked, not the rules.
pub fn parse_move(text: &str) -> Result<Move, String> {
    if text.len() != 4 || !text.is_ascii() {
        return Err(format!(
            "'{text}' is not a move: write the two squares, e.g. c4d4"
        ));
    }
    Ok(Move::new(
        Square::parse(&text[..2])?,
        Square::parse(&text[2..])?,
    ))
}

pub fn format_move(mv: Move) -> String {
    format!("{}{}", mv.from, mv.to)
}

fn parse_last(text: &str) -> Result<Option<Move>, String> {
    if text == "-" {
        return Ok(None);
    }
    let mv = parse_move(text).map_err(|e| format!("last move: {e} (or - for none)"))?;
    let (dr, dc) = (
        mv.from.row().abs_diff(mv.to.row()),
        mv.from.col().abs_diff(mv.to.col()),
    );
    if !matches!((dr, dc), (0, 1 | 2) | (1 | 2, 0)) {
        return Err(format!("last move {text} is neither a step nor a jump"));
    }
    Ok(Some(mv))
}

fn parse_count(text: &str, what: &str) -> Result<u16, String> {
    text.parse::<u16>().map_err(|_| {
        format!(
            "{what} must be a whole number from 0 to {}, not '{text}'",
            u16::MAX
        )
    })
}

/// Reads the position string documented in protocol.md:
/// `<rows a..f joined by '/'> <X|O> [<last X> <last O> [<moves X> <moves O> [<limit>]]]`.
/// Missing fields: no last moves, no moves made, the limit from `rules`.
pub fn parse_fen(text: &str, rules: Rules) -> Result<Sixes, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !matches!(fields.len(), 2 | 4 | 6 | 7) {
        return Err(format!(
            "a sixes position has 2, 4, 6 or 7 fields (board, side, last moves, move counts, \
             limit), not {}",
            fields.len()
        ));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != SIDE as usize {
        return Err(format!(
            "the board needs 6 rows joined by '/', not {}",
            rows.len()
        ));
    }
    let mut pieces = [0u64; 2];
    for (r, row) in rows.iter().enumerate() {
        let letter = (b'a' + r as u8) as char;
        if row.chars().count() != SIDE as usize {
            return Err(format!(
                "row {letter} needs 6 squares (X, O or .), not '{row}'"
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            let bit = Square::at(r as u8, c as u8).bit();
            match ch {
                'X' => pieces[0] |= bit,
                'O' => pieces[1] |= bit,
                '.' => {}
                _ => return Err(format!("row {letter} has '{ch}'; squares are X, O or .")),
            }
        }
    }
    let side = parse_side(fields[1])?;
    let mut last = [None; 2];
    let mut made = [0; 2];
    let mut rules = rules;
    if fields.len() >= 4 {
        last = [parse_last(fields[2])?, parse_last(fields[3])?];
    }
    if fields.len() >= 6 {
        made = [
            parse_count(fields[4], "X's move count")?,
            parse_count(fields[5], "O's move count")?,
        ];
    }
    if let Some(limit) = fields.get(6) {
        rules.limit = match parse_count(limit, "the turn limit")? {
            n if n <= MAX_LIMIT => n,
            _ => {
                return Err(format!(
                    "the turn limit must be at most {MAX_LIMIT}, not {limit}"
                ));
            }
        };
    }
    Sixes::from_parts(pieces, side, last, made, rules)
}

/// Writes every field, so that `parse_fen` under the same options gives the same position.
pub fn format_fen(pos: &Sixes) -> String {
    let rows: Vec<String> = (0..SIDE)
        .map(|r| {
            (0..SIDE)
                .map(|c| square_char(pos, Square::at(r, c)))
                .collect()
        })
        .collect();
    let last = |s: Side| pos.last_move(s).map_or("-".to_string(), format_move);
    format!(
        "{} {} {} {} {} {} {}",
        rows.join("/"),
        side_letter(pos.side_to_move()),
        last(Side::P1),
        last(Side::P2),
        pos.moves_made(Side::P1),
        pos.moves_made(Side::P2),
        pos.rules().limit
    )
}

fn square_char(pos: &Sixes, sq: Square) -> char {
    if pos.pieces(Side::P1) & sq.bit() != 0 {
        'X'
    } else if pos.pieces(Side::P2) & sq.bit() != 0 {
        'O'
    } else {
        '.'
    }
}

/// The board with its coordinates: column numbers on top, row letters on the left.
pub fn board_lines(pos: &Sixes) -> Vec<String> {
    let mut lines = vec!["   1 2 3 4 5 6".to_string()];
    for r in 0..SIDE {
        let squares: Vec<String> = (0..SIDE)
            .map(|c| square_char(pos, Square::at(r, c)).to_string())
            .collect();
        lines.push(format!("{}  {}", (b'a' + r) as char, squares.join(" ")));
    }
    lines
}

/// One line on the state beyond the board: whose turn and the turn limit.
pub fn status_line(pos: &Sixes) -> String {
    let rules = pos.rules();
    let moves = |n: u16| {
        if n == 1 {
            "1 move".to_string()
        } else {
            format!("{n} moves")
        }
    };
    let limit = match (rules.limit, rules.counts) {
        (0, _) => "no turn limit".to_string(),
        (n, LimitCounts::PerPlayer) => format!(
            "turn limit {} per player (X made {}, O made {})",
            moves(n),
            pos.moves_made(Side::P1),
            pos.moves_made(Side::P2)
        ),
        (n, LimitCounts::Single) => format!(
            "turn limit {} in all ({} made)",
            moves(n),
            pos.moves_made(Side::P1) as u32 + pos.moves_made(Side::P2) as u32
        ),
    };
    format!("{} to move, {limit}", side_letter(pos.side_to_move()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "XX..OO/XX..OO/....../....../OO..XX/OO..XX";

    #[test]
    fn the_start_position_reads_and_writes() {
        let pos = parse_fen(&format!("{START} X"), Rules::default()).unwrap();
        assert_eq!(pos, Sixes::start(Rules::default()));
        assert_eq!(format_fen(&pos), format!("{START} X - - 0 0 0"));
    }

    #[test]
    fn every_field_round_trips() {
        let text = "X....O/....../..XO../....../....../O....X O c3c5 d4d3 7 6 20";
        let pos = parse_fen(text, Rules::default()).unwrap();
        assert_eq!(format_fen(&pos), text);
        assert_eq!(pos.rules().limit, 20);
        assert_eq!(pos.moves_made(Side::P1), 7);
        assert_eq!(
            pos.barred(Side::P2).map(format_move).as_deref(),
            Some("d3d4")
        );
    }

    #[test]
    fn missing_limit_comes_from_the_rules() {
        let rules = Rules {
            limit: 9,
            ..Rules::default()
        };
        let pos = parse_fen(&format!("{START} O - - 1 0"), rules).unwrap();
        assert_eq!(pos.rules().limit, 9);
        assert_eq!(pos.side_to_move(), Side::P2);
    }

    #[test]
    fn bad_positions_are_refused_with_a_reason() {
        let bad = |t: &str| parse_fen(t, Rules::default()).unwrap_err();
        assert!(bad("").contains("not 0"));
        assert!(bad(START).contains("not 1"));
        assert!(bad(&format!("{START} X -")).contains("not 3"));
        assert!(bad("XX..OO/XX..OO X").contains("6 rows"));
        assert!(bad("XX..OO/XX..O/....../....../OO..XX/OO..XX X").contains("row b"));
        assert!(bad("XX..OO/XX..OZ/....../....../OO..XX/OO..XX X").contains("'Z'"));
        assert!(bad(&format!("{START} x")).contains("X or O"));
        assert!(bad(&format!("{START} X c3 -")).contains("last move"));
        assert!(bad(&format!("{START} X c3e5 -")).contains("neither a step"));
        assert!(bad(&format!("{START} X - - -1 0")).contains("X's move count"));
        assert!(bad(&format!("{START} X - - 0 0 99999")).contains("turn limit"));
        assert!(bad(&format!("{START} X - - 0 0 10001")).contains("at most 10000"));
        assert!(bad("....../....../....../....../....../...... X").contains("no pieces"));
    }

    #[test]
    fn moves_read_and_write() {
        let mv = parse_move("c4d4").unwrap();
        assert_eq!(format_move(mv), "c4d4");
        for bad in ["", "c4", "c4d", "c4d44", "c4-d4", "z4d4", "c4d9", "c4dé"] {
            assert!(parse_move(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_board_shows_coordinates() {
        let lines = board_lines(&Sixes::start(Rules::default()));
        assert_eq!(lines[0], "   1 2 3 4 5 6");
        assert_eq!(lines[1], "a  X X . . O O");
        assert_eq!(lines[6], "f  O O . . X X");
    }
}
