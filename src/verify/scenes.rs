//! Disagreements as scene files the debugger opens.

use super::*;
use crate::core::shape::{Pose, Shape};
use crate::scene::rays::SceneRay;
use crate::scene::{save_scene, Scene, SceneShape, View};
use glam::Vec2;
use std::path::{Path, PathBuf};

/// The scene of a disagreement: the pair as shapes A and B (velocities and turns kept), the
/// check as the title, the numbers and the way to reproduce it in the notes, and the
/// view on the algorithm concerned.
pub fn disagreement_scene(pair: &FuzzPair, d: &Disagreement) -> Result<Scene, String> {
    let shape = |name: &str, s: &Shape, pose: &Pose, velocity: Vec2, turn: f32| {
        SceneShape::new(name, s.geometry().clone(), pose.position, pose.angle).map(|mut s| {
            s.velocity = velocity;
            s.angular_velocity = turn;
            s
        })
    };
    let a = shape(
        "A",
        &pair.shape_a,
        &pair.pose_a,
        pair.velocity_a,
        pair.angular_velocity_a,
    )?;
    let b = shape(
        "B",
        &pair.shape_b,
        &pair.pose_b,
        pair.velocity_b,
        pair.angular_velocity_b,
    )?;
    let mut notes = format!(
        "Fuzzer disagreement, check {check}: {detail}. Error {err:.3e} against the tolerance \
         {tol:.3e}. A is a {ka}, B a {kb} ({family} family). Reproduce: collidescope fuzz \
         --family {family} --seed {seed} --start {index} --count 1",
        check = d.check.name(),
        detail = d.detail,
        err = d.error,
        tol = d.tolerance,
        ka = pair.kind_a.name(),
        kb = pair.kind_b.name(),
        family = pair.family.name(),
        seed = d.seed,
        index = d.index,
    );
    let rays = if d.check.is_ray() {
        notes.push_str(
            ". The rays: RA against A, RB against B (each cast against both shapes in \
             the scene); the fuzzer checks RA on A and RB on B",
        );
        scene_rays(pair)
    } else {
        Vec::new()
    };
    Ok(Scene {
        title: format!(
            "Fuzz: {} (seed {}, pair {})",
            d.check.name(),
            d.seed,
            d.index
        ),
        notes,
        group: "Fuzz failures".to_string(),
        shapes: vec![a, b],
        rays,
        // The SAT manifold the fuzzer checks is the general clipping path.
        settings: if d.manifold_source == Some(crate::core::manifold::ManifoldSource::Sat) {
            general_sat_settings(&crate::scene::Settings::default())
        } else {
            crate::scene::Settings::default()
        },
        view: View {
            a: "A".to_string(),
            b: "B".to_string(),
            algorithm: d.check.algorithm(),
            manifold_source: d
                .manifold_source
                .map(|s| s.as_str().to_string())
                .unwrap_or_default(),
            ..View::default()
        },
        ..Scene::default()
    })
}

/// The pair's two fuzzer rays as scene rays, `RA` (cast at A) and `RB` (at B).
fn scene_rays(pair: &FuzzPair) -> Vec<SceneRay> {
    let [a, b] = fuzz_rays(pair);
    [("RA", a), ("RB", b)]
        .into_iter()
        .map(|(name, r)| SceneRay {
            name: name.to_string(),
            origin: r.ray.origin,
            translation: r.ray.translation,
        })
        .collect()
}

/// The file name of a disagreement's scene.
pub fn scene_file_name(d: &Disagreement) -> String {
    format!("{}-seed{}-pair{:07}.ron", d.check.name(), d.seed, d.index)
}

/// Writes the scenes `make` gives for the first `max` of `cases` (a scene and its file
/// name each) into `dir`, created when the first one is written. Returns the paths
/// written, one per case in order. Every fuzzer family writes its disagreements with
/// it. A name given twice gets a number (`-2`, `-3`, …) rather than replacing the
/// scene written before it: every case keeps its own file.
pub fn write_case_scenes<T>(
    cases: impl IntoIterator<Item = T>,
    dir: &Path,
    max: usize,
    make: impl Fn(&T) -> Result<(Scene, String), String>,
) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    for case in cases.into_iter().take(max) {
        if written.is_empty() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("{}: cannot create the folder: {e}", dir.display()))?;
        }
        let (scene, name) = make(&case)?;
        let path = unused_name(dir, &name, &written);
        save_scene(&scene, &path).map_err(|e| e.to_string())?;
        written.push(path);
    }
    Ok(written)
}

/// `dir/name`, or `dir/stem-K.ext` with the first K from 2 that no path of `written`
/// has taken.
fn unused_name(dir: &Path, name: &str, written: &[PathBuf]) -> PathBuf {
    let first = dir.join(name);
    if !written.contains(&first) {
        return first;
    }
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    (2..)
        .map(|k| match ext {
            "" => dir.join(format!("{stem}-{k}")),
            _ => dir.join(format!("{stem}-{k}.{ext}")),
        })
        .find(|p| !written.contains(p))
        .unwrap_or(first)
}

/// Writes one scene per kept disagreement into `dir` (created if missing), at most
/// `max` files. Returns the paths written.
pub fn write_scenes(report: &FuzzReport, dir: &Path, max: usize) -> Result<Vec<PathBuf>, String> {
    write_case_scenes(&report.disagreements, dir, max, |d| {
        let pair = generate_pair_in(d.seed, d.index, Some(d.family));
        Ok((disagreement_scene(&pair, d)?, scene_file_name(d)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_given_twice_gets_the_next_free_number() {
        let dir = Path::new("out");
        let taken = vec![dir.join("a.ron"), dir.join("a-2.ron")];
        assert_eq!(unused_name(dir, "b.ron", &taken), dir.join("b.ron"));
        assert_eq!(unused_name(dir, "a.ron", &taken), dir.join("a-3.ron"));
        assert_eq!(unused_name(dir, "c", &[dir.join("c")]), dir.join("c-2"));
    }
}
