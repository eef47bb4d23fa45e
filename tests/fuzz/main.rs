//! The fuzzer as part of `cargo test`: a short seeded run must find no disagreement,
//! the checks must catch deliberately wrong results, a disagreement must become a scene
//! that loads with its numbers in the notes, and every bug the fuzzer found stays fixed
//! (each pair written out with its exact f32 inputs, independent of the generator).
//!
//! Frame convention: poses place local geometry in world space; normals from A to B.

use collidescope::core::gjk::GjkTermination;
use collidescope::core::manifold::ManifoldSource;
use collidescope::core::shape::{Geometry, Pose, Shape};
use collidescope::scene::{load_scene, save_scene, Settings};
use collidescope::study::Algorithm;
use collidescope::verify::{
    check_pair, disagreement_scene, generate_pair, run, run_core, scene_file_name, write_scenes,
    Check, CoreResults, Disagreement, ExactToi, Family, FuzzConfig, FuzzPair, Kind, Measure,
    Reference,
};
use glam::Vec2;
use std::path::PathBuf;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn pair(
    family: Family,
    a: Geometry,
    pose_a: Pose,
    velocity_a: Vec2,
    b: Geometry,
    pose_b: Pose,
    velocity_b: Vec2,
) -> FuzzPair {
    FuzzPair {
        seed: 0,
        index: 0,
        family,
        kind_a: Kind::Polygon,
        kind_b: Kind::Polygon,
        shape_a: Shape::new(a).expect("valid shape A"),
        pose_a,
        velocity_a,
        shape_b: Shape::new(b).expect("valid shape B"),
        pose_b,
        velocity_b,
        angular_velocity_a: 0.0,
        angular_velocity_b: 0.0,
    }
}

fn boxes(offset: Vec2, angle_b: f32) -> FuzzPair {
    let b = Geometry::Box {
        half_extents: v(1.0, 0.5),
        radius: 0.0,
    };
    pair(
        Family::General,
        b.clone(),
        Pose::new(v(0.25, -0.5), 0.0),
        Vec2::ZERO,
        b,
        Pose::new(v(0.25, -0.5) + offset, angle_b),
        Vec2::ZERO,
    )
}

/// Runs the core and the checks; returns the results and the measures.
fn checked(p: &FuzzPair) -> (Reference, ExactToi, CoreResults, Vec<Measure>) {
    let settings = Settings::default();
    let r = Reference::new(p);
    let t = ExactToi::new(p, &r);
    let res = run_core(p, &settings);
    let m = check_pair(p, &r, &t, &res, &settings);
    (r, t, res, m)
}

fn failures(m: &[Measure]) -> Vec<&Measure> {
    m.iter().filter(|m| m.failed()).collect()
}

fn failed_check(m: &[Measure], check: Check) -> Option<&Measure> {
    m.iter().find(|m| m.check == check && m.failed())
}

fn recheck(p: &FuzzPair, r: &Reference, t: &ExactToi, res: &CoreResults) -> Vec<Measure> {
    check_pair(p, r, t, res, &Settings::default())
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("collidescope-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

mod guards;
mod run;
