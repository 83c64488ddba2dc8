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
    let current = parse_version(current)?;
    patch_search(&Parsed::new(versions), &current, now)
}

/// `GetLatestVersionForMinorAutoUpdate`: a higher patch of the current minor if there is one,
/// otherwise the highest qualifying version of the same major.
pub fn latest_minor_for_auto_update(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    let current = parse_version(current_text)?;
    let parsed = Parsed::new(versions);
    if let Some(found) = patch_search(&parsed, &current, now)? {
        return Ok(Some(found));
    }
    let scope = |v: &Version| v.major == current.major;
    auto_update_search(&parsed, &current, now, &scope)
}

/// `GetOverallLatestVersionForAutoUpdate`: a higher patch of the current minor if there is one,
/// otherwise the highest qualifying version overall.
pub fn overall_latest_for_auto_update(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    let current = parse_version(current_text)?;
    let parsed = Parsed::new(versions);
    if let Some(found) = patch_search(&parsed, &current, now)? {
        return Ok(Some(found));
    }
    auto_update_search(&parsed, &current, now, &|_| true)
}

/// `GetVersionForForcefulUpdateToConsecutiveMinor` (Kubernetes): the highest non-preview version of
/// exactly the next minor of the same major, preferring non-expired versions.
pub fn force_consecutive_minor(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    let current = parse_version(current_text)?;
    let in_next_minor = |_: &ExpirableVersion, v: &Version| {
        v.major == current.major && v.minor == current.minor + 1
    };
    let parsed = Parsed::new(versions);
    let non_expired = latest_qualifying(&parsed, now, |entry, v| {
        in_next_minor(entry, v) && !entry.is_expired(now)
    })?;
    match non_expired {
        Some(found) => Ok(Some(found.version.clone())),
        None => Ok(latest_qualifying(&parsed, now, in_next_minor)?.map(|e| e.version.clone())),
    }
}

/// `GetVersionForForcefulUpdateToNextHigherMinor` (image strategy `patch`): the highest version of the
/// next higher minor (not necessarily consecutive) within the current major.
pub fn force_next_higher_minor(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    let current = parse_version(current_text)?;
    let scope = |v: &Version| v.major == current.major && v.minor > current.minor;
    force_next_higher_group(versions, &current, now, Group::Minor, &scope)
}

/// `GetVersionForForcefulUpdateToNextHigherMajor` (image strategy `minor`): the highest version of the
/// next higher major.
pub fn force_next_higher_major(
    versions: &[ExpirableVersion],
    current_text: &str,
    now: DateTime<Utc>,
) -> Selection {
    let current = parse_version(current_text)?;
    let scope = |v: &Version| v.major > current.major;
    force_next_higher_group(versions, &current, now, Group::Major, &scope)
}

/// `GetLatestQualifyingVersion` without extra filters: the highest version whose current
/// classification is not `preview`. Note that `unavailable` and `expired` versions qualify.
pub fn latest_qualifying_version(
    versions: &[ExpirableVersion],
    now: DateTime<Utc>,
) -> Result<Option<&ExpirableVersion>, String> {
    latest_qualifying(&Parsed::new(versions), now, |_, _| true)
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
    let auto_target = auto(versions, current).map_err(|error| {
        format!("failed to determine a higher patch version for automatic update: {error}")
    })?;
    if let Some(target) = auto_target {
        return Ok(Some(target));
    }
    if !current_expired {
        return Ok(None);
    }
    let force_target = force(versions, current)
        .map_err(|error| format!("failed to determine version for forceful update: {error}"))?;
    match force_target {
        Some(target) => Ok(Some(target)),
        None => Err(format!(
            "cannot perform forceful update of expired version {current:?}. No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile"
        )),
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
    let eligible =
        |entry: &ExpirableVersion, v: &Version| !entry.is_expired(now) && v > current && scope(v);
    let preferred = latest_qualifying(versions, now, |entry, v| {
        eligible(entry, v) && !entry.is_deprecated(now)
    })?;
    if let Some(found) = preferred {
        return Ok(Some(found.version.clone()));
    }
    Ok(latest_qualifying(versions, now, eligible)?.map(|entry| entry.version.clone()))
}

/// The patch-scope search shared by the auto-update selections.
fn patch_search(versions: &Parsed, current: &Version, now: DateTime<Utc>) -> Selection {
    let scope = |v: &Version| same_minor_and_not_lower(v, current);
    auto_update_search(versions, current, now, &scope)
}

/// A CloudProfile version list with each entry's parse result, so that the several passes of one
/// selection parse every version once. Errors stay with their entry and are reported where a pass
/// reaches it, exactly as when each pass parsed for itself.
struct Parsed<'a> {
    entries: Vec<(&'a ExpirableVersion, Result<Version, String>)>,
}

impl<'a> Parsed<'a> {
    fn new(versions: &'a [ExpirableVersion]) -> Parsed<'a> {
        let entries = versions
            .iter()
            .map(|entry| (entry, parse_version(&entry.version)))
            .collect();
        Parsed { entries }
    }
}

/// `GetLatestQualifyingVersion`: the highest non-preview version accepted by `accept`. Starts from
/// 0.0.0 and requires strictly greater, so `0.0.0` never wins and the first of equal versions does.
fn latest_qualifying<'a>(
    versions: &Parsed<'a>,
    now: DateTime<Utc>,
    accept: impl Fn(&ExpirableVersion, &Version) -> bool,
) -> Result<Option<&'a ExpirableVersion>, String> {
    let mut best: Option<(&'a ExpirableVersion, &Version)> = None;
    let zero = Version::parse("0.0.0").map_err(|e| e.to_string())?;
    for (entry, parsed) in &versions.entries {
        if entry.classification_at(now) == Classification::Preview {
            continue;
        }
        let parsed = parsed
            .as_ref()
            .map_err(|error| format!("error while parsing version '{}': {error}", entry.version))?;
        if !accept(entry, parsed) {
            continue;
        }
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
}

/// `getVersionForMachineImageForceUpdate`: prefer the highest non-expired version of the first
/// qualifying group; fall back to allowing expired versions when nothing was found or when that group
/// lies beyond the next higher group number seen in the whole list (so an expired version of the next
/// group beats skipping the group).
fn force_next_higher_group(
    versions: &[ExpirableVersion],
    current: &Version,
    now: DateTime<Utc>,
    group: Group,
    scope: &dyn Fn(&Version) -> bool,
) -> Selection {
    let mut sorted = Vec::with_capacity(versions.len());
    for entry in versions {
        sorted.push((parse_version(&entry.version)?, entry));
    }
    sorted.sort_by(|a, b| a.0.cmp(&b.0));

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
        if entry.classification_at(now) == Classification::Preview || !accept(entry, v) {
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
