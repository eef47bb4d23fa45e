//! Pair tracks from C and from Rust: `tools/collidescope_track.h` compiled into a small
//! C program (`tests/track/write_track.c`, C99, warnings as errors) writes a track;
//! it loads to the bit, `collidescope replay` opens it (the engine's row, Box2D's and
//! ours per frame, the markers) and writes the pair at a frame; bad tracks are one
//! error with their line.

use std::path::{Path, PathBuf};
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("collidescope-track-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The C program, compiled with the system's C compiler (`cc`, as Box2D's build uses).
fn write_track_in_c(out: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // One program per track: tests run in parallel, and running a file another test's
    // compiler is still writing fails ("text file busy").
    let exe = out.with_extension("write_track");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let o = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I"])
        .arg(root.join("tools"))
        .arg(root.join("tests/track/write_track.c"))
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .output()
        .unwrap_or_else(|e| panic!("{cc}: {e}"));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = Command::new(&exe).arg(out).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_track_written_in_c_opens_to_the_bit() {
    let path = temp("c.ron");
    write_track_in_c(&path);
    let t = collidescope::track::load_track(&path).unwrap();
    assert_eq!(t.engine, "write_track.c \"test\" 1.0");
    assert_eq!((t.a.name.as_str(), t.b.name.as_str()), ("box", "ball"));
    assert_eq!(t.frames.len(), 40);
    assert_eq!(t.frames[0].a.1[0].to_bits(), 0x3f7fffff, "(c, s) exactly");
    assert_eq!(t.frames[9].b.0[1], 1.5 - 0.025 * 9.0);
    let touching: Vec<usize> = (0..40)
        .filter(|k| t.frames[*k].manifold.is_some())
        .collect();
    assert_eq!(touching.first(), Some(&30));
    assert_eq!(
        t.frames[35].manifold.as_ref().unwrap().points[0].id,
        Some(7)
    );

    // The pair at a frame: the exact rotation in the scene.
    let scene = t.scene_at(35, "c.ron").unwrap();
    assert_eq!(scene.shapes[0].pose.transform().q.c.to_bits(), 0x3f7fffff);
}

#[test]
fn replay_opens_a_track_with_three_rows() {
    let path = temp("r.ron");
    write_track_in_c(&path);
    let bin = env!("CARGO_BIN_EXE_collidescope");
    let o = Command::new(bin).arg("replay").arg(&path).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["track"]["frames"], 40);
    assert_eq!(lines.len(), 1 + 40 + 1);
    let f35 = &lines[1 + 35];
    assert_eq!(f35["engine"]["touching"], true);
    assert_eq!(f35["box2d"]["touching"], true);
    assert_eq!(f35["ours"]["touching"], true);
    // The engine said the same as Box2D here: a separation within 1e-3.
    let sep = |row: &str| f35[row]["points"][0]["separation"].as_f64().unwrap();
    assert!((sep("engine") - sep("box2d")).abs() < 1e-3, "{f35}");
    assert!((sep("ours") - sep("box2d")).abs() < 1e-5, "{f35}");
    // Touching begins where the engine said so.
    assert_eq!(lines[1 + 30]["markers"][0]["kind"], "begin");
    assert_eq!(lines.last().unwrap()["end"]["markers_of"], "engine");

    let out = temp("pair35.ron");
    let o = Command::new(bin)
        .args(["replay"])
        .arg(&path)
        .args(["--frame", "35", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("rotation: (0.99999994, 0.00024414063)"),
        "{text}"
    );

    // The track's lanes, the engine's rows named by the file's engine.
    let svg = temp("lanes.svg");
    let o = Command::new(bin)
        .args(["replay"])
        .arg(&path)
        .arg("--plot")
        .arg(&svg)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let picture = std::fs::read_to_string(&svg).unwrap();
    let engine = lines[0]["track"]["engine"]
        .as_str()
        .unwrap()
        .replace('"', "&quot;");
    assert!(
        picture.contains(&format!(">{engine}<")),
        "no {engine} legend"
    );
    assert!(picture.contains(">ours<") && picture.contains(">separation<"));
}

#[test]
fn the_rust_writer_writes_what_loads() {
    use collidescope::core::shape::Geometry;
    use collidescope::track::{TrackShape, Writer};
    let path = temp("w.ron");
    let a = TrackShape {
        name: "floor".into(),
        geometry: Geometry::Segment {
            a: glam::Vec2::new(-5.0, 0.0),
            b: glam::Vec2::new(5.0, 0.0),
        },
    };
    let b = TrackShape {
        name: "pill".into(),
        geometry: Geometry::Capsule {
            a: glam::Vec2::new(-0.5, 0.0),
            b: glam::Vec2::new(0.5, 0.0),
            radius: 0.2,
        },
    };
    let mut w = Writer::create(&path, "rust", &a, &b).unwrap();
    for k in 0..5 {
        let q = (0.1 * k as f32).sin_cos();
        w.frame(([0.0, 0.0], [1.0, 0.0]), ([0.0, 1.0], [q.1, q.0]), None)
            .unwrap();
    }
    assert_eq!(w.finish().unwrap(), 5);
    let t = collidescope::track::load_track(&path).unwrap();
    assert_eq!(t.frames[4].b.1, [0.4f32.cos(), 0.4f32.sin()]);
}

#[test]
fn bad_tracks_are_one_error_with_their_line() {
    let path = temp("bad.ron");
    write_track_in_c(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    // Frame 3's B rotation scaled off the unit circle.
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.contains("(a: (")).unwrap() + 3;
    let mut broken = lines.clone();
    let bad = lines[at].replacen("(0x1p+0, 0x0p+0))", "(0x1p-1, 0x0p+0))", 1);
    broken[at] = &bad;
    let e = collidescope::track::parse_track(&broken.join("\n"), "bad.ron").unwrap_err();
    assert_eq!(e.line, Some(at + 1), "{e}");
    assert!(e.message.contains("frame 3"), "{e}");
    let e = collidescope::track::parse_track(&text.replacen("frames:", "frame:", 1), "x.ron")
        .unwrap_err();
    assert!(e.line.is_some(), "{e}");
}
