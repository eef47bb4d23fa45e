//! A pair's contact timeline as plots (one lane each, x the frame): touching (with the
//! time of impact of a step whose motion met, as a dot at its fraction of the step),
//! point count (the engine's and ours, red dots where they differ), each point's
//! feature id, each point's separation, the normal's angle (the engine's and ours), the
//! reference face (A's or B's, by index); every marker
//! but the contact's beginning and end as a vertical rule in its colour, on every
//! lane. The window draws these lanes (linked, with the current frame and clicks) and
//! `replay --pair … --plot` writes them as SVG or PNG.

use super::palette::{layer_color, Rgba, ERROR, KEPT, SHAPE_A, SHAPE_B, SHAPE_OTHER};
use super::plot::{runs, Plot, Series};
use crate::scene::view_state::LayerId;
use crate::trace::series::{Reference, TimelineRow};

/// The colour of a marker's rule, by its key (`Marker::key`).
pub fn marker_color(key: &str) -> Rgba {
    match key {
        "ghost_bump" => layer_color(LayerId::Manifold),
        "tunnel" => ERROR,
        "warm_start_lost" => Rgba(255, 244, 15, 255),
        "normal_turn" => layer_color(LayerId::Toi),
        _ => SHAPE_OTHER,
    }
}

/// The engine's rows (Box2D's, or a track's engine).
pub const ENGINE: Rgba = Rgba(255, 255, 233, 255);
/// Ours.
pub const OURS: Rgba = SHAPE_A;

/// The lanes of `rows` over frames `0..=frames`, `engine` naming the engine's rows.
pub fn timeline_lanes(rows: &[TimelineRow], frames: u32, engine: &str) -> Vec<Plot> {
    // Values per frame, a gap where there is none.
    let values = |f: &dyn Fn(&TimelineRow) -> Option<f64>| -> Vec<Option<f64>> {
        let mut v = vec![None; frames as usize + 1];
        for r in rows {
            if let Some(slot) = v.get_mut(r.state.frame as usize) {
                *slot = f(r);
            }
        }
        v
    };
    let dots = |f: &dyn Fn(&TimelineRow) -> Option<f64>| -> Vec<[f64; 2]> {
        rows.iter()
            .filter_map(|r| f(r).map(|y| [r.state.frame as f64, y]))
            .collect()
    };
    let lane = |y_label: &str, include_y: Vec<f64>| Plot {
        title: String::new(),
        x_label: "frame".into(),
        y_label: y_label.into(),
        include_x: vec![0.0, frames as f64],
        include_y,
        ..Plot::default()
    };

    let mut touching = lane("touching", vec![0.0, 1.0]);
    touching.y_grid = Some([1.0, 1.0, 1.0]);
    touching.series.push(Series::lines(
        "touching",
        KEPT,
        1.5,
        runs(&values(&|r| Some(f64::from(u8::from(r.state.touching))))),
    ));
    touching.series.push(Series::points(
        "time of impact (fraction of the step)",
        ERROR,
        3.0,
        dots(&|r| r.state.toi.map(f64::from)),
    ));

    let mut points = lane("points", vec![0.0, 2.0]);
    points.y_grid = Some([1.0, 1.0, 2.0]);
    points.series.push(Series::lines(
        engine,
        ENGINE,
        1.5,
        runs(&values(&|r| Some(r.state.points.len() as f64))),
    ));
    // Ours a little above the engine's, so that both show where they agree.
    points.series.push(Series::lines(
        "ours",
        OURS,
        1.0,
        runs(&values(&|r| r.ours.map(|(n, _)| n as f64 + 0.08))),
    ));
    points.series.push(Series::points(
        &format!("{engine} and ours differ"),
        ERROR,
        3.0,
        dots(&|r| r.differs().then_some(r.state.points.len() as f64)),
    ));

    let mut ids = lane("feature id", vec![0.0]);
    let mut separation = lane("separation", vec![0.0]);
    for (i, color) in [(0, ENGINE), (1, KEPT)] {
        let name = format!("point {i}");
        ids.series.push(Series::points(
            &name,
            color,
            1.5,
            dots(&|r| r.state.points.get(i).map(|p| f64::from(p.id))),
        ));
        separation.series.push(Series::points(
            &name,
            color,
            1.5,
            dots(&|r| r.state.points.get(i).map(|p| f64::from(p.separation))),
        ));
    }

    let mut normal = lane("normal °", vec![-180.0, 180.0]);
    normal.y_grid = Some([45.0, 90.0, 180.0]);
    normal.series.push(Series::points(
        engine,
        ENGINE,
        1.5,
        dots(&|r| r.state.normal_angle.map(f64::from)),
    ));
    normal.series.push(Series::points(
        "ours",
        OURS,
        1.0,
        dots(&|r| {
            // Ours without points has no normal to show (its SAT axis is no contact's).
            r.ours
                .filter(|(count, _)| r.state.touching && *count > 0)
                .map(|(_, n)| f64::from(n[1].atan2(n[0]).to_degrees()))
        }),
    ));

    let mut reference = lane("reference face", vec![0.0]);
    reference.y_grid = Some([1.0, 1.0, 2.0]);
    for (name, color, of_a) in [("A's face", SHAPE_A, true), ("B's face", SHAPE_B, false)] {
        reference.series.push(Series::points(
            name,
            color,
            1.5,
            dots(&|r| match r.state.reference {
                Some(Reference::A(i)) if of_a => Some(i as f64),
                Some(Reference::B(i)) if !of_a => Some(i as f64),
                _ => None,
            }),
        ));
    }

    let mut lanes = vec![touching, points, ids, separation, normal, reference];
    for r in rows {
        for m in &r.markers {
            let key = m.key();
            if matches!(key, "begin" | "end") {
                continue;
            }
            for l in &mut lanes {
                l.series.push(Series::vline(
                    key,
                    marker_color(key),
                    r.state.frame as f64,
                    false,
                ));
            }
        }
    }
    lanes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::series::{Marker, PairState};
    use crate::trace::world_frame::ContactPoint;
    use crate::view::plot::SeriesData;

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
        // The second point's id changes from 7 to 9.
        assert_eq!(
            lanes[2].series[1].data,
            SeriesData::Points {
                points: vec![[1.0, 7.0], [2.0, 9.0]],
                radius: 1.5
            }
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
}
