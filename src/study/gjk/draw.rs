//! GJK's layers: the simplex of each iteration (earlier ones
//! faded), the search direction and support point, the witness points.

use crate::core::gjk::{GjkStep, GjkTrace, VoronoiRegion};
use crate::view::draw::{glow_band, glow_point, label, line, DrawList, LayerId, Owner, Prim, Rgba};
use crate::view::narrate::features::Mention;
use glam::Vec2;

/// A simplex of one to three points: a dot, its segment or its triangle.
pub fn simplex_shape(points: &[Vec2], width: f32, color: Rgba, prims: &mut Vec<Prim>) {
    match points.len() {
        0 => {}
        1 => prims.push(Prim::Dot {
            at: points[0],
            radius: width + 2.0,
            color,
        }),
        _ => prims.push(Prim::Polyline {
            points: points.to_vec(),
            closed: points.len() > 2,
            width,
            color,
            dashed: false,
        }),
    }
}

/// GJK in configuration space at step `k` of `trace`: earlier simplices faded, the
/// simplex that entered the step with its vertex labels, the reduced simplex, the
/// closest point; on the direction layer the search direction and the new support.
pub fn gjk_layers(trace: &GjkTrace, k: usize, scale: f32, out: &mut DrawList) {
    let Some(step) = trace.steps.get(k) else {
        return;
    };
    let c = LayerId::GjkSimplex.color();
    let mut prims = Vec::new();
    for earlier in &trace.steps[..k] {
        let pts: Vec<Vec2> = earlier.simplex.iter().map(|v| v.w).collect();
        simplex_shape(&pts, 1.0, c.with_alpha(60), &mut prims);
    }
    let entering: Vec<Vec2> = step.simplex_in.iter().map(|v| v.w).collect();
    simplex_shape(&entering, 1.5, c.with_alpha(130), &mut prims);
    let reduced: Vec<Vec2> = step.simplex.iter().map(|v| v.w).collect();
    simplex_shape(&reduced, 3.0, c, &mut prims);
    for (i, v) in step.simplex_in.iter().enumerate() {
        prims.push(Prim::Dot {
            at: v.w,
            radius: 4.0,
            color: c,
        });
        prims.push(label(
            v.w,
            format!("w{} = B[{}]-A[{}]", i + 1, v.index_b, v.index_a),
            c,
        ));
    }
    // A ring, not a dot: the closest point is often the origin itself (an enclosed
    // origin) or a simplex vertex, whose marks stay visible inside it.
    prims.push(Prim::Ring {
        at: step.closest,
        radius: 5.0,
        width: 2.0,
        color: Rgba::WHITE,
    });
    prims.push(Prim::Label {
        at: step.closest,
        offset: Vec2::new(6.0, 14.0),
        text: "closest".into(),
        color: Rgba::WHITE,
        size: 13.0,
        of: None,
    });
    out.push(LayerId::GjkSimplex, prims);

    let d = LayerId::GjkDirection.color();
    let mut prims = Vec::new();
    if let Some(dir) = step.direction {
        // The arrow stops short of the origin when it points at it from nearby: an
        // arrow through the origin's cross would hide it and overstate the step.
        let reach = dir.normalize_or_zero().dot(-step.closest);
        let length = if reach > 0.0 {
            (scale * 0.25).min(0.8 * reach)
        } else {
            scale * 0.25
        };
        prims.push(Prim::Arrow {
            from: step.closest,
            to: step.closest + dir.normalize_or_zero() * length,
            width: 2.0,
            color: d,
        });
    }
    if let Some(s) = &step.support {
        prims.push(Prim::Dot {
            at: s.w,
            radius: 5.5,
            color: d,
        });
        // Below the dot: a repeated vertex keeps its own label above.
        prims.push(Prim::Label {
            at: s.w,
            offset: Vec2::new(8.0, 16.0),
            text: format!("new support B[{}]-A[{}]", s.index_b, s.index_a),
            color: d,
            size: 15.0,
            of: None,
        });
    }
    out.push(LayerId::GjkDirection, prims);
}

/// The glow of the simplex points GJK step `step`'s narration names (numbered as the
/// step began, as its labels are: w1, w2, w3): a disc under a point, a band over a
/// segment, the triangle's outline and inside.
pub fn gjk_named(step: &GjkStep, named: &[Mention]) -> Vec<Prim> {
    let mut prims = Vec::new();
    for m in named {
        let Mention::Simplex(mask) = *m else {
            continue;
        };
        let points: Vec<Vec2> = (step.simplex_in.iter().enumerate())
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, v)| v.w)
            .collect();
        match points.len() {
            0 => {}
            1 => prims.push(glow_point(points[0])),
            2 => prims.push(glow_band(points, false)),
            _ => {
                prims.push(Prim::Fill {
                    points: points.clone(),
                    color: crate::view::palette::GLOW,
                });
                prims.push(glow_band(points, true));
            }
        }
    }
    prims
}

/// Witness points in the world for a GJK step that is not the last: the points of A
/// and B blended with the weights of the reduced simplex's point nearest the origin,
/// and the support points on each. Before GJK stops they need not lie on the shapes'
/// boundaries (a blend of A's vertices can lie inside A), so they are labelled as the
/// simplex's points so far, not "on A" and "on B" (the last step's witness points).
pub fn gjk_witness(step: &GjkStep) -> Vec<Prim> {
    let c = LayerId::Witness.color();
    let mut pa = Vec2::ZERO;
    let mut pb = Vec2::ZERO;
    for v in &step.simplex {
        pa += v.a * v.w_a;
        pb += v.a * v.w_b;
    }
    let mut prims = vec![
        line(pa, pb, 2.0, c),
        Prim::Dot {
            at: pa,
            radius: 4.5,
            color: c,
        },
        Prim::Dot {
            at: pb,
            radius: 4.5,
            color: c,
        },
    ];
    if !matches!(step.region, VoronoiRegion::Interior) {
        prims.push(label(pa, "A so far", c).of(Owner::A));
        prims.push(label(pb, "B so far", c).of(Owner::B));
    }
    if let Some(s) = &step.support {
        let d = LayerId::GjkDirection.color();
        prims.push(Prim::Dot {
            at: s.w_a,
            radius: 4.0,
            color: d,
        });
        prims.push(Prim::Dot {
            at: s.w_b,
            radius: 4.0,
            color: d,
        });
    }
    prims
}
