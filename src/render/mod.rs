//! Backends without a window. Image export: the picture of any algorithm step as SVG (vector, for slides) or PNG
//! (rendered in software, so it needs no display), from the same draw list the app draws.
//!
//! A picture of `width × height` pixels has three bands, top to bottom:
//! - the header: one title line (scene title · algorithm · pair · "step k of n");
//! - the two views side by side, the world on the left and configuration space B − A on
//!   the right, each with its grid, axis labels and title, drawn as the app's canvas draws
//!   them (`src/gui/canvas.rs`: same colours, pixel widths, dashes, arrow heads, labels);
//! - the legend: a swatch and a label for shape A, shape B and every layer drawn.
//!
//! Both formats come from one walk over the layout ([`paint`]) into a `Painter`, so the
//! SVG and the PNG cannot disagree: the SVG painter writes one element per call, the PNG
//! painter rasterises with tiny-skia (anti-aliased) and fontdue (text in Hack, the font
//! the app's canvas uses).
//!
//! Structure of the SVG (tests rely on it):
//! - `<g id="view-world">` / `<g id="view-config">`, each clipped to its view
//!   (`clip-path="url(#clip-world)"`), holding `<g id="grid-world">` and then one
//!   `<g id="layer-NAME" class="layer" data-label="...">` per layer of the draw list
//!   (`NAME` is the [`LayerId`] variant, e.g. `layer-GjkSimplex`), in draw-list order;
//! - in a layer, exactly one element per primitive but labels, one per line: `Polyline`
//!   → `<polyline class="line">` (open) or `<polygon class="outline">` (closed), `Fill` →
//!   `<polygon class="fill">`, `Dot` → `<circle class="dot">`, `Ring` → `<circle
//!   class="ring">`, `Arrow` → `<g class="arrow">` (a `<line>` and a head `<polygon>`),
//!   `Cross` → `<path class="cross">`. A primitive with a non-finite screen coordinate, a
//!   fill of fewer than 3 points or a line of fewer than 2 is not drawn (the app's canvas
//!   draws nothing for those either);
//! - after the layers, `<g id="labels-world" class="labels">` (`labels-config`): every
//!   `Label` of the view's layers in draw-list order, each a `<g class="label">` (its
//!   plate `<rect>`, its `<text>`, a leader `<line>` when moved), over every line; a
//!   label wrapped onto more lines ([`wrap_words`]) has a `<tspan>` per line in its
//!   `<text>`;
//! - `<g id="legend">` with a `<g class="legend-item">` per entry.
//!
//! Coordinates: a layer's point `p` is drawn at `camera.to_screen(p, viewport)` of its
//! view ([`layout`] gives both), written with two decimals.

mod grid;
mod handout;
mod handout_pictures;
mod handout_words;
mod label_memo;
#[cfg(test)]
mod label_trace;
mod labels;
mod layout;
mod leaders;
mod obstacles;
mod paint;
mod picture;
mod plot;
mod png;
mod scene_plot;
mod shape_regions;
mod spot_choice;
mod spot_cost;
mod spots;
mod svg;
mod text;
mod wrap;

pub use grid::*;
pub use handout::*;
pub use handout_pictures::{question_hidden_labels, without_labels};
pub use handout_words::sentences;
pub use labels::*;
pub use layout::*;
pub use leaders::*;
pub use obstacles::*;
pub use paint::*;
pub use picture::*;
pub use plot::*;
pub use png::*;
pub use scene_plot::*;
pub use shape_regions::*;
pub use spots::*;
pub use svg::*;
pub use text::*;
pub use wrap::*;

#[cfg(test)]
mod tests {
    use super::*;

    use crate::app::{AppState, DEFAULT_SPLIT};
    use crate::scene::parse_scene;
    use crate::scene::Scene;
    use crate::study::Algorithm;
    use crate::view::camera::Camera;
    use crate::view::draw::{bounds, LayerId, Space};
    use glam::Vec2;
    use std::path::Path;

    fn default_scene() -> Scene {
        parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap()
    }

    #[test]
    fn numbers_and_escapes() {
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(3.0), "3");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-1.236), "-1.24");
        assert_eq!(
            xml_escape(r#"a<b & "c" 'd'>"#),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(xml_escape("x\u{1}y"), "x y");
        assert_eq!(grid_value(-1.0e-7, 0.5, 1), "0.0");
        assert_eq!(grid_value(-0.5, 0.5, 1), "-0.5");
    }

    #[test]
    fn hack_is_monospaced() {
        let w = text_width("abcdefghij", 13.0);
        assert!((w - 10.0 * 0.602 * 13.0).abs() < 0.1, "{w}");
        assert!((text_width("−–·", 13.0) - text_width("abc", 13.0)).abs() < 1e-3);
    }

    #[test]
    fn a_long_header_wraps_and_the_views_start_below_it() {
        let scene = default_scene();
        let mut p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        p.title = "Turning: a bullet against a turning wall  ·  Time of impact, turning (b2TimeOfImpact)  ·  A = Wall, B = Bullet".into();
        let l = layout(&p, 700, 500).unwrap();
        let text: Vec<&str> = l.header_lines.iter().map(|h| h.0.as_str()).collect();
        assert!(l.header_lines.len() >= 2, "{text:?}");
        assert!(text.iter().all(|t| !t.contains('…')), "{text:?}");
        assert!(text.join(" ").contains("B = Bullet"), "{text:?}");
        for (t, x, y) in &l.header_lines {
            assert!(
                *x >= 0.0 && x + text_width(t, TITLE_SIZE) <= 700.0 + 1e-3,
                "{t}"
            );
            assert!(*y < l.header.h, "{t}");
        }
        // No two lines on one baseline meet.
        for a in &l.header_lines {
            for b in l.header_lines.iter().filter(|b| b.2 == a.2 && b.1 > a.1) {
                assert!(
                    a.1 + text_width(&a.0, TITLE_SIZE) < b.1,
                    "{} meets {}",
                    a.0,
                    b.0
                );
            }
        }
        assert!(l.views.iter().all(|v| v.viewport.y == l.header.h));
        // A short one stays on one line.
        assert_eq!(layout(&p, 4000, 500).unwrap().header.h, HEADER_H);
    }

    #[test]
    fn an_export_fits_configuration_space_with_the_windows_margin() {
        let scene = default_scene();
        let p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        for (w, h) in [(1280, 800), (720, 432), (500, 900)] {
            let l = layout(&p, w, h).unwrap();
            let c = l.view(Space::Config).unwrap();
            let vp = c.viewport;
            let (lo, hi) = bounds(&p.list, Space::Config).unwrap();
            let a = c.camera.to_screen(lo.min(Vec2::ZERO), &vp);
            let b = c.camera.to_screen(hi.max(Vec2::ZERO), &vp);
            let sides = [
                a.x.min(b.x) - vp.x,
                vp.x + vp.w - a.x.max(b.x),
                a.y.min(b.y) - vp.y,
                vp.y + vp.h - a.y.max(b.y),
            ];
            // B − A and the origin fill the view but the window's margin on one axis
            // (centred: the same on both sides), and keep at least it on the other.
            let margin = |len: f32| crate::view::camera::CONFIG_MARGIN.min(0.2 * len);
            let across = (sides[0] - margin(vp.w)).abs() < 0.5 && (sides[1] - sides[0]).abs() < 0.5;
            let down = (sides[2] - margin(vp.h)).abs() < 0.5 && (sides[3] - sides[2]).abs() < 0.5;
            assert!(across || down, "{w}x{h}: {sides:?}");
            assert!(
                sides[..2].iter().all(|s| *s >= margin(vp.w) - 0.5)
                    && sides[2..].iter().all(|s| *s >= margin(vp.h) - 0.5),
                "{w}x{h}: {sides:?}"
            );
        }
    }

    #[test]
    fn a_title_that_fits_across_is_not_wrapped_into_a_column_beside_the_step() {
        let scene = default_scene();
        let mut p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        p.title =
            "Chain: box across a seam of a tiled floor  ·  GJK distance  ·  A = Box, B = Ball"
                .into();
        p.step = Some((0, 2));
        p.step_part = Some("GJK step 1 of 2".into());
        let lines = |w: u32| layout(&p, w, 432).unwrap().header_lines;
        // 720 pixels: the title takes the whole first line, the step the second,
        // rather than the title in two lines of a narrow column beside the step.
        let l = lines(720);
        let text: Vec<&str> = l.iter().map(|h| h.0.as_str()).collect();
        assert_eq!(l.len(), 2, "{text:?}");
        assert_eq!(
            text[0],
            p.title.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        assert!(text[1].starts_with("step 1 of 2"), "{text:?}");
        assert!(l[1].2 > l[0].2, "{l:?}");
        // Wide enough for both on one line: beside it.
        let l = lines(1600);
        assert_eq!(l.len(), 2);
        assert_eq!(l[0].2, l[1].2, "{l:?}");
    }

    #[test]
    fn format_from_names_and_paths() {
        assert_eq!(Format::from_path(Path::new("a/b.SVG")), Some(Format::Svg));
        assert_eq!(Format::from_path(Path::new("b.png")), Some(Format::Png));
        assert_eq!(Format::from_path(Path::new("b.jpg")), None);
        assert_eq!(Format::from_path(Path::new("noext")), None);
        assert_eq!(Format::from_name("PNG"), Some(Format::Png));
    }

    #[test]
    fn layout_bands_views_and_fitted_cameras() {
        let scene = default_scene();
        let ex = SceneExport::new(&scene, Algorithm::Gjk);
        let p = ex.picture(0).unwrap();
        let l = layout(&p, 1280, 800).unwrap();
        assert_eq!(l.views.len(), 2);
        let (w, c) = (
            l.view(Space::World).unwrap(),
            l.view(Space::Config).unwrap(),
        );
        // World left at the app's split, configuration space right, no gap or overlap.
        assert_eq!(w.viewport.x, 0.0);
        assert_eq!(w.viewport.w, (1280.0 * DEFAULT_SPLIT).round());
        assert_eq!(c.viewport.x, w.viewport.w);
        assert_eq!(c.viewport.x + c.viewport.w, 1280.0);
        assert_eq!(w.viewport.y, HEADER_H);
        assert_eq!(w.viewport.y + w.viewport.h, l.legend.y);
        assert_eq!(l.legend.y + l.legend.h, 800.0);
        // Fitted: every drawn point of each view is inside its viewport.
        for view in &l.views {
            let (lo, hi) = bounds(&p.list, view.space).unwrap();
            for q in [lo, hi] {
                let s = view.to_screen(q);
                assert!(view.viewport.contains(s), "{:?} {q} -> {s}", view.space);
            }
        }
        // Legend: A, B, the other shapes and one entry per layer drawn in its own
        // colour (not the vertex numbers, drawn in A's and B's); every item inside
        // the legend band.
        let texts: Vec<&str> = l.legend_items.iter().map(|i| i.text.as_str()).collect();
        assert!(texts.contains(&"other shapes"), "{texts:?}");
        assert!(texts.contains(&LayerId::GjkSimplex.label()), "{texts:?}");
        assert!(
            !texts.contains(&LayerId::VertexIndices.label()),
            "{texts:?}"
        );
        assert!(l.legend_items.len() >= 6, "{texts:?}");
        for it in &l.legend_items {
            assert!(colour_drawn(
                &p.list,
                &[Space::World, Space::Config],
                it.color
            ));
        }
        for it in &l.legend_items {
            assert!(it.at.y >= l.legend.y && it.at.y + SWATCH <= l.legend.y + l.legend.h);
            assert!(it.at.x + SWATCH + 6.0 + text_width(&it.text, LEGEND_TEXT) <= 1280.0);
        }
        // A narrow picture wraps the legend onto more rows.
        let narrow = layout(&p, 400, 800).unwrap();
        assert!(narrow.legend.h > l.legend.h);
    }

    #[test]
    fn split_one_shows_the_world_only_and_bad_sizes_are_refused() {
        let scene = default_scene();
        let mut p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        p.split = 1.0;
        let l = layout(&p, 800, 600).unwrap();
        assert_eq!(l.views.len(), 1);
        assert_eq!(l.views[0].space, Space::World);
        // Configuration-space layers are not in the legend when their view is not shown.
        assert!(!l
            .legend_items
            .iter()
            .any(|i| i.text == LayerId::Minkowski.label()));
        for (w, h) in [(100, 600), (800, 100), (9000, 600)] {
            assert_eq!(
                layout(&p, w, h).unwrap_err(),
                ExportError::BadSize {
                    width: w,
                    height: h
                }
            );
        }
    }

    #[test]
    fn step_out_of_range_names_the_valid_range() {
        let scene = default_scene();
        let ex = SceneExport::new(&scene, Algorithm::Epa);
        let n = ex.step_count();
        assert!(n >= 2);
        assert!(ex.picture(n - 1).is_ok());
        let e = ex.picture(n).unwrap_err();
        assert_eq!(
            e,
            ExportError::StepOutOfRange {
                algorithm: Algorithm::Epa,
                step: n,
                count: n
            }
        );
        // Said as the window counts: the index n is step n + 1 of 1 to n.
        let said = e.to_string();
        assert!(
            said.starts_with(&format!("step {} is out of range", n + 1)),
            "{said}"
        );
        assert!(said.contains(&format!("(1 to {n})")), "{said}");
    }

    #[test]
    fn hidden_labels_are_counted_and_the_note_under_the_title_is_kept_free() {
        // The default scene's EPA step in a small picture with large text: labels do
        // not all fit, and the window's note says how many are hidden.
        let scene = default_scene();
        let p = SceneExport::new(&scene, Algorithm::Epa).picture(3).unwrap();
        let mut l = layout(&p, 480, 320).unwrap();
        let view = &mut l.views[1];
        view.scale = 3.0;
        let n = hidden_labels(view, &p.list, &[], "world");
        assert!(n > 0, "every label fits");
        let title = title_with_hidden("world", n);
        let word = if n == 1 { "label" } else { "labels" };
        assert_eq!(title, format!("world\n{n} {word} hidden (Z)"));
        // The note is a line of its own under the title, and labels keep off it.
        let lines = view_title_lines(view, &title);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].0.y > lines[0].0.y && lines[1].2 >= MIN_TEXT);
        let plain = chrome_boxes(view, "world").len();
        assert_eq!(chrome_boxes(view, &title).len(), plain + 1);
        let note = label_box(lines[1].0, lines[1].1, lines[1].2);
        let spots = place_labels(view, &p.list, &[], &reserved_boxes(view, &title));
        for s in spots.iter().flatten() {
            assert!(!boxes_overlap(&s.back, &note, 0.0));
        }
        assert_eq!(title_with_hidden("world", 0), "world");
    }

    #[test]
    fn no_pair_pictures_the_shapes() {
        let mut scene = default_scene();
        scene.shapes.truncate(1);
        let ex = SceneExport::new(&scene, Algorithm::Gjk);
        assert_eq!(ex.step_count(), 1);
        let p = ex.picture(0).unwrap();
        assert!(p.title.contains("no pair"));
        assert_eq!(p.list.layers.len(), 1);
        let l = layout(&p, 640, 480).unwrap();
        assert_eq!(l.legend_items.len(), 1);
        assert!(render_svg(&p, 640, 480).unwrap().contains("layer-Shapes"));
    }

    #[test]
    fn hidden_layers_of_the_scene_view_are_left_out() {
        let mut scene = default_scene();
        scene.view.hidden_layers = vec![LayerId::Minkowski];
        let p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        assert!(p.list.layer(LayerId::Minkowski).is_none());
        assert!(p.list.layer(LayerId::GjkSimplex).is_some());
    }

    #[test]
    fn the_app_picture_is_the_scene_picture_of_the_opened_scene() {
        let mut scene = default_scene();
        scene.view.algorithm = Algorithm::Manifold;
        scene.view.manifold_source = "sat".to_string();
        scene.view.hidden_layers = vec![LayerId::Minkowski];
        let mut app = AppState::new(scene.clone(), None);
        let mut from_app = app_picture(&mut app);
        let ex = SceneExport::new(&scene, Algorithm::Manifold);
        let step = ex.view_step();
        let from_scene = ex.picture(step).unwrap();
        // The window's picture adds the engines' overlays (when built with the peers),
        // as the scene's picture does when asked for them (`export --peers`)...
        #[cfg(feature = "peers")]
        {
            let ex = SceneExport::new(&scene, Algorithm::Manifold).with_peers();
            let with_peers = ex.picture(step).unwrap();
            assert_eq!(from_app.list, with_peers.list);
            assert!(with_peers.list.layer(LayerId::PeerBox2d).is_some());
            assert!(with_peers.list.layer(LayerId::PeerParry).is_some());
        }
        // ... everything else is the scene's picture.
        from_app.list.layers.retain(|l| {
            !matches!(
                l.id,
                LayerId::PeerBox2d | LayerId::PeerParry | LayerId::PeerBox2dSimplex
            )
        });
        assert_eq!(from_app.list, from_scene.list);
        assert_eq!(from_app.title, from_scene.title);
        assert!(from_app.title.contains("SAT normal"), "{}", from_app.title);
        assert_eq!(from_app.step, from_scene.step);
        assert_eq!(from_app.shape_a.as_deref(), Some("A"));
        assert_eq!(from_app.shape_b.as_deref(), Some("B"));
        // The EPA normal draws a different manifold layer on this overlapping pair.
        scene.view.manifold_source = "epa".to_string();
        let epa = SceneExport::new(&scene, Algorithm::Manifold)
            .picture(step)
            .unwrap();
        assert!(epa.title.contains("EPA normal"));
        assert_ne!(
            epa.list.layer(LayerId::Manifold),
            from_scene.list.layer(LayerId::Manifold)
        );
        // The app's cameras once fitted are the picture's.
        app.world_camera = Camera {
            center: Vec2::new(0.5, 0.0),
            zoom: 80.0,
        };
        let p = app_picture(&mut app);
        let l = layout(&p, 900, 600).unwrap();
        assert_eq!(l.view(Space::World).unwrap().camera, app.world_camera);
    }

    #[test]
    fn scene_cameras_are_used_when_they_have_a_zoom() {
        let mut scene = default_scene();
        scene.view.world_camera = Camera {
            center: Vec2::new(1.0, 2.0),
            zoom: 33.0,
        };
        let p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        let l = layout(&p, 1000, 700).unwrap();
        let w = l.view(Space::World).unwrap();
        assert_eq!(w.camera, scene.view.world_camera);
        assert_eq!(w.to_screen(Vec2::new(1.0, 2.0)), w.viewport.center());
        // The configuration camera had none: fitted, origin in view.
        let c = l.view(Space::Config).unwrap();
        assert!(c.camera.zoom > 0.0);
        assert!(c.viewport.contains(c.to_screen(Vec2::ZERO)));
    }
}
