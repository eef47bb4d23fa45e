//! Bad input, one test per class: each gives one clear error naming the file, the line
//! (where there is one) and what is wrong, in bounded time and memory.

use collidescope::scene::parse_scene;
use std::io::Write;
use std::process::{Command, Stdio};

const BASE: &str = "(version: 1, shapes: [(name: \"A\", geometry: Box(half_extents: (1.0, 1.0), radius: 0.0), position: (0.0, 0.0), angle: 0.0), (name: \"B\", geometry: Circle(radius: 0.5), position: (3.0, 0.0), angle: 0.0)]";

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_collidescope"))
}

fn scene(rest: &str) -> String {
    format!("{BASE}{rest})")
}

fn err(text: &str) -> String {
    parse_scene(text, "bad.ron").unwrap_err().to_string()
}

#[test]
fn numbers_that_are_not_whole_name_their_field_and_value() {
    let e = err(&scene("").replace("version: 1", "version: -1"));
    assert!(
        e.starts_with("bad.ron:1:") && e.contains("field `version`: `-1` is not a whole number"),
        "{e}"
    );
    let e = err(&scene("").replace("version: 1", "version: 1.0"));
    assert!(e.contains("field `version`: `1.0`"), "{e}");
    let e = err(&scene(", settings: (gjk_max_iterations: 20.5)"));
    assert!(e.contains("field `gjk_max_iterations`: `20.5`"), "{e}");
}

#[test]
fn wrong_names_say_what_kind_of_name() {
    let e = err(&scene(", view: (hidden_layers: [Foo])"));
    assert!(e.contains("unknown layer `Foo`"), "{e}");
    let e = err(&scene("").replace("Circle(radius: 0.5)", "Triangle(radius: 0.5)"));
    assert!(e.contains("unknown shape kind `Triangle`"), "{e}");
    let e = err(&scene(", settings: (sat_bias: Box2dV4)"));
    assert!(e.contains("unknown sat_bias `Box2dV4`"), "{e}");
}

#[test]
fn a_zero_half_extent_and_a_one_shape_pair_are_refused_clearly() {
    let e = err(&scene("").replace("half_extents: (1.0, 1.0)", "half_extents: (0.0, 1.0)"));
    assert!(
        e.contains("half extent x is 0; it must be greater than 0"),
        "{e}"
    );
    let e = err(&scene(", view: (a: \"A\", b: \"A\")"));
    assert!(e.contains("as both a and b"), "{e}");
}

#[test]
fn endless_and_binary_input_stop_at_a_limit_or_a_line() {
    // /dev/zero never ends: refused at the input limit (here lowered to 1 MiB).
    let out = bin()
        .args(["report", "--max-input-mb", "1", "/dev/zero"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("/dev/zero: is larger than the input limit of 1 MiB"),
        "{e}"
    );
    // A byte that is not UTF-8, on line 2.
    let dir = std::env::temp_dir().join(format!("cs-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("binary.ron");
    std::fs::write(&p, b"(version: 1,\n  sh\xfe)").unwrap();
    let out = bin().arg("report").arg(&p).output().unwrap();
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("binary.ron: is not UTF-8 text: line 2, column 5"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bom_is_accepted_and_standard_input_is_a_scene() {
    let mut child = bin()
        .args(["report", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let text = format!("\u{feff}{}", scene(""));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(
        json.contains("\"a\": \"A\"") && json.contains("\"distance\""),
        "{json}"
    );
}

#[test]
fn a_fuzz_run_past_the_last_pair_index_is_refused() {
    let out = bin()
        .args(["fuzz", "--start", "18446744073709551610", "--count", "10"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("passes the last pair index"), "{e}");
}

#[test]
fn names_are_bounded_and_never_reach_the_terminal_raw() {
    let long = "N".repeat(5000);
    let e = err(&scene("").replace("\"A\"", &format!("\"{long}\"")));
    assert!(
        e.contains("5000 characters long; at most 200"),
        "{}",
        &e[..200.min(e.len())]
    );
    assert!(e.len() < 400, "the message does not echo the whole name");
    let e = err(&scene("").replace("\"A\"", "\"A\\u{1b}[31m\""));
    assert!(
        e.contains("control character") && !e.contains('\u{1b}'),
        "{e}"
    );
}

#[test]
fn duplicate_names_among_many_shapes_are_found_at_once() {
    // 50,000 shapes, the last one repeating the sixth name: a sorted pass finds it.
    let mut text = String::from("(version: 1, shapes: [\n");
    for i in 0..50_000 {
        let name = if i == 49_999 { 5 } else { i };
        text += &format!(
            "(name: \"S{name}\", geometry: Circle(radius: 0.4), position: ({i}.0, 0.0), angle: 0.0),\n"
        );
    }
    text += "])";
    let e = err(&text);
    assert!(
        e.contains("\"S5\" is used twice (shapes 5 and 49999)"),
        "{e}"
    );
    assert!(e.starts_with("bad.ron:50001:"), "{e}");
}

#[test]
fn import_refuses_what_the_scene_refuses_with_the_same_words() {
    use collidescope::scene::import::import;
    // A position past the coordinate limit: the scene file's own message.
    let e = import(
        "A: (0,0) (1,0) (0,1)\nposition: (1e30, 0)\nB: (3,3) (4,3) (3,4)\n",
        "t",
    )
    .unwrap_err();
    assert!(
        e.contains("position") && e.contains("beyond the coordinate limit of 1e6"),
        "{e}"
    );
    // A word among the numbers is refused, not dropped.
    let e = import("A: (0,0) (1,0) two (0,1)\nB: (3,3) (4,3) (3,4)\n", "t").unwrap_err();
    assert!(e.contains("\"two\" is not a number"), "{e}");
    // A Unicode minus is a minus.
    let s = import("A: (0,0) (1,0) (0,1)\nB: (3,\u{2212}3) (4,3) (3,4)\n", "t").unwrap();
    let b = &s.shapes[1];
    let lowest = b
        .shape
        .vertices()
        .iter()
        .map(|v| v.y + b.pose.position.y)
        .fold(f32::MAX, f32::min);
    assert!((lowest + 3.0).abs() < 1e-5, "{lowest}");
    // A bow-tie is said to cross itself, not to lie on one line.
    let e = import("A: (0,0) (2,2) (2,0) (0,2)\nB: (3,3) (4,3) (3,4)\n", "t").unwrap_err();
    assert!(e.contains("crosses itself"), "{e}");
}

#[test]
fn touching_through_the_radii_is_an_overlap_of_depth_zero() {
    use collidescope::trace::report::scene_report;
    // Two circles of radius 0.5, centres exactly 1 apart: one answer for touching.
    let s = parse_scene(
        "(version: 1, shapes: [(name: \"A\", geometry: Circle(radius: 0.5), position: (0.0, 0.0), angle: 0.0), (name: \"B\", geometry: Circle(radius: 0.5), position: (1.0, 0.0), angle: 0.0)])",
        "touch.ron",
    )
    .unwrap();
    let r = scene_report(&s, "touch.ron", None, false).unwrap();
    let p = &r.pairs[0];
    assert_eq!(p.distance.distance, 0.0);
    assert!(p.overlap);
    let pen = p
        .penetration
        .as_ref()
        .expect("touching has a penetration of depth 0");
    assert_eq!(pen.depth, 0.0);
    assert_eq!(pen.termination, "touching");
    assert!((pen.normal[0] - 1.0).abs() < 1e-6 && pen.normal[1].abs() < 1e-6);
    assert!((pen.point_a[0] - 0.5).abs() < 1e-6);
}
