//! `Shoot` (`pkg/apis/core/v1beta1/types_shoot.go`) and the `Condition` and `LastOperation` of its
//! status (`types_common.go`, `types_shoot.go`). A `Condition` is also what the report shows of
//! the constraints it computes, so its TypeScript type is derived here.

use super::meta::{written_text, written_texts as texts};
use super::{Extra, LabelSelector, WrittenManagedFieldsEntry, WrittenOwnerReference};
use crate::decode::FromValue;
use crate::document::Value;
use crate::golang::null_as_default;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A Shoot. What no area reads is kept in the `extra` of each level, so that a maintenance run
/// changes nothing but what Gardener's would, and comparisons of whole pools see every field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Shoot {
    #[serde(deserialize_with = "null_as_default")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "null_as_default")]
    pub spec: ShootSpec,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "ShootStatus::is_empty"
    )]
    pub status: ShootStatus,
    /// `apiVersion`, `kind`.
    #[serde(flatten)]
    pub extra: Extra,
}

/// `metav1.ObjectMeta`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub name: String,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub namespace: String,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_zero_i64"
    )]
    pub generation: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<DateTime<Utc>>,
    #[serde(
        deserialize_with = "crate::golang::null_values_as_empty",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub labels: BTreeMap<String, String>,
    #[serde(
        deserialize_with = "crate::golang::null_values_as_empty",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub annotations: BTreeMap<String, String>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl ObjectMeta {
    /// The label `key`, when set.
    pub fn label(&self, key: &str) -> Option<&str> {
        self.labels.get(key).map(String::as_str)
    }

    /// The annotation `key`, when set.
    pub fn annotation(&self, key: &str) -> Option<&str> {
        self.annotations.get(key).map(String::as_str)
    }

    /// `uid`; empty when absent or no text.
    pub fn uid(&self) -> &str {
        (self.extra.get("uid").and_then(Value::as_str)).unwrap_or_default()
    }

    /// `finalizers`, an entry that is no text read as empty; none when it is no list.
    pub fn finalizers(&self) -> Vec<&str> {
        let items = self.extra.get("finalizers").and_then(Value::as_array);
        (items.into_iter().flatten())
            .map(|finalizer| finalizer.as_str().unwrap_or_default())
            .collect()
    }

    /// `deletionGracePeriodSeconds`: `None` when absent or `null`, `Some(None)` when written as
    /// no number (which equals only another such value).
    pub fn deletion_grace_period_seconds(&self) -> Option<Option<f64>> {
        (self.extra.get("deletionGracePeriodSeconds"))
            .filter(|seconds| !seconds.is_null())
            .map(Value::as_f64)
    }

    /// `generateName`; empty when absent or no text.
    pub fn generate_name(&self) -> &str {
        (self.extra.get("generateName").and_then(Value::as_str)).unwrap_or_default()
    }

    /// `ownerReferences`, one per entry (an entry that is no object reads as empty); none when
    /// it is no list.
    pub fn owner_references(&self) -> Vec<WrittenOwnerReference> {
        let items = self.extra.get("ownerReferences").and_then(Value::as_array);
        (items.into_iter().flatten())
            .map(WrittenOwnerReference::read)
            .collect()
    }

    /// `managedFields`, one per entry (an entry that is no object reads as empty); none when it
    /// is no list.
    pub fn managed_fields(&self) -> Vec<WrittenManagedFieldsEntry> {
        let items = self.extra.get("managedFields").and_then(Value::as_array);
        (items.into_iter().flatten())
            .map(WrittenManagedFieldsEntry::read)
            .collect()
    }
}

fn is_zero_i64(value: &i64) -> bool {
    *value == 0
}

/// `ShootSpec`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootSpec {
    /// As written: the scheduler reads the names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_restrictions: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addons: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cloud_profile_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cloud_profile: Option<CloudProfileReference>,
    /// As written: the scheduler reads the zones and the failure tolerance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub control_plane: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dns: Option<Dns>,
    #[serde(deserialize_with = "null_as_default")]
    pub kubernetes: Kubernetes,
    /// As written: the scheduler checks the networks against the Seed's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub networking: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purpose: Option<String>,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub region: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_name: Option<String>,
    /// As written: a label selector with `providerTypes`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_selector: Option<Value>,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tolerations: Vec<Toleration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hibernation: Option<Hibernation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maintenance: Option<Maintenance>,
    #[serde(deserialize_with = "null_as_default")]
    pub provider: Provider,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credentials_binding_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret_binding_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_components: Option<SystemComponents>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `DNS`: the scheduler reads the domain; maintenance drops the providers' `secretName` from
/// Kubernetes 1.35.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Dns {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub providers: Option<Vec<Extra>>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Dns {
    /// The first of `providers` whose `primary` is `true`.
    pub fn primary_provider(&self) -> Option<WrittenDnsProvider> {
        (self.written_providers().into_iter()).find(|provider| provider.primary == Some(true))
    }

    /// `providers`, each as written.
    pub fn written_providers(&self) -> Vec<WrittenDnsProvider> {
        let providers = self.providers.as_deref().unwrap_or_default();
        (providers.iter())
            .map(|provider| WrittenDnsProvider::read(provider))
            .collect()
    }
}

/// A `DNSProvider` (`spec.dns.providers[]`) as written. The update rules read its `*string`s as
/// Go decodes them; the static validation, which reads the Shoot before it decodes, reads a
/// `type` or `secretName` that is no text as unset, hence both readings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenDnsProvider {
    /// `primary`, when written as a boolean.
    pub primary: Option<bool>,
    /// `type` (Go's `*string`): `None` when absent or `null`, empty when no text.
    pub provider_type: Option<String>,
    /// `type`, when written as text.
    pub provider_type_text: Option<String>,
    /// `secretName` (Go's `*string`): `None` when absent or `null`, empty when no text.
    pub secret_name: Option<String>,
    /// `secretName`, when written as text.
    pub secret_name_text: Option<String>,
    /// `credentialsRef`: `None` when absent or `null`; a part that is absent or no text (or all,
    /// when it is no object) is empty.
    pub credentials_ref: Option<WrittenObjectReference>,
}

impl WrittenDnsProvider {
    /// One provider's fields read.
    pub fn read(provider: &serde_json::Map<String, Value>) -> WrittenDnsProvider {
        let set = |key: &str| provider.get(key).filter(|value| !value.is_null());
        let go_text =
            |key: &str| set(key).map(|value| value.as_str().unwrap_or_default().to_string());
        let text = |key: &str| (provider.get(key).and_then(Value::as_str)).map(str::to_string);
        WrittenDnsProvider {
            primary: provider.get("primary").and_then(Value::as_bool),
            provider_type: go_text("type"),
            provider_type_text: text("type"),
            secret_name: go_text("secretName"),
            secret_name_text: text("secretName"),
            credentials_ref: set("credentialsRef").map(WrittenObjectReference::read),
        }
    }
}

impl ShootSpec {
    /// `IsShootSelfHosted`: a pool runs the control plane.
    pub fn is_self_hosted(&self) -> bool {
        (self.provider.workers.iter()).any(|worker| worker.control_plane.is_some())
    }

    /// `HasManagedInfrastructure`: the Shoot names its infrastructure credentials.
    pub fn has_managed_infrastructure(&self) -> bool {
        self.secret_binding_name.is_some() || self.credentials_binding_name.is_some()
    }

    /// `spec.networking.ipFamilies` after `SetDefaults_Networking`: see [`ip_families`].
    pub fn ip_families(&self) -> Vec<&str> {
        ip_families(self.networking.as_ref())
    }

    /// Whether `spec.controlPlane.highAvailability` is set (Go's non-nil pointer: neither absent
    /// nor `null`).
    pub fn has_high_availability(&self) -> bool {
        (self.control_plane.as_ref())
            .and_then(|plane| plane.get("highAvailability"))
            .is_some_and(|high_availability| !high_availability.is_null())
    }

    /// `spec.controlPlane.highAvailability.failureTolerance.type`, when written as text.
    pub fn failure_tolerance_type(&self) -> Option<&str> {
        (self.control_plane.as_ref())
            .and_then(|plane| plane.pointer("/highAvailability/failureTolerance/type"))
            .and_then(Value::as_str)
    }

    /// `spec.controlPlane.zones`; empty when absent or when it is no list of texts.
    pub fn control_plane_zones(&self) -> Vec<String> {
        (self.control_plane.as_ref())
            .and_then(|plane| plane.get("zones"))
            .and_then(|zones| crate::decode::from_value(zones).ok())
            .unwrap_or_default()
    }

    /// `spec.accessRestrictions[].name`, leaving out entries without a textual name.
    pub fn access_restriction_names(&self) -> Vec<String> {
        let items = (self.access_restrictions.as_ref()).and_then(Value::as_array);
        (items.into_iter().flatten())
            .filter_map(|item| item.get("name").and_then(Value::as_str))
            .map(str::to_string)
            .collect()
    }

    /// `spec.controlPlane.zones` as the static validation reads them before the Shoot decodes:
    /// an entry that is no text reads as empty; none when the list is absent or no list.
    pub fn written_control_plane_zones(&self) -> Vec<&str> {
        let zones = (self.control_plane.as_ref())
            .and_then(|plane| plane.get("zones"))
            .and_then(Value::as_array);
        (zones.into_iter().flatten())
            .map(|zone| zone.as_str().unwrap_or_default())
            .collect()
    }

    /// `spec.resources[].resourceRef`, one per entry of the list (none when it is no list).
    pub fn resource_refs(&self) -> Vec<CrossVersionObjectReference> {
        (self.resources().into_iter())
            .map(|resource| resource.resource_ref)
            .collect()
    }

    /// `spec.resources`, one per entry of the list (none when it is no list).
    pub fn resources(&self) -> Vec<WrittenNamedResourceReference> {
        let items = self.extra.get("resources").and_then(Value::as_array);
        (items.into_iter().flatten())
            .map(|resource| WrittenNamedResourceReference {
                name: written_text(resource, "name").to_string(),
                resource_ref: CrossVersionObjectReference::read(resource.get("resourceRef")),
            })
            .collect()
    }

    /// `spec.extensions[].type`, one per entry of the list (none when it is no list); a type
    /// that is absent or no text reads as empty.
    pub fn extension_types(&self) -> Vec<&str> {
        let items = self.extra.get("extensions").and_then(Value::as_array);
        (items.into_iter().flatten())
            .map(|extension| written_text(extension, "type"))
            .collect()
    }

    /// `spec.monitoring.alerting.emailReceivers`, an entry that is no text read as empty; none
    /// when a level is absent or of another type.
    pub fn alerting_email_receivers(&self) -> Vec<&str> {
        let receivers = (self.extra.get("monitoring"))
            .and_then(|monitoring| monitoring.get("alerting"))
            .and_then(|alerting| alerting.get("emailReceivers"))
            .and_then(Value::as_array);
        (receivers.into_iter().flatten())
            .map(|receiver| receiver.as_str().unwrap_or_default())
            .collect()
    }

    /// `spec.exposureClassName`, when written as text.
    pub fn exposure_class_name(&self) -> Option<&str> {
        self.extra.get("exposureClassName").and_then(Value::as_str)
    }

    /// `spec.schedulerName`, when written as text.
    pub fn scheduler_name(&self) -> Option<&str> {
        self.extra.get("schedulerName").and_then(Value::as_str)
    }

    /// `spec.networking`'s fields as the static validation reads them before the Shoot decodes
    /// (a networking value that is no object has none set).
    pub fn networking_fields_as_written(&self) -> WrittenNetworkingFields {
        let networking = self.networking.as_ref();
        let set = |key: &str| {
            (networking.and_then(|networking| networking.get(key))).filter(|value| !value.is_null())
        };
        let text = |key: &str| set(key).map(|value| value.as_str().map(str::to_string));
        WrittenNetworkingFields {
            networking_type: text("type"),
            provider_config_set: set("providerConfig").is_some(),
            pods: text("pods"),
            nodes: text("nodes"),
            services: text("services"),
        }
    }

    /// `spec.seedSelector`'s label selector as the static validation reads it (see
    /// [`LabelSelector::read_as_written`]); `None` when absent or `null`.
    pub fn seed_label_selector_as_written(&self) -> Option<LabelSelector> {
        (self.seed_selector.as_ref())
            .filter(|selector| !selector.is_null())
            .map(LabelSelector::read_as_written)
    }

    /// `spec.addons` as written; `None` when absent or `null`.
    pub fn written_addons(&self) -> Option<WrittenAddons> {
        let addons = (self.addons.as_ref()).filter(|addons| !addons.is_null())?;
        // An addon is enabled when written as an object whose `enabled` is `true`.
        let enabled = |name: &str| {
            (addons.get(name)).filter(|addon| addon.get("enabled") == Some(&Value::Bool(true)))
        };
        let text =
            |addon: &Value, key: &str| (addon.get(key).and_then(Value::as_str)).map(str::to_string);
        let nginx_ingress = enabled("nginxIngress").map(|nginx| {
            let config = nginx.get("config").and_then(Value::as_object);
            WrittenNginxIngress {
                load_balancer_source_ranges: texts(nginx.get("loadBalancerSourceRanges")),
                config: (config.into_iter().flatten())
                    .map(|(key, value)| {
                        (key.clone(), value.as_str().unwrap_or_default().to_string())
                    })
                    .collect(),
                external_traffic_policy: text(nginx, "externalTrafficPolicy"),
            }
        });
        let kubernetes_dashboard =
            enabled("kubernetesDashboard").map(|dashboard| WrittenKubernetesDashboard {
                authentication_mode: text(dashboard, "authenticationMode"),
            });
        Some(WrittenAddons {
            nginx_ingress,
            kubernetes_dashboard,
        })
    }

    /// `spec.networking.providerConfig` (a `RawExtension`), when present.
    pub fn networking_provider_config(&self) -> Option<&Value> {
        (self.networking.as_ref()).and_then(|networking| networking.get("providerConfig"))
    }

    /// `spec.seedSelector` read as Gardener's `SeedSelector`; `None` when unset.
    pub fn seed_selector(&self) -> Option<WrittenSeedSelector> {
        WrittenSeedSelector::read(self.seed_selector.as_ref())
    }

    /// `spec.networking` as the API server stores it (see [`with_default_ip_families`]): always
    /// written, `ipFamilies` defaulted to `[IPv4]`.
    pub fn stored_networking(&self) -> WrittenNetworking {
        WrittenNetworking::read(
            &with_default_ip_families(self.networking.as_ref()).unwrap_or_default(),
        )
    }

    /// `spec.kubernetes.kubeAPIServer.encryptionConfig` as written.
    pub fn encryption_config(&self) -> WrittenEncryptionConfig {
        let config = (self.kubernetes.kube_api_server.as_ref())
            .and_then(|server| server.extra.get("encryptionConfig"))
            .filter(|config| !config.is_null());
        let Some(config) = config else {
            return WrittenEncryptionConfig::default();
        };
        // A configuration or provider that is no object is not defaulted: its type reads as "".
        let provider = config.get("provider").filter(|p| !p.is_null());
        let provider_type = match (config.is_object(), provider) {
            (false, _) => Some(String::new()),
            (true, None) => None,
            (true, Some(provider)) => match provider.get("type").filter(|t| !t.is_null()) {
                None if provider.is_object() => None,
                written => Some(
                    written
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string(),
                ),
            },
        };
        WrittenEncryptionConfig {
            resources: texts(config.get("resources")),
            provider_type,
        }
    }

    /// `calculateDefaultNodeCIDRMaskSize` of the v1beta1 defaults: room for twice the largest
    /// `maxPods` of the Shoot's and the pools' kubelets (110 when none is set), in Go's int32
    /// arithmetic (a `maxPods` of 0 or less gives Go's amd64 conversion of -Inf or NaN: the
    /// smallest int32).
    pub fn default_node_cidr_mask_size(&self) -> i32 {
        let max_pods_of = |kubelet: Option<&KubeletConfig>| {
            let value = kubelet.and_then(|kubelet| kubelet.extra.get("maxPods"));
            value
                .and_then(Value::as_i64)
                .and_then(|v| i32::try_from(v).ok())
        };
        let mut max_pods = max_pods_of(self.kubernetes.kubelet.as_ref()).unwrap_or(110);
        for worker in self.provider.workers.iter() {
            if let Some(pods) = max_pods_of(worker.kubelet()) {
                max_pods = max_pods.max(pods);
            }
        }
        let doubled = max_pods.wrapping_mul(2);
        let bits = if doubled <= 0 {
            i32::MIN
        } else {
            f64::from(doubled).log2().ceil() as i32
        };
        32i32.wrapping_sub(bits)
    }

    /// The kube-controller-manager's `nodeCIDRMaskSize` and `nodeCIDRMaskSizeIPv6` after
    /// `SetDefaults_Shoot`: for a Shoot with workers, IPv4 (and dual-stack) networks get
    /// [`Self::default_node_cidr_mask_size`], IPv6 ones 64 (an IPv6 single-stack Shoot only when
    /// neither is set); a workerless Shoot keeps what is written.
    pub fn node_cidr_mask_sizes(&self) -> (Option<i64>, Option<i64>) {
        let kcm = self.kubernetes.kube_controller_manager.as_ref();
        let written = |key: &str| kcm.and_then(|kcm| kcm.extra.get(key)?.as_i64());
        let (mut mask, mut mask_v6) =
            (written("nodeCIDRMaskSize"), written("nodeCIDRMaskSizeIPv6"));
        if self.provider.workers.is_empty() {
            return (mask, mask_v6);
        }
        let families = self.ip_families();
        let dual = families.contains(&"IPv4") && families.contains(&"IPv6");
        if families == ["IPv4"] || dual {
            mask = mask.or_else(|| Some(i64::from(self.default_node_cidr_mask_size())));
        }
        if families == ["IPv6"] && mask_v6.is_none() {
            mask = mask.or(Some(64));
        }
        if dual {
            mask_v6 = mask_v6.or(Some(64));
        }
        (mask, mask_v6)
    }
}

/// Drops `null` members recursively, so that an explicit `null` equals an absent field when specs are
/// compared (both decode to Go's nil).
pub fn without_nulls(value: &Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

/// `autoscalingv1.CrossVersionObjectReference` (a `spec.resources[].resourceRef`) as written: a
/// part that is absent or no text is `None`, so that it equals no name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CrossVersionObjectReference {
    pub api_version: Option<String>,
    pub kind: Option<String>,
    pub name: Option<String>,
}

impl CrossVersionObjectReference {
    fn read(reference: Option<&Value>) -> CrossVersionObjectReference {
        let text = |key: &str| {
            (reference.and_then(|reference| reference.get(key)))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        CrossVersionObjectReference {
            api_version: text("apiVersion"),
            kind: text("kind"),
            name: text("name"),
        }
    }
}

/// `NamedResourceReference` (a `spec.resources[]` entry) as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenNamedResourceReference {
    /// Empty when absent or no text.
    pub name: String,
    pub resource_ref: CrossVersionObjectReference,
}

/// `Addons` as written: an addon is read when it is enabled (`enabled: true`), as the static
/// validation checks only those.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenAddons {
    pub nginx_ingress: Option<WrittenNginxIngress>,
    pub kubernetes_dashboard: Option<WrittenKubernetesDashboard>,
}

/// `NginxIngress` as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenNginxIngress {
    /// An entry that is no text reads as empty; none when it is no list.
    pub load_balancer_source_ranges: Vec<String>,
    /// `config`, a value that is no text read as empty; none when it is no object.
    pub config: BTreeMap<String, String>,
    /// `externalTrafficPolicy`, when written as text.
    pub external_traffic_policy: Option<String>,
}

/// `KubernetesDashboard` as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenKubernetesDashboard {
    /// `authenticationMode`, when written as text.
    pub authentication_mode: Option<String>,
}

/// A Shoot's `spec.seedSelector` (`SeedSelector`: a label selector and `providerTypes`) as
/// written; a CloudProfile's is the typed [`SeedSelector`]. Each part reads on its own, as the
/// scheduler and the ShootValidator read them: a label selector that does not decode selects as
/// an empty one, and `providerTypes` keeps whether it was given (Go's nil list differs from an
/// empty one there).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WrittenSeedSelector {
    pub label_selector: LabelSelector,
    /// `None` when absent or `null`; a list that does not decode reads as empty.
    pub provider_types: Option<Vec<String>>,
}

impl WrittenSeedSelector {
    /// `selector` read; `None` when it is absent or `null`.
    pub fn read(selector: Option<&Value>) -> Option<WrittenSeedSelector> {
        let selector = selector.filter(|selector| !selector.is_null())?;
        let provider_types = (selector.get("providerTypes"))
            .filter(|types| !types.is_null())
            .map(|types| crate::decode::from_value(types).unwrap_or_default());
        Some(WrittenSeedSelector {
            label_selector: crate::decode::from_value(selector).unwrap_or_default(),
            provider_types,
        })
    }
}

/// `Networking` as written, for the parts the update rules read. A networking value that is no
/// object reads as empty (and is not defaulted).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenNetworking {
    /// `type`, `pods`, `services` (Go's `*string`): `None` when absent or `null`, empty when no
    /// text.
    pub networking_type: Option<String>,
    pub pods: Option<String>,
    pub services: Option<String>,
    /// `ipFamilies`, an entry that is no text read as empty.
    pub ip_families: Vec<String>,
}

impl WrittenNetworking {
    fn read(networking: &Value) -> WrittenNetworking {
        let text = |key: &str| {
            (networking.get(key))
                .filter(|value| !value.is_null())
                .map(|value| value.as_str().unwrap_or_default().to_string())
        };
        WrittenNetworking {
            networking_type: text("type"),
            pods: text("pods"),
            services: text("services"),
            ip_families: texts(networking.get("ipFamilies")),
        }
    }
}

/// `Networking`'s `*string` fields and whether `providerConfig` is set, as written: a field is
/// `Some` when set (neither absent nor `null`), holding its text, or `None` when it is no text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenNetworkingFields {
    pub networking_type: Option<Option<String>>,
    pub provider_config_set: bool,
    pub pods: Option<Option<String>>,
    pub nodes: Option<Option<String>>,
    pub services: Option<Option<String>>,
}

/// `EncryptionConfig` of the API server as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenEncryptionConfig {
    /// `resources`, an entry that is no text read as empty.
    pub resources: Vec<String>,
    /// `provider.type`: `None` where `SetDefaults_KubeAPIServerConfig` writes its default (the
    /// configuration, its provider or the type absent or `null`); empty when no text, or when
    /// the configuration or its provider is no object.
    pub provider_type: Option<String>,
}

/// `networking.ipFamilies` after `SetDefaults_Networking`: `[IPv4]` when none is given (a value
/// that is no string reads as empty).
pub fn ip_families(networking: Option<&Value>) -> Vec<&str> {
    let written = networking.and_then(|n| n.get("ipFamilies")?.as_array());
    let families: Vec<&str> = (written.into_iter().flatten())
        .map(|family| family.as_str().unwrap_or(""))
        .collect();
    if families.is_empty() {
        vec!["IPv4"]
    } else {
        families
    }
}

/// `spec.networking` as the API server stores it: Gardener's defaulting writes the networking
/// section and `ipFamilies: [IPv4]` into every Shoot (`SetDefaults_Shoot`,
/// `SetDefaults_Networking`), which this crate's defaulting leaves unwritten. Comparisons of two
/// specs (Gardener's `reflect.DeepEqual` of stored objects) read the default through this.
/// A networking value that is not an object is returned as it is.
pub fn with_default_ip_families(networking: Option<&Value>) -> Option<Value> {
    let mut networking = networking
        .cloned()
        .unwrap_or_else(|| Value::Object(Default::default()));
    if let Some(fields) = networking.as_object_mut() {
        let written = (fields.get("ipFamilies"))
            .and_then(Value::as_array)
            .is_some_and(|families| !families.is_empty());
        if !written {
            fields.insert("ipFamilies".to_string(), Value::from(vec!["IPv4"]));
        }
    }
    Some(networking)
}

/// A toleration (`spec.tolerations[]`): a key and an optional value. There are no operators or
/// effects in Gardener's API.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Toleration {
    #[serde(deserialize_with = "null_as_default")]
    pub key: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

impl Toleration {
    /// `utils.IDForKeyWithOptionalValue`: `key=value`, or the bare `key` when no value is set.
    pub fn id(&self) -> String {
        id_for_key_with_optional_value(&self.key, self.value.as_deref())
    }
}

/// `utils.IDForKeyWithOptionalValue`.
pub fn id_for_key_with_optional_value(key: &str, value: Option<&str>) -> String {
    match value {
        Some(value) => format!("{key}={value}"),
        None => key.to_string(),
    }
}

/// `CloudProfileReference`: a CloudProfile or NamespacedCloudProfile by kind and name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct CloudProfileReference {
    #[serde(deserialize_with = "null_as_default")]
    pub kind: String,
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
}

/// `Hibernation`: whether the Shoot is to be hibernated, and when by schedule.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Hibernation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub schedules: Vec<HibernationSchedule>,
}

/// `Maintenance`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Maintenance {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_update: Option<AutoUpdate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_window: Option<TimeWindow>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_rotation: Option<AutoRotation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confine_spec_update_rollout: Option<bool>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `spec.maintenance` as written, for its static validation, which reads the Shoot before it
/// decodes: each part reads on its own, a part of another type as absent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WrittenMaintenance {
    /// Whether `autoUpdate.machineImageVersion` is set (neither absent nor `null`).
    pub machine_image_version_set: bool,
    /// `autoRotation.credentials`, when an object.
    pub credentials: Option<WrittenCredentialsAutoRotation>,
    /// `timeWindow`, when an object; a bound that is absent or no text is empty.
    pub time_window: Option<TimeWindow>,
}

/// `MaintenanceCredentialsAutoRotation` as written: an entry that is set (neither absent nor
/// `null`) is `Some`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenCredentialsAutoRotation {
    pub observability: Option<WrittenRotationConfig>,
    pub ssh_keypair: Option<WrittenRotationConfig>,
    pub etcd_encryption_key: Option<WrittenRotationConfig>,
}

/// `MaintenanceRotationConfig` as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenRotationConfig {
    /// `rotationPeriod`, when written as text.
    pub rotation_period: Option<String>,
}

impl WrittenMaintenance {
    /// `maintenance` read; `None` when it is no object.
    pub fn read(maintenance: &Value) -> Option<WrittenMaintenance> {
        let fields = maintenance.as_object()?;
        let machine_image_version_set = (fields.get("autoUpdate"))
            .and_then(|update| update.get("machineImageVersion"))
            .is_some_and(|version| !version.is_null());
        let credentials = (fields.get("autoRotation"))
            .and_then(|rotation| rotation.get("credentials"))
            .filter(|credentials| credentials.is_object())
            .map(|credentials| {
                let entry = |name: &str| {
                    (credentials.get(name))
                        .filter(|entry| !entry.is_null())
                        .map(|entry| WrittenRotationConfig {
                            rotation_period: (entry.get("rotationPeriod"))
                                .and_then(Value::as_str)
                                .map(str::to_string),
                        })
                };
                WrittenCredentialsAutoRotation {
                    observability: entry("observability"),
                    ssh_keypair: entry("sshKeypair"),
                    etcd_encryption_key: entry("etcdEncryptionKey"),
                }
            });
        let time_window = (fields.get("timeWindow"))
            .filter(|window| window.is_object())
            .map(|window| {
                let text = |key: &str| {
                    (window.get(key).and_then(Value::as_str))
                        .unwrap_or_default()
                        .to_string()
                };
                TimeWindow {
                    begin: text("begin"),
                    end: text("end"),
                }
            });
        Some(WrittenMaintenance {
            machine_image_version_set,
            credentials,
            time_window,
        })
    }
}

/// `MaintenanceAutoUpdate`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct AutoUpdate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes_version: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_image_version: Option<bool>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `MaintenanceTimeWindow`: `HHMMSS±hhmm` begin and end.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct TimeWindow {
    #[serde(deserialize_with = "null_as_default")]
    pub begin: String,
    #[serde(deserialize_with = "null_as_default")]
    pub end: String,
}

/// `MaintenanceAutoRotation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct AutoRotation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credentials: Option<AutoRotationCredentials>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `MaintenanceCredentialsAutoRotation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct AutoRotationCredentials {
    #[serde(rename = "etcdEncryptionKey", skip_serializing_if = "Option::is_none")]
    pub etcd_encryption_key: Option<RotationPeriod>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `MaintenanceRotationConfig`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct RotationPeriod {
    /// A Go duration such as `24h`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation_period: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Kubernetes {
    #[serde(deserialize_with = "null_as_default")]
    pub version: String,
    #[serde(rename = "kubeAPIServer", skip_serializing_if = "Option::is_none")]
    pub kube_api_server: Option<ComponentConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_controller_manager: Option<ComponentConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_scheduler: Option<ComponentConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_proxy: Option<KubeProxyConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet: Option<KubeletConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster_autoscaler: Option<Extra>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// A component's `featureGates`.
pub type FeatureGates = BTreeMap<String, bool>;

impl Kubernetes {
    /// The feature gates of the control plane's components and the Shoot's kubelet, each by its
    /// field's name, in the order Gardener validates them.
    pub fn feature_gates(&self) -> [(&'static str, Option<&FeatureGates>); 5] {
        [
            (
                "kubeAPIServer",
                (self.kube_api_server.as_ref()).and_then(|c| c.feature_gates.as_ref()),
            ),
            (
                "kubeControllerManager",
                (self.kube_controller_manager.as_ref()).and_then(|c| c.feature_gates.as_ref()),
            ),
            (
                "kubeScheduler",
                (self.kube_scheduler.as_ref()).and_then(|c| c.feature_gates.as_ref()),
            ),
            (
                "kubeProxy",
                (self.kube_proxy.as_ref()).and_then(|c| c.feature_gates.as_ref()),
            ),
            (
                "kubelet",
                (self.kubelet.as_ref()).and_then(|c| c.feature_gates.as_ref()),
            ),
        ]
    }

    /// [`Kubernetes::feature_gates`], to change.
    pub fn feature_gates_mut(&mut self) -> [(&'static str, Option<&mut FeatureGates>); 5] {
        [
            (
                "kubeAPIServer",
                (self.kube_api_server.as_mut()).and_then(|c| c.feature_gates.as_mut()),
            ),
            (
                "kubeControllerManager",
                (self.kube_controller_manager.as_mut()).and_then(|c| c.feature_gates.as_mut()),
            ),
            (
                "kubeScheduler",
                (self.kube_scheduler.as_mut()).and_then(|c| c.feature_gates.as_mut()),
            ),
            (
                "kubeProxy",
                (self.kube_proxy.as_mut()).and_then(|c| c.feature_gates.as_mut()),
            ),
            (
                "kubelet",
                (self.kubelet.as_mut()).and_then(|c| c.feature_gates.as_mut()),
            ),
        ]
    }
}

/// The configuration of the API server, the controller manager or the scheduler: the feature
/// gates all Kubernetes components have (`KubernetesConfig`), the API server's admission
/// plugins, and every other field in `extra`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ComponentConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature_gates: Option<FeatureGates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admission_plugins: Option<Vec<AdmissionPlugin>>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `AdmissionPlugin`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct AdmissionPlugin {
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
    #[serde(flatten)]
    pub extra: Extra,
}

impl ComponentConfig {
    /// The API server's `serviceAccountConfig.acceptedIssuers`, each entry as its text (one that
    /// is no text as its JSON); `None` when there is no `serviceAccountConfig` (absent or
    /// `null`), empty when the list is absent or no list.
    pub fn accepted_issuers(&self) -> Option<Vec<String>> {
        let config = (self.extra.get("serviceAccountConfig")).filter(|config| !config.is_null())?;
        let issuers = config.get("acceptedIssuers").and_then(Value::as_array);
        Some(
            (issuers.into_iter().flatten())
                .map(|issuer| match issuer {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                })
                .collect(),
        )
    }
}

impl AdmissionPlugin {
    /// `kubeconfigSecretName`, when written as text.
    pub fn kubeconfig_secret_name(&self) -> Option<&str> {
        self.extra
            .get("kubeconfigSecretName")
            .and_then(Value::as_str)
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct KubeProxyConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature_gates: Option<FeatureGates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl KubeProxyConfig {
    /// The feature gate `name`, when set.
    pub fn feature_gate(&self, name: &str) -> Option<bool> {
        self.feature_gates.as_ref()?.get(name).copied()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct SystemComponents {
    #[serde(rename = "nodeLocalDNS", skip_serializing_if = "Option::is_none")]
    pub node_local_dns: Option<NodeLocalDns>,
    /// `coreDNS` and the rest, kept as written (the static validation reads `coreDNS.rewriting`).
    #[serde(flatten)]
    pub extra: Extra,
}

impl SystemComponents {
    /// `coreDNS.rewriting.commonSuffixes`, an entry that is no text read as empty; none when a
    /// level is absent or of another type.
    pub fn core_dns_common_suffixes(&self) -> Vec<&str> {
        let suffixes = (self.extra.get("coreDNS"))
            .and_then(|core_dns| core_dns.get("rewriting"))
            .and_then(|rewriting| rewriting.get("commonSuffixes"))
            .and_then(Value::as_array);
        (suffixes.into_iter().flatten())
            .map(|suffix| suffix.as_str().unwrap_or_default())
            .collect()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct NodeLocalDns {
    #[serde(deserialize_with = "null_as_default")]
    pub enabled: bool,
}

/// The kubelet's feature gates and the settings that reach the hashes; everything else is kept in
/// `extra`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct KubeletConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature_gates: Option<FeatureGates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_reserved: Option<ReservedResources>,
    /// Removed from the API in v1.141; read for the legacy sum rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_reserved: Option<ReservedResources>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction_hard: Option<EvictionHard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_manager_policy: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl KubeletConfig {
    /// `maxParallelImagePulls`, when written as an integer.
    pub fn max_parallel_image_pulls(&self) -> Option<i64> {
        self.extra
            .get("maxParallelImagePulls")
            .and_then(Value::as_i64)
    }
}

/// `KubeletConfigReserved`: quantities, kept as written.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ReservedResources {
    #[serde(
        deserialize_with = "quantity_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub cpu: Option<String>,
    #[serde(
        deserialize_with = "quantity_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub memory: Option<String>,
    #[serde(
        deserialize_with = "quantity_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub pid: Option<String>,
    #[serde(
        deserialize_with = "quantity_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub ephemeral_storage: Option<String>,
}

/// `KubeletConfigEviction`: raw strings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct EvictionHard {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_available: Option<String>,
    #[serde(rename = "imageFSAvailable", skip_serializing_if = "Option::is_none")]
    pub image_fs_available: Option<String>,
    #[serde(rename = "imageFSInodesFree", skip_serializing_if = "Option::is_none")]
    pub image_fs_inodes_free: Option<String>,
    #[serde(rename = "nodeFSAvailable", skip_serializing_if = "Option::is_none")]
    pub node_fs_available: Option<String>,
    #[serde(rename = "nodeFSInodesFree", skip_serializing_if = "Option::is_none")]
    pub node_fs_inodes_free: Option<String>,
}

/// `Provider`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Provider {
    #[serde(
        rename = "type",
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub provider_type: String,
    /// Shared between copies of the Shoot until one is changed ([`Provider::worker_mut`]), as
    /// a list and pool by pool: a timeline copies the Shoot for every maintenance run, and a run
    /// changes few pools, most often none.
    #[serde(deserialize_with = "null_as_default")]
    pub workers: Arc<Vec<Arc<Worker>>>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Provider {
    /// `infrastructureConfig` (a `RawExtension`), when present.
    pub fn infrastructure_config(&self) -> Option<&Value> {
        self.extra.get("infrastructureConfig")
    }

    /// `controlPlaneConfig` (a `RawExtension`), when present.
    pub fn control_plane_config(&self) -> Option<&Value> {
        self.extra.get("controlPlaneConfig")
    }

    /// The pool at `index`, copied first where it is shared.
    pub fn worker_mut(&mut self, index: usize) -> Option<&mut Worker> {
        let worker = Arc::make_mut(&mut self.workers).get_mut(index)?;
        Some(Arc::make_mut(worker))
    }

    /// The list of pools, copied first where it is shared (its pools stay shared).
    pub fn workers_mut(&mut self) -> &mut Vec<Arc<Worker>> {
        Arc::make_mut(&mut self.workers)
    }
}

/// `spec.provider.workers[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Worker {
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub machine: Machine,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume: Option<Volume>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cri: Option<Cri>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes: Option<WorkerKubernetes>,
    #[serde(skip_serializing_if = "is_zero", deserialize_with = "null_as_default")]
    pub minimum: i32,
    #[serde(skip_serializing_if = "is_zero", deserialize_with = "null_as_default")]
    pub maximum: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<IntOrString>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_strategy: Option<String>,
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "null_as_default"
    )]
    pub zones: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_config: Option<Value>,
    #[serde(
        rename = "machineControllerManager",
        skip_serializing_if = "Option::is_none"
    )]
    pub machine_controller_manager: Option<MachineControllerManagerSettings>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_components: Option<WorkerSystemComponents>,
    /// Present on the control-plane pool of a self-hosted Shoot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub control_plane: Option<Value>,
    #[serde(flatten)]
    pub extra: Extra,
}

fn is_zero(value: &i32) -> bool {
    *value == 0
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Machine {
    #[serde(rename = "type", deserialize_with = "null_as_default")]
    pub machine_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<ShootMachineImage>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub architecture: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `ShootMachineImage`: the image of a worker pool.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootMachineImage {
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_config: Option<Value>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Machine {
    /// `machine.image`; a pool without one reads as an image without name or version.
    pub fn image(&self) -> &ShootMachineImage {
        static NONE: ShootMachineImage = ShootMachineImage {
            name: String::new(),
            version: None,
            provider_config: None,
            extra: Extra::NONE,
        };
        self.image.as_ref().unwrap_or(&NONE)
    }
}

impl ShootMachineImage {
    /// The version, empty when unset (the internal API's plain string).
    pub fn version_str(&self) -> &str {
        self.version.as_deref().unwrap_or("")
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Volume {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub volume_type: Option<String>,
    #[serde(deserialize_with = "null_as_default")]
    pub size: String,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Cri {
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_runtimes: Option<Vec<ContainerRuntime>>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Cri {
    /// `containerRuntimes`, empty when absent.
    pub fn runtimes(&self) -> &[ContainerRuntime] {
        self.container_runtimes.as_deref().unwrap_or_default()
    }
}

/// `ContainerRuntime`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ContainerRuntime {
    #[serde(rename = "type", deserialize_with = "null_as_default")]
    pub runtime_type: String,
    #[serde(flatten)]
    pub extra: Extra,
}

impl ContainerRuntime {
    /// `providerConfig` (a `RawExtension`), when present.
    pub fn provider_config(&self) -> Option<&Value> {
        self.extra.get("providerConfig")
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerKubernetes {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet: Option<KubeletConfig>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerSystemComponents {
    #[serde(deserialize_with = "null_as_default")]
    pub allow: bool,
}

/// `MachineControllerManagerSettings` (JSON key `machineControllerManager`). Durations are Go
/// duration strings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineControllerManagerSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_drain_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_health_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_creation_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_evict_retries: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_conditions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place_update_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disable_health_timeout: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_preserve_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_preserve_failed_machine_max: Option<i64>,
}

/// `intstr.IntOrString`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(untagged)]
pub enum IntOrString {
    Int(i64),
    String(String),
}

/// `ShootStatus`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_name: Option<String>,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub conditions: Vec<Condition>,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub constraints: Vec<Condition>,
    /// `status.hibernated` (Go field `IsHibernated`).
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "std::ops::Not::not"
    )]
    pub hibernated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_hibernation_trigger_time: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_maintenance: Option<LastMaintenance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_operation: Option<LastOperation>,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub last_errors: Vec<LastError>,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_zero_i64"
    )]
    pub observed_generation: i64,
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "Gardener::is_empty"
    )]
    pub gardener: Gardener,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place_updates: Option<InPlaceUpdatesStatus>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credentials: Option<ShootCredentials>,
    /// `status.networking`, as written: the networks the cluster was created with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub networking: Option<Value>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl ShootStatus {
    fn is_empty(&self) -> bool {
        *self == ShootStatus::default()
    }
}

/// `LastMaintenance`: what the last maintenance run did.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(default, rename_all = "camelCase")]
pub struct LastMaintenance {
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    pub triggered_time: Option<DateTime<Utc>>,
    pub state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure_reason: Option<String>,
}

/// `Gardener`: the version of the Gardener component that last reconciled the Shoot.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Gardener {
    #[serde(
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub version: String,
    /// `id`, `name`.
    #[serde(flatten)]
    pub extra: Extra,
}

impl Gardener {
    fn is_empty(&self) -> bool {
        *self == Gardener::default()
    }
}

/// `InPlaceUpdatesStatus`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct InPlaceUpdatesStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_worker_updates: Option<PendingWorkerUpdates>,
}

/// `PendingWorkerUpdates`: the in-place pools whose update is still to come.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(default, rename_all = "camelCase")]
pub struct PendingWorkerUpdates {
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "null_as_default"
    )]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub auto_in_place_update: Vec<String>,
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "null_as_default"
    )]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub manual_in_place_update: Vec<String>,
}

/// `ShootCredentials`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct ShootCredentials {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<ShootCredentialsRotation>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl ShootCredentials {
    /// `encryptionAtRest`; empty when absent.
    pub fn encryption_at_rest(&self) -> WrittenEncryptionAtRest {
        let Some(at_rest) = self.extra.get("encryptionAtRest").filter(|a| !a.is_null()) else {
            return WrittenEncryptionAtRest::default();
        };
        let provider_type = (at_rest.get("provider"))
            .and_then(|provider| provider.get("type"))
            .and_then(Value::as_str);
        WrittenEncryptionAtRest {
            resources: texts(at_rest.get("resources")),
            provider_type: provider_type.unwrap_or_default().to_string(),
        }
    }
}

/// `EncryptionAtRest` of the status: what the control plane encrypts now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenEncryptionAtRest {
    /// `resources`, an entry that is no text read as empty.
    pub resources: Vec<String>,
    /// `provider.type`; empty when absent or no text.
    pub provider_type: String,
}

/// `ShootCredentialsRotation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootCredentialsRotation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_authorities: Option<RotationStatus>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service_account_key: Option<RotationStatus>,
    #[serde(rename = "etcdEncryptionKey", skip_serializing_if = "Option::is_none")]
    pub etcd_encryption_key: Option<ETCDEncryptionKeyRotation>,
    /// `kubeconfig`, `sshKeypair`, `observability`.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The rotation status of the CA and the service-account key (`CARotation`,
/// `ServiceAccountKeyRotation`): what decides the workers' rollout.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct RotationStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_initiation_time: Option<String>,
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "null_as_default"
    )]
    pub pending_workers_rollouts: Vec<PendingWorkersRollout>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `PendingWorkersRollout`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct PendingWorkersRollout {
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_initiation_time: Option<String>,
}

/// `ETCDEncryptionKeyRotation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ETCDEncryptionKeyRotation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_completion_time: Option<DateTime<Utc>>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl ETCDEncryptionKeyRotation {
    /// `phase`; empty when absent or no text.
    pub fn phase(&self) -> &str {
        (self.extra.get("phase").and_then(Value::as_str)).unwrap_or_default()
    }
}

/// A Gardener `Condition` (used for both `status.conditions` and `status.constraints`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(default, rename_all = "camelCase")]
pub struct Condition {
    #[serde(rename = "type", deserialize_with = "null_as_default")]
    pub condition_type: String,
    #[cfg_attr(feature = "tsify", tsify(type = "ConditionStatus"))]
    #[serde(deserialize_with = "null_as_default")]
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub last_transition_time: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub last_update_time: Option<DateTime<Utc>>,
    #[serde(deserialize_with = "null_as_default")]
    pub reason: String,
    #[serde(deserialize_with = "null_as_default")]
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(deserialize_with = "null_as_default")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub codes: Vec<String>,
}

/// `LastOperation`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct LastOperation {
    #[serde(rename = "type", deserialize_with = "null_as_default")]
    pub operation_type: String,
    #[serde(deserialize_with = "null_as_default")]
    pub state: String,
    #[serde(deserialize_with = "null_as_default")]
    pub description: String,
    pub last_update_time: Option<DateTime<Utc>>,
    #[serde(deserialize_with = "null_as_default")]
    pub progress: i64,
}

/// `LastError`: one entry of `status.lastErrors`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct LastError {
    #[serde(deserialize_with = "null_as_default")]
    pub description: String,
    #[serde(rename = "taskID", skip_serializing_if = "Option::is_none")]
    pub task_id: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(deserialize_with = "null_as_default")]
    pub codes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_update_time: Option<DateTime<Utc>>,
}

impl Shoot {
    /// `spec.hibernation.schedules`, empty when absent.
    pub fn schedules(&self) -> &[HibernationSchedule] {
        (self.spec.hibernation.as_ref()).map_or(&[], |hibernation| hibernation.schedules.as_slice())
    }

    /// `spec.hibernation.enabled`, false when absent.
    pub fn hibernation_enabled(&self) -> bool {
        (self.spec.hibernation.as_ref())
            .is_some_and(|hibernation| hibernation.enabled == Some(true))
    }

    /// `IsShootInHibernation`: hibernation is enabled, or the Shoot is still hibernated (it is
    /// waking up).
    pub fn in_hibernation(&self) -> bool {
        self.hibernation_enabled() || self.status.hibernated
    }
}

/// Update strategy values (`MachineUpdateStrategy`).
pub const AUTO_ROLLING_UPDATE: &str = "AutoRollingUpdate";
pub const AUTO_IN_PLACE_UPDATE: &str = "AutoInPlaceUpdate";
pub const MANUAL_IN_PLACE_UPDATE: &str = "ManualInPlaceUpdate";

/// `IsUpdateStrategyInPlace`.
pub fn is_in_place(strategy: Option<&str>) -> bool {
    matches!(
        strategy,
        Some(AUTO_IN_PLACE_UPDATE | MANUAL_IN_PLACE_UPDATE)
    )
}

impl Shoot {
    /// `spec.maintenance.timeWindow` as `(begin, end)`, when the Shoot has one.
    pub fn maintenance_time_window(&self) -> Option<(&str, &str)> {
        let window = self.spec.maintenance.as_ref()?.time_window.as_ref()?;
        Some((window.begin.as_str(), window.end.as_str()))
    }

    /// `CalculateEffectiveKubernetesVersion`: the pool's own Kubernetes version, else the
    /// control plane's.
    pub fn pool_kubernetes_version<'a>(&'a self, worker: &'a Worker) -> &'a str {
        (worker.kubernetes_version()).unwrap_or(&self.spec.kubernetes.version)
    }
}

/// A Shoot document's `spec` as written, for what compares or shows written values (the changes
/// between two Shoots, a pool's values before and after).
pub fn written_spec(shoot: &Value) -> Option<&Value> {
    shoot.get("spec")
}

/// A Shoot document's `spec.maintenance` as written: its static validation reads it before the
/// Shoot decodes (see [`WrittenMaintenance`]).
pub fn written_maintenance(shoot: &Value) -> Option<&Value> {
    written_spec(shoot)?.get("maintenance")
}

/// The pool named `name` of a Shoot document's `spec.provider.workers`, as written.
pub fn written_worker<'a>(shoot: &'a Value, name: &str) -> Option<&'a Value> {
    let workers = written_spec(shoot)?
        .get("provider")?
        .get("workers")?
        .as_array()?;
    (workers.iter()).find(|worker| written_name(worker) == Some(name))
}

/// An entry's `name` (a worker pool's, a named list item's), when written as text.
pub fn written_name(item: &Value) -> Option<&str> {
    item.get("name").and_then(Value::as_str)
}

/// A pool's `controlPlane` (`WorkerControlPlane`) as written, read part by part as its validation
/// reads it: a part that is `null` is absent, a text that is absent or no text is empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenWorkerControlPlane {
    pub backup: Option<WrittenBackup>,
    pub exposure: Option<WrittenExposure>,
}

/// `controlPlane.backup` (`Backup`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenBackup {
    pub provider: String,
    pub region: String,
    /// Whether `region` (Go's `*string`) is set: neither absent nor `null`.
    pub region_set: bool,
    /// `None` when absent or `null`.
    pub credentials_ref: Option<WrittenObjectReference>,
}

/// A `corev1.ObjectReference` (backup or DNS credentials), each part as text: empty when
/// absent or no text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenObjectReference {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub namespace: String,
}

impl WrittenObjectReference {
    fn read(reference: &Value) -> WrittenObjectReference {
        WrittenObjectReference {
            api_version: written_text(reference, "apiVersion").to_string(),
            kind: written_text(reference, "kind").to_string(),
            name: written_text(reference, "name").to_string(),
            namespace: written_text(reference, "namespace").to_string(),
        }
    }
}

/// `controlPlane.exposure` (`Exposure`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenExposure {
    /// Whether `dns` is set.
    pub dns: bool,
    pub extension: Option<WrittenExtensionExposure>,
}

/// `controlPlane.exposure.extension` (`ExtensionExposure`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenExtensionExposure {
    /// `None` when absent or `null` (defaulted to the Shoot's provider type), empty when no text.
    pub extension_type: Option<String>,
}

impl WrittenWorkerControlPlane {
    fn read(control_plane: &Value) -> WrittenWorkerControlPlane {
        fn part<'a>(object: &'a Value, key: &str) -> Option<&'a Value> {
            object.get(key).filter(|value| !value.is_null())
        }
        fn text(object: &Value, key: &str) -> String {
            (object.get(key).and_then(Value::as_str))
                .unwrap_or_default()
                .to_string()
        }
        let backup = part(control_plane, "backup").map(|backup| WrittenBackup {
            provider: text(backup, "provider"),
            region: text(backup, "region"),
            region_set: part(backup, "region").is_some(),
            credentials_ref: part(backup, "credentialsRef").map(WrittenObjectReference::read),
        });
        let exposure = part(control_plane, "exposure").map(|exposure| WrittenExposure {
            dns: part(exposure, "dns").is_some(),
            extension: part(exposure, "extension").map(|extension| WrittenExtensionExposure {
                extension_type: (part(extension, "type"))
                    .map(|value| value.as_str().unwrap_or_default().to_string()),
            }),
        });
        WrittenWorkerControlPlane { backup, exposure }
    }
}

impl Worker {
    /// `controlPlane` read part by part ([`WrittenWorkerControlPlane`]); `None` when absent.
    pub fn written_control_plane(&self) -> Option<WrittenWorkerControlPlane> {
        self.control_plane
            .as_ref()
            .map(WrittenWorkerControlPlane::read)
    }

    pub fn strategy(&self) -> Option<&str> {
        self.update_strategy.as_deref()
    }

    pub fn is_in_place(&self) -> bool {
        is_in_place(self.strategy())
    }

    /// `workers[].kubernetes.version`.
    pub fn kubernetes_version(&self) -> Option<&str> {
        self.kubernetes.as_ref().and_then(|k| k.version.as_deref())
    }

    /// `workers[].kubernetes.kubelet`.
    pub fn kubelet(&self) -> Option<&KubeletConfig> {
        self.kubernetes.as_ref().and_then(|k| k.kubelet.as_ref())
    }
}

impl Shoot {
    /// `IsNodeLocalDNSEnabled`.
    pub fn node_local_dns_enabled(&self) -> bool {
        self.spec
            .system_components
            .as_ref()
            .and_then(|s| s.node_local_dns.as_ref())
            .is_some_and(|n| n.enabled)
    }

    /// `IsKubeProxyIPVSMode` on the stored object, where `kubeProxy.enabled` defaults to true for
    /// shoots with workers.
    pub fn kube_proxy_ipvs(&self) -> bool {
        self.kube_proxy_ipvs_with_workers(!self.spec.provider.workers.is_empty())
    }

    /// [`Shoot::kube_proxy_ipvs`] of the Shoot with workers or without, whatever its own list
    /// holds: a view may keep the pools apart from the rest of the Shoot.
    pub(crate) fn kube_proxy_ipvs_with_workers(&self, has_workers: bool) -> bool {
        let Some(proxy) = &self.spec.kubernetes.kube_proxy else {
            return false;
        };
        proxy.enabled.unwrap_or(has_workers) && proxy.mode.as_deref() == Some("IPVS")
    }

    pub fn worker(&self, name: &str) -> Option<&Worker> {
        self.spec
            .provider
            .workers
            .iter()
            .map(|w| &**w)
            .find(|w| w.name == name)
    }

    pub fn rotation(&self) -> Option<&ShootCredentialsRotation> {
        self.status
            .credentials
            .as_ref()
            .and_then(|c| c.rotation.as_ref())
    }

    pub fn pending_worker_updates(&self) -> Option<&PendingWorkerUpdates> {
        self.status
            .in_place_updates
            .as_ref()
            .and_then(|s| s.pending_worker_updates.as_ref())
    }
}

/// Quantities may be written as JSON strings or numbers; both are read as their text.
fn quantity_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    let value = Option::<Value>::deserialize(deserializer)?;
    Ok(match value {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text.trim().to_string()),
        Some(Value::Number(number)) => Some(number.to_string()),
        Some(other) => {
            return Err(serde::de::Error::custom(format!(
                "quantity must be a string or number, got {other}"
            )))
        }
    })
}

/// One entry of `spec.hibernation.schedules`: `start` hibernates, `end` wakes up, both cron expressions
/// read in `location` (IANA name, UTC when absent or empty).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct HibernationSchedule {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The ShootValidator tells a `providerTypes` left out from an empty one (Go's nil list from
    /// an empty one); a label selector that does not decode selects as an empty one.
    #[test]
    fn a_seed_selector_keeps_whether_provider_types_were_given() {
        let read = |selector: Value| WrittenSeedSelector::read(Some(&selector));
        assert_eq!(WrittenSeedSelector::read(None), None);
        assert_eq!(read(Value::Null), None);
        let labels_only = read(json!({"matchLabels": {"a": "b"}})).unwrap();
        assert_eq!(labels_only.provider_types, None);
        assert_eq!(
            labels_only.label_selector.match_labels,
            Some(BTreeMap::from([("a".to_string(), "b".to_string())]))
        );
        assert_eq!(
            read(json!({"providerTypes": null})).unwrap().provider_types,
            None
        );
        assert_eq!(
            read(json!({"providerTypes": []})).unwrap().provider_types,
            Some(vec![])
        );
        let undecodable = read(json!({"matchLabels": 5, "providerTypes": "aws"})).unwrap();
        assert_eq!(undecodable.provider_types, Some(vec![]));
        assert_eq!(undecodable.label_selector, LabelSelector::default());
    }
}
