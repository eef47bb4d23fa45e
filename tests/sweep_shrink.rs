//! Sweeps, shrinking and profiles from the outside: the known disagreements shrunk to a
//! few vertices near the origin (the fuzzer's ray and chain finds, parry2d's spinning
//! bar), and the commands `sweep`, `shrink`, `export --plot sweep|slide`, `fuzz`'s
//! shrunk scenes and `fuzz --profile`.

use collidescope::scene::{parse_scene, Scene};
use collidescope::verify::shrink::{shrink, Keep, Shrunk};
use collidescope::verify::{disagreement_scene, generate_pair_in, Check, Disagreement};
use std::path::{Path, PathBuf};
use std::process::Command;

fn library(name: &str) -> Scene {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes")
        .join(name);
    collidescope::scene::load_scene(&path).unwrap()
}

/// The scene `collidescope fuzz` writes for pair `index` of `seed` failing `check`.
fn fuzz_scene(seed: u64, index: u64, check: Check) -> Scene {
    let pair = generate_pair_in(seed, index, None);
    let d = Disagreement {
        seed,
        index,
        family: pair.family,
        check,
        error: 0.0,
        tolerance: 0.0,
        detail: String::new(),
        manifold_source: None,
    };
    disagreement_scene(&pair, &d).unwrap()
}

/// Shrinks, and checks what shrinking promises: the result fails the check (again,
/// here, and as written to a file and read back), is no larger, has at most `vertices`
/// and lies within `reach` of the origin.
fn shrunk(scene: &Scene, pair: (usize, usize), keep: &str, vertices: usize, reach: f32) -> Shrunk {
    let keep = Keep::parse(keep).unwrap();
    let s = shrink(scene, pair, keep).unwrap();
    assert!(s.proven, "{}", s.summary());
    let text = collidescope::scene::scene_to_string(&s.scene);
    let back = parse_scene(&text, "shrunk").unwrap();
    assert!(keep.fails(&back), "{}", s.summary());
    assert!(s.after.vertices <= s.before.vertices && s.after.reach <= s.before.reach);
    assert!(s.after.bits < s.before.bits, "{}", s.summary());
    assert!(s.after.vertices <= vertices, "{}", s.summary());
    assert!(s.after.reach <= reach, "{}", s.summary());
    s
}

/// Two of the fuzzer's ray finds (`fuzz --seed 202`; the book's long runs): the
/// exact ray cast's normal 1e-3 rad off next to a sliver's rounded corner, and the
/// GJK ray cast's. Each is a polygon pair with two rays; shrunk, one ray against a
/// tiny rounded corner (a circle of radius ~1e-4) near the origin.
#[test]
fn the_fuzzers_ray_disagreements_shrink_to_a_few_vertices_near_the_origin() {
    let s = shrunk(
        &fuzz_scene(202, 507_508, Check::RayExact),
        (0, 1),
        "ray_exact",
        2,
        2.0,
    );
    assert_eq!(
        (s.before.vertices, s.after.vertices),
        (5, 2),
        "{}",
        s.summary()
    );
    assert_eq!(s.scene.rays.len(), 1);
    let s = shrunk(
        &fuzz_scene(202, 579_318, Check::RayGjk),
        (0, 1),
        "ray_gjk",
        2,
        2.0,
    );
    assert_eq!(
        (s.before.vertices, s.after.vertices),
        (11, 2),
        "{}",
        s.summary()
    );
}

/// parry2d's `cast_shapes_nonlinear` tunnelling through a spinning bar's first contact
/// (the library's `toi_spinning_bar`): shrunk to a point and a turning segment.
#[cfg(feature = "peers")]
#[test]
fn parrys_tunnelling_bar_shrinks_to_a_point_and_a_segment() {
    let scene = library("toi_spinning_bar.ron");
    let s = shrunk(&scene, (0, 1), "parry:toi_rotating", 3, 2.5);
    assert_eq!(s.before.vertices, 8);
    assert!(s.scene.shapes[1].angular_velocity != 0.0, "it still turns");
}

/// One of the chain family's normal disagreements with Box2D (`fuzz --family chain
/// --seed 1`, case 1057920): a chain of 6 points and a polygon, shrunk to a chain of a
/// few points and a smaller shape near the origin.
#[cfg(feature = "peers")]
#[test]
fn a_chain_normal_disagreement_shrinks() {
    use collidescope::verify::peers_chain::{
        chain_disagreement_scene, ChainCheck, ChainDisagreement,
    };
    let case = collidescope::verify::chain_case(1, 1_057_920);
    let d = ChainDisagreement {
        seed: 1,
        index: 1_057_920,
        checks: vec![ChainCheck::Normal],
        detail: String::new(),
    };
    let scene = chain_disagreement_scene(&case, &d).unwrap();
    let s = shrunk(&scene, (0, 0), "chain_normal", 6, 1.5);
    assert_eq!(s.scene.chains.len(), 1);
}

// ----- the commands -----

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_collidescope")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("collidescope-sweep-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(bin()).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A small box under a big box turning: its reference face changes near 45°.
fn boxes(dir: &Path) -> String {
    let path = dir.join("boxes.ron");
    std::fs::write(
        &path,
        r#"(version: 1, title: "boxes", shapes: [
            (name: "A", geometry: Box(half_extents: (0.25, 0.25), radius: 0.0), position: (0.0, 0.0), angle: 0.0),
            (name: "B", geometry: Box(half_extents: (1.0, 1.0), radius: 0.0), position: (0.0, 1.2), angle: 0.0),
        ], view: (a: "A", b: "B", algorithm: "manifold"))"#,
    )
    .unwrap();
    path.display().to_string()
}

#[test]
fn sweep_writes_a_row_per_step_and_lists_the_jumps() {
    let dir = temp_dir("cli");
    let scene = boxes(&dir);
    let (ok, csv, err) = run(&[
        "sweep",
        &scene,
        "--pair",
        "A,B",
        "--param",
        "angle:B:0.1:1.4",
        "--steps",
        "400",
        "--what",
        "normal,ids",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "x,ours_normal,exact_normal,ours_ids");
    assert_eq!(lines.len(), 402);
    assert!(err.contains("4 jumps"), "{err}");
    let out = dir.join("s.json");
    let (ok, _, err) = run(&[
        "sweep",
        &scene,
        "--param",
        "angle:B:0.1:1.4",
        "--steps",
        "100",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(json["samples"].as_array().unwrap().len(), 101);
    assert!(json["jumps"]
        .as_array()
        .unwrap()
        .iter()
        .any(|j| j["kind"] == "jump"));
    let (ok, _, err) = run(&["sweep", &scene, "--param", "spin:B:0:1"]);
    assert!(!ok && err.contains("unknown kind"), "{err}");
    let (ok, _, err) = run(&[
        "sweep",
        &scene,
        "--param",
        "angle:B:0:1",
        "--steps",
        "10001",
    ]);
    assert!(!ok && err.contains("10000"), "{err}");
}

#[test]
fn export_plots_a_sweep_and_the_chain_slide_under_its_new_name() {
    let dir = temp_dir("plot");
    let scene = boxes(&dir);
    let png = dir.join("sweep.png");
    let (ok, _, err) = run(&[
        "export",
        &scene,
        "--plot",
        "sweep",
        "--param",
        "angle:B:0:1.5708",
        "--sweep-steps",
        "200",
        "--what",
        "normal,ids",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    let floor = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/chain_tiled_floor_naive.ron");
    let svg = dir.join("slide.svg");
    let (ok, _, err) = run(&[
        "export",
        floor.to_str().unwrap(),
        "--plot",
        "slide",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(std::fs::read_to_string(&svg)
        .unwrap()
        .contains("Chain slide sweep"));
    // The chain sweep is `slide` now; `sweep` is the pair's (here the scene's view
    // pair and algorithm, B's angle over a turn).
    let (ok, _, err) = run(&[
        "export",
        floor.to_str().unwrap(),
        "--plot",
        "sweep",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("sweep of"));
    let (ok, _, err) = run(&[
        "export",
        &scene,
        "--plot",
        "slide",
        "--param",
        "angle:B:0:1",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("--plot sweep only"), "{err}");
    // A pair's sweep takes up to 10,000 steps; the slide sweep still 4096.
    let (ok, _, err) = run(&[
        "export",
        floor.to_str().unwrap(),
        "--plot",
        "slide",
        "--sweep-steps",
        "5000",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("at most 4096 steps"), "{err}");
}

#[cfg(feature = "peers")]
#[test]
fn shrink_writes_the_smallest_scene_and_its_box2d_test() {
    let dir = temp_dir("shrink");
    let scene =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/public_5_point_near_short_edge.ron");
    let small = dir.join("small.ron");
    let test = dir.join("small.c");
    let (ok, _, err) = run(&[
        "shrink",
        scene.to_str().unwrap(),
        "--keep",
        "box2d:distance",
        "--out",
        small.to_str().unwrap(),
        "--as",
        "box2d-c",
        "--test-out",
        test.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("vertices"), "{err}");
    let back = collidescope::scene::load_scene(&small).unwrap();
    assert!(Keep::parse("box2d:distance").unwrap().fails(&back));
    assert!(std::fs::read_to_string(&test)
        .unwrap()
        .contains("b2ShapeDistance"));
    let (ok, _, err) = run(&[
        "shrink",
        scene.to_str().unwrap(),
        "--keep",
        "manifold_normal",
    ]);
    assert!(!ok && err.contains("manifold_points"), "{err}");
    let (ok, _, err) = run(&["shrink", scene.to_str().unwrap(), "--keep", "gjk_distance"]);
    assert!(!ok && err.contains("does not fail"), "{err}");
}

/// `fuzz --peers` writes each engine disagreement shrunk (its notes say so and keep
/// the way to draw the raw pair); `--no-shrink` keeps them as drawn.
#[cfg(feature = "peers")]
#[test]
fn fuzz_shrinks_its_scenes_unless_told_not_to() {
    let notes = |dir: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .map(|d| {
                d.filter_map(|e| collidescope::scene::load_scene(&e.ok()?.path()).ok())
                    .map(|s| s.notes)
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    };
    let shrunk_dir = temp_dir("fuzz-shrunk");
    let raw_dir = temp_dir("fuzz-raw");
    let args = [
        "fuzz",
        "--peers",
        "--seed",
        "3",
        "--count",
        "40",
        "--max-scenes",
        "2",
        "--out",
    ];
    let (_, out, err) = run(&[&args[..], &[shrunk_dir.to_str().unwrap()]].concat());
    assert!(out.contains("shrunk"), "{out}\n{err}");
    let shrunk = notes(&shrunk_dir);
    assert!(!shrunk.is_empty());
    assert!(shrunk
        .iter()
        .all(|n| n.starts_with("Shrunk keeping") && n.contains("Reproduce")));
    let (_, _, _) = run(&[&args[..], &[raw_dir.to_str().unwrap(), "--no-shrink"]].concat());
    assert!(notes(&raw_dir).iter().all(|n| !n.starts_with("Shrunk")));
}

#[test]
fn fuzz_profile_prints_each_algorithms_histogram_summary_and_plots_it() {
    let dir = temp_dir("profile");
    let svg = dir.join("profile.svg");
    let (ok, out, err) = run(&[
        "fuzz",
        "--profile",
        "--count",
        "60",
        "--family",
        "rotating",
        "--profile-plot",
        svg.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    for row in ["gjk ", "epa ", "toi_rotating  root iterations", "ray "] {
        assert!(out.contains(row), "{row}: {out}");
    }
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains("toi_rotating: iterations"));
}
