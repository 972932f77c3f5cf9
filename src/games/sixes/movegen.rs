//! Move generation: steps and jumps, the no-return rule, counting, and the reasons a move
//! has not the shape of one.

use super::geometry::{DIRS, FULL, SQUARES, Square, shift};
use super::moves::Move;
use super::position::Sixes;
use crate::game::Side;

/// Where a piece on a square goes in a direction: its neighbour, and the square behind it.
#[derive(Clone, Copy)]
struct Reach {
    step: Option<Square>,
    jump: Option<Square>,
}

const REACH: [[Reach; 4]; SQUARES] = {
    let mut table = [[Reach {
        step: None,
        jump: None,
    }; 4]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut d = 0;
        while d < 4 {
            let sq = Square::new(i as u8);
            table[i][d] = Reach {
                step: sq.towards(DIRS[d], 1),
                jump: sq.towards(DIRS[d], 2),
            };
            d += 1;
        }
        i += 1;
    }
    table
};

/// Appends the moves of the pieces `own` on a board whose occupied squares are `occupied`,
/// except `barred` (the no-return rule), that land on `targets`. Pieces in square order, each
/// piece's targets in square order.
pub fn generate(own: u64, occupied: u64, barred: Option<Move>, targets: u64, out: &mut Vec<Move>) {
    for from in Square::all_in(own) {
        for reach in &REACH[from.index()] {
            let Some(next) = reach.step else { continue };
            let to = if occupied & next.bit() == 0 {
                next
            } else {
                match reach.jump {
                    Some(behind) if occupied & behind.bit() == 0 => behind,
                    _ => continue,
                }
            };
            let mv = Move::new(from, to);
            if targets & to.bit() != 0 && Some(mv) != barred {
                out.push(mv);
            }
        }
    }
}

/// The number of moves `generate` would list, counted a whole direction at a time.
pub fn count(own: u64, occupied: u64, barred: Option<Move>) -> u32 {
    let empty = FULL & !occupied;
    let total: u32 = DIRS
        .iter()
        .map(|&dir| {
            let steps = shift(own, dir) & empty;
            let jumps = shift(shift(own, dir) & occupied, dir) & empty;
            steps.count_ones() + jumps.count_ones()
        })
        .sum();
    total - barred.is_some_and(|mv| fits(own, occupied, mv)) as u32
}

/// Whether `mv` is a step or a jump of one of `own`'s pieces, ignoring the no-return rule
/// (`shape` says why not; this answers without allocating, for the search).
pub fn fits(own: u64, occupied: u64, mv: Move) -> bool {
    own & mv.from.bit() != 0
        && occupied & mv.to.bit() == 0
        && REACH[mv.from.index()].iter().any(|r| match r.step {
            Some(next) if next == mv.to => true,
            Some(next) => r.jump == Some(mv.to) && occupied & next.bit() != 0,
            None => false,
        })
}

/// Checks that `mv` is a step or a jump of one of `own`'s pieces, ignoring the no-return
/// rule; says what is wrong otherwise.
pub fn shape(own: u64, occupied: u64, mv: Move) -> Result<(), String> {
    let Move { from, to } = mv;
    if own & from.bit() == 0 {
        return Err(format!("there is no piece of yours at {from}"));
    }
    if from == to {
        return Err(format!("{from} to {to} does not move the piece"));
    }
    if occupied & to.bit() != 0 {
        return Err(format!("{to} is occupied"));
    }
    for dir in DIRS {
        let Some(mid) = from.towards(dir, 1) else {
            continue;
        };
        if mid == to {
            return Ok(());
        }
        if mid.towards(dir, 1) == Some(to) {
            return if occupied & mid.bit() != 0 {
                Ok(())
            } else {
                Err(format!(
                    "a jump from {from} to {to} needs a piece on {mid} to jump over"
                ))
            };
        }
    }
    Err(format!(
        "{from} to {to} is neither a step to a neighbour nor a jump over one in a straight line"
    ))
}

impl Sixes {
    /// `side`'s legal moves as if it were its turn.
    pub fn moves_of(&self, side: Side, out: &mut Vec<Move>) {
        generate(
            self.pieces(side),
            self.occupied(),
            self.barred(side),
            FULL,
            out,
        );
    }

    /// The side to move's moves that remove an enemy piece (quiescence's moves): a removal
    /// completes a surround, so only moves to those squares are listed, then checked.
    pub fn removing_moves(&self, out: &mut Vec<Move>) {
        let side = self.side_to_move();
        let (mine, theirs) = (self.pieces(side), self.pieces(side.other()));
        let targets = self
            .rules()
            .completing(theirs, mine, FULL & !self.occupied());
        if targets == 0 {
            return;
        }
        let start = out.len();
        generate(mine, self.occupied(), self.barred(side), targets, out);
        crate::game::retain_from(out, start, |mv| self.removals(mv).0 != 0);
    }

    /// How many legal moves `side` would have if it were its turn (the limit's tie-break).
    pub fn mobility(&self, side: Side) -> u32 {
        count(self.pieces(side), self.occupied(), self.barred(side))
    }

    /// Whether the side to move has no legal move (and so has lost).
    pub fn blocked(&self) -> bool {
        self.mobility(self.side_to_move()) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sixes::geometry::bb;

    fn mv(text: &str) -> Move {
        Move::new(
            Square::parse(&text[..2]).unwrap(),
            Square::parse(&text[2..]).unwrap(),
        )
    }

    fn listed(own: u64, occ: u64, barred: Option<Move>) -> Vec<String> {
        let mut out = Vec::new();
        generate(own, occ, barred, FULL, &mut out);
        out.iter().map(|m| format!("{}{}", m.from, m.to)).collect()
    }

    #[test]
    fn a_lone_piece_steps_four_ways() {
        let own = bb("c3");
        assert_eq!(listed(own, own, None), ["c3b3", "c3c2", "c3c4", "c3d3"]);
    }

    #[test]
    fn jumps_go_over_either_colour_to_an_empty_square_only() {
        let own = bb("c3");
        let occ = own | bb("b3 c2 d3 c5");
        // Up over b3 to a3, left over c2 to c1, c4 is a step, down over d3 to e3.
        assert_eq!(listed(own, occ, None), ["c3a3", "c3c1", "c3c4", "c3e3"]);
        // Blocked landing squares and the board's edge stop jumps.
        let occ = occ | bb("a3 c1 e3");
        assert_eq!(listed(own, occ, None), ["c3c4"]);
        let corner = bb("a1");
        assert_eq!(listed(corner, corner | bb("a2 b1"), None), ["a1a3", "a1c1"]);
    }

    #[test]
    fn the_barred_move_is_left_out_and_not_counted() {
        let own = bb("c3 d5");
        let occ = own | bb("c4");
        let all = listed(own, occ, None);
        let barred = mv("c3c5");
        let rest = listed(own, occ, Some(barred));
        assert_eq!(all.len(), rest.len() + 1);
        assert!(!rest.contains(&"c3c5".to_string()));
        assert_eq!(count(own, occ, Some(barred)), rest.len() as u32);
        // A barred move that is not possible anyway changes nothing.
        assert_eq!(count(own, occ, Some(mv("d5d3"))), all.len() as u32);
    }

    #[test]
    fn count_and_fits_agree_with_generate_and_shape() {
        // A fixed pseudo-random sweep over many boards.
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & FULL;
            let own = occ & (x >> 29);
            assert_eq!(count(own, occ, None) as usize, listed(own, occ, None).len());
            let mv = Move::new(
                Square::new((x % 36) as u8),
                Square::new(((x >> 8) % 36) as u8),
            );
            assert_eq!(fits(own, occ, mv), shape(own, occ, mv).is_ok(), "{mv:?}");
            let mut all = Vec::new();
            generate(own, occ, None, FULL, &mut all);
            assert!(
                all.iter()
                    .all(|&m| fits(own, occ, m) && shape(own, occ, m).is_ok())
            );
        }
    }

    #[test]
    fn shape_names_what_is_wrong() {
        let own = bb("c3");
        let occ = own | bb("c4 a1");
        assert!(shape(own, occ, mv("c3c5")).is_ok());
        assert!(shape(own, occ, mv("c3b3")).is_ok());
        let err = |m: &str| shape(own, occ, mv(m)).unwrap_err();
        assert_eq!(err("a1a2"), "there is no piece of yours at a1");
        assert_eq!(err("c3c4"), "c4 is occupied");
        assert_eq!(err("c3c3"), "c3 to c3 does not move the piece");
        assert_eq!(
            err("c3a3"),
            "a jump from c3 to a3 needs a piece on b3 to jump over"
        );
        assert!(err("c3d4").contains("neither a step"));
        assert!(err("c3c6").contains("neither a step"));
    }
}
