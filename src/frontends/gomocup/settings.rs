//! What the manager's `INFO` lines set, and what follows from them: the limits of each
//! search (never over `timeout_turn` nor the share of the game's time left), the table size
//! that keeps the process within `max_memory`, the threads and the rule.

use super::command::Info;
use crate::games::gomoku::geometry::Rule;
use crate::search::limits::Limits;

/// Per move when the manager gives no `timeout_turn`.
pub const DEFAULT_TURN_MS: u64 = 5_000;
/// The table's size when the manager sets no memory limit is the engine's default, and it is
/// also the largest: at about a million nodes a second it holds several seconds of search, and
/// a larger one would take its clearing time from the first move.
pub use crate::search::tt::DEFAULT_HASH_MIB;
/// Memory the process needs besides its table (code, threads, buffers), measured with
/// a 1 MiB table: about 5 MiB resident; kept with a margin for more threads.
pub const RESERVE_MIB: u64 = 12;
/// With a game clock, a move may take this share of the time left.
const MATCH_SHARE: u64 = 20;
/// `time_left` when the game's time is unlimited, as the protocol writes it.
const UNLIMITED: u64 = 2_147_483_647;
/// Milliseconds kept back from every limit for the pipe and the manager.
pub const OVERHEAD_MS: u64 = 30;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub timeout_turn: u64,
    pub timeout_match: u64,
    pub time_left: Option<u64>,
    /// Bytes; 0 = no limit.
    pub max_memory: u64,
    pub threads: usize,
    pub rule: Rule,
    pub max_depth: Option<u32>,
    pub max_nodes: Option<u64>,
    /// A `MESSAGE` line per finished depth (`INFO show_detail`).
    pub show_detail: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            timeout_turn: DEFAULT_TURN_MS,
            timeout_match: 0,
            time_left: None,
            max_memory: 0,
            threads: 1,
            rule: Rule::Freestyle,
            max_depth: None,
            max_nodes: None,
            show_detail: false,
        }
    }
}

/// What an accepted `INFO` changes beyond the settings themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Nothing,
    Memory,
    Threads,
    Rule,
}

impl Settings {
    /// Takes one `INFO`; an error names what is not supported and changes nothing.
    pub fn apply(&mut self, info: &Info) -> Result<Effect, String> {
        match *info {
            Info::TimeoutTurn(ms) => self.timeout_turn = ms,
            Info::TimeoutMatch(ms) => self.timeout_match = ms,
            Info::TimeLeft(ms) => self.time_left = Some(ms),
            Info::MaxMemory(bytes) => {
                self.max_memory = bytes;
                return Ok(Effect::Memory);
            }
            Info::ThreadNum(n) => {
                if !(1..=256).contains(&n) {
                    return Err(format!("INFO thread_num needs 1 to 256 threads, not {n}"));
                }
                self.threads = n as usize;
                return Ok(Effect::Threads);
            }
            Info::Rule(bits) => {
                self.rule = match bits {
                    0 => Rule::Freestyle,
                    1 => Rule::ExactFive,
                    // 4 is the protocol's renju bit; Yixin-Board sends 2 for renju.
                    2 | 4 => Rule::Renju,
                    _ => return Err(rule_refusal(bits)),
                };
                return Ok(Effect::Rule);
            }
            Info::MaxDepth(d) => self.max_depth = (d > 0).then(|| d.min(u32::MAX as u64) as u32),
            Info::MaxNode(n) => self.max_nodes = (n > 0).then_some(n),
            Info::ShowDetail(v) => self.show_detail = v != 0,
            Info::GameType(_) | Info::Folder(_) | Info::Other(_) => {}
        }
        Ok(Effect::Nothing)
    }

    /// The table size within `max_memory`, and whether the limit is below what tabula needs.
    pub fn hash_mib(&self) -> (usize, bool) {
        if self.max_memory == 0 {
            return (DEFAULT_HASH_MIB, false);
        }
        let mib = (self.max_memory >> 20).saturating_sub(RESERVE_MIB);
        (mib.clamp(1, DEFAULT_HASH_MIB as u64) as usize, mib == 0)
    }

    /// The limits of the next move's search.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.max_depth,
            nodes: self.max_nodes,
            ..Limits::default()
        };
        let left = self
            .time_left
            .filter(|&t| self.timeout_match > 0 && t < UNLIMITED);
        let budget = match (self.timeout_turn, left) {
            // 0 asks for the fastest answer: a one-ply search.
            (0, None) => {
                limits.depth = Some(1);
                return limits;
            }
            (0, Some(left)) => left / MATCH_SHARE,
            (turn, None) => turn,
            (turn, Some(left)) => turn.min(left / MATCH_SHARE),
        };
        limits.movetime = Some(budget.max(1));
        limits
    }
}

/// Why a rule is refused: a combination of the bits tabula does not play.
fn rule_refusal(bits: u64) -> String {
    format!(
        "INFO rule {bits}: this rule is not supported; tabula plays rule 0 (five or more wins), 1 (exactly five wins) and 4 (renju; 2 is read as renju, as Yixin-Board sends it)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_never_takes_more_than_the_turn_or_its_share_of_the_game() {
        let mut s = Settings::default();
        assert_eq!(s.limits().movetime, Some(DEFAULT_TURN_MS));
        s.apply(&Info::TimeoutTurn(200)).unwrap();
        s.apply(&Info::TimeLeft(UNLIMITED)).unwrap();
        assert_eq!(s.limits().movetime, Some(200));
        s.apply(&Info::TimeoutMatch(180_000)).unwrap();
        s.apply(&Info::TimeLeft(2_000)).unwrap();
        assert_eq!(s.limits().movetime, Some(100));
        s.apply(&Info::TimeLeft(0)).unwrap();
        assert_eq!(s.limits().movetime, Some(1));
        s.apply(&Info::TimeoutTurn(0)).unwrap();
        s.apply(&Info::TimeoutMatch(0)).unwrap();
        assert_eq!(s.limits().depth, Some(1));
        assert_eq!(s.limits().movetime, None);
    }

    #[test]
    fn memory_rules_and_threads() {
        let mut s = Settings::default();
        assert_eq!(s.hash_mib(), (DEFAULT_HASH_MIB, false));
        assert_eq!(s.apply(&Info::MaxMemory(64 << 20)), Ok(Effect::Memory));
        assert_eq!(s.hash_mib(), (64 - RESERVE_MIB as usize, false));
        s.apply(&Info::MaxMemory(350 << 20)).unwrap();
        assert_eq!(s.hash_mib(), (DEFAULT_HASH_MIB, false));
        s.apply(&Info::MaxMemory(1 << 20)).unwrap();
        assert_eq!(s.hash_mib(), (1, true));
        assert_eq!(s.apply(&Info::Rule(1)), Ok(Effect::Rule));
        assert_eq!(s.rule, Rule::ExactFive);
        for bits in [3, 5, 6, 8] {
            assert!(s.apply(&Info::Rule(bits)).is_err());
        }
        assert_eq!(s.rule, Rule::ExactFive);
        for bits in [2, 4] {
            s.apply(&Info::Rule(1)).unwrap();
            assert_eq!(s.apply(&Info::Rule(bits)), Ok(Effect::Rule));
            assert_eq!(s.rule, Rule::Renju);
        }
        assert!(s.apply(&Info::ThreadNum(0)).is_err());
        assert_eq!(s.apply(&Info::ThreadNum(2)), Ok(Effect::Threads));
    }
}
