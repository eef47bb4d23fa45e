//! `collidescope shrink`: a failing pair cut down to the smallest pair that still fails
//! the check, written as a scene (and as an engine's regression test).

use crate::cli::{load_or_default, resolve_pair};
use collidescope::scene::Scene;
use collidescope::verify::shrink::{shrink, Keep};
use std::path::PathBuf;

/// Arguments of `collidescope shrink`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
        collidescope shrink fuzz-failures/ray_exact-seed202-pair0012345.ron --keep ray_exact --out small.ron\n  \
        collidescope shrink scenes/public_5_point_near_short_edge.ron --keep box2d:distance --as box2d-c\n  \
        collidescope shrink chain-seed1-case0001234.ron --pair Chain,B --keep chain_normal --out small.ron\n\n\
        CHECK: a fuzzer check (gjk_distance, gjk_witness, gjk_normal, epa_depth, epa_normal, \
        sat, manifold_points, manifold_depth, clip_region, symmetry, termination, finite, \
        swept_toi, cast_toi, swept_vs_cast, toi_rotating, ray_exact, ray_gjk), a chain check \
        against Box2D (chain_keep, chain_count, chain_normal; --pair CHAIN,SHAPE) or an \
        engine wrong against the exact answer, ENGINE:QUERY (box2d or parry; distance, \
        depth, toi, toi_rotating, ray, ray_exit). Each step is kept only when the pair \
        still fails: fewer vertices, the pair towards the origin, a quarter turn, radii \
        to 0, shorter velocities, numbers rounded to fewer mantissa bits.")]
pub struct ShrinkArgs {
    /// The scene file (RON).
    pub scene: PathBuf,
    /// The pair, as A,B (shape names; for a chain check CHAIN,SHAPE) [default: the
    /// scene's view pair, else the first two shapes; the first chain and shape].
    #[arg(long, value_name = "A,B")]
    pub pair: Option<String>,
    /// What must keep failing.
    #[arg(long, value_name = "CHECK")]
    pub keep: String,
    /// Where to write the shrunk scene [default: standard output, unless --as].
    #[arg(long, value_name = "FILE.ron")]
    pub out: Option<PathBuf>,
    /// Also write the shrunk pair as a regression test: box2d-c or parry-rust.
    #[arg(long = "as", value_name = "LANG", value_parser = ["box2d-c", "parry-rust"])]
    pub language: Option<String>,
    /// Where to write the test [default: standard output].
    #[arg(long, value_name = "FILE", requires = "language")]
    pub test_out: Option<PathBuf>,
}

/// The chain and shape of `--pair CHAIN,SHAPE` (default: the first of each).
fn chain_pair(scene: &Scene, label: &str, pair: Option<&str>) -> Result<(usize, usize), String> {
    let Some(p) = pair else {
        if scene.chains.is_empty() || scene.shapes.is_empty() {
            return Err(format!("{label}: a chain check needs a chain and a shape"));
        }
        return Ok((0, 0));
    };
    let (c, s) = p
        .split_once(',')
        .ok_or_else(|| format!("--pair {p:?}: expected CHAIN,SHAPE"))?;
    let chain = scene
        .chains
        .iter()
        .position(|x| x.name == c.trim())
        .ok_or_else(|| format!("{label}: no chain named {c:?}"))?;
    let shape = scene
        .shape_index(s.trim())
        .ok_or_else(|| format!("{label}: no shape named {s:?}"))?;
    Ok((chain, shape))
}

/// `collidescope shrink`: the scene (and test) written; the steps on stderr.
pub fn run_shrink(args: &ShrinkArgs) -> Result<String, String> {
    let keep = Keep::parse(&args.keep)?;
    let (scene, label) = load_or_default(Some(&args.scene))?;
    let pair = if keep.on_chain() {
        chain_pair(&scene, &label, args.pair.as_deref())?
    } else {
        resolve_pair(&scene, &label, args.pair.as_deref())?
    };
    let s = shrink(&scene, pair, keep).map_err(|e| format!("{label}: {e}"))?;
    if !s.proven {
        return Err(format!(
            "{label}: the shrunk pair no longer fails {} once written and read back; \
             nothing written",
            s.keep
        ));
    }
    eprintln!("shrink: {}", s.summary());
    for step in &s.steps {
        eprintln!("  {step}");
    }
    let mut shrunk = s.scene.clone();
    // The original's notes describe the pair before shrinking: quoted as such.
    shrunk.notes = format!(
        "Shrunk by collidescope shrink --keep {} from {label} ({}).",
        s.keep,
        s.summary()
    );
    if !scene.notes.trim().is_empty() {
        shrunk.notes += &format!(" The pair before shrinking: {}", scene.notes);
    }
    let text = collidescope::scene::scene_to_string(&shrunk);
    let mut stdout = String::new();
    match &args.out {
        Some(out) => collidescope::scene::save_scene(&shrunk, out).map_err(|e| e.to_string())?,
        None if args.language.is_none() => stdout = text,
        None => {}
    }
    if let Some(lang) = &args.language {
        if keep.on_chain() {
            return Err("--as writes a pair's test; a chain and a shape have none".into());
        }
        let language = collidescope::repro::Language::from_name(lang)
            .ok_or("--as: expected box2d-c or parry-rust")?;
        let source = args
            .out
            .as_ref()
            .map_or(format!("shrunk from {label}"), |p| p.display().to_string());
        let test = collidescope::repro::export(&shrunk, 0, 1, language, &source)?;
        match &args.test_out {
            Some(path) => collidescope::scene::fs::write_output(path, test.as_bytes())
                .map_err(|e| format!("{}: {e}", path.display()))?,
            None => stdout = test,
        }
    }
    Ok(stdout)
}
