//! The parts of Gardener's `Seed` and `Project` objects (`core.gardener.cloud/v1beta1`) that
//! scheduling, toleration restriction and control-plane migration read, and what they ask of the
//! one model's `Shoot` (`crate::api`). Unknown fields are ignored and every field is optional, as in
//! the API.

use crate::document::Value;

pub use crate::api::{
    id_for_key_with_optional_value, Condition, DnsDomain, GardenerIdentity, LastOperation,
    NamedItem, ObjectMeta, Seed, SeedDns, SeedNetworks, SeedProvider, SeedScheduling, SeedSettings,
    SeedSpec, SeedStatus, SeedTaint, Shoot, ShootNetworkDefaults, Toleration, ZoneSelection,
};

impl Shoot {
    /// `spec.seedName`, when set (a JSON `null` counts as unset).
    pub fn spec_seed_name(&self) -> Option<&str> {
        self.spec.seed_name.as_deref()
    }

    /// `spec.tolerations`.
    pub fn tolerations(&self) -> Vec<Toleration> {
        self.spec.tolerations.clone()
    }

    /// `spec.accessRestrictions[].name`.
    pub fn access_restriction_names(&self) -> Vec<String> {
        names_of(self.spec.access_restrictions.as_ref())
    }

    /// `spec.dns.domain`.
    pub fn dns_domain(&self) -> Option<&str> {
        self.spec.dns.as_ref()?.domain.as_deref()
    }

    /// `helper.IsMultiZonalShootControlPlane`: failure tolerance type `zone`.
    pub fn is_multi_zonal_control_plane(&self) -> bool {
        (self.spec.control_plane.as_ref())
            .and_then(|plane| plane.pointer("/highAvailability/failureTolerance/type"))
            .and_then(Value::as_str)
            == Some("zone")
    }
}

impl Seed {
    /// Whether `selector` selects the Seed by its labels.
    pub fn selected_by(&self, selector: &crate::constraints::selector::Selector) -> bool {
        let labels: Vec<(&str, &str)> = (self.metadata.labels.iter())
            .map(|(key, value)| (key.as_str(), value.as_str()))
            .collect();
        selector.matches(&labels)
    }

    /// `spec.accessRestrictions[].name`.
    pub fn access_restriction_names(&self) -> Vec<String> {
        (self.spec.access_restrictions.iter())
            .map(|restriction| restriction.name.clone())
            .collect()
    }

    /// The integer value of `status.allocatable.shoots`, when set.
    pub fn allocatable_shoots(&self) -> Option<i64> {
        match self.status.allocatable.get("shoots")? {
            Value::Number(number) => number
                .as_i64()
                .or_else(|| number.as_f64().map(|f| f as i64)),
            Value::String(text) => text.trim().parse::<i64>().ok(),
            _ => None,
        }
    }

    /// The `shoot.gardener.cloud/emergency-stop-reconciliations` annotation is `true`.
    pub fn shoot_reconciliations_stopped(&self) -> bool {
        (self
            .metadata
            .annotations
            .get("shoot.gardener.cloud/emergency-stop-reconciliations"))
        .is_some_and(|value| value == "true")
    }

    /// The domains of `spec.dns.defaults`, in order.
    pub fn default_domains(&self) -> Vec<String> {
        self.spec
            .dns
            .defaults
            .iter()
            .map(|d| d.domain.clone())
            .collect()
    }
}

fn names_of(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.get("name").and_then(Value::as_str))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Kubernetes' `apierrors.NewForbidden` text for a Shoot, as admission plugins return it via
/// `admission.NewForbidden`.
pub fn shoot_forbidden(shoot_name: &str, error: &str) -> String {
    format!("shoots.core.gardener.cloud {shoot_name:?} is forbidden: {error}")
}

/// Kubernetes' `apierrors.NewInternalError` text.
pub fn internal_error(error: &str) -> String {
    format!("Internal error occurred: {error}")
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
