//! The "Algorithm and steps" section: the pair (A, B), the algorithm, stepping and
//! playing, fit / screenshot / export this step, the views (world, both, configuration
//! space), and the narration of the current step.

use super::widgets::Tip;
use super::{Panel, PanelOutput};
use collidescope::app::AppState;
use collidescope::study::Algorithm;
use egui_macroquad::egui::{self, RichText};
#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;

impl Panel {
    pub(super) fn ui_algorithm(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut PanelOutput,
    ) {
        if !ui_pair(ui, app) {
            return;
        }
        ui_algorithm_picker(ui, app);
        ui_stepping(ui, app);
        // What the step does right under the controls that step it (on a short window
        // the view and export controls below would push it out of sight).
        if ui_narration(ui, app) {
            self.narrated = Some(app.step);
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui.button("Fit views (F)").clicked() {
                out.fit = true;
            }
            if ui
                .button("Zoom to action (Z)")
                .tip("Both views to this step's points: contacts, witnesses, simplex, polytope (with the origin)")
                .clicked()
            {
                out.zoom_action = true;
            }
            if ui
                .add_enabled(app.selected.is_some(), egui::Button::new("Selection (X)"))
                .tip("The world view to the selected shape")
                .clicked()
            {
                out.zoom_selection = true;
            }
            if ui.button("Screenshot (P)").clicked() {
                out.screenshot = true;
            }
        });
        self.ui_export_row(ui, app);
        ui_views(ui, app, out);
    }

    /// The path to export to (suggested from the algorithm and step) and its button.
    fn ui_export_row(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.horizontal_wrapped(|ui| {
            // The suggested name follows the algorithm and step; a typed name stays
            // until the algorithm changes (its folder and extension stay then too).
            let changed = self.export_for.is_some_and(|a| a != app.algorithm);
            let next = export_name(
                &self.export_path,
                &self.export_suggested,
                changed,
                app.algorithm,
                app.step,
            );
            // Never under the user's fingers: not while the box has the keyboard.
            if next != self.export_path && !self.export_typing {
                self.export_path = next.clone();
                self.export_suggested = next;
            }
            self.export_for = Some(app.algorithm);
            let path_box = ui
                .add(egui::TextEdit::singleline(&mut self.export_path).desired_width(170.0))
                .tip(if cfg!(target_arch = "wasm32") {
                    "a .png or .svg file name (a download)"
                } else {
                    "a .png or .svg path"
                });
            super::widgets::mark(ui, "export_path", &path_box);
            self.export_typing = path_box.has_focus();
            let export = ui.button("Export this step");
            super::widgets::mark(ui, "export", &export);
            let entered = path_box.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if export.clicked() || entered {
                self.export_step(app);
            }
        });
    }

    /// Writes the picture of the current step (what the app shows: layers, pair,
    /// step, cameras) as PNG or SVG, by the extension of `export_path`.
    #[cfg(not(target_arch = "wasm32"))]
    fn export_step(&mut self, app: &mut AppState) {
        use collidescope::render::{app_picture, render, write_output, Format};
        let path = PathBuf::from(self.export_path.trim());
        let result = Format::from_path(&path)
            .ok_or_else(|| "the path must end in .png or .svg".to_string())
            .and_then(|format| {
                let picture = app_picture(app);
                render(&picture, format, 1600, 1000).map_err(|e| e.to_string())
            })
            .and_then(|bytes: Vec<u8>| write_output(&path, &bytes).map_err(|e| e.to_string()));
        app.message = Some(match result {
            Ok(()) => collidescope::app::Message {
                text: format!(
                    "Exported {}",
                    std::fs::canonicalize(&path)
                        .unwrap_or(path.clone())
                        .display()
                ),
                is_error: false,
            },
            Err(e) => collidescope::app::Message {
                text: format!("Export failed: {e}"),
                is_error: true,
            },
        });
    }

    /// The picture of the current step as a PNG or SVG download named `export_path`
    /// (the web page).
    #[cfg(target_arch = "wasm32")]
    fn export_step(&mut self, app: &mut AppState) {
        use collidescope::render::{app_picture, render, Format};
        let name = self.export_path.trim().to_string();
        let result = Format::from_path(std::path::Path::new(&name))
            .ok_or_else(|| "the name must end in .png or .svg".to_string())
            .and_then(|format| {
                let picture = app_picture(app);
                let bytes = render(&picture, format, 1600, 1000).map_err(|e| e.to_string())?;
                Ok((format, bytes))
            });
        match result {
            Ok((format, bytes)) => {
                let mime = match format {
                    Format::Png => "image/png",
                    Format::Svg => "image/svg+xml",
                };
                crate::gui::web::download(&name, mime, &bytes);
                app.info(format!("Exported {name} (a download)"));
            }
            Err(e) => app.error(format!("Export failed: {e}")),
        }
    }
}

/// The A and B pickers and "swap". False (with a hint shown) when the scene has
/// fewer than two shapes, so there is nothing to run.
fn ui_pair(ui: &mut egui::Ui, app: &mut AppState) -> bool {
    let names: Vec<String> = app.scene.shapes.iter().map(|s| s.name.clone()).collect();
    if let Some((mut a, mut b)) = app.pair {
        // Two pickers, their names and "swap" on one row of a narrow panel.
        let combo = ((ui.available_width() - 110.0) / 2.0).clamp(60.0, 100.0);
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::from_label("A")
                .width(combo)
                .selected_text(&names[a])
                .show_ui(ui, |ui| {
                    for (i, n) in names.iter().enumerate() {
                        ui.selectable_value(&mut a, i, n);
                    }
                });
            egui::ComboBox::from_label("B")
                .width(combo)
                .selected_text(&names[b])
                .show_ui(ui, |ui| {
                    for (i, n) in names.iter().enumerate() {
                        ui.selectable_value(&mut b, i, n);
                    }
                });
            if ui.button("swap").clicked() {
                std::mem::swap(&mut a, &mut b);
            }
        });
        if (a, b) != app.pair.unwrap_or_default() {
            if a == b {
                // Picking the other shape's name for A or B swaps the pair.
                let (oa, ob) = app.pair.unwrap_or_default();
                app.set_pair(ob, oa);
            } else {
                app.set_pair(a, b);
            }
        }
        true
    } else {
        ui.label("Add at least two shapes to run the algorithms.");
        false
    }
}

/// The algorithm picker; for the manifold, where its normal comes from.
fn ui_algorithm_picker(ui: &mut egui::Ui, app: &mut AppState) {
    let mut algo = app.algorithm;
    // A narrow panel (the presenter setting) names the picker above it, which takes
    // the row and cuts a long name: the name beside it would widen the panel.
    let narrow = ui.available_width() < 300.0;
    let picker = if narrow {
        ui.label("Algorithm");
        egui::ComboBox::from_id_salt("algorithm").truncate()
    } else {
        egui::ComboBox::from_label("Algorithm")
    };
    // Narrow: the whole row but the floating scroll bar's strip.
    let width = if narrow {
        ui.available_width() - 14.0
    } else {
        (ui.available_width() - 90.0).clamp(150.0, 240.0)
    };
    picker
        .selected_text(algo.label())
        .width(width)
        .show_ui(ui, |ui| {
            // The list is as wide as the picker: a long name wraps rather than being
            // cut ("Time of impact, turning (b2TimeOfImpa…").
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            for a in Algorithm::ALL {
                ui.selectable_value(&mut algo, a, format!("{}  ({})", a.label(), a.name()));
            }
        });
    app.set_algorithm(algo);
    if matches!(algo, Algorithm::Ray | Algorithm::ChainRay) {
        super::rays::ui_ray_choice(ui, app, algo == Algorithm::Ray);
    }
    if algo == Algorithm::Manifold {
        ui.horizontal_wrapped(|ui| {
            ui.label("normal from:");
            let mut via_sat = app.manifold_via_sat;
            ui.radio_value(&mut via_sat, false, "EPA");
            ui.radio_value(&mut via_sat, true, "SAT");
            app.set_manifold_via_sat(via_sat);
        });
    }
}

/// First / back / play / next / last, the step slider and the playing speed.
fn ui_stepping(ui: &mut egui::Ui, app: &mut AppState) {
    let n = app.step_count();
    ui.horizontal_wrapped(|ui| {
        if ui.button("⏮").tip("first (Home)").clicked() {
            app.step_first();
        }
        if ui.button("◀").tip("back (←)").clicked() {
            app.step_back();
        }
        let play = if app.playing { "⏸" } else { "▶ play" };
        if ui.button(play).tip("play / pause (Space)").clicked() {
            app.toggle_play();
        }
        let next = ui.button("▶").tip("next (Right arrow)");
        super::widgets::mark(ui, "next_step", &next);
        if next.clicked() {
            app.step_next();
        }
        if ui.button("⏭").tip("last (End)").clicked() {
            app.step_last();
        }
        // Short and never broken: on a narrow panel it moves to a row of its own whole.
        ui.add(
            egui::Label::new(format!("{} / {n}", app.step + 1))
                .wrap_mode(egui::TextWrapMode::Extend),
        )
        .tip("the step shown, of the algorithm's steps");
    });
    // What this step is within the algorithm ("EPA step 1 of 3"): the step counter
    // above counts what is stepped through, this names it.
    if let Some(part) = app.step_part() {
        ui.label(egui::RichText::new(part).strong());
    }
    let mut step = app.step;
    if ui
        .add(
            egui::Slider::new(&mut step, 0..=n.saturating_sub(1))
                .text("step")
                .show_value(false),
        )
        .changed()
    {
        app.set_step(step);
    }
    ui.add(
        egui::Slider::new(&mut app.play_speed, 0.25..=10.0)
            .logarithmic(true)
            .text("steps / s"),
    );
}

/// Which views show (world, both, configuration space) and, for both, the split.
fn ui_views(ui: &mut egui::Ui, app: &mut AppState, out: &mut PanelOutput) {
    ui.horizontal_wrapped(|ui| {
        ui.label("views:");
        let mut split = app.split;
        if ui.selectable_label(split >= 1.0, "world").clicked() {
            split = 1.0;
        }
        if ui
            .selectable_label(split > 0.0 && split < 1.0, "both")
            .clicked()
            && (split <= 0.0 || split >= 1.0)
        {
            split = collidescope::app::DEFAULT_SPLIT;
        }
        if ui.selectable_label(split <= 0.0, "config space").clicked() {
            split = 0.0;
        }
        if split > 0.0 && split < 1.0 {
            // A slider and its name are one block that does not wrap: it goes on a
            // row of its own when the rest of this one is too short for it (else it
            // would widen the panel for good).
            const SLIDER: f32 = 100.0;
            if ui.available_size_before_wrap().x < SLIDER + 50.0 {
                ui.end_row();
            }
            ui.spacing_mut().slider_width = SLIDER;
            ui.add(
                egui::Slider::new(&mut split, 0.3..=0.7)
                    .show_value(false)
                    .text("split"),
            );
        }
        if split != app.split {
            app.split = split;
            out.fit = true;
        }
    });
}

/// What the current step does, in words; whether there were any (a pair).
fn ui_narration(ui: &mut egui::Ui, app: &mut AppState) -> bool {
    let Some(text) = app.narration() else {
        return false;
    };
    let hovered = ui.label(RichText::new(&text).size(15.0)).hovered();
    // Hovering the narration lights up the features it names on the canvas.
    let named = if hovered {
        collidescope::view::narrate::features::mentions(&text)
    } else {
        Vec::new()
    };
    app.set_named(&named);
    true
}

/// The export box's next text: `current` (what the box holds) stays when the user typed
/// it for this algorithm; else the suggestion `<algorithm>-step-<n>` in `current`'s
/// folder with its extension (.png unless .svg). A name of the suggestion's form
/// ("epa-step-6.svg") follows the algorithm and step too.
fn export_name(
    current: &str,
    suggested: &str,
    algorithm_changed: bool,
    algorithm: Algorithm,
    step: usize,
) -> String {
    use std::path::Path;
    let path = Path::new(current.trim());
    let ext = match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("svg") => "svg",
        _ => "png",
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let suggestion_form = Algorithm::ALL.iter().any(|a| {
        stem.strip_prefix(a.name())
            .and_then(|r| r.strip_prefix("-step-"))
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    });
    let follow =
        current.trim().is_empty() || current == suggested || algorithm_changed || suggestion_form;
    if !follow {
        return current.to_string();
    }
    let name = format!("{}-step-{}.{ext}", algorithm.name(), step + 1);
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => dir.join(name).display().to_string(),
        None => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_export_name_follows_the_algorithm_and_keeps_a_typed_one() {
        let (epa, man) = (Algorithm::Epa, Algorithm::Manifold);
        // Suggested, then a step further.
        assert_eq!(export_name("", "", false, epa, 0), "epa-step-1.png");
        assert_eq!(
            export_name("epa-step-1.png", "epa-step-1.png", false, epa, 5),
            "epa-step-6.png"
        );
        // Typed with another extension: still the suggestion's form, so it follows
        // the next algorithm, keeping .svg.
        assert_eq!(
            export_name("epa-step-6.svg", "epa-step-6.png", true, man, 0),
            "manifold-step-1.svg"
        );
        // A name of the user's own stays on this algorithm...
        assert_eq!(
            export_name("slides/lecture.svg", "epa-step-6.png", false, epa, 2),
            "slides/lecture.svg"
        );
        // ...and gives way to the suggestion, in its folder, on the next one.
        assert_eq!(
            export_name("slides/lecture.svg", "epa-step-6.png", true, man, 2),
            "slides/manifold-step-3.svg"
        );
    }
}
