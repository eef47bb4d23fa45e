//! Step 2, the features: an edge or point of either shape in A's frame ([`Edge`]),
//! the pair as the clipping sees it ([`Pair`]: both shapes, B brought into A's
//! frame), the touching band, and each shape's feature for the chosen normal
//! ([`select_features`]).

use super::ids::{ContactId, IdKind};
use super::trace::FeatureRecord;
use super::{ManifoldInput, NormalChoice};
use crate::core::consts::MANIFOLD_TOUCHING_TOLERANCE;
use crate::core::math::Transform;
use crate::core::sat::Owner;
use crate::core::settings::SatBias;
use crate::core::shape::Shape;
use crate::core::support::Feature;
use glam::Vec2;

/// An edge or point feature in A's frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) owner: Owner,
    pub(super) v1: Vec2,
    pub(super) v2: Vec2,
    pub(super) i1: usize,
    pub(super) i2: usize,
    pub(super) normal: Vec2,
    pub(super) radius: f32,
}

impl Edge {
    #[inline]
    fn from_feature(owner: Owner, f: &Feature) -> Edge {
        Edge {
            owner,
            v1: f.a,
            v2: f.b,
            i1: f.index_a,
            i2: f.index_b,
            normal: f.normal,
            radius: f.radius,
        }
    }

    #[inline]
    pub(super) fn is_point(&self) -> bool {
        self.i1 == self.i2
    }

    pub(super) fn record(&self, xf: &Transform) -> FeatureRecord {
        FeatureRecord {
            owner: self.owner,
            a: xf.apply(self.v1),
            b: xf.apply(self.v2),
            index_a: self.i1,
            index_b: self.i2,
            normal: xf.q.apply(self.normal),
            radius: self.radius,
            is_point: self.is_point(),
        }
    }

    /// The id of a point made from incident feature `index` against this edge as the
    /// reference (bits 8–15 its first vertex, the edge's index).
    #[inline]
    pub(super) fn incident_id(&self, index: usize, kind: IdKind) -> ContactId {
        ContactId {
            reference: self.owner,
            reference_index: self.i1 as u8,
            incident_index: index as u8,
            kind,
        }
    }
}

/// The two shapes, B placed in A's frame, and the speculative distance.
pub(super) struct Pair<'a> {
    pub(super) a: &'a Shape,
    pub(super) b: &'a Shape,
    pub(super) xf_a: Transform,
    pub(super) b_to_a: Transform,
    pub(super) spec: f32,
    /// Clipped points are kept up to this separation (radii subtracted): the
    /// speculative distance with Box2D-Lite's preset; unbounded with Box2D v3's, which
    /// keeps both clipped points of the incident edge whatever their separation (the
    /// solver ignores speculative points that do not approach). Box2D's capsule
    /// routine has its own rule (two points only when one clipped point lies within
    /// slop of the closest distance), not reproduced: see `tests/peers_manifold.rs`.
    pub(super) clip_limit: f32,
}

/// The core distance under which two shapes count as touching:
/// [`MANIFOLD_TOUCHING_TOLERANCE`] times the sum of their bounding radii (the largest
/// core vertex distance from the local origin, plus the radius), which each shape
/// caches ([`Shape::bounding_radius`]): no loop, no square root here. Shared with
/// `box_box/` so both paths draw the same line.
#[inline]
pub(crate) fn touching_tolerance(a: &Shape, b: &Shape) -> f32 {
    MANIFOLD_TOUCHING_TOLERANCE * (a.bounding_radius() + b.bounding_radius())
}

impl<'a> Pair<'a> {
    #[inline]
    pub(super) fn new(input: &ManifoldInput<'a>) -> Pair<'a> {
        let xf_a = input.pair.transform_a;
        Pair {
            a: input.pair.shape_a,
            b: input.pair.shape_b,
            xf_a,
            b_to_a: input.pair.b_in_a(),
            spec: input.speculative_distance.max(0.0),
            clip_limit: match input.sat_bias {
                SatBias::Box2dV3 => f32::INFINITY,
                SatBias::Box2dLite => input.speculative_distance.max(0.0),
            },
        }
    }

    /// Cheap (two cached radii), but still computed only when asked.
    #[inline]
    pub(super) fn touch(&self) -> f32 {
        touching_tolerance(self.a, self.b)
    }

    /// True when the cores, `core` apart, are apart beyond the touching band.
    #[inline]
    pub(super) fn apart(&self, core: f32) -> bool {
        core > 0.0 && core > self.touch()
    }

    /// Edge `edge` of one shape (A's frame).
    pub(super) fn edge_of(&self, owner: Owner, edge: usize) -> Edge {
        let (s, xf) = match owner {
            Owner::A => (self.a, Transform::IDENTITY),
            Owner::B => (self.b, self.b_to_a),
        };
        let v = s.vertices();
        let j = if edge + 1 == v.len() { 0 } else { edge + 1 };
        Edge {
            owner,
            v1: xf.apply(v[edge]),
            v2: xf.apply(v[j]),
            i1: edge,
            i2: j,
            normal: xf.q.apply(s.normals()[edge]),
            radius: s.radius(),
        }
    }

    /// Vertex `index` of one shape as a point feature (A's frame), `dir` its query
    /// direction.
    #[inline]
    pub(super) fn vertex_of(&self, owner: Owner, index: usize, dir: Vec2) -> Edge {
        let (s, xf) = match owner {
            Owner::A => (self.a, Transform::IDENTITY),
            Owner::B => (self.b, self.b_to_a),
        };
        let p = xf.apply(s.vertices()[index]);
        Edge {
            owner,
            v1: p,
            v2: p,
            i1: index,
            i2: index,
            normal: dir,
            radius: s.radius(),
        }
    }

    /// The farthest feature of one shape along `dir` (A's frame, both in and out).
    pub(super) fn feature_of(&self, owner: Owner, dir: Vec2) -> Edge {
        let f = match owner {
            Owner::A => self.a.local_feature(dir),
            Owner::B => self
                .b
                .local_feature(self.b_to_a.q.apply_inv(dir))
                .transformed(&self.b_to_a),
        };
        Edge::from_feature(owner, &f)
    }
}

/// Each shape's feature for the normal `c.normal` (A's frame): GJK's vertex for a
/// vertex–vertex pair; SAT's face by index for the hinted owner (rather than trusting
/// the feature query to land on it when two vertices tie along the normal); its only
/// vertex for a 1-vertex core; else the farthest feature along the normal (A along n,
/// B along −n).
#[inline]
pub(super) fn select_features(pair: &Pair, c: &NormalChoice) -> (Edge, Edge) {
    let n = c.normal;
    let feature = |owner: Owner| -> Edge {
        let (shape, dir) = match owner {
            Owner::A => (pair.a, n),
            Owner::B => (pair.b, -n),
        };
        match c.hint {
            _ if c.vertex_vertex.is_some() => {
                let (ia, ib) = c.vertex_vertex.unwrap_or((0, 0));
                let i = match owner {
                    Owner::A => ia,
                    Owner::B => ib,
                };
                pair.vertex_of(owner, i.min(shape.vertices().len() - 1), dir)
            }
            Some((o, edge)) if o == owner && !shape.normals().is_empty() => {
                pair.edge_of(owner, edge)
            }
            _ if shape.vertices().len() == 1 => pair.vertex_of(owner, 0, dir),
            _ => pair.feature_of(owner, dir),
        }
    };
    (feature(Owner::A), feature(Owner::B))
}
