//! "Supported" lifecycle stages must not overlap per minor version: Gardener's
//! `validateSupportedVersionsConfiguration` and `supportedVersionsOverlapping`
//! (`pkg/api/core/validation/cloudprofile.go`).
//!
//! Gardener compares each supported version with every supported peer of its minor and adds one
//! identical error per overlapping peer, so its answer for n such versions has n·(n−1) errors. The
//! engine gives the same answer as one error per version with the number of overlapping peers as
//! its count ([`FieldError::count`]), and finds that number by binary search over the peers'
//! stage boundaries instead of pair by pair: a CloudProfile of thousands of patch versions of one
//! minor stays a matter of milliseconds. The pairwise rule is kept in the tests as the reference
//! the counting is held to.

use super::cloudprofile::rank;
use super::{go_quote, parse_version};
use crate::field::{FieldError, Path};
use crate::lifecycle::{Classification, ExpirableVersion, LifecycleStage};
use crate::version::Version;
use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, HashMap};

/// The supported peers of one version list, indexed for counting overlaps: per minor, and per
/// exact version (a version is not its own peer, nor is another entry of the same version).
pub(super) struct SupportedPeers {
    per_minor: HashMap<(u64, u64), OverlapIndex>,
    per_version: BTreeMap<Version, OverlapIndex>,
}

impl SupportedPeers {
    /// The peers of a list: its versions that are `supported` in some stage, or by their legacy
    /// classification. `None` when one of them does not parse: Gardener's search for peers fails
    /// then, and it adds no error for any version of the list.
    pub(super) fn of<'a>(all: impl IntoIterator<Item = &'a ExpirableVersion>) -> Option<Self> {
        let supported_somewhere = |v: &&ExpirableVersion| {
            v.classification == Some(Classification::Supported)
                || (v.lifecycle.iter()).any(|s| s.classification == Classification::Supported)
        };
        let mut peers = SupportedPeers {
            per_minor: HashMap::new(),
            per_version: BTreeMap::new(),
        };
        for peer in all.into_iter().filter(supported_somewhere) {
            let parsed = parse_version(&peer.version).ok()?;
            let stages = SupportedStages::of(peer);
            (peers.per_minor.entry((parsed.major, parsed.minor)))
                .or_default()
                .add(&stages);
            peers.per_version.entry(parsed).or_default().add(&stages);
        }
        for index in peers.per_minor.values_mut() {
            index.sort();
        }
        for index in peers.per_version.values_mut() {
            index.sort();
        }
        Some(peers)
    }

    /// The number of peers of the same minor, other than `version` itself, whose supported stage
    /// overlaps `version`'s.
    fn overlapping(&self, version: &ExpirableVersion, parsed: &Version) -> usize {
        let stages = SupportedStages::of(version);
        let of_minor = (self.per_minor.get(&(parsed.major, parsed.minor)))
            .map_or(0, |index| index.overlapping(&stages));
        let of_same_version =
            (self.per_version.get(parsed)).map_or(0, |index| index.overlapping(&stages));
        of_minor - of_same_version
    }
}

/// `validateSupportedVersionsConfiguration` for one version: only a version with the legacy
/// `classification` field that is supported at `now` is checked, and each overlapping peer is one
/// error (here one error counted that many times).
pub(super) fn validate(
    version: &ExpirableVersion,
    peers: Option<&SupportedPeers>,
    path: &Path,
    now: DateTime<Utc>,
) -> Option<FieldError> {
    if version.classification.is_none() || !version.is_supported(now) {
        return None;
    }
    let parsed = parse_version(&version.version).ok()?;
    let overlapping = peers?.overlapping(version, &parsed);
    (overlapping > 0).then(|| {
        FieldError::forbidden(
            *path,
            format!(
                "unable to add version {} with classification \"supported\". \"supported\" lifecycle stages must not overlap per minor version",
                go_quote(&version.version)
            ),
        )
        .times(overlapping)
    })
}

/// What `supportedVersionsOverlapping` reads of a version: whether it has a lifecycle at all, and
/// when its supported stage starts and the next stage above it does.
struct SupportedStages {
    has_lifecycle: bool,
    /// The lifecycle has a `supported` stage.
    supported: bool,
    /// That stage's start (`None`: from the beginning of time).
    start: Option<DateTime<Utc>>,
    /// The first stage ranked above `supported`, with its start: `None` when there is none,
    /// `Some(None)` when it has no start time.
    next_start: Option<Option<DateTime<Utc>>>,
}

impl SupportedStages {
    fn of(version: &ExpirableVersion) -> Self {
        let supported_stage =
            (version.lifecycle.iter()).find(|s| s.classification == Classification::Supported);
        // Without a supported stage Gardener compares against the empty classification, below
        // every stage; such a version never overlaps one with a lifecycle, so the rest is unused.
        let floor = supported_stage.map_or(0, |s| rank(&s.classification));
        let next: Option<&LifecycleStage> =
            (version.lifecycle.iter()).find(|s| rank(&s.classification) > floor);
        SupportedStages {
            has_lifecycle: !version.lifecycle.is_empty(),
            supported: supported_stage.is_some(),
            start: supported_stage.and_then(|s| s.start_time),
            next_start: next.map(|s| s.start_time),
        }
    }
}

/// A set of peers, kept so that the peers overlapping a version can be counted by binary search.
#[derive(Default)]
struct OverlapIndex {
    all: usize,
    /// Peers without a lifecycle: they overlap every version.
    without_lifecycle: usize,
    /// Of the peers with a supported stage and no stage after it: their supported stages' starts.
    open_starts: Vec<Option<DateTime<Utc>>>,
    /// Of the peers with a supported stage and a stage after it: those next stages' starts.
    closing_starts: Vec<Option<DateTime<Utc>>>,
}

impl OverlapIndex {
    fn add(&mut self, peer: &SupportedStages) {
        self.all += 1;
        if !peer.has_lifecycle {
            self.without_lifecycle += 1;
        } else if peer.supported {
            match peer.next_start {
                None => self.open_starts.push(peer.start),
                Some(next_start) => self.closing_starts.push(next_start),
            }
        }
    }

    fn sort(&mut self) {
        // `None` (no start time) sorts before every instant.
        self.open_starts.sort_unstable();
        self.closing_starts.sort_unstable();
    }

    /// How many of the peers `supportedVersionsOverlapping(version, peer)` holds for.
    fn overlapping(&self, version: &SupportedStages) -> usize {
        if !version.has_lifecycle {
            return self.all;
        }
        if !version.supported {
            return self.without_lifecycle;
        }
        let with_stages = match version.next_start {
            // The version stays supported: every peer that does too overlaps it, and so does
            // each one whose supported stage ends after the version's starts (`Before` is false
            // when the peer's next stage has no start time).
            None => {
                let ending_after = match version.start {
                    None => self.closing_starts.len(),
                    Some(start) => {
                        self.closing_starts.len()
                            - (self.closing_starts).partition_point(|end| *end <= Some(start))
                    }
                };
                self.open_starts.len() + ending_after
            }
            // The version's supported stage ends: the peers that stay supported overlap it when
            // theirs starts before that end (or has no start).
            Some(end) => match end {
                None => self.open_starts.partition_point(Option::is_none),
                Some(end) => self.open_starts.partition_point(|start| *start < Some(end)),
            },
        };
        self.without_lifecycle + with_stages
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::LifecycleStage;
    use chrono::TimeZone;

    /// `supportedVersionsOverlapping` pair by pair, as the engine had it (held by the oracle) before
    /// it counted: the reference.
    fn overlap_pairwise(a: &ExpirableVersion, b: &ExpirableVersion) -> bool {
        if a.lifecycle.is_empty() || b.lifecycle.is_empty() {
            return true;
        }
        let supported_stage =
            |v: &ExpirableVersion| -> (Option<Classification>, Option<DateTime<Utc>>) {
                v.lifecycle
                    .iter()
                    .find(|s| s.classification == Classification::Supported)
                    .map_or((None, None), |s| {
                        (Some(s.classification.clone()), s.start_time)
                    })
            };
        let next_stage = |v: &ExpirableVersion, after: &Option<Classification>| {
            let floor = after.as_ref().map_or(0, rank);
            v.lifecycle
                .iter()
                .find(|s| rank(&s.classification) > floor)
                .cloned()
        };
        let (class_a, start_a) = supported_stage(a);
        let (class_b, start_b) = supported_stage(b);
        let next_a = next_stage(a, &class_a);
        let next_b = next_stage(b, &class_b);
        if class_a != Some(Classification::Supported) || class_a != class_b {
            return false;
        }
        let before = |start: Option<DateTime<Utc>>, next: &Option<LifecycleStage>| -> bool {
            match (start, next.as_ref().and_then(|n| n.start_time)) {
                (None, _) => true,
                (Some(start), Some(next_start)) => start < next_start,
                (Some(_), None) => false,
            }
        };
        (next_a.is_none() && next_b.is_none())
            || (next_a.is_none() && before(start_a, &next_b))
            || (next_b.is_none() && before(start_b, &next_a))
    }

    /// A small deterministic generator (xorshift), so the test needs no crate.
    struct Draw(u64);
    impl Draw {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    fn drawn_version(draw: &mut Draw) -> ExpirableVersion {
        let classes = [
            Classification::Preview,
            Classification::Supported,
            Classification::Deprecated,
            Classification::Expired,
        ];
        let instant = |draw: &mut Draw| {
            (draw.below(4) != 0).then(|| {
                Utc.with_ymd_and_hms(2026, 1, 1 + draw.below(5) as u32, 0, 0, 0)
                    .unwrap()
            })
        };
        let lifecycle = (0..draw.below(4))
            .map(|_| LifecycleStage {
                classification: classes[draw.below(4) as usize].clone(),
                start_time: instant(draw),
            })
            .collect();
        ExpirableVersion {
            version: format!("1.{}.{}", draw.below(2), draw.below(4)),
            classification: (draw.below(3) != 0).then_some(Classification::Supported),
            lifecycle,
            ..ExpirableVersion::default()
        }
    }

    #[test]
    fn counting_agrees_with_gardeners_pairwise_rule() {
        let mut draw = Draw(0x5eed_2026_1129);
        let (mut some, mut none) = (0, 0);
        for _ in 0..2_000 {
            let versions: Vec<ExpirableVersion> = (0..draw.below(8))
                .map(|_| drawn_version(&mut draw))
                .collect();
            let peers = SupportedPeers::of(&versions).expect("all versions parse");
            let supported = |v: &&ExpirableVersion| {
                v.classification == Some(Classification::Supported)
                    || (v.lifecycle.iter()).any(|s| s.classification == Classification::Supported)
            };
            for version in &versions {
                let parsed = parse_version(&version.version).unwrap();
                let expected = (versions.iter().filter(supported))
                    .filter(|peer| {
                        let other = parse_version(&peer.version).unwrap();
                        other != parsed
                            && (other.major, other.minor) == (parsed.major, parsed.minor)
                    })
                    .filter(|peer| overlap_pairwise(version, peer))
                    .count();
                if expected == 0 {
                    none += 1
                } else {
                    some += 1
                }
                assert_eq!(
                    peers.overlapping(version, &parsed),
                    expected,
                    "{version:?} among {versions:?}"
                );
            }
        }
        // The draws reach both answers often, so the comparison means something.
        assert!(
            some > 1_000 && none > 1_000,
            "{some} overlapping, {none} not"
        );
    }

    #[test]
    fn thousands_of_patch_versions_give_one_counted_error_each() {
        let versions: Vec<ExpirableVersion> = (0..5_000)
            .map(|patch| ExpirableVersion {
                version: format!("1.33.{patch}"),
                classification: Some(Classification::Supported),
                ..ExpirableVersion::default()
            })
            .collect();
        let peers = SupportedPeers::of(&versions);
        let now = Utc.with_ymd_and_hms(2026, 11, 29, 0, 0, 0).unwrap();
        let root = Path::new("spec.kubernetes.versions");
        let errors: Vec<FieldError> = (versions.iter().enumerate())
            .filter_map(|(i, v)| validate(v, peers.as_ref(), &root.index(i), now))
            .collect();
        assert_eq!(errors.len(), 5_000);
        assert!(errors.iter().all(|e| e.count == 4_999));
        assert_eq!(errors[7].field, "spec.kubernetes.versions[7]");
    }

    #[test]
    fn an_unparsable_peer_silences_the_rule_for_the_list() {
        let versions = [
            ExpirableVersion {
                version: "1.33.0".into(),
                classification: Some(Classification::Supported),
                ..ExpirableVersion::default()
            },
            ExpirableVersion {
                version: "1.33.x".into(),
                classification: Some(Classification::Supported),
                ..ExpirableVersion::default()
            },
        ];
        assert!(SupportedPeers::of(&versions).is_none());
    }
}
