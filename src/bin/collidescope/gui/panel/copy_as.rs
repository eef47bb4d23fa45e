//! "Copy as …" under the Peers table: the pair as a Box2D C test, a parry2d Rust test
//! or a hex scene, on the clipboard, and on the web page also as a download.

#[cfg(target_arch = "wasm32")]
use super::widgets::Tip;
use collidescope::app::AppState;
use collidescope::repro::{export, Language};
use egui_macroquad::egui;

/// "Copy as …": the pair as a regression test (or hex scene) on the clipboard; on the
/// web page also offered as a download (a phone or a locked-down browser may refuse
/// the clipboard).
pub(super) fn copy_as_buttons(ui: &mut egui::Ui, app: &mut AppState, a: usize, b: usize) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Copy as");
        for (label, language) in [
            ("Box2D C test", Language::Box2dC),
            ("parry Rust test", Language::ParryRust),
            ("hex scene", Language::SceneHex),
        ] {
            // A button and its download wrap as one: the arrow never starts a line.
            ui.horizontal(|ui| copy_as_one(ui, app, a, b, label, language));
        }
    });
}

/// One "Copy as" button, and on the web page its download beside it.
fn copy_as_one(
    ui: &mut egui::Ui,
    app: &mut AppState,
    a: usize,
    b: usize,
    label: &str,
    language: Language,
) {
    if ui.button(label).clicked() {
        if let Some(text) = export_pair(app, a, b, language) {
            ui.ctx().copy_text(text);
            app.info(format!("Copied the pair as a {label}"));
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        let name = download_name(app, language);
        let r = ui
            .small_button("⬇")
            .tip(format!("download the {label} as {name}"));
        super::widgets::mark(ui, download_mark(language), &r);
        if r.clicked() {
            if let Some(text) = export_pair(app, a, b, language) {
                crate::gui::web::download(&name, "text/plain", text.as_bytes());
                app.info(format!("The {label} offered as the download {name}"));
            }
        }
    }
}

/// The pair in `language`, or `None` with the error said.
fn export_pair(app: &mut AppState, a: usize, b: usize, language: Language) -> Option<String> {
    let source = app
        .path
        .as_ref()
        .map_or(app.scene.title.clone(), |p| p.display().to_string());
    match export(&app.scene, a, b, language, &source) {
        Ok(text) => Some(text),
        Err(e) => {
            app.error(e);
            None
        }
    }
}

/// The download's file name: the pair's names and the language's extension.
#[cfg(target_arch = "wasm32")]
fn download_name(app: &AppState, language: Language) -> String {
    let pair = app.pair.map_or("pair".to_string(), |(a, b)| {
        let name = |i: usize| app.scene.shapes.get(i).map_or("", |s| s.name.as_str());
        format!("{}_{}", name(a), name(b))
    });
    let pair: String = pair
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("test_{pair}_{}.{}", language.name(), language.extension())
}

#[cfg(target_arch = "wasm32")]
fn download_mark(language: Language) -> &'static str {
    match language {
        Language::Box2dC => "download_box2d_c",
        Language::ParryRust => "download_parry_rust",
        Language::SceneHex => "download_hex_scene",
    }
}
