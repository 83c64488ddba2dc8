//! Which of Gardener's Shoot validation families shoot-policy checks, so a report with no problem
//! says how much was checked ("none found by the checks shoot-policy runs") and names the rest.
//!
//! The families are grouped as Gardener's validation code is: `ValidateShoot` (the static checks of
//! `pkg/api/core/validation/shoot.go`, run on every create and update), the create-only and
//! update-only rules (`ValidateShootUpdate`), the ShootValidator admission plugin
//! (`plugin/pkg/shoot/validator/admission.go`) and the ShootMutator
//! (`plugin/pkg/shoot/mutator/admission.go`); `ValidateCloudProfile` for the CloudProfile.
//! `docs/validation-families.md` gives each family's Gardener file and line at `b312835d`.
//!
//! A family's state follows from what shoot-policy implements and wires into the report (one
//! table, [`families`]), the mode (shoot-policy checks the Shoot as an update: from the previous
//! Shoot when one is given, else without changes) and the objects given.
//!
//! The report lists every family with its state (`Report.validation.scope`); the table is kept
//! current as families are wired.

use serde::{Deserialize, Serialize};

/// Where a family sits in Gardener's validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, crate::decode::FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub enum FamilyGroup {
    /// The CloudProfile's own validation (`ValidateCloudProfile`).
    ValidateCloudProfile,
    /// `ValidateShoot`'s static checks, run on create and on every update.
    ValidateShoot,
    /// Rules of the create only (the registry strategy's `Validate`).
    ValidateShootCreate,
    /// Rules of an update only (`ValidateShootUpdate`, `ValidateShootSpecUpdate`).
    ValidateShootUpdate,
    /// The ShootValidator admission plugin, which checks the Shoot against the CloudProfile, Seed
    /// and Project.
    ShootValidator,
    /// The ShootMutator's defaulting, which runs before validation.
    ShootMutator,
}

impl FamilyGroup {
    /// Every group, in the order Gardener runs them: the mutator before validation, the static
    /// checks before the admission plugin.
    pub const ALL: [FamilyGroup; 6] = [
        FamilyGroup::ValidateCloudProfile,
        FamilyGroup::ShootMutator,
        FamilyGroup::ValidateShoot,
        FamilyGroup::ValidateShootCreate,
        FamilyGroup::ValidateShootUpdate,
        FamilyGroup::ShootValidator,
    ];

    /// The group as the app and the CLI head it.
    pub fn title(self) -> &'static str {
        match self {
            FamilyGroup::ValidateCloudProfile => "ValidateCloudProfile (the CloudProfile's spec)",
            FamilyGroup::ValidateShoot => "ValidateShoot (on create and every update)",
            FamilyGroup::ValidateShootCreate => "ValidateShoot (on create only)",
            FamilyGroup::ValidateShootUpdate => "ValidateShootUpdate (on update only)",
            FamilyGroup::ShootValidator => "ShootValidator admission plugin",
            FamilyGroup::ShootMutator => "ShootMutator admission plugin (defaulting)",
        }
    }
}

/// What the report says of a family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, crate::decode::FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum FamilyState {
    /// Checked as Gardener checks it.
    Checked,
    /// Checked in part (the note says which part).
    PartlyChecked,
    /// Gardener does not run it in this mode (a create-only rule, or an update rule without the
    /// previous Shoot).
    NotApplicable,
    /// Needs objects that were not given (a Seed) or that shoot-policy never reads (a Project,
    /// secrets, RBAC).
    NeedsObjects,
    /// Not modelled by shoot-policy.
    NotModelled,
}

impl FamilyState {
    /// Every state, in the order a listing shows them.
    pub const ALL: [FamilyState; 5] = [
        FamilyState::Checked,
        FamilyState::PartlyChecked,
        FamilyState::NotApplicable,
        FamilyState::NeedsObjects,
        FamilyState::NotModelled,
    ];

    /// The state in words, as the app and the CLI list it.
    pub fn words(self) -> &'static str {
        match self {
            FamilyState::Checked => "checked",
            FamilyState::PartlyChecked => "checked in part",
            FamilyState::NotApplicable => "not applicable here",
            FamilyState::NeedsObjects => "needs objects not given",
            FamilyState::NotModelled => "not modelled",
        }
    }
}

/// One family in the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, crate::decode::FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ValidationFamily {
    /// A short name, e.g. `machine-image` (the ids of `docs/validation-families.md`).
    pub id: String,
    pub group: FamilyGroup,
    /// Gardener's function (or the part of one) the family is.
    pub function: String,
    pub state: FamilyState,
    /// Why the state, in a few words: the part checked, the objects needed, the mode.
    pub note: String,
}

/// When Gardener runs a family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// On create and every update.
    Static,
    /// On create only.
    Create,
    /// On update only: it compares with the previous Shoot.
    Update,
    /// In admission, on create and update; it needs the CloudProfile.
    Admission,
    AdmissionCreate,
    AdmissionUpdate,
    AdmissionDelete,
    /// Writes of the `status` subresource (by Gardener's controllers), which a change of the
    /// Shoot's spec never meets.
    Status,
    /// Defaulting before validation.
    Mutator,
    MutatorCreate,
}

/// What shoot-policy has of a family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    Checked,
    /// Checked in part: the part, in words.
    Partly(&'static str),
    Missing,
    /// Implemented, but left out of this build (the npm package's, for its size): see
    /// [`COMPLETE_VALIDATION_ONLY`].
    LeftOut,
}

/// The families only the `complete-validation` build checks, each with what a build without it
/// still checks of the family (the feature-gate checks run in every build).
pub const COMPLETE_VALIDATION_ONLY: &[(&str, Option<&str>)] = &[
    ("meta-name", None),
    ("ha-failure-tolerance-value", None),
    ("cloudprofile-reference", None),
    ("provider", None),
    ("worker-basic", None),
    ("kubelet-config", Some("feature gates only")),
    ("workers-unique", None),
    ("system-component-workers", None),
    ("worker-control-plane", None),
    ("node-cidr-vs-maxpods", None),
    ("self-hosted", None),
    ("addons", None),
    ("dns", None),
    ("extensions", None),
    ("resources", None),
    ("etcd-autoscaling", None),
    ("kube-apiserver", Some("feature gates only")),
    ("encryption-config", None),
    ("admission-plugins", None),
    ("runtime-config", None),
    ("kube-controller-manager", Some("feature gates only")),
    ("kube-scheduler", Some("feature gates only")),
    ("kube-proxy", Some("feature gates only")),
    ("cluster-autoscaler", None),
    ("vertical-pod-autoscaler", None),
    ("workerless-kubernetes", None),
    ("networking", None),
    ("monitoring", None),
    ("hibernation", None),
    ("region-required", None),
    ("credentials-binding", None),
    ("seed-fields", None),
    ("purpose", None),
    ("system-components", None),
    ("exposure-class-name", None),
    ("scheduler-name", None),
    ("control-plane-zones", None),
    ("force-deletion-on-create", None),
    ("spec-frozen-on-deletion", None),
    ("workerless-switch", None),
    (
        "provider-update",
        Some("the update strategy and in-place rules only"),
    ),
    ("kcm-update", None),
    ("dns-update", None),
    ("networking-update", None),
    ("scheduler-name-update", None),
    ("binding-names-update", None),
    ("encryption-config-update", None),
    ("ha-update", None),
    ("hibernation-update", None),
    ("force-deletion", None),
    ("accepted-issuers-relax", None),
];

/// A row of the family table ([`families`]).
#[derive(Debug, Clone, Copy)]
pub struct Family {
    pub id: &'static str,
    pub group: FamilyGroup,
    pub function: &'static str,
    pub mode: Mode,
    /// Kinds of objects beyond the Shoot and the CloudProfile that the family reads, each followed
    /// by a comma.
    pub needs: &'static str,
    pub coverage: Coverage,
}

impl Family {
    /// The kinds of [`Family::needs`].
    fn needed(&self) -> impl Iterator<Item = &'static str> {
        self.needs.split(',').filter(|kind| !kind.is_empty())
    }
}

/// The kinds shoot-policy reads; a family that needs any other kind cannot be checked.
const READ_KINDS: &[&str] = &["Seed", "Project", "NamespacedCloudProfile"];

use Coverage::{Checked, LeftOut, Missing, Partly};
use FamilyGroup::{
    ShootMutator, ShootValidator, ValidateShoot, ValidateShootCreate, ValidateShootUpdate,
};
use Mode::{
    Admission, AdmissionCreate, AdmissionDelete, AdmissionUpdate, Create, Mutator, MutatorCreate,
    Static, Status, Update,
};

/// Writes the family table as one text, a line a family and its fields between `|`: a table of
/// string slices and enums cost the npm module a kilobyte more in pointers and padding.
macro_rules! families {
    ($($id:literal $group:ident $function:literal $mode:ident [$($need:literal),*] $coverage:ident $($part:literal)?;)*) => {
        concat!($($id, "|", stringify!($group), "|", $function, "|", stringify!($mode), "|", $($need, ",",)* "|", stringify!($coverage), "|", $($part,)? "\n",)*)
    };
}

/// Every Shoot validation family Gardener has, with what shoot-policy has of it (read with
/// [`families`]).
#[rustfmt::skip]
const TABLE: &str = families! {
    "cloudprofile" ValidateCloudProfile "ValidateCloudProfile" Static [] Checked;
    "meta-name" ValidateShoot "ValidateObjectMeta (name)" Static [] Checked;
    "shoot-operations" ValidateShoot "validateShootOperation" Static [] Partly "the rollout-workers operations only";
    "shoot-operation-context" ValidateShoot "validateShootOperationContext" Static [] Partly "the context of the rollout-workers operation only";
    "ha-failure-tolerance-value" ValidateShoot "ValidateShootHAConfig" Static [] Checked;
    "cloudprofile-reference" ValidateShoot "ValidateCloudProfileReference" Static [] Checked;
    "provider" ValidateShoot "validateProvider" Static [] Checked;
    "worker-basic" ValidateShoot "ValidateWorker" Static [] Checked;
    "worker-rollout-params" ValidateShoot "ValidateWorker" Static [] Checked;
    "worker-mcm-settings" ValidateShoot "ValidateMachineControllerManagerSettingsOptions" Static [] Checked;
    "worker-k8s-version-skew" ValidateShoot "validateWorkerGroupAndControlPlaneKubernetesVersion" Static [] Checked;
    "kubelet-config" ValidateShoot "ValidateKubeletConfig" Static [] Checked;
    "workers-unique" ValidateShoot "ValidateWorkers" Static [] Checked;
    "system-component-workers" ValidateShoot "ValidateSystemComponentWorkers" Static [] Checked;
    "worker-control-plane" ValidateShoot "ValidateWorkerControlPlane" Static [] Checked;
    "node-cidr-vs-maxpods" ValidateShoot "ValidateNodeCIDRMaskWithMaxPod" Static [] Checked;
    "self-hosted" ValidateShoot "validateSelfHostedShootControlPlane" Static [] Checked;
    "addons" ValidateShoot "validateAddons" Static [] Checked;
    "dns" ValidateShoot "validateDNS" Static [] Checked;
    "extensions" ValidateShoot "validateExtensions" Static [] Checked;
    "resources" ValidateShoot "ValidateResources" Static [] Checked;
    "kubernetes-version-required" ValidateShoot "validateKubernetes" Static [] Checked;
    "etcd-autoscaling" ValidateShoot "validateETCD" Static [] Checked;
    "kube-apiserver" ValidateShoot "ValidateKubeAPIServer" Static [] Checked;
    "encryption-config" ValidateShoot "validateEncryptionConfig" Static [] Checked;
    "admission-plugins" ValidateShoot "ValidateAdmissionPlugins" Static [] Checked;
    "runtime-config" ValidateShoot "ValidateAPIGroupVersions" Static [] Checked;
    "kube-controller-manager" ValidateShoot "ValidateKubeControllerManager" Static [] Checked;
    "kube-scheduler" ValidateShoot "validateKubeScheduler" Static [] Checked;
    "kube-proxy" ValidateShoot "validateKubeProxy" Static [] Checked;
    "cluster-autoscaler" ValidateShoot "ValidateClusterAutoscaler" Static [] Checked;
    "vertical-pod-autoscaler" ValidateShoot "ValidateVerticalPodAutoscaler" Static [] Checked;
    "workerless-kubernetes" ValidateShoot "validateKubernetesForWorkerlessShoot" Static [] Checked;
    "networking" ValidateShoot "validateNetworking" Static [] Checked;
    "maintenance" ValidateShoot "validateMaintenance" Static [] Checked;
    "monitoring" ValidateShoot "validateMonitoring" Static [] Checked;
    "hibernation" ValidateShoot "ValidateHibernation" Static [] Checked;
    "region-required" ValidateShoot "ValidateShootSpec (region)" Static [] Checked;
    "credentials-binding" ValidateShoot "ValidateShootSpec (bindings)" Static [] Checked;
    "seed-fields" ValidateShoot "ValidateShootSpec (seedName, seedSelector)" Static [] Checked;
    "purpose" ValidateShoot "ValidateShootSpec (purpose)" Static [] Checked;
    "tolerations" ValidateShoot "ValidateTolerations" Static [] Checked;
    "system-components" ValidateShoot "ValidateSystemComponents" Static [] Checked;
    "exposure-class-name" ValidateShoot "ValidateShootSpec (exposureClassName)" Static [] Checked;
    "scheduler-name" ValidateShoot "ValidateShootSpec (schedulerName)" Static [] Checked;
    "control-plane-zones" ValidateShoot "validateControlPlaneZones" Static [] Checked;
    "finalizers-on-create" ValidateShootCreate "ValidateFinalizersOnCreation" Create [] Checked;
    "inplace-gate-on-create" ValidateShootCreate "ValidateInPlaceUpdateStrategyOnCreation" Create [] Checked;
    "force-deletion-on-create" ValidateShootCreate "ValidateForceDeletion (create)" Create [] Checked;
    "spec-frozen-on-deletion" ValidateShootUpdate "ValidateShootSpecUpdate (deletion)" Update [] Partly "the list of requested changes only approximates Go's rendering of them";
    "kubernetes-version-update" ValidateShootUpdate "ValidateKubernetesVersionUpdate" Update [] Checked;
    "inplace-image-downgrade" ValidateShootUpdate "validateMachineImageVersionInPlaceUpdate" Update [] Checked;
    "workerless-switch" ValidateShootUpdate "validateWorkerUpdate" Update [] Checked;
    "provider-update" ValidateShootUpdate "ValidateProviderUpdate" Update [] Checked;
    "kcm-update" ValidateShootUpdate "validateKubeControllerManagerUpdate" Update [] Checked;
    "dns-update" ValidateShootUpdate "validateDNSUpdate" Update [] Checked;
    "networking-update" ValidateShootUpdate "validateNetworkingUpdate" Update [] Checked;
    "scheduler-name-update" ValidateShootUpdate "ValidateShootSpecUpdate (schedulerName)" Update [] Checked;
    "control-plane-zones-update" ValidateShootUpdate "validateControlPlaneZonesUpdate" Update [] Missing;
    "binding-names-update" ValidateShootUpdate "ValidateShootSpecUpdate (bindings)" Update [] Checked;
    "encryption-config-update" ValidateShootUpdate "ValidateEncryptionConfigUpdate" Update [] Checked;
    "ha-update" ValidateShootUpdate "ValidateShootHAConfigUpdate" Update [] Checked;
    "hibernation-update" ValidateShootUpdate "validateHibernationUpdate" Update [] Checked;
    "force-deletion" ValidateShootUpdate "ValidateForceDeletion" Update [] Checked;
    "node-local-dns-update" ValidateShootUpdate "validateNodeLocalDNSUpdate" Update [] Checked;
    "inplace-pending-updates" ValidateShootUpdate "ValidateInPlaceUpdates" Update [] Checked;
    "accepted-issuers-relax" ValidateShootUpdate "AllowInvalidAcceptedIssuers" Update [] Checked;
    "status-update" ValidateShootUpdate "ValidateShootStatusUpdate" Status [] Missing;
    "cloudprofile-change" ShootValidator "ValidateCloudProfileChanges" AdmissionUpdate [] Partly "a change between CloudProfiles; a change to or from a NamespacedCloudProfile needs both profiles, and the report reads one";
    "seed-selector-change" ShootValidator "ShootValidator (seedSelector)" Admission ["Seed"] Checked;
    "project-membership" ShootValidator "validateProjectMembership" AdmissionCreate ["Project"] Missing;
    "scheduling" ShootValidator "validateScheduling" Admission ["Seed"] Partly "as an update of the Shoot itself: the binding subresource, which moves a Shoot to another Seed, is not modelled";
    "multi-zonal-seed" ShootValidator "validateSeedSelectionForMultiZonalShoot" Admission ["Seed"] Checked;
    "deletion" ShootValidator "validateDeletion" AdmissionDelete [] Checked;
    "hibernation-possible" ShootValidator "validateShootHibernation" Admission [] Checked;
    "managed-sa-issuer" ShootValidator "validateManagedServiceAccountIssuer" Admission ["Secret"] Missing;
    "secretbinding-migration" ShootValidator "validateSecretBindingToCredentialsBindingMigration" AdmissionUpdate ["Secret", "CredentialsBinding"] Missing;
    "credentialsbinding-change" ShootValidator "validateCredentialsBindingChange" AdmissionUpdate ["CredentialsBinding", "RBAC"] Missing;
    "raw-extension-versions" ShootValidator "validateAPIVersionForRawExtensions" Admission [] Checked;
    "shoot-networks" ShootValidator "validateShootNetworks" Admission ["Seed"] Checked;
    "kubernetes-version" ShootValidator "validateKubernetes" Admission [] Checked;
    "region" ShootValidator "validateRegion" Admission [] Checked;
    "access-restrictions" ShootValidator "validateAccessRestrictions" Admission ["Seed"] Checked;
    "provider-type" ShootValidator "validateProviderType" Admission [] Partly "against the CloudProfile; the SecretBinding's and CredentialsBinding's types need those objects";
    "machine-architecture" ShootValidator "validateWorkerMachine" Admission [] Checked;
    "machine-type" ShootValidator "validateMachineType" Admission [] Checked;
    "machine-image" ShootValidator "validateMachineImage" Admission [] Checked;
    "machine-capabilities" ShootValidator "validateMachineCapabilities" Admission [] Checked;
    "worker-cri" ShootValidator "validateContainerRuntimeInterface" Admission [] Checked;
    "kubelet-version-constraint" ShootValidator "validateKubeletVersion" Admission [] Checked;
    "worker-volume" ShootValidator "validateWorkerVolume" Admission [] Checked;
    "kubelet-reserved-capacity" ShootValidator "validateKubeletConfig" Admission [] Checked;
    "worker-kubernetes-version" ShootValidator "validateWorkerKubernetesVersion" Admission [] Checked;
    "zones" ShootValidator "validateZones" Admission [] Checked;
    "control-plane-zones-admission" ShootValidator "validateControlPlaneZones" Admission ["Seed"] Checked;
    "admission-plugin-kubeconfig" ShootValidator "validateAdmissionPlugins" Admission [] Partly "the Secret's reference in spec.resources; its kubeconfig needs the Secret";
    "limits" ShootValidator "validateLimits" Admission [] Checked;
    "live-migration" ShootValidator "validateLiveMigrationPrerequisites" Admission ["Seed", "ConfigMap"] Missing;
    "dns-domain-uniqueness" ShootValidator "validateDNSDomainUniqueness" Admission ["other Shoots"] Missing;
    "cloudprofile-name-xor-ref" ShootMutator "ShootMutator (cloudProfile reference)" MutatorCreate [] Missing;
    "created-by" ShootMutator "addCreatedByAnnotation" MutatorCreate ["the requesting user"] Missing;
    "task-annotations" ShootMutator "addMetadataAnnotations" Mutator [] Missing;
    "etcd-key-rotation-default" ShootMutator "defaultMaintenanceWindow" MutatorCreate [] Missing;
    "shoot-networks-default" ShootMutator "defaultShootNetworks" Mutator ["Seed"] Missing;
    "k8s-version-default" ShootMutator "defaultKubernetes" Mutator [] Checked;
    "worker-k8s-version-default" ShootMutator "defaultKubernetesVersionForWorkers" Mutator [] Checked;
    "worker-architecture-default" ShootMutator "defaultWorkerArchitectures" Mutator [] Checked;
    "machine-image-default" ShootMutator "ensureMachineImages" Mutator [] Checked;
};

/// Every row of the family table.
pub fn families() -> impl Iterator<Item = Family> {
    TABLE.lines().map(|line| {
        let mut fields = line.split('|');
        let mut next = || fields.next().unwrap_or_default();
        let (id, group, function, mode, needs, coverage, part) =
            (next(), next(), next(), next(), next(), next(), next());
        Family {
            id,
            group: match group {
                "ValidateCloudProfile" => FamilyGroup::ValidateCloudProfile,
                "ValidateShoot" => ValidateShoot,
                "ValidateShootCreate" => ValidateShootCreate,
                "ValidateShootUpdate" => ValidateShootUpdate,
                "ShootValidator" => ShootValidator,
                _ => ShootMutator,
            },
            function,
            mode: match mode {
                "Static" => Static,
                "Create" => Create,
                "Update" => Update,
                "Admission" => Admission,
                "AdmissionCreate" => AdmissionCreate,
                "AdmissionUpdate" => AdmissionUpdate,
                "AdmissionDelete" => AdmissionDelete,
                "Mutator" => Mutator,
                "Status" => Status,
                _ => MutatorCreate,
            },
            needs,
            coverage: match COMPLETE_VALIDATION_ONLY
                .iter()
                .find(|(only, _)| *only == id)
            {
                Some((_, Some(part))) if !cfg!(feature = "complete-validation") => Partly(part),
                Some((_, None)) if !cfg!(feature = "complete-validation") => LeftOut,
                _ => match coverage {
                    "Checked" => Checked,
                    "Partly" => Partly(part),
                    _ => Missing,
                },
            },
        }
    })
}

/// What the report was given, for the families' states.
#[derive(Debug, Clone, Copy, Default)]
pub struct Given<'a> {
    /// A CloudProfile of its own (not a NamespacedCloudProfile's merged spec).
    pub cloud_profile: bool,
    /// Any profile the Shoot is checked against (a CloudProfile or a NamespacedCloudProfile).
    pub profile: bool,
    pub shoot: bool,
    pub previous_shoot: bool,
    /// The kinds of the other objects given.
    pub kinds: &'a [&'a str],
}

/// Every family with its state for what was given. The Shoots of a fleet are given alike, so the
/// last answer is kept: reading the table for each Shoot took a tenth of a fleet's time.
pub fn scope(given: &Given) -> Vec<ValidationFamily> {
    type Key = (bool, bool, bool, bool, Vec<String>);
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Key, Vec<ValidationFamily>)>> =
            const { std::cell::RefCell::new(None) };
    }
    let key: Key = (
        given.cloud_profile,
        given.profile,
        given.shoot,
        given.previous_shoot,
        given.kinds.iter().map(|kind| kind.to_string()).collect(),
    );
    LAST.with_borrow_mut(|last| match last {
        Some((found, families)) if *found == key => families.clone(),
        _ => last.insert((key, scope_of(given))).1.clone(),
    })
}

fn scope_of(given: &Given) -> Vec<ValidationFamily> {
    families()
        .map(|family| {
            let (state, note) = state_of(&family, given);
            ValidationFamily {
                id: family.id.to_string(),
                group: family.group,
                function: family.function.to_string(),
                state,
                note,
            }
        })
        .collect()
}

fn state_of(family: &Family, given: &Given) -> (FamilyState, String) {
    use FamilyState::*;
    if family.group == FamilyGroup::ValidateCloudProfile {
        return if given.cloud_profile {
            (Checked, String::new())
        } else {
            (NeedsObjects, "needs a CloudProfile of its own".to_string())
        };
    }
    match family.mode {
        Create | AdmissionCreate | MutatorCreate => return (NotApplicable, "create only".into()),
        AdmissionDelete => return (NotApplicable, "delete only".into()),
        Status => return (NotApplicable, "the status subresource's".into()),
        _ => {}
    }
    let never_read: Vec<&str> = (family.needed())
        .filter(|kind| !READ_KINDS.contains(kind))
        .collect();
    if !never_read.is_empty() {
        return (
            NeedsObjects,
            format!(
                "needs {}, which shoot-policy does not read",
                never_read.join(", ")
            ),
        );
    }
    let coverage = match family.coverage {
        Missing => return (NotModelled, String::new()),
        LeftOut => {
            return (
                NotModelled,
                "left out of the npm package for its size; the CLI checks it".into(),
            )
        }
        coverage => coverage,
    };
    let missing: Vec<&str> = (family.needed())
        .filter(|kind| !given.kinds.contains(kind))
        .collect();
    if !missing.is_empty() {
        return (NeedsObjects, format!("needs a {}", missing.join(", ")));
    }
    if !given.shoot {
        return (NeedsObjects, "needs a Shoot".into());
    }
    if matches!(family.mode, Admission | AdmissionUpdate | Mutator) && !given.profile {
        return (NeedsObjects, "needs the CloudProfile".into());
    }
    if matches!(family.mode, Update | AdmissionUpdate) && !given.previous_shoot {
        return (NotApplicable, "needs the previous Shoot".into());
    }
    match coverage {
        Partly(part) => (PartlyChecked, part.to_string()),
        _ => (Checked, String::new()),
    }
}

/// A family as one line's item: its id, and its note in brackets when it has one.
pub fn item(family: &ValidationFamily) -> String {
    if family.note.is_empty() {
        family.id.clone()
    } else {
        format!("{} ({})", family.id, family.note)
    }
}

/// One group's families by state, as the app and the CLI list them.
pub struct GroupListing {
    pub group: FamilyGroup,
    /// The states that have families, in [`FamilyState::ALL`]'s order, each with its families'
    /// [`item`]s.
    pub states: Vec<(FamilyState, Vec<String>)>,
}

/// The report's families by group and state: the one listing the app and the CLI show.
pub fn listing(families: &[ValidationFamily]) -> Vec<GroupListing> {
    (FamilyGroup::ALL.into_iter())
        .map(|group| GroupListing {
            group,
            states: (FamilyState::ALL.into_iter())
                .map(|state| {
                    let items = (families.iter())
                        .filter(|f| f.group == group && f.state == state)
                        .map(item)
                        .collect::<Vec<_>>();
                    (state, items)
                })
                .filter(|(_, items)| !items.is_empty())
                .collect(),
        })
        .filter(|listing| !listing.states.is_empty())
        .collect()
}

/// "37 of 103 families checked (7 in part)": how much of Gardener's validation a report covers.
pub fn coverage_text(families: &[ValidationFamily]) -> String {
    let count = |state| families.iter().filter(|f| f.state == state).count();
    let partly = count(FamilyState::PartlyChecked);
    let checked = count(FamilyState::Checked) + partly;
    let part = if partly > 0 {
        format!(" ({partly} in part)")
    } else {
        String::new()
    };
    format!("{checked} of {} families checked{part}", families.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(scope: &[ValidationFamily], id: &str) -> FamilyState {
        scope.iter().find(|f| f.id == id).expect(id).state
    }

    #[test]
    fn the_kept_scope_is_the_scope_of_what_was_given() {
        let given = |previous_shoot, kinds: &'static [&'static str]| Given {
            cloud_profile: true,
            profile: true,
            shoot: true,
            previous_shoot,
            kinds,
        };
        for (previous, kinds) in [
            (false, &[][..]),
            (true, &[]),
            (true, &["Seed"]),
            (false, &[]),
        ] {
            let given = given(previous, kinds);
            let kept = scope(&given);
            let fresh = scope_of(&given);
            assert_eq!(
                serde_json::to_value(&kept).unwrap(),
                serde_json::to_value(&fresh).unwrap()
            );
        }
    }

    #[test]
    fn every_row_names_a_known_group_mode_and_coverage() {
        // The reader's last arms take any other name: a misspelt one must not slip through.
        const GROUPS: [&str; 6] = [
            "ValidateCloudProfile",
            "ValidateShoot",
            "ValidateShootCreate",
            "ValidateShootUpdate",
            "ShootValidator",
            "ShootMutator",
        ];
        const MODES: [&str; 10] = [
            "Static",
            "Create",
            "Update",
            "Admission",
            "AdmissionCreate",
            "AdmissionUpdate",
            "AdmissionDelete",
            "Mutator",
            "MutatorCreate",
            "Status",
        ];
        const COVERAGES: [&str; 3] = ["Checked", "Partly", "Missing"];
        for line in TABLE.lines() {
            let fields: Vec<&str> = line.split('|').collect();
            assert_eq!(fields.len(), 7, "{line}");
            assert!(GROUPS.contains(&fields[1]), "{line}");
            assert!(MODES.contains(&fields[3]), "{line}");
            assert!(COVERAGES.contains(&fields[5]), "{line}");
            assert_eq!(fields[5] == "Partly", !fields[6].is_empty(), "{line}");
        }
        assert_eq!(families().count(), 108);
    }

    #[test]
    fn ids_are_unique_and_the_table_keeps_gardeners_groups() {
        let mut ids: Vec<&str> = families().map(|f| f.id).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before, "duplicate family ids");
        // Update-only rules sit in the update group and create-only ones in the create group.
        for family in families() {
            match family.mode {
                Update | Status => assert_eq!(family.group, ValidateShootUpdate, "{}", family.id),
                Create => assert_eq!(family.group, ValidateShootCreate, "{}", family.id),
                Mutator | MutatorCreate => assert_eq!(family.group, ShootMutator, "{}", family.id),
                _ => {}
            }
        }
    }

    #[test]
    fn the_state_follows_the_mode_and_the_objects_given() {
        let kinds: &[&str] = &[];
        let alone = Given {
            cloud_profile: true,
            profile: true,
            shoot: true,
            previous_shoot: false,
            kinds,
        };
        let scope_alone = scope(&alone);
        assert_eq!(state(&scope_alone, "cloudprofile"), FamilyState::Checked);
        assert_eq!(state(&scope_alone, "machine-image"), FamilyState::Checked);
        assert_eq!(
            state(&scope_alone, "kubernetes-version-update"),
            FamilyState::NotApplicable
        );
        assert_eq!(
            state(&scope_alone, "finalizers-on-create"),
            FamilyState::NotApplicable
        );
        assert_eq!(
            state(&scope_alone, "project-membership"),
            FamilyState::NotApplicable
        );
        assert_eq!(
            state(&scope_alone, "managed-sa-issuer"),
            FamilyState::NeedsObjects
        );
        assert_eq!(state(&scope_alone, "machine-type"), FamilyState::Checked);
        assert_eq!(
            state(&scope_alone, "hibernation-possible"),
            FamilyState::Checked
        );
        // The ShootValidator's Seed families wait for the Seed.
        assert_eq!(
            state(&scope_alone, "access-restrictions"),
            FamilyState::NeedsObjects
        );
        let with_seed = Given {
            kinds: &["Seed"],
            ..alone
        };
        let scope_with_seed = scope(&with_seed);
        assert_eq!(
            state(&scope_with_seed, "shoot-networks"),
            FamilyState::Checked
        );
        assert_eq!(
            state(&scope_with_seed, "scheduling"),
            FamilyState::PartlyChecked
        );
        // A family checked in part when objects it also reads are missing.
        assert_eq!(
            state(&scope_alone, "provider-type"),
            FamilyState::PartlyChecked
        );
        let with_previous = Given {
            previous_shoot: true,
            ..alone
        };
        assert_eq!(
            state(&scope(&with_previous), "kubernetes-version-update"),
            FamilyState::Checked
        );
        // Without the profile, the admission checks against it cannot run.
        let no_profile = Given {
            cloud_profile: false,
            profile: false,
            ..alone
        };
        let scope_no_profile = scope(&no_profile);
        assert_eq!(
            state(&scope_no_profile, "machine-image"),
            FamilyState::NeedsObjects
        );
        assert_eq!(
            state(&scope_no_profile, "cloudprofile"),
            FamilyState::NeedsObjects
        );
        assert_eq!(
            state(&scope_no_profile, "worker-k8s-version-skew"),
            FamilyState::Checked
        );
    }

    #[test]
    fn the_coverage_counts_partly_checked_families_as_checked_in_part() {
        let scope = scope(&Given {
            cloud_profile: true,
            profile: true,
            shoot: true,
            ..Given::default()
        });
        let text = coverage_text(&scope);
        assert!(
            text.ends_with(&format!(
                "of {} families checked (4 in part)",
                families().count()
            )),
            "{text}"
        );
    }
}
