//! The Report and its parts: the DTOs every surface sees (TypeScript's types are derived from them).

use crate::decode::FromValue;
use crate::document;
use crate::lifecycle::{Classification, ExpirableVersion};
use chrono::{DateTime, Months, Utc};
use serde::{Deserialize, Serialize};

/// What the user pasted, one entry per editor or file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Source {
    /// How the user knows this input: an editor label or a file name. Diagnostics point at it.
    pub name: String,
    /// What the documents of this source are for; `auto` routes them by `kind`.
    #[serde(default)]
    pub role: SourceRole,
    /// The text as pasted: YAML or JSON, one or many documents, `List` objects allowed.
    pub text: String,
}

impl Source {
    /// A source whose documents are routed by their `kind`.
    pub fn auto(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            role: SourceRole::Auto,
            text: text.into(),
        }
    }
}

/// The role of a source when `kind` alone cannot tell (a previous Shoot is a Shoot too).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SourceRole {
    #[default]
    Auto,
    PreviousShoot,
}

/// Options of one analysis.
#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AnalyzeOptions {
    /// The evaluation instant.
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    pub now: DateTime<Utc>,
    /// The end of the update timeline; default: two years after `now`.
    #[serde(default)]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    pub until: Option<DateTime<Utc>>,
    /// Which parts to compute; `None` computes everything. Input diagnostics are always reported.
    #[serde(default)]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub areas: Option<Vec<Area>>,
    /// gardener-apiserver feature gates of the landscape (all off by default, as in Gardener), e.g.
    /// `{"VersionClassificationLifecycle": true}` where CloudProfiles use lifecycles.
    #[serde(default)]
    #[cfg_attr(feature = "tsify", tsify(optional, type = "Record<string, boolean>"))]
    pub feature_gates: crate::validation::FeatureGates,
    /// Bounds on the input; inputs beyond them are refused with an error naming the limit.
    #[serde(default)]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub limits: document::Limits,
}

/// One analysis that another wasm module asks of the engine's: the app sends it as JSON to the npm
/// module (in a worker), which answers with the [`Report`] as JSON, so one engine serves both.
#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisRequest {
    pub sources: Vec<Source>,
    pub options: AnalyzeOptions,
    /// Makes the engine panic with this message instead: the app's tests of its recovery from a
    /// crashed engine.
    #[serde(default)]
    pub test_panic: Option<String>,
}

/// A part of the report that can be computed on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Area {
    /// The CloudProfile's version matrix and the maintenance window.
    Versions,
    /// One maintenance run at `now`.
    Maintenance,
    /// The update timeline until the horizon.
    Timeline,
    Validation,
    /// Roll triggers and rollout shapes.
    Rollout,
    /// Hibernation blockers, constraints and schedule.
    Hibernation,
    /// The status label, the next operation and the error codes.
    Status,
    Cleanup,
    Scheduling,
    /// A pending control-plane migration and whether the destination Seed is ready for it.
    Migration,
}

impl AnalyzeOptions {
    pub fn at(now: DateTime<Utc>) -> AnalyzeOptions {
        AnalyzeOptions {
            now,
            until: None,
            areas: None,
            feature_gates: Default::default(),
            limits: Default::default(),
        }
    }

    /// Whether `area` is to be computed.
    pub fn wants(&self, area: Area) -> bool {
        self.areas
            .as_ref()
            .is_none_or(|areas| areas.contains(&area))
    }

    /// The end of the timeline horizon.
    pub fn horizon_end(&self) -> DateTime<Utc> {
        self.until.unwrap_or_else(|| {
            self.now
                .checked_add_months(Months::new(24))
                .unwrap_or(self.now)
        })
    }
}

/// Everything shoot-policy can tell about the pasted objects.
#[derive(Debug, Clone, Default, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The objects recognised, in input order.
    pub objects: Vec<RecognisedObject>,
    /// Errors and warnings about the input itself.
    pub diagnostics: Vec<Diagnostic>,
    /// The API defaults written into hand-written objects before the analysis (none for objects
    /// copied from a cluster, which carry them already).
    pub defaults_applied: Vec<crate::defaults::AppliedDefault>,
    /// The CloudProfile's versions and their classification at `now`.
    pub versions: Option<VersionMatrix>,
    /// The Shoot's maintenance window and the next occurrence after `now`.
    pub maintenance_window: Option<MaintenanceWindowInfo>,
    /// Every forced or automatic update in the coming maintenance windows until the horizon.
    pub timeline: Option<crate::timeline::Timeline>,
    /// What a maintenance run at `now` would do (as if the window were open now).
    pub maintenance_now: Option<crate::maintenance::MaintenanceOutcome>,
    /// Whether Gardener accepts the objects: CloudProfile validation and the Shoot's version checks.
    pub validation: Validation,
    /// What the change from the previous Shoot does to each worker pool's nodes.
    pub roll_triggers: Option<crate::rollout::RollTriggers>,
    /// How many nodes of each rolling pool are replaced at a time.
    #[cfg_attr(feature = "tsify", tsify(type = "Record<string, RolloutShape>"))]
    pub rollout_shapes: std::collections::BTreeMap<String, crate::rollout::RolloutShape>,
    /// What deleting the Shoot would clean up, and how patiently.
    pub cleanup_plan: Option<crate::cleanup::CleanupPlan>,
    /// Why the Shoot can or cannot hibernate: problematic webhooks with fixes, the remediation preview,
    /// and every constraint the care controller would write.
    pub hibernation: Option<Hibernation>,
    /// The `shoot.gardener.cloud/status` label and why, the operation that runs next, and what the
    /// Shoot's error codes mean.
    pub status: Option<Status>,
    /// Where Gardener's scheduler would place the Shoot among the given Seeds (as if it had no Seed
    /// yet), or why it cannot: each filter step, the candidate step's reason per Seed, the
    /// `SameRegion` strategy and the least-used choice.
    pub seed_scheduling: Option<crate::scheduling::ScheduleDecision>,
    /// The control-plane migration the Shoot is being prepared for (`spec.seedName` differs from
    /// `status.seedName`), with the `ReadyForMigration` constraint when both Seeds are given.
    pub migration: Option<crate::migration::MigrationReadiness>,
    /// What happens next and what keeps it from happening, in data and in words: the one source
    /// of the app's Summary card and the CLI's summary.
    pub summary: crate::summary::Summary,
}

/// What callers ask of a report again and again, answered in one place.
impl Report {
    /// The timeline's forced updates, in time order.
    pub fn forced_updates(&self) -> impl Iterator<Item = &crate::timeline::TimelineEvent> {
        self.timeline
            .iter()
            .flat_map(|timeline| &timeline.events)
            .filter(|event| event.reason == crate::maintenance::UpdateReason::Force)
    }

    /// Whether the Shoot's webhooks make `HibernationPossible` anything but `True`.
    pub fn hibernation_blocked(&self) -> bool {
        self.hibernation
            .as_ref()
            .is_some_and(|h| h.webhooks.hibernation_possible.status != "True")
    }

    /// The first error about the input itself (an unreadable or mistyped object).
    pub fn first_input_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|diagnostic| diagnostic.severity == Severity::Error)
    }

    /// The name of the Shoot analysed.
    pub fn shoot_name(&self) -> Option<&str> {
        self.shoot_object().map(|object| object.name.as_str())
    }

    /// The Shoot analysed, as the report names it.
    pub fn shoot_object(&self) -> Option<&RecognisedObject> {
        (self.objects.iter()).find(|object| object.role == ObjectRole::Shoot)
    }
}

/// The Shoot's status as Gardener derives it.
#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// The label value and the rule that decided it.
    pub label: crate::status::StatusLabelResult,
    /// The operation the gardenlet runs next (`Create`, `Reconcile`, `Migrate`, `Restore`, `Delete`).
    #[cfg_attr(
        feature = "tsify",
        tsify(type = "\"Create\" | \"Reconcile\" | \"Migrate\" | \"Restore\" | \"Delete\"")
    )]
    pub next_operation: crate::status::OperationType,
    /// Every error code in `status.lastErrors`, explained; whether it stops automatic retries.
    pub error_codes: Vec<crate::status::ErrorCodeInfo>,
}

/// Hibernation blockers and the Shoot's constraints.
#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Hibernation {
    /// `HibernationPossible`, `MaintenancePreconditionsSatisfied` and every problematic webhook with
    /// the rule it breaks and the change that makes it safe.
    pub webhooks: crate::constraints::WebhookReport,
    /// What Gardener's webhook remediator would change in each configuration.
    pub remediation: Vec<crate::constraints::RemediatedConfiguration>,
    /// The constraints the care controller computes for the Shoot at `now` (required ones, and the
    /// optional ones that are not `True`), as far as the given objects tell.
    pub constraints: Vec<crate::constraints::Condition>,
    /// The hibernation schedule's next events (at most a week's worth, and at most 20).
    pub schedule_events: Vec<crate::hibernation::ScheduleEvent>,
    /// Why the schedule cannot be evaluated (an invalid cron spec or location), in Gardener's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule_error: Option<String>,
    /// Whether the Shoot may be asleep during its next maintenance window (then maintenance, and
    /// with it forced updates and credential rotations, cannot run).
    pub hibernated_during_next_maintenance_window: bool,
}

/// Validation findings, each in Gardener's words.
#[derive(Debug, Clone, Default, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Validation {
    /// How the Shoot was checked: `update` against the previous Shoot when one is given, otherwise
    /// `update` against itself (would Gardener accept the Shoot as it is on its next update?).
    pub shoot_operation: String,
    pub problems: Vec<Problem>,
    /// Every validation family Gardener has, with what this report checked of it: a report
    /// without problems is one without problems in the checked families.
    pub scope: Vec<crate::validation::scope::ValidationFamily>,
    /// Set when admission refuses the Shoot before anything else is checked (the ShootMutator
    /// cannot complete a version or an image from the CloudProfile): the API server stores no
    /// such Shoot, so no maintenance runs on it and the report makes no forecast. The problems
    /// say why.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub refused_by_admission: bool,
}

/// One validation error: the field, Gardener's error type and detail, and where it is in the input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    pub source: String,
    pub field: String,
    /// Kubernetes `field.ErrorType`, e.g. `FieldValueForbidden`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "tsify", tsify(type = "FieldErrorType"))]
    pub error_type: String,
    pub detail: String,
    /// How many times Gardener's answer lists this same error (see `FieldError.count`); left out
    /// when once. The report lists each distinct error once.
    #[serde(
        default = "crate::field::one",
        skip_serializing_if = "crate::field::is_one"
    )]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub count: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl Problem {
    /// How often Gardener's answer repeats the problem, as the surfaces print it after the
    /// detail: empty for a problem listed once.
    pub fn repeats(&self) -> String {
        match self.count {
            1 => String::new(),
            count => format!(" (Gardener lists it {count} times)"),
        }
    }
}

/// One object found in the input.
#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RecognisedObject {
    pub kind: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// The source it came from and its 0-based document index there.
    pub source: String,
    pub document: usize,
    /// How the analysis uses it.
    pub role: ObjectRole,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ObjectRole {
    CloudProfile,
    Shoot,
    PreviousShoot,
    WebhookConfiguration,
    Seed,
    Project,
    /// The seed's `Worker` resource (`extensions.gardener.cloud/v1alpha1`) of the Shoot, whose
    /// in-place hashes say which in-place pools gardenlet updates.
    Worker,
    /// Recognised but not used (a second Shoot, an unknown kind).
    Ignored,
}

/// A problem with the input, pointing at where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    pub severity: Severity,
    pub source: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Severity {
    Error,
    Warning,
}

/// The CloudProfile's version lists, each version classified at `now`.
#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct VersionMatrix {
    pub kubernetes: Vec<ClassifiedVersion>,
    pub machine_images: Vec<ClassifiedImage>,
    /// For each version the Shoot uses (control plane, each pool's image and own Kubernetes version):
    /// every version an automatic or a forced update could select. Empty without a Shoot.
    #[serde(default)]
    pub eligible_updates: Vec<crate::maintenance::EligibleUpdates>,
}

#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ClassifiedImage {
    pub name: String,
    pub versions: Vec<ClassifiedVersion>,
}

#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ClassifiedVersion {
    pub version: String,
    pub classification: Classification,
    /// When the version expires (or the expired stage starts), if it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub expires: Option<DateTime<Utc>>,
    /// The stages that decide the classification over time, in the CloudProfile's order: its
    /// `lifecycle`, or the legacy `classification` and `expirationDate` read as stages. Empty for a
    /// version that is `supported` for ever.
    pub lifecycle: Vec<VersionStage>,
}

/// One stage of a version's lifecycle: its classification from `startTime` on (from the
/// beginning of time without one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct VersionStage {
    pub classification: Classification,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub start_time: Option<DateTime<Utc>>,
}

impl ClassifiedVersion {
    /// The CloudProfile entry this version was classified from, as far as the classification
    /// reads it: its classification at any instant is the entry's.
    fn expirable(&self) -> ExpirableVersion {
        ExpirableVersion {
            version: self.version.clone(),
            lifecycle: self
                .lifecycle
                .iter()
                .map(|stage| crate::lifecycle::LifecycleStage {
                    classification: stage.classification.clone(),
                    start_time: stage.start_time,
                })
                .collect(),
            ..ExpirableVersion::default()
        }
    }

    /// The version's classification at `at`.
    pub fn classification_at(&self, at: DateTime<Utc>) -> Classification {
        self.expirable().classification_at(at)
    }

    /// The version's classifications over `[from, to)`: consecutive spans, each with the
    /// classification in force within it (a stage takes effect strictly after its start, as in
    /// [`ExpirableVersion::classification_at`]).
    pub fn classification_spans(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Vec<(DateTime<Utc>, DateTime<Utc>, Classification)> {
        let entry = self.expirable();
        let mut cuts: Vec<DateTime<Utc>> = self
            .lifecycle
            .iter()
            .filter_map(|stage| stage.start_time)
            .filter(|t| *t > from && *t < to)
            .collect();
        crate::sorting::sort(&mut cuts);
        cuts.dedup();
        let bounds: Vec<DateTime<Utc>> = std::iter::once(from)
            .chain(cuts)
            .chain(std::iter::once(to))
            .collect();
        let mut spans: Vec<(DateTime<Utc>, DateTime<Utc>, Classification)> = Vec::new();
        for pair in bounds.windows(2) {
            let classification = entry.classification_at(pair[0] + chrono::TimeDelta::seconds(1));
            match spans.last_mut() {
                Some(last) if last.2 == classification => last.1 = pair[1],
                _ => spans.push((pair[0], pair[1], classification)),
            }
        }
        spans
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MaintenanceWindowInfo {
    /// Effective window in UTC (`HH:MM:SS`), after Gardener's 15-minute cut.
    pub begin: String,
    pub end: String,
    /// Whether the Shoot configures no window, so maintenance may run at any time.
    pub always: bool,
    /// Why the configured window does not parse. The API server refuses such a Shoot, and the
    /// maintenance controller would take it for "any time": the report then builds no timeline on it.
    pub invalid: Option<String>,
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub next_begin: DateTime<Utc>,
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub next_end: DateTime<Utc>,
}
