//! Keeps the editors' text in localStorage so a reload never loses input, and the input a reset or
//! an example replaced, so that can be undone.

use crate::inputs::Inputs;
use shoot_policy::decode::FromValue;

const KEY: &str = "shoot-policy.inputs.v1";
const REPLACED_KEY: &str = "shoot-policy.replaced.v1";
/// The size of an input the storage refused, for the notice after a reload.
const NOT_KEPT_KEY: &str = "shoot-policy.not-kept.v1";

pub fn load() -> Option<Inputs> {
    read(&local()?, KEY)
}

/// Saves the input; false when the browser refused it (storage full, or the input larger than
/// its quota, about 5 MB). The input stays on screen either way, and the app says it is not kept.
pub fn save(inputs: &Inputs) -> bool {
    let Some(storage) = local() else {
        return false;
    };
    let kept = write(&storage, KEY, inputs);
    // A reload brings back the input saved before; the next load says so.
    if kept {
        let _ = storage.remove_item(NOT_KEPT_KEY);
    } else {
        write(&storage, NOT_KEPT_KEY, &megabytes(inputs));
    }
    kept
}

/// The size of the last input the browser's storage refused, once: the notice a reload shows.
pub fn take_not_kept() -> Option<String> {
    let storage = local()?;
    let size = read(&storage, NOT_KEPT_KEY);
    let _ = storage.remove_item(NOT_KEPT_KEY);
    size
}

/// The input's size as a user reads it: "4.2 MB".
pub fn megabytes(inputs: &Inputs) -> String {
    crate::format::megabytes(inputs.texts().iter().map(|(_, text)| text.len()).sum())
}

pub fn load_replaced() -> Option<Inputs> {
    read(&local()?, REPLACED_KEY)
}

pub fn save_replaced(inputs: &Inputs) {
    if let Some(storage) = local() {
        write(&storage, REPLACED_KEY, inputs);
    }
}

// The browser's storage, values kept as JSON text as gloo-storage kept them, so what earlier
// versions saved still reads. Read with the core's decoder, which the share link uses anyway:
// gloo-storage and serde's `Deserialize` for these types cost the app 7 KB gzip.

/// The page's localStorage, where the browser gives it.
pub fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The page's sessionStorage, where the browser gives it.
pub fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// The value stored as JSON under `key`, if it is there and reads as a `T`.
pub fn read<T: FromValue>(storage: &web_sys::Storage, key: &str) -> Option<T> {
    let text = storage.get_item(key).ok()??;
    shoot_policy::decode::from_json(text.as_bytes()).ok()
}

/// Stores `value` as JSON under `key`; false when the browser refused it.
pub fn write(storage: &web_sys::Storage, key: &str, value: &impl serde::Serialize) -> bool {
    serde_json::to_string(value).is_ok_and(|text| storage.set_item(key, &text).is_ok())
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
