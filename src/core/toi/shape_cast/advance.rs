//! The conservative-advancement loop: one distance query at a time `t` (in the
//! cast's frame, `frame.rs`), and what each query decides (a hit, a miss, or the next
//! safe advance). Everything here is in A's local frame with A fixed and B moving by
//! the relative velocity; the trace and the outputs turn it into world space.

use super::faces::{face_cache, FacePair};
use super::frame::{CastFrame, Probe};
use super::trace::{push_step, CastStep, CastTrace};
use super::{CastOutput, CastTermination};
use crate::core::gjk::{Simplex, SimplexCache};
use crate::core::math::cross;
use crate::core::record::Record;
use crate::core::shape::support_index;
use glam::Vec2;
use std::ops::ControlFlow;

/// What the loop carries from one distance query to the next (A's frame).
pub(super) struct Advance {
    /// The time of the next query; every time before it is proven free.
    pub(super) t: f32,
    /// Distance queries made.
    pub(super) iterations: u32,
    /// The warm start of the next query.
    cache: SimplexCache,
    /// The last normal and surface points, for the outputs.
    pub(super) last_normal: Vec2,
    /// Whether `last_normal` holds a direction found by the cast (a step or a face).
    have_normal: bool,
    pub(super) last_points: (Vec2, Vec2),
    /// The last separation that led to an advance, and its time.
    pub(super) last_distance: f32,
    pub(super) last_t: f32,
}

impl Advance {
    /// The state before the first query: its warm start, and its time when a face
    /// at the corners facing each other proves the shapes apart for a while.
    #[inline]
    pub(super) fn start(
        frame: &CastFrame,
        faces: &FacePair,
        mut trace: Option<&mut CastTrace>,
    ) -> Advance {
        let (b0, v) = (frame.b0, frame.v);
        // Start GJK from the support pair facing each other along the line between the
        // origins (or along the motion when they coincide) rather than from vertex 0:
        // the closest features are usually near it, which saves GJK iterations.
        let axis = if b0.p != Vec2::ZERO { b0.p } else { v };
        let mut cache = SimplexCache {
            count: 1,
            ..Default::default()
        };
        let (ia0, ib0) = (
            support_index(frame.va(), axis),
            support_index(frame.vb(), -axis),
        );
        cache.index_a[0] = ia0 as u8;
        cache.index_b[0] = ib0 as u8;
        let mut s = Advance {
            t: 0.0,
            iterations: 0,
            cache,
            last_normal: Vec2::X,
            have_normal: false,
            last_points: (Vec2::ZERO, b0.p),
            last_distance: f32::INFINITY,
            last_t: 0.0,
        };

        // Before any distance query: the faces at those two facing corners are
        // separating-axis candidates too (see `FacePair::bound`). When one proves the
        // shapes apart for a while (but not past the end of the step), the first query
        // is made there; for a face that is then hit, that query is the only one.
        if let Some(f) = faces.bound(ia0, ib0, Vec2::ZERO, v, frame.total_radius, frame.speed_eps) {
            let t1 = f.gap / f.closing_speed;
            if t1 <= 1.0 {
                s.t = t1;
                s.last_normal = f.axis;
                // Warm-start the query at t1 from the face against the nearest vertex.
                s.cache = face_cache(&f, frame.va(), frame.vb());
                trace.record(|tr| {
                    tr.start_face_step = Some(f.in_world(frame.input.pair.transform_a.q));
                    tr.start_time = t1;
                });
            }
        }
        s.have_normal = s.t > 0.0;
        s
    }

    /// One step of the loop: the query at `t`, then a hit, a miss, or the advance
    /// to the next safe time.
    #[inline]
    pub(super) fn step(
        &mut self,
        frame: &CastFrame,
        faces: &FacePair,
        mut trace: Option<&mut CastTrace>,
    ) -> ControlFlow<CastOutput> {
        let t = self.t;
        let probe = frame.probe(t, &self.cache, self.have_normal, self.last_normal);
        self.cache = cache_of(&probe.simplex);
        self.iterations += 1;
        let (d, normal) = (probe.d, probe.normal);
        // The trace record, built only when tracing.
        let mut step = trace
            .is_some()
            .then(|| CastStep::of_probe(frame, &probe, self.iterations, t));

        // At t = 0: the cores touch or overlap (no normal), or the surfaces do.
        if t == 0.0 && (normal.is_none() || d <= 0.0) {
            push_step(trace.as_deref_mut(), step, None, None);
            return ControlFlow::Break(self.initial_overlap(frame, &probe, trace));
        }
        // Without a normal (the cores touch after a step) the points are still the
        // contact; the normal is the previous step's.
        if let Some(n) = normal {
            self.last_normal = n;
            self.have_normal = true;
        }
        self.last_points = (probe.pa, probe.pb);
        let c = -frame.v.dot(self.last_normal);
        // Within the tolerance of touching (or, after a step, the cores touch: the
        // step landed exactly on the contact).
        let touching = normal.is_none() || d <= frame.tolerance;
        if touching && t == 0.0 && c <= frame.speed_eps {
            // Apart by less than the tolerance at t = 0 and not approaching: a miss
            // (the distance never shrinks), not an overlap.
            push_step(trace, step, Some(c), None);
            return ControlFlow::Break(self.miss(frame, CastTermination::MovingApart, d));
        }
        if touching {
            let mut t_hit = self.final_step(frame, &probe, c);
            // A graze: the closing speed along the normal is nearly zero, so the
            // linear step d/c runs past the point of closest approach, to where the
            // shapes are apart again (a rounded box grazing a point, `tests/fuzz.rs`,
            // would report a hit 9e-4 down the path where the gap is 7e-5, ten times
            // the tolerance). The surfaces were within the tolerance at `t`: keep `t`
            // unless they are still within it at the stepped time.
            if t_hit > t {
                let after = frame.probe(t_hit, &self.cache, true, self.last_normal);
                if after.d > frame.tolerance {
                    t_hit = t;
                }
            }
            push_step(trace.as_deref_mut(), step, Some(c), Some(t_hit - t));
            trace.record(|tr| {
                tr.set_impact(frame, t_hit);
            });
            return ControlFlow::Break(self.hit(frame, &probe, t_hit));
        }
        self.last_distance = d;
        self.last_t = t;
        // Not approaching along the normal: by convexity, never.
        if c <= frame.speed_eps {
            push_step(trace, step, Some(c), None);
            return ControlFlow::Break(self.miss(frame, CastTermination::MovingApart, d));
        }
        let dt = self.safe_advance(frame, faces, &probe, c, &mut step);
        if t + dt > 1.0 {
            push_step(trace, step, Some(c), None);
            return ControlFlow::Break(self.miss(frame, CastTermination::SeparatedAtEnd, d));
        }
        push_step(trace, step, Some(c), Some(dt));
        self.t += dt;
        ControlFlow::Continue(())
    }

    /// The time of impact when the surfaces are within the tolerance at `t`: the
    /// remaining gap closed by one linear step (conservative, see the module docs).
    #[inline]
    fn final_step(&self, frame: &CastFrame, probe: &Probe, c: f32) -> f32 {
        // The step trusts the closing speed `c`: from a one-point simplex (vertex against
        // vertex) the normal is the direction between two points `core_distance`
        // apart, good to ~ε·size/core_distance, so `c` is known to |v| times that.
        // Within that noise the shapes touch but may not approach: stay at `t`
        // (two points 1.5e-7 apart passing side by side would otherwise get a hit 7e-6
        // down the path, where they are apart and separating: `tests/fuzz.rs`).
        let (d, core_distance) = (probe.d, probe.core_distance);
        let noise = if probe.simplex.count == 1 && core_distance > 0.0 {
            frame.v.length() * 8.0 * f32::EPSILON * frame.size / core_distance
        } else {
            0.0
        };
        let dt = if d > 0.0 && c > frame.speed_eps.max(noise) {
            d / c
        } else {
            0.0
        };
        (self.t + dt).min(1.0)
    }

    /// The next safe advance from `t` (closing speed `c` > 0): CA's step, and when
    /// the closest features are two vertices, the separating-axis bound of the faces
    /// that meet there (see `FacePair::bound`), if longer. A face step becomes the
    /// fallback normal and the next warm start, and is noted in the trace `step`.
    #[inline]
    fn safe_advance(
        &mut self,
        frame: &CastFrame,
        faces: &FacePair,
        probe: &Probe,
        c: f32,
        step: &mut Option<CastStep>,
    ) -> f32 {
        let mut dt = probe.d / c;
        if probe.simplex.count == 1 {
            let (ia, ib) = (
                probe.simplex.v[0].index_a as usize,
                probe.simplex.v[0].index_b as usize,
            );
            let (v, r) = (frame.v, frame.total_radius);
            if let Some(f) = faces.bound(ia, ib, v * self.t, v, r, frame.speed_eps) {
                let face_dt = f.gap / f.closing_speed;
                if face_dt > dt {
                    // The face's axis is the contact normal if the shapes touch there:
                    // the fallback if the next pose has the cores exactly touching.
                    dt = face_dt;
                    self.last_normal = f.axis;
                    self.cache = face_cache(&f, frame.va(), frame.vb());
                    if let Some(st) = step.as_mut() {
                        st.face_step = Some(f.in_world(frame.input.pair.transform_a.q));
                    }
                }
            }
        }
        dt
    }
}

/// The warm-start cache of a simplex (as `b2Simplex::WriteCache` does): vertex
/// indices and the metric (length of a segment, twice the signed area of a triangle).
fn cache_of(simplex: &Simplex) -> SimplexCache {
    let v = &simplex.v;
    let mut c = SimplexCache {
        count: simplex.count as u8,
        metric: match simplex.count {
            2 => v[0].w.distance(v[1].w),
            3 => cross(v[1].w - v[0].w, v[2].w - v[0].w),
            _ => 0.0,
        },
        ..Default::default()
    };
    for (i, w) in v.iter().take(simplex.count.min(3)).enumerate() {
        c.index_a[i] = w.index_a;
        c.index_b[i] = w.index_b;
    }
    c
}
