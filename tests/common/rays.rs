//! Random rays against random shapes of every kind, and the exact answer in f64: the
//! library's fuzzer's own ([`collidescope::verify::random_ray_case`], the oracle
//! [`collidescope::verify::RayFrame`]; see `src/verify/exact_ray.rs` for how it
//! decides and when a ray is ambiguous), under the names the ray tests use.

// Each test crate takes what it needs.
#[allow(unused_imports)]
pub use collidescope::verify::{
    random_ray_case as random_case, ExactRay as Exact, RayCase as Case, RayFrame as Frame,
    RayKind as Kind,
};
