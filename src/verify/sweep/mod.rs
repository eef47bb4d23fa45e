//! Sweeps: one parameter of a pair moved in N steps (B's angle, an offset, a radius, a
//! scale, the distance from the origin, a vertex, the speculative distance, the time),
//! and at every step the answers of our algorithm, Box2D v3, parry2d and the exact f64
//! reference to the quantities asked ([`Quantity`]: distance, depth, normal angle,
//! point count, feature ids, time of impact, iterations). The curves' **jumps** — a
//! change larger than the step can explain — are found from the curves themselves
//! ([`jumps`]).
//!
//! A sweep is computed by a [`SweepJob`] a slice at a time ([`SweepJob::advance`]), so
//! the window can run it on a thread with a progress bar, and the web page (no
//! threads) a slice per frame; [`sweep`] runs one to the end. Pure: the scene is not
//! changed ([`SweepSpec::scene_at`] gives the scene at one value, for the window's
//! click on a curve).

mod jumps;
mod output;
mod param;
mod probe;

pub use jumps::{
    difference, find_changes, find_jumps, ids_text, jump_floor, list_jumps, Jump, JUMP_FACTOR,
    WINDOW,
};
pub use output::{write_csv, write_json};
pub(crate) use param::with_radius;
pub use param::{parse_param, Param, Side, PARAM_KINDS};

use crate::core::manifold::ManifoldSource;
use crate::scene::view_state::Algorithm;
use crate::scene::{Scene, SceneShape, Settings};
use crate::verify::{Family, FuzzPair, Kind};
use serde::Serialize;

/// The most steps a sweep takes.
pub const MAX_STEPS: usize = 10_000;

/// What is measured at each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    Distance,
    Depth,
    /// The normal's angle, degrees counter-clockwise from +x.
    Normal,
    Points,
    Ids,
    Toi,
    Iterations,
}

impl Quantity {
    pub const ALL: [Quantity; 7] = [
        Quantity::Distance,
        Quantity::Depth,
        Quantity::Normal,
        Quantity::Points,
        Quantity::Ids,
        Quantity::Toi,
        Quantity::Iterations,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Quantity::Distance => "distance",
            Quantity::Depth => "depth",
            Quantity::Normal => "normal",
            Quantity::Points => "points",
            Quantity::Ids => "ids",
            Quantity::Toi => "toi",
            Quantity::Iterations => "iterations",
        }
    }

    pub fn from_name(s: &str) -> Option<Quantity> {
        Quantity::ALL.into_iter().find(|q| q.name() == s)
    }

    /// Continuous quantities jump; discrete ones change.
    pub fn continuous(self) -> bool {
        matches!(
            self,
            Quantity::Distance | Quantity::Depth | Quantity::Normal | Quantity::Toi
        )
    }

    /// The default quantities of an algorithm's sweep.
    pub fn defaults(algorithm: Algorithm) -> Vec<Quantity> {
        use Quantity::*;
        match algorithm {
            Algorithm::Gjk => vec![Distance, Normal, Iterations],
            Algorithm::Epa => vec![Depth, Normal, Iterations],
            Algorithm::Sat => vec![Distance, Normal],
            Algorithm::Manifold | Algorithm::BoxBox => vec![Normal, Depth, Points, Ids],
            Algorithm::Toi | Algorithm::Cast | Algorithm::Rotating => {
                vec![Toi, Normal, Iterations]
            }
            _ => vec![Distance, Depth, Points],
        }
    }
}

/// A set of quantities.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct What(pub Vec<Quantity>);

impl What {
    pub fn has(&self, q: Quantity) -> bool {
        self.0.contains(&q)
    }

    /// `normal,ids`: names separated by commas.
    pub fn parse(text: &str) -> Result<What, String> {
        let mut out = Vec::new();
        for name in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let q = Quantity::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = Quantity::ALL.iter().map(|q| q.name()).collect();
                format!(
                    "--what: unknown quantity {name:?}; one of {}",
                    names.join(", ")
                )
            })?;
            if !out.contains(&q) {
                out.push(q);
            }
        }
        if out.is_empty() {
            return Err("--what: no quantity named".into());
        }
        Ok(What(out))
    }
}

/// Who answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Ours,
    Box2d,
    #[serde(rename = "parry2d")]
    Parry,
    Exact,
}

impl Source {
    pub const ALL: [Source; 4] = [Source::Ours, Source::Box2d, Source::Parry, Source::Exact];

    /// The key in CSV columns and JSON: `ours`, `box2d`, `parry2d`, `exact`.
    pub fn key(self) -> &'static str {
        match self {
            Source::Ours => "ours",
            Source::Box2d => "box2d",
            Source::Parry => "parry2d",
            Source::Exact => "exact",
        }
    }

    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Source::Ours => "Collidescope",
            Source::Box2d => "Box2D v3",
            Source::Parry => "parry2d",
            Source::Exact => "exact (f64)",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One source's answer at one step (None: not asked, or no answer — a gap).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Answer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normal: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ids: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toi: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u32>,
}

impl Answer {
    /// A continuous or counted quantity as a number (ids are not one).
    pub fn number(&self, q: Quantity) -> Option<f64> {
        match q {
            Quantity::Distance => self.distance,
            Quantity::Depth => self.depth,
            Quantity::Normal => self.normal,
            Quantity::Points => self.points.map(f64::from),
            Quantity::Toi => self.toi,
            Quantity::Iterations => self.iterations.map(f64::from),
            Quantity::Ids => None,
        }
    }

    /// Keeps only the quantities asked.
    fn keep(mut self, what: &What) -> Answer {
        for q in Quantity::ALL {
            if !what.has(q) {
                match q {
                    Quantity::Distance => self.distance = None,
                    Quantity::Depth => self.depth = None,
                    Quantity::Normal => self.normal = None,
                    Quantity::Points => self.points = None,
                    Quantity::Ids => self.ids = None,
                    Quantity::Toi => self.toi = None,
                    Quantity::Iterations => self.iterations = None,
                }
            }
        }
        self
    }
}

/// One step of the sweep.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sample {
    /// The parameter's value.
    pub x: f64,
    /// Per source in [`Source::ALL`] order; None when the source was not asked.
    #[serde(skip)]
    pub answers: [Option<Answer>; 4],
    /// Why this value makes no pair (a vertex moved out of convexity…).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Sample {
    pub fn answer(&self, s: Source) -> Option<&Answer> {
        self.answers[s.index()].as_ref()
    }
}

/// What to sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSpec {
    /// The pair's shapes (indices in the scene).
    pub a: usize,
    pub b: usize,
    pub algorithm: Algorithm,
    /// The manifold's normal source (the scene's view).
    pub source: ManifoldSource,
    pub param: Param,
    pub from: f64,
    pub to: f64,
    /// `steps + 1` samples, from `from` to `to` (1 to [`MAX_STEPS`]).
    pub steps: usize,
    pub what: What,
    /// Ask Box2D v3 and parry2d too (with the `peers` feature).
    pub peers: bool,
    pub exact: bool,
}

impl SweepSpec {
    /// The parameter's value at step `k`.
    pub fn value(&self, k: usize) -> f64 {
        let n = self.steps.max(1) as f64;
        let t = k as f64 / n;
        if self.param.log_scale() && self.from > 0.0 && self.to > 0.0 {
            (self.from.ln() + (self.to.ln() - self.from.ln()) * t).exp()
        } else {
            self.from + (self.to - self.from) * t
        }
    }

    /// Checks the spec against `scene`.
    pub fn check(&self, scene: &Scene) -> Result<(), String> {
        let n = scene.shapes.len();
        if self.a >= n || self.b >= n || self.a == self.b {
            return Err("the sweep needs two different shapes of the scene".into());
        }
        if !(1..=MAX_STEPS).contains(&self.steps) {
            return Err(format!("steps: from 1 to {MAX_STEPS}, not {}", self.steps));
        }
        if !(self.from.is_finite() && self.to.is_finite()) {
            return Err("the range must be finite".into());
        }
        if self.param.log_scale() && (self.from <= 0.0 || self.to <= 0.0) {
            return Err("a log-scale range must be positive".into());
        }
        if self.what.0.is_empty() {
            return Err("no quantity to measure".into());
        }
        Ok(())
    }

    /// The scene with the parameter at `value` (the pair's shapes and settings
    /// changed), or why it makes no valid pair.
    pub fn scene_at(&self, scene: &Scene, value: f64) -> Result<Scene, String> {
        self.check(scene)?;
        let mut out = scene.clone();
        let (mut a, mut b) = (out.shapes[self.a].clone(), out.shapes[self.b].clone());
        self.param.apply(value, &mut a, &mut b, &mut out.settings)?;
        out.shapes[self.a] = a;
        out.shapes[self.b] = b;
        Ok(out)
    }
}

/// Whether `algorithm` answers on a pair (every one but the hull and the rays).
pub fn sweeps(algorithm: Algorithm) -> bool {
    !matches!(
        algorithm,
        Algorithm::Hull | Algorithm::Ray | Algorithm::ChainRay
    )
}

/// The spec of a sweep asked in words (the command line's): `param` as
/// [`parse_param`] reads it, `what` as [`What::parse`] (default: the algorithm's
/// [`Quantity::defaults`]), the algorithm (default: the scene's view, the manifold for
/// one that does not answer on a pair).
#[allow(clippy::too_many_arguments)]
pub fn spec_from_words(
    scene: &Scene,
    (a, b): (usize, usize),
    algorithm: Option<Algorithm>,
    param: &str,
    steps: usize,
    what: Option<&str>,
    peers: bool,
) -> Result<SweepSpec, String> {
    let algorithm = match algorithm {
        Some(alg) if !sweeps(alg) => {
            return Err(format!(
                "{} does not answer on a pair of shapes: sweep gjk, epa, sat, manifold, clip, \
                 box-box, toi, cast or toi-rotating",
                alg.name()
            ))
        }
        Some(alg) => alg,
        None if sweeps(scene.view.algorithm) => scene.view.algorithm,
        None => Algorithm::Manifold,
    };
    let names = (scene.shapes[a].name.as_str(), scene.shapes[b].name.as_str());
    let (param, from, to) = parse_param(param, names)?;
    let what = match what {
        Some(w) => What::parse(w)?,
        None => What(Quantity::defaults(algorithm)),
    };
    let spec = SweepSpec {
        a,
        b,
        algorithm,
        source: scene.view.manifold(),
        param,
        from,
        to,
        steps,
        what,
        peers,
        exact: true,
    };
    spec.check(scene)?;
    Ok(spec)
}

/// A computed sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    pub spec: SweepSpec,
    pub samples: Vec<Sample>,
    pub jumps: Vec<Jump>,
    /// The sources that answered (the engines need the `peers` feature).
    pub sources: Vec<Source>,
    /// The pair's size (bounding radii), for the length floor of the jumps.
    pub size: f64,
}

impl Sweep {
    /// The curve of `q` by `source` (None where it has no answer).
    pub fn curve(&self, source: Source, q: Quantity) -> Vec<Option<f64>> {
        self.samples
            .iter()
            .map(|s| s.answer(source).and_then(|a| a.number(q)))
            .collect()
    }

    /// The ids of `source` at each sample.
    pub fn ids(&self, source: Source) -> Vec<Option<Vec<u32>>> {
        self.samples
            .iter()
            .map(|s| s.answer(source).and_then(|a| a.ids.clone()))
            .collect()
    }

    /// The jumps of `q`.
    pub fn jumps_of(&self, q: Quantity) -> impl Iterator<Item = &Jump> {
        self.jumps.iter().filter(move |j| j.quantity == q)
    }
}

/// A sweep under way: the samples computed so far.
#[derive(Clone, Debug)]
pub struct SweepJob {
    scene: Scene,
    spec: SweepSpec,
    samples: Vec<Sample>,
    sources: Vec<Source>,
}

impl SweepJob {
    /// A job on a copy of `scene` (checked).
    pub fn new(scene: &Scene, spec: SweepSpec) -> Result<SweepJob, String> {
        spec.check(scene)?;
        let mut sources = vec![Source::Ours];
        if spec.peers && cfg!(feature = "peers") {
            sources.extend([Source::Box2d, Source::Parry]);
        }
        if spec.exact {
            sources.push(Source::Exact);
        }
        Ok(SweepJob {
            samples: Vec::with_capacity(spec.steps + 1),
            scene: pair_scene(scene, spec.a, spec.b),
            spec: SweepSpec { a: 0, b: 1, ..spec },
            sources,
        })
    }

    /// Samples done and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.samples.len(), self.spec.steps + 1)
    }

    pub fn done(&self) -> bool {
        self.samples.len() > self.spec.steps
    }

    /// Computes up to `n` more samples; true when the sweep is complete.
    pub fn advance(&mut self, n: usize) -> bool {
        let end = (self.samples.len() + n).min(self.spec.steps + 1);
        while self.samples.len() < end {
            let k = self.samples.len();
            let s = sample(&self.scene, &self.spec, &self.sources, self.spec.value(k));
            self.samples.push(s);
        }
        self.done()
    }

    /// The sweep, its jumps listed (the spec's shape indices those of the scene it was
    /// made for).
    pub fn finish(self, a: usize, b: usize) -> Sweep {
        let size = (self.scene.shapes[0].shape.bounding_radius()
            + self.scene.shapes[1].shape.bounding_radius()) as f64;
        let mut sweep = Sweep {
            spec: SweepSpec { a, b, ..self.spec },
            samples: self.samples,
            jumps: Vec::new(),
            sources: self.sources,
            size: size.max(1.0e-6),
        };
        sweep.jumps = list_jumps(&sweep);
        sweep
    }
}

/// A scene of the pair alone (A then B), with the settings: what a sample changes.
fn pair_scene(scene: &Scene, a: usize, b: usize) -> Scene {
    Scene {
        shapes: vec![scene.shapes[a].clone(), scene.shapes[b].clone()],
        settings: scene.settings,
        ..Scene::default()
    }
}

/// The sweep of `spec` on `scene`, computed to the end.
pub fn sweep(scene: &Scene, spec: SweepSpec) -> Result<Sweep, String> {
    let (a, b) = (spec.a, spec.b);
    let mut job = SweepJob::new(scene, spec)?;
    job.advance(usize::MAX);
    Ok(job.finish(a, b))
}

/// Every source's answer at `value` (`scene` holds the pair as shapes 0 and 1).
fn sample(scene: &Scene, spec: &SweepSpec, sources: &[Source], value: f64) -> Sample {
    let (mut a, mut b) = (scene.shapes[0].clone(), scene.shapes[1].clone());
    let mut settings: Settings = scene.settings;
    let mut out = Sample {
        x: value,
        answers: Default::default(),
        error: None,
    };
    if let Err(e) = spec.param.apply(value, &mut a, &mut b, &mut settings) {
        out.error = Some(e);
        return out;
    }
    let inputs = crate::scene::build::PairInputs::new(&a, &b, &settings);
    for &source in sources {
        let answer = match source {
            Source::Ours => probe::ours(spec.algorithm, spec.source, &inputs, &spec.what),
            Source::Exact => probe::exact(spec.algorithm, &fuzz_pair(&a, &b), &spec.what),
            #[cfg(feature = "peers")]
            Source::Box2d => probe::engine(
                crate::trace::peer_answer::Engine::Box2d,
                spec.algorithm,
                &inputs,
            ),
            #[cfg(feature = "peers")]
            Source::Parry => probe::engine(
                crate::trace::peer_answer::Engine::Parry,
                spec.algorithm,
                &inputs,
            ),
            #[cfg(not(feature = "peers"))]
            Source::Box2d | Source::Parry => continue,
        };
        out.answers[source.index()] = Some(answer.keep(&spec.what));
    }
    out
}

/// Two scene shapes as a pair the exact references take.
fn fuzz_pair(a: &SceneShape, b: &SceneShape) -> FuzzPair {
    FuzzPair {
        seed: 0,
        index: 0,
        family: Family::General,
        kind_a: Kind::Polygon,
        kind_b: Kind::Polygon,
        shape_a: a.shape.clone(),
        pose_a: a.pose,
        velocity_a: a.velocity,
        shape_b: b.shape.clone(),
        pose_b: b.pose,
        velocity_b: b.velocity,
        angular_velocity_a: a.angular_velocity,
        angular_velocity_b: b.angular_velocity,
    }
}

#[cfg(test)]
mod tests;
