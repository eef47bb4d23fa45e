//! One *study* per algorithm: what the debugger knows of an algorithm on the pair it
//! shows — its output and trace, how many steps it has, how it ended, what each step is
//! ("EPA step 2 of 3") — and what it shows at a step: the draw list's layers, the
//! configuration-space picture, the narration, the numbers and which of the engines'
//! answers belong beside it.
//!
//! A study computes once per change (the scene, the pair, a choice of the view) and is
//! then only read: drawing, narrating and the panel never run a query. The set of every
//! study of a pair is [`Studies`]; [`Studies::get`] is the one place an algorithm is
//! dispatched on. The algorithms' names, labels, keys and picker order are the table
//! [`crate::scene::view_state::ALGORITHMS`] (a scene file names them).
//!
//! Adding an algorithm: its `core` folder; here a folder with the study (`mod.rs`), its
//! drawing (`draw.rs`) and its words (`narrate.rs`); one field and one arm in
//! [`Studies`]; one line in `ALGORITHMS`.

use crate::core::gjk::SimplexCache;
use crate::core::manifold::ManifoldSource;
use crate::scene::Scene;
use crate::view::draw::peers::EngineView;
use crate::view::draw::{DrawList, LayerId, Prim};
use crate::view::narrate::features::Mention;
use crate::view::text::tidy_zeros;

pub use crate::scene::view_state::Algorithm;

pub mod basics;
pub mod box_box;
pub mod cast;
pub mod chain_ray;
pub mod clip;
pub mod draw;
pub mod epa;
pub mod facts;
pub mod gjk;
pub mod hull;
pub mod manifold;
pub mod motion;
pub mod ray;
pub mod rotating;
pub mod sat;
pub mod swept;

pub use basics::Basics;

/// What a study reads besides itself: the scene, every study of the pair (a study may
/// show another's answer beside its own: both times of impact, the distance under every
/// contact algorithm) and the view's choices.
#[derive(Clone, Copy)]
pub struct StudyCx<'a> {
    pub scene: &'a Scene,
    pub studies: &'a Studies,
    /// The manifold's normal: EPA's or SAT's.
    pub source: ManifoldSource,
}

impl StudyCx<'_> {
    /// The pair's shared results.
    pub fn basics(&self) -> &Basics {
        &self.studies.basics
    }
}

/// What every algorithm's study answers. Steps are counted from 0; a step past the last
/// shows the last.
pub trait Study {
    /// Steps the stepper offers (at least 1), the most of any normal source.
    fn step_count(&self) -> usize;

    /// Steps the stepper offers with `source`'s normal (the clipping manifold's trace
    /// with SAT's normal may be shorter than with EPA's: no step repeats the last).
    fn step_count_for(&self, _source: ManifoldSource) -> usize {
        self.step_count()
    }

    /// How the algorithm ended on this pair, as named in reports and in a scene's
    /// `expect` section.
    fn termination(&self, cx: &StudyCx) -> &'static str;

    /// What step `step` is within the algorithm ("EPA step 1 of 3").
    fn step_part(&self, cx: &StudyCx, step: usize) -> String;

    /// The algorithm's own layers at `step` (world and configuration space).
    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList);

    /// Its picture on B − A ([`LayerId::ConfigPicture`]); none by default.
    fn config(&self, _cx: &StudyCx, _step: usize) -> Vec<Prim> {
        Vec::new()
    }

    /// The facts step `step` states ([`facts::Fact`]): what its narration, numbers and
    /// labels say, read from the trace once. None by default.
    fn facts(&self, _cx: &StudyCx, _step: usize) -> Vec<facts::Fact> {
        Vec::new()
    }

    /// Step `step` in words (zeros not yet tidied: [`narrate`] does that).
    fn narrate(&self, cx: &StudyCx, step: usize) -> String;

    /// The numbers of step `step` and of the result, as (label, value) rows.
    fn numbers(&self, cx: &StudyCx, step: usize) -> Vec<(String, String)>;

    /// Which of the engines' answers the overlay draws beside it.
    fn engines(&self) -> EngineView {
        EngineView::Nothing
    }

    /// The layers it draws, for the legend and the layer toggles.
    fn layers(&self) -> &'static [LayerId];

    /// The scene ray it steps (its own layer draws it, the rays layer leaves it out).
    fn stepped_ray(&self) -> Option<usize> {
        None
    }

    /// The glow of what the hovered narration of `step` names among its own marks
    /// (GJK's simplex points, EPA's polytope), pushed before [`Study::draw`]'s layers
    /// so that it lies under them. Features of A and B are the shapes layer's.
    fn draw_named(&self, _cx: &StudyCx, _step: usize, _named: &[Mention], _out: &mut DrawList) {}
}

/// Every algorithm's study of the pair (A, B) of a scene.
#[derive(Clone, Debug)]
pub struct Studies {
    pub basics: Basics,
    pub gjk: gjk::GjkStudy,
    pub epa: epa::EpaStudy,
    pub sat: sat::SatStudy,
    pub manifold: manifold::ManifoldStudy,
    pub clip: clip::ClipStudy,
    pub box_box: box_box::BoxBoxStudy,
    pub swept: swept::SweptStudy,
    pub cast: cast::CastStudy,
    pub rotating: rotating::RotatingStudy,
    pub hull: hull::HullStudy,
    pub ray: ray::RayStudy,
    pub chain_ray: chain_ray::ChainRayStudy,
}

impl Studies {
    /// Runs every algorithm on shapes `a` and `b` of `scene` with traces on. `cache`: the
    /// warm-start cache carried between recomputations (used and rewritten when
    /// `scene.settings.use_cache` is on).
    pub fn compute(scene: &Scene, a: usize, b: usize, cache: &mut SimplexCache) -> Studies {
        let inputs = scene.pair(a, b);
        let gjk = gjk::GjkStudy::compute(&inputs, scene.settings.use_cache, cache);
        let epa = epa::EpaStudy::compute(&inputs);
        let basics = Basics::compute(scene, a, b, gjk.output, epa.output);
        let sat = sat::SatStudy::compute(&inputs);
        let clip = clip::ClipStudy::compute(scene, &inputs, &basics, sat.output.normal);
        Studies {
            swept: swept::SweptStudy::compute(&inputs),
            cast: cast::CastStudy::compute(&inputs),
            rotating: rotating::RotatingStudy::compute(scene, &inputs, &basics),
            manifold: manifold::ManifoldStudy::compute(&inputs),
            box_box: box_box::BoxBoxStudy::compute(&inputs),
            hull: hull::HullStudy::compute(scene, a),
            ray: ray::RayStudy::of_view(scene, a),
            chain_ray: chain_ray::ChainRayStudy::of_view(scene),
            basics,
            gjk,
            epa,
            sat,
            clip,
        }
    }

    /// The study of `algorithm`: the one dispatch on the algorithm.
    pub fn get(&self, algorithm: Algorithm) -> &dyn Study {
        match algorithm {
            Algorithm::Gjk => &self.gjk,
            Algorithm::Epa => &self.epa,
            Algorithm::Sat => &self.sat,
            Algorithm::Manifold => &self.manifold,
            Algorithm::Clip => &self.clip,
            Algorithm::BoxBox => &self.box_box,
            Algorithm::Toi => &self.swept,
            Algorithm::Cast => &self.cast,
            Algorithm::Rotating => &self.rotating,
            Algorithm::Hull => &self.hull,
            Algorithm::Ray => &self.ray,
            Algorithm::ChainRay => &self.chain_ray,
        }
    }

    /// Indices of A and B in the scene.
    pub fn pair(&self) -> (usize, usize) {
        (self.basics.a, self.basics.b)
    }

    /// Casts ray `ray` of `scene` against shape A with `method` (the app's choice); no
    /// cast when the index is out of range.
    pub fn study_ray(&mut self, scene: &Scene, ray: usize, method: ray::RayMethodChoice) {
        self.ray = ray::RayStudy::of(scene, ray, self.basics.a, method);
        self.chain_ray = chain_ray::ChainRayStudy::of(scene, ray);
    }

    /// The context a study of this set reads.
    pub fn cx<'a>(&'a self, scene: &'a Scene, source: ManifoldSource) -> StudyCx<'a> {
        StudyCx {
            scene,
            studies: self,
            source,
        }
    }

    /// Number of steps the stepper offers for `algorithm` (at least 1), the most of
    /// either normal source.
    pub fn step_count(&self, algorithm: Algorithm) -> usize {
        self.get(algorithm).step_count().max(1)
    }

    /// Number of steps the stepper offers for `algorithm` with `source`'s normal (at
    /// least 1).
    pub fn step_count_for(&self, algorithm: Algorithm, source: ManifoldSource) -> usize {
        self.get(algorithm).step_count_for(source).max(1)
    }

    /// How `algorithm` ended (see [`Study::termination`]).
    pub fn termination(
        &self,
        scene: &Scene,
        algorithm: Algorithm,
        source: ManifoldSource,
    ) -> &'static str {
        self.get(algorithm).termination(&self.cx(scene, source))
    }

    /// What `step` is within `algorithm` (the step is clamped to the last).
    pub fn step_part(
        &self,
        scene: &Scene,
        algorithm: Algorithm,
        step: usize,
        source: ManifoldSource,
    ) -> String {
        let step = step.min(self.step_count_for(algorithm, source) - 1);
        self.get(algorithm).step_part(&self.cx(scene, source), step)
    }

    /// The narration of `algorithm` at `step`.
    pub fn narrate(
        &self,
        scene: &Scene,
        algorithm: Algorithm,
        step: usize,
        source: ManifoldSource,
    ) -> String {
        narrate(self.get(algorithm), &self.cx(scene, source), step)
    }

    /// The facts `algorithm` states at `step` (the step is clamped to the last).
    pub fn facts(
        &self,
        scene: &Scene,
        algorithm: Algorithm,
        step: usize,
        source: ManifoldSource,
    ) -> Vec<facts::Fact> {
        let step = step.min(self.step_count_for(algorithm, source) - 1);
        self.get(algorithm).facts(&self.cx(scene, source), step)
    }

    /// The numbers of `algorithm` at `step`.
    pub fn numbers(
        &self,
        scene: &Scene,
        algorithm: Algorithm,
        step: usize,
        source: ManifoldSource,
    ) -> Vec<(String, String)> {
        self.get(algorithm)
            .numbers(&self.cx(scene, source), step)
            .into_iter()
            .map(|(k, v)| (k, tidy_zeros(&v)))
            .collect()
    }
}

/// A study's narration of `step`, with negative zeros tidied.
pub fn narrate(study: &dyn Study, cx: &StudyCx, step: usize) -> String {
    tidy_zeros(&study.narrate(cx, step))
}

/// "k of n", counted from 1.
pub(crate) fn of(k: usize, n: usize) -> String {
    format!("{} of {}", k + 1, n.max(1))
}

/// Runs `query` with a fresh trace; its output and the trace.
#[inline]
pub(crate) fn traced<T: Default, O>(query: impl FnOnce(&mut T) -> O) -> (O, T) {
    let mut trace = T::default();
    let out = query(&mut trace);
    (out, trace)
}

#[cfg(test)]
mod named_tests;
#[cfg(test)]
mod tests;
