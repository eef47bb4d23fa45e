//! The translational cast drawn in configuration space as a GJK ray cast on B − A
//! (`trace::cast_ray`) must be the same cast: on the fuzzer's moving pairs, a hit
//! whenever the shape cast (conservative advancement) hits with room to spare, and the
//! same time of impact.

use collidescope::core::minkowski::minkowski_difference;
use collidescope::core::settings::Settings;
use collidescope::core::toi::shape_cast::shape_cast;
use collidescope::trace::cast_ray::{cast_ray, CastRayRefusal};
use collidescope::verify::{generate_pair_in, Family};

#[test]
fn the_ray_on_b_minus_a_and_the_shape_cast_agree_on_moving_pairs() {
    let settings = Settings::default();
    let (mut hits, mut compared, mut refused) = (0, 0, 0);
    for index in 0..3000 {
        let pair = generate_pair_in(11, index, Some(Family::Moving));
        let inputs = pair.inputs(&settings);
        let cast = shape_cast(&inputs.cast(), None);
        let scale = pair.shape_a.bounding_radius() + pair.shape_b.bounding_radius();
        let m = minkowski_difference(
            &pair.shape_a,
            &inputs.pair.transform_a,
            &pair.shape_b,
            &inputs.pair.transform_b,
            1.0e-3 * scale,
        );
        let v = pair.velocity_b - pair.velocity_a;
        let ray = match cast_ray(&m, v) {
            Ok(r) => r,
            // Two points (the fuzzer draws bare points): met only exactly.
            Err(CastRayRefusal::NoRelativeMotion | CastRayRefusal::SinglePoint) => continue,
            Err(why) => {
                refused += 1;
                assert!(refused <= 3, "pair {index}: {}", why.words());
                continue;
            }
        };
        compared += 1;
        // Both stop within their tolerance of touching; judge times where the motion
        // is not a graze: the time tolerance is a distance tolerance over the speed.
        let tol_t = 5.0e-4 * scale.max(1.0) / v.length().max(1.0e-6);
        // A hit within the tolerance of t = 0 is touching at the start (the ray, on
        // B − A's boundary, may be leaving it): not judged.
        if cast.hit && cast.t > tol_t && cast.t < 0.98 {
            let o = &ray.output;
            if o.inside {
                // The cast starts within its tolerance of touching; the ray inside.
                assert!(cast.t <= tol_t, "pair {index}: inside, cast t {}", cast.t);
                continue;
            }
            assert!(
                o.hit,
                "pair {index}: cast hit at {}, the ray missed",
                cast.t
            );
            assert!(
                (o.fraction - cast.t).abs() <= tol_t,
                "pair {index}: ray {} cast {} (tolerance {tol_t})",
                o.fraction,
                cast.t
            );
            hits += 1;
        }
    }
    assert!(
        compared > 2000 && hits > 1000,
        "compared {compared}, hits {hits}"
    );
}
