//! The debugger's window, on the desktop and in a web page (wasm32): macroquad draws,
//! egui-macroquad is the panel. All state lives in [`AppState`] (the library); this
//! module only wires input and drawing. What differs on the web (no files, the scene
//! in the URL) is in `web` and `page`.

mod canvas;
mod chain_handles;
mod frame_stats;
#[cfg(target_arch = "wasm32")]
mod page;
mod painter;
mod panel;
mod prefs;
mod ray_handles;
mod repaint;
mod shape_handles;
#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
mod wake;
#[cfg(target_arch = "wasm32")]
mod web;

use canvas::{background, Canvas};
use collidescope::app::{AppState, Message};
use collidescope::scene::Scene;
use collidescope::view::camera::Viewport;
use egui_macroquad::egui;
use macroquad::prelude::{
    clear_background, get_frame_time, get_time, is_key_down, is_key_pressed, is_quit_requested,
    next_frame, prevent_quit, screen_height, screen_width, KeyCode,
};
use panel::{Panel, Pending};
use repaint::Repaint;
use std::path::{Path, PathBuf};

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
}

/// The window's title (also how the idle tick finds the window to wake: `wake.rs`).
const WINDOW_TITLE: &str = "Collidescope";

/// The web page's window: the scene of the URL hash, else the built-in scene.
#[cfg(target_arch = "wasm32")]
pub fn run_web() {
    use collidescope::scene::{parse_scene, DEFAULT_SCENE};
    let (default_scene, default_error) = match parse_scene(DEFAULT_SCENE, "the built-in scene") {
        Ok(s) => (s, None),
        Err(e) => (Scene::default(), Some(e.to_string())),
    };
    let (scene, startup_error) = match web::scene_from_hash() {
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
    });
}

/// Opens the window and runs until the user quits.
pub fn run(opts: GuiOptions) {
    let window = macroquad::window::Conf {
        window_title: WINDOW_TITLE.to_string(),
        window_width: opts.width,
        window_height: opts.height,
        high_dpi: false,
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
    macroquad::Window::from_config(conf, main_loop(opts));
}

/// Ctrl shortcuts of one frame. Read from egui's key events, which carry the
/// modifiers held when each key went down: a fast chord can press and release Ctrl
/// within one frame, where polling "is Ctrl down now" would miss it.
#[derive(Default)]
struct Chords {
    undo: bool,
    redo: bool,
    save: bool,
    quit: bool,
    /// Alt+arrows: move the selection by this many pixels (Shift: 1 px a press, else 10).
    nudge: glam::Vec2,
}

impl Chords {
    fn read(ctx: &egui::Context) -> Chords {
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

    fn any(&self) -> bool {
        self.undo || self.redo || self.save || self.quit || self.nudge != glam::Vec2::ZERO
    }

    fn apply(&self, app: &mut AppState, panel: &mut Panel, out: &mut panel::PanelOutput) {
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

fn ctrl() -> bool {
    is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl)
}

async fn main_loop(opts: GuiOptions) {
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
    let mut shots = 0u32;
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
    loop {
        stats.begin();
        clear_background(background(app.theme));
        let UiPass {
            mut out,
            over_ui,
            typing,
            chords,
            area,
            settled,
            marks,
        } = UiPass::run(&mut panel, &mut app);
        canvas.layout(area, app.split);
        canvas.show_engines = panel.engines_shown;
        canvas.scale = panel.prefs.view_scale();
        if out.prefs_changed {
            apply_prefs(&panel.prefs);
            if let Err(e) = prefs::save(&panel.prefs) {
                app.error(e);
            }
        }
        if settled {
            canvas.ensure_fitted(&mut app);
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
        if !modal {
            canvas.handle_mouse(&mut app, over_ui);
        }
        if !typing && !modal {
            if chords.any() {
                chords.apply(&mut app, &mut panel, &mut out);
                nudge(&mut app, &canvas, chords.nudge);
            } else {
                keyboard(&mut app, &mut canvas, &mut out);
            }
        }
        // After an idle wait the frame time is the whole wait: play on from here.
        app.tick(get_frame_time().min(0.1));
        layout_hook.write(&app, &canvas, &marks, &panel.state_json());
        canvas.draw(&mut app);
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
        repaint.end_frame(app.playing || canvas.busy() || out.screenshot || egui_busy || page_busy);
        stats.cpu_done();
        next_frame().await;
    }
    stats.write();
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
    apply_prefs(prefs);
}

/// The preferences' look: the panel's theme and zoom.
fn apply_prefs(prefs: &collidescope::view::prefs::Preferences) {
    egui_macroquad::cfg(|ctx| {
        panel::set_visuals(ctx, prefs.theme);
        ctx.set_zoom_factor(prefs.panel_zoom());
    });
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
    fn run(panel: &mut Panel, app: &mut AppState) -> UiPass {
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
            // A text field that had the keyboard when the frame began keeps the frame's
            // keys, even if it lets go during the frame: at a low frame rate one frame
            // holds several keys, and "fps⏎" must not take a screenshot with its "p",
            // nor "12⏎" in a number field switch algorithms.
            let typing_before = ctx.wants_keyboard_input();
            drop_chord_letters(ctx);
            panel::forget_marks(ctx);
            out = panel.show(ctx, app);
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
            let ppp = ctx.pixels_per_point();
            // Within the window: egui's screen is a placeholder (10000 pixels) in the
            // first frames after a zoom change; no camera is fitted to such a frame.
            settled = (ctx.screen_rect().width() * ppp - screen_width()).abs() < 2.0;
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

/// Test hook: where things are on screen, for scripted input (see .ci/gui_test.sh).
/// Written to `COLLIDESCOPE_LAYOUT_FILE` when it changes.
struct LayoutHook {
    path: Option<PathBuf>,
    last: String,
}

impl LayoutHook {
    fn from_env() -> LayoutHook {
        LayoutHook {
            path: std::env::var_os("COLLIDESCOPE_LAYOUT_FILE").map(PathBuf::from),
            last: String::new(),
        }
    }

    fn write(&mut self, app: &AppState, canvas: &Canvas, marks: &str, panel: &str) {
        if let Some(path) = &self.path {
            let text = layout_json(app, canvas, marks, panel);
            if text != self.last {
                // Written whole then renamed, so a reader never sees half a file.
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

/// Writes the window as `collidescope-<unix time>-<n>.png` into `dir` and says so.
#[cfg(not(target_arch = "wasm32"))]
fn screenshot(dir: &Path, n: u32, app: &mut AppState) {
    use macroquad::prelude::get_screen_data;
    let _ = std::fs::create_dir_all(dir);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let path = dir.join(format!("collidescope-{stamp}-{n}.png"));
    let mut image = get_screen_data();
    opaque(&mut image.bytes);
    image.export_png(&path.to_string_lossy());
    app.message = Some(Message {
        text: format!("Screenshot written to {}", path.display()),
        is_error: false,
    });
}

/// Sets every pixel's alpha to 255: the frame buffer keeps the blending's alpha, and
/// a screenshot with it looks washed out on a white slide.
#[cfg(not(target_arch = "wasm32"))]
fn opaque(rgba: &mut [u8]) {
    for px in rgba.chunks_exact_mut(4) {
        px[3] = 255;
    }
}

/// Ctrl+V's own "v" that also arrived as typed text: miniquad can send the character
/// before the key that updates egui's modifiers, so the paste would read "v" + the
/// clipboard. Drops a one-letter "v" next to the pasted text, in a frame where V was
/// pressed with Ctrl (or Cmd) held.
#[cfg(not(target_arch = "wasm32"))]
fn drop_chord_letters(ctx: &egui::Context) {
    let held = [
        KeyCode::LeftControl,
        KeyCode::RightControl,
        KeyCode::LeftSuper,
        KeyCode::RightSuper,
    ];
    if !is_key_pressed(KeyCode::V) || !held.iter().any(|k| is_key_down(*k)) {
        return;
    }
    let Some(clip) = macroquad::miniquad::window::clipboard_get() else {
        return;
    };
    ctx.input_mut(|i| {
        let is_v = |e: &egui::Event| matches!(e, egui::Event::Text(t) if t == "v" || t == "V");
        let is_paste = |e: &egui::Event| matches!(e, egui::Event::Text(t) if *t == clip);
        let n = i.events.len();
        let stray = (0..n).find(|&k| {
            is_v(&i.events[k])
                && ((k + 1 < n && is_paste(&i.events[k + 1]))
                    || (k > 0 && is_paste(&i.events[k - 1])))
        });
        if let Some(k) = stray {
            i.events.remove(k);
        }
    });
}

#[cfg(target_arch = "wasm32")]
fn drop_chord_letters(_ctx: &egui::Context) {}

/// The window as a PNG download, `collidescope-<n>.png` (the web page).
#[cfg(target_arch = "wasm32")]
fn screenshot(_dir: &Path, n: u32, app: &mut AppState) {
    page::download_screen(&format!("collidescope-{n}.png"), app);
}

/// Screen positions of the views, of every shape's origin and of the panel's marked
/// widgets (`marks`, see `panel::widgets::MARKED`), as JSON.
fn layout_json(app: &AppState, canvas: &Canvas, marks: &str, panel: &str) -> String {
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
        "{{\"world_vp\": {}, \"config_vp\": {}, \"algorithm\": \"{}\", \"step\": {}, \"dirty\": {}, \"config_zoom\": {}, \"message\": {}, \"file\": {}, \"shapes\": {{{}}}, \"widgets\": {{{marks}}}, {panel}}}",
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

/// Alt+arrows move the selected shape by `px` pixels of the world view (read from
/// egui's key events with their modifiers, like the Ctrl chords), one undo step each.
fn nudge(app: &mut AppState, canvas: &Canvas, px: glam::Vec2) {
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
fn zoom_to_action(app: &mut AppState, canvas: &mut Canvas) {
    if !canvas.zoom_to_action(app) {
        app.message = Some(Message {
            text: "this step marks no point to zoom to".into(),
            is_error: false,
        });
    }
}

fn keyboard(app: &mut AppState, canvas: &mut Canvas, out: &mut panel::PanelOutput) {
    if ctrl() {
        // Chords are read from egui's events (see `Chords`); plain keys wait.
        return;
    }
    if is_key_pressed(KeyCode::Right) {
        app.step_next();
    }
    if is_key_pressed(KeyCode::Left) {
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
        if key_of(info.key).is_some_and(is_key_pressed) {
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
fn key_of(c: char) -> Option<KeyCode> {
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
