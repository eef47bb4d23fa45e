//! Step 1, the normal that selects the features ([`choose_normal`]): SAT's axis, EPA's
//! normal, or the direction between the cores' closest points (GJK's) when the cores
//! are apart beyond the touching band; and, for two edges, which of them is the
//! reference ([`reference_is_b`]).

use super::features::{Edge, Pair};
use super::{ManifoldInput, ManifoldSource, NormalChoice, NormalSource};
use crate::core::consts::REFERENCE_ALIGNMENT_TOLERANCE;
use crate::core::epa::{penetration, EpaTermination, PenetrationInput};
use crate::core::gjk::{shape_distance, DistanceInput, SimplexCache};
use crate::core::sat::{separating_axis, Owner, SatInput, SatOutput};
use glam::Vec2;

/// The outcome of step 1.
pub(super) enum Step1 {
    /// A normal to select the features with.
    Normal(NormalChoice),
    /// Farther than the speculative distance (separation, direction in A's frame if known).
    Separated(f32, Vec2),
}

/// Step 1: the normal from `input.source`, or the proof that the pair is farther
/// apart than the speculative distance.
#[inline]
pub(super) fn choose_normal(input: &ManifoldInput, pair: &Pair) -> Step1 {
    match input.source {
        ManifoldSource::Sat => normal_sat(input, pair),
        ManifoldSource::Epa => normal_epa(input, pair),
    }
}

/// Step 1 for the SAT source.
#[inline]
fn normal_sat(input: &ManifoldInput, pair: &Pair) -> Step1 {
    let (na, nb) = (pair.a.vertices().len(), pair.b.vertices().len());
    if na >= 3 && nb >= 3 {
        // SAT first: exact sign and depth for two polygons.
        let sat = sat_of(input);
        let n = pair.xf_a.q.apply_inv(sat.normal);
        if sat.separation > pair.spec {
            return Step1::Separated(sat.separation, n);
        }
        let core = sat.separation + pair.a.radius() + pair.b.radius();
        if !pair.apart(core) {
            return Step1::Normal(NormalChoice {
                normal: n,
                separation: sat.separation,
                source: NormalSource::Sat,
                hint: Some((sat.axis_owner, sat.edge)),
                vertex_vertex: None,
            });
        }
        return closest_points_or(input, pair);
    }
    // A segment or capsule: SAT over face normals cannot tell parallel 2-vertex cores
    // apart along their line, so the distance decides first.
    closest_points_or(input, pair)
}

/// Step 1 for the EPA source.
#[inline]
fn normal_epa(input: &ManifoldInput, pair: &Pair) -> Step1 {
    let pen = penetration(
        &PenetrationInput {
            pair: input.pair,
            gjk_max_iterations: input.gjk_max_iterations,
            epa_tolerance: input.epa_tolerance,
            epa_max_iterations: input.epa_max_iterations,
        },
        None,
        None,
    );
    match pen {
        Some(p) if p.termination != EpaTermination::CoreSeparated => Step1::Normal(NormalChoice {
            normal: pair.xf_a.q.apply_inv(p.normal),
            separation: -p.depth,
            source: NormalSource::Epa,
            hint: None,
            vertex_vertex: None,
        }),
        _ => closest_points_or(input, pair),
    }
}

#[inline]
fn sat_of(input: &ManifoldInput) -> SatOutput {
    separating_axis(
        &SatInput {
            pair: input.pair,
            bias: input.sat_bias,
        },
        None,
    )
}

/// GJK on the cores: the closest-points normal when they are apart by more than the
/// touching tolerance, else SAT's axis.
#[inline]
fn closest_points_or(input: &ManifoldInput, pair: &Pair) -> Step1 {
    // An empty cache: a cold start as without one, and it returns GJK's vertex pairs.
    let mut cache = SimplexCache::default();
    let d = shape_distance(
        &DistanceInput {
            pair: input.pair,
            use_radii: false,
            max_iterations: input.gjk_max_iterations,
        },
        Some(&mut cache),
        None,
    );
    let radii = pair.a.radius() + pair.b.radius();
    let separation = d.distance - radii;
    let n = d
        .normal
        .map(|n| pair.xf_a.q.apply_inv(n))
        .unwrap_or(Vec2::ZERO);
    if separation > pair.spec {
        return Step1::Separated(separation, n);
    }
    if pair.apart(d.distance) && n != Vec2::ZERO {
        return Step1::Normal(NormalChoice {
            normal: n,
            separation,
            source: NormalSource::ClosestPoints,
            hint: None,
            vertex_vertex: (d.simplex_count == 1)
                .then_some((cache.index_a[0] as usize, cache.index_b[0] as usize)),
        });
    }
    let sat = sat_of(input);
    Step1::Normal(NormalChoice {
        normal: pair.xf_a.q.apply_inv(sat.normal),
        separation: sat.separation,
        source: NormalSource::Sat,
        hint: Some((sat.axis_owner, sat.edge)),
        vertex_vertex: None,
    })
}

/// Segment–segment: whether B's edge `fb`, not A's `fa`, is the reference. SAT's face
/// when `c` names one; with the closest-points normal of separated cores, the face
/// whose plane separates them more; else the edge more perpendicular to the normal
/// (its edge normal more aligned with it), A within
/// [`REFERENCE_ALIGNMENT_TOLERANCE`].
#[inline]
pub(super) fn reference_is_b(fa: &Edge, fb: &Edge, c: &NormalChoice) -> bool {
    let n = c.normal;
    match (c.hint, c.source) {
        (Some((owner, _)), _) => owner == Owner::B,
        (None, NormalSource::ClosestPoints) => {
            // Cores apart: the face whose plane separates them more (the
            // closest edge), A on ties — SAT's rule for separated shapes.
            let sep_a = (fb.v1 - fa.v1)
                .dot(fa.normal)
                .min((fb.v2 - fa.v1).dot(fa.normal));
            let sep_b = (fa.v1 - fb.v1)
                .dot(fb.normal)
                .min((fa.v2 - fb.v1).dot(fb.normal));
            sep_b > sep_a
        }
        (None, _) => {
            let align_a = fa.normal.dot(n);
            let align_b = fb.normal.dot(-n);
            align_b > align_a + REFERENCE_ALIGNMENT_TOLERANCE
        }
    }
}
