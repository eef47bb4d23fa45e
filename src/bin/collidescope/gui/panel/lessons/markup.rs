//! Lesson markup (paragraphs, lists, emphasis, strong, code) as egui labels: the
//! page's text and the strip's, one way.

use collidescope::lesson::markup::{self, Block, Span, Style};
use egui_macroquad::egui::{self, Color32, RichText};

/// The lesson markup as egui labels.
pub fn show_markup(ui: &mut egui::Ui, text: &str, size: f32) {
    let blocks = match markup::parse(text) {
        Ok(b) => b,
        Err(_) => {
            ui.label(RichText::new(text).size(size));
            return;
        }
    };
    for b in &blocks {
        match b {
            Block::Paragraph(spans) => spans_line(ui, spans, size, ""),
            Block::List { ordered, items } => {
                for (i, it) in items.iter().enumerate() {
                    let bullet = if *ordered {
                        format!("{}. ", i + 1)
                    } else {
                        "• ".into()
                    };
                    spans_line(ui, it, size, &bullet);
                }
            }
        }
        ui.add_space(size * 0.3);
    }
}

fn spans_line(ui: &mut egui::Ui, spans: &[Span], size: f32, lead: &str) {
    let mut job = egui::text::LayoutJob::default();
    let color = ui.visuals().text_color();
    let strong = ui.visuals().strong_text_color();
    // Emphasis in a colour, not slanted: egui's slanted glyphs run into the space
    // after them ("d is" read "dis").
    let emphasis = if ui.visuals().dark_mode {
        Color32::from_rgb(150, 200, 255)
    } else {
        Color32::from_rgb(20, 80, 170)
    };
    let fmt = |style: Style| {
        let mut f = egui::TextFormat {
            font_id: egui::FontId::proportional(size),
            color,
            ..Default::default()
        };
        match style {
            Style::Plain => {}
            Style::Emphasis => f.color = emphasis,
            Style::Strong => f.color = strong,
            Style::Code => {
                f.font_id = egui::FontId::monospace(size * 0.92);
                f.background = ui.visuals().code_bg_color;
            }
        }
        f
    };
    if !lead.is_empty() {
        job.append(lead, 0.0, fmt(Style::Plain));
    }
    for s in spans {
        job.append(&s.text, 0.0, fmt(s.style));
    }
    job.wrap.max_width = ui.available_width();
    ui.label(job);
}
