//! The contract of [`Game`] that the searcher and the session take for granted, checked on
//! random playouts of one game type: a fixed series through the session ([`check`]), and
//! playouts that proptest chooses and shrinks ([`properties`]). Both run the same checks of
//! each position ([`position`]). Every registry entry carries its instances of the two, so a
//! new game gets the checks for free.

use super::output::Transcript;
use super::{Output, Session};
use crate::game::{self, Game, MoveBits, Options};
use crate::protocol;
use crate::rng::Rng;
use crate::search::limits::Limits;
use crate::search::player::Player;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::collections::HashSet;

/// Plies played per game, over as many playouts as that takes.
const PLIES: usize = 300;
/// Longest playout, so that long games still give several starts.
const PLAYOUT: usize = 60;
/// Most legal moves for which the bulk counting check goes two plies deep.
const BULK_WIDTH: usize = 64;
/// Playouts proptest tries per game; each of up to `PLAYOUT` plies.
const CASES: u32 = 32;

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

/// Checks game `G`, registered as `id`, on playouts that proptest draws: each ply picks the
/// legal move of index `choice % count`, so a failure shrinks to a short playout of first
/// moves.
pub fn properties<G: Game>(id: &'static str) {
    let opts = Options::default();
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    });
    let playouts = prop::collection::vec(any::<u16>(), 0..PLAYOUT);
    let result = runner.run(&playouts, |choices| {
        let mut pos = G::start(id, &opts).unwrap();
        position(id, &pos, &opts);
        for choice in choices {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            if legal.is_empty() || game::result(&pos).is_some() {
                break;
            }
            let mv = legal[usize::from(choice) % legal.len()];
            // Positions are copied to make a move: the copy is the undo, and the move must
            // leave the position it was played from as it was.
            let (fen, hash) = (pos.to_fen(), pos.hash());
            let mut child = pos.clone();
            child.play(mv);
            prop_assert_eq!(pos.to_fen(), fen);
            prop_assert_eq!(pos.hash(), hash);
            pos = child;
            position(id, &pos, &opts);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{id}: {e}");
    }
}

/// Crowded positions drawn per game for [`search_bounded`], and the most nodes a search of
/// one, two and three plies may take on any of them (before the quiescence budget: 5 million
/// and more at depth 1 in Chess14 and Advance; after it, under 50,000 at depth 1 and at most 134,000 and 468,000 at depths 2 and 3).
const CROWDED: usize = 24;
const MAX_NODES: [u64; 3] = [50_000, 250_000, 1_000_000];

/// Searches crowded positions of game `G` (the game's own `crowded_fen`: many pieces, facing
/// material, every board size) to each depth from 1 to 3 on one thread, and checks that
/// none takes more than `MAX_NODES` nodes: a fixed depth is a bounded search in every
/// game (issue 40, fault 1). The node limit stops a blow-up, so the test fails rather than
/// hangs.
pub fn search_bounded<G: Game>(id: &'static str) {
    let opts = Options::default();
    let player = Player::new(1, 1).unwrap();
    let policy = G::policy(&opts);
    let mut rng = Rng::new(40);
    let mut searched = 0;
    for _ in 0..CROWDED * 4 {
        let fen = G::crowded_fen(id, &mut rng);
        let Ok(pos) = G::from_fen(id, &fen, &opts) else {
            continue;
        };
        for depth in 1..=MAX_NODES.len() as u32 {
            player.clear();
            let most = MAX_NODES[depth as usize - 1];
            let limits = Limits {
                depth: Some(depth),
                nodes: Some(most + 1),
                ..Limits::default()
            };
            let nodes = player.think(&pos, &policy, limits, None).nodes;
            assert!(nodes <= most, "{id} {fen}: {nodes} nodes to depth {depth}");
        }
        searched += 1;
        if searched == CROWDED {
            break;
        }
    }
    assert_eq!(
        searched, CROWDED,
        "{id}: too few crowded positions are valid"
    );
}

/// Counts like [`game::perft`] but plays every leaf move instead of counting the moves of
/// the last ply (bulk counting).
fn perft_by_leaves<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_some() {
        return 0;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            perft_by_leaves(&child, depth - 1)
        })
        .sum()
}

/// The checks of one position.
fn position<G: Game>(id: &str, pos: &G, opts: &Options) {
    let fen = pos.to_fen();
    let again = G::from_fen(id, &fen, opts).unwrap_or_else(|e| panic!("{id} {fen}: {e}"));
    assert_eq!(again.to_fen(), fen, "{id}: to_fen/from_fen round trip");
    assert_eq!(again.hash(), pos.hash(), "{id} {fen}: incremental hash");
    let policy = G::policy(opts);
    let moves = |generate: &dyn Fn(&mut Vec<G::Move>)| {
        let mut out = Vec::new();
        generate(&mut out);
        out
    };
    let legal = moves(&|out| pos.legal_moves(out));
    let search = moves(&|out| pos.search_moves(&policy, out));
    let noisy = moves(&|out| pos.noisy_moves(&policy, out));
    let legal_set: HashSet<_> = legal.iter().collect();
    assert_eq!(
        legal_set.len(),
        legal.len(),
        "{id} {fen}: a legal move twice"
    );
    assert!(
        search.iter().all(|m| legal_set.contains(m)),
        "{id} {fen}: search moves ⊆ legal moves"
    );
    // A game's own generator of noisy moves must give what filtering would.
    let noisy_set: HashSet<_> = noisy.iter().collect();
    let filtered: HashSet<_> = search.iter().filter(|&&m| pos.is_noisy(m)).collect();
    assert_eq!(
        noisy_set, filtered,
        "{id} {fen}: noisy moves = the noisy search moves"
    );
    assert_eq!(
        noisy_set.len(),
        noisy.len(),
        "{id} {fen}: a noisy move twice"
    );
    assert_eq!(
        search.is_empty(),
        legal.is_empty(),
        "{id} {fen}: search moves exist while legal moves do"
    );
    if let Some(reference) = pos.reference_moves() {
        let reference: HashSet<_> = reference.iter().collect();
        assert_eq!(
            legal_set, reference,
            "{id} {fen}: legal moves = the reference's"
        );
    }
    // Two plies where that stays small; one (each move still played) on wide boards.
    let depth = if legal.len() <= BULK_WIDTH { 2 } else { 1 };
    assert_eq!(
        game::perft(pos, depth),
        perft_by_leaves(pos, depth),
        "{id} {fen}: perft {depth} with and without bulk counting"
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
