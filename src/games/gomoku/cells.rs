//! What a stone on each empty point would make along each of its four lines, for each
//! colour, kept up to date stone by stone: a stone changes only the points within four
//! steps of it along its lines, where the move order and the evaluation would otherwise
//! read every point's lines again at every node.

use super::board::Board;
use super::geometry::{MAX_SIZE, Point, Rule, line_of, line_span, point_on};
use super::shapes::{SHAPES, Shape, line_shape};
use crate::game::Side;
use std::sync::OnceLock;

/// Points each side of a point that a five-point window through it can reach.
const REACH: u32 = 4;
/// Bits of the nine-point neighbourhood.
const NINE: u32 = 0x1ff;
/// Bits per direction in a code.
const BITS: u32 = 3;
const MASK: Code = (1 << BITS) - 1;
const _: () = assert!(SHAPES <= 1 << BITS);
/// Codes of every point of the largest board, indexed by `Point::index`.
const POINTS: usize = MAX_SIZE * MAX_SIZE;

/// The four shapes a stone would make on one point, three bits per direction (direction
/// `d` at bits `3d..3d + 3`, as `Shape`). Occupied points hold 0.
pub type Code = u16;

/// Codes with every direction's shape: 4 directions of `BITS` bits.
pub const CODES: usize = 1 << (4 * BITS);

/// The shape in direction `dir` of `code`, as an index of per-shape tables.
pub const fn shape(code: Code, dir: usize) -> usize {
    ((code >> (BITS as usize * dir)) & MASK) as usize
}

/// The two strongest shapes of `code`, the stronger first.
pub const fn two_strongest(code: Code) -> [usize; 2] {
    let mut best = [0; 2];
    let mut dir = 0;
    while dir < 4 {
        let s = shape(code, dir);
        if s > best[0] {
            best = [s, best[0]];
        } else if s > best[1] {
            best[1] = s;
        }
        dir += 1;
    }
    best
}

/// A value for every code: `per_line` summed over its four shapes, plus `pair` at its two
/// strongest (the point score's and the evaluation's tables by code).
pub const fn by_code(per_line: &[i32; SHAPES], pair: &[[i32; SHAPES]; SHAPES]) -> [i32; CODES] {
    let mut table = [0; CODES];
    let mut code = 0;
    while code < CODES {
        let best = two_strongest(code as Code);
        let mut total = pair[best[0]][best[1]];
        let mut dir = 0;
        while dir < 4 {
            total += per_line[shape(code as Code, dir)];
            dir += 1;
        }
        table[code] = total;
        code += 1;
    }
    table
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cells {
    /// `codes[colour][point]`.
    codes: [[Code; POINTS]; 2],
}

const SIDES: [Side; 2] = [Side::P1, Side::P2];

impl Cells {
    /// The codes of every empty point of `board`, computed from scratch.
    pub fn new(board: &Board) -> Cells {
        let mut cells = Cells {
            codes: [[0; POINTS]; 2],
        };
        for p in board.points().filter(|&p| board.at(p).is_none()) {
            for side in SIDES {
                cells.codes[side.index()][p.index()] = (0..4).fold(0, |code, dir| {
                    code | made(board, side, p, dir) << (BITS * dir as u32)
                });
            }
        }
        cells
    }

    /// The code of the empty point `p` for a stone of `side`.
    pub fn code(&self, side: Side, p: Point) -> Code {
        self.codes[side.index()][p.index()]
    }

    /// Brings the codes up to date after a stone was put on `p` of `board`: `p` is no longer
    /// empty, and the empty points within four steps of it along its lines see it in one of
    /// their windows. `changed(side, old, new)` hears of every code that changed, `p`'s
    /// included (its new code 0).
    pub fn update(&mut self, board: &Board, p: Point, mut changed: impl FnMut(Side, Code, Code)) {
        for side in SIDES {
            let old = std::mem::take(&mut self.codes[side.index()][p.index()]);
            changed(side, old, 0);
        }
        let tables = SIDES.map(|side| table(board.rule().for_side(side)));
        for dir in 0..4 {
            let (line, bit) = line_of(p, dir);
            let span = line_span(board.size(), dir, line);
            let lines = SIDES.map(|side| board.line(side, dir, line));
            let empty = span & !(lines[0] | lines[1]);
            let near = ((0x1ffu64 << bit) >> REACH) as u32 & empty;
            let shift = BITS * dir as u32;
            for side in SIDES {
                let (own, opp) = (lines[side.index()], lines[side.other().index()] | !span);
                let mut bits = near;
                while bits != 0 {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    let q = point_on(dir, line, b);
                    let slot = &mut self.codes[side.index()][q.index()];
                    let old = *slot;
                    let shape = window_shape(tables[side.index()], own, opp, b);
                    let new = old & !(MASK << shift) | shape << shift;
                    if new != old {
                        *slot = new;
                        changed(side, old, new);
                    }
                }
            }
        }
    }
}

/// The shape a stone of `side` on the empty point `p` would make along direction `dir`.
fn made(board: &Board, side: Side, p: Point, dir: usize) -> Code {
    let (line, bit) = line_of(p, dir);
    let off = !line_span(board.size(), dir, line);
    let own = board.line(side, dir, line);
    let opp = board.line(side.other(), dir, line) | off;
    window_shape(table(board.rule().for_side(side)), own, opp, bit)
}

/// The shape a stone on bit `bit` of a line makes with the `own` stones, `opp` the enemy's
/// stones and the points off the board, read in the nine points centred on it.
fn window_shape(table: &[u8], own: u32, opp: u32, bit: u32) -> Code {
    // Shifted by REACH so that the points before the line's start read as off-board.
    let own = (u64::from(own) << REACH >> bit) as u32 & NINE;
    let opp = ((u64::from(opp) << REACH | 0xf) >> bit) as u32 & NINE;
    Code::from(table[(own | opp << 9) as usize])
}

/// `table[rule][own | opp << 9]`: the shape `own` makes in nine points (enemy or off-board
/// `opp`) once a stone is put on the centre, `rule` a colour's (`Rule::for_side`).
fn table(rule: Rule) -> &'static [u8] {
    static TABLES: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [Rule::Freestyle, Rule::ExactFive].map(|rule| {
            (0..1u32 << 18)
                .map(|i| {
                    let (own, opp) = (i & NINE, i >> 9);
                    if (own | opp) & 1 << REACH != 0 || own & opp != 0 {
                        return Shape::Dead as u8;
                    }
                    line_shape(own | 1 << REACH, opp, NINE, rule).shape as u8
                })
                .collect()
        })
    });
    &tables[usize::from(rule != Rule::Freestyle)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gomoku::text::parse_point;

    #[test]
    fn codes_kept_stone_by_stone_equal_codes_from_scratch() {
        for (size, rule) in [
            (15, Rule::Freestyle),
            (19, Rule::ExactFive),
            (7, Rule::Freestyle),
        ] {
            let mut board = Board::new(size, rule);
            let mut cells = Cells::new(&board);
            let mut rng = crate::rng::Rng::new(size as u64);
            for _ in 0..size * size * 3 / 4 {
                let p = Point::new(rng.below(size), rng.below(size));
                if board.at(p).is_some() {
                    continue;
                }
                board.place(p);
                cells.update(&board, p, |_, _, _| {});
                assert_eq!(cells, Cells::new(&board), "size {size} after {p:?}");
            }
        }
    }

    #[test]
    fn a_code_holds_each_direction_s_shape() {
        let mut board = Board::new(15, Rule::Freestyle);
        for p in ["F8", "G8", "H9", "H10"] {
            board.put(parse_point(p, 15).unwrap(), Side::P1);
        }
        let cells = Cells::new(&board);
        let code = cells.code(Side::P1, parse_point("H8", 15).unwrap());
        // Along the row F8 G8 H8, along the column H8 H9 H10: two open threes.
        assert_eq!(shape(code, 0), Shape::OpenThree as usize);
        assert_eq!(shape(code, 1), Shape::OpenThree as usize);
        assert_eq!(shape(code, 2), Shape::One as usize);
        // White there would make lone stones only.
        let theirs = cells.code(Side::P2, parse_point("H8", 15).unwrap());
        assert!((0..4).all(|dir| shape(theirs, dir) == Shape::One as usize));
    }
}
