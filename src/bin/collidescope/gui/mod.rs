//! The debugger's window, on the desktop and in a web page (wasm32): macroquad draws,
//! egui-macroquad is the panel. All state lives in [`AppState`] (the library); this
//! module only wires input and drawing. What differs on the web (no files, the scene
//! in the URL) is in `web` and `page`.

mod camera_fit;
mod canvas;
mod canvas_input;
mod chain_handles;
mod chords;
mod frame_stats;
mod glow;
mod keys;
mod layout_hook;
mod lesson;
#[cfg(target_arch = "wasm32")]
mod page;
mod painter;
mod panel;
mod prefs;
mod ray_handles;
#[cfg(all(feature = "peers", not(target_arch = "wasm32")))]
mod recording;
mod recording_note;
mod repaint;
#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
mod screen;
mod screenshot;
mod shape_handles;
pub(crate) mod sources;
#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
mod wake;
#[cfg(target_arch = "wasm32")]
mod web;

use canvas::{background, Canvas};
use chords::{ctrl, drop_chord_letters, Chords};
use collidescope::app::{AppState, Message};
use collidescope::scene::Scene;
use collidescope::view::camera::Viewport;
use egui_macroquad::egui;
use keys::{keyboard, nudge, zoom_to_action};
pub(crate) use layout_hook::json_string;
use layout_hook::LayoutHook;
use macroquad::prelude::{
    clear_background, get_frame_time, get_time, is_quit_requested, next_frame, prevent_quit,
    screen_height, screen_width,
};
use panel::{Panel, Pending};
use repaint::Repaint;
use screenshot::screenshot;
use std::path::PathBuf;

/// How the window is opened.
pub struct GuiOptions {
    pub scene: Scene,
    pub path: Option<PathBuf>,
    /// An error to show on start (the scene given on the command line did not load).
    pub startup_error: Option<String>,
    pub default_scene: Scene,
    /// Quit after this many seconds (for scripted tests; unsaved changes are kept
    /// in memory only, as with any quit).
    pub quit_after: Option<f64>,
    pub screenshot_dir: PathBuf,
    pub width: i32,
    pub height: i32,
    pub msaa: i32,
    /// `--frame-stats FILE` (desktop).
    pub frame_stats: Option<PathBuf>,
    /// A Box2D recording to open (`collidescope FILE.b2rec`).
    pub recording: Option<PathBuf>,
    /// A pair track to open (`collidescope TRACK.ron`).
    pub track: Option<PathBuf>,
    /// A lesson of the library to start on, and its page (from 0).
    pub lesson: Option<(String, usize)>,
}

use sources::{Rec, TrackMode, UserScene};

/// The window's title (also how the idle tick finds the window to wake: `wake.rs`).
const WINDOW_TITLE: &str = "Collidescope";

/// How long the status bar says the window was fitted to the screen, seconds.
const FIT_NOTE_SECONDS: f64 = 8.0;

/// The web page's window: the scene of the URL hash, else the built-in scene.
#[cfg(target_arch = "wasm32")]
pub fn run_web() {
    use collidescope::scene::{parse_scene, DEFAULT_SCENE};
    let (default_scene, default_error) = match parse_scene(DEFAULT_SCENE, "the built-in scene") {
        Ok(s) => (s, None),
        Err(e) => (Scene::default(), Some(e.to_string())),
    };
    let lesson = lesson::parse_fragment(&web::hash());
    let (scene, startup_error) = match web::scene_from_hash() {
        _ if lesson.is_some() => (default_scene.clone(), default_error),
        Ok(Some(s)) => (s, default_error),
        Ok(None) => (default_scene.clone(), default_error),
        Err(e) => (default_scene.clone(), Some(e)),
    };
    run(GuiOptions {
        scene,
        path: None,
        startup_error,
        default_scene,
        quit_after: None,
        screenshot_dir: PathBuf::new(),
        width: 1280,
        height: 800,
        msaa: 4,
        frame_stats: None,
        recording: None,
        track: None,
        lesson,
    });
}

/// Opens the window and runs until the user quits.
pub fn run(opts: GuiOptions) {
    // A window larger than the screen opens fitted to it, and says so.
    #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
    let ((width, height), fitted) = screen::fit((opts.width, opts.height), screen::size());
    #[cfg(not(all(target_os = "linux", not(target_arch = "wasm32"))))]
    let ((width, height), fitted) = ((opts.width, opts.height), None::<String>);
    let window = macroquad::window::Conf {
        window_title: WINDOW_TITLE.to_string(),
        window_width: width,
        window_height: height,
        // The page draws at the screen's own resolution (crisp at 2×); the desktop
        // window keeps one pixel per point.
        high_dpi: cfg!(target_arch = "wasm32"),
        sample_count: opts.msaa,
        window_resizable: true,
        // Repaint on change: a frame runs on input (macroquad schedules one per event)
        // or when `Repaint` asks for more; idle, the loop waits for events. On the web
        // page too: what finishes between frames without input wakes it — a file the
        // picker read and a resized canvas (`web/collidescope.js`), an address-bar write
        // held back by its throttle (`Page::frame` keeps frames coming until it is done).
        platform: macroquad::miniquad::conf::Platform {
            blocking_event_loop: true,
            ..Default::default()
        },
        ..Default::default()
    };
    // Every kind of input runs a frame (macroquad's default with a blocking loop is none).
    let mut conf = macroquad::conf::Conf::from(window);
    conf.update_on = Some(macroquad::conf::UpdateTrigger {
        key_down: true,
        mouse_down: true,
        mouse_up: true,
        mouse_motion: true,
        mouse_wheel: true,
        specific_key: None,
        touch: true,
    });
    macroquad::Window::from_config(conf, main_loop(opts, fitted));
}

/// `fitted`: what the status bar says first when the window was made smaller than
/// asked, to fit the screen.
async fn main_loop(opts: GuiOptions, fitted: Option<String>) {
    let mut app = AppState::new(opts.scene, opts.path);
    if let Some(e) = opts.startup_error {
        app.message = Some(Message {
            text: e,
            is_error: true,
        });
    }
    let (preferences, prefs_error) = prefs::load();
    app.theme = preferences.theme;
    if let Some(e) = prefs_error {
        app.error(e);
    }
    configure_egui(&preferences);
    let mut canvas = Canvas::new();
    let mut panel = Panel::new(opts.default_scene, preferences);
    if let Some((id, page)) = &opts.lesson {
        panel.start_lesson(id, Some(*page), &mut app);
    }
    // The fit note gives way to the status bar's keys at the first frame after
    // FIT_NOTE_SECONDS (a teacher needs the keys more than the note).
    let fit_note = match (fitted, &app.message) {
        (Some(note), None) => {
            app.info(note.clone());
            Some(note)
        }
        _ => None,
    };
    let mut shots = 0u32;
    // The views' size before the presenter setting changed, until the first frame
    // laid out with it.
    let mut resized_from = None;
    canvas.presenter = panel.prefs.presenter;
    let started = get_time();
    let mut layout_hook = LayoutHook::from_env();
    let mut repaint = Repaint::default();
    let mut stats = frame_stats::FrameStats::new(opts.frame_stats.clone());
    if let Some(seconds) = opts.quit_after {
        // A scripted run ends on time even when no input wakes the loop.
        Repaint::wake_at(seconds);
    }
    #[cfg(target_arch = "wasm32")]
    let mut page = page::Page::new(&app);
    #[cfg(target_arch = "wasm32")]
    {
        panel.reveal_peers = web::link_opens_peers();
    }
    let mut rec = opts.recording.as_deref().map(Rec::open);
    // The debugger's scene while a world is shown: "Close recording" gives it back.
    let mut user_scene = rec.as_ref().map(|_| UserScene::keep(&app));
    // A pair opened from a world has replaced the debugger's scene.
    let mut scene_replaced = false;
    let mut track = match opts.track.as_deref().map(|p| TrackMode::open(p, &mut app)) {
        Some(Ok(t)) => Some(t),
        Some(Err(e)) => {
            app.error(e);
            None
        }
        None => None,
    };
    loop {
        stats.begin();
        clear_background(background(app.theme));
        // A recording asked for in the Files section or dropped on the window.
        if let Some(p) = panel.open_recording.take().or_else(dropped_recording) {
            if !scene_replaced {
                user_scene = Some(UserScene::keep(&app));
            }
            rec = Some(Rec::open(&p));
        }
        if let Some(e) = rec.as_mut().and_then(|r| r.poll()) {
            app.error(e);
        }
        let world = rec.as_ref().is_some_and(|r| r.shows_world());
        let UiPass {
            mut out,
            over_ui,
            typing,
            chords,
            area,
            settled,
            marks,
        } = UiPass::run(&mut panel, &mut app, rec.as_mut(), track.as_mut());
        canvas.layout(area, app.split);
        canvas.show_engines = panel.engines_shown;
        if settled {
            canvas.ensure_fitted(&mut app);
            if let Some(old) = resized_from.take() {
                canvas.keep_visible(&mut app, old);
            }
        }
        if out.leave_world && rec.as_ref().is_some_and(|r| !r.shows_world()) {
            // Another scene opened over the pair: that one stays.
            rec = None;
            (user_scene, scene_replaced) = (None, false);
        }
        scene_replaced |= rec.as_ref().is_some_and(|r| r.replaced_scene());
        if rec.as_mut().is_some_and(|r| r.close_asked()) {
            if let (Some(kept), true) = (user_scene.take(), scene_replaced) {
                kept.restore(&mut app);
            }
            rec = None;
            (user_scene, scene_replaced) = (None, false);
            app.info("Closed the world: the debugger shows its own scene again".to_string());
        }
        if out.fit {
            canvas.fit(&mut app, true);
        }
        if out.zoom_action {
            zoom_to_action(&mut app, &mut canvas);
        }
        if out.zoom_selection {
            canvas.zoom_to_selection(&mut app);
        }
        // A dialog is open: the canvas takes no input.
        let modal = panel.pending.is_some();
        // Lesson mode: arrows turn pages, a click may answer the question.
        let lesson_click = match panel.lesson.as_mut() {
            Some(m) if !modal => lesson::input(m, &mut app, &canvas, over_ui, typing),
            _ => false,
        };
        if !modal && !world && !lesson_click {
            canvas.handle_mouse(&mut app, over_ui);
        }
        if let (Some(r), false) = (rec.as_mut(), typing || modal) {
            if world {
                r.keys(&mut app);
            } else {
                r.back_key();
            }
        }
        if let (Some(t), false) = (track.as_mut(), typing || modal) {
            t.keys(&mut app);
        }
        if !typing && !modal && !world {
            if chords.any() {
                chords.apply(&mut app, &mut panel, &mut out);
                nudge(&mut app, &canvas, chords.nudge);
            } else {
                let in_lesson = panel.lesson.is_some();
                keyboard(&mut app, &mut canvas, &mut out, in_lesson, &mut panel.prefs);
            }
        }
        if out.prefs_changed {
            if panel.prefs.presenter != canvas.presenter {
                // The views change size from the next frame on.
                resized_from = Some((canvas.world_vp, canvas.config_vp));
                canvas.presenter = panel.prefs.presenter;
            }
            prefs::apply(&panel.prefs);
            if let Err(e) = prefs::save(&panel.prefs) {
                app.error(e);
            }
        }
        canvas.scale = panel.prefs.view_scale();
        if panel.lesson.is_some() {
            // A lesson's scenes are no files: nothing to save when the window closes.
            app.dirty = false;
        }
        if let Some(note) = &fit_note {
            let shown = app.message.as_ref().is_some_and(|m| &m.text == note);
            if shown && get_time() - started >= FIT_NOTE_SECONDS {
                app.message = None;
            }
        }
        // After an idle wait the frame time is the whole wait: play on from here.
        let playback = repaint::play(&mut app, get_frame_time().min(0.1));
        if let Some(r) = rec.as_mut() {
            r.tick(get_frame_time().min(0.1));
        }
        let rec_layout = match (&rec, &track) {
            (Some(r), _) => r.layout_json(),
            (None, Some(t)) => t.layout_json(),
            (None, None) => "null".to_string(),
        };
        layout_hook.write(&app, &canvas, &marks, &panel.state_json(&app), &rec_layout);
        match rec.as_mut() {
            #[cfg(all(feature = "peers", not(target_arch = "wasm32")))]
            Some(r) if world => recording::draw_world(r, area, over_ui, &mut app),
            _ => {
                canvas.hidden_labels = panel
                    .lesson
                    .as_ref()
                    .map_or(Vec::new(), |m| m.hidden_labels());
                canvas.marks = panel
                    .lesson
                    .as_mut()
                    .map_or(Vec::new(), |m| lesson::answer_marks(m, &mut app));
                if let Some(m) = panel.lesson.as_ref() {
                    let click = lesson::click_marks(m, &app, canvas.scale);
                    canvas.marks.extend(click);
                }
                canvas.lit = panel.lesson.as_ref().and_then(|m| {
                    let part = m.page().question.as_ref().map(|q| q.lit_part());
                    m.tutor.lit().map(|l| (l, part.unwrap_or_default()))
                });
                canvas.draw(&mut app);
            }
        }
        egui_macroquad::draw();
        #[cfg(target_arch = "wasm32")]
        let page_busy = page.frame(&mut app, &mut panel, &canvas, &out, &marks);
        #[cfg(not(target_arch = "wasm32"))]
        let page_busy = false;

        if out.screenshot {
            shots += 1;
            screenshot(&opts.screenshot_dir, shots, &mut app);
        }
        if is_quit_requested() && panel.request(&mut app, Pending::Quit) {
            break;
        }
        if out.quit {
            break;
        }
        if opts.quit_after.is_some_and(|s| get_time() - started >= s) {
            break;
        }
        if app.dirty && !repaint.guarding {
            // From the first unsaved change on, closing the window asks first. The
            // close request runs no frame by itself: the slow tick answers it.
            prevent_quit();
            repaint.guarding = true;
            repaint.start_tick();
        }
        let egui_busy = egui_macroquad_requested_repaint();
        let rec_busy =
            rec.as_ref().is_some_and(|r| r.busy()) || track.as_ref().is_some_and(|t| t.busy());
        repaint.end_frame(
            playback || canvas.busy() || out.screenshot || egui_busy || page_busy || rec_busy,
        );
        stats.cpu_done();
        next_frame().await;
    }
    stats.write();
}

/// The first recording or world file dropped on the window this frame.
fn dropped_recording() -> Option<PathBuf> {
    macroquad::input::get_dropped_files()
        .into_iter()
        .filter_map(|f| f.path)
        .find(|p| sources::opens_as_world(p))
}

/// Whether egui asked for another frame right away (an animation, a hover change).
fn egui_macroquad_requested_repaint() -> bool {
    let mut asked = false;
    egui_macroquad::cfg(|ctx| asked = ctx.has_requested_repaint());
    asked
}

/// egui-macroquad scales an X11 wheel notch to 1/90 of a line; restore ~40 px per
/// notch. Hack (already egui's monospace font) backs up the proportional font for
/// glyphs Ubuntu-Light lacks, such as arrows. No panel text is under 12 px: egui's
/// small text (9) is raised to 12.
fn configure_egui(prefs: &collidescope::view::prefs::Preferences) {
    egui_macroquad::cfg(|ctx| {
        ctx.options_mut(|o| o.line_scroll_speed = 40.0 * 90.0);
        let mut fonts = egui::FontDefinitions::default();
        if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
            family.push("Hack".to_owned());
        }
        ctx.set_fonts(fonts);
        ctx.style_mut(|s| {
            s.text_styles.insert(
                egui::TextStyle::Small,
                egui::FontId::proportional(panel::MIN_PANEL_TEXT),
            );
            // A tooltip shows as soon as the pointer is over its widget: the window
            // repaints on input only, so a tooltip waiting for the pointer to rest
            // would wait for the next input.
            s.interaction.tooltip_delay = 0.0;
            s.interaction.show_tooltips_only_when_still = false;
        });
    });
    prefs::apply(prefs);
}

/// What one egui pass (the panel) leaves for the rest of the frame.
struct UiPass {
    out: panel::PanelOutput,
    /// egui wants the pointer: nothing starts on the canvas.
    over_ui: bool,
    /// A text field has the keyboard: no shortcuts.
    typing: bool,
    chords: Chords,
    /// The free rectangle left for the canvas, in pixels.
    area: Viewport,
    /// egui laid the panel out on the window's real size (not a placeholder).
    settled: bool,
    /// Where the widgets the scripted tests press are (JSON members).
    marks: String,
}

impl UiPass {
    /// Shows the panel and reads what egui knows about the pointer and keyboard.
    fn run(
        panel: &mut Panel,
        app: &mut AppState,
        mut rec: Option<&mut Rec>,
        mut track: Option<&mut TrackMode>,
    ) -> UiPass {
        let mut out = panel::PanelOutput::default();
        let mut over_ui = false;
        let mut typing = false;
        let mut chords = Chords::default();
        let mut area = Viewport {
            x: 0.0,
            y: 0.0,
            w: 1.0,
            h: 1.0,
        };
        let mut marks = String::new();
        let mut settled = false;
        egui_macroquad::ui(|ctx: &egui::Context| {
            #[cfg(target_arch = "wasm32")]
            {
                page::fix_density(ctx);
                page::touch_style(ctx);
            }
            // A text field that had the keyboard when the frame began keeps the frame's
            // keys, even if it lets go during the frame: at a low frame rate one frame
            // holds several keys, and "fps⏎" must not take a screenshot with its "p",
            // nor "12⏎" in a number field switch algorithms.
            let typing_before = ctx.wants_keyboard_input();
            drop_chord_letters(ctx);
            panel::forget_marks(ctx);
            // The recording's note for the panel's head first; its panel and a
            // timeline after the debugger's (under the views, over the status bar:
            // they take height, not the views' width); the views get the rest.
            match rec.as_deref() {
                Some(r) => r.put_note(ctx),
                // A world closed: its note goes with it.
                None => crate::gui::recording_note::WorldNote::clear(ctx),
            }
            let world = rec.as_deref_mut().map(|r| r as &mut dyn panel::WorldPanel);
            out = panel.show(ctx, app, world);
            if let Some(t) = track.as_deref_mut() {
                t.ui(ctx, app);
            }
            if let Some(r) = rec.as_deref_mut() {
                r.ui(ctx, app);
            }
            marks = panel::marks_json(ctx);
            // The page's clipboard, not only miniquad's (which a web page only hands
            // over on the user's own Ctrl+C).
            #[cfg(target_arch = "wasm32")]
            ctx.output_mut(|o| {
                o.commands.retain(|c| match c {
                    egui::OutputCommand::CopyText(text) => {
                        web::copy_text(text);
                        false
                    }
                    _ => true,
                })
            });
            let r = ctx.available_rect();
            let ppp = panel::canvas_px_per_point(ctx);
            // Within the window: egui's screen is a placeholder (10000 pixels) in the
            // first frames after a zoom change; no camera is fitted to such a frame.
            settled = ctx.screen_rect().width() * ppp <= screen_width() + 2.0;
            let (x, y) = (r.min.x * ppp, r.min.y * ppp);
            area = Viewport {
                x,
                y,
                w: (r.width() * ppp).min(screen_width() - x),
                h: (r.height() * ppp).min(screen_height() - y),
            };
            over_ui = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
            typing = typing_before || ctx.wants_keyboard_input();
            if !typing {
                chords = Chords::read(ctx);
            }
        });
        UiPass {
            out,
            over_ui,
            typing,
            chords,
            area,
            settled,
            marks,
        }
    }
}
