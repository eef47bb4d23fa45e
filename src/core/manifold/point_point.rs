//! Two 1-vertex cores (circles or points): the manifold on the line of centres, one
//! point, A the reference. Part of the one-pass point cases of [`super::point_core`].

use super::features::Pair;
use super::ids::{ContactId, IdKind};
use super::point_core::record_point_case;
use super::trace::ManifoldTrace;
use super::{ManifoldCase, ManifoldOutput, ManifoldPoint, ManifoldTermination, NormalSource};
use crate::core::record::Record;
use crate::core::sat::Owner;
use glam::Vec2;

/// Two 1-vertex cores: the line of centres (A's local +y when they coincide).
#[inline(never)]
pub(super) fn point_point_manifold(
    pair: &Pair,
    mut trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    let radii = pair.a.radius() + pair.b.radius();
    let xf_a = pair.xf_a;
    let mut out = ManifoldOutput::separated(None, Vec2::ZERO);
    let pa = pair.a.vertices()[0];
    let pb = pair.b_to_a.apply(pair.b.vertices()[0]);
    let d = pb - pa;
    let len = d.length();
    let n = if len > 0.0 && (d / len).is_finite() {
        d / len
    } else {
        Vec2::Y
    };
    let separation = len - radii;
    out.normal = xf_a.q.apply(n);
    if separation <= pair.spec {
        let source = if pair.apart(len) {
            NormalSource::ClosestPoints
        } else {
            NormalSource::Sat
        };
        out.termination = ManifoldTermination::Contact;
        out.normal_source = Some(source);
        out.case = Some(ManifoldCase::PointPoint);
        out.reference = Some(Owner::A);
        out.points[0] = ManifoldPoint::ours(
            xf_a.apply(pa + pair.a.radius() * n),
            xf_a.apply(pb - pair.b.radius() * n),
            separation,
            ContactId {
                reference: Owner::A,
                reference_index: 0,
                incident_index: 0,
                kind: IdKind::Point,
            },
        );
        out.point_count = 1;
    }
    trace.record(|t| {
        let fa = pair.vertex_of(Owner::A, 0, n);
        let fb = pair.vertex_of(Owner::B, 0, -n);
        record_point_case(t, &out, separation, &fa, &fb, &fa, &fb, &xf_a);
    });
    out
}
