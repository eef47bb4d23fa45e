//! Build steps beside Cargo's:
//!
//! - the scene library (`scenes/*.ron`) compiled into the crate as
//!   `collidescope::scene::library::FILES`: the web page has no folder to read (the
//!   desktop panel still reads `scenes/`, so edits there show without a rebuild); the
//!   lesson library (`lessons/*.ron`) likewise, as `collidescope::lesson::library::FILES`;
//!   the sample recordings (`recordings/*.ron` worlds and `*.b2rec` recordings) as bytes,
//!   as `collidescope::scene::library::RECORDINGS`, so the README's commands run from any
//!   folder;
//! - for the web page with the engines (wasm32 with the `peers` feature): Box2D's
//!   narrow phase compiled from the C that boxdd-sys vendors, linked into the module
//!   (see [`box2d_for_the_web`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    compile_folder("scenes", "scene_library.rs");
    compile_folder("lessons", "lesson_library.rs");
    compile_recordings("recordings", "recording_library.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_PEERS").is_some() {
        box2d_for_the_web();
    }
}

/// Writes `OUT_DIR/<target>`: `FILES`, each `.ron` file of `folder`, by name, in name
/// order, included as text.
fn compile_folder(folder: &str, target: &str) {
    embed_folder(
        folder,
        target,
        &[".ron"],
        "FILES: &[(&str, &str)]",
        "include_str",
    );
}

/// Writes `OUT_DIR/<target>`: `RECORDINGS`, each `.ron` and `.b2rec` file of `folder`
/// by name, in name order, included as bytes.
fn compile_recordings(folder: &str, target: &str) {
    embed_folder(
        folder,
        target,
        &[".ron", ".b2rec"],
        "RECORDINGS: &[(&str, &[u8])]",
        "include_bytes",
    );
}

/// Writes `OUT_DIR/<target>`: `pub const ITEM = &[(name, MACRO!(path)), …];` for each
/// file of `folder` whose name ends in one of `endings`, in name order.
fn embed_folder(folder: &str, target: &str, endings: &[&str], item: &str, include: &str) {
    println!("cargo:rerun-if-changed={folder}");
    // Read when the script runs, not baked in when it is compiled: a build script
    // compiled in another checkout (a target folder copied from it) must still
    // include this checkout's files.
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let dir = Path::new(&root).join(folder);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| endings.iter().any(|e| n.ends_with(e)))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = format!("pub const {item} = &[\n");
    for n in &names {
        println!("cargo:rerun-if-changed={folder}/{n}");
        let path = dir.join(n);
        let _ = writeln!(
            out,
            "    ({n:?}, {include}!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let target = out_dir().join(target);
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}

fn out_dir() -> PathBuf {
    PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".to_string()))
}

/// Box2D's files the peers call into (distance, manifolds, hulls, shape casts, ray
/// casts, the math they share and `core.c`'s version, length unit and assertions). The
/// rest of Box2D (worlds, joints, the solver, threads) is not used by the peers.
const BOX2D_FILES: [&str; 7] = [
    "core.c",
    "math_functions.c",
    "aabb.c",
    "hull.c",
    "geometry.c",
    "distance.c",
    "manifold.c",
];

/// On wasm32-unknown-unknown boxdd-sys builds no C (its "compile-only" route: Rust
/// bindings only, every function an import). Here Box2D's narrow phase is compiled
/// from boxdd-sys' own vendored sources with clang for wasm32, with the flags boxdd-sys
/// uses on the desktop (`-std=c17 -O2 -ffp-contract=off`, asserts on), and its objects
/// are given to the linker, which resolves the bindings' imports against them: one
/// module, Box2D inside. The few C library functions Box2D names come from
/// `web/box2d/libc.c`; headers from wasi-libc (declarations only).
///
/// Set by web/build.sh, with these defaults: `COLLIDESCOPE_WASM_CC` (clang-22),
/// `COLLIDESCOPE_WASI_INCLUDE` (/usr/include/wasm32-wasi), `COLLIDESCOPE_BOX2D_DIR`
/// (boxdd-sys' `third-party/box2d` in the cargo registry, of the version Cargo.lock
/// pins).
fn box2d_for_the_web() {
    for var in [
        "COLLIDESCOPE_WASM_CC",
        "COLLIDESCOPE_WASI_INCLUDE",
        "COLLIDESCOPE_BOX2D_DIR",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shim = manifest.join("web/box2d/libc.c");
    println!("cargo:rerun-if-changed={}", shim.display());
    let cc = std::env::var("COLLIDESCOPE_WASM_CC").unwrap_or_else(|_| "clang-22".into());
    let include = std::env::var("COLLIDESCOPE_WASI_INCLUDE")
        .unwrap_or_else(|_| "/usr/include/wasm32-wasi".into());
    let box2d = match std::env::var_os("COLLIDESCOPE_BOX2D_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => vendored_box2d(manifest).unwrap_or_else(|e| panic!("{e}")),
    };
    if !Path::new(&include).join("stdio.h").is_file() {
        panic!(
            "no C headers for wasm32 in {include} (Debian: apt-get install wasi-libc; \
             or set COLLIDESCOPE_WASI_INCLUDE)"
        );
    }
    let out = out_dir().join("box2d-web");
    if let Err(e) = std::fs::create_dir_all(&out) {
        panic!("cannot make {}: {e}", out.display());
    }
    let sources = BOX2D_FILES
        .iter()
        .map(|f| box2d.join("src").join(f))
        .chain([shim]);
    for source in sources {
        println!("cargo:rerun-if-changed={}", source.display());
        let stem = source.file_stem().and_then(|s| s.to_str()).unwrap_or("c");
        let object = out.join(format!("{stem}.o"));
        // wasm32-wasip1 only for the headers' sake (wasi-libc's refuse other targets):
        // the object is plain wasm32 code, nothing of WASI is called.
        let status = Command::new(&cc)
            .args([
                "--target=wasm32-wasip1",
                "-std=c17",
                "-O2",
                "-ffp-contract=off",
            ])
            .arg("-isystem")
            .arg(&include)
            .arg("-I")
            .arg(box2d.join("include"))
            .arg("-I")
            .arg(box2d.join("src"))
            .arg("-c")
            .arg(&source)
            .arg("-o")
            .arg(&object)
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => panic!("{cc} failed on {} ({s})", source.display()),
            Err(e) => panic!(
                "cannot run {cc} ({e}): Box2D for the web needs clang with the wasm32 \
                 target (Debian: apt-get install clang-22; or set COLLIDESCOPE_WASM_CC)"
            ),
        }
        println!("cargo:rustc-link-arg={}", object.display());
    }
}

/// boxdd-sys' vendored Box2D in the cargo registry, of the version Cargo.lock pins.
fn vendored_box2d(manifest: &Path) -> Result<PathBuf, String> {
    let lock = std::fs::read_to_string(manifest.join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let version = lock
        .split("[[package]]")
        .find(|p| p.contains("name = \"boxdd-sys\""))
        .and_then(|p| p.lines().find_map(|l| l.strip_prefix("version = ")))
        .map(|v| v.trim_matches('"').to_string())
        .ok_or("Cargo.lock pins no boxdd-sys")?;
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let registry = home.join("registry/src");
    let found = std::fs::read_dir(&registry)
        .map_err(|e| format!("cannot read {}: {e}", registry.display()))?
        .flatten()
        .map(|index| {
            index
                .path()
                .join(format!("boxdd-sys-{version}/third-party/box2d"))
        })
        .find(|dir| dir.join("src/core.c").is_file());
    found.ok_or_else(|| {
        format!(
            "boxdd-sys {version}'s sources are not in {} (set COLLIDESCOPE_BOX2D_DIR)",
            registry.display()
        )
    })
}
