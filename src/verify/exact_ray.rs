//! The exact answer of a ray cast in f64: the ray oracle of the fuzzer's ray checks
//! (`checks/rays.rs`), of `fuzz --peers` (`peers_ray.rs`) and of the ray tests.
//!
//! ## The oracle
//! The shape's core and radius are taken in f64 exactly as stored (f32 values); the
//! world ray is brought into the shape's frame in f64 with the transform's own f32
//! cosine and sine (as the core does). Along the ray, `g(f) = sd(o + f·d) − r` is the
//! signed distance to the shape ([`sd_core`], negative inside), a convex function of
//! `f`, so:
//! - `g(0) < 0`: the origin is inside; the exit is the root of `g` on
//!   `[0, max_fraction]` (bisection), none if `g(max_fraction) < 0`;
//! - `g(0) > 0`: the minimum of `g` on `[0, max_fraction]` (golden section) decides:
//!   above 0 a miss, below 0 a hit at the root on `[0, f_min]` (bisection).
//!
//! A bare segment has no inside: the crossing of the two lines, in closed form.
//!
//! A decision is **ambiguous** — no f32 computation can be held to it — when the
//! quantity it rests on is within `TOL·L` of 0 ([`RAY_TOLERANCE`]), `L = R + |o| + |d|`
//! (the bounding radius, the origin's distance from the shape's frame origin and the
//! translation's length, in the shape's frame): an origin on the boundary, a grazing
//! ray, an exit at the ray's very end, a point ray. Such rays are counted, not
//! compared.

use super::exact::{angle_between, closest_on_segment, cross64, normals64, outline_edges, sd_core};
use super::RayCase;
use crate::core::math::Transform;
use crate::core::raycast::RayInput;
use crate::core::shape::Shape;
use glam::DVec2;

/// The ambiguity band and the comparison tolerance of a ray, relative to `L`.
pub const RAY_TOLERANCE: f64 = 1.0e-5;

/// The exact answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ExactRay {
    /// A hit at `fraction`; the outward normal when it is unique (not at a sharp
    /// corner).
    Hit {
        fraction: f64,
        /// Where `g` is smallest on the ray (past it the line is leaving).
        deepest: f64,
        normal: Option<DVec2>,
    },
    Missed,
    /// Origin inside; the exit (`None`: the ray ends inside; ambiguous exits are
    /// `Some(NaN)`).
    Inside {
        exit: Option<f64>,
    },
    /// Not decidable to f32: the reason.
    Ambiguous(&'static str),
}

/// A fraction along the ray that may be absent, in words: the number, or `none`
/// (never Rust's `Some(…)`).
pub fn fraction_or_none<T: Into<f64>>(f: Option<T>) -> String {
    f.map_or_else(|| "none".to_string(), |f| format!("{:.9e}", f.into()))
}

impl std::fmt::Display for ExactRay {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExactRay::Hit {
                fraction, normal, ..
            } => {
                write!(out, "hit at f = {fraction:.9e}")?;
                match normal {
                    Some(n) => write!(out, ", normal ({:.6}, {:.6})", n.x, n.y),
                    None => write!(out, " on a corner (no single normal)"),
                }
            }
            ExactRay::Missed => write!(out, "miss"),
            ExactRay::Inside { exit: None } => write!(out, "origin inside, the ray ends inside"),
            ExactRay::Inside { exit: Some(f) } if f.is_nan() => {
                write!(out, "origin inside, the exit ambiguous to f32")
            }
            ExactRay::Inside { exit: Some(f) } => write!(out, "origin inside, exit at f = {f:.9e}"),
            ExactRay::Ambiguous(why) => write!(out, "ambiguous to f32 ({why})"),
        }
    }
}

/// The ray in the shape's frame (f64) and the length scale `L`.
#[derive(Clone, Debug)]
pub struct RayFrame {
    /// The shape's core vertices and radius.
    pub core: Vec<DVec2>,
    pub r: f64,
    /// The ray's origin and translation in the shape's frame.
    pub o: DVec2,
    pub d: DVec2,
    /// The ray's `max_fraction`.
    pub max: f64,
    /// `L = R + |o| + |d|`.
    pub scale: f64,
    /// The transform's cosine and sine.
    pub rot: (f64, f64),
    /// The transform's position.
    pub position: DVec2,
}

impl RayFrame {
    /// The ray `ray` in the frame of `shape` placed by `xf`.
    pub fn new(shape: &Shape, xf: &Transform, ray: &RayInput) -> RayFrame {
        let (c, s) = (xf.q.c as f64, xf.q.s as f64);
        let inv = |p: DVec2| DVec2::new(c * p.x + s * p.y, -s * p.x + c * p.y);
        let o = inv(ray.origin.as_dvec2() - xf.p.as_dvec2());
        let d = inv(ray.translation.as_dvec2());
        let big_r = shape.bounding_radius() as f64;
        RayFrame {
            core: shape.vertices().iter().map(|p| p.as_dvec2()).collect(),
            r: shape.radius() as f64,
            o,
            d,
            max: ray.max_fraction as f64,
            scale: big_r + o.length() + d.length(),
            rot: (c, s),
            position: xf.p.as_dvec2(),
        }
    }

    /// The frame of a generated case.
    pub fn of(case: &RayCase) -> RayFrame {
        RayFrame::new(&case.shape, &case.xf, &case.ray)
    }

    /// A world point in the shape's frame.
    pub fn point_to_local(&self, w: DVec2) -> DVec2 {
        self.to_local(w - self.position)
    }

    /// Signed distance from a point of the shape's frame to the shape.
    pub fn sd(&self, p: DVec2) -> f64 {
        sd_core(&self.core, p) - self.r
    }

    /// A world direction in the shape's frame.
    pub fn to_local(&self, w: DVec2) -> DVec2 {
        let (c, s) = self.rot;
        DVec2::new(c * w.x + s * w.y, -s * w.x + c * w.y)
    }

    /// Signed distance to the shape at fraction `f`.
    pub fn g(&self, f: f64) -> f64 {
        self.sd(self.o + f * self.d)
    }

    /// The ambiguity band / distance tolerance, in length units.
    pub fn tol(&self) -> f64 {
        RAY_TOLERANCE * self.scale
    }

    /// Root of `g` on `[lo, hi]` with `g(lo)` and `g(hi)` of opposite signs.
    fn root(&self, mut lo: f64, mut hi: f64) -> f64 {
        let below = self.g(lo) < 0.0;
        for _ in 0..100 {
            let mid = 0.5 * (lo + hi);
            if (self.g(mid) < 0.0) == below {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }

    /// The minimum of the convex `g` on `[0, max]`: (f, g(f)).
    pub fn minimum(&self) -> (f64, f64) {
        let phi = 0.5 * (5f64.sqrt() - 1.0);
        let (mut a, mut b) = (0.0, self.max);
        for _ in 0..120 {
            let m1 = b - phi * (b - a);
            let m2 = a + phi * (b - a);
            if self.g(m1) <= self.g(m2) {
                b = m2;
            } else {
                a = m1;
            }
        }
        let f = 0.5 * (a + b);
        let (gf, g0, gm) = (self.g(f), self.g(0.0), self.g(self.max));
        [(f, gf), (0.0, g0), (self.max, gm)]
            .into_iter()
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .unwrap_or((f, gf))
    }

    /// The outward normal at fraction `f` on the surface, when unique: from the
    /// nearest core point (rounded shapes, and sharp ones just before `f`), `None`
    /// within 1e-3·L of a sharp corner.
    pub fn normal(&self, f: f64) -> Option<DVec2> {
        let x = self.o + f * self.d;
        if self.r == 0.0
            && self
                .core
                .iter()
                .any(|v| (*v - x).length() < 1.0e-3 * self.scale)
        {
            return None;
        }
        let probe = if self.r > 0.0 {
            x
        } else {
            x - self.d * (1.0e-6 * self.scale / self.d.length())
        };
        let c = outline_edges(&self.core)
            .map(|(a, b)| closest_on_segment(a, b, probe))
            .min_by(|p, q| (*p - probe).length().total_cmp(&(*q - probe).length()))?;
        (probe - c).try_normalize()
    }

    /// The outward normals of the surface pieces within `within` of the ray's point
    /// at `f`: each core edge's (a sharp shape), or the direction from each core
    /// edge's nearest point (a rounded one). Two nearly collinear edges of a sliver
    /// both pass within the position tolerance of a hit far from their joint: either
    /// normal is right to that tolerance.
    pub fn normals_near(&self, f: f64, within: f64) -> Vec<DVec2> {
        let x = self.o + f * self.d;
        outline_edges(&self.core)
            .filter_map(|(a, b)| {
                let c = closest_on_segment(a, b, x);
                let gap = (x - c).length() - self.r;
                if gap.abs() > within {
                    return None;
                }
                if self.r > 0.0 {
                    (x - c).try_normalize()
                } else {
                    let n = (b - a).perp().try_normalize()?;
                    // Outward: away from the core's centroid.
                    let centre = self.core.iter().sum::<DVec2>() / self.core.len() as f64;
                    Some(if n.dot(a - centre) < 0.0 { -n } else { n })
                }
            })
            .collect()
    }

    /// The angle from `n` to the normal cone of a sharp core vertex within `within`
    /// of the ray's point at `f` (0 inside the cone: at a corner every normal between
    /// its two edges' is right), when there is such a vertex.
    pub fn corner_cone_error(&self, f: f64, n: DVec2, within: f64) -> Option<f64> {
        let count = self.core.len();
        if self.r != 0.0 || count < 3 {
            return None;
        }
        let x = self.o + f * self.d;
        let normals = normals64(&self.core);
        let i = (0..count).find(|&i| (self.core[i] - x).length() <= within)?;
        let (before, after) = (normals[(i + count - 1) % count], normals[i]);
        let inside = cross64(before, n) >= 0.0 && cross64(n, after) >= 0.0;
        Some(if inside {
            0.0
        } else {
            angle_between(before, n).min(angle_between(after, n))
        })
    }

    /// The exact answer.
    pub fn exact(&self) -> ExactRay {
        if self.d.length() * self.max < 1.0e-12 * self.scale {
            return self.exact_point();
        }
        if self.core.len() == 2 && self.r == 0.0 {
            return self.exact_segment();
        }
        let tol = self.tol();
        let g0 = self.g(0.0);
        if g0.abs() <= tol {
            return ExactRay::Ambiguous("origin on the boundary");
        }
        if g0 < 0.0 {
            let g_end = self.g(self.max);
            let exit = if g_end < -tol {
                None
            } else if g_end > tol {
                Some(self.root(0.0, self.max))
            } else {
                Some(f64::NAN)
            };
            return ExactRay::Inside { exit };
        }
        let (f_min, g_min) = self.minimum();
        if g_min > tol {
            return ExactRay::Missed;
        }
        if g_min >= -tol {
            return ExactRay::Ambiguous(if f_min == self.max {
                "ends on the surface"
            } else {
                "grazing"
            });
        }
        let f = self.root(0.0, f_min);
        ExactRay::Hit {
            fraction: f,
            deepest: f_min,
            normal: self.normal(f),
        }
    }

    /// A point ray (a zero or vanishing translation, or `max_fraction` 0) is a point
    /// query: inside with no exit, or a miss; ambiguous on the boundary.
    fn exact_point(&self) -> ExactRay {
        let g0 = self.g(0.0);
        if g0.abs() <= self.tol() {
            ExactRay::Ambiguous("point ray on the boundary")
        } else if g0 < 0.0 {
            ExactRay::Inside { exit: None }
        } else {
            ExactRay::Missed
        }
    }

    /// A bare segment has no inside and no depth: the crossing of the two lines,
    /// ambiguous within the tolerance of the segment's ends, of the ray's ends, or
    /// of parallel — measured across the other line, so that a ray crossing at a
    /// glancing angle whose ends (or the segment's) lie within the tolerance of the
    /// other line is ambiguous too. Its `deepest` is the ray's end: with no inside,
    /// any point of the ray within the tolerance of the segment is on its surface.
    fn exact_segment(&self) -> ExactRay {
        let tol = self.tol();
        let (a, b) = (self.core[0], self.core[1]);
        let e = b - a;
        let cross = |p: DVec2, q: DVec2| p.x * q.y - p.y * q.x;
        if (closest_on_segment(a, b, self.o) - self.o).length() <= tol {
            return ExactRay::Ambiguous("origin on the segment");
        }
        let den = cross(self.d, e);
        let dlen = self.d.length();
        if den.abs() <= 1.0e-9 * dlen * e.length() {
            let apart = cross(a - self.o, self.d).abs() / dlen;
            return if apart > tol {
                ExactRay::Missed
            } else {
                ExactRay::Ambiguous("collinear")
            };
        }
        let f = cross(a - self.o, e) / den;
        let t = cross(a - self.o, self.d) / den;
        let near = |x: f64, scale: f64| x.abs() * scale <= tol;
        if near(t, e.length()) || near(t - 1.0, e.length()) {
            return ExactRay::Ambiguous("through an end");
        }
        if near(f - self.max, dlen) {
            return ExactRay::Ambiguous("ends on the segment");
        }
        let off_ray = |p: DVec2| cross(p - self.o, self.d).abs() / dlen;
        let off_segment = |p: DVec2| cross(p - a, e).abs() / e.length();
        let crossing = (0.0..=self.max).contains(&f) && (0.0..=1.0).contains(&t);
        if crossing
            && [
                off_ray(a),
                off_ray(b),
                off_segment(self.o),
                off_segment(self.o + self.max * self.d),
            ]
            .into_iter()
            .any(|x| x <= tol)
        {
            return ExactRay::Ambiguous("grazing the segment");
        }
        if !(0.0..=self.max).contains(&f) || !(0.0..=1.0).contains(&t) {
            // A near-parallel ray can pass an end closer than the tolerance while the
            // lines cross far away.
            return if self.minimum().1 <= tol {
                ExactRay::Ambiguous("grazing")
            } else {
                ExactRay::Missed
            };
        }
        let n = DVec2::new(e.y, -e.x).normalize();
        ExactRay::Hit {
            fraction: f,
            deepest: self.max,
            normal: Some(if n.dot(self.d) < 0.0 { n } else { -n }),
        }
    }
}
