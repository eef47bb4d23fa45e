//! The rotating time of impact against the exact window of the f64 oracle.
//!
//! ## What is right
//! The oracle ([`BandedToi`]) is asked at the answer's own target and band (ours:
//! touching, `max(radii, slop)` apart, `±slop/4`): `earliest` is the first time the
//! cores are within `target + band`, `latest` the first time within `target − band`
//! (1, the end of the step, when they never are). With `T` =
//! [`ROTATING_TIME_TOLERANCE`] (1e-3 of the step) and `V` the oracle's bound on the
//! closing speed, an answer is right when:
//! - **hit** at `t`: `earliest − T ≤ t ≤ latest + T` (or, when the cores never come
//!   within the band, they come within `V·T` of it at `t`), and the exact distance at
//!   `t` is within `target + band + V·T` (touching there, to the time tolerance);
//! - **separated** (nothing before the end): `1 ≤ latest + T` — a contact deeper than
//!   the band in the last `T` of the step may be missed;
//! - **overlapped**: the cores overlap at t = 0 to f32 (exact distance within the
//!   point tolerance: [`LENGTH_TOLERANCE`] of the configuration's size plus
//!   [`WORLD_ROUNDING`] of its world coordinates);
//! - **failed**: never.
//!
//! A distance that bottoms out inside the band (`earliest` but no `latest`) is a
//! **graze**: a hit there and a miss are both right. The error is in time (how far
//! outside the window; a wrong state counts a whole step), against `T`.

use super::*;
use crate::core::toi::rotating::{RotatingToiOutput, ToiTermination};

/// What an answer to the rotating time of impact was, in the oracle's eyes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RotatingClass {
    /// Within the window.
    Agree,
    /// Within the window, the exact distance bottoming out inside the band.
    Grazing,
    /// A hit before the cores came within the band.
    Early,
    /// A hit after they went deeper than the band (a tunnel).
    Late,
    /// Separated, but they went deeper than the band before the end.
    Missed,
    /// A hit where the cores were not touching.
    FalseHit,
    /// Overlapped at t = 0 when the cores were apart.
    WrongOverlap,
    /// The query gave up.
    Failed,
    /// The oracle could not decide (its budget ran out): not judged.
    Undecided,
}

impl RotatingClass {
    pub const ALL: [RotatingClass; 9] = [
        RotatingClass::Agree,
        RotatingClass::Grazing,
        RotatingClass::Early,
        RotatingClass::Late,
        RotatingClass::Missed,
        RotatingClass::FalseHit,
        RotatingClass::WrongOverlap,
        RotatingClass::Failed,
        RotatingClass::Undecided,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RotatingClass::Agree => "agree",
            RotatingClass::Grazing => "agree (grazing)",
            RotatingClass::Early => "early hit",
            RotatingClass::Late => "late hit",
            RotatingClass::Missed => "missed contact",
            RotatingClass::FalseHit => "hit while apart",
            RotatingClass::WrongOverlap => "overlapped while apart",
            RotatingClass::Failed => "failed",
            RotatingClass::Undecided => "oracle undecided",
        }
    }

    /// Right answers (agree or graze).
    pub fn agrees(self) -> bool {
        matches!(self, RotatingClass::Agree | RotatingClass::Grazing)
    }
}

/// An answer in the oracle's terms: the state and the time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RotatingAnswer {
    pub state: ToiTermination,
    pub t: f64,
}

impl From<&RotatingToiOutput> for RotatingAnswer {
    fn from(o: &RotatingToiOutput) -> Self {
        RotatingAnswer {
            state: o.termination,
            t: o.t as f64,
        }
    }
}

/// The verdict on one answer: its class and its error (time, against
/// [`ROTATING_TIME_TOLERANCE`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RotatingVerdict {
    pub class: RotatingClass,
    pub error: f64,
}

/// Judges `answer` against the exact window (module docs). `oracle` gives the exact
/// distance at the answer's time; "overlapped" is right when the core distance at
/// t = 0 is at most `overlap_level` (ours and Box2D's: [`overlap_tolerance`], the
/// cores overlap; parry's: the radii plus it, the rounded shapes overlap).
pub fn judge_rotating(
    oracle: &RotatingOracle,
    exact: &BandedToi,
    answer: RotatingAnswer,
    overlap_level: f64,
) -> RotatingVerdict {
    let tt = ROTATING_TIME_TOLERANCE;
    let verdict = |class, error| RotatingVerdict { class, error };
    let right = if exact.grazing() {
        RotatingClass::Grazing
    } else {
        RotatingClass::Agree
    };
    match answer.state {
        ToiTermination::Failed => return verdict(RotatingClass::Failed, 1.0),
        ToiTermination::Overlapped => {
            return if exact.d0 <= overlap_level {
                verdict(right, 0.0)
            } else {
                verdict(RotatingClass::WrongOverlap, 1.0)
            };
        }
        _ => {}
    }
    if exact.undecided() {
        return verdict(RotatingClass::Undecided, 0.0);
    }
    let latest = exact.latest.t.unwrap_or(1.0);
    if answer.state == ToiTermination::Separated {
        let late = (1.0 - latest).max(0.0);
        return if late > tt {
            verdict(RotatingClass::Missed, late)
        } else {
            verdict(right, late)
        };
    }
    let t = answer.t;
    let speed = exact.speed.max(f64::MIN_POSITIVE);
    let touch = (oracle.distance(t) - (exact.target + exact.tolerance)) / speed;
    let early = exact.earliest.t.map_or(0.0, |e| e - t);
    let late = t - latest;
    let error = early.max(late).max(touch).max(0.0);
    let class = if error <= tt {
        right
    } else if early > tt {
        RotatingClass::Early
    } else if late > tt {
        RotatingClass::Late
    } else {
        RotatingClass::FalseHit
    };
    verdict(class, error)
}

/// How close to touching the cores may be at t = 0 for "overlapped": f32's
/// resolution at the configuration's size and at its world coordinates (the poses
/// are f32 world positions; two points 4e-7 apart near x = 8 are within an ulp).
pub fn overlap_tolerance(ex: &Reference) -> f64 {
    ex.point_tolerance()
}

/// A time that may never come, in words.
fn when(t: Option<f64>) -> String {
    t.map_or_else(|| "never".to_string(), |t| format!("{t:.9e}"))
}

/// The numbers of a verdict, in words.
pub fn describe_rotating(
    exact: &BandedToi,
    who: &str,
    answer: RotatingAnswer,
    verdict: &RotatingVerdict,
) -> String {
    format!(
        "{who} says {} at t = {:.9e} ({}); exact, for the target core distance {:.6e} ± {:.3e}: \
         within the band from t = {}, at the target at t = {}, deeper than the band at t = {}; \
         distance at t = 0 {:.6e}, least seen {:.6e} at t = {:.6e}; speed bound {:.4e}",
        answer.state.as_str(),
        answer.t,
        verdict.class.name(),
        exact.target,
        exact.tolerance,
        when(exact.earliest.t),
        when(exact.exact.t),
        when(exact.latest.t),
        exact.d0,
        exact.earliest.min_seen.min(exact.latest.min_seen),
        exact.earliest.t_min_seen,
        exact.speed
    )
}

/// Our rotating time of impact (when the pair has one) against the oracle at our
/// target. Not recorded when the oracle cannot decide.
pub(in crate::verify) fn check_toi_rotating(
    sink: &mut Sink,
    pair: &FuzzPair,
    ex: &Reference,
    ours: &RotatingToiOutput,
) {
    let oracle = RotatingOracle::of_pair(pair);
    let exact = BandedToi::new(&oracle, ours.target as f64, ours.tolerance as f64);
    let answer = RotatingAnswer::from(ours);
    let v = judge_rotating(&oracle, &exact, answer, overlap_tolerance(ex));
    if v.class == RotatingClass::Undecided {
        return;
    }
    let error = if exact.samples_agree {
        v.error
    } else {
        f64::NAN
    };
    sink.record(Check::ToiRotating, error, ROTATING_TIME_TOLERANCE, || {
        let mut s = describe_rotating(&exact, "the rotating time of impact", answer, &v);
        if !exact.samples_agree {
            s.push_str("; the ORACLE's even samples disagree with its own answer");
        }
        s
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::shape::{Pose, Shape};
    use glam::Vec2;

    /// Unit boxes 3 apart, B closing at 4 and turning `turn` (radians per step).
    fn pair(turn: f32) -> FuzzPair {
        let b = Shape::cuboid(Vec2::new(0.5, 0.5)).unwrap();
        FuzzPair {
            seed: 0,
            index: 0,
            family: Family::Rotating,
            kind_a: Kind::Box,
            kind_b: Kind::Box,
            shape_a: b.clone(),
            pose_a: Pose::IDENTITY,
            velocity_a: Vec2::ZERO,
            shape_b: b,
            pose_b: Pose::new(Vec2::new(4.0, 0.0), 0.0),
            velocity_b: Vec2::new(-4.0, 0.0),
            angular_velocity_a: 0.0,
            angular_velocity_b: turn,
        }
    }

    fn judge(p: &FuzzPair, state: ToiTermination, t: f64) -> RotatingVerdict {
        let o = RotatingOracle::of_pair(p);
        let exact = BandedToi::new(&o, 0.005, 0.00125);
        let ex = Reference::new(p);
        judge_rotating(
            &o,
            &exact,
            RotatingAnswer { state, t },
            overlap_tolerance(&ex),
        )
    }

    #[test]
    fn the_window_takes_right_answers_and_names_wrong_ones() {
        // No turn: the cores are 0.005 apart at t = (3 − 0.005) / 4, within the band
        // over ±0.00125 / 4 of it.
        let p = pair(0.0);
        let t0 = (3.0 - 0.005) / 4.0;
        let at = |t: f64| judge(&p, ToiTermination::Hit, t);
        assert_eq!(at(t0).class, RotatingClass::Agree);
        assert_eq!(at(t0 - 0.0012).class, RotatingClass::Agree);
        assert_eq!(at(t0 + 0.0012).class, RotatingClass::Agree);
        let early = at(t0 - 0.01);
        assert_eq!(early.class, RotatingClass::Early);
        assert!(
            (early.error - (0.01 - 0.00125 / 4.0)).abs() < 1e-6,
            "{early:?}"
        );
        assert_eq!(at(t0 + 0.01).class, RotatingClass::Late);
        let missed = judge(&p, ToiTermination::Separated, 1.0);
        assert_eq!(missed.class, RotatingClass::Missed);
        assert!((missed.error - (1.0 - (3.0 - 0.00375) / 4.0)).abs() < 1e-6);
        assert_eq!(
            judge(&p, ToiTermination::Failed, 0.3).class,
            RotatingClass::Failed
        );
        assert_eq!(
            judge(&p, ToiTermination::Overlapped, 0.0).class,
            RotatingClass::WrongOverlap
        );
        // Turning a quarter turn, the same contact (a square looks the same).
        let p = pair(std::f32::consts::FRAC_PI_2);
        assert!(judge(&p, ToiTermination::Hit, t0 - 0.05).class != RotatingClass::Agree);
    }

    #[test]
    fn a_pass_that_never_touches_takes_only_a_miss() {
        // B passes 1 above A: never within the band.
        let mut p = pair(3.0);
        p.pose_b.position.y = 2.5;
        assert_eq!(
            judge(&p, ToiTermination::Separated, 1.0).class,
            RotatingClass::Agree
        );
        let v = judge(&p, ToiTermination::Hit, 0.5);
        assert_eq!(v.class, RotatingClass::FalseHit);
        assert!(v.error > 0.05, "{v:?}");
    }
}
