//! The random 8-gon of the core and manifold benchmarks.

use collidescope::verify::Rng;
use glam::Vec2;

/// A random convex 8-gon: 8 points on a random ellipse (semi-axes 0.5..1.5), at
/// jittered angles. Points on an ellipse are always in strictly convex position.
pub fn random_octagon(rng: &mut Rng) -> Vec<Vec2> {
    let (ax, ay) = (rng.range_f32(0.5, 1.5), rng.range_f32(0.5, 1.5));
    let tilt = rng.range_f32(0.0, std::f32::consts::TAU);
    let (s, c) = tilt.sin_cos();
    (0..8)
        .map(|i| {
            let t = std::f32::consts::TAU * (i as f32 + rng.range_f32(-0.3, 0.3)) / 8.0;
            let p = Vec2::new(ax * t.cos(), ay * t.sin());
            Vec2::new(c * p.x - s * p.y, s * p.x + c * p.y)
        })
        .collect()
}
