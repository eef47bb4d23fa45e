//! Which sections the side panel shows, and in what order: the debugger's on a scene;
//! only the world's own while a recording or a live world is shown in the world view
//! (the debugger's sections would be another scene's); the debugger's again, the
//! pair's, once a pair of the world is opened in the debugger.

use super::{widgets, Panel, PanelOutput, PEERS_HEADING};
use collidescope::app::AppState;
use collidescope::study::Algorithm;
use egui_macroquad::egui;

/// What the side panel is for this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelFor {
    /// A scene in the debugger.
    Scene,
    /// A recording (or a live world) in the world view: only what belongs to it.
    World,
    /// A pair opened from a recording or a live world, in the debugger (recordings
    /// need the engines and a desktop: a build without them, or the web page, never
    /// opens one).
    #[cfg_attr(any(not(feature = "peers"), target_arch = "wasm32"), allow(dead_code))]
    Pair,
}

/// A recording or a live world open in the window: what the panel is for, and the
/// world's own sections.
pub trait WorldPanel {
    fn panel_for(&self) -> PanelFor;
    /// The world's sections under the panel's head (its frame, its pair, its bodies).
    fn world_ui(&mut self, ui: &mut egui::Ui, app: &mut AppState);
}

/// A section of the side panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// The world's own sections (the recording's frame, pair and bodies).
    World,
    Lessons,
    Files,
    Algorithm,
    Chains,
    Peers,
    Sweep,
    Plot,
    Numbers,
    Layers,
    Settings,
    Shapes,
    Rays,
    /// The window's theme and presenter setting (in the debugger: in Layers).
    Window,
    Help,
}

impl Section {
    /// The section's name in the layout file (its heading, without counts).
    pub fn name(self) -> &'static str {
        match self {
            Section::World => "World",
            Section::Lessons => "Lessons",
            Section::Files => "Files",
            Section::Algorithm => "Algorithm and steps",
            Section::Chains => "Chains",
            Section::Peers => "Peers",
            Section::Sweep => "Sweep",
            Section::Plot => "s(t)",
            Section::Numbers => "Numbers",
            Section::Layers => "Layers",
            Section::Settings => "Settings",
            Section::Shapes => "Shapes",
            Section::Rays => "Rays",
            Section::Window => "Window",
            Section::Help => "Controls",
        }
    }
}

/// The sections shown, top to bottom, for `panel_for`; `chains`: the scene has chains;
/// `rotating`: the turning time of impact is stepped (its s(t) plot).
pub fn sections(panel_for: PanelFor, chains: bool, rotating: bool) -> Vec<Section> {
    use Section::*;
    if panel_for == PanelFor::World {
        // Nothing of the debugger's scene: it is not this world's.
        return vec![World, Window];
    }
    let mut list = Vec::new();
    // A lesson would replace the pair opened from the world.
    if panel_for == PanelFor::Scene {
        list.push(Lessons);
    }
    list.extend([Files, Algorithm]);
    if chains {
        list.push(Chains);
    }
    list.extend([Peers, Sweep]);
    if rotating {
        list.push(Plot);
    }
    list.extend([Numbers, Layers, Settings, Shapes, Rays, Help]);
    list
}

impl Panel {
    /// The sections, top to bottom.
    pub(super) fn ui_sections(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut PanelOutput,
        mut world: Option<&mut dyn WorldPanel>,
    ) {
        // Sweeps and shrinking run in the background: frames keep coming while they do.
        if app.poll_jobs() {
            ui.ctx().request_repaint();
        }
        self.peers_off.clear();
        self.shown_sections.clear();
        if self.lesson.is_some() {
            // Lesson mode shows what the page needs, nothing else.
            self.ui_lesson(ui, app, out);
            return;
        }
        let panel_for = world.as_ref().map_or(PanelFor::Scene, |w| w.panel_for());
        self.ui_header(ui, app, out, panel_for);
        let rotating = app.algorithm == Algorithm::Rotating;
        for section in sections(panel_for, !app.scene.chains.is_empty(), rotating) {
            self.shown_sections.push(section);
            match section {
                Section::World => {
                    if let Some(w) = world.as_deref_mut() {
                        w.world_ui(ui, app);
                    }
                }
                Section::Window => {
                    egui::CollapsingHeader::new("Window")
                        .default_open(false)
                        .show(ui, |ui| self.ui_window(ui, app, out));
                }
                _ => self.ui_section(ui, app, out, section),
            }
        }
    }

    /// One of the debugger's sections.
    fn ui_section(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut PanelOutput,
        section: Section,
    ) {
        let header = |title: &str, open: bool| {
            egui::CollapsingHeader::new(title.to_string()).default_open(open)
        };
        match section {
            Section::Lessons => {
                let r = header("Lessons", false).show(ui, |ui| self.ui_lesson_list(ui, app));
                widgets::mark(ui, "lessons", &r.header_response);
            }
            Section::Files => {
                // Another scene opened here replaces the pair opened from a world: the
                // world is left (its note would name a pair no longer shown).
                let title = app.scene.title.clone();
                let r = header("Files", false).show(ui, |ui| self.ui_files(ui, app));
                widgets::mark(ui, "files", &r.header_response);
                out.leave_world |= app.scene.title != title;
            }
            Section::Algorithm => {
                header("Algorithm and steps", true).show(ui, |ui| self.ui_algorithm(ui, app, out));
            }
            Section::Chains => {
                header("Chains: edit, slide sweep", true).show(ui, |ui| {
                    self.ui_chain_edit(ui, app);
                    self.ui_slide(ui, app);
                });
            }
            Section::Peers => self.ui_peers_section(ui, app),
            Section::Sweep => {
                let r = header("Sweep: one parameter, every answer", false)
                    .id_salt("pair_sweep")
                    .show(ui, |ui| self.ui_pair_sweep(ui, app));
                widgets::mark(ui, "sweep", &r.header_response);
            }
            Section::Plot => {
                header("s(t): separation over the step", true).show(ui, |ui| self.ui_plot(ui, app));
            }
            Section::Numbers => {
                header("Numbers", true).show(ui, |ui| self.ui_numbers(ui, app));
            }
            Section::Layers => {
                let r = header("Layers", false).show(ui, |ui| self.ui_layers(ui, app, out));
                widgets::mark(ui, "layers", &r.header_response);
            }
            Section::Settings => {
                header("Settings", false).show(ui, |ui| self.ui_settings(ui, app));
            }
            Section::Shapes => {
                header("Shapes", true).show(ui, |ui| self.ui_shapes(ui, app, out));
            }
            Section::Rays => {
                header(
                    &format!("Rays ({})", app.scene.rays.len()),
                    !app.scene.rays.is_empty(),
                )
                .id_salt("rays")
                .show(ui, |ui| self.ui_rays(ui, app));
            }
            Section::Help => {
                ui.separator();
                self.ui_help(ui);
            }
            Section::World | Section::Window => {}
        }
    }

    /// The Peers section: the engines' table, revealed (opened and scrolled to) when a
    /// link or a click asked for it.
    fn ui_peers_section(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let peers = egui::CollapsingHeader::new(PEERS_HEADING)
            .default_open(false)
            .open(self.reveal_peers.then_some(true))
            .show(ui, |ui| {
                self.ui_peers(ui, app);
                self.ui_shrink(ui, app);
            });
        widgets::mark(ui, "peers", &peers.header_response);
        // The engines' overlays show while their table does.
        self.engines_shown = peers.body_returned.is_some();
        let now = ui.input(|i| i.time);
        if self.reveal_peers && peers.body_response.is_some() {
            self.reveal_peers = false;
            self.reveal_until = now + 0.6;
        }
        if now < self.reveal_until {
            // Scrolled only as far as needed to show the table (and its "Copy as"), or,
            // when a value is red, to show the first red value with the rows around it:
            // the disagreement a link or a click came for (the table may be taller
            // than the panel).
            if let Some(body) = &peers.body_response {
                let first_off = self.peers_off.first().map(|(_, [x, y])| {
                    egui::Rect::from_center_size(egui::pos2(*x, *y), egui::vec2(1.0, 240.0))
                });
                ui.scroll_to_rect(first_off.unwrap_or(body.rect), None);
            }
            ui.ctx().request_repaint();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{sections, PanelFor, Section};

    /// A recording's world shows none of the debugger's sections (they would be the
    /// built-in scene's, read as the world's); a pair opened from it shows them (the
    /// pair's) but the lessons, which would replace it; a scene shows them all.
    #[test]
    fn the_world_view_shows_only_the_worlds_sections() {
        for (chains, rotating) in [(false, false), (true, true)] {
            assert_eq!(
                sections(PanelFor::World, chains, rotating),
                vec![Section::World, Section::Window]
            );
            let scene = sections(PanelFor::Scene, chains, rotating);
            let pair = sections(PanelFor::Pair, chains, rotating);
            assert_eq!(scene[0], Section::Lessons);
            assert!(!scene.contains(&Section::World));
            assert_eq!(
                pair,
                scene
                    .iter()
                    .copied()
                    .filter(|s| *s != Section::Lessons)
                    .collect::<Vec<_>>()
            );
            for s in [
                Section::Algorithm,
                Section::Peers,
                Section::Numbers,
                Section::Shapes,
            ] {
                assert!(pair.contains(&s), "{s:?}");
            }
            assert_eq!(scene.contains(&Section::Chains), chains);
            assert_eq!(scene.contains(&Section::Plot), rotating);
        }
    }
}
