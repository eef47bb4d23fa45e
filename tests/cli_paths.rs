//! Paths as the README writes them work from any folder: the library's scenes are
//! compiled into the binary, so `scenes/welcome.ron` opens (with a note) where there is
//! no `scenes/` folder, while any other missing file stays an error.

use std::path::PathBuf;
use std::process::{Command, Output};

fn empty_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cs-paths-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn run_in(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_collidescope"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_library_scene_opens_by_its_readme_path_from_another_folder() {
    let dir = empty_dir("library");
    let here = run_in(&dir, &["report", "scenes/welcome.ron"]);
    let err = String::from_utf8_lossy(&here.stderr);
    assert!(here.status.success(), "status {:?}: {err}", here.status);
    assert!(
        err.contains(
            "scenes/welcome.ron: not in this folder; using the copy built into collidescope"
        ),
        "{err}"
    );
    // The same report as from the checkout, where the file is read from disk.
    let checkout = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let there = run_in(&checkout, &["report", "scenes/welcome.ron"]);
    assert!(there.status.success());
    assert!(!String::from_utf8_lossy(&there.stderr).contains("built into"));
    assert_eq!(here.stdout, there.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_file_that_is_no_library_scene_is_still_an_error() {
    let dir = empty_dir("missing");
    for path in [
        "scenes/no_such_scene.ron",
        "welcome.ron",
        "other/welcome.ron",
    ] {
        let o = run_in(&dir, &["report", path]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{path}: {err}");
        assert!(err.contains("no such file"), "{path}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README's recording commands run from a folder without `recordings/`: the sample
/// recordings are built in too, and replay the same as from the checkout.
#[test]
fn a_sample_recording_replays_by_its_readme_path_from_another_folder() {
    let dir = empty_dir("recording");
    let args = [
        "replay",
        "recordings/tiled_floor.b2rec",
        "--pair",
        "box,ground/4",
    ];
    let here = run_in(&dir, &args);
    let err = String::from_utf8_lossy(&here.stderr);
    assert!(here.status.success(), "status {:?}: {err}", here.status);
    assert_eq!(
        err.matches("recordings/tiled_floor.b2rec: not in this folder; using the copy built into collidescope").count(),
        1,
        "{err}"
    );
    let checkout = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let there = run_in(&checkout, &args);
    assert!(there.status.success());
    assert!(!String::from_utf8_lossy(&there.stderr).contains("built into"));
    // The same lines, naming the file as the user typed it (not the copy's
    // temporary folder).
    let lines = |o: &Output| -> Vec<String> {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    };
    let (h, t) = (lines(&here), lines(&there));
    assert!(h.len() > 10, "{h:?}");
    assert_eq!(h, t);
    assert!(
        h.iter()
            .any(|l| l.contains("\"recordings/tiled_floor.b2rec\"")),
        "{h:?}"
    );
    // A sample world opens for recording the same way.
    let out = dir.join("floor.b2rec");
    let rec = run_in(
        &dir,
        &[
            "record",
            "recordings/tiled_floor.ron",
            "--frames",
            "5",
            "--out",
            "floor.b2rec",
        ],
    );
    assert!(
        rec.status.success(),
        "{}",
        String::from_utf8_lossy(&rec.stderr)
    );
    assert!(out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
