//! A scene ray against the scene's chains, as Box2D casts it: every segment one-sided
//! (`b2RayCastSegment(…, oneSided = true)`), so a ray that starts in the material passes
//! out through the wall. One step per segment, chain by chain, then the closest hit.

mod draw;
mod narrate;

use super::{of, Study, StudyCx};
use crate::core::chain::{ray_cast_chain, ChainRayInput, ChainRayOutput, ChainRayTrace};
use crate::core::raycast::RayInput;
use crate::scene::Scene;
use crate::trace::rays::view_ray;
use crate::view::draw::{DrawList, LayerId};

/// The cast of one chain.
#[derive(Clone, Debug)]
pub struct ChainCast {
    /// The chain's index in the scene.
    pub chain: usize,
    pub output: ChainRayOutput,
    pub trace: ChainRayTrace,
}

/// The ray against every chain of the scene.
#[derive(Clone, Debug)]
pub struct ChainRayStudy {
    /// The ray's index in the scene and the world ray (None: no ray, or no chain).
    pub ray: Option<(usize, RayInput)>,
    pub casts: Vec<ChainCast>,
}

/// A step: a segment of a chain (indices into `casts` and its trace), or the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainRayStep {
    Segment { cast: usize, record: usize },
    Answer,
}

impl ChainRayStudy {
    /// Ray `ray` of `scene` against every chain (none when out of range).
    pub fn of(scene: &Scene, ray: usize) -> ChainRayStudy {
        let Some(r) = scene.rays.get(ray) else {
            return ChainRayStudy {
                ray: None,
                casts: Vec::new(),
            };
        };
        let input = RayInput::new(r.origin, r.translation);
        let casts = scene
            .chains
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let mut trace = ChainRayTrace::default();
                let q = ChainRayInput {
                    segments: c.segments(),
                    transform: c.pose.transform(),
                    ray: input,
                };
                let output = ray_cast_chain(&q, Some(&mut trace));
                ChainCast {
                    chain: k,
                    output,
                    trace,
                }
            })
            .collect();
        ChainRayStudy {
            ray: Some((ray, input)),
            casts,
        }
    }

    /// The ray the scene's view names.
    pub fn of_view(scene: &Scene) -> ChainRayStudy {
        ChainRayStudy::of(scene, view_ray(scene))
    }

    /// The steps in order: every segment of every chain, then the answer.
    pub fn steps(&self) -> Vec<ChainRayStep> {
        let mut steps: Vec<ChainRayStep> = self
            .casts
            .iter()
            .enumerate()
            .flat_map(|(cast, c)| {
                (0..c.trace.segments.len())
                    .map(move |record| ChainRayStep::Segment { cast, record })
            })
            .collect();
        steps.push(ChainRayStep::Answer);
        steps
    }

    /// Step `k` (the answer past the last segment).
    pub fn step(&self, k: usize) -> ChainRayStep {
        self.steps().get(k).copied().unwrap_or(ChainRayStep::Answer)
    }

    /// The closest hit over every chain: (cast index, output); None without a hit.
    pub fn answer(&self) -> Option<(usize, &ChainRayOutput)> {
        self.casts
            .iter()
            .enumerate()
            .filter(|(_, c)| c.output.hit)
            .min_by(|(_, x), (_, y)| x.output.fraction.total_cmp(&y.output.fraction))
            .map(|(i, c)| (i, &c.output))
    }
}

impl Study for ChainRayStudy {
    fn step_count(&self) -> usize {
        self.steps().len()
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        match (&self.ray, self.casts.is_empty(), self.answer()) {
            (None, _, _) => "no_ray",
            (_, true, _) => "no_chain",
            (_, _, Some(_)) => "hit",
            _ if self.casts.iter().any(|c| {
                c.output.termination == crate::core::chain::ChainRayTermination::NonFiniteInput
            }) =>
            {
                "non_finite_input"
            }
            _ => "missed",
        }
    }

    fn step_part(&self, cx: &StudyCx, step: usize) -> String {
        match self.step(step) {
            ChainRayStep::Segment { cast, record } => {
                let c = &self.casts[cast];
                let name = cx
                    .scene
                    .chains
                    .get(c.chain)
                    .map_or("", |ch| ch.name.as_str());
                format!("{name}: segment {}", of(record, c.trace.segments.len()))
            }
            ChainRayStep::Answer => "the closest hit".to_string(),
        }
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(
            LayerId::RayCast,
            draw::chain_ray_layer(cx.scene, self, step),
        );
    }

    fn narrate(&self, cx: &StudyCx, step: usize) -> String {
        narrate::chain_ray_step(cx.scene, self, step)
    }

    fn numbers(&self, cx: &StudyCx, step: usize) -> Vec<(String, String)> {
        narrate::chain_ray_rows(cx.scene, self, step)
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::RayCast, LayerId::Chains, LayerId::GaussMap]
    }

    fn stepped_ray(&self) -> Option<usize> {
        self.ray.map(|(r, _)| r)
    }
}
