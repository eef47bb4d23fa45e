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

#[path = "../common/count.rs"]
mod count;
#[path = "../common/octagon.rs"]
mod octagon;

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

const PAIRS: usize = 256;
const MASK: usize = PAIRS - 1;
const SEED: u64 = 0x3A41_F01D_C0DE_0003;
const PREDICTION: f32 = 0.02;

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

mod pairing;
use pairing::*;
mod timing;
use timing::*;

mod box_box;
mod circle_poly;
mod poly_poly;

fn benches(c: &mut Criterion) {
    // Every group's pairs first (their counts on stderr), then the groups.
    let poly_poly = poly_poly::pair_set();
    let circle_poly = circle_poly::pair_set();
    let boxes = box_box::pair_set();

    let request = count::request();
    let request = request.as_ref();
    manifold_group(
        c,
        request,
        "manifold_poly_poly_sat",
        &poly_poly,
        ManifoldSource::Sat,
        poly_poly::polygons,
    );
    manifold_group(
        c,
        request,
        "manifold_poly_poly_epa",
        &poly_poly,
        ManifoldSource::Epa,
        poly_poly::polygons,
    );
    manifold_group(
        c,
        request,
        "manifold_circle_poly",
        &circle_poly,
        ManifoldSource::Sat,
        circle_poly::polygon_circle,
    );
    box_box::bench(c, request, &boxes);
}

fn main() {
    count::main(benches);
}
