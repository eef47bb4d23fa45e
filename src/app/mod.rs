//! The debugger's state: a plain struct changed by edits and commands, testable
//! without a window. The GUI turns mouse and keyboard input into these calls and
//! draws what [`AppState::draw_list`] returns.
//!
//! Results are recomputed only when something they depend on changed (the scene,
//! the pair, a setting): edits mark the analysis stale; [`AppState::analysis`]
//! recomputes on demand.

mod commands;
mod edit;
mod files;
mod history;

use crate::core::gjk::SimplexCache;
use crate::core::shape::Geometry;
use crate::repro::Expected;
use crate::scene::{Scene, View};
use crate::trace::analysis::{Algorithm, Analysis};
use crate::trace::peer_answer::{Engine, EngineAnswer};
use crate::view::camera::Camera;
use crate::view::draw::peers::pair_peer_layers;
use crate::view::draw::{build_draw_list, DrawList, Highlight, LayerId};
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
    /// Fraction of the canvas width given to the world view.
    pub split: f32,
    pub message: Option<Message>,
    /// A vertex drag that was refused, shown in red until the next edit.
    pub refused_vertex: Option<(usize, usize)>,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    /// True while a drag is under way (its undo snapshot is already taken).
    dragging: bool,
    analysis: Option<Analysis>,
    stale: bool,
    cache: SimplexCache,
    /// How many times the analysis was computed (to check "only on change").
    pub recomputations: u64,
    /// Bumped by every change that alters what is drawn.
    revision: u64,
    /// A file that failed to open because of a refused polygon ("make convex" mends it).
    pub convex_fix_available: Option<PathBuf>,
    /// The engines' answers on the pair (Box2D v3, parry2d), recomputed with the
    /// analysis; empty when built without the `peers` feature.
    peers: Vec<(Engine, EngineAnswer)>,
    /// The exact f64 answers on the pair (the peers table's reference column).
    exact: Option<Expected>,
}

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
            selected: None,
            pair: None,
            algorithm: Algorithm::Gjk,
            manifold_via_sat: false,
            step: 0,
            playing: false,
            play_speed: 2.0,
            play_clock: 0.0,
            world_camera: Camera::default(),
            config_camera: Camera::default(),
            hidden_layers: HashSet::new(),
            split: DEFAULT_SPLIT,
            message: None,
            refused_vertex: None,
            undo: Vec::new(),
            redo: Vec::new(),
            dragging: false,
            analysis: None,
            stale: true,
            cache: SimplexCache::default(),
            recomputations: 0,
            revision: 0,
            convex_fix_available: None,
            peers: Vec::new(),
            exact: None,
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
        self.manifold_via_sat = v.manifold_source == "sat";
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
        self.dragging = false;
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
                String::new()
            },
            step: self.step,
            hidden_layers: hidden,
            split: self.split,
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

    /// The analysis of the current pair, recomputed only if something changed.
    pub fn analysis(&mut self) -> Option<&Analysis> {
        if self.stale {
            self.stale = false;
            self.analysis = self.pair.map(|(a, b)| {
                self.recomputations += 1;
                Analysis::compute(&self.scene, a, b, &mut self.cache)
            });
            self.exact = self.pair.map(|(a, b)| Expected::of(&self.scene, a, b));
            self.peers = self.ask_peers();
            self.clamp_step();
        }
        self.analysis.as_ref()
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

    /// The engines' answers on the pair (recomputed only when something changed).
    pub fn peer_answers(&mut self) -> &[(Engine, EngineAnswer)] {
        self.analysis();
        &self.peers
    }

    /// The exact answers on the pair.
    pub fn exact(&mut self) -> Option<&Expected> {
        self.analysis();
        self.exact.as_ref()
    }

    /// Steps available for the current algorithm.
    pub fn step_count(&mut self) -> usize {
        let algo = self.algorithm;
        self.analysis().map(|a| a.step_count(algo)).unwrap_or(1)
    }

    fn clamp_step(&mut self) {
        let algo = self.algorithm;
        let n = self
            .analysis
            .as_ref()
            .map(|a| a.step_count(algo))
            .unwrap_or(1);
        self.step = self.step.min(n - 1);
    }

    /// Everything to draw now.
    pub fn draw_list(&mut self) -> DrawList {
        let hl = Highlight {
            selected: self.selected,
            refused_vertex: self.refused_vertex,
            manifold_via_sat: self.manifold_via_sat,
        };
        // Recompute first: it clamps the step to the new trace.
        self.analysis();
        let (algo, step) = (self.algorithm, self.step);
        let mut list = build_draw_list(&self.scene, self.analysis.as_ref(), algo, step, &hl);
        if let Some(pair) = self.pair {
            pair_peer_layers(&self.scene, pair, &self.peers, algo, step, &mut list);
        }
        list.layers.retain(|l| !self.hidden_layers.contains(&l.id));
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::import::parse_points;
    use crate::scene::parse_scene;

    fn app() -> AppState {
        let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        AppState::new(scene, None)
    }

    #[test]
    fn drag_moves_the_shape_and_recomputes_once() {
        let mut app = app();
        let d0 = app.analysis().unwrap().distance.distance;
        assert_eq!(app.recomputations, 1);
        app.analysis();
        app.draw_list();
        assert_eq!(app.recomputations, 1, "nothing changed: no recomputation");
        app.begin_drag();
        app.move_shape(1, Vec2::new(5.0, 0.0));
        app.move_shape(1, Vec2::new(6.0, 0.0));
        app.end_drag();
        assert_eq!(app.scene.shapes[1].pose.position, Vec2::new(6.0, 0.0));
        let d1 = app.analysis().unwrap().distance.distance;
        assert_eq!(app.recomputations, 2);
        assert!(d0 == 0.0 && d1 > 4.0, "{d0} {d1}");
        assert!(app.dirty);
        // The whole drag is one undo step.
        app.undo();
        assert_eq!(app.scene.shapes[1].pose.position, Vec2::new(1.5, 0.6));
        app.redo();
        assert_eq!(app.scene.shapes[1].pose.position, Vec2::new(6.0, 0.0));
    }

    #[test]
    fn stepping_clamps_and_survives_changes() {
        let mut app = app();
        app.set_algorithm(Algorithm::Epa);
        app.step_last();
        let n = app.step_count();
        assert_eq!(app.step, n - 1);
        app.step_next();
        assert_eq!(app.step, n - 1, "next at the end stays");
        app.step_first();
        app.step_back();
        assert_eq!(app.step, 0);
        app.step_last();
        // Pull B away: fewer EPA steps (none); the step is clamped to the new trace.
        app.move_shape(1, Vec2::new(8.0, 0.0));
        app.analysis();
        assert!(app.step < app.step_count());
        // Playback runs to the end and stops.
        app.move_shape(1, Vec2::new(1.5, 0.6));
        app.step_first();
        app.toggle_play();
        for _ in 0..100 {
            app.tick(0.5);
        }
        assert!(!app.playing);
        let n = app.step_count();
        assert_eq!(app.step, n - 1);
    }

    #[test]
    fn refused_vertex_drag_leaves_the_polygon_unchanged() {
        let mut app = app();
        let before = app.scene.shapes[0].shape.clone();
        // Pull vertex 0 of the hexagon (1, 0) deep inside: non-convex.
        let err = app.move_vertex(0, 0, Vec2::new(0.2, 0.0)).unwrap_err();
        assert!(err.contains("not convex"), "{err}");
        assert_eq!(app.scene.shapes[0].shape, before);
        assert_eq!(app.refused_vertex, Some((0, 0)));
        assert!(app.message.as_ref().unwrap().is_error);
        assert!(!app.can_undo(), "a refused edit is not an undo step");
        // A convex move is accepted and undoable.
        app.move_vertex(0, 0, Vec2::new(1.3, 0.0)).unwrap();
        assert_eq!(app.scene.shapes[0].shape.vertices()[0], Vec2::new(1.3, 0.0));
        app.undo();
        assert_eq!(app.scene.shapes[0].shape, before);
    }

    #[test]
    fn draw_list_and_refusal_follow_edits_at_once() {
        let mut app = app();
        app.set_algorithm(Algorithm::Epa);
        app.step_last();
        let before = app.revision();
        // Pull B away: fewer steps; the list must draw a step that exists.
        app.move_shape(1, Vec2::new(9.0, 0.0));
        let list = app.draw_list();
        let n = app.step_count();
        assert!(app.step < n);
        assert!(
            list.layer(LayerId::GjkSimplex).is_some(),
            "the clamped step is drawn"
        );
        assert!(!app.dirty || app.revision() > before);
        // A refused vertex drag bumps the revision so the red dot shows at once.
        let r = app.revision();
        let _ = app.move_vertex(0, 0, Vec2::new(0.2, 0.0));
        assert!(app.revision() > r);
        // View changes are not unsaved changes.
        let mut fresh = AppState::new(app.scene.clone(), None);
        fresh.set_algorithm(Algorithm::Sat);
        fresh.set_pair(1, 0);
        fresh.toggle_layer(LayerId::Minkowski);
        assert!(!fresh.dirty);
    }

    #[test]
    fn bad_file_leaves_the_scene_unchanged() {
        let mut app = app();
        app.move_shape(1, Vec2::new(3.0, 3.0));
        let dir = std::env::temp_dir().join(format!("collidescope-app-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.ron");
        std::fs::write(&bad, "(version: 1, shapes: [(name: \"A\")]").unwrap();
        let before = app.scene.clone();
        let err = app.open(&bad).unwrap_err();
        assert!(err.contains("bad.ron:1:"), "{err}");
        assert_eq!(app.scene, before);
        assert!(app.dirty, "the unsaved work is kept");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_refused_polygon_file_can_be_opened_convex() {
        let mut app = app();
        let dir = std::env::temp_dir().join(format!("collidescope-hull-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("dart.ron");
        std::fs::write(
            &path,
            "(version: 1, shapes: [(name: \"D\", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 0.5), (2.0, 2.0), (0.0, 2.0)]), position: (0.0, 0.0), angle: 0.0)])",
        )
        .unwrap();
        assert!(app.open(&path).is_err());
        assert_eq!(app.convex_fix_available.as_deref(), Some(path.as_path()));
        app.open_making_convex(&path).unwrap();
        assert_eq!(app.scene.shapes[0].shape.vertices().len(), 4);
        assert!(app.dirty);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn save_writes_the_view_and_reopens_identically() {
        let mut app = app();
        app.set_algorithm(Algorithm::Epa);
        app.set_step(2);
        app.set_pair(1, 0);
        app.toggle_layer(LayerId::Minkowski);
        app.world_camera = Camera {
            center: Vec2::new(1.0, 2.0),
            zoom: 80.0,
        };
        let dir = std::env::temp_dir().join(format!("collidescope-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.ron");
        app.save_as(&path).unwrap();
        assert!(!app.dirty);
        let mut again = AppState::new(Scene::default(), None);
        again.open(&path).unwrap();
        assert_eq!(again.pair, Some((1, 0)));
        assert_eq!(again.algorithm, Algorithm::Epa);
        assert_eq!(again.step, 2);
        assert!(again.hidden_layers.contains(&LayerId::Minkowski));
        assert_eq!(again.world_camera, app.world_camera);
        assert_eq!(again.scene.shapes, app.scene.shapes);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn shapes_add_duplicate_rename_delete() {
        let mut app = app();
        let n = app.scene.shapes.len();
        let i = app.add_shape(ShapeKind::Capsule, Vec2::new(3.0, 3.0));
        assert_eq!(app.scene.shapes.len(), n + 1);
        assert_eq!(app.scene.shapes[i].name, "E");
        let j = app.duplicate_shape(i).unwrap();
        assert_eq!(app.scene.shapes[j].name, "E'");
        assert!(app.rename(j, "A").unwrap_err().contains("already"));
        app.rename(j, "Copy").unwrap();
        app.set_pair(0, j);
        app.delete_shape(1);
        assert_eq!(app.pair, Some((0, j - 1)));
        assert_eq!(app.scene.shapes[j - 1].name, "Copy");
        app.undo();
        assert_eq!(app.scene.shapes.len(), n + 2);
        assert_eq!(app.pair, Some((0, j)));
    }

    #[test]
    fn paste_and_make_convex() {
        assert_eq!(
            parse_points("b2Vec2(1.0f, -2.5f), b2Vec2(3e1f, 4)").unwrap(),
            vec![Vec2::new(1.0, -2.5), Vec2::new(30.0, 4.0)]
        );
        assert_eq!(parse_points("[[0,0],[1,0],[0,1]]").unwrap().len(), 3);
        assert!(parse_points("1 2 3").unwrap_err().contains("odd"));
        assert!(parse_points("hello")
            .unwrap_err()
            .contains("\"hello\" is not a number"));
        assert!(parse_points("()").unwrap_err().contains("no numbers"));
        let mut app = app();
        let i = app
            .paste_polygon("(10, 10), (12, 10), (12, 12), (10, 12)")
            .unwrap();
        assert_eq!(app.scene.shapes[i].pose.position, Vec2::new(11.0, 11.0));
        let dart = "(0,0) (2,0) (1,0.5) (2,2) (0,2)";
        assert!(app.paste_polygon(dart).unwrap_err().contains("not convex"));
        let pts = parse_points(dart).unwrap();
        app.make_convex(i, &pts).unwrap();
        assert_eq!(app.scene.shapes[i].shape.vertices().len(), 4);
    }

    #[test]
    fn a_pasted_cloud_becomes_box2ds_hull_and_is_stepped() {
        let mut app = app();
        // A square with a point inside and one a hair off its bottom edge.
        let cloud = "(0,0) (2,0) (2,2) (0,2) (1,1) (1,-0.001)";
        let i = app.add_box2d_hull(cloud).unwrap();
        let s = &app.scene.shapes[i];
        assert_eq!(s.shape.vertices().len(), 4);
        assert_eq!(s.hull_of.as_ref().map(Vec::len), Some(6));
        assert_eq!(app.algorithm, Algorithm::Hull);
        assert_eq!(app.pair.map(|p| p.0), Some(i));
        let an = app.analysis().unwrap();
        assert_eq!(an.hull_input.len(), 6);
        assert!(an.step_count(Algorithm::Hull) > 2);
        // Editing the polygon forgets the points it was built from.
        let s = &app.scene.shapes[i];
        let out = s.pose.transform().apply(s.shape.vertices()[0] * 1.1);
        app.move_vertex(i, 0, out).unwrap();
        assert!(app.scene.shapes[i].hull_of.is_none());
        // Two points make no hull: the builder's reason, and nothing added.
        let n = app.scene.shapes.len();
        let e = app.add_box2d_hull("(0,0) (1,0)").unwrap_err();
        assert!(e.contains("needs 3 to 64 points"), "{e}");
        assert_eq!(app.scene.shapes.len(), n);
    }

    #[test]
    fn settings_take_effect_and_cache_warm_starts() {
        let mut app = app();
        app.move_shape(1, Vec2::new(4.0, 0.5));
        let mut s = app.scene.settings;
        s.use_cache = true;
        app.set_settings(s).unwrap();
        app.analysis();
        app.move_shape(1, Vec2::new(4.01, 0.5));
        let an = app.analysis().unwrap();
        assert_eq!(an.distance.cache_use, crate::core::gjk::CacheUse::WarmStart);
        assert!(an.cold_iterations.is_some());
        s.gjk_max_iterations = 0;
        assert!(app.set_settings(s).is_err());
    }
}
