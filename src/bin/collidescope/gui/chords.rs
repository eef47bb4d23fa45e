//! Ctrl shortcuts read from egui's events (undo, redo, save, quit, Alt+arrow
//! nudges), and the typed "v" of a Ctrl+V dropped before the panel reads text.

use super::panel::{self, Panel, Pending};
use collidescope::app::AppState;
use egui_macroquad::egui;
use macroquad::prelude::{is_key_down, KeyCode};

/// Ctrl shortcuts of one frame. Read from egui's key events, which carry the
/// modifiers held when each key went down: a fast chord can press and release Ctrl
/// within one frame, where polling "is Ctrl down now" would miss it.
#[derive(Default)]
pub(super) struct Chords {
    undo: bool,
    redo: bool,
    save: bool,
    quit: bool,
    /// Alt+arrows: move the selection by this many pixels (Shift: 1 px a press, else 10).
    pub(super) nudge: glam::Vec2,
}

impl Chords {
    pub(super) fn read(ctx: &egui::Context) -> Chords {
        use egui::{Key, Modifiers};
        ctx.input_mut(|i| {
            // Shift+Z before Z: the plain pattern would also match with Shift held.
            let redo = i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z)
                | i.consume_key(Modifiers::COMMAND, Key::Y);
            let mut nudge = glam::Vec2::ZERO;
            for (key, dir) in [
                (Key::ArrowLeft, glam::Vec2::NEG_X),
                (Key::ArrowRight, glam::Vec2::X),
                (Key::ArrowUp, glam::Vec2::Y),
                (Key::ArrowDown, glam::Vec2::NEG_Y),
            ] {
                // Shift+Alt before Alt, as for redo.
                if i.consume_key(Modifiers::ALT | Modifiers::SHIFT, key) {
                    nudge += dir;
                } else if i.consume_key(Modifiers::ALT, key) {
                    nudge += dir * 10.0;
                }
            }
            Chords {
                redo,
                undo: i.consume_key(Modifiers::COMMAND, Key::Z),
                save: i.consume_key(Modifiers::COMMAND, Key::S),
                quit: i.consume_key(Modifiers::COMMAND, Key::Q),
                nudge,
            }
        })
    }

    pub(super) fn any(&self) -> bool {
        self.undo || self.redo || self.save || self.quit || self.nudge != glam::Vec2::ZERO
    }

    pub(super) fn apply(
        &self,
        app: &mut AppState,
        panel: &mut Panel,
        out: &mut panel::PanelOutput,
    ) {
        if self.redo {
            app.redo();
        } else if self.undo {
            app.undo();
        }
        if self.save {
            panel.save(app);
        }
        // A web page is closed by its tab, not by the app.
        if self.quit && !cfg!(target_arch = "wasm32") && panel.request(app, Pending::Quit) {
            out.quit = true;
        }
    }
}

pub(super) fn ctrl() -> bool {
    is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl)
}

/// Ctrl+V's own "v" that also arrived as typed text: miniquad sends the character
/// without the modifiers, and under load the character, the key and the clipboard's
/// text may land in different frames, so the paste would read "v" + the clipboard.
/// Drops every one-letter "v" typed in a frame where Ctrl (or Cmd) was down, pressed or
/// released: with Ctrl held a "v" is never typed text, it is the paste chord.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn drop_chord_letters(ctx: &egui::Context) {
    let chord = [
        KeyCode::LeftControl,
        KeyCode::RightControl,
        KeyCode::LeftSuper,
        KeyCode::RightSuper,
    ];
    let held = chord.iter().any(|k| {
        is_key_down(*k)
            || macroquad::prelude::is_key_pressed(*k)
            || macroquad::prelude::is_key_released(*k)
    });
    if !held {
        return;
    }
    ctx.input_mut(|i| {
        i.events
            .retain(|e| !matches!(e, egui::Event::Text(t) if t == "v" || t == "V"));
    });
}

#[cfg(target_arch = "wasm32")]
pub(super) fn drop_chord_letters(_ctx: &egui::Context) {}
