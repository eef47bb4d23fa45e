//! parry2d (0.31, the version Rapier 0.36 runs) on one pair.
//!
//! Shapes are built from the core's own vertices so the geometry is the same to the bit:
//! a circle is a `Ball`, a polygon or box a `ConvexPolygon` (unmodified: parry's usual
//! constructor drops flat vertices), rounded ones a `RoundShape` around it, a capsule a
//! `Capsule`, a segment a `Segment`. Poses use the core's cosine and sine.
//! parry's vectors are glam 0.33 through glamx; they never leave this file.

use super::{guard, Kind};
use crate::core::math::{arr, Transform};
use crate::core::raycast::RayInput;
use crate::core::shape::Shape;
use crate::scene::build::PairInputs;
use crate::trace::peer_answer::{
    EngineAnswer, PeerContact, PeerDistance, PeerManifold, PeerPenetration, PeerRayCast, PeerToi,
};
use glam::Vec2;
use parry::math::{Pose, Rot2, Vector};
use parry::query::{self as pq, ClosestPoints, PersistentQueryDispatcher, Ray, ShapeCastOptions};
use parry::shape as ps;

/// The parry2d release this build links (Cargo.toml pins 0.31).
pub const VERSION: &str = "parry2d 0.31";

fn pv(p: Vec2) -> Vector {
    Vector::new(p.x, p.y)
}

fn gv(p: Vector) -> Vec2 {
    Vec2::new(p.x, p.y)
}

pub(crate) fn pose(t: &Transform) -> Pose {
    Pose::from_parts(pv(t.p), Rot2::from_cos_sin_unchecked(t.q.c, t.q.s))
}

/// The shape as parry's, from the core's vertices and radius.
pub fn shape(s: &Shape) -> Box<dyn ps::Shape> {
    let vs = s.vertices();
    let r = s.radius();
    match Kind::of(s) {
        Kind::Circle if vs[0] == Vec2::ZERO => Box::new(ps::Ball::new(r)),
        // A circle off its origin: a capsule of zero length keeps the centre.
        Kind::Circle => Box::new(ps::Capsule::new(pv(vs[0]), pv(vs[0]), r)),
        Kind::Capsule => Box::new(ps::Capsule::new(pv(vs[0]), pv(vs[1]), r)),
        Kind::Segment => Box::new(ps::Segment::new(pv(vs[0]), pv(vs[1]))),
        Kind::Polygon => {
            let points = vs.iter().map(|p| pv(*p)).collect();
            match ps::ConvexPolygon::from_convex_polyline_unmodified(points) {
                Some(poly) if r > 0.0 => Box::new(ps::RoundShape {
                    inner_shape: poly,
                    border_radius: r,
                }),
                Some(poly) => Box::new(poly),
                // Unreachable for a validated polygon (≥ 3 vertices); a segment stands in.
                None => Box::new(ps::Segment::new(pv(vs[0]), pv(vs[1]))),
            }
        }
    }
}

/// Every query parry has, on the pair. A query that panics is answered by the panic
/// ([`super::guard`]).
pub fn answer(pair: &PairInputs) -> EngineAnswer {
    let mut out = EngineAnswer::new(VERSION.into());
    let built = guard::parry("distance", || {
        (shape(pair.pair.shape_a), shape(pair.pair.shape_b))
    });
    let (ga, gb) = match built {
        Ok(shapes) => shapes,
        Err(fault) => {
            out.stopped(fault);
            return out;
        }
    };
    let (pa, pb) = (pose(&pair.pair.transform_a), pose(&pair.pair.transform_b));
    let kinds = format!(
        "{}–{}",
        Kind::of(pair.pair.shape_a).name(),
        Kind::of(pair.pair.shape_b).name()
    );
    match guard::parry("distance", || distance(&pa, &*ga, &pb, &*gb)) {
        Ok(Ok(d)) => out.distance = Some(d),
        Ok(Err(_)) => out
            .missing
            .push(format!("distance: parry2d: no distance for {kinds}")),
        Err(fault) => out.stopped(fault),
    }
    match guard::parry("penetration", || pq::contact(&pa, &*ga, &pb, &*gb, 0.0)) {
        Ok(Ok(Some(c))) if c.dist <= 0.0 => {
            out.penetration = Some(PeerPenetration {
                depth: -c.dist,
                normal: arr(gv(c.normal1)),
                point_a: arr(gv(c.point1)),
                point_b: arr(gv(c.point2)),
            })
        }
        Ok(Ok(_)) => {}
        Ok(Err(_)) => out
            .missing
            .push(format!("penetration: parry2d: no contact for {kinds}")),
        Err(fault) => out.stopped(fault),
    }
    match guard::parry("manifold", || manifold(pair, &*ga, &*gb)) {
        Ok(Ok(m)) => out.manifold = Some(m),
        Ok(Err(_)) => out
            .missing
            .push(format!("manifold: parry2d: no manifold for {kinds}")),
        Err(fault) => out.stopped(fault),
    }
    if pair.moving() {
        match guard::parry("toi", || toi(pair, &*ga, &*gb)) {
            Ok(Ok(t)) => out.toi = Some(t),
            Ok(Err(_)) => out
                .missing
                .push(format!("toi: parry2d: no shape cast for {kinds}")),
            Err(fault) => out.stopped(fault),
        }
    }
    out
}

pub(crate) fn distance(
    pa: &Pose,
    ga: &dyn ps::Shape,
    pb: &Pose,
    gb: &dyn ps::Shape,
) -> Result<PeerDistance, pq::Unsupported> {
    let d = pq::distance(pa, ga, pb, gb)?.distance;
    let points = match pq::closest_points(pa, ga, pb, gb, f32::MAX)? {
        ClosestPoints::WithinMargin(p1, p2) => Some((gv(p1), gv(p2))),
        _ => None,
    };
    let (point_a, point_b) = match points {
        Some(p) => p,
        // Touching or overlapping: the contact's points.
        None => match pq::contact(pa, ga, pb, gb, 0.0)? {
            Some(c) => (gv(c.point1), gv(c.point2)),
            None => (Vec2::NAN, Vec2::NAN),
        },
    };
    let n = (point_b - point_a).normalize_or_zero();
    Ok(PeerDistance {
        distance: d,
        point_a: arr(point_a),
        point_b: arr(point_b),
        normal: (d > 0.0 && n != Vec2::ZERO).then(|| arr(n)),
        iterations: None,
    })
}

/// parry's contact query at zero prediction (the penetration its EPA finds), for
/// callers that time it: whether the shapes touch.
pub(crate) fn penetration(
    pa: &Pose,
    ga: &dyn ps::Shape,
    pb: &Pose,
    gb: &dyn ps::Shape,
) -> Result<bool, pq::Unsupported> {
    Ok(pq::contact(pa, ga, pb, gb, 0.0)?.is_some())
}

/// parry's convex–convex manifold with the scene's speculative distance as prediction.
pub(crate) fn manifold(
    pair: &PairInputs,
    ga: &dyn ps::Shape,
    gb: &dyn ps::Shape,
) -> Result<PeerManifold, pq::Unsupported> {
    let (xa, xb) = (&pair.pair.transform_a, &pair.pair.transform_b);
    let pos12 = pose(&xa.inv_mul(xb));
    let mut m = pq::ContactManifold::<(), ()>::new();
    pq::DefaultQueryDispatcher.contact_manifold_convex_convex(
        &pos12,
        ga,
        gb,
        None,
        None,
        pair.settings.speculative_distance,
        &mut m,
    )?;
    let normal = xa.q.apply(gv(m.local_n1));
    let points = m
        .points
        .iter()
        .map(|c| PeerContact {
            point_a: arr(xa.apply(gv(c.local_p1))),
            point_b: arr(xb.apply(gv(c.local_p2))),
            separation: c.dist,
            id: Some(c.fid1.0 << 16 | (c.fid2.0 & 0xffff)),
        })
        .collect();
    Ok(PeerManifold {
        normal: arr(normal),
        points,
    })
}

/// `cast_shapes` over the step (t ≤ 1), stopping at first contact.
pub(crate) fn toi(
    pair: &PairInputs,
    ga: &dyn ps::Shape,
    gb: &dyn ps::Shape,
) -> Result<PeerToi, pq::Unsupported> {
    let (xa, xb) = (&pair.pair.transform_a, &pair.pair.transform_b);
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let hit = pq::cast_shapes(
        &pose(xa),
        pv(pair.velocity_a),
        ga,
        &pose(xb),
        pv(pair.velocity_b),
        gb,
        options,
    )?;
    Ok(match hit {
        Some(h) => {
            let t = h.time_of_impact;
            let at_t = Transform {
                p: xa.p + pair.velocity_a * t,
                q: xa.q,
            };
            PeerToi {
                hit: true,
                t,
                point: arr(at_t.apply(gv(h.witness1))),
                normal: arr(xa.q.apply(gv(h.normal1))),
                iterations: None,
            }
        }
        None => PeerToi {
            hit: false,
            t: 1.0,
            point: [f32::NAN; 2],
            normal: [f32::NAN; 2],
            iterations: None,
        },
    })
}

/// The pose as parry takes it (for callers that prepare parry's inputs once, e.g.
/// the benches).
pub fn parry_pose(t: &Transform) -> Pose {
    pose(t)
}

/// The ray as parry's `Ray` (direction = the translation, so parry's time of impact
/// is our fraction) and its `max_time_of_impact`, or why it is refused (non-finite,
/// or a negative `max_fraction`).
pub fn parry_ray(ray: &RayInput) -> Result<(Ray, f32), String> {
    let finite =
        ray.origin.is_finite() && ray.translation.is_finite() && ray.max_fraction.is_finite();
    if !finite || ray.max_fraction < 0.0 {
        return Err("parry2d: refused: a non-finite ray or a negative max_fraction".into());
    }
    Ok((
        Ray::new(pv(ray.origin), pv(ray.translation)),
        ray.max_fraction,
    ))
}

/// parry's `cast_ray_and_get_normal` on the shape converted by [`shape`], with its
/// pose, in parry's conventions: `solid = true`, an origin inside is a hit at
/// fraction 0; `solid = false`, the hit is where the ray leaves the shape, the
/// normal pointing inward. A polygon (rounded or not) is cast by GJK
/// (`local_ray_intersection_with_support_map_with_params`), a ball, capsule or
/// segment in closed form. A panic inside parry is an error naming it.
pub fn ray_cast(
    shape: &Shape,
    transform: Transform,
    ray: RayInput,
    solid: bool,
) -> Result<PeerRayCast, String> {
    let (r, max) = parry_ray(&ray)?;
    let hit = guard::parry("ray", || {
        self::shape(shape).cast_ray_and_get_normal(&pose(&transform), &r, max, solid)
    })
    .map_err(|f| f.to_string())?;
    Ok(match hit {
        Some(h) => PeerRayCast {
            hit: true,
            fraction: h.time_of_impact,
            point: arr(ray.at(h.time_of_impact)),
            normal: arr(gv(h.normal)),
            iterations: None,
        },
        None => PeerRayCast::miss(ray.max_fraction, None),
    })
}
