//! Box2D v3's hull builder (`b2ComputeHull`, quickhull), step by step: what an engine
//! makes of a cloud of points, so that a hull Box2D accepted loads here as Box2D built
//! it, and so that the hull command can show each step.
//!
//! The algorithm, as in Box2D (`hull.c`), with `slop` its linear slop (0.005 m):
//! 1. **Weld**: a point closer than `4·slop` to an earlier kept point is dropped (the
//!    first point always stays).
//! 2. **Extremes**: `p1` is the kept point farthest from the centre of the bounding box,
//!    `p2` the point farthest from `p1`. The others are split by the line `p1 → p2`:
//!    points within `2·slop` of it are dropped, the rest go right or left.
//! 3. **Recurse** on each side: the point farthest to the right of an edge is a hull
//!    vertex when it is at least `2·slop` from the edge; the points right of the two
//!    new edges recurse; the others are inside and dropped.
//! 4. **Merge collinear**: a vertex within `2·slop` of the line through its neighbours
//!    is removed, until none is.
//!
//! Box2D stops at 8 vertices; here the core's own limit applies (64). The result is
//! counter-clockwise, as the core keeps polygons. Distances use Box2D's `cross(p − p1,
//! e)` with `e` the unit edge direction: positive to the right.

use crate::core::consts::MAX_POLYGON_VERTICES;
use glam::Vec2;
use serde::Serialize;

/// Box2D's default linear slop (metres), the builder's tolerance unit.
pub const BOX2D_LINEAR_SLOP: f32 = crate::core::consts::LINEAR_SLOP;

/// One step of the builder, for the trace.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum HullStep {
    /// `point` was within `4·slop` of the kept point `onto`: welded.
    Weld { point: Vec2, onto: Vec2 },
    /// The first two hull vertices: farthest from the box centre, farthest from it.
    Extremes { p1: Vec2, p2: Vec2 },
    /// Points within `2·slop` of the line `p1 → p2`, dropped before recursing.
    NearLine { points: Vec<Vec2> },
    /// One recursion on the edge `p1 → p2` with the points right of it: the farthest
    /// (`best`, at `distance`) becomes a vertex when `distance ≥ 2·slop`.
    Recurse {
        p1: Vec2,
        p2: Vec2,
        points: Vec<Vec2>,
        best: Option<Vec2>,
        distance: f32,
        accepted: bool,
    },
    /// `point` lay within `2·slop` of the line through its neighbours: removed.
    MergeCollinear { point: Vec2, distance: f32 },
}

/// Why no hull could be built (Box2D returns an empty hull for each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum HullFailure {
    /// Fewer than 3 points, or more than the core's vertex limit.
    Count,
    /// Fewer than 3 points remain after welding: "check your scale".
    Welded,
    /// Every point lies within `2·slop` of one line.
    Collinear,
}

impl HullFailure {
    /// The name in reports and scene expectations.
    pub fn name(self) -> &'static str {
        match self {
            HullFailure::Count => "count",
            HullFailure::Welded => "welded",
            HullFailure::Collinear => "collinear",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            HullFailure::Count => "needs 3 to 64 points",
            HullFailure::Welded => "fewer than 3 points are farther apart than 4 × slop",
            HullFailure::Collinear => "all points lie within 2 × slop of one line",
        }
    }
}

/// The builder's answer: the hull (counter-clockwise) or why there is none, and every
/// step when traced.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuickHull {
    pub hull: Result<Vec<Vec2>, HullFailure>,
    pub steps: Vec<HullStep>,
}

/// Box2D's `cross(a, b)`.
#[inline]
fn cross(a: Vec2, b: Vec2) -> f32 {
    a.x * b.y - a.y * b.x
}

/// Box2D's normalize: a zero vector stays zero.
#[inline]
fn normalize(v: Vec2) -> Vec2 {
    let l = v.length();
    if l < f32::EPSILON {
        Vec2::ZERO
    } else {
        v / l
    }
}

/// Builds the hull of `points` as `b2ComputeHull` does with linear slop `slop`.
pub fn quickhull(points: &[Vec2], slop: f32) -> QuickHull {
    let mut steps = Vec::new();
    let hull = build(points, slop, &mut steps);
    QuickHull { hull, steps }
}

fn build(points: &[Vec2], slop: f32, steps: &mut Vec<HullStep>) -> Result<Vec<Vec2>, HullFailure> {
    if points.len() < 3 || points.len() > MAX_POLYGON_VERTICES {
        return Err(HullFailure::Count);
    }
    let mut ps = weld(points, slop, steps);
    if ps.len() < 3 {
        return Err(HullFailure::Welded);
    }
    let (lo, hi) = ps.iter().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(-f32::MAX)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    let c = 0.5 * (lo + hi);
    let p1 = ps.swap_remove(farthest(&ps, c));
    let p2 = ps.swap_remove(farthest(&ps, p1));
    steps.push(HullStep::Extremes { p1, p2 });
    let e = normalize(p2 - p1);
    let (mut right, mut left, mut near) = (Vec::new(), Vec::new(), Vec::new());
    for p in ps {
        let d = cross(p - p1, e);
        if d >= 2.0 * slop {
            right.push(p);
        } else if d <= -2.0 * slop {
            left.push(p);
        } else {
            near.push(p);
        }
    }
    if !near.is_empty() {
        steps.push(HullStep::NearLine { points: near });
    }
    let hull1 = recurse(p1, p2, &right, slop, steps);
    let hull2 = recurse(p2, p1, &left, slop, steps);
    if hull1.is_empty() && hull2.is_empty() {
        return Err(HullFailure::Collinear);
    }
    let mut hull = vec![p1];
    hull.extend(hull1);
    hull.push(p2);
    hull.extend(hull2);
    merge_collinear(&mut hull, slop, steps);
    if hull.len() < 3 {
        return Err(HullFailure::Collinear);
    }
    Ok(hull)
}

/// Step 1: drops each point within `4·slop` of an earlier input point.
fn weld(points: &[Vec2], slop: f32, steps: &mut Vec<HullStep>) -> Vec<Vec2> {
    let tol_sqr = 16.0 * slop * slop;
    let mut kept = Vec::with_capacity(points.len());
    for (i, vi) in points.iter().enumerate() {
        // As Box2D: compared with every earlier input point, kept or not.
        match points[..i]
            .iter()
            .find(|vj| vi.distance_squared(**vj) < tol_sqr)
        {
            Some(onto) => steps.push(HullStep::Weld {
                point: *vi,
                onto: *onto,
            }),
            None => kept.push(*vi),
        }
    }
    kept
}

/// The index of the point farthest from `from` (the first on ties).
fn farthest(ps: &[Vec2], from: Vec2) -> usize {
    let mut best = 0;
    for i in 1..ps.len() {
        if from.distance_squared(ps[i]) > from.distance_squared(ps[best]) {
            best = i;
        }
    }
    best
}

/// Step 3: the hull vertices strictly right of `p1 → p2`, in order from `p1` to `p2`.
fn recurse(p1: Vec2, p2: Vec2, ps: &[Vec2], slop: f32, steps: &mut Vec<HullStep>) -> Vec<Vec2> {
    if ps.is_empty() {
        return Vec::new();
    }
    let e = normalize(p2 - p1);
    let mut right = Vec::new();
    let mut best = 0;
    let mut best_distance = cross(ps[0] - p1, e);
    if best_distance > 0.0 {
        right.push(ps[0]);
    }
    for (i, p) in ps.iter().enumerate().skip(1) {
        let d = cross(*p - p1, e);
        if d > best_distance {
            best = i;
            best_distance = d;
        }
        if d > 0.0 {
            right.push(*p);
        }
    }
    let accepted = best_distance >= 2.0 * slop;
    steps.push(HullStep::Recurse {
        p1,
        p2,
        points: ps.to_vec(),
        best: Some(ps[best]),
        distance: best_distance,
        accepted,
    });
    if !accepted {
        return Vec::new();
    }
    let b = ps[best];
    let mut hull = recurse(p1, b, &right, slop, steps);
    hull.push(b);
    hull.extend(recurse(b, p2, &right, slop, steps));
    hull
}

/// Step 4: removes vertices within `2·slop` of the line through their neighbours.
fn merge_collinear(hull: &mut Vec<Vec2>, slop: f32, steps: &mut Vec<HullStep>) {
    let mut searching = true;
    while searching && hull.len() > 2 {
        searching = false;
        let n = hull.len();
        for i in 0..n {
            let (s1, s2, s3) = (hull[i], hull[(i + 1) % n], hull[(i + 2) % n]);
            let r = normalize(s3 - s1);
            let distance = cross(s2 - s1, r);
            if distance <= 2.0 * slop {
                steps.push(HullStep::MergeCollinear {
                    point: s2,
                    distance,
                });
                hull.remove((i + 1) % n);
                searching = true;
                break;
            }
        }
    }
}

/// The largest distance from an input point to the hull's boundary, outside or
/// inside: how much building the hull changed the shape.
pub fn largest_change(points: &[Vec2], hull: &[Vec2]) -> f32 {
    let n = hull.len();
    points
        .iter()
        .map(|p| {
            (0..n)
                .map(|i| {
                    let (a, b) = (hull[i], hull[(i + 1) % n]);
                    let e = b - a;
                    let t = ((*p - a).dot(e) / e.length_squared().max(f32::MIN_POSITIVE))
                        .clamp(0.0, 1.0);
                    p.distance(a + e * t)
                })
                .fold(f32::INFINITY, f32::min)
        })
        .fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// Box2D issue 296: five points, the last nearly on the line through its
    /// neighbours. Box2D's builder keeps a convex hull; so must we.
    #[test]
    #[allow(clippy::excessive_precision)] // the digits as the issue printed them
    fn box2d_issue_296_gives_a_convex_counter_clockwise_hull() {
        let pts = [
            v(-1.70082211, -1.43221712),
            v(0.5, -0.5),
            v(0.104992867, 0.97400856),
            v(-0.658002853, 0.926608086),
            v(-0.994554818, 0.165337861),
        ];
        let q = quickhull(&pts, BOX2D_LINEAR_SLOP);
        let hull = q.hull.unwrap();
        assert_eq!(hull.len(), 4, "{hull:?}");
        assert!(!hull.contains(&pts[4]), "the nearly collinear vertex goes");
        // It goes because it is within 2·slop of the edge it would split.
        assert!(
            q.steps.iter().any(|s| match s {
                HullStep::MergeCollinear { point, .. } => *point == pts[4],
                HullStep::Recurse { best, accepted, .. } => *best == Some(pts[4]) && !accepted,
                _ => false,
            }),
            "{:?}",
            q.steps
        );
        for i in 0..4 {
            let (a, b, c) = (hull[i], hull[(i + 1) % 4], hull[(i + 2) % 4]);
            assert!(cross(b - a, c - b) > 0.0, "counter-clockwise and convex");
        }
        assert!(largest_change(&pts, &hull) < 4.0 * BOX2D_LINEAR_SLOP);
    }

    #[test]
    fn welds_and_failures_are_named() {
        let q = quickhull(
            &[v(0.0, 0.0), v(0.001, 0.0), v(1.0, 0.0), v(0.0, 1.0)],
            0.005,
        );
        assert_eq!(q.hull.as_ref().unwrap().len(), 3);
        assert!(matches!(q.steps[0], HullStep::Weld { .. }));
        let line = quickhull(&[v(0.0, 0.0), v(1.0, 0.001), v(2.0, 0.0)], 0.005);
        assert_eq!(line.hull, Err(HullFailure::Collinear));
        assert_eq!(
            quickhull(&[v(0.0, 0.0), v(1.0, 0.0)], 0.005).hull,
            Err(HullFailure::Count)
        );
        let tiny = quickhull(&[v(0.0, 0.0), v(0.01, 0.0), v(0.0, 0.01)], 0.005);
        assert_eq!(tiny.hull, Err(HullFailure::Welded));
    }

    #[test]
    fn a_random_cloud_gives_the_hull_every_point_is_inside_of() {
        let mut x: u32 = 12345;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x as f32 / u32::MAX as f32) * 2.0 - 1.0
        };
        for _ in 0..200 {
            let pts: Vec<Vec2> = (0..20).map(|_| v(rnd(), rnd())).collect();
            let hull = quickhull(&pts, BOX2D_LINEAR_SLOP).hull.unwrap();
            let n = hull.len();
            for p in &pts {
                for i in 0..n {
                    let (a, b) = (hull[i], hull[(i + 1) % n]);
                    // Inside, or outside by at most the builder's tolerances.
                    let e = (b - a).normalize();
                    assert!(cross(e, *p - a) >= -4.0 * BOX2D_LINEAR_SLOP - 1e-6);
                }
            }
        }
    }
}
