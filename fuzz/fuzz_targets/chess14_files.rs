//! Chess14's layout and config readers (`position layout FILE`, `position config FILE`): the
//! input is written to a file the reader is given; the first byte picks which. A config
//! naming a layout file reads it too (relative to the config's folder).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tabula::game::{Hosted, Options, Rules};
use tabula::games::chess14::Chess14;

/// One scratch file per process, with a layout beside it for configs to name.
fn scratch() -> &'static std::path::PathBuf {
    static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tabula-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("layout.txt"), "rnbqk\npppp\n\n\n\n\n\n\n\n\n\nPPPP\nRNBQK\n").unwrap();
        dir
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let file = scratch().join("input");
    std::fs::write(&file, rest).unwrap();
    let kind = if pick & 1 == 0 { "layout" } else { "config" };
    let path = file.to_str().unwrap();
    if let Ok(pos) = Chess14::load("chess14", kind, path, &Options::default()) {
        let written = pos.to_fen();
        let again = Chess14::from_fen("chess14", &written, &Options::default())
            .unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again.to_fen(), written);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
    }
});
