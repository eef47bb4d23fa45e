//! The window's keys: the shortcuts (algorithms by their registry key, steps, fit,
//! zoom, screenshot, undo), Alt+arrows nudging the selected shape, zoom to action.

use super::canvas::Canvas;
use super::{ctrl, panel};
use collidescope::app::{AppState, Message};
use macroquad::prelude::{is_key_pressed, KeyCode};

/// Alt+arrows move the selected shape by `px` pixels of the world view (read from
/// egui's key events with their modifiers, like the Ctrl chords), one undo step each.
pub(super) fn nudge(app: &mut AppState, canvas: &Canvas, px: glam::Vec2) {
    let Some(i) = app.selected.filter(|i| *i < app.scene.shapes.len()) else {
        return;
    };
    if px == glam::Vec2::ZERO {
        return;
    }
    let d = px / canvas.world_zoom(app).max(1.0e-6);
    let p = app.scene.shapes[i].pose.position + d;
    app.move_shape(i, p);
}

/// Zoom to the step's points, or say why not.
pub(super) fn zoom_to_action(app: &mut AppState, canvas: &mut Canvas) {
    if !canvas.zoom_to_action(app) {
        app.message = Some(Message {
            text: "this step marks no point to zoom to".into(),
            is_error: false,
        });
    }
}

pub(super) fn keyboard(
    app: &mut AppState,
    canvas: &mut Canvas,
    out: &mut panel::PanelOutput,
    in_lesson: bool,
    prefs: &mut collidescope::view::prefs::Preferences,
) {
    if ctrl() {
        // Chords are read from egui's events (see `Chords`); plain keys wait.
        return;
    }
    // In a lesson the arrows turn pages (`lesson::input`) and the page picks the
    // algorithm; Escape leaves presenter mode (the presenter setting).
    if in_lesson && prefs.presenter && is_key_pressed(KeyCode::Escape) {
        prefs.presenter = false;
        out.prefs_changed = true;
    }
    if is_key_pressed(KeyCode::Right) && !in_lesson {
        app.step_next();
    }
    if is_key_pressed(KeyCode::Left) && !in_lesson {
        app.step_back();
    }
    if is_key_pressed(KeyCode::Home) {
        app.step_first();
    }
    if is_key_pressed(KeyCode::End) {
        app.step_last();
    }
    if is_key_pressed(KeyCode::Space) {
        app.toggle_play();
    }
    if is_key_pressed(KeyCode::F) {
        canvas.fit(app, true);
    }
    if is_key_pressed(KeyCode::Z) {
        zoom_to_action(app, canvas);
    }
    if is_key_pressed(KeyCode::X) {
        canvas.zoom_to_selection(app);
    }
    for info in &collidescope::scene::view_state::ALGORITHMS {
        if !in_lesson && key_of(info.key).is_some_and(is_key_pressed) {
            app.set_algorithm(info.algorithm);
        }
    }
    if is_key_pressed(KeyCode::P) || is_key_pressed(KeyCode::F12) {
        out.screenshot = true;
    }
    if is_key_pressed(KeyCode::Delete) {
        if let Some((c, i)) = app
            .chain_selection()
            .and_then(|s| s.point.map(|i| (s.chain, i)))
        {
            if let Err(e) = app.delete_chain_point(c, i) {
                app.error(e);
            }
        }
    }
    if let Some(i) = app.selected {
        let step = 5f32.to_radians();
        for (key, sign) in [(KeyCode::Q, 1.0), (KeyCode::E, -1.0)] {
            if is_key_pressed(key) {
                let a = app.scene.shapes[i].pose.angle + sign * step;
                app.rotate_shape(i, a);
            }
        }
        if is_key_pressed(KeyCode::Delete) {
            app.delete_shape(i);
        }
        if is_key_pressed(KeyCode::A) {
            if let Some((a, b)) = app.pair {
                app.set_pair(i, if b == i { a } else { b });
            }
        }
        if is_key_pressed(KeyCode::B) {
            if let Some((a, b)) = app.pair {
                app.set_pair(if a == i { b } else { a }, i);
            }
        }
    }
}

/// The key of a registry line's character (a digit or a capital letter).
pub(super) fn key_of(c: char) -> Option<KeyCode> {
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Key0,
        KeyCode::Key1,
        KeyCode::Key2,
        KeyCode::Key3,
        KeyCode::Key4,
        KeyCode::Key5,
        KeyCode::Key6,
        KeyCode::Key7,
        KeyCode::Key8,
        KeyCode::Key9,
    ];
    const LETTERS: [KeyCode; 26] = [
        KeyCode::A,
        KeyCode::B,
        KeyCode::C,
        KeyCode::D,
        KeyCode::E,
        KeyCode::F,
        KeyCode::G,
        KeyCode::H,
        KeyCode::I,
        KeyCode::J,
        KeyCode::K,
        KeyCode::L,
        KeyCode::M,
        KeyCode::N,
        KeyCode::O,
        KeyCode::P,
        KeyCode::Q,
        KeyCode::R,
        KeyCode::S,
        KeyCode::T,
        KeyCode::U,
        KeyCode::V,
        KeyCode::W,
        KeyCode::X,
        KeyCode::Y,
        KeyCode::Z,
    ];
    match c {
        '0'..='9' => DIGITS.get(c as usize - '0' as usize).copied(),
        'A'..='Z' => LETTERS.get(c as usize - 'A' as usize).copied(),
        _ => None,
    }
}
