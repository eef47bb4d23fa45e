//! The engines' overlays (`export --peers`).

use super::*;

#[cfg(feature = "peers")]
fn scene_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes")
        .join(name)
}

/// The `<g id="layer-...">` ids of an SVG, in order.
#[cfg(feature = "peers")]
fn layer_ids(svg: &str) -> Vec<String> {
    svg_layers(svg).into_iter().map(|(id, _)| id).collect()
}

#[cfg(feature = "peers")]
#[test]
fn cli_peers_adds_the_engine_layers_and_their_legend() {
    let dir = temp_dir("peers");
    let scene = default_path();
    let (with, without) = (dir.join("with.svg"), dir.join("without.svg"));
    for (out, peers) in [(&with, true), (&without, false)] {
        let mut args = vec!["export", scene.to_str().unwrap(), "--algorithm", "gjk"];
        args.extend(["--step", "2", "--out", out.to_str().unwrap()]);
        if peers {
            args.push("--peers");
        }
        let (ok, _, stderr) = run(&args);
        assert!(ok, "{stderr}");
    }
    let with = std::fs::read_to_string(&with).unwrap();
    let without = std::fs::read_to_string(&without).unwrap();
    assert_well_formed(&with);
    for id in ["layer-PeerBox2d", "layer-PeerParry"] {
        assert!(layer_ids(&with).iter().any(|l| l == id), "{id} missing");
        assert!(!without.contains(id), "{id} drawn without --peers");
    }
    // The legend names them, in the layers' colours.
    for id in [LayerId::PeerBox2d, LayerId::PeerParry] {
        let label = id.label().replace('\'', "&apos;");
        assert!(with.contains(&label), "{label}");
        assert!(!without.contains(&label));
        let Rgba(r, g, b, _) = id.color();
        assert!(with.contains(&format!("#{r:02x}{g:02x}{b:02x}")));
    }
    // The same picture as the library's: the app's overlay on the scene's picture.
    let lib_scene = default_scene();
    let ex = SceneExport::new(&lib_scene, Algorithm::Gjk).with_peers();
    assert_eq!(with, render_svg(&ex.picture(1).unwrap(), W, H).unwrap());
    // Without the flag, the picture is the one export has always written.
    let plain = export_svg(&lib_scene, &ExportOptions::new(Algorithm::Gjk, 1)).unwrap();
    assert_eq!(without, plain);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "peers")]
#[test]
fn cli_peers_flip_book_steps_box2d_simplex_beside_ours() {
    let dir = temp_dir("peers-flip");
    let scene = scene_path("capsule_rule.ron");
    let (ok, stdout, stderr) = run(&[
        "export",
        scene.to_str().unwrap(),
        "--algorithm",
        "gjk",
        "--peers",
        "--all-steps",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let pages = files_in(&dir);
    assert!(pages.len() >= 2, "{pages:?}");
    assert_eq!(stdout.lines().count(), pages.len());
    for page in &pages {
        let svg = std::fs::read_to_string(dir.join(page)).unwrap();
        let ids = layer_ids(&svg);
        for id in [
            "layer-PeerBox2d",
            "layer-PeerParry",
            "layer-PeerBox2dSimplex",
        ] {
            assert!(
                ids.iter().any(|l| l == id),
                "{page}: {id} missing in {ids:?}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "peers")]
#[test]
fn cli_peers_is_for_pictures_not_regression_tests() {
    let scene = default_path();
    let (ok, _, stderr) = run(&[
        "export",
        scene.to_str().unwrap(),
        "--as",
        "box2d-c",
        "--peers",
    ]);
    assert!(!ok);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

#[cfg(not(feature = "peers"))]
#[test]
fn cli_peers_without_the_engines_is_an_error() {
    let dir = temp_dir("no-peers");
    let out = dir.join("x.svg");
    let scene = default_path();
    let (ok, _, stderr) = run(&[
        "export",
        scene.to_str().unwrap(),
        "--peers",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("built without the \"peers\" feature"),
        "{stderr}"
    );
    assert!(files_in(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
