//! A lock-free transposition table shared by every search thread.
//!
//! Each entry is two `AtomicU64`: `check = key ^ data` and `data`. A reader recomputes
//! `check ^ data` and trusts the entry only if that gives back its key, so an entry torn by
//! two threads writing at once reads as a miss instead of as a wrong answer.
//!
//! `data` layout (bit 0 = least significant):
//! | bits  | field |
//! |-------|-------|
//! | 0-31  | move (`MoveBits`) |
//! | 32-47 | score (i16, relative to the node: wins count plies from this node) |
//! | 48-55 | depth (u8) |
//! | 56-57 | bound: 1 upper, 2 lower, 3 exact (0 = empty) |
//! | 58    | move present |
//! | 59-63 | generation (5 bits), for replacement |

use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// Whether a stored `score` of this bound decides a node searched in (alpha, beta).
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// One decoded entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub mv: Option<u32>,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table's size in MiB where nobody asked for another (the engine's `Hash`, XBoard's and
/// Gomocup's tables before `memory` / `max_memory`, `tabula bench`).
pub const DEFAULT_HASH_MIB: usize = 64;

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

pub struct Table {
    slots: Vec<Slot>,
    generation: AtomicU8,
}

/// Asks Linux to back the table with huge pages (2 MiB) where it can: a probe lands on a
/// random slot, and with 4 KiB pages nearly every probe of a large table also misses the
/// processor's cache of page addresses. Only the whole 2 MiB blocks inside the table are
/// asked for. A hint: where the kernel gives no transparent huge pages, nothing changes.
/// The search gains 3-4% at 64 MiB (Gomoku, docs/journal/performance.md); the price is paid
/// once, when the table is made: the kernel may compact memory to find whole blocks (on a
/// machine up for hours, 0.15 s more for 64 MiB, 1.4 s more for 1 GiB).
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: usize, bytes: usize) {
    const HUGE_PAGE: usize = 2 << 20;
    let from = start.next_multiple_of(HUGE_PAGE);
    let to = (start + bytes) / HUGE_PAGE * HUGE_PAGE;
    if to > from {
        // SAFETY: the range lies inside the vector's reserved buffer; MADV_HUGEPAGE changes
        // how the kernel backs it, never its contents or its validity.
        let failed = unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) != 0
        };
        if failed {
            log::debug!(
                "no huge pages for the hash table: {}",
                std::io::Error::last_os_error()
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: usize, _: usize) {}

impl Table {
    /// A table of `mib` MiB; an error, not an abort, when the system cannot give that much.
    pub fn new(mib: usize) -> Result<Table, String> {
        let too_big = || format!("cannot allocate a hash table of {mib} MiB");
        let bytes = mib.max(1).checked_mul(1 << 20).ok_or_else(too_big)?;
        let len = bytes / std::mem::size_of::<Slot>();
        let mut slots = Vec::new();
        slots.try_reserve_exact(len).map_err(|_| too_big())?;
        // Asked before the first write, which is when the system gives the pages.
        advise_huge_pages(slots.as_ptr() as usize, bytes);
        // The zeroed memory comes lazily from the system, a page at its first write: see
        // `clear` for a table that must be fast from its first search.
        slots.resize_with(len, Slot::default);
        Ok(Table {
            slots,
            generation: AtomicU8::new(0),
        })
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Empties every slot, in parallel on the current rayon pool. This also writes every page
    /// of a new table, whose page faults otherwise land in its first search (2-3x slower, 4-5x
    /// with two threads faulting at once; docs/journal/performance.md).
    pub fn clear(&self) {
        self.slots.par_iter().for_each(|s| {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        });
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn slot(&self, key: u64) -> &Slot {
        // Multiply-high maps the key uniformly onto any table length.
        let index = ((key as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[index]
    }

    /// Asks the processor to bring `key`'s slot into the cache, without waiting for it: a
    /// probe soon after then finds it there instead of waiting on memory.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = self.slot(key);
            // SAFETY: a prefetch is a hint that reads nothing and cannot fault, whatever the
            // address; SSE, which it needs, is part of every x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key || data == 0 {
            return None;
        }
        let bound = match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        Some(Entry {
            mv: ((data >> 58) & 1 == 1).then_some(data as u32),
            score: (data >> 32) as u16 as i16 as i32,
            depth: (data >> 48) as u8,
            bound,
        })
    }

    pub fn store(&self, key: u64, mv: Option<u32>, score: i32, depth: u8, bound: Bound) {
        let slot = self.slot(key);
        let generation = self.generation.load(Ordering::Relaxed) & 31;
        let old = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old;
        let old_generation = (old >> 59) as u8;
        let same = old_key == key;
        // Keep a deeper entry of this search for another position; always refresh our own.
        if !same && old != 0 && old_generation == generation && (old >> 48) as u8 > depth {
            return;
        }
        // Keep the old best move when the new result has none for the same position.
        let (mv, has) = match (mv, same && (old >> 58) & 1 == 1) {
            (Some(m), _) => (m, 1),
            (None, true) => (old as u32, 1),
            (None, false) => (0, 0),
        };
        let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16;
        let data = mv as u64
            | (score as u64) << 32
            | (depth as u64) << 48
            | (bound as u64) << 56
            | has << 58
            | (generation as u64) << 59;
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots filled in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = (self.generation.load(Ordering::Relaxed) & 31) as u64;
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && d >> 59 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_too_big_for_the_machine_is_an_error() {
        // 2^60 bytes (no machine has them), then a size whose bytes overflow a usize.
        for mib in [1 << 40, usize::MAX] {
            // black_box: an allocation nobody uses may be optimised away as a success.
            assert_eq!(
                std::hint::black_box(Table::new(mib)).err(),
                Some(format!("cannot allocate a hash table of {mib} MiB"))
            );
        }
    }

    #[test]
    fn stores_and_reads_back_every_field() {
        let t = Table::new(1).unwrap();
        t.store(0xDEAD_BEEF_1234, Some(77), -1234, 9, Bound::Lower);
        let e = t.probe(0xDEAD_BEEF_1234).unwrap();
        assert_eq!(
            e,
            Entry {
                mv: Some(77),
                score: -1234,
                depth: 9,
                bound: Bound::Lower
            }
        );
        assert_eq!(t.probe(0xDEAD_BEEF_1235), None);
    }

    #[test]
    fn a_result_without_move_keeps_the_old_move() {
        let t = Table::new(1).unwrap();
        t.store(42, Some(5), 10, 3, Bound::Exact);
        t.store(42, None, -10, 4, Bound::Upper);
        assert_eq!(t.probe(42).unwrap().mv, Some(5));
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let t = Table::new(1).unwrap();
        t.store(42, Some(5), 10, 3, Bound::Exact);
        // Simulate another thread's data landing without its check word.
        t.slot(42).data.fetch_xor(1 << 20, Ordering::Relaxed);
        assert_eq!(t.probe(42), None);
    }

    #[test]
    fn clear_empties_the_table() {
        let t = Table::new(1).unwrap();
        t.store(42, Some(5), 10, 3, Bound::Exact);
        t.clear();
        assert_eq!(t.probe(42), None);
        assert_eq!(t.hashfull(), 0);
    }
}
