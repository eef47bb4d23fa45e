//! One pair through both libraries and the exact reference.

use super::*;

pub(crate) fn iso(p: Vec2, angle: f32) -> Isometry<Real> {
    Isometry::new(Vector::new(p.x, p.y), angle)
}

pub(crate) fn dv(p: Point<Real>) -> DVec2 {
    DVec2::new(p.x as f64, p.y as f64)
}

/// Runs one pair through both libraries and the exact reference.
pub(crate) fn check_pair(
    report: &mut Report,
    combo: (Kind, Kind),
    label: &str,
    a: &Sample,
    b: &Sample,
    pose: (Vec2, f32, Vec2, f32),
) {
    let (pa, aa, pb, ab) = pose;
    let ex = Exact::new(&a.shape, pa, aa, &b.shape, pb, ab);
    let l = ex.scale;
    let tol = DIST_TOL * l;
    let wtol = WITNESS_TOL * l;
    let what = format!(
        "{label}: A {:?} at ({}, {}) angle {}, B {:?} at ({}, {}) angle {}; exact signed distance {:.9}",
        a.shape.geometry(),
        pa.x,
        pa.y,
        aa,
        b.shape.geometry(),
        pb.x,
        pb.y,
        ab,
        ex.signed
    );
    {
        let st = report.combos.entry(combo).or_default();
        st.pairs += 1;
        if ex.touching() {
            st.touching += 1;
        } else if ex.signed < 0.0 {
            st.overlapping += 1;
        } else {
            st.separated += 1;
        }
    }
    for s in [&a.shape, &b.shape] {
        if matches!(s.geometry(), Geometry::Polygon { .. }) {
            *report.polygon_sizes.entry(s.vertices().len()).or_default() += 1;
        }
    }

    // --- Collidescope ---
    let (xa, xb) = (Transform::new(pa, aa), Transform::new(pb, ab));
    let input = DistanceInput {
        pair: PosedPair::new(&a.shape, xa, &b.shape, xb),
        use_radii: true,
        max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
    };
    let dist = shape_distance(&input, None, None);
    // The same query warm-started from the cache of the previous frame (B 0.01 away and
    // turned by 0.01 rad), as a simulation would run it.
    let mut cache = SimplexCache::default();
    let previous = Transform::new(pb - Vec2::new(0.01, 0.0), ab - 0.01);
    shape_distance(
        &DistanceInput {
            pair: PosedPair {
                transform_b: previous,
                ..input.pair
            },
            ..input
        },
        Some(&mut cache),
        None,
    );
    let warm = shape_distance(&input, Some(&mut cache), None);
    *report
        .cache_uses
        .entry(format!("{:?}", warm.cache_use))
        .or_default() += 1;
    *report
        .gjk_terminations
        .entry(dist.termination.as_str())
        .or_default() += 1;
    let pen = penetration(
        &PenetrationInput {
            pair: PosedPair::new(&a.shape, xa, &b.shape, xb),
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
        },
        None,
        None,
    );
    if let Some(p) = &pen {
        *report
            .epa_terminations
            .entry(p.termination.as_str())
            .or_default() += 1;
    }

    // --- parry2d ---
    let (ia, ib) = (iso(pa, aa), iso(pb, ab));
    let p_dist = pq::distance(&ia, &*a.parry, &ib, &*b.parry).expect("supported pair") as f64;
    let p_points =
        pq::closest_points(&ia, &*a.parry, &ib, &*b.parry, 1.0e3).expect("supported pair");
    let p_contact = pq::contact(&ia, &*a.parry, &ib, &*b.parry, 0.0).expect("supported pair");

    let fail = |report: &mut Report, msg: String| {
        report.failures.push(format!("{msg}\n    {what}"));
    };
    let c_dist = dist.distance as f64;
    if !(c_dist.is_finite() && dist.point_a.is_finite() && dist.point_b.is_finite()) {
        fail(report, format!("non-finite distance output {dist:?}"));
        return;
    }

    // Distance: Collidescope against the exact answer, and parry2d against both.
    let c_err = (c_dist - ex.distance()).abs();
    let p_err = (p_dist - ex.distance()).abs();
    report.err("distance", c_err / l);
    if c_err > tol {
        fail(
            report,
            format!(
                "distance {c_dist} vs exact {} ({:?})",
                ex.distance(),
                dist.termination
            ),
        );
    }
    let w_err = (warm.distance as f64 - ex.distance()).abs();
    report.err("distance (warm-started)", w_err / l);
    if w_err > tol || (warm.cache_use == CacheUse::Cold) {
        fail(
            report,
            format!("warm-started distance {warm:?} vs exact {}", ex.distance()),
        );
    }
    if (c_dist - p_dist).abs() > tol {
        report.disagree(
            combo,
            Disagreement::Distance,
            favoured(c_err <= tol, p_err <= tol),
            (c_dist - p_dist).abs() / l,
            p_err / l,
            format!(
                "collidescope {c_dist}, parry2d {p_dist}, exact {}; {what}",
                ex.distance()
            ),
        );
    }

    if ex.touching() {
        // Either answer is right; it must at least be a small one.
        if c_dist > 2.0 * tol {
            fail(report, format!("touching pair reported {c_dist} apart"));
        }
        if let Some(p) = &pen {
            if !(p.depth.is_finite() && (p.depth as f64) <= ex.depth() + 2.0 * tol) {
                fail(report, format!("touching pair reported depth {}", p.depth));
            }
        }
        return;
    }

    if ex.signed > 0.0 {
        // ----- Separated -----
        if c_dist == 0.0 {
            fail(report, "separated pair reported overlapping".into());
        }
        if pen.is_some() {
            fail(report, format!("separated pair has a penetration {pen:?}"));
        }
        let (ca, cb) = (dist.point_a.as_dvec2(), dist.point_b.as_dvec2());
        // The witness points are as far apart as the shapes…
        let e = ((cb - ca).length() - ex.distance()).abs();
        report.err("witness separation", e / l);
        if e > tol {
            fail(
                report,
                format!(
                    "witness points {ca} {cb} are {} apart, exact distance {}",
                    (cb - ca).length(),
                    ex.distance()
                ),
            );
        }
        // …and each lies on its shape's rounded surface.
        let ea = (signed_distance_to_core(&ex.a_core, ca) - ex.ra).abs();
        let eb = (signed_distance_to_core(&ex.b_core, cb) - ex.rb).abs();
        report.err("witness on surface", ea.max(eb) / l);
        if ea.max(eb) > tol {
            fail(
                report,
                format!("witness points {ca} {cb} off the surfaces by {ea}, {eb}"),
            );
        }
        // The normal is the direction between the closest points. It is well
        // conditioned when the closest features include an edge (the edge's
        // perpendicular); only between two vertices (a 1-point simplex) is it the
        // difference of two rounded points over the distance, off by up to `tol / |z|`.
        match (dist.normal, ex.normal) {
            (Some(n), Some(en)) => {
                let angle = angle(n.as_dvec2(), en);
                let allowed = if dist.simplex_count == 1 {
                    NORMAL_TOL.max(4.0 * tol / ex.z.length())
                } else {
                    NORMAL_TOL
                };
                report.err("separation normal (rad)", angle);
                if angle > allowed {
                    fail(report, format!("normal {n} vs exact {en}"));
                }
            }
            (None, _) => fail(report, "separated pair without a normal".into()),
            _ => {}
        }
        // Unique witness points: compare directly with the exact ones and parry2d's.
        if let Some((ea, eb)) = ex.witness_points() {
            let c_werr = (ca - ea).length().max((cb - eb).length());
            report.err("witness points (unique)", c_werr / l);
            if c_werr > wtol {
                fail(
                    report,
                    format!("witness points {ca} {cb} vs exact {ea} {eb}"),
                );
            }
            if let ClosestPoints::WithinMargin(p1, p2) = p_points {
                let (p1, p2) = (dv(p1), dv(p2));
                let p_werr = (p1 - ea).length().max((p2 - eb).length());
                let diff = (p1 - ca).length().max((p2 - cb).length());
                if diff > wtol {
                    report.disagree(
                        combo,
                        Disagreement::WitnessPoints,
                        favoured(c_werr <= wtol, p_werr <= wtol),
                        diff / l,
                        p_werr / l,
                        format!(
                            "collidescope {ca} {cb}, parry2d {p1} {p2}, exact {ea} {eb}; {what}"
                        ),
                    );
                }
            }
        }
        let parry_overlaps = !matches!(p_points, ClosestPoints::WithinMargin(..))
            || p_contact.is_some_and(|c| c.dist <= 0.0);
        if parry_overlaps {
            report.disagree(
                combo,
                Disagreement::Overlap,
                Favoured::Collidescope,
                ex.distance() / l,
                ex.distance() / l,
                format!("parry2d closest points {p_points:?}, contact {p_contact:?}; {what}"),
            );
        } else if let Some(c) = p_contact {
            // With prediction 0, `contact` should answer `None` for separated shapes; it
            // returns a contact with a positive `dist` when its GJK stops on the
            // "upper bound stopped decreasing" test, which skips the prediction check.
            report.disagree(
                combo,
                Disagreement::ContactBeyondPrediction,
                favoured(true, (c.dist as f64 - ex.distance()).abs() <= tol),
                (c.dist as f64) / l,
                (c.dist as f64 - ex.distance()).abs() / l,
                format!(
                    "parry2d contact {c:?} for shapes {} apart; {what}",
                    ex.distance()
                ),
            );
        }
        return;
    }

    // ----- Overlapping -----
    if c_dist != 0.0 {
        fail(
            report,
            format!(
                "overlapping pair (depth {}) reported {c_dist} apart",
                ex.depth()
            ),
        );
    }
    let Some(p) = pen else {
        fail(
            report,
            format!(
                "overlapping pair (depth {}) without a penetration",
                ex.depth()
            ),
        );
        return;
    };
    let depth = p.depth as f64;
    let n = p.normal.as_dvec2();
    if !(depth.is_finite() && n.is_finite() && p.point_a.is_finite() && p.point_b.is_finite()) {
        fail(report, format!("non-finite penetration {p:?}"));
        return;
    }
    let depth_tol = DEPTH_REL_TOL * ex.depth() + tol;
    let c_derr = (depth - ex.depth()).abs();
    report.err("depth", c_derr / l);
    if c_derr > depth_tol {
        fail(
            report,
            format!(
                "depth {depth} vs exact {} ({:?}, {} iterations)",
                ex.depth(),
                p.termination,
                p.iterations
            ),
        );
    }
    // The normal must achieve the depth: moving B by `depth` along it separates them.
    let along = ex.depth_along(n);
    report.err("depth along normal", (along - ex.depth()) / l);
    if along > ex.depth() + depth_tol || (n.length() - 1.0).abs() > 1e-5 {
        fail(
            report,
            format!(
                "normal {n} needs {along} to separate, exact depth {}",
                ex.depth()
            ),
        );
    }
    // Witness points: on the surfaces, `depth` apart along the normal.
    let (qa, qb) = (p.point_a.as_dvec2(), p.point_b.as_dvec2());
    let e = (qb - (qa - depth * n)).length();
    let ea = (signed_distance_to_core(&ex.a_core, qa) - ex.ra).abs();
    let eb = (signed_distance_to_core(&ex.b_core, qb) - ex.rb).abs();
    report.err("penetration witness", e.max(ea).max(eb) / l);
    if e.max(ea).max(eb) > depth_tol {
        fail(report, format!("penetration witness points {qa} {qb}: {e} off the normal, {ea} / {eb} off the surfaces"));
    }
    // The normal itself, where it is unique.
    let exact_n = ex.normal;
    let c_angle = exact_n.map_or(0.0, |en| angle(n, en));
    let mut tie: Option<bool> = None;
    let mut is_tie = |ex: &Exact| *tie.get_or_insert_with(|| ex.is_normal_tie(depth_tol));
    if c_angle > NORMAL_TOL && !is_tie(&ex) {
        fail(
            report,
            format!("normal {n} vs exact {exact_n:?} (not a tie)"),
        );
    }
    if c_angle <= NORMAL_TOL {
        report.err("penetration normal (rad, unique)", c_angle);
    }

    if let ClosestPoints::WithinMargin(p1, p2) = p_points {
        // parry2d's segment–segment query answers crossing segments with the crossing
        // point twice (a zero gap) rather than `Intersecting`: the same answer.
        let gap = (dv(p2) - dv(p1)).length();
        if gap > tol {
            report.disagree(
                combo,
                Disagreement::Overlap,
                Favoured::Collidescope,
                ex.depth() / l,
                (gap + ex.depth()) / l,
                format!("parry2d closest points {p_points:?} for overlapping shapes; {what}"),
            );
        }
    }
    match p_contact {
        None => report.disagree(
            combo,
            Disagreement::ContactMissing,
            Favoured::Collidescope,
            ex.depth() / l,
            ex.depth() / l,
            format!("parry2d contact None, closest points {p_points:?}; {what}"),
        ),
        Some(c) => {
            let p_depth = -c.dist as f64;
            let p_derr = (p_depth - ex.depth()).abs();
            if (p_depth - depth).abs() > depth_tol {
                report.disagree(
                    combo,
                    Disagreement::Depth,
                    favoured(c_derr <= depth_tol, p_derr <= depth_tol),
                    (p_depth - depth).abs() / l,
                    p_derr / l,
                    format!(
                        "collidescope depth {depth}, parry2d {p_depth}, exact {}; {what}",
                        ex.depth()
                    ),
                );
            }
            let pn = DVec2::new(c.normal1.x as f64, c.normal1.y as f64);
            let diff = angle(pn, n);
            if diff > NORMAL_TOL && !is_tie(&ex) {
                let p_angle = exact_n.map_or(0.0, |en| angle(pn, en));
                report.disagree(
                    combo,
                    Disagreement::Normal,
                    favoured(c_angle <= NORMAL_TOL, p_angle <= NORMAL_TOL),
                    diff,
                    p_angle,
                    format!("collidescope normal {n}, parry2d {pn}, exact {exact_n:?}; {what}"),
                );
            }
        }
    }
}
