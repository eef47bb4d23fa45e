//! A pair's history over the frames of a recording (or a pair track): a *series* of
//! pair states, one per frame, and the markers where something happens to the
//! contact — the data the timeline lanes and `replay --pair` show. Our terms only;
//! the engine side that fills a [`PairState`] is `peers::recording`.
//!
//! Markers ([`MarkerFinder`]), from one frame to the next:
//! - `begin` / `end`: the pair starts or stops touching;
//! - `point_count`: the manifold gains or loses a point while touching;
//! - `warm_start_lost`: while touching, a point's id disappears and another appears
//!   (the engine matches points by id to warm start its solver: that point starts
//!   from zero impulse);
//! - `normal_turn`: while touching, the normal turns by more than [`NORMAL_TURN_DEG`];
//! - `ghost_bump`: the normal tilts more than [`GHOST_TILT_DEG`] from the surface the
//!   shape slides on ([`PairState::surface_tilt`]), marked when it starts;
//! - `tunnel`: the shapes' motion over the step meets ([`PairState::toi`]) but they
//!   touch neither before nor after, and end more than [`TUNNEL_CLEARANCE`] apart: one
//!   passed through the other.

use super::world_frame::ContactPoint;
use serde::Serialize;

/// A normal turning by more than this in one step is marked (degrees).
pub const NORMAL_TURN_DEG: f32 = 5.0;
/// A normal tilting from its surface by more than this is a ghost bump (degrees).
pub const GHOST_TILT_DEG: f32 = 5.0;
/// Shapes further apart than this after a step whose motion met have tunnelled:
/// Box2D's speculative distance (4 × linear slop), within which it would have kept
/// a contact.
pub const TUNNEL_CLEARANCE: f32 = 0.02;

/// Which shape's face the normal is (the reference face).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    A(usize),
    B(usize),
}

impl Serialize for Reference {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Reference::A(i) => s.serialize_str(&format!("A face {i}")),
            Reference::B(i) => s.serialize_str(&format!("B face {i}")),
        }
    }
}

/// The pair at one frame. Shape A and B in the engine's contact order.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PairState {
    pub frame: u32,
    pub touching: bool,
    /// From A to B, world frame (touching only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normal: Option<[f32; 2]>,
    /// The normal's direction, degrees counter-clockwise from +x.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normal_angle: Option<f32>,
    pub points: Vec<ContactPoint>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<Reference>,
    /// How far the normal tilts (degrees) from the surface it slides on: a chain
    /// segment's own normal; or, for a shape of a body built of several shapes, the
    /// normal of the deepest contact between the same two bodies (a flat floor of
    /// tiles should give one normal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surface_tilt: Option<f32>,
    /// Where in the step leading to this frame (0 to 1) the shapes' motion first meets,
    /// when the pair was apart at its start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toi: Option<f32>,
    /// The distance between the shapes at this frame's poses (not touching only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<f32>,
}

impl PairState {
    /// The state with its normal's angle filled in.
    pub fn with_normal(mut self, normal: [f32; 2]) -> PairState {
        self.normal = Some(normal);
        self.normal_angle = Some(normal[1].atan2(normal[0]).to_degrees());
        self
    }
}

/// What happened at a frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Marker {
    Begin,
    End,
    PointCount { from: usize, to: usize },
    WarmStartLost { lost: Vec<u16>, new: Vec<u16> },
    NormalTurn { degrees: f32 },
    GhostBump { degrees: f32 },
    Tunnel { toi: f32 },
}

impl Marker {
    /// The marker's key, as in the JSON.
    pub fn key(&self) -> &'static str {
        match self {
            Marker::Begin => "begin",
            Marker::End => "end",
            Marker::PointCount { .. } => "point_count",
            Marker::WarmStartLost { .. } => "warm_start_lost",
            Marker::NormalTurn { .. } => "normal_turn",
            Marker::GhostBump { .. } => "ghost_bump",
            Marker::Tunnel { .. } => "tunnel",
        }
    }

    /// Every key, in the order of [`Marker::key`].
    pub const KEYS: [&'static str; 7] = [
        "begin",
        "end",
        "point_count",
        "warm_start_lost",
        "normal_turn",
        "ghost_bump",
        "tunnel",
    ];
}

/// The angle between two unit vectors, degrees.
pub fn angle_between(a: [f32; 2], b: [f32; 2]) -> f32 {
    let dot = a[0] * b[0] + a[1] * b[1];
    let cross = a[0] * b[1] - a[1] * b[0];
    cross.atan2(dot).abs().to_degrees()
}

/// Finds the markers of a series, one frame after the other (memory: one state).
#[derive(Default)]
pub struct MarkerFinder {
    previous: Option<PairState>,
}

impl MarkerFinder {
    /// The markers of `now`, given the frames before it.
    pub fn next(&mut self, now: &PairState) -> Vec<Marker> {
        // Before the first frame, the pair was apart.
        let apart = PairState {
            frame: now.frame,
            ..PairState::default()
        };
        let markers = between(self.previous.as_ref().unwrap_or(&apart), now);
        self.previous = Some(now.clone());
        markers
    }
}

fn between(before: &PairState, now: &PairState) -> Vec<Marker> {
    let mut out = Vec::new();
    match (before.touching, now.touching) {
        (false, true) => out.push(Marker::Begin),
        (true, false) => out.push(Marker::End),
        (true, true) => out.extend(while_touching(before, now)),
        (false, false) => {}
    }
    if now.touching {
        let tilt = now.surface_tilt.unwrap_or(0.0);
        let tilted_before = before.touching && before.surface_tilt.unwrap_or(0.0) > GHOST_TILT_DEG;
        if tilt > GHOST_TILT_DEG && !tilted_before {
            out.push(Marker::GhostBump { degrees: tilt });
        }
    }
    let apart_after = now.distance.is_some_and(|d| d > TUNNEL_CLEARANCE);
    if let Some(toi) = now.toi {
        if !before.touching && !now.touching && apart_after {
            out.push(Marker::Tunnel { toi });
        }
    }
    out
}

fn while_touching(before: &PairState, now: &PairState) -> Vec<Marker> {
    let mut out = Vec::new();
    let (n0, n1) = (before.points.len(), now.points.len());
    if n0 != n1 {
        out.push(Marker::PointCount { from: n0, to: n1 });
    }
    let ids = |s: &PairState| s.points.iter().map(|p| p.id).collect::<Vec<u16>>();
    let (ids0, ids1) = (ids(before), ids(now));
    let lost: Vec<u16> = ids0.iter().copied().filter(|i| !ids1.contains(i)).collect();
    let new: Vec<u16> = ids1.iter().copied().filter(|i| !ids0.contains(i)).collect();
    if !lost.is_empty() && !new.is_empty() {
        out.push(Marker::WarmStartLost { lost, new });
    }
    if let (Some(a), Some(b)) = (before.normal, now.normal) {
        let turn = angle_between(a, b);
        if turn > NORMAL_TURN_DEG {
            out.push(Marker::NormalTurn { degrees: turn });
        }
    }
    out
}

/// One frame of a pair's timeline: the engine's state of the pair, its markers, and
/// our manifold at the same poses (point count and normal from A to B) when the pair's
/// shapes have one.
#[derive(Clone, Debug, PartialEq)]
pub struct TimelineRow {
    pub state: PairState,
    pub markers: Vec<Marker>,
    pub ours: Option<(usize, [f32; 2])>,
}

/// The engine's and our manifold differ when their point counts differ or their
/// normals by more than this (degrees).
pub const DIFFER_DEG: f32 = 0.1;

impl TimelineRow {
    /// The engine's and our manifold differ at this frame (touching frames only).
    pub fn differs(&self) -> bool {
        let (Some((n, normal)), true) = (self.ours, self.state.touching) else {
            return false;
        };
        n != self.state.points.len()
            || self
                .state
                .normal
                .is_some_and(|b| angle_between(b, normal) > DIFFER_DEG)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touching(frame: u32, ids: &[u16], normal: [f32; 2]) -> PairState {
        PairState {
            frame,
            touching: true,
            points: ids
                .iter()
                .map(|&id| ContactPoint {
                    id,
                    point: [0.0, 0.0],
                    separation: -0.001,
                    anchor_a: [0.0; 2],
                })
                .collect(),
            ..PairState::default()
        }
        .with_normal(normal)
    }

    fn apart(frame: u32) -> PairState {
        PairState {
            frame,
            distance: Some(1.0),
            ..PairState::default()
        }
    }

    fn keys(m: &[Marker]) -> Vec<&'static str> {
        m.iter().map(Marker::key).collect()
    }

    #[test]
    fn begin_count_ids_normal_end() {
        let mut f = MarkerFinder::default();
        assert!(f.next(&apart(0)).is_empty());
        assert_eq!(keys(&f.next(&touching(1, &[1], [0.0, 1.0]))), ["begin"]);
        assert_eq!(
            keys(&f.next(&touching(2, &[1, 2], [0.0, 1.0]))),
            ["point_count"]
        );
        // Same ids, same normal: nothing.
        assert!(f.next(&touching(3, &[2, 1], [0.0, 1.0])).is_empty());
        // One id replaced: its warm start is lost.
        let m = f.next(&touching(4, &[1, 3], [0.0, 1.0]));
        assert_eq!(
            m,
            [Marker::WarmStartLost {
                lost: vec![2],
                new: vec![3]
            }]
        );
        // A turn of 4.9 degrees is not marked, 6 degrees is.
        let r = |d: f32| [d.to_radians().sin(), d.to_radians().cos()];
        assert!(f.next(&touching(5, &[1, 3], r(4.9))).is_empty());
        let m = f.next(&touching(6, &[1, 3], r(10.9)));
        assert_eq!(keys(&m), ["normal_turn"]);
        assert_eq!(keys(&f.next(&apart(7))), ["end"]);
    }

    #[test]
    fn ghost_bump_is_marked_where_it_starts() {
        let mut f = MarkerFinder::default();
        let tilted = |frame, t| PairState {
            surface_tilt: Some(t),
            ..touching(frame, &[1], [0.0, 1.0])
        };
        assert_eq!(keys(&f.next(&tilted(0, 0.0))), ["begin"]);
        assert!(f.next(&tilted(1, 4.0)).is_empty());
        assert_eq!(keys(&f.next(&tilted(2, 89.0))), ["ghost_bump"]);
        assert!(f.next(&tilted(3, 89.0)).is_empty());
    }

    #[test]
    fn tunnel_needs_a_meeting_and_clearance_after() {
        let mut f = MarkerFinder::default();
        f.next(&apart(0));
        let through = PairState {
            toi: Some(0.4),
            ..apart(1)
        };
        assert_eq!(f.next(&through), [Marker::Tunnel { toi: 0.4 }]);
        // Met and stopped at contact (a bullet): closer than the clearance, no tunnel.
        let stopped = PairState {
            toi: Some(0.4),
            distance: Some(0.005),
            ..apart(2)
        };
        assert!(f.next(&stopped).is_empty());
    }

    #[test]
    fn angles() {
        assert!((angle_between([1.0, 0.0], [0.0, 1.0]) - 90.0).abs() < 1e-4);
        assert!((angle_between([0.0, 1.0], [0.0, -1.0]) - 180.0).abs() < 1e-4);
        assert_eq!(touching(0, &[], [0.0, -1.0]).normal_angle, Some(-90.0));
    }
}
