//! Version classification at an instant: the legacy `classification` + `expirationDate` pair and the
//! newer `lifecycle` stages.
//!
//! Follows `CurrentLifecycleClassification` and `DurationUntilNextVersionTransition` in
//! `pkg/api/core/v1beta1/helper/cloudprofile.go`.

use chrono::{DateTime, TimeDelta, Utc};

pub use crate::api::{Classification, ExpirableVersion, LifecycleStage};

impl ExpirableVersion {
    /// The stages that decide the classification: the lifecycle when one is given (it wins over the
    /// legacy fields), otherwise the legacy classification (default `supported`) followed by an
    /// `expired` stage at the expiration date.
    pub fn effective_lifecycle(&self) -> Vec<LifecycleStage> {
        if !self.lifecycle.is_empty() {
            return self.lifecycle.clone();
        }
        if self.classification.is_none() && self.expiration_date.is_none() {
            return Vec::new();
        }
        let mut stages = vec![LifecycleStage {
            classification: self
                .classification
                .clone()
                .unwrap_or(Classification::Supported),
            start_time: None,
        }];
        if let Some(expiration) = self.expiration_date {
            stages.push(LifecycleStage {
                classification: Classification::Expired,
                start_time: Some(expiration),
            });
        }
        stages
    }

    /// The classification at `now`. A stage that starts exactly at `now` is not active yet; a version
    /// without any information is `supported`.
    pub fn classification_at(&self, now: DateTime<Utc>) -> Classification {
        // The same walk as over `effective_lifecycle`, without building the stages: this runs for
        // every version in every selection pass of every maintenance window.
        let started = |start: Option<DateTime<Utc>>| start.is_none_or(|start| start < now);
        if !self.lifecycle.is_empty() {
            return self
                .lifecycle
                .iter()
                .rfind(|stage| started(stage.start_time))
                .map_or(Classification::Unavailable, |stage| {
                    stage.classification.clone()
                });
        }
        if self
            .expiration_date
            .is_some_and(|expiration| started(Some(expiration)))
        {
            return Classification::Expired;
        }
        self.classification
            .clone()
            .unwrap_or(Classification::Supported)
    }

    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.classification_at(now) == Classification::Expired
    }

    pub fn is_preview(&self, now: DateTime<Utc>) -> bool {
        self.classification_at(now) == Classification::Preview
    }

    pub fn is_supported(&self, now: DateTime<Utc>) -> bool {
        self.classification_at(now) == Classification::Supported
    }

    pub fn is_deprecated(&self, now: DateTime<Utc>) -> bool {
        self.classification_at(now) == Classification::Deprecated
    }

    /// Neither expired nor unavailable (`VersionIsActive`).
    pub fn is_active(&self, now: DateTime<Utc>) -> bool {
        !matches!(
            self.classification_at(now),
            Classification::Expired | Classification::Unavailable
        )
    }

    /// The instants at which this version's classification may change: lifecycle start times, or the
    /// expiration date when there is no lifecycle.
    pub fn transition_instants(&self) -> impl Iterator<Item = DateTime<Utc>> + '_ {
        // Without a list, nothing allocated: a CloudProfile lists thousands of versions.
        let stages = self.lifecycle.iter().filter_map(|stage| stage.start_time);
        let expiration = (self.lifecycle.is_empty()).then_some(self.expiration_date);
        stages.chain(expiration.flatten())
    }
}

/// The [`ExpirableVersion::transition_instants`] of `versions`, ascending, each once. An instant
/// classifies every one of the versions as another does when as many of these lie before each
/// (a classification compares `start < now`): what a finding that reads the instant only through
/// classifications can be remembered by.
pub fn sorted_transitions<'a>(
    versions: impl Iterator<Item = &'a ExpirableVersion>,
) -> Vec<DateTime<Utc>> {
    ascending_once(versions.flat_map(ExpirableVersion::transition_instants))
}

/// `instants` ascending, each once.
pub fn ascending_once(instants: impl Iterator<Item = DateTime<Utc>>) -> Vec<DateTime<Utc>> {
    let mut instants: Vec<DateTime<Utc>> = instants.collect();
    // Unstable, as equal instants are one after `dedup`: the standard sort on the instants
    // themselves, about four times faster than the crate's index sort on a CloudProfile's
    // hundreds of transitions, for one instantiation.
    instants.sort_unstable();
    instants.dedup();
    instants
}

/// How many of the ascending `transitions` lie strictly before `now`: a stage starting exactly at
/// `now` is not active yet (`classification_at`). Two instants with the same count classify alike.
pub fn transitions_before(transitions: &[DateTime<Utc>], now: DateTime<Utc>) -> usize {
    transitions.partition_point(|instant| *instant < now)
}

/// `DurationUntilNextVersionTransition`: the time from `now` to the earliest transition strictly after
/// `now` among all given versions, or zero when there is none.
pub fn duration_until_next_transition<'a>(
    versions: impl IntoIterator<Item = &'a ExpirableVersion>,
    now: DateTime<Utc>,
) -> TimeDelta {
    versions
        .into_iter()
        .flat_map(ExpirableVersion::transition_instants)
        .filter(|instant| *instant > now)
        .min()
        .map_or(TimeDelta::zero(), |next| next - now)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn version(yaml: &str) -> ExpirableVersion {
        serde_yaml::from_str(yaml).unwrap()
    }

    #[test]
    fn unclassified_is_supported_and_expiry_at_now_is_not_yet_active() {
        let now = at("2026-01-01T00:00:00Z");
        assert_eq!(
            version("version: 1.0.0").classification_at(now),
            Classification::Supported
        );
        let expiring = version("{version: 1.0.0, expirationDate: '2026-01-01T00:00:00Z'}");
        assert_eq!(expiring.classification_at(now), Classification::Supported);
        let expired = version(
            "{version: 1.0.0, classification: preview, expirationDate: '2025-01-01T00:00:00Z'}",
        );
        assert_eq!(expired.classification_at(now), Classification::Expired);
    }

    #[test]
    fn lifecycle_in_the_future_is_unavailable_and_wins_over_legacy_fields() {
        let now = at("2026-01-01T00:00:00Z");
        let v = version(
            "{version: 1.0.0, classification: deprecated, lifecycle: [{classification: preview, startTime: '2026-02-01T00:00:00Z'}]}",
        );
        assert_eq!(v.classification_at(now), Classification::Unavailable);
        assert!(!v.is_active(now));
    }

    #[test]
    fn next_transition_takes_the_earliest_future_instant() {
        let now = at("2026-01-01T00:00:00Z");
        let versions = [
            version("{version: 1.0.0, expirationDate: '2025-12-31T00:00:00Z'}"),
            version("{version: 1.1.0, expirationDate: '2026-01-02T00:00:00Z'}"),
            version("{version: 1.2.0, classification: deprecated}"),
        ];
        assert_eq!(
            duration_until_next_transition(&versions, now),
            TimeDelta::hours(24)
        );
        assert_eq!(
            duration_until_next_transition(&versions[2..], now),
            TimeDelta::zero()
        );
    }
}
