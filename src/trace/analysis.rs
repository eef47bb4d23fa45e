//! What the debugger shows for one pair: every algorithm's result and trace, computed
//! once per change and then read by the draw list, the narration and the panel.

use crate::core::box_box::{box_box, BoxBoxError, BoxBoxOutput, BoxBoxTrace};
use crate::core::consts::DEFAULT_ARC_TOLERANCE;
use crate::core::epa::{penetration, EpaTrace, PenetrationOutput};
use crate::core::gjk::{shape_distance, DistanceInput, DistanceOutput, GjkTrace, SimplexCache};
use crate::core::manifold::{contact_manifold, ManifoldOutput, ManifoldSource, ManifoldTrace};
use crate::core::minkowski::{minkowski_difference, MinkowskiOutline};
use crate::core::quickhull::{quickhull, QuickHull, BOX2D_LINEAR_SLOP};
use crate::core::sat::{separating_axis, SatOutput, SatTrace};
use crate::core::shape::Geometry;
use crate::core::sutherland_hodgman::{overlap_manifold, ClipTrace, OverlapManifold};
use crate::core::toi::rotating::{time_of_impact, RotatingToiOutput, RotatingToiTrace};
use crate::core::toi::shape_cast::{shape_cast, CastOutput, CastTrace};
use crate::core::toi::swept_sat::{swept_sat, SweptOutput, SweptTrace};
use crate::scene::{Scene, SceneShape};
use crate::trace::cast_ray::{cast_ray, CastRay, CastRayRefusal};
use crate::trace::ray_study::{view_ray, RayMethodChoice, RayStudy};
use glam::Vec2;

pub use crate::scene::view_state::Algorithm;

/// Every result for the pair (A, B) of a scene.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Indices of A and B in the scene.
    pub a: usize,
    pub b: usize,
    pub distance: DistanceOutput,
    pub gjk_trace: GjkTrace,
    /// Iterations the same query takes without the cache (when the cache is on).
    pub cold_iterations: Option<u32>,
    /// The cache as GJK left it (empty when the cache is off).
    pub cache: SimplexCache,
    pub penetration: Option<PenetrationOutput>,
    /// The GJK run inside the penetration query, then the EPA steps.
    pub epa_gjk_trace: GjkTrace,
    pub epa_trace: EpaTrace,
    pub minkowski: MinkowskiOutline,
    /// Swept SAT over the step t ∈ [0, 1] with the shapes' velocities.
    pub swept: SweptOutput,
    pub swept_trace: SweptTrace,
    /// The general shape cast (conservative advancement) over the same step.
    pub cast: CastOutput,
    pub cast_trace: CastTrace,
    /// The same cast as a GJK ray cast from the origin along `−v` against B − A
    /// (configuration space; [`crate::trace::cast_ray`]), or why it was not run.
    pub cast_ray: Result<CastRay, CastRayRefusal>,
    /// The time of impact with the shapes turning too (their angular velocities).
    pub rotating: RotatingToiOutput,
    pub rotating_trace: RotatingToiTrace,
    pub sat: SatOutput,
    pub sat_trace: SatTrace,
    /// The contact manifold with EPA's normal, and with SAT's.
    pub manifold_epa: ManifoldOutput,
    pub manifold_epa_trace: ManifoldTrace,
    pub manifold_sat: ManifoldOutput,
    pub manifold_sat_trace: ManifoldTrace,
    /// Sutherland–Hodgman: A's core clipped by B's edges (None unless both have ≥ 3
    /// vertices), and the overlap-region manifold.
    pub clip: Option<OverlapManifold>,
    pub clip_trace: ClipTrace,
    /// Box2D-Lite box–box (an error when either shape is not a box).
    pub box_box: Result<BoxBoxOutput, BoxBoxError>,
    pub box_box_trace: BoxBoxTrace,
    /// Box2D's hull builder on A's raw points ([`hull_points`]), local frame.
    pub hull: QuickHull,
    /// Those points (A's local frame).
    pub hull_input: Vec<Vec2>,
    /// A's pose: the builder runs in A's frame, as Box2D's does; words and pictures
    /// show world points.
    pub hull_pose: crate::core::math::Transform,
    /// A scene ray against shape A, stepped (None when the scene has no rays). The
    /// ray and the method the scene's view names; the app sets its own choice with
    /// [`Analysis::study_ray`].
    pub ray: Option<RayStudy>,
}

/// Sutherland–Hodgman on the pair (None unless both have ≥ 3 vertices), traced.
fn overlap_clip(
    sa: &SceneShape,
    sb: &SceneShape,
    inputs: &crate::scene::build::PairInputs,
    normal: Vec2,
) -> (Option<OverlapManifold>, ClipTrace) {
    let mut trace = ClipTrace::default();
    let clip = (sa.shape.vertices().len() >= 3 && sb.shape.vertices().len() >= 3).then(|| {
        overlap_manifold(
            &sa.shape,
            &inputs.pair.transform_a,
            &sb.shape,
            &inputs.pair.transform_b,
            normal,
            Some(&mut trace),
        )
    });
    (clip, trace)
}

/// The points Box2D's hull builder is shown on for a shape: the raw points it was
/// built from (`hull_of`), else a polygon's points as written, a box's corners, or
/// the core's one or two vertices (too few for a hull: the builder says so).
pub fn hull_points(s: &SceneShape) -> Vec<Vec2> {
    if let Some(points) = &s.hull_of {
        return points.clone();
    }
    match s.shape.geometry() {
        Geometry::Polygon { points, .. } => points.clone(),
        _ => s.shape.vertices().to_vec(),
    }
}

impl Analysis {
    /// Runs every algorithm on shapes `a` and `b` of `scene` with traces on.
    /// `cache`: the warm-start cache carried between recomputations (used and
    /// rewritten when `scene.settings.use_cache` is on).
    pub fn compute(scene: &Scene, a: usize, b: usize, cache: &mut SimplexCache) -> Analysis {
        let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
        let inputs = scene.pair(a, b);
        let (xa, xb) = (inputs.pair.transform_a, inputs.pair.transform_b);
        let (distance, gjk_trace, cold_iterations) =
            run_gjk(&inputs.distance(), scene.settings.use_cache, cache);
        let mut epa_gjk_trace = GjkTrace::default();
        let mut epa_trace = EpaTrace::default();
        let pen = penetration(
            &inputs.penetration(),
            Some(&mut epa_gjk_trace),
            Some(&mut epa_trace),
        );
        let minkowski = minkowski_difference(
            &sa.shape,
            &xa,
            &sb.shape,
            &xb,
            minkowski_tolerance(scene, a, b),
        );
        let (swept, swept_trace) = traced(|t| swept_sat(&inputs.swept(), Some(t)));
        let (cast, cast_trace) = traced(|t| shape_cast(&inputs.cast(), Some(t)));
        let cast_ray = cast_ray(&minkowski, sb.velocity - sa.velocity);
        let (rotating, rotating_trace) =
            traced(|t| time_of_impact(&inputs.rotating_toi(), Some(t)));
        let (sat, sat_trace) = traced(|t| separating_axis(&inputs.sat(), Some(t)));
        let (manifold_epa, manifold_epa_trace) =
            traced(|t| contact_manifold(&inputs.manifold(ManifoldSource::Epa), Some(t)));
        let (manifold_sat, manifold_sat_trace) =
            traced(|t| contact_manifold(&inputs.manifold(ManifoldSource::Sat), Some(t)));
        // The overlap manifold pushes B's points out along the penetration normal (or
        // the separating direction when apart).
        let normal = pen
            .map(|p| p.normal)
            .or(distance.normal)
            .unwrap_or(sat.normal);
        let (clip, clip_trace) = overlap_clip(sa, sb, &inputs, normal);
        let (box_box, box_box_trace) = traced(|t| box_box(&inputs.box_box(), Some(t)));
        let hull_input = hull_points(sa);
        let hull = quickhull(&hull_input, BOX2D_LINEAR_SLOP);
        Analysis {
            a,
            b,
            distance,
            gjk_trace,
            cold_iterations,
            cache: *cache,
            penetration: pen,
            epa_gjk_trace,
            epa_trace,
            minkowski,
            swept,
            swept_trace,
            cast,
            cast_trace,
            cast_ray,
            rotating,
            rotating_trace,
            sat,
            sat_trace,
            manifold_epa,
            manifold_epa_trace,
            manifold_sat,
            manifold_sat_trace,
            clip,
            clip_trace,
            box_box,
            box_box_trace,
            hull,
            hull_input,
            hull_pose: xa,
            ray: RayStudy::of(
                scene,
                view_ray(scene),
                a,
                RayMethodChoice::from_name(&scene.view.ray_method).unwrap_or_default(),
            ),
        }
    }

    /// Number of steps the stepper offers for `algorithm` (at least 1).
    pub fn step_count(&self, algorithm: Algorithm) -> usize {
        let n = match algorithm {
            Algorithm::Gjk => self.gjk_trace.steps.len(),
            Algorithm::Epa => self.epa_gjk_trace.steps.len() + self.epa_trace.steps.len(),
            // One step per axis, then the decision.
            Algorithm::Toi => self.swept_trace.axes.len() + 1,
            Algorithm::Cast => self.cast_trace.steps.len(),
            Algorithm::Sat => self.sat_trace.axes.len() + 1,
            // Features and normal, reference/incident, each clip, the points.
            Algorithm::Manifold => {
                let (_, t) = self.manifold(ManifoldSource::Epa);
                let (_, u) = self.manifold(ManifoldSource::Sat);
                manifold_steps(t).max(manifold_steps(u))
            }
            Algorithm::Clip => self.clip_trace.edges.len() + 1,
            // Face axes, reference face, incident face, each clip, the points.
            Algorithm::BoxBox => match &self.box_box {
                Ok(_) => 3 + self.box_box_trace.clips.len() + 1,
                Err(_) => 1,
            },
            // Each builder step, then the hull.
            Algorithm::Hull => self.hull.steps.len() + 1,
            // Each distance and each push-back, then the answer.
            Algorithm::Rotating => rotating_steps(&self.rotating_trace).len() + 1,
            // Each record of the cast, then the answer.
            Algorithm::Ray => self.ray.as_ref().map_or(1, |r| r.steps.len()),
        };
        n.max(1)
    }

    /// How `algorithm` ended on this pair, as the name used in reports and in a
    /// scene's `expect` section: GJK's and EPA's termination (`none` for EPA on
    /// separated shapes), SAT's and the clipping's outcome, box–box's outcome
    /// (`not_boxes` for other shapes), swept SAT's and the cast's termination.
    pub fn termination(&self, algorithm: Algorithm, source: ManifoldSource) -> &'static str {
        match algorithm {
            Algorithm::Gjk => self.distance.termination.as_str(),
            Algorithm::Epa => self
                .penetration
                .map(|p| p.termination.as_str())
                .unwrap_or("none"),
            Algorithm::Sat => self.sat.outcome.as_str(),
            Algorithm::Manifold => self.manifold(source).0.outcome.as_str(),
            Algorithm::Clip => self
                .clip
                .as_ref()
                .map(|c| c.outcome.as_str())
                .unwrap_or("not_polygons"),
            Algorithm::BoxBox => match &self.box_box {
                Ok(o) => o.outcome.as_str(),
                Err(_) => "not_boxes",
            },
            Algorithm::Toi => self.swept.termination.as_str(),
            Algorithm::Cast => self.cast.termination.as_str(),
            Algorithm::Rotating => self.rotating.state.as_str(),
            Algorithm::Hull => match &self.hull.hull {
                Ok(_) => "hull",
                Err(f) => f.name(),
            },
            Algorithm::Ray => self
                .ray
                .as_ref()
                .map_or("no_ray", |r| r.output.status.as_str()),
        }
    }

    /// Casts ray `ray` of `scene` against shape A with `method` (the app's choice);
    /// no study when the index is out of range.
    pub fn study_ray(&mut self, scene: &Scene, ray: usize, method: RayMethodChoice) {
        self.ray = RayStudy::of(scene, ray, self.a, method);
    }

    /// The manifold computed with `source`'s normal, and its trace.
    pub fn manifold(&self, source: ManifoldSource) -> (&ManifoldOutput, &ManifoldTrace) {
        match source {
            ManifoldSource::Epa => (&self.manifold_epa, &self.manifold_epa_trace),
            ManifoldSource::Sat => (&self.manifold_sat, &self.manifold_sat_trace),
        }
    }

    /// A point of the hull builder's (A's frame) in world space.
    pub fn hull_world(&self, p: Vec2) -> Vec2 {
        self.hull_pose.apply(p)
    }

    /// For the EPA algorithm: which phase step `k` is in.
    pub fn epa_phase(&self, k: usize) -> EpaPhase {
        let g = self.epa_gjk_trace.steps.len();
        if k < g {
            EpaPhase::Gjk(k)
        } else {
            EpaPhase::Epa(k - g)
        }
    }
}

/// A step of the rotating time of impact: an outer iteration's distance at `t1`
/// (`push: None`) or one of its push-backs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RotatingStep {
    pub iteration: usize,
    pub push: Option<usize>,
}

/// The rotating time of impact's steps, in order (the answer follows them).
pub fn rotating_steps(t: &RotatingToiTrace) -> Vec<RotatingStep> {
    let mut steps = Vec::new();
    for (i, it) in t.iterations.iter().enumerate() {
        steps.push(RotatingStep {
            iteration: i,
            push: None,
        });
        for p in 0..it.pushes.len() {
            steps.push(RotatingStep {
                iteration: i,
                push: Some(p),
            });
        }
    }
    steps
}

/// Steps of a manifold trace: features and normal, reference and incident edges
/// (segment–segment only), one per clip, then the points.
pub fn manifold_steps(t: &ManifoldTrace) -> usize {
    if t.feature_a.is_none() {
        return 1;
    }
    let reference = usize::from(t.reference.is_some());
    1 + reference + t.clips.len() + 1
}

/// What a manifold step shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManifoldPhase {
    Features,
    ReferenceIncident,
    Clip(usize),
    Points,
}

/// The phase of manifold step `k`.
pub fn manifold_phase(t: &ManifoldTrace, k: usize) -> ManifoldPhase {
    if t.feature_a.is_none() {
        return ManifoldPhase::Points;
    }
    let mut k = k;
    if k == 0 {
        return ManifoldPhase::Features;
    }
    k -= 1;
    if t.reference.is_some() {
        if k == 0 {
            return ManifoldPhase::ReferenceIncident;
        }
        k -= 1;
    }
    if k < t.clips.len() {
        ManifoldPhase::Clip(k)
    } else {
        ManifoldPhase::Points
    }
}

/// A step of the GJK + EPA algorithm: first the GJK steps, then the EPA steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpaPhase {
    Gjk(usize),
    Epa(usize),
}

/// GJK with its trace: warm-started from `cache` (and the iterations of the same
/// query run cold) when `use_cache` is on; else cold, with `cache` emptied.
fn run_gjk(
    input: &DistanceInput,
    use_cache: bool,
    cache: &mut SimplexCache,
) -> (DistanceOutput, GjkTrace, Option<u32>) {
    let mut gjk_trace = GjkTrace::default();
    let (distance, cold_iterations) = if use_cache {
        let d = shape_distance(input, Some(cache), Some(&mut gjk_trace));
        let cold = shape_distance(input, None, None);
        (d, Some(cold.iterations))
    } else {
        *cache = SimplexCache::default();
        (shape_distance(input, None, Some(&mut gjk_trace)), None)
    };
    (distance, gjk_trace, cold_iterations)
}

/// Runs `query` with a fresh trace; its output and the trace.
#[inline]
fn traced<T: Default, O>(query: impl FnOnce(&mut T) -> O) -> (O, T) {
    let mut trace = T::default();
    let out = query(&mut trace);
    (out, trace)
}

/// Arc tolerance for the Minkowski outline: a thousandth of the shapes' size.
/// The arc tolerance of B − A's outline for the pair: 2e-3 of the shapes' size.
pub fn minkowski_tolerance(scene: &Scene, a: usize, b: usize) -> f32 {
    let size = scene.shapes[a].shape.bounding_radius() + scene.shapes[b].shape.bounding_radius();
    (size * DEFAULT_ARC_TOLERANCE).max(1.0e-6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;

    #[test]
    fn names_round_trip() {
        for a in Algorithm::ALL {
            assert_eq!(Algorithm::from_name(a.name()), Some(a));
        }
        assert_eq!(Algorithm::from_name("box-box"), Some(Algorithm::BoxBox));
        assert!(Algorithm::try_from("nope".to_string())
            .unwrap_err()
            .contains("gjk, epa"));
    }

    #[test]
    fn epa_steps_follow_gjk_steps() {
        let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        let mut cache = SimplexCache::default();
        let an = Analysis::compute(&scene, 0, 1, &mut cache);
        assert!(
            an.penetration.is_some(),
            "A and B overlap in the default scene"
        );
        let g = an.epa_gjk_trace.steps.len();
        assert_eq!(an.step_count(Algorithm::Epa), g + an.epa_trace.steps.len());
        assert_eq!(an.epa_phase(g), EpaPhase::Epa(0));
        assert_eq!(an.epa_phase(0), EpaPhase::Gjk(0));
    }
}
