//! JavaScript strings brought into Rust by the engine's own UTF-8 encoder.
//!
//! wasm-bindgen's glue copies a string into wasm memory with a JavaScript loop, a character at a
//! time while the text is ASCII, and reaches for `TextEncoder` only after the first non-ASCII
//! character. Pasted YAML is nearly all ASCII, so a 200 KB CloudProfile took that loop in full on
//! every call that brought a new one: 0.47 ms in Node, where `TextEncoder.encodeInto` writes the
//! same bytes in 0.15 to 0.19 ms. Here every text goes through `encodeInto`, into a buffer sized
//! for the ASCII case and grown only for the rest.

use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `value`'s text when it is a string primitive, as `JsValue::as_string` gives it.
pub(crate) fn string_of(value: &JsValue) -> Option<String> {
    value.dyn_ref::<JsString>().map(text_of)
}

/// `string` as UTF-8. A lone surrogate becomes U+FFFD, as `TextEncoder` (and so `as_string`)
/// writes it.
pub(crate) fn text_of(string: &JsString) -> String {
    let units = string.length() as usize;
    // One byte per UTF-16 unit holds an ASCII text exactly. What is left after the first pass
    // needs at most three bytes a unit (a surrogate pair's two units make four), so a second pass
    // with that much room always finishes.
    let mut bytes: Vec<u8> = Vec::with_capacity(units);
    let read = encode_into_spare(string, &mut bytes);
    if read < units {
        bytes.reserve(3 * (units - read));
        encode_into_spare(&string.slice(read as u32, units as u32), &mut bytes);
    }
    // SAFETY: `encodeInto` writes UTF-8 and whole code points only (the Encoding Standard), the
    // same guarantee wasm-bindgen's own string conversion relies on without a check.
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Encodes as much of `source` as fits into `bytes`' spare capacity and appends it; returns the
/// UTF-16 units read.
fn encode_into_spare(source: &JsString, bytes: &mut Vec<u8>) -> usize {
    let spare = bytes.spare_capacity_mut();
    let progress = ENCODER.with(|encoder| {
        // Holding the view in a slot of wasm-bindgen's table for JavaScript values may allocate,
        // and so grow the memory, which detaches every view made before (its length reads 0):
        // made again until it holds, it is the last thing made before `encodeInto`, and nothing
        // runs in wasm while `encodeInto` writes.
        let destination = loop {
            // SAFETY: the view covers the vector's spare capacity and is used only by this call.
            let view =
                unsafe { Uint8Array::view_mut_raw(spare.as_mut_ptr().cast::<u8>(), spare.len()) };
            if view.length() as usize == spare.len() {
                break view;
            }
        };
        encoder.encode_into(source, &destination)
    });
    // SAFETY: `encodeInto` wrote `written` bytes, whole code points, at the start of the spare
    // capacity, and never more than the view holds.
    unsafe { bytes.set_len(bytes.len() + progress.written() as usize) };
    progress.read() as usize
}

thread_local! {
    static ENCODER: Encoder = Encoder::new();
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = TextEncoder)]
    type Encoder;

    #[wasm_bindgen(constructor, js_class = TextEncoder)]
    fn new() -> Encoder;

    #[wasm_bindgen(method, js_class = TextEncoder, js_name = encodeInto)]
    fn encode_into(this: &Encoder, source: &JsString, destination: &Uint8Array) -> Progress;

    /// `encodeInto`'s answer: UTF-16 units read and bytes written.
    type Progress;

    #[wasm_bindgen(method, getter)]
    fn read(this: &Progress) -> f64;

    #[wasm_bindgen(method, getter)]
    fn written(this: &Progress) -> f64;
}
