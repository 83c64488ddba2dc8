//! The parts of Gardener's `Seed` and `Project` objects (`core.gardener.cloud/v1beta1`) that
//! scheduling, toleration restriction and control-plane migration read, and what they ask of the
//! one model's `Shoot` (`crate::api`). Unknown fields are ignored and every field is optional, as in
//! the API.

pub use crate::api::{
    id_for_key_with_optional_value, without_nulls, Condition, DnsDomain, GardenerIdentity,
    LastOperation, NamedItem, ObjectMeta, Seed, SeedDns, SeedNetworks, SeedProvider,
    SeedScheduling, SeedSettings, SeedSpec, SeedStatus, SeedTaint, Shoot, ShootNetworkDefaults,
    Toleration, ZoneSelection,
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
        self.spec.access_restriction_names()
    }

    /// `spec.dns.domain`.
    pub fn dns_domain(&self) -> Option<&str> {
        self.spec.dns.as_ref()?.domain.as_deref()
    }

    /// `helper.IsMultiZonalShootControlPlane`: failure tolerance type `zone`.
    pub fn is_multi_zonal_control_plane(&self) -> bool {
        self.spec.failure_tolerance_type() == Some("zone")
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
        self.status.allocatable_shoots()
    }

    /// The `shoot.gardener.cloud/emergency-stop-reconciliations` annotation is `true`.
    pub fn shoot_reconciliations_stopped(&self) -> bool {
        (self.metadata).annotation("shoot.gardener.cloud/emergency-stop-reconciliations")
            == Some("true")
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

/// Kubernetes' `apierrors.NewForbidden` text for a Shoot, as admission plugins return it via
/// `admission.NewForbidden`.
pub fn shoot_forbidden(shoot_name: &str, error: &str) -> String {
    format!("shoots.core.gardener.cloud {shoot_name:?} is forbidden: {error}")
}

/// Kubernetes' `apierrors.NewInternalError` text.
pub fn internal_error(error: &str) -> String {
    format!("Internal error occurred: {error}")
}
