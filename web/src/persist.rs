//! Keeps the editors' text in localStorage so a reload never loses input, and the input a reset or
//! an example replaced, so that can be undone.

use crate::inputs::Inputs;
use gloo_storage::{LocalStorage, Storage};

const KEY: &str = "shoot-policy.inputs.v1";
const REPLACED_KEY: &str = "shoot-policy.replaced.v1";
/// The size of an input the storage refused, for the notice after a reload.
const NOT_KEPT_KEY: &str = "shoot-policy.not-kept.v1";

pub fn load() -> Option<Inputs> {
    LocalStorage::get(KEY).ok()
}

/// Saves the input; false when the browser refused it (storage full, or the input larger than
/// its quota, about 5 MB). The input stays on screen either way, and the app says it is not kept.
pub fn save(inputs: &Inputs) -> bool {
    let kept = LocalStorage::set(KEY, inputs).is_ok();
    // A reload brings back the input saved before; the next load says so.
    if kept {
        LocalStorage::delete(NOT_KEPT_KEY);
    } else {
        let _ = LocalStorage::set(NOT_KEPT_KEY, megabytes(inputs));
    }
    kept
}

/// The size of the last input the browser's storage refused, once: the notice a reload shows.
pub fn take_not_kept() -> Option<String> {
    let size = LocalStorage::get(NOT_KEPT_KEY).ok();
    LocalStorage::delete(NOT_KEPT_KEY);
    size
}

/// The input's size as a user reads it: "4.2 MB".
pub fn megabytes(inputs: &Inputs) -> String {
    let bytes: usize = inputs.texts().iter().map(|(_, text)| text.len()).sum();
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

pub fn load_replaced() -> Option<Inputs> {
    LocalStorage::get(REPLACED_KEY).ok()
}

pub fn save_replaced(inputs: &Inputs) {
    let _ = LocalStorage::set(REPLACED_KEY, inputs);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inputs_size_reads_in_megabytes() {
        let inputs = Inputs {
            cloud_profile: "x".repeat(4_200_000),
            shoot: "y".repeat(50_000),
            ..Inputs::default()
        };
        assert_eq!(megabytes(&inputs), "4.2 MB");
    }
}
