//! The handout's pictures. A question's page shows its step as the window shows it
//! before the question is settled: the labels that write the answer out are left out
//! (EPA's "d =", the time of impact's axis, ...), and the s(t) plot does not name the
//! axis. An answer that is a point gets the picture the window shows once it is
//! settled: the step that shows it, the layers the question hid uncovered, the point
//! ringed.

use super::{
    render, render_plots, scene_plot, Format, Picture, PlotKind, PlotOptions, SceneExport,
};
use crate::lesson::answer::{Answer, Solved};
use crate::lesson::{answer_marks, shows_plot, Page, PageStudy, Question};
use crate::scene::Scene;
use crate::view::draw::{DrawList, Layer, LayerId, Prim};
use crate::view::palette::Theme;

/// The pictures' size, pixels (CSS pixels: scaled to the sheet's width by the
/// browser). Small enough that their 12-pixel labels print at 7 points or more: a
/// picture prints at most 9.5 cm tall (the handout's print style), 0.83 of its 432
/// pixels, and a plot at its own size on a Letter sheet, 0.97 of it on an A4 one
/// (18.6 cm between its margins: 703 pixels). A page with a plot has a picture as
/// wide and shorter, and the plot under it the same, so that its text, picture,
/// plot and question fit one sheet: the sheet's width, not its labels' size, gives
/// them their room.
const PICTURE: (u32, u32) = (720, 432);
const PICTURE_OVER_PLOT: (u32, u32) = (720, 240);
const PLOT: (u32, u32) = (720, 270);

/// The layers whose labels a page leaves out: those that write its question's
/// answer, as the window leaves them out until the question is settled.
pub fn question_hidden_labels(page: &Page) -> Vec<LayerId> {
    page.question
        .as_ref()
        .map_or(Vec::new(), |q| q.ask.answer_label_layers().to_vec())
}

/// The page's picture (its step, light theme, the answer's labels left out) and, for
/// the rotating time of impact, the plot of its separation at that step.
pub(super) fn page_pictures_html(page: &Page, study: &PageStudy) -> Result<String, String> {
    let hidden = question_hidden_labels(page);
    let mut picture = SceneExport::new(&study.scene, page.algorithm)
        .picture(page.step)
        .map_err(|e| e.to_string())?;
    without_labels(&mut picture.list, &hidden);
    if page.question.is_some() {
        question_header(&mut picture, &study.scene);
    }
    let plotted = shows_plot(page, false);
    let size = if plotted { PICTURE_OVER_PLOT } else { PICTURE };
    let mut html = picture_html(picture, size)?;
    if plotted {
        let options = PlotOptions {
            step: Some(page.step),
            hide_axis: hidden.contains(&LayerId::Toi),
            ..PlotOptions::default()
        };
        if let Ok(mut plot) = scene_plot(&study.scene, PlotKind::Separation, &options) {
            plot.theme = Theme::Light;
            // The picture above names the scene: the plot's header does not repeat it.
            plot.title = if page.question.is_some() {
                question_title(&study.scene, &plot.title)
            } else {
                without_scene_title(&study.scene, &plot.title)
            };
            let svg =
                render_plots(&plot, Format::Svg, PLOT.0, PLOT.1).map_err(|e| e.to_string())?;
            html.push_str(&figure(&svg));
        }
    }
    Ok(html)
}

/// A question's picture header: the pair and the algorithm, without the scene's
/// title or the step counters. A title may name what happens ("a spinning bar sweeps
/// through a box"), and "step 3 of 3" says that the step asked about is the last.
fn question_header(picture: &mut Picture, scene: &Scene) {
    picture.step = None;
    picture.step_part = None;
    picture.title = question_title(scene, &picture.title);
}

/// `title` without the scene's title before its first "  ·  ", and without any part
/// that counts steps or iterations ("step 2 of 9", "outer iteration 1 of 5").
pub fn question_title(scene: &Scene, title: &str) -> String {
    without_scene_title(scene, title)
        .split("  ·  ")
        .filter(|part| !counts_steps(part))
        .collect::<Vec<_>>()
        .join("  ·  ")
}

/// `title` without the part that is the scene's title.
fn without_scene_title(scene: &Scene, title: &str) -> String {
    let own = scene.title.trim();
    title
        .split("  ·  ")
        .filter(|part| own.is_empty() || part.trim() != own)
        .collect::<Vec<_>>()
        .join("  ·  ")
}

/// Whether a header part counts: "… k of n".
fn counts_steps(part: &str) -> bool {
    let words: Vec<&str> = part.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    words
        .windows(3)
        .any(|w| w[1] == "of" && [w[0], w[2]].iter().all(|n| n.parse::<usize>().is_ok()))
}

/// The picture of a point answer as the window shows it once the question is settled
/// (`None` for an answer that is not a point: its words say it all).
pub(super) fn answer_picture_html(
    page: &Page,
    q: &Question,
    solved: &Solved,
    study: &PageStudy,
) -> Result<Option<String>, String> {
    if !matches!(solved.answer, Answer::Point { .. }) {
        return Ok(None);
    }
    // As the window settles a question: the answer's layers and the hint's layer
    // uncovered, the step that shows the answer (unless the page stays), the labels
    // written (unless the page keeps them for the next page), the point ringed.
    let lit = q.hint_layer();
    let uncover: Vec<LayerId> = q.ask.answer_layers().iter().copied().chain([lit]).collect();
    let mut scene = study.scene.clone();
    scene.view.hidden_layers.retain(|l| !uncover.contains(l));
    let step = if page.reveal {
        solved.reveal_step
    } else {
        page.step
    };
    let mut picture = SceneExport::new(&scene, page.algorithm)
        .picture(step)
        .map_err(|e| e.to_string())?;
    if !page.labels_after {
        without_labels(&mut picture.list, q.ask.answer_label_layers());
    }
    for (space, ring) in answer_marks(&solved.answer) {
        picture.list.layers.push(Layer {
            id: lit,
            space,
            prims: vec![ring],
        });
    }
    picture_html(picture, PICTURE).map(Some)
}

/// `list` without the labels of `layers` (their lines stay).
pub fn without_labels(list: &mut DrawList, layers: &[LayerId]) {
    for l in list.layers.iter_mut().filter(|l| layers.contains(&l.id)) {
        l.prims.retain(|p| !matches!(p, Prim::Label { .. }));
    }
}

/// A picture in the light theme as an inline SVG figure.
fn picture_html(picture: Picture, (w, h): (u32, u32)) -> Result<String, String> {
    let picture = Picture {
        theme: Theme::Light,
        ..picture
    };
    let svg = render(&picture, Format::Svg, w, h).map_err(|e| e.to_string())?;
    Ok(figure(&svg))
}

fn figure(svg: &[u8]) -> String {
    format!(
        "<div class=\"picture\">\n{}</div>\n",
        own_ids(&inline_svg(svg))
    )
}

/// The SVG's ids made its own within the page: every inline SVG names its clips
/// `clip-header`, `clip-world`, ..., and a `url(#clip-header)` finds the page's first
/// (a plot's two-line header was cut to a picture's one line). The prefix is a hash
/// of the SVG, so the same SVG keeps the same ids.
fn own_ids(svg: &str) -> String {
    let hash = svg.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    let prefix = format!("f{:08x}-", hash as u32);
    svg.replace(" id=\"", &format!(" id=\"{prefix}"))
        .replace("url(#", &format!("url(#{prefix}"))
}

/// An SVG document's bytes as an element to put in HTML (without its XML line).
fn inline_svg(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let body = match text.find("<svg") {
        Some(i) => &text[i..],
        None => &text[..],
    };
    format!("{}\n", body.trim_end())
}
