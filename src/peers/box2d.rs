//! Box2D v3 on one pair, through its C API (`boxdd-sys`).
//!
//! Box2D's narrow phase runs in A's frame: every function takes B's transform relative
//! to A and answers in A's frame, which is converted back to the world here with A's
//! transform. The relative transform is the posed pair's
//! ([`crate::core::pair::PosedPair::b_in_a`], `b2InvMulTransforms`'s arithmetic), so
//! Box2D and Collidescope see the same relative pose to the bit.
//!
//! - distance: `b2ShapeDistance` on two proxies (radii used), with the simplex buffer so
//!   that Box2D's own GJK iterations can be stepped beside ours;
//! - manifold: the `b2Collide*` function of the pair's kinds (A and B swapped when Box2D
//!   has only the other order, e.g. circle–polygon), points at the midpoint between the
//!   surfaces as Box2D keeps them, turned into a point on each surface;
//! - time of impact: `b2ShapeCast` (linear, B moving relative to A);
//! - penetration: Box2D has no penetration-depth query (named in `missing`);
//! - ray casts ([`ray_cast`], one shape, no pair): `b2RayCastCircle`,
//!   `b2RayCastCapsule`, `b2RayCastSegment` (two-sided) or `b2RayCastPolygon` (which
//!   sends a rounded polygon through `b2ShapeCast` with a point), in the shape's frame.

use super::b2;
use super::{guard, Kind};
use crate::core::math::{arr, Transform};
use crate::core::raycast::RayInput;
use crate::core::shape::Shape;
use crate::scene::build::PairInputs;
use crate::trace::peer_answer::{
    EngineAnswer, PeerContact, PeerDistance, PeerManifold, PeerRayCast, PeerToi,
};
use glam::Vec2;

/// Box2D's polygons hold at most this many vertices (`B2_MAX_POLYGON_VERTICES`).
pub const MAX_POLYGON_VERTICES: usize = 8;
/// GJK iterations recorded from the simplex buffer (Box2D stops at 20).
const SIMPLEX_CAPACITY: usize = 32;

pub(super) fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

pub(super) fn g(p: b2::b2Vec2) -> Vec2 {
    Vec2::new(p.x, p.y)
}

pub(super) fn xf(t: &Transform) -> b2::b2Transform {
    b2::b2Transform {
        p: v(t.p),
        q: b2::b2Rot { c: t.q.c, s: t.q.s },
    }
}

/// B's pose in A's frame as Box2D's queries take it (the arithmetic of the posed
/// pair's `b_in_a`): the relative transform every function here passes (for callers that prepare Box2D's
/// inputs once, e.g. the benches).
pub fn relative_transform(a: &Transform, b: &Transform) -> b2::b2Transform {
    xf(&a.inv_mul(b))
}

/// "Box2D 3.2.0", from the library itself.
pub fn version() -> String {
    // SAFETY: a pure function of the C library with no arguments.
    let ver = unsafe { b2::b2GetVersion() };
    format!("Box2D {}.{}.{}", ver.major, ver.minor, ver.revision)
}

/// Why Box2D cannot take this shape, if it cannot.
fn refusal(shape: &Shape) -> Option<String> {
    let n = shape.vertices().len();
    (n > MAX_POLYGON_VERTICES).then(|| {
        format!("Box2D v3: polygons have at most {MAX_POLYGON_VERTICES} vertices; this one has {n}")
    })
}

/// The shape as a Box2D proxy in its local frame: the core's vertices and radius.
pub fn proxy(shape: &Shape) -> b2::b2ShapeProxy {
    let points: Vec<b2::b2Vec2> = shape.vertices().iter().map(|p| v(*p)).collect();
    // SAFETY: `points` holds `count` ≤ 8 vertices (checked by `refusal` before any call);
    // b2MakeProxy copies them.
    unsafe { b2::b2MakeProxy(points.as_ptr(), points.len() as i32, shape.radius()) }
}

/// The shape as a Box2D hull (vertices counter-clockwise, as the core keeps them).
fn hull(shape: &Shape) -> b2::b2Hull {
    let mut hull = b2::b2Hull {
        points: [b2::b2Vec2 { x: 0.0, y: 0.0 }; MAX_POLYGON_VERTICES],
        count: shape.vertices().len() as i32,
    };
    for (k, p) in shape.vertices().iter().enumerate() {
        hull.points[k] = v(*p);
    }
    hull
}

/// Whether Box2D accepts the shape's vertices as a polygon: `b2ValidateHull` (convex,
/// counter-clockwise, no vertex within linear slop of the line through its neighbours).
/// `b2MakePolygon` asserts on a hull that fails, so it is asked first.
pub fn accepts_polygon(shape: &Shape) -> bool {
    let h = hull(shape);
    // SAFETY: a plain value of ≤ 8 points.
    unsafe { b2::b2ValidateHull(&h) }
}

/// The shape as a Box2D polygon. Only for shapes [`accepts_polygon`] passed.
pub fn polygon(shape: &Shape) -> b2::b2Polygon {
    let h = hull(shape);
    // SAFETY: a hull b2ValidateHull accepted (checked by the callers).
    unsafe { b2::b2MakePolygon(&h, shape.radius()) }
}

/// Every query Box2D has, on the pair. A query on which Box2D asserts is answered by
/// the assertion ([`super::guard`]).
pub fn answer(pair: &PairInputs) -> EngineAnswer {
    let mut out = EngineAnswer::new(version());
    out.missing.push(
        "penetration: Box2D v3 has no penetration-depth query (its manifold points carry separations)"
            .into(),
    );
    if let Some(why) = refusal(pair.pair.shape_a).or_else(|| refusal(pair.pair.shape_b)) {
        out.missing.push(format!("distance, manifold, toi: {why}"));
        return out;
    }
    match guard::box2d("distance", || distance(pair)) {
        Ok((distance, simplexes)) => {
            out.distance = Some(distance);
            out.simplexes = simplexes;
        }
        Err(fault) => out.stopped(fault),
    }
    match guard::box2d("manifold", || manifold_unguarded(pair)) {
        Ok(Ok(m)) => out.manifold = Some(m),
        Ok(Err(why)) => out.missing.push(format!("manifold: {why}")),
        Err(fault) => out.stopped(fault),
    }
    if pair.moving() {
        match guard::box2d("toi", || toi(pair)) {
            Ok(t) => out.toi = Some(t),
            Err(fault) => out.stopped(fault),
        }
    }
    out
}

/// `b2ShapeDistance` with the simplex buffer: the distance (radii used) and Box2D's
/// simplex after each GJK iteration, as B − A points in the world frame. Unguarded: an
/// assertion goes to the handler [`super::guard`] installs (callers use
/// [`answer`]).
pub fn distance(pair: &PairInputs) -> (PeerDistance, Vec<Vec<Vec2>>) {
    let xa = &pair.pair.transform_a;
    let input = b2::b2DistanceInput {
        proxyA: proxy(pair.pair.shape_a),
        proxyB: proxy(pair.pair.shape_b),
        transform: xf(&pair.pair.b_in_a()),
        useRadii: true,
    };
    let mut cache = b2::b2SimplexCache {
        count: 0,
        indexA: [0; 3],
        indexB: [0; 3],
    };
    let empty = b2::b2SimplexVertex {
        wA: v(Vec2::ZERO),
        wB: v(Vec2::ZERO),
        w: v(Vec2::ZERO),
        a: 0.0,
        indexA: 0,
        indexB: 0,
    };
    let mut buffer = [b2::b2Simplex {
        v1: empty,
        v2: empty,
        v3: empty,
        count: 0,
    }; SIMPLEX_CAPACITY];
    // SAFETY: the input's proxies are filled; the buffer holds SIMPLEX_CAPACITY entries.
    let o = unsafe {
        b2::b2ShapeDistance(
            &input,
            &mut cache,
            buffer.as_mut_ptr(),
            SIMPLEX_CAPACITY as i32,
        )
    };
    let used = (o.simplexCount.max(0) as usize).min(SIMPLEX_CAPACITY);
    let simplexes = buffer[..used]
        .iter()
        .map(|s| {
            let n = s.count.clamp(0, 3) as usize;
            [s.v1, s.v2, s.v3][..n]
                .iter()
                // Box2D's w is wA − wB (it works on A − B): negated into B − A.
                .map(|vx| xa.q.apply(-g(vx.w)))
                .collect()
        })
        .collect();
    let normal = xa.q.apply(g(o.normal));
    let d = PeerDistance {
        distance: o.distance,
        point_a: arr(xa.apply(g(o.pointA))),
        point_b: arr(xa.apply(g(o.pointB))),
        normal: (o.distance > 0.0 && normal != Vec2::ZERO).then(|| arr(normal)),
        iterations: Some(o.iterations.max(0) as u32),
    };
    (d, simplexes)
}

/// The manifold in A's frame from the `b2Collide*` function of the pair, or why
/// Box2D has none. `swapped`: the function takes (B, A).
/// `rel`: B relative to A; `inv`: A relative to B (for the swapped calls).
fn collide(
    a: &Shape,
    b: &Shape,
    rel: b2::b2Transform,
    inv: b2::b2Transform,
) -> Result<(b2::b2LocalManifold, bool), String> {
    use Kind::*;
    let circle = |s: &Shape| b2::b2Circle {
        center: v(s.vertices()[0]),
        radius: s.radius(),
    };
    let capsule = |s: &Shape| b2::b2Capsule {
        center1: v(s.vertices()[0]),
        center2: v(s.vertices()[1]),
        radius: s.radius(),
    };
    let segment = |s: &Shape| b2::b2Segment {
        point1: v(s.vertices()[0]),
        point2: v(s.vertices()[1]),
    };
    for s in [a, b] {
        if Kind::of(s) == Polygon && !accepts_polygon(s) {
            return Err(
                "Box2D v3 refuses this polygon (b2ValidateHull: a vertex lies within linear slop \
                 of the line through its neighbours, or the hull is not convex)"
                    .into(),
            );
        }
    }
    // SAFETY (every call below): plain values built from validated shapes; polygons
    // passed b2ValidateHull.
    let m = unsafe {
        match (Kind::of(a), Kind::of(b)) {
            (Circle, Circle) => (b2::b2CollideCircles(&circle(a), &circle(b), rel), false),
            (Capsule, Circle) => (
                b2::b2CollideCapsuleAndCircle(&capsule(a), &circle(b), rel),
                false,
            ),
            (Circle, Capsule) => (
                b2::b2CollideCapsuleAndCircle(&capsule(b), &circle(a), inv),
                true,
            ),
            (Segment, Circle) => (
                b2::b2CollideSegmentAndCircle(&segment(a), &circle(b), rel),
                false,
            ),
            (Circle, Segment) => (
                b2::b2CollideSegmentAndCircle(&segment(b), &circle(a), inv),
                true,
            ),
            (Polygon, Circle) => (
                b2::b2CollidePolygonAndCircle(&polygon(a), &circle(b), rel),
                false,
            ),
            (Circle, Polygon) => (
                b2::b2CollidePolygonAndCircle(&polygon(b), &circle(a), inv),
                true,
            ),
            (Capsule, Capsule) => (b2::b2CollideCapsules(&capsule(a), &capsule(b), rel), false),
            (Segment, Capsule) => (
                b2::b2CollideSegmentAndCapsule(&segment(a), &capsule(b), rel),
                false,
            ),
            (Capsule, Segment) => (
                b2::b2CollideSegmentAndCapsule(&segment(b), &capsule(a), inv),
                true,
            ),
            (Polygon, Capsule) => (
                b2::b2CollidePolygonAndCapsule(&polygon(a), &capsule(b), rel),
                false,
            ),
            (Capsule, Polygon) => (
                b2::b2CollidePolygonAndCapsule(&polygon(b), &capsule(a), inv),
                true,
            ),
            (Polygon, Polygon) => (b2::b2CollidePolygons(&polygon(a), &polygon(b), rel), false),
            (Segment, Polygon) => (
                b2::b2CollideSegmentAndPolygon(&segment(a), &polygon(b), rel),
                false,
            ),
            (Polygon, Segment) => (
                b2::b2CollideSegmentAndPolygon(&segment(b), &polygon(a), inv),
                true,
            ),
            (Segment, Segment) => {
                return Err("Box2D v3 does not collide segment with segment".into())
            }
        }
    };
    Ok(m)
}

/// The contact manifold, world frame, normal from A to B; an assertion is an error
/// naming it.
pub fn manifold(pair: &PairInputs) -> Result<PeerManifold, String> {
    guard::box2d("manifold", || manifold_unguarded(pair)).unwrap_or_else(|f| Err(f.to_string()))
}

fn manifold_unguarded(pair: &PairInputs) -> Result<PeerManifold, String> {
    let (xa, xb) = (&pair.pair.transform_a, &pair.pair.transform_b);
    let (rel, inv) = (xf(&pair.pair.b_in_a()), xf(&pair.pair.swapped().b_in_a()));
    let (m, swapped) = collide(pair.pair.shape_a, pair.pair.shape_b, rel, inv)?;
    // The frame Box2D answered in: A's, or B's when the call took (B, A).
    let (frame, sign) = if swapped { (xb, -1.0) } else { (xa, 1.0) };
    let normal = frame.q.apply(g(m.normal)) * sign;
    let count = (m.pointCount.clamp(0, 2)) as usize;
    let points = m.points[..count]
        .iter()
        .map(|p| {
            // Box2D keeps the midpoint between the two surfaces.
            let mid = frame.apply(g(p.point));
            let half = normal * (0.5 * p.separation);
            PeerContact {
                point_a: arr(mid - half),
                point_b: arr(mid + half),
                separation: p.separation,
                id: Some(u32::from(p.id)),
            }
        })
        .collect();
    Ok(PeerManifold {
        normal: arr(normal),
        points,
    })
}

/// `b2ShapeCast`: B translates by its velocity relative to A's over the step. Touching
/// at t = 0 is a miss for Box2D ("initially touching shapes are a miss").
pub fn toi(pair: &PairInputs) -> PeerToi {
    let xa = &pair.pair.transform_a;
    let input = b2::b2ShapeCastPairInput {
        proxyA: proxy(pair.pair.shape_a),
        proxyB: proxy(pair.pair.shape_b),
        transform: xf(&pair.pair.b_in_a()),
        translationB: v(xa.q.apply_inv(pair.velocity_b - pair.velocity_a)),
        maxFraction: 1.0,
        canEncroach: false,
    };
    // SAFETY: plain values; proxies of ≤ 8 vertices.
    let o = unsafe { b2::b2ShapeCast(&input) };
    let t = o.fraction;
    // A's frame at the time of impact.
    let at_t = Transform {
        p: xa.p + pair.velocity_a * t,
        q: xa.q,
    };
    PeerToi {
        hit: o.hit,
        t,
        point: arr(at_t.apply(g(o.point))),
        normal: arr(xa.q.apply(g(o.normal))),
        iterations: Some(o.iterations.max(0) as u32),
    }
}

/// Box2D's `B2_HUGE` (single precision, one length unit per metre): `b2IsValidRay`
/// asks for `max_fraction` below it.
pub const HUGE: f32 = 1.0e5;

/// Box2D's linear slop (`B2_LINEAR_SLOP`): `b2ShapeCast`, and so the ray cast against
/// a rounded polygon, stops this far inside the rounded surface (see [`ray_cast`]).
pub const LINEAR_SLOP: f32 = 0.005;

/// The ray in the shape's frame as Box2D takes it, or why Box2D would assert on it
/// (`b2IsValidRay`: finite, `0 ≤ max_fraction < B2_HUGE`; the C library's asserts
/// are compiled in and stop the process).
pub fn ray_input(transform: &Transform, ray: &RayInput) -> Result<b2::b2RayCastInput, String> {
    let finite =
        ray.origin.is_finite() && ray.translation.is_finite() && ray.max_fraction.is_finite();
    if !finite || !(0.0..HUGE).contains(&ray.max_fraction) {
        return Err(format!(
            "Box2D v3 asserts on this ray (b2IsValidRay: finite, 0 ≤ maxFraction < {HUGE})"
        ));
    }
    Ok(b2::b2RayCastInput {
        origin: v(transform.apply_inv(ray.origin)),
        translation: v(transform.q.apply_inv(ray.translation)),
        maxFraction: ray.max_fraction,
    })
}

/// Box2D's ray cast against one shape, answered in the world frame, in Box2D's own
/// conventions (v3.2, as linked):
/// - an origin inside a circle, capsule or polygon (sharp or rounded) is a hit at
///   fraction 0 with a zero normal ("initial overlap"); a segment has no inside;
/// - a rounded polygon goes through `b2ShapeCast` with a point: conservative
///   advancement that stops at a core distance of `max(slop, r − slop)` plus up to a
///   quarter slop (slop = [`LINEAR_SLOP`]), so the hit lies 0.75 to 1 slop *inside*
///   the rounded surface (outside it when `r < 2·slop`), and an origin less than
///   0.75 slop outside is an initial overlap;
/// - `b2RayCastCapsule` calls a ray within `FLT_EPSILON` of parallel to the axis
///   that starts outside the band of the sides a miss, wherever it would meet a cap;
/// - `b2RayCastSegment` calls every ray parallel to the segment a miss.
///
/// Refused (no call): a polygon of more than 8 vertices or one `b2ValidateHull`
/// rejects, and a ray Box2D would assert on ([`ray_input`]). An assertion inside the
/// call is an error naming it ("Box2D v3 asserted `…` at geometry.c:914").
pub fn ray_cast(shape: &Shape, transform: Transform, ray: RayInput) -> Result<PeerRayCast, String> {
    guard::box2d("ray", || ray_cast_unguarded(shape, transform, ray))
        .unwrap_or_else(|f| Err(f.to_string()))
}

fn ray_cast_unguarded(
    shape: &Shape,
    transform: Transform,
    ray: RayInput,
) -> Result<PeerRayCast, String> {
    if let Some(why) = refusal(shape) {
        return Err(why);
    }
    let input = ray_input(&transform, &ray)?;
    let vs = shape.vertices();
    // SAFETY (every call): plain values; the ray passed b2IsValidRay's conditions,
    // the polygon b2ValidateHull.
    let o = unsafe {
        match Kind::of(shape) {
            Kind::Circle => b2::b2RayCastCircle(
                &b2::b2Circle {
                    center: v(vs[0]),
                    radius: shape.radius(),
                },
                &input,
            ),
            Kind::Capsule => b2::b2RayCastCapsule(
                &b2::b2Capsule {
                    center1: v(vs[0]),
                    center2: v(vs[1]),
                    radius: shape.radius(),
                },
                &input,
            ),
            Kind::Segment => b2::b2RayCastSegment(
                &b2::b2Segment {
                    point1: v(vs[0]),
                    point2: v(vs[1]),
                },
                &input,
                false,
            ),
            Kind::Polygon if accepts_polygon(shape) => {
                b2::b2RayCastPolygon(&polygon(shape), &input)
            }
            Kind::Polygon => {
                return Err("Box2D v3 refuses this polygon (b2ValidateHull)".into());
            }
        }
    };
    let iterations = Some(o.iterations.max(0) as u32);
    if !o.hit {
        return Ok(PeerRayCast::miss(ray.max_fraction, iterations));
    }
    Ok(PeerRayCast {
        hit: true,
        fraction: o.fraction,
        point: arr(transform.apply(g(o.point))),
        normal: arr(transform.q.apply(g(o.normal))),
        iterations,
    })
}
