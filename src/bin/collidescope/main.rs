//! The `collidescope` binary: the command line and the debugger's window on the
//! desktop; on the web (wasm32, see web/) the window alone, on the scene of the URL.

#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod export_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod fuzz_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod fuzz_shrink;
#[cfg(feature = "gui")]
mod gui;
#[cfg(not(target_arch = "wasm32"))]
mod lesson_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod page_link;
#[cfg(not(target_arch = "wasm32"))]
mod profile_cmd;
#[cfg(all(feature = "peers", not(target_arch = "wasm32")))]
mod replay_child;
#[cfg(all(feature = "peers", not(target_arch = "wasm32")))]
mod replay_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod report_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod shrink_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod sweep_cmd;
#[cfg(all(feature = "peers", not(target_arch = "wasm32")))]
mod track_cmd;

#[cfg(all(target_arch = "wasm32", not(feature = "gui")))]
compile_error!("the web build is the window: build it with the \"gui\" feature (web/build.sh)");

#[cfg(not(target_arch = "wasm32"))]
use clap::Parser as _;
#[cfg(not(target_arch = "wasm32"))]
use cli::{Cli, Command};
#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

/// The web page: no arguments and no files; the scene comes from the URL (see
/// `gui::web`).
#[cfg(target_arch = "wasm32")]
fn main() {
    gui::run_web();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    // Standard streams checked, temporaries removed on SIGINT/SIGTERM, panics one line.
    collidescope::scene::fs::prepare_process();
    one_line_panics();
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(e) = args::mistyped_command(&argv) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let args = match Cli::try_parse_from(&argv) {
        Ok(a) => a,
        Err(e) => return args::clap_exit(e),
    };
    let args = match args::with_built_in_recordings(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(mb) = args.max_input_mb {
        collidescope::scene::fs::set_input_limit(mb << 20);
    }
    match args.command {
        Some(Command::Report {
            scene,
            pair,
            pairs_near,
            trace,
            peers,
            link,
        }) => finish(
            report_cmd::run_report(
                &scene,
                pair.as_deref(),
                pairs_near,
                trace,
                peers,
                link.as_deref(),
            )
            .map(|()| String::new()),
        ),
        Some(Command::Import { file, out, title }) => finish(
            cli::run_import(&file, out.as_ref(), title.as_deref()).map(Option::unwrap_or_default),
        ),
        Some(Command::Export(export)) if export.lesson.is_some() => finish(
            lesson_cmd::run_handout(
                export.lesson.as_deref().unwrap_or_default(),
                export.out.as_ref(),
            )
            .map(|paths| {
                paths
                    .iter()
                    .map(|p| format!("wrote {}\n", p.display()))
                    .collect()
            }),
        ),
        Some(Command::Lesson(command)) => finish(lesson_cmd::run_lesson(&command)),
        Some(Command::Export(export)) if export.language.is_some() => {
            let language = export.language.clone().unwrap_or_default();
            finish(export_cmd::run_repro(&export, &language).map(Option::unwrap_or_default))
        }
        Some(Command::Export(export)) => finish(export_cmd::run_export(&export).map(|paths| {
            paths
                .iter()
                .map(|p| format!("wrote {}\n", p.display()))
                .collect()
        })),
        Some(Command::Hull {
            points,
            slop,
            trace,
        }) => finish(cli::run_hull(&points, slop, trace).map(|t| t + "\n")),
        Some(Command::Sweep(args)) => finish(sweep_cmd::run_sweep(&args)),
        Some(Command::Shrink(args)) => finish(shrink_cmd::run_shrink(&args)),
        Some(Command::Fuzz(fuzz)) => {
            let run = fuzz_cmd::run_fuzz(&fuzz).and_then(|(clean, text)| {
                collidescope::scene::fs::write_stdout(text.as_bytes()).map(|()| clean)
            });
            match run {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::from(1),
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        // Recordings need Box2D's world (the peers feature).
        #[cfg(feature = "peers")]
        Some(Command::Record(record)) => finish(replay_cmd::run_record(&record)),
        #[cfg(feature = "peers")]
        // Its lines are written as they come; a closed stdout (`| head`) ends it quietly.
        Some(Command::Replay(replay)) => match replay_cmd::run_replay(&replay) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => finish(Err(e)),
        },
        None => open_window(&args),
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// A command's text on stdout and success, or its error on stderr and failure (a
/// standard output that cannot take the text is an error too).
fn finish(result: Result<String, String>) -> ExitCode {
    let written = result.and_then(|text| {
        if text.is_empty() {
            Ok(())
        } else {
            collidescope::scene::fs::write_stdout(text.as_bytes())
        }
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A panic (a bug, or a library that gave up) is one line on stderr, not a backtrace:
/// `RUST_BACKTRACE=1` still shows one. The process then ends with a failure status.
#[cfg(not(target_arch = "wasm32"))]
fn one_line_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            return default(info);
        }
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an internal error".into());
        let at = info
            .location()
            .map_or(String::new(), |l| format!(" ({}:{})", l.file(), l.line()));
        eprintln!(
            "error: collidescope stopped: {}{at}",
            collidescope::scene::user_text::shown(&message)
        );
    }));
}

/// Why the window cannot open here, before trying: no display to open it on.
#[cfg(all(feature = "gui", not(target_arch = "wasm32")))]
fn no_display() -> Option<&'static str> {
    let set = |v: &str| std::env::var_os(v).is_some_and(|d| !d.is_empty());
    let needs_display = cfg!(all(unix, not(target_os = "macos")));
    (needs_display && !set("DISPLAY") && !set("WAYLAND_DISPLAY")).then_some("no DISPLAY is set")
}

/// The one line said when the window cannot open.
#[cfg(all(feature = "gui", not(target_arch = "wasm32")))]
const HEADLESS_WAY: &str = "the window needs X11 and OpenGL; without a display use \
     `collidescope report SCENE` (JSON) or `collidescope export SCENE --out FILE.png` (pictures)";

/// No subcommand: the debugger's window on the scene given (or the built-in one).
#[cfg(all(feature = "gui", not(target_arch = "wasm32")))]
fn open_window(args: &Cli) -> ExitCode {
    if let Some(why) = no_display() {
        eprintln!("error: {HEADLESS_WAY} ({why})");
        return ExitCode::from(2);
    }
    let default_scene = match cli::load_or_default(None) {
        Ok((s, _)) => s,
        Err(e) => {
            eprintln!("error: the built-in scene does not load: {e}");
            return ExitCode::FAILURE;
        }
    };
    // A Box2D recording (or a world file, run live) opens in the world view, over the
    // built-in scene.
    let recording = args
        .scene
        .clone()
        .filter(|p| gui::sources::opens_as_world(p));
    // A pair track (any engine's pair over time) opens at its first frame with its
    // timeline: a `.ron` file that is not a scene but reads as a track.
    let track = args
        .scene
        .clone()
        .filter(|p| recording.is_none() && cli::load_or_default(Some(p)).is_err())
        .filter(|p| collidescope::scene::track::load_track(p).is_ok());
    // A scene that fails to load opens the built-in scene with the error shown.
    let file = args
        .scene
        .as_ref()
        .filter(|_| recording.is_none() && track.is_none());
    let (scene, path, startup_error) = match file {
        Some(p) => match cli::load_or_default(Some(p)) {
            Ok((s, _)) => (s, Some(p.clone()), None),
            Err(e) => {
                eprintln!("error: {e}");
                (default_scene.clone(), None, Some(e))
            }
        },
        None => (default_scene.clone(), None, None),
    };
    let (width, height) = args.window;
    let options = gui::GuiOptions {
        scene,
        path,
        startup_error,
        default_scene,
        quit_after: args.quit_after,
        screenshot_dir: args.screenshot_dir.clone(),
        width,
        height,
        msaa: args.msaa,
        frame_stats: args.frame_stats.clone(),
        recording,
        track,
        lesson: args
            .lesson
            .clone()
            .map(|id| (id, args.page.unwrap_or(1).max(1) - 1)),
    };
    // The windowing library panics when it cannot reach the display (XOpenDisplay
    // failed, no OpenGL): that is said in one line with the headless way named; any
    // other panic in one line of its own.
    static STOPPED: std::sync::Mutex<Option<(String, String)>> = std::sync::Mutex::new(None);
    let one_line = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info
            .location()
            .map_or(String::new(), |l| format!(" ({}:{})", l.file(), l.line()));
        if let Ok(mut s) = STOPPED.lock() {
            s.get_or_insert((message.trim().to_string(), at));
        }
    }));
    let opened = std::panic::catch_unwind(move || gui::run(options));
    std::panic::set_hook(one_line);
    if opened.is_ok() {
        return ExitCode::SUCCESS;
    }
    let (why, at) = STOPPED
        .lock()
        .ok()
        .and_then(|mut s| s.take())
        .unwrap_or_default();
    let shown = collidescope::scene::user_text::shown(&why);
    let lower = why.to_lowercase();
    if ["display", "x11", "opengl", "glx", "egl", "wayland"]
        .iter()
        .any(|w| lower.contains(w))
    {
        eprintln!("error: {HEADLESS_WAY} ({shown})");
    } else {
        eprintln!("error: collidescope stopped: {shown}{at}");
    }
    ExitCode::from(2)
}

/// Built without the `gui` feature: only the headless commands exist.
#[cfg(all(not(feature = "gui"), not(target_arch = "wasm32")))]
fn open_window(_args: &Cli) -> ExitCode {
    eprintln!(
        "error: this collidescope was built without the window (cargo feature \"gui\"); \
         use a subcommand (report, export, import, fuzz) or rebuild with default features"
    );
    ExitCode::from(2)
}
