//! The fuzzer: seeded random shape pairs of every kind, the collision core checked
//! against exact references in f64 and against itself; every disagreement becomes a
//! scene file the debugger opens.
//!
//! Frame convention: pairs are placed in world space by a [`Pose`] per shape (local
//! geometry, position, angle in radians counter-clockwise); every compared quantity
//! is in world space; normals point from A to B (the direction B must move to
//! separate).
//!
//! ## Pairs
//! Pair `index` of run `seed` is generated from those two numbers alone
//! ([`generate_pair`]), so any pair is reproduced with `--seed S --start I --count 1`;
//! `--family F` draws each pair as usual and gives it family F ([`generate_pair_in`]),
//! so a pair of family F is the same pair in a run of that family alone.
//! Shape kinds ([`Kind`]): circle, polygon (3 to 16 vertices on a jittered ellipse),
//! random hull (3 to 24 random points, 3 to 16 hull vertices), box, capsule, segment,
//! single point, rounded polygon, rounded box. Families ([`Family`]) are the ways a
//! pair is placed: general, touching (exactly, and within 1e-6 of the size), nearly
//! parallel faces (within 1e-4 rad, near contact), tiny against huge (1e-2 against
//! 1e2), large coordinates (offsets of 1e3 to 1e5), slivers (aspect 1e3), coincident
//! shapes, moving pairs (aimed, passing, zero and equal velocities), and rotating
//! pairs (moving and turning, up to 20 turns per step; thin bars and slivers; some
//! shifted to graze), the only ones that turn.
//!
//! ## Rays
//! Each pair also gets two rays ([`fuzz_rays`]): one against shape A, one against B,
//! drawn from a stream of their own, [`Rng::for_stream`]`(seed, index,`
//! [`RAY_STREAM_SALT`]`)`, so a seed's pairs are the same with or without them. Each
//! is of a [`RayClass`]: general (aimed at the shape from up to 50 radii), grazing
//! (1e-6 to 1e-1 of the size off a tangent), exactly tangent, through a core vertex,
//! parallel to an edge (on its line, on the surface's, or just off), from a surface
//! point, from inside, or of zero length; `max_fraction` 1 (the scene format's
//! rays, so a disagreement's scene holds the very rays, `RA` and `RB`). Both ray
//! casts (the exact functions, GJK) are judged against the f64 ray oracle
//! ([`RayFrame`], `exact_ray.rs`; checks `ray_exact` and `ray_gjk`, `checks/rays.rs`);
//! rays the oracle cannot decide to f32 are counted per class, not compared. With
//! `--peers`, Box2D's and parry's answers to the same rays are classified
//! (`peers_ray.rs`). The ray tests (`tests/raycast.rs`, `tests/peers_raycast.rs`)
//! draw their cases from the same generator ([`random_ray_case`]).
//!
//! ## Chains
//! `--family chain` runs chain cases instead of pairs ([`chain_case`], a stream of
//! its own, [`CHAIN_STREAM_SALT`]): a random chain (open under either convention, or
//! a loop; collinear runs, sharp convex and concave corners, very short segments),
//! one of its segments and a shape placed near it ([`ChainClass`]). There is no f64
//! reference for Box2D's smooth manifold: the case is judged against Box2D v3 itself
//! (`peers_chain.rs`, with the `peers` feature): the same keep/drop decision, point
//! count, and normal within 1e-4.
//!
//! ## The exact references (f64, computed from the f32 inputs as given)
//! - **Distance**: the brute-force closest distance of the core outlines: the minimum
//!   over every vertex of one core against every edge of the other, 0 when an edge of
//!   one crosses an edge of the other or one core holds the other; minus both radii.
//!   Exact for any convex cores (a circle is a 1-vertex core, a capsule a 2-vertex one).
//! - **Depth**: the separating axis test over every edge normal of both cores (a
//!   2-vertex core has two, one per side): the edge normals of the core difference
//!   B − A are among them, so when the cores overlap the largest separation is exactly
//!   minus the core depth; the radii are then added. When the cores are apart but
//!   the radii overlap, the depth is `rA + rB − distance` along the closest points.
//! - **Penetration along a direction** `n` ([`Reference::penetration_along`]):
//!   `max_A a·n − min_B b·n + rA + rB`, how far B must move along `n` to separate.
//!   Every direction gives at least the depth; the minimum translation gives it.
//! - **Overlap area**: Sutherland–Hodgman in f64 of the two cores.
//! - **Time of impact**: `f(t)`, the signed distance at time `t`, is the signed
//!   distance of the point `−v·t` (v = vB − vA) from the core difference (its convex
//!   hull, built by brute force) grown by the radii: convex in `t`. Its minimum on
//!   [0, 1] (golden section) says hit or miss; the first root (bisection) is the time.
//! - **Ray casts** ([`RayFrame`]): along the ray the signed distance to the shape is
//!   convex; its sign at the origin says inside, its minimum (golden section) hit or
//!   miss, bisection the entry or exit; a bare segment in closed form. Ambiguous
//!   within `1e-5·L` ([`RAY_TOLERANCE`], `L = R + |o| + |d|` in the shape's frame).
//! - **Rotating time of impact** ([`RotatingOracle`], `exact_toi.rs`): the first time
//!   the brute-force core distance of the turning shapes reaches a level, by a
//!   Lipschitz branch and bound (the distance changes no faster than the bound of
//!   conservative advancement, `|Δv| + |ωA|·ρA + |ωB|·ρB`) and bisection to 1e-9, with
//!   even samples as a cross-check; asked at the answer's target ± its band, it gives
//!   the window a right answer lies in (`checks/toi_rotating.rs`). It follows Box2D's
//!   nlerp of the rotation too, to judge Box2D in its own motion (`peers_rotating.rs`).
//!
//! ## Tolerances (`L`: the size of the configuration seen from A's origin)
//! `L` is the size of the configuration as the core sees it in A's frame: the largest
//! local vertex of A, or the distance between the two positions plus B's largest
//! local vertex, plus both radii. The core works in A's local frame (B brought into
//! it; world positions near each other subtract exactly), so its scalar results
//! (distance, depth, separations, times) carry f32 rounding relative to `L`, not to
//! the world coordinates; world-space points also carry the rounding of the world
//! coordinates (`W`, the largest absolute world coordinate). See the constants below
//! for each.

mod checks;
pub mod exact;
mod exact_ray;
mod exact_toi;
mod generate;
mod kinds;
#[cfg(feature = "peers")]
mod peer_report;
#[cfg(feature = "peers")]
pub mod peers;
#[cfg(feature = "peers")]
pub mod peers_chain;
#[cfg(feature = "peers")]
mod peers_ray;
#[cfg(feature = "peers")]
pub mod peers_rotating;
pub mod profile;
mod reference;
mod report;
mod results;
mod rng;
mod run;
mod scenes;
pub mod shrink;
pub mod sweep;
mod tolerances;

pub use checks::*;
pub use exact::*;
pub use exact_ray::*;
pub use exact_toi::*;
pub use generate::*;
pub use kinds::*;
pub use reference::*;
pub use report::*;
pub use results::*;
pub use rng::*;
pub use run::*;
pub use scenes::*;
pub use tolerances::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::shape::{Pose, Shape};
    use glam::{DVec2, Vec2};

    fn pair_of(a: Shape, pa: Pose, b: Shape, pb: Pose) -> FuzzPair {
        FuzzPair {
            seed: 0,
            index: 0,
            family: Family::General,
            kind_a: Kind::Box,
            kind_b: Kind::Box,
            shape_a: a,
            pose_a: pa,
            velocity_a: Vec2::ZERO,
            shape_b: b,
            pose_b: pb,
            velocity_b: Vec2::ZERO,
            angular_velocity_a: 0.0,
            angular_velocity_b: 0.0,
        }
    }

    fn unit_box() -> Shape {
        Shape::cuboid(Vec2::new(1.0, 1.0)).unwrap()
    }

    #[test]
    fn reference_distance_and_depth_of_boxes() {
        let p = pair_of(
            unit_box(),
            Pose::IDENTITY,
            unit_box(),
            Pose::new(Vec2::new(3.0, 0.5), 0.0),
        );
        let r = Reference::new(&p);
        assert!((r.distance() - 1.0).abs() < 1e-12, "{}", r.distance());
        assert!((r.normal.unwrap() - DVec2::X).length() < 1e-12);
        let p = pair_of(
            unit_box(),
            Pose::IDENTITY,
            unit_box(),
            Pose::new(Vec2::new(1.5, 0.25), 0.0),
        );
        let r = Reference::new(&p);
        assert!((r.depth() - 0.5).abs() < 1e-12, "{}", r.depth());
        assert!((r.normal.unwrap() - DVec2::X).length() < 1e-12);
        assert!((r.penetration_along(DVec2::X) - 0.5).abs() < 1e-12);
        assert!((r.penetration_along(DVec2::Y) - 1.75).abs() < 1e-12);
        assert!(!r.normal_is_tie(DVec2::X, 0.5 + 1e-6));
    }

    #[test]
    fn reference_vertex_to_vertex_and_radii() {
        // A box corner (1, 1) against a circle at (2, 2): distance √2 − 0.5.
        let p = pair_of(
            unit_box(),
            Pose::IDENTITY,
            Shape::circle(0.5).unwrap(),
            Pose::new(Vec2::new(2.0, 2.0), 0.0),
        );
        let r = Reference::new(&p);
        assert!((r.signed - (2f64.sqrt() - 0.5)).abs() < 1e-7);
        let n = r.normal.unwrap();
        assert!((n - DVec2::new(1.0, 1.0).normalize()).length() < 1e-7);
        // Crossing segments penetrate: B − A is a parallelogram, and B must move by
        // sin(1) (along A's normal, pushing its end past A's line) to separate.
        let s = Shape::segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)).unwrap();
        let p = pair_of(s.clone(), Pose::IDENTITY, s, Pose::new(Vec2::ZERO, 1.0));
        let r = Reference::new(&p);
        assert_eq!(r.core_distance, 0.0);
        assert!((r.depth() - 1f64.sin()).abs() < 1e-7, "{}", r.depth());
    }

    #[test]
    fn square_pair_at_45_degrees_is_a_tie() {
        // Two equal squares, B centred on A's corner: pushing out along +x or +y
        // costs the same.
        let p = pair_of(
            unit_box(),
            Pose::IDENTITY,
            unit_box(),
            Pose::new(Vec2::new(1.5, 1.5), 0.0),
        );
        let r = Reference::new(&p);
        assert!((r.depth() - 0.5).abs() < 1e-12);
        assert!(r.normal_is_tie(r.normal.unwrap(), 0.5 + 1e-9));
    }

    #[test]
    fn exact_time_of_impact_of_a_box_moving_onto_a_box() {
        let mut p = pair_of(
            unit_box(),
            Pose::IDENTITY,
            unit_box(),
            Pose::new(Vec2::new(5.0, 0.0), 0.0),
        );
        p.velocity_b = Vec2::new(-4.0, 0.0);
        let r = Reference::new(&p);
        let t = ExactToi::new(&p, &r);
        // Gap 3, closing at 4: t = 0.75, head on.
        assert!((t.t_hit.unwrap() - 0.75).abs() < 1e-9, "{:?}", t.t_hit);
        assert!((t.incidence.unwrap() - 1.0).abs() < 1e-6);
        p.velocity_b = Vec2::new(-2.0, 0.0);
        let t = ExactToi::new(&p, &Reference::new(&p));
        assert!(t.t_hit.is_none());
        assert!((t.f_min - 1.0).abs() < 1e-9);
    }

    #[test]
    fn f64_clip_of_overlapping_squares() {
        let sq = |c: DVec2| {
            vec![
                c + DVec2::new(-1.0, -1.0),
                c + DVec2::new(1.0, -1.0),
                c + DVec2::new(1.0, 1.0),
                c + DVec2::new(-1.0, 1.0),
            ]
        };
        let out = clip64(&sq(DVec2::ZERO), &sq(DVec2::new(1.0, 1.0)));
        assert!((0.5 * twice_area64(&out) - 1.0).abs() < 1e-12);
        assert!(clip64(&sq(DVec2::ZERO), &sq(DVec2::new(3.0, 0.0))).is_empty());
    }

    #[test]
    fn generation_is_deterministic_and_covers_every_family_and_kind() {
        let mut families = std::collections::HashSet::new();
        let mut kinds = std::collections::HashSet::new();
        for i in 0..600 {
            let p = generate_pair(7, i);
            assert_eq!(p, generate_pair(7, i));
            families.insert(p.family);
            kinds.insert(p.kind_a);
            kinds.insert(p.kind_b);
        }
        assert_eq!(families.len(), Family::ALL.len());
        assert_eq!(kinds.len(), Kind::ALL.len());
    }

    #[test]
    fn touching_family_lands_within_the_band() {
        let mut seen = 0;
        for i in 0..2000 {
            let p = generate_pair(3, i);
            if p.family != Family::Touching {
                continue;
            }
            seen += 1;
            let r = Reference::new(&p);
            // Rounding the f64 placement to f32 moves B by an f32 ulp of its position.
            let band = 1.0e-6 * r.scale + 4.0 * f32::EPSILON as f64 * r.world;
            assert!(r.signed.abs() <= band, "pair {i}: signed {}", r.signed);
        }
        assert!(seen > 100);
    }
}
