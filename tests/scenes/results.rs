//! On every scene's pair: finite numbers, unit normals, terminations from each
//! algorithm's known set, and the terminations and overlap the scene declares.

use super::*;

/// The names each algorithm may end with ([`Studies::termination`]).
fn allowed(algorithm: Algorithm) -> &'static [&'static str] {
    match algorithm {
        Algorithm::Gjk => &[
            "converged",
            "duplicate_support",
            "direction_zero",
            "overlap",
            "max_iterations",
        ],
        Algorithm::Epa => &[
            "converged",
            "duplicate_support",
            "stalled",
            "max_iterations",
            "degenerate",
            "core_separated",
            "none",
        ],
        Algorithm::Sat => &["overlap", "separated"],
        Algorithm::Manifold => &["contact", "support_fallback", "separated"],
        Algorithm::Clip => &[
            "overlap",
            "touching",
            "disjoint",
            "degenerate_input",
            "not_polygons",
        ],
        Algorithm::BoxBox => &[
            "contact",
            "vertex_vertex",
            "support_fallback",
            "separated",
            "not_boxes",
        ],
        Algorithm::Toi => &["hit", "miss", "already_overlapping", "no_relative_motion"],
        Algorithm::Hull => &["hull", "count", "welded", "collinear"],
        Algorithm::Rotating => &["hit", "separated", "overlapped", "failed"],
        Algorithm::Ray => &[
            "hit",
            "inside",
            "missed",
            "max_iterations",
            "non_finite_input",
            "negative_max_fraction",
            "out_of_range",
            "no_ray",
        ],
        Algorithm::ChainRay => &["hit", "missed", "non_finite_input", "no_ray", "no_chain"],
        Algorithm::Cast => &[
            "hit",
            "initially_overlapping",
            "moving_apart",
            "separated_at_end",
            "max_iterations",
        ],
    }
}

/// Collects the name of every non-finite number among the results that matter.
#[derive(Default)]
struct Finite {
    bad: Vec<String>,
}

impl Finite {
    fn f(&mut self, name: &str, x: f32) {
        if !x.is_finite() {
            self.bad.push(format!("{name} = {x}"));
        }
    }
    fn v(&mut self, name: &str, p: Vec2) {
        if !p.is_finite() {
            self.bad.push(format!("{name} = {p}"));
        }
    }
    fn walk(&mut self, an: &Studies) {
        let d = &an.basics.distance;
        self.f("distance.distance", d.distance);
        self.f("distance.core_distance", d.core_distance);
        self.v("distance.point_a", d.point_a);
        self.v("distance.point_b", d.point_b);
        if let Some(n) = d.normal {
            self.v("distance.normal", n);
        }
        if let Some(p) = &an.basics.penetration {
            self.f("penetration.depth", p.depth);
            self.v("penetration.normal", p.normal);
            self.v("penetration.point_a", p.point_a);
            self.v("penetration.point_b", p.point_b);
        }
        self.f("sat.separation", an.sat.output.separation);
        self.v("sat.normal", an.sat.output.normal);
        for (label, m) in [
            ("manifold_epa", &an.manifold.epa),
            ("manifold_sat", &an.manifold.sat),
        ] {
            self.v(&format!("{label}.normal"), m.normal);
            for (i, p) in m.points().iter().enumerate() {
                self.v(&format!("{label}.points[{i}].point_a"), p.point_a);
                self.v(&format!("{label}.points[{i}].point_b"), p.point_b);
                self.f(&format!("{label}.points[{i}].separation"), p.separation);
            }
        }
        if let Some(c) = &an.clip.output {
            self.v("clip.normal", c.normal);
            for (i, p) in c.polygon.iter().enumerate() {
                self.v(&format!("clip.polygon[{i}]"), *p);
            }
            for (i, p) in c.points.iter().enumerate() {
                self.v(&format!("clip.points[{i}].point_a"), p.point_a);
                self.v(&format!("clip.points[{i}].point_b"), p.point_b);
                self.f(&format!("clip.points[{i}].separation"), p.separation);
            }
        }
        if let Ok(bb) = &an.box_box.output {
            self.f("box_box.separation", bb.separation);
            self.v("box_box.normal", bb.normal);
            for (i, p) in bb.points().iter().enumerate() {
                self.v(&format!("box_box.points[{i}].point_a"), p.point_a);
                self.v(&format!("box_box.points[{i}].point_b"), p.point_b);
                self.f(&format!("box_box.points[{i}].separation"), p.separation);
            }
        }
        self.f("toi.t", an.swept.output.t);
        self.v("toi.normal", an.swept.output.normal);
        self.f("toi.depth", an.swept.output.depth);
        if let Some(p) = an.swept.output.point {
            self.v("toi.point", p);
        }
        self.f("cast.t", an.cast.output.t);
        self.v("cast.point", an.cast.output.point);
        self.v("cast.normal", an.cast.output.normal);
        self.f("cast.distance", an.cast.output.distance);
        self.f("minkowski.radius", an.basics.minkowski.radius);
        for (i, p) in an.basics.minkowski.points.iter().enumerate() {
            self.v(&format!("minkowski.points[{i}]"), *p);
        }
    }
}

fn is_unit(n: Vec2) -> bool {
    (n.length() - 1.0).abs() <= NORMAL_TOL
}

#[test]
fn results_are_finite_and_normals_unit() {
    for l in load_all() {
        println!("{}", summary(&l));
        let mut f = Finite::default();
        f.walk(&l.an);
        assert!(f.bad.is_empty(), "{}: {:?}", l.file, f.bad);
        let an = &l.an;
        let mut normals = vec![("sat", an.sat.output.normal)];
        if let Some(n) = an.basics.distance.normal {
            normals.push(("distance", n));
        }
        if let Some(p) = &an.basics.penetration {
            normals.push(("penetration", p.normal));
        }
        if an.manifold.epa.case.is_some() {
            normals.push(("manifold_epa", an.manifold.epa.normal));
        }
        if an.manifold.sat.case.is_some() {
            normals.push(("manifold_sat", an.manifold.sat.normal));
        }
        if let Ok(bb) = &an.box_box.output {
            normals.push(("box_box", bb.normal));
        }
        if an.swept.output.termination != SweptTermination::NoRelativeMotion {
            normals.push(("toi", an.swept.output.normal));
        }
        if an.cast.output.hit {
            normals.push(("cast", an.cast.output.normal));
        }
        for (what, n) in normals {
            assert!(is_unit(n), "{}: {what} normal {n} is not unit", l.file);
        }
        assert!(an.basics.distance.distance >= 0.0, "{}", l.file);
        assert!((0.0..=1.0).contains(&an.swept.output.t), "{}", l.file);
        assert!((0.0..=1.0).contains(&an.cast.output.t), "{}", l.file);
    }
}

#[test]
fn terminations_are_known_and_as_declared() {
    for l in load_all() {
        let declared = &l.scene.expect.terminations;
        for algorithm in Algorithm::ALL {
            let got = l.an.termination(&l.scene, algorithm, l.source);
            assert!(
                allowed(algorithm).contains(&got),
                "{}: {} ended with unknown \"{got}\"",
                l.file,
                algorithm.name()
            );
            // Hitting an iteration bound is never incidental: a scene that does so
            // must say it.
            if got == "max_iterations" {
                assert_eq!(
                    declared.get(algorithm.name()).map(String::as_str),
                    Some("max_iterations"),
                    "{}: {} ran out of iterations",
                    l.file,
                    algorithm.name()
                );
            }
        }
        for (name, want) in declared {
            let algorithm = Algorithm::from_name(name).expect("the loader checks names");
            assert!(
                allowed(algorithm).contains(&want.as_str()),
                "{}: expect names \"{want}\", not a termination of {name}",
                l.file
            );
            let got = l.an.termination(&l.scene, algorithm, l.source);
            assert_eq!(got, want, "{}: {name}\n{}", l.file, summary(&l));
        }
        match l.scene.expect.overlap.as_str() {
            "yes" => assert!(overlaps(&l.an), "{}: expected overlap", l.file),
            "no" => assert!(!overlaps(&l.an), "{}: expected no overlap", l.file),
            _ => {}
        }
    }
}
