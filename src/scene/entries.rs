//! The scene file's layout ([`SceneFile`]): a [`Scene`] as read and written. The one
//! difference is the shape list, whose entries are shapes or chains ([`SceneEntry`]);
//! reading splits it into [`Scene::shapes`] and [`Scene::chains`], writing puts each
//! chain back after the shapes that came before it.

use super::chains::{EntryGeometry, SceneChain};
use super::format::{Expect, Precision, Scene, SceneShape, ShapeEntry, View};
use super::pose_entry::check_vec;
use super::rays::SceneRay;
use super::SCENE_VERSION;
use crate::core::settings::Settings;
use glam::Vec2;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A scene as the file has it (the fields of [`Scene`], chains in the shape list). The
/// entries are checked as they are read ([`SceneEntry`]); "make convex" reads the same
/// layout with unchecked entries (`SceneFile<ShapeEntry>`) to mend refused polygons, so
/// both readers know every field.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Scene")]
pub struct SceneFile<E = SceneEntry> {
    #[serde(deserialize_with = "version_one")]
    version: u32,
    #[serde(default)]
    title: String,
    #[serde(default)]
    notes: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    group: String,
    #[serde(default, skip_serializing_if = "Precision::is_default")]
    precision: Precision,
    pub(super) shapes: Vec<E>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rays: Vec<SceneRay>,
    #[serde(default)]
    settings: Settings,
    #[serde(default, skip_serializing_if = "View::is_default")]
    view: View,
    #[serde(default, skip_serializing_if = "Expect::is_empty")]
    expect: Expect,
}

fn version_one<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    if v != SCENE_VERSION {
        return Err(serde::de::Error::custom(format!(
            "unknown scene version {v}; this build reads version {SCENE_VERSION}"
        )));
    }
    Ok(v)
}

/// One entry of the shape list: a convex shape or a chain, checked as it is read (so
/// an error carries the entry's line).
#[derive(Clone, Debug)]
pub enum SceneEntry {
    Shape(SceneShape),
    Chain(SceneChain),
}

impl<'de> Deserialize<'de> for SceneEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let e = ShapeEntry::deserialize(d)?;
        SceneEntry::try_from(e).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<ShapeEntry> for SceneEntry {
    type Error = String;
    fn try_from(e: ShapeEntry) -> Result<Self, String> {
        let EntryGeometry::Chain(geometry) = &e.geometry else {
            return SceneShape::try_from(e).map(SceneEntry::Shape);
        };
        if e.name.trim().is_empty() {
            return Err("a chain has an empty name".to_string());
        }
        // The name as messages show it.
        let name = &super::user_text::shown(&e.name);
        check_vec(name, "position", e.position).map_err(|m| m.replacen("shape", "chain", 1))?;
        let pose = super::pose_entry::entry_pose("chain", name, e.position, e.angle, e.rotation)?;
        let moving = e.velocity != Vec2::ZERO || e.angular_velocity != 0.0;
        if moving || e.raw_points || !e.hull_of.is_empty() {
            return Err(format!(
                "chain \"{name}\": velocity, angular_velocity, raw_points and hull_of apply to \
                 convex shapes only (a chain does not move)"
            ));
        }
        let mut chain = SceneChain::new(&e.name, geometry, e.position, pose.angle)?;
        chain.pose = pose;
        Ok(SceneEntry::Chain(chain))
    }
}

impl Serialize for SceneEntry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SceneEntry::Shape(shape) => shape.serialize(s),
            SceneEntry::Chain(c) => ShapeEntry {
                name: c.name.clone(),
                geometry: EntryGeometry::Chain(c.geometry()),
                position: c.pose.position,
                angle: super::pose_entry::entry_rotation(&c.pose).0,
                rotation: super::pose_entry::entry_rotation(&c.pose).1,
                velocity: Vec2::ZERO,
                angular_velocity: 0.0,
                raw_points: false,
                hull_of: Vec::new(),
            }
            .serialize(s),
        }
    }
}

impl From<SceneFile> for Scene {
    fn from(f: SceneFile) -> Scene {
        let mut shapes = Vec::with_capacity(f.shapes.len());
        let mut chains = Vec::new();
        for entry in f.shapes {
            match entry {
                SceneEntry::Shape(s) => shapes.push(s),
                SceneEntry::Chain(mut c) => {
                    c.order = shapes.len();
                    chains.push(c);
                }
            }
        }
        // Every angle becomes a rotation as the settings say.
        for s in &mut shapes {
            s.pose.angle_from = f.settings.angle_from;
        }
        for c in &mut chains {
            c.pose.angle_from = f.settings.angle_from;
        }
        Scene {
            version: f.version,
            title: f.title,
            notes: f.notes,
            group: f.group,
            precision: f.precision,
            shapes,
            chains,
            rays: f.rays,
            settings: f.settings,
            view: f.view,
            expect: f.expect,
        }
    }
}

impl From<Scene> for SceneFile {
    fn from(s: Scene) -> SceneFile {
        let mut chains = s.chains;
        // Stable: chains at the same place keep their order.
        chains.sort_by_key(|c| c.order);
        let mut chains = chains.into_iter().peekable();
        let mut entries = Vec::with_capacity(s.shapes.len() + chains.len());
        for (i, shape) in s.shapes.into_iter().enumerate() {
            while let Some(c) = chains.next_if(|c| c.order <= i) {
                entries.push(SceneEntry::Chain(c));
            }
            entries.push(SceneEntry::Shape(shape));
        }
        entries.extend(chains.map(SceneEntry::Chain));
        SceneFile {
            version: s.version,
            title: s.title,
            notes: s.notes,
            group: s.group,
            precision: s.precision,
            shapes: entries,
            rays: s.rays,
            settings: s.settings,
            view: s.view,
            expect: s.expect,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::scene::{parse_scene, scene_to_string};

    const TEXT: &str = "(version: 1, shapes: [\n (name: \"A\", geometry: Circle(radius: 0.5), position: (0.0, 1.0), angle: 0.0),\n (name: \"Floor\", geometry: Chain(points: [(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0)], loop: false), position: (0.0, 0.0), angle: 0.0),\n (name: \"B\", geometry: Circle(radius: 0.5), position: (1.0, 1.0), angle: 0.0)])";

    #[test]
    fn a_chain_is_split_out_and_saved_in_its_place() {
        let s = parse_scene(TEXT, "c.ron").unwrap();
        assert_eq!(s.shapes.len(), 2);
        assert_eq!(s.chains.len(), 1);
        assert_eq!(s.chains[0].order, 1);
        assert_eq!(s.chains[0].segments().len(), 2);
        let saved = scene_to_string(&s);
        let (a, floor, b) = (
            saved.find("\"A\""),
            saved.find("\"Floor\""),
            saved.find("\"B\""),
        );
        assert!(a < floor && floor < b, "{saved}");
        assert!(
            saved.contains("Chain(points: [(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0)], loop: false)"),
            "{saved}"
        );
        assert_eq!(parse_scene(&saved, "again.ron").unwrap(), s);
        // With fewer shapes now, the chain goes after them.
        let mut fewer = s.clone();
        fewer.shapes.clear();
        let again = parse_scene(&scene_to_string(&fewer), "f.ron").unwrap();
        assert_eq!(again.chains[0].name, "Floor");
    }

    #[test]
    fn a_chain_entry_that_moves_is_refused() {
        let text = TEXT.replace(
            "loop: false), position: (0.0, 0.0), angle: 0.0)",
            "loop: false), position: (0.0, 0.0), angle: 0.0, velocity: (1.0, 0.0))",
        );
        let e = parse_scene(&text, "m.ron").unwrap_err();
        assert!(
            e.message.contains("chain \"Floor\"") && e.message.contains("does not move"),
            "{e}"
        );
        assert_eq!(e.line, Some(3), "{e}");
    }
}
