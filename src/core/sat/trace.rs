//! The SAT trace, world space: one record per axis tested (the axis through the
//! owner's face and both projection intervals), then each shape's best face, the bias
//! threshold and the choice. Filled only when asked for (no allocation without).

use super::bias::{choose_owner, face_scale};
use super::{Owner, SatBest, SatChoice, SatInput, SatOutput};
use crate::core::math::Transform;
use glam::Vec2;
use serde::Serialize;

/// One axis tested, world space, drawable on its own: the axis line through the
/// owner's face and both shapes' projection intervals along it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SatAxisRecord {
    pub owner: Owner,
    pub edge: usize,
    /// Unit axis (the owner's outward edge normal).
    pub axis: Vec2,
    /// The owner's edge, core endpoints (where the axis is anchored for drawing).
    pub face: [Vec2; 2],
    /// A's projection interval `[lo, hi]` on the axis, radius included.
    pub interval_a: [f32; 2],
    /// B's projection interval, radius included.
    pub interval_b: [f32; 2],
    /// Separation on this axis (positive: a gap; negative: overlap).
    pub separation: f32,
    /// The winner if the test stopped after this axis (the final rule applied to
    /// the best of A and the best of B seen so far).
    pub best_so_far: SatBest,
}

/// The SAT trace: one record per axis tested, then the choice.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SatTrace {
    pub axes: Vec<SatAxisRecord>,
    /// A's best face (None when A is a circle).
    pub best_a: Option<SatBest>,
    /// B's best face (None when B is a circle).
    pub best_b: Option<SatBest>,
    /// The margin B had to beat when the bias applied
    /// (`0.95·s_A + 0.01·h_B`), else None.
    pub bias_threshold: Option<f32>,
    pub choice: Option<SatChoice>,
    pub output: Option<SatOutput>,
}

/// An interval moved by `offset` along its axis.
pub(super) fn shift(i: [f32; 2], offset: f32) -> [f32; 2] {
    [i[0] + offset, i[1] + offset]
}

/// The projection interval `[lo, hi]` of `points` on `axis`, grown by `radius`.
pub(super) fn interval(points: &[Vec2], axis: Vec2, radius: f32) -> [f32; 2] {
    let mut lo = f32::INFINITY;
    let mut hi = f32::NEG_INFINITY;
    for p in points {
        let d = p.dot(axis);
        lo = lo.min(d);
        hi = hi.max(d);
    }
    [lo - radius, hi + radius]
}

/// The one record of two circles' line of centres: `cb` B's centre and `axis` the
/// axis, both in A's frame; `out` the output.
pub(super) fn record_centre_line(
    t: &mut SatTrace,
    input: &SatInput,
    cb: Vec2,
    axis: Vec2,
    out: SatOutput,
) {
    let xf_a = input.pair.transform_a;
    let va = input.pair.shape_a.vertices();
    let (ra, rb) = (input.pair.shape_a.radius(), input.pair.shape_b.radius());
    let separation = out.separation;
    let best = SatBest {
        owner: Owner::A,
        edge: 0,
        separation,
    };
    t.axes.push(SatAxisRecord {
        owner: Owner::A,
        edge: 0,
        axis: out.normal,
        face: [xf_a.apply(va[0]), xf_a.apply(va[0])],
        // Projections were taken in A's frame; shift them to world space.
        interval_a: shift(interval(va, axis, ra), xf_a.p.dot(out.normal)),
        interval_b: shift(interval(&[cb], axis, rb), xf_a.p.dot(out.normal)),
        separation,
        best_so_far: best,
    });
    t.best_a = Some(best);
    t.choice = Some(SatChoice::OnlyA);
    t.output = Some(out);
}

/// Fills the per-axis records (trace only; recomputes each axis in full).
pub(super) fn record_axes(
    t: &mut SatTrace,
    input: &SatInput,
    b_to_a: &Transform,
    va: &[Vec2],
    vb: &[Vec2],
) {
    let (a, b) = (input.pair.shape_a, input.pair.shape_b);
    let xf_a = input.pair.transform_a;
    let (ra, rb) = (a.radius(), b.radius());
    let mut run_a: Option<SatBest> = None;
    let mut run_b: Option<SatBest> = None;
    let mut push = |t: &mut SatTrace, owner: Owner, edge: usize, axis: Vec2, face: [Vec2; 2]| {
        let ia = interval(va, axis, ra);
        let ib = interval(vb, axis, rb);
        let separation = match owner {
            Owner::A => ib[0] - ia[1],
            Owner::B => ia[0] - ib[1],
        };
        let cand = SatBest {
            owner,
            edge,
            separation,
        };
        let slot = if owner == Owner::A {
            &mut run_a
        } else {
            &mut run_b
        };
        if slot.is_none_or(|s| separation > s.separation) {
            *slot = Some(cand);
        }
        let best_so_far = match (run_a, run_b) {
            (Some(x), Some(y)) => {
                let h_b = face_scale(b, y.edge);
                if choose_owner(x.separation, y.separation, h_b).0 == Owner::A {
                    x
                } else {
                    y
                }
            }
            (Some(x), None) => x,
            (None, Some(y)) => y,
            (None, None) => cand,
        };
        // Projections were taken in A's frame; shift them to world space.
        let world_axis = xf_a.q.apply(axis);
        let offset = xf_a.p.dot(world_axis);
        t.axes.push(SatAxisRecord {
            owner,
            edge,
            axis: world_axis,
            face: [xf_a.apply(face[0]), xf_a.apply(face[1])],
            interval_a: shift(ia, offset),
            interval_b: shift(ib, offset),
            separation,
            best_so_far,
        });
    };
    let na = a.normals();
    for i in 0..na.len() {
        let face = [va[i], va[(i + 1) % va.len()]];
        push(t, Owner::A, i, na[i], face);
    }
    let nb = b.normals();
    for j in 0..nb.len() {
        let face = [vb[j], vb[(j + 1) % vb.len()]];
        push(t, Owner::B, j, b_to_a.q.apply(nb[j]), face);
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// Trace intervals are world projections: A's interval on its own face normal
    /// ends at that face's world position.
    #[test]
    fn trace_intervals_are_in_world_space() {
        let a = Shape::cuboid(Vec2::new(3.0, 2.5)).unwrap();
        let b = Shape::cuboid(Vec2::new(4.0, 1.5)).unwrap();
        let mut trace = SatTrace::default();
        separating_axis(
            &SatInput {
                pair: PosedPair::new(
                    &a,
                    Transform::new(Vec2::new(11.0, 6.5), 0.0),
                    &b,
                    Transform::new(Vec2::new(8.0, 3.5), 0.0),
                ),
                bias: SatBias::Box2dLite,
            },
            Some(&mut trace),
        );
        let up = trace
            .axes
            .iter()
            .find(|r| r.owner == Owner::A && (r.axis - Vec2::Y).length() < 1e-6)
            .unwrap();
        assert!(
            (up.interval_a[0] - 4.0).abs() < 1e-5 && (up.interval_a[1] - 9.0).abs() < 1e-5,
            "{up:?}"
        );
        assert!(
            (up.interval_b[0] - 2.0).abs() < 1e-5 && (up.interval_b[1] - 5.0).abs() < 1e-5,
            "{up:?}"
        );
    }

    #[test]
    fn trace_has_one_record_per_axis_and_matches_the_output() {
        let a = Shape::polygon(&[v(4.0, 11.0), v(9.0, 9.0), v(4.0, 5.0)], 0.0).unwrap();
        let b = Shape::polygon(&[v(5.0, 7.0), v(12.0, 7.0), v(10.0, 2.0)], 0.0).unwrap();
        let mut t = SatTrace::default();
        let input = SatInput {
            pair: PosedPair::new(&a, Transform::IDENTITY, &b, Transform::IDENTITY),
            bias: SatBias::Box2dLite,
        };
        let out = separating_axis(&input, Some(&mut t));
        assert_eq!(t.axes.len(), 6);
        // PUBLIC_CASES 1: depth 0.93704 along (0.62470, −0.78087).
        assert!((out.separation + 0.93704).abs() < 1e-4, "{out:?}");
        assert!((out.normal - v(0.62470, -0.78087)).length() < 1e-4);
        let last = t.axes.last().unwrap().best_so_far;
        assert_eq!((last.owner, last.edge), (out.axis_owner, out.edge));
        assert!((last.separation - out.separation).abs() < 1e-5);
        for r in &t.axes {
            let s = match r.owner {
                Owner::A => r.interval_b[0] - r.interval_a[1],
                Owner::B => r.interval_a[0] - r.interval_b[1],
            };
            assert!((s - r.separation).abs() < 1e-6);
        }
        assert_eq!(separating_axis(&input, None), out);
    }
}
