//! The fuzzer's run: its report, the disagreements it must see, the scenes it writes.

use super::*;

#[test]
fn a_short_seeded_run_finds_no_disagreement() {
    let config = FuzzConfig {
        seed: 0x00F0_22ED,
        start: 0,
        count: 4000,
        threads: 2,
        keep: 50,
        family: None,
    };
    let report = run(&config, &mut |_, _| {});
    assert_eq!(report.count, 4000);
    let mut listing = String::new();
    for d in &report.disagreements {
        listing.push_str(&format!(
            "pair {} ({}): {}: {}\n",
            d.index,
            d.family.name(),
            d.check.name(),
            d.detail
        ));
    }
    assert!(
        report.is_clean(),
        "{} disagreements\n{}\n{listing}",
        report.disagreement_count,
        report.table()
    );
    // Every family was exercised, and every check applied to some pairs.
    for (family, stats) in &report.families {
        assert!(
            stats.pairs > 100,
            "{}: {} pairs",
            family.name(),
            stats.pairs
        );
    }
    for (check, stats) in &report.checks {
        assert!(stats.pairs > 20, "{}: {} pairs", check.name(), stats.pairs);
        assert_eq!(stats.pairs, stats.passed + stats.failed);
    }
    // The length checks ran on every pair.
    assert_eq!(report.check(Check::GjkDistance).pairs, 4000);
    assert_eq!(report.check(Check::EpaDepth).pairs, 4000);
}

#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    let mut config = FuzzConfig::new(77, 300);
    config.threads = 1;
    let one = run(&config, &mut |_, _| {});
    config.threads = 3;
    let three = run(&config, &mut |_, _| {});
    assert_eq!(one, three);
}

#[test]
fn a_distance_off_by_ten_percent_is_a_disagreement() {
    // Two boxes 1.0 apart along x.
    let p = boxes(v(3.0, 0.2), 0.0);
    let (r, t, mut res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    assert!((r.distance() - 1.0).abs() < 1e-6, "{}", r.distance());
    res.distance.distance *= 1.1;
    let m = recheck(&p, &r, &t, &res);
    let f = failed_check(&m, Check::GjkDistance).expect("the distance check fails");
    assert!((f.error - 0.1).abs() < 1e-5, "error {}", f.error);
    let detail = f.detail.as_deref().unwrap_or("");
    assert!(
        detail.contains("1.1000000") && detail.contains("1.000000"),
        "{detail}"
    );
    // The swapped query now disagrees with this one too.
    assert!(failed_check(&m, Check::Symmetry).is_some());
}

#[test]
fn a_flipped_normal_and_a_wrong_depth_are_disagreements() {
    // Overlapping by 0.25 along x: B must move +x.
    let p = boxes(v(1.75, 0.1), 0.0);
    let (r, t, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    assert!((r.depth() - 0.25).abs() < 1e-6);
    let good = res.penetration.expect("overlap found");
    assert!((good.normal - Vec2::X).length() < 1e-5);

    let mut flipped = res.clone();
    if let Some(pen) = flipped.penetration.as_mut() {
        pen.normal = -pen.normal;
    }
    let m = recheck(&p, &r, &t, &flipped);
    let f = failed_check(&m, Check::EpaNormal).expect("a flipped normal fails");
    // A spans x ∈ [−0.75, 1.25], B [1, 3]: pushing B out along −x takes 3.75, not 0.25.
    assert!((f.error - 3.5).abs() < 1e-5, "error {}", f.error);

    let mut deeper = res.clone();
    if let Some(pen) = deeper.penetration.as_mut() {
        pen.depth *= 1.1;
    }
    let m = recheck(&p, &r, &t, &deeper);
    let f = failed_check(&m, Check::EpaDepth).expect("a 10% deeper depth fails");
    assert!((f.error - 0.025).abs() < 1e-5, "error {}", f.error);

    let mut missed = res.clone();
    missed.penetration = None;
    let m = recheck(&p, &r, &t, &missed);
    assert!(failed_check(&m, Check::EpaDepth).is_some());

    let mut nan = res;
    nan.sat.separation = f32::NAN;
    let m = recheck(&p, &r, &t, &nan);
    assert!(failed_check(&m, Check::Finite).is_some());
}

#[test]
fn a_late_time_of_impact_is_a_disagreement() {
    // B 2.0 to the right of A, moving left by 4: first contact at t = 0.5.
    let mut p = boxes(v(4.0, 0.0), 0.0);
    p.velocity_b = v(-4.0, 0.0);
    let (r, t, mut res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    assert!((t.t_hit.expect("exact hit") - 0.5).abs() < 1e-9);
    assert!((res.cast.t - 0.5).abs() < 1e-5, "{}", res.cast.t);
    // 10% late: B has passed 0.2 into A.
    res.cast.t = 0.55;
    res.swept.t = 0.55;
    let m = recheck(&p, &r, &t, &res);
    let f = failed_check(&m, Check::CastToi).expect("a late cast fails");
    assert!((f.error - 0.2).abs() < 1e-5, "error {}", f.error);
    assert!(failed_check(&m, Check::SweptToi).is_some());
}

#[test]
fn a_disagreement_becomes_a_scene_that_opens_with_its_numbers() {
    let p = boxes(v(3.0, 0.2), 0.3);
    let (r, t, mut res, _) = checked(&p);
    res.distance.distance *= 1.1;
    let m = recheck(&p, &r, &t, &res);
    let f = failed_check(&m, Check::GjkDistance).expect("fails");
    let d = Disagreement {
        seed: 9,
        index: 1234,
        family: p.family,
        check: f.check,
        error: f.error,
        tolerance: f.tolerance,
        detail: f.detail.clone().unwrap_or_default(),
        manifold_source: None,
    };
    let scene = disagreement_scene(&p, &d).expect("a scene");
    let dir = temp_dir("scene");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(scene_file_name(&d));
    save_scene(&scene, &path).expect("saved");
    let back = load_scene(&path).expect("the scene loads");
    assert_eq!(back.shapes.len(), 2);
    assert_eq!(back.shapes[0].name, "A");
    assert_eq!(back.shapes[1].name, "B");
    // The pair exactly as it was checked (RON writes f32 round-trip).
    assert_eq!(back.shapes[0].shape, p.shape_a);
    assert_eq!(back.shapes[0].pose, p.pose_a);
    assert_eq!(back.shapes[1].shape, p.shape_b);
    assert_eq!(back.shapes[1].pose, p.pose_b);
    assert!(back.title.contains("gjk_distance"), "{}", back.title);
    assert_eq!(back.view.algorithm, Algorithm::Gjk);
    // The expected and actual numbers, and how to reproduce.
    let expected = format!("{:.9e}", r.distance());
    let actual = format!("{:.9e}", res.distance.distance);
    assert!(back.notes.contains(&expected), "{}", back.notes);
    assert!(back.notes.contains(&actual), "{}", back.notes);
    assert!(
        back.notes.contains("--seed 9 --start 1234 --count 1"),
        "{}",
        back.notes
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn write_scenes_regenerates_each_pair_from_its_seed_and_index() {
    let mut report = run(&FuzzConfig::new(5, 40), &mut |_, _| {});
    assert!(report.is_clean(), "{}", report.table());
    report.disagreements.push(Disagreement {
        seed: 5,
        index: 17,
        family: generate_pair(5, 17).family,
        check: Check::ManifoldDepth,
        error: 1.0,
        tolerance: 0.5,
        detail: "deepest separation -1.5e-1, exact -2.5e-1".to_string(),
        manifold_source: Some(ManifoldSource::Sat),
    });
    report.disagreement_count += 1;
    let dir = temp_dir("write");
    let written = write_scenes(&report, &dir, 10).expect("written");
    assert_eq!(written.len(), 1);
    let back = load_scene(&written[0]).expect("loads");
    let p = generate_pair(5, 17);
    assert_eq!(back.shapes[0].shape, p.shape_a);
    assert_eq!(back.shapes[1].pose, p.pose_b);
    assert_eq!(back.shapes[1].velocity, p.velocity_b);
    assert_eq!(back.view.algorithm, Algorithm::Manifold);
    assert_eq!(back.view.manifold_source, "sat");
    assert!(back.notes.contains("-2.5e-1"), "{}", back.notes);
    let _ = std::fs::remove_dir_all(&dir);
}
