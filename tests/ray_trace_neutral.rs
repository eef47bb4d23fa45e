//! Tracing only records: a traced ray cast gives the untraced answer bit for bit, for
//! every shape kind and both methods, on the fuzzer's rays (grazing, parallel to an
//! edge, tangent, through a vertex, from inside, on the boundary, zero length…). The
//! window shows traced casts, the report and the fuzzer untraced ones: they must agree.
//! (A capsule once decided on an exit computed only when tracing: a line nearly along
//! its axis, the far cap's circle missed by rounding, was a hit untraced and a miss
//! traced.)

use collidescope::core::raycast::{ray_cast, ray_cast_gjk, RayCastInput, RayTrace};
use collidescope::verify::{fuzz_rays, generate_pair_in};

#[test]
fn a_traced_ray_cast_answers_as_the_untraced_one() {
    let (mut casts, mut differ) = (0, Vec::new());
    for index in 0..30_000u64 {
        let p = generate_pair_in(11, index, None);
        for fr in fuzz_rays(&p) {
            for (shape, xf) in [(&p.shape_a, p.transform_a()), (&p.shape_b, p.transform_b())] {
                let input = RayCastInput::new(shape, xf, fr.ray);
                let mut trace = RayTrace::default();
                let exact = (ray_cast(&input, None), ray_cast(&input, Some(&mut trace)));
                let mut trace = RayTrace::default();
                let gjk = (
                    ray_cast_gjk(&input, None),
                    ray_cast_gjk(&input, Some(&mut trace)),
                );
                casts += 2;
                for (method, (plain, traced)) in [("exact", exact), ("gjk", gjk)] {
                    if format!("{plain:?}") != format!("{traced:?}") && differ.len() < 5 {
                        differ.push(format!(
                            "pair {index} {method} {}: untraced {plain:?}, traced {traced:?}",
                            shape.geometry().kind_name()
                        ));
                    }
                }
            }
        }
    }
    assert!(casts > 200_000, "{casts} casts");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
