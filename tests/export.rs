//! Image export: the SVG's elements against the draw list (one group per layer, one
//! element per primitive, coordinates through the view's camera), the PNG decoded with
//! the `png` crate (size, not blank, a shape's fill blended over the background), and
//! the `export` command (flip book, errors, atomic writes) run as a real process.

use collidescope::render::{
    export_png, export_svg, layout, paint_view, render_svg, ExportOptions, LabelFrame, Painter,
    SceneExport, ViewFrame,
};
use collidescope::scene::{library, parse_scene, Scene};
use collidescope::study::Algorithm;
use collidescope::view::camera::Viewport;
use collidescope::view::draw::{shape_outline, LayerId, Prim, Rgba, Space, SHAPE_A, SHAPE_B};
use collidescope::view::palette::{BACKGROUND, BAND};
use glam::Vec2;
use std::path::{Path, PathBuf};
use std::process::Command;

const DEFAULT: &str = include_str!("../assets/default.ron");
const W: u32 = 1280;
const H: u32 = 800;
/// SVG coordinates are written with two decimals: within 0.005 px of the exact value.
const SVG_TOL: f32 = 0.01;

fn default_scene() -> Scene {
    parse_scene(DEFAULT, "default").unwrap()
}

// ----- a small SVG reader (the writer puts one primitive per line) -----

/// The value of attribute `name` in the element text `el`.
fn attr(el: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let i = el.find(&key)? + key.len();
    let j = el[i..].find('"')?;
    Some(el[i..i + j].to_string())
}

fn attr_f32(el: &str, name: &str) -> f32 {
    attr(el, name)
        .unwrap_or_else(|| panic!("no {name} in {el}"))
        .parse()
        .unwrap()
}

fn points(el: &str) -> Vec<Vec2> {
    attr(el, "points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            Vec2::new(x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// Every `<g id="layer-...">` group: its id and its child lines, in document order.
fn svg_layers(svg: &str) -> Vec<(String, Vec<String>)> {
    let lines: Vec<&str> = svg.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.trim_start().starts_with("<g id=\"layer-") {
            continue;
        }
        let id = attr(line, "id").unwrap();
        let depth = indent(line);
        let mut children = Vec::new();
        let mut closed = false;
        for l in &lines[i + 1..] {
            if indent(l) == depth && l.trim() == "</g>" {
                closed = true;
                break;
            }
            assert_eq!(indent(l), depth + 2, "{id}: a nested line: {l}");
            children.push(l.trim().to_string());
        }
        assert!(closed, "{id} is not closed");
        out.push((id, children));
    }
    out
}

/// Tags balance, entities are known, nothing but `<?xml ...?>` outside the root.
fn assert_well_formed(svg: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    let mut roots = 0;
    while let Some(i) = rest.find('<') {
        let j = rest[i..]
            .find('>')
            .unwrap_or_else(|| panic!("unclosed tag at {}", &rest[i..]));
        let tag = &rest[i + 1..i + j];
        assert!(!tag.contains('<'), "'<' inside a tag: {tag}");
        if tag.starts_with('?') {
            assert!(tag.ends_with('?'));
        } else if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "mismatched </{name}>");
        } else {
            let name = tag
                .split(|c: char| c.is_whitespace() || c == '/')
                .next()
                .unwrap();
            if stack.is_empty() {
                roots += 1;
            }
            if !tag.ends_with('/') {
                stack.push(name.to_string());
            }
        }
        rest = &rest[i + j + 1..];
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    assert_eq!(roots, 1, "one root element");
    for (k, _) in svg.match_indices('&') {
        let ent = &svg[k..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| ent.starts_with(e)),
            "bare & at {}",
            &svg[k..(k + 12).min(svg.len())]
        );
    }
}

/// What element(s) a primitive must become in its layer group.
fn expected_tag(p: &Prim) -> &'static str {
    match p {
        Prim::Polyline { closed: false, .. } => "<polyline class=\"line\"",
        Prim::Polyline { closed: true, .. } => "<polygon class=\"outline\"",
        Prim::Fill { .. } => "<polygon class=\"fill\"",
        Prim::Dot { .. } => "<circle class=\"dot\"",
        Prim::Arrow { .. } => "<g class=\"arrow\">",
        Prim::Label { .. } => "<g class=\"label\"",
        Prim::Cross { .. } => "<path class=\"cross\"",
        Prim::Ring { .. } => "<circle class=\"ring\"",
    }
}

fn near(a: Vec2, b: Vec2, tol: f32) -> bool {
    (a - b).abs().max_element() <= tol
}

#[test]
fn svg_has_one_group_per_layer_and_one_element_per_primitive() {
    let scene = default_scene();
    for algorithm in [
        Algorithm::Gjk,
        Algorithm::Epa,
        Algorithm::Cast,
        Algorithm::Toi,
    ] {
        let ex = SceneExport::new(&scene, algorithm);
        for step in 0..ex.step_count() {
            let p = ex.picture(step).unwrap();
            let svg = render_svg(&p, W, H).unwrap();
            assert_well_formed(&svg);
            let layers = svg_layers(&svg);
            // The layers in draw-list order: world layers first, then configuration
            // space (each view draws its own), and nothing else.
            let mut expected: Vec<_> = p
                .list
                .layers
                .iter()
                .filter(|l| l.space == Space::World)
                .collect();
            expected.extend(p.list.layers.iter().filter(|l| l.space == Space::Config));
            let ids: Vec<&str> = layers.iter().map(|(id, _)| id.as_str()).collect();
            let want: Vec<String> = expected
                .iter()
                .map(|l| format!("layer-{:?}", l.id))
                .collect();
            assert_eq!(ids, want, "{algorithm:?} step {step}");
            for (layer, (id, children)) in expected.iter().zip(&layers) {
                // Labels are drawn after every layer, in the view's labels group.
                let marks: Vec<&Prim> = layer
                    .prims
                    .iter()
                    .filter(|p| !matches!(p, Prim::Label { .. }))
                    .collect();
                assert_eq!(
                    children.len(),
                    marks.len(),
                    "{algorithm:?} step {step} {id}: elements vs primitives"
                );
                for (prim, el) in marks.iter().zip(children) {
                    assert!(
                        el.starts_with(expected_tag(prim)),
                        "{id}: {prim:?} written as {el}"
                    );
                }
                let head = svg
                    .lines()
                    .find(|l| l.contains(&format!("<g id=\"{id}\"")))
                    .unwrap();
                assert_eq!(attr(head, "data-label").as_deref(), Some(layer.id.label()));
            }
            // Each view's labels: one `<g class="label">` with one `<text>` per label of
            // its layers, in draw-list order, after the layers.
            for space in [Space::World, Space::Config] {
                let name = match space {
                    Space::World => "world",
                    Space::Config => "config",
                };
                let texts: Vec<&str> = p
                    .list
                    .layers
                    .iter()
                    .filter(|l| l.space == space)
                    .flat_map(|l| &l.prims)
                    .filter_map(|p| match p {
                        Prim::Label { text, .. } => Some(text.as_str()),
                        _ => None,
                    })
                    .collect();
                let group = group_children(&svg, &format!("labels-{name}"));
                assert_eq!(group.len(), texts.len(), "{algorithm:?} step {step} {name}");
                for (el, text) in group.iter().zip(&texts) {
                    assert!(el.starts_with("<g class=\"label\""), "{el}");
                    assert_eq!(el.matches("<text").count(), 1, "{el}");
                    assert!(
                        el.contains(&format!(">{}</text>", xml_text(text))),
                        "{el} {text}"
                    );
                }
                // No layer of the view comes after its labels.
                let labels_at = svg.find(&format!("<g id=\"labels-{name}\"")).unwrap();
                let view_end = svg[labels_at..]
                    .find("<g id=\"view-")
                    .map_or(svg.len(), |k| labels_at + k);
                assert!(
                    !svg[labels_at..view_end].contains("<g id=\"layer-"),
                    "{algorithm:?} step {step}: a layer drawn over the {name} labels"
                );
            }
        }
    }
}

/// The child lines of the group `id`.
fn group_children(svg: &str, id: &str) -> Vec<String> {
    let lines: Vec<&str> = svg.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("<g id=\"{id}\"")))
        .unwrap_or_else(|| panic!("no group {id}"));
    let depth = indent(lines[start]);
    lines[start + 1..]
        .iter()
        .take_while(|l| !(indent(l) == depth && l.trim() == "</g>"))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Text as the SVG writes it.
fn xml_text(s: &str) -> String {
    collidescope::render::xml_escape(s)
}

/// The SVG coordinates of a GJK step's simplex: each vertex of trace step k is a dot at
/// the configuration camera's image of its coordinates, within 0.01 px.
#[test]
fn gjk_simplex_vertices_are_drawn_where_the_camera_puts_them() {
    // The default scene (A and B overlap: the simplex grows to a triangle) and B moved
    // apart from A (the simplex ends on an edge).
    let mut apart = default_scene();
    apart.shapes[1].pose.position = Vec2::new(4.0, 1.0);
    let mut sizes = Vec::new();
    for scene in [default_scene(), apart] {
        let ex = SceneExport::new(&scene, Algorithm::Gjk);
        let an = ex.studies().unwrap();
        let n = ex.step_count();
        assert!(n >= 2, "{n} steps");
        for k in 0..n {
            sizes.push(an.gjk.trace.steps[k].simplex_in.len());
            let p = ex.picture(k).unwrap();
            let svg = render_svg(&p, W, H).unwrap();
            let l = layout(&p, W, H).unwrap();
            let config = l.view(Space::Config).unwrap();
            // The view is where the app puts it: right of the world view at the default split.
            assert_eq!(config.viewport.x, (W as f32 * 0.55).round());
            assert_eq!(config.viewport.x + config.viewport.w, W as f32);
            let clip = svg
                .lines()
                .find(|l| l.contains("<clipPath id=\"clip-config\""))
                .unwrap();
            assert_eq!(attr_f32(clip, "x"), config.viewport.x);
            assert_eq!(attr_f32(clip, "width"), config.viewport.w);

            let layers = svg_layers(&svg);
            let (_, simplex) = layers
                .iter()
                .find(|(id, _)| id == "layer-GjkSimplex")
                .unwrap();
            let dots: Vec<Vec2> = simplex
                .iter()
                .filter(|e| e.starts_with("<circle"))
                .map(|e| Vec2::new(attr_f32(e, "cx"), attr_f32(e, "cy")))
                .collect();
            let step = &an.gjk.trace.steps[k];
            for v in &step.simplex_in {
                let want = config.to_screen(v.w);
                // Independently of the camera code: y up in the world is y down on screen.
                let d = (v.w - config.camera.center) * config.camera.zoom;
                let by_hand = config.viewport.center() + Vec2::new(d.x, -d.y);
                assert!(near(want, by_hand, 1e-3));
                assert!(
                    dots.iter().any(|d| near(*d, want, SVG_TOL)),
                    "step {k}: vertex {} expected at {want}, dots {dots:?}",
                    v.w
                );
                assert!(config.viewport.contains(want), "fitted view shows {want}");
            }
            // The reduced simplex (3 px wide) has its vertices at the same places.
            if step.simplex.len() >= 2 {
                let line = simplex
                    .iter()
                    .find(|e| {
                        (e.starts_with("<polyline") || e.starts_with("<polygon"))
                            && attr(e, "stroke-width").as_deref() == Some("3")
                    })
                    .unwrap();
                let pts = points(line);
                assert_eq!(pts.len(), step.simplex.len());
                for (q, v) in pts.iter().zip(&step.simplex) {
                    assert!(near(*q, config.to_screen(v.w), SVG_TOL));
                }
            }
            // The origin cross of the Minkowski layer sits on the configuration origin.
            let (_, mink) = layers
                .iter()
                .find(|(id, _)| id == "layer-Minkowski")
                .unwrap();
            let cross = mink.iter().find(|e| e.starts_with("<path")).unwrap();
            let o = config.to_screen(Vec2::ZERO);
            let d = attr(cross, "d").unwrap();
            let first: Vec<f32> = d[1..]
                .split(['H', 'M', 'V', ' '])
                .take(2)
                .map(|s| s.parse().unwrap())
                .collect();
            assert!(near(
                Vec2::new(first[0], first[1]),
                o - Vec2::new(9.0, 0.0),
                SVG_TOL
            ));
        }
    }
    // Simplices of one, two and three vertices were all checked.
    for m in 1..=3 {
        assert!(sizes.contains(&m), "no {m}-vertex simplex in {sizes:?}");
    }
}

/// The shapes layer: A's fill polygon is A's world outline through the world camera.
#[test]
fn shape_outlines_go_through_the_world_camera() {
    let scene = default_scene();
    let ex = SceneExport::new(&scene, Algorithm::Gjk);
    let p = ex.picture(0).unwrap();
    let svg = render_svg(&p, W, H).unwrap();
    let l = layout(&p, W, H).unwrap();
    let world = l.view(Space::World).unwrap();
    assert_eq!(world.viewport.x, 0.0);
    let layers = svg_layers(&svg);
    let (_, shapes) = layers.iter().find(|(id, _)| id == "layer-Shapes").unwrap();
    for i in 0..scene.shapes.len() {
        let outline: Vec<Vec2> = shape_outline(&scene, i)
            .iter()
            .map(|q| world.to_screen(*q))
            .collect();
        let found = shapes
            .iter()
            .filter(|e| e.starts_with("<polygon class=\"fill\""))
            .any(|e| {
                let pts = points(e);
                pts.len() == outline.len()
                    && pts.iter().zip(&outline).all(|(a, b)| near(*a, *b, SVG_TOL))
            });
        assert!(found, "shape {i}'s fill not at its outline");
    }
    // A and B in their colours (fill alpha 60 as the app), the others grey.
    assert!(svg.contains(&format!("fill=\"{}\" fill-opacity=\"0.24\"", SHAPE_A.hex())));
    assert!(svg.contains(&format!("fill=\"{}\" fill-opacity=\"0.24\"", SHAPE_B.hex())));
}

#[test]
fn text_is_escaped_and_the_legend_names_the_pair_and_layers() {
    let text = DEFAULT
        .replace(
            "title: \"Welcome to Collidescope\"",
            "title: \"A <b> & \\\"c\\\"\"",
        )
        .replace("(name: \"A\"", "(name: \"A&<1>\"");
    let scene = parse_scene(&text, "escapes").unwrap();
    let svg = export_svg(&scene, &ExportOptions::new(Algorithm::Epa, 0)).unwrap();
    assert_well_formed(&svg);
    assert!(
        svg.contains("<title>A &lt;b&gt; &amp; &quot;c&quot;"),
        "title"
    );
    // The shape's name label and the legend entry.
    assert!(svg.contains(">A&amp;&lt;1&gt; (A)</text>"));
    assert!(svg.contains(">shape A: A&amp;&lt;1&gt;</text>"));
    assert!(svg.contains(">shape B: B</text>"));
    let items = svg.matches("<g class=\"legend-item\">").count();
    // One entry per layer whose colour is drawn (a layer drawn only in other roles'
    // colours has none: `every_legend_entry_names_a_colour_that_is_drawn`).
    let p = SceneExport::new(&scene, Algorithm::Epa).picture(0).unwrap();
    let legend = layout(&p, W, H).unwrap().legend_items;
    assert_eq!(items, legend.len());
    assert!(legend.len() >= 4, "{legend:?}");
    for item in &legend {
        assert!(svg.contains(&format!(">{}</text>", xml_text(&item.text))));
    }
    // Right-aligned step text in the header, with what the step is within EPA's run.
    assert!(svg.contains(&format!(
        ">step 1 of {} · GJK step 1 of ",
        SceneExport::new(&scene, Algorithm::Epa).step_count()
    )));
}

/// The colours a painter was asked to draw with (the views' marks, not their chrome).
#[derive(Default)]
struct Colours(Vec<Rgba>);

impl Painter for Colours {
    fn begin_group(
        &mut self,
        _: Option<&str>,
        _: Option<&str>,
        _: Option<&str>,
        _: Option<&Viewport>,
    ) {
    }
    fn end_group(&mut self) {}
    fn rect(&mut self, _: &Viewport, _: Rgba) {}
    fn polyline(&mut self, _: &[Vec2], _: bool, _: f32, c: Rgba, _: bool) {
        self.0.push(c);
    }
    fn fill(&mut self, _: &[Vec2], c: Rgba) {
        self.0.push(c);
    }
    fn dot(&mut self, _: Vec2, _: f32, c: Rgba) {
        self.0.push(c);
    }
    fn arrow(&mut self, _: Vec2, _: Vec2, _: f32, _: Option<[Vec2; 3]>, c: Rgba) {
        self.0.push(c);
    }
    fn label(&mut self, _: Vec2, _: &str, _: f32, c: Rgba, _: &LabelFrame) {
        self.0.push(c);
    }
    fn text(&mut self, _: Vec2, _: &str, _: f32, _: Rgba) {}
    fn cross(&mut self, _: Vec2, _: f32, c: Rgba) {
        self.0.push(c);
    }
    fn ring(&mut self, _: Vec2, _: f32, _: f32, c: Rgba) {
        self.0.push(c);
    }
    fn legend_item(&mut self, _: &Viewport, _: Rgba, _: Vec2, _: &str, _: Rgba) {}
}

#[test]
fn every_legend_entry_names_a_colour_that_is_drawn() {
    // A swatch the reader cannot find in the picture misleads: each legend entry's
    // colour is one the views paint, for every library scene and algorithm (the step
    // its view names and the last), in both themes (the legend is the same list).
    let mut entries = 0;
    let mut wrong = Vec::new();
    for (name, text) in library::FILES {
        let scene = parse_scene(text, name).unwrap();
        for algorithm in Algorithm::ALL {
            let ex = SceneExport::new(&scene, algorithm);
            for step in [ex.view_step(), ex.step_count() - 1] {
                let p = ex.picture(step).unwrap();
                let l = layout(&p, W, H).unwrap();
                let mut painted = Colours::default();
                for view in &l.views {
                    paint_view(view, &p.list, &[], "title", &mut painted);
                }
                for item in &l.legend_items {
                    let c = item.color;
                    entries += 1;
                    if !painted.0.iter().any(|d| (d.0, d.1, d.2) == (c.0, c.1, c.2)) {
                        wrong.push(format!(
                            "{name} {} step {step}: {:?} ({})",
                            algorithm.name(),
                            item.text,
                            c.hex()
                        ));
                    }
                }
            }
        }
    }
    assert!(entries > 500, "only {entries} legend entries seen");
    assert!(
        wrong.is_empty(),
        "{} legend entries name a colour not drawn:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

// ----- PNG -----

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(buf: &[u8], w: u32, p: Vec2) -> Rgba {
    let i = ((p.y as u32 * w + p.x as u32) * 4) as usize;
    Rgba(buf[i], buf[i + 1], buf[i + 2], buf[i + 3])
}

/// `c` at its alpha over the opaque background, as an sRGB source-over blend.
fn over_background(c: Rgba) -> Rgba {
    let a = c.3 as f32 / 255.0;
    let mix = |s: u8, d: u8| (s as f32 * a + d as f32 * (1.0 - a)).round() as u8;
    Rgba(
        mix(c.0, BACKGROUND.0),
        mix(c.1, BACKGROUND.1),
        mix(c.2, BACKGROUND.2),
        255,
    )
}

fn close(a: Rgba, b: Rgba, tol: i32) -> bool {
    [(a.0, b.0), (a.1, b.1), (a.2, b.2), (a.3, b.3)]
        .iter()
        .all(|(x, y)| (*x as i32 - *y as i32).abs() <= tol)
}

/// A pixel at least 3 px from every grid line of the view (lines are 1 px wide).
fn clear_of_grid(view: &ViewFrame, s: Vec2) -> bool {
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

// ----- the command -----

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_collidescope")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("collidescope-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn default_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/default.ron")
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(bin()).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn cli_writes_the_same_svg_as_the_library_and_a_png() {
    let dir = temp_dir("single");
    let scene_path = default_path();
    let svg_path = dir.join("gjk.svg");
    let (ok, stdout, stderr) = run(&[
        "export",
        scene_path.to_str().unwrap(),
        "--algorithm",
        "gjk",
        "--step",
        "1",
        "--out",
        svg_path.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("gjk.svg"));
    let written = std::fs::read_to_string(&svg_path).unwrap();
    // `--step 1` counts as the window does: the first step (index 0), titled "step 1 of n",
    // and not the second, which differs.
    let lib = export_svg(&default_scene(), &ExportOptions::new(Algorithm::Gjk, 0)).unwrap();
    let second = export_svg(&default_scene(), &ExportOptions::new(Algorithm::Gjk, 1)).unwrap();
    assert_ne!(lib, second);
    assert_eq!(written, lib);
    let n = SceneExport::new(&default_scene(), Algorithm::Gjk).step_count();
    assert!(written.contains(&format!("step 1 of {n}")), "title");
    // The last step is `--step n`.
    let last_path = dir.join("last.svg");
    let (ok, _, stderr) = run(&[
        "export",
        scene_path.to_str().unwrap(),
        "--algorithm",
        "gjk",
        "--step",
        &n.to_string(),
        "--out",
        last_path.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let last = export_svg(&default_scene(), &ExportOptions::new(Algorithm::Gjk, n - 1)).unwrap();
    assert_eq!(std::fs::read_to_string(&last_path).unwrap(), last);
    assert!(last.contains(&format!("step {n} of {n}")));

    let png_path = dir.join("epa.PNG");
    let (ok, _, stderr) = run(&[
        "export",
        scene_path.to_str().unwrap(),
        "--algorithm",
        "epa",
        "--step",
        "3",
        "--size",
        "640x480",
        "--out",
        png_path.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let (w, h, _) = decode(&std::fs::read(&png_path).unwrap());
    assert_eq!((w, h), (640, 480));
    // Nothing but the pictures (no temporary files left).
    assert_eq!(files_in(&dir), vec!["epa.PNG", "gjk.svg", "last.svg"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_all_steps_writes_a_flip_book() {
    let dir = temp_dir("flip");
    let scene_path = default_path();
    let scene = default_scene();
    for (algorithm, format) in [(Algorithm::Epa, "png"), (Algorithm::Gjk, "svg")] {
        let out = dir.join(algorithm.name());
        let (ok, stdout, stderr) = run(&[
            "export",
            scene_path.to_str().unwrap(),
            "--algorithm",
            algorithm.name(),
            "--all-steps",
            out.to_str().unwrap(),
            "--format",
            format,
            "--size",
            "480x360",
        ]);
        assert!(ok, "{stderr}");
        let n = SceneExport::new(&scene, algorithm).step_count();
        assert!(n >= 2);
        // Numbered as the window counts: step-001 is "step 1 of n".
        let want: Vec<String> = (1..=n).map(|k| format!("step-{k:03}.{format}")).collect();
        assert_eq!(files_in(&out), want);
        if format == "svg" {
            for (k, name) in want.iter().enumerate() {
                let page = std::fs::read_to_string(out.join(name)).unwrap();
                let lib = render_svg(
                    &SceneExport::new(&scene, algorithm).picture(k).unwrap(),
                    480,
                    360,
                );
                assert_eq!(page, lib.unwrap(), "{name} is not step {} of {n}", k + 1);
            }
        }
        assert_eq!(stdout.lines().count(), n);
        for name in &want {
            let bytes = std::fs::read(out.join(name)).unwrap();
            if format == "png" {
                assert_eq!(decode(&bytes).0, 480);
            } else {
                assert_well_formed(std::str::from_utf8(&bytes).unwrap());
            }
        }
        // Each step's own picture: the flip book's pages differ.
        let first = std::fs::read(out.join(&want[0])).unwrap();
        let last = std::fs::read(out.join(&want[n - 1])).unwrap();
        assert_ne!(first, last);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_errors_exit_non_zero_with_a_message() {
    let dir = temp_dir("errors");
    let scene_path = default_path();
    let scene = scene_path.to_str().unwrap();
    let out = dir.join("x.svg");
    let out = out.to_str().unwrap();
    let n = SceneExport::new(&default_scene(), Algorithm::Gjk).step_count();
    // Steps count from 1: n is the last, n + 1 is past it.
    let too_far = (n + 1).to_string();
    let missing_dir = dir.join("no/such/dir/x.svg");
    let bad_scene = dir.join("bad.ron");
    std::fs::write(&bad_scene, "(version: 1, shapes: [").unwrap();
    let jpg = out.replace(".svg", ".jpg");
    let as_dir = dir.join("folder.svg");
    std::fs::create_dir(&as_dir).unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["export", scene, "--algorithm", "gjkk", "--out", out],
            "unknown algorithm \"gjkk\"",
        ),
        (
            vec![
                "export",
                scene,
                "--algorithm",
                "gjk",
                "--step",
                &too_far,
                "--out",
                out,
            ],
            "out of range",
        ),
        (vec!["export", scene, "--out", &jpg], ".svg or .png"),
        (
            vec!["export", scene, "--size", "10x10", "--out", out],
            "320x240",
        ),
        (
            vec!["export", scene, "--out", missing_dir.to_str().unwrap()],
            "cannot write",
        ),
        (
            vec!["export", scene, "--out", as_dir.to_str().unwrap()],
            "names a folder",
        ),
        (
            vec!["export", bad_scene.to_str().unwrap(), "--out", out],
            "bad.ron:1:",
        ),
        (
            vec!["export", "no-such-scene.ron", "--out", out],
            "no-such-scene.ron",
        ),
        (vec!["export", scene], "--out"),
        (
            vec![
                "export",
                scene,
                "--out",
                out,
                "--all-steps",
                dir.to_str().unwrap(),
            ],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        let (ok, _, stderr) = run(&args);
        assert!(!ok, "{args:?} succeeded");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // The out-of-range messages name the valid range, counted from 1 as the window counts.
    let (_, _, stderr) = run(&["export", scene, "--step", &too_far, "--out", out]);
    assert!(
        stderr.contains(&format!("step {} is out of range", n + 1)),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("(1 to {n})")), "{stderr}");
    let (ok, _, stderr) = run(&["export", scene, "--step", "0", "--out", out]);
    assert!(!ok);
    assert!(stderr.contains("--step 0: steps count from 1"), "{stderr}");
    assert!(stderr.contains(&format!("(1 to {n})")), "{stderr}");
    // No picture and no temporary file was left by any failure.
    assert_eq!(files_in(&dir), vec!["bad.ron", "folder.svg"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_separation_plot_counts_steps_from_one() {
    use collidescope::render::{render_plots, scene_plot, Format, PlotKind, PlotOptions};
    let dir = temp_dir("separation");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/toi_spinning_bar.ron");
    let scene = parse_scene(&std::fs::read_to_string(&path).unwrap(), "bar").unwrap();
    let out = dir.join("s.svg");
    let plot = |step: usize| {
        let o = PlotOptions {
            step: Some(step),
            ..PlotOptions::default()
        };
        let p = scene_plot(&scene, PlotKind::Separation, &o).unwrap();
        render_plots(&p, Format::Svg, W, H).unwrap()
    };
    let (first, second) = (plot(0), plot(1));
    assert_ne!(first, second);
    let args = |step: &'static str| {
        run(&[
            "export",
            path.to_str().unwrap(),
            "--plot",
            "separation",
            "--step",
            step,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    // `--step 2` is the second step, as the window counts.
    let (ok, _, stderr) = args("2");
    assert!(ok, "{stderr}");
    assert_eq!(std::fs::read(&out).unwrap(), second);
    // `--step 0` is refused, naming the range.
    let (ok, _, stderr) = args("0");
    assert!(!ok);
    assert!(stderr.contains("--step 0: steps count from 1"), "{stderr}");
    assert!(stderr.contains("(1 to "), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_step_with_a_sweep_or_slide_plot_names_that_plot() {
    // A sweep or a slide has no step: `--step` is refused in the words of the plot
    // asked for (it once reported the rotating time of impact's steps).
    let dir = temp_dir("plot-step");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/toi_spinning_bar.ron");
    let out = dir.join("p.svg");
    for (plot, step) in [("sweep", "0"), ("slide", "0"), ("slide", "2")] {
        let (ok, _, stderr) = run(&[
            "export",
            path.to_str().unwrap(),
            "--plot",
            plot,
            "--step",
            step,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(!ok, "{plot} --step {step}");
        assert!(
            stderr.contains(&format!(
                "--step {step} goes with --plot separation only: --plot {plot} draws"
            )),
            "{stderr}"
        );
        assert!(!stderr.contains("toi-rotating"), "{stderr}");
        assert!(!out.exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
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

// ----- the engines' overlays (`export --peers`) -----

#[cfg(feature = "peers")]
fn scene_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes")
        .join(name)
}

/// The `<g id="layer-...">` ids of an SVG, in order.
#[cfg(feature = "peers")]
fn layer_ids(svg: &str) -> Vec<String> {
    svg_layers(svg).into_iter().map(|(id, _)| id).collect()
}

#[cfg(feature = "peers")]
#[test]
fn cli_peers_adds_the_engine_layers_and_their_legend() {
    let dir = temp_dir("peers");
    let scene = default_path();
    let (with, without) = (dir.join("with.svg"), dir.join("without.svg"));
    for (out, peers) in [(&with, true), (&without, false)] {
        let mut args = vec!["export", scene.to_str().unwrap(), "--algorithm", "gjk"];
        args.extend(["--step", "2", "--out", out.to_str().unwrap()]);
        if peers {
            args.push("--peers");
        }
        let (ok, _, stderr) = run(&args);
        assert!(ok, "{stderr}");
    }
    let with = std::fs::read_to_string(&with).unwrap();
    let without = std::fs::read_to_string(&without).unwrap();
    assert_well_formed(&with);
    for id in ["layer-PeerBox2d", "layer-PeerParry"] {
        assert!(layer_ids(&with).iter().any(|l| l == id), "{id} missing");
        assert!(!without.contains(id), "{id} drawn without --peers");
    }
    // The legend names them, in the layers' colours.
    for id in [LayerId::PeerBox2d, LayerId::PeerParry] {
        let label = id.label().replace('\'', "&apos;");
        assert!(with.contains(&label), "{label}");
        assert!(!without.contains(&label));
        let Rgba(r, g, b, _) = id.color();
        assert!(with.contains(&format!("#{r:02x}{g:02x}{b:02x}")));
    }
    // The same picture as the library's: the app's overlay on the scene's picture.
    let lib_scene = default_scene();
    let ex = SceneExport::new(&lib_scene, Algorithm::Gjk).with_peers();
    assert_eq!(with, render_svg(&ex.picture(1).unwrap(), W, H).unwrap());
    // Without the flag, the picture is the one export has always written.
    let plain = export_svg(&lib_scene, &ExportOptions::new(Algorithm::Gjk, 1)).unwrap();
    assert_eq!(without, plain);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "peers")]
#[test]
fn cli_peers_flip_book_steps_box2d_simplex_beside_ours() {
    let dir = temp_dir("peers-flip");
    let scene = scene_path("capsule_rule.ron");
    let (ok, stdout, stderr) = run(&[
        "export",
        scene.to_str().unwrap(),
        "--algorithm",
        "gjk",
        "--peers",
        "--all-steps",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let pages = files_in(&dir);
    assert!(pages.len() >= 2, "{pages:?}");
    assert_eq!(stdout.lines().count(), pages.len());
    for page in &pages {
        let svg = std::fs::read_to_string(dir.join(page)).unwrap();
        let ids = layer_ids(&svg);
        for id in [
            "layer-PeerBox2d",
            "layer-PeerParry",
            "layer-PeerBox2dSimplex",
        ] {
            assert!(
                ids.iter().any(|l| l == id),
                "{page}: {id} missing in {ids:?}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "peers")]
#[test]
fn cli_peers_is_for_pictures_not_regression_tests() {
    let scene = default_path();
    let (ok, _, stderr) = run(&[
        "export",
        scene.to_str().unwrap(),
        "--as",
        "box2d-c",
        "--peers",
    ]);
    assert!(!ok);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

#[cfg(not(feature = "peers"))]
#[test]
fn cli_peers_without_the_engines_is_an_error() {
    let dir = temp_dir("no-peers");
    let out = dir.join("x.svg");
    let scene = default_path();
    let (ok, _, stderr) = run(&[
        "export",
        scene.to_str().unwrap(),
        "--peers",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("built without the \"peers\" feature"),
        "{stderr}"
    );
    assert!(files_in(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The grid's numbers come after the layers, each on a plate of the background: a
/// number over a shape's fill keeps its contrast (under the fill it lost most of it).
#[test]
fn grid_numbers_sit_on_plates_above_the_layers() {
    let scene = default_scene();
    let ex = SceneExport::new(&scene, Algorithm::Gjk);
    let p = ex.picture(0).unwrap();
    let svg = render_svg(&p, W, H).unwrap();
    for view in ["world", "config"] {
        let numbers = svg
            .find(&format!("<g id=\"grid-numbers-{view}\""))
            .unwrap_or_else(|| panic!("no grid numbers in the {view} view"));
        let shapes = svg.find("<g id=\"layer-Shapes\"").expect("a shapes layer");
        assert!(numbers > shapes, "{view}: numbers before the shapes");
        let children = group_children(&svg, &format!("grid-numbers-{view}"));
        let texts = children.iter().filter(|c| c.starts_with("<text")).count();
        let plates = children.iter().filter(|c| c.starts_with("<rect")).count();
        assert!(texts >= 4, "{view}: {texts} numbers");
        assert_eq!(plates, texts, "{view}: a plate under every number");
    }
}
