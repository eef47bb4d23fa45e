//! The numbers panel: the current step's and the results' numbers as (label, value)
//! rows, in the order the panel lists them. One function per block of rows.

use super::{p, vertex_pair, w_name};
use crate::core::gjk::GjkTrace;
use crate::core::manifold::ManifoldSource;
use crate::trace::analysis::{Algorithm, Analysis, EpaPhase};
use crate::view::text::tidy_zeros;

/// The rows being written.
#[derive(Default)]
struct Rows(Vec<(String, String)>);

impl Rows {
    fn row(&mut self, label: &str, value: String) {
        self.0.push((label.to_string(), value));
    }
}

/// The numbers of the current step and result, as (label, value) rows.
pub fn numbers(
    an: &Analysis,
    algorithm: Algorithm,
    step: usize,
    manifold_source: ManifoldSource,
) -> Vec<(String, String)> {
    let mut rows = Rows::default();
    if algorithm == Algorithm::Hull {
        // One shape: the pair's distance and depth do not belong here.
        hull_rows(an, step, &mut rows);
        return rows.0;
    }
    if algorithm == Algorithm::Ray {
        // One ray and one shape.
        super::ray::ray_rows(an, step, &mut rows.0);
        return rows
            .0
            .into_iter()
            .map(|(k, v)| (k, tidy_zeros(&v)))
            .collect();
    }
    match algorithm {
        Algorithm::Gjk => simplex_rows(&an.gjk_trace, step, &mut rows),
        Algorithm::Epa => match an.epa_phase(step) {
            EpaPhase::Gjk(k) => simplex_rows(&an.epa_gjk_trace, k, &mut rows),
            EpaPhase::Epa(k) => polytope_rows(an, k, &mut rows),
        },
        _ => {}
    }
    distance_rows(an, &mut rows);
    penetration_rows(an, &mut rows);
    match algorithm {
        Algorithm::Sat => sat_rows(an, &mut rows),
        Algorithm::Manifold => manifold_rows(an, manifold_source, &mut rows),
        Algorithm::Clip => clip_rows(an, &mut rows),
        Algorithm::BoxBox => box_box_rows(an, &mut rows),
        Algorithm::Toi | Algorithm::Cast => toi_rows(an, &mut rows),
        Algorithm::Rotating => rotating_rows(an, &mut rows),
        Algorithm::Hull | Algorithm::Ray => unreachable!("one shape's numbers, returned above"),
        Algorithm::Gjk | Algorithm::Epa => {}
    }
    rows.0
        .into_iter()
        .map(|(k, v)| (k, tidy_zeros(&v)))
        .collect()
}

/// GJK step `k`: the region, each simplex vertex (named as when the step began) with
/// its weight and the vertices of A and B it comes from, the closest point, the search
/// direction and the support point.
fn simplex_rows(trace: &GjkTrace, k: usize, rows: &mut Rows) {
    let Some(st) = trace.steps.get(k) else {
        return;
    };
    rows.row(
        "GJK phase step",
        format!("{} of {}", k + 1, trace.steps.len()),
    );
    rows.row("region", format!("{:?}", st.region));
    for (i, v) in st.simplex.iter().enumerate() {
        // Name each vertex as it was named when the step began (w1..w3), so the
        // numbers match the narration and the canvas after a point is dropped.
        let i = st
            .simplex_in
            .iter()
            .position(|e| e.index_a == v.index_a && e.index_b == v.index_b)
            .unwrap_or(i);
        rows.row(
            &format!("simplex {}", w_name(i)),
            format!("{}  weight {:.4}", p(v.w), v.a),
        );
        rows.row(
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
    rows.row("closest point", p(st.closest));
    if let Some(d) = st.direction {
        rows.row("direction", p(d));
    }
    if let Some(s) = &st.support {
        rows.row("support", format!("{} = {}", vertex_pair(s), p(s.w)));
    }
}

/// EPA step `k`: the polytope's size, its closest edge and the support point.
fn polytope_rows(an: &Analysis, k: usize, rows: &mut Rows) {
    let Some(st) = an.epa_trace.steps.get(k) else {
        return;
    };
    rows.row(
        "EPA phase step",
        format!("{} of {}", k + 1, an.epa_trace.steps.len()),
    );
    rows.row("polytope vertices", st.polytope.len().to_string());
    rows.row("closest edge", st.closest_edge.to_string());
    rows.row("edge normal", p(st.edge_normal));
    rows.row("edge distance", format!("{:.6}", st.distance));
    if let Some(s) = st.support {
        rows.row("support", p(s));
    }
}

/// The GJK distance result, and the warm-start cache when the scene uses it.
fn distance_rows(an: &Analysis, rows: &mut Rows) {
    let d = &an.distance;
    rows.row("distance", format!("{:.6}", d.distance));
    rows.row("point on A", p(d.point_a));
    rows.row("point on B", p(d.point_b));
    rows.row(
        "normal A to B",
        d.normal
            .map(p)
            .unwrap_or_else(|| "undefined (touching/overlap)".into()),
    );
    rows.row("GJK iterations", d.iterations.to_string());
    rows.row("GJK termination", d.termination.as_str().to_string());
    let Some(cold) = an.cold_iterations else {
        return;
    };
    rows.row(
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
    rows.row(
        "cache contents",
        format!(
            "count {} {} metric {:.5}",
            c.count,
            pairs.join(" "),
            c.metric
        ),
    );
}

/// The EPA penetration result, or "separated".
fn penetration_rows(an: &Analysis, rows: &mut Rows) {
    match &an.penetration {
        Some(pen) => {
            rows.row("depth", format!("{:.6}", pen.depth));
            rows.row("penetration normal", p(pen.normal));
            rows.row("deepest on A", p(pen.point_a));
            rows.row("deepest on B", p(pen.point_b));
            rows.row("EPA iterations", pen.iterations.to_string());
            rows.row("EPA termination", pen.termination.as_str().to_string());
        }
        None => rows.row("penetration", "none (separated)".into()),
    }
}

fn sat_rows(an: &Analysis, rows: &mut Rows) {
    let o = &an.sat;
    rows.row("SAT separation", format!("{:.6}", o.separation));
    rows.row("SAT normal", p(o.normal));
    rows.row(
        "axis",
        format!(
            "{} edge {} ({})",
            o.axis_owner.as_str(),
            o.edge,
            o.axis_kind.as_str()
        ),
    );
    rows.row("choice", o.choice.as_str().to_string());
    rows.row("outcome", o.outcome.as_str().to_string());
}

fn manifold_rows(an: &Analysis, source: ManifoldSource, rows: &mut Rows) {
    let (m, _) = an.manifold(source);
    rows.row("manifold", m.outcome.as_str().to_string());
    if let Some(src) = m.normal_source {
        rows.row("normal source", src.as_str().to_string());
    }
    if let Some(c) = m.case {
        rows.row("case", c.as_str().to_string());
    }
    rows.row("manifold normal", p(m.normal));
    for (i, pt) in m.points().iter().enumerate() {
        rows.row(
            &format!("point {i}"),
            format!(
                "sep {:.6}  {} (id {})",
                pt.separation,
                crate::view::text::describe_contact_id(pt.id),
                pt.id
            ),
        );
        rows.row("  on A, B", format!("{}  {}", p(pt.point_a), p(pt.point_b)));
    }
}

fn clip_rows(an: &Analysis, rows: &mut Rows) {
    let Some(c) = &an.clip else {
        rows.row("overlap", "needs two polygons".into());
        return;
    };
    rows.row("overlap", c.outcome.as_str().to_string());
    rows.row("overlap vertices", c.polygon.len().to_string());
    for (i, pt) in c.points.iter().enumerate() {
        rows.row(
            &format!("overlap point {i}"),
            format!("{} sep {:.6}", p(pt.point_b), pt.separation),
        );
    }
}

/// The rotating time of impact: target, band, safe interval, answer and counts.
fn rotating_rows(an: &Analysis, rows: &mut Rows) {
    let (o, tr) = (&an.rotating, &an.rotating_trace);
    rows.row("target (core distance)", format!("{:.6}", tr.target));
    rows.row("tolerance", format!("{:.6}", tr.tolerance));
    rows.row(
        "safe interval",
        if tr.max_interval.is_finite() {
            format!("{:.6}", tr.max_interval)
        } else {
            "whole step (no turning)".to_string()
        },
    );
    rows.row("state", o.state.as_str().to_string());
    rows.row("t", format!("{:.6}", o.t));
    if o.state == crate::core::toi::rotating::ToiState::Hit {
        rows.row("point", p(o.point));
        rows.row("normal", p(o.normal));
    }
    rows.row("iterations", o.iterations.to_string());
    rows.row("push-backs", o.push_iterations.to_string());
    rows.row("root iterates", o.root_iterations.to_string());
}

/// Box2D's hull builder: the input, the step's numbers, the result.
fn hull_rows(an: &Analysis, step: usize, rows: &mut Rows) {
    use crate::core::quickhull::{HullStep, BOX2D_LINEAR_SLOP};
    // Builder points are in A's frame; the rows give world points, as drawn.
    let p = |q: glam::Vec2| p(an.hull_world(q));
    rows.row("points", an.hull_input.len().to_string());
    rows.row("linear slop", format!("{BOX2D_LINEAR_SLOP}"));
    rows.row(
        "weld distance (4·slop)",
        format!("{}", 4.0 * BOX2D_LINEAR_SLOP),
    );
    rows.row(
        "line tolerance (2·slop)",
        format!("{}", 2.0 * BOX2D_LINEAR_SLOP),
    );
    match an.hull.steps.get(step) {
        Some(HullStep::Recurse {
            p1, p2, distance, ..
        }) => {
            rows.row("edge", format!("{} → {}", p(*p1), p(*p2)));
            rows.row("farthest distance", format!("{distance:.6}"));
        }
        Some(HullStep::MergeCollinear { point, distance }) => {
            rows.row("merged vertex", p(*point));
            rows.row("its distance to the line", format!("{distance:.3e}"));
        }
        Some(HullStep::Weld { point, onto }) => {
            rows.row("welded", format!("{} onto {}", p(*point), p(*onto)));
            rows.row("apart", format!("{:.3e}", point.distance(*onto)));
        }
        _ => {}
    }
    match &an.hull.hull {
        Ok(h) => rows.row("hull vertices", h.len().to_string()),
        Err(f) => rows.row("no hull", f.as_str().to_string()),
    }
}

fn box_box_rows(an: &Analysis, rows: &mut Rows) {
    let o = match &an.box_box {
        Ok(o) => o,
        Err(e) => return rows.row("box-box", e.to_string()),
    };
    rows.row("box-box", o.outcome.as_str().to_string());
    rows.row(
        "reference",
        format!("{} edge {}", o.axis_owner.as_str(), o.edge),
    );
    rows.row("box-box normal", p(o.normal));
    for (i, pt) in o.points().iter().enumerate() {
        let f = crate::core::box_box::FeaturePair::unpack(pt.id);
        rows.row(
            &format!("point {i}"),
            format!(
                "sep {:.6}  pair A {}/{} B {}/{}",
                pt.separation, f.in_edge_a, f.out_edge_a, f.in_edge_b, f.out_edge_b
            )
            .replace("255", "-"),
        );
    }
}

/// Both times of impact: swept SAT and the shape cast.
fn toi_rows(an: &Analysis, rows: &mut Rows) {
    let sw = &an.swept;
    rows.row(
        "swept SAT",
        format!(
            "{} t = {:.5} normal {}",
            sw.termination.as_str(),
            sw.t,
            p(sw.normal)
        ),
    );
    let c = &an.cast;
    rows.row(
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
        rows.row("impact point", p(c.point));
    }
    // The same cast as a ray against B − A (configuration space).
    let text = match &an.cast_ray {
        Ok(r) if r.output.hit => format!(
            "t = {:.5} normal {} ({} iterations)",
            r.output.fraction,
            // B − A's outward normal at the hit is the contact normal A → B reversed.
            p(-r.output.normal),
            r.output.iterations
        ),
        Ok(r) if r.output.inside => "origin inside B − A: overlapping at t = 0".to_string(),
        Ok(r) => format!("no hit ({} iterations)", r.output.iterations),
        Err(why) => why.words(),
    };
    rows.row("GJK ray cast on B − A", text);
}
