//! Version selection primitives used by maintenance.
//!
//! Follows the selection helpers of `pkg/api/core/v1beta1/helper/cloudprofile.go`
//! (`GetLatestVersionFor*AutoUpdate`, `GetVersionForForcefulUpdateTo*`, `GetLatestQualifyingVersion`,
//! `GetQualifyingVersionForNextHigher`) and `DetermineVersionForStrategy` of
//! `pkg/controllermanager/controller/shoot/maintenance/helper/helper.go`.
//!
//! Every function takes the evaluation instant `now` (classifications are evaluated at it) and returns
//! `Ok(Some(version))` with the CloudProfile's literal version string, `Ok(None)` when no version
//! qualifies, or `Err` with Gardener's error text when a version string does not parse.

use super::types::parse_version;
use crate::lifecycle::{Classification, ExpirableVersion};
use crate::version::Version;
use chrono::{DateTime, Utc};

/// The result of a selection: the chosen version string, or `None` when nothing qualifies.
pub type Selection = Result<Option<String>, String>;

/// `GetLatestVersionForPatchAutoUpdate`: the highest non-preview, non-expired version of the current
/// minor above `current`, preferring non-deprecated versions.
pub fn latest_patch_for_auto_update(
    versions: &[ExpirableVersion],
    current: &str,
    now: DateTime<Utc>,
) -> Selection {
    Parsed::with(versions, |parsed| latest_patch_in(parsed, current, now))
}

/// [`latest_patch_for_auto_update`] on versions parsed already.
pub(crate) fn latest_patch_in(versions: &Parsed, current: &str, now: DateTime<Utc>) -> Selection {
    let current = parse_version(current)?;
    patch_search(versions, &current, now)
}

/// `GetLatestVersionForMinorAutoUpdate`: a higher patch of the current minor if there is one,
/// otherwise the highest qualifying version of the same major.
pub fn latest_minor_for_auto_update(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    Parsed::with(versions, |parsed| {
        latest_minor_in(parsed, current_text, now)
    })
}

/// [`latest_minor_for_auto_update`] on versions parsed already.
fn latest_minor_in(parsed: &Parsed, current_text: &str, now: DateTime<Utc>) -> Selection {
    let current = parse_version(current_text)?;
    if let Some(found) = patch_search(parsed, &current, now)? {
        return Ok(Some(found));
    }
    let scope = |v: &Version| v.major == current.major;
    auto_update_search(parsed, &current, now, &scope)
}

/// `GetOverallLatestVersionForAutoUpdate`: a higher patch of the current minor if there is one,
/// otherwise the highest qualifying version overall.
pub fn overall_latest_for_auto_update(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    Parsed::with(versions, |parsed| {
        overall_latest_in(parsed, current_text, now)
    })
}

/// [`overall_latest_for_auto_update`] on versions parsed already.
fn overall_latest_in(parsed: &Parsed, current_text: &str, now: DateTime<Utc>) -> Selection {
    let current = parse_version(current_text)?;
    if let Some(found) = patch_search(parsed, &current, now)? {
        return Ok(Some(found));
    }
    auto_update_search(parsed, &current, now, &|_| true)
}

/// `GetVersionForForcefulUpdateToConsecutiveMinor` (Kubernetes): the highest non-preview version of
/// exactly the next minor of the same major, preferring non-expired versions.
pub fn force_consecutive_minor(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    Parsed::with(versions, |parsed| {
        force_consecutive_minor_in(parsed, current_text, now)
    })
}

/// [`force_consecutive_minor`] on versions parsed already.
pub(crate) fn force_consecutive_minor_in(
    parsed: &Parsed,
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    let current = parse_version(current_text)?;
    let in_next_minor = |_: &ExpirableVersion, v: &Version| in_consecutive_minor(v, &current);
    let non_expired = latest_qualifying(parsed, now, |entry, v| {
        in_next_minor(entry, v) && !entry.is_expired(now)
    })?;
    match non_expired {
        Some(found) => Ok(Some(found.version.clone())),
        None => Ok(latest_qualifying(parsed, now, in_next_minor)?.map(|e| e.version.clone())),
    }
}

/// `GetVersionForForcefulUpdateToNextHigherMinor` (image strategy `patch`): the highest version of the
/// next higher minor (not necessarily consecutive) within the current major.
pub fn force_next_higher_minor(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    Parsed::with(versions, |parsed| {
        force_next_higher_group(parsed, current_text, now, Group::Minor)
    })
}

/// `GetVersionForForcefulUpdateToNextHigherMajor` (image strategy `minor`): the highest version of the
/// next higher major.
pub fn force_next_higher_major(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    Parsed::with(versions, |parsed| {
        force_next_higher_group(parsed, current_text, now, Group::Major)
    })
}

/// `GetLatestQualifyingVersion` without extra filters: the highest version whose current
/// classification is not `preview`. Note that `unavailable` and `expired` versions qualify.
pub fn latest_qualifying_version(
    versions: &[ExpirableVersion],
    now: DateTime<Utc>,
) -> Result<Option<&ExpirableVersion>, String> {
    let results = parse_all(versions);
    latest_qualifying(&Parsed::with_results(versions, &results), now, |_, _| true)
}

/// `DetermineVersionForStrategy`: always try the auto-update search first; when it finds nothing,
/// keep the version unless it is expired (or missing), in which case the force search must succeed.
/// Returns `Ok(None)` when the version stays, or Gardener's error text.
pub fn determine_version_for_strategy(
    versions: &[ExpirableVersion],
    current: &str,
    auto: &dyn Fn(&[ExpirableVersion], &str) -> Selection,
    force: &dyn Fn(&[ExpirableVersion], &str) -> Selection,
    current_expired: bool,
) -> Result<Option<String>, String> {
    let auto = |current: &str| auto(versions, current);
    let force = |current: &str| force(versions, current);
    version_for_strategy(current, &auto, &force, current_expired)
}

/// [`determine_version_for_strategy`] with searches that know their versions already.
pub(crate) fn version_for_strategy(
    current: &str,
    auto: &dyn Fn(&str) -> Selection,
    force: &dyn Fn(&str) -> Selection,
    current_expired: bool,
) -> Result<Option<String>, String> {
    let auto_target = auto(current).map_err(|error| {
        format!("failed to determine a higher patch version for automatic update: {error}")
    })?;
    if let Some(target) = auto_target {
        return Ok(Some(target));
    }
    if !current_expired {
        return Ok(None);
    }
    let force_target = force(current)
        .map_err(|error| format!("failed to determine version for forceful update: {error}"))?;
    match force_target {
        Some(target) => Ok(Some(target)),
        None => Err(format!(
            "cannot perform forceful update of expired version {current:?}. No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile"
        )),
    }
}

/// One of the searches above, named, so that a caller can both run it and ask which versions it
/// could ever select ([`Search::eligible`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    /// [`latest_patch_for_auto_update`].
    LatestPatch,
    /// [`latest_minor_for_auto_update`].
    LatestMinor,
    /// [`overall_latest_for_auto_update`].
    OverallLatest,
    /// [`force_consecutive_minor`].
    ConsecutiveMinor,
    /// [`force_next_higher_minor`].
    NextHigherMinor,
    /// [`force_next_higher_major`].
    NextHigherMajor,
    /// No search: it fails with this text (the image strategy `major` has no forced update).
    Fails(String),
}

/// The versions a search could select, in list order, and the error that stopped the search.
pub type Eligible = (Vec<String>, Option<String>);

impl Search {
    pub fn select(
        &self,
        versions: &[ExpirableVersion],
        current: &str,
        now: DateTime<Utc>,
    ) -> Selection {
        Parsed::with(versions, |parsed| self.select_in(parsed, current, now))
    }

    /// [`Search::select`] on versions parsed already.
    pub(crate) fn select_in(
        &self,
        parsed: &Parsed,
        current: &str,
        now: DateTime<Utc>,
    ) -> Selection {
        match self {
            Search::LatestPatch => latest_patch_in(parsed, current, now),
            Search::LatestMinor => latest_minor_in(parsed, current, now),
            Search::OverallLatest => overall_latest_in(parsed, current, now),
            Search::ConsecutiveMinor => force_consecutive_minor_in(parsed, current, now),
            Search::NextHigherMinor => force_next_higher_group(parsed, current, now, Group::Minor),
            Search::NextHigherMajor => force_next_higher_group(parsed, current, now, Group::Major),
            Search::Fails(error) => Err(error.clone()),
        }
    }

    /// Every version that [`Search::select`] selects from the versions up to and including it (by
    /// version precedence, in list order), in list order: the targets the search could reach if the
    /// list ended there. On an error, the versions found before it and the error.
    ///
    /// One pass over the versions in ascending order instead of one search per version: the list
    /// "up to and including" a version only grows along that order, and each search's answer on it
    /// follows from the answer one class of equal versions earlier and the entries of the new class.
    pub fn eligible(
        &self,
        versions: &[ExpirableVersion],
        current: &str,
        now: DateTime<Utc>,
    ) -> Eligible {
        self.eligible_among(versions, &parse_every(versions), current, now)
    }

    /// [`Search::eligible`] with the versions parsed before by [`parse_every`]: a list searched
    /// several times is parsed once.
    pub(crate) fn eligible_among(
        &self,
        versions: &[ExpirableVersion],
        parsed: &Result<Vec<Version>, String>,
        current: &str,
        now: DateTime<Utc>,
    ) -> Eligible {
        let parsed = match parsed {
            Ok(parsed) => parsed,
            Err(error) => return (Vec::new(), Some(error.clone())),
        };
        if versions.is_empty() {
            return (Vec::new(), None);
        }
        // With every version parsed, a search fails on no list or on every one (the current version
        // or the search itself), so the first candidate already stops it.
        let current = match self {
            Search::Fails(error) => return (Vec::new(), Some(error.clone())),
            _ => match parse_version(current) {
                Ok(current) => current,
                Err(error) => return (Vec::new(), Some(error)),
            },
        };
        let ascending = Ascending::new(versions, parsed, now);
        let selected = match self {
            Search::LatestPatch => ascending.first_accepted_chain(&patch_chain(&current)),
            Search::LatestMinor => {
                let major = current.major;
                let mut chain = patch_chain(&current);
                chain.extend(preferring_non_deprecated(&current, move |v: &Version| {
                    v.major == major
                }));
                ascending.first_accepted_chain(&chain)
            }
            Search::OverallLatest => {
                let mut chain = patch_chain(&current);
                chain.extend(preferring_non_deprecated(&current, |_: &Version| true));
                ascending.first_accepted_chain(&chain)
            }
            Search::ConsecutiveMinor => {
                let non_expired: Accept = Box::new(|entry, v, now| {
                    in_consecutive_minor(v, &current) && !entry.is_expired(now)
                });
                let any: Accept = Box::new(|_, v, _| in_consecutive_minor(v, &current));
                ascending.first_accepted_chain(&[non_expired, any])
            }
            Search::NextHigherMinor => ascending.next_higher_group(&current, Group::Minor),
            Search::NextHigherMajor => ascending.next_higher_group(&current, Group::Major),
            Search::Fails(error) => return (Vec::new(), Some(error.clone())),
        };
        let found = versions
            .iter()
            .zip(&ascending.class_of)
            .filter(|(entry, class)| {
                selected[**class].is_some_and(|chosen| versions[chosen].version == entry.version)
            })
            .map(|(entry, _)| entry.version.clone())
            .collect();
        (found, None)
    }
}

/// An acceptance test of a search pass, on the entry, its parsed version and the instant.
type Accept<'a> = Box<dyn Fn(&ExpirableVersion, &Version, DateTime<Utc>) -> bool + 'a>;

/// The passes of [`auto_update_search`]: non-deprecated candidates first, then any candidate.
fn preferring_non_deprecated<'a>(
    current: &'a Version,
    scope: impl Fn(&Version) -> bool + Copy + 'a,
) -> [Accept<'a>; 2] {
    [
        Box::new(move |entry, v, now| {
            auto_update_candidate(entry, v, current, now, &scope) && !entry.is_deprecated(now)
        }),
        Box::new(move |entry, v, now| auto_update_candidate(entry, v, current, now, &scope)),
    ]
}

/// The passes of [`patch_search`].
fn patch_chain(current: &Version) -> Vec<Accept<'_>> {
    preferring_non_deprecated(current, move |v| same_minor_and_not_lower(v, current)).into()
}

/// A version list in ascending order (stable, so equal versions keep their list order), grouped in
/// classes of equal versions: the lists "up to and including" a version are its prefixes.
struct Ascending<'a> {
    versions: &'a [ExpirableVersion],
    parsed: &'a [Version],
    /// Indices into `versions`, ascending.
    order: Vec<usize>,
    /// For each class of equal versions, its range in `order`, ascending.
    classes: Vec<std::ops::Range<usize>>,
    /// For each entry of `versions`, the index of its class.
    class_of: Vec<usize>,
    preview: Vec<bool>,
    now: DateTime<Utc>,
}

impl<'a> Ascending<'a> {
    fn new(versions: &'a [ExpirableVersion], parsed: &'a [Version], now: DateTime<Utc>) -> Self {
        let mut order: Vec<usize> = (0..versions.len()).collect();
        crate::sorting::sort_by(&mut order, |a, b| parsed[*a].cmp(&parsed[*b]));
        let mut classes: Vec<std::ops::Range<usize>> = Vec::new();
        let mut class_of = vec![0; versions.len()];
        for (position, index) in order.iter().enumerate() {
            match classes.last_mut() {
                Some(class) if parsed[order[class.start]] == parsed[*index] => class.end += 1,
                _ => classes.push(position..position + 1),
            }
            class_of[*index] = classes.len() - 1;
        }
        let preview = versions
            .iter()
            .map(|v| v.classification_at(now) == Classification::Preview)
            .collect();
        Ascending {
            versions,
            parsed,
            order,
            classes,
            class_of,
            preview,
            now,
        }
    }

    /// Per class, what a chain of [`latest_qualifying`] passes (the first pass that accepts anything
    /// decides) selects from the versions up to that class. A pass's choice is the first entry, in
    /// list order, of the highest class with a qualifying accepted entry, so it only moves to a new
    /// class when that class has one.
    fn first_accepted_chain(&self, passes: &[Accept]) -> Vec<Option<usize>> {
        let zero = Version::parse("0.0.0").expect("0.0.0 is a version");
        let mut chosen: Vec<Option<usize>> = vec![None; passes.len()];
        self.classes
            .iter()
            .map(|class| {
                for (pass, choice) in passes.iter().zip(chosen.iter_mut()) {
                    let first = self.order[class.clone()].iter().copied().find(|&index| {
                        let v = &self.parsed[index];
                        !self.preview[index]
                            && *v > zero
                            && pass(&self.versions[index], v, self.now)
                    });
                    if first.is_some() {
                        *choice = first;
                    }
                }
                chosen.iter().find_map(|choice| *choice)
            })
            .collect()
    }

    /// Per class, what [`force_next_higher_group`] selects from the versions up to that class.
    fn next_higher_group(&self, current: &Version, group: Group) -> Vec<Option<usize>> {
        let non_expired = self.group_scan(current, group, &|entry, v| {
            group.in_scope(v, current) && !entry.is_expired(self.now)
        });
        let any = self.group_scan(current, group, &|_, v| group.in_scope(v, current));
        non_expired
            .into_iter()
            .zip(any)
            .map(|((found, next_group), (fallback, _))| {
                let skipped_next_group = match (found, next_group) {
                    (Some(found), Some(next)) => group.of(&self.parsed[found]) > next,
                    (Some(found), None) => group.of(&self.parsed[found]) > 0,
                    (None, _) => false,
                };
                match found {
                    Some(found) if !skipped_next_group => Some(found),
                    _ => fallback,
                }
            })
            .collect()
    }

    /// [`next_higher_group`] on every prefix at once: its scan stops at the first accepted entry
    /// of a higher group, so each prefix's answer is the scan's state where the prefix ends or
    /// where the scan stopped, whichever comes first.
    fn group_scan(
        &self,
        current: &Version,
        group: Group,
        accept: &dyn Fn(&ExpirableVersion, &Version) -> bool,
    ) -> Vec<(Option<usize>, Option<u64>)> {
        let mut next_group: Option<u64> = None;
        let mut highest: Option<usize> = None;
        let mut stopped = false;
        self.classes
            .iter()
            .map(|class| {
                for &index in &self.order[class.clone()] {
                    if stopped {
                        break;
                    }
                    let v = &self.parsed[index];
                    let g = group.of(v);
                    if g > group.of(current) && next_group.is_none_or(|next| g < next) {
                        next_group = Some(g);
                    }
                    if self.preview[index] || !accept(&self.versions[index], v) {
                        continue;
                    }
                    if let Some(best) = highest {
                        if g > group.of(&self.parsed[best]) {
                            stopped = true;
                            break;
                        }
                    }
                    highest = Some(index);
                }
                (highest, next_group)
            })
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------------------------

/// The patch scope (`FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor`): Gardener
/// normalizes both versions (dropping pre-release and build) and applies the tilde constraint
/// `~current`, which means same major and minor and not lower — except that `~0.0.0` accepts every
/// version. Normalized, a version is just its three numbers, so the comparison is theirs.
fn same_minor_and_not_lower(candidate: &Version, current: &Version) -> bool {
    let candidate = (candidate.major, candidate.minor, candidate.patch);
    let current = (current.major, current.minor, current.patch);
    if candidate < current {
        return false;
    }
    current == (0, 0, 0) || (candidate.0, candidate.1) == (current.0, current.1)
}

/// `getVersionForAutoUpdate`: strictly higher than `current`, not expired, not preview, inside the
/// scope; non-deprecated versions first, deprecated ones only as a fallback.
fn auto_update_search(
    versions: &Parsed,
    current: &Version,
    now: DateTime<Utc>,
    scope: &dyn Fn(&Version) -> bool,
) -> Selection {
    let eligible = |entry: &ExpirableVersion, v: &Version| {
        auto_update_candidate(entry, v, current, now, scope)
    };
    let preferred = latest_qualifying(versions, now, |entry, v| {
        eligible(entry, v) && !entry.is_deprecated(now)
    })?;
    if let Some(found) = preferred {
        return Ok(Some(found.version.clone()));
    }
    Ok(latest_qualifying(versions, now, eligible)?.map(|entry| entry.version.clone()))
}

/// What `getVersionForAutoUpdate` accepts before preferring non-deprecated versions.
fn auto_update_candidate(
    entry: &ExpirableVersion,
    v: &Version,
    current: &Version,
    now: DateTime<Utc>,
    scope: &dyn Fn(&Version) -> bool,
) -> bool {
    // Cheapest test first; all three are pure.
    scope(v) && v > current && !entry.is_expired(now)
}

/// The scope of `GetVersionForForcefulUpdateToConsecutiveMinor`.
fn in_consecutive_minor(v: &Version, current: &Version) -> bool {
    v.major == current.major && v.minor == current.minor + 1
}

/// The patch-scope search shared by the auto-update selections.
fn patch_search(versions: &Parsed, current: &Version, now: DateTime<Utc>) -> Selection {
    let scope = |v: &Version| same_minor_and_not_lower(v, current);
    auto_update_search(versions, current, now, &scope)
}

/// A CloudProfile version list with each entry's parse result, so that the several passes of one
/// selection parse every version once. Errors stay with their entry and are reported where a pass
/// reaches it, exactly as when each pass parsed for itself.
pub(crate) struct Parsed<'a, 'r> {
    /// Each entry with its `parse_version` result, in list order.
    entries: Vec<(&'a ExpirableVersion, &'r Result<Version, String>)>,
}

impl<'a, 'r> Parsed<'a, 'r> {
    /// `select` on `versions`, each parsed here.
    fn with<R>(versions: &[ExpirableVersion], select: impl FnOnce(&Parsed) -> R) -> R {
        let results = parse_all(versions);
        select(&Parsed::with_results(versions, &results))
    }

    /// The versions with their [`parse_all`] results, kept by a caller that selects from one list
    /// many times.
    pub(crate) fn with_results(
        versions: &'a [ExpirableVersion],
        results: &'r [Result<Version, String>],
    ) -> Parsed<'a, 'r> {
        Parsed::of(versions.iter().zip(results))
    }

    /// Entries chosen from a list with their [`parse_all`] results, in list order.
    pub(crate) fn of(
        entries: impl Iterator<Item = (&'a ExpirableVersion, &'r Result<Version, String>)>,
    ) -> Parsed<'a, 'r> {
        Parsed {
            entries: entries.collect(),
        }
    }

    fn entries(
        &self,
    ) -> impl Iterator<Item = (&'a ExpirableVersion, &'r Result<Version, String>)> + '_ {
        self.entries.iter().copied()
    }
}

/// Every entry's version parsed, or the first error: what [`Search::eligible`] reads of a list.
pub(crate) fn parse_every(versions: &[ExpirableVersion]) -> Result<Vec<Version>, String> {
    versions.iter().map(|v| parse_version(&v.version)).collect()
}

/// `parse_version` of each entry's version.
pub(crate) fn parse_all(versions: &[ExpirableVersion]) -> Vec<Result<Version, String>> {
    versions
        .iter()
        .map(|entry| parse_version(&entry.version))
        .collect()
}

/// `GetLatestQualifyingVersion`: the highest non-preview version accepted by `accept`. Starts from
/// 0.0.0 and requires strictly greater, so `0.0.0` never wins and the first of equal versions does.
fn latest_qualifying<'a>(
    versions: &Parsed<'a, '_>,
    now: DateTime<Utc>,
    accept: impl Fn(&ExpirableVersion, &Version) -> bool,
) -> Result<Option<&'a ExpirableVersion>, String> {
    let mut best: Option<(&'a ExpirableVersion, &Version)> = None;
    let zero = Version::parse("0.0.0").map_err(|e| e.to_string())?;
    for (entry, parsed) in versions.entries() {
        // Gardener skips previews first, then fails on a version that does not parse, then asks
        // `accept`. Both skips are pure, so for a parsed version the caller's test goes first: it
        // is cheaper than a classification and rejects most of a long list.
        let parsed = match parsed {
            Ok(parsed) if !accept(entry, parsed) || entry.is_preview(now) => continue,
            Ok(parsed) => parsed,
            Err(_) if entry.is_preview(now) => continue,
            Err(error) => {
                return Err(format!(
                    "error while parsing version '{}': {error}",
                    entry.version
                ))
            }
        };
        let floor = best.map_or(&zero, |(_, v)| v);
        if parsed > floor {
            best = Some((entry, parsed));
        }
    }
    Ok(best.map(|(entry, _)| entry))
}

#[derive(Debug, Clone, Copy)]
enum Group {
    Minor,
    Major,
}

impl Group {
    fn of(self, v: &Version) -> u64 {
        match self {
            Group::Minor => v.minor,
            Group::Major => v.major,
        }
    }

    /// The versions a forced update to the next higher group may choose from: a higher minor of the
    /// same major, or a higher major.
    fn in_scope(self, v: &Version, current: &Version) -> bool {
        match self {
            Group::Minor => v.major == current.major && v.minor > current.minor,
            Group::Major => v.major > current.major,
        }
    }
}

/// `getVersionForMachineImageForceUpdate`: prefer the highest non-expired version of the first
/// qualifying group; fall back to allowing expired versions when nothing was found or when that group
/// lies beyond the next higher group number seen in the whole list (so an expired version of the next
/// group beats skipping the group).
fn force_next_higher_group(
    parsed: &Parsed,
    current_text: &str,
    now: DateTime<Utc>,
    group: Group,
) -> Selection {
    let current = &parse_version(current_text)?;
    let scope = |v: &Version| group.in_scope(v, current);
    let mut sorted = Vec::with_capacity(parsed.entries.len());
    for (entry, result) in parsed.entries() {
        sorted.push((result.clone()?, entry));
    }
    crate::sorting::sort_by(&mut sorted, |a, b| a.0.cmp(&b.0));

    let (found, next_group) = next_higher_group(&sorted, current, now, group, &|entry, v| {
        scope(v) && !entry.is_expired(now)
    });
    let skipped_next_group = match (&found, next_group) {
        (Some((v, _)), Some(next)) => group.of(v) > next,
        (Some((v, _)), None) => group.of(v) > 0,
        (None, _) => false,
    };
    if let (Some((_, entry)), false) = (&found, skipped_next_group) {
        return Ok(Some(entry.version.clone()));
    }
    let (found, _) = next_higher_group(&sorted, current, now, group, &|_, v| scope(v));
    Ok(found.map(|(_, entry)| entry.version.clone()))
}

/// `GetQualifyingVersionForNextHigher` on an ascending list: the highest accepted non-preview version
/// of the lowest group that has one, and the smallest group number above the current one among *all*
/// listed versions (`None` when there is none; Gardener then reports 0).
fn next_higher_group<'a>(
    sorted: &[(Version, &'a ExpirableVersion)],
    current: &Version,
    now: DateTime<Utc>,
    group: Group,
    accept: &dyn Fn(&ExpirableVersion, &Version) -> bool,
) -> (Option<(Version, &'a ExpirableVersion)>, Option<u64>) {
    let mut next_group: Option<u64> = None;
    let mut highest: Option<(Version, &ExpirableVersion)> = None;
    for (v, entry) in sorted {
        let g = group.of(v);
        if g > group.of(current) && next_group.is_none_or(|next| g < next) {
            next_group = Some(g);
        }
        if !accept(entry, v) || entry.is_preview(now) {
            continue;
        }
        if let Some((best, _)) = &highest {
            if g > group.of(best) {
                break;
            }
        }
        highest = Some((v.clone(), entry));
    }
    (highest, next_group)
}
