//! For parry2d users: write a Collidescope pair track of your own simulation, one frame
//! at a call, with `collidescope::track::Writer` (the library's scene format only: no
//! window, no engines). Here a ball falls onto a turned box and parry2d's `contact` is
//! the engine's manifold of each frame; then open it:
//!
//! ```sh
//! cargo run --example parry_track -- ball_on_box.ron
//! collidescope replay ball_on_box.ron                 # parry's row, Box2D's and ours per frame
//! collidescope replay ball_on_box.ron --frame 30 --out pair.ron   # the pair at frame 30
//! ```

use collidescope::core::shape::Geometry;
use collidescope::track::{TrackManifold, TrackPoint, TrackShape, Writer};
use glam::Vec2;
use parry2d::math::{Isometry, Vector};
use parry2d::query;
use parry2d::shape::{Ball, Cuboid};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "ball_on_box.ron".into());
    // The same two shapes in both worlds: parry's for the simulation, Collidescope's
    // (local frame, the scene's kinds) for the track.
    let (half, radius) = (Vector::new(1.0, 0.25), 0.3);
    let (box_shape, ball) = (Cuboid::new(half), Ball::new(radius));
    let a = TrackShape {
        name: "box".into(),
        geometry: Geometry::Box {
            half_extents: Vec2::new(half.x, half.y),
            radius: 0.0,
        },
    };
    let b = TrackShape {
        name: "ball".into(),
        geometry: Geometry::Circle { radius },
    };
    let mut track = Writer::create(std::path::Path::new(&out), "parry2d 0.25", &a, &b)?;

    let box_pose = Isometry::new(Vector::new(0.0, 0.0), 0.1);
    let (mut y, mut vy, dt) = (2.0f32, 0.0f32, 1.0 / 60.0);
    for _ in 0..60 {
        vy -= 9.8 * dt;
        y += vy * dt;
        let ball_pose = Isometry::new(Vector::new(0.2, y), 0.0);
        // parry's contact within 0.02 (as Box2D's speculative distance).
        let contact = query::contact(&box_pose, &box_shape, &ball_pose, &ball, 0.02)?;
        let manifold = contact.map(|c| TrackManifold {
            normal: [c.normal1.x, c.normal1.y],
            points: vec![TrackPoint {
                point: [
                    (c.point1.x + c.point2.x) * 0.5,
                    (c.point1.y + c.point2.y) * 0.5,
                ],
                separation: c.dist,
                id: None,
            }],
        });
        if let Some(c) = &contact {
            // A crude bounce: push the ball out and stop it.
            if c.dist < 0.0 {
                y -= c.dist * c.normal1.y;
                vy = vy.max(0.0);
            }
        }
        // Poses exactly as parry keeps them: translation and the rotation's (cos, sin).
        let pose = |p: &Isometry<f32>| {
            (
                [p.translation.x, p.translation.y],
                [p.rotation.re, p.rotation.im],
            )
        };
        track.frame(pose(&box_pose), pose(&ball_pose), manifold.as_ref())?;
    }
    let n = track.finish()?;
    println!("wrote {out} ({n} frames)");
    Ok(())
}
