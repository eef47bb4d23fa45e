//! A parry2d 0.31 `#[test]` for one pair (see the [module docs](super)).
//!
//! Rust has no hex float literals, so every input is `f32::from_bits(0x…)` with its
//! decimal value beside it. The shapes are built from Collidescope's own core vertices
//! (`ConvexPolygon::from_convex_polyline_unmodified`, which keeps them as given, wrapped
//! in a `RoundShape` when rounded), the poses from the core's cosine and sine. Checks
//! against the exact f64 answer: `query::distance`; when the shapes overlap, the
//! depth from `query::contact`; when B moves relative to A, `query::cast_shapes`;
//! when a shape turns, `query::cast_shapes_nonlinear` against the exact window.

use super::{ident, turn_window, Expected, TurnWindow};
use crate::core::consts::LINEAR_SLOP;
use crate::core::shape::Shape;
use crate::scene::{Scene, SceneShape};
use crate::verify::{FuzzPair, RotatingOracle};
use glam::Vec2;
use std::fmt::Write as _;

fn bits(v: f32) -> String {
    format!("f32::from_bits(0x{:08x}) /* {v:?} */", v.to_bits())
}

fn vector(v: Vec2) -> String {
    format!("v(0x{:08x}, 0x{:08x})", v.x.to_bits(), v.y.to_bits())
}

/// The expression building the shape.
fn shape_expr(shape: &Shape) -> String {
    let vs = shape.vertices();
    let r = shape.radius();
    match vs.len() {
        1 if vs[0] == Vec2::ZERO => format!("SharedShape::ball({})", bits(r)),
        1 => format!(
            "SharedShape::capsule({}, {}, {})",
            vector(vs[0]),
            vector(vs[0]),
            bits(r)
        ),
        2 if r > 0.0 => format!(
            "SharedShape::capsule({}, {}, {})",
            vector(vs[0]),
            vector(vs[1]),
            bits(r)
        ),
        2 => format!("SharedShape::segment({}, {})", vector(vs[0]), vector(vs[1])),
        _ => {
            let points: Vec<String> = vs.iter().map(|p| vector(*p)).collect();
            let poly = format!(
                "ConvexPolygon::from_convex_polyline_unmodified(vec![{}])\n        .expect(\"a convex polygon\")",
                points.join(", ")
            );
            if r > 0.0 {
                format!(
                    "SharedShape::new(RoundShape {{\n        inner_shape: {poly},\n        border_radius: {},\n    }})",
                    bits(r)
                )
            } else {
                format!("SharedShape::new({poly})")
            }
        }
    }
}

fn pose_expr(s: &SceneShape) -> String {
    let x = s.pose.transform();
    format!(
        "Pose::from_parts({}, Rot2::from_cos_sin_unchecked({}, {}))",
        vector(x.p),
        bits(x.q.c),
        bits(x.q.s)
    )
}

/// The whole Rust file.
pub fn test(
    scene: &Scene,
    a: usize,
    b: usize,
    source: &str,
    engine: Option<&super::EngineContact>,
) -> String {
    let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
    let ex = Expected::of(scene, a, b);
    let tol = ex.length_tolerance.max(1.0e-6);
    let mut out = String::new();
    preamble(&mut out, source, sa, sb);
    let _ = writeln!(out, "    // A = \"{}\", B = \"{}\".", sa.name, sb.name);
    let _ = writeln!(out, "    let a = {};", shape_expr(&sa.shape));
    let _ = writeln!(out, "    let b = {};", shape_expr(&sb.shape));
    let _ = writeln!(out, "    let pos_a = {};", pose_expr(sa));
    let _ = writeln!(out, "    let pos_b = {};\n", pose_expr(sb));
    distance_block(&mut out, &ex, tol);
    if let Some(e) = engine {
        normal_block(&mut out, &ex, e);
    }
    if ex.moving {
        cast_block(&mut out, sa, sb, &ex, tol);
    } else if ex.rotating {
        turning_block(&mut out, scene, a, b);
    }
    out.push_str("}\n");
    out
}

/// The file's head: where it came from, the imports, the bit-exact vector helper, and
/// the test function's opening line.
fn preamble(out: &mut String, source: &str, sa: &SceneShape, sb: &SceneShape) {
    let _ = writeln!(
        out,
        "//! Regression test exported by Collidescope from {source}, pair A = \"{}\", B = \"{}\".\n\
         //! Inputs are the exact f32 bits Collidescope used; expected values are the exact\n\
         //! answer in f64 for these inputs. Needs parry2d = \"0.31\".\n\n\
         use parry2d::math::{{Pose, Rot2, Vector}};\n\
         #[allow(unused_imports)]\n\
         use parry2d::query::{{self, NonlinearRigidMotion, ShapeCastOptions}};\n\
         #[allow(unused_imports)]\n\
         use parry2d::shape::{{ConvexPolygon, RoundShape, SharedShape}};\n\n\
         fn v(x: u32, y: u32) -> Vector {{\n    Vector::new(f32::from_bits(x), f32::from_bits(y))\n}}\n\n\
         #[test]\n\
         fn collidescope_{}_{}() {{",
        sa.name,
        sb.name,
        ident(&sa.name).to_lowercase(),
        ident(&sb.name).to_lowercase()
    );
}

/// parry's distance, and its penetration depth when the shapes overlap, each against
/// the exact answer.
fn distance_block(out: &mut String, ex: &Expected, tol: f64) {
    let _ = writeln!(
        out,
        "    // Distance between the shapes. Exact: {:.9}.\n\
         \x20   let d = query::distance(&pos_a, &*a, &pos_b, &*b).unwrap().distance;\n\
         \x20   assert!((d as f64 - {:?}).abs() <= {tol:e}, \"distance {{d}}, exact {:.9}\");",
        ex.distance, ex.distance, ex.distance
    );
    if let Some(depth) = ex.depth {
        let _ = writeln!(
            out,
            "\n    // Penetration depth. Exact: {depth:.9}.\n\
             \x20   let c = query::contact(&pos_a, &*a, &pos_b, &*b, 0.0).unwrap().expect(\"the shapes overlap\");\n\
             \x20   assert!((-c.dist as f64 - {depth:?}).abs() <= {:e}, \"depth {{}}, exact {depth:.9}\", -c.dist);",
            ex.depth_tolerance + tol
        );
    }
}

/// The engine's normal of the pair in its world (from A to B), asserted on parry's
/// contact within [`super::NORMAL_ANGLE_TOLERANCE_DEG`]. Box2D's feature ids and point
/// count are its own clipping's: parry's are not compared with them.
fn normal_block(out: &mut String, ex: &Expected, e: &super::EngineContact) {
    let deg = super::NORMAL_ANGLE_TOLERANCE_DEG;
    let cos = deg.to_radians().cos();
    // Within the prediction, parry answers a contact for shapes apart too.
    let prediction = (ex.distance as f32 + 0.01).max(0.01);
    let _ = writeln!(
        out,
        "\n    // The engine's own contact normal in its world, A to B: ({:.9}, {:.9}); parry's\n\
         \x20   // within {deg} degree.\n\
         \x20   let n = {};\n\
         \x20   let c = query::contact(&pos_a, &*a, &pos_b, &*b, {prediction:?}).unwrap().expect(\"the shapes are within {prediction}\");\n\
         \x20   assert!(c.normal1.dot(n) >= {cos:?}, \"normal {{:?}}, the engine's {{:?}}\", c.normal1, n);",
        e.normal[0],
        e.normal[1],
        vector(Vec2::from(e.normal)),
    );
}

fn cast_block(out: &mut String, sa: &SceneShape, sb: &SceneShape, ex: &Expected, tol: f64) {
    let _ = writeln!(
        out,
        "\n    // Time of impact over the step, both shapes translating.\n\
         \x20   let vel_a = {};\n\
         \x20   let vel_b = {};\n\
         \x20   let options = ShapeCastOptions {{ max_time_of_impact: 1.0, ..Default::default() }};\n\
         \x20   let hit = query::cast_shapes(&pos_a, vel_a, &*a, &pos_b, vel_b, &*b, options).unwrap();",
        vector(sa.velocity),
        vector(sb.velocity)
    );
    match ex.toi {
        Some(t) => {
            // A time tolerance from the length tolerance at the relative speed (the
            // closing speed is at most that; parry's own cast tolerance is ~1e-4 of a
            // unit of length).
            let dt = (tol + 1.0e-4) / ex.speed.max(1.0e-6) * 4.0;
            let _ = writeln!(
                out,
                "    // Exact first contact: t = {t:.9}.\n\
                 \x20   let hit = hit.expect(\"the shapes meet during the step\");\n\
                 \x20   assert!((hit.time_of_impact as f64 - {t:?}).abs() <= {dt:e}, \"t {{}}, exact {t:.9}\", hit.time_of_impact);"
            );
        }
        None => {
            let _ = writeln!(
                out,
                "    // The exact sweep never touches: a miss.\n    assert!(hit.is_none(), \"{{hit:?}}\");"
            );
        }
    }
}

/// `cast_shapes_nonlinear` when a shape turns: the scene's motion (angle linear in
/// time, turning about the position), judged at the radii (touching) within a
/// quarter slop on the exact motion, with the fuzzer's window ([`turn_window`]).
fn turning_block(out: &mut String, scene: &Scene, a: usize, b: usize) {
    let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
    let pair = FuzzPair::from_scene(scene, a, b);
    let radii = (sa.shape.radius() + sb.shape.radius()) as f64;
    let window = turn_window(
        &RotatingOracle::of_pair(&pair),
        radii,
        0.25 * LINEAR_SLOP as f64,
    );
    let _ = writeln!(
        out,
        "\n    // Time of impact with turning: A turns by {} and B by {} over the step (radians),\n\
         \x20   // about their positions, angles linear in time.\n\
         \x20   let motion_a = NonlinearRigidMotion::new(pos_a, Vector::ZERO, {}, {});\n\
         \x20   let motion_b = NonlinearRigidMotion::new(pos_b, Vector::ZERO, {}, {});\n\
         \x20   let hit = query::cast_shapes_nonlinear(&motion_a, &*a, &motion_b, &*b, 0.0, 1.0, true).unwrap();",
        sa.angular_velocity,
        sb.angular_velocity,
        vector(sa.velocity),
        bits(sa.angular_velocity),
        vector(sb.velocity),
        bits(sb.angular_velocity)
    );
    let check = match window {
        TurnWindow::Undecided => {
            "    // The exact oracle could not decide this motion: nothing checked.\n    let _ = hit;"
                .to_string()
        }
        TurnWindow::Separated => {
            "    // Exact: the shapes never come within a quarter slop of touching.\n    assert!(hit.is_none(), \"{hit:?}\");".to_string()
        }
        TurnWindow::AtStart => "    // Exact: touching (within a quarter slop) at t = 0 already.\n    let hit = hit.expect(\"touching at the start\");\n    assert!(hit.time_of_impact <= 1.0e-3, \"{hit:?}\");".to_string(),
        TurnWindow::Grazing { from } => format!(
            "    // Exact: the distance bottoms out within a quarter slop of touching (a graze): a\n    // hit from t = {from:.9} on, or none.\n    if let Some(hit) = hit {{\n        assert!(hit.time_of_impact as f64 >= {from:?}, \"{{hit:?}}\");\n    }}"
        ),
        TurnWindow::Hit { from, to } => format!(
            "    // Exact: the shapes come within a quarter slop of touching between t = {from:.9}\n    // and t = {to:.9} (with 1e-3 of the step each side).\n    let hit = hit.expect(\"the shapes meet during the step\");\n    let t = hit.time_of_impact as f64;\n    assert!(t >= {from:?} && t <= {to:?}, \"t {{t}}, window [{from:.9}, {to:.9}]\");"
        ),
    };
    let _ = writeln!(out, "{check}");
}
