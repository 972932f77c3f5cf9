//! Renju's forbidden points for Black, as the RIF rules state them. A black stone that makes
//! exactly five wins whatever else it makes. Otherwise it is forbidden when it makes an
//! overline (six or more in a row), two fours, or two threes. A four is four stones that one
//! more stone turns into exactly five (a straight four `.XXXX.` is one four, `X.XXX.X` with
//! the stone in the middle two); a three is three stones that one more stone turns into a
//! straight four, and counts only if that stone is itself allowed to Black, which is the same
//! question one stone further on: the check recurses.

use super::board::Board;
use super::geometry::{Point, line_of, line_span, point_on};
use crate::game::Side;

const BLACK: Side = Side::P1;

/// Why Black may not play a point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Foul {
    Overline,
    DoubleFour,
    DoubleThree,
}

impl Foul {
    /// The reason an engine's error gives.
    pub fn reason(self) -> &'static str {
        match self {
            Foul::Overline => "an overline (six or more in a row) is forbidden for Black",
            Foul::DoubleFour => "a double four is forbidden for Black",
            Foul::DoubleThree => "a double three is forbidden for Black",
        }
    }
}

/// How many stones deep the three check follows the point that would make a straight four.
/// Real games never need more than two or three; past the bound the point counts as allowed
/// (the three is real), which bounds the cost on constructed positions.
const MAX_DEPTH: u32 = 8;

/// Why Black may not play the empty point `p` of `board`, or `None` if Black may.
pub fn foul(board: &Board, p: Point) -> Option<Foul> {
    if !may_foul(board, p) {
        return None;
    }
    foul_at(&mut board.clone(), p, MAX_DEPTH)
}

/// A cheap test that rules out most points: a foul needs black stones within four points
/// along two lines (two fours or two threes), or four within five points along one (an
/// overline, or a double four in one line such as `X.X?X.X`).
fn may_foul(board: &Board, p: Point) -> bool {
    let mut busy = 0;
    for dir in 0..4 {
        let (line, bit) = line_of(p, dir);
        let own = u64::from(board.line(BLACK, dir, line)) << 5 >> bit;
        if (own & 0x7ff).count_ones() >= 4 {
            return true;
        }
        if (own & 0x3fe).count_ones() >= 2 {
            busy += 1;
        }
    }
    busy >= 2
}

/// [`foul`] with `depth` more levels of three checks allowed; `board` is left as it was.
fn foul_at(board: &mut Board, p: Point, depth: u32) -> Option<Foul> {
    board.put(p, BLACK);
    let foul = judge(board, p, depth);
    board.remove(p, BLACK);
    foul
}

/// One line through a point: Black's stones, the empty points on the board, the point's bit.
#[derive(Clone, Copy)]
struct Line {
    own: u32,
    empty: u32,
    bit: u32,
}

impl Line {
    fn through(board: &Board, p: Point, dir: usize) -> Line {
        let (line, bit) = line_of(p, dir);
        let own = board.line(BLACK, dir, line);
        let empty =
            line_span(board.size(), dir, line) & !own & !board.line(BLACK.other(), dir, line);
        Line { own, empty, bit }
    }

    /// The first and last bit of the run of black stones through `self.bit` with `extra`
    /// stones added.
    fn run(&self, extra: u32) -> (u32, u32) {
        let own = self.own | extra;
        let hi = self.bit + (own >> self.bit).trailing_ones() - 1;
        let lo = self.bit + 1 - (own << (31 - self.bit)).leading_ones();
        (lo, hi)
    }

    /// Whether `mask` holds bit `bit`; a bit off the line (below 0 or past 31) it does not.
    fn holds(mask: u32, bit: i64) -> bool {
        (0..32).contains(&bit) && mask >> bit & 1 != 0
    }

    /// The empty points next to the run through the point: the only ones a stone on which
    /// can make the run longer.
    fn ends(&self) -> [Option<u32>; 2] {
        let (lo, hi) = self.run(0);
        let (before, after) = (i64::from(lo) - 1, i64::from(hi) + 1);
        [before, after].map(|b| Line::holds(self.empty, b).then_some(b as u32))
    }

    /// How many fours through the point: the empty points that make exactly five with it,
    /// one four if they are the two ends of a straight four (five apart).
    fn fours(&self) -> u32 {
        let (mut count, mut first, mut straight) = (0, None, false);
        for q in self.bit.saturating_sub(4)..=(self.bit + 4).min(31) {
            if self.empty >> q & 1 == 0 {
                continue;
            }
            let (a, b) = self.run(1 << q);
            if b - a == 4 && (a..=b).contains(&q) {
                count += 1;
                match first {
                    None => first = Some(q),
                    Some(f) => straight |= q - f == 5,
                }
            }
        }
        if count == 2 && straight { 1 } else { count }
    }

    /// Whether a stone on `q` makes a straight four through the point: four in a row with an
    /// empty point at each end, each of which makes exactly five (no black stone beyond).
    fn straight_four_with(&self, q: u32) -> bool {
        let (lo, hi) = self.run(1 << q);
        let (lo, hi) = (i64::from(lo), i64::from(hi));
        hi - lo == 3
            && Line::holds(self.empty, lo - 1)
            && Line::holds(self.empty, hi + 1)
            && !Line::holds(self.own, lo - 2)
            && !Line::holds(self.own, hi + 2)
    }
}

/// Why the black stone just put on `p` is forbidden, if it is.
fn judge(board: &mut Board, p: Point, depth: u32) -> Option<Foul> {
    let lines = [0, 1, 2, 3].map(|dir| Line::through(board, p, dir));
    let lengths = lines.map(|l| {
        let (lo, hi) = l.run(0);
        hi - lo + 1
    });
    if lengths.contains(&5) {
        return None;
    }
    if lengths.iter().any(|&n| n > 5) {
        return Some(Foul::Overline);
    }
    let fours = lines.map(|l| l.fours());
    if fours.iter().sum::<u32>() >= 2 {
        return Some(Foul::DoubleFour);
    }
    let mut threes = 0;
    for dir in 0..4 {
        // A line with a four is a four, not also a three.
        if fours[dir] == 0 && is_three(board, &lines[dir], dir, p, depth) {
            threes += 1;
            if threes == 2 {
                return Some(Foul::DoubleThree);
            }
        }
    }
    None
}

/// Whether the line through the black stone on `p` is a three: a stone next to its run makes
/// a straight four, and Black may play that stone.
fn is_three(board: &mut Board, line: &Line, dir: usize, p: Point, depth: u32) -> bool {
    let (number, _) = line_of(p, dir);
    line.ends().into_iter().flatten().any(|q| {
        line.straight_four_with(q)
            && (depth == 0 || foul_at(board, point_on(dir, number, q), depth - 1).is_none())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::geometry::Rule;
    use crate::games::gomoku::text::parse_point;

    /// A 15x15 renju board with black stones on `black` and white ones on `white`.
    fn board(black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(15, Rule::Renju);
        for (points, side) in [(black, Side::P1), (white, Side::P2)] {
            for p in points {
                b.put(parse_point(p, 15).unwrap(), side);
            }
        }
        b
    }

    fn foul_on(b: &Board, p: &str) -> Option<Foul> {
        foul(b, parse_point(p, 15).unwrap())
    }

    /// The rules read straight off the board, point by point, for the property test: no
    /// line masks, no run arithmetic, the fours told apart by their stones.
    mod reference {
        use super::*;
        use crate::games::gomoku::geometry::DIRECTIONS;

        /// The board as a grid: `Some(side)` for a stone.
        pub struct Grid {
            pub n: isize,
            pub cells: Vec<Option<Side>>,
        }

        impl Grid {
            pub fn of(board: &Board) -> Grid {
                let n = board.size() as isize;
                let cells = (0..n * n)
                    .map(|i| board.at(Point::new((i % n) as usize, (i / n) as usize)))
                    .collect();
                Grid { n, cells }
            }

            fn at(&self, x: isize, y: isize) -> Option<Option<Side>> {
                ((0..self.n).contains(&x) && (0..self.n).contains(&y))
                    .then(|| self.cells[(x + y * self.n) as usize])
            }

            /// Whether `side`'s stone on `p` makes five: exactly five for Black, five or more
            /// for White.
            pub fn wins(&self, p: (isize, isize), side: Side) -> bool {
                let run = |d: (isize, isize)| {
                    let count = |s: isize| {
                        (1..)
                            .take_while(|&k| {
                                self.at(p.0 + s * k * d.0, p.1 + s * k * d.1) == Some(Some(side))
                            })
                            .count()
                    };
                    1 + count(1) + count(-1)
                };
                DIRECTIONS.iter().any(|&d| {
                    if side == BLACK {
                        run(d) == 5
                    } else {
                        run(d) >= 5
                    }
                })
            }

            fn black(&self, x: isize, y: isize) -> bool {
                self.at(x, y) == Some(Some(BLACK))
            }

            fn set(&mut self, (x, y): (isize, isize), v: Option<Side>) {
                self.cells[(x + y * self.n) as usize] = v;
            }

            /// Black stones in a row through (x, y) along (dx, dy), the point itself counted.
            fn run(&self, (x, y): (isize, isize), (dx, dy): (isize, isize)) -> usize {
                let count = |s: isize| {
                    (1..)
                        .take_while(|&k| self.black(x + s * k * dx, y + s * k * dy))
                        .count()
                };
                1 + count(1) + count(-1)
            }

            /// The windows of five points through the black stone `p` along `d` that one empty
            /// point turns into exactly five: each window's four black stones (offsets from `p`).
            fn five_windows(&self, p: (isize, isize), d: (isize, isize)) -> Vec<Vec<isize>> {
                let at = |k: isize| self.at(p.0 + k * d.0, p.1 + k * d.1);
                (-4..=0)
                    .filter_map(|start| {
                        let window = start..start + 5;
                        let blacks: Vec<isize> = window
                            .clone()
                            .filter(|&k| at(k) == Some(Some(BLACK)))
                            .collect();
                        let empties = window.filter(|&k| at(k) == Some(None)).count();
                        let outside = |k| at(k) == Some(Some(BLACK));
                        (blacks.len() == 4
                            && empties == 1
                            && !outside(start - 1)
                            && !outside(start + 5))
                        .then_some(blacks)
                    })
                    .collect()
            }

            /// The fours through the black stone `p` along `d`: the sets of four black stones
            /// that one empty point turns into exactly five, each set once.
            fn fours(&self, p: (isize, isize), d: (isize, isize)) -> Vec<Vec<isize>> {
                let mut sets = self.five_windows(p, d);
                // Equal sets come from neighbouring windows (a straight four's two).
                sets.dedup();
                sets
            }

            /// Whether the black stone `p` makes a straight four along `d`: one set of four
            /// stones that two different points turn into exactly five.
            fn straight_four(&self, p: (isize, isize), d: (isize, isize)) -> bool {
                let windows = self.five_windows(p, d);
                windows.len() == 2 && windows[0] == windows[1]
            }

            /// Why Black may not play the empty point `p`, with `depth` levels of three checks.
            pub fn foul(&mut self, p: (isize, isize), depth: u32) -> Option<Foul> {
                self.set(p, Some(BLACK));
                let foul = self.judge(p, depth);
                self.set(p, None);
                foul
            }

            fn judge(&mut self, p: (isize, isize), depth: u32) -> Option<Foul> {
                if DIRECTIONS.iter().any(|&d| self.run(p, d) == 5) {
                    return None;
                }
                if DIRECTIONS.iter().any(|&d| self.run(p, d) > 5) {
                    return Some(Foul::Overline);
                }
                let fours: Vec<usize> =
                    DIRECTIONS.iter().map(|&d| self.fours(p, d).len()).collect();
                if fours.iter().sum::<usize>() >= 2 {
                    return Some(Foul::DoubleFour);
                }
                let mut threes = 0;
                for (i, &d) in DIRECTIONS.iter().enumerate() {
                    if fours[i] > 0 {
                        continue;
                    }
                    let three = (-self.n..=self.n).any(|k| {
                        let q = (p.0 + k * d.0, p.1 + k * d.1);
                        if self.at(q.0, q.1) != Some(None) {
                            return false;
                        }
                        self.set(q, Some(BLACK));
                        let straight = self.straight_four(p, d);
                        self.set(q, None);
                        straight && (depth == 0 || self.foul(q, depth - 1).is_none())
                    });
                    threes += usize::from(three);
                }
                (threes >= 2).then_some(Foul::DoubleThree)
            }
        }
    }

    /// A random position of `blacks` black and `whites` white stones in the `area` x `area`
    /// square at the centre of a 15x15 board, dense enough for fouls to be common.
    fn random_board(seed: u64, blacks: usize, whites: usize, area: usize) -> Board {
        let mut rng = crate::rng::Rng::new(seed);
        let mut b = Board::new(15, Rule::Renju);
        let low = (15 - area) / 2;
        for (count, side) in [(blacks, Side::P1), (whites, Side::P2)] {
            let mut put = 0;
            while put < count {
                let p = Point::new(low + rng.below(area), low + rng.below(area));
                if b.at(p).is_none() {
                    b.put(p, side);
                    put += 1;
                }
            }
        }
        b
    }

    /// The property test below is worth something only if its positions hold every foul,
    /// and double threes that the recursion clears (a three whose straight-four point is
    /// itself forbidden).
    #[test]
    fn random_dense_boards_hold_every_kind_of_foul() {
        let (mut kinds, mut cleared) = (Vec::new(), 0);
        for seed in 0..300 {
            let b = random_board(seed, 20, 10, 9);
            for p in b.points().filter(|&p| b.at(p).is_none()) {
                let deep = foul(&b, p);
                if let Some(f) = deep.filter(|f| !kinds.contains(f)) {
                    kinds.push(f);
                }
                let shallow = may_foul(&b, p)
                    .then(|| foul_at(&mut b.clone(), p, 0))
                    .flatten();
                cleared += usize::from(shallow.is_some() && deep.is_none());
            }
        }
        assert_eq!(kinds.len(), 3, "{kinds:?}");
        assert!(cleared > 0);
    }

    /// Counts the move sequences of `depth` plies by the reference's fouls and fives alone.
    fn reference_perft(grid: &mut reference::Grid, black: bool, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for i in 0..grid.cells.len() {
            let p = (i as isize % grid.n, i as isize / grid.n);
            if grid.cells[i].is_some() || black && grid.foul(p, MAX_DEPTH).is_some() {
                continue;
            }
            let side = if black { Side::P1 } else { Side::P2 };
            grid.cells[i] = Some(side);
            let won = grid.wins(p, side);
            total += if won {
                u64::from(depth == 1)
            } else {
                reference_perft(grid, !black, depth - 1)
            };
            grid.cells[i] = None;
        }
        total
    }

    /// Perft under renju from a 9x9 position with Black to move: D2 makes six (forbidden);
    /// E5 looks like a double three but is allowed, as column E's three E5 E6 E7 is none: E4
    /// would make a four whose ends are E3 (six with E2) and E9 (White's). White plays all 62
    /// points. The counts are the engine's; the reference's counting agrees.
    #[test]
    fn perft_under_renju_agrees_with_the_reference() {
        use crate::game::{Options, Rules, perft};
        use crate::games::gomoku::Gomoku;
        let mut opts = Options::default();
        opts.set("Rule", "renju".into());
        let fen = "O1O1O1O1O/9/O3X3O/4X4/2XX4O/9/8O/XXX1XX3/9";
        let pos = Gomoku::from_fen("gomoku", fen, &opts).unwrap();
        let mut grid = reference::Grid::of(pos.board());
        let counts: Vec<u64> = (1..=3).map(|d| perft(&pos, d)).collect();
        let want: Vec<u64> = (1..=3)
            .map(|d| reference_perft(&mut grid, true, d))
            .collect();
        assert_eq!(counts, want);
        assert_eq!(counts, [62, 62 * 62, 228_799]);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Every empty point of random dense positions: the line-mask checker and the
        /// reference agree on whether and why Black may not play it.
        #[test]
        fn fouls_agree_with_the_rules_read_point_by_point(
            seed in 0u64..u64::MAX,
            blacks in 6usize..30,
            whites in 0usize..12,
            area in 7usize..12,
        ) {
            let b = random_board(seed, blacks, whites.min(blacks), area);
            let mut grid = reference::Grid::of(&b);
            for p in b.points().filter(|&p| b.at(p).is_none()) {
                let want = grid.foul((p.x as isize, p.y as isize), MAX_DEPTH);
                proptest::prop_assert_eq!(foul(&b, p), want, "{:?} on {:?}", p, crate::games::gomoku::text::board_lines(&b));
            }
        }
    }

    #[test]
    fn the_three_fouls_and_their_exceptions() {
        // Two open threes crossing at H8.
        let b = board(&["F8", "G8", "H9", "H10"], &[]);
        assert_eq!(foul_on(&b, "H8"), Some(Foul::DoubleThree));
        // A four and a three together are allowed.
        let b = board(&["E8", "F8", "G8", "H9", "H10"], &[]);
        assert_eq!(foul_on(&b, "H8"), None);
        // Two fours crossing.
        let b = board(&["E8", "F8", "G8", "H9", "H10", "H11"], &["D8", "H12"]);
        assert_eq!(foul_on(&b, "H8"), Some(Foul::DoubleFour));
        // Six in a row.
        let b = board(&["C8", "D8", "E8", "G8", "H8"], &[]);
        assert_eq!(foul_on(&b, "F8"), Some(Foul::Overline));
        // Exactly five wins even where the same stone makes six along another line.
        let b = board(&["C8", "D8", "E8", "G8", "H8", "F3", "F4", "F5", "F6"], &[]);
        assert_eq!(foul_on(&b, "F7"), None);
        let b = board(&["C8", "D8", "E8", "G8", "H8", "F4", "F5", "F6", "F7"], &[]);
        assert_eq!(foul_on(&b, "F8"), None);
    }

    /// The hard cases the comparison with Rapfi (scripts/renju-forbid-check) turned up or
    /// that the rule's wording calls for; the reason beside each.
    #[test]
    fn hard_cases() {
        // Two fours in one line: with E8, B8 C8? D8 E8 F8 and D8 E8 F8 G8? H8 each lack one
        // stone, at C8 and at G8 (four apart, so two fours, not one straight four).
        let b = board(&["B8", "D8", "F8", "H8"], &[]);
        assert_eq!(foul_on(&b, "E8"), Some(Foul::DoubleFour));
        // The same in `XX.XX.XX` with E8 the stone played (fives at D8 and G8).
        let b = board(&["B8", "C8", "F8", "H8", "I8"], &[]);
        assert_eq!(foul_on(&b, "E8"), Some(Foul::DoubleFour));
        // Recursion: E9 makes E8 E9 . E11 (a three: E10 is allowed) and E9 . G7 H6 along the
        // diagonal, whose straight-four point F8 would also make a four of E8 F8 . H8 I8: a
        // double four, forbidden, so the diagonal is no three and E9 is allowed.
        let b = board(
            &["E11", "E8", "H8", "I8", "G7", "H6"],
            &["F11", "G11", "I11", "H10", "K8", "F7"],
        );
        assert_eq!(foul_on(&b, "E9"), None);
        // Without E9, F8 makes a four and a three: allowed.
        assert_eq!(foul_on(&b, "F8"), None);
        // A four whose five would be an overline is no four: E5 makes C5 D5 E5 (a three) and
        // E5 E6 E7, whose fours E4..E7 and E5..E8 end at E3 (six with E2) or E9 (White's): no
        // straight four, so no three, and E5 is allowed. D2 is six.
        let b = board(
            &["E7", "E6", "C5", "D5", "A2", "B2", "C2", "E2", "F2"],
            &["A9", "C9", "E9", "G9", "I9", "A7", "I7", "I5", "I3"],
        );
        assert_eq!(foul_on(&b, "E5"), None);
        assert_eq!(foul_on(&b, "D2"), Some(Foul::Overline));
        // A straight-four point that also makes five along another line: F6 makes F6 . H6 I6,
        // whose straight-four point G6 also completes G6 H7 I8 J9 K10 (a five, which Black
        // may always play), and F6 . H8 I9 (G7 allowed): a double three. Rapfi counts a
        // three's point only when it makes a straight four or a five along the same line, and
        // answers F6 allowed: the one kind of disagreement between the two (docs/rules/gomoku.md).
        let b = board(
            &["H6", "I6", "H8", "I9", "H7", "I8", "J9", "K10"],
            &["A1", "C1", "E1", "G1", "A3", "C3", "E3", "G3"],
        );
        assert_eq!(foul_on(&b, "F6"), Some(Foul::DoubleThree));
    }
}
