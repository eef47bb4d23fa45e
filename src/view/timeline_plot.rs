//! A pair's contact timeline as plots (one lane each, x the frame): touching (with the
//! time of impact of a step whose motion met, as a dot at its fraction of the step),
//! point count (the engine's and ours, red dots where they differ), each point's
//! feature id, each point's separation, the normal's angle (the engine's and ours), the
//! reference face (A's or B's, by index); the markers
//! but the contact's beginning and end as vertical rules on every lane, one a frame
//! (named by all of that frame's markers, in the colour of the weightiest). Feature
//! ids are levels, one per id seen, named in hex (a change of id is a change of level,
//! however close the numbers). The window draws these lanes (linked, with the current frame and clicks) and
//! `replay --pair … --plot` writes them as SVG or PNG.

use super::palette::{layer_color, Rgba, ERROR, KEPT, SHAPE_A, SHAPE_B, SHAPE_OTHER};
use super::plot::{runs, Plot, Series, SeriesData};
use crate::scene::view_state::LayerId;
use crate::trace::series::{Reference, TimelineRow};

// Every series and marker of the lanes has a role colour of its own (all shown
// together under one legend: `tests/palette.rs` keeps them apart in both themes, the
// markers' rules, told apart by their colour alone, further).

/// The colour of a marker's rule, by its key (`Marker::key`).
pub fn marker_color(key: &str) -> Rgba {
    match key {
        "tunnel" => layer_color(LayerId::EpaPolytope),
        "warm_start_lost" => layer_color(LayerId::Witness),
        "ghost_bump" => layer_color(LayerId::Minkowski),
        "normal_turn" => layer_color(LayerId::GjkSimplex),
        _ => layer_color(LayerId::Rays),
    }
}

/// The engine's rows (Box2D's, or a track's engine): Box2D's own colour.
pub const ENGINE: Rgba = layer_color(LayerId::PeerBox2d);
/// Ours.
pub const OURS: Rgba = layer_color(LayerId::GjkDirection);
/// Touching: the contacts' colour.
pub const TOUCHING: Rgba = KEPT;
/// The time of impact's dots.
pub const TIME_OF_IMPACT: Rgba = layer_color(LayerId::Manifold);
/// The engine's and our manifold differ.
pub const DIFFER: Rgba = ERROR;
/// The contact's first and second point (ids, separations).
pub const POINTS: [Rgba; 2] = [SHAPE_OTHER, layer_color(LayerId::PeerParry)];
/// The reference face, A's or B's: the shapes' own colours.
pub const FACES: [Rgba; 2] = [SHAPE_A, SHAPE_B];

/// The lanes of `rows` over frames `0..=frames`, `engine` naming the engine's rows.
pub fn timeline_lanes(rows: &[TimelineRow], frames: u32, engine: &str) -> Vec<Plot> {
    let f = Frames { rows, frames };
    let [ids, separation] = f.ids_and_separation_lanes();
    let mut lanes = vec![
        f.touching_lane(),
        f.points_lane(engine),
        ids,
        separation,
        f.normal_lane(engine),
        f.reference_lane(),
    ];
    // Each marked frame is a rule across every lane.
    for r in rows {
        let Some((name, color)) = frame_rule(r) else {
            continue;
        };
        for l in &mut lanes {
            l.series
                .push(Series::vline(&name, color, r.state.frame as f64, false));
        }
    }
    lanes
}

/// The rows of a timeline over frames `0..=frames`: the lanes' data.
struct Frames<'a> {
    rows: &'a [TimelineRow],
    frames: u32,
}

impl Frames<'_> {
    /// Values per frame, a gap where there is none.
    fn values(&self, f: &dyn Fn(&TimelineRow) -> Option<f64>) -> Vec<Option<f64>> {
        let mut v = vec![None; self.frames as usize + 1];
        for r in self.rows {
            if let Some(slot) = v.get_mut(r.state.frame as usize) {
                *slot = f(r);
            }
        }
        v
    }

    /// A dot at each frame with a value.
    fn dots(&self, f: &dyn Fn(&TimelineRow) -> Option<f64>) -> Vec<[f64; 2]> {
        self.rows
            .iter()
            .filter_map(|r| f(r).map(|y| [r.state.frame as f64, y]))
            .collect()
    }

    /// An empty lane over the frames.
    fn lane(&self, y_label: &str, include_y: Vec<f64>) -> Plot {
        Plot {
            title: String::new(),
            x_label: "frame".into(),
            y_label: y_label.into(),
            include_x: vec![0.0, self.frames as f64],
            include_y,
            ..Plot::default()
        }
    }

    /// Touching (0 or 1) and the time of impact's dots.
    fn touching_lane(&self) -> Plot {
        let mut touching = self.lane("touching", vec![0.0, 1.0]);
        touching.y_grid = Some([1.0, 1.0, 1.0]);
        touching.series.push(Series::lines(
            "touching",
            TOUCHING,
            1.5,
            runs(&self.values(&|r| Some(f64::from(u8::from(r.state.touching))))),
        ));
        touching.series.push(Series::points(
            "time of impact (fraction of the step)",
            TIME_OF_IMPACT,
            3.0,
            self.dots(&|r| r.state.toi.map(f64::from)),
        ));
        touching
    }

    /// The engine's point count, ours, and the frames where they differ.
    fn points_lane(&self, engine: &str) -> Plot {
        let mut points = self.lane("points", vec![0.0, 2.0]);
        points.y_grid = Some([1.0, 1.0, 2.0]);
        points.series.push(Series::lines(
            engine,
            ENGINE,
            1.5,
            runs(&self.values(&|r| Some(r.state.points.len() as f64))),
        ));
        // Ours a little above the engine's, so that both show where they agree.
        points.series.push(Series::lines(
            "ours",
            OURS,
            1.0,
            runs(&self.values(&|r| r.ours.map(|(n, _)| n as f64 + 0.08))),
        ));
        points.series.push(Series::points(
            &format!("{engine} and ours differ"),
            DIFFER,
            3.0,
            self.dots(&|r| r.differs().then_some(r.state.points.len() as f64)),
        ));
        points
    }

    /// Each point's feature id (each id seen is a level, 0, 1, …, in the ids' order,
    /// named in hex) and its separation.
    fn ids_and_separation_lanes(&self) -> [Plot; 2] {
        let mut seen: Vec<u16> = self
            .rows
            .iter()
            .flat_map(|r| r.state.points.iter().map(|p| p.id))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        let level = |id: u16| seen.binary_search(&id).map_or(0.0, |i| i as f64);
        let mut ids = self.lane("feature id", vec![-0.5, seen.len().max(1) as f64 - 0.5]);
        ids.y_grid = Some([1.0, 1.0, 1.0]);
        ids.y_names = seen
            .iter()
            .enumerate()
            .map(|(i, id)| (i as f64, format!("0x{id:04x}")))
            .collect();
        let (mut low, mut high) = (0.0f64, 0.0f64);
        for p in self.rows.iter().flat_map(|r| &r.state.points) {
            low = low.min(f64::from(p.separation));
            high = high.max(f64::from(p.separation));
        }
        let mut separation = self.lane("separation", vec![low, high]);
        // About three labelled lines over the range, at round values.
        let step = nice_step((high - low) / 3.0);
        separation.y_grid = Some([step / 2.0, step, step * 2.0]);
        for (i, color) in POINTS.into_iter().enumerate() {
            let name = format!("point {i}");
            ids.series.push(Series::points(
                &name,
                color,
                2.0,
                self.dots(&|r| r.state.points.get(i).map(|p| level(p.id))),
            ));
            separation.series.push(Series::points(
                &name,
                color,
                1.5,
                self.dots(&|r| r.state.points.get(i).map(|p| f64::from(p.separation))),
            ));
        }
        [ids, separation]
    }

    /// The normal's angle, the engine's and ours.
    fn normal_lane(&self, engine: &str) -> Plot {
        let mut normal = self.lane("normal °", vec![-180.0, 180.0]);
        normal.y_grid = Some([45.0, 90.0, 180.0]);
        normal.series.push(Series::points(
            engine,
            ENGINE,
            1.5,
            self.dots(&|r| r.state.normal_angle.map(f64::from)),
        ));
        normal.series.push(Series::points(
            "ours",
            OURS,
            1.0,
            self.dots(&|r| {
                // Ours without points has no normal to show (its SAT axis is no contact's).
                r.ours
                    .filter(|(count, _)| r.state.touching && *count > 0)
                    .map(|(_, n)| f64::from(n[1].atan2(n[0]).to_degrees()))
            }),
        ));
        normal
    }

    /// The reference face's index, A's or B's.
    fn reference_lane(&self) -> Plot {
        let mut reference = self.lane("reference face", vec![0.0]);
        reference.y_grid = Some([1.0, 1.0, 2.0]);
        for (name, color, of_a) in [("A's face", FACES[0], true), ("B's face", FACES[1], false)] {
            reference.series.push(Series::points(
                name,
                color,
                1.5,
                self.dots(&|r| match r.state.reference {
                    Some(Reference::A(i)) if of_a => Some(i as f64),
                    Some(Reference::B(i)) if !of_a => Some(i as f64),
                    _ => None,
                }),
            ));
        }
        reference
    }
}

/// Markers by weight: a frame's rule takes the colour of its first.
const MARKER_ORDER: [&str; 5] = [
    "tunnel",
    "warm_start_lost",
    "ghost_bump",
    "normal_turn",
    "point_count",
];

/// The rule of a row's markers (beginnings and ends aside): all their keys, weightiest
/// first, joined by " + ", in the weightiest's colour.
pub fn frame_rule(row: &TimelineRow) -> Option<(String, Rgba)> {
    let mut keys: Vec<&str> = row
        .markers
        .iter()
        .map(|m| m.key())
        .filter(|k| !matches!(*k, "begin" | "end"))
        .collect();
    keys.sort_by_key(|k| {
        MARKER_ORDER
            .iter()
            .position(|o| o == k)
            .unwrap_or(usize::MAX)
    });
    keys.dedup();
    let first = keys.first()?;
    Some((keys.join(" + "), marker_color(first)))
}

/// The legend of `lanes`: each series' name once (in the order met), then each kind
/// of marker drawn, with its colour.
pub fn timeline_legend(lanes: &[Plot]) -> Vec<(String, Rgba)> {
    let mut items: Vec<(String, Rgba)> = Vec::new();
    let mut markers: Vec<&str> = Vec::new();
    for s in lanes.iter().flat_map(|l| &l.series) {
        if matches!(s.data, SeriesData::VLine(_)) {
            markers.extend(s.name.split(" + "));
        } else if !items.iter().any(|(n, _)| *n == s.name) {
            items.push((s.name.clone(), s.color));
        }
    }
    for key in MARKER_ORDER {
        if markers.contains(&key) {
            items.push((key.replace('_', " "), marker_color(key)));
        }
    }
    items
}

/// A round step (1, 2 or 5 times a power of ten) near `x`.
fn nice_step(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 1.0;
    }
    let p = 10f64.powf(x.log10().floor());
    let m = x / p;
    p * if m < 1.5 {
        1.0
    } else if m < 3.5 {
        2.0
    } else if m < 7.5 {
        5.0
    } else {
        10.0
    }
}

/// What lane `lane` holds at `frame`, in words: each series with a value there, by its
/// name (a band's value by the name of its row) — the data at that frame, never the
/// pointer's height. "no …" when no series has a value there (a gap).
pub fn lane_readout(lane: &Plot, frame: f64) -> String {
    let x = frame.round().max(0.0);
    let at = |mut points: std::slice::Iter<'_, [f64; 2]>| {
        points.find(|p| (p[0] - x).abs() < 0.5).map(|p| p[1])
    };
    let mut parts: Vec<String> = Vec::new();
    for s in &lane.series {
        let value = match &s.data {
            SeriesData::Lines(runs) => runs.iter().find_map(|r| at(r.iter())),
            SeriesData::Points { points, .. } => at(points.iter()),
            _ => None,
        };
        let Some(v) = value else { continue };
        let word = match lane.y_names.iter().find(|(y, _)| (y - v).abs() < 0.5) {
            Some((_, name)) => name.clone(),
            None => {
                let w = format!("{v:.4}");
                w.trim_end_matches('0').trim_end_matches('.').to_string()
            }
        };
        // A series named as its lane says only its value.
        let part = if s.name == lane.y_label {
            word
        } else {
            format!("{} {word}", s.name)
        };
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    if parts.is_empty() {
        format!("frame {x:.0}: no {} here", lane.y_label)
    } else {
        format!("frame {x:.0}, {}: {}", lane.y_label, parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::series::{Marker, PairState};
    use crate::trace::world_frame::ContactPoint;

    fn row(frame: u32, touching: bool, ids: &[u16], ours: Option<usize>) -> TimelineRow {
        let points = ids
            .iter()
            .map(|&id| ContactPoint {
                id,
                point: [0.0, 0.0],
                separation: -0.01,
                anchor_a: [0.0, 0.0],
            })
            .collect();
        let state = PairState {
            frame,
            touching,
            points,
            ..PairState::default()
        };
        let state = if touching {
            state.with_normal([0.0, 1.0])
        } else {
            state
        };
        TimelineRow {
            state,
            markers: Vec::new(),
            ours: ours.map(|n| (n, [0.0, 1.0])),
        }
    }

    #[test]
    fn markers_of_one_frame_are_one_rule_named_by_all() {
        let mut r = row(5, true, &[1], Some(1));
        r.markers = vec![
            Marker::Begin,
            Marker::PointCount { from: 1, to: 2 },
            Marker::Tunnel { toi: 0.5 },
        ];
        let (name, color) = frame_rule(&r).unwrap();
        assert_eq!(name, "tunnel + point_count");
        assert_eq!(color, marker_color("tunnel"));
        r.markers = vec![Marker::Begin];
        assert_eq!(frame_rule(&r), None);
        let lanes = timeline_lanes(&[row(0, true, &[1], Some(1))], 2, "Box2D");
        assert_eq!(lanes[2].y_names, vec![(0.0, "0x0001".to_string())]);
        assert_eq!(nice_step(0.0031), 0.002);
        assert_eq!(nice_step(0.0), 1.0);
    }

    #[test]
    fn lanes_show_gaps_disagreements_ids_and_markers() {
        let mut rows = vec![
            row(0, false, &[], Some(0)),
            row(1, true, &[3, 7], Some(2)),
            row(2, true, &[3, 9], Some(1)),
        ];
        rows[1].state.reference = Some(Reference::B(2));
        rows[0].state.toi = Some(0.25);
        rows[2].markers = vec![
            Marker::Begin,
            Marker::WarmStartLost {
                lost: vec![7],
                new: vec![9],
            },
        ];
        let lanes = timeline_lanes(&rows, 4, "Box2D");
        assert_eq!(lanes.len(), 6);
        // Touching: one run over the three frames with a row (frames 3 and 4 have none).
        assert_eq!(
            lanes[0].series[0].data,
            SeriesData::Lines(vec![vec![[0.0, 0.0], [1.0, 1.0], [2.0, 1.0]]])
        );
        // Only frame 2 differs (one point of ours against two of Box2D's).
        let differ = lanes[1]
            .series
            .iter()
            .find(|s| s.name == "Box2D and ours differ")
            .map(|s| s.data.clone());
        assert_eq!(
            differ,
            Some(SeriesData::Points {
                points: vec![[2.0, 2.0]],
                radius: 3.0
            })
        );
        // The second point's id changes from 7 to 9: ids 3, 7, 9 are levels 0, 1, 2,
        // named in hex.
        assert_eq!(
            lanes[2].series[1].data,
            SeriesData::Points {
                points: vec![[1.0, 1.0], [2.0, 2.0]],
                radius: 2.0
            }
        );
        assert_eq!(
            lanes[2].y_names,
            vec![
                (0.0, "0x0003".to_string()),
                (1.0, "0x0007".to_string()),
                (2.0, "0x0009".to_string())
            ]
        );
        // The lost warm start is a rule at frame 2 on every lane; the beginning is none.
        for l in &lanes {
            let rules: Vec<_> = l
                .series
                .iter()
                .filter(|s| matches!(s.data, SeriesData::VLine(_)))
                .collect();
            assert_eq!(rules.len(), 1, "{}", l.y_label);
            assert_eq!(rules[0].name, "warm_start_lost");
            assert_eq!(rules[0].data, SeriesData::VLine(2.0));
        }
        assert_eq!(lanes[0].bounds().map(|b| (b.0, b.1)), Some((0.0, 4.0)));
        // The legend names each series once and the marker drawn.
        let legend = timeline_legend(&lanes);
        let names: Vec<&str> = legend.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names.iter().filter(|n| **n == "ours").count(), 1);
        assert!(names.contains(&"point 1"), "{names:?}");
        assert_eq!(names.last(), Some(&"warm start lost"));
        // The step into frame 0 met at a quarter of it; B's face 2 was the reference at 1.
        assert_eq!(
            lanes[0].series[1].data,
            SeriesData::Points {
                points: vec![[0.0, 0.25]],
                radius: 3.0
            }
        );
        assert_eq!(
            lanes[5].series[1].data,
            SeriesData::Points {
                points: vec![[1.0, 2.0]],
                radius: 1.5
            }
        );
        assert_eq!(
            lanes[5].series[0].data,
            SeriesData::Points {
                points: vec![],
                radius: 1.5
            }
        );
    }

    /// The readout of a lane is its data at the frame, whatever the pointer's height:
    /// the touching lane says 1 at a touching frame, the ids lane names the ids there,
    /// and a frame without data says so.
    #[test]
    fn a_lane_reads_its_data_at_the_frame() {
        let rows = vec![
            row(0, false, &[], Some(0)),
            row(1, true, &[3, 7], Some(2)),
            row(2, true, &[3, 9], Some(1)),
        ];
        let lanes = timeline_lanes(&rows, 4, "Box2D");
        let touching = lane_readout(&lanes[0], 1.2);
        assert!(touching.starts_with("frame 1, "), "{touching}");
        assert!(touching.ends_with(" 1"), "{touching}");
        assert!(lane_readout(&lanes[0], 0.0).ends_with(" 0"));
        let ids = lane_readout(&lanes[2], 2.0);
        assert!(ids.contains("0x0003") && ids.contains("0x0009"), "{ids}");
        assert!(!ids.contains("0x0007"), "{ids}");
        assert!(
            lane_readout(&lanes[0], 4.0).contains("no "),
            "past the rows"
        );
    }
}
