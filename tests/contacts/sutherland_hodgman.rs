//! Sutherland–Hodgman.

use super::*;

/// The overlap polygon of two random convex polygons contains only points inside
/// both, has the area of the exact intersection's bounds, and is the same whichever
/// polygon clips which.
#[test]
fn sutherland_hodgman_is_symmetric_and_inside_both() {
    let mut rng = Rng::new(43);
    let mut overlaps = 0;
    for _ in 0..1000 {
        let pa: Vec<Vec2> = {
            let s = Shape::cuboid(v(rng.range_f32(0.3, 1.0), rng.range_f32(0.3, 1.0))).unwrap();
            let xf = random_pose(&mut rng, 0.8);
            s.vertices().iter().map(|p| xf.apply(*p)).collect()
        };
        let pb: Vec<Vec2> = {
            let n = 3 + rng.below(6);
            let mut angles: Vec<f32> = (0..n)
                .map(|_| rng.range_f32(0.0, std::f32::consts::TAU))
                .collect();
            angles.sort_by(f32::total_cmp);
            let c = v(rng.range_f32(-0.8, 0.8), rng.range_f32(-0.8, 0.8));
            let mut p: Vec<Vec2> = angles.iter().map(|t| c + v(t.cos(), t.sin())).collect();
            if rng.below(2) == 0 {
                p.reverse(); // clockwise
            }
            p
        };
        let ab = clip_polygon(&pa, &pb, None);
        let ba = clip_polygon(&pb, &pa, None);
        assert_eq!(ab.termination, ba.termination);
        if ab.termination != ClipTermination::Overlap {
            continue;
        }
        overlaps += 1;
        assert!((ab.area - ba.area).abs() < 1e-4, "{} {}", ab.area, ba.area);
        let inside = |poly: &[Vec2], p: Vec2| {
            let s: f32 = (0..poly.len())
                .map(|i| {
                    collidescope::core::math::cross(
                        poly[(i + 1) % poly.len()] - poly[i],
                        p - poly[i],
                    )
                })
                .fold(f32::INFINITY, f32::min);
            let t: f32 = (0..poly.len())
                .map(|i| {
                    collidescope::core::math::cross(
                        poly[(i + 1) % poly.len()] - poly[i],
                        p - poly[i],
                    )
                })
                .fold(f32::NEG_INFINITY, f32::max);
            s >= -1e-4 || t <= 1e-4
        };
        for p in &ab.polygon {
            assert!(inside(&pa, *p) && inside(&pb, *p), "{p:?}");
        }
    }
    assert!(overlaps > 300, "{overlaps}");
}

/// The overlap-region manifold agrees with the clipping manifold on box stacks.
#[test]
fn overlap_region_manifold_matches_clipping_on_stacks() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    for x in [-2.0f32, -0.3, 0.0, 1.1, 2.4] {
        let xb = Transform::new(v(x, 0.96), 0.0);
        let m = manifold(&ground, ID, &b, xb, ManifoldSource::Sat);
        let o = overlap_manifold(&ground, &ID, &b, &xb, m.normal, None);
        assert_eq!(o.points.len(), m.points().len());
        let mo = sorted(o.points.iter().map(|p| p.point_b).collect());
        let mm = sorted(m.points().iter().map(|p| p.point_b).collect());
        for (p, q) in mo.iter().zip(&mm) {
            assert!(p.distance(*q) < 1e-5, "{mo:?} {mm:?}");
        }
        for p in &o.points {
            assert!((p.separation + 0.04).abs() < 1e-5);
        }
    }
}
