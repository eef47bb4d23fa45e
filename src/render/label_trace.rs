//! A trace of one label's spots and what each costs, for finding why a spot wins
//! (tests only): `WATCH` names the label; [`dump`] prints its cheapest spots.

use super::spot_cost::{weight, Scorer};
use super::spots::{candidates, close_candidates, far_candidates, CLOSE_REACH};
use super::*;

use crate::app::AppState;
use crate::view::camera::{Camera, Viewport};
use crate::view::draw::{bounds, DrawList, Prim, Space};
use glam::Vec2;
use std::cell::RefCell;

thread_local! {
    static WATCH: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Prints the cheapest spots of the watched label (its text starting with `WATCH`).
pub(super) fn dump(s: &Scorer, lines: &[String], vp: &Viewport) {
    let watched = WATCH.with(|w| {
        w.borrow()
            .as_ref()
            .is_some_and(|t| s.p.text.starts_with(t.as_str()))
    });
    if !watched {
        return;
    }
    let (w, h) = (s.first.w, s.first.h);
    let mut all: Vec<(f32, Viewport)> = candidates(s.p.anchor, s.first, w, h, &s.vp);
    all.extend(close_candidates(s.p.anchor, w, h, CLOSE_REACH));
    all.extend(far_candidates(s.p.anchor, w, h, &s.vp));
    let mut scored: Vec<_> = all
        .into_iter()
        .filter_map(|(d, b)| s.score(d, &b, None).map(|c| (weight(c), c, d, b)))
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0));
    eprintln!(
        "== {:?} ({lines:?}) anchor {} first {:?} view {vp:?}",
        s.p.text, s.p.anchor, s.first
    );
    eprintln!(
        "   first: {:?} {}",
        s.score(0.0, &s.first, None),
        s.explain(&s.first)
    );
    for (wt, c, d, b) in scored.iter().take(12) {
        eprintln!(
            "  w {wt:.0} {c:?} d {d:.0} box ({:.0},{:.0} {:.0}x{:.0}) {}",
            b.x,
            b.y,
            b.w,
            b.h,
            s.explain(b)
        );
    }
}

/// The window's two views of `app` on a canvas `w` × `h` at text `scale` (as the
/// labels' tests lay them out), cameras fitted to `opened`.
fn window_views(
    app: &AppState,
    opened: &DrawList,
    (w, h): (f32, f32),
    scale: f32,
) -> Vec<ViewFrame> {
    let w_world = (w * app.split).round();
    let world = Viewport {
        x: 0.0,
        y: 0.0,
        w: w_world,
        h,
    };
    let config = Viewport {
        x: w_world,
        w: w - w_world,
        ..world
    };
    let mut out = Vec::new();
    for (space, viewport) in [(Space::World, world), (Space::Config, config)] {
        let mut camera = Camera::default();
        if let Some((lo, hi)) = bounds(opened, space) {
            let (lo, hi) = match space {
                Space::World => (lo, hi),
                Space::Config => {
                    let (lo, hi) = (lo.min(Vec2::ZERO), hi.max(Vec2::ZERO));
                    let pad = (hi - lo) * 0.1;
                    (lo - pad, hi + pad)
                }
            };
            camera.fit(lo, hi, &viewport);
        }
        out.push(ViewFrame {
            space,
            viewport,
            camera,
            scale,
        });
    }
    out
}

/// Traces label `text` in `app` at its current step, both canvases.
pub(super) fn trace(
    app: &mut AppState,
    opened: &DrawList,
    text: &str,
    canvases: &[((f32, f32), f32)],
) {
    WATCH.with(|w| *w.borrow_mut() = Some(text.to_string()));
    let list = app.draw_list();
    for &(canvas, scale) in canvases {
        for view in window_views(app, opened, canvas, scale) {
            let title = match view.space {
                Space::World => "world   60 fps",
                Space::Config => "configuration space: B - A",
            };
            let list = &*view.expanded(&list);
            eprintln!("--- {:?} canvas {canvas:?} x{scale}", view.space);
            let placed = labels::place_labels_now(&view, list, &[], &reserved_boxes(&view, title));
            for ((_, prim), spot) in view_labels(&view, list, &[]).zip(placed) {
                if let (Prim::Label { text: t, .. }, Some(spot)) = (prim, spot) {
                    if t.starts_with(text) {
                        eprintln!("  PLACED {t:?} at {:?} leader {:?}", spot.back, spot.leader);
                    }
                }
            }
        }
    }
    WATCH.with(|w| *w.borrow_mut() = None);
}

#[cfg(test)]
mod cases {
    use super::*;
    use crate::scene::parse_scene;
    use crate::study::Algorithm;

    fn scene_app(file: &str, algorithm: Algorithm) -> (AppState, DrawList) {
        let path = format!("{}/scenes/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let scene = parse_scene(&text, file).unwrap();
        let mut app = AppState::new(scene, None);
        let opened = app.draw_list();
        app.set_algorithm(algorithm);
        (app, opened)
    }

    /// `LABEL_TRACE="welcome.ron manifold 4 B edge 3 side"` (scene, algorithm, step from 0, label's start).
    #[test]
    #[ignore]
    fn trace_label() {
        let spec = std::env::var("LABEL_TRACE").unwrap();
        let mut parts = spec.splitn(4, ' ');
        let (file, alg, step, text) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap().parse::<usize>().unwrap(),
            parts.next().unwrap(),
        );
        let presenter = crate::view::prefs::PRESENTER_VIEW_SCALE;
        if let Some(id) = file.strip_prefix("lesson:") {
            // `lesson:toi 1 0 B`: the lesson, its page (from 1), a step (unused: the
            // page's own), the label.
            let lesson = crate::lesson::library::lesson(id).unwrap();
            let page = &lesson.pages[alg.parse::<usize>().unwrap() - 1];
            let study = crate::lesson::PageStudy::of(page).unwrap();
            let mut app = AppState::new(study.scene.clone(), None);
            if let Some(q) = &page.question {
                if step == 2 {
                    // After "Show me the answer": the shape moved where the answer
                    // puts it, the answer's step shown.
                    let (shape, at) =
                        crate::lesson::check::drag_solution(&q.ask, &study.scene).unwrap();
                    let mut moved = AppState::new(study.scene.clone(), None);
                    moved.move_shape(shape, at);
                    let study = crate::lesson::PageStudy::of_scene(moved.scene.clone()).unwrap();
                    let solved = q.ask.solve(&study.ground()).unwrap();
                    app = AppState::new(study.scene.clone(), None);
                    crate::lesson::show_settled(&mut app, q);
                    app.set_step(solved.reveal_step);
                } else {
                    if step > 0 {
                        crate::lesson::show_settled(&mut app, q);
                    }
                    app.set_step(study.scene.view.step);
                }
            } else {
                app.set_step(study.scene.view.step);
            }
            let opened = app.draw_list();
            let canvases = [
                ((1600.0, 608.0), presenter),
                ((1280.0, 490.0), 1.0),
                ((1225.0, 950.0), presenter),
                ((881.0, 760.0), 1.0),
            ];
            trace(&mut app, &opened, text, &canvases);
            return;
        }
        let algorithm = crate::scene::view_state::ALGORITHMS
            .iter()
            .find(|i| i.name == alg)
            .unwrap()
            .algorithm;
        let (mut app, opened) = scene_app(file, algorithm);
        app.set_step(step);
        trace(
            &mut app,
            &opened,
            text,
            &[((881.0, 760.0), 1.0), ((1201.0, 950.0), presenter)],
        );
    }
}
