//! Recorded steps of each query ([`analysis`]: the `Algorithm` enum and one analysis per
//! scene pair) and the JSON [`report`]. Reads the core and the scene; knows nothing of drawing.

pub mod analysis;
pub mod cast_ray;
pub mod chain_expect;
pub mod chain_report;
pub mod chain_sweep;
pub mod peer_answer;
pub mod ray_study;
pub mod report;
pub mod step_part;
pub mod stream;
