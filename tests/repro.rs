//! Exported regression tests really build and run against the engines:
//! - every scene's pair as a Box2D v3 C test, compiled with the C compiler against
//!   Box2D's own sources (the ones boxdd-sys vendors) and run: each passes, except the
//!   known Box2D disagreement (public case 5, a false overlap), which fails where and
//!   how it should;
//! - every scene's pair as a parry2d 0.31 `#[test]`, built in a scratch crate and run.
//!
//! Both need the tools a Rust build already has (a C compiler, cargo); the Box2D
//! sources are found in cargo's registry, where boxdd-sys was unpacked.

use collidescope::repro::{export, Language};
use collidescope::scene::load_scene;
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Box2D's sources as boxdd-sys 0.6 ships them (`third-party/box2d`).
fn box2d_sources() -> PathBuf {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .expect("CARGO_HOME or HOME");
    let registry = home.join("registry").join("src");
    for index in std::fs::read_dir(&registry).expect("cargo's registry") {
        let dir = index
            .unwrap()
            .path()
            .join("boxdd-sys-0.6.0/third-party/box2d");
        if dir.join("include/box2d/collision.h").exists() {
            return dir;
        }
    }
    panic!(
        "boxdd-sys 0.6.0's Box2D sources are not in {}",
        registry.display()
    );
}

fn run(cmd: &mut Command) -> (bool, String) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// Every scene of `scenes/` with its file stem, in name order.
fn scenes() -> Vec<(String, collidescope::scene::Scene)> {
    let mut list: Vec<_> = std::fs::read_dir("scenes")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    list.sort();
    list.into_iter()
        .map(|p| {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            (stem, load_scene(&p).unwrap())
        })
        .collect()
}

/// Box2D itself as a static library in `dir`, built once.
fn box2d_lib(dir: &Path, cc: &str, src: &Path) -> PathBuf {
    // Tests run in parallel: one builds, the others wait for it.
    static BUILDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    let lib = dir.join("libbox2d.a");
    if !lib.exists() {
        let mut objects = Vec::new();
        for f in std::fs::read_dir(src.join("src")).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "c") {
                let o = dir.join(f.file_stem().unwrap()).with_extension("o");
                let (ok, log) = run(Command::new(cc)
                    .args(["-std=c17", "-O1", "-c"])
                    .arg("-I")
                    .arg(src.join("include"))
                    .arg("-I")
                    .arg(src.join("src"))
                    .arg(&f)
                    .arg("-o")
                    .arg(&o));
                assert!(ok, "compiling {}: {log}", f.display());
                objects.push(o);
            }
        }
        let (ok, log) = run(Command::new("ar").arg("rcs").arg(&lib).args(&objects));
        assert!(ok, "ar: {log}");
    }
    lib
}

/// Builds the exported C test `text` as `stem` against `lib` and runs it: whether it
/// passed and what it said. A build failure fails the calling test.
fn build_and_run(
    dir: &Path,
    cc: &str,
    src: &Path,
    lib: &Path,
    stem: &str,
    text: &str,
) -> (bool, String) {
    let c = dir.join(format!("{stem}.c"));
    std::fs::write(&c, text).unwrap();
    let exe = dir.join(stem);
    let (ok, log) = run(Command::new(cc)
        .args(["-std=c17", "-Wall", "-Werror", "-DCOLLIDESCOPE_MAIN", "-I"])
        .arg(src.join("include"))
        .arg(&c)
        .arg(lib)
        .arg("-lm")
        .arg("-o")
        .arg(&exe));
    assert!(ok, "{stem}: the generated C does not build:\n{log}");
    run(&mut Command::new(&exe))
}

#[test]
fn box2d_c_tests_build_and_pass_against_box2d_except_its_known_bug() {
    let src = box2d_sources();
    let dir = scratch("repro-box2d");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let lib = box2d_lib(&dir, &cc, &src);
    let mut passed = 0;
    for (stem, scene) in scenes() {
        let (a, b) = collidescope::render::scene_pair(&scene).unwrap();
        let text = match export(&scene, a, b, Language::Box2dC, &stem) {
            Ok(t) => t,
            Err(e) => {
                // Only Box2D's polygon size limit refuses a pair.
                assert!(e.contains("at most 8 vertices"), "{stem}: {e}");
                continue;
            }
        };
        let (ok, log) = build_and_run(&dir, &cc, &src, &lib, &stem, &text);
        if stem == "public_5_point_near_short_edge" {
            assert!(
                !ok,
                "Box2D's false overlap on public case 5 is fixed? {log}"
            );
            assert!(log.contains("output.distance"), "{log}");
        } else {
            assert!(ok, "{stem}: Box2D fails the exported test:\n{log}");
            passed += 1;
        }
    }
    assert!(passed >= 25, "only {passed} scenes exported and passed");
}

/// Builds the exported parry2d tests (name, text) in a scratch crate `name` and runs
/// them; every such crate shares one target folder, so parry2d is built once.
fn cargo_test_parry(name: &str, tests: &[(&str, &str)]) -> (bool, String) {
    let dir = scratch(name);
    let _ = std::fs::remove_dir_all(dir.join("tests"));
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"collidescope-repro\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\nparry2d = \"=0.31.1\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(dir.join("src/lib.rs"), "").unwrap();
    for (stem, text) in tests {
        std::fs::write(dir.join("tests").join(format!("{stem}.rs")), text).unwrap();
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(cargo)
        .current_dir(&dir)
        .args(["test", "--quiet", "--no-fail-fast"])
        .env_remove("RUSTFLAGS")
        .env("CARGO_TARGET_DIR", scratch("repro-parry-target")))
}

#[test]
fn parry_rust_tests_build_and_pass_against_parry2d_0_31() {
    let tests: Vec<(String, String)> = scenes()
        .into_iter()
        .map(|(stem, scene)| {
            let (a, b) = collidescope::render::scene_pair(&scene).unwrap();
            let text = export(&scene, a, b, Language::ParryRust, &stem).unwrap();
            (stem, text)
        })
        .collect();
    let count = tests.len();
    let named: Vec<(&str, &str)> = tests
        .iter()
        .map(|(s, t)| (s.as_str(), t.as_str()))
        .collect();
    let (ok, log) = cargo_test_parry("repro-parry", &named);
    // parry2d's known disagreements with the exact answer, each a scene whose exported
    // test must keep failing (so that a parry fix is noticed): two rounded boxes 1.71
    // apart, where parry's distance is 5.5e-4 too long (its GJK on rounded shapes stops
    // early; see the README's engine findings); and the bar spinning a full turn past a
    // box, where `cast_shapes_nonlinear` tunnels through the first contact (exact:
    // t ∈ [0.2245, 0.2266]; parry: 0.7256).
    const KNOWN: [&str; 2] = ["toi_rounded_grazing", "toi_spinning_bar"];
    let failed: std::collections::BTreeSet<&str> = log
        .lines()
        .filter_map(|l| l.split("`--test ").nth(1))
        .filter_map(|rest| rest.split('`').next())
        .collect();
    let known: std::collections::BTreeSet<&str> = KNOWN.into_iter().collect();
    assert_eq!(
        failed, known,
        "the exported parry2d tests that fail:\n{log}"
    );
    assert_eq!(ok, known.is_empty());
    let passed = log.matches("test result: ok. 1 passed").count();
    assert_eq!(passed, count - known.len(), "{log}");
}

/// The ghost bump of the tiled floor (frame 16, the box on its fourth tile), recorded
/// with every manifold computed at its step: the C test exported at that frame checks
/// the distance within 1e-4 of the pair's own size (the tile's vertices lie 8 m from
/// its body's origin, which no longer widens it), and Box2D's own contact — its point
/// count, ids and normal; it builds and passes against Box2D. The parry test asserts
/// the normal (parry's feature ids are its own); it builds and passes against parry2d.
#[test]
fn a_recorded_pair_exported_at_a_frame_asserts_box2d_s_own_contact() {
    use collidescope::peers::recording::{build, Player};
    use collidescope::repro::{export_with, pair_size, EngineContact, ENGINE_RELATIVE_TOLERANCE};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings/tiled_floor.ron");
    let mut world = collidescope::scene::world::load_world(&path).unwrap();
    world.contact_recycling = false;
    world.sleep = false;
    let bytes = build::record(&world, 20, |_| {}).unwrap();
    let mut player = Player::open(&bytes).unwrap();
    // The shapes are known once a frame is read.
    let _ = player.frame_state();
    let id = |p: &Player, label: &str| p.shapes().find(label).unwrap().id;
    let (a, b) = (id(&player, "box"), id(&player, "ground/4"));
    let at = player.pair_at(a, b, 16, "tiled_floor").unwrap();
    assert_eq!(at.computed_here, Some(true), "{:?}", at.contact);
    let contact = at.contact.as_ref().expect("Box2D's contact at frame 16");
    let engine = EngineContact::of(contact);
    assert!(!engine.ids.is_empty());
    let text = export_with(
        &at.scene,
        0,
        1,
        Language::Box2dC,
        "tiled_floor",
        Some(&engine),
    )
    .unwrap();

    // The distance's tolerance: 1e-4 of the pair's size measured from the shapes' own
    // centres (the box on a unit tile: about 2.1 m, where the body origins gave 18 m).
    let own = pair_size(&at.scene.shapes[0], &at.scene.shapes[1]);
    assert!((1.0..3.0).contains(&own), "{own}");
    let line = text
        .lines()
        .find(|l| l.contains("ENSURE_SMALL( output.distance - "))
        .unwrap_or_else(|| panic!("no distance check:\n{text}"));
    let tol: f64 = line
        .rsplit(", ")
        .next()
        .and_then(|t| t.trim_end_matches(" );").trim_end_matches('f').parse().ok())
        .unwrap_or_else(|| panic!("no tolerance in {line}"));
    let lo = ENGINE_RELATIVE_TOLERANCE * own;
    assert!(
        tol >= lo * 0.999 && tol <= lo + ENGINE_RELATIVE_TOLERANCE * 0.05,
        "{tol} vs {lo}: {line}"
    );
    assert!(tol < 6e-4, "{line}");
    assert!(
        text.contains(&format!("ENSURE( m.pointCount == {} );", engine.ids.len())),
        "{text}"
    );
    for (i, id) in engine.ids.iter().enumerate() {
        assert!(
            text.contains(&format!("ENSURE( m.points[{i}].id == 0x{id:04x} );")),
            "{text}"
        );
    }
    assert!(
        text.contains("ENSURE( b2Dot( m.normal, ( b2Vec2 ){"),
        "{text}"
    );

    let src = box2d_sources();
    let dir = scratch("repro-box2d");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let lib = box2d_lib(&dir, &cc, &src);
    let (ok, log) = build_and_run(&dir, &cc, &src, &lib, "recorded_ghost_bump", &text);
    assert!(
        ok,
        "Box2D fails the test exported at frame 16:\n{log}\n{text}"
    );

    let rust = export_with(
        &at.scene,
        0,
        1,
        Language::ParryRust,
        "tiled_floor",
        Some(&engine),
    )
    .unwrap();
    assert!(rust.contains("assert!(c.normal1.dot(n) >= "), "{rust}");
    let (ok, log) = cargo_test_parry("repro-parry-recorded", &[("recorded_ghost_bump", &rust)]);
    assert!(
        ok,
        "parry2d fails the test exported at frame 16:\n{log}\n{rust}"
    );
    assert_eq!(log.matches("test result: ok. 1 passed").count(), 1, "{log}");
}
