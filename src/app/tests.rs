//! The debugger state without a window: edits, undo, stepping, files, pastes.

use super::*;
use crate::scene::import::parse_points;
use crate::scene::parse_scene;

fn app() -> AppState {
    let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
    AppState::new(scene, None)
}

#[test]
fn drag_moves_the_shape_and_recomputes_once() {
    let mut app = app();
    let d0 = app.studies().unwrap().basics.distance.distance;
    assert_eq!(app.recomputations, 1);
    app.studies();
    app.draw_list();
    assert_eq!(app.recomputations, 1, "nothing changed: no recomputation");
    app.begin_drag();
    app.move_shape(1, Vec2::new(5.0, 0.0));
    app.move_shape(1, Vec2::new(6.0, 0.0));
    app.end_drag();
    assert_eq!(app.scene.shapes[1].pose.position, Vec2::new(6.0, 0.0));
    let d1 = app.studies().unwrap().basics.distance.distance;
    assert_eq!(app.recomputations, 2);
    assert!(d0 == 0.0 && d1 > 4.0, "{d0} {d1}");
    assert!(app.dirty);
    // The whole drag is one undo step.
    app.undo();
    assert_eq!(app.scene.shapes[1].pose.position, Vec2::new(1.5, 0.6));
    assert!(
        !app.dirty,
        "undone back to the scene as opened: nothing unsaved"
    );
    app.redo();
    assert_eq!(app.scene.shapes[1].pose.position, Vec2::new(6.0, 0.0));
    assert!(app.dirty, "redone: the change is unsaved again");
}

#[test]
fn a_click_that_changes_nothing_is_no_undo_step_and_no_change() {
    let mut app = app();
    // A move, undone and redone, then a click on the shape: the redo stays, nothing is
    // recorded, the scene is not marked unsaved.
    app.begin_drag();
    app.move_shape(1, Vec2::new(4.0, 0.0));
    app.end_drag();
    app.undo();
    app.dirty = false;
    app.begin_drag();
    app.move_shape(1, app.scene.shapes[1].pose.position);
    app.end_drag();
    assert!(!app.dirty, "a click is not an edit");
    assert!(!app.can_undo(), "a click records no undo step");
    assert!(app.can_redo(), "a click keeps the redo");
    // A drag that moves: one undo step that restores the start.
    let start = app.scene.shapes[1].pose.position;
    app.begin_drag();
    app.move_shape(1, Vec2::new(2.0, 2.0));
    app.move_shape(1, Vec2::new(3.0, 2.0));
    app.end_drag();
    assert!(app.dirty && app.can_undo() && !app.can_redo());
    app.undo();
    assert_eq!(app.scene.shapes[1].pose.position, start);
    assert!(!app.can_undo());
}

#[test]
fn stepping_clamps_and_survives_changes() {
    let mut app = app();
    app.set_algorithm(Algorithm::Epa);
    app.step_last();
    let n = app.step_count();
    assert_eq!(app.step, n - 1);
    app.step_next();
    assert_eq!(app.step, n - 1, "next at the end stays");
    app.step_first();
    app.step_back();
    assert_eq!(app.step, 0);
    app.step_last();
    // Pull B away: fewer EPA steps (none); the step is clamped to the new trace.
    app.move_shape(1, Vec2::new(8.0, 0.0));
    app.studies();
    assert!(app.step < app.step_count());
    // Playback runs to the end and stops.
    app.move_shape(1, Vec2::new(1.5, 0.6));
    app.step_first();
    app.toggle_play();
    for _ in 0..100 {
        app.tick(0.5);
    }
    assert!(!app.playing);
    let n = app.step_count();
    assert_eq!(app.step, n - 1);
}

#[test]
fn refused_vertex_drag_leaves_the_polygon_unchanged() {
    let mut app = app();
    let before = app.scene.shapes[0].shape.clone();
    // Pull vertex 0 of the hexagon (1, 0) deep inside: non-convex.
    let err = app.move_vertex(0, 0, Vec2::new(0.2, 0.0)).unwrap_err();
    assert!(err.contains("not convex"), "{err}");
    assert_eq!(app.scene.shapes[0].shape, before);
    assert_eq!(app.refused_vertex, Some((0, 0)));
    assert!(app.message.as_ref().unwrap().is_error);
    assert!(!app.can_undo(), "a refused edit is not an undo step");
    // A convex move is accepted and undoable.
    app.move_vertex(0, 0, Vec2::new(1.3, 0.0)).unwrap();
    assert_eq!(app.scene.shapes[0].shape.vertices()[0], Vec2::new(1.3, 0.0));
    app.undo();
    assert_eq!(app.scene.shapes[0].shape, before);
}

#[test]
fn draw_list_and_refusal_follow_edits_at_once() {
    let mut app = app();
    app.set_algorithm(Algorithm::Epa);
    app.step_last();
    let before = app.revision();
    // Pull B away: fewer steps; the list must draw a step that exists.
    app.move_shape(1, Vec2::new(9.0, 0.0));
    let list = app.draw_list();
    let n = app.step_count();
    assert!(app.step < n);
    assert!(
        list.layer(LayerId::GjkSimplex).is_some(),
        "the clamped step is drawn"
    );
    assert!(!app.dirty || app.revision() > before);
    // A refused vertex drag bumps the revision so the red dot shows at once.
    let r = app.revision();
    let _ = app.move_vertex(0, 0, Vec2::new(0.2, 0.0));
    assert!(app.revision() > r);
    // View changes are not unsaved changes.
    let mut fresh = AppState::new(app.scene.clone(), None);
    fresh.set_algorithm(Algorithm::Sat);
    fresh.set_pair(1, 0);
    fresh.toggle_layer(LayerId::Minkowski);
    assert!(!fresh.dirty);
}

#[test]
fn bad_file_leaves_the_scene_unchanged() {
    let mut app = app();
    app.move_shape(1, Vec2::new(3.0, 3.0));
    let dir = std::env::temp_dir().join(format!("collidescope-app-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(version: 1, shapes: [(name: \"A\")]").unwrap();
    let before = app.scene.clone();
    let err = app.open(&bad).unwrap_err();
    assert!(err.contains("bad.ron:1:"), "{err}");
    assert_eq!(app.scene, before);
    assert!(app.dirty, "the unsaved work is kept");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_refused_polygon_file_can_be_opened_convex() {
    let mut app = app();
    let dir = std::env::temp_dir().join(format!("collidescope-hull-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("dart.ron");
    std::fs::write(
        &path,
        "(version: 1, shapes: [(name: \"D\", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 0.5), (2.0, 2.0), (0.0, 2.0)]), position: (0.0, 0.0), angle: 0.0)])",
    )
    .unwrap();
    assert!(app.open(&path).is_err());
    assert_eq!(app.convex_fix_available.as_deref(), Some(path.as_path()));
    app.open_making_convex(&path).unwrap();
    assert_eq!(app.scene.shapes[0].shape.vertices().len(), 4);
    assert!(app.dirty);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_writes_the_view_and_reopens_identically() {
    let mut app = app();
    // An edit before the save, undone after it, is unsaved again: the file has it.
    app.begin_drag();
    app.move_shape(1, Vec2::new(1.0, 0.5));
    app.end_drag();
    app.set_algorithm(Algorithm::Epa);
    app.set_step(2);
    app.set_pair(1, 0);
    app.toggle_layer(LayerId::Minkowski);
    app.world_camera = Camera {
        center: Vec2::new(1.0, 2.0),
        zoom: 80.0,
    };
    let dir = std::env::temp_dir().join(format!("collidescope-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("s.ron");
    app.save_as(&path).unwrap();
    assert!(!app.dirty);
    app.undo();
    assert!(
        app.dirty,
        "the saved file has the move; undoing it is a change"
    );
    app.redo();
    assert!(!app.dirty, "back at the saved scene");
    let mut again = AppState::new(Scene::default(), None);
    again.open(&path).unwrap();
    assert_eq!(again.pair, Some((1, 0)));
    assert_eq!(again.algorithm, Algorithm::Epa);
    assert_eq!(again.step, 2);
    assert!(again.hidden_layers.contains(&LayerId::Minkowski));
    assert_eq!(again.world_camera, app.world_camera);
    assert_eq!(again.scene.shapes, app.scene.shapes);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shapes_add_duplicate_rename_delete() {
    let mut app = app();
    let n = app.scene.shapes.len();
    let i = app.add_shape(ShapeKind::Capsule, Vec2::new(3.0, 3.0));
    assert_eq!(app.scene.shapes.len(), n + 1);
    assert_eq!(app.scene.shapes[i].name, "E");
    let j = app.duplicate_shape(i).unwrap();
    assert_eq!(app.scene.shapes[j].name, "E'");
    assert!(app.rename(j, "A").unwrap_err().contains("already"));
    app.rename(j, "Copy").unwrap();
    app.set_pair(0, j);
    app.delete_shape(1);
    assert_eq!(app.pair, Some((0, j - 1)));
    assert_eq!(app.scene.shapes[j - 1].name, "Copy");
    app.undo();
    assert_eq!(app.scene.shapes.len(), n + 2);
    assert_eq!(app.pair, Some((0, j)));
}

#[test]
fn paste_and_make_convex() {
    assert_eq!(
        parse_points("b2Vec2(1.0f, -2.5f), b2Vec2(3e1f, 4)").unwrap(),
        vec![Vec2::new(1.0, -2.5), Vec2::new(30.0, 4.0)]
    );
    assert_eq!(parse_points("[[0,0],[1,0],[0,1]]").unwrap().len(), 3);
    assert!(parse_points("1 2 3").unwrap_err().contains("odd"));
    assert!(parse_points("hello")
        .unwrap_err()
        .contains("\"hello\" is not a number"));
    assert!(parse_points("()").unwrap_err().contains("no numbers"));
    let mut app = app();
    let i = app
        .paste_polygon("(10, 10), (12, 10), (12, 12), (10, 12)")
        .unwrap();
    assert_eq!(app.scene.shapes[i].pose.position, Vec2::new(11.0, 11.0));
    let dart = "(0,0) (2,0) (1,0.5) (2,2) (0,2)";
    assert!(app.paste_polygon(dart).unwrap_err().contains("not convex"));
    let pts = parse_points(dart).unwrap();
    app.make_convex(i, &pts).unwrap();
    assert_eq!(app.scene.shapes[i].shape.vertices().len(), 4);
}

#[test]
fn a_pasted_cloud_becomes_box2ds_hull_and_is_stepped() {
    let mut app = app();
    // A square with a point inside and one a hair off its bottom edge.
    let cloud = "(0,0) (2,0) (2,2) (0,2) (1,1) (1,-0.001)";
    let i = app.add_box2d_hull(cloud).unwrap();
    let s = &app.scene.shapes[i];
    assert_eq!(s.shape.vertices().len(), 4);
    assert_eq!(s.hull_of.as_ref().map(Vec::len), Some(6));
    assert_eq!(app.algorithm, Algorithm::Hull);
    assert_eq!(app.pair.map(|p| p.0), Some(i));
    let an = app.studies().unwrap();
    assert_eq!(an.hull.input.len(), 6);
    assert!(an.step_count(Algorithm::Hull) > 2);
    // Editing the polygon forgets the points it was built from.
    let s = &app.scene.shapes[i];
    let out = s.pose.transform().apply(s.shape.vertices()[0] * 1.1);
    app.move_vertex(i, 0, out).unwrap();
    assert!(app.scene.shapes[i].hull_of.is_none());
    // Two points make no hull: the builder's reason, and nothing added.
    let n = app.scene.shapes.len();
    let e = app.add_box2d_hull("(0,0) (1,0)").unwrap_err();
    assert!(e.contains("needs 3 to 64 points"), "{e}");
    assert_eq!(app.scene.shapes.len(), n);
}

#[test]
fn settings_take_effect_and_cache_warm_starts() {
    let mut app = app();
    app.move_shape(1, Vec2::new(4.0, 0.5));
    let mut s = app.scene.settings;
    s.use_cache = true;
    app.set_settings(s).unwrap();
    app.studies();
    app.move_shape(1, Vec2::new(4.01, 0.5));
    let an = app.studies().unwrap();
    assert_eq!(
        an.basics.distance.cache_use,
        crate::core::gjk::CacheUse::WarmStart
    );
    assert!(an.gjk.cold_iterations.is_some());
    s.gjk_max_iterations = 0;
    assert!(app.set_settings(s).is_err());
}

#[test]
fn saving_drops_an_expect_block_the_edited_scene_no_longer_meets() {
    let dir = std::env::temp_dir().join(format!("collidescope-expect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = AppState::new(
        crate::scene::load_scene(std::path::Path::new("scenes/rays.ron")).unwrap(),
        None,
    );
    assert_eq!(app.scene.expect.overlap, "no");
    // Saved unchanged: the block holds and stays.
    let kept = dir.join("kept.ron");
    app.save_as(&kept).unwrap();
    let again = crate::scene::load_scene(&kept).unwrap();
    assert_eq!(again.expect, app.scene.expect);
    // B moved onto A: "overlap: no" no longer holds; the block is removed and said so.
    let a = app.scene.shapes[0].pose.position;
    app.move_shape(1, a);
    let moved = dir.join("moved.ron");
    app.save_as(&moved).unwrap();
    let text = &app.message.as_ref().unwrap().text;
    assert!(
        text.contains("expect block no longer held")
            && text.contains("overlap: expected no, now yes"),
        "{text}"
    );
    assert!(crate::scene::load_scene(&moved).unwrap().expect.is_empty());
    assert!(app.scene.expect.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

fn floor_app() -> AppState {
    let text = r#"(version: 1, title: "t", shapes: [
        (name: "Floor", geometry: Chain(points: [(4.0, 0.0), (0.0, 0.0), (-4.0, 0.0)], loop: false),
         position: (1.0, 2.0), angle: 0.0),
        (name: "A", geometry: Circle(radius: 0.5), position: (0.0, 3.0), angle: 0.0),
        (name: "B", geometry: Circle(radius: 0.5), position: (3.0, 3.0), angle: 0.0),
    ])"#;
    AppState::new(parse_scene(text, "t.ron").unwrap(), None)
}

#[test]
fn chain_points_are_dragged_inserted_and_deleted_one_undo_step_each() {
    let mut app = floor_app();
    // A drag of point 1 in the world (the chain sits at (1, 2)) is one undo step.
    app.begin_drag();
    app.move_chain_point(0, 1, Vec2::new(1.0, 2.5)).unwrap();
    app.move_chain_point(0, 1, Vec2::new(1.5, 2.25)).unwrap();
    app.end_drag();
    assert_eq!(app.scene.chains[0].points[1], Vec2::new(0.5, 0.25));
    assert!(app.dirty);
    app.undo();
    assert_eq!(app.scene.chains[0].points[1], Vec2::ZERO);
    app.redo();
    assert_eq!(app.scene.chains[0].points[1], Vec2::new(0.5, 0.25));
    // Insert into segment 0 (points 0 → 1) at its middle: a new point 1, selected.
    let at = app
        .insert_chain_point(0, 0, Vec2::new(3.25, 2.125))
        .unwrap();
    assert_eq!(at, 1);
    let c = &app.scene.chains[0];
    assert_eq!(c.points.len(), 4);
    assert!(
        (c.points[1] - Vec2::new(2.25, 0.125)).length() < 1e-6,
        "{:?}",
        c.points
    );
    assert_eq!(c.segments().len(), 3);
    assert_eq!(app.chain_selection().and_then(|s| s.point), Some(1));
    app.delete_chain_point(0, 1).unwrap();
    assert_eq!(app.scene.chains[0].points.len(), 3);
    assert_eq!(app.chain_selection(), None);
    app.undo();
    assert_eq!(app.scene.chains[0].points.len(), 4);
    app.undo();
    assert_eq!(app.scene.chains[0].points.len(), 3);
    assert_eq!(app.scene.chains[0].points[1], Vec2::new(0.5, 0.25));
}

#[test]
fn a_refused_chain_edit_leaves_the_chain_and_says_why() {
    let mut app = floor_app();
    let before = app.scene.chains[0].clone();
    // Onto its neighbour: a zero-length segment.
    let e = app.move_chain_point(0, 1, Vec2::new(5.0, 2.0)).unwrap_err();
    assert!(e.contains("Floor"), "{e}");
    // Below the fewest points (2 for an open chain of ours), twice.
    app.delete_chain_point(0, 2).unwrap();
    let e = app.delete_chain_point(0, 1).unwrap_err();
    assert!(e.contains("point"), "{e}");
    assert!(app
        .move_chain_point(0, 0, Vec2::new(f32::NAN, 0.0))
        .is_err());
    assert!(app.insert_chain_point(0, 7, Vec2::ZERO).is_err());
    app.undo();
    assert_eq!(app.scene.chains[0], before);
    assert!(!app.can_undo());
    // Selecting a shape ends the chain selection and back.
    app.select_chain(Some(ChainSelection {
        chain: 0,
        segment: Some(0),
        point: None,
    }));
    assert_eq!(app.selected, None);
    app.select(Some(1));
    assert_eq!(app.chain_selection(), None);
}
