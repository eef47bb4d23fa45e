//! Every tolerance and limit of the collision core, in one place, with its unit.
//!
//! Lengths are in the scene's length unit (call it metres); the core is scale-free
//! where it can be, so most tolerances below are *relative* to the size of the
//! shapes involved. Box2D v3 keeps its constants in `core.h`; this is ours.

/// Most vertices a polygon may have (and so a distance proxy). Box2D allows 8;
/// an engine developer pasting a polygon from elsewhere needs more.
pub const MAX_POLYGON_VERTICES: usize = 64;

/// Largest absolute coordinate (position, vertex, radius) accepted in a shape or pose,
/// in length units. `f32` carries ~7 significant digits: at 1e6 the spacing of
/// representable values is 0.0625, already coarse for contact work.
pub const MAX_COORDINATE: f32 = 1.0e6;

/// Sine of the smallest turning angle at a polygon vertex that still counts as a
/// corner (dimensionless). Vertices that turn less are "collinear" and refused.
pub const COLLINEAR_SINE: f32 = 1.0e-6;

/// Default GJK iteration bound (support-point evaluations), as in Box2D's `b2Distance`.
pub const DEFAULT_GJK_MAX_ITERATIONS: u32 = 20;

/// Upper bound accepted for `gjk_max_iterations` in settings.
pub const MAX_GJK_ITERATIONS: u32 = 1000;

/// Default EPA convergence tolerance, *relative* to the current closest-edge distance
/// (dimensionless, floored by [`EPA_ABSOLUTE_TOLERANCE`]): EPA stops when a new support
/// point improves the distance by less than this.
pub const DEFAULT_EPA_TOLERANCE: f32 = 1.0e-4;

/// Absolute floor of the EPA tolerance, in length units times the size of the
/// Minkowski difference (see `epa/`): keeps EPA finite for touching shapes.
pub const EPA_ABSOLUTE_TOLERANCE: f32 = 1.0e-6;

/// Default EPA iteration bound (polytope expansions).
pub const DEFAULT_EPA_MAX_ITERATIONS: u32 = 64;

/// Hard cap on EPA iterations: the polytope lives in a fixed array of
/// `3 + MAX_EPA_ITERATIONS` vertices so that a query never allocates.
pub const MAX_EPA_ITERATIONS: u32 = 128;

/// Default speculative distance, in length units: pairs this far apart still get
/// manifold points (Box2D's `4 * b2_linearSlop`).
pub const DEFAULT_SPECULATIVE_DISTANCE: f32 = 0.02;

/// GJK ends as touching when Box2D's test on its search direction fires
/// (`d·d < FLT_EPSILON²`) and the origin lies within `GJK_DIRECTION_EPSILON · scale`
/// of the simplex. Dimensionless; `scale` is the size of the configuration (see
/// `gjk/`).
pub const GJK_DIRECTION_EPSILON: f32 = 1.0e-6;

/// Default chord tolerance when arcs are turned into polylines, relative to the radius.
pub const DEFAULT_ARC_TOLERANCE: f32 = 1.0e-3;

/// Time of impact (`toi/swept_sat/`, `toi/shape_cast/`): a relative displacement over
/// the whole step (t from 0 to 1) shorter than this fraction of the configuration's
/// size counts as no motion (dimensionless). The source post uses an absolute
/// `|v|² > 1e-5`; a relative bound keeps the test meaningful for shapes of any size. At 1e-6 the
/// displacement is within ~8 f32 ulps of the size: below that it is rounding.
pub const TOI_VELOCITY_EPSILON: f32 = 1.0e-6;

/// Swept SAT's contact point: core vertices within this fraction of the
/// configuration's size of the supporting line at impact count as touching it
/// (dimensionless). A face tilted by up to ~1e-4 rad against the other shape's face
/// (over a unit length) still gives a face contact and a midpoint, not one corner.
pub const TOI_FEATURE_TOLERANCE: f32 = 1.0e-4;

/// Shape cast (conservative advancement): the cast stops when the surfaces are
/// closer than this fraction of the configuration's size (dimensionless); the last
/// gap is then closed by one linear step, which never passes the true impact.
/// 1e-5 sits above GJK's f32 distance noise (~1e-6 of the size), so the loop does
/// not chase rounding, and the linear step makes the time error second-order in it.
pub const CAST_TOLERANCE: f32 = 1.0e-5;

/// Default bound on conservative-advancement steps (each one GJK distance query).
/// Face contacts converge in one or two steps; a grazing contact (the path tangent
/// to the other shape) converges linearly, halving the remaining time per step,
/// so 30 steps reach ~1e-9 of the step there.
pub const DEFAULT_CAST_MAX_ITERATIONS: u32 = 30;

/// SAT reference-face bias, relative part (dimensionless): when both shapes
/// penetrate, B's face replaces A's only if `s_B > 0.95·s_A + 0.01·h_B`
/// (Box2D-Lite's `relativeTol`). See `sat/`.
pub const SAT_RELATIVE_TOLERANCE: f32 = 0.95;

/// SAT reference-face bias, absolute part (dimensionless; multiplied by `h_B`, the
/// distance from B's core centroid to B's face plus B's radius, a length): Box2D-Lite's
/// `absoluteTol`, which it multiplies by the box half extent.
pub const SAT_ABSOLUTE_TOLERANCE: f32 = 0.01;

/// Box2D's linear slop (`B2_LINEAR_SLOP`, length units): the contact tolerance its
/// rules are written in — the segment rule below, the hull builder (`quickhull.rs`)
/// and the rotating time of impact's target and band (`toi/rotating`).
pub const LINEAR_SLOP: f32 = 0.005;

/// Rotating time of impact: bound on outer iterations (GJK distances). Box2D stops at
/// 20; a fast spin is followed through its turns in short intervals (see
/// `toi/rotating`), each at least one iteration.
pub const ROTATING_TOI_MAX_ITERATIONS: u32 = 4096;

/// Largest angular velocity a scene may give a shape (radians per step, either way):
/// 100 turns per step; the rotating time of impact follows a spin in intervals whose
/// number grows with it, within [`ROTATING_TOI_MAX_ITERATIONS`].
pub const MAX_ANGULAR_VELOCITY: f32 = 200.0 * std::f32::consts::PI;

/// Rotating time of impact: iterates of the root finder per push-back (Box2D's 50).
pub const TOI_ROOT_ITERATIONS: u32 = 50;

/// Two segment cores with Box2D v3's preset (`b2CollideCapsules`,
/// `manifold/box2d/capsules.rs`): B's face is the reference only when its separation
/// beats A's by more than this (0.1 × linear slop, length units). Box2D v3.1+ dropped
/// this bias for polygons (A's face on a tie, B's when strictly better) but kept it for
/// capsules.
pub const SEGMENT_FLIP_TOLERANCE: f32 = 0.1 * LINEAR_SLOP;

/// Contact manifold (`manifold/`, `box_box/`): cores closer than this fraction of
/// the configuration's size (the sum of both bounding radii) count as touching, and
/// the manifold takes its normal from SAT or EPA rather than from GJK's closest
/// points (dimensionless). GJK's witness points carry f32 noise of ~1e-7 of the size;
/// a normal taken from two points 1e-4 of the size apart is then good to ~1e-3 rad.
pub const MANIFOLD_TOUCHING_TOLERANCE: f32 = 1.0e-4;

/// Contact manifold, EPA path: the reference edge is B's only when B's edge normal is
/// more aligned with the normal than A's by more than this (a difference of cosines,
/// dimensionless), so nearly parallel faces keep A as the reference. 1e-4 is a tilt
/// of ~0.8° against an exactly aligned face; under it both faces give the same points
/// to within the tilt times the edge length.
pub const REFERENCE_ALIGNMENT_TOLERANCE: f32 = 1.0e-4;

/// Most points a 2D contact manifold has.
pub const MAX_MANIFOLD_POINTS: usize = 2;

/// Sutherland–Hodgman (`sutherland_hodgman/`): consecutive output vertices closer than this
/// fraction of the polygons' size are merged into one (dimensionless), so a clip line
/// through a vertex does not leave a zero-length edge.
pub const CLIP_WELD_TOLERANCE: f32 = 1.0e-6;

/// Ray casts (`raycast/`): a ray whose origin or translation has a coordinate larger
/// than this (length units) is refused with the status `out_of_range`. Squares of
/// lengths up to 1e15 (1e30) stay far from f32's overflow at 3.4e38, so no
/// intermediate of a ray cast can become infinite; shapes themselves are bounded by
/// [`MAX_COORDINATE`].
pub const RAY_MAX_COORDINATE: f32 = 1.0e15;

/// Ray casts: a translation whose squared length is below this (length units
/// squared; f32's smallest normal number, so `|d|` ≈ 1.1e-19) counts as zero. The
/// ray is then a point and the cast a point query: its unit direction could not be
/// formed without underflow.
pub const RAY_MIN_TRANSLATION_SQUARED: f32 = f32::MIN_POSITIVE;

/// Ray casts: the ray is cut where it has left the shape's bounding disc for good
/// (fraction `(|o| + R) / |d|`, `o` the origin in the shape's frame, `R` the bounding
/// radius), widened by this fraction (dimensionless) against rounding. Nothing lies
/// beyond, so no answer changes; a huge `max_fraction` then costs no precision.
pub const RAY_REACH_MARGIN: f32 = 1.0e-2;

/// GJK ray cast (`raycast/gjk.rs`): the march stops when the point on the ray is
/// within this fraction of the configuration's size (the shape's bounding radius plus
/// the distance of the ray's origin from the shape's frame origin; dimensionless) of
/// the shape. f32 puts ~1e-7 of that size of rounding into each point of the ray, so
/// 1e-6 sits above the noise. A face is met exactly (the march lands on its plane);
/// an arc to within this distance.
pub const RAY_GJK_TOLERANCE: f32 = 1.0e-6;

/// Polygon ray cast (`raycast/polygon.rs`): a clip that leaves a sliver of an interval
/// (its length along the ray under [`RAY_SLIVER_INTERVAL`] of the configuration's
/// size: bounding radius plus origin distance plus translation length) is checked by
/// the entry point's distance to the polygon's edges; beyond this fraction of the size
/// (dimensionless) it is a miss. The planes of a sharp tip of angle α pass a point δ
/// beyond the tip at only ~δ·α, under f32's rounding for α ~ 1e-3, so the clip alone
/// calls a line that misses a sliver's tip by 1e-4 a hit; the distance to the tip's
/// segments is well conditioned. 2e-6 sits above the rounding of that distance (~1e-7
/// of the size).
pub const RAY_SLIVER_DISTANCE: f32 = 2.0e-6;

/// Polygon ray cast: an interval shorter than this fraction of the configuration's
/// size (dimensionless) gets the [`RAY_SLIVER_DISTANCE`] check. Only grazing lines
/// leave such short intervals, so the check costs nothing on ordinary hits.
pub const RAY_SLIVER_INTERVAL: f32 = 1.0e-3;

/// GJK ray cast: default bound on iterations (support evaluations) per march. A face
/// or a corner takes 2 to 4; an arc met head-on 3 to 6; a ray grazing an arc
/// converges linearly and may use many more.
pub const DEFAULT_RAY_GJK_MAX_ITERATIONS: u32 = 64;

/// Chain segments (`chain/`): the sine of the angle by which a candidate contact normal
/// may turn past a convex neighbour's normal and still be admitted (dimensionless;
/// Box2D's `sinTol` in `b2ClassifyNormal`, ~0.57°).
pub const CHAIN_SINE_TOLERANCE: f32 = 0.01;

/// Chain segments: an end of a segment is a convex corner when the chain turns there
/// by more than this sine, `cross(edge0, edge1) ≥ 0.01` (dimensionless; Box2D's
/// `convexTol`). Flatter and concave ends count as not convex.
pub const CHAIN_CONVEX_SINE: f32 = 0.01;

/// Chain segments against a polygon: cores farther apart than this (length units;
/// Box2D's `0.1 · B2_LINEAR_SLOP`) take their normal from the closest features (GJK);
/// closer ones, or a shape behind the segment's line, from a separating-axis search.
pub const CHAIN_CLOSEST_FEATURES_DISTANCE: f32 = 0.1 * LINEAR_SLOP;
