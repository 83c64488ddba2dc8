//! The [`Analyzer`]: the state that analyses one after another share, held by its caller.

use super::{
    analyze, analyze_with_profile, AnalyzeOptions, PreparedProfile, Report, Source, TimeZones,
};

/// Analyses one after another that share what they can: the first source read (the CloudProfile,
/// as the app and the npm package order their inputs) is kept, with the memos of its views, while
/// it stays the same, as an editor's next keystroke mostly changes the Shoot and a real
/// CloudProfile is many times its size; and the time-zone rules of the hibernation schedules. Each
/// report is the one [`analyze`] gives. The caller holds it (the npm package exports it as the
/// class `Analyzer`); nothing of it is global.
pub struct Analyzer {
    /// The prepared first source and how many analyses it has served.
    pub(super) kept: Option<(PreparedProfile, usize)>,
    pub(super) analyses_per_preparation: usize,
    pub(super) zones: TimeZones,
}

impl Default for Analyzer {
    fn default() -> Analyzer {
        Analyzer::with_time_zones(TimeZones::EMBEDDED)
    }
}

impl Analyzer {
    /// An analyzer with the embedded time-zone database.
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// An analyzer whose hibernation schedules take their offsets from `zones` (the wasm builds
    /// give the JavaScript engine's `Intl` rules, having no embedded database).
    pub fn with_time_zones(zones: TimeZones) -> Analyzer {
        Analyzer {
            kept: None,
            // A prepared profile remembers answers for every instant and Shoot it meets, so an
            // editing session of hours would grow it without end. Preparing it again after this
            // many analyses bounds that at the cost of one fresh read.
            analyses_per_preparation: 256,
            zones,
        }
    }

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
        let zones = self.zones;
        let (prepared, analyses) = self.kept.get_or_insert_with(|| {
            let prepared = PreparedProfile::with_time_zones(first.clone(), options.limits, zones);
            (prepared, 0)
        });
        *analyses += 1;
        analyze_with_profile(prepared, rest, options)
    }

    /// [`fleet::each_report`](crate::fleet::each_report) with this analyzer's time-zone rules: the
    /// CloudProfile is read once for the fleet, not kept for later analyses.
    pub fn each_report<S: std::borrow::Borrow<Source>, E>(
        &self,
        profile: Source,
        shoots: impl IntoIterator<Item = Result<S, E>>,
        options: &AnalyzeOptions,
        take: impl FnMut(crate::fleet::FleetEntry) -> Result<(), E>,
    ) -> Result<crate::fleet::FleetSummary, E> {
        let prepared = PreparedProfile::with_time_zones(profile, options.limits, self.zones);
        crate::fleet::each_report_of(&prepared, shoots, options, take)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hibernation::TimeZoneRules;
    use chrono::{DateTime, Utc};

    /// Rules that put every zone at UTC+5, which no embedded zone named below is.
    struct FivePastUtc;

    impl TimeZoneRules for FivePastUtc {
        fn offset_seconds(&self, _zone: &str, _unix: i64) -> Option<i64> {
            Some(5 * 3600)
        }
    }

    const SHOOT: &str = "kind: Shoot
metadata: {name: s, namespace: garden-a}
spec:
  hibernation:
    schedules:
    - {start: '00 21 * * *', location: Europe/Berlin}
";

    fn first_hibernation(analyzer: &mut Analyzer) -> DateTime<Utc> {
        let sources = [Source::auto("Shoot", SHOOT)];
        let at = "2026-01-05T00:00:00Z".parse().unwrap();
        let report = analyzer.analyze(&sources, &AnalyzeOptions::at(at));
        report.hibernation.unwrap().schedule_events[0].instant
    }

    #[test]
    fn the_schedules_take_their_offsets_from_the_analyzers_rules() {
        static RULES: FivePastUtc = FivePastUtc;
        let embedded = first_hibernation(&mut Analyzer::new());
        let host = first_hibernation(&mut Analyzer::with_time_zones(TimeZones::host(&RULES)));
        // 21:00 in Berlin in January is 20:00 UTC; at UTC+5 it is 16:00 UTC.
        assert_eq!(
            embedded,
            "2026-01-05T20:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        assert_eq!(
            host,
            "2026-01-05T16:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        // Each analyzer keeps its own rules: the first is not changed by the second.
        assert_eq!(first_hibernation(&mut Analyzer::new()), embedded);
    }
}
