//! The clip of steps 5–6 (Box2D's `b2ClipSegments`): the incident edge cut to the
//! reference edge's extent, always two points.
//!
//! ## Derivation
//! The reference edge `r1 → r2` has outward normal `n`, its right perpendicular, so
//! the tangent `t = left_perp(n)` runs from `r1` to `r2`. In the coordinate
//! `x ↦ (x − r1)·t` the reference covers `[0, u1]`, `u1 = (r2 − r1)·t`. The incident
//! edge faces it, so it runs the other way: its first vertex `i1` sits at the upper
//! coordinate `u2`, its second `i2` at the lower `l2`.
//! - No overlap (`u2 < 0` or `u1 < l2`): no points.
//! - The **lower** point is `i2`, slid along the edge to coordinate 0 when it lies
//!   before the reference (`l2 < 0`); the **upper** point is `i1`, slid to `u1` when
//!   beyond. Sliding is skipped when the edge spans no more than `f32::EPSILON` along
//!   `t` (it stands across the reference; its vertices are kept).
//! - Each point's depth `s = (v − r1)·n`; the point kept is midway between the
//!   surfaces, `v + ½(r_ref − r_inc − s)·n`, with separation `s − r_ref − r_inc`.
//!   Both points are kept whatever their separation: Box2D's solver ignores a
//!   speculative point that does not approach.
//!
//! Not `manifold/clip.rs`'s plane-by-plane clip (which drops points and names them per
//! plane): this one is an interval overlap in one coordinate that names its two
//! points by end, and the ids must be Box2D's to compare with it.

use super::trace::ChainStep;
use super::{ChainTrace, LocalPoint};
use crate::core::manifold::{ContactId, IdKind};
use crate::core::math::{left_perp, Transform};
use crate::core::record::Record;
use glam::Vec2;

/// One side of the clip: an edge, the radius around it.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClipEdge {
    pub(super) v1: Vec2,
    pub(super) v2: Vec2,
    pub(super) radius: f32,
}

/// The clip's input: the reference edge with its outward normal, the incident edge,
/// and the ids of the lower and upper points (their kind is set here) with Box2D's keys.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClipInput {
    pub(super) reference: ClipEdge,
    pub(super) incident: ClipEdge,
    pub(super) normal: Vec2,
    pub(super) ids: [(ContactId, u16); 2],
}

/// The two points (chain frame), or None without overlap. `xf` takes the trace to
/// the world.
pub(super) fn clip_segments(
    input: &ClipInput,
    xf: &Transform,
    mut trace: Option<&mut ChainTrace>,
) -> Option<[LocalPoint; 2]> {
    let (r, i, n) = (&input.reference, &input.incident, input.normal);
    let t = left_perp(n);
    let (lower1, upper1) = (0.0, (r.v2 - r.v1).dot(t));
    let (upper2, lower2) = ((i.v1 - r.v1).dot(t), (i.v2 - r.v1).dot(t));
    let overlap = !(upper2 < lower1 || upper1 < lower2);
    let span = upper2 - lower2;
    let slide_lower = overlap && lower2 < lower1 && span > f32::EPSILON;
    let slide_upper = overlap && upper2 > upper1 && span > f32::EPSILON;
    let lower = if slide_lower {
        i.v2.lerp(i.v1, (lower1 - lower2) / span)
    } else {
        i.v2
    };
    let upper = if slide_upper {
        i.v2.lerp(i.v1, (upper1 - lower2) / span)
    } else {
        i.v1
    };
    trace.record(|t| {
        t.steps.push(ChainStep::Clip {
            reference_extent: (lower1, upper1),
            incident_extent: (lower2, upper2),
            overlap,
            lower: overlap.then(|| xf.apply(lower)),
            upper: overlap.then(|| xf.apply(upper)),
        })
    });
    if !overlap {
        return None;
    }
    let point = |v: Vec2, (id, key): (ContactId, u16), slid: bool, side: IdKind| {
        let s = (v - r.v1).dot(n);
        LocalPoint {
            point: v + 0.5 * (r.radius - i.radius - s) * n,
            separation: s - (r.radius + i.radius),
            id: ContactId {
                kind: if slid { side } else { IdKind::IncidentVertex },
                ..id
            },
            key,
        }
    };
    Some([
        point(lower, input.ids[0], slide_lower, IdKind::SidePlane1),
        point(upper, input.ids[1], slide_upper, IdKind::SidePlane2),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::sat::Owner;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn id(i: u8) -> (ContactId, u16) {
        let id = ContactId {
            reference: Owner::A,
            reference_index: 0,
            incident_index: i,
            kind: IdKind::Point,
        };
        (id, i as u16)
    }

    fn clip(i1: Vec2, i2: Vec2) -> Option<[LocalPoint; 2]> {
        // Reference from (1, 0) to (−1, 0): normal up, tangent −x.
        let input = ClipInput {
            reference: ClipEdge {
                v1: v(1.0, 0.0),
                v2: v(-1.0, 0.0),
                radius: 0.0,
            },
            incident: ClipEdge {
                v1: i1,
                v2: i2,
                radius: 0.25,
            },
            normal: v(0.0, 1.0),
            ids: [id(1), id(2)],
        };
        clip_segments(&input, &Transform::IDENTITY, None)
    }

    #[test]
    fn overhanging_incident_edge_is_cut_to_the_reference() {
        // Incident runs +x from −1.5 to 0.5, 0.2 above: the lower end (its second
        // vertex, x = 0.5) stays, the upper (x = −1.5) slides to x = −1.
        let [lo, up] = clip(v(-1.5, 0.2), v(0.5, 0.2)).unwrap();
        assert!((lo.point - v(0.5, 0.2 + 0.5 * (-0.25 - 0.2))).length() < 1e-6);
        assert_eq!(lo.id.kind, IdKind::IncidentVertex);
        assert!((up.point.x + 1.0).abs() < 1e-6);
        assert_eq!(up.id.kind, IdKind::SidePlane2);
        for p in [lo, up] {
            assert!((p.separation - (0.2 - 0.25)).abs() < 1e-6);
        }
        assert_eq!((lo.key, up.key), (1, 2));
    }

    #[test]
    fn disjoint_extents_give_nothing_and_a_standing_edge_keeps_its_vertices() {
        assert!(clip(v(-3.0, 0.1), v(-2.0, 0.1)).is_none());
        assert!(clip(v(2.0, 0.1), v(3.0, 0.1)).is_none());
        // Perpendicular to the reference: no span along the tangent, no sliding.
        let [lo, up] = clip(v(0.0, 0.5), v(0.0, 0.1)).unwrap();
        assert!((lo.separation - (0.1 - 0.25)).abs() < 1e-6);
        assert!((up.separation - (0.5 - 0.25)).abs() < 1e-6);
    }
}
