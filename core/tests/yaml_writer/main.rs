//! `document::to_yaml` (the engine's own YAML writer, `document/emit.rs`) against
//! `serde_yaml::to_string`, the library it stands in for: random JSON values of every kind and
//! random patches, with strings of the characters and words libyaml's emitter and serde_yaml's
//! quoting tell apart. Also replays the `emit` fuzz target's seeds and saved inputs.

mod emit;

use proptest::prelude::*;
use serde_json::Value;
use std::path::Path;

/// The characters libyaml's emitter tells apart: indicators, blanks, line breaks, characters it
/// escapes, digits and the letters of YAML's keywords and numbers.
const ALPHABET: &[char] = &[
    ' ', '\t', '\n', '\r', '\u{85}', '\u{2028}', '\u{2029}', '\0', '\u{1b}', '\u{7f}', '\u{a0}',
    '\u{feff}', '\u{fffe}', 'é', '😀', '-', ':', '?', '#', ',', '[', ']', '{', '}', '&', '*', '!',
    '|', '>', '\'', '"', '%', '@', '`', '\\', '.', '0', '1', '9', '+', '_', 'e', 'x', 'o', 'b',
    'a', 'n', 'u', 'l', 't', 'r', 'f', '~', 'N', 'T', 'i', 'y',
];

/// Whole strings that read back as something other than text, or sit at libyaml's edges.
const WORDS: &[&str] = &[
    "", "true", "True", "FALSE", "yes", "null", "Null", "~", "1", "-1", "+1", "1.0", "1e3", ".5",
    ".inf", "-.Inf", ".nan", "0x1F", "-0o17", "0b101", "0123", "-0123", "1_000", "1.2.3",
    "99999999999999999999999", " a", "a ", "a: b", "a:b", "- a", "-", "---", "...", "--- a",
    "# a", "a #b", "? a", "a\nb", "a\n", "\n", "a \nb", "a\n b", "é", "😀 x", "kube-system",
    "kubernetes.io/metadata.name", "NotIn", "Ignore",
    "a-key-of-more-than-one-hundred-and-twenty-eight-bytes-is-written-after-a-question-mark-by-libyaml-as-a-complex-key-of-its-own",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(ALPHABET), 0..8)
            .prop_map(|chars| chars.into_iter().collect()),
        prop::sample::select(WORDS).prop_map(str::to_string),
        ".{0,12}",
    ]
}

fn value(floats: bool) -> impl Strategy<Value = Value> {
    let number = if floats {
        prop_oneof![
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from)
        ]
        .boxed()
    } else {
        prop_oneof![
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from)
        ]
        .boxed()
    };
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number,
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((text(), inner), 0..4)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn json_values_are_written_as_serde_yaml_writes_them(value in value(false)) {
        emit::same_as_serde_yaml(&value);
    }

    #[test]
    fn values_with_floats_are_left_out_and_others_written_as_serde_yaml_does(value in value(true)) {
        emit::same_value_as_serde_yaml(&value);
    }

    #[test]
    fn patches_are_written_as_serde_yaml_writes_them(
        name in text(),
        policy in proptest::option::of(text()),
        timeout in proptest::option::of(any::<i64>()),
        expressions in prop::collection::vec((text(), text(), prop::collection::vec(text(), 0..3)), 0..3),
        selectors in 0..4u8,
    ) {
        let requirements = || {
            expressions.iter().map(|(key, operator, values)| emit::Requirement {
                key,
                operator,
                values: values.iter().map(String::as_str).collect(),
            }).collect()
        };
        let selector = |present: bool| present.then(|| emit::Expressions { match_expressions: requirements() });
        let patch = emit::Patch {
            webhooks: vec![
                emit::Entry {
                    name: &name,
                    failure_policy: policy.as_deref(),
                    timeout_seconds: timeout,
                    namespace_selector: selector(selectors & 1 != 0),
                    object_selector: selector(selectors & 2 != 0),
                },
                emit::Entry {
                    name: "second",
                    failure_policy: None,
                    timeout_seconds: None,
                    namespace_selector: None,
                    object_selector: selector(true),
                },
            ],
        };
        emit::same_as_serde_yaml(&patch);
    }

    #[test]
    fn any_text_is_written_as_serde_yaml_writes_it_in_every_place(text in text()) {
        emit::emit(text.as_bytes());
    }
}

/// The fuzz target's seeds and saved inputs (`fuzz/seeds/emit`, `fuzz/regressions/emit`).
#[test]
fn the_emit_fuzz_inputs_are_written_as_serde_yaml_writes_them() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut replayed = 0;
    for kind in ["seeds", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(kind).join("emit")) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            eprintln!("{}", path.display());
            emit::emit(&std::fs::read(&path).unwrap());
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no seeds under {}", fuzz.display());
}
