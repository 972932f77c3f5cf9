//! The contract of [`Game`] that the searcher and the session take for granted, checked on
//! random playouts of one game type. Every registry entry carries its instance of [`check`],
//! so a new game gets the checks for free.

use super::{Output, Session};
use crate::game::{self, Game, MoveBits, Options};
use crate::protocol;
use crate::rng::Rng;
use std::collections::HashSet;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Plies played per game, over as many playouts as that takes.
const PLIES: usize = 300;
/// Longest playout, so that long games still give several starts.
const PLAYOUT: usize = 60;

/// What the session writes, kept for the test to read.
#[derive(Clone, Default)]
struct Transcript(Arc<Mutex<Vec<u8>>>);

impl Write for Transcript {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Transcript {
    /// The lines written since the last call.
    fn take(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }
}

/// Feeds one protocol line to the session and returns its reply lines.
fn ask(session: &mut Session, transcript: &Transcript, line: &str) -> Vec<String> {
    let cmd = protocol::parse(line).unwrap_or_else(|e| panic!("'{line}' does not parse: {e}"));
    session.handle(cmd);
    // A perft runs on its own thread.
    session.wait();
    transcript.take()
}

/// Checks game `G`, registered as `id`, on random playouts from its start position.
pub fn check<G: Game>(id: &'static str) {
    let opts = Options::default();
    let transcript = Transcript::default();
    let mut session = Session::new(Output::new(Box::new(transcript.clone())));
    assert!(ask(&mut session, &transcript, &format!("game {id}")).is_empty());
    let mut rng = Rng::new(16);
    let mut plies = 0;
    while plies < PLIES {
        let mut pos = G::start(id, &opts).unwrap();
        for _ in 0..PLAYOUT {
            position(id, &pos, &opts);
            let fen = pos.to_fen();
            let replies = ask(&mut session, &transcript, &format!("position fen {fen}"));
            assert!(replies.is_empty(), "{id} {fen}: {replies:?}");
            let replies = ask(&mut session, &transcript, "perft 2");
            assert_eq!(
                replies.last().map(String::as_str),
                Some(format!("Nodes searched: {}", game::perft(&pos, 2)).as_str()),
                "{id} {fen}: perft through the protocol"
            );
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            match rng.pick(&legal) {
                Some(mv) if game::result(&pos).is_none() => pos.play(mv),
                _ => break,
            }
            plies += 1;
        }
    }
}

/// The checks of one position.
fn position<G: Game>(id: &str, pos: &G, opts: &Options) {
    let fen = pos.to_fen();
    let again = G::from_fen(id, &fen, opts).unwrap_or_else(|e| panic!("{id} {fen}: {e}"));
    assert_eq!(again.to_fen(), fen, "{id}: to_fen/from_fen round trip");
    assert_eq!(again.hash(), pos.hash(), "{id} {fen}: incremental hash");
    let moves = |generate: fn(&G, &mut Vec<G::Move>)| {
        let mut out = Vec::new();
        generate(pos, &mut out);
        out
    };
    let legal = moves(G::legal_moves);
    let search = moves(G::search_moves);
    let noisy = moves(G::noisy_moves);
    let legal_set: HashSet<_> = legal.iter().collect();
    let search_set: HashSet<_> = search.iter().collect();
    assert_eq!(
        legal_set.len(),
        legal.len(),
        "{id} {fen}: a legal move twice"
    );
    assert!(
        search.iter().all(|m| legal_set.contains(m)),
        "{id} {fen}: search moves ⊆ legal moves"
    );
    assert!(
        noisy.iter().all(|m| search_set.contains(m)),
        "{id} {fen}: noisy moves ⊆ search moves"
    );
    assert_eq!(
        search.is_empty(),
        legal.is_empty(),
        "{id} {fen}: search moves exist while legal moves do"
    );
    for &mv in &legal {
        let text = pos.format_move(mv);
        assert_eq!(pos.parse_move(&text), Ok(mv), "{id} {fen}: move {text}");
        assert_eq!(
            G::Move::from_bits(mv.to_bits()),
            mv,
            "{id} {fen}: bits of {text}"
        );
    }
}
