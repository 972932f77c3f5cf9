//! Fairy-Stockfish's notation of Chess14 (the standard FEN), so that `tabula match` can play it
//! (`--uci-variant`), write it (`--pgn`) and read openings in it.
//!
//! Its FEN writes White in UPPERCASE (tabula: lowercase), castling as `KQkq` (tabula: the squares
//! of the unmoved kings and rooks), and adds en passant and move counters; its moves carry a
//! promotion suffix (`a9a10q`). The referee sends it the current position as a FEN before every
//! move, not the moves from the start: with no en passant square and no move history in that
//! FEN it never plays en passant nor claims a draw by repetition or the 50-move rule, none of
//! which Chess14 has. What it still cannot play is a position whose White pawns move down.

use crate::games::chess14::swap_case;

/// The engine game whose positions this notation can write.
pub const GAME: &str = "chess14";

/// Fairy-Stockfish's FEN of a position that tabula writes as `fen` (every field present, as
/// `Driver::fen` writes them: `<ranks> <w|b> up=<w|b> <castling squares or ->`).
pub fn fen(fen: &str) -> Result<String, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let [ranks, side, up, castling] = fields[..] else {
        return Err(format!("not a full chess14 position: '{fen}'"));
    };
    if up != "up=w" {
        return Err("Fairy-Stockfish's variants move White's pawns up the board".into());
    }
    let board: Vec<Vec<Option<char>>> = ranks.split('/').map(rank_squares).collect();
    let height = board.len();
    let piece_at = |file: usize, rank: usize| {
        board
            .get(height.checked_sub(rank)?)
            .and_then(|row| row.get(file - 1).copied().flatten())
    };
    let squares = castling_squares(castling)?;
    let mut rights = String::new();
    // White castles on rank 1 (lowercase pieces), Black on the top rank.
    for (rank, king, rook, long_short) in
        [(1, 'k', 'r', ["K", "Q"]), (height, 'K', 'R', ["k", "q"])]
    {
        let on_rank = |piece: char| {
            squares
                .iter()
                .filter(move |&&(f, r)| r == rank && piece_at(f, r) == Some(piece))
                .map(|&(f, _)| f)
        };
        for k in on_rank(king) {
            if on_rank(rook).any(|r| r > k + 2) {
                rights += long_short[0];
            }
            if on_rank(rook).any(|r| r + 2 < k) {
                rights += long_short[1];
            }
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    Ok(format!("{} {side} {rights} - 0 1", swap_case(ranks)))
}

/// A move of Fairy-Stockfish in tabula's words: Chess14 promotes only to a queen, written
/// without a suffix.
pub fn read_move(word: &str) -> &str {
    word.strip_suffix('q').unwrap_or(word)
}

/// The other way, for openings given as standard FENs: the squares of the kings and rooks that
/// a standard FEN's castling field keeps unmoved:
/// `K`/`Q` (`k`/`q`) the outermost rook right/left of that side's king, on the king's rank; a
/// file letter `A`..`P` (`a`..`p`) the rook on that file; `-` none. Written as tabula's castling
/// field (`a1,h1,n1`, or `-`).
pub fn unmoved_squares(ranks: &str, castling: &str) -> Result<String, String> {
    if castling == "-" {
        return Ok("-".into());
    }
    let rows: Vec<Vec<Option<char>>> = ranks.split('/').map(rank_squares).collect();
    let height = rows.len();
    // Chess14 boards are 6 to 16 squares a side; the rules say so of a board past that.
    if height > 16 || rows.iter().any(|r| r.len() > 16) {
        return Ok("-".into());
    }
    let find = |piece: char| -> Vec<(usize, usize)> {
        let mut at = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            for (file, cell) in row.iter().enumerate() {
                if *cell == Some(piece) {
                    at.push((file, height - i));
                }
            }
        }
        at
    };
    let name = |(file, rank): (usize, usize)| format!("{}{rank}", (b'a' + file as u8) as char);
    let mut squares = Vec::new();
    for c in castling.chars() {
        let white = c.is_ascii_uppercase();
        let (colour, king, rook) = if white {
            ("White", 'K', 'R')
        } else {
            ("Black", 'k', 'r')
        };
        let bad = |why: String| format!("castling '{c}' in '{castling}': {why}");
        let kings = find(king);
        let &[(king_file, king_rank)] = &kings[..] else {
            return Err(bad(format!("{colour} has {} kings, not one", kings.len())));
        };
        let rooks: Vec<usize> = find(rook)
            .into_iter()
            .filter(|&(_, r)| r == king_rank)
            .map(|(f, _)| f)
            .collect();
        let file = match c.to_ascii_uppercase() {
            'K' => rooks.iter().copied().filter(|&f| f > king_file).max(),
            'Q' => rooks.iter().copied().filter(|&f| f < king_file).min(),
            'A'..='P' => {
                let f = (c.to_ascii_uppercase() as u8 - b'A') as usize;
                rooks.contains(&f).then_some(f)
            }
            _ => {
                return Err(bad("castling is KQkq, the rooks' file letters, or -".into()));
            }
        };
        let file = file.ok_or_else(|| {
            bad(format!(
                "{colour} has no such rook on its king's rank, {king_rank}"
            ))
        })?;
        for sq in [(king_file, king_rank), (file, king_rank)] {
            if !squares.contains(&sq) {
                squares.push(sq);
            }
        }
    }
    squares.sort_by_key(|&(f, r)| (r, f));
    Ok(squares.into_iter().map(name).collect::<Vec<_>>().join(","))
}

/// The squares of one FEN rank, file a first: a piece letter or `None` for empty. A run of
/// empty squares counts at most 64 (a user's line may say `99999999`).
fn rank_squares(rank: &str) -> Vec<Option<char>> {
    let mut squares = Vec::new();
    let mut run = 0usize;
    for c in rank.chars() {
        if let Some(d) = c.to_digit(10) {
            run = (run * 10 + d as usize).min(64);
        } else {
            squares.extend(std::iter::repeat_n(None, run));
            run = 0;
            squares.push(Some(c));
        }
    }
    squares.extend(std::iter::repeat_n(None, run));
    squares
}

/// `a1,h1,n1` (commas optional) or `-`, as (file, rank) from 1.
fn castling_squares(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let mut squares = Vec::new();
    let mut chars = text.chars().filter(|&c| c != ',' && c != '-').peekable();
    while let Some(file) = chars.next() {
        let rank: String = std::iter::from_fn(|| chars.next_if(char::is_ascii_digit)).collect();
        match (file.is_ascii_lowercase(), rank.parse::<usize>()) {
            (true, Ok(r)) => squares.push((file as usize - 'a' as usize + 1, r)),
            _ => return Err(format!("cannot read the castling field '{text}'")),
        }
    }
    Ok(squares)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start of `../shared/sparring/fsf/c14cut.ini`, as tabula writes it.
    const CUT: &str = "RNBHEGKAGBNR/PPPPPPPPPPPP/12/12/12/12/12/12/pppppppppppp/rnbhegkagbnr w up=w \
                       a1,g1,l1,a10,g10,l10";

    #[test]
    fn the_cut_start_is_fairy_stockfish_start() {
        assert_eq!(
            fen(CUT).unwrap(),
            "rnbhegkagbnr/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/RNBHEGKAGBNR w KQkq - 0 1"
        );
    }

    #[test]
    fn castling_rights_follow_the_unmoved_pieces() {
        let only = |squares: &str| {
            let f = fen(&CUT.replace("a1,g1,l1,a10,g10,l10", squares)).unwrap();
            f.split(' ').nth(2).unwrap().to_string()
        };
        assert_eq!(only("g1,l1"), "K");
        assert_eq!(only("a1g1g10a10"), "Qq");
        assert_eq!(only("a1,l1,a10,g10,l10"), "kq");
        assert_eq!(only("-"), "-");
    }

    #[test]
    fn promotions_lose_their_suffix_and_other_moves_stay() {
        assert_eq!(read_move("a9a10q"), "a9a10");
        assert_eq!(read_move("g1i1"), "g1i1");
    }

    #[test]
    fn positions_fairy_stockfish_cannot_play_are_refused() {
        assert!(fen(&CUT.replace("up=w", "up=b")).is_err());
        assert!(fen("RNBHEGKAGBNR w").is_err());
        assert!(fen(&CUT.replace("a1,g1", "a1,?1")).is_err());
    }
}
