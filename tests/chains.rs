//! Chains in scene files and in the report: the tiled floor gives a flat normal on
//! every segment in the smooth mode and the ghost bump in the naive mode; the report
//! carries `chain_mode` and `chain`; a bad chain is refused with its file and line.

use collidescope::scene::{load_scene, parse_scene, scene_to_string};
use collidescope::trace::report::scene_report;
use serde_json::Value;
use std::path::Path;

fn report(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes")
        .join(file);
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let r = scene_report(&scene, file, None, false).expect("report");
    serde_json::to_value(&r).expect("json")
}

/// The chain pair of `a` (chain) and `b` in the report's pairs.
fn chain_pair<'v>(r: &'v Value, a: &str, b: &str) -> &'v Value {
    r["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .find(|p| p["a"] == a && p["b"] == b && p.get("chain").is_some())
        .unwrap_or_else(|| panic!("no chain pair {a}, {b} in {r}"))
}

/// The normals of the segments that made points: (segment, normal).
fn normals(pair: &Value) -> Vec<(u64, [f64; 2])> {
    pair["chain"]
        .as_array()
        .expect("chain")
        .iter()
        .filter(|e| !e["manifold"].is_null())
        .map(|e| {
            let n = &e["manifold"]["normal"];
            let f = |v: &Value| v.as_f64().expect("number");
            (e["segment"].as_u64().expect("index"), [f(&n[0]), f(&n[1])])
        })
        .collect()
}

#[test]
fn the_smooth_floor_is_flat_under_the_box_on_every_segment() {
    let r = report("chain_tiled_floor.ron");
    let p = chain_pair(&r, "Floor", "Box");
    assert_eq!(p["chain_mode"], "smooth");
    let n = normals(p);
    assert!(n.len() >= 2, "the box straddles a seam: {p}");
    for (i, [x, y]) in n {
        assert!(
            x.abs() <= 1e-4 && (y - 1.0).abs() <= 1e-4,
            "segment {i}: ({x}, {y})"
        );
    }
}

#[test]
fn the_naive_floor_bumps_at_the_seam() {
    let r = report("chain_tiled_floor_naive.ron");
    let p = chain_pair(&r, "Floor", "Box");
    assert_eq!(p["chain_mode"], "naive");
    let tilted = normals(p)
        .into_iter()
        .filter(|(_, [x, y])| x.atan2(*y).abs() > 0.1)
        .count();
    assert!(tilted >= 1, "no ghost bump: {p}");
}

#[test]
fn every_chain_scene_reports_its_chain_against_every_shape() {
    for (file, chain) in [
        ("chain_concave_corner.ron", "Corner"),
        ("chain_convex_bump.ron", "Bump"),
        ("chain_loop_terrain.ron", "Terrain"),
    ] {
        let r = report(file);
        let pairs = r["pairs"].as_array().expect("pairs");
        let chains: Vec<&Value> = pairs.iter().filter(|p| p["a"] == chain).collect();
        assert_eq!(chains.len(), 2, "{file}: {r}");
        for p in chains {
            let keys: Vec<&str> = p
                .as_object()
                .expect("object")
                .keys()
                .map(|k| k.as_str())
                .collect();
            assert_eq!(keys, ["a", "b", "chain", "chain_mode"], "{file}");
            assert!(
                !normals(p).is_empty(),
                "{file}: {} touches nothing: {p}",
                p["b"]
            );
            for e in p["chain"].as_array().expect("chain") {
                let m = &e["manifold"];
                assert!(
                    m.is_null() || (m["normal"].is_array() && m["points"].is_array()),
                    "{e}"
                );
            }
        }
    }
}

#[test]
fn the_concave_corner_gives_each_face_its_own_normal() {
    let r = report("chain_concave_corner.ron");
    let n = normals(chain_pair(&r, "Corner", "Ball"));
    let near = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4;
    assert!(
        n.iter().any(|(i, v)| *i == 0 && near(*v, [0.0, 1.0])),
        "{n:?}"
    );
    assert!(
        n.iter().any(|(i, v)| *i == 1 && near(*v, [1.0, 0.0])),
        "{n:?}"
    );
}

const GOOD: &str = "(version: 1, shapes: [\n (name: \"A\", geometry: Circle(radius: 0.5), position: (0.0, 1.0), angle: 0.0),\n (name: \"F\", geometry: Chain(points: [(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0)], loop: false), position: (0.0, 0.0), angle: 0.0)])";

#[test]
fn a_bad_chain_is_refused_with_its_file_line_and_reason() {
    let ok = parse_scene(GOOD, "good.ron").expect("loads");
    assert_eq!(ok.chains.len(), 1);
    assert_eq!(
        parse_scene(&scene_to_string(&ok), "again.ron").expect("reloads"),
        ok
    );
    for (bad, expected) in [
        ("(0.0, 0.0), (0.0, 0.0)]", "point 2 (0, 0) repeats point 1"),
        (
            "(0.0, 0.0), (-2.0, 1e30)]",
            "point 2 (-2, 1000000000000000000000000000000) is beyond the coordinate limit",
        ),
        (
            "(0.0, 0.0), (-2.0, NaN)]",
            "point 2 has a NaN or infinite coordinate",
        ),
    ] {
        let text = GOOD.replacen("(0.0, 0.0), (-2.0, 0.0)]", bad, 1);
        let e = parse_scene(&text, "bad.ron").expect_err(expected);
        let shown = e.to_string();
        assert!(shown.starts_with("bad.ron:3:"), "{shown}");
        assert!(
            shown.contains("chain \"F\"") && shown.contains(expected),
            "{shown}"
        );
    }
    let few = GOOD
        .replace("loop: false", "loop: true")
        .replace(", (-2.0, 0.0)]", "]");
    let e = parse_scene(&few, "few.ron").expect_err("too few");
    assert!(e.to_string().contains("at least 3 points"), "{e}");
    assert_eq!(e.line, Some(3), "{e}");
    let dup = GOOD.replace("name: \"F\"", "name: \"A\"");
    let e = parse_scene(&dup, "dup.ron").expect_err("duplicate");
    assert!(
        e.message
            .contains("\"A\" is used twice (shape 0 and chain 0)"),
        "{e}"
    );
    assert_eq!(e.line, Some(3), "{e}");
}

#[test]
fn a_chain_pair_is_selected_by_name_and_two_chains_are_refused() {
    let s = parse_scene(GOOD, "good.ron").expect("loads");
    let r = scene_report(&s, "good.ron", Some(("A", "F")), false).expect("a chain pair");
    let v = serde_json::to_value(&r).expect("json");
    assert_eq!(v["pairs"].as_array().map(Vec::len), Some(1));
    assert_eq!(v["pairs"][0]["a"], "F");
    let two = GOOD.replace(
        "name: \"A\", geometry: Circle(radius: 0.5)",
        "name: \"G\", geometry: Chain(points: [(1.0, 0.0), (0.0, 0.0)], loop: false)",
    );
    let s = parse_scene(&two, "two.ron").expect("loads");
    let e = scene_report(&s, "two.ron", Some(("G", "F")), false).expect_err("two chains");
    assert!(e.contains("two chains"), "{e}");
}

/// The slide sweep of the tiled floor's box across the seam (along the floor, two
/// bounding radii either way, 256 steps): the naive mode's normal turns 90° at the
/// seams (each edge of the box crosses the one at x = 0, the left edge the one at
/// x = −2), the smooth mode's never leaves the floor's normal, and the box keeps its two points on the floor all along in the smooth
/// mode.
#[test]
fn the_slide_sweep_spikes_at_the_seam_in_the_naive_mode_only() {
    use collidescope::core::settings::ChainMode;
    use collidescope::trace::chain_sweep::{
        chain_sweep, default_sweep_path, SweepInput, DEFAULT_SWEEP_STEPS,
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/chain_tiled_floor.ron");
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let (c, s) = (
        scene.chain_index("Floor").expect("the floor"),
        scene.shape_index("Box").expect("the box"),
    );
    let (from, to) = default_sweep_path(&scene, c, s);
    assert!((from.y.abs() + to.y.abs()) < 1e-6 && (to.x - from.x).abs() > 2.0);
    let sweep = chain_sweep(
        &scene,
        &SweepInput {
            chain: c,
            shape: s,
            from,
            to,
            steps: DEFAULT_SWEEP_STEPS,
        },
    );
    assert_eq!(sweep.samples.len(), DEFAULT_SWEEP_STEPS + 1);
    // The middle pose is the scene's: the box's edge 0.005 past the seam.
    let mid = sweep.samples[DEFAULT_SWEEP_STEPS / 2];
    assert!((mid.position - scene.shapes[s].pose.position).length() < 1e-6);
    assert!(
        (mid.naive.tilt.expect("contact").abs() - 90.0).abs() < 1e-3,
        "{mid:?}"
    );
    assert!(sweep.max_tilt(ChainMode::Smooth) < 1e-3);
    assert!((sweep.max_tilt(ChainMode::Naive) - 90.0).abs() < 1e-3);
    // The spikes: where an edge of the box is within its depth (0.01) plus the
    // speculative distance (0.02) of a seam (x = 0 or ±2): the naive segment beyond
    // the seam meets the box's bottom corner from the side.
    let spikes: Vec<f32> = sweep
        .samples
        .iter()
        .filter(|p| p.naive.tilt.is_some_and(|t| t.abs() > 45.0))
        .map(|p| p.position.x)
        .collect();
    assert!(!spikes.is_empty());
    let seam_gap = |edge: f32| (edge - 2.0 * (edge / 2.0).round()).abs();
    for x in &spikes {
        let gap = seam_gap(x - 0.5).min(seam_gap(x + 0.5));
        assert!(gap < 0.031, "a spike with the box at x = {x}: {spikes:?}");
    }
    // Both edges cross the seam at x = 0 (the box at −0.5 and at +0.5).
    assert!(spikes.iter().any(|x| (x + 0.5).abs() < 0.031));
    assert!(spikes.iter().any(|x| (x - 0.5).abs() < 0.031));
    for p in &sweep.samples {
        assert!(p.smooth.points >= 2, "{p:?}");
        assert!(p.smooth.tilt.is_some_and(|t| t.abs() < 1e-3), "{p:?}");
    }
}

/// The slide sweep's default shape is the one nearest the chain: on Box2D's Smooth
/// Manifold sample the first shape ("Box") floats far above the cave and sweeps through
/// empty space (no contact at any pose), while the nearest one rests on it and touches.
#[test]
fn the_slide_sweep_defaults_to_the_shape_nearest_the_chain() {
    use collidescope::trace::chain_sweep::{nearest_shape, slide_sweep, DEFAULT_SWEEP_STEPS};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/chain_box2d_smooth_manifold.ron");
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let far = scene.shape_index("Box").expect("the box");
    let near = nearest_shape(&scene, 0).expect("a shape");
    assert_ne!(near, far);
    assert!(!slide_sweep(&scene, 0, far, DEFAULT_SWEEP_STEPS)
        .sweep
        .touches());
    assert!(slide_sweep(&scene, 0, near, DEFAULT_SWEEP_STEPS)
        .sweep
        .touches());
}
