//! The changes between two Shoots' specs that roll no pool: what a user changed and may expect a
//! roll from (a pool's `maximum`, the maintenance window, a label), which the worker-pool hash does
//! not hold. Not a Gardener function: the roll triggers ([`super::roll_triggers`]) say what rolls;
//! this lists the rest of the difference so that it is not mistaken for a missed trigger.
//!
//! Not in the Report yet: it and the validation scope cost the npm module 6.9 KB (gzip), which
//! the decided ceiling has no room for until the one API model (issue 35) shrinks the engine.

use super::FieldChange;
use crate::api::{written_name, written_spec};
use serde_json::Value;

/// At most this many changes are listed; a Shoot replaced by another one differs everywhere.
const MOST: usize = 100;

/// Every leaf of `.spec` that differs between `old` and `new` (whole Shoot objects), outside the
/// fields of `rolling` (roll-trigger fields, with a pool's name in `workers[...]`, or `[]` for all
/// pools). A list whose items have names (the worker pools) is compared item by item by name;
/// any other list is one value.
pub fn changes_without_roll(old: &Value, new: &Value, rolling: &[String]) -> Vec<FieldChange> {
    let mut found = Vec::new();
    let (old_spec, new_spec) = (written_spec(old), written_spec(new));
    walk(".spec".to_string(), old_spec, new_spec, &mut found);
    found.retain(|change| !rolling.iter().any(|field| overlaps(field, &change.field)));
    found.truncate(MOST);
    found
}

/// Whether one field path is the other or holds it; `workers[]` stands for every pool.
fn overlaps(rolling: &str, changed: &str) -> bool {
    let under = |outer: &str, inner: &str| {
        inner == outer
            || inner.starts_with(outer) && matches!(inner.as_bytes()[outer.len()], b'.' | b'[')
    };
    let generic = generic_pools(changed);
    under(rolling, changed)
        || under(changed, rolling)
        || under(rolling, &generic)
        || under(&generic, rolling)
}

/// `workers[pool]` as `workers[]`.
fn generic_pools(field: &str) -> String {
    match field.find("workers[") {
        Some(at) => {
            let open = at + "workers[".len();
            match field[open..].find(']') {
                Some(close) => format!("{}{}", &field[..open], &field[open + close..]),
                None => field.to_string(),
            }
        }
        None => field.to_string(),
    }
}

fn walk(path: String, old: Option<&Value>, new: Option<&Value>, found: &mut Vec<FieldChange>) {
    if found.len() > MOST || old == new {
        return;
    }
    match (old, new) {
        (Some(Value::Object(a)), Some(Value::Object(b))) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                walk(format!("{path}.{key}"), a.get(key), b.get(key), found);
            }
        }
        (Some(Value::Array(a)), Some(Value::Array(b))) if named(a) && named(b) => {
            let name = |item: &Value| written_name(item).map(str::to_string);
            let mut names: Vec<String> = a.iter().chain(b).filter_map(name).collect();
            names.sort();
            names.dedup();
            for item in names {
                let old = a.iter().find(|v| name(v).as_deref() == Some(&item));
                let new = b.iter().find(|v| name(v).as_deref() == Some(&item));
                walk(format!("{path}[{item}]"), old, new, found);
            }
        }
        _ => found.push(FieldChange {
            field: path,
            old: old.map(short_text),
            new: new.map(short_text),
        }),
    }
}

/// A list of objects that each have a `name`, as worker pools do.
fn named(list: &[Value]) -> bool {
    !list.is_empty() && list.iter().all(|item| written_name(item).is_some())
}

/// A value as one short line: a string as it is, anything else as compact JSON, cut at 80
/// characters.
pub fn short_text(value: &Value) -> String {
    const LONGEST: usize = 80;
    let text = match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    match text.char_indices().nth(LONGEST) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn shoot(maximum: u32, machine: &str, window: &str) -> Value {
        json!({"metadata": {"name": "s"}, "spec": {
            "maintenance": {"timeWindow": {"begin": window}},
            "provider": {"workers": [
                {"name": "a", "maximum": maximum, "machine": {"type": machine}},
                {"name": "b", "maximum": 3, "machine": {"type": "m5.large"}}
            ]}
        }})
    }

    #[test]
    fn lists_the_changes_the_roll_triggers_do_not_hold() {
        let old = shoot(3, "m5.large", "220000+0000");
        let new = shoot(5, "m5.xlarge", "230000+0000");
        let rolling = [".spec.provider.workers[a].machine.type".to_string()];
        let changes = changes_without_roll(&old, &new, &rolling);
        let text: Vec<String> = changes
            .iter()
            .map(|c| format!("{}: {}", c.field, c.values()))
            .collect();
        assert_eq!(
            text,
            [
                ".spec.maintenance.timeWindow.begin: 220000+0000 → 230000+0000",
                ".spec.provider.workers[a].maximum: 3 → 5",
            ]
        );
    }

    #[test]
    fn a_cause_for_every_pool_or_a_whole_subtree_covers_its_fields() {
        let old = shoot(3, "m5.large", "220000+0000");
        let new = shoot(3, "m5.xlarge", "220000+0000");
        assert!(
            changes_without_roll(&old, &new, &[".spec.provider.workers[].machine".into()])
                .is_empty()
        );
        // An added or removed field is unset on one side.
        let mut added = old.clone();
        added["spec"]["hibernation"] = json!({"enabled": true});
        let changes = changes_without_roll(&old, &added, &[]);
        assert_eq!(changes[0].field, ".spec.hibernation");
        assert_eq!(changes[0].values(), "(unset) → {\"enabled\":true}");
    }

    #[test]
    fn the_same_shoot_has_no_changes_and_a_pool_name_is_not_a_prefix_of_another() {
        let old = shoot(3, "m5.large", "220000+0000");
        assert!(changes_without_roll(&old, &old, &[]).is_empty());
        assert!(!overlaps(
            ".spec.provider.workers[a]",
            ".spec.provider.workers[ab].maximum"
        ));
        assert!(overlaps(
            ".spec.provider.workers[]",
            ".spec.provider.workers[ab].maximum"
        ));
    }

    #[test]
    fn a_list_with_a_name_that_is_no_text_is_one_value() {
        let pools = |maximum: u32| {
            json!({"spec": {"provider": {"workers": [
                {"name": "a", "maximum": 1}, {"name": 7, "maximum": maximum}
            ]}}})
        };
        let changes = changes_without_roll(&pools(2), &pools(3), &[]);
        let fields: Vec<&str> = changes.iter().map(|c| c.field.as_str()).collect();
        assert_eq!(fields, [".spec.provider.workers"]);
        // A document whose spec is no object is one value too.
        let changes = changes_without_roll(&json!({"spec": 1}), &json!({"spec": 2}), &[]);
        assert_eq!(changes[0].field, ".spec");
    }
}
