//! The report is written pair by pair: its memory does not grow with the number of
//! pairs. A 600-shape scene has 179,700 pairs (about 160 MB of JSON); streaming it
//! must peak under 4 MB of live heap. A counting allocator measures live bytes.

use collidescope::scene::parse_scene;
use collidescope::trace::stream::{selected_pairs, write_report, PairSelection};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Peak;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`; the counters touch no
// allocator state.
unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        // SAFETY: `p` was allocated by `System` through this wrapper with `l`.
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

#[test]
fn a_big_report_streams_in_flat_memory() {
    let mut text = String::from("(version: 1, shapes: [");
    for i in 0..600 {
        text += &format!(
            "(name: \"S{i}\", geometry: Box(half_extents: (0.4, 0.3), radius: 0.0), position: ({}, {}), angle: 0.3),",
            (i % 30) as f32,
            (i / 30) as f32
        );
    }
    text += "])";
    let scene = parse_scene(&text, "grid.ron").unwrap();
    let pairs = selected_pairs(&scene, "grid.ron", PairSelection::All).unwrap();
    assert_eq!(pairs.len(), 179_700);
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let mut written = 0usize;
    struct Count<'a>(&'a mut usize);
    impl std::io::Write for Count<'_> {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            *self.0 += b.len();
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    write_report(
        &scene,
        "grid.ron",
        &pairs,
        false,
        &|_, _, _| {},
        &mut |_, _| {},
        Count(&mut written),
    )
    .unwrap();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    assert!(written > 100 << 20, "only {written} bytes written");
    assert!(
        peak < 4 << 20,
        "peak live heap {peak} bytes for {written} bytes of JSON"
    );
}
