//! The profile a NamespacedCloudProfile stands for: Gardener's controller-manager writes it to
//! `status.cloudProfileSpec` from the parent CloudProfile and the NamespacedCloudProfile's own
//! `spec`, in `MergeCloudProfiles` (gardener v1.149.3,
//! `pkg/controllermanager/controller/namespacedcloudprofile/reconciler.go`), with
//! `TransformSpecToParentFormat` (`pkg/utils/gardener/namespacedcloudprofile.go`) and the
//! reconciler's `syncArchitectureCapabilities`.
//!
//! What Gardener does, in its order:
//! - the status starts as the parent's spec; the status a NamespacedCloudProfile had is not read;
//! - each list is merged by its key (Kubernetes and image versions by `version`, images, machine
//!   and volume types by `name`) into an ordered map: the parent's entries first, in their order,
//!   a duplicate key keeping the first place and the last value; then each override in turn
//!   merges into the entry of its key, or is appended when the key is new. Kubernetes versions are
//!   merged only when the NamespacedCloudProfile has `kubernetes`, and one the parent lacks is
//!   dropped; images, machine and volume types the parent lacks are added;
//! - a Kubernetes version override sets the parent version's `expirationDate` to its own, an
//!   absent one included (the rest of the parent's version stays);
//! - a machine image override takes its `updateStrategy` when not empty and merges its versions;
//!   a version override that sets `architectures`, `capabilityFlavors`, `cri`, a
//!   `kubeletVersionConstraint` or a `classification` replaces the parent's version whole, any
//!   other only sets its `expirationDate`;
//! - machine and volume type overrides replace the parent's entry whole;
//! - `caBundle` is the parent's followed by the NamespacedCloudProfile's, when the latter is set;
//! - `limits.maxNodesTotal` is the NamespacedCloudProfile's when above zero (a `limits` without it
//!   still leaves an empty `limits` where the parent has none);
//! - before merging, the NamespacedCloudProfile's images and machine types are brought to the
//!   parent's format: with capability definitions (`machineCapabilities`), a version without
//!   `capabilityFlavors` gets one flavor per architecture and a machine type without
//!   `capabilities` gets its architecture as one; without them, a version without `architectures`
//!   takes those of its flavors, flavors and machine type capabilities are dropped, and a machine
//!   type without `architecture` takes its first capability architecture;
//! - last, architectures are defaulted: a machine type gets its effective architecture (the single
//!   `architecture` capability value after the definitions' defaults, else its field), `amd64`
//!   when that is empty; an image version without `architectures` gets those of its flavors
//!   (after the definitions' defaults), `amd64` when they name none.
//!
//! Where Gardener collects architectures into a set it lists them in Go's random map order; the
//! engine lists them sorted.

use crate::api::{
    Capabilities, CapabilityDefinition, CloudProfileSpec, ExpirableVersion, Limits, MachineImage,
    MachineImageVersion, MachineType, NamespacedCloudProfileSpec, ARCHITECTURE_CAPABILITY,
    DEFAULT_ARCHITECTURE,
};
use std::collections::{BTreeSet, HashMap};

/// `MergeCloudProfiles`: the `status.cloudProfileSpec` Gardener writes for a NamespacedCloudProfile
/// with `namespaced` as its spec below a parent CloudProfile with `parent` as its spec.
///
/// Both are taken as the API server stores them (with their defaults); the result is not
/// defaulted further, as Gardener writes it.
pub fn merge_cloud_profiles(
    parent: &CloudProfileSpec,
    namespaced: &NamespacedCloudProfileSpec,
) -> CloudProfileSpec {
    let mut merged = parent.clone();
    if let Some(kubernetes) = &namespaced.kubernetes {
        merged.kubernetes.versions = merge_by_key(
            &parent.kubernetes.versions,
            &kubernetes.versions,
            |version| &version.version,
            take_expiration_date,
            false,
        );
    }
    let definitions = &parent.machine_capabilities;
    let images: Vec<MachineImage> = (namespaced.machine_images.iter())
        .map(|image| image_in_parent_format(image, definitions))
        .collect();
    merged.machine_images = merge_by_key(
        &parent.machine_images,
        &images,
        |image| &image.name,
        merge_machine_image,
        true,
    );
    let machine_types: Vec<MachineType> = (namespaced.machine_types.iter())
        .map(|machine_type| machine_type_in_parent_format(machine_type, definitions))
        .collect();
    merged.machine_types = merge_by_key(
        &parent.machine_types,
        &machine_types,
        |machine_type| &machine_type.name,
        |_, replacement| replacement.clone(),
        true,
    );
    merged.volume_types = merge_by_key(
        &parent.volume_types,
        &namespaced.volume_types,
        |volume_type| &volume_type.name,
        |_, replacement| replacement.clone(),
        true,
    );
    if let Some(ca_bundle) = &namespaced.ca_bundle {
        let parent_bundle = parent.ca_bundle.as_deref().unwrap_or_default();
        merged.ca_bundle = Some(format!("{parent_bundle}{ca_bundle}"));
    }
    if let Some(limits) = &namespaced.limits {
        let merged_limits = merged.limits.get_or_insert_with(Limits::default);
        if limits.max_nodes_total.is_some_and(|total| total > 0) {
            merged_limits.max_nodes_total = limits.max_nodes_total;
        }
    }
    default_architectures(&mut merged);
    merged
}

/// The ordered merge by key: `base` deduplicated by key (first place, last value), then each of
/// `overrides` merged into its key's entry with `merge`, or appended when new and `add_new`.
fn merge_by_key<T: Clone>(
    base: &[T],
    overrides: &[T],
    key: impl Fn(&T) -> &String,
    merge: impl Fn(&T, &T) -> T,
    add_new: bool,
) -> Vec<T> {
    let mut merged: Vec<T> = Vec::with_capacity(base.len() + overrides.len());
    let mut places: HashMap<&String, usize> = HashMap::with_capacity(merged.capacity());
    for item in base {
        match places.get(key(item)) {
            Some(&place) => merged[place] = item.clone(),
            None => {
                places.insert(key(item), merged.len());
                merged.push(item.clone());
            }
        }
    }
    for item in overrides {
        match places.get(key(item)) {
            Some(&place) => merged[place] = merge(&merged[place], item),
            None if add_new => {
                places.insert(key(item), merged.len());
                merged.push(item.clone());
            }
            None => {}
        }
    }
    merged
}

/// A version override that only moves the expiration date (`mergeExpirationDates`): the parent's
/// version with the override's date, also when the override has none.
fn take_expiration_date(base: &ExpirableVersion, update: &ExpirableVersion) -> ExpirableVersion {
    ExpirableVersion {
        expiration_date: update.expiration_date,
        ..base.clone()
    }
}

/// `mergeMachineImages`.
fn merge_machine_image(base: &MachineImage, update: &MachineImage) -> MachineImage {
    let update_strategy = match &update.update_strategy {
        Some(strategy) if !strategy.is_empty() => Some(strategy.clone()),
        _ => base.update_strategy.clone(),
    };
    MachineImage {
        name: base.name.clone(),
        update_strategy,
        versions: merge_by_key(
            &base.versions,
            &update.versions,
            |version| &version.expirable.version,
            merge_machine_image_version,
            true,
        ),
    }
}

/// `mergeMachineImageVersions`: an override that says more than a date stands for the whole
/// version (the NamespacedCloudProfile defined it before the parent did).
fn merge_machine_image_version(
    base: &MachineImageVersion,
    update: &MachineImageVersion,
) -> MachineImageVersion {
    let set = |text: &Option<String>| text.as_deref().is_some_and(|text| !text.is_empty());
    let classified = (update.expirable.classification.as_ref())
        .is_some_and(|classification| !classification.as_str().is_empty());
    if !update.architectures.is_empty()
        || !update.capability_flavors.is_empty()
        || !update.cri.is_empty()
        || set(&update.kubelet_version_constraint)
        || classified
    {
        return update.clone();
    }
    MachineImageVersion {
        expirable: take_expiration_date(&base.expirable, &update.expirable),
        ..base.clone()
    }
}

/// `GetCapabilitiesWithAppliedDefaults`: one entry per definition, the given values or else the
/// definition's (a later definition of the same name wins, as Go's map assignment has it).
fn capabilities_with_defaults(
    capabilities: &Capabilities,
    definitions: &[CapabilityDefinition],
) -> Capabilities {
    let mut result = Capabilities::new();
    for definition in definitions {
        let values = capabilities
            .get(&definition.name)
            .unwrap_or(&definition.values);
        result.insert(definition.name.clone(), values.clone());
    }
    result
}

/// `MachineType.GetArchitecture`: the single `architecture` capability value after the
/// definitions' defaults, else the `architecture` field; empty when neither says.
fn machine_type_architecture(
    machine_type: &MachineType,
    definitions: &[CapabilityDefinition],
) -> String {
    let capabilities = capabilities_with_defaults(&machine_type.capabilities, definitions);
    match capabilities.get(ARCHITECTURE_CAPABILITY).map(Vec::as_slice) {
        Some([single]) => single.clone(),
        _ => machine_type.architecture.clone().unwrap_or_default(),
    }
}

/// `TransformSpecToParentFormat` for one machine image of the NamespacedCloudProfile.
fn image_in_parent_format(
    image: &MachineImage,
    definitions: &[CapabilityDefinition],
) -> MachineImage {
    let with_capabilities = !definitions.is_empty();
    let mut image = image.clone();
    for version in &mut image.versions {
        if with_capabilities {
            if version.capability_flavors.is_empty() {
                version.capability_flavors = (version.architectures.iter())
                    .map(|architecture| {
                        Capabilities::from([(
                            ARCHITECTURE_CAPABILITY.to_string(),
                            vec![architecture.clone()],
                        )])
                    })
                    .collect();
            }
        } else {
            if version.architectures.is_empty() {
                version.architectures = flavor_architectures(&version.capability_flavors);
            }
            version.capability_flavors.clear();
        }
    }
    image
}

/// `TransformSpecToParentFormat` for one machine type of the NamespacedCloudProfile.
fn machine_type_in_parent_format(
    machine_type: &MachineType,
    definitions: &[CapabilityDefinition],
) -> MachineType {
    let mut machine_type = machine_type.clone();
    if !definitions.is_empty() {
        if machine_type.capabilities.is_empty() {
            let mut architecture = machine_type_architecture(&machine_type, definitions);
            if architecture.is_empty() {
                architecture = (machine_type.architecture.clone())
                    .unwrap_or_else(|| DEFAULT_ARCHITECTURE.to_string());
            }
            machine_type.capabilities =
                Capabilities::from([(ARCHITECTURE_CAPABILITY.to_string(), vec![architecture])]);
        }
    } else {
        if machine_type.architecture.is_none() {
            let first = (machine_type.capabilities.get(ARCHITECTURE_CAPABILITY))
                .and_then(|values| values.first());
            machine_type.architecture = first.cloned();
        }
        machine_type.capabilities.clear();
    }
    machine_type
}

/// The architectures the flavors name, each once, sorted (Gardener collects them in a set).
fn flavor_architectures(flavors: &[Capabilities]) -> Vec<String> {
    let architectures: BTreeSet<&String> = flavors
        .iter()
        .filter_map(|flavor| flavor.get(ARCHITECTURE_CAPABILITY))
        .flatten()
        .collect();
    architectures.into_iter().cloned().collect()
}

/// `syncArchitectureCapabilities`: architectures for machine types and image versions that lack
/// them, from the parent's capability definitions.
fn default_architectures(spec: &mut CloudProfileSpec) {
    let definitions = &spec.machine_capabilities;
    for machine_type in &mut spec.machine_types {
        let architecture = machine_type_architecture(machine_type, definitions);
        if architecture.is_empty() {
            machine_type.architecture = Some(DEFAULT_ARCHITECTURE.to_string());
        } else if machine_type.architecture.is_none() {
            machine_type.architecture = Some(architecture);
        }
    }
    for image in &mut spec.machine_images {
        for version in &mut image.versions {
            if !version.architectures.is_empty() {
                continue;
            }
            // `GetImageFlavorsWithAppliedDefaults`: no flavor stands for one with every default.
            let flavors: Vec<Capabilities> = if version.capability_flavors.is_empty() {
                vec![capabilities_with_defaults(
                    &Capabilities::new(),
                    definitions,
                )]
            } else {
                (version.capability_flavors.iter())
                    .map(|flavor| capabilities_with_defaults(flavor, definitions))
                    .collect()
            };
            let architectures = flavor_architectures(&flavors);
            version.architectures = if architectures.is_empty() {
                vec![DEFAULT_ARCHITECTURE.to_string()]
            } else {
                architectures
            };
        }
    }
}

#[cfg(test)]
mod tests {
    //! Vectors after the cases of Gardener's `reconciler_test.go` (`#MergeCloudProfiles`, "merge
    //! Kubernetes versions", "merge machine images", "merge machine types"), plus the rules they
    //! leave out; the oracle area `namespaced-cloud-profile-merge` holds the rest.

    use super::merge_cloud_profiles;
    use crate::api::{CloudProfileSpec, NamespacedCloudProfileSpec};
    use serde_json::{json, Value};

    fn merged(parent: Value, namespaced: Value) -> Value {
        let parent: CloudProfileSpec = crate::decode::from_value(&parent).unwrap();
        let namespaced: NamespacedCloudProfileSpec =
            crate::decode::from_value(&namespaced).unwrap();
        serde_json::to_value(merge_cloud_profiles(&parent, &namespaced)).unwrap()
    }

    /// A parent with capability definitions whose every entry already has its architecture.
    fn ordered_parent() -> Value {
        json!({
            "type": "aws",
            "machineCapabilities": [
                { "name": "architecture", "values": ["amd64", "arm64"] },
                { "name": "cap-a", "values": ["featured", "standard"] },
            ],
            "kubernetes": { "versions": [
                { "version": "1.35.0" }, { "version": "1.34.1" }, { "version": "1.34.0" },
            ] },
            "machineImages": [
                { "name": "image-a", "versions": [] },
                { "name": "image-b", "versions": [
                    { "version": "1.0", "architectures": ["amd64"],
                      "capabilityFlavors": [{ "architecture": ["amd64"], "cap-a": ["standard"] }] },
                    { "version": "2.0", "architectures": ["amd64"],
                      "capabilityFlavors": [{ "architecture": ["amd64"] }] },
                    { "version": "3.0", "architectures": ["arm64"],
                      "capabilityFlavors": [{ "architecture": ["arm64"] }] },
                ] },
                { "name": "image-c", "versions": [] },
            ],
            "machineTypes": [
                { "name": "type-a", "architecture": "amd64", "cpu": "2", "gpu": "0", "memory": "8Gi" },
                { "name": "type-b", "architecture": "amd64", "cpu": "2", "gpu": "0", "memory": "8Gi" },
            ],
            "volumeTypes": [{ "name": "volume-a", "class": "standard" }],
            "regions": [{ "name": "eu-1" }],
        })
    }

    #[test]
    fn without_overrides_the_parent_is_the_result() {
        let parent = ordered_parent();
        let expected = merged(parent.clone(), json!({ "parent": { "name": "aws" } }));
        let parent: CloudProfileSpec = crate::decode::from_value(&parent).unwrap();
        assert_eq!(expected, serde_json::to_value(parent).unwrap());
    }

    #[test]
    fn overrides_keep_the_parents_order_and_new_entries_come_last() {
        let result = merged(
            ordered_parent(),
            json!({
                "parent": { "name": "aws" },
                "kubernetes": { "versions": [
                    { "version": "1.34.1", "expirationDate": "2030-01-01T00:00:00Z" },
                    { "version": "1.36.0" },
                ] },
                "machineImages": [{ "name": "image-b", "versions": [
                    { "version": "2.0", "expirationDate": "2030-01-01T00:00:00Z" },
                    { "version": "4.0", "architectures": ["amd64"],
                      "capabilityFlavors": [{ "architecture": ["amd64"] }] },
                ] }],
                "machineTypes": [{ "name": "type-d", "architecture": "amd64", "cpu": "4", "gpu": "0", "memory": "16Gi" }],
                "volumeTypes": [{ "name": "volume-d", "class": "premium" }],
            }),
        );
        let versions: Vec<&str> = (result["kubernetes"]["versions"].as_array().unwrap().iter())
            .map(|version| version["version"].as_str().unwrap())
            .collect();
        // A Kubernetes version only the NamespacedCloudProfile names is not added.
        assert_eq!(versions, ["1.35.0", "1.34.1", "1.34.0"]);
        assert_eq!(
            result["kubernetes"]["versions"][1]["expirationDate"],
            "2030-01-01T00:00:00Z"
        );
        let image_b = &result["machineImages"][1];
        let image_versions: Vec<&str> = (image_b["versions"].as_array().unwrap().iter())
            .map(|version| version["version"].as_str().unwrap())
            .collect();
        assert_eq!(image_versions, ["1.0", "2.0", "3.0", "4.0"]);
        // A date alone moves the date and keeps the parent's version otherwise.
        assert_eq!(
            image_b["versions"][1],
            json!({ "version": "2.0", "expirationDate": "2030-01-01T00:00:00Z",
                    "architectures": ["amd64"], "capabilityFlavors": [{ "architecture": ["amd64"] }] })
        );
        assert_eq!(
            result["machineTypes"][2],
            json!({ "name": "type-d", "architecture": "amd64", "cpu": "4", "gpu": "0",
                    "memory": "16Gi", "capabilities": { "architecture": ["amd64"] } })
        );
        assert_eq!(result["volumeTypes"][1]["name"], "volume-d");
        assert_eq!(result["machineImages"][2]["name"], "image-c");
    }

    #[test]
    fn a_version_override_with_more_than_a_date_replaces_the_parents_version() {
        let parent = json!({
            "machineImages": [{ "name": "gardenlinux", "updateStrategy": "major", "versions": [
                { "version": "1.0.0", "expirationDate": "2027-01-01T00:00:00Z",
                  "cri": [{ "name": "containerd" }], "architectures": ["amd64", "arm64"],
                  "kubeletVersionConstraint": ">= 1.30" },
                { "version": "2.0.0", "classification": "preview", "expirationDate": "2027-01-01T00:00:00Z",
                  "architectures": ["arm64", "amd64"], "inPlaceUpdates": { "supported": true } },
            ] }],
        });
        let result = merged(
            parent,
            json!({ "machineImages": [{ "name": "gardenlinux", "updateStrategy": "patch", "versions": [
                { "version": "1.0.0", "classification": "deprecated" },
                // Neither a date nor another field that counts: the parent's date goes.
                { "version": "2.0.0", "inPlaceUpdates": { "supported": false } },
            ] }] }),
        );
        let image = &result["machineImages"][0];
        assert_eq!(image["updateStrategy"], "patch");
        assert_eq!(
            image["versions"][0],
            json!({ "version": "1.0.0", "classification": "deprecated", "architectures": ["amd64"] })
        );
        assert_eq!(
            image["versions"][1],
            json!({ "version": "2.0.0", "classification": "preview",
                    "architectures": ["arm64", "amd64"], "inPlaceUpdates": { "supported": true } })
        );
    }

    #[test]
    fn an_empty_update_strategy_keeps_the_parents() {
        let parent = json!({ "machineImages": [{ "name": "a", "updateStrategy": "minor", "versions": [] }] });
        let result = merged(
            parent,
            json!({ "machineImages": [{ "name": "a", "updateStrategy": "", "versions": [] }] }),
        );
        assert_eq!(result["machineImages"][0]["updateStrategy"], "minor");
    }

    #[test]
    fn duplicates_keep_the_first_place_and_the_last_value() {
        let parent = json!({ "volumeTypes": [
            { "name": "a", "class": "first" }, { "name": "b", "class": "b" }, { "name": "a", "class": "last" },
        ] });
        let result = merged(parent, json!({}));
        assert_eq!(
            result["volumeTypes"],
            json!([{ "name": "a", "class": "last" }, { "name": "b", "class": "b" }])
        );
    }

    #[test]
    fn limits_take_a_positive_maximum_of_the_namespaced_profile() {
        let limits = |parent: Value, namespaced: Value| {
            merged(json!({ "limits": parent }), json!({ "limits": namespaced }))["limits"].clone()
        };
        assert_eq!(merged(json!({}), json!({}))["limits"], Value::Null);
        assert_eq!(
            limits(json!({ "maxNodesTotal": 10 }), Value::Null),
            json!({ "maxNodesTotal": 10 })
        );
        assert_eq!(
            limits(Value::Null, json!({ "maxNodesTotal": 10 })),
            json!({ "maxNodesTotal": 10 })
        );
        assert_eq!(
            limits(
                json!({ "maxNodesTotal": 124 }),
                json!({ "maxNodesTotal": 20 })
            ),
            json!({ "maxNodesTotal": 20 })
        );
        assert_eq!(
            limits(
                json!({ "maxNodesTotal": 10 }),
                json!({ "maxNodesTotal": 0 })
            ),
            json!({ "maxNodesTotal": 10 })
        );
        assert_eq!(limits(Value::Null, json!({})), json!({}));
    }

    #[test]
    fn the_ca_bundle_is_appended_to_the_parents() {
        let bundle = |parent: Value, namespaced: Value| {
            merged(
                json!({ "caBundle": parent }),
                json!({ "caBundle": namespaced }),
            )["caBundle"]
                .clone()
        };
        assert_eq!(bundle(json!("A\n"), json!("B\n")), json!("A\nB\n"));
        assert_eq!(bundle(Value::Null, json!("B")), json!("B"));
        assert_eq!(bundle(json!("A"), Value::Null), json!("A"));
        assert_eq!(bundle(Value::Null, json!("")), json!(""));
    }

    #[test]
    fn below_a_parent_with_capabilities_architectures_become_flavors() {
        let parent = json!({ "machineCapabilities": [{ "name": "architecture", "values": ["amd64", "arm64"] }] });
        let result = merged(
            parent,
            json!({
                "machineImages": [{ "name": "ubuntu", "versions": [
                    { "version": "20.04", "architectures": ["arm64", "amd64"] },
                    { "version": "22.04" },
                ] }],
                "machineTypes": [
                    { "name": "m5.large", "cpu": "2", "gpu": "0", "memory": "8Gi" },
                    { "name": "m6g.large", "cpu": "2", "gpu": "0", "memory": "8Gi", "architecture": "arm64" },
                ],
            }),
        );
        let versions = &result["machineImages"][0]["versions"];
        assert_eq!(
            versions[0],
            json!({ "version": "20.04", "architectures": ["arm64", "amd64"],
                    "capabilityFlavors": [{ "architecture": ["arm64"] }, { "architecture": ["amd64"] }] })
        );
        // No flavors: every capability value is supported, so both architectures.
        assert_eq!(
            versions[1],
            json!({ "version": "22.04", "architectures": ["amd64", "arm64"] })
        );
        let types = &result["machineTypes"];
        assert_eq!(types[0]["architecture"], "amd64");
        assert_eq!(
            types[0]["capabilities"],
            json!({ "architecture": ["amd64"] })
        );
        assert_eq!(types[1]["architecture"], "arm64");
        assert_eq!(
            types[1]["capabilities"],
            json!({ "architecture": ["arm64"] })
        );
    }

    #[test]
    fn below_a_parent_without_capabilities_flavors_become_architectures() {
        let result = merged(
            json!({}),
            json!({
                "machineImages": [{ "name": "ubuntu", "versions": [
                    { "version": "20.04", "capabilityFlavors": [
                        { "architecture": ["arm64"] }, { "architecture": ["amd64"] },
                    ] },
                    { "version": "22.04" },
                ] }],
                "machineTypes": [{ "name": "m5.large", "cpu": "2", "gpu": "0", "memory": "8Gi",
                                   "capabilities": { "architecture": ["arm64"], "gpu": ["nvidia"] } }],
            }),
        );
        let versions = &result["machineImages"][0]["versions"];
        assert_eq!(
            versions[0],
            json!({ "version": "20.04", "architectures": ["amd64", "arm64"] })
        );
        assert_eq!(
            versions[1],
            json!({ "version": "22.04", "architectures": ["amd64"] })
        );
        assert_eq!(
            result["machineTypes"][0],
            json!({ "name": "m5.large", "cpu": "2", "gpu": "0", "memory": "8Gi", "architecture": "arm64" })
        );
    }

    #[test]
    fn lists_go_writes_as_null_read_as_empty() {
        let result = merged(
            json!({ "machineImages": [{ "name": "a", "versions": null }], "machineTypes": null,
                    "regions": null,
                    "machineCapabilities": [{ "name": "gpu", "values": null }] }),
            json!({ "machineImages": [{ "name": "a", "updateStrategy": "patch", "versions": null }] }),
        );
        assert_eq!(
            result["machineImages"],
            json!([{ "name": "a", "updateStrategy": "patch", "versions": [] }])
        );
    }

    #[test]
    fn a_single_architecture_definition_defaults_versions_without_one() {
        let parent =
            json!({ "machineCapabilities": [{ "name": "architecture", "values": ["arm64"] }] });
        let result = merged(
            parent,
            json!({ "machineImages": [{ "name": "ubuntu", "versions": [{ "version": "20.04" }] }] }),
        );
        assert_eq!(
            result["machineImages"][0]["versions"][0],
            json!({ "version": "20.04", "architectures": ["arm64"] })
        );
    }
}
