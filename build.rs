//! Compiles the scene library (`scenes/*.ron`) into the crate as
//! `collidescope::scene::library::FILES`: the web page has no folder to read (the
//! desktop panel still reads `scenes/`, so edits there show without a rebuild). The
//! lesson library (`lessons/*.ron`) likewise, as `collidescope::lesson::library::FILES`.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    compile_folder("scenes", "scene_library.rs");
    compile_folder("lessons", "lesson_library.rs");
}

/// Writes `OUT_DIR/<target>`: `FILES`, each `.ron` file of `folder` by name, in name
/// order, included as text.
fn compile_folder(folder: &str, target: &str) {
    println!("cargo:rerun-if-changed={folder}");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".ron"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("pub const FILES: &[(&str, &str)] = &[\n");
    for n in &names {
        println!("cargo:rerun-if-changed={folder}/{n}");
        let path = dir.join(n);
        let _ = writeln!(
            out,
            "    ({n:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".to_string());
    let target = Path::new(&out_dir).join(target);
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}
