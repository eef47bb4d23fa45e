//! `collidescope record WORLD.ron --frames N --out F.b2rec` and
//! `collidescope replay F.b2rec [--pair S1,S2] [--frame K --out pair.ron]`.
//!
//! A replay streams: one JSON line per frame with something to say, never the whole
//! recording in memory. Box2D's assertions stop a process, and a recording may hold
//! any calls, so `replay` checks the file (header, seed snapshot) and then replays it
//! in a child process ([`replay_child`]): if Box2D stops on the file, or stalls, the
//! parent prints one sentence and the lines that did replay stand.

use crate::replay_child;
use collidescope::peers::recording::timeline::TimelineBuilder;
use collidescope::peers::recording::{self, build, pair, Checked, Player};
use collidescope::scene::world::load_world;
use collidescope::trace::series::{Marker, TimelineRow};
use collidescope::trace::world_frame::FrameState;
use collidescope::view::timeline_plot::timeline_lanes;
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `collidescope record`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  \
    collidescope record recordings/tiled_floor.ron --frames 240 --out tiled_floor.b2rec\n\n\
    The world file: gravity, time_step, substeps and bodies (type, position, angle or \
    rotation (c, s), velocities, bullet, shapes with friction, restitution, density); \
    see the manual's chapter \"Recordings and timelines\".")]
pub struct RecordArgs {
    /// The world file (RON).
    pub world: PathBuf,
    /// Steps to record.
    #[arg(long, value_name = "N", default_value_t = 600,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub frames: u32,
    /// Where to write the recording (Box2D's own format).
    #[arg(long, value_name = "F.b2rec")]
    pub out: PathBuf,
}

/// Arguments of `collidescope replay`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    collidescope replay tiled_floor.b2rec                        # summary, contacts beginning and ending\n  \
    collidescope replay tiled_floor.b2rec --pair box,ground/4    # one pair's timeline and markers\n  \
    collidescope replay tiled_floor.b2rec --pair box,ground/4 --plot lanes.svg   # and its lanes as a picture\n  \
    collidescope replay tiled_floor.b2rec --frame 16 --pair box,ground/4 --out pair.ron   # the ghost bump\n  \
    collidescope replay tiled_floor.b2rec --frame 16 --pair box,ground/4 --as box2d-c --out t.c\n\n\
    Shapes are named by their body's name, with /K when the body has several shapes \
    (K counts them in the order Box2D made them), or by Box2D's shape id.")]
pub struct ReplayArgs {
    /// The recording (`b2SaveRecordingToFile`'s format, or `collidescope record`'s), or a
    /// pair track (`.ron`, any engine's pair over time: see tools/collidescope_track.h).
    pub file: PathBuf,
    /// One pair's timeline instead: per frame touching, points with ids and
    /// separations, the normal's angle, the reference face, the time of impact, and
    /// the markers.
    #[arg(long, value_name = "S1,S2")]
    pub pair: Option<String>,
    /// With --pair (a recording), or for a pair track: also write the pair's contact
    /// timeline as lanes (SVG or PNG by the extension): touching, point count, feature
    /// ids, separations, the normal's angle, the reference face, the engine's and ours,
    /// with the markers.
    #[arg(long, value_name = "FILE", conflicts_with = "frame")]
    pub plot: Option<PathBuf>,
    /// With --pair (a recording) and --out: the frame whose pair to write.
    #[arg(long, value_name = "K", requires = "out")]
    pub frame: Option<u32>,
    /// With --frame: write the pair at that frame, as a scene (default) or --as a test.
    #[arg(long, value_name = "FILE", requires = "frame")]
    pub out: Option<PathBuf>,
    /// With --frame: box2d-c (a Box2D v3 C test), parry-rust (a parry2d #[test]) or
    /// scene-hex (the scene with hex floats) instead of the scene.
    #[arg(long = "as", value_name = "LANG", value_parser = ["box2d-c", "parry-rust", "scene-hex"], requires = "frame")]
    pub language: Option<String>,
    /// Stop the replay when Box2D makes no progress for this many seconds (a damaged
    /// recording can ask for a step that does not end).
    #[arg(long, value_name = "SECONDS", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub stall_seconds: u64,
    /// Replay a truncated recording's complete frames (without it, a recording cut
    /// short is refused with where it was cut).
    #[arg(long)]
    pub partial: bool,
}

/// `collidescope record`: the summary line, or the error.
pub fn run_record(args: &RecordArgs) -> Result<String, String> {
    let world = load_world(&args.world).map_err(|e| e.to_string())?;
    let label = collidescope::scene::library::shown_path(&args.world);
    let mut last_report = std::time::Instant::now();
    let bytes = build::record(&world, args.frames, |k| {
        if last_report.elapsed().as_secs() >= 2 {
            eprintln!("recorded {k} of {} frames", args.frames);
            last_report = std::time::Instant::now();
        }
    })
    .map_err(|e| format!("{label}: {e}"))?;
    collidescope::scene::fs::write_output(&args.out, &bytes)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    Ok(format!(
        "wrote {} ({} frames, {} bytes)\n",
        args.out.display(),
        args.frames,
        bytes.len()
    ))
}

/// `collidescope replay`: Ok after the lines were printed, or the error.
pub fn run_replay(args: &ReplayArgs) -> Result<(), String> {
    let label = collidescope::scene::library::shown_path(&args.file);
    // A pair track (RON) rather than a Box2D recording.
    if args.file.extension().is_some_and(|e| e == "ron") {
        if args.pair.is_some() {
            return Err(format!(
                "{label}: a pair track holds one pair: leave out --pair"
            ));
        }
        return crate::track_cmd::run(
            &args.file,
            args.frame,
            args.out.as_deref(),
            args.language.as_deref(),
            args.plot.as_deref(),
        );
    }
    if args.plot.is_some() && args.pair.is_none() {
        return Err("--plot: name the pair of the recording with --pair S1,S2".into());
    }
    if args.frame.is_some() && args.pair.is_none() {
        return Err("--frame: name the pair of the recording with --pair S1,S2".into());
    }
    let bytes = recording::read_file(&args.file).map_err(|e| format!("{label}: {e}"))?;
    let checked = recording::check(&bytes).map_err(|e| format!("{label}: {e}"))?;
    let (Checked::Replayable(header) | Checked::OtherFormat { header, .. }) = &checked;
    let end = recording::ending(&bytes, header);
    if let (Some(why), false) = (end.damage(bytes.len() as u64), args.partial) {
        return Err(format!(
            "{label}: {why} (--partial replays its {} complete frames)",
            end.frames
        ));
    }
    match checked {
        // Another minor version of the format, a snapshot this Box2D reads: replayed as
        // this build's format, what it can (in the child, like any recording).
        Checked::OtherFormat {
            header,
            first_frame: true,
        } if header.major == recording::format_read().0 => {
            if !replay_child::in_child() {
                return replay_in_child(&label, args.stall_seconds);
            }
            recording::report_assertions_and_abort();
            let (major, minor) = recording::format_read();
            let note = format!(
                "made by recording format {}.{} (another Box2D version); this build's Box2D ({}) \
                 replays format {major}.{minor}: replayed as {major}.{minor}, what it can — where \
                 the replay parts from the recording, diverged_at says",
                header.major,
                header.minor,
                collidescope::peers::box2d::version()
            );
            let player = Player::open_other_format(&bytes).map_err(|e| format!("{label}: {e}"))?;
            replay_with(player, args, &label, Some(note))
        }
        Checked::OtherFormat { header, .. } => {
            let (major, minor) = recording::format_read();
            Err(format!(
                "{label}: was made by recording format {}.{} (another Box2D version); this \
                 build's Box2D ({}) replays format {major}.{minor} and cannot read even its first \
                 frame: nothing of it can be replayed here",
                header.major,
                header.minor,
                collidescope::peers::box2d::version()
            ))
        }
        Checked::Replayable(_) if replay_child::in_child() => {
            recording::report_assertions_and_abort();
            replay_here(args, &label, &bytes)
        }
        Checked::Replayable(_) => replay_in_child(&label, args.stall_seconds),
    }
}

/// Runs this command again in a child process, forwarding its JSON lines; one
/// sentence if Box2D stopped it or it stalled.
fn replay_in_child(label: &str, stall_seconds: u64) -> Result<(), String> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let mut last_frame: Option<u64> = None;
    let mut out = std::io::stdout().lock();
    let end = replay_child::run(&args, Duration::from_secs(stall_seconds), |line| {
        // Box2D prints its own diagnostics with printf; only our JSON goes on.
        if !line.starts_with('{') {
            return true;
        }
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(line) {
            last_frame = v.get("frame").and_then(|f| f.as_u64()).or(last_frame);
        }
        writeln!(out, "{line}").is_ok()
    })?;
    // Done, or our own output closed (`replay … | head`): nothing to report.
    if end.stopped || end.status.is_some_and(|s| s.success()) && !end.stalled {
        return Ok(());
    }
    let at = last_frame.map_or(String::new(), |f| format!(" after frame {f}"));
    if end.stalled {
        return Err(format!(
            "{label}: Box2D made no progress replaying it{at} for {stall_seconds} s and was \
             stopped: the recording is damaged (a step it asks for does not end); the lines \
             above are what replayed (--stall-seconds sets the limit)"
        ));
    }
    // The child's own error (a bad --pair, an unwritable --out) is one line already.
    if let Some(e) = end.errors.lines().find_map(|l| l.strip_prefix("error: ")) {
        return Err(e.to_string());
    }
    let why = end
        .errors
        .lines()
        .find(|l| l.starts_with("Box2D assertion failed"))
        .map(str::to_string)
        .unwrap_or_else(|| match end.status {
            Some(s) => format!("it ended with {s}"),
            None => "it ended".to_string(),
        });
    Err(format!(
        "{label}: Box2D stopped replaying it{at} ({why}): the recording is damaged or was not \
         made by Box2D; the lines above are what replayed"
    ))
}

fn print(out: &mut impl Write, value: serde_json::Value) -> Result<(), String> {
    writeln!(out, "{value}").map_err(|e| format!("cannot write: {e}"))
}

/// The replay itself (in the child process).
fn replay_here(args: &ReplayArgs, label: &str, bytes: &[u8]) -> Result<(), String> {
    let player = Player::open(bytes).map_err(|e| format!("{label}: {e}"))?;
    replay_with(player, args, label, None)
}

/// The replay of an open player; `note` goes in the summary line.
fn replay_with(
    mut player: Player,
    args: &ReplayArgs,
    label: &str,
    note: Option<String>,
) -> Result<(), String> {
    player.on_progress(|_| replay_child::heartbeat());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut summary = json!({ "recording": player.info(), "file": label });
    if let Some(note) = note {
        summary["note"] = json!(note);
    }
    print(&mut out, summary)?;
    match (&args.pair, args.frame) {
        (Some(p), Some(k)) => write_pair_at(&mut player, &mut out, args, label, p, k),
        (Some(p), None) => pair_timeline(&mut player, &mut out, label, p, args.plot.as_deref()),
        _ => contact_events(&mut player, &mut out),
    }?;
    out.flush().map_err(|e| format!("cannot write: {e}"))
}

/// The summary's last line: how far the replay got, and where it diverged.
fn end_line(player: &Player) -> serde_json::Value {
    json!({
        "frames_replayed": player.frame(),
        "diverged_at": player.diverged_at(),
        "healthy": player.healthy(),
    })
}

/// Every frame where something happens to a contact: the pairs that begin and end
/// touching, and each pair's markers, by shape labels; at the end, the count of each
/// marker over all pairs.
fn contact_events(player: &mut Player, out: &mut impl Write) -> Result<(), String> {
    let mut all = pair::AllPairs::default();
    let mut counts = [0u64; Marker::KEYS.len()];
    let mut before: Option<FrameState> = None;
    loop {
        let now = player.frame_state();
        let events = all.next(player.shapes(), before.as_ref().unwrap_or(&now), &now);
        if !events.is_empty() {
            let name = |id: u32| {
                player
                    .shapes()
                    .get(id)
                    .map_or(id.to_string(), |s| s.label.clone())
            };
            let mut begin = Vec::new();
            let mut end = Vec::new();
            let mut markers = Vec::new();
            for ((a, b), ms) in &events {
                let pair = [name(*a), name(*b)];
                for m in ms {
                    if let Some(i) = Marker::KEYS.iter().position(|k| *k == m.key()) {
                        counts[i] += 1;
                    }
                    match m {
                        Marker::Begin => begin.push(pair.clone()),
                        Marker::End => end.push(pair.clone()),
                        _ => markers.push(json!({ "pair": pair, "marker": m })),
                    }
                }
            }
            let mut line = json!({ "frame": now.frame, "touching": now.contacts.len() });
            for (key, list) in [
                ("begin", json!(begin)),
                ("end", json!(end)),
                ("markers", json!(markers)),
            ] {
                if list.as_array().is_some_and(|l| !l.is_empty()) {
                    line[key] = list;
                }
            }
            print(out, line)?;
        }
        before = Some(now);
        replay_child::heartbeat();
        if !player.step() {
            break;
        }
    }
    let mut end = end_line(player);
    end["markers"] = marker_counts(&counts);
    print(out, json!({ "end": end }))
}

fn marker_counts(counts: &[u64]) -> serde_json::Value {
    Marker::KEYS
        .iter()
        .zip(counts)
        .map(|(k, n)| (k.to_string(), json!(n)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// The two shapes of `--pair`, as ids.
fn find_pair(player: &mut Player, label: &str, p: &str) -> Result<(u32, u32), String> {
    let frame0 = player.frame_state();
    let mut it = p.split(',').map(str::trim);
    let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else {
        return Err(format!("--pair {p:?}: expected two shapes as S1,S2"));
    };
    let find = |name: &str| {
        player.shapes().find(name).map(|s| s.id).ok_or_else(|| {
            let mut shapes: Vec<_> = player.shapes().all().collect();
            shapes.sort_unstable_by_key(|s| s.id);
            let mut names = shape_runs(shapes.iter().map(|s| s.label.as_str()));
            let more = if names.len() > 12 { ", …" } else { "" };
            names.truncate(12);
            format!(
                "{label}: no shape \"{name}\" in the recording's first frame (its shapes: {}{more})",
                names.join(", ")
            )
        })
    };
    let _ = frame0;
    Ok((find(a)?, find(b)?))
}

/// Shape labels in the engine's order, a body's shapes `body/0`, `body/1`, … in a row
/// written as one run `body/0 … body/18`.
fn shape_runs<'a>(labels: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // The run being built: its body, first and last k.
    let mut run: Option<(&str, u32, u32)> = None;
    let close = |run: Option<(&str, u32, u32)>, out: &mut Vec<String>| match run {
        Some((body, first, last)) if last > first => {
            out.push(format!("{body}/{first} … {body}/{last}"))
        }
        Some((body, first, _)) => out.push(format!("{body}/{first}")),
        None => {}
    };
    for label in labels {
        let split = label
            .rsplit_once('/')
            .and_then(|(body, k)| k.parse::<u32>().ok().map(|k| (body, k)));
        match (split, run) {
            (Some((body, k)), Some((b, first, last))) if body == b && k == last + 1 => {
                run = Some((b, first, k));
            }
            (Some((body, k)), _) => {
                close(run.take(), &mut out);
                run = Some((body, k, k));
            }
            (None, _) => {
                close(run.take(), &mut out);
                out.push(label.to_string());
            }
        }
    }
    close(run, &mut out);
    out
}

/// One pair's state per frame with its markers, then the count of each marker; with
/// `plot`, the lanes of the whole timeline written there at the end.
fn pair_timeline(
    player: &mut Player,
    out: &mut impl Write,
    label: &str,
    p: &str,
    plot: Option<&Path>,
) -> Result<(), String> {
    let (a, b) = find_pair(player, label, p)?;
    let names = |id: u32| {
        player
            .shapes()
            .get(id)
            .map(|s| s.label.clone())
            .unwrap_or_default()
    };
    let pair_names = (names(a), names(b));
    print(
        out,
        json!({ "pair": { "a": pair_names.0, "b": pair_names.1, "a_id": a, "b_id": b } }),
    )?;
    let mut builder = TimelineBuilder::new(a, b);
    let mut kept = Vec::new();
    let mut counts = [0u64; Marker::KEYS.len()];
    let mut before: Option<FrameState> = None;
    loop {
        let now = player.frame_state();
        let prev = before.as_ref().unwrap_or(&now);
        if let Some(row) = builder.row(player.shapes(), prev, &now) {
            for m in &row.markers {
                if let Some(i) = Marker::KEYS.iter().position(|k| *k == m.key()) {
                    counts[i] += 1;
                }
            }
            let mut line = serde_json::to_value(&row.state).map_err(|e| e.to_string())?;
            if !row.markers.is_empty() {
                line["markers"] = json!(row.markers);
            }
            print(out, line)?;
            if plot.is_some() {
                kept.push(row);
            }
        }
        before = Some(now);
        replay_child::heartbeat();
        if !player.step() {
            break;
        }
    }
    if let Some(path) = plot {
        let title = format!(
            "Contact timeline of {}, {} in {label}",
            pair_names.0, pair_names.1
        );
        write_lanes(path, title, &kept, player.frame(), "Box2D")?;
    }
    let mut end = end_line(player);
    end["markers"] = marker_counts(&counts);
    print(out, json!({ "end": end }))
}

/// The timeline's lanes as a picture (SVG or PNG by `path`'s extension), `engine`
/// naming the engine's rows.
pub fn write_lanes(
    path: &Path,
    title: String,
    rows: &[TimelineRow],
    frames: u32,
    engine: &str,
) -> Result<(), String> {
    use collidescope::render::{render_plots, Format, PlotPicture};
    let shown = path.display();
    let format = Format::from_path(path)
        .ok_or_else(|| format!("--plot {shown}: name an .svg or .png file"))?;
    let picture = PlotPicture {
        title,
        plots: timeline_lanes(rows, frames, engine),
        theme: Default::default(),
    };
    let bytes =
        render_plots(&picture, format, 1200, 1280).map_err(|e| format!("--plot {shown}: {e}"))?;
    collidescope::scene::fs::write_output(path, &bytes).map_err(|e| format!("{shown}: {e}"))
}

/// `--frame K --pair S1,S2 --out FILE`: the pair at frame K, written as a scene (or
/// `--as` a regression test).
fn write_pair_at(
    player: &mut Player,
    stdout: &mut impl Write,
    args: &ReplayArgs,
    label: &str,
    p: &str,
    k: u32,
) -> Result<(), String> {
    use collidescope::repro::{export_with, EngineContact, Language};
    let (a, b) = find_pair(player, label, p)?;
    let at = player
        .pair_at(a, b, k, label)
        .map_err(|e| format!("{label}: {e}"))?;
    let text = match args.language.as_deref() {
        None => collidescope::scene::scene_to_string(&at.scene),
        Some(name) => {
            let language = Language::from_name(name)
                .ok_or("--as: expected box2d-c, parry-rust or scene-hex")?;
            if at.scene.shapes.len() < 2 {
                return Err(format!(
                    "{label}: the pair at frame {k} holds a chain segment; --as writes tests of two \
                     convex shapes (write the scene without --as)"
                ));
            }
            // Box2D's own contact is asserted when it is b2Collide* on these poses (a
            // manifold kept from an earlier step is not these poses' answer).
            let engine = match (&at.contact, at.computed_here) {
                (Some(c), Some(true)) => Some(EngineContact::of(c)),
                _ => None,
            };
            export_with(&at.scene, 0, 1, language, label, engine.as_ref())
                .map_err(|e| format!("{label}: {e}"))?
        }
    };
    let Some(out) = &args.out else {
        return Err("--frame needs --out FILE".into());
    };
    collidescope::scene::fs::write_output(out, text.as_bytes())
        .map_err(|e| format!("{}: {e}", out.display()))?;
    print(
        stdout,
        json!({
            "wrote": out.display().to_string(),
            "frame": k,
            "contact": at.contact,
            "computed_at_this_frame": at.computed_here,
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::shape_runs;

    #[test]
    fn a_body_s_shapes_in_a_row_are_one_run() {
        let labels = [
            "box", "ground/0", "ground/1", "ground/2", "wall", "bar/0", "bar/2",
        ];
        assert_eq!(
            shape_runs(labels.into_iter()),
            ["box", "ground/0 … ground/2", "wall", "bar/0", "bar/2"]
        );
    }
}
