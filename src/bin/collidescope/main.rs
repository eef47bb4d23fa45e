//! The `collidescope` binary: the command line and the debugger's window on the
//! desktop; on the web (wasm32, see web/) the window alone, on the scene of the URL.

#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod fuzz_cmd;
#[cfg(feature = "gui")]
mod gui;
#[cfg(not(target_arch = "wasm32"))]
mod shrink_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod sweep_cmd;

#[cfg(all(target_arch = "wasm32", not(feature = "gui")))]
compile_error!("the web build is the window: build it with the \"gui\" feature (web/build.sh)");

#[cfg(not(target_arch = "wasm32"))]
use clap::Parser;
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
    let args = Cli::parse();
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
        }) => finish(
            cli::run_report(&scene, pair.as_deref(), pairs_near, trace, peers)
                .map(|()| String::new()),
        ),
        Some(Command::Import { file, out, title }) => finish(
            cli::run_import(&file, out.as_ref(), title.as_deref()).map(Option::unwrap_or_default),
        ),
        Some(Command::Export(export)) if export.language.is_some() => {
            let language = export.language.clone().unwrap_or_default();
            finish(cli::run_repro(&export, &language).map(Option::unwrap_or_default))
        }
        Some(Command::Export(export)) => finish(cli::run_export(&export).map(|paths| {
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
        Some(Command::Fuzz(fuzz)) => match fuzz_cmd::run_fuzz(&fuzz) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        None => open_window(&args),
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// A command's text on stdout and success, or its error on stderr and failure.
fn finish(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// No subcommand: the debugger's window on the scene given (or the built-in one).
#[cfg(all(feature = "gui", not(target_arch = "wasm32")))]
fn open_window(args: &Cli) -> ExitCode {
    let default_scene = match cli::load_or_default(None) {
        Ok((s, _)) => s,
        Err(e) => {
            eprintln!("error: the built-in scene does not load: {e}");
            return ExitCode::FAILURE;
        }
    };
    // A scene that fails to load opens the built-in scene with the error shown.
    let (scene, path, startup_error) = match &args.scene {
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
    gui::run(gui::GuiOptions {
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
    });
    ExitCode::SUCCESS
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
