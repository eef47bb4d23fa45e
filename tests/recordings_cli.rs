//! `collidescope record` and `replay` from the outside: the JSON lines, the pair
//! written at a frame, and damaged, truncated, hostile and other-format recordings
//! ending in one sentence with the process standing (Box2D's assertions stop only the
//! child process that replays).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_collidescope"))
}

fn recording(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("recordings")
        .join(name)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("collidescope-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn lines(o: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn record_then_replay_streams_json_lines() {
    let out = temp("stack.b2rec");
    let o = run(&[
        "record",
        recording("box_stack.ron").to_str().unwrap(),
        "--frames",
        "120",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&["replay", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let l = lines(&o);
    assert_eq!(l[0]["recording"]["frames"], 120);
    assert_eq!(l[0]["recording"]["substeps"], 4);
    let end = &l.last().unwrap()["end"];
    assert_eq!(end["frames_replayed"], 120);
    assert!(end["diverged_at"].is_null());
    assert!(l
        .iter()
        .any(|v| v["begin"].as_array().is_some_and(|b| !b.is_empty())));

    let o = run(&[
        "replay",
        out.to_str().unwrap(),
        "--pair",
        "straight0,ground",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let l = lines(&o);
    assert_eq!(l[1]["pair"]["a"], "straight0");
    // One line per frame, 0 to 120, then the end.
    assert_eq!(l.len(), 2 + 121 + 1);
    assert_eq!(l[60]["touching"], true);

    let o = run(&[
        "replay",
        out.to_str().unwrap(),
        "--pair",
        "straight0,nothing",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("no shape \"nothing\"") && e.contains("straight0"),
        "{e}"
    );
}

#[test]
fn a_pair_written_at_a_frame_opens_and_reports() {
    let scene = temp("pair.ron");
    let o = run(&[
        "replay",
        recording("tiled_floor.b2rec").to_str().unwrap(),
        "--frame",
        "16",
        "--pair",
        "box,ground/2",
        "--out",
        scene.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let l = lines(&o);
    assert_eq!(l.last().unwrap()["frame"], 16);
    let text = std::fs::read_to_string(&scene).unwrap();
    assert!(text.contains("rotation: ("), "{text}");
    assert!(text.contains("b2Contact_GetData"), "{text}");
    let o = run(&["report", scene.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    let c = temp("pair.c");
    let o = run(&[
        "replay",
        recording("tiled_floor.b2rec").to_str().unwrap(),
        "--frame",
        "16",
        "--pair",
        "box,ground/2",
        "--as",
        "box2d-c",
        "--out",
        c.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(&c)
        .unwrap()
        .contains("b2CollidePolygons"));
}

/// `replay FILE --pair box,ground/4 --plot OUT` (the tiled floor's box on its fourth tile).
fn plot_tiled_floor(out: &Path) -> Output {
    let file = recording("tiled_floor.b2rec");
    let mut c = bin();
    c.arg("replay")
        .arg(file)
        .args(["--pair", "box,ground/4", "--plot"]);
    c.arg(out).output().unwrap()
}

/// `--plot` writes the pair's timeline as lanes: one per quantity, the markers as rules.
#[test]
fn a_pair_timeline_is_written_as_lanes() {
    let svg = temp("lanes.svg");
    let o = plot_tiled_floor(&svg);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let l = lines(&o);
    let bumps = l.last().unwrap()["end"]["markers"]["ghost_bump"]
        .as_u64()
        .unwrap();
    assert!(bumps > 0, "the tiled floor's box bumps on a tile's corner");
    let text = std::fs::read_to_string(&svg).unwrap();
    for lane in [
        "touching",
        "points",
        "feature id",
        "separation",
        "normal °",
        "reference face",
    ] {
        assert!(text.contains(&format!(">{lane}<")), "no lane {lane}");
    }
    for legend in ["Box2D", "ours", "ghost_bump"] {
        assert!(text.contains(&format!(">{legend}<")), "no legend {legend}");
    }

    let png = temp("lanes.png");
    let o = plot_tiled_floor(&png);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));

    let o = plot_tiled_floor(&temp("lanes.txt"));
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("name an .svg or .png file"));
}

/// Every way of damaging a recording ends in exit code 1 and one sentence naming the
/// file: never a crash of the process the user ran.
#[test]
fn damaged_recordings_end_in_one_sentence() {
    let good = std::fs::read(recording("tiled_floor.b2rec")).unwrap();
    let mut cases: Vec<(String, Vec<u8>)> = vec![
        ("empty".into(), Vec::new()),
        (
            "text".into(),
            b"not a recording at all, just some words".to_vec(),
        ),
        ("header only".into(), good[..32].to_vec()),
    ];
    for cut in [40, 100, 1000, good.len() / 2, good.len() - 1] {
        cases.push((format!("cut at {cut}"), good[..cut].to_vec()));
    }
    let mut x: u64 = 7;
    for i in 0..40 {
        let mut bytes = good.clone();
        for _ in 0..1 + i % 4 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let at = 32 + (x >> 33) as usize % (bytes.len() - 32);
            bytes[at] ^= 1 << ((x >> 20) % 8);
        }
        cases.push((format!("flipped {i}"), bytes));
    }
    let mut refused = 0;
    for (what, bytes) in cases {
        let path = temp("damaged.b2rec");
        std::fs::write(&path, &bytes).unwrap();
        let o = run(&["replay", path.to_str().unwrap(), "--stall-seconds", "3"]);
        let err = String::from_utf8_lossy(&o.stderr);
        // A normal exit (a signal has no code): 0 when Box2D replayed it (a flipped
        // bit in a value may be harmless), else 1 with one error line.
        match o.status.code() {
            Some(0) => {}
            Some(1) => {
                refused += 1;
                let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
                assert_eq!(errors.len(), 1, "{what}: {err}");
                assert!(errors[0].contains("damaged.b2rec"), "{what}: {err}");
            }
            other => panic!("{what}: ended with {other:?}: {err}"),
        }
        // Whatever replayed is JSON lines.
        lines(&o);
    }
    assert!(refused >= 10, "{refused}");
}

#[test]
fn another_format_says_so_and_replays_what_it_can() {
    let mut bytes = std::fs::read(recording("bar_bullet.b2rec")).unwrap();
    // Another minor version (3.1): the same calls here, so all of it replays.
    bytes[6] = 1;
    let path = temp("old.b2rec");
    std::fs::write(&path, &bytes).unwrap();
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let l = lines(&o);
    assert_eq!(l[0]["recording"]["format"], "3.1");
    let note = l[0]["note"].as_str().unwrap();
    assert!(
        note.contains("recording format 3.1") && note.contains("replays format 3.2"),
        "{note}"
    );
    let end = &l.last().unwrap()["end"];
    assert_eq!(end["frames_replayed"], 60);
    assert!(end["diverged_at"].is_null());

    // Another major version (4.2): its first frame cannot be read; one sentence.
    bytes[6] = 2;
    bytes[4] = 4;
    std::fs::write(&path, &bytes).unwrap();
    let o = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("recording format 4.2") && e.contains("replays format 3.2"),
        "{e}"
    );
}

/// A recording cut short is refused with where it was cut; `--partial` replays its
/// complete frames and says it is truncated in the summary.
#[test]
fn a_truncated_recording_says_so_and_replays_on_request() {
    let good = std::fs::read(recording("tiled_floor.b2rec")).unwrap();
    // Inside a record, and exactly at a record's end without the end marker.
    for (cut, frames) in [(20_000usize, 168u64), (good.len() - 1, 300)] {
        let path = temp(&format!("cut{cut}.b2rec"));
        std::fs::write(&path, &good[..cut]).unwrap();
        let o = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "cut at {cut}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(
            e.contains("is truncated") && e.contains(&format!("its {frames} complete frames")),
            "{e}"
        );
        let o = run(&["replay", path.to_str().unwrap(), "--partial"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let l = lines(&o);
        assert_eq!(l[0]["recording"]["frames"], frames);
        assert!(l[0]["recording"]["truncated"]
            .as_str()
            .is_some_and(|t| t.contains("end marker")));
        assert_eq!(l.last().unwrap()["end"]["frames_replayed"], frames);
    }
    // A whole recording has no such key.
    let o = run(&["replay", recording("tiled_floor.b2rec").to_str().unwrap()]);
    assert!(lines(&o)[0]["recording"].get("truncated").is_none());
}

#[test]
fn a_frame_past_the_end_is_refused() {
    let o = run(&[
        "replay",
        recording("tiled_floor.b2rec").to_str().unwrap(),
        "--frame",
        "301",
        "--pair",
        "box,ground/4",
        "--out",
        temp("past.ron").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("frame 301 is past the recording's end (its frames are 0 to 300)"),
        "{e}"
    );
    assert!(!temp("past.ron").exists());
}

/// The summary's tunnel count screens every pair: the bar tunnels through the wall,
/// the bullet bar does not.
#[test]
fn the_summary_counts_tunnels_of_every_pair() {
    let tunnels = |name: &str| {
        let o = run(&["replay", recording(name).to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let l = lines(&o);
        let at: Vec<u64> = l
            .iter()
            .filter(|v| {
                v["markers"].as_array().is_some_and(|m| {
                    m.iter().any(|m| {
                        m["marker"]["kind"] == "tunnel"
                            || m["marker"].get("tunnel").is_some()
                            || m["marker"] == "tunnel"
                    })
                })
            })
            .filter_map(|v| v["frame"].as_u64())
            .collect();
        (
            l.last().unwrap()["end"]["markers"]["tunnel"]
                .as_u64()
                .unwrap(),
            at,
        )
    };
    let (n, at) = tunnels("bar_through_wall.b2rec");
    assert_eq!(n, 1);
    assert_eq!(at, [2]);
    assert_eq!(tunnels("bar_bullet.b2rec").0, 0);
}

/// The written pair's notes give Box2D's points where its step computed them (the
/// poses the step began with, which the scene holds), so they are `b2Collide*`'s
/// points on the scene.
#[test]
fn box2d_s_points_are_at_the_written_poses() {
    let o = run(&[
        "replay",
        recording("tiled_floor.b2rec").to_str().unwrap(),
        "--frame",
        "16",
        "--pair",
        "box,ground/4",
        "--out",
        temp("bump.ron").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let l = lines(&o);
    let last = l.last().unwrap();
    assert_eq!(last["computed_at_this_frame"], true);
    let points = last["contact"]["points"].as_array().unwrap();
    assert_eq!(points.len(), 2);
    let o = run(&["report", temp("bump.ron").to_str().unwrap(), "--peers"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let b2 = report["pairs"][0]["peers"]["box2d"]["manifold"]["points"]
        .as_array()
        .expect("the report has b2Collide's manifold")
        .clone();
    assert_eq!(b2.len(), 2);
    for (p, q) in points.iter().zip(&b2) {
        for k in 0..2 {
            let mid = 0.5 * (q["point_a"][k].as_f64().unwrap() + q["point_b"][k].as_f64().unwrap());
            let d = (p["point"][k].as_f64().unwrap() - mid).abs();
            assert!(
                d < 1e-5,
                "Box2D's contact point {p} against b2Collide's {q}"
            );
        }
    }
}
