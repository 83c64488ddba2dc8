//! The syntax of the string fields the engine parses: versions, Go durations, maintenance times,
//! cron specs, time zones, counts-or-percentages and semver constraints.
//!
//! The API server keeps such fields as plain strings and the engine only reads them deep inside a
//! computation, where a bad one would surface as a failure with no place attached ("maintenance
//! cannot run: invalid semantic version"). Checking them up front reports each at its field, with
//! the parser's own reason, before anything is computed. Timestamps need no entry here: they are
//! typed, and a bad one fails decoding at its field already.

use crate::document::Value;
use std::sync::LazyLock;

/// A string field that does not parse: its path in the object and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub field: String,
    pub message: String,
}

/// The kinds of object with parsed string fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    CloudProfile,
    Shoot,
}

/// Every string field of `object` that the engine will parse and cannot.
pub fn check(kind: ObjectKind, object: &Value) -> Vec<SyntaxError> {
    static SHOOT: LazyLock<Vec<Segment>> = LazyLock::new(|| Segment::tree(SHOOT_FIELDS));
    static CLOUD_PROFILE: LazyLock<Vec<Segment>> =
        LazyLock::new(|| Segment::tree(CLOUD_PROFILE_FIELDS));
    let (fields, tree) = match kind {
        ObjectKind::CloudProfile => (CLOUD_PROFILE_FIELDS, &*CLOUD_PROFILE),
        ObjectKind::Shoot => (SHOOT_FIELDS, &*SHOOT),
    };
    // By field, each in the order of the text: the fields are reported in their list's order.
    let mut errors: Vec<Vec<SyntaxError>> = vec![Vec::new(); fields.len()];
    // Every visit leaves the trail empty again.
    let mut trail = Vec::new();
    walk(tree, object, &mut trail, &mut |field, trail, text| {
        if let Err(message) = fields[field].1.check(text) {
            let field_path = render(trail);
            errors[field].push(SyntaxError {
                field: field_path,
                message,
            });
        }
    });
    errors.into_iter().flatten().collect()
}

/// What a field's string must be.
#[derive(Debug, Clone, Copy)]
enum Syntax {
    /// A version as Masterminds semver reads it.
    Version,
    /// A Masterminds semver constraint such as `>= 1.30`.
    VersionConstraint,
    /// A Go duration such as `2h` or `10m30s`.
    Duration,
    /// A maintenance time `HHMMSS±hhmm`.
    MaintenanceTime,
    /// A five-field cron spec as the hibernation schedules use.
    Cron,
    /// An IANA time zone.
    Location,
    /// A count or a percentage such as `25%` (an `IntOrString` given as a string).
    CountOrPercent,
}

const SHOOT_FIELDS: &[(&str, Syntax)] = &[
    ("spec.kubernetes.version", Syntax::Version),
    (
        "spec.provider.workers[].kubernetes.version",
        Syntax::Version,
    ),
    (
        "spec.provider.workers[].machine.image.version",
        Syntax::Version,
    ),
    ("spec.provider.workers[].maxSurge", Syntax::CountOrPercent),
    (
        "spec.provider.workers[].maxUnavailable",
        Syntax::CountOrPercent,
    ),
    (
        "spec.provider.workers[].machineControllerManager.machineDrainTimeout",
        Syntax::Duration,
    ),
    (
        "spec.provider.workers[].machineControllerManager.machineHealthTimeout",
        Syntax::Duration,
    ),
    (
        "spec.provider.workers[].machineControllerManager.machineCreationTimeout",
        Syntax::Duration,
    ),
    (
        "spec.provider.workers[].machineControllerManager.inPlaceUpdateTimeout",
        Syntax::Duration,
    ),
    ("spec.maintenance.timeWindow.begin", Syntax::MaintenanceTime),
    ("spec.maintenance.timeWindow.end", Syntax::MaintenanceTime),
    ("spec.hibernation.schedules[].start", Syntax::Cron),
    ("spec.hibernation.schedules[].end", Syntax::Cron),
    ("spec.hibernation.schedules[].location", Syntax::Location),
];

const CLOUD_PROFILE_FIELDS: &[(&str, Syntax)] = &[
    ("spec.kubernetes.versions[].version", Syntax::Version),
    ("spec.machineImages[].versions[].version", Syntax::Version),
    (
        "spec.machineImages[].versions[].kubeletVersionConstraint",
        Syntax::VersionConstraint,
    ),
    (
        "spec.machineTypes[].machineControllerManager.machineCreationTimeout",
        Syntax::Duration,
    ),
];

impl Syntax {
    fn check(self, text: &str) -> Result<(), String> {
        match self {
            Syntax::Version => crate::version::Version::parse(text).map(drop).map_err(|_| {
                format!("`{text}` is not a version (expected [v]MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD])")
            }),
            Syntax::VersionConstraint => crate::semver_constraint::Constraint::parse(text)
                .map(drop)
                .map_err(|e| format!("`{text}` is not a version constraint: {e}")),
            Syntax::Duration => crate::duration::parse(text)
                .map(drop)
                .map_err(|_| format!("`{text}` is not a duration (expected e.g. `2h`, `10m30s`)")),
            Syntax::MaintenanceTime => crate::timewindow::MaintenanceTime::parse(text)
                .map(drop)
                .map_err(|e| {
                    let why = e.rsplit(": ").next().unwrap_or(&e);
                    format!("`{text}` is not a maintenance time (expected HHMMSS±hhmm, e.g. `220000+0100`): {why}")
                }),
            Syntax::Cron => crate::hibernation::cron::parse_standard(text)
                .map(drop)
                .map_err(|e| format!("`{text}` is not a cron spec: {e}")),
            Syntax::Location => crate::hibernation::Location::check_name(text)
                .map_err(|e| format!("`{text}` is not a time zone: {e}")),
            Syntax::CountOrPercent => {
                let digits = text.strip_suffix('%').unwrap_or(text);
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    Ok(())
                } else {
                    Err(format!(
                        "`{text}` is neither a number nor a percentage such as `25%`"
                    ))
                }
            }
        }
    }
}

/// One step of the way to a field: a key, with the item's index when the key holds a list.
type Step<'a> = (&'a str, Option<usize>);

/// The field patterns of one kind of object as a tree of their segments (`spec`, `workers[]`,
/// ...), so that the ways they share are walked once: the Shoot's nine worker fields took the way
/// to every pool nine times.
struct Segment {
    name: &'static str,
    /// `name[]`: every item of the list.
    list: bool,
    /// The indexes of the patterns that end here.
    ends: Vec<usize>,
    children: Vec<Segment>,
}

impl Segment {
    fn tree(fields: &[(&'static str, Syntax)]) -> Vec<Segment> {
        let mut roots = Vec::new();
        for (index, (pattern, _)) in fields.iter().enumerate() {
            let mut level = &mut roots;
            let mut segments = pattern.split('.').peekable();
            while let Some(segment) = segments.next() {
                let (name, list) = match segment.strip_suffix("[]") {
                    Some(name) => (name, true),
                    None => (segment, false),
                };
                let at = match level
                    .iter()
                    .position(|s: &Segment| (s.name, s.list) == (name, list))
                {
                    Some(at) => at,
                    None => {
                        level.push(Segment {
                            name,
                            list,
                            ends: Vec::new(),
                            children: Vec::new(),
                        });
                        level.len() - 1
                    }
                };
                if segments.peek().is_none() {
                    level[at].ends.push(index);
                }
                level = &mut level[at].children;
            }
        }
        roots
    }
}

/// Calls `found` with the pattern's index, the way to and the text of every string at a pattern
/// of `tree` below `node`. Missing fields and values of other types are left to decoding, which
/// reports a wrong type at its place. The way is kept as steps and rendered only for a field that
/// fails, since nearly all of them parse.
fn walk<'a>(
    tree: &'a [Segment],
    node: &'a Value,
    trail: &mut Vec<Step<'a>>,
    found: &mut dyn FnMut(usize, &[Step<'a>], &str),
) {
    for segment in tree {
        let Some(child) = node.get(segment.name) else {
            continue;
        };
        if !segment.list {
            trail.push((segment.name, None));
            arrive(segment, child, trail, found);
            trail.pop();
            continue;
        }
        for (index, item) in child.as_array().into_iter().flatten().enumerate() {
            trail.push((segment.name, Some(index)));
            arrive(segment, item, trail, found);
            trail.pop();
        }
    }
}

/// [`walk`] at the value `segment` leads to.
fn arrive<'a>(
    segment: &'a Segment,
    value: &'a Value,
    trail: &mut Vec<Step<'a>>,
    found: &mut dyn FnMut(usize, &[Step<'a>], &str),
) {
    if let Some(text) = value.as_str() {
        for &pattern in &segment.ends {
            found(pattern, trail, text);
        }
    }
    walk(&segment.children, value, trail, found);
}

/// The field path of `trail`, e.g. `spec.provider.workers[1].maxSurge`.
fn render(trail: &[Step<'_>]) -> String {
    let mut path = String::new();
    for (name, index) in trail {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(name);
        if let Some(index) = index {
            path.push_str(&format!("[{index}]"));
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn messages(kind: ObjectKind, object: Value) -> Vec<String> {
        check(kind, &object)
            .into_iter()
            .map(|e| format!("{}: {}", e.field, e.message))
            .collect()
    }

    #[test]
    fn a_valid_shoot_has_no_syntax_errors() {
        let shoot = json!({"spec": {
            "kubernetes": {"version": "1.31"},
            "maintenance": {"timeWindow": {"begin": "220000+0100", "end": "230000+0100"}},
            "hibernation": {"schedules": [{"start": "00 19 * * 1-5", "location": "Europe/Berlin"}]},
            "provider": {"workers": [{"maxSurge": "25%", "maxUnavailable": 0,
                "machine": {"image": {"version": "v1877.3"}}}]}
        }});
        assert_eq!(messages(ObjectKind::Shoot, shoot), Vec::<String>::new());
    }

    #[test]
    fn fields_are_reported_in_their_order_and_each_in_the_texts() {
        let shoot = json!({"spec": {"provider": {"workers": [
            {"maxSurge": "a", "machineControllerManager": {"machineDrainTimeout": "x"}},
            {"maxSurge": "b", "machine": {"image": {"version": "w"}}},
            {"maxSurge": "c", "kubernetes": {"version": "v"}},
        ]}, "kubernetes": {"version": "u"}}});
        let fields: Vec<String> = check(ObjectKind::Shoot, &shoot)
            .into_iter()
            .map(|error| error.field)
            .collect();
        assert_eq!(
            fields,
            [
                "spec.kubernetes.version",
                "spec.provider.workers[2].kubernetes.version",
                "spec.provider.workers[1].machine.image.version",
                "spec.provider.workers[0].maxSurge",
                "spec.provider.workers[1].maxSurge",
                "spec.provider.workers[2].maxSurge",
                "spec.provider.workers[0].machineControllerManager.machineDrainTimeout",
            ]
        );
    }

    #[test]
    fn every_bad_field_is_named_with_its_list_index() {
        let shoot = json!({"spec": {
            "kubernetes": {"version": "1.x"},
            "maintenance": {"timeWindow": {"begin": "250000+0100", "end": "22:00"}},
            "hibernation": {"schedules": [{}, {"start": "00 25 * * *", "location": "Mars/Olympus"}]},
            "provider": {"workers": [{}, {"maxSurge": "12x",
                "machineControllerManager": {"machineDrainTimeout": "2 hours"}}]}
        }});
        assert_eq!(
            messages(ObjectKind::Shoot, shoot),
            [
                "spec.kubernetes.version: `1.x` is not a version (expected [v]MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD])",
                "spec.provider.workers[1].maxSurge: `12x` is neither a number nor a percentage such as `25%`",
                "spec.provider.workers[1].machineControllerManager.machineDrainTimeout: `2 hours` is not a duration (expected e.g. `2h`, `10m30s`)",
                "spec.maintenance.timeWindow.begin: `250000+0100` is not a maintenance time (expected HHMMSS±hhmm, e.g. `220000+0100`): hour out of range",
                "spec.maintenance.timeWindow.end: `22:00` is not a maintenance time (expected HHMMSS±hhmm, e.g. `220000+0100`): cannot parse \":00\" as \"04\"",
                "spec.hibernation.schedules[1].start: `00 25 * * *` is not a cron spec: End of range (25) above maximum (23): 25",
                "spec.hibernation.schedules[1].location: `Mars/Olympus` is not a time zone: unknown time zone Mars/Olympus",
            ]
        );
    }

    #[test]
    fn cloud_profile_versions_and_constraints() {
        let profile = json!({"spec": {
            "kubernetes": {"versions": [{"version": "1.33.5"}, {"version": "1.33.x"}]},
            "machineImages": [{"versions": [{"version": "abc", "kubeletVersionConstraint": ">= one"}]}]
        }});
        assert_eq!(
            messages(ObjectKind::CloudProfile, profile),
            [
                "spec.kubernetes.versions[1].version: `1.33.x` is not a version (expected [v]MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD])",
                "spec.machineImages[0].versions[0].version: `abc` is not a version (expected [v]MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD])",
                "spec.machineImages[0].versions[0].kubeletVersionConstraint: `>= one` is not a version constraint: improper constraint: \">= one\"",
            ]
        );
    }
}
