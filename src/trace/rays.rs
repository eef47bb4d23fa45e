//! The scene's rays against every shape: what each meets first (the exact cast of each
//! shape kind), computed once per change and read by the rays layer and the panel.

use crate::core::raycast::{ray_cast, RayCastOutput};
use crate::scene::Scene;

/// What a scene ray meets first among the shapes (the exact cast of each).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RayMeets {
    /// It starts inside shape `i` (the answer has the exit fraction).
    Inside(usize, RayCastOutput),
    /// It hits shape `i` first, with this answer.
    Hit(usize, RayCastOutput),
    Nothing,
}

/// Every ray's first meeting: the rays layer draws it, the app's Rays section says
/// it (computed on change).
pub fn first_meets(scene: &Scene) -> Vec<RayMeets> {
    (0..scene.rays.len())
        .map(|r| {
            let mut first = RayMeets::Nothing;
            for s in 0..scene.shapes.len() {
                let o = ray_cast(&scene.ray_input(r, s), None);
                if o.inside {
                    return RayMeets::Inside(s, o);
                }
                let earlier = match first {
                    RayMeets::Hit(_, f) => o.fraction < f.fraction,
                    _ => true,
                };
                if o.hit && earlier {
                    first = RayMeets::Hit(s, o);
                }
            }
            first
        })
        .collect()
}

/// The ray a scene's view names (`view.ray`; the first ray when empty or unknown).
pub fn view_ray(scene: &Scene) -> usize {
    scene
        .rays
        .iter()
        .position(|r| r.name == scene.view.ray)
        .unwrap_or(0)
}
