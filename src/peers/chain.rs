//! Box2D v3's chain-segment manifold on one pair, through its C API (`boxdd-sys`,
//! single precision as the rest of [`box2d`](super::box2d)): a [`ChainSegment`] placed
//! by the chain's transform against any shape, answered in the world frame with the
//! normal from the chain to the shape, as the core's
//! [`collide_chain_segment`](crate::core::chain::collide_chain_segment).
//!
//! - a circle: `b2CollideChainSegmentAndCircle`;
//! - a capsule, or a bare segment as a capsule of radius 0:
//!   `b2CollideChainSegmentAndCapsule` (which makes a two-vertex polygon of it);
//! - a (rounded) polygon or box: `b2CollideChainSegmentAndPolygon`, for shapes
//!   `b2ValidateHull` accepts with at most 8 vertices.
//!
//! The capsule and polygon functions take a GJK cache; each call gets a fresh one (a
//! first contact), as the core's query starts cold. Box2D keeps each point midway
//! between the surfaces, except the one point of a vertex–vertex contact against a
//! polygon, which it keeps on the segment (`cp->point = pA`); both are turned into a
//! point on each surface here.

use super::b2;
use super::box2d::{accepts_polygon, g, polygon, v, xf, MAX_POLYGON_VERTICES};
use super::Kind;
use crate::core::chain::ChainSegment;
use crate::core::math::{arr, Transform};
use crate::core::raycast::RayInput;
use crate::core::shape::Shape;
use crate::trace::peer_answer::{PeerContact, PeerManifold, PeerRayCast};

/// Box2D's manifold of a chain segment (chain transform `xa`) and a shape (`xb`), or
/// why Box2D cannot take the shape, or the assertion it stopped on.
pub fn manifold(
    segment: &ChainSegment,
    xa: &Transform,
    shape: &Shape,
    xb: &Transform,
) -> Result<PeerManifold, String> {
    super::guard::box2d("chain", || manifold_unguarded(segment, xa, shape, xb))
        .unwrap_or_else(|f| Err(f.to_string()))
}

fn manifold_unguarded(
    segment: &ChainSegment,
    xa: &Transform,
    shape: &Shape,
    xb: &Transform,
) -> Result<PeerManifold, String> {
    let chain = b2::b2ChainSegment {
        ghost1: v(segment.ghost1),
        segment: b2::b2Segment {
            point1: v(segment.a),
            point2: v(segment.b),
        },
        ghost2: v(segment.ghost2),
        chainId: 0,
    };
    let rel = xf(&xa.inv_mul(xb));
    let mut cache = b2::b2SimplexCache {
        count: 0,
        indexA: [0; 3],
        indexB: [0; 3],
    };
    let vs = shape.vertices();
    let kind = Kind::of(shape);
    if kind == Kind::Polygon && (vs.len() > MAX_POLYGON_VERTICES || !accepts_polygon(shape)) {
        return Err(
            "Box2D v3 refuses this polygon (more than 8 vertices, or b2ValidateHull)".into(),
        );
    }
    // SAFETY (every call): plain values; a polygon passed b2ValidateHull, a capsule's
    // two core vertices are distinct (validated shapes).
    let m = unsafe {
        match kind {
            Kind::Circle => b2::b2CollideChainSegmentAndCircle(
                &chain,
                &b2::b2Circle {
                    center: v(vs[0]),
                    radius: shape.radius(),
                },
                rel,
            ),
            Kind::Capsule | Kind::Segment => b2::b2CollideChainSegmentAndCapsule(
                &chain,
                &b2::b2Capsule {
                    center1: v(vs[0]),
                    center2: v(vs[1]),
                    radius: shape.radius(),
                },
                rel,
                &mut cache,
            ),
            Kind::Polygon => {
                b2::b2CollideChainSegmentAndPolygon(&chain, &polygon(shape), rel, &mut cache)
            }
        }
    };
    let normal = xa.q.apply(g(m.normal));
    let count = m.pointCount.clamp(0, 2) as usize;
    let on_segment = kind != Kind::Circle && count == 1;
    let points = m.points[..count]
        .iter()
        .map(|p| {
            let kept = xa.apply(g(p.point));
            let (point_a, point_b) = if on_segment {
                (kept, kept + normal * p.separation)
            } else {
                let half = normal * (0.5 * p.separation);
                (kept - half, kept + half)
            };
            PeerContact {
                point_a: arr(point_a),
                point_b: arr(point_b),
                separation: p.separation,
                id: Some(u32::from(p.id)),
            }
        })
        .collect();
    Ok(PeerManifold {
        normal: arr(normal),
        points,
    })
}

/// Box2D's ray cast against one chain segment (chain transform `xf`), as a world ray
/// cast meets it: the ray taken into the chain's frame, `b2RayCastSegment(…, oneSided =
/// true)`, the answer back in the world (`b2RayCastShape`). A ray Box2D would assert on
/// is refused.
pub fn ray_cast(
    segment: &ChainSegment,
    xf: &Transform,
    ray: RayInput,
) -> Result<PeerRayCast, String> {
    let input = super::box2d::ray_input(xf, &ray)?;
    let s = b2::b2Segment {
        point1: v(segment.a),
        point2: v(segment.b),
    };
    // SAFETY: plain values; the ray passed b2IsValidRay's conditions.
    let o = unsafe { b2::b2RayCastSegment(&s, &input, true) };
    if !o.hit {
        return Ok(PeerRayCast::miss(ray.max_fraction, None));
    }
    Ok(PeerRayCast {
        hit: true,
        fraction: o.fraction,
        point: arr(xf.apply(g(o.point))),
        normal: arr(xf.q.apply(g(o.normal))),
        iterations: None,
    })
}

/// Box2D's ray cast against every segment of a chain (each as [`ray_cast`]), and the
/// closest hit: the segment and the answer (a miss: no segment). On an exact tie the
/// segment first in chain order answers, as the core's `ray_cast_chain`.
pub fn ray_cast_closest(
    segments: &[ChainSegment],
    xf: &Transform,
    ray: RayInput,
) -> Result<(Option<usize>, PeerRayCast), String> {
    let mut best: Option<(usize, PeerRayCast)> = None;
    for (i, s) in segments.iter().enumerate() {
        let o = ray_cast(s, xf, ray)?;
        if o.hit && best.as_ref().is_none_or(|(_, b)| o.fraction < b.fraction) {
            best = Some((i, o));
        }
    }
    Ok(match best {
        Some((i, o)) => (Some(i), o),
        None => (None, PeerRayCast::miss(ray.max_fraction, None)),
    })
}
