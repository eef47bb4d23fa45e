//! Convex hull (Andrew's monotone chain), for "make convex" on refused input.

use crate::core::consts::MAX_POLYGON_VERTICES;
use crate::core::math::cross;
use crate::core::shape::ShapeError;
use glam::Vec2;

/// The convex hull of `points`, counter-clockwise, without duplicate or collinear
/// vertices: 1 point if all coincide, 2 if all lie on a line, otherwise a strictly
/// convex polygon that [`crate::core::shape::validate_polygon`] accepts.
///
/// Errors: no points, a non-finite point, or a hull with more than
/// [`MAX_POLYGON_VERTICES`] vertices.
pub fn convex_hull(points: &[Vec2]) -> Result<Vec<Vec2>, ShapeError> {
    if points.is_empty() {
        return Err(ShapeError::NoVertices);
    }
    if let Some(i) = points.iter().position(|p| !p.is_finite()) {
        return Err(ShapeError::NonFiniteVertex { vertex: i });
    }
    let mut pts = points.to_vec();
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let (lo, hi) = pts
        .iter()
        .fold((pts[0], pts[0]), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let scale = (hi - lo).max_element();
    // Points closer than this are one point; a turn smaller than this (as a distance
    // from the chord) is no turn. Relative, so it works at any scale; generous enough
    // to keep validate_polygon's sine test satisfied.
    let weld = scale * 1.0e-5;
    pts.dedup_by(|a, b| a.distance(*b) <= weld);
    if pts.len() == 1 {
        return Ok(pts);
    }
    let turns_left = |o: Vec2, a: Vec2, b: Vec2| {
        let e = a - o;
        cross(e, b - o) > weld * e.length()
    };
    let mut hull: Vec<Vec2> = Vec::with_capacity(pts.len() + 1);
    // Lower chain, then upper chain.
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2
                && !turns_left(hull[hull.len() - 2], hull[hull.len() - 1], p)
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop(); // the last point of each chain starts the other
    }
    if hull.len() < 3 {
        // All points on a line: the two extremes.
        let a = pts[0];
        let b = pts[pts.len() - 1];
        return Ok(vec![a, b]);
    }
    if hull.len() > MAX_POLYGON_VERTICES {
        return Err(ShapeError::TooManyVertices { count: hull.len() });
    }
    Ok(hull)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::shape::validate_polygon;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn hull_of_square_with_inner_and_edge_points() {
        let pts = [
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(0.5, 0.5),
            v(1.0, 1.0),
            v(0.5, 0.0), // on an edge: dropped
            v(0.0, 1.0),
            v(1.0, 1.0), // duplicate: dropped
        ];
        let h = convex_hull(&pts).unwrap();
        assert_eq!(h.len(), 4);
        assert_eq!(validate_polygon(&h).unwrap(), h, "already CCW and valid");
        for p in [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)] {
            assert!(h.contains(&p));
        }
    }

    #[test]
    fn hull_makes_refused_polygon_valid() {
        let dart = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(1.0, 0.5),
            v(2.0, 2.0),
            v(0.0, 2.0),
        ];
        assert!(validate_polygon(&dart).is_err());
        let h = convex_hull(&dart).unwrap();
        assert!(validate_polygon(&h).is_ok());
        assert_eq!(h.len(), 4);
    }

    #[test]
    fn degenerate_hulls() {
        assert_eq!(
            convex_hull(&[v(1.0, 1.0), v(1.0, 1.0)]).unwrap(),
            vec![v(1.0, 1.0)]
        );
        assert_eq!(
            convex_hull(&[v(2.0, 2.0), v(0.0, 0.0), v(1.0, 1.0)]).unwrap(),
            vec![v(0.0, 0.0), v(2.0, 2.0)]
        );
        assert_eq!(convex_hull(&[]).unwrap_err(), ShapeError::NoVertices);
    }

    #[test]
    fn hull_of_random_cloud_contains_every_point() {
        let mut seed = 12345u32;
        let mut rnd = || {
            seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
            (seed >> 8) as f32 / (1u32 << 24) as f32 - 0.5
        };
        let pts: Vec<Vec2> = (0..200).map(|_| v(rnd() * 10.0, rnd() * 10.0)).collect();
        let h = convex_hull(&pts).unwrap();
        validate_polygon(&h).unwrap();
        for p in &pts {
            for i in 0..h.len() {
                let a = h[i];
                let b = h[(i + 1) % h.len()];
                assert!(cross(b - a, *p - a) >= -1e-4, "{p} outside edge {i}");
            }
        }
    }
}
