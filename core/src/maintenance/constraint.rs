//! Version constraints as Masterminds semver v3 evaluates them (`semver.NewConstraint` / `Check`),
//! used for a machine image version's `kubeletVersionConstraint`.
//!
//! Supported syntax: `||` alternatives, `,` or whitespace separated conjunctions, hyphen ranges
//! (`1.2 - 1.4`), operators `=`, `!=`, `>`, `<`, `>=`, `=>`, `<=`, `=<`, `~`, `~>`, `^`, and wildcards
//! (`x`, `X`, `*`). A version with a pre-release only matches a conjunction that itself mentions a
//! pre-release.

use crate::version::Version;

/// A parsed constraint: a disjunction of conjunctions.
#[derive(Debug, Clone)]
pub struct Constraint {
    alternatives: Vec<Vec<Single>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    TildeOrEqual,
    NotEqual,
    Greater,
    Less,
    GreaterEqual,
    LessEqual,
    Tilde,
    Caret,
}

#[derive(Debug, Clone)]
struct Single {
    op: Op,
    version: Version,
    /// Some component was a wildcard or the whole version was `*`.
    dirty: bool,
    minor_dirty: bool,
    patch_dirty: bool,
}

impl Constraint {
    /// Parses a constraint; the error names the offending text.
    pub fn parse(text: &str) -> Result<Constraint, String> {
        let mut alternatives = Vec::new();
        for alternative in text.split("||") {
            let mut singles = Vec::new();
            for (op, version) in tokens(&expand_hyphen_ranges(alternative))? {
                singles.push(Single::parse(&op, &version)?);
            }
            if singles.is_empty() {
                return Err(format!("improper constraint: {text}"));
            }
            alternatives.push(singles);
        }
        Ok(Constraint { alternatives })
    }

    /// Whether `version` satisfies the constraint.
    pub fn check(&self, version: &Version) -> bool {
        self.alternatives.iter().any(|conjunction| {
            let include_pre = conjunction.iter().any(|c| !c.version.pre.is_empty());
            conjunction.iter().all(|c| c.check(version, include_pre))
        })
    }
}

/// Rewrites `a - b` into `>= a, <= b`.
fn expand_hyphen_ranges(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if i + 2 < words.len() && words[i + 1] == "-" {
            out.push(format!(">={},", words[i]));
            out.push(format!("<={}", words[i + 2]));
            i += 3;
        } else {
            out.push(words[i].to_string());
            i += 1;
        }
    }
    out.join(" ")
}

/// Splits a conjunction into (operator, version) pairs; whitespace between an operator and its
/// version is allowed.
fn tokens(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut result = Vec::new();
    let mut pending_op: Option<String> = None;
    for word in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        let split = word
            .find(|c: char| !matches!(c, '<' | '>' | '=' | '!' | '~' | '^'))
            .unwrap_or(word.len());
        let (op, version) = word.split_at(split);
        match (pending_op.take(), op.is_empty(), version.is_empty()) {
            (Some(pending), true, false) => result.push((pending, version.to_string())),
            (None, _, false) => result.push((op.to_string(), version.to_string())),
            (None, false, true) => pending_op = Some(op.to_string()),
            _ => return Err(format!("improper constraint: {text}")),
        }
    }
    if pending_op.is_some() {
        return Err(format!("improper constraint: {text}"));
    }
    Ok(result)
}

fn is_wildcard(part: &str) -> bool {
    matches!(part, "x" | "X" | "*")
}

impl Single {
    fn parse(op: &str, text: &str) -> Result<Single, String> {
        let op = match op {
            "" | "=" => Op::TildeOrEqual,
            "!=" => Op::NotEqual,
            ">" => Op::Greater,
            "<" => Op::Less,
            ">=" | "=>" => Op::GreaterEqual,
            "<=" | "=<" => Op::LessEqual,
            "~" | "~>" => Op::Tilde,
            "^" => Op::Caret,
            other => return Err(format!("improper constraint: {other}{text}")),
        };
        let body = text.strip_prefix('v').unwrap_or(text);
        let core_end = body.find(['-', '+']).unwrap_or(body.len());
        let (core, suffix) = body.split_at(core_end);
        let parts: Vec<&str> = core.split('.').collect();
        if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
            return Err(format!("improper constraint: {text}"));
        }
        let major = parts[0];
        let minor = parts.get(1).copied();
        let patch = parts.get(2).copied();
        let (normalized, dirty, minor_dirty, patch_dirty) = if is_wildcard(major) {
            (format!("0.0.0{suffix}"), true, false, false)
        } else if minor.is_some_and(is_wildcard) {
            (format!("{major}.0.0{suffix}"), true, true, false)
        } else if patch.is_some_and(is_wildcard) {
            (
                format!("{major}.{}.0{suffix}", minor.unwrap_or("0")),
                true,
                false,
                true,
            )
        } else {
            (format!("{core}{suffix}"), false, false, false)
        };
        let version =
            Version::parse(&normalized).map_err(|_| format!("improper constraint: {text}"))?;
        Ok(Single {
            op,
            version,
            dirty,
            minor_dirty,
            patch_dirty,
        })
    }

    fn check(&self, v: &Version, include_pre: bool) -> bool {
        if !v.pre.is_empty() && !include_pre {
            return false;
        }
        let c = &self.version;
        match self.op {
            Op::TildeOrEqual if self.dirty => self.tilde(v),
            Op::TildeOrEqual => v == c,
            Op::NotEqual if self.dirty => {
                if v.major != c.major {
                    true
                } else if self.minor_dirty {
                    false
                } else if self.patch_dirty {
                    v.minor != c.minor
                } else {
                    true
                }
            }
            Op::NotEqual => v != c,
            Op::Greater if !self.dirty => v > c,
            Op::Greater => {
                if v.major != c.major {
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
            Op::LessEqual if !self.dirty => v <= c,
            Op::LessEqual => {
                if v.major != c.major {
                    v.major < c.major
                } else if self.minor_dirty {
                    true
                } else if self.patch_dirty {
                    v.minor <= c.minor
                } else {
                    v <= c
                }
            }
            Op::Tilde => self.tilde(v),
            Op::Caret => self.caret(v),
        }
    }

    fn tilde(&self, v: &Version) -> bool {
        let c = &self.version;
        if v < c {
            return false;
        }
        if (c.major, c.minor, c.patch) == (0, 0, 0) && !self.minor_dirty && !self.patch_dirty {
            return true;
        }
        v.major == c.major && (v.minor == c.minor || self.minor_dirty)
    }

    fn caret(&self, v: &Version) -> bool {
        let c = &self.version;
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

#[cfg(test)]
mod tests {
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
