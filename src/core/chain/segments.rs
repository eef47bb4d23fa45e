//! Chain segments from a polyline: [`chain_segments`], under one of two
//! [`ChainConvention`]s, refusing bad points with a [`ChainError`] that names the point.
//!
//! A segment `a → b` keeps its neighbours' far points as **ghost vertices**: `ghost1`
//! before `a`, `ghost2` after `b`. They are never collided with; they only tell the
//! segment which way the chain turns at each end (see the module docs of `chain`).
//!
//! ## The two conventions
//! - [`ChainConvention::Box2d`], as `b2CreateChain`: a closed chain of n points makes n
//!   segments, each with its neighbours' far points as ghosts; an **open** chain of n
//!   points makes only n − 3 segments: its first and last points are ghost vertices
//!   and nothing collides with the first and last edges. Box2D asserts n ≥ 4 for both.
//! - [`ChainConvention::EveryPoint`] (our default): a closed chain as above, but from
//!   3 points; an open chain of n points makes n − 1 segments, every point a segment
//!   end. The first segment's `ghost1` and the last segment's `ghost2` continue it
//!   straight (`ghost1 = a − (b − a)`, `ghost2 = b + (b − a)`): **no ghost on the
//!   outer end**. Such an end is flat, not convex, so a normal pointing past it snaps
//!   to the segment's normal, and the end vertex is not rounded: a circle whose centre
//!   lies beyond the end gets no contact from the segment (the flat continuation's
//!   Voronoi region owns it), and a polygon only the part clipped to the segment.

use crate::core::consts::MAX_COORDINATE;
use glam::Vec2;
use serde::Serialize;
use std::fmt;

/// One segment of a chain, in the chain's local frame (Box2D's `b2ChainSegment`).
/// One-sided: shapes collide with it from the right of `a → b`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChainSegment {
    /// The previous point of the chain (the tail ghost).
    pub ghost1: Vec2,
    /// The segment's first point.
    pub a: Vec2,
    /// The segment's second point.
    pub b: Vec2,
    /// The next point of the chain (the head ghost).
    pub ghost2: Vec2,
}

/// How a polyline becomes segments (module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChainConvention {
    /// `b2CreateChain`: an open chain's first and last points are ghosts only.
    Box2d,
    /// Every point is a segment end; an open chain's outer ends have no ghost.
    #[default]
    EveryPoint,
}

impl ChainConvention {
    /// The convention as a word for messages and the UI.
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }

    /// The fewest points a chain needs under this convention.
    pub fn min_points(self, closed: bool) -> usize {
        match (self, closed) {
            (ChainConvention::Box2d, _) => 4,
            (ChainConvention::EveryPoint, true) => 3,
            (ChainConvention::EveryPoint, false) => 2,
        }
    }
}

/// Why a polyline was refused. Point numbers are those of the input, from 0.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChainError {
    /// Fewer points than the convention needs ([`ChainConvention::min_points`]).
    TooFewPoints {
        count: usize,
        needed: usize,
        closed: bool,
        convention: ChainConvention,
    },
    /// A coordinate is NaN or infinite.
    NonFinitePoint { index: usize },
    /// A coordinate is beyond [`MAX_COORDINATE`] (as for shapes).
    HugePoint { index: usize, point: Vec2 },
    /// A point equals the one before it (for a closed chain, point 0 may repeat the
    /// last point): a zero-length segment or ghost edge.
    RepeatedPoint {
        index: usize,
        previous: usize,
        point: Vec2,
    },
}

impl fmt::Display for ChainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainError::TooFewPoints {
                count,
                needed,
                closed,
                convention,
            } => write!(
                f,
                "an {} chain needs at least {needed} points under the {} convention; it has {count}",
                if *closed { "closed" } else { "open" },
                convention.as_str()
            ),
            ChainError::NonFinitePoint { index } => {
                write!(f, "point {index} has a NaN or infinite coordinate")
            }
            ChainError::HugePoint { index, point } => write!(
                f,
                "point {index} ({}, {}) is beyond the coordinate limit of {MAX_COORDINATE:e}",
                point.x, point.y
            ),
            ChainError::RepeatedPoint {
                index,
                previous,
                point,
            } if *index == 0 => write!(
                f,
                "point 0 ({}, {}) repeats the last point {previous}: a closed chain joins its \
                 ends itself, do not repeat the first point",
                point.x, point.y
            ),
            ChainError::RepeatedPoint {
                index,
                previous,
                point,
            } => write!(
                f,
                "point {index} ({}, {}) repeats point {previous}: a zero-length segment",
                point.x, point.y
            ),
        }
    }
}

impl std::error::Error for ChainError {}

/// The segments of the polyline `points` (module docs for the conventions).
pub fn chain_segments(
    points: &[Vec2],
    closed: bool,
    convention: ChainConvention,
) -> Result<Vec<ChainSegment>, ChainError> {
    check_points(points, closed, convention)?;
    let n = points.len();
    if closed {
        // Both conventions: one segment per point, the neighbours' far points as ghosts.
        let at = |i: usize| points[i % n];
        return Ok((0..n)
            .map(|i| ChainSegment {
                ghost1: at(i + n - 1),
                a: at(i),
                b: at(i + 1),
                ghost2: at(i + 2),
            })
            .collect());
    }
    Ok(match convention {
        ChainConvention::Box2d => points
            .windows(4)
            .map(|w| ChainSegment {
                ghost1: w[0],
                a: w[1],
                b: w[2],
                ghost2: w[3],
            })
            .collect(),
        ChainConvention::EveryPoint => (0..n - 1)
            .map(|i| {
                let (a, b) = (points[i], points[i + 1]);
                ChainSegment {
                    ghost1: if i == 0 { a - (b - a) } else { points[i - 1] },
                    a,
                    b,
                    ghost2: if i + 2 < n {
                        points[i + 2]
                    } else {
                        b + (b - a)
                    },
                }
            })
            .collect(),
    })
}

/// Count, finite and bounded coordinates, no point repeating the one before it.
fn check_points(
    points: &[Vec2],
    closed: bool,
    convention: ChainConvention,
) -> Result<(), ChainError> {
    let needed = convention.min_points(closed);
    if points.len() < needed {
        return Err(ChainError::TooFewPoints {
            count: points.len(),
            needed,
            closed,
            convention,
        });
    }
    for (index, p) in points.iter().enumerate() {
        if !p.is_finite() {
            return Err(ChainError::NonFinitePoint { index });
        }
        if p.abs().max_element() > MAX_COORDINATE {
            return Err(ChainError::HugePoint { index, point: *p });
        }
    }
    let n = points.len();
    let first = if closed { 0 } else { 1 };
    for index in first..n {
        let previous = if index == 0 { n - 1 } else { index - 1 };
        if points[index] == points[previous] {
            return Err(ChainError::RepeatedPoint {
                index,
                previous,
                point: points[index],
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn square() -> Vec<Vec2> {
        vec![v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]
    }

    #[test]
    fn closed_chain_has_one_segment_per_point_with_neighbours_as_ghosts() {
        for convention in [ChainConvention::Box2d, ChainConvention::EveryPoint] {
            let s = chain_segments(&square(), true, convention).unwrap();
            assert_eq!(s.len(), 4);
            assert_eq!(
                s[0],
                ChainSegment {
                    ghost1: v(0.0, 1.0),
                    a: v(0.0, 0.0),
                    b: v(1.0, 0.0),
                    ghost2: v(1.0, 1.0)
                }
            );
            assert_eq!(s[3].a, v(0.0, 1.0));
            assert_eq!(s[3].b, v(0.0, 0.0));
            assert_eq!(s[3].ghost2, v(1.0, 0.0));
        }
    }

    #[test]
    fn open_box2d_chain_drops_its_end_edges() {
        let p = [
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(2.0, 0.0),
            v(3.0, 1.0),
            v(4.0, 1.0),
        ];
        let s = chain_segments(&p, false, ChainConvention::Box2d).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].ghost1, s[0].a, s[0].b, s[0].ghost2),
            (p[0], p[1], p[2], p[3])
        );
        assert_eq!(
            (s[1].ghost1, s[1].a, s[1].b, s[1].ghost2),
            (p[1], p[2], p[3], p[4])
        );
    }

    #[test]
    fn open_every_point_chain_continues_its_outer_ends_straight() {
        let p = [v(0.0, 0.0), v(1.0, 0.0), v(2.0, 1.0)];
        let s = chain_segments(&p, false, ChainConvention::EveryPoint).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].ghost1, v(-1.0, 0.0));
        assert_eq!(s[0].ghost2, v(2.0, 1.0));
        assert_eq!(s[1].ghost1, v(0.0, 0.0));
        assert_eq!(s[1].ghost2, v(3.0, 2.0));
        // Two points are enough: one segment, both ends straight.
        let one = chain_segments(&p[..2], false, ChainConvention::EveryPoint).unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!((one[0].ghost1, one[0].ghost2), (v(-1.0, 0.0), v(2.0, 0.0)));
    }

    #[test]
    fn refusals_name_the_point() {
        let e = chain_segments(&square()[..3], false, ChainConvention::Box2d).unwrap_err();
        assert!(matches!(
            e,
            ChainError::TooFewPoints {
                count: 3,
                needed: 4,
                ..
            }
        ));
        assert!(e.to_string().contains("at least 4"), "{e}");
        let e = chain_segments(&square()[..2], true, ChainConvention::EveryPoint).unwrap_err();
        assert!(matches!(e, ChainError::TooFewPoints { needed: 3, .. }));
        let mut p = square();
        p[2].y = f32::NAN;
        let e = chain_segments(&p, true, ChainConvention::EveryPoint).unwrap_err();
        assert_eq!(e, ChainError::NonFinitePoint { index: 2 });
        assert!(e.to_string().contains("point 2"));
        let mut p = square();
        p[1].x = 2.0e6;
        let e = chain_segments(&p, false, ChainConvention::EveryPoint).unwrap_err();
        assert!(matches!(e, ChainError::HugePoint { index: 1, .. }));
        let p = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)];
        let e = chain_segments(&p, false, ChainConvention::EveryPoint).unwrap_err();
        assert!(matches!(
            e,
            ChainError::RepeatedPoint {
                index: 2,
                previous: 1,
                ..
            }
        ));
        assert!(e.to_string().contains("point 2"), "{e}");
        // A closed chain repeating its first point at the end.
        let mut p = square();
        p.push(p[0]);
        let e = chain_segments(&p, true, ChainConvention::Box2d).unwrap_err();
        assert!(matches!(
            e,
            ChainError::RepeatedPoint {
                index: 0,
                previous: 4,
                ..
            }
        ));
        assert!(e.to_string().contains("do not repeat"), "{e}");
        // An open chain may end where it started (it is not closed).
        assert!(chain_segments(&p, false, ChainConvention::EveryPoint).is_ok());
    }
}
