//! Words beyond one algorithm's narration: the chain query's decisions (the panel's
//! *Chains* section) and the features a sentence names (hovering it lights them up on
//! the canvas). Each algorithm's own narration is in its study ([`crate::study`]):
//! every sentence is built from the trace record, never from a guess.

pub mod chain;
pub mod features;
