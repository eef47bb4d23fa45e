//! What every study of a pair may read: which shapes are A and B, their distance and
//! penetration, the Minkowski difference B − A, and the GJK ray cast on B − A that both
//! times of impact draw beside their own. Also the rows and pictures they share.

use crate::core::consts::DEFAULT_ARC_TOLERANCE;
use crate::core::epa::PenetrationOutput;
use crate::core::gjk::DistanceOutput;
use crate::core::minkowski::{minkowski_difference, MinkowskiOutline};
use crate::scene::Scene;
use crate::study::facts::count;
use crate::trace::cast_ray::{cast_ray, CastRay, CastRayRefusal};
use crate::view::draw::{label, line, LayerId, Prim, Rgba};
use crate::view::text::{p, Len};
use glam::Vec2;

/// The pair's shared results.
#[derive(Clone, Debug)]
pub struct Basics {
    /// Indices of A and B in the scene.
    pub a: usize,
    pub b: usize,
    pub distance: DistanceOutput,
    pub penetration: Option<PenetrationOutput>,
    pub minkowski: MinkowskiOutline,
    /// The shape cast as a GJK ray cast from the origin along `−v` against B − A
    /// (configuration space; [`crate::trace::cast_ray`]), or why it was not run.
    pub cast_ray: Result<CastRay, CastRayRefusal>,
}

impl Basics {
    pub fn compute(
        scene: &Scene,
        a: usize,
        b: usize,
        distance: DistanceOutput,
        penetration: Option<PenetrationOutput>,
    ) -> Basics {
        let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
        let minkowski = minkowski_difference(
            &sa.shape,
            &sa.pose.transform(),
            &sb.shape,
            &sb.pose.transform(),
            minkowski_tolerance(scene, a, b),
        );
        let cast_ray = cast_ray(&minkowski, sb.velocity - sa.velocity);
        Basics {
            a,
            b,
            distance,
            penetration,
            minkowski,
            cast_ray,
        }
    }

    /// The size of the pair (the sum of the shapes' sizes, [`shape_size`]), for lengths
    /// of helper lines and arrows.
    pub fn size(&self, scene: &Scene) -> f32 {
        (shape_size(&scene.shapes[self.a].shape) + shape_size(&scene.shapes[self.b].shape))
            .max(1.0e-6)
    }
}

/// A shape's size for drawing: its bounding radius, or half the diagonal of its
/// vertices' box (plus the radius) when that is smaller. A shape written far from its
/// own origin (Box2D's time-of-impact sample has a box at (−16, 45) with its position
/// at 0) has a bounding radius of its distance from that origin; its arrows would be
/// fifty times its width and the window's fit would shrink it to a speck.
pub fn shape_size(shape: &crate::core::shape::Shape) -> f32 {
    let v = shape.vertices();
    let lo = v.iter().fold(Vec2::INFINITY, |m, p| m.min(*p));
    let hi = v.iter().fold(Vec2::NEG_INFINITY, |m, p| m.max(*p));
    let own = if v.is_empty() {
        shape.radius()
    } else {
        0.5 * (hi - lo).length() + shape.radius()
    };
    // A point has no size of its own: its distance from its origin is kept.
    if own > 0.0 {
        shape.bounding_radius().min(own)
    } else {
        shape.bounding_radius()
    }
}

/// The arc tolerance of B − A's outline for the pair: 2e-3 of the shapes' size.
pub fn minkowski_tolerance(scene: &Scene, a: usize, b: usize) -> f32 {
    let size = scene.shapes[a].shape.bounding_radius() + scene.shapes[b].shape.bounding_radius();
    (size * DEFAULT_ARC_TOLERANCE).max(1.0e-6)
}

/// Rows being written for the numbers panel.
#[derive(Default)]
pub struct Rows(pub Vec<(String, String)>);

impl Rows {
    pub fn row(&mut self, label: &str, value: String) {
        self.0.push((label.to_string(), value));
    }
}

/// The GJK distance result, and the warm-start cache when the scene uses it.
pub fn distance_rows(studies: &super::Studies, rows: &mut Rows) {
    let d = &studies.basics.distance;
    // The rows from here to the penetration's are the whole queries' final answers, at
    // every step: said so, since a step's own rows (the simplex, the polytope) stand
    // beside them and the canvas draws the step's witnesses, not these.
    rows.row(
        "pair's answers",
        "distance and penetration after the last step".into(),
    );
    rows.row("distance", format!("{:.6}", d.distance));
    rows.row("point on A", p(d.point_a));
    rows.row("point on B", p(d.point_b));
    rows.row(
        "normal A to B",
        d.normal
            .map(p)
            .unwrap_or_else(|| "undefined (touching/overlap)".into()),
    );
    // The stepper's steps (loop passes) and the iterations the report counts (the
    // support points computed: the last pass of an overlap or a touch computes none).
    rows.row("GJK steps", studies.gjk.trace.steps.len().to_string());
    rows.row(
        "GJK iterations",
        format!("{} (support points computed)", d.iterations),
    );
    rows.row("GJK termination", d.termination.as_str().to_string());
    let Some(cold) = studies.gjk.cold_iterations else {
        return;
    };
    rows.row(
        "cache",
        format!(
            "{:?}, {} (cold: {})",
            d.cache_use,
            count(d.iterations as usize, "support point", "support points"),
            count(cold as usize, "support point", "support points")
        ),
    );
    let c = &studies.gjk.cache;
    let pairs: Vec<String> = (0..c.count as usize)
        .map(|i| format!("(A{},B{})", c.index_a[i], c.index_b[i]))
        .collect();
    rows.row(
        "cache contents",
        format!(
            "count {} {} metric {:.5}",
            c.count,
            pairs.join(" "),
            c.metric
        ),
    );
}

/// The EPA penetration result, or "separated".
pub fn penetration_rows(studies: &super::Studies, rows: &mut Rows) {
    match &studies.basics.penetration {
        Some(pen) => {
            rows.row("depth", format!("{:.6}", pen.depth));
            rows.row("penetration normal", p(pen.normal));
            rows.row("deepest on A", p(pen.point_a));
            rows.row("deepest on B", p(pen.point_b));
            rows.row("EPA steps", studies.epa.trace.steps.len().to_string());
            rows.row("EPA iterations", pen.iterations.to_string());
            rows.row("EPA termination", pen.termination.as_str().to_string());
        }
        None => rows.row("penetration", "none (separated)".into()),
    }
}

/// The pair's distance and penetration rows, then `own` (a contact or time-of-impact
/// algorithm's rows).
pub fn pair_rows(studies: &super::Studies, own: impl FnOnce(&mut Rows)) -> Vec<(String, String)> {
    let mut rows = Rows::default();
    distance_rows(studies, &mut rows);
    penetration_rows(studies, &mut rows);
    own(&mut rows);
    rows.0
}

/// The Minkowski difference outline and the origin (configuration space, every pair
/// algorithm).
pub fn minkowski_layer(m: &MinkowskiOutline) -> Vec<Prim> {
    let c = LayerId::Minkowski.color();
    let mut prims = vec![
        Prim::Fill {
            points: m.points.clone(),
            color: c.with_alpha(45),
        },
        Prim::Polyline {
            points: m.points.clone(),
            closed: true,
            width: 2.0,
            color: c,
            dashed: false,
        },
    ];
    if m.radius > 0.0 && m.core.len() > 1 {
        prims.push(Prim::Polyline {
            points: m.core.clone(),
            closed: true,
            width: 1.0,
            color: c.with_alpha(150),
            dashed: true,
        });
    }
    prims.push(Prim::Cross {
        at: Vec2::ZERO,
        size: 9.0,
        color: Rgba::WHITE,
    });
    prims.push(Prim::Label {
        at: Vec2::ZERO,
        offset: Vec2::new(8.0, 20.0),
        text: "origin".into(),
        color: Rgba::WHITE,
        size: 14.0,
        of: None,
    });
    prims
}

/// The final answer in the world: the distance segment, or the penetration (GJK's and
/// EPA's last step).
pub fn result_witness(basics: &Basics, show_penetration: bool) -> Vec<Prim> {
    let c = LayerId::Witness.color();
    if show_penetration {
        if let Some(p) = &basics.penetration {
            return vec![
                Prim::Dot {
                    at: p.point_a,
                    radius: 4.5,
                    color: c,
                },
                Prim::Dot {
                    at: p.point_b,
                    radius: 4.5,
                    color: c,
                },
                Prim::Arrow {
                    from: p.point_b,
                    to: p.point_a,
                    width: 2.5,
                    color: LayerId::EpaPolytope.color(),
                },
                label(p.point_a, format!("depth {}", Len(p.depth)), c),
            ];
        }
    }
    let d = &basics.distance;
    let mut prims = vec![
        line(d.point_a, d.point_b, 2.0, c),
        Prim::Dot {
            at: d.point_a,
            radius: 4.5,
            color: c,
        },
        Prim::Dot {
            at: d.point_b,
            radius: 4.5,
            color: c,
        },
    ];
    if d.distance > 0.0 {
        prims.push(label(
            (d.point_a + d.point_b) * 0.5,
            // "d =" as the engines' labels beside it say it (Peers open).
            format!("d = {}", Len(d.distance)),
            c,
        ));
    }
    prims
}

#[cfg(test)]
mod tests {
    use super::shape_size;
    use crate::core::shape::{Geometry, Shape};
    use glam::Vec2;

    fn polygon(points: &[(f32, f32)], radius: f32) -> Shape {
        let points = points.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
        Shape::new(Geometry::Polygon { points, radius }).unwrap()
    }

    #[test]
    fn a_shape_far_from_its_origin_is_sized_by_its_own_extent() {
        // Box2D's sample box: half a unit wide, 47 units from its origin.
        let far = polygon(
            &[
                (-16.25, 44.75),
                (-15.75, 44.75),
                (-15.75, 45.25),
                (-16.25, 45.25),
            ],
            0.0,
        );
        assert!(far.bounding_radius() > 47.0);
        // Half its diagonal: 0.5 × √(0.5² + 0.5²).
        assert!((shape_size(&far) - 0.5 * 0.5f32.hypot(0.5)).abs() < 1e-4);
        // Around its origin the bounding radius stands (it is the smaller).
        let centred = polygon(&[(-1.0, -0.5), (1.0, -0.5), (1.0, 0.5), (-1.0, 0.5)], 0.1);
        assert!((shape_size(&centred) - centred.bounding_radius()).abs() < 1e-5);
        // A point keeps its distance from its origin: it has no extent of its own.
        let point = polygon(&[(3.0, 4.0)], 0.0);
        assert!((shape_size(&point) - 5.0).abs() < 1e-5);
    }
}
