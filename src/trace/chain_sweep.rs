//! The slide sweep of a chain pair: the shape moved in `steps` equal steps along a
//! straight path across the chain (its velocity, or along the chain where it is
//! nearest), and at each pose every segment in reach collided in both modes — smooth
//! (ghost vertices) and naive (two-sided segments) — as the report does
//! ([`segments_in_reach`]).
//!
//! Per pose and mode: the number of contact points over all segments, and the
//! **tilt** of the most tilted contact normal — its signed angle (degrees,
//! counter-clockwise) from its own segment's normal. A shape sliding on a flat run of
//! a chain has tilt 0 in the smooth mode; in the naive mode a seam gives a spike (the
//! ghost bump: a normal turned 90° against the motion). Pure: the scene is not
//! changed.

use super::chain_report::segments_in_reach;
use crate::core::math::point_segment_distance;
use crate::core::settings::ChainMode;
use crate::scene::Scene;
use glam::Vec2;

/// Which pair, along which path, in how many steps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepInput {
    /// The chain's index in [`Scene::chains`].
    pub chain: usize,
    /// The shape's index in [`Scene::shapes`].
    pub shape: usize,
    /// The shape's displacement at the first pose and at the last (world), from its
    /// position in the scene.
    pub from: Vec2,
    pub to: Vec2,
    /// Steps: `steps + 1` poses, from `from` to `to` (at least 1; at most
    /// [`MAX_SWEEP_STEPS`]).
    pub steps: usize,
}

/// The most steps a sweep takes (more are clamped).
pub const MAX_SWEEP_STEPS: usize = 4096;

/// The default number of steps: fine enough to land inside a ghost bump as deep as
/// the scenes' resting shapes (0.01 across a path of about 2).
pub const DEFAULT_SWEEP_STEPS: usize = 256;

/// One mode at one pose.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ModeSample {
    /// Contact points over every segment in reach.
    pub points: usize,
    /// The most tilted contact normal: its tilt from its segment's normal (degrees,
    /// counter-clockwise, in (−180, 180]), the normal (world) and the segment. None
    /// without contact.
    pub tilt: Option<f32>,
    pub normal: Option<Vec2>,
    pub segment: Option<usize>,
}

/// One pose of the sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepSample {
    /// From 0 (first pose) to 1 (last).
    pub t: f32,
    /// The shape's position at this pose.
    pub position: Vec2,
    pub smooth: ModeSample,
    pub naive: ModeSample,
}

/// The sweep: `steps + 1` samples, or none when an index is out of range or the path
/// is not finite.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sweep {
    pub samples: Vec<SweepSample>,
}

impl Sweep {
    /// The largest |tilt| of a mode over the sweep (0 without contacts).
    pub fn max_tilt(&self, mode: ChainMode) -> f32 {
        self.samples
            .iter()
            .filter_map(|s| pick(s, mode).tilt)
            .fold(0.0, |m, t| m.max(t.abs()))
    }

    /// Whether any pose has a contact point in either mode (a sweep that never comes
    /// within the speculative distance of the chain has nothing to plot).
    pub fn touches(&self) -> bool {
        self.samples
            .iter()
            .any(|s| s.smooth.points > 0 || s.naive.points > 0)
    }
}

fn pick(s: &SweepSample, mode: ChainMode) -> &ModeSample {
    match mode {
        ChainMode::Smooth => &s.smooth,
        ChainMode::Naive => &s.naive,
    }
}

/// The sweep of `input` in `scene`.
pub fn chain_sweep(scene: &Scene, input: &SweepInput) -> Sweep {
    if input.chain >= scene.chains.len()
        || input.shape >= scene.shapes.len()
        || !(input.from.is_finite() && input.to.is_finite())
    {
        return Sweep::default();
    }
    let steps = input.steps.clamp(1, MAX_SWEEP_STEPS);
    let start = scene.shapes[input.shape].pose.position;
    let samples = (0..=steps)
        .map(|k| {
            let t = k as f32 / steps as f32;
            let position = start + input.from.lerp(input.to, t);
            let mut inputs = scene.chain_pair(input.chain, input.shape);
            inputs.transform_b.p = position;
            let sample = |mode| mode_sample(&inputs, mode);
            SweepSample {
                t,
                position,
                smooth: sample(ChainMode::Smooth),
                naive: sample(ChainMode::Naive),
            }
        })
        .collect();
    Sweep { samples }
}

/// Every segment in reach in `mode`: the points counted, the most tilted normal kept.
fn mode_sample(inputs: &crate::scene::build::ChainPairInputs, mode: ChainMode) -> ModeSample {
    let mut out = ModeSample::default();
    for entry in segments_in_reach(inputs, mode) {
        let Some(m) = entry.manifold else {
            continue;
        };
        out.points += m.points.len();
        let normal = Vec2::from(m.normal);
        let Some(own) = segment_normal(inputs, entry.segment) else {
            continue;
        };
        let tilt = own.angle_between(normal).to_degrees();
        if out.tilt.is_none_or(|t| tilt.abs() > t.abs()) {
            out.tilt = Some(tilt);
            out.normal = Some(normal);
            out.segment = Some(entry.segment);
        }
    }
    out
}

/// Segment `i`'s one-sided normal in the world (the right perpendicular of a → b).
fn segment_normal(inputs: &crate::scene::build::ChainPairInputs, i: usize) -> Option<Vec2> {
    let s = inputs.chain.segments().get(i)?;
    let e = (s.b - s.a).try_normalize()?;
    Some(inputs.transform_a.q.apply(Vec2::new(e.y, -e.x)))
}

/// The default path of shape `shape` across chain `chain`: its velocity when it has
/// one (from where it is to where it goes in a step); otherwise along the chain where
/// it is nearest, two bounding radii either way (so the sweep's middle pose is the
/// scene's).
pub fn default_sweep_path(scene: &Scene, chain: usize, shape: usize) -> (Vec2, Vec2) {
    let (Some(c), Some(s)) = (scene.chains.get(chain), scene.shapes.get(shape)) else {
        return (Vec2::ZERO, Vec2::ZERO);
    };
    if s.velocity != Vec2::ZERO && s.velocity.is_finite() {
        return (Vec2::ZERO, s.velocity);
    }
    let xf = c.pose.transform();
    let p = s.pose.position;
    let nearest = c
        .segments()
        .iter()
        .map(|seg| (xf.apply(seg.a), xf.apply(seg.b)))
        .min_by(|x, y| {
            let d = |(a, b): &(Vec2, Vec2)| point_segment_distance(p, *a, *b);
            d(x).total_cmp(&d(y))
        });
    let along = nearest
        .and_then(|(a, b)| (b - a).try_normalize())
        .unwrap_or(Vec2::X);
    let reach = 2.0 * s.shape.bounding_radius().max(0.05);
    (-along * reach, along * reach)
}

/// The shape nearest chain `chain` (its position's distance to the chain's segments
/// less its bounding radius): the default shape to slide, since a shape far from the
/// chain sweeps through empty space. None without shapes or without that chain.
pub fn nearest_shape(scene: &Scene, chain: usize) -> Option<usize> {
    let c = scene.chains.get(chain)?;
    let xf = c.pose.transform();
    let segments: Vec<(Vec2, Vec2)> = c
        .segments()
        .iter()
        .map(|seg| (xf.apply(seg.a), xf.apply(seg.b)))
        .collect();
    let gap = |i: usize| {
        let s = &scene.shapes[i];
        let p = s.pose.position;
        let d = segments
            .iter()
            .map(|(a, b)| point_segment_distance(p, *a, *b))
            .fold(f32::INFINITY, f32::min);
        d - s.shape.bounding_radius()
    };
    (0..scene.shapes.len()).min_by(|&x, &y| gap(x).total_cmp(&gap(y)))
}

/// A slide sweep with what it was computed for and its path in words.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SlideSweep {
    pub input: Option<SweepInput>,
    pub sweep: Sweep,
    /// "along its velocity (…)" or "along the chain, from (…) to (…) relative to where it
    /// is".
    pub path: String,
}

/// The sweep of `shape` across `chain` in `steps` steps along [`default_sweep_path`].
pub fn slide_sweep(scene: &Scene, chain: usize, shape: usize, steps: usize) -> SlideSweep {
    let Some(s) = scene.shapes.get(shape) else {
        return SlideSweep::default();
    };
    let (from, to) = default_sweep_path(scene, chain, shape);
    let input = SweepInput {
        chain,
        shape,
        from,
        to,
        steps,
    };
    let path = if s.velocity != Vec2::ZERO {
        format!("along its velocity ({:.3}, {:.3})", to.x, to.y)
    } else {
        format!(
            "along the chain, from ({:+.3}, {:+.3}) to ({:+.3}, {:+.3}) relative to where it is",
            from.x, from.y, to.x, to.y
        )
    };
    SlideSweep {
        input: Some(input),
        sweep: chain_sweep(scene, &input),
        path,
    }
}
