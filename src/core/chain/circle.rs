//! A chain segment against a circle (Box2D's `b2CollideChainSegmentAndCircle`).
//!
//! ## Derivation
//! With `e = b − a` and the centre `c` in the chain's frame:
//! 1. **One-sided**: `right_perp(e)·(c − a) < 0` puts the centre behind: no contact.
//!    (Unnormalised: only the sign counts.)
//! 2. **Region**: the barycentric weights `u = e·(b − c)`, `v = e·(c − a)` (each `|e|²`
//!    times a fraction) tell where `c` projects: `v ≤ 0` before `a`, `u ≤ 0` beyond
//!    `b`, else between, at `(u·a + v·b)/|e|²`.
//! 3. **Neighbour's region**: before `a`, the previous segment `ghost1 → a` owns the
//!    centre when the centre does not project beyond its end,
//!    `(a − ghost1)·(c − a) ≤ 0`: it makes the contact (with its own face, or its own
//!    vertex `a`), this one none. Beyond `b` likewise with `(ghost2 − b)·(c − b) > 0`.
//!    This holds for convex and concave ends alike: a vertex belongs to exactly one of
//!    the two segments that share it, so a circle on a seam gets one contact.
//! 4. **Point**: the closest point `p` of the segment, `d = |c − p|`, the normal
//!    `(c − p)/d`; `d − r` above the speculative distance: separated. One point midway
//!    between `p` and the circle's surface. When `d` is below `f32::EPSILON` (the
//!    centre on the segment) Box2D leaves the normal zero; we use the segment's normal
//!    so the manifold stays usable (the one difference from Box2D, on a set of
//!    measure zero).

use super::classify::unit_or_zero;
use super::trace::{ChainStep, CircleRegion, OneSidedTest};
use super::{make_key, ChainTermination, ChainTrace, Frame, Local, LocalPoint};
use crate::core::manifold::{ContactId, IdKind};
use crate::core::math::right_perp;
use crate::core::record::Record;
use crate::core::sat::Owner;
use glam::Vec2;

/// Steps 1–4 (module docs), in the chain's frame.
pub(super) fn collide_circle(frame: &Frame, trace: Option<&mut ChainTrace>) -> Local {
    let mut trace = trace;
    let s = &frame.segment;
    let xf = frame.xf_a;
    let c = frame.b_to_a.apply(frame.shape.vertices()[0]);
    let (p1, p2) = (s.a, s.b);
    let e = p2 - p1;
    let offset = right_perp(e).dot(c - p1);
    let behind = offset < 0.0;
    trace.record(|t| {
        t.steps.push(ChainStep::OneSided(OneSidedTest {
            centre: xf.apply(c),
            offset0: None,
            offset1: offset,
            offset2: None,
            behind,
        }))
    });
    if behind {
        return Local::empty(ChainTermination::Behind);
    }
    let (u, v) = (e.dot(p2 - c), e.dot(c - p1));
    let (region, neighbour_test) = if v <= 0.0 {
        (CircleRegion::Tail, Some((p1 - s.ghost1).dot(c - p1)))
    } else if u <= 0.0 {
        (CircleRegion::Head, Some((s.ghost2 - p2).dot(c - p2)))
    } else {
        (CircleRegion::Interior, None)
    };
    let in_neighbour_region = match (region, neighbour_test) {
        (CircleRegion::Tail, Some(t)) => t <= 0.0,
        (CircleRegion::Head, Some(t)) => t > 0.0,
        _ => false,
    };
    let closest = match region {
        CircleRegion::Tail => p1,
        CircleRegion::Head => p2,
        CircleRegion::Interior => {
            let ee = e.dot(e);
            if ee > 0.0 {
                (1.0 / ee) * Vec2::new(u * p1.x + v * p2.x, u * p1.y + v * p2.y)
            } else {
                p1
            }
        }
    };
    trace.record(|t| {
        t.steps.push(ChainStep::CircleRegion {
            region,
            closest: xf.apply(closest),
            neighbour_test,
            in_neighbour_region,
        })
    });
    if in_neighbour_region {
        return Local::empty(ChainTermination::NeighbourRegion);
    }
    circle_point(frame, c, closest, region)
}

/// Step 4: the point between the segment's closest point `p` and the circle (centre
/// `c`), or separated.
fn circle_point(frame: &Frame, c: Vec2, p: Vec2, region: CircleRegion) -> Local {
    let radius = frame.shape.radius();
    let distance = (c - p).length();
    let mut normal = unit_or_zero(c - p);
    if normal == Vec2::ZERO {
        normal = frame.normals.normal1;
    }
    let separation = distance - radius;
    if separation > frame.speculative_distance {
        return Local::empty(ChainTermination::Separated);
    }
    let on_circle = c - radius * normal;
    let (reference_index, kind) = match region {
        CircleRegion::Tail => (0, IdKind::Point),
        CircleRegion::Head => (1, IdKind::Point),
        CircleRegion::Interior => (0, IdKind::IncidentVertex),
    };
    let point = LocalPoint {
        point: 0.5 * (p + on_circle),
        separation,
        id: ContactId {
            reference: Owner::A,
            reference_index,
            incident_index: 0,
            kind,
        },
        key: make_key(0, 0),
    };
    Local::contact(normal, &[point])
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use crate::core::math::Transform;
    use crate::core::pair::PosedPair;
    use crate::core::shape::Shape;
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// Ground along y = 0, running right to left (normal up), from x = 1 to x = −1.
    fn ground(ghost1: Vec2, ghost2: Vec2) -> ChainSegment {
        ChainSegment {
            ghost1,
            a: v(1.0, 0.0),
            b: v(-1.0, 0.0),
            ghost2,
        }
    }

    fn collide(
        seg: &ChainSegment,
        centre: Vec2,
        radius: f32,
        t: Option<&mut ChainTrace>,
    ) -> ChainManifold {
        let c = Shape::circle(radius).unwrap();
        let input = ChainSegmentInput::new(PosedPair::new(
            seg,
            Transform::IDENTITY,
            &c,
            Transform::new(centre, 0.0),
        ));
        collide_chain_segment(&input, t)
    }

    #[test]
    fn circle_resting_on_the_front_gets_one_point() {
        let seg = ground(v(2.0, 0.0), v(-2.0, 0.0));
        let mut t = ChainTrace::default();
        let m = collide(&seg, v(0.3, 0.49), 0.5, Some(&mut t));
        assert_eq!(m.termination, ChainTermination::Contact);
        assert_eq!(m.points().len(), 1);
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-6);
        let p = m.points()[0];
        assert!((p.separation + 0.01).abs() < 1e-6, "{p:?}");
        assert!((p.point_a - v(0.3, 0.0)).length() < 1e-6);
        assert!((p.point_b - v(0.3, -0.01)).length() < 1e-6);
        assert!((p.point - v(0.3, -0.005)).length() < 1e-6);
        assert_eq!(t.points, m.points().to_vec());
        assert_eq!(t.termination, Some(ChainTermination::Contact));
    }

    #[test]
    fn circle_below_the_one_sided_segment_is_rejected() {
        let seg = ground(v(2.0, 0.0), v(-2.0, 0.0));
        let mut t = ChainTrace::default();
        // Centre 0.1 below the line, overlapping it by 0.4: still rejected.
        let m = collide(&seg, v(0.0, -0.1), 0.5, Some(&mut t));
        assert_eq!(m.termination, ChainTermination::Behind);
        assert!(m.points().is_empty());
        let test = t.one_sided().unwrap();
        assert!(test.behind && (test.offset1 + 0.2).abs() < 1e-6, "{test:?}");
    }

    #[test]
    fn circle_over_a_seam_gets_exactly_one_contact() {
        // Two collinear segments meeting at x = 0: right (1 → 0) and left (0 → −1).
        let right = ChainSegment {
            ghost1: v(2.0, 0.0),
            a: v(1.0, 0.0),
            b: v(0.0, 0.0),
            ghost2: v(-1.0, 0.0),
        };
        let left = ChainSegment {
            ghost1: v(1.0, 0.0),
            a: v(0.0, 0.0),
            b: v(-1.0, 0.0),
            ghost2: v(-2.0, 0.0),
        };
        // Centre just left of the seam: the left segment's interior, the right's head
        // region owned by its neighbour.
        let c = v(-0.05, 0.45);
        let l = collide(&left, c, 0.5, None);
        let r = collide(&right, c, 0.5, None);
        assert_eq!(l.termination, ChainTermination::Contact);
        assert_eq!(r.termination, ChainTermination::NeighbourRegion);
        assert!((l.normal - v(0.0, 1.0)).length() < 1e-6);
    }

    #[test]
    fn convex_corner_rounds_and_outer_end_does_not() {
        // Convex tail at a = (1, 0), the previous segment coming up from (1, −1).
        let corner = ground(v(1.0, -1.0), v(-2.0, 0.0));
        let c = v(1.0 + 0.3 * 0.6, 0.3 * 0.8);
        let m = collide(&corner, c, 0.5, None);
        assert_eq!(m.termination, ChainTermination::Contact);
        assert!((m.normal - v(0.6, 0.8)).length() < 1e-5, "{m:?}");
        assert!((m.points()[0].separation + 0.2).abs() < 1e-5);
        // A flat continuation (no ghost on the outer end): the neighbour's region.
        let flat = ground(v(3.0, 0.0), v(-2.0, 0.0));
        assert_eq!(
            collide(&flat, c, 0.5, None).termination,
            ChainTermination::NeighbourRegion
        );
    }

    #[test]
    fn separated_beyond_the_speculative_distance_and_centre_on_the_segment() {
        let seg = ground(v(2.0, 0.0), v(-2.0, 0.0));
        assert_eq!(
            collide(&seg, v(0.0, 0.53), 0.5, None).termination,
            ChainTermination::Separated
        );
        assert_eq!(
            collide(&seg, v(0.0, 0.515), 0.5, None).termination,
            ChainTermination::Contact
        );
        let on = collide(&seg, v(0.2, 0.0), 0.5, None);
        assert_eq!(on.termination, ChainTermination::Contact);
        assert_eq!(on.normal, v(0.0, 1.0));
        assert!((on.points()[0].separation + 0.5).abs() < 1e-6);
    }
}
