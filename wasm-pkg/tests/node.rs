//! The wasm API under Node.js.
#![cfg(target_arch = "wasm32")]

#[macro_use]
mod common;

every_common_test!();
