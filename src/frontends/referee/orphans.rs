//! The engines' descendants that leave their process group (`setsid`, a daemon's double
//! fork): the process-group kill cannot reach them, so the referee makes itself their
//! reaper (`PR_SET_CHILD_SUBREAPER`): when their parent dies they become its children, and
//! every child of the referee that is not a running engine is such an orphan, killed and
//! reaped when an engine ends. Limits: a descendant is reached only once its parent has died
//! (a living engine's children are its own), and not at all where it escapes the process tree
//! (another subreaper below the referee, a service started through a daemon).

use std::process::{Child, Command};
use std::sync::Mutex;

/// The pids of the engines started and not yet reaped. Locked while an engine starts, so
/// that a sweep never takes a new engine for an orphan.
static ENGINES: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Rounds of a sweep: killing an orphan orphans its own children, which the next round takes.
const SWEEPS: usize = 16;

/// Makes this process the reaper of its descendants' orphans (Linux 3.4 and later; where
/// it fails, orphans go to init as before).
pub fn adopt() {
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes plain integers and touches no memory.
    let done = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
    if done != 0 {
        log::warn!("cannot become the reaper of the engines' orphans");
    }
}

/// Starts an engine, named as one until [`ended`].
pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
    let mut engines = ENGINES.lock().unwrap_or_else(|e| e.into_inner());
    let child = command.spawn()?;
    engines.push(child.id());
    Ok(child)
}

/// The engine `pid` has been reaped: its orphans, if any, are killed and reaped.
pub fn ended(pid: u32) {
    let mut engines = ENGINES.lock().unwrap_or_else(|e| e.into_inner());
    engines.retain(|&p| p != pid);
    let me = std::process::id();
    for _ in 0..SWEEPS {
        let orphans: Vec<u32> = children_of(me)
            .into_iter()
            .filter(|p| !engines.contains(p))
            .collect();
        if orphans.is_empty() {
            break;
        }
        for pid in orphans {
            let Ok(pid) = i32::try_from(pid) else {
                continue;
            };
            // SAFETY: kill and waitpid on a child's pid touch no memory of ours (a null
            // status pointer is allowed); the child cannot be reaped by anyone else.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// The pids of the processes whose parent is `parent`, from `/proc`.
fn children_of(parent: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|entry| {
        let pid: u32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // `pid (name) state ppid ...`: the name may hold spaces and parentheses.
        let (_, after_name) = stat.rsplit_once(')')?;
        let ppid: u32 = after_name.split_whitespace().nth(1)?.parse().ok()?;
        (ppid == parent).then_some(pid)
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_found_in_proc() {
        let mut child = Command::new("sleep").arg("5").spawn().unwrap();
        let found = children_of(std::process::id()).contains(&child.id());
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(found);
    }
}
