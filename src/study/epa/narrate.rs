//! EPA's steps in words: the polytope's closest edge, the support point, grow or stop.

use crate::core::epa::{EpaStep, EpaTermination, EpaTrace};
use crate::study::basics::Rows;
use crate::view::text::{p, Len};

/// What inserting step `k`'s support point does to the polytope: it grows by one, or
/// neighbours that no longer stick out past the new point (the polytope stays convex)
/// are dropped, named here because the vertex numbers shift with them.
fn inserted(trace: &EpaTrace, k: usize) -> String {
    let grown = " That is more than the tolerance, so it is inserted between the edge's ends";
    let (Some(now), Some(next)) = (trace.steps.get(k), trace.steps.get(k + 1)) else {
        return format!("{grown} and the polytope grows.");
    };
    let dropped: Vec<String> = now
        .polytope
        .iter()
        .enumerate()
        .filter(|(_, v)| !next.polytope.contains(v))
        .map(|(i, v)| format!("vertex {i} {}", p(*v)))
        .collect();
    // Where the new point goes: the vertices after it are numbered one higher.
    let place = now
        .support
        .and_then(|w| next.polytope.iter().position(|v| *v == w))
        .map(|j| {
            if j + 1 < next.polytope.len() {
                format!(": the new point is vertex {j}, and the vertices after it are numbered one higher")
            } else {
                format!(": the new point is vertex {j}")
            }
        })
        .unwrap_or_default();
    match dropped.len() {
        0 => format!("{grown} and the polytope grows{place}."),
        1 => format!(
            "{grown}; {} no longer sticks out past it (the polytope stays convex) and is dropped, so the polytope keeps {} vertices, numbered afresh.",
            dropped[0],
            next.polytope.len()
        ),
        _ => format!(
            "{grown}; {} no longer stick out past it (the polytope stays convex) and are dropped, so the polytope has {} vertices, numbered afresh.",
            dropped.join(" and "),
            next.polytope.len()
        ),
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
        "The polytope has {n} vertices. Its edge closest to the origin is edge {} (from vertex {} to vertex {}), at distance {} along its outward normal {}.",
        closest_edge,
        closest_edge,
        (closest_edge + 1) % n.max(1),
        Len(*distance),
        p(*edge_normal)
    );
    if let Some(sp) = support {
        let gap = sp.dot(*edge_normal) - distance;
        s += &format!(
            " The support point of B − A along that normal is {} and lies {} beyond the edge.",
            p(*sp),
            Len(gap)
        );
    }
    let depth = |d: f32| {
        if radii > 0.0 {
            format!(
                "{} (core {} + radii {})",
                Len(d.max(0.0) + radii),
                Len(d.max(0.0)),
                Len(radii)
            )
        } else {
            Len(d.max(0.0)).to_string()
        }
    };
    match stop {
        None => s += &inserted(trace, k),
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

/// EPA step `k`: the polytope's size, its closest edge and the support point.
pub fn polytope_rows(trace: &EpaTrace, k: usize, rows: &mut Rows) {
    let Some(st) = trace.steps.get(k) else {
        return;
    };
    rows.row(
        "EPA phase step",
        format!("{} of {}", k + 1, trace.steps.len()),
    );
    rows.row("polytope vertices", st.polytope.len().to_string());
    rows.row("closest edge", st.closest_edge.to_string());
    rows.row("edge normal", p(st.edge_normal));
    rows.row("edge distance", format!("{:.6}", st.distance));
    if let Some(s) = st.support {
        rows.row("support", p(s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    fn step(polytope: &[(f32, f32)], support: Option<Vec2>) -> EpaStep {
        EpaStep {
            iteration: 0,
            polytope: polytope.iter().map(|&(x, y)| Vec2::new(x, y)).collect(),
            closest_edge: 0,
            edge_normal: Vec2::new(0.0, -1.0),
            distance: 1.0,
            support,
            stop: None,
        }
    }

    /// The polytope grows by one, or says which vertex the new point made redundant.
    #[test]
    fn insertion_says_grows_or_names_the_dropped_vertex() {
        let square = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        let grown = [
            (-1.0, -1.0),
            (0.0, -2.0),
            (1.0, -1.0),
            (1.0, 1.0),
            (-1.0, 1.0),
        ];
        let t = EpaTrace {
            steps: vec![
                step(&square, Some(Vec2::new(0.0, -2.0))),
                step(&grown, None),
            ],
        };
        assert!(
            epa_step(&t, 0, 0.0).ends_with(
                "and the polytope grows: the new point is vertex 1, and the vertices after it \
                 are numbered one higher."
            ),
            "{}",
            epa_step(&t, 0, 0.0)
        );
        // The new point (2, -3) leaves (1, -1) inside: it is dropped.
        let kept = [(-1.0, -1.0), (2.0, -3.0), (1.0, 1.0), (-1.0, 1.0)];
        let t = EpaTrace {
            steps: vec![step(&square, Some(Vec2::new(2.0, -3.0))), step(&kept, None)],
        };
        let text = epa_step(&t, 0, 0.0);
        assert!(
            text.contains("vertex 1 (1.0000, -1.0000) no longer sticks out past it")
                && text.contains("keeps 4 vertices"),
            "{text}"
        );
    }

    /// A distance, gap or depth of 4e-5 keeps two significant digits: it does not
    /// read as 0 (touching) nor as 0.00004 (one digit).
    #[test]
    fn a_small_distance_gap_or_depth_is_not_printed_as_zero() {
        let square = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        let mut s = step(&square, Some(Vec2::new(0.0, -0.000_08)));
        s.distance = 0.000_04;
        s.stop = Some(EpaTermination::Converged);
        let t = EpaTrace { steps: vec![s] };
        let text = epa_step(&t, 0, 0.0);
        assert!(text.contains("at distance 0.000040 along"), "{text}");
        assert!(text.contains("lies 0.000040 beyond the edge"), "{text}");
        assert!(text.contains("The depth is 0.000040 and"), "{text}");
        assert!(
            !text.contains("0.0000 ") && !text.contains("0.00004 "),
            "{text}"
        );
        let text = epa_step(&t, 0, 0.000_03);
        assert!(
            text.contains("The depth is 0.0001 (core 0.000040 + radii 0.000030)"),
            "{text}"
        );
        // A usual value keeps four decimals.
        let mut s = step(&square, None);
        s.distance = 1.234_56;
        let t = EpaTrace { steps: vec![s] };
        assert!(epa_step(&t, 0, 0.0).contains("at distance 1.2346 along"));
    }
}
