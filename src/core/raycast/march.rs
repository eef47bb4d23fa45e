//! One march of the GJK ray cast (`gjk.rs`): the point `x = o + λ·d` advanced
//! along a ray onto the shape, iteration by iteration (steps 1 to 4 of `gjk.rs`'s
//! derivation), the last gap closed exactly on a rounded corner, the feature and
//! normal at the stop, and the trace records.

use super::trace::{GjkMarch, GjkRayStep, GjkRayStop};
use super::types::RayFeature;
use crate::core::gjk::{direction_and_distance, Simplex, SimplexVertex};
use crate::core::math::{cross, Transform};
use crate::core::shape::{support_index, Shape};
use glam::Vec2;

/// One march: a ray `o + λ·d`, λ ∈ [0, end], against the shape.
struct Marcher<'s> {
    shape: &'s Shape,
    which: GjkMarch,
    o: Vec2,
    d: Vec2,
    end: f32,
    tol: f32,
    lambda: f32,
    x: Vec2,
    simplex: Simplex,
    /// The last support line's normal the march advanced to, and the last direction
    /// from the simplex towards `x`.
    plane: Option<Vec2>,
    towards: Option<Vec2>,
    iterations: u32,
    /// What the current iteration found, for the trace.
    info: StepInfo,
}

/// The support point, gap and advance of one iteration (each when computed).
#[derive(Clone, Copy, Default)]
struct StepInfo {
    support: Option<usize>,
    gap: Option<f32>,
    advanced_to: Option<f32>,
}

/// How a march ended.
pub(super) struct Marched {
    pub(super) lambda: f32,
    pub(super) stop: GjkRayStop,
    pub(super) normal: Vec2,
    pub(super) feature: RayFeature,
    pub(super) iterations: u32,
}

impl Marched {
    /// The march stopped on the shape (at λ, which may be 0).
    pub(super) fn on_shape(&self) -> bool {
        matches!(
            self.stop,
            GjkRayStop::Converged | GjkRayStop::Enclosed | GjkRayStop::Stalled
        )
    }
}

/// The trace's GJK list and the shape's pose, when tracing.
pub(super) type Recorder<'t> = Option<(&'t mut Vec<GjkRayStep>, Transform)>;

/// Marches the ray `o + λ·d`, λ ∈ [0, end], onto the shape.
#[allow(clippy::too_many_arguments)]
pub(super) fn march(
    shape: &Shape,
    which: GjkMarch,
    o: Vec2,
    d: Vec2,
    end: f32,
    tol: f32,
    max_iterations: u32,
    mut rec: Recorder,
) -> Marched {
    // Start from the core point facing the ray's origin (parry's choice).
    let first = support_index(shape.vertices(), -d);
    let mut m = Marcher {
        shape,
        which,
        o,
        d,
        end,
        tol,
        lambda: 0.0,
        x: o,
        simplex: Simplex::default(),
        plane: None,
        towards: None,
        iterations: 0,
        info: StepInfo::default(),
    };
    m.push(first);
    let stop = loop {
        if let Some(stop) = m.step(max_iterations, rec.as_mut().map(|(r, xf)| (&mut **r, *xf))) {
            break stop;
        }
    };
    let mut feature = feature_of(shape, &m.simplex, m.normal(), m.x);
    if shape.radius() == 0.0 && m.lambda > 0.0 {
        // Stopped on an edge of a sharp shape: the edge's own normal. The last
        // support line may be a corner's, nearly parallel to the edge, which a
        // grazing ray meets far from the corner, within the tolerance of the edge.
        if let RayFeature::Edge(i) | RayFeature::Side(i) = feature {
            m.plane = Some(shape.normals()[i]);
        }
    } else if m.lambda > 0.0 && m.simplex.count == 2 && !simplex_is_edge(shape, &m.simplex) {
        // A rounded shape stopped on a chord of its core (a sliver's nearly collinear
        // edges, within the tolerance of the chord): the normal is the direction from
        // the nearest core point, not the chord's (`fuzz --seed 1` pair 163126: the
        // chord's normal 1.1e-3 rad off).
        if let RayFeature::Edge(_) = feature {
            let (_, c) = nearest_edge(shape, m.x, m.normal());
            if let Some(u) = (m.x - c).try_normalize() {
                m.towards = Some(u);
            }
        }
    }
    if stop == GjkRayStop::Converged && m.lambda > 0.0 {
        if let Some((lambda, flat)) = m.polish() {
            if let Some(edge) = flat {
                feature = match shape.vertices().len() {
                    2 => RayFeature::Side(edge),
                    _ => RayFeature::Edge(edge),
                };
            }
            if let Some(last) = rec.and_then(|(r, _)| r.last_mut()) {
                last.polished_to = Some(lambda);
            }
        }
    }
    Marched {
        lambda: m.lambda,
        stop,
        normal: m.normal(),
        feature,
        iterations: m.iterations,
    }
}

impl Marcher<'_> {
    fn push(&mut self, index: usize) {
        let p = self.shape.vertices()[index];
        self.simplex.v[self.simplex.count] = SimplexVertex {
            w_a: p,
            w_b: self.x,
            w: self.x - p,
            a: 1.0,
            index_a: index as u8,
            index_b: 0,
        };
        self.simplex.count += 1;
    }

    /// The last gap, closed exactly on a rounded corner: when the march stops within
    /// the tolerance of the arc of one core vertex `c` (a one-point simplex, radius
    /// `r > 0`), the rest is a ray against the circle `(c, r)`, solved as in
    /// `circle.rs`. The circle is the surface only over the corner's normal cone
    /// (from the normal of the edge before `c` to the normal of the edge after it,
    /// counter-clockwise): when the circle's entry falls outside the cone, the ray
    /// meets the neighbouring edge's flat piece there (the march, within the
    /// tolerance, could not tell them apart), and the gap is closed on that piece's
    /// line instead. Either piece lies in the shape and the march stopped before the
    /// shape, so the step lands on the true entry.
    ///
    /// Without it a ray grazing a small corner keeps the tolerance's distance, which
    /// along a glancing ray is long, and a normal turned by it. Returns the new λ and,
    /// when the gap was closed on a flat piece, its edge.
    fn polish(&mut self) -> Option<(f32, Option<usize>)> {
        let r = self.shape.radius();
        if r == 0.0 || self.simplex.count != 1 {
            return None;
        }
        let i = self.simplex.v[0].index_a as usize;
        let c = self.simplex.v[0].w_a;
        let length = self.d.length();
        let u = self.d / length;
        let s = self.x - c;
        let t_star = -s.dot(u);
        let closest = s + t_star * u;
        let cc = closest.length_squared();
        // Where the line meets the corner's circle, and the direction there from the
        // corner; a line passing the circle (within the tolerance) has its nearest
        // approach's direction instead.
        let (n, t_in) = if cc > r * r {
            (closest.try_normalize()?, None)
        } else {
            let t_in = t_star - (r * r - cc).sqrt();
            ((s + t_in * u).try_normalize()?, Some(t_in))
        };
        let flat = self.outside_cone(i, n);
        let (step, normal) = match (flat, t_in) {
            (None, Some(t_in)) => (t_in / length, n),
            // Passing the arc itself within the tolerance: keep the march's point.
            (None, None) => return None,
            // Into an edge's flat piece next to the corner (also when the line passes
            // the circle: the flat piece runs on along its tangent — `fuzz --seed 101`
            // pair 574246, radius 5e-4, the arc's normal 2e-2 rad off the edge's).
            (Some(edge), _) => {
                // Across edge `edge`'s flat piece: n·(x + t·d − v) = r.
                let ne = self.shape.normals()[edge];
                let v = self.shape.vertices()[edge];
                let closing = -ne.dot(self.d);
                if closing <= 0.0 {
                    return None;
                }
                ((ne.dot(self.x - v) - r).max(0.0) / closing, ne)
            }
        };
        if step.is_nan() || step < 0.0 || self.lambda + step > self.end {
            return None;
        }
        self.lambda += step;
        self.x = self.o + self.lambda * self.d;
        self.towards = Some(normal);
        Some((self.lambda, flat))
    }

    /// The edge whose flat piece the direction `n` from core vertex `i` points into,
    /// if it leaves the vertex's normal cone (`None`: on the arc).
    fn outside_cone(&self, i: usize, n: Vec2) -> Option<usize> {
        let normals = self.shape.normals();
        let count = normals.len();
        if count == 0 {
            return None;
        }
        let (before, after) = ((i + count - 1) % count, i);
        if cross(normals[after], n) > 0.0 {
            Some(after)
        } else if cross(n, normals[before]) > 0.0 {
            Some(before)
        } else {
            None
        }
    }

    /// The normal at the stop: the direction from the core towards `x` on a rounded
    /// shape (there `|v| ≈ r`, a well-defined direction), the last support line's on
    /// a sharp one (there `|v| ≈ 0`); facing the ray when neither exists.
    fn normal(&self) -> Vec2 {
        let (first, second) = if self.shape.radius() > 0.0 {
            (self.towards, self.plane)
        } else {
            (self.plane, self.towards)
        };
        first.or(second).unwrap_or(-self.d.normalize_or_zero())
    }

    /// One iteration; `Some` when the march stops.
    fn step(&mut self, max_iterations: u32, rec: Recorder) -> Option<GjkRayStop> {
        // The simplex seen from the current x; its indices as it enters (a support
        // point just dropped by the solve still counts as a repeat).
        let count = self.simplex.count;
        let mut entering = [u8::MAX; 3];
        for (k, sv) in self.simplex.v[..count].iter_mut().enumerate() {
            sv.w_b = self.x;
            sv.w = self.x - sv.w_a;
            entering[k] = sv.index_a;
        }
        self.simplex.solve();
        let record = rec.as_ref().map(|(_, xf)| self.record(xf));
        self.info = StepInfo::default();
        let stop = self.decide(&entering, max_iterations);
        if let (Some((list, xf)), Some(mut r)) = (rec, record) {
            let vertices = self.shape.vertices();
            r.support_index = self.info.support;
            r.support = self.info.support.map(|i| xf.apply(vertices[i]));
            r.gap = self.info.gap;
            r.advanced_to = self.info.advanced_to;
            r.stop = stop;
            list.push(r);
        }
        stop
    }

    /// Steps 1 to 4 of the module docs on the solved simplex.
    fn decide(&mut self, entering: &[u8; 3], max_iterations: u32) -> Option<GjkRayStop> {
        if self.simplex.count == 3 {
            return Some(GjkRayStop::Enclosed);
        }
        let (dir, dist) = direction_and_distance(&self.simplex);
        let r = self.shape.radius();
        self.towards = (-dir).try_normalize();
        let towards = match self.towards {
            Some(t) if dist > r + self.tol => t,
            _ => return Some(GjkRayStop::Converged),
        };
        if self.iterations >= max_iterations {
            return Some(GjkRayStop::MaxIterations);
        }
        let index = support_index(self.shape.vertices(), towards);
        let p = self.shape.vertices()[index];
        self.iterations += 1;
        let gap = towards.dot(self.x - p) - r;
        self.info.support = Some(index);
        self.info.gap = Some(gap);
        if gap > 0.0 {
            let closing = -towards.dot(self.d);
            if closing <= 0.0 {
                return Some(GjkRayStop::MovingAway);
            }
            let next = self.lambda + gap / closing;
            if next > self.end {
                return Some(GjkRayStop::PastEnd);
            }
            self.lambda = next;
            self.x = self.o + next * self.d;
            self.plane = Some(towards);
            self.info.advanced_to = Some(next);
        }
        if entering.contains(&(index as u8)) {
            return self
                .info
                .advanced_to
                .is_none()
                .then_some(GjkRayStop::Stalled);
        }
        self.push(index);
        None
    }

    /// The record of the state after the solve, before the support point (world).
    fn record(&self, xf: &Transform) -> GjkRayStep {
        let s = &self.simplex;
        let enclosed = s.count == 3;
        let (dir, dist) = direction_and_distance(s);
        let direction = (!enclosed).then(|| (-dir).try_normalize()).flatten();
        let closest = if enclosed {
            self.x
        } else {
            self.x - s.closest_point()
        };
        GjkRayStep {
            march: self.which,
            iteration: self.iterations,
            lambda: self.lambda,
            point: xf.apply(self.x),
            simplex: s.vertices().iter().map(|v| xf.apply(v.w_a)).collect(),
            indices: s.vertices().iter().map(|v| v.index_a as usize).collect(),
            closest: xf.apply(closest),
            distance: if enclosed { 0.0 } else { dist },
            direction: direction.map(|t| xf.q.apply(t)),
            support: None,
            support_index: None,
            gap: None,
            advanced_to: None,
            stop: None,
            polished_to: None,
        }
    }
}

/// The feature under the final simplex: its vertex, its edge, or (a triangle, or a
/// chord of the core) the edge nearest the ray's point `x` — among edges equally near
/// to rounding (a corner), the one whose normal is nearest `normal`.
///
/// Nearest first: on a sliver (aspect 1e-3) a chord of the core runs across it, the
/// last support line's normal along it, and the edge whose normal was nearest that
/// was an end's, far from the point (the fuzzer's `ray_gjk` check, `fuzz --seed 1`
/// pair 12802; the test at the bottom). Nearest to rounding, not to GJK's tolerance:
/// two nearly collinear edges of a sliver (1e-3 rad apart) both pass within the
/// tolerance of a point far from their joint, and the normal of the one the point is
/// not on is off by their angle.
fn feature_of(shape: &Shape, simplex: &Simplex, normal: Vec2, x: Vec2) -> RayFeature {
    let (n, rounded) = (shape.vertices().len(), shape.radius() > 0.0);
    let normals = shape.normals();
    let best_edge = || nearest_edge(shape, x, normal).0;
    if n == 1 {
        return RayFeature::Circle;
    }
    if n == 2 && simplex.count >= 2 {
        return RayFeature::Side(usize::from(normals[0].dot(normal) < 0.0));
    }
    let idx = |k: usize| simplex.v[k].index_a as usize;
    match simplex.count {
        1 if n == 2 && rounded => RayFeature::Cap(idx(0)),
        1 => RayFeature::Vertex(idx(0)),
        2 if idx(1) == (idx(0) + 1) % n => RayFeature::Edge(idx(0)),
        2 if idx(0) == (idx(1) + 1) % n => RayFeature::Edge(idx(1)),
        _ => RayFeature::Edge(best_edge()),
    }
}

/// Whether a two-point simplex is an edge of the core (adjacent vertices).
fn simplex_is_edge(shape: &Shape, simplex: &Simplex) -> bool {
    let n = shape.vertices().len();
    let (i, j) = (simplex.v[0].index_a as usize, simplex.v[1].index_a as usize);
    n <= 2 || j == (i + 1) % n || i == (j + 1) % n
}

/// The core edge nearest `x` — among edges equally near to rounding (a corner), the
/// one whose normal is nearest `normal` — and the nearest point on it.
fn nearest_edge(shape: &Shape, x: Vec2, normal: Vec2) -> (usize, Vec2) {
    let (vs, normals) = (shape.vertices(), shape.normals());
    let n = vs.len();
    let closest = |i: usize| {
        let (a, b) = (vs[i], vs[(i + 1) % n]);
        let e = b - a;
        let t = ((x - a).dot(e) / e.length_squared().max(f32::MIN_POSITIVE)).clamp(0.0, 1.0);
        a + t * e
    };
    let dist = |i: usize| (x - closest(i)).length();
    let nearest = (0..normals.len()).map(dist).fold(f32::INFINITY, f32::min);
    let rounding = 8.0 * f32::EPSILON * (x.length() + shape.bounding_radius());
    let i = (0..normals.len())
        .filter(|&i| dist(i) <= nearest + rounding)
        .max_by(|&i, &j| normals[i].dot(normal).total_cmp(&normals[j].dot(normal)))
        .unwrap_or(0);
    (i, closest(i))
}

#[cfg(test)]
mod tests {
    use crate::core::math::Transform;
    use crate::core::raycast::{ray_cast, ray_cast_gjk, RayCastInput, RayFeature, RayInput};
    use crate::core::shape::{Geometry, Shape};
    use glam::Vec2;

    /// `collidescope fuzz --seed 1 --start 12802 --count 1`, ray RA: a rounded
    /// sliver polygon (aspect 1e-3) hit on its long side. GJK's final simplex was a
    /// chord across the sliver, and the edge picked by the support line's normal
    /// alone was one at its far end, 0.36 from the point.
    #[test]
    fn gjk_feature_on_a_sliver_is_the_edge_under_the_point() {
        let v = |x: f32, y: f32| Vec2::new(x, y);
        let points = vec![
            v(-0.30096158, -0.17609659),
            v(0.06353071, -0.17612422),
            v(0.4902267, -0.17579332),
            v(0.55842006, -0.17549403),
            v(0.40659335, -0.17509663),
            v(0.07854581, -0.17489444),
            v(-0.22629896, -0.17489487),
            v(-0.65003324, -0.17525075),
            v(-0.69205165, -0.17563285),
            v(-0.49717885, -0.17597553),
        ];
        let shape = Shape::new(Geometry::Polygon {
            points,
            radius: 0.00009032756,
        })
        .unwrap();
        let xf = Transform::new(v(-1.6451275, 7.6643076), -0.6681913);
        let ray = RayInput::new(v(-1.9139788, 7.606358), v(0.35719272, -0.20392083));
        let input = RayCastInput::new(&shape, xf, ray);
        let (exact, gjk) = (ray_cast(&input, None), ray_cast_gjk(&input, None));
        assert!(exact.hit && gjk.hit);
        let local = xf.q.apply_inv(gjk.point - xf.p);
        let (RayFeature::Edge(i) | RayFeature::Vertex(i)) = gjk.feature else {
            panic!("{:?}", gjk.feature)
        };
        let vs = shape.vertices();
        let (a, b) = (vs[i], vs[(i + 1) % vs.len()]);
        let t = ((local - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
        let off = (local - (a + t * (b - a))).length();
        assert!(off < 1.0e-3, "{:?} is {off} from the point", gjk.feature);
        let angle = gjk
            .normal
            .perp_dot(exact.normal)
            .atan2(gjk.normal.dot(exact.normal));
        assert!(angle.abs() < 1.0e-3, "{gjk:?} {exact:?}");
    }

    /// `collidescope fuzz --seed 1 --start 163126 --count 1`, ray RB: a rounded sliver
    /// (radius 1e-3, 3 long, 3e-3 thick) hit on its long side. GJK stopped on a chord
    /// of two nearly collinear edges (vertices 0 and 7), and the normal was the
    /// chord's, 1.1e-3 rad off the edge's; it is now the direction from the nearest
    /// core point.
    #[test]
    fn gjk_normal_on_a_rounded_sliver_is_the_surface_normal() {
        let v = |x: f32, y: f32| Vec2::new(x, y);
        let points = vec![
            v(1.8588098, -0.046849553),
            v(1.1408023, -0.04588709),
            v(0.14421465, -0.045708813),
            v(-0.8248307, -0.04630782),
            v(-1.1132473, -0.047206663),
            v(-0.80349094, -0.04810918),
            v(0.10017538, -0.04867155),
            v(1.1100613, -0.048518438),
            v(1.7703661, -0.04780272),
        ];
        let shape = Shape::new(Geometry::Polygon {
            points,
            radius: 0.0010426866,
        })
        .unwrap();
        let xf = Transform::new(v(-4.7905765, 4.673968), -1.6320757);
        let ray = RayInput::new(v(-8.689229, 2.4770863), v(12.085291, 3.475767));
        let input = RayCastInput::new(&shape, xf, ray);
        let (exact, gjk) = (ray_cast(&input, None), ray_cast_gjk(&input, None));
        assert!(exact.hit && gjk.hit, "{exact:?} {gjk:?}");
        let angle = gjk
            .normal
            .perp_dot(exact.normal)
            .atan2(gjk.normal.dot(exact.normal));
        assert!(angle.abs() < 2.0e-4, "{angle}: {gjk:?} {exact:?}");
    }
}
