//! Each game's position text (`position fen`) and move parser. The first byte picks the
//! registered game; the first line is a position text, the other words are moves tried on it
//! (or on the start position when the text is refused). A position read must write back as a
//! text that reads the same; a move read while the game goes on must be legal and write back
//! as itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::game::{self, Game, Options};
use tabula::games::{advance::Advance, chess14::Chess14, gomoku::Gomoku, sixes::Sixes};

fn check<G: Game>(variant: &str, text: &str) {
    let opts = Options::default();
    let (fen, moves) = text.split_once('\n').unwrap_or((text, ""));
    let mut pos = match G::from_fen(variant, fen, &opts) {
        Ok(pos) => {
            let written = pos.to_fen();
            let again = G::from_fen(variant, &written, &opts)
                .unwrap_or_else(|e| panic!("{written}: {e}"));
            assert_eq!(again.to_fen(), written);
            assert_eq!(again.hash(), pos.hash(), "{written}");
            pos
        }
        Err(_) => G::start(variant, &opts).expect("the start position"),
    };
    for word in moves.split_whitespace().take(64) {
        // As the session: no move once the game is over.
        if game::result(&pos).is_some() {
            break;
        }
        let Ok(mv) = pos.parse_move(word) else {
            continue;
        };
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        assert!(legal.contains(&mv), "{word} read as an illegal move");
        assert_eq!(pos.parse_move(&pos.format_move(mv)), Ok(mv));
        pos.play(mv);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    match pick % 5 {
        0 => check::<Advance>("advance", &text),
        1 => check::<Sixes>("sixes", &text),
        2 => check::<Chess14>("chess14", &text),
        3 => check::<Gomoku>("gomoku", &text),
        _ => check::<Gomoku>("mist", &text),
    }
});
