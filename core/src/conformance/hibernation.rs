//! Conformance kinds evaluated by this area (see the spec's "Case schema").

use super::Kind;

pub const KINDS: &[Kind] = &[];
