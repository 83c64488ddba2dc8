//! Keeps the editors' text in localStorage so a reload never loses input.

use crate::Inputs;
use gloo_storage::{LocalStorage, Storage};

const KEY: &str = "shoot-policy.inputs.v1";

pub fn load() -> Option<Inputs> {
    LocalStorage::get(KEY).ok()
}

pub fn save(inputs: &Inputs) {
    // A full or blocked storage must not break the app; the input stays on screen either way.
    let _ = LocalStorage::set(KEY, inputs);
}
