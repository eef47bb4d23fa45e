//! The general ray cast, for any shape with a support map: Gino van den Bergen's
//! GJK ray cast ("Ray Casting against General Convex Objects with Application to
//! Continuous Collision Detection", 2004) — conservative advancement of the point
//! `x = o + λ·d` along the ray, with a GJK simplex of the shape's core points. It is
//! what parry's `ray_toi_with_support_map` runs, and what Box2D's `b2ShapeCast` does
//! with a point as the second shape (Box2D's ray cast against a rounded polygon).
//!
//! ## Derivation
//! Keep a simplex `P` (1 to 3 core points). Each iteration:
//! 1. Reduce `P` to the feature nearest `x` (GJK's Solve2/Solve3 on the points
//!    `x − p`), giving the closest point `c` and `v = x − c`. A triangle around `x`:
//!    `x` is in the core. `|v| ≤ r + ε`: `x` is in the shape to within the tolerance
//!    ε — stop: a hit at λ (or, at λ = 0, an origin in the shape).
//! 2. Take the core's support point `p` along `v̂` (towards `x`). The shape's support
//!    line along `v̂` is `v̂·y = v̂·p + r`: the whole shape lies behind it. `x` lies in
//!    front of it by `gap = v̂·(x − p) − r`.
//! 3. If `gap > 0` the line separates `x` from the shape. If the ray runs parallel to
//!    it or away (`v̂·d ≥ 0`) it never crosses it: a miss. Otherwise it crosses it at
//!    `λ' = λ + gap / (−v̂·d)`; no point of the ray before `λ'` can be in the shape (it
//!    is in front of the line): advance `λ` to `λ'` (past the ray's end: a miss). The
//!    line's normal `v̂` is the normal at the hit if the march stops there.
//! 4. Add `p` to `P`. If `p` is already in `P` and nothing advanced, the distance
//!    cannot shrink any further: a hit here (rounding has stopped the march within a
//!    few ulps of the surface).
//!
//! Every advance is safe, so the march never passes the surface; the distance
//! `|v|` from `x` to the core shrinks to `r` (a face is reached in one advance, its
//! plane being the last support line; an arc to within ε, converging fast except for
//! a ray that grazes it). The radius enters only through the support line's offset,
//! so a rounded shape costs no more than its core. When the march stops on a rounded
//! corner, the last gap (under ε) is closed exactly on that corner's circle
//! (`Marcher::polish`).
//!
//! ## An origin in the shape
//! When the march stops at λ = 0 the origin is in the shape (to within ε). Two more
//! marches then tell where the line leaves and enters it, as parry's `solid = false`
//! does: the ray reversed from its end (`GjkMarch::Exit`: the exit is the end minus
//! that march's λ; none if the end is in the shape too) and the line from beyond the
//! bounding disc behind the origin (`GjkMarch::Entry`). With the lengths along the
//! ray measured against ε:
//! - the ray leaves within ε: the origin is on the boundary and the ray leaves at
//!   once: a miss;
//! - the line enters within ε of the origin: on the boundary, running in: a hit at 0,
//!   with the entry march's normal and feature;
//! - otherwise the origin is inside: no hit, the exit fraction.

use super::local::LocalRay;
use super::trace::{GjkMarch, GjkRayStep, GjkRayStop};
use super::types::{RayCastOutput, RayFeature, RayStatus};
use crate::core::consts::{RAY_GJK_TOLERANCE, RAY_REACH_MARGIN};
use crate::core::gjk::{search_direction, Simplex, SimplexVertex};
use crate::core::math::{cross, Transform};
use crate::core::shape::{support_index, Shape};
use glam::Vec2;

/// One march: a ray `o + λ·d`, λ ∈ [0, end], against the shape.
struct Marcher<'s> {
    shape: &'s Shape,
    which: GjkMarch,
    o: Vec2,
    d: Vec2,
    end: f32,
    tol: f32,
    lambda: f32,
    x: Vec2,
    simplex: Simplex,
    /// The last support line's normal the march advanced to, and the last direction
    /// from the simplex towards `x`.
    plane: Option<Vec2>,
    towards: Option<Vec2>,
    iterations: u32,
    /// What the current iteration found, for the trace.
    info: StepInfo,
}

/// The support point, gap and advance of one iteration (each when computed).
#[derive(Clone, Copy, Default)]
struct StepInfo {
    support: Option<usize>,
    gap: Option<f32>,
    advanced_to: Option<f32>,
}

/// How a march ended.
struct Marched {
    lambda: f32,
    stop: GjkRayStop,
    normal: Vec2,
    feature: RayFeature,
    iterations: u32,
}

impl Marched {
    /// The march stopped on the shape (at λ, which may be 0).
    fn on_shape(&self) -> bool {
        matches!(
            self.stop,
            GjkRayStop::Converged | GjkRayStop::Enclosed | GjkRayStop::Stalled
        )
    }
}

/// The trace's GJK list and the shape's pose, when tracing.
type Recorder<'t> = Option<(&'t mut Vec<GjkRayStep>, Transform)>;

/// The GJK ray cast of a (moving) ray.
pub(super) fn ray_gjk(ray: &LocalRay, mut rec: Option<&mut Vec<GjkRayStep>>) -> RayCastOutput {
    let shape = ray.input.shape;
    let xf = ray.input.transform;
    let tol = RAY_GJK_TOLERANCE * (shape.bounding_radius() + ray.origin.length());
    let max = ray.input.max_iterations.max(1);
    let (o, d) = (ray.origin, ray.translation);
    let fwd = march(
        shape,
        GjkMarch::Forward,
        o,
        d,
        ray.end,
        tol,
        max,
        rec.as_deref_mut().map(|r| (r, xf)),
    );
    let mut out = match fwd.stop {
        GjkRayStop::MovingAway | GjkRayStop::PastEnd => ray.missed(),
        GjkRayStop::MaxIterations => ray.stopped(fwd.lambda, RayStatus::MaxIterations),
        _ if fwd.lambda > 0.0 => ray.hit(fwd.lambda, fwd.feature, fwd.normal, None),
        _ => return in_shape(ray, tol, max, fwd.iterations, rec.map(|r| (r, xf))),
    };
    out.iterations = fwd.iterations;
    out
}

/// The forward march stopped at λ = 0: inside, or on the boundary (see the module
/// docs). `spent`: iterations so far.
fn in_shape(ray: &LocalRay, tol: f32, max: u32, spent: u32, mut rec: Recorder) -> RayCastOutput {
    let shape = ray.input.shape;
    let (o, d, end) = (ray.origin, ray.translation, ray.end);
    let mut iterations = spent;
    // Where the ray leaves: reversed from its end.
    let exit = if end > 0.0 {
        let back = march(
            shape,
            GjkMarch::Exit,
            ray.at(end),
            -d,
            end,
            tol,
            max,
            reborrow(&mut rec),
        );
        iterations += back.iterations;
        match back.stop {
            _ if back.on_shape() && back.lambda == 0.0 => None,
            GjkRayStop::MovingAway | GjkRayStop::PastEnd => Some(0.0),
            _ => Some(end - back.lambda),
        }
    } else {
        Some(0.0)
    };
    let along = |f: f32| f * ray.length;
    let mut out = if exit.is_some_and(|x| along(x) <= tol) {
        ray.missed()
    } else {
        // Where the line enters: from beyond the bounding disc behind the origin. The
        // entry is at most `behind` (the origin is in the shape); the march may go
        // up to twice as far so that rounding at the origin does not end it.
        let behind = (o.length() + shape.bounding_radius()) / ray.length * (1.0 + RAY_REACH_MARGIN);
        let entry = march(
            shape,
            GjkMarch::Entry,
            o - behind * d,
            d,
            2.0 * behind,
            tol,
            max,
            rec,
        );
        iterations += entry.iterations;
        // Off the shape (only rounding at an origin on the boundary can do that) or
        // entering within the tolerance of the origin: on the boundary, running in.
        if !entry.on_shape() || along(entry.lambda - behind) >= -tol {
            ray.hit(0.0, entry.feature, entry.normal, None)
        } else {
            ray.inside(exit)
        }
    };
    out.iterations = iterations;
    out
}

fn reborrow<'a>(rec: &'a mut Recorder) -> Recorder<'a> {
    rec.as_mut().map(|(r, xf)| (&mut **r, *xf))
}

/// Marches the ray `o + λ·d`, λ ∈ [0, end], onto the shape.
#[allow(clippy::too_many_arguments)]
fn march(
    shape: &Shape,
    which: GjkMarch,
    o: Vec2,
    d: Vec2,
    end: f32,
    tol: f32,
    max_iterations: u32,
    mut rec: Recorder,
) -> Marched {
    // Start from the core point facing the ray's origin (parry's choice).
    let first = support_index(shape.vertices(), -d);
    let mut m = Marcher {
        shape,
        which,
        o,
        d,
        end,
        tol,
        lambda: 0.0,
        x: o,
        simplex: Simplex::default(),
        plane: None,
        towards: None,
        iterations: 0,
        info: StepInfo::default(),
    };
    m.push(first);
    let stop = loop {
        if let Some(stop) = m.step(max_iterations, rec.as_mut().map(|(r, xf)| (&mut **r, *xf))) {
            break stop;
        }
    };
    let mut feature = feature_of(shape, &m.simplex, m.normal());
    if shape.radius() == 0.0 && m.lambda > 0.0 {
        // Stopped on an edge of a sharp shape: the edge's own normal. The last
        // support line may be a corner's, nearly parallel to the edge, which a
        // grazing ray meets far from the corner, within the tolerance of the edge.
        if let RayFeature::Edge(i) | RayFeature::Side(i) = feature {
            m.plane = Some(shape.normals()[i]);
        }
    }
    if stop == GjkRayStop::Converged && m.lambda > 0.0 {
        if let Some((lambda, flat)) = m.polish() {
            if let Some(edge) = flat {
                feature = match shape.vertices().len() {
                    2 => RayFeature::Side(edge),
                    _ => RayFeature::Edge(edge),
                };
            }
            if let Some(last) = rec.and_then(|(r, _)| r.last_mut()) {
                last.polished_to = Some(lambda);
            }
        }
    }
    Marched {
        lambda: m.lambda,
        stop,
        normal: m.normal(),
        feature,
        iterations: m.iterations,
    }
}

impl Marcher<'_> {
    fn push(&mut self, index: usize) {
        let p = self.shape.vertices()[index];
        self.simplex.v[self.simplex.count] = SimplexVertex {
            w_a: p,
            w_b: self.x,
            w: self.x - p,
            a: 1.0,
            index_a: index as u8,
            index_b: 0,
        };
        self.simplex.count += 1;
    }

    /// The last gap, closed exactly on a rounded corner: when the march stops within
    /// the tolerance of the arc of one core vertex `c` (a one-point simplex, radius
    /// `r > 0`), the rest is a ray against the circle `(c, r)`, solved as in
    /// `circle.rs`. The circle is the surface only over the corner's normal cone
    /// (from the normal of the edge before `c` to the normal of the edge after it,
    /// counter-clockwise): when the circle's entry falls outside the cone, the ray
    /// meets the neighbouring edge's flat piece there (the march, within the
    /// tolerance, could not tell them apart), and the gap is closed on that piece's
    /// line instead. Either piece lies in the shape and the march stopped before the
    /// shape, so the step lands on the true entry.
    ///
    /// Without it a ray grazing a small corner keeps the tolerance's distance, which
    /// along a glancing ray is long, and a normal turned by it. Returns the new λ and,
    /// when the gap was closed on a flat piece, its edge.
    fn polish(&mut self) -> Option<(f32, Option<usize>)> {
        let r = self.shape.radius();
        if r == 0.0 || self.simplex.count != 1 {
            return None;
        }
        let i = self.simplex.v[0].index_a as usize;
        let c = self.simplex.v[0].w_a;
        let length = self.d.length();
        let u = self.d / length;
        let s = self.x - c;
        let t_star = -s.dot(u);
        let closest = s + t_star * u;
        let cc = closest.length_squared();
        if cc > r * r {
            // The line passes the circle within the tolerance: keep the march's point.
            return None;
        }
        let t_in = t_star - (r * r - cc).sqrt();
        let n = (s + t_in * u).try_normalize()?;
        let flat = self.outside_cone(i, n);
        let (step, normal) = match flat {
            None => (t_in / length, n),
            Some(edge) => {
                // Across edge `edge`'s flat piece: n·(x + t·d − v) = r.
                let ne = self.shape.normals()[edge];
                let v = self.shape.vertices()[edge];
                let closing = -ne.dot(self.d);
                if closing <= 0.0 {
                    return None;
                }
                ((ne.dot(self.x - v) - r).max(0.0) / closing, ne)
            }
        };
        if step.is_nan() || step < 0.0 || self.lambda + step > self.end {
            return None;
        }
        self.lambda += step;
        self.x = self.o + self.lambda * self.d;
        self.towards = Some(normal);
        Some((self.lambda, flat))
    }

    /// The edge whose flat piece the direction `n` from core vertex `i` points into,
    /// if it leaves the vertex's normal cone (`None`: on the arc).
    fn outside_cone(&self, i: usize, n: Vec2) -> Option<usize> {
        let normals = self.shape.normals();
        let count = normals.len();
        if count == 0 {
            return None;
        }
        let (before, after) = ((i + count - 1) % count, i);
        if cross(normals[after], n) > 0.0 {
            Some(after)
        } else if cross(n, normals[before]) > 0.0 {
            Some(before)
        } else {
            None
        }
    }

    /// The normal at the stop: the direction from the core towards `x` on a rounded
    /// shape (there `|v| ≈ r`, a well-defined direction), the last support line's on
    /// a sharp one (there `|v| ≈ 0`); facing the ray when neither exists.
    fn normal(&self) -> Vec2 {
        let (first, second) = if self.shape.radius() > 0.0 {
            (self.towards, self.plane)
        } else {
            (self.plane, self.towards)
        };
        first.or(second).unwrap_or(-self.d.normalize_or_zero())
    }

    /// One iteration; `Some` when the march stops.
    fn step(&mut self, max_iterations: u32, rec: Recorder) -> Option<GjkRayStop> {
        // The simplex seen from the current x; its indices as it enters (a support
        // point just dropped by the solve still counts as a repeat).
        let count = self.simplex.count;
        let mut entering = [u8::MAX; 3];
        for (k, sv) in self.simplex.v[..count].iter_mut().enumerate() {
            sv.w_b = self.x;
            sv.w = self.x - sv.w_a;
            entering[k] = sv.index_a;
        }
        self.simplex.solve();
        let record = rec.as_ref().map(|(_, xf)| self.record(xf));
        self.info = StepInfo::default();
        let stop = self.decide(&entering, max_iterations);
        if let (Some((list, xf)), Some(mut r)) = (rec, record) {
            let vertices = self.shape.vertices();
            r.support_index = self.info.support;
            r.support = self.info.support.map(|i| xf.apply(vertices[i]));
            r.gap = self.info.gap;
            r.advanced_to = self.info.advanced_to;
            r.stop = stop;
            list.push(r);
        }
        stop
    }

    /// Steps 1 to 4 of the module docs on the solved simplex.
    fn decide(&mut self, entering: &[u8; 3], max_iterations: u32) -> Option<GjkRayStop> {
        if self.simplex.count == 3 {
            return Some(GjkRayStop::Enclosed);
        }
        let (dir, dist) = search_direction(&self.simplex);
        let r = self.shape.radius();
        self.towards = (-dir).try_normalize();
        let towards = match self.towards {
            Some(t) if dist > r + self.tol => t,
            _ => return Some(GjkRayStop::Converged),
        };
        if self.iterations >= max_iterations {
            return Some(GjkRayStop::MaxIterations);
        }
        let index = support_index(self.shape.vertices(), towards);
        let p = self.shape.vertices()[index];
        self.iterations += 1;
        let gap = towards.dot(self.x - p) - r;
        self.info.support = Some(index);
        self.info.gap = Some(gap);
        if gap > 0.0 {
            let closing = -towards.dot(self.d);
            if closing <= 0.0 {
                return Some(GjkRayStop::MovingAway);
            }
            let next = self.lambda + gap / closing;
            if next > self.end {
                return Some(GjkRayStop::PastEnd);
            }
            self.lambda = next;
            self.x = self.o + next * self.d;
            self.plane = Some(towards);
            self.info.advanced_to = Some(next);
        }
        if entering.contains(&(index as u8)) {
            return self
                .info
                .advanced_to
                .is_none()
                .then_some(GjkRayStop::Stalled);
        }
        self.push(index);
        None
    }

    /// The record of the state after the solve, before the support point (world).
    fn record(&self, xf: &Transform) -> GjkRayStep {
        let s = &self.simplex;
        let enclosed = s.count == 3;
        let (dir, dist) = search_direction(s);
        let direction = (!enclosed).then(|| (-dir).try_normalize()).flatten();
        let closest = if enclosed {
            self.x
        } else {
            self.x - s.closest_point()
        };
        GjkRayStep {
            march: self.which,
            iteration: self.iterations,
            lambda: self.lambda,
            point: xf.apply(self.x),
            simplex: s.vertices().iter().map(|v| xf.apply(v.w_a)).collect(),
            indices: s.vertices().iter().map(|v| v.index_a as usize).collect(),
            closest: xf.apply(closest),
            distance: if enclosed { 0.0 } else { dist },
            direction: direction.map(|t| xf.q.apply(t)),
            support: None,
            support_index: None,
            gap: None,
            advanced_to: None,
            stop: None,
            polished_to: None,
        }
    }
}

/// The feature under the final simplex: its vertex, its edge, or (a triangle, or a
/// chord of the core) the edge whose normal is nearest `normal`.
fn feature_of(shape: &Shape, simplex: &Simplex, normal: Vec2) -> RayFeature {
    let (n, rounded) = (shape.vertices().len(), shape.radius() > 0.0);
    let normals = shape.normals();
    let best_edge = || {
        (0..normals.len())
            .max_by(|&i, &j| normals[i].dot(normal).total_cmp(&normals[j].dot(normal)))
            .unwrap_or(0)
    };
    if n == 1 {
        return RayFeature::Circle;
    }
    if n == 2 && simplex.count >= 2 {
        return RayFeature::Side(usize::from(normals[0].dot(normal) < 0.0));
    }
    let idx = |k: usize| simplex.v[k].index_a as usize;
    match simplex.count {
        1 if n == 2 && rounded => RayFeature::Cap(idx(0)),
        1 => RayFeature::Vertex(idx(0)),
        2 if idx(1) == (idx(0) + 1) % n => RayFeature::Edge(idx(0)),
        2 if idx(0) == (idx(1) + 1) % n => RayFeature::Edge(idx(1)),
        _ => RayFeature::Edge(best_edge()),
    }
}

#[cfg(test)]
mod tests {
    use crate::core::math::Transform;
    use crate::core::raycast::{
        ray_cast, ray_cast_gjk, GjkMarch, GjkRayStop, RayCastInput, RayFeature, RayInput,
        RayStatus, RayTrace,
    };
    use crate::core::shape::{Geometry, Shape};
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn a_face_is_reached_in_one_advance() {
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let mut trace = RayTrace::default();
        let input = RayCastInput::new(
            &b,
            Transform::IDENTITY,
            RayInput::new(v(-3.0, 0.5), v(4.0, 0.0)),
        );
        let out = ray_cast_gjk(&input, Some(&mut trace));
        assert_eq!((out.status, out.fraction), (RayStatus::Hit, 0.5));
        assert_eq!(
            (out.feature, out.normal),
            (RayFeature::Edge(3), v(-1.0, 0.0))
        );
        // The march's λ never decreases and never passes the hit; the last step stops.
        let steps: Vec<_> = trace.march(GjkMarch::Forward).collect();
        assert!(steps.windows(2).all(|w| w[0].lambda <= w[1].lambda));
        assert!(steps.iter().all(|s| s.lambda <= 0.5));
        assert_eq!(steps.last().unwrap().stop, Some(GjkRayStop::Converged));
        assert_eq!(
            out.iterations as usize,
            steps.iter().filter(|s| s.gap.is_some()).count()
        );
        assert!(out.iterations <= 4, "{out:?}");
    }

    #[test]
    fn a_rounded_corner_converges_to_the_arc() {
        let b = Shape::new(Geometry::Box {
            half_extents: v(1.0, 1.0),
            radius: 0.5,
        })
        .unwrap();
        let input = RayCastInput::new(
            &b,
            Transform::new(v(2.0, 1.0), 0.4),
            RayInput::new(v(3.3, 4.0), v(0.0, -2.0)),
        );
        let exact = ray_cast(&input, None);
        let gjk = ray_cast_gjk(&input, None);
        assert_eq!(exact.feature, gjk.feature);
        assert!(
            (exact.fraction - gjk.fraction).abs() < 1e-5,
            "{exact:?} {gjk:?}"
        );
        assert!(
            (exact.normal - gjk.normal).length() < 1e-3,
            "{exact:?} {gjk:?}"
        );
    }

    #[test]
    fn misses_say_how() {
        let c = Shape::circle(1.0).unwrap();
        let mut trace = RayTrace::default();
        let away = RayCastInput::new(
            &c,
            Transform::IDENTITY,
            RayInput::new(v(-3.0, 0.0), v(-1.0, 0.0)),
        );
        assert_eq!(
            ray_cast_gjk(&away, Some(&mut trace)).status,
            RayStatus::Missed
        );
        assert_eq!(trace.gjk.last().unwrap().stop, Some(GjkRayStop::MovingAway));
        let short = RayCastInput::new(
            &c,
            Transform::IDENTITY,
            RayInput::new(v(-3.0, 0.0), v(1.0, 0.0)),
        );
        assert_eq!(
            ray_cast_gjk(&short, Some(&mut trace)).status,
            RayStatus::Missed
        );
        assert_eq!(trace.gjk.last().unwrap().stop, Some(GjkRayStop::PastEnd));
    }

    #[test]
    fn the_iteration_bound_gives_a_conservative_fraction() {
        let c = Shape::circle(1.0).unwrap();
        let mut input = RayCastInput::new(
            &c,
            Transform::IDENTITY,
            RayInput::new(v(-3.0, 1.0), v(6.0, 0.0)),
        );
        input.max_iterations = 2;
        let out = ray_cast_gjk(&input, None);
        assert_eq!(out.status, RayStatus::MaxIterations);
        assert!(
            !out.hit && out.fraction < 0.5 && out.iterations == 2,
            "{out:?}"
        );
    }

    #[test]
    fn inside_runs_the_exit_and_entry_marches() {
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let mut trace = RayTrace::default();
        let input = RayCastInput::new(
            &b,
            Transform::new(v(5.0, 5.0), 1.0),
            RayInput::new(v(5.0, 5.0), v(4.0, 0.0)),
        );
        let out = ray_cast_gjk(&input, Some(&mut trace));
        assert_eq!(out.status, RayStatus::Inside);
        let exact = ray_cast(&input, None);
        assert!((out.exit_fraction.unwrap() - exact.exit_fraction.unwrap()).abs() < 1e-5);
        assert!(trace.march(GjkMarch::Exit).count() > 0);
        assert!(trace.march(GjkMarch::Entry).count() > 0);
        assert_eq!(
            out.iterations as usize,
            trace.gjk.iter().filter(|s| s.gap.is_some()).count()
        );
    }

    #[test]
    fn every_kind_of_core() {
        // One vertex, two, many; sharp and rounded: the feature names follow the core.
        let cases = [
            (Shape::circle(1.0).unwrap(), RayFeature::Circle),
            (
                Shape::capsule(v(0.0, -1.0), v(0.0, 1.0), 0.5).unwrap(),
                RayFeature::Side(1),
            ),
            (
                Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.5).unwrap(),
                RayFeature::Cap(0),
            ),
            (
                Shape::segment(v(0.0, -1.0), v(0.0, 1.0)).unwrap(),
                RayFeature::Side(1),
            ),
        ];
        for (s, feature) in cases {
            let input = RayCastInput::new(
                &s,
                Transform::IDENTITY,
                RayInput::new(v(-3.0, 0.0), v(4.0, 0.0)),
            );
            let exact = ray_cast(&input, None);
            let gjk = ray_cast_gjk(&input, None);
            assert_eq!((exact.feature, gjk.feature), (feature, feature), "{s:?}");
            assert!((exact.fraction - gjk.fraction).abs() < 1e-6);
        }
    }
}
