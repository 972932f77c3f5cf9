//! The rules on top of the move generator: danger to a General, legality, and the end of the
//! game (no legal move, the turn limit). Advance has no variants.

use super::movegen::{Action, Move};
use super::position::{EMPTY, Kind, PLY_LIMIT, Position, piece};
use super::tables::{DELTA, KING, KNIGHT, LINED, RAY_LEN, SHOT, ZOMBIE_DIRS};
use crate::game::{Outcome, Side, retain_from};

impl Position {
    /// Whether `side`'s General is in danger: not protected by a friendly Sentinel and
    /// capturable by some enemy piece under the piece table (pinned attackers count too;
    /// a Jester never threatens).
    pub fn in_danger(&self, side: Side) -> bool {
        let g = self.general(side);
        !self.protected(g) && self.attacked(g, side.other().index())
    }

    /// Whether some piece of `foe` (an index) could take a piece standing on `g` under the
    /// piece table, protection aside (pinned attackers count; Jesters convert, they do not
    /// take, and are not counted).
    pub fn attacked(&self, g: usize, foe: usize) -> bool {
        let cells = &self.cells;
        let (builder, general) = (piece(foe, Kind::Builder), piece(foe, Kind::General));
        if KING[g]
            .iter()
            .any(|s| cells[s] == builder || cells[s] == general)
        {
            return true;
        }
        let sentinel = piece(foe, Kind::Sentinel);
        if KNIGHT[g].iter().any(|s| cells[s] == sentinel) {
            return true;
        }
        let catapult = piece(foe, Kind::Catapult);
        if SHOT[g].iter().any(|s| cells[s] == catapult) {
            return true;
        }
        // An enemy Zombie attacks along its forward directions, so look backwards from g:
        // one step (plain capture) or two steps over an empty square (leap).
        let zombie = piece(foe, Kind::Zombie);
        for d in ZOMBIE_DIRS[foe] {
            let back = (d + 4) % 8;
            let len = RAY_LEN[g][back];
            if len >= 1 {
                let near = (g as isize + DELTA[back] as isize) as usize;
                if cells[near] == zombie {
                    return true;
                }
                if len >= 2 && cells[near] == EMPTY {
                    let far = (near as isize + DELTA[back] as isize) as usize;
                    if cells[far] == zombie {
                        return true;
                    }
                }
            }
        }
        let (miner, dragon) = (piece(foe, Kind::Miner), piece(foe, Kind::Dragon));
        for d in 0..8 {
            let mut s = g;
            for dist in 1..=RAY_LEN[g][d] {
                s = (s as isize + DELTA[d] as isize) as usize;
                let c = cells[s];
                if c == EMPTY {
                    continue;
                }
                if (c == dragon && dist >= 2) || (c == miner && d % 2 == 0) {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// Whether the side to move's General is in danger.
    pub fn in_check(&self) -> bool {
        self.in_danger(self.side)
    }

    /// Whether a pseudo-legal move leaves the mover's General safe. `danger` is the mover's
    /// danger before the move. A move can only expose a safe General by moving it, or by
    /// emptying (or swapping) a square lined up with it: a blocker, a protecting Sentinel or
    /// a Zombie leap's middle square. Every other move is legal without playing it.
    #[inline]
    pub fn is_legal(&self, mv: Move, danger: bool) -> bool {
        let g = self.general(self.side);
        let (from, to) = (mv.from as usize, mv.to as usize);
        let may_expose = danger
            || match mv.action {
                Action::Step | Action::Capture => from == g || LINED[g][from],
                Action::Swap => from == g || to == g || LINED[g][from] || LINED[g][to],
                Action::Shot => LINED[g][to],
                Action::Wall | Action::Convert => false,
            };
        if !may_expose {
            return true;
        }
        let mut child = *self;
        child.play(mv);
        !child.in_danger(self.side)
    }

    /// Appends the legal moves of the side to move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(out);
        self.keep_legal(start, out);
    }

    /// Appends the legal noisy moves (captures, conversions, shots) of the side to move.
    pub fn noisy_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_noisy_moves(out);
        self.keep_legal(start, out);
    }

    /// Drops the moves of `out[start..]` that leave the mover's General in danger.
    fn keep_legal(&self, start: usize, out: &mut Vec<Move>) {
        let danger = self.in_check();
        retain_from(out, start, |mv| self.is_legal(mv, danger));
    }

    /// Whether the side to move has any legal move. Generates piece by piece and stops at
    /// the first legal move; uses the end of `scratch` as room and leaves its contents as
    /// they were.
    pub fn has_legal_move(&self, scratch: &mut Vec<Move>) -> bool {
        self.any_legal(scratch, false, self.in_check(), |_| true)
    }

    /// Whether some legal move of the side to move satisfies `wanted`, among its noisy moves
    /// only if `noisy` (piece by piece, stops at the first one; `scratch` as in
    /// `has_legal_move`). `danger` is `in_check()`, which the caller may know already.
    pub fn any_legal(
        &self,
        scratch: &mut Vec<Move>,
        noisy: bool,
        danger: bool,
        wanted: impl Fn(Move) -> bool,
    ) -> bool {
        let start = scratch.len();
        let mut found = false;
        for from in 0..self.cells.len() {
            if noisy {
                self.piece_noisy_moves(from, scratch);
            } else {
                self.piece_moves(from, scratch);
            }
            found = scratch[start..]
                .iter()
                .any(|&mv| wanted(mv) && self.is_legal(mv, danger));
            scratch.truncate(start);
            if found {
                break;
            }
        }
        found
    }

    /// The turn-limit result once 200 plies have been played, else `None`: the only ending
    /// that does not depend on the moves.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.ply < PLY_LIMIT {
            return None;
        }
        Some(match self.material[0].cmp(&self.material[1]) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::P1),
            std::cmp::Ordering::Less => Outcome::Win(Side::P2),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// The result of the game, if it is over by either ending. `scratch` as in
    /// `has_legal_move`.
    pub fn result(&self, scratch: &mut Vec<Move>) -> Option<Outcome> {
        self.outcome()
            .or_else(|| (!self.has_legal_move(scratch)).then(|| self.outcome_without_moves()))
    }

    /// The result when the side to move has no legal move: it loses.
    pub fn outcome_without_moves(&self) -> Outcome {
        Outcome::Win(self.side.other())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn legal_texts(fen: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.iter().map(|&m| pos.format_move(m)).collect()
    }

    fn has(fen: &str, mv: &str) -> bool {
        legal_texts(fen).iter().any(|m| m == mv)
    }

    #[test]
    fn protected_pieces_cannot_be_taken_but_can_be_converted() {
        let fen = "4g4/9/2zs1d3/9/2M1J4/2C6/9/9/4G4 w";
        assert!(!has(fen, "c5c7"), "Miner takes a protected Zombie");
        assert!(!has(fen, "c4c7"), "Catapult shoots a protected Zombie");
        assert!(has(fen, "c5c6"));
        // The Jester next to the protected Zombie converts it anyway.
        let convert = "4g4/9/2zs1d3/3J5/9/9/9/9/4G4 w";
        assert!(has(convert, "d6c7"));
        let pos = Position::from_fen(convert).unwrap();
        assert_eq!(pos.material_delta(pos.parse_move("d6c7").unwrap()), 2);
    }

    #[test]
    fn catapult_shoots_over_anything_but_not_walls_or_friends() {
        let fen = "4g4/9/2d6/2#6/2Z6/2C1#4/9/9/4G4 w";
        assert!(
            has(fen, "c4c7"),
            "a wall and a Zombie in between do not matter"
        );
        assert!(!has(fen, "c4e4"), "not 2 away");
        let pos = Position::from_fen(fen).unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(
            moves
                .iter()
                .all(|m| m.to as usize != 40 || m.action != Action::Shot)
        );
    }

    #[test]
    fn leaps_need_an_empty_middle_square() {
        let fen = "4g4/9/2dc5/3#5/2ZZ5/9/9/9/4G4 w";
        assert!(has(fen, "c5c7"), "leap over the empty c6");
        assert!(!has(fen, "d5d7"), "leap over the d6 wall");
        assert!(!has(fen, "d5d6"), "step onto a wall");
        assert!(!has(fen, "c5c6c7"));
    }

    #[test]
    fn pinned_pieces_stay_on_the_line() {
        let fen = "4g4/4m4/9/9/d8/9/2J6/4B4/4G4 w";
        assert!(has(fen, "e2e3"));
        assert!(!has(fen, "e2d3"), "Builder leaves the Miner's file");
        assert!(
            has(fen, "e2d2#"),
            "building a wall keeps the Builder on the file"
        );
        assert!(has(fen, "c3b4"), "Jester stays on the Dragon's diagonal");
        assert!(!has(fen, "c3c4"), "Jester leaves the Dragon's diagonal");
    }

    #[test]
    fn dragon_next_to_the_general_is_harmless_there() {
        let pos = Position::from_fen("4g4/9/9/9/9/9/9/3d5/3JG4 w").unwrap();
        assert!(!pos.in_check());
        let fen = "4g4/9/9/9/9/9/9/3d5/3JG4 w";
        assert!(has(fen, "e1d2"), "the General takes the adjacent Dragon");
        assert!(has(fen, "d1e1"), "the Jester swaps with the General");
        assert!(has(fen, "e1e2"), "next to the Dragon is safe");
        assert!(!has(fen, "e1f2"), "two squares from the Dragon is not");
        // One step further away the Dragon does attack.
        assert!(
            Position::from_fen("4g4/9/9/9/9/9/2d6/9/4G4 w")
                .unwrap()
                .in_check()
        );
    }

    #[test]
    fn sentinel_covers_the_general() {
        let covered = Position::from_fen("4g4/4m4/9/9/9/9/9/9/3SG4 w").unwrap();
        assert!(!covered.in_check());
        assert!(
            Position::from_fen("4g4/4m4/9/9/9/9/9/9/2S1G4 w")
                .unwrap()
                .in_check()
        );
        assert!(
            !has("4g4/4m4/9/9/9/9/9/9/3SG4 w", "d1c3"),
            "the Sentinel may not leave"
        );
    }

    #[test]
    fn danger_from_every_attacker() {
        let attacked = [
            ("zombie leap", "9/4g4/2z6/9/4G4/9/9/9/9 w"),
            ("zombie step", "4g4/9/9/9/9/3z5/4G4/9/9 w"),
            ("builder", "4g4/9/9/9/9/3b5/4G4/9/9 w"),
            ("general", "9/9/9/9/4g4/4G4/9/9/9 w"),
            ("sentinel", "4g4/9/9/9/9/3s5/9/4G4/9 w"),
            ("catapult diagonal", "4g4/9/9/9/2c6/9/4G4/9/9 w"),
            ("catapult straight", "4g4/9/9/4c4/9/9/4G4/9/9 w"),
            ("miner adjacent", "4g4/9/9/9/9/4m4/4G4/9/9 w"),
            ("dragon far", "4g4/9/9/9/9/9/9/9/d3G4 w"),
        ];
        for (name, fen) in attacked {
            assert!(Position::from_fen(fen).unwrap().in_check(), "{name}");
        }
        let safe = [
            ("zombie behind", "4g4/9/9/9/9/9/4G4/3z5/9 w"),
            ("leap over a wall", "9/4g4/2z6/3#5/4G4/9/9/9/9 w"),
            ("jester", "4g4/9/9/9/9/3j5/4G4/9/9 w"),
            ("miner diagonal", "4g4/9/9/9/9/3m5/4G4/9/9 w"),
            ("dragon blocked by a wall", "4g4/9/9/9/9/9/9/9/d2#G4 w"),
            ("catapult two away", "4g4/9/9/9/4c4/9/4G4/9/9 w"),
        ];
        for (name, fen) in safe {
            assert!(!Position::from_fen(fen).unwrap().in_check(), "{name}");
        }
    }

    #[test]
    fn turn_limit_decides_by_material() {
        let fen = |ply: u16| format!("4g4/9/9/9/4Z4/9/9/9/4G4 b {ply}");
        assert_eq!(Position::from_fen(&fen(199)).unwrap().outcome(), None);
        let over = Position::from_fen(&fen(200)).unwrap();
        assert_eq!(over.outcome(), Some(Outcome::Win(Side::P1)));
        let even = Position::from_fen("4g4/9/9/9/9/9/9/9/4G4 w 200").unwrap();
        assert_eq!(even.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn no_move_loses() {
        // The seed's level-4 board after the Zombie takes the Dragon: Black still moves.
        let mut pos = Position::from_fen("8g/9/9/9/9/5d3/5Z3/8#/7#G w").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len(), 1);
        pos.play(moves[0]);
        assert!(pos.has_legal_move(&mut moves));
        // A black General shut in by walls and a protected Builder has no move.
        let trapped = Position::from_fen("g#7/#B7/1S7/9/9/9/9/9/8G b").unwrap();
        assert!(!trapped.has_legal_move(&mut moves));
        assert_eq!(trapped.outcome_without_moves(), Outcome::Win(Side::P1));
    }

    proptest! {
        /// Incremental hash and material always equal the ones computed from scratch.
        #[test]
        fn incremental_state_matches_scratch(choices in proptest::collection::vec(any::<u16>(), 1..120)) {
            let mut pos = Position::start();
            let mut moves = Vec::new();
            for c in choices {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.play(moves[c as usize % moves.len()]);
                let fresh = Position::from_cells(pos.cells, pos.side, pos.ply).unwrap();
                prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
                prop_assert_eq!(pos, fresh);
            }
        }

        /// The noisy-move generator gives exactly the noisy legal moves, in the same order.
        #[test]
        fn noisy_generation_matches_the_full_one(choices in proptest::collection::vec(any::<u16>(), 1..200)) {
            let mut pos = Position::start();
            for c in choices {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mut noisy = vec![Move::new(0, 0, Action::Step)];
                pos.noisy_moves(&mut noisy);
                let expected: Vec<Move> = std::iter::once(noisy[0])
                    .chain(moves.iter().copied().filter(|m| m.is_noisy()))
                    .collect();
                prop_assert_eq!(noisy, expected);
                pos.play(moves[c as usize % moves.len()]);
            }
        }
    }
}
