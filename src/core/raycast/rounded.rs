//! A ray against a rounded polygon (a core of three or more vertices grown by a
//! radius `r > 0`), exactly: the first crossing over the edges pushed out by `r`
//! and the circles of radius `r` around the vertices.
//!
//! ## Derivation
//! The rounded polygon `S` is the set of points within `r` of the core polygon `P`.
//! Its boundary is made of `n` flat pieces — edge `i` moved out by `r` along its
//! normal, `Fᵢ = [vᵢ + r·nᵢ, vᵢ₊₁ + r·nᵢ]` — and `n` arcs of the circles `Cᵢ` of
//! radius `r` around the vertices. `S` contains every disc `Dᵢ` (bounded by `Cᵢ`) and
//! every rectangle `Rᵢ` swept by edge `i` moving out by `r`; the line `o + f·d` meets
//! the convex `S` in one interval `[f_in, f_out]`.
//!
//! **Claim:** `f_in` is the smallest of (a) the entries of the line into the discs
//! `Dᵢ` and (b) the crossings of the pieces `Fᵢ` by a line running against `nᵢ`
//! (`nᵢ·d < 0`) — the crossing `f = (nᵢ·(vᵢ − o) + r) / nᵢ·d` of `Fᵢ`'s line, kept
//! when it falls between `Fᵢ`'s ends.
//! - Every candidate is a point of `S` (each `Dᵢ` and `Fᵢ` lies in `S`), so none is
//!   earlier than `f_in`.
//! - The entry point `x = o + f_in·d` lies on the boundary: on an arc of some `Cᵢ`,
//!   or on some `Fᵢ`. On an arc: `x ∈ Dᵢ ⊂ S` and no earlier point of the line is in
//!   `S`, so `x` is exactly `Dᵢ`'s entry: candidate (a). On `Fᵢ`: just before `x` the
//!   line is outside `S`, just after inside, and `Fᵢ` is a supporting line of `S`
//!   with outward normal `nᵢ`, so the line crosses it against `nᵢ`: candidate (b).
//!
//! So the minimum is attained and equals `f_in`. Running the same argument backwards
//! gives `f_out` as the largest of the disc exits and the crossings with `nᵢ·d > 0`.
//! The feature is the candidate's: `Vertex(i)` for an arc, `Edge(i)` for a flat
//! piece (where a piece meets an arc both give the same point; the earlier in the
//! scan keeps it). A circle's crossing counts only on its arc — where its normal lies
//! between the two edge normals at the vertex — since elsewhere the circle runs
//! under a flat piece (exactly, that changes nothing: those crossings come later;
//! in f32 it keeps a grazing ray from taking a circle's normal off the arc). Cost: `n` circle tests and `n` plane tests, against Box2D's
//! `b2ShapeCast` (conservative advancement with GJK) for a rounded polygon.
//!
//! The origin's side comes from the point query: inside the core, or within `r` of
//! it (squared distance against `r²`).

use super::circle::circle_span;
use super::local::{Crossing, LineSpan, LocalRay, Normal};
use super::point::locate;
use super::trace::{CircleRecord, FlatRecord};
use super::types::{RayCastOutput, RayFeature};
use crate::core::math::cross;
use crate::core::record::Record;
use crate::core::shape::Shape;
use glam::Vec2;

/// The trace lists a rounded polygon fills.
pub(super) type RoundedRecords<'t> = Option<(&'t mut Vec<CircleRecord>, &'t mut Vec<FlatRecord>)>;

/// A ray against a rounded polygon.
#[inline(never)]
pub(super) fn ray_rounded(ray: &LocalRay, shape: &Shape, records: RoundedRecords) -> RayCastOutput {
    let (mut circles, mut flats) = records.unzip();
    let (v, n, r) = (shape.vertices(), shape.normals(), shape.radius());
    // `span` takes the arcs and flat pieces of the boundary; `any` every circle
    // crossing, the fallback should rounding put a crossing just off every piece.
    let (mut span, mut any) = (LineSpan::default(), LineSpan::default());
    for i in 0..v.len() {
        let feature = RayFeature::Vertex(i);
        if let Some((c_in, c_out)) = circle_span(ray, v[i], r, feature, circles.as_deref_mut()) {
            any.merge(c_in, c_out);
            let before = n[(i + v.len() - 1) % v.len()];
            for (c, enter) in [(c_in, true), (c_out, false)] {
                if on_arc(before, n[i], c.direction()) {
                    offer(&mut span, c, enter);
                }
            }
        }
        if let Some(c) = flat_crossing(ray, shape, i, flats.as_deref_mut()) {
            offer(&mut span, c, ray.translation.dot(n[i]) < 0.0);
        }
    }
    let span = LineSpan {
        enter: span.enter.or(any.enter),
        exit: span.exit.or(any.exit),
    };
    ray.finish(locate(shape, ray.origin).side, &span)
}

/// The circle around a core vertex is the boundary only over the vertex's normal
/// cone, from the normal of the edge before it to the normal of the edge after it
/// (counter-clockwise); elsewhere it lies under a flat piece. A grazing ray crosses
/// the circle and the flat piece near their junction at nearly the same fraction,
/// and rounding can put the circle's crossing first: kept only on the arc, it
/// cannot lend the answer the circle's normal there.
fn on_arc(before: Vec2, after: Vec2, direction: Vec2) -> bool {
    cross(before, direction) >= 0.0 && cross(direction, after) >= 0.0
}

/// Where the line crosses edge `i` pushed out by the radius, when it crosses it
/// between its ends and is not parallel to it.
fn flat_crossing(
    ray: &LocalRay,
    shape: &Shape,
    i: usize,
    mut record: Option<&mut Vec<FlatRecord>>,
) -> Option<Crossing> {
    let (v, n, r) = (shape.vertices(), shape.normals(), shape.radius());
    let (a, b) = (v[i] + r * n[i], v[(i + 1) % v.len()] + r * n[i]);
    let den = n[i].dot(ray.translation);
    let hit = (den != 0.0).then(|| {
        let f = n[i].dot(a - ray.origin) / den;
        let e = b - a;
        let t = (ray.at(f) - a).dot(e) / e.length_squared();
        (f, t)
    });
    let counts = hit.is_some_and(|(_, t)| (0.0..=1.0).contains(&t));
    record.record(|rec| {
        let xf = &ray.input.transform;
        rec.push(FlatRecord {
            feature: RayFeature::Edge(i),
            a: xf.apply(a),
            b: xf.apply(b),
            normal: xf.q.apply(n[i]),
            denominator: den,
            fraction: hit.map(|(f, _)| f),
            along: hit.map(|(_, t)| t),
            counts,
        });
    });
    let (f, _) = hit.filter(|_| counts)?;
    Some(Crossing {
        fraction: f,
        feature: RayFeature::Edge(i),
        normal: Normal::Flat(n[i]),
    })
}

/// Offers a crossing as the entry (`enter`) or the exit.
fn offer(span: &mut LineSpan, c: Crossing, enter: bool) {
    if enter {
        if span.enter.is_none_or(|e| c.fraction < e.fraction) {
            span.enter = Some(c);
        }
    } else if span.exit.is_none_or(|x| c.fraction > x.fraction) {
        span.exit = Some(c);
    }
}

#[cfg(test)]
mod tests {
    use crate::core::math::Transform;
    use crate::core::raycast::{
        ray_cast, RayCastInput, RayCastOutput, RayFeature, RayInput, RayMethod, RayTermination,
        RayTrace,
    };
    use crate::core::shape::{Geometry, Shape};
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn rounded_box() -> Shape {
        Shape::new(Geometry::Box {
            half_extents: v(1.0, 1.0),
            radius: 0.5,
        })
        .unwrap()
    }

    fn cast(o: Vec2, d: Vec2) -> RayCastOutput {
        let s = rounded_box();
        ray_cast(
            &RayCastInput::new(&s, Transform::IDENTITY, RayInput::new(o, d)),
            None,
        )
    }

    #[test]
    fn flat_part() {
        let out = cast(v(-4.0, 0.3), v(4.0, 0.0));
        assert_eq!(
            (out.termination, out.feature),
            (RayTermination::Hit, RayFeature::Edge(3))
        );
        assert!((out.fraction - 0.625).abs() < 1e-6 && out.normal == v(-1.0, 0.0));
    }

    #[test]
    fn rounded_corner() {
        // Down the line x = 1.3: the arc around (1, 1) at y = 1.4, normal (0.6, 0.8).
        let out = cast(v(1.3, 3.0), v(0.0, -2.0));
        assert_eq!(out.feature, RayFeature::Vertex(2));
        assert!((out.point - v(1.3, 1.4)).length() < 1e-6, "{out:?}");
        assert!((out.normal - v(0.6, 0.8)).length() < 1e-6);
        assert!((out.fraction - 0.8).abs() < 1e-6);
    }

    #[test]
    fn corner_gap_is_a_miss() {
        // The sharp box's corner region that rounding cuts away: the line x + y = 2.9
        // passes (1.45, 1.45), 0.636 from the corner: outside.
        let out = cast(v(3.9, -1.0), v(-4.0, 4.0));
        assert_eq!(out.termination, RayTermination::Missed, "{out:?}");
    }

    #[test]
    fn inside_the_rounding_is_inside() {
        let out = cast(v(1.2, 0.0), v(2.0, 0.0));
        assert_eq!(out.termination, RayTermination::Inside);
        assert!((out.exit_fraction.unwrap() - 0.15).abs() < 1e-6);
    }

    #[test]
    fn trace_lists_every_piece() {
        let s = rounded_box();
        let mut trace = RayTrace::default();
        let input = RayCastInput::new(
            &s,
            Transform::IDENTITY,
            RayInput::new(v(1.3, 3.0), v(0.0, -2.0)),
        );
        ray_cast(&input, Some(&mut trace));
        assert_eq!(trace.method, RayMethod::RoundedPolygon);
        assert_eq!((trace.circles.len(), trace.flats.len()), (4, 4));
        // The top piece runs from (1, 1.5) to (−1, 1.5); x = 1.3 is before its start.
        let top = &trace.flats[2];
        assert!(!top.counts && top.along.unwrap() < 0.0, "{top:?}");
    }
}
