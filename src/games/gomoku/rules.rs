//! The variants: free-style Gomoku on a board of the size the options ask for, and Gomoku in
//! the Mist, always 19x19.

use super::geometry::{MAX_SIZE, MIN_SIZE};
use super::mist::MIST_SIZE;
use crate::game::{OptionKind, OptionSpec, Options};

/// The registry id of Gomoku in the Mist.
pub const MIST: &str = "mist";
const BOARD_SIZE: &str = "BoardSize";
const DEFAULT_SIZE: i64 = 15;

/// The options of Gomoku: the board size.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![OptionSpec {
        name: BOARD_SIZE,
        kind: OptionKind::Spin {
            default: DEFAULT_SIZE,
            min: MIN_SIZE as i64,
            max: MAX_SIZE as i64,
        },
    }]
}

/// The board size the options ask for (the mist is always 19x19).
pub fn board_size(variant: &str, opts: &Options) -> Result<usize, String> {
    if variant == MIST {
        return Ok(MIST_SIZE);
    }
    let size = opts.int(BOARD_SIZE, DEFAULT_SIZE);
    if (MIN_SIZE as i64..=MAX_SIZE as i64).contains(&size) {
        Ok(size as usize)
    } else {
        Err(format!(
            "BoardSize must be from {MIN_SIZE} to {MAX_SIZE}, not {size}"
        ))
    }
}
