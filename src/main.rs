mod cli;

use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Cli::parse();
    match args.command {
        Some(Command::Report { scene, pair, trace }) => {
            match cli::run_report(&scene, pair.as_deref(), trace) {
                Ok(json) => {
                    println!("{json}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        None => {
            // Until the window exists: the report of the scene (default: built-in).
            let (scene, label) = match cli::load_or_default(args.scene.as_ref()) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match collidescope::report::scene_report(&scene, &label, None, false) {
                Ok(r) => {
                    println!("{}", serde_json::to_string_pretty(&r).unwrap_or_default());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
