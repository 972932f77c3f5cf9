//! The mist of Gomoku in the Mist: a 7x7 hole on the 19x19 board whose centre jumps after
//! every stone, and the one-line `view` through it.

use super::board::Board;
use super::geometry::Point;
use super::text::write_point;

/// Gomoku in the Mist is played on 19x19.
pub const MIST_SIZE: usize = 19;
/// The hole reaches this far from its centre: 7x7.
const REACH: isize = 3;

/// The centre of the hole: `J10` before the first stone, then a function of the last stone
/// at (x, y), 1-based: x' = 1 + (5x² + 3x + 4) mod 19, y' = 1 + (4y² + 2y − 4) mod 19.
pub fn mist_centre(last: Option<Point>) -> Point {
    let Some(p) = last else {
        return Point::new(9, 9);
    };
    let (x, y) = (p.x as usize + 1, p.y as usize + 1);
    // 4y² + 2y − 4 > 0 for y ≥ 1, so the subtraction cannot wrap.
    let cx = 1 + (5 * x * x + 3 * x + 4) % 19;
    let cy = 1 + (4 * y * y + 2 * y - 4) % 19;
    Point::new(cx - 1, cy - 1)
}

/// `<centre>,<49 points>`: the hole's rows from the top down, each from left to right;
/// `#` black, `o` white, `.` empty, `x` off the board.
pub fn mist_view(board: &Board, last: Option<Point>) -> String {
    let centre = mist_centre(last);
    let mut out = String::with_capacity(4 + 49);
    write_point(&mut out, centre);
    out.push(',');
    let (cx, cy) = (centre.x as isize, centre.y as isize);
    for y in (cy - REACH..=cy + REACH).rev() {
        for x in cx - REACH..=cx + REACH {
            out.push(
                match Point::checked(x, y, board.size()).map(|p| board.at(p)) {
                    None => 'x',
                    Some(None) => '.',
                    Some(Some(crate::game::Side::P1)) => '#',
                    Some(Some(crate::game::Side::P2)) => 'o',
                },
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::geometry::Rule;
    use crate::games::gomoku::text::parse_point;

    /// The worked example of the rules page: views after A1, B2, C3, D4.
    #[test]
    fn views_of_the_worked_example() {
        let mut board = Board::new(MIST_SIZE, Rule::Freestyle);
        let mut last = None;
        let mut views = vec![mist_view(&board, last)];
        for text in ["A1", "B2", "C3", "D4"] {
            let p = parse_point(text, MIST_SIZE).unwrap();
            board.place(p);
            last = Some(p);
            views.push(mist_view(&board, last));
        }
        let dots = |n| ".".repeat(n);
        assert_eq!(
            views,
            [
                format!("J10,{}", dots(49)),
                format!("M3,{}xxxxxxx", dots(42)),
                format!("L17,xxxxxxx{}", dots(42)),
                format!("B1,xx.....xx..#..xx.o...xx#....{}", "x".repeat(21)),
                "B12,xx.....xx.....xx.....xx.....xx.....xx.....xx.....".to_string(),
            ]
        );
    }

    /// Centres worked out by hand from the formula.
    #[test]
    fn centres_after_corner_and_middle_stones() {
        for (stone, centre) in [("S19", "E16"), ("J10", "C18"), ("A19", "M16"), ("S1", "E3")] {
            let p = parse_point(stone, MIST_SIZE).unwrap();
            assert_eq!(
                crate::games::gomoku::text::format_point(mist_centre(Some(p))),
                centre
            );
        }
    }
}
