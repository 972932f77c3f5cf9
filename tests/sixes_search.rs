//! The searcher playing Sixes near the turn limit, where the result is exact at the leaves.

use tabula::game::{Game, Options, WIN};
use tabula::games::sixes::Sixes;
use tabula::search::limits::Limits;
use tabula::search::thinker::Thinker;

/// From a game lost against the searcher before issue 17: X to move, 6 plies before the limit
/// of 40 moves each, and lost by the tie-break on possible moves whatever it plays. The
/// selective search (its late move pruning drops the quiet reply that decides) scored it a
/// draw at depth 6; searched to full depth it is a loss in 3 moves.
const LOST_AT_THE_LIMIT: &str = "....../XO.XO./.XOOX./.OXO../..XXO./..O.X. X d5f5 b3b2 37 37 40";

#[test]
fn a_loss_at_the_turn_limit_is_seen_in_full() {
    let mut opts = Options::default();
    opts.set("TurnLimit", "40".into());
    let pos = Sixes::from_fen("sixes", LOST_AT_THE_LIMIT, &opts).unwrap();
    assert!(pos.exact_end());
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let answer = Thinker::new(1, 8).unwrap().think(&pos, limits, None);
    assert_eq!(answer.score, -(WIN - 6), "a loss 6 plies away");
}
