//! Field coverage: per area, the input fields the area's Gardener functions read (a kept list,
//! from reading those functions), and a check of which of them the area's generators vary. A
//! field that never varies is one whose every value but the one drawn goes untested.
//!
//! A field is `kind: path`, counted on the requests of that kind only. The path walks the
//! request's input: `a.b` a key, `a[]` every item of a list, `a.*` every value of a map; `now`
//! is the request's instant. A field varies when two of its values differ over the inputs drawn
//! (an absent field is a value of its own, so a field drawn only sometimes varies). A path that
//! stops at an object compares the whole object.

use super::Request;
use serde_json::Value;

/// What the area's inputs showed of each of its fields.
pub struct Coverage {
    fields: Vec<(&'static str, &'static str)>,
    /// Per field, the first value seen, and whether another came.
    seen: Vec<(Option<String>, bool)>,
}

const ABSENT: &str = "(absent)";

impl Coverage {
    pub fn of(area: &str) -> Coverage {
        let fields: Vec<(&str, &str)> = (fields_read(area).iter())
            .filter_map(|field| field.split_once(": "))
            .collect();
        let seen = vec![(None, false); fields.len()];
        Coverage { fields, seen }
    }

    pub fn record(&mut self, request: &Request) {
        for ((kind, path), (first, varied)) in self.fields.iter().zip(self.seen.iter_mut()) {
            if *varied || *kind != request.kind {
                continue;
            }
            let mut values = Vec::new();
            if *path == "now" {
                values.push(request.now.clone());
            } else {
                let parts: Vec<&str> = path.split('.').collect();
                collect(&request.input, &parts, &mut values);
            }
            for value in values {
                match first {
                    None => *first = Some(value),
                    Some(known) if *known != value => {
                        *varied = true;
                        break;
                    }
                    Some(_) => {}
                }
            }
        }
    }

    /// How many fields the list has and which never varied.
    pub fn summary(&self) -> (usize, Vec<String>) {
        let fixed = (self.fields.iter().zip(&self.seen))
            .filter(|(_, (_, varied))| !varied)
            .map(|((kind, path), _)| format!("{kind}: {path}"))
            .collect();
        (self.fields.len(), fixed)
    }
}

/// The values at `parts` below `value`, as JSON text; `ABSENT` where the path ends early.
fn collect(value: &Value, parts: &[&str], into: &mut Vec<String>) {
    let Some((part, rest)) = parts.split_first() else {
        into.push(value.to_string());
        return;
    };
    if *part == "*" {
        match value.as_object() {
            Some(map) if !map.is_empty() => map.values().for_each(|v| collect(v, rest, into)),
            _ => into.push(ABSENT.to_string()),
        }
        return;
    }
    let (key, every) = match part.strip_suffix("[]") {
        Some(key) => (key, true),
        None => (*part, false),
    };
    match value.get(key) {
        None | Some(Value::Null) => into.push(ABSENT.to_string()),
        Some(Value::Array(items)) if every => {
            if items.is_empty() {
                into.push("[]".to_string());
            }
            items.iter().for_each(|item| collect(item, rest, into));
        }
        Some(found) => collect(found, rest, into),
    }
}

/// The fields of an area's inputs its Gardener functions read.
pub fn fields_read(area: &str) -> &'static [&'static str] {
    FIELDS
        .iter()
        .find(|(name, _)| *name == area)
        .map_or(&[], |(_, fields)| fields)
}

/// The fields the maintenance reconciler and the API server's checks of its updates read, for
/// the requests of `$kind` (the maintenance and timeline areas).
macro_rules! maintained_shoot {
    ($kind:literal) => {
        [
            concat!($kind, ": shoot.metadata.namespace"),
            concat!($kind, ": shoot.metadata.annotations"),
            concat!($kind, ": shoot.spec.cloudProfile.name"),
            concat!($kind, ": shoot.spec.cloudProfileName"),
            concat!($kind, ": shoot.spec.secretBindingName"),
            concat!($kind, ": shoot.spec.kubernetes.version"),
            concat!($kind, ": shoot.spec.kubernetes.kubeAPIServer.featureGates"),
            concat!(
                $kind,
                ": shoot.spec.kubernetes.kubeAPIServer.admissionPlugins"
            ),
            concat!(
                $kind,
                ": shoot.spec.kubernetes.kubeAPIServer.enableAnonymousAuthentication"
            ),
            concat!(
                $kind,
                ": shoot.spec.kubernetes.kubeAPIServer.watchCacheSizes"
            ),
            concat!(
                $kind,
                ": shoot.spec.kubernetes.kubeControllerManager.podEvictionTimeout"
            ),
            concat!($kind, ": shoot.spec.kubernetes.kubeScheduler.kubeMaxPDVols"),
            concat!(
                $kind,
                ": shoot.spec.kubernetes.clusterAutoscaler.maxEmptyBulkDelete"
            ),
            concat!($kind, ": shoot.spec.addons"),
            concat!($kind, ": shoot.spec.dns.providers"),
            concat!(
                $kind,
                ": shoot.spec.maintenance.autoUpdate.kubernetesVersion"
            ),
            concat!(
                $kind,
                ": shoot.spec.maintenance.autoUpdate.machineImageVersion"
            ),
            concat!($kind, ": shoot.spec.maintenance.timeWindow.begin"),
            concat!($kind, ": shoot.spec.maintenance.timeWindow.end"),
            concat!($kind, ": shoot.spec.provider.workers[].name"),
            concat!($kind, ": shoot.spec.provider.workers[].machine.type"),
            concat!(
                $kind,
                ": shoot.spec.provider.workers[].machine.architecture"
            ),
            concat!($kind, ": shoot.spec.provider.workers[].machine.image.name"),
            concat!(
                $kind,
                ": shoot.spec.provider.workers[].machine.image.version"
            ),
            concat!($kind, ": shoot.spec.provider.workers[].cri.name"),
            concat!($kind, ": shoot.spec.provider.workers[].updateStrategy"),
            concat!($kind, ": shoot.spec.provider.workers[].kubernetes.version"),
            concat!(
                $kind,
                ": shoot.spec.provider.workers[].kubernetes.kubelet.featureGates"
            ),
            concat!($kind, ": shoot.status.lastOperation.state"),
            concat!($kind, ": shoot.status.lastMaintenance.state"),
            concat!($kind, ": shoot.status.inPlaceUpdates.pendingWorkerUpdates"),
            concat!($kind, ": shoot.status.credentials.rotation"),
            concat!($kind, ": cloudProfile.metadata.name"),
            concat!($kind, ": cloudProfile.spec.kubernetes.versions[].version"),
            concat!(
                $kind,
                ": cloudProfile.spec.kubernetes.versions[].classification"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.kubernetes.versions[].expirationDate"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.kubernetes.versions[].lifecycle[].classification"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.kubernetes.versions[].lifecycle[].startTime"
            ),
            concat!($kind, ": cloudProfile.spec.machineImages[].name"),
            concat!($kind, ": cloudProfile.spec.machineImages[].updateStrategy"),
            concat!(
                $kind,
                ": cloudProfile.spec.machineImages[].versions[].version"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.machineImages[].versions[].classification"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.machineImages[].versions[].expirationDate"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.machineImages[].versions[].lifecycle[].startTime"
            ),
            concat!($kind, ": cloudProfile.spec.machineImages[].versions[].cri"),
            concat!(
                $kind,
                ": cloudProfile.spec.machineImages[].versions[].architectures"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.machineImages[].versions[].kubeletVersionConstraint"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.machineImages[].versions[].inPlaceUpdates"
            ),
            concat!(
                $kind,
                ": cloudProfile.spec.machineImages[].versions[].capabilityFlavors"
            ),
            concat!($kind, ": cloudProfile.spec.machineCapabilities"),
            concat!($kind, ": cloudProfile.spec.machineTypes[].architecture"),
            concat!($kind, ": now"),
        ]
    };
}

const MAINTENANCE: [&str; 52] = maintained_shoot!("maintenance-reconcile");
const TIMELINE_SHOOT: [&str; 52] = maintained_shoot!("timeline-reconcile");

/// Per area, the fields its Gardener functions read (see the table of areas in docs/oracle.md).
const FIELDS: &[(&str, &[&str])] = &[
    (
        // care.NewConstraint(...).Check: the listing selector, then IsProblematicWebhook.
        "webhooks",
        &[
            "hibernation-constraint: webhookConfigurations[].kind",
            "hibernation-constraint: webhookConfigurations[].metadata.labels",
            "hibernation-constraint: webhookConfigurations[].webhooks[].name",
            "hibernation-constraint: webhookConfigurations[].webhooks[].failurePolicy",
            "hibernation-constraint: webhookConfigurations[].webhooks[].objectSelector",
            "hibernation-constraint: webhookConfigurations[].webhooks[].namespaceSelector",
            "hibernation-constraint: webhookConfigurations[].webhooks[].timeoutSeconds",
            "hibernation-constraint: webhookConfigurations[].webhooks[].rules[].apiGroups",
            "hibernation-constraint: webhookConfigurations[].webhooks[].rules[].apiVersions",
            "hibernation-constraint: webhookConfigurations[].webhooks[].rules[].resources",
            "hibernation-constraint: webhookConfigurations[].webhooks[].rules[].operations",
        ],
    ),
    (
        // care.IsShootHibernatedDuringNextMaintenanceWindow.
        "overlap",
        &[
            "hibernation-maintenance-overlap: shoot.spec.hibernation.enabled",
            "hibernation-maintenance-overlap: shoot.spec.hibernation.schedules[].start",
            "hibernation-maintenance-overlap: shoot.spec.hibernation.schedules[].end",
            "hibernation-maintenance-overlap: shoot.spec.hibernation.schedules[].location",
            "hibernation-maintenance-overlap: shoot.spec.maintenance.timeWindow.begin",
            "hibernation-maintenance-overlap: shoot.spec.maintenance.timeWindow.end",
            "hibernation-maintenance-overlap: now",
        ],
    ),
    (
        // The controller-manager's hibernation Reconciler.
        "hibernation-controller",
        &[
            "hibernation-schedule: shoot.spec.hibernation.enabled",
            "hibernation-schedule: shoot.spec.hibernation.schedules[].start",
            "hibernation-schedule: shoot.spec.hibernation.schedules[].end",
            "hibernation-schedule: shoot.spec.hibernation.schedules[].location",
            "hibernation-schedule: shoot.metadata.creationTimestamp",
            "hibernation-schedule: shoot.metadata.generation",
            "hibernation-schedule: shoot.status.observedGeneration",
            "hibernation-schedule: shoot.status.lastOperation.state",
            "hibernation-schedule: shoot.status.gardener.version",
            "hibernation-schedule: shoot.status.lastHibernationTriggerTime",
            "hibernation-schedule: config.triggerDeadlineDuration",
            "hibernation-schedule: controllerVersion",
            "hibernation-schedule: now",
        ],
    ),
    (
        "versions",
        &[
            // CurrentLifecycleClassification.
            "classification: version.classification",
            "classification: version.expirationDate",
            "classification: version.lifecycle[].classification",
            "classification: version.lifecycle[].startTime",
            "classification: now",
            // The GetLatest…/GetVersionForForcefulUpdate… helpers, GetLatestQualifyingVersion,
            // DetermineMachineImageVersion.
            "qualifying-version: function",
            "qualifying-version: currentVersion",
            "qualifying-version: versions[].version",
            "qualifying-version: versions[].classification",
            "qualifying-version: versions[].expirationDate",
            "qualifying-version: versions[].lifecycle[].classification",
            "qualifying-version: versions[].lifecycle[].startTime",
            "qualifying-version: machineImage.updateStrategy",
            "qualifying-version: machineImage.versions[].version",
            "qualifying-version: machineImage.versions[].lifecycle",
            "qualifying-version: shootImage.version",
            "qualifying-version: currentExpired",
            "qualifying-version: now",
            // DurationUntilNextVersionTransition.
            "next-transition: cloudProfileSpec.kubernetes.versions[].expirationDate",
            "next-transition: cloudProfileSpec.kubernetes.versions[].lifecycle[].startTime",
            "next-transition: cloudProfileSpec.machineImages[].versions[].expirationDate",
            "next-transition: cloudProfileSpec.machineImages[].versions[].lifecycle[].startTime",
            "next-transition: now",
            // FilterMachineImageVersions.
            "image-filter: machineImage.versions[].version",
            "image-filter: machineImage.versions[].architectures",
            "image-filter: machineImage.versions[].cri",
            "image-filter: machineImage.versions[].kubeletVersionConstraint",
            "image-filter: machineImage.versions[].inPlaceUpdates",
            "image-filter: machineImage.versions[].capabilityFlavors",
            "image-filter: machineCapabilities",
            "image-filter: machineType.architecture",
            "image-filter: machineType.capabilities",
            "image-filter: worker.machine.architecture",
            "image-filter: worker.machine.image.version",
            "image-filter: worker.cri.name",
            "image-filter: worker.updateStrategy",
            "image-filter: kubeletVersion",
        ],
    ),
    (
        // EffectiveShootMaintenanceTimeWindow, Contains, RandomDurationUntilNext.
        "windows",
        &[
            "time-window: op",
            "time-window: maintenance",
            "time-window: maintenance.timeWindow.begin",
            "time-window: maintenance.timeWindow.end",
            "time-window: timeWindow.begin",
            "time-window: timeWindow.end",
            "time-window: now",
        ],
    ),
    (
        // ComputeShootStatus.
        "status",
        &[
            "status-label: shoot.status.lastOperation.type",
            "status-label: shoot.status.lastOperation.state",
            "status-label: shoot.status.lastErrors",
            "status-label: shoot.status.conditions[].status",
        ],
    ),
    (
        // hibernation.Parse, ParsedSchedule.Next and Previous.
        "hibernation",
        &[
            "hibernation-schedule-parse: schedules[].start",
            "hibernation-schedule-parse: schedules[].end",
            "hibernation-schedule-parse: schedules[].location",
            "hibernation-schedule-next: schedule.start",
            "hibernation-schedule-next: schedule.end",
            "hibernation-schedule-next: schedule.location",
            "hibernation-schedule-next: now",
            "hibernation-schedule-previous: schedule.start",
            "hibernation-schedule-previous: schedule.location",
            "hibernation-schedule-previous: from",
            "hibernation-schedule-previous: to",
        ],
    ),
    ("maintenance", &MAINTENANCE),
    (
        "conditions",
        &[
            // FailedCondition.
            "condition-threshold: conditionThresholds[].type",
            "condition-threshold: conditionThresholds[].duration",
            "condition-threshold: lastOperation.state",
            "condition-threshold: lastOperation.lastUpdateTime",
            "condition-threshold: condition.type",
            "condition-threshold: condition.status",
            "condition-threshold: condition.reason",
            "condition-threshold: condition.lastTransitionTime",
            "condition-threshold: check.reason",
            "condition-threshold: check.codes",
            "condition-threshold: now",
            // The condition builder.
            "condition-update: condition.status",
            "condition-update: condition.reason",
            "condition-update: condition.message",
            "condition-update: condition.codes",
            "condition-update: condition.lastTransitionTime",
            "condition-update: condition.lastUpdateTime",
            "condition-update: conditionType",
            "condition-update: update.status",
            "condition-update: update.reason",
            "condition-update: update.message",
            "condition-update: update.codes",
            "condition-update: now",
            // PardonConditions.
            "condition-pardon: lastOperation.type",
            "condition-pardon: lastOperation.state",
            "condition-pardon: lastErrors",
            "condition-pardon: conditions[].status",
            // HasNonRetryableErrorCode, HasErrorCode.
            "error-codes: lastErrors[].codes",
            "error-codes: code",
            // ComputeOperationType.
            "operation-type: shoot.metadata.annotations",
            "operation-type: shoot.metadata.deletionTimestamp",
            "operation-type: shoot.status.lastOperation.type",
            "operation-type: shoot.status.lastOperation.state",
            "operation-type: shoot.spec.seedName",
            "operation-type: shoot.status.seedName",
            // CalculateControllerInfos.
            "reconcile-decision: shoot.metadata.annotations",
            "reconcile-decision: shoot.metadata.deletionTimestamp",
            "reconcile-decision: shoot.metadata.generation",
            "reconcile-decision: shoot.status.observedGeneration",
            "reconcile-decision: shoot.status.lastOperation.type",
            "reconcile-decision: shoot.status.lastOperation.state",
            "reconcile-decision: shoot.status.lastOperation.lastUpdateTime",
            "reconcile-decision: shoot.status.gardener.version",
            "reconcile-decision: shoot.spec.maintenance.timeWindow",
            "reconcile-decision: shoot.spec.maintenance.confineSpecUpdateRollout",
            "reconcile-decision: shoot.spec.seedName",
            "reconcile-decision: shoot.status.seedName",
            "reconcile-decision: gardenletVersion",
            "reconcile-decision: config.syncPeriod",
            "reconcile-decision: config.respectSyncPeriodOverwrite",
            "reconcile-decision: config.reconcileInMaintenanceOnly",
            "reconcile-decision: seed.metadata.annotations",
            "reconcile-decision: now",
        ],
    ),
    (
        // GetResponsibleSeedName, ComputeOperationType.
        "migration",
        &[
            "migration: shoot.spec.seedName",
            "migration: shoot.status.seedName",
            "migration: shoot.metadata.annotations",
            "migration: shoot.metadata.deletionTimestamp",
            "migration: shoot.status.lastOperation.type",
            "migration: shoot.status.lastOperation.state",
        ],
    ),
    ("timeline", &TIMELINE_SHOOT),
    (
        // The worker pool keys (operatingsystemconfig.Key), the in-place hashes and
        // SetInPlaceUpdatePendingWorkers.
        "rollout",
        &[
            "roll-trigger: shoot.spec.kubernetes.version",
            "roll-trigger: shoot.spec.kubernetes.kubelet",
            "roll-trigger: shoot.spec.kubernetes.kubeProxy",
            "roll-trigger: shoot.spec.systemComponents",
            "roll-trigger: shoot.spec.provider.workers[].name",
            "roll-trigger: shoot.spec.provider.workers[].machine.type",
            "roll-trigger: shoot.spec.provider.workers[].machine.image.name",
            "roll-trigger: shoot.spec.provider.workers[].machine.image.version",
            "roll-trigger: shoot.spec.provider.workers[].volume",
            "roll-trigger: shoot.spec.provider.workers[].cri",
            "roll-trigger: shoot.spec.provider.workers[].kubernetes.version",
            "roll-trigger: shoot.spec.provider.workers[].kubernetes.kubelet",
            "roll-trigger: shoot.spec.provider.workers[].updateStrategy",
            "roll-trigger: shoot.spec.provider.workers[].providerConfig",
            "roll-trigger: shoot.status.credentials.rotation",
            "roll-trigger: oldShoot.spec.kubernetes.version",
            "roll-trigger: oldShoot.spec.provider.workers[].name",
            "roll-trigger: featureGates",
            "roll-trigger: workerResource.spec.pools",
            "roll-trigger: workerResource.status.inPlaceUpdates",
        ],
    ),
    (
        // The in-place update rules of ValidateShoot / ValidateShootUpdate.
        "update-strategy",
        &[
            "update-strategy-validation: operation",
            "update-strategy-validation: featureGates",
            "update-strategy-validation: shoot.metadata.annotations",
            "update-strategy-validation: shoot.spec.kubernetes.version",
            "update-strategy-validation: shoot.spec.kubernetes.kubelet",
            "update-strategy-validation: shoot.spec.provider.workers[].name",
            "update-strategy-validation: shoot.spec.provider.workers[].updateStrategy",
            "update-strategy-validation: shoot.spec.provider.workers[].maxSurge",
            "update-strategy-validation: shoot.spec.provider.workers[].maxUnavailable",
            "update-strategy-validation: shoot.spec.provider.workers[].machine.type",
            "update-strategy-validation: shoot.spec.provider.workers[].machine.image",
            "update-strategy-validation: shoot.spec.provider.workers[].kubernetes",
            "update-strategy-validation: shoot.status.inPlaceUpdates",
            "update-strategy-validation: oldShoot.spec.provider.workers[].updateStrategy",
        ],
    ),
    (
        "validation",
        &[
            // ValidateCloudProfile(Update).
            "cloudprofile-validation: operation",
            "cloudprofile-validation: featureGates",
            "cloudprofile-validation: cloudProfile.metadata.name",
            "cloudprofile-validation: cloudProfile.spec.kubernetes.versions[].version",
            "cloudprofile-validation: cloudProfile.spec.kubernetes.versions[].classification",
            "cloudprofile-validation: cloudProfile.spec.kubernetes.versions[].expirationDate",
            "cloudprofile-validation: cloudProfile.spec.kubernetes.versions[].lifecycle",
            "cloudprofile-validation: cloudProfile.spec.machineImages[].name",
            "cloudprofile-validation: cloudProfile.spec.machineImages[].updateStrategy",
            "cloudprofile-validation: cloudProfile.spec.machineImages[].versions[].version",
            "cloudprofile-validation: cloudProfile.spec.machineImages[].versions[].lifecycle",
            "cloudprofile-validation: cloudProfile.spec.machineImages[].versions[].cri",
            "cloudprofile-validation: cloudProfile.spec.machineImages[].versions[].architectures",
            "cloudprofile-validation: cloudProfile.spec.machineImages[].versions[].kubeletVersionConstraint",
            "cloudprofile-validation: cloudProfile.spec.machineImages[].versions[].inPlaceUpdates",
            "cloudprofile-validation: cloudProfile.spec.machineTypes",
            "cloudprofile-validation: cloudProfile.spec.volumeTypes",
            "cloudprofile-validation: cloudProfile.spec.regions",
            "cloudprofile-validation: cloudProfile.spec.limits",
            "cloudprofile-validation: cloudProfile.spec.machineCapabilities",
            "cloudprofile-validation: cloudProfile.spec.bastion",
            // The version rules of ValidateShoot(Update).
            "shoot-version-validation: operation",
            "shoot-version-validation: shoot.spec.kubernetes.version",
            "shoot-version-validation: shoot.spec.provider.workers[].kubernetes.version",
            "shoot-version-validation: shoot.spec.provider.workers[].machine.image.version",
            "shoot-version-validation: shoot.spec.provider.workers[].updateStrategy",
            "shoot-version-validation: oldShoot.spec.kubernetes.version",
            "shoot-version-validation: oldShoot.spec.provider.workers[].kubernetes.version",
            "shoot-version-validation: oldShoot.spec.provider.workers[].machine.image.version",
        ],
    ),
    (
        // ValidateFeatureGates for each component.
        "feature-gates",
        &[
            "feature-gate-validation: shoot.spec.kubernetes.version",
            "feature-gate-validation: shoot.spec.kubernetes.kubeAPIServer.featureGates",
            "feature-gate-validation: shoot.spec.kubernetes.kubeControllerManager.featureGates",
            "feature-gate-validation: shoot.spec.kubernetes.kubeScheduler.featureGates",
            "feature-gate-validation: shoot.spec.kubernetes.kubeProxy.featureGates",
            "feature-gate-validation: shoot.spec.kubernetes.kubelet.featureGates",
            "feature-gate-validation: shoot.spec.provider.workers[].kubernetes.version",
            "feature-gate-validation: shoot.spec.provider.workers[].kubernetes.kubelet.featureGates",
        ],
    ),
    (
        // validateMaintenance.
        "maintenance-validation",
        &[
            "maintenance-validation: shoot.spec.maintenance.timeWindow.begin",
            "maintenance-validation: shoot.spec.maintenance.timeWindow.end",
            "maintenance-validation: shoot.spec.maintenance.autoUpdate.machineImageVersion",
            "maintenance-validation: shoot.spec.maintenance.autoRotation.credentials.observability",
            "maintenance-validation: shoot.spec.maintenance.autoRotation.credentials.sshKeypair",
            "maintenance-validation: shoot.spec.maintenance.autoRotation.credentials.etcdEncryptionKey",
            "maintenance-validation: shoot.spec.provider.workers",
        ],
    ),
    (
        // The ShootMutator's version and image defaulting.
        "version-defaulting",
        &[
            "version-defaulting: operation",
            "version-defaulting: shoot.metadata.namespace",
            "version-defaulting: shoot.spec.kubernetes.version",
            "version-defaulting: shoot.spec.provider.workers[].kubernetes.version",
            "version-defaulting: shoot.spec.provider.workers[].machine.type",
            "version-defaulting: shoot.spec.provider.workers[].machine.architecture",
            "version-defaulting: shoot.spec.provider.workers[].machine.image.name",
            "version-defaulting: shoot.spec.provider.workers[].machine.image.version",
            "version-defaulting: shoot.spec.provider.workers[].cri",
            "version-defaulting: oldShoot.spec.kubernetes.version",
            "version-defaulting: oldShoot.spec.provider.workers[].machine.image",
            "version-defaulting: cloudProfile.metadata.name",
            "version-defaulting: cloudProfile.spec.kubernetes.versions[].version",
            "version-defaulting: cloudProfile.spec.kubernetes.versions[].classification",
            "version-defaulting: cloudProfile.spec.machineImages[].name",
            "version-defaulting: cloudProfile.spec.machineImages[].versions[].version",
            "version-defaulting: cloudProfile.spec.machineImages[].versions[].classification",
            "version-defaulting: cloudProfile.spec.machineImages[].versions[].architectures",
            "version-defaulting: cloudProfile.spec.machineImages[].versions[].cri",
            "version-defaulting: cloudProfile.spec.machineImages[].versions[].kubeletVersionConstraint",
            "version-defaulting: cloudProfile.spec.machineTypes[].architecture",
        ],
    ),
    (
        // The scheduler's DetermineSeed.
        "scheduling",
        &[
            "seed-scheduling: shoot.metadata.namespace",
            "seed-scheduling: shoot.spec.region",
            "seed-scheduling: shoot.spec.provider.type",
            "seed-scheduling: shoot.spec.seedSelector",
            "seed-scheduling: shoot.spec.tolerations",
            "seed-scheduling: shoot.spec.networking",
            "seed-scheduling: shoot.spec.controlPlane",
            "seed-scheduling: shoot.spec.accessRestrictions",
            "seed-scheduling: shoot.spec.cloudProfile.name",
            "seed-scheduling: seeds[].metadata.labels",
            "seed-scheduling: seeds[].metadata.deletionTimestamp",
            "seed-scheduling: seeds[].spec.provider.type",
            "seed-scheduling: seeds[].spec.provider.region",
            "seed-scheduling: seeds[].spec.provider.zones",
            "seed-scheduling: seeds[].spec.taints",
            "seed-scheduling: seeds[].spec.settings.scheduling.visible",
            "seed-scheduling: seeds[].spec.networks",
            "seed-scheduling: seeds[].spec.accessRestrictions",
            "seed-scheduling: seeds[].status.conditions",
            "seed-scheduling: seeds[].status.lastOperation",
            "seed-scheduling: seeds[].status.allocatable",
            "seed-scheduling: shoots[].spec.seedName",
            "seed-scheduling: cloudProfile.metadata.name",
            "seed-scheduling: cloudProfile.spec.regions",
            "seed-scheduling: project.spec.namespace",
        ],
    ),
    (
        // The ShootValidator admission plugin.
        "shoot-admission",
        &[
            "shoot-admission: operation",
            "shoot-admission: shoot.metadata.namespace",
            "shoot-admission: shoot.metadata.annotations",
            "shoot-admission: shoot.metadata.deletionTimestamp",
            "shoot-admission: shoot.spec.cloudProfile",
            "shoot-admission: shoot.spec.cloudProfileName",
            "shoot-admission: shoot.spec.region",
            "shoot-admission: shoot.spec.seedName",
            "shoot-admission: shoot.spec.kubernetes.version",
            "shoot-admission: shoot.spec.kubernetes.kubeAPIServer",
            "shoot-admission: shoot.spec.networking",
            "shoot-admission: shoot.spec.provider.workers[].machine.type",
            "shoot-admission: shoot.spec.provider.workers[].machine.architecture",
            "shoot-admission: shoot.spec.provider.workers[].machine.image",
            "shoot-admission: shoot.spec.provider.workers[].volume",
            "shoot-admission: shoot.spec.provider.workers[].zones",
            "shoot-admission: shoot.spec.provider.workers[].kubernetes.version",
            "shoot-admission: shoot.spec.provider.workers[].cri",
            "shoot-admission: shoot.spec.provider.workers[].updateStrategy",
            "shoot-admission: shoot.spec.controlPlane",
            "shoot-admission: shoot.spec.hibernation",
            "shoot-admission: shoot.spec.accessRestrictions",
            "shoot-admission: shoot.spec.dns",
            "shoot-admission: shoot.spec.credentialsBindingName",
            "shoot-admission: shoot.spec.secretBindingName",
            "shoot-admission: shoot.spec.resources",
            "shoot-admission: shoot.spec.exposureClassName",
            "shoot-admission: shoot.status",
            "shoot-admission: oldShoot.spec",
            "shoot-admission: cloudProfile.metadata.name",
            "shoot-admission: cloudProfile.spec.kubernetes.versions",
            "shoot-admission: cloudProfile.spec.machineImages",
            "shoot-admission: cloudProfile.spec.machineTypes",
            "shoot-admission: cloudProfile.spec.volumeTypes",
            "shoot-admission: cloudProfile.spec.regions",
            "shoot-admission: cloudProfile.spec.limits",
            "shoot-admission: namespacedCloudProfile.status.cloudProfileSpec",
            "shoot-admission: seed.metadata.deletionTimestamp",
            "shoot-admission: seed.spec",
            "shoot-admission: seed.status",
            "shoot-admission: shoots[].spec.seedName",
        ],
    ),
    (
        // ValidateShoot(Update) with the strategy's preparation.
        "shoot-validation",
        &[
            "shoot-validation: operation",
            "shoot-validation: shoot.metadata.name",
            "shoot-validation: shoot.metadata.namespace",
            "shoot-validation: shoot.metadata.labels",
            "shoot-validation: shoot.metadata.annotations",
            "shoot-validation: shoot.metadata.finalizers",
            "shoot-validation: shoot.metadata.deletionTimestamp",
            "shoot-validation: shoot.spec.addons",
            "shoot-validation: shoot.spec.cloudProfile",
            "shoot-validation: shoot.spec.cloudProfileName",
            "shoot-validation: shoot.spec.controlPlane",
            "shoot-validation: shoot.spec.credentialsBindingName",
            "shoot-validation: shoot.spec.secretBindingName",
            "shoot-validation: shoot.spec.dns",
            "shoot-validation: shoot.spec.extensions",
            "shoot-validation: shoot.spec.hibernation",
            "shoot-validation: shoot.spec.kubernetes.version",
            "shoot-validation: shoot.spec.kubernetes.kubeAPIServer",
            "shoot-validation: shoot.spec.kubernetes.kubeControllerManager",
            "shoot-validation: shoot.spec.kubernetes.kubeScheduler",
            "shoot-validation: shoot.spec.kubernetes.kubeProxy",
            "shoot-validation: shoot.spec.kubernetes.kubelet",
            "shoot-validation: shoot.spec.kubernetes.verticalPodAutoscaler",
            "shoot-validation: shoot.spec.kubernetes.clusterAutoscaler",
            "shoot-validation: shoot.spec.kubernetes.etcd",
            "shoot-validation: shoot.spec.networking",
            "shoot-validation: shoot.spec.maintenance",
            "shoot-validation: shoot.spec.monitoring",
            "shoot-validation: shoot.spec.provider.type",
            "shoot-validation: shoot.spec.provider.infrastructureConfig",
            "shoot-validation: shoot.spec.provider.workers",
            "shoot-validation: shoot.spec.provider.workersSettings",
            "shoot-validation: shoot.spec.purpose",
            "shoot-validation: shoot.spec.region",
            "shoot-validation: shoot.spec.resources",
            "shoot-validation: shoot.spec.seedName",
            "shoot-validation: shoot.spec.seedSelector",
            "shoot-validation: shoot.spec.tolerations",
            "shoot-validation: shoot.spec.exposureClassName",
            "shoot-validation: shoot.spec.schedulerName",
            "shoot-validation: shoot.spec.systemComponents",
            "shoot-validation: shoot.spec.accessRestrictions",
            "shoot-validation: shoot.status",
            "shoot-validation: oldShoot.spec",
        ],
    ),
    (
        // The Botanist's CleanWebhooks, CleanExtendedAPIs and CleanKubernetesResources with the
        // cleaner they use (pkg/utils/kubernetes/client), and the deletion flow's skip of the
        // extended APIs.
        "cleanup",
        &[
            "cleanup-run: now",
            "cleanup-run: shoot.metadata.annotations",
            "cleanup-run: cleanupStartTime",
            "cleanup-run: existingNamespaces",
            "cleanup-run: objects[].kind",
            "cleanup-run: objects[].metadata.name",
            "cleanup-run: objects[].metadata.namespace",
            "cleanup-run: objects[].metadata.labels",
            "cleanup-run: objects[].metadata.annotations",
            "cleanup-run: objects[].metadata.creationTimestamp",
            "cleanup-run: objects[].metadata.deletionTimestamp",
            "cleanup-run: objects[].metadata.finalizers",
        ],
    ),
    (
        // MergeCloudProfiles with TransformSpecToParentFormat and syncArchitectureCapabilities.
        "namespaced-cloud-profile-merge",
        &[
            "namespaced-cloud-profile-merge: cloudProfile.spec.kubernetes.versions[].version",
            "namespaced-cloud-profile-merge: cloudProfile.spec.kubernetes.versions[].expirationDate",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineImages[].name",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineImages[].updateStrategy",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineImages[].versions[].version",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineImages[].versions[].expirationDate",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineImages[].versions[].architectures",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineImages[].versions[].capabilityFlavors",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineTypes[].name",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineTypes[].architecture",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineTypes[].capabilities",
            "namespaced-cloud-profile-merge: cloudProfile.spec.volumeTypes[].name",
            "namespaced-cloud-profile-merge: cloudProfile.spec.machineCapabilities",
            "namespaced-cloud-profile-merge: cloudProfile.spec.caBundle",
            "namespaced-cloud-profile-merge: cloudProfile.spec.limits",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.kubernetes",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.kubernetes.versions[].version",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.kubernetes.versions[].expirationDate",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].name",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].updateStrategy",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].versions[].version",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].versions[].expirationDate",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].versions[].classification",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].versions[].cri",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].versions[].architectures",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].versions[].kubeletVersionConstraint",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineImages[].versions[].capabilityFlavors",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineTypes[].name",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineTypes[].architecture",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.machineTypes[].capabilities",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.volumeTypes[].name",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.caBundle",
            "namespaced-cloud-profile-merge: namespacedCloudProfile.spec.limits.maxNodesTotal",
        ],
    ),
];

/// Every area has a list, and every field names a kind and a path.
pub fn check_lists(areas: &[&str]) -> Result<(), String> {
    for area in areas {
        let fields = fields_read(area);
        if fields.is_empty() {
            return Err(format!("area {area} has no list of the fields it reads"));
        }
        for field in fields {
            let Some((kind, path)) = field.split_once(": ") else {
                return Err(format!("{area}: {field:?} is not `kind: path`"));
            };
            if kind.is_empty() || path.is_empty() {
                return Err(format!("{area}: {field:?} has no kind or no path"));
            }
        }
    }
    Ok(())
}
