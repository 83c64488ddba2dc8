//! Conformance kinds of `status.yaml`.

use super::Kind;

pub const KINDS: &[Kind] = &[];
