//! The wasm API in headless Chromium.
#![cfg(target_arch = "wasm32")]

mod common;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn classifies_versions_given_a_date() {
    common::classifies_versions_given_a_date();
}

#[wasm_bindgen_test]
fn input_errors_are_data_and_misuse_throws() {
    common::input_errors_are_data_and_misuse_throws();
}

#[wasm_bindgen_test]
fn hibernation_schedules_follow_daylight_saving_time() {
    common::hibernation_schedules_follow_daylight_saving_time();
}

#[wasm_bindgen_test]
fn offsets_of_two_zones_asked_in_turn() {
    common::offsets_of_two_zones_asked_in_turn();
}

#[wasm_bindgen_test]
fn an_object_is_read_as_its_json_and_a_string_as_its_text() {
    common::an_object_is_read_as_its_json_and_a_string_as_its_text();
}

#[wasm_bindgen_test]
fn bench_parse_only_counts_documents_and_fails_on_broken_text() {
    common::bench_parse_only_counts_documents_and_fails_on_broken_text();
}

#[wasm_bindgen_test]
fn texts_cross_into_wasm_whole() {
    common::texts_cross_into_wasm_whole();
}
