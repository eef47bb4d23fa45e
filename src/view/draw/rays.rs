//! The scene's rays (world space, every algorithm): each from its origin to the first
//! shape it meets (solid), then on to its tip (dashed); the hit point with the
//! surface normal, and a label naming the shape, the feature and the fraction — or
//! the shape the ray starts inside.

use super::prims::{dot, seg, size_of_scene};
use super::{LayerId, Prim};
use crate::scene::Scene;
use crate::trace::rays::RayMeets;

/// Every ray of the scene against every shape: the first hit drawn (`meets`, in ray
/// order), but for ray `skip`, which the algorithm `ray` draws step by step.
pub fn rays_layer(scene: &Scene, meets: &[RayMeets], skip: Option<usize>) -> Vec<Prim> {
    let c = LayerId::Rays.color();
    let len = 0.15 * size_of_scene(scene);
    let mut prims = Vec::new();
    for (r, ray) in scene.rays.iter().enumerate() {
        if skip == Some(r) {
            continue;
        }
        let meets = meets.get(r).copied().unwrap_or(RayMeets::Nothing);
        let (first, inside) = match meets {
            RayMeets::Hit(s, o) => (Some((s, o)), None),
            RayMeets::Inside(s, o) => (None, Some((s, o))),
            RayMeets::Nothing => (None, None),
        };
        let (origin, tip) = (ray.origin, ray.tip());
        prims.push(dot(origin, 4.5, c));
        let label = match (first, inside) {
            (_, Some((s, o))) => format!(
                "{}: inside {}{}",
                ray.name,
                scene.shapes[s].name,
                o.exit_fraction
                    .map(|f| format!(", exit f={f:.3}"))
                    .unwrap_or_default()
            ),
            (Some((s, o)), None) => format!(
                "{}: {} {}, f={:.3}",
                ray.name,
                scene.shapes[s].name,
                o.feature.label(),
                o.fraction
            ),
            (None, None) => format!("{}: no hit", ray.name),
        };
        match first.filter(|_| inside.is_none()) {
            Some((_, o)) => {
                prims.push(seg(origin, o.point, 2.0, c, false));
                prims.push(seg(o.point, tip, 1.2, c.with_alpha(150), true));
                prims.push(dot(o.point, 5.0, c));
                prims.push(Prim::Arrow {
                    from: o.point,
                    to: o.point + o.normal * len,
                    width: 1.5,
                    color: c,
                });
            }
            None => prims.push(Prim::Arrow {
                from: origin,
                to: tip,
                width: 1.5,
                color: c.with_alpha(200),
            }),
        }
        // The label at the origin, to its right and on the side of the ray's line
        // the ray does not go to (below a rising ray, above a falling one): off the
        // ray, inside the view for a ray that starts at its left edge, and the hit
        // point keeps its own space.
        let dy = if tip.y > origin.y { 18.0 } else { -8.0 };
        prims.push(Prim::Label {
            at: origin,
            offset: glam::Vec2::new(8.0, dy),
            text: label,
            color: c,
            size: 14.0,
            of: None,
        });
    }
    prims
}
