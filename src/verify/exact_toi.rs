//! The exact time of impact of two shapes that move **and turn** (f64): the oracle of
//! the rotating time of impact ([`crate::core::toi::rotating`]) and of the engines'.
//!
//! ## Motion
//! A shape's pose at `t ∈ [0, 1]` is `position + t·velocity` and an angle that runs
//! along an [`AnglePath`]: linearly (`angle + t·omega`, ours and parry's), or as Box2D's
//! `b2Sweep` runs it (the rotation's cosine and sine interpolated linearly, then
//! normalised: at most half a turn, at a varying rate). It turns about its position
//! (its local origin). Every number is the f64 of the f32 input as given.
//!
//! ## The distance
//! `d(t)` is the core distance at `t`: the brute-force outline distance of the two
//! cores placed in f64 (every vertex against every edge; 0 when edges cross or one
//! core holds the other). Radii are not subtracted: a level is a core distance.
//!
//! ## The method: Lipschitz branch and bound, then bisection
//! No point of a core moves faster than its shape's `|velocity| + rate·ρ` (`ρ` the
//! core's farthest vertex from the position, `rate` the largest angular rate of the
//! path), so `d` changes at most at `V = |vB − vA| + rateA·ρA + rateB·ρB` (with a margin
//! for rounding) — the bound of conservative advancement. Over an interval `[a, b]`
//! the least `d` is then at least `(d(a) + d(b))/2 − V·(b − a)/2` (advancement from
//! both ends). [`RotatingOracle::first_within`] walks the step left to right: an
//! interval whose bound is above the level is free; any other is halved, its left half
//! first. The first interval that ends at or below the level holds the first crossing;
//! once it is shorter than [`ORACLE_HANDOFF`] plain bisection takes it to
//! [`ORACLE_TIME_RESOLUTION`]. An interval shorter than `ORACLE_DISTANCE_RESOLUTION / V`
//! that can be neither freed nor entered is a touch within that resolution (a graze
//! that bottoms out at the level): its least end is the answer, flagged `near`. The
//! walk spends at most [`ORACLE_MAX_EVALUATIONS`] distances; past that it says so
//! (`exhausted`), never guesses.
//!
//! So a hit at `t` means: `d > level` on `[0, t)` (proved by the bound, up to f64
//! rounding) and `d(t) ≤ level + ORACLE_DISTANCE_RESOLUTION` (within the time
//! resolution). As a cross-check, `d` is also sampled at [`ORACLE_SAMPLES`] even times:
//! no sample before the answer may be below the level (a wrong bound would show here).

use super::*;
use crate::core::shape::Shape;
use glam::DVec2;

/// How a shape's angle runs over the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AnglePath {
    /// `angle + t·omega` (radians): ours, parry's `NonlinearRigidMotion`.
    Linear { angle: f64, omega: f64 },
    /// Box2D's `b2Sweep`: `normalize((1 − t)·q1 + t·q2)` of the rotations as
    /// (cosine, sine). The shorter way round, at most half a turn.
    Nlerp { q1: DVec2, q2: DVec2 },
}

impl AnglePath {
    /// The rotation at `t` as (cosine, sine).
    pub fn rotation(&self, t: f64) -> DVec2 {
        match *self {
            AnglePath::Linear { angle, omega } => {
                let (s, c) = (angle + t * omega).sin_cos();
                DVec2::new(c, s)
            }
            AnglePath::Nlerp { q1, q2 } => (q1 * (1.0 - t) + q2 * t).normalize_or_zero(),
        }
    }

    /// The largest angular rate over the step (radians per step); infinite for an
    /// nlerp through half a turn (the rotation passes through zero).
    pub fn max_rate(&self) -> f64 {
        match *self {
            AnglePath::Linear { omega, .. } => omega.abs(),
            AnglePath::Nlerp { q1, q2 } => {
                // Fastest at t = 1/2: 2·tan(θ/2) for the angle θ between q1 and q2
                // (unit rotations; the f32 inputs are within 1e-7 of unit).
                let theta = cross64(q1, q2).atan2(q1.dot(q2)).abs();
                let half = 0.5 * theta;
                if half.cos() <= 1.0e-9 {
                    f64::INFINITY
                } else {
                    2.0 * half.tan()
                }
            }
        }
    }
}

/// One shape's motion over the step, in f64.
#[derive(Clone, Debug, PartialEq)]
pub struct Mover {
    /// The core's vertices in the shape's frame.
    pub core: Vec<DVec2>,
    pub position: DVec2,
    /// Displacement over the step.
    pub velocity: DVec2,
    pub path: AnglePath,
}

impl Mover {
    /// A shape turning linearly from `angle` by `omega` over the step (f64 of the
    /// f32 inputs).
    pub fn linear(
        shape: &Shape,
        position: glam::Vec2,
        angle: f32,
        velocity: glam::Vec2,
        omega: f32,
    ) -> Mover {
        Mover {
            core: shape.vertices().iter().map(|v| v.as_dvec2()).collect(),
            position: position.as_dvec2(),
            velocity: velocity.as_dvec2(),
            path: AnglePath::Linear {
                angle: angle as f64,
                omega: omega as f64,
            },
        }
    }

    /// A shape moving from `c1` to `c2` while its rotation runs from `q1` to `q2` as
    /// Box2D's `b2Sweep` runs it (nlerp, turning about the position).
    pub fn nlerp(
        shape: &Shape,
        c1: glam::Vec2,
        c2: glam::Vec2,
        q1: crate::core::math::Rot,
        q2: crate::core::math::Rot,
    ) -> Mover {
        let q = |r: crate::core::math::Rot| DVec2::new(r.c as f64, r.s as f64);
        Mover {
            core: shape.vertices().iter().map(|v| v.as_dvec2()).collect(),
            position: c1.as_dvec2(),
            velocity: c2.as_dvec2() - c1.as_dvec2(),
            path: AnglePath::Nlerp {
                q1: q(q1),
                q2: q(q2),
            },
        }
    }

    /// The core's reach: its farthest vertex from the position.
    pub fn reach(&self) -> f64 {
        self.core.iter().map(|v| v.length()).fold(0.0, f64::max)
    }

    /// The core in the world at `t`.
    pub fn world(&self, t: f64) -> Vec<DVec2> {
        let q = self.path.rotation(t);
        let p = self.position + self.velocity * t;
        self.core
            .iter()
            .map(|v| p + DVec2::new(q.x * v.x - q.y * v.y, q.y * v.x + q.x * v.y))
            .collect()
    }
}

/// A first crossing of a level by the core distance, as found by
/// [`RotatingOracle::first_within`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    /// The level (a core distance).
    pub level: f64,
    /// The first time the distance is within the level (module docs), if it is.
    pub t: Option<f64>,
    /// The hit is a touch within [`ORACLE_DISTANCE_RESOLUTION`] (no sample was below
    /// the level).
    pub near: bool,
    /// The least distance evaluated, and where (before the answer, or on the step).
    pub min_seen: f64,
    pub t_min_seen: f64,
    pub evaluations: u32,
    /// The budget ran out: `t` is `None` without proof.
    pub exhausted: bool,
}

/// The two motions and their closing-speed bound.
#[derive(Clone, Debug, PartialEq)]
pub struct RotatingOracle {
    pub a: Mover,
    pub b: Mover,
    /// `V`: no pair of core points closes faster (length per step).
    pub speed: f64,
}

/// An interval of the walk, its ends' distances known.
#[derive(Clone, Copy, Debug)]
struct Span {
    a: f64,
    da: f64,
    b: f64,
    db: f64,
}

impl RotatingOracle {
    pub fn new(a: Mover, b: Mover) -> RotatingOracle {
        let raw = (b.velocity - a.velocity).length()
            + a.path.max_rate() * a.reach()
            + b.path.max_rate() * b.reach();
        RotatingOracle {
            a,
            b,
            speed: raw * (1.0 + ORACLE_SPEED_MARGIN) + f64::MIN_POSITIVE,
        }
    }

    /// The pair's motion as ours reads it: linear angles from the f32 inputs.
    pub fn of_pair(pair: &FuzzPair) -> RotatingOracle {
        RotatingOracle::new(
            Mover::linear(
                &pair.shape_a,
                pair.pose_a.position,
                pair.pose_a.angle,
                pair.velocity_a,
                pair.angular_velocity_a,
            ),
            Mover::linear(
                &pair.shape_b,
                pair.pose_b.position,
                pair.pose_b.angle,
                pair.velocity_b,
                pair.angular_velocity_b,
            ),
        )
    }

    /// The core distance at `t` (0 when the cores overlap).
    pub fn distance(&self, t: f64) -> f64 {
        outline_distance(&self.a.world(t), &self.b.world(t)).0
    }

    /// The first time in `[from, 1]` the core distance is within `level` (module
    /// docs): the walk, then bisection.
    pub fn first_within(&self, level: f64, from: f64) -> Crossing {
        let mut c = Crossing {
            level,
            t: None,
            near: false,
            min_seen: f64::INFINITY,
            t_min_seen: from,
            evaluations: 0,
            exhausted: false,
        };
        if !(self.speed.is_finite() && level.is_finite() && (0.0..=1.0).contains(&from)) {
            c.exhausted = true;
            return c;
        }
        let d0 = self.eval(from, &mut c);
        if d0 <= level {
            c.t = Some(from);
            return c;
        }
        let leaf = ORACLE_DISTANCE_RESOLUTION / self.speed;
        let end = self.eval(1.0, &mut c);
        let mut stack = vec![Span {
            a: from,
            da: d0,
            b: 1.0,
            db: end,
        }];
        while let Some(s) = stack.pop() {
            if c.evaluations >= ORACLE_MAX_EVALUATIONS {
                c.exhausted = true;
                return c;
            }
            let w = s.b - s.a;
            if s.db <= level {
                if w <= ORACLE_HANDOFF {
                    c.t = Some(self.bisect(s, level, &mut c));
                    return c;
                }
            } else {
                let lower = 0.5 * (s.da + s.db) - 0.5 * self.speed * w;
                if lower > level {
                    continue;
                }
                if w <= leaf {
                    c.near = true;
                    c.t = Some(if s.da <= s.db { s.a } else { s.b });
                    return c;
                }
            }
            let m = 0.5 * (s.a + s.b);
            let dm = self.eval(m, &mut c);
            if dm > level {
                stack.push(Span { a: m, da: dm, ..s });
            }
            stack.push(Span { b: m, db: dm, ..s });
        }
        c
    }

    fn eval(&self, t: f64, c: &mut Crossing) -> f64 {
        let d = self.distance(t);
        c.evaluations += 1;
        if d < c.min_seen {
            c.min_seen = d;
            c.t_min_seen = t;
        }
        d
    }

    /// Bisection of `[a, b]` (`d(a)` above the level, `d(b)` at or below) to the time
    /// resolution: the upper end of the last bracket.
    fn bisect(&self, mut s: Span, level: f64, c: &mut Crossing) -> f64 {
        for _ in 0..ORACLE_BISECTIONS {
            if s.b - s.a <= ORACLE_TIME_RESOLUTION {
                break;
            }
            let m = 0.5 * (s.a + s.b);
            let dm = self.eval(m, c);
            if dm > level {
                s.a = m;
            } else {
                s.b = m;
            }
        }
        s.b
    }

    /// Whether [`ORACLE_SAMPLES`] even samples agree with a crossing: none before
    /// its time (or anywhere, for a miss) is below the level by more than the
    /// distance resolution.
    pub fn samples_agree(&self, c: &Crossing) -> bool {
        if c.exhausted {
            return true;
        }
        let until = c.t.unwrap_or(f64::INFINITY);
        (0..=ORACLE_SAMPLES)
            .map(|k| k as f64 / ORACLE_SAMPLES as f64)
            .take_while(|t| *t < until)
            .all(|t| self.distance(t) > c.level - ORACLE_DISTANCE_RESOLUTION)
    }
}

/// The exact answer at a target with a band: when the core distance first comes
/// within `target + tolerance` (the earliest a right answer may be), within `target`,
/// and within `target − tolerance` (the latest).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BandedToi {
    pub target: f64,
    pub tolerance: f64,
    /// The core distance at t = 0.
    pub d0: f64,
    pub earliest: Crossing,
    pub exact: Crossing,
    pub latest: Crossing,
    pub speed: f64,
    /// The even samples agreed with every crossing.
    pub samples_agree: bool,
}

impl BandedToi {
    /// The three crossings (the later levels searched from the first one's time).
    /// A lower level below 0 is taken as 0 (the cores touch or overlap).
    pub fn new(oracle: &RotatingOracle, target: f64, tolerance: f64) -> BandedToi {
        let earliest = oracle.first_within(target + tolerance, 0.0);
        let from = earliest.t.unwrap_or(1.0);
        let skip = |level: f64| Crossing {
            level,
            t: None,
            near: false,
            min_seen: earliest.min_seen,
            t_min_seen: earliest.t_min_seen,
            evaluations: 0,
            exhausted: earliest.exhausted,
        };
        let (exact, latest) = if earliest.t.is_some() {
            (
                oracle.first_within(target, from),
                oracle.first_within((target - tolerance).max(0.0), from),
            )
        } else {
            (skip(target), skip((target - tolerance).max(0.0)))
        };
        let samples_agree = [&earliest, &exact, &latest]
            .iter()
            .all(|c| oracle.samples_agree(c));
        BandedToi {
            target,
            tolerance,
            d0: oracle.distance(0.0),
            earliest,
            exact,
            latest,
            speed: oracle.speed,
            samples_agree,
        }
    }

    /// The oracle could not decide (a budget ran out).
    pub fn undecided(&self) -> bool {
        self.earliest.exhausted || self.exact.exhausted || self.latest.exhausted
    }

    /// The distance bottoms out inside the band: a hit and a miss are both right.
    pub fn grazing(&self) -> bool {
        self.earliest.t.is_some() && self.latest.t.is_none()
    }

    pub fn evaluations(&self) -> u32 {
        self.earliest.evaluations + self.exact.evaluations + self.latest.evaluations
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;
    use std::f64::consts::{FRAC_PI_2, PI, TAU};

    fn still(shape: &Shape, p: Vec2) -> Mover {
        Mover::linear(shape, p, 0.0, Vec2::ZERO, 0.0)
    }

    #[test]
    fn translation_only_matches_the_closed_form() {
        // Unit boxes 3 apart closing at 4: the cores are `level` apart at
        // t = (3 − level) / 4.
        let b = Shape::cuboid(Vec2::new(0.5, 0.5)).unwrap();
        let o = RotatingOracle::new(
            still(&b, Vec2::ZERO),
            Mover::linear(&b, Vec2::new(4.0, 0.3), 0.0, Vec2::new(-4.0, 0.0), 0.0),
        );
        assert!((o.speed - 4.0).abs() < 1e-6);
        for level in [0.0, 0.005, 0.25, 1.0] {
            let c = o.first_within(level, 0.0);
            let want = (3.0 - level) / 4.0;
            let t = c.t.expect("a hit");
            assert!((t - want).abs() < 2e-9, "level {level}: {t} vs {want}");
            assert!(!c.near && !c.exhausted);
            assert!(o.samples_agree(&c));
        }
        // Passing 0.1 above: never closer than 0.1 along y (B's path y = 1.1).
        let o = RotatingOracle::new(
            still(&b, Vec2::ZERO),
            Mover::linear(&b, Vec2::new(4.0, 1.1), 0.0, Vec2::new(-8.0, 0.0), 0.0),
        );
        assert_eq!(o.first_within(0.099, 0.0).t, None);
        // Corner to corner until B's edge passes A's at x = 0.5: √(dx² + 0.1²).
        let t = o.first_within(0.1005, 0.0).t.expect("within 0.1005");
        let gap = 1.1f32 as f64 - 1.0;
        let want = (3.0 - (0.1005f64 * 0.1005 - gap * gap).sqrt()) / 8.0;
        assert!((t - want).abs() < 1e-8, "{t} vs {want}");
    }

    #[test]
    fn a_bar_spinning_through_a_box_touches_at_the_computed_angle() {
        // A bar of half length 2 (half width 0.01) spins about the origin from
        // vertical, clockwise by a full turn; a box of half size 0.25 centred at
        // (1, 0). The bar's right half sweeps down onto the box's top face y = 0.25:
        // at angle φ from vertical the bar's face (offset 0.01) reaches the box's
        // corner (0.75, 0.25) when the bar's edge line passes through it:
        // distance from (0.75, 0.25) to the bar's axis = 0.01 + level.
        let bar = Shape::cuboid(Vec2::new(0.01, 2.0)).unwrap();
        let bx = Shape::cuboid(Vec2::new(0.25, 0.25)).unwrap();
        let o = RotatingOracle::new(
            Mover::linear(&bar, Vec2::ZERO, 0.0, Vec2::ZERO, -TAU as f32),
            still(&bx, Vec2::new(1.0, 0.0)),
        );
        assert!((o.speed - TAU * (0.01f64.powi(2) + 4.0).sqrt()).abs() < 1e-5);
        for level in [0.005, 0.05] {
            // The bar's axis turned clockwise by ψ from vertical: direction
            // (sin ψ, cos ψ); distance of a point p from it: |p × dir|.
            let corner = DVec2::new(0.75, 0.25);
            let axis_dist = |psi: f64| (corner.x * psi.cos() - corner.y * psi.sin()).abs();
            // The first ψ where the axis distance is 0.01 + level, by bisection on
            // the closed form (decreasing on [0, atan(3)]).
            let (mut lo, mut hi) = (0.0, (3.0f64).atan());
            for _ in 0..100 {
                let mid = 0.5 * (lo + hi);
                if axis_dist(mid) > 0.01 + level {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let want = hi / TAU;
            let c = o.first_within(level, 0.0);
            let t = c.t.expect("the bar reaches the box");
            assert!((t - want).abs() < 1e-8, "level {level}: {t} vs {want}");
            assert!(o.samples_agree(&c));
        }
        // Ten turns in a step: the first touch comes ten times sooner.
        let fast = RotatingOracle::new(
            Mover::linear(&bar, Vec2::ZERO, 0.0, Vec2::ZERO, -10.0 * TAU as f32),
            still(&bx, Vec2::new(1.0, 0.0)),
        );
        let slow = o.first_within(0.005, 0.0).t.unwrap();
        let t = fast.first_within(0.005, 0.0).t.unwrap();
        assert!((t - slow / 10.0).abs() < 1e-7, "{t} vs {}", slow / 10.0);
    }

    #[test]
    fn a_spin_that_stays_clear_is_a_miss_and_grazes_are_banded() {
        // The bar of half length 2 spinning about the origin; the box's near face at
        // x = 2.1 + 0.01: the bar's tip circle (radius √(4 + 0.0001)) stays 0.1 away.
        let bar = Shape::cuboid(Vec2::new(0.01, 2.0)).unwrap();
        let bx = Shape::cuboid(Vec2::new(0.25, 0.25)).unwrap();
        let o = RotatingOracle::new(
            Mover::linear(&bar, Vec2::ZERO, 0.0, Vec2::ZERO, 3.0 * TAU as f32),
            still(&bx, Vec2::new(2.36, 0.0)),
        );
        let gap = 2.11 - (4.0001f64).sqrt();
        let c = o.first_within(gap - 1e-4, 0.0);
        assert_eq!(c.t, None);
        assert!(!c.exhausted);
        assert!(o.samples_agree(&c));
        let band = BandedToi::new(&o, gap, 1e-3);
        assert!(band.grazing(), "{band:?}");
        let t = band.earliest.t.unwrap();
        // First passes the face's normal at a quarter turn (from vertical).
        assert!((t - 0.25 / 3.0).abs() < 0.02, "{t}");
    }

    #[test]
    fn box2d_nlerp_runs_at_its_own_rate() {
        let q = |a: f64| DVec2::new(a.cos(), a.sin());
        let p = AnglePath::Nlerp {
            q1: q(0.0),
            q2: q(FRAC_PI_2),
        };
        // Symmetric: half way at t = 1/2, and fastest there, 2·tan(π/4) = 2.
        let mid = p.rotation(0.5);
        assert!((mid.y.atan2(mid.x) - PI / 4.0).abs() < 1e-12);
        assert!((p.max_rate() - 2.0).abs() < 1e-12);
        let h = 1e-6;
        let (r0, r1) = (p.rotation(0.5 - h), p.rotation(0.5 + h));
        let rate = (r1.y.atan2(r1.x) - r0.y.atan2(r0.x)) / (2.0 * h);
        assert!((rate - 2.0).abs() < 1e-6, "{rate}");
        // Half a turn: the rotation passes through zero, no bound.
        let half = AnglePath::Nlerp {
            q1: q(0.0),
            q2: q(PI),
        };
        assert!(half.max_rate().is_infinite());
        let b = Shape::cuboid(Vec2::new(0.5, 0.5)).unwrap();
        let mut m = still(&b, Vec2::ZERO);
        m.path = half;
        let o = RotatingOracle::new(m, still(&b, Vec2::new(3.0, 0.0)));
        assert!(o.first_within(0.1, 0.0).exhausted);
    }
}
