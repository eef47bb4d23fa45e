//! The scene library (`scenes/`): every file loads and survives a save/load round
//! trip; on its pair (the view's A and B, else the first two shapes) every
//! algorithm gives finite numbers and ends with a termination from its known set;
//! the terminations and the overlap a scene declares in its `expect` section hold;
//! every step of every algorithm draws and is narrated; the public cases of
//! `shared/reference/PUBLIC_CASES.md` show their known answers, and the teaching
//! scenes show what their notes say.

use collidescope::core::gjk::{CacheUse, SimplexCache};
use collidescope::core::manifold::ManifoldSource;
use collidescope::core::sat::{Owner, SatChoice};
use collidescope::core::toi::swept_sat::SweptTermination;
use collidescope::scene::{load_scene, save_scene, Scene};
use collidescope::study::draw::{draw_list, Frame};
use collidescope::study::{Algorithm, Studies};
use collidescope::trace::chain_expect::chain_expectation_problems;
use collidescope::trace::scene_results::SceneResults;
use collidescope::view::draw::Highlight;
use glam::Vec2;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

// The groups the library must fill (the panel's headings).
use collidescope::scene::library::GROUPS;

/// Tolerance on a unit normal's components and its length: 1e-3 (the public cases
/// state their normals to 5 decimals; f32 unit vectors are good to ~1e-6).
const NORMAL_TOL: f32 = 1e-3;

struct Loaded {
    file: String,
    scene: Scene,
    an: Studies,
    source: ManifoldSource,
}

fn scenes_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes")
}

fn scene_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenes_dir())
        .expect("scenes/ exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// The scene's pair: the view's A and B, else the first two shapes.
fn pair(scene: &Scene) -> (usize, usize) {
    let pick = |name: &str, default: usize| {
        if name.is_empty() {
            default
        } else {
            scene
                .shape_index(name)
                .expect("the loader checks view names")
        }
    };
    (pick(&scene.view.a, 0), pick(&scene.view.b, 1))
}

fn source(scene: &Scene) -> ManifoldSource {
    scene.view.manifold()
}

fn load(path: &Path) -> Loaded {
    let scene = load_scene(path).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        scene.shapes.len() >= 2,
        "{}: a scene needs a pair",
        path.display()
    );
    let (a, b) = pair(&scene);
    let an = Studies::compute(&scene, a, b, &mut SimplexCache::default());
    Loaded {
        file: path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned(),
        source: source(&scene),
        scene,
        an,
    }
}

fn load_all() -> Vec<Loaded> {
    scene_files().iter().map(|p| load(p)).collect()
}

fn find<'a>(all: &'a [Loaded], file: &str) -> &'a Loaded {
    all.iter()
        .find(|l| l.file == file)
        .unwrap_or_else(|| panic!("scenes/{file} is missing"))
}

/// Whether the pair overlaps, as the report says it: a penetration was found, or
/// the distance is zero (touching counts).
fn overlaps(an: &Studies) -> bool {
    an.basics.penetration.is_some() || an.basics.distance.distance <= 0.0
}

/// One line per scene with every termination and the key numbers (shown with
/// `cargo test --test scenes -- --nocapture`).
fn summary(l: &Loaded) -> String {
    let an = &l.an;
    let terms: Vec<String> = Algorithm::ALL
        .iter()
        .map(|&a| format!("{}={}", a.name(), an.termination(&l.scene, a, l.source)))
        .collect();
    let pen = an
        .basics
        .penetration
        .map(|p| {
            format!(
                "depth {:.6} n ({:.5}, {:.5})",
                p.depth, p.normal.x, p.normal.y
            )
        })
        .unwrap_or_else(|| "no penetration".into());
    let (m, _) = an.manifold.get(l.source);
    format!(
        "{:<40} {}\n    distance {:.6} (core {:.6}, simplex {}, {} it, cold {:?}) | epa {} it | {pen} | sat {:.6} n ({:.5}, {:.5}) {:?} | manifold {} pts | toi t {:.4} | cast t {:.4}",
        l.file,
        terms.join(" "),
        an.basics.distance.distance,
        an.basics.distance.core_distance,
        an.basics.distance.simplex_count,
        an.basics.distance.iterations,
        an.gjk.cold_iterations,
        an.basics.penetration.map(|p| p.iterations).unwrap_or(0),
        an.sat.output.separation,
        an.sat.output.normal.x,
        an.sat.output.normal.y,
        an.sat.output.choice,
        m.points().len(),
        an.swept.output.t,
        an.cast.output.t,
    )
}

/// `actual` within `rel` of `expected`, relative to |expected|.
fn close_rel(actual: f32, expected: f32, rel: f32) -> bool {
    (actual - expected).abs() <= rel * expected.abs()
}

/// Two unit normals agree component-wise within [`NORMAL_TOL`].
fn same_normal(n: Vec2, expected: Vec2) -> bool {
    (n - expected).abs().max_element() <= NORMAL_TOL
}

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn depth_normal(l: &Loaded) -> (f32, Vec2) {
    let p =
        l.an.basics
            .penetration
            .unwrap_or_else(|| panic!("{}: no penetration\n{}", l.file, summary(l)));
    (p.depth, p.normal)
}

mod chains;
mod contacts;
mod gjk;
mod library;
mod public;
mod results;
mod stress;
mod toi;
