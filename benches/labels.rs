//! Criterion benchmark of the canvas label placer on the 64-shape scene
//! (`benches/data/report_64_shapes.ron`, every layer on, the engines' overlays off as the
//! window opens), in a view of 1200 × 900 pixels: what one frame of panning costs the
//! window's CPU for its labels.
//!
//! Each view's camera is fitted as the window fits it when the scene opens, then panned
//! through [`PANS`] positions 7 px apart, one per iteration: the placement's memo (a
//! handful of entries) never holds the next one, so every call hashes its inputs and
//! places every label anew, as a frame of panning does. Group `labels_64_shapes`,
//! functions `world` and `config` (the two views). The number of labels and lines of
//! each view is printed to stderr. Only ratios within one run on one machine mean
//! anything (`-- --save-baseline before`, then `-- --baseline before`).

use collidescope::app::AppState;
use collidescope::render::{line_obstacles, place_labels, reserved_boxes, view_labels, ViewFrame};
use collidescope::scene::parse_scene;
use collidescope::view::camera::{Camera, Viewport};
use collidescope::view::draw::{bounds, DrawList, LayerId, Space};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use glam::Vec2;

/// Camera positions cycled through: more than the placement memo keeps.
const PANS: usize = 16;

/// The scene's draw list as the window first shows it.
fn scene_list() -> DrawList {
    let text = include_str!("data/report_64_shapes.ron");
    let scene = parse_scene(text, "report_64_shapes.ron").expect("the bench scene parses");
    let mut app = AppState::new(scene, None);
    let mut list = app.draw_list();
    list.layers.retain(|l| {
        !matches!(
            l.id,
            LayerId::PeerBox2d | LayerId::PeerParry | LayerId::PeerBox2dSimplex
        )
    });
    list
}

/// A 1200 × 900 view of `space`, fitted as the window fits it when the scene opens.
fn fitted(list: &DrawList, space: Space) -> ViewFrame {
    let viewport = Viewport {
        x: 0.0,
        y: 0.0,
        w: 1200.0,
        h: 900.0,
    };
    let mut camera = Camera::default();
    if let Some((lo, hi)) = bounds(list, space) {
        let (lo, hi) = match space {
            Space::World => (lo, hi),
            Space::Config => {
                let (lo, hi) = (lo.min(Vec2::ZERO), hi.max(Vec2::ZERO));
                let pad = (hi - lo) * 0.1;
                (lo - pad, hi + pad)
            }
        };
        camera.fit(lo, hi, &viewport);
    }
    ViewFrame {
        space,
        viewport,
        camera,
        scale: 1.0,
    }
}

fn placement(c: &mut Criterion) {
    let list = scene_list();
    let mut group = c.benchmark_group("labels_64_shapes");
    for (name, space, title) in [
        ("world", Space::World, "world"),
        ("config", Space::Config, "configuration space: B - A"),
    ] {
        let start = fitted(&list, space);
        let views: Vec<ViewFrame> = (0..PANS)
            .map(|k| {
                let mut v = start;
                v.camera.pan(Vec2::new(7.0 * k as f32, 3.0 * k as f32));
                v
            })
            .collect();
        let reserved: Vec<_> = views.iter().map(|v| reserved_boxes(v, title)).collect();
        let labels = view_labels(&start, &list, &[]).count();
        let placed = place_labels(&start, &list, &[], &reserved[0])
            .iter()
            .filter(|p| p.is_some())
            .count();
        let lines = line_obstacles(&start, &list, &[]).len();
        eprintln!("{name}: {labels} labels ({placed} placed), {lines} line pieces");
        let mut k = 0;
        group.bench_function(name, |bench| {
            bench.iter(|| {
                k = (k + 1) % PANS;
                black_box(place_labels(&views[k], &list, &[], &reserved[k]))
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = placement
}
criterion_main!(benches);
