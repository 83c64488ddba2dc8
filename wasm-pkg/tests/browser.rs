//! The wasm API in headless Chromium.
#![cfg(target_arch = "wasm32")]

#[macro_use]
mod common;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

every_common_test!();
