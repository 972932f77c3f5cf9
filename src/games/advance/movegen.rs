//! Moves: their packed form, pseudo-legal generation (every move the piece table allows,
//! before the General-safety test) and playing a move on the position.

use super::position::{EMPTY, Kind, OWNER, Position, VALUE, WALL, kind_of, piece};
use super::tables::{DELTA, KING, KNIGHT, ORTH, RAY_LEN, SHOT, ZOBRIST, ZOMBIE_DIRS};
use crate::game::MoveBits;

/// What a move does; the position decides it when a move is parsed from `e2e3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// The piece moves to an empty square.
    Step,
    /// The piece moves onto an enemy piece (or a Miner onto a wall) and removes it.
    Capture,
    /// A Builder puts a wall on `to` and stays.
    Wall,
    /// A Jester and a friendly piece exchange squares.
    Swap,
    /// A Jester turns the enemy piece on `to` into a friendly one and stays.
    Convert,
    /// A Catapult removes the enemy piece on `to` and stays.
    Shot,
}

const ACTIONS: [Action; 6] = [
    Action::Step,
    Action::Capture,
    Action::Wall,
    Action::Swap,
    Action::Convert,
    Action::Shot,
];

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub action: Action,
}

impl Move {
    pub const fn new(from: usize, to: usize, action: Action) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            action,
        }
    }

    /// Whether the move removes or converts an enemy piece (what quiescence looks at).
    pub fn is_noisy(self) -> bool {
        matches!(
            self.action,
            Action::Capture | Action::Convert | Action::Shot
        )
    }
}

/// Bits 0-6 from, 7-13 to, 14-16 action.
impl MoveBits for Move {
    fn to_bits(self) -> u32 {
        self.from as u32 | (self.to as u32) << 7 | (self.action as u32) << 14
    }

    fn from_bits(bits: u32) -> Self {
        Move {
            from: (bits & 0x7f) as u8,
            to: (bits >> 7 & 0x7f) as u8,
            action: ACTIONS[(bits >> 14 & 7) as usize % ACTIONS.len()],
        }
    }
}

impl Position {
    /// Appends every move of the side to move that the piece table allows, ignoring
    /// whether it leaves the own General in danger.
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        for from in 0..self.cells.len() {
            self.piece_moves(from, out);
        }
    }

    /// The noisy ones among `pseudo_moves`: captures, conversions, shots.
    pub fn pseudo_noisy_moves(&self, out: &mut Vec<Move>) {
        for from in 0..self.cells.len() {
            self.piece_noisy_moves(from, out);
        }
    }

    /// Appends the pseudo-legal moves of the piece on `from` if it belongs to the side to
    /// move (nothing otherwise).
    #[inline]
    pub fn piece_moves(&self, from: usize, out: &mut Vec<Move>) {
        self.generate::<false>(from, out)
    }

    /// Appends the pseudo-legal noisy moves (captures, conversions, shots) of the piece on
    /// `from` if it belongs to the side to move.
    #[inline]
    pub fn piece_noisy_moves(&self, from: usize, out: &mut Vec<Move>) {
        self.generate::<true>(from, out)
    }

    /// The generator behind both: `NOISY` leaves out steps, walls and swaps.
    #[inline]
    fn generate<const NOISY: bool>(&self, from: usize, out: &mut Vec<Move>) {
        let us = self.side.index();
        let c = self.cells[from];
        if c < 2 || OWNER[c as usize] != us {
            return;
        }
        match kind_of(c) {
            Kind::Zombie => self.zombie_moves::<NOISY>(from, out),
            Kind::Builder => {
                for to in KING[from].iter() {
                    if self.cells[to] == EMPTY {
                        if !NOISY {
                            out.push(Move::new(from, to, Action::Step));
                            out.push(Move::new(from, to, Action::Wall));
                        }
                    } else if self.capturable(to, us) {
                        out.push(Move::new(from, to, Action::Capture));
                    }
                }
            }
            Kind::Jester => {
                for to in KING[from].iter() {
                    let t = self.cells[to];
                    if t == EMPTY {
                        if !NOISY {
                            out.push(Move::new(from, to, Action::Step));
                        }
                    } else if t >= 2 && OWNER[t as usize] == us {
                        if !NOISY && kind_of(t) != Kind::Jester {
                            out.push(Move::new(from, to, Action::Swap));
                        }
                    } else if t >= 2 && kind_of(t) != Kind::General {
                        out.push(Move::new(from, to, Action::Convert));
                    }
                }
            }
            Kind::Miner => self.ray_moves::<NOISY>(from, &[0, 2, 4, 6], 1, true, out),
            Kind::Sentinel => {
                for to in KNIGHT[from].iter() {
                    if self.cells[to] == EMPTY {
                        if !NOISY {
                            out.push(Move::new(from, to, Action::Step));
                        }
                    } else if self.capturable(to, us) {
                        out.push(Move::new(from, to, Action::Capture));
                    }
                }
            }
            Kind::Catapult => {
                for to in ORTH[from].iter() {
                    if !NOISY && self.cells[to] == EMPTY {
                        out.push(Move::new(from, to, Action::Step));
                    }
                }
                for to in SHOT[from].iter() {
                    if self.capturable(to, us) {
                        out.push(Move::new(from, to, Action::Shot));
                    }
                }
            }
            Kind::Dragon => self.ray_moves::<NOISY>(from, &[0, 1, 2, 3, 4, 5, 6, 7], 2, false, out),
            Kind::General => {
                for to in KING[from].iter() {
                    if self.cells[to] == EMPTY {
                        if !NOISY {
                            out.push(Move::new(from, to, Action::Step));
                        }
                    } else if self.capturable(to, us) {
                        out.push(Move::new(from, to, Action::Capture));
                    }
                }
            }
        }
    }

    fn zombie_moves<const NOISY: bool>(&self, from: usize, out: &mut Vec<Move>) {
        let us = self.side.index();
        for d in ZOMBIE_DIRS[us] {
            let len = RAY_LEN[from][d];
            if len == 0 {
                continue;
            }
            let to = (from as isize + DELTA[d] as isize) as usize;
            if self.cells[to] == EMPTY {
                if !NOISY {
                    out.push(Move::new(from, to, Action::Step));
                }
                // A leap needs the middle square empty and is only ever a capture.
                if len >= 2 {
                    let far = (to as isize + DELTA[d] as isize) as usize;
                    if self.capturable(far, us) {
                        out.push(Move::new(from, far, Action::Capture));
                    }
                }
            } else if self.capturable(to, us) {
                out.push(Move::new(from, to, Action::Capture));
            }
        }
    }

    /// Sliding moves along `dirs`: every empty square, then the first piece on the ray if it is
    /// capturable and at least `min_capture` away (or a wall, if `takes_walls`).
    fn ray_moves<const NOISY: bool>(
        &self,
        from: usize,
        dirs: &[usize],
        min_capture: u8,
        takes_walls: bool,
        out: &mut Vec<Move>,
    ) {
        let us = self.side.index();
        for &d in dirs {
            let mut to = from;
            for dist in 1..=RAY_LEN[from][d] {
                to = (to as isize + DELTA[d] as isize) as usize;
                let t = self.cells[to];
                if t == EMPTY {
                    if !NOISY {
                        out.push(Move::new(from, to, Action::Step));
                    }
                    continue;
                }
                let takes = if t == WALL {
                    takes_walls
                } else {
                    self.capturable(to, us)
                };
                if takes && dist >= min_capture {
                    out.push(Move::new(from, to, Action::Capture));
                }
                break;
            }
        }
    }

    /// Plays a move the generator produced; no legality test. Advances the ply count.
    #[inline]
    pub fn play(&mut self, mv: Move) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        match mv.action {
            Action::Step => {
                let p = self.take(from);
                self.put(to, p);
            }
            Action::Capture => {
                self.take(to);
                let p = self.take(from);
                self.put(to, p);
            }
            Action::Wall => self.put(to, WALL),
            Action::Swap => {
                let a = self.take(from);
                let b = self.take(to);
                self.put(from, b);
                self.put(to, a);
            }
            Action::Convert => {
                let t = self.take(to);
                self.put(to, piece(self.side.index(), kind_of(t)));
            }
            Action::Shot => {
                self.take(to);
            }
        }
        self.pass();
    }

    /// Hands the turn over and counts the ply (also the searcher's null move).
    pub fn pass(&mut self) {
        let old = self.ply;
        self.ply = old.saturating_add(1).min(255);
        self.hash ^= ZOBRIST.ply[old as usize] ^ ZOBRIST.ply[self.ply as usize];
        self.side = self.side.other();
        self.hash ^= ZOBRIST.black_to_move;
    }

    /// The material delta of a move for the mover: +v for a capture, +2v for a conversion.
    pub fn material_delta(&self, mv: Move) -> i32 {
        let v = VALUE[self.cells[mv.to as usize] as usize];
        match mv.action {
            Action::Capture | Action::Shot => v,
            Action::Convert => 2 * v,
            Action::Step | Action::Wall | Action::Swap => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        for (i, &action) in ACTIONS.iter().enumerate() {
            let mv = Move::new(80 - i, i * 7, action);
            assert_eq!(Move::from_bits(mv.to_bits()), mv);
        }
    }
}
