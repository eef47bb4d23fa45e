//! The warm-start cache (Box2D's `b2SimplexCache`): a simplex kept as vertex indices,
//! written at the end of a query and read back at the start of the next, dropped
//! when the shapes moved or changed too much.

use super::pair::LocalPair;
use super::simplex::Simplex;
use serde::Serialize;

/// The warm-start cache: vertex indices only (Box2D's `b2SimplexCache`), plus the
/// metric used to decide whether it is still a good start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SimplexCache {
    pub count: u8,
    pub index_a: [u8; 3],
    pub index_b: [u8; 3],
    pub metric: f32,
}

/// How a query started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CacheUse {
    /// No cache was given (or it was empty): start from vertex 0 of each shape.
    Cold,
    /// The simplex was rebuilt from the cache's indices.
    WarmStart,
    /// A cache was given but dropped: its metric changed too much, or an index is
    /// out of range (the shape was edited).
    Flushed,
}

/// Rebuilds a simplex from a cache into `s`, or starts cold. Only the vertices in use
/// are written (the others are never read): the simplex is filled where the GJK loop
/// keeps it, not built and copied there.
#[inline(always)]
pub(super) fn read_cache(
    pair: &LocalPair,
    cache: Option<&SimplexCache>,
    s: &mut Simplex,
) -> CacheUse {
    let cold = |s: &mut Simplex| {
        s.count = 1;
        s.v[0] = pair.vertex(0, 0);
    };
    let Some(cache) = cache.filter(|c| c.count != 0) else {
        cold(s);
        return CacheUse::Cold;
    };
    let count = (cache.count as usize).min(3);
    for i in 0..count {
        let (ia, ib) = (cache.index_a[i] as usize, cache.index_b[i] as usize);
        // An index beyond the shape: the shape was edited since the cache was written.
        if ia >= pair.a.len() || ib >= pair.b.len() {
            cold(s);
            return CacheUse::Flushed;
        }
        s.v[i] = pair.vertex(ia, ib);
    }
    s.count = count;
    if count > 1 {
        // Flush when the simplex changed shape too much (b2Simplex::ReadCache): the
        // metric shrank below half, grew past double, or is ~0 (degenerate).
        let old = cache.metric;
        let new = s.metric();
        let scale = pair.scale_of(s);
        let tiny = f32::EPSILON * if count == 2 { scale } else { scale * scale };
        if new < 0.5 * old || 2.0 * old < new || new <= tiny {
            cold(s);
            return CacheUse::Flushed;
        }
    }
    CacheUse::WarmStart
}

/// The cache of a final simplex: its vertex indices and metric.
#[inline]
pub(super) fn write_cache(simplex: &Simplex) -> SimplexCache {
    let mut c = SimplexCache {
        count: simplex.count as u8,
        metric: simplex.metric(),
        ..Default::default()
    };
    for i in 0..simplex.count {
        c.index_a[i] = simplex.v[i].index_a;
        c.index_b[i] = simplex.v[i].index_b;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::gjk::{shape_distance, DistanceInput};
    use crate::core::math::Transform;
    use crate::core::pair::PosedPair;
    use crate::core::shape::Shape;
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn cache_warm_starts_and_flushes() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::polygon(&[v(0.0, 0.0), v(1.0, 0.2), v(0.3, 1.0)], 0.0).unwrap();
        let input = DistanceInput {
            pair: PosedPair::new(
                &a,
                Transform::IDENTITY,
                &b,
                Transform::new(v(3.0, 0.1), 0.1),
            ),
            use_radii: true,
            max_iterations: 20,
        };
        let mut cache = SimplexCache::default();
        let cold = shape_distance(&input, Some(&mut cache), None);
        assert_eq!(cold.cache_use, CacheUse::Cold);
        assert!(cache.count >= 1);
        let moved = DistanceInput {
            pair: PosedPair {
                transform_b: Transform::new(v(3.01, 0.1), 0.1),
                ..input.pair
            },
            ..input
        };
        let warm = shape_distance(&moved, Some(&mut cache), None);
        assert_eq!(warm.cache_use, CacheUse::WarmStart);
        let reference = shape_distance(&moved, None, None);
        assert!((warm.distance - reference.distance).abs() < 1e-5);
        assert!(warm.iterations <= reference.iterations);
        // An index beyond the shape flushes the cache.
        let mut bad = cache;
        bad.index_b[0] = 200;
        let flushed = shape_distance(&moved, Some(&mut bad), None);
        assert_eq!(flushed.cache_use, CacheUse::Flushed);
        assert!((flushed.distance - reference.distance).abs() < 1e-5);
    }
}
