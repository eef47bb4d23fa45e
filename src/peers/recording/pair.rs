//! One pair of a recording.
