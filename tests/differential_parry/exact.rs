//! Exact geometry in f64.

use super::*;

/// The core of `shape` placed at (`position`, `angle`), in f64. The rotation is taken in
/// f64 from the f32 angle: this is the exact geometry the f32 inputs describe.
pub(crate) fn world_core(shape: &Shape, position: DVec2, angle: f32) -> Vec<DVec2> {
    let (s, c) = (angle as f64).sin_cos();
    shape
        .vertices()
        .iter()
        .map(|v| {
            let v = v.as_dvec2();
            DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y) + position
        })
        .collect()
}

/// Where the origin lies relative to a convex CCW polygon `h` (1 or more vertices):
/// `Inside(depth, outward normal of the nearest edge)` or `Outside(closest point)`.
pub(crate) enum OriginVsHull {
    Inside { depth: f64, normal: DVec2 },
    Outside { closest: DVec2 },
}

pub(crate) fn origin_vs_hull(h: &[DVec2]) -> OriginVsHull {
    let n = h.len();
    if n >= 3 && (0..n).all(|i| cross64(h[(i + 1) % n] - h[i], -h[i]) >= 0.0) {
        let (mut depth, mut normal) = (f64::INFINITY, DVec2::ZERO);
        for i in 0..n {
            let e = h[(i + 1) % n] - h[i];
            let out = DVec2::new(e.y, -e.x) / e.length();
            let d = out.dot(h[i]);
            if d < depth {
                depth = d;
                normal = out;
            }
        }
        return OriginVsHull::Inside { depth, normal };
    }
    if n == 1 {
        return OriginVsHull::Outside { closest: h[0] };
    }
    let edges = if n == 2 { 1 } else { n };
    let closest = (0..edges)
        .map(|i| closest_on_segment(h[i], h[(i + 1) % n], DVec2::ZERO))
        .min_by(|a, b| a.length_squared().total_cmp(&b.length_squared()))
        .expect("at least one edge");
    OriginVsHull::Outside { closest }
}

/// Signed distance from `p` to the boundary of the convex polygon `core` (negative
/// inside).
pub(crate) fn signed_distance_to_core(core: &[DVec2], p: DVec2) -> f64 {
    let shifted: Vec<DVec2> = core.iter().map(|v| *v - p).collect();
    match origin_vs_hull(&shifted) {
        OriginVsHull::Inside { depth, .. } => -depth,
        OriginVsHull::Outside { closest } => closest.length(),
    }
}

/// The exact answer for one placed pair.
pub(crate) struct Exact {
    pub(crate) a_core: Vec<DVec2>,
    pub(crate) b_core: Vec<DVec2>,
    pub(crate) ra: f64,
    pub(crate) rb: f64,
    /// Hull of the core difference B − A.
    pub(crate) hull: Vec<DVec2>,
    /// Signed distance between the rounded shapes (negative: penetration depth).
    pub(crate) signed: f64,
    /// Unit normal from A to B (closest direction when separated, minimum-depth
    /// direction when overlapping); `None` when the cores touch exactly.
    pub(crate) normal: Option<DVec2>,
    /// `pB − pA` of the cores when they are apart (zero otherwise).
    pub(crate) z: DVec2,
    /// Size of the configuration for tolerances.
    pub(crate) scale: f64,
}

impl Exact {
    pub(crate) fn new(a: &Shape, pa: Vec2, aa: f32, b: &Shape, pb: Vec2, ab: f32) -> Exact {
        let a_core = world_core(a, pa.as_dvec2(), aa);
        let b_core = world_core(b, pb.as_dvec2(), ab);
        let (ra, rb) = (a.radius() as f64, b.radius() as f64);
        let diffs: Vec<DVec2> = b_core
            .iter()
            .flat_map(|q| a_core.iter().map(move |p| *q - *p))
            .collect();
        let hull = hull64(&diffs);
        let r = ra + rb;
        let (signed, normal, z) = match origin_vs_hull(&hull) {
            // B must move along −u (u the outward normal of B − A's nearest face).
            OriginVsHull::Inside { depth, normal } => (-(depth + r), Some(-normal), DVec2::ZERO),
            OriginVsHull::Outside { closest } => {
                let d = closest.length();
                (d - r, (d > 0.0).then(|| closest / d), closest)
            }
        };
        let scale = a_core
            .iter()
            .chain(&b_core)
            .fold(0.0f64, |m, p| m.max(p.abs().max_element()))
            + r
            + 1.0;
        Exact {
            a_core,
            b_core,
            ra,
            rb,
            hull,
            signed,
            normal,
            z,
            scale,
        }
    }

    pub(crate) fn distance(&self) -> f64 {
        self.signed.max(0.0)
    }

    pub(crate) fn depth(&self) -> f64 {
        (-self.signed).max(0.0)
    }

    pub(crate) fn touching(&self) -> bool {
        self.signed.abs() <= TOUCH_TOL * self.scale
    }

    /// `h(u) = max over B − A of p·u`, radii included: how far B − A reaches along `u`.
    pub(crate) fn support(&self, u: DVec2) -> f64 {
        self.hull
            .iter()
            .map(|p| p.dot(u))
            .fold(f64::NEG_INFINITY, f64::max)
            + self.ra
            + self.rb
    }

    /// The depth B would have after moving by `t·n` for every `t` is zero at
    /// `t = h(−n)`: the penetration measured along the normal `n` (from A to B).
    pub(crate) fn depth_along(&self, n: DVec2) -> f64 {
        self.support(-n)
    }

    /// Brute force: do directions far from the exact normal (more than `NORMAL_TOL`)
    /// also give the minimum depth within `tol`? Then the normal is a tie (two faces of
    /// B − A at the same depth, or a face whose depth varies less than `tol` over a wide
    /// arc) and comparing normals would test rounding, not correctness.
    pub(crate) fn is_normal_tie(&self, tol: f64) -> bool {
        let Some(n) = self.normal else {
            return true;
        };
        let depth = self.depth();
        const SAMPLES: usize = 8192;
        (0..SAMPLES).any(|k| {
            let t = 2.0 * PI * k as f64 / SAMPLES as f64;
            let u = DVec2::new(t.cos(), t.sin());
            u.dot(n) < NORMAL_TOL.cos() && self.depth_along(u) <= depth + tol
        })
    }

    /// Exact witness points on the rounded surfaces of separated shapes, when unique:
    /// one of the shapes touches the supporting line at a single core vertex.
    pub(crate) fn witness_points(&self) -> Option<(DVec2, DVec2)> {
        let d = self.z.length();
        if d == 0.0 || self.signed <= 0.0 {
            return None;
        }
        let n = self.z / d;
        let touching = |core: &[DVec2], dir: DVec2| -> Vec<DVec2> {
            let top = core
                .iter()
                .map(|p| p.dot(dir))
                .fold(f64::NEG_INFINITY, f64::max);
            core.iter()
                .copied()
                .filter(|p| top - p.dot(dir) <= SUPPORT_MARGIN * self.scale)
                .collect()
        };
        let sa = touching(&self.a_core, n);
        let sb = touching(&self.b_core, -n);
        let (pa, pb) = if sa.len() == 1 {
            (sa[0], sa[0] + self.z)
        } else if sb.len() == 1 {
            (sb[0] - self.z, sb[0])
        } else {
            return None;
        };
        Some((pa + self.ra * n, pb - self.rb * n))
    }
}
