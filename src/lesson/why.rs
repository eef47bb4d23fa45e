//! Why an answer is what it is, in words from the page's own numbers: shown once a
//! question is settled, so that "Right." is followed by the answer's reason and not
//! only by the narration of a step that may speak of something else.

use super::answer::Ground;
use super::view_pair;
use crate::view::text::Len;

/// The pair's radii `(r_A, r_B)`, when the page's scene has a pair.
fn radii(g: &Ground) -> Option<(f32, f32)> {
    let (a, b) = view_pair(g.scene)?;
    Some((
        g.scene.shapes[a].shape.radius(),
        g.scene.shapes[b].shape.radius(),
    ))
}

/// A's closest point to B, and where GJK reads it from (not the distance: a later
/// page may ask for it).
pub fn witness_on_a(g: &Ground) -> String {
    let d = &g.studies.basics.distance;
    format!(
        "A's closest point is ({:.3}, {:.3}). GJK reads it off its last simplex: the weights that make its closest point of B − A blend the simplex's vertices of A into A's point (and of B into B's).",
        d.point_a.x, d.point_a.y
    )
}

/// The distance, and what it is the length of.
pub fn distance(g: &Ground) -> String {
    let d = &g.studies.basics.distance;
    let own = format!(
        "The distance is {}: the length of the segment from A's closest point to B's.",
        Len(d.distance)
    );
    match radii(g) {
        Some((ra, rb)) if ra + rb > 0.0 && d.distance > 0.0 => format!(
            "{own} GJK's closest point of B − A lies {:.4} from the origin: the cores' distance, less the radii {ra:.4} (r_A) + {rb:.4} (r_B).",
            d.core_distance
        ),
        _ if d.distance > 0.0 => format!(
            "{own} It is how far GJK's closest point of B − A lies from the origin."
        ),
        _ => "The distance is 0: the shapes touch or overlap.".to_string(),
    }
}

/// Whether the shapes overlap, from the cores' distance and the radii.
pub fn overlap(g: &Ground, overlapping: bool) -> String {
    let d = &g.studies.basics.distance;
    let (ra, rb) = radii(g).unwrap_or((0.0, 0.0));
    if ra + rb > 0.0 {
        let r = ra + rb;
        if d.core_distance <= 0.0 {
            return "The cores themselves touch or overlap, so the rounded shapes overlap too."
                .to_string();
        }
        let (cmp, verdict) = if overlapping {
            ("no more than", "overlap")
        } else {
            ("more than", "are apart")
        };
        return format!(
            "The cores are {:.4} apart, {cmp} the radii's sum r_A + r_B = {ra:.4} + {rb:.4} = {r:.4}: the rounded shapes {verdict}.",
            d.core_distance
        );
    }
    if overlapping {
        "The origin lies in B − A (GJK ends at distance 0): some point of A minus a point of B is zero, a point the shapes share, so they overlap.".to_string()
    } else {
        // Not how far: a later page may ask for the distance.
        "The origin lies outside B − A: no point of B minus a point of A is zero, so the shapes are apart.".to_string()
    }
}

/// The rounded shapes' depth: the cores' depth (EPA's answer) plus the radii, or the
/// radii less the cores' distance when the cores are apart. `None` without radii.
pub fn rounded_depth(g: &Ground, depth: f32) -> Option<String> {
    let (ra, rb) = radii(g)?;
    if ra + rb <= 0.0 {
        return None;
    }
    let core = depth - ra - rb;
    let label = g.studies.epa.trace.steps.last().map(|s| s.distance);
    Some(if label.is_none() {
        format!(
            "The cores are apart, {:.4} from each other, so EPA is not run: the rounded shapes overlap by the radii less that distance, {ra:.4} (r_A) + {rb:.4} (r_B) − {:.4} = {depth:.4}.",
            -core, -core
        )
    } else {
        format!(
            "The label d = {core} on the polytope's thick edge is the cores' depth, EPA's own answer. The rounded shapes' depth adds the radii: {core} + {ra:.4} (r_A) + {rb:.4} (r_B) = {depth}.",
            core = Len(label.unwrap_or(core)),
            depth = Len(depth)
        )
    })
}
