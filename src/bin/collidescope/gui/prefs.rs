//! The user's preferences on the desktop: `preferences.ron` in the configuration folder
//! the lessons' progress lives in (`$COLLIDESCOPE_CONFIG_DIR`, else
//! `$XDG_CONFIG_HOME/collidescope`, else `~/.config/collidescope`), read when the window
//! opens and written when one changes; and their look on the panel ([`apply`]). The web
//! page keeps them for the session only.

use collidescope::view::prefs::Preferences;
#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;

/// Where the preferences live, if the environment names a configuration folder.
#[cfg(not(target_arch = "wasm32"))]
fn path() -> Option<PathBuf> {
    collidescope::lesson::progress::progress_file().map(|p| p.with_file_name("preferences.ron"))
}

/// The saved preferences (defaults when there are none), and an error to show when the
/// file is there but cannot be read.
#[cfg(not(target_arch = "wasm32"))]
pub fn load() -> (Preferences, Option<String>) {
    let Some(p) = path().filter(|p| p.exists()) else {
        return (Preferences::default(), None);
    };
    let name = p.display().to_string();
    match collidescope::scene::fs::read_text(&p)
        .map_err(|e| format!("{name}: {e}"))
        .and_then(|text| Preferences::parse(&text, &name))
    {
        Ok(prefs) => (prefs, None),
        Err(e) => (
            Preferences::default(),
            Some(format!("Preferences not read (defaults used): {e}")),
        ),
    }
}

/// Saves the preferences; an error is a sentence naming the file.
#[cfg(not(target_arch = "wasm32"))]
pub fn save(prefs: &Preferences) -> Result<(), String> {
    let Some(p) = path() else {
        return Ok(());
    };
    if let Some(dir) = p.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("Preferences not saved: {}: {e}", dir.display()))?;
    }
    collidescope::scene::fs::write_output(&p, prefs.to_text().as_bytes())
        .map_err(|e| format!("Preferences not saved: {}: {e}", p.display()))
}

#[cfg(target_arch = "wasm32")]
pub fn load() -> (Preferences, Option<String>) {
    (Preferences::default(), None)
}

#[cfg(target_arch = "wasm32")]
pub fn save(_prefs: &Preferences) -> Result<(), String> {
    Ok(())
}

thread_local! {
    /// The presenter zoom [`apply`] put into egui's zoom factor (1: none).
    static PREFS_ZOOM: std::cell::Cell<f32> = const { std::cell::Cell::new(1.0) };
}

/// The preferences' look: the panel's theme and zoom. The zoom is a factor of egui's
/// own (the web page keeps the screen's density there too).
pub fn apply(prefs: &collidescope::view::prefs::Preferences) {
    egui_macroquad::cfg(|ctx| {
        super::panel::set_visuals(ctx, prefs.theme);
        let want = prefs.panel_zoom();
        PREFS_ZOOM.with(|had| {
            ctx.set_zoom_factor(ctx.zoom_factor() / had.get() * want);
            had.set(want);
        });
    });
}
