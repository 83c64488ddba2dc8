//! Plain-text rendering of the report for people. Presentation only: every fact comes from the core.

use shoot_policy::maintenance::{UpdateReason, VersionUpdate};
use shoot_policy::report::{Diagnostic, Report, Severity};
use shoot_policy::rollout::UpdateKind;
use shoot_policy::timeline::Component;
use std::fmt::Write;

pub fn diagnostic(d: &Diagnostic) -> String {
    let mut text = d.source.clone();
    if let Some(field) = &d.field {
        let _ = write!(text, " {field}");
    }
    let _ = write!(text, ": {}", d.message);
    if let (Some(line), Some(column)) = (d.line, d.column) {
        let _ = write!(text, " (line {line}, column {column})");
    }
    text
}

fn update(out: &mut String, component: &str, update: &VersionUpdate) {
    let verdict = match (update.reason, update.failed) {
        (_, true) => "FAILED",
        (UpdateReason::Force, _) => "forced update",
        (UpdateReason::Auto, _) => "automatic update",
        (UpdateReason::None, _) => "no change",
    };
    let _ = write!(
        out,
        "  {component}: {} → {} ({verdict})",
        update.from, update.to
    );
    if let Some(reason) = &update.reason_message {
        let _ = write!(out, ": {reason}");
    }
    if let Some(description) = update.description.as_ref().filter(|_| update.failed) {
        let _ = write!(out, " — {description}");
    }
    out.push('\n');
}

fn heading(out: &mut String, title: &str) {
    let _ = writeln!(out, "\n{title}\n{}", "-".repeat(title.chars().count()));
}

pub fn validation(report: &Report) -> String {
    let mut out = String::new();
    heading(&mut out, "Validation");
    let scope = &report.validation.scope;
    if report.validation.problems.is_empty() {
        let _ = writeln!(out, "  no problems in the checked families");
    }
    if !report.validation.shoot_operation.is_empty() {
        let _ = writeln!(
            out,
            "  (the Shoot was checked as an {})",
            report.validation.shoot_operation
        );
    }
    for problem in &report.validation.problems {
        let place = match (problem.line, problem.column) {
            (Some(line), Some(column)) => format!(" (line {line}, column {column})"),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "  {} {} [{}]: {}{}{place}",
            problem.source,
            problem.field,
            problem.error_type,
            problem.detail,
            problem.repeats()
        );
    }
    if !scope.is_empty() {
        use shoot_policy::validation::scope;
        let _ = writeln!(
            out,
            "  Gardener's validation families: {}; kubectl apply --dry-run=server gives Gardener's \
             whole answer",
            scope::coverage_text(scope)
        );
        for listing in scope::listing(scope) {
            let _ = writeln!(out, "    {}", listing.group.title());
            for (state, items) in &listing.states {
                let _ = writeln!(out, "      {}: {}", state.words(), items.join(", "));
            }
        }
    }
    out
}

pub fn roll_triggers(report: &Report) -> String {
    let mut out = String::new();
    let Some(triggers) = &report.roll_triggers else {
        return out;
    };
    heading(&mut out, "Roll triggers (previous → current Shoot)");
    for (pool, trigger) in &triggers.workers {
        let verdict = match trigger.update {
            UpdateKind::Rolling => "rolling update",
            UpdateKind::InPlace => "in-place update",
            UpdateKind::None if trigger.new_pool => "new pool",
            UpdateKind::None => "no node update",
        };
        let _ = writeln!(out, "  pool {pool}: {verdict}");
        if trigger.changes.is_empty() {
            for cause in &trigger.causes {
                let _ = writeln!(out, "    because {cause} changed");
            }
        }
        for change in &trigger.changes {
            let _ = writeln!(
                out,
                "    because {} changed: {}",
                change.field,
                change.values()
            );
        }
        if trigger.provider_dependent {
            let _ = writeln!(
                out,
                "    the provider extension may still roll it: its providerConfig changed"
            );
        }
    }
    if !triggers.without_roll.is_empty() {
        let _ = writeln!(out, "  changed, rolls no pool:");
        for change in &triggers.without_roll {
            let _ = writeln!(out, "    {}: {}", change.field, change.values());
        }
    }
    out
}

pub fn hibernation(report: &Report) -> String {
    let mut out = String::new();
    let Some(hibernation) = &report.hibernation else {
        return out;
    };
    heading(&mut out, "Hibernation");
    let possible = &hibernation.webhooks.hibernation_possible;
    let _ = writeln!(
        out,
        "  HibernationPossible: {} ({}): {}",
        possible.status, possible.reason, possible.message
    );
    for webhook in &hibernation.webhooks.problematic_webhooks {
        let _ = writeln!(
            out,
            "  blocker: {} {} webhook {}",
            webhook.kind, webhook.configuration, webhook.webhook
        );
        let _ = writeln!(out, "    why: {}", webhook.explanation);
        let _ = writeln!(out, "    fix: {}", webhook.fix);
        for fix in &webhook.fixes {
            let _ = writeln!(out, "    patch ({}):", fix.description);
            for line in fix.patch.lines() {
                let _ = writeln!(out, "      {line}");
            }
        }
    }
    for fix in &hibernation.webhooks.configuration_fixes {
        let _ = writeln!(
            out,
            "  recommended fix for {} {}, one patch:",
            fix.kind, fix.configuration
        );
        for chosen in &fix.webhooks {
            let _ = writeln!(out, "    - {}: {}", chosen.webhook, chosen.description);
        }
        let _ = writeln!(out, "    {}", fix.command);
        let _ = writeln!(out, "    fix.yaml:");
        for line in fix.patch.lines() {
            let _ = writeln!(out, "      {line}");
        }
    }
    for configuration in hibernation.remediation.iter().filter(|c| c.patched) {
        let _ = writeln!(
            out,
            "  the webhook remediator (if enabled) would change {} {}:",
            configuration.kind, configuration.name
        );
        for line in &configuration.remediations {
            let _ = writeln!(out, "    - {line}");
        }
    }
    if let Some(error) = &hibernation.schedule_error {
        let _ = writeln!(out, "  the hibernation schedule is invalid: {error}");
    }
    for event in &hibernation.schedule_events {
        let _ = writeln!(
            out,
            "  scheduled: {:?} at {} ({} in {})",
            event.operation,
            event.instant.to_rfc3339(),
            event.cron,
            event.location
        );
    }
    if hibernation.hibernated_during_next_maintenance_window {
        let _ = writeln!(
            out,
            "  the Shoot may be hibernated during its next maintenance window: maintenance cannot run then"
        );
    }
    for constraint in &hibernation.constraints {
        let _ = writeln!(
            out,
            "  constraint {}: {} ({})",
            constraint.condition_type, constraint.status, constraint.reason
        );
    }
    out
}

pub fn component(component: &Component) -> String {
    match component {
        Component::ControlPlane => "control plane Kubernetes".to_string(),
        Component::MachineImage { pool, image } => format!("pool {pool} image {image}"),
        Component::PoolKubernetes { pool } => format!("pool {pool} Kubernetes"),
    }
}

pub fn timeline(report: &Report) -> String {
    let mut out = String::new();
    let Some(timeline) = &report.timeline else {
        return out;
    };
    heading(&mut out, "Update timeline");
    if timeline.events.is_empty() {
        let _ = writeln!(
            out,
            "  no update until {}",
            timeline.until.format("%Y-%m-%d")
        );
    }
    for event in &timeline.events {
        let kind = match event.reason {
            UpdateReason::Force => "FORCED",
            _ => "auto",
        };
        let _ = writeln!(
            out,
            "  {} {}: {} → {} ({kind}){}",
            event.window_begin.format("%Y-%m-%d %H:%M UTC"),
            component(&event.component),
            event.from,
            event.to,
            event
                .chance_text()
                .map(|chance| format!(" — {chance}"))
                .unwrap_or_default()
        );
        if let Some(reason) = &event.reason_message {
            let _ = writeln!(out, "      why: {reason}");
        }
        let _ = writeln!(out, "      nodes: {}", event.node_impact.summary);
    }
    for blocked in &timeline.blocked {
        let _ = writeln!(
            out,
            "  BLOCKED from {}: {} {}: {}",
            blocked.window_begin.format("%Y-%m-%d %H:%M UTC"),
            component(&blocked.component),
            blocked.version,
            blocked.message
        );
    }
    let state = &timeline.final_state;
    let pools: Vec<String> = state
        .pools
        .iter()
        .map(|p| format!("{} {} {}", p.name, p.image, p.image_version))
        .collect();
    let _ = writeln!(
        out,
        "  on {}: Kubernetes {}; {}",
        timeline.until.format("%Y-%m-%d"),
        state.kubernetes_version,
        pools.join("; ")
    );
    out
}

pub fn status(report: &Report) -> String {
    let mut out = String::new();
    let Some(status) = &report.status else {
        return out;
    };
    heading(&mut out, "Status");
    let _ = writeln!(
        out,
        "  shoot.gardener.cloud/status: {}",
        status.label.label.as_str()
    );
    let _ = writeln!(out, "  why: {}", status.label.derivation.explanation);
    let _ = writeln!(out, "  next operation: {:?}", status.next_operation);
    for code in &status.error_codes {
        let _ = writeln!(
            out,
            "  error code {}: {} ({:?})",
            code.code, code.meaning, code.retryability
        );
    }
    out
}

/// Where the scheduler would place the Shoot among the Seeds given with `--objects`.
pub fn seed_scheduling(report: &Report) -> String {
    let mut out = String::new();
    let Some(decision) = &report.seed_scheduling else {
        return out;
    };
    heading(&mut out, "Seed scheduling");
    match (&decision.seed, &decision.error) {
        (Some(seed), _) => {
            let _ = writeln!(
                out,
                "  the scheduler picks Seed {seed} (candidates: {})",
                decision.candidates.join(", ")
            );
        }
        (None, Some(error)) => {
            let _ = writeln!(out, "  no Seed: {error}");
        }
        (None, None) => {}
    }
    for (seed, reason) in &decision.reasons {
        let _ = writeln!(out, "  not Seed {seed}: {reason}");
    }
    for assumption in &decision.assumptions {
        let _ = writeln!(out, "  assumed: {assumption}");
    }
    out
}

pub fn migration(report: &Report) -> String {
    let mut out = String::new();
    let Some(migration) = &report.migration else {
        return out;
    };
    heading(&mut out, "Control-plane migration");
    let _ = writeln!(
        out,
        "  from Seed {} to Seed {}; responsible now: {}; next operation: {}",
        migration.source_seed,
        migration.destination_seed,
        migration.responsible_seed,
        migration.next_operation.as_str()
    );
    match &migration.readiness {
        Some(outcome) => match &outcome.constraint {
            Some(c) => {
                let _ = writeln!(
                    out,
                    "  constraint ReadyForMigration: {} ({}): {}",
                    c.status, c.reason, c.message
                );
            }
            None => {
                let _ = writeln!(out, "  no ReadyForMigration constraint");
            }
        },
        None => {
            let _ = writeln!(
                out,
                "  readiness not checked: Seed(s) {} not given (pass them with --objects)",
                migration.missing_seeds.join(", ")
            );
        }
    }
    let after = &migration.after_success;
    let _ = writeln!(
        out,
        "  after a successful Migrate: Seed {} runs {}",
        after.next_responsible_seed,
        after.next_operation_type.as_str()
    );
    out
}

/// The core's summary facts, as the app's Summary card shows them; Gardener's own message below
/// a fact whose words do not already hold it.
pub fn summary(report: &Report) -> String {
    let mut out = String::new();
    heading(&mut out, "Summary");
    for fact in &report.summary.facts {
        let _ = writeln!(out, "  {}: {}", fact.label, fact.text);
        let details = fact.details.as_deref().filter(|d| !d.is_empty());
        if let Some(details) = details.filter(|d| !fact.text.contains(d)) {
            let _ = writeln!(out, "      Gardener: {details}");
        }
    }
    out
}

pub fn report(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "shoot-policy report");
    for object in &report.objects {
        let _ = writeln!(
            out,
            "  {} {} (from {})",
            object.kind, object.name, object.source
        );
    }
    if !report.diagnostics.is_empty() {
        heading(&mut out, "Input problems");
        for d in &report.diagnostics {
            let level = if d.severity == Severity::Error {
                "error"
            } else {
                "warning"
            };
            let _ = writeln!(out, "  {level}: {}", diagnostic(d));
        }
    }
    out.push_str(&summary(report));
    if let Some(why) = (report.maintenance_window.as_ref()).and_then(|w| w.invalid.as_ref()) {
        heading(&mut out, "Maintenance window");
        let _ = writeln!(out, "  INVALID: {why}");
    } else if let Some(window) = &report.maintenance_window {
        heading(&mut out, "Maintenance window");
        let _ = writeln!(
            out,
            "  effective {}–{} UTC{}; next: {} to {}",
            window.begin,
            window.end,
            if window.always {
                " (none configured: any time)"
            } else {
                ""
            },
            window.next_begin.to_rfc3339(),
            window.next_end.to_rfc3339()
        );
    }
    if let Some(run) = &report.maintenance_now {
        heading(&mut out, "A maintenance run now would do");
        update(&mut out, "control plane Kubernetes", &run.kubernetes);
        for worker in &run.workers {
            update(
                &mut out,
                &format!("pool {} image {}", worker.name, worker.image_name),
                &worker.image,
            );
            if let Some(kubernetes) = &worker.kubernetes {
                update(
                    &mut out,
                    &format!("pool {} Kubernetes", worker.name),
                    kubernetes,
                );
            }
        }
        if let Some(error) = &run.machine_image_maintenance_error {
            let _ = writeln!(out, "  machine image maintenance aborted: {error}");
        }
        // A run the API server refuses in Gardener's dry run changes nothing; say why.
        let refused = (run.last_maintenance.as_ref())
            .filter(|_| !run.update_rejections.is_empty())
            .and_then(|written| written.failure_reason.as_deref());
        if let Some(reason) = refused {
            let _ = writeln!(out, "  FAILED, nothing is applied: {reason}");
        }
        for operation in &run.operations {
            let _ = writeln!(out, "  also: {operation}");
        }
    }
    out.push_str(&timeline(report));
    out.push_str(&status(report));
    out.push_str(&validation(report));
    out.push_str(&roll_triggers(report));
    out.push_str(&hibernation(report));
    out.push_str(&seed_scheduling(report));
    out.push_str(&migration(report));
    if !report.rollout_shapes.is_empty() {
        heading(&mut out, "Rollout shape");
        for (pool, shape) in &report.rollout_shapes {
            let _ = writeln!(
                out,
                "  pool {pool} ({}): up to {} new and {} unavailable nodes at a time (at minimum size)",
                shape.update_strategy, shape.at_minimum.surge, shape.at_minimum.unavailable
            );
        }
    }
    out
}
