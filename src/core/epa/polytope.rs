//! The EPA polytope: a convex polygon of support points of B − A, counter-clockwise,
//! in a fixed array, with each edge's outward normal and distance from the origin
//! cached; the seed from GJK's simplex, the closest edge, and the insertion of a new
//! support point that keeps it convex.

use crate::core::consts::MAX_EPA_ITERATIONS;
use crate::core::gjk::{LocalPair, Simplex, SimplexVertex};
use crate::core::math::{cross, left_perp, right_perp};
use glam::Vec2;

/// Room for the seed triangle and one vertex per iteration.
pub(super) const CAPACITY: usize = 3 + MAX_EPA_ITERATIONS as usize;

/// One polytope vertex and the edge that starts at it (to the next vertex).
///
/// Every vertex is a support pair `pair.vertex(index_a, index_b)`, so only its point
/// `w` of B − A and its two indices are kept: the points on A and B are recomputed
/// (bit for bit) for the final edge. The edge's normal and distance from the
/// origin, and whether it is long enough to have a normal, are cached when its
/// endpoints are set, so the closest-edge search reads numbers instead of
/// recomputing every edge at every iteration.
#[derive(Clone, Copy, Default)]
pub(super) struct Corner {
    pub(super) w: Vec2,
    /// Outward unit normal of the edge.
    normal: Vec2,
    /// Signed distance of the edge's line from the origin (positive: origin inside).
    dist: f32,
    pub(super) index_a: u8,
    pub(super) index_b: u8,
    /// The edge is not longer than the weld length: it has no reliable normal and
    /// the closest-edge search skips it.
    short: bool,
}

/// The polytope, counter-clockwise, in a fixed array (no allocation).
pub(super) struct Polytope {
    pub(super) c: [Corner; CAPACITY],
    pub(super) n: usize,
}

/// The closest edge of the polytope.
#[derive(Clone, Copy)]
pub(super) struct Edge {
    pub(super) index: usize,
    pub(super) normal: Vec2,
    pub(super) distance: f32,
}

impl Polytope {
    /// The empty polytope. The array is filled from a constant: built from
    /// `Corner::default()` it was written into a temporary and then copied (3 KB
    /// zeroed and 3 KB copied per query); a constant becomes one `memset` in place.
    #[inline]
    pub(super) fn empty() -> Polytope {
        const UNSET: Corner = Corner {
            w: Vec2::ZERO,
            normal: Vec2::ZERO,
            dist: 0.0,
            index_a: 0,
            index_b: 0,
            short: false,
        };
        Polytope {
            c: [UNSET; CAPACITY],
            n: 0,
        }
    }

    #[inline]
    fn push(&mut self, s: &SimplexVertex) {
        self.c[self.n] = Corner {
            w: s.w,
            index_a: s.index_a,
            index_b: s.index_b,
            ..Corner::default()
        };
        self.n += 1;
    }

    /// GJK's final triangle, made counter-clockwise. Edges are computed afterwards
    /// ([`Polytope::refresh_all_edges`]).
    #[inline]
    pub(super) fn fill_from_simplex(&mut self, s: &Simplex) {
        self.n = 0;
        for v in s.vertices() {
            self.push(v);
        }
        if s.count == 3 && cross(self.c[1].w - self.c[0].w, self.c[2].w - self.c[0].w) < 0.0 {
            self.c.swap(1, 2); // counter-clockwise
        }
    }

    /// `c[to] = c[from]`, field by field (each read with the width it was written,
    /// so the store buffer can forward it; a `memmove` reads wider pieces).
    #[inline(always)]
    fn move_corner(&mut self, from: usize, to: usize) {
        let f = &self.c[from];
        let (w, normal, dist) = (f.w, f.normal, f.dist);
        let (index_a, index_b, short) = (f.index_a, f.index_b, f.short);
        let t = &mut self.c[to];
        t.w = w;
        t.normal = normal;
        t.dist = dist;
        t.index_a = index_a;
        t.index_b = index_b;
        t.short = short;
    }

    #[inline]
    pub(super) fn contains_pair(&self, s: &SimplexVertex) -> bool {
        self.c[..self.n]
            .iter()
            .any(|c| c.index_a == s.index_a && c.index_b == s.index_b)
    }

    /// The vertex after `i` (cyclic; `i < n`).
    #[inline]
    fn next(&self, i: usize) -> usize {
        if i + 1 == self.n {
            0
        } else {
            i + 1
        }
    }

    /// The vertex before `i` (cyclic; `i < n`).
    #[inline]
    fn prev(&self, i: usize) -> usize {
        if i == 0 {
            self.n - 1
        } else {
            i - 1
        }
    }

    /// Edge `i`'s outward unit normal (counter-clockwise polytope: the right
    /// perpendicular) and its length. For a two-point polytope both edges are the
    /// same line seen from each side.
    #[inline]
    fn edge_normal(&self, i: usize) -> (Vec2, f32) {
        let a = self.c[i].w;
        let b = self.c[self.next(i)].w;
        let e = b - a;
        let len = e.length();
        (right_perp(e) / len, len)
    }

    /// Recomputes the cached edge `i`. Edges not longer than `weld` are skipped by
    /// the closest-edge search (a repeated point has no normal).
    #[inline]
    fn refresh_edge(&mut self, i: usize, weld: f32) {
        let (normal, len) = self.edge_normal(i);
        let c = &mut self.c[i];
        c.short = len <= weld;
        c.normal = normal;
        c.dist = normal.dot(c.w);
    }

    #[inline]
    pub(super) fn refresh_all_edges(&mut self, weld: f32) {
        for i in 0..self.n {
            self.refresh_edge(i, weld);
        }
    }

    /// Inserts `s` at `at` (`1 ≤ at ≤ n`) and keeps the polytope convex: neighbours
    /// that the new point makes reflex (or collinear) are dropped. GJK's first vertex
    /// is an arbitrary vertex pair, which can lie *inside* B − A; without this repair
    /// such a point would make the polytope non-convex and the closest edge
    /// meaningless. Only the two edges at the new point change (a dropped neighbour
    /// merges its two edges into one that ends or starts at the new point); they are
    /// recomputed.
    #[inline]
    pub(super) fn insert(&mut self, at: usize, s: SimplexVertex, weld: f32) {
        let mut j = self.n;
        while j > at {
            self.move_corner(j - 1, j);
            j -= 1;
        }
        self.c[at] = Corner {
            w: s.w,
            index_a: s.index_a,
            index_b: s.index_b,
            ..Corner::default()
        };
        self.n += 1;
        let mut k = at;
        // Neighbours before the new point.
        while self.n > 3 {
            let p1 = self.prev(k);
            let p2 = self.prev(p1);
            let (w2, w1, wk) = (self.c[p2].w, self.c[p1].w, self.c[k].w);
            if cross(w1 - w2, wk - w1) > weld * weld {
                break;
            }
            self.remove(p1);
            if p1 < k {
                k -= 1;
            }
        }
        // Neighbours after it.
        while self.n > 3 {
            let n1 = self.next(k);
            let n2 = self.next(n1);
            let (wk, w1, w2) = (self.c[k].w, self.c[n1].w, self.c[n2].w);
            if cross(w1 - wk, w2 - w1) > weld * weld {
                break;
            }
            self.remove(n1);
            if n1 < k {
                k -= 1;
            }
        }
        self.refresh_edge(self.prev(k), weld);
        self.refresh_edge(k, weld);
    }

    /// Removes vertex `at` (cached edges move with their vertices; the caller
    /// recomputes the edge that now spans the gap).
    #[inline]
    fn remove(&mut self, at: usize) {
        for j in at..self.n - 1 {
            self.move_corner(j + 1, j);
        }
        self.n -= 1;
    }

    /// A polytope of support points around a GJK simplex of 1 or 2 points (touching
    /// shapes). The simplex's own points may lie inside B − A (GJK's cold start), so
    /// fresh support points along the simplex's axis and its perpendicular are used.
    /// Their hull may miss the origin; the expansion then grows towards it (the
    /// closest edge has a negative distance and its normal faces the origin).
    /// Edges are computed afterwards ([`Polytope::refresh_all_edges`]).
    #[inline]
    pub(super) fn fill_seed(&mut self, pair: &LocalPair, s: &Simplex) {
        let axis = match s.count {
            2 => s.v[1].w - s.v[0].w,
            _ => s.v[0].w,
        };
        let axis = if axis.length_squared() > 0.0 {
            axis
        } else {
            Vec2::X
        };
        let perp = left_perp(axis);
        // Counter-clockwise order of directions gives a counter-clockwise polygon.
        self.n = 0;
        for d in [axis, perp, -axis, -perp] {
            let sv = pair.support(d);
            if !self.contains_pair(&sv) && (self.n == 0 || self.c[self.n - 1].w != sv.w) {
                self.push(&sv);
            }
        }
        if self.n > 1 && self.c[0].w == self.c[self.n - 1].w {
            self.n -= 1;
        }
        // Drop collinear or reflex points (a flat B − A gives two points). Within
        // rounding of the line through its neighbours a point is dropped only if it
        // lies between them: when B − A is flat to rounding the noise picks the sign of
        // every turn, and dropping the two extremes leaves two points near the origin
        // whose edge points anywhere (two identical capsules at one pose would get a
        // normal 0.17 rad off their segment's perpendicular: `tests/fuzz.rs`).
        let scale = self.scale();
        let mut i = 0;
        while self.n >= 3 && i < self.n {
            let (a, b, c) = (self.c[self.prev(i)].w, self.c[i].w, self.c[self.next(i)].w);
            let turn = cross(b - a, c - b);
            let noise = 8.0 * f32::EPSILON * scale * ((b - a).length() + (c - b).length());
            let between = (b - a).dot(c - a) >= 0.0 && (c - b).dot(c - a) >= 0.0;
            if turn < -noise || (turn <= noise && between) {
                self.remove(i);
                i = 0;
            } else {
                i += 1;
            }
        }
    }

    /// The edge nearest the origin, skipping edges not longer than the weld length
    /// (a repeated point has no normal). `None` if every edge is that short.
    #[inline]
    pub(super) fn closest_edge(&self) -> Option<Edge> {
        // `best_dist` is the distance of edge `best` (kept in a register rather than
        // re-read from the array at every comparison).
        let mut best: Option<usize> = None;
        let mut best_dist = 0.0f32;
        for (i, c) in self.c[..self.n].iter().enumerate() {
            if !c.short && (best.is_none() || c.dist < best_dist) {
                best = Some(i);
                best_dist = c.dist;
            }
        }
        best.map(|index| Edge {
            index,
            normal: self.c[index].normal,
            distance: self.c[index].dist,
        })
    }

    /// Largest absolute coordinate of a vertex: the polytope's size.
    #[inline]
    pub(super) fn scale(&self) -> f32 {
        self.c[..self.n]
            .iter()
            .fold(0.0f32, |m, c| m.max(c.w.abs().max_element()))
    }
}
