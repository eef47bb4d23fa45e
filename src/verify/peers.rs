//! `collidescope fuzz --peers`: every generated pair through Box2D v3 and parry2d too,
//! each engine's answer classified against the exact f64 reference (and ours beside
//! it): both within tolerance, the engine wrong, ours wrong, or both. Each engine
//! disagreement becomes a scene with the engine's answer in its notes — a gallery of
//! engine bugs, reproducible bit for bit.
//!
//! Queries and what "right" means (`L` the configuration's size, tolerance
//! [`ENGINE_RELATIVE_TOLERANCE`]`·L`, the one exported regression tests use):
//! - `distance`: within the tolerance of the exact distance;
//! - `depth` (parry only; Box2D has no such query): a penetration when the exact one is
//!   deeper than the tolerance, with the exact depth within 1e-4 relative plus the
//!   tolerance; none when the shapes are apart by more than the tolerance;
//! - `toi` (moving pairs): hit or miss as the exact sweep (when it is not within the
//!   tolerance of touching), and the time within the tolerance over the closing speed —
//!   for Box2D, which stops short at a target separation of about one linear slop,
//!   within (1.25 slop + tolerance) over the closing speed;
//! - `toi_rotating` (turning pairs): each engine's rotating time of impact against the
//!   f64 oracle at its own target and in its own motion, ours at ours
//!   ([`super::peers_rotating`]); Box2D's pairs of half a turn or more per step, and
//!   pairs the oracle cannot decide, are counted by class but not judged.

pub use super::peer_report::{PeerCase, PeerReport, Verdict};
use super::peers_rotating::{judge_engines, judge_ours};
use super::{generate_pair_in, ExactToi, Family, FuzzPair, Reference, ENGINE_RELATIVE_TOLERANCE};
use crate::core::epa::penetration;
use crate::core::gjk::shape_distance;
use crate::core::settings::Settings;
use crate::core::toi::shape_cast::shape_cast;
use crate::scene::{Scene, View};
use crate::trace::peer_answer::{Engine, EngineAnswer};
use std::path::{Path, PathBuf};

/// Box2D's linear slop: its cast stops about this far before contact.
const BOX2D_LINEAR_SLOP: f64 = 0.005;

/// Runs pairs `start .. start + count` of `seed` (of `family` when given) through the
/// engines.
pub fn run_peers(
    seed: u64,
    start: u64,
    count: u64,
    family: Option<Family>,
    keep: usize,
) -> PeerReport {
    let settings = Settings::default();
    let mut report = PeerReport {
        keep,
        ..PeerReport::default()
    };
    for index in start..start + count {
        let pair = generate_pair_in(seed, index, family);
        check_pair(&pair, &settings, &mut report);
        super::peers_ray::check_rays(&pair, &mut report);
    }
    report
}

/// Every engine's answers on `pair` classified into `report` (rays apart).
pub(super) fn check_pair(pair: &FuzzPair, settings: &Settings, report: &mut PeerReport) {
    let inputs = pair.inputs(settings);
    let ex = Reference::new(pair);
    let tol = ENGINE_RELATIVE_TOLERANCE * ex.scale;
    let ours_d = shape_distance(&inputs.distance(), None, None).distance as f64;
    let ours_pen = penetration(&inputs.penetration(), None, None);
    let exact_d = ex.distance();
    let answers = crate::peers::ask_all(&inputs);
    if inputs.rotating() {
        rotating(pair, &inputs, &answers, report);
    }
    for (engine, answer) in answers {
        for fault in &answer.faults {
            report.record(pair, engine, fault.query, Verdict::EngineStopped, || {
                format!("{}: {fault}", fault.query)
            });
        }
        if let Some(d) = &answer.distance {
            let e = d.distance as f64;
            let v = Verdict::of((e - exact_d).abs() <= tol, (ours_d - exact_d).abs() <= tol);
            if matches!(v, Verdict::EngineWrong | Verdict::BothWrong) {
                let rounded = pair.shape_a.radius() > 0.0 || pair.shape_b.radius() > 0.0;
                let class = distance_class(exact_d, e, (ex.scale, ex.world), rounded);
                *report.distance_classes.entry((engine, class)).or_default() += 1;
            }
            report.record(pair, engine, "distance", v, || {
                format!(
                    "distance: exact {exact_d:.9}, ours {ours_d:.9}, {} {e:.9}",
                    engine.key()
                )
            });
        }
        if engine == Engine::Parry {
            depth(
                pair,
                &ex,
                tol,
                &answer,
                ours_pen.map(|p| p.depth as f64),
                report,
            );
        }
        if pair.velocity_a != pair.velocity_b && !inputs.rotating() {
            toi(pair, &ex, tol, engine, &answer, inputs.cast(), report);
        }
    }
}

/// parry2d's GJK stops when its upper and lower bounds on the distance are within
/// `√(10·ε)` of the upper one (`gjk.rs`: `max_bound − min_bound ≤ eps_rel · max_bound`,
/// `eps_rel = √eps_tol`, `eps_tol = 10·f32::EPSILON`), and answers the upper bound.
const PARRY_GJK_RELATIVE_STOP: f64 = 1.0917e-3;

/// Why an engine's distance `e` is off the exact `exact` (`size`: the pair's size `L`
/// and its largest world coordinate `W`): f32 rounding at large coordinates, the classes
/// parry2d's GJK stopping rules explain, or none of them. `rounded`: either
/// shape has a radius (a circle, capsule or rounded polygon: GJK on a curved support
/// map, whose upper bound may also stall before the relative rule holds).
pub(super) fn distance_class(exact: f64, e: f64, size: (f64, f64), rounded: bool) -> &'static str {
    let (scale, world) = size;
    // f32 rounding of the answer and of the shapes' poses at this size.
    let noise = 8.0 * f32::EPSILON as f64 * scale.max(1.0);
    if (e - exact).abs() <= 16.0 * f32::EPSILON as f64 * world {
        // An engine that moves both shapes into world (or one shape's) coordinates in
        // f32 loses `W·ε` per operation; the exact reference and ours work relative.
        "within f32 rounding at the world coordinates (16·ε·W)"
    } else if e < exact {
        "too short"
    } else if exact <= noise {
        // Touching or overlapping: parry's stall branch accepts the simplex when the
        // best lower bound is within `eps_rel` of the largest support point's size.
        if e <= PARRY_GJK_RELATIVE_STOP * scale + noise {
            "a gap on a touching pair, within √(10ε)·L (GJK's touching branch)"
        } else {
            "a gap on a touching pair, beyond √(10ε)·L"
        }
    } else if e - exact <= PARRY_GJK_RELATIVE_STOP * e + noise {
        "too long, within √(10ε)·d (GJK's relative stopping rule)"
    } else if rounded {
        "too long, beyond √(10ε)·d, a rounded shape (GJK on a curved support)"
    } else {
        "too long, beyond √(10ε)·d, polygons only"
    }
}

/// Whether a penetration answer (`None`: none) is right for the exact signed distance.
fn depth_ok(answer: Option<f64>, signed: f64, tol: f64) -> Option<bool> {
    if signed < -tol {
        let want = -signed;
        Some(answer.is_some_and(|d| (d - want).abs() <= 1e-4 * want + tol))
    } else if signed > tol {
        Some(answer.is_none_or(|d| d <= tol))
    } else {
        None // within the tolerance of touching: either answer is right
    }
}

fn depth(
    pair: &FuzzPair,
    ex: &Reference,
    tol: f64,
    a: &EngineAnswer,
    ours: Option<f64>,
    report: &mut PeerReport,
) {
    if a.missing.iter().any(|m| m.starts_with("penetration")) {
        return;
    }
    let theirs = a.penetration.as_ref().map(|p| p.depth as f64);
    let (Some(e), Some(o)) = (
        depth_ok(theirs, ex.signed, tol),
        depth_ok(ours, ex.signed, tol),
    ) else {
        return;
    };
    report.record(pair, Engine::Parry, "depth", Verdict::of(e, o), || {
        // One convention on the line: depths, positive (the exact one too).
        let exact = if ex.signed < 0.0 {
            format!("exact depth {:.9}", -ex.signed)
        } else {
            format!("exact: apart by {:.9} (no overlap)", ex.signed)
        };
        format!(
            "depth: {exact}, ours {}, parry2d {}",
            depth_words(ours),
            depth_words(theirs)
        )
    });
}

/// A depth that may be absent, in words.
fn depth_words(d: Option<f64>) -> String {
    d.map_or_else(|| "no overlap".to_string(), |d| format!("{d:.9}"))
}

fn toi(
    pair: &FuzzPair,
    ex: &Reference,
    tol: f64,
    engine: Engine,
    a: &EngineAnswer,
    cast: crate::core::toi::shape_cast::CastInput,
    report: &mut PeerReport,
) {
    let Some(t) = &a.toi else { return };
    let exact = ExactToi::new(pair, ex);
    if exact.f_min.abs() <= tol || exact.f0 <= tol {
        return; // grazing or touching at the start: hit and miss are both right
    }
    let speed = (pair.velocity_b - pair.velocity_a).as_dvec2().length();
    let closing = speed * exact.incidence.unwrap_or(1.0).max(0.05);
    let ours = shape_cast(&cast, None);
    let ok = |hit: bool, time: f64, slack: f64| match exact.t_hit {
        Some(want) => hit && (time - want).abs() <= (slack + tol) / closing.max(1e-9),
        None => !hit,
    };
    let slack = match engine {
        Engine::Box2d => 1.25 * BOX2D_LINEAR_SLOP,
        Engine::Parry => 0.0,
    };
    let v = Verdict::of(
        ok(t.hit, t.t as f64, slack),
        ok(ours.hit, ours.t as f64, 0.0),
    );
    report.record(pair, engine, "toi", v, || {
        format!(
            "toi: exact {}, ours {} t {:.6}, {} {} t {:.6}",
            exact
                .t_hit
                .map_or_else(|| "miss".to_string(), |t| format!("hit at t {t:.6}")),
            if ours.hit { "hit" } else { "miss" },
            ours.t,
            engine.key(),
            if t.hit { "hit" } else { "miss" },
            t.t
        )
    });
}

/// The turning pair's rotating answers: ours and each engine's, judged; the
/// verdicts counted under `toi_rotating`, every class in [`PeerReport::rotating`].
fn rotating(
    pair: &FuzzPair,
    inputs: &crate::scene::build::PairInputs,
    answers: &[(Engine, EngineAnswer)],
    report: &mut PeerReport,
) {
    let ours = judge_ours(pair, inputs);
    for j in judge_engines(pair, inputs, answers) {
        *report
            .rotating
            .entry((j.engine, j.class.name()))
            .or_default() += 1;
        if let Some(l) = j.linear.filter(|l| !l.class.agrees()) {
            let key = format!("scene's motion: {}", l.class.name());
            *report.rotating.entry((j.engine, key)).or_default() += 1;
        }
        if !j.class.judged() || ours.class == super::RotatingClass::Undecided {
            continue;
        }
        let engine_ok = j.class.agrees();
        let v = Verdict::of(engine_ok, ours.class.agrees());
        report.record(pair, j.engine, "toi_rotating", v, || {
            format!(
                "toi_rotating: {} — {}; ours {} (error {:.3e})",
                j.class.name(),
                j.detail,
                ours.class.name(),
                ours.error
            )
        });
    }
}

/// The scene of an engine disagreement: the pair, the engine's answer in the notes.
pub fn peer_scene(case: &PeerCase) -> Result<Scene, String> {
    let pair = generate_pair_in(case.seed, case.index, Some(case.family));
    let d = super::Disagreement {
        seed: case.seed,
        index: case.index,
        family: pair.family,
        // A ray query's scene holds the pair's rays (a ray check's scene does).
        check: if case.query.starts_with("ray") {
            super::Check::RayExact
        } else {
            super::Check::GjkDistance
        },
        error: 0.0,
        tolerance: 0.0,
        detail: case.detail.clone(),
        manifold_source: None,
    };
    let mut scene = super::disagreement_scene(&pair, &d)?;
    let rays_note = if case.query.starts_with("ray") {
        " The rays: RA against A, RB against B (each cast against both shapes in the scene)."
    } else {
        ""
    };
    let (verb, repro) = if case.verdict == Verdict::EngineStopped {
        let stop = if case.engine == Engine::Box2d {
            " A legal input the engine stops on: collidescope export FILE --as box2d-c writes it as a C test that stops there."
        } else {
            " A legal input the engine panics on: collidescope export FILE --as parry-rust writes it as a test that panics there."
        };
        ("stops", stop)
    } else {
        ("disagrees", "")
    };
    scene.title = format!(
        "{}: {} {verb} (seed {}, pair {})",
        case.query,
        case.engine.label(),
        case.seed,
        case.index
    );
    scene.notes = format!(
        "fuzz --peers: {} on {} — {}. A is a {}, B a {} ({} family). Reproduce: collidescope fuzz --peers --family {} --seed {} --start {} --count 1; then collidescope report FILE --peers.{rays_note}{repro}",
        case.engine.label(),
        case.query,
        case.detail,
        pair.kind_a.name(),
        pair.kind_b.name(),
        pair.family.name(),
        pair.family.name(),
        case.seed,
        case.index
    );
    scene.group = "Engine disagreements".into();
    scene.view = View {
        a: "A".into(),
        b: "B".into(),
        algorithm: match case.query {
            "toi" => crate::scene::view_state::Algorithm::Cast,
            "toi_rotating" => crate::scene::view_state::Algorithm::Rotating,
            "depth" => crate::scene::view_state::Algorithm::Epa,
            _ => crate::scene::view_state::Algorithm::Gjk,
        },
        ..View::default()
    };
    Ok(scene)
}

/// The file a case's scene goes to: one per engine, query and pair.
fn peer_scene_name(case: &PeerCase) -> String {
    format!(
        "peers-{}-{}-seed{}-pair{:07}.ron",
        case.engine.key(),
        case.query,
        case.seed,
        case.index
    )
}

/// The engine disagreements, one per scene: a pair's two rays are one scene (it holds
/// both rays), so two cases of one engine, query and pair become one case whose
/// detail names both, in the order found.
pub fn peer_scene_cases(report: &PeerReport) -> Vec<PeerCase> {
    let mut merged: Vec<PeerCase> = Vec::new();
    let mut at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for case in report.engine_disagreements() {
        match at.entry(peer_scene_name(case)) {
            std::collections::hash_map::Entry::Occupied(i) => {
                let first = &mut merged[*i.get()];
                first.detail = format!("{}; {}", first.detail, case.detail);
            }
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(merged.len());
                merged.push(case.clone());
            }
        }
    }
    merged
}

/// Writes a scene per engine disagreement (at most `max` scenes) into `dir`: the
/// paths written, each with the case it holds (see [`peer_scene_cases`]).
pub fn write_peer_scenes(
    report: &PeerReport,
    dir: &Path,
    max: usize,
) -> Result<Vec<(PathBuf, PeerCase)>, String> {
    let cases = peer_scene_cases(report);
    let paths = super::scenes::write_case_scenes(&cases, dir, max, |case| {
        Ok((peer_scene(case)?, peer_scene_name(case)))
    })?;
    Ok(paths.into_iter().zip(cases).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pairs_two_wrong_rays_are_one_scene_naming_both_and_every_file_is_its_own() {
        let case = |index: u64, detail: &str| PeerCase {
            seed: 1,
            index,
            family: Family::General,
            engine: Engine::Parry,
            query: "ray_exit",
            verdict: Verdict::EngineWrong,
            detail: detail.into(),
        };
        let report = PeerReport {
            cases: vec![
                case(4, "ray RA: exit 0.5"),
                case(4, "ray RB: exit 0.7"),
                case(9, "ray RA: exit 0.2"),
            ],
            ..PeerReport::default()
        };
        let merged = peer_scene_cases(&report);
        assert_eq!(
            merged.len(),
            2,
            "pair 4's two rays are one scene: {merged:?}"
        );
        assert_eq!(merged[0].detail, "ray RA: exit 0.5; ray RB: exit 0.7");
        assert_eq!(merged[1].index, 9);
        let dir = std::env::temp_dir().join(format!("cs-peer-scenes-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let written = write_peer_scenes(&report, &dir, 10).unwrap();
        let files = std::fs::read_dir(&dir).unwrap().count();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            (written.len(), files),
            (2, 2),
            "one file per scene said written"
        );
    }

    #[test]
    fn parry_distance_classes_follow_its_stopping_rules() {
        // seed 3 pair 304 of the rotating family: 0.612182 exact, parry 0.612723 (8.8e-4 long)
        let within = "too long, within √(10ε)·d (GJK's relative stopping rule)";
        assert_eq!(
            distance_class(0.612182015, 0.612723172, (2.0, 8.0), false),
            within
        );
        // seed 3 pair 1006: 0.0276098 exact, parry 0.0279339 (1.2e-2 long): beyond
        assert_eq!(
            distance_class(0.02760981, 0.02793387, (2.0, 8.0), true),
            "too long, beyond √(10ε)·d, a rounded shape (GJK on a curved support)"
        );
        assert_eq!(distance_class(1.0, 0.999, (2.0, 8.0), false), "too short");
        // seed 3 pair 167 (large coordinates, a point and a circle near (31819, 71486))
        assert_eq!(
            distance_class(1.455001955, 1.449280024, (2.0, 71487.0), false),
            "within f32 rounding at the world coordinates (16·ε·W)"
        );
        let touching = "a gap on a touching pair, within √(10ε)·L (GJK's touching branch)";
        assert_eq!(distance_class(0.0, 3.8e-4, (2.0, 8.0), true), touching);
        assert_eq!(
            distance_class(0.0, 3.8e-3, (2.0, 8.0), false),
            "a gap on a touching pair, beyond √(10ε)·L"
        );
    }

    #[test]
    fn a_short_run_classifies_every_answer_and_finds_box2d_and_parry_mostly_right() {
        let r = run_peers(7, 0, 400, None, 50);
        let distance = r.counts[&(Engine::Parry, "distance")];
        let total: u64 = distance.iter().sum();
        assert_eq!(total, 400, "parry measures every pair: {distance:?}");
        // Ours is never wrong where the fuzzer's stricter checks pass.
        for ((engine, query), c) in &r.counts {
            assert_eq!(
                c[Verdict::OursWrong as usize] + c[Verdict::BothWrong as usize],
                0,
                "{engine:?} {query}: {c:?}\n{}",
                r.table()
            );
            // The engines' rotating answers miss often on fast spins: their floors are
            // in tests/peers_rotating.rs.
            // parry's `solid = false` exits are mostly wrong on polygons when
            // |d| ≠ 1 (its units bug, see `peers_ray.rs`).
            if *query != "toi_rotating" && *query != "ray_exit" {
                assert!(
                    c[Verdict::Agree as usize] * 10 >= 9 * c.iter().sum::<u64>(),
                    "{engine:?} {query}: {c:?}"
                );
            }
        }
        assert!(r.counts.contains_key(&(Engine::Box2d, "toi")));
        assert!(r.counts.contains_key(&(Engine::Parry, "toi_rotating")));
        assert!(r
            .rotating
            .contains_key(&(Engine::Box2d, "half-turn limit".to_string())));
        assert!(r.counts.contains_key(&(Engine::Parry, "depth")));
        assert!(r.counts.contains_key(&(Engine::Box2d, "ray")));
        assert!(r.counts.contains_key(&(Engine::Parry, "ray_exit")));
        assert!(r.ray_classes[&(Engine::Parry, "convention: inside → hit at 0 (solid)")] > 0);
        for case in r.engine_disagreements() {
            let s = peer_scene(case).unwrap();
            assert_eq!(s.shapes.len(), 2);
            assert!(s.notes.contains(case.engine.label()));
        }
    }
}
