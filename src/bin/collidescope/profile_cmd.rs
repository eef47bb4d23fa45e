//! `collidescope fuzz --profile`: each algorithm's iterations and time per call on the
//! fuzzer's pairs (or a scene's), ours beside Box2D v3's and parry2d's, as a table and,
//! with `--profile-plot`, as histograms.

use crate::cli::FuzzArgs;
use collidescope::scene::Scene;
use collidescope::verify::profile::{profile_pair, Profile};
use collidescope::verify::{generate_pair_in, FuzzPair};
use std::fmt::Write as _;

/// The profile of the run `args` asks for, its table (and plot) written.
pub fn run_profile(
    args: &FuzzArgs,
    family: Option<collidescope::verify::Family>,
) -> Result<(bool, String), String> {
    let began = std::time::Instant::now();
    let mut profile = Profile::default();
    let what = match &args.scene {
        Some(path) => {
            let (scene, label) = crate::cli::load_or_default(Some(path))?;
            let pairs = scene_pairs(&scene);
            if pairs.is_empty() {
                return Err(format!("{label}: --profile needs a scene with two shapes"));
            }
            let rays: Vec<_> = scene
                .rays
                .iter()
                .map(|r| collidescope::core::raycast::RayInput::new(r.origin, r.translation))
                .collect();
            for k in 0..args.count {
                let p = &pairs[(k % pairs.len() as u64) as usize];
                profile_pair(p, Some(&rays), &mut profile);
            }
            format!(
                "{label}: {} pairs, each {} times",
                pairs.len(),
                args.count.div_ceil(pairs.len() as u64)
            )
        }
        None => {
            for index in args.start..args.start + args.count {
                profile_pair(
                    &generate_pair_in(args.seed, index, family),
                    None,
                    &mut profile,
                );
            }
            format!(
                "seed {}, pairs {}..{}{}",
                args.seed,
                args.start,
                args.start + args.count,
                family.map_or(String::new(), |f| format!(", family {}", f.name()))
            )
        }
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "collidescope fuzz --profile: {what}, one thread, {:.1} s; times per call are the \
         mean of {} calls, p50/p90/p99 of times the upper edge of their power-of-two bucket",
        began.elapsed().as_secs_f64(),
        collidescope::verify::profile::REPEAT
    );
    out.push_str(&profile.table());
    if let Some(path) = &args.profile_plot {
        write_plot(&profile, path, &what)?;
        let _ = writeln!(out, "wrote {}", path.display());
    }
    Ok((true, out))
}

/// Every pair of the scene's shapes (i < j).
fn scene_pairs(scene: &Scene) -> Vec<FuzzPair> {
    let n = scene.shapes.len();
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .map(|(i, j)| FuzzPair::from_scene(scene, i, j))
        .collect()
}

/// The histograms as plots, SVG or PNG by the file's name.
fn write_plot(profile: &Profile, path: &std::path::Path, what: &str) -> Result<(), String> {
    use collidescope::render::{render_plots, write_output, Format, PlotPicture};
    use collidescope::view::palette::Theme;
    use collidescope::view::profile_plot::profile_plots;
    let format = Format::from_path(path).ok_or_else(|| {
        format!(
            "{}: the plot's file name must end in .svg or .png",
            path.display()
        )
    })?;
    let plots = profile_plots(profile);
    let height = (260 * plots.len() as u32 + 120).clamp(400, 8192);
    let picture = PlotPicture {
        title: format!("Profile: {what}"),
        plots,
        theme: Theme::Dark,
    };
    let bytes = render_plots(&picture, format, 1000, height).map_err(|e| e.to_string())?;
    write_output(path, &bytes).map_err(|e| e.to_string())
}
