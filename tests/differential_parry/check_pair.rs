//! One pair through both libraries and the exact reference: the distance, for every
//! pair; then the separated pair's witness points and normal (`separated.rs`) or the
//! overlapping pair's depth, normal and contact (`overlapping.rs`).

use super::*;

pub(crate) fn iso(p: Vec2, angle: f32) -> Isometry<Real> {
    Isometry::new(Vector::new(p.x, p.y), angle)
}

pub(crate) fn dv(p: Point<Real>) -> DVec2 {
    DVec2::new(p.x as f64, p.y as f64)
}

/// One pair as checked: its exact answer, the tolerances at its size, and the line that
/// names it in every failure and disagreement.
pub(crate) struct Checked {
    pub(crate) combo: (Kind, Kind),
    pub(crate) ex: Exact,
    /// The configuration's size `L`.
    pub(crate) l: f64,
    /// `DIST_TOL · L` and `WITNESS_TOL · L`.
    pub(crate) tol: f64,
    pub(crate) wtol: f64,
    pub(crate) what: String,
}

impl Checked {
    pub(crate) fn fail(&self, report: &mut Report, msg: String) {
        report.failures.push(format!("{msg}\n    {}", self.what));
    }
}

/// Collidescope's answers: the distance (cold, and warm-started from the previous
/// frame's cache) and the penetration.
pub(crate) struct Ours {
    pub(crate) dist: DistanceOutput,
    pub(crate) warm: DistanceOutput,
    pub(crate) pen: Option<PenetrationOutput>,
}

/// parry2d's answers: the distance, the closest points and the contact.
pub(crate) struct Theirs {
    pub(crate) dist: f64,
    pub(crate) points: ClosestPoints,
    pub(crate) contact: Option<Contact>,
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
    let pair = Checked {
        combo,
        l,
        tol: DIST_TOL * l,
        wtol: WITNESS_TOL * l,
        what,
        ex,
    };
    count(report, &pair, a, b);
    let ours = run_ours(report, a, b, pose);
    let theirs = run_parry(a, b, pose);
    if !check_distance(report, &pair, &ours, &theirs) {
        return;
    }
    if pair.ex.touching() {
        check_touching(report, &pair, &ours);
    } else if pair.ex.signed > 0.0 {
        check_separated(report, &pair, &ours, &theirs);
    } else {
        check_overlapping(report, &pair, &ours, &theirs);
    }
}

/// The pair in the combination's counts (touching, overlapping, separated) and its
/// polygons in the sizes'.
fn count(report: &mut Report, pair: &Checked, a: &Sample, b: &Sample) {
    let ex = &pair.ex;
    {
        let st = report.combos.entry(pair.combo).or_default();
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
}

/// Collidescope's queries, their terminations and cache use counted.
fn run_ours(report: &mut Report, a: &Sample, b: &Sample, pose: (Vec2, f32, Vec2, f32)) -> Ours {
    let (pa, aa, pb, ab) = pose;
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
    Ours { dist, warm, pen }
}

fn run_parry(a: &Sample, b: &Sample, pose: (Vec2, f32, Vec2, f32)) -> Theirs {
    let (pa, aa, pb, ab) = pose;
    let (ia, ib) = (iso(pa, aa), iso(pb, ab));
    let p_dist = pq::distance(&ia, &*a.parry, &ib, &*b.parry).expect("supported pair") as f64;
    let p_points =
        pq::closest_points(&ia, &*a.parry, &ib, &*b.parry, 1.0e3).expect("supported pair");
    let p_contact = pq::contact(&ia, &*a.parry, &ib, &*b.parry, 0.0).expect("supported pair");
    Theirs {
        dist: p_dist,
        points: p_points,
        contact: p_contact,
    }
}

/// The distance: Collidescope (cold and warm-started) against the exact answer, and
/// parry2d against both. False when Collidescope's output is not finite (nothing
/// further is checked).
fn check_distance(report: &mut Report, pair: &Checked, ours: &Ours, theirs: &Theirs) -> bool {
    let (ex, l, tol, what) = (&pair.ex, pair.l, pair.tol, &pair.what);
    let (dist, warm, p_dist) = (&ours.dist, &ours.warm, theirs.dist);
    let fail = |report: &mut Report, msg: String| pair.fail(report, msg);
    let c_dist = dist.distance as f64;
    if !(c_dist.is_finite() && dist.point_a.is_finite() && dist.point_b.is_finite()) {
        fail(report, format!("non-finite distance output {dist:?}"));
        return false;
    }

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
            pair.combo,
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
    true
}

/// A touching pair: either answer is right; it must at least be a small one.
fn check_touching(report: &mut Report, pair: &Checked, ours: &Ours) {
    let tol = pair.tol;
    let c_dist = ours.dist.distance as f64;
    if c_dist > 2.0 * tol {
        pair.fail(report, format!("touching pair reported {c_dist} apart"));
    }
    if let Some(p) = &ours.pen {
        if !(p.depth.is_finite() && (p.depth as f64) <= pair.ex.depth() + 2.0 * tol) {
            pair.fail(report, format!("touching pair reported depth {}", p.depth));
        }
    }
}
