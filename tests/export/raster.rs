//! The PNG, decoded with the `png` crate: size, not blank, a shape's fill blended over
//! the background; every algorithm and step in both formats.

use super::*;

pub(crate) fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

pub(crate) fn pixel(buf: &[u8], w: u32, p: Vec2) -> Rgba {
    let i = ((p.y as u32 * w + p.x as u32) * 4) as usize;
    Rgba(buf[i], buf[i + 1], buf[i + 2], buf[i + 3])
}

/// `c` at its alpha over the opaque background, as an sRGB source-over blend.
pub(crate) fn over_background(c: Rgba) -> Rgba {
    let a = c.3 as f32 / 255.0;
    let mix = |s: u8, d: u8| (s as f32 * a + d as f32 * (1.0 - a)).round() as u8;
    Rgba(
        mix(c.0, BACKGROUND.0),
        mix(c.1, BACKGROUND.1),
        mix(c.2, BACKGROUND.2),
        255,
    )
}

pub(crate) fn close(a: Rgba, b: Rgba, tol: i32) -> bool {
    [(a.0, b.0), (a.1, b.1), (a.2, b.2), (a.3, b.3)]
        .iter()
        .all(|(x, y)| (*x as i32 - *y as i32).abs() <= tol)
}

/// A pixel at least 3 px from every grid line of the view (lines are 1 px wide).
pub(crate) fn clear_of_grid(view: &ViewFrame, s: Vec2) -> bool {
    let step = view.camera.grid_step(60.0);
    let w = view.camera.to_world(s, &view.viewport);
    let off = |v: f32| {
        let r = v / step - (v / step).round();
        r.abs() * step * view.camera.zoom
    };
    off(w.x) >= 3.0 && off(w.y) >= 3.0
}

#[test]
fn png_decodes_at_its_size_is_not_blank_and_fills_shapes() {
    let scene = default_scene();
    let opts = ExportOptions {
        algorithm: Algorithm::Gjk,
        step: 1,
        width: 1000,
        height: 700,
    };
    let bytes = export_png(&scene, &opts).unwrap();
    let (w, h, buf) = decode(&bytes);
    assert_eq!((w, h), (1000, 700));
    let mut colours: Vec<u32> = buf
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 500, "{} distinct colours", colours.len());
    assert!(buf.chunks_exact(4).all(|c| c[3] == 255), "opaque");

    let p = SceneExport::new(&scene, Algorithm::Gjk).picture(1).unwrap();
    let l = layout(&p, 1000, 700).unwrap();
    let world = l.view(Space::World).unwrap();
    // Points inside A (a hexagon of radius 1 at the origin) and inside B (a box with
    // half extents (0.8, 0.5) at (1.5, 0.6), turned 0.4 rad), away from the other
    // shape, the labels and the witness marks; the first one clear of grid lines.
    let xb = scene.shapes[1].pose.transform();
    let cases = [
        (
            SHAPE_A,
            vec![
                Vec2::new(-0.45, -0.3),
                Vec2::new(-0.35, 0.45),
                Vec2::new(-0.6, 0.15),
            ],
        ),
        (
            SHAPE_B,
            [
                Vec2::new(0.45, 0.2),
                Vec2::new(0.3, -0.25),
                Vec2::new(0.5, -0.1),
            ]
            .iter()
            .map(|q| xb.apply(*q))
            .collect(),
        ),
    ];
    for (colour, candidates) in cases {
        let s = candidates
            .iter()
            .map(|q| world.to_screen(*q).floor() + Vec2::splat(0.5))
            .find(|s| clear_of_grid(world, *s))
            .expect("a sample point clear of the grid");
        let want = over_background(colour.with_alpha(60));
        let got = pixel(&buf, w, s);
        assert!(close(got, want, 3), "at {s}: {got:?}, expected {want:?}");
    }
    // The header band, and the view background far from everything in the corner.
    assert!(close(
        pixel(&buf, w, Vec2::new(w as f32 - 3.0, 3.0)),
        BAND,
        0
    ));
    let cfg = l.view(Space::Config).unwrap().viewport;
    let corner = Vec2::new(cfg.x + cfg.w - 6.0, cfg.y + 40.0);
    assert!(cfg.contains(corner));
    let got = pixel(&buf, w, corner);
    assert!(
        close(got, BACKGROUND, 0) || close(got, over_background(Rgba(255, 255, 255, 15)), 2),
        "background {got:?}"
    );
}

#[test]
fn every_algorithm_and_step_renders_in_both_formats() {
    // Every algorithm and step of the default scene renders to both formats, with
    // both views, and the PNG decodes at its size.
    let scene = default_scene();
    for algorithm in Algorithm::ALL {
        let ex = SceneExport::new(&scene, algorithm);
        for step in 0..ex.step_count() {
            let p = ex.picture(step).unwrap();
            assert!(p.list.layer(LayerId::Shapes).is_some());
            let svg = render_svg(&p, 640, 400).unwrap();
            assert!(svg.contains("id=\"view-world\"") && svg.contains("id=\"view-config\""));
            let png = collidescope::render::render_png(&p, 640, 400).unwrap();
            assert_eq!(decode(&png).0, 640);
        }
    }
}
