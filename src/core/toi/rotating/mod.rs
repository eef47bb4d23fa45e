//! Time of impact of two shapes that move **and turn** over the step, as Box2D v3's
//! `b2TimeOfImpact` computes it (conservative advancement with a root finder on a
//! separation function), made safe for fast spins.
//!
//! ## Motion
//! Over `t ∈ [0, 1]` a shape's pose is `position + t·velocity`, `angle + t·angular_velocity`
//! ([`Sweep`]), turning about its `position` (its local origin). The angle is
//! interpolated linearly, so a spin of ten turns in one step is ten turns (Box2D's
//! `b2Sweep` interpolates the rotation's cosine and sine instead, which cannot turn more
//! than half a turn in a step).
//!
//! ## Target
//! The query looks for the first `t` at which the cores are `target` apart: the sum of
//! the radii (the rounded surfaces touch), or linear slop for two sharp shapes (GJK
//! cannot tell touching from overlapping cores), within `±tolerance` (a quarter of
//! linear slop, Box2D's band) — [`ToiTarget::Touch`]. [`ToiTarget::Box2d`] aims, as
//! Box2D does, `max(slop, radii − slop)`: slop deeper.
//!
//! ## The method (Box2D's)
//! Outer loop at `t1` (starting at 0): GJK distance of the cores at `t1`. Overlapping:
//! `overlapped`. Within the band: `hit` at `t1`. Otherwise a **separation function** is
//! built from GJK's simplex ([`separation`]): an axis joining two points, or a face
//! normal of A or B. Inner loop (push-back): the pair of vertices deepest along the axis
//! at `t2` ([`SeparationFunction::find_min`]); if even that pair is beyond the band at
//! `t2`, nothing touches before `t2`; if it is in the band, `t1 = t2`; otherwise the
//! root of `s(t) = target` for that pair is found between `t1` and `t2` by alternating
//! bisection and false position (50 iterates at most), `t2` moves there, and the
//! deepest pair is looked for again.
//!
//! ## Why turning needs shorter intervals
//! With translation only, each vertex pair's separation along a fixed axis is linear in
//! `t`, so the deepest pair's separation is concave and a value above the band at both
//! ends of `[t1, t2]` is above it in between: Box2D's argument. Turning bends each
//! pair's separation: its second derivative is at most
//! `K = 2·|Δv|·Ω + R·Ω²` (`Ω = |ωA| + |ωB|`, `Δv` the relative velocity, `R` a bound on
//! the distance between any two vertices over the step), so between its ends it dips
//! at most `K·h²/8` below the chord over an interval of length `h`. Intervals are cut
//! to `h = √(4·tolerance / K)`, where that dip is at most half the band — unless
//! conservative advancement proves a longer one free: the cores cannot close faster
//! than `V = |Δv| + |ωA|·ρA + |ωB|·ρB` (`ρ` the core's reach from its centre), so from
//! distance `d` nothing touches before `(d − target) / V`. Without rotation `K = 0`
//! and this is exactly Box2D's method; with a fast spin it steps through the turns
//! instead of judging the whole step by its end (where Box2D reports "separated" for a
//! bar that swept through a box on the way).
//!
//! ## Output
//! Box2D's states ([`ToiTermination`]): `hit` (with `t`, the contact point and normal),
//! `separated` (nothing touches up to `t_max`), `overlapped` (already at `t = 0`),
//! `failed` (the root finder or the iteration bound gave up; `t` is where it stood).

mod separation;
mod trace;

pub use self::separation::{SeparationFunction, SeparationKind};
pub use self::trace::{PushBack, RootStep, RotatingToiTrace, ToiIteration};

use self::separation::{Motion, Poses};
use crate::core::consts::{
    LINEAR_SLOP, MAX_POLYGON_VERTICES, ROTATING_TOI_MAX_ITERATIONS, TOI_ROOT_ITERATIONS,
};
use crate::core::gjk::{
    core_distance, shape_distance, CoreDistance, DistanceInput, LocalPair, Simplex, SimplexCache,
};
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::record::Record;
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// A shape's motion over the step: centre and angle at `t = 0` and `t = 1`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sweep {
    pub c1: Vec2,
    pub c2: Vec2,
    pub a1: f32,
    pub a2: f32,
}

impl Sweep {
    /// From a pose and its velocities (per unit time).
    pub fn new(position: Vec2, angle: f32, velocity: Vec2, angular_velocity: f32) -> Sweep {
        Sweep {
            c1: position,
            c2: position + velocity,
            a1: angle,
            a2: angle + angular_velocity,
        }
    }

    /// The pose at time `t`.
    #[inline]
    pub fn transform(&self, t: f32) -> Transform {
        Transform::new(
            self.c1 + t * (self.c2 - self.c1),
            self.a1 + t * (self.a2 - self.a1),
        )
    }

    fn velocity(&self) -> Vec2 {
        self.c2 - self.c1
    }

    fn omega(&self) -> f32 {
        self.a2 - self.a1
    }
}

/// What "touching" means for the query (module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ToiTarget {
    /// Cores `radii` apart (slop for two sharp shapes).
    #[default]
    Touch,
    /// Box2D's `max(slop, radii − slop)`.
    Box2d,
}

impl ToiTarget {
    /// The core distance aimed at, for radii summing to `radii`.
    pub fn distance(self, radii: f32) -> f32 {
        match self {
            ToiTarget::Touch => radii.max(LINEAR_SLOP),
            ToiTarget::Box2d => (radii - LINEAR_SLOP).max(LINEAR_SLOP),
        }
    }
}

/// Input of [`time_of_impact`].
#[derive(Clone, Copy, Debug)]
pub struct RotatingToiInput<'a> {
    pub shape_a: &'a Shape,
    pub sweep_a: Sweep,
    pub shape_b: &'a Shape,
    pub sweep_b: Sweep,
    /// End of the interval searched (1 for the whole step).
    pub t_max: f32,
    pub target: ToiTarget,
}

/// How the query ended (Box2D's `b2TOIState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ToiTermination {
    Failed,
    Overlapped,
    Hit,
    Separated,
}

impl ToiTermination {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Output of [`time_of_impact`]. World space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RotatingToiOutput {
    #[serde(rename = "state")]
    pub termination: ToiTermination,
    /// First time the cores are within the band of the target (`hit`); `t_max` when
    /// `separated`; where the query stood otherwise.
    pub t: f32,
    /// Midpoint of the two surfaces at `t` and the normal from A to B (`hit` only).
    pub point: Vec2,
    pub normal: Vec2,
    /// Outer iterations (GJK distances), push-backs and root-finder iterates.
    pub iterations: u32,
    pub push_iterations: u32,
    pub root_iterations: u32,
    pub target: f32,
    pub tolerance: f32,
}

/// The bounds of the module docs for this pair: the longest interval over which the
/// separation's dip stays within half the band, and the fastest closing speed.
struct Bounds {
    interval: f32,
    speed: f32,
}

fn bounds(input: &RotatingToiInput, tolerance: f32) -> Bounds {
    let (sa, sb) = (&input.sweep_a, &input.sweep_b);
    let reach = |s: &Shape| (s.bounding_radius() - s.radius()).max(0.0);
    let (ra, rb) = (reach(input.shape_a), reach(input.shape_b));
    let dv = (sb.velocity() - sa.velocity()).length();
    // A core of reach 0 (a circle about its centre) looks the same at every angle:
    // its spin bends nothing and is left out.
    let spin = |w: f32, reach: f32| if reach > 0.0 { w.abs() } else { 0.0 };
    let (wa, wb) = (spin(sa.omega(), ra), spin(sb.omega(), rb));
    let omega = wa + wb;
    let span = ra + rb + (sb.c1 - sa.c1).length() + dv;
    let k = 2.0 * dv * omega + span * omega * omega;
    Bounds {
        interval: if k > 0.0 {
            (4.0 * tolerance / k).sqrt()
        } else {
            f32::INFINITY
        },
        speed: dv + wa * ra + wb * rb,
    }
}

/// The rotating time of impact (module docs). `trace`, when given, is cleared and
/// filled.
pub fn time_of_impact(
    input: &RotatingToiInput,
    mut trace: Option<&mut RotatingToiTrace>,
) -> RotatingToiOutput {
    let radii = input.shape_a.radius() + input.shape_b.radius();
    let target = input.target.distance(radii);
    let tolerance = 0.25 * LINEAR_SLOP;
    let bounds = bounds(input, tolerance);
    trace.record(|t| {
        *t = RotatingToiTrace {
            target,
            tolerance,
            max_interval: bounds.interval,
            iterations: Vec::new(),
        };
    });
    let mut out = RotatingToiOutput {
        termination: ToiTermination::Failed,
        t: 0.0,
        point: Vec2::ZERO,
        normal: Vec2::ZERO,
        iterations: 0,
        push_iterations: 0,
        root_iterations: 0,
        target,
        tolerance,
    };
    let finite = [input.sweep_a, input.sweep_b]
        .iter()
        .all(|s| s.c1.is_finite() && s.c2.is_finite() && s.a1.is_finite() && s.a2.is_finite());
    if !finite || !input.t_max.is_finite() {
        // Nothing to follow: a defined failure, not a loop on NaN.
        return out;
    }
    let m = Motion::new(input.shape_a, input.sweep_a, input.shape_b, input.sweep_b);
    let query = Query {
        m: &m,
        target,
        tolerance,
        bounds,
        t_max: input.t_max.clamp(0.0, 1.0),
    };
    query.run(&mut out, trace);
    out
}

/// The outer loop's fixed inputs.
struct Query<'a> {
    m: &'a Motion<'a>,
    target: f32,
    tolerance: f32,
    bounds: Bounds,
    t_max: f32,
}

impl Query<'_> {
    /// The outer loop (module docs): a GJK distance at `t1`, then a decision, until
    /// one ends the query or the iteration bound is reached.
    fn run(&self, out: &mut RotatingToiOutput, mut trace: Option<&mut RotatingToiTrace>) {
        let m = self.m;
        let mut cache = SimplexCache::default();
        // GJK's simplex, kept here from query to query (filled in place).
        let mut simplex = Simplex::default();
        let mut t1 = 0.0f32;
        // The poses at t1 (a push-back that moves t1 has them already).
        let mut at = m.at(t1);
        loop {
            let pair = LocalPair::new(&PosedPair::new(m.a, at.a, m.b, at.b));
            let d = core_distance(&pair, Some(&mut cache), 20, &at.a, None, &mut simplex);
            out.iterations += 1;
            out.t = t1;
            let mut record = trace.as_deref_mut().map(|_| {
                let (point_a, point_b) = d.world_points(&at.a);
                ToiIteration {
                    t1,
                    t_end: t1,
                    distance: d.core_distance,
                    point_a,
                    point_b,
                    function: None,
                    pushes: Vec::new(),
                }
            });
            let step = self.decide(t1, &at, d.core_distance, &cache, out, record.as_mut());
            if let Some(r) = record {
                trace.record(|t| t.iterations.push(r));
            }
            match step {
                Step::Done => return,
                Step::Hit => return self.hit(t1, &at, &d, &simplex, out),
                Step::Advance(t, poses) => (t1, at) = (t, poses),
            }
            if out.iterations >= ROTATING_TOI_MAX_ITERATIONS {
                // The bound: where the query stood, said as a failure.
                out.termination = ToiTermination::Failed;
                out.t = t1;
                return;
            }
        }
    }

    /// What the core distance `distance` at `t1` (poses `at`, GJK's `cache`) decides.
    fn decide(
        &self,
        t1: f32,
        at: &Poses,
        distance: f32,
        cache: &SimplexCache,
        out: &mut RotatingToiOutput,
        mut record: Option<&mut ToiIteration>,
    ) -> Step {
        let (target, tolerance, t_max) = (self.target, self.tolerance, self.t_max);
        if distance <= 0.0 {
            // Box2D gives up on overlapping cores; past t = 0 it means the root finder
            // overshot, which is a failure rather than a starting overlap.
            out.termination = if t1 == 0.0 {
                ToiTermination::Overlapped
            } else {
                ToiTermination::Failed
            };
            return Step::Done;
        }
        if distance <= target + tolerance {
            return Step::Hit;
        }
        if t1 >= t_max {
            // At the end of the step and still above the band: nothing touched. (A
            // separation function is a lower bound of the distance and may sit in the
            // band here while the distance does not; pushing back from t_max would
            // then go nowhere.)
            out.termination = ToiTermination::Separated;
            out.t = t_max;
            return Step::Done;
        }
        let b = &self.bounds;
        let t_end = t_max.min(t1 + b.interval.max((distance - target) / b.speed));
        if let Some(r) = record.as_deref_mut() {
            r.t_end = t_end;
        }
        let Some(f) = SeparationFunction::new(cache, self.m, at) else {
            out.termination = ToiTermination::Failed;
            return Step::Done;
        };
        if let Some(r) = record.as_deref_mut() {
            r.function = Some(f);
        }
        let s = Search {
            m: self.m,
            f: &f,
            at_t1: *at,
            target,
            tolerance,
        };
        s.push_back(t1, t_end, t_max, out, record)
    }

    /// A hit at `t1`: the midpoint of the two surfaces and the normal, from GJK's
    /// witness points on the cores `d` and its final `simplex` (poses `at`).
    fn hit(
        &self,
        t1: f32,
        at: &Poses,
        d: &CoreDistance,
        simplex: &Simplex,
        out: &mut RotatingToiOutput,
    ) {
        out.termination = ToiTermination::Hit;
        out.t = t1;
        let n = d.normal(simplex, &at.a).unwrap_or(Vec2::ZERO);
        let (point_a, point_b) = d.world_points(&at.a);
        let pa = point_a + self.m.a.radius() * n;
        let pb = point_b - self.m.b.radius() * n;
        out.point = 0.5 * (pa + pb);
        out.normal = n;
    }
}

/// `n + 1` samples `(t, s(t))` over `[from, to]` of the separation function `f`: the
/// deepest pair's separation along its axis at each time (what the push-back looks at;
/// a lower bound of the core distance), for plotting.
pub fn separation_curve(
    input: &RotatingToiInput,
    f: &SeparationFunction,
    from: f32,
    to: f32,
    n: usize,
) -> Vec<(f32, f32)> {
    let m = Motion::new(input.shape_a, input.sweep_a, input.shape_b, input.sweep_b);
    samples(from, to, n)
        .map(|t| (t, f.find_min(&m, &m.at(t)).0))
        .collect()
}

/// `n + 1` samples `(t, d(t))` of the core distance (GJK) over `[from, to]`, for
/// plotting beside [`separation_curve`].
pub fn distance_curve(input: &RotatingToiInput, from: f32, to: f32, n: usize) -> Vec<(f32, f32)> {
    samples(from, to, n)
        .map(|t| {
            let d = shape_distance(
                &DistanceInput {
                    pair: PosedPair::new(
                        input.shape_a,
                        input.sweep_a.transform(t),
                        input.shape_b,
                        input.sweep_b.transform(t),
                    ),
                    use_radii: false,
                    max_iterations: 20,
                },
                None,
                None,
            );
            (t, d.core_distance)
        })
        .collect()
}

/// `n + 1` evenly spaced times from `from` to `to` (at least the two ends).
fn samples(from: f32, to: f32, n: usize) -> impl Iterator<Item = f32> {
    let n = n.max(1);
    (0..=n).map(move |i| from + (to - from) * i as f32 / n as f32)
}

/// What an outer iteration decided.
enum Step {
    Done,
    /// A hit at `t1`, the iteration's start.
    Hit,
    /// The next iteration's start, and the poses then.
    Advance(f32, Poses),
}

/// The inner loop's fixed inputs.
struct Search<'a> {
    m: &'a Motion<'a>,
    f: &'a SeparationFunction,
    /// The poses at the iteration's start.
    at_t1: Poses,
    target: f32,
    tolerance: f32,
}

impl Search<'_> {
    /// The push-back loop from `t1` over `[t1, t_end]` (module docs).
    fn push_back(
        &self,
        t1: f32,
        t_end: f32,
        t_max: f32,
        out: &mut RotatingToiOutput,
        mut record: Option<&mut ToiIteration>,
    ) -> Step {
        let (target, tol) = (self.target, self.tolerance);
        let mut t2 = t_end;
        // The poses at t2: the root finder hands back those of the root it found.
        let mut at_t2 = self.m.at(t2);
        for _ in 0..MAX_POLYGON_VERTICES {
            out.push_iterations += 1;
            let (s2, ia, ib) = self.f.find_min(self.m, &at_t2);
            let mut push = PushBack {
                t2,
                s2,
                s1: None,
                index_a: ia,
                index_b: ib,
                roots: Vec::new(),
            };
            let decided = if s2 > target + tol {
                if t2 >= t_max {
                    out.termination = ToiTermination::Separated;
                    out.t = t_max;
                    Some(Step::Done)
                } else {
                    // Free up to t2: the next interval starts there.
                    Some(Step::Advance(t2, at_t2))
                }
            } else if s2 > target - tol {
                Some(Step::Advance(t2, at_t2))
            } else {
                let s1 = self.f.evaluate(self.m, &self.at_t1, ia, ib);
                push.s1 = Some(s1);
                if s1 < target - tol {
                    out.termination = ToiTermination::Failed;
                    out.t = t1;
                    Some(Step::Done)
                } else if s1 <= target + tol {
                    // Touching at t1 along this pair: t1 is the time of impact.
                    Some(Step::Hit)
                } else {
                    let roots = record.is_some().then(Vec::new);
                    let pair = (ia, ib);
                    let (t, at_t, n, steps) = self.root((t1, t2), (s1, s2), at_t2, pair, roots);
                    out.root_iterations += n;
                    push.roots = steps.unwrap_or_default();
                    (t2, at_t2) = (t, at_t);
                    None
                }
            };
            if let Some(r) = record.as_deref_mut() {
                r.pushes.push(push);
            }
            if let Some(step) = decided {
                return step;
            }
        }
        // Box2D's bound on push-backs (one per vertex): no progress from t1.
        Step::Advance(t1, self.at_t1)
    }

    /// The root of `s(t) = target` for the pair (`ia`, `ib`) in `[a1, a2]`, where
    /// `s(a1) = s1 > target > s2 = s(a2)`: Box2D's alternation of bisection (even
    /// iterates, guaranteed progress) and false position (odd, fast convergence).
    /// `at_a2`: the poses at `a2`. Returns the root (or the last iterate) and the
    /// poses there, the iterates made and their records.
    fn root(
        &self,
        (mut a1, mut a2): (f32, f32),
        (mut s1, mut s2): (f32, f32),
        at_a2: Poses,
        (ia, ib): (Option<usize>, Option<usize>),
        mut steps: Option<Vec<RootStep>>,
    ) -> (f32, Poses, u32, Option<Vec<RootStep>>) {
        let target = self.target;
        let (mut t, mut at) = (a2, at_a2);
        for k in 0..TOI_ROOT_ITERATIONS {
            let bisection = k % 2 == 0;
            t = if bisection {
                0.5 * (a1 + a2)
            } else {
                a1 + (target - s1) * (a2 - a1) / (s2 - s1)
            };
            at = self.m.at(t);
            let s = self.f.evaluate(self.m, &at, ia, ib);
            if let Some(v) = steps.as_mut() {
                v.push(RootStep {
                    a1,
                    a2,
                    t,
                    s,
                    bisection,
                });
            }
            if (s - target).abs() < self.tolerance {
                return (t, at, k + 1, steps);
            }
            if s > target {
                a1 = t;
                s1 = s;
            } else {
                a2 = t;
                s2 = s;
            }
        }
        (t, at, TOI_ROOT_ITERATIONS, steps)
    }
}

#[cfg(test)]
mod tests;
