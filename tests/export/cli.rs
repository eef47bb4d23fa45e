//! The `export` command run as a real process: the same SVG as the library, the flip
//! book, errors, the plots' step numbers.

use super::*;

pub(crate) fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_collidescope")
}

pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("collidescope-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub(crate) fn default_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/default.ron")
}

pub(crate) fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(bin()).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

pub(crate) fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn cli_writes_the_same_svg_as_the_library_and_a_png() {
    let dir = temp_dir("single");
    let scene_path = default_path();
    let svg_path = dir.join("gjk.svg");
    let (ok, stdout, stderr) = run(&[
        "export",
        scene_path.to_str().unwrap(),
        "--algorithm",
        "gjk",
        "--step",
        "1",
        "--out",
        svg_path.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("gjk.svg"));
    let written = std::fs::read_to_string(&svg_path).unwrap();
    // `--step 1` counts as the window does: the first step (index 0), titled "step 1 of n",
    // and not the second, which differs.
    let lib = export_svg(&default_scene(), &ExportOptions::new(Algorithm::Gjk, 0)).unwrap();
    let second = export_svg(&default_scene(), &ExportOptions::new(Algorithm::Gjk, 1)).unwrap();
    assert_ne!(lib, second);
    assert_eq!(written, lib);
    let n = SceneExport::new(&default_scene(), Algorithm::Gjk).step_count();
    assert!(written.contains(&format!("step 1 of {n}")), "title");
    // The last step is `--step n`.
    let last_path = dir.join("last.svg");
    let (ok, _, stderr) = run(&[
        "export",
        scene_path.to_str().unwrap(),
        "--algorithm",
        "gjk",
        "--step",
        &n.to_string(),
        "--out",
        last_path.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let last = export_svg(&default_scene(), &ExportOptions::new(Algorithm::Gjk, n - 1)).unwrap();
    assert_eq!(std::fs::read_to_string(&last_path).unwrap(), last);
    assert!(last.contains(&format!("step {n} of {n}")));

    let png_path = dir.join("epa.PNG");
    let (ok, _, stderr) = run(&[
        "export",
        scene_path.to_str().unwrap(),
        "--algorithm",
        "epa",
        "--step",
        "3",
        "--size",
        "640x480",
        "--out",
        png_path.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let (w, h, _) = decode(&std::fs::read(&png_path).unwrap());
    assert_eq!((w, h), (640, 480));
    // Nothing but the pictures (no temporary files left).
    assert_eq!(files_in(&dir), vec!["epa.PNG", "gjk.svg", "last.svg"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_all_steps_writes_a_flip_book() {
    let dir = temp_dir("flip");
    let scene_path = default_path();
    let scene = default_scene();
    for (algorithm, format) in [(Algorithm::Epa, "png"), (Algorithm::Gjk, "svg")] {
        let out = dir.join(algorithm.name());
        let (ok, stdout, stderr) = run(&[
            "export",
            scene_path.to_str().unwrap(),
            "--algorithm",
            algorithm.name(),
            "--all-steps",
            out.to_str().unwrap(),
            "--format",
            format,
            "--size",
            "480x360",
        ]);
        assert!(ok, "{stderr}");
        let n = SceneExport::new(&scene, algorithm).step_count();
        assert!(n >= 2);
        // Numbered as the window counts: step-001 is "step 1 of n".
        let want: Vec<String> = (1..=n).map(|k| format!("step-{k:03}.{format}")).collect();
        assert_eq!(files_in(&out), want);
        if format == "svg" {
            for (k, name) in want.iter().enumerate() {
                let page = std::fs::read_to_string(out.join(name)).unwrap();
                let lib = render_svg(
                    &SceneExport::new(&scene, algorithm).picture(k).unwrap(),
                    480,
                    360,
                );
                assert_eq!(page, lib.unwrap(), "{name} is not step {} of {n}", k + 1);
            }
        }
        assert_eq!(stdout.lines().count(), n);
        for name in &want {
            let bytes = std::fs::read(out.join(name)).unwrap();
            if format == "png" {
                assert_eq!(decode(&bytes).0, 480);
            } else {
                assert_well_formed(std::str::from_utf8(&bytes).unwrap());
            }
        }
        // Each step's own picture: the flip book's pages differ.
        let first = std::fs::read(out.join(&want[0])).unwrap();
        let last = std::fs::read(out.join(&want[n - 1])).unwrap();
        assert_ne!(first, last);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_errors_exit_non_zero_with_a_message() {
    let dir = temp_dir("errors");
    let scene_path = default_path();
    let scene = scene_path.to_str().unwrap();
    let out = dir.join("x.svg");
    let out = out.to_str().unwrap();
    let n = SceneExport::new(&default_scene(), Algorithm::Gjk).step_count();
    // Steps count from 1: n is the last, n + 1 is past it.
    let too_far = (n + 1).to_string();
    let missing_dir = dir.join("no/such/dir/x.svg");
    let bad_scene = dir.join("bad.ron");
    std::fs::write(&bad_scene, "(version: 1, shapes: [").unwrap();
    let jpg = out.replace(".svg", ".jpg");
    let as_dir = dir.join("folder.svg");
    std::fs::create_dir(&as_dir).unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["export", scene, "--algorithm", "gjkk", "--out", out],
            "unknown algorithm \"gjkk\"",
        ),
        (
            vec![
                "export",
                scene,
                "--algorithm",
                "gjk",
                "--step",
                &too_far,
                "--out",
                out,
            ],
            "out of range",
        ),
        (vec!["export", scene, "--out", &jpg], ".svg or .png"),
        (
            vec!["export", scene, "--size", "10x10", "--out", out],
            "320x240",
        ),
        (
            vec!["export", scene, "--out", missing_dir.to_str().unwrap()],
            "cannot write",
        ),
        (
            vec!["export", scene, "--out", as_dir.to_str().unwrap()],
            "names a folder",
        ),
        (
            vec!["export", bad_scene.to_str().unwrap(), "--out", out],
            "bad.ron:1:",
        ),
        (
            vec!["export", "no-such-scene.ron", "--out", out],
            "no-such-scene.ron",
        ),
        (vec!["export", scene], "--out"),
        (
            vec![
                "export",
                scene,
                "--out",
                out,
                "--all-steps",
                dir.to_str().unwrap(),
            ],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        let (ok, _, stderr) = run(&args);
        assert!(!ok, "{args:?} succeeded");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // The out-of-range messages name the valid range, counted from 1 as the window counts.
    let (_, _, stderr) = run(&["export", scene, "--step", &too_far, "--out", out]);
    assert!(
        stderr.contains(&format!("step {} is out of range", n + 1)),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("(1 to {n})")), "{stderr}");
    let (ok, _, stderr) = run(&["export", scene, "--step", "0", "--out", out]);
    assert!(!ok);
    assert!(stderr.contains("--step 0: steps count from 1"), "{stderr}");
    assert!(stderr.contains(&format!("(1 to {n})")), "{stderr}");
    // No picture and no temporary file was left by any failure.
    assert_eq!(files_in(&dir), vec!["bad.ron", "folder.svg"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_separation_plot_counts_steps_from_one() {
    use collidescope::render::{render_plots, scene_plot, Format, PlotKind, PlotOptions};
    let dir = temp_dir("separation");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/toi_spinning_bar.ron");
    let scene = parse_scene(&std::fs::read_to_string(&path).unwrap(), "bar").unwrap();
    let out = dir.join("s.svg");
    let plot = |step: usize| {
        let o = PlotOptions {
            step: Some(step),
            ..PlotOptions::default()
        };
        let p = scene_plot(&scene, PlotKind::Separation, &o).unwrap();
        render_plots(&p, Format::Svg, W, H).unwrap()
    };
    let (first, second) = (plot(0), plot(1));
    assert_ne!(first, second);
    let args = |step: &'static str| {
        run(&[
            "export",
            path.to_str().unwrap(),
            "--plot",
            "separation",
            "--step",
            step,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    // `--step 2` is the second step, as the window counts.
    let (ok, _, stderr) = args("2");
    assert!(ok, "{stderr}");
    assert_eq!(std::fs::read(&out).unwrap(), second);
    // `--step 0` is refused, naming the range.
    let (ok, _, stderr) = args("0");
    assert!(!ok);
    assert!(stderr.contains("--step 0: steps count from 1"), "{stderr}");
    assert!(stderr.contains("(1 to "), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_step_with_a_sweep_or_slide_plot_names_that_plot() {
    // A sweep or a slide has no step: `--step` is refused in the words of the plot
    // asked for (it once reported the rotating time of impact's steps).
    let dir = temp_dir("plot-step");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/toi_spinning_bar.ron");
    let out = dir.join("p.svg");
    for (plot, step) in [("sweep", "0"), ("slide", "0"), ("slide", "2")] {
        let (ok, _, stderr) = run(&[
            "export",
            path.to_str().unwrap(),
            "--plot",
            plot,
            "--step",
            step,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(!ok, "{plot} --step {step}");
        assert!(
            stderr.contains(&format!(
                "--step {step} goes with --plot separation only: --plot {plot} draws"
            )),
            "{stderr}"
        );
        assert!(!stderr.contains("toi-rotating"), "{stderr}");
        assert!(!out.exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
