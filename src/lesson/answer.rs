//! Each question's answer, read from the algorithm's own trace when the page is shown
//! (never from the lesson file), so a lesson stays right when its scene changes.

use super::format::Ask;
use crate::core::gjk::{SimplexVertex, VoronoiRegion};
use crate::core::manifold::{ClipPlane, ManifoldSource, ManifoldTrace};
use crate::core::sat::Owner;
use crate::core::settings::ChainMode;
use crate::scene::Scene;
use crate::study::manifold::{manifold_phase, manifold_steps, ManifoldPhase};
use crate::study::{Algorithm, Studies};
use crate::view::draw::Space;
use glam::Vec2;

mod toi;
use toi::{hits_step, impact, separation_function, time_of_impact};

/// What the trace says the answer is.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Any of these points, in this view.
    Point { space: Space, at: Vec<Vec2> },
    /// The choices offered, in order, and the right one.
    Choice { options: Vec<String>, right: usize },
    /// A number and how far from it an answer may be.
    Number { value: f32, tolerance: f32 },
    /// A drag: whether the condition holds on the scene as it is now, and the value
    /// it is about, in words ("GJK takes 3 iterations").
    Condition { holds: bool, now: String },
}

/// A question's answer on a page, with the step whose narration explains it.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub answer: Answer,
    /// The step the window moves to once the question is answered: the step that
    /// shows the answer (the "next" step of a prediction).
    pub reveal_step: usize,
    /// What the question is about, when the trace names it ("B's vertex 2").
    pub subject: Option<String>,
    /// Why the answer is what it is, from this page's own facts, shown once the
    /// question is settled (on pages whose step narration is not shown).
    pub why: Option<String>,
}

/// What an answer is computed from: the scene as shown, its studies, the page's
/// algorithm and step, the manifold's normal source.
#[derive(Clone, Copy)]
pub struct Ground<'a> {
    pub scene: &'a Scene,
    pub studies: &'a Studies,
    pub algorithm: Algorithm,
    pub step: usize,
    pub source: ManifoldSource,
}

/// A chain normal more than this far from its segment's own normal is a ghost bump.
pub const GHOST_TILT_DEGREES: f32 = 30.0;

const YES_NO: [&str; 2] = ["yes", "no"];

fn yes_no(yes: bool) -> Answer {
    Answer::Choice {
        options: YES_NO.iter().map(|s| s.to_string()).collect(),
        right: usize::from(!yes),
    }
}

fn point(space: Space, at: Vec2) -> Answer {
    Answer::Point {
        space,
        at: vec![at],
    }
}

fn solved(answer: Answer, reveal_step: usize) -> Result<Solved, String> {
    Ok(Solved {
        answer,
        reveal_step,
        subject: None,
        why: None,
    })
}

/// The default tolerance of a number: 2 % of it, at least 0.001 (a question about
/// a rough reading gives its own, `within`).
pub fn number_tolerance(value: f32) -> f32 {
    (0.02 * value.abs()).max(0.001)
}

impl super::format::Question {
    /// The answer on `g` with the lesson's explanation as its why (before the
    /// kind's own, when the kind has one).
    pub fn solve(&self, g: &Ground) -> Result<Solved, String> {
        let mut out = self.ask.solve(g)?;
        let explain = self.explain.trim();
        if !explain.is_empty() {
            out.why = Some(match out.why.take() {
                Some(own) => format!("{explain} {own}"),
                None => explain.to_string(),
            });
        }
        Ok(out)
    }
}

impl Ask {
    /// The answer on `g`, or why the trace cannot answer it there (a step that does
    /// not exist, an algorithm that ended before, a pair without the feature asked).
    pub fn solve(&self, g: &Ground) -> Result<Solved, String> {
        let s = g.step;
        match self {
            Ask::NextSupport => next_support(g),
            Ask::NextClosest => {
                let step = gjk_step(g, s + 1)?;
                solved(point(Space::Config, step.closest), s + 1)
            }
            Ask::EpaSupport => epa_support(g),
            Ask::IncidentStart => incident_start(g),
            Ask::PointAfterClip => point_after_clip(g),
            Ask::WitnessOnA => witness_on_a(g),
            Ask::VoronoiRegion => voronoi(g),
            Ask::GjkStops => solved(yes_no(gjk_step(g, s)?.stop.is_some()), s),
            Ask::EpaStops => solved(yes_no(epa_step(g, s)?.stop.is_some()), s),
            Ask::ReferenceFace => reference_face(g),
            Ask::ClipPlane { vertex } => clip_plane(g, *vertex),
            Ask::AxisSeparates => solved(yes_no(sat_axis(g, s)?.separation > 0.0), s),
            Ask::SeparationFunction => separation_function(g),
            Ask::Overlap => overlap(g),
            Ask::Hits => {
                let (hit, _) = impact(g)?;
                solved(yes_no(hit), hits_step(g, hit))
            }
            Ask::GhostBump {
                chain,
                shape,
                segment,
                mode,
            } => ghost_bump(g, chain, shape, *segment, *mode),
            Ask::Distance => {
                let mut out = number(g.studies.basics.distance.distance, s)?;
                out.why = Some(super::why::distance(g));
                Ok(out)
            }
            Ask::Depth => depth(g),
            Ask::TimeOfImpact => time_of_impact(g),
            Ask::GjkIterations => number(g.studies.gjk.trace.steps.len() as f32, s),
            Ask::AxisSeparation => number(sat_axis(g, s)?.separation, s),
            Ask::ExactDistance => {
                let (a, b) = g.studies.pair();
                let exact = crate::repro::Expected::of(g.scene, a, b);
                number(exact.distance as f32, s)
            }
            Ask::DragGjkIterations(n) => drag_gjk_iterations(g, *n),
            Ask::DragOverlap(want) => drag_overlap(g, *want),
            Ask::DragGhostBump { chain, shape } => drag_ghost_bump(g, chain, shape),
        }
    }
}

fn next_support(g: &Ground) -> Result<Solved, String> {
    let s = g.step;
    let step = gjk_step(g, s)?;
    let w = step.support.as_ref().ok_or_else(|| {
        format!(
            "GJK computes no support point at step {}: it stops there",
            s + 1
        )
    })?;
    solved(point(Space::Config, w.w), s)
}

fn epa_support(g: &Ground) -> Result<Solved, String> {
    let s = g.step + 1;
    let e = epa_step(g, s)?;
    let w = e
        .support
        .ok_or_else(|| format!("EPA computes no support point at step {}", s + 1))?;
    solved(point(Space::Config, w), s)
}

fn incident_start(g: &Ground) -> Result<Solved, String> {
    let t = manifold_trace(g);
    let inc = t
        .incident
        .ok_or("this manifold has no incident edge (not two edges)")?;
    Ok(Solved {
        answer: point(Space::World, inc.a),
        reveal_step: reference_step(t)?,
        subject: None,
        why: None,
    })
}

fn point_after_clip(g: &Ground) -> Result<Solved, String> {
    let s = g.step + 1;
    let t = manifold_trace(g);
    let j = match manifold_phase(t, s) {
        ManifoldPhase::Clip(j) if s < manifold_steps(t) => j,
        _ => return Err(format!("manifold step {} is not a clip", s + 1)),
    };
    let added = t.clips[j]
        .added
        .ok_or_else(|| format!("clip {} makes no crossing point", j + 1))?;
    solved(point(Space::World, added), s)
}

fn witness_on_a(g: &Ground) -> Result<Solved, String> {
    let d = &g.studies.basics.distance;
    if d.distance <= 0.0 {
        return Err("the shapes touch or overlap: no witness point apart".into());
    }
    let mut out = solved(point(Space::World, d.point_a), g.step)?;
    out.why = Some(super::why::witness_on_a(g));
    Ok(out)
}

fn overlap(g: &Ground) -> Result<Solved, String> {
    let o = overlapping(g.studies);
    let mut out = solved(yes_no(o), g.step)?;
    out.why = Some(super::why::overlap(g, o));
    Ok(out)
}

fn depth(g: &Ground) -> Result<Solved, String> {
    let p = g
        .studies
        .basics
        .penetration
        .ok_or("the shapes do not overlap: no depth")?;
    let mut out = number(p.depth, g.step)?;
    out.why = super::why::rounded_depth(g, p.depth);
    Ok(out)
}

/// Whether segment `segment` of `chain` pushes `shape` sideways (in `mode`, else the
/// scene's chain mode), with the tilt that decides it.
fn ghost_bump(
    g: &Ground,
    chain: &str,
    shape: &str,
    segment: usize,
    mode: Option<ChainMode>,
) -> Result<Solved, String> {
    let mut scene = g.scene.clone();
    if let Some(m) = mode {
        scene.settings.chain_mode = m;
    }
    let tilt = chain_tilts(&scene, chain, shape)?
        .into_iter()
        .find(|(k, _)| *k == segment)
        .map(|(_, t)| t)
        .ok_or_else(|| format!("segment {segment} of \"{chain}\" does not reach \"{shape}\""))?;
    let how = match scene.settings.chain_mode {
        ChainMode::Naive => "collided naively",
        ChainMode::Smooth => "collided with its ghost vertices",
    };
    let verdict = if tilt > GHOST_TILT_DEGREES {
        "a push sideways: a ghost bump"
    } else {
        "close to straight out of the segment: no bump"
    };
    let mut out = solved(yes_no(tilt > GHOST_TILT_DEGREES), g.step)?;
    out.why = Some(format!(
        "Segment {segment} of \"{chain}\", {how}, gives \"{shape}\" a contact normal {tilt:.0}° from the segment's own normal: {verdict} (more than {GHOST_TILT_DEGREES:.0}° counts as sideways)."
    ));
    Ok(out)
}

fn drag_gjk_iterations(g: &Ground, n: usize) -> Result<Solved, String> {
    let k = g.studies.gjk.trace.steps.len();
    let now = crate::study::facts::count(k, "iteration", "iterations");
    solved(
        Answer::Condition {
            holds: k == n,
            now: format!("GJK takes {now}"),
        },
        // The last step's narration says why GJK stops there.
        k.saturating_sub(1),
    )
}

fn drag_overlap(g: &Ground, want: bool) -> Result<Solved, String> {
    let o = overlapping(g.studies);
    let now = if o { "they overlap" } else { "they are apart" };
    solved(
        Answer::Condition {
            holds: o == want,
            now: now.into(),
        },
        g.step,
    )
}

fn drag_ghost_bump(g: &Ground, chain: &str, shape: &str) -> Result<Solved, String> {
    let tilts = chain_tilts(g.scene, chain, shape)?;
    let worst = tilts.iter().map(|(_, t)| *t).fold(0.0f32, f32::max);
    let now = if tilts.is_empty() {
        "no segment touches it".to_string()
    } else {
        format!("the most tilted contact normal is {worst:.0}° from its segment's")
    };
    solved(
        Answer::Condition {
            holds: worst > GHOST_TILT_DEGREES,
            now,
        },
        g.step,
    )
}

fn number(value: f32, step: usize) -> Result<Solved, String> {
    if !value.is_finite() {
        return Err("the answer is not a finite number".into());
    }
    solved(
        Answer::Number {
            value,
            tolerance: number_tolerance(value),
        },
        step,
    )
}

/// The shapes overlap (GJK's distance 0, or EPA found a depth).
pub fn overlapping(studies: &Studies) -> bool {
    studies.basics.penetration.is_some() || studies.basics.distance.distance <= 0.0
}

/// GJK's step `k`: of GJK itself, or of the GJK phase that EPA starts with.
fn gjk_step<'a>(g: &Ground<'a>, k: usize) -> Result<&'a crate::core::gjk::GjkStep, String> {
    let steps = match g.algorithm {
        Algorithm::Epa => &g.studies.epa.gjk_trace.steps,
        _ => &g.studies.gjk.trace.steps,
    };
    steps.get(k).ok_or_else(|| {
        format!(
            "GJK has {} on this pair: there is no step {}",
            crate::study::facts::count(steps.len(), "step", "steps"),
            k + 1
        )
    })
}

fn epa_step<'a>(g: &Ground<'a>, k: usize) -> Result<&'a crate::core::epa::EpaStep, String> {
    let epa = &g.studies.epa;
    match epa.phase(k) {
        crate::study::epa::EpaPhase::Epa(j) if j < epa.trace.steps.len() => Ok(&epa.trace.steps[j]),
        crate::study::epa::EpaPhase::Epa(_) => {
            Err(format!("EPA has no step {} on this pair", k + 1))
        }
        crate::study::epa::EpaPhase::Gjk(_) => Err(format!(
            "step {} is still GJK's (EPA starts at step {})",
            k + 1,
            epa.gjk_trace.steps.len() + 1
        )),
    }
}

fn sat_axis<'a>(g: &Ground<'a>, k: usize) -> Result<&'a crate::core::sat::SatAxisRecord, String> {
    let axes = &g.studies.sat.trace.axes;
    axes.get(k).ok_or_else(|| {
        format!(
            "SAT tests {} axes on this pair: step {} is no axis",
            axes.len(),
            k + 1
        )
    })
}

fn manifold_trace<'a>(g: &Ground<'a>) -> &'a ManifoldTrace {
    g.studies.manifold.get(g.source).1
}

/// The manifold step that shows the reference and incident edges.
fn reference_step(t: &ManifoldTrace) -> Result<usize, String> {
    (0..manifold_steps(t))
        .find(|&k| manifold_phase(t, k) == ManifoldPhase::ReferenceIncident)
        .ok_or_else(|| "this manifold has no reference face (not two edges)".to_string())
}

/// "B[2] − A[0]": a simplex vertex by the shapes' vertices it joins.
fn vertex_name(v: &SimplexVertex) -> String {
    crate::study::gjk::vertex_pair(v)
}

fn voronoi(g: &Ground) -> Result<Solved, String> {
    let next = gjk_step(g, g.step + 1)?;
    let vs = &next.simplex_in;
    if vs.len() < 2 {
        return Err("the next simplex is one point: it has no regions to choose from".into());
    }
    let mut options: Vec<String> = vs
        .iter()
        .map(|v| format!("the vertex {}", vertex_name(v)))
        .collect();
    let mut edges = Vec::new();
    for i in 0..vs.len() {
        for j in i + 1..vs.len() {
            edges.push((i, j));
        }
    }
    for (i, j) in &edges {
        options.push(format!(
            "the edge from {} to {}",
            vertex_name(&vs[*i]),
            vertex_name(&vs[*j])
        ));
    }
    if vs.len() == 3 {
        options.push("inside the triangle".to_string());
    }
    let right = match next.region {
        VoronoiRegion::Vertex(i) => i as usize,
        VoronoiRegion::Edge(i, j) => {
            let e = (i.min(j) as usize, i.max(j) as usize);
            vs.len()
                + edges
                    .iter()
                    .position(|x| *x == e)
                    .ok_or("the region's edge is not an edge of the simplex")?
        }
        VoronoiRegion::Interior => options.len() - 1,
    };
    solved(Answer::Choice { options, right }, g.step + 1)
}

fn owner_name(o: Owner) -> &'static str {
    o.as_str()
}

fn reference_face(g: &Ground) -> Result<Solved, String> {
    let t = manifold_trace(g);
    let (fa, fb, r) = match (t.feature_a, t.feature_b, t.reference) {
        (Some(a), Some(b), Some(r)) if !a.is_point && !b.is_point => (a, b, r),
        _ => return Err("the manifold does not choose between two edges on this pair".into()),
    };
    let options = [fa, fb]
        .iter()
        .map(|f| {
            format!(
                "{o}'s edge from {o}[{}] to {o}[{}]",
                f.index_a,
                f.index_b,
                o = owner_name(f.owner)
            )
        })
        .collect();
    let right = usize::from(r.owner == Owner::B);
    solved(Answer::Choice { options, right }, reference_step(t)?)
}

/// The clip planes' names as the choices say them.
pub fn plane_name(p: ClipPlane) -> &'static str {
    match p {
        ClipPlane::Side1 => "side plane 1 (through the reference face's first vertex)",
        ClipPlane::Side2 => "side plane 2 (through its second vertex)",
        ClipPlane::ReferenceFace => "the reference face (moved out by the speculative distance)",
        ClipPlane::ClosestDistance => "the closest-distance plane (two segments)",
        ClipPlane::VertexVertex => "the vertex–vertex plane (two polygons apart)",
    }
}

fn clip_plane(g: &Ground, vertex: usize) -> Result<Solved, String> {
    let t = manifold_trace(g);
    let inc = t
        .incident
        .ok_or("this manifold has no incident edge (not two edges)")?;
    let (at, index) = match vertex {
        0 => (inc.a, inc.index_a),
        1 => (inc.b, inc.index_b),
        _ => {
            return Err(format!(
                "the incident edge has vertices 0 and 1, not {vertex}"
            ))
        }
    };
    let scale = inc.a.distance(inc.b).max(1.0e-6);
    let mut options: Vec<String> = Vec::new();
    let mut planes: Vec<ClipPlane> = Vec::new();
    for c in &t.clips {
        if !planes.contains(&c.plane) {
            planes.push(c.plane);
            options.push(plane_name(c.plane).to_string());
        }
    }
    options.push("none: it stays a contact point".to_string());
    let cut_by = t
        .clips
        .iter()
        .position(|c| c.cut.iter().any(|p| p.distance(at) <= 1.0e-4 * scale));
    let right = match cut_by {
        Some(j) => planes
            .iter()
            .position(|p| *p == t.clips[j].plane)
            .unwrap_or(options.len() - 1),
        None => options.len() - 1,
    };
    let first_clip = reference_step(t)? + 1;
    Ok(Solved {
        answer: Answer::Choice { options, right },
        reveal_step: cut_by.map_or(manifold_steps(t) - 1, |j| first_clip + j),
        subject: Some(format!(
            "{}'s vertex {index}, the incident edge's {}",
            owner_name(inc.owner),
            if vertex == 0 { "first" } else { "second" }
        )),
        why: None,
    })
}

/// Each segment of `chain` within reach of `shape`, with the angle (degrees) between
/// its contact normal and the segment's own normal; segments without a contact are
/// left out.
pub fn chain_tilts(scene: &Scene, chain: &str, shape: &str) -> Result<Vec<(usize, f32)>, String> {
    let c = scene
        .chains
        .iter()
        .position(|x| x.name == chain)
        .ok_or_else(|| format!("the scene has no chain named \"{chain}\""))?;
    let s = scene
        .shape_index(shape)
        .ok_or_else(|| format!("the scene has no shape named \"{shape}\""))?;
    let ch = &scene.chains[c];
    let report = crate::trace::chain_report::chain_pair_report(scene, c, s);
    let turn = Vec2::from_angle(ch.pose.angle);
    let mut out = Vec::new();
    for e in &report.chain {
        let (Some(m), Some(seg)) = (&e.manifold, ch.segments().get(e.segment)) else {
            continue;
        };
        if m.points.is_empty() {
            continue;
        }
        let along = turn.rotate(seg.b - seg.a).normalize_or_zero();
        let n = Vec2::from(m.normal).normalize_or_zero();
        // The normal's angle from the segment's perpendicular, either side.
        let tilt = n.dot(along).abs().clamp(0.0, 1.0).asin().to_degrees();
        out.push((e.segment, tilt));
    }
    Ok(out)
}
