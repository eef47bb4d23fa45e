//! Properties over random pairs.

use super::*;

/// Swapping A and B gives the same points with the normal negated — whenever the
/// reference face is the same physical face in both orders. SAT's bias prefers A's
/// face, so within the bias margin the two orders legitimately pick different
/// faces; those pairs are counted (and must be a minority), not compared.
#[test]
fn swapping_a_and_b_negates_the_normal() {
    let mut rng = Rng::new(11);
    let (mut compared, mut bias_dependent, mut separated) = (0, 0, 0);
    for _ in 0..3000 {
        let a = random_shape(&mut rng);
        let b = random_shape(&mut rng);
        let xa = random_pose(&mut rng, 1.2);
        let offset = rng.range_f32(-0.2, 0.03);
        let xb = near_pose(&mut rng, &a, &xa, &b, offset);
        for source in SOURCES {
            let ab = manifold(&a, xa, &b, xb, source);
            let ba = manifold(&b, xb, &a, xa, source);
            assert_eq!(ab.is_separated(), ba.is_separated());
            if ab.is_separated() {
                separated += 1;
                continue;
            }
            let l = size_of(&a, &xa, &b, &xb);
            let same_normal = (ab.normal + ba.normal).length() < 1e-3;
            let same_reference = ab.reference.map(Owner::other) == ba.reference
                || ab.case == Some(ManifoldCase::PointPoint)
                || ab.case == Some(ManifoldCase::VertexVertex);
            if !same_normal || !same_reference || ab.points().len() != ba.points().len() {
                bias_dependent += 1;
                continue;
            }
            compared += 1;
            let pa = sorted(ab.points().iter().map(|p| p.point_a).collect());
            let pb_swapped = sorted(ba.points().iter().map(|p| p.point_b).collect());
            for (x, y) in pa.iter().zip(&pb_swapped) {
                assert!(x.distance(*y) < 2e-4 * l, "{source:?} {ab:?} {ba:?}");
            }
            let da = ab.deepest().unwrap().separation;
            let db = ba.deepest().unwrap().separation;
            assert!((da - db).abs() < 2e-4 * l);
        }
    }
    eprintln!("swap: {compared} compared, {bias_dependent} bias-dependent (different reference face), {separated} separated");
    assert!(compared > 1000);
    assert!(
        bias_dependent * 5 < compared,
        "{bias_dependent} of {compared}"
    );
}

/// `max(0, cos α)` for the interior angle α of the core at `vertex` (0 for 1- and
/// 2-vertex cores, whose ends are round or absent). A point at depth `d` below a face,
/// on the side plane through this corner, is outside the polygon by `d·cos α` when
/// the corner is acute.
fn corner_lean(shape: &Shape, vertex: usize) -> f64 {
    let v = shape.vertices();
    let n = v.len();
    if n < 3 {
        return 0.0;
    }
    let e_prev = (v[vertex] - v[(vertex + n - 1) % n]).as_dvec2().normalize();
    let e_next = (v[(vertex + 1) % n] - v[vertex]).as_dvec2().normalize();
    (-e_prev.dot(e_next)).max(0.0)
}

/// No corner sharper than 45° and no edge shorter than a tenth of the longest: the
/// random generator also makes slivers with a near-duplicate vertex, which narrow
/// faster than any corner angle next to the contact tells.
fn well_shaped(shape: &Shape) -> bool {
    let v = shape.vertices();
    let n = v.len();
    if n < 3 {
        return true;
    }
    let lens: Vec<f32> = (0..n).map(|i| v[i].distance(v[(i + 1) % n])).collect();
    let longest = lens.iter().copied().fold(0.0f32, f32::max);
    lens.iter().all(|l| *l >= 0.1 * longest)
        && (0..n).all(|i| corner_lean(shape, i) <= std::f64::consts::FRAC_1_SQRT_2)
}

/// Every manifold point lies on its own shape's surface, and a penetrating point lies
/// inside the other shape (for well-shaped polygons, see `well_shaped`) — within `2e-4·L`, plus, for clipped points, the lean of
/// the method: a clipped point is inside the reference face's slab (below the face,
/// between its side planes), which is inside the reference polygon only up to
/// `depth·cos α` at an acute corner α of the reference edge; and the reference point
/// (the incident point slid along the reference normal) is inside the incident shape
/// up to `depth·(sin θ + cos α')`, θ the incident edge's tilt from the normal, α' its
/// corners. Point contacts: a point is inside the other shape where that shape is
/// rounded (an arc point past a sharp corner is not). Separations agree with the
/// points and the normal; nothing is NaN.
#[test]
fn points_lie_on_or_inside_both_shapes() {
    let mut rng = Rng::new(23);
    let (mut checked, mut inside_checked) = (0, 0);
    for _ in 0..4000 {
        let a = random_shape(&mut rng);
        let b = random_shape(&mut rng);
        let xa = random_pose(&mut rng, 1.0);
        let offset = rng.range_f32(-0.12, 0.02);
        let xb = near_pose(&mut rng, &a, &xa, &b, offset);
        let l = size_of(&a, &xa, &b, &xb);
        let tol = 2e-4 * l as f64;
        for source in SOURCES {
            let (m, t) = traced(&a, xa, &b, xb, source);
            assert!(all_finite(&m), "{m:?}");
            // Shallow contacts only: deep overlaps have no meaningful contact points
            // (ALGORITHMS §1: "real bodies never sink deep").
            if m.is_separated() || m.deepest().unwrap().separation < -0.15 {
                continue;
            }
            assert!((m.normal.length() - 1.0).abs() < 1e-5);
            let reference = m.reference.unwrap();
            let (rf, inc) = (t.reference.unwrap(), t.incident.unwrap());
            let cos = (inc.normal.dot(m.normal).abs() as f64).min(1.0);
            let sin = (1.0 - cos * cos).sqrt();
            let (ref_shape, ref_xf, inc_shape, inc_xf) = match reference {
                Owner::A => (&a, &xa, &b, &xb),
                Owner::B => (&b, &xb, &a, &xa),
            };
            let ref_lean =
                corner_lean(ref_shape, rf.index_a).max(corner_lean(ref_shape, rf.index_b));
            let inc_lean =
                corner_lean(inc_shape, inc.index_a).max(corner_lean(inc_shape, inc.index_b));
            for p in m.points() {
                checked += 1;
                let s = (p.point_b - p.point_a).dot(m.normal);
                assert!((s - p.separation).abs() < 1e-4 * l, "{m:?}");
                let (on_ref, on_inc) = match reference {
                    Owner::A => (p.point_a, p.point_b),
                    Owner::B => (p.point_b, p.point_a),
                };
                // On its own shape. The incident point is the core point moved by the
                // radius along the normal, which is inside a rounded incident by up to
                // radius · (1 − cos θ).
                let d_ref = signed_distance(ref_shape, ref_xf, on_ref);
                let d_inc = signed_distance(inc_shape, inc_xf, on_inc);
                let round = inc_shape.radius() as f64 * (1.0 - cos);
                assert!(
                    d_ref.abs() < tol,
                    "{source:?} reference point off by {d_ref}: {m:?}"
                );
                assert!(
                    d_inc < tol && d_inc > -tol - round,
                    "{source:?} incident point off by {d_inc}: {m:?}"
                );
                // Inside the other shape, when the depth is less than half of each
                // shape's thickness (a segment has no inside, and a point pushed deeper
                // than a shape is thick comes out of its far side).
                if p.separation > 0.0
                    || -p.separation >= 0.5 * thickness(&a).min(thickness(&b))
                    || !well_shaped(&a)
                    || !well_shaped(&b)
                {
                    continue;
                }
                inside_checked += 1;
                let depth = -p.separation as f64;
                let inc_in_ref = signed_distance(ref_shape, ref_xf, on_inc);
                let ref_in_inc = signed_distance(inc_shape, inc_xf, on_ref);
                if ContactId::unpack(p.id).unwrap().kind == IdKind::Point {
                    if ref_shape.radius() > 0.0 || inc_shape.radius() == 0.0 {
                        assert!(inc_in_ref < tol, "{source:?} {inc_in_ref}: {m:?}");
                    }
                    if inc_shape.radius() > 0.0 || ref_shape.radius() == 0.0 {
                        assert!(ref_in_inc < tol, "{source:?} {ref_in_inc}: {m:?}");
                    }
                    continue;
                }
                assert!(
                    inc_in_ref < tol + depth * ref_lean,
                    "{source:?} incident point outside the reference by {inc_in_ref}: {m:?}\n{:?} {xa:?}\n{:?} {xb:?}",
                    a.geometry(),
                    b.geometry()
                );
                assert!(
                    ref_in_inc < tol + depth * (sin + inc_lean),
                    "{source:?} reference point outside the incident by {ref_in_inc}: {m:?}\n{:?} {xa:?}\n{:?} {xb:?}",
                    a.geometry(),
                    b.geometry()
                );
            }
        }
    }
    eprintln!("on/inside: {checked} points on their shape, {inside_checked} also inside the other");
    assert!(checked > 1000 && inside_checked > 1000);
}

/// On any box pair, Box2D-Lite's box–box manifold equals the general clipping path
/// with the SAT source: the same count, the same points within 1e-4·L, the same
/// normal and separations. Thousands of seeded pairs, overlapping, touching and
/// within the speculative distance.
#[test]
fn box_box_equals_the_general_path() {
    let mut rng = Rng::new(31);
    let (mut with_points, mut vertex_vertex, mut speculative) = (0, 0, 0);
    for k in 0..5000 {
        let a = Shape::cuboid(v(rng.range_f32(0.1, 2.0), rng.range_f32(0.1, 2.0))).unwrap();
        let b = Shape::cuboid(v(rng.range_f32(0.1, 2.0), rng.range_f32(0.1, 2.0))).unwrap();
        let xa = random_pose(&mut rng, 3.0);
        let mut xb = if k % 2 == 0 {
            // Half touching A along a random direction, from 0.05 deep to 0.025 apart
            // (the speculative band is 0.02): corners, faces, and corner–corner.
            let offset = rng.range_f32(-0.05, 0.025);
            near_pose(&mut rng, &a, &xa, &b, offset)
        } else {
            let dir = Transform::new(Vec2::ZERO, rng.range_f32(-3.2, 3.2))
                .q
                .apply(Vec2::X);
            Transform::new(
                xa.p + dir * rng.range_f32(0.0, 4.0),
                rng.range_f32(-3.2, 3.2),
            )
        };
        if k % 4 == 1 {
            // A quarter aligned with A (resting stacks), where the bias matters.
            xb = Transform::new(xb.p, xa.q.angle() + rng.range_f32(-0.01, 0.01));
        }
        if k % 4 == 3 {
            // A quarter corner to corner: B's corner facing A's corner across a gap
            // of up to 0.02, along a direction inside both corners' normal cones.
            let (ha, hb) = (a.vertices()[2], b.vertices()[2]);
            let corner = xa.apply(ha);
            let dir = Transform::new(Vec2::ZERO, rng.range_f32(-0.3, 0.3))
                .q
                .apply(xa.q.apply(ha.normalize()));
            let angle = (-dir).y.atan2((-dir).x) - hb.y.atan2(hb.x) + rng.range_f32(-0.3, 0.3);
            let q = Transform::new(Vec2::ZERO, angle);
            let gap = rng.range_f32(-0.005, 0.02);
            xb = Transform::new(corner + gap * dir - q.q.apply(hb), angle);
        }
        let l = size_of(&a, &xa, &b, &xb);
        let g = manifold(&a, xa, &b, xb, ManifoldSource::Sat);
        let bx = boxes(&a, xa, &b, xb);
        assert_eq!(
            g.is_separated(),
            bx.termination == BoxBoxTermination::Separated,
            "{k}: {g:?} {bx:?}"
        );
        assert_eq!(g.points().len(), bx.points().len(), "{k}: {g:?} {bx:?}");
        if g.is_separated() {
            continue;
        }
        with_points += 1;
        if g.deepest().unwrap().separation > 0.0 {
            speculative += 1;
        }
        if bx.termination == BoxBoxTermination::VertexVertex {
            vertex_vertex += 1;
        }
        assert!((g.normal - bx.normal).length() < 1e-4, "{k}: {g:?} {bx:?}");
        let ga = sorted(g.points().iter().map(|p| p.point_a).collect());
        let ba = sorted(bx.points().iter().map(|p| p.point_a).collect());
        let gb = sorted(g.points().iter().map(|p| p.point_b).collect());
        let bb = sorted(bx.points().iter().map(|p| p.point_b).collect());
        for i in 0..ga.len() {
            assert!(ga[i].distance(ba[i]) < 1e-4 * l, "{k}: {g:?} {bx:?}");
            assert!(gb[i].distance(bb[i]) < 1e-4 * l, "{k}: {g:?} {bx:?}");
        }
        let gs = g.deepest().unwrap().separation;
        let bs = bx
            .points()
            .iter()
            .map(|p| p.separation)
            .fold(f32::INFINITY, f32::min);
        assert!((gs - bs).abs() < 1e-4 * l);
    }
    eprintln!(
        "box-box: {with_points} pairs with points ({speculative} separated within the \
         speculative distance, {vertex_vertex} of them corner to corner)"
    );
    assert!(with_points > 2000 && speculative > 200 && vertex_vertex > 10);
}

/// Feature ids stay the same while a box slides along the other's face, for both
/// the general path and box–box: fully on the face, and overhanging its end.
#[test]
fn ids_are_stable_while_sliding() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    for (range, overhang) in [((-2.0f32, 2.0f32), false), ((2.7f32, 3.3f32), true)] {
        let mut general: Option<Vec<u32>> = None;
        let mut lite: Option<Vec<u32>> = None;
        for i in 0..=40 {
            let x = range.0 + (range.1 - range.0) * i as f32 / 40.0;
            let xb = Transform::new(v(x, 0.97), 0.02);
            let g = manifold(&ground, ID, &b, xb, ManifoldSource::Sat);
            let bx = boxes(&ground, ID, &b, xb);
            assert_eq!(g.points().len(), 2, "x = {x}");
            let mut gi: Vec<u32> = g.points().iter().map(|p| p.id).collect();
            gi.sort();
            let mut bi: Vec<u32> = bx.points().iter().map(|p| p.id).collect();
            bi.sort();
            assert_eq!(
                *general.get_or_insert(gi.clone()),
                gi,
                "general ids changed at x = {x}"
            );
            assert_eq!(
                *lite.get_or_insert(bi.clone()),
                bi,
                "box-box ids changed at x = {x}"
            );
        }
        let ids: Vec<ContactId> = general
            .unwrap()
            .iter()
            .map(|i| ContactId::unpack(*i).unwrap())
            .collect();
        let side_plane = ids
            .iter()
            .any(|i| i.kind == IdKind::SidePlane1 || i.kind == IdKind::SidePlane2);
        assert_eq!(side_plane, overhang);
        let pairs: Vec<FeaturePair> = lite
            .unwrap()
            .iter()
            .map(|i| FeaturePair::unpack(*i))
            .collect();
        // Overhanging, one point was made by the ground's side plane: it carries the
        // ground's edge tag.
        let tagged = pairs
            .iter()
            .any(|p| p.in_edge_a != u8::MAX || p.out_edge_a != u8::MAX);
        assert_eq!(tagged, overhang);
    }
}
