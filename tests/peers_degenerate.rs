//! The degenerate families (`verify::degenerate_case`: a diamond's tip on a box face,
//! touching edges, coincident shapes, tiny against large, slivers, nearly parallel
//! faces, large coordinates, near rounded shapes), built from Box2D's own makers and
//! rotations, against the live Box2D v3 (boxdd-sys): our `Box2dV3` manifold and
//! `b2Collide*` — count, normal, points and separations within 1e-6 of the pair's
//! size, ids — and our GJK and `b2ShapeDistance` — iteration count and simplex cache
//! — on at least 99.9 % of each family's 2,000 cases (`verify::peers_degenerate`).

use collidescope::core::settings::{SatBias, Settings};
use collidescope::verify::peers_degenerate::{
    judge_degenerate, judge_degenerate_with, DegenerateReport,
};
use collidescope::verify::{degenerate_case, DegenerateFamily};

const SEED: u64 = 0xDE6E_4E2A;
const CASES_PER_FAMILY: u64 = 2_000;

#[test]
fn degenerate_families_match_box2d_on_99_9_percent_of_each() {
    let mut report = DegenerateReport::default();
    for family in DegenerateFamily::ALL {
        for i in 0..CASES_PER_FAMILY {
            let case = degenerate_case(SEED, i, Some(family));
            report.add(&case, &judge_degenerate(&case), 40);
        }
    }
    print!("{}", report.table());
    for d in &report.disagreements {
        println!(
            "  {} case {} ({}): {}",
            d.family.name(),
            d.index,
            d.variant,
            d.detail
        );
    }
    for family in DegenerateFamily::ALL {
        let t = &report.families[&family];
        assert_eq!(t.cases, CASES_PER_FAMILY, "{}", family.name());
        // Box2D collides every pair these families make (no two bare segments).
        assert!(
            t.manifold_compared >= CASES_PER_FAMILY * 99 / 100,
            "{}: only {} manifolds compared",
            family.name(),
            t.manifold_compared
        );
        assert!(
            t.worst_percent() >= 99.9,
            "{}: {:.3} % agree with Box2D v3",
            family.name(),
            t.worst_percent()
        );
    }
}

/// The comparison sees differences: Box2D-Lite's preset (our own clipping path, not
/// Box2D's functions) differs from Box2D v3 on a good share of the same cases — the
/// second point from the other incident edge, one point where Box2D keeps two, other
/// ids.
#[test]
fn another_preset_differs_from_box2d_on_the_same_cases() {
    let lite = Settings {
        sat_bias: SatBias::Box2dLite,
        ..Settings::default()
    };
    for family in [
        DegenerateFamily::VertexOnEdge,
        DegenerateFamily::TouchingEdges,
    ] {
        let mut report = DegenerateReport::default();
        for i in 0..500 {
            let case = degenerate_case(SEED, i, Some(family));
            report.add(&case, &judge_degenerate_with(&case, &lite), 0);
        }
        let t = &report.families[&family];
        let ids = t.ids_same as f64 / t.manifold_compared as f64;
        assert!(
            ids < 0.9,
            "{}: Lite's ids agree on {:.1} %",
            family.name(),
            100.0 * ids
        );
    }
}

/// The vertex-on-edge family makes the tie it is for: a diamond upright on a face has
/// its two lower edges equally anti-parallel to the face, and the trace says which one
/// Box2D keeps.
#[test]
fn the_diamond_tip_makes_an_incident_edge_tie() {
    use collidescope::core::manifold::{
        contact_manifold, ManifoldSource, ManifoldTrace, TieChoice,
    };
    let settings = Settings::default();
    let mut ties = 0;
    for i in 0..200 {
        let case = degenerate_case(SEED, i, Some(DegenerateFamily::VertexOnEdge));
        let mut trace = ManifoldTrace::default();
        let m = contact_manifold(
            &case.inputs(&settings).manifold(ManifoldSource::Sat),
            Some(&mut trace),
        );
        if m.points().is_empty() {
            continue;
        }
        if let Some(t) = trace
            .ties
            .iter()
            .find(|t| matches!(t.choice, TieChoice::IncidentEdge(_)))
        {
            assert_eq!(t.taken, t.tied[0]);
            ties += 1;
        }
    }
    assert!(ties > 100, "only {ties} incident-edge ties");
}

/// A disagreement's scene keeps the case's exact poses: written and read back, its
/// shapes sit at the same `(c, s)` and positions to the bit (Box2D's input is
/// replayed, not an angle near it), and our manifold on it is the case's.
#[test]
fn a_degenerate_scene_replays_the_exact_pose() {
    use collidescope::core::manifold::{contact_manifold, ManifoldSource};
    use collidescope::verify::peers_degenerate::{write_degenerate_scenes, DegenerateDisagreement};
    let settings = Settings::default();
    // A case posed by b2MakeRot (not a quarter turn): its (c, s) is not sin/cos of
    // any f32 angle in general.
    let case = (0..200)
        .map(|i| degenerate_case(SEED, i, Some(DegenerateFamily::NearlyParallel)))
        .find(|c| c.transform_b.q.c != 0.0 && c.transform_b.q.s != 0.0)
        .expect("a turned case");
    let mut report = DegenerateReport::default();
    report.disagreements.push(DegenerateDisagreement {
        seed: case.seed,
        index: case.index,
        family: case.family,
        variant: case.variant.clone(),
        detail: "written by the test".into(),
    });
    let dir = std::env::temp_dir().join(format!("collidescope-degenerate-{}", std::process::id()));
    let written = write_degenerate_scenes(&report, &dir, 1).unwrap();
    let scene = collidescope::scene::load_scene(&written[0]).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let xa = scene.shapes[0].pose.transform();
    let xb = scene.shapes[1].pose.transform();
    for (ours, theirs) in [(xa, case.transform_a), (xb, case.transform_b)] {
        assert_eq!(ours.q.c.to_bits(), theirs.q.c.to_bits());
        assert_eq!(ours.q.s.to_bits(), theirs.q.s.to_bits());
        assert_eq!(ours.p, theirs.p);
    }
    let from_scene = contact_manifold(&scene.pair(0, 1).manifold(ManifoldSource::Sat), None);
    let from_case = contact_manifold(&case.inputs(&settings).manifold(ManifoldSource::Sat), None);
    assert_eq!(from_scene.points(), from_case.points());
    assert_eq!(from_scene.normal, from_case.normal);
}

/// The local entries (`box2d_collide_polygons`, `box2d_collide_polygon_circle` and the
/// general `box2d_local_manifold`) against the live `b2CollidePolygons` and
/// `b2CollidePolygonAndCircle` on the same arguments — the shapes as Box2D takes them
/// and the second's pose in the first's frame — bit for bit: the count, the normal, and
/// each point's position, separation and id. On every family's polygon pairs, and on
/// circles of random size placed around and inside each family's first polygon.
#[test]
fn local_entries_are_box2d_bit_for_bit() {
    use boxdd_sys::ffi as b2;
    use collidescope::core::consts::DEFAULT_SPECULATIVE_DISTANCE as SPEC;
    use collidescope::core::manifold::{
        box2d_collide_polygon_circle, box2d_collide_polygons, box2d_local_manifold,
        Box2dLocalManifold,
    };
    use collidescope::core::math::Transform;
    use collidescope::core::shape::Shape;
    use collidescope::peers::box2d;
    use collidescope::verify::Rng;
    use glam::Vec2;

    fn bits(m: &Box2dLocalManifold) -> Vec<u32> {
        let mut v = vec![m.point_count as u32];
        if m.point_count > 0 {
            v.extend([m.normal.x.to_bits(), m.normal.y.to_bits()]);
        }
        for p in m.points() {
            v.extend([p.point.x, p.point.y, p.separation].map(f32::to_bits));
            v.push(u32::from(p.id));
        }
        v
    }
    fn b2_bits(m: &b2::b2LocalManifold) -> Vec<u32> {
        let mut v = vec![m.pointCount as u32];
        if m.pointCount > 0 {
            v.extend([m.normal.x.to_bits(), m.normal.y.to_bits()]);
        }
        for p in &m.points[..m.pointCount as usize] {
            v.extend([p.point.x, p.point.y, p.separation].map(f32::to_bits));
            v.push(u32::from(p.id));
        }
        v
    }
    let polygonal = |s: &Shape| (3..=8).contains(&s.vertices().len());
    let mut rng = Rng::new(0x10CA_1E27);
    let (mut polygons, mut circles, mut contacts) = (0, 0, 0);
    for family in DegenerateFamily::ALL {
        for i in 0..300 {
            let case = degenerate_case(SEED ^ 0x10CA1, i, Some(family));
            let (a, b) = (&case.shape_a, &case.shape_b);
            if !polygonal(a) {
                continue;
            }
            let pa = box2d::polygon(a);
            if polygonal(b) {
                let xf = case.transform_a.inv_mul(&case.transform_b);
                let pb = box2d::polygon(b);
                let bx = box2d::relative_transform(&case.transform_a, &case.transform_b);
                // SAFETY: plain values; polygons of at most 8 vertices.
                let theirs = b2_bits(&unsafe { b2::b2CollidePolygons(&pa, &pb, bx) });
                let what = format!("{} case {i}: polygons", family.name());
                assert_eq!(
                    bits(&box2d_collide_polygons(a, xf, b, SPEC)),
                    theirs,
                    "{what}"
                );
                assert_eq!(
                    bits(&box2d_local_manifold(a, b, xf, SPEC)),
                    theirs,
                    "{what}"
                );
                polygons += 1;
                contacts += usize::from(theirs[0] > 0);
            }
            // A circle around A: its centre within twice A's size of A's first vertex.
            let size = a.bounding_radius();
            let circle = Shape::circle(size * rng.log_range(1e-3, 1.0) as f32).unwrap();
            let offset = Vec2::new(rng.range(-2.0, 2.0) as f32, rng.range(-2.0, 2.0) as f32) * size;
            let xf = Transform::new(a.vertices()[0] + offset, rng.range(-3.2, 3.2) as f32);
            let c = b2::b2Circle {
                center: b2::b2Vec2 { x: 0.0, y: 0.0 },
                radius: circle.radius(),
            };
            let bx = box2d::relative_transform(&Transform::IDENTITY, &xf);
            // SAFETY: plain values; a polygon of at most 8 vertices.
            let theirs = b2_bits(&unsafe { b2::b2CollidePolygonAndCircle(&pa, &c, bx) });
            let what = format!("{} case {i}: circle at {xf:?}", family.name());
            let xf = Transform::IDENTITY.inv_mul(&xf);
            assert_eq!(
                bits(&box2d_collide_polygon_circle(a, xf, &circle, SPEC)),
                theirs,
                "{what}"
            );
            assert_eq!(
                bits(&box2d_local_manifold(a, &circle, xf, SPEC)),
                theirs,
                "{what}"
            );
            circles += 1;
            contacts += usize::from(theirs[0] > 0);
        }
    }
    println!("{polygons} polygon pairs, {circles} circle pairs, {contacts} with contact points");
    assert!(
        polygons >= 1000 && circles >= 2000,
        "{polygons} polygon pairs, {circles} circles"
    );
    assert!(contacts >= 1500, "only {contacts} pairs with points");
}
