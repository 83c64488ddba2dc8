//! Gardener's Shoot policy, re-implemented exactly as Gardener's own code behaves.
//!
//! Every module is named after the Gardener concept it models and cites the Gardener source it follows
//! in its own documentation. Nothing here reads a clock or does I/O: the evaluation instant `now` is always
//! an argument, so the same inputs give the same answer in the CLI, the npm package and the browser.

// The derive names `::shoot_policy::decode`, which inside this crate needs this alias.
extern crate self as shoot_policy;

pub mod api;
pub mod ascii;
pub mod certificate;
pub mod decode;
pub mod defaults;
pub mod document;
pub mod duration;
pub mod examples;
pub mod field;
pub mod fleet;
pub mod golang;
pub mod lifecycle;
pub mod locate;
pub mod lz;
pub mod namespaced_cloud_profile;
pub mod profile_change;
pub mod report;
pub mod rfc3339;
pub mod semver_constraint;
pub mod sorting;
pub mod spelling;
pub mod summary;
pub mod syntax;
pub mod timeline;
pub mod timewindow;
pub mod version;

// Policy areas, one per Gardener concept.
pub mod cleanup;
pub mod constraints;
pub mod hibernation;
pub mod maintenance;
pub mod migration;
pub mod node_readiness;
pub mod rollout;
pub mod scheduling;
pub mod status;
pub mod validation;
