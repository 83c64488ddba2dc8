//! Go conventions that Gardener's texts and objects follow: `strconv.Quote` in messages, a JSON
//! `null` decoding to the zero value, `strings.ToLower` and `net.ParseCIDR`.

use serde::{Deserialize, Deserializer};

/// Go's `strconv.Quote` (what `%q` prints): double quotes, Go's short escapes, `\x` for other ASCII
/// control characters, and `\u` (or `\U` above U+FFFF) for every other character Go does not
/// print: see [`is_printable`].
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
            c if is_printable(c) => quoted.push(c),
            c if (c as u32) < 0x10000 => quoted.push_str(&format!("\\u{:04x}", c as u32)),
            c => quoted.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    quoted.push('"');
    quoted
}

/// Go's `strconv.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space.
/// Told apart here by what is not: control and format characters, separators other than the
/// ASCII space, private use, and the noncharacters. Characters Unicode has not assigned yet are
/// also not printable to Go; they are printed as they are here, as the standard library has no
/// table of them.
fn is_printable(c: char) -> bool {
    const FORMAT: &[(u32, u32)] = &[
        (0x00AD, 0x00AD),
        (0x0600, 0x0605),
        (0x061C, 0x061C),
        (0x06DD, 0x06DD),
        (0x070F, 0x070F),
        (0x0890, 0x0891),
        (0x08E2, 0x08E2),
        (0x180E, 0x180E),
        (0x200B, 0x200F),
        (0x202A, 0x202E),
        (0x2060, 0x2064),
        (0x2066, 0x206F),
        (0xFEFF, 0xFEFF),
        (0xFFF9, 0xFFFB),
        (0x110BD, 0x110BD),
        (0x110CD, 0x110CD),
        (0x13430, 0x1343F),
        (0x1BCA0, 0x1BCA3),
        (0x1D173, 0x1D17A),
        (0xE0001, 0xE0001),
        (0xE0020, 0xE007F),
    ];
    const PRIVATE_USE: &[(u32, u32)] =
        &[(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];
    let code = c as u32;
    let within = |ranges: &[(u32, u32)]| {
        ranges
            .iter()
            .any(|&(low, high)| (low..=high).contains(&code))
    };
    let noncharacter = (0xFDD0..=0xFDEF).contains(&code) || code & 0xFFFE == 0xFFFE;
    let separator = c.is_whitespace() && c != ' ';
    !(c.is_control() || separator || noncharacter || within(FORMAT) || within(PRIVATE_USE))
}

/// Go's `strings.ToLower`: each character by Unicode's simple lower-case mapping. Rust's full
/// mapping differs from it only for `İ` (U+0130), which it turns into `i` and a combining dot.
pub fn to_lower(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{130}' => 'i',
            c => c.to_lowercase().next().unwrap_or(c),
        })
        .collect()
}

/// What Go's `net.ParseCIDR` reads: the address in Go's 16-byte form (an IPv4 address as
/// `::ffff:a.b.c.d`), whether it was written as IPv4 (a 4-byte mask), and the prefix length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cidr {
    pub address: [u8; 16],
    pub ipv4: bool,
    pub bits: usize,
}

/// Go's `dtoi` as `net.ParseCIDR` reads a prefix length: decimal digits only, at least one (a
/// number too long for it counts as too large).
pub(crate) fn prefix_length(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<usize>().unwrap_or(usize::MAX))
}

/// The first 12 bytes of an IPv4 address in Go's 16-byte form.
const V4_IN_V6: [u8; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

impl Cidr {
    /// `net.ParseCIDR`: an address as `netip.ParseAddr` takes it (no zone), `/`, and a
    /// [`prefix_length`] (leading zeros allowed) no more than the address's bit length.
    pub fn parse(text: &str) -> Option<Cidr> {
        let (address, bits) = text.split_once('/')?;
        let (address, ipv4) = match address.parse::<std::net::IpAddr>().ok()? {
            std::net::IpAddr::V4(v4) => (v4.to_ipv6_mapped().octets(), true),
            std::net::IpAddr::V6(v6) => (v6.octets(), false),
        };
        let bits = prefix_length(bits)?;
        (bits <= if ipv4 { 32 } else { 128 }).then_some(Cidr {
            address,
            ipv4,
            bits,
        })
    }

    /// The mask over the 16-byte form: an IPv4 mask covers the last four bytes.
    fn mask(&self) -> [u8; 16] {
        let bits = if self.ipv4 { self.bits + 96 } else { self.bits };
        std::array::from_fn(|index| {
            let kept = bits.saturating_sub(index * 8).min(8);
            (0xffu16 << (8 - kept)) as u8
        })
    }

    /// `IPNet.IP`: the address with the bits beyond the prefix cleared.
    pub fn network(&self) -> [u8; 16] {
        let mask = self.mask();
        std::array::from_fn(|index| self.address[index] & mask[index])
    }

    /// `IPNet.IP.To4() != nil`: an IPv4 network, or an IPv6 one in the IPv4-mapped range.
    pub fn is_ipv4(&self) -> bool {
        self.network()[..12] == V4_IN_V6
    }

    /// No address bit beyond the prefix is set.
    #[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
    pub fn is_canonical(&self) -> bool {
        self.network() == self.address
    }

    /// `IPNet.Contains` of an address in the 16-byte form: an IPv4 network holds only IPv4
    /// addresses and an IPv6 one only IPv6 addresses.
    pub fn contains(&self, address: &[u8; 16]) -> bool {
        let (network, mask) = (self.network(), self.mask());
        (network[..12] == V4_IN_V6) == (address[..12] == V4_IN_V6)
            && (0..16).all(|i| network[i] & mask[i] == address[i] & mask[i])
    }
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

/// Reads a `map[string]string` (labels, annotations) as Go's decoder does: `null` is an empty map,
/// and a `null` value (`key:` with nothing after it in YAML) is the empty string under its key.
/// The key stays: `metav1.HasAnnotation` sees it. Use as
/// `#[serde(deserialize_with = "crate::golang::null_values_as_empty")]`.
pub fn null_values_as_empty<'de, D>(
    deserializer: D,
) -> Result<std::collections::BTreeMap<String, String>, D::Error>
where
    D: Deserializer<'de>,
{
    let map: Option<std::collections::BTreeMap<String, Option<String>>> =
        Option::deserialize(deserializer)?;
    Ok((map.unwrap_or_default().into_iter())
        .map(|(key, value)| (key, value.unwrap_or_default()))
        .collect())
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
        // Printable beyond ASCII: letters, marks, symbols (Go's own examples among them).
        assert_eq!(quote("日本\u{301}☺\u{1F600}"), "\"日本\u{301}☺\u{1F600}\"");
        // Not printable to Go: separators but the ASCII space, format and private-use characters,
        // noncharacters (strconv's tests quote "!\u00a0!\u2000!\u3000!" the same way).
        assert_eq!(
            quote("!\u{a0}!\u{2000}!\u{3000}! !"),
            r#""!\u00a0!\u2000!\u3000! !""#
        );
        assert_eq!(
            quote("a\u{200b}b\u{2028}c\u{ad}d\u{e000}e\u{feff}\u{fffe}"),
            r#""a\u200bb\u2028c\u00add\ue000e\ufeff\ufffe""#
        );
        assert_eq!(quote("\u{f0000}\u{e0041}"), r#""\U000f0000\U000e0041""#);
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

    #[test]
    fn a_null_annotation_is_an_empty_one_as_go_decodes_it() {
        // `shoot.gardener.cloud/skip-cleanup:` with nothing after it: the API server stores "",
        // and the cleanup skips the extended APIs on the key alone.
        let value = serde_json::json!({
            "annotations": {"shoot.gardener.cloud/skip-cleanup": null, "a": "b"},
            "labels": null,
        });
        let derived: crate::api::ObjectMeta = crate::decode::from_value(&value).unwrap();
        let serde: crate::api::ObjectMeta = serde_json::from_value(value).unwrap();
        assert_eq!(derived, serde);
        assert_eq!(
            derived.annotations.get("shoot.gardener.cloud/skip-cleanup"),
            Some(&String::new())
        );
        assert!(derived.labels.is_empty());
    }
}
