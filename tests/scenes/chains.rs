//! Chains: the declared outcomes hold, and the chain-ray scene's rays.

use super::*;

/// The chain outcomes a scene declares (`expect.chains`) hold, and every scene with
/// chains declares them for every chain and shape.
#[test]
fn chain_outcomes_are_as_declared() {
    let mut checked = 0;
    for path in scene_files() {
        let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
        let problems = chain_expectation_problems(&scene);
        assert!(problems.is_empty(), "{}: {problems:#?}", path.display());
        for chain in &scene.chains {
            for shape in &scene.shapes {
                assert!(
                    scene
                        .expect
                        .chains
                        .iter()
                        .any(|e| e.chain == chain.name && e.shape == shape.name),
                    "{}: no expected outcome for {} × {}",
                    path.display(),
                    chain.name,
                    shape.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} chain pairs declared");
}

/// The chain-ray scene's point: a ray from outside the room hits its wall; from inside
/// the room, and from below the open floor, the rays start on the segments' solid side
/// and pass through.
#[test]
fn chain_rays_pass_out_of_the_material_and_hit_from_outside() {
    use collidescope::study::chain_ray::ChainRayStudy;
    let all = load_all();
    let l = find(&all, "chain_rays.ron");
    let ray = |name: &str| {
        let r = l
            .scene
            .rays
            .iter()
            .position(|r| r.name == name)
            .expect("ray");
        ChainRayStudy::of(&l.scene, r)
    };
    let out = ray("Out");
    let (i, hit) = out.answer().expect("the ray from outside hits the room");
    assert_eq!(l.scene.chains[out.casts[i].chain].name, "Room");
    assert_eq!(hit.segment, Some(3));
    assert!((hit.fraction - 0.5).abs() < 1e-6, "{hit:?}");
    assert!((hit.normal - Vec2::new(-1.0, 0.0)).length() < 1e-6);
    for name in ["In", "Under"] {
        let s = ray(name);
        assert!(s.answer().is_none(), "{name}: {:?}", s.answer());
        // Every wall the ray crosses is skipped on its solid side, not missed by geometry.
        assert!(s.casts.iter().any(|c| c
            .trace
            .segments
            .iter()
            .any(|r| r.verdict == collidescope::core::chain::SegmentRayVerdict::SolidSide)));
    }
}
