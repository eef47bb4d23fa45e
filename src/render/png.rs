//! The PNG painter: tiny-skia (anti-aliased) and fontdue.

use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::Rgba;
use glam::Vec2;

pub(super) struct PngPainter {
    pixmap: tiny_skia::Pixmap,
    /// Clip of each open group (a group without one inherits its parent's).
    clips: Vec<Option<(tiny_skia::Mask, Viewport)>>,
}

pub(super) fn paint_of(c: Rgba) -> tiny_skia::Paint<'static> {
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(c.0, c.1, c.2, c.3);
    paint.anti_alias = true;
    paint
}

pub(super) fn path_of(pts: &[Vec2], closed: bool) -> Option<tiny_skia::Path> {
    let mut pb = tiny_skia::PathBuilder::new();
    let (first, rest) = pts.split_first()?;
    pb.move_to(first.x, first.y);
    for p in rest {
        pb.line_to(p.x, p.y);
    }
    if closed {
        pb.close();
    }
    pb.finish()
}

/// The innermost clip of the open groups.
pub(super) fn current_clip(
    clips: &[Option<(tiny_skia::Mask, Viewport)>],
) -> Option<&(tiny_skia::Mask, Viewport)> {
    clips.iter().rev().find_map(|c| c.as_ref())
}

impl PngPainter {
    fn fill_path(&mut self, path: &tiny_skia::Path, c: Rgba) {
        self.pixmap.fill_path(
            path,
            &paint_of(c),
            tiny_skia::FillRule::Winding,
            tiny_skia::Transform::identity(),
            current_clip(&self.clips).map(|(m, _)| m),
        );
    }

    fn stroke_path(&mut self, path: &tiny_skia::Path, width: f32, c: Rgba, dashed: bool) {
        let stroke = tiny_skia::Stroke {
            width,
            line_join: tiny_skia::LineJoin::Round,
            dash: if dashed {
                tiny_skia::StrokeDash::new(DASH.to_vec(), 0.0)
            } else {
                None
            },
            ..Default::default()
        };
        self.pixmap.stroke_path(
            path,
            &paint_of(c),
            &stroke,
            tiny_skia::Transform::identity(),
            current_clip(&self.clips).map(|(m, _)| m),
        );
    }

    /// Text in Hack: each glyph's coverage blended over the pixels (source-over, in
    /// premultiplied RGBA as tiny-skia stores them), inside the current clip.
    fn draw_text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba) {
        let Some(font) = font() else {
            return;
        };
        let (w, h) = (self.pixmap.width() as i64, self.pixmap.height() as i64);
        let (cx0, cy0, cx1, cy1) = match current_clip(&self.clips) {
            Some((_, r)) => (
                r.x.floor() as i64,
                r.y.floor() as i64,
                (r.x + r.w).ceil() as i64,
                (r.y + r.h).ceil() as i64,
            ),
            None => (0, 0, w, h),
        };
        let (cx0, cy0, cx1, cy1) = (cx0.max(0), cy0.max(0), cx1.min(w), cy1.min(h));
        let baseline = at.y.round() as i64;
        let mut pen = at.x.round();
        let a = c.3 as f32 / 255.0;
        let data = self.pixmap.data_mut();
        for ch in text.chars() {
            let (m, bitmap) = font.rasterize(ch, size);
            let gx = (pen + m.xmin as f32).round() as i64;
            let gy = baseline - m.ymin as i64 - m.height as i64;
            pen += m.advance_width;
            for row in 0..m.height as i64 {
                let y = gy + row;
                if y < cy0 || y >= cy1 {
                    continue;
                }
                for col in 0..m.width as i64 {
                    let x = gx + col;
                    if x < cx0 || x >= cx1 {
                        continue;
                    }
                    let cov = bitmap[(row * m.width as i64 + col) as usize] as f32 / 255.0 * a;
                    if cov <= 0.0 {
                        continue;
                    }
                    let i = ((y * w + x) * 4) as usize;
                    let src = [c.0 as f32, c.1 as f32, c.2 as f32, 255.0];
                    for k in 0..4 {
                        let d = data[i + k] as f32;
                        data[i + k] =
                            (src[k] * cov + d * (1.0 - cov)).round().clamp(0.0, 255.0) as u8;
                    }
                }
            }
        }
    }
}

impl Painter for PngPainter {
    fn begin_group(
        &mut self,
        _id: Option<&str>,
        _class: Option<&str>,
        _label: Option<&str>,
        clip: Option<&Viewport>,
    ) {
        let clip = clip.and_then(|r| {
            let mut mask = tiny_skia::Mask::new(self.pixmap.width(), self.pixmap.height())?;
            let rect = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h)?;
            mask.fill_path(
                &tiny_skia::PathBuilder::from_rect(rect),
                tiny_skia::FillRule::Winding,
                false,
                tiny_skia::Transform::identity(),
            );
            Some((mask, *r))
        });
        self.clips.push(clip);
    }

    fn end_group(&mut self) {
        self.clips.pop();
    }

    fn rect(&mut self, r: &Viewport, c: Rgba) {
        if let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) {
            self.fill_path(&tiny_skia::PathBuilder::from_rect(rect), c);
        }
    }

    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, c: Rgba, dashed: bool) {
        if let Some(path) = path_of(pts, closed) {
            self.stroke_path(&path, width, c, dashed);
        }
    }

    fn fill(&mut self, pts: &[Vec2], c: Rgba) {
        if let Some(path) = path_of(pts, true) {
            self.fill_path(&path, c);
        }
    }

    fn dot(&mut self, at: Vec2, radius: f32, c: Rgba) {
        if let Some(path) = tiny_skia::PathBuilder::from_circle(at.x, at.y, radius) {
            self.fill_path(&path, c);
        }
    }

    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, c: Rgba) {
        self.polyline(&[from, to], false, width, c, false);
        if let Some(h) = head {
            self.fill(&h, c);
        }
    }

    fn label(&mut self, at: Vec2, text: &str, size: f32, c: Rgba, frame: &LabelFrame) {
        if let Some(l) = frame.leader {
            self.polyline(&l, false, 1.0, crate::view::palette::leader(c), false);
        }
        self.rect(&frame.back, frame.fill);
        for (at, line) in frame.lines(at, text) {
            self.draw_text(at, line, size, c);
        }
    }

    fn text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba) {
        self.draw_text(at, text, size, c);
    }

    fn cross(&mut self, at: Vec2, size: f32, c: Rgba) {
        let x = Vec2::new(size, 0.0);
        let y = Vec2::new(0.0, size);
        self.polyline(&[at - x, at + x], false, 2.0, c, false);
        self.polyline(&[at - y, at + y], false, 2.0, c, false);
    }

    fn ring(&mut self, at: Vec2, radius: f32, width: f32, c: Rgba) {
        if let Some(path) = tiny_skia::PathBuilder::from_circle(at.x, at.y, radius) {
            self.stroke_path(&path, width, c, false);
        }
    }

    fn legend_item(&mut self, swatch: &Viewport, c: Rgba, at: Vec2, text: &str, text_c: Rgba) {
        self.rect(swatch, c);
        self.draw_text(at, text, LEGEND_TEXT, text_c);
    }
}

/// A `width × height` pixmap drawn by `paint`, in software (anti-aliased).
pub(super) fn pixmap_document(
    width: u32,
    height: u32,
    paint: impl FnOnce(&mut PngPainter),
) -> Result<tiny_skia::Pixmap, ExportError> {
    let pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(ExportError::BadSize { width, height })?;
    let mut png = PngPainter {
        pixmap,
        clips: Vec::new(),
    };
    paint(&mut png);
    Ok(png.pixmap)
}

/// The picture rendered in software (anti-aliased), as an RGBA pixmap.
pub fn render_pixmap(
    p: &Picture,
    width: u32,
    height: u32,
) -> Result<tiny_skia::Pixmap, ExportError> {
    let l = layout(p, width, height)?;
    pixmap_document(width, height, |png| paint(p, &l, png))
}

/// The picture as PNG file bytes.
pub fn render_png(p: &Picture, width: u32, height: u32) -> Result<Vec<u8>, ExportError> {
    render_pixmap(p, width, height)?
        .encode_png()
        .map_err(|e| ExportError::Encode(e.to_string()))
}
