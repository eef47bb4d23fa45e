//! The seeded pairs: built once, kept when the overlap is shallow and Box2D takes both
//! shapes and its manifold is ours.

use super::*;

/// Box2D takes the shape: circles always, polygons when `b2ValidateHull` accepts them.
pub(crate) fn box2d_accepts(shape: &Shape) -> bool {
    shape.vertices().len() < 3 || box2d::accepts_polygon(shape)
}

/// A manifold as compared with Box2D's, world frame: the normal from A to B and each
/// point as the midpoint between the surfaces with its separation.
pub(crate) struct Summary {
    pub(crate) normal: Vec2,
    pub(crate) points: Vec<(Vec2, f32)>,
}

pub(crate) struct Pair<P1, P2, C> {
    pub(crate) a: Shape,
    pub(crate) xf_a: Transform,
    pub(crate) b: Shape,
    pub(crate) xf_b: Transform,
    pub(crate) pa: P1,
    pub(crate) pb: P2,
    pub(crate) pos12: Isometry<f32>,
    pub(crate) b2: C,
}

impl<P1, P2, C: Box2dCollide> Pair<P1, P2, C> {
    /// Box2D's manifold in the world frame.
    fn box2d_summary(&self) -> Summary {
        let m = self.b2.collide();
        let n = Vec2::new(m.normal.x, m.normal.y);
        let (frame, sign) = if C::SWAPPED {
            (&self.xf_b, -1.0)
        } else {
            (&self.xf_a, 1.0)
        };
        let count = m.pointCount.clamp(0, 2) as usize;
        Summary {
            normal: frame.q.apply(n) * sign,
            points: m.points[..count]
                .iter()
                .map(|p| {
                    let mid = frame.apply(Vec2::new(p.point.x, p.point.y));
                    (mid, p.separation)
                })
                .collect(),
        }
    }

    /// Box2D's manifold is `ours` (the tolerances of `tests/peers_manifold.rs`). With
    /// `cull`, Box2D's points farther apart than the speculative distance are dropped
    /// first, as Box2D-Lite's rule (ours in `box_box`) drops them.
    fn box2d_agrees(&self, ours: &Summary, cull: bool) -> bool {
        let mut theirs = self.box2d_summary();
        if cull {
            theirs.points.retain(|(_, s)| *s <= PREDICTION);
        }
        let l =
            self.xf_a.p.distance(self.xf_b.p) + self.a.bounding_radius() + self.b.bounding_radius();
        let tol = 1.0e-4 + 5.0e-7 * (l + self.xf_a.p.length().max(self.xf_b.p.length()));
        ours.points.len() == theirs.points.len()
            && (theirs.points.is_empty() || (theirs.normal - ours.normal).length() <= 1.0e-3)
            && theirs.points.iter().all(|(tp, ts)| {
                ours.points
                    .iter()
                    .any(|(op, os)| (*tp - *op).length() <= tol && (ts - os).abs() <= tol)
            })
    }
}

pub(crate) fn make_pair<P1, P2, C: Box2dCollide>(
    a: Shape,
    pa: P1,
    b: Shape,
    pb: P2,
    xf_a: Transform,
    xf_b: Transform,
) -> Pair<P1, P2, C> {
    let pos12 = iso(&xf_a).inv_mul(&iso(&xf_b));
    let b2 = C::new(&a, &xf_a, &b, &xf_b);
    Pair {
        a,
        xf_a,
        b,
        xf_b,
        pa,
        pb,
        pos12,
        b2,
    }
}

pub(crate) fn settings() -> Settings {
    Settings {
        speculative_distance: PREDICTION,
        ..Settings::default()
    }
}

/// Our SAT manifold (the source Box2D's is compared with on polygons and circles).
pub(crate) fn ours_sat<P1, P2, C>(p: &Pair<P1, P2, C>) -> Summary {
    let settings = settings();
    let input = ManifoldInput::new(
        PosedPair::new(&p.a, p.xf_a, &p.b, p.xf_b),
        &settings,
        ManifoldSource::Sat,
    );
    let m = contact_manifold(&input, None);
    let points = if m.is_separated() {
        &[][..]
    } else {
        m.points()
    };
    Summary {
        normal: m.normal,
        points: points
            .iter()
            .map(|q| ((q.point_a + q.point_b) * 0.5, q.separation))
            .collect(),
    }
}

pub(crate) fn parry_manifold(
    pos12: &Isometry<f32>,
    a: &dyn ParryShape,
    b: &dyn ParryShape,
) -> ContactManifold<(), ()> {
    let mut m = ContactManifold::new();
    let _ = DefaultQueryDispatcher
        .contact_manifold_convex_convex(pos12, a, b, None, None, PREDICTION, &mut m);
    m
}

/// Shallow overlap: EPA depth 0.005..0.3, and both libraries report points.
pub(crate) fn shallow<P1: ParryShape, P2: ParryShape, C>(p: &Pair<P1, P2, C>) -> bool {
    let depth = penetration(
        &PenetrationInput {
            pair: PosedPair::new(&p.a, p.xf_a, &p.b, p.xf_b),
            gjk_max_iterations: 20,
            epa_tolerance: 1e-4,
            epa_max_iterations: 64,
        },
        None,
        None,
    )
    .map_or(0.0, |o| o.depth);
    (0.005..0.3).contains(&depth) && !parry_manifold(&p.pos12, &p.pa, &p.pb).points.is_empty()
}

/// `PAIRS` pairs from `make`, B placed at a random offset of length `dist` from A,
/// kept when shallow and when Box2D takes both shapes and its manifold is `ours`
/// (`cull`: see [`Pair::box2d_agrees`]); the skipped ones are counted on stderr under
/// `name`.
pub(crate) fn pairs<P1: ParryShape, P2: ParryShape, C: Box2dCollide>(
    name: &str,
    seed: u64,
    dist: (f32, f32),
    make_a: impl Fn(&mut Rng) -> (Shape, P1),
    make_b: impl Fn(&mut Rng) -> (Shape, P2),
    ours: impl Fn(&Pair<P1, P2, C>) -> Summary,
    cull: bool,
) -> Vec<Pair<P1, P2, C>> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(PAIRS);
    let (mut refused, mut disagreed) = (0usize, 0usize);
    while out.len() < PAIRS {
        let (a, pa) = make_a(&mut rng);
        let (b, pb) = make_b(&mut rng);
        let xf_a = Transform::new(
            Vec2::new(rng.range_f32(-10.0, 10.0), rng.range_f32(-10.0, 10.0)),
            rng.range_f32(-3.1, 3.1),
        );
        let d = rng.range_f32(dist.0, dist.1);
        let dir = rng.range_f32(0.0, std::f32::consts::TAU);
        let xf_b = Transform::new(
            xf_a.p + d * Vec2::new(dir.cos(), dir.sin()),
            rng.range_f32(-3.1, 3.1),
        );
        if !(box2d_accepts(&a) && box2d_accepts(&b)) {
            // Before make_pair: b2MakePolygon asserts on a hull Box2D refuses.
            refused += 1;
            continue;
        }
        let p = make_pair(a, pa, b, pb, xf_a, xf_b);
        if !shallow(&p) {
            continue;
        }
        if !p.box2d_agrees(&ours(&p), cull) {
            disagreed += 1;
            continue;
        }
        out.push(p);
    }
    eprintln!(
        "{name}: {PAIRS} pairs; skipped {refused} (a hull Box2D refuses), {disagreed} \
         (Box2D's manifold differs from ours)"
    );
    out
}
