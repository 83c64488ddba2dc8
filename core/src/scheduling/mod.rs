//! (area module; see the spec)
