//! Each area of the report: what it reads from the inputs and what it adds to the report. `analyze`
//! runs the areas of [`AREAS`] that the options ask for, in its order, which is the order of their
//! diagnostics in the report.

use super::{
    decode, decode_all, decode_once, error_at, maintenance_window, problems, AnalyzeOptions, Area,
    Hibernation, Inputs, MaintenanceTimeWindow, Problem, ProfileViews, Report, ShootViews, Status,
    TimeZones, Value,
};

/// What every area reads: the routed inputs, the typed views decoded once, and the options.
pub(super) struct Context<'a> {
    pub(super) inputs: &'a Inputs,
    pub(super) views: &'a ProfileViews,
    pub(super) shoot_views: &'a ShootViews,
    pub(super) options: &'a AnalyzeOptions,
    /// The CloudProfile or the Shoot has a field the engine cannot parse: it is reported at its
    /// place, and maintenance on it would only repeat the error without one.
    pub(super) unparsable: bool,
    /// Where the hibernation schedules' offsets come from.
    pub(super) zones: TimeZones,
    /// The ShootMutator's errors when it refused the Shoot: admission stops there, before any
    /// validation of the Shoot.
    pub(super) mutator_refusal: Option<Vec<crate::field::FieldError>>,
}

/// An area: runs when the options ask for any of its parts.
type AreaRun = fn(&Context, &mut Report);

pub(super) const AREAS: &[(&[Area], AreaRun)] = &[
    (&[Area::Versions], versions),
    (&[Area::Maintenance, Area::Timeline], maintain),
    (&[Area::Validation], validate),
    (&[Area::Rollout], rollout),
    (&[Area::Hibernation], hibernation),
    (&[Area::Status], status),
    (&[Area::Cleanup], cleanup),
    (&[Area::Scheduling], scheduling),
    (&[Area::Migration], migration),
];

/// The CloudProfile's version matrix with the Shoot's eligible updates, and the Shoot's
/// maintenance window.
fn versions(context: &Context, report: &mut Report) {
    let Context {
        inputs,
        views,
        shoot_views,
        options,
        unparsable,
        ..
    } = *context;
    if let Some(profile) = &inputs.cloud_profile {
        let mut matrix = views.matrix(profile, options.now);
        if let (Some(matrix), Some(shoot), false) = (matrix.as_mut(), &inputs.shoot, unparsable) {
            let typed_profile = decode_once(&views.cloud_profile, profile, report);
            let typed_shoot = decode_once(&shoot_views.shoot, shoot, report);
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
    let shoot = (inputs.shoot.as_ref()).and_then(|s| decode_once(&shoot_views.shoot, s, report));
    if let Some(shoot) = shoot {
        report.maintenance_window = Some(maintenance_window(shoot, options.now));
    }
}

fn cleanup(context: &Context, report: &mut Report) {
    let shoot = (context.inputs.shoot.as_ref())
        .and_then(|shoot| decode_once(&context.shoot_views.shoot, shoot, report));
    if let Some(shoot) = shoot {
        report.cleanup_plan = Some(crate::cleanup::plan(&shoot.metadata.annotations));
    }
}

/// Where the scheduler would place the Shoot among the given Seeds.
fn scheduling(context: &Context, report: &mut Report) {
    let inputs = context.inputs;
    let Some(shoot) = &inputs.shoot else {
        return;
    };
    if inputs.seeds.is_empty() {
        return;
    }
    let seeds = decode_all::<crate::scheduling::Seed>(&inputs.seeds, report);
    let Some(typed) = decode_once(&context.shoot_views.shoot, shoot, report) else {
        return;
    };
    // Only the Project that owns the Shoot's namespace names its domain.
    let project = (inputs.project.as_ref())
        .and_then(|project| {
            decode::<crate::scheduling::toleration_restriction::Project>(project, report)
        })
        .filter(|project| project.spec.namespace.as_deref() == Some(&typed.metadata.namespace));
    let profile = (inputs.cloud_profile.as_ref())
        .and_then(|profile| decode_once(&context.views.cloud_profile, profile, report));
    let context = crate::scheduling::SchedulingContext {
        shoots: &[],
        cloud_profile_seed_selector: profile
            .and_then(|profile| profile.spec.seed_selector.as_ref()),
        project_name: project.as_ref().map(|p| p.metadata.name.as_str()),
    };
    report.seed_scheduling = Some(crate::scheduling::place(typed, &seeds, context));
}

/// A pending control-plane migration and whether the destination Seed is ready for it.
fn migration(context: &Context, report: &mut Report) {
    let inputs = context.inputs;
    let Some(shoot) = &inputs.shoot else {
        return;
    };
    if let Some(typed) = decode_once(&context.shoot_views.shoot, shoot, report) {
        let seeds = decode_all::<crate::scheduling::Seed>(&inputs.seeds, report);
        report.migration = crate::migration::migration_readiness(typed, &seeds);
    }
}

fn status(context: &Context, report: &mut Report) {
    let inputs = context.inputs;
    let Some(shoot_object) = &inputs.shoot else {
        return;
    };
    let Some(shoot) = decode_once(&context.shoot_views.shoot, shoot_object, report) else {
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
        label: crate::status::status_label(shoot),
        next_operation: crate::status::operation_type(shoot),
        error_codes: codes
            .into_iter()
            .map(crate::status::error_code_info)
            .collect(),
    });
}

/// One maintenance run at `now` and the timeline: both need the CloudProfile and the Shoot.
fn maintain(context: &Context, report: &mut Report) {
    let Context {
        inputs,
        views,
        shoot_views,
        options,
        unparsable,
        ..
    } = *context;
    // A Shoot admission refuses is never stored: no maintenance runs on it.
    if unparsable || context.mutator_refusal.is_some() {
        return;
    }
    let (Some(profile), Some(shoot)) = (&inputs.cloud_profile, &inputs.shoot) else {
        return;
    };
    let typed_profile = decode_once(&views.cloud_profile, profile, report);
    let typed_shoot = decode_once(&shoot_views.shoot, shoot, report);
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
    let window_invalid = window_parse_error(typed_shoot).is_some();
    if options.wants(Area::Timeline) && failure.is_none() && !window_invalid {
        let window = effective_window(typed_shoot);
        let horizon = (options.now, options.horizon_end());
        match crate::timeline::timeline_remembering(
            typed_profile,
            typed_shoot,
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
pub(super) fn effective_window(shoot: &crate::api::Shoot) -> MaintenanceTimeWindow {
    MaintenanceTimeWindow::effective(shoot.maintenance_time_window())
}

/// Why the Shoot's configured maintenance window does not parse, if it does not.
pub(super) fn window_parse_error(shoot: &crate::api::Shoot) -> Option<String> {
    (shoot.maintenance_time_window())
        .and_then(|(begin, end)| MaintenanceTimeWindow::parse(begin, end).err())
}

fn hibernation(context: &Context, report: &mut Report) {
    let (inputs, views, now) = (context.inputs, context.views, context.options.now);
    use crate::constraints::{self, ShootClusterObjects, WebhookConfiguration};
    let Some(shoot_object) = &inputs.shoot else {
        return;
    };
    let configurations: Vec<WebhookConfiguration> =
        decode_all(&inputs.webhook_configurations, report);
    // One decoded Shoot serves the constraints, the schedules and the status.
    let Some(shoot) = decode_once(&context.shoot_views.shoot, shoot_object, report) else {
        return;
    };
    let cluster = ShootClusterObjects {
        webhook_configurations: configurations.clone(),
        ..Default::default()
    };
    let week_later = now + chrono::TimeDelta::days(7);
    let mut memo = views.schedules.borrow_mut();
    let (schedule_events, schedule_error) =
        match memo.next_events(shoot.schedules(), (now, week_later), 20, context.zones) {
            Ok(events) => (events, None),
            Err(error) => (Vec::new(), Some(error)),
        };
    let overlap = memo.hibernated_during_next_maintenance_window(shoot, now, context.zones);
    report.hibernation = Some(Hibernation {
        webhooks: constraints::webhook_report(&configurations),
        remediation: constraints::remediate(&configurations),
        constraints: constraints::shoot_constraints(shoot, &Default::default(), &cluster, now),
        schedule_events,
        schedule_error,
        hibernated_during_next_maintenance_window: overlap,
    });
}

fn validate(context: &Context, report: &mut Report) {
    let Context {
        inputs,
        views,
        shoot_views,
        options,
        ..
    } = *context;
    let now = options.now;
    use crate::validation::{self, Operation};
    report.validation.scope = validation_scope(inputs);
    let profile = inputs
        .cloud_profile
        .as_ref()
        .and_then(|p| decode_once(&views.cloud_profile, p, report));
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
    report.validation.shoot_operation = if inputs.previous_shoot.is_some() {
        "update from the previous Shoot".to_string()
    } else {
        "update without changes".to_string()
    };
    if let Some(refusal) = &context.mutator_refusal {
        let found: Vec<Problem> = problems(shoot_object, refusal.clone()).collect();
        report.validation.problems.extend(found);
        report.validation.refused_by_admission = true;
        return;
    }
    let Some(shoot) = decode_once(&shoot_views.shoot, shoot_object, report) else {
        return;
    };
    let previous = (inputs.previous_shoot.as_ref())
        .and_then(|p| decode_once(&shoot_views.previous_shoot, p, report));
    let old = previous.unwrap_or(shoot);
    // The API server's validation: `ValidateShootUpdate` against the previous Shoot, or against
    // the Shoot itself when there is none.
    let mut errors = validation::shoot::validate_shoot(
        Some(old),
        shoot,
        Operation::Update,
        crate::api::written_maintenance(&shoot_object.value),
    );
    // The ShootValidator admission plugin: the Shoot against its CloudProfile and, when given,
    // the Seeds its `spec.seedName` names before and after. The API server runs it only on a
    // Shoot its validation accepted (the store validates before it calls the validating
    // admission plugins), so a refused Shoot gets only the validation's answer.
    if let Some(profile) = profile.filter(|_| errors.is_empty()) {
        let seeds = decode_all::<crate::scheduling::Seed>(&inputs.seeds, report);
        let named = |name: Option<&str>| {
            let name = name?;
            seeds.iter().find(|seed| seed.metadata.name == name)
        };
        // The report reads one profile: a NamespacedCloudProfile's merged spec stands for it,
        // and its parent is not known.
        let namespaced = (inputs.cloud_profile.as_ref()).is_some_and(|p| p.spec_in_text.is_some());
        let objects = validation::shoot_validator::AdmissionObjects {
            seed: named(shoot.spec_seed_name()),
            old_seed: named(old.spec_seed_name()),
            shoots: &[],
            cloud_profile: (!namespaced).then_some(profile),
            namespaced_cloud_profile: None,
        };
        errors.extend(validation::shoot_validator::validate_shoot_admission(
            profile,
            Some(old),
            shoot,
            Operation::Update,
            now,
            &objects,
        ));
    }
    let found: Vec<Problem> = problems(shoot_object, errors).collect();
    report.validation.problems.extend(found);
}

/// The validation families' states for what the inputs hold.
fn validation_scope(inputs: &Inputs) -> Vec<crate::validation::scope::ValidationFamily> {
    let namespaced = (inputs.cloud_profile.as_ref()).is_some_and(|p| p.spec_in_text.is_some());
    let kinds: Vec<&str> = [
        (!inputs.seeds.is_empty(), "Seed"),
        (inputs.project.is_some(), "Project"),
        (namespaced, "NamespacedCloudProfile"),
    ]
    .into_iter()
    .filter_map(|(given, kind)| given.then_some(kind))
    .collect();
    crate::validation::scope::scope(&crate::validation::scope::Given {
        cloud_profile: inputs.cloud_profile.is_some() && !namespaced,
        profile: inputs.cloud_profile.is_some(),
        shoot: inputs.shoot.is_some(),
        previous_shoot: inputs.previous_shoot.is_some(),
        kinds: &kinds,
    })
}

fn rollout(context: &Context, report: &mut Report) {
    let (inputs, views) = (context.inputs, context.shoot_views);
    let Some(shoot_object) = &inputs.shoot else {
        return;
    };
    let Some(shoot) = decode_once(&views.shoot, shoot_object, report) else {
        return;
    };
    for worker in shoot.spec.provider.workers.iter() {
        report.rollout_shapes.insert(
            worker.name.clone(),
            crate::rollout::rollout_shape(worker, None),
        );
    }
    let previous = (inputs.previous_shoot.as_ref())
        .and_then(|p| decode_once(&views.previous_shoot, p, report));
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
                    #[cfg(feature = "changes-without-roll")]
                    {
                        triggers.without_roll =
                            changes_without_roll(&triggers, previous, shoot_object);
                    }
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

/// The changes between the two Shoots outside every cause of a pool that rolls or is updated
/// in place.
#[cfg(feature = "changes-without-roll")]
fn changes_without_roll(
    triggers: &crate::rollout::RollTriggers,
    previous: &super::Located,
    shoot: &super::Located,
) -> Vec<crate::rollout::FieldChange> {
    const POOLS: &str = ".spec.provider.workers[]";
    let rolling: Vec<String> = (triggers.workers.iter())
        .filter(|(_, trigger)| trigger.update != crate::rollout::UpdateKind::None)
        .flat_map(|(pool, trigger)| {
            (trigger.causes.iter()).map(move |cause| match cause.strip_prefix(POOLS) {
                Some(rest) => format!(".spec.provider.workers[{pool}]{rest}"),
                None => cause.clone(),
            })
        })
        .collect();
    crate::rollout::changes::changes_without_roll(&previous.value, &shoot.value, &rolling)
}

/// Each pool's causes with the values before and after, read from the two Shoots: a cause under
/// `.spec.provider.workers[]` in the pool of that name, any other from the Shoot itself.
fn add_changed_values(triggers: &mut crate::rollout::RollTriggers, old: &Value, new: &Value) {
    const POOLS: &str = ".spec.provider.workers[]";
    let value = |shoot: &Value, pool: &str, cause: &str| -> Option<String> {
        let found = match cause.strip_prefix(POOLS) {
            Some(rest) => {
                let worker = crate::api::written_worker(shoot, pool)?;
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
