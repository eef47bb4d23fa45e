//! The palette keeps its roles apart: for every group of roles drawn in one picture, every
//! two colours are at least [`MIN_PAIR`] apart (CIELAB ΔE*76) for normal vision and under
//! simulated deuteranopia and protanopia (Machado, Oliveira & Fernandes 2009, severity 1,
//! applied in linear sRGB), and every colour at least [`MIN_BACKGROUND`] from the view's
//! background — in the dark theme and in the light one; and every role, read as text,
//! has a WCAG contrast of at least 4.5:1 against both themes' backgrounds — and as a
//! label, on its plate over any fill of the view (a shape's translucent colour, two
//! shapes overlapping) — and so does the side panel's own text on the panel.

use collidescope::trace::series::{Marker, PairState, Reference, TimelineRow};
use collidescope::trace::world_frame::ContactPoint;
use collidescope::view::draw::LayerId;
use collidescope::view::palette::{
    label_text, layer_color, Rgba, Theme, ADDED, BACKGROUND, BAND, CUT, ERROR, GRID, GRID_LABEL,
    KEPT, LABEL_BACK, LABEL_TEXT_CONTRAST, LIGHT_ROLES, MAX_FILL_ALPHA, PANEL_ALARM, PANEL_BACK,
    PANEL_CURRENT, PANEL_QUIET, PANEL_SUCCESS, PANEL_WARNING, SHAPE_A, SHAPE_B, SHAPE_OTHER,
    TIMELINE_NOW, VIEW_TITLE,
};
use collidescope::view::plot::SeriesData;
use collidescope::view::timeline_plot::{marker_color, timeline_lanes, timeline_legend};

/// The smallest distance allowed between two roles of one picture (ΔE*76; 2.3 is a
/// just-noticeable difference, 20 reads as "another colour" at a glance on thin lines).
const MIN_PAIR: f64 = 20.0;
/// The smallest distance between two kinds of marker on a timeline: their rules are
/// alike but for their colour.
const MIN_RULES: f64 = 30.0;
/// The smallest distance allowed between a role and the background.
const MIN_BACKGROUND: f64 = 30.0;

const PROTAN: [[f64; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const DEUTAN: [[f64; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];

fn linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// CIELAB (D65) of an sRGB colour, seen through `vision` (None: normal).
fn lab(c: Rgba, vision: Option<&[[f64; 3]; 3]>) -> [f64; 3] {
    let mut rgb = [linear(c.0), linear(c.1), linear(c.2)];
    if let Some(m) = vision {
        let v = rgb;
        for (i, row) in m.iter().enumerate() {
            rgb[i] = (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0);
        }
    }
    let [r, g, b] = rgb;
    let x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The roles drawn together in one picture, by algorithm (names for the messages).
fn groups() -> Vec<(&'static str, Vec<(&'static str, Rgba)>)> {
    let l = |id: LayerId| (id.label(), layer_color(id));
    let (a, b) = (("shape A", SHAPE_A), ("shape B", SHAPE_B));
    let peers = [l(LayerId::PeerBox2d), l(LayerId::PeerParry)];
    let verdicts = [("kept", KEPT), ("cut", CUT), ("added", ADDED)];
    let mut gjk = vec![a, b, l(LayerId::Minkowski), l(LayerId::GjkSimplex)];
    gjk.extend([l(LayerId::GjkDirection), l(LayerId::Witness)]);
    gjk.push(l(LayerId::EpaPolytope));
    gjk.extend(peers);
    let mut manifold = vec![a, b, l(LayerId::Manifold), l(LayerId::Witness)];
    manifold.extend(verdicts);
    manifold.extend(peers);
    let mut clip = vec![a, b, l(LayerId::Clip)];
    clip.extend(verdicts);
    let mut hull = vec![a, b, l(LayerId::Hull)];
    hull.extend(verdicts);
    let mut toi = vec![a, b, l(LayerId::Toi), l(LayerId::Witness)];
    toi.extend(peers);
    let mut ray = vec![a, b, l(LayerId::Rays), l(LayerId::RayCast)];
    ray.extend([("kept", KEPT), ("cut", CUT)]);
    ray.extend(peers);
    let chain = vec![
        a,
        b,
        l(LayerId::Chains),
        l(LayerId::Manifold),
        ("kept", KEPT),
        ("cut", CUT),
    ];
    let sat = vec![a, b, l(LayerId::Sat), l(LayerId::Witness)];
    vec![
        ("GJK / EPA", gjk),
        ("manifold", manifold),
        ("Sutherland–Hodgman", clip),
        ("hull", hull),
        ("time of impact", toi),
        ("ray", ray),
        ("chain", chain),
        ("SAT", sat),
    ]
}

#[test]
fn roles_drawn_together_stay_apart_for_common_colour_blindness_in_both_themes() {
    let visions: [(&str, Option<&[[f64; 3]; 3]>); 3] = [
        ("normal vision", None),
        ("deuteranopia", Some(&DEUTAN)),
        ("protanopia", Some(&PROTAN)),
    ];
    for theme in [Theme::Dark, Theme::Light] {
        let bg = theme.apply(BACKGROUND);
        let mut closest = f64::INFINITY;
        for (group, roles) in groups() {
            for (vision, m) in visions {
                let seen: Vec<_> = roles
                    .iter()
                    .map(|(n, c)| (*n, lab(theme.apply(*c), m)))
                    .collect();
                let back = lab(bg, m);
                for (i, (n1, c1)) in seen.iter().enumerate() {
                    let d = delta_e(*c1, back);
                    assert!(
                        d >= MIN_BACKGROUND,
                        "{theme:?} {group}, {vision}: {n1} is {d:.1} from the background"
                    );
                    for (n2, c2) in &seen[i + 1..] {
                        let d = delta_e(*c1, *c2);
                        closest = closest.min(d);
                        assert!(
                            d >= MIN_PAIR,
                            "{theme:?} {group}, {vision}: {n1} and {n2} only {d:.1} apart"
                        );
                    }
                }
            }
        }
        eprintln!("{theme:?}: closest two co-drawn roles {closest:.1} ΔE*76");
    }
}

#[test]
fn the_light_theme_maps_every_role_and_the_chrome() {
    // Each dark colour names one role: no two rows of the table share it.
    for (i, (d1, _)) in LIGHT_ROLES.iter().enumerate() {
        for (d2, _) in &LIGHT_ROLES[i + 1..] {
            assert_ne!(d1, d2, "two light colours for one dark colour");
        }
    }
    let mut all: Vec<Rgba> = LayerId::ALL.iter().map(|id| layer_color(*id)).collect();
    all.extend([SHAPE_A, SHAPE_B, SHAPE_OTHER, KEPT, CUT, ADDED, ERROR]);
    all.extend([BACKGROUND, BAND, GRID, Rgba::WHITE]);
    for c in all {
        let light = Theme::Light.apply(c);
        assert_ne!(light, c, "{c:?} is not mapped by the light theme");
        assert_eq!(light.3, c.3, "alpha kept");
        assert_eq!(Theme::Dark.apply(c), c);
    }
    // Label boxes turn white behind dark text.
    let back = Theme::Light.apply(LABEL_BACK);
    assert!(back.0 == 255 && back.3 > 128, "{back:?}");
}

/// WCAG 2 relative luminance of an sRGB colour.
fn luminance(c: Rgba) -> f64 {
    0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
}

/// WCAG 2 contrast ratio of two colours (1 to 21).
fn contrast(a: Rgba, b: Rgba) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `c` drawn with its alpha over `back` (opaque), as the painters blend it.
fn over(c: Rgba, back: Rgba) -> Rgba {
    let a = c.3 as f64 / 255.0;
    let mix = |f: u8, b: u8| (f as f64 * a + b as f64 * (1.0 - a)).round() as u8;
    Rgba(mix(c.0, back.0), mix(c.1, back.1), mix(c.2, back.2), 255)
}

/// Every role's colour reads as text on both themes' backgrounds: at least 4.5:1 (WCAG
/// AA for text), since every role also labels points in its colour. So does the text of
/// the picture's chrome: the grid's numbers and the plots' captions, the view titles,
/// the header and legend text on their band.
#[test]
fn every_role_colour_and_every_text_reads_on_both_backgrounds() {
    let mut roles: Vec<(&str, Rgba)> = LayerId::ALL
        .iter()
        .map(|id| (id.label(), layer_color(*id)))
        .collect();
    roles.extend([
        ("shape A", SHAPE_A),
        ("shape B", SHAPE_B),
        ("other shapes", SHAPE_OTHER),
        ("kept", KEPT),
        ("cut", CUT),
        ("added", ADDED),
        ("error", ERROR),
        ("grid numbers, captions", GRID_LABEL),
        ("view titles", VIEW_TITLE),
    ]);
    let mut faults = Vec::new();
    let mut lowest = f64::INFINITY;
    for theme in [Theme::Dark, Theme::Light] {
        // The roles are drawn on the views; the header's and the legend's text on the band.
        let views = [("background", BACKGROUND)].map(|(n, b)| (n, b, &roles[..]));
        let text = [("text", Rgba::WHITE)];
        let bands = [("background", BACKGROUND), ("band", BAND)].map(|(n, b)| (n, b, &text[..]));
        for (back_name, back, roles) in views.into_iter().chain(bands) {
            let bg = theme.apply(back);
            for (name, c) in roles {
                let r = contrast(over(theme.apply(*c), bg), bg);
                lowest = lowest.min(r);
                if r < 4.5 {
                    faults.push(format!("{theme:?} {name} on the {back_name}: {r:.2}:1"));
                }
            }
        }
    }
    assert!(faults.is_empty(), "below 4.5:1: {faults:#?}");
    eprintln!("lowest text contrast {lowest:.2}:1");
}

#[test]
fn the_contrast_check_catches_pale_text() {
    // The light theme's old pale roles: orange B and sky-blue witnesses on white.
    let white = Theme::Light.apply(BACKGROUND);
    assert!(contrast(Rgba(255, 155, 28, 255), white) < 2.1);
    assert!(contrast(Rgba(11, 187, 255, 255), white) < 2.2);
    // Faint white over the dark background: the old grid numbers (alpha 89).
    let dark = BACKGROUND;
    assert!(contrast(over(Rgba(255, 255, 255, 89), dark), dark) < 3.3);
    assert!((contrast(Rgba(0, 0, 0, 255), Rgba(255, 255, 255, 255)) - 21.0).abs() < 1e-9);
}

/// Every role colour (every colour a label is written in).
fn label_roles() -> Vec<(&'static str, Rgba)> {
    let mut roles: Vec<(&str, Rgba)> = LayerId::ALL
        .iter()
        .map(|id| (id.label(), layer_color(*id)))
        .collect();
    roles.extend([
        ("shape A", SHAPE_A),
        ("shape B", SHAPE_B),
        ("other shapes", SHAPE_OTHER),
        ("kept", KEPT),
        ("cut", CUT),
        ("added", ADDED),
        ("error", ERROR),
        ("white", Rgba::WHITE),
    ]);
    roles
}

/// A label over a fill: the fill (any role's colour, as opaque as the most opaque fill,
/// or two of them where shapes overlap) over the background, the label's plate over
/// that, and the label's text (`label_text`) on the plate keeps 4.5:1 — the text alone
/// on its plate over the bare background keeps the label contrast (7:1).
#[test]
fn labels_read_on_their_plates_over_every_fill() {
    let roles = label_roles();
    let mut faults = Vec::new();
    let mut lowest = f64::INFINITY;
    for theme in [Theme::Dark, Theme::Light] {
        let bg = theme.apply(BACKGROUND);
        let plate = theme.apply(LABEL_BACK);
        let fill = |c: Rgba| theme.apply(c.with_alpha(MAX_FILL_ALPHA));
        let mut unders: Vec<(String, Rgba)> = vec![("the background".into(), bg)];
        for (n1, f1) in &roles {
            let once = over(fill(*f1), bg);
            unders.push((format!("{n1}'s fill"), once));
            for (n2, f2) in &roles {
                unders.push((format!("{n1}'s and {n2}'s fills"), over(fill(*f2), once)));
            }
        }
        for (name, c) in &roles {
            let text = label_text(theme, *c);
            assert_eq!(text.3, 255, "label text is opaque");
            let bare = contrast(text, over(plate, bg));
            if bare < LABEL_TEXT_CONTRAST - 1e-9 {
                faults.push(format!("{theme:?} {name} on its plate: {bare:.2}:1"));
            }
            for (under, u) in &unders {
                let r = contrast(text, over(plate, *u));
                lowest = lowest.min(r);
                if r < 4.5 {
                    faults.push(format!(
                        "{theme:?} {name} on its plate over {under}: {r:.2}:1"
                    ));
                }
            }
        }
    }
    assert!(
        faults.is_empty(),
        "labels below their contrast: {faults:#?}"
    );
    eprintln!("lowest label contrast over a fill {lowest:.2}:1");
}

#[test]
fn the_label_check_catches_a_see_through_plate_and_pale_text() {
    // The light theme's support-point olive straight on a half-transparent plate over
    // A's fill: what a reader saw before labels had their own text colour.
    let white = Theme::Light.apply(BACKGROUND);
    let a_fill = over(
        Theme::Light.apply(SHAPE_A.with_alpha(MAX_FILL_ALPHA)),
        white,
    );
    let thin_plate = over(Rgba(255, 255, 255, 120), a_fill);
    assert!(contrast(Rgba(96, 121, 68, 255), thin_plate) < 4.5);
    // The label colour of the same role reaches the label contrast on its plate.
    let text = label_text(Theme::Light, layer_color(LayerId::GjkDirection));
    let plate = over(Theme::Light.apply(LABEL_BACK), white);
    assert!(contrast(text, plate) >= LABEL_TEXT_CONTRAST);
}

/// The side panel's own text colours (secondary text, errors, success, warnings, the
/// current item) read on the panel and on its striped rows, in both themes: egui's
/// "weak" text (about 2.3:1) is not used.
#[test]
fn the_panels_own_text_reads_on_the_panel() {
    // egui's panel fill, and the faint stripe of alternate rows.
    let backs = [
        ("panel", PANEL_BACK),
        ("stripe", (Rgba(32, 32, 32, 255), Rgba(240, 240, 240, 255))),
    ];
    let tones = [
        ("secondary", PANEL_QUIET),
        ("error", PANEL_ALARM),
        ("success", PANEL_SUCCESS),
        ("warning", PANEL_WARNING),
        ("current", PANEL_CURRENT),
    ];
    let mut faults = Vec::new();
    for (back, (dark_back, light_back)) in backs {
        for (tone, (dark, light)) in tones {
            for (theme, c, b) in [("dark", dark, dark_back), ("light", light, light_back)] {
                let r = contrast(c, b);
                if r < 4.5 {
                    faults.push(format!("{theme} {tone} text on the {back}: {r:.2}:1"));
                }
            }
        }
    }
    assert!(faults.is_empty(), "panel text below 4.5:1: {faults:#?}");
    // egui's weak text (its text colour at about half strength) fails the same check.
    let weak_dark = Rgba(100, 100, 100, 255);
    assert!(contrast(weak_dark, PANEL_BACK.0) < 4.5);
}

/// How much of its colour an anti-aliased glyph's core pixels reach at the panel's
/// text sizes: the lesson's wrong-answer line, drawn in the light warning colour,
/// measured #A36621 on the panel's #F8F8F8, 87 % of the way from the one to the other.
const GLYPH_CORE: f64 = 0.87;

/// A lesson's feedback (the warning tone for "Not quite." and its hint, the success
/// tone for "Right." and the answer) reads at 4.5:1 on the lesson strip and panel as
/// drawn: its glyphs' cores, blended [`GLYPH_CORE`] of the way from the background,
/// in both themes.
#[test]
fn lesson_feedback_reads_as_drawn_on_the_strip() {
    let blend = |c: Rgba, b: Rgba| {
        let mix = |c: u8, b: u8| {
            (f64::from(b) + (f64::from(c) - f64::from(b)) * GLYPH_CORE).round() as u8
        };
        Rgba(mix(c.0, b.0), mix(c.1, b.1), mix(c.2, b.2), 255)
    };
    // The measured colour of the old light warning tone is that blend.
    let old = blend(Rgba(150, 80, 0, 255), PANEL_BACK.1);
    assert!(
        (i32::from(old.0) - 0xA3).abs() <= 1
            && (i32::from(old.1) - 0x66).abs() <= 1
            && (i32::from(old.2) - 0x21).abs() <= 1,
        "{old:?}"
    );
    assert!(contrast(old, PANEL_BACK.1) < 4.5);
    let mut faults = Vec::new();
    for (tone, (dark, light)) in [("warning", PANEL_WARNING), ("success", PANEL_SUCCESS)] {
        for (theme, c, b) in [("dark", dark, PANEL_BACK.0), ("light", light, PANEL_BACK.1)] {
            let r = contrast(blend(c, b), b);
            if r < 4.5 {
                faults.push(format!("{theme} {tone}: {r:.2}:1"));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "lesson feedback below 4.5:1 as drawn: {faults:#?}"
    );
}

/// Rows of a pair's timeline drawing every series and every marker: a contact of two
/// points whose step met at half of it, ours with one point (they differ), A's face
/// then B's as the reference, and all five markers at frame 1.
fn every_lane_and_marker() -> Vec<TimelineRow> {
    let point = |id: u16| ContactPoint {
        id,
        point: [0.0, 0.0],
        separation: -0.01,
        anchor_a: [0.0, 0.0],
    };
    let state = |frame: u32, reference: Reference| {
        let s = PairState {
            frame,
            touching: true,
            points: vec![point(1), point(2)],
            reference: Some(reference),
            toi: Some(0.5),
            ..PairState::default()
        };
        s.with_normal([0.0, 1.0])
    };
    vec![
        TimelineRow {
            state: state(0, Reference::A(0)),
            markers: vec![Marker::Begin],
            ours: Some((1, [0.0, 1.0])),
        },
        TimelineRow {
            state: state(1, Reference::B(1)),
            markers: vec![
                Marker::PointCount { from: 2, to: 1 },
                Marker::WarmStartLost {
                    lost: vec![1],
                    new: vec![3],
                },
                Marker::NormalTurn { degrees: 10.0 },
                Marker::GhostBump { degrees: 10.0 },
                Marker::Tunnel { toi: 0.5 },
            ],
            ours: Some((2, [0.0, 1.0])),
        },
    ]
}

/// The contact timeline's lanes stand together under one legend: every series and
/// every kind of marker has a role colour of its own (so it reads at 4.5:1 on both
/// themes: `every_role_colour_and_every_text_reads_on_both_backgrounds`), every two
/// at least [`MIN_PAIR`] apart in both themes; and the legend gives each the colour
/// it is drawn in.
#[test]
fn the_timelines_lanes_and_markers_have_colours_of_their_own() {
    let lanes = timeline_lanes(&every_lane_and_marker(), 2, "Box2D");
    let legend = timeline_legend(&lanes);
    let names: Vec<&str> = legend.iter().map(|(n, _)| n.as_str()).collect();
    // Nine series (touching, time of impact, Box2D, ours, differ, two points, two
    // faces) and the five markers but a contact's beginning and end.
    assert_eq!(legend.len(), 14, "{names:?}");
    for key in Marker::KEYS
        .iter()
        .filter(|k| !matches!(**k, "begin" | "end"))
    {
        assert!(
            names.contains(&key.replace('_', " ").as_str()),
            "{key}: {names:?}"
        );
    }
    let roles = label_roles();
    for (name, c) in &legend {
        assert!(
            roles.iter().any(|(_, r)| r == c),
            "{name}'s colour {c:?} is no role colour"
        );
    }
    for s in lanes.iter().flat_map(|l| &l.series) {
        if matches!(s.data, SeriesData::VLine(_)) {
            let first = s.name.split(" + ").next().unwrap_or_default();
            assert_eq!(s.color, marker_color(first), "{}", s.name);
        } else {
            assert!(legend.contains(&(s.name.clone(), s.color)), "{}", s.name);
        }
    }
    let mut closest = f64::INFINITY;
    for theme in [Theme::Dark, Theme::Light] {
        for (i, (n1, c1)) in legend.iter().enumerate() {
            for (n2, c2) in &legend[i + 1..] {
                let d = delta_e(lab(theme.apply(*c1), None), lab(theme.apply(*c2), None));
                closest = closest.min(d);
                assert!(
                    d >= MIN_PAIR,
                    "{theme:?}: the timeline's {n1} and {n2} only {d:.1} apart"
                );
            }
        }
    }
    // The markers' rules are all vertical lines across every lane: their colours stay
    // further apart.
    let rules: Vec<_> = legend
        .iter()
        .filter(|(n, _)| Marker::KEYS.contains(&n.replace(' ', "_").as_str()))
        .collect();
    assert_eq!(rules.len(), 5, "{rules:?}");
    for theme in [Theme::Dark, Theme::Light] {
        for (i, (n1, c1)) in rules.iter().enumerate() {
            for (n2, c2) in &rules[i + 1..] {
                let d = delta_e(lab(theme.apply(*c1), None), lab(theme.apply(*c2), None));
                assert!(
                    d >= MIN_RULES,
                    "{theme:?}: the {n1} and {n2} rules only {d:.1} apart"
                );
            }
        }
    }
    eprintln!("timeline: closest two colours {closest:.1} ΔE*76");
}

/// The timeline's "this frame" rule has a colour of its own: at least 4.5:1 on the
/// plots' background (egui's darkest and lightest fill) and on the panel, in both
/// themes; at least [`MIN_RULES`] from every lane's and marker's colour (it is a rule
/// across every lane, like the markers), Box2D's near-white (near-black) among them,
/// which the panel's strong text it used to be drawn in matched.
#[test]
fn the_timelines_frame_rule_reads_and_stands_apart_from_the_lanes() {
    let lanes = timeline_lanes(&every_lane_and_marker(), 2, "Box2D");
    let legend = timeline_legend(&lanes);
    let plot_back = (Rgba(10, 10, 10, 255), Rgba(255, 255, 255, 255));
    let mut faults = Vec::new();
    for (theme, now, backs) in [
        (Theme::Dark, TIMELINE_NOW.0, [plot_back.0, PANEL_BACK.0]),
        (Theme::Light, TIMELINE_NOW.1, [plot_back.1, PANEL_BACK.1]),
    ] {
        for b in backs {
            let r = contrast(now, b);
            if r < 4.5 {
                faults.push(format!("{theme:?}: this frame on {b:?}: {r:.2}:1"));
            }
        }
        for (name, c) in &legend {
            let d = delta_e(lab(now, None), lab(theme.apply(*c), None));
            if d < MIN_RULES {
                faults.push(format!(
                    "{theme:?}: this frame and {name} only {d:.1} apart"
                ));
            }
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
    // The strong text it was drawn in fails: it is Box2D's lane.
    let box2d = legend.iter().find(|(n, _)| n == "Box2D").map(|(_, c)| *c);
    let box2d = box2d.expect("a Box2D series in the legend");
    let strong = Rgba(255, 255, 255, 255);
    assert!(delta_e(lab(strong, None), lab(box2d, None)) < MIN_RULES);
}
