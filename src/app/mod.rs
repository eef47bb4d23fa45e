//! The debugger's state: a plain struct changed by edits and commands, testable
//! without a window. The GUI turns mouse and keyboard input into these calls and
//! draws what [`AppState::draw_list`] returns.
//!
//! Results are recomputed only when something they depend on changed (the scene,
//! the pair, a setting): edits mark the studies stale; [`AppState::studies`]
//! recomputes on demand, with everything else the pictures read (the scene's rays and
//! chains against its shapes, the engines' answers, the exact answers).

mod background;
mod chains;
mod commands;
mod edit;
mod files;
mod history;
mod plots;
mod rays;
mod shrink;
mod sweeps;

pub use chains::ChainSelection;
pub use plots::SlideChoice;
pub use rays::RayMeets;
pub use shrink::ShrinkRun;
pub use sweeps::{PairSweep, SweepChoice};

use crate::core::gjk::SimplexCache;
use crate::core::raycast::RayCastOutput;
use crate::core::shape::Geometry;
use crate::repro::Expected;
use crate::scene::{Scene, View};
use crate::study::draw::{draw_list, Frame};
use crate::study::ray::RayMethodChoice;
use crate::study::{Algorithm, Studies};
use crate::trace::peer_answer::{Engine, EngineAnswer, PeerRayAnswer};
use crate::trace::rays::view_ray;
use crate::trace::scene_results::SceneResults;
use crate::view::camera::Camera;
use crate::view::draw::{DrawList, Highlight, LayerId};
use crate::view::narrate::features::{Mention, MAX_NAMED};
use crate::view::palette::Theme;
use glam::Vec2;
use std::collections::HashSet;
use std::path::PathBuf;

/// A message for the status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub text: String,
    pub is_error: bool,
}

/// What undo restores: the scene and which shapes were A and B.
#[derive(Clone, Debug)]
struct Snapshot {
    scene: Scene,
    pair: Option<(usize, usize)>,
    selected: Option<usize>,
}

/// The kinds of shape the "add" command makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    Circle,
    Polygon,
    Box,
    Capsule,
    Segment,
    RoundedPolygon,
}

impl ShapeKind {
    pub const ALL: [ShapeKind; 6] = [
        ShapeKind::Circle,
        ShapeKind::Polygon,
        ShapeKind::Box,
        ShapeKind::Capsule,
        ShapeKind::Segment,
        ShapeKind::RoundedPolygon,
    ];
    pub fn label(self) -> &'static str {
        match self {
            ShapeKind::Circle => "circle",
            ShapeKind::Polygon => "polygon",
            ShapeKind::Box => "box",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Segment => "segment",
            ShapeKind::RoundedPolygon => "rounded polygon",
        }
    }
    fn geometry(self) -> Geometry {
        let tri = vec![
            Vec2::new(-0.6, -0.5),
            Vec2::new(0.7, -0.4),
            Vec2::new(0.0, 0.7),
        ];
        match self {
            ShapeKind::Circle => Geometry::Circle { radius: 0.5 },
            ShapeKind::Polygon => Geometry::Polygon {
                points: tri,
                radius: 0.0,
            },
            ShapeKind::Box => Geometry::Box {
                half_extents: Vec2::new(0.6, 0.4),
                radius: 0.0,
            },
            ShapeKind::Capsule => Geometry::Capsule {
                a: Vec2::new(-0.6, 0.0),
                b: Vec2::new(0.6, 0.0),
                radius: 0.3,
            },
            ShapeKind::Segment => Geometry::Segment {
                a: Vec2::new(-0.7, 0.0),
                b: Vec2::new(0.7, 0.0),
            },
            ShapeKind::RoundedPolygon => Geometry::Polygon {
                points: tri,
                radius: 0.2,
            },
        }
    }
}

/// The debugger's whole state.
pub struct AppState {
    pub scene: Scene,
    /// Where the scene was loaded from / will be saved to.
    pub path: Option<PathBuf>,
    /// Unsaved changes to the scene. View changes (pair, algorithm, step, cameras,
    /// layers) do not count: they are written with the next save but never prompt.
    pub dirty: bool,
    /// The scene as last opened or saved (none when the opened scene already differed
    /// from its file): an undo back to it is no unsaved change.
    clean: Option<Scene>,
    pub selected: Option<usize>,
    /// Indices of A and B (None with fewer than two shapes).
    pub pair: Option<(usize, usize)>,
    pub algorithm: Algorithm,
    /// The manifold algorithm takes its normal from SAT (else from EPA).
    pub manifold_via_sat: bool,
    pub step: usize,
    pub playing: bool,
    /// Steps per second while playing.
    pub play_speed: f32,
    play_clock: f32,
    /// World view and configuration-space view cameras.
    pub world_camera: Camera,
    pub config_camera: Camera,
    pub hidden_layers: HashSet<LayerId>,
    /// The views' colour theme (a preference of the user, not saved with the scene).
    pub theme: Theme,
    /// What the narration under the mouse names ([`AppState::set_named`]).
    named: [Option<Mention>; MAX_NAMED],
    /// Fraction of the canvas width given to the world view.
    pub split: f32,
    pub message: Option<Message>,
    /// A vertex drag that was refused, shown in red until the next edit.
    pub refused_vertex: Option<(usize, usize)>,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    /// True while a drag is under way.
    dragging: bool,
    /// The state when the drag began, pushed on the undo stack at its first edit.
    drag_start: Option<Snapshot>,
    studies: Option<Studies>,
    /// The scene's rays and chains against its shapes.
    results: SceneResults,
    stale: bool,
    cache: SimplexCache,
    /// How many times the studies were computed (to check "only on change").
    pub recomputations: u64,
    /// Bumped by every change that alters what is drawn.
    revision: u64,
    /// A file that failed to open because of a refused polygon ("make convex" mends it).
    pub convex_fix_available: Option<PathBuf>,
    /// The engines' answers on the pair (Box2D v3, parry2d), recomputed with the
    /// studies; empty when built without the `peers` feature.
    peers: Vec<(Engine, EngineAnswer)>,
    /// The exact f64 answers on the pair (the peers table's reference column).
    exact: Option<Expected>,
    /// The ray the algorithm `ray` steps (an index in `scene.rays`) and its method.
    pub ray: usize,
    pub ray_method: RayMethodChoice,
    /// The engines' casts of that ray against shape A.
    ray_peers: Vec<PeerRayAnswer>,
    /// Box2D's cast of the stepped ray against each chain (chain index, the segment hit
    /// and the answer, or why Box2D refused the ray).
    chain_ray_peers: Vec<(usize, ChainRayPeer)>,
    /// Ours on the same (exact, GJK).
    ray_ours: Vec<(&'static str, RayCastOutput)>,
    /// The chain segment or point selected on the canvas (see `chains.rs`).
    chain_selection: Option<ChainSelection>,
    /// The chain slide sweep the panel shows.
    pub slide: SlideChoice,
    /// The pair's sweep (the Sweep section) and shrinking the pair (beside the peers).
    pub sweep: PairSweep,
    pub shrink: ShrinkRun,
    /// The plots computed for the current state.
    plots: plots::PlotCache,
}

/// An engine's cast of a ray against a chain: the segment hit (None: a miss) and the
/// answer, or why the engine refused the ray.
pub type ChainRayPeer = Result<(Option<usize>, crate::trace::peer_answer::PeerRayCast), String>;

/// The default split between the world and configuration views.
pub const DEFAULT_SPLIT: f32 = 0.55;
const UNDO_LIMIT: usize = 200;

/// The engines' answers (Box2D v3, parry2d) on the pair `(a, b)` of `scene`; none
/// without a pair. The app asks them for its overlays and its peers table, the
/// exported pictures (`render::SceneExport::with_peers`) for theirs.
#[cfg(feature = "peers")]
pub fn ask_peers_on(scene: &Scene, pair: Option<(usize, usize)>) -> Vec<(Engine, EngineAnswer)> {
    match pair {
        Some((a, b)) => crate::peers::ask_all(&scene.pair(a, b)),
        None => Vec::new(),
    }
}

impl AppState {
    pub fn new(scene: Scene, path: Option<PathBuf>) -> AppState {
        let mut app = AppState {
            scene: Scene::default(),
            path,
            dirty: false,
            clean: None,
            selected: None,
            pair: None,
            algorithm: Algorithm::Gjk,
            manifold_via_sat: true,
            step: 0,
            playing: false,
            play_speed: 2.0,
            play_clock: 0.0,
            world_camera: Camera::default(),
            config_camera: Camera::default(),
            hidden_layers: HashSet::new(),
            theme: Theme::Dark,
            named: [None; MAX_NAMED],
            split: DEFAULT_SPLIT,
            message: None,
            refused_vertex: None,
            undo: Vec::new(),
            redo: Vec::new(),
            dragging: false,
            drag_start: None,
            studies: None,
            results: SceneResults::default(),
            stale: true,
            cache: SimplexCache::default(),
            recomputations: 0,
            revision: 0,
            convex_fix_available: None,
            peers: Vec::new(),
            ray: 0,
            ray_method: RayMethodChoice::Exact,
            ray_peers: Vec::new(),
            chain_ray_peers: Vec::new(),
            ray_ours: Vec::new(),
            chain_selection: None,
            exact: None,
            slide: SlideChoice::default(),
            sweep: PairSweep::default(),
            shrink: ShrinkRun::default(),
            plots: plots::PlotCache::default(),
        };
        app.install(scene);
        app
    }

    /// Takes a freshly loaded scene and applies its view section.
    fn install(&mut self, scene: Scene) {
        let v = scene.view.clone();
        self.scene = scene;
        let n = self.scene.shapes.len();
        let a = self.scene.shape_index(&v.a).unwrap_or(0);
        let b = self
            .scene
            .shape_index(&v.b)
            .unwrap_or(if a == 1 { 0 } else { 1 });
        self.pair = (n >= 2 && a != b && a < n && b < n).then_some((a, b));
        self.algorithm = v.algorithm;
        self.manifold_via_sat = v.manifold() == crate::core::manifold::ManifoldSource::Sat;
        self.ray = view_ray(&self.scene);
        self.ray_method = RayMethodChoice::from_name(&v.ray_method).unwrap_or_default();
        self.step = v.step;
        self.world_camera = v.world_camera;
        self.config_camera = v.config_camera;
        self.hidden_layers = v.hidden_layers.iter().copied().collect();
        self.split = if v.split > 0.0 {
            v.split
        } else {
            DEFAULT_SPLIT
        };
        self.selected = None;
        self.refused_vertex = None;
        self.undo.clear();
        self.redo.clear();
        self.dirty = false;
        self.clean = Some(self.scene.clone());
        self.dragging = false;
        self.drag_start = None;
        self.playing = false;
        self.cache = SimplexCache::default();
        self.stale = true;
        self.revision += 1;
        // A view step past the algorithm's last is said, not clamped in silence.
        let steps = self.step_count();
        if self.step >= steps {
            self.message = Some(Message {
                text: format!(
                    "view.step {} is past the last step of {} on this pair (it has {steps}): showing step {steps}",
                    self.step,
                    self.algorithm.name()
                ),
                is_error: false,
            });
            self.step = steps - 1;
        }
    }

    /// Changes whenever what is drawn changes: the view redraws its list only then.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Something that is drawn changed (camera-independent).
    pub fn touch(&mut self) {
        self.revision += 1;
    }

    pub fn select(&mut self, i: Option<usize>) {
        let i = i.filter(|&i| i < self.scene.shapes.len());
        if i.is_some() && self.chain_selection.is_some() {
            // One selection at a time: Delete removes what is selected.
            self.chain_selection = None;
            self.revision += 1;
        }
        if self.selected != i {
            self.selected = i;
            self.revision += 1;
        }
    }

    /// The scene with the current view written into it (what Save writes).
    pub fn scene_for_save(&self) -> Scene {
        let mut s = self.scene.clone();
        let name = |i: usize| s.shapes.get(i).map(|x| x.name.clone()).unwrap_or_default();
        let (a, b) = self
            .pair
            .map(|(a, b)| (name(a), name(b)))
            .unwrap_or_default();
        let mut hidden: Vec<LayerId> = self.hidden_layers.iter().copied().collect();
        hidden.sort_by_key(|l| LayerId::ALL.iter().position(|x| x == l));
        s.view = View {
            world_camera: self.world_camera,
            config_camera: self.config_camera,
            a,
            b,
            algorithm: self.algorithm,
            manifold_source: if self.manifold_via_sat {
                "sat".into()
            } else {
                "epa".into()
            },
            step: self.step,
            hidden_layers: hidden,
            split: self.split,
            ray: s
                .rays
                .get(self.ray)
                .filter(|_| self.ray > 0)
                .map(|r| r.name.clone())
                .unwrap_or_default(),
            ray_method: match self.ray_method {
                RayMethodChoice::Exact => String::new(),
                m => m.name().to_string(),
            },
        };
        s
    }

    pub fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            is_error: false,
        });
    }

    pub fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            is_error: true,
        });
    }

    // ----- results -----

    /// The studies of the current pair, recomputed only if something changed.
    pub fn studies(&mut self) -> Option<&Studies> {
        if self.stale {
            self.stale = false;
            self.studies = self.pair.map(|(a, b)| {
                self.recomputations += 1;
                let mut studies = Studies::compute(&self.scene, a, b, &mut self.cache);
                studies.study_ray(&self.scene, self.ray, self.ray_method);
                studies
            });
            self.ray_peers = self.ask_ray_peers();
            self.chain_ray_peers = self.ask_chain_ray_peers();
            self.results = SceneResults::compute(&self.scene);
            self.ray_ours = self
                .pair
                .map(|(a, _)| rays::ours(&self.scene, self.ray, a))
                .unwrap_or_default();
            self.exact = self.pair.map(|(a, b)| Expected::of(&self.scene, a, b));
            self.peers = self.ask_peers();
            self.clamp_step();
        }
        self.studies.as_ref()
    }

    /// The scene's rays and chains against its shapes (recomputed on change).
    pub fn scene_results(&mut self) -> &SceneResults {
        self.studies();
        &self.results
    }

    /// The engines on the current pair.
    #[cfg(feature = "peers")]
    fn ask_peers(&self) -> Vec<(Engine, EngineAnswer)> {
        ask_peers_on(&self.scene, self.pair)
    }

    #[cfg(not(feature = "peers"))]
    fn ask_peers(&self) -> Vec<(Engine, EngineAnswer)> {
        Vec::new()
    }

    /// The engines' casts of the stepped ray against shape A.
    #[cfg(feature = "peers")]
    fn ask_ray_peers(&self) -> Vec<PeerRayAnswer> {
        match (&self.studies, self.pair) {
            (Some(st), Some((a, _))) if st.ray.cast.is_some() => {
                let s = &self.scene.shapes[a];
                let ray = self.scene.ray_input(self.ray, a).ray;
                crate::peers::ask_ray(&s.shape, s.pose.transform(), ray)
            }
            _ => Vec::new(),
        }
    }

    #[cfg(not(feature = "peers"))]
    fn ask_ray_peers(&self) -> Vec<PeerRayAnswer> {
        Vec::new()
    }

    /// Box2D's casts of the stepped ray against each chain.
    #[cfg(feature = "peers")]
    fn ask_chain_ray_peers(&self) -> Vec<(usize, ChainRayPeer)> {
        let Some(r) = self.scene.rays.get(self.ray) else {
            return Vec::new();
        };
        let ray = crate::core::raycast::RayInput::new(r.origin, r.translation);
        self.scene
            .chains
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let xf = c.pose.transform();
                (
                    k,
                    crate::peers::chain::ray_cast_closest(c.segments(), &xf, ray),
                )
            })
            .collect()
    }

    #[cfg(not(feature = "peers"))]
    fn ask_chain_ray_peers(&self) -> Vec<(usize, ChainRayPeer)> {
        Vec::new()
    }

    /// Box2D's casts of the stepped ray against each chain (recomputed with the studies).
    pub fn chain_ray_peer_answers(&mut self) -> &[(usize, ChainRayPeer)] {
        self.studies();
        &self.chain_ray_peers
    }

    /// The engines' casts of the stepped ray against shape A (recomputed with the
    /// studies).
    pub fn ray_peer_answers(&mut self) -> &[PeerRayAnswer] {
        self.studies();
        &self.ray_peers
    }

    /// The engines' answers on the pair (recomputed only when something changed).
    pub fn peer_answers(&mut self) -> &[(Engine, EngineAnswer)] {
        self.studies();
        &self.peers
    }

    /// The exact answers on the pair.
    pub fn exact(&mut self) -> Option<&Expected> {
        self.studies();
        self.exact.as_ref()
    }

    /// The manifold's normal the view asks for.
    pub fn manifold_source(&self) -> crate::core::manifold::ManifoldSource {
        crate::core::manifold::ManifoldSource::via_sat(self.manifold_via_sat)
    }

    /// What the current step is within its algorithm ("EPA step 1 of 3"); None
    /// without a pair.
    pub fn step_part(&mut self) -> Option<String> {
        self.studies();
        let source = self.manifold_source();
        let studies = self.studies.as_ref()?;
        Some(studies.step_part(&self.scene, self.algorithm, self.step, source))
    }

    /// The current step in words; None without a pair.
    pub fn narration(&mut self) -> Option<String> {
        self.studies();
        let source = self.manifold_source();
        let studies = self.studies.as_ref()?;
        Some(studies.narrate(&self.scene, self.algorithm, self.step, source))
    }

    /// The numbers of the current step, as (label, value) rows; empty without a pair.
    pub fn numbers(&mut self) -> Vec<(String, String)> {
        self.studies();
        let source = self.manifold_source();
        match self.studies.as_ref() {
            Some(s) => s.numbers(&self.scene, self.algorithm, self.step, source),
            None => Vec::new(),
        }
    }

    /// Steps available for the current algorithm.
    pub fn step_count(&mut self) -> usize {
        let (algo, source) = (self.algorithm, self.manifold_source());
        self.studies()
            .map(|s| s.step_count_for(algo, source))
            .unwrap_or(1)
    }

    fn clamp_step(&mut self) {
        let (algo, source) = (self.algorithm, self.manifold_source());
        let n = self
            .studies
            .as_ref()
            .map(|s| s.step_count_for(algo, source))
            .unwrap_or(1);
        self.step = self.step.min(n - 1);
    }

    /// Highlights what a hovered narration names (none: nothing hovered).
    pub fn set_named(&mut self, features: &[Mention]) {
        let mut named = [None; MAX_NAMED];
        for (slot, f) in named.iter_mut().zip(features) {
            *slot = Some(*f);
        }
        if named != self.named {
            self.named = named;
            self.revision += 1;
        }
    }

    /// Everything to draw now.
    pub fn draw_list(&mut self) -> DrawList {
        let hl = Highlight {
            selected: self.selected,
            refused_vertex: self.refused_vertex,
            manifold_via_sat: self.manifold_via_sat,
            named: self.named,
        };
        // Recompute first: it clamps the step to the new trace.
        self.studies();
        let frame = Frame {
            scene: &self.scene,
            studies: self.studies.as_ref(),
            results: &self.results,
            peers: &self.peers,
            algorithm: self.algorithm,
            step: self.step,
        };
        let mut list = draw_list(&frame, &hl);
        list.layers.retain(|l| !self.hidden_layers.contains(&l.id));
        list
    }
}

#[cfg(test)]
mod tests;
