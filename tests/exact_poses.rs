//! Exact poses: Box2D's `b2ComputeCosSin` reimplemented bit for bit (checked against
//! the C library), `rotation: (c, s)` in scenes kept and saved as given, refused off
//! the unit circle with its line, `angle_from: Box2dMakeRot`, and the exports and
//! `import` carrying `(c, s)` exactly; every library scene saves as before.

use collidescope::core::box2d_rot::{box2d_cos_sin, box2d_make_rot};
use collidescope::core::math::Rot;
use collidescope::scene::{parse_scene, scene_to_string};

/// Angles where the approximation's branches meet, wrap-arounds, tiny and huge ones.
fn angles() -> Vec<f32> {
    let pi = std::f32::consts::PI;
    let mut a = vec![
        0.0,
        -0.0,
        1e-30,
        -1e-7,
        0.5 * pi,
        -0.5 * pi,
        pi,
        -pi,
        1.5 * pi,
        2.0 * pi,
        -2.0 * pi,
        100.0,
        -12345.678,
        3.0e6,
        f32::from_bits(0x40490fdb),
        f32::from_bits(0x40490fdc),
        f32::from_bits(0x3fc90fdb),
    ];
    let mut x: u32 = 12345;
    for _ in 0..20_000 {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        a.push(((x >> 8) as f32 / (1u32 << 24) as f32 - 0.5) * 40.0);
    }
    a
}

#[cfg(feature = "peers")]
#[test]
fn compute_cos_sin_is_box2d_bit_for_bit() {
    for a in angles() {
        // SAFETY: a pure function of the C library.
        let cs = unsafe { boxdd_sys::ffi::b2ComputeCosSin(a) };
        let (c, s) = box2d_cos_sin(a);
        assert_eq!(
            (c.to_bits(), s.to_bits()),
            (cs.cosine.to_bits(), cs.sine.to_bits()),
            "angle {a} ({:#x}): ours ({c}, {s}), Box2D ({}, {})",
            a.to_bits(),
            cs.cosine,
            cs.sine
        );
    }
}

const SCENE: &str = "(version: 1, shapes: [
    (name: \"A\", geometry: Box(half_extents: (1.0, 0.5)), position: (0.0, 0.0), rotation: (0x1.fffffep-1, 0x1p-12)),
    (name: \"B\", geometry: Circle(radius: 0.5), position: (1.0, 2.0), angle: 0.5),
])";

#[test]
fn a_rotation_is_kept_and_saved_as_given() {
    let s = parse_scene(SCENE, "r.ron").unwrap();
    let q = Rot {
        c: f32::from_bits(0x3f7fffff),
        s: 2f32.powi(-12),
    };
    assert_eq!(s.shapes[0].pose.exact_rotation(), Some(q));
    assert_eq!(s.shapes[0].pose.transform().q, q);
    assert_eq!(s.shapes[0].pose.angle, q.s.atan2(q.c));
    // The other shape's angle is sin and cos, as ever.
    assert_eq!(s.shapes[1].pose.transform().q, Rot::from_angle(0.5));
    let saved = scene_to_string(&s);
    assert!(saved.contains("rotation: ("), "{saved}");
    assert!(!saved.contains("\"A\", geometry: Box(half_extents: (1.0, 0.5), radius: 0.0), position: (0.0, 0.0), angle"), "{saved}");
    let again = parse_scene(&saved, "again.ron").unwrap();
    assert_eq!(again.shapes[0].pose.exact_rotation(), Some(q));
    assert_eq!(again, s);
}

#[test]
fn editing_the_angle_drops_the_exact_rotation() {
    let s = parse_scene(SCENE, "r.ron").unwrap();
    let mut pose = s.shapes[0].pose;
    pose.position.x += 1.0;
    assert!(pose.exact_rotation().is_some(), "moving keeps it");
    pose.angle += 0.25;
    assert_eq!(pose.exact_rotation(), None);
    assert_eq!(pose.transform().q, Rot::from_angle(pose.angle));
}

#[test]
fn a_rotation_off_the_unit_circle_is_refused_with_its_line() {
    let text = SCENE.replace(
        "rotation: (0x1.fffffep-1, 0x1p-12)",
        "rotation: (0.99991, 0.0)",
    );
    // |(c, s)| = 0.99991: within the tolerance, accepted as given.
    assert!(parse_scene(&text, "edge.ron").is_ok());
    let text = SCENE.replace("rotation: (0x1.fffffep-1, 0x1p-12)", "rotation: (0.6, 0.7)");
    let e = parse_scene(&text, "bad.ron").unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
    assert!(
        e.message
            .contains("shape \"A\": rotation (0.6, 0.7) has length"),
        "{e}"
    );
    let both = SCENE.replace("angle: 0.5", "angle: 0.5, rotation: (1.0, 0.0)");
    let e = parse_scene(&both, "both.ron").unwrap_err();
    assert!(e.message.contains("either angle or rotation"), "{e}");
    assert_eq!(e.line, Some(3), "{e}");
}

#[test]
fn angle_from_box2d_make_rot_reads_every_angle_as_box2d() {
    let text = SCENE.replace("])", "], settings: (angle_from: Box2dMakeRot))");
    let s = parse_scene(&text, "m.ron").unwrap();
    assert_eq!(s.shapes[1].pose.transform().q, box2d_make_rot(0.5));
    assert_ne!(box2d_make_rot(0.5), Rot::from_angle(0.5));
    // A given rotation stays itself.
    assert_eq!(s.shapes[0].pose.transform().q.c, f32::from_bits(0x3f7fffff));
    let saved = scene_to_string(&s);
    assert!(saved.contains("angle_from: Box2dMakeRot"), "{saved}");
    assert!(saved.contains("angle: 0.5"), "{saved}");
    assert_eq!(parse_scene(&saved, "again.ron").unwrap(), s);
}

#[test]
fn exports_and_import_carry_the_rotation_exactly() {
    use collidescope::repro::{export, Language};
    let s = parse_scene(SCENE, "r.ron").unwrap();
    let hex = export(&s, 0, 1, Language::SceneHex, "r.ron").unwrap();
    assert!(hex.contains("rotation: (0x1.fffffep-1, 0x1p-12)"), "{hex}");
    let back = parse_scene(&hex, "hex.ron").unwrap();
    assert_eq!(
        back.shapes[0].pose.exact_rotation(),
        s.shapes[0].pose.exact_rotation()
    );
    let c = export(&s, 0, 1, Language::Box2dC, "r.ron").unwrap();
    assert!(c.contains("rotation (0x1.fffffep-1f, 0x1p-12f)"), "{c}");

    use collidescope::scene::import::{read_shapes, to_scene};
    let text = "A: (0, 0), (2, 0), (1, 1.5)\nposition 1 2\nrotation 0x1.fffffep-1 0x1p-12\n\nB: (5, 5)\nradius 0.5\n";
    let scene = to_scene(&read_shapes(text).unwrap(), "t").unwrap();
    assert_eq!(
        scene.shapes[0].pose.exact_rotation().map(|q| q.c.to_bits()),
        Some(0x3f7fffff)
    );
    let json = r#"{"a": {"points": [[0,0],[2,0],[1,1.5]], "position": [1, 2], "q": {"c": 0.6, "s": 0.8}},
                   "b": {"points": [[5,5]], "radius": 0.5, "rotation": 0.25}}"#;
    let scene = to_scene(&read_shapes(json).unwrap(), "j").unwrap();
    assert_eq!(
        scene.shapes[0].pose.exact_rotation(),
        Some(Rot { c: 0.6, s: 0.8 })
    );
    assert_eq!(scene.shapes[1].pose.angle, 0.25);
    let bad = read_shapes("A: (0, 0), (2, 0), (1, 1.5)\nposition 1 2\nrotation 2 0\n\nB: (5, 5)\n")
        .unwrap();
    let e = to_scene(&bad, "b").unwrap_err();
    assert!(e.contains("rotation (2, 0) has length 2"), "{e}");
}

#[test]
fn library_scenes_save_without_rotations_and_reload_equal() {
    let mut n = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenes")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let scene = parse_scene(&text, &path.display().to_string()).unwrap();
        let saved = scene_to_string(&scene);
        assert!(
            !saved.contains("rotation:") && !saved.contains("angle_from"),
            "{}",
            path.display()
        );
        assert_eq!(
            parse_scene(&saved, "saved.ron").unwrap(),
            scene,
            "{}",
            path.display()
        );
        n += 1;
    }
    assert!(n > 40, "{n} scenes");
}
