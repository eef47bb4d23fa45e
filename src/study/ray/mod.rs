//! One ray against one shape, stepped: the algorithm `ray` of the debugger. The
//! cast of a scene ray against shape A of the pair, with the exact function of A's
//! kind (Box2D's clip for a polygon, closest approach for circles, the crossing of
//! each flat piece) or with the general GJK ray cast, and the order in which its
//! records are shown one step at a time.

mod draw;
mod narrate;

pub use draw::ray_layer;
pub use narrate::{ray_rows, ray_step};

use super::{of, Study, StudyCx};
use crate::core::raycast::{ray_cast, ray_cast_gjk, RayCastOutput, RayInput, RayMethod, RayTrace};
use crate::scene::Scene;
use crate::trace::rays::view_ray;
use crate::view::draw::{DrawList, LayerId};

/// Which method casts the stepped ray.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RayMethodChoice {
    /// The exact function of the shape's kind (`ray_cast`).
    #[default]
    Exact,
    /// The GJK ray cast (`ray_cast_gjk`), for any shape.
    Gjk,
}

impl RayMethodChoice {
    /// The name in a scene's view (`ray_method`): `exact` (also empty) or `gjk`.
    pub fn from_name(name: &str) -> Option<RayMethodChoice> {
        match name {
            "" | "exact" => Some(RayMethodChoice::Exact),
            "gjk" => Some(RayMethodChoice::Gjk),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            RayMethodChoice::Exact => "exact",
            RayMethodChoice::Gjk => "gjk",
        }
    }
}

/// One step of the stepped ray cast: a record of the trace, or the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayStep {
    /// A flat piece tried (`trace.flats[i]`): a capsule side, a segment, a rounded
    /// polygon's edge pushed out.
    Flat(usize),
    /// A circle tried (`trace.circles[i]`): the circle, a cap, a rounded corner.
    Circle(usize),
    /// An edge plane of the polygon clip (`trace.clip[i]`).
    Clip(usize),
    /// An iteration of a GJK march (`trace.gjk[i]`).
    Gjk(usize),
    /// The answer.
    Answer,
}

/// The stepped cast of ray `ray` against shape `shape`.
#[derive(Clone, Debug)]
pub struct SteppedRay {
    /// Indices in the scene's rays and shapes.
    pub ray: usize,
    pub shape: usize,
    pub method: RayMethodChoice,
    /// The world ray as cast.
    pub input: RayInput,
    pub output: RayCastOutput,
    pub trace: RayTrace,
    /// The steps in the order shown: the flat pieces, then the circles (a capsule
    /// tries its sides before its caps; a rounded polygon each corner's circle and
    /// then the edge after it), the clip planes or the GJK iterations, then the
    /// answer.
    pub steps: Vec<RayStep>,
}

impl SteppedRay {
    /// Casts ray `ray` of `scene` against shape `shape` with `method`, traced. None
    /// when either index is out of range.
    pub fn of(
        scene: &Scene,
        ray: usize,
        shape: usize,
        method: RayMethodChoice,
    ) -> Option<SteppedRay> {
        if ray >= scene.rays.len() || shape >= scene.shapes.len() {
            return None;
        }
        let input = scene.ray_input(ray, shape);
        let mut trace = RayTrace::default();
        let output = match method {
            RayMethodChoice::Exact => ray_cast(&input, Some(&mut trace)),
            RayMethodChoice::Gjk => ray_cast_gjk(&input, Some(&mut trace)),
        };
        let steps = steps_of(&trace);
        Some(SteppedRay {
            ray,
            shape,
            method,
            input: input.ray,
            output,
            trace,
            steps,
        })
    }

    /// Step `k` (the answer past the last record).
    pub fn step(&self, k: usize) -> RayStep {
        self.steps.get(k).copied().unwrap_or(RayStep::Answer)
    }
}

/// The trace's records in the order they are shown, then the answer.
fn steps_of(t: &RayTrace) -> Vec<RayStep> {
    let mut steps = Vec::new();
    if t.method == RayMethod::RoundedPolygon && t.circles.len() == t.flats.len() {
        // The rounded polygon tries, vertex by vertex, the corner's circle and then
        // the edge after it.
        for i in 0..t.flats.len() {
            steps.extend([RayStep::Circle(i), RayStep::Flat(i)]);
        }
    } else {
        steps.extend((0..t.flats.len()).map(RayStep::Flat));
        steps.extend((0..t.circles.len()).map(RayStep::Circle));
    }
    steps.extend((0..t.clip.len()).map(RayStep::Clip));
    steps.extend((0..t.gjk.len()).map(RayStep::Gjk));
    steps.push(RayStep::Answer);
    steps
}

/// The algorithm `ray`: a scene ray against shape A, stepped (no cast when the scene
/// has no rays).
#[derive(Clone, Debug)]
pub struct RayStudy {
    pub cast: Option<SteppedRay>,
}

impl RayStudy {
    /// Ray `ray` of `scene` against shape `shape` with `method`.
    pub fn of(scene: &Scene, ray: usize, shape: usize, method: RayMethodChoice) -> RayStudy {
        RayStudy {
            cast: SteppedRay::of(scene, ray, shape, method),
        }
    }

    /// The ray and the method the scene's view names, against shape `shape`.
    pub fn of_view(scene: &Scene, shape: usize) -> RayStudy {
        let method = RayMethodChoice::from_name(&scene.view.ray_method).unwrap_or_default();
        RayStudy::of(scene, view_ray(scene), shape, method)
    }
}

impl Study for RayStudy {
    /// Each record of the cast, then the answer.
    fn step_count(&self) -> usize {
        self.cast.as_ref().map_or(1, |r| r.steps.len())
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        self.cast
            .as_ref()
            .map_or("no_ray", |r| r.output.termination.as_str())
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        format!("record {}", of(step, self.step_count().max(1)))
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        if let Some(cast) = &self.cast {
            out.push(LayerId::RayCast, ray_layer(cx.scene, cast, step));
        }
    }

    fn narrate(&self, _cx: &StudyCx, step: usize) -> String {
        ray_step(self, step)
    }

    /// One ray and one shape.
    fn numbers(&self, _cx: &StudyCx, step: usize) -> Vec<(String, String)> {
        let mut rows = Vec::new();
        if let Some(cast) = &self.cast {
            ray_rows(cast, step, &mut rows);
        }
        rows
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::RayCast, LayerId::Rays]
    }

    fn stepped_ray(&self) -> Option<usize> {
        self.cast.as_ref().map(|c| c.ray)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::raycast::RayFeature;
    use crate::trace::rays::{first_meets, view_ray, RayMeets};

    fn scene() -> Scene {
        crate::scene::parse_scene(
            r#"(
                version: 1,
                shapes: [
                    (name: "A", geometry: Box(half_extents: (1.0, 1.0)), position: (0.0, 0.0), angle: 0.0),
                    (name: "B", geometry: Circle(radius: 0.5), position: (5.0, 0.0), angle: 0.0),
                ],
                rays: [(name: "R", origin: (-3.0, 0.25), translation: (6.0, 0.0))],
            )"#,
            "t.ron",
        )
        .expect("scene")
    }

    #[test]
    fn polygon_steps_are_the_edge_planes_then_the_answer() {
        let s = scene();
        let st = SteppedRay::of(&s, 0, 0, RayMethodChoice::Exact).expect("study");
        assert_eq!(st.trace.clip.len(), 4);
        assert_eq!(st.steps.len(), 5);
        assert_eq!(st.step(0), RayStep::Clip(0));
        assert_eq!(st.step(99), RayStep::Answer);
        assert!(st.output.hit);
        // Enters the left face x = −1 at f = 2/6.
        assert!((st.output.fraction - 2.0 / 6.0).abs() < 1e-6);
        assert!(matches!(st.output.feature, RayFeature::Edge(_)));
    }

    #[test]
    fn gjk_steps_are_the_iterations() {
        let s = scene();
        let st = SteppedRay::of(&s, 0, 0, RayMethodChoice::Gjk).expect("study");
        assert!(!st.trace.gjk.is_empty());
        assert_eq!(st.steps.len(), st.trace.gjk.len() + 1);
        assert!((st.output.fraction - 2.0 / 6.0).abs() < 1e-4);
    }

    #[test]
    fn out_of_range_is_none_and_names_parse() {
        let s = scene();
        assert!(SteppedRay::of(&s, 1, 0, RayMethodChoice::Exact).is_none());
        assert!(SteppedRay::of(&s, 0, 2, RayMethodChoice::Exact).is_none());
        assert_eq!(RayMethodChoice::from_name(""), Some(RayMethodChoice::Exact));
        assert_eq!(
            RayMethodChoice::from_name("gjk"),
            Some(RayMethodChoice::Gjk)
        );
        assert_eq!(RayMethodChoice::from_name("GJK"), None);
        assert_eq!(view_ray(&s), 0);
    }

    #[test]
    fn first_meets_names_the_first_shape_the_inside_and_the_misses() {
        let mut s = scene();
        assert!(
            matches!(first_meets(&s)[0], RayMeets::Hit(0, o) if (o.fraction - 2.0 / 6.0).abs() < 1e-6)
        );
        let r = |o: (f32, f32), t: (f32, f32)| crate::scene::rays::SceneRay {
            name: format!("{o:?}"),
            origin: glam::Vec2::new(o.0, o.1),
            translation: glam::Vec2::new(t.0, t.1),
        };
        s.rays = vec![r((0.0, 0.0), (3.0, 0.0)), r((0.0, 3.0), (1.0, 0.0))];
        let m = first_meets(&s);
        assert!(
            matches!(m[0], RayMeets::Inside(0, o) if o.exit_fraction == Some(1.0 / 3.0)),
            "{m:?}"
        );
        assert_eq!(m[1], RayMeets::Nothing);
    }
}
