//! The Kubernetes component settings of a Shoot (`spec.kubernetes`) as Gardener's static Shoot
//! validation judges them: `validateKubernetes` of `pkg/api/core/validation/shoot.go` and everything
//! it calls — `validateETCD`, `ValidateKubeAPIServer` (with `ValidateAdmissionPlugins` of
//! `pkg/utils/validation/admissionplugins`, `ValidateAPIGroupVersions` of
//! `pkg/utils/validation/apigroups`, `ValidateAuditPolicyConfigMapReference`,
//! `ValidateWatchCacheSizes`, `ValidateAPIServerLogging`, `validateEncryptionConfig`,
//! `ValidateAPIServerRequests`, `ValidateOIDCIssuerURL`, `ValidateControlPlaneAutoscaling` and
//! `validateAPIAudiences`), `ValidateKubeControllerManager`, `validateKubernetesForWorkerlessShoot`,
//! `validateKubeScheduler` (`validateKubeMaxPDVols`), `validateKubeProxy`, `ValidateKubeletConfig`,
//! `ValidateClusterAutoscaler` (`validateClusterAutoscalerTaints`) and
//! `ValidateVerticalPodAutoscaler` (with `ValidateVpaFeatureGates` of
//! `pkg/utils/validation/features/vpa.go`). The pools' `ValidateKubeletConfig` ([`validate_kubelet_config`])
//! and `ValidateNodeCIDRMaskWithMaxPod` ([`validate_node_cidr_mask_with_max_pods`]), which
//! `validateProvider` reports, are here too, for `workers` to call; the taint lists of the cluster
//! autoscaler are `node_readiness`'.
//!
//! Left to other modules: an empty `spec.kubernetes.version` (`shoot_versions`, which reports the
//! only error `validateKubernetes` gives then) and every `ValidateFeatureGates` error of the
//! components (`maintenance::admission::feature_gates_of`).
//!
//! The Shoot is judged as the API server stores it, after the v1beta1 defaults of
//! `pkg/apis/core/v1beta1/defaults_shoot.go`. The defaults that decide an answer are applied while
//! reading: the API server's configuration always exists (`SetDefaults_Shoot`); for a Shoot with
//! workers the controller manager (with its node CIDR mask sizes, [`ShootSpec::node_cidr_mask_sizes`]),
//! the scheduler, the proxy (mode `IPTables`) and the kubelet (`failSwapOn`, the image GC
//! thresholds, `serializeImagePulls`) exist too; the cluster autoscaler's `maxScaleDownParallelism`
//! follows `maxEmptyBulkDelete`; an `etcdEncryptionKey` auto rotation without a period rotates
//! every 7 days. The other defaults of those sections hold valid values and change no answer.
//!
//! [`ShootSpec::node_cidr_mask_sizes`]: crate::api::ShootSpec::node_cidr_mask_sizes

use crate::api::{AdmissionPlugin, ComponentConfig, KubeletConfig, Kubernetes, Shoot};
use crate::field::FieldError;
use crate::golang::{quote, to_lower};
use crate::maintenance::version_ranges::ADMISSION_PLUGINS;
use crate::rollout::quantity::Quantity;
use crate::validation::names::{
    dns1123_label, dns1123_subdomain, invalid_each, label_key, parse_group_resource,
    parse_group_version, CHARACTERS,
};
use crate::validation::not_supported;
use crate::version::{k8s_at_least as at_least, k8s_below as below};
use chrono::TimeDelta;
use serde_json::{Map, Value};
use std::cmp::Ordering;
use std::collections::BTreeSet;

type Object = Map<String, Value>;

/// The errors `ValidateShoot` reports for the component settings under `spec.kubernetes`, in
/// Gardener's order (a Go map's entries by key).
pub fn validate_kubernetes_settings(shoot: &Shoot) -> Vec<FieldError> {
    validate(shoot, false)
}

/// [`validate_kubernetes_settings`] as `ValidateShootUpdate` runs it: accepted issuers that did not
/// change are not validated again.
pub fn validate_kubernetes_settings_update(shoot: &Shoot, old: &Shoot) -> Vec<FieldError> {
    validate(
        shoot,
        super::shoot_update::allow_invalid_accepted_issuers(shoot, old),
    )
}

fn validate(shoot: &Shoot, allow_invalid_accepted_issuers: bool) -> Vec<FieldError> {
    let kubernetes = &shoot.spec.kubernetes;
    let version = kubernetes.version.as_str();
    let mut errors = Vec::new();
    if version.is_empty() {
        return errors;
    }
    let workerless = shoot.spec.provider.workers.is_empty();
    let extra = Some(&*kubernetes.extra);

    validate_etcd(get_object(extra, "etcd"), &mut errors);
    let kas = KubeApiServer {
        config: kubernetes.kube_api_server.as_ref(),
        version,
        workerless,
        allow_invalid_accepted_issuers,
        auto_rotation: etcd_encryption_key_auto_rotation(shoot),
    };
    kas.validate(&mut errors);
    validate_kube_controller_manager(shoot, version, workerless, &mut errors);

    if workerless {
        forbid_node_components(kubernetes, &mut errors);
        return errors;
    }

    validate_kube_scheduler(kubernetes.kube_scheduler.as_ref(), version, &mut errors);
    validate_kube_proxy(shoot, &mut errors);
    validate_shoot_kubelet(kubernetes, &mut errors);
    if let Some(autoscaler) = &kubernetes.cluster_autoscaler {
        validate_cluster_autoscaler(autoscaler, version, &mut errors);
    }
    if let Some(vpa) = get_object(extra, "verticalPodAutoscaler") {
        validate_vertical_pod_autoscaler(vpa, &mut errors);
    }
    errors
}

/// Gardener's text for a field a workerless Shoot may not set.
pub(crate) const WORKERLESS: &str = "this field should not be set for workerless Shoot clusters";

/// `validateKubernetesForWorkerlessShoot`'s part under `spec.kubernetes`: no node components.
pub(crate) fn forbid_node_components(kubernetes: &Kubernetes, errors: &mut Vec<FieldError>) {
    let forbidden = [
        ("kubeScheduler", kubernetes.kube_scheduler.is_some()),
        ("kubeProxy", kubernetes.kube_proxy.is_some()),
        ("kubelet", kubernetes.kubelet.is_some()),
        // Gardener's own spelling of these two paths.
        ("clusterAutoScaler", kubernetes.cluster_autoscaler.is_some()),
        (
            "verticalPodAutoScaler",
            get(Some(&kubernetes.extra), "verticalPodAutoscaler").is_some(),
        ),
    ];
    for (name, set) in forbidden {
        if set {
            let field = format!("spec.kubernetes.{name}");
            errors.push(FieldError::forbidden(field, WORKERLESS));
        }
    }
}

/// `ValidateKubeletConfig` of `spec.kubernetes.kubelet` of a Shoot with workers, which always has
/// one (`SetDefaults_Shoot`).
pub(crate) fn validate_shoot_kubelet(kubernetes: &Kubernetes, errors: &mut Vec<FieldError>) {
    let none = KubeletConfig::default();
    errors.extend(validate_kubelet_config(
        kubernetes.kubelet.as_ref().unwrap_or(&none),
        &kubernetes.version,
        "spec.kubernetes.kubelet",
        KubeletDefaults::Shoot,
    ));
}

// ---------------------------------------------------------------------------------------------
// Reading the JSON of the sections the model keeps verbatim. Go decodes `null` as absent; a value
// of the wrong type fails the whole request in Go, so it is read as absent here.

fn get<'a>(object: Option<&'a Object>, key: &str) -> Option<&'a Value> {
    object?.get(key).filter(|value| !value.is_null())
}

fn get_object<'a>(object: Option<&'a Object>, key: &str) -> Option<&'a Object> {
    get(object, key)?.as_object()
}

fn get_int(object: Option<&Object>, key: &str) -> Option<i64> {
    get(object, key)?.as_i64()
}

fn get_float(object: Option<&Object>, key: &str) -> Option<f64> {
    get(object, key)?.as_f64()
}

fn get_str<'a>(object: Option<&'a Object>, key: &str) -> Option<&'a str> {
    get(object, key)?.as_str()
}

fn get_bool(object: Option<&Object>, key: &str) -> Option<bool> {
    get(object, key)?.as_bool()
}

/// A `metav1.Duration`: a Go duration string.
fn get_duration(object: Option<&Object>, key: &str) -> Option<TimeDelta> {
    crate::duration::parse(get_str(object, key)?).ok()
}

fn get_quantity(object: Option<&Object>, key: &str) -> Option<Quantity> {
    quantity_of(get(object, key)?)
}

fn quantity_of(value: &Value) -> Option<Quantity> {
    Quantity::from_json(value)?.ok()
}

/// A list of strings; `Some` for a present list, even an empty one (Go keeps it non-nil).
fn get_strings<'a>(object: Option<&'a Object>, key: &str) -> Option<Vec<&'a str>> {
    let list = get(object, key)?.as_array()?;
    Some(list.iter().filter_map(Value::as_str).collect())
}

fn nonnegative(value: i64, field: String, errors: &mut Vec<FieldError>) {
    if value < 0 {
        errors.push(FieldError::invalid(field, IS_NEGATIVE));
    }
}

const IS_NEGATIVE: &str = "must be greater than or equal to 0";

/// `ValidatePositiveDuration`.
fn positive_duration(object: Option<&Object>, key: &str, path: &str, errors: &mut Vec<FieldError>) {
    if get_duration(object, key).is_some_and(|duration| duration < TimeDelta::zero()) {
        errors.push(FieldError::invalid(
            format!("{path}.{key}"),
            "must be non-negative",
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// Versions.

/// `VersionRange.Contains`, with Masterminds' error text for a version that does not parse.
fn range_contains(version: &str, added: &str, removed: &str) -> Result<bool, String> {
    fn bound(text: &str) -> Option<&str> {
        (!text.is_empty()).then_some(text)
    }
    let contains = crate::version::range_contains(version, bound(added), bound(removed));
    contains.map_err(|error| error.masterminds_message())
}

/// `VersionRange.SupportedVersionRange`.
fn supported_range(added: &str, removed: &str) -> String {
    match (added.is_empty(), removed.is_empty()) {
        (false, true) => format!("versions >= {added}"),
        (true, false) => format!("versions < {removed}"),
        (false, false) => format!("versions >= {added}, < {removed}"),
        (true, true) => "all kubernetes versions".to_string(),
    }
}

// ---------------------------------------------------------------------------------------------
// ETCD and control plane autoscaling.

/// `validateETCD`.
fn validate_etcd(etcd: Option<&Object>, errors: &mut Vec<FieldError>) {
    for (member, minimum) in [("main", "300M"), ("events", "60M")] {
        if let Some(config) = get_object(etcd, member) {
            let path = format!("spec.kubernetes.etcd.{member}.autoscaling");
            let minimums = [("memory", minimum)];
            control_plane_autoscaling(get(Some(config), "autoscaling"), &minimums, &path, errors);
        }
    }
}

/// `ValidateControlPlaneAutoscaling`: `minAllowed` is required, only `cpu` and `memory` may be set,
/// each at least its minimum.
fn control_plane_autoscaling(
    autoscaling: Option<&Value>,
    minimums: &[(&str, &str)],
    path: &str,
    errors: &mut Vec<FieldError>,
) {
    let Some(autoscaling) = autoscaling else {
        return;
    };
    let min_allowed = get_object(autoscaling.as_object(), "minAllowed");
    let Some(min_allowed) = min_allowed.filter(|resources| !resources.is_empty()) else {
        let field = format!("{path}.minAllowed");
        errors.push(FieldError::required(field, "must provide minAllowed"));
        return;
    };
    for (resource, value) in min_allowed {
        let field = format!("{path}.minAllowed.{resource}");
        if resource != "cpu" && resource != "memory" {
            // Gardener lists the set unsorted, in Go's random map order; sorted here.
            errors.push(not_supported(&field, &["cpu".into(), "memory".into()]));
        }
        let Some(quantity) = quantity_of(value) else {
            continue;
        };
        let minimum = minimums.iter().find(|(name, _)| name == resource);
        if let Some((_, minimum)) = minimum {
            let minimum = Quantity::parse(minimum).expect("a valid minimum");
            if quantity.compare(&minimum) == Ordering::Less {
                let detail = format!("value must be bigger than >= {}", minimum.canonical());
                errors.push(FieldError::invalid(&field, detail));
            }
        }
        errors.extend(resource_quantity_value(resource, &quantity, &field));
    }
}

/// `ValidateResourceQuantityValue` (Gardener's copy of Kubernetes' core validation).
fn resource_quantity_value(resource: &str, quantity: &Quantity, field: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if quantity.compare(&Quantity::parse("0").expect("zero")) == Ordering::Less {
        errors.push(FieldError::invalid(field, IS_NEGATIVE));
    }
    if is_integer_resource(resource) && !quantity_is_integer(quantity) {
        errors.push(FieldError::invalid(field, "must be an integer"));
    }
    errors
}

/// `IsIntegerResourceName`: the object counts of quotas and every extended resource.
fn is_integer_resource(name: &str) -> bool {
    const INTEGER: &[&str] = &[
        "pods",
        "resourcequotas",
        "services",
        "replicationcontrollers",
        "secrets",
        "configmaps",
        "persistentvolumeclaims",
        "services.nodeports",
        "services.loadbalancers",
    ];
    if INTEGER.contains(&name) {
        return true;
    }
    // `IsExtendedResourceName`.
    let native = !name.contains('/') || name.contains("kubernetes.io/");
    !native && !name.starts_with("requests.") && label_key(&format!("requests.{name}")).is_empty()
}

/// Whether `MilliValue() % 1000 == 0`: the quantity is a whole number.
fn quantity_is_integer(quantity: &Quantity) -> bool {
    decimal_text_is_integer(&quantity.canonical())
}

/// Whether a quantity's text (`[+-]digits[.digits][suffix]`) is a whole number.
fn decimal_text_is_integer(text: &str) -> bool {
    let body = text.trim_start_matches(['+', '-']);
    let number_end = body
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(body.len());
    let (number, suffix) = body.split_at(number_end);
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let (ten, two): (i64, i64) = match suffix {
        "" => (0, 0),
        "n" => (-9, 0),
        "u" => (-6, 0),
        "m" => (-3, 0),
        "k" => (3, 0),
        "M" => (6, 0),
        "G" => (9, 0),
        "T" => (12, 0),
        "P" => (15, 0),
        "E" => (18, 0),
        "Ki" => (0, 10),
        "Mi" => (0, 20),
        "Gi" => (0, 30),
        "Ti" => (0, 40),
        "Pi" => (0, 50),
        "Ei" => (0, 60),
        other => match other.strip_prefix(['e', 'E']).and_then(|e| e.parse().ok()) {
            Some(exponent) => (exponent, 0),
            None => return false,
        },
    };
    let digits = format!("{whole}{fraction}");
    let digits = digits.trim_end_matches('0');
    let zeros = (whole.len() + fraction.len()) as i64 - digits.len() as i64;
    // digits × 10^(ten − fraction + zeros) × 2^two
    let shift = ten - fraction.len() as i64 + zeros;
    if digits.trim_start_matches('0').is_empty() || shift >= 0 {
        return true;
    }
    let needed = shift.unsigned_abs();
    // 10^needed must divide digits × 2^two: digits ends in no 0, so 5^needed | digits and
    // 2^needed | 2^two × digits.
    if needed > 55 {
        return false;
    }
    let modulo = |divisor: u128| {
        digits.bytes().fold(0u128, |rest, digit| {
            (rest * 10 + u128::from(digit - b'0')) % divisor
        })
    };
    let fives = 5u128.pow(needed as u32);
    if modulo(fives) != 0 {
        return false;
    }
    let twos_missing = needed.saturating_sub(two.unsigned_abs());
    twos_missing == 0 || (twos_missing <= 100 && modulo(1u128 << twos_missing.min(100)) == 0)
}

// ---------------------------------------------------------------------------------------------
// kube-apiserver.

struct KubeApiServer<'a> {
    config: Option<&'a ComponentConfig>,
    version: &'a str,
    workerless: bool,
    allow_invalid_accepted_issuers: bool,
    auto_rotation: bool,
}

const KAS: &str = "spec.kubernetes.kubeAPIServer";

impl KubeApiServer<'_> {
    /// `ValidateKubeAPIServer`; the configuration always exists on a stored Shoot.
    fn validate(&self, errors: &mut Vec<FieldError>) {
        let version = self.version;
        let extra = self.config.map(|config| &*config.extra);
        if get(extra, "enableAnonymousAuthentication").is_some() && at_least(version, 35) {
            errors.push(FieldError::forbidden(
                format!("{KAS}.enableAnonymousAuthentication"),
                "for Kubernetes versions >= 1.35, enableAnonymousAuthentication field is no longer supported",
            ));
        }
        let plugins = self.config.and_then(|c| c.admission_plugins.as_deref());
        errors.extend(validate_admission_plugins(
            plugins.unwrap_or_default(),
            version,
            &format!("{KAS}.admissionPlugins"),
        ));
        errors.extend(validate_api_group_versions(
            get_object(extra, "runtimeConfig"),
            version,
            self.workerless,
            &format!("{KAS}.runtimeConfig"),
        ));
        self.audit_config(extra, errors);
        self.structured_auth(extra, errors);
        validate_watch_cache_sizes(get_object(extra, "watchCacheSizes"), version, errors);
        let logging = get_object(extra, "logging");
        for key in ["verbosity", "httpAccessVerbosity"] {
            if let Some(value) = get_int(logging, key) {
                nonnegative(value, format!("{KAS}.logging.{key}"), errors);
            }
        }
        for key in [
            "defaultNotReadyTolerationSeconds",
            "defaultUnreachableTolerationSeconds",
        ] {
            if let Some(value) = get_int(extra, key) {
                nonnegative(value, format!("{KAS}.{key}"), errors);
            }
        }
        validate_encryption_config(
            get_object(extra, "encryptionConfig"),
            self.auto_rotation,
            errors,
        );
        validate_requests(get_object(extra, "requests"), errors);
        self.service_account_config(get_object(extra, "serviceAccountConfig"), errors);
        if let Some(ttl) = get_duration(extra, "eventTTL") {
            let field = format!("{KAS}.eventTTL");
            if ttl < TimeDelta::zero() {
                errors.push(FieldError::invalid(&field, "can not be negative"));
            }
            if ttl > TimeDelta::hours(24) {
                errors.push(FieldError::invalid(&field, "can not be longer than 24h"));
            }
        }
        if let Some(tls) = get_str(extra, "tlsMinVersion") {
            if tls != "VersionTLS12" && tls != "VersionTLS13" {
                let supported = ["VersionTLS12".into(), "VersionTLS13".into()];
                errors.push(not_supported(format!("{KAS}.tlsMinVersion"), &supported));
            }
        }
        control_plane_autoscaling(
            get(extra, "autoscaling"),
            &[("cpu", "20m"), ("memory", "200M")],
            &format!("{KAS}.autoscaling"),
            errors,
        );
        // `featureGates`: validated elsewhere (see the module's documentation).
        if let Some(audiences) = get_strings(extra, "apiAudiences") {
            let mut seen = BTreeSet::new();
            for (index, audience) in audiences.into_iter().enumerate() {
                let field = format!("{KAS}.apiAudiences[{index}]");
                if seen.contains(audience) {
                    errors.push(FieldError::duplicate(&field));
                }
                if audience.contains(',') {
                    errors.push(FieldError::invalid(
                        &field,
                        "audience must not contain commas",
                    ));
                }
                seen.insert(audience);
            }
        }
    }

    /// `ValidateAuditPolicyConfigMapReference` (`ValidateObjectReferenceNameAndNamespace`).
    fn audit_config(&self, extra: Option<&Object>, errors: &mut Vec<FieldError>) {
        let policy = get_object(get_object(extra, "auditConfig"), "auditPolicy");
        let Some(reference) = get_object(policy, "configMapRef") else {
            return;
        };
        let path = format!("{KAS}.auditConfig.auditPolicy.configMapRef");
        let name = get_str(Some(reference), "name").unwrap_or("");
        if name.is_empty() {
            errors.push(FieldError::required(
                format!("{path}.name"),
                "must provide a name",
            ));
        } else {
            invalid_each(
                &format!("{path}.name"),
                dns1123_subdomain(name, CHARACTERS),
                errors,
            );
        }
        let namespace = get_str(Some(reference), "namespace").unwrap_or("");
        if !namespace.is_empty() {
            invalid_each(
                &format!("{path}.namespace"),
                dns1123_label(namespace),
                errors,
            );
        }
    }

    fn structured_auth(&self, extra: Option<&Object>, errors: &mut Vec<FieldError>) {
        let gates = self.config.and_then(|config| config.feature_gates.as_ref());
        let disabled = |name: &str| gates.and_then(|gates| gates.get(name)) == Some(&false);
        if let Some(authentication) = get_object(extra, "structuredAuthentication") {
            let path = format!("{KAS}.structuredAuthentication");
            if disabled("StructuredAuthenticationConfiguration") {
                errors.push(FieldError::forbidden(
                    &path,
                    "requires feature gate StructuredAuthenticationConfiguration to be enabled",
                ));
            }
            if get_str(Some(authentication), "configMapName")
                .unwrap_or("")
                .is_empty()
            {
                errors.push(FieldError::forbidden(
                    format!("{path}.configMapName"),
                    "must provide a name",
                ));
            }
        }
        if let Some(authorization) = get_object(extra, "structuredAuthorization") {
            let path = format!("{KAS}.structuredAuthorization");
            if disabled("StructuredAuthorizationConfiguration") {
                errors.push(FieldError::forbidden(
                    &path,
                    "requires feature gate StructuredAuthorizationConfiguration to be enabled",
                ));
            }
            let name = get_str(Some(authorization), "configMapName").unwrap_or("");
            if name.is_empty() {
                errors.push(FieldError::forbidden(
                    format!("{path}.configMapName"),
                    "must provide a name",
                ));
            }
            let kubeconfigs = get(Some(authorization), "kubeconfigs").and_then(Value::as_array);
            if !name.is_empty() && kubeconfigs.is_none_or(|list| list.is_empty()) {
                errors.push(FieldError::required(
                    format!("{path}.kubeconfigs"),
                    "must provide kubeconfig secret references if an authorization config is configured",
                ));
            }
        }
    }

    fn service_account_config(&self, config: Option<&Object>, errors: &mut Vec<FieldError>) {
        let Some(config) = config else {
            return;
        };
        let path = format!("{KAS}.serviceAccountConfig");
        if let Some(expiration) = get_duration(Some(config), "maxTokenExpiration") {
            let field = format!("{path}.maxTokenExpiration");
            if expiration < TimeDelta::zero() {
                errors.push(FieldError::invalid(&field, "can not be negative"));
            }
            if expiration > TimeDelta::zero() && expiration < TimeDelta::hours(720) {
                errors.push(FieldError::forbidden(&field, "must be at least 720h (30d)"));
            }
            if expiration > TimeDelta::hours(2160) {
                errors.push(FieldError::forbidden(&field, "must be at most 2160h (90d)"));
            }
        }
        let issuer = get_str(Some(config), "issuer");
        if let Some(issuer) = issuer {
            errors.extend(validate_issuer_url(issuer, &format!("{path}.issuer")));
        }
        let accepted = get_strings(Some(config), "acceptedIssuers").unwrap_or_default();
        if accepted.is_empty() || self.allow_invalid_accepted_issuers {
            return;
        }
        let mut issuers: BTreeSet<&str> = issuer.into_iter().collect();
        for (index, accepted) in accepted.into_iter().enumerate() {
            let field = format!("{path}.acceptedIssuers[{index}]");
            errors.extend(validate_issuer_url(accepted, &field));
            if !issuers.insert(accepted) {
                if issuer == Some(accepted) {
                    let detail = format!(
                        "acceptedIssuers cannot contains the issuer field value: {accepted}"
                    );
                    errors.push(FieldError::invalid(&field, detail));
                } else {
                    errors.push(FieldError::duplicate(&field));
                }
            }
        }
    }
}

/// `IsETCDEncryptionKeyAutoRotationEnabled` of the defaulted maintenance: a configured
/// `etcdEncryptionKey` rotation without a period rotates every 7 days
/// (`SetDefaults_MaintenanceRotationConfig`).
fn etcd_encryption_key_auto_rotation(shoot: &Shoot) -> bool {
    let maintenance = shoot.spec.maintenance.as_ref();
    let auto_rotation = maintenance.and_then(|m| m.auto_rotation.as_ref());
    let credentials = auto_rotation.and_then(|a| a.credentials.as_ref());
    let Some(key) = credentials.and_then(|c| c.etcd_encryption_key.as_ref()) else {
        return false;
    };
    match key.rotation_period.as_deref() {
        None => true,
        Some(period) => crate::duration::parse(period).is_ok_and(|period| !period.is_zero()),
    }
}

/// `ValidateWatchCacheSizes`.
fn validate_watch_cache_sizes(sizes: Option<&Object>, version: &str, errors: &mut Vec<FieldError>) {
    let Some(sizes) = sizes else {
        return;
    };
    let path = format!("{KAS}.watchCacheSizes");
    if let Some(default) = get(Some(sizes), "default") {
        let field = format!("{path}.default");
        if at_least(version, 35) {
            errors.push(FieldError::forbidden(
                field,
                "for Kubernetes versions >= 1.35, configuring the default watch cache size is no longer supported",
            ));
        } else if let Some(default) = default.as_i64() {
            nonnegative(default, field, errors);
        }
    }
    let resources = get(Some(sizes), "resources").and_then(Value::as_array);
    for (index, entry) in resources.into_iter().flatten().enumerate() {
        let item = format!("{path}.resources[{index}]");
        let entry = entry.as_object();
        let resource = get_str(entry, "resource").unwrap_or("");
        if resource.is_empty() {
            errors.push(FieldError::required(
                format!("{item}.resource"),
                "must not be empty",
            ));
        } else {
            if to_lower(resource) != resource {
                errors.push(FieldError::invalid(
                    format!("{item}.resource"),
                    "must be lower case",
                ));
            }
            if resource.contains([',', '.', ' ', '#']) {
                let detail = format!(
                    "must not contain any of the following characters: {}",
                    quote(",. #")
                );
                errors.push(FieldError::invalid(format!("{item}.resource"), detail));
            }
        }
        if let Some(group) = get_str(entry, "apiGroup").filter(|group| !group.is_empty()) {
            if to_lower(group) != group {
                errors.push(FieldError::invalid(
                    format!("{item}.apiGroup"),
                    "must be lower case",
                ));
            }
            if group.contains([',', ' ', '#']) {
                let detail = format!(
                    "must not contain any of the following characters: {}",
                    quote(", #")
                );
                errors.push(FieldError::invalid(format!("{item}.apiGroup"), detail));
            }
        }
        nonnegative(
            get_int(entry, "size").unwrap_or(0),
            format!("{item}.size"),
            errors,
        );
    }
}

/// `ValidateAPIServerRequests`.
fn validate_requests(requests: Option<&Object>, errors: &mut Vec<FieldError>) {
    for (key, maximum) in [
        ("maxNonMutatingInflight", 5000),
        ("maxMutatingInflight", 2500),
    ] {
        if let Some(value) = get_int(requests, key) {
            let field = format!("{KAS}.requests.{key}");
            nonnegative(value, field.clone(), errors);
            if value > maximum {
                let detail = format!("cannot set higher than {maximum}");
                errors.push(FieldError::invalid(field, detail));
            }
        }
    }
}

/// `validateEncryptionConfig`, with the resources Gardener always encrypts (`secrets`).
fn validate_encryption_config(
    config: Option<&Object>,
    auto_rotation: bool,
    errors: &mut Vec<FieldError>,
) {
    let Some(config) = config else {
        return;
    };
    let path = format!("{KAS}.encryptionConfig");
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    let resources = get(Some(config), "resources").and_then(Value::as_array);
    for (index, resource) in resources.into_iter().flatten().enumerate() {
        let Some(resource) = resource.as_str() else {
            continue;
        };
        let field = format!("{path}.resources[{index}]");
        let group_resource = parse_group_resource(resource);
        let mut invalid = |detail: &str| errors.push(FieldError::invalid(&field, detail));
        if to_lower(resource) != resource {
            invalid("resource must be lower case");
        }
        if matches!(
            resource,
            "apiserveripinfo" | "serviceipallocations" | "servicenodeportallocations"
        ) {
            invalid("resources which do not have REST API/s cannot be encrypted");
        }
        if resource.ends_with('.') {
            invalid("resource should not end with '.'");
        }
        if resource.contains('*') {
            invalid("wildcards are not supported");
        }
        if group_resource.0 == "events.k8s.io" {
            invalid("'*.events.k8s.io' objects are stored using the 'events' API group in etcd. Use 'events' instead");
        }
        if group_resource.0 == "extensions" {
            invalid("'extensions' group has been removed and cannot be used for encryption");
        }
        if seen.contains(&group_resource) {
            errors.push(FieldError::duplicate(&field));
        }
        if group_resource == ("", "secrets") {
            let detail = format!("{} are always encrypted", quote(resource));
            errors.push(FieldError::forbidden(&field, detail));
        }
        seen.insert(group_resource);
    }
    let provider = get_object(Some(config), "provider");
    if let Some(provider_type) = get_str(provider, "type") {
        let field = format!("{path}.provider.type");
        if !matches!(provider_type, "aescbc" | "aesgcm" | "secretbox") {
            let supported = ["aescbc".into(), "aesgcm".into(), "secretbox".into()];
            errors.push(not_supported(&field, &supported));
        }
        if provider_type == "aesgcm" && !auto_rotation {
            errors.push(FieldError::forbidden(
                &field,
                "etcdEncryptionKey auto rotation must be enabled when encryption at rest provider is AES-GCM",
            ));
        }
    }
}

/// `ValidateOIDCIssuerURL`.
fn validate_issuer_url(issuer: &str, field: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let parsed = go_url::parse(issuer);
    let invalid = |detail: &str| FieldError::invalid(field, detail);
    match &parsed {
        Err(()) => {
            errors.push(invalid("must be a valid URL and have https scheme"));
            return errors;
        }
        Ok(url) if url.host.is_empty() => {
            errors.push(invalid("must be a valid URL and have https scheme"))
        }
        Ok(_) => {}
    }
    let url = parsed.expect("parsed");
    if !url.fragment.is_empty() {
        errors.push(invalid("must not contain a fragment"));
    }
    if url.user {
        errors.push(invalid("must not contain a username or password"));
    }
    if !url.raw_query.is_empty() {
        errors.push(invalid("must not contain a query"));
    }
    if url.scheme != "https" {
        errors.push(invalid("must have https scheme"));
    }
    errors
}

// ---------------------------------------------------------------------------------------------
// Admission plugins (`pkg/utils/validation/admissionplugins`).

/// The plugins that must stay enabled.
const REQUIRED_PLUGINS: &[&str] = &[
    "MutatingAdmissionWebhook",
    "NamespaceLifecycle",
    "NodeRestriction",
    "PodSecurity",
    "Priority",
    "StorageObjectInUseProtection",
    "ValidatingAdmissionWebhook",
];

/// The plugins that take a `config`.
const CONFIGURABLE_PLUGINS: &[&str] = &[
    "EventRateLimit",
    "ImagePolicyWebhook",
    "MutatingAdmissionWebhook",
    "PodNodeSelector",
    "PodSecurity",
    "PodTolerationRestriction",
    "ResourceQuota",
    "ValidatingAdmissionWebhook",
];

/// The plugins that may name an external kubeconfig.
const KUBECONFIG_PLUGINS: &[&str] = &[
    "ValidatingAdmissionWebhook",
    "MutatingAdmissionWebhook",
    "ImagePolicyWebhook",
];

/// `ValidateAdmissionPlugins`. No plugin of Gardener's table is forbidden, so the summary error
/// of forbidden plugins never appears.
pub fn validate_admission_plugins(
    plugins: &[AdmissionPlugin],
    version: &str,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    // Gardener checks every table entry against the version first, plugins or not.
    if let Err(message) = range_contains(version, "", "") {
        errors.push(FieldError::internal(path, message));
        return errors;
    }
    for (index, plugin) in plugins.iter().enumerate() {
        let item = format!("{path}[{index}]");
        let name = plugin.name.as_str();
        if name.is_empty() {
            errors.push(FieldError::required(
                format!("{item}.name"),
                "must provide a name",
            ));
            return errors;
        }
        let Some(&(_, added, removed)) = ADMISSION_PLUGINS
            .iter()
            .find(|(known, _, _)| *known == name)
        else {
            let detail = format!("unknown admission plugin {}", quote(name));
            errors.push(FieldError::invalid(format!("{item}.name"), detail));
            continue;
        };
        match range_contains(version, added, removed) {
            Err(message) => errors.push(FieldError::invalid(format!("{item}.name"), message)),
            Ok(false) => errors.push(FieldError::forbidden(
                format!("{item}.name"),
                format!(
                    "admission plugin {} is not supported in Kubernetes version {version}",
                    quote(name)
                ),
            )),
            Ok(true) => {
                let extra = Some(&*plugin.extra);
                let config = get(extra, "config");
                if config.is_some() && !CONFIGURABLE_PLUGINS.contains(&name) {
                    errors.push(FieldError::forbidden(
                        format!("{item}.config"),
                        format!(
                            "admission plugin {} does not allow configuration",
                            quote(name)
                        ),
                    ));
                }
                if get_bool(extra, "disabled") == Some(true) && REQUIRED_PLUGINS.contains(&name) {
                    errors.push(FieldError::forbidden(
                        &item,
                        format!("admission plugin {} cannot be disabled", quote(name)),
                    ));
                }
                if get(extra, "kubeconfigSecretName").is_some()
                    && !KUBECONFIG_PLUGINS.contains(&name)
                {
                    errors.push(FieldError::forbidden(
                        format!("{item}.kubeconfigSecretName"),
                        format!(
                            "admission plugin {} does not allow specifying external kubeconfig",
                            quote(name)
                        ),
                    ));
                }
                if name == "PodSecurity" {
                    if let Some(detail) = config.and_then(pod_security::decode_error) {
                        errors.push(FieldError::invalid(format!("{item}.config"), detail));
                    }
                }
            }
        }
    }
    errors
}

// ---------------------------------------------------------------------------------------------
// Runtime config (`pkg/utils/validation/apigroups`).

struct ApiRange {
    name: &'static str,
    added: &'static str,
    removed: &'static str,
    required: bool,
    required_for_workerless: bool,
}

const fn api(
    name: &'static str,
    added: &'static str,
    removed: &'static str,
    required: bool,
    required_for_workerless: bool,
) -> ApiRange {
    ApiRange {
        name,
        added,
        removed,
        required,
        required_for_workerless,
    }
}

fn find_api(table: &'static [ApiRange], name: &str) -> Option<&'static ApiRange> {
    table.iter().find(|entry| entry.name == name)
}

/// `SplitAPI`: the API group version and, where named, the group version resource.
fn split_api(api: &str) -> Result<(String, String), String> {
    let parts: Vec<&str> = api.split('/').collect();
    match parts.as_slice() {
        [group_version] => Ok((group_version.to_string(), String::new())),
        [first, second] if *first == "v1" => Ok(("v1".to_string(), format!("v1/{second}"))),
        [_, _] => Ok((api.to_string(), String::new())),
        [group, version, _] => Ok((format!("{group}/{version}"), api.to_string())),
        _ => Err(format!("invalid API Group format {}", quote(api))),
    }
}

/// `ValidateAPIGroupVersions`, the entries by key.
fn validate_api_group_versions(
    runtime_config: Option<&Object>,
    version: &str,
    workerless: bool,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (api, enabled) in runtime_config.into_iter().flatten() {
        let Some(enabled) = enabled.as_bool() else {
            continue;
        };
        let field = format!("{path}[{api}]");
        let supported = split_api(api).and_then(|(group_version, resource)| {
            let entry = if resource.is_empty() {
                find_api(API_GROUP_VERSIONS, &group_version)
                    .ok_or_else(|| format!("unknown API group version {}", quote(&group_version)))?
            } else {
                find_api(API_GROUP_VERSION_RESOURCES, &resource).ok_or_else(|| {
                    format!("unknown API group version resource {}", quote(&resource))
                })?
            };
            let contains = range_contains(version, entry.added, entry.removed)?;
            Ok((contains, entry, group_version, resource))
        });
        let (contains, entry, group_version, resource) = match supported {
            Err(message) => {
                errors.push(FieldError::invalid(&field, message));
                continue;
            }
            Ok(found) => found,
        };
        if !contains {
            let detail = format!(
                "api {} is not supported in Kubernetes version {version}, only supported in {}",
                quote(api),
                supported_range(entry.added, entry.removed)
            );
            errors.push(FieldError::forbidden(&field, detail));
            continue;
        }
        if enabled {
            continue;
        }
        let required = |entry: &ApiRange, name: &str| -> Option<FieldError> {
            if workerless {
                (entry.required_for_workerless).then(|| {
                    let detail = format!(
                        "api {} cannot be disabled for workerless clusters",
                        quote(name)
                    );
                    FieldError::forbidden(&field, detail)
                })
            } else {
                (entry.required).then(|| {
                    FieldError::forbidden(&field, format!("api {} cannot be disabled", quote(name)))
                })
            }
        };
        // Every group version of a listed resource is listed too (a test holds the tables to it).
        let group_entry = find_api(API_GROUP_VERSIONS, &group_version);
        if !resource.is_empty() {
            let error = required(entry, &resource)
                .or_else(|| group_entry.and_then(|group| required(group, &group_version)));
            errors.extend(error);
        } else if let Some(error) = required(entry, &group_version) {
            errors.push(error);
        } else {
            let prefix = format!("{group_version}/");
            for resource in API_GROUP_VERSION_RESOURCES.iter() {
                if resource.name.starts_with(&prefix) {
                    errors.extend(required(resource, resource.name));
                }
            }
        }
    }
    errors
}

// ---------------------------------------------------------------------------------------------
// kube-controller-manager, kube-scheduler, kube-proxy.

/// `ValidateNodeCIDRMaskWithMaxPod` as `validateProvider` calls it (not part of
/// [`validate_kubernetes_settings`]: Gardener reports it with the pools, before `validateKubernetes`):
/// the controller manager's (defaulted) `nodeCIDRMaskSize` must leave a node's pod network room for
/// the largest `maxPods` of the Shoot's and the pools' kubelets.
pub fn validate_node_cidr_mask_with_max_pods(shoot: &Shoot) -> Vec<FieldError> {
    let spec = &shoot.spec;
    let Some(mask) = (spec.node_cidr_mask_sizes().0).and_then(|mask| i32::try_from(mask).ok())
    else {
        return Vec::new();
    };
    let max_pods_of = |kubelet: Option<&KubeletConfig>| {
        let extra = kubelet.map(|kubelet| &*kubelet.extra);
        get_int(extra, "maxPods").and_then(|value| i32::try_from(value).ok())
    };
    let mut max_pods = 0;
    if !spec.provider.workers.is_empty() {
        if let Some(pods) = max_pods_of(spec.kubernetes.kubelet.as_ref()) {
            max_pods = pods;
        }
        for worker in spec.provider.workers.iter() {
            if let Some(pods) = max_pods_of(worker.kubelet()).filter(|pods| *pods > max_pods) {
                max_pods = pods;
            }
        }
    }
    if max_pods == 0 {
        max_pods = 110;
    }
    let (total_bits, default_mask): (i32, i32) = if spec.ip_families() == ["IPv6"] {
        (128, 64)
    } else {
        (32, 24)
    };
    let subnet_bits = total_bits.wrapping_sub(mask);
    // 2^bits − 2 (`big.Int.Exp` gives 1 for a negative exponent); beyond 62 bits every int32
    // fits.
    let available: i128 = match subnet_bits {
        bits if bits < 0 => -1,
        bits if bits > 62 => return Vec::new(),
        bits => (1i128 << bits) - 2,
    };
    if available >= i128::from(max_pods) {
        return Vec::new();
    }
    vec![FieldError::invalid(
        "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize",
        format!(
            "kubelet or kube-controller-manager configuration incorrect. Please adjust the nodeCIDRMaskSize to support the highest maxPod on any worker pool. The nodeCIDRMaskSize of {mask} (default: {default_mask}) only supports {available} IP addresses. The highest maxPod setting is {max_pods} (default: 110). Please choose a nodeCIDRMaskSize that at least supports {max_pods} IP addresses"
        ),
    )]
}

/// `ValidateKubeControllerManager`, on the defaulted configuration.
fn validate_kube_controller_manager(
    shoot: &Shoot,
    version: &str,
    workerless: bool,
    errors: &mut Vec<FieldError>,
) {
    let config = shoot.spec.kubernetes.kube_controller_manager.as_ref();
    // With workers the configuration always exists (`SetDefaults_Shoot`).
    if config.is_none() && workerless {
        return;
    }
    let extra = config.map(|config| &*config.extra);
    let path = "spec.kubernetes.kubeControllerManager";
    let (mask, mask_v6) = shoot.spec.node_cidr_mask_sizes();
    let hpa = get_object(extra, "horizontalPodAutoscaler");
    if workerless {
        let present = [
            ("nodeCIDRMaskSize", mask.is_some()),
            ("nodeCIDRMaskSizeIPv6", mask_v6.is_some()),
            ("horizontalPodAutoscaler", hpa.is_some()),
            (
                "podEvictionTimeout",
                get(extra, "podEvictionTimeout").is_some(),
            ),
            (
                "nodeMonitorGracePeriod",
                get(extra, "nodeMonitorGracePeriod").is_some(),
            ),
        ];
        for (key, present) in present {
            if present {
                errors.push(FieldError::forbidden(format!("{path}.{key}"), WORKERLESS));
            }
        }
        return;
    }

    let families = shoot.spec.ip_families();
    let ipv6_single_stack = families == ["IPv6"];
    if mask.is_some() && mask_v6.is_some() && ipv6_single_stack {
        errors.push(FieldError::forbidden(
            format!("{path}.nodeCIDRMaskSize"),
            "only one of nodeCIDRMaskSize or nodeCIDRMaskSizeIPv6 can be set for single-stack clusters",
        ));
    }
    if let Some(size) = mask {
        let field = format!("{path}.nodeCIDRMaskSize");
        if ipv6_single_stack {
            if !(64..=124).contains(&size) {
                let detail =
                    "nodeCIDRMaskSize must be between 64 and 124 for IPv6 single-stack clusters";
                errors.push(FieldError::invalid(field, detail));
            }
        } else if families == ["IPv4"] && !(16..=28).contains(&size) {
            errors.push(FieldError::invalid(
                field,
                "nodeCIDRMaskSize must be between 16 and 28",
            ));
        }
    }
    if let Some(size) = mask_v6 {
        let field = format!("{path}.nodeCIDRMaskSizeIPv6");
        if families == ["IPv4"] {
            errors.push(FieldError::forbidden(
                field,
                "nodeCIDRMaskSizeIPv6 cannot be set for IPv4 single-stack clusters",
            ));
        } else if !(64..=124).contains(&size) {
            errors.push(FieldError::invalid(
                field,
                "nodeCIDRMaskSizeIPv6 must be between 64 and 124",
            ));
        }
    }
    if get(extra, "podEvictionTimeout").is_some() {
        let field = format!("{path}.podEvictionTimeout");
        if at_least(version, 33) {
            errors.push(FieldError::forbidden(
                field,
                "for Kubernetes versions >= 1.33, podEvictionTimeout field is no longer supported",
            ));
        } else if get_duration(extra, "podEvictionTimeout").is_some_and(|d| d <= TimeDelta::zero())
        {
            errors.push(FieldError::invalid(
                field,
                "podEvictionTimeout must be larger than 0",
            ));
        }
    }
    // Defaulted to 40s, which is valid.
    if get_duration(extra, "nodeMonitorGracePeriod").is_some_and(|d| d <= TimeDelta::zero()) {
        errors.push(FieldError::invalid(
            format!("{path}.nodeMonitorGracePeriod"),
            "nodeMonitorGracePeriod must be larger than 0",
        ));
    }
    if let Some(hpa) = hpa {
        let hpa_path = format!("{path}.horizontalPodAutoscaler");
        let hpa = Some(hpa);
        let second = TimeDelta::seconds(1);
        let mut check = |key: &str, bad: bool, detail: &str| {
            if bad {
                errors.push(FieldError::invalid(format!("{hpa_path}.{key}"), detail));
            }
        };
        let duration = |key| get_duration(hpa, key);
        check(
            "syncPeriod",
            duration("syncPeriod").is_some_and(|d| d < second),
            "syncPeriod must not be less than a second",
        );
        check(
            "tolerance",
            get_float(hpa, "tolerance").is_some_and(|t| t <= 0.0),
            "tolerance of must be greater than 0",
        );
        check(
            "downscaleStabilization",
            duration("downscaleStabilization").is_some_and(|d| d < second),
            "downScale stabilization must not be less than a second",
        );
        check(
            "initialReadinessDelay",
            duration("initialReadinessDelay").is_some_and(|d| d <= TimeDelta::zero()),
            "initial readiness delay must be greater than 0",
        );
        check(
            "cpuInitializationPeriod",
            duration("cpuInitializationPeriod").is_some_and(|d| d < second),
            "cpu initialization period must not be less than a second",
        );
    }
}

/// `validateKubeScheduler` with `validateKubeMaxPDVols`; the profile defaults to `balanced`.
fn validate_kube_scheduler(
    config: Option<&ComponentConfig>,
    version: &str,
    errors: &mut Vec<FieldError>,
) {
    let extra = config.map(|config| &*config.extra);
    let path = "spec.kubernetes.kubeScheduler";
    if let Some(profile) = get_str(extra, "profile") {
        if profile != "balanced" && profile != "bin-packing" {
            let supported = ["balanced".into(), "bin-packing".into()];
            errors.push(not_supported(format!("{path}.profile"), &supported));
        }
    }
    if let Some(volumes) = get_str(extra, "kubeMaxPDVols") {
        let field = format!("{path}.kubeMaxPDVols");
        if at_least(version, 35) {
            errors.push(FieldError::forbidden(
                field,
                "for Kubernetes version >= 1.35, kubeMaxPDVols field is no longer supported",
            ));
        } else {
            match crate::cleanup::go_atoi(volumes) {
                Err(error) => errors.push(FieldError::invalid(
                    field,
                    format!("conversion error: {error}"),
                )),
                Ok(number) if number < 1 => {
                    errors.push(FieldError::invalid(field, "must be positive"))
                }
                Ok(_) => {}
            }
        }
    }
}

/// `validateKubeProxy`; with workers the proxy exists and its mode defaults to `IPTables`.
fn validate_kube_proxy(shoot: &Shoot, errors: &mut Vec<FieldError>) {
    let proxy = shoot.spec.kubernetes.kube_proxy.as_ref();
    let mode = proxy
        .and_then(|proxy| proxy.mode.as_deref())
        .unwrap_or(crate::defaults::DEFAULT_KUBE_PROXY_MODE);
    let field = "spec.kubernetes.kubeProxy.mode";
    if !matches!(mode, "IPTables" | "NFTables" | "IPVS") {
        let supported = ["IPTables".into(), "IPVS".into(), "NFTables".into()];
        errors.push(not_supported(field, &supported));
    } else if mode == "NFTables" {
        let gate = proxy.and_then(|proxy| proxy.feature_gate("NFTablesProxyMode"));
        if gate == Some(false) {
            errors.push(FieldError::invalid(
                field,
                "NFTables mode cannot be used when feature gate NFTablesProxyMode is explicitly set to false",
            ));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// kubelet.

/// Which v1beta1 defaults a kubelet configuration gets before it is validated. (The swap
/// behaviour `SetDefaults_Shoot` also gives a kubelet with the `NodeSwap` gate and swap allowed
/// is valid in any case: it changes no answer and is not applied.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KubeletDefaults {
    /// As written.
    None,
    /// A pool's own kubelet (`SetDefaults_Shoot`'s loop over the workers): `failSwapOn`.
    Worker,
    /// The Shoot's `spec.kubernetes.kubelet` of a Shoot with workers: also the image GC ages and
    /// thresholds and `serializeImagePulls`. Gardener validates this configuration again under
    /// every pool with a `kubernetes` section but no kubelet of its own.
    Shoot,
}

/// `ValidateKubeletConfig` of one kubelet configuration under `path` (e.g.
/// `spec.kubernetes.kubelet`), at the Kubernetes version that applies to it, after `defaults`.
/// Its `featureGates` errors are not among these (see the module's documentation).
pub fn validate_kubelet_config(
    kubelet: &KubeletConfig,
    version: &str,
    path: &str,
    defaults: KubeletDefaults,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let serialized = serde_json::to_value(kubelet).unwrap_or_default();
    let config = serialized.as_object();
    let gates = get_object(config, "featureGates");
    let gate = |name: &str| get_bool(gates, name);

    // Defaults (`SetDefaults_Shoot`).
    let mut fail_swap_on = get_bool(config, "failSwapOn");
    let memory_swap = get(config, "memorySwap").map(|swap| swap.as_object());
    let swap_behavior = get_str(memory_swap.flatten(), "swapBehavior");
    let mut high = get_int(config, "imageGCHighThresholdPercent");
    let mut low = get_int(config, "imageGCLowThresholdPercent");
    let max_parallel = get_int(config, "maxParallelImagePulls");
    let mut serialize = get_bool(config, "serializeImagePulls");
    // The rules are the defaults module's; a value of the wrong type reads as absent here, and
    // so as defaulted.
    if defaults != KubeletDefaults::None {
        fail_swap_on.get_or_insert(crate::defaults::DEFAULT_FAIL_SWAP_ON);
    }
    if defaults == KubeletDefaults::Shoot {
        let (default_high, default_low) = crate::defaults::DEFAULT_IMAGE_GC_THRESHOLD_PERCENTS;
        high = high.or(Some(default_high));
        low = low.or(Some(default_low));
        let default_serialize = crate::defaults::default_serialize_image_pulls(max_parallel);
        serialize = serialize.or(Some(default_serialize));
    }

    if let Some(policy) = get_str(config, "cpuManagerPolicy") {
        if policy != "none" && policy != "static" {
            let supported = ["none".into(), "static".into()];
            errors.push(not_supported(
                format!("{path}.cpuManagerPolicy"),
                &supported,
            ));
        }
    }
    if let Some(pods) = get_int(config, "maxPods") {
        nonnegative(pods, format!("{path}.maxPods"), &mut errors);
    }
    if let Some(limit) = get_int(config, "podPidsLimit") {
        if limit < 100 {
            errors.push(FieldError::invalid(
                format!("{path}.podPIDsLimit"),
                "podPIDsLimit value must be at least 100",
            ));
        }
    }
    positive_duration(
        config,
        "evictionPressureTransitionPeriod",
        path,
        &mut errors,
    );
    if let Some(period) = get_int(config, "evictionMaxPodGracePeriod") {
        nonnegative(
            period,
            format!("{path}.evictionMaxPodGracePeriod"),
            &mut errors,
        );
    }
    // Gardener checks `imageFSInodesFree` twice and `nodeFSInodesFree` never, in all three.
    const EVICTION_KEYS: [(&str, &str); 5] = [
        ("memoryAvailable", "memoryAvailable"),
        ("imageFSAvailable", "imagefsAvailable"),
        ("imageFSInodesFree", "imagefsInodesFree"),
        ("nodeFSAvailable", "nodefsAvailable"),
        ("imageFSInodesFree", "imagefsInodesFree"),
    ];
    for section in ["evictionHard", "evictionSoft"] {
        if let Some(eviction) = get_object(config, section) {
            let section_path = format!("{path}.{section}");
            for (json, key) in EVICTION_KEYS {
                let value = get_str(Some(eviction), json);
                errors.extend(quantity_or_percent(value, &section_path, key));
            }
        }
    }
    if let Some(reclaim) = get_object(config, "evictionMinimumReclaim") {
        for (json, key) in EVICTION_KEYS {
            if let Some(quantity) = get_quantity(Some(reclaim), json) {
                let field = format!("{path}.evictionMinimumReclaim.{key}");
                errors.extend(resource_quantity_value(key, &quantity, &field));
            }
        }
    }
    if let Some(grace) = get_object(config, "evictionSoftGracePeriod") {
        let grace_path = format!("{path}.evictionSoftGracePeriod");
        for (json, key) in EVICTION_KEYS {
            if get_duration(Some(grace), json).is_some_and(|d| d < TimeDelta::zero()) {
                errors.push(FieldError::invalid(
                    format!("{grace_path}.{key}"),
                    "must be non-negative",
                ));
            }
        }
    }
    if let Some(reserved) = get_object(config, "kubeReserved") {
        for key in ["cpu", "memory", "ephemeralStorage", "pid"] {
            if let Some(quantity) = get_quantity(Some(reserved), key) {
                let field = format!("{path}.kubeReserved.{key}");
                errors.extend(resource_quantity_value(key, &quantity, &field));
            }
        }
    }
    for key in ["imageMinimumGCAge", "imageMaximumGCAge"] {
        // `int64(v.Seconds())`: whole seconds, truncated toward zero.
        if let Some(age) = get_duration(config, key) {
            nonnegative(age.num_seconds(), format!("{path}.{key}"), &mut errors);
        }
    }
    for (key, value) in [
        ("imageGCHighThresholdPercent", high),
        ("imageGCLowThresholdPercent", low),
    ] {
        if value.is_some_and(|value| !(0..=100).contains(&value)) {
            errors.push(FieldError::invalid(
                format!("{path}.{key}"),
                "value must be in [0,100]",
            ));
        }
    }
    if let (Some(high), Some(low)) = (high, low) {
        if low >= high {
            errors.push(FieldError::forbidden(
                format!("{path}.imageGCLowThresholdPercent"),
                "imageGCLowThresholdPercent must be less than imageGCHighThresholdPercent",
            ));
        }
    }
    // `featureGates`: validated elsewhere.
    for key in ["registryPullQPS", "registryBurst"] {
        if let Some(value) = get_int(config, key) {
            nonnegative(value, format!("{path}.{key}"), &mut errors);
        }
    }
    if get_int(config, "containerLogMaxFiles").is_some_and(|files| files < 2) {
        errors.push(FieldError::invalid(
            format!("{path}.containerLogMaxFiles"),
            "value must be >= 2.",
        ));
    }
    if let Some(size) = get_quantity(config, "containerLogMaxSize") {
        let field = format!("{path}.containerLogMaxSize");
        errors.extend(resource_quantity_value(
            "containerLogMaxSize",
            &size,
            &field,
        ));
    }
    if let Some(timeout) = get_duration(config, "streamingConnectionIdleTimeout") {
        if timeout < TimeDelta::seconds(30) || timeout > TimeDelta::hours(4) {
            errors.push(FieldError::invalid(
                format!("{path}.streamingConnectionIdleTimeout"),
                "value must be between 30s and 4h",
            ));
        }
    }
    if memory_swap.is_some() {
        let swap_path = format!("{path}.memorySwap");
        if fail_swap_on == Some(true) {
            errors.push(FieldError::forbidden(
                &swap_path,
                "configuring swap behaviour is not available when the kubelet is configured with 'FailSwapOn=true'",
            ));
        }
        if let Some(behavior) = swap_behavior {
            if gate("NodeSwap") != Some(true) {
                errors.push(FieldError::forbidden(
                    &swap_path,
                    "configuring swap behaviour is not available when kubelet's 'NodeSwap' feature gate is not set",
                ));
            }
            if behavior != "NoSwap" && behavior != "LimitedSwap" {
                let supported = ["NoSwap".into(), "LimitedSwap".into()];
                errors.push(not_supported(
                    format!("{swap_path}.swapBehavior"),
                    &supported,
                ));
            }
        }
    }
    if let Some(pulls) = max_parallel {
        let field = format!("{path}.maxParallelImagePulls");
        if pulls < 1 {
            errors.push(FieldError::invalid(&field, "value must be >= 1"));
        }
        if serialize == Some(true) && pulls > 1 {
            errors.push(FieldError::forbidden(
                &field,
                "maxParallelImagePulls cannot be larger than 1 when serializeImagePulls is set to true",
            ));
        }
    }
    let policy = get_str(config, "imagePullCredentialsVerificationPolicy");
    if let Some(policy) = policy {
        let field = format!("{path}.imagePullCredentialsVerificationPolicy");
        if below(version, 35) {
            errors.push(FieldError::forbidden(
                &field,
                "imagePullCredentialsVerificationPolicy is only available for Kubernetes versions >= 1.35",
            ));
        }
        if gate("KubeletEnsureSecretPulledImages") == Some(false) {
            errors.push(FieldError::forbidden(
                &field,
                "imagePullCredentialsVerificationPolicy may not be set when the KubeletEnsureSecretPulledImages feature gate is disabled",
            ));
        }
        const POLICIES: [&str; 4] = [
            "AlwaysVerify",
            "NeverVerify",
            "NeverVerifyAllowlistedImages",
            "NeverVerifyPreloadedImages",
        ];
        if !POLICIES.contains(&policy) {
            let supported: Vec<String> = POLICIES.iter().map(|p| p.to_string()).collect();
            errors.push(not_supported(&field, &supported));
        }
    }
    if let Some(allowlist) = get_strings(config, "preloadedImagesVerificationAllowlist") {
        let field = format!("{path}.preloadedImagesVerificationAllowlist");
        if policy != Some("NeverVerifyAllowlistedImages") {
            errors.push(FieldError::forbidden(
                &field,
                "preloadedImagesVerificationAllowlist may only be set when imagePullCredentialsVerificationPolicy is set to NeverVerifyAllowlistedImages",
            ));
        } else {
            for (index, pattern) in allowlist.into_iter().enumerate() {
                if let Err(message) = image_reference::allowlist_pattern(pattern) {
                    errors.push(FieldError::invalid(format!("{field}[{index}]"), message));
                }
            }
        }
    }
    errors
}

/// `ValidateResourceQuantityOrPercent`: a non-negative quantity or a percentage up to 100%.
fn quantity_or_percent(value: Option<&str>, path: &str, key: &str) -> Vec<FieldError> {
    let Some(value) = value else {
        return Vec::new();
    };
    if let Ok(quantity) = Quantity::parse(value) {
        if resource_quantity_value(key, &quantity, path).is_empty() {
            return Vec::new();
        }
    }
    let field = format!("{path}.{key}");
    let digits = value.strip_suffix('%').unwrap_or("");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return vec![FieldError::invalid(
            field,
            "field must be either a valid resource quantity (e.g 200Mi) or a percentage (e.g '5%')",
        )];
    }
    // `strconv.Atoi` saturates at the largest int on overflow.
    let percent = digits.parse::<i64>().unwrap_or(i64::MAX);
    if percent > 100 {
        return vec![FieldError::invalid(
            field,
            "must not be greater than 100% and not smaller than 0%",
        )];
    }
    Vec::new()
}

// ---------------------------------------------------------------------------------------------
// cluster-autoscaler and vertical-pod-autoscaler.

/// `ValidateClusterAutoscaler`.
fn validate_cluster_autoscaler(autoscaler: &Object, version: &str, errors: &mut Vec<FieldError>) {
    let path = "spec.kubernetes.clusterAutoscaler";
    let config = Some(autoscaler);
    let duration =
        |key: &str, errors: &mut Vec<FieldError>| positive_duration(config, key, path, errors);
    for key in [
        "scaleDownDelayAfterAdd",
        "scaleDownDelayAfterDelete",
        "scaleDownDelayAfterFailure",
        "scaleDownUnneededTime",
    ] {
        duration(key, errors);
    }
    if let Some(threshold) = get_float(config, "scaleDownUtilizationThreshold") {
        let field = format!("{path}.scaleDownUtilizationThreshold");
        if threshold < 0.0 {
            errors.push(FieldError::invalid(&field, "can not be negative"));
        }
        if threshold > 1.0 {
            errors.push(FieldError::invalid(&field, "can not be greater than 1.0"));
        }
    }
    duration("scanInterval", errors);
    if let Some(expander) = get_str(config, "expander") {
        const EXPANDERS: [&str; 5] = [
            "least-nodes",
            "least-waste",
            "most-pods",
            "priority",
            "random",
        ];
        for mode in expander.split(',') {
            if !EXPANDERS.contains(&mode) {
                let supported: Vec<String> = EXPANDERS.iter().map(|e| e.to_string()).collect();
                errors.push(not_supported(format!("{path}.expander"), &supported));
            }
        }
    }
    duration("maxNodeProvisionTime", errors);
    if let Some(seconds) = get_int(config, "maxGracefulTerminationSeconds") {
        nonnegative(
            seconds,
            format!("{path}.maxGracefulTerminationSeconds"),
            errors,
        );
    }
    // `validateClusterAutoscalerTaints` of the three lists.
    let list = |key: &str| {
        let taints = get_strings(config, key)?;
        Some(taints.into_iter().map(str::to_string).collect())
    };
    let taints = crate::node_readiness::ClusterAutoscalerTaints {
        startup_taints: list("startupTaints"),
        status_taints: list("statusTaints"),
        ignore_taints: list("ignoreTaints"),
    };
    errors.extend(crate::node_readiness::validate_cluster_autoscaler_taints(
        &taints, version,
    ));
    duration("newPodScaleUpDelay", errors);
    let bulk_delete = get_int(config, "maxEmptyBulkDelete");
    if let Some(bulk_delete) = bulk_delete {
        let field = format!("{path}.maxEmptyBulkDelete");
        if at_least(version, 33) {
            errors.push(FieldError::forbidden(
                &field,
                "for Kubernetes versions >= 1.33, maxEmptyBulkDelete field is no longer supported, use maxScaleDownParallelism instead",
            ));
        }
        if bulk_delete < 0 {
            errors.push(FieldError::invalid(&field, "can not be negative"));
        }
    }
    // Defaulted to `maxEmptyBulkDelete`, else 10 (`SetDefaults_ClusterAutoscaler`).
    let parallelism = get_int(config, "maxScaleDownParallelism")
        .or(bulk_delete)
        .unwrap_or(10);
    nonnegative(
        parallelism,
        format!("{path}.maxScaleDownParallelism"),
        errors,
    );
    if bulk_delete.is_some_and(|bulk| bulk != parallelism) {
        errors.push(FieldError::invalid(
            format!("{path}.maxEmptyBulkDelete"),
            format!("must equal maxScaleDownParallelism {parallelism}"),
        ));
    }
    for key in ["maxDrainParallelism", "verbosity"] {
        if let Some(value) = get_int(config, key) {
            nonnegative(value, format!("{path}.{key}"), errors);
        }
    }
    for key in [
        "initialNodeGroupBackoffDuration",
        "maxNodeGroupBackoffDuration",
        "nodeGroupBackoffResetTimeout",
        "maxBinpackingTime",
    ] {
        duration(key, errors);
    }
    control_plane_autoscaling(
        get(config, "autoscaling"),
        &[("cpu", "10m"), ("memory", "30M")],
        &format!("{path}.autoscaling"),
        errors,
    );
}

/// `ValidateVerticalPodAutoscaler`.
fn validate_vertical_pod_autoscaler(vpa: &Object, errors: &mut Vec<FieldError>) {
    let path = "spec.kubernetes.verticalPodAutoscaler";
    let config = Some(vpa);
    let fraction = |key: &str, errors: &mut Vec<FieldError>| {
        if get_float(config, key).is_some_and(|f| !(0.0..1.0).contains(&f)) {
            let detail = "fraction value must be in the range [0, 1)";
            errors.push(FieldError::invalid(format!("{path}.{key}"), detail));
        }
    };
    let percentile = |key: &str, errors: &mut Vec<FieldError>| {
        if get_float(config, key).is_some_and(|p| !(0.0..=1.0).contains(&p)) {
            let detail = "percentile value must be in the range [0, 1]";
            errors.push(FieldError::invalid(format!("{path}.{key}"), detail));
        }
    };
    positive_duration(config, "evictAfterOOMThreshold", path, errors);
    if get_int(config, "evictionRateBurst").is_some_and(|burst| burst < 0) {
        errors.push(FieldError::invalid(
            format!("{path}.evictionRateBurst"),
            "must be non-negative",
        ));
    }
    fraction("evictionTolerance", errors);
    fraction("recommendationMarginFraction", errors);
    positive_duration(config, "updaterInterval", path, errors);
    positive_duration(config, "recommenderInterval", path, errors);
    for key in [
        "targetCPUPercentile",
        "recommendationLowerBoundCPUPercentile",
        "recommendationUpperBoundCPUPercentile",
        "targetMemoryPercentile",
        "recommendationLowerBoundMemoryPercentile",
        "recommendationUpperBoundMemoryPercentile",
    ] {
        percentile(key, errors);
    }
    for key in [
        "cpuHistogramDecayHalfLife",
        "memoryHistogramDecayHalfLife",
        "memoryAggregationInterval",
    ] {
        positive_duration(config, key, path, errors);
    }
    if let Some(count) = get_int(config, "memoryAggregationIntervalCount") {
        nonnegative(
            count,
            format!("{path}.memoryAggregationIntervalCount"),
            errors,
        );
    }
    // `ValidateVpaFeatureGates` stops at the first unknown gate of a Go map: the first by name here.
    let gates = get_object(config, "featureGates");
    let unknown = gates
        .into_iter()
        .flatten()
        .map(|(name, _)| name)
        .find(|name| {
            !matches!(
                name.as_str(),
                "CPUStartupBoost" | "InPlace" | "PerVPAConfig"
            )
        });
    if let Some(name) = unknown {
        errors.push(FieldError::invalid(
            format!("{path}.featureGates.{name}"),
            "unknown feature gate",
        ));
    }
    for (resource, value) in get_object(config, "maxAllowed").into_iter().flatten() {
        let field = format!("{path}.maxAllowed.{resource}");
        if resource != "cpu" && resource != "memory" {
            errors.push(not_supported(&field, &["cpu".into(), "memory".into()]));
        }
        if let Some(quantity) = quantity_of(value) {
            errors.extend(resource_quantity_value(resource, &quantity, &field));
        }
    }
    if get_int(config, "recommenderUpdateWorkerCount").is_some_and(|count| count <= 0) {
        errors.push(FieldError::invalid(
            format!("{path}.recommenderUpdateWorkerCount"),
            "must be greater than 0",
        ));
    }
}

// ---------------------------------------------------------------------------------------------

/// Go's `net/url.Parse` (Go 1.26, strict colons in http(s) hosts), as far as
/// `ValidateOIDCIssuerURL` looks at its answer.
mod go_url {
    pub(super) struct Url {
        pub scheme: String,
        pub user: bool,
        pub host: String,
        pub raw_query: String,
        pub fragment: String,
    }

    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mode {
        Path,
        Host,
        Zone,
        UserPassword,
        Fragment,
    }

    pub(super) fn parse(raw: &str) -> Result<Url, ()> {
        let (without_fragment, fragment) = raw.split_once('#').unwrap_or((raw, ""));
        let mut url = parse_reference(without_fragment)?;
        if !fragment.is_empty() {
            url.fragment = unescape(fragment, Mode::Fragment)?;
        }
        Ok(url)
    }

    fn parse_reference(raw: &str) -> Result<Url, ()> {
        let mut url = Url {
            scheme: String::new(),
            user: false,
            host: String::new(),
            raw_query: String::new(),
            fragment: String::new(),
        };
        if raw.bytes().any(|b| b < b' ' || b == 0x7f) {
            return Err(());
        }
        if raw == "*" {
            return Ok(url);
        }
        let (scheme, rest) = scheme(raw)?;
        url.scheme = scheme.to_ascii_lowercase();
        let mut rest = rest;
        if rest.ends_with('?') && rest.matches('?').count() == 1 {
            rest = &rest[..rest.len() - 1];
        } else if let Some((before, query)) = rest.split_once('?') {
            url.raw_query = query.to_string();
            rest = before;
        }
        if !rest.starts_with('/') {
            if !url.scheme.is_empty() {
                // An opaque URL: no host.
                return Ok(url);
            }
            let segment = rest.split('/').next().unwrap_or("");
            if segment.contains(':') {
                return Err(());
            }
        }
        if (!url.scheme.is_empty() || !rest.starts_with("///")) && rest.starts_with("//") {
            let authority = &rest[2..];
            let (authority, path) = match authority.find('/') {
                Some(at) => (&authority[..at], &authority[at..]),
                None => (authority, ""),
            };
            let (user, host) = parse_authority(&url.scheme, authority)?;
            url.user = user;
            url.host = host;
            rest = path;
        }
        unescape(rest, Mode::Path)?;
        Ok(url)
    }

    fn scheme(raw: &str) -> Result<(&str, &str), ()> {
        for (index, byte) in raw.bytes().enumerate() {
            match byte {
                b'a'..=b'z' | b'A'..=b'Z' => {}
                b'0'..=b'9' | b'+' | b'-' | b'.' => {
                    if index == 0 {
                        return Ok(("", raw));
                    }
                }
                b':' => {
                    if index == 0 {
                        return Err(());
                    }
                    return Ok((&raw[..index], &raw[index + 1..]));
                }
                _ => return Ok(("", raw)),
            }
        }
        Ok(("", raw))
    }

    fn parse_authority(scheme: &str, authority: &str) -> Result<(bool, String), ()> {
        let at = authority.rfind('@');
        let host = parse_host(scheme, at.map_or(authority, |at| &authority[at + 1..]))?;
        let Some(at) = at else {
            return Ok((false, host));
        };
        let userinfo = &authority[..at];
        let valid = userinfo
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-._:~!$&'()*+,;=%@".contains(c));
        if !valid {
            return Err(());
        }
        let (username, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
        unescape(username, Mode::UserPassword)?;
        unescape(password, Mode::UserPassword)?;
        Ok((true, host))
    }

    fn parse_host(scheme: &str, host: &str) -> Result<String, ()> {
        if let Some(open) = host.rfind('[') {
            if open > 0 {
                return Err(());
            }
            let close = host.rfind(']').ok_or(())?;
            let colon_port = &host[close + 1..];
            if !valid_optional_port(colon_port) {
                return Err(());
            }
            let port = unescape(colon_port, Mode::Host)?;
            let hostname = &host[1..close];
            let unescaped = match hostname.find("%25") {
                Some(zone) => {
                    unescape(&hostname[..zone], Mode::Host)?
                        + &unescape(&hostname[zone..], Mode::Zone)?
                }
                None => unescape(hostname, Mode::Host)?,
            };
            if !is_ipv6_literal(&unescaped) {
                return Err(());
            }
            return Ok(format!("[{unescaped}]{port}"));
        }
        if let Some(first) = host.find(':') {
            let last = host.rfind(':').unwrap_or(first);
            let colon = if last != first && scheme != "http" && scheme != "https" {
                last
            } else {
                first
            };
            if !valid_optional_port(&host[colon..]) {
                return Err(());
            }
        }
        unescape(host, Mode::Host)
    }

    /// `netip.ParseAddr` of an address in brackets: IPv6 (IPv4-mapped too), with an optional
    /// non-empty zone; not IPv4.
    fn is_ipv6_literal(text: &str) -> bool {
        let (address, zone) = match text.split_once('%') {
            Some((address, zone)) => (address, Some(zone)),
            None => (text, None),
        };
        if zone.is_some_and(str::is_empty) {
            return false;
        }
        address.contains(':') && address.parse::<std::net::Ipv6Addr>().is_ok()
    }

    fn valid_optional_port(port: &str) -> bool {
        match port.strip_prefix(':') {
            None => port.is_empty(),
            Some(digits) => digits.chars().all(|c| c.is_ascii_digit()),
        }
    }

    /// Whether `byte` must be escaped in the host (or zone) of a URL.
    fn host_needs_escape(byte: u8) -> bool {
        !(byte.is_ascii_alphanumeric() || b"!$&'()*+,;=:[]<>\"-_.~".contains(&byte))
    }

    fn unhex(byte: u8) -> u8 {
        match byte {
            b'0'..=b'9' => byte - b'0',
            b'a'..=b'f' => byte - b'a' + 10,
            _ => byte - b'A' + 10,
        }
    }

    /// `unescape`: the text with its `%XX` escapes decoded, or the error Go gives.
    fn unescape(text: &str, mode: Mode) -> Result<String, ()> {
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut index = 0;
        while index < bytes.len() {
            let byte = bytes[index];
            if byte == b'%' {
                if index + 2 >= bytes.len()
                    || !bytes[index + 1].is_ascii_hexdigit()
                    || !bytes[index + 2].is_ascii_hexdigit()
                {
                    return Err(());
                }
                let escape = &text[index..index + 3];
                let value = unhex(bytes[index + 1]) << 4 | unhex(bytes[index + 2]);
                if mode == Mode::Host && unhex(bytes[index + 1]) < 8 && escape != "%25" {
                    return Err(());
                }
                if mode == Mode::Zone
                    && escape != "%25"
                    && value != b' '
                    && host_needs_escape(value)
                {
                    return Err(());
                }
                out.push(value);
                index += 3;
                continue;
            }
            if matches!(mode, Mode::Host | Mode::Zone) && byte < 0x80 && host_needs_escape(byte) {
                return Err(());
            }
            out.push(byte);
            index += 1;
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
}

/// The allowlist patterns of the kubelet's pre-pulled image verification
/// (`validatePreloadedImagesVerificationAllowlistPattern` and `trimImageTagDigest`), with
/// `github.com/distribution/reference` v0.6's `Parse` and `go-digest`'s validation.
mod image_reference {
    pub(super) fn allowlist_pattern(pattern: &str) -> Result<(), String> {
        if pattern != pattern.trim() {
            return Err("leading/trailing spaces are not allowed".to_string());
        }
        let wildcard = pattern.ends_with("/*");
        let trimmed = if wildcard {
            &pattern[..pattern.len() - 1]
        } else {
            pattern
        };
        if trimmed.is_empty() {
            return Err("the supplied pattern is too short".to_string());
        }
        if trimmed.contains('*') {
            return Err(
                "not a valid wildcard pattern, only patterns ending with '/*' are allowed"
                    .to_string(),
            );
        }
        if wildcard {
            if trimmed.len() == 1 {
                return Err("at least registry hostname is required".to_string());
            }
            return Ok(());
        }
        match parse(trimmed) {
            Err(error) => Err(format!("failed to parse as an image name: {error}")),
            Ok(true) => Err("neither tag nor digest is accepted in an image reference".to_string()),
            Ok(false) => Ok(()),
        }
    }

    /// `reference.Parse`: whether the reference has a tag or a digest, or the library's error.
    pub(super) fn parse(text: &str) -> Result<bool, &'static str> {
        // (`allowlist_pattern` never passes an empty text, `ErrNameEmpty`'s case.)
        let Some((path, tag, digest)) = split(text) else {
            if split(&crate::golang::to_lower(text)).is_some() {
                return Err("repository name must be lowercase");
            }
            return Err("invalid reference format");
        };
        if path.len() > 255 {
            return Err("repository name must not be more than 255 characters");
        }
        if let Some(digest) = digest {
            validate_digest(digest)?;
        }
        Ok(tag.is_some() || digest.is_some())
    }

    /// The anchored reference pattern: the repository path (without the domain), the tag and the
    /// digest, or `None` where the pattern does not match.
    fn split(text: &str) -> Option<(&str, Option<&str>, Option<&str>)> {
        let (rest, digest) = match text.split_once('@') {
            Some((rest, digest)) => (rest, Some(digest)),
            None => (text, None),
        };
        if digest.is_some_and(|digest| !is_digest_pattern(digest)) {
            return None;
        }
        let last_slash = rest.rfind('/');
        let (name, tag) = match rest.rfind(':') {
            Some(colon) if last_slash.is_none_or(|slash| colon > slash) => {
                (&rest[..colon], Some(&rest[colon + 1..]))
            }
            _ => (rest, None),
        };
        if tag.is_some_and(|tag| !is_tag(tag)) {
            return None;
        }
        let path = name_path(name)?;
        Some((path, tag, digest))
    }

    /// The repository path of a name (`[domain[:port]/]component(/component)*`), the domain
    /// taken where it can be.
    fn name_path(name: &str) -> Option<&str> {
        if let Some((domain, path)) = name.split_once('/') {
            if is_domain_and_port(domain) && is_remote_name(path) {
                return Some(path);
            }
        }
        is_remote_name(name).then_some(name)
    }

    fn is_remote_name(text: &str) -> bool {
        text.split('/').all(is_path_component)
    }

    /// `[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*`.
    fn is_path_component(text: &str) -> bool {
        let bytes = text.as_bytes();
        let alnum = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
        if !bytes.first().is_some_and(|b| alnum(*b)) || !bytes.last().is_some_and(|b| alnum(*b)) {
            return false;
        }
        let mut index = 0;
        while index < bytes.len() {
            if alnum(bytes[index]) {
                index += 1;
                continue;
            }
            let start = index;
            while index < bytes.len() && !alnum(bytes[index]) {
                index += 1;
            }
            let separator = &text[start..index];
            let valid =
                matches!(separator, "." | "_" | "__") || separator.bytes().all(|b| b == b'-');
            if !valid {
                return false;
            }
        }
        true
    }

    fn is_domain_and_port(text: &str) -> bool {
        let (host, port) = if text.starts_with('[') {
            match text.find(']') {
                Some(close) => (&text[..=close], &text[close + 1..]),
                None => return false,
            }
        } else {
            match text.split_once(':') {
                Some((host, _)) => (host, &text[host.len()..]),
                None => (text, ""),
            }
        };
        let port_ok = port.is_empty()
            || port.strip_prefix(':').is_some_and(|digits| {
                !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            });
        let host_ok = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            Some(inner) => {
                !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_hexdigit() || b == b':')
            }
            None => host.split('.').all(is_domain_component),
        };
        port_ok && host_ok
    }

    /// `[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]`.
    fn is_domain_component(text: &str) -> bool {
        let bytes = text.as_bytes();
        bytes.first().is_some_and(u8::is_ascii_alphanumeric)
            && bytes.last().is_some_and(u8::is_ascii_alphanumeric)
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
    }

    /// `[\w][\w.-]{0,127}`.
    fn is_tag(text: &str) -> bool {
        let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        let bytes = text.as_bytes();
        bytes.first().is_some_and(|b| word(*b))
            && bytes.len() <= 128
            && bytes.iter().all(|b| word(*b) || *b == b'.' || *b == b'-')
    }

    /// `[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][[:xdigit:]]{32,}`.
    fn is_digest_pattern(text: &str) -> bool {
        let Some((algorithm, hex)) = text.split_once(':') else {
            return false;
        };
        let components_ok = algorithm.split(['-', '_', '+', '.']).all(|component| {
            let bytes = component.as_bytes();
            bytes.first().is_some_and(u8::is_ascii_alphabetic)
                && bytes.iter().all(u8::is_ascii_alphanumeric)
        });
        components_ok && hex.len() >= 32 && hex.bytes().all(|b| b.is_ascii_hexdigit())
    }

    /// `digest.Parse` of go-digest v1.0 (sha256, sha384 and sha512 available).
    fn validate_digest(digest: &str) -> Result<(), &'static str> {
        const FORMAT: &str = "invalid checksum digest format";
        let Some(colon) = digest
            .find(':')
            .filter(|at| *at > 0 && at + 1 < digest.len())
        else {
            return Err(FORMAT);
        };
        let (algorithm, encoded) = (&digest[..colon], &digest[colon + 1..]);
        let size = match algorithm {
            "sha256" => 32,
            "sha384" => 48,
            "sha512" => 64,
            _ => {
                let algorithm_ok = algorithm.split(['.', '+', '_', '-']).all(|part| {
                    !part.is_empty()
                        && part
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                });
                let encoded_ok = !encoded.is_empty()
                    && encoded
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'=' | b'_' | b'-'));
                return Err(if algorithm_ok && encoded_ok {
                    "unsupported digest algorithm"
                } else {
                    FORMAT
                });
            }
        };
        if encoded.len() != size * 2 {
            return Err("invalid checksum digest length");
        }
        if encoded
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            Ok(())
        } else {
            Err(FORMAT)
        }
    }
}

/// The decoding of the PodSecurity admission plugin's configuration (`runtime.Decode` with the
/// pod-security admission scheme: the YAML/JSON serializer, not strict), as far as its errors go.
mod pod_security {
    use super::Value;

    const GROUP: &str = "pod-security.admission.config.k8s.io";
    const FIND_KIND: &str = "struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }";

    /// The detail of the `Invalid` error, or `None` when the configuration decodes.
    pub(super) fn decode_error(config: &Value) -> Option<String> {
        let cannot = |error: String| Some(format!("cannot decode the given config: {error}"));
        // `SimpleMetaFactory.Interpret` (encoding/json: keys match case-insensitively, the last
        // match wins).
        let Some(object) = config.as_object() else {
            return cannot(format!(
                "couldn't get version/kind; json parse error: json: cannot unmarshal {} into Go value of type {FIND_KIND}",
                json_kind(config)
            ));
        };
        let mut api_version = "";
        let mut kind = "";
        for (key, value) in object {
            let (target, name) = if key.eq_ignore_ascii_case("apiVersion") {
                (&mut api_version, "apiVersion")
            } else if key.eq_ignore_ascii_case("kind") {
                (&mut kind, "kind")
            } else {
                continue;
            };
            match value {
                Value::Null => {}
                Value::String(text) => *target = text,
                other => {
                    return cannot(format!(
                        "couldn't get version/kind; json parse error: json: cannot unmarshal {} into Go struct field .{name} of type string",
                        json_kind(other)
                    ))
                }
            }
        }
        let (group, version) = match super::parse_group_version(api_version) {
            Ok(parsed) => parsed,
            Err(error) => return cannot(error),
        };
        if kind.is_empty() {
            return cannot(format!("Object 'Kind' is missing in '{}'", go_json(config)));
        }
        if version.is_empty() {
            return cannot(format!(
                "Object 'apiVersion' is missing in '{}'",
                go_json(config)
            ));
        }
        let registered = group == GROUP
            && matches!(version, "v1" | "v1beta1" | "v1alpha1")
            && kind == "PodSecurityConfiguration";
        if !registered {
            return Some(format!("expected {GROUP}/v1.PodSecurityConfiguration"));
        }
        // The typed decoding (sigs.k8s.io/json: keys match exactly; the first type error counts).
        type_error(object, version).map(|error| format!("cannot decode the given config: {error}"))
    }

    fn type_error(object: &super::Object, version: &str) -> Option<String> {
        let error = |value: &Value, structure: &str, field: &str, go_type: &str| {
            Some(format!(
                "json: cannot unmarshal {} into Go struct field {structure}.{field} of type {go_type}",
                json_kind(value)
            ))
        };
        for (key, value) in object {
            match (key.as_str(), value) {
                (_, Value::Null) => {}
                ("defaults", Value::Object(defaults)) => {
                    for (name, value) in defaults {
                        let known = matches!(
                            name.as_str(),
                            "enforce"
                                | "enforce-version"
                                | "audit"
                                | "audit-version"
                                | "warn"
                                | "warn-version"
                        );
                        if known && !matches!(value, Value::String(_) | Value::Null) {
                            return error(
                                value,
                                "PodSecurityDefaults",
                                &format!("defaults.{name}"),
                                "string",
                            );
                        }
                    }
                }
                ("defaults", other) => {
                    let go_type = format!("{version}.PodSecurityDefaults");
                    return error(other, "PodSecurityConfiguration", "defaults", &go_type);
                }
                ("exemptions", Value::Object(exemptions)) => {
                    for (name, value) in exemptions {
                        if !matches!(name.as_str(), "usernames" | "namespaces" | "runtimeClasses") {
                            continue;
                        }
                        let field = format!("exemptions.{name}");
                        match value {
                            Value::Null => {}
                            Value::Array(items) => {
                                let bad = items
                                    .iter()
                                    .find(|item| !matches!(item, Value::String(_) | Value::Null));
                                if let Some(bad) = bad {
                                    return error(bad, "PodSecurityExemptions", &field, "string");
                                }
                            }
                            other => {
                                return error(other, "PodSecurityExemptions", &field, "[]string")
                            }
                        }
                    }
                }
                ("exemptions", other) => {
                    let go_type = format!("{version}.PodSecurityExemptions");
                    return error(other, "PodSecurityConfiguration", "exemptions", &go_type);
                }
                _ => {}
            }
        }
        None
    }

    /// The JSON type name encoding/json puts into its errors.
    fn json_kind(value: &Value) -> &'static str {
        match value {
            Value::String(_) => "string",
            Value::Number(_) => "number",
            Value::Array(_) => "array",
            Value::Bool(_) => "bool",
            Value::Object(_) => "object",
            Value::Null => "null",
        }
    }

    /// The configuration's raw JSON as Go writes it: compact, with HTML characters escaped.
    fn go_json(value: &Value) -> String {
        let text = serde_json::to_string(value).unwrap_or_default();
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            match c {
                '<' => out.push_str("\\u003c"),
                '>' => out.push_str("\\u003e"),
                '&' => out.push_str("\\u0026"),
                '\u{2028}' => out.push_str("\\u2028"),
                '\u{2029}' => out.push_str("\\u2029"),
                c => out.push(c),
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// The API version ranges of `pkg/utils/validation/apigroups/apigroups.go` (Gardener v1.149.3), by
// name: `(name, added in, removed in, required, required for workerless)`.

#[rustfmt::skip]
const API_GROUP_VERSIONS: &[ApiRange] = &[
    api("admissionregistration.k8s.io/v1", "", "", true, false),
    api("admissionregistration.k8s.io/v1alpha1", "", "", false, false),
    api("admissionregistration.k8s.io/v1beta1", "", "", false, false),
    api("apps/v1", "", "", true, false),
    api("apps/v1beta1", "", "", false, false),
    api("apps/v1beta2", "", "", false, false),
    api("autoscaling/v1", "", "", false, false),
    api("autoscaling/v2", "", "", false, false),
    api("autoscaling/v2beta1", "", "1.36", false, false),
    api("autoscaling/v2beta2", "", "1.36", false, false),
    api("batch/v1", "", "", false, false),
    api("batch/v1beta1", "", "", false, false),
    api("certificates.k8s.io/v1", "", "", false, false),
    api("certificates.k8s.io/v1alpha1", "", "", false, false),
    api("certificates.k8s.io/v1beta1", "", "", false, false),
    api("coordination.k8s.io/v1", "", "", false, false),
    api("coordination.k8s.io/v1alpha1", "1.31", "1.32", false, false),
    api("coordination.k8s.io/v1alpha2", "1.32", "", false, false),
    api("coordination.k8s.io/v1beta1", "", "", false, false),
    api("discovery.k8s.io/v1", "", "", false, false),
    api("discovery.k8s.io/v1beta1", "", "", false, false),
    api("events.k8s.io/v1", "", "", false, false),
    api("events.k8s.io/v1beta1", "", "", false, false),
    api("extensions/v1beta1", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1", "1.29", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta1", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta2", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta3", "", "", false, false),
    api("internal.apiserver.k8s.io/v1alpha1", "", "", false, false),
    api("networking.k8s.io/v1", "", "", true, true),
    api("networking.k8s.io/v1alpha1", "", "1.34", false, false),
    api("networking.k8s.io/v1beta1", "", "", false, false),
    api("node.k8s.io/v1", "", "", false, false),
    api("node.k8s.io/v1alpha1", "", "", false, false),
    api("node.k8s.io/v1beta1", "", "", false, false),
    api("policy/v1", "", "", false, false),
    api("policy/v1beta1", "", "", false, false),
    api("rbac.authorization.k8s.io/v1", "", "", true, true),
    api("rbac.authorization.k8s.io/v1alpha1", "", "", false, false),
    api("rbac.authorization.k8s.io/v1beta1", "", "", false, false),
    api("resource.k8s.io/v1", "1.34", "", false, false),
    api("resource.k8s.io/v1alpha2", "", "1.31", false, false),
    api("resource.k8s.io/v1alpha3", "1.31", "", false, false),
    api("resource.k8s.io/v1beta1", "1.32", "", false, false),
    api("resource.k8s.io/v1beta2", "1.33", "", false, false),
    api("scheduling.k8s.io/v1", "", "", false, false),
    api("scheduling.k8s.io/v1alpha1", "", "1.36", false, false),
    api("scheduling.k8s.io/v1alpha2", "1.36", "", false, false),
    api("scheduling.k8s.io/v1beta1", "", "", false, false),
    api("storage.k8s.io/v1", "", "", true, false),
    api("storage.k8s.io/v1alpha1", "", "", false, false),
    api("storage.k8s.io/v1beta1", "", "", false, false),
    api("storagemigration.k8s.io/v1alpha1", "1.30", "1.35", false, false),
    api("storagemigration.k8s.io/v1beta1", "1.35", "", false, false),
    api("v1", "", "", true, true),
];
#[rustfmt::skip]
const API_GROUP_VERSION_RESOURCES: &[ApiRange] = &[
    api("admissionregistration.k8s.io/v1/mutatingadmissionpolicies", "1.36", "", false, false),
    api("admissionregistration.k8s.io/v1/mutatingadmissionpolicybindings", "1.36", "", false, false),
    api("admissionregistration.k8s.io/v1/mutatingwebhookconfigurations", "", "", true, false),
    api("admissionregistration.k8s.io/v1/validatingadmissionpolicies", "1.30", "", false, false),
    api("admissionregistration.k8s.io/v1/validatingadmissionpolicybindings", "1.30", "", false, false),
    api("admissionregistration.k8s.io/v1/validatingwebhookconfigurations", "", "", true, false),
    api("admissionregistration.k8s.io/v1alpha1/mutatingadmissionpolicies", "1.32", "", false, false),
    api("admissionregistration.k8s.io/v1alpha1/mutatingadmissionpolicybindings", "1.32", "", false, false),
    api("admissionregistration.k8s.io/v1alpha1/validatingadmissionpolicies", "", "", false, false),
    api("admissionregistration.k8s.io/v1alpha1/validatingadmissionpolicybindings", "", "", false, false),
    api("admissionregistration.k8s.io/v1beta1/mutatingadmissionpolicies", "1.34", "", false, false),
    api("admissionregistration.k8s.io/v1beta1/mutatingadmissionpolicybindings", "1.34", "", false, false),
    api("admissionregistration.k8s.io/v1beta1/mutatingwebhookconfigurations", "", "", false, false),
    api("admissionregistration.k8s.io/v1beta1/validatingadmissionpolicies", "1.28", "", false, false),
    api("admissionregistration.k8s.io/v1beta1/validatingadmissionpolicybindings", "1.28", "", false, false),
    api("admissionregistration.k8s.io/v1beta1/validatingwebhookconfigurations", "", "", false, false),
    api("apps/v1/controllerrevisions", "", "", false, false),
    api("apps/v1/daemonsets", "", "", false, false),
    api("apps/v1/deployments", "", "", false, false),
    api("apps/v1/replicasets", "", "", false, false),
    api("apps/v1/statefulsets", "", "", false, false),
    api("apps/v1beta1/controllerrevisions", "", "", false, false),
    api("apps/v1beta1/deployments", "", "", false, false),
    api("apps/v1beta1/statefulsets", "", "", false, false),
    api("apps/v1beta2/controllerrevisions", "", "", false, false),
    api("apps/v1beta2/daemonsets", "", "", false, false),
    api("apps/v1beta2/deployments", "", "", false, false),
    api("apps/v1beta2/replicasets", "", "", false, false),
    api("apps/v1beta2/statefulsets", "", "", false, false),
    api("autoscaling/v1/horizontalpodautoscalers", "", "", false, false),
    api("autoscaling/v2/horizontalpodautoscalers", "", "", true, false),
    api("autoscaling/v2beta1/horizontalpodautoscalers", "", "1.36", false, false),
    api("autoscaling/v2beta2/horizontalpodautoscalers", "", "1.36", false, false),
    api("batch/v1/cronjobs", "", "", false, false),
    api("batch/v1/jobs", "", "", false, false),
    api("batch/v1beta1/cronjobs", "", "", false, false),
    api("certificates.k8s.io/v1/certificatesigningrequests", "", "", true, false),
    api("certificates.k8s.io/v1alpha1/clustertrustbundles", "", "", false, false),
    api("certificates.k8s.io/v1alpha1/podcertificaterequests", "1.34", "1.35", false, false),
    api("certificates.k8s.io/v1beta1/certificatesigningrequests", "", "", false, false),
    api("certificates.k8s.io/v1beta1/clustertrustbundles", "1.33", "", false, false),
    api("certificates.k8s.io/v1beta1/podcertificaterequests", "1.35", "", false, false),
    api("coordination.k8s.io/v1/leases", "", "", true, false),
    api("coordination.k8s.io/v1alpha1/leasecandidates", "1.31", "1.32", false, false),
    api("coordination.k8s.io/v1alpha2/leasecandidates", "1.32", "", false, false),
    api("coordination.k8s.io/v1beta1/leasecandidates", "1.33", "", false, false),
    api("coordination.k8s.io/v1beta1/leases", "", "", false, false),
    api("discovery.k8s.io/v1/endpointslices", "", "", true, true),
    api("discovery.k8s.io/v1beta1/endpointslices", "", "", false, false),
    api("events.k8s.io/v1/events", "", "", true, true),
    api("events.k8s.io/v1beta1/events", "", "", false, false),
    api("extensions/v1beta1/daemonsets", "", "", false, false),
    api("extensions/v1beta1/deployments", "", "", false, false),
    api("extensions/v1beta1/ingresses", "", "", false, false),
    api("extensions/v1beta1/networkpolicies", "", "", false, false),
    api("extensions/v1beta1/replicasets", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1/flowschemas", "1.29", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations", "1.29", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta1/flowschemas", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta1/prioritylevelconfigurations", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta2/flowschemas", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta2/prioritylevelconfigurations", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta3/flowschemas", "", "", false, false),
    api("flowcontrol.apiserver.k8s.io/v1beta3/prioritylevelconfigurations", "", "", false, false),
    api("internal.apiserver.k8s.io/v1alpha1/storageversions", "", "", false, false),
    api("networking.k8s.io/v1/ingressclasses", "", "", false, false),
    api("networking.k8s.io/v1/ingresses", "", "", false, false),
    api("networking.k8s.io/v1/ipaddresses", "1.33", "", false, false),
    api("networking.k8s.io/v1/networkpolicies", "", "", false, false),
    api("networking.k8s.io/v1/servicecidrs", "1.33", "", false, false),
    api("networking.k8s.io/v1alpha1/ipaddresses", "", "1.34", false, false),
    api("networking.k8s.io/v1alpha1/servicecidrs", "1.29", "1.34", false, false),
    api("networking.k8s.io/v1beta1/ingressclasses", "", "", false, false),
    api("networking.k8s.io/v1beta1/ingresses", "", "", false, false),
    api("networking.k8s.io/v1beta1/ipaddresses", "", "1.31", false, false),
    api("networking.k8s.io/v1beta1/servicecidrs", "", "1.31", false, false),
    api("node.k8s.io/v1/runtimeclasses", "", "", true, false),
    api("node.k8s.io/v1alpha1/runtimeclasses", "", "", false, false),
    api("node.k8s.io/v1beta1/runtimeclasses", "", "", false, false),
    api("policy/v1/poddisruptionbudgets", "", "", true, false),
    api("policy/v1beta1/poddisruptionbudgets", "", "", false, false),
    api("rbac.authorization.k8s.io/v1/clusterrolebindings", "", "", false, false),
    api("rbac.authorization.k8s.io/v1/clusterroles", "", "", false, false),
    api("rbac.authorization.k8s.io/v1/rolebindings", "", "", false, false),
    api("rbac.authorization.k8s.io/v1/roles", "", "", false, false),
    api("rbac.authorization.k8s.io/v1alpha1/clusterrolebindings", "", "", false, false),
    api("rbac.authorization.k8s.io/v1alpha1/clusterroles", "", "", false, false),
    api("rbac.authorization.k8s.io/v1alpha1/rolebindings", "", "", false, false),
    api("rbac.authorization.k8s.io/v1alpha1/roles", "", "", false, false),
    api("rbac.authorization.k8s.io/v1beta1/clusterrolebindings", "", "", false, false),
    api("rbac.authorization.k8s.io/v1beta1/clusterroles", "", "", false, false),
    api("rbac.authorization.k8s.io/v1beta1/rolebindings", "", "", false, false),
    api("rbac.authorization.k8s.io/v1beta1/roles", "", "", false, false),
    api("resource.k8s.io/v1/deviceclasses", "1.34", "", false, false),
    api("resource.k8s.io/v1/resourceclaims", "1.34", "", false, false),
    api("resource.k8s.io/v1/resourceclaimtemplates", "1.34", "", false, false),
    api("resource.k8s.io/v1/resourceslices", "1.34", "", false, false),
    api("resource.k8s.io/v1alpha2/podschedulingcontexts", "", "1.31", false, false),
    api("resource.k8s.io/v1alpha2/resourceclaimparameters", "1.30", "1.31", false, false),
    api("resource.k8s.io/v1alpha2/resourceclaims", "", "1.31", false, false),
    api("resource.k8s.io/v1alpha2/resourceclaimtemplates", "", "1.31", false, false),
    api("resource.k8s.io/v1alpha2/resourceclasses", "", "1.31", false, false),
    api("resource.k8s.io/v1alpha2/resourceclassparameters", "1.30", "1.31", false, false),
    api("resource.k8s.io/v1alpha2/resourceslices", "1.30", "1.31", false, false),
    api("resource.k8s.io/v1alpha3/deviceclasses", "1.31", "1.34", false, false),
    api("resource.k8s.io/v1alpha3/devicetaintrules", "1.33", "", false, false),
    api("resource.k8s.io/v1alpha3/podschedulingcontexts", "1.31", "1.32", false, false),
    api("resource.k8s.io/v1alpha3/resourceclaims", "1.31", "1.34", false, false),
    api("resource.k8s.io/v1alpha3/resourceclaimtemplates", "1.31", "1.34", false, false),
    api("resource.k8s.io/v1alpha3/resourcepoolstatusrequests", "1.36", "", false, false),
    api("resource.k8s.io/v1alpha3/resourceslices", "1.31", "1.34", false, false),
    api("resource.k8s.io/v1beta1/deviceclasses", "1.32", "", false, false),
    api("resource.k8s.io/v1beta1/resourceclaims", "1.32", "", false, false),
    api("resource.k8s.io/v1beta1/resourceclaimtemplates", "1.32", "", false, false),
    api("resource.k8s.io/v1beta1/resourceslices", "1.32", "", false, false),
    api("resource.k8s.io/v1beta2/deviceclasses", "1.33", "", false, false),
    api("resource.k8s.io/v1beta2/devicetaintrules", "1.36", "", false, false),
    api("resource.k8s.io/v1beta2/resourceclaims", "1.33", "", false, false),
    api("resource.k8s.io/v1beta2/resourceclaimtemplates", "1.33", "", false, false),
    api("resource.k8s.io/v1beta2/resourceslices", "1.33", "", false, false),
    api("scheduling.k8s.io/v1/priorityclasses", "", "", true, false),
    api("scheduling.k8s.io/v1alpha1/priorityclasses", "", "1.36", false, false),
    api("scheduling.k8s.io/v1alpha1/workloads", "1.35", "1.36", false, false),
    api("scheduling.k8s.io/v1alpha2/podgroups", "1.36", "", false, false),
    api("scheduling.k8s.io/v1alpha2/workloads", "1.36", "", false, false),
    api("scheduling.k8s.io/v1beta1/priorityclasses", "", "", false, false),
    api("storage.k8s.io/v1/csidrivers", "", "", false, false),
    api("storage.k8s.io/v1/csinodes", "", "", false, false),
    api("storage.k8s.io/v1/csistoragecapacities", "", "", false, false),
    api("storage.k8s.io/v1/storageclasses", "", "", false, false),
    api("storage.k8s.io/v1/volumeattachments", "", "", false, false),
    api("storage.k8s.io/v1/volumeattributesclasses", "1.34", "", false, false),
    api("storage.k8s.io/v1alpha1/csistoragecapacities", "", "", false, false),
    api("storage.k8s.io/v1alpha1/volumeattachments", "", "", false, false),
    api("storage.k8s.io/v1alpha1/volumeattributesclasses", "1.29", "", false, false),
    api("storage.k8s.io/v1beta1/csidrivers", "", "", false, false),
    api("storage.k8s.io/v1beta1/csinodes", "", "", false, false),
    api("storage.k8s.io/v1beta1/csistoragecapacities", "", "", false, false),
    api("storage.k8s.io/v1beta1/storageclasses", "", "", false, false),
    api("storage.k8s.io/v1beta1/volumeattachments", "", "", false, false),
    api("storage.k8s.io/v1beta1/volumeattributesclasses", "1.31", "", false, false),
    api("storagemigration.k8s.io/v1alpha1/storageversionmigrations", "1.30", "1.35", false, false),
    api("storagemigration.k8s.io/v1beta1/storageversionmigrations", "1.35", "", false, false),
    api("v1/componentstatuses", "", "", false, false),
    api("v1/configmaps", "", "", false, false),
    api("v1/endpoints", "", "", false, false),
    api("v1/events", "", "", false, false),
    api("v1/limitranges", "", "", false, false),
    api("v1/namespaces", "", "", false, false),
    api("v1/nodes", "", "", false, false),
    api("v1/persistentvolumeclaims", "", "", false, false),
    api("v1/persistentvolumes", "", "", false, false),
    api("v1/pods", "", "", false, false),
    api("v1/podtemplates", "", "", false, false),
    api("v1/replicationcontrollers", "", "", false, false),
    api("v1/resourcequotas", "", "", false, false),
    api("v1/secrets", "", "", false, false),
    api("v1/serviceaccounts", "", "", false, false),
    api("v1/services", "", "", false, false),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;

    fn shoot(kubernetes: &str) -> Shoot {
        shoot_with(kubernetes, "")
    }

    /// A Shoot with one pool, `kubernetes` the YAML of `spec.kubernetes` (indented by four) and
    /// `spec` more of the spec (indented by two).
    fn shoot_with(kubernetes: &str, spec: &str) -> Shoot {
        let yaml = format!(
            "spec:\n  kubernetes:\n{kubernetes}\n  provider:\n    type: aws\n    workers:\n    - name: w\n      machine: {{type: m}}\n{spec}\n"
        );
        serde_yaml::from_str(&yaml).unwrap()
    }

    fn workerless(shoot: &mut Shoot) {
        shoot.spec.provider.workers = Default::default();
    }

    fn triples(errors: &[FieldError]) -> Vec<(&str, ErrorType, &str)> {
        (errors.iter())
            .map(|e| (e.field.as_str(), e.error_type, e.detail.as_str()))
            .collect()
    }

    const INVALID: ErrorType = ErrorType::FieldValueInvalid;
    const FORBIDDEN: ErrorType = ErrorType::FieldValueForbidden;

    #[test]
    fn a_plain_shoot_with_defaults_is_valid() {
        assert!(validate_kubernetes_settings(&shoot("    version: 1.33.0")).is_empty());
        let mut none = shoot("    version: 1.33.0");
        workerless(&mut none);
        assert!(validate_kubernetes_settings(&none).is_empty());
        // An empty version is reported by the version rules alone.
        assert!(validate_kubernetes_settings(&shoot("    version: ''")).is_empty());
    }

    #[test]
    fn accepted_issuers_follow_gardeners_cases() {
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.33.0\n    kubeAPIServer:\n      serviceAccountConfig:\n        acceptedIssuers: [https://issuer.example/auth, https://issuer.example/auth]",
        ));
        let field = "spec.kubernetes.kubeAPIServer.serviceAccountConfig.acceptedIssuers[1]";
        assert_eq!(
            triples(&errors),
            [(field, ErrorType::FieldValueDuplicate, "")]
        );

        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.33.0\n    kubeAPIServer:\n      serviceAccountConfig:\n        issuer: https://issuer.example/auth\n        acceptedIssuers: [https://issuer.example/auth]",
        ));
        let field = "spec.kubernetes.kubeAPIServer.serviceAccountConfig.acceptedIssuers[0]";
        let detail =
            "acceptedIssuers cannot contains the issuer field value: https://issuer.example/auth";
        assert_eq!(triples(&errors), [(field, INVALID, detail)]);

        for (issuer, details) in [
            (
                "foo",
                &[
                    "must be a valid URL and have https scheme",
                    "must have https scheme",
                ][..],
            ),
            ("http://issuer.com", &["must have https scheme"]),
            (
                "https://issuer.com#fragment",
                &["must not contain a fragment"],
            ),
            (
                "https://user:pass@issuer.com",
                &["must not contain a username or password"],
            ),
            ("https://issuer.com?x=1", &["must not contain a query"]),
            // A parse error stops the checks: Go's strict colons for https hosts.
            (
                "https://h:1:2",
                &["must be a valid URL and have https scheme"],
            ),
        ] {
            let yaml = format!(
                "    version: 1.33.0\n    kubeAPIServer:\n      serviceAccountConfig:\n        acceptedIssuers: ['{issuer}']"
            );
            let errors = validate_kubernetes_settings(&shoot(&yaml));
            let expected: Vec<_> = details.iter().map(|d| (field, INVALID, *d)).collect();
            assert_eq!(triples(&errors), expected, "{issuer}");
        }
    }

    #[test]
    fn unchanged_accepted_issuers_are_not_validated_again_on_update() {
        let yaml = "    version: 1.33.0\n    kubeAPIServer:\n      serviceAccountConfig:\n        acceptedIssuers: ['http://issuer.com']";
        let old = shoot(yaml);
        assert!(validate_kubernetes_settings_update(&old, &old).is_empty());
        let changed = shoot(
            "    version: 1.33.0\n    kubeAPIServer:\n      serviceAccountConfig:\n        acceptedIssuers: ['https://issuer.com#fragment']",
        );
        let errors = validate_kubernetes_settings_update(&changed, &old);
        assert_eq!(errors[0].detail, "must not contain a fragment");
    }

    #[test]
    fn taint_options_of_the_cluster_autoscaler_are_version_ranged() {
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.32.0\n    clusterAutoscaler:\n      ignoreTaints: [a, a, node.gardener.cloud/critical-components-not-ready]",
        ));
        let base = "spec.kubernetes.clusterAutoscaler.ignoreTaints";
        assert_eq!(
            triples(&errors),
            [
                (
                    "spec.kubernetes.clusterAutoscaler.ignoreTaints.IgnoreTaints",
                    FORBIDDEN,
                    "not supported in Kubernetes version 1.32.0"
                ),
                (
                    &format!("{base}[1]") as &str,
                    ErrorType::FieldValueDuplicate,
                    ""
                ),
                (
                    &format!("{base}[2]"),
                    FORBIDDEN,
                    "taint key is reserved by gardener"
                ),
            ]
        );
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.32.0\n    clusterAutoscaler:\n      maxEmptyBulkDelete: 5\n      expander: least-waste,foo",
        ));
        assert_eq!(
            triples(&errors),
            [(
                "spec.kubernetes.clusterAutoscaler.expander",
                ErrorType::FieldValueNotSupported,
                "supported values: \"least-nodes\", \"least-waste\", \"most-pods\", \"priority\", \"random\""
            )]
        );
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.33.0\n    clusterAutoscaler:\n      maxEmptyBulkDelete: 5\n      maxScaleDownParallelism: 3",
        ));
        let field = "spec.kubernetes.clusterAutoscaler.maxEmptyBulkDelete";
        assert_eq!(
            triples(&errors),
            [
                (field, FORBIDDEN, "for Kubernetes versions >= 1.33, maxEmptyBulkDelete field is no longer supported, use maxScaleDownParallelism instead"),
                (field, INVALID, "must equal maxScaleDownParallelism 3"),
            ]
        );
    }

    #[test]
    fn scheduler_and_proxy() {
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.34.0\n    kubeScheduler:\n      kubeMaxPDVols: foo\n      profile: fast\n    kubeProxy:\n      mode: NFTables\n      featureGates: {NFTablesProxyMode: false}",
        ));
        assert_eq!(
            triples(&errors),
            [
                ("spec.kubernetes.kubeScheduler.profile", ErrorType::FieldValueNotSupported, "supported values: \"balanced\", \"bin-packing\""),
                ("spec.kubernetes.kubeScheduler.kubeMaxPDVols", INVALID, "conversion error: strconv.Atoi: parsing \"foo\": invalid syntax"),
                ("spec.kubernetes.kubeProxy.mode", INVALID, "NFTables mode cannot be used when feature gate NFTablesProxyMode is explicitly set to false"),
            ]
        );
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.35.0\n    kubeScheduler:\n      kubeMaxPDVols: '3'",
        ));
        let detail = "for Kubernetes version >= 1.35, kubeMaxPDVols field is no longer supported";
        assert_eq!(
            triples(&errors),
            [(
                "spec.kubernetes.kubeScheduler.kubeMaxPDVols",
                FORBIDDEN,
                detail
            )]
        );
        let go_atoi = crate::cleanup::go_atoi;
        assert_eq!(
            go_atoi("99999999999999999999").unwrap_err(),
            "strconv.Atoi: parsing \"99999999999999999999\": value out of range"
        );
        assert_eq!(go_atoi("-9223372036854775808"), Ok(i64::MIN));
    }

    #[test]
    fn encryption_config() {
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.33.0\n    kubeAPIServer:\n      encryptionConfig:\n        resources: [secrets, configmaps, configmaps, deployments.extensions]\n        provider: {type: aesgcm}",
        ));
        let path = "spec.kubernetes.kubeAPIServer.encryptionConfig";
        assert_eq!(
            triples(&errors),
            [
                (&format!("{path}.resources[0]") as &str, FORBIDDEN, "\"secrets\" are always encrypted"),
                (&format!("{path}.resources[2]"), ErrorType::FieldValueDuplicate, ""),
                (&format!("{path}.resources[3]"), INVALID, "'extensions' group has been removed and cannot be used for encryption"),
                (&format!("{path}.provider.type"), FORBIDDEN, "etcdEncryptionKey auto rotation must be enabled when encryption at rest provider is AES-GCM"),
            ]
        );
        // The auto rotation's period defaults to 7 days.
        let rotated = shoot_with(
            "    version: 1.33.0\n    kubeAPIServer:\n      encryptionConfig:\n        provider: {type: aesgcm}",
            "  maintenance:\n    autoRotation:\n      credentials:\n        etcdEncryptionKey: {}",
        );
        assert!(validate_kubernetes_settings(&rotated).is_empty());
    }

    #[test]
    fn runtime_config() {
        let mut disabled = shoot(
            "    version: 1.33.0\n    kubeAPIServer:\n      runtimeConfig: {v1/pods: false, discovery.k8s.io/v1: false, foo/v1: true, coordination.k8s.io/v1alpha1: true}",
        );
        let path = "spec.kubernetes.kubeAPIServer.runtimeConfig";
        assert_eq!(
            triples(&validate_kubernetes_settings(&disabled)),
            [
                (&format!("{path}[coordination.k8s.io/v1alpha1]") as &str, FORBIDDEN, "api \"coordination.k8s.io/v1alpha1\" is not supported in Kubernetes version 1.33.0, only supported in versions >= 1.31, < 1.32"),
                (&format!("{path}[discovery.k8s.io/v1]"), FORBIDDEN, "api \"discovery.k8s.io/v1/endpointslices\" cannot be disabled"),
                (&format!("{path}[foo/v1]"), INVALID, "unknown API group version \"foo/v1\""),
                (&format!("{path}[v1/pods]"), FORBIDDEN, "api \"v1\" cannot be disabled"),
            ]
        );
        workerless(&mut disabled);
        let errors = validate_kubernetes_settings(&disabled);
        assert_eq!(
            errors[1].detail,
            "api \"discovery.k8s.io/v1/endpointslices\" cannot be disabled for workerless clusters"
        );
    }

    #[test]
    fn api_tables_are_sorted_and_every_resource_has_its_group_version() {
        for table in [API_GROUP_VERSIONS, API_GROUP_VERSION_RESOURCES] {
            assert!(table.windows(2).all(|pair| pair[0].name < pair[1].name));
        }
        for resource in API_GROUP_VERSION_RESOURCES {
            let (group_version, _) = split_api(resource.name).unwrap();
            assert!(
                find_api(API_GROUP_VERSIONS, &group_version).is_some(),
                "{}",
                resource.name
            );
        }
    }

    #[test]
    fn admission_plugins() {
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.33.0\n    kubeAPIServer:\n      admissionPlugins:\n      - name: Foo\n      - name: PersistentVolumeLabel\n      - {name: AlwaysAdmit, config: {a: 1}}\n      - {name: NamespaceLifecycle, disabled: true}\n      - {name: PodSecurity, config: {apiVersion: v1}}\n      - name: ''\n      - name: Bar",
        ));
        let path = "spec.kubernetes.kubeAPIServer.admissionPlugins";
        assert_eq!(
            triples(&errors),
            [
                (&format!("{path}[0].name") as &str, INVALID, "unknown admission plugin \"Foo\""),
                (&format!("{path}[1].name"), FORBIDDEN, "admission plugin \"PersistentVolumeLabel\" is not supported in Kubernetes version 1.33.0"),
                (&format!("{path}[2].config"), FORBIDDEN, "admission plugin \"AlwaysAdmit\" does not allow configuration"),
                (&format!("{path}[3]"), FORBIDDEN, "admission plugin \"NamespaceLifecycle\" cannot be disabled"),
                (&format!("{path}[4].config"), INVALID, "cannot decode the given config: Object 'Kind' is missing in '{\"apiVersion\":\"v1\"}'"),
                // An empty name ends the validation of the list.
                (&format!("{path}[5].name"), ErrorType::FieldValueRequired, "must provide a name"),
            ]
        );
        // A version Masterminds cannot read fails the table lookup, plugins or not.
        let errors = validate_kubernetes_settings(&shoot("    version: foo"));
        assert_eq!(
            triples(&errors),
            [(path, ErrorType::InternalError, "invalid semantic version")]
        );
    }

    #[test]
    fn pod_security_configurations_decode_like_the_api_server() {
        let config = |json: &str| pod_security::decode_error(&serde_json::from_str(json).unwrap());
        let valid = r#"{"apiVersion":"pod-security.admission.config.k8s.io/v1","kind":"PodSecurityConfiguration","defaults":{"enforce":"baseline"}}"#;
        assert_eq!(config(valid), None);
        assert_eq!(
            config(
                r#"{"apiVersion":"pod-security.admission.config.k8s.io/v1beta1","kind":"Other"}"#
            )
            .unwrap(),
            "expected pod-security.admission.config.k8s.io/v1.PodSecurityConfiguration"
        );
        assert_eq!(
            config(r#"{"apiVersion":"pod-security.admission.config.k8s.io/v1","kind":"PodSecurityConfiguration","exemptions":{"usernames":[1]}}"#).unwrap(),
            "cannot decode the given config: json: cannot unmarshal number into Go struct field PodSecurityExemptions.exemptions.usernames of type string"
        );
        assert_eq!(
            config(r#"{"kind":"x","x":"<&>"}"#).unwrap(),
            "cannot decode the given config: Object 'apiVersion' is missing in '{\"kind\":\"x\",\"x\":\"\\u003c\\u0026\\u003e\"}'"
        );
    }

    #[test]
    fn controller_manager_defaults_and_ranges() {
        // The default mask leaves room for twice the largest `maxPods`.
        assert_eq!(
            shoot("    version: 1.33.0")
                .spec
                .default_node_cidr_mask_size(),
            24
        );
        let one = shoot("    version: 1.33.0\n    kubelet: {maxPods: 1}");
        assert_eq!(one.spec.default_node_cidr_mask_size(), 31);
        let field = "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize";
        assert_eq!(
            triples(&validate_kubernetes_settings(&one)),
            [(field, INVALID, "nodeCIDRMaskSize must be between 16 and 28")]
        );
        let zero = shoot("    version: 1.33.0\n    kubelet: {maxPods: 0}");
        assert_eq!(zero.spec.default_node_cidr_mask_size(), -2147483616);
        assert_eq!(
            triples(&validate_node_cidr_mask_with_max_pods(&zero)),
            [(field, INVALID, "kubelet or kube-controller-manager configuration incorrect. Please adjust the nodeCIDRMaskSize to support the highest maxPod on any worker pool. The nodeCIDRMaskSize of -2147483616 (default: 24) only supports -1 IP addresses. The highest maxPod setting is 110 (default: 110). Please choose a nodeCIDRMaskSize that at least supports 110 IP addresses")]
        );

        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.32.0\n    kubeControllerManager:\n      nodeCIDRMaskSizeIPv6: 64\n      podEvictionTimeout: 0s\n      horizontalPodAutoscaler: {syncPeriod: 100ms, tolerance: 0}",
        ));
        let path = "spec.kubernetes.kubeControllerManager";
        assert_eq!(
            triples(&errors),
            [
                (
                    &format!("{path}.nodeCIDRMaskSizeIPv6") as &str,
                    FORBIDDEN,
                    "nodeCIDRMaskSizeIPv6 cannot be set for IPv4 single-stack clusters"
                ),
                (
                    &format!("{path}.podEvictionTimeout"),
                    INVALID,
                    "podEvictionTimeout must be larger than 0"
                ),
                (
                    &format!("{path}.horizontalPodAutoscaler.syncPeriod"),
                    INVALID,
                    "syncPeriod must not be less than a second"
                ),
                (
                    &format!("{path}.horizontalPodAutoscaler.tolerance"),
                    INVALID,
                    "tolerance of must be greater than 0"
                ),
            ]
        );
        let ipv6 = shoot_with(
            "    version: 1.33.0\n    kubeControllerManager: {nodeCIDRMaskSize: 30, nodeCIDRMaskSizeIPv6: 64}",
            "  networking: {ipFamilies: [IPv6]}",
        );
        assert_eq!(
            triples(&validate_kubernetes_settings(&ipv6)),
            [
                (&format!("{path}.nodeCIDRMaskSize") as &str, FORBIDDEN, "only one of nodeCIDRMaskSize or nodeCIDRMaskSizeIPv6 can be set for single-stack clusters"),
                (&format!("{path}.nodeCIDRMaskSize"), INVALID, "nodeCIDRMaskSize must be between 64 and 124 for IPv6 single-stack clusters"),
            ]
        );
    }

    #[test]
    fn the_shoots_kubelet_is_judged_with_its_defaults() {
        let path = "spec.kubernetes.kubelet";
        // The high threshold defaults to 50.
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.33.0\n    kubelet: {imageGCLowThresholdPercent: 60}",
        ));
        let detail = "imageGCLowThresholdPercent must be less than imageGCHighThresholdPercent";
        assert_eq!(
            triples(&errors),
            [(
                "spec.kubernetes.kubelet.imageGCLowThresholdPercent",
                FORBIDDEN,
                detail
            )]
        );
        // `failSwapOn` defaults to true.
        let kubelet: KubeletConfig =
            serde_yaml::from_str("memorySwap: {swapBehavior: NoSwap}").unwrap();
        let swap = format!("{path}.memorySwap");
        assert_eq!(
            triples(&validate_kubelet_config(&kubelet, "1.33.0", path, KubeletDefaults::Worker)),
            [
                (&swap as &str, FORBIDDEN, "configuring swap behaviour is not available when the kubelet is configured with 'FailSwapOn=true'"),
                (&swap, FORBIDDEN, "configuring swap behaviour is not available when kubelet's 'NodeSwap' feature gate is not set"),
            ]
        );
        assert_eq!(
            validate_kubelet_config(&kubelet, "1.33.0", path, KubeletDefaults::None).len(),
            1
        );
        // A pool's kubelet gets no image GC defaults.
        let low: KubeletConfig = serde_yaml::from_str("imageGCLowThresholdPercent: 60").unwrap();
        assert!(validate_kubelet_config(&low, "1.33.0", path, KubeletDefaults::Worker).is_empty());
        // `serializeImagePulls` defaults to false from two parallel pulls.
        let pulls: KubeletConfig = serde_yaml::from_str("maxParallelImagePulls: 5").unwrap();
        assert!(validate_kubelet_config(&pulls, "1.33.0", path, KubeletDefaults::Shoot).is_empty());
    }

    #[test]
    fn kubelet_evictions_and_quirks() {
        let kubelet: KubeletConfig = serde_yaml::from_str(
            "podPidsLimit: 10\nevictionHard: {memoryAvailable: '101%', imageFSInodesFree: x, nodeFSInodesFree: x}\nstreamingConnectionIdleTimeout: 5h",
        )
        .unwrap();
        let path = "spec.provider.workers[0].kubernetes.kubelet";
        let errors = validate_kubelet_config(&kubelet, "1.33.0", path, KubeletDefaults::Worker);
        let quantity =
            "field must be either a valid resource quantity (e.g 200Mi) or a percentage (e.g '5%')";
        let inodes = format!("{path}.evictionHard.imagefsInodesFree");
        assert_eq!(
            triples(&errors),
            [
                (
                    &format!("{path}.podPIDsLimit") as &str,
                    INVALID,
                    "podPIDsLimit value must be at least 100"
                ),
                (
                    &format!("{path}.evictionHard.memoryAvailable"),
                    INVALID,
                    "must not be greater than 100% and not smaller than 0%"
                ),
                // Gardener checks `imageFSInodesFree` twice and never `nodeFSInodesFree`.
                (&inodes, INVALID, quantity),
                (&inodes, INVALID, quantity),
                (
                    &format!("{path}.streamingConnectionIdleTimeout"),
                    INVALID,
                    "value must be between 30s and 4h"
                ),
            ]
        );
    }

    #[test]
    fn preloaded_image_allowlist_patterns() {
        for (pattern, result) in [
            ("docker.io/*", Ok(())),
            ("docker.io/library/nginx", Ok(())),
            ("localhost:5000/foo", Ok(())),
            (" a", Err("leading/trailing spaces are not allowed")),
            ("", Err("the supplied pattern is too short")),
            (
                "*",
                Err("not a valid wildcard pattern, only patterns ending with '/*' are allowed"),
            ),
            ("/*", Err("at least registry hostname is required")),
            (
                "a*/*",
                Err("not a valid wildcard pattern, only patterns ending with '/*' are allowed"),
            ),
            (
                "nginx:1.2",
                Err("neither tag nor digest is accepted in an image reference"),
            ),
            (
                "Nginx",
                Err("failed to parse as an image name: repository name must be lowercase"),
            ),
            (
                "a___b",
                Err("failed to parse as an image name: invalid reference format"),
            ),
            (
                "nginx@sha256:abc",
                Err("failed to parse as an image name: invalid reference format"),
            ),
            (
                "nginx@foo:0123456789abcdef0123456789abcdef",
                Err("failed to parse as an image name: unsupported digest algorithm"),
            ),
        ] {
            let result = result.map_err(str::to_string);
            assert_eq!(
                image_reference::allowlist_pattern(pattern),
                result,
                "{pattern}"
            );
        }
        // `reference.Parse` itself: whether there is a tag or digest, or its error.
        let parse = image_reference::parse;
        assert_eq!(parse("ubuntu"), Ok(false));
        assert_eq!(parse("library/ubuntu:22.04"), Ok(true));
        assert_eq!(parse("[::1]:5000/foo"), Ok(false));
        assert_eq!(parse("host:5000"), Ok(true));
        assert_eq!(parse("a__b/c--d/e.f"), Ok(false));
        assert_eq!(parse("-a.com/b"), Err("invalid reference format"));
        assert_eq!(parse("example.com/foo:"), Err("invalid reference format"));
        let long = format!("example.com/{}", "a".repeat(256));
        let too_long = "repository name must not be more than 255 characters";
        assert_eq!(parse(&long), Err(too_long));
        let digest = format!("foo@sha256:{}", "A".repeat(64));
        assert_eq!(parse(&digest), Err("invalid checksum digest format"));
        let digest = format!("foo@Sha9:{}", "a".repeat(64));
        assert_eq!(parse(&digest), Err("invalid checksum digest format"));
        let digest = "example.com/foo@sha256:0123456789abcdef0123456789abcdef";
        assert_eq!(parse(digest), Err("invalid checksum digest length"));
        // Go lower-cases `İ` to a plain `i`, which makes a valid name.
        assert_eq!(
            parse("\u{130}mage"),
            Err("repository name must be lowercase")
        );
    }

    #[test]
    fn workerless_shoots_forbid_the_node_components() {
        let mut none = shoot(
            "    version: 1.33.0\n    kubeScheduler: {}\n    kubeProxy: {}\n    kubelet: {}\n    clusterAutoscaler: {}\n    verticalPodAutoscaler: {enabled: true}\n    kubeControllerManager: {nodeCIDRMaskSize: 24}",
        );
        workerless(&mut none);
        let errors = validate_kubernetes_settings(&none);
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "spec.kubernetes.kubeControllerManager.nodeCIDRMaskSize",
                "spec.kubernetes.kubeScheduler",
                "spec.kubernetes.kubeProxy",
                "spec.kubernetes.kubelet",
                "spec.kubernetes.clusterAutoScaler",
                "spec.kubernetes.verticalPodAutoScaler",
            ]
        );
        assert!(errors
            .iter()
            .all(|e| e.error_type == FORBIDDEN && e.detail == WORKERLESS));
    }

    #[test]
    fn etcd_and_vertical_pod_autoscaler() {
        let errors = validate_kubernetes_settings(&shoot(
            "    version: 1.33.0\n    etcd:\n      main: {autoscaling: {minAllowed: {memory: 200M}}}\n      events: {autoscaling: {}}\n    verticalPodAutoscaler:\n      enabled: true\n      evictionTolerance: 1.0\n      targetCPUPercentile: 1.1\n      featureGates: {Foo: true, InPlace: true}\n      maxAllowed: {gpu: 1}\n      recommenderUpdateWorkerCount: 0",
        ));
        let vpa = "spec.kubernetes.verticalPodAutoscaler";
        assert_eq!(
            triples(&errors),
            [
                (
                    "spec.kubernetes.etcd.main.autoscaling.minAllowed.memory",
                    INVALID,
                    "value must be bigger than >= 300M"
                ),
                (
                    "spec.kubernetes.etcd.events.autoscaling.minAllowed",
                    ErrorType::FieldValueRequired,
                    "must provide minAllowed"
                ),
                (
                    &format!("{vpa}.evictionTolerance") as &str,
                    INVALID,
                    "fraction value must be in the range [0, 1)"
                ),
                (
                    &format!("{vpa}.targetCPUPercentile"),
                    INVALID,
                    "percentile value must be in the range [0, 1]"
                ),
                (
                    &format!("{vpa}.featureGates.Foo"),
                    INVALID,
                    "unknown feature gate"
                ),
                (
                    &format!("{vpa}.maxAllowed.gpu"),
                    ErrorType::FieldValueNotSupported,
                    "supported values: \"cpu\", \"memory\""
                ),
                (
                    &format!("{vpa}.recommenderUpdateWorkerCount"),
                    INVALID,
                    "must be greater than 0"
                ),
            ]
        );
    }

    #[test]
    fn whole_quantities() {
        for (text, whole) in [
            ("1", true),
            ("1k", true),
            ("0.5Ki", true),
            ("1500m", false),
            ("1e-3", false),
            ("2.5", false),
            ("2.50", false),
            ("2.000", true),
            ("0", true),
        ] {
            assert_eq!(decimal_text_is_integer(text), whole, "{text}");
        }
    }
}
