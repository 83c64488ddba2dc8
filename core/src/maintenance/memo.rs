//! Version decisions of maintenance runs, kept for the next run against the same CloudProfile.
//!
//! A timeline runs maintenance in up to hundreds of windows, and a Shoot's pools often share an
//! image: without this, every window filters and searches every pool's image versions again. A
//! decision is reused only for the same inputs, and a decision reads the run's instant only through
//! the classifications of the versions it chooses from (`classification_at`), which change only at
//! those versions' transition instants. So two instants with the same number of transitions
//! behind them give the same decision, and that number is part of each key.

use super::images::{determine_machine_image, machine_image_index, parse_image_versions};
use super::run::VersionUpdate;
use super::selection::{parse_all, Parsed};
use super::types::{
    parse_version, CloudProfile, MachineImage, ShootMachineImage, Worker, DEFAULT_CRI,
};
use crate::lifecycle::{sorted_transitions, transitions_before, ExpirableVersion};
use crate::version::{parse_normalized, Version};
use chrono::{DateTime, Utc};
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// Decisions of earlier runs against one (defaulted) CloudProfile. Using one memo with two
/// profiles would mix their answers.
#[derive(Default)]
pub(crate) struct RunMemo {
    /// By the hash of the key's borrowed form, so that a run finding its decision here reads the
    /// pool without copying it; a hash shared by two keys keeps both.
    /// Keyed by the pool's inputs with `auto_update` and the transitions passed.
    images: PoolImageMap<(bool, usize), Option<VersionUpdate>>,
    /// The positions of the image versions a pool can use (`usable_versions`), by the hash of what
    /// the filter reads of the pool: a run deciding anew for a pool whose version changed, or
    /// for another pool of the same kind, filters the image's versions only once.
    usable: PoolImageMap<(), Rc<[usize]>>,
    /// Per image name as a Shoot spells it (which decides the CloudProfile image).
    image_facts: HashMap<String, ImageFacts>,
    /// The CloudProfile image (by index) each image name of a Shoot finds, if any.
    profile_images: HashMap<String, Option<usize>>,
    kubernetes: HashMap<(KubernetesKey, usize), Option<VersionUpdate>>,
    /// By pool position, the image decision made there last ([`RecentImageDecision`]).
    recent_images: Vec<Option<RecentImageDecision>>,
    /// The image decisions of every pool of the Shoot a run was given last, where none read the
    /// kubelet version ([`RecentImageDecisions`]).
    recent_pools: Option<RecentImageDecisions>,
    kubernetes_transitions: Option<Vec<DateTime<Utc>>>,
    kubernetes_parsed: Option<ParsedKubernetes>,
}

/// The CloudProfile's Kubernetes versions parsed once, in list order: as the selections parse
/// them, and as the lookup of the current version normalises and parses them.
pub(crate) struct ParsedKubernetes {
    pub(crate) results: Vec<Result<Version, String>>,
    /// The versions whose normalised form parses, with their positions, ordered by that form
    /// (equal ones in list order), for [`ParsedKubernetes::position_of`].
    by_normalized: Vec<(Version, usize)>,
    /// The first position whose normalised form does not parse.
    first_unnormalizable: Option<usize>,
    /// The positions of the versions that parse, ordered by major and minor, each minor's in
    /// list order.
    by_minor: Vec<usize>,
    /// The positions of the versions that do not parse, ascending.
    unparsable: Vec<usize>,
}

impl ParsedKubernetes {
    fn of(versions: &[ExpirableVersion]) -> ParsedKubernetes {
        let results = parse_all(versions);
        let (mut by_minor, unparsable): (Vec<usize>, Vec<usize>) =
            (0..results.len()).partition(|index| results[*index].is_ok());
        // Stable, so each minor's versions stay in list order.
        crate::sorting::sort_by_key(&mut by_minor, |index| minor_of(&results[*index]));
        let normalized = versions.iter().map(|v| parse_normalized(&v.version));
        let (mut by_normalized, mut first_unnormalizable) = (Vec::new(), None);
        for (index, normalized) in normalized.enumerate() {
            match normalized {
                Some(version) => by_normalized.push((version, index)),
                None => first_unnormalizable = first_unnormalizable.or(Some(index)),
            }
        }
        // Equal versions by position, so they stay in list order.
        crate::sorting::sort(&mut by_normalized);
        ParsedKubernetes {
            by_normalized,
            first_unnormalizable,
            results,
            by_minor,
            unparsable,
        }
    }

    /// The first position in list order whose version equals `current`, both normalised
    /// (`compare_normalized(version, "=", current)`): `Some(None)` where none does, and `None`
    /// where a comparison before the first equal version fails (one side does not parse
    /// normalised), as Gardener's loop then gives up. A binary search instead of a walk: every
    /// run looks the current version up in a list of hundreds.
    pub(crate) fn position_of(&self, current: &str) -> Option<Option<usize>> {
        let normalized = crate::version::normalize(current);
        let equal = if crate::version::is_full(&normalized) {
            let Some(current) = parse_normalized(current) else {
                return self.results.is_empty().then_some(None);
            };
            let start = (self.by_normalized).partition_point(|(version, _)| *version < current);
            (self.by_normalized.get(start))
                .filter(|(version, _)| *version == current)
                .map(|(_, position)| *position)
        } else {
            // A partial version (`1.31`) equals every patch of its minor, in list order.
            let Some(constraint) = crate::version::normalized_constraint("=", &normalized) else {
                return self.results.is_empty().then_some(None);
            };
            (self.by_normalized.iter())
                .filter(|(version, _)| constraint.check(version))
                .map(|(_, position)| *position)
                .min()
        };
        match (self.first_unnormalizable, equal) {
            (Some(failure), Some(equal)) if failure < equal => None,
            (Some(_), None) => None,
            (_, equal) => Some(equal),
        }
    }

    /// The `versions` (these parsed) that a Kubernetes decision for `current` can select or fail
    /// on, in list order: its searches take the versions of its minor (the latest patch) and of
    /// the next minor (the forced update), and stop at a version that does not parse unless it
    /// is a preview. Every other version is passed over by each search's scope alone, so
    /// leaving it out changes no answer. Where `current` does not parse, or is 0.0.0 (whose
    /// patch scope takes every version), all versions.
    pub(crate) fn selectable<'a>(
        &'a self,
        versions: &'a [ExpirableVersion],
        current: &str,
    ) -> Parsed<'a, 'a> {
        let scope = match parse_version(current) {
            Ok(v) if (v.major, v.minor, v.patch) != (0, 0, 0) => Some((v.major, v.minor)),
            _ => None,
        };
        let Some((major, minor)) = scope else {
            return Parsed::with_results(versions, &self.results);
        };
        let group = |minor: Option<u64>| {
            let Some(minor) = minor else { return &[][..] };
            let key = |index: &usize| minor_of(&self.results[*index]);
            let start = (self.by_minor).partition_point(|index| key(index) < Some((major, minor)));
            let end = (self.by_minor).partition_point(|index| key(index) <= Some((major, minor)));
            &self.by_minor[start..end]
        };
        let positions = merged([
            group(Some(minor)),
            group(minor.checked_add(1)),
            &self.unparsable,
        ]);
        Parsed::of(
            positions
                .into_iter()
                .map(|index| (&versions[index], &self.results[index])),
        )
    }
}

/// Ascending lists of positions merged into one ascending list.
fn merged(lists: [&[usize]; 3]) -> Vec<usize> {
    let mut cursors = [0; 3];
    let mut positions = Vec::with_capacity(lists.iter().map(|list| list.len()).sum());
    loop {
        let next = (0..lists.len())
            .filter_map(|list| Some((*lists[list].get(cursors[list])?, list)))
            .min();
        let Some((position, list)) = next else {
            return positions;
        };
        positions.push(position);
        cursors[list] += 1;
    }
}

/// The major and minor of a version that parses.
fn minor_of(result: &Result<Version, String>) -> Option<(u64, u64)> {
    result.as_ref().ok().map(|v| (v.major, v.minor))
}

/// Values by pool inputs with more of a key (`K`), by the hash of the key's borrowed form, so that
/// a run finding its value here reads the pool without copying it; a hash shared by two keys keeps
/// both.
type PoolImageMap<K, V> = HashMap<u64, Vec<((PoolImage<String>, K), V)>>;

/// What `FilterMachineImageVersions` and the image searches read of a pool (with its defaulted
/// architecture): pools that agree on these get the same image versions and targets.
pub(crate) type PoolImageInputs = PoolImage<String>;

/// [`PoolImageInputs`] with its texts owned (`S = String`) or borrowed from the pool (`&str`). Both
/// forms hash alike, as `String` hashes as `str`.
#[derive(Debug, Clone, Hash, PartialEq, Eq)]
pub(crate) struct PoolImage<S> {
    image_name: S,
    version: Option<S>,
    machine_type: S,
    architecture: S,
    cri: S,
    container_runtimes: Vec<S>,
    in_place: bool,
    /// Only when a version of the image constrains it: otherwise the filter does not read it, and
    /// leaving it out keeps the decision across control-plane updates.
    kubelet: Option<S>,
}

impl PoolImageInputs {
    pub(crate) fn of(worker: &Worker, kubelet: &Version, image: &MachineImage) -> PoolImageInputs {
        let kubelet = kubelet_constrained(image).then(|| kubelet.to_string());
        PoolImage::read(worker, kubelet.as_deref()).map(|text| text.to_string())
    }
}

impl<'a> PoolImage<&'a str> {
    fn read(worker: &'a Worker, kubelet: Option<&'a str>) -> PoolImage<&'a str> {
        let shoot_image = worker.machine.image();
        let cri = worker.cri.as_ref();
        PoolImage {
            image_name: &shoot_image.name,
            version: shoot_image.version.as_deref(),
            machine_type: &worker.machine.machine_type,
            architecture: worker.architecture(),
            cri: cri.map_or(DEFAULT_CRI, |cri| cri.name.as_str()),
            container_runtimes: cri
                .and_then(|cri| cri.container_runtimes.as_deref())
                .unwrap_or_default()
                .iter()
                .map(|runtime| runtime.runtime_type.as_str())
                .collect(),
            in_place: worker.is_in_place(),
            kubelet,
        }
    }
}

impl<S> PoolImage<S> {
    fn map<'s, T>(&'s self, text: impl Fn(&'s S) -> T) -> PoolImage<T> {
        PoolImage {
            image_name: text(&self.image_name),
            version: self.version.as_ref().map(&text),
            machine_type: text(&self.machine_type),
            architecture: text(&self.architecture),
            cri: text(&self.cri),
            container_runtimes: self.container_runtimes.iter().map(&text).collect(),
            in_place: self.in_place,
            kubelet: self.kubelet.as_ref().map(&text),
        }
    }
}

/// What decides a Kubernetes version update besides the CloudProfile.
#[derive(Debug, Clone, Hash, PartialEq, Eq)]
pub(crate) struct KubernetesKey {
    pub current: String,
    pub auto_update: bool,
    /// The control-plane version a pool's version is capped at; `None` for the control plane.
    pub cap: Option<String>,
}

/// The image decision made last at a pool position, with what it read that can change while the
/// pool stays the very same `Arc`: a run shares every pool it does not change with the Shoot it
/// was given, so a timeline's next window asks again for the same pools, and finding the decision
/// by the pool's identity saves building and hashing its key.
struct RecentImageDecision {
    pool: Arc<Worker>,
    auto_update: bool,
    /// The kubelet version read, when a version of the image constrains it.
    kubelet: Option<Version>,
    /// The instants with as many of the image's transitions before them as the decision's.
    holds: Holds,
    decision: Option<VersionUpdate>,
}

/// The instants a remembered decision holds for: after `after`, up to and including `until` (a
/// classification compares `start < now`); an absent bound is open.
#[derive(Clone, Copy, Default)]
struct Holds {
    after: Option<DateTime<Utc>>,
    until: Option<DateTime<Utc>>,
}

impl Holds {
    fn at(self, now: DateTime<Utc>) -> bool {
        self.after.is_none_or(|after| after < now) && self.until.is_none_or(|until| now <= until)
    }

    /// The instants both hold for.
    fn and(self, other: Holds) -> Holds {
        let until = match (self.until, other.until) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Holds {
            after: self.after.max(other.after),
            until,
        }
    }
}

/// The image decisions of all pools of a Shoot, each a [`RecentImageDecision`] that did not read
/// the kubelet version, with the instants all of them hold for: a timeline's next window, given
/// the very same pools, finds them in one check instead of one per pool.
struct RecentImageDecisions {
    pools: Vec<Arc<Worker>>,
    auto_update: bool,
    /// The instants every one of the decisions holds for.
    holds: Holds,
    decisions: Vec<Option<VersionUpdate>>,
}

struct ImageFacts {
    transitions: Vec<DateTime<Utc>>,
    kubelet_constrained: bool,
    /// `parse_version` of each version of the image, in list order.
    parsed: Vec<Result<Version, String>>,
}

impl RunMemo {
    /// [`determine_machine_image`], looked up by the image's name after the first time.
    pub(crate) fn machine_image<'p>(
        &mut self,
        profile: &'p CloudProfile,
        shoot_image: &ShootMachineImage,
    ) -> Result<&'p MachineImage, String> {
        let index = match self.profile_images.get(&shoot_image.name) {
            Some(index) => *index,
            None => {
                let index = machine_image_index(profile, &shoot_image.name);
                self.profile_images.insert(shoot_image.name.clone(), index);
                index
            }
        };
        match index.and_then(|index| profile.spec.machine_images.get(index)) {
            Some(image) => Ok(image),
            None => determine_machine_image(profile, shoot_image),
        }
    }

    /// The image decision of a pool (with its defaulted architecture), from `decide` the first time
    /// (given the image's versions parsed, in list order, and the positions of those the pool can
    /// use, from `usable` the first time for a pool of its kind).
    /// It is kept too as the last decision at position `index` of the Shoot, whose pool there is
    /// `pool` (`worker` itself may be a copy with the architecture defaulted), for
    /// [`RunMemo::recent_image_decision`].
    pub(crate) fn image_decision(
        &mut self,
        image: &MachineImage,
        (index, pool): (usize, &Arc<Worker>),
        worker: &Worker,
        (kubelet, auto_update): (&Version, bool),
        now: DateTime<Utc>,
        (usable, decide): (
            impl FnOnce() -> Vec<usize>,
            impl FnOnce(&[Result<Version, String>], &[usize]) -> Option<VersionUpdate>,
        ),
    ) -> Option<VersionUpdate> {
        let shoot_image = worker.machine.image();
        if !self.image_facts.contains_key(&shoot_image.name) {
            let facts = ImageFacts {
                transitions: sorted_transitions(image.versions.iter().map(|v| &v.expirable)),
                kubelet_constrained: kubelet_constrained(image),
                parsed: parse_image_versions(image),
            };
            self.image_facts.insert(shoot_image.name.clone(), facts);
        }
        let facts = &self.image_facts[&shoot_image.name];
        let passed = transitions_before(&facts.transitions, now);
        let recent = |decision: &Option<VersionUpdate>| RecentImageDecision {
            pool: Arc::clone(pool),
            auto_update,
            kubelet: facts.kubelet_constrained.then(|| kubelet.clone()),
            holds: Holds {
                after: (passed.checked_sub(1)).map(|before| facts.transitions[before]),
                until: facts.transitions.get(passed).copied(),
            },
            decision: decision.clone(),
        };
        let kubelet_text = facts.kubelet_constrained.then(|| kubelet.to_string());
        let pool_inputs = || PoolImage::read(worker, kubelet_text.as_deref());
        let usable_positions = &mut self.usable;
        let decide = || {
            // The filter reads the pool's version only for in-place pools.
            let mut filter = pool_inputs();
            filter.version = filter.version.filter(|_| filter.in_place);
            let usable = known_or_new(usable_positions, (filter, ()), || usable().into());
            decide(&facts.parsed, &usable)
        };
        let key = (pool_inputs(), (auto_update, passed));
        let decision = known_or_new(&mut self.images, key, decide);
        let recent = recent(&decision);
        if self.recent_images.len() <= index {
            self.recent_images.resize_with(index + 1, || None);
        }
        self.recent_images[index] = Some(recent);
        decision
    }

    /// The image decision made last at pool position `index`, when it was made for this very
    /// `pool` with the same `auto_update`, the same kubelet version where the image reads it
    /// (`kubelet` gives it), and an instant with as many of the image's transitions before it.
    pub(crate) fn recent_image_decision(
        &self,
        index: usize,
        pool: &Arc<Worker>,
        auto_update: bool,
        kubelet: impl FnOnce() -> Option<Version>,
        now: DateTime<Utc>,
    ) -> Option<Option<VersionUpdate>> {
        let recent = self.recent_images.get(index)?.as_ref()?;
        let same = Arc::ptr_eq(&recent.pool, pool)
            && recent.auto_update == auto_update
            && recent.holds.at(now)
            && match &recent.kubelet {
                Some(read) => kubelet().as_ref() == Some(read),
                None => true,
            };
        same.then(|| recent.decision.clone())
    }

    /// [`RunMemo::recent_image_decision`] of every one of `pools` at once, where the recent
    /// decisions were made for these very pools and none read the kubelet version.
    pub(crate) fn recent_image_decisions(
        &self,
        pools: &[Arc<Worker>],
        auto_update: bool,
        now: DateTime<Utc>,
    ) -> Option<&[Option<VersionUpdate>]> {
        let recent = self.recent_pools.as_ref()?;
        let same = recent.auto_update == auto_update
            && recent.holds.at(now)
            && recent.pools.len() == pools.len()
            && (recent.pools.iter().zip(pools)).all(|(recent, pool)| Arc::ptr_eq(recent, pool));
        same.then_some(recent.decisions.as_slice())
    }

    /// Keeps the recent image decisions at the first `pools` positions for
    /// [`RunMemo::recent_image_decisions`], where none read the kubelet version. Each must be the
    /// decision a run just found for the pool at its position (made or taken over), with
    /// `auto_update`.
    pub(crate) fn remember_image_decisions(&mut self, pools: usize, auto_update: bool) {
        self.recent_pools = None;
        let mut recent = RecentImageDecisions {
            pools: Vec::with_capacity(pools),
            auto_update,
            holds: Holds::default(),
            decisions: Vec::with_capacity(pools),
        };
        for index in 0..pools {
            let Some(Some(decision)) = self.recent_images.get(index) else {
                return;
            };
            debug_assert_eq!(decision.auto_update, auto_update);
            if decision.kubelet.is_some() {
                return;
            }
            recent.holds = recent.holds.and(decision.holds);
            recent.pools.push(Arc::clone(&decision.pool));
            recent.decisions.push(decision.decision.clone());
        }
        self.recent_pools = Some(recent);
    }

    /// A Kubernetes version decision, from `decide` on the parsed `versions` the first time.
    pub(crate) fn kubernetes_decision(
        &mut self,
        versions: &[ExpirableVersion],
        key: KubernetesKey,
        now: DateTime<Utc>,
        decide: impl FnOnce(&ParsedKubernetes) -> Option<VersionUpdate>,
    ) -> Option<VersionUpdate> {
        let transitions = self
            .kubernetes_transitions
            .get_or_insert_with(|| sorted_transitions(versions.iter()));
        let passed = transitions_before(transitions, now);
        let parsed = self
            .kubernetes_parsed
            .get_or_insert_with(|| ParsedKubernetes::of(versions));
        self.kubernetes
            .entry((key, passed))
            .or_insert_with(|| decide(parsed))
            .clone()
    }
}

/// The value `map` keeps for `key` (found by the hash of its borrowed form, as `String` hashes
/// as `str`), made by `new` and kept the first time.
fn known_or_new<K: std::hash::Hash + Eq, V: Clone>(
    map: &mut PoolImageMap<K, V>,
    key: (PoolImage<&str>, K),
    new: impl FnOnce() -> V,
) -> V {
    let bucket = map.entry(hash_of(&key)).or_default();
    let known =
        |(pool, more): &(PoolImage<String>, K)| *more == key.1 && pool.map(String::as_str) == key.0;
    if let Some((_, value)) = bucket.iter().find(|(known_key, _)| known(known_key)) {
        return value.clone();
    }
    let value = new();
    let (pool, more) = key;
    bucket.push(((pool.map(|text| text.to_string()), more), value.clone()));
    value
}

/// Whether a version of `image` constrains the kubelet version, so that the filter reads it.
fn kubelet_constrained(image: &MachineImage) -> bool {
    image
        .versions
        .iter()
        .any(|v| v.kubelet_version_constraint.is_some())
}

fn hash_of(key: &impl std::hash::Hash) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maintenance::eligibility::tests::{numbers, random_version, random_versions};
    use crate::maintenance::selection::{
        force_consecutive_minor, force_consecutive_minor_in, latest_patch_for_auto_update,
        latest_patch_in,
    };

    #[test]
    fn the_search_for_the_current_version_finds_what_the_walk_finds() {
        let mut random = numbers(0x51_7cc1_b727_220a);
        let (mut found, mut failed) = (0, 0);
        for _ in 0..5000 {
            let versions = random_versions(&mut random);
            let current = random_version(&mut random);
            // Gardener's walk: the first equal version, unless a comparison fails before it.
            let mut walked = Some(None);
            for (position, version) in versions.iter().enumerate() {
                match crate::version::compare_normalized(&version.version, "=", &current) {
                    None => walked = None,
                    Some(true) => walked = Some(Some(position)),
                    Some(false) => continue,
                }
                break;
            }
            let parsed = ParsedKubernetes::of(&versions);
            assert_eq!(
                parsed.position_of(&current),
                walked,
                "{current} in {versions:?}"
            );
            found += usize::from(matches!(walked, Some(Some(_))));
            failed += usize::from(walked.is_none());
        }
        assert!(found > 500 && failed > 50, "{found} {failed}");
    }

    #[test]
    fn the_selectable_versions_give_the_searches_answers_on_the_whole_list() {
        let mut random = numbers(0x9e37_79b9_7f4a_7c15);
        let instants: Vec<DateTime<Utc>> = ["2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z"]
            .iter()
            .chain(&["2028-01-01T00:00:00Z"])
            .map(|text| text.parse().unwrap())
            .collect();
        let mut found = 0;
        for _ in 0..3000 {
            let versions = random_versions(&mut random);
            let current = random_version(&mut random);
            let parsed = ParsedKubernetes::of(&versions);
            let selectable = parsed.selectable(&versions, &current);
            for &now in &instants {
                let patch = latest_patch_for_auto_update(&versions, &current, now);
                assert_eq!(
                    latest_patch_in(&selectable, &current, now),
                    patch,
                    "{current} in {versions:?}"
                );
                let minor = force_consecutive_minor(&versions, &current, now);
                assert_eq!(
                    force_consecutive_minor_in(&selectable, &current, now),
                    minor,
                    "{current} in {versions:?}"
                );
                found += usize::from(matches!(patch, Ok(Some(_))) || matches!(minor, Ok(Some(_))));
            }
        }
        assert!(found > 500, "{found}");
    }
}
