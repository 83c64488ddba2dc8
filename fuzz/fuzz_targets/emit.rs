#![no_main]

// The body lives beside its proptests and its replay of the saved inputs (core/tests/yaml_writer).
#[path = "../../core/tests/yaml_writer/emit.rs"]
mod emit;

libfuzzer_sys::fuzz_target!(|data: &[u8]| emit::emit(data));
