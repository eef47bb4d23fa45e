//! Hostile use of the built binary, one test per class: engines that stop, output
//! paths (devices, FIFOs, links, folders, `-`), signals, standard output that cannot
//! take the text, arguments, hex floats, messages and degenerate shapes. Each ends
//! with one message and a non-zero status, or does the right thing, and never replaces
//! a file by anything but the complete new one.

use collidescope::scene::parse_scene;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_collidescope"));
    c.env_remove("RUST_BACKTRACE");
    c
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// One message: one line on stderr starting with "error:", no panic, no backtrace.
fn one_error(o: &Output) -> String {
    let e = stderr(o);
    assert!(!o.status.success(), "status {:?}, stderr {e}", o.status);
    assert!(e.starts_with("error:"), "{e}");
    assert!(!e.contains("panicked") && !e.contains("backtrace"), "{e}");
    e
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cs-hostile-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

const PAIR: &str = "(version: 1, shapes: [\n (name: \"A\", geometry: Box(half_extents: (1.0, 0.5), radius: 0.0), position: (0.0, 0.0), angle: 0.0),\n (name: \"B\", geometry: Circle(radius: 0.5), position: (3.0, 0.0), angle: 0.0)])";

/// A legal pair inside the ±1e6 limit on which Box2D asserts (`b2IsNormalized`).
const ASSERTING: &str = "(version: 1, shapes: [\n (name: \"A\", geometry: Capsule(a: (-1000000.0, -1000000.0), b: (1000000.0, 1000000.0), radius: 1.0), position: (0.0, 0.0), angle: 0.0),\n (name: \"B\", geometry: Circle(radius: 1.0), position: (-1000000.0, 1000000.0), angle: 0.0)])";

#[test]
fn an_engine_assertion_is_its_answer_in_the_report_and_the_picture() {
    let dir = scratch("assert");
    let scene = write(&dir, "assert.ron", ASSERTING);
    let o = run(&["report", &scene, "--peers"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let box2d = &report["pairs"][0]["peers"]["box2d"];
    assert_eq!(box2d["distance"], serde_json::Value::Null);
    let fault = &box2d["faults"][0];
    assert_eq!(fault["query"], "distance");
    assert_eq!(fault["condition"], "b2IsNormalized(normal)");
    assert_eq!(fault["file"], "distance.c");
    assert!(fault["line"].as_u64().unwrap() > 0);
    // parry answers the same pair.
    assert!(report["pairs"][0]["peers"]["parry2d"]["distance"].is_object());
    // The picture: written, the assertion on it and on stderr.
    let out = dir.join("p.svg");
    let o = run(&["export", &scene, "--peers", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("asserted `b2IsNormalized(normal)` at distance.c:"));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("Box2D v3 asserted"), "the picture says so");
    // The C test of the pair is written too (the finding, for Box2D's developers).
    let o = run(&["export", &scene, "--as", "box2d-c"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("b2ShapeDistance"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn devices_fifos_links_and_folders_are_never_renamed_over() {
    use std::os::unix::fs::{symlink, FileTypeExt};
    let dir = scratch("paths");
    let scene = write(&dir, "s.ron", PAIR);
    // A device: written through, still a device.
    let o = run(&["export", &scene, "--out", "/dev/null", "--format", "svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    let o = run(&["import", "/dev/null", "--out", "/dev/null"]);
    one_error(&o); // nothing to import, and nothing renamed
                   // A full device: one message.
    if Path::new("/dev/full").exists() {
        let e = one_error(&run(&[
            "export",
            &scene,
            "--as",
            "scene-hex",
            "--out",
            "/dev/full",
        ]));
        assert!(e.contains("no space left"), "{e}");
    }
    // A link loop: the OS's words.
    let (l1, l2) = (dir.join("l1.svg"), dir.join("l2.svg"));
    symlink(&l2, &l1).unwrap();
    symlink(&l1, &l2).unwrap();
    let e = one_error(&run(&["export", &scene, "--out", l1.to_str().unwrap()]));
    assert!(e.contains("symbolic links"), "{e}");
    // A link to a file: the file replaced, the link kept.
    let real = dir.join("real.ron");
    std::fs::write(&real, "old").unwrap();
    let link = dir.join("link.ron");
    symlink("real.ron", &link).unwrap();
    let o = run(&[
        "export",
        &scene,
        "--as",
        "scene-hex",
        "--out",
        link.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(parse_scene(&std::fs::read_to_string(&real).unwrap(), "r").is_ok());
    // A folder, with and without its slash.
    let folder = format!("{}/", dir.display());
    let e = one_error(&run(&["export", &scene, "--out", &folder]));
    assert!(e.contains("names a folder"), "{e}");
    let e = one_error(&run(&["import", &scene, "--out", dir.to_str().unwrap()]));
    assert!(!e.contains("Not a directory"), "{e}");
    // A FIFO without a reader: refused at once, not a hang.
    let fifo = dir.join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let e = one_error(&run(&[
        "export",
        &scene,
        "--as",
        "scene-hex",
        "--out",
        fifo.to_str().unwrap(),
    ]));
    assert!(e.contains("no process is reading"), "{e}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    // A FIFO with a reader gets the whole text. The read end is open before the export
    // starts (a reader still on its way would be "no process is reading").
    let read_end = {
        use std::os::fd::AsRawFd;
        use std::os::unix::fs::OpenOptionsExt;
        let f = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
            .unwrap();
        // SAFETY: fcntl on a descriptor this test owns; blocking reads from here on.
        unsafe {
            let flags = libc::fcntl(f.as_raw_fd(), libc::F_GETFL);
            assert!(libc::fcntl(f.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK) >= 0);
        }
        f
    };
    let reader = std::thread::spawn(move || {
        use std::io::Read;
        let mut text = String::new();
        let mut f = read_end;
        // Until the writer has opened and closed: a read before it opens returns 0.
        loop {
            let mut chunk = String::new();
            f.read_to_string(&mut chunk).unwrap();
            text += &chunk;
            if !text.is_empty() && chunk.is_empty() {
                break text;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    });
    let o = run(&[
        "export",
        &scene,
        "--as",
        "scene-hex",
        "--out",
        fifo.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(parse_scene(&reader.join().unwrap(), "fifo").is_ok());
    // `-` is standard output, not a file named `-`.
    let o = bin()
        .current_dir(&dir)
        .args(["export", &scene, "--out", "-", "--format", "svg"])
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(o.stdout.starts_with(b"<?xml"));
    assert!(!dir.join("-").exists());
    // A format that contradicts the name.
    let e = one_error(&run(&[
        "export", &scene, "--format", "png", "--out", "x.svg",
    ]));
    assert!(e.contains("--format png contradicts"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn standard_output_that_cannot_take_the_text_is_an_error() {
    let dir = scratch("stdout");
    let scene = write(&dir, "s.ron", PAIR);
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    if let Ok(f) = full() {
        for args in [
            vec!["report", scene.as_str()],
            vec!["export", scene.as_str(), "--as", "parry-rust"],
            vec!["hull", "(0,0) (1,0) (0,1)"],
            vec!["fuzz", "--count", "3", "--out", dir.to_str().unwrap()],
            vec!["--help"],
        ] {
            let f = f.try_clone().unwrap();
            let o = bin().args(&args).stdout(f).output().unwrap();
            let e = one_error(&o);
            assert!(e.contains("no space left"), "{args:?}: {e}");
        }
    }
    // A closed standard output (`>&-`), through a shell.
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' report '{scene}' >&-",
            env!("CARGO_BIN_EXE_collidescope")
        ))
        .output()
        .unwrap();
    let e = one_error(&o);
    assert!(e.contains("standard output is closed"), "{e}");
    // A reader that goes away (a broken pipe): a long report into `head -c1`.
    let many: String = (0..400)
        .map(|i| {
            format!("(name: \"S{i}\", geometry: Circle(radius: 0.5), position: ({i}.0, 0.0), angle: 0.0),")
        })
        .collect();
    let big = write(&dir, "big.ron", &format!("(version: 1, shapes: [{many}])"));
    let mut child = bin()
        .args(["report", &big])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut one = [0u8; 1];
    std::io::Read::read_exact(&mut out, &mut one).unwrap();
    drop(out);
    let o = child.wait_with_output().unwrap();
    let e = one_error(&o);
    assert!(e.contains("broken pipe"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn an_interrupted_write_leaves_neither_half_a_file_nor_a_temporary() {
    // The binary stopped by SIGTERM and SIGINT while `import --out` waits on its
    // input (a FIFO that never ends): one message, a failure status, the user's file as
    // it was, no temporary. (That the handler removes a live temporary is tested in
    // `scene::fs::temporaries`, by a child stopped between writing and renaming.)
    let dir = scratch("signals");
    let target = dir.join("out.ron");
    std::fs::write(&target, "the user's file").unwrap();
    let fifo = dir.join("in");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let child = bin()
            .args([
                "import",
                fifo.to_str().unwrap(),
                "--out",
                target.to_str().unwrap(),
            ])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Open the FIFO's writing end so the child's read starts, then stop it.
        let writer = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(200));
        // SAFETY: a child of ours.
        unsafe { libc::kill(child.id() as i32, signal) };
        let o = child.wait_with_output().unwrap();
        drop(writer);
        assert!(!o.status.success());
        assert!(stderr(&o).contains("stopped by a signal"), "{}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "the user's file");
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
    // A temporary a SIGKILLed write left (a pid that cannot run) goes with the next
    // write into the folder.
    let dead = dir.join(".out.ron.collidescope-4294967295.tmp");
    std::fs::write(&dead, "half").unwrap();
    let pair = write(
        &dir,
        "pair.txt",
        "A: (0,0), (1,0), (0,1)\nB: (3,3), (4,3), (3,4)\n",
    );
    let o = run(&["import", &pair, "--out", target.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Like every command that writes a file, it says so.
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("wrote {}\n", target.display())
    );
    assert!(!dead.exists());
    assert!(parse_scene(&std::fs::read_to_string(&target).unwrap(), "t").is_ok());
    // ... and with the next start in the folder, whatever the command writes.
    std::fs::write(&dead, "half").unwrap();
    let o = bin()
        .current_dir(&dir)
        .args(["hull", "(0,0) (1,0) (0,1)"])
        .output()
        .expect("the binary runs");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!dead.exists(), "a stale temporary survived the start");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn arguments_are_refused_by_name_before_anything_runs() {
    let e = one_error(&run(&["--quit-after", "NaN"]));
    assert!(e.contains("--quit-after"), "{e}");
    let e = one_error(&run(&["--quit-after", "-3"]));
    assert!(e.contains("--quit-after"), "{e}");
    let e = one_error(&run(&["fuzz", "--count", "-1"]));
    assert!(e.contains("--count"), "{e}");
    let e = one_error(&run(&["fuzz", "--count", "1e99"]));
    assert!(e.contains("--count"), "{e}");
    let e = one_error(&run(&["--msaa", "-4"]));
    assert!(e.contains("--msaa"), "{e}");
    let e = one_error(&run(&["report", "x.ron", "--pairs-near", "inf"]));
    assert!(e.contains("--pairs-near"), "{e}");
    let e = one_error(&run(&["hull", "--slop", "NaN", "(0,0)"]));
    assert!(e.contains("--slop"), "{e}");
    let e = one_error(&run(&["export", "x.ron", "--step", "-1", "--out", "a.svg"]));
    assert!(e.contains("--step"), "{e}");
    let e = one_error(&run(&["reprot", "S"]));
    assert!(e.contains("did you mean 'report'?"), "{e}");
    let e = one_error(&run(&["exprot"]));
    assert!(e.contains("did you mean 'export'?"), "{e}");
    let o = run(&[
        "fuzz",
        "--threads",
        "1000000",
        "--count",
        "2",
        "--out",
        "/nonexistent",
    ]);
    assert!(stderr(&o).contains("is more than the"), "{}", stderr(&o));
}

#[test]
fn without_a_display_the_window_says_how_to_work_headless() {
    let o = bin()
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let e = one_error(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.contains("X11") && e.contains("report") && e.contains("export"),
        "{e}"
    );
    // A display that cannot be reached: the same one line.
    let o = bin().env("DISPLAY", ":97").output().unwrap();
    let e = one_error(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("X11"), "{e}");
}

#[test]
fn hex_literals_that_do_not_read_name_their_line_and_column() {
    let dir = scratch("hex");
    for (literal, words) in [
        ("0x1p", "exponent after p is missing"),
        ("0x1p+99999", "beyond the largest f32"),
        ("0x1.ffffffp+127", "beyond the largest f32"),
        ("0x1p-200", "below the smallest f32"),
        ("0x1.2.3p0", "is not a hex digit"),
    ] {
        let scene = write(
            &dir,
            "h.ron",
            &PAIR.replace("radius: 0.5)", &format!("radius: {literal})")),
        );
        let e = one_error(&run(&["report", &scene]));
        assert!(
            e.contains("h.ron:3:") && e.contains(words),
            "{literal}: {e}"
        );
        let e = one_error(&run(&["hull", &format!("(0,0) ({literal}, 0) (0, 1)")]));
        assert!(e.contains(words), "{literal}: {e}");
    }
    // The issue's ties, through `hull` (the same reader): one rounding to 1.
    let o = run(&["hull", "(0,0) (0x1.000001p+0, 0) (0, 0x1.ffffffp-1)"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("(0, 0), (1, 0), (0, 1)"));
    // And through the import (written as the decimal of that f32).
    let text = write(
        &dir,
        "i.txt",
        "A: (0,0), (0x1.000001p+0, 0), (0, 1)\nB: (3,3), (4,3), (3,4)\n",
    );
    let o = run(&["import", &text]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn messages_name_the_entry_and_show_user_text_escaped_and_short() {
    let dir = scratch("messages");
    // The words view, rays and expect appear in the title and notes first.
    let head = "(version: 1,\n title: \"view rays expect split\",\n notes: \"view: rays: (overlap)\",\n shapes: [\n (name: \"A\", geometry: Circle(radius: 1.0), position: (0.0, 0.0), angle: 0.0),\n (name: \"B\", geometry: Circle(radius: 1.0), position: (3.0, 0.0), angle: 0.0)],\n";
    for (tail, at, words) in [
        ("rays: [(name: \"R\", origin: (0.0, 0.0), translation: (1.0, 0.0)),\n  (name: \"R\", origin: (0.0, 1.0), translation: (1.0, 0.0))])", ":8:3:", "used twice"),
        ("view: (a: \"A\",\n   b: \"Q\"))", ":8:4:", "view.b"),
        ("view: (\n   split: 7.0))", ":8:4:", "view.split is 7"),
        ("expect: (terminations: {\"gjk\": \"converged\",\n  \"nope\": \"x\"}))", ":8:3:", "\"nope\""),
        ("expect: (\n overlap: \"maybe\"))", ":8:2:", "expect.overlap"),
        ("settings: (speculative_distance: 1e7))", ":7:", "from 0 to 1e6"),
    ] {
        let scene = write(&dir, "m.ron", &format!("{head}{tail}"));
        let e = one_error(&run(&["report", &scene]));
        assert!(e.contains(at) && e.contains(words), "{tail}: {e}");
    }
    // User text: an OSC title sequence in view.algorithm, a bidi override in --pair,
    // a 10 kB name: escaped, short.
    let scene = write(
        &dir,
        "u.ron",
        &format!("{head}view: (algorithm: \"\\u{{1b}}]0;pwned\\u{{7}}\"))"),
    );
    let e = one_error(&run(&["report", &scene]));
    assert!(
        !e.contains('\u{1b}') && e.contains("\\u{1b}]0;pwned"),
        "{e}"
    );
    let ok = write(&dir, "ok.ron", &format!("{head})"));
    let e = one_error(&run(&["report", &ok, "--pair", "A\u{202E},B\u{200B}"]));
    assert!(!e.contains('\u{202E}') && e.contains("\\u{202e}"), "{e}");
    let name = "n".repeat(10_000);
    let scene = write(
        &dir,
        "long.ron",
        &PAIR.replace("\"B\"", &format!("\"{name}\"")),
    );
    let e = one_error(&run(&["report", &scene]));
    assert!(e.len() < 400, "{} bytes", e.len());
    assert!(e.contains('…'), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_box_too_small_for_f32_is_refused_like_a_polygon() {
    let tiny_box = PAIR.replace("half_extents: (1.0, 0.5)", "half_extents: (1e-30, 1e-30)");
    let tiny_triangle = PAIR.replace(
        "Box(half_extents: (1.0, 0.5), radius: 0.0)",
        "Polygon(points: [(0.0, 0.0), (1e-30, 0.0), (0.0, 1e-30)], radius: 0.0)",
    );
    for text in [tiny_box, tiny_triangle] {
        let e = parse_scene(&text, "t.ron").unwrap_err().to_string();
        assert!(e.contains("too small"), "{e}");
    }
    // Just above the limit: accepted, and every normal a query gives is a unit vector.
    let small = PAIR
        .replace("half_extents: (1.0, 0.5)", "half_extents: (1e-20, 1e-20)")
        .replace("(3.0, 0.0)", "(0.0, 0.0)");
    let s = parse_scene(&small, "s.ron").unwrap();
    let studies = collidescope::study::Studies::compute(
        &s,
        0,
        1,
        &mut collidescope::core::gjk::SimplexCache::default(),
    );
    let unit = |n: glam::Vec2, what: &str| {
        assert!((n.length() - 1.0).abs() < 1e-4, "{what}: {n}");
    };
    unit(studies.sat.output.normal, "sat");
    unit(studies.manifold.epa.normal, "manifold from EPA");
    unit(studies.manifold.sat.normal, "manifold from SAT");
    if let Some(p) = studies.epa.output {
        unit(p.normal, "epa");
    }
}
