//! The scripted tests' view of the window: where the views, the shapes and the
//! panel's marked widgets are on screen, as JSON, written to
//! `COLLIDESCOPE_LAYOUT_FILE` whenever it changes (see `.ci/gui_test.sh`).

use super::canvas::Canvas;
use collidescope::app::AppState;
use collidescope::view::camera::Viewport;
use std::path::PathBuf;

/// Test hook: where things are on screen, for scripted input (see .ci/gui_test.sh).
/// Written to `COLLIDESCOPE_LAYOUT_FILE` when it changes.
pub struct LayoutHook {
    path: Option<PathBuf>,
    last: String,
}

impl LayoutHook {
    pub fn from_env() -> LayoutHook {
        LayoutHook {
            path: std::env::var_os("COLLIDESCOPE_LAYOUT_FILE").map(PathBuf::from),
            last: String::new(),
        }
    }

    pub fn write(
        &mut self,
        app: &AppState,
        canvas: &Canvas,
        marks: &str,
        panel: &str,
        recording: &str,
    ) {
        if let Some(path) = &self.path {
            let text = layout_json(app, canvas, marks, panel, recording);
            if text != self.last {
                // Written whole then renamed, so a reader never sees half a file; a test
                // hook written on every change, so without the output writer's flush to
                // disk (which would slow each frame it changes).
                let tmp = path.with_extension("tmp");
                if std::fs::write(&tmp, &text)
                    .and_then(|_| std::fs::rename(&tmp, path))
                    .is_ok()
                {
                    self.last = text;
                }
            }
        }
    }
}

/// Screen positions of the views, of every shape's origin and of the panel's marked
/// widgets (`marks`, see `panel::widgets::MARKED`), as JSON.
pub fn layout_json(
    app: &AppState,
    canvas: &Canvas,
    marks: &str,
    panel: &str,
    recording: &str,
) -> String {
    let vp = |v: &Viewport| format!("[{}, {}, {}, {}]", v.x, v.y, v.w, v.h);
    let shapes: Vec<String> = app
        .scene
        .shapes
        .iter()
        .map(|s| {
            let p = app
                .world_camera
                .to_screen(s.pose.position, &canvas.world_vp);
            format!("\"{}\": [{}, {}]", s.name, p.x, p.y)
        })
        .collect();
    format!(
        "{{\"world_vp\": {}, \"config_vp\": {}, \"algorithm\": \"{}\", \"step\": {}, \"dirty\": {}, \"config_zoom\": {}, \"message\": {}, \"file\": {}, \"shapes\": {{{}}}, \"widgets\": {{{marks}}}, {panel}, \"recording\": {recording}}}",
        vp(&canvas.world_vp),
        vp(&canvas.config_vp),
        app.algorithm.name(),
        app.step,
        app.dirty,
        app.config_camera.zoom,
        json_string(app.message.as_ref().map_or("", |m| m.text.as_str())),
        json_string(&app.path.as_ref().map(|p| p.display().to_string()).unwrap_or_default()),
        shapes.join(", ")
    )
}

/// `s` as a JSON string.
pub(crate) fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}
