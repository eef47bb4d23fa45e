//! The desktop debugger: macroquad draws, egui-macroquad is the panel. All state
//! lives in [`AppState`] (the library); this module only wires input and drawing.

mod canvas;
mod chain_handles;
mod painter;
mod panel;
mod ray_handles;
mod shape_handles;

use canvas::{Canvas, BACKGROUND};
use collidescope::app::{AppState, Message};
use collidescope::scene::Scene;
use collidescope::view::camera::Viewport;
use egui_macroquad::egui;
use macroquad::prelude::{
    clear_background, get_frame_time, get_screen_data, get_time, is_key_down, is_key_pressed,
    is_quit_requested, next_frame, prevent_quit, KeyCode,
};
use panel::{Panel, Pending};
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
}

/// Opens the window and runs until the user quits.
pub fn run(opts: GuiOptions) {
    let conf = macroquad::window::Conf {
        window_title: "Collidescope".to_string(),
        window_width: opts.width,
        window_height: opts.height,
        high_dpi: false,
        sample_count: opts.msaa,
        window_resizable: true,
        ..Default::default()
    };
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
}

impl Chords {
    fn read(ctx: &egui::Context) -> Chords {
        use egui::{Key, Modifiers};
        ctx.input_mut(|i| {
            // Shift+Z before Z: the plain pattern would also match with Shift held.
            let redo = i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z)
                | i.consume_key(Modifiers::COMMAND, Key::Y);
            Chords {
                redo,
                undo: i.consume_key(Modifiers::COMMAND, Key::Z),
                save: i.consume_key(Modifiers::COMMAND, Key::S),
                quit: i.consume_key(Modifiers::COMMAND, Key::Q),
            }
        })
    }

    fn any(&self) -> bool {
        self.undo || self.redo || self.save || self.quit
    }

    fn apply(&self, app: &mut AppState, panel: &mut Panel, out: &mut panel::PanelOutput) {
        if self.redo {
            app.redo();
        } else if self.undo {
            app.undo();
        }
        if self.save {
            let _ = app.save();
        }
        if self.quit && panel.request(app, Pending::Quit) {
            out.quit = true;
        }
    }
}

fn ctrl() -> bool {
    is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl)
}

async fn main_loop(opts: GuiOptions) {
    prevent_quit();
    let mut app = AppState::new(opts.scene, opts.path);
    if let Some(e) = opts.startup_error {
        app.message = Some(Message {
            text: e,
            is_error: true,
        });
    }
    configure_egui();
    let mut canvas = Canvas::new();
    let mut panel = Panel::new(panel::scenes_dir(), opts.default_scene);
    let mut shots = 0u32;
    let started = get_time();
    let mut layout_hook = LayoutHook::from_env();
    loop {
        clear_background(BACKGROUND);
        let UiPass {
            mut out,
            over_ui,
            typing,
            chords,
            area,
        } = UiPass::run(&mut panel, &mut app);
        canvas.layout(area, app.split);
        canvas.ensure_fitted(&mut app);
        if out.fit {
            canvas.fit(&mut app, true);
        }
        // A dialog is open: the canvas takes no input.
        let modal = panel.pending.is_some();
        if !modal {
            canvas.handle_mouse(&mut app, over_ui);
        }
        if !typing && !modal {
            if chords.any() {
                chords.apply(&mut app, &mut panel, &mut out);
            } else {
                keyboard(&mut app, &mut canvas, &mut out);
            }
        }
        app.tick(get_frame_time());
        layout_hook.write(&app, &canvas);
        canvas.draw(&mut app);
        egui_macroquad::draw();

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
        next_frame().await;
    }
}

/// egui-macroquad scales an X11 wheel notch to 1/90 of a line; restore ~40 px per
/// notch. Hack (already egui's monospace font) backs up the proportional font for
/// glyphs Ubuntu-Light lacks, such as arrows.
fn configure_egui() {
    egui_macroquad::cfg(|ctx| {
        ctx.options_mut(|o| o.line_scroll_speed = 40.0 * 90.0);
        let mut fonts = egui::FontDefinitions::default();
        if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
            family.push("Hack".to_owned());
        }
        ctx.set_fonts(fonts);
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
        egui_macroquad::ui(|ctx: &egui::Context| {
            out = panel.show(ctx, app);
            let r = ctx.available_rect();
            let ppp = ctx.pixels_per_point();
            area = Viewport {
                x: r.min.x * ppp,
                y: r.min.y * ppp,
                w: r.width() * ppp,
                h: r.height() * ppp,
            };
            over_ui = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
            typing = ctx.wants_keyboard_input();
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

    fn write(&mut self, app: &AppState, canvas: &Canvas) {
        if let Some(path) = &self.path {
            let text = layout_json(app, canvas);
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
fn screenshot(dir: &Path, n: u32, app: &mut AppState) {
    let _ = std::fs::create_dir_all(dir);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let path = dir.join(format!("collidescope-{stamp}-{n}.png"));
    get_screen_data().export_png(&path.to_string_lossy());
    app.message = Some(Message {
        text: format!("Screenshot written to {}", path.display()),
        is_error: false,
    });
}

/// Screen positions of the views and of every shape's origin, as JSON.
fn layout_json(app: &AppState, canvas: &Canvas) -> String {
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
        "{{\"world_vp\": {}, \"config_vp\": {}, \"algorithm\": \"{}\", \"step\": {}, \"dirty\": {}, \"shapes\": {{{}}}}}",
        vp(&canvas.world_vp),
        vp(&canvas.config_vp),
        app.algorithm.name(),
        app.step,
        app.dirty,
        shapes.join(", ")
    )
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
    let digits = [
        KeyCode::Key1,
        KeyCode::Key2,
        KeyCode::Key3,
        KeyCode::Key4,
        KeyCode::Key5,
        KeyCode::Key6,
        KeyCode::Key7,
        KeyCode::Key8,
        KeyCode::Key9,
        KeyCode::Key0,
    ];
    for (key, algo) in digits.iter().zip(panel::AVAILABLE) {
        if is_key_pressed(*key) {
            app.set_algorithm(algo);
        }
    }
    if is_key_pressed(KeyCode::R) {
        app.set_algorithm(collidescope::trace::analysis::Algorithm::Ray);
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
