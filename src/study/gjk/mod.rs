//! GJK distance (Box2D's `b2Distance`), stepped: each simplex with its Voronoi region,
//! barycentric weights, closest point, search direction and new support point; the
//! witness points; the simplex cache (warm vs cold) when the scene uses it.

mod draw;
mod narrate;

pub use draw::{gjk_layers, gjk_named, gjk_witness, simplex_shape};
pub use narrate::{gjk_step, region_sentence, simplex_rows, vertex_pair, w_name};

use super::basics::{pair_rows, result_witness, Rows};
use super::{of, Study, StudyCx};
use crate::core::gjk::{shape_distance, DistanceInput, DistanceOutput, GjkTrace, SimplexCache};
use crate::scene::build::PairInputs;
use crate::view::draw::peers::EngineView;
use crate::view::draw::{DrawList, LayerId};
use crate::view::narrate::features::Mention;

/// GJK on the pair.
#[derive(Clone, Debug)]
pub struct GjkStudy {
    pub output: DistanceOutput,
    pub trace: GjkTrace,
    /// Iterations the same query takes without the cache (when the cache is on).
    pub cold_iterations: Option<u32>,
    /// The cache as GJK left it (empty when the cache is off).
    pub cache: SimplexCache,
}

impl GjkStudy {
    /// GJK with its trace: warm-started from `cache` (and the iterations of the same
    /// query run cold) when `use_cache` is on; else cold, with `cache` emptied.
    pub fn compute(inputs: &PairInputs, use_cache: bool, cache: &mut SimplexCache) -> GjkStudy {
        let (output, trace, cold_iterations) = run_gjk(&inputs.distance(), use_cache, cache);
        GjkStudy {
            output,
            trace,
            cold_iterations,
            cache: *cache,
        }
    }

    /// The largest |point| of B − A: the search direction's drawn length follows it.
    pub(crate) fn scale(cx: &StudyCx) -> f32 {
        cx.basics()
            .minkowski
            .points
            .iter()
            .fold(0.0f32, |m, p| m.max(p.length()))
            .max(1.0e-6)
    }
}

fn run_gjk(
    input: &DistanceInput,
    use_cache: bool,
    cache: &mut SimplexCache,
) -> (DistanceOutput, GjkTrace, Option<u32>) {
    let mut gjk_trace = GjkTrace::default();
    let (distance, cold_iterations) = if use_cache {
        let d = shape_distance(input, Some(cache), Some(&mut gjk_trace));
        let cold = shape_distance(input, None, None);
        (d, Some(cold.iterations))
    } else {
        *cache = SimplexCache::default();
        (shape_distance(input, None, Some(&mut gjk_trace)), None)
    };
    (distance, gjk_trace, cold_iterations)
}

impl Study for GjkStudy {
    fn step_count(&self) -> usize {
        self.trace.steps.len()
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        self.output.termination.as_str()
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        format!("GJK step {}", of(step, self.step_count()))
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        gjk_layers(&self.trace, step, GjkStudy::scale(cx), out);
        let last = step + 1 >= self.trace.steps.len();
        let witness = match self.trace.steps.get(step) {
            Some(s) if !last => gjk_witness(s),
            _ => result_witness(cx.basics(), false),
        };
        out.push(LayerId::Witness, witness);
    }

    fn draw_named(&self, _cx: &StudyCx, step: usize, named: &[Mention], out: &mut DrawList) {
        if let Some(s) = self.trace.steps.get(step) {
            out.push(LayerId::GjkSimplex, gjk_named(s, named));
        }
    }

    fn narrate(&self, cx: &StudyCx, step: usize) -> String {
        gjk_step(&self.trace, step, cx.scene.settings.gjk_max_iterations)
    }

    fn numbers(&self, cx: &StudyCx, step: usize) -> Vec<(String, String)> {
        let mut rows = Rows::default();
        simplex_rows(&self.trace, step, &mut rows);
        rows.0.extend(pair_rows(cx.studies, |_| {}));
        rows.0
    }

    fn engines(&self) -> EngineView {
        EngineView::Distance { simplex: true }
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::GjkSimplex, LayerId::GjkDirection, LayerId::Witness]
    }
}
