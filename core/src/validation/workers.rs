//! The static `ValidateShoot` rules about the provider and its worker pools, after
//! `pkg/api/core/validation/shoot.go` (Gardener v1.149.3): `validateProvider` with `ValidateWorker`
//! (without the rolling-update parameters, the update strategy and the machine-controller-manager
//! settings, which `rollout::strategy` checks, and without the pool's version skew, which
//! `validation::shoot_versions` checks), `validateTaints`, `validateVolumeName`,
//! `ValidateCRI`/`ValidateContainerRuntimes`, `ValidateArchitecture`,
//! `ValidateClusterAutoscalerOptions`, `ValidateSysctls`, `ValidateWorkerControlPlane` (with
//! `validateCredentialsRef` of `utils.go`), `ValidateWorkers` and `ValidateSystemComponentWorkers`.
//!
//! Shared with other modules: a pool's `ValidateKubeletConfig` and `ValidateNodeCIDRMaskWithMaxPod`
//! are [`super::components`]'; Kubernetes' name and label rules are [`super::names`]'.
//!
//! Gardener validates the Shoot after the v1beta1 defaults (`pkg/apis/core/v1beta1/defaults_shoot.go`).
//! Where a rule's answer depends on one, the default is applied while reading: a pool's `cri` and
//! `systemComponents`, and the type of a control-plane pool's exposure extension.
//!
//! A value the API server could not decode at all (a duration that does not parse, a string where
//! a number belongs) is a decoding error there, not a field error: such values are skipped here.

use super::components::{self, KubeletDefaults, WORKERLESS};
use super::names::{self, invalid_each, supported, too_long, CHARACTERS};
use crate::api::{Shoot, Worker, WrittenWorkerControlPlane};
use crate::field::FieldError;
use chrono::TimeDelta;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// `maxWorkerNameLength` and `maxVolumeNameLength`.
const MAX_NAME_LENGTH: usize = 15;
/// The source of `sysctlKeyRegex`.
const SYSCTL_KEY_REGEX: &str =
    "^(?:(?:[a-zA-Z0-9-][a-zA-Z0-9_/-]*|\\*)\\.)*[a-zA-Z0-9_/-]*[a-zA-Z0-9]$";

/// Every error of this module: [`validate_provider_section`]. The other parts of the Shoot's
/// validation that read the pools are reported by their owners: the Shoot-level kubelet and the
/// workerless rules of `validateKubernetes` by [`components::validate_kubernetes_settings`] (alone:
/// [`validate_kubernetes_section`]), and `validateSelfHostedShootControlPlane` by
/// [`super::shoot_spec::validate_shoot_spec`] (alone: [`validate_self_hosted_pool`]).
pub fn validate_provider(shoot: &Shoot) -> Vec<FieldError> {
    validate_provider_section(shoot)
}

/// `validateProvider`: `spec.provider.*`, and `spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize`
/// from `ValidateNodeCIDRMaskWithMaxPod`.
pub fn validate_provider_section(shoot: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let provider = &shoot.spec.provider;
    let workers = &shoot.spec.provider.workers;

    if provider.provider_type.is_empty() {
        errors.push(FieldError::required(
            "spec.provider.type",
            "must specify a provider type",
        ));
    } else {
        dns1123_label_errors(&provider.provider_type, "spec.provider.type", &mut errors);
    }

    if workers.is_empty() {
        for key in [
            "infrastructureConfig",
            "controlPlaneConfig",
            "workersSettings",
        ] {
            if present(&provider.extra, key).is_some() {
                errors.push(FieldError::forbidden(
                    format!("spec.provider.{key}"),
                    WORKERLESS,
                ));
            }
        }
    } else {
        for (index, worker) in workers.iter().enumerate() {
            validate_worker(shoot, worker, index, &mut errors);
        }
        validate_workers_unique(shoot, &mut errors);
        validate_system_component_workers(shoot, &mut errors);
    }
    errors.extend(components::validate_node_cidr_mask_with_max_pods(shoot));
    errors
}

/// The parts of `validateKubernetes` about the kubelet and workerless Shoots: the Shoot-level
/// kubelet's `ValidateKubeletConfig` (`spec.kubernetes.kubelet.*`) for Shoots with workers, and
/// `validateKubernetesForWorkerlessShoot` for Shoots without; nothing when
/// `spec.kubernetes.version` is empty (`validateKubernetes` stops there). These errors are among
/// those of [`components::validate_kubernetes_settings`]: call one of the two.
pub fn validate_kubernetes_section(shoot: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let kubernetes = &shoot.spec.kubernetes;
    if kubernetes.version.is_empty() {
        return errors;
    }
    if shoot.spec.provider.workers.is_empty() {
        components::forbid_node_components(kubernetes, &mut errors);
    } else {
        components::validate_shoot_kubelet(kubernetes, &mut errors);
    }
    errors
}

/// `validateSelfHostedShootControlPlane`: the control-plane pool's size, and with high
/// availability its rolling-update parameters and zones. These errors are among those of
/// [`super::shoot_spec::validate_shoot_spec`]: call one of the two.
pub fn validate_self_hosted_pool(shoot: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    super::shoot_spec::validate_self_hosted_control_plane(&shoot.spec, &mut errors);
    errors
}

// ---------------------------------------------------------------------------------------------
// ValidateWorker

/// `ValidateWorker` without the parts other modules check (see the module documentation).
fn validate_worker(shoot: &Shoot, worker: &Worker, index: usize, errors: &mut Vec<FieldError>) {
    let path = format!("spec.provider.workers[{index}]");
    let extra = &worker.extra;

    dns1123_label_errors(&worker.name, &format!("{path}.name"), errors);
    if worker.name.len() > MAX_NAME_LENGTH {
        errors.push(too_long(format!("{path}.name"), MAX_NAME_LENGTH));
    }
    if worker.machine.machine_type.is_empty() {
        errors.push(FieldError::required(
            format!("{path}.machine.type"),
            "must specify a machine type",
        ));
    }
    match &worker.machine.image {
        None => errors.push(FieldError::required(
            format!("{path}.machine.image"),
            "must specify a machine image",
        )),
        Some(image) => {
            if image.name.is_empty() {
                errors.push(FieldError::required(
                    format!("{path}.machine.image.name"),
                    "must specify a machine image name",
                ));
            }
            if image.version_str().is_empty() {
                errors.push(FieldError::required(
                    format!("{path}.machine.image.version"),
                    "must specify a machine image version",
                ));
            }
        }
    }
    if worker.minimum < 0 {
        errors.push(FieldError::invalid(
            format!("{path}.minimum"),
            "minimum value must not be negative",
        ));
    }
    if worker.maximum < 0 {
        errors.push(FieldError::invalid(
            format!("{path}.maximum"),
            "maximum value must not be negative",
        ));
    }
    if worker.maximum < worker.minimum {
        errors.push(FieldError::forbidden(
            format!("{path}.maximum"),
            "maximum value must not be less than minimum value",
        ));
    }

    if let Some(labels) = present_object(extra, "labels") {
        // `ValidateLabels`, the keys in order (Gardener walks a Go map).
        let labels_path = format!("{path}.labels");
        for (key, value) in labels {
            let value = value.as_str().unwrap_or_default();
            names::validate_label(key, value, &labels_path, errors);
        }
    }
    if let Some(annotations) = present_object(extra, "annotations") {
        let entries: Vec<(&str, &str)> = (annotations.iter())
            .map(|(key, value)| (key.as_str(), value.as_str().unwrap_or_default()))
            .collect();
        names::validate_annotations(&entries, &format!("{path}.annotations"), errors);
    }
    if let Some(taints) = present_array(extra, "taints").filter(|t| !t.is_empty()) {
        let taints: Vec<crate::node_readiness::Taint> = (taints.iter())
            .map(|taint| crate::node_readiness::Taint {
                key: string_field(taint, "key").to_string(),
                value: string_field(taint, "value").to_string(),
                effect: string_field(taint, "effect").to_string(),
            })
            .collect();
        let taints_path = format!("{path}.taints");
        errors.extend(crate::node_readiness::validate_taints(
            &taints,
            &taints_path,
        ));
    }

    if let Some(kubernetes) = &worker.kubernetes {
        // The pool's version, when it names one (even an empty one), else the control plane's.
        let version = (kubernetes.version.as_deref()).unwrap_or(&shoot.spec.kubernetes.version);
        let kubelet_path = format!("{path}.kubernetes.kubelet");
        // Without a kubelet of its own the pool's is the Shoot's, which always exists.
        let none = crate::api::KubeletConfig::default();
        let (kubelet, defaults) = match &kubernetes.kubelet {
            Some(kubelet) => (kubelet, KubeletDefaults::Worker),
            None => {
                let shoot_kubelet = shoot.spec.kubernetes.kubelet.as_ref();
                (shoot_kubelet.unwrap_or(&none), KubeletDefaults::Shoot)
            }
        };
        errors.extend(components::validate_kubelet_config(
            kubelet,
            version,
            &kubelet_path,
            defaults,
        ));
    }

    if let Some(bundle) = present(extra, "caBundle").and_then(Value::as_str) {
        if !crate::certificate::decodes_as_certificate(bundle) {
            errors.push(FieldError::invalid(
                format!("{path}.caBundle"),
                "caBundle is not a valid PEM-encoded certificate",
            ));
        }
    }

    if let Some(volume) = &worker.volume {
        if let Some(name) = present(&volume.extra, "name").and_then(Value::as_str) {
            validate_volume_name(name, &format!("{path}.volume.name"), errors);
        }
        if !is_gi_size(&volume.size) {
            errors.push(FieldError::invalid(
                format!("{path}.volume.size"),
                "volume size must match the regex ^(\\d)+Gi$",
            ));
        }
    }

    let data_volumes = present_array(extra, "dataVolumes");
    if let Some(data_volumes) = data_volumes {
        if !data_volumes.is_empty() && worker.volume.is_none() {
            errors.push(FieldError::required(
                format!("{path}.volume"),
                "a worker volume must be defined if data volumes are defined",
            ));
        }
        let mut seen = BTreeSet::new();
        for (i, volume) in data_volumes.iter().enumerate() {
            let item = format!("{path}.dataVolumes[{i}]");
            let name = string_field(volume, "name");
            validate_volume_name(name, &format!("{item}.name"), errors);
            if !seen.insert(name) {
                errors.push(FieldError::duplicate(format!("{item}.name")));
            }
            if !is_gi_size(string_field(volume, "size")) {
                errors.push(FieldError::invalid(
                    format!("{item}.size"),
                    "data volume size must match the regex ^(\\d)+Gi$",
                ));
            }
        }
    }

    if let Some(name) = present(extra, "kubeletDataVolumeName").and_then(Value::as_str) {
        let found = (data_volumes.into_iter().flatten()).any(|v| string_field(v, "name") == name);
        if !found {
            errors.push(FieldError::invalid(
                format!("{path}.kubeletDataVolumeName"),
                format!("KubeletDataVolumeName refers to unrecognized data volume {name}"),
            ));
        }
    }

    // An absent CRI is defaulted to containerd, which is valid.
    if let Some(cri) = &worker.cri {
        if cri.name != "containerd" {
            errors.push(supported(format!("{path}.cri.name"), &["containerd"]));
        }
        if let Some(runtimes) = &cri.container_runtimes {
            let mut seen = BTreeSet::new();
            for (i, runtime) in runtimes.iter().enumerate() {
                let field = format!("{path}.cri.containerruntimes[{i}].type");
                if runtime.runtime_type.is_empty() {
                    errors.push(FieldError::required(
                        field.clone(),
                        "must specify a container runtime type",
                    ));
                }
                if !seen.insert(runtime.runtime_type.as_str()) {
                    errors.push(FieldError::duplicate(field));
                }
            }
        }
    }

    if let Some(architecture) = &worker.machine.architecture {
        if !matches!(architecture.as_str(), "amd64" | "arm64") {
            errors.push(supported(
                format!("{path}.machine.architecture"),
                &["amd64", "arm64"],
            ));
        }
    }

    if let Some(options) = present_object(extra, "clusterAutoscaler") {
        // Gardener reports these under `autoscaler`, not under the field's JSON name.
        validate_cluster_autoscaler_options(options, &format!("{path}.autoscaler"), errors);
    }

    if let Some(priority) = present(extra, "priority").and_then(as_int32) {
        if priority < -1 {
            errors.push(FieldError::invalid(
                format!("{path}.priority"),
                "can not be less than -1",
            ));
        }
    }

    if let Some(control_plane) = worker.written_control_plane() {
        validate_worker_control_plane(
            &control_plane,
            shoot,
            &format!("{path}.controlPlane"),
            errors,
        );
    }

    if let Some(sysctls) = present_object(extra, "sysctls") {
        validate_sysctls(sysctls, &format!("{path}.sysctls"), errors);
    }
}

/// `validateVolumeName`.
fn validate_volume_name(name: &str, path: &str, errors: &mut Vec<FieldError>) {
    if name.is_empty() {
        errors.push(FieldError::required(path, "must specify a name"));
    } else {
        dns1123_label_errors(name, path, errors);
    }
    if name.len() > MAX_NAME_LENGTH {
        errors.push(too_long(path, MAX_NAME_LENGTH));
    }
}

/// `volumeSizeRegex`, `^(\d)+Gi$`.
fn is_gi_size(size: &str) -> bool {
    size.strip_suffix("Gi")
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// `ValidateClusterAutoscalerOptions`.
fn validate_cluster_autoscaler_options(
    options: &Map<String, Value>,
    path: &str,
    errors: &mut Vec<FieldError>,
) {
    for name in [
        "scaleDownUtilizationThreshold",
        "scaleDownGpuUtilizationThreshold",
    ] {
        if let Some(threshold) = present(options, name).and_then(Value::as_f64) {
            if threshold < 0.0 {
                errors.push(FieldError::invalid(
                    format!("{path}.{name}"),
                    "can not be negative",
                ));
            }
            if threshold > 1.0 {
                errors.push(FieldError::invalid(
                    format!("{path}.{name}"),
                    "can not be greater than 1.0",
                ));
            }
        }
    }
    for name in [
        "scaleDownUnneededTime",
        "scaleDownUnreadyTime",
        "maxNodeProvisionTime",
    ] {
        if duration(options, name).is_some_and(|d| d < TimeDelta::zero()) {
            errors.push(FieldError::invalid(
                format!("{path}.{name}"),
                "can not be negative",
            ));
        }
    }
}

/// `ValidateSysctls`, the keys in order (Gardener walks a Go map).
fn validate_sysctls(sysctls: &Map<String, Value>, path: &str, errors: &mut Vec<FieldError>) {
    const MAX_PATH_LENGTH: usize = 4096 - "/proc/sys/".len();
    let mut keys: Vec<&String> = sysctls.keys().collect();
    keys.sort();
    for key in keys {
        // `Child("")` prints as an empty subscript.
        let field = if key.is_empty() {
            format!("{path}[]")
        } else {
            format!("{path}.{key}")
        };
        if !is_sysctl_key(key) {
            errors.push(FieldError::invalid(
                field.clone(),
                format!(
                    "sysctl key must must match regex {}",
                    crate::golang::quote(SYSCTL_KEY_REGEX)
                ),
            ));
        }
        if key.len() > MAX_PATH_LENGTH {
            errors.push(too_long(field.clone(), MAX_PATH_LENGTH));
        }
        for subkey in key.split('.') {
            if subkey.len() > 255 {
                errors.push(FieldError::invalid(
                    field.clone(),
                    "sub key of sysctl must not exceed 255 bytes",
                ));
            }
        }
        if sysctls[key].as_str().unwrap_or_default().is_empty() {
            errors.push(FieldError::required(
                field,
                "sysctl requires a non-empty value",
            ));
        }
    }
}

/// `sysctlKeyRegex`: dot-separated segments; every segment before the last is `*` or starts with an
/// alphanumeric character or `-`; the last ends with an alphanumeric character; all of them are
/// made of alphanumerics, `_`, `/` and `-`.
fn is_sysctl_key(key: &str) -> bool {
    let allowed = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'/' | b'-');
    let segments: Vec<&[u8]> = key.split('.').map(str::as_bytes).collect();
    let (last, leading) = segments.split_last().expect("split yields a segment");
    let last_ok =
        last.last().is_some_and(u8::is_ascii_alphanumeric) && last.iter().all(|b| allowed(*b));
    last_ok
        && leading.iter().all(|segment| {
            *segment == b"*"
                || (segment
                    .first()
                    .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'-')
                    && segment.iter().all(|b| allowed(*b)))
        })
}

/// `ValidateWorkerControlPlane` (with `ValidateCredentialsRef`).
fn validate_worker_control_plane(
    control_plane: &WrittenWorkerControlPlane,
    shoot: &Shoot,
    path: &str,
    errors: &mut Vec<FieldError>,
) {
    let provider_type = &shoot.spec.provider.provider_type;
    if let Some(backup) = &control_plane.backup {
        if backup.provider.is_empty() {
            errors.push(FieldError::required(
                format!("{path}.backup.provider"),
                "must provide a backup cloud provider name",
            ));
        }
        if *provider_type != backup.provider && backup.region.is_empty() {
            errors.push(FieldError::required(
                format!("{path}.backup.region"),
                "region must be specified for if backup provider is different from shoot provider used in `spec.provider.type`",
            ));
        }
        let ref_path = format!("{path}.backup.credentialsRef");
        match &backup.credentials_ref {
            None => errors.push(FieldError::required(
                ref_path,
                "must be set to refer a Secret or WorkloadIdentity",
            )),
            Some(reference) => {
                validate_credentials_ref(
                    [&reference.api_version, &reference.kind, &reference.name],
                    Some(&reference.namespace),
                    &ref_path,
                    errors,
                );
                if reference.namespace != shoot.metadata.namespace {
                    errors.push(FieldError::forbidden(
                        format!("{ref_path}.namespace"),
                        "must reference credentials in the same namespace as the Shoot",
                    ));
                }
                if reference.api_version == "security.gardener.cloud/v1alpha1"
                    && reference.kind == "WorkloadIdentity"
                {
                    errors.push(FieldError::forbidden(
                        ref_path,
                        "support for WorkloadIdentity as backup credentials is not yet implemented",
                    ));
                }
            }
        }
    }

    if let Some(exposure) = &control_plane.exposure {
        let exposure_path = format!("{path}.exposure");
        if exposure.dns && exposure.extension.is_some() {
            errors.push(FieldError::invalid(
                exposure_path.clone(),
                "cannot have dns and extension set at the same time",
            ));
        }
        if let Some(extension) = &exposure.extension {
            // The type is defaulted to `spec.provider.type`.
            let extension_type = extension.extension_type.as_deref().unwrap_or(provider_type);
            if extension_type.is_empty() {
                errors.push(FieldError::required(
                    format!("{exposure_path}.type"),
                    "must specify a provider type",
                ));
            } else {
                dns1123_label_errors(extension_type, &format!("{exposure_path}.type"), errors);
            }
        }
    }
}

/// `validateCredentialsRef` of `[apiVersion, kind, name]`: with the namespace it requires
/// (`ValidateCredentialsRef`), or without one (`ValidateLocalCredentialsRef`).
pub(super) fn validate_credentials_ref(
    [api_version, kind, name]: [&str; 3],
    namespace: Option<&str>,
    path: &str,
    errors: &mut Vec<FieldError>,
) {
    let required = [
        ("apiVersion", api_version, "must provide an apiVersion"),
        ("kind", kind, "must provide a kind"),
        ("name", name, "must provide a name"),
    ];
    for (key, value, detail) in required {
        if value.is_empty() {
            errors.push(FieldError::required(format!("{path}.{key}"), detail));
        }
    }
    let subdomain = |text: &str| names::dns1123_subdomain(text, CHARACTERS);
    invalid_each(&format!("{path}.name"), subdomain(name), errors);
    if let Some(namespace) = namespace {
        let namespace_path = format!("{path}.namespace");
        if namespace.is_empty() {
            errors.push(FieldError::required(
                namespace_path.clone(),
                "must provide a namespace",
            ));
        }
        invalid_each(&namespace_path, subdomain(namespace), errors);
    }
    // `schema.FromAPIVersionAndKind`: an apiVersion that does not parse has neither group nor
    // version.
    let (group, version) = names::parse_group_version(api_version).unwrap_or_default();
    let allowed = [
        ("", "v1", "Secret"),
        ("core.gardener.cloud", "v1beta1", "InternalSecret"),
        ("security.gardener.cloud", "v1alpha1", "WorkloadIdentity"),
    ];
    if !allowed.contains(&(group, version, kind)) {
        errors.push(supported(
            path,
            &[
                "/v1, Kind=Secret",
                "core.gardener.cloud/v1beta1, Kind=InternalSecret",
                "security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity",
            ],
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// ValidateWorkers, ValidateSystemComponentWorkers

/// `ValidateWorkers`: unique pool names, at most one control-plane pool.
fn validate_workers_unique(shoot: &Shoot, errors: &mut Vec<FieldError>) {
    let mut names = BTreeSet::new();
    let mut control_plane_seen = false;
    for (index, worker) in shoot.spec.provider.workers.iter().enumerate() {
        if !names.insert(worker.name.as_str()) {
            errors.push(FieldError::duplicate(format!(
                "spec.provider.workers[{index}].name"
            )));
        }
        if worker.control_plane.is_some() {
            if control_plane_seen {
                errors.push(FieldError::invalid(
                    format!("spec.provider.workers[{index}].controlPlane"),
                    "cannot have more than one worker pool marked for control plane components",
                ));
            }
            control_plane_seen = true;
        }
    }
}

/// `helper.SystemComponentsAllowed`; an absent setting is defaulted to `allow: true`.
fn system_components_allowed(worker: &Worker) -> bool {
    worker.system_components.as_ref().is_none_or(|s| s.allow)
}

/// `ValidateSystemComponentWorkers`. The pools with too few machines for their zones are reported
/// in the order of their zone sets (Gardener walks a Go map).
fn validate_system_component_workers(shoot: &Shoot, errors: &mut Vec<FieldError>) {
    let workers = &shoot.spec.provider.workers;
    let mut any_active = false;
    let mut sufficient: BTreeSet<String> = BTreeSet::new();
    let mut insufficient: BTreeMap<String, usize> = BTreeMap::new();
    for (index, worker) in workers.iter().enumerate() {
        if !system_components_allowed(worker) || worker.maximum == 0 {
            continue;
        }
        any_active = true;
        let zones: BTreeSet<&str> = worker.zones.iter().map(String::as_str).collect();
        let key = zones.into_iter().collect::<Vec<_>>().join("--");
        if i64::from(worker.maximum) >= worker.zones.len() as i64 {
            insufficient.remove(&key);
            sufficient.insert(key);
        } else if !sufficient.contains(&key) {
            insufficient.insert(key, index);
        }
    }
    for index in insufficient.values() {
        errors.push(FieldError::forbidden(
            format!("spec.provider.workers[{index}].maximum"),
            "maximum node count should be greater than or equal to the number of zones specified for this pool",
        ));
    }
    if !any_active {
        errors.push(FieldError::forbidden(
            "spec.provider.workers",
            "at least one active (workers[i].maximum > 0) worker pool with systemComponents.allow=true needed",
        ));
    }
    if shoot.spec.is_self_hosted() {
        let control_plane_zones: BTreeSet<&str> = (workers.iter())
            .filter(|w| w.control_plane.is_some())
            .flat_map(|w| w.zones.iter().map(String::as_str))
            .collect();
        for (index, worker) in workers.iter().enumerate() {
            if worker.control_plane.is_none()
                && system_components_allowed(worker)
                && !(worker.zones.iter()).all(|z| control_plane_zones.contains(z.as_str()))
            {
                errors.push(FieldError::invalid(
                    format!("spec.provider.workers[{index}].systemComponents"),
                    "workers that enable systemComponents must use a subset of the zones of control plane worker",
                ));
            }
        }
    }
}

/// Gardener's `validateDNS1123Label`: one `Invalid` per message of `IsDNS1123Label`.
fn dns1123_label_errors(text: &str, path: &str, errors: &mut Vec<FieldError>) {
    invalid_each(path, names::dns1123_label(text), errors);
}

// ---------------------------------------------------------------------------------------------
// Reading the JSON the model keeps

/// A field that is set: present and not `null` (Go's nil pointer, map or slice).
fn present<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    present_value(map.get(key))
}

fn present_value(value: Option<&Value>) -> Option<&Value> {
    value.filter(|v| !v.is_null())
}

fn present_object<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a Map<String, Value>> {
    present(map, key).and_then(Value::as_object)
}

fn present_array<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a Vec<Value>> {
    present(map, key).and_then(Value::as_array)
}

/// A string field of an object, empty when absent (Go's zero value).
fn string_field<'a>(object: &'a Value, key: &str) -> &'a str {
    object.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// An int32 field; a value outside int32 cannot be decoded by the API server.
fn as_int32(value: &Value) -> Option<i64> {
    value.as_i64().filter(|v| i32::try_from(*v).is_ok())
}

/// A `metav1.Duration` field, parsed as Go parses it.
fn duration(map: &Map<String, Value>, key: &str) -> Option<TimeDelta> {
    present(map, key)
        .and_then(Value::as_str)
        .and_then(|text| crate::duration::parse(text).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;
    use crate::validation::names::{
        DNS1123_LABEL_MESSAGE, DNS1123_SUBDOMAIN_MESSAGE, LABEL_KEY_RULE, LABEL_VALUE_MESSAGE,
    };
    use serde_json::json;

    /// `apivalidation.IsNegativeErrorMsg`.
    const NEGATIVE: &str = "must be greater than or equal to 0";

    fn shoot(spec: Value) -> Shoot {
        serde_json::from_value(
            json!({"metadata": {"name": "s", "namespace": "garden-p"}, "spec": spec}),
        )
        .unwrap()
    }

    /// A pool that passes every rule of this module.
    fn pool(name: &str) -> Value {
        json!({
            "name": name,
            "machine": {"type": "m5.large", "image": {"name": "gardenlinux", "version": "1.0.0"}},
            "minimum": 1, "maximum": 2,
            "zones": ["a"],
        })
    }

    fn spec_with(workers: Vec<Value>) -> Value {
        json!({
            "provider": {"type": "aws", "workers": workers},
            "kubernetes": {"version": "1.33.0"},
        })
    }

    /// The errors of this module and of the two parts it hands over to other modules.
    fn errors_of(spec: Value) -> Vec<FieldError> {
        let shoot = shoot(spec);
        let mut errors = validate_provider(&shoot);
        errors.extend(validate_kubernetes_section(&shoot));
        errors.extend(validate_self_hosted_pool(&shoot));
        errors
    }

    fn only(errors: &[FieldError]) -> &FieldError {
        assert_eq!(errors.len(), 1, "{errors:#?}");
        &errors[0]
    }

    fn with_pool(change: impl FnOnce(&mut Value)) -> Vec<FieldError> {
        let mut worker = pool("cpu");
        change(&mut worker);
        errors_of(spec_with(vec![worker]))
    }

    #[test]
    fn a_valid_shoot_has_no_errors() {
        assert_eq!(errors_of(spec_with(vec![pool("a"), pool("b")])), vec![]);
    }

    #[test]
    fn provider_type_is_required_and_a_label() {
        let mut spec = spec_with(vec![pool("a")]);
        spec["provider"]["type"] = json!("");
        let errors = errors_of(spec.clone());
        assert_eq!(
            only(&errors),
            &FieldError::required("spec.provider.type", "must specify a provider type")
        );
        spec["provider"]["type"] = json!("my.provider");
        assert_eq!(
            only(&errors_of(spec)),
            &FieldError::invalid("spec.provider.type", "must not contain dots")
        );
    }

    #[test]
    fn workerless_shoots_may_not_configure_workers() {
        let spec = json!({
            "provider": {"type": "aws", "infrastructureConfig": {}, "workersSettings": {}},
            "kubernetes": {"version": "1.33.0", "kubelet": {}, "kubeProxy": {}, "clusterAutoscaler": {},
                "verticalPodAutoscaler": {}},
        });
        let fields: Vec<(String, ErrorType)> = errors_of(spec)
            .into_iter()
            .map(|e| {
                assert_eq!(e.detail, WORKERLESS);
                (e.field, e.error_type)
            })
            .collect();
        let forbidden = ErrorType::FieldValueForbidden;
        assert_eq!(
            fields,
            vec![
                ("spec.provider.infrastructureConfig".into(), forbidden),
                ("spec.provider.workersSettings".into(), forbidden),
                ("spec.kubernetes.kubeProxy".into(), forbidden),
                ("spec.kubernetes.kubelet".into(), forbidden),
                ("spec.kubernetes.clusterAutoScaler".into(), forbidden),
                ("spec.kubernetes.verticalPodAutoScaler".into(), forbidden),
            ]
        );
    }

    #[test]
    fn workerless_kubernetes_rules_need_a_version() {
        let spec = json!({"provider": {"type": "aws"}, "kubernetes": {"kubelet": {}}});
        assert_eq!(errors_of(spec), vec![]);
    }

    #[test]
    fn pool_basics() {
        let errors = with_pool(|w| {
            w["name"] = json!("a-very-long-pool-name");
            w["machine"] = json!({"type": "", "image": {"name": ""}});
            w["minimum"] = json!(-1);
            w["maximum"] = json!(-2);
            w["priority"] = json!(-2);
        });
        let path = "spec.provider.workers[0]";
        assert_eq!(
            errors,
            vec![
                too_long(format!("{path}.name"), 15),
                FieldError::required(format!("{path}.machine.type"), "must specify a machine type"),
                FieldError::required(
                    format!("{path}.machine.image.name"),
                    "must specify a machine image name"
                ),
                FieldError::required(
                    format!("{path}.machine.image.version"),
                    "must specify a machine image version"
                ),
                FieldError::invalid(format!("{path}.minimum"), "minimum value must not be negative"),
                FieldError::invalid(format!("{path}.maximum"), "maximum value must not be negative"),
                FieldError::forbidden(
                    format!("{path}.maximum"),
                    "maximum value must not be less than minimum value"
                ),
                FieldError::invalid(format!("{path}.priority"), "can not be less than -1"),
                // A negative maximum is not 0, so Gardener counts the pool as active.
                FieldError::forbidden(
                    format!("{path}.maximum"),
                    "maximum node count should be greater than or equal to the number of zones specified for this pool"
                ),
            ]
        );
        assert_eq!(errors[0].detail, "may not be more than 15 bytes");
        let errors = with_pool(|w| {
            w["minimum"] = json!(0);
            w["maximum"] = json!(0);
        });
        assert_eq!(
            only(&errors),
            &FieldError::forbidden(
                "spec.provider.workers",
                "at least one active (workers[i].maximum > 0) worker pool with systemComponents.allow=true needed"
            )
        );
        let errors = with_pool(|w| w["machine"] = json!({"type": "t"}));
        assert_eq!(
            only(&errors),
            &FieldError::required(
                "spec.provider.workers[0].machine.image",
                "must specify a machine image"
            )
        );
    }

    // Gardener's "should forbid reserved taint keys".
    #[test]
    fn reserved_taint_keys() {
        let errors = with_pool(|w| {
            w["taints"] = json!([
                {"key": crate::node_readiness::TAINT_CRITICAL_COMPONENTS_NOT_READY, "effect": "NoSchedule"},
                {"key": crate::node_readiness::TAINT_CRITICAL_COMPONENTS_NOT_READY, "effect": "NoExecute"},
                {"key": "allowed-key", "effect": "NoExecute"},
            ])
        });
        let detail = "taint key is reserved by gardener";
        assert_eq!(
            errors,
            vec![
                FieldError::forbidden("spec.provider.workers[0].taints[0].key", detail),
                FieldError::forbidden("spec.provider.workers[0].taints[1].key", detail),
            ]
        );
    }

    #[test]
    fn taint_values_effects_and_duplicates() {
        let errors = with_pool(|w| {
            w["taints"] = json!([
                {"key": "a", "value": "-x", "effect": ""},
                {"key": "a", "effect": "Sometimes"},
                {"key": "b", "effect": "NoSchedule"},
                {"key": "b", "effect": "NoSchedule"},
            ])
        });
        let path = "spec.provider.workers[0].taints";
        assert_eq!(
            errors,
            vec![
                FieldError::invalid(format!("{path}[0].value"), LABEL_VALUE_MESSAGE),
                FieldError::required(format!("{path}[0].effect"), ""),
                FieldError::new(
                    ErrorType::FieldValueNotSupported,
                    format!("{path}[1].effect"),
                    "supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\""
                ),
                FieldError::new(
                    ErrorType::FieldValueDuplicate,
                    format!("{path}[3]"),
                    "taints must be unique by key and effect pair"
                ),
            ]
        );
    }

    #[test]
    fn labels_and_annotations() {
        let errors = with_pool(|w| {
            w["labels"] = json!({"a/b/c": "ok", "good": "bad value"});
            w["annotations"] = json!({"Example.COM/Key": "fine", "-bad": "x"});
        });
        let labels = "spec.provider.workers[0].labels";
        let annotations = "spec.provider.workers[0].annotations";
        assert_eq!(
            errors,
            vec![
                FieldError::invalid(labels, format!("a valid label key {LABEL_KEY_RULE} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")),
                FieldError::invalid(labels, LABEL_VALUE_MESSAGE),
                FieldError::invalid(annotations, format!("name part {LABEL_KEY_RULE}")),
            ]
        );
    }

    #[test]
    fn volumes_and_data_volumes() {
        let errors = with_pool(|w| {
            w["dataVolumes"] = json!([
                {"name": "data", "size": "10Gi"},
                {"name": "data", "size": "10G"},
                {"name": "", "size": "1Gi"},
            ]);
            w["kubeletDataVolumeName"] = json!("other");
        });
        let path = "spec.provider.workers[0]";
        assert_eq!(
            errors,
            vec![
                FieldError::required(
                    format!("{path}.volume"),
                    "a worker volume must be defined if data volumes are defined"
                ),
                FieldError::duplicate(format!("{path}.dataVolumes[1].name")),
                FieldError::invalid(
                    format!("{path}.dataVolumes[1].size"),
                    "data volume size must match the regex ^(\\d)+Gi$"
                ),
                FieldError::required(format!("{path}.dataVolumes[2].name"), "must specify a name"),
                FieldError::invalid(
                    format!("{path}.kubeletDataVolumeName"),
                    "KubeletDataVolumeName refers to unrecognized data volume other"
                ),
            ]
        );
        let errors = with_pool(|w| w["volume"] = json!({"name": "Root_Volume_Name", "size": "20"}));
        assert_eq!(
            errors,
            vec![
                FieldError::invalid(format!("{path}.volume.name"), DNS1123_LABEL_MESSAGE),
                too_long(format!("{path}.volume.name"), 15),
                FieldError::invalid(
                    format!("{path}.volume.size"),
                    "volume size must match the regex ^(\\d)+Gi$"
                ),
            ]
        );
    }

    // Gardener's "validate duplicate container runtime types" and the empty type.
    #[test]
    fn cri_and_architecture() {
        let errors = with_pool(|w| {
            w["cri"] = json!({"name": "docker", "containerRuntimes": [{"type": "gVisor"}, {"type": "gVisor"}, {}]});
            w["machine"]["architecture"] = json!("x86");
        });
        let path = "spec.provider.workers[0]";
        assert_eq!(
            errors,
            vec![
                FieldError::new(
                    ErrorType::FieldValueNotSupported,
                    format!("{path}.cri.name"),
                    "supported values: \"containerd\""
                ),
                FieldError::duplicate(format!("{path}.cri.containerruntimes[1].type")),
                FieldError::required(
                    format!("{path}.cri.containerruntimes[2].type"),
                    "must specify a container runtime type"
                ),
                FieldError::new(
                    ErrorType::FieldValueNotSupported,
                    format!("{path}.machine.architecture"),
                    "supported values: \"amd64\", \"arm64\""
                ),
            ]
        );
    }

    #[test]
    fn autoscaler_options_and_sysctls() {
        let errors = with_pool(|w| {
            w["clusterAutoscaler"] = json!({"scaleDownUtilizationThreshold": 1.5,
                "scaleDownGpuUtilizationThreshold": -0.1, "maxNodeProvisionTime": "-1m"});
            w["sysctls"] = json!({"net.ipv4.ip_forward": "1", "bad..key": "", "*.x": "1"});
        });
        let path = "spec.provider.workers[0]";
        assert_eq!(
            errors,
            vec![
                FieldError::invalid(
                    format!("{path}.autoscaler.scaleDownUtilizationThreshold"),
                    "can not be greater than 1.0"
                ),
                FieldError::invalid(
                    format!("{path}.autoscaler.scaleDownGpuUtilizationThreshold"),
                    "can not be negative"
                ),
                FieldError::invalid(
                    format!("{path}.autoscaler.maxNodeProvisionTime"),
                    "can not be negative"
                ),
                FieldError::invalid(
                    format!("{path}.sysctls.bad..key"),
                    "sysctl key must must match regex \"^(?:(?:[a-zA-Z0-9-][a-zA-Z0-9_/-]*|\\\\*)\\\\.)*[a-zA-Z0-9_/-]*[a-zA-Z0-9]$\""
                ),
                FieldError::required(
                    format!("{path}.sysctls.bad..key"),
                    "sysctl requires a non-empty value"
                ),
            ]
        );
    }

    #[test]
    fn ca_bundle_must_be_a_certificate() {
        let errors = with_pool(|w| w["caBundle"] = json!("not a certificate"));
        assert_eq!(
            only(&errors),
            &FieldError::invalid(
                "spec.provider.workers[0].caBundle",
                "caBundle is not a valid PEM-encoded certificate"
            )
        );
    }

    #[test]
    fn pool_names_are_unique() {
        let errors = errors_of(spec_with(vec![pool("a"), pool("a")]));
        assert_eq!(
            only(&errors),
            &FieldError::duplicate("spec.provider.workers[1].name")
        );
    }

    // Gardener's "validate maximum node count" table.
    #[test]
    fn system_component_pools_need_a_machine_per_zone() {
        let run = |max: [i32; 2], allow: [bool; 2], zones: [&[&str]; 2]| {
            let workers = (0..2)
                .map(|i| {
                    let mut w = pool(["one-active", "two-active"][i]);
                    w["maximum"] = json!(max[i]);
                    w["systemComponents"] = json!({"allow": allow[i]});
                    w["zones"] = json!(zones[i]);
                    w
                })
                .collect();
            let fields: Vec<String> = errors_of(spec_with(workers))
                .into_iter()
                .map(|e| e.field)
                .collect();
            fields
        };
        let none: Vec<String> = vec![];
        assert_eq!(run([3, 1], [true, false], [&["1", "2", "3"], &["1"]]), none);
        assert_eq!(
            run([1, 3], [true, true], [&["1", "2", "3"], &["1", "2", "3"]]),
            none
        );
        assert_eq!(
            run([3, 1], [true, true], [&["1", "2", "3"], &["1", "2", "3"]]),
            none
        );
        assert_eq!(
            run([2, 1], [true, false], [&["1", "2", "3"], &["1"]]),
            vec!["spec.provider.workers[0].maximum"]
        );
        assert_eq!(
            run([2, 1], [true, true], [&["1", "2", "3"], &["3", "4", "5"]]),
            vec![
                "spec.provider.workers[0].maximum",
                "spec.provider.workers[1].maximum"
            ]
        );
        assert_eq!(
            run([2, 1], [true, false], [&["1", "2", "3"], &["3", "1", "2"]]),
            vec!["spec.provider.workers[0].maximum"]
        );
    }

    #[test]
    fn self_hosted_pools() {
        let mut control = pool("cp");
        control["controlPlane"] = json!({});
        control["zones"] = json!(["a"]);
        control["maximum"] = json!(1);
        let mut other = pool("other");
        other["zones"] = json!(["a", "b"]);
        let mut second = pool("cp2");
        second["controlPlane"] = json!({"exposure": {"dns": {}, "extension": {}}});
        let errors = errors_of(spec_with(vec![control.clone(), other, second]));
        let path = "spec.provider.workers";
        assert_eq!(
            errors,
            vec![
                FieldError::invalid(
                    format!("{path}[2].controlPlane.exposure"),
                    "cannot have dns and extension set at the same time"
                ),
                FieldError::invalid(
                    format!("{path}[2].controlPlane"),
                    "cannot have more than one worker pool marked for control plane components"
                ),
                FieldError::invalid(
                    format!("{path}[1].systemComponents"),
                    "workers that enable systemComponents must use a subset of the zones of control plane worker"
                ),
            ]
        );

        // With high availability the defaults of a rolling pool (maxUnavailable 0) do not do.
        let mut spec = spec_with(vec![control]);
        spec["controlPlane"] = json!({"highAvailability": {"failureTolerance": {"type": "zone"}}});
        assert_eq!(
            errors_of(spec),
            vec![
                FieldError::invalid(
                    format!("{path}[0].maximum"),
                    "control plane worker pool must have maximum=3 when high availability is configured"
                ),
                FieldError::invalid(
                    format!("{path}[0].maxUnavailable"),
                    "control plane worker pool must have maxUnavailable=1 when high availability is configured"
                ),
                FieldError::invalid(
                    format!("{path}[0].zones"),
                    "control plane worker pool must have exactly 3 zones when failure tolerance type is zone"
                ),
            ]
        );
    }

    #[test]
    fn backup_credentials() {
        let mut control = pool("cp");
        control["maximum"] = json!(1);
        control["controlPlane"] = json!({"backup": {"provider": "gcp",
            "credentialsRef": {"apiVersion": "security.gardener.cloud/v1alpha1", "kind": "WorkloadIdentity",
                "name": "Creds", "namespace": "other"}}});
        let path = "spec.provider.workers[0].controlPlane.backup";
        assert_eq!(
            errors_of(spec_with(vec![control])),
            vec![
                FieldError::required(
                    format!("{path}.region"),
                    "region must be specified for if backup provider is different from shoot provider used in `spec.provider.type`"
                ),
                FieldError::invalid(format!("{path}.credentialsRef.name"), DNS1123_SUBDOMAIN_MESSAGE),
                FieldError::forbidden(
                    format!("{path}.credentialsRef.namespace"),
                    "must reference credentials in the same namespace as the Shoot"
                ),
                FieldError::forbidden(
                    format!("{path}.credentialsRef"),
                    "support for WorkloadIdentity as backup credentials is not yet implemented"
                ),
            ]
        );
        let mut control = pool("cp");
        control["maximum"] = json!(1);
        control["controlPlane"] = json!({"backup": {"provider": "aws",
            "credentialsRef": {"apiVersion": "v1", "kind": "ConfigMap", "name": "c", "namespace": "garden-p"}}});
        assert_eq!(
            only(&errors_of(spec_with(vec![control]))),
            &FieldError::new(
                ErrorType::FieldValueNotSupported,
                format!("{path}.credentialsRef"),
                "supported values: \"/v1, Kind=Secret\", \"core.gardener.cloud/v1beta1, Kind=InternalSecret\", \"security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity\""
            )
        );
    }

    /// A part of the control-plane pool's `controlPlane` that is `null` is absent (the extension's
    /// type then defaults to the provider type); a text that is no text reads as empty.
    #[test]
    fn worker_control_plane_parts_read_as_go_decodes_them() {
        let run = |control_plane: Value| {
            let mut control = pool("cp");
            control["maximum"] = json!(1);
            control["controlPlane"] = control_plane;
            let errors = errors_of(spec_with(vec![control]));
            errors.iter().map(ToString::to_string).collect::<Vec<_>>()
        };
        let nulls = json!({"backup": null, "exposure": {"dns": null, "extension": {"type": null}}});
        assert_eq!(run(nulls), Vec::<String>::new());
        let path = "spec.provider.workers[0].controlPlane";
        assert_eq!(
            run(json!({"backup": {"provider": 5, "credentialsRef": null},
                "exposure": {"extension": {"type": 7}}})),
            [
                format!("{path}.backup.provider [FieldValueRequired]: must provide a backup cloud provider name"),
                format!("{path}.backup.region [FieldValueRequired]: region must be specified for if backup provider is different from shoot provider used in `spec.provider.type`"),
                format!("{path}.backup.credentialsRef [FieldValueRequired]: must be set to refer a Secret or WorkloadIdentity"),
                format!("{path}.exposure.type [FieldValueRequired]: must specify a provider type"),
            ]
        );
        assert_eq!(
            run(json!({"backup": "aws", "exposure": {"dns": {}, "extension": {"type": "Bad"}}})),
            [
                format!("{path}.backup.provider [FieldValueRequired]: must provide a backup cloud provider name"),
                format!("{path}.backup.region [FieldValueRequired]: region must be specified for if backup provider is different from shoot provider used in `spec.provider.type`"),
                format!("{path}.backup.credentialsRef [FieldValueRequired]: must be set to refer a Secret or WorkloadIdentity"),
                format!("{path}.exposure [FieldValueInvalid]: cannot have dns and extension set at the same time"),
                format!("{path}.exposure.type [FieldValueInvalid]: {DNS1123_LABEL_MESSAGE}"),
            ]
        );
    }

    // Gardener's nodeCIDRMaskSize cases: two pools with maxPods 110 and 220.
    #[test]
    fn node_cidr_mask_must_hold_max_pods() {
        let run = |mask: i64, families: Value| {
            let mut first = pool("a");
            first["kubernetes"] = json!({"kubelet": {"maxPods": 110}});
            let mut second = pool("b");
            second["kubernetes"] = json!({"kubelet": {"maxPods": 220}});
            let mut spec = spec_with(vec![first, second]);
            spec["kubernetes"]["kubeControllerManager"] = json!({"nodeCIDRMaskSize": mask});
            spec["networking"] = json!({"ipFamilies": families});
            errors_of(spec)
        };
        assert_eq!(run(24, json!(["IPv4"])), vec![]);
        assert_eq!(
            only(&run(25, json!(["IPv4"]))),
            &FieldError::invalid(
                "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize",
                "kubelet or kube-controller-manager configuration incorrect. Please adjust the nodeCIDRMaskSize to support the highest maxPod on any worker pool. The nodeCIDRMaskSize of 25 (default: 24) only supports 126 IP addresses. The highest maxPod setting is 220 (default: 110). Please choose a nodeCIDRMaskSize that at least supports 220 IP addresses"
            )
        );
        assert_eq!(run(64, json!(["IPv6"])), vec![]);
        let errors = run(121, json!(["IPv6"]));
        assert!(only(&errors)
            .detail
            .contains("of 121 (default: 64) only supports 126 IP addresses"));
        // A mask beyond the address length leaves a single address, less the two reserved ones.
        assert!(only(&run(40, json!(["IPv4"])))
            .detail
            .contains("only supports -1 IP addresses"));
    }

    #[test]
    fn the_default_node_cidr_mask_fits() {
        let mut worker = pool("a");
        worker["kubernetes"] = json!({"kubelet": {"maxPods": 1000}});
        assert_eq!(errors_of(spec_with(vec![worker])), vec![]);
        // An explicit maxPods of 0 overflows Gardener's default computation.
        let mut spec = spec_with(vec![pool("a")]);
        spec["kubernetes"]["kubelet"] = json!({"maxPods": 0});
        assert!(only(&errors_of(spec))
            .detail
            .contains("only supports -1 IP addresses"));
    }

    #[test]
    fn kubelet_numbers_durations_and_quantities() {
        let kubelet = json!({
            "cpuManagerPolicy": "dynamic", "maxPods": -1, "podPidsLimit": 99,
            "evictionPressureTransitionPeriod": "-1s", "evictionMaxPodGracePeriod": -1,
            "evictionHard": {"memoryAvailable": "-1Gi", "imageFSAvailable": "101%", "nodeFSInodesFree": "x"},
            "evictionMinimumReclaim": {"imageFSInodesFree": "-1"},
            "evictionSoftGracePeriod": {"nodeFSAvailable": "-1m"},
            "kubeReserved": {"cpu": "-100m", "memory": "1Gi"},
            "imageMinimumGCAge": "-0.5s", "imageMaximumGCAge": "-1s",
            "imageGCHighThresholdPercent": 101, "imageGCLowThresholdPercent": 101,
            "registryPullQPS": -1, "registryBurst": -1, "containerLogMaxFiles": 1,
            "containerLogMaxSize": "-1Mi", "streamingConnectionIdleTimeout": "5h",
        });
        let errors = with_pool(|w| w["kubernetes"] = json!({"kubelet": kubelet}));
        let path = "spec.provider.workers[0].kubernetes.kubelet";
        let invalid =
            |field: &str, detail: &str| FieldError::invalid(format!("{path}.{field}"), detail);
        assert_eq!(
            errors,
            vec![
                FieldError::new(
                    ErrorType::FieldValueNotSupported,
                    format!("{path}.cpuManagerPolicy"),
                    "supported values: \"none\", \"static\""
                ),
                invalid("maxPods", NEGATIVE),
                invalid("podPIDsLimit", "podPIDsLimit value must be at least 100"),
                invalid("evictionPressureTransitionPeriod", "must be non-negative"),
                invalid("evictionMaxPodGracePeriod", NEGATIVE),
                invalid(
                    "evictionHard.memoryAvailable",
                    "field must be either a valid resource quantity (e.g 200Mi) or a percentage (e.g '5%')"
                ),
                invalid(
                    "evictionHard.imagefsAvailable",
                    "must not be greater than 100% and not smaller than 0%"
                ),
                invalid("evictionMinimumReclaim.imagefsInodesFree", NEGATIVE),
                invalid("evictionMinimumReclaim.imagefsInodesFree", NEGATIVE),
                invalid("evictionSoftGracePeriod.nodefsAvailable", "must be non-negative"),
                invalid("kubeReserved.cpu", NEGATIVE),
                invalid("imageMaximumGCAge", NEGATIVE),
                invalid("imageGCHighThresholdPercent", "value must be in [0,100]"),
                invalid("imageGCLowThresholdPercent", "value must be in [0,100]"),
                FieldError::forbidden(
                    format!("{path}.imageGCLowThresholdPercent"),
                    "imageGCLowThresholdPercent must be less than imageGCHighThresholdPercent"
                ),
                invalid("registryPullQPS", NEGATIVE),
                invalid("registryBurst", NEGATIVE),
                invalid("containerLogMaxFiles", "value must be >= 2."),
                invalid("containerLogMaxSize", NEGATIVE),
                invalid("streamingConnectionIdleTimeout", "value must be between 30s and 4h"),
            ]
        );
    }

    #[test]
    fn shoot_kubelet_defaults_apply() {
        // The low threshold defaults to 40, which is not below a high threshold of 30; the Shoot's
        // kubelet is validated again for a pool with a `kubernetes` section but no kubelet.
        let mut worker = pool("a");
        worker["kubernetes"] = json!({"version": "1.33.0"});
        let mut spec = spec_with(vec![worker]);
        spec["kubernetes"]["kubelet"] =
            json!({"imageGCHighThresholdPercent": 30, "memorySwap": {}});
        let detail = "imageGCLowThresholdPercent must be less than imageGCHighThresholdPercent";
        let swap = "configuring swap behaviour is not available when the kubelet is configured with 'FailSwapOn=true'";
        assert_eq!(
            errors_of(spec),
            vec![
                FieldError::forbidden(
                    "spec.provider.workers[0].kubernetes.kubelet.imageGCLowThresholdPercent",
                    detail
                ),
                FieldError::forbidden(
                    "spec.provider.workers[0].kubernetes.kubelet.memorySwap",
                    swap
                ),
                FieldError::forbidden("spec.kubernetes.kubelet.imageGCLowThresholdPercent", detail),
                FieldError::forbidden("spec.kubernetes.kubelet.memorySwap", swap),
            ]
        );
    }

    #[test]
    fn swap_and_image_pulls() {
        let errors = with_pool(|w| {
            w["kubernetes"] = json!({"kubelet": {"failSwapOn": false, "memorySwap": {"swapBehavior": "UnlimitedSwap"},
                "maxParallelImagePulls": 2, "serializeImagePulls": true}})
        });
        let path = "spec.provider.workers[0].kubernetes.kubelet";
        assert_eq!(
            errors,
            vec![
                FieldError::forbidden(
                    format!("{path}.memorySwap"),
                    "configuring swap behaviour is not available when kubelet's 'NodeSwap' feature gate is not set"
                ),
                FieldError::new(
                    ErrorType::FieldValueNotSupported,
                    format!("{path}.memorySwap.swapBehavior"),
                    "supported values: \"NoSwap\", \"LimitedSwap\""
                ),
                FieldError::forbidden(
                    format!("{path}.maxParallelImagePulls"),
                    "maxParallelImagePulls cannot be larger than 1 when serializeImagePulls is set to true"
                ),
            ]
        );
    }

    // Gardener's ImagePullCredentialsVerificationPolicy and PreloadedImagesVerificationAllowlist
    // tables.
    #[test]
    fn image_pull_credentials_policy() {
        let run = |policy: Option<&str>, gates: Value, version: &str, allowlist: Value| {
            let mut kubelet =
                json!({"featureGates": gates, "preloadedImagesVerificationAllowlist": allowlist});
            if let Some(policy) = policy {
                kubelet["imagePullCredentialsVerificationPolicy"] = json!(policy);
            }
            let kubelet: crate::api::KubeletConfig = serde_json::from_value(kubelet).unwrap();
            components::validate_kubelet_config(&kubelet, version, "k", KubeletDefaults::None)
        };
        let none: Vec<FieldError> = vec![];
        assert_eq!(
            run(Some("NeverVerify"), json!(null), "1.35", json!(null)),
            none
        );
        assert_eq!(
            run(
                Some("NeverVerify"),
                json!({"KubeletEnsureSecretPulledImages": true}),
                "1.35",
                json!(null)
            ),
            none
        );
        assert_eq!(
            run(Some("NeverVerify"), json!(null), "1.34", json!(null)),
            vec![FieldError::forbidden(
                "k.imagePullCredentialsVerificationPolicy",
                "imagePullCredentialsVerificationPolicy is only available for Kubernetes versions >= 1.35"
            )]
        );
        assert_eq!(
            run(Some("NeverVerify"), json!({"KubeletEnsureSecretPulledImages": false}), "1.35", json!(null)),
            vec![FieldError::forbidden(
                "k.imagePullCredentialsVerificationPolicy",
                "imagePullCredentialsVerificationPolicy may not be set when the KubeletEnsureSecretPulledImages feature gate is disabled"
            )]
        );
        assert_eq!(
            run(Some("MagicVerify"), json!(null), "1.35", json!(null)),
            vec![FieldError::new(
                ErrorType::FieldValueNotSupported,
                "k.imagePullCredentialsVerificationPolicy",
                "supported values: \"AlwaysVerify\", \"NeverVerify\", \"NeverVerifyAllowlistedImages\", \"NeverVerifyPreloadedImages\""
            )]
        );
        let allowed = Some("NeverVerifyAllowlistedImages");
        assert_eq!(
            run(
                allowed,
                json!(null),
                "1.35",
                json!(["registry.example.com/foo", "registry.example.com/bar/*"])
            ),
            none
        );
        assert_eq!(
            run(None, json!(null), "1.35", json!(["registry.example.com/foo"])),
            vec![FieldError::forbidden(
                "k.preloadedImagesVerificationAllowlist",
                "preloadedImagesVerificationAllowlist may only be set when imagePullCredentialsVerificationPolicy is set to NeverVerifyAllowlistedImages"
            )]
        );
        let patterns = json!([
            " registry.example.com/foo",
            "",
            "registry.example.com/*/foo",
            "/*",
            "registry.example.com/foo:latest",
            "Registry.example.com/Foo",
            "a//b",
            "localhost:5000/foo",
            "example.com/foo@sha256:0123456789abcdef0123456789abcdef",
            "example.com/foo@md5:0123456789abcdef0123456789abcdef"
        ]);
        let details: Vec<(String, String)> = run(allowed, json!(null), "1.35", patterns)
            .into_iter()
            .map(|e| (e.field, e.detail))
            .collect();
        let at = |i: usize, detail: &str| {
            (
                format!("k.preloadedImagesVerificationAllowlist[{i}]"),
                detail.to_string(),
            )
        };
        assert_eq!(
            details,
            vec![
                at(0, "leading/trailing spaces are not allowed"),
                at(1, "the supplied pattern is too short"),
                at(
                    2,
                    "not a valid wildcard pattern, only patterns ending with '/*' are allowed"
                ),
                at(3, "at least registry hostname is required"),
                at(
                    4,
                    "neither tag nor digest is accepted in an image reference"
                ),
                at(
                    5,
                    "failed to parse as an image name: repository name must be lowercase"
                ),
                at(
                    6,
                    "failed to parse as an image name: invalid reference format"
                ),
                at(
                    8,
                    "failed to parse as an image name: invalid checksum digest length"
                ),
                at(
                    9,
                    "failed to parse as an image name: unsupported digest algorithm"
                ),
            ]
        );
    }
}
