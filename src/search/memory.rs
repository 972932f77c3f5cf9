//! What a player's search threads learn that outlives one search: each thread's correction
//! history, handed to that thread's next search of the same game where the game asks for it
//! (`SearchParams::keep_correction`), and forgotten with the table (a new game).

use super::correction::Correction;
use std::any::TypeId;
use std::sync::Mutex;

/// The corrections of the last search, by thread, and the game they were learnt in.
#[derive(Default)]
pub struct Memory(Mutex<Option<(TypeId, Vec<Option<Correction>>)>>);

impl Memory {
    /// Thread `id`'s correction for a search of the game `game`: its last search's if that
    /// was of the same game, else a new one.
    pub fn take(&self, game: TypeId, id: usize) -> Correction {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match kept.as_mut() {
            Some((g, threads)) if *g == game => threads.get_mut(id).and_then(Option::take),
            _ => None,
        }
        .unwrap_or_else(Correction::new)
    }

    /// Keeps thread `id`'s correction after a search of `game` (another game's are dropped).
    pub fn keep(&self, game: TypeId, id: usize, correction: Correction) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.as_ref().is_none_or(|(g, _)| *g != game) {
            *kept = Some((game, Vec::new()));
        }
        if let Some((_, threads)) = kept.as_mut() {
            if threads.len() <= id {
                threads.resize_with(id + 1, || None);
            }
            threads[id] = Some(correction);
        }
    }

    /// Forgets everything kept.
    pub fn clear(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A correction that has learnt `error` for one key.
    fn learnt(error: i32) -> Correction {
        let mut c = Correction::new();
        for _ in 0..50 {
            c.learn(0, KEY, 10, error);
        }
        c
    }

    const KEY: u64 = 0xABCD_0000_0000_0000;

    #[test]
    fn a_thread_gets_back_what_it_learnt_in_the_same_game_until_cleared() {
        let (game, other) = (TypeId::of::<u8>(), TypeId::of::<u16>());
        let memory = Memory::default();
        assert_eq!(memory.take(game, 0).adjust(0, Some(KEY), 0), 0);
        memory.keep(game, 1, learnt(40));
        assert!(
            memory.take(game, 0).adjust(0, Some(KEY), 0) == 0,
            "thread 0 kept nothing"
        );
        let back = memory.take(game, 1);
        assert!(back.adjust(0, Some(KEY), 0) > 20);
        memory.keep(game, 1, back);
        assert_eq!(
            memory.take(other, 1).adjust(0, Some(KEY), 0),
            0,
            "another game"
        );
        memory.keep(game, 1, learnt(40));
        memory.clear();
        assert_eq!(memory.take(game, 1).adjust(0, Some(KEY), 0), 0, "cleared");
    }
}
