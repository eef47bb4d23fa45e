//! `collidescope replay TRACK.ron`: a pair track (any engine's pair over time) opened
//! like a recording. Per frame, three rows of the pair: the engine's manifold from the
//! file (when it gave one), Box2D's `b2Collide*` and ours (`Box2dV3`) on the frame's
//! exact poses; the markers of the engine's row (Box2D's when the file has no
//! manifolds). `--frame K --out pair.ron` writes the pair at frame K.

use collidescope::core::manifold::{contact_manifold, ManifoldSource};
use collidescope::scene::track::{load_track, Track};
use collidescope::trace::series::{Marker, MarkerFinder, PairState, TimelineRow};
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

/// One frame of a track's timeline: the engine's row (when the file gave a manifold),
/// Box2D's, ours, and the timeline row of the marked one with its markers.
pub(crate) struct TrackFrameRows {
    pub engine: Option<PairState>,
    pub box2d: Option<PairState>,
    pub ours: PairState,
    pub row: Option<TimelineRow>,
}

/// A track's frames one after the other (the markers need the frame before): the
/// engine's row is the marked one, Box2D's when the file has no manifolds.
pub(crate) struct TrackTimeline<'a> {
    track: &'a Track,
    label: &'a str,
    pub has_engine: bool,
    finder: MarkerFinder,
}

impl<'a> TrackTimeline<'a> {
    pub fn new(track: &'a Track, label: &'a str) -> TrackTimeline<'a> {
        TrackTimeline {
            track,
            label,
            has_engine: track.frames.iter().any(|f| f.manifold.is_some()),
            finder: MarkerFinder::default(),
        }
    }

    /// The rows of frame `k` (frames in order from 0).
    pub fn frame(&mut self, k: usize) -> Result<TrackFrameRows, String> {
        let (engine, box2d, ours) = rows(self.track, k, self.label)?;
        let marked = if self.has_engine { &engine } else { &box2d };
        let row = marked.as_ref().map(|state| TimelineRow {
            state: state.clone(),
            markers: self.finder.next(state),
            ours: ours.normal.map(|n| (ours.points.len(), n)),
        });
        Ok(TrackFrameRows {
            engine,
            box2d,
            ours,
            row,
        })
    }
}

/// Streams the track's timeline; or with `frame` and `out`, writes the pair there.
pub fn run(
    path: &std::path::Path,
    frame: Option<u32>,
    out: Option<&std::path::Path>,
    language: Option<&str>,
    plot: Option<&std::path::Path>,
) -> Result<(), String> {
    let label = collidescope::scene::library::shown_path(path);
    let track = load_track(path).map_err(|e| e.to_string())?;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let mut print =
        |v: serde_json::Value| writeln!(stdout, "{v}").map_err(|e| format!("cannot write: {e}"));
    print(json!({
        "track": { "engine": track.engine, "a": track.a.name, "b": track.b.name, "frames": track.frames.len() },
        "file": label,
    }))?;
    if let (Some(k), Some(out)) = (frame, out) {
        write_pair_at(&track, &label, k, out, language)?;
        return print(json!({ "wrote": out.display().to_string(), "frame": k }));
    }
    let mut timeline = TrackTimeline::new(&track, &label);
    let has_engine = timeline.has_engine;
    let mut counts = [0u64; Marker::KEYS.len()];
    let mut kept = Vec::new();
    for k in 0..track.frames.len() {
        let TrackFrameRows {
            engine,
            box2d,
            ours,
            row,
        } = timeline.frame(k)?;
        let markers = row.as_ref().map(|r| r.markers.clone()).unwrap_or_default();
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
        if let (Some(row), true) = (row, plot.is_some()) {
            kept.push(row);
        }
    }
    if let Some(path) = plot {
        write_plot(path, &track, &label, &kept, has_engine)?;
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

/// Writes the pair at frame `k` to `out`: as a scene, or with `--as` in that language.
fn write_pair_at(
    track: &Track,
    label: &str,
    k: u32,
    out: &std::path::Path,
    language: Option<&str>,
) -> Result<(), String> {
    let scene = track.scene_at(k as usize, label).ok_or_else(|| {
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
            export(&scene, 0, 1, l, label).map_err(|e| format!("{label}: {e}"))?
        }
    };
    collidescope::scene::fs::write_output(out, text.as_bytes())
        .map_err(|e| format!("{}: {e}", out.display()))
}

/// The `--plot` picture: the marked row's lanes over the frames (the engine's row, or
/// Box2D's when the file has no manifolds).
fn write_plot(
    path: &std::path::Path,
    track: &Track,
    label: &str,
    kept: &[TimelineRow],
    has_engine: bool,
) -> Result<(), String> {
    let engine = if has_engine {
        track.engine.as_str()
    } else {
        "Box2D"
    };
    let title = format!(
        "Contact timeline of {}, {} in {label}",
        track.a.name, track.b.name
    );
    let frames = track.frames.len().saturating_sub(1) as u32;
    crate::replay_cmd::write_lanes(path, title, kept, frames, engine)
}
