//! The game as the brain knows it: the board size, the rule, and the stones in the order they
//! came, each the brain's own or the opponent's. Colours follow only when a move is asked for:
//! the side with as many stones as the other, or one fewer, is to move, and that is the brain.
//!
//! Gomocup points are zero-based `x,y` with `y = 0` the top row, as its managers draw them;
//! tabula's points count rows from the bottom, so `y` is flipped on the way in and out.

use super::command::{Coord, Field};
use crate::game::{Outcome, Side};
use crate::games::gomoku::Gomoku;
use crate::games::gomoku::geometry::{MAX_SIZE, MIN_SIZE, Point, Rule};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Own,
    Opponent,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stones {
    size: usize,
    rule: Rule,
    stones: Vec<(Point, Owner)>,
}

/// The sizes the Gomoku position supports, as a reason to refuse others.
pub fn check_size(size: usize) -> Result<usize, String> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(format!(
            "board size {size} is not supported: tabula plays square boards of {MIN_SIZE} to {MAX_SIZE} points a side"
        ))
    }
}

impl Stones {
    pub fn new(size: usize, rule: Rule) -> Stones {
        Stones {
            size,
            rule,
            stones: Vec::new(),
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn len(&self) -> usize {
        self.stones.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stones.is_empty()
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The points of the stones, in the order they came.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.stones.iter().map(|&(p, _)| p)
    }

    /// Puts a stone of `owner` on `p`, known to be an empty point of the board.
    pub fn add_point(&mut self, p: Point, owner: Owner) {
        self.stones.push((p, owner));
    }

    pub fn set_rule(&mut self, rule: Rule) {
        self.rule = rule;
    }

    /// The point `c` names, if it lies on the board.
    pub fn point(&self, c: Coord) -> Result<Point, String> {
        let n = self.size;
        to_point(c, n).ok_or_else(|| {
            format!(
                "{} is off the {n}x{n} board (x and y run from 0 to {})",
                coord_text(c),
                n - 1
            )
        })
    }

    /// Puts a stone of `owner` on the empty point `c`.
    pub fn add(&mut self, c: Coord, owner: Owner) -> Result<Point, String> {
        let p = self.point(c)?;
        if self.stones.iter().any(|&(q, _)| q == p) {
            return Err(format!("{} is taken", coord_text(c)));
        }
        self.stones.push((p, owner));
        Ok(p)
    }

    /// The stone of a `BOARD` line.
    pub fn add_field(&mut self, c: Coord, field: Field) -> Result<Point, String> {
        match field {
            Field::Own => self.add(c, Owner::Own),
            Field::Opponent => self.add(c, Owner::Opponent),
            Field::WinningLine => Err(format!(
                "{},3: field 3 marks a continuous game's winning line, and tabula plays no continuous games",
                coord_text(c)
            )),
        }
    }

    /// Takes the stone on `c` back.
    pub fn remove(&mut self, c: Coord) -> Result<(), String> {
        let p = self.point(c)?;
        match self.stones.iter().position(|&(q, _)| q == p) {
            Some(i) => {
                self.stones.remove(i);
                Ok(())
            }
            None => Err(format!(
                "there is no stone on {} to take back",
                coord_text(c)
            )),
        }
    }

    /// Records the brain's own move, found by its search on this position.
    pub fn add_own(&mut self, p: Point) {
        self.stones.push((p, Owner::Own));
    }

    /// The position with the brain to move, ready to search: the brain plays Black when both
    /// have as many stones, White when the opponent has one more. Refused when the stones
    /// allow no move for the brain: the wrong counts, a five already made, a full board.
    pub fn position(&self) -> Result<Gomoku, String> {
        let own = self.stones.iter().filter(|s| s.1 == Owner::Own).count();
        let theirs = self.stones.len() - own;
        let me = if own == theirs {
            Side::P1
        } else if theirs == own + 1 {
            Side::P2
        } else {
            return Err(format!(
                "it is not the brain's turn: it has {own} stones and the opponent {theirs} (the brain moves with as many stones as the opponent or one fewer)"
            ));
        };
        let mut pos = Gomoku::new(self.size, false, self.rule);
        for &(p, owner) in &self.stones {
            pos.put(p, if owner == Owner::Own { me } else { me.other() });
        }
        if let Some(&(last, _)) = self.stones.last() {
            pos.set_last(last);
        }
        match crate::game::result(&pos) {
            None => Ok(pos),
            Some(Outcome::Win(side)) => Err(format!(
                "the game is over: {} five in a row",
                if side == me {
                    "the brain has"
                } else {
                    "the opponent has"
                }
            )),
            Some(Outcome::Draw) => Err("the game is over: the board is full".into()),
        }
    }
}

/// The point `c` names on a board of `size`, if it lies on it.
pub fn to_point(c: Coord, size: usize) -> Option<Point> {
    (c.x < size && c.y < size).then(|| Point::new(c.x, size - 1 - c.y))
}

/// The Gomocup point of `p` on a board of `size`.
pub fn to_coord(p: Point, size: usize) -> Coord {
    Coord {
        x: p.x as usize,
        y: size - 1 - p.y as usize,
    }
}

/// `x,y` as the protocol writes it.
pub fn coord_text(c: Coord) -> String {
    super::reply::coord(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: usize, y: usize) -> Coord {
        Coord { x, y }
    }

    #[test]
    fn points_flip_rows_and_refuse_the_off_board_and_the_taken() {
        let mut s = Stones::new(15, Rule::Freestyle);
        assert_eq!(s.point(c(0, 0)), Ok(Point::new(0, 14)));
        assert_eq!(to_coord(Point::new(3, 14), 15), c(3, 0));
        assert!(
            s.point(c(15, 0))
                .unwrap_err()
                .contains("off the 15x15 board")
        );
        s.add(c(7, 7), Owner::Opponent).unwrap();
        assert_eq!(s.add(c(7, 7), Owner::Own), Err("7,7 is taken".into()));
        assert!(s.remove(c(1, 1)).unwrap_err().contains("no stone on 1,1"));
        s.remove(c(7, 7)).unwrap();
        assert!(s.is_empty());
    }

    #[test]
    fn the_brain_moves_as_the_side_whose_turn_the_counts_give() {
        let mut s = Stones::new(15, Rule::Freestyle);
        assert_eq!(s.position().unwrap().side_to_move(), Side::P1);
        s.add(c(7, 7), Owner::Opponent).unwrap();
        assert_eq!(s.position().unwrap().side_to_move(), Side::P2);
        s.add(c(8, 8), Owner::Opponent).unwrap();
        assert!(s.position().unwrap_err().contains("not the brain's turn"));
    }

    #[test]
    fn a_finished_game_has_no_position_to_search() {
        let mut s = Stones::new(15, Rule::Freestyle);
        for x in 0..5 {
            s.add(c(x, 0), Owner::Opponent).unwrap();
        }
        for x in 0..4 {
            s.add(c(x, 5), Owner::Own).unwrap();
        }
        assert!(s.position().unwrap_err().contains("the opponent has five"));
    }
}
