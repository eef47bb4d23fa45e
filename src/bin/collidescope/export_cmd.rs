//! `collidescope export`: pictures of a scene's algorithms (SVG, PNG, handouts, plots)
//! and, with `--as LANG`, the pair as a regression test in an engine's language.

use crate::cli::{load_or_default, resolve_pair, split_pair, ExportArgs, NO_PEERS};
use collidescope::scene::Scene;
use std::path::PathBuf;

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
            Ok(Some(format!("wrote {}\n", out.display())))
        }
        None => Ok(Some(text)),
    }
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
            let digits = n.to_string().len().max(3);
            let mut written = Vec::with_capacity(n);
            for k in 0..n {
                // Named by the step's number in the window: step-001 is "step 1 of n".
                let number = k + 1;
                let path = dir.join(format!("step-{number:0digits$}.{}", format.extension()));
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
    let step = match args.step {
        Some(k) => step_index(k, algorithm, || ex.step_count())?,
        None => ex.view_step(),
    };
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

/// The index of `--step K`, which counts from 1 as the window does ("step K of N"):
/// K - 1. `count` (the algorithm's steps, asked for only when K is 0) names the
/// valid range in the error. A K past the last step is refused where the picture
/// is drawn, with the same range.
fn step_index(
    k: usize,
    algorithm: collidescope::study::Algorithm,
    count: impl FnOnce() -> usize,
) -> Result<usize, String> {
    k.checked_sub(1).ok_or_else(|| {
        let n = count();
        format!(
            "--step 0: steps count from 1, as in the window (\"step 1 of {n}\"): {} has {n} step{} on this scene (1 to {n})",
            algorithm.name(),
            if n == 1 { "" } else { "s" }
        )
    })
}

/// The index of `--plot separation --step K` (the rotating time of impact's step K,
/// counted from 1), or none for the scene's view step.
fn separation_step(args: &ExportArgs, scene: &Scene) -> Result<Option<usize>, String> {
    use collidescope::study::{Algorithm, Studies};
    let Some(k) = args.step else {
        return Ok(None);
    };
    let count = || {
        collidescope::render::scene_pair(scene).map_or(0, |(a, b)| {
            Studies::compute(scene, a, b, &mut Default::default()).step_count(Algorithm::Rotating)
        })
    };
    step_index(k, Algorithm::Rotating, count).map(Some)
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

/// The plot `name` asks for, with the options that go with it (checked before any
/// work).
fn plot_kind(args: &ExportArgs, name: &str) -> Result<collidescope::render::PlotKind, String> {
    use collidescope::render::PlotKind;
    let kind = PlotKind::from_name(name).ok_or("--plot: expected sweep, slide or separation")?;
    if kind != PlotKind::Sweep && (args.algorithm.is_some() || args.peers) {
        return Err("--algorithm and --peers go with --plot sweep only".into());
    }
    if kind != PlotKind::Sweep
        && (args.param.is_some() || args.what.is_some() || args.pair.is_some())
    {
        return Err("--param, --what and --pair go with --plot sweep only".into());
    }
    if kind != PlotKind::Separation {
        if let Some(k) = args.step {
            // A sweep or a slide plots every position: it has no step to show.
            return Err(format!(
                "--step {k} goes with --plot separation only: --plot {name} draws its curves over all its positions, not one step"
            ));
        }
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
    Ok(kind)
}

/// `export --plot`: the plot written to --out.
fn run_plot_export(
    args: &ExportArgs,
    scene: &Scene,
    label: &str,
    kind: &str,
) -> Result<Vec<PathBuf>, String> {
    use collidescope::render::{render_plots, scene_plot, write_output, PlotOptions, SweepWords};
    let kind = plot_kind(args, kind)?;
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
        step: separation_step(args, scene)?,
        whole_step: args.whole_step,
        hide_axis: false,
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
