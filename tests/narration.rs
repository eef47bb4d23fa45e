//! The words say what the trace says: for every library scene, algorithm and step, the
//! claims of the narration, the numbers panel and the canvas labels — two intervals
//! overlap or leave a gap, which reference-face rule decided, how many iterations ran —
//! are checked against the study's trace.

use collidescope::core::gjk::SimplexCache;
use collidescope::core::manifold::ManifoldSource;
use collidescope::core::raycast::GjkMarch;
use collidescope::core::sat::SatBias;
use collidescope::render::{scene_pair, SceneExport};
use collidescope::scene::{library, parse_scene, Scene};
use collidescope::study::{Algorithm, Studies};
use collidescope::trace::report::pair_report;
use collidescope::view::draw::Prim;
use collidescope::view::text::tidy_zeros;

fn library_scenes() -> Vec<(&'static str, Scene)> {
    library::FILES
        .iter()
        .map(|(name, text)| {
            let mut scene = parse_scene(text, name).unwrap();
            scene.view.hidden_layers.clear();
            (*name, scene)
        })
        .collect()
}

fn studies_of(scene: &Scene) -> Option<Studies> {
    let (a, b) = scene_pair(scene)?;
    Some(Studies::compute(scene, a, b, &mut SimplexCache::default()))
}

/// The number that starts `s` (after optional spaces), and the rest.
fn number(s: &str) -> Option<(f32, &str)> {
    let s = s.trim_start();
    let end = s
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.' || *c == '-' || *c == '−'))
        .map_or(s.len(), |(i, _)| i);
    // A full stop after the number ends the sentence, not the number.
    let end = s[..end].trim_end_matches('.').len();
    let v = s[..end].replace('−', "-").parse().ok()?;
    Some((v, &s[end..]))
}

/// `[lo, hi]` at the start of `s`.
fn interval(s: &str) -> Option<([f32; 2], &str)> {
    let s = s.strip_prefix('[')?;
    let (lo, s) = number(s)?;
    let (hi, s) = number(s.strip_prefix(',')?)?;
    Some(([lo, hi], s.strip_prefix(']')?))
}

/// Every "A covers [..] and B covers [..] … overlap by X / a gap of X" claim of `text`
/// (one sentence each): the intervals and the claimed overlap (positive) or gap
/// (negative).
fn interval_claims(text: &str) -> Vec<([f32; 2], [f32; 2], f32)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("A covers ") {
        rest = &rest[i + "A covers ".len()..];
        let Some((a, after)) = interval(rest) else {
            continue;
        };
        let Some(j) = after.find("B covers ") else {
            continue;
        };
        let Some((b, after)) = interval(&after[j + "B covers ".len()..]) else {
            continue;
        };
        // The claim is in the same sentence or the next.
        let window: String = after.chars().take(160).collect();
        let claim = [("overlap by ", 1.0), ("gap of ", -1.0)]
            .iter()
            .filter_map(|(w, sign)| {
                let k = window.find(w)?;
                let (x, _) = number(&window[k + w.len()..])?;
                Some((k, sign * x))
            })
            .min_by_key(|(k, _)| *k);
        let claim = claim
            .unwrap_or_else(|| panic!("no overlap or gap claimed after {a:?} {b:?}: {window}"));
        out.push((a, b, claim.1));
    }
    out
}

/// How far two intervals overlap: the length they share (negative: the gap). Where
/// one lies inside the other, the push that parts them is longer, and a claim of
/// that push as the overlap would be wrong.
fn overlap(a: [f32; 2], b: [f32; 2]) -> f32 {
    a[1].min(b[1]) - a[0].max(b[0])
}

/// Words that count one thing as many ("1 steps") or print a number as "0.00e0".
fn grammar_faults(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for noun in [
        "steps",
        "iterations",
        "points",
        "vertices",
        "edges",
        "iterates",
        "push-backs",
    ] {
        for lead in ["(", " "] {
            let bad = format!("{lead}1 {noun}");
            if let Some(k) = text.find(&bad) {
                let next = text[k + bad.len()..].chars().next();
                if !next.is_some_and(char::is_alphanumeric) {
                    out.push(bad.trim().to_string());
                }
            }
        }
    }
    if text.contains("0.00e0") {
        out.push("0.00e0".into());
    }
    if text.contains(".  ") || text.contains(":  ") {
        out.push("a double space".into());
    }
    out
}

/// The canvas labels of a step (both views).
fn labels(scene: &Scene, algorithm: Algorithm, step: usize) -> Vec<String> {
    let ex = SceneExport::new(scene, algorithm);
    let Ok(p) = ex.picture(step) else {
        return Vec::new();
    };
    p.list
        .layers
        .iter()
        .flat_map(|l| &l.prims)
        .filter_map(|x| match x {
            Prim::Label { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The integer after `key` in `text` ("(3 iter" → 3 for key "(").
fn count_before(text: &str, word: &str) -> Option<usize> {
    let k = text.find(word)?;
    let head = text[..k].trim_end();
    let digits: String = head
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().ok()
}

#[test]
fn every_claim_of_every_step_matches_the_trace() {
    let mut faults = Vec::new();
    let mut checked = 0usize;
    for (name, scene) in library_scenes() {
        let Some(st) = studies_of(&scene) else {
            continue;
        };
        let bias = scene.settings.sat_bias;
        for algorithm in Algorithm::ALL {
            let src = scene.view.manifold();
            for step in 0..st.step_count_for(algorithm, src) {
                let at = format!("{name} {} step {}", algorithm.name(), step + 1);
                let words = st.narrate(&scene, algorithm, step, src);
                let numbers = st.numbers(&scene, algorithm, step, src);
                let rows: String = numbers.iter().map(|(k, v)| format!("{k}: {v}\n")).collect();
                let canvas = labels(&scene, algorithm, step);
                let mut fault = |what: String| faults.push(format!("{at}: {what}"));

                // Intervals said to overlap do, by the amount said; a gap is a gap.
                for (a, b, claim) in interval_claims(&words) {
                    let real = overlap(a, b);
                    if claim.signum() != real.signum() && claim.abs() > 5e-5 {
                        fault(format!(
                            "says {} {:.4} of {a:?} and {b:?}",
                            if claim > 0.0 { "overlap" } else { "gap" },
                            claim.abs()
                        ));
                    } else if (claim - real).abs()
                        > 1e-3 + 4.0 * f32::EPSILON * a[0].abs().max(a[1].abs())
                    {
                        fault(format!(
                            "says {claim:.4} where {a:?} and {b:?} give {real:.4}"
                        ));
                    }
                    checked += 1;
                }
                // The SAT step's intervals are the trace's.
                if algorithm == Algorithm::Sat {
                    if let Some(r) = st.sat.trace.axes.get(step) {
                        let claims = interval_claims(&words);
                        let ok = claims.iter().any(|(a, b, _)| {
                            (0..2).all(|i| {
                                (a[i] - r.interval_a[i]).abs() < 1e-3
                                    && (b[i] - r.interval_b[i]).abs() < 1e-3
                            })
                        });
                        if !ok {
                            fault(format!(
                                "intervals {claims:?} are not the trace's {:?} {:?}",
                                r.interval_a, r.interval_b
                            ));
                        }
                    }
                }
                // The reference-face rule named is the scene's.
                if matches!(
                    algorithm,
                    Algorithm::Sat | Algorithm::Manifold | Algorithm::Clip
                ) {
                    let all = format!("{words}\n{rows}");
                    let lite = all.contains("0.95 ×") || all.contains("Box2D-Lite");
                    let v3 = all.contains("Box2D v3's rule");
                    if bias == SatBias::Box2dV3 && lite {
                        fault("cites Box2D-Lite's rule under Box2dV3".into());
                    }
                    if bias == SatBias::Box2dLite && v3 {
                        fault("cites Box2D v3's rule under Box2dLite".into());
                    }
                }
                if algorithm == Algorithm::Sat && step + 1 == st.step_count_for(algorithm, src) {
                    let tr = &st.sat.trace;
                    if let (Some(a), Some(b)) = (tr.best_a, tr.best_b) {
                        let named = match bias {
                            SatBias::Box2dV3 => words.contains("Box2D v3's rule"),
                            SatBias::Box2dLite => words.contains("Box2D-Lite's rule"),
                        };
                        if !named {
                            fault(format!(
                                "the decision does not name the scene's rule {bias:?}"
                            ));
                        }
                        let b_better = b.separation > a.separation;
                        if words.contains("penetrates less")
                            && !(b_better && a.separation <= 0.0 && b.separation <= 0.0)
                        {
                            fault(format!(
                                "says B penetrates less with A {} and B {}",
                                a.separation, b.separation
                            ));
                        }
                    }
                }
                // Counts equal the trace's: steps are the stepper's, iterations the
                // report's (one word, one count everywhere).
                let gjk_steps = st.gjk.trace.steps.len();
                let row = |name: &str| {
                    rows.lines()
                        .find(|l| l.starts_with(name))
                        .and_then(|l| number(&l[name.len()..]))
                        .map(|n| n.0 as usize)
                };
                if algorithm == Algorithm::Gjk {
                    if let Some(n) = row("GJK steps:") {
                        if n != gjk_steps {
                            fault(format!(
                                "numbers say {n} GJK steps, the stepper {gjk_steps}"
                            ));
                        }
                    }
                    let report = st.basics.distance.iterations as usize;
                    if let Some(n) = row("GJK iterations:") {
                        if n != report {
                            fault(format!(
                                "numbers say {n} GJK iterations, the report {report}"
                            ));
                        }
                    }
                }
                if algorithm == Algorithm::Epa {
                    if let (Some(n), Some(pen)) = (row("EPA iterations:"), &st.basics.penetration) {
                        if n != pen.iterations as usize {
                            fault(format!(
                                "numbers say {n} EPA iterations, the report {}",
                                pen.iterations
                            ));
                        }
                    }
                }
                if let Ok(ray) = &st.basics.cast_ray {
                    let n = ray
                        .trace
                        .gjk
                        .iter()
                        .filter(|s| s.march == GjkMarch::Forward)
                        .count();
                    let ray_rows = numbers
                        .iter()
                        .filter(|(k, _)| k.contains("GJK ray"))
                        .map(|(_, v)| v);
                    let ray_labels = canvas.iter().filter(|t| t.contains("GJK ray"));
                    for text in ray_rows.chain(ray_labels) {
                        if let Some(k) = count_before(text, " iter") {
                            if k != n {
                                fault(format!("\"{text}\": the GJK ray cast has {n} iterations"));
                            }
                        }
                    }
                }
                for g in grammar_faults(&words)
                    .into_iter()
                    .chain(grammar_faults(&rows))
                {
                    fault(format!("reads \"{g}\""));
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} interval claims checked");
    assert!(
        faults.is_empty(),
        "{} wrong claims:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

#[test]
fn no_two_consecutive_steps_say_the_same() {
    // A step that repeats the one before (its title and words) shows nothing new: the
    // stepper would make the reader press on for nothing, or hide what changed.
    let mut repeats = Vec::new();
    let mut pairs = 0usize;
    for (name, scene) in library_scenes() {
        let Some(st) = studies_of(&scene) else {
            continue;
        };
        for algorithm in Algorithm::ALL {
            for src in [ManifoldSource::Sat, ManifoldSource::Epa] {
                let say = |step| {
                    (
                        st.step_part(&scene, algorithm, step, src),
                        st.narrate(&scene, algorithm, step, src),
                    )
                };
                let mut last = say(0);
                for step in 1..st.step_count_for(algorithm, src) {
                    let now = say(step);
                    if now == last {
                        repeats.push(format!(
                            "{name} {} ({src:?} normal) steps {} and {}: [{}] {}",
                            algorithm.name(),
                            step,
                            step + 1,
                            now.0,
                            now.1
                        ));
                    }
                    pairs += 1;
                    last = now;
                }
            }
        }
    }
    assert!(pairs > 1000, "only {pairs} step pairs compared");
    assert!(
        repeats.is_empty(),
        "{} steps repeat the one before:\n{}",
        repeats.len(),
        repeats.join("\n")
    );
}

#[test]
fn the_window_narrates_the_reports_manifold() {
    // `collidescope report` computes the manifold from SAT's normal; the window opens a
    // scene on the same normal unless its view asks for EPA's, and the last manifold
    // step's words give the report's separations, in its order.
    let mut compared = 0;
    for (name, scene) in library_scenes() {
        let app = collidescope::app::AppState::new(scene.clone(), None);
        let want = if scene.view.manifold_source == "epa" {
            ManifoldSource::Epa
        } else {
            ManifoldSource::Sat
        };
        assert_eq!(app.manifold_source(), want, "{name}");
        let (Some(st), ManifoldSource::Sat) = (studies_of(&scene), want) else {
            continue;
        };
        let (a, b) = st.pair();
        let report = pair_report(&scene, &scene.shapes[a], &scene.shapes[b], false);
        let Some(m) = report.manifold else {
            continue;
        };
        let last = st.step_count_for(Algorithm::Manifold, want) - 1;
        let words = st.narrate(&scene, Algorithm::Manifold, last, want);
        let mut rest = words.as_str();
        for point in &m.points {
            let said = tidy_zeros(&format!("separation {:.4}", point.separation));
            let k = rest
                .find(&said)
                .unwrap_or_else(|| panic!("{name}: the report's {said} is not in: {words}"));
            rest = &rest[k + said.len()..];
            compared += 1;
        }
    }
    assert!(compared > 40, "only {compared} contact points compared");
}

/// Writes every step's words and numbers of every library scene to
/// `target/narration.txt`, for reading them as a student would.
#[test]
#[ignore = "writes the narrations for reading; run with --ignored"]
fn dump_every_narration() {
    let mut out = String::new();
    for (name, scene) in library_scenes() {
        let Some(st) = studies_of(&scene) else {
            continue;
        };
        for algorithm in Algorithm::ALL {
            let src = ManifoldSource::Epa;
            out += &format!("\n#### {name} — {}\n", algorithm.name());
            for step in 0..st.step_count(algorithm) {
                out += &format!(
                    "[{}] {}\n",
                    st.step_part(&scene, algorithm, step, src),
                    st.narrate(&scene, algorithm, step, src)
                );
                for l in labels(&scene, algorithm, step) {
                    out += &format!("    label: {l}\n");
                }
            }
            for (k, v) in st.numbers(&scene, algorithm, 0, src) {
                out += &format!("    {k}: {v}\n");
            }
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/target/narration.txt");
    std::fs::write(path, out).unwrap();
}

/// Swept SAT counts its axes from 1 on the canvas as in the words ("Axis 2 of 9" and
/// the label "axis 2"), and a miss names the deciding axis by the number and the name
/// its own step used, with the reason.
#[test]
fn swept_sat_axes_have_one_numbering_on_the_canvas_and_in_the_words() {
    let mut checked = 0;
    for (name, scene) in library_scenes() {
        let Some(st) = studies_of(&scene) else {
            continue;
        };
        let (algorithm, src) = (Algorithm::Toi, scene.view.manifold());
        let axes = st.swept.trace.axes.len();
        let mut said = Vec::new();
        for k in 0..axes {
            let words = st.narrate(&scene, algorithm, k, src);
            let head = format!("Axis {} of {axes}: ", k + 1);
            assert!(words.starts_with(&head), "{name} step {}: {words}", k + 1);
            let canvas = labels(&scene, algorithm, k);
            assert!(
                canvas.contains(&format!("axis {}", k + 1)),
                "{name} step {}: {canvas:?}",
                k + 1
            );
            said.push(words[head.len()..].to_string());
            checked += 1;
        }
        let last = st.narrate(&scene, algorithm, axes, src);
        if let Some(at) = last.find("Axis ") {
            let rest = &last[at + "Axis ".len()..];
            let n: usize = rest[..rest.find(' ').unwrap()].parse().unwrap();
            let named = rest.split(", ").nth(1).unwrap();
            assert!(
                said[n - 1].starts_with(named),
                "{name}: the decision names axis {n} as \"{named}\", its step said \"{}\"",
                said[n - 1]
            );
            assert!(
                last.contains("separates them for the whole step: "),
                "{last}"
            );
        }
    }
    assert!(checked >= 40, "only {checked} axis steps");
}

/// The rotating time of impact says its target and Box2D's (`max(slop, radii −
/// slop)`, b2TimeOfImpact's) on its first iteration, as two engines' targets, and the canvas names the
/// separation function as the lesson's choices do, not by a code name.
#[test]
fn the_rotating_toi_says_its_target_beside_box2ds_and_names_functions_in_words() {
    use collidescope::core::toi::rotating::ToiTarget;
    let (name, scene) = library_scenes()
        .into_iter()
        .find(|(n, _)| *n == "toi_bullet_rotating_wall.ron")
        .unwrap();
    let st = studies_of(&scene).unwrap();
    let src = scene.view.manifold();
    let words = st.narrate(&scene, Algorithm::Rotating, 0, src);
    // A circle of radius 0.1 against a sharp wall.
    let (ours, box2d) = (
        ToiTarget::Touch.distance(0.1),
        ToiTarget::Box2d.distance(0.1),
    );
    assert!((box2d - 0.095).abs() < 1e-6, "{box2d}");
    assert!(
        words.contains(&format!("This study's target is {ours:.4} ± 0.00125"))
            && words.contains(&format!("= {box2d:.4}")),
        "{name}: {words}"
    );
    // Said so that the two numbers are not read as one target contradicting itself:
    // Box2D's is its own, and the time computed here is for ours.
    assert!(
        words.contains("sets its own target")
            && words.contains(&format!("the time computed here is for {ours:.4}")),
        "{name}: {words}"
    );
    let canvas = labels(&scene, Algorithm::Rotating, 0);
    assert!(canvas.iter().any(|l| l == "axis: A's face"), "{canvas:?}");
    assert!(!canvas.iter().any(|l| l.contains('_')), "{canvas:?}");
}

/// GJK's stop for want of a search direction says where the origin lies: on the
/// simplex's segment (or point), which lies in B − A — an edge of it only sometimes —
/// never "this edge of B − A". The touching boxes' step (the engines lesson's
/// *Exactly touching*) is one of them.
#[test]
fn a_stop_without_direction_names_the_simplex_not_an_edge_of_b_minus_a() {
    use collidescope::core::gjk::GjkTermination;
    let mut told = Vec::new();
    for (name, scene) in library_scenes() {
        let Some(st) = studies_of(&scene) else {
            continue;
        };
        let src = scene.view.manifold();
        for (k, step) in st.gjk.trace.steps.iter().enumerate() {
            if step.stop != Some(GjkTermination::DirectionZero) {
                continue;
            }
            let words = st.narrate(&scene, Algorithm::Gjk, k, src);
            assert!(!words.contains("this edge of B − A"), "{name}: {words}");
            let named = match step.simplex.len() {
                1 => "That point is a point of B − A",
                _ => "That segment of the simplex lies in B − A",
            };
            assert!(words.contains(named), "{name} step {}: {words}", k + 1);
            told.push(name);
        }
    }
    assert!(told.contains(&"touching.ron"), "{told:?}");
}
