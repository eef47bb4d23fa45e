//! Profiles: how much work each algorithm does, pair by pair, ours beside Box2D v3's
//! and parry2d's (`collidescope fuzz --profile`). Per algorithm, histograms of the
//! iterations — GJK's, EPA's iterations and the faces of its last polytope, the shape
//! cast's, the rotating time of impact's outer and root iterations, the ray casts'
//! steps (ours: the GJK ray cast's; Box2D: its shape cast's, for rounded polygons) —
//! and of the time per call, so that an algorithm slow on one family shows as
//! a tail, not only as a mean.
//!
//! Times are wall clock per call, each call repeated [`REPEAT`] times and averaged, on
//! one thread, traces off; the engines are called as Collidescope calls them (through
//! `peers`, which turns their answers into our terms: a few tens of nanoseconds more
//! than the bare C or Rust call — the criterion benches time the bare calls). A pair an
//! engine cannot take (Box2D: a polygon of more than 8 vertices) is not timed for it.
//! Iterations only where the library reports them (parry2d reports none).

use super::{fuzz_rays, FuzzPair};
use crate::core::epa::{penetration, EpaTrace};
use crate::core::gjk::shape_distance;
use crate::core::manifold::{contact_manifold, ManifoldSource};
use crate::core::raycast::{ray_cast, ray_cast_gjk, RayCastInput, RayInput};
use crate::core::toi::rotating::time_of_impact;
use crate::core::toi::shape_cast::shape_cast;
use crate::scene::build::PairInputs;
use crate::scene::Settings;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

/// Calls per timing (their mean is the time of one).
pub const REPEAT: u32 = 4;

/// Who answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Who {
    Ours,
    Box2d,
    Parry,
}

impl Who {
    pub fn label(self) -> &'static str {
        match self {
            Who::Ours => "Collidescope",
            Who::Box2d => "Box2D v3",
            Who::Parry => "parry2d",
        }
    }
}

/// Time histograms' buckets: bucket `b` holds calls of `2^b` to `2^(b+1)` ns.
pub const TIME_BUCKETS: usize = 32;
/// Iteration histograms' buckets: one per count, the last for that many or more.
pub const COUNT_BUCKETS: usize = 129;

/// A histogram of one measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    /// Times (log-2 buckets of nanoseconds) or counts (one bucket per value).
    pub time: bool,
    pub counts: Vec<u64>,
    pub calls: u64,
    pub sum: f64,
    pub max: f64,
}

impl Histogram {
    fn new(time: bool) -> Histogram {
        Histogram {
            time,
            counts: vec![0; if time { TIME_BUCKETS } else { COUNT_BUCKETS }],
            calls: 0,
            sum: 0.0,
            max: 0.0,
        }
    }

    /// The bucket of `v`.
    pub fn bucket(&self, v: f64) -> usize {
        let b = if self.time {
            v.max(1.0).log2().floor() as usize
        } else {
            v.max(0.0).round() as usize
        };
        b.min(self.counts.len() - 1)
    }

    /// The least value of bucket `b` (its lower edge).
    pub fn lower(&self, b: usize) -> f64 {
        if self.time {
            2f64.powi(b as i32)
        } else {
            b as f64
        }
    }

    fn add(&mut self, v: f64) {
        let b = self.bucket(v);
        self.counts[b] += 1;
        self.calls += 1;
        self.sum += v;
        self.max = self.max.max(v);
    }

    fn merge(&mut self, o: &Histogram) {
        for (a, b) in self.counts.iter_mut().zip(&o.counts) {
            *a += b;
        }
        self.calls += o.calls;
        self.sum += o.sum;
        self.max = self.max.max(o.max);
    }

    pub fn mean(&self) -> f64 {
        self.sum / self.calls.max(1) as f64
    }

    /// The `q`-quantile: the value of its bucket (counts), or the bucket's upper edge
    /// (times: "at most").
    pub fn quantile(&self, q: f64) -> f64 {
        let want = (q * self.calls as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (b, c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= want {
                return if self.time {
                    self.lower(b + 1)
                } else {
                    b as f64
                };
            }
        }
        self.max
    }
}

/// One measure of one algorithm by one library.
#[derive(Clone, Debug, PartialEq)]
pub struct Metric {
    /// `gjk`, `epa`, `manifold`, `cast`, `toi_rotating`, `ray`.
    pub algorithm: &'static str,
    /// `iterations`, `faces`, `root iterations`, `steps`, `time (ns)`.
    pub measure: &'static str,
    pub who: Who,
    pub hist: Histogram,
}

/// What a profile measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    pub metrics: Vec<Metric>,
    pub pairs: u64,
}

impl Profile {
    fn add(&mut self, algorithm: &'static str, measure: &'static str, who: Who, v: f64) {
        let time = measure.starts_with("time");
        let i = match self
            .metrics
            .iter()
            .position(|m| m.algorithm == algorithm && m.measure == measure && m.who == who)
        {
            Some(i) => i,
            None => {
                self.metrics.push(Metric {
                    algorithm,
                    measure,
                    who,
                    hist: Histogram::new(time),
                });
                self.metrics.len() - 1
            }
        };
        self.metrics[i].hist.add(v);
    }

    /// Another profile's counts added to these.
    pub fn merge(&mut self, o: &Profile) {
        self.pairs += o.pairs;
        for m in &o.metrics {
            match self
                .metrics
                .iter_mut()
                .find(|x| x.algorithm == m.algorithm && x.measure == m.measure && x.who == m.who)
            {
                Some(x) => x.hist.merge(&m.hist),
                None => self.metrics.push(m.clone()),
            }
        }
    }

    /// The metrics in the table's order: by algorithm, measure, then who.
    pub fn sorted(&self) -> Vec<&Metric> {
        let order = |a: &str| ALGORITHMS.iter().position(|x| *x == a).unwrap_or(99);
        let mut v: Vec<&Metric> = self.metrics.iter().collect();
        v.sort_by(|a, b| {
            (
                order(a.algorithm),
                a.measure.starts_with("time"),
                a.measure,
                a.who,
            )
                .cmp(&(
                    order(b.algorithm),
                    b.measure.starts_with("time"),
                    b.measure,
                    b.who,
                ))
        });
        v
    }

    /// The table: per algorithm, measure and library, calls, mean, quantiles, most.
    pub fn table(&self) -> String {
        let mut s = format!(
            "{:<13} {:<16} {:<13} {:>8} {:>9} {:>8} {:>8} {:>8} {:>9}\n",
            "algorithm", "measure", "library", "calls", "mean", "p50", "p90", "p99", "max"
        );
        for m in self.sorted() {
            let h = &m.hist;
            let q = |x: f64| {
                if h.time {
                    format!("≤{}", x as u64)
                } else {
                    format!("{x}")
                }
            };
            let _ = writeln!(
                s,
                "{:<13} {:<16} {:<13} {:>8} {:>9.1} {:>8} {:>8} {:>8} {:>9.0}",
                m.algorithm,
                m.measure,
                m.who.label(),
                h.calls,
                h.mean(),
                q(h.quantile(0.5)),
                q(h.quantile(0.9)),
                q(h.quantile(0.99)),
                h.max
            );
        }
        s
    }
}

/// The algorithms in the table's order.
pub const ALGORITHMS: [&str; 6] = ["gjk", "epa", "manifold", "cast", "toi_rotating", "ray"];

/// `f` run [`REPEAT`] times: its last answer and the mean time of a call (ns).
fn timed<T>(mut f: impl FnMut() -> T) -> (T, f64) {
    let start = Instant::now();
    let mut out = f();
    for _ in 1..REPEAT {
        out = black_box(f());
    }
    (out, start.elapsed().as_nanos() as f64 / REPEAT as f64)
}

/// Profiles `pair` (and `rays`, each cast at both shapes; the fuzzer's two when
/// `None`) into `profile`.
pub fn profile_pair(pair: &FuzzPair, rays: Option<&[RayInput]>, profile: &mut Profile) {
    let settings = Settings::default();
    let inputs = pair.inputs(&settings);
    profile.pairs += 1;
    ours(&inputs, profile);
    let rays: Vec<RayInput> = match rays {
        Some(r) => r.to_vec(),
        None => fuzz_rays(pair).iter().map(|r| r.ray).collect(),
    };
    let targets = [
        (&pair.shape_a, pair.transform_a()),
        (&pair.shape_b, pair.transform_b()),
    ];
    for ray in &rays {
        for (shape, xf) in targets {
            let input = RayCastInput::new(shape, xf, *ray);
            let (g, t) = timed(|| ray_cast_gjk(&input, None));
            profile.add("ray", "steps", Who::Ours, g.iterations as f64);
            profile.add("ray", "time (ns) GJK", Who::Ours, t);
            let (_, t) = timed(|| ray_cast(&input, None));
            profile.add("ray", "time (ns)", Who::Ours, t);
            #[cfg(feature = "peers")]
            engines::ray(shape, xf, *ray, profile);
        }
    }
    #[cfg(feature = "peers")]
    engines::pair(&inputs, profile);
}

/// Our algorithms on the pair.
fn ours(inputs: &PairInputs, profile: &mut Profile) {
    let (d, t) = timed(|| shape_distance(&inputs.distance(), None, None));
    profile.add("gjk", "iterations", Who::Ours, d.iterations as f64);
    profile.add("gjk", "time (ns)", Who::Ours, t);
    let (p, t) = timed(|| penetration(&inputs.penetration(), None, None));
    profile.add("epa", "time (ns)", Who::Ours, t);
    if let Some(p) = p {
        profile.add("epa", "iterations", Who::Ours, p.iterations as f64);
        let mut trace = EpaTrace::default();
        penetration(&inputs.penetration(), None, Some(&mut trace));
        if let Some(last) = trace.steps.last() {
            profile.add("epa", "faces", Who::Ours, last.polytope.len() as f64);
        }
    }
    let (_, t) = timed(|| contact_manifold(&inputs.manifold(ManifoldSource::Sat), None));
    profile.add("manifold", "time (ns)", Who::Ours, t);
    if inputs.rotating() {
        let (r, t) = timed(|| time_of_impact(&inputs.rotating_toi(), None));
        profile.add("toi_rotating", "iterations", Who::Ours, r.iterations as f64);
        profile.add(
            "toi_rotating",
            "root iterations",
            Who::Ours,
            r.root_iterations as f64,
        );
        profile.add("toi_rotating", "time (ns)", Who::Ours, t);
    } else if inputs.moving() {
        let (c, t) = timed(|| shape_cast(&inputs.cast(), None));
        profile.add("cast", "iterations", Who::Ours, c.iterations as f64);
        profile.add("cast", "time (ns)", Who::Ours, t);
    }
}

/// The engines on the pair, as `peers` calls them.
#[cfg(feature = "peers")]
mod engines {
    use super::{timed, Profile, Who};
    use crate::core::math::Transform;
    use crate::core::raycast::RayInput;
    use crate::core::shape::Shape;
    use crate::peers::box2d::{self, MAX_POLYGON_VERTICES};
    use crate::peers::parry as parry_peer;
    use crate::peers::{guard, rotating};
    use crate::scene::build::PairInputs;

    fn box2d_takes(s: &Shape) -> bool {
        let n = s.vertices().len();
        n <= MAX_POLYGON_VERTICES && (n < 3 || box2d::accepts_polygon(s))
    }

    pub(super) fn pair(inputs: &PairInputs, profile: &mut Profile) {
        let (sa, sb) = (inputs.pair.shape_a, inputs.pair.shape_b);
        if box2d_takes(sa) && box2d_takes(sb) {
            box2d_pair(inputs, profile);
        }
        parry_pair(inputs, profile);
    }

    fn box2d_pair(inputs: &PairInputs, profile: &mut Profile) {
        let w = Who::Box2d;
        if let (Ok((d, _)), t) = timed(|| guard::box2d("distance", || box2d::distance(inputs))) {
            if let Some(i) = d.iterations {
                profile.add("gjk", "iterations", w, i as f64);
            }
            profile.add("gjk", "time (ns)", w, t);
        }
        if let (Ok(Ok(_)), t) = timed(|| guard::box2d("manifold", || box2d::manifold(inputs))) {
            profile.add("manifold", "time (ns)", w, t);
        }
        if inputs.rotating() {
            if let (Ok(Ok(_)), t) = timed(|| guard::box2d("toi", || rotating::box2d(inputs))) {
                profile.add("toi_rotating", "time (ns)", w, t);
            }
        } else if inputs.moving() {
            if let (Ok(c), t) = timed(|| guard::box2d("toi", || box2d::toi(inputs))) {
                if let Some(i) = c.iterations {
                    profile.add("cast", "iterations", w, i as f64);
                }
                profile.add("cast", "time (ns)", w, t);
            }
        }
    }

    fn parry_pair(inputs: &PairInputs, profile: &mut Profile) {
        let w = Who::Parry;
        let Ok((ga, gb)) = guard::parry("shapes", || {
            (
                parry_peer::shape(inputs.pair.shape_a),
                parry_peer::shape(inputs.pair.shape_b),
            )
        }) else {
            return;
        };
        let (pa, pb) = (
            parry_peer::pose(&inputs.pair.transform_a),
            parry_peer::pose(&inputs.pair.transform_b),
        );
        if let (Ok(Ok(_)), t) =
            timed(|| guard::parry("distance", || parry_peer::distance(&pa, &*ga, &pb, &*gb)))
        {
            profile.add("gjk", "time (ns)", w, t);
        }
        let contact = || {
            guard::parry("penetration", || {
                parry_peer::penetration(&pa, &*ga, &pb, &*gb)
            })
        };
        if let (Ok(Ok(_)), t) = timed(contact) {
            profile.add("epa", "time (ns)", w, t);
        }
        if let (Ok(Ok(_)), t) =
            timed(|| guard::parry("manifold", || parry_peer::manifold(inputs, &*ga, &*gb)))
        {
            profile.add("manifold", "time (ns)", w, t);
        }
        if inputs.rotating() {
            if let (Ok(_), t) = timed(|| rotating::parry_toi(inputs)) {
                profile.add("toi_rotating", "time (ns)", w, t);
            }
        } else if inputs.moving() {
            if let (Ok(Ok(_)), t) =
                timed(|| guard::parry("toi", || parry_peer::toi(inputs, &*ga, &*gb)))
            {
                profile.add("cast", "time (ns)", w, t);
            }
        }
    }

    pub(super) fn ray(shape: &Shape, xf: Transform, ray: RayInput, profile: &mut Profile) {
        if box2d_takes(shape) {
            if let (Ok(r), t) = timed(|| box2d::ray_cast(shape, xf, ray)) {
                if let Some(i) = r.iterations {
                    profile.add("ray", "steps", Who::Box2d, i as f64);
                }
                profile.add("ray", "time (ns)", Who::Box2d, t);
            }
        }
        if let (Ok(_), t) = timed(|| parry_peer::ray_cast(shape, xf, ray, true)) {
            profile.add("ray", "time (ns)", Who::Parry, t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_bucket_counts_and_times_and_give_their_quantiles() {
        let mut h = Histogram::new(false);
        for v in [1.0, 2.0, 2.0, 3.0, 9.0] {
            h.add(v);
        }
        assert_eq!(h.quantile(0.5), 2.0);
        assert_eq!(h.quantile(1.0), 9.0);
        assert!((h.mean() - 3.4).abs() < 1e-12);
        let mut t = Histogram::new(true);
        for v in [100.0, 120.0, 130.0, 5000.0] {
            t.add(v);
        }
        // 100..130 ns lie in [64, 128) and [128, 256): the median is at most 128.
        assert_eq!(t.quantile(0.5), 128.0);
        assert_eq!(t.quantile(0.99), 8192.0);
        assert_eq!(t.max, 5000.0);
    }

    #[test]
    fn a_profile_of_generated_pairs_counts_every_algorithm() {
        let mut p = Profile::default();
        for i in 0..300 {
            profile_pair(&crate::verify::generate_pair(5, i), None, &mut p);
        }
        assert_eq!(p.pairs, 300);
        let calls = |alg: &str, measure: &str, who: Who| {
            p.metrics
                .iter()
                .find(|m| m.algorithm == alg && m.measure == measure && m.who == who)
                .map_or(0, |m| m.hist.calls)
        };
        assert_eq!(calls("gjk", "iterations", Who::Ours), 300);
        assert_eq!(calls("ray", "steps", Who::Ours), 1200);
        assert!(calls("epa", "faces", Who::Ours) > 0);
        assert!(calls("cast", "iterations", Who::Ours) > 0);
        assert!(calls("toi_rotating", "root iterations", Who::Ours) > 0);
        #[cfg(feature = "peers")]
        {
            assert!(calls("gjk", "iterations", Who::Box2d) > 200);
            assert!(calls("manifold", "time (ns)", Who::Parry) > 200);
        }
        let table = p.table();
        assert!(
            table.contains("toi_rotating") && table.contains("root iterations"),
            "{table}"
        );
    }
}
