//! What a step of an algorithm is, in its own terms: "EPA iteration 1 of 3", "axis 2 of 4",
//! "clip 1 of 2". The step counter ("step 4 of 6") counts what the panel steps through;
//! this names the part of the algorithm that step shows, so iterations and steps are
//! never added up in one number.

use crate::core::manifold::ManifoldSource;
use crate::trace::analysis::{
    manifold_phase, rotating_steps, Algorithm, Analysis, EpaPhase, ManifoldPhase,
};

/// "k of n", counted from 1.
fn of(k: usize, n: usize) -> String {
    format!("{} of {}", k + 1, n.max(1))
}

impl Analysis {
    /// The part of `algorithm` that `step` shows (see the module docs).
    pub fn step_part(&self, algorithm: Algorithm, step: usize, source: ManifoldSource) -> String {
        let count = self.step_count(algorithm);
        let step = step.min(count - 1);
        match algorithm {
            Algorithm::Gjk => format!("GJK iteration {}", of(step, count)),
            Algorithm::Epa => match self.epa_phase(step) {
                EpaPhase::Gjk(k) => {
                    format!("GJK iteration {}", of(k, self.epa_gjk_trace.steps.len()))
                }
                EpaPhase::Epa(k) => format!("EPA iteration {}", of(k, self.epa_trace.steps.len())),
            },
            Algorithm::Sat | Algorithm::Toi => {
                let axes = count - 1;
                if step < axes {
                    format!("axis {}", of(step, axes))
                } else if algorithm == Algorithm::Sat {
                    "the decision".to_string()
                } else {
                    "the impact".to_string()
                }
            }
            Algorithm::Manifold => {
                let (_, tr) = self.manifold(source);
                match manifold_phase(tr, step) {
                    ManifoldPhase::Features => "features and normal".to_string(),
                    ManifoldPhase::ReferenceIncident => "reference and incident edges".to_string(),
                    ManifoldPhase::Clip(j) => format!("clip {}", of(j, tr.clips.len())),
                    ManifoldPhase::Points => "contact points".to_string(),
                }
            }
            Algorithm::Clip => {
                let edges = self.clip_trace.edges.len();
                if step < edges {
                    format!("clip edge {}", of(step, edges))
                } else {
                    "the overlap region".to_string()
                }
            }
            Algorithm::BoxBox => self.box_box_part(step),
            Algorithm::Cast => format!("advance {}", of(step, count)),
            Algorithm::Rotating => {
                let steps = rotating_steps(&self.rotating_trace);
                let outer = self.rotating_trace.iterations.len();
                match steps.get(step) {
                    Some(s) => match s.push {
                        None => format!("outer iteration {}", of(s.iteration, outer)),
                        Some(p) => {
                            let pushes = self.rotating_trace.iterations[s.iteration].pushes.len();
                            format!(
                                "outer iteration {}, push-back {}",
                                of(s.iteration, outer),
                                of(p, pushes)
                            )
                        }
                    },
                    None => "the answer".to_string(),
                }
            }
            Algorithm::Hull => {
                let builder = count - 1;
                if step < builder {
                    format!("builder step {}", of(step, builder))
                } else {
                    "the hull".to_string()
                }
            }
            Algorithm::Ray => format!("record {}", of(step, count)),
        }
    }

    fn box_box_part(&self, step: usize) -> String {
        if self.box_box.is_err() {
            return "not two boxes".to_string();
        }
        let clips = self.box_box_trace.clips.len();
        match step {
            0 => "the four face axes".to_string(),
            1 => "reference face".to_string(),
            2 => "incident face".to_string(),
            k if k - 3 < clips => format!("clip {}", of(k - 3, clips)),
            _ => "contact points".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::gjk::SimplexCache;
    use crate::core::manifold::ManifoldSource;
    use crate::scene::{parse_scene, DEFAULT_SCENE};
    use crate::trace::analysis::{Algorithm, Analysis};

    #[test]
    fn epa_steps_name_their_phase_and_count_within_it() {
        let scene = parse_scene(DEFAULT_SCENE, "default").unwrap();
        let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
        let g = an.epa_gjk_trace.steps.len();
        let e = an.epa_trace.steps.len();
        assert!(g > 0 && e > 0);
        let src = ManifoldSource::Epa;
        assert_eq!(
            an.step_part(Algorithm::Epa, 0, src),
            format!("GJK iteration 1 of {g}")
        );
        assert_eq!(
            an.step_part(Algorithm::Epa, g, src),
            format!("EPA iteration 1 of {e}")
        );
        assert_eq!(
            an.step_part(Algorithm::Epa, g + e - 1, src),
            format!("EPA iteration {e} of {e}")
        );
        // Every step of every algorithm has a name; none panics past the end.
        for algorithm in Algorithm::ALL {
            for k in 0..an.step_count(algorithm) + 2 {
                assert!(!an.step_part(algorithm, k, src).is_empty());
            }
        }
    }
}
