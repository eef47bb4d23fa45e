//! The SVG against the draw list: one group per layer, one element per primitive,
//! coordinates through the view's camera, the legend's colours drawn, the grid's numbers
//! on plates above the layers.

use super::*;

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
    fn cross(&mut self, _: Vec2, _: f32, c: Rgba) {
        self.0.push(c);
    }
    fn ring(&mut self, _: Vec2, _: f32, _: f32, c: Rgba) {
        self.0.push(c);
    }
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
