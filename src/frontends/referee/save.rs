//! The save file of `tabula match --save` (protocol.md): after `#` header lines, one line per
//! game of six fields separated by tabs: the game's number, who moved first and who second
//! (`engine 1`, `engine 2`), the result (`p1win`, `p2win`, `draw`), why the game ended as the
//! report words it (`rules`, `adjudication`, `time forfeit`, ...) and the game as a `position`
//! line. The match writes it and `tabula tune` reads it: this is the one place that knows the
//! fields.

use crate::game::{Outcome, Side};
use crate::protocol::reply::outcome_word;

/// One game line, read back.
#[derive(Debug, PartialEq)]
pub struct SavedGame<'a> {
    pub number: usize,
    /// The engine (0 or 1) that moved first.
    pub first: usize,
    pub outcome: Outcome,
    pub reason: &'a str,
    /// `position startpos moves ...` or `position fen ... moves ...`.
    pub position: &'a str,
}

impl SavedGame<'_> {
    /// Its line in the file.
    pub fn line(&self) -> String {
        format!(
            "{}\tengine {}\tengine {}\t{}\t{}\t{}",
            self.number,
            self.first + 1,
            2 - self.first,
            outcome_word(Some(self.outcome)),
            self.reason,
            self.position
        )
    }

    /// A game line of the file (not a `#` line), or why it is none.
    pub fn parse(line: &str) -> Result<SavedGame<'_>, String> {
        let bad = || format!("not a save-file game line: '{line}'");
        let fields: Vec<&str> = line.split('\t').collect();
        let [number, first, second, result, reason, position] = fields[..] else {
            return Err(bad());
        };
        let first = match (first, second) {
            ("engine 1", "engine 2") => 0,
            ("engine 2", "engine 1") => 1,
            _ => return Err(bad()),
        };
        let outcome = [
            Outcome::Win(Side::P1),
            Outcome::Win(Side::P2),
            Outcome::Draw,
        ]
        .into_iter()
        .find(|&o| outcome_word(Some(o)) == result)
        .ok_or_else(|| format!("unknown result '{result}'"))?;
        Ok(SavedGame {
            number: number.parse().map_err(|_| bad())?,
            first,
            outcome,
            reason,
            position,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        let game = SavedGame {
            number: 4,
            first: 1,
            outcome: Outcome::Win(Side::P2),
            reason: "illegal move 'z\\t9'",
            position: "position startpos moves a1 b2",
        };
        let line = game.line();
        assert_eq!(
            line,
            "4\tengine 2\tengine 1\tp2win\tillegal move 'z\\t9'\tposition startpos moves a1 b2"
        );
        assert_eq!(SavedGame::parse(&line), Ok(game));
    }

    #[test]
    fn lines_that_are_no_game_are_refused() {
        for line in [
            "1\t2",
            "x\tengine 1\tengine 2\tdraw\trules\tposition startpos",
            "1\tengine 1\tengine 1\tdraw\trules\tposition startpos",
        ] {
            assert!(
                SavedGame::parse(line)
                    .unwrap_err()
                    .contains("not a save-file game line")
            );
        }
        let odd = "1\tengine 1\tengine 2\twon\trules\tposition startpos";
        assert_eq!(SavedGame::parse(odd), Err("unknown result 'won'".into()));
    }
}
