//! The one painter: screen-space drawing operations ([`Painter`]) and the walks that turn
//! a draw list, a grid and a whole picture into them. The SVG writer, the PNG rasteriser
//! and the window each implement [`Painter`]; none draws a primitive on its own.

use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::{DrawList, Prim, Rgba, Space};
use crate::view::palette::{Theme, BACKGROUND, BAND, LABEL_BACK, SEPARATOR, VIEW_TITLE};
use glam::Vec2;

/// Screen-space drawing operations, in pixels with y down. The SVG writer, the PNG
/// rasteriser and the window each implement it; the walks below are the only code that
/// turns a primitive into these calls, so the three cannot drift apart.
///
/// The picture's chrome — groups, filled rectangles (background, bands), plain text
/// (titles, grid numbers) and legend entries — has do-nothing defaults, for painters
/// that only count or collect a view's marks (the tests', the window's glyph warmer);
/// the marks themselves (lines, fills, dots, arrows, labels, crosses, rings) have
/// none, so a painter cannot leave one out by forgetting it. The three backends write
/// every method out.
pub trait Painter {
    /// A group: `id`, optional class and label, optional clip rectangle.
    fn begin_group(
        &mut self,
        _id: Option<&str>,
        _class: Option<&str>,
        _label: Option<&str>,
        _clip: Option<&Viewport>,
    ) {
    }
    fn end_group(&mut self) {}
    fn rect(&mut self, _r: &Viewport, _c: Rgba) {}
    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, c: Rgba, dashed: bool);
    fn fill(&mut self, pts: &[Vec2], c: Rgba);
    fn dot(&mut self, at: Vec2, radius: f32, c: Rgba);
    /// A shaft and, when long enough, a head triangle.
    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, c: Rgba);
    /// Text with a box behind it; `at` is the baseline start. A label moved off its
    /// anchor has a leader line (anchor, box) drawn first. A wrapped label's lines are
    /// separated by `'\n'`, each drawn [`LabelFrame::line_step`] below the one before.
    fn label(&mut self, at: Vec2, text: &str, size: f32, c: Rgba, frame: &LabelFrame);
    /// A label dropped for want of room ([`place_labels`]): nothing is drawn; the SVG
    /// keeps it hidden.
    fn dropped_label(&mut self, _text: &str, _size: f32, _c: Rgba) {}
    /// Plain text; `at` is the baseline start.
    fn text(&mut self, _at: Vec2, _text: &str, _size: f32, _c: Rgba) {}
    fn cross(&mut self, at: Vec2, size: f32, c: Rgba);
    /// A circle's outline, `radius` pixels, `width` wide.
    fn ring(&mut self, at: Vec2, radius: f32, width: f32, c: Rgba);
    /// A legend entry: a swatch square and its text.
    fn legend_item(&mut self, _sw: &Viewport, _c: Rgba, _at: Vec2, _text: &str, _tc: Rgba) {}
}

/// What surrounds a label's text: its box and the box's colour, the leader line
/// (anchor, nearest point of the box) of a label moved off its anchor, and how far apart
/// the baselines of a wrapped label's lines are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelFrame {
    pub back: Viewport,
    pub fill: Rgba,
    pub leader: Option<[Vec2; 2]>,
    /// Pixels from one line's baseline to the next's ([`line_step`]).
    pub line_step: f32,
}

impl LabelFrame {
    /// A label of text `size` at its own place: the standard box colour, no leader.
    pub fn plain(back: Viewport, size: f32) -> LabelFrame {
        LabelFrame {
            back,
            fill: LABEL_BACK,
            leader: None,
            line_step: line_step(size),
        }
    }

    /// The baseline start of each line of `text` (lines separated by `'\n'`) whose first
    /// baseline starts at `at`: what every painter draws.
    pub fn lines<'t>(&self, at: Vec2, text: &'t str) -> impl Iterator<Item = (Vec2, &'t str)> {
        let step = self.line_step;
        text.split('\n')
            .enumerate()
            .map(move |(k, line)| (at + Vec2::new(0.0, step * k as f32), line))
    }
}

/// A painter in a theme: every colour goes through [`Theme::apply`] on its way to the
/// backend, so the draw list, the walks and the backends know one palette.
pub struct Themed<'a, P: Painter> {
    pub theme: Theme,
    pub inner: &'a mut P,
}

impl<P: Painter> Painter for Themed<'_, P> {
    fn begin_group(
        &mut self,
        id: Option<&str>,
        class: Option<&str>,
        label: Option<&str>,
        clip: Option<&Viewport>,
    ) {
        self.inner.begin_group(id, class, label, clip);
    }
    fn end_group(&mut self) {
        self.inner.end_group();
    }
    fn rect(&mut self, r: &Viewport, c: Rgba) {
        self.inner.rect(r, self.theme.apply(c));
    }
    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, c: Rgba, dashed: bool) {
        let c = self.theme.apply(c);
        self.inner.polyline(pts, closed, width, c, dashed);
    }
    fn fill(&mut self, pts: &[Vec2], c: Rgba) {
        self.inner.fill(pts, self.theme.apply(c));
    }
    fn dot(&mut self, at: Vec2, radius: f32, c: Rgba) {
        self.inner.dot(at, radius, self.theme.apply(c));
    }
    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, c: Rgba) {
        self.inner.arrow(from, to, width, head, self.theme.apply(c));
    }
    fn label(&mut self, at: Vec2, text: &str, size: f32, c: Rgba, frame: &LabelFrame) {
        let frame = LabelFrame {
            fill: self.theme.apply(frame.fill),
            ..*frame
        };
        let c = crate::view::palette::label_text(self.theme, c);
        self.inner.label(at, text, size, c, &frame);
    }
    fn dropped_label(&mut self, text: &str, size: f32, c: Rgba) {
        self.inner.dropped_label(text, size, self.theme.apply(c));
    }
    fn text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba) {
        self.inner.text(at, text, size, self.theme.apply(c));
    }
    fn cross(&mut self, at: Vec2, size: f32, c: Rgba) {
        self.inner.cross(at, size, self.theme.apply(c));
    }
    fn ring(&mut self, at: Vec2, radius: f32, width: f32, c: Rgba) {
        self.inner.ring(at, radius, width, self.theme.apply(c));
    }
    fn legend_item(&mut self, swatch: &Viewport, c: Rgba, at: Vec2, text: &str, text_c: Rgba) {
        let (c, text_c) = (self.theme.apply(c), self.theme.apply(text_c));
        self.inner.legend_item(swatch, c, at, text, text_c);
    }
}

/// The arrow head the canvas draws: 10 px (at most half the arrow), 0.45 as wide;
/// `scale` times that in a scaled view.
pub fn arrow_head(a: Vec2, b: Vec2, scale: f32) -> Option<[Vec2; 3]> {
    let len = a.distance(b);
    if len <= 1.0 {
        return None;
    }
    let dir = (b - a) / len;
    let head = (10.0 * scale).min(len * 0.5);
    let side = Vec2::new(-dir.y, dir.x);
    Some([
        b,
        b - dir * head + side * head * 0.45,
        b - dir * head - side * head * 0.45,
    ])
}

pub(super) fn finite(pts: &[Vec2]) -> bool {
    pts.iter().all(|p| p.is_finite())
}

/// Draws one primitive of a view but a label (the labels are placed first and drawn
/// last: [`paint_view`]): world points through the view's camera, widths and sizes in
/// pixels times the view's scale.
pub fn paint_prim(prim: &Prim, view: &ViewFrame, out: &mut impl Painter) {
    let s = |p: Vec2| view.to_screen(p);
    let k = view.scale;
    match prim {
        Prim::Polyline {
            points,
            closed,
            width,
            color,
            dashed,
        } => {
            let pts: Vec<Vec2> = points.iter().map(|p| s(*p)).collect();
            if pts.len() >= 2 && finite(&pts) {
                out.polyline(&pts, *closed, *width * k, *color, *dashed);
            }
        }
        Prim::Fill { points, color } => {
            let pts: Vec<Vec2> = points.iter().map(|p| s(*p)).collect();
            if pts.len() >= 3 && finite(&pts) {
                out.fill(&pts, *color);
            }
        }
        Prim::Dot { at, radius, color } => {
            let p = s(*at);
            if p.is_finite() {
                out.dot(p, *radius * k, *color);
            }
        }
        Prim::Arrow {
            from,
            to,
            width,
            color,
        } => {
            let (a, b) = (s(*from), s(*to));
            if a.is_finite() && b.is_finite() {
                out.arrow(a, b, *width * k, arrow_head(a, b, k), *color);
            }
        }
        Prim::Cross { at, size, color } => {
            let p = s(*at);
            if p.is_finite() {
                out.cross(p, *size * k, *color);
            }
        }
        Prim::Ring {
            at,
            radius,
            width,
            color,
        } => {
            let p = s(*at);
            if p.is_finite() {
                out.ring(p, *radius * k, *width * k, *color);
            }
        }
        Prim::Label { .. } => {}
        Prim::Inset { .. } => {
            for p in &prim.expanded(view.px_per_unit()) {
                paint_prim(p, view, out);
            }
        }
    }
}

/// A view's scale bar: a nice length (1, 2 or 5 × 10^k world units, 80–200 px) at the
/// bottom right, above the grid's values, with its length written over it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleBar {
    pub from: Vec2,
    pub to: Vec2,
    pub text: String,
    pub text_at: Vec2,
    /// The text's size, pixels.
    pub size: f32,
    /// Everything it covers (the labels keep off it).
    pub area: Viewport,
}

/// The scale bar of `view`, or `None` when the camera has no usable zoom.
pub fn scale_bar(view: &ViewFrame) -> Option<ScaleBar> {
    let (cam, vp) = (&view.camera, &view.viewport);
    let len = cam.grid_step(80.0 * view.scale);
    let px = len * cam.zoom;
    if !(len.is_finite() && len > 0.0 && px.is_finite() && px < vp.w * 0.5) {
        return None;
    }
    let size = (GRID_LABEL_SIZE * view.scale).round();
    let text = scale_text(len);
    let right = vp.x + vp.w - 14.0;
    let y = (vp.y + vp.h - 12.0 - size).round();
    let from = Vec2::new((right - px).round(), y);
    let to = Vec2::new(right.round(), y);
    let tw = text_width(&text, size);
    let text_at = Vec2::new((0.5 * (from.x + to.x) - 0.5 * tw).round(), y - 6.0);
    let area = Viewport {
        x: from.x - 2.0,
        y: y - 6.0 - size - 2.0,
        w: px + 4.0,
        h: size + 14.0,
    };
    Some(ScaleBar {
        from,
        to,
        text,
        text_at,
        size,
        area,
    })
}

/// A scale length as written on the bar: "2", "0.5", "2e-4", "5e+6".
pub fn scale_text(len: f32) -> String {
    // Below 1e-3 and from 1e5 up, a digit and a power of ten (the bar is 1, 2 or 5 of it).
    if (1.0e-3..1.0e5).contains(&len) {
        let s = format!("{len:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        let e = len.log10().floor() as i32;
        let m = (len / 10f32.powi(e)).round() as i32;
        format!("{m}e{e:+}")
    }
}

fn paint_scale_bar(bar: &ScaleBar, out: &mut impl Painter) {
    let tick = Vec2::new(0.0, 4.0);
    out.polyline(&[bar.from, bar.to], false, 2.0, VIEW_TITLE, false);
    out.polyline(
        &[bar.from - tick, bar.from + tick],
        false,
        2.0,
        VIEW_TITLE,
        false,
    );
    out.polyline(
        &[bar.to - tick, bar.to + tick],
        false,
        2.0,
        VIEW_TITLE,
        false,
    );
    out.text(bar.text_at, &bar.text, bar.size, VIEW_TITLE);
}

pub(super) fn space_name(space: Space) -> &'static str {
    match space {
        Space::World => "world",
        Space::Config => "config",
    }
}

/// Where a view's title is written (baseline start) and at what size.
pub fn view_title_at(view: &ViewFrame) -> (Vec2, f32) {
    let vp = &view.viewport;
    let size = (VIEW_TITLE_SIZE * view.scale).round();
    (Vec2::new(vp.x + 10.0, vp.y + 5.0 + size).round(), size)
}

/// A view title's lines, each with its baseline start and size: the title, and under it
/// in label-sized text a note after a line break (the window's "3 labels hidden").
pub fn view_title_lines<'a>(view: &ViewFrame, title: &'a str) -> Vec<(Vec2, &'a str, f32)> {
    let (at, size) = view_title_at(view);
    let mut lines = title.lines();
    let mut out = vec![(at, lines.next().unwrap_or(""), size)];
    if let Some(note) = lines.next() {
        let note_size = (NOTE_SIZE * view.scale).round().max(MIN_TEXT);
        out.push((
            (at + Vec2::new(0.0, 0.35 * size + note_size + 2.0)).round(),
            note,
            note_size,
        ));
    }
    out
}

/// The size of a note under a view's title (before the presenter setting's scale).
const NOTE_SIZE: f32 = 13.0;

/// The boxes no label of `view` may touch: its title's, its scale bar's and its grid
/// numbers' ([`grid_numbers`]).
pub fn reserved_boxes(view: &ViewFrame, title: &str) -> Vec<Viewport> {
    let mut out = chrome_boxes(view, title);
    out.extend(grid_numbers(view, title).into_iter().map(|n| n.back));
    out
}

/// The boxes of a view's title and scale bar: the grid's numbers keep off them too.
pub(super) fn chrome_boxes(view: &ViewFrame, title: &str) -> Vec<Viewport> {
    let mut out: Vec<Viewport> = view_title_lines(view, title)
        .into_iter()
        .map(|(at, text, size)| label_box(at, text, size))
        .collect();
    out.extend(scale_bar(view).map(|b| b.area));
    out
}

/// One view: clipped to its viewport, its grid, the draw list's layers of its space in
/// order, `extra` (the window's handles, in the view's space), then every label of them
/// on its plate, over all the lines, and the view's title at the top left. The window
/// and the exports both draw a view with this.
///
/// The labels are placed first ([`place_labels`]) and drawn last, in their own group
/// (`labels-world`, `labels-config`) in [`view_labels`]' order.
pub fn paint_view(
    view: &ViewFrame,
    list: &DrawList,
    extra: &[Prim],
    title: &str,
    out: &mut impl Painter,
) {
    let list = &*view.expanded(list);
    let name = space_name(view.space);
    out.begin_group(
        Some(&format!("view-{name}")),
        Some("view"),
        None,
        Some(&view.viewport),
    );
    let spots = place_labels(view, list, extra, &reserved_boxes(view, title));
    out.begin_group(Some(&format!("grid-{name}")), Some("grid"), None, None);
    paint_grid(view, out);
    out.end_group();
    for layer in list.layers.iter().filter(|x| x.space == view.space) {
        out.begin_group(
            Some(&format!("layer-{:?}", layer.id)),
            Some("layer"),
            Some(layer.id.label()),
            None,
        );
        for prim in &layer.prims {
            paint_prim(prim, view, out);
        }
        out.end_group();
    }
    if !extra.is_empty() {
        out.begin_group(
            Some(&format!("handles-{name}")),
            Some("handles"),
            None,
            None,
        );
        for prim in extra {
            paint_prim(prim, view, out);
        }
        out.end_group();
    }
    out.begin_group(
        Some(&format!("grid-numbers-{name}")),
        Some("grid"),
        None,
        None,
    );
    paint_grid_numbers(view, title, out);
    out.end_group();
    out.begin_group(Some(&format!("labels-{name}")), Some("labels"), None, None);
    for ((_, prim), spot) in view_labels(view, list, extra).zip(spots) {
        if let Prim::Label {
            text, color, size, ..
        } = prim
        {
            let size = label_size(*size, view.scale);
            match spot {
                Some(l) => {
                    let frame = LabelFrame {
                        leader: l.leader,
                        ..LabelFrame::plain(l.back, size)
                    };
                    out.label(l.at, &l.lines.join("\n"), size, *color, &frame)
                }
                None => out.dropped_label(text, size, *color),
            }
        }
    }
    out.end_group();
    if let Some(bar) = &scale_bar(view) {
        out.begin_group(Some(&format!("scale-{name}")), Some("scale"), None, None);
        paint_scale_bar(bar, out);
        out.end_group();
    }
    for (at, text, size) in view_title_lines(view, title) {
        out.text(at, text, size, VIEW_TITLE);
    }
    out.end_group();
}

/// Paints the whole picture: background, header, views (grid, layers, title), legend.
pub(super) fn paint(p: &Picture, l: &Layout, out: &mut impl Painter) {
    let out = &mut Themed {
        theme: p.theme,
        inner: out,
    };
    let full = Viewport {
        x: 0.0,
        y: 0.0,
        w: l.width as f32,
        h: l.height as f32,
    };
    out.rect(&full, BACKGROUND);

    out.begin_group(Some("header"), None, None, Some(&l.header));
    out.rect(&l.header, BAND);
    // The title wrapped, the step right-aligned (see `header_lines`).
    for (text, x, y) in &l.header_lines {
        out.text(Vec2::new(*x, *y), text, TITLE_SIZE, Rgba::WHITE);
    }
    out.end_group();

    for view in &l.views {
        let title = match view.space {
            Space::World => "world",
            Space::Config => "configuration space: B - A",
        };
        paint_view(view, &p.list, &[], title, out);
    }
    // The line between the views.
    if let (Some(_), Some(c)) = (l.view(Space::World), l.view(Space::Config)) {
        let x = c.viewport.x;
        out.polyline(
            &[
                Vec2::new(x, c.viewport.y),
                Vec2::new(x, c.viewport.y + c.viewport.h),
            ],
            false,
            2.0,
            SEPARATOR,
            false,
        );
    }

    out.begin_group(Some("legend"), None, None, Some(&l.legend));
    out.rect(&l.legend, BAND);
    for item in &l.legend_items {
        let swatch = Viewport {
            x: item.at.x,
            y: item.at.y,
            w: SWATCH,
            h: SWATCH,
        };
        let text_at = Vec2::new(item.at.x + SWATCH + 6.0, item.at.y + SWATCH - 1.0);
        out.legend_item(&swatch, item.color, text_at, &item.text, Rgba::WHITE);
    }
    out.end_group();
}
