//! Which CloudProfile versions an automatic or a forced update could move each of the Shoot's
//! current versions to, not only the one target a maintenance run picks now.
//!
//! No rule of its own: a version is eligible when Gardener's own search (the same functions
//! [`super::run`] uses: latest patch and consecutive minor for Kubernetes, the image update
//! strategy's searches for machine images) selects it from the CloudProfile's versions up to and
//! including it, i.e. it would be the target if the CloudProfile listed no higher version. The
//! target a run picks now is always among them (a forced update tries the auto search first, so
//! its target may be in either list). Not eligible, for example: a deprecated patch while a lower
//! supported one qualifies (Gardener prefers that one), or a higher minor while a higher patch of
//! the current minor exists (the image strategies take the patch first).

use super::images::{determine_machine_image, strategy_searches, usable_versions};
use super::memo::PoolImageInputs;
use super::selection::{parse_every, Search};
use super::types::{parse_version, CloudProfile, Shoot, Worker};
use crate::decode::FromValue;
use crate::lifecycle::ExpirableVersion;
use crate::version::Version;
use chrono::{DateTime, Utc};
use rustc_hash::FxHashMap as HashMap;
use serde::{Deserialize, Serialize};

/// The eligible update targets of one version the Shoot uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct EligibleUpdates {
    /// The pool, or `None` for the control plane.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    /// The machine image, or `None` for a Kubernetes version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    pub current: String,
    /// Versions an automatic update may select, in CloudProfile order.
    pub auto: Vec<String>,
    /// Versions a forced update (of an expired or missing version) may select, in CloudProfile order.
    pub force: Vec<String>,
    /// Why the lists could not be (fully) computed, in Gardener's words where it has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The eligible targets of the control-plane Kubernetes version, of each pool's own Kubernetes
/// version (a target above the control plane is lowered to it by the run) and of each pool's
/// machine image among the versions the pool can use (`FilterMachineImageVersions`).
pub fn eligible_updates(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    now: DateTime<Utc>,
) -> Vec<EligibleUpdates> {
    let mut memo = EligibilityMemo::default();
    // A memo of its own is asked at one instant only.
    eligible_updates_remembering(cloud_profile, shoot, now, &mut memo, |_, _| true)
}

/// The lists of earlier calls against one CloudProfile, by everything else they read: the
/// Shoots of a fleet share most of their versions and images. Using one memo with two profiles
/// would mix their answers.
#[derive(Default)]
pub(crate) struct EligibilityMemo {
    /// The instant every list here was found at.
    found: Option<DateTime<Utc>>,
    /// By the Kubernetes version, without a pool.
    kubernetes: HashMap<String, EligibleUpdates>,
    /// By what the filter and the searches read of a pool, without the pool's name.
    images: HashMap<PoolImageInputs, EligibleUpdates>,
}

/// [`eligible_updates`] with the lists of earlier calls against the same CloudProfile in `memo`.
///
/// A list reads the instant only through the classifications of the CloudProfile's versions, so
/// the lists found at one instant serve another where `classified_alike(found, now)` tells that
/// every version is classified alike at both (as many of their transitions lie before each);
/// otherwise the memo starts afresh.
pub(crate) fn eligible_updates_remembering(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    now: DateTime<Utc>,
    memo: &mut EligibilityMemo,
    classified_alike: impl FnOnce(DateTime<Utc>, DateTime<Utc>) -> bool,
) -> Vec<EligibleUpdates> {
    let profile = crate::defaults::defaulted_cloud_profile(cloud_profile);
    if memo
        .found
        .is_some_and(|found| !classified_alike(found, now))
    {
        *memo = EligibilityMemo::default();
    }
    memo.found.get_or_insert(now);
    let kubernetes_versions = &profile.spec.kubernetes.versions;
    // Parsed once for every Kubernetes version a list is found for.
    let kubernetes_parsed = std::cell::OnceCell::new();
    let mut kubernetes = |pool: Option<String>, current: &str| {
        let found = memo
            .kubernetes
            .entry(current.to_string())
            .or_insert_with(|| {
                let (auto, force) = (Search::LatestPatch, Search::ConsecutiveMinor);
                let parsed = kubernetes_parsed.get_or_init(|| parse_every(kubernetes_versions));
                let versions = (kubernetes_versions.as_slice(), parsed);
                entry(None, None, current, versions, &auto, &force, now)
            });
        EligibleUpdates {
            pool,
            ..found.clone()
        }
    };
    let control_plane = &shoot.spec.kubernetes.version;
    let mut result = vec![kubernetes(None, control_plane)];
    if shoot.is_workerless() {
        return result;
    }
    for worker in shoot.spec.provider.workers.iter() {
        let pool = Some(worker.name.clone());
        let image = worker.machine.image();
        let current = image.version.clone().unwrap_or_default();
        let failed = |error: String| EligibleUpdates {
            pool: pool.clone(),
            image: Some(image.name.clone()),
            current: current.clone(),
            auto: Vec::new(),
            force: Vec::new(),
            error: Some(error),
        };
        // The same preparation as the run's `maintainMachineImages`: machine type, image,
        // defaulted architecture and kubelet version, then Gardener's filter.
        let Some(machine_type) = profile
            .spec
            .machine_types
            .iter()
            .find(|t| t.name == worker.machine.machine_type)
        else {
            result.push(failed(format!(
                "machine type {:?} of worker {:?} does not exist in cloudprofile",
                worker.machine.machine_type, worker.name
            )));
            continue;
        };
        let profile_image = match determine_machine_image(&profile, image) {
            Ok(found) => found,
            Err(error) => {
                result.push(failed(error));
                continue;
            }
        };
        let mut worker = Worker::clone(worker);
        if worker.machine.architecture.is_none() {
            worker.machine.architecture = machine_type
                .effective_architecture(&profile.spec.machine_capabilities)
                .map(str::to_string);
        }
        let kubelet = match parse_version(worker.kubernetes_version().unwrap_or(control_plane)) {
            Ok(version) => version,
            Err(error) => {
                result.push(failed(error));
                continue;
            }
        };
        // Pools that agree on everything the filter and the searches read have the same lists.
        let inputs = PoolImageInputs::of(&worker, &kubelet, profile_image);
        let found = memo.images.entry(inputs).or_insert_with(|| {
            let usable = usable_versions(
                profile_image,
                &worker,
                &kubelet,
                machine_type,
                &profile.spec.machine_capabilities,
            );
            let versions: Vec<ExpirableVersion> = (usable.into_iter())
                .map(|index| profile_image.versions[index].expirable.clone())
                .collect();
            let strategy = profile_image.effective_update_strategy();
            let (auto, force) = strategy_searches(strategy, &image.name, &current);
            let image = Some(image.name.clone());
            let parsed = parse_every(&versions);
            entry(
                None,
                image,
                &current,
                (&versions, &parsed),
                &auto,
                &force,
                now,
            )
        });
        let image_updates = EligibleUpdates {
            pool: pool.clone(),
            ..found.clone()
        };
        result.push(image_updates);
        if let Some(own) = worker.kubernetes_version() {
            result.push(kubernetes(pool, own));
        }
    }
    result
}

fn entry(
    pool: Option<String>,
    image: Option<String>,
    current: &str,
    (versions, parsed): (&[ExpirableVersion], &Result<Vec<Version>, String>),
    auto: &Search,
    force: &Search,
    now: DateTime<Utc>,
) -> EligibleUpdates {
    let (auto, auto_error) = auto.eligible_among(versions, parsed, current, now);
    let (force, force_error) = force.eligible_among(versions, parsed, current, now);
    EligibleUpdates {
        pool,
        image,
        current: current.to_string(),
        auto,
        force,
        error: auto_error.or(force_error),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn inputs(profile: &str, shoot: &str) -> (CloudProfile, Shoot) {
        (
            serde_yaml::from_str(profile).unwrap(),
            serde_yaml::from_str(shoot).unwrap(),
        )
    }

    const PROFILE: &str = "
metadata: {name: p}
spec:
  kubernetes:
    versions:
    - {version: 1.32.3}
    - {version: 1.32.2, classification: deprecated}
    - {version: 1.32.1}
    - {version: 1.31.9, classification: deprecated}
    - {version: 1.31.5}
    - {version: 1.31.2, expirationDate: '2025-01-01T00:00:00Z'}
    - {version: 1.31.1, expirationDate: '2025-01-01T00:00:00Z'}
  machineImages:
  - name: gardenlinux
    updateStrategy: patch
    versions:
    - {version: 1.2.0, cri: [{name: containerd}], architectures: [amd64]}
    - {version: 1.1.3, cri: [{name: containerd}], architectures: [amd64]}
    - {version: 1.1.2, cri: [{name: containerd}], architectures: [arm64]}
    - {version: 1.1.1, cri: [{name: containerd}], architectures: [amd64]}
  machineTypes:
  - {name: m5.large, cpu: '2', gpu: '0', memory: 8Gi, usable: true, architecture: amd64}
";

    const SHOOT: &str = "
metadata: {name: s}
spec:
  kubernetes: {version: 1.31.1}
  provider:
    workers:
    - name: general
      machine: {type: m5.large, image: {name: gardenlinux, version: 1.1.1}}
";

    #[test]
    fn every_version_a_search_can_select_and_the_run_target_among_them() {
        let (profile, shoot) = inputs(PROFILE, SHOOT);
        let now = "2026-01-01T00:00:00Z".parse().unwrap();
        let found = eligible_updates(&profile, &shoot, now);
        let control_plane = &found[0];
        assert_eq!(control_plane.pool, None);
        // 1.31.2 is expired; 1.31.9 is deprecated while 1.31.5 is supported, so Gardener takes 1.31.5.
        assert_eq!(control_plane.auto, ["1.31.5"]);
        // The consecutive minor, including the deprecated 1.32.2 where nothing non-deprecated lies below…
        // no: the force search does not prefer by deprecation, only by expiry, so every 1.32 qualifies.
        assert_eq!(control_plane.force, ["1.32.3", "1.32.2", "1.32.1"]);
        // The expired version is forced, but Gardener tries the auto search first: 1.31.5.
        let run = super::super::run(&profile, &shoot, now).unwrap();
        assert_eq!(run.kubernetes.to, "1.31.5");
        assert!(control_plane.auto.contains(&run.kubernetes.to));

        let pool = &found[1];
        assert_eq!(
            (pool.pool.as_deref(), pool.image.as_deref()),
            (Some("general"), Some("gardenlinux"))
        );
        // 1.1.2 is arm64 only and filtered out for this amd64 pool.
        assert_eq!(pool.auto, ["1.1.3"]);
        assert_eq!(pool.force, ["1.2.0"]);
        assert_eq!(pool.error, None);
    }

    #[test]
    fn pools_get_the_lists_they_get_alone() {
        let profile = PROFILE.replace(
            "- {version: 1.2.0, cri: [{name: containerd}], architectures: [amd64]}",
            "- {version: 1.2.0, cri: [{name: containerd}], architectures: [amd64], kubeletVersionConstraint: '>= 1.32'}",
        );
        let pools = [
            "{name: a, machine: {type: m5.large, image: {name: gardenlinux, version: 1.1.1}}}",
            "{name: b, machine: {type: m5.large, architecture: arm64, image: {name: gardenlinux, version: 1.1.1}}}",
            "{name: c, machine: {type: m5.large, image: {name: gardenlinux, version: 1.1.1}}}",
            "{name: d, machine: {type: m5.large, image: {name: gardenlinux, version: 1.1.1}}, kubernetes: {version: 1.32.1}}",
            "{name: e, machine: {type: m5.large, image: {name: gardenlinux, version: 1.1.3}}}",
        ];
        let shoot_with = |pools: &[&str]| {
            let mut yaml = SHOOT
                .split("    - name: general")
                .next()
                .unwrap()
                .to_string();
            for pool in pools {
                yaml.push_str(&format!("    - {pool}\n"));
            }
            yaml
        };
        let now = "2026-01-01T00:00:00Z".parse().unwrap();
        let (profile, shoot) = inputs(&profile, &shoot_with(&pools));
        let together = eligible_updates(&profile, &shoot, now);
        let mut alone = vec![together[0].clone()];
        for pool in pools {
            let (_, shoot) = inputs(PROFILE, &shoot_with(&[pool]));
            alone.extend(eligible_updates(&profile, &shoot, now).into_iter().skip(1));
        }
        assert_eq!(together, alone);
        // The pools differ where their inputs do: architecture, kubelet version, current version.
        let image_lists = |pool: &str| {
            let found = together
                .iter()
                .find(|e| e.pool.as_deref() == Some(pool) && e.image.is_some());
            found.map(|e| (e.auto.clone(), e.force.clone())).unwrap()
        };
        assert_eq!(image_lists("a"), image_lists("c"));
        assert_ne!(image_lists("a"), image_lists("b"));
        assert_ne!(image_lists("a"), image_lists("d"));
        assert_ne!(image_lists("a"), image_lists("e"));
    }

    #[test]
    fn shoots_sharing_a_memo_get_the_lists_they_get_alone_at_each_instant() {
        let profile: CloudProfile = serde_yaml::from_str(PROFILE).unwrap();
        let renamed = |name: &str, control_plane: &str| -> Shoot {
            let yaml = SHOOT
                .replace("name: general", &format!("name: {name}"))
                .replace("version: 1.31.1}", &format!("version: {control_plane}}}"));
            serde_yaml::from_str(&yaml).unwrap()
        };
        let shoots = [
            renamed("first", "1.31.1"),
            renamed("second", "1.31.1"),
            renamed("third", "1.32.1"),
        ];
        let mut memo = EligibilityMemo::default();
        // Every version's transitions, as the report lists them for its kept findings.
        let images = profile.spec.machine_images.iter();
        let transitions = crate::lifecycle::sorted_transitions(
            (profile.spec.kubernetes.versions.iter())
                .chain(images.flat_map(|image| image.versions.iter().map(|v| &v.expirable))),
        );
        let before = |instant| crate::lifecycle::transitions_before(&transitions, instant);
        let alike = |a, b| before(a) == before(b);
        // Before and after 1.31.1 and 1.31.2 expire (at 2025-01-01T00:00:00Z, so expired from one
        // second later): an instant with another transition behind it must not reuse the lists.
        for now in [
            "2024-06-01T00:00:00Z",
            "2025-01-01T00:00:00Z",
            "2025-01-01T00:00:01Z",
            "2024-12-31T23:59:59Z",
            "2026-01-01T00:00:00Z",
        ] {
            let now = now.parse().unwrap();
            for shoot in &shoots {
                let remembered =
                    eligible_updates_remembering(&profile, shoot, now, &mut memo, alike);
                assert_eq!(remembered, eligible_updates(&profile, shoot, now));
                assert_eq!(
                    remembered[1].pool.as_deref(),
                    Some(shoot.spec.provider.workers[0].name.as_str())
                );
            }
        }
        let early = eligible_updates(
            &profile,
            &shoots[0],
            "2024-06-01T00:00:00Z".parse().unwrap(),
        );
        let late = eligible_updates(
            &profile,
            &shoots[0],
            "2026-01-01T00:00:00Z".parse().unwrap(),
        );
        assert_ne!(early[0], late[0], "the instants give different lists");
    }

    /// The module's definition run literally, one search per version on the versions up to and
    /// including it (quadratic; what `Search::eligible` computes in one pass).
    fn eligible_by_definition(
        search: &Search,
        versions: &[ExpirableVersion],
        current: &str,
        now: DateTime<Utc>,
    ) -> (Vec<String>, Option<String>) {
        let parsed: Result<Vec<_>, String> =
            versions.iter().map(|v| parse_version(&v.version)).collect();
        let parsed = match parsed {
            Ok(parsed) => parsed,
            Err(error) => return (Vec::new(), Some(error)),
        };
        let mut found = Vec::new();
        for (entry, version) in versions.iter().zip(&parsed) {
            let up_to: Vec<ExpirableVersion> = versions
                .iter()
                .zip(&parsed)
                .filter(|(_, other)| *other <= version)
                .map(|(e, _)| e.clone())
                .collect();
            match search.select(&up_to, current, now) {
                Ok(Some(selected)) if selected == entry.version => found.push(selected),
                Ok(_) => {}
                Err(error) => return (found, Some(error)),
            }
        }
        (found, None)
    }

    /// Small lists of every shape the searches distinguish: duplicates and equal versions spelled
    /// differently (`v` prefix, build metadata, two numbers), pre-releases, 0.0.0, unparsable
    /// entries, every classification, past and future expiry, lifecycles.
    pub(in crate::maintenance) fn random_versions(
        random: &mut impl FnMut(u64) -> u64,
    ) -> Vec<ExpirableVersion> {
        use crate::lifecycle::{Classification, LifecycleStage};
        let past: DateTime<Utc> = "2025-06-01T00:00:00Z".parse().unwrap();
        let future: DateTime<Utc> = "2027-06-01T00:00:00Z".parse().unwrap();
        (0..random(10))
            .map(|_| {
                let version = random_version(random);
                let classification = match random(7) {
                    0 => Some(Classification::Preview),
                    1 => Some(Classification::Deprecated),
                    2 => Some(Classification::Supported),
                    3 => Some(Classification::Expired),
                    4 => Some(Classification::Unavailable),
                    _ => None,
                };
                let expiration_date = [None, None, Some(past), Some(future)][random(4) as usize];
                let lifecycle = if random(8) == 0 {
                    let stage = |classification, start_time| LifecycleStage {
                        classification,
                        start_time,
                    };
                    vec![
                        stage(Classification::Preview, None),
                        stage(Classification::Supported, Some(past)),
                        stage(
                            Classification::Deprecated,
                            [Some(past), Some(future)][random(2) as usize],
                        ),
                    ]
                } else {
                    Vec::new()
                };
                ExpirableVersion {
                    version,
                    classification,
                    expiration_date,
                    lifecycle,
                }
            })
            .collect()
    }

    pub(in crate::maintenance) fn random_version(random: &mut impl FnMut(u64) -> u64) -> String {
        if random(60) == 0 {
            return ["bad", "", "1.x"][random(3) as usize].to_string();
        }
        let prefix = if random(8) == 0 { "v" } else { "" };
        let (major, minor, patch) = (random(3), random(4), random(3));
        let mut text = if random(10) == 0 {
            format!("{prefix}{major}.{minor}")
        } else {
            format!("{prefix}{major}.{minor}.{patch}")
        };
        if random(8) == 0 {
            text.push_str("-rc.1");
        }
        if random(8) == 0 {
            text.push_str("+build.7");
        }
        text
    }

    /// A repeatable stream of numbers below each call's bound (xorshift), from `seed`.
    pub(in crate::maintenance) fn numbers(mut state: u64) -> impl FnMut(u64) -> u64 {
        move |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound.max(1)
        }
    }

    #[test]
    fn the_one_pass_finds_exactly_what_the_definition_finds() {
        let mut random = numbers(0x2545_f491_4f6c_dd1d);
        let now: DateTime<Utc> = "2026-01-01T00:00:00Z".parse().unwrap();
        let mut non_empty = [0usize; 7];
        for _ in 0..3000 {
            let versions = random_versions(&mut random);
            let current = random_version(&mut random);
            let searches = [
                Search::LatestPatch,
                Search::LatestMinor,
                Search::OverallLatest,
                Search::ConsecutiveMinor,
                Search::NextHigherMinor,
                Search::NextHigherMajor,
                Search::Fails("no search".to_string()),
            ];
            for (index, search) in searches.iter().enumerate() {
                let expected = eligible_by_definition(search, &versions, &current, now);
                let found = search.eligible(&versions, &current, now);
                assert_eq!(
                    found, expected,
                    "{search:?} from {current:?} in {versions:#?}"
                );
                non_empty[index] += usize::from(!found.0.is_empty());
            }
        }
        // Every search but the failing one found targets often enough to have been compared.
        assert!(
            non_empty[..6].iter().all(|count| *count > 100),
            "{non_empty:?}"
        );
    }

    #[test]
    fn the_major_strategy_has_no_force_search() {
        let profile = PROFILE.replace("updateStrategy: patch", "updateStrategy: major");
        let (profile, shoot) = inputs(&profile, SHOOT);
        let found = eligible_updates(&profile, &shoot, "2026-01-01T00:00:00Z".parse().unwrap());
        // A higher patch of the current minor always wins, so 1.2.0 is a target only from 1.1.3 on.
        assert_eq!(found[1].auto, ["1.1.3"]);
        assert!(found[1].force.is_empty());
        assert!(found[1]
            .error
            .as_deref()
            .unwrap()
            .contains("reaching end of life"));
    }
}
