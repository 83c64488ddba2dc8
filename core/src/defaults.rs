//! The API defaults Gardener's API server applies to a CloudProfile and a Shoot, applied to pasted
//! objects so a hand-written manifest is evaluated like the stored object. Objects copied from a cluster
//! already carry them, so nothing changes for those. Every default applied is reported.
//!
//! Follows `SetDefaults_Shoot`, `SetDefaults_Worker`, `SetDefaults_Maintenance` (`pkg/apis/core/v1beta1/
//! defaults_shoot.go`) and `SetDefaults_MachineImage`, `SetDefaults_MachineImageVersion`,
//! `SetDefaults_MachineType`, `SetDefaults_VolumeType` (`defaults_cloudprofile.go`).

use crate::api::{Toleration, GARDEN_NAMESPACE, SEED_TAINT_PROTECTED};
use crate::decode::FromValue;
use crate::document::Value;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// One default written into a pasted object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AppliedDefault {
    /// `CloudProfile` or `Shoot`.
    pub object: String,
    pub field: String,
    /// The value written, as JSON.
    #[cfg_attr(feature = "tsify", tsify(type = "unknown"))]
    pub value: Value,
    /// Why Gardener would have this value.
    pub reason: String,
}

/// `spec.tolerations` after v1beta1 defaulting (`SetDefaults_Shoot`): Shoots in the `garden`
/// namespace get `{key: seed.gardener.cloud/protected}` unless they already have exactly that
/// key-only toleration. `None` means the field stays unset.
pub fn shoot_tolerations(namespace: &str, tolerations: &[Toleration]) -> Option<Vec<Toleration>> {
    let mut result = tolerations.to_vec();
    if namespace == GARDEN_NAMESPACE {
        add_toleration_if_missing(&mut result, SEED_TAINT_PROTECTED);
    }
    (!result.is_empty()).then_some(result)
}

/// `addTolerations` of the defaulting code (Shoots and Projects): the key-only toleration is
/// added unless an identical key-only toleration exists (a valued toleration with the same key
/// does not prevent it).
pub(crate) fn add_toleration_if_missing(tolerations: &mut Vec<Toleration>, key: &str) {
    let exists = (tolerations.iter()).any(|t| t.key == key && t.value.is_none());
    if !exists {
        tolerations.push(Toleration {
            key: key.to_string(),
            value: None,
        });
    }
}

/// Applies the Shoot defaults the engines depend on; returns what was applied.
pub fn default_shoot(shoot: &mut Value) -> Vec<AppliedDefault> {
    let mut applied = Applier::new("Shoot");
    default_garden_toleration(shoot, &mut applied);
    let has_workers = shoot
        .pointer("/spec/provider/workers")
        .and_then(Value::as_array)
        .is_some_and(|workers| !workers.is_empty());
    let Some(spec) = shoot.get_mut("spec").and_then(Value::as_object_mut) else {
        return applied.done();
    };
    let maintenance = spec.entry("maintenance").or_insert_with(|| json!({}));
    if let Some(maintenance) = maintenance.as_object_mut() {
        if !maintenance.contains_key("autoUpdate") {
            // An absent block gets Kubernetes auto-updates; a present block keeps Go's `false`.
            maintenance.insert("autoUpdate".into(), json!({"kubernetesVersion": true}));
            applied.push(
                "spec.maintenance.autoUpdate.kubernetesVersion",
                json!(true),
                "SetDefaults_Maintenance: without an autoUpdate block, Kubernetes patch updates are automatic",
            );
        }
        if let Some(auto_update) = maintenance
            .get_mut("autoUpdate")
            .and_then(Value::as_object_mut)
        {
            if has_workers && !auto_update.contains_key("machineImageVersion") {
                auto_update.insert("machineImageVersion".into(), json!(true));
                applied.push(
                    "spec.maintenance.autoUpdate.machineImageVersion",
                    json!(true),
                    "SetDefaults_Maintenance: machine image updates are automatic for Shoots with workers",
                );
            }
        }
    }
    let workers = spec
        .get_mut("provider")
        .and_then(|p| p.get_mut("workers"))
        .and_then(Value::as_array_mut);
    for (index, worker) in workers.into_iter().flatten().enumerate() {
        let Some(worker) = worker.as_object_mut() else {
            continue;
        };
        // Written only for a default applied: most pools have every field.
        let path = || format!("spec.provider.workers[{index}]");
        if !worker.contains_key("cri") {
            worker.insert("cri".into(), json!({"name": "containerd"}));
            applied.push(
                format!("{}.cri.name", path()),
                json!("containerd"),
                "SetDefaults_Shoot: containerd is the only container runtime",
            );
        }
        if !worker.contains_key("updateStrategy") {
            worker.insert("updateStrategy".into(), json!("AutoRollingUpdate"));
            applied.push(
                format!("{}.updateStrategy", path()),
                json!("AutoRollingUpdate"),
                "SetDefaults_Worker: pools roll their machines unless told otherwise",
            );
        }
        let strategy = worker
            .get("updateStrategy")
            .and_then(Value::as_str)
            .unwrap_or("AutoRollingUpdate")
            .to_string();
        let (surge, unavailable) = match strategy.as_str() {
            "AutoInPlaceUpdate" => (Some(0), Some(1)),
            "ManualInPlaceUpdate" => (None, None),
            _ => (Some(1), Some(0)),
        };
        for (key, value) in [("maxSurge", surge), ("maxUnavailable", unavailable)] {
            if let Some(value) = value.filter(|_| !worker.contains_key(key)) {
                worker.insert(key.into(), json!(value));
                applied.push(
                    format!("{}.{key}", path()),
                    json!(value),
                    &format!("SetDefaults_Worker: the default for {strategy} pools"),
                );
            }
        }
        if strategy.ends_with("InPlaceUpdate") {
            let settings = worker
                .entry("machineControllerManager")
                .or_insert_with(|| json!({}));
            if let Some(settings) = settings.as_object_mut() {
                if !settings.contains_key("disableHealthTimeout") {
                    settings.insert("disableHealthTimeout".into(), json!(true));
                    applied.push(
                        format!("{}.machineControllerManager.disableHealthTimeout", path()),
                        json!(true),
                        "SetDefaults_Worker: in-place pools do not replace machines that turn unhealthy",
                    );
                }
            }
        }
    }
    applied.done()
}

/// The protected toleration of a Shoot in the `garden` namespace ([`shoot_tolerations`]), written
/// into its `spec.tolerations`.
fn default_garden_toleration(shoot: &mut Value, applied: &mut Applier) {
    let namespace = crate::decode::text_at(shoot, &["metadata", "namespace"]);
    if namespace != Some(GARDEN_NAMESPACE) {
        return;
    }
    let written: Vec<Toleration> = (shoot.pointer("/spec/tolerations"))
        .and_then(|list| crate::decode::from_value(list).ok())
        .unwrap_or_default();
    let Some(defaulted) = shoot_tolerations(GARDEN_NAMESPACE, &written) else {
        return;
    };
    if defaulted.len() == written.len() {
        return;
    }
    let Some(spec) = shoot.get_mut("spec").and_then(Value::as_object_mut) else {
        return;
    };
    let list = spec.entry("tolerations").or_insert_with(|| json!([]));
    if let Some(list) = list.as_array_mut() {
        list.push(json!({ "key": SEED_TAINT_PROTECTED }));
        applied.push(
            format!("spec.tolerations[{}]", list.len() - 1),
            json!({ "key": SEED_TAINT_PROTECTED }),
            "SetDefaults_Shoot: Shoots in the garden namespace tolerate protected Seeds",
        );
    }
}

/// Applies the CloudProfile defaults the engines depend on; returns what was applied.
pub fn default_cloud_profile(profile: &mut Value) -> Vec<AppliedDefault> {
    let mut applied = Applier::new("CloudProfile");
    let Some(spec) = profile.get_mut("spec").and_then(Value::as_object_mut) else {
        return applied.done();
    };
    // Architectures are only defaulted when the profile does not describe machine capabilities.
    let capabilities = spec
        .get("machineCapabilities")
        .and_then(Value::as_array)
        .is_some_and(|c| !c.is_empty());
    let images = spec.get_mut("machineImages").and_then(Value::as_array_mut);
    for (i, image) in images.into_iter().flatten().enumerate() {
        let Some(image) = image.as_object_mut() else {
            continue;
        };
        if !image.contains_key("updateStrategy") {
            image.insert("updateStrategy".into(), json!("major"));
            applied.push(
                format!("spec.machineImages[{i}].updateStrategy"),
                json!("major"),
                "SetDefaults_MachineImage: images update to the overall latest version",
            );
        }
        let versions = image.get_mut("versions").and_then(Value::as_array_mut);
        for (j, version) in versions.into_iter().flatten().enumerate() {
            let Some(version) = version.as_object_mut() else {
                continue;
            };
            // Written only for a default applied: a CloudProfile has thousands of versions,
            // mostly complete.
            let path = || format!("spec.machineImages[{i}].versions[{j}]");
            if !version.contains_key("cri") {
                version.insert("cri".into(), json!([{"name": "containerd"}]));
                applied.push(
                    format!("{}.cri", path()),
                    json!([{"name": "containerd"}]),
                    "SetDefaults_MachineImageVersion: every image supports containerd",
                );
            }
            if !capabilities && !version.contains_key("architectures") {
                version.insert("architectures".into(), json!(["amd64"]));
                applied.push(
                    format!("{}.architectures", path()),
                    json!(["amd64"]),
                    "SetDefaults_MachineImageVersion: amd64 unless stated otherwise",
                );
            }
        }
    }
    let machine_types = spec.get_mut("machineTypes").and_then(Value::as_array_mut);
    for (i, machine_type) in machine_types.into_iter().flatten().enumerate() {
        let Some(machine_type) = machine_type.as_object_mut() else {
            continue;
        };
        if !capabilities && !machine_type.contains_key("architecture") {
            machine_type.insert("architecture".into(), json!("amd64"));
            applied.push(
                format!("spec.machineTypes[{i}].architecture"),
                json!("amd64"),
                "SetDefaults_MachineType: amd64 unless stated otherwise",
            );
        }
        if !machine_type.contains_key("usable") {
            machine_type.insert("usable".into(), json!(true));
            applied.push(
                format!("spec.machineTypes[{i}].usable"),
                json!(true),
                "SetDefaults_MachineType: machine types are usable unless stated otherwise",
            );
        }
    }
    applied.done()
}

struct Applier {
    object: &'static str,
    applied: Vec<AppliedDefault>,
}

impl Applier {
    fn new(object: &'static str) -> Applier {
        Applier {
            object,
            applied: Vec::new(),
        }
    }

    fn push(&mut self, field: impl Into<String>, value: Value, reason: &str) {
        self.applied.push(AppliedDefault {
            object: self.object.to_string(),
            field: field.into(),
            value,
            reason: reason.to_string(),
        });
    }

    fn done(self) -> Vec<AppliedDefault> {
        self.applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(text: &str) -> Value {
        serde_yaml::from_str(text).unwrap()
    }

    fn fields(applied: &[AppliedDefault]) -> Vec<&str> {
        applied.iter().map(|d| d.field.as_str()).collect()
    }

    #[test]
    fn hand_written_shoot_gets_the_stored_defaults() {
        let mut shoot = yaml(
            "spec:\n  provider:\n    workers:\n    - name: a\n    - name: b\n      updateStrategy: AutoInPlaceUpdate\n",
        );
        let applied = default_shoot(&mut shoot);
        assert_eq!(
            fields(&applied),
            [
                "spec.maintenance.autoUpdate.kubernetesVersion",
                "spec.maintenance.autoUpdate.machineImageVersion",
                "spec.provider.workers[0].cri.name",
                "spec.provider.workers[0].updateStrategy",
                "spec.provider.workers[0].maxSurge",
                "spec.provider.workers[0].maxUnavailable",
                "spec.provider.workers[1].cri.name",
                "spec.provider.workers[1].maxSurge",
                "spec.provider.workers[1].maxUnavailable",
                "spec.provider.workers[1].machineControllerManager.disableHealthTimeout",
            ]
        );
        assert_eq!(shoot.pointer("/spec/provider/workers[1]"), None);
        assert_eq!(
            shoot.pointer("/spec/provider/workers/1/maxUnavailable"),
            Some(&json!(1))
        );
    }

    #[test]
    fn a_garden_shoot_tolerates_protected_seeds_once() {
        let mut shoot = yaml("metadata: {name: s, namespace: garden}\nspec: {}\n");
        let applied = default_shoot(&mut shoot);
        assert!(
            fields(&applied).contains(&"spec.tolerations[0]"),
            "{applied:?}"
        );
        assert_eq!(
            shoot.pointer("/spec/tolerations"),
            Some(&json!([{ "key": SEED_TAINT_PROTECTED }]))
        );
        assert!(default_shoot(&mut shoot).is_empty());
        // A valued toleration of the same key does not count; another namespace gets none.
        let mut valued = yaml(
            "metadata: {namespace: garden}\nspec:\n  tolerations: [{key: seed.gardener.cloud/protected, value: x}]\n",
        );
        default_shoot(&mut valued);
        assert_eq!(
            valued.pointer("/spec/tolerations/1/key"),
            Some(&json!(SEED_TAINT_PROTECTED))
        );
        let mut project_shoot = yaml("metadata: {namespace: garden-dev}\nspec: {}\n");
        default_shoot(&mut project_shoot);
        assert_eq!(project_shoot.pointer("/spec/tolerations"), None);
        assert_eq!(shoot_tolerations("garden-x", &[]), None);
    }

    #[test]
    fn a_present_auto_update_block_keeps_gos_false() {
        let mut shoot =
            yaml("spec:\n  maintenance:\n    autoUpdate: {machineImageVersion: false}\n");
        let applied = default_shoot(&mut shoot);
        assert!(applied.is_empty(), "{applied:?}");
        assert_eq!(
            shoot.pointer("/spec/maintenance/autoUpdate/kubernetesVersion"),
            None
        );
    }

    #[test]
    fn defaulted_objects_are_unchanged_by_a_second_pass() {
        // What the API server stored already carries every default.
        let mut shoot = yaml(crate::examples::DEFAULT.shoot);
        let mut profile = yaml(crate::examples::DEFAULT.cloud_profile);
        default_shoot(&mut shoot);
        default_cloud_profile(&mut profile);
        let (stored_shoot, stored_profile) = (shoot.clone(), profile.clone());
        assert!(default_shoot(&mut shoot).is_empty());
        assert!(default_cloud_profile(&mut profile).is_empty());
        assert_eq!((shoot, profile), (stored_shoot, stored_profile));
    }

    #[test]
    fn profile_defaults_respect_machine_capabilities() {
        let mut profile = yaml(
            "spec:\n  machineImages:\n  - name: gl\n    versions: [{version: 1.0.0}]\n  machineTypes: [{name: m}]\n",
        );
        let applied = default_cloud_profile(&mut profile);
        assert_eq!(
            fields(&applied),
            [
                "spec.machineImages[0].updateStrategy",
                "spec.machineImages[0].versions[0].cri",
                "spec.machineImages[0].versions[0].architectures",
                "spec.machineTypes[0].architecture",
                "spec.machineTypes[0].usable",
            ]
        );
        let mut with_capabilities = yaml(
            "spec:\n  machineCapabilities: [{name: architecture, values: [arm64]}]\n  machineImages:\n  - name: gl\n    updateStrategy: patch\n    versions: [{version: 1.0.0, cri: [{name: containerd}]}]\n",
        );
        assert!(default_cloud_profile(&mut with_capabilities).is_empty());
    }
}
