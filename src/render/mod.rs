//! Backends without a window: the same draw list as the debugger, as SVG or PNG ([`export`]).

pub mod export;
