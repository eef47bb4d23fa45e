//! The comparison.

use super::*;

/// A manifold reduced to what is compared, world space.
#[derive(Clone, Debug)]
struct Flat {
    normal: DVec2,
    /// (point on A, point on B, separation)
    points: Vec<(DVec2, DVec2, f64)>,
}

impl Flat {
    fn deepest(&self) -> f64 {
        self.points
            .iter()
            .map(|p| p.2)
            .fold(f64::INFINITY, f64::min)
    }
}

fn ours_flat(m: &ManifoldOutput) -> Option<Flat> {
    if m.is_separated() {
        return None;
    }
    Some(Flat {
        normal: m.normal.as_dvec2(),
        points: m
            .points()
            .iter()
            .map(|p| {
                (
                    p.point_a.as_dvec2(),
                    p.point_b.as_dvec2(),
                    p.separation as f64,
                )
            })
            .collect(),
    })
}

/// Parry's manifold, its points beyond `prediction` dropped and coincident ones merged.
fn parry_flat(
    a: &dyn ps::Shape,
    pa: &Isometry<Real>,
    b: &dyn ps::Shape,
    pb: &Isometry<Real>,
    prediction: f32,
    merge: f64,
) -> (Option<Flat>, usize) {
    let pos12 = pa.inv_mul(pb);
    let mut m = ContactManifold::<(), ()>::new();
    DefaultQueryDispatcher
        .contact_manifold_convex_convex(&pos12, a, b, None, None, prediction, &mut m)
        .expect("every convex pair is supported");
    let normal = pa * m.local_n1;
    let mut points: Vec<(DVec2, DVec2, f64)> = Vec::new();
    let mut dropped = 0;
    for c in &m.points {
        if c.dist > prediction + 1e-6 {
            dropped += 1;
            continue;
        }
        let p1 = pa * c.local_p1;
        let p2 = pb * c.local_p2;
        let q = (
            DVec2::new(p1.x as f64, p1.y as f64),
            DVec2::new(p2.x as f64, p2.y as f64),
            c.dist as f64,
        );
        if !points
            .iter()
            .any(|o| o.0.distance(q.0) < merge && o.1.distance(q.1) < merge)
        {
            points.push(q);
        }
    }
    if points.is_empty() {
        return (None, dropped);
    }
    (
        Some(Flat {
            normal: DVec2::new(normal.x as f64, normal.y as f64),
            points,
        }),
        dropped,
    )
}

/// Why a pair disagrees. "Optimal" below means: the normal is a minimum
/// translation direction to the tolerance — the exact separation of the shapes along
/// it (f64, from the support functions) is within `SEP_TOL·L` of the exact
/// separation of the pair (the largest over all directions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Cause {
    /// The exact separation of the pair, or of one point, is within the tolerance of
    /// the prediction distance: one side says "just within", the other "just beyond".
    SpeculativeBoundary,
    /// Parry's GJK says "within the prediction" but every point its face clipping made
    /// is beyond it (it does not filter them; we do, and keep the closest one).
    ParryPointsBeyondPrediction,
    /// Our normal and separation are optimal and parry's are not: parry's answer is
    /// off the exact one (its point projection on a rounded polygon, for a ball, is an
    /// iterative approximation; its EPA/GJK stop at their own tolerances).
    ParryInexact,
    /// Both normals are optimal but different: a tie between two faces within the
    /// tolerance (two hull edges of B − A at the same distance); each library keeps one.
    FaceTie,
    /// Our SAT source keeps A's face within the bias margin (Box2D v3's 0.1 × slop by
    /// default, Box2D-Lite's 0.95 / 0.01 when asked) where the least penetration is
    /// B's face (parry's SAT has no bias).
    SatBias,
    /// Our EPA source keeps A's edge as the reference because it is within
    /// `REFERENCE_ALIGNMENT_TOLERANCE` of as aligned as B's: the manifold normal is A's
    /// face normal, up to ~0.8° from the exact one.
    ReferenceAlignment,
    /// Deep overlap (more than a quarter of the smaller shape's width): the minimum
    /// translation is no longer "the" contact (ALGORITHMS §1: the result only has to
    /// look right for touching or slightly overlapping shapes).
    DeepOverlap,
    /// A corner or an arc against a corner or an arc (our vertex–vertex or
    /// corner–arc point contact): we give one point along the normal, as Box2D v3
    /// does; parry still clips its two support faces along that normal, which is
    /// neither face's normal, and keeps a second point whose "separation" is measured
    /// across the gap between the two faces.
    ParryFacesAtAPointContact,
    /// Two corners within the prediction distance: we give the corner–corner point;
    /// parry's box–box clips the two SAT faces, whose projections on the tangent do
    /// not overlap, and has no single-point fallback on that path: no point.
    ParryMissesCornerContact,
    /// Two capsules: parry adds a second point only when the axes are within 22.5°
    /// of parallel (and the normal within 22.5° of their perpendicular); we keep any
    /// clipped point within the speculative distance, so at larger angles we have a
    /// second, shallower point that parry does not.
    ParryCapsuleSecondPointRule,
    /// The clipped incident edge is shorter than the position tolerance: our two points
    /// (its ends) are within `POS_TOL·L` of each other where parry has one point, or
    /// the reverse — the same contact, counted once or twice.
    ShortClippedEdge,
    /// Not explained: a failure.
    Unexplained,
}

#[derive(Default)]
struct Stats {
    pairs: usize,
    both_none: usize,
    both_points: usize,
    agree: usize,
    parry_dropped: usize,
    causes: BTreeMap<Cause, usize>,
    examples: BTreeMap<Cause, Vec<String>>,
}

struct Pair {
    a: Shape,
    xa: Transform,
    b: Shape,
    xb: Transform,
}

/// Places B against A along a random direction, at a random offset from touching
/// (bisection on parry's intersection test, which is fast).
fn place(
    rng: &mut Rng,
    a: &Shape,
    b: &Shape,
    pa: &dyn ps::Shape,
    pb: &dyn ps::Shape,
) -> (Transform, Transform) {
    let xa = Transform::new(
        v(rng.range_f32(-2.0, 2.0), rng.range_f32(-2.0, 2.0)),
        rng.range_f32(-3.2, 3.2),
    );
    let dir = Transform::new(Vec2::ZERO, rng.range_f32(-3.2, 3.2))
        .q
        .apply(Vec2::X);
    let angle = rng.range_f32(-3.2, 3.2);
    let at = |t: f32| Transform::new(xa.p + t * dir, angle);
    let (mut lo, mut hi) = (0.0f32, 6.0f32);
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if pq::intersection_test(&iso(&xa), pa, &iso(&at(mid)), pb).unwrap_or(false) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let _ = (a, b);
    // From 0.15 deep to 0.03 apart (the prediction is 0.02), a tenth of them deeper.
    let offset = if rng.below(10) == 0 {
        rng.range_f32(-0.6, -0.15)
    } else {
        rng.range_f32(-0.15, 0.03)
    };
    (xa, at(hi + offset))
}

fn size_of(p: &Pair) -> f64 {
    let m = world_core(&p.a, &p.xa)
        .iter()
        .chain(world_core(&p.b, &p.xb).iter())
        .fold(0.0f64, |m, q| m.max(q.x.abs()).max(q.y.abs()));
    (m + (p.a.radius() + p.b.radius()) as f64).max(1.0)
}

/// Monotone-chain convex hull (f64), counter-clockwise; fewer than 3 points when
/// the input is a point or a segment.
fn hull(mut pts: Vec<DVec2>) -> Vec<DVec2> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup_by(|a, b| a.distance(*b) < 1e-12);
    if pts.len() < 3 {
        return pts;
    }
    let mut h: Vec<DVec2> = Vec::new();
    for pass in 0..2 {
        let start = h.len();
        let iter: Box<dyn Iterator<Item = &DVec2>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for p in iter {
            while h.len() >= start + 2
                && (h[h.len() - 1] - h[h.len() - 2]).perp_dot(*p - h[h.len() - 2]) <= 0.0
            {
                h.pop();
            }
            h.push(*p);
        }
        h.pop();
    }
    h
}

/// The exact separation of the pair (radii included; negative = penetration depth)
/// and the optimal normals (A to B), from the hull of the core difference B − A: the
/// direction of its point nearest the origin when the origin is outside; when inside,
/// minus the outward normals of every hull edge whose distance is within `tie` of the
/// nearest (more than one: a tie).
fn exact_separation(a: &[DVec2], ra: f64, b: &[DVec2], rb: f64, tie: f64) -> (f64, Vec<DVec2>) {
    let diff: Vec<DVec2> = b
        .iter()
        .flat_map(|q| a.iter().map(move |p| *q - *p))
        .collect();
    let h = hull(diff);
    let r = ra + rb;
    let closest = |p: DVec2, q: DVec2| {
        let e = q - p;
        let t = if e.length_squared() > 0.0 {
            (-p.dot(e) / e.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        p + t * e
    };
    match h.len() {
        1 => (h[0].length() - r, vec![h[0].normalize_or_zero()]),
        2 => {
            let z = closest(h[0], h[1]);
            (z.length() - r, vec![z.normalize_or_zero()])
        }
        n => {
            let mut inside = true;
            let mut edges = Vec::new();
            let mut nearest = (f64::INFINITY, DVec2::ZERO);
            for i in 0..n {
                let (p, q) = (h[i], h[(i + 1) % n]);
                let e = q - p;
                let side = e.perp_dot(-p) / e.length(); // > 0: origin inside this edge
                if side < 0.0 {
                    inside = false;
                }
                edges.push((side, DVec2::new(e.y, -e.x).normalize()));
                let z = closest(p, q);
                if z.length() < nearest.0 {
                    nearest = (z.length(), z);
                }
            }
            if inside {
                let d = edges.iter().map(|e| e.0).fold(f64::INFINITY, f64::min);
                let normals = edges
                    .iter()
                    .filter(|e| e.0 <= d + tie)
                    .map(|e| -e.1)
                    .collect();
                (-d - r, normals)
            } else {
                (nearest.0 - r, vec![nearest.1.normalize_or_zero()])
            }
        }
    }
}

/// What `classify` needs to know about our answer besides its points.
struct OursInfo {
    source: ManifoldSource,
    /// SAT kept A's face by the bias.
    sat_biased: bool,
    /// Our manifold is a single point contact (vertex–vertex, point–point, corner–arc).
    point_contact: bool,
    /// The reference normal and the incident feature's normal (world), for the
    /// alignment rule.
    incident_normal: Option<DVec2>,
    /// Both shapes are capsules (parry's special capsule–capsule path).
    capsules: bool,
}

#[allow(clippy::too_many_arguments)]
fn classify(
    p: &Pair,
    ours: &Option<Flat>,
    theirs: &Option<Flat>,
    info: &OursInfo,
    parry_dropped: usize,
    spec: f64,
    l: f64,
) -> Option<Cause> {
    let (ca, cb) = (world_core(&p.a, &p.xa), world_core(&p.b, &p.xb));
    let (ra, rb) = (p.a.radius() as f64, p.b.radius() as f64);
    let tol = SEP_TOL * l;
    let (exact, optimal_normals) = exact_separation(&ca, ra, &cb, rb, tol);
    let (o, t) = match (ours, theirs) {
        (None, None) => return None,
        (Some(o), Some(t)) => (o, t),
        _ => {
            if (exact - spec).abs() < tol {
                return Some(Cause::SpeculativeBoundary);
            }
            if ours.is_some() && theirs.is_none() && exact <= spec {
                if info.point_contact {
                    return Some(Cause::ParryMissesCornerContact);
                }
                if parry_dropped > 0 {
                    return Some(Cause::ParryPointsBeyondPrediction);
                }
            }
            return Some(Cause::Unexplained);
        }
    };
    let angle = o.normal.angle_between(t.normal).abs();
    let (sep_o, sep_t) = (o.deepest(), t.deepest());
    let normal_ok = angle < NORMAL_TOL;
    let sep_ok = (sep_o - sep_t).abs() < tol;
    let count_ok = o.points.len() == t.points.len();
    let pos_ok = count_ok
        && o.points.iter().all(|q| {
            t.points
                .iter()
                .any(|r| q.0.distance(r.0) < POS_TOL * l && q.1.distance(r.1) < POS_TOL * l)
        });
    if normal_ok && sep_ok && count_ok && pos_ok {
        return None;
    }
    let width = |c: &[DVec2], r: f64| {
        let (lo, hi) = c
            .iter()
            .fold((c[0], c[0]), |(lo, hi), q| (lo.min(*q), hi.max(*q)));
        (hi - lo).min_element() + 2.0 * r
    };
    if -exact > 0.25 * width(&ca, ra).min(width(&cb, rb)) {
        return Some(Cause::DeepOverlap);
    }
    // Optimal: one of the exact minimum-translation normals, and a deepest point at
    // the exact separation.
    let optimal = |f: &Flat| {
        optimal_normals
            .iter()
            .any(|n| n.angle_between(f.normal).abs() < NORMAL_TOL)
            && (f.deepest() - exact).abs() < tol
    };
    let (ours_opt, theirs_opt) = (optimal(o), optimal(t));
    if !normal_ok || !sep_ok {
        if ours_opt && !theirs_opt {
            return Some(Cause::ParryInexact);
        }
        if ours_opt && theirs_opt {
            return Some(Cause::FaceTie);
        }
        if info.source == ManifoldSource::Sat && info.sat_biased {
            return Some(Cause::SatBias);
        }
        if info.source == ManifoldSource::Epa {
            // A's face as the reference while B's nearly parallel face is the exact
            // one: B's normal (minus the incident normal) is optimal, and the two
            // faces are within the alignment tolerance of each other.
            if let Some(n_inc) = info.incident_normal {
                let nb = -n_inc;
                let b_optimal = optimal_normals
                    .iter()
                    .any(|n| n.angle_between(nb).abs() < NORMAL_TOL);
                if b_optimal && 1.0 - nb.dot(o.normal) < 2.0e-4 {
                    return Some(Cause::ReferenceAlignment);
                }
            }
        }
        return Some(Cause::Unexplained);
    }
    // A point whose separation is within the tolerance of the prediction distance:
    // kept on one side, dropped on the other.
    let at_boundary = |f: &Flat| f.points.iter().any(|q| (q.2 - spec).abs() < tol);
    if !count_ok && (at_boundary(o) || at_boundary(t)) {
        return Some(Cause::SpeculativeBoundary);
    }
    if info.point_contact && t.points.len() > o.points.len() {
        return Some(Cause::ParryFacesAtAPointContact);
    }
    let close_pair =
        |f: &Flat| f.points.len() == 2 && f.points[0].0.distance(f.points[1].0) < POS_TOL * l;
    if !count_ok && (close_pair(o) || close_pair(t)) {
        return Some(Cause::ShortClippedEdge);
    }
    if info.capsules && o.points.len() == 2 && t.points.len() == 1 {
        return Some(Cause::ParryCapsuleSecondPointRule);
    }
    Some(Cause::Unexplained)
}

fn run(kind_a: Kind, kind_b: Kind, seed: u64, stats: &mut BTreeMap<ManifoldSource, Stats>) {
    let mut rng = Rng::new(seed);
    // parry drops points beyond the prediction distance, as Box2D-Lite's preset does
    // (Box2D v3's keeps both clipped points): compare like with like.
    let settings = Settings {
        sat_bias: collidescope::core::sat::SatBias::Box2dLite,
        ..Settings::default()
    };
    let spec = settings.speculative_distance as f64;
    for _ in 0..PAIRS_PER_COMBINATION {
        let a = random_shape(&mut rng, kind_a);
        let b = random_shape(&mut rng, kind_b);
        let (pa_shape, pb_shape) = (to_parry(&a), to_parry(&b));
        let (xa, xb) = place(&mut rng, &a, &b, pa_shape.as_ref(), pb_shape.as_ref());
        let pair = Pair { a, xa, b, xb };
        let l = size_of(&pair);
        let (theirs, dropped) = parry_flat(
            pa_shape.as_ref(),
            &iso(&xa),
            pb_shape.as_ref(),
            &iso(&xb),
            settings.speculative_distance,
            1e-5 * l,
        );
        let sat = collidescope::core::sat::separating_axis(
            &collidescope::core::sat::SatInput {
                pair: PosedPair::new(&pair.a, xa, &pair.b, xb),
                bias: settings.sat_bias,
            },
            None,
        );
        let biased = sat.choice == collidescope::core::sat::SatChoice::BiasKeptA;
        for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
            let input =
                ManifoldInput::new(PosedPair::new(&pair.a, xa, &pair.b, xb), &settings, source);
            let m = contact_manifold(&input, None);
            assert!(m.normal.is_finite() && m.points().iter().all(|p| p.separation.is_finite()));
            let ours = ours_flat(&m);
            let st = stats.entry(source).or_default();
            st.pairs += 1;
            st.parry_dropped += dropped;
            match (&ours, &theirs) {
                (None, None) => st.both_none += 1,
                (Some(_), Some(_)) => st.both_points += 1,
                _ => {}
            }
            let mut info = OursInfo {
                source,
                sat_biased: biased,
                point_contact: matches!(
                    m.case,
                    Some(ManifoldCase::VertexVertex) | Some(ManifoldCase::PointPoint)
                ) || m.points().iter().any(|q| {
                    collidescope::core::manifold::ContactId::unpack(q.id)
                        .is_some_and(|id| id.kind == collidescope::core::manifold::IdKind::Point)
                }),
                incident_normal: None,
                capsules: kind_a == Kind::Capsule && kind_b == Kind::Capsule,
            };
            let mut cause = classify(&pair, &ours, &theirs, &info, dropped, spec, l);
            if cause == Some(Cause::Unexplained) {
                // Run again with the trace, for the incident feature's normal.
                let mut trace = ManifoldTrace::default();
                contact_manifold(&input, Some(&mut trace));
                info.incident_normal = trace.incident.map(|f| f.normal.as_dvec2());
                cause = classify(&pair, &ours, &theirs, &info, dropped, spec, l);
            }
            match cause {
                None => st.agree += 1,
                Some(c) => {
                    *st.causes.entry(c).or_default() += 1;
                    let ex = st.examples.entry(c).or_default();
                    if ex.len() < if c == Cause::Unexplained { 20 } else { 3 } {
                        ex.push(format!(
                            "{kind_a:?}–{kind_b:?} A {:?} at {:?}, B {:?} at {:?}\n      ours   {ours:?}\n      parry2d {theirs:?}",
                            pair.a.geometry(),
                            xa,
                            pair.b.geometry(),
                            xb
                        ));
                    }
                }
            }
        }
    }
}

#[test]
fn manifolds_agree_with_parry2d() {
    let mut per_combination: BTreeMap<(Kind, Kind), BTreeMap<ManifoldSource, Stats>> =
        BTreeMap::new();
    let mut seed = 1000;
    for (i, &ka) in KINDS.iter().enumerate() {
        for &kb in &KINDS[i..] {
            seed += 1;
            let mut stats = BTreeMap::new();
            run(ka, kb, seed, &mut stats);
            per_combination.insert((ka, kb), stats);
        }
    }
    let mut totals: BTreeMap<ManifoldSource, Stats> = BTreeMap::new();
    eprintln!("\ncontact manifolds vs parry2d 0.25: {PAIRS_PER_COMBINATION} pairs per combination");
    eprintln!(
        "{:<20} {:>6} {:>9} {:>9}   disagreements by cause",
        "combination", "source", "agree", "compared"
    );
    for ((ka, kb), stats) in &per_combination {
        for (source, st) in stats {
            let causes: Vec<String> = st
                .causes
                .iter()
                .map(|(c, n)| format!("{c:?} {n}"))
                .collect();
            eprintln!(
                "{:<20} {:>6} {:>9} {:>9}   {}",
                format!("{ka:?}–{kb:?}"),
                source.as_str(),
                st.agree,
                st.pairs,
                causes.join(", ")
            );
            let t = totals.entry(*source).or_default();
            t.pairs += st.pairs;
            t.agree += st.agree;
            t.both_none += st.both_none;
            t.both_points += st.both_points;
            t.parry_dropped += st.parry_dropped;
            for (c, n) in &st.causes {
                *t.causes.entry(*c).or_default() += n;
            }
            for (c, e) in &st.examples {
                let ex = t.examples.entry(*c).or_default();
                for x in e {
                    if ex.len() < if *c == Cause::Unexplained { 20 } else { 3 } {
                        ex.push(x.clone());
                    }
                }
            }
        }
    }
    for (source, t) in &totals {
        eprintln!(
            "\n{}: {} pairs, {} agree ({} both with points, {} both without); parry points beyond the prediction dropped: {}",
            source.as_str(),
            t.pairs,
            t.agree,
            t.both_points,
            t.both_none,
            t.parry_dropped
        );
        for (c, n) in &t.causes {
            eprintln!("  {c:?}: {n}");
            for e in &t.examples[c] {
                eprintln!("    e.g. {e}");
            }
        }
    }
    for (source, t) in &totals {
        let unexplained = t.causes.get(&Cause::Unexplained).copied().unwrap_or(0);
        assert_eq!(
            unexplained,
            0,
            "{}: {unexplained} unexplained disagreements",
            source.as_str()
        );
        assert!(
            t.agree * 10 >= t.pairs * 9,
            "{}: only {} of {} agree",
            source.as_str(),
            t.agree,
            t.pairs
        );
    }
}
