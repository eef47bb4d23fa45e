//! The `Box2dV3` preset's SAT source: Box2D v3's contact functions, operation for
//! operation, so that the same f32 input gives the same f32 output as the live
//! library (`b2CollideCircles`, `b2CollideCapsuleAndCircle`,
//! `b2CollidePolygonAndCircle`, `b2CollideCapsules`, `b2CollidePolygons` and the
//! functions that hand their shapes to these: segment and circle, segment and
//! capsule, polygon and capsule, segment and polygon).
//!
//! ## The call
//! Box2D collides each pair of kinds with one function, in one order: a circle
//! comes after a capsule, a segment or a polygon; a capsule after a segment or a
//! polygon; a polygon after a segment ([`function_of`]). A pair in the other order is
//! handed over as (B, A): the function then answers in B's frame and the normal is
//! turned back to run from A to B. The function takes the second shape's pose in the
//! first's frame, the posed pair's [`b_in_a`](crate::core::pair::PosedPair::b_in_a)
//! (`b2InvMulTransforms`' arithmetic), and answers a manifold in the first shape's
//! frame: a normal and up to two points, each midway between the two surfaces, with
//! a separation and Box2D's id `B2_MAKE_ID(a, b)`. The points go to the world as the
//! engine peer turns Box2D's own (`frame·point`, then `∓ normal·separation/2` to each
//! surface), so that ours and the live Box2D's are compared bit for bit.
//!
//! Two bare segments have no Box2D function; they go through `b2CollideCapsules`
//! with both radii zero, as `b2CollideSegmentAndCapsule` would take them.
//!
//! ## What is kept beside Box2D's numbers
//! Each point's `features` names, in our words ([`ContactId`]), the reference and
//! incident features that made it; the trace records the features, the reference and
//! incident edges, every clip, the rules Box2D applies (the capsules' slop rule, the
//! polygons' vertex–vertex rule) and every exact tie with the rule that broke it
//! ([`ManifoldTie`](super::ManifoldTie)).
//!
//! ## Where each function lives
//! - `circles`: circles, capsule (or segment) and circle, polygon and circle;
//! - `capsules`: two capsules (or a segment and a capsule, or two segments);
//! - `polygons`: two polygons (capsules and segments among them as 2-gons), and
//!   `b2ClipPolygons`;
//! - `local`: the entries in the first shape's frame, as Box2D's functions are called;
//! - `separation`: `b2FindMaxSeparation`, four faces at a time on x86_64;
//! - `ops`: Box2D's vector arithmetic where glam's rounds otherwise.

mod capsules;
mod circles;
mod local;
mod ops;
mod polygons;
mod separation;

pub use self::local::{
    box2d_collide_polygon_circle, box2d_collide_polygons, box2d_local_manifold, Box2dLocalManifold,
    Box2dLocalPoint,
};

use super::ids::ContactId;
use super::trace::{Box2dCall, Box2dFunction, FeatureRecord, ManifoldTrace};
use super::{
    touching_tolerance, ManifoldCase, ManifoldInput, ManifoldOutput, ManifoldPoint,
    ManifoldTermination, NormalSource,
};
use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::math::Transform;
use crate::core::record::Record;
use crate::core::sat::Owner;
use crate::core::shape::Shape;
use glam::Vec2;

/// The manifold of `input` as Box2D v3 computes it (see the module docs).
#[inline(always)]
pub(super) fn box2d_manifold(
    input: &ManifoldInput,
    trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    match trace {
        None => untraced(input),
        Some(t) => traced(input, t),
    }
}

/// [`box2d_manifold`] without a trace: the choice of Box2D's function, then that
/// function alone in its own frame ([`world`]). The functions go to [`world`] as
/// closures marked `inline(always)`: given as function items, they were called through
/// `Fn::call`'s shim, not inlined, and their manifold came back through memory.
#[inline(never)]
fn untraced(input: &ManifoldInput) -> ManifoldOutput {
    match function_of(input.pair.shape_a, input.pair.shape_b) {
        (function, false) => untraced_as::<false>(input, function),
        (function, true) => untraced_as::<true>(input, function),
    }
}

#[inline(always)]
fn untraced_as<const SWAPPED: bool>(
    input: &ManifoldInput,
    function: Box2dFunction,
) -> ManifoldOutput {
    use self::Box2dFunction as F;
    match function {
        F::Circles => world::<SWAPPED>(
            input,
            #[inline(always)]
            |c, xf| circles::circles(c, xf, None),
        ),
        F::CapsuleAndCircle | F::SegmentAndCircle => world::<SWAPPED>(
            input,
            #[inline(always)]
            |c, xf| circles::capsule_and_circle(c, xf, None),
        ),
        F::PolygonAndCircle => world::<SWAPPED>(
            input,
            #[inline(always)]
            |c, xf| circles::polygon_and_circle(c, xf, None),
        ),
        F::Capsules | F::SegmentAndCapsule | F::SegmentAndSegment => world::<SWAPPED>(
            input,
            #[inline(always)]
            |c, xf| capsules::capsules(c, xf, None),
        ),
        F::PolygonAndCapsule | F::SegmentAndPolygon | F::Polygons => world::<SWAPPED>(
            input,
            #[inline(always)]
            |c, xf| polygons::polygons(c, xf, None),
        ),
    }
}

/// One Box2D function `f` without a trace, from the world poses to the world answer:
/// B's pose in the first shape's frame, `f` and the conversion ([`Call::world_output`])
/// inlined together, one copy per function and order, so that each keeps only its own
/// registers and the manifold goes from `f` to the output in registers.
#[inline(never)]
fn world<const SWAPPED: bool>(
    input: &ManifoldInput,
    f: impl Fn(&Call, Transform) -> Local,
) -> ManifoldOutput {
    let (call, xf) = Call::new(input, SWAPPED);
    let frame = if SWAPPED {
        input.pair.transform_b
    } else {
        input.pair.transform_a
    };
    call.world_output(&frame, &f(&call, xf))
}

#[inline(never)]
fn traced(input: &ManifoldInput, t: &mut ManifoldTrace) -> ManifoldOutput {
    manifold_of(input, Some(t))
}

#[inline(always)]
fn manifold_of(input: &ManifoldInput, mut trace: Option<&mut ManifoldTrace>) -> ManifoldOutput {
    let (function, swapped) = function_of(input.pair.shape_a, input.pair.shape_b);
    let (call, xf) = Call::new(input, swapped);
    trace.record(|t| {
        *t = ManifoldTrace {
            source: Some(input.source),
            touching_tolerance: touching_tolerance(input.pair.shape_a, input.pair.shape_b),
            box2d: Some(Box2dCall { function, swapped }),
            ..Default::default()
        };
    });
    let frame = if swapped {
        input.pair.transform_b
    } else {
        input.pair.transform_a
    };
    call.run(function, xf, trace, |local, trace| {
        call.finish(&frame, local, trace)
    })
}

/// Box2D's shape kinds, from the core: one vertex (a circle, its centre the vertex),
/// two with a radius (a capsule), two without (a segment), more (a polygon, rounded or
/// not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum B2Kind {
    Circle,
    Capsule,
    Segment,
    Polygon,
}

fn kind(s: &Shape) -> B2Kind {
    match s.vertices().len() {
        1 => B2Kind::Circle,
        2 if s.radius() > 0.0 => B2Kind::Capsule,
        2 => B2Kind::Segment,
        _ => B2Kind::Polygon,
    }
}

/// Box2D's function for a pair of kinds, and whether it takes the pair as (B, A)
/// (Box2D's contact registry: `b2AddType` in `contact.c`).
pub(super) fn function_of(a: &Shape, b: &Shape) -> (Box2dFunction, bool) {
    use self::B2Kind::*;
    use self::Box2dFunction as F;
    match (kind(a), kind(b)) {
        (Circle, Circle) => (F::Circles, false),
        (Capsule, Circle) => (F::CapsuleAndCircle, false),
        (Circle, Capsule) => (F::CapsuleAndCircle, true),
        (Segment, Circle) => (F::SegmentAndCircle, false),
        (Circle, Segment) => (F::SegmentAndCircle, true),
        (Polygon, Circle) => (F::PolygonAndCircle, false),
        (Circle, Polygon) => (F::PolygonAndCircle, true),
        (Capsule, Capsule) => (F::Capsules, false),
        (Segment, Capsule) => (F::SegmentAndCapsule, false),
        (Capsule, Segment) => (F::SegmentAndCapsule, true),
        (Segment, Segment) => (F::SegmentAndSegment, false),
        (Polygon, Capsule) => (F::PolygonAndCapsule, false),
        (Capsule, Polygon) => (F::PolygonAndCapsule, true),
        (Segment, Polygon) => (F::SegmentAndPolygon, false),
        (Polygon, Segment) => (F::SegmentAndPolygon, true),
        (Polygon, Polygon) => (F::Polygons, false),
    }
}

/// The pair as a Box2D function takes it: its first and second shape (A and B, or B
/// and A when swapped), the first's frame in the world. The second's pose in the
/// first's frame goes beside it by value ([`Call::new`], [`Call::run`]): read back from
/// this struct, just written, it was loaded in pieces wider than its stores, which the
/// store buffer cannot forward.
pub(super) struct Call<'a> {
    pub(super) first: &'a Shape,
    pub(super) second: &'a Shape,
    /// The first shape's frame → world.
    pub(super) frame: Transform,
    pub(super) swapped: bool,
    /// `B2_SPECULATIVE_DISTANCE` (the scene's speculative distance; Box2D's 4 × linear
    /// slop by default).
    pub(super) spec: f32,
}

impl<'a> Call<'a> {
    /// The call of an answer in the first shape's frame (no world frame, not swapped).
    #[inline(always)]
    fn local(first: &'a Shape, second: &'a Shape, spec: f32) -> Call<'a> {
        Call {
            first,
            second,
            frame: Transform::IDENTITY,
            swapped: false,
            spec,
        }
    }

    /// The call and the second shape's pose in the first's frame (`b2InvMulTransforms`).
    #[inline(always)]
    fn new(input: &ManifoldInput<'a>, swapped: bool) -> (Call<'a>, Transform) {
        let pair = &input.pair;
        let spec = input.speculative_distance;
        if swapped {
            let call = Call {
                first: pair.shape_b,
                second: pair.shape_a,
                frame: pair.transform_b,
                swapped,
                spec,
            };
            (call, pair.swapped().b_in_a())
        } else {
            let call = Call {
                first: pair.shape_a,
                second: pair.shape_b,
                frame: pair.transform_a,
                swapped,
                spec,
            };
            (call, pair.b_in_a())
        }
    }

    /// Box2D's `function` on this call, in the first shape's frame, handed to `done`
    /// (with the trace). The functions are inlined and `done` is called in each arm
    /// on that arm's own manifold, so that the manifold can stay in registers up to
    /// the caller's output: returned from one shared call, it went through memory,
    /// written field by field and read back in wider pieces, which the store buffer
    /// cannot forward (a stall on every call).
    #[inline(always)]
    fn run<R>(
        &self,
        function: Box2dFunction,
        xf: Transform,
        mut trace: Option<&mut ManifoldTrace>,
        done: impl FnOnce(&Local, Option<&mut ManifoldTrace>) -> R,
    ) -> R {
        let t = trace.as_deref_mut();
        match function {
            Box2dFunction::Circles => done(&circles::circles(self, xf, t), trace),
            Box2dFunction::CapsuleAndCircle | Box2dFunction::SegmentAndCircle => {
                done(&circles::capsule_and_circle(self, xf, t), trace)
            }
            Box2dFunction::PolygonAndCircle => {
                done(&circles::polygon_and_circle(self, xf, t), trace)
            }
            Box2dFunction::Capsules
            | Box2dFunction::SegmentAndCapsule
            | Box2dFunction::SegmentAndSegment => done(&capsules::capsules(self, xf, t), trace),
            Box2dFunction::PolygonAndCapsule
            | Box2dFunction::SegmentAndPolygon
            | Box2dFunction::Polygons => done(&polygons::polygons(self, xf, t), trace),
        }
    }

    /// The function's shape (A: its first) as ours.
    #[inline]
    pub(super) fn owner(&self, o: Owner) -> Owner {
        if self.swapped {
            o.other()
        } else {
            o
        }
    }

    /// A feature of the function's shape `o` as the trace records it: core points `a`,
    /// `b` (indices `ia`, `ib`) and `normal` in the first shape's frame, shifted by
    /// `-origin`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn feature(
        &self,
        o: Owner,
        (a, ia): (Vec2, usize),
        (b, ib): (Vec2, usize),
        normal: Vec2,
        origin: Vec2,
    ) -> FeatureRecord {
        let shape = match o {
            Owner::A => self.first,
            Owner::B => self.second,
        };
        FeatureRecord {
            owner: self.owner(o),
            a: self.frame.apply(a + origin),
            b: self.frame.apply(b + origin),
            index_a: ia,
            index_b: ib,
            normal: self.frame.q.apply(normal),
            radius: shape.radius(),
            is_point: ia == ib,
        }
    }

    /// Records the features of the function's first and second shapes as ours (A's
    /// and B's), and the reference and incident ones.
    pub(super) fn set_features(
        &self,
        t: &mut ManifoldTrace,
        (first, second): (FeatureRecord, FeatureRecord),
        first_is_reference: bool,
    ) {
        let (a, b) = if self.swapped {
            (second, first)
        } else {
            (first, second)
        };
        t.feature_a = Some(a);
        t.feature_b = Some(b);
        let (r, i) = if first_is_reference {
            (first, second)
        } else {
            (second, first)
        };
        t.reference = Some(r);
        t.incident = Some(i);
    }

    /// A point of the first shape's frame (shifted by `-origin`) in the world.
    pub(super) fn world(&self, p: Vec2, origin: Vec2) -> Vec2 {
        self.frame.apply(p + origin)
    }

    /// A direction of the first shape's frame in the world, from A to B when `n` runs
    /// from the first shape to the second.
    pub(super) fn world_normal(&self, n: Vec2) -> Vec2 {
        let w = self.frame.q.apply(n);
        if self.swapped {
            -w
        } else {
            w
        }
    }

    /// The function's manifold as ours, world space (see the module docs). `frame`:
    /// [`Call::frame`], passed by value for the reason [`Call`] gives. Inlined into
    /// each function's copy without a trace ([`world`]): each point is converted or
    /// left at its default by its own test of the count (no loop over a slice of the
    /// manifold), so that the function's manifold stays in registers.
    #[inline(always)]
    fn world_output(&self, frame: &Transform, local: &Local) -> ManifoldOutput {
        // As the engine peer turns Box2D's manifold into ours (`peers::box2d`).
        let sign = if self.swapped { -1.0 } else { 1.0 };
        let normal = frame.q.apply(local.normal) * sign;
        let point = |k: usize| {
            if k >= local.count {
                return ManifoldPoint::default();
            }
            let src = &local.points[k];
            let mid = frame.apply(src.point);
            let half = normal * (0.5 * src.separation);
            let features = ContactId {
                reference: self.owner(src.features.reference),
                ..src.features
            };
            ManifoldPoint {
                point_a: mid - half,
                point_b: mid + half,
                separation: src.separation,
                id: u32::from(src.id),
                features: features.pack(),
            }
        };
        ManifoldOutput {
            termination: local.termination,
            normal_source: (local.termination != ManifoldTermination::Separated)
                .then_some(local.source),
            case: (local.count > 0).then_some(local.case),
            normal,
            reference: (local.count > 0).then(|| self.owner(local.reference)),
            points: [point(0), point(1)],
            point_count: local.count,
        }
    }

    /// [`Call::world_output`] and its trace records. Not inlined: the traced path's
    /// conversion in one place.
    #[inline(never)]
    fn finish(
        &self,
        frame: &Transform,
        local: &Local,
        trace: Option<&mut ManifoldTrace>,
    ) -> ManifoldOutput {
        let out = self.world_output(frame, local);
        if let Some(t) = trace {
            t.termination = Some(out.termination);
            t.case = out.case;
            if out.normal_source.is_some() {
                t.normal_source = out.normal_source;
            }
            t.points = out.points().to_vec();
        }
        out
    }
}

/// One point of a Box2D manifold in the first shape's frame (`b2LocalManifoldPoint`),
/// with our words for its features (owners as the function sees them).
#[derive(Clone, Copy, Debug)]
pub(super) struct LocalPoint {
    pub(super) point: Vec2,
    pub(super) separation: f32,
    pub(super) id: u16,
    pub(super) features: ContactId,
}

impl Default for LocalPoint {
    fn default() -> Self {
        LocalPoint {
            point: Vec2::ZERO,
            separation: 0.0,
            id: 0,
            features: ContactId::POINT,
        }
    }
}

/// A Box2D manifold in the first shape's frame (`b2LocalManifold`), with how it was
/// made (the function's owners).
#[derive(Clone, Copy, Debug)]
pub(super) struct Local {
    pub(super) normal: Vec2,
    pub(super) points: [LocalPoint; MAX_MANIFOLD_POINTS],
    pub(super) count: usize,
    pub(super) termination: ManifoldTermination,
    pub(super) case: ManifoldCase,
    pub(super) source: NormalSource,
    pub(super) reference: Owner,
}

impl Local {
    /// As Box2D returns it (`b2LocalManifold`): every point copied, those beyond
    /// `count` being the zeros [`Local::empty`] leaves there, so that no branch or
    /// bounds check depends on the count.
    #[inline(always)]
    fn box2d(&self) -> Box2dLocalManifold {
        let point = |p: &LocalPoint| Box2dLocalPoint {
            point: p.point,
            separation: p.separation,
            id: p.id,
        };
        Box2dLocalManifold {
            normal: self.normal,
            points: [point(&self.points[0]), point(&self.points[1])],
            point_count: self.count,
        }
    }

    /// No points: `termination` says why; `normal` the direction found, if any.
    #[inline]
    pub(super) fn empty(termination: ManifoldTermination, normal: Vec2) -> Local {
        Local {
            normal,
            points: [LocalPoint::default(); MAX_MANIFOLD_POINTS],
            count: 0,
            termination,
            case: ManifoldCase::PointPoint,
            source: NormalSource::Sat,
            reference: Owner::A,
        }
    }

    /// One point.
    #[inline]
    pub(super) fn one(
        normal: Vec2,
        point: LocalPoint,
        case: ManifoldCase,
        source: NormalSource,
        reference: Owner,
    ) -> Local {
        let mut m = Local::empty(ManifoldTermination::Contact, normal);
        m.points[0] = point;
        m.count = 1;
        m.case = case;
        m.source = source;
        m.reference = reference;
        m
    }
}

/// The trace records of a separated pair: its separation and the direction found.
#[inline]
pub(super) fn record_separated(
    call: &Call,
    mut trace: Option<&mut ManifoldTrace>,
    separation: f32,
    normal: Vec2,
    source: NormalSource,
) {
    trace.record(|t| {
        t.separation = Some(separation);
        t.normal_source = Some(source);
        if normal != Vec2::ZERO {
            t.normal = Some(call.world_normal(normal));
        }
    });
}
