//! `collidescope sweep`: one parameter of a pair moved in N steps, every answer at each
//! step (ours, the engines', the exact one) written as CSV or JSON, the jumps on stderr.

use crate::cli::{load_or_default, resolve_pair};
use collidescope::study::Algorithm;
use collidescope::verify::sweep::{spec_from_words, sweep, write_csv, write_json, MAX_STEPS};
use std::path::PathBuf;

/// Arguments of `collidescope sweep`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
        collidescope sweep scene.ron --pair A,B --param angle:B:0:6.2832 --steps 2000 --what normal,ids --peers\n  \
        collidescope sweep scene.ron --param origin:1:1e7 --steps 700 --what distance --out far.csv\n  \
        collidescope sweep scene.ron --algorithm toi-rotating --param time:0:1 --out t.json\n\n\
        PARAM is KIND[:SHAPE][:EXTRA]:FROM:TO (SHAPE: A, B or a shape's name):\n  \
        angle:B:FROM:TO          B's angle (radians)\n  \
        offset:B:DIR:FROM:TO     B moved along DIR (x, y or degrees) from where it is\n  \
        radius:B:FROM:TO         B's rounding radius (a circle's radius)\n  \
        scale:B:FROM:TO          B's geometry scaled about its origin\n  \
        origin:FROM:TO           the pair's midpoint this far from the origin (log scale)\n  \
        vertex:B:K:DIR:FROM:TO   B's vertex K moved along DIR (local frame)\n  \
        speculative:FROM:TO      the speculative distance\n  \
        time:FROM:TO             the poses at time t of the pair's motion\n\n\
        WHAT: distance, depth, normal (degrees), points, ids, toi, iterations. A jump is a \
        change larger than the step explains (8 times its neighbours' median, above the \
        noise floor); a point count or ids change is listed as a change.")]
pub struct SweepArgs {
    /// The scene file (RON).
    pub scene: PathBuf,
    /// The pair, as A,B (shape names) [default: the scene's view pair, else the first
    /// two shapes].
    #[arg(long, value_name = "A,B")]
    pub pair: Option<String>,
    /// What moves and over which range (see below).
    #[arg(long, value_name = "PARAM")]
    pub param: String,
    /// Steps: STEPS + 1 samples from FROM to TO.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=MAX_STEPS as u64))]
    pub steps: u64,
    /// The quantities, separated by commas [default: the algorithm's].
    #[arg(long, value_name = "LIST")]
    pub what: Option<String>,
    /// The algorithm swept: gjk, epa, sat, manifold, clip, box-box, toi, cast,
    /// toi-rotating [default: the scene's view, else manifold].
    #[arg(long, value_name = "NAME")]
    pub algorithm: Option<String>,
    /// Ask Box2D v3 and parry2d at every step too.
    #[arg(long)]
    pub peers: bool,
    /// csv or json [default: the --out extension, else csv].
    #[arg(long, value_parser = ["csv", "json"])]
    pub format: Option<String>,
    /// Where to write [default: standard output].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `collidescope sweep`: the table (stdout or --out) and the jumps on stderr.
pub fn run_sweep(args: &SweepArgs) -> Result<String, String> {
    if args.peers && !cfg!(feature = "peers") {
        return Err(crate::cli::NO_PEERS.into());
    }
    let (scene, label) = load_or_default(Some(&args.scene))?;
    let pair = resolve_pair(&scene, &label, args.pair.as_deref())?;
    let algorithm = args
        .algorithm
        .as_ref()
        .map(|a| Algorithm::try_from(a.clone()))
        .transpose()?;
    let spec = spec_from_words(
        &scene,
        pair,
        algorithm,
        &args.param,
        args.steps as usize,
        args.what.as_deref(),
        args.peers,
    )
    .map_err(|e| format!("{label}: {e}"))?;
    let json = match (&args.format, &args.out) {
        (Some(f), _) => f == "json",
        (None, Some(out)) => out.extension().is_some_and(|e| e == "json"),
        (None, None) => false,
    };
    let sweep = sweep(&scene, spec).map_err(|e| format!("{label}: {e}"))?;
    let text = if json {
        write_json(&sweep)
    } else {
        write_csv(&sweep)
    };
    eprintln!("{}", jumps_summary(&sweep));
    match &args.out {
        Some(out) => {
            collidescope::scene::fs::write_output(out, text.as_bytes())
                .map_err(|e| format!("{}: {e}", out.display()))?;
            Ok(String::new())
        }
        None => Ok(text),
    }
}

/// "3 jumps, 2 changes:" and the first 20 of them, one a line.
fn jumps_summary(sweep: &collidescope::verify::sweep::Sweep) -> String {
    let jumps = sweep.jumps.iter().filter(|j| j.kind == "jump").count();
    let changes = sweep.jumps.len() - jumps;
    let mut s = format!(
        "sweep: {} steps, {jumps} jumps, {changes} changes",
        sweep.samples.len() - 1
    );
    for j in sweep.jumps.iter().take(20) {
        s.push_str(&format!(
            "\n  {} {} {} at {:.6}..{:.6}: {} → {}",
            j.kind,
            j.source.key(),
            j.quantity.name(),
            j.x_before,
            j.x,
            j.before,
            j.after
        ));
    }
    if sweep.jumps.len() > 20 {
        s.push_str(&format!(
            "\n  … {} more in the JSON output",
            sweep.jumps.len() - 20
        ));
    }
    s
}
