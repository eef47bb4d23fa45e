//! An overlapping pair: Collidescope's penetration (depth, normal, witness points)
//! against the exact one, parry2d's closest points and contact against both.

use super::*;

pub(crate) fn check_overlapping(report: &mut Report, pair: &Checked, ours: &Ours, theirs: &Theirs) {
    let ex = &pair.ex;
    let fail = |report: &mut Report, msg: String| pair.fail(report, msg);
    if ours.dist.distance != 0.0 {
        fail(
            report,
            format!(
                "overlapping pair (depth {}) reported {} apart",
                ex.depth(),
                ours.dist.distance as f64
            ),
        );
    }
    let Some(p) = &ours.pen else {
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
    // Whether two faces give the depth within the tolerance (worked out once, when
    // first needed).
    let mut tie: Option<bool> = None;
    let ours = check_penetration(report, pair, p, &mut tie);
    compare_parry_overlap(report, pair, &ours, theirs, &mut tie);
}

/// Collidescope's penetration as compared with parry2d's: depth and normal, their
/// tolerance, and their errors against the exact answer.
struct Penetration {
    depth: f64,
    n: DVec2,
    depth_tol: f64,
    c_derr: f64,
    c_angle: f64,
}

/// The depth, the normal (it achieves the depth; it is the exact one where that is
/// unique) and the witness points against the exact answer.
fn check_penetration(
    report: &mut Report,
    pair: &Checked,
    p: &PenetrationOutput,
    tie: &mut Option<bool>,
) -> Penetration {
    let (ex, l, tol) = (&pair.ex, pair.l, pair.tol);
    let fail = |report: &mut Report, msg: String| pair.fail(report, msg);
    let depth = p.depth as f64;
    let n = p.normal.as_dvec2();
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
    if c_angle > NORMAL_TOL && !*tie.get_or_insert_with(|| ex.is_normal_tie(depth_tol)) {
        fail(
            report,
            format!("normal {n} vs exact {exact_n:?} (not a tie)"),
        );
    }
    if c_angle <= NORMAL_TOL {
        report.err("penetration normal (rad, unique)", c_angle);
    }
    Penetration {
        depth,
        n,
        depth_tol,
        c_derr,
        c_angle,
    }
}

/// parry2d on overlapping shapes: its closest points (apart, or crossing), its contact
/// (missing, or of another depth or normal).
fn compare_parry_overlap(
    report: &mut Report,
    pair: &Checked,
    ours: &Penetration,
    theirs: &Theirs,
    tie: &mut Option<bool>,
) {
    let (ex, l, tol, what, combo) = (&pair.ex, pair.l, pair.tol, &pair.what, pair.combo);
    let (depth, n, depth_tol) = (ours.depth, ours.n, ours.depth_tol);
    let p_points = theirs.points;
    let exact_n = ex.normal;
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
    match theirs.contact {
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
                    favoured(ours.c_derr <= depth_tol, p_derr <= depth_tol),
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
            if diff > NORMAL_TOL && !*tie.get_or_insert_with(|| ex.is_normal_tie(depth_tol)) {
                let p_angle = exact_n.map_or(0.0, |en| angle(pn, en));
                report.disagree(
                    combo,
                    Disagreement::Normal,
                    favoured(ours.c_angle <= NORMAL_TOL, p_angle <= NORMAL_TOL),
                    diff,
                    p_angle,
                    format!("collidescope normal {n}, parry2d {pn}, exact {exact_n:?}; {what}"),
                );
            }
        }
    }
}
