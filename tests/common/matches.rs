//! What the tests of `tabula match` share: scratch files, a match run with its report and save
//! file, and the replay of a saved game. Included with tests/common/pipe.rs (as `crate::pipe`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh scratch file name, in a folder of this test process.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A finished `tabula match`.
pub struct Run {
    pub code: Option<i32>,
    pub report: String,
    pub stderr: String,
    /// Game lines of the save file (comments dropped).
    pub saved: Vec<String>,
}

impl Run {
    /// Runs `match` (the command, with its arguments) to its end; `save` is its save file.
    pub fn of(cmd: &mut Command, save: &Path) -> Run {
        let out = cmd.output().expect("run tabula match");
        let saved = std::fs::read_to_string(save)
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(String::from)
            .collect();
        Run {
            code: out.status.code(),
            report: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            saved,
        }
    }

    /// The value of a report line `<key>: <value>`.
    pub fn field(&self, key: &str) -> &str {
        self.report
            .lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(": "))
            .unwrap_or_else(|| panic!("no '{key}' in the report:\n{}", self.report))
    }

    /// The save file's reasons, game by game.
    pub fn reasons(&self) -> Vec<&str> {
        self.saved.iter().map(|l| column(l, 4)).collect()
    }
}

/// Field `i` of a save line.
pub fn column(line: &str, i: usize) -> &str {
    line.split('\t').nth(i).expect("a save line has six fields")
}

/// Replays a save line's game in a fresh tabula after the `setup` lines and asks whether the
/// game is over; the replay must raise no error.
pub fn replay_is_over(setup: &str, line: &str) -> bool {
    let input = format!("{setup}\n{}\nquery gameover\n", column(line, 5));
    let out = crate::pipe::output_of(&[], input.as_bytes());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(!text.contains("error"), "replay of '{line}': {text}");
    text.trim() == "response true"
}
