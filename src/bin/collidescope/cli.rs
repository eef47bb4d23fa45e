//! The command line: `collidescope [SCENE]`, `collidescope report SCENE`,
//! `collidescope import FILE`, `collidescope export SCENE`, `collidescope fuzz`.

use clap::{Parser, Subcommand};
use collidescope::scene::{load_scene, parse_scene, Scene};
use std::path::PathBuf;

/// The built-in default scene, compiled into the binary so it works from any folder.
pub const DEFAULT_SCENE: &str = collidescope::scene::DEFAULT_SCENE;
pub const DEFAULT_SCENE_LABEL: &str = "<built-in default scene>";

#[derive(Parser, Debug)]
#[command(
    name = "collidescope",
    version,
    about = "A visual debugger and sandbox for 2D narrow-phase collision algorithms",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Scene file to open (default: the built-in scene); a Box2D recording (`.b2rec`)
    /// opens in its world view, a pair track (`.ron`) at its first frame with its timeline.
    pub scene: Option<PathBuf>,
    /// Quit after this many seconds (for scripted tests).
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true, value_parser = crate::args::seconds)]
    pub quit_after: Option<f64>,
    /// Folder for screenshots (the P key).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub screenshot_dir: PathBuf,
    /// Window size, as WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", default_value = "1280x800", value_parser = parse_size)]
    pub window: (i32, i32),
    /// Write each frame's times (its CPU part and the whole frame, ms) to FILE when
    /// the window closes, with a summary; frames after an idle wait are not timed.
    #[arg(long, value_name = "FILE")]
    pub frame_stats: Option<PathBuf>,
    /// Multisampling: 1 (off; software GL is much faster without it), 2, 4, 8 or 16.
    #[arg(long, default_value_t = 4, allow_hyphen_values = true, value_parser = crate::args::msaa)]
    pub msaa: i32,
    /// Largest input read as text (a scene, an import), in MiB; larger input is
    /// refused with a message (default 64).
    #[arg(long, global = true, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub max_input_mb: Option<u64>,
    /// Open the window on a lesson of the library (e.g. gjk; `collidescope lesson
    /// list` lists them), at --page N (from 1; default: where you left it).
    #[arg(long, value_name = "NAME")]
    pub lesson: Option<String>,
    #[arg(long, value_name = "N", requires = "lesson")]
    pub page: Option<usize>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print a JSON report of every pair of shapes in a scene, written pair by pair
    /// (flat memory for any scene; progress on stderr for long runs).
    Report {
        /// The scene file (RON; `-` reads standard input).
        scene: PathBuf,
        /// Only this pair, as `A,B` (shape names).
        #[arg(long, value_name = "A,B", conflicts_with = "pairs_near")]
        pair: Option<String>,
        /// Only the pairs whose bounding circles (grown by their motion) are at most
        /// D apart: a broad phase for big scenes.
        #[arg(long, value_name = "D", allow_hyphen_values = true, value_parser = crate::args::distance)]
        pairs_near: Option<f32>,
        /// Include every recorded algorithm step.
        #[arg(long)]
        trace: bool,
        /// Add each engine's answer on the same pair (Box2D v3, parry2d) under "peers".
        #[arg(long)]
        peers: bool,
        /// Add each pair's web page link under "link": BASE_URL (the page's address)
        /// with the scene in the hash, opened on that pair.
        #[arg(long, value_name = "BASE_URL")]
        link: Option<String>,
    },
    /// Turn a failing pair pasted from an engine (plain text or JSON: the points,
    /// radius, position and angle of two shapes) into a scene file.
    Import {
        /// The text or JSON file (`-` reads standard input).
        file: PathBuf,
        /// Where to write the scene (default, or `-`: standard output).
        #[arg(long, value_name = "SCENE.ron")]
        out: Option<PathBuf>,
        /// The scene's title (default: "Imported from FILE").
        #[arg(long)]
        title: Option<String>,
    },
    /// Write the picture of an algorithm step as SVG or PNG, without a window.
    ///
    /// The picture is what the debugger shows for that step: the world and
    /// configuration-space views with their grids, the same layers and colours (the
    /// scene's hidden layers stay hidden, its view cameras are used when they have a
    /// zoom, else both views are fitted), a title line and a legend. SVG is vector, one
    /// <g id="layer-..."> per layer; PNG is rendered in software. With --peers the
    /// engines' answers (Box2D v3, parry2d) are drawn over ours, as the debugger does.
    Export(Box<ExportArgs>),
    /// Lessons: guided tours that ask the learner to predict each step (`lesson
    /// check FILE` validates one, `lesson list` lists the library's).
    #[command(subcommand)]
    Lesson(crate::lesson_cmd::LessonCommand),
    /// Check the collision core against exact f64 references on seeded random pairs
    /// of every shape kind (including touching, nearly parallel, tiny against huge,
    /// large coordinates, slivers, coincident and moving pairs). Prints a summary table;
    /// each disagreement becomes a scene file the debugger opens. Exits 1 if any
    /// disagreement was found.
    Fuzz(FuzzArgs),
    /// Build a convex hull from raw points as Box2D v3's b2ComputeHull does (quickhull:
    /// points welded within 4 x slop, points within 2 x slop of an edge dropped, nearly
    /// collinear vertices merged). Prints the hull, or with --trace every step as JSON.
    #[command(after_help = "Examples:\n  \
        collidescope hull \"(0,0) (2,0) (1,1.5) (1,0.001)\"\n  \
        collidescope hull --trace -- \"-1.7,-1.43 0.5,-0.5 0.105,0.974 -0.658,0.927 -0.9946,0.1653\"")]
    Hull {
        /// The points as x, y pairs, in any of the import box's forms (also hex floats);
        /// several arguments are joined. Use `--` before points that start with a minus.
        #[arg(required = true, num_args = 1..)]
        points: Vec<String>,
        /// The linear slop (Box2D's default: 0.005).
        #[arg(long, default_value_t = 0.005, allow_hyphen_values = true, value_parser = crate::args::slop)]
        slop: f32,
        /// Print every step of the builder as JSON.
        #[arg(long)]
        trace: bool,
    },
    // Sweeps and shrinking: see sweep_cmd.rs and shrink_cmd.rs.
    /// Move one parameter of a pair in N steps (an angle, an offset, a radius, a
    /// scale, the distance from the origin, a vertex, the speculative distance, the
    /// time) and write every answer at each step — ours, Box2D v3's and parry2d's
    /// with --peers, the exact one — as CSV or JSON; the jumps (changes larger than
    /// the step explains) on stderr.
    Sweep(crate::sweep_cmd::SweepArgs),
    /// Cut a failing pair down to the smallest pair that still fails a check (a fuzzer
    /// check, a chain check, or an engine wrong against the exact answer): fewer
    /// vertices, nearer the origin, a quarter turn, radii to 0, shorter velocities,
    /// rounder numbers. Writes the scene and, with --as, an engine's regression test.
    Shrink(crate::shrink_cmd::ShrinkArgs),
    // Recordings (src/bin/collidescope/replay_cmd.rs).
    /// Build a Box2D world from a world file, step it while Box2D records, and save
    /// the recording.
    #[cfg(feature = "peers")]
    Record(crate::replay_cmd::RecordArgs),
    /// Replay a Box2D recording: its summary and the contacts that begin and end, as
    /// JSON lines; with --pair one pair's timeline and markers; with --frame the pair
    /// at that frame as a scene or a regression test.
    #[cfg(feature = "peers")]
    Replay(crate::replay_cmd::ReplayArgs),
}

/// `collidescope hull`: the hull as text (or the trace as JSON), or why there is none.
pub fn run_hull(points: &[String], slop: f32, trace: bool) -> Result<String, String> {
    use collidescope::core::quickhull::quickhull;
    use collidescope::scene::import::parse_points;
    if !(slop.is_finite() && slop > 0.0) {
        return Err(format!("--slop {slop}: expected a positive number"));
    }
    let points = parse_points(&points.join(" "))?;
    let q = quickhull(&points, slop);
    if trace {
        return serde_json::to_string_pretty(&q).map_err(|e| format!("cannot write JSON: {e}"));
    }
    match q.hull {
        Ok(hull) => {
            let list: Vec<String> = hull.iter().map(|p| format!("({}, {})", p.x, p.y)).collect();
            Ok(format!(
                "{} of {} points on the hull (counter-clockwise):\n{}",
                hull.len(),
                points.len(),
                list.join(", ")
            ))
        }
        Err(why) => Err(format!("no hull: {}", why.as_str())),
    }
}

/// Arguments of `collidescope fuzz`: seeded random pairs, every algorithm checked
/// against exact f64 references; each pair also gets a random ray against A and one
/// against B (their own random stream), cast by the exact functions and by GJK and
/// checked against the f64 ray oracle (checks `ray_exact`, `ray_gjk`).
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
        collidescope fuzz --count 1000000 --seed 1\n  \
        collidescope fuzz --seed 1 --start 4711 --count 1   # one pair again, from a scene's notes\n  \
        collidescope fuzz --family rotating --count 100000  # the rotating time of impact only\n  \
        collidescope fuzz --family chain --count 200000     # chain segments against Box2D v3\n\n\
        Each pair also gets two rays (one against A, one against B: general, grazing, \
        tangent, through a vertex, parallel to an edge, from the boundary, from inside, \
        zero length), checked by ray_exact and ray_gjk; a ray disagreement's scene holds \
        the rays RA and RB. With --peers, Box2D's and parry's ray casts are classified \
        too (queries ray and ray_exit), their conventions for a ray starting inside \
        counted as conventions.\n\n\
        --family chain runs chain cases instead of pairs: a random chain (open under \
        Box2D's convention or ours, or a loop; collinear runs, sharp convex and concave \
        corners, very short segments), one of its segments and a circle, capsule, \
        segment, polygon or box (sharp or rounded) near it, collided by our chain-segment \
        query and by Box2D v3's b2CollideChainSegmentAnd* (needs the peers feature): \
        chain_keep, chain_count and chain_normal (within 1e-4) with their agreement rate.")]
pub struct FuzzArgs {
    /// Seed of the run: pair I of seed S is always the same pair.
    #[arg(long, default_value_t = 1, allow_hyphen_values = true, value_parser = crate::args::index)]
    pub seed: u64,
    /// Number of pairs.
    #[arg(long, default_value_t = 10_000, allow_hyphen_values = true, value_parser = crate::args::count)]
    pub count: u64,
    /// Index of the first pair.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = crate::args::index)]
    pub start: u64,
    /// Only pairs of this family: general, touching, nearly_parallel, tiny_huge,
    /// large_coordinates, sliver, coincident, moving, rotating (each pair is drawn as
    /// usual and given this family, so a scene's notes reproduce it); or chain (chain
    /// cases against Box2D v3 instead of pairs).
    #[arg(long, value_name = "NAME")]
    pub family: Option<String>,
    /// Folder for the scene files of disagreements (created when needed).
    #[arg(long, value_name = "DIR", default_value = "fuzz-failures")]
    pub out: PathBuf,
    /// Worker threads, at most one per core [default: one per core].
    #[arg(long, allow_hyphen_values = true, value_parser = crate::args::threads)]
    pub threads: Option<usize>,
    /// Most scene files written.
    #[arg(long, value_name = "N", default_value_t = 1000, allow_hyphen_values = true, value_parser = crate::args::scenes)]
    pub max_scenes: usize,
    /// Also run each pair (and its two rays) through Box2D v3 and parry2d and
    /// classify their answers (agree / engine wrong / ours wrong / both) against the
    /// exact reference; each engine disagreement becomes a scene in --out.
    #[arg(long)]
    pub peers: bool,
    // Shrinking and profiles: see fuzz_shrink.rs and profile_cmd.rs.
    /// Write the disagreements' scenes as the fuzzer drew them (by default each is
    /// shrunk to the smallest pair that still fails its check first).
    #[arg(long)]
    pub no_shrink: bool,
    /// Instead of checking, profile each algorithm on the pairs: histograms of
    /// iterations (GJK, EPA iterations and faces, the shape cast, the rotating time
    /// of impact's outer and root iterations, the GJK ray cast's steps) and of the time
    /// per call, ours beside Box2D v3's and parry2d's; printed as a table.
    #[arg(long)]
    pub profile: bool,
    /// With --profile: the pairs of this scene (each pair of its shapes, --count
    /// times) instead of generated ones.
    #[arg(long, value_name = "SCENE", requires = "profile")]
    pub scene: Option<PathBuf>,
    /// With --profile: the histograms also as plots, FILE.svg or FILE.png.
    #[arg(long, value_name = "FILE", requires = "profile")]
    pub profile_plot: Option<PathBuf>,
    /// Print each scene written as a web page link too: BASE_URL (the page's
    /// address) with the scene in the hash, opened on the pair at the answer's step.
    #[arg(long, value_name = "BASE_URL")]
    pub link: Option<String>,
}

/// Arguments of `collidescope export`.
#[derive(clap::Args, Debug)]
#[command(
    group(clap::ArgGroup::new("target").args(["out", "all_steps"])),
    after_help = "Examples:\n  \
        collidescope export scenes/welcome.ron --algorithm epa --step 3 --out epa.png\n  \
        collidescope export scenes/welcome.ron --algorithm gjk --all-steps flip/ --format png\n  \
        collidescope export scenes/public_5_point_near_short_edge.ron --algorithm manifold --peers --out p5.png\n  \
        collidescope export scenes/public_5_point_near_short_edge.ron --as box2d-c --out test_public_5.c\n  \
        collidescope export scene.ron --pair A,B --as parry-rust\n  \
        collidescope export --lesson gjk --out handout/"
)]
pub struct ExportArgs {
    /// The scene file (RON).
    #[arg(required_unless_present = "lesson")]
    pub scene: Option<PathBuf>,
    /// Instead of a scene, a lesson's handout: the library's lesson of that name (e.g.
    /// gjk) or a lesson file, written as DIR/NAME.html (--out DIR): each page's text
    /// and picture, one page to a sheet when printed, the answers on the last sheet.
    #[arg(long, value_name = "NAME|FILE", conflicts_with_all = ["scene", "language", "all_steps", "plot", "algorithm", "step", "peers"])]
    pub lesson: Option<String>,
    /// Algorithm: gjk, epa, sat, manifold, clip, box-box, toi, cast, toi-rotating, hull, ray (default: the
    /// scene's view section, else gjk).
    #[arg(long, value_name = "NAME")]
    pub algorithm: Option<String>,
    /// Step, counted from 0 (the panel shows step K as "K+1 / N"); past the last step
    /// is an error naming the valid range. Default: the scene's view step.
    #[arg(long, value_name = "K", conflicts_with = "all_steps", allow_hyphen_values = true, value_parser = crate::args::step)]
    pub step: Option<usize>,
    /// Output file; its extension picks the format: .svg or .png (`-`: standard
    /// output, with --format).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub out: Option<PathBuf>,
    /// Write every step instead, as DIR/step-000.svg, DIR/step-001.svg, ... (a flip
    /// book; the folder is created if missing).
    #[arg(long, value_name = "DIR")]
    pub all_steps: Option<PathBuf>,
    /// Format: of the --all-steps files [default: svg], or of --out (which must then
    /// end in the same extension, or be `-`).
    #[arg(long, value_name = "FORMAT", value_parser = ["svg", "png"])]
    pub format: Option<String>,
    /// Image size in pixels, as WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", default_value = "1280x800", value_parser = parse_size)]
    pub size: (i32, i32),
    /// Colours: dark (as the window) or light (dark lines on white, for slides and print).
    #[arg(long, default_value = "dark", value_parser = parse_theme)]
    pub theme: collidescope::view::palette::Theme,
    /// Add the engines' answers on the pair (Box2D v3 and parry2d: witness points,
    /// normal, contacts, impact; Box2D's own GJK simplex) as the debugger's overlay
    /// layers, in the same colours, with their legend entries
    /// (pictures only, not --as).
    #[arg(long, conflicts_with = "language")]
    pub peers: bool,
    /// Instead of a picture, the pair as a regression test: box2d-c (a Box2D v3 C test),
    /// parry-rust (a parry2d #[test]) or scene-hex (the pair's scene with hex floats).
    /// Written to --out, or to standard output without it.
    #[arg(long = "as", value_name = "LANG", value_parser = ["box2d-c", "parry-rust", "scene-hex"], conflicts_with_all = ["all_steps", "algorithm", "step", "format"])]
    pub language: Option<String>,
    /// Instead of the views, a plot as the panel shows it: sweep (a pair's sweep: one
    /// parameter moved, --param, the curves of ours, the engines' with --peers and the
    /// exact answer, the jumps marked; --algorithm, --pair, --what, --sweep-steps as for
    /// `collidescope sweep`), slide (the chain slide sweep: the most tilted contact
    /// normal and the contact points over the steps, naive and smooth) or separation
    /// (the rotating time of impact's s(t) at --step, default the scene's view step).
    /// Written to --out (.svg or .png).
    #[arg(long, value_name = "PLOT", value_parser = ["sweep", "slide", "separation"], conflicts_with_all = ["all_steps"])]
    pub plot: Option<String>,
    /// For --plot slide: the chain [default: the first] and the shape slid over it
    /// [default: the first shape], by name.
    #[arg(long, value_name = "NAME", requires = "plot")]
    pub chain: Option<String>,
    #[arg(long, value_name = "NAME", requires = "plot")]
    pub shape: Option<String>,
    /// For --plot slide and sweep: the steps [default: 256 for slide (at most 4096),
    /// 1000 for sweep].
    #[arg(long, value_name = "N", requires = "plot", allow_hyphen_values = true, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub sweep_steps: Option<u64>,
    /// For --plot sweep: what moves and its range, as `collidescope sweep --param`
    /// [default: B's angle, a full turn about where it is].
    #[arg(long, value_name = "PARAM", requires = "plot")]
    pub param: Option<String>,
    /// For --plot sweep: the quantities [default: the algorithm's].
    #[arg(long, value_name = "LIST", requires = "plot")]
    pub what: Option<String>,
    /// For --plot separation: all of [t1, 1] rather than the interval searched.
    #[arg(long, requires = "plot")]
    pub whole_step: bool,
    /// The pair for --as and --plot sweep, as A,B (shape names) [default: the scene's
    /// view pair, else the first two shapes].
    #[arg(long, value_name = "A,B")]
    pub pair: Option<String>,
}

impl ExportArgs {
    /// The scene file (given unless --lesson is).
    fn scene_path(&self) -> Result<&PathBuf, String> {
        self.scene
            .as_ref()
            .ok_or_else(|| "give the scene file".to_string())
    }
}

/// `collidescope export --as LANG`: the regression test text when there is no --out,
/// else `None` after writing the file atomically.
pub fn run_repro(args: &ExportArgs, language: &str) -> Result<Option<String>, String> {
    use collidescope::repro::{export, Language};
    let (scene, label) = load_or_default(Some(args.scene_path()?))?;
    let language =
        Language::from_name(language).ok_or("--as: expected box2d-c, parry-rust or scene-hex")?;
    let (a, b) = match &args.pair {
        Some(p) => {
            let (na, nb) = split_pair(p)?;
            collidescope::trace::report::find_pair(&scene, &label, na, nb)?
        }
        None => collidescope::render::scene_pair(&scene)
            .ok_or_else(|| format!("{label}: the scene needs two shapes"))?,
    };
    let text = export(&scene, a, b, language, &label).map_err(|e| format!("{label}: {e}"))?;
    match &args.out {
        Some(out) => {
            collidescope::scene::fs::write_output(out, text.as_bytes())
                .map_err(|e| format!("{}: {e}", out.display()))?;
            Ok(None)
        }
        None => Ok(Some(text)),
    }
}

/// The pair of `--pair A,B`, or the scene's view pair (else the first two shapes).
pub fn resolve_pair(
    scene: &Scene,
    label: &str,
    pair: Option<&str>,
) -> Result<(usize, usize), String> {
    match pair {
        Some(p) => {
            let (na, nb) = split_pair(p)?;
            collidescope::trace::report::find_pair(scene, label, na, nb)
        }
        None => collidescope::render::scene_pair(scene)
            .ok_or_else(|| format!("{label}: the scene needs two shapes")),
    }
}

/// `A,B` as two names.
fn split_pair(p: &str) -> Result<(&str, &str), String> {
    let mut it = p.split(',').map(str::trim);
    match (it.next(), it.next(), it.next()) {
        (Some(a), Some(b), None) if !a.is_empty() && !b.is_empty() => Ok((a, b)),
        _ => Err(format!(
            "--pair \"{}\": expected two shape names as A,B",
            collidescope::scene::user_text::shown(p)
        )),
    }
}

/// `--theme dark|light`.
fn parse_theme(s: &str) -> Result<collidescope::view::palette::Theme, String> {
    collidescope::view::palette::Theme::from_name(s).ok_or_else(|| {
        format!(
            "expected dark or light, got \"{}\"",
            collidescope::scene::user_text::shown(s)
        )
    })
}

/// `collidescope export`: writes the picture(s) and returns the paths written, or the
/// error for stderr. Every file goes through the one output writer (atomic for files).
pub fn run_export(args: &ExportArgs) -> Result<Vec<PathBuf>, String> {
    use collidescope::render::{render, write_output, SceneExport};
    use collidescope::study::Algorithm;
    let (scene, label) = load_or_default(Some(args.scene_path()?))?;
    if let Some(kind) = &args.plot {
        return run_plot_export(args, &scene, &label, kind);
    }
    if args.pair.is_some() {
        return Err("--pair goes with --as or --plot sweep".into());
    }
    let target = export_target(args)?;
    let algorithm = match &args.algorithm {
        Some(name) => Algorithm::try_from(name.clone())?,
        None => scene.view.algorithm,
    };
    // parse_size has checked the range, so the sizes are positive.
    let (w, h) = (args.size.0 as u32, args.size.1 as u32);
    let mut ex = SceneExport::new(&scene, algorithm);
    if args.peers {
        ex = with_peers(ex)?;
        for (engine, answer) in ex.peer_answers() {
            for fault in &answer.faults {
                eprintln!(
                    "warning: {fault} on the pair (the picture says so in place of {}'s {})",
                    engine.label(),
                    fault.query
                );
            }
        }
    }
    let (format, out) = match target {
        ExportTarget::Steps(dir, format) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                format!(
                    "{}: cannot create the folder: {}",
                    dir.display(),
                    collidescope::scene::fs::reason(&e)
                )
            })?;
            let n = ex.step_count();
            let digits = (n - 1).to_string().len().max(3);
            let mut written = Vec::with_capacity(n);
            for k in 0..n {
                let path = dir.join(format!("step-{k:0digits$}.{}", format.extension()));
                let mut picture = ex.picture(k).map_err(|e| e.to_string())?;
                picture.theme = args.theme;
                let bytes = render(&picture, format, w, h).map_err(|e| e.to_string())?;
                write_output(&path, &bytes).map_err(|e| e.to_string())?;
                written.push(path);
            }
            return Ok(written);
        }
        ExportTarget::File(out, format) => (format, out),
    };
    let step = args.step.unwrap_or_else(|| ex.view_step());
    let mut picture = ex.picture(step).map_err(|e| e.to_string())?;
    picture.theme = args.theme;
    let bytes = render(&picture, format, w, h).map_err(|e| e.to_string())?;
    write_output(out, &bytes).map_err(|e| e.to_string())?;
    // Standard output holds the picture: no "wrote" line after it.
    Ok(if out.as_os_str() == "-" {
        Vec::new()
    } else {
        vec![out.clone()]
    })
}

/// Where `export` writes and in which format.
enum ExportTarget<'a> {
    Steps(&'a std::path::Path, collidescope::render::Format),
    File(&'a PathBuf, collidescope::render::Format),
}

/// The target of `export`, checked before any work: `--all-steps DIR` or `--out FILE`
/// (a folder refused as one, `-` needs `--format`, and `--format` must agree with the
/// file's extension).
fn export_target(args: &ExportArgs) -> Result<ExportTarget<'_>, String> {
    use collidescope::render::Format;
    let named = args
        .format
        .as_deref()
        .map(|f| Format::from_name(f).ok_or("--format: expected svg or png"))
        .transpose()?;
    if let Some(dir) = &args.all_steps {
        return Ok(ExportTarget::Steps(dir, named.unwrap_or(Format::Svg)));
    }
    let out = args
        .out
        .as_ref()
        .ok_or("give --out FILE.svg|FILE.png or --all-steps DIR")?;
    if out.as_os_str() == "-" {
        let format = named
            .ok_or("--out -: writing to standard output needs --format svg or --format png")?;
        return Ok(ExportTarget::File(out, format));
    }
    let text = out.display().to_string();
    if text.ends_with('/') || out.is_dir() {
        return Err(format!(
            "--out {text}: names a folder; give a file such as {}/picture.svg, or --all-steps {text} for every step",
            text.trim_end_matches('/')
        ));
    }
    let by_name = Format::from_path(out);
    match (named, by_name) {
        (Some(f), Some(g)) if f != g => Err(format!(
            "--format {} contradicts --out {text} (a .{} name); make them agree",
            f.extension(),
            g.extension()
        )),
        (_, Some(g)) => Ok(ExportTarget::File(out, g)),
        // A name without the extension (a device, a FIFO, a link): the format named.
        (Some(f), None) => Ok(ExportTarget::File(out, f)),
        (None, None) => Err(format!(
            "{text}: the output file name must end in .svg or .png"
        )),
    }
}

/// `export --plot`: the plot written to --out.
fn run_plot_export(
    args: &ExportArgs,
    scene: &Scene,
    label: &str,
    kind: &str,
) -> Result<Vec<PathBuf>, String> {
    use collidescope::render::{
        render_plots, scene_plot, write_output, PlotKind, PlotOptions, SweepWords,
    };
    let kind = PlotKind::from_name(kind).ok_or("--plot: expected sweep, slide or separation")?;
    if kind != PlotKind::Sweep && (args.algorithm.is_some() || args.peers) {
        return Err("--algorithm and --peers go with --plot sweep only".into());
    }
    if kind != PlotKind::Sweep
        && (args.param.is_some() || args.what.is_some() || args.pair.is_some())
    {
        return Err("--param, --what and --pair go with --plot sweep only".into());
    }
    if args.peers && !cfg!(feature = "peers") {
        return Err(NO_PEERS.into());
    }
    let slide_most = collidescope::trace::chain_sweep::MAX_SWEEP_STEPS;
    if kind == PlotKind::Slide && args.sweep_steps.is_some_and(|n| n as usize > slide_most) {
        return Err(format!(
            "--sweep-steps: the slide sweep takes at most {slide_most} steps"
        ));
    }
    if args.out.is_none() {
        return Err("--plot needs --out FILE.svg|FILE.png".into());
    }
    let ExportTarget::File(out, format) = export_target(args)? else {
        return Err("--plot writes one picture: give --out FILE.svg|FILE.png".into());
    };
    let find =
        |name: &Option<String>, names: Vec<&str>, what: &str| -> Result<Option<usize>, String> {
            match name {
                None => Ok(None),
                Some(n) => names.iter().position(|x| x == n).map(Some).ok_or_else(|| {
                    format!(
                        "{label}: no {what} named \"{}\"",
                        collidescope::scene::user_text::shown(n)
                    )
                }),
            }
        };
    let options = PlotOptions {
        chain: find(
            &args.chain,
            scene.chains.iter().map(|c| c.name.as_str()).collect(),
            "chain",
        )?,
        shape: find(
            &args.shape,
            scene.shapes.iter().map(|s| s.name.as_str()).collect(),
            "shape",
        )?,
        steps: args.sweep_steps.map(|n| n as usize),
        step: args.step,
        whole_step: args.whole_step,
        sweep: SweepWords {
            pair: match &args.pair {
                Some(p) => Some(resolve_pair(scene, label, Some(p))?),
                None => None,
            },
            algorithm: args
                .algorithm
                .as_ref()
                .map(|a| collidescope::study::Algorithm::try_from(a.clone()))
                .transpose()?,
            param: args.param.clone(),
            steps: args.sweep_steps.map(|n| n as usize),
            what: args.what.clone(),
            peers: args.peers,
        },
    };
    let mut picture = scene_plot(scene, kind, &options).map_err(|e| format!("{label}: {e}"))?;
    picture.theme = args.theme;
    let (w, h) = (args.size.0 as u32, args.size.1 as u32);
    let bytes = render_plots(&picture, format, w, h).map_err(|e| e.to_string())?;
    write_output(out, &bytes).map_err(|e| e.to_string())?;
    Ok(if out.as_os_str() == "-" {
        Vec::new()
    } else {
        vec![out.clone()]
    })
}

/// `export --peers`: the engines' overlays on every picture.
#[cfg(feature = "peers")]
fn with_peers(
    ex: collidescope::render::SceneExport<'_>,
) -> Result<collidescope::render::SceneExport<'_>, String> {
    Ok(ex.with_peers())
}

#[cfg(not(feature = "peers"))]
fn with_peers(
    _ex: collidescope::render::SceneExport<'_>,
) -> Result<collidescope::render::SceneExport<'_>, String> {
    Err(NO_PEERS.into())
}

/// Why `--peers` fails in a build without the engines.
#[cfg_attr(feature = "peers", allow(dead_code))]
pub(crate) const NO_PEERS: &str =
    "--peers needs the engines: this collidescope was built without the \"peers\" feature";

/// `collidescope import`: reads the pair, returns the scene text or writes the file.
pub fn run_import(
    file: &std::path::Path,
    out: Option<&PathBuf>,
    title: Option<&str>,
) -> Result<Option<String>, String> {
    let label = file.display().to_string();
    let text = collidescope::scene::fs::read_text(file).map_err(|e| {
        let name = if label == "-" {
            "standard input"
        } else {
            &label
        };
        format!("{name}: {e}")
    })?;
    let title = title
        .map(str::to_string)
        .unwrap_or_else(|| format!("Imported from {label}"));
    let scene =
        collidescope::scene::import::import(&text, &title).map_err(|e| format!("{label}: {e}"))?;
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
        Some(p) => {
            let scene = load_scene(p).map_err(|e| e.to_string())?;
            let label = p.display().to_string();
            for note in scene.load_notes() {
                eprintln!("warning: {label}: {note}");
            }
            Ok((scene, label))
        }
        None => parse_scene(DEFAULT_SCENE, DEFAULT_SCENE_LABEL)
            .map(|s| (s, DEFAULT_SCENE_LABEL.to_string()))
            .map_err(|e| e.to_string()),
    }
}

/// `collidescope report`: the report written to stdout pair by pair (see
/// `trace::stream`), progress on stderr when there are many pairs.
pub fn run_report(
    scene_path: &PathBuf,
    pair: Option<&str>,
    near: Option<f32>,
    trace: bool,
    peers: bool,
    link: Option<&str>,
) -> Result<(), String> {
    use collidescope::trace::stream::{selected_pairs, write_report, PairSelection};
    use std::io::Write;
    if peers && !cfg!(feature = "peers") {
        return Err(NO_PEERS.into());
    }
    if let Some(base) = link {
        crate::page_link::check_base(base)?;
    }
    let (scene, label) = load_or_default(Some(scene_path))?;
    let split = match pair {
        Some(p) => Some(split_pair(p)?),
        None => None,
    };
    let selection = match (split, near) {
        (Some((a, b)), _) => PairSelection::One(a, b),
        (None, Some(d)) => PairSelection::Near(d),
        (None, None) => PairSelection::All,
    };
    let pairs = selected_pairs(&scene, &label, selection)?;
    let decorate = |i: usize, j: usize, p: &mut collidescope::trace::report::PairReport| {
        if peers {
            add_peers(&scene, i, j, p);
        }
        if let Some(base) = link {
            p.link = Some(crate::page_link::pair_link(base, &scene, i, j));
        }
    };
    let started = std::time::Instant::now();
    let mut last = started;
    let mut progress = |done: usize, total: usize| {
        let now = std::time::Instant::now();
        if total >= 10_000 && (now - last).as_secs_f32() >= 1.0 {
            last = now;
            eprintln!(
                "report: {done}/{total} pairs ({:.1} %), {:.0} s",
                100.0 * done as f64 / total as f64,
                (now - started).as_secs_f32()
            );
        }
    };
    if collidescope::scene::fs::stdout_was_closed() {
        return Err("cannot write the report: standard output is closed".into());
    }
    let mut out = collidescope::scene::fs::Stdout::new();
    write_report(
        &scene,
        &label,
        &pairs,
        trace,
        &decorate,
        &mut progress,
        &mut out,
    )
    .map_err(|e| {
        e.replace(
            "report: cannot write to standard output:",
            "report to standard output:",
        )
    })?;
    writeln!(out)
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write the report: {e}"))
        .map_err(|e| {
            e.replace(
                "report: cannot write to standard output:",
                "report to standard output:",
            )
        })
}

/// Fills a pair's `"peers"` with the engines' answers.
#[cfg(feature = "peers")]
fn add_peers(
    scene: &collidescope::scene::Scene,
    i: usize,
    j: usize,
    p: &mut collidescope::trace::report::PairReport,
) {
    let answers = collidescope::peers::ask_all(&scene.pair(i, j));
    p.peers = Some(answers.into_iter().map(|(e, a)| (e.key(), a)).collect());
}

#[cfg(not(feature = "peers"))]
fn add_peers(
    _scene: &collidescope::scene::Scene,
    _i: usize,
    _j: usize,
    _p: &mut collidescope::trace::report::PairReport,
) {
}
