//! The Gardener objects the engine reads, field for field as `core.gardener.cloud/v1beta1`
//! defines them (`pkg/apis/core/v1beta1/types_shoot.go`, `types_common.go`), for the fields some
//! area reads. Absent fields and explicit `null`s read as Go's zero values, as the API server's
//! JSON decoding gives them.
//!
//! Issue 35 moves every area onto these types, one area at a time: the hibernation and constraint
//! areas read [`Shoot`] (they decoded the same Shoot twice, into two views, before); the other
//! areas still read their own views.

mod shoot;

pub use shoot::*;
