//! Chance nodes: a player who picks a move at random is worth the average of its moves.

use super::tt::Bound;
use super::worker::{Worker, from_table, outcome_score, to_table};
use crate::game::{Searchable, WIN, WIN_BOUND};

/// What a won or lost line counts for in the average of a chance node: more than any
/// evaluation short of a win, far from the mate scores.
pub(super) const CHANCE_WIN: i32 = WIN_BOUND / 2;

impl<G: Searchable> Worker<'_, G> {
    /// The value of a node whose player picks a move at random: the average of its moves'
    /// exact values (full windows, so no bound is ever stored). A win or loss counts as
    /// `CHANCE_WIN` in the average unless every move leads to one, so that the mean stays a
    /// score and not a mate distance.
    pub(super) fn average(&mut self, pos: &G, depth: i32, ply: usize) -> i32 {
        let key = pos.hash();
        if let Some(e) = self.shared.table.probe(key)
            && e.bound == Bound::Exact
            && e.depth as i32 >= depth
        {
            self.horizon |= e.score.abs() < WIN_BOUND;
            return from_table(e.score, ply);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.fill_moves(pos, ply, None, false, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return outcome_score(pos, pos.outcome_without_moves(), ply);
        }
        let (mut sum, mut lowest, mut highest) = (0i64, WIN, -WIN);
        for i in 0..moves.len() {
            let mut child = pos.clone();
            child.play(moves[i].0);
            let score = -self.negamax(&child, depth - 1, ply + 1, -WIN, WIN, true);
            if self.aborted {
                self.moves[ply] = moves;
                return 0;
            }
            lowest = lowest.min(score);
            highest = highest.max(score);
            sum += i64::from(score.clamp(-CHANCE_WIN, CHANCE_WIN));
        }
        let n = moves.len() as i64;
        self.moves[ply] = moves;
        let score = if lowest >= WIN_BOUND {
            // Every move wins: the slowest win.
            lowest
        } else if highest <= -WIN_BOUND {
            // Every move loses: the slowest loss.
            highest
        } else {
            (sum / n) as i32
        };
        self.shared.table.store(
            key,
            None,
            to_table(score, ply),
            depth.clamp(0, 255) as u8,
            Bound::Exact,
        );
        score
    }
}
