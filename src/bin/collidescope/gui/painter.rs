//! The window's [`Painter`]: the same calls the SVG and PNG exports receive, drawn with
//! macroquad. The canvas never draws a primitive itself: it hands each view to
//! `render::paint_view`, so colours, dashes, arrow heads and label boxes are the
//! exports' to the pixel rule.

use collidescope::render::{LabelFrame, Painter};
use collidescope::view::camera::Viewport;
use collidescope::view::palette::Rgba;
use glam::Vec2;
use macroquad::math::Vec2 as MqVec2;
use macroquad::prelude::{
    draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_text_ex, draw_triangle,
};
use macroquad::prelude::{Color, Font, TextParams};

/// Dash and gap of a dashed line, pixels (as the exports).
const DASH: (f32, f32) = (7.0, 5.0);
/// Stroke of the origin cross, pixels.
const CROSS_WIDTH: f32 = 2.0;
/// A legend entry's text size, pixels.
const LEGEND_TEXT: f32 = 13.0;

pub fn color(c: Rgba) -> Color {
    Color::from_rgba(c.0, c.1, c.2, c.3)
}

fn mq(v: Vec2) -> MqVec2 {
    MqVec2::new(v.x, v.y)
}

/// Draws into the current macroquad frame. A group with a clip rectangle sets the GL
/// scissor until it ends; nested groups without one keep their parent's.
pub struct WindowPainter<'a> {
    pub font: Option<&'a Font>,
    clips: Vec<Option<Viewport>>,
}

impl<'a> WindowPainter<'a> {
    pub fn new(font: Option<&'a Font>) -> Self {
        WindowPainter {
            font,
            clips: Vec::new(),
        }
    }

    fn scissor(vp: Option<&Viewport>) {
        // The scissor is in the framebuffer's pixels, the drawing in logical ones
        // (more framebuffer pixels per logical one on a dense screen, the web page).
        let k = macroquad::window::screen_dpi_scale();
        // SAFETY: macroquad's internal GL context is only touched from the main thread
        // inside the frame, as macroquad's own drawing functions do.
        let gl = unsafe { macroquad::window::get_internal_gl() };
        gl.quad_gl.scissor(vp.map(|v| {
            let px = |x: f32| (x * k) as i32;
            (px(v.x), px(v.y), px(v.w), px(v.h))
        }));
    }

    fn current_clip(&self) -> Option<Viewport> {
        self.clips.iter().rev().find_map(|c| *c)
    }

    /// A dashed straight line (the tether of the rotate handle uses it too).
    pub fn dashed(&self, a: Vec2, b: Vec2, width: f32, c: Color) {
        let len = a.distance(b);
        if len <= 0.0 {
            return;
        }
        let dir = (b - a) / len;
        let mut t = 0.0;
        while t < len {
            let p = a + dir * t;
            let q = a + dir * (t + DASH.0).min(len);
            draw_line(p.x, p.y, q.x, q.y, width, c);
            t += DASH.0 + DASH.1;
        }
    }
}

impl Painter for WindowPainter<'_> {
    fn begin_group(
        &mut self,
        _id: Option<&str>,
        _class: Option<&str>,
        _label: Option<&str>,
        clip: Option<&Viewport>,
    ) {
        self.clips.push(clip.copied());
        if let Some(vp) = clip {
            Self::scissor(Some(vp));
        }
    }

    fn end_group(&mut self) {
        if let Some(Some(_)) = self.clips.pop() {
            Self::scissor(self.current_clip().as_ref());
        }
    }

    fn rect(&mut self, r: &Viewport, c: Rgba) {
        draw_rectangle(r.x, r.y, r.w, r.h, color(c));
    }

    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, c: Rgba, dashed: bool) {
        let n = pts.len();
        let segments = if closed { n } else { n.saturating_sub(1) };
        for k in 0..segments {
            let (a, b) = (pts[k], pts[(k + 1) % n]);
            if dashed {
                self.dashed(a, b, width, color(c));
            } else {
                draw_line(a.x, a.y, b.x, b.y, width, color(c));
            }
        }
    }

    fn fill(&mut self, pts: &[Vec2], c: Rgba) {
        for k in 1..pts.len().saturating_sub(1) {
            draw_triangle(mq(pts[0]), mq(pts[k]), mq(pts[k + 1]), color(c));
        }
    }

    fn dot(&mut self, at: Vec2, radius: f32, c: Rgba) {
        draw_circle(at.x, at.y, radius, color(c));
    }

    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, c: Rgba) {
        draw_line(from.x, from.y, to.x, to.y, width, color(c));
        if let Some([tip, l, r]) = head {
            draw_triangle(mq(tip), mq(l), mq(r), color(c));
        }
    }

    fn label(&mut self, at: Vec2, text: &str, size: f32, c: Rgba, frame: &LabelFrame) {
        if let Some(l) = frame.leader {
            let faint = collidescope::view::palette::leader(c);
            self.polyline(&l, false, 1.0, faint, false);
        }
        self.rect(&frame.back, frame.fill);
        for (at, line) in frame.lines(at, text) {
            self.text(at, line, size, c);
        }
    }

    fn text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba) {
        draw_text_ex(
            text,
            at.x.round(),
            at.y.round(),
            TextParams {
                font: self.font,
                font_size: size as u16,
                color: color(c),
                ..Default::default()
            },
        );
    }

    fn cross(&mut self, at: Vec2, size: f32, c: Rgba) {
        let c = color(c);
        draw_line(at.x - size, at.y, at.x + size, at.y, CROSS_WIDTH, c);
        draw_line(at.x, at.y - size, at.x, at.y + size, CROSS_WIDTH, c);
    }

    fn ring(&mut self, at: Vec2, radius: f32, width: f32, c: Rgba) {
        draw_circle_lines(at.x, at.y, radius, width, color(c));
    }

    fn legend_item(&mut self, swatch: &Viewport, c: Rgba, at: Vec2, text: &str, text_c: Rgba) {
        self.rect(swatch, c);
        self.text(at, text, LEGEND_TEXT, text_c);
    }
}

/// A painter that draws nothing: it puts every glyph the frame will draw into the
/// font's atlas before the frame draws any. A glyph cached mid-frame can overflow the
/// atlas, which macroquad then rebuilds twice as large as a new texture: the text
/// already queued in that frame points at the deleted one and shows as black boxes
/// (every canvas text for a frame when presenter mode's larger sizes first appear).
/// Each size met gets the printable ASCII too (the frame counter's next digits).
pub struct GlyphWarmer<'a> {
    pub font: &'a Font,
    /// The sizes (in the atlas' pixels) whose ASCII is cached.
    pub sizes: &'a mut std::collections::HashSet<u16>,
}

impl GlyphWarmer<'_> {
    fn warm(&mut self, text: &str, size: f32) {
        // As draw_text_ex sizes its glyphs.
        let px = ((size as u16) as f32 * macroquad::miniquad::window::dpi_scale()).ceil() as u16;
        if self.sizes.insert(px) {
            self.font
                .populate_font_cache(&Font::ascii_character_list(), px);
        }
        let chars: Vec<char> = text.chars().filter(|c| !c.is_ascii()).collect();
        self.font.populate_font_cache(&chars, px);
    }
}

impl Painter for GlyphWarmer<'_> {
    fn polyline(&mut self, _pts: &[Vec2], _closed: bool, _width: f32, _c: Rgba, _dashed: bool) {}
    fn fill(&mut self, _pts: &[Vec2], _c: Rgba) {}
    fn dot(&mut self, _at: Vec2, _radius: f32, _c: Rgba) {}
    fn arrow(&mut self, _from: Vec2, _to: Vec2, _w: f32, _head: Option<[Vec2; 3]>, _c: Rgba) {}
    fn label(&mut self, _at: Vec2, text: &str, size: f32, _c: Rgba, _frame: &LabelFrame) {
        self.warm(text, size);
    }
    fn text(&mut self, _at: Vec2, text: &str, size: f32, _c: Rgba) {
        self.warm(text, size);
    }
    fn cross(&mut self, _at: Vec2, _size: f32, _c: Rgba) {}
    fn ring(&mut self, _at: Vec2, _radius: f32, _width: f32, _c: Rgba) {}
    fn legend_item(&mut self, _sw: &Viewport, _c: Rgba, _at: Vec2, text: &str, _tc: Rgba) {
        self.warm(text, LEGEND_TEXT);
    }
}
