//! An allocation counter: wraps the system allocator and counts, per thread, every
//! allocation (alloc, alloc_zeroed, realloc). The counter is thread-local, so tests
//! running on other threads of the same binary cannot disturb it.
//!
//! A test file installs it with
//! `#[global_allocator] static GLOBAL: common::alloc::CountingAllocator = common::alloc::CountingAllocator;`
//! (each test binary has one global allocator, so the static lives in the file).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;

pub struct CountingAllocator;

thread_local! {
    // `const` initialisation and no destructor: reading it never allocates.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: during thread teardown the slot may be gone; that is not a query.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the counter touches no allocator state.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: `ptr` was allocated by `System` through this wrapper with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` through this wrapper with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Allocations made on this thread so far.
pub fn allocations() -> u64 {
    ALLOCATIONS.with(|c| c.get())
}

/// Allocations made on this thread while running `f` (its result goes to `black_box`).
pub fn allocations_during<R>(f: impl FnOnce() -> R) -> u64 {
    let before = allocations();
    black_box(f());
    allocations() - before
}
