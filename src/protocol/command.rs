//! Every command of the engine protocol, as the parser hands it to the session.

/// Where `position` takes its position from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    StartPos,
    /// The game's own position text.
    Fen(String),
    /// Another source the game understands, e.g. `layout <path>`.
    Other {
        kind: String,
        arg: String,
    },
}

/// The limits of `go`, as given (the session resolves the clocks for the side to move).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    /// Remaining time and increment of the first and the second player, in ms.
    pub time: [Option<u64>; 2],
    pub inc: [Option<u64>; 2],
    pub moves_to_go: Option<u32>,
    pub infinite: bool,
    /// Think on the opponent's time: no time limit applies until `ponderhit`.
    pub ponder: bool,
    pub search_moves: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    GameOver,
    P1Turn,
    Result,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Uci,
    Ugi,
    IsReady,
    NewGame,
    SetOption {
        name: String,
        value: String,
    },
    Game(String),
    Games,
    Position {
        source: Source,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    /// The opponent played the move a `go ponder` search guessed: its limits apply from now.
    PonderHit,
    /// The commands, or one of them, with a line each.
    Help(Option<String>),
    Perft(u32),
    Legal,
    Place(String),
    View,
    History,
    Who,
    /// `fen [words]`: the position's text; the words ask a game for another form of it.
    Fen(Vec<String>),
    Resign,
    /// The side to move has run out of time (the GUI keeps the clocks).
    Timeout,
    Query(Query),
    Bench {
        depth: Option<u32>,
    },
    Quit,
    Term,
    /// A command word the protocol core does not know; the current game may.
    Extra {
        name: String,
        args: Vec<String>,
    },
}
