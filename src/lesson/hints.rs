//! What the picture shows of a question: the layer a wrong answer lights up and the
//! hint said with it, the layers that draw the answer once it is settled, and the
//! layers whose labels would write the answer out before it is asked, and the rings
//! that mark a point answer once it is settled.

use super::answer::Answer;
use super::format::Ask;
use crate::view::draw::{LayerId, Prim, Space};
use crate::view::palette;

/// The ring around each point of a settled point answer: radius and width in pixels
/// at scale 1 (larger with the presenter setting, like the views' other lines).
pub const ANSWER_RING_RADIUS: f32 = 13.0;
pub const ANSWER_RING_WIDTH: f32 = 3.0;

/// The marks of a settled answer on the views: a ring around each point of a point
/// answer, in its view. They are drawn with that view's layers, so the label placer
/// keeps the labels (a vertex's number among them) off them.
pub fn answer_marks(answer: &Answer) -> Vec<(Space, Prim)> {
    match answer {
        Answer::Point { space, at } => at
            .iter()
            .map(|p| {
                let ring = Prim::Ring {
                    at: *p,
                    radius: ANSWER_RING_RADIUS,
                    width: ANSWER_RING_WIDTH,
                    color: palette::KEPT,
                };
                (*space, ring)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// What a settled question uncovers in the window: the layers that draw its answer
/// and the one its hint lights, and for a ghost-bump question the chain mode it asks
/// about (the step that shows the answer is the caller's: a page may keep its own).
pub fn show_settled(app: &mut crate::app::AppState, q: &super::format::Question) {
    for l in q.ask.settled_layers().iter().chain([q.hint_layer()].iter()) {
        if app.hidden_layers.contains(l) {
            app.toggle_layer(*l);
        }
    }
    if let Some(mode) = q.ask.settled_chain_mode() {
        if app.scene.settings.chain_mode != mode {
            let mut s = app.scene.settings;
            s.chain_mode = mode;
            if let Err(e) = app.set_settings(s) {
                app.error(e);
            }
        }
    }
}

/// Whether the page shows the turning time of impact's s(t) plot: a page of that
/// algorithm does, unless its question is still open and the plot answers it
/// ([`Ask::plot_answers`]). The window's panel and the handout both ask this.
pub fn shows_plot(page: &super::format::Page, settled: bool) -> bool {
    page.algorithm == crate::study::Algorithm::Rotating
        && (settled || !page.question.as_ref().is_some_and(|q| q.ask.plot_answers()))
}

/// What a hint lights of its layer: the whole layer, or its thickest line alone (the
/// depth's hint points at "the closest edge of the polytope (lit up)", which EPA's
/// layer draws thicker than the polytope's other edges).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LitPart {
    #[default]
    Layer,
    ThickestLine,
}

/// The primitives of a lit layer that glow: all of them, or the lines of the
/// greatest width (with no line, all of them).
pub fn lit_prims(prims: &[Prim], part: LitPart) -> Vec<&Prim> {
    let width = |p: &Prim| match p {
        Prim::Polyline { width, .. } => Some(*width),
        _ => None,
    };
    let widest = prims
        .iter()
        .filter_map(width)
        .fold(None, |m: Option<f32>, w| Some(m.map_or(w, |m| m.max(w))));
    match (part, widest) {
        (LitPart::ThickestLine, Some(w)) => prims.iter().filter(|p| width(p) == Some(w)).collect(),
        _ => prims.iter().collect(),
    }
}

impl super::format::Question {
    /// The layer a wrong answer lights up: the lesson's choice, else the kind's.
    pub fn hint_layer(&self) -> LayerId {
        self.light.unwrap_or_else(|| self.ask.hint_layer())
    }

    /// What of [`Question::hint_layer`] glows: the kind's part of its own layer, all of
    /// a layer the lesson chose.
    pub fn lit_part(&self) -> LitPart {
        if self.light.is_none() && self.ask == Ask::Depth {
            LitPart::ThickestLine
        } else {
            LitPart::Layer
        }
    }
}

impl Ask {
    /// The layer that shows what the question is about: a wrong answer lights it up.
    pub fn hint_layer(&self) -> LayerId {
        use Ask::*;
        match self {
            NextSupport | NextClosest | EpaSupport => LayerId::Minkowski,
            VoronoiRegion | GjkStops | GjkIterations | DragGjkIterations(_) => LayerId::GjkSimplex,
            EpaStops | Depth => LayerId::EpaPolytope,
            IncidentStart | PointAfterClip | ReferenceFace | ClipPlane { .. } => LayerId::Manifold,
            AxisSeparates | AxisSeparation => LayerId::Sat,
            SeparationFunction | TimeOfImpact | Hits => LayerId::Toi,
            // The witness segment would draw the answer to WitnessOnA: light the simplex
            // its weights come from.
            WitnessOnA => LayerId::GjkSimplex,
            Distance | ExactDistance => LayerId::Witness,
            Overlap | DragOverlap(_) => LayerId::Minkowski,
            GhostBump { .. } | DragGhostBump { .. } => LayerId::Chains,
        }
    }

    /// The hint said when the lesson gives none: where in the picture to look.
    pub fn default_hint(&self) -> &'static str {
        use Ask::*;
        match self {
            NextSupport => "The search direction runs from the simplex's point nearest the origin (the dot labelled \"closest\") to the origin. The support point is the vertex of B − A (its outline lit up) farthest along that direction.",
            NextClosest => "Add the new support point to the simplex, keep only the part nearest the origin, and find that part's point nearest the origin.",
            EpaSupport => "Look along the closest edge's outward normal: the support point is the vertex of B − A (its outline lit up) farthest that way.",
            IncidentStart => "The incident edge is the other shape's edge most against the reference face's normal (lit up). Its first vertex comes first going counter-clockwise.",
            PointAfterClip => "A clip keeps the part of the incident edge on the inner side of the plane and puts a new point where the edge crosses it.",
            WitnessOnA => "Each point of the simplex (lit up) is a difference B[j] − A[i]. Blend A's vertices with the weights that give the simplex's point nearest the origin: that blend is A's closest point.",
            VoronoiRegion => "A feature's Voronoi region is every point nearer to it than to any other feature. The simplex so far is lit up; add the new support point to it and drop a perpendicular from the origin to each edge of that new simplex: if it lands on an edge, that edge's region holds the origin; if it lands beyond an end, that end's corner does.",
            GjkStops => "GJK stops when the support point along the search direction is a vertex pair the simplex already has (B − A reaches no farther that way, so nothing of it is closer to the origin), when the search direction vanishes because the origin lies on the simplex (the shapes touch), or when the triangle holds the origin (they overlap).",
            EpaStops => "EPA stops when the support point along the closest edge's normal lies on that edge: B − A has nothing beyond it.",
            ReferenceFace => "The reference face is the edge most perpendicular to the normal drawn (lit up), which points from A to B: an edge of A whose outward normal points along it, or an edge of B whose outward normal points against it.",
            ClipPlane { .. } => "Each side plane runs through an end of the reference face, across it; under Box2D-Lite's rule the reference face, moved out by the speculative distance, is a last plane. Which one has the point on its outer side?",
            AxisSeparates => "Compare the two shadows on the axis: if they leave a gap, the axis separates the shapes.",
            SeparationFunction => "Count the vertices GJK ended on: one of each shape gives two points; two of one shape make a face of that shape.",
            Overlap => "The shapes overlap exactly when the origin is inside B − A (lit up).",
            GhostBump { .. } => "Look at the contact normal the segment gives: does it stand up from the segment, or point along it?",
            Distance => "The distance is the length of the shortest segment from A to B (lit up in the world view); in configuration space it is the length from the origin to the simplex's point nearest it (the dot labelled \"closest\").",
            Depth => "The depth is the distance from the origin to the closest edge of the polytope (lit up).",
            TimeOfImpact => "Read the time where the separation first reaches the target.",
            Hits => "Judge the whole motion, not its ends: follow the moving shape from where it starts to where it ends (its path is lit up). Does it meet the other shape anywhere on the way?",
            GjkIterations => "Count the simplices in configuration space (lit up): one per iteration.",
            AxisSeparation => "The separation is the length of the gap between the two shadows (negative: their overlap).",
            ExactDistance => "The exact answer is the peers table's reference column; ours is within a rounding of it.",
            DragGjkIterations(_) => "Each iteration keeps the part of the simplex nearest the origin and asks for the support point beyond it; every one but the last adds that point to the simplex. The last adds none: GJK stops there, because its support point brings nothing new (the simplex already has it) or because the origin lies on or inside the simplex. Fewer iterations: put B where the first support points already hold the closest feature (corner against corner is the quickest). More: where the closest feature is an edge reached only after a detour. Watch the step count as you drag.",
            DragOverlap(_) => "Watch the origin in configuration space: it must cross the outline of B − A.",
            DragGhostBump { .. } => "Move the shape so that one of its edges passes a seam between two segments by less than the shape sinks below the surface: its corner then catches the next segment's end.",
        }
    }

    /// Whether the s(t) plot answers this question: it draws the core distance over
    /// the whole step, so it shows whether the shapes touch, and where s(t) meets the
    /// target with the root finder's iterates on it, the time of impact.
    pub fn plot_answers(&self) -> bool {
        matches!(self, Ask::Hits | Ask::Overlap | Ask::TimeOfImpact)
    }

    /// The layers that draw this question's answer at the page's own step (a page
    /// must hide them: `lesson check` says so when it does not; a question settled
    /// shows them).
    pub fn answer_layers(&self) -> &'static [LayerId] {
        use Ask::*;
        match self {
            NextSupport => &[LayerId::GjkDirection, LayerId::Witness],
            WitnessOnA | Distance => &[LayerId::Witness],
            // The chains layer labels each contact's normal: ask about the other mode.
            GhostBump { mode: None, .. } => &[LayerId::Chains],
            // Asked of the naive mode with the smooth floor drawn, the picture's Gauss
            // map shows the candidate normal it snaps: the naive normal, the answer. (A
            // naive floor draws no Gauss map.)
            GhostBump {
                mode: Some(crate::core::settings::ChainMode::Naive),
                ..
            } => &[LayerId::GaussMap],
            _ => &[],
        }
    }

    /// The layers a settled question uncovers to show its answer: its answer layers,
    /// except a ghost-bump question's. That one's picture takes the chain mode it asks
    /// about ([`Ask::settled_chain_mode`]), whose chains layer (the lit one) draws the
    /// answer; a Gauss map would only speak of the mode left, and of other shapes.
    pub fn settled_layers(&self) -> &'static [LayerId] {
        match self {
            Ask::GhostBump { .. } => &[],
            _ => self.answer_layers(),
        }
    }

    /// The chain mode the picture takes once the question is settled: a ghost-bump
    /// question asked of one mode on a floor drawn the other way shows the floor
    /// collided the way asked, so that the picture shows what the answer says.
    pub fn settled_chain_mode(&self) -> Option<crate::core::settings::ChainMode> {
        match self {
            Ask::GhostBump { mode, .. } => *mode,
            _ => None,
        }
    }

    /// The layers whose *labels* write the answer out (EPA's "d =" and depth, SAT's
    /// intervals and separations, the time of impact's axis and times): the window leaves
    /// their labels out until the question is settled, and keeps their lines, which the
    /// question is about.
    pub fn answer_label_layers(&self) -> &'static [LayerId] {
        use Ask::*;
        match self {
            Depth | EpaStops | EpaSupport => &[LayerId::EpaPolytope, LayerId::Witness],
            AxisSeparates | AxisSeparation | ReferenceFace => {
                &[LayerId::Sat, LayerId::ConfigPicture, LayerId::Witness]
            }
            Overlap => &[
                LayerId::Sat,
                LayerId::ConfigPicture,
                LayerId::Witness,
                LayerId::Toi,
                LayerId::EpaPolytope,
            ],
            Hits => &[
                LayerId::Toi,
                LayerId::ConfigPicture,
                LayerId::Rays,
                LayerId::RayCast,
            ],
            TimeOfImpact | SeparationFunction => &[LayerId::Toi, LayerId::Witness],
            Distance | ExactDistance | WitnessOnA => &[LayerId::Witness],
            _ => &[],
        }
    }
}
