//! The GJK simplex: its vertices (support pairs and their difference), the
//! closest point and witness points from the barycentric weights, and its reduction
//! to the feature nearest the origin (Solve2 / Solve3, by Voronoi regions), with the
//! search direction and the separation normal it gives.

use crate::core::math::{cross, left_perp, Transform};
use glam::Vec2;
use serde::Serialize;

/// A vertex of the simplex: a point on each shape and their difference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SimplexVertex {
    /// Support point on A.
    pub w_a: Vec2,
    /// Support point on B.
    pub w_b: Vec2,
    /// `w_b − w_a`, a point of the Minkowski difference B − A.
    pub w: Vec2,
    /// Barycentric weight of this vertex in the closest point.
    pub a: f32,
    /// Index of the core vertex of A.
    pub index_a: u8,
    /// Index of the core vertex of B.
    pub index_b: u8,
}

/// The GJK simplex: 1 to 3 vertices.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Simplex {
    pub v: [SimplexVertex; 3],
    pub count: usize,
}

/// Where the origin lies relative to the simplex that was solved. Indices refer to
/// the simplex *before* reduction (as recorded in the trace step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VoronoiRegion {
    /// The vertex region of simplex vertex `i`: only it remains.
    Vertex(u8),
    /// The edge region of simplex vertices `i`–`j`: both remain.
    Edge(u8, u8),
    /// Inside the triangle: the origin is enclosed.
    Interior,
}

impl Simplex {
    /// The vertices in use.
    #[inline]
    pub fn vertices(&self) -> &[SimplexVertex] {
        &self.v[..self.count]
    }

    /// Point of the simplex closest to the origin (from the barycentric weights).
    #[inline]
    pub fn closest_point(&self) -> Vec2 {
        match self.count {
            1 => self.v[0].w,
            2 => self.v[0].a * self.v[0].w + self.v[1].a * self.v[1].w,
            _ => Vec2::ZERO,
        }
    }

    /// Witness points on A and B.
    #[inline]
    pub fn witness_points(&self) -> (Vec2, Vec2) {
        let v = &self.v;
        match self.count {
            1 => (v[0].w_a, v[0].w_b),
            2 => (
                v[0].a * v[0].w_a + v[1].a * v[1].w_a,
                v[0].a * v[0].w_b + v[1].a * v[1].w_b,
            ),
            _ => {
                let p = v[0].a * v[0].w_a + v[1].a * v[1].w_a + v[2].a * v[2].w_a;
                (p, p)
            }
        }
    }

    /// The cache metric: 0 for a point, the length for a segment, the signed area
    /// (times two) for a triangle.
    #[inline]
    pub(super) fn metric(&self) -> f32 {
        match self.count {
            2 => self.v[0].w.distance(self.v[1].w),
            3 => cross(self.v[1].w - self.v[0].w, self.v[2].w - self.v[0].w),
            _ => 0.0,
        }
    }

    /// The same simplex in world space (A's frame given by `xf_a`).
    #[inline]
    pub(super) fn to_world(self, xf_a: &Transform) -> Simplex {
        let mut out = self;
        for v in out.v[..self.count].iter_mut() {
            v.w_a = xf_a.apply(v.w_a);
            v.w_b = xf_a.apply(v.w_b);
            v.w = xf_a.q.apply(v.w);
        }
        out
    }

    /// `v[to] = v[from]`, field by field. The vertex was usually just written field
    /// by field (the support point pushed by the previous iteration); a whole-struct
    /// copy reads it back in 16-byte pieces that straddle those narrower stores,
    /// which the store buffer cannot forward: the copy waited for the stores to
    /// reach the cache, on the critical path of every iteration (distance queries
    /// were 15 % slower). Read with the widths they were written, the fields forward.
    #[inline(always)]
    fn move_vertex(&mut self, from: usize, to: usize) {
        let v = &self.v[from];
        let (w_a, w_b, w, a) = (v.w_a, v.w_b, v.w, v.a);
        let (index_a, index_b) = (v.index_a, v.index_b);
        let t = &mut self.v[to];
        t.w_a = w_a;
        t.w_b = w_b;
        t.w = w;
        t.a = a;
        t.index_a = index_a;
        t.index_b = index_b;
    }

    /// Reduces the simplex to the feature nearest the origin and sets its
    /// barycentric weights; returns where the origin fell.
    #[inline(always)]
    pub(crate) fn solve(&mut self) -> VoronoiRegion {
        match self.count {
            1 => {
                self.v[0].a = 1.0;
                VoronoiRegion::Vertex(0)
            }
            2 => solve2(self),
            _ => solve3(self),
        }
    }
}

/// Solve2: the segment w1–w2. Reduces the simplex to the feature nearest the origin.
///
/// With `e12 = w2 − w1`, the origin's projection parameter on the segment is
/// `t = −w1·e12 / |e12|²`. Writing `d12_2 = −w1·e12` and `d12_1 = w2·e12`
/// (so `d12_1 + d12_2 = |e12|²`): `d12_2 ≤ 0` means `t ≤ 0` (vertex w1),
/// `d12_1 ≤ 0` means `t ≥ 1` (vertex w2), else the weights are
/// `a1 = d12_1 / |e12|²`, `a2 = d12_2 / |e12|²`.
///
/// Solve2 and Solve3 are always inlined: left to the inliner, Solve3 becomes a call
/// when the loop works on a simplex behind a reference, with spills around it.
#[inline(always)]
fn solve2(s: &mut Simplex) -> VoronoiRegion {
    let w1 = s.v[0].w;
    let w2 = s.v[1].w;
    let e12 = w2 - w1;
    let d12_2 = -w1.dot(e12);
    if d12_2 <= 0.0 {
        s.v[0].a = 1.0;
        s.count = 1;
        return VoronoiRegion::Vertex(0);
    }
    let d12_1 = w2.dot(e12);
    if d12_1 <= 0.0 {
        s.v[1].a = 1.0;
        s.move_vertex(1, 0);
        s.count = 1;
        return VoronoiRegion::Vertex(1);
    }
    let inv = 1.0 / (d12_1 + d12_2);
    s.v[0].a = d12_1 * inv;
    s.v[1].a = d12_2 * inv;
    s.count = 2;
    VoronoiRegion::Edge(0, 1)
}

/// Solve3: the triangle w1 w2 w3.
///
/// The edge terms are Solve2's for each edge. The triangle terms are the signed
/// areas of the sub-triangles opposite each vertex, taken with the sign of the whole
/// triangle `n = cross(e12, e13)`: `d123_1 = n·cross(w2, w3)` is positive when the
/// origin is on the inner side of edge 23, and so on. Vertex regions are tested
/// first, then edge regions; what remains is the interior.
#[inline(always)]
fn solve3(s: &mut Simplex) -> VoronoiRegion {
    let w1 = s.v[0].w;
    let w2 = s.v[1].w;
    let w3 = s.v[2].w;

    let e12 = w2 - w1;
    let d12_1 = w2.dot(e12);
    let d12_2 = -w1.dot(e12);

    let e13 = w3 - w1;
    let d13_1 = w3.dot(e13);
    let d13_2 = -w1.dot(e13);

    let e23 = w3 - w2;
    let d23_1 = w3.dot(e23);
    let d23_2 = -w2.dot(e23);

    let n123 = cross(e12, e13);
    let d123_1 = n123 * cross(w2, w3);
    let d123_2 = n123 * cross(w3, w1);
    let d123_3 = n123 * cross(w1, w2);

    // Vertex region w1.
    if d12_2 <= 0.0 && d13_2 <= 0.0 {
        s.v[0].a = 1.0;
        s.count = 1;
        return VoronoiRegion::Vertex(0);
    }
    // Edge region e12.
    if d12_1 > 0.0 && d12_2 > 0.0 && d123_3 <= 0.0 {
        let inv = 1.0 / (d12_1 + d12_2);
        s.v[0].a = d12_1 * inv;
        s.v[1].a = d12_2 * inv;
        s.count = 2;
        return VoronoiRegion::Edge(0, 1);
    }
    // Edge region e13.
    if d13_1 > 0.0 && d13_2 > 0.0 && d123_2 <= 0.0 {
        let inv = 1.0 / (d13_1 + d13_2);
        s.v[0].a = d13_1 * inv;
        s.v[2].a = d13_2 * inv;
        s.move_vertex(2, 1);
        s.count = 2;
        return VoronoiRegion::Edge(0, 2);
    }
    // Vertex region w2.
    if d12_1 <= 0.0 && d23_2 <= 0.0 {
        s.v[1].a = 1.0;
        s.move_vertex(1, 0);
        s.count = 1;
        return VoronoiRegion::Vertex(1);
    }
    // Vertex region w3.
    if d13_1 <= 0.0 && d23_1 <= 0.0 {
        s.v[2].a = 1.0;
        s.move_vertex(2, 0);
        s.count = 1;
        return VoronoiRegion::Vertex(2);
    }
    // Edge region e23.
    if d23_1 > 0.0 && d23_2 > 0.0 && d123_1 <= 0.0 {
        let inv = 1.0 / (d23_1 + d23_2);
        s.v[1].a = d23_1 * inv;
        s.v[2].a = d23_2 * inv;
        s.move_vertex(2, 0);
        s.count = 2;
        return VoronoiRegion::Edge(1, 2);
    }
    // Interior.
    let inv = 1.0 / (d123_1 + d123_2 + d123_3);
    s.v[0].a = d123_1 * inv;
    s.v[1].a = d123_2 * inv;
    s.v[2].a = d123_3 * inv;
    s.count = 3;
    VoronoiRegion::Interior
}

/// Unit normal from A to B (A's frame) of cores that are apart, from the final simplex:
/// `w/|w|` for a point, the edge's perpendicular on the far side from the origin for a
/// segment. `None` when it is not defined (a zero edge or the origin on its line).
///
/// The same direction as `(pB − pA) / |pB − pA|` in exact arithmetic, but that quotient
/// loses its direction when the distance is tiny compared with the coordinates (the
/// difference of two rounded points, divided by a tiny length): a circle whose centre
/// lay 3e-6 from a capsule's core segment got a normal 0.02 rad off, which then needs
/// 1.3% more than the depth to separate. The edge perpendicular, computed like the
/// search direction, stays accurate.
pub(crate) fn separation_normal(s: &Simplex) -> Option<Vec2> {
    match s.count {
        1 => s.v[0].w.try_normalize(),
        2 => {
            let e12 = s.v[1].w - s.v[0].w;
            // `search_direction` points towards the origin; the normal points away.
            let side = cross(e12, -s.v[0].w);
            let n = if side > 0.0 {
                -left_perp(e12)
            } else if side < 0.0 {
                left_perp(e12)
            } else {
                return None;
            };
            n.try_normalize()
        }
        _ => None,
    }
}

/// Direction from the simplex towards the origin, not normalised, and the distance
/// of the origin from the simplex's point/line (for the "direction ~zero" test).
///
/// For a segment the direction is the edge perpendicular on the origin's side
/// (the sign of `cross(e12, −w1)`), which stays accurate when the closest point is
/// tiny compared with the segment (Box2D).
#[inline]
pub(crate) fn search_direction(s: &Simplex) -> (Vec2, f32) {
    let (d, dist, _) = search_direction_len(s);
    (d, dist)
}

/// [`search_direction`] and the direction's length `|d|`, bit for bit what
/// `d.length()` gives: `d` is `−w1` (the same squares) or `±perp(e12)` (the squares
/// of `e12` summed in the other order, and f32 addition commutes), so the progress
/// test reuses the square root taken here instead of taking another.
#[inline(always)]
pub(crate) fn search_direction_len(s: &Simplex) -> (Vec2, f32, f32) {
    match s.count {
        1 => {
            let len = s.v[0].w.length();
            (-s.v[0].w, len, len)
        }
        _ => {
            let e12 = s.v[1].w - s.v[0].w;
            let sgn = cross(e12, -s.v[0].w);
            let len = e12.length();
            let dist = if len > 0.0 { sgn.abs() / len } else { 0.0 };
            let perp = left_perp(e12);
            (if sgn > 0.0 { perp } else { -perp }, dist, len)
        }
    }
}
