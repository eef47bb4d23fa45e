//! `collidescope replay TRACK.ron`: a pair track (any engine's pair over time) opened
//! like a recording. Per frame, three rows of the pair: the engine's manifold from the
//! file (when it gave one), Box2D's `b2Collide*` and ours (`Box2dV3`) on the frame's
//! exact poses; the markers of the engine's row (Box2D's when the file has no
//! manifolds). `--frame K --out pair.ron` writes the pair at frame K.

use collidescope::core::manifold::{contact_manifold, ManifoldSource};
use collidescope::scene::track::{load_track, Track};
use collidescope::trace::series::{Marker, MarkerFinder, PairState};
use collidescope::trace::world_frame::ContactPoint;
use serde_json::json;
use std::io::Write;

/// A manifold in our terms as a pair state: touching when it has points.
fn state(frame: u32, normal: [f32; 2], points: Vec<ContactPoint>) -> PairState {
    let touching = !points.is_empty();
    let s = PairState {
        frame,
        touching,
        points,
        ..PairState::default()
    };
    if touching {
        s.with_normal(normal)
    } else {
        s
    }
}

fn point(id: Option<u32>, a: [f32; 2], b: [f32; 2], separation: f32) -> ContactPoint {
    ContactPoint {
        id: id.unwrap_or(0) as u16,
        point: [(a[0] + b[0]) * 0.5, (a[1] + b[1]) * 0.5],
        separation,
        anchor_a: [0.0; 2],
    }
}

/// The three rows of frame `k`.
fn rows(
    track: &Track,
    k: usize,
    label: &str,
) -> Result<(Option<PairState>, Option<PairState>, PairState), String> {
    let frame = k as u32;
    let scene = track
        .scene_at(k, label)
        .ok_or_else(|| format!("{label}: frame {k} does not make a pair"))?;
    let pair = scene.pair(0, 1);
    let engine = track.frames[k].manifold.as_ref().map(|m| {
        let points = m
            .points
            .iter()
            .map(|p| ContactPoint {
                id: p.id.unwrap_or(0) as u16,
                point: p.point,
                separation: p.separation,
                anchor_a: [0.0; 2],
            })
            .collect();
        state(frame, m.normal, points)
    });
    let box2d = collidescope::peers::box2d::manifold(&pair).ok().map(|m| {
        let points = m
            .points
            .iter()
            .map(|p| point(p.id, p.point_a, p.point_b, p.separation))
            .collect();
        state(frame, m.normal, points)
    });
    let ours = contact_manifold(&pair.manifold(ManifoldSource::Sat), None);
    let points = ours
        .points()
        .iter()
        .map(|p| {
            point(
                Some(p.id),
                p.point_a.to_array(),
                p.point_b.to_array(),
                p.separation,
            )
        })
        .collect();
    Ok((engine, box2d, state(frame, ours.normal.to_array(), points)))
}

/// Streams the track's timeline; or with `frame` and `out`, writes the pair there.
pub fn run(
    path: &std::path::Path,
    frame: Option<u32>,
    out: Option<&std::path::Path>,
    language: Option<&str>,
) -> Result<(), String> {
    let label = path.display().to_string();
    let track = load_track(path).map_err(|e| e.to_string())?;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let mut print =
        |v: serde_json::Value| writeln!(stdout, "{v}").map_err(|e| format!("cannot write: {e}"));
    print(json!({
        "track": { "engine": track.engine, "a": track.a.name, "b": track.b.name, "frames": track.frames.len() },
        "file": label,
    }))?;
    if let (Some(k), Some(out)) = (frame, out) {
        let scene = track.scene_at(k as usize, &label).ok_or_else(|| {
            format!(
                "{label}: no frame {k} (the track has {})",
                track.frames.len()
            )
        })?;
        let text = match language {
            None => collidescope::scene::scene_to_string(&scene),
            Some(name) => {
                use collidescope::repro::{export, Language};
                let l = Language::from_name(name)
                    .ok_or("--as: expected box2d-c, parry-rust or scene-hex")?;
                export(&scene, 0, 1, l, &label).map_err(|e| format!("{label}: {e}"))?
            }
        };
        collidescope::scene::fs::write_output(out, text.as_bytes())
            .map_err(|e| format!("{}: {e}", out.display()))?;
        return print(json!({ "wrote": out.display().to_string(), "frame": k }));
    }
    let has_engine = track.frames.iter().any(|f| f.manifold.is_some());
    let mut finder = MarkerFinder::default();
    let mut counts = [0u64; Marker::KEYS.len()];
    for k in 0..track.frames.len() {
        let (engine, box2d, ours) = rows(&track, k, &label)?;
        let marked = if has_engine {
            engine.clone()
        } else {
            box2d.clone()
        };
        let markers = marked.as_ref().map(|s| finder.next(s)).unwrap_or_default();
        for m in &markers {
            if let Some(i) = Marker::KEYS.iter().position(|key| *key == m.key()) {
                counts[i] += 1;
            }
        }
        let mut line = json!({ "frame": k, "box2d": box2d, "ours": ours });
        if has_engine {
            line["engine"] = json!(engine);
        }
        if !markers.is_empty() {
            line["markers"] = json!(markers);
        }
        print(line)?;
    }
    let counts: serde_json::Map<String, serde_json::Value> = Marker::KEYS
        .iter()
        .zip(counts)
        .map(|(k, n)| (k.to_string(), json!(n)))
        .collect();
    print(
        json!({ "end": { "frames": track.frames.len(), "markers_of": if has_engine { "engine" } else { "box2d" }, "markers": counts } }),
    )?;
    stdout.flush().map_err(|e| format!("cannot write: {e}"))
}
