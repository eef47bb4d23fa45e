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

//!
//! ## Files
//! - `mod.rs`: [`clip_polygon`] (the input checks, one clip edge, the weld, the outcome);
//! - `overlap.rs`: [`overlap_manifold`], the overlap region's deepest vertices;
//! - `trace.rs`: the trace records ([`ClipTrace`], [`VertexCase`]).
//!
//! [`Transform`]: crate::core::math::Transform

mod overlap;
mod trace;

pub use self::overlap::{overlap_manifold, OverlapManifold, OverlapPoint};
pub use self::trace::{ClipEdgeRecord, ClipTrace, VertexCase, VertexRecord};

use crate::core::consts::CLIP_WELD_TOLERANCE;
use crate::core::math::cross;
use crate::core::record::Record;
use glam::Vec2;
use serde::Serialize;

/// How the clipping ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClipTermination {
    /// The intersection has area.
    Overlap,
    /// The polygons touch: the intersection is a point or a segment (no area).
    Touching,
    /// The intersection is empty.
    Disjoint,
    /// A polygon has fewer than 3 vertices, no area, or a non-finite coordinate.
    DegenerateInput,
}

impl ClipTermination {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Output of [`clip_polygon`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClipOutput {
    /// The intersection, in the subject's winding (empty when disjoint).
    pub polygon: Vec<Vec2>,
    /// Its area (≥ 0).
    pub area: f32,
    #[serde(rename = "outcome")]
    pub termination: ClipTermination,
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
    trace.record(|t| {
        *t = ClipTrace::default();
    });
    let Some(ClipSetup { winding, weld }) = check_input(subject, clip) else {
        trace.record(|t| {
            t.termination = Some(ClipTermination::DegenerateInput);
        });
        return ClipOutput {
            polygon: Vec::new(),
            area: 0.0,
            termination: ClipTermination::DegenerateInput,
        };
    };
    trace.record(|t| {
        t.clip_ccw = Some(winding > 0.0);
    });
    let mut current: Vec<Vec2> = subject.to_vec();
    let mut next: Vec<Vec2> = Vec::with_capacity(subject.len() + clip.len());
    let m = clip.len();
    for i in 0..m {
        // i = m − 1 is the closing edge.
        let line = ClipLine::new(clip[i], clip[(i + 1) % m], winding);
        let mut records = Vec::new();
        clip_by_line(
            &current,
            &line,
            &mut next,
            trace.is_some().then_some(&mut records),
        );
        trace.record(|t| {
            t.edges.push(ClipEdgeRecord {
                edge: i,
                a: line.a,
                b: line.b,
                inward: line.inward(),
                before: current.clone(),
                after: next.clone(),
                vertices: records,
            });
        });
        std::mem::swap(&mut current, &mut next);
    }
    let polygon = weld_consecutive(current, weld);
    let (area, outcome) = classify(&polygon, weld);
    trace.record(|t| {
        t.polygon = polygon.clone();
        t.termination = Some(outcome);
    });
    ClipOutput {
        polygon,
        area,
        termination: outcome,
    }
}

/// What the clipping needs from inputs that passed [`check_input`].
struct ClipSetup {
    /// +1 for a counter-clockwise clip polygon, −1 for a clockwise one.
    winding: f32,
    /// Output vertices closer than this are merged ([`CLIP_WELD_TOLERANCE`] × size).
    weld: f32,
}

/// The degenerate-input checks: both polygons need at least 3 finite vertices and an
/// area above the weld tolerance squared. `None` for degenerate input.
fn check_input(subject: &[Vec2], clip: &[Vec2]) -> Option<ClipSetup> {
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
        return None;
    }
    Some(ClipSetup {
        winding: clip_area.signum(),
        weld,
    })
}

/// One clip edge `a → b` as a line, with the sign that makes the kept side positive.
struct ClipLine {
    a: Vec2,
    b: Vec2,
    edge: Vec2,
    len: f32,
    winding: f32,
}

impl ClipLine {
    #[inline]
    fn new(a: Vec2, b: Vec2, winding: f32) -> ClipLine {
        let edge = b - a;
        ClipLine {
            a,
            b,
            edge,
            len: edge.length(),
            winding,
        }
    }

    /// Signed distance of `p` from the line (inside ≥ 0).
    #[inline]
    fn dist(&self, p: Vec2) -> f32 {
        self.winding * cross(self.edge, p - self.a) / self.len
    }

    /// Unit normal pointing into the kept side.
    fn inward(&self) -> Vec2 {
        let edge = self.edge;
        self.winding * Vec2::new(-edge.y, edge.x) / self.len
    }
}

/// Clips `current` against one edge's line into `next` (cleared first): the walk
/// over the subject's edges, previous vertex → current vertex, with the four cases of
/// the module docs. `records`, when given, receives one record per vertex.
fn clip_by_line(
    current: &[Vec2],
    line: &ClipLine,
    next: &mut Vec<Vec2>,
    mut records: Option<&mut Vec<VertexRecord>>,
) {
    next.clear();
    let n = current.len();
    for k in 0..n {
        let prev = current[(k + n - 1) % n];
        let cur = current[k];
        let (dp, dc) = (line.dist(prev), line.dist(cur));
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
        if let Some(r) = records.as_deref_mut() {
            r.push(VertexRecord {
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
}

/// Merges consecutive vertices within `weld` of each other (including last → first).
fn weld_consecutive(current: Vec<Vec2>, weld: f32) -> Vec<Vec2> {
    let mut polygon: Vec<Vec2> = Vec::with_capacity(current.len());
    for p in current {
        if polygon.last().is_none_or(|q| q.distance(p) > weld) {
            polygon.push(p);
        }
    }
    while polygon.len() > 1 && polygon[0].distance(polygon[polygon.len() - 1]) <= weld {
        polygon.pop();
    }
    polygon
}

/// The area of the welded intersection and what it is: empty, no thicker than the
/// weld tolerance (a segment or a point), or an overlap.
fn classify(polygon: &[Vec2], weld: f32) -> (f32, ClipTermination) {
    let area = 0.5 * twice_area(polygon).abs();
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
        ClipTermination::Disjoint
    } else if polygon.len() < 3 || area <= weld * extent {
        ClipTermination::Touching
    } else {
        ClipTermination::Overlap
    };
    (area, outcome)
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
        assert_eq!(out.termination, ClipTermination::Overlap, "{out:?}");
        assert!((out.area - 0.1).abs() < 0.01, "{out:?}");
        let big = [
            v(-1000.0, -5.0),
            v(1000.0, -5.0),
            v(1000.0, 5.0),
            v(-1000.0, 5.0),
        ];
        let pebble = [v(3.0, 4.996), v(3.01, 5.006), v(2.99, 5.006)];
        let out = clip_polygon(&pebble, &big, None);
        assert_eq!(out.termination, ClipTermination::Overlap, "{out:?}");
        assert!((out.area - 1.6e-5).abs() < 1e-6, "{out:?}");
        // Edge to edge is still touching.
        let out = clip_polygon(&square(far + v(0.0, 1.0), 0.5), &square(far, 0.5), None);
        assert_eq!(out.termination, ClipTermination::Touching, "{out:?}");
    }

    #[test]
    fn overlapping_squares_either_winding() {
        let s = square(v(0.0, 0.0), 1.0);
        let c = square(v(1.0, 1.0), 1.0);
        let expected = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
        let out = clip_polygon(&s, &c, None);
        assert_eq!(out.termination, ClipTermination::Overlap);
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
            clip_polygon(&a, &square(v(5.0, 0.0), 1.0), None).termination,
            ClipTermination::Disjoint
        );
        let touch = clip_polygon(&a, &square(v(2.0, 0.0), 1.0), None);
        assert_eq!(touch.termination, ClipTermination::Touching, "{touch:?}");
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
            clip_polygon(&a, &flat, None).termination,
            ClipTermination::DegenerateInput
        );
        assert_eq!(
            clip_polygon(&flat, &a, None).termination,
            ClipTermination::DegenerateInput
        );
        let nan = vec![v(f32::NAN, 0.0), v(1.0, 0.0), v(0.0, 1.0)];
        assert_eq!(
            clip_polygon(&a, &nan, None).termination,
            ClipTermination::DegenerateInput
        );
    }
}
