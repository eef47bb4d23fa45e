//! EPA's layer: the polytope with its vertices numbered, its closest edge and normal,
//! the support point.

use crate::core::epa::{EpaStep, EpaTrace};
use crate::study::gjk::simplex_shape;
use crate::view::draw::{glow_band, glow_point, label, line, LayerId, Prim, Rgba};
use crate::view::narrate::features::{FeatureKind, Mention};
use crate::view::text::Len;
use glam::Vec2;

/// EPA step `k`: the polytope, its closest edge, the normal to it, the support point.
pub fn epa_layer(trace: &EpaTrace, k: usize) -> Vec<Prim> {
    let Some(step) = trace.steps.get(k) else {
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
            format!("d = {}", Len(step.distance)),
            Rgba::WHITE,
        ));
    }
    for (i, p) in step.polytope.iter().enumerate() {
        prims.push(Prim::Dot {
            at: *p,
            radius: 3.5,
            color: c,
        });
        // The vertex's number, as the narration and Numbers name it ("edge 6, from
        // vertex 6 to vertex 0").
        prims.push(Prim::Label {
            at: *p,
            offset: Vec2::new(5.0, -5.0),
            text: i.to_string(),
            color: c,
            size: 15.0,
            of: None,
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

/// The glow of what EPA step `step`'s narration names: a polytope vertex (a disc), a
/// polytope edge (a band), the point it inserts (a disc on the support point).
pub fn epa_named(step: &EpaStep, named: &[Mention]) -> Vec<Prim> {
    let poly = &step.polytope;
    let n = poly.len();
    let mut prims = Vec::new();
    for m in named {
        match *m {
            Mention::Polytope(FeatureKind::Vertex, i) if i < n => prims.push(glow_point(poly[i])),
            Mention::Polytope(FeatureKind::Edge, i) if i < n && n >= 2 => {
                prims.push(glow_band(vec![poly[i], poly[(i + 1) % n]], false))
            }
            Mention::NewPoint => prims.extend(step.support.map(glow_point)),
            _ => {}
        }
    }
    prims
}
