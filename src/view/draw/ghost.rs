//! Ghosts: a shape drawn at another pose (times of impact, sweeps), and the sweep of
//! a pair over the step.

use super::{label, outline_at, LayerId, Prim, Rgba, SHAPE_A, SHAPE_B};
use crate::core::shape::Pose;
use crate::scene::Scene;
use glam::Vec2;

/// A ghost of shape `i` at `pose`: an outline, dashed or solid, and a light fill.
pub fn ghost(
    scene: &Scene,
    i: usize,
    pose: &Pose,
    color: Rgba,
    alpha: u8,
    dashed: bool,
    out: &mut Vec<Prim>,
) {
    let points = outline_at(scene, i, pose);
    if !dashed {
        out.push(Prim::Fill {
            points: points.clone(),
            color: color.with_alpha(alpha / 4),
        });
    }
    out.push(Prim::Polyline {
        points,
        closed: true,
        width: 1.5,
        color: color.with_alpha(alpha),
        dashed,
    });
}

/// The sweep: each shape's path over the step (an arrow from its start to its end
/// position) and its ghost at t = 1.
pub fn sweep_paths(
    scene: &Scene,
    (a, b): (usize, usize),
    ends: [Option<Pose>; 2],
    out: &mut Vec<Prim>,
) {
    let c = LayerId::Toi.color();
    for (k, i) in [a, b].into_iter().enumerate() {
        let start = scene.shapes[i].pose;
        if let Some(end) = ends[k] {
            if end.position != start.position {
                out.push(Prim::Arrow {
                    from: start.position,
                    to: end.position,
                    width: 1.5,
                    color: c.with_alpha(170),
                });
                ghost(
                    scene,
                    i,
                    &end,
                    if k == 0 { SHAPE_A } else { SHAPE_B },
                    150,
                    true,
                    out,
                );
                // Above the ghost, clear of its outline and of the path's arrowhead
                // at its centre.
                let r = scene.shapes[i].shape.bounding_radius();
                out.push(label(end.position + Vec2::Y * r, "t = 1", c));
            }
        }
    }
}
