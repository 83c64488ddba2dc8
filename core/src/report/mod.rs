//! `analyze`: the one entry point every surface calls. It reads pasted documents, routes them by `kind`,
//! runs every policy area that the inputs allow, and returns one [`Report`].
//!
//! The CLI prints it, the npm package returns it, the browser app renders it: there is no second path.

mod analyzer;
mod areas;
mod decoding;
mod dto;
mod kept;
mod prepare;
mod read;
#[cfg(test)]
mod tests;
mod versions;

pub use analyzer::Analyzer;
use areas::{effective_window, window_parse_error, Context, AREAS};
use decoding::{
    copy_object, decode, decode_all, decode_once, error_at, error_at_field, problems, typed_view,
};
pub use dto::{
    AnalysisRequest, AnalyzeOptions, Area, ClassifiedImage, ClassifiedVersion, Diagnostic,
    Hibernation, MaintenanceWindowInfo, ObjectRole, Problem, RecognisedObject, Report, Severity,
    Source, SourceRole, Status, Validation, VersionMatrix, VersionStage,
};
pub use kept::{
    analyze_each_shoot, analyze_each_shoot_in, analyze_with_profile, NamespacedProfiles,
    PreparedProfile,
};
use kept::{PositionedObject, ProfileDone, ProfileViews, ShootViews};
use prepare::{
    apply_defaults, apply_mutator_defaults, check_syntax, cloud_profile_mismatch, syntax_errors,
};
use read::{parse_objects, read_source, route, Inputs, Located, Place};
use versions::{classification_transitions, maintenance_window, version_matrix};

use crate::decode::text_at;
use crate::document::{self, Value};
use crate::hibernation::TimeZones;
use crate::lifecycle::{Classification, ExpirableVersion};
use crate::timewindow::MaintenanceTimeWindow;
use chrono::{DateTime, Utc};

/// Analyses the given sources at `options.now`.
pub fn analyze(sources: &[Source], options: &AnalyzeOptions) -> Report {
    let bytes = sources.iter().map(|source| source.text.len()).sum();
    analyze_from(None, sources, bytes, options, &mut read_source)
}

/// How a source's objects reach the inputs: [`read_source`], or the routing of objects read before.
type ReadObjects<'a> = dyn FnMut(&Source, &document::Limits, &mut Inputs, &mut Report) + 'a;

/// [`analyze`] of the prepared profile's source followed by `sources`, taking what the prepared
/// profile did once (reading its source, the CloudProfile's syntax check and defaults) from it,
/// and its time-zone rules. `read` brings each of `sources` into the inputs; `sources_bytes` is
/// the text they hold, which with the prepared profile's is held to the limits.
fn analyze_from(
    prepared: Option<&PreparedProfile>,
    sources: &[Source],
    sources_bytes: usize,
    options: &AnalyzeOptions,
    read: &mut ReadObjects,
) -> Report {
    let mut report = Report::default();
    let mut inputs = Inputs::default();
    let zones = prepared.map_or(TimeZones::EMBEDDED, |prepared| prepared.zones);
    let prepared_bytes = prepared.map_or(0, |prepared| prepared.source.text.len());
    let total_bytes = prepared_bytes + sources_bytes;
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
    let mutator_refusal = match unparsable {
        true => None,
        false => apply_mutator_defaults(&mut inputs, views, &shoot_views, options.now, &mut report),
    };
    let context = Context {
        inputs: &inputs,
        views,
        shoot_views: &shoot_views,
        options,
        unparsable,
        zones,
        mutator_refusal,
    };
    for (areas, run) in AREAS {
        if areas.iter().any(|area| options.wants(*area)) {
            run(&context, &mut report);
        }
    }
    let shoot = (inputs.shoot.as_ref())
        .and_then(|shoot| decode_once(&shoot_views.shoot, shoot, &mut report))
        .map(crate::summary::ShootFacts::of);
    report.summary = crate::summary::summarize(&report, shoot, options.now);
    report
}
