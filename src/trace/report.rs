//! The headless report: every pair of a scene through the collision core, as JSON.
//!
//! All points are world coordinates; normals point from A to B.

use crate::core::chain::{ray_cast_chain, ChainRayInput};
use crate::core::epa::{penetration, EpaTrace, PenetrationOutput};
use crate::core::gjk::{shape_distance, DistanceOutput, GjkTrace};
use crate::core::manifold::{contact_manifold, ManifoldSource, ManifoldTrace};
use crate::core::math::arr;
use crate::core::raycast::{ray_cast, RayInput};
use crate::core::sat::{separating_axis, SatOutput, SatTrace};
use crate::core::toi::rotating::{
    time_of_impact, RotatingToiOutput, RotatingToiTrace, ToiTermination,
};
use crate::core::toi::shape_cast::{shape_cast, CastOutput, CastTrace};
use crate::core::toi::swept_sat::{swept_sat, SweptOutput, SweptTrace};
use crate::scene::build::PairInputs;
use crate::scene::{Scene, SceneShape};
use crate::trace::chain_report::{chain_pair_report, ChainPairReport};
pub use crate::trace::manifold_json::{ManifoldJson, ManifoldPointJson};
use crate::trace::peer_answer::EngineAnswer;
use serde::Serialize;
use std::collections::BTreeMap;

/// The whole report. `"pairs"` lists the pairs of shapes, then the chain pairs.
#[derive(Clone, Debug)]
pub struct Report {
    pub scene: String,
    pub pairs: Vec<PairReport>,
    /// Every chain against every shape (chains in file order, then shapes), written
    /// in `"pairs"` after the pairs of shapes.
    pub chains: Vec<ChainPairReport>,
    /// One entry per ray and shape (rays in file order, then shapes).
    pub rays: Vec<RayJson>,
}

impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Report", 2 + usize::from(!self.rays.is_empty()))?;
        st.serialize_field("scene", &self.scene)?;
        st.serialize_field("pairs", &AllPairs(&self.pairs, &self.chains))?;
        if !self.rays.is_empty() {
            st.serialize_field("rays", &self.rays)?;
        }
        st.end()
    }
}

/// The pairs of shapes, then the chain pairs, as one list.
struct AllPairs<'a>(&'a [PairReport], &'a [ChainPairReport]);

impl Serialize for AllPairs<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.len() + self.1.len()))?;
        for p in self.0 {
            seq.serialize_element(p)?;
        }
        for c in self.1 {
            seq.serialize_element(c)?;
        }
        seq.end()
    }
}

/// A ray against one shape (world coordinates): Box2D's convention for a ray that
/// starts inside (`hit` false, `inside` true), with `exit_fraction` where it leaves
/// (parry's `solid = false` answer).
#[derive(Clone, Debug, Serialize)]
pub struct RayJson {
    pub ray: String,
    pub shape: String,
    pub hit: bool,
    pub fraction: f32,
    pub point: Option<[f32; 2]>,
    pub normal: Option<[f32; 2]>,
    /// `edge 2`, `vertex 0`, `cap 1`, `side 0`, `circle`, or `none`.
    pub feature: String,
    pub inside: bool,
    pub exit_fraction: Option<f32>,
    pub status: &'static str,
}

/// Every ray of `scene` against every shape (the exact ray cast of each shape kind),
/// then against every chain (each segment one-sided, as Box2D casts chains: the closest
/// hit, `feature` "segment i").
pub fn rays_report(scene: &Scene) -> Vec<RayJson> {
    let mut out = Vec::with_capacity(scene.rays.len() * (scene.shapes.len() + scene.chains.len()));
    for (r, ray) in scene.rays.iter().enumerate() {
        for (s, shape) in scene.shapes.iter().enumerate() {
            let o = ray_cast(&scene.ray_input(r, s), None);
            let has_point = o.hit;
            out.push(RayJson {
                ray: ray.name.clone(),
                shape: shape.name.clone(),
                hit: o.hit,
                fraction: o.fraction,
                point: has_point.then(|| arr(o.point)),
                normal: has_point.then(|| arr(o.normal)),
                feature: o.feature.label(),
                inside: o.inside,
                exit_fraction: o.exit_fraction,
                status: o.termination.as_str(),
            });
        }
        for chain in &scene.chains {
            let input = ChainRayInput {
                segments: chain.segments(),
                transform: chain.pose.transform(),
                ray: RayInput::new(ray.origin, ray.translation),
            };
            let o = ray_cast_chain(&input, None);
            out.push(RayJson {
                ray: ray.name.clone(),
                shape: chain.name.clone(),
                hit: o.hit,
                fraction: o.fraction,
                point: o.hit.then(|| arr(o.point)),
                normal: o.hit.then(|| arr(o.normal)),
                feature: o
                    .segment
                    .map_or("none".to_string(), |i| format!("segment {i}")),
                inside: false,
                exit_fraction: None,
                status: o.termination.as_str(),
            });
        }
    }
    out
}

/// One pair of shapes.
#[derive(Clone, Debug, Serialize)]
pub struct PairReport {
    pub a: String,
    pub b: String,
    pub distance: DistanceJson,
    pub overlap: bool,
    pub penetration: Option<PenetrationJson>,
    /// The separating axis test (always present; see [`SatJson`]).
    pub sat: SatJson,
    /// The contact manifold, or null when the pair is farther apart than
    /// `settings.speculative_distance` (see [`ManifoldJson`]).
    pub manifold: Option<ManifoldJson>,
    /// Time of impact over the step t ∈ [0, 1]; only when either shape has a velocity.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toi: Option<ToiJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<TraceJson>,
    /// With `--peers`: each engine's answer on the same pair, keyed `box2d`, `parry2d`
    /// (see [`EngineAnswer`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peers: Option<BTreeMap<&'static str, EngineAnswer>>,
    /// With `--link`: the web page's link that opens this pair (see the CLI).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct DistanceJson {
    pub distance: f32,
    pub point_a: [f32; 2],
    pub point_b: [f32; 2],
    pub normal: Option<[f32; 2]>,
    pub iterations: u32,
    pub termination: &'static str,
}

impl From<&DistanceOutput> for DistanceJson {
    fn from(d: &DistanceOutput) -> Self {
        DistanceJson {
            distance: d.distance,
            point_a: arr(d.point_a),
            point_b: arr(d.point_b),
            normal: d.normal.map(arr),
            iterations: d.iterations,
            termination: d.termination.as_str(),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct PenetrationJson {
    pub depth: f32,
    pub normal: [f32; 2],
    pub point_a: [f32; 2],
    pub point_b: [f32; 2],
    pub iterations: u32,
    pub termination: &'static str,
}

impl From<&PenetrationOutput> for PenetrationJson {
    fn from(p: &PenetrationOutput) -> Self {
        PenetrationJson {
            depth: p.depth,
            normal: arr(p.normal),
            point_a: arr(p.point_a),
            point_b: arr(p.point_b),
            iterations: p.iterations,
            termination: p.termination.as_str(),
        }
    }
}

impl PenetrationJson {
    /// Shapes that touch (distance 0) with nothing to push apart: depth 0, the
    /// contact normal and point from the distance query, `termination` "touching".
    /// One answer for touching: `overlap` true and a penetration of depth 0, never
    /// `overlap` true with no penetration.
    fn touching(d: &DistanceOutput) -> Self {
        let mid = 0.5 * (d.point_a + d.point_b);
        PenetrationJson {
            depth: 0.0,
            normal: arr(d.normal.unwrap_or(glam::Vec2::ZERO)),
            point_a: arr(mid),
            point_b: arr(mid),
            iterations: 0,
            termination: "touching",
        }
    }
}

/// The `"sat"` key: the chosen axis (radii subtracted, negative = penetration),
/// its normal from A to B, the shape owning it (`"A"` or `"B"`) and that shape's edge
/// index. Two circles have no face axis: the line of centres is reported, owner A,
/// edge 0 (A's local +y when the centres coincide); a circle contributes no axis, so
/// against a polygon only the polygon's faces are tested (see `sat.rs`).
#[derive(Clone, Debug, Serialize)]
pub struct SatJson {
    pub separation: f32,
    pub normal: [f32; 2],
    pub axis_owner: &'static str,
    pub edge: usize,
}

impl From<&SatOutput> for SatJson {
    fn from(o: &SatOutput) -> Self {
        SatJson {
            separation: o.separation,
            normal: arr(o.normal),
            axis_owner: o.axis_owner.as_str(),
            edge: o.edge,
        }
    }
}

/// The `"toi"` key: when the pair first touches as both shapes move by their
/// velocities over t ∈ [0, 1].
///
/// When either shape turns (`angular_velocity`), it is the rotating time of impact
/// ([`crate::core::toi::rotating`], Box2D's `b2TimeOfImpact` made safe for spins), with
/// `"state"` (`hit`, `separated`, `overlapped`, `failed`), `"angular"` (A's and B's turn
/// per step), and the `"target"` core distance with its `"tolerance"`; `termination`
/// repeats the state. Otherwise it is fed by the general shape cast ([`crate::core::toi::shape_cast`], conservative advancement),
/// which is exact for every pair of shapes; swept SAT ([`crate::core::toi::swept_sat`]) is exact only
/// for sharp polygons (conservative for curved shapes), so it appears in the trace,
/// beside the cast, for comparison. On a miss, `t`, `point` and `normal` describe the
/// last pose the cast examined (where it proved the miss); see `termination`.
#[derive(Clone, Debug, Serialize)]
pub struct ToiJson {
    pub hit: bool,
    pub t: f32,
    pub point: [f32; 2],
    pub normal: [f32; 2],
    pub iterations: u32,
    pub termination: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub angular: Option<[f32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f32>,
}

impl ToiJson {
    /// The rotating time of impact's answer (`angular`: A's and B's turn per step).
    pub fn rotating(o: &RotatingToiOutput, angular: [f32; 2]) -> ToiJson {
        ToiJson {
            hit: o.termination == ToiTermination::Hit,
            t: o.t,
            point: arr(o.point),
            normal: arr(o.normal),
            iterations: o.iterations,
            termination: o.termination.as_str(),
            state: Some(o.termination.as_str()),
            angular: Some(angular),
            target: Some(o.target),
            tolerance: Some(o.tolerance),
        }
    }
}

impl From<&CastOutput> for ToiJson {
    fn from(c: &CastOutput) -> Self {
        ToiJson {
            hit: c.hit,
            t: c.t,
            point: arr(c.point),
            normal: arr(c.normal),
            iterations: c.iterations,
            termination: c.termination.as_str(),
            state: None,
            angular: None,
            target: None,
            tolerance: None,
        }
    }
}

/// Time-of-impact traces, with `--trace`, when either shape moves.
#[derive(Clone, Debug, Serialize)]
pub struct ToiTraceJson {
    /// The shape cast that feeds `"toi"`: poses at t = 0, each step, the impact, t = 1.
    pub cast: CastTrace,
    /// Swept SAT on the same motion: its answer and every axis.
    pub swept_sat: SweptOutput,
    pub swept_sat_trace: SweptTrace,
    /// The rotating time of impact that feeds `"toi"` when a shape turns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotating: Option<RotatingToiTrace>,
}

/// Every recorded step, with `--trace`.
#[derive(Clone, Debug, Serialize)]
pub struct TraceJson {
    pub gjk: GjkTrace,
    /// Present when the shapes overlap.
    pub epa: Option<EpaTrace>,
    /// One record per axis tested.
    pub sat: SatTrace,
    /// Features, reference and incident edges, each clip, the points.
    pub manifold: ManifoldTrace,
    /// Present when either shape has a velocity.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toi: Option<ToiTraceJson>,
}

/// Runs the core on one pair.
pub fn pair_report(scene: &Scene, a: &SceneShape, b: &SceneShape, with_trace: bool) -> PairReport {
    let inputs = PairInputs::new(a, b, &scene.settings);
    let mut gjk_trace = with_trace.then(GjkTrace::default);
    let distance = shape_distance(&inputs.distance(), None, gjk_trace.as_mut());
    let mut epa_trace = with_trace.then(EpaTrace::default);
    let pen = penetration(&inputs.penetration(), None, epa_trace.as_mut());
    let overlap = pen.is_some() || distance.distance <= 0.0;
    let mut sat_trace = with_trace.then(SatTrace::default);
    let sat = separating_axis(&inputs.sat(), sat_trace.as_mut());
    let mut manifold_trace = with_trace.then(ManifoldTrace::default);
    let manifold = contact_manifold(
        &inputs.manifold(ManifoldSource::Sat),
        manifold_trace.as_mut(),
    );
    // Time of impact, only when something moves (see `ToiJson` for the choice of the
    // shape cast over swept SAT).
    let moving = inputs.moving();
    let mut cast_trace = (with_trace && moving).then(CastTrace::default);
    let mut rotating_trace = (with_trace && inputs.rotating()).then(RotatingToiTrace::default);
    let toi = if inputs.rotating() {
        let o = time_of_impact(&inputs.rotating_toi(), rotating_trace.as_mut());
        let angular = [inputs.angular_velocity_a, inputs.angular_velocity_b];
        Some(ToiJson::rotating(&o, angular))
    } else {
        moving.then(|| ToiJson::from(&shape_cast(&inputs.cast(), cast_trace.as_mut())))
    };
    let toi_trace = cast_trace.map(|mut cast| {
        if inputs.rotating() {
            // The translational cast of the same pair, for comparison.
            shape_cast(&inputs.cast(), Some(&mut cast));
        }
        let mut swept_sat_trace = SweptTrace::default();
        let swept = swept_sat(&inputs.swept(), Some(&mut swept_sat_trace));
        ToiTraceJson {
            cast,
            swept_sat: swept,
            swept_sat_trace,
            rotating: rotating_trace,
        }
    });
    PairReport {
        a: a.name.clone(),
        b: b.name.clone(),
        distance: DistanceJson::from(&distance),
        overlap,
        penetration: pen
            .as_ref()
            .map(PenetrationJson::from)
            .or_else(|| overlap.then(|| PenetrationJson::touching(&distance))),
        sat: SatJson::from(&sat),
        manifold: ManifoldJson::from_output(&manifold),
        toi,
        trace: gjk_trace.map(|gjk| TraceJson {
            gjk,
            epa: if pen.is_some() { epa_trace } else { None },
            sat: sat_trace.unwrap_or_default(),
            manifold: manifold_trace.unwrap_or_default(),
            toi: toi_trace,
        }),
        peers: None,
        link: None,
    }
}

/// The indices of the shapes named `na` and `nb`, or an error naming the scene's shapes
/// (`label` names the scene).
pub fn find_pair(scene: &Scene, label: &str, na: &str, nb: &str) -> Result<(usize, usize), String> {
    let find = |n: &str| shape_named(scene, label, n);
    let (i, j) = (find(na)?, find(nb)?);
    if i == j {
        return Err(format!(
            "--pair names \"{}\" twice; give two different shapes",
            crate::scene::user_text::shown(na)
        ));
    }
    Ok((i, j))
}

/// The index of the shape named `n`, or an error naming the scene's shapes.
fn shape_named(scene: &Scene, label: &str, n: &str) -> Result<usize, String> {
    scene.shape_index(n).ok_or_else(|| {
        use crate::scene::user_text::shown;
        // At most ten names, each as messages show user text.
        let mut names: Vec<String> = scene
            .shapes
            .iter()
            .take(10)
            .map(|s| shown(&s.name))
            .collect();
        if scene.shapes.len() > 10 {
            names.push(format!("… ({} shapes)", scene.shapes.len()));
        }
        let chains = if scene.chain_index(n).is_some() {
            " (a chain pairs with a shape only)"
        } else {
            ""
        };
        format!(
            "{label}: no shape named \"{}\"{chains}; the scene has: {}",
            shown(n),
            names.join(", ")
        )
    })
}

/// What `--pair A,B` names: two shapes (their indices), or a chain and a shape in
/// either order (the chain's index, then the shape's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamedPair {
    Shapes(usize, usize),
    Chain(usize, usize),
}

/// The pair named `na`, `nb`: two shapes, or a chain and a shape. Two chains are
/// refused (chain against chain is not collided).
pub fn find_named_pair(
    scene: &Scene,
    label: &str,
    na: &str,
    nb: &str,
) -> Result<NamedPair, String> {
    match (scene.chain_index(na), scene.chain_index(nb)) {
        (Some(_), Some(_)) => Err(format!(
            "--pair names two chains (\"{na}\", \"{nb}\"); a chain pairs with a shape only"
        )),
        (Some(c), None) => Ok(NamedPair::Chain(c, shape_named(scene, label, nb)?)),
        (None, Some(c)) => Ok(NamedPair::Chain(c, shape_named(scene, label, na)?)),
        (None, None) => find_pair(scene, label, na, nb).map(|(i, j)| NamedPair::Shapes(i, j)),
    }
}

/// The report of a scene: every pair `i < j` in file order, then every chain against
/// every shape; or only `pair`. Fails when `pair` names a shape the scene does not have.
pub fn scene_report(
    scene: &Scene,
    label: &str,
    pair: Option<(&str, &str)>,
    with_trace: bool,
) -> Result<Report, String> {
    let mut pairs = Vec::new();
    let mut chains = Vec::new();
    match pair {
        Some((na, nb)) => match find_named_pair(scene, label, na, nb)? {
            NamedPair::Shapes(i, j) => pairs.push(pair_report(
                scene,
                &scene.shapes[i],
                &scene.shapes[j],
                with_trace,
            )),
            NamedPair::Chain(c, s) => chains.push(chain_pair_report(scene, c, s)),
        },
        None => {
            for i in 0..scene.shapes.len() {
                for j in i + 1..scene.shapes.len() {
                    pairs.push(pair_report(
                        scene,
                        &scene.shapes[i],
                        &scene.shapes[j],
                        with_trace,
                    ));
                }
            }
            for c in 0..scene.chains.len() {
                chains.extend((0..scene.shapes.len()).map(|s| chain_pair_report(scene, c, s)));
            }
        }
    }
    Ok(Report {
        scene: label.to_string(),
        pairs,
        chains,
        rays: rays_report(scene),
    })
}
