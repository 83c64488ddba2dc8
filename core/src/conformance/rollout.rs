//! Conformance kinds of `rollout.yaml`.

use super::Kind;

pub const KINDS: &[Kind] = &[];
