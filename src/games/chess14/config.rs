//! The source's `config.json`: the layout file, both clocks and the human player's colour.
//!
//! Read tolerantly: unknown keys (`piece_movement_speed`, `max_movement_time`, ...) are
//! ignored, numbers may be integers or decimals, and a missing key takes the source's default
//! (the default layout, 180 s + 2 s for each player, the player as White). A layout file that
//! cannot be read, a negative or non-numeric time, or an unknown colour is an error.

use crate::game::Side;
use serde_json::Value;
use std::path::Path;

/// One player's clock: starting time and increment per move, in milliseconds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    pub start_ms: u64,
    pub increment_ms: u64,
}

/// The source's default clock: 180 s plus 2 s per move.
pub const DEFAULT_CLOCK: Clock = Clock {
    start_ms: 180_000,
    increment_ms: 2_000,
};

/// The clocks of a game as the config sets them: the human player's and the computer's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clocks {
    pub player: Clock,
    pub cpu: Clock,
    /// The human player's side; the computer plays the other.
    pub player_side: Side,
}

impl Default for Clocks {
    fn default() -> Clocks {
        Clocks {
            player: DEFAULT_CLOCK,
            cpu: DEFAULT_CLOCK,
            player_side: Side::P1,
        }
    }
}

/// What a config file sets up.
pub struct Config {
    /// The layout text (`None`: the default layout).
    pub layout: Option<String>,
    pub clocks: Clocks,
}

fn seconds_to_ms(v: &Value, what: &str) -> Result<u64, String> {
    match v.as_f64() {
        Some(s) if (0.0..=1e9).contains(&s) => Ok((s * 1000.0).round() as u64),
        Some(s) => Err(format!(
            "config: {what} is {s}; it must be from 0 to 1e9 seconds"
        )),
        None => Err(format!("config: {what} must be a number, not {v}")),
    }
}

fn clock(tc: Option<&Value>, who: &str) -> Result<Clock, String> {
    let Some(c) = tc.and_then(|t| t.get(who)) else {
        return Ok(DEFAULT_CLOCK);
    };
    let field = |key: &str, default: u64| match c.get(key) {
        Some(v) => seconds_to_ms(v, &format!("time_controls.{who}.{key}")),
        None => Ok(default),
    };
    Ok(Clock {
        start_ms: field("seconds", DEFAULT_CLOCK.start_ms)?,
        increment_ms: field("increment", DEFAULT_CLOCK.increment_ms)?,
    })
}

/// Reads a config file; the layout path inside it is taken relative to the config's folder.
pub fn load(path: &Path) -> Result<Config, String> {
    let text = crate::files::read_text(path)
        .map_err(|e| format!("cannot read config file '{}': {e}", path.display()))?;
    let root: Value = serde_json::from_str(&text)
        .map_err(|e| format!("config file '{}': JSON: {e}", path.display()))?;
    if !root.is_object() {
        return Err(format!(
            "config file '{}' does not hold a JSON object",
            path.display()
        ));
    }
    let layout = match root.get("layout") {
        None => None,
        Some(Value::String(name)) => {
            let file = path.parent().unwrap_or(Path::new("")).join(name);
            Some(
                crate::files::read_text(&file)
                    .map_err(|e| format!("cannot read layout file '{}': {e}", file.display()))?,
            )
        }
        Some(other) => return Err(format!("config: layout must be a file name, not {other}")),
    };
    let tc = root.get("time_controls");
    let player_side = match root.get("player_colour") {
        None => Side::P1,
        Some(Value::String(c)) if c.eq_ignore_ascii_case("white") => Side::P1,
        Some(Value::String(c)) if c.eq_ignore_ascii_case("black") => Side::P2,
        Some(other) => {
            return Err(format!(
                "config: player_colour must be \"white\" or \"black\", not {other}"
            ));
        }
    };
    Ok(Config {
        layout,
        clocks: Clocks {
            player: clock(tc, "player")?,
            cpu: clock(tc, "cpu")?,
            player_side,
        },
    })
}

/// Milliseconds as seconds, without a needless fraction (`180`, `2.5`).
pub fn seconds_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{}", ms as f64 / 1000.0)
    }
}
