//! The ray in the shape's local frame ([`LocalRay`]): validation, the frame change,
//! the reach, and the outputs built back in world space; and the one place where the
//! conventions of the module docs turn a line's crossings into an answer
//! ([`LocalRay::finish`]).

use super::point::{locate, Side};
use super::types::{RayCastInput, RayCastOutput, RayFeature, RayTermination};
use crate::core::consts::{RAY_MAX_COORDINATE, RAY_MIN_TRANSLATION_SQUARED, RAY_REACH_MARGIN};
use glam::{Vec2, Vec4};

/// The outward normal at a crossing, as it is known when the crossing is found: a
/// flat piece's unit normal, or an arc's centre, radius and the offset of the
/// crossing from the centre (of length `radius`, from `circle.rs`'s decomposition)
/// — the arc's unit normal, `offset / radius`, is formed only for the crossing the
/// answer uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Normal {
    Flat(Vec2),
    Arc {
        center: Vec2,
        radius: f32,
        offset: Vec2,
    },
}

/// Where the ray's line crosses the shape's boundary: the fraction (of the
/// translation; any sign), the feature, and its normal (local frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Crossing {
    pub fraction: f32,
    pub feature: RayFeature,
    pub normal: Normal,
}

impl Crossing {
    /// The outward direction at the crossing, not normalised (an arc's: from its
    /// centre to the crossing) — enough for a sign test.
    #[inline]
    pub fn direction(&self) -> Vec2 {
        match self.normal {
            Normal::Flat(n) => n,
            Normal::Arc { offset, .. } => offset,
        }
    }

    /// The unit outward normal, and the surface point of an arc (a flat piece takes
    /// the ray's own point). A radius-0 arc (a point shape) faces the ray.
    #[inline(always)]
    pub fn resolve(&self, ray: &LocalRay) -> (Vec2, Option<Vec2>) {
        match self.normal {
            Normal::Flat(n) => (n, None),
            Normal::Arc {
                center,
                radius,
                offset,
            } => {
                let n = if radius > 0.0 {
                    offset / radius
                } else {
                    -ray.translation / ray.length()
                };
                (n, Some(center + offset))
            }
        }
    }
}

/// The ray's line through the shape: where it enters and where it leaves (`None`:
/// the line never meets the shape).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct LineSpan {
    pub enter: Option<Crossing>,
    pub exit: Option<Crossing>,
}

impl LineSpan {
    /// Keeps the earlier entry and the later exit (the shape is convex: a union of
    /// parts meets the line in the hull of their spans).
    pub fn merge(&mut self, enter: Crossing, exit: Crossing) {
        if self.enter.is_none_or(|e| enter.fraction < e.fraction) {
            self.enter = Some(enter);
        }
        if self.exit.is_none_or(|x| exit.fraction > x.fraction) {
            self.exit = Some(exit);
        }
    }
}

/// The ray as the computation sees it: in the shape's local frame, with the world
/// input kept for the outputs.
#[derive(Clone, Copy, Debug)]
pub(super) struct LocalRay<'a> {
    pub input: &'a RayCastInput<'a>,
    /// Origin and translation in the shape's frame.
    pub origin: Vec2,
    pub translation: Vec2,
    pub max_fraction: f32,
    /// `|translation|²`, 0 for a point ray (the length itself, a square root, is
    /// formed only where it is needed: [`LocalRay::length`]).
    pub length_squared: f32,
}

impl<'a> LocalRay<'a> {
    /// The ray in the shape's frame, or the status that refuses it.
    #[inline]
    pub fn new(input: &'a RayCastInput<'a>) -> Result<LocalRay<'a>, RayTermination> {
        let (ray, xf) = (&input.ray, &input.transform);
        if !valid(input) {
            return Err(refusal(input));
        }
        let origin = xf.apply_inv(ray.origin);
        let translation = xf.q.apply_inv(ray.translation);
        let dd = translation.length_squared();
        let point = dd < RAY_MIN_TRANSLATION_SQUARED || ray.max_fraction == 0.0;
        Ok(LocalRay {
            input,
            origin,
            translation,
            max_fraction: ray.max_fraction,
            length_squared: if point { 0.0 } else { dd },
        })
    }

    /// The last fraction at which the ray can still meet the shape (at most
    /// `max_fraction`; 0 for a point ray): for `f > (|o| + R)/|d|`,
    /// `|o + f·d| ≥ f·|d| − |o| > R`, outside the bounding disc of radius `R` for
    /// good. Widened by [`RAY_REACH_MARGIN`] against rounding.
    pub fn end(&self) -> f32 {
        if self.is_point() {
            return 0.0;
        }
        let out = (self.origin.length() + self.input.shape.bounding_radius()) / self.length();
        self.max_fraction.min(out * (1.0 + RAY_REACH_MARGIN))
    }

    /// A point ray: zero translation (to [`RAY_MIN_TRANSLATION_SQUARED`]) or zero
    /// `max_fraction`.
    #[inline]
    pub fn is_point(&self) -> bool {
        self.length_squared == 0.0
    }

    /// `|translation|` (0 for a point ray).
    #[inline]
    pub fn length(&self) -> f32 {
        self.length_squared.sqrt()
    }

    /// The local point at fraction `f`.
    #[inline]
    pub fn at(&self, f: f32) -> Vec2 {
        self.origin + f * self.translation
    }

    /// A hit at fraction `f` on `feature`, outward normal `n` (local), surface point
    /// `surface` (local) or the ray's own point.
    #[inline(always)]
    pub fn hit(
        &self,
        f: f32,
        feature: RayFeature,
        n: Vec2,
        surface: Option<Vec2>,
    ) -> RayCastOutput {
        let xf = &self.input.transform;
        let point = match surface {
            Some(p) => xf.apply(p),
            None => self.input.ray.at(f),
        };
        RayCastOutput {
            hit: true,
            fraction: f,
            point,
            normal: xf.q.apply(n),
            feature,
            inside: false,
            exit_fraction: None,
            iterations: 0,
            termination: RayTermination::Hit,
        }
    }

    /// A hit at a crossing (its fraction clamped to 0 from below).
    #[inline(always)]
    pub fn hit_at(&self, c: &Crossing) -> RayCastOutput {
        let f = c.fraction.max(0.0);
        let (n, surface) = c.resolve(self);
        self.hit(f, c.feature, n, surface.filter(|_| f == c.fraction))
    }

    /// A hit at fraction 0 on the boundary feature nearest the origin.
    pub fn hit_at_origin(&self) -> RayCastOutput {
        let at = locate(self.input.shape, self.origin);
        self.hit(0.0, at.feature, at.normal, None)
    }

    /// The origin is strictly inside; the ray leaves at `exit` (when it does within
    /// `max_fraction`).
    pub fn inside(&self, exit: Option<f32>) -> RayCastOutput {
        let exit = exit.filter(|x| *x <= self.max_fraction).map(|x| x.max(0.0));
        RayCastOutput {
            inside: true,
            exit_fraction: exit,
            ..no_surface(self.input.ray.origin, 0.0, RayTermination::Inside)
        }
    }

    /// A miss: no point of the ray in the shape.
    #[inline]
    pub fn missed(&self) -> RayCastOutput {
        self.stopped(self.max_fraction, RayTermination::Missed)
    }

    /// No surface point; the ray's point at `f`.
    #[inline]
    pub fn stopped(&self, f: f32, termination: RayTermination) -> RayCastOutput {
        let p = self.input.ray.at(f);
        let p = if p.is_finite() {
            p
        } else {
            self.input.ray.origin
        };
        no_surface(p, f, termination)
    }

    /// The module's conventions, applied to the line's span and the origin's side:
    /// - origin strictly inside: no hit, the exit fraction;
    /// - origin outside: a hit where the line enters, if that lies in
    ///   `[0, max_fraction]` (an entry a rounding step behind the origin, with the
    ///   exit ahead, is a hit at 0);
    /// - origin on the boundary: a hit at 0 when the ray runs into the shape (the exit
    ///   lies ahead) or is a point; a miss when it leaves at once.
    #[inline(always)]
    pub fn finish(&self, side: Side, span: &LineSpan) -> RayCastOutput {
        let exit = span.exit.map(|x| x.fraction);
        match side {
            Side::Inside => self.inside(exit),
            Side::Boundary if self.is_point() || exit.is_some_and(|x| x > 0.0) => {
                self.hit_at_origin()
            }
            Side::Boundary => self.missed(),
            Side::Outside => match (span.enter, exit) {
                (Some(e), Some(x)) if x >= 0.0 && e.fraction <= self.max_fraction => {
                    self.hit_at(&e)
                }
                _ => self.missed(),
            },
        }
    }
}

/// The whole input is fine — every value finite, the ray's coordinates within
/// [`RAY_MAX_COORDINATE`], `max_fraction ≥ 0` — in two four-lane comparisons and one
/// range test, each of which fails for NaN (the common path; [`refusal`] says why
/// when it is not).
#[inline(always)]
fn valid(input: &RayCastInput) -> bool {
    let (ray, xf) = (&input.ray, &input.transform);
    let (o, d) = (ray.origin, ray.translation);
    let ray_abs = Vec4::new(o.x, o.y, d.x, d.y).abs();
    let xf_abs = Vec4::new(xf.p.x, xf.p.y, xf.q.c, xf.q.s).abs();
    // `&`, not `&&`: all three are cheap, and one branch beats three.
    ray_abs.cmple(Vec4::splat(RAY_MAX_COORDINATE)).all()
        & xf_abs.cmplt(Vec4::splat(f32::INFINITY)).all()
        & (ray.max_fraction >= 0.0)
        & (ray.max_fraction < f32::INFINITY)
}

/// Why [`valid`] refused the input.
#[cold]
fn refusal(input: &RayCastInput) -> RayTermination {
    let (ray, xf) = (&input.ray, &input.transform);
    if !ray.is_finite_in(xf) {
        RayTermination::NonFiniteInput
    } else if ray.max_fraction < 0.0 {
        RayTermination::NegativeMaxFraction
    } else {
        RayTermination::OutOfRange
    }
}

/// An output with no surface point.
#[inline]
pub(super) fn no_surface(point: Vec2, fraction: f32, termination: RayTermination) -> RayCastOutput {
    RayCastOutput {
        hit: false,
        fraction,
        point,
        normal: Vec2::ZERO,
        feature: RayFeature::None,
        inside: false,
        exit_fraction: None,
        iterations: 0,
        termination,
    }
}

/// The output for an input refused with `status`.
pub(super) fn refused(input: &RayCastInput, termination: RayTermination) -> RayCastOutput {
    let o = input.ray.origin;
    no_surface(if o.is_finite() { o } else { Vec2::ZERO }, 0.0, termination)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::math::Transform;
    use crate::core::raycast::RayInput;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn the_ray_is_brought_into_the_shape_frame() {
        let s = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let input = RayCastInput::new(
            &s,
            Transform::new(v(10.0, 0.0), std::f32::consts::FRAC_PI_2),
            RayInput::new(v(10.0, -5.0), v(0.0, 2.0)),
        );
        let r = LocalRay::new(&input).unwrap();
        // World (10, −5) is 5 below the centre; the frame is turned by 90°.
        assert!((r.origin - v(-5.0, 0.0)).length() < 1e-5, "{:?}", r.origin);
        assert!((r.translation - v(2.0, 0.0)).length() < 1e-5);
        assert_eq!(r.length(), 2.0);
        // Out of the disc of radius √2 for good beyond (5 + √2)/2 ≈ 3.2: max 1 kept.
        assert_eq!(r.end(), 1.0);
    }

    #[test]
    fn a_long_ray_is_cut_at_its_reach() {
        let s = Shape::circle(1.0).unwrap();
        let mut ray = RayInput::new(v(-3.0, 0.0), v(1.0, 0.0));
        ray.max_fraction = 1.0e30;
        let input = RayCastInput::new(&s, Transform::IDENTITY, ray);
        let r = LocalRay::new(&input).unwrap();
        assert!(
            (r.end() - 4.0 * (1.0 + RAY_REACH_MARGIN)).abs() < 1e-5,
            "{}",
            r.end()
        );
    }

    #[test]
    fn bad_inputs_are_refused_by_name() {
        let s = Shape::circle(1.0).unwrap();
        let refuse = |ray: RayInput, xf: Transform| {
            let input = RayCastInput::new(&s, xf, ray);
            LocalRay::new(&input).err()
        };
        let ok = RayInput::new(v(0.0, 0.0), v(1.0, 0.0));
        let mut nan = ok;
        nan.translation.y = f32::NAN;
        assert_eq!(
            refuse(nan, Transform::IDENTITY),
            Some(RayTermination::NonFiniteInput)
        );
        let mut neg = ok;
        neg.max_fraction = -0.5;
        assert_eq!(
            refuse(neg, Transform::IDENTITY),
            Some(RayTermination::NegativeMaxFraction)
        );
        let mut far = ok;
        far.origin.x = 1.0e20;
        assert_eq!(
            refuse(far, Transform::IDENTITY),
            Some(RayTermination::OutOfRange)
        );
        let bad_xf = Transform::new(v(f32::INFINITY, 0.0), 0.0);
        assert_eq!(refuse(ok, bad_xf), Some(RayTermination::NonFiniteInput));
        assert_eq!(refuse(ok, Transform::IDENTITY), None);
    }

    #[test]
    fn tiny_translations_are_points() {
        let s = Shape::circle(1.0).unwrap();
        let input = RayCastInput::new(
            &s,
            Transform::IDENTITY,
            RayInput::new(v(3.0, 0.0), v(1.0e-20, 0.0)),
        );
        assert!(LocalRay::new(&input).unwrap().is_point());
        let mut zero_max = RayInput::new(v(3.0, 0.0), v(1.0, 0.0));
        zero_max.max_fraction = 0.0;
        let input = RayCastInput::new(&s, Transform::IDENTITY, zero_max);
        assert!(LocalRay::new(&input).unwrap().is_point());
    }
}
