//! The rays in the panel: which ray the algorithm `ray` steps and how (beside the
//! algorithm picker), the engines' casts of it beside ours (in the peers section),
//! and the "Rays" section that lists, edits, adds and deletes the scene's rays with
//! what each meets first.

use super::widgets::drag;
use super::widgets::Tip;
use super::widgets::Tone;
use super::Panel;
use collidescope::app::AppState;
use collidescope::app::ChainRayPeer;
use collidescope::app::RayMeets;
use collidescope::core::chain::ChainRayOutput;
use collidescope::core::raycast::RayCastOutput;
use collidescope::study::ray::RayMethodChoice;
use collidescope::trace::peer_answer::PeerRayCast;
use collidescope::verify::{ExactRay, RayFrame, ENGINE_RELATIVE_TOLERANCE};
use egui_macroquad::egui::{self, RichText};
use glam::Vec2;

/// The stepped ray, and for the algorithm `ray` its method (`with_method`).
pub(super) fn ui_ray_choice(ui: &mut egui::Ui, app: &mut AppState, with_method: bool) {
    if app.scene.rays.is_empty() {
        ui.label("No rays in this scene: add one under Rays below.");
        return;
    }
    let names: Vec<String> = app.scene.rays.iter().map(|r| r.name.clone()).collect();
    let mut r = app.ray.min(names.len() - 1);
    let mut method = app.ray_method;
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_label(if with_method {
            "against A,"
        } else {
            "against the chains"
        })
        .selected_text(&names[r])
        .show_ui(ui, |ui| {
            for (i, n) in names.iter().enumerate() {
                ui.selectable_value(&mut r, i, n);
            }
        });
        if with_method {
            ui.radio_value(&mut method, RayMethodChoice::Exact, "exact")
                .tip("the exact function of A's kind (Box2D's clip for a polygon)");
            ui.radio_value(&mut method, RayMethodChoice::Gjk, "GJK")
                .tip("the general GJK ray cast (any shape)");
        }
    });
    app.set_ray(r);
    app.set_ray_method(method);
}

/// Ours (both methods) and the engines' casts of the stepped ray against A, and the
/// exact answer (f64); a hit, a miss or a fraction that disagrees with it is red.
pub(super) fn ui_ray_peers(ui: &mut egui::Ui, app: &mut AppState) {
    let Some((a, _)) = app.pair else {
        return;
    };
    if app.ray >= app.scene.rays.len() {
        ui.label("No ray to compare: add one under Rays.");
        return;
    }
    let ours = app.ray_ours().to_vec();
    let engines = app.ray_peer_answers().to_vec();
    if engines.is_empty() {
        ui.label(super::NO_ENGINES);
    }
    let judge = {
        let s = &app.scene.shapes[a];
        let ray = app.scene.ray_input(app.ray, a).ray;
        Judge::new(RayFrame::new(&s.shape, &s.pose.transform(), &ray))
    };
    // A block per answer, a row per quantity: it fits the panel at any width and text
    // size (four columns side by side scrolled sideways in a narrow panel).
    egui::Grid::new("ray_peers")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (name, o) in ours {
                ui.label(RichText::new(name).strong());
                ui.end_row();
                ours_cells(ui, &o, &judge);
            }
            for e in &engines {
                ui.label(RichText::new(e.label()).strong());
                ui.end_row();
                match &e.answer {
                    Ok(p) => engine_cells(ui, p, &judge),
                    Err(why) => stacked(ui, "hit", |ui| {
                        ui.label(RichText::new("refused").color(Tone::Quiet.color(ui)))
                            .tip(why);
                    }),
                }
            }
            ui.label(RichText::new("exact (f64)").strong());
            ui.end_row();
            judge.exact_cells(ui);
        });
    ui.label(
        RichText::new(format!(
            "Red: a hit or a miss the exact answer does not give, or a fraction further than \
             {:.1e} along the ray from it (1e-4 of the ray's size) and off the surface. A ray \
             starting inside: we say inside (no hit) with the exit fraction; Box2D v3.2 and \
             parry solid say a hit at 0; parry hollow gives the exit. Box2D casts a rounded \
             polygon with its linear slop: its hits may lie up to a slop inside.",
            judge.tol
        ))
        .small(),
    );
}

/// The exact answer of the stepped ray and what disagrees with it.
struct Judge {
    frame: RayFrame,
    exact: ExactRay,
    /// The engines' tolerance (as the fuzzer's), a length.
    tol: f64,
}

impl Judge {
    fn new(frame: RayFrame) -> Judge {
        let exact = frame.exact();
        let tol = ENGINE_RELATIVE_TOLERANCE * frame.scale;
        Judge { frame, exact, tol }
    }

    /// Whether "hit" (true) or "miss" (false) is wrong; inside and undecidable rays
    /// have conventions, not answers to hold them to.
    fn hit_wrong(&self, hit: bool) -> bool {
        match self.exact {
            ExactRay::Hit { .. } => !hit,
            ExactRay::Missed => hit,
            ExactRay::Inside { .. } | ExactRay::Ambiguous(_) => false,
        }
    }

    /// A hit's fraction further than the tolerance along the ray from the exact one,
    /// and not on the surface either.
    fn fraction_wrong(&self, f: f32) -> bool {
        let ExactRay::Hit { fraction, .. } = self.exact else {
            return false;
        };
        let along = (f64::from(f) - fraction).abs() * self.frame.d.length();
        along > self.tol && self.frame.g(f64::from(f)).abs() > self.tol
    }

    fn exact_cells(&self, ui: &mut egui::Ui) {
        let (hit, fraction, normal) = match self.exact {
            ExactRay::Hit {
                fraction, normal, ..
            } => (
                "yes".to_string(),
                format!("{fraction:.6}"),
                normal.map_or("— (a corner)".into(), |n| {
                    // The oracle's normal is in the shape's frame.
                    let (c, s) = self.frame.rot;
                    format!("({:.4}, {:.4})", c * n.x - s * n.y, s * n.x + c * n.y)
                }),
            ),
            ExactRay::Missed => ("no".into(), "—".into(), "—".into()),
            ExactRay::Inside { exit: Some(x) } if x.is_finite() => {
                (format!("inside, exit {x:.5}"), "—".into(), "—".into())
            }
            ExactRay::Inside { .. } => ("inside".into(), "—".into(), "—".into()),
            ExactRay::Ambiguous(why) => (format!("undecidable: {why}"), "—".into(), "—".into()),
        };
        stacked(ui, "hit", |ui| {
            ui.label(hit);
        });
        stacked(ui, "fraction", |ui| {
            ui.label(RichText::new(fraction).monospace());
        });
        stacked(ui, "normal", |ui| {
            ui.label(normal);
        });
    }
}

/// One row of an answer's block: the quantity's name, then its cell.
fn stacked(ui: &mut egui::Ui, name: &str, cell: impl FnOnce(&mut egui::Ui)) {
    ui.label(format!("  {name}"));
    cell(ui);
    ui.end_row();
}

/// `text`, red when `wrong`.
fn judged(ui: &mut egui::Ui, text: String, wrong: bool) {
    let t = RichText::new(text).monospace();
    ui.label(if wrong {
        t.color(Tone::Alarm.color(ui))
    } else {
        t
    });
}

/// Ours and Box2D's casts of the stepped ray against each chain: the closest hit, the
/// segment, the fraction and the normal (Box2D's in red where it differs).
pub(super) fn ui_chain_ray_peers(ui: &mut egui::Ui, app: &mut AppState) {
    let theirs = app.chain_ray_peer_answers().to_vec();
    let Some(study) = app.studies().map(|s| s.chain_ray.clone()) else {
        return;
    };
    if study.ray.is_none() || study.casts.is_empty() {
        ui.label("Needs a ray and a chain.");
        return;
    }
    if theirs.is_empty() {
        ui.label(super::NO_ENGINES);
    }
    // A block per chain and answer, a row per quantity: it fits a narrow panel.
    egui::Grid::new("chain_ray_peers")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for c in &study.casts {
                let name = app
                    .scene
                    .chains
                    .get(c.chain)
                    .map_or(String::new(), |ch| ch.name.clone());
                let answer = theirs.iter().find(|(k, _)| *k == c.chain).map(|(_, a)| a);
                chain_ray_rows(ui, &name, &c.output, answer);
            }
        });
    ui.label(
        RichText::new(
            "Both cast each segment one-sided (Box2D's b2RayCastSegment with oneSided): a ray \
             starting left of a segment's line skips it. Red: Box2D differs from ours.",
        )
        .small(),
    );
}

/// One chain's block: our cast's rows, then Box2D's when it answered (in red where it
/// differs from ours).
fn chain_ray_rows(
    ui: &mut egui::Ui,
    name: &str,
    o: &ChainRayOutput,
    answer: Option<&ChainRayPeer>,
) {
    let ours = cast_cells(o.segment, o.hit, o.fraction, [o.normal.x, o.normal.y]);
    ui.label(RichText::new(format!("{name}: Collidescope")).strong());
    ui.end_row();
    for (q, t) in ["segment", "fraction", "normal"].into_iter().zip(ours) {
        stacked(ui, q, |ui| {
            ui.label(t);
        });
    }
    let Some(answer) = answer else {
        return;
    };
    ui.label(RichText::new(format!("{name}: Box2D v3")).strong());
    ui.end_row();
    match answer {
        Ok((seg, p)) => {
            let cells = cast_cells(*seg, p.hit, p.fraction, p.normal);
            let same = p.hit == o.hit
                && (!o.hit
                    || (p.fraction == o.fraction
                        && *seg == o.segment
                        && p.normal == [o.normal.x, o.normal.y]));
            let red = Tone::Alarm.color(ui);
            for (q, t) in ["segment", "fraction", "normal"].into_iter().zip(cells) {
                stacked(ui, q, |ui| {
                    let text = RichText::new(t);
                    ui.label(if same { text } else { text.color(red) });
                });
            }
        }
        Err(why) => stacked(ui, "segment", |ui| {
            ui.label(RichText::new("refused").color(Tone::Quiet.color(ui)))
                .tip(why);
        }),
    }
}

/// A chain cast's cells: the segment hit, the fraction (or "miss") and the normal.
fn cast_cells(segment: Option<usize>, hit: bool, fraction: f32, normal: [f32; 2]) -> [String; 3] {
    [
        segment.map_or("—".to_string(), |s| s.to_string()),
        if hit {
            format!("{fraction:.6}")
        } else {
            "miss".into()
        },
        if hit {
            format!("({:.4}, {:.4})", normal[0], normal[1])
        } else {
            String::new()
        },
    ]
}

fn ours_cells(ui: &mut egui::Ui, o: &RayCastOutput, judge: &Judge) {
    let hit = if o.inside {
        match o.exit_fraction {
            Some(f) => format!("inside, exit {f:.5}"),
            None => "inside".into(),
        }
    } else if o.hit {
        format!("yes ({})", o.feature.label())
    } else {
        o.termination.as_str().replace('_', " ")
    };
    stacked(ui, "hit", |ui| {
        judged(ui, hit, !o.inside && judge.hit_wrong(o.hit))
    });
    stacked(ui, "fraction", |ui| {
        let wrong = o.hit && judge.fraction_wrong(o.fraction);
        judged(ui, format!("{:.6}", o.fraction), wrong)
    });
    stacked(ui, "normal", |ui| {
        ui.label(if o.hit {
            format!("({:.4}, {:.4})", o.normal.x, o.normal.y)
        } else {
            "—".into()
        });
    });
}

fn engine_cells(ui: &mut egui::Ui, p: &PeerRayCast, judge: &Judge) {
    stacked(ui, "hit", |ui| {
        let hit = if p.hit { "yes" } else { "no" };
        judged(ui, hit.into(), judge.hit_wrong(p.hit))
    });
    stacked(ui, "fraction", |ui| {
        let wrong = p.hit && judge.fraction_wrong(p.fraction);
        judged(ui, format!("{:.6}", p.fraction), wrong)
    });
    stacked(ui, "normal", |ui| {
        ui.label(if p.hit && p.normal[0].is_finite() {
            format!("({:.4}, {:.4})", p.normal[0], p.normal[1])
        } else {
            "—".into()
        });
    });
}

impl Panel {
    /// The "Rays" section: each ray's origin and translation (drag to change), what
    /// it meets first, "step" and "delete"; then "Add a ray".
    pub(super) fn ui_rays(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let mut delete = None;
        for r in 0..app.scene.rays.len() {
            ui_ray_row(ui, app, r, &mut delete);
        }
        if let Some(r) = delete {
            app.delete_ray(r);
        }
        if ui
            .button("Add a ray")
            .tip("a ray from the left of the shapes to their right; drag its ends")
            .clicked()
        {
            let (origin, translation) = new_ray_place(app);
            if let Err(e) = app.add_ray(origin, translation) {
                app.error(e);
            }
        }
        ui.label(
            RichText::new(
                "A ray covers origin + f·translation, f from 0 to 1. On the canvas, drag \
                 its origin (round dot) or its tip (arrow head).",
            )
            .small(),
        );
    }
}

fn ui_ray_row(ui: &mut egui::Ui, app: &mut AppState, r: usize, delete: &mut Option<usize>) {
    let ray = app.scene.rays[r].clone();
    ui.horizontal_wrapped(|ui| {
        let stepped = app.ray == r;
        let name = RichText::new(&ray.name).strong();
        ui.label(if stepped {
            name.color(Tone::Current.color(ui))
        } else {
            name
        });
        if ui
            .small_button("step")
            .tip("step this ray against A (algorithm ray)")
            .clicked()
        {
            app.set_ray(r);
            app.set_algorithm(collidescope::study::Algorithm::Ray);
        }
        if ui.small_button("delete").clicked() {
            *delete = Some(r);
        }
    });
    let (mut o, mut d) = (ray.origin, ray.translation);
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        ui.label("origin");
        changed |= drag(ui, app, &mut o.x, 0.01);
        changed |= drag(ui, app, &mut o.y, 0.01);
        ui.label("translation");
        changed |= drag(ui, app, &mut d.x, 0.01);
        changed |= drag(ui, app, &mut d.y, 0.01);
    });
    if changed {
        if let Err(e) = app.set_ray_geometry(r, o, d) {
            app.error(e);
        }
    }
    ui.label(RichText::new(first_hit(app, r)).small());
}

/// What ray `r` meets first, in words (the app's answer, computed on change).
fn first_hit(app: &mut AppState, r: usize) -> String {
    let meets = app.ray_meets().get(r).copied();
    let name = |s: usize| app.scene.shapes.get(s).map_or("?", |x| x.name.as_str());
    match meets {
        Some(RayMeets::Inside(s, _)) => format!("starts inside {}", name(s)),
        Some(RayMeets::Hit(s, o)) => format!(
            "first hit: {} {} at f = {:.5}",
            name(s),
            o.feature.label(),
            o.fraction
        ),
        _ => "meets no shape".into(),
    }
}

/// Where "Add a ray" puts a ray: from left of every shape, across their middle.
fn new_ray_place(app: &AppState) -> (Vec2, Vec2) {
    let shapes = &app.scene.shapes;
    if shapes.is_empty() {
        return (Vec2::new(-2.0, 0.0), Vec2::new(4.0, 0.0));
    }
    let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
    for s in shapes {
        let r = s.shape.bounding_radius();
        lo = lo.min(s.pose.position - Vec2::splat(r));
        hi = hi.max(s.pose.position + Vec2::splat(r));
    }
    let w = (hi.x - lo.x).max(1.0);
    // A little above the middle, so it is not exactly through the shapes' centres.
    let y = 0.5 * (lo.y + hi.y) + 0.13 * (hi.y - lo.y);
    (Vec2::new(lo.x - 0.2 * w, y), Vec2::new(1.4 * w, 0.0))
}
