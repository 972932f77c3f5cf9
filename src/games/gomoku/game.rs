//! Gomoku as the engine and the searcher see it: `gomoku` (free-style, 5..26 points a side)
//! and `mist` (19x19, answering `view`, `who` and `history` as the Mist controller does).

use super::eval;
use super::geometry::{Point, five_through, line_of};
use super::mist::{MIST_SIZE, mist_view};
use super::points;
use super::position::Gomoku;
use super::rules::{self, MIST};
use super::text;
use super::zobrist;
use crate::rng::splitmix;

use crate::game::{
    Forfeit, Hosted, OptionSpec, Options, Outcome, Rules, SearchParams, Searchable, Side,
};

impl Rules for Gomoku {
    type Move = Point;

    fn options() -> Vec<OptionSpec> {
        rules::option_specs()
    }

    fn start(variant: &str, opts: &Options) -> Result<Gomoku, String> {
        Ok(Gomoku::new(
            rules::board_size(variant, opts)?,
            variant == MIST,
            rules::rule(variant, opts)?,
        ))
    }

    /// Boards of every size (19x19 in the mist) filled to any density, Black and White in
    /// turn.
    #[cfg(test)]
    fn crowded_fen(variant: &str, rng: &mut crate::rng::Rng) -> String {
        let size = if variant == MIST {
            MIST_SIZE
        } else {
            5 + rng.below(22)
        };
        let density = 1 + rng.below(6);
        let mut black_next = true;
        crate::game::crowded_rows(size, size, true, |_, _| {
            if rng.below(8) >= density {
                return '.';
            }
            black_next = !black_next;
            if black_next { 'O' } else { 'X' }
        })
    }

    fn from_fen(variant: &str, text: &str, opts: &Options) -> Result<Gomoku, String> {
        let pos = text::parse_fen(text, variant == MIST, rules::rule(variant, opts)?)?;
        if variant == MIST && pos.board().size() != MIST_SIZE {
            return Err(format!(
                "Gomoku in the Mist is played on {MIST_SIZE}x{MIST_SIZE}"
            ));
        }
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        text::format_fen(self)
    }

    fn side_to_move(&self) -> Side {
        Gomoku::side_to_move(self)
    }

    fn legal_moves(&self, out: &mut Vec<Point>) {
        Gomoku::legal_moves(self, out);
    }

    fn play(&mut self, mv: Point) {
        Gomoku::play(self, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner().map(Outcome::Win)
    }

    /// The board is full and nobody made five.
    fn outcome_without_moves(&self) -> Outcome {
        Outcome::Draw
    }

    fn hash(&self) -> u64 {
        Gomoku::hash(self)
    }

    fn parse_move(&self, text: &str) -> Result<Point, String> {
        // Either case, as people type them; the Mist controller keeps its uppercase-only rule.
        let p = text::parse_point_any_case(text, self.board().size())?;
        if self.board().at(p).is_some() {
            return Err(format!("point {text} is taken"));
        }
        match self.foul(p) {
            Some(foul) => Err(format!("illegal move {text}: {}", foul.reason())),
            None => Ok(p),
        }
    }

    fn format_move(&self, mv: Point) -> String {
        text::format_point(mv)
    }
}

impl Searchable for Gomoku {
    /// Point scores run from about −500 to about +1,000: history at full weight (up to
    /// ±16,384) would override them, where a point's worth depends on the stones around it
    /// more than on where it refuted before (self-play, docs/journal/performance.md, round 11).
    /// The evaluation reads the position's running sums: 6% faster uncached.
    const PARAMS: SearchParams = SearchParams {
        history_divisor: 16,
        cache_evaluations: false,
        keep_correction: true,
        wide_depth: 8,
        wide_per_ply: 4,
        ..SearchParams::DEFAULT
    };

    type Policy = ();

    fn search_moves(&self, _: &(), out: &mut Vec<Point>) {
        Gomoku::search_moves(self, false, out);
    }

    fn root_moves(&self, _: &(), out: &mut Vec<Point>) {
        Gomoku::search_moves(self, true, out);
    }

    fn left_out_moves(&self, root: bool, out: &mut Vec<Point>) {
        Gomoku::left_out_moves(self, root, out);
    }

    /// The five points of the mover, or else the enemy's: the noisy moves, without the
    /// quiet points `search_moves` would generate and score first.
    fn noisy_moves(&self, _: &(), out: &mut Vec<Point>) {
        let start = out.len();
        if self.five_moves(out) {
            self.drop_fouls(out, start);
        }
    }

    /// An extra stone never hurts in Gomoku (no zugzwang): a pass is a sound lower bound for
    /// the null move, refused only when the enemy has a four (the mover must block it).
    fn play_null(&mut self) -> bool {
        if self.in_check(&()) {
            return false;
        }
        self.pass();
        true
    }

    fn evaluate(&self, _: &()) -> i32 {
        eval::evaluate(self)
    }

    /// Moves that make five or stop the enemy's five: none where neither colour has a four,
    /// as in most positions the search meets (the running count of five points says so
    /// without reading a line).
    fn is_noisy(&self, mv: Point) -> bool {
        let me = self.side_to_move();
        let rule = self.board().rule();
        [me, me.other()].into_iter().any(|side| {
            self.fours(side) > 0
                && (0..4).any(|dir| {
                    let (line, bit) = line_of(mv, dir);
                    let mask = self.board().line(side, dir, line) | 1 << bit;
                    five_through(mask, bit, rule.for_side(side))
                })
        })
    }

    /// The point's line patterns for both colours and its distance to the last stone (see
    /// `points.rs`).
    fn order_hint(&self, mv: Point) -> i32 {
        points::score(self.cells(), self.side_to_move(), mv, self.last())
    }

    /// A win by continuous fours or threats (see `Gomoku::threat_win`).
    fn proven_win(&self, budget: u32, line: &mut Vec<Point>) -> bool {
        self.threat_win(self.side_to_move(), budget, line)
    }

    /// A stone adds its key; the pass flag stays as it is.
    fn hash_after(&self, mv: Point) -> Option<u64> {
        Some(self.hash() ^ zobrist::stone(self.side_to_move(), mv))
    }

    /// The enemy has a four: the mover must answer it.
    fn in_check(&self, _: &()) -> bool {
        self.fours(self.side_to_move().other()) > 0
    }

    /// The stones of both colours in the 5x5 square around the last stone, and the side to
    /// move: the fight under way, whose outcome the evaluation's sums of shapes misjudge
    /// alike wherever the search meets it again (moves elsewhere on the board, in another
    /// order, leave it as it is).
    fn correction_key(&self) -> Option<u64> {
        let last = self.last()?;
        let board = self.board();
        let (x, y) = (last.x as i32, last.y as i32);
        let mut key = 0u64;
        for row in y - 2..=y + 2 {
            if row < 0 || row >= board.size() as i32 {
                key <<= 10;
                continue;
            }
            for side in [Side::P1, Side::P2] {
                // Bits x-2..=x+2 of the row, shifted so that x-2 is bit 0 (off the board: 0).
                let bits = u64::from(board.line(side, 0, row as usize)) << 2 >> x & 0x1F;
                key = key << 5 | bits;
            }
        }
        Some(splitmix(key ^ (self.side_to_move().index() as u64) << 63))
    }
}

impl Hosted for Gomoku {
    fn view(&self) -> Vec<String> {
        if self.is_mist() {
            vec![mist_view(self.board(), self.last())]
        } else {
            text::board_lines(self.board())
        }
    }

    fn side_name(&self, side: Side) -> String {
        match side {
            Side::P1 => "B",
            Side::P2 => "W",
        }
        .to_string()
    }

    /// The mist's history is the controller's: points without separators.
    fn history_line(&self, moves: &[String]) -> String {
        moves.join(if self.is_mist() { "" } else { " " })
    }

    /// `forbidden`: the points Black may not play now (renju, Black to move), in board order.
    fn command(
        &self,
        name: &str,
        args: &[&str],
        _forfeit: Option<Forfeit>,
    ) -> Option<Result<Vec<String>, String>> {
        if name != "forbidden" || self.is_mist() {
            return None;
        }
        if !args.is_empty() {
            return Some(Err(format!(
                "forbidden takes no arguments, got '{}'",
                args.join(" ")
            )));
        }
        let mut line = String::from("forbidden");
        if self.winner().is_none() {
            let board = self.board();
            for p in board.points().filter(|&p| board.at(p).is_none()) {
                if self.foul(p).is_some() {
                    line.push(' ');
                    text::write_point(&mut line, p);
                }
            }
        }
        Some(Ok(vec![line]))
    }
}
