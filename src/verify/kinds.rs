//! What is generated and what is checked: shape kinds, placement families, the checks
//! and their bounds.

use crate::scene::view_state::Algorithm;

/// The shape kinds generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Circle,
    /// 3 to 16 vertices on a jittered ellipse.
    Polygon,
    /// The convex hull of 3 to 24 random points (3 to 16 vertices).
    Hull,
    Box,
    Capsule,
    Segment,
    /// A single point (a 1-vertex polygon, radius 0).
    Point,
    RoundedPolygon,
    RoundedBox,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Circle,
        Kind::Polygon,
        Kind::Hull,
        Kind::Box,
        Kind::Capsule,
        Kind::Segment,
        Kind::Point,
        Kind::RoundedPolygon,
        Kind::RoundedBox,
    ];

    /// Kinds with edges (at least a 2-vertex core).
    pub(super) const EDGED: [Kind; 7] = [
        Kind::Polygon,
        Kind::Hull,
        Kind::Box,
        Kind::Capsule,
        Kind::Segment,
        Kind::RoundedPolygon,
        Kind::RoundedBox,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Circle => "circle",
            Kind::Polygon => "polygon",
            Kind::Hull => "random hull",
            Kind::Box => "box",
            Kind::Capsule => "capsule",
            Kind::Segment => "segment",
            Kind::Point => "point",
            Kind::RoundedPolygon => "rounded polygon",
            Kind::RoundedBox => "rounded box",
        }
    }
}

/// How a pair is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Sizes 0.5 to 2, overlapping, apart, or nearly touching.
    General,
    /// Exactly touching (to f64, then rounded to f32), or within 1e-6 of the size.
    Touching,
    /// A face of B within 1e-4 rad of anti-parallel to a face of A, near contact.
    NearlyParallel,
    /// Sizes 1e-2 against 1e2.
    TinyHuge,
    /// The pair offset by 1e3 to 1e5 in each coordinate.
    LargeCoordinates,
    /// One or both shapes with aspect ratio 1e3.
    Sliver,
    /// The same shape at the same pose, the same position turned, or 1e-6 apart.
    Coincident,
    /// Velocities: aimed, passing by, zero, equal, one shape still.
    Moving,
    /// Moving and turning: every kind, thin bars and slivers among them; turns from
    /// none to 20 per step; some shifted to graze (see `generate/rotating.rs`).
    Rotating,
}

impl Family {
    pub const ALL: [Family; 9] = [
        Family::General,
        Family::Touching,
        Family::NearlyParallel,
        Family::TinyHuge,
        Family::LargeCoordinates,
        Family::Sliver,
        Family::Coincident,
        Family::Moving,
        Family::Rotating,
    ];

    /// Share of the pairs, in percent (they add up to 100).
    pub(super) const WEIGHTS: [u32; 9] = [22, 14, 9, 9, 9, 9, 5, 13, 10];

    pub fn name(self) -> &'static str {
        match self {
            Family::General => "general",
            Family::Touching => "touching",
            Family::NearlyParallel => "nearly_parallel",
            Family::TinyHuge => "tiny_huge",
            Family::LargeCoordinates => "large_coordinates",
            Family::Sliver => "sliver",
            Family::Coincident => "coincident",
            Family::Moving => "moving",
            Family::Rotating => "rotating",
        }
    }

    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    pub(super) fn index(self) -> usize {
        Family::ALL.iter().position(|f| *f == self).unwrap_or(0)
    }
}

/// The checks, in the order of the summary table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Check {
    /// GJK distance (radii subtracted) against the brute-force outline distance.
    GjkDistance,
    /// GJK's witness points lie on the surfaces, as far apart as the distance.
    GjkWitness,
    /// GJK's normal of apart cores against the exact closest-points direction.
    GjkNormal,
    /// EPA depth (and whether EPA finds an overlap) against the exact depth.
    EpaDepth,
    /// EPA's normal: a minimum translation (moving B by the depth along it
    /// separates), and the exact normal when no other direction ties.
    EpaNormal,
    /// The core's SAT against the exact SAT: separation, face, the reference bias.
    Sat,
    /// Manifold points on the surfaces, separations consistent and never deeper than
    /// the penetration along the normal; a manifold whenever within the speculative
    /// distance. Both normal sources.
    ManifoldPoints,
    /// The deepest manifold point matches the penetration along the manifold normal
    /// (when the deepest incident vertex lies between the reference face's side
    /// planes); for the EPA source on overlapping pairs, that is the depth.
    ManifoldDepth,
    /// Sutherland–Hodgman (the core's `clip_polygon`) against an exact f64 clip:
    /// area, vertices inside both cores, outcome.
    ClipRegion,
    /// Swapping A and B: same distance and depth, normals negated.
    Symmetry,
    /// Iteration counts within their bounds; no `max_iterations` where the family
    /// does not allow it.
    Termination,
    /// No NaN or infinity in any output.
    Finite,
    /// Swept SAT's time of impact against the exact one (sharp shapes: exact;
    /// rounded: never late).
    SweptToi,
    /// The shape cast's time of impact against the exact one (never late, touching
    /// at the time reported).
    CastToi,
    /// Swept SAT against the shape cast, sharp moving pairs that both hit.
    SweptVsCast,
    /// The rotating time of impact (target: touching) against the exact window of the
    /// f64 oracle, rotating family (see `checks/toi_rotating.rs`).
    ToiRotating,
    /// The exact ray cast (`raycast::ray_cast`) of each pair's two rays (one against
    /// A, one against B; see `checks/rays.rs`) against the f64 ray oracle: status,
    /// fraction or exit, point, normal, feature.
    RayExact,
    /// The same for the GJK ray cast (`raycast::ray_cast_gjk`).
    RayGjk,
}

impl Check {
    pub const ALL: [Check; 18] = [
        Check::GjkDistance,
        Check::GjkWitness,
        Check::GjkNormal,
        Check::EpaDepth,
        Check::EpaNormal,
        Check::Sat,
        Check::ManifoldPoints,
        Check::ManifoldDepth,
        Check::ClipRegion,
        Check::Symmetry,
        Check::Termination,
        Check::Finite,
        Check::SweptToi,
        Check::CastToi,
        Check::SweptVsCast,
        Check::ToiRotating,
        Check::RayExact,
        Check::RayGjk,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Check::GjkDistance => "gjk_distance",
            Check::GjkWitness => "gjk_witness",
            Check::GjkNormal => "gjk_normal",
            Check::EpaDepth => "epa_depth",
            Check::EpaNormal => "epa_normal",
            Check::Sat => "sat",
            Check::ManifoldPoints => "manifold_points",
            Check::ManifoldDepth => "manifold_depth",
            Check::ClipRegion => "clip_region",
            Check::Symmetry => "symmetry",
            Check::Termination => "termination",
            Check::Finite => "finite",
            Check::SweptToi => "swept_toi",
            Check::CastToi => "cast_toi",
            Check::SweptVsCast => "swept_vs_cast",
            Check::ToiRotating => "toi_rotating",
            Check::RayExact => "ray_exact",
            Check::RayGjk => "ray_gjk",
        }
    }

    /// True for the ray checks (their scenes hold the pair's rays).
    pub fn is_ray(self) -> bool {
        matches!(self, Check::RayExact | Check::RayGjk)
    }

    pub(super) fn index(self) -> usize {
        Check::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }

    /// The algorithm a scene of this disagreement opens on.
    pub(super) fn algorithm(self) -> Algorithm {
        match self {
            Check::GjkDistance | Check::GjkWitness | Check::GjkNormal | Check::Finite => {
                Algorithm::Gjk
            }
            Check::EpaDepth | Check::EpaNormal | Check::Symmetry | Check::Termination => {
                Algorithm::Epa
            }
            Check::Sat => Algorithm::Sat,
            Check::ManifoldPoints | Check::ManifoldDepth => Algorithm::Manifold,
            Check::ClipRegion => Algorithm::Clip,
            Check::SweptToi | Check::SweptVsCast => Algorithm::Toi,
            Check::CastToi => Algorithm::Cast,
            Check::ToiRotating => Algorithm::Rotating,
            // The debugger's ray view is not in the scene format yet: the scene opens
            // on the default view, the ray in the shapes' scene.
            Check::RayExact | Check::RayGjk => Algorithm::default(),
        }
    }
}

/// Iteration bounds an algorithm can hit ([`Check::Termination`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    GjkMaxIterations,
    EpaMaxIterations,
    CastMaxIterations,
}

/// Whether `family` may legitimately end an algorithm at its iteration bound.
///
/// - GJK and EPA: no family. With default bounds (20 support evaluations, 64
///   expansions) GJK's duplicate-support test (against the simplex as it entered the
///   step) and its progress test end it on polygons of up to 16 vertices, and EPA's
///   stall test ends it on f32 noise, even for touching, nearly parallel, sliver and
///   coincident pairs. (Before the duplicate fix, nearly parallel and coincident pairs
///   cycled to GJK's bound: about 3 in 1,000 of them.)
/// - The shape cast: no family either; only a *grazing* contact (the path tangent to
///   the other shape) converges linearly (see `cast.rs`), whatever the family, so
///   [`Check::Termination`] accepts `max_iterations` from the cast exactly when the
///   exact closing speed at first contact is under [`GRAZING_COSINE`] of the relative
///   speed or the least gap is within the length tolerance, and [`Check::CastToi`]
///   then asks only for a conservative time.
pub fn bound_allowed(family: Family, bound: Bound) -> bool {
    let _ = (family, bound);
    false
}

/// A contact counts as grazing when the exact closing speed at the first contact is
/// under this fraction of the relative speed (the cosine of the angle between the
/// path and the contact normal): the cast then halves the remaining time per step.
pub const GRAZING_COSINE: f64 = 1.0e-2;
