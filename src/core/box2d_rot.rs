//! Box2D v3's rotation from an angle, bit for bit: `b2MakeRot(angle)` is
//! `b2ComputeCosSin(angle)`, a rational approximation of cosine and sine (up to about
//! 1.6e-3 off `cos`/`sin`) chosen for cross-platform determinism, then normalised. A
//! user who copies `angle` from Box2D code gets Box2D's pose only through this
//! arithmetic (the scene setting `angle_from: Box2dMakeRot`, world files).
//!
//! f32 throughout in Box2D's order of operations (Rust never fuses a multiply and an
//! add; boxdd-sys builds Box2D with `-ffp-contract=off`), and `remainderf` done exactly.

use super::math::Rot;

/// `B2_PI` as Box2D writes it: `3.14159265359f` is the f32 nearest π, Rust's `PI`.
const B2_PI: f32 = std::f32::consts::PI;

/// C's `remainderf(x, y)` for finite `x` and positive finite `y`: `x − n·y` with `n`
/// the integer nearest `x / y` (ties to even), which is exact in f32. Computed in f64,
/// where `n·y` and the difference are exact for every `|x| ≤ 2^29 · y`; beyond that
/// the angle has no fraction of a turn left in f32 and the answer is `x − n·y` rounded.
fn remainder(x: f32, y: f32) -> f32 {
    if !x.is_finite() {
        return f32::NAN;
    }
    let (xd, yd) = (f64::from(x), f64::from(y));
    let mut n = (xd / yd).round();
    let mut r = xd - n * yd;
    // `round` may be one off where x / y rounded across a half; settle it exactly.
    if r.abs() > 0.5 * yd || (r.abs() == 0.5 * yd && n % 2.0 != 0.0) {
        let step = if r > 0.0 { 1.0 } else { -1.0 };
        n += step;
        r = xd - n * yd;
    }
    // A zero remainder has the sign of x (C's remainderf(−0, y) is −0).
    if r == 0.0 {
        return 0.0f32.copysign(x);
    }
    r as f32
}

/// `b2ComputeCosSin(radians)`: Box2D's (cosine, sine) of an angle.
pub fn box2d_cos_sin(radians: f32) -> (f32, f32) {
    let x = remainder(radians, 2.0 * B2_PI);
    let pi2 = B2_PI * B2_PI;

    // Cosine wants the angle in [−π/2, π/2].
    let c = if x < -0.5 * B2_PI {
        let y = x + B2_PI;
        let y2 = y * y;
        -(pi2 - 4.0 * y2) / (pi2 + y2)
    } else if x > 0.5 * B2_PI {
        let y = x - B2_PI;
        let y2 = y * y;
        -(pi2 - 4.0 * y2) / (pi2 + y2)
    } else {
        let y2 = x * x;
        (pi2 - 4.0 * y2) / (pi2 + y2)
    };

    // Sine wants the angle in [0, π].
    let s = if x < 0.0 {
        let y = x + B2_PI;
        -16.0 * y * (B2_PI - y) / (5.0 * pi2 - 4.0 * y * (B2_PI - y))
    } else {
        16.0 * x * (B2_PI - x) / (5.0 * pi2 - 4.0 * x * (B2_PI - x))
    };

    let mag = (s * s + c * c).sqrt();
    let inv_mag = if mag > 0.0 { 1.0 / mag } else { 0.0 };
    (c * inv_mag, s * inv_mag)
}

/// `b2MakeRot(radians)`.
pub fn box2d_make_rot(radians: f32) -> Rot {
    let (c, s) = box2d_cos_sin(radians);
    Rot { c, s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remainder_is_ieee_remainder() {
        let two_pi = 2.0 * B2_PI;
        assert_eq!(remainder(0.5, two_pi), 0.5);
        assert_eq!(remainder(-0.5, two_pi), -0.5);
        // Just past half a turn wraps to the other side.
        let r = remainder(3.5, two_pi);
        assert!((r - (3.5 - two_pi)).abs() < 1e-6, "{r}");
        // Exactly half of y rounds the quotient to even (0): the value stays.
        assert_eq!(remainder(1.5, 3.0), 1.5);
        assert_eq!(remainder(4.5, 3.0), -1.5);
        assert!(remainder(f32::INFINITY, two_pi).is_nan());
        assert!(remainder(-0.0, two_pi).is_sign_negative());
    }

    #[test]
    fn close_to_sin_and_cos_and_exact_at_quarter_turns() {
        for i in -400..=400 {
            let a = i as f32 * 0.0237;
            let (c, s) = box2d_cos_sin(a);
            assert!((c - a.cos()).abs() < 2e-3, "{a}: {c} vs {}", a.cos());
            assert!((s - a.sin()).abs() < 2e-3, "{a}: {s} vs {}", a.sin());
            assert!(((c * c + s * s).sqrt() - 1.0).abs() < 1e-6);
        }
        assert_eq!(box2d_cos_sin(0.0), (1.0, 0.0));
    }
}
