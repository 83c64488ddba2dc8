//! Keeps the editors' text in localStorage so a reload never loses input, and the input a reset or
//! an example replaced, so that can be undone.

use crate::inputs::Inputs;
use gloo_storage::{LocalStorage, Storage};

const KEY: &str = "shoot-policy.inputs.v1";
const REPLACED_KEY: &str = "shoot-policy.replaced.v1";

pub fn load() -> Option<Inputs> {
    LocalStorage::get(KEY).ok()
}

pub fn save(inputs: &Inputs) {
    // A full or blocked storage must not break the app; the input stays on screen either way.
    let _ = LocalStorage::set(KEY, inputs);
}

pub fn load_replaced() -> Option<Inputs> {
    LocalStorage::get(REPLACED_KEY).ok()
}

pub fn save_replaced(inputs: &Inputs) {
    let _ = LocalStorage::set(REPLACED_KEY, inputs);
}
