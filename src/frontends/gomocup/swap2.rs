//! `SWAP2BOARD`: the Swap2 opening, each choice made by short searches within the turn's time.
//!
//! The manager sends the stones placed so far, in the order they were placed (Black, White,
//! Black, White, Black), and the brain answers:
//! - **0 stones**: it places the first three (`x1,y1 x2,y2 x3,y3`, Black, White, Black) and the
//!   opponent chooses. It searches [`CANDIDATES`] three-stone openings drawn around the centre
//!   (see [`candidates`]; White to move), the time shared among them, and places the one whose
//!   score is nearest 0.
//! - **3 stones**: White is to move. One search of that position gives White's score `s`.
//!   Over [`BALANCED_CP`] the brain keeps White and plays its best move (`x,y`); under
//!   −[`BALANCED_CP`] it takes Black (`SWAP`). Within the window the search cannot tell the
//!   colours apart: the brain adds two stones (`x4,y4 x5,y5`, White's best move and Black's best
//!   answer, from the search's line) and leaves the choice to the opponent, once a second
//!   search confirms the five-stone position is within the window too (else it keeps the colour
//!   the sign of `s` favours).
//! - **5 stones**: White is to move. One search: a score of 0 or more keeps White and plays its
//!   move (`x,y`); below 0 the brain takes Black (`SWAP`).
//!
//! The decisions are pure functions of what the searches say ([`decide`] takes the search as a
//! closure), so that tests can give them any scores.

use super::stones::{self, Owner, Stones};
use crate::game::Side;
use crate::games::gomoku::Gomoku;
use crate::games::gomoku::geometry::{Point, Rule};
use crate::search::limits::Limits;
use std::time::Instant;

/// The three-stone openings searched for an empty board's answer.
pub const CANDIDATES: u64 = 10;
/// A score within ± this (centipawns, the side to move's view) is taken as balanced.
pub const BALANCED_CP: i32 = 30;

/// What a search said about a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    pub best: Option<Point>,
    /// From the side to move's view.
    pub score: i32,
    pub pv: Vec<Point>,
}

/// The brain's answer to `SWAP2BOARD`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The first three stones: Black, White, Black.
    Place([Point; 3]),
    /// The brain takes Black; the opponent plays White's next stone.
    Swap,
    /// The brain keeps White and plays this stone.
    Move(Point),
    /// Two more stones (White, Black); the opponent chooses the colour.
    Two(Point, Point),
}

impl Answer {
    /// The line the brain writes.
    pub fn text(&self, size: usize) -> String {
        let c = |p: Point| stones::coord_text(stones::to_coord(p, size));
        match self {
            Answer::Place([a, b, d]) => format!("{} {} {}", c(*a), c(*b), c(*d)),
            Answer::Swap => "SWAP".into(),
            Answer::Move(p) => c(*p),
            Answer::Two(a, b) => format!("{} {}", c(*a), c(*b)),
        }
    }

    /// The game once the colours are settled (the brain swapped or moved): the opening's
    /// stones with their owners and the brain's stone. `None` while the opponent still
    /// chooses (the manager then sends the position with `BOARD`).
    pub fn game(&self, opening: &Stones) -> Option<Stones> {
        let brain = match self {
            Answer::Swap => Side::P1,
            Answer::Move(_) => Side::P2,
            Answer::Place(_) | Answer::Two(..) => return None,
        };
        let mut game = Stones::new(opening.size(), opening.rule());
        for (i, p) in opening.points().enumerate() {
            let side = if i % 2 == 0 { Side::P1 } else { Side::P2 };
            game.add_point(
                p,
                if side == brain {
                    Owner::Own
                } else {
                    Owner::Opponent
                },
            );
        }
        if let Answer::Move(p) = self {
            game.add_point(*p, Owner::Own);
        }
        Some(game)
    }
}

/// The time of one `SWAP2BOARD`: every search's limits, and the moment all must be done by.
#[derive(Clone, Debug)]
pub struct Budget {
    pub limits: Limits,
    pub deadline: Option<Instant>,
}

impl Budget {
    /// The limits of the next search when `parts` searches (it among them) share what is left.
    pub fn share(&self, parts: u64) -> Limits {
        let mut limits = self.limits.clone();
        if let Some(deadline) = self.deadline {
            let left = deadline
                .saturating_duration_since(Instant::now())
                .as_millis() as u64;
            limits.movetime = Some((left / parts.max(1)).max(1));
        }
        limits
    }
}

/// Why a `SWAP2BOARD` cannot be answered: the stone count.
pub fn check(opening: &Stones) -> Result<(), String> {
    match opening.len() {
        0 | 3 | 5 => Ok(()),
        n => Err(format!(
            "SWAP2BOARD needs 0, 3 or 5 stones (the opening placed so far, Black first), not {n}"
        )),
    }
}

/// The position of `stones` in their order, Black first, the last one marked.
pub fn position(size: usize, rule: Rule, stones: &[Point]) -> Gomoku {
    let mut pos = Gomoku::new(size, false, rule);
    for (i, &p) in stones.iter().enumerate() {
        pos.put(p, if i % 2 == 0 { Side::P1 } else { Side::P2 });
    }
    if let Some(&last) = stones.last() {
        pos.set_last(last);
    }
    pos
}

/// The answer to the opening `opening` (0, 3 or 5 stones, checked by [`check`]); `round`
/// chooses an empty board's candidates (see [`candidates`]). `search`
/// searches a position within the limits given; `note` hears a line for the person watching
/// after each search.
pub fn decide(
    opening: &Stones,
    round: u64,
    budget: &Budget,
    search: &mut dyn FnMut(&Gomoku, Limits) -> Searched,
    note: &mut dyn FnMut(String),
) -> Answer {
    let (size, rule) = (opening.size(), opening.rule());
    let placed: Vec<Point> = opening.points().collect();
    let text = |ps: &[Point]| {
        ps.iter()
            .map(|&p| stones::coord_text(stones::to_coord(p, size)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    if placed.is_empty() {
        let mut best: Option<([Point; 3], i32)> = None;
        let openings = candidates(size, round);
        for (i, three) in openings.iter().enumerate() {
            let left = (openings.len() - i) as u64;
            let found = search(&position(size, rule, three), budget.share(left));
            note(format!(
                "swap2 opening {}: White's score {}",
                text(three),
                found.score
            ));
            if best.is_none_or(|(_, s)| found.score.abs() < s.abs()) {
                best = Some((*three, found.score));
            }
        }
        // `candidates` gives at least one opening.
        return Answer::Place(best.map_or(openings[0], |(three, _)| three));
    }
    let pos = position(size, rule, &placed);
    let parts = if placed.len() == 3 { 2 } else { 1 };
    let white = search(&pos, budget.share(parts));
    note(format!(
        "swap2 {}: White's score {}, line {}",
        text(&placed),
        white.score,
        text(&white.pv)
    ));
    let keep = |found: &Searched| match found.best {
        Some(p) if found.score >= 0 => Answer::Move(p),
        _ => Answer::Swap,
    };
    if placed.len() == 5 || white.score.abs() > BALANCED_CP {
        return keep(&white);
    }
    // Balanced: two more stones along the searched line, if the five are balanced too.
    let (Some(&w4), Some(&b5)) = (white.pv.first(), white.pv.get(1)) else {
        return keep(&white);
    };
    let mut five = placed.clone();
    five.extend([w4, b5]);
    let after = search(&position(size, rule, &five), budget.share(1));
    note(format!(
        "swap2 {}: White's score {}",
        text(&five),
        after.score
    ));
    if after.best.is_some() && after.score.abs() <= BALANCED_CP {
        Answer::Two(w4, b5)
    } else {
        keep(&white)
    }
}

/// [`CANDIDATES`] distinct three-stone openings: White's stone in the centre 3x3, Black's two
/// in the centre 9x9 (both clipped to the board). Black's two stones close together are worth
/// more than White's one (such openings score −20 to −90 cp for White), spread apart less: the
/// wider square gives candidates of both signs to choose from. Drawn by a fixed generator from
/// the board size and `round` (the brain counts the empty boards it answered), so that one
/// process varies its openings from game to game and a transcript gives the same every run.
pub fn candidates(size: usize, round: u64) -> Vec<[Point; 3]> {
    let centre = (size / 2) as i64;
    let mut state =
        0x9e37_79b9_7f4a_7c15u64 ^ (size as u64) ^ round.wrapping_mul(0xa076_1d64_78bd_642f);
    let mut next = move || {
        // SplitMix64.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut point = |reach: i64| {
        let mut near = || {
            let v = centre + (next() % (2 * reach as u64 + 1)) as i64 - reach;
            v.clamp(0, size as i64 - 1) as usize
        };
        let x = near();
        Point::new(x, near())
    };
    let mut out: Vec<[Point; 3]> = Vec::new();
    while out.len() < CANDIDATES as usize {
        let three = [point(4), point(1), point(4)];
        let distinct = three[0] != three[1] && three[0] != three[2] && three[1] != three[2];
        let same = |o: &[Point; 3]| {
            o[1] == three[1]
                && (o[0] == three[0] && o[2] == three[2] || o[0] == three[2] && o[2] == three[0])
        };
        if distinct && !out.iter().any(same) {
            out.push(three);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontends::gomocup::command::Coord;

    fn stones(size: usize, points: &[(usize, usize)]) -> Stones {
        let mut s = Stones::new(size, Rule::Freestyle);
        for &(x, y) in points {
            s.add(Coord { x, y }, Owner::Opponent).unwrap();
        }
        s
    }

    fn budget() -> Budget {
        Budget {
            limits: Limits {
                depth: Some(1),
                ..Limits::default()
            },
            deadline: None,
        }
    }

    /// A search that gives White's score `white` to every position with White to move, the
    /// line's first two points the first empty points of the board's first row.
    fn fake(white: i32, five: i32) -> impl FnMut(&Gomoku, Limits) -> Searched {
        move |pos: &Gomoku, _| {
            let board = pos.board();
            let empty: Vec<Point> = board
                .points()
                .filter(|&p| board.at(p).is_none())
                .take(2)
                .collect();
            Searched {
                best: Some(empty[0]),
                score: if board.stones() == 5 { five } else { white },
                pv: empty,
            }
        }
    }

    fn answer(opening: &Stones, white: i32, five: i32) -> Answer {
        decide(opening, 0, &budget(), &mut fake(white, five), &mut |_| {})
    }

    #[test]
    fn three_stones_keep_the_better_colour_or_add_two_when_the_search_cannot_tell() {
        let three = stones(15, &[(7, 7), (8, 7), (9, 9)]);
        assert!(matches!(answer(&three, 200, 0), Answer::Move(_)));
        assert_eq!(answer(&three, -200, 0), Answer::Swap);
        assert!(matches!(answer(&three, 10, -5), Answer::Two(..)));
        // Two stones only if the five are balanced too; else the colour the sign favours.
        assert!(matches!(answer(&three, 10, 300), Answer::Move(_)));
        assert_eq!(answer(&three, -10, 300), Answer::Swap);
    }

    #[test]
    fn five_stones_keep_white_at_zero_or_more_else_swap() {
        let five = stones(15, &[(7, 7), (8, 7), (9, 9), (8, 8), (8, 6)]);
        assert!(matches!(answer(&five, 0, 0), Answer::Move(_)));
        assert!(matches!(answer(&five, 5, 5), Answer::Move(_)));
        assert_eq!(answer(&five, -1, -1), Answer::Swap);
    }

    #[test]
    fn an_empty_board_gets_the_candidate_scored_nearest_zero() {
        let empty = stones(15, &[]);
        let scores = [90, -70, 40, -25, 60, 300, -300, 33, 26, -45];
        let mut i = 0;
        let mut search = |_: &Gomoku, _| {
            i += 1;
            Searched {
                best: None,
                score: scores[i - 1],
                pv: Vec::new(),
            }
        };
        let a = decide(&empty, 0, &budget(), &mut search, &mut |_| {});
        assert_eq!(a, Answer::Place(candidates(15, 0)[3]));
    }

    #[test]
    fn candidates_are_distinct_centre_stones_on_every_size() {
        for size in [5, 6, 15, 20, 26] {
            let all = candidates(size, 0);
            assert_eq!(all.len(), CANDIDATES as usize);
            let c = size / 2;
            let near = |p: &Point, reach: usize| {
                (p.x as usize).abs_diff(c) <= reach && (p.y as usize).abs_diff(c) <= reach
            };
            for [b1, w, b3] in &all {
                assert!(near(b1, 4) && near(w, 1) && near(b3, 4));
            }
        }
        assert_eq!(candidates(15, 3), candidates(15, 3));
        assert_ne!(candidates(15, 3), candidates(15, 4));
    }

    #[test]
    fn settled_colours_make_the_game_and_open_choices_leave_it() {
        let three = stones(15, &[(7, 7), (8, 7), (9, 9)]);
        // The brain took Black: after White's stone it is Black to move.
        let mut swap = Answer::Swap.game(&three).unwrap();
        swap.add(Coord { x: 0, y: 0 }, Owner::Opponent).unwrap();
        assert_eq!(swap.position().unwrap().side_to_move(), Side::P1);
        // The brain kept White and played: after Black's fifth stone it is White to move.
        let p = Point::new(3, 3);
        let mut moved = Answer::Move(p).game(&three).unwrap();
        assert_eq!(moved.len(), 4);
        moved.add(Coord { x: 0, y: 0 }, Owner::Opponent).unwrap();
        assert_eq!(moved.position().unwrap().side_to_move(), Side::P2);
        assert_eq!(Answer::Two(p, Point::new(4, 4)).game(&three), None);
        assert_eq!(
            Answer::Two(Point::new(0, 14), Point::new(1, 13)).text(15),
            "0,0 1,1"
        );
    }
}
