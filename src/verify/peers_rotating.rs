//! `fuzz --peers` on turning pairs: Box2D's and parry2d's rotating time of impact
//! judged by the f64 oracle, each at its own target and in its own motion, with the
//! window of `checks/toi_rotating.rs` (`±1e-3` of the step around the band of
//! `±slop/4`).
//!
//! - **Box2D** aims at `max(slop, radii − slop)` and turns by nlerp (see
//!   `peers/rotating.rs`). Under half a turn per step its answer is judged against the
//!   oracle following Box2D's own motion (`AnglePath::Nlerp` from the very rotations
//!   it was given): is the algorithm right about the motion it was told? A turn of
//!   half a turn or more is not representable: those pairs are the **half-turn limit**
//!   class, not counted as Box2D's errors. For every Box2D answer the verdict against
//!   the scene's motion (angles linear in time) is kept too (`linear`), which says how
//!   often nlerp's timing, or the half-turn limit, changes the answer beyond the window.
//! - **parry2d** runs the scene's motion and stops where the rounded shapes touch:
//!   judged at the radii (band `±slop/4`, the lower level floored at 0); its
//!   "overlapped" is right when the rounded shapes overlap at t = 0.
//!
//! A "failed" answer is wrong; when its time lies in the window it is told apart
//! ([`PeerClass::FailedInWindow`]): parry hands such a cast back as a hit.

use super::*;
use crate::core::consts::LINEAR_SLOP;
use crate::core::toi::rotating::{ToiTarget, ToiTermination};
use crate::peers::rotating::{box2d_represents, box2d_sweeps, Box2dSweep};
use crate::scene::build::PairInputs;
use crate::trace::peer_answer::{Engine, EngineAnswer};

/// How an engine's rotating answer came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PeerClass {
    /// Within the window (grazes included).
    Agree,
    /// Within the window, the distance bottoming out inside the band.
    Grazing,
    /// Box2D: a turn of half a turn or more per step (not judged).
    HalfTurnLimit,
    /// Outside the window, and how.
    Wrong(RotatingClass),
    /// The engine said "failed", at a time within the window (parry returns such a
    /// cast as a hit with status `Failed`: the bisection ended a hair inside contact).
    FailedInWindow,
    /// The engine gave no rotating answer (a shape it refuses).
    NoAnswer,
    /// The oracle could not decide (not judged).
    Undecided,
}

impl PeerClass {
    pub fn name(self) -> String {
        match self {
            PeerClass::Agree => "agree".into(),
            PeerClass::Grazing => "agree (grazing)".into(),
            PeerClass::HalfTurnLimit => "half-turn limit".into(),
            PeerClass::Wrong(c) => format!("engine wrong: {}", c.name()),
            PeerClass::FailedInWindow => "engine wrong: failed (time in the window)".into(),
            PeerClass::NoAnswer => "no answer".into(),
            PeerClass::Undecided => "oracle undecided".into(),
        }
    }

    fn of(v: &RotatingVerdict) -> PeerClass {
        match v.class {
            RotatingClass::Agree => PeerClass::Agree,
            RotatingClass::Grazing => PeerClass::Grazing,
            RotatingClass::Undecided => PeerClass::Undecided,
            c => PeerClass::Wrong(c),
        }
    }

    /// Judged (agree or wrong).
    pub fn judged(self) -> bool {
        matches!(
            self,
            PeerClass::Agree | PeerClass::Grazing | PeerClass::Wrong(_) | PeerClass::FailedInWindow
        )
    }

    /// Right (agree or graze).
    pub fn agrees(self) -> bool {
        matches!(self, PeerClass::Agree | PeerClass::Grazing)
    }
}

/// One engine's rotating answer on one pair, judged.
#[derive(Clone, Debug)]
pub struct PeerRotating {
    pub engine: Engine,
    pub class: PeerClass,
    /// Box2D: its answer against the scene's motion (angles linear in time) at its
    /// target; `None` for parry (judged in that motion already) or no answer.
    pub linear: Option<RotatingVerdict>,
    /// The numbers, in words.
    pub detail: String,
}

/// Our rotating answer on the pair against the oracle (the fuzzer's check).
pub fn judge_ours(pair: &FuzzPair, inputs: &PairInputs) -> RotatingVerdict {
    let ours = crate::core::toi::rotating::time_of_impact(&inputs.rotating_toi(), None);
    let oracle = RotatingOracle::of_pair(pair);
    let exact = BandedToi::new(&oracle, ours.target as f64, ours.tolerance as f64);
    let ex = Reference::new(pair);
    judge_rotating(
        &oracle,
        &exact,
        RotatingAnswer::from(&ours),
        overlap_tolerance(&ex),
    )
}

/// Each engine's rotating answer on the (turning) pair, judged (module docs).
pub fn judge_engines(
    pair: &FuzzPair,
    inputs: &PairInputs,
    answers: &[(Engine, EngineAnswer)],
) -> Vec<PeerRotating> {
    let ex = Reference::new(pair);
    let radii = pair.shape_a.radius() + pair.shape_b.radius();
    let band = 0.25 * LINEAR_SLOP as f64;
    answers
        .iter()
        .map(|(engine, a)| {
            let (Some(toi), Some(rot)) = (&a.toi, &a.toi_rotating) else {
                return PeerRotating {
                    engine: *engine,
                    class: PeerClass::NoAnswer,
                    linear: None,
                    detail: a.missing.join("; "),
                };
            };
            let answer = RotatingAnswer {
                state: rot.state,
                t: toi.t as f64,
            };
            let linear_oracle = RotatingOracle::of_pair(pair);
            let who = engine.label();
            match engine {
                Engine::Box2d => {
                    let target = ToiTarget::Box2d.distance(radii) as f64;
                    let lin = BandedToi::new(&linear_oracle, target, band);
                    let linear =
                        judge_rotating(&linear_oracle, &lin, answer, overlap_tolerance(&ex));
                    if !box2d_represents(inputs) {
                        return PeerRotating {
                            engine: *engine,
                            class: PeerClass::HalfTurnLimit,
                            linear: Some(linear),
                            detail: describe_rotating(&lin, who, answer, &linear),
                        };
                    }
                    let own = box2d_oracle(pair, inputs);
                    let exact = BandedToi::new(&own, target, band);
                    let (class, v) = judge_engine(&own, &exact, answer, overlap_tolerance(&ex));
                    PeerRotating {
                        engine: *engine,
                        class,
                        linear: Some(linear),
                        detail: describe_rotating(&exact, who, answer, &v),
                    }
                }
                Engine::Parry => {
                    let exact = BandedToi::new(&linear_oracle, radii as f64, band);
                    let level = radii as f64 + overlap_tolerance(&ex);
                    let (class, v) = judge_engine(&linear_oracle, &exact, answer, level);
                    PeerRotating {
                        engine: *engine,
                        class,
                        linear: None,
                        detail: describe_rotating(&exact, who, answer, &v),
                    }
                }
            }
        })
        .collect()
}

/// [`judge_rotating`], with a "failed" answer also judged as a hit at its time.
fn judge_engine(
    oracle: &RotatingOracle,
    exact: &BandedToi,
    answer: RotatingAnswer,
    overlap_level: f64,
) -> (PeerClass, RotatingVerdict) {
    let v = judge_rotating(oracle, exact, answer, overlap_level);
    if answer.state == ToiTermination::Failed {
        let as_hit = RotatingAnswer {
            state: ToiTermination::Hit,
            ..answer
        };
        if judge_rotating(oracle, exact, as_hit, overlap_level)
            .class
            .agrees()
        {
            return (PeerClass::FailedInWindow, v);
        }
    }
    (PeerClass::of(&v), v)
}

/// The oracle following Box2D's own motion: the sweeps it was given, nlerp.
pub fn box2d_oracle(pair: &FuzzPair, inputs: &PairInputs) -> RotatingOracle {
    let (sa, sb) = box2d_sweeps(inputs);
    let mover = |shape: &crate::core::shape::Shape, s: &Box2dSweep| {
        Mover::nlerp(shape, s.c1, s.c2, s.q1, s.q2)
    };
    RotatingOracle::new(mover(&pair.shape_a, &sa), mover(&pair.shape_b, &sb))
}
