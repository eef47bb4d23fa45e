//! The one builder from a scene pair to the core's query inputs. The analysis behind
//! the debugger, the JSON report and the fuzzer all go through it, so a setting or a
//! pose reaches every query the same way.

use super::{Scene, SceneChain, SceneShape};
use crate::core::box_box::BoxBoxInput;
use crate::core::chain::ChainSegmentInput;
use crate::core::consts::DEFAULT_CAST_MAX_ITERATIONS;
use crate::core::epa::PenetrationInput;
use crate::core::gjk::DistanceInput;
use crate::core::manifold::{ManifoldInput, ManifoldSource};
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::raycast::{RayCastInput, RayInput};
use crate::core::sat::SatInput;
use crate::core::settings::Settings;
use crate::core::shape::Shape;
use crate::core::toi::rotating::{RotatingToiInput, Sweep, ToiTarget};
use crate::core::toi::shape_cast::CastInput;
use crate::core::toi::swept_sat::SweptInput;
use glam::Vec2;

/// Shape A and shape B placed in the world, with their velocities and the settings
/// the queries run with. Every `*_input` of the core is made from this.
#[derive(Clone, Copy, Debug)]
pub struct PairInputs<'a> {
    /// Shape A and shape B with their poses, made once: every input carries it.
    pub pair: PosedPair<'a>,
    /// Displacement of A over the step (TOI queries).
    pub velocity_a: Vec2,
    pub velocity_b: Vec2,
    /// Turns over the step (radians, counter-clockwise about each shape's position).
    pub angular_velocity_a: f32,
    pub angular_velocity_b: f32,
    pub settings: &'a Settings,
}

impl Scene {
    /// Ray `r` of this scene against shape `s`, as the core's ray-cast input (the
    /// whole ray, `max_fraction` 1). Panics if an index is out of range.
    pub fn ray_input(&self, r: usize, s: usize) -> RayCastInput<'_> {
        let ray = &self.rays[r];
        let shape = &self.shapes[s];
        RayCastInput::new(
            &shape.shape,
            shape.pose.transform(),
            RayInput::new(ray.origin, ray.translation),
        )
    }

    /// Shapes `a` and `b` of this scene as query inputs, with the scene's settings.
    /// Panics if an index is out of range (callers index shapes they listed).
    pub fn pair(&self, a: usize, b: usize) -> PairInputs<'_> {
        PairInputs::new(&self.shapes[a], &self.shapes[b], &self.settings)
    }
}

/// A chain (A) and a shape (B) placed in the world, with the settings: one query
/// input per segment, in the chain's segment order.
#[derive(Clone, Copy, Debug)]
pub struct ChainPairInputs<'a> {
    pub chain: &'a SceneChain,
    /// The chain's pose (A).
    pub transform_a: Transform,
    pub shape: &'a Shape,
    /// The shape's pose (B).
    pub transform_b: Transform,
    pub settings: &'a Settings,
}

impl Scene {
    /// Chain `c` of this scene against shape `s`, with the scene's settings. Panics if
    /// an index is out of range (callers index chains and shapes they listed).
    pub fn chain_pair(&self, c: usize, s: usize) -> ChainPairInputs<'_> {
        let (chain, shape) = (&self.chains[c], &self.shapes[s]);
        ChainPairInputs {
            chain,
            transform_a: chain.pose.transform(),
            shape: &shape.shape,
            transform_b: shape.pose.transform(),
            settings: &self.settings,
        }
    }
}

impl<'a> ChainPairInputs<'a> {
    /// How many segments the chain has.
    pub fn segment_count(&self) -> usize {
        self.chain.segments().len()
    }

    /// Segment `i` with its ghosts against the shape (the smooth mode).
    pub fn segment(&self, i: usize) -> Option<ChainSegmentInput<'a>> {
        let segment = self.chain.segments().get(i)?;
        Some(ChainSegmentInput::new(self.posed(segment)).with_settings(self.settings))
    }

    /// Segment `i` as a two-sided segment shape (A) against the shape (B), through the
    /// ordinary contact manifold with the SAT normal, as the report's pairs (the naive
    /// mode).
    pub fn naive_segment(&self, i: usize) -> Option<ManifoldInput<'a>> {
        let segment = self.chain.segment_shape(i)?;
        Some(ManifoldInput::new(
            self.posed(segment),
            self.settings,
            ManifoldSource::Sat,
        ))
    }

    /// The GJK distance between segment `i` (no ghosts) and the rounded shape.
    pub fn segment_distance(&self, i: usize) -> Option<DistanceInput<'a>> {
        Some(DistanceInput {
            pair: self.posed(self.chain.segment_shape(i)?),
            use_radii: true,
            max_iterations: self.settings.gjk_max_iterations,
        })
    }

    /// A chain piece `a` (a segment with its ghosts, or its shape) at the chain's pose,
    /// against the shape.
    fn posed<A: ?Sized>(&self, a: &'a A) -> PosedPair<'a, A> {
        PosedPair::new(a, self.transform_a, self.shape, self.transform_b)
    }
}

impl<'a> PairInputs<'a> {
    pub fn new(a: &'a SceneShape, b: &'a SceneShape, settings: &'a Settings) -> Self {
        PairInputs {
            pair: PosedPair::new(&a.shape, a.pose.transform(), &b.shape, b.pose.transform()),
            velocity_a: a.velocity,
            velocity_b: b.velocity,
            angular_velocity_a: a.angular_velocity,
            angular_velocity_b: b.angular_velocity,
            settings,
        }
    }

    /// The same pair with A and B exchanged (the argument-order checks).
    pub fn swapped(&self) -> Self {
        PairInputs {
            pair: self.pair.swapped(),
            velocity_a: self.velocity_b,
            velocity_b: self.velocity_a,
            angular_velocity_a: self.angular_velocity_b,
            angular_velocity_b: self.angular_velocity_a,
            settings: self.settings,
        }
    }

    /// Whether either shape moves (or turns) over the step.
    pub fn moving(&self) -> bool {
        self.velocity_a != Vec2::ZERO || self.velocity_b != Vec2::ZERO || self.rotating()
    }

    /// Whether either shape turns over the step.
    pub fn rotating(&self) -> bool {
        self.angular_velocity_a != 0.0 || self.angular_velocity_b != 0.0
    }

    /// Both motions as sweeps over t ∈ [0, 1].
    pub fn sweeps(&self) -> (Sweep, Sweep) {
        let sweep = |xf: &Transform, v: Vec2, w: f32| Sweep::new(xf.p, xf.q.angle(), v, w);
        (
            sweep(
                &self.pair.transform_a,
                self.velocity_a,
                self.angular_velocity_a,
            ),
            sweep(
                &self.pair.transform_b,
                self.velocity_b,
                self.angular_velocity_b,
            ),
        )
    }

    /// The rotating time of impact over the whole step, touching as the target.
    pub fn rotating_toi(&self) -> RotatingToiInput<'a> {
        let (sweep_a, sweep_b) = self.sweeps();
        RotatingToiInput {
            shape_a: self.pair.shape_a,
            sweep_a,
            shape_b: self.pair.shape_b,
            sweep_b,
            t_max: 1.0,
            target: ToiTarget::Touch,
        }
    }

    /// GJK distance between the rounded shapes.
    pub fn distance(&self) -> DistanceInput<'a> {
        DistanceInput {
            pair: self.pair,
            use_radii: true,
            max_iterations: self.settings.gjk_max_iterations,
        }
    }

    /// GJK + EPA penetration.
    pub fn penetration(&self) -> PenetrationInput<'a> {
        PenetrationInput {
            pair: self.pair,
            gjk_max_iterations: self.settings.gjk_max_iterations,
            epa_tolerance: self.settings.epa_tolerance,
            epa_max_iterations: self.settings.epa_max_iterations,
        }
    }

    /// The separating-axis test.
    pub fn sat(&self) -> SatInput<'a> {
        SatInput {
            pair: self.pair,
            bias: self.settings.sat_bias,
        }
    }

    /// The clipping manifold with the normal from `source`.
    pub fn manifold(&self, source: ManifoldSource) -> ManifoldInput<'a> {
        ManifoldInput::new(self.pair, self.settings, source)
    }

    /// Box2D-Lite's box–box contact.
    pub fn box_box(&self) -> BoxBoxInput<'a> {
        BoxBoxInput {
            pair: self.pair,
            speculative_distance: self.settings.speculative_distance,
        }
    }

    /// Swept SAT over the step.
    pub fn swept(&self) -> SweptInput<'a> {
        SweptInput {
            pair: self.pair,
            velocity_a: self.velocity_a,
            velocity_b: self.velocity_b,
        }
    }

    /// The conservative-advancement shape cast over the step.
    pub fn cast(&self) -> CastInput<'a> {
        CastInput {
            pair: self.pair,
            velocity_a: self.velocity_a,
            velocity_b: self.velocity_b,
            max_iterations: DEFAULT_CAST_MAX_ITERATIONS,
            gjk_max_iterations: self.settings.gjk_max_iterations,
        }
    }

    /// The shapes' cores (vertices without the radius) in world space, A then B.
    pub fn world_cores(&self) -> (Vec<Vec2>, Vec<Vec2>) {
        let place = |s: &Shape, x: &Transform| s.vertices().iter().map(|v| x.apply(*v)).collect();
        (
            place(self.pair.shape_a, &self.pair.transform_a),
            place(self.pair.shape_b, &self.pair.transform_b),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::core::gjk::shape_distance;
    use crate::scene::parse_scene;

    #[test]
    fn the_builder_places_the_shapes_and_carries_the_settings() {
        let mut scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        scene.settings.gjk_max_iterations = 7;
        let p = scene.pair(0, 1);
        let d = p.distance();
        assert_eq!(d.max_iterations, 7);
        assert_eq!(d.pair.transform_a, scene.shapes[0].pose.transform());
        let s = p.swapped();
        assert!(std::ptr::eq(s.pair.shape_a, &scene.shapes[1].shape));
        // The swapped pair measures the same distance.
        let (d1, d2) = (
            shape_distance(&p.distance(), None, None).distance,
            shape_distance(&s.distance(), None, None).distance,
        );
        assert!((d1 - d2).abs() <= 1e-5 * d1.abs().max(1.0), "{d1} vs {d2}");
    }
}
