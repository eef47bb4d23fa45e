//! The report.

/// The report's `"sat"` and `"manifold"` keys: the dyn4j example as a scene, a far
/// pair (manifold null), two circles (SAT's centre line), and the traces with
/// `--trace`.
#[test]
fn report_has_sat_and_manifold_keys() {
    let text = r#"(
        version: 1,
        shapes: [
            (name: "A", geometry: Box(half_extents: (3.0, 2.5)), position: (11.0, 6.5), angle: 0.0),
            (name: "B", geometry: Box(half_extents: (4.0, 1.5)), position: (8.0, 3.5), angle: 0.0),
            (name: "C", geometry: Circle(radius: 1.0), position: (30.0, 0.0), angle: 0.0),
            (name: "D", geometry: Circle(radius: 1.0), position: (33.0, 4.0), angle: 0.0),
        ],
    )"#;
    let scene = collidescope::scene::parse_scene(text, "inline.ron").unwrap();
    let report =
        collidescope::trace::report::scene_report(&scene, "inline.ron", None, false).unwrap();
    let json = serde_json::to_value(&report).unwrap();
    let pairs = json["pairs"].as_array().unwrap();
    let ab = &pairs[0];
    assert_eq!(ab["sat"]["axis_owner"], "A");
    assert_eq!(ab["sat"]["edge"], 0);
    assert!((ab["sat"]["separation"].as_f64().unwrap() + 1.0).abs() < 1e-5);
    assert_eq!(ab["sat"]["normal"], serde_json::json!([0.0, -1.0]));
    assert_eq!(ab["manifold"]["normal"], serde_json::json!([0.0, -1.0]));
    let pts = ab["manifold"]["points"].as_array().unwrap();
    assert_eq!(pts.len(), 2);
    for p in pts {
        assert!((p["separation"].as_f64().unwrap() + 1.0).abs() < 1e-5);
        assert!((p["point_b"][1].as_f64().unwrap() - 5.0).abs() < 1e-5);
        assert!(p["id"].as_u64().is_some());
    }
    // A–C: far apart: manifold null, SAT still present and positive.
    let ac = &pairs[1];
    assert!(ac["manifold"].is_null());
    assert!(ac["sat"]["separation"].as_f64().unwrap() > 10.0);
    // C–D: two circles 5 apart: the centre line, owner A, edge 0.
    let cd = &pairs[5];
    assert_eq!((cd["a"].as_str(), cd["b"].as_str()), (Some("C"), Some("D")));
    assert_eq!(cd["sat"]["axis_owner"], "A");
    assert_eq!(cd["sat"]["edge"], 0);
    assert!((cd["sat"]["separation"].as_f64().unwrap() - 3.0).abs() < 1e-5);
    assert!(cd["manifold"].is_null());
    // With the trace: one SAT record per axis; Box2D's b2CollidePolygons, its clip the
    // reference edge's two ends.
    let traced =
        collidescope::trace::report::scene_report(&scene, "inline.ron", Some(("A", "B")), true)
            .unwrap();
    let json = serde_json::to_value(&traced).unwrap();
    let t = &json["pairs"][0]["trace"];
    assert_eq!(t["sat"]["axes"].as_array().unwrap().len(), 8);
    assert_eq!(t["manifold"]["clips"].as_array().unwrap().len(), 2);
    assert_eq!(t["manifold"]["box2d"]["function"], "b2CollidePolygons");
    assert_eq!(t["manifold"]["case"], "segment_segment");
    assert_eq!(t["manifold"]["reference"]["owner"], "A");
}
