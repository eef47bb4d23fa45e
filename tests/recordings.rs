//! The recordings of `recordings/`: each is what its world file records, replays to
//! its end without divergence, and shows what its note says (ghost bumps on the tiled
//! floor and none on the chain, the bar's tunnelling frame, ids stable in one stack and
//! changing in the other); a pair written at a frame is Box2D's pair exactly (its
//! `b2Collide*` gives the in-world manifold back), and ours beside it; damaged and
//! other-format recordings end in one sentence.

use collidescope::core::manifold::{contact_manifold, ManifoldSource};
use collidescope::peers::recording::{build, pair, read_file, Player};
use collidescope::scene::world::load_world;
use collidescope::trace::series::{Marker, MarkerFinder};
use collidescope::trace::world_frame::FrameState;
use std::path::{Path, PathBuf};

const NAMES: [&str; 7] = [
    "tiled_floor",
    "chain_floor",
    "box_stack",
    "bar_through_wall",
    "bar_bullet",
    "capsule_seam",
    "far_pile",
];

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("recordings")
}

fn open(name: &str) -> Player {
    let bytes = read_file(&dir().join(format!("{name}.b2rec"))).unwrap();
    Player::open(&bytes).unwrap()
}

/// Every (pair, marker) of a recording, frame by frame, over all touching pairs.
fn all_markers(name: &str) -> Vec<(u32, [String; 2], Marker)> {
    let mut p = open(name);
    let mut all = pair::AllPairs::default();
    let mut out = Vec::new();
    let mut before: Option<FrameState> = None;
    loop {
        let now = p.frame_state();
        for ((a, b), markers) in all.next(p.shapes(), before.as_ref().unwrap_or(&now), &now) {
            let label = |id| p.shapes().get(id).unwrap().label.clone();
            for m in markers {
                out.push((now.frame, [label(a), label(b)], m));
            }
        }
        before = Some(now);
        if !p.step() {
            break;
        }
    }
    assert_eq!(p.diverged_at(), None, "{name}");
    out
}

fn count(markers: &[(u32, [String; 2], Marker)], key: &str, body: &str) -> usize {
    markers
        .iter()
        .filter(|(_, pair, m)| m.key() == key && pair.iter().any(|s| s.starts_with(body)))
        .count()
}

#[test]
fn each_recording_is_its_world_file_and_replays_without_divergence() {
    for name in NAMES {
        let world = load_world(&dir().join(format!("{name}.ron"))).unwrap();
        let mut p = open(name);
        let frames = p.info().frames;
        assert!(frames >= 60, "{name}: {frames} frames");
        while p.step() {}
        assert_eq!(p.frame(), frames, "{name}");
        assert_eq!(p.diverged_at(), None, "{name}");
        assert!(p.healthy(), "{name}");
        // Recorded again from the world file, it ends in the same world to the bit
        // (the bytes hold world slot numbers, which depend on the worlds alive).
        let fresh = build::record(&world, frames, |_| {}).unwrap();
        let mut again = Player::open(&fresh).unwrap();
        again.seek(frames);
        assert_eq!(
            again.frame_state().bodies,
            p.frame_state().bodies,
            "{name}.b2rec is not what {name}.ron records: record it again"
        );
    }
}

#[test]
fn the_tiled_floor_bumps_and_the_chain_does_not() {
    let tiled = all_markers("tiled_floor");
    let chain = all_markers("chain_floor");
    let bumps = count(&tiled, "ghost_bump", "box");
    assert!(bumps >= 3, "tiled floor: {bumps} ghost bumps");
    assert_eq!(count(&chain, "ghost_bump", "box"), 0);
    // The chain floor's contacts begin and end as the box passes segments, nothing more.
    assert!(count(&chain, "begin", "box") >= 10);
    assert_eq!(count(&chain, "normal_turn", "box"), 0);
    assert_eq!(count(&chain, "warm_start_lost", "box"), 0);
}

#[test]
fn the_capsule_bumps_at_the_seam() {
    let m = all_markers("capsule_seam");
    let seam: Vec<u32> = m
        .iter()
        .filter(|(_, pair, m)| m.key() == "ghost_bump" && pair.contains(&"ground/1".to_string()))
        .map(|(f, _, _)| *f)
        .collect();
    assert!(!seam.is_empty(), "{m:?}");
}

#[test]
fn ids_stay_in_the_straight_stack_and_change_in_the_rounded_one() {
    let m = all_markers("box_stack");
    assert_eq!(count(&m, "warm_start_lost", "straight"), 0);
    assert_eq!(count(&m, "normal_turn", "straight"), 0);
    assert!(count(&m, "warm_start_lost", "rounded") >= 3, "{m:?}");
}

/// The markers of one pair over a recording (`replay --pair`).
fn pair_markers(name: &str, a: &str, b: &str) -> Vec<(u32, Marker)> {
    let mut p = open(name);
    let first = p.frame_state();
    let (a, b) = (
        p.shapes().find(a).unwrap().id,
        p.shapes().find(b).unwrap().id,
    );
    let mut finder = MarkerFinder::default();
    let mut before = first.clone();
    let mut now = first;
    let mut out = Vec::new();
    loop {
        let state = pair::pair_state(p.shapes(), &before, &now, a, b).unwrap();
        out.extend(finder.next(&state).into_iter().map(|m| (now.frame, m)));
        if !p.step() {
            break;
        }
        before = now;
        now = p.frame_state();
    }
    out
}

#[test]
fn the_bar_tunnels_unless_it_is_a_bullet() {
    let through = pair_markers("bar_through_wall", "bar", "wall");
    let tunnels: Vec<&(u32, Marker)> = through
        .iter()
        .filter(|(_, m)| m.key() == "tunnel")
        .collect();
    assert_eq!(tunnels.len(), 1, "{through:?}");
    let (frame, Marker::Tunnel { toi }) = tunnels[0] else {
        unreachable!()
    };
    // The bar starts 5.65 from the wall's face at 5 a step: it passes in step 2.
    assert_eq!(*frame, 2);
    assert!((0.0..1.0).contains(toi), "{toi}");
    assert!(
        through.iter().all(|(_, m)| m.key() != "begin"),
        "never touches"
    );

    let bullet = pair_markers("bar_bullet", "bar", "wall");
    assert!(
        bullet.iter().all(|(_, m)| m.key() != "tunnel"),
        "{bullet:?}"
    );
    let begin = bullet
        .iter()
        .find(|(_, m)| m.key() == "begin")
        .map(|(f, _)| *f);
    assert_eq!(begin, Some(3), "{bullet:?}");
}

/// The contacts of a recording at every `every`-th frame, each written as a pair at
/// its frame and read back: Box2D's `b2Collide*` on it gives the in-world manifold
/// back bit for bit (normal, separations, ids) and its anchors within rounding —
/// unless Box2D kept the contact's manifold from an earlier step (recycling it while
/// the bodies barely moved, updating only the separations; or a sleeping body's): then
/// the normal and ids are the previous frame's to the bit. Ours (`Box2dV3`) is
/// compared too.
#[derive(Default, Debug)]
struct Agreement {
    contacts: usize,
    box2d_exact: usize,
    recycled: usize,
    ours_normal: usize,
    ours_count: usize,
    ours_separations: usize,
    /// Ours to the bit: normal, ids in Box2D's order, separations.
    ours_exact: usize,
}

fn check_pairs_at_frames(mut p: Player, name: &str, every: u32, agree: &mut Agreement) {
    let frames = p.info().frames;
    for k in (every..=frames).step_by(every as usize) {
        p.seek(k - 1);
        let previous = p.frame_state().contacts;
        p.step();
        let contacts = p.frame_state().contacts;
        for c in contacts.iter().filter(|c| !c.points.is_empty()) {
            let at = p.pair_at(c.shape_a, c.shape_b, k, name).unwrap();
            let theirs = at.contact.as_ref().expect("touching at k");
            // The frame's contact, its points placed where the step computed them.
            let same = |s: &collidescope::trace::world_frame::ContactState| {
                let points: Vec<_> = s
                    .points
                    .iter()
                    .map(|q| (q.id, q.separation.to_bits(), q.anchor_a))
                    .collect();
                (s.shape_a, s.shape_b, s.normal, points)
            };
            assert_eq!(same(theirs), same(c));
            // The scene is written and read back first: what a user opens.
            let text = collidescope::scene::scene_to_string(&at.scene);
            let scene = collidescope::scene::parse_scene(&text, name).unwrap();
            if scene.shapes.len() < 2 {
                continue; // a chain segment and a shape
            }
            agree.contacts += 1;
            let pair = scene.pair(0, 1);
            let b2 = collidescope::peers::box2d::manifold(&pair).unwrap();
            let theirs_ids: Vec<u32> = theirs.points.iter().map(|q| u32::from(q.id)).collect();
            let b2_ids: Vec<u32> = b2.points.iter().map(|q| q.id.unwrap()).collect();
            // Anchors (the point from A's centre of mass): Box2D's point in A's frame,
            // turned, less the turned centre, within rounding.
            let xa = scene.shapes[0].pose.transform();
            let body = p.shapes().get(c.shape_a).unwrap().body;
            let local_center = glam::Vec2::from(p.frame_state().body(body).unwrap().local_center);
            let anchors_agree = b2.points.iter().zip(&theirs.points).all(|(x, y)| {
                let mid = (glam::Vec2::from(x.point_a) + glam::Vec2::from(x.point_b)) * 0.5;
                let turned = mid - xa.p;
                let center = xa.q.apply_inv(turned - glam::Vec2::from(y.anchor_a));
                (center - local_center).length() < 1e-5 * (1.0 + turned.length())
            });
            let exact = b2.normal == theirs.normal
                && b2_ids == theirs_ids
                && anchors_agree
                && b2
                    .points
                    .iter()
                    .zip(&theirs.points)
                    .all(|(x, y)| x.separation.to_bits() == y.separation.to_bits());
            if !exact {
                let before = previous
                    .iter()
                    .find(|q| (q.shape_a, q.shape_b) == (c.shape_a, c.shape_b));
                let kept = before.is_some_and(|q| {
                    q.normal == c.normal
                        && q.points
                            .iter()
                            .map(|x| x.id)
                            .eq(c.points.iter().map(|x| x.id))
                });
                assert!(
                    kept,
                    "{name} frame {k}: b2Collide* on the written pair {b2:?} against Box2D's world {theirs:?}"
                );
                agree.recycled += 1;
                continue;
            }
            agree.box2d_exact += 1;
            // Ours on the same pair.
            let ours = contact_manifold(&pair.manifold(ManifoldSource::Sat), None);
            let n = glam::Vec2::from(theirs.normal);
            if ours.normal.dot(n) > 1.0 - 1e-6 {
                agree.ours_normal += 1;
            }
            let ours_exact = ours.normal.to_array().map(f32::to_bits)
                == theirs.normal.map(f32::to_bits)
                && ours
                    .points()
                    .iter()
                    .map(|q| q.id)
                    .eq(theirs_ids.iter().copied())
                && ours
                    .points()
                    .iter()
                    .zip(&theirs.points)
                    .all(|(o, t)| o.separation.to_bits() == t.separation.to_bits());
            if ours_exact {
                agree.ours_exact += 1;
            }
            if ours.points().len() == theirs.points.len() {
                agree.ours_count += 1;
                // The points in either order: ours and Box2D's list them differently.
                let sorted = |mut v: Vec<f32>| {
                    v.sort_by(f32::total_cmp);
                    v
                };
                let o = sorted(ours.points().iter().map(|o| o.separation).collect());
                let t = sorted(theirs.points.iter().map(|t| t.separation).collect());
                let close = o.iter().zip(&t).all(|(o, t)| (o - t).abs() < 1e-5);
                if close {
                    agree.ours_separations += 1;
                }
            }
        }
    }
}

#[test]
fn without_recycling_or_sleep_a_pair_written_at_a_frame_is_box2ds_pair_exactly() {
    let mut agree = Agreement::default();
    for name in ["tiled_floor", "box_stack", "capsule_seam"] {
        let mut world = load_world(&dir().join(format!("{name}.ron"))).unwrap();
        world.contact_recycling = false;
        world.sleep = false;
        let bytes = build::record(&world, 240, |_| {}).unwrap();
        check_pairs_at_frames(Player::open(&bytes).unwrap(), name, 5, &mut agree);
    }
    eprintln!("{agree:?}");
    assert!(agree.contacts > 300, "{agree:?}");
    assert_eq!(agree.recycled, 0, "{agree:?}");
    assert_eq!(agree.box2d_exact, agree.contacts);
    // Ours (Box2dV3) on the same f32 pair: Box2D's in-world manifold to the bit —
    // normal, Box2D's ids in Box2D's order, separations.
    assert_eq!(agree.ours_normal, agree.contacts, "{agree:?}");
    assert_eq!(agree.ours_count, agree.contacts, "{agree:?}");
    assert_eq!(agree.ours_separations, agree.contacts, "{agree:?}");
    assert_eq!(agree.ours_exact, agree.contacts, "{agree:?}");
}

#[test]
fn with_contact_recycling_a_pair_is_exact_or_its_manifold_was_kept() {
    let mut agree = Agreement::default();
    for name in ["tiled_floor", "box_stack", "capsule_seam", "bar_bullet"] {
        check_pairs_at_frames(open(name), name, 7, &mut agree);
    }
    eprintln!("{agree:?}");
    assert!(agree.contacts > 200, "{agree:?}");
    assert_eq!(agree.box2d_exact + agree.recycled, agree.contacts);
    assert!(agree.box2d_exact > 0 && agree.recycled > 0, "{agree:?}");
}
