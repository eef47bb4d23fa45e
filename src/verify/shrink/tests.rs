use super::*;

fn library(name: &str) -> Scene {
    let text = crate::scene::library::FILES
        .iter()
        .find(|(n, _)| n.ends_with(name))
        .map(|(_, t)| *t)
        .expect("a library scene");
    crate::scene::parse_scene(text, name).unwrap()
}

#[test]
fn keep_names_read_back_and_a_wrong_one_lists_the_checks() {
    for name in ["manifold_points", "ray_exact", "gjk_distance"] {
        assert_eq!(Keep::parse(name).unwrap().name(), name);
    }
    let e = Keep::parse("manifold_normal").unwrap_err();
    assert!(
        e.contains("manifold_points") && e.contains("ENGINE:QUERY"),
        "{e}"
    );
}

#[test]
fn a_pair_that_passes_is_refused() {
    let scene = library("welcome.ron");
    let e = shrink(&scene, (0, 1), Keep::parse("gjk_distance").unwrap()).unwrap_err();
    assert!(e.contains("does not fail gjk_distance"), "{e}");
}

/// Public case 5: Box2D calls a point 0.005 past a thin plank's short edge touching
/// (it refuses the plank as a polygon). Shrunk, it still fails, is smaller in every
/// measure here, and is proven by reading its file back.
#[cfg(feature = "peers")]
#[test]
fn box2ds_false_overlap_shrinks_and_still_fails() {
    let scene = library("public_5_point_near_short_edge.ron");
    let keep = Keep::parse("box2d:distance").unwrap();
    let s = shrink(&scene, (0, 1), keep).unwrap();
    assert!(s.proven, "{s:#?}");
    assert!(keep.fails(&s.scene));
    assert!(s.after.vertices <= s.before.vertices);
    assert!(s.after.bits < s.before.bits, "{}", s.summary());
    assert!(s.after.reach <= s.before.reach);
    assert!(s.evaluations <= MAX_EVALUATIONS && s.rounds <= MAX_ROUNDS);
    // Every step kept is named.
    assert_eq!(
        s.steps.len(),
        s.steps.iter().filter(|w| !w.is_empty()).count()
    );
}

#[test]
fn a_job_in_slices_reaches_the_same_result() {
    #[cfg(feature = "peers")]
    {
        let scene = library("public_5_point_near_short_edge.ron");
        let keep = Keep::parse("box2d:distance").unwrap();
        let whole = shrink(&scene, (0, 1), keep).unwrap();
        let mut job = ShrinkJob::new(&scene, (0, 1), keep).unwrap();
        while !job.advance(7) {}
        let sliced = job.finish();
        assert_eq!(sliced.steps, whole.steps);
        assert_eq!(sliced.scene, whole.scene);
    }
}
