//! Seed taints, Shoot tolerations and the choice of a Seed for a Shoot.
//!
//! * [`taints_tolerated`] follows `pkg/api/core/v1beta1/helper/seed.go`: `TaintsAreTolerated`.
//! * The toleration part of `SetDefaults_Shoot` is the defaults module's
//!   ([`crate::defaults::shoot_tolerations`]), as is the spec the admission compares
//!   ([`crate::defaults::scheduled_shoot_spec`]).
//! * [`schedule`] follows the scheduler's `DetermineSeed` with the default `SameRegion` strategy
//!   (`pkg/scheduler/controller/shoot/reconciler.go`), and [`candidate_seeds`] its candidate step
//!   (`filterCandidates`) with the network check of [`networks`].
//! * [`admit_scheduling`] follows the scheduling checks of the Shoot validator admission plugin
//!   (`plugin/pkg/shoot/validator/admission.go`: `Validate`, `validateScheduling`, `validateDeletion`).
//! * [`toleration_restriction`] follows the `ShootTolerationRestriction` admission plugin.

pub mod networks;
pub mod toleration_restriction;
pub mod types;

use crate::api::{LabelSelector, SeedSelector};
use crate::decode::FromValue;
use crate::defaults::scheduled_shoot_spec;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use types::{shoot_forbidden, without_nulls};
pub use types::{Seed, SeedTaint, Shoot, Toleration};

pub use crate::api::{GARDEN_NAMESPACE, SEED_TAINT_PROTECTED};

/// Whether every taint is tolerated (`TaintsAreTolerated`).
///
/// More taints than tolerations is a "no" before any key is looked at; tolerations are indexed by key
/// (a later duplicate key wins, an unset value counts as `""`); a valued taint needs a toleration with
/// that key and the equal value, a key-only taint is tolerated by any toleration with that key.
pub fn taints_tolerated(taints: &[SeedTaint], tolerations: &[Toleration]) -> bool {
    if taints.is_empty() {
        return true;
    }
    if taints.len() > tolerations.len() {
        return false;
    }
    let mut values_by_key: HashMap<&str, &str> = HashMap::new();
    for toleration in tolerations {
        values_by_key.insert(&toleration.key, toleration.value.as_deref().unwrap_or(""));
    }
    taints
        .iter()
        .all(|taint| match values_by_key.get(taint.key.as_str()) {
            None => false,
            Some(value) => taint.value.as_deref().is_none_or(|wanted| wanted == *value),
        })
}

/// `AccessRestrictionsAreSupported`: every access restriction of the Shoot must be offered by the Seed
/// (checked by count first, then by name).
pub fn access_restrictions_supported(
    seed_restrictions: &[String],
    shoot_restrictions: &[String],
) -> bool {
    if shoot_restrictions.is_empty() {
        return true;
    }
    if shoot_restrictions.len() > seed_restrictions.len() {
        return false;
    }
    shoot_restrictions
        .iter()
        .all(|name| seed_restrictions.contains(name))
}

/// The result of the scheduler's candidate step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CandidateSeeds {
    /// Names of the Seeds that remain candidates, in input order.
    pub candidates: Vec<String>,
    /// Why each other Seed was dropped, by Seed name.
    #[cfg_attr(feature = "tsify", tsify(type = "Record<string, string>"))]
    pub reasons: BTreeMap<String, String>,
    /// The scheduler's error when no candidate remains.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Reason for a Seed whose taints the Shoot does not tolerate.
pub const REASON_TAINTS_NOT_TOLERATED: &str = "shoot does not tolerate the seed's taints";
/// Reason for a Seed without free capacity.
pub const REASON_NO_CAPACITY: &str = "seed does not have available capacity for shoots";

/// The candidate step of the scheduler (`filterCandidates`), applied to Seeds that passed the earlier
/// filters (usable, selectors, provider, zones, access restrictions, domain). `shoots` are all Shoots,
/// used to count how many are already placed on each Seed (`CalculateSeedUsage`).
///
/// The Shoot is taken as the API server stores it, so it always has a `spec.networking` to check
/// (defaulting adds an empty one).
pub fn candidate_seeds<S: std::borrow::Borrow<Seed>>(
    shoot: &Shoot,
    seeds: &[S],
    shoots: &[Shoot],
) -> CandidateSeeds {
    let usage = seed_usage(shoots);
    let tolerations = shoot.tolerations();
    let mut candidates = Vec::new();
    let mut reasons = BTreeMap::new();
    for seed in seeds.iter().map(S::borrow) {
        let name = seed.metadata.name.clone();
        if let Err(reason) = networks::check_disjoint(shoot, seed) {
            reasons.insert(name, reason);
            continue;
        }
        if !taints_tolerated(&seed.spec.taints, &tolerations) {
            reasons.insert(name, REASON_TAINTS_NOT_TOLERATED.to_string());
            continue;
        }
        if let Some(allocatable) = seed.allocatable_shoots() {
            if usage.get(&name).copied().unwrap_or(0) >= allocatable {
                reasons.insert(name, REASON_NO_CAPACITY.to_string());
                continue;
            }
        }
        candidates.push(name);
    }
    let error = candidates.is_empty().then(|| {
        let listed: Vec<String> = reasons
            .iter()
            .map(|(seed, reason)| format!("{seed} => {reason}"))
            .collect();
        format!(
            "0/{} seed cluster candidate(s) are eligible for scheduling: {{{}}}",
            seeds.len(),
            listed.join(", ")
        )
    });
    CandidateSeeds {
        candidates,
        reasons,
        error,
    }
}

/// What the scheduler does with a Shoot.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ScheduleDecision {
    /// Why the scheduler leaves the Shoot alone (already scheduled, or being deleted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignored: Option<String>,
    /// The Seeds left after every step, the strategy included (empty when ignored or failed).
    pub candidates: Vec<String>,
    /// Why Seeds were dropped at the candidate step, by Seed name.
    #[cfg_attr(feature = "tsify", tsify(type = "Record<string, string>"))]
    pub reasons: BTreeMap<String, String>,
    /// The chosen Seed: the candidate hosting the fewest Shoots (the first one on a tie).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The scheduling error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What the decision assumes that the given objects do not say: a Seed without any status is
    /// taken as ready (Gardener's scheduler would skip it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub assumptions: Vec<String>,
}

/// What the scheduler reads besides the Shoot and the Seeds. A part that is not known passes its
/// filter.
#[derive(Debug, Clone, Copy, Default)]
pub struct SchedulingContext<'a> {
    /// All Shoots, to count those already on each Seed (`CalculateSeedUsage`).
    pub shoots: &'a [Shoot],
    /// The CloudProfile's `spec.seedSelector`: labels and `providerTypes`.
    pub cloud_profile_seed_selector: Option<&'a SeedSelector>,
    /// The Project owning the Shoot's namespace. When not given, a namespace `garden-<name>` is
    /// taken to belong to Project `<name>` (the namespace Gardener creates for a Project by
    /// default) and `garden` to Project `garden`.
    pub project_name: Option<&'a str>,
}

/// The scheduler's decision for `shoot` (`Reconcile`, `DetermineSeed`) with its default strategy
/// (`SameRegion`): usable seeds, the CloudProfile's and the Shoot's seed selectors, provider types,
/// zones, access restrictions, the default domain, Seeds with reconciliations stopped, the
/// candidate step ([`candidate_seeds`]), the strategy, and the final choice by least usage. A
/// Seed whose status names neither a last operation nor a condition is taken as ready.
pub fn schedule(shoot: &Shoot, seeds: &[Seed], context: SchedulingContext) -> ScheduleDecision {
    let ignored = if shoot.spec_seed_name().is_some() {
        Some("Shoot already scheduled onto seed, nothing left to do")
    } else if shoot.metadata.deletion_timestamp.is_some() {
        Some("Ignoring shoot because it has been marked for deletion")
    } else {
        None
    };
    match ignored {
        Some(why) => ScheduleDecision {
            ignored: Some(why.to_string()),
            ..ScheduleDecision::default()
        },
        None => place(shoot, seeds, context),
    }
}

/// `DetermineSeed` for `shoot` whether or not it has a Seed already: where the scheduler would
/// place it if it were new.
pub fn place(shoot: &Shoot, seeds: &[Seed], context: SchedulingContext) -> ScheduleDecision {
    let assumptions = (seeds.iter())
        .filter(|seed| status_unknown(seed))
        .map(|seed| {
            format!(
                "Seed {}: its status names neither a last operation nor a condition, so it is \
                 taken as ready; Gardener's scheduler skips a Seed that is not ready",
                seed.metadata.name
            )
        })
        .collect();
    let mut decision = ScheduleDecision {
        assumptions,
        ..ScheduleDecision::default()
    };
    let filtered = match filter_seeds(shoot, seeds, &context) {
        Ok(filtered) => filtered,
        Err(error) => {
            decision.error = Some(error);
            return decision;
        }
    };
    let result = candidate_seeds(shoot, &filtered, context.shoots);
    decision.reasons = result.reasons;
    if let Some(error) = result.error {
        decision.error = Some(error);
        return decision;
    }
    let candidates = match same_region_candidates(shoot, &filtered, &result.candidates) {
        Ok(candidates) => candidates,
        Err(error) => {
            decision.error = Some(error);
            return decision;
        }
    };
    let usage = seed_usage(context.shoots);
    let mut best: Option<(&String, i64)> = None;
    for name in &candidates {
        let count = usage.get(name).copied().unwrap_or(0);
        if best.is_none_or(|(_, min)| count < min) {
            best = Some((name, count));
        }
    }
    decision.seed = best.map(|(name, _)| name.clone());
    decision.candidates = candidates;
    decision
}

/// The filters of `DetermineSeed` before the candidate step, each failing when it leaves no Seed.
fn filter_seeds<'a>(
    shoot: &Shoot,
    seeds: &'a [Seed],
    context: &SchedulingContext,
) -> Result<Vec<&'a Seed>, String> {
    let mut filtered: Vec<&Seed> = seeds.iter().collect();
    keep(&mut filtered, is_usable, |count| {
        format!(
            "none of the {count} seeds is valid for scheduling (not deleting, visible and ready)"
        )
    })?;
    let profile_selector = context.cloud_profile_seed_selector;
    let profile_labels = profile_selector.map(SeedSelector::label_selector);
    keep_selected(&mut filtered, profile_labels.as_ref(), "CloudProfile")?;
    let shoot_selector = shoot.spec.seed_selector();
    let shoot_labels = shoot_selector.map(|selector| selector.label_selector);
    keep_selected(&mut filtered, shoot_labels.as_ref(), "Shoot")?;
    let provider_type = shoot.spec.provider.provider_type.as_str();
    let enabled_types =
        (profile_selector.map(|selector| selector.provider_types.as_slice())).unwrap_or_default();
    keep(
        &mut filtered,
        |seed| {
            provider_matches(
                &seed.spec.provider.provider_type,
                provider_type,
                enabled_types,
            )
        },
        |count| {
            format!(
                "none out of the {count} seeds has a matching provider for {}",
                crate::golang::quote(provider_type)
            )
        },
    )?;
    if shoot.is_multi_zonal_control_plane() {
        keep(
            &mut filtered,
            |seed| seed.spec.provider.zones.len() >= 3,
            |count| {
                format!("none of the {count} seeds has at least 3 zones for hosting a shoot control plane with failure tolerance type 'zone'")
            },
        )?;
    } else {
        zone_selection(shoot, &mut filtered)?;
    }
    let restrictions = shoot.access_restriction_names();
    let supported = |seed: &Seed| {
        access_restrictions_supported(&seed.access_restriction_names(), &restrictions)
    };
    keep(&mut filtered, supported, |count| {
        format!("none of the {count} seeds supports the access restrictions configured in the shoot specification")
    })?;
    let project = (context.project_name.map(str::to_string))
        .or_else(|| project_name_by_convention(&shoot.metadata.namespace));
    if let Some(project) = project {
        domain_selection(shoot, &project, &mut filtered)?;
    }
    keep(
        &mut filtered,
        |seed| !seed.shoot_reconciliations_stopped(),
        |count| format!("none of the {count} seeds have enabled shoot reconciliations currently"),
    )?;
    Ok(filtered)
}

/// `filterSeedsMatchingLabelSelector`: the Seeds whose labels the label selector of a
/// `seedSelector` of `kind` selects.
fn keep_selected(
    seeds: &mut Vec<&Seed>,
    labels: Option<&LabelSelector>,
    kind: &str,
) -> Result<(), String> {
    let Some(labels) = labels else {
        return Ok(());
    };
    let converted = converted_seed_selector(labels)?;
    keep(
        seeds,
        |seed| seed.selected_by(&converted),
        |count| {
            format!(
                "none out of the {count} seeds has the matching labels required by seed selector of '{kind}' (selector: '{}')",
                converted.to_kubernetes_string()
            )
        },
    )
}

/// The label selector of a `seedSelector`, or the error `LabelSelectorAsSelector` gives in the
/// words of the scheduler and of the CloudProfile check, which name the selector as Go's `%v`
/// prints it.
fn converted_seed_selector(
    labels: &LabelSelector,
) -> Result<crate::constraints::selector::Selector, String> {
    crate::constraints::selector::Selector::from_label_selector(Some(labels)).map_err(|error| {
        format!(
            "label selector conversion failed: {} for seedSelector: {error}",
            go_label_selector(labels)
        )
    })
}

/// Go's `%v` of a `metav1.LabelSelector` value: `{map[key:value] [{key Operator [values]}]}`.
fn go_label_selector(selector: &LabelSelector) -> String {
    let labels: Vec<String> = (selector.match_labels.iter().flatten())
        .map(|(key, value)| format!("{key}:{value}"))
        .collect();
    let expressions: Vec<String> = (selector.match_expressions.iter().flatten())
        .map(|e| format!("{{{} {} [{}]}}", e.key, e.operator, e.values.join(" ")))
        .collect();
    format!("{{map[{}] [{}]}}", labels.join(" "), expressions.join(" "))
}

/// `matchProvider`: the Shoot's provider type, or any of the CloudProfile's `providerTypes`
/// (`*` for all) when it names some.
fn provider_matches(seed_type: &str, shoot_type: &str, enabled_types: &[String]) -> bool {
    if enabled_types.is_empty() {
        return seed_type == shoot_type;
    }
    (enabled_types.iter()).any(|enabled| enabled == "*" || enabled == seed_type)
}

/// The Project of a namespace named as Gardener names a Project's namespace by default.
fn project_name_by_convention(namespace: &str) -> Option<String> {
    if namespace == GARDEN_NAMESPACE {
        return Some(GARDEN_NAMESPACE.to_string());
    }
    (namespace.strip_prefix("garden-"))
        .filter(|name| !name.is_empty())
        .map(str::to_string)
}

/// `filterSeedsMatchingDomain`: a Shoot domain under one of a Seed's default domains is one of
/// Gardener's, and then only Seeds where it reads `<shoot>.<project>.<default domain>` can host
/// it. Any other domain is the user's own and every Seed can host it.
fn domain_selection(shoot: &Shoot, project: &str, seeds: &mut Vec<&Seed>) -> Result<(), String> {
    let Some(domain) = shoot.dns_domain() else {
        return Ok(());
    };
    let under = |default: &str| domain.ends_with(&format!(".{default}"));
    let gardener_managed = (seeds.iter())
        .flat_map(|seed| seed.spec.dns.defaults.iter())
        .any(|default| under(&default.domain));
    if !gardener_managed {
        return Ok(());
    }
    let supports = |seed: &Seed| {
        (seed.spec.dns.defaults.iter()).any(|default| {
            under(&default.domain)
                && domain == format!("{}.{project}.{}", shoot.metadata.name, default.domain)
        })
    };
    keep(seeds, supports, |count| {
        format!(
            "none of the {count} seeds support the domain {} configured in the shoot specification",
            crate::golang::quote(domain)
        )
    })
}

/// One filter of `DetermineSeed`: keeps the Seeds `wanted` accepts, and when none is left fails
/// with the message for the number it started from.
fn keep(
    seeds: &mut Vec<&Seed>,
    wanted: impl Fn(&Seed) -> bool,
    refusal: impl FnOnce(usize) -> String,
) -> Result<(), String> {
    let count = seeds.len();
    seeds.retain(|seed| wanted(seed));
    if seeds.is_empty() {
        return Err(refusal(count));
    }
    Ok(())
}

/// Whether the Seed's status says nothing about its readiness (often so in a pasted Seed).
fn status_unknown(seed: &Seed) -> bool {
    seed.status.last_operation.is_none() && seed.status.conditions.is_empty()
}

/// `isUsableSeed`: not being deleted, visible (the default), and ready: a last operation, a ready
/// gardenlet and, with a backup, ready backup buckets. A status that names neither a last
/// operation nor a condition says nothing, and such a Seed is taken as ready.
fn is_usable(seed: &Seed) -> bool {
    let visible = seed
        .spec
        .settings
        .scheduling
        .as_ref()
        .is_none_or(|s| s.visible);
    let status = &seed.status;
    let unknown = status_unknown(seed);
    let condition_true = |kind: &str| {
        (status.conditions.iter()).any(|c| c.condition_type == kind && c.status == "True")
    };
    let ready = unknown
        || (status.last_operation.is_some()
            && condition_true("GardenletReady")
            && (seed.spec.backup.is_none() || condition_true("BackupBucketsReady")));
    seed.metadata.deletion_timestamp.is_none() && visible && ready
}

/// `filterSeedsForZoneSelection` for a Shoot whose control plane is not spread over zones: with
/// explicit control-plane zones a Seed must have them all; otherwise `Enforce` Seeds need a zone
/// of the pools, and `Prefer` Seeds with one are preferred to those without.
fn zone_selection(shoot: &Shoot, seeds: &mut Vec<&Seed>) -> Result<(), String> {
    let explicit = shoot.spec.control_plane_zones();
    if !explicit.is_empty() {
        let has_all =
            |seed: &Seed| (explicit.iter()).all(|zone| seed.spec.provider.zones.contains(zone));
        // Go prints the zones with `%v`: `[a b]`.
        return keep(seeds, has_all, |count| {
            format!(
                "none of the {count} seeds contains all requested control plane zones [{}]",
                explicit.join(" ")
            )
        });
    }
    let pool_zones: BTreeSet<String> = (shoot.spec.provider.workers.iter())
        .flat_map(|worker| worker.zones.iter().cloned())
        .collect();
    let overlaps = |seed: &Seed| {
        seed.spec
            .provider
            .zones
            .iter()
            .any(|z| pool_zones.contains(z))
    };
    let mode_is = |seed: &Seed, mode: &str| {
        let selection = seed.spec.settings.zone_selection.as_ref();
        selection.is_some_and(|s| s.mode == mode)
    };
    let enforced =
        |seed: &Seed| !mode_is(seed, "Enforce") || pool_zones.is_empty() || overlaps(seed);
    keep(seeds, enforced, |count| {
        format!("none of the {count} seeds has any zone overlap with the shoot's worker pool zones (zone selection mode: Enforce)")
    })?;
    if !pool_zones.is_empty() {
        // A preference: when no Seed is preferred, all that are left stay.
        let preferred = |seed: &Seed| !mode_is(seed, "Prefer") || overlaps(seed);
        if seeds.iter().any(|seed| preferred(seed)) {
            seeds.retain(|seed| preferred(seed));
        }
    }
    Ok(())
}

/// `applyStrategy` with `SameRegion`: the candidates of the Shoot's provider type and region (of
/// its provider type only for `purpose: testing`).
fn same_region_candidates(
    shoot: &Shoot,
    seeds: &[&Seed],
    candidates: &[String],
) -> Result<Vec<String>, String> {
    let provider_type = shoot.spec.provider.provider_type.as_str();
    let region = shoot.spec.region.as_str();
    let testing = shoot.spec.purpose.as_deref() == Some("testing");
    let chosen: Vec<String> = (seeds.iter())
        .filter(|seed| candidates.contains(&seed.metadata.name))
        .filter(|seed| seed.spec.provider.provider_type == provider_type)
        .filter(|seed| testing || seed.spec.provider.region == region)
        .map(|seed| seed.metadata.name.clone())
        .collect();
    if chosen.is_empty() {
        let spec = &shoot.spec;
        let profile = (spec.cloud_profile.as_ref()).map(|reference| reference.name.as_str());
        let profile = (profile.or(spec.cloud_profile_name.as_deref())).unwrap_or("");
        return Err(format!("no matching seed candidate found for Configuration (Cloud Profile '{profile}', Region '{region}', SeedDeterminationStrategy 'SameRegion')"));
    }
    Ok(chosen)
}

/// `CalculateSeedUsage`: a Shoot counts for its `spec.seedName` and, when different, also for its
/// `status.seedName` (during a migration both Seeds host it).
fn seed_usage(shoots: &[Shoot]) -> HashMap<String, i64> {
    let mut usage: HashMap<String, i64> = HashMap::new();
    for shoot in shoots {
        // Go dereferences both names to "" and skips empty ones.
        let spec = shoot.spec_seed_name().filter(|name| !name.is_empty());
        let status = shoot
            .status
            .seed_name
            .as_deref()
            .filter(|name| !name.is_empty());
        if let Some(spec) = spec {
            *usage.entry(spec.to_string()).or_default() += 1;
        }
        if let Some(status) = status {
            if Some(status) != spec {
                *usage.entry(status.to_string()).or_default() += 1;
            }
        }
    }
    usage
}

/// The admission operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize, Serialize, FromValue)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    #[default]
    Create,
    Update,
    Delete,
}

/// One admission request concerning a Shoot's Seed.
#[derive(Debug, Clone)]
pub struct SchedulingRequest<'a> {
    pub operation: Operation,
    /// `binding` for the `shoots/binding` subresource, empty otherwise.
    pub subresource: &'a str,
    /// The Shoot as submitted (for `delete`: the stored Shoot).
    pub shoot: &'a Shoot,
    /// The stored Shoot for `update`/`delete`; absent for `create`.
    pub old_shoot: Option<&'a Shoot>,
    /// The Seed named by `shoot.spec.seedName`; `None` = unknown, the checks needing it are skipped.
    pub seed: Option<&'a Seed>,
    /// The Seed named by `oldShoot.spec.seedName`; the rescheduling checks (backups, internal and
    /// default domains) run only when both Seeds are given.
    pub old_seed: Option<&'a Seed>,
    /// Shoots used to count a Seed's usage for its `allocatable.shoots` capacity.
    pub shoots: &'a [Shoot],
    /// The CloudProfile's `spec.seedSelector`; `None` = unknown or unset, the check is skipped.
    pub cloud_profile_seed_selector: Option<&'a SeedSelector>,
}

/// The admission decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct AdmissionResult {
    pub allowed: bool,
    /// The rejection as the API server reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl AdmissionResult {
    pub fn allowed() -> Self {
        AdmissionResult {
            allowed: true,
            message: None,
        }
    }

    pub fn denied(message: String) -> Self {
        AdmissionResult {
            allowed: false,
            message: Some(message),
        }
    }
}

/// The Seed-related checks of the Shoot validator admission plugin (`Validate` up to
/// `validateScheduling` and `validateDeletion`). The requester is assumed to be allowed to set
/// `spec.seedName` (RBAC on `shoots/binding`), and the CloudProfile is assumed to have no seed selector.
pub fn admit_scheduling(request: &SchedulingRequest) -> AdmissionResult {
    match check_scheduling(request, true) {
        Ok(()) => AdmissionResult::allowed(),
        Err(message) => AdmissionResult::denied(message),
    }
}

/// The request-level refusal of [`admit_scheduling`] (`validateScheduling`, `validateDeletion`
/// and `validateSeedSelectionForMultiZonalShoot` as `Validate` runs them), without the
/// seed-selector change, which Gardener collects as field errors with the plugin's others (see
/// [`seed_selector_change_errors`]). `None` when the request passes.
pub fn scheduling_refusal(request: &SchedulingRequest) -> Option<String> {
    check_scheduling(request, false).err()
}

/// The seed-selector change checks at the start of `Validate` (`plugin/pkg/shoot/validator`):
/// when `spec.seedSelector` changed on a Shoot whose Seed is known, the new selector must still
/// select that Seed by its labels and, where it names provider types, by its provider type; it
/// may not be unset. `Err` is the internal error of a selector that does not convert, which ends
/// the admission.
pub fn seed_selector_change_errors(
    shoot: &Shoot,
    old_shoot: &Shoot,
    seed: &Seed,
) -> Result<Vec<crate::field::FieldError>, String> {
    if shoot.spec_seed_name().is_none() {
        return Ok(Vec::new());
    }
    let findings = seed_selector_findings(shoot, old_shoot, seed)?;
    Ok(findings.into_iter().map(|(error, _)| error).collect())
}

fn check_scheduling(request: &SchedulingRequest, with_selector: bool) -> Result<(), String> {
    let empty = Shoot::default();
    let shoot = request.shoot;
    let old_shoot = match request.operation {
        Operation::Create => &empty,
        _ => request.old_shoot.unwrap_or(shoot),
    };
    let name = shoot.metadata.name.as_str();
    let forbidden = |error: String| shoot_forbidden(name, &error);
    let spec = scheduled_shoot_spec(&shoot.spec);
    let old_spec = scheduled_shoot_spec(&old_shoot.spec);

    if request.operation == Operation::Update {
        if request.subresource == "binding" && shoot.spec_seed_name() == old_shoot.spec_seed_name()
        {
            return Err(
                "update of binding rejected, shoot is already assigned to the same seed"
                    .to_string(),
            );
        }
        if spec == old_spec && shoot.metadata == old_shoot.metadata {
            return Ok(());
        }
    }

    // A Seed the caller does not know is treated as unknown: the checks that need it are skipped.
    let seed = shoot.spec_seed_name().and(request.seed);

    let new_seed_name = shoot.spec_seed_name();
    let old_seed_name = old_shoot.spec_seed_name();
    let being_scheduled = old_seed_name.is_none() && new_seed_name.is_some();
    let being_rescheduled =
        matches!((old_seed_name, new_seed_name), (Some(old), Some(new)) if old != new);

    match request.operation {
        Operation::Create => {}
        Operation::Update => {
            if let (Some(old), None) = (old_seed_name, new_seed_name) {
                return Err(forbidden(format!(
                    "spec.seedName is already set to '{old}' and cannot be changed to 'nil'"
                )));
            } else if request.subresource == "binding" {
                if being_rescheduled {
                    let mut compared = spec.clone();
                    let mut old_compared = old_spec.clone();
                    if let Some(fields) = compared.as_object_mut() {
                        fields.remove("seedName");
                    }
                    if let Some(fields) = old_compared.as_object_mut() {
                        fields.remove("seedName");
                    }
                    if compared != old_compared {
                        return Err(forbidden("only spec.seedName can be changed using the binding subresource when the shoot is being rescheduled to a new seed".to_string()));
                    }
                }
            } else if new_seed_name != old_seed_name {
                return Err(forbidden(format!(
                    "spec.seedName '{}' cannot be changed to '{}' by patching the shoot, please use the shoots/binding subresource",
                    old_seed_name.unwrap_or("nil"),
                    new_seed_name.unwrap_or("nil")
                )));
            }
        }
        Operation::Delete => return check_deletion(shoot),
    }

    if being_scheduled || being_rescheduled {
        if let Some(seed) = seed {
            check_seed_fits(shoot, seed, request.shoots).map_err(&forbidden)?;
            if let Some(selector) = request.cloud_profile_seed_selector {
                check_cloud_profile_selects(shoot, seed, selector)?;
            }
        }
    }

    if being_rescheduled {
        if let (Some(old_seed), Some(seed)) = (request.old_seed, seed) {
            check_rescheduling(shoot, old_seed, seed).map_err(&forbidden)?;
        }
    } else if spec != old_spec {
        if was_rescheduled_to_new_seed(shoot) {
            return Err(forbidden(
                "shoot spec cannot be changed because shoot has been rescheduled to a new seed"
                    .to_string(),
            ));
        }
        if let Some(operation) = migration_or_restore_operation(shoot) {
            return Err(forbidden(format!(
                "cannot change shoot spec during {} operation that is in state {}",
                operation.operation_type, operation.state
            )));
        }
    }

    if let Some(seed) = seed {
        if shoot.is_multi_zonal_control_plane() && seed.spec.provider.zones.len() < 3 {
            return Err(forbidden(format!(
                "cannot schedule shoot '{name}' with failure tolerance of zone on seed '{}' with only {} zones, at least 3 zones are required",
                seed.metadata.name,
                seed.spec.provider.zones.len()
            )));
        }
        if seed.metadata.deletion_timestamp.is_some() {
            check_changes_on_deleting_seed(shoot, old_shoot, seed).map_err(&forbidden)?;
        }
        // Gardener collects these with the validations that do not stop the admission, and
        // reports them once the rest has passed.
        if with_selector {
            let selector_errors: Vec<String> = seed_selector_findings(shoot, old_shoot, seed)?
                .into_iter()
                .map(|(error, value)| {
                    format!("{}: Invalid value: {value}: {}", error.field, error.detail)
                })
                .collect();
            if !selector_errors.is_empty() {
                return Err(forbidden(go_aggregate(&selector_errors)));
            }
        }
    }
    Ok(())
}

/// A changed `spec.seedSelector` must still select the Seed the Shoot is on: its labels and, where
/// the selector names provider types, the Seed's. An unparsable selector is an internal error.
/// Each finding comes with its bad value as the API server prints it.
fn seed_selector_findings(
    shoot: &Shoot,
    old_shoot: &Shoot,
    seed: &Seed,
) -> Result<Vec<(crate::field::FieldError, String)>, String> {
    use crate::field::FieldError;
    // `apiequality.Semantic.DeepEqual`: inside the selector an empty list or map equals an
    // absent one, and a `null` member an absent one.
    let semantic =
        |shoot: &Shoot| (shoot.spec.seed_selector.as_ref()).map(|s| without_empty_members(s, true));
    if semantic(shoot) == semantic(old_shoot) {
        return Ok(Vec::new());
    }
    let selector = (shoot.spec.seed_selector.as_ref()).map(without_nulls);
    let written = shoot.spec.seed_selector();
    let seed_name = crate::golang::quote(&seed.metadata.name);
    let (Some(selector), Some(written)) = (selector, written) else {
        return Ok(vec![(
            FieldError::invalid(
                "spec.seedSelector",
                "cannot unset seedSelector once it has been set",
            ),
            "\"null\"".to_string(),
        )]);
    };
    let provider_types = written.provider_types.unwrap_or_default();
    let converted = seed_selector(&written.label_selector).map_err(|error| {
        types::internal_error(&format!(
            "label selector conversion failed for seedSelector: {error}"
        ))
    })?;
    let mut errors = Vec::new();
    // Go renders the selector value with `%#v`; the JSON form stands in for it here.
    if !seed.selected_by(&converted) {
        errors.push((
            FieldError::invalid(
                "spec.seedSelector",
                format!("cannot change seedSelector to not match the labels of the already selected seed {seed_name}"),
            ),
            selector.to_string(),
        ));
    }
    if !provider_types.is_empty() && !provider_types.contains(&seed.spec.provider.provider_type) {
        let quoted: Vec<String> = provider_types
            .iter()
            .map(|t| crate::golang::quote(t))
            .collect();
        errors.push((
            FieldError::invalid(
                "spec.seedSelector.providerTypes",
                format!("cannot change seedSelector to not match the provider type of the already selected seed {seed_name}"),
            ),
            format!("[]string{{{}}}", quoted.join(", ")),
        ));
    }
    Ok(errors)
}

/// A JSON value with the members that are `null`, empty lists and, with `maps`, empty maps left
/// out, at every depth: what `equality.Semantic.DeepEqual` cannot tell from absent members. An
/// empty JSON object is an empty map only where the Go field is a map (in a label selector); a
/// pointer to an empty struct differs from a nil one.
fn without_empty_members(value: &Value, maps: bool) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            (fields.iter())
                .map(|(key, member)| (key.clone(), without_empty_members(member, maps)))
                .filter(|(_, member)| match member {
                    Value::Null => false,
                    Value::Array(items) => !items.is_empty(),
                    Value::Object(fields) => !maps || !fields.is_empty(),
                    _ => true,
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(
            (items.iter())
                .map(|item| without_empty_members(item, maps))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The label selector of a Shoot's `spec.seedSelector` (`LabelSelectorAsSelector`).
fn seed_selector(labels: &LabelSelector) -> Result<crate::constraints::selector::Selector, String> {
    crate::constraints::selector::Selector::from_label_selector(Some(labels))
}

/// `utilerrors.NewAggregate(errors).Error()`: one error as it is, several in brackets.
fn go_aggregate(errors: &[String]) -> String {
    match errors {
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    }
}

/// `validateDeletion`: a Shoot cannot be deleted while it is migrated or restored.
fn check_deletion(shoot: &Shoot) -> Result<(), String> {
    match migration_or_restore_operation(shoot) {
        Some(operation) => Err(shoot_forbidden(
            &shoot.metadata.name,
            &format!(
                "cannot mark shoot for deletion during {} operation that is in state {}",
                operation.operation_type, operation.state
            ),
        )),
        None => Ok(()),
    }
}

/// The constraints every Seed a Shoot is (re)scheduled to must satisfy.
fn check_seed_fits(shoot: &Shoot, seed: &Seed, shoots: &[Shoot]) -> Result<(), String> {
    let name = &shoot.metadata.name;
    let seed_name = &seed.metadata.name;
    if seed.metadata.deletion_timestamp.is_some() {
        return Err(format!(
            "cannot schedule shoot '{name}' on seed '{seed_name}' that is already marked for deletion"
        ));
    }
    if !taints_tolerated(&seed.spec.taints, &shoot.tolerations()) {
        return Err(
            "forbidden to use a seed whose taints are not tolerated by the shoot".to_string(),
        );
    }
    if !access_restrictions_supported(
        &seed.access_restriction_names(),
        &shoot.access_restriction_names(),
    ) {
        return Err(
            "forbidden to use a seed which doesn't support the access restrictions of the shoot"
                .to_string(),
        );
    }
    if let Some(allocatable) = seed.allocatable_shoots() {
        let scheduled = seed_usage(shoots).get(seed_name).copied().unwrap_or(0);
        if scheduled >= allocatable {
            return Err(format!(
                "cannot schedule shoot '{name}' on seed '{seed_name}' that already has the maximum number of shoots scheduled on it ({allocatable})"
            ));
        }
    }
    Ok(())
}

/// A Seed named explicitly must still be one the CloudProfile's `seedSelector` selects: by its
/// labels and, where the selector names provider types, by its provider type (`*` for any).
fn check_cloud_profile_selects(
    shoot: &Shoot,
    seed: &Seed,
    selector: &SeedSelector,
) -> Result<(), String> {
    let converted = converted_seed_selector(&selector.label_selector())
        .map_err(|error| types::internal_error(&error))?;
    let refuse = |why: &str| {
        Err(shoot_forbidden(
            &shoot.metadata.name,
            &format!(
                "cannot schedule shoot '{}' on seed '{}' because {why}",
                shoot.metadata.name, seed.metadata.name
            ),
        ))
    };
    if !seed.selected_by(&converted) {
        return refuse("the cloud profile seed selector is not matching the labels of the seed");
    }
    // Go tells a missing list from an empty one here, but the API server stores no empty one
    // (`omitempty`): a stored CloudProfile names provider types or leaves them out.
    if !selector.provider_types.is_empty() {
        let seed_type = &seed.spec.provider.provider_type;
        let types = &selector.provider_types;
        if !types.iter().any(|t| t == "*" || t == seed_type) {
            return refuse("none of the provider types in the cloud profile seed selector is matching the provider type of the seed");
        }
    }
    Ok(())
}

/// The checks for moving a Shoot from `old_seed` to `seed` (control-plane migration).
fn check_rescheduling(shoot: &Shoot, old_seed: &Seed, seed: &Seed) -> Result<(), String> {
    if old_seed.spec.backup.as_ref().is_none_or(|b| b.is_null()) {
        return Err(format!(
            "cannot change seed name because backup is not configured for old seed {:?}",
            old_seed.metadata.name
        ));
    }
    if seed.spec.backup.as_ref().is_none_or(|b| b.is_null()) {
        return Err(format!(
            "cannot change seed name because backup is not configured for seed {:?}",
            seed.metadata.name
        ));
    }
    let internal_domain = |s: &Seed| {
        s.spec
            .dns
            .internal
            .as_ref()
            .map(|d| d.domain.clone())
            .unwrap_or_default()
    };
    let (old_domain, new_domain) = (internal_domain(old_seed), internal_domain(seed));
    if old_domain != new_domain {
        return Err(format!(
            "cannot change seed name because internal domain would change from {old_domain:?} to {new_domain:?}"
        ));
    }
    if let Some(shoot_domain) = shoot.dns_domain() {
        let used_default = old_seed
            .default_domains()
            .into_iter()
            .find(|domain| shoot_domain.ends_with(&format!(".{domain}")));
        if let Some(used) = used_default {
            let new_defaults = seed.default_domains();
            if !new_defaults.contains(&used) {
                return Err(format!(
                    "cannot reschedule shoot {:?} to seed {:?} because the shoot uses the default domain {used:?} which is not supported by the new seed (supported domains: [{}])",
                    shoot.metadata.name,
                    seed.metadata.name,
                    new_defaults.join(" ")
                ));
            }
        }
    }
    Ok(())
}

/// Changes to a Shoot whose Seed is being deleted: only the deletion confirmation annotation may change
/// and the spec must stay as it is.
fn check_changes_on_deleting_seed(
    shoot: &Shoot,
    old_shoot: &Shoot,
    seed: &Seed,
) -> Result<(), String> {
    const CONFIRMATION: &str = "confirmation.gardener.cloud/deletion";
    let name = &shoot.metadata.name;
    let seed_name = &seed.metadata.name;
    let new_annotations = &shoot.metadata.annotations;
    let mut old_annotations = old_shoot.metadata.annotations.clone();
    if new_annotations != &old_annotations {
        if let Some(confirmation) = new_annotations.get(CONFIRMATION) {
            old_annotations.insert(CONFIRMATION.to_string(), confirmation.clone());
        }
        if new_annotations != &old_annotations {
            return Err(format!(
                "cannot update annotations of shoot '{name}' on seed '{seed_name}' already marked for deletion: only the '{CONFIRMATION}' annotation can be changed"
            ));
        }
    }
    // `apiequality.Semantic.DeepEqual`: an empty list equals an absent one.
    let semantic = |shoot: &Shoot| without_empty_members(&scheduled_shoot_spec(&shoot.spec), false);
    if semantic(shoot) != semantic(old_shoot) {
        return Err(format!(
            "cannot update spec of shoot '{name}' on seed '{seed_name}' already marked for deletion"
        ));
    }
    Ok(())
}

/// `wasShootRescheduledToNewSeed`: the binding moved the Shoot but the migration has not started.
pub fn was_rescheduled_to_new_seed(shoot: &Shoot) -> bool {
    let Some(operation) = &shoot.status.last_operation else {
        return false;
    };
    operation.operation_type != "Migrate"
        && matches!((shoot.spec_seed_name(), shoot.status.seed_name.as_deref()), (Some(spec), Some(status)) if spec != status)
}

/// `isShootInMigrationOrRestorePhase`: the last operation is a Migrate, or a Restore not yet succeeded.
pub fn migration_or_restore_operation(shoot: &Shoot) -> Option<&crate::api::LastOperation> {
    let operation = shoot.status.last_operation.as_ref()?;
    let restoring = operation.operation_type == "Restore" && operation.state != "Succeeded";
    (restoring || operation.operation_type == "Migrate").then_some(operation)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(key: &str, value: Option<&str>) -> Toleration {
        Toleration {
            key: key.into(),
            value: value.map(Into::into),
        }
    }

    #[test]
    fn valued_taint_needs_equal_value() {
        assert!(!taints_tolerated(&[t("a", Some("x"))], &[t("a", None)]));
        assert!(taints_tolerated(&[t("a", Some("x"))], &[t("a", Some("x"))]));
        assert!(taints_tolerated(&[t("a", None)], &[t("a", Some("y"))]));
    }

    #[test]
    fn later_duplicate_key_wins() {
        let tolerations = [t("a", Some("x")), t("a", Some("y"))];
        assert!(!taints_tolerated(&[t("a", Some("x"))], &tolerations));
        assert!(taints_tolerated(&[t("a", Some("y"))], &tolerations));
    }

    #[test]
    fn counting_comes_first() {
        assert!(!taints_tolerated(
            &[t("a", None), t("a", None)],
            &[t("a", None)]
        ));
    }

    fn shoot(value: serde_json::Value) -> Shoot {
        serde_json::from_value(value).unwrap_or_default()
    }

    #[test]
    fn spec_change_after_rescheduling_is_rejected() {
        let old = shoot(serde_json::json!({"metadata": {"name": "s"},
            "spec": {"seedName": "new", "region": "a"},
            "status": {"seedName": "old", "lastOperation": {"type": "Reconcile", "state": "Succeeded"}}}));
        let mut new = old.clone();
        new.spec.region = "b".to_string();
        let result = admit_scheduling(&SchedulingRequest {
            operation: Operation::Update,
            subresource: "",
            shoot: &new,
            old_shoot: Some(&old),
            seed: None,
            old_seed: None,
            shoots: &[],
            cloud_profile_seed_selector: None,
        });
        assert_eq!(
            result.message.as_deref(),
            Some("shoots.core.gardener.cloud \"s\" is forbidden: shoot spec cannot be changed because shoot has been rescheduled to a new seed")
        );
    }

    /// A CloudProfile as the API server stores it has no empty `providerTypes` (`omitempty`): an
    /// empty list reads as absent and lets a Seed of any provider type through, where a list
    /// that is given must name the Seed's type (or `*`).
    #[test]
    fn an_empty_provider_types_list_of_the_cloud_profile_restricts_nothing() {
        let seed = ready_seed(
            "gcp",
            serde_json::json!({"spec": {"provider": {"type": "gcp"}}}),
        );
        let shoot = aws_shoot(serde_json::json!({"spec": {"seedName": "gcp"}}));
        let admit = |types: serde_json::Value| {
            let profile: crate::api::CloudProfile = crate::decode::from_value(
                &serde_json::json!({"spec": {"seedSelector": {"providerTypes": types}}}),
            )
            .unwrap();
            admit_scheduling(&SchedulingRequest {
                operation: Operation::Create,
                subresource: "",
                shoot: &shoot,
                old_shoot: None,
                seed: Some(&seed),
                old_seed: None,
                shoots: &[],
                cloud_profile_seed_selector: profile.spec.seed_selector.as_ref(),
            })
        };
        assert_eq!(admit(serde_json::json!([])).message, None);
        assert_eq!(admit(serde_json::json!(["gcp"])).message, None);
        assert_eq!(
            admit(serde_json::json!(["aws"])).message.as_deref(),
            Some("shoots.core.gardener.cloud \"s\" is forbidden: cannot schedule shoot 's' on seed 'gcp' because none of the provider types in the cloud profile seed selector is matching the provider type of the seed")
        );
    }

    #[test]
    fn scheduler_picks_least_used_candidate() {
        let seeds: Vec<Seed> = serde_json::from_value(serde_json::json!([
            {"metadata": {"name": "a"}}, {"metadata": {"name": "b"}},
            {"metadata": {"name": "c"}, "spec": {"taints": [{"key": "x"}]}}]))
        .unwrap_or_default();
        let others = [shoot(serde_json::json!({"spec": {"seedName": "a"}}))];
        let context = SchedulingContext {
            shoots: &others,
            ..SchedulingContext::default()
        };
        let decision = schedule(&shoot(serde_json::json!({})), &seeds, context);
        assert_eq!(decision.candidates, ["a", "b"]);
        assert_eq!(decision.seed.as_deref(), Some("b"));
        assert_eq!(
            decision.reasons.get("c").map(String::as_str),
            Some(REASON_TAINTS_NOT_TOLERATED)
        );
    }

    /// `extra` laid over `base`, object members recursively.
    fn merge(base: &mut serde_json::Value, extra: serde_json::Value) {
        match (base, extra) {
            (serde_json::Value::Object(base), serde_json::Value::Object(extra)) => {
                for (key, value) in extra {
                    merge(base.entry(key).or_insert(serde_json::Value::Null), value);
                }
            }
            (base, extra) => *base = extra,
        }
    }

    fn ready_seed(name: &str, extra: serde_json::Value) -> Seed {
        let mut seed = serde_json::json!({
            "metadata": {"name": name},
            "spec": {"provider": {"type": "aws", "region": "eu"}},
            "status": {"lastOperation": {}, "conditions": [{"type": "GardenletReady", "status": "True"}]}
        });
        merge(&mut seed, extra);
        crate::decode::from_value(&seed).unwrap()
    }

    fn aws_shoot(extra: serde_json::Value) -> Shoot {
        let mut value = serde_json::json!({
            "metadata": {"name": "s", "namespace": "garden-dev"},
            "spec": {"region": "eu", "provider": {"type": "aws", "workers": [{"name": "w"}]}}
        });
        merge(&mut value, extra);
        shoot(value)
    }

    #[test]
    fn a_seed_without_status_is_taken_as_ready_and_says_so() {
        let mut bare = ready_seed("bare", serde_json::json!({}));
        bare.status = Default::default();
        let seeds = [bare, ready_seed("known", serde_json::json!({}))];
        let decision = schedule(
            &aws_shoot(serde_json::json!({})),
            &seeds,
            Default::default(),
        );
        assert_eq!(decision.candidates, ["bare", "known"]);
        assert_eq!(decision.assumptions.len(), 1);
        assert!(
            decision.assumptions[0].starts_with("Seed bare: its status names neither"),
            "{:?}",
            decision.assumptions
        );
    }

    #[test]
    fn seeds_with_stopped_reconciliations_are_skipped() {
        let stop = serde_json::json!({"metadata": {"annotations": {
            "shoot.gardener.cloud/emergency-stop-reconciliations": "true"}}});
        let seeds = [
            ready_seed("a", stop.clone()),
            ready_seed("b", serde_json::json!({})),
        ];
        let decision = schedule(
            &aws_shoot(serde_json::json!({})),
            &seeds,
            Default::default(),
        );
        assert_eq!(decision.seed.as_deref(), Some("b"));
        let decision = schedule(
            &aws_shoot(serde_json::json!({})),
            &seeds[..1],
            Default::default(),
        );
        assert_eq!(
            decision.error.as_deref(),
            Some("none of the 1 seeds have enabled shoot reconciliations currently")
        );
    }

    #[test]
    fn cloud_profile_provider_types_widen_the_provider_match() {
        let seeds = [ready_seed(
            "gcp",
            serde_json::json!({"spec": {"provider": {"type": "gcp"}}}),
        )];
        let any = SeedSelector {
            provider_types: vec!["*".to_string()],
            ..Default::default()
        };
        let context = SchedulingContext {
            cloud_profile_seed_selector: Some(&any),
            ..Default::default()
        };
        // The provider filter passes; the SameRegion strategy still wants the Shoot's type.
        let decision = schedule(
            &aws_shoot(serde_json::json!({"spec": {"purpose": "evaluation"}})),
            &seeds,
            context,
        );
        assert!(decision
            .error
            .unwrap_or_default()
            .starts_with("no matching seed candidate found"));
        let decision = schedule(
            &aws_shoot(serde_json::json!({})),
            &seeds,
            Default::default(),
        );
        assert_eq!(
            decision.error.as_deref(),
            Some("none out of the 1 seeds has a matching provider for \"aws\"")
        );
    }

    #[test]
    fn unconvertible_seed_selector_names_the_selector_as_go_prints_it() {
        let seeds = [ready_seed("a", serde_json::json!({}))];
        let selector = serde_json::json!({"seedSelector": {"matchLabels": {"a": "b"},
            "matchExpressions": [{"key": "k", "operator": "In"}]}});
        let decision = schedule(
            &aws_shoot(serde_json::json!({"spec": selector})),
            &seeds,
            Default::default(),
        );
        let error = decision.error.unwrap_or_default();
        assert!(
            error.starts_with(
                "label selector conversion failed: {map[a:b] [{k In []}]} for seedSelector: "
            ),
            "{error}"
        );
    }

    #[test]
    fn project_of_a_namespace_by_gardener_convention() {
        assert_eq!(
            project_name_by_convention("garden-dev").as_deref(),
            Some("dev")
        );
        assert_eq!(
            project_name_by_convention("garden").as_deref(),
            Some("garden")
        );
        assert_eq!(project_name_by_convention("garden-"), None);
        assert_eq!(project_name_by_convention("team-a"), None);
        let seeds = [
            ready_seed(
                "a",
                serde_json::json!({"spec": {"dns": {"defaults": [{"domain": "example.com"}]}}}),
            ),
            ready_seed("b", serde_json::json!({})),
        ];
        let gardener_domain = serde_json::json!({"spec": {"dns": {"domain": "s.dev.example.com"}}});
        let decision = schedule(&aws_shoot(gardener_domain), &seeds, Default::default());
        assert_eq!(decision.candidates, ["a"]);
    }
}
