//! Points written as the Mist controller writes them: a column letter (`A` = first column,
//! uppercase only) and a row number from the bottom without leading zeros, e.g. `H8`.

use nom::Parser;
use nom::character::complete::{digit1, satisfy};
use nom::combinator::all_consuming;

use super::board::Point;

/// Reads a point of a `size` board; the error says what was wrong.
pub fn parse_point(text: &str, size: usize) -> Result<Point, String> {
    let (_, (column, row)) = all_consuming((satisfy(|c| c.is_ascii_uppercase()), digit1))
        .parse(text)
        .map_err(|_: nom::Err<nom::error::Error<&str>>| {
            format!("'{text}' is not a point (a column letter, then a row number, like H8)")
        })?;
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
