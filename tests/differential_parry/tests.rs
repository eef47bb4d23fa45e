//! The tests.

use super::*;

/// Regression: a circle whose centre lies 3.1e-6 from a capsule's core segment (found
/// by this test with 2,000 pairs per combination). The depth was right but the normal,
/// computed as `(pB − pA) / d` with `d` = 3.1e-6, came out 0.02 rad off: moving B by the
/// depth along it left the shapes overlapping by 0.027. The normal now comes from the
/// simplex edge.
#[test]
fn normal_of_nearly_touching_cores_is_the_edge_perpendicular() {
    let circle = Shape::circle(1.219313).unwrap();
    let capsule = Shape::capsule(
        Vec2::new(1.0041739, 1.2494117),
        Vec2::new(-1.0880342, -0.18062425),
        0.7531486,
    )
    .unwrap();
    let (pa, aa) = (Vec2::new(-3.4073045, 11.495141), 0.7674332);
    let (pb, ab) = (Vec2::new(-3.207465, 10.997745), 0.30373123);
    let ex = Exact::new(&circle, pa, aa, &capsule, pb, ab);
    assert!((ex.depth() - 1.972_458_5).abs() < 1e-6, "{}", ex.depth());
    let p = penetration(
        &PenetrationInput {
            pair: PosedPair::new(
                &circle,
                Transform::new(pa, aa),
                &capsule,
                Transform::new(pb, ab),
            ),
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
        },
        None,
        None,
    )
    .unwrap();
    let n = p.normal.as_dvec2();
    assert!(
        angle(n, ex.normal.unwrap()) < 1e-4,
        "{n} vs {:?}",
        ex.normal
    );
    assert!(
        ex.depth_along(n) - ex.depth() < 1e-5,
        "{}",
        ex.depth_along(n)
    );
    // The same for the distance query: a point 3e-6 from a segment, both without radii.
    let segment = Shape::segment(Vec2::new(-1.3, 0.2), Vec2::new(1.1, 0.9)).unwrap();
    let point = Shape::polygon(&[Vec2::ZERO], 0.0).unwrap();
    let along = Vec2::new(-1.3, 0.2).lerp(Vec2::new(1.1, 0.9), 0.37);
    let perp = Vec2::new(-0.7, 2.4).normalize();
    let (ps, angle_s) = (Vec2::new(5.0, -3.0), 0.4f32);
    let at = Transform::new(ps, angle_s).apply(along + 3e-6 * perp);
    let out = shape_distance(
        &DistanceInput {
            pair: PosedPair::new(
                &segment,
                Transform::new(ps, angle_s),
                &point,
                Transform::new(at, 0.0),
            ),
            use_radii: true,
            max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
        },
        None,
        None,
    );
    let ex = Exact::new(&segment, ps, angle_s, &point, at, 0.0);
    let normal = out.normal.expect("separated");
    assert!(
        angle(normal.as_dvec2(), ex.normal.unwrap()) < 1e-4,
        "{normal} vs {:?} at distance {}",
        ex.normal,
        out.distance
    );
}

#[test]
fn exact_reference_is_right_on_known_cases() {
    // Two unit boxes 3 apart: distance 1; overlapping by 0.5: depth 0.5 along +x.
    let b = Shape::cuboid(Vec2::new(1.0, 1.0)).unwrap();
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::new(3.0, 0.5), 0.0);
    assert!((ex.distance() - 1.0).abs() < 1e-12);
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::new(1.5, 0.2), 0.0);
    assert!((ex.depth() - 0.5).abs() < 1e-12);
    assert!((ex.normal.unwrap() - DVec2::X).length() < 1e-12);
    // Circles: radii only.
    let c = Shape::circle(1.0).unwrap();
    let ex = Exact::new(&c, Vec2::ZERO, 0.0, &c, Vec2::new(0.0, 1.5), 0.0);
    assert!((ex.depth() - 0.5).abs() < 1e-12);
    assert!((ex.normal.unwrap() - DVec2::Y).length() < 1e-12);
    // dyn4j's triangles (PUBLIC_CASES.md, case 1): depth 0.93704 by SAT.
    let ta = Shape::polygon(
        &[
            Vec2::new(4.0, 11.0),
            Vec2::new(9.0, 9.0),
            Vec2::new(4.0, 5.0),
        ],
        0.0,
    )
    .unwrap();
    let tb = Shape::polygon(
        &[
            Vec2::new(5.0, 7.0),
            Vec2::new(12.0, 7.0),
            Vec2::new(10.0, 2.0),
        ],
        0.0,
    )
    .unwrap();
    let ex = Exact::new(&ta, Vec2::ZERO, 0.0, &tb, Vec2::ZERO, 0.0);
    assert!((ex.depth() - 0.93704).abs() < 1e-5, "{}", ex.depth());
    assert!((ex.normal.unwrap() - DVec2::new(0.62470, -0.78087)).length() < 1e-4);
    // A capsule's core segment 0.56370 from a triangle (case 3): depth 9.43630.
    let cap = Shape::capsule(Vec2::new(0.0, -5.0), Vec2::new(0.0, 5.0), 10.0).unwrap();
    let tri = Shape::polygon(
        &[
            Vec2::new(64.0, 507.0),
            Vec2::new(440.0, 326.0),
            Vec2::new(1072.0, 507.0),
        ],
        0.0,
    )
    .unwrap();
    let ex = Exact::new(
        &cap,
        Vec2::new(381.592, 348.491),
        0.0,
        &tri,
        Vec2::ZERO,
        0.0,
    );
    assert!((ex.depth() - 9.43630).abs() < 1e-4, "{}", ex.depth());
    // Unique witness points of a vertex against a face.
    let ex = Exact::new(
        &b,
        Vec2::ZERO,
        0.0,
        &b,
        Vec2::new(4.0, 0.0),
        std::f32::consts::FRAC_PI_4,
    );
    let (wa, wb) = ex.witness_points().unwrap();
    assert!(
        (wa.x - 1.0).abs() < 1e-12 && (wb - DVec2::new(4.0 - 2f64.sqrt(), 0.0)).length() < 1e-6
    );
    // Parallel faces: not unique.
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::new(4.0, 0.5), 0.0);
    assert!(ex.witness_points().is_none());
    // A tie: coincident boxes can be separated along ±x or ±y... of a square.
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::ZERO, 0.0);
    assert!(ex.is_normal_tie(1e-6));
    let ex = Exact::new(&b, Vec2::ZERO, 0.0, &b, Vec2::new(1.5, 0.2), 0.0);
    assert!(!ex.is_normal_tie(1e-6));
}

#[test]
fn collidescope_matches_parry2d_and_the_exact_answer() {
    let mut report = Report::default();
    for (ka, &kind_a) in KINDS.iter().enumerate() {
        for (kb, &kind_b) in KINDS.iter().enumerate() {
            let mut rng = Rng::new(SEED ^ ((ka * 7 + kb) as u64).wrapping_mul(0x9E37_79B9));
            for i in 0..PAIRS_PER_COMBINATION {
                let a = random_sample(&mut rng, kind_a);
                let b = random_sample(&mut rng, kind_b);
                let category = match i % 20 {
                    0..=8 => Category::Overlap,
                    9..=17 => Category::Separated,
                    _ => Category::NearlyTouching,
                };
                let pose = place(&mut rng, &a.shape, &b.shape, category);
                let label = format!("{} × {} #{i}", kind_a.name(), kind_b.name());
                let combo = (kind_a, kind_b);
                let before = report.combos.get(&combo).map_or(0, |s| s.disagreements);
                check_pair(&mut report, combo, &label, &a, &b, pose);
                let st = report.combos.entry(combo).or_default();
                st.pairs_disagreeing += usize::from(st.disagreements > before);
            }
        }
    }

    eprintln!(
        "\nPairs per combination (A × B: pairs = overlapping + separated + touching; \
         pairs disagreeing with parry2d / disagreement records):"
    );
    let mut total = CombinationStats::default();
    for ((ka, kb), s) in &report.combos {
        eprintln!(
            "  {:>15} × {:<15} {:>4} = {:>4} + {:>4} + {:>3}; {:>3} / {:>3}",
            ka.name(),
            kb.name(),
            s.pairs,
            s.overlapping,
            s.separated,
            s.touching,
            s.pairs_disagreeing,
            s.disagreements
        );
        total.pairs += s.pairs;
        total.overlapping += s.overlapping;
        total.separated += s.separated;
        total.touching += s.touching;
        total.pairs_disagreeing += s.pairs_disagreeing;
        total.disagreements += s.disagreements;
    }
    eprintln!(
        "  total {} pairs = {} overlapping + {} separated + {} touching; \
         {} pairs disagreeing / {} records",
        total.pairs,
        total.overlapping,
        total.separated,
        total.touching,
        total.pairs_disagreeing,
        total.disagreements
    );
    eprintln!("Polygon vertex counts: {:?}", report.polygon_sizes);
    eprintln!("GJK terminations: {:?}", report.gjk_terminations);
    eprintln!("EPA terminations: {:?}", report.epa_terminations);
    eprintln!("Warm starts: {:?}", report.cache_uses);
    eprintln!("Largest Collidescope error against the exact answer (relative to L unless stated):");
    for (check, e) in &report.max_err {
        eprintln!("  {check:<34} {e:.3e}");
    }
    eprintln!("Disagreements with parry2d (kind, favoured by the exact answer: count, max |diff|/L, max parry2d error/L):");
    for ((kind, fav), t) in &report.disagreements {
        eprintln!(
            "  {kind:?} / {fav:?}: {} (max diff {:.3e}, max parry2d err {:.3e})\n      e.g. {}",
            t.count, t.max_diff, t.max_parry_err, t.example
        );
    }

    eprintln!("Disagreements by combination and kind:");
    for ((ka, kb, kind), n) in &report.by_combination {
        eprintln!("  {} × {}: {kind:?} {n}", ka.name(), kb.name());
    }
    assert!(
        total.pairs >= 10_000,
        "only {} pairs were checked",
        total.pairs
    );
    assert!(
        report.failures.is_empty(),
        "{} pairs where Collidescope disagrees with the exact answer; first ones:\n{}",
        report.failures.len(),
        report.failures[..report.failures.len().min(15)].join("\n")
    );
    // Every combination is exercised on both sides of contact.
    for ((ka, kb), s) in &report.combos {
        assert!(
            s.overlapping >= PAIRS_PER_COMBINATION / 3 && s.separated >= PAIRS_PER_COMBINATION / 3,
            "{} × {}: {} overlapping, {} separated",
            ka.name(),
            kb.name(),
            s.overlapping,
            s.separated
        );
    }
    // No disagreement may be settled in parry2d's favour (that would be a Collidescope
    // bug, also caught above).
    for ((kind, fav), t) in &report.disagreements {
        assert!(
            matches!(fav, Favoured::Collidescope | Favoured::Both),
            "{kind:?} settled for {fav:?} on {} pairs, e.g. {}",
            t.count,
            t.example
        );
    }
    // The two libraries must still agree closely, or the harness compares different
    // things (frames, shapes, poses). On sharp shapes (polygons, boxes, segments) parry2d
    // is exact to f32 too, apart from its rare GJK stops ~1e-3 too long: at most 2% of
    // those pairs may disagree at all. On every combination, no distance, depth or
    // witness point may differ by more than 2% of the configuration's size: parry2d's
    // approximations of curved surfaces (a GJK stopping at a relative gap of
    // sqrt(10·ε) ≈ 1.1e-3, witness points on arcs off by the square root of that) stay
    // well below it, and a wrong frame or shape would differ by the size itself.
    let sharp = |k: Kind| matches!(k, Kind::Polygon | Kind::Box | Kind::Segment);
    let (sharp_pairs, sharp_disagreeing) = report
        .combos
        .iter()
        .filter(|((ka, kb), _)| sharp(*ka) && sharp(*kb))
        .fold((0, 0), |(p, d), (_, s)| {
            (p + s.pairs, d + s.pairs_disagreeing)
        });
    assert!(
        sharp_disagreeing * 50 <= sharp_pairs,
        "{sharp_disagreeing} of {sharp_pairs} pairs of sharp shapes disagree with parry2d"
    );
    for ((kind, fav), t) in &report.disagreements {
        if matches!(
            kind,
            Disagreement::Distance | Disagreement::Depth | Disagreement::WitnessPoints
        ) {
            assert!(
                t.max_diff <= 2e-2,
                "{kind:?} / {fav:?}: parry2d differs by {:.3e} · L, e.g. {}",
                t.max_diff,
                t.example
            );
        }
    }
}
