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

/// The names each algorithm may end with ([`Studies::termination`]).
fn allowed(algorithm: Algorithm) -> &'static [&'static str] {
    match algorithm {
        Algorithm::Gjk => &[
            "converged",
            "duplicate_support",
            "direction_zero",
            "overlap",
            "max_iterations",
        ],
        Algorithm::Epa => &[
            "converged",
            "duplicate_support",
            "stalled",
            "max_iterations",
            "degenerate",
            "core_separated",
            "none",
        ],
        Algorithm::Sat => &["overlap", "separated"],
        Algorithm::Manifold => &["contact", "support_fallback", "separated"],
        Algorithm::Clip => &[
            "overlap",
            "touching",
            "disjoint",
            "degenerate_input",
            "not_polygons",
        ],
        Algorithm::BoxBox => &[
            "contact",
            "vertex_vertex",
            "support_fallback",
            "separated",
            "not_boxes",
        ],
        Algorithm::Toi => &["hit", "miss", "already_overlapping", "no_relative_motion"],
        Algorithm::Hull => &["hull", "count", "welded", "collinear"],
        Algorithm::Rotating => &["hit", "separated", "overlapped", "failed"],
        Algorithm::Ray => &[
            "hit",
            "inside",
            "missed",
            "max_iterations",
            "non_finite_input",
            "negative_max_fraction",
            "out_of_range",
            "no_ray",
        ],
        Algorithm::ChainRay => &["hit", "missed", "non_finite_input", "no_ray", "no_chain"],
        Algorithm::Cast => &[
            "hit",
            "initially_overlapping",
            "moving_apart",
            "separated_at_end",
            "max_iterations",
        ],
    }
}

/// Whether the pair overlaps, as the report says it: a penetration was found, or
/// the distance is zero (touching counts).
fn overlaps(an: &Studies) -> bool {
    an.basics.penetration.is_some() || an.basics.distance.distance <= 0.0
}

/// Collects the name of every non-finite number among the results that matter.
#[derive(Default)]
struct Finite {
    bad: Vec<String>,
}

impl Finite {
    fn f(&mut self, name: &str, x: f32) {
        if !x.is_finite() {
            self.bad.push(format!("{name} = {x}"));
        }
    }
    fn v(&mut self, name: &str, p: Vec2) {
        if !p.is_finite() {
            self.bad.push(format!("{name} = {p}"));
        }
    }
    fn walk(&mut self, an: &Studies) {
        let d = &an.basics.distance;
        self.f("distance.distance", d.distance);
        self.f("distance.core_distance", d.core_distance);
        self.v("distance.point_a", d.point_a);
        self.v("distance.point_b", d.point_b);
        if let Some(n) = d.normal {
            self.v("distance.normal", n);
        }
        if let Some(p) = &an.basics.penetration {
            self.f("penetration.depth", p.depth);
            self.v("penetration.normal", p.normal);
            self.v("penetration.point_a", p.point_a);
            self.v("penetration.point_b", p.point_b);
        }
        self.f("sat.separation", an.sat.output.separation);
        self.v("sat.normal", an.sat.output.normal);
        for (label, m) in [
            ("manifold_epa", &an.manifold.epa),
            ("manifold_sat", &an.manifold.sat),
        ] {
            self.v(&format!("{label}.normal"), m.normal);
            for (i, p) in m.points().iter().enumerate() {
                self.v(&format!("{label}.points[{i}].point_a"), p.point_a);
                self.v(&format!("{label}.points[{i}].point_b"), p.point_b);
                self.f(&format!("{label}.points[{i}].separation"), p.separation);
            }
        }
        if let Some(c) = &an.clip.output {
            self.v("clip.normal", c.normal);
            for (i, p) in c.polygon.iter().enumerate() {
                self.v(&format!("clip.polygon[{i}]"), *p);
            }
            for (i, p) in c.points.iter().enumerate() {
                self.v(&format!("clip.points[{i}].point_a"), p.point_a);
                self.v(&format!("clip.points[{i}].point_b"), p.point_b);
                self.f(&format!("clip.points[{i}].separation"), p.separation);
            }
        }
        if let Ok(bb) = &an.box_box.output {
            self.f("box_box.separation", bb.separation);
            self.v("box_box.normal", bb.normal);
            for (i, p) in bb.points().iter().enumerate() {
                self.v(&format!("box_box.points[{i}].point_a"), p.point_a);
                self.v(&format!("box_box.points[{i}].point_b"), p.point_b);
                self.f(&format!("box_box.points[{i}].separation"), p.separation);
            }
        }
        self.f("toi.t", an.swept.output.t);
        self.v("toi.normal", an.swept.output.normal);
        self.f("toi.depth", an.swept.output.depth);
        if let Some(p) = an.swept.output.point {
            self.v("toi.point", p);
        }
        self.f("cast.t", an.cast.output.t);
        self.v("cast.point", an.cast.output.point);
        self.v("cast.normal", an.cast.output.normal);
        self.f("cast.distance", an.cast.output.distance);
        self.f("minkowski.radius", an.basics.minkowski.radius);
        for (i, p) in an.basics.minkowski.points.iter().enumerate() {
            self.v(&format!("minkowski.points[{i}]"), *p);
        }
    }
}

fn is_unit(n: Vec2) -> bool {
    (n.length() - 1.0).abs() <= NORMAL_TOL
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

#[test]
fn every_scene_loads_and_round_trips() {
    let files = scene_files();
    assert!(!files.is_empty());
    let dir = std::env::temp_dir().join(format!("collidescope-scenes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for path in &files {
        let scene = load_scene(path).unwrap_or_else(|e| panic!("{e}"));
        let copy = dir.join(path.file_name().expect("a file"));
        save_scene(&scene, &copy).unwrap_or_else(|e| panic!("{e}"));
        let again = load_scene(&copy).unwrap_or_else(|e| panic!("{e}"));
        let name = path.display();
        assert_eq!(again.shapes, scene.shapes, "{name}: shapes");
        assert_eq!(again.settings, scene.settings, "{name}: settings");
        assert_eq!(again.view, scene.view, "{name}: view");
        assert_eq!(again.expect, scene.expect, "{name}: expect");
        assert_eq!(
            (&again.title, &again.notes, &again.group),
            (&scene.title, &scene.notes, &scene.group),
            "{name}: title, notes, group"
        );
    }
    std::fs::remove_dir_all(&dir).expect("temp dir removed");
}

#[test]
fn the_library_has_enough_scenes_in_every_group() {
    let all = load_all();
    assert!(all.len() >= 20, "only {} scenes", all.len());
    for l in &all {
        let s = &l.scene;
        assert!(!s.title.trim().is_empty(), "{}: no title", l.file);
        assert!(s.notes.trim().len() >= 40, "{}: notes too short", l.file);
        assert!(
            GROUPS.contains(&s.group.as_str()),
            "{}: group \"{}\" is not one of {GROUPS:?}",
            l.file,
            s.group
        );
        assert!(!s.expect.is_empty(), "{}: no expect section", l.file);
        // The step the scene opens on exists (it is not silently clamped).
        let n = l.an.step_count(s.view.algorithm);
        assert!(
            s.view.step < n,
            "{}: view.step {} but {} has {n} steps",
            l.file,
            s.view.step,
            s.view.algorithm.name()
        );
    }
    for g in GROUPS {
        let n = all.iter().filter(|l| l.scene.group == g).count();
        assert!(n >= 1, "group \"{g}\" is empty");
    }
    let public = all
        .iter()
        .filter(|l| l.scene.group == "Public cases")
        .count();
    assert_eq!(public, 7, "one scene per public case");
    let titles: BTreeSet<&str> = all.iter().map(|l| l.scene.title.as_str()).collect();
    assert_eq!(titles.len(), all.len(), "titles are unique");
}

#[test]
fn results_are_finite_and_normals_unit() {
    for l in load_all() {
        println!("{}", summary(&l));
        let mut f = Finite::default();
        f.walk(&l.an);
        assert!(f.bad.is_empty(), "{}: {:?}", l.file, f.bad);
        let an = &l.an;
        let mut normals = vec![("sat", an.sat.output.normal)];
        if let Some(n) = an.basics.distance.normal {
            normals.push(("distance", n));
        }
        if let Some(p) = &an.basics.penetration {
            normals.push(("penetration", p.normal));
        }
        if an.manifold.epa.case.is_some() {
            normals.push(("manifold_epa", an.manifold.epa.normal));
        }
        if an.manifold.sat.case.is_some() {
            normals.push(("manifold_sat", an.manifold.sat.normal));
        }
        if let Ok(bb) = &an.box_box.output {
            normals.push(("box_box", bb.normal));
        }
        if an.swept.output.termination != SweptTermination::NoRelativeMotion {
            normals.push(("toi", an.swept.output.normal));
        }
        if an.cast.output.hit {
            normals.push(("cast", an.cast.output.normal));
        }
        for (what, n) in normals {
            assert!(is_unit(n), "{}: {what} normal {n} is not unit", l.file);
        }
        assert!(an.basics.distance.distance >= 0.0, "{}", l.file);
        assert!((0.0..=1.0).contains(&an.swept.output.t), "{}", l.file);
        assert!((0.0..=1.0).contains(&an.cast.output.t), "{}", l.file);
    }
}

#[test]
fn terminations_are_known_and_as_declared() {
    for l in load_all() {
        let declared = &l.scene.expect.terminations;
        for algorithm in Algorithm::ALL {
            let got = l.an.termination(&l.scene, algorithm, l.source);
            assert!(
                allowed(algorithm).contains(&got),
                "{}: {} ended with unknown \"{got}\"",
                l.file,
                algorithm.name()
            );
            // Hitting an iteration bound is never incidental: a scene that does so
            // must say it.
            if got == "max_iterations" {
                assert_eq!(
                    declared.get(algorithm.name()).map(String::as_str),
                    Some("max_iterations"),
                    "{}: {} ran out of iterations",
                    l.file,
                    algorithm.name()
                );
            }
        }
        for (name, want) in declared {
            let algorithm = Algorithm::from_name(name).expect("the loader checks names");
            assert!(
                allowed(algorithm).contains(&want.as_str()),
                "{}: expect names \"{want}\", not a termination of {name}",
                l.file
            );
            let got = l.an.termination(&l.scene, algorithm, l.source);
            assert_eq!(got, want, "{}: {name}\n{}", l.file, summary(&l));
        }
        match l.scene.expect.overlap.as_str() {
            "yes" => assert!(overlaps(&l.an), "{}: expected overlap", l.file),
            "no" => assert!(!overlaps(&l.an), "{}: expected no overlap", l.file),
            _ => {}
        }
    }
}

/// The chain outcomes a scene declares (`expect.chains`) hold, and every scene with
/// chains declares them for every chain and shape.
#[test]
fn chain_outcomes_are_as_declared() {
    let mut checked = 0;
    for path in scene_files() {
        let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
        let problems = chain_expectation_problems(&scene);
        assert!(problems.is_empty(), "{}: {problems:#?}", path.display());
        for chain in &scene.chains {
            for shape in &scene.shapes {
                assert!(
                    scene
                        .expect
                        .chains
                        .iter()
                        .any(|e| e.chain == chain.name && e.shape == shape.name),
                    "{}: no expected outcome for {} × {}",
                    path.display(),
                    chain.name,
                    shape.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} chain pairs declared");
}

#[test]
fn every_step_draws_and_is_narrated() {
    for l in load_all() {
        let results = SceneResults::compute(&l.scene);
        let hl = Highlight {
            manifold_via_sat: l.source == ManifoldSource::Sat,
            ..Highlight::default()
        };
        for algorithm in Algorithm::ALL {
            let n = l.an.step_count(algorithm);
            assert!(n >= 1);
            for step in 0..n {
                let frame = Frame {
                    scene: &l.scene,
                    studies: Some(&l.an),
                    results: &results,
                    peers: &[],
                    algorithm,
                    step,
                };
                let list = draw_list(&frame, &hl);
                assert!(
                    !list.layers.is_empty(),
                    "{}: {} step {step} draws nothing",
                    l.file,
                    algorithm.name()
                );
                let text = l.an.narrate(&l.scene, algorithm, step, ManifoldSource::Epa);
                assert!(
                    !text.trim().is_empty(),
                    "{}: {} step {step} has no narration",
                    l.file,
                    algorithm.name()
                );
            }
        }
    }
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

/// PUBLIC_CASES.md: depth, normal and distance within 1e-3 relative (case 3: ±1e-3
/// on the depth, as stated there); normals within 1e-3 per component.
#[test]
fn public_cases_show_the_known_answers() {
    let all = load_all();

    // 1. dyn4j's triangles: depth 0.93704, normal (0.62470, −0.78087); SAT agrees.
    let l = find(&all, "public_1_dyn4j_triangles.ron");
    let (depth, n) = depth_normal(l);
    assert!(close_rel(depth, 0.93704, 1e-3), "{}", summary(l));
    assert!(same_normal(n, v(0.62470, -0.78087)), "{}", summary(l));
    assert!(
        close_rel(-l.an.sat.output.separation, 0.93704, 1e-3),
        "{}",
        summary(l)
    );

    // 2. dyn4j's clipping example 1: normal (0, −1), depth 1, reference edge on A,
    // points (12, 5) and (8, 5) on B, each 1 deep — on both normal sources.
    let l = find(&all, "public_2_dyn4j_clipping.ron");
    let (depth, n) = depth_normal(l);
    assert!(close_rel(depth, 1.0, 1e-3), "{}", summary(l));
    assert!(same_normal(n, v(0.0, -1.0)), "{}", summary(l));
    for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
        let (m, _) = l.an.manifold.get(source);
        assert!(same_normal(m.normal, v(0.0, -1.0)), "{source:?}: {m:?}");
        assert_eq!(m.reference, Some(Owner::A), "{source:?}: {m:?}");
        let mut on_b: Vec<(f32, f32, f32)> = m
            .points()
            .iter()
            .map(|p| (p.point_b.x, p.point_b.y, p.separation))
            .collect();
        on_b.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(on_b.len(), 2, "{source:?}: {m:?}");
        for (got, want) in on_b.iter().zip([(8.0, 5.0), (12.0, 5.0)]) {
            assert!(
                (got.0 - want.0).abs() <= 1e-3 * want.0 && (got.1 - want.1).abs() <= 1e-3 * want.1,
                "{source:?}: point {got:?}, expected {want:?}"
            );
            assert!(close_rel(got.2, -1.0, 1e-3), "{source:?}: depth {got:?}");
        }
    }

    // 3. parry2d's stalling EPA: core distance 0.56370, depth 9.43630 ± 1e-3, within
    // the iteration bound.
    let l = find(&all, "public_3_parry_epa_stall.ron");
    let (depth, _) = depth_normal(l);
    assert!((depth - 9.43630).abs() <= 1e-3, "{}", summary(l));
    assert!(
        (l.an.basics.distance.core_distance - 0.56370).abs() <= 1e-3,
        "{}",
        summary(l)
    );
    assert_ne!(
        l.an.termination(&l.scene, Algorithm::Epa, l.source),
        "max_iterations"
    );

    // 4. The distance does not depend on argument order: 3.573167 both ways.
    let l = find(&all, "public_4_argument_order.ron");
    assert!(
        close_rel(l.an.basics.distance.distance, 3.573167, 1e-3),
        "{}",
        summary(l)
    );
    let (a, b) = pair(&l.scene);
    let swapped = Studies::compute(&l.scene, b, a, &mut SimplexCache::default());
    assert!(
        close_rel(swapped.basics.distance.distance, 3.573167, 1e-3),
        "swapped: {:?}",
        swapped.basics.distance
    );
    assert!(
        (swapped.basics.distance.distance - l.an.basics.distance.distance).abs() <= 1e-5,
        "{} vs {}",
        swapped.basics.distance.distance,
        l.an.basics.distance.distance
    );

    // 5. A point 0.005 beyond the end of a plank 0.0032 thick: distance 0.005, +x.
    let l = find(&all, "public_5_point_near_short_edge.ron");
    assert!(!overlaps(&l.an), "{}", summary(l));
    assert!(
        close_rel(l.an.basics.distance.distance, 0.005, 1e-3),
        "{}",
        summary(l)
    );
    let n =
        l.an.basics
            .distance
            .normal
            .expect("a separated pair has a normal");
    assert!(same_normal(n, v(1.0, 0.0)), "{}", summary(l));

    // 6. Large coordinates: depth 160, normal (−1, 0).
    let l = find(&all, "public_6_large_coordinates.ron");
    let (depth, n) = depth_normal(l);
    assert!(close_rel(depth, 160.0, 1e-3), "{}", summary(l));
    assert!(same_normal(n, v(-1.0, 0.0)), "{}", summary(l));

    // 7. First simplex edge through the origin: depth 1, normal (1, 0).
    let l = find(&all, "public_7_first_edge_through_origin.ron");
    let (depth, n) = depth_normal(l);
    assert!(close_rel(depth, 1.0, 1e-3), "{}", summary(l));
    assert!(same_normal(n, v(1.0, 0.0)), "{}", summary(l));
}

/// The GJK witness points and closest features the GJK scenes' notes describe.
#[test]
fn gjk_scenes_show_their_closest_features() {
    let all = load_all();
    let sep = |file: &str| {
        let l = find(&all, file);
        assert!(!overlaps(&l.an), "{}", summary(l));
        (l, l.an.basics.distance)
    };
    let near = |p: Vec2, q: Vec2| p.distance(q) <= 1e-4;

    // Vertex–vertex: one simplex vertex; the witness points are A's corner (1, 0.6)
    // and B's tip (2, 1.6), √2 apart.
    let (l, d) = sep("gjk_vertex_vertex.ron");
    assert_eq!(d.simplex_count, 1, "{}", summary(l));
    assert!(close_rel(d.distance, 2f32.sqrt(), 1e-5), "{}", summary(l));
    assert!(
        near(d.point_a, v(1.0, 0.6)) && near(d.point_b, v(2.0, 1.6)),
        "{d:?}"
    );

    // Vertex–edge: a simplex edge; B's tip (0.3, 1.2) above A's face y = 0.5.
    let (l, d) = sep("gjk_vertex_edge.ron");
    assert_eq!(d.simplex_count, 2, "{}", summary(l));
    assert!(close_rel(d.distance, 0.7, 1e-5), "{}", summary(l));
    assert!(
        near(d.point_b, v(0.3, 1.2)) && near(d.point_a, v(0.3, 0.5)),
        "{d:?}"
    );

    // Edge–edge: parallel faces 0.4 apart overlapping for x in [0.4, 1.0]; the
    // witness points are one valid pair inside that overlap, straight above
    // each other.
    let (l, d) = sep("gjk_edge_edge.ron");
    assert_eq!(d.simplex_count, 2, "{}", summary(l));
    assert!(close_rel(d.distance, 0.4, 1e-5), "{}", summary(l));
    assert!(same_normal(d.normal.expect("apart"), v(0.0, 1.0)), "{d:?}");
    for p in [d.point_a, d.point_b] {
        assert!((0.4 - 1e-5..=1.0 + 1e-5).contains(&p.x), "{d:?}");
    }
    assert!((d.point_a.y - 0.5).abs() <= 1e-5 && (d.point_b.y - 0.9).abs() <= 1e-5);

    // Several support calls, ending on a repeated one.
    let (l, d) = sep("gjk_duplicate_support.ron");
    assert!(d.iterations >= 4, "{}", summary(l));
    let last = l.an.gjk.trace.steps.last().expect("steps");
    let support = last
        .support
        .expect("the last step asked for a support point");
    assert!(
        last.simplex_in
            .iter()
            .any(|w| w.index_a == support.index_a && w.index_b == support.index_b),
        "the last support pair is in the simplex: {last:?}"
    );

    // Circles: the centres' distance minus the radii; the witness points on the rims.
    let (l, d) = sep("gjk_circles.ron");
    let centres = 7.25f32.sqrt();
    assert!(close_rel(d.core_distance, centres, 1e-5), "{}", summary(l));
    assert!(close_rel(d.distance, centres - 1.6, 1e-5), "{}", summary(l));
    assert!((d.point_a.length() - 1.0).abs() <= 1e-5, "{d:?}");
    assert!(
        (d.point_b.distance(v(2.5, 1.0)) - 0.6).abs() <= 1e-5,
        "{d:?}"
    );

    // Capsule: the core distance less the radius 0.4.
    let (l, d) = sep("gjk_capsule_box.ron");
    assert!(
        (d.core_distance - d.distance - 0.4).abs() <= 1e-5,
        "{}",
        summary(l)
    );

    // Touching: no direction; distance 0; SAT separation 0 on the shared face.
    let l = find(&all, "touching.ron");
    assert_eq!(l.an.basics.distance.distance, 0.0, "{}", summary(l));
    assert_eq!(l.an.basics.distance.normal, None, "{}", summary(l));
    assert!(l.an.sat.output.separation.abs() <= 1e-6, "{}", summary(l));
    assert!(
        same_normal(l.an.sat.output.normal, v(0.0, 1.0)),
        "{}",
        summary(l)
    );
}

/// The warm start: after a small move of B the carried cache rebuilds the simplex
/// and GJK needs fewer support calls than the cold query.
#[test]
fn warm_start_scene_saves_iterations() {
    let mut l = load(&scenes_dir().join("gjk_warm_start.ron"));
    assert!(l.scene.settings.use_cache);
    let (a, b) = pair(&l.scene);
    let mut cache = SimplexCache::default();
    let first = Studies::compute(&l.scene, a, b, &mut cache);
    assert_eq!(first.basics.distance.cache_use, CacheUse::Cold);
    l.scene.shapes[b].pose.position += v(0.03, -0.02);
    let moved = Studies::compute(&l.scene, a, b, &mut cache);
    let cold = moved.gjk.cold_iterations.expect("the cache is on");
    println!(
        "warm start: {} support calls, cold {cold}",
        moved.basics.distance.iterations
    );
    assert!(
        cold >= 4,
        "the scene starts far from the closest features: {cold}"
    );
    assert_eq!(moved.basics.distance.cache_use, CacheUse::WarmStart);
    assert!(
        moved.basics.distance.iterations < cold,
        "warm {} vs cold {cold}",
        moved.basics.distance.iterations
    );
    let fresh = Studies::compute(&l.scene, a, b, &mut SimplexCache::default());
    assert!(
        (moved.basics.distance.distance - fresh.basics.distance.distance).abs() <= 1e-5,
        "the warm start changes the cost, not the answer"
    );
}

/// EPA, SAT and clipping scenes.
#[test]
fn contact_scenes_show_their_point() {
    let all = load_all();

    // EPA: shallow 0.05 along +y; deep: several expansions, and SAT agrees.
    let l = find(&all, "epa_shallow.ron");
    let (depth, n) = depth_normal(l);
    assert!(
        close_rel(depth, 0.05, 1e-3) && same_normal(n, v(0.0, 1.0)),
        "{}",
        summary(l)
    );
    let l = find(&all, "epa_deep.ron");
    let (depth, _) = depth_normal(l);
    assert!(depth > 1.0, "{}", summary(l));
    assert!(
        l.an.basics.penetration.expect("overlap").iterations >= 3,
        "{}",
        summary(l)
    );
    assert!(
        close_rel(depth, -l.an.sat.output.separation, 1e-4),
        "{}",
        summary(l)
    );
    // Rounded: the cores overlap (depth beyond the radius 0.3), SAT agrees.
    let l = find(&all, "epa_rounded.ron");
    let (depth, _) = depth_normal(l);
    assert!(depth > 0.3 + 1e-3, "{}", summary(l));
    assert!(
        close_rel(depth, -l.an.sat.output.separation, 1e-4),
        "{}",
        summary(l)
    );
    // Radii only: depth = rA + rB − core distance.
    let l = find(&all, "epa_radii_only.ron");
    let (depth, _) = depth_normal(l);
    assert!(l.an.basics.distance.core_distance > 0.0, "{}", summary(l));
    assert!(
        (depth - (0.25 + 0.35 - l.an.basics.distance.core_distance)).abs() <= 1e-5,
        "{}",
        summary(l)
    );

    // The bias: B's face is the better one, but not by the margin; A's is kept
    // (EPA, with no bias, takes B's).
    let l = find(&all, "sat_bias.ron");
    let t = &l.an.sat.trace;
    let (sa, sb) = (
        t.best_a.expect("A has faces").separation,
        t.best_b.expect("B has faces").separation,
    );
    assert!(sb > sa, "B's face is better: {sa} vs {sb}");
    assert_eq!(
        l.an.sat.output.choice,
        SatChoice::BiasKeptA,
        "{}",
        summary(l)
    );
    assert_eq!(l.an.sat.output.axis_owner, Owner::A);
    let (depth, _) = depth_normal(l);
    assert!(
        close_rel(depth, -sb, 1e-4),
        "EPA finds B's face: {}",
        summary(l)
    );
    let l = find(&all, "sat_bias_flip.ron");
    assert_eq!(
        l.an.sat.output.choice,
        SatChoice::BBeyondBias,
        "{}",
        summary(l)
    );
    assert_eq!(l.an.sat.output.axis_owner, Owner::B);

    // Clipping: two points (one side-plane cut), one point (the corner), circle.
    let l = find(&all, "clip_two_points.ron");
    let (m, trace) = l.an.manifold.get(l.source);
    assert_eq!(m.points().len(), 2, "{}", summary(l));
    assert!(m.points().iter().all(|p| p.separation < 0.0), "{m:?}");
    assert!(
        (m.points()[0].separation - m.points()[1].separation).abs() > 0.01,
        "different depths: {m:?}"
    );
    assert_eq!(m.reference, Some(Owner::A));
    assert!(same_normal(m.normal, v(0.0, 1.0)), "{m:?}");
    assert!(
        m.points().iter().any(|p| (p.point_b.x - 1.0).abs() <= 1e-4),
        "one point is where A's right side plane cuts B's edge: {m:?}"
    );
    assert!(!trace.clips.is_empty());
    let l = find(&all, "clip_one_point.ron");
    let (m, _) = l.an.manifold.get(l.source);
    assert_eq!(m.points().len(), 1, "{}", summary(l));
    let corner = l.scene.shapes[1]
        .shape
        .vertices()
        .iter()
        .map(|&c| l.scene.shapes[1].pose.transform().apply(c))
        .min_by(|p, q| p.y.total_cmp(&q.y))
        .expect("a box has corners");
    assert!(
        m.points()[0].point_b.distance(corner) <= 1e-4,
        "{m:?} vs {corner}"
    );
    let l = find(&all, "clip_circle_face.ron");
    let (m, _) = l.an.manifold.get(l.source);
    assert_eq!(m.points().len(), 1, "{}", summary(l));
    assert!(same_normal(m.normal, v(0.0, 1.0)), "{m:?}");
    assert!((m.points()[0].separation + 0.05).abs() <= 1e-5, "{m:?}");
    assert!(
        m.points()[0].point_b.distance(v(0.3, 0.45)) <= 1e-4,
        "{m:?}"
    );

    // Sutherland–Hodgman: a region with area, inside both polygons' areas.
    let l = find(&all, "sutherland_hodgman.ron");
    let c = l.an.clip.output.as_ref().expect("two polygons");
    assert!(c.polygon.len() >= 4, "{c:?}");
    // A (the subject) is clipped by each of B's 5 edges in turn.
    assert_eq!(l.an.clip.trace.edges.len(), 5, "one step per edge of B");
    assert!(c.points.iter().all(|p| p.separation <= 0.0), "{c:?}");

    // Box–box: two points with distinct feature pairs that survive a small move.
    let mut l = load(&scenes_dir().join("box_box_feature_ids.ron"));
    let ids = |an: &Studies| -> Vec<u32> {
        let mut ids: Vec<u32> = an
            .box_box
            .output
            .as_ref()
            .expect("two boxes")
            .points()
            .iter()
            .map(|p| p.id)
            .collect();
        ids.sort();
        ids
    };
    let before = ids(&l.an);
    assert_eq!(before.len(), 2, "{}", summary(&l));
    assert_ne!(before[0], before[1]);
    let (a, b) = pair(&l.scene);
    l.scene.shapes[b].pose.position += v(0.05, 0.01);
    let moved = Studies::compute(&l.scene, a, b, &mut SimplexCache::default());
    assert_eq!(
        ids(&moved),
        before,
        "feature ids are stable under a small move"
    );
}

/// Time-of-impact scenes: the static test misses what the swept test catches.
#[test]
fn time_of_impact_scenes_show_their_point() {
    // Tunnelling: apart at t = 0 and at t = 1, hit at t = 2.6/6 in between.
    let mut l = load(&scenes_dir().join("toi_tunnelling.ron"));
    assert!(
        close_rel(l.an.swept.output.t, 2.6 / 6.0, 1e-4),
        "{}",
        summary(&l)
    );
    assert!(
        close_rel(l.an.cast.output.t, 2.6 / 6.0, 1e-3),
        "{}",
        summary(&l)
    );
    let (a, b) = pair(&l.scene);
    for i in [a, b] {
        let s = &mut l.scene.shapes[i];
        s.pose.position += s.velocity;
    }
    let end = Studies::compute(&l.scene, a, b, &mut SimplexCache::default());
    assert_eq!(
        end.termination(&l.scene, Algorithm::Sat, l.source),
        "separated"
    );
    assert!(
        end.basics.distance.distance > 1.0,
        "{:?}",
        end.basics.distance
    );

    // Capsule against polygon: both hit; swept SAT is never later than the cast.
    let l = load(&scenes_dir().join("toi_capsule_polygon.ron"));
    assert!(
        l.an.cast.output.hit && l.an.swept.output.hit,
        "{}",
        summary(&l)
    );
    assert!(
        l.an.swept.output.t <= l.an.cast.output.t + 1e-4,
        "{}",
        summary(&l)
    );
    assert!(
        l.an.cast.output.t > 0.1 && l.an.cast.output.t < 0.9,
        "{}",
        summary(&l)
    );

    // Diagonal miss: neither method reports a hit. On the edge axes an exit (0.6)
    // comes before the latest entry (0.67): entries alone would say "hit".
    let l = load(&scenes_dir().join("toi_diagonal_miss.ron"));
    assert!(
        !l.an.swept.output.hit && !l.an.cast.output.hit,
        "{}",
        summary(&l)
    );
    let moving: Vec<_> =
        l.an.swept
            .trace
            .axes
            .iter()
            .filter(|a| !a.static_axis)
            .collect();
    let latest_entry = moving.iter().map(|a| a.entry).fold(f32::MIN, f32::max);
    let earliest_exit = moving.iter().map(|a| a.exit).fold(f32::MAX, f32::min);
    assert!(
        (0.0..=1.0).contains(&latest_entry) && earliest_exit < latest_entry,
        "entry {latest_entry}, exit {earliest_exit}"
    );
}

/// Stress scenes: the answers a small scene would give.
#[test]
fn stress_scenes_keep_their_precision() {
    let all = load_all();
    // At (5e4, −3e4) the float spacing is ~0.004: depth 0.1 to 2e-3.
    let l = find(&all, "huge_coordinates.ron");
    let (depth, n) = depth_normal(l);
    assert!(
        (depth - 0.1).abs() <= 2e-3 && same_normal(n, v(0.0, 1.0)),
        "{}",
        summary(l)
    );
    // At 1e5 the spacing is ~0.008: distance 0.5 to 1e-2.
    let l = find(&all, "huge_coordinates_apart.ron");
    assert!(
        (l.an.basics.distance.distance - 0.5).abs() <= 1e-2,
        "{}",
        summary(l)
    );
    // The pebble: 0.004 deep along +y.
    let l = find(&all, "tiny_vs_huge.ron");
    let (depth, n) = depth_normal(l);
    assert!(
        (depth - 0.004).abs() <= 1e-5 && same_normal(n, v(0.0, 1.0)),
        "{}",
        summary(l)
    );
    // The sliver: its tip 0.1 inside, pushed out along +x.
    let l = find(&all, "sliver.ron");
    let (depth, n) = depth_normal(l);
    assert!(
        close_rel(depth, 0.1, 1e-3) && same_normal(n, v(1.0, 0.0)),
        "{}",
        summary(l)
    );
}

/// The chain-ray scene's point: a ray from outside the room hits its wall; from inside
/// the room, and from below the open floor, the rays start on the segments' solid side
/// and pass through.
#[test]
fn chain_rays_pass_out_of_the_material_and_hit_from_outside() {
    use collidescope::study::chain_ray::ChainRayStudy;
    let all = load_all();
    let l = find(&all, "chain_rays.ron");
    let ray = |name: &str| {
        let r = l
            .scene
            .rays
            .iter()
            .position(|r| r.name == name)
            .expect("ray");
        ChainRayStudy::of(&l.scene, r)
    };
    let out = ray("Out");
    let (i, hit) = out.answer().expect("the ray from outside hits the room");
    assert_eq!(l.scene.chains[out.casts[i].chain].name, "Room");
    assert_eq!(hit.segment, Some(3));
    assert!((hit.fraction - 0.5).abs() < 1e-6, "{hit:?}");
    assert!((hit.normal - Vec2::new(-1.0, 0.0)).length() < 1e-6);
    for name in ["In", "Under"] {
        let s = ray(name);
        assert!(s.answer().is_none(), "{name}: {:?}", s.answer());
        // Every wall the ray crosses is skipped on its solid side, not missed by geometry.
        assert!(s.casts.iter().any(|c| c
            .trace
            .segments
            .iter()
            .any(|r| r.verdict == collidescope::core::chain::SegmentRayVerdict::SolidSide)));
    }
}
