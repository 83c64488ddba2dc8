//! Go conventions that Gardener's texts and objects follow: `strconv.Quote` in messages, and a JSON
//! `null` decoding to the zero value.

use serde::{Deserialize, Deserializer};

/// Go's `strconv.Quote` (what `%q` prints): double quotes, Go's short escapes, `\x` for other ASCII
/// control characters and `\u` for other control characters.
pub fn quote(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\u{7}' => quoted.push_str("\\a"),
            '\u{8}' => quoted.push_str("\\b"),
            '\u{c}' => quoted.push_str("\\f"),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            '\u{b}' => quoted.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                quoted.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() => quoted.push_str(&format!("\\u{:04x}", c as u32)),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// Reads an explicit `null` (an empty YAML key, a JSON `null`) like an absent field, as Go decodes both
/// into the zero value. Use as `#[serde(deserialize_with = "crate::golang::null_as_default")]`.
pub fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_like_go() {
        assert_eq!(quote("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(quote("tab\there\n"), r#""tab\there\n""#);
        assert_eq!(quote("\u{1}\u{7f}"), r#""\x01\x7f""#);
        assert_eq!(quote("\u{85}"), r#""\u0085""#);
        assert_eq!(quote("grüße"), "\"grüße\"");
    }

    #[test]
    fn null_reads_as_the_zero_value() {
        #[derive(Deserialize, crate::decode::FromValue)]
        struct Holder {
            #[serde(deserialize_with = "null_as_default")]
            items: Vec<String>,
        }
        let holder: Holder = serde_json::from_str(r#"{"items": null}"#).unwrap();
        assert!(holder.items.is_empty());
        let value = serde_json::json!({"items": null});
        let holder: Holder = crate::decode::from_value(&value).unwrap();
        assert!(holder.items.is_empty());
        let value = serde_json::json!({"items": ["a"]});
        let holder: Holder = crate::decode::from_value(&value).unwrap();
        assert_eq!(holder.items, ["a"]);
    }
}
