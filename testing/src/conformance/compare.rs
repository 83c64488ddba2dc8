//! Comparison rules of the case schemas: only what `expect` lists is checked, a missing list equals an
//! empty one, `...Contains` is a substring match, and validation errors follow the shared convention.

use super::Outcome;
use serde::Serialize;
use shoot_policy::document::Value;
use shoot_policy::field::FieldError;

/// One difference between Gardener's result and ours.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    pub field: String,
    pub expected: String,
    pub actual: String,
}

impl Mismatch {
    /// A case that could not be evaluated at all.
    pub fn error(message: String) -> Mismatch {
        Mismatch {
            field: "(evaluation)".to_string(),
            expected: "a result".to_string(),
            actual: message,
        }
    }
}

/// Collects the mismatches of one case against its `expect` object.
pub struct Checker<'a> {
    expect: &'a Value,
    mismatches: Vec<Mismatch>,
}

fn show(value: &Value) -> String {
    match value {
        Value::String(text) => format!("{text:?}"),
        other => other.to_string(),
    }
}

/// `null`, an empty list and an absent field all mean "nothing".
fn is_nothing(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        _ => false,
    }
}

/// Equality of expected and actual values, where "nothing" equals "nothing" and numbers compare by
/// value (YAML `1` and JSON `1.0`).
pub fn values_match(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| values_match(x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            keys.into_iter().all(|key| {
                values_match(
                    a.get(key).unwrap_or(&Value::Null),
                    b.get(key).unwrap_or(&Value::Null),
                )
            })
        }
        (a, b) if is_nothing(a) && is_nothing(b) => true,
        (a, b) => a == b,
    }
}

/// Equality of a whole answer: `null`, an empty list and an absent key are three different values,
/// and an object must have exactly the keys of the other; numbers compare by value.
pub fn exactly_equal(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| exactly_equal(x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && (a.iter()).all(|(key, x)| b.get(key).is_some_and(|y| exactly_equal(x, y)))
        }
        (a, b) => a == b,
    }
}

/// Whether two lists hold the same items regardless of order (a multiset comparison).
pub fn same_items(expected: &[Value], actual: &[Value]) -> bool {
    if expected.len() != actual.len() {
        return false;
    }
    let mut unused: Vec<&Value> = actual.iter().collect();
    expected.iter().all(|item| {
        match unused
            .iter()
            .position(|candidate| values_match(item, candidate))
        {
            Some(index) => {
                unused.swap_remove(index);
                true
            }
            None => false,
        }
    })
}

fn as_list(value: &Value) -> &[Value] {
    match value {
        Value::Array(items) => items,
        _ => &[],
    }
}

impl<'a> Checker<'a> {
    pub fn new(expect: &'a Value) -> Checker<'a> {
        Checker {
            expect,
            mismatches: Vec::new(),
        }
    }

    /// The case's whole `expect` object.
    pub fn expect(&self) -> &'a Value {
        self.expect
    }

    /// Records a mismatch.
    pub fn mismatch(&mut self, field: &str, expected: String, actual: String) {
        self.mismatches.push(Mismatch {
            field: field.to_string(),
            expected,
            actual,
        });
    }

    /// Compares `expected` with `actual` exactly (under [`values_match`]).
    pub fn equal(&mut self, field: &str, expected: &Value, actual: &Value) {
        if !values_match(expected, actual) {
            self.mismatch(field, show(expected), show(actual));
        }
    }

    /// Compares a whole answer with Gardener's, key by key: every key either side has must be the
    /// other's, with the same value under [`exactly_equal`] (`null`, `[]` and absent differ).
    pub fn whole(&mut self, expected: &Value, actual: &Value) {
        let (Some(expected_keys), Some(actual_keys)) = (expected.as_object(), actual.as_object())
        else {
            if !exactly_equal(expected, actual) {
                self.mismatch("(whole answer)", show(expected), show(actual));
            }
            return;
        };
        let keys: std::collections::BTreeSet<&String> =
            expected_keys.keys().chain(actual_keys.keys()).collect();
        for key in keys {
            match (expected_keys.get(key), actual_keys.get(key)) {
                (Some(e), Some(a)) if exactly_equal(e, a) => {}
                (e, a) => {
                    let show_or_absent = |v: Option<&Value>| v.map_or("absent".to_string(), show);
                    self.mismatch(key, show_or_absent(e), show_or_absent(a));
                }
            }
        }
    }

    /// Compares the top-level expect field `name` with `actual`, when the case lists it.
    pub fn field(&mut self, name: &str, actual: impl Serialize) {
        if let Some(expected) = self.expect.get(name) {
            let actual = to_value(actual);
            self.equal(name, expected, &actual);
        }
    }

    /// Compares the top-level expect list `name` with `actual` as an unordered collection.
    pub fn unordered_field(&mut self, name: &str, actual: impl Serialize) {
        if let Some(expected) = self.expect.get(name) {
            let actual = to_value(actual);
            self.unordered(name, expected, &actual);
        }
    }

    /// Compares two lists as unordered collections.
    pub fn unordered(&mut self, field: &str, expected: &Value, actual: &Value) {
        if !same_items(as_list(expected), as_list(actual)) {
            self.mismatch(field, show(expected), show(actual));
        }
    }

    /// Checks that `actual` contains the substring `expected` (a `...Contains` field).
    pub fn contains(&mut self, field: &str, expected: &Value, actual: &str) {
        match expected {
            Value::String(needle) if actual.contains(needle.as_str()) => {}
            Value::Array(needles) => {
                for needle in needles {
                    self.contains(field, needle, actual);
                }
            }
            _ => self.mismatch(
                field,
                format!("containing {}", show(expected)),
                format!("{actual:?}"),
            ),
        }
    }

    /// Checks every field `expected` lists against `actual`, recursively; fields it does not list are not
    /// checked. A key `xContains` checks that `actual.x` contains the given substring(s). Lists are
    /// compared in order and in full.
    pub fn subset(&mut self, field: &str, expected: &Value, actual: &Value) {
        match expected {
            Value::Object(expected_fields) => {
                for (key, expected_value) in expected_fields {
                    let path = if field.is_empty() {
                        key.clone()
                    } else {
                        format!("{field}.{key}")
                    };
                    if let Some(base) = key.strip_suffix("Contains").filter(|b| !b.is_empty()) {
                        let text = actual.get(base).and_then(Value::as_str).unwrap_or("");
                        self.contains(&path, expected_value, text);
                        continue;
                    }
                    let actual_value = actual.get(key).unwrap_or(&Value::Null);
                    self.subset(&path, expected_value, actual_value);
                }
            }
            _ => self.equal(field, expected, actual),
        }
    }

    /// The outcome of the case.
    pub fn finish(self) -> Outcome {
        if self.mismatches.is_empty() {
            Outcome::Passed
        } else {
            Outcome::Failed(self.mismatches)
        }
    }

    /// Checks a result against the validation convention shared by the validation kinds: `valid`,
    /// `errors` (order-insensitive; `detail` exact, `detailContains` substring), `exhaustive`, and the
    /// admission `message` / `messageContains` / `messageContainsAll`.
    pub fn validation(&mut self, errors: &[FieldError], message: Option<&str>) {
        let expect = self.expect;
        if let Some(valid) = expect.get("valid") {
            let actual_valid = errors.is_empty() && message.is_none();
            self.equal("valid", valid, &Value::Bool(actual_valid));
        }
        let expected_errors = expect.get("errors").map(as_list).unwrap_or(&[]);
        // Each error with the number of times it may still be matched: a counted error stands
        // for that many identical errors of Gardener's list.
        let mut unused: Vec<(&FieldError, usize)> = errors.iter().map(|e| (e, e.count)).collect();
        for expected in expected_errors {
            match unused
                .iter()
                .position(|(actual, _)| field_error_matches(actual, expected))
            {
                Some(index) => {
                    unused[index].1 -= 1;
                    if unused[index].1 == 0 {
                        unused.swap_remove(index);
                    }
                }
                None => self.mismatch(
                    "errors",
                    format!("an error {}", show(expected)),
                    format!(
                        "{:?}",
                        errors.iter().map(FieldError::to_string).collect::<Vec<_>>()
                    ),
                ),
            }
        }
        if expect.get("exhaustive") == Some(&Value::Bool(true)) && !unused.is_empty() {
            self.mismatch(
                "errors (exhaustive)",
                "no further errors".to_string(),
                format!(
                    "{:?}",
                    (unused.iter())
                        .map(|(e, left)| (*e).clone().times(*left).to_string())
                        .collect::<Vec<_>>()
                ),
            );
        }
        let message_text = message.unwrap_or("");
        if let Some(expected) = expect.get("message") {
            if expected.as_str() != Some(message_text) {
                self.mismatch("message", show(expected), format!("{message_text:?}"));
            }
        }
        for key in ["messageContains", "messageContainsAll"] {
            if let Some(expected) = expect.get(key) {
                self.contains(key, expected, message_text);
            }
        }
    }
}

/// Serializes a result for comparison.
pub fn to_value(actual: impl Serialize) -> Value {
    serde_json::to_value(actual).unwrap_or_else(|e| Value::String(format!("<unserializable: {e}>")))
}

fn field_error_matches(error: &FieldError, expected: &Value) -> bool {
    let text = |key: &str| expected.get(key).and_then(Value::as_str);
    text("field").is_none_or(|field| field == error.field)
        && text("type").is_none_or(|kind| kind == error.error_type.as_str())
        && text("detail").is_none_or(|detail| detail == error.detail)
        && text("detailContains").is_none_or(|part| error.detail.contains(part))
        && text("errorText").is_none_or(|go_text| error_text_matches(error, go_text))
}

/// Whether Go's `field.Error.Error()` text of an error (`field: Type: value: detail`, where the
/// value may be left out) is `error`'s: the engine keeps no values, so the text must start with
/// the field and the type and end with the detail.
fn error_text_matches(error: &FieldError, go_text: &str) -> bool {
    let full = error.go_text();
    // `<field>: <type>`, the text before the detail.
    let head = &full[..full.len() - error.detail.len() - 2];
    let Some(rest) = go_text.strip_prefix(head) else {
        return false;
    };
    (rest.is_empty() || rest.starts_with(": "))
        && (error.detail.is_empty() || rest.ends_with(&format!(": {}", error.detail)))
}
