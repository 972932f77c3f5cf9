//! `tabula play sixes`: the terminal game (`play`) and the computer player it pits against
//! the person (`player`, the shared searcher at a depth or a time per move).

pub mod play;
pub mod player;
