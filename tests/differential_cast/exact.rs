//! The exact time of impact in f64.

use super::*;

pub(crate) fn world_core(shape: &Shape, position: Vec2, angle: f32) -> Vec<DVec2> {
    let (s, c) = (angle as f64).sin_cos();
    let p = position.as_dvec2();
    shape
        .vertices()
        .iter()
        .map(|v| {
            let v = v.as_dvec2();
            DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y) + p
        })
        .collect()
}

/// Signed distance from `p` to the convex polygon `h` (negative inside) and the
/// nearest boundary point.
pub(crate) fn signed_distance(h: &[DVec2], p: DVec2) -> (f64, DVec2) {
    let n = h.len();
    let edges = match n {
        1 => return ((h[0] - p).length(), h[0]),
        2 => 1,
        _ => n,
    };
    let (mut best, mut q) = (f64::INFINITY, h[0]);
    for i in 0..edges {
        let c = closest_on_segment(h[i], h[(i + 1) % n], p);
        let d = (c - p).length();
        if d < best {
            best = d;
            q = c;
        }
    }
    let inside = n >= 3 && (0..n).all(|i| cross64(h[(i + 1) % n] - h[i], p - h[i]) >= 0.0);
    (if inside { -best } else { best }, q)
}

/// The exact answer for one moving pair.
pub(crate) struct Exact {
    pub(crate) hull: Vec<DVec2>,
    pub(crate) r: f64,
    pub(crate) v: DVec2,
    /// The configuration's size.
    pub(crate) scale: f64,
    pub(crate) f0: f64,
    pub(crate) f1: f64,
    /// Minimum of f on [0, 1].
    pub(crate) f_min: f64,
    /// First root of f on [0, 1], if any (0 when overlapping at t = 0).
    pub(crate) toi: Option<f64>,
    /// Unit normal A → B at the impact, when unique.
    pub(crate) normal: Option<DVec2>,
}

impl Exact {
    pub(crate) fn new(a: &Shape, xa: (Vec2, f32, Vec2), b: &Shape, xb: (Vec2, f32, Vec2)) -> Exact {
        let a_core = world_core(a, xa.0, xa.1);
        let b_core = world_core(b, xb.0, xb.1);
        let diffs: Vec<DVec2> = b_core
            .iter()
            .flat_map(|q| a_core.iter().map(move |p| *q - *p))
            .collect();
        let hull = hull64(&diffs);
        let r = (a.radius() + b.radius()) as f64;
        let v = (xb.2 - xa.2).as_dvec2();
        let reach = |core: &[DVec2], vel: Vec2| {
            core.iter().fold(0.0f64, |m, p| {
                m.max(p.abs().max_element())
                    .max((*p + vel.as_dvec2()).abs().max_element())
            })
        };
        let scale = reach(&a_core, xa.2).max(reach(&b_core, xb.2)) + r + 1.0;
        let mut e = Exact {
            hull,
            r,
            v,
            scale,
            f0: 0.0,
            f1: 0.0,
            f_min: 0.0,
            toi: None,
            normal: None,
        };
        e.f0 = e.f(0.0);
        e.f1 = e.f(1.0);
        // Golden-section search for the minimum of the convex f on [0, 1].
        let g = (5f64.sqrt() - 1.0) / 2.0;
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        let (mut x1, mut x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        let (mut f1, mut f2) = (e.f(x1), e.f(x2));
        for _ in 0..120 {
            if f1 <= f2 {
                hi = x2;
                x2 = x1;
                f2 = f1;
                x1 = hi - g * (hi - lo);
                f1 = e.f(x1);
            } else {
                lo = x1;
                x1 = x2;
                f1 = f2;
                x2 = lo + g * (hi - lo);
                f2 = e.f(x2);
            }
        }
        let t_min = 0.5 * (lo + hi);
        let (t_min, f_min) = [(0.0, e.f0), (1.0, e.f1), (t_min, e.f(t_min))]
            .into_iter()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        e.f_min = f_min;
        if e.f0 <= 0.0 {
            e.toi = Some(0.0);
        } else if f_min <= 0.0 {
            let (mut lo, mut hi) = (0.0f64, t_min);
            for _ in 0..100 {
                let mid = 0.5 * (lo + hi);
                if e.f(mid) > 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            e.toi = Some(lo);
            // The normal A → B. Rounded pairs: from p towards its nearest point of D
            // (|q − p| = r at the root). Sharp pairs: p sits on D's boundary at the
            // root, so the normal is minus the outward normal of the edge it crossed,
            // unique unless it crossed at a corner.
            let p = -e.v * lo;
            let (_, q) = signed_distance(&e.hull, p);
            if e.r > 0.0 {
                let dir = q - p;
                e.normal = (dir.length() > 0.0).then(|| dir / dir.length());
            } else {
                let corner = e
                    .hull
                    .iter()
                    .any(|c| (*c - q).length() <= CORNER_MARGIN * e.scale);
                let n = e.hull.len();
                if !corner && n >= 2 {
                    // The edge holding q: the one q is closest to.
                    let edges = if n == 2 { 1 } else { n };
                    let i = (0..edges)
                        .min_by(|&i, &j| {
                            let di = (closest_on_segment(e.hull[i], e.hull[(i + 1) % n], q) - q)
                                .length();
                            let dj = (closest_on_segment(e.hull[j], e.hull[(j + 1) % n], q) - q)
                                .length();
                            di.total_cmp(&dj)
                        })
                        .unwrap();
                    let edge = e.hull[(i + 1) % n] - e.hull[i];
                    let outward = DVec2::new(edge.y, -edge.x) / edge.length();
                    // Oriented against the approach: p came from p(0), outside.
                    let toward = q - DVec2::ZERO; // p(0) = 0
                    e.normal = Some(if outward.dot(toward) > 0.0 {
                        outward
                    } else {
                        -outward
                    });
                }
            }
        }
        e
    }

    pub(crate) fn f(&self, t: f64) -> f64 {
        signed_distance(&self.hull, -self.v * t).0 - self.r
    }

    pub(crate) fn tol(&self, rel: f64) -> f64 {
        rel * self.scale
    }

    /// Is the hit/miss (or overlap/hit) decision ambiguous to f32 precision?
    pub(crate) fn ambiguous(&self) -> bool {
        let band = self.tol(TOUCH_TOL);
        self.f0.abs() <= band || self.f1.abs() <= band || self.f_min.abs() <= band
    }
}
