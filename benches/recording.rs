//! Criterion benchmark of scrubbing a long Box2D recording, as the window does: a pile
//! of 120 boxes (about 200 touching contacts once settled, awake throughout) recorded
//! for `COLLIDESCOPE_BENCH_FRAMES` frames (default 100,000), replayed once to its end
//! with Box2D's keyframes on (the window's budget, 128 MiB, spacing from 8 frames),
//! then timed: a seek to a frame drawn at random followed by reading the world there
//! (bodies, shapes, contacts in our terms: `Player::frame_state`) — what one move of
//! the frame slider costs. The recording and the preparation times are printed to
//! stderr. Only the figures of one run on one machine mean anything.

use collidescope::peers::recording::{build, Player};
use collidescope::scene::world::parse_world;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Instant;

fn pile() -> String {
    let mut bodies = String::new();
    for row in 0..12 {
        for col in 0..10 {
            let x = (col as f32 - 4.5) * 1.05 + if row % 2 == 1 { 0.5 } else { 0.0 };
            let y = 1.0 + row as f32 * 1.02;
            bodies.push_str(&format!(
                "(name: \"b{row}_{col}\", type: Dynamic, position: ({x}, {y}), angle: 0.0, \
                 shapes: [(geometry: Box(half_extents: (0.5, 0.5)))]),\n"
            ));
        }
    }
    format!(
        "(version: 1, sleep: false, bodies: [\n(name: \"ground\", type: Static, position: (0.0, 0.0), angle: 0.0, \
         shapes: [(geometry: Box(half_extents: (12.0, 0.5)))]),\n\
         (name: \"left\", type: Static, position: (-6.5, 8.0), angle: 0.0, shapes: [(geometry: Box(half_extents: (0.5, 8.0)))]),\n\
         (name: \"right\", type: Static, position: (6.5, 8.0), angle: 0.0, shapes: [(geometry: Box(half_extents: (0.5, 8.0)))]),\n\
         {bodies}])"
    )
}

fn scrub(c: &mut Criterion) {
    let frames: u32 = std::env::var("COLLIDESCOPE_BENCH_FRAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let world = parse_world(&pile(), "pile").unwrap();
    let t = Instant::now();
    let bytes = build::record(&world, frames, |_| {}).unwrap();
    eprintln!(
        "recorded {frames} frames in {:.1} s ({} bytes)",
        t.elapsed().as_secs_f64(),
        bytes.len()
    );
    let mut p = Player::open(&bytes).unwrap();
    let t = Instant::now();
    p.set_keyframe_budget(128 << 20, 8);
    while p.step() {}
    p.seek(0);
    eprintln!(
        "replayed once with keyframes in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    p.seek(frames / 2);
    let contacts = p.frame_state().contacts.len();
    eprintln!("{contacts} touching contacts at frame {}", frames / 2);
    let mut x: u64 = 12345;
    c.bench_function("recording_seek_and_read_random_frame", |b| {
        b.iter(|| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = (x >> 33) as u32 % (frames + 1);
            p.seek(k);
            p.frame_state().contacts.len()
        })
    });
    c.bench_function("recording_next_frame_and_read", |b| {
        b.iter(|| {
            if !p.step() {
                p.seek(0);
            }
            p.frame_state().contacts.len()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = scrub
}
criterion_main!(benches);
