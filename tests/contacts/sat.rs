//! SAT.

use super::*;

/// The SAT trace has one record per axis and its best-so-far ends at the output;
/// the winner's separation is the SAT definition recomputed from the intervals.
#[test]
fn sat_records_every_axis() {
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let a = random_shape(&mut rng);
        let b = random_shape(&mut rng);
        let (xa, xb) = (random_pose(&mut rng, 1.5), random_pose(&mut rng, 1.5));
        let input = SatInput {
            pair: PosedPair::new(&a, xa, &b, xb),
            bias: collidescope::core::sat::SatBias::Box2dLite,
        };
        let mut t = collidescope::core::sat::SatTrace::default();
        let out = separating_axis(&input, Some(&mut t));
        let expected = (a.normals().len() + b.normals().len()).max(1);
        assert_eq!(t.axes.len(), expected);
        assert!(out.separation.is_finite() && (out.normal.length() - 1.0).abs() < 1e-5);
        let last = t.axes.last().unwrap().best_so_far;
        assert_eq!((last.owner, last.edge), (out.axis_owner, out.edge));
        let rec = t
            .axes
            .iter()
            .find(|r| r.owner == out.axis_owner && r.edge == out.edge)
            .unwrap();
        assert!((rec.separation - out.separation).abs() < 1e-4 * size_of(&a, &xa, &b, &xb));
        assert_eq!(separating_axis(&input, None), out);
    }
}
