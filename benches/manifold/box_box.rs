//! `manifold_box_box`: two overlapping boxes, our Box2D-Lite `box_box`.

use super::poly_poly::Polygons;
use super::*;

/// Our Box2D-Lite box–box manifold.
pub(crate) fn ours_box_box<P1, P2, C>(p: &Pair<P1, P2, C>) -> Summary {
    let m = box_box(&box_box_input(p), None).expect("two boxes");
    Summary {
        normal: m.normal,
        points: m
            .points()
            .iter()
            .map(|q| ((q.point_a + q.point_b) * 0.5, q.separation))
            .collect(),
    }
}

pub(crate) fn box_box_input<P1, P2, C>(p: &Pair<P1, P2, C>) -> BoxBoxInput<'_> {
    BoxBoxInput {
        pair: PosedPair::new(&p.a, p.xf_a, &p.b, p.xf_b),
        speculative_distance: PREDICTION,
    }
}

pub(crate) fn cuboid(rng: &mut Rng) -> (Shape, Cuboid) {
    let h = Vec2::new(rng.range_f32(0.3, 1.2), rng.range_f32(0.3, 1.2));
    (
        Shape::cuboid(h).expect("valid box"),
        Cuboid::new(Vector::new(h.x, h.y)),
    )
}

pub(crate) fn pair_set() -> Vec<Pair<Cuboid, Cuboid, Polygons>> {
    pairs(
        "manifold_box_box",
        SEED ^ 2,
        (0.5, 2.0),
        cuboid,
        cuboid,
        ours_box_box,
        true,
    )
}

pub(crate) fn bench(
    c: &mut Criterion,
    request: Option<&Request>,
    boxes: &[Pair<Cuboid, Cuboid, Polygons>],
) {
    let inputs: Vec<BoxBoxInput> = boxes.iter().map(box_box_input).collect();
    let calls: Vec<Polygons> = boxes.iter().map(|p| p.b2).collect();
    let mut group = count::group(c, request, "manifold_box_box");
    let mut i = 0usize;
    let ours = &inputs;
    group.bench("collidescope", move || {
        let input = &ours[i & MASK];
        i = i.wrapping_add(1);
        black_box(box_box(black_box(input), None))
    });
    box2d_bench(&mut group, &calls);
    parry_bench(&mut group, boxes);
    empty_bench(&mut group, &inputs);
    group.finish();
}
