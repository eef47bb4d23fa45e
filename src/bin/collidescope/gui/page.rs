//! The web page's duties in each frame (wasm32 only): keep the URL hash on the scene,
//! copy the link, take a file the picker delivered, tell the page the first frame is
//! drawn and where things are (for the browser test); and the screenshot as a download.

use super::canvas::Canvas;
use super::panel::{Panel, PanelOutput, Pending};
use super::web;
use collidescope::app::AppState;
use collidescope::trace::peer_answer::EngineAnswer;
use egui_macroquad::egui;
use macroquad::prelude::{
    get_last_key_pressed, get_screen_data, get_time, is_mouse_button_down, is_mouse_button_pressed,
    MouseButton,
};
use serde::Serialize;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What the page remembers between frames.
pub struct Page {
    hash: web::HashSync,
    /// The link did not load: it stays in the address (to be read and reported) until
    /// the first click or key press.
    keep_link: bool,
    first_frame_told: bool,
    layout: String,
    peers: String,
}

impl Page {
    /// The page as the app opened it: an error on start is a link that did not load.
    pub fn new(app: &AppState) -> Page {
        Page {
            hash: web::HashSync::default(),
            keep_link: app.message.as_ref().is_some_and(|m| m.is_error),
            first_frame_told: false,
            layout: String::new(),
            peers: String::new(),
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
        // In a lesson the address is the lesson's page (`#lesson=gjk&page=3`).
        let lesson = panel.lesson.as_ref().map(|m| m.fragment());
        let deferred = match &lesson {
            Some(f) if !self.keep_link => {
                self.hash.write_fragment(f);
                false
            }
            Some(_) => false,
            None => self.hash.update(app, busy, now),
        };
        if out.copy_link {
            match &lesson {
                Some(f) => self.hash.write_fragment(f),
                None => self.hash.write(app, now),
            }
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
        let layout =
            super::layout_hook::layout_json(app, canvas, marks, &panel.state_json(app), "null");
        if layout != self.layout {
            web::set_layout(&layout);
            self.layout = layout;
        }
        let peers = peers_json(app, panel);
        if peers != self.peers {
            web::set_peers(&peers);
            self.peers = peers;
        }
        if !self.first_frame_told {
            web::first_frame();
            self.first_frame_told = true;
        }
        deferred
    }
}

/// What the page tells the browser test of the engines: the pair shown, each engine's
/// answer on it as `report --peers` writes it (keyed `box2d`, `parry2d`; f32 numbers
/// as their shortest decimal, so equal text means equal bits), and the peers table's
/// red cells ("engine/column": centre).
#[derive(Serialize)]
struct PagePeers<'a> {
    pair: Option<(Option<&'a str>, Option<&'a str>)>,
    peers: BTreeMap<&'static str, &'a EngineAnswer>,
    off: BTreeMap<&'a str, [f32; 2]>,
}

fn peers_json(app: &mut AppState, panel: &Panel) -> String {
    let answers = app.peer_answers().to_vec();
    let name = |i: usize| app.scene.shapes.get(i).map(|s| s.name.as_str());
    let page = PagePeers {
        pair: app.pair.map(|(a, b)| (name(a), name(b))),
        peers: answers.iter().map(|(e, a)| (e.key(), a)).collect(),
        off: panel
            .peers_off
            .iter()
            .map(|(k, at)| (k.as_str(), *at))
            .collect(),
    };
    serde_json::to_string(&page).unwrap_or_default()
}

/// The window as it is drawn now, offered as the PNG download `name`.
pub fn download_screen(name: &str, app: &mut AppState) {
    let image = get_screen_data();
    let (w, h) = (u32::from(image.width), u32::from(image.height));
    match super::screenshot::screen_png(&image.bytes, w, h) {
        Ok(bytes) => {
            web::download(name, "image/png", &bytes);
            app.info(format!("Screenshot offered as the download {name}"));
        }
        Err(e) => app.error(format!("Screenshot failed: {e}")),
    }
}

thread_local! {
    /// The factor [`fix_density`] put into egui's zoom (1: none).
    static DENSITY_FIX: Cell<f32> = const { Cell::new(1.0) };
}

/// egui-miniquad tells egui the screen's density (the page's devicePixelRatio) only
/// when it changes after the start, so on a dense screen egui would draw the panel at
/// one screen pixel per point (tiny, beside a canvas drawn at the screen's density).
/// The difference goes into egui's zoom factor — the user's own zoom stays — and comes
/// out again if egui learns the density later. Before the panel is laid out.
pub fn fix_density(ctx: &egui::Context) {
    let dpi = macroquad::window::screen_dpi_scale();
    let native = ctx.native_pixels_per_point().unwrap_or(1.0);
    let want = dpi / native;
    DENSITY_FIX.with(|applied| {
        let had = applied.get();
        if (want - had).abs() > 1.0e-3 {
            ctx.set_zoom_factor(ctx.zoom_factor() / had * want);
            applied.set(want);
            // This pass was laid out at the old scale: egui runs it again at once.
            ctx.request_discard("the screen's density");
        }
    });
}

/// Once a finger touches the page, a drag on the panel's text scrolls the panel instead
/// of selecting the text (egui lets a selectable label take the drag first).
pub fn touch_style(ctx: &egui::Context) {
    if !macroquad::input::touches().is_empty() && ctx.style().interaction.selectable_labels {
        ctx.style_mut(|s| s.interaction.selectable_labels = false);
    }
}
