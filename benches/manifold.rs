//! Criterion benchmarks of the contact manifolds, side by side with Box2D v3 and
//! parry2d 0.25.
//!
//! Every group runs the libraries on the **same** seeded pairs (256 of them),
//! stepping through the pairs inside the timed loop so that neither the branch
//! predictor nor the caches can learn a single pair. Shapes, transforms, parry2d's
//! `Isometry`s and Box2D's arguments are built before timing starts; traces are off.
//! parry2d gets a fresh `ContactManifold` per call (an `ArrayVec` in 2D: no
//! allocation), so its contact cache never answers for it. Only ratios within one run
//! are meaningful.
//!
//! **Box2D** (function `box2d`, needs the `peers` feature) is called through its raw C
//! API (`boxdd_sys::ffi`), not boxdd's safe wrapper, whose per-call checks would
//! dominate calls this short. Its arguments are built once per pair: `b2Polygon`s by
//! `b2MakePolygon` (`collidescope::peers::box2d::polygon`, the core's vertices), a
//! `b2Circle`, and the relative pose from the core's `Transform::inv_mul` (Box2D's
//! `b2Collide*` take B's pose in A's frame and answer in A's frame). Its speculative
//! distance is its built-in `B2_SPECULATIVE_DISTANCE`, 4 × linear slop = 0.02, the
//! prediction used here. Box2D's C library is compiled by boxdd-sys (`-O2`) and cannot
//! be inlined into the loop (an FFI call). Before timing, a pair with a polygon Box2D
//! refuses (`peers::box2d::accepts_polygon`, i.e. `b2ValidateHull`; `b2MakePolygon`
//! asserts on one) is skipped, and so is a pair where Box2D's manifold differs from
//! ours (the reference named per group): the same point count, normals within 1e-3,
//! each point (the midpoint between the surfaces) and its separation within
//! 1e-4 + 5e-7·L, as in `tests/peers_manifold.rs`. So the libraries measure the same
//! work; the counts are printed to stderr.
//!
//! **Ours in Box2D's frame** (in the groups whose source is SAT, i.e. the `Box2dV3`
//! preset's Box2D functions), on exactly Box2D's arguments — the shapes in the order of
//! Box2D's call, the second's pose in the first's frame from the same
//! `Transform::inv_mul`, answering in the first shape's frame like `b2Collide*`: function
//! `collidescope_local` calls the typed entry of Box2D's one function
//! (`box2d_collide_polygons`, `box2d_collide_polygon_circle`), the same work as Box2D's
//! column; `collidescope_local_any` calls `box2d_local_manifold`, which also picks the
//! function from the two shapes' kinds. The function `collidescope` is the public
//! world-frame entry, `contact_manifold(&ManifoldInput, None)`: it also brings B into A's
//! frame from the two world poses, dispatches on the source, and turns the answer back
//! into the world (both surfaces' points, our feature words beside Box2D's id), work
//! Box2D's column does not time.
//!
//! **Instructions per call**: `COLLIDESCOPE_COUNT=group/function/calls` runs one
//! function that many times instead of criterion (`benches/common/count.rs`);
//! `benches/common/instructions.sh BINARY GROUP FUNCTION…` turns two such runs under
//! cachegrind, less the group's empty loop, into instructions per call.
//! `COLLIDESCOPE_TIME=group/rounds` times the group's functions interleaved instead,
//! each one's fastest turn (the ratio criterion cannot give on a loaded machine).
//!
//! Groups (functions `collidescope`, `collidescope_local`, `collidescope_local_any`,
//! `box2d`, `parry2d`; the speculative distance / prediction is 0.02 for all):
//! - `manifold_poly_poly_sat`: two overlapping 8-gons (depth 0.005 to 0.3),
//!   `contact_manifold` with the SAT source vs `b2CollidePolygons` vs parry2d's
//!   `DefaultQueryDispatcher::contact_manifold_convex_convex` (GJK/EPA + face clip);
//!   Box2D checked against our SAT manifold;
//! - `manifold_poly_poly_epa`: the same pairs, our EPA source (Box2D's column is the
//!   same `b2CollidePolygons` call, it has no other);
//! - `manifold_circle_poly`: a circle overlapping an 8-gon, our SAT source (SAT over
//!   the polygon's faces and the Voronoi region, b2CollidePolygonAndCircle) vs
//!   `b2CollidePolygonAndCircle` (Box2D has only the polygon-first order: it takes
//!   (B, A) with A's pose in B's frame and answers in B's frame, normal from B to A;
//!   the swap is made once per pair) vs parry2d's convex–ball manifold; Box2D checked
//!   against our SAT manifold;
//! - `manifold_box_box`: two overlapping boxes, our Box2D-Lite `box_box` vs
//!   `b2CollidePolygons` on the two boxes as `b2Polygon`s vs parry2d's cuboid–cuboid
//!   manifold (SAT + face clip); Box2D checked against `box_box` after dropping its
//!   points farther apart than the speculative distance (v3 keeps both clipped points,
//!   Box2D-Lite culls them: the same work, a different last step). What is still
//!   skipped (about 1 pair in 20) is a near tie where Lite's relative face bias
//!   (0.95 / 0.01) and v3's absolute one (0.1 × linear slop) pick the other box's face.

#[path = "common/count.rs"]
mod count;

use boxdd_sys::ffi as b2;
use collidescope::core::box_box::{box_box, BoxBoxInput};
use collidescope::core::epa::{penetration, PenetrationInput};
use collidescope::core::manifold::{
    box2d_collide_polygon_circle, box2d_collide_polygons, box2d_local_manifold, contact_manifold,
    Box2dLocalManifold, ManifoldInput, ManifoldSource,
};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::settings::Settings;
use collidescope::core::shape::Shape;
use collidescope::peers::box2d;
use collidescope::verify::Rng;
use count::{Request, Runner};
use criterion::{black_box, Criterion};
use glam::Vec2;
use parry2d::math::{Isometry, Point, Vector};
use parry2d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use parry2d::shape::{Ball, ConvexPolygon, Cuboid, Shape as ParryShape};
use std::time::Duration;

const PAIRS: usize = 256;
const MASK: usize = PAIRS - 1;
const SEED: u64 = 0x3A41_F01D_C0DE_0003;
const PREDICTION: f32 = 0.02;

/// A random convex 8-gon: 8 points on a random ellipse at jittered angles.
fn random_octagon(rng: &mut Rng) -> Vec<Vec2> {
    let (ax, ay) = (rng.range_f32(0.5, 1.5), rng.range_f32(0.5, 1.5));
    let tilt = rng.range_f32(0.0, std::f32::consts::TAU);
    let (s, c) = tilt.sin_cos();
    (0..8)
        .map(|i| {
            let t = std::f32::consts::TAU * (i as f32 + rng.range_f32(-0.3, 0.3)) / 8.0;
            let p = Vec2::new(ax * t.cos(), ay * t.sin());
            Vec2::new(c * p.x - s * p.y, s * p.x + c * p.y)
        })
        .collect()
}

fn parry_polygon(points: &[Vec2]) -> ConvexPolygon {
    let pts = points.iter().map(|p| Point::new(p.x, p.y)).collect();
    ConvexPolygon::from_convex_polyline(pts).expect("an 8-gon on an ellipse is convex")
}

fn iso(xf: &Transform) -> Isometry<f32> {
    Isometry::new(Vector::new(xf.p.x, xf.p.y), xf.q.angle())
}

/// Box2D's side of one pair: the `b2Collide*` call and its arguments, built once.
trait Box2dCollide: Copy {
    /// The call takes (B, A): Box2D answers in B's frame, normal from B to A.
    const SWAPPED: bool;
    /// The arguments, from shapes Box2D accepts (`box2d_accepts`).
    fn new(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> Self;
    /// The timed call.
    fn collide(&self) -> b2::b2LocalManifold;
}

/// Polygon A, polygon B (boxes too): `b2CollidePolygons`, B's pose in A's frame.
#[derive(Clone, Copy)]
struct Polygons {
    a: b2::b2Polygon,
    b: b2::b2Polygon,
    xf: b2::b2Transform,
}

impl Box2dCollide for Polygons {
    const SWAPPED: bool = false;

    fn new(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> Self {
        Polygons {
            a: box2d::polygon(a),
            b: box2d::polygon(b),
            xf: box2d::relative_transform(xf_a, xf_b),
        }
    }

    #[inline]
    fn collide(&self) -> b2::b2LocalManifold {
        // SAFETY: plain values; the polygons come from hulls b2ValidateHull accepted.
        unsafe { b2::b2CollidePolygons(&self.a, &self.b, self.xf) }
    }
}

/// Circle A, polygon B: Box2D has only `b2CollidePolygonAndCircle`, so it takes
/// (B, A) with A's pose in B's frame.
#[derive(Clone, Copy)]
struct PolygonCircle {
    polygon: b2::b2Polygon,
    circle: b2::b2Circle,
    xf: b2::b2Transform,
}

impl Box2dCollide for PolygonCircle {
    const SWAPPED: bool = true;

    fn new(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> Self {
        let c = a.vertices()[0];
        PolygonCircle {
            polygon: box2d::polygon(b),
            circle: b2::b2Circle {
                center: b2::b2Vec2 { x: c.x, y: c.y },
                radius: a.radius(),
            },
            xf: box2d::relative_transform(xf_b, xf_a),
        }
    }

    #[inline]
    fn collide(&self) -> b2::b2LocalManifold {
        // SAFETY: plain values; the polygon comes from a hull b2ValidateHull accepted.
        unsafe { b2::b2CollidePolygonAndCircle(&self.polygon, &self.circle, self.xf) }
    }
}

/// Box2D takes the shape: circles always, polygons when `b2ValidateHull` accepts them.
fn box2d_accepts(shape: &Shape) -> bool {
    shape.vertices().len() < 3 || box2d::accepts_polygon(shape)
}

/// A manifold as compared with Box2D's, world frame: the normal from A to B and each
/// point as the midpoint between the surfaces with its separation.
struct Summary {
    normal: Vec2,
    points: Vec<(Vec2, f32)>,
}

struct Pair<P1, P2, C> {
    a: Shape,
    xf_a: Transform,
    b: Shape,
    xf_b: Transform,
    pa: P1,
    pb: P2,
    pos12: Isometry<f32>,
    b2: C,
}

impl<P1, P2, C: Box2dCollide> Pair<P1, P2, C> {
    /// Box2D's manifold in the world frame.
    fn box2d_summary(&self) -> Summary {
        let m = self.b2.collide();
        let n = Vec2::new(m.normal.x, m.normal.y);
        let (frame, sign) = if C::SWAPPED {
            (&self.xf_b, -1.0)
        } else {
            (&self.xf_a, 1.0)
        };
        let count = m.pointCount.clamp(0, 2) as usize;
        Summary {
            normal: frame.q.apply(n) * sign,
            points: m.points[..count]
                .iter()
                .map(|p| {
                    let mid = frame.apply(Vec2::new(p.point.x, p.point.y));
                    (mid, p.separation)
                })
                .collect(),
        }
    }

    /// Box2D's manifold is `ours` (the tolerances of `tests/peers_manifold.rs`). With
    /// `cull`, Box2D's points farther apart than the speculative distance are dropped
    /// first, as Box2D-Lite's rule (ours in `box_box`) drops them.
    fn box2d_agrees(&self, ours: &Summary, cull: bool) -> bool {
        let mut theirs = self.box2d_summary();
        if cull {
            theirs.points.retain(|(_, s)| *s <= PREDICTION);
        }
        let l =
            self.xf_a.p.distance(self.xf_b.p) + self.a.bounding_radius() + self.b.bounding_radius();
        let tol = 1.0e-4 + 5.0e-7 * (l + self.xf_a.p.length().max(self.xf_b.p.length()));
        ours.points.len() == theirs.points.len()
            && (theirs.points.is_empty() || (theirs.normal - ours.normal).length() <= 1.0e-3)
            && theirs.points.iter().all(|(tp, ts)| {
                ours.points
                    .iter()
                    .any(|(op, os)| (*tp - *op).length() <= tol && (ts - os).abs() <= tol)
            })
    }
}

fn make_pair<P1, P2, C: Box2dCollide>(
    a: Shape,
    pa: P1,
    b: Shape,
    pb: P2,
    xf_a: Transform,
    xf_b: Transform,
) -> Pair<P1, P2, C> {
    let pos12 = iso(&xf_a).inv_mul(&iso(&xf_b));
    let b2 = C::new(&a, &xf_a, &b, &xf_b);
    Pair {
        a,
        xf_a,
        b,
        xf_b,
        pa,
        pb,
        pos12,
        b2,
    }
}

fn settings() -> Settings {
    Settings {
        speculative_distance: PREDICTION,
        ..Settings::default()
    }
}

/// Our SAT manifold (the source Box2D's is compared with on polygons and circles).
fn ours_sat<P1, P2, C>(p: &Pair<P1, P2, C>) -> Summary {
    let settings = settings();
    let input = ManifoldInput::new(
        PosedPair::new(&p.a, p.xf_a, &p.b, p.xf_b),
        &settings,
        ManifoldSource::Sat,
    );
    let m = contact_manifold(&input, None);
    let points = if m.is_separated() {
        &[][..]
    } else {
        m.points()
    };
    Summary {
        normal: m.normal,
        points: points
            .iter()
            .map(|q| ((q.point_a + q.point_b) * 0.5, q.separation))
            .collect(),
    }
}

/// Our Box2D-Lite box–box manifold.
fn ours_box_box<P1, P2, C>(p: &Pair<P1, P2, C>) -> Summary {
    let m = box_box(&box_box_input(p), None).expect("two boxes");
    Summary {
        normal: m.normal,
        points: m
            .points()
            .iter()
            .map(|q| ((q.point_a + q.point_b) * 0.5, q.separation))
            .collect(),
    }
}

fn box_box_input<P1, P2, C>(p: &Pair<P1, P2, C>) -> BoxBoxInput<'_> {
    BoxBoxInput {
        pair: PosedPair::new(&p.a, p.xf_a, &p.b, p.xf_b),
        speculative_distance: PREDICTION,
    }
}

fn parry_manifold(
    pos12: &Isometry<f32>,
    a: &dyn ParryShape,
    b: &dyn ParryShape,
) -> ContactManifold<(), ()> {
    let mut m = ContactManifold::new();
    let _ = DefaultQueryDispatcher
        .contact_manifold_convex_convex(pos12, a, b, None, None, PREDICTION, &mut m);
    m
}

/// Shallow overlap: EPA depth 0.005..0.3, and both libraries report points.
fn shallow<P1: ParryShape, P2: ParryShape, C>(p: &Pair<P1, P2, C>) -> bool {
    let depth = penetration(
        &PenetrationInput {
            pair: PosedPair::new(&p.a, p.xf_a, &p.b, p.xf_b),
            gjk_max_iterations: 20,
            epa_tolerance: 1e-4,
            epa_max_iterations: 64,
        },
        None,
        None,
    )
    .map_or(0.0, |o| o.depth);
    (0.005..0.3).contains(&depth) && !parry_manifold(&p.pos12, &p.pa, &p.pb).points.is_empty()
}

/// `PAIRS` pairs from `make`, B placed at a random offset of length `dist` from A,
/// kept when shallow and when Box2D takes both shapes and its manifold is `ours`
/// (`cull`: see [`Pair::box2d_agrees`]); the skipped ones are counted on stderr under
/// `name`.
fn pairs<P1: ParryShape, P2: ParryShape, C: Box2dCollide>(
    name: &str,
    seed: u64,
    dist: (f32, f32),
    make_a: impl Fn(&mut Rng) -> (Shape, P1),
    make_b: impl Fn(&mut Rng) -> (Shape, P2),
    ours: impl Fn(&Pair<P1, P2, C>) -> Summary,
    cull: bool,
) -> Vec<Pair<P1, P2, C>> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(PAIRS);
    let (mut refused, mut disagreed) = (0usize, 0usize);
    while out.len() < PAIRS {
        let (a, pa) = make_a(&mut rng);
        let (b, pb) = make_b(&mut rng);
        let xf_a = Transform::new(
            Vec2::new(rng.range_f32(-10.0, 10.0), rng.range_f32(-10.0, 10.0)),
            rng.range_f32(-3.1, 3.1),
        );
        let d = rng.range_f32(dist.0, dist.1);
        let dir = rng.range_f32(0.0, std::f32::consts::TAU);
        let xf_b = Transform::new(
            xf_a.p + d * Vec2::new(dir.cos(), dir.sin()),
            rng.range_f32(-3.1, 3.1),
        );
        if !(box2d_accepts(&a) && box2d_accepts(&b)) {
            // Before make_pair: b2MakePolygon asserts on a hull Box2D refuses.
            refused += 1;
            continue;
        }
        let p = make_pair(a, pa, b, pb, xf_a, xf_b);
        if !shallow(&p) {
            continue;
        }
        if !p.box2d_agrees(&ours(&p), cull) {
            disagreed += 1;
            continue;
        }
        out.push(p);
    }
    eprintln!(
        "{name}: {PAIRS} pairs; skipped {refused} (a hull Box2D refuses), {disagreed} \
         (Box2D's manifold differs from ours)"
    );
    out
}

fn octagon(rng: &mut Rng) -> (Shape, ConvexPolygon) {
    loop {
        let pts = random_octagon(rng);
        if let Ok(s) = Shape::polygon(&pts, 0.0) {
            return (s, parry_polygon(&pts));
        }
    }
}

fn circle(rng: &mut Rng) -> (Shape, Ball) {
    let r = rng.range_f32(0.25, 1.0);
    (Shape::circle(r).expect("valid radius"), Ball::new(r))
}

fn cuboid(rng: &mut Rng) -> (Shape, Cuboid) {
    let h = Vec2::new(rng.range_f32(0.3, 1.2), rng.range_f32(0.3, 1.2));
    (
        Shape::cuboid(h).expect("valid box"),
        Cuboid::new(Vector::new(h.x, h.y)),
    )
}

/// Box2D's timed loop: the prepared call on each pair in turn.
fn box2d_bench<'f, C: Box2dCollide>(group: &mut Runner<'_, '_, 'f>, calls: &'f [C]) {
    let mut i = 0usize;
    group.bench("box2d", move || {
        let call = &calls[i & MASK];
        i = i.wrapping_add(1);
        black_box(black_box(call).collide())
    });
}

/// The measured baseline: the loop's indexing and `black_box` without a call.
fn empty_bench<'f, T>(group: &mut Runner<'_, '_, 'f>, items: &'f [T]) {
    let mut i = 0usize;
    group.empty(move || {
        let item = &items[i & MASK];
        i = i.wrapping_add(1);
        black_box(black_box(item))
    });
}

fn parry_bench<'f, P1: ParryShape, P2: ParryShape, C>(
    group: &mut Runner<'_, '_, 'f>,
    set: &'f [Pair<P1, P2, C>],
) {
    let mut i = 0usize;
    group.bench("parry2d", move || {
        let p = &set[i & MASK];
        i = i.wrapping_add(1);
        black_box(parry_manifold(black_box(&p.pos12), &p.pa, &p.pb))
    });
}

/// Box2D's arguments for our Box2D functions: the shapes in the order of its call,
/// the second's pose in the first's frame (the same `Transform::inv_mul` Box2D's column
/// gets).
fn local_calls<P1, P2, C: Box2dCollide>(
    set: &[Pair<P1, P2, C>],
) -> Vec<(&Shape, &Shape, Transform)> {
    set.iter()
        .map(|p| {
            if C::SWAPPED {
                (&p.b, &p.a, p.xf_b.inv_mul(&p.xf_a))
            } else {
                (&p.a, &p.b, p.xf_a.inv_mul(&p.xf_b))
            }
        })
        .collect()
}

/// Our Box2D functions on Box2D's own arguments ([`local_calls`]), the answer in the
/// first shape's frame: `collidescope_local` through the typed entry of the group's
/// Box2D function (`typed`, as Box2D's column calls its one function), and
/// `collidescope_local_any` through `box2d_local_manifold`, which also picks the
/// function from the two shapes' kinds.
fn local_bench<'f>(
    group: &mut Runner<'_, '_, 'f>,
    calls: &'f [(&Shape, &Shape, Transform)],
    typed: impl Fn(&Shape, Transform, &Shape) -> Box2dLocalManifold + 'f,
) {
    let mut i = 0usize;
    group.bench("collidescope_local", move || {
        let (first, second, xf) = black_box(&calls[i & MASK]);
        i = i.wrapping_add(1);
        black_box(typed(first, *xf, second))
    });
    let mut i = 0usize;
    group.bench("collidescope_local_any", move || {
        let (first, second, xf) = black_box(&calls[i & MASK]);
        i = i.wrapping_add(1);
        black_box(box2d_local_manifold(first, second, *xf, PREDICTION))
    });
}

fn manifold_group<P1: ParryShape, P2: ParryShape, C: Box2dCollide>(
    c: &mut Criterion,
    request: Option<&Request>,
    name: &str,
    set: &[Pair<P1, P2, C>],
    source: ManifoldSource,
    typed: impl Fn(&Shape, Transform, &Shape) -> Box2dLocalManifold,
) {
    let settings = settings();
    let inputs: Vec<ManifoldInput> = set
        .iter()
        .map(|p| {
            ManifoldInput::new(
                PosedPair::new(&p.a, p.xf_a, &p.b, p.xf_b),
                &settings,
                source,
            )
        })
        .collect();
    let calls: Vec<C> = set.iter().map(|p| p.b2).collect();
    let local = local_calls(set);
    let mut group = count::group(c, request, name);
    if !group.wanted() {
        return;
    }
    let mut i = 0usize;
    let ours = &inputs;
    group.bench("collidescope", move || {
        let input = &ours[i & MASK];
        i = i.wrapping_add(1);
        black_box(contact_manifold(black_box(input), None))
    });
    if source == ManifoldSource::Sat {
        local_bench(&mut group, &local, typed);
    }
    box2d_bench(&mut group, &calls);
    parry_bench(&mut group, set);
    empty_bench(&mut group, &inputs);
    group.finish();
}

/// `b2CollidePolygons`' typed entry, as the polygon groups time it.
fn polygons(first: &Shape, xf: Transform, second: &Shape) -> Box2dLocalManifold {
    box2d_collide_polygons(first, xf, second, PREDICTION)
}

fn benches(c: &mut Criterion) {
    let poly_poly: Vec<Pair<_, _, Polygons>> = pairs(
        "manifold_poly_poly",
        SEED,
        (1.0, 2.4),
        octagon,
        octagon,
        ours_sat,
        false,
    );
    let circle_poly: Vec<Pair<_, _, PolygonCircle>> = pairs(
        "manifold_circle_poly",
        SEED ^ 1,
        (0.8, 2.2),
        circle,
        octagon,
        ours_sat,
        false,
    );
    let boxes: Vec<Pair<_, _, Polygons>> = pairs(
        "manifold_box_box",
        SEED ^ 2,
        (0.5, 2.0),
        cuboid,
        cuboid,
        ours_box_box,
        true,
    );

    let request = count::request();
    let request = request.as_ref();
    manifold_group(
        c,
        request,
        "manifold_poly_poly_sat",
        &poly_poly,
        ManifoldSource::Sat,
        polygons,
    );
    manifold_group(
        c,
        request,
        "manifold_poly_poly_epa",
        &poly_poly,
        ManifoldSource::Epa,
        polygons,
    );
    manifold_group(
        c,
        request,
        "manifold_circle_poly",
        &circle_poly,
        ManifoldSource::Sat,
        |polygon, xf, circle| box2d_collide_polygon_circle(polygon, xf, circle, PREDICTION),
    );

    let inputs: Vec<BoxBoxInput> = boxes.iter().map(box_box_input).collect();
    let calls: Vec<Polygons> = boxes.iter().map(|p| p.b2).collect();
    let mut group = count::group(c, request, "manifold_box_box");
    let mut i = 0usize;
    let ours = &inputs;
    group.bench("collidescope", move || {
        let input = &ours[i & MASK];
        i = i.wrapping_add(1);
        black_box(box_box(black_box(input), None))
    });
    box2d_bench(&mut group, &calls);
    parry_bench(&mut group, &boxes);
    empty_bench(&mut group, &inputs);
    group.finish();
}

fn config() -> Criterion {
    // A shared, noisy 2-core machine: short runs, compare ratios within one run.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(60)
}

fn main() {
    // `criterion_main!`'s body, which the counting mode (`COLLIDESCOPE_COUNT`) shares.
    let mut c = config().configure_from_args();
    benches(&mut c);
    c.final_summary();
}
