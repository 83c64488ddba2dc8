//! Masterminds semver v3 constraints (`semver.NewConstraint` / `Constraints.Check`), as used for a machine
//! image version's `kubeletVersionConstraint`: `||` alternatives of comma- or space-separated comparisons
//! (`=`, `!=`, `>`, `<`, `>=`, `=>`, `<=`, `=<`, `~`, `~>`, `^`), wildcards `x`/`X`/`*`, and hyphen ranges.

use crate::version::Version;

/// A parsed constraint: alternatives, each a conjunction.
#[derive(Debug, Clone)]
pub struct Constraint {
    alternatives: Vec<Vec<Comparison>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Equal,
    NotEqual,
    Greater,
    Less,
    GreaterEqual,
    LessEqual,
    Tilde,
    Caret,
}

#[derive(Debug, Clone)]
struct Comparison {
    op: Op,
    version: Version,
    /// Some part was a wildcard or missing from the first (`*`).
    dirty: bool,
    minor_dirty: bool,
    patch_dirty: bool,
}

/// Masterminds' complaint about a constraint it cannot read (quoted since v3.5, which Gardener pins).
pub(crate) fn improper(constraint: &str) -> String {
    format!("improper constraint: {}", crate::golang::quote(constraint))
}

impl Constraint {
    /// Parses like `semver.NewConstraint`; the error text is the library's `improper constraint: …`.
    pub fn parse(text: &str) -> Result<Constraint, String> {
        let mut alternatives = Vec::new();
        for segment in text.split("||") {
            let rewritten = rewrite_hyphen_range(segment);
            let mut comparisons = Vec::new();
            let mut rest = rewritten.trim();
            if rest.is_empty() {
                return Err(improper(segment));
            }
            while !rest.is_empty() {
                let op_len = rest
                    .find(|c: char| !matches!(c, '=' | '!' | '<' | '>' | '~' | '^'))
                    .unwrap_or(rest.len());
                let op_text = &rest[..op_len];
                let after_op = rest[op_len..].trim_start();
                let version_len = after_op
                    .find(|c: char| {
                        !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+' | '*'))
                    })
                    .unwrap_or(after_op.len());
                let version_text = &after_op[..version_len];
                let comparison =
                    parse_comparison(op_text, version_text).ok_or_else(|| improper(segment))?;
                comparisons.push(comparison);
                rest = after_op[version_len..]
                    .trim_start_matches(|c: char| c == ',' || c.is_whitespace());
                if version_len == 0 {
                    return Err(improper(segment));
                }
            }
            alternatives.push(comparisons);
        }
        Ok(Constraint { alternatives })
    }

    /// `Constraints.Check`.
    pub fn check(&self, version: &Version) -> bool {
        self.alternatives
            .iter()
            .any(|all| all.iter().all(|c| c.check(version)))
    }
}

/// `a - b` → `>= a <= b`.
fn rewrite_hyphen_range(segment: &str) -> String {
    match segment.split_once(" - ") {
        Some((low, high)) => format!(">= {}, <= {}", low.trim(), high.trim()),
        None => segment.to_string(),
    }
}

fn is_wildcard(part: &str) -> bool {
    matches!(part, "x" | "X" | "*")
}

fn parse_comparison(op_text: &str, version_text: &str) -> Option<Comparison> {
    let op = match op_text {
        "" | "=" => Op::Equal,
        "!=" => Op::NotEqual,
        ">" => Op::Greater,
        "<" => Op::Less,
        ">=" | "=>" => Op::GreaterEqual,
        "<=" | "=<" => Op::LessEqual,
        "~" | "~>" => Op::Tilde,
        "^" => Op::Caret,
        _ => return None,
    };
    let body = version_text.strip_prefix('v').unwrap_or(version_text);
    let split_at = body.find(['-', '+']).unwrap_or(body.len());
    let (numbers, suffix) = body.split_at(split_at);
    let parts: Vec<&str> = numbers.split('.').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for part in &parts {
        if !(is_wildcard(part) || (!part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))) {
            return None;
        }
    }
    let major = parts[0];
    let minor = parts.get(1).copied();
    let patch = parts.get(2).copied();
    // Since v3.5 a missing minor or patch part counts as a wildcard, like `x`: `> 1.29` is `> 1.29.x`,
    // which 1.29.1 does not satisfy.
    let (text, dirty, minor_dirty, patch_dirty) = if is_wildcard(major) {
        (format!("0.0.0{suffix}"), true, false, false)
    } else if minor.is_none_or(is_wildcard) {
        (format!("{major}.0.0{suffix}"), true, true, false)
    } else if patch.is_none_or(is_wildcard) {
        (
            format!("{major}.{}.0{suffix}", minor.unwrap_or("0")),
            true,
            false,
            true,
        )
    } else {
        (format!("{numbers}{suffix}"), false, false, false)
    };
    let version = Version::parse(&text).ok()?;
    Some(Comparison {
        op,
        version,
        dirty,
        minor_dirty,
        patch_dirty,
    })
}

impl Comparison {
    fn check(&self, v: &Version) -> bool {
        // A pre-release only satisfies comparisons that name a pre-release themselves.
        if !v.pre.is_empty() && self.version.pre.is_empty() {
            return false;
        }
        let c = &self.version;
        match self.op {
            Op::Equal => {
                if self.dirty {
                    self.tilde(v)
                } else {
                    v == c
                }
            }
            Op::NotEqual => {
                if self.dirty {
                    if c.major != v.major || (c.minor != v.minor && !self.minor_dirty) {
                        return true;
                    }
                    if self.minor_dirty {
                        return false;
                    }
                    if c.patch != v.patch && !self.patch_dirty {
                        return true;
                    }
                    if self.patch_dirty {
                        return v.pre != c.pre;
                    }
                }
                v != c
            }
            Op::Greater => {
                if !self.dirty {
                    v > c
                } else if v.major != c.major {
                    v.major > c.major
                } else if self.minor_dirty {
                    false
                } else if self.patch_dirty {
                    v.minor > c.minor
                } else {
                    v > c
                }
            }
            Op::Less => v < c,
            Op::GreaterEqual => v >= c,
            Op::LessEqual => {
                if !self.dirty {
                    v <= c
                } else {
                    v.major < c.major
                        || (v.major == c.major && (v.minor <= c.minor || self.minor_dirty))
                }
            }
            Op::Tilde => self.tilde(v),
            Op::Caret => {
                if v < c {
                    return false;
                }
                if c.major > 0 || self.minor_dirty {
                    return v.major == c.major;
                }
                if v.major > 0 {
                    return false;
                }
                if c.minor > 0 || self.patch_dirty {
                    return v.minor == c.minor;
                }
                if v.minor > 0 {
                    return false;
                }
                v.patch == c.patch
            }
        }
    }

    fn tilde(&self, v: &Version) -> bool {
        let c = &self.version;
        if v < c {
            return false;
        }
        // `~0.0.0` and `~*` accept everything.
        if (c.major, c.minor, c.patch) == (0, 0, 0) && !self.minor_dirty && !self.patch_dirty {
            return true;
        }
        v.major == c.major && (v.minor == c.minor || self.minor_dirty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(constraint: &str, version: &str) -> bool {
        Constraint::parse(constraint)
            .unwrap()
            .check(&Version::parse(version).unwrap())
    }

    #[test]
    fn comparisons_and_ranges() {
        assert!(ok(">= 1.26", "1.27.3"));
        assert!(!ok("< 1.26", "1.27.3"));
        assert!(ok(">= 1.24, < 1.28", "1.27.3"));
        assert!(ok("< 1.20 || >= 1.27", "1.27.0"));
        assert!(ok("1.26.x", "1.26.9"));
        assert!(!ok("1.26.x", "1.27.0"));
        assert!(ok("~1.26.3", "1.26.9"));
        assert!(!ok("~1.26.3", "1.27.0"));
        assert!(ok("^1.2", "1.9.0"));
        assert!(ok("1.20 - 1.30", "1.25.0"));
        // A missing part is a wildcard (Masterminds v3.5): `> 1.29` means a later minor.
        assert!(!ok("> 1.29", "1.29.1"));
        assert!(ok("> 1.29", "1.30.0"));
        assert!(ok("<= 1.29", "1.29.7"));
        assert!(!ok("> 1", "1.5.0"));
        assert!(ok("~1", "1.5.0"));
        assert!(!ok("!= 1.29", "1.29.3"));
        assert!(ok("> *", "0.0.1"));
        assert!(!ok("<= *", "0.1.0"));
        assert!(ok("~0.0.0", "0.3.0"));
        assert!(Constraint::parse("foo").is_err());
        assert!(Constraint::parse(">=").is_err());
    }
}

#[cfg(test)]
mod tests_from_maintenance {
    use super::*;

    fn holds(constraint: &str, version: &str) -> bool {
        Constraint::parse(constraint)
            .unwrap()
            .check(&Version::parse(version).unwrap())
    }

    #[test]
    fn comparison_operators_with_short_versions() {
        assert!(holds("< 1.26", "1.25.9"));
        assert!(!holds("< 1.26", "1.26.0"));
        assert!(holds(">= 1.26", "1.26.0"));
        assert!(holds(">=1.32.0", "1.33.0"));
        assert!(holds(">= 1.20, < 1.30", "1.25.0"));
        assert!(!holds(">= 1.20, < 1.30", "1.30.1"));
        assert!(holds("< 1.20 || >= 1.30", "1.31.0"));
    }

    #[test]
    fn prereleases_need_a_prerelease_in_the_constraint() {
        assert!(!holds(">= 1.26", "1.27.0-rc.1"));
        assert!(holds(">= 1.26.0-0", "1.27.0-rc.1"));
    }

    #[test]
    fn tilde_caret_wildcards_and_ranges() {
        assert!(holds("~1.2.3", "1.2.9"));
        assert!(!holds("~1.2.3", "1.3.0"));
        assert!(holds("^1.2", "1.9.0"));
        assert!(!holds("^0.2.3", "0.3.0"));
        assert!(holds("1.2.x", "1.2.7"));
        assert!(holds("*", "5.0.0"));
        assert!(holds("1.2 - 1.4.5", "1.4.5"));
        assert!(!holds("1.2 - 1.4.5", "1.4.6"));
    }
}
