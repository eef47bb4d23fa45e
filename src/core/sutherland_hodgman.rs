//! Sutherland–Hodgman polygon clipping: the intersection of two convex polygons, and
//! the overlap region's deepest vertices as an alternative contact manifold.
//!
//! Frame convention: [`clip_polygon`] takes two polygons in one frame (any) and
//! answers in that frame; [`overlap_manifold`] takes shapes placed by
//! [`Transform`]s and answers in **world** space, normal from A to B.
//!
//! ## The method (ALGORITHMS.md §2; Box2D's "vertex clip")
//! The subject polygon is clipped by each edge of the convex clip polygon in turn,
//! **including the closing edge** (last vertex → first), which the source post's loop
//! forgets. For one clip edge `a → b`, the signed distance of a point `p` is
//! `d(p) = w · cross(b − a, p − a) / |b − a|`, where `w` is +1 for a counter-clockwise
//! clip polygon and −1 for a clockwise one (the post's side test assumes one winding);
//! `d ≥ 0` is inside. Walking the subject's edges (previous vertex → current vertex):
//! 1. outside → inside: keep the crossing point and the current vertex;
//! 2. inside → outside: keep the crossing point only (the previous vertex was already
//!    kept when it was the current one — the post's case 2 keeps it twice);
//! 3. outside → outside: keep nothing;
//! 4. inside → inside: keep the current vertex.
//!
//! The crossing point is `prev + (cur − prev)·d_prev / (d_prev − d_cur)` (similar
//! triangles; the distances have opposite signs, so the denominator is never zero).
//! The subject's winding is kept. Consecutive output vertices closer than
//! [`CLIP_WELD_TOLERANCE`] of the polygons' size are merged, so a clip line through a
//! vertex leaves no zero-length edge.

use crate::core::consts::{CLIP_WELD_TOLERANCE, MAX_MANIFOLD_POINTS};
use crate::core::math::{cross, right_perp, Transform};
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// The four cases of the walk, for one subject vertex (the edge from the previous
/// vertex to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VertexCase {
    /// Outside → inside: keep the crossing and the current vertex.
    OutToIn,
    /// Inside → outside: keep the crossing.
    InToOut,
    /// Outside → outside: keep nothing.
    OutToOut,
    /// Inside → inside: keep the current vertex.
    InToIn,
}

impl VertexCase {
    pub fn as_str(self) -> &'static str {
        match self {
            VertexCase::OutToIn => "out_to_in",
            VertexCase::InToOut => "in_to_out",
            VertexCase::OutToOut => "out_to_out",
            VertexCase::InToIn => "in_to_in",
        }
    }
}

/// How the clipping ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClipOutcome {
    /// The intersection has area.
    Overlap,
    /// The polygons touch: the intersection is a point or a segment (no area).
    Touching,
    /// The intersection is empty.
    Disjoint,
    /// A polygon has fewer than 3 vertices, no area, or a non-finite coordinate.
    DegenerateInput,
}

impl ClipOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            ClipOutcome::Overlap => "overlap",
            ClipOutcome::Touching => "touching",
            ClipOutcome::Disjoint => "disjoint",
            ClipOutcome::DegenerateInput => "degenerate_input",
        }
    }
}

/// Output of [`clip_polygon`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClipOutput {
    /// The intersection, in the subject's winding (empty when disjoint).
    pub polygon: Vec<Vec2>,
    /// Its area (≥ 0).
    pub area: f32,
    pub outcome: ClipOutcome,
}

/// One subject vertex as one clip edge saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VertexRecord {
    pub previous: Vec2,
    pub current: Vec2,
    /// Signed distances from the clip line (inside ≥ 0).
    pub d_previous: f32,
    pub d_current: f32,
    pub case: VertexCase,
    /// The crossing point, in cases 1 and 2.
    pub crossing: Option<Vec2>,
    /// What this vertex added to the output, in order.
    pub emitted: Vec<Vec2>,
}

/// One clip edge: the polygon before and after, and each vertex's case.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClipEdgeRecord {
    /// Clip polygon edge index (edge `i` runs from vertex `i` to `i + 1`; the last is
    /// the closing edge).
    pub edge: usize,
    pub a: Vec2,
    pub b: Vec2,
    /// Unit normal pointing into the kept side.
    pub inward: Vec2,
    pub before: Vec<Vec2>,
    pub after: Vec<Vec2>,
    pub vertices: Vec<VertexRecord>,
}

/// The Sutherland–Hodgman trace: one record per clip edge.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ClipTrace {
    /// True when the clip polygon winds counter-clockwise.
    pub clip_ccw: Option<bool>,
    pub edges: Vec<ClipEdgeRecord>,
    /// The output after welding.
    pub polygon: Vec<Vec2>,
    pub outcome: Option<ClipOutcome>,
}

/// Twice the signed area (positive counter-clockwise).
fn twice_area(p: &[Vec2]) -> f32 {
    if p.len() < 3 {
        return 0.0;
    }
    let o = p[0];
    (1..p.len() - 1)
        .map(|i| cross(p[i] - o, p[i + 1] - o))
        .sum()
}

fn size_of(polys: &[&[Vec2]]) -> f32 {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    for p in polys.iter().flat_map(|p| p.iter()) {
        lo = lo.min(*p);
        hi = hi.max(*p);
    }
    (hi - lo)
        .max_element()
        .max(lo.abs().max_element())
        .max(hi.abs().max_element())
}

/// Clips the convex polygon `subject` by the convex polygon `clip` (either winding,
/// each). `trace`, when given, is cleared and filled with one record per clip edge.
pub fn clip_polygon(
    subject: &[Vec2],
    clip: &[Vec2],
    mut trace: Option<&mut ClipTrace>,
) -> ClipOutput {
    if let Some(t) = trace.as_deref_mut() {
        *t = ClipTrace::default();
    }
    let finite = subject.iter().chain(clip).all(|p| p.is_finite());
    let clip_area = twice_area(clip);
    let subject_area = twice_area(subject);
    let size = if finite {
        size_of(&[subject, clip])
    } else {
        0.0
    };
    let weld = CLIP_WELD_TOLERANCE * size;
    if !finite
        || subject.len() < 3
        || clip.len() < 3
        || clip_area.abs() <= weld * weld
        || subject_area.abs() <= weld * weld
    {
        if let Some(t) = trace {
            t.outcome = Some(ClipOutcome::DegenerateInput);
        }
        return ClipOutput {
            polygon: Vec::new(),
            area: 0.0,
            outcome: ClipOutcome::DegenerateInput,
        };
    }
    let winding = clip_area.signum();
    if let Some(t) = trace.as_deref_mut() {
        t.clip_ccw = Some(winding > 0.0);
    }
    let mut current: Vec<Vec2> = subject.to_vec();
    let mut next: Vec<Vec2> = Vec::with_capacity(subject.len() + clip.len());
    let m = clip.len();
    for i in 0..m {
        let a = clip[i];
        let b = clip[(i + 1) % m]; // i = m − 1 is the closing edge
        let edge = b - a;
        let len = edge.length();
        let inward = winding * Vec2::new(-edge.y, edge.x) / len;
        let dist = |p: Vec2| winding * cross(edge, p - a) / len;
        next.clear();
        let mut records = Vec::new();
        let n = current.len();
        for k in 0..n {
            let prev = current[(k + n - 1) % n];
            let cur = current[k];
            let (dp, dc) = (dist(prev), dist(cur));
            let start = next.len();
            let (case, crossing) = match (dp >= 0.0, dc >= 0.0) {
                (false, true) => {
                    let x = prev + (cur - prev) * (dp / (dp - dc));
                    next.push(x);
                    next.push(cur);
                    (VertexCase::OutToIn, Some(x))
                }
                (true, false) => {
                    let x = prev + (cur - prev) * (dp / (dp - dc));
                    next.push(x);
                    (VertexCase::InToOut, Some(x))
                }
                (false, false) => (VertexCase::OutToOut, None),
                (true, true) => {
                    next.push(cur);
                    (VertexCase::InToIn, None)
                }
            };
            if trace.is_some() {
                records.push(VertexRecord {
                    previous: prev,
                    current: cur,
                    d_previous: dp,
                    d_current: dc,
                    case,
                    crossing,
                    emitted: next[start..].to_vec(),
                });
            }
        }
        if let Some(t) = trace.as_deref_mut() {
            t.edges.push(ClipEdgeRecord {
                edge: i,
                a,
                b,
                inward,
                before: current.clone(),
                after: next.clone(),
                vertices: records,
            });
        }
        std::mem::swap(&mut current, &mut next);
    }
    // Weld consecutive near-duplicates (including last → first).
    let mut polygon: Vec<Vec2> = Vec::with_capacity(current.len());
    for p in current {
        if polygon.last().is_none_or(|q| q.distance(p) > weld) {
            polygon.push(p);
        }
    }
    while polygon.len() > 1 && polygon[0].distance(polygon[polygon.len() - 1]) <= weld {
        polygon.pop();
    }
    let area = 0.5 * twice_area(&polygon).abs();
    // No thicker than the weld tolerance: a segment or a point. The area is compared
    // with weld × the polygon's own extent, not the inputs' `size`, which includes
    // their distance from the origin (at 5e4 a 0.1-deep overlap came out "touching";
    // scenes/huge_coordinates.ron) and the other shape's size (a small shape sunk in
    // a large one; scenes/tiny_vs_huge.ron).
    let extent = if polygon.is_empty() {
        0.0
    } else {
        let (lo, hi) = polygon
            .iter()
            .fold((polygon[0], polygon[0]), |(lo, hi), p| {
                (lo.min(*p), hi.max(*p))
            });
        (hi - lo).max_element()
    };
    let outcome = if polygon.is_empty() {
        ClipOutcome::Disjoint
    } else if polygon.len() < 3 || area <= weld * extent {
        ClipOutcome::Touching
    } else {
        ClipOutcome::Overlap
    };
    if let Some(t) = trace {
        t.polygon = polygon.clone();
        t.outcome = Some(outcome);
    }
    ClipOutput {
        polygon,
        area,
        outcome,
    }
}

/// A contact point of the overlap-region manifold. World space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct OverlapPoint {
    /// The point on A's boundary: where the ray from `point_b` along the normal leaves
    /// the overlap region.
    pub point_a: Vec2,
    /// An overlap-region vertex, on B's boundary, deep inside A.
    pub point_b: Vec2,
    /// `(point_b − point_a)·normal` (≤ 0).
    pub separation: f32,
    /// Index of `point_b` in the overlap polygon (not a stable feature id: the overlap
    /// polygon's numbering changes with the configuration).
    pub vertex: usize,
}

/// Output of [`overlap_manifold`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OverlapManifold {
    /// The overlap region of the cores (world space, counter-clockwise).
    pub polygon: Vec<Vec2>,
    pub outcome: ClipOutcome,
    /// The unit normal used (from A to B).
    pub normal: Vec2,
    pub points: Vec<OverlapPoint>,
}

/// The overlap region of A's and B's cores (radii ignored; both need ≥ 3 vertices)
/// and, as an alternative manifold, its vertices on B's boundary that lie deep in A
/// along `normal` (from A to B): for each overlap vertex `v`, the ray `v + t·n` leaves
/// the region at `t = h(v)`; vertices with `h > 0` (beyond the weld tolerance) are B's
/// points pushed into A, with `point_a = v + h·n` on A's boundary and separation
/// `−h`. Of those, the two extreme along the tangent are kept (a 2D manifold has at
/// most two points). `trace` receives the Sutherland–Hodgman walk.
pub fn overlap_manifold(
    shape_a: &Shape,
    xf_a: &Transform,
    shape_b: &Shape,
    xf_b: &Transform,
    normal: Vec2,
    trace: Option<&mut ClipTrace>,
) -> OverlapManifold {
    let pa: Vec<Vec2> = shape_a.vertices().iter().map(|v| xf_a.apply(*v)).collect();
    let pb: Vec<Vec2> = shape_b.vertices().iter().map(|v| xf_b.apply(*v)).collect();
    let n = normal.normalize_or_zero();
    let clipped = clip_polygon(&pa, &pb, trace);
    let mut out = OverlapManifold {
        polygon: clipped.polygon,
        outcome: clipped.outcome,
        normal: n,
        points: Vec::new(),
    };
    if out.outcome != ClipOutcome::Overlap || n == Vec2::ZERO {
        return out;
    }
    let poly = &out.polygon;
    let size = size_of(&[poly]);
    let weld = CLIP_WELD_TOLERANCE * size;
    let ccw = twice_area(poly) > 0.0;
    let k = poly.len();
    // Exit parameter of the ray v + t·n from the convex region. Edges within
    // EXIT_PARALLEL (a sine) of the ray's direction are skipped: the ray runs along
    // them, and rounding would make a vertex on such an edge "exit" at once.
    const EXIT_PARALLEL: f32 = 1.0e-4;
    let exit = |v: Vec2| -> f32 {
        let mut h = f32::INFINITY;
        for i in 0..k {
            let a = poly[i];
            let e = poly[(i + 1) % k] - a;
            let out_n = if ccw { right_perp(e) } else { -right_perp(e) }.normalize_or_zero();
            let denom = n.dot(out_n);
            if denom > EXIT_PARALLEL {
                h = h.min((a - v).dot(out_n) / denom);
            }
        }
        if h.is_finite() {
            h.max(0.0)
        } else {
            0.0
        }
    };
    let tangent = Vec2::new(-n.y, n.x);
    let mut lo: Option<(f32, OverlapPoint)> = None;
    let mut hi: Option<(f32, OverlapPoint)> = None;
    for (i, v) in poly.iter().enumerate() {
        let h = exit(*v);
        if h <= weld {
            continue;
        }
        let p = OverlapPoint {
            point_a: *v + h * n,
            point_b: *v,
            separation: -h,
            vertex: i,
        };
        let s = v.dot(tangent);
        if lo.is_none_or(|(l, _)| s < l) {
            lo = Some((s, p));
        }
        if hi.is_none_or(|(u, _)| s > u) {
            hi = Some((s, p));
        }
    }
    if let Some((_, p)) = lo {
        out.points.push(p);
    }
    if let Some((_, p)) = hi {
        if out.points.first().is_none_or(|q| q.vertex != p.vertex) {
            out.points.push(p);
        }
    }
    debug_assert!(out.points.len() <= MAX_MANIFOLD_POINTS);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn square(c: Vec2, h: f32) -> Vec<Vec2> {
        vec![c + v(-h, -h), c + v(h, -h), c + v(h, h), c + v(-h, h)]
    }

    fn same_polygon(a: &[Vec2], b: &[Vec2], tol: f32) -> bool {
        a.len() == b.len()
            && (0..b.len()).any(|s| (0..a.len()).all(|i| a[i].distance(b[(i + s) % b.len()]) < tol))
    }

    /// A thin overlap far from the origin, or of a small polygon with a large one,
    /// has area: the touching test uses the region's own extent.
    #[test]
    fn thin_overlap_far_away_or_small_is_an_overlap() {
        let far = v(5.0e4, -3.0e4);
        let out = clip_polygon(&square(far + v(0.0, 0.9), 0.5), &square(far, 0.5), None);
        assert_eq!(out.outcome, ClipOutcome::Overlap, "{out:?}");
        assert!((out.area - 0.1).abs() < 0.01, "{out:?}");
        let big = [
            v(-1000.0, -5.0),
            v(1000.0, -5.0),
            v(1000.0, 5.0),
            v(-1000.0, 5.0),
        ];
        let pebble = [v(3.0, 4.996), v(3.01, 5.006), v(2.99, 5.006)];
        let out = clip_polygon(&pebble, &big, None);
        assert_eq!(out.outcome, ClipOutcome::Overlap, "{out:?}");
        assert!((out.area - 1.6e-5).abs() < 1e-6, "{out:?}");
        // Edge to edge is still touching.
        let out = clip_polygon(&square(far + v(0.0, 1.0), 0.5), &square(far, 0.5), None);
        assert_eq!(out.outcome, ClipOutcome::Touching, "{out:?}");
    }

    #[test]
    fn overlapping_squares_either_winding() {
        let s = square(v(0.0, 0.0), 1.0);
        let c = square(v(1.0, 1.0), 1.0);
        let expected = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
        let out = clip_polygon(&s, &c, None);
        assert_eq!(out.outcome, ClipOutcome::Overlap);
        assert!(
            same_polygon(&out.polygon, &expected, 1e-6),
            "{:?}",
            out.polygon
        );
        assert!((out.area - 1.0).abs() < 1e-6);
        // Clockwise clip polygon: same intersection.
        let mut cw = c.clone();
        cw.reverse();
        let out = clip_polygon(&s, &cw, None);
        assert!(
            same_polygon(&out.polygon, &expected, 1e-6),
            "{:?}",
            out.polygon
        );
        // Clockwise subject: same region, clockwise.
        let mut scw = s.clone();
        scw.reverse();
        let out = clip_polygon(&scw, &c, None);
        assert!(twice_area(&out.polygon) < 0.0);
        assert!((out.area - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_closing_edge_clips_too() {
        // Only the clip polygon's closing edge (last → first, the left side x = 0)
        // cuts the subject: without it the subject would come out whole.
        let clip = vec![v(0.0, -5.0), v(5.0, -5.0), v(5.0, 5.0), v(0.0, 5.0)];
        let subject = square(v(0.0, 0.0), 1.0);
        let mut t = ClipTrace::default();
        let out = clip_polygon(&subject, &clip, Some(&mut t));
        assert!((out.area - 2.0).abs() < 1e-6, "{:?}", out.polygon);
        assert_eq!(t.edges.len(), 4);
        let closing = &t.edges[3];
        assert_eq!(closing.before.len(), 4);
        assert_eq!(closing.after.len(), 4);
        assert!(closing.after.iter().all(|p| p.x >= -1e-6));
        let cases: Vec<VertexCase> = closing.vertices.iter().map(|r| r.case).collect();
        assert_eq!(
            cases,
            vec![
                VertexCase::OutToOut,
                VertexCase::OutToIn,
                VertexCase::InToIn,
                VertexCase::InToOut
            ]
        );
    }

    #[test]
    fn disjoint_touching_and_contained() {
        let a = square(v(0.0, 0.0), 1.0);
        assert_eq!(
            clip_polygon(&a, &square(v(5.0, 0.0), 1.0), None).outcome,
            ClipOutcome::Disjoint
        );
        let touch = clip_polygon(&a, &square(v(2.0, 0.0), 1.0), None);
        assert_eq!(touch.outcome, ClipOutcome::Touching, "{touch:?}");
        assert!(touch.polygon.iter().all(|p| (p.x - 1.0).abs() < 1e-6));
        let inner = square(v(0.2, 0.1), 0.3);
        let out = clip_polygon(&inner, &a, None);
        assert!(same_polygon(&out.polygon, &inner, 1e-6));
        let out = clip_polygon(&a, &inner, None);
        assert!(same_polygon(&out.polygon, &inner, 1e-6));
    }

    #[test]
    fn degenerate_input_is_refused() {
        let a = square(v(0.0, 0.0), 1.0);
        let flat = vec![v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)];
        assert_eq!(
            clip_polygon(&a, &flat, None).outcome,
            ClipOutcome::DegenerateInput
        );
        assert_eq!(
            clip_polygon(&flat, &a, None).outcome,
            ClipOutcome::DegenerateInput
        );
        let nan = vec![v(f32::NAN, 0.0), v(1.0, 0.0), v(0.0, 1.0)];
        assert_eq!(
            clip_polygon(&a, &nan, None).outcome,
            ClipOutcome::DegenerateInput
        );
    }

    #[test]
    fn overlap_manifold_of_box_on_box() {
        let ground = Shape::cuboid(v(2.0, 0.5)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let m = overlap_manifold(
            &ground,
            &Transform::IDENTITY,
            &b,
            &Transform::new(v(0.3, 0.95), 0.0),
            v(0.0, 1.0),
            None,
        );
        assert_eq!(m.outcome, ClipOutcome::Overlap);
        assert_eq!(m.points.len(), 2, "{m:?}");
        for p in &m.points {
            assert!((p.separation + 0.05).abs() < 1e-5, "{p:?}");
            assert!((p.point_b.y - 0.45).abs() < 1e-5);
            assert!((p.point_a.y - 0.5).abs() < 1e-5);
        }
        // A tilted box with one corner in: one point, the corner.
        let m = overlap_manifold(
            &ground,
            &Transform::IDENTITY,
            &b,
            &Transform::new(v(0.0, 1.1), 0.3),
            v(0.0, 1.0),
            None,
        );
        assert_eq!(m.points.len(), 1, "{m:?}");
        let corner_y = 1.1 - 0.5 * (0.3f32.cos() + 0.3f32.sin());
        assert!((m.points[0].point_b.y - corner_y).abs() < 1e-5);
        assert!((m.points[0].separation - (corner_y - 0.5)).abs() < 1e-5);
    }
}
