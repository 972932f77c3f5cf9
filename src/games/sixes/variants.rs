//! The rule variants a game is played under (capture reading, turn limit), as options, and
//! what they decide: which pieces are surrounded, when the limit ends the game.

use super::geometry::{DIRS, shift};
use crate::game::{OptionKind, OptionSpec, Options};

/// Which pieces can be surrounded and removed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Capture {
    /// Only pieces with four neighbours on the board (`b2`..`e5`): the seed's literal words.
    Interior,
    /// Also edge and corner pieces, when all of their on-board neighbours are opponents.
    Edges,
}

/// What the turn limit counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LimitCounts {
    /// N moves by each player (2N plies).
    PerPlayer,
    /// N moves in all.
    Single,
}

/// The largest turn limit and move count a position can hold.
pub const MAX_LIMIT: u16 = 10_000;

/// Rules fixed for a whole game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    pub capture: Capture,
    /// 0: no turn limit.
    pub limit: u16,
    pub counts: LimitCounts,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            capture: Capture::Interior,
            limit: 0,
            counts: LimitCounts::PerPlayer,
        }
    }
}

pub const OPT_CAPTURE: &str = "Capture";
pub const OPT_TURN_LIMIT: &str = "TurnLimit";
pub const OPT_LIMIT_COUNTS: &str = "LimitCounts";

const CAPTURE_VALUES: &[&str] = &["interior", "edges"];
const COUNTS_VALUES: &[&str] = &["per-player", "single"];

/// The protocol options of Sixes (also the play front-end's flags).
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec {
            name: OPT_CAPTURE,
            kind: OptionKind::Combo {
                default: CAPTURE_VALUES[0],
                values: CAPTURE_VALUES,
            },
        },
        OptionSpec {
            name: OPT_TURN_LIMIT,
            kind: OptionKind::Spin {
                default: 0,
                min: 0,
                max: MAX_LIMIT as i64,
            },
        },
        OptionSpec {
            name: OPT_LIMIT_COUNTS,
            kind: OptionKind::Combo {
                default: COUNTS_VALUES[0],
                values: COUNTS_VALUES,
            },
        },
    ]
}

impl Rules {
    /// The rules the options select; values are checked again so a bad one is reported.
    pub fn from_options(opts: &Options) -> Result<Rules, String> {
        let specs = option_specs();
        let value = |i: usize| -> Result<String, String> {
            let spec: &OptionSpec = &specs[i];
            spec.validate(opts.get(spec.name).unwrap_or(&spec.default_text()))
        };
        let capture = match value(0)?.as_str() {
            "edges" => Capture::Edges,
            _ => Capture::Interior,
        };
        let limit = value(1)?.parse::<u16>().map_err(|e| e.to_string())?;
        let counts = match value(2)?.as_str() {
            "single" => LimitCounts::Single,
            _ => LimitCounts::PerPlayer,
        };
        Ok(Rules {
            capture,
            limit,
            counts,
        })
    }

    /// For each direction, the squares whose neighbour that way counts against a victim there:
    /// an attacker's, or off the board under `Edges`.
    pub fn covered(self, attackers: u64) -> [u64; 4] {
        DIRS.map(|dir| {
            // A victim's neighbour in `dir` is an attacker iff the attacker set moved the
            // other way covers the victim.
            let open_edge = match self.capture {
                Capture::Edges => dir.edge(),
                Capture::Interior => 0,
            };
            shift(attackers, dir.opposite()) | open_edge
        })
    }

    /// The pieces of `victims` whose neighbours are all `attackers` under this capture rule.
    pub fn surrounded(self, victims: u64, attackers: u64) -> u64 {
        self.covered(attackers)
            .iter()
            .fold(victims, |alive, c| alive & c)
    }

    /// The squares of `empty` where an attacker's move can leave a piece of `victims`
    /// surrounded: next to a victim whose every other side is covered, or anywhere when a
    /// victim is surrounded already (only a position given as text can hold one).
    pub fn completing(self, victims: u64, attackers: u64, empty: u64) -> u64 {
        let cov = self.covered(attackers);
        if cov.iter().fold(victims, |v, c| v & c) != 0 {
            return empty;
        }
        DIRS.iter().enumerate().fold(0, |acc, (i, &dir)| {
            let others = (0..4).filter(|&j| j != i).fold(victims, |v, j| v & cov[j]);
            acc | (shift(others, dir) & empty)
        })
    }

    /// Whether the turn limit ends the game, given each player's move count so far and
    /// whose turn it is (index into `made`).
    pub fn limit_reached(self, made: [u16; 2], to_move: usize) -> bool {
        self.limit != 0
            && match self.counts {
                LimitCounts::PerPlayer => made[to_move] >= self.limit,
                LimitCounts::Single => made[0] + made[1] >= self.limit,
            }
    }

    /// Plies left before the turn limit (`None` without a limit).
    pub fn plies_left(self, made: [u16; 2], to_move: usize) -> Option<u32> {
        if self.limit == 0 {
            return None;
        }
        let limit = self.limit as u32;
        Some(match self.counts {
            LimitCounts::PerPlayer => {
                let mine = limit.saturating_sub(made[to_move] as u32);
                let theirs = limit.saturating_sub(made[1 - to_move] as u32);
                // Moves alternate from the side to move; the game stops as soon as the
                // side to move has used all of its moves.
                if theirs >= mine {
                    2 * mine
                } else {
                    2 * theirs + 1
                }
            }
            LimitCounts::Single => limit.saturating_sub(made[0] as u32 + made[1] as u32),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sixes::geometry::bb;

    const INTERIOR: Rules = Rules {
        capture: Capture::Interior,
        limit: 0,
        counts: LimitCounts::PerPlayer,
    };
    const EDGES: Rules = Rules {
        capture: Capture::Edges,
        ..INTERIOR
    };

    #[test]
    fn an_interior_piece_needs_four_opponents() {
        let victim = bb("c3");
        assert_eq!(INTERIOR.surrounded(victim, bb("b3 c2 c4 d3")), victim);
        assert_eq!(INTERIOR.surrounded(victim, bb("b3 c2 c4")), 0);
        assert_eq!(EDGES.surrounded(victim, bb("b3 c2 c4 d3")), victim);
        // Diagonal neighbours do not count.
        assert_eq!(INTERIOR.surrounded(victim, bb("b2 b4 d2 d4 c2 c4 b3")), 0);
    }

    #[test]
    fn edge_and_corner_pieces_fall_only_under_the_edges_option() {
        let edge = bb("c1");
        let corner = bb("f6");
        assert_eq!(INTERIOR.surrounded(edge, bb("b1 d1 c2")), 0);
        assert_eq!(EDGES.surrounded(edge, bb("b1 d1 c2")), edge);
        assert_eq!(EDGES.surrounded(edge, bb("b1 d1")), 0);
        assert_eq!(INTERIOR.surrounded(corner, bb("e6 f5")), 0);
        assert_eq!(EDGES.surrounded(corner, bb("e6 f5")), corner);
        // The wrap from a6 to b1 is not adjacency.
        assert_eq!(EDGES.surrounded(bb("b1"), bb("a1 c1 b2 a6")), bb("b1"));
        assert_eq!(EDGES.surrounded(bb("a6"), bb("a5 b1")), 0);
    }

    #[test]
    fn many_victims_at_once() {
        let victims = bb("c3 d6 a1");
        let attackers = bb("b3 c2 c4 d3 c6 e6 d5 a2 b1");
        assert_eq!(INTERIOR.surrounded(victims, attackers), bb("c3"));
        assert_eq!(EDGES.surrounded(victims, attackers), victims);
    }

    #[test]
    fn the_limit_counts_per_player_or_single_moves() {
        let per = Rules {
            limit: 3,
            ..INTERIOR
        };
        assert!(!per.limit_reached([3, 2], 1));
        assert!(per.limit_reached([3, 3], 0));
        assert_eq!(per.plies_left([0, 0], 0), Some(6));
        assert_eq!(per.plies_left([3, 2], 1), Some(1));
        assert_eq!(per.plies_left([1, 0], 1), Some(5));
        assert_eq!(per.plies_left([3, 0], 1), Some(1));
        assert_eq!(per.plies_left([0, 3], 0), Some(1));
        let single = Rules {
            limit: 3,
            counts: LimitCounts::Single,
            ..INTERIOR
        };
        assert!(!single.limit_reached([1, 1], 0));
        assert!(single.limit_reached([2, 1], 1));
        assert_eq!(single.plies_left([1, 1], 0), Some(1));
        assert!(!INTERIOR.limit_reached([900, 900], 0));
        assert_eq!(INTERIOR.plies_left([9, 9], 0), None);
    }

    #[test]
    fn options_select_the_rules() {
        assert_eq!(
            Rules::from_options(&Options::default()),
            Ok(Rules::default())
        );
        let mut opts = Options::default();
        opts.set("capture", "Edges".into());
        opts.set("TURNLIMIT", "20".into());
        opts.set("LimitCounts", "single".into());
        assert_eq!(
            Rules::from_options(&opts),
            Ok(Rules {
                capture: Capture::Edges,
                limit: 20,
                counts: LimitCounts::Single
            })
        );
        opts.set("TurnLimit", "-1".into());
        assert!(
            Rules::from_options(&opts)
                .unwrap_err()
                .contains("TurnLimit")
        );
    }
}
