//! The timed loops: each library's call on each pair in turn, and the empty loop.

use super::*;

/// Box2D's timed loop: the prepared call on each pair in turn.
pub(crate) fn box2d_bench<'f, C: Box2dCollide>(group: &mut Runner<'_, '_, 'f>, calls: &'f [C]) {
    let mut i = 0usize;
    group.bench("box2d", move || {
        let call = &calls[i & MASK];
        i = i.wrapping_add(1);
        black_box(black_box(call).collide())
    });
}

/// The measured baseline: the loop's indexing and `black_box` without a call.
pub(crate) fn empty_bench<'f, T>(group: &mut Runner<'_, '_, 'f>, items: &'f [T]) {
    let mut i = 0usize;
    group.empty(move || {
        let item = &items[i & MASK];
        i = i.wrapping_add(1);
        black_box(black_box(item))
    });
}

pub(crate) fn parry_bench<'f, P1: ParryShape, P2: ParryShape, C>(
    group: &mut Runner<'_, '_, 'f>,
    set: &'f [Pair<P1, P2, C>],
) {
    let mut i = 0usize;
    group.bench("parry2d", move || {
        let p = &set[i & MASK];
        i = i.wrapping_add(1);
        black_box(parry_manifold(black_box(&p.pos12), &p.pa, &p.pb))
    });
}

/// Box2D's arguments for our Box2D functions: the shapes in the order of its call,
/// the second's pose in the first's frame (the same `Transform::inv_mul` Box2D's column
/// gets).
pub(crate) fn local_calls<P1, P2, C: Box2dCollide>(
    set: &[Pair<P1, P2, C>],
) -> Vec<(&Shape, &Shape, Transform)> {
    set.iter()
        .map(|p| {
            if C::SWAPPED {
                (&p.b, &p.a, p.xf_b.inv_mul(&p.xf_a))
            } else {
                (&p.a, &p.b, p.xf_a.inv_mul(&p.xf_b))
            }
        })
        .collect()
}

/// Our Box2D functions on Box2D's own arguments ([`local_calls`]), the answer in the
/// first shape's frame: `collidescope_local` through the typed entry of the group's
/// Box2D function (`typed`, as Box2D's column calls its one function), and
/// `collidescope_local_any` through `box2d_local_manifold`, which also picks the
/// function from the two shapes' kinds.
pub(crate) fn local_bench<'f>(
    group: &mut Runner<'_, '_, 'f>,
    calls: &'f [(&Shape, &Shape, Transform)],
    typed: impl Fn(&Shape, Transform, &Shape) -> Box2dLocalManifold + 'f,
) {
    let mut i = 0usize;
    group.bench("collidescope_local", move || {
        let (first, second, xf) = black_box(&calls[i & MASK]);
        i = i.wrapping_add(1);
        black_box(typed(first, *xf, second))
    });
    let mut i = 0usize;
    group.bench("collidescope_local_any", move || {
        let (first, second, xf) = black_box(&calls[i & MASK]);
        i = i.wrapping_add(1);
        black_box(box2d_local_manifold(first, second, *xf, PREDICTION))
    });
}

pub(crate) fn manifold_group<P1: ParryShape, P2: ParryShape, C: Box2dCollide>(
    c: &mut Criterion,
    request: Option<&Request>,
    name: &str,
    set: &[Pair<P1, P2, C>],
    source: ManifoldSource,
    typed: impl Fn(&Shape, Transform, &Shape) -> Box2dLocalManifold,
) {
    let settings = settings();
    let inputs: Vec<ManifoldInput> = set
        .iter()
        .map(|p| {
            ManifoldInput::new(
                PosedPair::new(&p.a, p.xf_a, &p.b, p.xf_b),
                &settings,
                source,
            )
        })
        .collect();
    let calls: Vec<C> = set.iter().map(|p| p.b2).collect();
    let local = local_calls(set);
    let mut group = count::group(c, request, name);
    if !group.wanted() {
        return;
    }
    let mut i = 0usize;
    let ours = &inputs;
    group.bench("collidescope", move || {
        let input = &ours[i & MASK];
        i = i.wrapping_add(1);
        black_box(contact_manifold(black_box(input), None))
    });
    if source == ManifoldSource::Sat {
        local_bench(&mut group, &local, typed);
    }
    box2d_bench(&mut group, &calls);
    parry_bench(&mut group, set);
    empty_bench(&mut group, &inputs);
    group.finish();
}
