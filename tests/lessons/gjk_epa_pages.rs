//! What the GJK and EPA pages show and say: EPA's arrow from the origin, the drag
//! hint's support points, EPA's last step without a polytope, the engines lesson's
//! stress case under EPA.

use super::*;

/// A page whose text points at EPA's arrow from the origin shows one long
/// enough to see at the lesson's zoom: at least 4 % of the configuration picture's
/// extent (about 15 pixels in a 1280×720 presenter window), unless the text says it
/// hides under the origin's cross. A page of a shallow overlap that points at the
/// arrow fails.
#[test]
fn a_page_that_points_at_the_arrow_from_the_origin_shows_it() {
    let arrow = |page: &collidescope::lesson::Page| -> (f32, f32) {
        let scene = PageStudy::of(page).unwrap().scene;
        let mut app = AppState::new(scene, None);
        app.set_step(page.step);
        let picture = app_picture(&mut app);
        let (lo, hi) = bounds(&picture.list, Space::Config).unwrap();
        let length = picture
            .list
            .layer(LayerId::EpaPolytope)
            .into_iter()
            .flat_map(|l| &l.prims)
            .filter_map(|p| match p {
                Prim::Arrow { from, to, .. } => Some(from.distance(*to)),
                _ => None,
            })
            .fold(0.0, f32::max);
        (length, (hi - lo).max_element())
    };
    let epa = library::lesson("epa").unwrap();
    let mut pointed = 0;
    for (k, page) in epa.pages.iter().enumerate() {
        // Page 1 speaks of the arrow before the polytope is drawn.
        let drawn = page.show.contains(&LayerId::EpaPolytope);
        if !drawn
            || !page.text.contains("arrow from the origin")
            || page.text.contains("hides under")
        {
            continue;
        }
        let (length, extent) = arrow(page);
        assert!(
            length >= 0.04 * extent,
            "epa page {}: the arrow from the origin is {length} long in a picture {extent} wide",
            k + 1
        );
        pointed += 1;
    }
    assert!(pointed >= 1, "no page points at the arrow from the origin");
    let shallow = &epa.pages[page_titled(&epa, "A shallow overlap")];
    let (length, extent) = arrow(shallow);
    assert!(length < 0.04 * extent, "{length} of {extent}");
}

/// The drag question's hint says every GJK iteration but the last adds its support
/// point to the simplex, and the last adds none. True of the trace wherever B is
/// dragged on that page (apart, touching or overlapping): each step but the last
/// asks for a support point and the next step's simplex has it; the last stops
/// with no support point or one its entering simplex already had.
#[test]
fn the_drag_hint_says_which_iterations_add_a_support_point() {
    let gjk = library::lesson("gjk").unwrap();
    let page = gjk
        .pages
        .iter()
        .find(|p| {
            matches!(
                p.question.as_ref().map(|q| &q.ask),
                Some(Ask::DragGjkIterations(_))
            )
        })
        .unwrap();
    let q = page.question.as_ref().unwrap();
    let hint = collidescope::lesson::tutor::hint(q);
    assert!(hint.contains("every one but the last adds"), "{hint}");
    assert!(!hint.contains("Each iteration adds"), "{hint}");
    let scene = page_scene(page).unwrap();
    let (_, b) = collidescope::lesson::view_pair(&scene).unwrap();
    let start = scene.shapes[b].pose.position;
    let (mut ended_on_repeat, mut ended_inside) = (0, 0);
    for i in -6..=6 {
        for j in -6..=6 {
            let mut moved = scene.clone();
            moved.shapes[b].pose.position = start + glam::Vec2::new(i as f32, j as f32) * 0.35;
            let study = PageStudy::of_scene(moved).unwrap();
            let steps = &study.studies.gjk.trace.steps;
            let (last, earlier) = steps.split_last().unwrap();
            for (k, s) in earlier.iter().enumerate() {
                let w = s
                    .support
                    .expect("a step before the last asks for a support point");
                let next = &steps[k + 1].simplex_in;
                assert!(
                    next.iter()
                        .any(|v| (v.index_a, v.index_b) == (w.index_a, w.index_b)),
                    "({i}, {j}) step {k}: the support point is not in the next simplex"
                );
                assert_eq!(next.len(), s.simplex.len() + 1, "({i}, {j}) step {k}");
            }
            assert!(last.stop.is_some(), "({i}, {j})");
            match last.support {
                Some(w) => {
                    let had = last
                        .simplex_in
                        .iter()
                        .any(|v| (v.index_a, v.index_b) == (w.index_a, w.index_b));
                    assert!(had, "({i}, {j}): the last step's support point is new");
                    ended_on_repeat += 1;
                }
                None => ended_inside += 1,
            }
        }
    }
    // The grid reaches both ways of stopping.
    assert!(
        ended_on_repeat > 0 && ended_inside > 0,
        "{ended_on_repeat} {ended_inside}"
    );
}

/// When EPA does not run (the cores apart, the rounded shapes overlapping), its last
/// step is GJK's last: the world view shows the pair's answer there (the depth of the
/// rounded shapes), not the points "so far" of a GJK that has stopped.
#[test]
fn the_last_step_without_a_polytope_shows_the_answer_not_points_so_far() {
    let epa = library::lesson("epa").unwrap();
    let page = &epa.pages[page_titled(&epa, "No polytope needed")];
    let study = PageStudy::of(page).unwrap();
    assert!(study.studies.epa.trace.steps.is_empty(), "EPA ran");
    assert_eq!(page.step + 1, study.studies.epa.gjk_trace.steps.len());
    let labels = page_labels(page, LayerId::Witness);
    assert!(labels.iter().all(|l| !l.contains("so far")), "{labels:?}");
    let depth = study.studies.basics.penetration.as_ref().unwrap().depth;
    assert!(
        labels.contains(&format!("depth {depth:.4}")),
        "{labels:?}, depth {depth}"
    );
}

/// The engines lesson's last page shows a stress case of the library under EPA: its
/// words say what the canvas shows, with the scene's own numbers (B's length and
/// thickness, its tip's depth, the depth EPA reports at the page's step).
#[test]
fn the_looking_for_more_page_says_what_its_canvas_shows() {
    let lesson = library::lesson("engines").unwrap();
    let page = &lesson.pages[page_titled(&lesson, "Looking for more")];
    let study = PageStudy::of(page).unwrap();
    let b = study.scene.shapes.iter().find(|s| s.name == "B").unwrap();
    let collidescope::core::shape::Geometry::Polygon { points, .. } = b.shape.geometry() else {
        panic!("B is not a polygon: {:?}", b.shape.geometry());
    };
    let span = |f: fn(&glam::Vec2) -> f32| {
        let v: Vec<f32> = points.iter().map(f).collect();
        v.iter().cloned().fold(f32::MIN, f32::max) - v.iter().cloned().fold(f32::MAX, f32::min)
    };
    let (long, thick) = (span(|p| p.x), span(|p| p.y));
    assert!(
        (long - 4.0).abs() < 1e-6 && (thick - 0.002).abs() < 1e-6,
        "{long} {thick}"
    );
    assert!(
        page.text.contains("4 units long and 0.002 thick"),
        "{}",
        page.text
    );
    let narration = study.studies.narrate(
        &study.scene,
        page.algorithm,
        page.step,
        study.ground().source,
    );
    assert!(narration.contains("The depth is 0.1000 "), "{narration}");
    assert!(
        page.text.contains("EPA finds the depth 0.1"),
        "{}",
        page.text
    );
}
