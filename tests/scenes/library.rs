//! The library itself: every file loads and round trips, every group is filled, every
//! step of every algorithm draws and is narrated.

use super::*;

#[test]
fn every_scene_loads_and_round_trips() {
    let files = scene_files();
    assert!(!files.is_empty());
    let dir = std::env::temp_dir().join(format!("collidescope-scenes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for path in &files {
        let scene = load_scene(path).unwrap_or_else(|e| panic!("{e}"));
        let copy = dir.join(path.file_name().expect("a file"));
        save_scene(&scene, &copy).unwrap_or_else(|e| panic!("{e}"));
        let again = load_scene(&copy).unwrap_or_else(|e| panic!("{e}"));
        let name = path.display();
        assert_eq!(again.shapes, scene.shapes, "{name}: shapes");
        assert_eq!(again.settings, scene.settings, "{name}: settings");
        assert_eq!(again.view, scene.view, "{name}: view");
        assert_eq!(again.expect, scene.expect, "{name}: expect");
        assert_eq!(
            (&again.title, &again.notes, &again.group),
            (&scene.title, &scene.notes, &scene.group),
            "{name}: title, notes, group"
        );
    }
    std::fs::remove_dir_all(&dir).expect("temp dir removed");
}

#[test]
fn the_library_has_enough_scenes_in_every_group() {
    let all = load_all();
    assert!(all.len() >= 20, "only {} scenes", all.len());
    for l in &all {
        let s = &l.scene;
        assert!(!s.title.trim().is_empty(), "{}: no title", l.file);
        assert!(s.notes.trim().len() >= 40, "{}: notes too short", l.file);
        assert!(
            GROUPS.contains(&s.group.as_str()),
            "{}: group \"{}\" is not one of {GROUPS:?}",
            l.file,
            s.group
        );
        assert!(!s.expect.is_empty(), "{}: no expect section", l.file);
        // The step the scene opens on exists (it is not silently clamped).
        let n = l.an.step_count(s.view.algorithm);
        assert!(
            s.view.step < n,
            "{}: view.step {} but {} has {n} steps",
            l.file,
            s.view.step,
            s.view.algorithm.name()
        );
    }
    for g in GROUPS {
        let n = all.iter().filter(|l| l.scene.group == g).count();
        assert!(n >= 1, "group \"{g}\" is empty");
    }
    let public = all
        .iter()
        .filter(|l| l.scene.group == "Public cases")
        .count();
    assert_eq!(public, 7, "one scene per public case");
    let titles: BTreeSet<&str> = all.iter().map(|l| l.scene.title.as_str()).collect();
    assert_eq!(titles.len(), all.len(), "titles are unique");
}

#[test]
fn every_step_draws_and_is_narrated() {
    for l in load_all() {
        let results = SceneResults::compute(&l.scene);
        let hl = Highlight {
            manifold_via_sat: l.source == ManifoldSource::Sat,
            ..Highlight::default()
        };
        for algorithm in Algorithm::ALL {
            let n = l.an.step_count(algorithm);
            assert!(n >= 1);
            for step in 0..n {
                let frame = Frame {
                    scene: &l.scene,
                    studies: Some(&l.an),
                    results: &results,
                    peers: &[],
                    algorithm,
                    step,
                };
                let list = draw_list(&frame, &hl);
                assert!(
                    !list.layers.is_empty(),
                    "{}: {} step {step} draws nothing",
                    l.file,
                    algorithm.name()
                );
                let text = l.an.narrate(&l.scene, algorithm, step, ManifoldSource::Epa);
                assert!(
                    !text.trim().is_empty(),
                    "{}: {} step {step} has no narration",
                    l.file,
                    algorithm.name()
                );
            }
        }
    }
}
