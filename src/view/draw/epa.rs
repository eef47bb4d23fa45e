//! EPA's layer (the polytope, its closest edge and normal) and the final witness /
//! penetration drawing shared by GJK and EPA.

use super::*;
use crate::trace::analysis::Analysis;
use glam::Vec2;

/// EPA step `k`: the polytope, its closest edge, the normal to it, the support point.
pub(super) fn epa_layer(an: &Analysis, k: usize) -> Vec<Prim> {
    let Some(step) = an.epa_trace.steps.get(k) else {
        return Vec::new();
    };
    let c = LayerId::EpaPolytope.color();
    let mut prims = Vec::new();
    simplex_shape(&step.polytope, 2.0, c, &mut prims);
    let n = step.polytope.len();
    if n >= 2 {
        let a = step.polytope[step.closest_edge % n];
        let b = step.polytope[(step.closest_edge + 1) % n];
        prims.push(line(a, b, 4.5, c));
        let foot = step.edge_normal * step.distance;
        prims.push(Prim::Arrow {
            from: Vec2::ZERO,
            to: foot,
            width: 2.0,
            color: Rgba::WHITE,
        });
        prims.push(label(
            foot,
            format!("d = {:.4}", step.distance),
            Rgba::WHITE,
        ));
    }
    for p in &step.polytope {
        prims.push(Prim::Dot {
            at: *p,
            radius: 3.5,
            color: c,
        });
    }
    if let Some(s) = step.support {
        prims.push(Prim::Dot {
            at: s,
            radius: 5.5,
            color: LayerId::GjkDirection.color(),
        });
        prims.push(label(s, "support", LayerId::GjkDirection.color()));
    }
    prims
}

/// The final answer in the world: distance segment and normal, or the penetration.
pub(super) fn result_witness(an: &Analysis, show_penetration: bool) -> Vec<Prim> {
    let c = LayerId::Witness.color();
    if show_penetration {
        if let Some(p) = &an.penetration {
            return vec![
                Prim::Dot {
                    at: p.point_a,
                    radius: 4.5,
                    color: c,
                },
                Prim::Dot {
                    at: p.point_b,
                    radius: 4.5,
                    color: c,
                },
                Prim::Arrow {
                    from: p.point_b,
                    to: p.point_a,
                    width: 2.5,
                    color: LayerId::EpaPolytope.color(),
                },
                label(p.point_a, format!("depth {:.4}", p.depth), c),
            ];
        }
    }
    let d = &an.distance;
    let mut prims = vec![
        line(d.point_a, d.point_b, 2.0, c),
        Prim::Dot {
            at: d.point_a,
            radius: 4.5,
            color: c,
        },
        Prim::Dot {
            at: d.point_b,
            radius: 4.5,
            color: c,
        },
    ];
    if d.distance > 0.0 {
        prims.push(label(
            (d.point_a + d.point_b) * 0.5,
            format!("{:.4}", d.distance),
            c,
        ));
    }
    prims
}
