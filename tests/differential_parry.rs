//! Differential tests: Collidescope against parry2d 0.25 on seeded random pairs of
//! every shape combination (7 kinds × 7 kinds), every disagreement settled by an exact
//! computation in f64.
//!
//! Frame convention: each shape is built in its local frame and placed by a pose
//! (position, angle in radians, counter-clockwise); every compared quantity is in world
//! space; normals point from A to B (the direction B must move to separate).
//!
//! ## The exact reference (f64)
//! Every shape is a convex core polygon (1 to 12 vertices) grown by a radius. The core
//! difference `B − A` is the convex hull of the n·m vertex differences (computed here by
//! brute force in f64, no Minkowski merge: an independent route). With `r = rA + rB`:
//! - origin outside the core hull: distance `|z| − r` (z the hull point closest to the
//!   origin, `z = pB − pA`), or depth `r − |z|` along `z/|z|` when `|z| < r`;
//! - origin inside: depth `min over hull edges (edge distance) + r` — the support
//!   function `h(u) = max p·u + r` of a polygon containing the origin takes its minimum
//!   over unit `u` at an edge normal (between two edge normals it is a sinusoid that
//!   stays positive, so its minimum is at an end). The normal from A to B is minus
//!   that edge's outward normal.
//!
//! Circles and capsules are exact here too: they are 1- and 2-vertex cores plus a
//! radius, so no sampling of directions is needed.
//!
//! ## What is asserted
//! Collidescope must agree with the exact answer on every pair (tolerances below).
//! parry2d is *not* asserted to be right: every difference between the two beyond the
//! tolerance is a "disagreement", counted by kind, settled with the exact answer, and
//! printed (`cargo test --test differential_parry -- --nocapture`).

use collidescope::core::consts::{
    DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_EPA_TOLERANCE, DEFAULT_GJK_MAX_ITERATIONS,
};
use collidescope::core::epa::{penetration, PenetrationInput};
use collidescope::core::gjk::{shape_distance, CacheUse, DistanceInput, SimplexCache};
use collidescope::core::hull::convex_hull;
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::{Geometry, Shape};
use collidescope::verify::exact::{angle_between as angle, closest_on_segment, cross64, hull64};
use collidescope::verify::Rng;
use glam::{DVec2, Vec2};
use parry2d::math::{Isometry, Point, Real, Vector};
use parry2d::query::{self as pq, ClosestPoints};
use parry2d::shape as ps;
use std::collections::BTreeMap;
use std::f64::consts::PI;

// ---------------------------------------------------------------------------------
// Tolerances. `L` is the size of the configuration: the largest absolute world
// coordinate of either core, plus both radii, plus 1 (so a tolerance never vanishes
// for tiny shapes near the origin). Every world-space result carries f32 rounding of
// order `f32::EPSILON · L` (1.2e-7 · L) from the pose transforms alone; the solvers add
// a few dozen more roundings of the same size.
// ---------------------------------------------------------------------------------

/// Distance, depth and "on the surface" agreement, relative to `L`: 2e-6 · L is ~17 f32
/// ulps of the largest coordinate. GJK's distance comes from vertices and barycentric
/// combinations of two vertices, a handful of roundings each, plus the transforms into
/// A's frame and back to world space. (Largest error seen on this run: 1.3e-7 · L.)
const DIST_TOL: f64 = 2.0e-6;

/// Unique witness points, relative to `L`. The point on a simplex edge `e` comes from
/// barycentric weights whose error is ~ε·|w|²/|e|² (the edge vector is the difference of
/// two rounded points of size |w|), so it slides along a short edge far from the origin
/// by ~ε·|w|²/|e| — while the distance, quadratic in that slide, stays exact. Worst
/// case on this run: a 0.008-long edge of a 9-gon 2.0 from a circle's centre, off by
/// 1.5e-5 (1.4e-6 · L); 1e-5 · L leaves a factor 7.
const WITNESS_TOL: f64 = 1.0e-5;

/// A pair whose exact signed distance is within this (relative to `L`) of zero is
/// "touching": it may come out as overlapping or as separated by either library.
/// Equal to `DIST_TOL`: below it the sign of the distance is not resolved by f32.
const TOUCH_TOL: f64 = DIST_TOL;

/// EPA depth: EPA stops when the support point along the closest edge's normal is
/// within `DEFAULT_EPA_TOLERANCE · depth` (relative) of that edge, so the depth it
/// reports is a lower bound within that much of the exact one; plus the f32 term above.
const DEPTH_REL_TOL: f64 = DEFAULT_EPA_TOLERANCE as f64;

/// Angle (radians) within which two normals count as the same. A unique penetration
/// normal found by EPA is an exact edge normal of B − A, up to f32 rounding of the edge
/// direction (~1e-6 rad for edges longer than 1% of `L`); the normal of separated shapes
/// is `z/|z|`, off by `DIST_TOL · L / |z|`. 1e-3 rad leaves room for both while still
/// telling apart any two faces of a 12-gon pair (which differ by ≥ the polygon's smallest
/// turning angle — and when two faces give the same depth within the depth tolerance the
/// pair is a tie and normals are not compared, see `is_normal_tie`).
const NORMAL_TOL: f64 = 1.0e-3;

/// Witness points are unique only when one shape touches the closest-distance line at a
/// single vertex. A core vertex within `SUPPORT_MARGIN · L` of the supporting line counts
/// as touching it (so nearly parallel edges count as parallel and the witness points are
/// not compared directly: they slide along the edge with the rounding of the normal).
const SUPPORT_MARGIN: f64 = 1.0e-3;

/// Pairs per ordered combination of kinds: 7 × 7 × 250 = 12,250 pairs.
const PAIRS_PER_COMBINATION: usize = 250;

const SEED: u64 = 0x00C0_111D_E5C0_7E01;

// ---------------------------------------------------------------------------------
// Shapes of every kind, built for both libraries from the same numbers.
// ---------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Circle,
    Polygon,
    Box,
    Capsule,
    Segment,
    RoundedPolygon,
    RoundedBox,
}

const KINDS: [Kind; 7] = [
    Kind::Circle,
    Kind::Polygon,
    Kind::Box,
    Kind::Capsule,
    Kind::Segment,
    Kind::RoundedPolygon,
    Kind::RoundedBox,
];

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Circle => "circle",
            Kind::Polygon => "polygon",
            Kind::Box => "box",
            Kind::Capsule => "capsule",
            Kind::Segment => "segment",
            Kind::RoundedPolygon => "rounded polygon",
            Kind::RoundedBox => "rounded box",
        }
    }
}

struct Sample {
    shape: Shape,
    parry: Box<dyn ps::Shape>,
}

/// A convex polygon of 3 to 12 vertices: either points on a random ellipse (random
/// angles, so edges of very different lengths) or the convex hull of a random cloud.
fn random_polygon_points(rng: &mut Rng) -> Vec<Vec2> {
    loop {
        let pts: Vec<Vec2> = if rng.coin() {
            let n = rng.int(3, 12);
            let mut angles: Vec<f64> = (0..n).map(|_| rng.range(0.0, 2.0 * PI)).collect();
            angles.sort_by(f64::total_cmp);
            let (ax, ay) = (rng.range(0.2, 2.0), rng.range(0.2, 2.0));
            let (c, phi) = (rng.vec(-1.0, 1.0), rng.range(0.0, 2.0 * PI));
            let (s, co) = phi.sin_cos();
            angles
                .iter()
                .map(|t| {
                    let (x, y) = (ax * t.cos(), ay * t.sin());
                    c + Vec2::new((co * x - s * y) as f32, (s * x + co * y) as f32)
                })
                .collect()
        } else {
            let k = rng.int(3, 24);
            let (sx, sy) = (rng.range(0.2, 2.0), rng.range(0.2, 2.0));
            let c = rng.vec(-1.0, 1.0);
            let cloud: Vec<Vec2> = (0..k)
                .map(|_| c + Vec2::new(rng.range(-sx, sx) as f32, rng.range(-sy, sy) as f32))
                .collect();
            match convex_hull(&cloud) {
                Ok(h) => h,
                Err(_) => continue,
            }
        };
        if (3..=12).contains(&pts.len()) && Shape::polygon(&pts, 0.0).is_ok() {
            return pts;
        }
    }
}

fn pt(v: Vec2) -> Point<Real> {
    Point::new(v.x, v.y)
}

fn parry_polygon(shape: &Shape) -> ps::ConvexPolygon {
    // `from_convex_polyline` would drop vertices whose turn is below ~1.5°; keep the
    // geometry identical to Collidescope's instead.
    ps::ConvexPolygon::from_convex_polyline_unmodified(
        shape.vertices().iter().map(|v| pt(*v)).collect(),
    )
    .expect("a validated polygon has at least 3 distinct vertices")
}

fn random_sample(rng: &mut Rng, kind: Kind) -> Sample {
    let two_points = |rng: &mut Rng| loop {
        let (a, b) = (rng.vec(-1.5, 1.5), rng.vec(-1.5, 1.5));
        if a.distance(b) > 0.05 {
            return (a, b);
        }
    };
    let geometry = match kind {
        Kind::Circle => Geometry::Circle {
            radius: rng.range(0.1, 2.0) as f32,
        },
        Kind::Polygon => Geometry::Polygon {
            points: random_polygon_points(rng),
            radius: 0.0,
        },
        Kind::RoundedPolygon => Geometry::Polygon {
            points: random_polygon_points(rng),
            radius: rng.range(0.05, 0.6) as f32,
        },
        Kind::Box => Geometry::Box {
            half_extents: rng.vec(0.1, 2.0),
            radius: 0.0,
        },
        Kind::RoundedBox => Geometry::Box {
            half_extents: rng.vec(0.1, 2.0),
            radius: rng.range(0.05, 0.6) as f32,
        },
        Kind::Capsule => {
            let (a, b) = two_points(rng);
            Geometry::Capsule {
                a,
                b,
                radius: rng.range(0.05, 1.0) as f32,
            }
        }
        Kind::Segment => {
            let (a, b) = two_points(rng);
            Geometry::Segment { a, b }
        }
    };
    let shape = Shape::new(geometry.clone()).expect("generated shapes are valid");
    let parry: Box<dyn ps::Shape> = match geometry {
        Geometry::Circle { radius } => Box::new(ps::Ball::new(radius)),
        Geometry::Polygon { radius, .. } if radius > 0.0 => Box::new(ps::RoundShape {
            inner_shape: parry_polygon(&shape),
            border_radius: radius,
        }),
        Geometry::Polygon { .. } => Box::new(parry_polygon(&shape)),
        Geometry::Box {
            half_extents,
            radius,
        } => {
            let cuboid = ps::Cuboid::new(Vector::new(half_extents.x, half_extents.y));
            if radius > 0.0 {
                Box::new(ps::RoundShape {
                    inner_shape: cuboid,
                    border_radius: radius,
                })
            } else {
                Box::new(cuboid)
            }
        }
        Geometry::Capsule { a, b, radius } => Box::new(ps::Capsule::new(pt(a), pt(b), radius)),
        Geometry::Segment { a, b } => Box::new(ps::Segment::new(pt(a), pt(b))),
    };
    Sample { shape, parry }
}

// ---------------------------------------------------------------------------------
// Exact geometry in f64.
// ---------------------------------------------------------------------------------

/// The core of `shape` placed at (`position`, `angle`), in f64. The rotation is taken in
/// f64 from the f32 angle: this is the exact geometry the f32 inputs describe.
fn world_core(shape: &Shape, position: DVec2, angle: f32) -> Vec<DVec2> {
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
enum OriginVsHull {
    Inside { depth: f64, normal: DVec2 },
    Outside { closest: DVec2 },
}

fn origin_vs_hull(h: &[DVec2]) -> OriginVsHull {
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
fn signed_distance_to_core(core: &[DVec2], p: DVec2) -> f64 {
    let shifted: Vec<DVec2> = core.iter().map(|v| *v - p).collect();
    match origin_vs_hull(&shifted) {
        OriginVsHull::Inside { depth, .. } => -depth,
        OriginVsHull::Outside { closest } => closest.length(),
    }
}

/// The exact answer for one placed pair.
struct Exact {
    a_core: Vec<DVec2>,
    b_core: Vec<DVec2>,
    ra: f64,
    rb: f64,
    /// Hull of the core difference B − A.
    hull: Vec<DVec2>,
    /// Signed distance between the rounded shapes (negative: penetration depth).
    signed: f64,
    /// Unit normal from A to B (closest direction when separated, minimum-depth
    /// direction when overlapping); `None` when the cores touch exactly.
    normal: Option<DVec2>,
    /// `pB − pA` of the cores when they are apart (zero otherwise).
    z: DVec2,
    /// Size of the configuration for tolerances.
    scale: f64,
}

impl Exact {
    fn new(a: &Shape, pa: Vec2, aa: f32, b: &Shape, pb: Vec2, ab: f32) -> Exact {
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

    fn distance(&self) -> f64 {
        self.signed.max(0.0)
    }

    fn depth(&self) -> f64 {
        (-self.signed).max(0.0)
    }

    fn touching(&self) -> bool {
        self.signed.abs() <= TOUCH_TOL * self.scale
    }

    /// `h(u) = max over B − A of p·u`, radii included: how far B − A reaches along `u`.
    fn support(&self, u: DVec2) -> f64 {
        self.hull
            .iter()
            .map(|p| p.dot(u))
            .fold(f64::NEG_INFINITY, f64::max)
            + self.ra
            + self.rb
    }

    /// The depth B would have after moving by `t·n` for every `t` is zero at
    /// `t = h(−n)`: the penetration measured along the normal `n` (from A to B).
    fn depth_along(&self, n: DVec2) -> f64 {
        self.support(-n)
    }

    /// Brute force: do directions far from the exact normal (more than `NORMAL_TOL`)
    /// also give the minimum depth within `tol`? Then the normal is a tie (two faces of
    /// B − A at the same depth, or a face whose depth varies less than `tol` over a wide
    /// arc) and comparing normals would test rounding, not correctness.
    fn is_normal_tie(&self, tol: f64) -> bool {
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
    fn witness_points(&self) -> Option<(DVec2, DVec2)> {
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

// ---------------------------------------------------------------------------------
// Placement: about half the pairs overlap, half are apart, some nearly touch.
// ---------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum Category {
    Overlap,
    Separated,
    NearlyTouching,
}

/// Signed distance of the origin from the convex polygon `h` grown by `r`.
fn signed_distance_of_origin(h: &[DVec2], r: f64) -> f64 {
    match origin_vs_hull(h) {
        OriginVsHull::Inside { depth, .. } => -depth - r,
        OriginVsHull::Outside { closest } => closest.length() - r,
    }
}

/// Poses (position, angle) of A and B. A anywhere in [−20, 20]², B turned at random and
/// moved along a random direction `u` from "centroids coincide" (always overlapping)
/// to a target signed distance. Moving B by `t·u` moves B − A by `t·u`, so the signed
/// distance is that of the point `−t·u` from the t = 0 difference: a convex function of
/// `t`, ≤ 0 at t = 0, solved for the target by bisection.
fn place(rng: &mut Rng, a: &Shape, b: &Shape, category: Category) -> (Vec2, f32, Vec2, f32) {
    let pos_a = rng.vec(-20.0, 20.0);
    let ang_a = rng.range(-PI, PI) as f32;
    let ang_b = rng.range(-PI, PI) as f32;
    let a_core = world_core(a, pos_a.as_dvec2(), ang_a);
    // A's area centroid in world space (inside A), and B's local centroid.
    let ca = {
        let c = a.centroid().as_dvec2();
        let (s, co) = (ang_a as f64).sin_cos();
        DVec2::new(co * c.x - s * c.y, s * c.x + co * c.y) + pos_a.as_dvec2()
    };
    let cb_local = b.centroid().as_dvec2();
    let (s, co) = (ang_b as f64).sin_cos();
    let cb_rot = DVec2::new(
        co * cb_local.x - s * cb_local.y,
        s * cb_local.x + co * cb_local.y,
    );
    let pos_b0 = ca - cb_rot;
    let b_core0 = world_core(b, pos_b0, ang_b);
    let diffs: Vec<DVec2> = b_core0
        .iter()
        .flat_map(|q| a_core.iter().map(move |p| *q - *p))
        .collect();
    let h0 = hull64(&diffs);
    let r = (a.radius() + b.radius()) as f64;
    let theta = rng.range(0.0, 2.0 * PI);
    let u = DVec2::new(theta.cos(), theta.sin());
    let sd = |t: f64| {
        let shifted: Vec<DVec2> = h0.iter().map(|p| *p + t * u).collect();
        signed_distance_of_origin(&shifted, r)
    };
    let size = (a.bounding_radius() + b.bounding_radius()) as f64;
    let sd0 = sd(0.0);
    let target = match category {
        Category::Overlap => sd0 * rng.range(0.02, 1.0),
        Category::Separated => 10f64.powf(rng.range(-2.0, 0.5)),
        Category::NearlyTouching => {
            let m = 10f64.powf(rng.range(-5.0, -2.5));
            if rng.coin() {
                m
            } else {
                -m
            }
        }
    };
    let (mut lo, mut hi) = (0.0, 4.0 * size + 10.0);
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if sd(mid) <= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let pos_b = pos_b0 + lo * u;
    (pos_a, ang_a, pos_b.as_vec2(), ang_b)
}

// ---------------------------------------------------------------------------------
// Bookkeeping.
// ---------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Disagreement {
    /// `distance` differs.
    Distance,
    /// Witness points differ where they are unique.
    WitnessPoints,
    /// One says overlapping, the other separated (the pair is not touching).
    Overlap,
    /// parry2d's `contact` with prediction 0 returned a contact for separated shapes
    /// (with a positive `dist`).
    ContactBeyondPrediction,
    /// parry's `contact` found no contact for overlapping shapes.
    ContactMissing,
    /// Penetration depth differs.
    Depth,
    /// Penetration normal differs (not a tie).
    Normal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Favoured {
    /// Collidescope within tolerance of the exact answer, parry2d not.
    Collidescope,
    /// parry2d within tolerance, Collidescope not.
    Parry2d,
    /// Both within tolerance of the exact answer (they differ by less than 2 tolerances).
    Both,
    Neither,
}

fn favoured(coll_ok: bool, parry_ok: bool) -> Favoured {
    match (coll_ok, parry_ok) {
        (true, false) => Favoured::Collidescope,
        (false, true) => Favoured::Parry2d,
        (true, true) => Favoured::Both,
        (false, false) => Favoured::Neither,
    }
}

#[derive(Default)]
struct Tally {
    count: usize,
    /// Largest |Collidescope − parry2d| seen, relative to `L`.
    max_diff: f64,
    /// Largest |parry2d − exact|, relative to `L`.
    max_parry_err: f64,
    example: String,
}

#[derive(Default)]
struct CombinationStats {
    pairs: usize,
    overlapping: usize,
    separated: usize,
    touching: usize,
    /// Disagreement records (a pair can have several kinds).
    disagreements: usize,
    /// Pairs with at least one disagreement.
    pairs_disagreeing: usize,
}

#[derive(Default)]
struct Report {
    combos: BTreeMap<(Kind, Kind), CombinationStats>,
    disagreements: BTreeMap<(Disagreement, Favoured), Tally>,
    by_combination: BTreeMap<(Kind, Kind, Disagreement), usize>,
    failures: Vec<String>,
    /// Largest Collidescope error against the exact answer, relative to `L`, per check.
    max_err: BTreeMap<&'static str, f64>,
    polygon_sizes: BTreeMap<usize, usize>,
    gjk_terminations: BTreeMap<&'static str, usize>,
    cache_uses: BTreeMap<String, usize>,
    epa_terminations: BTreeMap<&'static str, usize>,
}

impl Report {
    fn err(&mut self, check: &'static str, value: f64) {
        let e = self.max_err.entry(check).or_insert(0.0);
        *e = e.max(value);
    }

    fn disagree(
        &mut self,
        combo: (Kind, Kind),
        kind: Disagreement,
        fav: Favoured,
        diff: f64,
        parry_err: f64,
        what: String,
    ) {
        self.combos.entry(combo).or_default().disagreements += 1;
        *self
            .by_combination
            .entry((combo.0, combo.1, kind))
            .or_default() += 1;
        if std::env::var("DIFF_DEBUG").is_ok_and(|k| k == format!("{kind:?}")) {
            eprintln!("DEBUG {kind:?} {fav:?}: {what}");
        }
        let t = self.disagreements.entry((kind, fav)).or_default();
        t.count += 1;
        t.max_diff = t.max_diff.max(diff);
        t.max_parry_err = t.max_parry_err.max(parry_err);
        if t.example.is_empty() {
            t.example = what;
        }
    }
}

fn iso(p: Vec2, angle: f32) -> Isometry<Real> {
    Isometry::new(Vector::new(p.x, p.y), angle)
}

fn dv(p: Point<Real>) -> DVec2 {
    DVec2::new(p.x as f64, p.y as f64)
}

/// Runs one pair through both libraries and the exact reference.
fn check_pair(
    report: &mut Report,
    combo: (Kind, Kind),
    label: &str,
    a: &Sample,
    b: &Sample,
    pose: (Vec2, f32, Vec2, f32),
) {
    let (pa, aa, pb, ab) = pose;
    let ex = Exact::new(&a.shape, pa, aa, &b.shape, pb, ab);
    let l = ex.scale;
    let tol = DIST_TOL * l;
    let wtol = WITNESS_TOL * l;
    let what = format!(
        "{label}: A {:?} at ({}, {}) angle {}, B {:?} at ({}, {}) angle {}; exact signed distance {:.9}",
        a.shape.geometry(),
        pa.x,
        pa.y,
        aa,
        b.shape.geometry(),
        pb.x,
        pb.y,
        ab,
        ex.signed
    );
    {
        let st = report.combos.entry(combo).or_default();
        st.pairs += 1;
        if ex.touching() {
            st.touching += 1;
        } else if ex.signed < 0.0 {
            st.overlapping += 1;
        } else {
            st.separated += 1;
        }
    }
    for s in [&a.shape, &b.shape] {
        if matches!(s.geometry(), Geometry::Polygon { .. }) {
            *report.polygon_sizes.entry(s.vertices().len()).or_default() += 1;
        }
    }

    // --- Collidescope ---
    let (xa, xb) = (Transform::new(pa, aa), Transform::new(pb, ab));
    let input = DistanceInput {
        pair: PosedPair::new(&a.shape, xa, &b.shape, xb),
        use_radii: true,
        max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
    };
    let dist = shape_distance(&input, None, None);
    // The same query warm-started from the cache of the previous frame (B 0.01 away and
    // turned by 0.01 rad), as a simulation would run it.
    let mut cache = SimplexCache::default();
    let previous = Transform::new(pb - Vec2::new(0.01, 0.0), ab - 0.01);
    shape_distance(
        &DistanceInput {
            pair: PosedPair {
                transform_b: previous,
                ..input.pair
            },
            ..input
        },
        Some(&mut cache),
        None,
    );
    let warm = shape_distance(&input, Some(&mut cache), None);
    *report
        .cache_uses
        .entry(format!("{:?}", warm.cache_use))
        .or_default() += 1;
    *report
        .gjk_terminations
        .entry(dist.termination.as_str())
        .or_default() += 1;
    let pen = penetration(
        &PenetrationInput {
            pair: PosedPair::new(&a.shape, xa, &b.shape, xb),
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
        },
        None,
        None,
    );
    if let Some(p) = &pen {
        *report
            .epa_terminations
            .entry(p.termination.as_str())
            .or_default() += 1;
    }

    // --- parry2d ---
    let (ia, ib) = (iso(pa, aa), iso(pb, ab));
    let p_dist = pq::distance(&ia, &*a.parry, &ib, &*b.parry).expect("supported pair") as f64;
    let p_points =
        pq::closest_points(&ia, &*a.parry, &ib, &*b.parry, 1.0e3).expect("supported pair");
    let p_contact = pq::contact(&ia, &*a.parry, &ib, &*b.parry, 0.0).expect("supported pair");

    let fail = |report: &mut Report, msg: String| {
        report.failures.push(format!("{msg}\n    {what}"));
    };
    let c_dist = dist.distance as f64;
    if !(c_dist.is_finite() && dist.point_a.is_finite() && dist.point_b.is_finite()) {
        fail(report, format!("non-finite distance output {dist:?}"));
        return;
    }

    // Distance: Collidescope against the exact answer, and parry2d against both.
    let c_err = (c_dist - ex.distance()).abs();
    let p_err = (p_dist - ex.distance()).abs();
    report.err("distance", c_err / l);
    if c_err > tol {
        fail(
            report,
            format!(
                "distance {c_dist} vs exact {} ({:?})",
                ex.distance(),
                dist.termination
            ),
        );
    }
    let w_err = (warm.distance as f64 - ex.distance()).abs();
    report.err("distance (warm-started)", w_err / l);
    if w_err > tol || (warm.cache_use == CacheUse::Cold) {
        fail(
            report,
            format!("warm-started distance {warm:?} vs exact {}", ex.distance()),
        );
    }
    if (c_dist - p_dist).abs() > tol {
        report.disagree(
            combo,
            Disagreement::Distance,
            favoured(c_err <= tol, p_err <= tol),
            (c_dist - p_dist).abs() / l,
            p_err / l,
            format!(
                "collidescope {c_dist}, parry2d {p_dist}, exact {}; {what}",
                ex.distance()
            ),
        );
    }

    if ex.touching() {
        // Either answer is right; it must at least be a small one.
        if c_dist > 2.0 * tol {
            fail(report, format!("touching pair reported {c_dist} apart"));
        }
        if let Some(p) = &pen {
            if !(p.depth.is_finite() && (p.depth as f64) <= ex.depth() + 2.0 * tol) {
                fail(report, format!("touching pair reported depth {}", p.depth));
            }
        }
        return;
    }

    if ex.signed > 0.0 {
        // ----- Separated -----
        if c_dist == 0.0 {
            fail(report, "separated pair reported overlapping".into());
        }
        if pen.is_some() {
            fail(report, format!("separated pair has a penetration {pen:?}"));
        }
        let (ca, cb) = (dist.point_a.as_dvec2(), dist.point_b.as_dvec2());
        // The witness points are as far apart as the shapes…
        let e = ((cb - ca).length() - ex.distance()).abs();
        report.err("witness separation", e / l);
        if e > tol {
            fail(
                report,
                format!(
                    "witness points {ca} {cb} are {} apart, exact distance {}",
                    (cb - ca).length(),
                    ex.distance()
                ),
            );
        }
        // …and each lies on its shape's rounded surface.
        let ea = (signed_distance_to_core(&ex.a_core, ca) - ex.ra).abs();
        let eb = (signed_distance_to_core(&ex.b_core, cb) - ex.rb).abs();
        report.err("witness on surface", ea.max(eb) / l);
        if ea.max(eb) > tol {
            fail(
                report,
                format!("witness points {ca} {cb} off the surfaces by {ea}, {eb}"),
            );
        }
        // The normal is the direction between the closest points. It is well
        // conditioned when the closest features include an edge (the edge's
        // perpendicular); only between two vertices (a 1-point simplex) is it the
        // difference of two rounded points over the distance, off by up to `tol / |z|`.
        match (dist.normal, ex.normal) {
            (Some(n), Some(en)) => {
                let angle = angle(n.as_dvec2(), en);
                let allowed = if dist.simplex_count == 1 {
                    NORMAL_TOL.max(4.0 * tol / ex.z.length())
                } else {
                    NORMAL_TOL
                };
                report.err("separation normal (rad)", angle);
                if angle > allowed {
                    fail(report, format!("normal {n} vs exact {en}"));
                }
            }
            (None, _) => fail(report, "separated pair without a normal".into()),
            _ => {}
        }
        // Unique witness points: compare directly with the exact ones and parry2d's.
        if let Some((ea, eb)) = ex.witness_points() {
            let c_werr = (ca - ea).length().max((cb - eb).length());
            report.err("witness points (unique)", c_werr / l);
            if c_werr > wtol {
                fail(
                    report,
                    format!("witness points {ca} {cb} vs exact {ea} {eb}"),
                );
            }
            if let ClosestPoints::WithinMargin(p1, p2) = p_points {
                let (p1, p2) = (dv(p1), dv(p2));
                let p_werr = (p1 - ea).length().max((p2 - eb).length());
                let diff = (p1 - ca).length().max((p2 - cb).length());
                if diff > wtol {
                    report.disagree(
                        combo,
                        Disagreement::WitnessPoints,
                        favoured(c_werr <= wtol, p_werr <= wtol),
                        diff / l,
                        p_werr / l,
                        format!(
                            "collidescope {ca} {cb}, parry2d {p1} {p2}, exact {ea} {eb}; {what}"
                        ),
                    );
                }
            }
        }
        let parry_overlaps = !matches!(p_points, ClosestPoints::WithinMargin(..))
            || p_contact.is_some_and(|c| c.dist <= 0.0);
        if parry_overlaps {
            report.disagree(
                combo,
                Disagreement::Overlap,
                Favoured::Collidescope,
                ex.distance() / l,
                ex.distance() / l,
                format!("parry2d closest points {p_points:?}, contact {p_contact:?}; {what}"),
            );
        } else if let Some(c) = p_contact {
            // With prediction 0, `contact` should answer `None` for separated shapes; it
            // returns a contact with a positive `dist` when its GJK stops on the
            // "upper bound stopped decreasing" test, which skips the prediction check.
            report.disagree(
                combo,
                Disagreement::ContactBeyondPrediction,
                favoured(true, (c.dist as f64 - ex.distance()).abs() <= tol),
                (c.dist as f64) / l,
                (c.dist as f64 - ex.distance()).abs() / l,
                format!(
                    "parry2d contact {c:?} for shapes {} apart; {what}",
                    ex.distance()
                ),
            );
        }
        return;
    }

    // ----- Overlapping -----
    if c_dist != 0.0 {
        fail(
            report,
            format!(
                "overlapping pair (depth {}) reported {c_dist} apart",
                ex.depth()
            ),
        );
    }
    let Some(p) = pen else {
        fail(
            report,
            format!(
                "overlapping pair (depth {}) without a penetration",
                ex.depth()
            ),
        );
        return;
    };
    let depth = p.depth as f64;
    let n = p.normal.as_dvec2();
    if !(depth.is_finite() && n.is_finite() && p.point_a.is_finite() && p.point_b.is_finite()) {
        fail(report, format!("non-finite penetration {p:?}"));
        return;
    }
    let depth_tol = DEPTH_REL_TOL * ex.depth() + tol;
    let c_derr = (depth - ex.depth()).abs();
    report.err("depth", c_derr / l);
    if c_derr > depth_tol {
        fail(
            report,
            format!(
                "depth {depth} vs exact {} ({:?}, {} iterations)",
                ex.depth(),
                p.termination,
                p.iterations
            ),
        );
    }
    // The normal must achieve the depth: moving B by `depth` along it separates them.
    let along = ex.depth_along(n);
    report.err("depth along normal", (along - ex.depth()) / l);
    if along > ex.depth() + depth_tol || (n.length() - 1.0).abs() > 1e-5 {
        fail(
            report,
            format!(
                "normal {n} needs {along} to separate, exact depth {}",
                ex.depth()
            ),
        );
    }
    // Witness points: on the surfaces, `depth` apart along the normal.
    let (qa, qb) = (p.point_a.as_dvec2(), p.point_b.as_dvec2());
    let e = (qb - (qa - depth * n)).length();
    let ea = (signed_distance_to_core(&ex.a_core, qa) - ex.ra).abs();
    let eb = (signed_distance_to_core(&ex.b_core, qb) - ex.rb).abs();
    report.err("penetration witness", e.max(ea).max(eb) / l);
    if e.max(ea).max(eb) > depth_tol {
        fail(report, format!("penetration witness points {qa} {qb}: {e} off the normal, {ea} / {eb} off the surfaces"));
    }
    // The normal itself, where it is unique.
    let exact_n = ex.normal;
    let c_angle = exact_n.map_or(0.0, |en| angle(n, en));
    let mut tie: Option<bool> = None;
    let mut is_tie = |ex: &Exact| *tie.get_or_insert_with(|| ex.is_normal_tie(depth_tol));
    if c_angle > NORMAL_TOL && !is_tie(&ex) {
        fail(
            report,
            format!("normal {n} vs exact {exact_n:?} (not a tie)"),
        );
    }
    if c_angle <= NORMAL_TOL {
        report.err("penetration normal (rad, unique)", c_angle);
    }

    if let ClosestPoints::WithinMargin(p1, p2) = p_points {
        // parry2d's segment–segment query answers crossing segments with the crossing
        // point twice (a zero gap) rather than `Intersecting`: the same answer.
        let gap = (dv(p2) - dv(p1)).length();
        if gap > tol {
            report.disagree(
                combo,
                Disagreement::Overlap,
                Favoured::Collidescope,
                ex.depth() / l,
                (gap + ex.depth()) / l,
                format!("parry2d closest points {p_points:?} for overlapping shapes; {what}"),
            );
        }
    }
    match p_contact {
        None => report.disagree(
            combo,
            Disagreement::ContactMissing,
            Favoured::Collidescope,
            ex.depth() / l,
            ex.depth() / l,
            format!("parry2d contact None, closest points {p_points:?}; {what}"),
        ),
        Some(c) => {
            let p_depth = -c.dist as f64;
            let p_derr = (p_depth - ex.depth()).abs();
            if (p_depth - depth).abs() > depth_tol {
                report.disagree(
                    combo,
                    Disagreement::Depth,
                    favoured(c_derr <= depth_tol, p_derr <= depth_tol),
                    (p_depth - depth).abs() / l,
                    p_derr / l,
                    format!(
                        "collidescope depth {depth}, parry2d {p_depth}, exact {}; {what}",
                        ex.depth()
                    ),
                );
            }
            let pn = DVec2::new(c.normal1.x as f64, c.normal1.y as f64);
            let diff = angle(pn, n);
            if diff > NORMAL_TOL && !is_tie(&ex) {
                let p_angle = exact_n.map_or(0.0, |en| angle(pn, en));
                report.disagree(
                    combo,
                    Disagreement::Normal,
                    favoured(c_angle <= NORMAL_TOL, p_angle <= NORMAL_TOL),
                    diff,
                    p_angle,
                    format!("collidescope normal {n}, parry2d {pn}, exact {exact_n:?}; {what}"),
                );
            }
        }
    }
}

/// Regression: a circle whose centre lies 3.1e-6 from a capsule's core segment (found
/// by this test with 2,000 pairs per combination). The depth was right but the normal,
/// computed as `(pB − pA) / d` with `d` = 3.1e-6, came out 0.02 rad off: moving B by the
/// depth along it left the shapes overlapping by 0.027. The normal now comes from the
/// simplex edge.
#[test]
fn normal_of_nearly_touching_cores_is_the_edge_perpendicular() {
    let circle = Shape::circle(1.219313).unwrap();
    let capsule = Shape::capsule(
        Vec2::new(1.0041739, 1.2494117),
        Vec2::new(-1.0880342, -0.18062425),
        0.7531486,
    )
    .unwrap();
    let (pa, aa) = (Vec2::new(-3.4073045, 11.495141), 0.7674332);
    let (pb, ab) = (Vec2::new(-3.207465, 10.997745), 0.30373123);
    let ex = Exact::new(&circle, pa, aa, &capsule, pb, ab);
    assert!((ex.depth() - 1.972_458_5).abs() < 1e-6, "{}", ex.depth());
    let p = penetration(
        &PenetrationInput {
            pair: PosedPair::new(
                &circle,
                Transform::new(pa, aa),
                &capsule,
                Transform::new(pb, ab),
            ),
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
        },
        None,
        None,
    )
    .unwrap();
    let n = p.normal.as_dvec2();
    assert!(
        angle(n, ex.normal.unwrap()) < 1e-4,
        "{n} vs {:?}",
        ex.normal
    );
    assert!(
        ex.depth_along(n) - ex.depth() < 1e-5,
        "{}",
        ex.depth_along(n)
    );
    // The same for the distance query: a point 3e-6 from a segment, both without radii.
    let segment = Shape::segment(Vec2::new(-1.3, 0.2), Vec2::new(1.1, 0.9)).unwrap();
    let point = Shape::polygon(&[Vec2::ZERO], 0.0).unwrap();
    let along = Vec2::new(-1.3, 0.2).lerp(Vec2::new(1.1, 0.9), 0.37);
    let perp = Vec2::new(-0.7, 2.4).normalize();
    let (ps, angle_s) = (Vec2::new(5.0, -3.0), 0.4f32);
    let at = Transform::new(ps, angle_s).apply(along + 3e-6 * perp);
    let out = shape_distance(
        &DistanceInput {
            pair: PosedPair::new(
                &segment,
                Transform::new(ps, angle_s),
                &point,
                Transform::new(at, 0.0),
            ),
            use_radii: true,
            max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
        },
        None,
        None,
    );
    let ex = Exact::new(&segment, ps, angle_s, &point, at, 0.0);
    let normal = out.normal.expect("separated");
    assert!(
        angle(normal.as_dvec2(), ex.normal.unwrap()) < 1e-4,
        "{normal} vs {:?} at distance {}",
        ex.normal,
        out.distance
    );
}

#[test]
fn exact_reference_is_right_on_known_cases() {
    // Two unit boxes 3 apart: distance 1; overlapping by 0.5: depth 0.5 along +x.
    let b = Shape::cuboid(Vec2::new(1.0, 1.0)).unwrap();
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::new(3.0, 0.5), 0.0);
    assert!((ex.distance() - 1.0).abs() < 1e-12);
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::new(1.5, 0.2), 0.0);
    assert!((ex.depth() - 0.5).abs() < 1e-12);
    assert!((ex.normal.unwrap() - DVec2::X).length() < 1e-12);
    // Circles: radii only.
    let c = Shape::circle(1.0).unwrap();
    let ex = Exact::new(&c, Vec2::ZERO, 0.0, &c, Vec2::new(0.0, 1.5), 0.0);
    assert!((ex.depth() - 0.5).abs() < 1e-12);
    assert!((ex.normal.unwrap() - DVec2::Y).length() < 1e-12);
    // dyn4j's triangles (PUBLIC_CASES.md, case 1): depth 0.93704 by SAT.
    let ta = Shape::polygon(
        &[
            Vec2::new(4.0, 11.0),
            Vec2::new(9.0, 9.0),
            Vec2::new(4.0, 5.0),
        ],
        0.0,
    )
    .unwrap();
    let tb = Shape::polygon(
        &[
            Vec2::new(5.0, 7.0),
            Vec2::new(12.0, 7.0),
            Vec2::new(10.0, 2.0),
        ],
        0.0,
    )
    .unwrap();
    let ex = Exact::new(&ta, Vec2::ZERO, 0.0, &tb, Vec2::ZERO, 0.0);
    assert!((ex.depth() - 0.93704).abs() < 1e-5, "{}", ex.depth());
    assert!((ex.normal.unwrap() - DVec2::new(0.62470, -0.78087)).length() < 1e-4);
    // A capsule's core segment 0.56370 from a triangle (case 3): depth 9.43630.
    let cap = Shape::capsule(Vec2::new(0.0, -5.0), Vec2::new(0.0, 5.0), 10.0).unwrap();
    let tri = Shape::polygon(
        &[
            Vec2::new(64.0, 507.0),
            Vec2::new(440.0, 326.0),
            Vec2::new(1072.0, 507.0),
        ],
        0.0,
    )
    .unwrap();
    let ex = Exact::new(
        &cap,
        Vec2::new(381.592, 348.491),
        0.0,
        &tri,
        Vec2::ZERO,
        0.0,
    );
    assert!((ex.depth() - 9.43630).abs() < 1e-4, "{}", ex.depth());
    // Unique witness points of a vertex against a face.
    let ex = Exact::new(
        &b,
        Vec2::ZERO,
        0.0,
        &b,
        Vec2::new(4.0, 0.0),
        std::f32::consts::FRAC_PI_4,
    );
    let (wa, wb) = ex.witness_points().unwrap();
    assert!(
        (wa.x - 1.0).abs() < 1e-12 && (wb - DVec2::new(4.0 - 2f64.sqrt(), 0.0)).length() < 1e-6
    );
    // Parallel faces: not unique.
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::new(4.0, 0.5), 0.0);
    assert!(ex.witness_points().is_none());
    // A tie: coincident boxes can be separated along ±x or ±y... of a square.
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::ZERO, 0.0);
    assert!(ex.is_normal_tie(1e-6));
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::new(1.5, 0.2), 0.0);
    assert!(!ex.is_normal_tie(1e-6));
}

#[test]
fn collidescope_matches_parry2d_and_the_exact_answer() {
    let mut report = Report::default();
    for (ka, &kind_a) in KINDS.iter().enumerate() {
        for (kb, &kind_b) in KINDS.iter().enumerate() {
            let mut rng = Rng::new(SEED ^ ((ka * 7 + kb) as u64).wrapping_mul(0x9E37_79B9));
            for i in 0..PAIRS_PER_COMBINATION {
                let a = random_sample(&mut rng, kind_a);
                let b = random_sample(&mut rng, kind_b);
                let category = match i % 20 {
                    0..=8 => Category::Overlap,
                    9..=17 => Category::Separated,
                    _ => Category::NearlyTouching,
                };
                let pose = place(&mut rng, &a.shape, &b.shape, category);
                let label = format!("{} × {} #{i}", kind_a.name(), kind_b.name());
                let combo = (kind_a, kind_b);
                let before = report.combos.get(&combo).map_or(0, |s| s.disagreements);
                check_pair(&mut report, combo, &label, &a, &b, pose);
                let st = report.combos.entry(combo).or_default();
                st.pairs_disagreeing += usize::from(st.disagreements > before);
            }
        }
    }

    eprintln!(
        "\nPairs per combination (A × B: pairs = overlapping + separated + touching; \
         pairs disagreeing with parry2d / disagreement records):"
    );
    let mut total = CombinationStats::default();
    for ((ka, kb), s) in &report.combos {
        eprintln!(
            "  {:>15} × {:<15} {:>4} = {:>4} + {:>4} + {:>3}; {:>3} / {:>3}",
            ka.name(),
            kb.name(),
            s.pairs,
            s.overlapping,
            s.separated,
            s.touching,
            s.pairs_disagreeing,
            s.disagreements
        );
        total.pairs += s.pairs;
        total.overlapping += s.overlapping;
        total.separated += s.separated;
        total.touching += s.touching;
        total.pairs_disagreeing += s.pairs_disagreeing;
        total.disagreements += s.disagreements;
    }
    eprintln!(
        "  total {} pairs = {} overlapping + {} separated + {} touching; \
         {} pairs disagreeing / {} records",
        total.pairs,
        total.overlapping,
        total.separated,
        total.touching,
        total.pairs_disagreeing,
        total.disagreements
    );
    eprintln!("Polygon vertex counts: {:?}", report.polygon_sizes);
    eprintln!("GJK terminations: {:?}", report.gjk_terminations);
    eprintln!("EPA terminations: {:?}", report.epa_terminations);
    eprintln!("Warm starts: {:?}", report.cache_uses);
    eprintln!("Largest Collidescope error against the exact answer (relative to L unless stated):");
    for (check, e) in &report.max_err {
        eprintln!("  {check:<34} {e:.3e}");
    }
    eprintln!("Disagreements with parry2d (kind, favoured by the exact answer: count, max |diff|/L, max parry2d error/L):");
    for ((kind, fav), t) in &report.disagreements {
        eprintln!(
            "  {kind:?} / {fav:?}: {} (max diff {:.3e}, max parry2d err {:.3e})\n      e.g. {}",
            t.count, t.max_diff, t.max_parry_err, t.example
        );
    }

    eprintln!("Disagreements by combination and kind:");
    for ((ka, kb, kind), n) in &report.by_combination {
        eprintln!("  {} × {}: {kind:?} {n}", ka.name(), kb.name());
    }
    assert!(
        total.pairs >= 10_000,
        "only {} pairs were checked",
        total.pairs
    );
    assert!(
        report.failures.is_empty(),
        "{} pairs where Collidescope disagrees with the exact answer; first ones:\n{}",
        report.failures.len(),
        report.failures[..report.failures.len().min(15)].join("\n")
    );
    // Every combination is exercised on both sides of contact.
    for ((ka, kb), s) in &report.combos {
        assert!(
            s.overlapping >= PAIRS_PER_COMBINATION / 3 && s.separated >= PAIRS_PER_COMBINATION / 3,
            "{} × {}: {} overlapping, {} separated",
            ka.name(),
            kb.name(),
            s.overlapping,
            s.separated
        );
    }
    // No disagreement may be settled in parry2d's favour (that would be a Collidescope
    // bug, also caught above).
    for ((kind, fav), t) in &report.disagreements {
        assert!(
            matches!(fav, Favoured::Collidescope | Favoured::Both),
            "{kind:?} settled for {fav:?} on {} pairs, e.g. {}",
            t.count,
            t.example
        );
    }
    // The two libraries must still agree closely, or the harness compares different
    // things (frames, shapes, poses). On sharp shapes (polygons, boxes, segments) parry2d
    // is exact to f32 too, apart from its rare GJK stops ~1e-3 too long: at most 2% of
    // those pairs may disagree at all. On every combination, no distance, depth or
    // witness point may differ by more than 2% of the configuration's size: parry2d's
    // approximations of curved surfaces (a GJK stopping at a relative gap of
    // sqrt(10·ε) ≈ 1.1e-3, witness points on arcs off by the square root of that) stay
    // well below it, and a wrong frame or shape would differ by the size itself.
    let sharp = |k: Kind| matches!(k, Kind::Polygon | Kind::Box | Kind::Segment);
    let (sharp_pairs, sharp_disagreeing) = report
        .combos
        .iter()
        .filter(|((ka, kb), _)| sharp(*ka) && sharp(*kb))
        .fold((0, 0), |(p, d), (_, s)| {
            (p + s.pairs, d + s.pairs_disagreeing)
        });
    assert!(
        sharp_disagreeing * 50 <= sharp_pairs,
        "{sharp_disagreeing} of {sharp_pairs} pairs of sharp shapes disagree with parry2d"
    );
    for ((kind, fav), t) in &report.disagreements {
        if matches!(
            kind,
            Disagreement::Distance | Disagreement::Depth | Disagreement::WitnessPoints
        ) {
            assert!(
                t.max_diff <= 2e-2,
                "{kind:?} / {fav:?}: parry2d differs by {:.3e} · L, e.g. {}",
                t.max_diff,
                t.example
            );
        }
    }
}
