//! Plain-words explanations of each recorded step, and the numbers behind them.
//! This is what makes the debugger a teaching tool: every sentence is built from
//! the trace record, never from a guess.

use super::text::tidy_zeros;
use crate::core::epa::{EpaStep, EpaTermination, EpaTrace};
use crate::core::gjk::{CacheUse, GjkStep, GjkTermination, GjkTrace, SimplexVertex, VoronoiRegion};
use crate::trace::analysis::{Algorithm, Analysis, EpaPhase};
use glam::Vec2;

fn p(v: Vec2) -> String {
    // `+ 0.0` turns −0 into 0.
    format!("({:.4}, {:.4})", v.x + 0.0, v.y + 0.0)
}

fn w_name(i: usize) -> String {
    format!("w{}", i + 1)
}

fn vertex_pair(v: &SimplexVertex) -> String {
    format!("B[{}] − A[{}]", v.index_b, v.index_a)
}

/// The sentence for GJK step `k`.
pub fn gjk_step(trace: &GjkTrace, k: usize, max_iterations: u32) -> String {
    let Some(step) = trace.steps.get(k) else {
        return "No GJK step recorded.".to_string();
    };
    let mut s = String::new();
    if k == 0 {
        s += match trace.cache_use {
            Some(CacheUse::WarmStart) => "The simplex is rebuilt from the cache's vertex indices (warm start). ",
            Some(CacheUse::Flushed) => {
                "The cache was flushed (its shape changed too much, or an index no longer exists), so GJK starts cold from vertex 0 of each shape. "
            }
            _ => "GJK starts cold from vertex 0 of each shape. ",
        };
    }
    if step.stop == Some(GjkTermination::DirectionZero) {
        // The origin is on the reduced simplex itself: say so rather than naming a
        // Voronoi region "beyond" a feature it lies on.
        let on = match step.simplex.len() {
            1 => "the simplex point w1 itself".to_string(),
            _ => "the segment of the simplex".to_string(),
        };
        s += &format!("The origin lies on {on}.");
    } else {
        s += &region_sentence(step);
    }
    if let (Some(_), Some(sup)) = (step.direction, &step.support) {
        s += &format!(
            " Along it, the support point of B − A is {} = {}.",
            vertex_pair(sup),
            p(sup.w)
        );
    }
    match step.stop {
        None => s += " It is new, so it joins the simplex.",
        Some(GjkTermination::DuplicateSupport) => {
            s += " That vertex pair is already in the simplex: no point of B − A is closer to the origin, so GJK stops."
        }
        Some(GjkTermination::Converged) => {
            s += " It brings the simplex no measurably closer to the origin: GJK has converged and stops."
        }
        Some(GjkTermination::DirectionZero) => {
            s += " The origin lies on the simplex itself, so no search direction is defined: the shapes touch, or overlap with the origin exactly on this edge of B − A (EPA measures which). GJK stops with distance 0."
        }
        Some(GjkTermination::Overlap) => {
            s += " The origin is enclosed: the cores overlap and GJK stops (EPA can measure how deep)."
        }
        Some(GjkTermination::MaxIterations) => {
            s += &format!(
                " GJK has used all {max_iterations} support evaluation(s) it is allowed without meeting a stopping rule: it did not converge, and the distance shown is only an upper bound."
            )
        }
    }
    s
}

fn region_sentence(step: &GjkStep) -> String {
    let n = step.simplex_in.len();
    match (n, step.region) {
        (1, _) => format!(
            "The simplex is the single point w1 = {}. The point of it closest to the origin is w1 itself, so the search direction points from w1 towards the origin.",
            p(step.simplex_in[0].w)
        ),
        (2, VoronoiRegion::Edge(_, _)) => format!(
            "The origin projects inside the segment w1–w2 (weights {:.3} and {:.3}), so both points stay. The new direction is the segment's normal facing the origin.",
            step.simplex[0].a, step.simplex[1].a
        ),
        (2, VoronoiRegion::Vertex(i)) => format!(
            "The origin lies beyond the {} end of segment w1–w2, in the Voronoi region of vertex {}: {} is dropped and the direction points from {} to the origin.",
            w_name(i as usize),
            w_name(i as usize),
            w_name(1 - i as usize),
            w_name(i as usize)
        ),
        (3, VoronoiRegion::Vertex(i)) => format!(
            "The origin lies in the Voronoi region of vertex {} of the triangle: the other two points are dropped and the direction points from {} to the origin.",
            w_name(i as usize),
            w_name(i as usize)
        ),
        (3, VoronoiRegion::Edge(i, j)) => {
            let dropped = 3 - i as usize - j as usize;
            format!(
                "The origin lies in the Voronoi region of edge {}–{} (outside the triangle, beyond that edge), so {} is dropped and the new direction is the edge normal facing the origin.",
                w_name(i as usize),
                w_name(j as usize),
                w_name(dropped)
            )
        }
        (_, VoronoiRegion::Interior) => "The origin lies inside the triangle w1 w2 w3.".to_string(),
        _ => String::new(),
    }
}

/// The sentence for EPA step `k`.
pub fn epa_step(trace: &EpaTrace, k: usize, radii: f32) -> String {
    let Some(step) = trace.steps.get(k) else {
        return "No EPA step recorded.".to_string();
    };
    let EpaStep {
        polytope,
        closest_edge,
        edge_normal,
        distance,
        support,
        stop,
        ..
    } = step;
    let n = polytope.len();
    let mut s = format!(
        "The polytope has {n} vertices. Its edge closest to the origin is edge {} (from vertex {} to vertex {}), at distance {:.5} along its outward normal {}.",
        closest_edge,
        closest_edge,
        (closest_edge + 1) % n.max(1),
        distance,
        p(*edge_normal)
    );
    if let Some(sp) = support {
        let gap = sp.dot(*edge_normal) - distance;
        s += &format!(
            " The support point of B − A along that normal is {} and lies {:.5} beyond the edge.",
            p(*sp),
            gap
        );
    }
    let depth = |d: f32| {
        if radii > 0.0 {
            format!(
                "{:.5} (core {:.5} + radii {:.5})",
                d.max(0.0) + radii,
                d.max(0.0),
                radii
            )
        } else {
            format!("{:.5}", d.max(0.0))
        }
    };
    match stop {
        None => s += " That is more than the tolerance, so it is inserted between the edge's ends and the polytope grows.",
        Some(EpaTermination::Converged) => {
            s += &format!(
                " That is within the tolerance: the edge lies on the boundary of B − A. The depth is {} and B must move along {} (the negated edge normal) to separate.",
                depth(*distance),
                p(-*edge_normal)
            )
        }
        Some(EpaTermination::DuplicateSupport) => {
            s += &format!(
                " That point is already a polytope vertex, so the edge cannot move: depth {}.",
                depth(*distance)
            )
        }
        Some(EpaTermination::Stalled) => {
            s += &format!(
                " The closest distance has stopped growing for several iterations (f32 precision): EPA stops with the best edge, depth {}.",
                depth(*distance)
            )
        }
        Some(EpaTermination::MaxIterations) => {
            s += &format!(
                " EPA reached its iteration bound without converging: the depth {} is a lower bound, not the answer.",
                depth(*distance)
            )
        }
        Some(EpaTermination::Degenerate) => {
            s += " B − A has no area (points or parallel segments): the depth is 0 along this normal."
        }
        Some(EpaTermination::CoreSeparated) => {}
    }
    s
}

/// The narration of `algorithm` at `step`.
pub fn narrate(
    an: &Analysis,
    algorithm: Algorithm,
    step: usize,
    gjk_max_iterations: u32,
    manifold_source: crate::core::manifold::ManifoldSource,
) -> String {
    tidy_zeros(&narrate_raw(
        an,
        algorithm,
        step,
        gjk_max_iterations,
        manifold_source,
    ))
}

fn narrate_raw(
    an: &Analysis,
    algorithm: Algorithm,
    step: usize,
    gjk_max_iterations: u32,
    manifold_source: crate::core::manifold::ManifoldSource,
) -> String {
    match algorithm {
        Algorithm::Gjk => gjk_step(&an.gjk_trace, step, gjk_max_iterations),
        Algorithm::Epa => match an.epa_phase(step) {
            EpaPhase::Gjk(k) => {
                let mut s = format!(
                    "Phase 1, GJK on the cores. {}",
                    gjk_step(&an.epa_gjk_trace, k, gjk_max_iterations)
                );
                if an.epa_trace.steps.is_empty() && k + 1 == an.epa_gjk_trace.steps.len() {
                    s += &match &an.penetration {
                        Some(pen) if pen.termination == EpaTermination::CoreSeparated => format!(
                            " The cores are apart, but closer than the sum of the radii: the shapes overlap through their rounded surfaces by {:.5}, along GJK's normal. No polytope is needed.",
                            pen.depth
                        ),
                        _ => " The shapes do not overlap, so there is no penetration to measure.".to_string(),
                    };
                }
                s
            }
            EpaPhase::Epa(k) => {
                let radii = an.minkowski.radius;
                format!("Phase 2, EPA. {}", epa_step(&an.epa_trace, k, radii))
            }
        },
        Algorithm::Toi => toi_step(an, step),
        Algorithm::Cast => cast_step(an, step),
        Algorithm::Sat => crate::view::narrate_contact::sat_step(an, step),
        Algorithm::Manifold => {
            crate::view::narrate_contact::manifold_step(an, manifold_source, step)
        }
        Algorithm::Clip => crate::view::narrate_contact::clip_step(an, step),
        Algorithm::BoxBox => crate::view::narrate_contact::box_box_step(an, step),
    }
}

fn axis_name(axis: &crate::core::toi::swept_sat::SweptAxis) -> String {
    use crate::core::toi::swept_sat::SweptAxis as S;
    match axis {
        S::EdgeA { edge } => format!("the normal of A's edge {edge}"),
        S::EdgeB { edge } => format!("the normal of B's edge {edge}"),
        S::VelocityPerp => "the perpendicular of the relative velocity".into(),
        S::VelocityDir => "the relative velocity's direction".into(),
        S::SegmentA => "the direction of A's segment".into(),
        S::SegmentB => "the direction of B's segment".into(),
        S::Centers => "the line between the centres".into(),
    }
}

fn time(t: f32) -> String {
    if t == f32::INFINITY {
        "never".into()
    } else if t == f32::NEG_INFINITY {
        "always (−∞)".into()
    } else {
        format!("t = {t:.4}")
    }
}

/// Swept SAT: one sentence per axis, then the decision.
pub fn toi_step(an: &Analysis, k: usize) -> String {
    use crate::core::toi::swept_sat::{MissReason, SweptTermination};
    let tr = &an.swept_trace;
    let v = tr.relative_velocity;
    if let Some(r) = tr.axes.get(k) {
        let mut s = format!(
            "Axis {} of {}: {} {}. At t = 0, A covers [{:.4}, {:.4}] and B covers [{:.4}, {:.4}] on it; ",
            k + 1,
            tr.axes.len(),
            axis_name(&r.axis),
            p(r.direction),
            r.interval_a[0],
            r.interval_a[1],
            r.interval_b[0],
            r.interval_b[1]
        );
        s += &if r.overlap >= 0.0 {
            format!("they overlap by {:.4}. ", r.overlap)
        } else {
            format!("a gap of {:.4} separates them. ", -r.overlap)
        };
        if r.static_axis {
            s += "B does not move relative to A along this axis";
        } else {
            s += &format!(
                "B slides along it at {:.4} per unit time relative to A, so they overlap from {} until {}",
                r.speed,
                time(r.entry),
                time(r.exit)
            );
        }
        s += &match r.separates {
            Some(MissReason::StaticGap) => ": this axis keeps them apart for the whole step.".to_string(),
            Some(MissReason::ClosesTooLate) => ": they would meet only after t = 1, so this axis separates them for the step.".to_string(),
            Some(MissReason::MovingApart) => ": they move apart, so this axis separates them for the step.".to_string(),
            Some(MissReason::ExitsBeforeEntry) => {
                ": this axis separates again before the last axis starts to overlap, so the shapes pass without touching.".to_string()
            }
            None => ".".to_string(),
        };
        return s;
    }
    let o = &an.swept;
    let mut s = format!("Relative velocity of B {}. ", p(v));
    if let (Some(i), Some(j)) = (tr.latest_entry, tr.earliest_exit) {
        let (ei, xj) = (tr.axes[i].entry, tr.axes[j].exit);
        s += &format!(
            "The latest entry is axis {i} at {}; the earliest exit is axis {j} at {}. ",
            time(ei),
            time(xj)
        );
    }
    s += &match o.termination {
        SweptTermination::Hit => format!(
            "Every axis overlaps from t = {:.4} on, and none has separated again by then: the shapes first touch at t = {:.4}, normal {} (the axis that entered last).",
            o.t,
            o.t,
            p(o.normal)
        ),
        SweptTermination::Miss => format!(
            "An axis ({}) separates them for the whole step: no collision before t = 1.",
            axis_name(&o.axis)
        ),
        SweptTermination::AlreadyOverlapping => format!(
            "Every axis overlaps already at t = 0: the shapes overlap now. The minimum translation is {:.4} along {}.",
            o.depth,
            p(o.normal)
        ),
        SweptTermination::NoRelativeMotion => {
            "The shapes are apart and do not move relative to each other: no collision.".to_string()
        }
    };
    s
}

/// Shape cast: one sentence per advancement step.
pub fn cast_step(an: &Analysis, k: usize) -> String {
    use crate::core::toi::shape_cast::CastTermination;
    let tr = &an.cast_trace;
    let Some(st) = tr.steps.get(k) else {
        return "No cast step recorded.".to_string();
    };
    let mut s = String::new();
    if let (0, Some(f)) = (k, tr.start_face_step) {
        s += &format!(
            "Before any distance query: along the normal of {}'s edge {} (a face at the corners facing each other) the shapes are {:.5} apart and close at {:.5}, so they cannot touch before t = {:.5}; the first query is made there. ",
            f.owner, f.edge, f.gap, f.closing_speed, tr.start_time
        );
    }
    s += &format!(
        "Step {} at t = {:.5}: the shapes are {:.5} apart",
        k + 1,
        st.t,
        st.distance
    );
    if let Some(n) = st.normal {
        s += &format!(" along {}", p(n));
    }
    s += ". ";
    if let (Some(f), Some(dt)) = (st.face_step, st.advance) {
        s += &format!(
            "The closest points are two corners, so a face at them gives a longer safe step: along the normal of {}'s edge {} the shapes are {:.5} apart and close at {:.5}, so they cannot touch sooner than {:.5} later: advance to t = {:.5}.",
            f.owner,
            f.edge,
            f.gap,
            f.closing_speed,
            dt,
            st.t + dt
        )
    }
    match (st.closing_speed, st.advance) {
        _ if st.face_step.is_some() => {}
        (Some(v), Some(dt)) if v > 0.0 => {
            s += &format!(
                "They close at {:.5} per unit time along that normal, and no point can close faster, so no contact can happen sooner than {:.5} later: advance to t = {:.5}.",
                v,
                dt,
                st.t + dt
            )
        }
        (Some(v), _) if v <= 0.0 => s += "They are not approaching along the normal.",
        _ => {}
    }
    if k + 1 == tr.steps.len() {
        let o = &an.cast;
        s += &match o.termination {
            CastTermination::Hit => format!(
                " The gap is within the tolerance: the shapes first touch at t = {:.5}, at {} with normal {}.",
                o.t,
                p(o.point),
                p(o.normal)
            ),
            CastTermination::InitiallyOverlapping => {
                " They overlap already at t = 0: the time of impact is 0.".to_string()
            }
            CastTermination::MovingApart => {
                " Since they do not approach, by convexity the distance never shrinks again: no hit.".to_string()
            }
            CastTermination::SeparatedAtEnd => " They cannot touch before t = 1: no hit.".to_string(),
            CastTermination::MaxIterations => format!(
                " The step bound was reached before the gap closed (a grazing approach): did not converge; the shapes are apart until at least t = {:.5}.",
                o.t
            ),
        };
    }
    s
}

/// The numbers of the current step and result, as (label, value) rows.
pub fn numbers(
    an: &Analysis,
    algorithm: Algorithm,
    step: usize,
    manifold_source: crate::core::manifold::ManifoldSource,
) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    let mut row = |k: &str, v: String| rows.push((k.to_string(), v));
    let simplex_rows = |trace: &GjkTrace, k: usize, row: &mut dyn FnMut(&str, String)| {
        if let Some(st) = trace.steps.get(k) {
            row(
                "GJK phase step",
                format!("{} of {}", k + 1, trace.steps.len()),
            );
            row("region", format!("{:?}", st.region));
            for (i, v) in st.simplex.iter().enumerate() {
                // Name each vertex as it was named when the step began (w1..w3), so the
                // numbers match the narration and the canvas after a point is dropped.
                let i = st
                    .simplex_in
                    .iter()
                    .position(|e| e.index_a == v.index_a && e.index_b == v.index_b)
                    .unwrap_or(i);
                row(
                    &format!("simplex {}", w_name(i)),
                    format!("{}  weight {:.4}", p(v.w), v.a),
                );
                row(
                    &format!("  {} on A, B", w_name(i)),
                    format!(
                        "A[{}] {}  B[{}] {}",
                        v.index_a,
                        p(v.w_a),
                        v.index_b,
                        p(v.w_b)
                    ),
                );
            }
            row("closest point", p(st.closest));
            if let Some(d) = st.direction {
                row("direction", p(d));
            }
            if let Some(s) = &st.support {
                row("support", format!("{} = {}", vertex_pair(s), p(s.w)));
            }
        }
    };
    match algorithm {
        Algorithm::Gjk => simplex_rows(&an.gjk_trace, step, &mut row),
        Algorithm::Epa => match an.epa_phase(step) {
            EpaPhase::Gjk(k) => simplex_rows(&an.epa_gjk_trace, k, &mut row),
            EpaPhase::Epa(k) => {
                if let Some(st) = an.epa_trace.steps.get(k) {
                    row(
                        "EPA phase step",
                        format!("{} of {}", k + 1, an.epa_trace.steps.len()),
                    );
                    row("polytope vertices", st.polytope.len().to_string());
                    row("closest edge", st.closest_edge.to_string());
                    row("edge normal", p(st.edge_normal));
                    row("edge distance", format!("{:.6}", st.distance));
                    if let Some(s) = st.support {
                        row("support", p(s));
                    }
                }
            }
        },
        _ => {}
    }
    let d = &an.distance;
    row("distance", format!("{:.6}", d.distance));
    row("point on A", p(d.point_a));
    row("point on B", p(d.point_b));
    row(
        "normal A to B",
        d.normal
            .map(p)
            .unwrap_or_else(|| "undefined (touching/overlap)".into()),
    );
    row("GJK iterations", d.iterations.to_string());
    row("GJK termination", d.termination.as_str().to_string());
    if let Some(cold) = an.cold_iterations {
        row(
            "cache",
            format!(
                "{:?}, {} iterations (cold: {cold})",
                d.cache_use, d.iterations
            ),
        );
        let c = &an.cache;
        let pairs: Vec<String> = (0..c.count as usize)
            .map(|i| format!("(A{},B{})", c.index_a[i], c.index_b[i]))
            .collect();
        row(
            "cache contents",
            format!(
                "count {} {} metric {:.5}",
                c.count,
                pairs.join(" "),
                c.metric
            ),
        );
    }
    match &an.penetration {
        Some(pen) => {
            row("depth", format!("{:.6}", pen.depth));
            row("penetration normal", p(pen.normal));
            row("deepest on A", p(pen.point_a));
            row("deepest on B", p(pen.point_b));
            row("EPA iterations", pen.iterations.to_string());
            row("EPA termination", pen.termination.as_str().to_string());
        }
        None => row("penetration", "none (separated)".into()),
    }
    match algorithm {
        Algorithm::Sat => {
            let o = &an.sat;
            row("SAT separation", format!("{:.6}", o.separation));
            row("SAT normal", p(o.normal));
            row(
                "axis",
                format!(
                    "{} edge {} ({})",
                    o.axis_owner.as_str(),
                    o.edge,
                    o.axis_kind.as_str()
                ),
            );
            row("choice", o.choice.as_str().to_string());
            row("outcome", o.outcome.as_str().to_string());
        }
        Algorithm::Manifold => {
            let (m, _) = an.manifold(manifold_source);
            row("manifold", m.outcome.as_str().to_string());
            if let Some(src) = m.normal_source {
                row("normal source", src.as_str().to_string());
            }
            if let Some(c) = m.case {
                row("case", c.as_str().to_string());
            }
            row("manifold normal", p(m.normal));
            for (i, pt) in m.points().iter().enumerate() {
                row(
                    &format!("point {i}"),
                    format!("sep {:.6}  id {}", pt.separation, pt.id),
                );
                row("  on A, B", format!("{}  {}", p(pt.point_a), p(pt.point_b)));
            }
        }
        Algorithm::Clip => match &an.clip {
            Some(c) => {
                row("overlap", c.outcome.as_str().to_string());
                row("overlap vertices", c.polygon.len().to_string());
                for (i, pt) in c.points.iter().enumerate() {
                    row(
                        &format!("overlap point {i}"),
                        format!("{} sep {:.6}", p(pt.point_b), pt.separation),
                    );
                }
            }
            None => row("overlap", "needs two polygons".into()),
        },
        Algorithm::BoxBox => match &an.box_box {
            Ok(o) => {
                row("box-box", o.outcome.as_str().to_string());
                row(
                    "reference",
                    format!("{} edge {}", o.axis_owner.as_str(), o.edge),
                );
                row("box-box normal", p(o.normal));
                for (i, pt) in o.points().iter().enumerate() {
                    let f = crate::core::box_box::FeaturePair::unpack(pt.id);
                    row(
                        &format!("point {i}"),
                        format!(
                            "sep {:.6}  pair A {}/{} B {}/{}",
                            pt.separation, f.in_edge_a, f.out_edge_a, f.in_edge_b, f.out_edge_b
                        )
                        .replace("255", "-"),
                    );
                }
            }
            Err(e) => row("box-box", e.to_string()),
        },
        _ => {}
    }
    if matches!(algorithm, Algorithm::Toi | Algorithm::Cast) {
        let sw = &an.swept;
        row(
            "swept SAT",
            format!(
                "{} t = {:.5} normal {}",
                sw.termination.as_str(),
                sw.t,
                p(sw.normal)
            ),
        );
        let c = &an.cast;
        row(
            "shape cast",
            format!(
                "{} t = {:.5} normal {} ({} steps)",
                c.termination.as_str(),
                c.t,
                p(c.normal),
                c.iterations
            ),
        );
        if c.hit {
            row("impact point", p(c.point));
        }
    }
    rows.into_iter().map(|(k, v)| (k, tidy_zeros(&v))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::gjk::SimplexCache;
    use crate::core::manifold::ManifoldSource;
    use crate::scene::parse_scene;

    #[test]
    fn every_contact_step_is_narrated_and_drawn() {
        use crate::view::draw::{build_draw_list, Highlight};
        let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        // A hexagon against a box: every contact algorithm but box–box applies.
        let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
        for algo in [
            Algorithm::Sat,
            Algorithm::Manifold,
            Algorithm::Clip,
            Algorithm::BoxBox,
        ] {
            for via_sat in [false, true] {
                let source = if via_sat {
                    ManifoldSource::Sat
                } else {
                    ManifoldSource::Epa
                };
                for k in 0..an.step_count(algo) {
                    let text = narrate(&an, algo, k, 20, source);
                    assert!(text.len() > 40, "{algo:?} step {k}: {text}");
                    let hl = Highlight {
                        manifold_via_sat: via_sat,
                        ..Default::default()
                    };
                    let list = build_draw_list(&scene, Some(&an), algo, k, &hl);
                    assert!(!list.layers.is_empty());
                }
            }
        }
        assert!(
            narrate(&an, Algorithm::BoxBox, 0, 20, ManifoldSource::Epa).contains("needs two boxes")
        );
        let last = an.step_count(Algorithm::Manifold) - 1;
        let text = narrate(&an, Algorithm::Manifold, last, 20, ManifoldSource::Epa);
        assert!(text.contains("contact point"), "{text}");
    }

    #[test]
    fn negative_zeros_are_tidied() {
        assert_eq!(
            tidy_zeros("d = -0.0000, x -0.50, y=-0, v(-0.000) e1-0.0 B − A"),
            "d = 0.0000, x -0.50, y=0, v(0.000) e1-0.0 B − A"
        );
        assert_eq!(tidy_zeros("-0.00001"), "-0.00001");
    }

    #[test]
    fn every_gjk_and_epa_step_is_narrated() {
        let mut scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        for pos in [Vec2::new(1.5, 0.6), Vec2::new(4.0, 1.0)] {
            scene.shapes[1].pose.position = pos;
            let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
            for algo in [Algorithm::Gjk, Algorithm::Epa] {
                for k in 0..an.step_count(algo) {
                    let text = narrate(&an, algo, k, 20, ManifoldSource::Epa);
                    assert!(text.len() > 40, "{algo:?} step {k}: {text}");
                }
            }
            let last = an.gjk_trace.steps.len() - 1;
            let text = narrate(&an, Algorithm::Gjk, last, 20, ManifoldSource::Epa);
            assert!(text.contains("stops") || text.contains("touch"), "{text}");
        }
    }

    #[test]
    fn every_toi_and_cast_step_is_narrated() {
        let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        // A against the moving capsule C.
        let an = Analysis::compute(&scene, 0, 2, &mut SimplexCache::default());
        for algo in [Algorithm::Toi, Algorithm::Cast] {
            let n = an.step_count(algo);
            for k in 0..n {
                let text = narrate(&an, algo, k, 20, ManifoldSource::Epa);
                assert!(text.len() > 40, "{algo:?} step {k}: {text}");
            }
            let last = narrate(&an, algo, n - 1, 20, ManifoldSource::Epa);
            let t = if algo == Algorithm::Toi {
                an.swept.t
            } else {
                an.cast.t
            };
            if an.cast.hit {
                assert!(last.contains(&format!("{t:.4}")), "{last}");
            }
        }
    }

    #[test]
    fn epa_last_step_states_the_depth() {
        let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
        let last = an.step_count(Algorithm::Epa) - 1;
        let text = narrate(&an, Algorithm::Epa, last, 20, ManifoldSource::Epa);
        let depth = an.penetration.unwrap().depth;
        assert!(text.contains(&format!("{depth:.5}")), "{text}");
        let rows = numbers(&an, Algorithm::Epa, last, ManifoldSource::Epa);
        assert!(rows
            .iter()
            .any(|(k, v)| k == "depth" && v == &format!("{depth:.6}")));
    }
}
