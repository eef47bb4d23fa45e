//! Helpers shared by the integration tests (each test file is its own crate and
//! takes what it needs with `mod common;`).
#![allow(dead_code)]

pub mod alloc;
pub mod parry_shapes;
pub mod rays;
