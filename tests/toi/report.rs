//! The report's "toi" key.

#[test]
fn report_has_toi_only_for_moving_pairs() {
    use collidescope::scene::parse_scene;
    use collidescope::trace::report::scene_report;
    let text = r#"(
        version: 1,
        shapes: [
            (name: "wall", geometry: Box(half_extents: (0.05, 2.0)), position: (0.0, 0.0), angle: 0.0),
            (name: "bullet", geometry: Box(half_extents: (0.25, 0.25)), position: (-3.0, 0.5), angle: 0.0,
             velocity: (6.0, 0.0)),
            (name: "rock", geometry: Circle(radius: 0.5), position: (0.0, 5.0), angle: 0.0),
        ],
    )"#;
    let scene = parse_scene(text, "inline.ron").expect("valid scene");
    let report = scene_report(&scene, "inline.ron", None, true).unwrap();
    let json = serde_json::to_value(&report).unwrap();
    let pairs = json["pairs"].as_array().unwrap();
    let find = |a: &str, b: &str| {
        pairs
            .iter()
            .find(|p| p["a"] == a && p["b"] == b)
            .unwrap_or_else(|| panic!("pair {a}-{b}"))
    };
    // wall–bullet: the bullet tunnels through the wall's face at t = 2.7/6.
    let wb = find("wall", "bullet");
    let toi = &wb["toi"];
    assert_eq!(toi["hit"], true);
    assert_eq!(toi["termination"], "hit");
    assert!((toi["t"].as_f64().unwrap() - 0.45).abs() < 1e-5, "{toi}");
    assert!(
        (toi["normal"][0].as_f64().unwrap() + 1.0).abs() < 1e-5,
        "{toi}"
    );
    assert!(
        (toi["point"][0].as_f64().unwrap() + 0.05).abs() < 1e-4,
        "{toi}"
    );
    assert!(toi["iterations"].as_u64().unwrap() >= 1);
    // The trace carries the cast's poses and swept SAT's axes.
    let tr = &wb["trace"]["toi"];
    assert!(!tr["cast"]["steps"].as_array().unwrap().is_empty());
    assert_eq!(tr["cast"]["end_b"]["position"][0].as_f64().unwrap(), 3.0);
    assert_eq!(tr["swept_sat"]["termination"], "hit");
    assert_eq!(
        tr["swept_sat_trace"]["axes"].as_array().unwrap().len(),
        8 + 1
    );
    // bullet–rock: the bullet moves, so "toi" is present: it passes below, a miss
    // (approaching at first, but the first safe step already reaches past t = 1).
    let br = find("bullet", "rock");
    assert_eq!(br["toi"]["hit"], false);
    assert_eq!(br["toi"]["termination"], "separated_at_end");
    // wall–rock: nothing moves, no "toi" key at all (and none in the trace).
    let wr = find("wall", "rock");
    assert!(wr.get("toi").is_none(), "{wr}");
    assert!(wr["trace"].get("toi").is_none());
}
