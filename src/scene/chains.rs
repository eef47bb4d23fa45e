//! Chains, scene objects beside the shapes: an open or closed polyline, one-sided,
//! each segment with its neighbours as ghost vertices (see [`crate::core::chain`]).
//!
//! In the file a chain is a shape entry with `Chain` geometry, in the shape list:
//!
//! ```ron
//! (name: "Floor", geometry: Chain(points: [(4.0, 0.0), (0.0, 0.0), (-4.0, 0.0)], loop: false),
//!  position: (0.0, 0.0), angle: 0.0),
//! ```
//!
//! with `convention: Box2d` inside `Chain(...)` for `b2CreateChain`'s convention (an
//! open chain's first and last points are ghosts only); the default is `EveryPoint`.
//! The core's [`Geometry`] stays convex: the loader puts a chain into
//! [`Scene::chains`](super::Scene::chains), a [`SceneChain`], remembering how many
//! shapes came before it so that saving writes it back in its place.
//!
//! A chain does not move: `velocity`, `angular_velocity`, `raw_points` and `hull_of`
//! are refused on it.

use super::names::check_name;
use crate::core::chain::{chain_segments, ChainConvention, ChainSegment};
use crate::core::shape::{Geometry, Pose, Shape};
use glam::Vec2;
use serde::de::value::{EnumAccessDeserializer, MapAccessDeserializer, StringDeserializer};
use serde::de::{EnumAccess, MapAccess, VariantAccess, Visitor};
use serde::ser::SerializeStructVariant;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A named chain placed in the scene.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneChain {
    pub name: String,
    /// The polyline in the chain's local frame, as given.
    pub points: Vec<Vec2>,
    /// A closed chain (the file's `loop`): the last point joins the first.
    pub closed: bool,
    pub convention: ChainConvention,
    pub pose: Pose,
    /// How many of the scene's shapes came before it in the file: where saving
    /// writes it back (after all shapes when there are fewer now).
    pub order: usize,
    segments: Vec<ChainSegment>,
    /// Each segment as a plain two-sided segment shape (the naive mode).
    segment_shapes: Vec<Shape>,
}

impl SceneChain {
    /// A chain, its points checked by [`chain_segments`]; the message names the chain
    /// and what is wrong.
    pub fn new(
        name: &str,
        chain: &ChainGeometry,
        position: Vec2,
        angle: f32,
    ) -> Result<SceneChain, String> {
        check_name(name, "chain")?;
        let shown = super::user_text::shown(name);
        let convention = chain.convention.into();
        let segments = chain_segments(&chain.points, chain.closed, convention)
            .map_err(|e| format!("chain \"{shown}\": {e}"))?;
        let segment_shapes = segments
            .iter()
            .enumerate()
            .map(|(i, s)| {
                Shape::new(Geometry::Segment { a: s.a, b: s.b })
                    .map_err(|e| format!("chain \"{shown}\": segment {i}: {e}"))
            })
            .collect::<Result<Vec<Shape>, String>>()?;
        Ok(SceneChain {
            name: name.to_string(),
            points: chain.points.clone(),
            closed: chain.closed,
            convention,
            pose: Pose::new(position, angle),
            order: 0,
            segments,
            segment_shapes,
        })
    }

    /// The segments with their ghost vertices, local frame.
    pub fn segments(&self) -> &[ChainSegment] {
        &self.segments
    }

    /// Segment `i` as a two-sided segment shape, local frame (no ghosts).
    pub fn segment_shape(&self, i: usize) -> Option<&Shape> {
        self.segment_shapes.get(i)
    }

    /// The farthest point from the chain's position (any angle): the radius of its
    /// bounding circle, centred on `pose.position`.
    pub fn bounding_radius(&self) -> f32 {
        self.points.iter().map(|p| p.length()).fold(0.0, f32::max)
    }

    /// The same chain (name, pose, convention, place in the file) with other points,
    /// checked as [`SceneChain::new`] checks them.
    pub fn with_points(&self, points: Vec<Vec2>) -> Result<SceneChain, String> {
        let geometry = ChainGeometry {
            points,
            closed: self.closed,
            convention: self.convention.into(),
        };
        let mut c = SceneChain::new(&self.name, &geometry, self.pose.position, self.pose.angle)?;
        c.order = self.order;
        c.pose = self.pose;
        Ok(c)
    }

    /// The indices of segment `i`'s two points in [`SceneChain::points`] (Box2D's
    /// convention skips an open chain's first point, a ghost only).
    pub fn segment_points(&self, i: usize) -> Option<(usize, usize)> {
        if i >= self.segments.len() {
            return None;
        }
        let n = self.points.len();
        let a = match (self.closed, self.convention) {
            (false, ChainConvention::Box2d) => i + 1,
            _ => i,
        };
        Some((a, (a + 1) % n))
    }

    /// The chain's geometry as the file writes it.
    pub(super) fn geometry(&self) -> ChainGeometry {
        ChainGeometry {
            points: self.points.clone(),
            closed: self.closed,
            convention: self.convention.into(),
        }
    }
}

/// `Chain(points: [...], loop: bool, convention: EveryPoint | Box2d)` as written.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename = "Chain")]
pub struct ChainGeometry {
    pub points: Vec<Vec2>,
    #[serde(rename = "loop")]
    pub closed: bool,
    #[serde(default)]
    pub convention: Convention,
}

/// [`ChainConvention`] as the file spells it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Convention {
    Box2d,
    #[default]
    EveryPoint,
}

impl From<Convention> for ChainConvention {
    fn from(c: Convention) -> Self {
        match c {
            Convention::Box2d => ChainConvention::Box2d,
            Convention::EveryPoint => ChainConvention::EveryPoint,
        }
    }
}

impl From<ChainConvention> for Convention {
    fn from(c: ChainConvention) -> Self {
        match c {
            ChainConvention::Box2d => Convention::Box2d,
            ChainConvention::EveryPoint => Convention::EveryPoint,
        }
    }
}

/// A shape entry's geometry: one of the core's convex [`Geometry`] kinds, or a chain.
#[derive(Clone, Debug, PartialEq)]
pub enum EntryGeometry {
    Convex(Geometry),
    Chain(ChainGeometry),
}

impl Serialize for EntryGeometry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            EntryGeometry::Convex(g) => g.serialize(s),
            EntryGeometry::Chain(c) => {
                let default = c.convention == Convention::default();
                let n = 2 + usize::from(!default);
                let mut st = s.serialize_struct_variant("Geometry", 5, "Chain", n)?;
                st.serialize_field("points", &c.points)?;
                st.serialize_field("loop", &c.closed)?;
                if !default {
                    st.serialize_field("convention", &c.convention)?;
                }
                st.end()
            }
        }
    }
}

/// Reads the variant name: `Chain` reads a [`ChainGeometry`]; any other name is
/// handed back to [`Geometry`]'s own deserialiser, so its messages (an unknown kind,
/// a missing field) stay as they were.
impl<'de> Deserialize<'de> for EntryGeometry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_enum("Geometry", GEOMETRY_KINDS, GeometryVisitor)
    }
}

/// The kinds a shape entry may name (the core's, then `Chain`).
const GEOMETRY_KINDS: &[&str] = &["Circle", "Polygon", "Box", "Capsule", "Segment", "Chain"];

struct GeometryVisitor;

impl<'de> Visitor<'de> for GeometryVisitor {
    type Value = EntryGeometry;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a shape kind: Circle, Polygon, Box, Capsule, Segment or Chain")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<EntryGeometry, A::Error> {
        let (KindName(kind), variant): (KindName, A::Variant) = data.variant()?;
        if kind == "Chain" {
            let fields = &["points", "loop", "convention"];
            return variant
                .struct_variant(fields, ChainVisitor)
                .map(EntryGeometry::Chain);
        }
        let replay = Replay { kind, variant };
        Geometry::deserialize(EnumAccessDeserializer::new(replay)).map(EntryGeometry::Convex)
    }
}

/// A variant's name, read as an identifier (as the derived enums read it).
struct KindName(String);

impl<'de> Deserialize<'de> for KindName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl<'de> Visitor<'de> for Name {
            type Value = KindName;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a shape kind")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<KindName, E> {
                Ok(KindName(v.to_string()))
            }
        }
        d.deserialize_identifier(Name)
    }
}

/// The fields of `Chain(...)`, read by [`ChainGeometry`]'s derived deserialiser.
struct ChainVisitor;

impl<'de> Visitor<'de> for ChainVisitor {
    type Value = ChainGeometry;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("Chain(points: [...], loop: bool)")
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<ChainGeometry, M::Error> {
        ChainGeometry::deserialize(MapAccessDeserializer::new(map))
    }
}

/// An enum whose variant name was already read: gives it again, then the rest.
struct Replay<V> {
    kind: String,
    variant: V,
}

impl<'de, V: VariantAccess<'de>> EnumAccess<'de> for Replay<V> {
    type Error = V::Error;
    type Variant = V;

    fn variant_seed<T: serde::de::DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, V), V::Error> {
        let name = seed.deserialize(StringDeserializer::<V::Error>::new(self.kind))?;
        Ok((name, self.variant))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(text: &str) -> Result<EntryGeometry, String> {
        ron::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn chains_and_convex_kinds_both_read_and_write_back() {
        let g = geometry("Chain(points: [(1.0, 0.0), (0.0, 0.0)], loop: false)").unwrap();
        let EntryGeometry::Chain(c) = &g else {
            panic!("{g:?}")
        };
        assert_eq!(c.points.len(), 2);
        assert!(!c.closed);
        assert_eq!(c.convention, Convention::EveryPoint);
        assert_eq!(
            ron::to_string(&g).unwrap(),
            "Chain(points:[(1.0,0.0),(0.0,0.0)],loop:false)"
        );
        let b = geometry("Chain(points: [], loop: true, convention: Box2d)").unwrap();
        assert!(ron::to_string(&b).unwrap().contains("convention:Box2d"));
        let circle = geometry("Circle(radius: 0.5)").unwrap();
        assert_eq!(
            circle,
            EntryGeometry::Convex(Geometry::Circle { radius: 0.5 })
        );
        assert_eq!(ron::to_string(&circle).unwrap(), "Circle(radius:0.5)");
    }

    #[test]
    fn bad_geometry_keeps_its_message() {
        let e = geometry("Circle(radius: 1.0, colour: 2)").unwrap_err();
        assert!(e.contains("colour"), "{e}");
        let e = geometry("Chain(points: [], lop: true)").unwrap_err();
        assert!(e.contains("lop"), "{e}");
        let e = geometry("Chain(points: [])").unwrap_err();
        assert!(e.contains("loop"), "{e}");
    }

    #[test]
    fn a_chain_is_checked_and_built() {
        let g = |points: Vec<(f32, f32)>, closed| ChainGeometry {
            points: points.into_iter().map(|(x, y)| Vec2::new(x, y)).collect(),
            closed,
            convention: Convention::EveryPoint,
        };
        let c = SceneChain::new(
            "F",
            &g(vec![(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0)], false),
            Vec2::ZERO,
            0.0,
        )
        .unwrap();
        assert_eq!(c.segments().len(), 2);
        assert_eq!(c.bounding_radius(), 2.0);
        assert!(c.segment_shape(1).is_some() && c.segment_shape(2).is_none());
        let e = SceneChain::new(
            "F",
            &g(vec![(0.0, 0.0), (0.0, 0.0)], false),
            Vec2::ZERO,
            0.0,
        )
        .unwrap_err();
        assert!(e.starts_with("chain \"F\": point 1"), "{e}");
        let e = SceneChain::new("F", &g(vec![(0.0, 0.0), (1.0, 0.0)], true), Vec2::ZERO, 0.0)
            .unwrap_err();
        assert!(e.contains("at least 3 points"), "{e}");
    }
}
