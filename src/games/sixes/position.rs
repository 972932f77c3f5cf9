//! A Sixes position: the pieces and all the state the rules look at, with its hash, and
//! how a move changes it.

use super::geometry::{FULL, Square};
use super::moves::Move;
use super::variants::Rules;
use super::zobrist;
use crate::game::Side;

/// Everything that decides the rest of a game; a fixed-size value (copy-make).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sixes {
    /// Pieces of X (index 0) and O (index 1).
    pub(super) pieces: [u64; 2],
    pub(super) side: Side,
    /// Each player's last move, for its no-return rule.
    pub(super) last: [Option<Move>; 2],
    /// Moves made by each player, for the turn limit.
    pub(super) made: [u16; 2],
    pub(super) rules: Rules,
    pub(super) hash: u64,
}

impl Sixes {
    /// A position from its parts; checks what the parts cannot say by their types.
    pub fn from_parts(
        pieces: [u64; 2],
        side: Side,
        last: [Option<Move>; 2],
        made: [u16; 2],
        rules: Rules,
    ) -> Result<Sixes, String> {
        if pieces[0] & pieces[1] != 0 || (pieces[0] | pieces[1]) & !FULL != 0 {
            return Err("pieces overlap or lie off the board".into());
        }
        if pieces[0] | pieces[1] == 0 {
            return Err("the board has no pieces at all".into());
        }
        let mut pos = Sixes {
            pieces,
            side,
            last,
            made,
            rules,
            hash: 0,
        };
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The start position: four 2x2 corner blocks.
    pub fn start(rules: Rules) -> Sixes {
        const X: u64 = 0b11 | 0b11 << 6 | 0b11 << 28 | 0b11 << 34;
        const O: u64 = 0b11 << 4 | 0b11 << 10 | 0b11 << 24 | 0b11 << 30;
        Sixes::from_parts([X, O], Side::P1, [None; 2], [0; 2], rules).expect("start position")
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    pub fn pieces(&self, side: Side) -> u64 {
        self.pieces[side.index()]
    }

    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    pub fn last_move(&self, side: Side) -> Option<Move> {
        self.last[side.index()]
    }

    pub fn moves_made(&self, side: Side) -> u16 {
        self.made[side.index()]
    }

    /// The move the no-return rule forbids `side` on its next move.
    pub fn barred(&self, side: Side) -> Option<Move> {
        self.last[side.index()].map(Move::reversed)
    }

    /// Plies left before the turn limit ends the game (`None` without a limit).
    pub fn plies_left(&self) -> Option<u32> {
        self.rules.plies_left(self.made, self.side.index())
    }

    /// The pieces `mv` would remove: (opponent's, mover's).
    pub fn removals(&self, mv: Move) -> (u64, u64) {
        let me = self.side.index();
        let mine = self.pieces[me] ^ mv.from.bit() ^ mv.to.bit();
        let theirs_lost = self.rules.surrounded(self.pieces[1 - me], mine);
        let mine_lost = self
            .rules
            .surrounded(mine, self.pieces[1 - me] & !theirs_lost);
        (theirs_lost, mine_lost)
    }

    /// Plays a legal move: moves the piece, removes surrounded pieces (opponent's first,
    /// then the mover's on the board that results), and passes the turn.
    pub fn play(&mut self, mv: Move) {
        let me = self.side.index();
        let (theirs_lost, mine_lost) = self.removals(mv);
        self.pieces[me] ^= mv.from.bit() ^ mv.to.bit();
        self.hash ^= zobrist::piece(me, mv.from.index()) ^ zobrist::piece(me, mv.to.index());
        for (owner, lost) in [(1 - me, theirs_lost), (me, mine_lost)] {
            self.pieces[owner] &= !lost;
            for sq in Square::all_in(lost) {
                self.hash ^= zobrist::piece(owner, sq.index());
            }
        }
        self.hash ^= zobrist::last(me, self.last[me]) ^ zobrist::last(me, Some(mv));
        self.last[me] = Some(mv);
        let made = self.made[me].saturating_add(1);
        self.hash ^= zobrist::count(me, self.made[me]) ^ zobrist::count(me, made);
        self.made[me] = made;
        self.side = self.side.other();
        self.hash ^= zobrist::O_TO_MOVE;
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from every field; `play` keeps `hash` equal to it.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = zobrist::rules(self.rules);
        for side in 0..2 {
            for sq in Square::all_in(self.pieces[side]) {
                h ^= zobrist::piece(side, sq.index());
            }
            h ^= zobrist::last(side, self.last[side]) ^ zobrist::count(side, self.made[side]);
        }
        if self.side == Side::P2 {
            h ^= zobrist::O_TO_MOVE;
        }
        h
    }
}
