//! The comparison.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Verdict {
    Hit(f64),
    Miss,
}

fn ours_verdict(o: &CastOutput) -> Verdict {
    match o.termination {
        CastTermination::Hit | CastTermination::InitiallyOverlapping => Verdict::Hit(o.t as f64),
        CastTermination::MovingApart | CastTermination::SeparatedAtEnd => Verdict::Miss,
        // Reported and asserted separately: never expected here.
        CastTermination::MaxIterations => Verdict::Hit(o.t as f64),
    }
}

#[derive(Default)]
struct Summary {
    pairs: usize,
    exact_hits: usize,
    exact_misses: usize,
    exact_initial: usize,
    ambiguous: usize,
    ours_max_iterations: usize,
    ours_worst_dt: f64,
    ours_worst_f: f64,
    ours_normals_compared: usize,
    ours_worst_normal: f64,
    parry_worst_dt: f64,
    parry_statuses: BTreeMap<String, usize>,
    /// Disagreements between the two libraries, by cause.
    disagreements: BTreeMap<String, usize>,
    examples: BTreeMap<String, String>,
    our_errors: Vec<String>,
}

impl Summary {
    fn disagree(&mut self, cause: String, curved: bool, example: String) {
        let cause = format!(
            "{cause} [{}]",
            if curved { "curved pair" } else { "sharp pair" }
        );
        *self.disagreements.entry(cause.clone()).or_default() += 1;
        self.examples.entry(cause).or_insert(example);
    }
}

#[allow(clippy::too_many_arguments)]
fn check_pair(
    s: &mut Summary,
    label: &str,
    a: &Sample,
    b: &Sample,
    xa: (Vec2, f32, Vec2),
    xb: (Vec2, f32, Vec2),
) {
    s.pairs += 1;
    let exact = Exact::new(&a.shape, xa, &b.shape, xb);
    let ours = shape_cast(
        &CastInput::new(
            PosedPair::new(
                &a.shape,
                Transform::new(xa.0, xa.1),
                &b.shape,
                Transform::new(xb.0, xb.1),
            ),
            xa.2,
            xb.2,
        ),
        None,
    );
    let iso = |p: Vec2, ang: f32| Isometry::new(Vector::new(p.x, p.y), ang);
    let (ia, ib) = (iso(xa.0, xa.1), iso(xb.0, xb.1));
    let parry = pq::cast_shapes(
        &ia,
        &Vector::new(xa.2.x, xa.2.y),
        a.parry.as_ref(),
        &ib,
        &Vector::new(xb.2.x, xb.2.y),
        b.parry.as_ref(),
        ShapeCastOptions {
            max_time_of_impact: 1.0,
            target_distance: 0.0,
            stop_at_penetration: true,
            compute_impact_geometry_on_penetration: true,
        },
    )
    .expect("every pair of these shapes is supported by parry2d");
    if let Some(h) = &parry {
        *s.parry_statuses
            .entry(format!("{:?}", h.status))
            .or_default() += 1;
    } else {
        *s.parry_statuses.entry("None (miss)".into()).or_default() += 1;
    }
    let parry_v = match &parry {
        Some(h) => Verdict::Hit(h.time_of_impact as f64),
        None => Verdict::Miss,
    };
    let parry_normal = parry.as_ref().map(|h| {
        let n = ia * h.normal1.into_inner();
        DVec2::new(n.x as f64, n.y as f64)
    });
    let ours_v = ours_verdict(&ours);
    if ours.termination == CastTermination::MaxIterations {
        s.ours_max_iterations += 1;
    }
    let exact_v = match exact.toi {
        Some(t) => Verdict::Hit(t),
        None => Verdict::Miss,
    };
    match exact.toi {
        Some(0.0) => s.exact_initial += 1,
        Some(_) => s.exact_hits += 1,
        None => s.exact_misses += 1,
    }
    let ambiguous = exact.ambiguous();
    let curved = exact.r > 0.0;
    if ambiguous {
        s.ambiguous += 1;
    }
    let ctx = format!(
        "{label}: A {:?} at {:?} angle {} vel {:?}; B {:?} at {:?} angle {} vel {:?}",
        a.shape.geometry(),
        xa.0,
        xa.1,
        xa.2,
        b.shape.geometry(),
        xb.0,
        xb.1,
        xb.2
    );

    // --- Collidescope against the exact answer (asserted). ---
    let dist_tol = exact.tol(DIST_TOL);
    match (ours_v, exact_v) {
        (Verdict::Hit(t), Verdict::Hit(te)) => {
            let f = exact.f(t);
            let dt = (t - te).abs();
            if te > 0.0 && ours.termination != CastTermination::InitiallyOverlapping {
                s.ours_worst_dt = s.ours_worst_dt.max(dt);
                s.ours_worst_f = s.ours_worst_f.max(f.abs() / exact.scale);
                if f.abs() > dist_tol {
                    s.our_errors.push(format!(
                        "time: ours {t}, exact {te}, f(ours) = {f:e} > {dist_tol:e}; {ctx}"
                    ));
                }
                if let Some(ne) = exact.normal {
                    let n = ours.normal.as_dvec2();
                    let err = angle(n, ne);
                    s.ours_normals_compared += 1;
                    s.ours_worst_normal = s.ours_worst_normal.max(err);
                    if err > OUR_NORMAL_TOL {
                        s.our_errors.push(format!(
                            "normal: ours {n:?}, exact {ne:?} ({err:e} rad); {ctx}"
                        ));
                    }
                }
            } else if te == 0.0 && t > 0.0 && exact.f0.abs() > dist_tol {
                s.our_errors.push(format!(
                    "overlapping at t = 0 (f0 = {:e}) but ours says a hit at {t}; {ctx}",
                    exact.f0
                ));
            } else if t == 0.0 && te > 0.0 && exact.f0.abs() > dist_tol {
                s.our_errors.push(format!(
                    "ours says overlapping at t = 0 but f0 = {:e}; {ctx}",
                    exact.f0
                ));
            }
        }
        (Verdict::Miss, Verdict::Miss) => {}
        (o, e) if !ambiguous => s.our_errors.push(format!(
            "verdict: ours {o:?} ({:?}), exact {e:?}; {ctx}",
            ours.termination
        )),
        _ => {}
    }

    // --- parry2d against Collidescope, settled by the exact answer (counted). ---
    match (parry_v, ours_v) {
        (Verdict::Hit(tp), Verdict::Hit(to)) => {
            let te = exact.toi.unwrap_or(f64::NAN);
            if (tp - to).abs() > 1e-4 {
                let fp = exact.f(tp);
                let cause = if fp.abs() <= dist_tol {
                    "parry2d's time is early by more than 1e-4 but within the distance tolerance"
                } else if fp < 0.0 {
                    "parry2d's time is late: the shapes already overlap there"
                } else {
                    "parry2d's time is early: the shapes are still apart there"
                };
                s.disagree(
                    cause.to_string(),
                    curved,
                    format!("parry {tp}, ours {to}, exact {te}, f(parry) = {fp:e}; {ctx}"),
                );
            }
            if te > 0.0 {
                s.parry_worst_dt = s.parry_worst_dt.max((tp - te).abs());
            }
            if let (Some(np), Some(ne)) = (parry_normal, exact.normal) {
                if te > 0.0 && to > 0.0 && angle(np, ne) > NORMAL_TOL {
                    let ours_ok = angle(ours.normal.as_dvec2(), ne) <= NORMAL_TOL;
                    s.disagree(
                        format!(
                            "normal differs by more than {NORMAL_TOL} rad (ours {})",
                            if ours_ok { "exact" } else { "also off" }
                        ),
                        curved,
                        format!("parry {np:?}, ours {:?}, exact {ne:?}; {ctx}", ours.normal),
                    );
                }
            }
        }
        (Verdict::Miss, Verdict::Miss) => {}
        (p, o) => {
            let cause = if ambiguous {
                let which = if exact.f0.abs() <= exact.tol(TOUCH_TOL) {
                    "touching at t = 0"
                } else if exact.f1.abs() <= exact.tol(TOUCH_TOL) {
                    "touching exactly at t = 1"
                } else {
                    "grazing pass (closest approach ~0)"
                };
                format!("hit/miss differ, ambiguous: {which}")
            } else if (p == Verdict::Miss) == (exact_v == Verdict::Miss) {
                "hit/miss differ: parry2d right, ours wrong".to_string()
            } else {
                format!(
                    "hit/miss differ: parry2d says {}, exact says {}",
                    if p == Verdict::Miss { "miss" } else { "hit" },
                    if exact_v == Verdict::Miss {
                        "miss"
                    } else {
                        "hit"
                    }
                )
            };
            s.disagree(
                cause,
                curved,
                format!(
                    "parry {p:?}, ours {o:?} ({:?}), exact {exact_v:?} (f0 {:e}, f1 {:e}, min {:e}); {ctx}",
                    ours.termination, exact.f0, exact.f1, exact.f_min
                ),
            );
        }
    }
}

#[test]
fn exact_reference_is_right_on_known_cases() {
    // Two unit boxes, gap 2, closing at 4: t = 0.5, normal +x.
    let bx = Shape::cuboid(Vec2::new(1.0, 1.0)).unwrap();
    let e = Exact::new(
        &bx,
        (Vec2::ZERO, 0.0, Vec2::ZERO),
        &bx,
        (Vec2::new(4.0, 0.5), 0.0, Vec2::new(-4.0, 0.0)),
    );
    assert!((e.toi.unwrap() - 0.5).abs() < 1e-12);
    assert!((e.normal.unwrap() - DVec2::X).length() < 1e-9);
    // Circles r = 1 and 0.5, centre path offset 1 from A's centre: contact when the
    // centre distance is 1.5, at x = sqrt(1.5² − 1²).
    let c1 = Shape::circle(1.0).unwrap();
    let c2 = Shape::circle(0.5).unwrap();
    let e = Exact::new(
        &c1,
        (Vec2::ZERO, 0.0, Vec2::ZERO),
        &c2,
        (Vec2::new(5.0, 1.0), 0.0, Vec2::new(-10.0, 0.0)),
    );
    let x = (1.25f64).sqrt();
    assert!((e.toi.unwrap() - (5.0 - x) / 10.0).abs() < 1e-12);
    assert!((e.normal.unwrap() - DVec2::new(x, 1.0) / 1.5).length() < 1e-9);
    // Passing by: a miss with the closest approach 0.5 apart.
    let e = Exact::new(
        &c1,
        (Vec2::ZERO, 0.0, Vec2::ZERO),
        &c2,
        (Vec2::new(5.0, 2.0), 0.0, Vec2::new(-10.0, 0.0)),
    );
    assert!(e.toi.is_none() && (e.f_min - 0.5).abs() < 1e-9);
}

#[test]
fn cast_matches_parry2d_and_the_exact_answer() {
    let mut rng = Rng::new(SEED);
    let mut s = Summary::default();
    let mut per_combo: BTreeMap<(Kind, Kind), usize> = BTreeMap::new();
    for &ka in &KINDS {
        for &kb in &KINDS {
            for i in 0..PAIRS_PER_COMBINATION {
                let a = random_sample(&mut rng, ka);
                let b = random_sample(&mut rng, kb);
                let (xa, xb) = place(&mut rng);
                let label = format!("{ka:?}-{kb:?} #{i}");
                check_pair(&mut s, &label, &a, &b, xa, xb);
                *per_combo.entry((ka, kb)).or_default() += 1;
            }
        }
    }
    eprintln!("== shape cast vs parry2d 0.25 cast_shapes vs exact (f64)");
    eprintln!(
        "{} pairs over {} combinations: exact says {} hits, {} misses, {} overlapping at t = 0; {} ambiguous to f32 (touching/grazing within {TOUCH_TOL:e}·L)",
        s.pairs,
        per_combo.len(),
        s.exact_hits,
        s.exact_misses,
        s.exact_initial,
        s.ambiguous
    );
    eprintln!(
        "collidescope: worst |Δt| vs exact {:e}, worst |f(t)|/L {:e}, normals compared {} (worst {:e} rad), max_iterations {}",
        s.ours_worst_dt, s.ours_worst_f, s.ours_normals_compared, s.ours_worst_normal, s.ours_max_iterations
    );
    eprintln!(
        "parry2d: worst |Δt| vs exact {:e}; statuses {:?}",
        s.parry_worst_dt, s.parry_statuses
    );
    eprintln!("disagreements between the libraries, by cause:");
    for (cause, n) in &s.disagreements {
        eprintln!("  {n:5}  {cause}");
        eprintln!("         e.g. {}", s.examples[cause]);
    }
    for e in s.our_errors.iter().take(20) {
        eprintln!("COLLIDESCOPE WRONG: {e}");
    }
    assert!(s.pairs >= 10_000);
    assert!(
        s.our_errors.is_empty(),
        "{} pairs where Collidescope disagrees with the exact answer",
        s.our_errors.len()
    );
    assert_eq!(s.ours_max_iterations, 0);
    assert!(s.exact_hits > 3000 && s.exact_misses > 1500 && s.exact_initial > 300);
}
