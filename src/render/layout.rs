//! Where everything goes in a `width × height` picture: the header band, the two views
//! with their fitted cameras, the legend.

use super::*;

use crate::app::DEFAULT_SPLIT;
use crate::view::camera::{Camera, Viewport, CONFIG_MARGIN};
use crate::view::draw::{
    bounds, DrawList, LayerId, Prim, Rgba, Space, SHAPE_A, SHAPE_B, SHAPE_OTHER,
};
use glam::Vec2;

/// One view of the picture: where it is and how it looks at the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewFrame {
    pub space: Space,
    pub viewport: Viewport,
    /// The camera used (fitted if the picture's had no zoom).
    pub camera: Camera,
    /// Text sizes and line widths are this many times the draw list's (1; the window's
    /// presenter setting makes them larger for a projector).
    pub scale: f32,
}

impl ViewFrame {
    /// Where a point of this view's space lands in the picture, pixels.
    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        self.camera.to_screen(p, &self.viewport)
    }

    /// Pixels a world unit over the presenter scale (which every pixel size of the
    /// draw list is multiplied by): the zoom an inset's floor is measured at.
    pub fn px_per_unit(&self) -> f32 {
        self.camera.zoom / self.scale.max(1.0e-6)
    }

    /// `list` as this view draws it: its insets expanded for the view's zoom
    /// ([`DrawList::at_zoom`]).
    pub fn expanded<'a>(&self, list: &'a DrawList) -> std::borrow::Cow<'a, DrawList> {
        list.at_zoom(self.px_per_unit())
    }
}

/// A legend entry: a swatch and its text, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendItem {
    pub color: Rgba,
    pub text: String,
    /// Top-left of the swatch, pixels.
    pub at: Vec2,
}

/// Where everything goes in a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    pub header: Viewport,
    /// The header's lines: text, left edge, baseline (the title wrapped rather than
    /// cut, the step right-aligned on its last line or a line of its own).
    pub header_lines: Vec<(String, f32, f32)>,
    /// The views shown (world first), each at least one pixel wide.
    pub views: Vec<ViewFrame>,
    pub legend: Viewport,
    pub legend_items: Vec<LegendItem>,
}

impl Layout {
    pub fn view(&self, space: Space) -> Option<&ViewFrame> {
        self.views.iter().find(|v| v.space == space)
    }
}

pub(super) fn check_size(width: u32, height: u32) -> Result<(), ExportError> {
    if width < MIN_SIZE.0 || height < MIN_SIZE.1 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(ExportError::BadSize { width, height });
    }
    Ok(())
}

/// The legend entries of a picture: shapes A and B, the other shapes, then every layer
/// whose own colour is drawn in a view that is shown, in the panel's layer order. A layer present but
/// drawn only in other roles' colours (configuration space's intervals in A's and B's)
/// has no entry: a swatch names a colour the reader can find.
pub fn legend_entries(p: &Picture, spaces: &[Space]) -> Vec<(Rgba, String)> {
    let mut out = Vec::new();
    let shown = |c: Rgba| colour_drawn(&p.list, spaces, c);
    if let Some(a) = p.shape_a.as_ref().filter(|_| shown(SHAPE_A)) {
        out.push((SHAPE_A, format!("shape A: {a}")));
    }
    if let Some(b) = p.shape_b.as_ref().filter(|_| shown(SHAPE_B)) {
        out.push((SHAPE_B, format!("shape B: {b}")));
    }
    // The shapes' layer names the other shapes (A and B have their own entries).
    let others = p.list.layer(LayerId::Shapes).is_some_and(|l| {
        spaces.contains(&l.space) && l.prims.iter().any(|x| draws_hue(x, SHAPE_OTHER))
    });
    if others {
        out.push((SHAPE_OTHER, "other shapes".to_string()));
    }
    for id in LayerId::ALL.into_iter().filter(|id| *id != LayerId::Shapes) {
        let drawn = p.list.layer(id).is_some_and(|l| {
            spaces.contains(&l.space) && l.prims.iter().any(|x| draws_hue(x, id.color()))
        });
        // Configuration space's own colour is SAT's: where SAT's entry is there, it
        // names the teal of both views (one swatch, one entry).
        let listed = id == LayerId::ConfigPicture && out.iter().any(|(c, _)| *c == id.color());
        if drawn && !listed {
            out.push((id.color(), id.legend_label().to_string()));
        }
    }
    out
}

/// Whether any mark of the shown views is drawn in colour `c` (any opacity).
pub fn colour_drawn(list: &DrawList, spaces: &[Space], c: Rgba) -> bool {
    list.layers
        .iter()
        .filter(|l| spaces.contains(&l.space))
        .flat_map(|l| &l.prims)
        .any(|x| draws_hue(x, c))
}

/// Whether mark `p` (or a mark of it, an inset's) is drawn in `c`'s hue.
fn draws_hue(p: &Prim, c: Rgba) -> bool {
    match p {
        Prim::Inset { prims, .. } => prims.iter().any(|q| draws_hue(q, c)),
        _ => mark_color(p).is_some_and(|m| same_hue(m, c)),
    }
}

/// Two colours with the same red, green and blue (a fill is its role's colour, faded).
fn same_hue(a: Rgba, b: Rgba) -> bool {
    (a.0, a.1, a.2) == (b.0, b.1, b.2)
}

/// The colour of a mark a legend swatch can name: a line, fill, dot, arrow, cross or
/// ring that has something to draw (a line of one point has not). A label's colour is
/// its text's: it may be hidden for want of room, and it names itself. An inset's is
/// its first mark's ([`draws_hue`] looks at all of them).
pub fn mark_color(p: &Prim) -> Option<Rgba> {
    match p {
        Prim::Polyline { points, color, .. } => (points.len() >= 2).then_some(*color),
        Prim::Fill { points, color } => (points.len() >= 3).then_some(*color),
        Prim::Dot { color, .. }
        | Prim::Arrow { color, .. }
        | Prim::Cross { color, .. }
        | Prim::Ring { color, .. } => Some(*color),
        Prim::Label { .. } => None,
        Prim::Inset { prims, .. } => prims.iter().find_map(mark_color),
    }
}

/// A camera that shows the content: the picture's when it has a zoom, else fitted to
/// the view's layers as the app's `F` does (configuration space keeps the origin in
/// view, and the window's margin of [`CONFIG_MARGIN`] pixels).
pub(super) fn resolve_camera(cam: Camera, list: &DrawList, space: Space, vp: &Viewport) -> Camera {
    if cam.zoom > 0.0 && cam.zoom.is_finite() && cam.center.is_finite() {
        return cam;
    }
    let mut fitted = Camera::default();
    match bounds(list, space) {
        Some((lo, hi)) if lo.is_finite() && hi.is_finite() => match space {
            Space::World => fitted.fit(lo, hi, vp),
            Space::Config => {
                fitted.fit_margin(lo.min(Vec2::ZERO), hi.max(Vec2::ZERO), CONFIG_MARGIN, vp)
            }
        },
        _ => {
            fitted = Camera {
                center: Vec2::ZERO,
                zoom: 50.0,
            }
        }
    }
    fitted
}

/// Lays a picture out at `width × height` pixels.
pub fn layout(p: &Picture, width: u32, height: u32) -> Result<Layout, ExportError> {
    check_size(width, height)?;
    let (w, h) = (width as f32, height as f32);
    let (w_world, spaces) = view_spaces(p, w);
    let (legend, legend_items) = legend_layout(p, &spaces, w, h);
    let header_lines = header_lines(p, w);
    let rows = header_lines.iter().map(|l| l.2).fold(0.0, f32::max);
    let header = Viewport {
        x: 0.0,
        y: 0.0,
        w,
        h: HEADER_H + (rows - HEADER_BASELINE).max(0.0),
    };
    let area_h = (legend.y - header.h).max(1.0);
    let views = spaces
        .into_iter()
        .map(|space| view_frame(p, space, w, w_world, header.h, area_h))
        .collect();
    Ok(Layout {
        width,
        height,
        header,
        header_lines,
        views,
        legend,
        legend_items,
    })
}

/// The world view's width (the picture's split of `w`, rounded) and the views that
/// are at least one pixel wide, world first.
fn view_spaces(p: &Picture, w: f32) -> (f32, Vec<Space>) {
    let split = if p.split > 0.0 && p.split.is_finite() {
        p.split.min(1.0)
    } else {
        DEFAULT_SPLIT
    };
    let w_world = (w * split).round();
    let mut spaces = Vec::new();
    if w_world >= 1.0 {
        spaces.push(Space::World);
    }
    if w - w_world >= 1.0 {
        spaces.push(Space::Config);
    }
    (w_world, spaces)
}

/// The legend band at the bottom of a `w × h` picture and its entries placed in it.
fn legend_layout(p: &Picture, spaces: &[Space], w: f32, h: f32) -> (Viewport, Vec<LegendItem>) {
    // The legend flows left to right and wraps.
    let mut legend_items = Vec::new();
    let (x0, x1) = (LEGEND_PAD + 4.0, w - LEGEND_PAD);
    let (mut x, mut row) = (x0, 0usize);
    for (color, text) in legend_entries(p, spaces) {
        let item_w = SWATCH + 6.0 + text_width(&text, LEGEND_TEXT);
        if x > x0 && x + item_w > x1 {
            x = x0;
            row += 1;
        }
        legend_items.push(LegendItem {
            color,
            text,
            // Placed relative to the legend's top; shifted below once its height is known.
            at: Vec2::new(x, LEGEND_PAD + row as f32 * LEGEND_ROW + 4.0),
        });
        x += item_w + LEGEND_GAP;
    }
    let rows = if legend_items.is_empty() { 0 } else { row + 1 };
    let legend_h = (rows as f32 * LEGEND_ROW + 2.0 * LEGEND_PAD).round();
    let legend = Viewport {
        x: 0.0,
        y: h - legend_h,
        w,
        h: legend_h,
    };
    for item in &mut legend_items {
        item.at.y += legend.y;
    }
    (legend, legend_items)
}

/// The view of `space` between the header and the legend (`area_h` high): the world
/// view on the left `w_world` pixels, configuration space on the rest, each with its
/// camera.
fn view_frame(p: &Picture, space: Space, w: f32, w_world: f32, top: f32, area_h: f32) -> ViewFrame {
    let viewport = match space {
        Space::World => Viewport {
            x: 0.0,
            y: top,
            w: w_world,
            h: area_h,
        },
        Space::Config => Viewport {
            x: w_world,
            y: top,
            w: w - w_world,
            h: area_h,
        },
    };
    let cam = match space {
        Space::World => p.world_camera,
        Space::Config => p.config_camera,
    };
    ViewFrame {
        space,
        viewport,
        camera: resolve_camera(cam, &p.list, space, &viewport),
        scale: 1.0,
    }
}

/// The first header line's baseline and the next lines' spacing, pixels.
const HEADER_BASELINE: f32 = 21.0;
const HEADER_LINE: f32 = 20.0;

/// The header's lines: the title, wrapped to the width left by the step ("step k of
/// n · part", right-aligned on the first line); when beside the step the title
/// would take more lines than across the whole width (a narrow column of words
/// beside a long step), or even one of its words does not fit there, the title
/// wraps to the whole width and the step goes on a line of its own.
fn header_lines(p: &Picture, w: f32) -> Vec<(String, f32, f32)> {
    let step = p.step.map(|(step, count)| match &p.step_part {
        Some(part) => format!("{} · {part}", step_text(step, count)),
        None => step_text(step, count),
    });
    let sw = step
        .as_ref()
        .map_or(0.0, |s| text_width(s, TITLE_SIZE) + 24.0);
    let full = w - 20.0;
    let beside = super::plot::wrap(&p.title, TITLE_SIZE, (full - sw).max(1.0));
    let across = super::plot::wrap(&p.title, TITLE_SIZE, full);
    let fits_beside = beside.len() <= across.len()
        && beside
            .iter()
            .all(|l| text_width(l, TITLE_SIZE) <= full - sw);
    let baseline = |i: usize| HEADER_BASELINE + i as f32 * HEADER_LINE;
    let mut out: Vec<(String, f32, f32)>;
    let step_row;
    if fits_beside {
        out = beside
            .into_iter()
            .enumerate()
            .map(|(i, l)| (l, 10.0, baseline(i)))
            .collect();
        step_row = 0;
    } else {
        out = across
            .into_iter()
            .enumerate()
            .map(|(i, l)| (l, 10.0, baseline(i)))
            .collect();
        step_row = out.len();
    }
    if let Some(s) = step {
        let x = (w - 10.0 - text_width(&s, TITLE_SIZE)).round();
        out.push((s, x, baseline(step_row)));
    }
    out
}
