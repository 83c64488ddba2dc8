//! The update-only rules of Gardener's Shoot validation: what `ValidateShootUpdate`
//! (`pkg/api/core/validation/shoot.go`) checks by comparing the new Shoot with the stored one.
//!
//! Follows `ValidateShootUpdate`, `ValidateShootObjectMetaUpdate` (empty in Gardener) with the
//! update part of apimachinery's `ValidateObjectMetaUpdate`, `ValidateShootSpecUpdate`
//! (`validateDNSUpdate`, `validateKubeControllerManagerUpdate`, `validateWorkerUpdate`,
//! `ValidateProviderUpdate`, `validateNetworkingUpdate`, `validateIPFamiliesUpdate`,
//! `ValidateCloudProfileReference`), `ValidateEncryptionConfigUpdate`,
//! `ValidateShootHAConfigUpdate` (`validateShootHAControlPlaneSpecUpdate`),
//! `validateHibernationUpdate` and `ValidateForceDeletion`, and the `AllowInvalidAcceptedIssuers`
//! option `ValidateShootUpdate` hands to the static checks.
//!
//! Left to other modules (see `rollout::strategy` and `validation::shoot_versions`):
//! `ValidateKubernetesVersionUpdate`, the in-place parts of `ValidateProviderUpdate`, the in-place
//! image downgrade, `validateNodeLocalDNSUpdate`, `ValidateInPlaceUpdates`, and everything
//! `ValidateShoot` checks on the new Shoot alone.
//!
//! Both Shoots are read as the API server holds them when it validates: with the v1beta1 defaults
//! (`pkg/apis/core/v1beta1/defaults_shoot.go`) applied, and the new one after the strategy's
//! `PrepareForUpdate` (`pkg/apiserver/registry/core/shoot/strategy.go`: the stored status is kept,
//! the cloud profile fields and DNS credentials are synchronised) and apiserver's `BeforeUpdate`
//! (the stored uid, deletion timestamp and grace period are kept).

use crate::api::{CloudProfileReference, Shoot, ShootSpec, ShootStatus};
use crate::field::FieldError;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

const IMMUTABLE: &str = "field is immutable";
const FORCE_DELETION_ANNOTATION: &str = "confirmation.gardener.cloud/force-deletion";
/// `errorCodesAllowingForceDeletion`, sorted as `sets.List` prints it.
const FORCE_DELETION_CODES: [&str; 5] = [
    "ERR_CLEANUP_CLUSTER_RESOURCES",
    "ERR_CONFIGURATION_PROBLEM",
    "ERR_INFRA_DEPENDENCIES",
    "ERR_INFRA_UNAUTHENTICATED",
    "ERR_INFRA_UNAUTHORIZED",
];
/// go-test/deep's `MaxDiff`: the number of differences it reports at most.
const MAX_DIFF: usize = 10;

/// Every error `ValidateShootUpdate` reports for the update-only families this module owns, in
/// Gardener's order: the metadata update, `ValidateShootSpecUpdate`, the encryption
/// configuration, the HA configuration, hibernation, force deletion.
///
/// `ValidateCloudProfileReference` is part of `ValidateShootSpecUpdate` and of `ValidateShoot`,
/// so Gardener reports its errors twice on an update; this returns the update's copy. Where
/// Gardener dereferences a nil pointer (a control-plane pool with a backup whose new pool has no
/// `controlPlane`), the API server answers with an internal error: that is returned as an
/// `InternalError` at the pool's `controlPlane`, after the errors found before it.
pub fn validate_shoot_spec_update(new: &Shoot, old: &Shoot) -> Vec<FieldError> {
    let pair = StoredPair::new(new, old);
    let mut errors = validate_metadata_update(new, old);
    errors.extend(pair.spec_update());
    errors.extend(pair.encryption_config_update());
    errors.extend(pair.ha_update());
    errors.extend(pair.hibernation_update());
    errors.extend(validate_force_deletion(&pair));
    errors
}

/// [`validate_shoot_spec_update`] of a Shoot against itself (the report's "update without
/// changes"), without the comparisons that cannot report when both sides are one object.
///
/// Both sides are prepared from the same Shoot, and identically (window, defaults, DNS
/// credentials, status, deletion), except `SyncCloudProfileFields`: from Kubernetes 1.34 the new
/// side of a Shoot not being deleted drops a `cloudProfileName` equal to the stored one and to
/// `cloudProfile.name`. Only the spec comparison of a deleting Shoot would see that, and it then
/// skips the synchronisation on both sides. So every rule that compares the two sides is silent
/// here (that spec comparison, the region, DNS, node CIDR masks, workers, networking, scheduler,
/// encryption, HA, hibernation, force deletion, and the uid, deletion and finalizer rules of the
/// metadata). Left are the rules that read one side alone, run as the full path runs them and in
/// its order: the metadata's labels, annotations, owner references and managed fields,
/// `ValidateCloudProfileReference` of the prepared new side, an empty `credentialsBindingName`
/// ("cannot be unset"), and the pools' backups, which Gardener looks up by name, so that pools of
/// one name compare with the first of them.
pub fn validate_shoot_spec_update_of_itself(shoot: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    super::shoot_spec::validate_labels_annotations_owners(&shoot.metadata, &mut errors);
    super::shoot_spec::validate_managed_fields_of(&shoot.metadata, &mut errors);
    let (spec, deleting) = (&shoot.spec, shoot.metadata.deletion_timestamp.is_some());
    let (stored_name, _) = synced_cloud_profile_fields(None, spec, deleting);
    let (name, reference) = synced_cloud_profile_fields(
        Some(stored_name.as_deref().unwrap_or_default()),
        spec,
        deleting,
    );
    errors.extend(cloud_profile_reference(
        reference.as_ref(),
        name.as_deref(),
        &spec.kubernetes.version,
    ));
    // `default_typed` leaves the binding names, the pools' names and control planes as written.
    errors.extend(binding_names_update(spec, spec));
    match provider_update(spec, spec) {
        Ok(provider_errors) => errors.extend(provider_errors),
        Err(panic) => errors.push(panic),
    }
    errors
}

/// `AllowInvalidAcceptedIssuers` of `ValidateShootUpdate`: true when both Shoots configure the
/// API server's service accounts and `acceptedIssuers` did not change. Then the static checks
/// skip the URL, duplicate and issuer checks of `spec.kubernetes.kubeAPIServer.serviceAccountConfig
/// .acceptedIssuers[*]` (`ValidateKubeAPIServer`), which they run on a create.
pub fn allow_invalid_accepted_issuers(new: &Shoot, old: &Shoot) -> bool {
    // The API server configuration itself is always there (defaulted); the service account
    // configuration is not.
    let issuers = |shoot: &Shoot| {
        (shoot.spec.kubernetes.kube_api_server.as_ref()).and_then(|c| c.accepted_issuers())
    };
    matches!((issuers(old), issuers(new)), (Some(old), Some(new)) if old == new)
}

// ----- the two Shoots as the API server validates them -----

/// The new and the old Shoot's spec, the new one after `PrepareForUpdate`.
struct StoredPair<'a> {
    /// The specs typed, with only the typed model's defaults ([`default_typed`]): the rules read
    /// here the fields no JSON default writes, and apply the defaults of the ones they read (the
    /// node CIDR masks, the IP families, the encryption provider type, the scheduler name) as they
    /// read them. The comparison of whole specs applies them all
    /// ([`crate::defaults::stored_shoot_spec`]).
    new: ShootSpec,
    old: ShootSpec,
    /// The stored status, which the new Shoot keeps on a spec update.
    status: &'a ShootStatus,
    /// Whether the new Shoot has a deletion timestamp (its own, or the stored one `BeforeUpdate`
    /// keeps).
    deleting: bool,
    /// `status.hibernated` of the new Shoot, which is the stored one.
    new_hibernated: bool,
    /// `ShootNeedsForceDeletion` of either Shoot.
    new_force_deletion: bool,
    old_force_deletion: bool,
}

impl<'a> StoredPair<'a> {
    fn new(new: &Shoot, old: &'a Shoot) -> StoredPair<'a> {
        let (mut new_written, mut old_written) = (new.spec.clone(), old.spec.clone());
        // A missing maintenance window would be drawn at random; a pasted Shoot without one is
        // taken to keep the stored window.
        let window = |spec: &ShootSpec| spec.maintenance.as_ref()?.time_window.clone();
        match (window(&new.spec), window(&old.spec)) {
            (None, Some(stored)) => {
                (new_written.maintenance.get_or_insert_default()).time_window = Some(stored)
            }
            (Some(written), None) => {
                (old_written.maintenance.get_or_insert_default()).time_window = Some(written)
            }
            _ => {}
        }
        // The stored Shoot was synchronised when it was written, the new one is now.
        (old_written.cloud_profile_name, old_written.cloud_profile) = synced_cloud_profile_fields(
            None,
            &old_written,
            old.metadata.deletion_timestamp.is_some(),
        );
        let old_name = old_written.cloud_profile_name.clone();
        (new_written.cloud_profile_name, new_written.cloud_profile) = synced_cloud_profile_fields(
            Some(old_name.as_deref().unwrap_or_default()),
            &new_written,
            new.metadata.deletion_timestamp.is_some(),
        );
        sync_dns_provider_credentials(&mut old_written);
        sync_dns_provider_credentials(&mut new_written);
        // The defaults of the typed model, as the other areas apply them.
        default_typed(&mut old_written, &old.metadata.namespace);
        default_typed(&mut new_written, &new.metadata.namespace);
        StoredPair {
            new: new_written,
            old: old_written,
            status: &old.status,
            deleting: new.metadata.deletion_timestamp.is_some()
                || old.metadata.deletion_timestamp.is_some(),
            new_hibernated: old.status.hibernated,
            new_force_deletion: needs_force_deletion(new),
            old_force_deletion: needs_force_deletion(old),
        }
    }

    /// `status.credentials.encryptionAtRest.resources` and `.provider.type` (stored).
    fn encryption_at_rest(&self) -> crate::api::WrittenEncryptionAtRest {
        (self.status.credentials.as_ref())
            .map(|credentials| credentials.encryption_at_rest())
            .unwrap_or_default()
    }

    // ----- ValidateShootSpecUpdate -----

    fn spec_update(&self) -> Vec<FieldError> {
        if self.deleting {
            let new_spec = crate::defaults::stored_shoot_spec(&self.new);
            let old_spec = crate::defaults::stored_shoot_spec(&self.old);
            if !semantic_equal(Some(&new_spec), Some(&old_spec), SHOOT_SPEC_KIND) {
                let mut differ = Differ::default();
                differ.diff(Some(&new_spec), Some(&old_spec), SHOOT_SPEC_KIND);
                return vec![FieldError::forbidden(
                    "spec",
                    format!(
                        "cannot update shoot spec if deletion timestamp is set. Requested changes: {}",
                        differ.diffs.join(",")
                    ),
                )];
            }
        }

        let mut errors = Vec::new();
        if self.new.region != self.old.region {
            errors.push(FieldError::invalid("spec.region", IMMUTABLE));
        }
        errors.extend(cloud_profile_reference(
            self.new.cloud_profile.as_ref(),
            self.new.cloud_profile_name.as_deref(),
            &self.new.kubernetes.version,
        ));
        errors.extend(binding_names_update(&self.new, &self.old));
        errors.extend(self.dns_update());
        // (ValidateKubernetesVersionUpdate of the control plane: validation::shoot_versions.)
        errors.extend(self.kube_controller_manager_update());

        let new_has_workers = !self.new.provider.workers.is_empty();
        let old_has_workers = !self.old.provider.workers.is_empty();
        if old_has_workers && !new_has_workers {
            errors.push(FieldError::forbidden(
                "spec.provider.workers",
                "cannot switch from a Shoot with workers to a workerless Shoot",
            ));
            return errors;
        }
        if !old_has_workers && new_has_workers {
            errors.push(FieldError::forbidden(
                "spec.provider.workers",
                "cannot switch from a workerless Shoot to a Shoot with workers",
            ));
            return errors;
        }

        match provider_update(&self.new, &self.old) {
            Ok(provider_errors) => errors.extend(provider_errors),
            Err(panic) => {
                errors.push(panic);
                return errors;
            }
        }
        // (The worker loop's version rules: validation::shoot_versions and rollout::strategy.)
        errors.extend(self.networking_update());
        errors.extend(self.scheduler_name_update());
        errors
    }

    /// `validateDNSUpdate`.
    fn dns_update(&self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        let (new_dns, old_dns) = (self.new.dns.as_ref(), self.old.dns.as_ref());
        let (Some(new_dns), Some(old_dns)) = (new_dns, old_dns) else {
            if old_dns.is_some() {
                errors.push(FieldError::invalid("spec.dns", IMMUTABLE));
            }
            return errors;
        };
        if old_dns.domain.is_some() && new_dns.domain != old_dns.domain {
            errors.push(FieldError::invalid("spec.dns.domain", IMMUTABLE));
        }
        if self.new.seed_name.is_some() {
            match (old_dns.primary_provider(), new_dns.primary_provider()) {
                (Some(_), None) => errors.push(FieldError::forbidden(
                    "spec.dns.providers",
                    "removing a primary provider is not allowed",
                )),
                (Some(old), Some(new)) => match (old.provider_type, new.provider_type) {
                    (Some(_), None) => errors.push(FieldError::forbidden(
                        "spec.dns.providers",
                        "removing the primary provider type is not allowed",
                    )),
                    (Some(old), Some(new)) if old != new => errors.push(FieldError::forbidden(
                        "spec.dns.providers",
                        "changing primary provider type is not allowed",
                    )),
                    _ => {}
                },
                _ => {}
            }
        }
        errors
    }

    /// `validateKubeControllerManagerUpdate`: the node CIDR mask sizes (defaulted for Shoots with
    /// workers) are immutable; the IPv6 one may be added, for the migration to dual-stack.
    fn kube_controller_manager_update(&self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        let path = |key: &str| format!("spec.kubernetes.kubeControllerManager.{key}");
        let (new_mask, new_mask_v6) = self.new.node_cidr_mask_sizes();
        let (old_mask, old_mask_v6) = self.old.node_cidr_mask_sizes();
        if new_mask != old_mask {
            errors.push(FieldError::invalid(path("nodeCIDRMaskSize"), IMMUTABLE));
        }
        if old_mask_v6.is_some() && new_mask_v6 != old_mask_v6 {
            errors.push(FieldError::invalid(path("nodeCIDRMaskSizeIPv6"), IMMUTABLE));
        }
        errors
    }

    /// `validateNetworkingUpdate` and `validateIPFamiliesUpdate`.
    fn networking_update(&self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        // The defaults write a networking section into every Shoot: Gardener's "networking cannot
        // be set to nil if it's already set" cannot be met by a stored Shoot.
        let (old, new) = (self.old.stored_networking(), self.new.stored_networking());
        if new.networking_type != old.networking_type {
            errors.push(FieldError::invalid("spec.networking.type", IMMUTABLE));
        }
        for (key, old_value, new_value) in [
            ("pods", &old.pods, &new.pods),
            ("services", &old.services, &new.services),
        ] {
            if old_value.is_some() && new_value != old_value {
                errors.push(FieldError::invalid(
                    format!("spec.networking.{key}"),
                    IMMUTABLE,
                ));
            }
        }
        let (old_families, new_families) = (old.ip_families, new.ip_families);
        let (old_strs, new_strs): (Vec<&str>, Vec<&str>) = (
            old_families.iter().map(String::as_str).collect(),
            new_families.iter().map(String::as_str).collect(),
        );
        let migration = matches!(
            (old_strs.as_slice(), new_strs.as_slice()),
            (["IPv4"], ["IPv4", "IPv6"]) | (["IPv4", "IPv6"], ["IPv4"])
        );
        if !migration && old_families != new_families {
            errors.push(FieldError::forbidden(
                "spec.networking.ipFamilies",
                format!(
                    "unsupported IP family update: oldIPFamilies={}, newIPFamilies={}",
                    super::go_list(&old_families),
                    super::go_list(&new_families)
                ),
            ));
        }
        errors
    }

    /// `schedulerName` is immutable, except from unset to `default-scheduler` (which the
    /// defaulting makes moot: a stored Shoot always has a scheduler name).
    fn scheduler_name_update(&self) -> Vec<FieldError> {
        let default = crate::defaults::DEFAULT_SCHEDULER_NAME;
        let (old, new) = (self.old.scheduler_name(), self.new.scheduler_name());
        if old.unwrap_or(default) != new.unwrap_or(default) {
            return vec![FieldError::invalid("spec.schedulerName", IMMUTABLE)];
        }
        Vec::new()
    }

    // ----- ValidateEncryptionConfigUpdate -----

    fn encryption_config_update(&self) -> Vec<FieldError> {
        let read = |spec: &ShootSpec| {
            let config = spec.encryption_config();
            // `SetDefaults_KubeAPIServerConfig` writes the provider type.
            let provider_type = (config.provider_type)
                .unwrap_or_else(|| crate::defaults::DEFAULT_ENCRYPTION_PROVIDER_TYPE.to_string());
            (group_resources(&config.resources), provider_type)
        };
        let (old_resources, old_type) = read(&self.old);
        let (new_resources, new_type) = read(&self.new);
        let current = self.encryption_at_rest();
        let current_resources = group_resources(&current.resources);
        let rotation_phase = (self.status.credentials.as_ref())
            .and_then(|credentials| credentials.rotation.as_ref()?.etcd_encryption_key.as_ref())
            .map(|rotation| rotation.phase());
        let rotation_running =
            rotation_phase.is_some_and(|phase| phase != "Completed" && !phase.is_empty());
        let rolling_out = old_resources != current_resources || old_type != current.provider_type;
        let hibernated = (self.new.hibernation.as_ref()).is_some_and(|h| h.enabled == Some(true));

        let mut errors = Vec::new();
        let resources_path = "spec.kubernetes.kubeAPIServer.encryptionConfig.resources";
        if new_resources != old_resources {
            if rotation_running {
                errors.push(FieldError::forbidden(
                    resources_path,
                    "resources cannot be changed when .status.credentials.rotation.etcdEncryptionKey.phase is not \"Completed\"",
                ));
            }
            if rolling_out {
                errors.push(FieldError::forbidden(
                    resources_path,
                    "resources cannot be changed because a previous encryption configuration change is currently being rolled out",
                ));
            }
            if hibernated {
                errors.push(FieldError::forbidden(
                    resources_path,
                    "resources cannot be changed when shoot is in hibernation",
                ));
            }
        }
        if new_type != old_type {
            let type_path = "spec.kubernetes.kubeAPIServer.encryptionConfig.provider.type";
            if !self.ready_for_rotation_start() {
                errors.push(FieldError::forbidden(
                    type_path,
                    "provider type cannot be changed if resource was not yet created successfully or is not ready for reconciliation",
                ));
            }
            if rotation_running {
                errors.push(FieldError::forbidden(
                    type_path,
                    "provider type cannot be changed when .status.credentials.rotation.etcdEncryptionKey.phase is not \"Completed\"",
                ));
            }
            if rolling_out {
                errors.push(FieldError::forbidden(
                    type_path,
                    "provider type cannot be changed because a previous encryption configuration change is currently being rolled out",
                ));
            }
            if hibernated {
                errors.push(FieldError::forbidden(
                    type_path,
                    "provider type cannot be changed when shoot is in hibernation",
                ));
            }
            if new_resources != old_resources {
                errors.push(FieldError::forbidden(
                    type_path,
                    "provider type and resources cannot be changed simultaneously",
                ));
            }
        }
        errors
    }

    /// `isShootReadyForRotationStart`.
    fn ready_for_rotation_start(&self) -> bool {
        let Some(last_operation) = &self.status.last_operation else {
            return false;
        };
        let (kind, state) = (&last_operation.operation_type, &last_operation.state);
        ((kind == "Create" || kind == "Restore") && state == "Succeeded") || kind == "Reconcile"
    }

    // ----- ValidateShootHAConfigUpdate -----

    fn ha_update(&self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        let path = "spec.controlPlane.highAvailability.failureTolerance.type";
        let tolerance = |spec: &ShootSpec| {
            (spec.has_high_availability()).then(|| {
                spec.failure_tolerance_type()
                    .unwrap_or_default()
                    .to_string()
            })
        };
        let (old, new) = (tolerance(&self.old), tolerance(&self.new));
        if new.is_some() && old.is_none() && self.new_in_hibernation() {
            errors.push(FieldError::forbidden(
                path,
                "Shoot is currently hibernated and cannot be scaled up to HA. Please make sure your cluster has woken up before scaling it up to HA",
            ));
        }
        if let Some(old) = old {
            if self.new.seed_name.is_some() && new.unwrap_or_default() != old {
                errors.push(FieldError::invalid(path, IMMUTABLE));
            }
        }
        errors
    }

    /// `IsShootInHibernation` of the new Shoot (with the stored status).
    fn new_in_hibernation(&self) -> bool {
        let enabled = self.new.hibernation.as_ref().and_then(|h| h.enabled);
        enabled == Some(true) || self.new_hibernated
    }

    // ----- validateHibernationUpdate -----

    fn hibernation_update(&self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        let enabled =
            |spec: &ShootSpec| (spec.hibernation.as_ref()).is_some_and(|h| h.enabled == Some(true));
        if enabled(&self.old) || !enabled(&self.new) {
            return errors;
        }
        let path = "spec.hibernation.enabled";
        let rotation = self
            .status
            .credentials
            .as_ref()
            .and_then(|c| c.rotation.as_ref());
        let etcd_phase =
            (rotation.and_then(|r| r.etcd_encryption_key.as_ref())).map(|r| r.phase().to_string());
        let service_account_phase = (rotation.and_then(|r| r.service_account_key.as_ref()))
            .map(|r| r.phase.clone().unwrap_or_default());
        if let Some(phase) = etcd_phase {
            if phase == "Preparing" || phase == "Completing" {
                errors.push(FieldError::forbidden(
                    path,
                    format!(
                        "shoot cannot be hibernated when .status.credentials.rotation.etcdEncryptionKey.phase is {}",
                        crate::golang::quote(&phase)
                    ),
                ));
            }
        }
        if let Some(phase) = service_account_phase {
            if ["Preparing", "PreparingWithoutWorkersRollout", "Completing"]
                .contains(&phase.as_str())
            {
                errors.push(FieldError::forbidden(
                    path,
                    format!(
                        "shoot cannot be hibernated when .status.credentials.rotation.serviceAccountKey.phase is {}",
                        crate::golang::quote(&phase)
                    ),
                ));
            }
        }
        let in_old_spec = group_resources(&self.old.encryption_config().resources);
        let in_status = group_resources(&self.encryption_at_rest().resources);
        if in_old_spec != in_status {
            errors.push(FieldError::forbidden(
                path,
                "shoot cannot be hibernated when spec.kubernetes.kubeAPIServer.encryptionConfig.resources and status.credentials.encryptionAtRest.resources are not equal",
            ));
        }
        errors
    }
}

// ----- ValidateShootSpecUpdate: the rules the update of itself runs too -----

/// `ValidateCloudProfileReference` of the new spec (prepared: [`synced_cloud_profile_fields`]).
/// `ValidateShootSpecUpdate` calls it, and `ValidateShootSpec` calls it again: Gardener reports
/// its errors twice on an update.
fn cloud_profile_reference(
    reference: Option<&CloudProfileReference>,
    name: Option<&str>,
    version: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let reference = reference.map(|reference| (reference.kind.clone(), reference.name.clone()));
    super::shoot_spec::validate_cloud_profile_reference(
        reference.as_ref(),
        name,
        version,
        &mut errors,
    );
    errors
}

/// `credentialsBindingName` cannot be unset; `secretBindingName` is immutable except when it
/// is dropped in favour of a `credentialsBindingName`.
fn binding_names_update(new: &ShootSpec, old: &ShootSpec) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let new_credentials = new.credentials_binding_name.as_deref();
    let new_secret = new.secret_binding_name.as_deref();
    let old_secret = old.secret_binding_name.as_deref();
    let new_credentials_set = new_credentials.is_some_and(|name| !name.is_empty());
    if old.credentials_binding_name.is_some() && !new_credentials_set {
        errors.push(FieldError::forbidden(
            "spec.credentialsBindingName",
            "the field cannot be unset",
        ));
    }
    let migration = old_secret.is_some() && new_secret.is_none() && new_credentials_set;
    if !migration && new_secret != old_secret {
        errors.push(FieldError::invalid("spec.secretBindingName", IMMUTABLE));
    }
    errors
}

/// The parts of `ValidateProviderUpdate` not in `rollout::strategy`: the provider type, the
/// control-plane pool's backup, and the self-hosted mode. `Err` is Gardener's nil pointer
/// dereference (a panic: the API server answers with an internal error).
fn provider_update(new: &ShootSpec, old: &ShootSpec) -> Result<Vec<FieldError>, FieldError> {
    let mut errors = Vec::new();
    if new.provider.provider_type != old.provider.provider_type {
        errors.push(FieldError::invalid("spec.provider.type", IMMUTABLE));
    }
    let (old_workers, new_workers) = (&old.provider.workers, &new.provider.workers);
    for (index, worker) in new_workers.iter().enumerate() {
        // (The update strategy and in-place rules of this pool: rollout::strategy.)
        let Some(old_worker) = old_workers.iter().find(|w| w.name == worker.name) else {
            continue;
        };
        let old_backup = (old_worker.written_control_plane()).and_then(|plane| plane.backup);
        let Some(old_backup) = old_backup else {
            continue;
        };
        let path = format!("spec.provider.workers[{index}].controlPlane");
        // Go's `*string`: absent differs from empty.
        let region =
            |backup: &crate::api::WrittenBackup| backup.region_set.then(|| backup.region.clone());
        match worker.written_control_plane() {
            Some(control_plane) => match control_plane.backup {
                Some(new_backup) => {
                    if new_backup.provider != old_backup.provider {
                        errors.push(FieldError::invalid(
                            format!("{path}.backup.provider"),
                            IMMUTABLE,
                        ));
                    }
                    if region(&new_backup) != region(&old_backup) {
                        errors.push(FieldError::invalid(
                            format!("{path}.backup.region"),
                            IMMUTABLE,
                        ));
                    }
                }
                None => errors.push(FieldError::invalid(format!("{path}.backup"), IMMUTABLE)),
            },
            // Gardener reads the new pool's `controlPlane.backup` through a nil pointer here.
            None => {
                return Err(FieldError::internal(
                    path,
                    "runtime error: invalid memory address or nil pointer dereference",
                ))
            }
        }
    }
    let control_plane_pool = |pools: &[std::sync::Arc<crate::api::Worker>]| {
        (pools.iter())
            .find(|w| w.control_plane.is_some())
            .map(|w| w.name.clone())
    };
    match (
        control_plane_pool(old_workers),
        control_plane_pool(new_workers),
    ) {
        (Some(_), None) | (None, Some(_)) => errors.push(FieldError::forbidden(
            "spec.provider.workers",
            "cannot switch a Shoot between self-hosted and hosted mode",
        )),
        (Some(old), Some(new)) if old != new => errors.push(FieldError::forbidden(
            "spec.provider.workers",
            "cannot change control plane worker pool",
        )),
        _ => {}
    }
    Ok(errors)
}

// ----- metadata -----

/// The update rules of apimachinery's `ValidateObjectMetaUpdate` that can tell two Shoots of the
/// same name apart once `BeforeUpdate` has kept the stored uid, deletion timestamp and grace
/// period: no new finalizers while deleting; uid, deletion timestamp and grace period immutable;
/// and the labels, annotations, owner references and managed fields. The resource version, which
/// `kubectl apply` always sends, is not asked for.
/// (`ValidateShootObjectMetaUpdate` itself checks nothing.)
fn validate_metadata_update(new: &Shoot, old: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let (new_meta, old_meta) = (&new.metadata, &old.metadata);
    if old_meta.deletion_timestamp.is_some() {
        let old_finalizers: BTreeSet<&str> = old_meta.finalizers().into_iter().collect();
        let new_finalizers: BTreeSet<&str> = new_meta.finalizers().into_iter().collect();
        let added: Vec<&str> = new_finalizers
            .into_iter()
            .filter(|f| !old_finalizers.contains(f))
            .collect();
        if !added.is_empty() {
            let quoted: Vec<String> = added.iter().map(|f| crate::golang::quote(f)).collect();
            errors.push(FieldError::forbidden(
                "metadata.finalizers",
                format!(
                    "no new finalizers can be added if the object is being deleted, found new finalizers []string{{{}}}",
                    quoted.join(", ")
                ),
            ));
        }
    }
    let (new_uid, old_uid) = (new_meta.uid(), old_meta.uid());
    if !new_uid.is_empty() && new_uid != old_uid {
        errors.push(FieldError::invalid("metadata.uid", IMMUTABLE));
    }
    if old_meta.deletion_timestamp.is_none() && new_meta.deletion_timestamp.is_some() {
        errors.push(FieldError::invalid("metadata.deletionTimestamp", IMMUTABLE));
    }
    match (
        new_meta.deletion_grace_period_seconds(),
        old_meta.deletion_grace_period_seconds(),
    ) {
        (Some(_), None) => errors.push(FieldError::invalid(
            "metadata.deletionGracePeriodSeconds",
            IMMUTABLE,
        )),
        (Some(new), Some(old)) if new != old => errors.push(FieldError::invalid(
            "metadata.deletionGracePeriodSeconds",
            IMMUTABLE,
        )),
        _ => {}
    }
    // The labels, annotations, owner references and managed fields, checked again here as in
    // `ValidateObjectMeta`: an update reports each of their errors twice.
    super::shoot_spec::validate_labels_annotations_owners(new_meta, &mut errors);
    super::shoot_spec::validate_managed_fields_of(new_meta, &mut errors);
    errors
}

/// `ValidateForceDeletion` on an update: the annotation cannot be removed; it can be added only to
/// a Shoot being deleted whose (stored) `lastErrors` carry one of the allowed codes.
fn validate_force_deletion(pair: &StoredPair) -> Vec<FieldError> {
    let code_present = (pair.status.last_errors.iter()).any(|error| {
        (error.codes.iter()).any(|code| FORCE_DELETION_CODES.contains(&code.as_str()))
    });
    force_deletion_errors(
        pair.old_force_deletion,
        pair.new_force_deletion,
        pair.deleting,
        code_present,
    )
}

/// `ValidateForceDeletion`'s answer from whether the old and the new Shoot ask for force deletion
/// (on create there is no old one), whether the new one is being deleted, and whether its status
/// holds an error code that allows it.
pub(super) fn force_deletion_errors(
    old: bool,
    new: bool,
    deleting: bool,
    code_present: bool,
) -> Vec<FieldError> {
    let path = format!("metadata.annotations[{FORCE_DELETION_ANNOTATION}]");
    if old && !new {
        return vec![FieldError::forbidden(
            path,
            "force-deletion annotation cannot be removed once set",
        )];
    }
    let mut errors = Vec::new();
    if new && !old {
        if !deleting {
            errors.push(FieldError::forbidden(
                path.clone(),
                "force-deletion annotation cannot be set when Shoot deletionTimestamp is nil",
            ));
        }
        if !code_present {
            errors.push(FieldError::forbidden(
                path,
                format!(
                    "force-deletion annotation cannot be set when Shoot status does not contain one of these error codes: [{}]",
                    FORCE_DELETION_CODES.join(" ")
                ),
            ));
        }
    }
    errors
}

/// `ShootNeedsForceDeletion`: the annotation holds a true value for `strconv.ParseBool`.
pub(super) fn needs_force_deletion(shoot: &Shoot) -> bool {
    (shoot.metadata.annotations.get(FORCE_DELETION_ANNOTATION))
        .is_some_and(|value| matches!(value.as_str(), "1" | "t" | "T" | "TRUE" | "true" | "True"))
}

// ----- the API server's preparation of the objects -----

/// A set of `schema.ParseGroupResource` of the names: `resource.group`, split at the first dot.
fn group_resources(names: &[String]) -> BTreeSet<(String, String)> {
    (names.iter())
        .map(|name| {
            let (group, resource) = super::names::parse_group_resource(name);
            (group.to_string(), resource.to_string())
        })
        .collect()
}

/// The v1beta1 defaults the typed model applies, as the other areas apply them:
/// `SetDefaults_Shoot`'s toleration of the garden namespace and `SetDefaults_Worker`. The rest
/// is applied to the JSON of the spec when whole specs are compared
/// ([`crate::defaults::stored_shoot_spec`]); none of them reads what the other writes.
fn default_typed(spec: &mut ShootSpec, namespace: &str) {
    spec.tolerations =
        crate::defaults::shoot_tolerations(namespace, &spec.tolerations).unwrap_or_default();
    for index in 0..spec.provider.workers.len() {
        if let Some(worker) = spec.provider.worker_mut(index) {
            crate::defaults::default_worker(worker);
        }
    }
}

/// `SyncCloudProfileFields` ([`super::shoot_spec::sync_cloud_profile_fields`]), which the strategy
/// runs in `PrepareForCreate` (no old Shoot) and `PrepareForUpdate`: the spec's `cloudProfileName`
/// and `cloudProfile` after it. `old_name` is the stored Shoot's `cloudProfileName` (empty when
/// unset).
fn synced_cloud_profile_fields(
    old_name: Option<&str>,
    spec: &ShootSpec,
    deleting: bool,
) -> (Option<String>, Option<CloudProfileReference>) {
    let mut name = spec.cloud_profile_name.clone();
    if deleting {
        return (name, spec.cloud_profile.clone());
    }
    let mut reference = (spec.cloud_profile.as_ref())
        .map(|reference| (reference.kind.clone(), reference.name.clone()));
    super::shoot_spec::sync_cloud_profile_fields(
        &spec.kubernetes.version,
        old_name,
        &mut name,
        &mut reference,
    );
    let reference = reference.map(|(kind, name)| CloudProfileReference { kind, name });
    (name, reference)
}

/// `SyncDNSProviderCredentials` ([`super::shoot_spec::sync_dns_provider_credentials`]): below
/// Kubernetes 1.35 a provider's `secretName` and a `credentialsRef` to a Secret mirror each other.
fn sync_dns_provider_credentials(spec: &mut ShootSpec) {
    if crate::version::k8s_at_least(&spec.kubernetes.version, 35) {
        return;
    }
    let providers = (spec.dns.as_mut()).and_then(|dns| dns.providers.as_mut());
    for provider in providers.into_iter().flatten() {
        super::shoot_spec::sync_dns_provider_credentials(provider);
    }
}

// ----- the internal Go types, for apiequality.Semantic and go-test/deep -----

/// The shape of a field of Gardener's internal API (`pkg/apis/core/types_*.go`), as far as the
/// comparisons of whole specs need it. What is not modelled is compared as JSON ([`Kind::Opaque`]).
#[derive(Clone, Copy)]
enum Kind {
    /// A string, integer, boolean or float kind, with its Go type's name.
    Scalar(Scalar, &'static str),
    /// `intstr.IntOrString`.
    IntOrString,
    /// `runtime.RawExtension`.
    Raw,
    Struct(&'static GoStruct),
    Ptr(&'static Kind),
    Slice(&'static Kind),
    /// `map[string]T`.
    Map(&'static Kind),
    /// A struct not modelled here, by its Go type's name.
    Opaque(&'static str),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Scalar {
    Str,
    Int,
    Bool,
}

/// A Go struct: its type's name and its fields in declaration order (Go name, JSON name, kind).
struct GoStruct {
    name: &'static str,
    fields: &'static [(&'static str, &'static str, Kind)],
}

const STRING: Kind = Kind::Scalar(Scalar::Str, "string");
const INT32: Kind = Kind::Scalar(Scalar::Int, "int32");
const BOOL: Kind = Kind::Scalar(Scalar::Bool, "bool");
const P_STRING: Kind = Kind::Ptr(&STRING);
const P_BOOL: Kind = Kind::Ptr(&BOOL);
const P_RAW: Kind = Kind::Ptr(&Kind::Raw);

const SHOOT_SPEC_KIND: Kind = Kind::Struct(&SHOOT_SPEC);

const SHOOT_SPEC: GoStruct = GoStruct {
    name: "core.ShootSpec",
    fields: &[
        ("Addons", "addons", Kind::Ptr(&Kind::Opaque("core.Addons"))),
        ("CloudProfileName", "cloudProfileName", P_STRING),
        ("DNS", "dns", Kind::Ptr(&Kind::Struct(&DNS))),
        (
            "Extensions",
            "extensions",
            Kind::Slice(&Kind::Opaque("core.Extension")),
        ),
        (
            "Hibernation",
            "hibernation",
            Kind::Ptr(&Kind::Struct(&HIBERNATION)),
        ),
        ("Kubernetes", "kubernetes", Kind::Struct(&KUBERNETES)),
        (
            "Networking",
            "networking",
            Kind::Ptr(&Kind::Struct(&NETWORKING)),
        ),
        (
            "Maintenance",
            "maintenance",
            Kind::Ptr(&Kind::Struct(&MAINTENANCE)),
        ),
        (
            "Monitoring",
            "monitoring",
            Kind::Ptr(&Kind::Opaque("core.Monitoring")),
        ),
        ("Provider", "provider", Kind::Struct(&PROVIDER)),
        (
            "Purpose",
            "purpose",
            Kind::Ptr(&Kind::Scalar(Scalar::Str, "core.ShootPurpose")),
        ),
        ("Region", "region", STRING),
        ("SecretBindingName", "secretBindingName", P_STRING),
        ("SeedName", "seedName", P_STRING),
        (
            "SeedSelector",
            "seedSelector",
            Kind::Ptr(&Kind::Opaque("core.SeedSelector")),
        ),
        (
            "Resources",
            "resources",
            Kind::Slice(&Kind::Opaque("core.NamedResourceReference")),
        ),
        (
            "Tolerations",
            "tolerations",
            Kind::Slice(&Kind::Struct(&TOLERATION)),
        ),
        ("ExposureClassName", "exposureClassName", P_STRING),
        (
            "SystemComponents",
            "systemComponents",
            Kind::Ptr(&Kind::Opaque("core.SystemComponents")),
        ),
        (
            "ControlPlane",
            "controlPlane",
            Kind::Ptr(&Kind::Struct(&CONTROL_PLANE)),
        ),
        ("SchedulerName", "schedulerName", P_STRING),
        (
            "CloudProfile",
            "cloudProfile",
            Kind::Ptr(&Kind::Struct(&CLOUD_PROFILE_REFERENCE)),
        ),
        ("CredentialsBindingName", "credentialsBindingName", P_STRING),
        (
            "AccessRestrictions",
            "accessRestrictions",
            Kind::Slice(&Kind::Opaque("core.AccessRestrictionWithOptions")),
        ),
    ],
};

const DNS: GoStruct = GoStruct {
    name: "core.DNS",
    fields: &[
        ("Domain", "domain", P_STRING),
        (
            "Providers",
            "providers",
            Kind::Slice(&Kind::Struct(&DNS_PROVIDER)),
        ),
    ],
};

const DNS_PROVIDER: GoStruct = GoStruct {
    name: "core.DNSProvider",
    fields: &[
        (
            "Domains",
            "domains",
            Kind::Ptr(&Kind::Opaque("core.DNSIncludeExclude")),
        ),
        ("Primary", "primary", P_BOOL),
        ("SecretName", "secretName", P_STRING),
        ("Type", "type", P_STRING),
        (
            "Zones",
            "zones",
            Kind::Ptr(&Kind::Opaque("core.DNSIncludeExclude")),
        ),
        (
            "CredentialsRef",
            "credentialsRef",
            Kind::Ptr(&Kind::Opaque("v1.CrossVersionObjectReference")),
        ),
    ],
};

const HIBERNATION: GoStruct = GoStruct {
    name: "core.Hibernation",
    fields: &[
        ("Enabled", "enabled", P_BOOL),
        (
            "Schedules",
            "schedules",
            Kind::Slice(&Kind::Struct(&HIBERNATION_SCHEDULE)),
        ),
    ],
};

const HIBERNATION_SCHEDULE: GoStruct = GoStruct {
    name: "core.HibernationSchedule",
    fields: &[
        ("Start", "start", P_STRING),
        ("End", "end", P_STRING),
        ("Location", "location", P_STRING),
    ],
};

const KUBERNETES: GoStruct = GoStruct {
    name: "core.Kubernetes",
    fields: &[
        (
            "ClusterAutoscaler",
            "clusterAutoscaler",
            Kind::Ptr(&Kind::Opaque("core.ClusterAutoscaler")),
        ),
        (
            "KubeAPIServer",
            "kubeAPIServer",
            Kind::Ptr(&Kind::Opaque("core.KubeAPIServerConfig")),
        ),
        (
            "KubeControllerManager",
            "kubeControllerManager",
            Kind::Ptr(&Kind::Opaque("core.KubeControllerManagerConfig")),
        ),
        (
            "KubeScheduler",
            "kubeScheduler",
            Kind::Ptr(&Kind::Opaque("core.KubeSchedulerConfig")),
        ),
        (
            "KubeProxy",
            "kubeProxy",
            Kind::Ptr(&Kind::Opaque("core.KubeProxyConfig")),
        ),
        (
            "Kubelet",
            "kubelet",
            Kind::Ptr(&Kind::Opaque("core.KubeletConfig")),
        ),
        ("Version", "version", STRING),
        (
            "VerticalPodAutoscaler",
            "verticalPodAutoscaler",
            Kind::Ptr(&Kind::Opaque("core.VerticalPodAutoscaler")),
        ),
        ("ETCD", "etcd", Kind::Ptr(&Kind::Opaque("core.ETCD"))),
    ],
};

const NETWORKING: GoStruct = GoStruct {
    name: "core.Networking",
    fields: &[
        ("Type", "type", P_STRING),
        ("ProviderConfig", "providerConfig", P_RAW),
        ("Pods", "pods", P_STRING),
        ("Nodes", "nodes", P_STRING),
        ("Services", "services", P_STRING),
        (
            "IPFamilies",
            "ipFamilies",
            Kind::Slice(&Kind::Scalar(Scalar::Str, "core.IPFamily")),
        ),
    ],
};

const MAINTENANCE: GoStruct = GoStruct {
    name: "core.Maintenance",
    fields: &[
        (
            "AutoUpdate",
            "autoUpdate",
            Kind::Ptr(&Kind::Struct(&AUTO_UPDATE)),
        ),
        (
            "TimeWindow",
            "timeWindow",
            Kind::Ptr(&Kind::Struct(&TIME_WINDOW)),
        ),
        (
            "ConfineSpecUpdateRollout",
            "confineSpecUpdateRollout",
            P_BOOL,
        ),
        (
            "AutoRotation",
            "autoRotation",
            Kind::Ptr(&Kind::Opaque("core.MaintenanceAutoRotation")),
        ),
    ],
};

const AUTO_UPDATE: GoStruct = GoStruct {
    name: "core.MaintenanceAutoUpdate",
    fields: &[
        ("KubernetesVersion", "kubernetesVersion", BOOL),
        ("MachineImageVersion", "machineImageVersion", P_BOOL),
    ],
};

const TIME_WINDOW: GoStruct = GoStruct {
    name: "core.MaintenanceTimeWindow",
    fields: &[("Begin", "begin", STRING), ("End", "end", STRING)],
};

const PROVIDER: GoStruct = GoStruct {
    name: "core.Provider",
    fields: &[
        ("Type", "type", STRING),
        ("ControlPlaneConfig", "controlPlaneConfig", P_RAW),
        ("InfrastructureConfig", "infrastructureConfig", P_RAW),
        ("Workers", "workers", Kind::Slice(&Kind::Struct(&WORKER))),
        (
            "WorkersSettings",
            "workersSettings",
            Kind::Ptr(&Kind::Opaque("core.WorkersSettings")),
        ),
    ],
};

const WORKER: GoStruct = GoStruct {
    name: "core.Worker",
    fields: &[
        ("Annotations", "annotations", Kind::Map(&STRING)),
        ("CABundle", "caBundle", P_STRING),
        ("CRI", "cri", Kind::Ptr(&Kind::Struct(&CRI))),
        (
            "Kubernetes",
            "kubernetes",
            Kind::Ptr(&Kind::Struct(&WORKER_KUBERNETES)),
        ),
        ("Labels", "labels", Kind::Map(&STRING)),
        ("Name", "name", STRING),
        ("Machine", "machine", Kind::Struct(&MACHINE)),
        ("Maximum", "maximum", INT32),
        ("Minimum", "minimum", INT32),
        ("MaxSurge", "maxSurge", Kind::Ptr(&Kind::IntOrString)),
        (
            "MaxUnavailable",
            "maxUnavailable",
            Kind::Ptr(&Kind::IntOrString),
        ),
        ("ProviderConfig", "providerConfig", P_RAW),
        (
            "SystemComponents",
            "systemComponents",
            Kind::Ptr(&Kind::Struct(&WORKER_SYSTEM_COMPONENTS)),
        ),
        ("Taints", "taints", Kind::Slice(&Kind::Struct(&TAINT))),
        ("Volume", "volume", Kind::Ptr(&Kind::Struct(&VOLUME))),
        (
            "DataVolumes",
            "dataVolumes",
            Kind::Slice(&Kind::Opaque("core.DataVolume")),
        ),
        ("KubeletDataVolumeName", "kubeletDataVolumeName", P_STRING),
        ("Zones", "zones", Kind::Slice(&STRING)),
        (
            "MachineControllerManagerSettings",
            "machineControllerManager",
            Kind::Ptr(&Kind::Opaque("core.MachineControllerManagerSettings")),
        ),
        ("Sysctls", "sysctls", Kind::Map(&STRING)),
        (
            "ClusterAutoscaler",
            "clusterAutoscaler",
            Kind::Ptr(&Kind::Opaque("core.ClusterAutoscalerOptions")),
        ),
        ("Priority", "priority", Kind::Ptr(&INT32)),
        (
            "UpdateStrategy",
            "updateStrategy",
            Kind::Ptr(&Kind::Scalar(Scalar::Str, "core.MachineUpdateStrategy")),
        ),
        (
            "ControlPlane",
            "controlPlane",
            Kind::Ptr(&Kind::Opaque("core.WorkerControlPlane")),
        ),
    ],
};

/// `corev1.Taint`.
const TAINT: GoStruct = GoStruct {
    name: "v1.Taint",
    fields: &[
        ("Key", "key", STRING),
        ("Value", "value", STRING),
        (
            "Effect",
            "effect",
            Kind::Scalar(Scalar::Str, "v1.TaintEffect"),
        ),
        (
            "TimeAdded",
            "timeAdded",
            Kind::Ptr(&Kind::Opaque("v1.Time")),
        ),
    ],
};

const CRI: GoStruct = GoStruct {
    name: "core.CRI",
    fields: &[
        ("Name", "name", Kind::Scalar(Scalar::Str, "core.CRIName")),
        (
            "ContainerRuntimes",
            "containerRuntimes",
            Kind::Slice(&Kind::Opaque("core.ContainerRuntime")),
        ),
    ],
};

const WORKER_KUBERNETES: GoStruct = GoStruct {
    name: "core.WorkerKubernetes",
    fields: &[
        (
            "Kubelet",
            "kubelet",
            Kind::Ptr(&Kind::Opaque("core.KubeletConfig")),
        ),
        ("Version", "version", P_STRING),
    ],
};

const MACHINE: GoStruct = GoStruct {
    name: "core.Machine",
    fields: &[
        ("Type", "type", STRING),
        ("Image", "image", Kind::Ptr(&Kind::Struct(&MACHINE_IMAGE))),
        ("Architecture", "architecture", P_STRING),
    ],
};

/// The internal `ShootMachineImage`, whose version is a plain string.
const MACHINE_IMAGE: GoStruct = GoStruct {
    name: "core.ShootMachineImage",
    fields: &[
        ("Name", "name", STRING),
        ("ProviderConfig", "providerConfig", P_RAW),
        ("Version", "version", STRING),
    ],
};

const VOLUME: GoStruct = GoStruct {
    name: "core.Volume",
    fields: &[
        ("Name", "name", P_STRING),
        ("Type", "type", P_STRING),
        ("VolumeSize", "size", STRING),
        ("Encrypted", "encrypted", P_BOOL),
    ],
};

const WORKER_SYSTEM_COMPONENTS: GoStruct = GoStruct {
    name: "core.WorkerSystemComponents",
    fields: &[("Allow", "allow", BOOL)],
};

const TOLERATION: GoStruct = GoStruct {
    name: "core.Toleration",
    fields: &[("Key", "key", STRING), ("Value", "value", P_STRING)],
};

const CONTROL_PLANE: GoStruct = GoStruct {
    name: "core.ControlPlane",
    fields: &[(
        "HighAvailability",
        "highAvailability",
        Kind::Ptr(&Kind::Struct(&HIGH_AVAILABILITY)),
    )],
};

const HIGH_AVAILABILITY: GoStruct = GoStruct {
    name: "core.HighAvailability",
    fields: &[(
        "FailureTolerance",
        "failureTolerance",
        Kind::Struct(&FAILURE_TOLERANCE),
    )],
};

const FAILURE_TOLERANCE: GoStruct = GoStruct {
    name: "core.FailureTolerance",
    fields: &[(
        "Type",
        "type",
        Kind::Scalar(Scalar::Str, "core.FailureToleranceType"),
    )],
};

const CLOUD_PROFILE_REFERENCE: GoStruct = GoStruct {
    name: "core.CloudProfileReference",
    fields: &[("Kind", "kind", STRING), ("Name", "name", STRING)],
};

/// The name `reflect.Type` prints for a kind.
fn type_name(kind: Kind) -> String {
    match kind {
        Kind::Scalar(_, name) | Kind::Opaque(name) => name.to_string(),
        Kind::IntOrString => "intstr.IntOrString".to_string(),
        Kind::Raw => "runtime.RawExtension".to_string(),
        Kind::Struct(go) => go.name.to_string(),
        Kind::Ptr(inner) => format!("*{}", type_name(*inner)),
        Kind::Slice(inner) => format!("[]{}", type_name(*inner)),
        Kind::Map(inner) => format!("map[string]{}", type_name(*inner)),
    }
}

/// Keys whose (unmodelled) values are Go maps: absent equals empty.
const MAP_KEYS: [&str; 5] = [
    "labels",
    "annotations",
    "featureGates",
    "sysctls",
    "matchLabels",
];
/// Keys whose (unmodelled) values hold Kubernetes quantities, compared by value.
const QUANTITY_PARENTS: [&str; 5] = [
    "kubeReserved",
    "systemReserved",
    "evictionMinimumReclaim",
    "minAllowed",
    "maxAllowed",
];

fn as_array(value: Option<&Value>) -> &[Value] {
    value.and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

fn as_object(value: Option<&Value>) -> Option<&Map<String, Value>> {
    value.and_then(Value::as_object)
}

/// A scalar's text as Go prints it with `%v`.
fn scalar_text(value: Option<&Value>, scalar: Scalar) -> String {
    match (value, scalar) {
        (Some(Value::String(text)), _) => text.clone(),
        (Some(Value::Number(number)), _) => number.to_string(),
        (Some(Value::Bool(flag)), _) => flag.to_string(),
        (None, Scalar::Int) => "0".to_string(),
        (None, Scalar::Bool) => "false".to_string(),
        (Some(other), _) => other.to_string(),
        (None, Scalar::Str) => String::new(),
    }
}

fn scalar_equal(a: Option<&Value>, b: Option<&Value>, scalar: Scalar) -> bool {
    match scalar {
        Scalar::Int => {
            let number = |v: Option<&Value>| v.and_then(Value::as_f64).unwrap_or(0.0);
            number(a) == number(b)
        }
        _ => scalar_text(a, scalar) == scalar_text(b, scalar),
    }
}

/// `intstr.IntOrString` as its Go fields: type (0 int, 1 string), integer, string.
fn int_or_string(value: Option<&Value>) -> (i64, i64, String) {
    match value {
        Some(Value::String(text)) => (1, 0, text.clone()),
        Some(Value::Number(number)) => (0, number.as_i64().unwrap_or(0), String::new()),
        _ => (0, 0, String::new()),
    }
}

/// The bytes of a raw extension: the JSON as written (here: compact, keys sorted).
fn raw_bytes(value: Option<&Value>) -> Vec<u8> {
    value
        .map(|v| serde_json::to_vec(v).unwrap_or_default())
        .unwrap_or_default()
}

/// `apiequality.Semantic.DeepEqual`: like `reflect.DeepEqual`, but nil and empty slices and maps
/// are equal, and quantities compare by value.
fn semantic_equal<'a>(a: Option<&'a Value>, b: Option<&'a Value>, kind: Kind) -> bool {
    match kind {
        Kind::Ptr(inner) => match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => semantic_equal(Some(a), Some(b), *inner),
            _ => false,
        },
        Kind::Scalar(scalar, _) => scalar_equal(a, b, scalar),
        Kind::IntOrString => int_or_string(a) == int_or_string(b),
        Kind::Raw => raw_bytes(a) == raw_bytes(b),
        Kind::Struct(go) => (go.fields.iter()).all(|(_, json, field)| {
            let get = |v: Option<&'a Value>| v.and_then(|v| v.get(*json));
            semantic_equal(get(a), get(b), *field)
        }),
        Kind::Slice(inner) => {
            let (a, b) = (as_array(a), as_array(b));
            a.len() == b.len()
                && (a.iter().zip(b)).all(|(a, b)| semantic_equal(Some(a), Some(b), *inner))
        }
        Kind::Map(inner) => {
            let empty = Map::new();
            let (a, b) = (
                as_object(a).unwrap_or(&empty),
                as_object(b).unwrap_or(&empty),
            );
            a.len() == b.len()
                && (a.iter()).all(|(key, value)| {
                    b.get(key)
                        .is_some_and(|other| semantic_equal(Some(value), Some(other), *inner))
                })
        }
        Kind::Opaque(_) => generic_equal(a, b, None, None),
    }
}

/// [`semantic_equal`] of unmodelled values, by their JSON (`key` the value's field, `parent` the
/// field holding it): absent equals an empty list (or an empty map under a map key), durations
/// and quantities compare by value.
fn generic_equal(
    a: Option<&Value>,
    b: Option<&Value>,
    key: Option<&str>,
    parent: Option<&str>,
) -> bool {
    let quantities = parent.is_some_and(|p| QUANTITY_PARENTS.contains(&p));
    match (a, b) {
        (None, None) => true,
        (Some(v), None) | (None, Some(v)) => match v {
            Value::Array(items) => items.is_empty(),
            Value::Object(map) => map.is_empty() && key.is_some_and(|k| MAP_KEYS.contains(&k)),
            _ => false,
        },
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            (x.keys().chain(y.keys())).all(|k| generic_equal(x.get(k), y.get(k), Some(k), key))
        }
        (Some(Value::Array(x)), Some(Value::Array(y))) => {
            x.len() == y.len()
                && (x.iter().zip(y)).all(|(x, y)| generic_equal(Some(x), Some(y), None, key))
        }
        (Some(Value::String(x)), Some(Value::String(y))) => {
            x == y
                || (quantities && quantity_equal(a, b))
                || (!quantities
                    && matches!(
                        (crate::duration::parse(x), crate::duration::parse(y)),
                        (Ok(x), Ok(y)) if x == y
                    ))
        }
        (Some(x), Some(y)) => {
            (quantities && quantity_equal(a, b))
                || match (x.as_f64(), y.as_f64()) {
                    (Some(x), Some(y)) => x == y,
                    _ => x == y,
                }
        }
    }
}

fn quantity_equal(a: Option<&Value>, b: Option<&Value>) -> bool {
    use crate::rollout::quantity::Quantity;
    match (
        a.and_then(Quantity::from_json),
        b.and_then(Quantity::from_json),
    ) {
        (Some(Ok(x)), Some(Ok(y))) => x.same_value(&y),
        _ => false,
    }
}

/// A value as Go's `%v` prints it, roughly: lists as `[a b]`, structs as `{a b}`.
fn go_format(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(go_format).collect();
            format!("[{}]", items.join(" "))
        }
        Value::Object(map) => {
            let fields: Vec<String> = map.values().map(go_format).collect();
            format!("{{{}}}", fields.join(" "))
        }
        Value::Null => "<nil>".to_string(),
        other => other.to_string(),
    }
}

/// [`go_format`] of a value of a known kind: struct fields in declaration order, nil pointers as
/// `<nil>`. (Go prints a set pointer as its address; its value stands in for it here.)
fn go_format_kind(value: Option<&Value>, kind: Kind) -> String {
    match (kind, value) {
        (Kind::Ptr(_), None) => "<nil>".to_string(),
        (Kind::Ptr(inner), Some(_)) => go_format_kind(value, *inner),
        (Kind::Scalar(scalar, _), _) => scalar_text(value, scalar),
        (Kind::IntOrString, _) => {
            let (kind, int, text) = int_or_string(value);
            format!("{{{kind} {int} {text}}}")
        }
        (Kind::Struct(go), _) => {
            let fields: Vec<String> = (go.fields.iter())
                .map(|(_, json, field)| go_format_kind(value.and_then(|v| v.get(*json)), *field))
                .collect();
            format!("{{{}}}", fields.join(" "))
        }
        (Kind::Slice(inner), _) => {
            let items: Vec<String> = (as_array(value).iter())
                .map(|item| go_format_kind(Some(item), *inner))
                .collect();
            format!("[{}]", items.join(" "))
        }
        (Kind::Map(inner), _) => {
            let entries: Vec<String> = (as_object(value).into_iter().flatten())
                .map(|(key, item)| format!("{key}:{}", go_format_kind(Some(item), *inner)))
                .collect();
            format!("map[{}]", entries.join(" "))
        }
        (Kind::Raw | Kind::Opaque(_), Some(value)) => go_format(value),
        (Kind::Raw | Kind::Opaque(_), None) => "<nil>".to_string(),
    }
}

/// A JSON key as the Go field name it stands for: capitalised, with Go's initialisms.
fn go_field_name(key: &str) -> String {
    const INITIALISMS: [(&str, &str); 16] = [
        // The components' feature gates sit in the embedded `KubernetesConfig`.
        ("featureGates", "KubernetesConfig.FeatureGates"),
        ("horizontalPodAutoscaler", "HorizontalPodAutoscalerConfig"),
        ("cpu", "CPU"),
        ("pid", "PID"),
        ("dns", "DNS"),
        ("cri", "CRI"),
        ("etcd", "ETCD"),
        ("caBundle", "CABundle"),
        ("oidcConfig", "OIDCConfig"),
        ("cpuCFSQuota", "CPUCFSQuota"),
        ("cpuManagerPolicy", "CPUManagerPolicy"),
        ("podPidsLimit", "PodPIDsLimit"),
        ("coreDNS", "CoreDNS"),
        ("nodeLocalDNS", "NodeLocalDNS"),
        ("clientID", "ClientID"),
        ("apiVersion", "APIVersion"),
    ];
    if let Some((_, name)) = INITIALISMS.iter().find(|(json, _)| *json == key) {
        return (*name).to_string();
    }
    let mut chars = key.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// go-test/deep's `Equal` (v1.1.1, as Gardener calls it: `deep.Equal(newSpec, oldSpec)`): the
/// differences as `Path.To.Field: new != old`, at most [`MAX_DIFF`].
#[derive(Default)]
struct Differ {
    path: Vec<String>,
    diffs: Vec<String>,
}

impl Differ {
    fn full(&self) -> bool {
        self.diffs.len() >= MAX_DIFF
    }

    fn save(&mut self, a: impl std::fmt::Display, b: impl std::fmt::Display) {
        if self.full() {
            return;
        }
        if self.path.is_empty() {
            self.diffs.push(format!("{a} != {b}"));
        } else {
            self.diffs
                .push(format!("{}: {a} != {b}", self.path.join(".")));
        }
    }

    fn within(&mut self, step: String, f: impl FnOnce(&mut Differ)) {
        self.path.push(step);
        f(self);
        self.path.pop();
    }

    fn diff<'a>(&mut self, a: Option<&'a Value>, b: Option<&'a Value>, kind: Kind) {
        if self.full() {
            return;
        }
        match kind {
            Kind::Ptr(inner) => match (a, b) {
                (None, None) => {}
                (None, Some(_)) => self.save("<nil pointer>", type_name(*inner)),
                (Some(_), None) => self.save(type_name(*inner), "<nil pointer>"),
                (Some(_), Some(_)) => self.diff(a, b, *inner),
            },
            Kind::Scalar(scalar, _) => {
                if !scalar_equal(a, b, scalar) {
                    self.save(scalar_text(a, scalar), scalar_text(b, scalar));
                }
            }
            Kind::IntOrString => {
                let (x, y) = (int_or_string(a), int_or_string(b));
                if x.0 != y.0 {
                    self.within("Type".into(), |d| d.save(x.0, y.0));
                }
                if x.1 != y.1 {
                    self.within("IntVal".into(), |d| d.save(x.1, y.1));
                }
                if x.2 != y.2 {
                    self.within("StrVal".into(), |d| d.save(&x.2, &y.2));
                }
            }
            Kind::Raw => {
                let (x, y) = (raw_bytes(a), raw_bytes(b));
                self.within("Raw".into(), |d| d.diff_bytes(&x, &y));
            }
            Kind::Struct(go) => {
                for (name, json, field) in go.fields {
                    let get = |v: Option<&'a Value>| v.and_then(|v| v.get(*json));
                    self.within((*name).to_string(), |d| d.diff(get(a), get(b), *field));
                    if self.full() {
                        break;
                    }
                }
            }
            Kind::Slice(inner) => {
                self.diff_slice(a, b, Some(*inner), |d, x, y| d.diff(x, y, *inner))
            }
            Kind::Map(inner) => self.diff_map(a, b, Some(*inner), |d, x, y| d.diff(x, y, *inner)),
            Kind::Opaque(_) => self.diff_generic(a, b, None, None),
        }
    }

    fn diff_bytes(&mut self, a: &[u8], b: &[u8]) {
        match (a.is_empty(), b.is_empty()) {
            (true, true) => {}
            (true, false) => self.save("<nil slice>", format!("{b:?}").replace(',', "")),
            (false, true) => self.save(format!("{a:?}").replace(',', ""), "<nil slice>"),
            (false, false) => {
                for index in 0..a.len().max(b.len()) {
                    self.within(format!("slice[{index}]"), |d| {
                        match (a.get(index), b.get(index)) {
                            (Some(x), Some(y)) if x != y => d.save(x, y),
                            (Some(x), None) => d.save(x, "<no value>"),
                            (None, Some(y)) => d.save("<no value>", y),
                            _ => {}
                        }
                    });
                    if self.full() {
                        break;
                    }
                }
            }
        }
    }

    fn diff_slice(
        &mut self,
        a: Option<&Value>,
        b: Option<&Value>,
        inner: Option<Kind>,
        mut each: impl FnMut(&mut Differ, Option<&Value>, Option<&Value>),
    ) {
        let item_format = |value: &Value| match inner {
            Some(kind) => go_format_kind(Some(value), kind),
            None => go_format(value),
        };
        let go_format = |value: &Value| {
            let items: Vec<String> = as_array(Some(value)).iter().map(item_format).collect();
            format!("[{}]", items.join(" "))
        };
        let (x, y) = (a.and_then(Value::as_array), b.and_then(Value::as_array));
        match (x, y) {
            (None, None) => {}
            (None, Some(_)) => self.save("<nil slice>", go_format(b.expect("present"))),
            (Some(_), None) => self.save(go_format(a.expect("present")), "<nil slice>"),
            (Some(x), Some(y)) => {
                for index in 0..x.len().max(y.len()) {
                    self.within(format!("slice[{index}]"), |d| {
                        match (x.get(index), y.get(index)) {
                            (Some(p), Some(q)) => each(d, Some(p), Some(q)),
                            (Some(p), None) => d.save(item_format(p), "<no value>"),
                            (None, Some(q)) => d.save("<no value>", item_format(q)),
                            (None, None) => {}
                        }
                    });
                    if self.full() {
                        break;
                    }
                }
            }
        }
    }

    fn diff_map(
        &mut self,
        a: Option<&Value>,
        b: Option<&Value>,
        inner: Option<Kind>,
        mut each: impl FnMut(&mut Differ, Option<&Value>, Option<&Value>),
    ) {
        let item_format = |value: &Value| match inner {
            Some(kind) => go_format_kind(Some(value), kind),
            None => go_format(value),
        };
        let map_format = |value: Option<&Value>| {
            let entries: Vec<String> = (as_object(value).into_iter().flatten())
                .map(|(key, item)| format!("{key}:{}", item_format(item)))
                .collect();
            format!("map[{}]", entries.join(" "))
        };
        match (as_object(a), as_object(b)) {
            (None, None) => {}
            (None, Some(_)) => self.save("<nil map>", map_format(b)),
            (Some(_), None) => self.save(map_format(a), "<nil map>"),
            // Go visits the keys in a random order; here they are sorted.
            (Some(x), Some(y)) => {
                for (key, value) in x {
                    self.within(format!("map[{key}]"), |d| match y.get(key) {
                        Some(other) => each(d, Some(value), Some(other)),
                        None => d.save(item_format(value), "<does not have key>"),
                    });
                    if self.full() {
                        return;
                    }
                }
                for (key, value) in y.iter().filter(|(key, _)| !x.contains_key(*key)) {
                    self.within(format!("map[{key}]"), |d| {
                        d.save("<does not have key>", item_format(value))
                    });
                    if self.full() {
                        return;
                    }
                }
            }
        }
    }

    /// An unmodelled value: objects are read as structs (fields in JSON key order), absent
    /// fields as nil pointers.
    fn diff_generic(
        &mut self,
        a: Option<&Value>,
        b: Option<&Value>,
        key: Option<&str>,
        parent: Option<&str>,
    ) {
        if generic_equal(a, b, key, parent) {
            return;
        }
        if key.is_some_and(|k| MAP_KEYS.contains(&k)) {
            return self.diff_map(a, b, None, |d, x, y| d.diff_generic(x, y, None, key));
        }
        let guess = |key: Option<&str>, v: &Value| match v {
            Value::String(_) => "string".to_string(),
            Value::Bool(_) => "bool".to_string(),
            Value::Number(n) if n.is_f64() => "float64".to_string(),
            Value::Number(_) => "int32".to_string(),
            _ => format!("core.{}", key.map(go_field_name).unwrap_or_default()),
        };
        match (a, b) {
            (Some(Value::Array(_)), _) | (_, Some(Value::Array(_))) => {
                self.diff_slice(a, b, None, |d, x, y| d.diff_generic(x, y, None, key))
            }
            (None, Some(v)) => self.save("<nil pointer>", guess(key, v)),
            (Some(v), None) => self.save(guess(key, v), "<nil pointer>"),
            (Some(Value::Object(x)), Some(Value::Object(y))) => {
                let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
                for k in keys {
                    self.within(go_field_name(k), |d| {
                        d.diff_generic(x.get(k), y.get(k), Some(k), key)
                    });
                    if self.full() {
                        break;
                    }
                }
            }
            (Some(Value::String(x)), Some(Value::String(y))) => {
                // A string that reads as a Go duration on both sides is taken for a
                // `metav1.Duration`, which deep compares by its nanoseconds.
                let nanos = |text: &str| crate::duration::parse(text).ok()?.num_nanoseconds();
                match (nanos(x), nanos(y)) {
                    (Some(x), Some(y)) => self.within("Duration".into(), |d| d.save(x, y)),
                    _ => self.save(x, y),
                }
            }
            (Some(x), Some(y)) => self.save(go_format(x), go_format(y)),
            (None, None) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;
    use serde_json::json;

    fn base() -> Value {
        json!({
            "metadata": {"name": "foo", "namespace": "garden-dev"},
            "spec": {
                "cloudProfile": {"kind": "CloudProfile", "name": "aws"},
                "region": "eu-west-1",
                "credentialsBindingName": "creds",
                "seedName": "seed",
                "kubernetes": {"version": "1.33.0"},
                "networking": {
                    "type": "calico",
                    "pods": "100.96.0.0/11",
                    "services": "100.64.0.0/13",
                    "nodes": "10.250.0.0/16"
                },
                "dns": {
                    "domain": "foo.example.com",
                    "providers": [{"primary": true, "type": "aws-route53"}]
                },
                "maintenance": {
                    "autoUpdate": {"kubernetesVersion": true},
                    "timeWindow": {"begin": "220000+0000", "end": "230000+0000"}
                },
                "provider": {
                    "type": "aws",
                    "workers": [{
                        "name": "w1",
                        "machine": {"type": "m5.large", "image": {"name": "gardenlinux", "version": "1.0"}},
                        "minimum": 1,
                        "maximum": 2
                    }]
                }
            }
        })
    }

    fn shoot(value: &Value) -> Shoot {
        serde_json::from_value(value.clone()).expect("a Shoot")
    }

    /// Marks `shoot` as being deleted since 2024-01-01.
    fn being_deleted(shoot: &mut Value) {
        set(
            shoot,
            "/metadata/deletionTimestamp",
            json!("2024-01-01T00:00:00Z"),
        );
    }

    fn set(value: &mut Value, pointer: &str, new: Value) {
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        let parent = value.pointer_mut(parent).expect("parent exists");
        parent.as_object_mut().unwrap().insert(key.to_string(), new);
    }

    fn remove(value: &mut Value, pointer: &str) {
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        value
            .pointer_mut(parent)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .remove(key);
    }

    fn check(new: &Value, old: &Value) -> Vec<(String, ErrorType, String)> {
        validate_shoot_spec_update(&shoot(new), &shoot(old))
            .into_iter()
            .map(|e| (e.field, e.error_type, e.detail))
            .collect()
    }

    fn err(field: &str, kind: ErrorType, detail: &str) -> (String, ErrorType, String) {
        (field.to_string(), kind, detail.to_string())
    }

    fn immutable(field: &str) -> (String, ErrorType, String) {
        err(field, ErrorType::FieldValueInvalid, IMMUTABLE)
    }

    #[test]
    fn an_unchanged_shoot_passes() {
        assert_eq!(check(&base(), &base()), vec![]);
    }

    #[test]
    fn provider_type_region_and_networking_are_immutable() {
        let old = base();
        let mut new = base();
        set(&mut new, "/spec/provider/type", json!("gcp"));
        set(&mut new, "/spec/region", json!("eu-west-2"));
        set(&mut new, "/spec/networking/type", json!("cilium"));
        set(&mut new, "/spec/networking/pods", json!("10.0.0.0/16"));
        set(&mut new, "/spec/networking/services", json!("10.1.0.0/16"));
        // The node network may change.
        set(&mut new, "/spec/networking/nodes", json!("10.251.0.0/16"));
        assert_eq!(
            check(&new, &old),
            vec![
                immutable("spec.region"),
                immutable("spec.provider.type"),
                immutable("spec.networking.type"),
                immutable("spec.networking.pods"),
                immutable("spec.networking.services"),
            ]
        );
    }

    #[test]
    fn pod_and_service_networks_may_be_set_once() {
        let mut old = base();
        remove(&mut old, "/spec/networking/pods");
        let mut new = base();
        set(&mut new, "/spec/networking/pods", json!("10.0.0.0/16"));
        assert_eq!(check(&new, &old), vec![]);
        // Unsetting the type is a change of an immutable field.
        let mut new = base();
        remove(&mut new, "/spec/networking/type");
        assert_eq!(
            check(&new, &base()),
            vec![immutable("spec.networking.type")]
        );
    }

    #[test]
    fn ip_families_only_migrate_between_ipv4_and_dual_stack() {
        let old = base();
        let mut new = base();
        set(
            &mut new,
            "/spec/networking/ipFamilies",
            json!(["IPv4", "IPv6"]),
        );
        set(
            &mut new,
            "/spec/kubernetes/kubeControllerManager",
            json!({"nodeCIDRMaskSize": 24}),
        );
        assert_eq!(check(&new, &old), vec![]);
        // Back to IPv4: the stored Shoot has the defaulted IPv6 mask size, which may not go.
        assert_eq!(
            check(&old, &new),
            vec![immutable(
                "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSizeIPv6"
            )]
        );
        let mut back = old.clone();
        set(
            &mut back,
            "/spec/kubernetes/kubeControllerManager",
            json!({"nodeCIDRMaskSizeIPv6": 64}),
        );
        assert_eq!(check(&back, &new), vec![]);

        // Gardener's test: an unset list is IPv4 after defaulting.
        let mut new = base();
        set(
            &mut new,
            "/spec/networking/ipFamilies",
            json!(["IPv6", "IPv4"]),
        );
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec.networking.ipFamilies",
                ErrorType::FieldValueForbidden,
                "unsupported IP family update: oldIPFamilies=[IPv4], newIPFamilies=[IPv6 IPv4]"
            )]
        );
    }

    #[test]
    fn workers_cannot_come_or_go_and_the_rest_is_skipped() {
        let old = base();
        let mut new = base();
        set(&mut new, "/spec/provider/workers", json!([]));
        set(&mut new, "/spec/networking/type", json!("cilium"));
        // The node CIDR mask size, defaulted only with workers, is checked before the pools.
        assert_eq!(
            check(&new, &old),
            vec![
                immutable("spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize"),
                err(
                    "spec.provider.workers",
                    ErrorType::FieldValueForbidden,
                    "cannot switch from a Shoot with workers to a workerless Shoot"
                ),
            ]
        );
        assert_eq!(
            check(&old, &new),
            vec![
                immutable("spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize"),
                err(
                    "spec.provider.workers",
                    ErrorType::FieldValueForbidden,
                    "cannot switch from a workerless Shoot to a Shoot with workers"
                ),
            ]
        );
    }

    #[test]
    fn a_deleting_shoot_keeps_its_spec() {
        // Gardener's test "should forbid updating the spec for shoots with deletion timestamp".
        let mut old = base();
        being_deleted(&mut old);
        let mut new = old.clone();
        set(
            &mut new,
            "/spec/maintenance/autoUpdate/kubernetesVersion",
            json!(false),
        );
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec",
                ErrorType::FieldValueForbidden,
                "cannot update shoot spec if deletion timestamp is set. Requested changes: Maintenance.AutoUpdate.KubernetesVersion: false != true"
            )]
        );

        // The spec rules after the check do not run; nil pointers print their type.
        let mut new = old.clone();
        set(&mut new, "/spec/region", json!("eu-west-2"));
        remove(&mut new, "/spec/seedName");
        set(&mut new, "/spec/provider/workers/0/zones", json!(["a"]));
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec",
                ErrorType::FieldValueForbidden,
                "cannot update shoot spec if deletion timestamp is set. Requested changes: Provider.Workers.slice[0].Zones: [a] != <nil slice>,Region: eu-west-2 != eu-west-1,SeedName: <nil pointer> != string"
            )]
        );

        // Metadata may change; so may the spelling of a defaulted value.
        let mut new = old.clone();
        set(&mut new, "/metadata/labels", json!({"a": "b"}));
        set(&mut new, "/spec/schedulerName", json!("default-scheduler"));
        set(&mut new, "/spec/purpose", json!("evaluation"));
        assert_eq!(check(&new, &old), vec![]);
    }

    #[test]
    fn binding_names() {
        // Gardener's test "should not allow switching from credentialsBindingName to secretBindingName".
        let old = base();
        let mut new = base();
        remove(&mut new, "/spec/credentialsBindingName");
        set(&mut new, "/spec/secretBindingName", json!("foo"));
        assert_eq!(
            check(&new, &old),
            vec![
                err(
                    "spec.credentialsBindingName",
                    ErrorType::FieldValueForbidden,
                    "the field cannot be unset"
                ),
                immutable("spec.secretBindingName"),
            ]
        );
        // The migration from a SecretBinding to a CredentialsBinding.
        assert_eq!(check(&old, &new), vec![]);
        // Changing the SecretBinding is not.
        let mut changed = new.clone();
        set(&mut changed, "/spec/secretBindingName", json!("bar"));
        assert_eq!(
            check(&changed, &new),
            vec![immutable("spec.secretBindingName")]
        );
    }

    #[test]
    fn dns_rules() {
        let old = base();
        let mut new = base();
        remove(&mut new, "/spec/dns");
        assert_eq!(check(&new, &old), vec![immutable("spec.dns")]);

        let mut new = base();
        set(&mut new, "/spec/dns/domain", json!("another-domain.com"));
        assert_eq!(check(&new, &old), vec![immutable("spec.dns.domain")]);

        let mut new = base();
        set(&mut new, "/spec/dns/providers", json!([]));
        let removed = err(
            "spec.dns.providers",
            ErrorType::FieldValueForbidden,
            "removing a primary provider is not allowed",
        );
        assert_eq!(check(&new, &old), vec![removed.clone()]);

        let mut new = base();
        set(&mut new, "/spec/dns/providers/0/type", json!("other"));
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec.dns.providers",
                ErrorType::FieldValueForbidden,
                "changing primary provider type is not allowed"
            )]
        );

        // Before a Seed is assigned, the providers may change.
        let mut unscheduled = base();
        remove(&mut unscheduled, "/spec/seedName");
        let mut new = unscheduled.clone();
        set(&mut new, "/spec/dns/providers", json!([]));
        assert_eq!(check(&new, &unscheduled), vec![]);
    }

    #[test]
    fn node_cidr_mask_sizes() {
        // The stored Shoot has the default for 110 pods: /24.
        let old = base();
        let mut new = base();
        set(
            &mut new,
            "/spec/kubernetes/kubeControllerManager",
            json!({"nodeCIDRMaskSize": 24}),
        );
        assert_eq!(check(&new, &old), vec![]);
        set(
            &mut new,
            "/spec/kubernetes/kubeControllerManager",
            json!({"nodeCIDRMaskSize": 23, "nodeCIDRMaskSizeIPv6": 64}),
        );
        assert_eq!(
            check(&new, &old),
            vec![immutable(
                "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize"
            )]
        );
        // Raising maxPods changes the default, so a Shoot relying on it is refused.
        let mut new = base();
        set(
            &mut new,
            "/spec/kubernetes/kubelet",
            json!({"maxPods": 250}),
        );
        assert_eq!(
            check(&new, &old),
            vec![immutable(
                "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize"
            )]
        );
        assert_eq!(Shoot::default().spec.default_node_cidr_mask_size(), 24);
    }

    #[test]
    fn scheduler_name() {
        let old = base();
        let mut new = base();
        set(&mut new, "/spec/schedulerName", json!("default-scheduler"));
        assert_eq!(check(&new, &old), vec![]);
        set(&mut new, "/spec/schedulerName", json!("bin-packing"));
        assert_eq!(check(&new, &old), vec![immutable("spec.schedulerName")]);
    }

    #[test]
    fn encryption_configuration() {
        let mut old = base();
        set(
            &mut old,
            "/status",
            json!({
                "lastOperation": {"type": "Reconcile", "state": "Succeeded"},
                "credentials": {"encryptionAtRest": {"provider": {"type": "aescbc"}}}
            }),
        );
        let mut new = old.clone();
        set(
            &mut new,
            "/spec/kubernetes/kubeAPIServer",
            json!({"encryptionConfig": {"resources": ["configmaps"]}}),
        );
        assert_eq!(check(&new, &old), vec![]);

        // The stored status is what counts, not the one sent.
        let mut rolling = old.clone();
        set(
            &mut rolling,
            "/status/credentials/encryptionAtRest/resources",
            json!(["secrets.foo"]),
        );
        let path = "spec.kubernetes.kubeAPIServer.encryptionConfig";
        assert_eq!(
            check(&new, &rolling),
            vec![err(
                &format!("{path}.resources"),
                ErrorType::FieldValueForbidden,
                "resources cannot be changed because a previous encryption configuration change is currently being rolled out"
            )]
        );

        let mut new = old.clone();
        set(
            &mut new,
            "/spec/kubernetes/kubeAPIServer",
            json!({"encryptionConfig": {"resources": ["configmaps"], "provider": {"type": "aesgcm"}}}),
        );
        set(&mut new, "/spec/hibernation", json!({"enabled": true}));
        assert_eq!(
            check(&new, &old),
            vec![
                err(
                    &format!("{path}.resources"),
                    ErrorType::FieldValueForbidden,
                    "resources cannot be changed when shoot is in hibernation"
                ),
                err(
                    &format!("{path}.provider.type"),
                    ErrorType::FieldValueForbidden,
                    "provider type cannot be changed when shoot is in hibernation"
                ),
                err(
                    &format!("{path}.provider.type"),
                    ErrorType::FieldValueForbidden,
                    "provider type and resources cannot be changed simultaneously"
                ),
            ]
        );
    }

    #[test]
    fn high_availability() {
        let old = base();
        let mut new = base();
        set(
            &mut new,
            "/spec/controlPlane",
            json!({"highAvailability": {"failureTolerance": {"type": "zone"}}}),
        );
        set(&mut new, "/spec/hibernation", json!({"enabled": true}));
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec.controlPlane.highAvailability.failureTolerance.type",
                ErrorType::FieldValueForbidden,
                "Shoot is currently hibernated and cannot be scaled up to HA. Please make sure your cluster has woken up before scaling it up to HA"
            )]
        );
        let mut node = base();
        set(
            &mut node,
            "/spec/controlPlane",
            json!({"highAvailability": {"failureTolerance": {"type": "node"}}}),
        );
        let mut zone = base();
        set(
            &mut zone,
            "/spec/controlPlane",
            json!({"highAvailability": {"failureTolerance": {"type": "zone"}}}),
        );
        assert_eq!(
            check(&zone, &node),
            vec![immutable(
                "spec.controlPlane.highAvailability.failureTolerance.type"
            )]
        );
    }

    #[test]
    fn hibernation_waits_for_rotations() {
        let mut old = base();
        set(
            &mut old,
            "/status",
            json!({
                "credentials": {"rotation": {
                    "etcdEncryptionKey": {"phase": "Preparing"},
                    "serviceAccountKey": {"phase": "PreparingWithoutWorkersRollout"}
                }}
            }),
        );
        let mut new = old.clone();
        set(&mut new, "/spec/hibernation", json!({"enabled": true}));
        let path = "spec.hibernation.enabled";
        let mut encrypting = base();
        set(
            &mut encrypting,
            "/spec/kubernetes/kubeAPIServer",
            json!({"encryptionConfig": {"resources": ["configmaps"]}}),
        );
        let mut hibernating = encrypting.clone();
        set(
            &mut hibernating,
            "/spec/hibernation",
            json!({"enabled": true}),
        );
        assert_eq!(
            check(&hibernating, &encrypting),
            vec![err(path, ErrorType::FieldValueForbidden, "shoot cannot be hibernated when spec.kubernetes.kubeAPIServer.encryptionConfig.resources and status.credentials.encryptionAtRest.resources are not equal")]
        );
        assert_eq!(
            check(&new, &old),
            vec![
                err(path, ErrorType::FieldValueForbidden, "shoot cannot be hibernated when .status.credentials.rotation.etcdEncryptionKey.phase is \"Preparing\""),
                err(path, ErrorType::FieldValueForbidden, "shoot cannot be hibernated when .status.credentials.rotation.serviceAccountKey.phase is \"PreparingWithoutWorkersRollout\""),
            ]
        );
    }

    #[test]
    fn force_deletion() {
        // Gardener's test "should not allow setting the force-deletion annotation if the Shoot
        // does not have a deletionTimestamp".
        let old = base();
        let mut new = base();
        set(
            &mut new,
            "/metadata/annotations",
            json!({FORCE_DELETION_ANNOTATION: "true"}),
        );
        let path = "metadata.annotations[confirmation.gardener.cloud/force-deletion]";
        assert_eq!(
            check(&new, &old),
            vec![
                err(path, ErrorType::FieldValueForbidden, "force-deletion annotation cannot be set when Shoot deletionTimestamp is nil"),
                err(path, ErrorType::FieldValueForbidden, "force-deletion annotation cannot be set when Shoot status does not contain one of these error codes: [ERR_CLEANUP_CLUSTER_RESOURCES ERR_CONFIGURATION_PROBLEM ERR_INFRA_DEPENDENCIES ERR_INFRA_UNAUTHENTICATED ERR_INFRA_UNAUTHORIZED]"),
            ]
        );
        assert_eq!(
            check(&old, &new),
            vec![err(
                path,
                ErrorType::FieldValueForbidden,
                "force-deletion annotation cannot be removed once set"
            )]
        );
        let mut deleting = base();
        being_deleted(&mut deleting);
        set(
            &mut deleting,
            "/status",
            json!({"lastErrors": [{"description": "x", "codes": ["ERR_INFRA_DEPENDENCIES"]}]}),
        );
        let mut new = deleting.clone();
        set(
            &mut new,
            "/metadata/annotations",
            json!({FORCE_DELETION_ANNOTATION: "1"}),
        );
        assert_eq!(check(&new, &deleting), vec![]);
    }

    #[test]
    fn control_plane_pools() {
        let mut hosted = base();
        let mut self_hosted = base();
        set(
            &mut self_hosted,
            "/spec/provider/workers/0/controlPlane",
            json!({"backup": {"provider": "aws", "region": "a"}}),
        );
        assert_eq!(
            check(&self_hosted, &hosted),
            vec![err(
                "spec.provider.workers",
                ErrorType::FieldValueForbidden,
                "cannot switch a Shoot between self-hosted and hosted mode"
            )]
        );
        let mut moved = self_hosted.clone();
        set(
            &mut moved,
            "/spec/provider/workers/0/controlPlane/backup",
            json!({"provider": "gcp"}),
        );
        assert_eq!(
            check(&moved, &self_hosted),
            vec![
                immutable("spec.provider.workers[0].controlPlane.backup.provider"),
                immutable("spec.provider.workers[0].controlPlane.backup.region"),
            ]
        );
        set(
            &mut hosted,
            "/spec/provider/workers/0/controlPlane",
            json!({}),
        );
        assert_eq!(
            check(&hosted, &self_hosted),
            vec![immutable("spec.provider.workers[0].controlPlane.backup")]
        );
    }

    #[test]
    fn cloud_profile_reference_of_the_new_spec() {
        let old = base();
        let mut new = base();
        set(&mut new, "/spec/cloudProfile/kind", json!("Other"));
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec.cloudProfile.kind",
                ErrorType::FieldValueNotSupported,
                "supported values: \"CloudProfile\", \"NamespacedCloudProfile\""
            )]
        );
        // From 1.34 an unchanged name equal to the reference is dropped; another one is refused.
        let mut old = base();
        set(&mut old, "/spec/kubernetes/version", json!("1.34.1"));
        set(&mut old, "/spec/cloudProfileName", json!("aws"));
        assert_eq!(check(&old, &old), vec![]);
        let mut new = old.clone();
        set(&mut new, "/spec/cloudProfileName", json!("azure"));
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec.cloudProfileName",
                ErrorType::FieldValueForbidden,
                "for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead"
            )]
        );
    }

    #[test]
    fn metadata_of_a_deleting_shoot() {
        let mut old = base();
        being_deleted(&mut old);
        set(&mut old, "/metadata/finalizers", json!(["gardener"]));
        let mut new = old.clone();
        set(
            &mut new,
            "/metadata/finalizers",
            json!(["gardener", "z", "a"]),
        );
        assert_eq!(
            check(&new, &old),
            vec![err(
                "metadata.finalizers",
                ErrorType::FieldValueForbidden,
                "no new finalizers can be added if the object is being deleted, found new finalizers []string{\"a\", \"z\"}"
            )]
        );
        let mut new = base();
        being_deleted(&mut new);
        assert_eq!(
            check(&new, &base())[0],
            immutable("metadata.deletionTimestamp")
        );
    }

    #[test]
    fn accepted_issuers_are_relaxed_only_when_unchanged() {
        let mut old = base();
        set(
            &mut old,
            "/spec/kubernetes/kubeAPIServer",
            json!({"serviceAccountConfig": {"acceptedIssuers": ["https://a"]}}),
        );
        assert!(allow_invalid_accepted_issuers(&shoot(&old), &shoot(&old)));
        let mut new = old.clone();
        set(
            &mut new,
            "/spec/kubernetes/kubeAPIServer/serviceAccountConfig/acceptedIssuers",
            json!(["https://b"]),
        );
        assert!(!allow_invalid_accepted_issuers(&shoot(&new), &shoot(&old)));
        assert!(!allow_invalid_accepted_issuers(
            &shoot(&base()),
            &shoot(&base())
        ));
    }

    /// Values Go would not decode read as the raw reading always read them: a non-text entry of
    /// `acceptedIssuers` as its JSON, a list that is no list as empty.
    #[test]
    fn accepted_issuers_of_other_types() {
        let with = |issuers: Value| {
            let mut shoot = base();
            set(
                &mut shoot,
                "/spec/kubernetes/kubeAPIServer",
                json!({"serviceAccountConfig": {"acceptedIssuers": issuers}}),
            );
            self::shoot(&shoot)
        };
        assert!(allow_invalid_accepted_issuers(
            &with(json!([1])),
            &with(json!(["1"]))
        ));
        assert!(allow_invalid_accepted_issuers(
            &with(json!("x")),
            &with(json!([]))
        ));
        assert!(allow_invalid_accepted_issuers(
            &with(json!(null)),
            &with(json!([]))
        ));
        assert!(!allow_invalid_accepted_issuers(
            &with(json!([null])),
            &with(json!([""]))
        ));
        let mut unset = base();
        set(
            &mut unset,
            "/spec/kubernetes/kubeAPIServer",
            json!({"serviceAccountConfig": null}),
        );
        assert!(!allow_invalid_accepted_issuers(
            &shoot(&unset),
            &with(json!([]))
        ));
    }

    /// Metadata the model keeps as written: a finalizer, uid or grace period of another type.
    #[test]
    fn metadata_of_other_types() {
        let mut old = base();
        being_deleted(&mut old);
        let mut new = old.clone();
        set(&mut new, "/metadata/finalizers", json!([5]));
        set(&mut new, "/metadata/uid", json!(7));
        set(&mut new, "/metadata/deletionGracePeriodSeconds", json!("x"));
        assert_eq!(
            check(&new, &old),
            vec![
                err(
                    "metadata.finalizers",
                    ErrorType::FieldValueForbidden,
                    "no new finalizers can be added if the object is being deleted, found new finalizers []string{\"\"}"
                ),
                immutable("metadata.deletionGracePeriodSeconds"),
            ]
        );
        set(
            &mut old,
            "/metadata/deletionGracePeriodSeconds",
            json!(true),
        );
        set(&mut old, "/metadata/finalizers", json!([""]));
        assert_eq!(check(&new, &old), vec![]);
        set(
            &mut new,
            "/metadata/deletionGracePeriodSeconds",
            json!(null),
        );
        set(&mut new, "/metadata/uid", json!("u"));
        assert_eq!(check(&new, &old), vec![immutable("metadata.uid")]);
    }

    /// The primary DNS provider's type as Go's `*string`: `null` is absent, another type empty.
    #[test]
    fn primary_dns_provider_type_of_other_types() {
        let old = base();
        let mut new = base();
        set(&mut new, "/spec/dns/providers/0/type", json!(null));
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec.dns.providers",
                ErrorType::FieldValueForbidden,
                "removing the primary provider type is not allowed"
            )]
        );
        set(&mut new, "/spec/dns/providers/0/type", json!(5));
        let mut old_empty = base();
        set(&mut old_empty, "/spec/dns/providers/0/type", json!(""));
        assert_eq!(check(&new, &old_empty), vec![]);
        // A `primary` that is no boolean makes no primary provider.
        set(&mut new, "/spec/dns/providers/0/primary", json!("true"));
        assert_eq!(
            check(&new, &old_empty),
            vec![err(
                "spec.dns.providers",
                ErrorType::FieldValueForbidden,
                "removing a primary provider is not allowed"
            )]
        );
    }

    /// A backup's region is Go's `*string`: absent differs from empty, another type is empty.
    #[test]
    fn backup_region_of_other_types() {
        let pool = |backup: Value| {
            let mut shoot = base();
            set(
                &mut shoot,
                "/spec/provider/workers/0/controlPlane",
                json!({ "backup": backup }),
            );
            shoot
        };
        let region = "spec.provider.workers[0].controlPlane.backup.region";
        let empty = pool(json!({"provider": "aws", "region": ""}));
        let absent = pool(json!({"provider": "aws"}));
        let null = pool(json!({"provider": "aws", "region": null}));
        let number = pool(json!({"provider": 5, "region": 5}));
        assert_eq!(check(&absent, &empty), vec![immutable(region)]);
        assert_eq!(check(&null, &absent), vec![]);
        assert_eq!(
            check(&number, &empty),
            vec![immutable(
                "spec.provider.workers[0].controlPlane.backup.provider"
            )]
        );
        set_backup_null(&empty);
    }

    fn set_backup_null(shoot: &Value) {
        let mut null = shoot.clone();
        set(
            &mut null,
            "/spec/provider/workers/0/controlPlane/backup",
            json!(null),
        );
        assert_eq!(
            check(&null, shoot),
            vec![immutable("spec.provider.workers[0].controlPlane.backup")]
        );
    }

    /// Networking the model keeps as written: a type or an IP family of another type reads as
    /// empty; a networking value that is no object is not defaulted.
    #[test]
    fn networking_of_other_types() {
        let mut old = base();
        set(&mut old, "/spec/networking/type", json!(""));
        set(&mut old, "/spec/networking/ipFamilies", json!([""]));
        let mut new = base();
        set(&mut new, "/spec/networking/type", json!(5));
        set(&mut new, "/spec/networking/ipFamilies", json!([false]));
        set(&mut new, "/spec/networking/pods", json!(null));
        assert_eq!(check(&new, &old), vec![immutable("spec.networking.pods")]);
        let mut new = base();
        set(&mut new, "/spec/networking/ipFamilies", json!(null));
        assert_eq!(check(&new, &base()), vec![]);
        let mut odd = base();
        set(&mut odd, "/spec/networking", json!("calico"));
        assert_eq!(
            check(&base(), &odd),
            vec![
                immutable("spec.networking.type"),
                err(
                    "spec.networking.ipFamilies",
                    ErrorType::FieldValueForbidden,
                    "unsupported IP family update: oldIPFamilies=[], newIPFamilies=[IPv4]"
                )
            ]
        );
    }

    /// The encryption provider's type is defaulted where absent or `null`; another type, or a
    /// provider that is no object, reads as empty. A rotation phase or an encrypted resource of
    /// another type reads as empty.
    #[test]
    fn encryption_configuration_of_other_types() {
        let mut old = base();
        set(
            &mut old,
            "/status",
            json!({
                "lastOperation": {"type": "Create", "state": "Processing"},
                "credentials": {
                    "encryptionAtRest": {"provider": {"type": "aescbc"}, "resources": [5]},
                    "rotation": {"etcdEncryptionKey": {"phase": 5}}
                }
            }),
        );
        set(
            &mut old,
            "/spec/kubernetes/kubeAPIServer",
            json!({"encryptionConfig": {"resources": [true], "provider": {"type": null}}}),
        );
        assert_eq!(check(&old, &old), vec![]);
        let path = "spec.kubernetes.kubeAPIServer.encryptionConfig.provider.type";
        let type_changed = vec![err(
            path,
            ErrorType::FieldValueForbidden,
            "provider type cannot be changed if resource was not yet created successfully or is not ready for reconciliation",
        )];
        for provider in [json!({"type": 5}), json!("aescbc"), json!([])] {
            let mut new = old.clone();
            set(
                &mut new,
                "/spec/kubernetes/kubeAPIServer/encryptionConfig/provider",
                provider,
            );
            assert_eq!(check(&new, &new), vec![], "{new}");
            assert_eq!(check(&new, &old), type_changed, "{new}");
        }
        let mut new = old.clone();
        set(
            &mut new,
            "/spec/kubernetes/kubeAPIServer/encryptionConfig",
            json!(null),
        );
        assert_eq!(check(&new, &old), vec![]);
        set(
            &mut new,
            "/spec/kubernetes/kubeAPIServer/encryptionConfig",
            json!(["secrets"]),
        );
        let mut both_changed = type_changed.clone();
        both_changed.push(err(
            path,
            ErrorType::FieldValueForbidden,
            "provider type and resources cannot be changed simultaneously",
        ));
        assert_eq!(check(&new, &old), both_changed);
    }

    /// A deleting Shoot compares its spec with the defaults applied: the garden namespace's
    /// toleration and a pool's update strategy, surge and unavailability as Gardener writes them.
    #[test]
    fn a_deleting_shoot_compares_the_defaulted_spec() {
        let mut old = base();
        set(&mut old, "/metadata/namespace", json!("garden"));
        being_deleted(&mut old);
        let mut new = old.clone();
        set(
            &mut new,
            "/spec/tolerations",
            json!([{"key": "seed.gardener.cloud/protected"}]),
        );
        set(
            &mut new,
            "/spec/provider/workers/0/updateStrategy",
            json!("AutoRollingUpdate"),
        );
        set(&mut new, "/spec/provider/workers/0/maxSurge", json!(1));
        set(
            &mut new,
            "/spec/provider/workers/0/systemComponents",
            json!({"allow": true}),
        );
        assert_eq!(check(&new, &old), vec![]);
        set(
            &mut new,
            "/spec/tolerations",
            json!([{"key": "seed.gardener.cloud/protected", "value": "x"}]),
        );
        set(
            &mut new,
            "/spec/provider/workers/0/updateStrategy",
            json!("AutoInPlaceUpdate"),
        );
        assert_eq!(
            check(&new, &old),
            vec![err(
                "spec",
                ErrorType::FieldValueForbidden,
                "cannot update shoot spec if deletion timestamp is set. Requested changes: Provider.Workers.slice[0].MaxUnavailable.IntVal: 1 != 0,Provider.Workers.slice[0].MachineControllerManagerSettings: core.MachineControllerManagerSettings != <nil pointer>,Provider.Workers.slice[0].UpdateStrategy: AutoInPlaceUpdate != AutoRollingUpdate,Tolerations.slice[0].Value: string != <nil pointer>,Tolerations.slice[1]: {seed.gardener.cloud/protected <nil>} != <no value>"
            )]
        );
    }
}
