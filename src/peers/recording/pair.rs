//! One pair of shapes over a recording: its state at each frame in our terms
//! ([`PairState`]), from two consecutive frames of the replayed world.
//!
//! - touching, the normal and the points: Box2D's contact of the two shapes, turned
//!   into the pair's order (A, B as asked; the normal negated when Box2D's contact
//!   has them the other way, the ids as Box2D made them);
//! - the reference face: the face of A (or of B) whose normal the manifold's normal
//!   is, at the poses the step began with (Box2D computed the manifold there);
//! - the surface tilt (see [`PairState::surface_tilt`]);
//! - the time of impact: `b2TimeOfImpact` on the bodies' sweeps over the step, when
//!   the pair was apart when the step began;
//! - the distance: `b2ShapeDistance` at this frame's poses, when not touching.

use super::read::ShapeCache;
use crate::core::math::{Rot, Transform};
use crate::scene::world::WorldGeometry;
use crate::trace::series::{angle_between, PairState, Reference};
use crate::trace::world_frame::{BodyState, ContactPoint, ContactState, FrameState, ShapeInfo};
use boxdd_sys::ffi as b2;
use glam::Vec2;

fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

fn vec(a: [f32; 2]) -> Vec2 {
    Vec2::new(a[0], a[1])
}

/// A body's pose as a transform, `(c, s)` exactly.
pub fn transform(body: &BodyState) -> Transform {
    body.transform()
}

/// A shape's core points and radius, its body's frame (Box2D's proxy of it).
pub fn core_of(g: &WorldGeometry) -> (Vec<Vec2>, f32) {
    match g {
        WorldGeometry::Circle { center, radius } => (vec![*center], *radius),
        WorldGeometry::Capsule { a, b, radius } => (vec![*a, *b], *radius),
        WorldGeometry::Segment { a, b } => (vec![*a, *b], 0.0),
        WorldGeometry::Polygon { points, radius } => (points.clone(), *radius),
        WorldGeometry::Box {
            half_extents: h,
            center: c,
            radius,
        } => (
            vec![
                *c + Vec2::new(-h.x, -h.y),
                *c + Vec2::new(h.x, -h.y),
                *c + Vec2::new(h.x, h.y),
                *c + Vec2::new(-h.x, h.y),
            ],
            *radius,
        ),
        // A chain segment: ghost, p1, p2, ghost; its core is the segment.
        WorldGeometry::Chain { points, .. } if points.len() == 4 => {
            (vec![points[1], points[2]], 0.0)
        }
        WorldGeometry::Chain { points, .. } => (points.clone(), 0.0),
    }
}

fn proxy(g: &WorldGeometry) -> b2::b2ShapeProxy {
    let (points, radius) = core_of(g);
    let pts: Vec<b2::b2Vec2> = points.iter().take(8).map(|p| v(*p)).collect();
    // SAFETY: at most 8 points; b2MakeProxy copies them.
    unsafe { b2::b2MakeProxy(pts.as_ptr(), pts.len() as i32, radius) }
}

/// The outward normals of a shape's faces, body frame: a polygon's edges, a capsule's
/// or segment's two sides, a chain segment's one side; none for a circle.
fn face_normals(g: &WorldGeometry) -> Vec<Vec2> {
    let (points, _) = core_of(g);
    let n = points.len();
    let edge = |a: Vec2, b: Vec2| Vec2::new(b.y - a.y, a.x - b.x).normalize_or_zero();
    match g {
        WorldGeometry::Circle { .. } => Vec::new(),
        WorldGeometry::Chain { .. } => vec![edge(points[0], points[1])],
        _ if n == 2 => {
            let e = edge(points[0], points[1]);
            vec![e, -e]
        }
        _ => (0..n)
            .map(|i| edge(points[i], points[(i + 1) % n]))
            .collect(),
    }
}

/// The face whose normal `normal` (from A to B, world) is, within 0.25°.
fn reference(
    a: (&WorldGeometry, Rot),
    b: (&WorldGeometry, Rot),
    normal: Vec2,
) -> Option<Reference> {
    let close = |n: Vec2, target: Vec2| n.dot(target) > 1.0 - 1e-5;
    let face_a = face_normals(a.0)
        .iter()
        .position(|n| close(a.1.apply(*n), normal));
    let face_b = || {
        face_normals(b.0)
            .iter()
            .position(|n| close(b.1.apply(*n), -normal))
    };
    face_a
        .map(Reference::A)
        .or_else(|| face_b().map(Reference::B))
}

/// The pair's two shapes and their bodies at a frame.
#[derive(Clone, Copy)]
pub(super) struct Posed<'a> {
    pub(super) shape: &'a ShapeInfo,
    pub(super) body: &'a BodyState,
}

pub(super) fn posed<'a>(
    shapes: &'a ShapeCache,
    frame: &'a FrameState,
    id: u32,
) -> Option<Posed<'a>> {
    let shape = shapes.get(id)?;
    Some(Posed {
        shape,
        body: frame.body(shape.body)?,
    })
}

/// Box2D's contact with each point where Box2D's step computed it: A's centre of mass
/// at the poses the step began with (`before`) plus the point's anchor. A frame's own
/// points are the centre *now* plus the anchor (where Box2D's debug drawing puts them,
/// moving with the body), which is off by the step's motion: the pair written at a
/// frame and every number compared with it take these.
pub fn as_computed(shapes: &ShapeCache, before: &FrameState, c: &ContactState) -> ContactState {
    let Some(body) = shapes.get(c.shape_a).and_then(|s| before.body(s.body)) else {
        return c.clone();
    };
    let centre = transform(body).apply(vec(body.local_center));
    ContactState {
        points: c
            .points
            .iter()
            .map(|p| ContactPoint {
                point: (centre + vec(p.anchor_a)).to_array(),
                ..*p
            })
            .collect(),
        ..c.clone()
    }
}

/// A state of Box2D's contact (B, A) as the pair (A, B): the normal turned round, the
/// reference face's owner swapped; the ids stay Box2D's.
fn in_pair_order(state: PairState) -> PairState {
    let reference = state.reference.map(|r| match r {
        Reference::A(i) => Reference::B(i),
        Reference::B(i) => Reference::A(i),
    });
    let n = state.normal.unwrap_or_default();
    PairState {
        reference,
        ..state.with_normal([-n[0], -n[1]])
    }
}

/// See [`PairState::surface_tilt`].
fn surface_tilt(
    shapes: &ShapeCache,
    now: &FrameState,
    a: &Posed,
    b: &Posed,
    normal: Vec2,
) -> Option<f32> {
    for (s, sign) in [(a, 1.0), (b, -1.0)] {
        if let WorldGeometry::Chain { .. } = s.shape.geometry {
            let face = face_normals(&s.shape.geometry)[0];
            let q = transform(s.body).q;
            return Some(angle_between(
                (q.apply(face)).to_array(),
                (normal * sign).to_array(),
            ));
        }
    }
    // Siblings: the contacts between the same two bodies, normals from a's body to b's.
    let (body_a, body_b) = (a.body.index, b.body.index);
    let mut deepest: Option<(f32, Vec2)> = None;
    let mut siblings = 0;
    for c in &now.contacts {
        let (Some(sa), Some(sb)) = (shapes.get(c.shape_a), shapes.get(c.shape_b)) else {
            continue;
        };
        let n = match (sa.body, sb.body) {
            (x, y) if (x, y) == (body_a, body_b) => vec(c.normal),
            (x, y) if (y, x) == (body_a, body_b) => -vec(c.normal),
            _ => continue,
        };
        siblings += 1;
        let depth = c.least_separation();
        if deepest.is_none_or(|(d, _)| depth < d) {
            deepest = Some((depth, n));
        }
    }
    let (_, surface) = deepest?;
    (siblings > 1).then(|| angle_between(surface.to_array(), normal.to_array()))
}

/// `b2TimeOfImpact` of the two shapes over the step from `before` to `now`.
fn time_of_impact(before: (&Posed, &Posed), now: (&Posed, &Posed)) -> Option<f32> {
    let sweep = |b0: &BodyState, b1: &BodyState| {
        let (x0, x1) = (transform(b0), transform(b1));
        let lc = vec(b0.local_center);
        b2::b2Sweep {
            localCenter: v(lc),
            c1: v(x0.apply(lc)),
            c2: v(x1.apply(lc)),
            q1: b2::b2Rot {
                c: x0.q.c,
                s: x0.q.s,
            },
            q2: b2::b2Rot {
                c: x1.q.c,
                s: x1.q.s,
            },
        }
    };
    let input = b2::b2TOIInput {
        proxyA: proxy(&before.0.shape.geometry),
        proxyB: proxy(&before.1.shape.geometry),
        sweepA: sweep(before.0.body, now.0.body),
        sweepB: sweep(before.1.body, now.1.body),
        maxFraction: 1.0,
    };
    // SAFETY: plain values; proxies of at most 8 points.
    let out = unsafe { b2::b2TimeOfImpact(&input) };
    (out.state == b2::b2TOIState_b2_toiStateHit && out.fraction < 1.0).then_some(out.fraction)
}

/// `b2ShapeDistance` of the two shapes at their poses.
fn distance(a: &Posed, b: &Posed) -> f32 {
    let rel = transform(a.body).inv_mul(&transform(b.body));
    let input = b2::b2DistanceInput {
        proxyA: proxy(&a.shape.geometry),
        proxyB: proxy(&b.shape.geometry),
        transform: b2::b2Transform {
            p: v(rel.p),
            q: b2::b2Rot {
                c: rel.q.c,
                s: rel.q.s,
            },
        },
        useRadii: true,
    };
    let mut cache = b2::b2SimplexCache {
        count: 0,
        indexA: [0; 3],
        indexB: [0; 3],
    };
    // SAFETY: plain values; no simplex buffer.
    unsafe { b2::b2ShapeDistance(&input, &mut cache, std::ptr::null_mut(), 0) }.distance
}

/// The pair `a`, `b` (shape ids) at frame `now`, the frame before being `before`
/// (frame 0: the same frame twice). `None` when a shape is not in the world.
pub fn pair_state(
    shapes: &ShapeCache,
    before: &FrameState,
    now: &FrameState,
    a: u32,
    b: u32,
) -> Option<PairState> {
    let (a1, b1) = (posed(shapes, now, a)?, posed(shapes, now, b)?);
    let (a0, b0) = (
        posed(shapes, before, a).unwrap_or(a1),
        posed(shapes, before, b).unwrap_or(b1),
    );
    let contact = now.contact(a, b).filter(|c| !c.points.is_empty());
    let mut state = match contact {
        Some(c) => {
            let state = touching_state(shapes, before, now, c)?;
            if c.shape_a == a {
                state
            } else {
                in_pair_order(state)
            }
        }
        None => PairState {
            frame: now.frame,
            distance: Some(distance(&a1, &b1)),
            ..PairState::default()
        },
    };
    let apart_before = before.contact(a, b).is_none_or(|c| c.points.is_empty());
    let moved = a0.body.position != a1.body.position
        || b0.body.position != b1.body.position
        || a0.body.rotation != a1.body.rotation
        || b0.body.rotation != b1.body.rotation;
    if apart_before && moved && now.frame != before.frame {
        state.toi = time_of_impact((&a0, &b0), (&a1, &b1));
    }
    Some(state)
}

/// The markers of every touching pair, frame after frame (memory: the pairs touching
/// now). A pair that stops touching gets its `end` and is dropped. Tunnelling, where
/// no contact is, comes from a screen of the shapes that moved ([`super::tunnel`]).
#[derive(Default)]
pub struct AllPairs {
    finders: std::collections::HashMap<(u32, u32), crate::trace::series::MarkerFinder>,
}

impl AllPairs {
    /// The markers of frame `now` (the frame before being `before`), per pair (shape
    /// A, shape B in Box2D's contact order), sorted.
    pub fn next(
        &mut self,
        shapes: &ShapeCache,
        before: &FrameState,
        now: &FrameState,
    ) -> Vec<((u32, u32), Vec<crate::trace::series::Marker>)> {
        let mut out = Vec::new();
        for c in now.contacts.iter().filter(|c| !c.points.is_empty()) {
            let key = (c.shape_a, c.shape_b);
            let Some(state) = touching_state(shapes, before, now, c) else {
                continue;
            };
            let markers = self.finders.entry(key).or_default().next(&state);
            if !markers.is_empty() {
                out.push((key, markers));
            }
        }
        let ended: Vec<(u32, u32)> = self
            .finders
            .keys()
            .filter(|(a, b)| now.contact(*a, *b).is_none_or(|c| c.points.is_empty()))
            .copied()
            .collect();
        for key in ended {
            if let Some(mut finder) = self.finders.remove(&key) {
                let apart = PairState {
                    frame: now.frame,
                    ..PairState::default()
                };
                out.push((key, finder.next(&apart)));
            }
        }
        out.extend(super::tunnel::tunnels(shapes, before, now));
        out.sort_by_key(|(key, _)| *key);
        out
    }
}

/// The state of a touching contact (no sweep, no distance: it touches).
fn touching_state(
    shapes: &ShapeCache,
    before: &FrameState,
    now: &FrameState,
    c: &ContactState,
) -> Option<PairState> {
    let (a, b) = (c.shape_a, c.shape_b);
    let (a1, b1) = (posed(shapes, now, a)?, posed(shapes, now, b)?);
    let a0 = posed(shapes, before, a).unwrap_or(a1);
    let b0 = posed(shapes, before, b).unwrap_or(b1);
    let normal = vec(c.normal);
    let mut state = PairState {
        frame: now.frame,
        touching: true,
        points: as_computed(shapes, before, c).points,
        ..PairState::default()
    }
    .with_normal(c.normal);
    let (qa, qb) = (transform(a0.body).q, transform(b0.body).q);
    state.reference = reference((&a1.shape.geometry, qa), (&b1.shape.geometry, qb), normal);
    state.surface_tilt = surface_tilt(shapes, now, &a1, &b1, normal);
    Some(state)
}

/// Our `Box2dV3` manifold of a pair of convex shapes (made once, [`our_shape`]) at
/// the poses frame `before` holds (where Box2D computed its contact): the point count
/// and the normal from A to B, in the pair's order.
pub fn ours(
    shapes: (&crate::core::shape::Shape, &crate::core::shape::Shape),
    bodies: (&BodyState, &BodyState),
    settings: &crate::core::settings::Settings,
) -> (usize, [f32; 2]) {
    use crate::core::manifold::{contact_manifold, ManifoldInput, ManifoldSource};
    let pair = crate::core::pair::PosedPair::new(
        shapes.0,
        transform(bodies.0),
        shapes.1,
        transform(bodies.1),
    );
    let input = ManifoldInput::new(pair, settings, ManifoldSource::Sat);
    let m = contact_manifold(&input, None);
    (m.points().len(), m.normal.to_array())
}

/// A recorded convex shape as the core's shape (its body's frame), for [`ours`]; a
/// chain segment or a circle off its body's origin has none (the pair is then the
/// scene's, see [`super::Player::pair_at`]).
pub fn our_shape(g: &WorldGeometry) -> Option<crate::core::shape::Shape> {
    use crate::core::shape::{Geometry, Shape};
    let geometry = match g {
        WorldGeometry::Circle { center, radius } if *center == Vec2::ZERO => {
            Geometry::Circle { radius: *radius }
        }
        _ => convex_geometry(g)?,
    };
    Shape::new(geometry).ok()
}

/// A recorded capsule, segment, polygon or box as the core's geometry in its body's
/// frame; a circle (its centre may sit off the body's origin) and a chain have none.
pub fn convex_geometry(g: &WorldGeometry) -> Option<crate::core::shape::Geometry> {
    use crate::core::shape::Geometry;
    Some(match g {
        WorldGeometry::Capsule { a, b, radius } => Geometry::Capsule {
            a: *a,
            b: *b,
            radius: *radius,
        },
        WorldGeometry::Segment { a, b } => Geometry::Segment { a: *a, b: *b },
        WorldGeometry::Polygon { .. } | WorldGeometry::Box { .. } => {
            let (points, radius) = core_of(g);
            Geometry::Polygon { points, radius }
        }
        WorldGeometry::Circle { .. } | WorldGeometry::Chain { .. } => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_of_a_box_and_a_chain_segment() {
        let g = WorldGeometry::Polygon {
            points: vec![
                Vec2::new(-1.0, -1.0),
                Vec2::new(1.0, -1.0),
                Vec2::new(1.0, 1.0),
                Vec2::new(-1.0, 1.0),
            ],
            radius: 0.0,
        };
        let n = face_normals(&g);
        assert_eq!(n, [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X]);
        let chain = WorldGeometry::Chain {
            points: vec![
                Vec2::new(-2.0, 0.0),
                Vec2::new(-1.0, 0.0),
                Vec2::new(1.0, 0.0),
                Vec2::new(2.0, 0.0),
            ],
            closed: false,
        };
        // A chain segment's normal is on the right of its direction: here, down (a floor
        // chain runs from right to left).
        assert_eq!(face_normals(&chain), [Vec2::NEG_Y]);
        let q = Rot::IDENTITY;
        // Normal up from A (the box below) to B: A's top face.
        assert_eq!(reference((&g, q), (&g, q), Vec2::Y), Some(Reference::A(2)));
        // Normal up with no face of A that way but B's bottom face: B's.
        let turned = Rot::from_angle(0.5);
        assert_eq!(
            reference((&g, turned), (&g, q), Vec2::Y),
            Some(Reference::B(0))
        );
    }
}
