//! Random rays against random shapes of every kind, and the exact answer in f64.
//!
//! ## The oracle
//! The shape's core and radius are taken in f64 exactly as stored (f32 values); the
//! world ray is brought into the shape's frame in f64 with the transform's own f32
//! cosine and sine (as the core does). Along the ray, `g(f) = sd(o + f·d) − r` is the
//! signed distance to the shape (`verify::exact::sd_core`, negative inside), a
//! convex function of `f`, so:
//! - `g(0) < 0`: the origin is inside; the exit is the root of `g` on
//!   `[0, max_fraction]` (bisection), none if `g(max_fraction) < 0`;
//! - `g(0) > 0`: the minimum of `g` on `[0, max_fraction]` (golden section) decides:
//!   above 0 a miss, below 0 a hit at the root on `[0, f_min]` (bisection).
//!
//! A decision is **ambiguous** — no f32 computation can be held to it — when the
//! quantity it rests on is within `TOL·L` of 0, `L = R + |o| + |d|` (the bounding
//! radius, the origin's distance from the shape's frame origin and the translation's
//! length, in the shape's frame): an origin on the boundary, a grazing ray, an exit
//! at the ray's very end. Such rays are counted, not compared.

use collidescope::core::math::Transform;
use collidescope::core::raycast::RayInput;
use collidescope::core::shape::{Geometry, Shape};
use collidescope::verify::exact::{closest_on_segment, outline_edges, sd_core};
use collidescope::verify::{ellipse_points, Rng};
use glam::{DVec2, Vec2};

/// The ambiguity band and the comparison tolerance, relative to L.
pub const TOL: f64 = 1.0e-5;

/// The shape kinds generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Circle,
    Polygon,
    Hull,
    Box,
    RoundedPolygon,
    RoundedBox,
    Capsule,
    Segment,
    /// A box, polygon or capsule of aspect 1e-3.
    Sliver,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Circle,
        Kind::Polygon,
        Kind::Hull,
        Kind::Box,
        Kind::RoundedPolygon,
        Kind::RoundedBox,
        Kind::Capsule,
        Kind::Segment,
        Kind::Sliver,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Circle => "circle",
            Kind::Polygon => "polygon",
            Kind::Hull => "random hull",
            Kind::Box => "box",
            Kind::RoundedPolygon => "rounded polygon",
            Kind::RoundedBox => "rounded box",
            Kind::Capsule => "capsule",
            Kind::Segment => "segment",
            Kind::Sliver => "sliver",
        }
    }
}

/// One ray against one placed shape.
#[derive(Clone, Debug)]
pub struct Case {
    pub kind: Kind,
    pub shape: Shape,
    pub xf: Transform,
    pub ray: RayInput,
}

fn v2(p: DVec2) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

fn geometry(rng: &mut Rng, kind: Kind, s: f64) -> Geometry {
    let c = DVec2::new(rng.range(-0.3, 0.3) * s, rng.range(-0.3, 0.3) * s);
    let fat = rng.range(0.3, 1.0);
    let rounding = |rng: &mut Rng| (s * rng.range(0.02, 0.3)) as f32;
    let stick = |rng: &mut Rng, thin: bool| {
        let d = rng.unit_vector() * (0.5 * s * rng.range(0.4, 2.0));
        let radius = if thin {
            1.0e-3 * s
        } else {
            s * rng.range(0.05, 0.5)
        };
        (v2(c + d), v2(c - d), radius as f32)
    };
    match kind {
        Kind::Circle => Geometry::Circle {
            radius: (s * rng.range(0.3, 1.0)) as f32,
        },
        Kind::Polygon | Kind::RoundedPolygon => {
            let n = rng.int(3, 8);
            let points = ellipse_points(rng, n, s, s * fat, c);
            let radius = if kind == Kind::RoundedPolygon {
                rounding(rng)
            } else {
                0.0
            };
            Geometry::Polygon { points, radius }
        }
        Kind::Hull => {
            let pts: Vec<Vec2> = (0..rng.int(3, 20))
                .map(|_| v2(c + rng.unit_vector() * s * rng.unit().sqrt()))
                .collect();
            match collidescope::core::hull::convex_hull(&pts) {
                Ok(h) if (3..=8).contains(&h.len()) => Geometry::Polygon {
                    points: h,
                    radius: 0.0,
                },
                _ => Geometry::Polygon {
                    points: ellipse_points(rng, 5, s, s * fat, c),
                    radius: 0.0,
                },
            }
        }
        Kind::Box | Kind::RoundedBox => Geometry::Box {
            half_extents: v2(DVec2::new(s * rng.range(0.3, 1.0), s * rng.range(0.3, 1.0))),
            radius: if kind == Kind::RoundedBox {
                rounding(rng)
            } else {
                0.0
            },
        },
        Kind::Capsule => {
            let (a, b, radius) = stick(rng, false);
            Geometry::Capsule { a, b, radius }
        }
        Kind::Segment => {
            let (a, b, _) = stick(rng, false);
            Geometry::Segment { a, b }
        }
        Kind::Sliver => match rng.int(0, 2) {
            0 => Geometry::Box {
                half_extents: v2(DVec2::new(s, s * 1.0e-3)),
                radius: 0.0,
            },
            1 => {
                let n = rng.int(3, 8);
                Geometry::Polygon {
                    points: ellipse_points(rng, n, s, s * 1.0e-3, c),
                    radius: 0.0,
                }
            }
            _ => {
                let (a, b, radius) = stick(rng, true);
                Geometry::Capsule { a, b, radius }
            }
        },
    }
}

/// Case `index` of kind `kind` in run `seed`: a shape of size 0.1 to 10 placed
/// within ±10 sizes of the world origin, a ray from up to 3 bounding radii of its
/// centre (one in ten from up to 50), aimed within 1.3 radii of the centre, its
/// translation 0.3 to 2.5 times that distance; or (one in five) a grazing ray: along
/// the tangent at a surface point, offset across it by 1e-6 to 1e-1 of the size to
/// either side. `max_fraction` 1, or (one in five) uniform in [0, 2].
pub fn random_case(seed: u64, index: u64, kind: Kind) -> Case {
    let mut rng = Rng::for_pair(seed, index);
    let rng = &mut rng;
    let s = rng.log_range(-1.0, 1.0);
    let shape = loop {
        // A polygon too flat for the validator (rare): draw again.
        if let Ok(shape) = Shape::new(geometry(rng, kind, s)) {
            break shape;
        }
    };
    let xf = Transform::new(rng.vec(-10.0 * s, 10.0 * s), rng.angle());
    let centre = xf.apply(shape.centroid()).as_dvec2();
    let big_r = shape.bounding_radius() as f64;
    let (origin, translation) = if rng.chance(0.2) {
        grazing(rng, &shape, &xf, s)
    } else {
        let reach = if rng.chance(0.1) {
            rng.range(3.0, 50.0)
        } else {
            rng.range(0.0, 3.0)
        };
        let origin = centre + rng.unit_vector() * big_r * reach;
        let aim = centre + rng.unit_vector() * big_r * 1.3 * rng.unit().sqrt();
        let dir = match (aim - origin).try_normalize() {
            Some(_) => aim - origin,
            None => rng.unit_vector() * big_r,
        };
        (origin, dir * rng.range(0.3, 2.5))
    };
    let max_fraction = if rng.chance(0.8) {
        1.0
    } else {
        rng.range(0.0, 2.0) as f32
    };
    Case {
        kind,
        shape,
        xf,
        ray: RayInput {
            origin: v2(origin),
            translation: v2(translation),
            max_fraction,
        },
    }
}

/// A ray along the tangent at the surface point facing a random direction `n`,
/// moved across by a tiny signed offset, starting 0.5 to 2 sizes before the point.
fn grazing(rng: &mut Rng, shape: &Shape, xf: &Transform, s: f64) -> (DVec2, DVec2) {
    use collidescope::core::support::SupportMap;
    let n = rng.unit_vector();
    let p = shape.world_support(xf, v2(n)).as_dvec2();
    let tangent = DVec2::new(-n.y, n.x) * rng.sign();
    let offset = rng.sign() * s * rng.log_range(-6.0, -1.0);
    let before = s * rng.range(0.5, 2.0);
    let origin = p + n * offset - tangent * before;
    (origin, tangent * before * rng.range(1.2, 3.0))
}

/// The exact answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Exact {
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

/// The ray in the shape's frame (f64) and the length scale `L`.
pub struct Frame {
    pub core: Vec<DVec2>,
    pub r: f64,
    pub o: DVec2,
    pub d: DVec2,
    pub max: f64,
    pub scale: f64,
    /// The transform's cosine and sine.
    pub rot: (f64, f64),
}

impl Frame {
    pub fn of(case: &Case) -> Frame {
        let (c, s) = (case.xf.q.c as f64, case.xf.q.s as f64);
        let inv = |p: DVec2| DVec2::new(c * p.x + s * p.y, -s * p.x + c * p.y);
        let o = inv(case.ray.origin.as_dvec2() - case.xf.p.as_dvec2());
        let d = inv(case.ray.translation.as_dvec2());
        let big_r = case.shape.bounding_radius() as f64;
        Frame {
            core: case.shape.vertices().iter().map(|p| p.as_dvec2()).collect(),
            r: case.shape.radius() as f64,
            o,
            d,
            max: case.ray.max_fraction as f64,
            scale: big_r + o.length() + d.length(),
            rot: (c, s),
        }
    }

    /// A world direction in the shape's frame.
    pub fn to_local(&self, w: DVec2) -> DVec2 {
        let (c, s) = self.rot;
        DVec2::new(c * w.x + s * w.y, -s * w.x + c * w.y)
    }

    /// Signed distance to the shape at fraction `f`.
    pub fn g(&self, f: f64) -> f64 {
        sd_core(&self.core, self.o + f * self.d) - self.r
    }

    /// The ambiguity band / distance tolerance, in length units.
    pub fn tol(&self) -> f64 {
        TOL * self.scale
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
    fn normal(&self, f: f64) -> Option<DVec2> {
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

    /// The exact answer.
    pub fn exact(&self) -> Exact {
        if self.core.len() == 2 && self.r == 0.0 {
            return self.exact_segment();
        }
        let tol = self.tol();
        let g0 = self.g(0.0);
        if self.d.length() * self.max < 1.0e-12 * self.scale {
            return Exact::Ambiguous("point ray");
        }
        if g0.abs() <= tol {
            return Exact::Ambiguous("origin on the boundary");
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
            return Exact::Inside { exit };
        }
        let (f_min, g_min) = self.minimum();
        if g_min > tol {
            return Exact::Missed;
        }
        if g_min >= -tol {
            return Exact::Ambiguous(if f_min == self.max {
                "ends on the surface"
            } else {
                "grazing"
            });
        }
        let f = self.root(0.0, f_min);
        Exact::Hit {
            fraction: f,
            deepest: f_min,
            normal: self.normal(f),
        }
    }

    /// A bare segment has no inside and no depth: the crossing of the two lines,
    /// ambiguous within the tolerance of the segment's ends, of the ray's ends, or
    /// of parallel.
    fn exact_segment(&self) -> Exact {
        let tol = self.tol();
        let (a, b) = (self.core[0], self.core[1]);
        let e = b - a;
        let cross = |p: DVec2, q: DVec2| p.x * q.y - p.y * q.x;
        if (closest_on_segment(a, b, self.o) - self.o).length() <= tol {
            return Exact::Ambiguous("origin on the segment");
        }
        let den = cross(self.d, e);
        let dlen = self.d.length();
        if den.abs() <= 1.0e-9 * dlen * e.length() {
            let apart = cross(a - self.o, self.d).abs() / dlen;
            return if apart > tol {
                Exact::Missed
            } else {
                Exact::Ambiguous("collinear")
            };
        }
        let f = cross(a - self.o, e) / den;
        let t = cross(a - self.o, self.d) / den;
        let near = |x: f64, scale: f64| x.abs() * scale <= tol;
        if near(t, e.length()) || near(t - 1.0, e.length()) {
            return Exact::Ambiguous("through an end");
        }
        if near(f - self.max, dlen) {
            return Exact::Ambiguous("ends on the segment");
        }
        if !(0.0..=self.max).contains(&f) || !(0.0..=1.0).contains(&t) {
            // A near-parallel ray can pass an end closer than the tolerance while the
            // lines cross far away.
            return if self.minimum().1 <= tol {
                Exact::Ambiguous("grazing")
            } else {
                Exact::Missed
            };
        }
        let n = DVec2::new(e.y, -e.x).normalize();
        Exact::Hit {
            fraction: f,
            deepest: f,
            normal: Some(if n.dot(self.d) < 0.0 { n } else { -n }),
        }
    }
}
