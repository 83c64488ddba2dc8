//! Kubernetes' rules for names, label keys and values, and annotations, worded as apimachinery
//! v0.36.3 words them:
//!
//! * `pkg/util/validation` (`IsDNS1123Label`, `IsDNS1123Subdomain`): length limits in characters;
//! * `pkg/api/validate/content` (`IsLabelKey`, which `IsQualifiedName` is, with the
//!   `IsDNS1123Subdomain` of a key's prefix, and `IsLabelValue`): length limits in bytes;
//! * `pkg/apis/meta/v1/validation` (`ValidateLabelName`, `ValidateLabels`) and
//!   `pkg/api/validation` (`ValidateAnnotations`), one `Invalid` error per message;
//! * `pkg/runtime/schema` (`ParseGroupVersion`, `ParseGroupResource`).
//!
//! Every validation of this crate that reports these messages takes them from here.

use crate::field::{ErrorType, FieldError};

/// How `pkg/util/validation` words a length limit.
pub(crate) const CHARACTERS: &str = "characters";
/// How `pkg/api/validate/content` words a length limit.
pub(crate) const BYTES: &str = "bytes";

#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) const DNS1123_LABEL_MESSAGE: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
pub(crate) const DNS1123_SUBDOMAIN_MESSAGE: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
/// The rule of a label key's name part (and of the whole key when it has too many `/`).
pub(crate) const LABEL_KEY_RULE: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
pub(crate) const LABEL_VALUE_MESSAGE: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?`
pub(crate) fn is_dns1123_label(text: &str) -> bool {
    let edge = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    let bytes = text.as_bytes();
    bytes.first().is_some_and(edge)
        && bytes.last().is_some_and(edge)
        && bytes.iter().all(|b| edge(b) || *b == b'-')
}

/// The DNS-1123 subdomain pattern, without the length limit: dot-separated labels.
pub(crate) fn is_dns1123_subdomain(text: &str) -> bool {
    text.split('.').all(is_dns1123_label)
}

/// `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`: a label key's name part, a non-empty label value.
pub(crate) fn is_label_name(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_alphanumeric)
        && bytes.last().is_some_and(u8::is_ascii_alphanumeric)
        && (bytes.iter()).all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

fn max_length(messages: &mut Vec<String>, text: &str, limit: usize, unit: &str) {
    if text.len() > limit {
        messages.push(format!("must be no more than {limit} {unit}"));
    }
}

/// `validation.IsDNS1123Label`.
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn dns1123_label(text: &str) -> Vec<String> {
    let mut messages = Vec::new();
    max_length(&mut messages, text, 63, CHARACTERS);
    if !is_dns1123_label(text) {
        messages.push(if is_dns1123_subdomain(text) {
            "must not contain dots".to_string()
        } else {
            DNS1123_LABEL_MESSAGE.to_string()
        });
    }
    messages
}

/// `IsDNS1123Subdomain`, its length limit worded in `unit` ([`CHARACTERS`] for
/// `pkg/util/validation`, [`BYTES`] for `content`).
pub(crate) fn dns1123_subdomain(text: &str, unit: &str) -> Vec<String> {
    let mut messages = Vec::new();
    max_length(&mut messages, text, 253, unit);
    if !is_dns1123_subdomain(text) {
        messages.push(DNS1123_SUBDOMAIN_MESSAGE.to_string());
    }
    messages
}

/// `content.IsLabelKey` (`IsQualifiedName`): an optional DNS-subdomain prefix and `/`, and a name.
pub(crate) fn label_key(key: &str) -> Vec<String> {
    let mut messages = Vec::new();
    let parts: Vec<&str> = key.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                messages.push("prefix part must be non-empty".to_string());
            } else {
                for message in dns1123_subdomain(prefix, BYTES) {
                    messages.push(format!("prefix part {message}"));
                }
            }
            name
        }
        _ => {
            return vec![format!("a valid label key {LABEL_KEY_RULE} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")];
        }
    };
    if name.is_empty() {
        messages.push("name part must be non-empty".to_string());
    } else if name.len() > 63 {
        messages.push(format!("name part must be no more than 63 {BYTES}"));
    }
    if !is_label_name(name) {
        messages.push(format!("name part {LABEL_KEY_RULE}"));
    }
    messages
}

/// `content.IsLabelValue` (`validation.IsValidLabelValue`).
pub(crate) fn label_value(value: &str) -> Vec<String> {
    let mut messages = Vec::new();
    max_length(&mut messages, value, 63, BYTES);
    if !value.is_empty() && !is_label_name(value) {
        messages.push(LABEL_VALUE_MESSAGE.to_string());
    }
    messages
}

/// `schema.ParseGroupVersion`: `(group, version)`, or Go's error text.
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn parse_group_version(text: &str) -> Result<(&str, &str), String> {
    if text.is_empty() || text == "/" {
        return Ok(("", ""));
    }
    match text.split_once('/') {
        None => Ok(("", text)),
        Some((group, version)) if !version.contains('/') => Ok((group, version)),
        _ => Err(format!("unexpected GroupVersion string: {text}")),
    }
}

/// `schema.ParseGroupResource`: `(group, resource)` of `resource.group`, split at the first dot.
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn parse_group_resource(text: &str) -> (&str, &str) {
    match text.split_once('.') {
        Some((resource, group)) => (group, resource),
        None => ("", text),
    }
}

/// One `Invalid` error at `path` per message.
pub(crate) fn invalid_each(path: &str, messages: Vec<String>, errors: &mut Vec<FieldError>) {
    errors.extend(messages.into_iter().map(|m| FieldError::invalid(path, m)));
}

/// One entry of `metav1validation.ValidateLabels`: `ValidateLabelName` of the key and the value's
/// messages, all at the labels' own path. (Go walks a map: callers go through the keys in order.)
pub(crate) fn validate_label(key: &str, value: &str, path: &str, errors: &mut Vec<FieldError>) {
    invalid_each(path, label_key(key), errors);
    invalid_each(path, label_value(value), errors);
}

/// `apivalidation.ValidateAnnotations` of the entries in key order: every key a qualified name once
/// lower-cased (Go's `strings.ToLower`), and keys and values together at most 256 KiB.
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn validate_annotations(
    entries: &[(&str, &str)],
    path: &str,
    errors: &mut Vec<FieldError>,
) {
    const LIMIT: usize = 256 * 1024;
    let mut size = 0;
    for (key, value) in entries {
        invalid_each(path, label_key(&crate::golang::to_lower(key)), errors);
        size += key.len() + value.len();
    }
    if size > LIMIT {
        errors.push(too_long(path, LIMIT));
    }
}

/// `field.TooLong` with a limit in bytes.
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn too_long(path: impl Into<String>, limit: usize) -> FieldError {
    let unit = if limit == 1 { "byte" } else { "bytes" };
    FieldError::new(
        ErrorType::FieldValueTooLong,
        path,
        format!("may not be more than {limit} {unit}"),
    )
}

/// `field.NotSupported` of a fixed list (see [`super::not_supported`]).
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn supported(path: impl Into<String>, values: &[&str]) -> FieldError {
    let values: Vec<String> = values.iter().map(|value| value.to_string()).collect();
    super::not_supported(path, &values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_keys_follow_apimachinery() {
        assert_eq!(label_key("example.com/name"), Vec::<String>::new());
        assert_eq!(label_key("/name"), ["prefix part must be non-empty"]);
        assert_eq!(
            label_key("Ex.com/"),
            [
                format!("prefix part {DNS1123_SUBDOMAIN_MESSAGE}"),
                "name part must be non-empty".to_string(),
                format!("name part {LABEL_KEY_RULE}"),
            ]
        );
        assert_eq!(
            label_key(&"a".repeat(64)),
            ["name part must be no more than 63 bytes"]
        );
        assert_eq!(
            label_key(&format!("{}/a", "a".repeat(254))),
            ["prefix part must be no more than 253 bytes"]
        );
        assert_eq!(
            label_key("a/b/c"),
            [format!("a valid label key {LABEL_KEY_RULE} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")]
        );
        // Go lower-cases the Kelvin sign to an ASCII `k`.
        assert!(label_key(&crate::golang::to_lower("\u{212A}ey")).is_empty());
        assert_eq!(
            dns1123_label(&"a".repeat(64)),
            ["must be no more than 63 characters"]
        );
        assert_eq!(dns1123_label("a.b"), ["must not contain dots"]);
    }
}
