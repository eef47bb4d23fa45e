//! Plots in the panel: a [`Plot`] description (built by the library, the same the
//! exports write) drawn with egui_plot; and the "s(t)" section of the rotating time of
//! impact.

use super::Panel;
use collidescope::app::AppState;
use collidescope::lesson::Ask;
use collidescope::study::rotating::separation_plot_naming;
use collidescope::study::Algorithm;
use collidescope::view::draw::LayerId;
use collidescope::view::palette::Rgba;
use collidescope::view::plot::{Plot, SeriesData};
use egui_macroquad::egui::{self, Color32};
use egui_plot::{uniform_grid_spacer, HLine, Line, LineStyle, PlotPoints, Points, Polygon, VLine};

fn color(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
}

/// `plot` drawn `height` pixels high (`id` keeps its zoom between frames). Returns the
/// x (plot coordinates) of a click on the plot, if there was one.
pub fn show_plot(ui: &mut egui::Ui, id: &str, plot: &Plot, height: f32) -> Option<f64> {
    show_plot_as(ui, id, plot, height, false)
}

/// [`show_plot`], with a legend under it naming each series by its colour and stroke
/// when `legend` (for a plot whose caption names no colours). Under the plot, not in
/// it: a legend inside covers the curves where they cross.
pub fn show_plot_as(
    ui: &mut egui::Ui,
    id: &str,
    plot: &Plot,
    height: f32,
    legend: bool,
) -> Option<f64> {
    let p = egui_plot::Plot::new(id)
        .height(height)
        .allow_scroll(false)
        .x_axis_label(plot.x_label.clone())
        .y_axis_label(plot.y_label.clone());
    let theme = theme_of(ui);
    let response = with_axes(p, plot).show(ui, |p| {
        add_series(p, plot, theme);
        p.pointer_coordinate()
    });
    if legend {
        legend_below(ui, plot, theme);
    }
    response
        .response
        .clicked()
        .then_some(response.inner)
        .flatten()
        .map(|p| p.x)
}

/// `p` with `plot`'s axes: its y grid steps, the values it always shows and the y
/// values' names (the sweep's bands of ids).
pub fn with_axes<'a>(mut p: egui_plot::Plot<'a>, plot: &Plot) -> egui_plot::Plot<'a> {
    if let Some(steps) = plot.y_grid {
        p = p.y_grid_spacer(uniform_grid_spacer(move |_| steps));
    }
    for x in &plot.include_x {
        p = p.include_x(*x);
    }
    for y in &plot.include_y {
        p = p.include_y(*y);
    }
    if !plot.y_names.is_empty() {
        let names = plot.y_names.clone();
        p = p.y_axis_formatter(move |mark, _| {
            names
                .iter()
                .find(|(v, _)| (v - mark.value).abs() < 1e-9)
                .map(|(_, n)| n.clone())
                .unwrap_or_default()
        });
    }
    p
}

/// The panel's visuals follow the canvas' theme: the series take its colours too.
pub fn theme_of(ui: &egui::Ui) -> collidescope::view::palette::Theme {
    if ui.visuals().dark_mode {
        collidescope::view::palette::Theme::Dark
    } else {
        collidescope::view::palette::Theme::Light
    }
}

/// The series of `plot`, in `theme`'s colours, into an egui_plot being shown.
pub fn add_series(
    p: &mut egui_plot::PlotUi,
    plot: &Plot,
    theme: collidescope::view::palette::Theme,
) {
    for s in &plot.series {
        let (c, name) = (color(theme.apply(s.color)), s.name.as_str());
        let style = if s.dashed {
            LineStyle::dashed_dense()
        } else {
            LineStyle::Solid
        };
        match &s.data {
            SeriesData::Lines(runs) => {
                for run in runs {
                    p.line(
                        Line::new(PlotPoints::from(run.clone()))
                            .color(c)
                            .width(s.width)
                            .style(style)
                            .name(name),
                    );
                }
            }
            SeriesData::Points { points, radius } => p.points(
                Points::new(PlotPoints::from(points.clone()))
                    .radius(*radius)
                    .color(c)
                    .name(name),
            ),
            SeriesData::HLine(y) => p.hline(HLine::new(*y).color(c).style(style).name(name)),
            SeriesData::VLine(x) => p.vline(
                VLine::new(*x)
                    .color(c)
                    .width(s.width)
                    .style(style)
                    .name(name),
            ),
            SeriesData::Spans { y, half, spans } => {
                for sp in spans {
                    let corners = vec![
                        [sp.x0, y - half],
                        [sp.x1, y - half],
                        [sp.x1, y + half],
                        [sp.x0, y + half],
                    ];
                    let fill = color(theme.apply(sp.color));
                    p.polygon(
                        Polygon::new(PlotPoints::from(corners))
                            .fill_color(fill)
                            .stroke(egui::Stroke::new(0.0, fill))
                            .name(name),
                    );
                }
            }
        }
    }
}

/// One entry per series name: a swatch drawn as the series is (a solid or dashed line
/// of its colour and width, a dot, a band) and the name, wrapped in rows.
fn legend_below(ui: &mut egui::Ui, plot: &Plot, theme: collidescope::view::palette::Theme) {
    let mut seen: Vec<&str> = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for s in &plot.series {
            if seen.contains(&s.name.as_str()) {
                continue;
            }
            seen.push(&s.name);
            let c = color(theme.apply(s.color));
            // The swatch and its name are one widget, so they wrap together.
            let text = ui.visuals().text_color();
            let font = egui::TextStyle::Small.resolve(ui.style());
            let galley = ui.painter().layout_no_wrap(s.name.clone(), font, text);
            let size = egui::vec2(30.0 + galley.size().x, galley.size().y.max(12.0));
            let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            let mark = egui::Rect::from_min_size(rect.min, egui::vec2(26.0, rect.height()));
            swatch(ui.painter(), mark, s, c);
            ui.painter()
                .galley(rect.min + egui::vec2(30.0, 0.0), galley, text);
            ui.add_space(8.0);
        }
    });
}

/// The legend swatch of series `s` (colour `c`) in `rect`.
fn swatch(
    painter: &egui::Painter,
    rect: egui::Rect,
    s: &collidescope::view::plot::Series,
    c: Color32,
) {
    let (y, x0, x1) = (rect.center().y, rect.left() + 1.0, rect.right() - 1.0);
    let stroke = egui::Stroke::new(s.width.clamp(1.0, 3.0), c);
    match &s.data {
        SeriesData::Points { .. } => {
            painter.circle_filled(rect.center(), 3.5, c);
        }
        SeriesData::Spans { spans, .. } => {
            let fill = spans.first().map_or(c, |sp| color(sp.color));
            painter.rect_filled(rect.shrink(2.0), 1.0, fill);
        }
        _ if s.dashed => {
            // Three dashes: the same colour as a solid line must still read apart.
            let w = (x1 - x0) / 5.0;
            for k in [0.0, 2.0, 4.0] {
                let a = x0 + k * w;
                painter.line_segment([egui::pos2(a, y), egui::pos2(a + w, y)], stroke);
            }
        }
        _ => {
            painter.line_segment([egui::pos2(x0, y), egui::pos2(x1, y)], stroke);
        }
    }
}

impl Panel {
    pub(super) fn ui_plot(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        if app.algorithm != Algorithm::Rotating {
            return;
        }
        ui.checkbox(
            &mut self.whole_step,
            "whole step (else the interval searched and a little beyond)",
        );
        let Some(curves) = app.separation_curves(self.whole_step) else {
            ui.label("No pair.");
            return;
        };
        // A question about the separation function keeps the axis's kind out of
        // the caption until it is settled, as the canvas keeps out its label.
        let name_axis = self.lesson.as_ref().is_none_or(|m| {
            let asks = m
                .page()
                .question
                .as_ref()
                .is_some_and(|q| q.ask == Ask::SeparationFunction);
            !(asks && m.hidden_labels().contains(&LayerId::Toi))
        });
        let plot = separation_plot_naming(curves, name_axis);
        ui.label(&plot.caption);
        show_plot_as(ui, "separation_curve", &plot, 240.0, true);
    }
}
