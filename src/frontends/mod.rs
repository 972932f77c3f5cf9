//! Front-ends around the engine core for exact third-party formats and tools.

pub mod bench;
