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
    /// list` lists them) or a lesson file of your own (its path, ending in .ron), at
    /// --page N (from 1; default: where you left it).
    #[arg(long, value_name = "NAME|FILE")]
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
        collidescope fuzz --family chain --count 200000     # chain segments against Box2D v3\n  \
        collidescope fuzz --family degenerate --count 20000 # where engines break, against Box2D v3\n\n\
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
        chain_keep, chain_count and chain_normal (within 1e-4) with their agreement rate.\n\n\
        --family degenerate runs the degenerate cases instead of pairs (needs the peers \
        feature): Box2D-made shapes at b2MakeRot or quarter-turn poses — a diamond's tip \
        on a box face, touching edges, coincident shapes, tiny against large, slivers, \
        nearly parallel faces, large coordinates, near rounded shapes — our Box2dV3 \
        manifold against b2Collide* (count, normal, points and separations within 1e-6 of \
        the pair's size, ids) and our distance against b2ShapeDistance (iterations, \
        simplex cache). With --peers and no family, a degenerate case runs beside every \
        fourth pair.")]
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
    /// cases against Box2D v3 instead of pairs), or degenerate (the degenerate cases
    /// against Box2D v3 instead of pairs).
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
    /// Step, counted from 1 as the window counts ("step K of N"); 0 or past the last
    /// step is an error naming the valid range. Default: the scene's view step.
    #[arg(long, value_name = "K", conflicts_with = "all_steps", allow_hyphen_values = true, value_parser = crate::args::step)]
    pub step: Option<usize>,
    /// Output file; its extension picks the format: .svg or .png (`-`: standard
    /// output, with --format).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub out: Option<PathBuf>,
    /// Write every step instead, as DIR/step-001.svg, DIR/step-002.svg, ... (a flip
    /// book, numbered as the window counts; the folder is created if missing).
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
    /// [default: the shape nearest the chain], by name.
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
    pub(crate) fn scene_path(&self) -> Result<&PathBuf, String> {
        self.scene
            .as_ref()
            .ok_or_else(|| "give the scene file".to_string())
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
pub(crate) fn split_pair(p: &str) -> Result<(&str, &str), String> {
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
            Ok(Some(format!("wrote {}\n", path.display())))
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
            let label = p.display().to_string();
            // The library's own names (`scenes/welcome.ron`, as the README writes them)
            // open from any folder: the scenes are compiled in.
            let built_in = (!p.exists() && p.parent() == Some(std::path::Path::new("scenes")))
                .then(|| p.file_name().and_then(|n| n.to_str()))
                .flatten()
                .and_then(collidescope::scene::library::text);
            let scene = match built_in {
                Some(text) => {
                    eprintln!(
                        "note: {label}: not in this folder; using the copy built into collidescope"
                    );
                    parse_scene(text, &label).map_err(|e| e.to_string())?
                }
                None => load_scene(p).map_err(|e| e.to_string())?,
            };
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
