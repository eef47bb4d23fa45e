//! The pair at one frame of a recording, written as a scene: the shapes and the poses
//! Box2D's step began with, exactly, and Box2D's contact beside `b2Collide*`'s.

use super::pair::*;
use crate::scene::world::WorldGeometry;
use crate::scene::SceneShape;
use crate::trace::world_frame::{BodyState, ContactState, ShapeInfo};

/// The pair at one frame, exactly: the scene of the two shapes at the poses Box2D's
/// step began with, and Box2D's in-world contact of them (`b2Contact_GetData`'s
/// manifold, in our terms) if they touched.
pub struct PairAtFrame {
    /// Shape A and B in Box2D's contact order when they touch (its ids and normal are
    /// for that order), else as asked. A chain segment is the scene's chain.
    pub scene: crate::scene::Scene,
    pub contact: Option<ContactState>,
    /// A's and B's ids in the recording.
    pub ids: (u32, u32),
    /// Box2D's `b2Collide*` on the scene's pair (two convex shapes).
    pub collide: Option<crate::trace::peer_answer::PeerManifold>,
    /// Whether Box2D's contact is `b2Collide*` on these poses to the bit (normal, ids,
    /// separations); false when Box2D kept the manifold from an earlier step
    /// (contact recycling while the bodies barely moved, or a sleeping body).
    pub computed_here: Option<bool>,
}

/// A shape of the recording at a body pose, as a scene shape or a chain (a chain
/// segment: its two points with their ghosts, Box2D's convention).
fn scene_entry(info: &ShapeInfo, body: &BodyState) -> Result<SceneEntry, String> {
    use crate::core::shape::{Geometry, Pose};
    use crate::scene::chains::{ChainGeometry, Convention};
    let xf = transform(body);
    let pose = Pose::with_rotation(xf.p, xf.q);
    let geometry = match &info.geometry {
        WorldGeometry::Chain { points, closed } => {
            let chain = ChainGeometry {
                points: points.clone(),
                closed: *closed,
                convention: Convention::Box2d,
            };
            let mut c = crate::scene::SceneChain::new(&info.label, &chain, xf.p, pose.angle)?;
            c.pose = pose;
            return Ok(SceneEntry::Chain(c));
        }
        // The scene's circle sits on its origin: the centre moves into the position
        // (rounded once, where Box2D keeps the offset in the shape).
        WorldGeometry::Circle { center, radius } => {
            let mut shape =
                SceneShape::new(&info.label, Geometry::Circle { radius: *radius }, xf.p, 0.0)?;
            shape.pose = Pose::with_rotation(xf.apply(*center), xf.q);
            return Ok(SceneEntry::Shape(Box::new(shape)));
        }
        other => convex_geometry(other)
            .ok_or_else(|| format!("shape {} has no convex geometry", info.label))?,
    };
    let mut shape = SceneShape::new(&info.label, geometry, xf.p, 0.0)?;
    shape.pose = pose;
    Ok(SceneEntry::Shape(Box::new(shape)))
}

enum SceneEntry {
    Shape(Box<SceneShape>),
    Chain(crate::scene::SceneChain),
}

/// Box2D's speculative distance (4 × linear slop): the world's contacts keep points
/// this far apart, so the pair's scene does too.
const SPECULATIVE_DISTANCE: f32 = 0.02;

impl super::Player {
    /// The pair `a`, `b` (shape ids) at frame `k`: Box2D replays to frame `k − 1`,
    /// reads the poses, replays step `k` and reads its contact. `source` names the
    /// recording in the scene's notes.
    pub fn pair_at(&mut self, a: u32, b: u32, k: u32, source: &str) -> Result<PairAtFrame, String> {
        let frames = self.info().frames;
        if k > frames {
            return Err(format!(
                "frame {k} is past the recording's end (its frames are 0 to {frames})"
            ));
        }
        self.seek(k.saturating_sub(1));
        let before = self.frame_state();
        let now = if k == 0 {
            before.clone()
        } else {
            self.step();
            self.frame_state()
        };
        let contact = now
            .contact(a, b)
            .filter(|c| !c.points.is_empty())
            .map(|c| as_computed(&self.shapes, &before, c));
        let (a, b) = match &contact {
            Some(c) => (c.shape_a, c.shape_b),
            None => (a, b),
        };
        let missing = |id: u32| format!("shape {id} is not in the world at frame {k}");
        let pa = posed(&self.shapes, &before, a).ok_or_else(|| missing(a))?;
        let pb = posed(&self.shapes, &before, b).ok_or_else(|| missing(b))?;
        let title = format!(
            "{} against {} at frame {k} of {source}",
            pa.shape.label, pb.shape.label
        );
        let notes = pair_notes(k, &contact, &pa, &pb);
        pair_scene(pa, pb, title, notes, contact, &format!("frame {k}"))
    }
}

/// The pair `a`, `b` (shape ids) of a world as it is now (`state`, a live world at
/// step `step`): the scene at the poses now, with no in-world contact (Box2D's were
/// computed at the poses the last step began with, not these).
pub fn pair_now(
    shapes: &super::read::ShapeCache,
    state: &crate::trace::world_frame::FrameState,
    (a, b): (u32, u32),
    step: u32,
    source: &str,
) -> Result<PairAtFrame, String> {
    let missing = |id: u32| format!("shape {id} is not in the world at step {step}");
    let pa = posed(shapes, state, a).ok_or_else(|| missing(a))?;
    let pb = posed(shapes, state, b).ok_or_else(|| missing(b))?;
    let title = format!(
        "{} against {} at step {step} of {source}",
        pa.shape.label, pb.shape.label
    );
    let notes = format!(
        "Step {step} of a live Box2D world: \"{}\" (body \"{}\") and \"{}\" (body \"{}\") at \
         their poses now, rotations as Box2D keeps them. Box2D's own contact of them was \
         computed at the poses its last step began with, so it is not shown here: record the \
         world and open the pair in the recording to compare it.",
        pa.shape.label, pa.body.name, pb.shape.label, pb.body.name
    );
    pair_scene(pa, pb, title, notes, None, &format!("step {step}"))
}

/// The scene of two posed shapes, `b2Collide*`'s manifold on it, and whether Box2D's
/// in-world `contact` (if any) is that manifold to the bit. `at` names the moment in
/// errors.
fn pair_scene(
    pa: Posed<'_>,
    pb: Posed<'_>,
    title: String,
    notes: String,
    contact: Option<ContactState>,
    at: &str,
) -> Result<PairAtFrame, String> {
    let (a, b) = (pa.shape.id, pb.shape.id);
    let mut scene =
        crate::scene::parse_scene("(version: 1, shapes: [])", "pair").map_err(|e| e.to_string())?;
    scene.title = title;
    scene.notes = notes;
    scene.group = "Recordings".into();
    scene.settings.speculative_distance = SPECULATIVE_DISTANCE;
    for p in [&pa, &pb] {
        match scene_entry(p.shape, p.body).map_err(|e| format!("{at}: {e}"))? {
            SceneEntry::Shape(s) => scene.shapes.push(*s),
            SceneEntry::Chain(c) => scene.chains.push(c),
        }
    }
    // A chain is no shape of the view's pair: the debugger pairs it with the shape.
    if scene.shapes.len() == 2 {
        scene.view.a = pa.shape.label.clone();
        scene.view.b = pb.shape.label.clone();
    }
    scene.view.algorithm = crate::scene::view_state::Algorithm::Manifold;
    scene.view.manifold_source = "sat".into();
    let collide = (scene.shapes.len() == 2)
        .then(|| super::super::box2d::manifold(&scene.pair(0, 1)).ok())
        .flatten();
    let computed_here = match (&contact, &collide) {
        (Some(c), Some(m)) => Some(same_manifold(c, m)),
        _ => None,
    };
    if computed_here == Some(false) {
        scene.notes.push_str(
            " Box2D kept this contact's manifold from an earlier step (contact recycling \
             while the bodies barely moved, or a body asleep) and updated only its \
             separations: b2Collide* on these poses answers differently. A world recorded \
             with contact_recycling: false and sleep: false computes every manifold at its step.",
        );
    }
    Ok(PairAtFrame {
        scene,
        contact,
        ids: (a, b),
        collide,
        computed_here,
    })
}

/// Box2D's contact and `b2Collide*`'s manifold agree to the bit: normal, ids,
/// separations.
fn same_manifold(c: &ContactState, m: &crate::trace::peer_answer::PeerManifold) -> bool {
    c.normal == m.normal
        && c.points.len() == m.points.len()
        && c.points.iter().zip(&m.points).all(|(p, q)| {
            q.id == Some(u32::from(p.id)) && p.separation.to_bits() == q.separation.to_bits()
        })
}

fn pair_notes(k: u32, contact: &Option<ContactState>, a: &Posed, b: &Posed) -> String {
    let mut notes = format!(
        "Frame {k} of a Box2D recording: \"{}\" (body \"{}\") and \"{}\" (body \"{}\") at the poses \
         Box2D's step {k} began with, rotations as Box2D kept them. ",
        a.shape.label, a.body.name, b.shape.label, b.body.name
    );
    match contact {
        Some(c) => {
            notes.push_str(&format!(
                "Box2D's contact (b2Contact_GetData): normal ({}, {}), ",
                c.normal[0], c.normal[1]
            ));
            let points: Vec<String> = c
                .points
                .iter()
                .map(|p| {
                    format!(
                        "id 0x{:04x} separation {} at ({}, {})",
                        p.id, p.separation, p.point[0], p.point[1]
                    )
                })
                .collect();
            notes.push_str(&format!("points: {}.", points.join("; ")));
        }
        None => notes.push_str("Box2D had no touching contact of them at this frame."),
    }
    notes
}
