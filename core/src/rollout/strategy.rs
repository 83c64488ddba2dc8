//! Update strategies: v1beta1 defaulting (`SetDefaults_Worker`, `pkg/apis/core/v1beta1/defaults_shoot.go`)
//! and the validation rules about update strategies, maxSurge / maxUnavailable, in-place pools and
//! machine-controller-manager settings (`pkg/api/core/validation/shoot.go`: `ValidateWorker`,
//! `ValidateMachineControllerManagerSettingsOptions`, `ValidateInPlaceUpdateStrategyOnCreation`,
//! `ValidateProviderUpdate`, the worker loop of `ValidateShootSpecUpdate`,
//! `validateNodeLocalDNSUpdate`, `ValidateInPlaceUpdates`, `validateOperationRolloutWorkers`,
//! `validatePendingWorkerUpdates`).

use super::quantity::Quantity;
use super::types::{
    is_in_place, IntOrString, KubeletConfig, MachineControllerManagerSettings, Shoot, Worker,
    AUTO_IN_PLACE_UPDATE, AUTO_ROLLING_UPDATE, MANUAL_IN_PLACE_UPDATE,
};
use crate::decode::FromValue;
use crate::defaults;
use crate::defaults::default_worker;
use crate::document::Value;
use crate::duration;
use crate::field::FieldError;
use crate::version::Version;
use serde::{Deserialize, Serialize};

/// The admission operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub enum Operation {
    Create,
    Update,
}

/// gardener-apiserver feature gates these rules read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "PascalCase")]
pub struct FeatureGates {
    /// `InPlaceNodeUpdates` (alpha, default off).
    pub in_place_node_updates: bool,
}

const OPERATION_ANNOTATION: &str = "gardener.cloud/operation";
const MAINTENANCE_OPERATION_ANNOTATION: &str = "maintenance.gardener.cloud/operation";
const FORCE_IN_PLACE_UPDATE: &str = "force-in-place-update";
const ROLLOUT_WORKERS: &str = "rollout-workers";
const ROTATE_ROLLOUT_WORKERS: &str = "rotate-rollout-workers";

/// Gardener's update strategies, sorted as `sets.List` prints them.
const UPDATE_STRATEGIES: [&str; 3] = [
    AUTO_IN_PLACE_UPDATE,
    AUTO_ROLLING_UPDATE,
    MANUAL_IN_PLACE_UPDATE,
];

/// Validates the update-strategy rules of a Shoot create or update. Both Shoots are defaulted
/// first, as the API server does before validating.
pub fn validate_update_strategy(
    old_shoot: Option<&Shoot>,
    new_shoot: &Shoot,
    operation: Operation,
    feature_gates: &FeatureGates,
) -> Vec<FieldError> {
    validate_update_strategy_by_rule(old_shoot, new_shoot, operation, feature_gates)
        .into_iter()
        .map(|rule_error| rule_error.error)
        .collect()
}

/// A field error together with the Gardener functions that report it (innermost first), e.g.
/// `["ValidateMachineControllerManagerSettingsOptions", "ValidateWorker"]`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleError {
    pub rule_family: Vec<&'static str>,
    #[serde(flatten)]
    pub error: FieldError,
}

impl RuleError {
    /// Whether the named Gardener function reports this error (directly or through a callee).
    pub fn reported_by(&self, function: &str) -> bool {
        self.rule_family.contains(&function)
    }
}

fn tagged(errors: Vec<FieldError>, rule_family: &[&'static str]) -> Vec<RuleError> {
    errors
        .into_iter()
        .map(|error| RuleError {
            rule_family: rule_family.to_vec(),
            error,
        })
        .collect()
}

/// [`validate_update_strategy`] with the Gardener function of every error.
pub fn validate_update_strategy_by_rule(
    old_shoot: Option<&Shoot>,
    new_shoot: &Shoot,
    operation: Operation,
    feature_gates: &FeatureGates,
) -> Vec<RuleError> {
    let new = defaulted_shoot(new_shoot);
    let old = old_shoot.map(defaulted_shoot);
    let mut errors = Vec::new();

    // On update the API server keeps the stored status (PrepareForUpdate).
    let status_shoot = match (&old, operation) {
        (Some(old), Operation::Update) => {
            let mut shoot = new.clone();
            shoot.status = old.status.clone();
            shoot
        }
        _ => new.clone(),
    };
    errors.extend(validate_operations(&status_shoot));

    for (index, worker) in new.spec.provider.workers.iter().enumerate() {
        let path = worker_path(index);
        errors.extend(tagged(
            validate_worker_strategy(worker, &path),
            &["ValidateWorker"],
        ));
        if let Some(settings) = &worker.machine_controller_manager {
            let system_components_allowed =
                worker.system_components.as_ref().is_none_or(|s| s.allow);
            errors.extend(tagged(
                validate_mcm_settings(
                    settings,
                    worker.strategy(),
                    worker.maximum,
                    system_components_allowed,
                    &format!("{path}.machineControllerManagerSettings"),
                ),
                &[
                    "ValidateMachineControllerManagerSettingsOptions",
                    "ValidateWorker",
                ],
            ));
        }
    }

    if operation == Operation::Create {
        errors.extend(tagged(
            validate_in_place_strategy_on_creation(&new, feature_gates),
            &["ValidateInPlaceUpdateStrategyOnCreation"],
        ));
    }

    if let (Operation::Update, Some(old)) = (operation, &old) {
        let old_has_workers = !old.spec.provider.workers.is_empty();
        let new_has_workers = !new.spec.provider.workers.is_empty();
        // `ValidateShootSpecUpdate` stops early for a Shoot being deleted whose spec changed,
        // and for a switch between a Shoot with workers and a workerless one.
        let frozen = new_shoot.metadata.deletion_timestamp.is_some()
            && old_shoot.is_some_and(|old_shoot| old_shoot.spec != new_shoot.spec);
        if old_has_workers == new_has_workers && !frozen {
            errors.extend(tagged(
                validate_provider_update(&new, old, feature_gates),
                &[
                    "ValidateProviderUpdate",
                    "ValidateShootSpecUpdate",
                    "ValidateShootUpdate",
                ],
            ));
            errors.extend(tagged(
                crate::validation::shoot_versions::validate_worker_versions_update(&new, old),
                &["ValidateShootSpecUpdate", "ValidateShootUpdate"],
            ));
        }
        errors.extend(tagged(
            validate_node_local_dns_update(&new, old),
            &["validateNodeLocalDNSUpdate", "ValidateShootUpdate"],
        ));
        errors.extend(tagged(
            validate_in_place_updates(&status_shoot, old),
            &["ValidateInPlaceUpdates", "ValidateShootUpdate"],
        ));
    }
    errors
}

/// The Shoot after the v1beta1 defaults this area depends on: per worker `SetDefaults_Worker` and the
/// CRI and kubelet defaults, and the shoot-level kubelet defaults of shoots with workers. The rules
/// compare two Shoots' pools and kubelets, and the Shoots given here need not have been defaulted
/// (the conformance cases and the oracle pass them as written), so both are defaulted alike.
pub fn defaulted_shoot(shoot: &Shoot) -> Shoot {
    let mut shoot = shoot.clone();
    let has_workers = !shoot.spec.provider.workers.is_empty();
    for worker in shoot.spec.provider.workers_mut() {
        let worker = std::sync::Arc::make_mut(worker);
        defaults::default_pool_cri(worker);
        if let Some(kubelet) = worker.kubernetes.as_mut().and_then(|k| k.kubelet.as_mut()) {
            defaults::default_pool_kubelet(kubelet);
        }
        default_worker(worker);
    }
    if has_workers {
        let kubelet = (shoot.spec.kubernetes.kubelet).get_or_insert_with(KubeletConfig::default);
        defaults::default_shoot_kubelet(kubelet);
    }
    shoot
}

fn worker_path(index: usize) -> String {
    format!("spec.provider.workers[{index}]")
}

// ----- ValidateWorker (update-strategy part) and ValidateMachineControllerManagerSettingsOptions -----

fn validate_worker_strategy(worker: &Worker, path: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let surge_path = format!("{path}.maxSurge");
    let unavailable_path = format!("{path}.maxUnavailable");
    errors.extend(positive_int_or_percent(
        worker.max_surge.as_ref(),
        &surge_path,
    ));
    errors.extend(positive_int_or_percent(
        worker.max_unavailable.as_ref(),
        &unavailable_path,
    ));
    if let Some(value) = &worker.max_unavailable {
        if let Some(percent) = percent_value(value) {
            if percent > 100 {
                errors.push(FieldError::invalid(
                    unavailable_path.clone(),
                    "must not be greater than 100%",
                ));
            }
        }
    }

    let manual = worker.strategy() == Some(MANUAL_IN_PLACE_UPDATE);
    if manual {
        let detail = "should not be set when `updateStrategy` is `ManualInPlaceUpdate`";
        if worker.max_surge.is_some() {
            errors.push(FieldError::invalid(surge_path.clone(), detail));
        }
        if worker.max_unavailable.is_some() {
            errors.push(FieldError::invalid(unavailable_path.clone(), detail));
        }
    }
    let zero =
        |value: &Option<IntOrString>| value.as_ref().is_none_or(|v| int_or_percent_value(v) == 0);
    if zero(&worker.max_unavailable) && zero(&worker.max_surge) && !manual {
        errors.push(FieldError::invalid(
            unavailable_path,
            "may not be 0 when `maxSurge` is 0",
        ));
    }

    if let Some(strategy) = worker.strategy() {
        if !UPDATE_STRATEGIES.contains(&strategy) {
            errors.push(FieldError::not_supported(
                format!("{path}.updateStrategy"),
                &UPDATE_STRATEGIES,
            ));
        }
    }
    errors
}

/// `ValidateMachineControllerManagerSettingsOptions`.
pub fn validate_mcm_settings(
    settings: &MachineControllerManagerSettings,
    strategy: Option<&str>,
    maximum: i32,
    system_components_allowed: bool,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    errors.extend(non_negative_duration(
        &settings.machine_drain_timeout,
        path,
        "machineDrainTimeout",
    ));
    errors.extend(non_negative_duration(
        &settings.machine_health_timeout,
        path,
        "machineHealthTimeout",
    ));
    errors.extend(non_negative_duration(
        &settings.machine_creation_timeout,
        path,
        "machineCreationTimeout",
    ));
    if settings
        .max_evict_retries
        .is_some_and(|retries| retries < 0)
    {
        errors.push(FieldError::invalid(
            format!("{path}.maxEvictRetries"),
            "must be greater than or equal to 0",
        ));
    }
    if is_in_place(strategy) {
        errors.extend(non_negative_duration(
            &settings.in_place_update_timeout,
            path,
            "inPlaceUpdateTimeout",
        ));
    } else {
        if settings.in_place_update_timeout.is_some() {
            errors.push(FieldError::forbidden(
                format!("{path}.inPlaceUpdateTimeout"),
                "can only be set when the update strategy is `AutoInPlaceUpdate` or `ManualInPlaceUpdate`",
            ));
        }
        if settings.disable_health_timeout == Some(true) {
            errors.push(FieldError::forbidden(
                format!("{path}.disableHealthTimeout"),
                "can only be set to true when the update strategy is `AutoInPlaceUpdate` or `ManualInPlaceUpdate`",
            ));
        }
    }
    errors.extend(non_negative_duration(
        &settings.machine_preserve_timeout,
        path,
        "machinePreserveTimeout",
    ));
    if let Some(max) = settings.auto_preserve_failed_machine_max {
        let field = format!("{path}.autoPreserveFailedMachineMax");
        let maximum = i64::from(maximum);
        if max < 0 {
            errors.push(FieldError::invalid(field, "must not be negative"));
        } else if system_components_allowed && maximum > 0 && max > maximum - 1 {
            errors.push(FieldError::invalid(
                field,
                "must not be greater than maximum-1 value when system components are allowed, need at least one machine to run system components",
            ));
        } else if max > maximum {
            errors.push(FieldError::invalid(
                field,
                "must not be greater than maximum value",
            ));
        }
    }
    errors
}

/// `ValidatePositiveDuration` (a value the API server could not decode is reported as invalid too).
fn non_negative_duration(value: &Option<String>, path: &str, name: &str) -> Option<FieldError> {
    let text = value.as_deref()?;
    let field = format!("{path}.{name}");
    match duration::parse(text) {
        Ok(parsed) if parsed < chrono::TimeDelta::zero() => {
            Some(FieldError::invalid(field, "must be non-negative"))
        }
        Ok(_) => None,
        Err(message) => Some(FieldError::invalid(field, message)),
    }
}

/// `ValidatePositiveIntOrPercent`.
fn positive_int_or_percent(value: Option<&IntOrString>, path: &str) -> Vec<FieldError> {
    match value {
        Some(IntOrString::String(text)) if !is_valid_percent(text) => vec![FieldError::invalid(
            path,
            "must be an integer or percentage (e.g '5%')",
        )],
        Some(IntOrString::Int(number)) if *number < 0 => {
            vec![FieldError::invalid(
                path,
                "must be greater than or equal to 0",
            )]
        }
        _ => Vec::new(),
    }
}

/// `validation.IsValidPercent`: `^[0-9]+%$`.
fn is_valid_percent(text: &str) -> bool {
    text.strip_suffix('%')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// `getPercentValue`.
fn percent_value(value: &IntOrString) -> Option<i64> {
    match value {
        IntOrString::String(text) if is_valid_percent(text) => {
            Some(text[..text.len() - 1].parse().unwrap_or(i64::MAX))
        }
        _ => None,
    }
}

/// `getIntOrPercentValue` (a non-numeric string counts as 0, like `IntOrString.IntValue`).
fn int_or_percent_value(value: &IntOrString) -> i64 {
    match value {
        IntOrString::Int(number) => *number,
        IntOrString::String(text) => {
            percent_value(value).unwrap_or_else(|| text.parse().unwrap_or(0))
        }
    }
}

// ----- create / update rules -----

const GATE_DISABLED: &str = "can not configure `AutoInPlaceUpdate` or `ManualInPlaceUpdate` update strategies when the `InPlaceNodeUpdates` feature gate is disabled.";

/// `ValidateInPlaceUpdateStrategyOnCreation`.
fn validate_in_place_strategy_on_creation(shoot: &Shoot, gates: &FeatureGates) -> Vec<FieldError> {
    if gates.in_place_node_updates {
        return Vec::new();
    }
    shoot
        .spec
        .provider
        .workers
        .iter()
        .enumerate()
        .filter(|(_, worker)| worker.is_in_place())
        .map(|(index, _)| {
            FieldError::invalid(
                format!("{}.updateStrategy", worker_path(index)),
                GATE_DISABLED,
            )
        })
        .collect()
}

/// The update-strategy part of `ValidateProviderUpdate`.
fn validate_provider_update(new: &Shoot, old: &Shoot, gates: &FeatureGates) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (index, worker) in new.spec.provider.workers.iter().enumerate() {
        let path = worker_path(index);
        let Some(old_worker) = old.worker(&worker.name) else {
            if !gates.in_place_node_updates && worker.is_in_place() {
                errors.push(FieldError::invalid(
                    format!("{path}.updateStrategy"),
                    GATE_DISABLED,
                ));
            }
            continue;
        };
        match (old_worker.is_in_place(), worker.is_in_place()) {
            (true, false) => errors.push(FieldError::invalid(
                format!("{path}.updateStrategy"),
                "update strategy cannot be changed from AutoInPlaceUpdate/ManualInPlaceUpdate to AutoRollingUpdate",
            )),
            (false, true) => errors.push(FieldError::invalid(
                format!("{path}.updateStrategy"),
                "update strategy cannot be changed from AutoRollingUpdate to AutoInPlaceUpdate/ManualInPlaceUpdate",
            )),
            _ => {}
        }
        // Only while the strategy is unchanged (switching Auto <-> Manual lifts these checks).
        if old_worker.update_strategy == worker.update_strategy && worker.is_in_place() {
            if old_worker.machine.machine_type != worker.machine.machine_type {
                errors.push(FieldError::invalid(
                    format!("{path}.machine.type"),
                    "machine type cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate",
                ));
            }
            if let (Some(old_image), Some(new_image)) =
                (&old_worker.machine.image, &worker.machine.image)
            {
                if old_image.name != new_image.name {
                    errors.push(FieldError::invalid(
                        format!("{path}.machine.image.name"),
                        "machine image name cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate",
                    ));
                }
            }
            if let (Some(old_cri), Some(new_cri)) = (&old_worker.cri, &worker.cri) {
                if old_cri.name != new_cri.name {
                    errors.push(FieldError::invalid(
                        format!("{path}.cri.name"),
                        "CRI name cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate",
                    ));
                }
            }
            if !semantic_equal(&to_json(&old_worker.volume), &to_json(&worker.volume)) {
                errors.push(FieldError::invalid(
                    format!("{path}.volume"),
                    "volume cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate",
                ));
            }
        }
    }
    errors
}

/// `validateNodeLocalDNSUpdate`.
fn validate_node_local_dns_update(new: &Shoot, old: &Shoot) -> Vec<FieldError> {
    if old.node_local_dns_enabled() == new.node_local_dns_enabled() {
        return Vec::new();
    }
    let control_plane = match Version::parse(&old.spec.kubernetes.version) {
        Ok(version) => version,
        Err(e) => {
            return vec![FieldError::invalid(
                "spec.kubernetes.version",
                format!(
                    "failed to parse old Kubernetes version {:?}: {}",
                    old.spec.kubernetes.version,
                    e.masterminds_message()
                ),
            )]
        }
    };
    let ipvs = old.kube_proxy_ipvs();
    for (index, worker) in old.spec.provider.workers.iter().enumerate() {
        let version = match worker.kubernetes_version() {
            Some(text) => match Version::parse(text) {
                Ok(version) => version,
                Err(e) => {
                    return vec![FieldError::invalid(
                        worker_path(index),
                        format!(
                            "failed to calculate effective Kubernetes version for worker {:?}: {}",
                            worker.name,
                            e.masterminds_message()
                        ),
                    )]
                }
            },
            None => control_plane.clone(),
        };
        let below_1_34 = version.pre.is_empty() && (version.major, version.minor) < (1, 34);
        if worker.is_in_place() && (below_1_34 || ipvs) {
            return vec![FieldError::forbidden(
                "spec.systemComponents.nodeLocalDNS",
                "the node-local-dns setting cannot be changed if the shoot has at least one worker pool with an update strategy of either AutoInPlaceUpdate or ManualInPlaceUpdate, and is running a Kubernetes version below 1.34.0 or if kube-proxy runs in IPVS mode.",
            )];
        }
    }
    Vec::new()
}

/// `ValidateInPlaceUpdates`: pools listed as pending may not change unless forced.
pub fn validate_in_place_updates(new: &Shoot, old: &Shoot) -> Vec<FieldError> {
    if new
        .metadata
        .annotations
        .get(OPERATION_ANNOTATION)
        .map(String::as_str)
        == Some(FORCE_IN_PLACE_UPDATE)
    {
        return Vec::new();
    }
    let Some(pending) = new.pending_worker_updates() else {
        return Vec::new();
    };
    let is_pending = |name: &str| {
        pending.auto_in_place_update.iter().any(|n| n == name)
            || pending.manual_in_place_update.iter().any(|n| n == name)
    };
    let mut errors = Vec::new();
    let old_control_plane = Version::parse(&old.spec.kubernetes.version);
    let new_control_plane = Version::parse(&new.spec.kubernetes.version);
    if let Err(e) = &old_control_plane {
        errors.push(FieldError::forbidden(
            "spec.kubernetes.version",
            format!(
                "failed to parse old control plane kubernetes version: {}",
                e.masterminds_message()
            ),
        ));
    }
    if let Err(e) = &new_control_plane {
        errors.push(FieldError::forbidden(
            "spec.kubernetes.version",
            format!(
                "failed to parse new control plane kubernetes version: {}",
                e.masterminds_message()
            ),
        ));
    }
    let (Ok(old_control_plane), Ok(new_control_plane)) = (old_control_plane, new_control_plane)
    else {
        return errors;
    };

    for (index, worker) in new.spec.provider.workers.iter().enumerate() {
        if !worker.is_in_place() || !is_pending(&worker.name) {
            continue;
        }
        let Some(old_index) = old
            .spec
            .provider
            .workers
            .iter()
            .position(|w| w.name == worker.name)
        else {
            continue;
        };
        let old_worker = &old.spec.provider.workers[old_index];
        let effective = |control_plane: &Version, worker: &Worker| match worker.kubernetes_version()
        {
            Some(text) => Version::parse(text).map_err(|e| e.masterminds_message()),
            None => Ok(control_plane.clone()),
        };
        let old_version = match effective(&old_control_plane, old_worker) {
            Ok(version) => version,
            Err(e) => {
                errors.push(FieldError::forbidden(
                    worker_path(old_index),
                    format!("failed to calculate effective kubernetes version for old worker: {e}"),
                ));
                continue;
            }
        };
        let new_version = match effective(&new_control_plane, worker) {
            Ok(version) => version,
            Err(e) => {
                errors.push(FieldError::forbidden(
                    worker_path(index),
                    format!("failed to calculate effective kubernetes version for new worker: {e}"),
                ));
                continue;
            }
        };
        let old_kubelet = old_worker
            .kubelet()
            .or(old.spec.kubernetes.kubelet.as_ref());
        let new_kubelet = worker.kubelet().or(new.spec.kubernetes.kubelet.as_ref());
        let unchanged = semantic_equal(&current_worker(old_worker), &current_worker(worker))
            && old_version == new_version
            && semantic_equal(
                &current_kubelet(&old_kubelet),
                &current_kubelet(&new_kubelet),
            );
        if !unchanged {
            errors.push(FieldError::forbidden(
                worker_path(index),
                format!(
                    "the worker pool {:?} is currently undergoing an in-place update. No changes are allowed to the worker pool, the Shoot Kubernetes version, or the Shoot kubelet configuration. You can force an update with annotating the Shoot with '{OPERATION_ANNOTATION}={FORCE_IN_PLACE_UPDATE}'",
                    worker.name
                ),
            ));
        }
    }
    errors
}

// ----- operation annotations -----

/// The in-place-related checks of `validateShootOperation` / `validateShootOperationContext`:
/// `rollout-workers` (`validateOperationRolloutWorkers`, hibernation) and starting credential
/// rotations while in-place updates are pending (`validatePendingWorkerUpdates`).
fn validate_operations(shoot: &Shoot) -> Vec<RuleError> {
    const OPERATION: &[&str] = &["validateShootOperation", "ValidateShoot"];
    const CONTEXT: &[&str] = &[
        "validateShootOperationContext",
        "validateShootOperation",
        "ValidateShoot",
    ];
    let mut errors = Vec::new();
    // `validateShootOperation` stops at the first operation a self-hosted Shoot without managed
    // infrastructure cannot run: no worker rollouts, there being no machines to replace.
    let stopped = validate_self_hosted_operations(shoot);
    let operation_checks = stopped.is_empty();
    errors.extend(tagged(stopped, OPERATION));
    for annotation in [OPERATION_ANNOTATION, MAINTENANCE_OPERATION_ANNOTATION] {
        let path = format!("metadata.annotations[{annotation}]");
        let operations = annotation_operations(shoot, annotation);
        for operation in &operations {
            if rolls_workers(operation) && operation_checks && shoot.in_hibernation() {
                errors.extend(tagged(
                    vec![FieldError::forbidden(
                        path.clone(),
                        format!("operation '{operation}' is not permitted when shoot is hibernated or is waking up"),
                    )],
                    OPERATION,
                ));
            }
        }
        for operation in &operations {
            let rotation = match *operation {
                "rotate-credentials-start" | "rotate-credentials-start-without-workers-rollout" => {
                    Some("rotation of all credentials")
                }
                "rotate-ca-start" | "rotate-ca-start-without-workers-rollout" => {
                    Some("CA rotation")
                }
                "rotate-serviceaccount-key-start"
                | "rotate-serviceaccount-key-start-without-workers-rollout" => {
                    Some("service account key rotation")
                }
                _ => None,
            };
            if let Some(rotation) = rotation {
                let found = validate_pending_worker_updates(shoot, &path, rotation);
                errors.extend(tagged(
                    found,
                    &[
                        "validatePendingWorkerUpdates",
                        CONTEXT[0],
                        CONTEXT[1],
                        CONTEXT[2],
                    ],
                ));
            }
            if operation.starts_with(ROLLOUT_WORKERS) {
                let found = validate_operation_rollout_workers(operation, shoot, &path);
                errors.extend(tagged(
                    found,
                    &[
                        "validateOperationRolloutWorkers",
                        CONTEXT[0],
                        CONTEXT[1],
                        CONTEXT[2],
                    ],
                ));
            }
        }
    }
    errors
}

/// The self-hosted rule of `validateShootOperation`'s first pass over each annotation: the first
/// worker rollout on a self-hosted Shoot without managed infrastructure, as the only error.
fn validate_self_hosted_operations(shoot: &Shoot) -> Vec<FieldError> {
    if !shoot.spec.is_self_hosted() || shoot.spec.has_managed_infrastructure() {
        return Vec::new();
    }
    for annotation in [OPERATION_ANNOTATION, MAINTENANCE_OPERATION_ANNOTATION] {
        for operation in annotation_operations(shoot, annotation) {
            if rolls_workers(operation) {
                return vec![FieldError::forbidden(
                    format!("metadata.annotations[{annotation}]"),
                    format!("operation '{operation}' is not permitted for self-hosted shoot clusters with unmanaged infrastructure"),
                )];
            }
        }
    }
    Vec::new()
}

/// The `;`-separated operations of an operation annotation, none when it is absent or empty.
fn annotation_operations<'a>(shoot: &'a Shoot, annotation: &str) -> Vec<&'a str> {
    match shoot.metadata.annotations.get(annotation) {
        Some(text) if !text.is_empty() => text.split(';').map(str::trim).collect(),
        _ => Vec::new(),
    }
}

/// Whether an operation replaces the nodes of pools: `rollout-workers=…` or
/// `rotate-rollout-workers=…`.
fn rolls_workers(operation: &str) -> bool {
    operation.starts_with(ROLLOUT_WORKERS) || operation.starts_with(ROTATE_ROLLOUT_WORKERS)
}

/// `validatePendingWorkerUpdates`.
fn validate_pending_worker_updates(shoot: &Shoot, path: &str, rotation: &str) -> Vec<FieldError> {
    let Some(pending) = shoot.pending_worker_updates() else {
        return Vec::new();
    };
    let mut errors = Vec::new();
    for (list, name) in [
        (&pending.auto_in_place_update, "autoInPlaceUpdate"),
        (&pending.manual_in_place_update, "manualInPlaceUpdate"),
    ] {
        if !list.is_empty() {
            errors.push(FieldError::forbidden(
                path,
                format!("cannot start {rotation} if status.inPlaceUpdates.pendingWorkerUpdates.{name} is not empty"),
            ));
        }
    }
    errors
}

/// `validateOperationRolloutWorkers`.
fn validate_operation_rollout_workers(
    operation: &str,
    shoot: &Shoot,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let names_text = operation
        .strip_prefix(&format!("{ROLLOUT_WORKERS}="))
        .unwrap_or(operation);
    let mut pools: Vec<String> = names_text.split(',').map(str::to_string).collect();
    if pools.iter().any(String::is_empty) {
        errors.push(FieldError::required(
            path,
            "must provide either '*' or at least one pool name via rollout-workers=<poolName1>[,<poolName2>,...]",
        ));
    }
    if pools.len() == 1 && pools[0] == "*" {
        pools = shoot
            .spec
            .provider
            .workers
            .iter()
            .map(|w| w.name.clone())
            .collect();
    }
    if pools.iter().any(|p| p == "*") {
        errors.push(FieldError::forbidden(
            path,
            "if '*' is provided, no other pool names are allowed",
        ));
    }
    let mut seen: Vec<&str> = Vec::new();
    for pool in &pools {
        if seen.contains(&pool.as_str()) {
            errors.push(FieldError::new(
                crate::field::ErrorType::FieldValueDuplicate,
                path,
                format!("pool name {pool} was specified multiple times"),
            ));
        }
        seen.push(pool);
        match shoot.worker(pool) {
            None => errors.push(FieldError::invalid(
                path,
                format!("worker pool name {pool} does not exist in .spec.provider.workers[]"),
            )),
            Some(worker) if worker.is_in_place() => errors.push(FieldError::invalid(
                path,
                format!("worker pool {pool} is using in-place update strategy; manual worker pool rollout is not supported for such pools"),
            )),
            Some(_) => {}
        }
    }
    errors
}

// ----- semantic equality -----

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The kubelet fields the current API no longer has (`systemReserved`, removed in v1.141): the API
/// server drops them when it decodes a Shoot, so Gardener's comparisons never see them.
const REMOVED_KUBELET_FIELDS: [&str; 1] = ["systemReserved"];

/// A kubelet configuration as JSON, without [`REMOVED_KUBELET_FIELDS`].
fn current_kubelet<T: Serialize>(kubelet: &T) -> Value {
    let mut value = to_json(kubelet);
    drop_removed_kubelet_fields(&mut value);
    value
}

/// A pool as JSON, its kubelet configuration without [`REMOVED_KUBELET_FIELDS`].
fn current_worker(worker: &Worker) -> Value {
    let mut value = to_json(worker);
    if let Some(kubelet) = value
        .get_mut("kubernetes")
        .and_then(|kubernetes| kubernetes.get_mut("kubelet"))
    {
        drop_removed_kubelet_fields(kubelet);
    }
    value
}

fn drop_removed_kubelet_fields(kubelet: &mut Value) {
    if let Some(fields) = kubelet.as_object_mut() {
        for field in REMOVED_KUBELET_FIELDS {
            fields.remove(field);
        }
    }
}

/// Keys whose values are Kubernetes quantities (compared by value, like `apiequality.Semantic`).
const QUANTITY_PARENTS: [&str; 3] = ["kubeReserved", "systemReserved", "evictionMinimumReclaim"];
/// Keys that are Go maps (absent equals empty).
const MAP_KEYS: [&str; 4] = ["labels", "annotations", "featureGates", "sysctls"];

/// `apiequality.Semantic.DeepEqual` on JSON renderings: absent equals an empty list (or map), and
/// quantities compare by value.
fn semantic_equal(a: &Value, b: &Value) -> bool {
    equal_at(a, b, None)
}

fn equal_at(a: &Value, b: &Value, key: Option<&str>) -> bool {
    match (a, b) {
        (Value::Object(left), Value::Object(right)) => {
            let quantities = key.is_some_and(|k| QUANTITY_PARENTS.contains(&k));
            left.keys().chain(right.keys()).all(|k| {
                let (l, r) = (left.get(k), right.get(k));
                match (l, r) {
                    (Some(l), Some(r)) if quantities => quantity_equal(l, r),
                    (Some(l), Some(r)) => equal_at(l, r, Some(k)),
                    (Some(v), None) | (None, Some(v)) => is_empty_collection(v, k),
                    (None, None) => true,
                }
            })
        }
        (Value::Array(left), Value::Array(right)) => {
            left.len() == right.len() && left.iter().zip(right).all(|(l, r)| equal_at(l, r, None))
        }
        _ => a == b,
    }
}

fn is_empty_collection(value: &Value, key: &str) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.is_empty() && MAP_KEYS.contains(&key),
        _ => false,
    }
}

fn quantity_equal(a: &Value, b: &Value) -> bool {
    let text = |v: &Value| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    match (
        text(a).map(|t| Quantity::parse(&t)),
        text(b).map(|t| Quantity::parse(&t)),
    ) {
        (Some(Ok(x)), Some(Ok(y))) => x.same_value(&y),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::shoot_versions::validate_kubernetes_version_update;

    fn worker(strategy: Option<&str>) -> Worker {
        Worker {
            name: "w".to_string(),
            update_strategy: strategy.map(str::to_string),
            ..Default::default()
        }
    }

    #[test]
    fn defaults_depend_on_the_strategy() {
        let mut rolling = worker(None);
        default_worker(&mut rolling);
        assert_eq!(
            rolling.update_strategy.as_deref(),
            Some(AUTO_ROLLING_UPDATE)
        );
        assert_eq!(rolling.max_surge, Some(IntOrString::Int(1)));
        assert_eq!(rolling.max_unavailable, Some(IntOrString::Int(0)));
        assert!(rolling.machine_controller_manager.is_none());

        let mut manual = worker(Some(MANUAL_IN_PLACE_UPDATE));
        default_worker(&mut manual);
        assert_eq!(manual.max_surge, None);
        assert_eq!(
            manual
                .machine_controller_manager
                .and_then(|m| m.disable_health_timeout),
            Some(true)
        );
    }

    /// A Shoot whose pool `a`, in-place and with `kubelet` as the Shoot's, awaits its update.
    fn in_place_pending(kubelet: serde_json::Value) -> Shoot {
        crate::decode::from_value(&serde_json::json!({
            "metadata": {"name": "s"},
            "spec": {
                "kubernetes": {"version": "1.33.0", "kubelet": kubelet.clone()},
                "provider": {"workers": [{
                    "name": "a", "machine": {"type": "m"},
                    "updateStrategy": AUTO_IN_PLACE_UPDATE,
                    "kubernetes": {"kubelet": kubelet},
                }]},
            },
            "status": {"inPlaceUpdates": {"pendingWorkerUpdates": {"autoInPlaceUpdate": ["a"]}}},
        }))
        .unwrap()
    }

    /// Whether updating `old` to `new` is refused as a change of a pool under an in-place update.
    fn changes_the_pending_pool(old: &Shoot, new: &Shoot) -> bool {
        let gates = FeatureGates {
            in_place_node_updates: true,
        };
        let errors = validate_update_strategy(Some(old), new, Operation::Update, &gates);
        (errors.iter()).any(|e| e.detail.contains("undergoing an in-place update"))
    }

    /// `SetDefaults_Shoot` gives a kubelet with the `NodeSwap` gate on and swap allowed the
    /// `LimitedSwap` behaviour, the stored Shoot's as the new one's: writing it is no change of
    /// a pool under an in-place update.
    #[test]
    fn the_defaulted_swap_behaviour_is_no_change_of_an_in_place_pool() {
        let kubelet = |swap: Option<&str>| {
            let mut kubelet =
                serde_json::json!({"featureGates": {"NodeSwap": true}, "failSwapOn": false});
            if let Some(swap) = swap {
                kubelet["memorySwap"] = serde_json::json!({ "swapBehavior": swap });
            }
            in_place_pending(kubelet)
        };
        assert!(!changes_the_pending_pool(
            &kubelet(None),
            &kubelet(Some("LimitedSwap"))
        ));
        // Another behaviour is a change.
        assert!(changes_the_pending_pool(
            &kubelet(None),
            &kubelet(Some("NoSwap"))
        ));
    }

    /// An explicit `null` decodes as absent in Go, and so is defaulted like it.
    #[test]
    fn a_null_kubelet_field_is_defaulted_as_an_absent_one() {
        let old = in_place_pending(serde_json::json!({"failSwapOn": null}));
        let new = in_place_pending(serde_json::json!({"failSwapOn": true}));
        assert!(!changes_the_pending_pool(&old, &new));
        let new = in_place_pending(serde_json::json!({"failSwapOn": false}));
        assert!(changes_the_pending_pool(&old, &new));
    }

    /// `status.hibernated` (Go's `IsHibernated`) counts while the Shoot wakes up: a worker
    /// rollout is refused then, though `spec.hibernation.enabled` is already false.
    #[test]
    fn a_waking_shoot_refuses_a_workers_rollout() {
        let waking: Shoot = crate::decode::from_value(&serde_json::json!({
            "metadata": {"annotations": {"gardener.cloud/operation": "rollout-workers=a"}},
            "spec": {"hibernation": {"enabled": false},
                     "provider": {"workers": [{"name": "a", "machine": {"type": "m"}}]}},
            "status": {"hibernated": true},
        }))
        .unwrap();
        let refused = |shoot: &Shoot| {
            validate_operations(shoot)
                .iter()
                .any(|error| error.error.detail.contains("is hibernated or is waking up"))
        };
        assert!(refused(&waking));
        let mut awake = waking.clone();
        awake.status.hibernated = false;
        assert!(!refused(&awake));
    }

    #[test]
    fn percent_over_100_and_both_zero() {
        let mut w = worker(Some(AUTO_ROLLING_UPDATE));
        w.max_surge = Some(IntOrString::String("0%".to_string()));
        w.max_unavailable = Some(IntOrString::String("150%".to_string()));
        let errors = validate_worker_strategy(&w, "p");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].detail, "must not be greater than 100%");

        w.max_unavailable = Some(IntOrString::Int(0));
        let errors = validate_worker_strategy(&w, "p");
        assert_eq!(errors[0].detail, "may not be 0 when `maxSurge` is 0");
    }

    #[test]
    fn semantic_equality_compares_quantities_by_value() {
        let a = serde_json::json!({"kubeReserved": {"memory": "1Gi"}, "labels": {}});
        let b = serde_json::json!({"kubeReserved": {"memory": "1024Mi"}});
        assert!(semantic_equal(&a, &b));
        let c = serde_json::json!({"kubeReserved": {"memory": "2Gi"}});
        assert!(!semantic_equal(&a, &c));
    }

    #[test]
    fn version_skip_only_forbidden_when_not_allowed() {
        assert!(validate_kubernetes_version_update("1.27.0", "1.25.2", true, "p").is_empty());
        let errors = validate_kubernetes_version_update("1.27.0", "1.25.2", false, "p");
        assert_eq!(
            errors[0].detail,
            "kubernetes version upgrade cannot skip a minor version"
        );
        let errors = validate_kubernetes_version_update("1.24.0", "1.25.2", true, "p");
        assert_eq!(
            errors[0].detail,
            "kubernetes version downgrade is not supported"
        );
    }
}
