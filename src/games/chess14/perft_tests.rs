//! Perft tables: the start position and a position for every rule.
//!
//! How the counts were confirmed, independently of this crate:
//! - Every count was reproduced by a separate Python move generator written from the rules page
//!   alone (board as a dictionary of squares, pseudo-legal moves per piece, legality by making
//!   the move and asking whether any enemy pseudo-legal move lands on one of our kings; no attack
//!   tables, no pin logic, no shared code). It is not part of the repository.
//! - The cases marked "also fairy-stockfish" were reproduced by Fairy-Stockfish 11.1 (Debian
//!   package) with a 12x10 variant defined in its variants.ini (archbishop = h, chancellor = e,
//!   amazon = a, centaur = g for the general, promotionRank = 6, promotion to queen only,
//!   doubleStepRank = 2, castling = false), feeding it the board with letter cases swapped.
//!   Fairy-Stockfish has no camel and allows en passant, so those positions hold no camel, and
//!   no double step in them can be answered en passant within the depth. Fairy-Stockfish does
//!   not promote a pawn that already stands past its promotion rank, which our rules do; the
//!   Python route alone checks that ("pawns placed past their promotion rank").

use super::*;
use crate::game::{Options, Rules, perft};

/// (what the position tests, position text, perft counts for depth 1, 2, ...)
const CASES: &[(&str, &str, &[u64])] = &[
    (
        "start, black at the bottom moving up",
        "rnbhcgakgcebnr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/PPPPPPPPPPPPPP/RNBHCGAKGCEBNR w up=b",
        &[46, 2116, 111887],
    ),
    (
        "lone n in the open",
        "13K/14/14/14/14/14/14/14/6n7/14/14/14/14/k13 w",
        &[11, 33, 390],
    ),
    (
        "black n to move, near the edge",
        "13K/1N12/14/14/14/14/14/14/14/14/14/14/12n1/k13 b",
        &[7, 49, 462],
    ),
    (
        "lone c in the open",
        "13K/14/14/14/14/14/14/14/6c7/14/14/14/14/k13 w",
        &[11, 33, 378],
    ),
    (
        "black c to move, near the edge",
        "13K/1C12/14/14/14/14/14/14/14/14/14/14/12c1/k13 b",
        &[7, 49, 434],
    ),
    (
        "lone b in the open",
        "13K/14/14/14/14/14/14/14/6b7/14/14/14/14/k13 w",
        &[26, 62, 1317],
    ),
    (
        "black b to move, near the edge",
        "13K/1B12/14/14/14/14/14/14/14/14/14/14/12b1/k13 b",
        &[17, 221, 3861],
    ),
    (
        "lone r in the open",
        "13K/14/14/14/14/14/14/14/6r7/14/14/14/14/k13 w",
        &[29, 81, 2370],
    ),
    (
        "black r to move, near the edge",
        "13K/1R12/14/14/14/14/14/14/14/14/14/14/12r1/k13 b",
        &[27, 702, 18008],
    ),
    (
        "lone h in the open",
        "13K/14/14/14/14/14/14/14/6h7/14/14/14/14/k13 w",
        &[34, 83, 2424],
    ),
    (
        "black h to move, near the edge",
        "13K/1H12/14/14/14/14/14/14/14/14/14/14/12h1/k13 b",
        &[21, 373, 8971],
    ),
    (
        "lone e in the open",
        "13K/14/14/14/14/14/14/14/6e7/14/14/14/14/k13 w",
        &[37, 105, 3850],
    ),
    (
        "black e to move, near the edge",
        "13K/1E12/14/14/14/14/14/14/14/14/14/14/12e1/k13 b",
        &[31, 873, 25598],
    ),
    (
        "lone q in the open",
        "13K/14/14/14/14/14/14/14/6q7/14/14/14/14/k13 w",
        &[52, 127, 5993],
    ),
    (
        "black q to move, near the edge",
        "13K/1Q12/14/14/14/14/14/14/14/14/14/14/12q1/k13 b",
        &[41, 1419, 52162],
    ),
    (
        "lone a in the open",
        "13K/14/14/14/14/14/14/14/6a7/14/14/14/14/k13 w",
        &[60, 148, 8119],
    ),
    (
        "black a to move, near the edge",
        "13K/1A12/14/14/14/14/14/14/14/14/14/14/12a1/k13 b",
        &[45, 1656, 67332],
    ),
    (
        "lone g in the open",
        "13K/14/14/14/14/14/14/14/6g7/14/14/14/14/k13 w",
        &[19, 57, 1110],
    ),
    (
        "black g to move, near the edge",
        "13K/1G12/14/14/14/14/14/14/14/14/14/14/12g1/k13 b",
        &[15, 225, 3345],
    ),
    (
        "lone k in the open",
        "13K/14/14/14/14/14/14/14/6k7/14/14/14/14/k13 w",
        &[11, 33, 390],
    ),
    (
        "black k to move, near the edge",
        "13K/1K12/14/14/14/14/14/14/14/14/14/14/12k1/k13 b",
        &[11, 121, 1243],
    ),
    (
        "pawns: steps, double steps, blocks, captures",
        "13K/7PP2P2/8n5/9P1n2/10p3/14/14/14/4B1P7/5p8/4P9/3N10/2ppp9/k13 w",
        &[27, 828, 21453],
    ),
    (
        "promotion moving up (rank 8) and down (rank 7)",
        "13K/14/14/14/14/5p8/3RN4P1P2/2pp6n3/12P1/14/14/14/14/k13 w",
        &[15, 361, 7828],
    ),
    (
        "promotion with black moving up",
        "k13/14/14/14/14/5P8/2pp6n3/3RN4P1P2/14/14/14/14/14/13K w up=b",
        &[14, 322, 5977],
    ),
    (
        "pawns placed past their promotion rank",
        "13K/3p10/14/2B11/2p11/14/14/14/14/9P4/14/14/10P3/k13 w",
        &[4, 69, 612],
    ),
    (
        "castling both ways on rank 1",
        "R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r w",
        &[44, 1678, 72407],
    ),
    (
        "castling on rank 5 and rank 9",
        "13P/14/14/14/14/1R3K7R/14/14/14/r3k6r2/14/14/14/p13 w",
        &[47, 2046, 96564],
    ),
    (
        "castling refused: king moved",
        "R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r w a1,n1,h14,a14,n14",
        &[42, 1596, 68042],
    ),
    (
        "castling refused: one rook moved",
        "R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r6k5r w h1,n1,h14,a14,n14",
        &[43, 1637, 70283],
    ),
    (
        "castling refused: rook adjacent or 2 squares away",
        "5R1K1R4/14/14/14/14/14/14/14/14/14/14/14/14/5r1kr5 w",
        &[41, 1495, 63271],
    ),
    (
        "castling with the rook exactly 3 away",
        "4R2K2R3/14/14/14/14/14/14/14/14/14/14/14/14/4r2k2r3 w",
        &[44, 1678, 70872],
    ),
    (
        "castling refused: piece between",
        "R6K5R/14/14/14/14/14/14/14/14/14/14/14/14/r1B4k3n1r w",
        &[38, 1882, 81302],
    ),
    (
        "castling refused: king in check",
        "R6K6/14/14/14/14/7R6/14/14/14/14/14/14/14/r6k5r w",
        &[4, 200, 8491],
    ),
    (
        "castling refused: crossed square attacked",
        "7K6/14/14/14/8R5/6R7/14/14/14/14/14/14/14/r6k5r w",
        &[38, 2054, 82863],
    ),
    (
        "castling refused: landing square attacked",
        "7K6/14/14/14/9R4/14/14/14/14/14/14/4C9/14/r6k5r w",
        &[42, 1475, 63643],
    ),
    (
        "castling allowed: only the rook's path attacked",
        "7K6/14/14/14/1R10R1/14/14/14/14/14/14/14/14/r6k5r w",
        &[44, 2220, 97317],
    ),
    (
        "pins along lines and diagonals",
        "13K/14/14/14/4R9/14/14/14/14/14/4r2B6/14/3p1n8/A1b1k1H7 w",
        &[12, 964, 17067],
    ),
    (
        "pinned pawn may capture the pinner",
        "13K/14/14/14/14/14/14/14/14/14/14/6B7/5p8/4k9 w",
        &[5, 79, 612],
    ),
    (
        "double check",
        "K13/14/14/14/14/14/7R6/14/14/3e2q7/14/14/5N8/7k6 w",
        &[4, 140, 9375],
    ),
    (
        "checkmate (no moves)",
        "13K/14/14/14/14/14/14/14/14/14/1C12/14/pp12/kp12 w",
        &[0],
    ),
    (
        "mate in one for black",
        "7R4RK/12PP/14/14/14/14/14/14/14/14/2N11/14/p13/kp12 b",
        &[40, 124, 5448],
    ),
    (
        "stalemate",
        "13K/14/14/14/14/14/14/14/14/14/14/1Q12/14/k13 w",
        &[0],
    ),
    (
        "two white kings",
        "13K/14/14/14/14/14/5R8/14/14/3e10/B13/7G6/14/2k2k8 w",
        &[5, 278, 6852],
    ),
    (
        "king shields another king",
        "13K/14/14/14/2R11/4n2B6/14/n13/14/14/14/2k11/14/2k11 w",
        &[4, 163, 3220],
    ),
    (
        "no white king: no check rules",
        "13K/14/3A10/14/14/14/14/14/7R6/3q10/14/14/4p9/14 w",
        &[45, 3147, 132563],
    ),
    (
        "white without any move but no king: stalemate",
        "13K/14/14/14/14/14/14/14/14/14/14/14/P13/p13 w",
        &[0],
    ),
    (
        "12x10 start-like (also fairy-stockfish)",
        "RNBHGQKAEBNR/PPPPPPPPPPPP/12/12/12/12/12/12/pppppppppppp/rnbhgqkaebnr w",
        &[36, 1296, 55644],
    ),
    (
        "6x6 with castling and promotion by double step",
        "R2K1R/1PP2P/3N2/1c4/pp2p1/r2k1r w",
        &[18, 370, 6858],
    ),
    (
        "7x9 odd sizes, black moves up",
        "3k2r/2p2p1/7/7/1H2g2/7/7/1P2P2/R2K2R w up=b",
        &[33, 1354, 38665],
    ),
    (
        "16x16 corners",
        "1A13K/8P7/16/16/16/16/16/8C7/7c8/16/16/16/16/16/7p8/k13a1 w",
        &[50, 2248, 116679],
    ),
    (
        "random 12x10 middlegame seed 1 (also fairy-stockfish)",
        "RNB3K1ABNR/PPPPPPQPPPPP/2H9/4G1P5/1a2E7/12/3g8/p3p4p2/1ppp1pppp1pp/rnbhq2kebnr w -",
        &[73, 5425, 403496],
    ),
    (
        "random 12x10 middlegame seed 2 (also fairy-stockfish)",
        "RN1HQ1KA1BNR/PBPPPP2PPPP/1P1G2P5/12/12/1p5Q4/2np8/3g3p3n/p1p1ppp1ppbp/r1bh1qka1e1r w -",
        &[66, 5679, 382791],
    ),
    (
        "random 12x10 middlegame seed 3 (also fairy-stockfish)",
        "RNB2QKAEBNR/1PHP2G1PPP1/4P1PP4/P1P8P/5P6/7p4/q3p3p3/p4p5p/rppp1kp2pp1/1nbhg2aebnr w -",
        &[67, 3401, 238671],
    ),
    (
        "random 12x10 middlegame seed 4 (also fairy-stockfish)",
        "RN2GQK2ENR/4PPPPAP1P/8P3/PPPP8/1H7n2/4B7/p1p4p4/3pb7/1pg1ppp1pppp/rn1h1qkaeb1r w -",
        &[60, 3815, 228659],
    ),
    (
        "12x10 pins (also fairy-stockfish)",
        "11K/4R7/12/12/12/12/4r2B4/12/3p1n6/A1b1k1H5 w -",
        &[11, 579, 9185],
    ),
    (
        "12x10 promotions (also fairy-stockfish)",
        "11K/12/12/12/3RN4P1P/2pp6n1/12/12/12/k11 w -",
        &[12, 249, 4191],
    ),
    (
        "12x10 double check (also fairy-stockfish)",
        "K11/12/7R4/12/12/3e2q5/12/12/5N6/7k4 w -",
        &[4, 112, 6062],
    ),
    (
        "12x10 generals and amazons (also fairy-stockfish)",
        "5K6/9P2/1a10/8G3/12/12/3g8/10A1/2p9/5k6 w -",
        &[59, 2696, 118433],
    ),
];

#[test]
fn start_position() {
    let pos = Position::start("chess14", &Options::default()).unwrap();
    assert_eq!([1, 2, 3].map(|d| perft(&pos, d)), [46, 2116, 111887]);
}

#[test]
fn rule_positions() {
    for (what, text, counts) in CASES {
        let pos = text::parse_fen(text).unwrap_or_else(|e| panic!("{what}: {e}"));
        for (depth, &want) in (1..).zip(counts.iter()) {
            assert_eq!(perft(&pos, depth), want, "{what}, depth {depth}");
        }
    }
}
