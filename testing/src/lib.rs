//! The testing harness of shoot-policy, kept out of the product library: the conformance runner
//! (cases derived from Gardener's tests, the oracle's findings and our own, each checked against
//! the result Gardener's code gives). The CLI's `conformance` command and this crate's tests run it;
//! the Gardener oracle's driver and generators are this crate's `oracle` test (`tests/oracle/`).

pub mod conformance;
