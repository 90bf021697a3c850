//! The SE rating walk allocates nothing per step: a step holds its placement and eliminations
//! inline, so the capped walk the generator runs on every candidate puzzle costs its set-up
//! allocations and no more, however many steps the puzzle takes.
//!
//! Allocations are counted by a global allocator of this test binary, per thread (the test
//! harness runs other tests on other threads).

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;

use nonet_core::Sudoku;
use nonet_logic::rate::rate_se_at_most;

/// [`System`], counting the allocations made on each thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    ALLOCATIONS.with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator; counting touches only a
// const-initialised thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        count_one();
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: AllocLayout) -> *mut u8 {
        count_one();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        count_one();
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// How many allocations `f` makes on this thread, and its result.
fn allocations<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (ALLOCATIONS.with(Cell::get) - before, out)
}

/// `puzzle` with all but `left` of its empty cells filled from `solution`, in row-major order.
fn nearly_solved(puzzle: &Sudoku, solution: &Sudoku, left: usize) -> Sudoku {
    let mut out = *puzzle;
    let empty: Vec<_> = nonet_core::Cell::all()
        .filter(|&c| puzzle.get(c).is_none())
        .collect();
    for &c in &empty[..empty.len() - left] {
        out.set(c, solution.get(c));
    }
    out
}

/// The walk through a singles-only puzzle (ER 1.2: 51 singles, none harder than a hidden
/// single in a box) costs no more allocations than the walk through the same puzzle with four
/// cells left: when a step's placement was a `Vec`, each of the 47 more singles allocated.
#[test]
fn se_singles_walk_allocates_nothing_per_step() {
    let puzzle: Sudoku =
        ".1.....8.43..89..597.4.53.....3.28.............35.6.....52.8.393..71..62.2.....4."
            .parse()
            .expect("puzzle");
    let solution = puzzle.unique_solution().expect("unique");
    let short = nearly_solved(&puzzle, &solution, 4);
    let steps = short.filled_count() - puzzle.filled_count();
    // Warm up: whatever a first call sets up once for the thread is not the walk's.
    let _ = rate_se_at_most(&short.into(), 1.2);
    let (long_walk, er) = allocations(|| rate_se_at_most(&puzzle.into(), 1.2));
    assert_eq!(er, Some(1.2));
    let (short_walk, er) = allocations(|| rate_se_at_most(&short.into(), 1.2));
    assert!(er.is_some(), "the short walk is singles too");
    assert!(
        long_walk <= short_walk,
        "{steps} more singles cost {} more allocations ({long_walk} against {short_walk})",
        long_walk.saturating_sub(short_walk)
    );
}
