//! GJK's steps in words: the simplex, the Voronoi region of the origin, the support
//! point and why the loop goes on or stops.

use crate::core::gjk::{CacheUse, GjkStep, GjkTermination, GjkTrace, SimplexVertex, VoronoiRegion};
use crate::study::basics::Rows;
use crate::view::text::p;

/// The name of simplex vertex `i` (w1, w2, w3), as the canvas labels it.
pub fn w_name(i: usize) -> String {
    format!("w{}", i + 1)
}

/// The vertex pair a point of B − A comes from: "B[j] − A[i]".
pub fn vertex_pair(v: &SimplexVertex) -> String {
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
        Some(GjkTermination::Cycle) => {
            s += " That vertex pair was met earlier in this query: GJK is circling (rounding on a flat B − A) and stops, with the closest simplex it found."
        }
        Some(GjkTermination::DirectionZero) => {
            // The simplex's segment is a chord of B − A, not necessarily one of its
            // edges: the origin on it is in B − A, on its boundary or inside.
            let what = match step.simplex.len() {
                1 => "That point is a point of B − A",
                _ => "That segment of the simplex lies in B − A (along an edge of it, or across it)",
            };
            s += &format!(" No search direction is defined from there. {what}, so the shapes touch (the origin on B − A's boundary) or overlap (the origin inside; EPA measures how deep). GJK stops with distance 0.")
        }
        Some(GjkTermination::Overlap) => {
            s += " The origin is enclosed: the shapes' cores (the shapes without any rounding radius) overlap and GJK stops (EPA can measure how deep)."
        }
        Some(GjkTermination::MaxIterations) => {
            s += &format!(
                " GJK has used all {max_iterations} support evaluation(s) it is allowed without meeting a stopping rule: it did not converge, and the distance shown is only an upper bound."
            )
        }
    }
    s
}

pub fn region_sentence(step: &GjkStep) -> String {
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

/// GJK step `k`: the region, each simplex vertex (named as when the step began) with
/// its weight and the vertices of A and B it comes from, the closest point, the search
/// direction and the support point.
pub fn simplex_rows(trace: &GjkTrace, k: usize, rows: &mut Rows) {
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
