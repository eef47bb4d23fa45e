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

/// [`show_plot`], with a legend naming each series by its colour when `legend` (for a
/// plot whose caption names no colours).
pub fn show_plot_as(
    ui: &mut egui::Ui,
    id: &str,
    plot: &Plot,
    height: f32,
    legend: bool,
) -> Option<f64> {
    let mut p = egui_plot::Plot::new(id)
        .height(height)
        .allow_scroll(false)
        .x_axis_label(plot.x_label.clone())
        .y_axis_label(plot.y_label.clone());
    if legend {
        p = p.legend(
            egui_plot::Legend::default()
                .position(egui_plot::Corner::RightBottom)
                .background_alpha(0.85)
                .text_style(egui::TextStyle::Small),
        );
    }
    let theme = theme_of(ui);
    let response = with_axes(p, plot).show(ui, |p| {
        add_series(p, plot, theme);
        p.pointer_coordinate()
    });
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
