//! Placement: B aimed at A (most hit), thrown at random, or starting close.

use super::*;

pub(crate) fn place(rng: &mut Rng) -> ((Vec2, f32, Vec2), (Vec2, f32, Vec2)) {
    let pa = rng.vec(-10.0, 10.0);
    let aa = rng.range(-PI, PI) as f32;
    let ab = rng.range(-PI, PI) as f32;
    let va = rng.vec(-1.0, 1.0);
    let mode = rng.int(0, 9);
    let (pb, vb) = match mode {
        // Aimed: start 3 to 7 away, head for a point near A, arrive around t ∈ [0.3, 1.5].
        0..=6 => {
            let dir = rng.range(0.0, 2.0 * PI);
            let pb = pa + (DVec2::new(dir.cos(), dir.sin()) * rng.range(3.0, 7.0)).as_vec2();
            let target = pa + rng.vec(-1.5, 1.5);
            let vb = (target - pb) / rng.range(0.6, 1.8) as f32 + va;
            (pb, vb)
        }
        // Random throw.
        7 | 8 => (pa + rng.vec(-6.0, 6.0), rng.vec(-8.0, 8.0)),
        // Close, possibly overlapping.
        _ => (pa + rng.vec(-1.5, 1.5), rng.vec(-3.0, 3.0)),
    };
    ((pa, aa, va), (pb, ab, vb))
}
