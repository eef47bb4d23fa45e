//! The SVG painter: one element per painter call.

use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::Rgba;
use glam::Vec2;
use std::fmt::Write as _;

/// A coordinate with two decimals, trailing zeros dropped, never "-0".
pub(super) fn num(v: f32) -> String {
    let mut s = format!("{v:.2}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_string();
    }
    s
}

/// Escapes text for XML content and attribute values.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

pub(super) fn alpha(a: u8) -> String {
    num(a as f32 / 255.0)
}

/// ` fill="#rrggbb"` and ` fill-opacity` when not opaque.
pub(super) fn fill_attr(c: Rgba) -> String {
    if c.3 == 255 {
        format!(r#" fill="{}""#, c.hex())
    } else {
        format!(r#" fill="{}" fill-opacity="{}""#, c.hex(), alpha(c.3))
    }
}

pub(super) fn stroke_attr(c: Rgba, width: f32) -> String {
    let mut s = format!(r#" stroke="{}" stroke-width="{}""#, c.hex(), num(width));
    if c.3 != 255 {
        let _ = write!(s, r#" stroke-opacity="{}""#, alpha(c.3));
    }
    s
}

pub(super) fn points_attr(pts: &[Vec2]) -> String {
    let v: Vec<String> = pts
        .iter()
        .map(|p| format!("{},{}", num(p.x), num(p.y)))
        .collect();
    v.join(" ")
}

pub(super) struct SvgPainter {
    out: String,
    depth: usize,
}

impl SvgPainter {
    fn line(&mut self, s: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn text_element(at: Vec2, text: &str, size: f32, c: Rgba) -> String {
        format!(
            r#"<text x="{}" y="{}" font-size="{}"{}>{}</text>"#,
            num(at.x),
            num(at.y),
            num(size),
            fill_attr(c),
            xml_escape(text)
        )
    }

    /// A label's text: one `<text>`, or for a wrapped label one `<text>` holding a
    /// `<tspan>` per line at its own baseline.
    fn lines_element(frame: &LabelFrame, at: Vec2, text: &str, size: f32, c: Rgba) -> String {
        if !text.contains('\n') {
            return SvgPainter::text_element(at, text, size, c);
        }
        let spans: String = frame
            .lines(at, text)
            .map(|(at, line)| {
                format!(
                    r#"<tspan x="{}" y="{}">{}</tspan>"#,
                    num(at.x),
                    num(at.y),
                    xml_escape(line)
                )
            })
            .collect();
        format!(
            r#"<text x="{}" y="{}" font-size="{}"{}>{spans}</text>"#,
            num(at.x),
            num(at.y),
            num(size),
            fill_attr(c),
        )
    }
}

impl Painter for SvgPainter {
    fn begin_group(
        &mut self,
        id: Option<&str>,
        class: Option<&str>,
        label: Option<&str>,
        clip: Option<&Viewport>,
    ) {
        let mut attrs = String::new();
        if let (Some(id), Some(r)) = (id, clip) {
            let clip_id = format!("clip-{}", id.trim_start_matches("view-"));
            self.line(&format!(
                r#"<clipPath id="{clip_id}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath>"#,
                num(r.x),
                num(r.y),
                num(r.w),
                num(r.h)
            ));
            let _ = write!(attrs, r#" clip-path="url(#{clip_id})""#);
        }
        let mut head = String::from("<g");
        if let Some(id) = id {
            let _ = write!(head, r#" id="{}""#, xml_escape(id));
        }
        if let Some(class) = class {
            let _ = write!(head, r#" class="{class}""#);
        }
        if let Some(label) = label {
            let _ = write!(head, r#" data-label="{}""#, xml_escape(label));
        }
        head.push_str(&attrs);
        head.push('>');
        self.line(&head);
        self.depth += 1;
    }

    fn end_group(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.line("</g>");
    }

    fn rect(&mut self, r: &Viewport, c: Rgba) {
        self.line(&format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}"{}/>"#,
            num(r.x),
            num(r.y),
            num(r.w),
            num(r.h),
            fill_attr(c)
        ));
    }

    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, c: Rgba, dashed: bool) {
        let (tag, class) = if closed {
            ("polygon", "outline")
        } else {
            ("polyline", "line")
        };
        let dash = if dashed {
            format!(r#" stroke-dasharray="{} {}""#, num(DASH[0]), num(DASH[1]))
        } else {
            String::new()
        };
        self.line(&format!(
            r#"<{tag} class="{class}" points="{}" fill="none"{}{dash} stroke-linejoin="round"/>"#,
            points_attr(pts),
            stroke_attr(c, width)
        ));
    }

    fn fill(&mut self, pts: &[Vec2], c: Rgba) {
        self.line(&format!(
            r#"<polygon class="fill" points="{}"{}/>"#,
            points_attr(pts),
            fill_attr(c)
        ));
    }

    fn dot(&mut self, at: Vec2, radius: f32, c: Rgba) {
        self.line(&format!(
            r#"<circle class="dot" cx="{}" cy="{}" r="{}"{}/>"#,
            num(at.x),
            num(at.y),
            num(radius),
            fill_attr(c)
        ));
    }

    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, c: Rgba) {
        let mut s = format!(
            r#"<g class="arrow"><line x1="{}" y1="{}" x2="{}" y2="{}"{}/>"#,
            num(from.x),
            num(from.y),
            num(to.x),
            num(to.y),
            stroke_attr(c, width)
        );
        if let Some(h) = head {
            let _ = write!(
                s,
                r#"<polygon points="{}"{}/>"#,
                points_attr(&h),
                fill_attr(c)
            );
        }
        s.push_str("</g>");
        self.line(&s);
    }

    fn label(&mut self, at: Vec2, text: &str, size: f32, c: Rgba, frame: &LabelFrame) {
        let line = frame
            .leader
            .map(|[a, b]| {
                format!(
                    r#"<line class="leader" x1="{}" y1="{}" x2="{}" y2="{}"{}/>"#,
                    num(a.x),
                    num(a.y),
                    num(b.x),
                    num(b.y),
                    stroke_attr(crate::view::palette::leader(c), 1.0)
                )
            })
            .unwrap_or_default();
        let back = &frame.back;
        let s = format!(
            r#"<g class="label">{line}<rect x="{}" y="{}" width="{}" height="{}"{}/>{}</g>"#,
            num(back.x),
            num(back.y),
            num(back.w),
            num(back.h),
            fill_attr(frame.fill),
            SvgPainter::lines_element(frame, at, text, size, c)
        );
        self.line(&s);
    }

    fn dropped_label(&mut self, text: &str, size: f32, c: Rgba) {
        let s = format!(
            r#"<g class="label" visibility="hidden" data-dropped="no room">{}</g>"#,
            SvgPainter::text_element(Vec2::ZERO, text, size, c)
        );
        self.line(&s);
    }

    fn text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba) {
        let s = SvgPainter::text_element(at, text, size, c);
        self.line(&s);
    }

    fn cross(&mut self, at: Vec2, size: f32, c: Rgba) {
        self.line(&format!(
            r#"<path class="cross" d="M{} {}H{}M{} {}V{}" fill="none"{}/>"#,
            num(at.x - size),
            num(at.y),
            num(at.x + size),
            num(at.x),
            num(at.y - size),
            num(at.y + size),
            stroke_attr(c, 2.0)
        ));
    }

    fn ring(&mut self, at: Vec2, radius: f32, width: f32, c: Rgba) {
        self.line(&format!(
            r#"<circle class="ring" cx="{}" cy="{}" r="{}" fill="none"{}/>"#,
            num(at.x),
            num(at.y),
            num(radius),
            stroke_attr(c, width)
        ));
    }

    fn legend_item(&mut self, swatch: &Viewport, c: Rgba, at: Vec2, text: &str, text_c: Rgba) {
        let s = format!(
            r#"<g class="legend-item"><rect x="{}" y="{}" width="{}" height="{}" rx="2"{}/>{}</g>"#,
            num(swatch.x),
            num(swatch.y),
            num(swatch.w),
            num(swatch.h),
            fill_attr(c),
            SvgPainter::text_element(at, text, LEGEND_TEXT, text_c)
        );
        self.line(&s);
    }
}

/// An SVG document of `width × height` pixels titled `title`, drawn by `paint`.
pub(super) fn svg_document(
    width: u32,
    height: u32,
    title: &str,
    paint: impl FnOnce(&mut SvgPainter),
) -> String {
    let mut svg = SvgPainter {
        out: String::new(),
        depth: 0,
    };
    svg.line(r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    svg.line(&format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="Hack, 'DejaVu Sans Mono', Menlo, Consolas, monospace" xml:space="preserve">"#
    ));
    svg.depth = 1;
    svg.line(&format!("<title>{}</title>", xml_escape(title)));
    paint(&mut svg);
    svg.depth = 0;
    svg.line("</svg>");
    svg.out
}

/// The picture as an SVG document of `width × height` pixels.
pub fn render_svg(p: &Picture, width: u32, height: u32) -> Result<String, ExportError> {
    let l = layout(p, width, height)?;
    let mut title = p.title.clone();
    if let Some((step, count)) = p.step {
        title = format!("{title}  ·  {}", step_text(step, count));
    }
    Ok(svg_document(width, height, &title, |svg| paint(p, &l, svg)))
}
