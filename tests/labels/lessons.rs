//! The labels of lesson pages: around the answer's ring, and the GJK lesson's new
//! support point in presenter mode.

use crate::check::{check_view, title};
use collidescope::app::AppState;
use collidescope::lesson::check::drag_solution;
use collidescope::lesson::{answer_marks, library, PageStudy, Question};
use collidescope::render::{
    app_picture, box_crossed_by, box_distance, is_number, label_size, layout, line_obstacles,
    place_labels, reads_as_one_phrase_of, reserved_boxes, view_labels, PlacedLabel, ViewFrame,
    CLOSE_REACH,
};
use collidescope::view::camera::Viewport;
use collidescope::view::draw::{DrawList, Prim, Space};
use glam::Vec2;

/// A lesson's ring around a settled point answer (the vertex asked about, the clip's
/// new point) is drawn with its view's layers: on every library lesson page whose
/// question has a point answer, at the step the answer shows, with the layers a settled
/// question shows, the labels pass every check above with the ring among the marks and
/// none is crossed by it (the vertex number asked about stays readable), at the
/// window's size and with the presenter setting. Placed without the ring in mind, a
/// label is crossed by it on some page.
#[test]
fn lesson_answer_rings_cross_no_label() {
    let mut rings = 0;
    let mut crossed_when_ignored = Vec::new();
    for id in library::ids() {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            let Some(q) = &page.question else {
                continue;
            };
            let study = PageStudy::of(page).unwrap();
            let solved = q.ask.solve(&study.ground()).unwrap();
            let marks = answer_marks(&solved.answer);
            if marks.is_empty() {
                continue;
            }
            let mut app = settled(&study, q, solved.reveal_step);
            let p = app_picture(&mut app);
            for ((w, h), scale) in [((1280, 800), 1.0), ((1280, 720), 1.4)] {
                let mut l = layout(&p, w, h).unwrap();
                for view in &mut l.views {
                    view.scale = scale;
                }
                for view in &l.views {
                    let extra: Vec<Prim> = marks
                        .iter()
                        .filter(|m| m.0 == view.space)
                        .map(|m| m.1.clone())
                        .collect();
                    if extra.is_empty() {
                        continue;
                    }
                    let what = format!("lesson {id} page {} at {w}×{h} scale {scale}", k + 1);
                    check_view(view, &p.list, &extra, &what);
                    let ring_lines = line_obstacles(view, &DrawList::default(), &extra);
                    let reserved = reserved_boxes(view, title(view.space));
                    let crossed = |spots: &[Option<PlacedLabel>]| {
                        spots
                            .iter()
                            .flatten()
                            .filter(|s| ring_lines.iter().any(|r| box_crossed_by(&s.back, r)))
                            .count()
                    };
                    let with = place_labels(view, &p.list, &extra, &reserved);
                    assert_eq!(
                        crossed(&with),
                        0,
                        "{what}: a label crossed by the answer's ring"
                    );
                    let without = place_labels(view, &p.list, &[], &reserved);
                    if crossed(&without) > 0 {
                        crossed_when_ignored.push(what);
                    }
                    rings += extra.len();
                }
            }
        }
    }
    assert!(rings >= 8, "only {rings} rings checked");
    // Placed without the rings in mind, some label is crossed by one (the GJK lesson's
    // support vertex, the clip's new point): the check above can fail.
    assert!(
        !crossed_when_ignored.is_empty(),
        "no ring meets a label even when the placer ignores it"
    );
}

/// The GJK lesson's page 6 with its answer shown, in presenter mode at 1280×720: in the
/// window's configuration view (576 × 411 px right of a 704 px world view, the camera the
/// window fits to it, presenter scale) no label is crossed by a line. The long "new
/// support" label, anchored near the view's left edge, has no room left of its point:
/// straight below it, it spans its point and ends short of the search direction's
/// arrow rather than centred across it.
#[test]
fn the_new_support_label_keeps_off_the_direction_arrow_in_presenter_mode() {
    let lesson = library::lesson("gjk").unwrap();
    let page = &lesson.pages[5];
    let q = page.question.as_ref().unwrap();
    let study = PageStudy::of(page).unwrap();
    let solved = q.ask.solve(&study.ground()).unwrap();
    let mut app = settled(&study, q, solved.reveal_step);
    let p = app_picture(&mut app);
    let view = ViewFrame {
        space: Space::Config,
        viewport: Viewport {
            x: 704.0,
            y: 0.0,
            w: 576.0,
            h: 411.0,
        },
        camera: collidescope::scene::view_state::Camera {
            center: Vec2::new(0.3, 1.4),
            zoom: 94.737,
        },
        scale: collidescope::view::prefs::PRESENTER_VIEW_SCALE,
    };
    let (seen, dropped) = check_view(&view, &p.list, &[], "GJK lesson page 6, presenter");
    assert_eq!(dropped, 0, "a label dropped");
    let support = seen
        .iter()
        .find(|s| s.text.starts_with("new support"))
        .expect("the new support label is drawn");
    assert_eq!(
        support.crossed, 0,
        "the new support label is crossed by a line"
    );
    let crossed: Vec<_> = seen
        .iter()
        .filter(|s| s.crossed > 0)
        .map(|s| &s.text)
        .collect();
    assert!(crossed.is_empty(), "labels crossed by a line: {crossed:?}");
}

/// The page's study as a settled question shows it: the answer's and the hint's layers
/// shown, at `step`.
fn settled(study: &PageStudy, q: &Question, step: usize) -> AppState {
    // What the window uncovers once the question is settled.
    let mut app = AppState::new(study.scene.clone(), None);
    collidescope::lesson::show_settled(&mut app, q);
    app.set_step(step);
    app
}

/// A lesson's canvas at 1600×1000 with the presenter setting and at 1280×800 without
/// (the page's text under it, no panel beside it), with the text scale of each.
const LESSON_CANVASES: [((f32, f32), f32); 2] = [
    (
        (1600.0, 608.0),
        collidescope::view::prefs::PRESENTER_VIEW_SCALE,
    ),
    ((1280.0, 490.0), 1.0),
];

/// The window's canvas beside its panel at the same two sizes.
const WINDOW_CANVASES: [((f32, f32), f32); 2] = [
    (
        (1225.0, 950.0),
        collidescope::view::prefs::PRESENTER_VIEW_SCALE,
    ),
    ((881.0, 760.0), 1.0),
];

/// A label as placed: its text, its anchor on screen, its text size and its spot.
type Placed = (String, Vec2, f32, PlacedLabel);

/// The window's views of `app` on `canvases` (size, text scale), cameras fitted to
/// what it draws: each view with its labels as placed.
fn window_placements(
    app: &mut AppState,
    canvases: &[((f32, f32), f32)],
) -> Vec<(String, Vec<Placed>)> {
    let list = app.draw_list();
    let mut out = Vec::new();
    for &(canvas, scale) in canvases {
        let views = crate::projector::window_views(app, &list, canvas, scale);
        for view in views.iter().filter(|v| v.viewport.w >= 1.0) {
            let spots = place_labels(view, &list, &[], &reserved_boxes(view, title(view.space)));
            let placed = view_labels(view, &list, &[])
                .zip(spots)
                .filter_map(|((_, prim), spot)| match (prim, spot) {
                    (Prim::Label { at, text, size, .. }, Some(s)) => Some((
                        text.clone(),
                        view.to_screen(*at),
                        label_size(*size, view.scale),
                        s,
                    )),
                    _ => None,
                })
                .collect();
            out.push((format!("{canvas:?} x{scale} {:?}", view.space), placed));
        }
    }
    out
}

/// The GJK lesson's page 12 ("make GJK finish sooner") after "Show me the answer" (B
/// moved where the answer puts it, the answer's step and layers shown), in the window
/// as the lesson shows it at 1600×1000 with the presenter setting and at 1280×800:
/// "new support B[0]-A[2]" sits by its point (its box within the close search's reach,
/// 66 px, of it). Every spot beside the point is touched by the search arrow or an
/// edge, or ties it by a leader over the label w2 at the same point; weighed only by
/// the lines crossing them, one 390 px off, across B − A at the view's far corner, won.
#[test]
fn the_answers_new_support_label_sits_by_its_point() {
    let lesson = library::lesson("gjk").unwrap();
    let page = &lesson.pages[11];
    let q = page.question.as_ref().unwrap();
    let study = PageStudy::of(page).unwrap();
    let (shape, at) = drag_solution(&q.ask, &study.scene).unwrap();
    let mut moved = AppState::new(study.scene.clone(), None);
    moved.move_shape(shape, at);
    let study = PageStudy::of_scene(moved.scene.clone()).unwrap();
    let solved = q.ask.solve(&study.ground()).unwrap();
    let mut app = settled(&study, q, solved.reveal_step);
    let mut seen = 0;
    for (what, placed) in window_placements(&mut app, &LESSON_CANVASES) {
        for (text, anchor, _, s) in placed.iter().filter(|l| l.0.starts_with("new support")) {
            let d = box_distance(&s.back, *anchor);
            assert!(
                d <= CLOSE_REACH,
                "{what}: {text:?} {d} px from its point at {:?}",
                s.back
            );
            seen += 1;
        }
    }
    assert!(seen >= 2, "the new support label drawn {seen} times");
}

/// The chains lesson's page 3 (a ghost bump: segment 2's normal tilted 90°), in the
/// lesson and in the window at 1600×1000 with the presenter setting and at 1280×800:
/// no segment number
/// reads as a word of the caption beside it on its line ("2 segment 2: normal tilted
/// 90° (ghost bump) 1"), nor any two labels as one phrase.
#[test]
fn a_segment_number_does_not_read_as_a_word_of_the_caption_beside_it() {
    let lesson = library::lesson("chains").unwrap();
    let study = PageStudy::of(&lesson.pages[2]).unwrap();
    let mut app = AppState::new(study.scene.clone(), None);
    app.set_step(study.scene.view.step);
    let mut found = Vec::new();
    let canvases: Vec<_> = LESSON_CANVASES.into_iter().chain(WINDOW_CANVASES).collect();
    for (what, placed) in window_placements(&mut app, &canvases) {
        for (i, (a, _, size_a, sa)) in placed.iter().enumerate() {
            for (b, _, size_b, sb) in &placed[i + 1..] {
                let size = size_a.max(*size_b);
                if reads_as_one_phrase_of(
                    (&sa.back, is_number(a)),
                    (&sb.back, is_number(b)),
                    size,
                    &[],
                ) {
                    found.push(format!(
                        "{what}: {a:?} at {:?} and {b:?} at {:?}",
                        sa.back, sb.back
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}
