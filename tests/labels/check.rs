//! The checks every picture's labels pass ([`check_view`]), and the walk over every
//! scene, algorithm and step as the window shows them ([`walk`]).

use crate::chrome::Chrome;
use collidescope::app::AppState;
use collidescope::render::{
    app_picture, bar_obstacles, box_covers_dot, box_crossed_by, box_distance, box_to_outline,
    boxes_overlap, dot_obstacles, foreign_bars, grid_numbers, in_other_shape, label_points,
    label_size, layout, line_obstacles, name_outlines, paint_view, place_labels,
    reads_as_one_phrase, reads_as_other_point, reserved_boxes, shape_regions, view_labels,
    LabelFrame, Painter, PlacedLabel, ViewFrame, GAP, MIN_TEXT,
};
use collidescope::scene::{parse_scene, Scene};
use collidescope::study::Algorithm;
use collidescope::view::camera::Viewport;
use collidescope::view::draw::handles::handle_prims;
use collidescope::view::draw::{DrawList, LayerId, Prim, Rgba, Space};
use glam::Vec2;
use std::path::PathBuf;

pub fn scenes() -> Vec<(String, Scene)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let mut scene = parse_scene(&text, &name).unwrap();
            // Every layer on: the test sees every label the app can draw.
            scene.view.hidden_layers.clear();
            (name, scene)
        })
        .collect()
}

/// What a painter was asked to draw, in order: `true` for a label, `false` for any
/// other mark on the view (grid and title aside).
#[derive(Default)]
pub struct Order {
    /// Inside the grid's or the scale bar's group (chrome the labels keep off).
    chrome: Chrome,
    marks: Vec<bool>,
    plates: Vec<Rgba>,
    sizes: Vec<f32>,
}

impl Painter for Order {
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
    fn rect(&mut self, _: &Viewport, _: Rgba) {}
    fn polyline(&mut self, _: &[Vec2], _: bool, _: f32, _: Rgba, _: bool) {
        if !self.chrome.on() {
            self.marks.push(false);
        }
    }
    fn fill(&mut self, _: &[Vec2], _: Rgba) {}
    fn dot(&mut self, _: Vec2, _: f32, _: Rgba) {
        self.marks.push(false);
    }
    fn arrow(&mut self, _: Vec2, _: Vec2, _: f32, _: Option<[Vec2; 3]>, _: Rgba) {
        self.marks.push(false);
    }
    fn label(&mut self, _: Vec2, _: &str, size: f32, _: Rgba, frame: &LabelFrame) {
        self.marks.push(true);
        self.plates.push(frame.fill);
        self.sizes.push(size);
    }
    fn text(&mut self, _: Vec2, _: &str, size: f32, _: Rgba) {
        self.sizes.push(size);
    }
    fn cross(&mut self, _: Vec2, _: f32, _: Rgba) {
        self.marks.push(false);
    }
    fn ring(&mut self, _: Vec2, _: f32, _: f32, _: Rgba) {
        self.marks.push(false);
    }
    fn legend_item(&mut self, _: &Viewport, _: Rgba, _: Vec2, _: &str, _: Rgba) {}
}

/// The farthest a label's box may be from its own anchor with no leader line, pixels at
/// scale 1 (the placer's last near ring); a label farther out is tied to its point by a
/// leader (it found no spot nearer that no line crosses).
pub const REACH: f32 = 70.0;
/// A shape's name this near its shape's outline (pixels) sits right beside it: it reads
/// as the shape's without a leader.
pub const NAME_BESIDE: f32 = 9.0;

/// One label as placed, with its text and how many line pieces cross its box.
pub struct Seen {
    pub text: String,
    pub crossed: usize,
    /// Bars (edges, intervals) it does not name under its box.
    pub bars: usize,
    /// The labels placed after it that it reads as one phrase with, by their text.
    pub phrases: Vec<String>,
}

#[derive(Default)]
pub struct Tally {
    pub pictures: usize,
    pub placed: usize,
    pub dropped: usize,
    pub crossed: usize,
    /// Pictures at the large size that dropped a label.
    pub drops: Vec<String>,
    /// Labels crossed by a line: where, and the text.
    pub crossings: Vec<(String, String)>,
    /// Labels over an edge or interval they do not name: where, and the text.
    pub over_bars: Vec<(String, String)>,
    /// Two labels that read as one phrase: where, and the two texts.
    pub phrases: Vec<(String, String)>,
}

/// The window's title of a view (the world view's also shows the frame rate).
pub fn title(space: Space) -> &'static str {
    match space {
        Space::World => "world   60 fps",
        Space::Config => "configuration space: B - A",
    }
}

/// Checks one view's labels; returns each placed label.
pub fn check_view(
    view: &ViewFrame,
    list: &DrawList,
    extra: &[Prim],
    what: &str,
) -> (Vec<Seen>, usize) {
    let vp = view.viewport;
    let reserved = reserved_boxes(view, title(view.space));
    let spots = place_labels(view, list, extra, &reserved);
    let labels: Vec<&Prim> = view_labels(view, list, extra).map(|(_, p)| p).collect();
    assert_eq!(spots.len(), labels.len(), "{what}: one spot per label");
    let placed: Vec<(&PlacedLabel, &Prim)> = spots
        .iter()
        .zip(&labels)
        .filter_map(|(s, p)| s.as_ref().map(|s| (s, *p)))
        .collect();
    // Labels anchored in the view are drawn unless there is no room at all.
    let visible = labels
        .iter()
        .filter(|p| matches!(p, Prim::Label { at, .. } if vp.contains(view.to_screen(*at))))
        .count();
    let hard: Vec<_> = dot_obstacles(view, list, extra)
        .into_iter()
        .filter(|d| d.hard)
        .collect();
    let lines = line_obstacles(view, list, extra);
    let points = label_points(view, list, extra);
    let bars = bar_obstacles(view, list);
    let regions = shape_regions(view, list);
    let outlines: Vec<Option<Vec<Vec2>>> = name_outlines(view, list, extra)
        .into_iter()
        .zip(&spots)
        .filter_map(|(o, s)| s.as_ref().map(|_| o))
        .collect();
    check_grid_numbers(view, &reserved, what);
    let mut seen = Vec::new();
    for (i, (spot, prim)) in placed.iter().enumerate() {
        let a = &spot.back;
        let Prim::Label { at, text, size, .. } = prim else {
            unreachable!()
        };
        let anchor = view.to_screen(*at);
        // Near its own point, nearer it than any other label's, or tied to it by a
        // leader line; a shape's name may sit anywhere right beside its outline.
        let beside_outline = outlines[i]
            .as_ref()
            .is_some_and(|o| box_to_outline(a, o) <= NAME_BESIDE);
        let tied = beside_outline || spot.leader.is_some_and(|l| l[0] == anchor);
        assert!(
            tied || box_distance(a, anchor) <= REACH * view.scale,
            "{what}: {text:?} is {:.0} px from its point",
            box_distance(a, anchor)
        );
        assert!(
            tied || !reads_as_other_point(a, anchor, &points),
            "{what}: {text:?} at {a:?} sits nearer another point than its own at {anchor:?}"
        );
        // Over an edge or interval it does not name (another shape's incident edge,
        // the ends of a projection interval), or of A or B ("B so far", a feature of
        // B) inside the other shape, only when nothing else was free, and then
        // tied to its own point.
        let Prim::Label { of, .. } = prim else {
            unreachable!()
        };
        let over =
            foreign_bars(a, anchor, &bars) + usize::from(in_other_shape(a, anchor, *of, &regions));
        assert!(
            over == 0 || tied,
            "{what}: {text:?} at {a:?} lies over an edge it does not name, with no leader"
        );
        assert!(
            a.x >= vp.x && a.y >= vp.y && a.x + a.w <= vp.x + vp.w && a.y + a.h <= vp.y + vp.h,
            "{what}: label box {a:?} outside its view {vp:?}"
        );
        for r in &reserved {
            assert!(
                !boxes_overlap(a, r, 0.0),
                "{what}: a label over the view title or scale bar"
            );
        }
        let mut phrases = Vec::new();
        for (b, other) in &placed[i + 1..] {
            assert!(
                !boxes_overlap(a, &b.back, GAP - 1e-3),
                "{what}: labels overlap: {a:?} and {:?}",
                b.back
            );
            let Prim::Label {
                text: t, size: s, ..
            } = other
            else {
                unreachable!()
            };
            let size = label_size(*size, view.scale).max(label_size(*s, view.scale));
            if reads_as_one_phrase(a, &b.back, size) {
                phrases.push(t.clone());
            }
        }
        for d in &hard {
            assert!(
                !box_covers_dot(a, d.at, d.radius),
                "{what}: a label {a:?} covers a contact point or the origin at {:?}",
                d.at
            );
        }
        let Prim::Label { text, size, .. } = prim else {
            unreachable!()
        };
        assert!(
            label_size(*size, view.scale) >= MIN_TEXT,
            "{what}: {text} under 12 px"
        );
        seen.push(Seen {
            text: text.clone(),
            crossed: lines.iter().filter(|l| box_crossed_by(a, l)).count(),
            bars: over,
            phrases,
        });
    }
    // The painter draws every label after every line and dot of the view, on a plate
    // that hides what runs under it, and no text under 12 px.
    let mut order = Order::default();
    paint_view(view, list, extra, title(view.space), &mut order);
    if let Some(first) = order.marks.iter().position(|l| *l) {
        assert!(
            order.marks[first..].iter().all(|l| *l),
            "{what}: a line or dot drawn over a label"
        );
    }
    assert!(
        order.plates.iter().all(|c| c.3 >= 200),
        "{what}: a see-through plate"
    );
    assert!(
        order.sizes.iter().all(|s| *s >= MIN_TEXT),
        "{what}: {:?}",
        order.sizes
    );
    if std::env::var_os("LABELS_VERBOSE").is_some() && visible > placed.len() {
        for (s, p) in spots.iter().zip(&labels) {
            if let (None, Prim::Label { at, text, .. }) = (s, p) {
                if vp.contains(view.to_screen(*at)) {
                    eprintln!("  dropped: {what}: {text:?}");
                }
            }
        }
    }
    (seen, visible - placed.len())
}

/// The grid's numbers: inside the view, apart from one another and off the title and
/// the scale bar (the first of `reserved`'s boxes are theirs; the labels were checked
/// against all of them, numbers included).
pub fn check_grid_numbers(view: &ViewFrame, reserved: &[Viewport], what: &str) {
    let vp = view.viewport;
    let numbers = grid_numbers(view, title(view.space));
    let chrome = &reserved[..reserved.len() - numbers.len()];
    for (i, n) in numbers.iter().enumerate() {
        let b = &n.back;
        assert!(
            b.x >= vp.x && b.y >= vp.y && b.x + b.w <= vp.x + vp.w && b.y + b.h <= vp.y + vp.h,
            "{what}: grid number {:?} at {b:?} leaves its view {vp:?}",
            n.text
        );
        for m in &numbers[i + 1..] {
            assert!(
                !boxes_overlap(b, &m.back, 0.0),
                "{what}: grid numbers {:?} and {:?} overlap",
                n.text,
                m.text
            );
        }
        for r in chrome {
            assert!(
                !boxes_overlap(b, r, 0.0),
                "{what}: grid number {:?} under the title or scale bar",
                n.text
            );
        }
    }
}

/// The window's picture of one step at `size`: every view's labels checked.
pub fn check_picture(
    app: &mut AppState,
    engines: bool,
    (size, scale): ((u32, u32), f32),
    what: &str,
    tally: &mut Tally,
) {
    let mut p = app_picture(app);
    if !engines {
        // The Peers section closed: the window leaves the engines' overlays out.
        p.list.layers.retain(|l| {
            !matches!(
                l.id,
                LayerId::PeerBox2d | LayerId::PeerParry | LayerId::PeerBox2dSimplex
            )
        });
    }
    let mut l = layout(&p, size.0, size.1).unwrap();
    let mut dropped = 0;
    for view in &mut l.views {
        view.scale = scale;
    }
    for view in &l.views {
        let extra = match (view.space, app.selected) {
            (Space::World, Some(i)) => handle_prims(&app.scene, i, &view.camera, &view.viewport),
            _ => Vec::new(),
        };
        let (seen, d) = check_view(view, &p.list, &extra, what);
        dropped += d;
        tally.placed += seen.len();
        for s in seen.iter().filter(|s| s.crossed > 0) {
            tally.crossed += 1;
            tally.crossings.push((what.to_string(), s.text.clone()));
        }
        for s in seen.iter().filter(|s| s.bars > 0) {
            tally.over_bars.push((what.to_string(), s.text.clone()));
        }
        for s in &seen {
            for t in &s.phrases {
                tally
                    .phrases
                    .push((what.to_string(), format!("{:?} {t:?}", s.text)));
            }
        }
    }
    tally.dropped += dropped;
    // At 640×400 a view is ~290 px wide: a long label may not fit at all.
    if dropped > 0 && size == (1280, 800) && scale == 1.0 {
        tally.drops.push(what.to_string());
    }
    tally.pictures += 1;
}

/// Every scene × algorithm × step, as the window shows it (B selected: its handles).
pub fn walk(engines: bool, sizes: &[((u32, u32), f32)]) -> Tally {
    let mut tally = Tally::default();
    for (name, scene) in scenes() {
        for algorithm in Algorithm::ALL {
            let mut app = AppState::new(scene.clone(), None);
            app.set_algorithm(algorithm);
            app.select(app.pair.map(|(_, b)| b));
            for step in 0..app.step_count() {
                app.set_step(step);
                for &(size, scale) in sizes {
                    let presenter = if scale == 1.0 { "" } else { " presenter" };
                    let what = format!("{name} {algorithm:?} step {step} at {size:?}{presenter}");
                    check_picture(&mut app, engines, (size, scale), &what, &mut tally);
                }
            }
        }
    }
    tally
}
