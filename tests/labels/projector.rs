//! What a class sees on a projector: on the scenes a teacher opens first, at every
//! algorithm and step, no label is touched by a line, an arrow, an outline or another
//! label as the painter draws them, none reads as one phrase with another (beside it on
//! its line, or right under it, with less than a space and a half between: "A A so far";
//! with a dot between them, less than three and a half: "0 • B so far"), none is hidden
//! for want of room in the window, and
//! every label's text lies inside its view — at
//! 1600×1000 with the presenter setting and at 1280×800 without, in an export's
//! geometry and in the window's (cameras fitted once, when the scene opened).
//!
//! The strokes are taken from the painter's own calls (widths included: a label that a
//! thick edge's ink touches is crossed although the edge's middle passes beside it), not
//! from the placer's idea of them.

use crate::check::{scenes, title};
use crate::chrome::Chrome;
use collidescope::app::AppState;
use collidescope::render::{
    app_picture, boxes_overlap, hidden_labels, is_number, layout, paint_view,
    reads_as_one_phrase_of, text_width, LabelFrame, Painter, ViewFrame,
};
use collidescope::study::Algorithm;
use collidescope::view::camera::{Camera, Viewport};
use collidescope::view::draw::{bounds, DrawList, LayerId, Rgba, Space};
use glam::Vec2;

/// The scenes of a first lesson with a class.
const SCENES: [&str; 5] = [
    "welcome.ron",
    "gjk_vertex_edge.ron",
    "epa_deep.ron",
    "clip_two_points.ron",
    "toi_tunnelling.ron",
];

/// Pixels a label keeps from its view's edges: more than the half of the 2 px line the
/// window draws between the views that falls inside each.
const SEPARATOR: f32 = 2.0;

/// A stroke as drawn: its ends and half its width, pixels.
#[derive(Clone, Copy, Debug)]
struct Stroke {
    a: Vec2,
    b: Vec2,
    half: f32,
}

/// A label as drawn: its text, baseline start, size, plate and leader.
#[derive(Clone, Debug)]
struct Drawn {
    text: String,
    at: Vec2,
    size: f32,
    back: Viewport,
    leader: Option<[Vec2; 2]>,
}

/// Records a view's strokes and labels as the painter draws them (the grid and the scale
/// bar aside: chrome the placer keeps the labels off by other means).
#[derive(Default)]
struct Ink {
    chrome: Chrome,
    strokes: Vec<Stroke>,
    /// Rings: centre, radius, half width.
    rings: Vec<(Vec2, f32, f32)>,
    /// The centres of dots and crosses: one between two labels on a line joins them.
    dots: Vec<Vec2>,
    labels: Vec<Drawn>,
}

impl Ink {
    fn stroke(&mut self, a: Vec2, b: Vec2, width: f32) {
        if !self.chrome.on() {
            self.strokes.push(Stroke {
                a,
                b,
                half: 0.5 * width,
            });
        }
    }
}

impl Painter for Ink {
    fn begin_group(
        &mut self,
        _: Option<&str>,
        class: Option<&str>,
        _: Option<&str>,
        _: Option<&Viewport>,
    ) {
        self.chrome.begin(class);
    }
    fn end_group(&mut self) {
        self.chrome.end();
    }
    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, _: Rgba, _: bool) {
        for w in pts.windows(2) {
            self.stroke(w[0], w[1], width);
        }
        if closed && pts.len() > 2 {
            self.stroke(pts[pts.len() - 1], pts[0], width);
        }
    }
    fn fill(&mut self, _: &[Vec2], _: Rgba) {}
    fn dot(&mut self, at: Vec2, _: f32, _: Rgba) {
        if !self.chrome.on() {
            self.dots.push(at);
        }
    }
    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, _: Rgba) {
        self.stroke(from, to, width);
        if let Some([t, l, r]) = head {
            self.stroke(t, l, 1.0);
            self.stroke(l, r, 1.0);
            self.stroke(r, t, 1.0);
        }
    }
    fn label(&mut self, at: Vec2, text: &str, size: f32, _: Rgba, frame: &LabelFrame) {
        self.labels.push(Drawn {
            text: text.to_string(),
            at,
            size,
            back: frame.back,
            leader: frame.leader,
        });
    }
    fn cross(&mut self, at: Vec2, size: f32, _: Rgba) {
        self.dots.push(at);
        self.stroke(at - Vec2::new(size, 0.0), at + Vec2::new(size, 0.0), 2.0);
        self.stroke(at - Vec2::new(0.0, size), at + Vec2::new(0.0, size), 2.0);
    }
    fn ring(&mut self, at: Vec2, radius: f32, width: f32, _: Rgba) {
        if !self.chrome.on() {
            self.rings.push((at, radius, 0.5 * width));
        }
    }
}

/// The distance between segment `a`–`b` and box `r` (0 when they meet).
fn segment_to_box(a: Vec2, b: Vec2, r: &Viewport) -> f32 {
    let inside = |p: Vec2| p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h;
    if inside(a) || inside(b) {
        return 0.0;
    }
    let c = [
        Vec2::new(r.x, r.y),
        Vec2::new(r.x + r.w, r.y),
        Vec2::new(r.x + r.w, r.y + r.h),
        Vec2::new(r.x, r.y + r.h),
    ];
    let cross = |o: Vec2, p: Vec2, q: Vec2| (p - o).perp_dot(q - o);
    let mut best = f32::INFINITY;
    for i in 0..4 {
        let (p, q) = (c[i], c[(i + 1) % 4]);
        let (d1, d2) = (cross(a, b, p), cross(a, b, q));
        let (d3, d4) = (cross(p, q, a), cross(p, q, b));
        if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
            return 0.0;
        }
        best = best
            .min(collidescope::core::math::point_segment_distance(p, a, b))
            .min(collidescope::core::math::point_segment_distance(q, a, b))
            .min(collidescope::core::math::point_segment_distance(a, p, q))
            .min(collidescope::core::math::point_segment_distance(b, p, q));
    }
    best
}

/// What is wrong with one view's labels as drawn: a stroke, a ring or another label
/// touching a label's plate, two labels reading as one phrase, or a label's plate or
/// text leaving the view.
fn faults(view: &ViewFrame, ink: &Ink) -> Vec<String> {
    let vp = view.viewport;
    let mut out = Vec::new();
    for (i, l) in ink.labels.iter().enumerate() {
        let b = &l.back;
        // A wrapped label's lines all start at its baseline's x.
        let text_end = l.at.x
            + l.text
                .split('\n')
                .map(|line| text_width(line, l.size))
                .fold(0.0f32, f32::max);
        // Clear of the view's edges by more than the line the window draws between the
        // views (2 px, centred on the edge): a plate flush with the edge reads as cut.
        // A plate nearly as wide as its view (a long SAT line) stays inside it, its
        // text clear of that line.
        let m = if b.w + 4.0 * SEPARATOR <= vp.w {
            SEPARATOR
        } else {
            0.0
        };
        if l.at.x < vp.x + SEPARATOR || text_end > vp.x + vp.w - SEPARATOR {
            out.push(format!(
                "{:?}'s text at {:?} meets its view's edge",
                l.text, l.at
            ));
        }
        if b.x < vp.x + m
            || b.y < vp.y + m
            || b.x + b.w > vp.x + vp.w - m
            || b.y + b.h > vp.y + vp.h - m
        {
            out.push(format!(
                "{:?} at {b:?} leaves the view {vp:?} or meets its edge",
                l.text
            ));
        }
        if l.at.x < b.x || text_end > b.x + b.w + 0.01 {
            out.push(format!("{:?}'s text runs past its plate {b:?}", l.text));
        }
        for s in &ink.strokes {
            // A label's own leader ends on its plate.
            if l.leader.is_some_and(|[p, q]| s.a == p && s.b == q) {
                continue;
            }
            if segment_to_box(s.a, s.b, b) < s.half {
                out.push(format!(
                    "{:?} at {b:?} is crossed by a line {:?}–{:?}",
                    l.text, s.a, s.b
                ));
            }
        }
        for &(c, r, half) in &ink.rings {
            let near = Vec2::new(c.x.clamp(b.x, b.x + b.w), c.y.clamp(b.y, b.y + b.h));
            let far = [b.x, b.x + b.w]
                .iter()
                .flat_map(|x| [b.y, b.y + b.h].map(|y| Vec2::new(*x, y).distance(c)))
                .fold(0.0f32, f32::max);
            if near.distance(c) < r + half && far > r - half {
                out.push(format!("{:?} at {b:?} is crossed by a ring", l.text));
            }
        }
        for m in &ink.labels[i + 1..] {
            if boxes_overlap(b, &m.back, 0.0) {
                out.push(format!("{:?} and {:?} overlap", l.text, m.text));
            } else if reads_as_one_phrase_of(
                (b, is_number(&l.text)),
                (&m.back, is_number(&m.text)),
                l.size.max(m.size),
                &ink.dots,
            ) {
                out.push(format!(
                    "{:?} at {b:?} and {:?} at {:?} read as one phrase",
                    l.text, m.text, m.back
                ));
            }
        }
    }
    out
}

/// The window's views at a canvas of `w` × `h` pixels beside its panel, cameras fitted
/// to the draw list `opened` as the window fits them when the scene opens.
pub(crate) fn window_views(
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

/// A picture a projector shows: its size, the window's canvas at that size (beside the
/// panel, above the status bar) and the presenter setting's scale.
type Projector = ((u32, u32), (f32, f32), f32);

/// The pictures a projector shows.
const SIZES: [Projector; 2] = [
    ((1600, 1000), (1225.0, 950.0), 1.4),
    ((1280, 800), (881.0, 760.0), 1.0),
];

#[test]
fn on_a_projector_no_line_crosses_a_label_and_every_label_stays_in_its_view() {
    let (mut found, mut found_export) = (Vec::new(), Vec::new());
    let mut labels = 0;
    let mut leaders = Vec::new();
    for (name, scene) in scenes()
        .into_iter()
        .filter(|(n, _)| SCENES.contains(&n.as_str()))
    {
        for algorithm in Algorithm::ALL {
            let mut app = AppState::new(scene.clone(), None);
            let opened = app.draw_list();
            app.set_algorithm(algorithm);
            for step in 0..app.step_count() {
                app.set_step(step);
                let mut p = app_picture(&mut app);
                // As the window opens: the engines' overlays hidden (the Peers section
                // closed; `engine_labels_join_without_overlap` walks them).
                p.list.layers.retain(|l| {
                    !matches!(
                        l.id,
                        LayerId::PeerBox2d | LayerId::PeerParry | LayerId::PeerBox2dSimplex
                    )
                });
                for (size, canvas, scale) in SIZES {
                    let mut export = layout(&p, size.0, size.1).unwrap().views;
                    for v in &mut export {
                        v.scale = scale;
                    }
                    let window = window_views(&app, &opened, canvas, scale);
                    for (geometry, views) in [("export", export), ("window", window)] {
                        for view in views.iter().filter(|v| v.viewport.w >= 1.0) {
                            let mut ink = Ink::default();
                            paint_view(view, &p.list, &[], title(view.space), &mut ink);
                            labels += ink.labels.len();
                            if geometry == "window" {
                                for l in &ink.labels {
                                    if let Some([a, b]) = l.leader {
                                        leaders.push((
                                            a.distance(b),
                                            l.text.clone(),
                                            format!(
                                                "{name} {algorithm:?} step {step} {size:?} {:?}",
                                                view.space
                                            ),
                                        ));
                                    }
                                }
                            }
                            // The window hides a label anchored in the view only for
                            // want of room (its title then says so).
                            let hidden = hidden_labels(view, &p.list, &[], title(view.space));
                            if geometry == "window" && hidden > 0 {
                                found.push(format!(
                                    "{name} {algorithm:?} step {step} {size:?} window {:?}: {hidden} hidden",
                                    view.space
                                ));
                            }
                            for f in faults(view, &ink) {
                                let found = match geometry {
                                    "window" => &mut found,
                                    _ => &mut found_export,
                                };
                                found.push(format!(
                                    "{name} {algorithm:?} step {step} {size:?} {geometry} {:?}: {f}",
                                    view.space
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(labels > 2000, "only {labels} labels drawn");
    // A short label (a vertex number) moved off its point sits near it: its leader is
    // never over 100 px (the rings' eight directions alone left 89 of 1,446 such
    // leaders over 60 px, the longest 160 px; epa_deep's vertex 2 of B, deep in A,
    // still goes 91 px out of A).
    let long: Vec<_> = leaders
        .iter()
        .filter(|(d, text, _)| text.chars().count() <= 3 && *d > 100.0)
        .collect();
    assert!(long.is_empty(), "{long:#?}");
    // In the window, none (placed with lines one cost among others, their width
    // ignored and plates allowed flush with the view's edge, 2,581 of 15,536 were;
    // placed without minding which labels read as one phrase, 107 pairs did).
    if std::env::var_os("LABELS_VERBOSE").is_some() {
        for f in found.iter().chain(&found_export) {
            eprintln!("  fault: {f}");
        }
    }
    assert!(
        found.is_empty(),
        "{} faults in {labels} labels: {:#?}",
        found.len(),
        &found[..found.len().min(60)]
    );
    // In an export's geometry, none either: in its wider configuration view, where
    // four 370-px SAT interval labels of a box-box step share the room above and below
    // B − A with the leaders of one another, the one of them no spot was clear for on
    // one line is wrapped onto two (2 of 15,536 were crossed before).
    assert!(
        found_export.is_empty(),
        "{} faults in {labels} labels: {found_export:#?}",
        found_export.len()
    );
}

/// The stroke test itself: a thick line passing beside a box touches it, a thin one at
/// the same distance does not; a segment through the box and one ending inside meet it.
#[test]
fn a_thick_stroke_beside_a_label_touches_it() {
    let b = Viewport {
        x: 10.0,
        y: 10.0,
        w: 40.0,
        h: 12.0,
    };
    let y = b.y + b.h + 2.0;
    let (a, c) = (Vec2::new(0.0, y), Vec2::new(60.0, y));
    assert!((segment_to_box(a, c, &b) - 2.0).abs() < 1e-4);
    let mut ink = Ink::default();
    ink.stroke(a, c, 5.0);
    ink.labels.push(Drawn {
        text: "A".into(),
        at: Vec2::new(b.x + 2.0, b.y + 10.0),
        size: 12.0,
        back: b,
        leader: None,
    });
    let view = ViewFrame {
        space: Space::World,
        viewport: Viewport {
            x: 0.0,
            y: 0.0,
            w: 200.0,
            h: 100.0,
        },
        camera: Camera::default(),
        scale: 1.0,
    };
    assert_eq!(faults(&view, &ink).len(), 1, "{:?}", faults(&view, &ink));
    ink.strokes[0].half = 1.0;
    assert!(faults(&view, &ink).is_empty());
    assert_eq!(
        segment_to_box(Vec2::new(0.0, 15.0), Vec2::new(60.0, 15.0), &b),
        0.0
    );
    assert_eq!(
        segment_to_box(Vec2::new(20.0, 15.0), Vec2::new(20.0, 90.0), &b),
        0.0
    );
}
