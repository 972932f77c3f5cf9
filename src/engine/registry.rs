//! Every game the engine knows, by protocol id. Adding a game = implementing
//! [`crate::game::Game`] and adding one entry to [`GAMES`].

use super::driver::{MakeDriver, driver};
use crate::game::{Game, OptionSpec};
use crate::games::{advance, chess14, gomoku, sixes};

pub struct GameEntry {
    pub id: &'static str,
    pub about: &'static str,
    pub make: MakeDriver,
    pub options: fn() -> Vec<OptionSpec>,
    /// `tabula bench`: the search depth and the positions (as `position` arguments).
    pub bench_depth: u32,
    pub bench_positions: &'static [&'static str],
    /// The contract checks of `engine::conformance` for this entry's game type, so that
    /// every registered game is checked without a list of types in the test.
    #[cfg(test)]
    pub conformance: fn(&'static str),
    /// The same checks on playouts that proptest draws (`engine::conformance::properties`).
    #[cfg(test)]
    pub properties: fn(&'static str),
    /// The node bound of searches to a fixed depth (`engine::conformance::search_bounded`).
    #[cfg(test)]
    pub search_bounded: fn(&'static str),
}

impl GameEntry {
    pub const fn of<G: Game>(id: &'static str, about: &'static str) -> GameEntry {
        GameEntry {
            id,
            about,
            make: driver::<G>,
            options: G::options,
            bench_depth: 6,
            bench_positions: &["startpos"],
            #[cfg(test)]
            conformance: super::conformance::check::<G>,
            #[cfg(test)]
            properties: super::conformance::properties::<G>,
            #[cfg(test)]
            search_bounded: super::conformance::search_bounded::<G>,
        }
    }

    /// Fixed positions searched to `depth` by `tabula bench`.
    pub const fn bench(self, depth: u32, positions: &'static [&'static str]) -> GameEntry {
        GameEntry {
            bench_depth: depth,
            bench_positions: positions,
            ..self
        }
    }
}

/// The registry; the first entry is the game a new session starts with.
static GAMES: &[GameEntry] = &[
    GameEntry::of::<advance::Advance>(
        "advance",
        "Advance: 9x9 chess-like game with walls, conversion and protection",
    )
    .bench(
        8,
        &[
            "startpos",
            "fen d.bz..cmj/Dj.#...b#/m.z.g.zs./......#z#/.....Z#.Z/.#..S...#/..Z.zZ.../...BZ..Z./M.CSMG.J. w",
            "startpos moves f2f3 c8b7 d2d3 d8d7 f1d2 f8f7 g1d4 d9f8",
        ],
    ),
    GameEntry::of::<sixes::Sixes>(
        "sixes",
        "6x6 move-and-jump game with surround removal and a turn limit",
    )
    .bench(
        8,
        &[
            "startpos",
            "fen O....X/..X.../..OX../XO.OX./..OX../X....O X - - 10 10 20",
        ],
    ),
    GameEntry::of::<chess14::Chess14>(
        "chess14",
        "14x14 chess with fairy pieces (boards 6x6 to 16x16), castling, promotion, clocks",
    )
    .bench(
        6,
        &[
            "startpos",
            "startpos moves g1h3 g14f12 b1a3 k14l12 l2l3 d13d11 k2k4 k13k11",
        ],
    ),
    GameEntry::of::<gomoku::Gomoku>(
        "gomoku",
        "free-style Gomoku: five or more in a row wins, boards 5x5 to 26x26 (default 15x15)",
    )
    .bench(
        6,
        &[
            "startpos moves H8 I9 I8 G8 J10",
            "startpos moves H8 I9 I8 G8 J10 H9 J8 K8 J9 J11",
        ],
    ),
    GameEntry::of::<gomoku::Gomoku>(
        "mist",
        "Gomoku in the Mist: 19x19 free-style Gomoku answering as the Mist controller",
    )
    .bench(6, &["startpos moves J10 K11 K10"]),
];

static IDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();

pub fn all() -> &'static [GameEntry] {
    GAMES
}

pub fn ids() -> &'static [&'static str] {
    IDS.get_or_init(|| GAMES.iter().map(|g| g.id).collect())
}

pub fn find(id: &str) -> Option<&'static GameEntry> {
    GAMES.iter().find(|g| g.id == id)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_registered_game_keeps_the_contract() {
        for entry in super::all() {
            (entry.conformance)(entry.id);
        }
    }

    #[test]
    fn every_registered_game_keeps_the_contract_on_random_playouts() {
        for entry in super::all() {
            (entry.properties)(entry.id);
        }
    }

    #[test]
    fn every_registered_game_searches_crowded_positions_within_a_node_bound() {
        for entry in super::all() {
            (entry.search_bounded)(entry.id);
        }
    }
}
