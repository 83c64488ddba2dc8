//! Gardener's version strings: parsed loosely, ordered by semver precedence.
//!
//! Gardener parses versions with Masterminds semver v3 (`NewVersion`), which is looser than SemVer 2.0:
//! a leading `v` is optional and one to three numeric components are accepted (`1.27` is `1.27.0`).
//! Pre-release identifiers must still be valid SemVer identifiers, and ordering follows SemVer
//! precedence (`1.0.0-inplace` < `1.0.0`; build metadata is ignored). Gardener writes back the
//! CloudProfile's literal string, so a [`Version`] keeps the text it was parsed from.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

/// A parsed Gardener version that remembers its original spelling.
#[derive(Debug, Clone)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    pub pre: semver::Prerelease,
    pub build: semver::BuildMetadata,
    /// The text parsed, kept only where it differs from the canonical form: nearly every version
    /// a CloudProfile lists is spelled canonically, and a large one lists thousands.
    spelling: Option<Box<str>>,
}

/// Why a string is not a version, as Masterminds semver (v3.5, the version Gardener pins) tells
/// them apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionError {
    /// The string does not have the shape `[v]N[.N[.N]][-pre][+build]`, whose identifiers are
    /// non-empty runs of ASCII letters, digits and hyphens.
    Invalid(String),
    /// A numeric pre-release identifier has a leading zero (`1.2.3-01`).
    SegmentStartsZero(String),
    /// A numeric component does not fit 64 bits.
    SegmentOutOfRange { version: String, segment: String },
}

/// Masterminds `semver.NewVersion`, with the error text that library reports.
pub(crate) fn parse_masterminds(text: &str) -> Result<Version, String> {
    Version::parse(text).map_err(|error| error.masterminds_message())
}

impl VersionError {
    /// The error text of `semver.NewVersion`, which Gardener puts into its own messages.
    pub fn masterminds_message(&self) -> String {
        match self {
            VersionError::Invalid(_) => "invalid semantic version".to_string(),
            VersionError::SegmentStartsZero(_) => "version segment starts with 0".to_string(),
            VersionError::SegmentOutOfRange { segment, .. } => format!(
                "error parsing version segment: strconv.ParseUint: parsing {}: value out of range",
                crate::golang::quote(segment)
            ),
        }
    }
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionError::Invalid(text) => write!(f, "invalid semantic version: {text:?}"),
            VersionError::SegmentStartsZero(text) => {
                write!(f, "a pre-release number starts with 0 in version {text:?}")
            }
            VersionError::SegmentOutOfRange { version, segment } => {
                write!(f, "{segment} is too large a number in version {version:?}")
            }
        }
    }
}

impl std::error::Error for VersionError {}

/// `text.split_once(separator)`, without the `char` searcher that costs more than a version is
/// long.
fn split_once_byte(text: &str, separator: u8) -> (&str, Option<&str>) {
    match text.bytes().position(|byte| byte == separator) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    }
}

/// What is wrong with a version's core (its dot-separated numbers).
enum CoreError<'a> {
    /// A part is empty or not all digits, or there is a fourth one: Masterminds' pattern fails.
    Shape,
    /// The first part, in order, too large for 64 bits (`strconv.ParseUint` fails on it).
    OutOfRange(&'a str),
}

/// The up to three numbers of a version's core, read in one pass over its bytes: this runs tens of
/// thousands of times for a large CloudProfile. The shape of every part is checked before any
/// part is out of range, as Masterminds matches its pattern before it parses a segment.
fn core_numbers(core: &str) -> Result<[u64; 3], CoreError<'_>> {
    let mut numbers = [0u64; 3];
    let mut out_of_range = None;
    for (index, part) in core.as_bytes().split(|byte| *byte == b'.').enumerate() {
        if index == 3 || part.is_empty() {
            return Err(CoreError::Shape);
        }
        let mut value = Some(0u64);
        for byte in part {
            if !byte.is_ascii_digit() {
                return Err(CoreError::Shape);
            }
            value = value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u64::from(byte - b'0')));
        }
        match value {
            Some(value) => numbers[index] = value,
            // All ASCII digits, so the part is its own `&str`.
            None => {
                out_of_range = out_of_range.or(std::str::from_utf8(part).ok());
            }
        }
    }
    match out_of_range {
        Some(part) => Err(CoreError::OutOfRange(part)),
        None => Ok(numbers),
    }
}

/// The numbers of a version without `v`, pre-release or build that is `N[.N[.N]]`, each number
/// within 64 bits, read in one pass: nearly every version a CloudProfile lists, and a large one
/// lists thousands. `None` for every other text, which [`Version::parse_in_full`] then reads.
/// With the numbers, whether `body` is written as [`Version::canonical`] writes them: all three,
/// none with a leading zero.
fn plain_numbers(body: &str) -> Option<([u64; 3], bool)> {
    let mut numbers = [0u64; 3];
    let (mut index, mut digits, mut leading_zero) = (0, 0, false);
    for &byte in body.as_bytes() {
        match byte {
            b'0'..=b'9' => {
                leading_zero |= digits == 1 && numbers[index] == 0;
                let number = numbers[index].checked_mul(10)?;
                numbers[index] = number.checked_add(u64::from(byte - b'0'))?;
                digits += 1;
            }
            b'.' if digits > 0 && index < 2 => (index, digits) = (index + 1, 0),
            _ => return None,
        }
    }
    (digits > 0).then_some((numbers, index == 2 && !leading_zero))
}

impl Version {
    /// Parses like Masterminds `semver.NewVersion`.
    pub fn parse(text: &str) -> Result<Version, VersionError> {
        let body = text.strip_prefix('v').unwrap_or(text);
        match plain_numbers(body) {
            Some(([major, minor, patch], canonical)) => Ok(Version {
                major,
                minor,
                patch,
                pre: semver::Prerelease::EMPTY,
                build: semver::BuildMetadata::EMPTY,
                spelling: (!canonical || body.len() < text.len()).then(|| text.into()),
            }),
            None => Version::parse_in_full(text),
        }
    }

    /// [`Version::parse`] without the shortcut for plain versions.
    fn parse_in_full(text: &str) -> Result<Version, VersionError> {
        let invalid = || VersionError::Invalid(text.to_string());
        let body = text.strip_prefix('v').unwrap_or(text);
        let (core_and_pre, build) = split_once_byte(body, b'+');
        let (core, pre) = split_once_byte(core_and_pre, b'-');
        let numbers = core_numbers(core);
        // The shape first (Masterminds' pattern), then the segments' range, then the one rule
        // its pattern leaves out.
        let identifiers_fit = |part: &str| {
            part.split('.').all(|identifier| {
                !identifier.is_empty()
                    && (identifier.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'-')
            })
        };
        if matches!(numbers, Err(CoreError::Shape))
            || !pre.is_none_or(identifiers_fit)
            || !build.is_none_or(identifiers_fit)
        {
            return Err(invalid());
        }
        let numbers = numbers.map_err(|error| match error {
            CoreError::OutOfRange(segment) => VersionError::SegmentOutOfRange {
                version: text.to_string(),
                segment: segment.to_string(),
            },
            CoreError::Shape => invalid(),
        })?;
        let pre = match pre {
            None => semver::Prerelease::EMPTY,
            Some(pre) => semver::Prerelease::new(pre)
                .map_err(|_| VersionError::SegmentStartsZero(text.to_string()))?,
        };
        let build = match build {
            None => semver::BuildMetadata::EMPTY,
            Some(build) => semver::BuildMetadata::new(build).map_err(|_| invalid())?,
        };
        Ok(Version {
            major: numbers[0],
            minor: numbers[1],
            patch: numbers[2],
            pre,
            build,
            // The shortcut reads every version spelled canonically.
            spelling: Some(text.into()),
        })
    }

    /// The string this version was parsed from, as the CloudProfile spells it.
    pub fn original(&self) -> Cow<'_, str> {
        match &self.spelling {
            Some(text) => Cow::Borrowed(text),
            None => Cow::Owned(self.canonical()),
        }
    }

    /// The canonical `X.Y.Z[-pre][+build]` form (Masterminds `Version.String`).
    pub fn canonical(&self) -> String {
        let mut text = String::new();
        // Writing to a `String` cannot fail.
        let _ = self.write_numbers(&mut text);
        if !self.pre.is_empty() {
            text.push('-');
            text.push_str(self.pre.as_str());
        }
        if !self.build.is_empty() {
            text.push('+');
            text.push_str(self.build.as_str());
        }
        text
    }

    /// Writes `X.Y.Z`, the numbers of the canonical form.
    fn write_numbers(&self, out: &mut impl fmt::Write) -> fmt::Result {
        write_number(out, self.major)?;
        out.write_char('.')?;
        write_number(out, self.minor)?;
        out.write_char('.')?;
        write_number(out, self.patch)
    }

    /// Whether both have the same [`Version::canonical`] form, without writing it: equal in
    /// precedence (a pre-release is ordered by the text it is, as no numeric identifier has a
    /// leading zero) and in build metadata.
    pub fn same_canonical(&self, other: &Version) -> bool {
        self == other && self.build == other.build
    }

    /// Same major and minor.
    pub fn same_minor(&self, other: &Version) -> bool {
        self.major == other.major && self.minor == other.minor
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Version {}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    /// SemVer precedence; build metadata does not take part (Masterminds `Compare`).
    fn cmp(&self, other: &Self) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(|| self.pre.cmp(&other.pre))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.spelling {
            Some(text) => f.write_str(text),
            None => self.write_numbers(f),
        }
    }
}

/// Writes the decimal digits of `number`, without the formatting machinery.
fn write_number(out: &mut impl fmt::Write, number: u64) -> fmt::Result {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = number;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    (digits[start..].iter()).try_for_each(|digit| out.write_char(char::from(*digit)))
}

/// Gardener's `versionutils.Normalize`: drops every `v` and cuts at the first `-`, `+` or `~`.
/// Borrowed where no `v` is dropped: every maintenance run and validation pass normalizes each
/// version it compares, and copying was most of that cost.
pub fn normalize(text: &str) -> Cow<'_, str> {
    // Bytes, not chars: the separators are ASCII, which no byte of a longer UTF-8 sequence equals.
    let cut = |text: &str| {
        (text.bytes())
            .position(|byte| matches!(byte, b'-' | b'+' | b'~'))
            .unwrap_or(text.len())
    };
    if !text.as_bytes().contains(&b'v') {
        return Cow::Borrowed(&text[..cut(text)]);
    }
    let mut without_v = text.replace('v', "");
    without_v.truncate(cut(&without_v));
    Cow::Owned(without_v)
}

/// Gardener's `versionutils.CompareVersions(a, op, b)`: `op b`, `b` normalized, read as a Masterminds
/// constraint, then `a` normalized parsed as a version and checked. The error is the library's:
/// `improper constraint: …` for the right side first, as Go parses it first, then the left side's.
///
/// The constraint keeps Masterminds' reading of a partial version: `<= 1.31` holds for every
/// 1.31 patch, `= 1.31` for any of them (the oracle found a pool at image version `1.31` whose
/// in-place candidates Gardener kept). A full `b` under a plain operator compares directly.
pub fn compare_versions(a: &str, op: &str, b: &str) -> Result<bool, String> {
    let b_text = normalize(b);
    let left = || Version::parse(&normalize(a)).map_err(|e| e.masterminds_message());
    let plain = matches!(op, "=" | "!=" | "<" | "<=" | ">" | ">=");
    if plain && is_full(&b_text) {
        if let Ok(right) = Version::parse(&b_text) {
            return Ok(compare(&left()?, op, &right).unwrap_or(false));
        }
    }
    let constraint = crate::semver_constraint::Constraint::parse(&format!("{op} {b_text}"))?;
    Ok(constraint.check(&left()?))
}

/// [`compare_versions`] where an error counts as no answer.
pub fn compare_normalized(a: &str, op: &str, b: &str) -> Option<bool> {
    compare_versions(a, op, b).ok()
}

/// Whether a normalized version names major, minor and patch in digits: a constraint on it reads
/// it as it is, with no wildcard.
pub fn is_full(normalized: &str) -> bool {
    normalized.split('.').count() == 3
        && (normalized.split('.'))
            .all(|part| !part.is_empty() && part.bytes().all(|d| d.is_ascii_digit()))
}

/// The Masterminds constraint `op version` that [`compare_normalized`] checks, `version` normalized.
pub fn normalized_constraint(
    op: &str,
    normalized: &str,
) -> Option<crate::semver_constraint::Constraint> {
    crate::semver_constraint::Constraint::parse(&format!("{op} {normalized}")).ok()
}

/// The version [`compare_normalized`] compares for `text`, for a caller comparing one text with
/// many; `None` when it does not parse.
pub fn parse_normalized(text: &str) -> Option<Version> {
    Version::parse(&normalize(text)).ok()
}

/// [`compare_normalized`] of two versions parsed by [`parse_normalized`].
pub fn compare(a: &Version, op: &str, b: &Version) -> Option<bool> {
    Some(match op {
        "=" | "==" => a == b,
        "!=" => a != b,
        "<" => a < b,
        "<=" => a <= b,
        ">" => a > b,
        ">=" => a >= b,
        "~" => a.same_minor(b) && a >= b,
        "^" => a.major == b.major && a >= b,
        _ => return None,
    })
}

/// Gardener's `versionutils.ConstraintK8sGreaterEqual1xx` (`>= 1.xx-0`) and `ConstraintK8sLess1xx`
/// (`< 1.xx-0`) of a version as written (not normalised): `Some(true)` at or above `1.minor`,
/// `Some(false)` below it, `None` when the version does not parse, which meets neither constraint.
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn k8s_minor_at_least(version: &str, minor: u64) -> Option<bool> {
    let version = Version::parse(version).ok()?;
    let bound = Version::parse(&format!("1.{minor}.0-0")).ok()?;
    Some(version >= bound)
}

/// `versionutils.ConstraintK8sGreaterEqual1xx.CheckVersion`: see [`k8s_minor_at_least`].
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn k8s_at_least(version: &str, minor: u64) -> bool {
    k8s_minor_at_least(version, minor) == Some(true)
}

/// `versionutils.ConstraintK8sLess1xx.CheckVersion`: see [`k8s_minor_at_least`].
#[cfg_attr(not(feature = "complete-validation"), allow(dead_code))]
pub(crate) fn k8s_below(version: &str, minor: u64) -> bool {
    k8s_minor_at_least(version, minor) == Some(false)
}

/// Gardener's `VersionRange.Contains`: `added ≤ version < removed` on the normalised version, an
/// absent bound open. The bounds are the callers' own constants; one that does not parse contains
/// nothing, as its constraint fails in Go. A version that does not parse is the error.
pub fn range_contains(
    version: &str,
    added: Option<&str>,
    removed: Option<&str>,
) -> Result<bool, VersionError> {
    let version = Version::parse(&normalize(version))?;
    let bound = |text: Option<&str>| text.map(Version::parse).transpose();
    let (Ok(added), Ok(removed)) = (bound(added), bound(removed)) else {
        return Ok(false);
    };
    Ok(added.is_none_or(|added| version >= added)
        && removed.is_none_or(|removed| version < removed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Version {
        Version::parse(text).unwrap()
    }

    #[test]
    fn the_shortcut_for_plain_versions_reads_as_the_full_parse() {
        // Every text of up to six characters over the characters that matter, and numbers at the
        // edge of 64 bits.
        let alphabet = ['v', '0', '1', '9', '.', '-', '+', 'a'];
        let mut texts = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..6 {
            last = (last.iter())
                .flat_map(|text| alphabet.iter().map(move |c| format!("{text}{c}")))
                .collect();
            texts.extend(last.iter().cloned());
        }
        let max = u64::MAX.to_string();
        let over = "18446744073709551616";
        for edge in [max.as_str(), over, "00000000000000000000001"] {
            texts.extend([
                edge.to_string(),
                format!("1.{edge}"),
                format!("v1.2.{edge}"),
                format!("{edge}.{over}"),
            ]);
        }
        let mut plain = 0;
        for text in &texts {
            let parsed = Version::parse(text);
            let in_full = Version::parse_in_full(text);
            assert_eq!(parsed, in_full, "{text:?}");
            if let (Ok(a), Ok(b)) = (&parsed, &in_full) {
                assert_eq!(a.canonical(), b.canonical(), "{text:?}");
                assert_eq!(a.original(), b.original(), "{text:?}");
                assert_eq!(a.original(), text.as_str());
                assert_eq!(a.to_string(), *text);
            }
            let is_plain = plain_numbers(text.strip_prefix('v').unwrap_or(text)).is_some();
            plain += usize::from(is_plain);
            if let Ok(version) = &parsed {
                // Kept where the canonical form would not give it back, and for every text the
                // shortcut does not read.
                let kept = !is_plain || version.canonical() != *text;
                assert_eq!(version.spelling.is_some(), kept, "{text:?}");
            }
        }
        assert!(plain > 1000, "{plain}");
    }

    #[test]
    fn parses_loosely_like_gardener() {
        assert_eq!(v("1.27").canonical(), "1.27.0");
        assert_eq!(v("v1.2.3").canonical(), "1.2.3");
        assert_eq!(v("2").canonical(), "2.0.0");
        assert_eq!(v("1.0.0-inplace").canonical(), "1.0.0-inplace");
        assert_eq!(v("2").original(), "2");
    }

    #[test]
    fn same_canonical_agrees_with_comparing_the_canonical_texts() {
        let texts = [
            "1.27",
            "1.27.0",
            "v1.27.0",
            "01.27.0",
            "1.27.1",
            "1.27.0-rc.1",
            "1.27.0-rc.01a",
            "1.27.0-rc.1+a",
            "1.27.0+a",
            "v1.27+a",
            "1.27.0+b",
            "1.27.0+a.1",
            "2",
            "1.27.0-1",
        ];
        for a in texts {
            for b in texts {
                assert_eq!(
                    v(a).same_canonical(&v(b)),
                    v(a).canonical() == v(b).canonical(),
                    "{a} and {b}"
                );
            }
        }
    }

    #[test]
    fn rejects_malformed_versions_with_precise_messages() {
        assert_eq!(
            Version::parse("1.x").unwrap_err().to_string(),
            "invalid semantic version: \"1.x\""
        );
        assert_eq!(
            Version::parse("v1.2.3.4").unwrap_err().to_string(),
            "invalid semantic version: \"v1.2.3.4\""
        );
        assert_eq!(
            Version::parse("1.2.3-01").unwrap_err().to_string(),
            "a pre-release number starts with 0 in version \"1.2.3-01\""
        );
        assert!(Version::parse("").is_err());
        assert!(Version::parse("1..2").is_err());
    }

    #[test]
    fn errors_carry_the_texts_of_the_masterminds_version_gardener_pins() {
        let message = |text: &str| Version::parse(text).unwrap_err().masterminds_message();
        // An empty string, a bad shape, an empty or malformed identifier: the pattern fails.
        for text in [
            "",
            "1.x",
            "1.2.3.4",
            "V1.2.3",
            "1.2.3-",
            "1.2.3+",
            "1.2.3-a..b",
            "1.2.3-a_b",
            "1.2.3+b!",
        ] {
            assert_eq!(message(text), "invalid semantic version", "{text:?}");
        }
        assert_eq!(message("1.2.3-01"), "version segment starts with 0");
        assert_eq!(message("1.2.3-rc.007"), "version segment starts with 0");
        assert_eq!(
            message("1.99999999999999999999.0"),
            "error parsing version segment: strconv.ParseUint: parsing \"99999999999999999999\": value out of range"
        );
        // Masterminds matches the whole pattern before it parses a segment: a bad shape anywhere
        // wins over a segment out of range; the first segment out of range is the one named; a
        // leading zero in the pre-release is checked last.
        for text in [
            "99999999999999999999.x",
            "99999999999999999999.0.0-a_b",
            "1.99999999999999999999.0.0",
        ] {
            assert_eq!(message(text), "invalid semantic version", "{text:?}");
        }
        assert_eq!(
            message("1.99999999999999999999.88888888888888888888-01"),
            "error parsing version segment: strconv.ParseUint: parsing \"99999999999999999999\": value out of range"
        );
        // Leading zeros in the numbers themselves and in build metadata are accepted.
        assert_eq!(v("01.02.03").canonical(), "1.2.3");
        assert_eq!(v("1.2.3+007").canonical(), "1.2.3+007");
        assert_eq!(v("1.2.3-0a").canonical(), "1.2.3-0a");
    }

    #[test]
    fn a_range_holds_its_lower_bound_and_not_its_upper_one() {
        let contains = |version: &str, added, removed| range_contains(version, added, removed);
        assert_eq!(contains("1.29.0", Some("1.29"), None), Ok(true));
        assert_eq!(contains("v1.28.9", Some("1.29"), None), Ok(false));
        assert_eq!(contains("1.31.4", Some("1.14"), Some("1.32")), Ok(true));
        assert_eq!(
            contains("1.32.0-rc.1", Some("1.14"), Some("1.32")),
            Ok(false)
        );
        assert_eq!(contains("1.2.3", None, None), Ok(true));
        assert_eq!(contains("1.2.3", Some("one"), None), Ok(false));
        assert_eq!(
            contains("1.x", None, None),
            Err(VersionError::Invalid("1.x".to_string()))
        );
    }

    #[test]
    fn orders_by_semver_precedence() {
        assert!(v("1.0.0-inplace") < v("1.0.0"));
        assert!(v("1.10.0") > v("1.9.9"));
        assert_eq!(v("1.7"), v("1.7.0"));
        assert_eq!(v("1.7.0+build"), v("1.7.0"));
        assert!(v("1.0.0-alpha.2") < v("1.0.0-alpha.10"));
    }

    #[test]
    fn normalizes_like_versionutils() {
        assert_eq!(normalize("v1.2.3-foo+bar"), "1.2.3");
        assert_eq!(normalize("1.2.3~x"), "1.2.3");
        assert_eq!(compare_normalized("1.2.4-x", "~", "1.2.3"), Some(true));
        // A partial right side reads as Masterminds reads it: any patch of its minor.
        assert_eq!(compare_normalized("1.31.1", "<=", "1.31"), Some(true));
        assert_eq!(compare_normalized("1.31.5", "=", "v1.31"), Some(true));
        assert_eq!(compare_normalized("1.31.0", ">", "1.31"), Some(false));
        assert_eq!(compare_normalized("1.32.0", ">", "1.31"), Some(true));
        assert_eq!(compare_normalized("1.31.1", "<=", "1.31.0"), Some(false));
        assert_eq!(compare_normalized("1.3.0", "~", "1.2.3"), Some(false));
    }
}
