//! A separated pair: Collidescope's witness points and normal against the exact ones,
//! parry2d's closest points and contact against both.

use super::*;

pub(crate) fn check_separated(report: &mut Report, pair: &Checked, ours: &Ours, theirs: &Theirs) {
    let (ex, l, tol) = (&pair.ex, pair.l, pair.tol);
    let (dist, pen) = (&ours.dist, &ours.pen);
    let fail = |report: &mut Report, msg: String| pair.fail(report, msg);
    if dist.distance == 0.0 {
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
    check_unique_witnesses(report, pair, (ca, cb), theirs);
    compare_parry_separation(report, pair, theirs);
}

/// Unique witness points: compared directly with the exact ones and parry2d's.
fn check_unique_witnesses(
    report: &mut Report,
    pair: &Checked,
    (ca, cb): (DVec2, DVec2),
    theirs: &Theirs,
) {
    let (ex, l, wtol, what) = (&pair.ex, pair.l, pair.wtol, &pair.what);
    let Some((ea, eb)) = ex.witness_points() else {
        return;
    };
    let c_werr = (ca - ea).length().max((cb - eb).length());
    report.err("witness points (unique)", c_werr / l);
    if c_werr > wtol {
        pair.fail(
            report,
            format!("witness points {ca} {cb} vs exact {ea} {eb}"),
        );
    }
    if let ClosestPoints::WithinMargin(p1, p2) = theirs.points {
        let (p1, p2) = (dv(p1), dv(p2));
        let p_werr = (p1 - ea).length().max((p2 - eb).length());
        let diff = (p1 - ca).length().max((p2 - cb).length());
        if diff > wtol {
            report.disagree(
                pair.combo,
                Disagreement::WitnessPoints,
                favoured(c_werr <= wtol, p_werr <= wtol),
                diff / l,
                p_werr / l,
                format!("collidescope {ca} {cb}, parry2d {p1} {p2}, exact {ea} {eb}; {what}"),
            );
        }
    }
}

/// parry2d on separated shapes: overlapping by its closest points or contact, or a
/// contact beyond the prediction.
fn compare_parry_separation(report: &mut Report, pair: &Checked, theirs: &Theirs) {
    let (ex, l, tol, what) = (&pair.ex, pair.l, pair.tol, &pair.what);
    let (p_points, p_contact) = (theirs.points, theirs.contact);
    let parry_overlaps = !matches!(p_points, ClosestPoints::WithinMargin(..))
        || p_contact.is_some_and(|c| c.dist <= 0.0);
    if parry_overlaps {
        report.disagree(
            pair.combo,
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
            pair.combo,
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
}
