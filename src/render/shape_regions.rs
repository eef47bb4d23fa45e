//! Shapes A and B as regions of the screen a label of the other keeps out of: a label
//! made as saying something of one shape (its `of`: the shape's name, its vertex
//! numbers, a feature of it, GJK's "A so far") inside the other's outline reads as
//! saying something of that one.

use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::{point_in_polygon, DrawList, LayerId, Owner, Prim, SHAPE_A, SHAPE_B};
use glam::Vec2;

/// Shape A's or B's outline on screen: a label that says something of one shape
/// ("feature of B", "B so far", B's vertex numbers: its `of`) keeps out of the other's.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeRegion {
    pub shape: Owner,
    pub outline: Vec<Vec2>,
}

/// The outlines of shapes A and B in the world view (their fills in the shapes' layer,
/// in A's and B's colours).
pub fn shape_regions(view: &ViewFrame, list: &DrawList) -> Vec<ShapeRegion> {
    let mut out = Vec::new();
    let shapes = list
        .layers
        .iter()
        .filter(|l| l.space == view.space && l.id == LayerId::Shapes);
    for prim in shapes.flat_map(|l| l.prims.iter()) {
        if let Prim::Fill { points, color } = prim {
            let shape = match color.with_alpha(255) {
                c if c == SHAPE_A => Owner::A,
                c if c == SHAPE_B => Owner::B,
                _ => continue,
            };
            if points.len() >= 3 {
                let outline: Vec<Vec2> = points.iter().map(|p| view.to_screen(*p)).collect();
                if outline.iter().all(|p| p.is_finite()) {
                    out.push(ShapeRegion { shape, outline });
                }
            }
        }
    }
    out
}

/// For each label of `view` in [`view_labels`]'s order, its shape's outline on screen
/// when it is a shape's name (a label of the shapes' layer, after its shape's fill),
/// else `None`: a name reads as its shape's anywhere in or right beside the outline.
pub fn name_outlines(view: &ViewFrame, list: &DrawList, extra: &[Prim]) -> Vec<Option<Vec<Vec2>>> {
    let mut out = Vec::new();
    for layer in list.layers.iter().filter(|l| l.space == view.space) {
        let mut fill: Option<Vec<Vec2>> = None;
        for prim in &layer.prims {
            match prim {
                Prim::Fill { points, .. } if layer.id == LayerId::Shapes => {
                    let outline: Vec<Vec2> = points.iter().map(|p| view.to_screen(*p)).collect();
                    fill = outline.iter().all(|p| p.is_finite()).then_some(outline);
                }
                Prim::Label { .. } => out.push(fill.take()),
                _ => {}
            }
        }
    }
    out.extend(
        extra
            .iter()
            .filter(|p| matches!(p, Prim::Label { .. }))
            .map(|_| None),
    );
    out
}

/// The distance from box `b` to the region inside closed `outline` (pixels, 0 when they
/// meet).
pub fn box_to_outline(b: &Viewport, outline: &[Vec2]) -> f32 {
    let corners = [
        Vec2::new(b.x, b.y),
        Vec2::new(b.x + b.w, b.y),
        Vec2::new(b.x + b.w, b.y + b.h),
        Vec2::new(b.x, b.y + b.h),
    ];
    let mid = Vec2::new(b.x + 0.5 * b.w, b.y + 0.5 * b.h);
    if point_in_polygon(mid, outline) {
        return 0.0;
    }
    // A point or a segment (no inside): the distance to its points and sides.
    let n = outline.len();
    let mut d = f32::INFINITY;
    for k in 0..n {
        let (u, v) = (outline[k], outline[(k + 1) % n]);
        for i in 0..4 {
            if segments_cross(u, v, corners[i], corners[(i + 1) % 4]) {
                return 0.0;
            }
            d = d.min(crate::core::math::point_segment_distance(corners[i], u, v));
        }
        d = d.min(box_distance(b, u));
    }
    d
}

/// Whether a label saying something of pair shape `of` (a label's own field: the code
/// that made it says which shape it speaks of, its words are not read) at box `b` lies
/// in the other shape's outline (its middle inside it): read as saying something of
/// that shape. A label of no shape is nobody's; one whose own point `anchor` lies in
/// the other shape (GJK's points so far of an overlapping pair, a vertex of B inside A)
/// may: no spot near its point is outside it.
pub fn in_other_shape(
    b: &Viewport,
    anchor: Vec2,
    of: Option<Owner>,
    regions: &[ShapeRegion],
) -> bool {
    let Some(own) = of else {
        return false;
    };
    let mid = Vec2::new(b.x + 0.5 * b.w, b.y + 0.5 * b.h);
    regions.iter().any(|r| {
        r.shape != own && point_in_polygon(mid, &r.outline) && !point_in_polygon(anchor, &r.outline)
    })
}

/// Whether a label of pair shape `of` at box `b` has its middle in the other shape's
/// outline, wherever its own point lies: [`in_other_shape`] without the leave a label
/// whose point lies in the other shape has. Such a spot reads as the other shape's even
/// so ("A so far" inside B beside A's corner that pokes into B), and costs as much
/// wherever a spot outside it is near enough.
pub fn inside_other_shape(b: &Viewport, of: Option<Owner>, regions: &[ShapeRegion]) -> bool {
    let Some(own) = of else {
        return false;
    };
    let mid = Vec2::new(b.x + 0.5 * b.w, b.y + 0.5 * b.h);
    regions
        .iter()
        .any(|r| r.shape != own && point_in_polygon(mid, &r.outline))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A label's shape is its `of`, never its words: "A so far" made with no owner is
    /// nobody's and may sit in B; "w" made as B's keeps out of A.
    #[test]
    fn a_labels_shape_is_the_one_it_is_made_with_not_read_from_its_text() {
        use super::super::spot_choice::{place_one, Obstacles, Pending};
        let vp = Viewport {
            x: 0.0,
            y: 0.0,
            w: 400.0,
            h: 300.0,
        };
        let half = |shape: Owner, x: f32| ShapeRegion {
            shape,
            outline: vec![
                Vec2::new(x, 0.0),
                Vec2::new(x + 200.0, 0.0),
                Vec2::new(x + 200.0, 300.0),
                Vec2::new(x, 300.0),
            ],
        };
        let regions = [half(Owner::A, 0.0), half(Owner::B, 200.0)];
        let lines = LineIndex::new(Vec::new(), &vp);
        let obstacles = Obstacles {
            dots: &[],
            lines: &lines,
            arrows: &[],
            points: &[],
            bars: &[],
            regions: &regions,
            leaders: Vec::new(),
            texts: Vec::new(),
            axes: Vec::new(),
        };
        let place = |anchor: Vec2, offset: Vec2, text: &str, of: Option<Owner>| {
            let p = Pending {
                index: 0,
                rank: 2,
                anchor,
                preferred: anchor + offset,
                text,
                size: 13.0,
                of,
                keeps_side: false,
                outline: None,
            };
            let placed = place_one(&p, &vp, &[], &obstacles).unwrap();
            let b = placed.back;
            (
                placed.at == p.preferred,
                Vec2::new(b.x + 0.5 * b.w, b.y + 0.5 * b.h),
            )
        };
        // A's point a pixel inside A, its label's own spot reaching into B.
        let in_a = Vec2::new(196.0, 150.0);
        let (kept, mid) = place(in_a, Vec2::new(6.0, -6.0), "A so far", None);
        assert!(kept && mid.x > 200.0, "nobody's label moved: {mid:?}");
        let (kept, mid) = place(in_a, Vec2::new(6.0, -6.0), "A so far", Some(Owner::A));
        assert!(!kept && mid.x < 200.0, "A's label left in B: {mid:?}");
        // B's point inside B, a short label's own spot to its left, in A.
        let in_b = Vec2::new(204.0, 150.0);
        let (kept, mid) = place(in_b, Vec2::new(-24.0, -6.0), "w", None);
        assert!(kept && mid.x < 200.0, "nobody's label moved: {mid:?}");
        let (kept, mid) = place(in_b, Vec2::new(-24.0, -6.0), "w", Some(Owner::B));
        assert!(!kept && mid.x > 200.0, "B's label left in A: {mid:?}");
        // Its own point inside the other shape, a label of A may sit there too.
        let deep = Vec2::new(300.0, 150.0);
        assert!(!in_other_shape(
            &vp_box(deep),
            deep,
            Some(Owner::A),
            &regions
        ));
        assert!(in_other_shape(
            &vp_box(deep),
            in_a,
            Some(Owner::A),
            &regions
        ));
        assert!(!in_other_shape(&vp_box(deep), in_a, None, &regions));
    }

    /// A 10-pixel box centred on `p`.
    fn vp_box(p: Vec2) -> Viewport {
        Viewport {
            x: p.x - 5.0,
            y: p.y - 5.0,
            w: 10.0,
            h: 10.0,
        }
    }
}
