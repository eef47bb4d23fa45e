//! Exact repro out: one scene pair as a self-contained regression test in an engine's
//! own language, every input number in hex so the engine sees the same bits, and the
//! expected values taken from the exact f64 answer (`verify`'s references), not from
//! Collidescope's or the engine's f32 answer.
//!
//! - [`box2d_c`]: a C test for Box2D v3 (`b2MakeProxy`, `b2ShapeDistance`,
//!   `b2Collide*`, `b2ShapeCast`, checked with `ENSURE`/`ENSURE_SMALL` as Box2D's own
//!   tests do; the macros are defined if the file is built on its own, with a `main`);
//! - [`parry_rust`]: a `#[test]` for parry2d 0.31 (numbers as `f32::from_bits`, since
//!   Rust has no hex float literals);
//! - [`scene_hex`]: the pair as a scene file with every number as a hex float.

pub mod box2d_c;
pub mod parry_rust;
pub mod scene_hex;

use crate::scene::Scene;
use crate::verify::{
    BandedToi, ExactToi, FuzzPair, Reference, RotatingOracle, ROTATING_TIME_TOLERANCE,
};
use glam::Vec2;

/// The target of `export --as`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Box2dC,
    ParryRust,
    SceneHex,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::Box2dC, Language::ParryRust, Language::SceneHex];

    /// The name on the command line: `box2d-c`, `parry-rust`, `scene-hex`.
    pub fn name(self) -> &'static str {
        match self {
            Language::Box2dC => "box2d-c",
            Language::ParryRust => "parry-rust",
            Language::SceneHex => "scene-hex",
        }
    }

    pub fn from_name(name: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The file extension of the output.
    pub fn extension(self) -> &'static str {
        match self {
            Language::Box2dC => "c",
            Language::ParryRust => "rs",
            Language::SceneHex => "ron",
        }
    }
}

/// A generated test allows an engine this much of the configuration's size `L` on a
/// length (the fuzzer's `--peers` bar too): GJK-based f32 solvers stop at relative
/// tolerances of about 1e-5 to 1e-4 (parry2d's distance of a capsule and a polygon is
/// 2.3e-5 off in `toi_capsule_polygon`, and 2.7e-5 of a unit near 1e5 in
/// `huge_coordinates_apart`). A regression test is for the failure at hand (public
/// case 5 is 0.005 off), not for the last bits.
pub use crate::verify::ENGINE_RELATIVE_TOLERANCE;

/// The exact answers a generated test checks, with their tolerances (f64).
#[derive(Clone, Debug)]
pub struct Expected {
    /// Distance between the rounded shapes (0 when they touch or overlap).
    pub distance: f64,
    /// Penetration depth (positive) when the shapes overlap.
    pub depth: Option<f64>,
    /// The first time of contact in [0, 1] when either shape moves and they meet.
    pub toi: Option<f64>,
    /// Whether either shape moves without turning (the translational cast is checked).
    pub moving: bool,
    /// Whether either shape turns: no exact time of impact is given (the exported
    /// tests check the still pose only and say so).
    pub rotating: bool,
    /// |vB − vA|, for turning a length tolerance into a time tolerance.
    pub speed: f64,
    /// Length tolerance of a generated test: what an f32 engine's iterative solvers
    /// can promise, [`ENGINE_RELATIVE_TOLERANCE`] of the pair's size measured from
    /// the shapes' own centres ([`pair_size`]), or f32 rounding relative to the configuration's size measured
    /// from the body origins (the fuzzer's tolerance) when that is larger.
    pub length_tolerance: f64,
    /// Depth tolerance for `depth`.
    pub depth_tolerance: f64,
    /// When either shape turns: the first time the rounded shapes touch (the f64
    /// oracle of the rotating time of impact, at the radii), if they do, and the
    /// oracle's bound on the closing speed. `toi` stays the translation-only time the
    /// exported shape-cast tests check.
    pub turning: Option<TurningToi>,
}

/// The exact rotating time of impact of [`Expected::turning`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurningToi {
    pub t: Option<f64>,
    pub speed: f64,
}

impl Expected {
    /// The exact answers for shapes `a` and `b` of `scene`.
    pub fn of(scene: &Scene, a: usize, b: usize) -> Expected {
        let pair = FuzzPair::from_scene(scene, a, b);
        let r = Reference::new(&pair);
        let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
        let rotating = sa.angular_velocity != 0.0 || sb.angular_velocity != 0.0;
        let moving = pair.velocity_a != pair.velocity_b && !rotating;
        let toi = ExactToi::new(&pair, &r);
        let depth = (r.signed < 0.0).then_some(-r.signed);
        Expected {
            distance: r.distance(),
            depth,
            toi: if moving { toi.t_hit } else { None },
            moving,
            rotating,
            speed: (pair.velocity_b - pair.velocity_a).as_dvec2().length(),
            length_tolerance: r
                .length_tolerance()
                .max(ENGINE_RELATIVE_TOLERANCE * pair_size(sa, sb)),
            depth_tolerance: r.depth_tolerance(depth.unwrap_or(0.0)),
            turning: turning(&pair),
        }
    }
}

/// The pair's size `L` for the engine's tolerance: the configuration's size measured
/// from each shape's own centre (the centre of its box in its own frame) instead of its
/// body's origin, `max(ρA, |cB − cA| + ρB) + rA + rB`, with `ρ` the half diagonal of
/// the shape's box and `r` its radius. For a shape centred on its origin this is the
/// size measured from the origins; a shape whose vertices lie far from its body's
/// origin (a tile of a floor, 8 m out) is sized by itself, since an engine's solver
/// works on the shapes where they are (f32 rounding of far vertices is the separate
/// rounding term).
pub fn pair_size(sa: &crate::scene::SceneShape, sb: &crate::scene::SceneShape) -> f64 {
    let own = |s: &crate::scene::SceneShape| {
        let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
        for v in s.shape.vertices() {
            lo = lo.min(*v);
            hi = hi.max(*v);
        }
        if lo.x > hi.x {
            return (
                s.pose.transform().p.as_dvec2(),
                0.0,
                f64::from(s.shape.radius()),
            );
        }
        let centre = s.pose.transform().apply((lo + hi) * 0.5).as_dvec2();
        let half = 0.5 * (hi - lo).as_dvec2().length();
        (centre, half, f64::from(s.shape.radius()))
    };
    let ((ca, ra, sa_r), (cb, rb, sb_r)) = (own(sa), own(sb));
    ra.max(ca.distance(cb) + rb) + sa_r + sb_r
}

/// What the engine itself answered for the pair in its world (a recording's contact,
/// when the collide function on these poses gives it to the bit), for an exported test
/// to assert besides the exact distance: the normal from A to B (world frame) and, for
/// Box2D, the point count and each point's feature id.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineContact {
    pub normal: [f32; 2],
    pub ids: Vec<u16>,
}

impl EngineContact {
    /// A recorded contact's normal and ids (its shapes in the exported pair's order).
    pub fn of(c: &crate::trace::world_frame::ContactState) -> EngineContact {
        EngineContact {
            normal: c.normal,
            ids: c.points.iter().map(|p| p.id).collect(),
        }
    }
}

/// How far an exported test lets the normal turn from the engine's: a face normal
/// computed in f32 from the same vertices agrees to about 1e-6 rad; one degree still
/// catches a normal taken from another face or flipped (a ghost bump tilts it by
/// the angle between the faces).
pub const NORMAL_ANGLE_TOLERANCE_DEG: f64 = 1.0;

/// The rotating oracle's first touch, when the pair turns.
fn turning(pair: &FuzzPair) -> Option<TurningToi> {
    if pair.angular_velocity_a == 0.0 && pair.angular_velocity_b == 0.0 {
        return None;
    }
    let oracle = RotatingOracle::of_pair(pair);
    let radii = (pair.shape_a.radius() + pair.shape_b.radius()) as f64;
    let c = oracle.first_within(radii, 0.0);
    Some(TurningToi {
        t: c.t,
        speed: oracle.speed,
    })
}

/// Where a right rotating time of impact lies for an engine that aims at `target`
/// (a core distance) within `tolerance`, along `oracle`'s motion: the fuzzer's window
/// (`verify::checks::toi_rotating`), [`ROTATING_TIME_TOLERANCE`] of the step around
/// the band.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum TurnWindow {
    /// The oracle could not decide: nothing is checked.
    Undecided,
    /// The cores never come within the band before the end of the step (or only in
    /// its last `T`): no hit.
    Separated,
    /// Within the band at t = 0 already: a hit at 0 or "overlapped".
    AtStart,
    /// The distance bottoms out inside the band: a hit (not before `from`) and a miss
    /// are both right.
    Grazing { from: f64 },
    /// A hit in `[from, to]`.
    Hit { from: f64, to: f64 },
}

pub(crate) fn turn_window(oracle: &RotatingOracle, target: f64, tolerance: f64) -> TurnWindow {
    let w = BandedToi::new(oracle, target, tolerance);
    let t = ROTATING_TIME_TOLERANCE;
    if w.undecided() {
        return TurnWindow::Undecided;
    }
    match (w.earliest.t, w.latest.t) {
        (None, _) => TurnWindow::Separated,
        (Some(e), _) if e <= 0.0 => TurnWindow::AtStart,
        (Some(e), None) => TurnWindow::Grazing { from: e - t },
        (Some(_), Some(l)) if l >= 1.0 - t => TurnWindow::Grazing {
            from: w.earliest.t.unwrap_or(0.0) - t,
        },
        (Some(e), Some(l)) => TurnWindow::Hit {
            from: (e - t).max(0.0),
            to: (l + t).min(1.0),
        },
    }
}

/// Shapes `a` and `b` of `scene` (by index) in `language`. `source` names the scene
/// in the generated comments.
/// Fails when the engine cannot take the pair at all (Box2D: a polygon of more than
/// 8 vertices), saying so.
pub fn export(
    scene: &Scene,
    a: usize,
    b: usize,
    language: Language,
    source: &str,
) -> Result<String, String> {
    export_with(scene, a, b, language, source, None)
}

/// [`export`], with the engine's own contact of the pair asserted too (its normal;
/// for Box2D its point count and ids).
pub fn export_with(
    scene: &Scene,
    a: usize,
    b: usize,
    language: Language,
    source: &str,
    engine: Option<&EngineContact>,
) -> Result<String, String> {
    match language {
        Language::Box2dC => box2d_c::test(scene, a, b, source, engine),
        Language::ParryRust => Ok(parry_rust::test(scene, a, b, source, engine)),
        Language::SceneHex => Ok(scene_hex::scene(scene, a, b)),
    }
}

/// A name usable as an identifier: letters, digits and `_` of `s`.
pub(crate) fn ident(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if !out.starts_with(|c: char| c.is_ascii_alphabetic()) {
        out.insert(0, 's');
    }
    out
}
