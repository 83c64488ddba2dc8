#![no_main]

#[path = "../../core/tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::share_link(data));
