//! How a cast ends: the output for a hit, a miss, the step bound, and shapes that
//! already touch at t = 0 (EPA's depth and normal). Built from the loop's last
//! query (A's frame) and returned in world space.

use super::advance::Advance;
use super::frame::{CastFrame, Probe};
use super::trace::CastTrace;
use super::{CastOutput, CastTermination};
use crate::core::consts::{DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_EPA_TOLERANCE};
use crate::core::epa::{penetration, PenetrationInput};
use crate::core::pair::PosedPair;
use crate::core::record::Record;
use glam::Vec2;

impl Advance {
    /// A hit at `t_hit`, from the query `probe` at `t` (within the tolerance).
    pub(super) fn hit(&self, frame: &CastFrame, probe: &Probe, t_hit: f32) -> CastOutput {
        let (t, v) = (self.t, frame.v);
        let (ca, cb) = (probe.ca, probe.cb);
        // Between two rounded corners (a one-point simplex, cores `r` apart) the
        // normal turns as B slides by `v·dt`: take it from the two core points at
        // the impact. (For a face it does not turn; between sharp corners the
        // cores are too close for the direction to mean anything.)
        let mut n_hit = self.last_normal;
        if probe.simplex.count == 1 && frame.total_radius > frame.tolerance {
            if let Some(n) = (cb + v * (t_hit - t) - ca).try_normalize() {
                n_hit = n;
            }
        }
        let (ra, rb) = (frame.ra, frame.rb);
        let point = 0.5 * ((ca + ra * n_hit) + (cb + v * (t_hit - t) - rb * n_hit));
        CastOutput {
            hit: true,
            t: t_hit,
            point: frame.world_point(point, t_hit),
            normal: frame.input.pair.transform_a.q.apply(n_hit),
            distance: probe.d.max(0.0),
            iterations: self.iterations,
            termination: CastTermination::Hit,
        }
    }

    /// A miss proven at the pose of time `t`, surface separation `distance`.
    pub(super) fn miss(
        &self,
        frame: &CastFrame,
        termination: CastTermination,
        distance: f32,
    ) -> CastOutput {
        let (pa, pb) = self.last_points;
        CastOutput {
            hit: false,
            t: self.t,
            point: frame.world_point(0.5 * (pa + pb), self.t),
            normal: frame.input.pair.transform_a.q.apply(self.last_normal),
            distance,
            iterations: self.iterations,
            termination,
        }
    }

    /// Out of steps: t is still conservative (every advance was safe).
    pub(super) fn out_of_steps(&self, frame: &CastFrame) -> CastOutput {
        let t = self.t;
        let (pa, pb) = self.last_points;
        let point = 0.5 * (pa + pb + frame.v * (t - self.last_t));
        CastOutput {
            hit: false,
            t,
            point: frame.world_point(point, t),
            normal: frame.input.pair.transform_a.q.apply(self.last_normal),
            distance: self.last_distance,
            iterations: self.iterations,
            termination: CastTermination::MaxIterations,
        }
    }

    /// The shapes touch or overlap at t = 0 (the query `probe`). The normal and point
    /// come from EPA when the shapes overlap (the direction B must move to separate),
    /// else from GJK (the surfaces are apart by less than the tolerance). If neither
    /// gives a direction (two coincident points), the normal falls back to +x: the depth
    /// is then 0 and every direction is a minimum translation.
    #[inline]
    pub(super) fn initial_overlap(
        &self,
        frame: &CastFrame,
        probe: &Probe,
        mut trace: Option<&mut CastTrace>,
    ) -> CastOutput {
        let input = frame.input;
        let xf_a = &input.pair.transform_a;
        let (d, normal, pa, pb) = (probe.d, probe.normal, probe.pa, probe.pb);
        trace.record(|tr| {
            tr.impact_a = tr.start_a;
            tr.impact_b = tr.start_b;
        });
        let pen = (d <= 0.0).then(|| {
            penetration(
                &PenetrationInput {
                    pair: PosedPair::new(
                        input.pair.shape_a,
                        *xf_a,
                        input.pair.shape_b,
                        input.pair.transform_b,
                    ),
                    gjk_max_iterations: input.gjk_max_iterations,
                    epa_tolerance: DEFAULT_EPA_TOLERANCE,
                    epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
                },
                None,
                None,
            )
        });
        let (point, n, distance) = match (pen.flatten(), normal) {
            (Some(p), _) => (0.5 * (p.point_a + p.point_b), p.normal, -p.depth),
            (None, Some(n)) => (xf_a.apply(0.5 * (pa + pb)), xf_a.q.apply(n), d),
            (None, None) => (xf_a.apply(0.5 * (pa + pb)), Vec2::X, d.min(0.0)),
        };
        CastOutput {
            hit: true,
            t: 0.0,
            point,
            normal: n,
            distance,
            iterations: self.iterations,
            termination: CastTermination::InitiallyOverlapping,
        }
    }
}
