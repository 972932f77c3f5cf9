//! The commands of the Gomocup protocol as values: what `parse.rs` reads from a line.

/// A point as the Gomocup protocol writes it, `x,y`: zero-based, `x` the column from the left,
/// `y` the row from the top. Not yet checked against a board, so it may lie off it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    pub x: usize,
    pub y: usize,
}

/// Whose stone a `BOARD` line puts down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// 1: the brain's own stone.
    Own,
    /// 2: the opponent's.
    Opponent,
    /// 3: a stone of a continuous game's winning line.
    WinningLine,
}

/// One `INFO` key and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// Milliseconds per move; 0 = play as fast as possible.
    TimeoutTurn(u64),
    /// Milliseconds for the whole game; 0 = no limit.
    TimeoutMatch(u64),
    /// Milliseconds left of the game's time (negative counts as 0).
    TimeLeft(u64),
    /// Bytes of memory the brain may use; 0 = no limit.
    MaxMemory(u64),
    /// 0 human opponent, 1 brain, 2 tournament, 3 network tournament: nothing changes.
    GameType(u64),
    /// The rule bits: 1 exactly five, 2 continuous game, 4 renju.
    Rule(u64),
    ThreadNum(u64),
    /// A folder for persistent files: tabula keeps none.
    Folder(String),
    /// Yixin-Board's extensions (sent by c-gomoku-cli): a depth or node limit per move.
    MaxDepth(u64),
    MaxNode(u64),
    /// Yixin-Board's `show_detail` (Rapfi reads it too): nonzero asks for a `MESSAGE` line
    /// with depth, score, nodes and line at each depth the search finishes.
    ShowDetail(u64),
    /// A key tabula does not use (the protocol lets a brain ignore them).
    Other(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(usize),
    RectStart(usize, usize),
    Restart,
    Begin,
    Turn(Coord),
    /// The lines up to `DONE` are `x,y,field` lines.
    Board,
    Takeback(Coord),
    /// The lines up to `DONE` are the Swap2 opening's stones so far, `x,y` in the order they
    /// were placed (Black first); the brain answers with its Swap2 choice.
    Swap2Board,
    End,
    About,
    Info(Info),
    /// `STOP` or Yixin's `YXSTOP`: answer at once with the best move so far.
    Stop,
}
