//! The static Shoot validation of the Shoot's metadata and of its spec-level fields, as Gardener's
//! `ValidateShoot` runs it (`pkg/api/core/validation/shoot.go` and `utils.go`, gardener v1.149.3):
//!
//! * `ValidateShootWithOpts`: `ValidateObjectMeta` (apimachinery `pkg/api/validation/objectmeta.go`,
//!   the name a DNS-1123 label) and `validateNameConsecutiveHyphens`; `ValidateShootHAConfig`.
//! * `ValidateShootSpec`, without the provider and workers (`validateProvider`), the components of
//!   `spec.kubernetes` (`validateKubernetes`), `validateMaintenance` and `ValidateTolerations`, which
//!   other modules check: `ValidateCloudProfileReference`, `validateAddons`, `validateDNS` (with
//!   `validateDNSCredentialsRef` and `ValidateLocalCredentialsRef`), `validateExtensions`,
//!   `ValidateResources`, `validateNetworking` (with `ValidateIPFamilies` and Gardener's CIDR helpers
//!   of `pkg/utils/validation/cidr`), `validateMonitoring`, `ValidateHibernation` (whose schedules
//!   [`crate::hibernation::validate_hibernation_schedules`] checks), the region, the binding names,
//!   `seedName` and `seedSelector`, the purpose, `ValidateSystemComponents`, `exposureClassName`, the
//!   self-hosted rules (`validateSelfHostedShootControlPlane`), `schedulerName` and, from gardener
//!   `b312835d` (the project's reference; v1.149.3 lacks the field), `validateControlPlaneZones`.
//!
//! `validateShootOperation` (the operation annotations) is not here: it reads the status, and
//! `crate::rollout::strategy` has its part about worker rollouts.
//!
//! The Shoot is judged as the API server stores it: after the v1beta1 defaults that these rules
//! read (`SetDefaults_Shoot`, `SetDefaults_Networking`, `SetDefaults_NginxIngress`,
//! `SetDefaults_Worker`) and, for [`validate_shoot_spec`], after what the create request does before
//! validating: the name generated from `generateName`, the namespace taken from the request, and the
//! registry strategy's `SyncCloudProfileFields` and `SyncDNSProviderCredentials`
//! (`pkg/apiserver/registry/core/shoot/strategy.go`). Feature gates have their defaults
//! (`DisableNginxIngressInShoot` off, so the nginx-ingress addon is allowed).

use super::components::WORKERLESS;
use super::names::{
    dns1123_label, dns1123_subdomain, invalid_each, label_key, supported, too_long,
    validate_annotations, validate_label, CHARACTERS,
};
use crate::api::{
    IntOrString, ObjectMeta, Shoot, ShootSpec, Worker, WrittenDnsProvider,
    WrittenManagedFieldsEntry, WrittenNamedResourceReference, WrittenObjectReference,
    WrittenOwnerReference,
};
use crate::field::FieldError;
use crate::golang::{quote, Cidr};
use crate::version::{k8s_at_least, k8s_below};
use serde_json::{Map, Value};
use std::collections::BTreeSet;

use crate::api::GARDEN_NAMESPACE;
const MAINTENANCE_OPERATION: &str = "maintenance.gardener.cloud/operation";

/// Every error `ValidateShoot` reports about the Shoot's metadata and its spec-level fields (see the
/// module's introduction for which), in Gardener's order, for the Shoot as a create request stores
/// it: the strategy's field synchronisation applied.
pub fn validate_shoot_spec(shoot: &Shoot) -> Vec<FieldError> {
    validate(shoot, true, None)
}

/// [`validate_shoot_spec`] for an update from `old`: the strategy then syncs `cloudProfileName`
/// against the stored one.
pub fn validate_shoot_spec_on_update(shoot: &Shoot, old: &Shoot) -> Vec<FieldError> {
    validate(shoot, true, Some(old))
}

/// [`validate_shoot_spec`] on the Shoot as it is after the defaults and the conversion alone, as
/// `ValidateShoot` is called on it directly: no generated name, no namespace filled in and no
/// synchronisation of `cloudProfile`/`cloudProfileName` and of the DNS providers' `secretName`/
/// `credentialsRef`.
pub fn validate_shoot_spec_without_strategy(shoot: &Shoot) -> Vec<FieldError> {
    validate(shoot, false, None)
}

fn validate(shoot: &Shoot, as_created: bool, old: Option<&Shoot>) -> Vec<FieldError> {
    let spec = &shoot.spec;
    let meta = &shoot.metadata;
    let version = spec.kubernetes.version.as_str();
    let workerless = spec.provider.workers.is_empty();
    let self_hosted = spec.is_self_hosted();
    let mut errors = Vec::new();

    let name = validate_object_meta(meta, as_created, &mut errors);
    if name.contains("--") {
        errors.push(FieldError::invalid(
            "metadata.name",
            "name may not contain two consecutive hyphens",
        ));
    }

    let (cloud_profile_name, cloud_profile) = cloud_profile_fields(shoot, as_created, old);
    validate_cloud_profile_reference(
        cloud_profile.as_ref(),
        cloud_profile_name.as_deref(),
        version,
        &mut errors,
    );
    // `SetDefaults_Shoot`'s purpose, which `default_shoot` leaves unwritten in a pasted Shoot.
    let purpose = (spec.purpose.as_deref()).unwrap_or(crate::defaults::DEFAULT_PURPOSE);
    validate_addons(spec, purpose, workerless, version, &mut errors);
    if let Some(dns) = &spec.dns {
        validate_dns(dns, version, as_created, &mut errors);
    }
    validate_extensions(&spec.extension_types(), &mut errors);
    validate_resources(&spec.resources(), &mut errors);
    validate_networking(spec, workerless, &mut errors);
    validate_monitoring(&spec.alerting_email_receivers(), &mut errors);
    validate_hibernation(shoot, self_hosted, &mut errors);

    if spec.region.is_empty() {
        errors.push(FieldError::required("spec.region", "must specify a region"));
    }
    validate_binding_names(spec, workerless, self_hosted, version, &mut errors);

    if spec.seed_name.as_deref() == Some("") {
        errors.push(FieldError::invalid(
            "spec.seedName",
            "seed name must not be empty when providing the key",
        ));
    }
    // `metav1validation.ValidateLabelSelector` with the default options.
    if let Some(selector) = spec.seed_label_selector_as_written() {
        let path = crate::field::Path::new("spec.seedSelector");
        errors.extend(crate::constraints::selector::validate_label_selector(
            &selector, &path,
        ));
    }
    if let Some(purpose) = &spec.purpose {
        let mut allowed = vec!["development", "evaluation", "production", "testing"];
        if meta.namespace == GARDEN_NAMESPACE {
            allowed.insert(2, "infrastructure");
        }
        if !allowed.contains(&purpose.as_str()) {
            errors.push(supported("spec.purpose", &allowed));
        }
    }
    validate_system_components(spec, workerless, &mut errors);

    if let Some(class) = spec.exposure_class_name() {
        for message in dns1123_subdomain(class, CHARACTERS) {
            errors.push(FieldError::invalid(
                "spec.exposureClassName",
                format!(
                    "exposureClassName is not a valid DNS subdomain: {}",
                    quote(&message)
                ),
            ));
        }
    }

    if self_hosted {
        if spec.seed_name.is_some() {
            errors.push(FieldError::invalid(
                "spec.seedName",
                "cannot set seedName for self-hosted shoots",
            ));
        }
        if meta.namespace != GARDEN_NAMESPACE {
            errors.push(FieldError::invalid(
                "metadata.namespace",
                format!(
                    "self-hosted shoots must be in the {} namespace",
                    quote(GARDEN_NAMESPACE)
                ),
            ));
        }
        validate_self_hosted_control_plane(spec, &mut errors);
    }

    // `SetDefaults_Shoot`: an unset scheduler name is `default-scheduler`, a valid label.
    if let Some(scheduler) = spec.scheduler_name() {
        invalid_each("spec.schedulerName", dns1123_label(scheduler), &mut errors);
    }

    validate_control_plane_zones(spec, &mut errors);

    // `ValidateShootHAConfig`.
    if spec.has_high_availability() {
        let tolerance = spec.failure_tolerance_type().unwrap_or("");
        if !matches!(tolerance, "node" | "zone") {
            errors.push(supported(
                "spec.controlPlane.highAvailability.failureTolerance.type",
                &["node", "zone"],
            ));
        }
    }
    errors
}

// ----- metadata -----

/// `ValidateObjectMeta` with a DNS-label name and a required namespace. Answers the name the later
/// checks read.
fn validate_object_meta(
    meta: &ObjectMeta,
    as_created: bool,
    errors: &mut Vec<FieldError>,
) -> String {
    let generate_name = meta.generate_name();
    if !generate_name.is_empty() {
        invalid_each(
            "metadata.generateName",
            dns1123_label(&mask_trailing_dash(generate_name)),
            errors,
        );
    }
    let mut name = meta.name.clone();
    if name.is_empty() && as_created && !generate_name.is_empty() {
        // The request's name generator: at most 58 bytes of `generateName` and five random
        // lower-case letters or digits, which change nothing the rules check.
        let base = &generate_name.as_bytes()[..generate_name.len().min(58)];
        name = format!("{}xxxxx", String::from_utf8_lossy(base));
    }
    if name.is_empty() {
        errors.push(FieldError::required(
            "metadata.name",
            "name or generateName is required",
        ));
    } else {
        invalid_each("metadata.name", dns1123_label(&name), errors);
    }
    // A request always has a namespace: the API server takes it from the request's path.
    if meta.namespace.is_empty() && !as_created {
        errors.push(FieldError::required("metadata.namespace", ""));
    } else if !meta.namespace.is_empty() {
        invalid_each("metadata.namespace", dns1123_label(&meta.namespace), errors);
    }
    if meta.generation < 0 {
        errors.push(FieldError::invalid(
            "metadata.generation",
            "must be greater than or equal to 0",
        ));
    }
    validate_labels_annotations_owners(meta, errors);
    // A finalizer that is no text reads as empty, which names neither of the two.
    let finalizers = meta.finalizers();
    for finalizer in &finalizers {
        invalid_each("metadata.finalizers", label_key(finalizer), errors);
    }
    let has = |name: &str| finalizers.contains(&name);
    if has("orphan") && has("foregroundDeletion") {
        errors.push(FieldError::invalid(
            "metadata.finalizers",
            "finalizer orphan and foregroundDeletion cannot be both set",
        ));
    }
    validate_managed_fields_of(meta, errors);
    name
}

/// The labels, annotations and owner references of `ValidateObjectMeta`, which
/// `ValidateObjectMetaUpdate` checks again on every update (with the managed fields).
pub(super) fn validate_labels_annotations_owners(meta: &ObjectMeta, errors: &mut Vec<FieldError>) {
    for (key, value) in &meta.labels {
        validate_label(key, value, "metadata.labels", errors);
    }
    let annotations: Vec<(&str, &str)> = (meta.annotations.iter())
        .map(|(key, value)| (key.as_str(), value.as_str()))
        .collect();
    validate_annotations(&annotations, "metadata.annotations", errors);
    validate_owner_references(&meta.owner_references(), errors);
}

/// The managed fields of `ValidateObjectMeta` (and of `ValidateObjectMetaUpdate`).
pub(super) fn validate_managed_fields_of(meta: &ObjectMeta, errors: &mut Vec<FieldError>) {
    validate_managed_fields(&meta.managed_fields(), errors);
}

/// `maskTrailingDash`, bug included: a trailing dash replaces the last two bytes with `a`.
fn mask_trailing_dash(name: &str) -> String {
    if name.len() > 1 && name.ends_with('-') {
        let kept = &name.as_bytes()[..name.len() - 2];
        format!("{}a", String::from_utf8_lossy(kept))
    } else {
        name.to_string()
    }
}

/// `ValidateOwnerReferences`: the errors of each reference are at the list's own path.
fn validate_owner_references(references: &[WrittenOwnerReference], errors: &mut Vec<FieldError>) {
    const PATH: &str = "metadata.ownerReferences";
    let mut first_controller: Option<String> = None;
    for reference in references {
        let api_version = reference.api_version.as_str();
        let kind = reference.kind.as_str();
        let (group, version) = super::names::parse_group_version(api_version).unwrap_or_default();
        if version.is_empty() {
            errors.push(FieldError::invalid(
                format!("{PATH}.apiVersion"),
                "version must not be empty",
            ));
        }
        if kind.is_empty() {
            errors.push(FieldError::invalid(
                format!("{PATH}.kind"),
                "must not be empty",
            ));
        }
        if reference.name.is_empty() {
            errors.push(FieldError::invalid(
                format!("{PATH}.name"),
                "must not be empty",
            ));
        }
        if reference.uid.is_empty() {
            errors.push(FieldError::invalid(
                format!("{PATH}.uid"),
                "must not be empty",
            ));
        }
        if group.is_empty() && version == "v1" && kind == "Event" {
            errors.push(FieldError::invalid(
                PATH,
                "/v1, Kind=Event is disallowed from being an owner",
            ));
        }
        if reference.controller {
            let current = format!("{kind}/{}", reference.name);
            match &first_controller {
                Some(first) => errors.push(FieldError::invalid(
                    PATH,
                    format!("Only one reference can have Controller set to true. Found \"true\" in references for {first} and {current}"),
                )),
                None => first_controller = Some(current),
            }
        }
    }
}

/// `ValidateManagedFields`.
fn validate_managed_fields(entries: &[WrittenManagedFieldsEntry], errors: &mut Vec<FieldError>) {
    for (index, entry) in entries.iter().enumerate() {
        let path = format!("metadata.managedFields[{index}]");
        if !matches!(entry.operation.as_str(), "Apply" | "Update") {
            errors.push(FieldError::invalid(
                format!("{path}.operation"),
                "must be `Apply` or `Update`",
            ));
        }
        let fields_type = entry.fields_type.as_str();
        if !fields_type.is_empty() && fields_type != "FieldsV1" {
            errors.push(FieldError::invalid(
                format!("{path}.fieldsType"),
                "must be `FieldsV1`",
            ));
        }
        let manager = entry.manager.as_str();
        if manager.len() > 128 {
            errors.push(too_long(format!("{path}.manager"), 128));
        }
        for (position, c) in manager.char_indices() {
            // Go's `unicode.IsPrint`: what `strconv.Quote` leaves as it is (and the two it escapes
            // although they print).
            let printable = matches!(c, '"' | '\\') || quote(&c.to_string()) == format!("\"{c}\"");
            if !printable {
                errors.push(FieldError::invalid(
                    format!("{path}.manager"),
                    format!(
                        "invalid character U+{:04X} (at position {position})",
                        c as u32
                    ),
                ));
            }
        }
        if entry.subresource.len() > 256 {
            errors.push(too_long(format!("{path}.subresource"), 256));
        }
    }
}

/// `schema.FromAPIVersionAndKind(…).String()`: `group/version, Kind=kind`, the group and version
/// empty when the API version does not parse.
fn gvk_string(api_version: &str, kind: &str) -> String {
    let (group, version) = super::names::parse_group_version(api_version).unwrap_or_default();
    format!("{group}/{version}, Kind={kind}")
}

// ----- cloud profile -----

/// `cloudProfileName` and `cloudProfile` (kind, name) as validation sees them: after the strategy's
/// `SyncCloudProfileFields(old, shoot)` when `as_created` (`old` absent on create).
fn cloud_profile_fields(
    shoot: &Shoot,
    as_created: bool,
    old: Option<&Shoot>,
) -> (Option<String>, Option<(String, String)>) {
    let spec = &shoot.spec;
    let mut name = spec.cloud_profile_name.clone();
    let mut reference = (spec.cloud_profile.as_ref())
        .map(|reference| (reference.kind.clone(), reference.name.clone()));
    if as_created && shoot.metadata.deletion_timestamp.is_none() {
        let version = &spec.kubernetes.version;
        let old_name = old.map(|old| old.spec.cloud_profile_name.as_deref().unwrap_or(""));
        sync_cloud_profile_fields(version, old_name, &mut name, &mut reference);
    }
    (name, reference)
}

/// `SyncCloudProfileFields` (`pkg/utils/gardener/cloudprofile.go`) of `cloudProfileName` and the
/// `cloudProfile` reference (kind, name), as the strategy runs it on a create (`old_name` `None`)
/// and on an update (`old_name` the stored `cloudProfileName`, empty when unset).
pub(super) fn sync_cloud_profile_fields(
    version: &str,
    old_name: Option<&str>,
    name: &mut Option<String>,
    reference: &mut Option<(String, String)>,
) {
    const CLOUD_PROFILE: &str = "CloudProfile";
    let at_least = |minor| crate::version::k8s_minor_at_least(version, minor);
    if at_least(34) != Some(true) && reference.is_none() {
        *reference = name.clone().map(|name| (CLOUD_PROFILE.to_string(), name));
    }
    let Some((kind, profile)) = reference else {
        return;
    };
    if kind.is_empty() {
        *kind = CLOUD_PROFILE.to_string();
    }
    let current = name.as_deref().unwrap_or("");
    if at_least(34) == Some(true) {
        if old_name.is_some_and(|old| {
            name.is_some() && kind == CLOUD_PROFILE && current == old && current == profile
        }) {
            *name = None;
        }
    } else if kind != CLOUD_PROFILE {
        *name = None;
    } else if at_least(33) != Some(true) || (!current.is_empty() && current != profile) {
        // A version that does not parse meets no constraint.
        *name = Some(profile.clone());
    }
}

/// `ValidateCloudProfileReference`.
pub(super) fn validate_cloud_profile_reference(
    reference: Option<&(String, String)>,
    name: Option<&str>,
    version: &str,
    errors: &mut Vec<FieldError>,
) {
    if !version.is_empty() && k8s_at_least(version, 34) && name.is_some_and(|name| !name.is_empty())
    {
        errors.push(FieldError::forbidden(
            "spec.cloudProfileName",
            "for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead",
        ));
    }
    let fallback = name.map(|name| ("CloudProfile".to_string(), name.to_string()));
    let Some((kind, profile)) = reference.or(fallback.as_ref()) else {
        errors.push(FieldError::required(
            "spec.cloudProfile.name",
            "must specify a cloud profile",
        ));
        return;
    };
    if profile.is_empty() {
        errors.push(FieldError::required(
            "spec.cloudProfile.name",
            "must specify a cloud profile",
        ));
        return;
    }
    if !matches!(kind.as_str(), "CloudProfile" | "NamespacedCloudProfile") {
        errors.push(supported(
            "spec.cloudProfile.kind",
            &["CloudProfile", "NamespacedCloudProfile"],
        ));
    }
}

// ----- addons -----

/// `validateAddons` with the default options (`AllowNginxIngress`, the gate being off).
fn validate_addons(
    spec: &ShootSpec,
    purpose: &str,
    workerless: bool,
    version: &str,
    errors: &mut Vec<FieldError>,
) {
    let Some(addons) = spec.written_addons() else {
        return;
    };
    if workerless {
        errors.push(FieldError::forbidden(
            "spec.addons",
            "addons cannot be enabled for Workerless Shoot clusters",
        ));
        return;
    }
    if k8s_at_least(version, 35) {
        errors.push(FieldError::forbidden(
            "spec.addons",
            "for Kubernetes versions >= 1.35, addons field is no longer supported",
        ));
        return;
    }
    let (nginx, dashboard) = (addons.nginx_ingress, addons.kubernetes_dashboard);
    if (nginx.is_some() || dashboard.is_some()) && purpose != "evaluation" {
        errors.push(FieldError::forbidden(
            "spec.addons",
            "addons can only be enabled on shoots with .spec.purpose=evaluation",
        ));
    }
    if let Some(nginx) = nginx {
        for (index, range) in nginx.load_balancer_source_ranges.iter().enumerate() {
            let path = format!("spec.addons.nginxIngress.loadBalancerSourceRanges[{index}]");
            invalid_each(&path, cidr_strict_problems(range), errors);
        }
        let mut size = 0;
        for (key, value) in &nginx.config {
            for message in config_map_key(key) {
                errors.push(FieldError::invalid(
                    format!("spec.addons.nginxIngress.config[{key}]"),
                    message,
                ));
            }
            size += value.len();
        }
        if size > 1024 * 1024 {
            errors.push(too_long("spec.addons.nginxIngress.config", 1024 * 1024));
        }
        // `SetDefaults_NginxIngress`: an unset policy is `Cluster`.
        if let Some(policy) = &nginx.external_traffic_policy {
            if !matches!(policy.as_str(), "Cluster" | "Local") {
                errors.push(supported(
                    "spec.addons.nginxIngress.externalTrafficPolicy",
                    &["Cluster", "Local"],
                ));
            }
        }
    }
    if let Some(dashboard) = dashboard {
        // `SetDefaults_Shoot`: an enabled dashboard of a Shoot with workers authenticates by token.
        if let Some(mode) = &dashboard.authentication_mode {
            if mode != "token" {
                errors.push(supported(
                    "spec.addons.kubernetesDashboard.authenticationMode",
                    &["token"],
                ));
            }
        }
    }
}

/// `IsConfigMapKey`.
fn config_map_key(key: &str) -> Vec<String> {
    let mut messages = Vec::new();
    if key.len() > 253 {
        messages.push(format!("must be no more than 253 {CHARACTERS}"));
    }
    let valid = !key.is_empty()
        && (key.bytes()).all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'));
    if !valid {
        messages.push("a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')".to_string());
    }
    if key == "." {
        messages.push("must not be '.'".to_string());
    } else if key == ".." {
        messages.push("must not be '..'".to_string());
    } else if key.starts_with("..") {
        messages.push("must not start with '..'".to_string());
    }
    messages
}

// ----- DNS -----

/// A DNS provider's fields as the static validation reads them: a `type` or `secretName` that is
/// no text is unset.
#[derive(Debug, Clone, Default)]
struct DnsProvider {
    primary: Option<bool>,
    secret_name: Option<String>,
    provider_type: Option<String>,
    credentials_ref: Option<WrittenObjectReference>,
}

impl DnsProvider {
    fn of(written: WrittenDnsProvider) -> DnsProvider {
        DnsProvider {
            primary: written.primary,
            secret_name: written.secret_name_text,
            provider_type: written.provider_type_text,
            credentials_ref: written.credentials_ref,
        }
    }

    fn is_secret_reference(&self) -> bool {
        (self.credentials_ref.as_ref())
            .is_some_and(|reference| reference.api_version == "v1" && reference.kind == "Secret")
    }
}

/// `validateDNS`.
fn validate_dns(
    dns: &crate::api::Dns,
    version: &str,
    as_created: bool,
    errors: &mut Vec<FieldError>,
) {
    let sync = as_created && !k8s_at_least(version, 35);
    let providers: Vec<DnsProvider> = (dns.written_providers().into_iter())
        .map(|mut provider| {
            if sync {
                match synced_dns_credentials(&provider) {
                    Some(SyncedDnsCredentials::CredentialsRef(secret)) => {
                        provider.credentials_ref = Some(secret_reference(secret));
                    }
                    Some(SyncedDnsCredentials::SecretName(name)) => {
                        provider.secret_name_text = Some(name.clone());
                        provider.secret_name = Some(name);
                    }
                    None => {}
                }
            }
            DnsProvider::of(provider)
        })
        .collect();

    if let Some(domain) = &dns.domain {
        invalid_each(
            "spec.dns.domain",
            dns1123_subdomain(domain, CHARACTERS),
            errors,
        );
    }
    let primary = providers
        .iter()
        .find(|provider| provider.primary == Some(true));
    if let Some(provider_type) = primary.and_then(|p| p.provider_type.as_deref()) {
        if provider_type != "unmanaged" && dns.domain.is_none() {
            errors.push(FieldError::required(
                "spec.dns.domain",
                "domain must be set when primary provider type is not set to \"unmanaged\"",
            ));
        }
    }

    let at_least_135 = k8s_at_least(version, 35);
    let below_135 = k8s_below(version, 35);
    let mut used: BTreeSet<(String, String, String)> = BTreeSet::new();
    let mut primary_found = false;
    for (index, provider) in providers.iter().enumerate() {
        let path = format!("spec.dns.providers[{index}]");
        if provider.secret_name.is_some() && at_least_135 {
            errors.push(FieldError::forbidden(
                format!("{path}.secretName"),
                "for Kubernetes versions >= 1.35, secretName field is no longer supported",
            ));
        }
        validate_dns_credentials_ref(provider, below_135, &path, errors);

        if let (Some(reference), Some(provider_type)) =
            (&provider.credentials_ref, &provider.provider_type)
        {
            let credential = (
                provider_type.clone(),
                format!("{}/{}", reference.api_version, reference.kind),
                reference.name.clone(),
            );
            if !used.insert(credential) {
                errors.push(FieldError::invalid(
                    path,
                    "combination of .credentialsRef and .type must be unique across dns providers",
                ));
                continue;
            }
        }
        if provider.primary == Some(true) {
            if primary_found {
                errors.push(FieldError::forbidden(
                    format!("{path}.primary"),
                    "multiple primary DNS providers are not supported",
                ));
                continue;
            }
            primary_found = true;
        }
        if provider.provider_type.as_deref() == Some("unmanaged")
            && provider.credentials_ref.is_some()
        {
            errors.push(FieldError::invalid(
                format!("{path}.credentialsRef"),
                "credentialsRef must not be set when type is \"unmanaged\"",
            ));
            continue;
        }
        if provider.credentials_ref.is_some() && provider.provider_type.is_none() {
            errors.push(FieldError::required(
                format!("{path}.type"),
                "type must be set when credentialsRef is set",
            ));
        }
        if provider.primary != Some(true) && provider.credentials_ref.is_none() {
            errors.push(FieldError::required(
                format!("{path}.credentialsRef"),
                "non-primary DNS providers must specify `credentialsRef`",
            ));
        }
    }
}

/// `SyncDNSProviderCredentials` of one provider, which the strategy runs below Kubernetes 1.35: a
/// lone `secretName` gets its Secret reference, and a lone Secret reference its `secretName`.
pub(super) fn sync_dns_provider_credentials(provider: &mut Map<String, Value>) {
    match synced_dns_credentials(&WrittenDnsProvider::read(provider)) {
        Some(SyncedDnsCredentials::CredentialsRef(secret)) => {
            let reference =
                serde_json::json!({ "apiVersion": "v1", "kind": "Secret", "name": secret });
            provider.insert("credentialsRef".into(), reference);
        }
        Some(SyncedDnsCredentials::SecretName(name)) => {
            provider.insert("secretName".into(), Value::String(name));
        }
        None => {}
    }
}

/// What `SyncDNSProviderCredentials` writes into one provider.
enum SyncedDnsCredentials {
    /// A reference to the Secret of this name (a `secretName` that is no text names "").
    CredentialsRef(String),
    /// The `secretName` of the Secret the reference names.
    SecretName(String),
}

fn synced_dns_credentials(provider: &WrittenDnsProvider) -> Option<SyncedDnsCredentials> {
    match (&provider.secret_name, &provider.credentials_ref) {
        (Some(secret), None) => Some(SyncedDnsCredentials::CredentialsRef(secret.clone())),
        (None, Some(reference)) if reference.api_version == "v1" && reference.kind == "Secret" => {
            Some(SyncedDnsCredentials::SecretName(reference.name.clone()))
        }
        _ => None,
    }
}

/// A `credentialsRef` to the Secret `name`, as the synchronisation writes it.
fn secret_reference(name: String) -> WrittenObjectReference {
    WrittenObjectReference {
        api_version: "v1".to_string(),
        kind: "Secret".to_string(),
        name,
        namespace: String::new(),
    }
}

/// `validateDNSCredentialsRef`.
fn validate_dns_credentials_ref(
    provider: &DnsProvider,
    below_135: bool,
    path: &str,
    errors: &mut Vec<FieldError>,
) {
    let secret_path = format!("{path}.secretName");
    let Some(reference) = &provider.credentials_ref else {
        if provider.secret_name.is_some() && below_135 {
            errors.push(FieldError::forbidden(
                secret_path,
                "must not be set when `credentialsRef` is not set",
            ));
        }
        return;
    };
    super::workers::validate_credentials_ref(
        [&reference.api_version, &reference.kind, &reference.name],
        None,
        &format!("{path}.credentialsRef"),
        errors,
    );
    if provider.is_secret_reference() {
        if below_135 && provider.secret_name.as_deref() != Some(reference.name.as_str()) {
            errors.push(FieldError::forbidden(
                secret_path,
                "must refer to the same secret as `credentialsRef`",
            ));
        }
    } else if provider
        .secret_name
        .as_deref()
        .is_some_and(|name| !name.is_empty())
    {
        errors.push(FieldError::forbidden(
            secret_path,
            "must not be set when `credentialsRef` does not refer to secret resource",
        ));
    }
}

// ----- extensions, resources, monitoring -----

/// `validateExtensions`.
fn validate_extensions(extension_types: &[&str], errors: &mut Vec<FieldError>) {
    let mut types = BTreeSet::new();
    for (index, &extension_type) in extension_types.iter().enumerate() {
        let path = format!("spec.extensions[{index}].type");
        if extension_type.is_empty() {
            errors.push(FieldError::required(
                path.clone(),
                "field must not be empty",
            ));
        } else {
            invalid_each(&path, dns1123_label(extension_type), errors);
        }
        if !types.insert(extension_type) {
            errors.push(FieldError::duplicate(path));
        }
    }
}

/// `ValidateResources` with WorkloadIdentity references allowed.
fn validate_resources(resources: &[WrittenNamedResourceReference], errors: &mut Vec<FieldError>) {
    let mut names = BTreeSet::new();
    for (index, resource) in resources.iter().enumerate() {
        let path = format!("spec.resources[{index}]");
        let name = resource.name.as_str();
        if name.is_empty() {
            errors.push(FieldError::required(
                format!("{path}.name"),
                "field must not be empty",
            ));
        } else if !names.insert(name) {
            errors.push(FieldError::duplicate(format!("{path}.name")));
        }
        // `validateCrossVersionObjectReference`.
        let reference_path = format!("{path}.resourceRef");
        // A part that is absent or no text reads as empty.
        let reference = &resource.resource_ref;
        let api_version = reference.api_version.as_deref().unwrap_or_default();
        let kind = reference.kind.as_deref().unwrap_or_default();
        if api_version.is_empty() {
            errors.push(FieldError::required(
                format!("{reference_path}.apiVersion"),
                "must provide an apiVersion",
            ));
        }
        if kind.is_empty() {
            errors.push(FieldError::required(
                format!("{reference_path}.kind"),
                "must provide a kind",
            ));
        }
        const ALLOWED: [&str; 3] = [
            "/v1, Kind=Secret",
            "/v1, Kind=ConfigMap",
            "security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity",
        ];
        match super::names::parse_group_version(api_version) {
            Err(error) => errors.push(FieldError::invalid(
                reference_path.clone(),
                format!("cannot determine GroupVersionKind for specified reference: {error}"),
            )),
            Ok(_) if !ALLOWED.contains(&gvk_string(api_version, kind).as_str()) => {
                errors.push(supported(reference_path.clone(), &ALLOWED))
            }
            Ok(_) => {}
        }
        if reference.name.as_deref().unwrap_or_default().is_empty() {
            errors.push(FieldError::required(
                format!("{reference_path}.name"),
                "must provide a name",
            ));
        }
    }
}

/// `validateMonitoring`: the alerting e-mail receivers are valid and unique.
fn validate_monitoring(email_receivers: &[&str], errors: &mut Vec<FieldError>) {
    let mut seen = BTreeSet::new();
    for (index, &email) in email_receivers.iter().enumerate() {
        let path = format!("spec.monitoring.alerting.emailReceivers[{index}]");
        if !is_email(email) {
            errors.push(FieldError::invalid(
                path.clone(),
                "must provide a valid email",
            ));
        }
        if !seen.insert(email) {
            errors.push(FieldError::duplicate(path));
        }
    }
}

/// `utils.TestEmail`: `^[^@]+@(?:[a-zA-Z-0-9]+\.)+[a-zA-Z]{2,}$`.
fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let labels: Vec<&str> = domain.split('.').collect();
    let Some((top, rest)) = labels.split_last() else {
        return false;
    };
    !local.is_empty()
        && !rest.is_empty()
        && (rest.iter()).all(|label| {
            !label.is_empty()
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
        && top.len() >= 2
        && top.bytes().all(|b| b.is_ascii_alphabetic())
}

// ----- networking -----

/// `validateNetworking`, on the defaulted networking: `SetDefaults_Shoot` sets an empty one and
/// `SetDefaults_Networking` the IP family `IPv4` when none is given.
fn validate_networking(spec: &ShootSpec, workerless: bool, errors: &mut Vec<FieldError>) {
    let networking = spec.networking_fields_as_written();
    if workerless {
        let set = [
            ("type", networking.networking_type.is_some()),
            ("providerConfig", networking.provider_config_set),
            ("pods", networking.pods.is_some()),
            ("nodes", networking.nodes.is_some()),
        ];
        for (key, _) in set.into_iter().filter(|(_, set)| *set) {
            errors.push(FieldError::forbidden(
                format!("spec.networking.{key}"),
                WORKERLESS,
            ));
        }
    } else {
        // A type that is no text reads as unset.
        let networking_type = networking.networking_type.flatten().unwrap_or_default();
        if networking_type.is_empty() {
            errors.push(FieldError::required(
                "spec.networking.type",
                "networking type must be provided",
            ));
        } else if !label_key(&format!(
            "networking.extensions.gardener.cloud/{networking_type}"
        ))
        .is_empty()
        {
            errors.push(FieldError::invalid(
                "spec.networking.type",
                "type must be a valid label name",
            ));
        }
    }

    let families = spec.ip_families();
    let mut family_errors = Vec::new();
    let mut seen = BTreeSet::new();
    for (index, family) in families.iter().enumerate() {
        let path = format!("spec.networking.ipFamilies[{index}]");
        if !matches!(*family, "IPv4" | "IPv6") {
            family_errors.push(supported(path.clone(), &["IPv4", "IPv6"]));
        }
        if !seen.insert(*family) {
            family_errors.push(FieldError::duplicate(path));
        }
    }
    if !family_errors.is_empty() {
        // Without valid families the CIDRs' family is unknown: Gardener stops here.
        errors.extend(family_errors);
        return;
    }
    let single_stack = families.len() < 2;
    let cidrs = [
        ("nodes", networking.nodes),
        ("pods", networking.pods),
        ("services", networking.services),
    ];
    for (key, cidr) in cidrs {
        // A CIDR that is no text reads as unset.
        let Some(cidr) = cidr.flatten() else {
            continue;
        };
        let cidr = cidr.as_str();
        let path = format!("spec.networking.{key}");
        match Cidr::parse(cidr) {
            None => errors.push(FieldError::invalid(
                path,
                format!("invalid CIDR address: {cidr}"),
            )),
            Some(parsed) => {
                if single_stack {
                    let ipv4 = parsed.is_ipv4();
                    if families[0] == "IPv4" && !ipv4 {
                        errors.push(FieldError::invalid(
                            path.clone(),
                            "must be a valid IPv4 address",
                        ));
                    } else if families[0] == "IPv6" && ipv4 {
                        errors.push(FieldError::invalid(
                            path.clone(),
                            "must be a valid IPv6 address",
                        ));
                    }
                }
                if !parsed.is_canonical() {
                    errors.push(FieldError::invalid(path, "must be valid canonical CIDR"));
                }
            }
        }
    }
}

/// `validation.IsValidCIDR`: the messages for a CIDR Kubernetes does not take as it is, in order.
fn cidr_strict_problems(text: &str) -> Vec<String> {
    let Some((address, bits)) = parse_cidr_sloppy(text) else {
        return vec!["must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)".to_string()];
    };
    // `netip.ParsePrefix`: no leading zeros in the address or the prefix length.
    let (strict_address, strict_bits) = text.rsplit_once('/').unwrap_or_default();
    let strict = strict_address.parse::<std::net::IpAddr>().ok().filter(|_| {
        !strict_bits.is_empty()
            && strict_bits.bytes().all(|b| b.is_ascii_digit())
            && (strict_bits.len() == 1 || !strict_bits.starts_with('0'))
    });
    let Some(strict) = strict else {
        return vec!["must not have leading 0s in IP or prefix length".to_string()];
    };
    let cidr = Cidr {
        address,
        ipv4: strict.is_ipv4(),
        bits,
    };
    if let std::net::IpAddr::V6(v6) = strict {
        if v6.to_ipv4_mapped().is_some() {
            return vec!["must not have an IPv4-mapped IPv6 address".to_string()];
        }
    }
    if !cidr.is_canonical() {
        return vec!["must not have bits set beyond the prefix length".to_string()];
    }
    // `IPNet.String()`.
    let network = cidr.network();
    let canonical = if cidr.ipv4 {
        format!(
            "{}/{bits}",
            std::net::Ipv4Addr::new(network[12], network[13], network[14], network[15])
        )
    } else {
        format!("{}/{bits}", std::net::Ipv6Addr::from(network))
    };
    if canonical != text {
        return vec![format!("must be in canonical form ({})", quote(&canonical))];
    }
    Vec::new()
}

/// `netutils.ParseCIDRSloppy` (Go's parser before 1.17): IPv4 parts may have leading zeros, IPv6
/// groups any number of hex digits. The address in 16 bytes and the prefix length.
fn parse_cidr_sloppy(text: &str) -> Option<([u8; 16], usize)> {
    let (address, bits) = text.split_once('/')?;
    let (address, length) = match sloppy_ipv4(address) {
        Some(v4) => (v4, 32),
        None => (sloppy_ipv6(address)?, 128),
    };
    let bits = crate::golang::prefix_length(bits)?;
    (bits <= length).then_some((address, bits))
}

/// Go's `dtoi`/`xtoi` prefix scan: the value of the leading digits and how many there are.
fn scan_number(text: &str, radix: u32) -> Option<(u32, usize)> {
    let mut value: u32 = 0;
    let mut count = 0;
    for c in text.chars() {
        let Some(digit) = c.to_digit(radix) else {
            break;
        };
        value = value * radix + digit;
        count += 1;
        if value >= 0xFF_FFFF {
            return None;
        }
    }
    (count > 0).then_some((value, count))
}

fn sloppy_ipv4(text: &str) -> Option<[u8; 16]> {
    let mut address = std::net::Ipv4Addr::UNSPECIFIED.to_ipv6_mapped().octets();
    let mut rest = text;
    for index in 0..4 {
        if index > 0 {
            rest = rest.strip_prefix('.')?;
        }
        let (value, used) = scan_number(rest, 10)?;
        if value > 0xff {
            return None;
        }
        address[12 + index] = value as u8;
        rest = &rest[used..];
    }
    rest.is_empty().then_some(address)
}

fn sloppy_ipv6(text: &str) -> Option<[u8; 16]> {
    let mut address = [0u8; 16];
    let mut ellipsis: Option<usize> = None;
    let mut rest = text;
    if let Some(after) = rest.strip_prefix("::") {
        ellipsis = Some(0);
        rest = after;
        if rest.is_empty() {
            return Some(address);
        }
    }
    let mut index = 0;
    while index < 16 {
        let (value, used) = scan_number(rest, 16)?;
        if value > 0xffff {
            return None;
        }
        if rest[used..].starts_with('.') {
            if ellipsis.is_none() && index != 12 {
                return None;
            }
            if index + 4 > 16 {
                return None;
            }
            let v4 = sloppy_ipv4(rest)?;
            address[index..index + 4].copy_from_slice(&v4[12..]);
            rest = "";
            index += 4;
            break;
        }
        address[index] = (value >> 8) as u8;
        address[index + 1] = value as u8;
        index += 2;
        rest = &rest[used..];
        if rest.is_empty() {
            break;
        }
        if !rest.starts_with(':') || rest.len() == 1 {
            return None;
        }
        rest = &rest[1..];
        if rest.starts_with(':') {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(index);
            rest = &rest[1..];
            if rest.is_empty() {
                break;
            }
        }
    }
    if !rest.is_empty() {
        return None;
    }
    if index < 16 {
        let ellipsis = ellipsis?;
        let shift = 16 - index;
        address.copy_within(ellipsis..index, ellipsis + shift);
        address[ellipsis..ellipsis + shift].fill(0);
    } else if ellipsis.is_some() {
        return None;
    }
    Some(address)
}

// ----- hibernation -----

/// `ValidateHibernation`: not for self-hosted Shoots, not enabled while a maintenance operation
/// rotates credentials, and the schedules.
fn validate_hibernation(shoot: &Shoot, self_hosted: bool, errors: &mut Vec<FieldError>) {
    let Some(hibernation) = &shoot.spec.hibernation else {
        return;
    };
    if self_hosted {
        errors.push(FieldError::forbidden(
            "spec.hibernation",
            "hibernation is not supported for self-hosted shoots",
        ));
        return;
    }
    const FORBIDDEN_WHEN_HIBERNATED: [&str; 9] = [
        "rotate-credentials-start",
        "rotate-credentials-start-without-workers-rollout",
        "rotate-credentials-complete",
        "rotate-etcd-encryption-key",
        "rotate-etcd-encryption-key-start",
        "rotate-etcd-encryption-key-complete",
        "rotate-serviceaccount-key-start",
        "rotate-serviceaccount-key-start-without-workers-rollout",
        "rotate-serviceaccount-key-complete",
    ];
    let annotation = (shoot.metadata.annotation(MAINTENANCE_OPERATION)).unwrap_or_default();
    if hibernation.enabled == Some(true) && !annotation.is_empty() {
        for operation in annotation.split(';').map(str::trim) {
            if FORBIDDEN_WHEN_HIBERNATED.contains(&operation) {
                errors.push(FieldError::forbidden(
                    "spec.hibernation.enabled",
                    format!("shoot cannot be hibernated when {MAINTENANCE_OPERATION} annotation contains {operation} operation"),
                ));
            }
        }
    }
    errors.extend(crate::hibernation::validate_hibernation_schedules(
        &hibernation.schedules,
        "spec.hibernation.schedules",
    ));
}

// ----- bindings, system components, self-hosted -----

/// The binding-name rules of `ValidateShootSpec`.
fn validate_binding_names(
    spec: &ShootSpec,
    workerless: bool,
    self_hosted: bool,
    version: &str,
    errors: &mut Vec<FieldError>,
) {
    let secret = spec.secret_binding_name.as_deref();
    let credentials = spec.credentials_binding_name.as_deref();
    if workerless {
        if secret.is_some() {
            errors.push(FieldError::forbidden("spec.secretBindingName", WORKERLESS));
        }
        if credentials.is_some() {
            errors.push(FieldError::forbidden(
                "spec.credentialsBindingName",
                WORKERLESS,
            ));
        }
        return;
    }
    if self_hosted {
        return;
    }
    let secret_set = secret.is_some_and(|name| !name.is_empty());
    let credentials_set = credentials.is_some_and(|name| !name.is_empty());
    if !secret_set && !credentials_set {
        errors.push(FieldError::required(
            "spec.secretBindingName",
            "must be set when credentialsBindingName is not",
        ));
    } else if secret_set && credentials_set {
        errors.push(FieldError::forbidden(
            "spec.secretBindingName",
            "is incompatible with credentialsBindingName",
        ));
    }
    if secret_set && !version.is_empty() && k8s_at_least(version, 34) {
        errors.push(FieldError::forbidden(
            "spec.secretBindingName",
            "for Kubernetes versions >= 1.34, secretBindingName field is no longer supported, use spec.credentialsBindingName instead",
        ));
    }
}

/// `ValidateSystemComponents`: none for a workerless Shoot; CoreDNS's rewriting suffixes. (An
/// unknown CoreDNS autoscaling mode is never seen: `SetDefaults_Shoot` replaces it with
/// `horizontal` for Shoots with workers.)
fn validate_system_components(spec: &ShootSpec, workerless: bool, errors: &mut Vec<FieldError>) {
    let Some(components) = &spec.system_components else {
        return;
    };
    if workerless {
        errors.push(FieldError::forbidden("spec.systemComponents", WORKERLESS));
        return;
    }
    let mut seen = BTreeSet::new();
    for (index, suffix) in components
        .core_dns_common_suffixes()
        .into_iter()
        .enumerate()
    {
        let path = format!("spec.systemComponents.coreDNS.rewriting.commonSuffixes[{index}]");
        let dots = suffix.matches('.').count();
        if dots < 1 || (suffix.starts_with('.') && dots < 2) {
            errors.push(FieldError::invalid(
                path.clone(),
                "must contain at least one non-leading dot ('.')",
            ));
        }
        let suffix = suffix.strip_prefix('.').unwrap_or(suffix);
        if !seen.insert(suffix) {
            errors.push(FieldError::duplicate(path.clone()));
        }
        let domain = suffix.strip_suffix('.').unwrap_or(suffix);
        if !dns1123_subdomain(domain, CHARACTERS).is_empty() {
            errors.push(FieldError::invalid(path, "must be a valid DNS subdomain"));
        }
    }
}

/// `validateSelfHostedShootControlPlane`: the control-plane pool has one machine, or three with
/// surge and unavailability one (and three zones for zone failure tolerance) when the control
/// plane is highly available.
pub(super) fn validate_self_hosted_control_plane(spec: &ShootSpec, errors: &mut Vec<FieldError>) {
    let Some(index) =
        (spec.provider.workers.iter()).position(|worker| worker.control_plane.is_some())
    else {
        return;
    };
    // `SetDefaults_Worker` gives the surge and unavailability.
    let mut pool: Worker = (*spec.provider.workers[index]).clone();
    crate::defaults::default_worker(&mut pool);
    let path = format!("spec.provider.workers[{index}]");
    if pool.minimum != pool.maximum || pool.minimum != 1 {
        errors.push(FieldError::invalid(
            format!("{path}.minimum"),
            "self-hosted shoots only support minimum=maximum=1 for the control plane worker pool (might change in the future)",
        ));
    }
    if !spec.has_high_availability() {
        if pool.maximum != 1 {
            errors.push(FieldError::invalid(
                format!("{path}.maximum"),
                "control plane worker pool must have maximum=1 when high availability is not configured",
            ));
        }
        return;
    }
    if pool.maximum != 3 {
        errors.push(FieldError::invalid(
            format!("{path}.maximum"),
            "control plane worker pool must have maximum=3 when high availability is configured",
        ));
    }
    if pool.max_surge.as_ref().map(int_value) != Some(1) {
        errors.push(FieldError::invalid(
            format!("{path}.maxSurge"),
            "control plane worker pool must have maxSurge=1 when high availability is configured",
        ));
    }
    if pool.max_unavailable.as_ref().map(int_value) != Some(1) {
        errors.push(FieldError::invalid(
            format!("{path}.maxUnavailable"),
            "control plane worker pool must have maxUnavailable=1 when high availability is configured",
        ));
    }
    if spec.failure_tolerance_type() == Some("zone") && pool.zones.len() != 3 {
        errors.push(FieldError::invalid(
            format!("{path}.zones"),
            "control plane worker pool must have exactly 3 zones when failure tolerance type is zone",
        ));
    }
}

/// `validateControlPlaneZones` (gardener `b312835d`; v1.149.3 has no `spec.controlPlane.zones`): the
/// zones are unique, three with zone failure tolerance and one otherwise.
fn validate_control_plane_zones(spec: &ShootSpec, errors: &mut Vec<FieldError>) {
    let zones = spec.written_control_plane_zones();
    if zones.is_empty() {
        return;
    }
    let mut unique = BTreeSet::new();
    for (index, zone) in zones.into_iter().enumerate() {
        if !unique.insert(zone) {
            errors.push(FieldError::duplicate(format!(
                "spec.controlPlane.zones[{index}]"
            )));
        }
    }
    let zone_tolerance = spec.failure_tolerance_type() == Some("zone");
    if zone_tolerance && unique.len() != 3 {
        errors.push(FieldError::invalid(
            "spec.controlPlane.zones",
            "exactly 3 unique zones must be specified when failure tolerance type is 'zone'",
        ));
    } else if !zone_tolerance && unique.len() != 1 {
        errors.push(FieldError::invalid(
            "spec.controlPlane.zones",
            "exactly 1 zone must be specified when failure tolerance type is not 'zone'",
        ));
    }
}

/// `IntOrString.IntValue`: a string counts as the number `strconv.Atoi` reads in it, else 0 (an
/// out-of-range number, which `Atoi` clamps, is not 1 either way: these rules only ask for 1).
fn int_value(value: &IntOrString) -> i64 {
    match value {
        IntOrString::Int(number) => *number,
        IntOrString::String(text) => text.parse().unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A Shoot with workers that passes every rule here; `patch` is merged in (a `null` removes).
    fn shoot(patch: Value) -> Shoot {
        let mut base = json!({
            "metadata": {"name": "my-shoot", "namespace": "garden-dev"},
            "spec": {
                "region": "eu-1",
                "kubernetes": {"version": "1.33.2"},
                "cloudProfile": {"kind": "CloudProfile", "name": "aws"},
                "credentialsBindingName": "cb",
                "provider": {"type": "aws", "workers": [{
                    "name": "w", "minimum": 1, "maximum": 2, "zones": ["a"],
                    "machine": {"type": "m", "image": {"name": "gl", "version": "1.0"}}
                }]},
                "networking": {
                    "type": "calico", "nodes": "10.250.0.0/16",
                    "pods": "100.96.0.0/11", "services": "100.64.0.0/13"
                }
            }
        });
        merge(&mut base, patch);
        crate::decode::from_value(&base).unwrap()
    }

    fn merge(target: &mut Value, patch: Value) {
        match (target, patch) {
            (Value::Object(target), Value::Object(patch)) => {
                for (key, value) in patch {
                    if value.is_null() {
                        target.remove(&key);
                    } else if value.is_object() && target.get(&key).is_some_and(Value::is_object) {
                        merge(target.get_mut(&key).unwrap(), value);
                    } else {
                        target.insert(key, value);
                    }
                }
            }
            (target, patch) => *target = patch,
        }
    }

    fn rendered(errors: Vec<FieldError>) -> Vec<(String, &'static str, String)> {
        (errors.into_iter())
            .map(|e| (e.field, e.error_type.as_str(), e.detail))
            .collect()
    }

    fn errors(patch: Value) -> Vec<(String, &'static str, String)> {
        rendered(validate_shoot_spec(&shoot(patch)))
    }

    fn e(field: &str, kind: &str, detail: &str) -> (String, &'static str, String) {
        let kind = match kind {
            "Required" => "FieldValueRequired",
            "Invalid" => "FieldValueInvalid",
            "Forbidden" => "FieldValueForbidden",
            "Duplicate" => "FieldValueDuplicate",
            "NotSupported" => "FieldValueNotSupported",
            "TooLong" => "FieldValueTooLong",
            other => panic!("{other}"),
        };
        (field.to_string(), kind, detail.to_string())
    }

    #[test]
    fn a_complete_shoot_passes() {
        assert_eq!(errors(json!({})), []);
    }

    // Gardener's "should forbid empty Shoot resources", without the version and provider errors
    // that other modules report.
    #[test]
    fn an_empty_shoot_lacks_name_namespace_cloud_profile_and_region() {
        let empty = Shoot::default();
        assert_eq!(
            rendered(validate_shoot_spec_without_strategy(&empty)),
            [
                e(
                    "metadata.name",
                    "Required",
                    "name or generateName is required"
                ),
                e("metadata.namespace", "Required", ""),
                e(
                    "spec.cloudProfile.name",
                    "Required",
                    "must specify a cloud profile"
                ),
                e("spec.region", "Required", "must specify a region"),
            ]
        );
        // A request names its namespace in its path.
        assert_eq!(
            rendered(validate_shoot_spec(&empty)),
            [
                e(
                    "metadata.name",
                    "Required",
                    "name or generateName is required"
                ),
                e(
                    "spec.cloudProfile.name",
                    "Required",
                    "must specify a cloud profile"
                ),
                e("spec.region", "Required", "must specify a region"),
            ]
        );
    }

    #[test]
    fn metadata_follows_object_meta_validation() {
        let label = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
        let key_rule = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
        assert_eq!(
            errors(json!({"metadata": {
                "name": "sho--oot", "namespace": "Bad", "generation": -1,
                "labels": {"a/b/c": "x"},
                "annotations": {"Foo.Example/Key": "1", "a b": ""},
                "finalizers": ["orphan", "foregroundDeletion"]
            }})),
            [
                e("metadata.namespace", "Invalid", label),
                e("metadata.generation", "Invalid", "must be greater than or equal to 0"),
                e("metadata.labels", "Invalid", &format!("a valid label key {key_rule} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")),
                e("metadata.annotations", "Invalid", &format!("name part {key_rule}")),
                e("metadata.finalizers", "Invalid", "finalizer orphan and foregroundDeletion cannot be both set"),
                e("metadata.name", "Invalid", "name may not contain two consecutive hyphens"),
            ]
        );
        assert_eq!(
            errors(json!({"metadata": {"name": "a.b"}})),
            [e("metadata.name", "Invalid", "must not contain dots")]
        );
        assert_eq!(
            errors(json!({"metadata": {"annotations": {"big": "x".repeat(256 * 1024)}}})),
            [e(
                "metadata.annotations",
                "TooLong",
                "may not be more than 262144 bytes"
            )]
        );
    }

    #[test]
    fn a_generated_name_is_validated_in_its_stead() {
        let generated = json!({"metadata": {"name": null, "generateName": "foo-"}});
        assert_eq!(errors(generated.clone()), []);
        assert_eq!(
            rendered(validate_shoot_spec_without_strategy(&shoot(generated))),
            [e(
                "metadata.name",
                "Required",
                "name or generateName is required"
            )]
        );
        let label = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
        // `maskTrailingDash` drops two bytes: `Foo--` is checked as `Fooa`.
        assert_eq!(
            errors(json!({"metadata": {"name": null, "generateName": "Foo--"}})),
            [
                e("metadata.generateName", "Invalid", label),
                e("metadata.name", "Invalid", label),
                e(
                    "metadata.name",
                    "Invalid",
                    "name may not contain two consecutive hyphens"
                ),
            ]
        );
    }

    #[test]
    fn networking_cidrs_follow_go() {
        let cidrs = |nodes: &str, pods: &str, services: &str| json!({"spec": {"networking": {"nodes": nodes, "pods": pods, "services": services}}});
        // Gardener's "should forbid invalid network CIDRs", "…IPv6 CIDRs with IPv4 IP family" and
        // "…non canonical CIDRs".
        let invalid = cidrs("invalid-cidr", "invalid-cidr", "invalid-cidr");
        let detail = "invalid CIDR address: invalid-cidr";
        assert_eq!(
            errors(invalid),
            [
                e("spec.networking.nodes", "Invalid", detail),
                e("spec.networking.pods", "Invalid", detail),
                e("spec.networking.services", "Invalid", detail),
            ]
        );
        let v6 = cidrs("2001:db8:2::/48", "2001:db8:1::/48", "2001:db8:3::/48");
        assert_eq!(
            errors(v6),
            [
                e(
                    "spec.networking.nodes",
                    "Invalid",
                    "must be a valid IPv4 address"
                ),
                e(
                    "spec.networking.pods",
                    "Invalid",
                    "must be a valid IPv4 address"
                ),
                e(
                    "spec.networking.services",
                    "Invalid",
                    "must be a valid IPv4 address"
                ),
            ]
        );
        let noncanonical = cidrs("10.250.0.3/16", "100.96.0.4/11", "100.64.0.5/13");
        assert_eq!(
            errors(noncanonical),
            [
                e(
                    "spec.networking.nodes",
                    "Invalid",
                    "must be valid canonical CIDR"
                ),
                e(
                    "spec.networking.pods",
                    "Invalid",
                    "must be valid canonical CIDR"
                ),
                e(
                    "spec.networking.services",
                    "Invalid",
                    "must be valid canonical CIDR"
                ),
            ]
        );
        // An IPv4-mapped network counts as IPv4 in Go; dual stack skips the family check.
        assert_eq!(
            errors(cidrs("::ffff:10.0.0.0/104", "10.0.0.0/08", "0.0.0.0/0")),
            []
        );
        let dual = json!({"spec": {"networking": {
            "ipFamilies": ["IPv4", "IPv6"], "nodes": "2001:db8::/48", "pods": "10.0.0.0/8",
            "services": "::ffff:10.0.0.0/8"
        }}});
        assert_eq!(
            errors(dual),
            [e(
                "spec.networking.services",
                "Invalid",
                "must be valid canonical CIDR"
            )]
        );
    }

    #[test]
    fn networking_type_and_families() {
        assert_eq!(
            errors(json!({"spec": {"networking": {
                "type": "Bad Type!", "ipFamilies": ["IPv4", "IPv4", "IPv5"], "nodes": "x"
            }}})),
            [
                e(
                    "spec.networking.type",
                    "Invalid",
                    "type must be a valid label name"
                ),
                e("spec.networking.ipFamilies[1]", "Duplicate", ""),
                e(
                    "spec.networking.ipFamilies[2]",
                    "NotSupported",
                    "supported values: \"IPv4\", \"IPv6\""
                ),
            ]
        );
        // The defaults give a Shoot with workers an empty networking, which lacks its type.
        assert_eq!(
            errors(json!({"spec": {"networking": null}})),
            [e(
                "spec.networking.type",
                "Required",
                "networking type must be provided"
            )]
        );
    }

    #[test]
    fn a_workerless_shoot_sets_none_of_the_worker_fields() {
        assert_eq!(
            errors(json!({"spec": {
                "provider": {"workers": []}, "addons": {}, "secretBindingName": "s",
                "credentialsBindingName": "c", "systemComponents": {},
                "networking": {"type": "x", "providerConfig": {}, "pods": "p", "nodes": "10.0.0.0/8"}
            }})),
            [
                e(
                    "spec.addons",
                    "Forbidden",
                    "addons cannot be enabled for Workerless Shoot clusters"
                ),
                e("spec.networking.type", "Forbidden", WORKERLESS),
                e("spec.networking.providerConfig", "Forbidden", WORKERLESS),
                e("spec.networking.pods", "Forbidden", WORKERLESS),
                e("spec.networking.nodes", "Forbidden", WORKERLESS),
                e("spec.networking.pods", "Invalid", "invalid CIDR address: p"),
                e("spec.secretBindingName", "Forbidden", WORKERLESS),
                e("spec.credentialsBindingName", "Forbidden", WORKERLESS),
                e("spec.systemComponents", "Forbidden", WORKERLESS),
            ]
        );
    }

    #[test]
    fn dns_providers_before_kubernetes_1_35_are_synchronised_first() {
        let secret_only = json!({"spec": {"dns": {
            "domain": "foo.example.com", "providers": [{"secretName": "s", "type": "aws"}]
        }}});
        assert_eq!(errors(secret_only.clone()), []);
        assert_eq!(
            rendered(validate_shoot_spec_without_strategy(&shoot(secret_only))),
            [
                e(
                    "spec.dns.providers[0].secretName",
                    "Forbidden",
                    "must not be set when `credentialsRef` is not set"
                ),
                e(
                    "spec.dns.providers[0].credentialsRef",
                    "Required",
                    "non-primary DNS providers must specify `credentialsRef`"
                ),
            ]
        );
    }

    #[test]
    fn dns_providers() {
        let not_secret = "supported values: \"/v1, Kind=Secret\", \"core.gardener.cloud/v1beta1, Kind=InternalSecret\", \"security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity\"";
        let subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
        let secret = |name: &str| json!({"apiVersion": "v1", "kind": "Secret", "name": name});
        assert_eq!(
            errors(
                json!({"spec": {"kubernetes": {"version": "1.35.0"}, "dns": {"providers": [
                    {"primary": true, "type": "aws", "secretName": "x", "credentialsRef": secret("t")},
                    {"primary": true, "type": "aws", "credentialsRef": secret("t")},
                    {"type": "unmanaged", "credentialsRef": {"apiVersion": "a/b/c", "kind": "", "name": "Bad"}},
                    {"credentialsRef": {"apiVersion": "v1", "kind": "ConfigMap", "name": "c"}},
                    {}
                ]}}})
            ),
            [
                e(
                    "spec.dns.domain",
                    "Required",
                    "domain must be set when primary provider type is not set to \"unmanaged\""
                ),
                e(
                    "spec.dns.providers[0].secretName",
                    "Forbidden",
                    "for Kubernetes versions >= 1.35, secretName field is no longer supported"
                ),
                e(
                    "spec.dns.providers[1]",
                    "Invalid",
                    "combination of .credentialsRef and .type must be unique across dns providers"
                ),
                e(
                    "spec.dns.providers[2].credentialsRef.kind",
                    "Required",
                    "must provide a kind"
                ),
                e(
                    "spec.dns.providers[2].credentialsRef.name",
                    "Invalid",
                    subdomain
                ),
                e(
                    "spec.dns.providers[2].credentialsRef",
                    "NotSupported",
                    not_secret
                ),
                e(
                    "spec.dns.providers[2].credentialsRef",
                    "Invalid",
                    "credentialsRef must not be set when type is \"unmanaged\""
                ),
                e(
                    "spec.dns.providers[3].credentialsRef",
                    "NotSupported",
                    not_secret
                ),
                e(
                    "spec.dns.providers[3].type",
                    "Required",
                    "type must be set when credentialsRef is set"
                ),
                e(
                    "spec.dns.providers[4].credentialsRef",
                    "Required",
                    "non-primary DNS providers must specify `credentialsRef`"
                ),
            ]
        );
        assert_eq!(
            errors(
                json!({"spec": {"dns": {"domain": "Bad_Domain", "providers": [
                    {"primary": true, "type": "aws", "secretName": "s", "credentialsRef": secret("t")}
                ]}}})
            ),
            [
                e("spec.dns.domain", "Invalid", subdomain),
                e(
                    "spec.dns.providers[0].secretName",
                    "Forbidden",
                    "must refer to the same secret as `credentialsRef`"
                ),
            ]
        );
    }

    #[test]
    fn cloud_profile_reference() {
        let supported = "supported values: \"CloudProfile\", \"NamespacedCloudProfile\"";
        let name_forbidden = "for Kubernetes version >= 1.34, cloudProfileName field is no longer supported, use spec.cloudProfile.name instead";
        let at_134 = json!({"spec": {
            "kubernetes": {"version": "1.34.1"}, "cloudProfileName": "aws",
            "cloudProfile": {"kind": "", "name": "aws"}
        }});
        // The strategy gives an empty kind `CloudProfile`.
        assert_eq!(
            errors(at_134.clone()),
            [e("spec.cloudProfileName", "Forbidden", name_forbidden)]
        );
        assert_eq!(
            rendered(validate_shoot_spec_without_strategy(&shoot(at_134))),
            [
                e("spec.cloudProfileName", "Forbidden", name_forbidden),
                e("spec.cloudProfile.kind", "NotSupported", supported),
            ]
        );
        assert_eq!(
            errors(json!({"spec": {"cloudProfile": {"kind": "Foo", "name": "aws"}}})),
            [e("spec.cloudProfile.kind", "NotSupported", supported)]
        );
        // Only the name: the reference is a CloudProfile of that name.
        assert_eq!(
            errors(json!({"spec": {"cloudProfile": null, "cloudProfileName": "aws"}})),
            []
        );
        assert_eq!(
            errors(
                json!({"spec": {"cloudProfile": {"kind": "NamespacedCloudProfile", "name": ""}}})
            ),
            [e(
                "spec.cloudProfile.name",
                "Required",
                "must specify a cloud profile"
            )]
        );
    }

    #[test]
    fn addons() {
        assert_eq!(
            errors(json!({"spec": {"purpose": "production", "addons": {"nginxIngress": {
                "enabled": true,
                "loadBalancerSourceRanges": ["10.0.0.1/8", "010.0.0.0/8", "::ffff:10.0.0.0/104", "2001:DB8::/32", "x", "::1.2.3.0/120", "10.0.0.0/8"],
                "config": {"a b": "1", ".": "2"},
                "externalTrafficPolicy": "Bad"
            }}}})),
            [
                e("spec.addons", "Forbidden", "addons can only be enabled on shoots with .spec.purpose=evaluation"),
                e("spec.addons.nginxIngress.loadBalancerSourceRanges[0]", "Invalid", "must not have bits set beyond the prefix length"),
                e("spec.addons.nginxIngress.loadBalancerSourceRanges[1]", "Invalid", "must not have leading 0s in IP or prefix length"),
                e("spec.addons.nginxIngress.loadBalancerSourceRanges[2]", "Invalid", "must not have an IPv4-mapped IPv6 address"),
                e("spec.addons.nginxIngress.loadBalancerSourceRanges[3]", "Invalid", "must be in canonical form (\"2001:db8::/32\")"),
                e("spec.addons.nginxIngress.loadBalancerSourceRanges[4]", "Invalid", "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"),
                e("spec.addons.nginxIngress.loadBalancerSourceRanges[5]", "Invalid", "must be in canonical form (\"::102:300/120\")"),
                e("spec.addons.nginxIngress.config[.]", "Invalid", "must not be '.'"),
                e("spec.addons.nginxIngress.config[a b]", "Invalid", "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"),
                e("spec.addons.nginxIngress.externalTrafficPolicy", "NotSupported", "supported values: \"Cluster\", \"Local\""),
            ]
        );
        assert_eq!(
            errors(json!({"spec": {"kubernetes": {"version": "1.35.0"}, "addons": {}}})),
            [e(
                "spec.addons",
                "Forbidden",
                "for Kubernetes versions >= 1.35, addons field is no longer supported"
            )]
        );
        // The dashboard's mode defaults to `token`; the purpose to `evaluation`.
        assert_eq!(
            errors(json!({"spec": {"addons": {"kubernetesDashboard": {"enabled": true}}}})),
            []
        );
        assert_eq!(
            errors(
                json!({"spec": {"addons": {"kubernetesDashboard": {"enabled": true, "authenticationMode": "basic"}}}})
            ),
            [e(
                "spec.addons.kubernetesDashboard.authenticationMode",
                "NotSupported",
                "supported values: \"token\""
            )]
        );
    }

    #[test]
    fn binding_names() {
        assert_eq!(
            errors(json!({"spec": {"kubernetes": {"version": "1.34.0"}, "secretBindingName": "sb"}})),
            [
                e("spec.secretBindingName", "Forbidden", "is incompatible with credentialsBindingName"),
                e("spec.secretBindingName", "Forbidden", "for Kubernetes versions >= 1.34, secretBindingName field is no longer supported, use spec.credentialsBindingName instead"),
            ]
        );
        assert_eq!(
            errors(json!({"spec": {"credentialsBindingName": ""}})),
            [e(
                "spec.secretBindingName",
                "Required",
                "must be set when credentialsBindingName is not"
            )]
        );
        assert_eq!(
            errors(json!({"spec": {"credentialsBindingName": null, "secretBindingName": "sb"}})),
            []
        );
    }

    #[test]
    fn hibernation_rules_and_schedules() {
        assert_eq!(
            errors(json!({
                "metadata": {"annotations": {MAINTENANCE_OPERATION: "rotate-credentials-start;reconcile; rotate-etcd-encryption-key"}},
                "spec": {"hibernation": {"enabled": true, "schedules": [
                    {"start": "0 20 * * *"}, {"start": "0 20 * * *", "location": "Mars/Base"}, {}
                ]}}
            })),
            [
                e("spec.hibernation.enabled", "Forbidden", "shoot cannot be hibernated when maintenance.gardener.cloud/operation annotation contains rotate-credentials-start operation"),
                e("spec.hibernation.enabled", "Forbidden", "shoot cannot be hibernated when maintenance.gardener.cloud/operation annotation contains rotate-etcd-encryption-key operation"),
                e("spec.hibernation.schedules[1].start", "Duplicate", ""),
                e("spec.hibernation.schedules[1].location", "Invalid", "not a valid location: unknown time zone Mars/Base"),
                e("spec.hibernation.schedules[2].start/end", "Required", "either start or end has to be provided"),
            ]
        );
    }

    #[test]
    fn self_hosted_shoots() {
        let pool = json!({
            "name": "w", "minimum": 1, "maximum": 2, "zones": ["a"], "controlPlane": {},
            "machine": {"type": "m", "image": {"name": "gl", "version": "1.0"}}
        });
        assert_eq!(
            errors(json!({
                "metadata": {"namespace": "other"},
                "spec": {
                    "seedName": "s", "hibernation": {"enabled": true},
                    "controlPlane": {"highAvailability": {"failureTolerance": {"type": "zone"}}},
                    "provider": {"workers": [pool.clone()]}
                }
            })),
            [
                e("spec.hibernation", "Forbidden", "hibernation is not supported for self-hosted shoots"),
                e("spec.seedName", "Invalid", "cannot set seedName for self-hosted shoots"),
                e("metadata.namespace", "Invalid", "self-hosted shoots must be in the \"garden\" namespace"),
                e("spec.provider.workers[0].minimum", "Invalid", "self-hosted shoots only support minimum=maximum=1 for the control plane worker pool (might change in the future)"),
                e("spec.provider.workers[0].maximum", "Invalid", "control plane worker pool must have maximum=3 when high availability is configured"),
                // The default maxSurge of a rolling pool is 1; its maxUnavailable 0.
                e("spec.provider.workers[0].maxUnavailable", "Invalid", "control plane worker pool must have maxUnavailable=1 when high availability is configured"),
                e("spec.provider.workers[0].zones", "Invalid", "control plane worker pool must have exactly 3 zones when failure tolerance type is zone"),
            ]
        );
        // Without managed infrastructure no binding is needed.
        let mut single = pool;
        single["maximum"] = json!(1);
        assert_eq!(
            errors(json!({
                "metadata": {"namespace": "garden"},
                "spec": {"credentialsBindingName": null, "provider": {"workers": [single]}}
            })),
            []
        );
    }

    #[test]
    fn spec_level_names_purpose_and_high_availability() {
        assert_eq!(
            errors(json!({
                "metadata": {"namespace": "garden"},
                "spec": {
                    "purpose": "infrastructure", "seedName": "", "exposureClassName": "Bad_Class",
                    "schedulerName": "a.b",
                    "controlPlane": {"highAvailability": {"failureTolerance": {"type": "region"}}}
                }
            })),
            [
                e("spec.seedName", "Invalid", "seed name must not be empty when providing the key"),
                e("spec.exposureClassName", "Invalid", "exposureClassName is not a valid DNS subdomain: \"a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')\""),
                e("spec.schedulerName", "Invalid", "must not contain dots"),
                e("spec.controlPlane.highAvailability.failureTolerance.type", "NotSupported", "supported values: \"node\", \"zone\""),
            ]
        );
        assert_eq!(
            errors(json!({"spec": {"purpose": "infrastructure"}})),
            [e(
                "spec.purpose",
                "NotSupported",
                "supported values: \"development\", \"evaluation\", \"production\", \"testing\""
            )]
        );
    }

    /// `highAvailability` that is `null` is unset; set, it needs a failure tolerance type `node`
    /// or `zone` (one that is absent or no text is empty).
    #[test]
    fn high_availability_needs_a_textual_failure_tolerance_type() {
        let high_availability =
            |value: Value| errors(json!({"spec": {"controlPlane": {"highAvailability": value}}}));
        assert_eq!(high_availability(Value::Null), []);
        let not_supported = [e(
            "spec.controlPlane.highAvailability.failureTolerance.type",
            "NotSupported",
            "supported values: \"node\", \"zone\"",
        )];
        assert_eq!(high_availability(json!({})), not_supported);
        assert_eq!(
            high_availability(json!({"failureTolerance": {"type": 5}})),
            not_supported
        );
        assert_eq!(
            high_availability(json!({"failureTolerance": {"type": "zone"}})),
            []
        );
    }

    #[test]
    fn control_plane_zones() {
        let zones = |zones: Value, tolerance: Value| {
            errors(
                json!({"spec": {"controlPlane": {"zones": zones, "highAvailability": tolerance}}}),
            )
        };
        assert_eq!(zones(json!(["a"]), Value::Null), []);
        assert_eq!(
            zones(json!(["a", "a"]), Value::Null),
            [e("spec.controlPlane.zones[1]", "Duplicate", "")]
        );
        assert_eq!(
            zones(
                json!(["a", "b"]),
                json!({"failureTolerance": {"type": "node"}})
            ),
            [e(
                "spec.controlPlane.zones",
                "Invalid",
                "exactly 1 zone must be specified when failure tolerance type is not 'zone'"
            )]
        );
        assert_eq!(
            zones(json!(["a", "b", "b"]), json!({"failureTolerance": {"type": "zone"}})),
            [
                e("spec.controlPlane.zones[2]", "Duplicate", ""),
                e("spec.controlPlane.zones", "Invalid", "exactly 3 unique zones must be specified when failure tolerance type is 'zone'"),
            ]
        );
    }

    #[test]
    fn seed_selector() {
        assert_eq!(
            errors(json!({"spec": {"seedSelector": {
                "matchLabels": {"ok": "v!"},
                "matchExpressions": [{"key": "a", "operator": "In"}, {"key": "b/c/d", "operator": "Gt", "values": ["x"]}]
            }}})),
            [
                e("spec.seedSelector.matchLabels", "Invalid", "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"),
                e("spec.seedSelector.matchExpressions[0].values", "Required", "must be specified when `operator` is 'In' or 'NotIn'"),
                e("spec.seedSelector.matchExpressions[1].operator", "Invalid", "not a valid selector operator"),
                e("spec.seedSelector.matchExpressions[1].key", "Invalid", "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"),
            ]
        );
    }

    #[test]
    fn extensions_resources_and_monitoring() {
        let any_of = "supported values: \"/v1, Kind=Secret\", \"/v1, Kind=ConfigMap\", \"security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity\"";
        assert_eq!(
            errors(json!({"spec": {
                "extensions": [{"type": ""}, {"type": "Bad.Type"}, {"type": "ok"}, {"type": "ok"}],
                "resources": [
                    {"name": "", "resourceRef": {}},
                    {"name": "a", "resourceRef": {"apiVersion": "a/b/c", "kind": "Secret", "name": "s"}},
                    {"name": "a", "resourceRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "d"}}
                ],
                "monitoring": {"alerting": {"emailReceivers": ["a@b.de", "a@b.de", "bad", "x@y.c1"]}}
            }})),
            [
                e("spec.extensions[0].type", "Required", "field must not be empty"),
                e("spec.extensions[1].type", "Invalid", "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"),
                e("spec.extensions[3].type", "Duplicate", ""),
                e("spec.resources[0].name", "Required", "field must not be empty"),
                e("spec.resources[0].resourceRef.apiVersion", "Required", "must provide an apiVersion"),
                e("spec.resources[0].resourceRef.kind", "Required", "must provide a kind"),
                e("spec.resources[0].resourceRef", "NotSupported", any_of),
                e("spec.resources[0].resourceRef.name", "Required", "must provide a name"),
                e("spec.resources[1].resourceRef", "Invalid", "cannot determine GroupVersionKind for specified reference: unexpected GroupVersion string: a/b/c"),
                e("spec.resources[2].name", "Duplicate", ""),
                e("spec.resources[2].resourceRef", "NotSupported", any_of),
                e("spec.monitoring.alerting.emailReceivers[1]", "Duplicate", ""),
                e("spec.monitoring.alerting.emailReceivers[2]", "Invalid", "must provide a valid email"),
                e("spec.monitoring.alerting.emailReceivers[3]", "Invalid", "must provide a valid email"),
            ]
        );
    }

    #[test]
    fn core_dns_rewriting_suffixes() {
        assert_eq!(
            errors(
                json!({"spec": {"systemComponents": {"coreDNS": {"rewriting": {
                    "commonSuffixes": ["a", ".a.b", "a.b", "A.b."]
                }}}}})
            ),
            [
                e(
                    "spec.systemComponents.coreDNS.rewriting.commonSuffixes[0]",
                    "Invalid",
                    "must contain at least one non-leading dot ('.')"
                ),
                e(
                    "spec.systemComponents.coreDNS.rewriting.commonSuffixes[2]",
                    "Duplicate",
                    ""
                ),
                e(
                    "spec.systemComponents.coreDNS.rewriting.commonSuffixes[3]",
                    "Invalid",
                    "must be a valid DNS subdomain"
                ),
            ]
        );
    }

    #[test]
    fn cidr_parsers_follow_go() {
        assert_eq!(Cidr::parse("10.0.0.0/33"), None);
        assert_eq!(Cidr::parse("fe80::1%eth0/64"), None);
        assert!(Cidr::parse("10.1.0.0/16").is_some_and(|c| c.is_canonical()));
        assert!(Cidr::parse("10.1.0.1/16").is_some_and(|c| !c.is_canonical()));
        // The pre-Go-1.17 parser takes leading zeros and long hex groups.
        assert!(parse_cidr_sloppy("010.0.0.0/8").is_some());
        assert!(parse_cidr_sloppy("00001::/16").is_some());
        assert_eq!(parse_cidr_sloppy("fffff::/16"), None);
        assert_eq!(parse_cidr_sloppy("1:2:3:4:5:6:7:8::/128"), None);
        assert_eq!(
            cidr_strict_problems("00001::/16"),
            ["must not have leading 0s in IP or prefix length"]
        );
        assert_eq!(
            cidr_strict_problems("1:2:3:4:5:6:7::/128"),
            ["must be in canonical form (\"1:2:3:4:5:6:7:0/128\")"]
        );
    }

    #[test]
    fn int_or_string_reads_like_go() {
        assert_eq!(int_value(&IntOrString::String("1".into())), 1);
        assert_eq!(int_value(&IntOrString::String("+1".into())), 1);
        assert_eq!(int_value(&IntOrString::String("1%".into())), 0);
    }

    #[test]
    fn emails_follow_gardeners_pattern() {
        for good in ["a@b.de", "a b@c-d.de", "x@a.b.co"] {
            assert!(is_email(good), "{good}");
        }
        for bad in [
            "bad", "x@y", "x@y.c1", "@a.com", "a@b@c.de", "a@.de", "a@b.d",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    /// The errors in short, to pin many answers: the field, the kind and a short detail.
    fn short(errors: Vec<FieldError>) -> Vec<String> {
        (errors.into_iter())
            .map(|e| {
                let kind = e.error_type.as_str().trim_start_matches("FieldValue");
                match e.detail.len() {
                    0 => format!("{} {kind}", e.field),
                    1..=130 => format!("{} {kind}: {}", e.field, e.detail),
                    _ => format!("{} {kind}: …", e.field),
                }
            })
            .collect()
    }

    // The rules read a Shoot before it decodes (the API server refuses a value of another type): an
    // entry or part of another type reads as empty, a list of another type as none.
    #[test]
    fn extensions_resources_and_receivers_of_other_types_read_as_empty() {
        // extensions
        let patch =
            json!({"spec": {"extensions": [{"type": 5}, "x", {"type": "a"}, {"type": "a"}]}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
                "spec.extensions[0].type Required: field must not be empty",
                "spec.extensions[1].type Required: field must not be empty",
                "spec.extensions[1].type Duplicate",
                "spec.extensions[3].type Duplicate"
            ] as [&str; 4]
        );
        // extensions not a list
        let patch = json!({"spec": {"extensions": {"type": "a"}}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
        // resources
        let patch = json!({"spec": {"resources": [{"name": 5, "resourceRef": "x"}, {"name": "n", "resourceRef": {"apiVersion": "v1", "kind": 5, "name": "s"}}]}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.resources[0].name Required: field must not be empty",
            "spec.resources[0].resourceRef.apiVersion Required: must provide an apiVersion",
            "spec.resources[0].resourceRef.kind Required: must provide a kind",
            "spec.resources[0].resourceRef NotSupported: supported values: \"/v1, Kind=Secret\", \"/v1, Kind=ConfigMap\", \"security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity\"",
            "spec.resources[0].resourceRef.name Required: must provide a name",
            "spec.resources[1].resourceRef.kind Required: must provide a kind",
            "spec.resources[1].resourceRef NotSupported: supported values: \"/v1, Kind=Secret\", \"/v1, Kind=ConfigMap\", \"security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity\""
            ] as [&str; 7]
        );
        // receivers
        let patch = json!({"spec": {"monitoring": {"alerting": {"emailReceivers": ["a@b.de", 5, "a@b.de", 7]}}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
                "spec.monitoring.alerting.emailReceivers[1] Invalid: must provide a valid email",
                "spec.monitoring.alerting.emailReceivers[2] Duplicate",
                "spec.monitoring.alerting.emailReceivers[3] Invalid: must provide a valid email",
                "spec.monitoring.alerting.emailReceivers[3] Duplicate"
            ] as [&str; 4]
        );
        // monitoring not an object
        let patch = json!({"spec": {"monitoring": "x"}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
        // receivers not a list
        let patch = json!({"spec": {"monitoring": {"alerting": {"emailReceivers": "a@b.de"}}}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
    }

    // Metadata parts of another type read as empty; only a `controller` written as `true` counts.
    #[test]
    fn metadata_of_other_types_reads_as_empty() {
        // names
        let patch = json!({"spec": {"exposureClassName": 5, "schedulerName": ["x"]}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
        // generateName
        let patch = json!({"metadata": {"name": null, "generateName": 5}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            ["metadata.name Required: name or generateName is required"] as [&str; 1]
        );
        // finalizers
        let patch = json!({"metadata": {"finalizers": [5, "orphan", "foregroundDeletion"]}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "metadata.finalizers Invalid: name part must be non-empty",
            "metadata.finalizers Invalid: …",
            "metadata.finalizers Invalid: finalizer orphan and foregroundDeletion cannot be both set"
            ] as [&str; 3]
        );
        // owners
        let patch = json!({"metadata": {"ownerReferences": [5, {"apiVersion": "v1", "kind": "Event", "name": 3, "uid": "u", "controller": "true"}, {"apiVersion": "v1", "kind": "A", "name": "n", "uid": "u", "controller": true}, {"apiVersion": "v1", "kind": "B", "name": 4, "uid": "u", "controller": true}]}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "metadata.ownerReferences.apiVersion Invalid: version must not be empty",
            "metadata.ownerReferences.kind Invalid: must not be empty",
            "metadata.ownerReferences.name Invalid: must not be empty",
            "metadata.ownerReferences.uid Invalid: must not be empty",
            "metadata.ownerReferences.name Invalid: must not be empty",
            "metadata.ownerReferences Invalid: /v1, Kind=Event is disallowed from being an owner",
            "metadata.ownerReferences.name Invalid: must not be empty",
            "metadata.ownerReferences Invalid: Only one reference can have Controller set to true. Found \"true\" in references for A/n and B/"
            ] as [&str; 8]
        );
        // owners not a list
        let patch = json!({"metadata": {"ownerReferences": {"a": 1}}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
        // managed fields
        let patch = json!({"metadata": {"managedFields": [5, {"operation": "Apply", "fieldsType": 5, "manager": 7, "subresource": 8}, {"operation": "Update", "fieldsType": "X", "manager": "m\u{7}"}]}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "metadata.managedFields[0].operation Invalid: must be `Apply` or `Update`",
            "metadata.managedFields[2].fieldsType Invalid: must be `FieldsV1`",
            "metadata.managedFields[2].manager Invalid: invalid character U+0007 (at position 1)"
            ] as [&str; 3]
        );
    }

    // A label value or requirement part of another type reads as empty; an addon is read only when
    // `enabled` is `true`.
    #[test]
    fn selector_addons_and_components_of_other_types_read_as_empty() {
        // selector
        let patch = json!({"spec": {"seedSelector": {"matchLabels": {"a": 5}, "matchExpressions": [5, {"key": "k", "operator": "In", "values": [5]}, {"key": 1, "operator": "Exists", "values": "x"}]}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.seedSelector.matchExpressions[0].operator Invalid: not a valid selector operator",
            "spec.seedSelector.matchExpressions[0].key Invalid: name part must be non-empty",
            "spec.seedSelector.matchExpressions[0].key Invalid: …",
            "spec.seedSelector.matchExpressions[2].key Invalid: name part must be non-empty",
            "spec.seedSelector.matchExpressions[2].key Invalid: …"
            ] as [&str; 5]
        );
        // selector parts not lists
        let patch =
            json!({"spec": {"seedSelector": {"matchLabels": "x", "matchExpressions": "y"}}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
        // selector no object
        let patch = json!({"spec": {"seedSelector": 5}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
        // addons
        let patch = json!({"spec": {"addons": {"nginxIngress": {"enabled": true, "loadBalancerSourceRanges": [5, "10.0.0.0/8"], "config": {"k": 5, "..": "v"}, "externalTrafficPolicy": 5}, "kubernetesDashboard": {"enabled": "true", "authenticationMode": "basic"}}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.addons.nginxIngress.loadBalancerSourceRanges[0] Invalid: must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
            "spec.addons.nginxIngress.config[..] Invalid: must not be '..'"
            ] as [&str; 2]
        );
        // addon parts
        let patch = json!({"spec": {"addons": {"nginxIngress": {"enabled": true, "loadBalancerSourceRanges": "x", "config": "y", "externalTrafficPolicy": "Bad"}, "kubernetesDashboard": {"enabled": true, "authenticationMode": 5}}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.addons.nginxIngress.externalTrafficPolicy NotSupported: supported values: \"Cluster\", \"Local\""
            ] as [&str; 1]
        );
        // addon no object
        let patch = json!({"spec": {"purpose": "production", "addons": {"nginxIngress": 5, "kubernetesDashboard": {"enabled": true, "authenticationMode": "basic"}}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.addons Forbidden: addons can only be enabled on shoots with .spec.purpose=evaluation",
            "spec.addons.kubernetesDashboard.authenticationMode NotSupported: supported values: \"token\""
            ] as [&str; 2]
        );
        // addons no object
        let patch = json!({"spec": {"addons": 5}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
        // core DNS
        let patch = json!({"spec": {"systemComponents": {"coreDNS": {"rewriting": {"commonSuffixes": [5, "a.b", ".a.b"]}}}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.systemComponents.coreDNS.rewriting.commonSuffixes[0] Invalid: must contain at least one non-leading dot ('.')",
            "spec.systemComponents.coreDNS.rewriting.commonSuffixes[0] Invalid: must be a valid DNS subdomain",
            "spec.systemComponents.coreDNS.rewriting.commonSuffixes[2] Duplicate"
            ] as [&str; 3]
        );
        // core DNS no object
        let patch = json!({"spec": {"systemComponents": {"coreDNS": "x"}}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
        // zones
        let patch = json!({"spec": {"controlPlane": {"zones": ["a", 5, "a", 7]}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.controlPlane.zones[2] Duplicate",
            "spec.controlPlane.zones[3] Duplicate",
            "spec.controlPlane.zones Invalid: exactly 1 zone must be specified when failure tolerance type is not 'zone'"
            ] as [&str; 3]
        );
        // zones no list
        let patch = json!({"spec": {"controlPlane": {"zones": "a"}}});
        assert_eq!(short(validate_shoot_spec(&shoot(patch))), [] as [&str; 0]);
    }

    // A DNS provider's `type` or `secretName` of another type reads as unset, except that the
    // strategy's synchronisation gives a `secretName` of another type a reference to the Secret "".
    #[test]
    fn dns_provider_parts_of_other_types_read_as_before() {
        // created
        let patch = json!({"spec": {"dns": {"providers": [{"primary": "true", "type": 5, "secretName": 5, "credentialsRef": 5}, {"primary": true, "type": 5}, {"primary": true, "type": "t", "secretName": 5}, {"type": "t", "credentialsRef": {"apiVersion": "v1", "kind": "Secret", "name": 5}}]}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.dns.providers[0].credentialsRef.apiVersion Required: must provide an apiVersion",
            "spec.dns.providers[0].credentialsRef.kind Required: must provide a kind",
            "spec.dns.providers[0].credentialsRef.name Required: must provide a name",
            "spec.dns.providers[0].credentialsRef.name Invalid: …",
            "spec.dns.providers[0].credentialsRef NotSupported: …",
            "spec.dns.providers[0].type Required: type must be set when credentialsRef is set",
            "spec.dns.providers[2].credentialsRef.name Required: must provide a name",
            "spec.dns.providers[2].credentialsRef.name Invalid: …",
            "spec.dns.providers[2].secretName Forbidden: must refer to the same secret as `credentialsRef`",
            "spec.dns.providers[2].primary Forbidden: multiple primary DNS providers are not supported",
            "spec.dns.providers[3].credentialsRef.name Required: must provide a name",
            "spec.dns.providers[3].credentialsRef.name Invalid: …",
            "spec.dns.providers[3] Invalid: combination of .credentialsRef and .type must be unique across dns providers"
            ] as [&str; 13]
        );
        // without strategy
        let patch = json!({"spec": {"dns": {"providers": [{"primary": "true", "type": 5, "secretName": 5, "credentialsRef": 5}, {"primary": true, "type": 5}, {"primary": true, "type": "t", "secretName": 5}, {"type": "t", "credentialsRef": {"apiVersion": "v1", "kind": "Secret", "name": 5}}]}}});
        assert_eq!(
            short(validate_shoot_spec_without_strategy(&shoot(patch))),
            [
            "spec.dns.providers[0].credentialsRef.apiVersion Required: must provide an apiVersion",
            "spec.dns.providers[0].credentialsRef.kind Required: must provide a kind",
            "spec.dns.providers[0].credentialsRef.name Required: must provide a name",
            "spec.dns.providers[0].credentialsRef.name Invalid: …",
            "spec.dns.providers[0].credentialsRef NotSupported: …",
            "spec.dns.providers[0].type Required: type must be set when credentialsRef is set",
            "spec.dns.providers[2].primary Forbidden: multiple primary DNS providers are not supported",
            "spec.dns.providers[3].credentialsRef.name Required: must provide a name",
            "spec.dns.providers[3].credentialsRef.name Invalid: …",
            "spec.dns.providers[3].secretName Forbidden: must refer to the same secret as `credentialsRef`"
            ] as [&str; 10]
        );
        // synchronised
        let patch = json!({"spec": {"dns": {"providers": [{"primary": true, "type": "aws", "credentialsRef": {"apiVersion": "v1", "kind": "Secret", "name": "s"}}, {"type": "aws", "secretName": "s"}, {"type": "unmanaged", "secretName": "x", "credentialsRef": {"apiVersion": 1, "kind": "Secret", "name": "s"}}]}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.dns.domain Required: domain must be set when primary provider type is not set to \"unmanaged\"",
            "spec.dns.providers[1] Invalid: combination of .credentialsRef and .type must be unique across dns providers",
            "spec.dns.providers[2].credentialsRef.apiVersion Required: must provide an apiVersion",
            "spec.dns.providers[2].credentialsRef NotSupported: …",
            "spec.dns.providers[2].secretName Forbidden: must not be set when `credentialsRef` does not refer to secret resource",
            "spec.dns.providers[2].credentialsRef Invalid: credentialsRef must not be set when type is \"unmanaged\""
            ] as [&str; 6]
        );
    }

    // A networking field of another type is set (for the workerless rule) but reads as no text.
    #[test]
    fn networking_of_other_types_reads_as_unset() {
        // type
        let patch = json!({"spec": {"networking": {"type": 5, "nodes": 1, "pods": null, "services": ["x"]}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            ["spec.networking.type Required: networking type must be provided"] as [&str; 1]
        );
        // workerless
        let patch = json!({"spec": {"provider": {"workers": []}, "credentialsBindingName": null, "networking": {"type": 5, "providerConfig": "x", "pods": null, "nodes": 7}}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            [
            "spec.networking.type Forbidden: this field should not be set for workerless Shoot clusters",
            "spec.networking.providerConfig Forbidden: this field should not be set for workerless Shoot clusters",
            "spec.networking.nodes Forbidden: this field should not be set for workerless Shoot clusters"
            ] as [&str; 3]
        );
        // no object
        let patch = json!({"spec": {"networking": "x"}});
        assert_eq!(
            short(validate_shoot_spec(&shoot(patch))),
            ["spec.networking.type Required: networking type must be provided"] as [&str; 1]
        );
    }
}
