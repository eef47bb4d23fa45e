//! What the queries recorded and answered, beyond one algorithm's study: the JSON
//! [`report`] (and its streaming writer), the chains' reports and slide sweep, the
//! scene rays' first meets, the GJK ray cast on B − A, and the engines' answers in our
//! terms. Reads the core and the scene; knows nothing of drawing.

pub mod cast_ray;
pub mod chain_expect;
pub mod chain_report;
pub mod chain_sweep;
pub mod manifold_json;
pub mod peer_answer;
pub mod rays;
pub mod report;
pub mod scene_results;
pub mod series;
pub mod stream;
pub mod world_frame;
