//! Points written as the Mist controller writes them: a column letter (`A` = first column,
//! uppercase for the controller, either case for the engine) and a row number from the bottom without leading zeros, e.g. `H8`.

use nom::Parser;
use nom::character::complete::{digit1, satisfy};
use nom::combinator::all_consuming;

use super::board::Board;
use super::geometry::{MAX_SIZE, MIN_SIZE, Point, Rule};
use super::position::Gomoku;
use crate::game::Side;

/// Reads a point of a `size` board, its column letter uppercase as the controller writes it;
/// the error says what was wrong.
pub fn parse_point(text: &str, size: usize) -> Result<Point, String> {
    read_point(text, size, false)
}

/// Reads a point with its column letter in either case (`h8` or `H8`), as people type them.
pub fn parse_point_any_case(text: &str, size: usize) -> Result<Point, String> {
    read_point(text, size, true)
}

fn read_point(text: &str, size: usize, any_case: bool) -> Result<Point, String> {
    let letter = |c: char| c.is_ascii_uppercase() || (any_case && c.is_ascii_lowercase());
    let (_, (column, row)) = all_consuming((satisfy(letter), digit1))
        .parse(text)
        .map_err(|_: nom::Err<nom::error::Error<&str>>| {
            format!("'{text}' is not a point (a column letter, then a row number, like H8)")
        })?;
    let column = column.to_ascii_uppercase();
    let x = (column as u8 - b'A') as usize;
    if x >= size {
        return Err(format!("column {column} is off the {size}x{size} board"));
    }
    if row.starts_with('0') {
        return Err(format!(
            "row {row} is not a row number (they start at 1, without leading zeros)"
        ));
    }
    // Every row number of interest has at most two digits, and so cannot overflow.
    match row.parse::<usize>() {
        Ok(y) if row.len() <= 2 && y <= size => Ok(Point::new(x, y - 1)),
        _ => Err(format!("row {row} is off the {size}x{size} board")),
    }
}

/// Appends the point's text to `out`.
pub fn write_point(out: &mut String, p: Point) {
    out.push((b'A' + p.x) as char);
    let row = p.y + 1;
    if row >= 10 {
        out.push((b'0' + row / 10) as char);
    }
    out.push((b'0' + row % 10) as char);
}

pub fn format_point(p: Point) -> String {
    let mut s = String::with_capacity(3);
    write_point(&mut s, p);
    s
}

/// The position text: the rows from the top, separated by `/`, each written with `X` for a
/// black stone, `O` for a white one and a number for a run of empty points (`15` is an empty
/// row of 15x15); then, optionally, the last stone played (the mist's centre follows it).
/// The side to move follows from the stones: Black when both have as many.
pub fn parse_fen(fen: &str, mist: bool, rule: Rule) -> Result<Gomoku, String> {
    let mut fields = fen.split_whitespace();
    let rows: Vec<&str> = fields
        .next()
        .ok_or("empty position text")?
        .split('/')
        .collect();
    let size = rows.len();
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(format!("{size} rows; a board has {MIN_SIZE} to {MAX_SIZE}"));
    }
    let mut stones = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let y = size - 1 - i;
        let mut x = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            let side = match c {
                'X' => Some(Side::P1),
                'O' => Some(Side::P2),
                '1'..='9' => {
                    let mut run = c as usize - '0' as usize;
                    if let Some(d) = chars.next_if(char::is_ascii_digit) {
                        run = run * 10 + (d as usize - '0' as usize);
                    }
                    x += run;
                    None
                }
                _ => {
                    return Err(format!(
                        "row {} has '{c}' (X, O or a number expected)",
                        y + 1
                    ));
                }
            };
            if let Some(side) = side {
                if x < size {
                    stones.push((Point::new(x, y), side));
                }
                x += 1;
            }
        }
        if x != size {
            return Err(format!("row {} has {x} points, not {size}", y + 1));
        }
    }
    let blacks = stones.iter().filter(|(_, s)| *s == Side::P1).count();
    let whites = stones.len() - blacks;
    if blacks != whites && blacks != whites + 1 {
        return Err(format!(
            "{blacks} black and {whites} white stones cannot come from alternate moves"
        ));
    }
    let mut pos = Gomoku::new(size, mist, rule);
    for &(p, side) in &stones {
        pos.put(p, side);
    }
    let fives: Vec<Side> = stones
        .iter()
        .filter(|(p, _)| pos.board().makes_five(*p))
        .map(|(_, s)| *s)
        .collect();
    if fives.contains(&Side::P1) && fives.contains(&Side::P2) {
        return Err("both colours have five in a row".into());
    }
    pos.set_winner(fives.first().copied());
    if let Some(last) = fields.next() {
        let p = parse_point(last, size)?;
        if pos.board().at(p).is_none() {
            return Err(format!(
                "no stone on {last}, given as the last stone played"
            ));
        }
        pos.set_last(p);
    }
    if let Some(extra) = fields.next() {
        return Err(format!("unexpected '{extra}' after the position"));
    }
    Ok(pos)
}

/// The text [`parse_fen`] reads back.
pub fn format_fen(pos: &Gomoku) -> String {
    let board = pos.board();
    let n = board.size();
    let mut out = String::new();
    for y in (0..n).rev() {
        let mut empty = 0;
        for x in 0..n {
            match board.at(Point::new(x, y)) {
                None => empty += 1,
                Some(side) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(if side == Side::P1 { 'X' } else { 'O' });
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    if let Some(last) = pos.last() {
        out.push(' ');
        write_point(&mut out, last);
    }
    out
}

/// The board for `view`: rows from the top, each headed by its number; `#` black, `o`
/// white, `.` empty; the column letters below.
pub fn board_lines(board: &Board) -> Vec<String> {
    let n = board.size();
    let mut lines: Vec<String> = (0..n)
        .rev()
        .map(|y| {
            let cells: Vec<&str> = (0..n)
                .map(|x| match board.at(Point::new(x, y)) {
                    None => ".",
                    Some(Side::P1) => "#",
                    Some(Side::P2) => "o",
                })
                .collect();
            format!("{:>2} {}", y + 1, cells.join(" "))
        })
        .collect();
    let letters: Vec<String> = (0..n)
        .map(|x| ((b'A' + x as u8) as char).to_string())
        .collect();
    lines.push(format!("   {}", letters.join(" ")));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_as_written() {
        assert_eq!(parse_point("A1", 19), Ok(Point::new(0, 0)));
        assert_eq!(parse_point("S19", 19), Ok(Point::new(18, 18)));
        assert_eq!(parse_point("H8", 15), Ok(Point::new(7, 7)));
        assert_eq!(parse_point("Z26", 26), Ok(Point::new(25, 25)));
        for size in [5, 15, 19, 26] {
            for y in 0..size {
                for x in 0..size {
                    let p = Point::new(x, y);
                    assert_eq!(parse_point(&format_point(p), size), Ok(p));
                }
            }
        }
    }

    #[test]
    fn malformed_and_off_board_points_are_refused() {
        for bad in [
            "",
            "A",
            "1",
            "a1",
            "A0",
            "A01",
            "A20",
            "T1",
            "Z100",
            "AA",
            "A1A",
            "A 1",
            " A1",
            "A1 ",
            "1A",
            "A-1",
            "A+1",
            "É1",
            "A99999999999999999999999",
        ] {
            assert!(parse_point(bad, 19).is_err(), "{bad:?} was accepted");
        }
        assert!(parse_point("F1", 5).is_err());
        assert!(parse_point("A6", 5).is_err());
    }
}
