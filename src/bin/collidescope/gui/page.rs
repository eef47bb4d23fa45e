//! The web page's duties in each frame (wasm32 only): keep the URL hash on the scene,
//! copy the link, take a file the picker delivered, tell the page the first frame is
//! drawn and where things are (for the browser test); and the screenshot as a download.

use super::canvas::Canvas;
use super::panel::{Panel, PanelOutput, Pending};
use super::web;
use collidescope::app::AppState;
use macroquad::prelude::{
    get_last_key_pressed, get_screen_data, get_time, is_mouse_button_down, is_mouse_button_pressed,
    MouseButton,
};
use std::path::PathBuf;

/// What the page remembers between frames.
pub struct Page {
    hash: web::HashSync,
    /// The link did not load: it stays in the address (to be read and reported) until
    /// the first click or key press.
    keep_link: bool,
    first_frame_told: bool,
    layout: String,
}

impl Page {
    /// The page as the app opened it: an error on start is a link that did not load.
    pub fn new(app: &AppState) -> Page {
        Page {
            hash: web::HashSync::default(),
            keep_link: app.message.as_ref().is_some_and(|m| m.is_error),
            first_frame_told: false,
            layout: String::new(),
        }
    }

    /// After the frame is drawn. True while the page still has work for a later frame
    /// (an address-bar write held back): the loop must not sleep yet.
    pub fn frame(
        &mut self,
        app: &mut AppState,
        panel: &mut Panel,
        canvas: &Canvas,
        out: &PanelOutput,
        marks: &str,
    ) -> bool {
        let now = get_time();
        if self.keep_link {
            self.keep_link =
                !(is_mouse_button_pressed(MouseButton::Left) || get_last_key_pressed().is_some());
        }
        // Not while a drag goes on: the hash follows once the mouse is let go.
        let busy = self.keep_link || is_mouse_button_down(MouseButton::Left);
        let deferred = self.hash.update(app, busy, now);
        if out.copy_link {
            self.hash.write(app, now);
            let link = web::href();
            web::copy_text(&link);
            app.info(format!(
                "Link copied ({} characters): it opens this scene, view and step",
                link.len()
            ));
            panel.link = Some(link);
        }
        if let Some((name, text)) = web::take_opened() {
            panel.request(app, Pending::OpenText(PathBuf::from(name), text));
        }
        let layout = super::layout_json(app, canvas, marks);
        if layout != self.layout {
            web::set_layout(&layout);
            self.layout = layout;
        }
        if !self.first_frame_told {
            web::first_frame();
            self.first_frame_told = true;
        }
        deferred
    }
}

/// The window as it is drawn now, offered as the PNG download `name`.
pub fn download_screen(name: &str, app: &mut AppState) {
    let image = get_screen_data();
    let (w, h) = (u32::from(image.width), u32::from(image.height));
    match super::screen_png(&image.bytes, w, h) {
        Ok(bytes) => {
            web::download(name, "image/png", &bytes);
            app.info(format!("Screenshot offered as the download {name}"));
        }
        Err(e) => app.error(format!("Screenshot failed: {e}")),
    }
}
