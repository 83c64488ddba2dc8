//! What is kept between analyses: a prepared CloudProfile with the memos of its views, and the
//! reports of a source's Shoots one at a time.

use super::read::{diagnostic_at, shoot_named};
use super::{
    analyze_from, classification_transitions, copy_object, document, parse_objects, read_source,
    route, syntax_errors, version_matrix, AnalyzeOptions, DateTime, Diagnostic, Inputs, Located,
    Place, Problem, RecognisedObject, Report, Source, SourceRole, TimeZones, Utc, Value,
    VersionMatrix,
};
use crate::document::Extent;

/// A source with a CloudProfile, read once to analyse many Shoots against it
/// ([`analyze_with_profile`]): the CloudProfile is parsed, checked for unparsable fields and
/// defaulted here instead of once per analysis.
pub struct PreparedProfile {
    pub(super) source: Source,
    pub(super) limits: document::Limits,
    /// What reading the source found, as `analyze` finds it when the source comes first, but with
    /// the CloudProfile defaulted.
    pub(super) inputs: Inputs,
    pub(super) objects: Vec<RecognisedObject>,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// `None` when the source has no CloudProfile.
    pub(super) profile: Option<ProfileDone>,
    pub(super) views: ProfileViews,
    /// Where the hibernation schedules' offsets come from.
    pub(super) zones: TimeZones,
}

/// What the areas read of the CloudProfile alone, each found on first use: an analysis reads the
/// one model's CloudProfile for the version matrix, maintenance and validation, and a prepared
/// profile keeps all of it for every analysis against it. The findings that also depend on the options are kept
/// with the options they were found with.
#[derive(Default)]
pub(super) struct ProfileViews {
    /// The one model's CloudProfile (`crate::api`), which every area reads.
    pub(super) cloud_profile:
        std::cell::OnceCell<Result<crate::api::CloudProfile, Box<Diagnostic>>>,
    /// Every instant at which a version of the CloudProfile may change its classification,
    /// ascending, listed when a second instant is asked about: the version matrix, the
    /// CloudProfile's own problems and the eligible updates read the instant only through
    /// classifications (`start < now`), so what was found at one instant holds at every instant
    /// with as many transitions before it.
    pub(super) transitions: std::cell::OnceCell<Vec<DateTime<Utc>>>,
    /// The version matrix (without the Shoot's eligible updates) and the instant it was found at.
    pub(super) matrix: std::cell::RefCell<Option<(DateTime<Utc>, Option<VersionMatrix>)>>,
    /// The CloudProfile's own validation problems, with the feature gates and the instant.
    pub(super) problems: std::cell::RefCell<Option<(ValidationKey, Vec<Problem>)>>,
    /// The version decisions of maintenance runs against the CloudProfile: each is keyed by
    /// everything it reads of a Shoot, so the Shoots of a fleet reuse each other's.
    pub(super) runs: std::cell::RefCell<crate::maintenance::RunMemo>,
    /// The eligible updates of each version and pool image a Shoot uses, shared as the runs are.
    pub(super) eligibility: std::cell::RefCell<crate::maintenance::EligibilityMemo>,
    /// The hibernation schedules' answers, keyed by everything they read: not the CloudProfile's,
    /// but shared by the same Shoots of a fleet as the runs are.
    pub(super) schedules: std::cell::RefCell<crate::hibernation::ScheduleMemo>,
}

pub(super) type ValidationKey = (crate::validation::FeatureGates, DateTime<Utc>);

impl ProfileViews {
    /// Whether `profile` classifies every version alike at `found` and at `now`: the same
    /// number of its transitions lies before each. An app analysing at the clock's instant asks
    /// at a new one each time; an analysis of its own asks at one only, and lists none.
    pub(super) fn classified_alike(
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
    pub(super) fn matrix(&self, profile: &Located, now: DateTime<Utc>) -> Option<VersionMatrix> {
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
    pub(super) fn problems(
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
pub(super) struct ShootViews {
    /// The one model's Shoot (`crate::api`), which every area reads.
    pub(super) shoot: std::cell::OnceCell<Result<crate::api::Shoot, Box<Diagnostic>>>,
    /// The previous Shoot, in the same model.
    pub(super) previous_shoot: std::cell::OnceCell<Result<crate::api::Shoot, Box<Diagnostic>>>,
}

/// What `analyze` does to the CloudProfile itself before its areas.
pub(super) struct ProfileDone {
    pub(super) syntax_errors: Vec<Diagnostic>,
    pub(super) defaults_applied: Vec<crate::defaults::AppliedDefault>,
}

impl PreparedProfile {
    /// Reads `source` (typically one CloudProfile) within `limits`, which analyses should share: an
    /// analysis with other limits reads the source again.
    pub fn new(source: Source, limits: document::Limits) -> PreparedProfile {
        PreparedProfile::with_time_zones(source, limits, TimeZones::EMBEDDED)
    }

    /// [`PreparedProfile::new`], with the time-zone rules of the analyses against it.
    pub fn with_time_zones(
        source: Source,
        limits: document::Limits,
        zones: TimeZones,
    ) -> PreparedProfile {
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
            zones,
        }
    }
}

/// The same report as [`analyze`] of the prepared profile's source followed by `sources`.
pub fn analyze_with_profile(
    profile: &PreparedProfile,
    sources: &[Source],
    options: &AnalyzeOptions,
) -> Report {
    let bytes = sources.iter().map(|source| source.text.len()).sum();
    analyze_from(Some(profile), sources, bytes, options, &mut read_source)
}

/// The NamespacedCloudProfiles a fleet's Shoots may reference, below one CloudProfile, each as
/// Gardener derives it: a Shoot is analysed against the one it references (`spec.cloudProfile`),
/// against the CloudProfile otherwise.
#[derive(Default)]
pub struct NamespacedProfiles(Vec<((String, String), PreparedProfile)>);

impl NamespacedProfiles {
    /// Every NamespacedCloudProfile of `namespaced`, merged with the CloudProfile of `parent` as
    /// Gardener's controller-manager merges them; an error names the one that cannot be.
    pub fn merged(
        parent: &Source,
        namespaced: &[Source],
        limits: document::Limits,
    ) -> Result<NamespacedProfiles, String> {
        let merged = super::read::merged_namespaced_profiles(parent, namespaced, &limits)?;
        Ok(NamespacedProfiles(
            (merged.into_iter())
                .map(|(key, source)| (key, PreparedProfile::new(source, limits)))
                .collect(),
        ))
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The profile `shoot` is analysed against: its NamespacedCloudProfile, or `cloud_profile`.
    fn for_shoot<'a>(
        &'a self,
        cloud_profile: &'a PreparedProfile,
        shoot: &Value,
    ) -> &'a PreparedProfile {
        let Some(key) = super::read::namespaced_profile_of(shoot) else {
            return cloud_profile;
        };
        (self.0.iter())
            .find(|(named, _)| *named == key)
            .map_or(cloud_profile, |(_, profile)| profile)
    }
}

/// [`analyze_each_shoot`] with the NamespacedCloudProfiles the Shoots may reference.
pub fn analyze_each_shoot_in<'a>(
    profile: &'a PreparedProfile,
    namespaced: &'a NamespacedProfiles,
    source: &'a Source,
    options: &'a AnalyzeOptions,
) -> Box<dyn Iterator<Item = Report> + 'a> {
    each_shoot(profile, Some(namespaced), source, options)
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
    each_shoot(profile, None, source, options)
}

fn each_shoot<'a>(
    profile: &'a PreparedProfile,
    namespaced: Option<&'a NamespacedProfiles>,
    source: &'a Source,
    options: &'a AnalyzeOptions,
) -> Box<dyn Iterator<Item = Report> + 'a> {
    let single = || {
        Box::new(std::iter::once_with(|| {
            analyze_with_profile(profile, std::slice::from_ref(source), options)
        }))
    };
    if source.role != SourceRole::Auto {
        return single();
    }
    // A source within the limits as a whole is read as `analyze` reads it. A larger one, such as
    // a fleet's `List`, is read whole and each of its Shoots held to the limits instead.
    let whole = document::check_size(
        profile.source.text.len() + source.text.len(),
        &options.limits,
    )
    .is_ok();
    let objects = if whole {
        let Ok(objects) = parse_objects(source, &options.limits) else {
            return single();
        };
        objects
    } else {
        let many = options.limits.for_many_objects(source.text.len());
        match parse_objects(source, &many) {
            Ok(objects) => objects,
            Err(diagnostic) => {
                return Box::new(std::iter::once_with(move || {
                    unreadable(profile, source, options, *diagnostic)
                }))
            }
        }
    };
    let (shoots, others): (Vec<_>, Vec<_>) = objects
        .into_iter()
        .enumerate()
        .partition(|(_, (_, object))| crate::api::kind_of(object) == Some("Shoot"));
    // What each Shoot's report reads besides the Shoot, counted against the limits.
    let others_bytes: usize = match whole {
        true => 0,
        false => (others.iter())
            .map(|(_, (_, object))| Extent::of(object).text_bytes)
            .sum(),
    };
    // Each report reads the source's other objects and one Shoot, in the order of the source.
    let report_with = move |shoot: Option<PositionedObject>| {
        let profile = match (&shoot, namespaced) {
            (Some((_, (_, object))), Some(namespaced)) => namespaced.for_shoot(profile, object),
            _ => profile,
        };
        let bytes = match (&shoot, whole) {
            (_, true) => source.text.len(),
            (None, false) => others_bytes,
            (Some((_, (place, object))), false) => {
                let extent = Extent::of(object);
                let read_with = profile.source.text.len() + others_bytes;
                if let Err(message) = extent.check(&shoot_named(object), read_with, &options.limits)
                {
                    let diagnostic = diagnostic_at(source, place, message);
                    return unreadable(profile, source, options, diagnostic);
                }
                others_bytes + extent.text_bytes
            }
        };
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
            bytes,
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

/// The report of a source (or one object of it) that cannot be read: the prepared profile's
/// findings and the error.
fn unreadable(
    profile: &PreparedProfile,
    source: &Source,
    options: &AnalyzeOptions,
    diagnostic: Diagnostic,
) -> Report {
    let mut diagnostic = Some(diagnostic);
    let mut read = |_: &Source, _: &document::Limits, _: &mut Inputs, report: &mut Report| {
        report.diagnostics.extend(diagnostic.take());
    };
    analyze_from(
        Some(profile),
        std::slice::from_ref(source),
        0,
        options,
        &mut read,
    )
}

/// An object of a source with its position among the source's objects.
pub(super) type PositionedObject = (usize, (Place, Value));
