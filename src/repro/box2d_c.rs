//! A Box2D v3 C regression test for one pair (see the [module docs](super)).
//!
//! Box2D's narrow phase runs in A's frame, so the test gives it B's pose relative to A
//! exactly as Collidescope computed it (the core's `inv_mul` in f32), written in hex.
//! Checks, each against the exact f64 answer:
//! - `b2ShapeDistance` (radii used): the distance;
//! - `b2Collide*` when the shapes are within Box2D's speculative distance: at least one
//!   point and the least separation equal to the exact signed distance, within 0.1 × linear
//!   slop (Box2D's face bias for capsules) — only for hulls `b2ValidateHull` accepts;
//! - `b2ShapeCast` when B moves relative to A: hit or miss, and the fraction at which
//!   Box2D's own stopping rule (core distance `max(slop, R − slop)` plus a quarter slop)
//!   is met on the exact sweep;
//! - `b2TimeOfImpact` when a shape turns (under half a turn per step, all Box2D's
//!   sweep holds): the state and the fraction against the exact window of the motion
//!   Box2D follows (the rotations interpolated by nlerp) at its own target.

use super::{ident, turn_window, EngineContact, Expected, TurnWindow, NORMAL_ANGLE_TOLERANCE_DEG};
use crate::core::math::{Rot, Transform};
use crate::core::shape::Shape;
use crate::core::toi::rotating::Sweep;
use crate::scene::hexfloat::format_f32;
use crate::scene::{Scene, SceneShape};
use crate::verify::{ExactToi, FuzzPair, Mover, Reference, RotatingOracle};
use glam::Vec2;
use std::fmt::Write as _;

/// Box2D's `B2_MAX_POLYGON_VERTICES`.
pub const MAX_POLYGON_VERTICES: usize = 8;
/// Box2D's default linear slop and speculative distance (metres).
const LINEAR_SLOP: f64 = 0.005;
const SPECULATIVE_DISTANCE: f64 = 4.0 * LINEAR_SLOP;

fn h(v: f32) -> String {
    format!("{}f", format_f32(v))
}

fn vec(v: Vec2) -> String {
    format!("{{ {}, {} }}", h(v.x), h(v.y))
}

/// A C float literal of an f64 expected value (decimal: it is a tolerance-checked
/// value, not an input), and its tolerance.
fn num(v: f64) -> String {
    format!("{v:.9e}f")
}

fn kind(shape: &Shape) -> &'static str {
    match shape.vertices().len() {
        1 => "circle",
        2 if shape.radius() > 0.0 => "capsule",
        2 => "segment",
        _ => "polygon",
    }
}

/// The declarations of one shape's points and radius, `name` = "A" or "B".
fn shape_decl(out: &mut String, name: &str, shape: &Shape, label: &str) {
    let vs = shape.vertices();
    let _ = writeln!(
        out,
        "\t// {name} = \"{label}\": {}, {} core {}, radius {}",
        match kind(shape) {
            "circle" if shape.radius() == 0.0 => "a point (to Box2D, a circle of radius 0)",
            k => k,
        },
        vs.len(),
        if vs.len() == 1 { "vertex" } else { "vertices" },
        shape.radius()
    );
    let points: Vec<String> = vs.iter().map(|v| vec(*v)).collect();
    let _ = writeln!(
        out,
        "\tb2Vec2 points{name}[{}] = {{ {} }};",
        vs.len(),
        points.join(", ")
    );
    let _ = writeln!(out, "\tfloat radius{name} = {};", h(shape.radius()));
}

/// The collide call of the pair's kinds as (setup lines, call), or `None` where Box2D
/// has no such function (segment–segment).
fn collide_call(a: &Shape, b: &Shape) -> Option<(String, String)> {
    let decl = |n: &str, s: &Shape| -> String {
        match kind(s) {
            "circle" => format!("\tb2Circle circle{n} = {{ points{n}[0], radius{n} }};\n"),
            "capsule" => format!(
                "\tb2Capsule capsule{n} = {{ points{n}[0], points{n}[1], radius{n} }};\n"
            ),
            "segment" => format!("\tb2Segment segment{n} = {{ points{n}[0], points{n}[1] }};\n"),
            _ => format!(
                "\tb2Hull hull{n} = {{ 0 }};\n\tfor ( int i = 0; i < {c}; ++i ) hull{n}.points[i] = points{n}[i];\n\thull{n}.count = {c};\n",
                c = s.vertices().len()
            ),
        }
    };
    let (ka, kb) = (kind(a), kind(b));
    let call = match (ka, kb) {
        ("circle", "circle") => "b2CollideCircles( &circleA, &circleB, xf )",
        ("capsule", "circle") => "b2CollideCapsuleAndCircle( &capsuleA, &circleB, xf )",
        ("segment", "circle") => "b2CollideSegmentAndCircle( &segmentA, &circleB, xf )",
        ("polygon", "circle") => "b2CollidePolygonAndCircle( &polygonA, &circleB, xf )",
        ("capsule", "capsule") => "b2CollideCapsules( &capsuleA, &capsuleB, xf )",
        ("segment", "capsule") => "b2CollideSegmentAndCapsule( &segmentA, &capsuleB, xf )",
        ("polygon", "capsule") => "b2CollidePolygonAndCapsule( &polygonA, &capsuleB, xf )",
        ("polygon", "polygon") => "b2CollidePolygons( &polygonA, &polygonB, xf )",
        ("segment", "polygon") => "b2CollideSegmentAndPolygon( &segmentA, &polygonB, xf )",
        // Box2D takes these in the other order only: export the pair as (B, A).
        _ => return None,
    };
    Some((decl("A", a) + &decl("B", b), call.to_string()))
}

/// The fraction at which Box2D's cast stops on the exact sweep: the first time the
/// core distance falls to `target + tolerance / 2`, and the half-width of the window
/// its rule allows, as a time.
fn cast_fraction(toi: &ExactToi, radius: f64, length_tolerance: f64) -> Option<(f64, f64)> {
    let target = LINEAR_SLOP.max(radius - LINEAR_SLOP);
    let tolerance = 0.25 * LINEAR_SLOP;
    let level = target + 0.5 * tolerance - radius; // in the rounded shapes' distance
    if toi.f0 <= level {
        return Some((0.0, 0.0));
    }
    if toi.f_min > level {
        return None;
    }
    let (mut lo, mut hi) = (0.0, toi.t_min);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if toi.f(mid) > level {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let t = hi;
    let dt = 1.0e-4;
    let closing = ((toi.f((t - dt).max(0.0)) - toi.f(t + dt)) / (2.0 * dt)).max(1.0e-3);
    Some((t, (0.5 * tolerance + 2.0 * length_tolerance) / closing))
}

/// Where a shape is, for the test's comment: its position and angle, or its exact
/// rotation `(c, s)` in hex when it has one.
fn pose_words(pose: &crate::core::shape::Pose) -> String {
    match pose.exact_rotation() {
        Some(q) => format!("{}, rotation ({}, {})", pose.position, h(q.c), h(q.s)),
        None => format!("{}, {} rad", pose.position, pose.angle),
    }
}

/// The whole C file.
pub fn test(
    scene: &Scene,
    a: usize,
    b: usize,
    source: &str,
    engine: Option<&EngineContact>,
) -> Result<String, String> {
    let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
    for s in [sa, sb] {
        let n = s.shape.vertices().len();
        if n > MAX_POLYGON_VERTICES {
            return Err(format!(
                "Box2D v3 takes polygons of at most {MAX_POLYGON_VERTICES} vertices; \"{}\" has {n}",
                s.name
            ));
        }
    }
    let (xa, xb) = (sa.pose.transform(), sb.pose.transform());
    let rel: Transform = xa.inv_mul(&xb);
    let ex = Expected::of(scene, a, b);
    let name = format!("Collidescope_{}_{}", ident(&sa.name), ident(&sb.name));
    let mut out = String::new();
    preamble(&mut out, source, sa, sb);
    let _ = writeln!(out, "static int {name}( void )\n{{");
    shape_decl(&mut out, "A", &sa.shape, &sa.name);
    shape_decl(&mut out, "B", &sb.shape, &sb.name);
    let _ = writeln!(
        out,
        "\t// B's pose in A's frame, as Collidescope computes it (A at {}; B at {}).\n\
         \tb2Transform xf = {{ {}, {{ {}, {} }} }};\n",
        pose_words(&sa.pose),
        pose_words(&sb.pose),
        vec(rel.p),
        h(rel.q.c),
        h(rel.q.s)
    );
    let tol = ex.length_tolerance.max(1.0e-6);
    distance_block(&mut out, sa, sb, &ex, tol);
    manifold_block(&mut out, sa, sb, &ex, tol, engine);
    if ex.moving {
        cast_block(&mut out, scene, a, b, &xa, &ex);
    } else if ex.rotating {
        turning_block(&mut out, scene, a, b);
    }
    out.push_str("\treturn 0;\n}\n\n");
    let _ = writeln!(
        out,
        "#ifdef COLLIDESCOPE_MAIN\nint main( void )\n{{\n\tint failed = {name}();\n\tprintf( \"{name}: %s\\n\", failed ? \"FAILED\" : \"passed\" );\n\treturn failed;\n}}\n#endif"
    );
    Ok(out)
}

/// The file's head: where it came from, how to build it, the includes and the two
/// check macros (each prints what failed and returns 1).
fn preamble(out: &mut String, source: &str, sa: &SceneShape, sb: &SceneShape) {
    let _ = writeln!(
        out,
        "// Regression test exported by Collidescope from {source}, pair A = \"{}\", B = \"{}\".\n\
         // Inputs are in hex (C99 %a) so Box2D sees the bits Collidescope saw; expected values\n\
         // are the exact answer in f64 for these f32 inputs. Build on its own with\n\
         //   cc -std=c17 -DCOLLIDESCOPE_MAIN -I box2d/include this.c box2d/src/*.c -lm\n\
         // or drop the function into Box2D's test/test_collision.c.\n",
        sa.name, sb.name
    );
    out.push_str("#include \"box2d/box2d.h\"\n#include \"box2d/collision.h\"\n#include \"box2d/math_functions.h\"\n\n#include <stdio.h>\n\n");
    out.push_str(
        "#ifndef ENSURE\n#define ENSURE( C ) do { if ( ( C ) == false ) { printf( \"condition false: %s (%s:%d)\\n\", #C, __FILE__, __LINE__ ); return 1; } } while ( false )\n#endif\n\
         #ifndef ENSURE_SMALL\n#define ENSURE_SMALL( C, tol ) do { if ( !( ( C ) > -( tol ) && ( C ) < ( tol ) ) ) { printf( \"not small enough: %s = %g, allowed within +-%g (%s:%d)\\n\", #C, (double)( C ), (double)( tol ), __FILE__, __LINE__ ); return 1; } } while ( false )\n#endif\n\n",
    );
}

/// `b2ShapeDistance` with the radii, against the exact distance within `tol`.
fn distance_block(out: &mut String, sa: &SceneShape, sb: &SceneShape, ex: &Expected, tol: f64) {
    let _ = writeln!(
        out,
        "\t// Distance, radii included. Exact: {:.9}.\n\
         \t{{\n\
         \t\tb2DistanceInput input = {{ 0 }};\n\
         \t\tinput.proxyA = b2MakeProxy( pointsA, {}, radiusA );\n\
         \t\tinput.proxyB = b2MakeProxy( pointsB, {}, radiusB );\n\
         \t\tinput.transform = xf;\n\
         \t\tinput.useRadii = true;\n\
         \t\tb2SimplexCache cache = {{ 0 }};\n\
         \t\tb2DistanceOutput output = b2ShapeDistance( &input, &cache, NULL, 0 );\n\
         \t\tENSURE_SMALL( output.distance - {}, {} );\n\
         \t}}\n",
        ex.distance,
        sa.shape.vertices().len(),
        sb.shape.vertices().len(),
        num(ex.distance),
        num(tol)
    );
}

fn manifold_block(
    out: &mut String,
    sa: &SceneShape,
    sb: &SceneShape,
    ex: &Expected,
    tol: f64,
    engine: Option<&EngineContact>,
) {
    let signed = ex.depth.map_or(ex.distance, |d| -d);
    if signed >= SPECULATIVE_DISTANCE {
        let _ = writeln!(
            out,
            "\t// No manifold check: the shapes are {signed:.6} apart, beyond Box2D's speculative distance.\n"
        );
        return;
    }
    let Some((decls, call)) = collide_call(&sa.shape, &sb.shape) else {
        let _ = writeln!(
            out,
            "\t// No manifold check: Box2D has no collide function for {} (A) with {} (B) in this order.\n",
            kind(&sa.shape),
            kind(&sb.shape)
        );
        return;
    };
    let polys: Vec<&str> = [("A", &sa.shape), ("B", &sb.shape)]
        .iter()
        .filter(|(_, s)| kind(s) == "polygon")
        .map(|(n, _)| *n)
        .collect();
    let tol = tol + ex.depth_tolerance + 0.1 * LINEAR_SLOP;
    let _ = writeln!(
        out,
        "\t// Manifold: the least separation is the exact signed distance {signed:.9}\n\t// (within Box2D's face bias of 0.1 x linear slop).\n\t{{"
    );
    out.push_str(&decls.replace("\n\t", "\n\t\t").replacen('\t', "\t\t", 1));
    let valid: Vec<String> = polys
        .iter()
        .map(|n| format!("b2ValidateHull( &hull{n} )"))
        .collect();
    let indent = if valid.is_empty() {
        "\t\t"
    } else {
        let _ = writeln!(
            out,
            "\t\t// Box2D refuses hulls with vertices within linear slop of a line; check only if it takes them.\n\t\tif ( {} )\n\t\t{{",
            valid.join(" && ")
        );
        for n in &polys {
            let _ = writeln!(
                out,
                "\t\t\tb2Polygon polygon{n} = b2MakePolygon( &hull{n}, radius{n} );"
            );
        }
        "\t\t\t"
    };
    let _ = writeln!(
        out,
        "{indent}b2LocalManifold m = {call};\n\
         {indent}ENSURE( m.pointCount >= 1 );\n\
         {indent}float least = m.points[0].separation;\n\
         {indent}if ( m.pointCount == 2 && m.points[1].separation < least ) least = m.points[1].separation;\n\
         {indent}ENSURE_SMALL( least - {}, {} );",
        num(signed),
        num(tol)
    );
    if let Some(e) = engine {
        engine_checks(out, indent, e, &sa.pose.transform().q);
    }
    if !valid.is_empty() {
        out.push_str("\t\t}\n");
    }
    out.push_str("\t}\n\n");
}

/// Box2D's own contact of the pair in its world, asserted on `m`: the point count,
/// each point's feature id, and the normal (turned into A's frame, where
/// `b2LocalManifold` gives it) within [`NORMAL_ANGLE_TOLERANCE_DEG`].
fn engine_checks(out: &mut String, indent: &str, e: &EngineContact, qa: &Rot) {
    let (wx, wy) = (f64::from(e.normal[0]), f64::from(e.normal[1]));
    let (c, s) = (f64::from(qa.c), f64::from(qa.s));
    let (nx, ny) = (c * wx + s * wy, -s * wx + c * wy);
    let cos = NORMAL_ANGLE_TOLERANCE_DEG.to_radians().cos();
    let ids: Vec<String> = e.ids.iter().map(|id| format!("0x{id:04x}")).collect();
    let _ = writeln!(
        out,
        "{indent}// Box2D's own contact in the world (b2Contact_GetData): normal ({wx:.9}, {wy:.9}),\n\
         {indent}// ({nx:.9}, {ny:.9}) in A's frame, within {NORMAL_ANGLE_TOLERANCE_DEG} degree; {} point(s), ids {}.\n\
         {indent}ENSURE( m.pointCount == {} );\n\
         {indent}ENSURE( b2Dot( m.normal, ( b2Vec2 ){{ {}, {} }} ) >= {} );",
        e.ids.len(),
        if ids.is_empty() { "none".to_string() } else { ids.join(" ") },
        e.ids.len(),
        num(nx),
        num(ny),
        num(cos),
    );
    for (i, id) in ids.iter().enumerate() {
        let _ = writeln!(out, "{indent}ENSURE( m.points[{i}].id == {id} );");
    }
}

fn cast_block(out: &mut String, scene: &Scene, a: usize, b: usize, xa: &Transform, ex: &Expected) {
    let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
    let pair = FuzzPair::from_scene(scene, a, b);
    let r = Reference::new(&pair);
    let toi = ExactToi::new(&pair, &r);
    let radius = (sa.shape.radius() + sb.shape.radius()) as f64;
    let translation = xa.q.apply_inv(sb.velocity - sa.velocity);
    let _ = writeln!(
        out,
        "\t// Shape cast: B translates by {} relative to A over the step (in A's frame below).\n\t{{\n\
         \t\tb2ShapeCastPairInput input = {{ 0 }};\n\
         \t\tinput.proxyA = b2MakeProxy( pointsA, {}, radiusA );\n\
         \t\tinput.proxyB = b2MakeProxy( pointsB, {}, radiusB );\n\
         \t\tinput.transform = xf;\n\
         \t\tinput.translationB = ( b2Vec2 ){};\n\
         \t\tinput.maxFraction = 1.0f;\n\
         \t\tinput.canEncroach = false;\n\
         \t\tb2CastOutput output = b2ShapeCast( &input );",
        sb.velocity - sa.velocity,
        sa.shape.vertices().len(),
        sb.shape.vertices().len(),
        vec(translation)
    );
    match cast_fraction(&toi, radius, ex.length_tolerance) {
        Some((t, dt)) => {
            let _ = writeln!(
                out,
                "\t\t// Exact first contact at t = {:.9}; Box2D stops short of it by its target\n\t\t// separation, at t = {t:.9} on the exact sweep.\n\
                 \t\tENSURE( output.hit );\n\
                 \t\tENSURE_SMALL( output.fraction - {}, {} );",
                ex.toi.unwrap_or(t),
                num(t),
                num(dt + 1.0e-6)
            );
        }
        None => {
            let _ = writeln!(
                out,
                "\t\t// The exact sweep never comes within Box2D's target separation: a miss.\n\t\tENSURE( output.hit == false );"
            );
        }
    }
    out.push_str("\t}\n\n");
}

/// `b2TimeOfImpact` when a shape turns: the sweeps as a Box2D user writes them (`c1`
/// the position, `c2 = c1 + velocity`, `q1` the pose's rotation, `q2` the rotation
/// after the turn, local centre 0), judged on the exact motion Box2D follows (nlerp
/// of the rotations) at Box2D's own target, `max(slop, R − slop)` within a quarter
/// slop, with the fuzzer's window ([`turn_window`]).
fn turning_block(out: &mut String, scene: &Scene, a: usize, b: usize) {
    let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
    let half = std::f32::consts::PI;
    if sa.angular_velocity.abs() >= half || sb.angular_velocity.abs() >= half {
        out.push_str(
            "\t// A shape turns half a turn or more over the step: b2Sweep (an nlerp of the two\n\t// rotations) cannot hold that motion, so b2TimeOfImpact is not checked here.\n",
        );
        return;
    }
    let inputs = scene.pair(a, b);
    let (wa, wb) = inputs.sweeps();
    let ends = |s: &Sweep, xf: &Transform| (s.c1, s.c2, xf.q, s.transform(1.0).q);
    let (ea, eb) = (
        ends(&wa, &inputs.pair.transform_a),
        ends(&wb, &inputs.pair.transform_b),
    );
    let oracle = RotatingOracle::new(
        Mover::nlerp(&sa.shape, ea.0, ea.1, ea.2, ea.3),
        Mover::nlerp(&sb.shape, eb.0, eb.1, eb.2, eb.3),
    );
    let radii = (sa.shape.radius() + sb.shape.radius()) as f64;
    let target = (radii - LINEAR_SLOP).max(LINEAR_SLOP);
    let window = turn_window(&oracle, target, 0.25 * LINEAR_SLOP);
    let rot = |q: Rot| format!("{{ {}, {} }}", h(q.c), h(q.s));
    let sweep = |e: &(Vec2, Vec2, Rot, Rot)| {
        format!(
            "( b2Sweep ){{ {{ 0.0f, 0.0f }}, {}, {}, {}, {} }}",
            vec(e.0),
            vec(e.1),
            rot(e.2),
            rot(e.3)
        )
    };
    let _ = writeln!(
        out,
        "\t// Time of impact with turning: A turns by {} and B by {} over the step (radians),\n\
         \t// about their positions; Box2D's sweep interpolates the rotations (nlerp). Box2D\n\
         \t// aims at a core distance of {target:.6} (max(slop, R - slop)) within a quarter slop.\n\
         \t{{\n\
         \t\tb2TOIInput input = {{ 0 }};\n\
         \t\tinput.proxyA = b2MakeProxy( pointsA, {}, radiusA );\n\
         \t\tinput.proxyB = b2MakeProxy( pointsB, {}, radiusB );\n\
         \t\tinput.sweepA = {};\n\
         \t\tinput.sweepB = {};\n\
         \t\tinput.maxFraction = 1.0f;\n\
         \t\tb2TOIOutput output = b2TimeOfImpact( &input );",
        sa.angular_velocity,
        sb.angular_velocity,
        sa.shape.vertices().len(),
        sb.shape.vertices().len(),
        sweep(&ea),
        sweep(&eb)
    );
    let checks = match window {
        TurnWindow::Undecided => {
            "\t\t// The exact oracle could not decide this motion: nothing checked.\n\t\t(void)output;"
                .to_string()
        }
        TurnWindow::Separated => "\t\t// Exact: the cores never come within the band.\n\t\tENSURE( output.state == b2_toiStateSeparated );".to_string(),
        TurnWindow::AtStart => "\t\t// Exact: within the band at t = 0 already.\n\t\tENSURE( ( output.state == b2_toiStateHit && output.fraction <= 1.0e-3f ) || output.state == b2_toiStateOverlapped );".to_string(),
        TurnWindow::Grazing { from } => format!(
            "\t\t// Exact: the distance bottoms out inside the band (a graze): a hit from t = {from:.9}\n\t\t// on, or none.\n\t\tENSURE( output.state == b2_toiStateSeparated || ( output.state == b2_toiStateHit && output.fraction >= {} ) );",
            num(from)
        ),
        TurnWindow::Hit { from, to } => format!(
            "\t\t// Exact: the cores enter the band between t = {from:.9} and t = {to:.9}\n\t\t// (with 1e-3 of the step each side).\n\t\tENSURE( output.state == b2_toiStateHit );\n\t\tENSURE( output.fraction >= {} && output.fraction <= {} );",
            num(from),
            num(to)
        ),
    };
    let _ = writeln!(out, "{checks}\n\t}}\n");
}
