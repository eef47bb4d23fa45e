//! Distance, penetration and SAT against the exact reference.

use super::*;

use crate::core::consts::{SAT_ABSOLUTE_TOLERANCE, SAT_RELATIVE_TOLERANCE};
use crate::core::sat::{face_scale, Owner, SatBias, SatOutput, SatTermination};

pub(in crate::verify) fn check_distance(sink: &mut Sink, ex: &Reference, r: &CoreResults) {
    let tol = ex.length_tolerance();
    let d = &r.distance;
    let expected = ex.distance();
    sink.record(
        Check::GjkDistance,
        (d.distance as f64 - expected).abs(),
        tol,
        || {
            format!(
                "GJK distance {:.9e}, exact {:.9e} (exact signed {:.9e}); termination {}, {} iterations",
                d.distance,
                expected,
                ex.signed,
                d.termination.as_str(),
                d.iterations
            )
        },
    );
    // Witness points of clearly apart shapes: on the surfaces, `distance` apart.
    if ex.signed > tol {
        let ptol = ex.point_tolerance();
        let (pa, pb) = (f(d.point_a), f(d.point_b));
        let (sa, sb) = (ex.sd_a(pa), ex.sd_b(pb));
        let gap = ((pb - pa).length() - d.distance as f64).abs();
        let err = sa.abs().max(sb.abs()).max(gap);
        sink.record(Check::GjkWitness, err, ptol, || {
            format!(
                "GJK witness point_a {} is {:.3e} from A's surface, point_b {} is {:.3e} from B's; \
                 |point_b - point_a| differs from the distance {:.9e} by {:.3e}",
                fmt_v(pa),
                sa,
                fmt_v(pb),
                sb,
                d.distance,
                gap
            )
        });
    }
    // The normal of clearly apart cores: the closest-points direction.
    if ex.core_signed > tol {
        if let Some((p, q)) = ex.closest {
            let z = (q - p).length();
            let atol = gjk_normal_tolerance() + tol / z;
            if atol < 0.5 {
                let exact = (q - p) / z;
                match d.normal {
                    Some(n) => {
                        let err = angle_between(f(n), exact);
                        sink.record(Check::GjkNormal, err, atol, || {
                            format!(
                                "GJK normal {} is {:.3e} rad from the exact {} (cores {:.9e} apart)",
                                fmt_v(f(n)),
                                err,
                                fmt_v(exact),
                                z
                            )
                        });
                    }
                    None => sink.require(Check::GjkNormal, false, || {
                        format!("GJK gave no normal for cores {z:.9e} apart")
                    }),
                }
            }
        }
    }
}

pub(in crate::verify) fn check_penetration(sink: &mut Sink, ex: &Reference, r: &CoreResults) {
    let tol = ex.length_tolerance();
    let depth = ex.depth();
    let dtol = ex.depth_tolerance(depth);
    match &r.penetration {
        None => {
            sink.record(Check::EpaDepth, depth, dtol, || {
                format!(
                    "no penetration reported; exact depth {depth:.9e} (GJK said {})",
                    r.distance.termination.as_str()
                )
            });
        }
        Some(p) => {
            let mut err = (p.depth as f64 - depth).abs();
            if ex.signed > tol {
                err = err.max(ex.signed);
            }
            sink.record(Check::EpaDepth, err, dtol, || {
                format!(
                    "EPA depth {:.9e}, exact depth {depth:.9e} (exact signed distance {:.9e}); \
                     EPA {} after {} iterations, GJK {}",
                    p.depth,
                    ex.signed,
                    p.termination.as_str(),
                    p.iterations,
                    p.gjk_termination.as_str()
                )
            });
            if depth > tol {
                let n = f(p.normal).normalize_or_zero();
                let excess = ex.penetration_along(n) - depth;
                sink.record(Check::EpaNormal, excess.max(0.0), dtol, || {
                    format!(
                        "moving B by the depth along EPA's normal {} does not separate: it needs \
                         {:.9e}, the exact depth is {depth:.9e}",
                        fmt_v(n),
                        ex.penetration_along(n)
                    )
                });
                if let Some(n0) = ex.normal {
                    if ex.core_signed < -tol {
                        if !ex.normal_is_tie(n0, depth + dtol) {
                            let err = angle_between(n, n0);
                            sink.record(Check::EpaNormal, err, NORMAL_TOLERANCE, || {
                                format!(
                                    "EPA normal {} is {err:.3e} rad from the exact {} (depth \
                                     {depth:.9e}, no other direction within the tolerance)",
                                    fmt_v(n),
                                    fmt_v(n0)
                                )
                            });
                        }
                    } else if ex.core_signed > tol {
                        let atol = gjk_normal_tolerance() + tol / ex.core_signed;
                        if atol < 0.5 {
                            let err = angle_between(n, n0);
                            sink.record(Check::EpaNormal, err, atol, || {
                                format!(
                                    "EPA normal {} (cores apart by {:.9e}) is {err:.3e} rad from \
                                     the closest-points direction {}",
                                    fmt_v(n),
                                    ex.core_signed,
                                    fmt_v(n0)
                                )
                            });
                        }
                    }
                }
            }
        }
    }
}

/// SAT's separation against the exact one: never above the signed distance, exact for
/// two circles and over one shape's faces; with faces on both shapes, the face the
/// bias rule picks and the outcome.
pub(in crate::verify) fn check_sat(
    sink: &mut Sink,
    pair: &FuzzPair,
    ex: &Reference,
    s: &SatOutput,
    bias: SatBias,
) {
    let tol = ex.length_tolerance();
    let r = ex.ra + ex.rb;
    let got = s.separation as f64;
    // Every axis gives a lower bound of the signed distance.
    sink.record(Check::Sat, (got - ex.signed).max(0.0), tol, || {
        format!(
            "SAT separation {got:.9e} exceeds the exact signed distance {:.9e}",
            ex.signed
        )
    });
    match (ex.best_a(), ex.best_b()) {
        (None, None) => {
            // Two circles: the line of centres is exact.
            sink.record(Check::Sat, (got - ex.signed).abs(), tol, || {
                format!(
                    "SAT separation of two circles {got:.9e}, exact {:.9e}",
                    ex.signed
                )
            });
        }
        (Some((_, best)), None) | (None, Some((_, best))) => {
            let expected = best - r;
            sink.record(Check::Sat, (got - expected).abs(), tol, || {
                format!(
                    "SAT over one shape's faces: separation {got:.9e}, exact best face {expected:.9e}"
                )
            });
        }
        (Some((_, sa)), Some((ib, sb))) => {
            let best = BestFaces {
                a: sa - r,
                b: sb - r,
                b_edge: ib,
            };
            check_sat_faces(sink, pair, ex, s, bias, &best);
        }
    }
}

/// The exact best separation over each shape's faces, less both radii, and B's best
/// face.
struct BestFaces {
    a: f64,
    b: f64,
    b_edge: usize,
}

/// Both shapes have faces: an axis separates (rule 1: the larger separation), or both
/// penetrate (rule 2: the bias rule's face); near touching either will do. Then the
/// outcome against the largest separation.
fn check_sat_faces(
    sink: &mut Sink,
    pair: &FuzzPair,
    ex: &Reference,
    s: &SatOutput,
    bias: SatBias,
    best: &BestFaces,
) {
    let tol = ex.length_tolerance();
    let got = s.separation as f64;
    let (sa, sb, ib) = (best.a, best.b, best.b_edge);
    let max = sa.max(sb);
    // Rule 1 (an axis separates): the larger separation.
    let largest = (got - max).abs();
    let (biased, threshold) = biased_face_error(pair, ex, s, bias, best);
    let err = if bias == SatBias::Box2dV3 {
        // One rule whether apart or not: B only beyond 0.1 × linear slop.
        biased
    } else if max > tol {
        largest
    } else if max < -tol {
        biased
    } else {
        largest.min(biased)
    };
    sink.record(Check::Sat, err, tol, || {
        format!(
            "SAT chose {} edge {} with separation {got:.9e}; exact best of A {sa:.9e}, \
             of B {sb:.9e} (edge {ib}), bias threshold {threshold:.9e}",
            s.axis_owner.as_str(),
            s.edge
        )
    });
    let outcome_ok = if max > tol {
        s.termination == SatTermination::Separated
    } else if max < -tol {
        s.termination == SatTermination::Overlap
    } else {
        true
    };
    sink.require(Check::Sat, outcome_ok, || {
        format!(
            "SAT says {}, the exact largest separation is {max:.9e}",
            s.termination.as_str()
        )
    });
}

/// Rule 2 (both penetrate): the owner's best face, B only beyond the bias. Returns
/// how far SAT's answer is from it (infinite when its face does not exist) and the
/// threshold B's separation must beat.
fn biased_face_error(
    pair: &FuzzPair,
    ex: &Reference,
    s: &SatOutput,
    bias: SatBias,
    best: &BestFaces,
) -> (f64, f64) {
    let r = ex.ra + ex.rb;
    let got = s.separation as f64;
    let (sa, sb) = (best.a, best.b);
    let face_sep = match s.axis_owner {
        Owner::A => ex.sep_a.get(s.edge).map(|x| x - r),
        Owner::B => ex.sep_b.get(s.edge).map(|x| x - r),
    };
    let owner_best = if s.axis_owner == Owner::A { sa } else { sb };
    let h_b = face_scale(&pair.shape_b, best.b_edge) as f64;
    // B's separation must beat this for B's face (both penetrating, for Lite).
    let threshold = match bias {
        SatBias::Box2dLite => {
            SAT_RELATIVE_TOLERANCE as f64 * sa + SAT_ABSOLUTE_TOLERANCE as f64 * h_b
        }
        SatBias::Box2dV3 => sa,
    };
    let biased = match face_sep {
        Some(fs) => {
            let value = (got - fs).abs();
            let not_best = (owner_best - fs).max(0.0);
            let rule = match s.axis_owner {
                Owner::A => (sb - threshold).max(0.0),
                Owner::B => (threshold - sb).max(0.0),
            };
            value.max(not_best).max(rule)
        }
        None => f64::INFINITY,
    };
    (biased, threshold)
}
