//! The Fleet view's inputs: the CloudProfile, the previous CloudProfile, the Shoots and the
//! evaluation time. Each is kept in localStorage under a key of its own, so a List of Shoots too
//! large for the browser's storage (about 5 MB; 10 000 Shoots are 30 MB) is said to be lost on
//! reload instead of taking the CloudProfiles with it.

use crate::editor::count_lines;
use crate::format::megabytes;

/// The text fields: the storage key and element id's end, the label, what to paste.
pub const FIELDS: [(&str, &str, &str); 3] = [
    (
        "cloudProfile",
        "CloudProfile",
        "The CloudProfile the Shoots use (kubectl get cloudprofile NAME -o yaml); with a previous \
         version below, its changed version.",
    ),
    (
        "previousCloudProfile",
        "Previous CloudProfile",
        "Optional: the CloudProfile as it is now, to see what the change above moves.",
    ),
    (
        "shoots",
        "Shoots",
        "The Shoots: kubectl get shoots -A -o yaml (a List), or Shoots one after another.",
    ),
];

/// Texts of more lines than this are held, not shown: Chromium took 40 s to lay out a textarea
/// with the 1 million lines (30 MB) of 10 000 Shoots.
pub const SHOWN_LINES: usize = 20_000;

/// Whether the field holds `text` without showing it.
pub fn held(text: &str) -> bool {
    count_lines(text) > SHOWN_LINES
}

/// What a field says below itself: its hint, or what it holds unseen.
pub fn about(text: &str, hint: &str) -> String {
    match held(text) {
        true => format!(
            "Holds a pasted text of {} ({} lines), too long to show here; it is analysed as pasted. \
             A paste replaces it, as does emptying the field.",
            megabytes(text.len()),
            count_lines(text)
        ),
        false => hint.to_string(),
    }
}

/// What a field says when the storage refused its text.
pub fn unsaved(label: &str, text: &str) -> String {
    format!(
        "{label} ({}) is too large for the browser's storage: a reload will not bring it back. \
         Keep a copy of it elsewhere.",
        megabytes(text.len())
    )
}

#[cfg(target_arch = "wasm32")]
pub mod storage {
    use crate::persist::local;

    const PREFIX: &str = "shoot-policy.fleet.v1.";

    /// The text stored under `name`, as it was typed (not JSON: a List of 30 MB is text).
    pub fn load(name: &str) -> String {
        let stored = local().and_then(|storage| storage.get_item(&format!("{PREFIX}{name}")).ok());
        stored.flatten().unwrap_or_default()
    }

    /// Saves `text`; false when the browser refused it. A refused text's older version is
    /// removed, so a reload brings back nothing rather than another List.
    pub fn save(name: &str, text: &str) -> bool {
        let (Some(storage), key) = (local(), format!("{PREFIX}{name}")) else {
            return false;
        };
        let saved = storage.set_item(&key, text).is_ok();
        if !saved {
            let _ = storage.remove_item(&key);
        }
        saved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_says_what_it_holds_unseen() {
        let hint = FIELDS[2].2;
        assert_eq!(about("kind: List\nitems: []\n", hint), hint);
        let list = "- x: 1\n".repeat(SHOWN_LINES);
        assert_eq!(
            about(&list, hint),
            "Holds a pasted text of 0.1 MB (20001 lines), too long to show here; it is analysed as \
             pasted. A paste replaces it, as does emptying the field."
        );
        assert!(
            unsaved("Shoots", &"x".repeat(29_300_000)).starts_with("Shoots (29.3 MB) is too large")
        );
    }
}
