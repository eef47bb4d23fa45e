//! The command line: `collidescope [SCENE]`, `collidescope report SCENE`.

use clap::{Parser, Subcommand};
use collidescope::report::scene_report;
use collidescope::scene::{load_scene, parse_scene, Scene};
use std::path::PathBuf;

/// The built-in default scene, compiled into the binary so it works from any folder.
pub const DEFAULT_SCENE: &str = include_str!("../assets/default.ron");
pub const DEFAULT_SCENE_LABEL: &str = "<built-in default scene>";

#[derive(Parser, Debug)]
#[command(
    name = "collidescope",
    version,
    about = "A visual debugger and sandbox for 2D narrow-phase collision algorithms",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Scene file to open (default: the built-in scene).
    pub scene: Option<PathBuf>,
    /// Quit after this many seconds (for scripted tests).
    #[arg(long, value_name = "SECONDS")]
    pub quit_after: Option<f64>,
    /// Folder for screenshots (the P key).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub screenshot_dir: PathBuf,
    /// Window size, as WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", default_value = "1280x800", value_parser = parse_size)]
    pub window: (i32, i32),
    /// Multisampling (1 = off; software GL is much faster without it).
    #[arg(long, default_value_t = 4)]
    pub msaa: i32,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print a JSON report of every pair of shapes in a scene.
    Report {
        /// The scene file (RON).
        scene: PathBuf,
        /// Only this pair, as `A,B` (shape names).
        #[arg(long, value_name = "A,B")]
        pair: Option<String>,
        /// Include every recorded algorithm step.
        #[arg(long)]
        trace: bool,
    },
    /// Turn a failing pair pasted from an engine (plain text or JSON: the points,
    /// radius, position and angle of two shapes) into a scene file.
    Import {
        /// The text or JSON file (`-` reads standard input).
        file: PathBuf,
        /// Where to write the scene (default: print it).
        #[arg(long, value_name = "SCENE.ron")]
        out: Option<PathBuf>,
        /// The scene's title (default: "Imported from FILE").
        #[arg(long)]
        title: Option<String>,
    },
}

/// `collidescope import`: reads the pair, returns the scene text or writes the file.
pub fn run_import(
    file: &PathBuf,
    out: Option<&PathBuf>,
    title: Option<&str>,
) -> Result<Option<String>, String> {
    use std::io::Read;
    let label = file.display().to_string();
    let text = if label == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{label}: {e}"))?
    };
    let title = title
        .map(str::to_string)
        .unwrap_or_else(|| format!("Imported from {label}"));
    let scene = collidescope::import::import(&text, &title).map_err(|e| format!("{label}: {e}"))?;
    match out {
        Some(path) => {
            collidescope::scene::save_scene(&scene, path).map_err(|e| e.to_string())?;
            Ok(None)
        }
        None => Ok(Some(collidescope::scene::scene_to_string(&scene))),
    }
}

fn parse_size(s: &str) -> Result<(i32, i32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("{s:?}: expected WIDTHxHEIGHT, e.g. 1280x800"))?;
    let w: i32 = w.trim().parse().map_err(|_| format!("{s:?}: bad width"))?;
    let h: i32 = h.trim().parse().map_err(|_| format!("{s:?}: bad height"))?;
    if !(320..=8192).contains(&w) || !(240..=8192).contains(&h) {
        return Err(format!("{s:?}: the size must be from 320x240 to 8192x8192"));
    }
    Ok((w, h))
}

/// Loads the named scene, or the built-in default.
pub fn load_or_default(path: Option<&PathBuf>) -> Result<(Scene, String), String> {
    match path {
        Some(p) => load_scene(p)
            .map(|s| (s, p.display().to_string()))
            .map_err(|e| e.to_string()),
        None => parse_scene(DEFAULT_SCENE, DEFAULT_SCENE_LABEL)
            .map(|s| (s, DEFAULT_SCENE_LABEL.to_string()))
            .map_err(|e| e.to_string()),
    }
}

/// `collidescope report`: prints the JSON, or returns the error for stderr.
pub fn run_report(scene_path: &PathBuf, pair: Option<&str>, trace: bool) -> Result<String, String> {
    let (scene, label) = load_or_default(Some(scene_path))?;
    let pair = match pair {
        Some(p) => {
            let mut it = p.split(',').map(str::trim);
            match (it.next(), it.next(), it.next()) {
                (Some(a), Some(b), None) if !a.is_empty() && !b.is_empty() => Some((a, b)),
                _ => return Err(format!("--pair {p:?}: expected two shape names as A,B")),
            }
        }
        None => None,
    };
    let report = scene_report(&scene, &label, pair, trace)?;
    serde_json::to_string_pretty(&report).map_err(|e| format!("cannot write JSON: {e}"))
}
