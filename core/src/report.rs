//! `analyze`: the one entry point every surface calls. It reads pasted documents, routes them by `kind`,
//! runs every policy area that the inputs allow, and returns one [`Report`].
//!
//! The CLI prints it, the npm package returns it, the browser app renders it: there is no second path.

use crate::decode::text_at;
use crate::decode::FromValue;
use crate::document::{self, Value};
use crate::lifecycle::{Classification, ExpirableVersion};
use crate::timewindow::MaintenanceTimeWindow;
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
        self.objects
            .iter()
            .find(|object| object.role == ObjectRole::Shoot)
            .map(|object| object.name.as_str())
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
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

/// Analyses the given sources at `options.now`.
pub fn analyze(sources: &[Source], options: &AnalyzeOptions) -> Report {
    analyze_from(None, sources, options, &mut read_source)
}

/// How a source's objects reach the inputs: [`read_source`], or the routing of objects read before.
type ReadObjects<'a> = dyn FnMut(&Source, &document::Limits, &mut Inputs, &mut Report) + 'a;

/// [`analyze`] of the prepared profile's source followed by `sources`, taking what the prepared
/// profile did once (reading its source, the CloudProfile's syntax check and defaults) from it.
/// `read` brings each of `sources` into the inputs.
fn analyze_from(
    prepared: Option<&PreparedProfile>,
    sources: &[Source],
    options: &AnalyzeOptions,
    read: &mut ReadObjects,
) -> Report {
    let mut report = Report::default();
    let mut inputs = Inputs::default();
    let prepared_bytes = prepared.map_or(0, |prepared| prepared.source.text.len());
    let total_bytes = prepared_bytes
        + sources
            .iter()
            .map(|source| source.text.len())
            .sum::<usize>();
    if let Err(error) = document::check_size(total_bytes, &options.limits) {
        report.diagnostics.push(Diagnostic {
            severity: Severity::Error,
            source: "all inputs together".to_string(),
            document: None,
            field: None,
            line: None,
            column: None,
            message: error.message,
        });
        // Nothing else is read; the summary still says why.
        report.summary = crate::summary::summarize(&report, None, options.now);
        return report;
    }
    // Read with other limits, the prepared source could read differently: then it is read again.
    let prepared = match prepared {
        Some(prepared) if prepared.limits != options.limits => {
            read_source(&prepared.source, &options.limits, &mut inputs, &mut report);
            None
        }
        other => other,
    };
    if let Some(prepared) = prepared {
        inputs = prepared.inputs.clone();
        report.objects.clone_from(&prepared.objects);
        report.diagnostics.clone_from(&prepared.diagnostics);
    }
    for source in sources {
        read(source, &options.limits, &mut inputs, &mut report);
    }
    let profile_done = prepared.and_then(|prepared| prepared.profile.as_ref());
    if let Some(warning) = cloud_profile_mismatch(&inputs) {
        report.diagnostics.push(warning);
    }
    let unparsable = check_syntax(&inputs, profile_done, &mut report);
    apply_defaults(&mut inputs, profile_done, &mut report);
    // The prepared views belong to the prepared CloudProfile: without one, the CloudProfile (if
    // any) comes from this analysis's sources.
    let own_views = ProfileViews::default();
    let shoot_views = ShootViews::default();
    let views = match prepared {
        Some(prepared) if prepared.profile.is_some() => &prepared.views,
        _ => &own_views,
    };
    if options.wants(Area::Versions) {
        if let Some(profile) = &inputs.cloud_profile {
            let mut matrix = views.matrix(profile, options.now);
            if let (Some(matrix), Some(shoot), false) = (matrix.as_mut(), &inputs.shoot, unparsable)
            {
                let typed_profile = decode_once(&views.maintenance, profile, &mut report);
                let typed_shoot = decode_once(&shoot_views.maintenance, shoot, &mut report);
                if let (Some(typed_profile), Some(typed_shoot)) = (typed_profile, typed_shoot) {
                    matrix.eligible_updates = crate::maintenance::eligible_updates_remembering(
                        typed_profile,
                        typed_shoot,
                        options.now,
                        &mut views.eligibility.borrow_mut(),
                        |found, now| views.classified_alike(profile, found, now),
                    );
                }
            }
            report.versions = matrix;
        }
        if let Some(shoot) = &inputs.shoot {
            report.maintenance_window = Some(maintenance_window(&shoot.value, options.now));
        }
    }
    // A field the engine cannot parse is reported at its place above; running maintenance on it
    // would only repeat the error without one.
    if (options.wants(Area::Maintenance) || options.wants(Area::Timeline)) && !unparsable {
        maintain(&inputs, (views, &shoot_views), options, &mut report);
    }
    if options.wants(Area::Validation) {
        validate(&inputs, (views, &shoot_views), options, &mut report);
    }
    if options.wants(Area::Rollout) {
        rollout(&inputs, &shoot_views, &mut report);
    }
    if options.wants(Area::Hibernation) {
        hibernation(&inputs, views, options.now, &mut report);
    }
    if options.wants(Area::Status) {
        status(&inputs, &mut report);
    }
    if let Some(shoot) = &inputs.shoot {
        if options.wants(Area::Cleanup) {
            report.cleanup_plan = Some(crate::cleanup::plan(&crate::cleanup::annotations_of(
                &shoot.value,
            )));
        }
        if options.wants(Area::Scheduling) && !inputs.seeds.is_empty() {
            let seeds = decode_all::<crate::scheduling::Seed>(&inputs.seeds, &mut report);
            if let Some(typed) = decode::<crate::scheduling::Shoot>(shoot, &mut report) {
                // Only the Project that owns the Shoot's namespace names its domain.
                let project = (inputs.project.as_ref())
                    .filter(|project| {
                        crate::decode::text_at(&project.value, &["spec", "namespace"])
                            == Some(typed.metadata.namespace.as_str())
                    })
                    .and_then(|project| {
                        crate::decode::text_at(&project.value, &["metadata", "name"])
                    });
                let context = crate::scheduling::SchedulingContext {
                    shoots: &[],
                    cloud_profile_seed_selector: (inputs.cloud_profile.as_ref())
                        .and_then(|profile| profile.value.pointer("/spec/seedSelector")),
                    project_name: project,
                };
                report.seed_scheduling = Some(crate::scheduling::place(&typed, &seeds, context));
            }
        }
        if options.wants(Area::Migration) {
            let migrating = decode::<crate::scheduling::types::MigratingShoot>(shoot, &mut report);
            if let Some(typed) = migrating {
                let seeds = decode_all::<crate::scheduling::Seed>(&inputs.seeds, &mut report);
                report.migration = crate::migration::migration_readiness(&typed.into(), &seeds);
            }
        }
    }
    let shoot = inputs
        .shoot
        .as_ref()
        .map(|shoot| summary_facts(&shoot.value));
    report.summary = crate::summary::summarize(&report, shoot, options.now);
    report
}

/// What the summary reads from the Shoot (its defaults applied).
fn summary_facts(shoot: &Value) -> crate::summary::ShootFacts<'_> {
    // v1beta1 defaults both to true.
    let flag = |name: &str| {
        (shoot.pointer(&format!("/spec/maintenance/autoUpdate/{name}")))
            .and_then(Value::as_bool)
            .unwrap_or(true)
    };
    let operation = |key: &str| crate::decode::text_at(shoot, &["status", "lastOperation", key]);
    crate::summary::ShootFacts {
        auto_update_kubernetes: flag("kubernetesVersion"),
        auto_update_image: flag("machineImageVersion"),
        last_operation: operation("type").zip(operation("state")),
    }
}

fn status(inputs: &Inputs, report: &mut Report) {
    let Some(shoot_object) = &inputs.shoot else {
        return;
    };
    let Some(shoot) = decode::<crate::status::Shoot>(shoot_object, report) else {
        return;
    };
    let mut codes: Vec<&str> = shoot
        .status
        .last_errors
        .iter()
        .flat_map(|error| error.codes.iter().map(String::as_str))
        .collect();
    crate::sorting::sort(&mut codes);
    codes.dedup();
    report.status = Some(Status {
        label: crate::status::status_label(&shoot),
        next_operation: crate::status::operation_type(&shoot),
        error_codes: codes
            .into_iter()
            .map(crate::status::error_code_info)
            .collect(),
    });
}

/// Reports every string field of the CloudProfile and the Shoots that the engine would fail to
/// parse; true when the CloudProfile or the Shoot has one. `profile_done` has the CloudProfile's
/// findings when it was prepared.
fn check_syntax(inputs: &Inputs, profile_done: Option<&ProfileDone>, report: &mut Report) -> bool {
    use crate::syntax::ObjectKind;
    let objects = [
        (&inputs.cloud_profile, ObjectKind::CloudProfile),
        (&inputs.shoot, ObjectKind::Shoot),
        (&inputs.previous_shoot, ObjectKind::Shoot),
    ];
    let mut unparsable = false;
    for (index, (object, kind)) in objects.into_iter().enumerate() {
        let Some(object) = object else {
            continue;
        };
        let errors = match (index, profile_done) {
            (0, Some(done)) => done.syntax_errors.clone(),
            _ => syntax_errors(object, kind),
        };
        unparsable |= index < 2 && !errors.is_empty();
        report.diagnostics.extend(errors);
    }
    unparsable
}

/// A warning when the Shoot names another CloudProfile than the one given: every result is then
/// about the given one. A Shoot of a NamespacedCloudProfile may be analysed with its parent.
fn cloud_profile_mismatch(inputs: &Inputs) -> Option<Diagnostic> {
    let (profile, shoot) = (inputs.cloud_profile.as_ref()?, inputs.shoot.as_ref()?);
    let given = text_at(&profile.value, &["metadata", "name"])?;
    let given_kind = match profile.spec_in_text {
        Some(_) => "NamespacedCloudProfile",
        None => "CloudProfile",
    };
    let by_reference = text_at(&shoot.value, &["spec", "cloudProfile", "name"]);
    let (field, named) = match by_reference {
        Some(name) => ("spec.cloudProfile.name", name),
        None => (
            "spec.cloudProfileName",
            text_at(&shoot.value, &["spec", "cloudProfileName"])?,
        ),
    };
    let kind = (by_reference.and(text_at(&shoot.value, &["spec", "cloudProfile", "kind"])))
        .unwrap_or("CloudProfile");
    if named == given || (kind == "NamespacedCloudProfile" && given_kind == "CloudProfile") {
        return None;
    }
    let message = format!(
        "the Shoot uses {kind} {named:?}, but the {given_kind} given is {given:?}: every result \
         here is about {given:?}"
    );
    Some(Diagnostic {
        severity: Severity::Warning,
        ..error_at_field(shoot, field.to_string(), message)
    })
}

/// The fields of `object` the engine would fail to parse, each at its place.
fn syntax_errors(object: &Located, kind: crate::syntax::ObjectKind) -> Vec<Diagnostic> {
    crate::syntax::check(kind, &object.value)
        .into_iter()
        .map(|error| error_at_field(object, error.field, error.message))
        .collect()
}

/// Writes the API defaults into the CloudProfile (unless `profile_done` holds it defaulted already)
/// and the Shoots.
fn apply_defaults(inputs: &mut Inputs, profile_done: Option<&ProfileDone>, report: &mut Report) {
    use crate::defaults::{default_cloud_profile, default_shoot};
    if let Some(profile) = &mut inputs.cloud_profile {
        match profile_done {
            // Its inputs hold the CloudProfile defaulted already.
            Some(done) => report
                .defaults_applied
                .extend(done.defaults_applied.iter().cloned()),
            None => report
                .defaults_applied
                .extend(default_cloud_profile(std::rc::Rc::make_mut(
                    &mut profile.value,
                ))),
        }
    }
    if let Some(shoot) = &mut inputs.shoot {
        report
            .defaults_applied
            .extend(default_shoot(std::rc::Rc::make_mut(&mut shoot.value)));
    }
    if let Some(previous) = &mut inputs.previous_shoot {
        report.defaults_applied.extend(
            default_shoot(std::rc::Rc::make_mut(&mut previous.value))
                .into_iter()
                .map(|mut applied| {
                    applied.object = "Previous Shoot".to_string();
                    applied
                }),
        );
    }
}

/// A source with a CloudProfile, read once to analyse many Shoots against it
/// ([`analyze_with_profile`]): the CloudProfile is parsed, checked for unparsable fields and
/// defaulted here instead of once per analysis.
pub struct PreparedProfile {
    source: Source,
    limits: document::Limits,
    /// What reading the source found, as `analyze` finds it when the source comes first, but with
    /// the CloudProfile defaulted.
    inputs: Inputs,
    objects: Vec<RecognisedObject>,
    diagnostics: Vec<Diagnostic>,
    /// `None` when the source has no CloudProfile.
    profile: Option<ProfileDone>,
    views: ProfileViews,
}

/// What the areas read of the CloudProfile alone, each found on first use: an analysis reads the
/// maintenance view for the version matrix and again for maintenance, and a prepared profile keeps
/// all of it for every analysis against it. The findings that also depend on the options are kept
/// with the options they were found with.
#[derive(Default)]
struct ProfileViews {
    maintenance:
        std::cell::OnceCell<Result<crate::maintenance::types::CloudProfile, Box<Diagnostic>>>,
    validation: std::cell::OnceCell<Result<crate::validation::CloudProfile, Box<Diagnostic>>>,
    /// Every instant at which a version of the CloudProfile may change its classification,
    /// ascending, listed when a second instant is asked about: the version matrix, the
    /// CloudProfile's own problems and the eligible updates read the instant only through
    /// classifications (`start < now`), so what was found at one instant holds at every instant
    /// with as many transitions before it.
    transitions: std::cell::OnceCell<Vec<DateTime<Utc>>>,
    /// The version matrix (without the Shoot's eligible updates) and the instant it was found at.
    matrix: std::cell::RefCell<Option<(DateTime<Utc>, Option<VersionMatrix>)>>,
    /// The CloudProfile's own validation problems, with the feature gates and the instant.
    problems: std::cell::RefCell<Option<(ValidationKey, Vec<Problem>)>>,
    /// The version decisions of maintenance runs against the maintenance view: each is keyed by
    /// everything it reads of a Shoot, so the Shoots of a fleet reuse each other's.
    runs: std::cell::RefCell<crate::maintenance::RunMemo>,
    /// The eligible updates of each version and pool image a Shoot uses, shared as the runs are.
    eligibility: std::cell::RefCell<crate::maintenance::EligibilityMemo>,
    /// The hibernation schedules' answers, keyed by everything they read: not the CloudProfile's,
    /// but shared by the same Shoots of a fleet as the runs are.
    schedules: std::cell::RefCell<crate::hibernation::ScheduleMemo>,
}

type ValidationKey = (crate::validation::FeatureGates, DateTime<Utc>);

impl ProfileViews {
    /// Whether `profile` classifies every version alike at `found` and at `now`: the same
    /// number of its transitions lies before each. An app analysing at the clock's instant asks
    /// at a new one each time; an analysis of its own asks at one only, and lists none.
    fn classified_alike(
        &self,
        profile: &Located,
        found: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> bool {
        if found == now {
            return true;
        }
        let transitions = self
            .transitions
            .get_or_init(|| classification_transitions(&profile.value));
        let before = |instant| crate::lifecycle::transitions_before(transitions, instant);
        before(found) == before(now)
    }

    /// The version matrix of `profile` at `now`, found again only when a classification may have
    /// changed since the last.
    fn matrix(&self, profile: &Located, now: DateTime<Utc>) -> Option<VersionMatrix> {
        let mut kept = self.matrix.borrow_mut();
        match kept.as_ref() {
            Some((found, matrix)) if self.classified_alike(profile, *found, now) => matrix.clone(),
            _ => kept
                .insert((now, version_matrix(&profile.value, now)))
                .1
                .clone(),
        }
    }

    /// `find` the CloudProfile's validation problems at `key`'s instant, or take them from the
    /// last analysis with the same feature gates that classified `profile` alike.
    fn problems(
        &self,
        profile: &Located,
        key: ValidationKey,
        find: impl FnOnce() -> Vec<Problem>,
    ) -> Vec<Problem> {
        let mut kept = self.problems.borrow_mut();
        match kept.as_ref() {
            Some(((gates, found), problems))
                if *gates == key.0 && self.classified_alike(profile, *found, key.1) =>
            {
                problems.clone()
            }
            _ => kept.insert((key, find())).1.clone(),
        }
    }
}

/// The typed views of the Shoot and the previous Shoot that more than one area reads, each
/// decoded once per analysis.
#[derive(Default)]
struct ShootViews {
    maintenance: std::cell::OnceCell<Result<crate::maintenance::types::Shoot, Box<Diagnostic>>>,
    rollout: std::cell::OnceCell<Result<crate::rollout::Shoot, Box<Diagnostic>>>,
    previous_rollout: std::cell::OnceCell<Result<crate::rollout::Shoot, Box<Diagnostic>>>,
}

/// What `analyze` does to the CloudProfile itself before its areas.
struct ProfileDone {
    syntax_errors: Vec<Diagnostic>,
    defaults_applied: Vec<crate::defaults::AppliedDefault>,
}

impl PreparedProfile {
    /// Reads `source` (typically one CloudProfile) within `limits`, which analyses should share: an
    /// analysis with other limits reads the source again.
    pub fn new(source: Source, limits: document::Limits) -> PreparedProfile {
        let mut inputs = Inputs::default();
        let mut report = Report::default();
        read_source(&source, &limits, &mut inputs, &mut report);
        // The syntax check reads the CloudProfile as written, so it comes before the defaults.
        let profile = inputs.cloud_profile.as_mut().map(|profile| ProfileDone {
            syntax_errors: syntax_errors(profile, crate::syntax::ObjectKind::CloudProfile),
            defaults_applied: crate::defaults::default_cloud_profile(std::rc::Rc::make_mut(
                &mut profile.value,
            )),
        });
        PreparedProfile {
            source,
            limits,
            inputs,
            objects: report.objects,
            diagnostics: report.diagnostics,
            profile,
            views: ProfileViews::default(),
        }
    }
}

/// The same report as [`analyze`] of the prepared profile's source followed by `sources`.
pub fn analyze_with_profile(
    profile: &PreparedProfile,
    sources: &[Source],
    options: &AnalyzeOptions,
) -> Report {
    analyze_from(Some(profile), sources, options, &mut read_source)
}

/// Analyses one after another that keep the first source read (the CloudProfile, as the app and
/// the npm package order their inputs) while it stays the same: an editor's next keystroke mostly
/// changes the Shoot, and a real CloudProfile is many times its size. Each report is the one
/// [`analyze`] gives.
pub struct KeptProfile {
    /// The prepared first source and how many analyses it has served.
    kept: Option<(PreparedProfile, usize)>,
    analyses_per_preparation: usize,
}

impl Default for KeptProfile {
    /// A prepared profile remembers answers for every instant and Shoot it meets, so an editing
    /// session of hours would grow it without end. Preparing it again after this many analyses
    /// bounds that at the cost of one fresh read.
    fn default() -> KeptProfile {
        KeptProfile {
            kept: None,
            analyses_per_preparation: 256,
        }
    }
}

impl KeptProfile {
    /// [`analyze`] of `sources`, reading the first of them again only when it or the limits changed.
    pub fn analyze(&mut self, sources: &[Source], options: &AnalyzeOptions) -> Report {
        let Some((first, rest)) = sources.split_first() else {
            return analyze(sources, options);
        };
        let reusable = self.kept.as_ref().is_some_and(|(prepared, analyses)| {
            prepared.source == *first
                && prepared.limits == options.limits
                && *analyses < self.analyses_per_preparation
        });
        if !reusable {
            self.kept = None;
        }
        let (prepared, analyses) = self
            .kept
            .get_or_insert_with(|| (PreparedProfile::new(first.clone(), options.limits), 0));
        *analyses += 1;
        analyze_with_profile(prepared, rest, options)
    }
}

/// One report per Shoot of `source` against the prepared profile, in the order of the source: each
/// is the report [`analyze_with_profile`] gives for the source without its other Shoots (its
/// webhook configurations, Seeds and Project stay in every report). The source is read once, so a
/// `List` of a whole project's Shoots (`kubectl get shoots -o yaml`) costs one parse, and each
/// report is made when the iterator comes to it, so a caller that hands each on holds one at a
/// time. A source with no more than one Shoot, a previous Shoot's source, and a source that cannot
/// be read give the one report `analyze_with_profile` gives for it.
pub fn analyze_each_shoot<'a>(
    profile: &'a PreparedProfile,
    source: &'a Source,
    options: &'a AnalyzeOptions,
) -> Box<dyn Iterator<Item = Report> + 'a> {
    let single = || {
        Box::new(std::iter::once_with(|| {
            analyze_with_profile(profile, std::slice::from_ref(source), options)
        }))
    };
    let total_bytes = profile.source.text.len() + source.text.len();
    if source.role != SourceRole::Auto
        || document::check_size(total_bytes, &options.limits).is_err()
    {
        return single();
    }
    let Ok(objects) = parse_objects(source, &options.limits) else {
        return single();
    };
    let (shoots, others): (Vec<_>, Vec<_>) = objects
        .into_iter()
        .enumerate()
        .partition(|(_, (_, object))| text_at(object, &["kind"]) == Some("Shoot"));
    // Each report reads the source's other objects and one Shoot, in the order of the source.
    let report_with = move |shoot: Option<PositionedObject>| {
        let mut shoot = shoot;
        let mut read_objects =
            |source: &Source, _: &document::Limits, inputs: &mut Inputs, report: &mut Report| {
                let shoot = shoot.take();
                let before = shoot.as_ref().map_or(others.len(), |(position, _)| {
                    others.partition_point(|(other, _)| other < position)
                });
                let (earlier, later) = others.split_at(before);
                let objects = earlier
                    .iter()
                    .map(copy_object)
                    .chain(shoot.map(|(_, object)| object))
                    .chain(later.iter().map(copy_object));
                for (place, object) in objects {
                    route(source, place, object, inputs, report);
                }
            };
        analyze_from(
            Some(profile),
            std::slice::from_ref(source),
            options,
            &mut read_objects,
        )
    };
    if shoots.is_empty() {
        return Box::new(std::iter::once_with(move || report_with(None)));
    }
    Box::new(
        shoots
            .into_iter()
            .map(move |shoot| report_with(Some(shoot))),
    )
}

/// An object of a source with its position among the source's objects.
type PositionedObject = (usize, (Place, Value));

fn copy_object((_, (place, object)): &PositionedObject) -> (Place, Value) {
    (place.clone(), object.clone())
}

/// Reads an object into an area's typed view; a mismatch becomes a diagnostic at the object.
fn decode<T: crate::decode::FromValue>(object: &Located, report: &mut Report) -> Option<T> {
    match typed_view(object) {
        Ok(typed) => Some(typed),
        Err(diagnostic) => {
            note_once(&diagnostic, report);
            None
        }
    }
}

/// [`decode`], once per `cell`: later reads take the view (or the diagnostic) decoded first.
fn decode_once<'cell, T: crate::decode::FromValue>(
    cell: &'cell std::cell::OnceCell<Result<T, Box<Diagnostic>>>,
    object: &Located,
    report: &mut Report,
) -> Option<&'cell T> {
    match cell.get_or_init(|| typed_view(object)) {
        Ok(typed) => Some(typed),
        Err(diagnostic) => {
            note_once(diagnostic, report);
            None
        }
    }
}

/// An object's typed view, or the diagnostic at the field that does not fit it.
fn typed_view<T: crate::decode::FromValue>(object: &Located) -> Result<T, Box<Diagnostic>> {
    crate::decode::from_value::<T>(&object.value).map_err(|error| {
        let field = error.path().to_string();
        let message = plain_type_error(error.message(), &object.value, &field);
        Box::new(error_at_field(object, field, message))
    })
}

/// Several areas read the same object; one report of its problem is enough.
fn note_once(diagnostic: &Diagnostic, report: &mut Report) {
    if !report.diagnostics.contains(diagnostic) {
        report.diagnostics.push(diagnostic.clone());
    }
}

/// An error about one field of `object`, at the field's line and column.
fn error_at_field(object: &Located, field: String, message: String) -> Diagnostic {
    let place = object.place_of(&field);
    Diagnostic {
        field: Some(object.text_path(&field)),
        line: place.map(|(line, _)| line),
        column: place.map(|(_, column)| column),
        message,
        ..error_at(object, String::new())
    }
}

/// serde's and chrono's words for a field that does not decode, in plain language: `invalid
/// type: sequence, expected a string` as `expected a string, found a list`, and chrono's bare
/// `input contains invalid characters` with the text and the format that was expected.
fn plain_type_error(message: &str, object: &Value, field: &str) -> String {
    const CHRONO: &[&str] = &[
        "input contains invalid characters",
        "input is out of range",
        "premature end of input",
        "trailing input",
        "input is not enough for unique date and time",
        "no possible date and time matching input",
    ];
    if CHRONO.contains(&message) {
        if let Some(text) = crate::locate::value_at(object, field).and_then(Value::as_str) {
            return format!(
                "`{text}` is not an RFC 3339 time such as `2026-03-31T23:59:59Z`: {message}"
            );
        }
    }
    let message = message
        .replace("expected i32", "expected a whole number")
        .replace("expected i64", "expected a whole number")
        .replace("expected u32", "expected a whole number of at least 0")
        .replace("expected u64", "expected a whole number of at least 0");
    let message = message.as_str();
    let reworded = ["invalid type: ", "invalid value: "]
        .iter()
        .find_map(|prefix| {
            let rest = message.strip_prefix(prefix)?;
            let (found, expected) = rest.split_once(", expected ")?;
            let found = match found {
                "sequence" => "a list",
                "map" => "a mapping",
                other => other,
            };
            Some(format!("expected {expected}, found {found}"))
        });
    reworded.unwrap_or_else(|| message.to_string())
}

fn decode_all<T: crate::decode::FromValue>(objects: &[Located], report: &mut Report) -> Vec<T> {
    objects.iter().filter_map(|o| decode(o, report)).collect()
}

/// Gardener's field errors about `object`, each with the line and column of its field in the input.
fn problems(
    object: &Located,
    errors: Vec<crate::field::FieldError>,
) -> impl Iterator<Item = Problem> + '_ {
    errors.into_iter().map(move |error| {
        let place = object.place_of(&error.field);
        Problem {
            source: object.source.clone(),
            line: place.map(|(line, _)| line),
            column: place.map(|(_, column)| column),
            field: object.text_path(&error.field),
            error_type: error.error_type.as_str().to_string(),
            detail: error.detail,
        }
    })
}

fn error_at(object: &Located, message: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        source: object.source.clone(),
        document: Some(object.document),
        field: None,
        line: None,
        column: None,
        message,
    }
}

/// One maintenance run at `now` and the timeline: both need the CloudProfile and the Shoot.
fn maintain(
    inputs: &Inputs,
    (views, shoot_views): (&ProfileViews, &ShootViews),
    options: &AnalyzeOptions,
    report: &mut Report,
) {
    let (Some(profile), Some(shoot)) = (&inputs.cloud_profile, &inputs.shoot) else {
        return;
    };
    let typed_profile = decode_once(&views.maintenance, profile, report);
    let typed_shoot = decode_once(&shoot_views.maintenance, shoot, report);
    let (Some(typed_profile), Some(typed_shoot)) = (typed_profile, typed_shoot) else {
        return;
    };
    let mut failure = None;
    let memo = &mut *views.runs.borrow_mut();
    if options.wants(Area::Maintenance) {
        match crate::maintenance::run_remembering(typed_profile, typed_shoot, options.now, memo) {
            Ok(outcome) => report.maintenance_now = Some(outcome),
            Err(message) => failure = Some(message),
        }
    }
    // A window that does not parse would be taken for "any time": no timeline on a guess.
    let window_invalid = window_parse_error(&shoot.value).is_some();
    if options.wants(Area::Timeline) && failure.is_none() && !window_invalid {
        let window = effective_window(&shoot.value);
        let horizon = (options.now, options.horizon_end());
        // The rollout area reads this view too; a Shoot that does not fit it is that area's
        // diagnostic to note, so it is left unnoted here.
        let read = || {
            let read = shoot_views.rollout.get_or_init(|| typed_view(shoot));
            read.as_ref().ok()
        };
        match crate::timeline::timeline_remembering(
            typed_profile,
            typed_shoot,
            read,
            window,
            horizon,
            memo,
        ) {
            Ok(timeline) => report.timeline = Some(timeline),
            Err(message) => failure = Some(message),
        }
    }
    if let Some(message) = failure {
        report.diagnostics.push(error_at(
            shoot,
            format!("maintenance cannot run: {message}"),
        ));
    }
}

/// The Shoot's effective maintenance window (the always-window when it configures none).
fn configured_window(shoot: &Value) -> Option<(&str, &str)> {
    let begin = text_at(shoot, &["spec", "maintenance", "timeWindow", "begin"]);
    let end = text_at(shoot, &["spec", "maintenance", "timeWindow", "end"]);
    begin.zip(end)
}

fn effective_window(shoot: &Value) -> MaintenanceTimeWindow {
    MaintenanceTimeWindow::effective(configured_window(shoot))
}

/// Why the Shoot's configured maintenance window does not parse, if it does not.
fn window_parse_error(shoot: &Value) -> Option<String> {
    configured_window(shoot).and_then(|(begin, end)| MaintenanceTimeWindow::parse(begin, end).err())
}

fn hibernation(inputs: &Inputs, views: &ProfileViews, now: DateTime<Utc>, report: &mut Report) {
    use crate::constraints::{self, ShootClusterObjects, WebhookConfiguration};
    let Some(shoot_object) = &inputs.shoot else {
        return;
    };
    let configurations: Vec<WebhookConfiguration> =
        decode_all(&inputs.webhook_configurations, report);
    let Some(shoot) = decode::<constraints::Shoot>(shoot_object, report) else {
        return;
    };
    let cluster = ShootClusterObjects {
        webhook_configurations: configurations.clone(),
        ..Default::default()
    };
    let (schedule_events, schedule_error, overlap) =
        match decode::<crate::hibernation::Shoot>(shoot_object, report) {
            Some(typed) => {
                let schedules = typed
                    .spec
                    .hibernation
                    .as_ref()
                    .map_or(&[][..], |h| h.schedules.as_slice());
                let week_later = now + chrono::TimeDelta::days(7);
                let mut memo = views.schedules.borrow_mut();
                let (events, error) = match memo.next_events(schedules, (now, week_later), 20) {
                    Ok(events) => (events, None),
                    Err(error) => (Vec::new(), Some(error)),
                };
                let overlap = memo.hibernated_during_next_maintenance_window(&typed, now);
                (events, error, overlap)
            }
            None => (Vec::new(), None, false),
        };
    report.hibernation = Some(Hibernation {
        webhooks: constraints::webhook_report(&configurations),
        remediation: constraints::remediate(&configurations),
        constraints: constraints::shoot_constraints(&shoot, &Default::default(), &cluster, now),
        schedule_events,
        schedule_error,
        hibernated_during_next_maintenance_window: overlap,
    });
}

fn validate(
    inputs: &Inputs,
    (views, shoot_views): (&ProfileViews, &ShootViews),
    options: &AnalyzeOptions,
    report: &mut Report,
) {
    let now = options.now;
    use crate::validation::{self, Operation};
    let profile = inputs
        .cloud_profile
        .as_ref()
        .and_then(|p| decode_once(&views.validation, p, report));
    // Gardener does not validate a NamespacedCloudProfile's merged profile (its spec lives
    // elsewhere in the text) as a CloudProfile.
    let own_profile = inputs
        .cloud_profile
        .as_ref()
        .filter(|p| p.spec_in_text.is_none());
    if let (Some(located), Some(profile)) = (own_profile, profile) {
        let found = views.problems(located, (options.feature_gates, now), || {
            let result = validation::validate_cloud_profile(
                profile,
                None,
                Operation::Update,
                options.feature_gates,
                now,
            );
            problems(located, result.errors).collect()
        });
        report.validation.problems.extend(found);
    }
    let Some(shoot_object) = &inputs.shoot else {
        return;
    };
    let Some(shoot) = decode::<validation::Shoot>(shoot_object, report) else {
        return;
    };
    let previous = inputs
        .previous_shoot
        .as_ref()
        .and_then(|p| decode::<validation::Shoot>(p, report));
    report.validation.shoot_operation = if previous.is_some() {
        "update from the previous Shoot".to_string()
    } else {
        "update without changes".to_string()
    };
    let old = previous.as_ref().unwrap_or(&shoot);
    let mut errors =
        validation::validate_shoot_versions_static(Some(old), &shoot, Operation::Update);
    // `ValidateTolerations` (a list that does not read as tolerations is the decoder's error).
    if let Some(list) = shoot_object.value.pointer("/spec/tolerations") {
        if let Ok(tolerations) =
            crate::decode::from_value::<Vec<crate::scheduling::Toleration>>(list)
        {
            errors.extend(
                crate::scheduling::toleration_restriction::validate_tolerations(
                    &tolerations,
                    "spec.tolerations",
                ),
            );
        }
    }
    // `ValidateFeatureGates` of every component, part of the static validation.
    if let Some(maintained) = decode_once(&shoot_views.maintenance, shoot_object, report) {
        errors.extend(crate::maintenance::admission::feature_gates_of(maintained));
    }
    if let Some(profile) = profile {
        errors.extend(validation::validate_shoot_versions(
            profile,
            Some(old),
            &shoot,
            Operation::Update,
            now,
        ));
    }
    // The update strategy's rules are static too: without the previous Shoot, the Shoot is
    // compared with itself, as for the version rules.
    let new_rollout = decode_once(&shoot_views.rollout, shoot_object, report);
    let old_rollout = match &inputs.previous_shoot {
        Some(p) => decode_once(&shoot_views.previous_rollout, p, report),
        None => new_rollout,
    };
    if let (Some(old_rollout), Some(new_rollout)) = (old_rollout, new_rollout) {
        errors.extend(crate::rollout::validate_update_strategy(
            Some(old_rollout),
            new_rollout,
            crate::rollout::Operation::Update,
            &crate::rollout::FeatureGates::default(),
        ));
    }
    let found: Vec<Problem> = problems(shoot_object, errors).collect();
    report.validation.problems.extend(found);
}

fn rollout(inputs: &Inputs, views: &ShootViews, report: &mut Report) {
    let Some(shoot_object) = &inputs.shoot else {
        return;
    };
    let Some(shoot) = decode_once(&views.rollout, shoot_object, report) else {
        return;
    };
    for worker in &shoot.spec.provider.workers {
        report.rollout_shapes.insert(
            worker.name.clone(),
            crate::rollout::rollout_shape(worker, None),
        );
    }
    let previous = (inputs.previous_shoot.as_ref())
        .and_then(|p| decode_once(&views.previous_rollout, p, report));
    let worker_resource = (inputs.worker.as_ref())
        .and_then(|w| decode::<crate::rollout::types::WorkerResource>(w, report));
    // Without the previous Shoot, the seed's Worker still says which in-place pools are updated.
    if previous.is_some() || worker_resource.is_some() {
        let options = crate::rollout::RollTriggerOptions {
            worker_resource,
            ..Default::default()
        };
        match crate::rollout::roll_triggers(previous, shoot, &options) {
            Ok(mut triggers) => {
                if let Some(previous) = &inputs.previous_shoot {
                    add_changed_values(&mut triggers, &previous.value, &shoot_object.value);
                }
                report.roll_triggers = Some(triggers);
            }
            Err(message) => report.diagnostics.push(error_at(
                shoot_object,
                format!("roll triggers could not be computed: {message}"),
            )),
        }
    }
}

/// Each pool's causes with the values before and after, read from the two Shoots: a cause under
/// `.spec.provider.workers[]` in the pool of that name, any other from the Shoot itself.
fn add_changed_values(triggers: &mut crate::rollout::RollTriggers, old: &Value, new: &Value) {
    const POOLS: &str = ".spec.provider.workers[]";
    let value = |shoot: &Value, pool: &str, cause: &str| -> Option<String> {
        let found = match cause.strip_prefix(POOLS) {
            Some(rest) => {
                let worker = (shoot.pointer("/spec/provider/workers")?.as_array()?.iter())
                    .find(|worker| text_at(worker, &["name"]) == Some(pool))?;
                // The whole pool (a pool's every field) is no value to show.
                let rest = rest.strip_prefix('.').filter(|rest| !rest.is_empty())?;
                crate::locate::value_at(worker, rest)?
            }
            None => crate::locate::value_at(shoot, cause.trim_start_matches('.'))?,
        };
        Some(crate::rollout::changes::short_text(found))
    };
    for (pool, trigger) in &mut triggers.workers {
        trigger.changes = (trigger.causes.iter())
            .map(|cause| crate::rollout::FieldChange {
                field: cause.replacen("workers[]", &format!("workers[{pool}]"), 1),
                old: value(old, pool, cause),
                new: value(new, pool, cause),
            })
            .collect();
    }
}

/// The documents the areas work on, routed by kind.
#[derive(Default, Clone)]
struct Inputs {
    cloud_profile: Option<Located>,
    shoot: Option<Located>,
    previous_shoot: Option<Located>,
    webhook_configurations: Vec<Located>,
    seeds: Vec<Located>,
    project: Option<Located>,
    worker: Option<Located>,
}

/// A NamespacedCloudProfile as the CloudProfile Gardener derives from it: its name and namespace with
/// `status.cloudProfileSpec` as the spec; `None` without that status.
fn merged_profile_of_namespaced(object: &Value) -> Option<Value> {
    let spec = object.get("status")?.get("cloudProfileSpec")?;
    if !spec.is_object() {
        return None;
    }
    let mut profile = serde_json::Map::new();
    profile.insert("apiVersion".into(), "core.gardener.cloud/v1beta1".into());
    profile.insert("kind".into(), "CloudProfile".into());
    if let Some(metadata) = object.get("metadata") {
        profile.insert("metadata".into(), metadata.clone());
    }
    profile.insert("spec".into(), spec.clone());
    Some(Value::Object(profile))
}

/// An object with the place it was read from.
#[derive(Clone)]
struct Located {
    /// Shared: the analyses against a prepared profile each hold its CloudProfile.
    value: std::rc::Rc<Value>,
    source: String,
    document: usize,
    /// The index inside a `List` document.
    item: Option<usize>,
    /// Finds the line of a field in the whole text of its source.
    locator: SharedLocator,
    /// Where the text holds what `value` calls `spec`, when not at `spec` (a NamespacedCloudProfile's
    /// merged profile is at `status.cloudProfileSpec`).
    spec_in_text: Option<&'static str>,
}

impl Located {
    /// The path in the text of a field of `value`.
    fn text_path(&self, field: &str) -> String {
        match (self.spec_in_text, field.strip_prefix("spec")) {
            (Some(spec), Some(rest)) if rest.is_empty() || rest.starts_with(['.', '[']) => {
                format!("{spec}{rest}")
            }
            _ => field.to_string(),
        }
    }

    /// The line and column of a field of `value` in the text.
    fn place_of(&self, field: &str) -> Option<(usize, usize)> {
        let path = self.text_path(field);
        (self.locator.borrow_mut()).place(self.document, self.item, &path)
    }
}

fn read_source(
    source: &Source,
    limits: &document::Limits,
    inputs: &mut Inputs,
    report: &mut Report,
) {
    match parse_objects(source, limits) {
        Ok(objects) => {
            for (place, object) in objects {
                route(source, place, object, inputs, report);
            }
        }
        Err(diagnostic) => report.diagnostics.push(*diagnostic),
    }
}

/// The objects of a source with their places, `List` items one by one; or the error that stops
/// reading it.
fn parse_objects(
    source: &Source,
    limits: &document::Limits,
) -> Result<Vec<(Place, Value)>, Box<Diagnostic>> {
    let documents = document::parse_documents(&source.text, limits).map_err(|error| {
        Box::new(Diagnostic {
            severity: Severity::Error,
            source: source.name.clone(),
            document: None,
            field: None,
            line: error.line,
            column: error.column,
            message: error.message,
        })
    })?;
    let locator = SharedLocator::new(crate::locate::Locator::new(&source.text).into());
    let mut objects = Vec::new();
    for (index, document) in documents.into_iter().enumerate() {
        let place = |item| Place {
            locator: locator.clone(),
            document: index,
            item,
        };
        match list_items(document) {
            Ok(items) => objects.extend(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(item, object)| (place(Some(item)), object)),
            ),
            Err(object) => objects.push((place(None), object)),
        }
    }
    Ok(objects)
}

/// A `List` (as `kubectl get -o yaml` prints several objects) stands for its items: `Ok(items)` for a
/// list, `Err(document)` for any other document.
fn list_items(mut document: Value) -> Result<Vec<Value>, Value> {
    let is_list = document
        .get("kind")
        .and_then(Value::as_str)
        .is_some_and(|kind| kind == "List" || kind.ends_with("List"));
    match document.get_mut("items").map(Value::take) {
        Some(Value::Array(items)) if is_list => Ok(items),
        Some(taken) => {
            // Not a list after all: put the field back untouched.
            if let Some(slot) = document.get_mut("items") {
                *slot = taken;
            }
            Err(document)
        }
        None => Err(document),
    }
}

/// Where an object was read: its source's text, document and `List` item.
#[derive(Clone)]
struct Place {
    locator: SharedLocator,
    document: usize,
    item: Option<usize>,
}

/// The places found in one source's text, shared by every object read from it: the Shoots of a
/// landscape's `List` each point at their problems in the same text, which is read once for all.
type SharedLocator = std::rc::Rc<std::cell::RefCell<crate::locate::Locator>>;

/// The kinds `analyze` reads, for the message about any other.
/// The kinds the reader routes (a `List` is opened before).
const KINDS: &[&str] = &[
    "CloudProfile",
    "NamespacedCloudProfile",
    "Shoot",
    "ValidatingWebhookConfiguration",
    "MutatingWebhookConfiguration",
    "Seed",
    "Project",
    "Worker",
    "List",
];

/// How far a `kind` may be from one the reader routes to be taken for a misspelling of it (`Shot`,
/// `Sed`, `cloudprofile`), an error; a kind further away is another object, left out with a warning.
const MISSPELT_KIND_DISTANCE: usize = 2;

const KINDS_READ: &str = "shoot-policy reads CloudProfile, NamespacedCloudProfile, Shoot, \
ValidatingWebhookConfiguration, MutatingWebhookConfiguration, Seed, Project, Worker and List";

fn route(
    source: &Source,
    place: Place,
    mut object: Value,
    inputs: &mut Inputs,
    report: &mut Report,
) {
    let index = place.document;
    // Located only for a diagnostic: finding a line scans the text, most objects need none.
    let locator = place.locator.clone();
    let diagnostic = |severity: Severity, message: String| {
        let kind_place = locator.borrow_mut().place(index, place.item, "kind");
        Diagnostic {
            severity,
            source: source.name.clone(),
            document: Some(index),
            field: Some("kind".to_string()),
            line: kind_place.map(|(line, _)| line),
            column: kind_place.map(|(_, column)| column),
            message,
        }
    };
    let Some(kind) = text_at(&object, &["kind"]).map(str::to_string) else {
        report.diagnostics.push(diagnostic(
            Severity::Error,
            format!("the document has no `kind`; {KINDS_READ}"),
        ));
        return;
    };
    let name = text_at(&object, &["metadata", "name"])
        .unwrap_or("")
        .to_string();
    let namespace = text_at(&object, &["metadata", "namespace"]).map(str::to_string);
    let mut spec_in_text = None;
    let (slot, role) = match kind.as_str() {
        "CloudProfile" => (Some(&mut inputs.cloud_profile), ObjectRole::CloudProfile),
        // Gardener's controllers use the merged profile the API server writes into the status
        // (`GetCloudProfile`), never the overrides in `spec`.
        "NamespacedCloudProfile" => match merged_profile_of_namespaced(&object) {
            Some(profile) => {
                object = profile;
                spec_in_text = Some("status.cloudProfileSpec");
                (Some(&mut inputs.cloud_profile), ObjectRole::CloudProfile)
            }
            None => {
                report.diagnostics.push(diagnostic(
                    Severity::Warning,
                    format!(
                        "NamespacedCloudProfile {name} has no status.cloudProfileSpec, the merged profile \
(its parent CloudProfile with these overrides) that Gardener uses and the API server writes: paste it \
as read from the cluster (kubectl get namespacedcloudprofile {name} -o yaml), or paste the parent \
CloudProfile"
                    ),
                ));
                (None, ObjectRole::Ignored)
            }
        },
        "Shoot" if source.role == SourceRole::PreviousShoot => {
            (Some(&mut inputs.previous_shoot), ObjectRole::PreviousShoot)
        }
        "Shoot" => (Some(&mut inputs.shoot), ObjectRole::Shoot),
        "Project" => (Some(&mut inputs.project), ObjectRole::Project),
        "Worker" => (Some(&mut inputs.worker), ObjectRole::Worker),
        "ValidatingWebhookConfiguration" | "MutatingWebhookConfiguration" => {
            (None, ObjectRole::WebhookConfiguration)
        }
        "Seed" => (None, ObjectRole::Seed),
        other => {
            // A typo in `kind` would otherwise drop the object silently and change the analysis;
            // another kind (a CredentialsBinding in `kubectl get` output) is only not read.
            let misspelt = other.is_empty()
                || crate::spelling::nearest(other, KINDS)
                    .is_some_and(|(_, distance)| distance <= MISSPELT_KIND_DISTANCE);
            let diagnostic = if misspelt {
                diagnostic(
                    Severity::Error,
                    format!("unknown kind `{other}`; {KINDS_READ}"),
                )
            } else {
                diagnostic(
                    Severity::Warning,
                    format!("{other} {name} is not read and is left out; {KINDS_READ}"),
                )
            };
            report.diagnostics.push(diagnostic);
            (None, ObjectRole::Ignored)
        }
    };
    let located = Located {
        value: std::rc::Rc::new(object),
        source: source.name.clone(),
        document: index,
        item: place.item,
        locator: place.locator,
        spec_in_text,
    };
    // Roles that take one object keep the first; a second one is named so the user knows.
    let role = match slot {
        Some(slot) if slot.is_some() => {
            report.diagnostics.push(diagnostic(
                Severity::Warning,
                format!("a second {kind} was given; only the first one is analysed"),
            ));
            ObjectRole::Ignored
        }
        Some(slot) => {
            *slot = Some(located);
            role
        }
        None => {
            match role {
                ObjectRole::WebhookConfiguration => inputs.webhook_configurations.push(located),
                ObjectRole::Seed => inputs.seeds.push(located),
                _ => {}
            }
            role
        }
    };
    report.objects.push(RecognisedObject {
        kind,
        name,
        namespace,
        source: source.name.clone(),
        document: index,
        role,
    });
}

/// The instants at which a version of the CloudProfile (Kubernetes or machine image) may change
/// its classification, ascending: every expiration date and lifecycle start a version names,
/// read without decoding the versions. Where a version's lifecycle makes its expiration date
/// count for nothing, the date is listed all the same: an instant too many only means finding
/// again what was found already.
fn classification_transitions(profile: &Value) -> Vec<DateTime<Utc>> {
    let Some(spec) = profile.get("spec") else {
        return Vec::new();
    };
    fn list(parent: Option<&Value>) -> &[Value] {
        (parent
            .and_then(|p| p.get("versions"))
            .and_then(Value::as_array))
        .map_or(&[], Vec::as_slice)
    }
    let images = spec.get("machineImages").and_then(Value::as_array);
    let versions = list(spec.get("kubernetes")).iter().chain(
        images
            .into_iter()
            .flatten()
            .flat_map(|image| list(Some(image))),
    );
    let instant = |value: Option<&Value>| {
        value.and_then(|value| crate::decode::from_value::<DateTime<Utc>>(value).ok())
    };
    crate::lifecycle::ascending_once(versions.flat_map(|version| {
        let stages = version.get("lifecycle").and_then(Value::as_array);
        let starts = stages
            .into_iter()
            .flatten()
            .map(|stage| stage.get("startTime"));
        std::iter::once(version.get("expirationDate"))
            .chain(starts)
            .filter_map(instant)
    }))
}

fn classify(versions: Option<&Value>, now: DateTime<Utc>) -> Vec<ClassifiedVersion> {
    let versions: Vec<ExpirableVersion> = versions
        .and_then(|v| crate::decode::from_value(v).ok())
        .unwrap_or_default();
    versions
        .into_iter()
        .map(|version| {
            let lifecycle = version.effective_lifecycle();
            ClassifiedVersion {
                classification: version.classification_at(now),
                expires: lifecycle
                    .iter()
                    .find(|stage| stage.classification == Classification::Expired)
                    .and_then(|stage| stage.start_time),
                lifecycle: lifecycle
                    .into_iter()
                    .map(|stage| VersionStage {
                        classification: stage.classification,
                        start_time: stage.start_time,
                    })
                    .collect(),
                version: version.version,
            }
        })
        .collect()
}

fn version_matrix(profile: &Value, now: DateTime<Utc>) -> Option<VersionMatrix> {
    let spec = profile.get("spec")?;
    let kubernetes = classify(spec.get("kubernetes").and_then(|k| k.get("versions")), now);
    let machine_images = spec
        .get("machineImages")
        .and_then(Value::as_array)
        .map(|images| {
            images
                .iter()
                .map(|image| ClassifiedImage {
                    name: text_at(image, &["name"]).unwrap_or("").to_string(),
                    versions: classify(image.get("versions"), now),
                })
                .collect()
        })
        .unwrap_or_default();
    Some(VersionMatrix {
        kubernetes,
        machine_images,
        eligible_updates: Vec::new(),
    })
}

fn maintenance_window(shoot: &Value, now: DateTime<Utc>) -> MaintenanceWindowInfo {
    let window = effective_window(shoot);
    let (next_begin, next_end) = window.next_occurrence(now);
    let invalid = window_parse_error(shoot);
    MaintenanceWindowInfo {
        begin: window.begin.to_string(),
        end: window.end.to_string(),
        always: invalid.is_none() && window == MaintenanceTimeWindow::ALWAYS,
        invalid,
        next_begin,
        next_end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(name: &str, text: &str) -> Source {
        Source::auto(name, text)
    }

    fn now() -> DateTime<Utc> {
        "2026-01-01T00:00:00Z".parse().unwrap()
    }

    #[test]
    fn roll_triggers_name_each_changed_field_with_its_values() {
        let example = &crate::examples::IN_PLACE_POOL;
        let sources = [
            source("CloudProfile", example.cloud_profile),
            source("Shoot", example.shoot),
            Source {
                name: "Previous Shoot".to_string(),
                role: SourceRole::PreviousShoot,
                text: example.previous_shoot.to_string(),
            },
        ];
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        let triggers = report.roll_triggers.unwrap();
        let (pool, trigger) = triggers.workers.iter().next().unwrap();
        let image = (trigger.changes.iter())
            .find(|c| c.field.ends_with("machine.image.version"))
            .unwrap_or_else(|| panic!("{:?}", trigger.changes));
        assert_eq!(
            image.field,
            format!(".spec.provider.workers[{pool}].machine.image.version")
        );
        assert_eq!(
            (image.old.as_deref(), image.new.as_deref()),
            (Some("1877.3.0"), Some("1877.5.0"))
        );
        assert_eq!(trigger.changes.len(), trigger.causes.len());
    }

    #[test]
    fn the_static_shoot_rules_run_without_a_previous_shoot() {
        let example = &crate::examples::DEFAULT;
        let shoot = example.shoot.replacen(
            "spec:\n",
            "spec:\n  tolerations:\n  - key: a\n  - key: a\n",
            1,
        );
        let shoot = shoot.replacen(
            "  kubernetes:\n",
            "  kubernetes:\n    kubeAPIServer:\n      featureGates:\n        NoSuchGate: true\n",
            1,
        );
        // A static rule of the update strategy: maxSurge and maxUnavailable may not both be 0.
        let shoot = shoot.replacen("      maxSurge: 1\n", "      maxSurge: 0\n", 1);
        let sources = [
            source("CloudProfile", example.cloud_profile),
            source("Shoot", &shoot),
        ];
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        let found: Vec<(&str, &str)> = (report.validation.problems.iter())
            .map(|p| (p.field.as_str(), p.error_type.as_str()))
            .collect();
        assert!(
            found.contains(&("spec.tolerations[1]", "FieldValueDuplicate")),
            "{found:?}"
        );
        assert!(
            found.contains(&(
                "spec.kubernetes.kubeAPIServer.featureGates.NoSuchGate",
                "FieldValueInvalid"
            )),
            "{found:?}"
        );
        assert!(
            found.contains(&(
                "spec.provider.workers[0].maxUnavailable",
                "FieldValueInvalid"
            )),
            "{found:?}"
        );
        // Each problem once.
        let mut unique = found.clone();
        unique.dedup();
        assert_eq!(unique.len(), found.len(), "{found:?}");
        let fact = (report.summary.facts.iter())
            .find(|f| f.label == "Validation problems")
            .unwrap();
        assert_eq!(fact.text, "3");
    }

    #[test]
    fn a_misspelt_kind_is_an_error_and_another_kind_a_warning() {
        let objects = "kind: Shot\nmetadata: {name: a}\n---\nkind: CredentialsBinding\nmetadata: {name: aws}\n---\nkind: ConfigMap\nmetadata: {name: c}\n";
        let report = analyze(
            &[source("Other objects", objects)],
            &AnalyzeOptions::at(now()),
        );
        let found: Vec<(Severity, &str)> = (report.diagnostics.iter())
            .map(|d| (d.severity, d.message.as_str()))
            .collect();
        assert_eq!(found.len(), 3, "{found:?}");
        assert_eq!(found[0].0, Severity::Error);
        assert!(found[0].1.starts_with("unknown kind `Shot`; "), "{found:?}");
        assert_eq!(found[1].0, Severity::Warning);
        assert!(
            found[1]
                .1
                .starts_with("CredentialsBinding aws is not read and is left out; "),
            "{found:?}"
        );
        assert_eq!(found[2].0, Severity::Warning);
        assert!(
            (report.objects.iter()).all(|o| o.role == ObjectRole::Ignored),
            "{:?}",
            report.objects
        );
    }

    #[test]
    fn a_versions_lifecycle_is_reported_and_split_into_spans() {
        let profile = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  kubernetes:\n    versions:\n    - version: 1.30.1\n      classification: deprecated\n      expirationDate: \"2026-03-01T00:00:00Z\"\n    - version: 1.31.1\n";
        let report = analyze(
            &[source("CloudProfile", profile)],
            &AnalyzeOptions::at(now()),
        );
        let versions = &report.versions.as_ref().unwrap().kubernetes;
        let (old, new) = (&versions[0], &versions[1]);
        let at = |text: &str| text.parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            old.lifecycle,
            [
                VersionStage {
                    classification: Classification::Deprecated,
                    start_time: None
                },
                VersionStage {
                    classification: Classification::Expired,
                    start_time: Some(at("2026-03-01T00:00:00Z"))
                }
            ]
        );
        assert!(new.lifecycle.is_empty());
        let (from, to) = (now(), at("2027-01-01T00:00:00Z"));
        assert_eq!(
            old.classification_spans(from, to),
            [
                (from, at("2026-03-01T00:00:00Z"), Classification::Deprecated),
                (at("2026-03-01T00:00:00Z"), to, Classification::Expired)
            ]
        );
        assert_eq!(
            new.classification_spans(from, to),
            [(from, to, Classification::Supported)]
        );
        // A stage that starts where the span starts takes effect just after it.
        let expired_from = at("2026-03-01T00:00:00Z");
        assert_eq!(
            old.classification_spans(expired_from, to),
            [(expired_from, to, Classification::Expired)]
        );
    }

    #[test]
    fn a_shoot_of_another_cloud_profile_is_warned_about_at_its_field() {
        let shoot = crate::examples::DEFAULT.shoot.to_string();
        let renamed =
            crate::examples::DEFAULT
                .cloud_profile
                .replacen("name: aws", "name: aws-legacy", 1);
        assert_ne!(renamed, crate::examples::DEFAULT.cloud_profile);
        let sources = [source("CloudProfile", &renamed), source("Shoot", &shoot)];
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        let warnings: Vec<&Diagnostic> = (report.diagnostics.iter())
            .filter(|d| d.severity == Severity::Warning)
            .collect();
        let [warning] = warnings.as_slice() else {
            panic!("{:?}", report.diagnostics)
        };
        assert_eq!(warning.source, "Shoot");
        assert!(warning.line.is_some(), "{warning:?}");
        assert_eq!(
            warning.message,
            "the Shoot uses CloudProfile \"aws\", but the CloudProfile given is \"aws-legacy\": \
             every result here is about \"aws-legacy\""
        );
        // The same names: no warning.
        let sources = [
            source("CloudProfile", crate::examples::DEFAULT.cloud_profile),
            source("Shoot", &shoot),
        ];
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    }

    #[test]
    fn an_invalid_maintenance_window_is_named_and_gets_no_timeline() {
        let shoot = crate::examples::DEFAULT
            .shoot
            .replace("begin: 220000+0100", "begin: 2200+0100");
        assert_ne!(shoot, crate::examples::DEFAULT.shoot);
        let sources = [
            source("CloudProfile", crate::examples::DEFAULT.cloud_profile),
            source("Shoot", &shoot),
        ];
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        let window = report.maintenance_window.as_ref().unwrap();
        assert!(!window.always);
        assert!(
            (window.invalid.as_deref())
                .is_some_and(|why| why.starts_with("could not parse begin time")),
            "{:?}",
            window.invalid
        );
        assert!(report.timeline.is_none());
        assert_eq!(report.summary.next_maintenance_window, None);
        let fact = (report.summary.facts.iter())
            .find(|f| f.label == "Next maintenance window")
            .unwrap();
        assert!(fact
            .text
            .starts_with("unknown: the configured window does not parse"));
        assert!(!report
            .summary
            .facts
            .iter()
            .any(|f| f.text.contains("any time")));
    }

    #[test]
    fn a_prepared_profile_gives_the_report_of_its_source_analysed_first() {
        let json = |report: Report| serde_json::to_value(report).unwrap();
        let options = AnalyzeOptions::at(now());
        let tight = AnalyzeOptions {
            limits: document::Limits {
                max_documents: 1,
                ..Default::default()
            },
            ..AnalyzeOptions::at(now())
        };
        let broken_profile = crate::examples::DEFAULT.cloud_profile.replacen(
            "version: 1.31.13",
            "version: 1.31.x",
            1,
        );
        assert_ne!(broken_profile, crate::examples::DEFAULT.cloud_profile);
        let profile_and_shoot = format!(
            "{}\n---\n{}",
            crate::examples::DEFAULT.cloud_profile,
            crate::examples::DEFAULT.shoot
        );
        let mut cases: Vec<(String, Vec<Source>)> = crate::examples::GALLERY
            .iter()
            .map(|example| {
                let mut rest = vec![source("Shoot", example.shoot)];
                if !example.previous_shoot.is_empty() {
                    rest.push(Source {
                        role: SourceRole::PreviousShoot,
                        ..source("Previous", example.previous_shoot)
                    });
                }
                if !example.objects.is_empty() {
                    rest.push(source("Objects", example.objects));
                }
                (example.cloud_profile.to_string(), rest)
            })
            .collect();
        // A field the engine cannot parse, a profile source that holds the Shoot too, a second
        // CloudProfile, a NamespacedCloudProfile, no CloudProfile at all.
        let shoot = || source("Shoot", crate::examples::DEFAULT.shoot);
        cases.push((broken_profile, vec![shoot()]));
        cases.push((profile_and_shoot, vec![]));
        cases.push((
            crate::examples::DEFAULT.cloud_profile.to_string(),
            vec![
                shoot(),
                source("Second", crate::examples::DEFAULT.cloud_profile),
            ],
        ));
        cases.push((NAMESPACED.to_string(), vec![shoot()]));
        cases.push((crate::examples::DEFAULT.shoot.to_string(), vec![]));
        let hand_written = "apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata: {name: hand-written}
spec:
  kubernetes: {versions: [{version: 1.31.13}]}
  machineImages: [{name: gardenlinux, versions: [{version: 1592.14.0}]}]
  machineTypes: [{name: m5.large, cpu: '2', gpu: '0', memory: 8Gi}]
";
        let defaulted =
            PreparedProfile::new(source("CloudProfile", hand_written), Default::default());
        assert!(!defaulted.profile.unwrap().defaults_applied.is_empty());
        cases.push((hand_written.to_string(), vec![shoot()]));
        for (profile_text, rest) in cases {
            let profile_source = source("CloudProfile", &profile_text);
            let prepared = PreparedProfile::new(profile_source.clone(), Default::default());
            let all: Vec<Source> = std::iter::once(profile_source)
                .chain(rest.clone())
                .collect();
            for options in [&options, &tight] {
                assert_eq!(
                    json(analyze_with_profile(&prepared, &rest, options)),
                    json(analyze(&all, options)),
                    "{profile_text}"
                );
            }
            // Prepared once, used for many.
            assert_eq!(
                json(analyze_with_profile(&prepared, &rest, &options)),
                json(analyze(&all, &options))
            );
        }
    }

    /// A prepared profile keeps what the areas read of the CloudProfile alone (typed views, the
    /// version matrix, its own validation problems) across analyses; each analysis still gets the
    /// report `analyze` gives, whatever its instant, feature gates and Shoot.
    #[test]
    fn kept_profile_views_give_each_analysis_its_own_report() {
        use crate::examples::{DEFAULT, GALLERY, IN_PLACE_POOL, LIFECYCLE_PROFILE};
        let json = |report: Report| serde_json::to_value(report).unwrap();
        let base = AnalyzeOptions::at(now());
        let later = AnalyzeOptions::at(now() + chrono::TimeDelta::days(400));
        let gated = AnalyzeOptions {
            feature_gates: crate::validation::FeatureGates {
                version_classification_lifecycle: true,
                ..Default::default()
            },
            ..AnalyzeOptions::at(now())
        };
        let mistyped = DEFAULT
            .cloud_profile
            .replacen("version: 1.31.13", "version: {major: 1}", 1);
        assert_ne!(mistyped, DEFAULT.cloud_profile);
        let shoots = [DEFAULT.shoot, IN_PLACE_POOL.shoot, LIFECYCLE_PROFILE.shoot];
        for profile_text in [
            DEFAULT.cloud_profile,
            LIFECYCLE_PROFILE.cloud_profile,
            &mistyped,
        ] {
            let profile = source("CloudProfile", profile_text);
            let prepared = PreparedProfile::new(profile.clone(), Default::default());
            for options in [&base, &later, &gated, &base] {
                for shoot in shoots {
                    let shoot = source("Shoot", shoot);
                    assert_eq!(
                        json(analyze_with_profile(
                            &prepared,
                            std::slice::from_ref(&shoot),
                            options
                        )),
                        json(analyze(&[profile.clone(), shoot], options)),
                        "{profile_text}"
                    );
                }
            }
        }
        // A prepared source without a CloudProfile keeps none: each analysis reads its own.
        let objects = source(
            "Objects",
            crate::examples::WEBHOOK_BLOCKS_HIBERNATION.objects,
        );
        let prepared = PreparedProfile::new(objects.clone(), Default::default());
        for example in GALLERY {
            let rest = [
                source("CloudProfile", example.cloud_profile),
                source("Shoot", example.shoot),
            ];
            let all: Vec<Source> = std::iter::once(objects.clone())
                .chain(rest.clone())
                .collect();
            assert_eq!(
                json(analyze_with_profile(&prepared, &rest, &base)),
                json(analyze(&all, &base)),
                "{}",
                example.id
            );
        }
    }

    /// The report of `shoot` against the prepared `profile` at `instant`, as JSON, after holding
    /// it to the report `analyze` gives for both sources.
    fn kept_report_at(
        prepared: &PreparedProfile,
        profile: &Source,
        shoot: &Source,
        instant: DateTime<Utc>,
    ) -> serde_json::Value {
        let options = AnalyzeOptions::at(instant);
        let json = |report: Report| serde_json::to_value(report).unwrap();
        let kept = json(analyze_with_profile(
            prepared,
            std::slice::from_ref(shoot),
            &options,
        ));
        let fresh = json(analyze(&[profile.clone(), shoot.clone()], &options));
        assert_eq!(kept, fresh, "at {instant}");
        kept
    }

    /// A prepared profile keeps its version matrix and its own validation problems for the
    /// instants with the same classification transitions behind them. A version expiring at T is
    /// expired from one second after T (`start < now`): one second before T and T itself share
    /// both findings, one second after T has its own. Here two supported 1.31 patch versions
    /// overlap until 1.31.1 expires, which Gardener reports for each of them while both are
    /// supported.
    #[test]
    fn kept_profile_findings_serve_until_the_next_transition() {
        let profile = source(
            "CloudProfile",
            "apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata: {name: overlapping}
spec:
  type: aws
  kubernetes:
    versions:
    - {version: 1.31.1, classification: supported, expirationDate: '2027-01-15T00:00:00Z'}
    - {version: 1.31.2, classification: supported}
  machineImages: [{name: gardenlinux, versions: [{version: 1592.14.0}]}]
  machineTypes: [{name: m5.large, cpu: '2', gpu: '0', memory: 8Gi}]
  regions: [{name: eu-west-1}]
",
        );
        let shoot = source("Shoot", crate::examples::DEFAULT.shoot);
        let transition: DateTime<Utc> = "2027-01-15T00:00:00Z".parse().unwrap();
        let second = chrono::TimeDelta::seconds(1);
        let prepared = PreparedProfile::new(profile.clone(), Default::default());
        let instants = [
            transition - second,
            transition,
            transition + second,
            transition - second,
            transition + chrono::TimeDelta::days(30),
        ];
        let mut findings = Vec::new();
        for instant in instants {
            let kept = kept_report_at(&prepared, &profile, &shoot, instant);
            let problems = kept["validation"]["problems"].as_array().unwrap();
            let overlaps = problems
                .iter()
                .filter(|p| {
                    p["field"]
                        .as_str()
                        .unwrap()
                        .starts_with("spec.kubernetes.versions")
                })
                .count();
            findings.push((kept["versions"]["kubernetes"].clone(), overlaps));
        }
        let alike = |a, b| {
            let profile = prepared.inputs.cloud_profile.as_ref().unwrap();
            prepared.views.classified_alike(profile, a, b)
        };
        assert!(alike(transition - second, transition));
        assert!(!alike(transition, transition + second));
        assert_eq!(findings[0], findings[1]);
        assert_eq!(findings[0].1, 2);
        assert_eq!(findings[2].1, 1);
        assert_ne!(findings[1].0, findings[2].0);
    }

    /// A prepared profile keeps the Shoot's eligible updates as it keeps its other findings: for
    /// the instants with as many classification transitions before them. Here 1.31.3 is a
    /// preview until T, so an automatic update from 1.31.2 may select it only from one second
    /// after T.
    #[test]
    fn kept_eligible_updates_serve_until_the_next_transition() {
        let profile = source(
            "CloudProfile",
            "apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata: {name: previewed}
spec:
  type: aws
  kubernetes:
    versions:
    - version: 1.31.3
      lifecycle: [{classification: preview}, {classification: supported, startTime: '2027-01-15T00:00:00Z'}]
    - {version: 1.31.2, classification: supported}
  machineImages: [{name: gardenlinux, versions: [{version: 1592.14.0}, {version: 1877.3.0}]}]
  machineTypes: [{name: m5.large, cpu: '2', gpu: '0', memory: 8Gi}]
  regions: [{name: eu-west-1}]
",
        );
        let shoot_text =
            crate::examples::DEFAULT
                .shoot
                .replacen("version: 1.31.13", "version: 1.31.2", 1);
        let shoot = source("Shoot", &shoot_text);
        let transition: DateTime<Utc> = "2027-01-15T00:00:00Z".parse().unwrap();
        let second = chrono::TimeDelta::seconds(1);
        let prepared = PreparedProfile::new(profile.clone(), Default::default());
        let mut control_plane_lists = Vec::new();
        for instant in [transition - second, transition, transition + second] {
            let kept = kept_report_at(&prepared, &profile, &shoot, instant);
            control_plane_lists.push(kept["versions"]["eligibleUpdates"][0]["auto"].clone());
        }
        assert_eq!(control_plane_lists[0], serde_json::json!([]));
        assert_eq!(control_plane_lists[1], serde_json::json!([]));
        assert_eq!(control_plane_lists[2], serde_json::json!(["1.31.3"]));
    }

    /// A kept profile gives `analyze`'s report for every inputs, and reads the first source again
    /// when it changes, when the limits change, and after its number of analyses.
    #[test]
    fn a_kept_profile_is_read_again_only_when_it_changes() {
        use crate::examples::{DEFAULT, LIFECYCLE_PROFILE};
        let json = |report: Report| serde_json::to_value(report).unwrap();
        let mut kept = KeptProfile {
            analyses_per_preparation: 4,
            ..KeptProfile::default()
        };
        let base = AnalyzeOptions::at(now());
        let later = AnalyzeOptions::at(now() + chrono::TimeDelta::days(400));
        let tight = AnalyzeOptions {
            limits: document::Limits {
                max_nodes: 50,
                ..Default::default()
            },
            ..AnalyzeOptions::at(now())
        };
        let inputs = |profile: &str, shoot: &str| {
            vec![source("CloudProfile", profile), source("Shoot", shoot)]
        };
        let default = inputs(DEFAULT.cloud_profile, DEFAULT.shoot);
        let lifecycle_shoot = inputs(DEFAULT.cloud_profile, LIFECYCLE_PROFILE.shoot);
        let lifecycle = inputs(LIFECYCLE_PROFILE.cloud_profile, LIFECYCLE_PROFILE.shoot);
        let renamed = {
            let mut renamed = default.clone();
            renamed[0].name = "Profile".to_string();
            renamed
        };
        // Each step: the inputs, the options, and how many analyses the kept profile has served
        // after it (1: it was read for this one).
        let steps: [(&[Source], &AnalyzeOptions, usize); 11] = [
            (&default, &base, 1),
            (&lifecycle_shoot, &base, 2),
            (&default, &later, 3),
            (&lifecycle, &base, 1),
            (&lifecycle, &tight, 1),
            (&lifecycle, &tight, 2),
            (&renamed, &tight, 1),
            (&renamed, &tight, 2),
            (&renamed, &base, 1),
            (&renamed, &base, 2),
            (&[], &base, 2),
        ];
        for (index, (sources, options, served)) in steps.into_iter().enumerate() {
            assert_eq!(
                json(kept.analyze(sources, options)),
                json(analyze(sources, options)),
                "step {index}"
            );
            assert_eq!(
                kept.kept.as_ref().map(|(_, n)| *n),
                Some(served),
                "step {index}"
            );
        }
        for served in [3, 4, 1, 2] {
            kept.analyze(&renamed, &base);
            assert_eq!(kept.kept.as_ref().map(|(_, n)| *n), Some(served));
        }
    }

    /// A NamespacedCloudProfile whose overrides (`spec`) differ from its merged profile (`status`).
    const NAMESPACED: &str = "apiVersion: core.gardener.cloud/v1beta1
kind: NamespacedCloudProfile
metadata: {name: custom, namespace: garden-team}
spec:
  parent: {kind: CloudProfile, name: aws}
  kubernetes:
    versions:
    - {version: 1.30.1, expirationDate: '2027-01-01T00:00:00Z'}
status:
  cloudProfileSpec:
    type: aws
    kubernetes:
      versions:
      - {version: 1.31.2}
      - {version: 1.30.1, expirationDate: '2027-01-01T00:00:00Z'}
      - {version: 1.29.9, expirationDate: 'not a date'}
";

    #[test]
    fn a_namespaced_cloud_profile_is_analysed_as_its_merged_profile() {
        let report = analyze(
            &[source("CloudProfile", NAMESPACED)],
            &AnalyzeOptions::at(now()),
        );
        assert_eq!(report.objects[0].role, ObjectRole::CloudProfile);
        let error = report
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .expect("the unparsable date is reported");
        // Located in the status, where the merged profile's versions are, not in the overrides.
        assert_eq!(error.line, Some(16), "{error:?}");
        assert_eq!(
            error.field.as_deref(),
            Some("status.cloudProfileSpec.kubernetes.versions[2].expirationDate")
        );
        let report = analyze(
            &[source(
                "CloudProfile",
                &NAMESPACED.replace("expirationDate: 'not a date'", "classification: supported"),
            )],
            &AnalyzeOptions::at(now()),
        );
        let versions: Vec<&str> = report
            .versions
            .as_ref()
            .unwrap()
            .kubernetes
            .iter()
            .map(|v| v.version.as_str())
            .collect();
        assert_eq!(versions, ["1.31.2", "1.30.1", "1.29.9"]);
        // Gardener validates a NamespacedCloudProfile by its own rules, not as a CloudProfile.
        assert!(
            report.validation.problems.is_empty(),
            "{:?}",
            report.validation.problems
        );
    }

    #[test]
    fn a_namespaced_cloud_profile_without_its_merged_profile_is_not_guessed() {
        let text = &NAMESPACED[..NAMESPACED.find("status:").unwrap()];
        let report = analyze(&[source("CloudProfile", text)], &AnalyzeOptions::at(now()));
        assert_eq!(report.objects[0].role, ObjectRole::Ignored);
        assert!(report.versions.is_none());
        let warning = &report.diagnostics[0];
        assert_eq!(warning.severity, Severity::Warning);
        assert!(
            warning.message.starts_with(
                "NamespacedCloudProfile custom has no status.cloudProfileSpec, the merged profile"
            ),
            "{}",
            warning.message
        );
    }

    #[test]
    fn every_gallery_example_reads_without_a_diagnostic() {
        for example in crate::examples::GALLERY {
            let mut sources = vec![
                source("CloudProfile", example.cloud_profile),
                source("Shoot", example.shoot),
                source("Other objects", example.objects),
            ];
            sources.push(Source {
                role: SourceRole::PreviousShoot,
                ..source("Previous Shoot", example.previous_shoot)
            });
            let report = analyze(&sources, &AnalyzeOptions::at(now()));
            assert_eq!(report.diagnostics, [], "{}", example.id);
        }
    }

    #[test]
    fn a_field_the_engine_cannot_parse_is_an_error_at_its_line_and_maintenance_is_not_run() {
        let shoot = crate::examples::DEFAULT
            .shoot
            .replace("version: 1.31.13", "version: 1.31.x");
        let report = analyze(
            &[
                source("CloudProfile", crate::examples::DEFAULT.cloud_profile),
                source("Shoot", &shoot),
            ],
            &AnalyzeOptions::at(now()),
        );
        let [error] = report.diagnostics.as_slice() else {
            panic!("{:?}", report.diagnostics);
        };
        assert_eq!(error.field.as_deref(), Some("spec.kubernetes.version"));
        assert_eq!((error.line, error.column), (Some(12), Some(5)));
        assert!(report.maintenance_now.is_none() && report.timeline.is_none());
    }

    #[test]
    fn a_pending_migration_is_checked_against_the_given_seeds() {
        let shoot = "kind: Shoot\nmetadata: {name: s, namespace: garden-dev}\nspec: {seedName: new}\nstatus: {seedName: old}\n";
        let seed = |name: &str, ready: &str| {
            format!("kind: Seed\nmetadata: {{name: {name}}}\nstatus:\n  gardener: {{version: 1.120.0}}\n  conditions:\n  - {{type: GardenletReady, status: '{ready}', reason: R, message: M}}\n  - {{type: SeedSystemComponentsHealthy, status: 'True'}}\n")
        };
        let objects = format!("{}---\n{}", seed("old", "True"), seed("new", "False"));
        let report = analyze(
            &[source("Shoot", shoot), source("Other objects", &objects)],
            &AnalyzeOptions::at(now()),
        );
        let migration = report.migration.expect("a pending migration");
        let constraint = migration.readiness.unwrap().constraint.unwrap();
        assert_eq!(constraint.reason, "DestinationSeedUnready");
        assert_eq!(
            constraint.message,
            "condition \"GardenletReady\" has invalid status False (expected True) due to R: M"
        );

        let only_shoot = analyze(&[source("Shoot", shoot)], &AnalyzeOptions::at(now()));
        assert_eq!(only_shoot.migration.unwrap().missing_seeds, ["old", "new"]);
        let without_area = analyze(
            &[source("Shoot", shoot)],
            &AnalyzeOptions {
                areas: Some(vec![Area::Status]),
                ..AnalyzeOptions::at(now())
            },
        );
        assert!(without_area.migration.is_none());
    }

    #[test]
    fn seeds_are_scheduled_with_the_cloud_profile_selector_and_the_project() {
        let shoot = "kind: Shoot\nmetadata: {name: s, namespace: team}\nspec:\n  region: eu\n  provider: {type: aws, workers: [{name: w}]}\n  dns: {domain: s.dev.example.com}\n";
        let seed = |name: &str, region: &str, extra: &str| {
            format!("kind: Seed\nmetadata: {{name: {name}, labels: {{tier: {extra}}}}}\nspec:\n  provider: {{type: aws, region: {region}}}\n  dns: {{defaults: [{{domain: example.com}}]}}\n")
        };
        let objects = [
            seed("far", "us", "gold"),
            seed("near", "eu", "gold"),
            seed("plain", "eu", "basic"),
            "kind: Project\nmetadata: {name: dev}\nspec: {namespace: team}\n".to_string(),
        ]
        .join("---\n");
        let profile = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  seedSelector: {matchLabels: {tier: gold}}\n";
        let schedule = |shoot: &str, objects: &str| {
            let sources = [
                source("CloudProfile", profile),
                source("Shoot", shoot),
                source("Other objects", objects),
            ];
            let report = analyze(&sources, &AnalyzeOptions::at(now()));
            report.seed_scheduling.expect("Seeds were given")
        };
        let decision = schedule(shoot, &objects);
        assert_eq!(decision.candidates, ["near"]);
        assert_eq!(decision.seed.as_deref(), Some("near"));

        // A Project of another namespace does not own the Shoot, and namespace `team` names no
        // Project by convention, so the domain is not checked.
        let other_project = objects.replace("namespace: team}", "namespace: elsewhere}");
        let shoot_in_other_project = shoot.replace("s.dev.", "s.ops.");
        let decision = schedule(&shoot_in_other_project, &other_project);
        assert_eq!(decision.seed.as_deref(), Some("near"));
        assert_eq!(
            schedule(&shoot_in_other_project, &objects).error.as_deref(),
            Some("none of the 2 seeds support the domain \"s.ops.example.com\" configured in the shoot specification")
        );
    }

    #[test]
    fn routes_documents_and_lists_by_kind() {
        let text = "kind: List\nitems:\n- kind: ValidatingWebhookConfiguration\n  metadata: {name: a}\n- kind: Seed\n  metadata: {name: s}\n---\nkind: Shoot\nmetadata: {name: x, namespace: garden-dev}\n";
        let report = analyze(&[source("Other objects", text)], &AnalyzeOptions::at(now()));
        let roles: Vec<ObjectRole> = report.objects.iter().map(|o| o.role).collect();
        assert_eq!(
            roles,
            [
                ObjectRole::WebhookConfiguration,
                ObjectRole::Seed,
                ObjectRole::Shoot
            ]
        );
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    }

    #[test]
    fn type_errors_name_the_field_path_line_and_column() {
        let shoot = "kind: Shoot\nmetadata: {name: s}\nspec:\n  provider:\n    workers:\n    - name: a\n      machine: {type: m}\n    - name: b\n      machine:\n        image:\n          name: gardenlinux\n          version: [1, 2]\n";
        let report = analyze(&[source("Shoot", shoot)], &AnalyzeOptions::at(now()));
        let error = report
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .expect("a type error");
        assert_eq!(
            error.field.as_deref(),
            Some("spec.provider.workers[1].machine.image.version")
        );
        assert_eq!(error.message, "expected a string, found a list");
        assert_eq!((error.line, error.column), (Some(12), Some(11)));
        assert_eq!(
            report
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count(),
            1,
            "{:?}",
            report.diagnostics
        );
    }

    #[test]
    fn parse_errors_point_at_line_and_column() {
        let report = analyze(
            &[source("Shoot", "kind: Shoot\nspec:\n  a: [1, 2\n")],
            &AnalyzeOptions::at(now()),
        );
        let error = &report.diagnostics[0];
        assert_eq!(error.severity, Severity::Error);
        assert_eq!(error.source, "Shoot");
        assert!(error.line.is_some() && error.column.is_some(), "{error:?}");
    }

    #[test]
    fn a_pool_without_its_image_rolls_with_a_forced_minor_update() {
        // The timeline starts from the roll triggers' reading of the Shoot only where it agrees
        // with the maintenance view; a pool without `machine.image` is where they differ.
        let profile = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  kubernetes:\n    versions:\n    - {version: 1.30.1, expirationDate: '2026-01-01T12:00:00Z'}\n    - {version: 1.31.0}\n";
        let shoot = "kind: Shoot\nmetadata: {name: s}\nspec:\n  kubernetes: {version: 1.30.1}\n  maintenance:\n    timeWindow: {begin: 220000+0000, end: 230000+0000}\n  provider:\n    workers:\n    - {name: bare, machine: {type: m5}}\n    - {name: imaged, machine: {type: m5, image: {name: gardenlinux, version: 1.0.0}}}\n";
        let options = AnalyzeOptions {
            until: Some("2026-01-03T00:00:00Z".parse().unwrap()),
            ..AnalyzeOptions::at(now())
        };
        let report = analyze(
            &[source("CloudProfile", profile), source("Shoot", shoot)],
            &options,
        );
        let timeline = report.timeline.expect("a timeline");
        let event = &timeline.events[0];
        assert_eq!(
            (event.from.as_str(), event.to.as_str()),
            ("1.30.1", "1.31.0")
        );
        assert_eq!(*event.node_impact.rolling, ["bare".into(), "imaged".into()]);
    }

    #[test]
    fn classifies_profile_versions_and_finds_the_next_window() {
        let profile = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  kubernetes:\n    versions:\n    - {version: 1.30.1, expirationDate: '2025-06-01T00:00:00Z'}\n    - {version: 1.31.0}\n";
        let shoot = "kind: Shoot\nmetadata: {name: s}\nspec:\n  maintenance:\n    timeWindow: {begin: 220000+0100, end: 230000+0100}\n";
        let report = analyze(
            &[source("CloudProfile", profile), source("Shoot", shoot)],
            &AnalyzeOptions::at(now()),
        );
        let versions = report.versions.unwrap();
        assert_eq!(
            versions.kubernetes[0].classification,
            Classification::Expired
        );
        assert_eq!(
            versions.kubernetes[1].classification,
            Classification::Supported
        );
        let window = report.maintenance_window.unwrap();
        assert_eq!(
            (window.begin.as_str(), window.end.as_str()),
            ("21:00:00", "21:45:00")
        );
        assert_eq!(
            window.next_begin,
            "2026-01-01T21:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }
}
