//! The lesson file's types as RON reads them: a lesson, its pages, a page's scene and
//! question. Questions name *what* to ask ([`Ask`]); the answer is never in the file:
//! [`super::answer`] reads it from the algorithm's trace when the page is shown.

use crate::scene::view_state::{Algorithm, LayerId};
use crate::scene::Scene;
use serde::{Deserialize, Deserializer};

/// The only lesson format version so far.
pub const LESSON_VERSION: u32 = 1;

/// A lesson: a title, what the learner will know after it, its pages in order.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    #[serde(deserialize_with = "version_one")]
    pub version: u32,
    pub title: String,
    /// What the learner will know after it (one or two sentences; the list shows it).
    pub goal: String,
    pub pages: Vec<Page>,
}

fn version_one<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    if v != LESSON_VERSION {
        return Err(serde::de::Error::custom(format!(
            "unknown lesson version {v}; this build reads version {LESSON_VERSION}"
        )));
    }
    Ok(v)
}

/// One page: text, a scene on an algorithm's step with some layers shown, and
/// optionally a question.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    pub title: String,
    /// The page's words in the small Markdown subset of [`super::markup`].
    pub text: String,
    pub scene: SceneRef,
    /// The pair, by shape names (default: the scene's view pair).
    #[serde(default)]
    pub a: String,
    #[serde(default)]
    pub b: String,
    pub algorithm: Algorithm,
    /// The step shown, counted from 0 (as `view.step` in a scene).
    #[serde(default)]
    pub step: usize,
    /// The layers shown; every other layer is hidden. Empty: the scene's own choice.
    #[serde(default)]
    pub show: Vec<LayerId>,
    /// The manifold's normal: "epa" (default) or "sat".
    #[serde(default)]
    pub manifold_source: String,
    /// Show the step's narration (a question hides it until answered).
    #[serde(default = "yes")]
    pub narration: bool,
    /// Once the question is settled, move to the step that shows the answer (false:
    /// stay, when the next page asks what that step draws).
    #[serde(default = "yes")]
    pub reveal: bool,
    /// Write the labels a question hid once it is settled (false: keep them hidden,
    /// when the next page asks what they write).
    #[serde(default = "yes")]
    pub labels_after: bool,
    /// Show the numbers panel (a question hides it until answered).
    #[serde(default)]
    pub numbers: bool,
    /// Show the engines' comparison: the peers table and the engines' overlays.
    #[serde(default)]
    pub peers: bool,
    #[serde(default)]
    pub question: Option<Question>,
}

fn yes() -> bool {
    true
}

/// Where a page's scene comes from.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub enum SceneRef {
    /// A file of the scene library (`scenes/`), by file name: `Library("welcome.ron")`.
    Library(String),
    /// A scene written in the lesson, in the scene format: `Inline((version: 1, ...))`.
    Inline(Box<Scene>),
}

/// A question: what to ask, in the teacher's words, with an optional hint and
/// tolerances. The answer comes from the trace ([`Ask`]).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub ask: Ask,
    /// The question as the learner reads it.
    pub prompt: String,
    /// Said after a wrong answer, pointing at the picture (default: the kind's own).
    #[serde(default)]
    pub hint: String,
    /// Why the answer is right, shown once the question is settled (answered right,
    /// right after a hint, or shown). A page that hides its step's narration needs
    /// it; it must not give the next page's answer away (`lesson check`).
    #[serde(default)]
    pub explain: String,
    /// A click counts within this many pixels of the answer (default 14) ...
    #[serde(default)]
    pub pixels: Option<f32>,
    /// ... or this far in world units (default: 0; for numbers, the tolerance, by
    /// default 2 % of the answer or 0.001, whichever is larger).
    #[serde(default)]
    pub within: Option<f32>,
}

/// What a question asks, each kind answered from one algorithm's trace at the page's
/// step (the "next" step where the kind predicts one).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub enum Ask {
    // ----- click a point -----
    /// GJK: the support point of B − A this step finds (configuration space).
    NextSupport,
    /// GJK: the point of the next simplex closest to the origin (configuration space).
    NextClosest,
    /// EPA: the support point the next step finds, along the outward normal of the
    /// next polytope's edge nearest the origin (configuration space).
    EpaSupport,
    /// Manifold: the first vertex of the incident edge (world).
    IncidentStart,
    /// Manifold: the crossing point the next clip makes (world).
    PointAfterClip,
    /// The witness point on shape A, the closest point to B (world).
    WitnessOnA,
    // ----- pick one -----
    /// GJK: the Voronoi region of the next simplex that holds the origin.
    VoronoiRegion,
    /// GJK: does the loop stop at this step?
    GjkStops,
    /// EPA: does the expansion stop at this step?
    EpaStops,
    /// Manifold: is the reference face A's or B's?
    ReferenceFace,
    /// Manifold: which clip plane removes the incident edge's vertex 0 or 1.
    ClipPlane { vertex: usize },
    /// SAT: does the axis of this step separate the shapes?
    AxisSeparates,
    /// Rotating time of impact: the separation function built at this step's iteration.
    SeparationFunction,
    /// Do the shapes overlap?
    Overlap,
    /// Do the shapes touch during the step (the page's time of impact: toi, cast or
    /// toi-rotating)?
    Hits,
    /// Chains: does `segment` of `chain` push `shape` along a normal more than 30°
    /// from the segment's own (the ghost bump)? Collided in `mode` when given (a
    /// prediction: the picture shows the scene's own mode), else in the scene's.
    GhostBump {
        chain: String,
        shape: String,
        segment: usize,
        #[serde(default)]
        mode: Option<crate::core::settings::ChainMode>,
    },
    // ----- a number -----
    /// The distance between the shapes (GJK).
    Distance,
    /// The penetration depth (EPA).
    Depth,
    /// The time of impact of the page's algorithm (toi, cast or toi-rotating).
    TimeOfImpact,
    /// How many iterations GJK takes on the pair.
    GjkIterations,
    /// SAT: the separation along the axis of this step.
    AxisSeparation,
    /// The exact distance (f64 reference) the engines are compared with.
    ExactDistance,
    // ----- drag -----
    /// Move B until GJK takes exactly `n` iterations.
    DragGjkIterations(usize),
    /// Move B until the shapes overlap (true) or are apart (false).
    DragOverlap(bool),
    /// Move `shape` over `chain` until a segment pushes it along a normal more than
    /// 30° from the segment's own (the ghost bump).
    DragGhostBump { chain: String, shape: String },
}

impl Ask {
    /// The kind of answer it takes.
    pub fn form(&self) -> Form {
        use Ask::*;
        match self {
            NextSupport | NextClosest | EpaSupport | IncidentStart | PointAfterClip
            | WitnessOnA => Form::Click,
            VoronoiRegion
            | GjkStops
            | EpaStops
            | ReferenceFace
            | ClipPlane { .. }
            | AxisSeparates
            | SeparationFunction
            | Overlap
            | Hits
            | GhostBump { .. } => Form::Pick,
            Distance | Depth | TimeOfImpact | GjkIterations | AxisSeparation | ExactDistance => {
                Form::Number
            }
            DragGjkIterations(_) | DragOverlap(_) | DragGhostBump { .. } => Form::Drag,
        }
    }

    /// The algorithms whose trace answers it, one of which the page must step (empty:
    /// the pair or the scene's chains, whatever the page steps). GJK's step questions
    /// also read the GJK phase EPA starts with.
    pub fn algorithms(&self) -> &'static [Algorithm] {
        use Ask::*;
        match self {
            NextSupport | NextClosest | VoronoiRegion | GjkStops => {
                &[Algorithm::Gjk, Algorithm::Epa]
            }
            EpaSupport | EpaStops => &[Algorithm::Epa],
            IncidentStart | PointAfterClip | ReferenceFace | ClipPlane { .. } => {
                &[Algorithm::Manifold]
            }
            AxisSeparates | AxisSeparation => &[Algorithm::Sat],
            SeparationFunction => &[Algorithm::Rotating],
            TimeOfImpact | Hits => &[Algorithm::Toi, Algorithm::Cast, Algorithm::Rotating],
            _ => &[],
        }
    }
}

/// How the learner answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A click on the canvas (world or configuration space).
    Click,
    /// One of a few choices.
    Pick,
    /// A number typed in.
    Number,
    /// Move a shape on the canvas until a condition holds.
    Drag,
}
