//! Exact geometry (f64), to explain disagreements.

use super::*;

pub(crate) fn world_core(shape: &Shape, xf: &Transform) -> Vec<DVec2> {
    shape
        .vertices()
        .iter()
        .map(|p| xf.apply(*p).as_dvec2())
        .collect()
}
