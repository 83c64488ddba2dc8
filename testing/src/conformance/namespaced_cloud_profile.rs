//! Conformance kind `namespaced-cloud-profile-merge`: the `status.cloudProfileSpec` Gardener's
//! `MergeCloudProfiles` writes ([`shoot_policy::namespaced_cloud_profile`]).
//!
//! Input: `cloudProfile` (the parent) and `namespacedCloudProfile`, as stored. Expect:
//! `cloudProfileSpec`, the whole merged spec. Gardener's answer is read into the engine's model
//! before the comparison, so fields no area reads (`providerConfig`, a machine type's
//! `machineControllerManager`, a storage's `class`) are not compared; every other field is, with
//! `null`, an empty list and an absent field meaning the same (the model, like every reader of a
//! stored profile, does not tell them apart).

use super::compare::{to_value, values_match};
use super::{Case, Checker, Kind};
use shoot_policy::api::{CloudProfile, CloudProfileSpec, NamespacedCloudProfile};
use shoot_policy::document::Value;
use shoot_policy::namespaced_cloud_profile::merge_cloud_profiles;

pub const KINDS: &[Kind] = &[Kind {
    name: "namespaced-cloud-profile-merge",
    check: namespaced_cloud_profile_merge,
}];

fn namespaced_cloud_profile_merge(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let parent: CloudProfile = case.input("cloudProfile")?;
    let namespaced: NamespacedCloudProfile = case.input("namespacedCloudProfile")?;
    let merged = merge_cloud_profiles(&parent.spec, &namespaced.spec);
    if let Some(expected) = case.expect("cloudProfileSpec") {
        let expected: CloudProfileSpec = shoot_policy::decode::from_value(expected)
            .map_err(|e| format!("expect.cloudProfileSpec: {e}"))?;
        compare(
            checker,
            "cloudProfileSpec",
            &to_value(&expected),
            &to_value(&merged),
        );
    }
    Ok(())
}

/// Reports each differing leaf by its path; lists of different lengths differ as a whole.
fn compare(checker: &mut Checker, path: &str, expected: &Value, actual: &Value) {
    if values_match(expected, actual) {
        return;
    }
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            let keys: std::collections::BTreeSet<&String> = e.keys().chain(a.keys()).collect();
            for key in keys {
                let at = format!("{path}.{key}");
                let nothing = Value::Null;
                compare(
                    checker,
                    &at,
                    e.get(key).unwrap_or(&nothing),
                    a.get(key).unwrap_or(&nothing),
                );
            }
        }
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => {
            for (index, (e, a)) in e.iter().zip(a).enumerate() {
                compare(checker, &format!("{path}[{index}]"), e, a);
            }
        }
        _ => checker.mismatch(path, expected.to_string(), actual.to_string()),
    }
}
