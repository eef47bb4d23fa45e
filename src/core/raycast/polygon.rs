//! A ray against a sharp polygon (as Box2D's `b2RayCastPolygon`): the ray's
//! interval `[lower, upper]`, starting as `[0, max_fraction]`, clipped against every
//! edge's half-plane; the edge that last raised `lower` is the one hit.
//!
//! ## Derivation
//! The polygon is the intersection of the half-planes `nᵢ·(p − vᵢ) ≤ 0`. On the ray
//! `p = o + f·d` edge `i`'s condition reads `f·(nᵢ·d) ≤ nᵢ·(vᵢ − o)`, i.e.
//! `f·den ≤ num`:
//! - `den < 0` (running against the normal, **entering** the half-plane): `f ≥
//!   num/den`, which may raise `lower`;
//! - `den > 0` (**leaving** it): `f ≤ num/den`, which may lower `upper`;
//! - `den = 0` (parallel): the whole line is in the half-plane if `num ≥ 0`, none
//!   of it if `num < 0` (a miss at once).
//!
//! The comparisons are made without dividing (`num < lower·den` for `den < 0`, as
//! Box2D writes it) and the clip stops as soon as `upper < lower`. Coordinates are
//! taken relative to vertex 0, so a polygon far from its frame's origin loses no
//! precision (Box2D's `base`).
//!
//! **Which edge:** if some edge raised `lower`, the origin lies in front of it (`num <
//! 0`): the ray enters there, at `lower`. If none did, every plane has `num ≥ 0`:
//! the origin is in the closed polygon — strictly inside when every `num > 0` (no
//! hit; the exit is `upper` when a plane lowered it), on the boundary when the
//! smallest `num` is 0 (a hit at 0 if `upper > 0`, the ray running into the polygon
//! or along an edge; a miss if `upper = 0`, leaving at once). The boundary edge is
//! the one through the origin that the ray runs most against.
//!
//! **Through a vertex:** the two edges meeting there raise `lower` to the same value
//! (or within rounding); the first one in edge order that reaches the maximum keeps
//! it (strict `<`), as in Box2D.
//!
//! **Past a sliver's tip:** near a vertex of small angle α the two edges' planes pass a
//! point δ beyond it at only ~δ·α: for α ~ 1e-3 a line missing the tip by 1e-4 stays
//! inside every plane to f32's rounding, and the clip calls it a hit (`fuzz --seed
//! 101` pair 249362: 1.4e-4 from the polygon, hit at f = 0.5766). Such a line leaves
//! only a sliver of an interval, so a short interval
//! ([`RAY_SLIVER_INTERVAL`](crate::core::consts::RAY_SLIVER_INTERVAL)) is checked by the
//! entry point's distance to the edges — well conditioned — and beyond
//! [`RAY_SLIVER_DISTANCE`](crate::core::consts::RAY_SLIVER_DISTANCE) of the size it is a
//! miss. Box2D's `b2RayCastPolygon` has no such check.

use super::local::LocalRay;
use super::trace::{ClipAction, ClipStep};
use super::types::{RayCastOutput, RayFeature};
use crate::core::consts::{RAY_SLIVER_DISTANCE, RAY_SLIVER_INTERVAL};
use crate::core::shape::Shape;

/// The clip's state.
struct Clip {
    lower: f32,
    upper: f32,
    /// The edge that last raised `lower` / lowered `upper`.
    enter: Option<usize>,
    exit: Option<usize>,
}

/// A ray against a polygon of three or more vertices, radius 0.
#[inline(never)]
pub(super) fn ray_polygon(
    ray: &LocalRay,
    shape: &Shape,
    mut record: Option<&mut Vec<ClipStep>>,
) -> RayCastOutput {
    let (v, n) = (shape.vertices(), shape.normals());
    let base = v[0];
    let p1 = ray.origin - base;
    let d = ray.translation;
    let mut clip = Clip {
        lower: 0.0,
        upper: ray.max_fraction,
        enter: None,
        exit: None,
    };
    for (i, (&vi, &ni)) in v.iter().zip(n).enumerate() {
        let num = ni.dot((vi - base) - p1);
        let den = ni.dot(d);
        let action = clip.step(i, num, den);
        let emptied = action == ClipAction::ParallelOutside || clip.upper < clip.lower;
        // The one trace write of the core not made with `record.record(|rec| …)`: in
        // this loop, the hottest that records, the closure form costs 4–20 % of a ray
        // cast (cachegrind), so the branch is written out.
        if let Some(rec) = record.as_deref_mut() {
            let step = ClipStep {
                edge: i,
                vertex: vi,
                normal: ni,
                numerator: num,
                denominator: den,
                crossing: (den != 0.0).then(|| num / den),
                action,
                lower: clip.lower,
                upper: clip.upper,
                emptied,
            };
            record_step(ray, step, rec);
        }
        if emptied {
            return ray.missed();
        }
    }
    if let Some(i) = clip.enter {
        if clip.past_a_tip(ray, shape) {
            return ray.missed();
        }
        return ray.hit(clip.lower, RayFeature::Edge(i), n[i], None);
    }
    clip.in_closed_polygon(ray, shape)
}

/// Records a clip step, its vertex and normal (local) brought into the world (off
/// the hot path: the clip runs untraced far more often).
#[cold]
#[inline(never)]
fn record_step(ray: &LocalRay, mut step: ClipStep, rec: &mut Vec<ClipStep>) {
    let xf = &ray.input.transform;
    step.vertex = xf.apply(step.vertex);
    step.normal = xf.q.apply(step.normal);
    rec.push(step);
}

impl Clip {
    /// A sliver of an interval whose entry point lies off the polygon by more than the
    /// rounding: a line passing a sharp tip (see the module docs).
    #[inline]
    fn past_a_tip(&self, ray: &LocalRay, shape: &Shape) -> bool {
        // Past a tip, the tip's two edges are the ones that raised `lower` and lowered
        // `upper`: any other pair of planes leaves the interval alone.
        let (Some(i), Some(j)) = (self.enter, self.exit) else {
            return false;
        };
        let count = shape.vertices().len();
        (i + 1 == j || j + 1 == i || i + 1 == count + j || j + 1 == count + i)
            && self.off_the_tip(ray, shape)
    }

    /// [`Clip::past_a_tip`] once the two edges meet: a short interval's entry point
    /// farther than the rounding from every edge.
    #[cold]
    #[inline(never)]
    fn off_the_tip(&self, ray: &LocalRay, shape: &Shape) -> bool {
        let d = ray.translation;
        let r = shape.bounding_radius();
        let (w, dd, oo) = (
            self.upper - self.lower,
            d.length_squared(),
            ray.origin.length_squared(),
        );
        // The common case without a square root: size² ≤ 3·(R² + |o|² + |d|²), so an
        // interval at least this long is not a sliver.
        let k = RAY_SLIVER_INTERVAL * RAY_SLIVER_INTERVAL;
        if w * w * dd >= k * 3.0 * (r * r + oo + dd) {
            return false;
        }
        let size = r + oo.sqrt() + dd.sqrt();
        if w * dd.sqrt() >= RAY_SLIVER_INTERVAL * size {
            return false;
        }
        let x = ray.origin + self.lower * d;
        let v = shape.vertices();
        let far = RAY_SLIVER_DISTANCE * size;
        let far_squared = far * far;
        // Off the polygon by more than `far` from every edge's segment.
        (0..v.len()).all(|i| {
            let (a, b) = (v[i], v[(i + 1) % v.len()]);
            let e = b - a;
            let t = ((x - a).dot(e) / e.length_squared()).clamp(0.0, 1.0);
            (a + e * t - x).length_squared() > far_squared
        })
    }

    /// Edge `i`'s half-plane applied to the interval.
    #[inline]
    fn step(&mut self, i: usize, num: f32, den: f32) -> ClipAction {
        if den == 0.0 {
            return if num < 0.0 {
                ClipAction::ParallelOutside
            } else {
                ClipAction::ParallelInside
            };
        }
        // lower < num/den ⇔ num < lower·den when den < 0 (the inequality flips).
        if den < 0.0 {
            if num < self.lower * den {
                self.lower = num / den;
                self.enter = Some(i);
                return ClipAction::RaisesLower;
            }
            return ClipAction::KeepsLower;
        }
        if num < self.upper * den {
            self.upper = num / den;
            self.exit = Some(i);
            return ClipAction::LowersUpper;
        }
        ClipAction::KeepsUpper
    }

    /// No edge raised `lower`: the origin is in the closed polygon. A second pass
    /// over the edges (only here, so the clip itself stays Box2D's) finds the
    /// smallest `num` — 0 puts the origin on the boundary — and, among the edges
    /// through the origin, the one the ray runs most against (smallest `den`).
    #[cold]
    fn in_closed_polygon(&self, ray: &LocalRay, shape: &Shape) -> RayCastOutput {
        let (v, n) = (shape.vertices(), shape.normals());
        let p1 = ray.origin - v[0];
        let (mut min_num, mut boundary) = (f32::INFINITY, None::<(usize, f32)>);
        for i in 0..v.len() {
            // The same expressions as the clip's, so the same values.
            let num = n[i].dot((v[i] - v[0]) - p1);
            let den = n[i].dot(ray.translation);
            min_num = min_num.min(num);
            if num == 0.0 && boundary.is_none_or(|(_, b)| den < b) {
                boundary = Some((i, den));
            }
        }
        if min_num > 0.0 {
            return ray.inside(self.exit.map(|_| self.upper));
        }
        // On the boundary (min num = 0): in at once, or leaving at once.
        match boundary {
            Some((i, _)) if self.upper > 0.0 => ray.hit(0.0, RayFeature::Edge(i), n[i], None),
            _ => ray.missed(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::math::Transform;
    use crate::core::raycast::{
        ray_cast, ClipAction, RayCastInput, RayCastOutput, RayFeature, RayInput, RayMethod,
        RayTermination, RayTrace,
    };
    use crate::core::shape::Shape;
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn cast_with(s: &Shape, o: Vec2, d: Vec2, trace: Option<&mut RayTrace>) -> RayCastOutput {
        ray_cast(
            &RayCastInput::new(s, Transform::IDENTITY, RayInput::new(o, d)),
            trace,
        )
    }

    fn unit_box() -> Shape {
        Shape::cuboid(v(1.0, 1.0)).unwrap()
    }

    /// The sliver of `fuzz --seed 101` pair 249362 in its own frame (the world case,
    /// which the clip alone got wrong, is `tests/raycast.rs`): the tip check keeps a
    /// miss past the tip a miss, and lines across the sliver near the tip, whose
    /// intervals are as short and so are checked too, hits.
    #[test]
    fn a_line_past_a_slivers_tip_misses() {
        let sliver = Shape::polygon(
            &[
                v(-0.062099304, 0.9415475),
                v(0.57923317, -0.5512235),
                v(0.7846489, -1.0270672),
                v(0.3519221, -0.020220088),
            ],
            0.0,
        )
        .unwrap();
        let (o, d) = (v(-2.001864, 2.349087), v(3.3637195, -2.4405013));
        assert_eq!(
            cast_with(&sliver, o, d, None).termination,
            RayTermination::Missed
        );
        // Across the sliver (its interval as short as the tip's, so checked too): hits,
        // and so does a line through the middle of the tip's last 1 % (1e-5 wide).
        let centre = sliver.centroid();
        for aim in [centre, v(-0.062099304, 0.9415475).lerp(centre, 0.01)] {
            let hit = cast_with(&sliver, o, (aim - o) * 1.5, None);
            assert_eq!(hit.termination, RayTermination::Hit, "{aim} {hit:?}");
        }
    }

    #[test]
    fn face_hit_and_the_interval_edge_by_edge() {
        let b = unit_box();
        let mut trace = RayTrace::default();
        let out = cast_with(&b, v(-3.0, 0.5), v(4.0, 0.0), Some(&mut trace));
        assert_eq!(
            (out.termination, out.feature),
            (RayTermination::Hit, RayFeature::Edge(3))
        );
        assert_eq!((out.fraction, out.normal), (0.5, v(-1.0, 0.0)));
        assert_eq!(trace.method, RayMethod::Polygon);
        let actions: Vec<_> = trace.clip.iter().map(|s| s.action).collect();
        // Bottom: parallel inside; right: leaves at 1; top: parallel; left: enters at 0.5.
        assert_eq!(
            actions,
            [
                ClipAction::ParallelInside,
                ClipAction::KeepsUpper,
                ClipAction::ParallelInside,
                ClipAction::RaisesLower
            ]
        );
        assert_eq!((trace.clip[3].lower, trace.clip[3].upper), (0.5, 1.0));
    }

    #[test]
    fn the_clip_stops_when_the_interval_empties() {
        let b = unit_box();
        let mut trace = RayTrace::default();
        let out = cast_with(&b, v(-3.0, 2.0), v(4.0, -0.5), Some(&mut trace));
        assert_eq!(out.termination, RayTermination::Missed);
        let last = trace.clip.last().unwrap();
        assert!(last.emptied && last.upper < last.lower, "{trace:?}");
    }

    #[test]
    fn through_a_vertex() {
        // Exactly through the corner (1, 1), diagonally: edges 1 and 2 both enter at
        // f = 0.5; the first in edge order keeps it.
        let b = unit_box();
        let out = cast_with(&b, v(2.0, 2.0), v(-2.0, -2.0), None);
        assert_eq!((out.termination, out.fraction), (RayTermination::Hit, 0.5));
        assert_eq!(out.feature, RayFeature::Edge(1));
        // Grazing the corner along y = 1 from the right: parallel to the top edge and
        // on it, entering the right edge's plane at x = 1.
        let graze = cast_with(&b, v(3.0, 1.0), v(-4.0, 0.0), None);
        assert_eq!(
            (graze.termination, graze.fraction),
            (RayTermination::Hit, 0.5)
        );
        assert_eq!(graze.normal, v(1.0, 0.0));
    }

    #[test]
    fn parallel_to_an_edge() {
        let b = unit_box();
        // Inside the slab of the top and bottom edges: hits the left edge.
        assert_eq!(cast_with(&b, v(-3.0, 0.9), v(4.0, 0.0), None).fraction, 0.5);
        // Outside it: misses at the first parallel plane in front.
        let out = cast_with(&b, v(-3.0, 1.1), v(4.0, 0.0), None);
        assert_eq!(out.termination, RayTermination::Missed);
    }

    #[test]
    fn origin_on_the_boundary() {
        let b = unit_box();
        let inward = cast_with(&b, v(-1.0, 0.0), v(1.0, 0.0), None);
        assert_eq!(
            (inward.termination, inward.fraction),
            (RayTermination::Hit, 0.0)
        );
        assert_eq!(
            (inward.feature, inward.normal),
            (RayFeature::Edge(3), v(-1.0, 0.0))
        );
        let outward = cast_with(&b, v(-1.0, 0.0), v(-1.0, 0.0), None);
        assert_eq!(outward.termination, RayTermination::Missed);
        assert!(!outward.inside);
        let along = cast_with(&b, v(-1.0, 0.0), v(0.0, 1.0), None);
        assert_eq!(
            (along.termination, along.feature),
            (RayTermination::Hit, RayFeature::Edge(3))
        );
    }

    #[test]
    fn inside_reports_the_exit() {
        let b = unit_box();
        let out = cast_with(&b, v(0.0, 0.5), v(0.0, 2.0), None);
        assert_eq!(out.termination, RayTermination::Inside);
        assert!(out.inside && !out.hit);
        assert_eq!(out.exit_fraction, Some(0.25));
        let ends_inside = cast_with(&b, v(0.0, 0.5), v(0.0, 0.1), None);
        assert_eq!(ends_inside.exit_fraction, None);
    }

    #[test]
    fn far_polygon_keeps_its_precision() {
        // A unit box 1e5 from its frame's origin: the clip runs relative to vertex 0.
        let pts = [
            v(1.0e5, 0.0),
            v(1.0e5 + 1.0, 0.0),
            v(1.0e5 + 1.0, 1.0),
            v(1.0e5, 1.0),
        ];
        let b = Shape::polygon(&pts, 0.0).unwrap();
        let out = cast_with(&b, v(1.0e5 - 1.0, 0.25), v(2.0, 0.0), None);
        assert_eq!(out.fraction, 0.5);
    }
}
