//! Tolerances of the checks, each relative to the configuration's size `L` (see the
//! module docs of [`crate::verify`]).

/// Lengths computed in A's frame (GJK distance, EPA's absolute part, SAT separations,
/// manifold separations), relative to `L`: 2e-6·L is ~17 f32 ulps of the largest local
/// coordinate. GJK's distance is a barycentric combination of vertex differences (a
/// handful of roundings each) plus the transform into A's frame. It is also the
/// "touching" band: a pair whose exact signed distance is within it may come out as
/// overlapping or as apart (f32 does not resolve the sign there).
pub const LENGTH_TOLERANCE: f64 = 2.0e-6;

/// World-space points (witness points, manifold points, clip vertices): they also
/// carry the rounding of the world coordinates, this many f32 epsilons of `W` (the
/// transform back to world space rounds each coordinate once or twice; 8 leaves room
/// for the rotation's products).
pub const WORLD_ROUNDING: f64 = 8.0 * f32::EPSILON as f64;

/// Angle (radians) within which two normals count as the same. A penetration normal
/// is an edge normal of B − A up to f32 rounding of the edge direction (~1e-6 rad for
/// edges longer than 1% of L); a normal between separated cores is `z/|z|`, good to
/// `LENGTH_TOLERANCE·L/|z|` (added to this where it applies). Normals are compared
/// only when no other direction within this angle's complement gives the same depth
/// within the depth tolerance (see [`Reference::normal_is_tie`]).
pub const NORMAL_TOLERANCE: f64 = 1.0e-3;

/// How much closer than GJK's answer the true distance may lie, relative to it, when
/// GJK stops (dimensionless): it stops when the support point along its search
/// direction is already in the simplex, a comparison of projections in f32, so a
/// vertex whose projection ties within rounding (1e-6 relative) may be left out.
pub const GJK_STOP_GAIN: f32 = 1.0e-6;

/// Angle tolerance for normals from GJK's simplex (separated cores: GJK's normal, and
/// EPA's when only the radii overlap). Near the minimum the distance is quadratic in
/// the normal's angle, so a normal whose distance is [`GJK_STOP_GAIN`] short is good
/// only to `sqrt(2·1e-6)` ≈ 1.4e-3 rad (a 0.027-long segment 25.6 from a circle's
/// centre ended on an end vertex, its normal 1.03e-3 rad off). This is added to
/// [`NORMAL_TOLERANCE`].
pub fn gjk_normal_tolerance() -> f64 {
    NORMAL_TOLERANCE + (2.0 * GJK_STOP_GAIN as f64).sqrt()
}

/// EPA depth: EPA stops when the support point along the closest edge's normal is
/// within `epa_tolerance·d` (relative, default 1e-4) plus 1e-6 of the Minkowski
/// difference's size of that edge, so its depth is a lower bound within that much of
/// the exact one. The depth tolerance is `DEFAULT_EPA_TOLERANCE·depth +
/// DEPTH_LENGTH_FACTOR·LENGTH_TOLERANCE·L`: the absolute floor (the difference's size
/// is up to 2·L) plus the f32 term.
pub const DEPTH_LENGTH_FACTOR: f64 = 2.0;

/// The slab margin used by the manifold depth check: the incident shape's deepest
/// vertex must lie this many length tolerances inside the reference face's side
/// planes for the deepest manifold point to be that vertex.
pub(super) const SLAB_MARGIN: f64 = 4.0;

/// Pairs kept in a report (with their details) for scene files; the counts include
/// every disagreement.
pub const DEFAULT_KEEP: usize = 1000;

/// An engine's answer (and a generated regression test's) is held to this fraction of
/// the configuration's size `L`: GJK-based f32 solvers stop at relative tolerances of
/// about 1e-5 to 1e-4, so a looser bar than the core's own checks above.
pub const ENGINE_RELATIVE_TOLERANCE: f64 = 1.0e-4;

// ---------------------------------------------------------------------------------
// The rotating time of impact: its check and its oracle (`exact_toi.rs`).
// ---------------------------------------------------------------------------------

/// The rotating time of impact is held to this much time (fraction of the step) on
/// either side of the exact window (see `checks/toi_rotating.rs`).
pub const ROTATING_TIME_TOLERANCE: f64 = 1.0e-3;

/// The oracle's closing-speed bound is raised by this fraction, against rounding in
/// the f64 placement (dimensionless; f64 carries 1e-16).
pub const ORACLE_SPEED_MARGIN: f64 = 1.0e-9;

/// The oracle's distance resolution (length units): an interval it can neither free
/// nor enter, shorter than this over the speed bound, is a touch at the level.
pub const ORACLE_DISTANCE_RESOLUTION: f64 = 1.0e-9;

/// Bracket width (time) below which the oracle bisects instead of walking: within
/// it a second crossing could be missed by at most this much time.
pub const ORACLE_HANDOFF: f64 = 1.0e-6;

/// The oracle's time resolution: bisection stops at a bracket this wide.
pub const ORACLE_TIME_RESOLUTION: f64 = 1.0e-9;

/// Bound on the oracle's bisection steps (1e-6 to 1e-9 takes 10).
pub const ORACLE_BISECTIONS: u32 = 64;

/// Distances the oracle may evaluate for one level before it says it cannot decide
/// (a graze within ~1e-9 of the level can take that many).
pub const ORACLE_MAX_EVALUATIONS: u32 = 50_000;

/// Even samples of the cross-check over the step (64 intervals, 65 times).
pub const ORACLE_SAMPLES: u32 = 64;
