//! The layer rule of `src/` (see the crate docs): data flows one way,
//!
//! core → scene → trace → peers → verify → repro → view → study → app → lesson → render → (binary: cli, window)
//!
//! and no module imports from a layer above its own. `core` uses nothing outside
//! `core` but glam, serde and std; nothing in the library touches the window crates.
//! Test modules (`#[cfg(test)] mod tests` at the bottom of a file) may use anything,
//! except in `core`, whose own tests use the core only (so the core builds and tests
//! alone; tests that need the fuzzer's generators live in `tests/`).

use std::path::{Path, PathBuf};

const LAYERS: [&str; 11] = [
    "core", "scene", "trace", "peers", "verify", "repro", "view", "study", "app", "lesson",
    "render",
];

fn rank(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == layer)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file's text without its test module.
fn non_test_code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Every `crate::<module>` the code (not its comments) names, with its line number.
fn crate_paths(code: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        // Comments (docs too) may name any module; only code depends on one.
        if line.trim_start().starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            found.push((n + 1, name));
        }
    }
    found
}

fn library_files() -> Vec<(PathBuf, &'static str)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .into_iter()
        .filter_map(|path| {
            let rel = path.strip_prefix(&src).unwrap();
            let top = rel.components().next()?.as_os_str().to_str()?.to_string();
            let layer = LAYERS.iter().find(|l| **l == top)?;
            Some((path, *layer))
        })
        .collect()
}

#[test]
fn no_module_imports_from_a_layer_above_it() {
    let files = library_files();
    assert!(
        files.len() > 30,
        "found only {} files under src/",
        files.len()
    );
    let mut wrong = Vec::new();
    for (path, layer) in &files {
        let own = rank(layer).unwrap();
        let code = if *layer == "core" {
            std::fs::read_to_string(path).unwrap()
        } else {
            non_test_code(path)
        };
        for (line, target) in crate_paths(&code) {
            match rank(&target) {
                Some(r) if r <= own => {}
                Some(_) => wrong.push(format!(
                    "{}:{line}: {layer} uses crate::{target}",
                    path.display()
                )),
                None => wrong.push(format!(
                    "{}:{line}: crate::{target} is no layer",
                    path.display()
                )),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layer order:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_core_uses_only_the_core_glam_serde_and_std() {
    let mut wrong = Vec::new();
    for (path, layer) in library_files().iter().filter(|(_, l)| *l == "core") {
        let code = non_test_code(path);
        for (n, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("//") {
                continue;
            }
            if let Some(rest) = t
                .strip_prefix("use ")
                .or_else(|| t.strip_prefix("pub use "))
            {
                let root: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !["crate", "glam", "serde", "std", "super", "self"].contains(&root.as_str()) {
                    wrong.push(format!("{}:{}: {layer} uses {root}", path.display(), n + 1));
                }
            }
            for foreign in [
                "macroquad",
                "egui",
                "boxdd",
                "parry",
                "ron::",
                "serde_json",
                "clap",
            ] {
                if t.contains(foreign) {
                    wrong.push(format!(
                        "{}:{}: core names {foreign}",
                        path.display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the core reaches outside itself:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_library_never_touches_the_window_crates() {
    let mut wrong = Vec::new();
    for (path, _) in library_files() {
        for (n, line) in non_test_code(&path).lines().enumerate() {
            let t = line.trim_start();
            if !t.starts_with("//") && (t.contains("macroquad::") || t.contains("egui")) {
                wrong.push(format!("{}:{}", path.display(), n + 1));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "window crates in the library:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn engine_types_stay_in_the_peers_module() {
    let mut wrong = Vec::new();
    for (path, layer) in library_files().iter().filter(|(_, l)| *l != "peers") {
        for (n, line) in non_test_code(path).lines().enumerate() {
            let t = line.trim_start();
            if !t.starts_with("//") && (t.contains("boxdd") || t.contains("parry::")) {
                wrong.push(format!(
                    "{}:{}: {layer} names an engine",
                    path.display(),
                    n + 1
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "engine types outside src/peers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_checker_sees_a_violation() {
    // The scanner itself: an upward path is found with its line.
    let code = "use crate::core::gjk;\nfn f() { crate::view::draw::x(); }\n/// [`crate::app`]\n";
    assert_eq!(
        crate_paths(code),
        vec![(1, "core".to_string()), (2, "view".to_string())]
    );
    assert!(rank("view").unwrap() > rank("core").unwrap());
}
