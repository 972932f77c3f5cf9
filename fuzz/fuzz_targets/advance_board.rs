//! The Advance bot's board-file reader (`tabula advance white|black IN OUT`): any bytes as
//! the file, either side to move. A board read must give its moves and a board text that
//! reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::frontends::advance::board_from_text;
use tabula::game::Side;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let side = if pick & 1 == 0 { Side::P1 } else { Side::P2 };
    if let Ok(pos) = board_from_text(text, side) {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let written = pos.view().join("\n");
        let again = board_from_text(&written, side).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again.view(), pos.view());
    }
});
