//! Version decisions of maintenance runs, kept for the next run against the same CloudProfile.
//!
//! A timeline runs maintenance in up to hundreds of windows, and a Shoot's pools often share an
//! image: without this, every window filters and searches every pool's image versions again. A
//! decision is reused only for the same inputs, and a decision reads the run's instant only through
//! the classifications of the versions it chooses from (`classification_at`), which change only at
//! those versions' transition instants. So two instants with the same number of transitions
//! behind them give the same decision, and that number is part of each key.

use super::run::VersionUpdate;
use super::selection::parse_all;
use super::types::{MachineImage, Worker, DEFAULT_CRI};
use crate::lifecycle::ExpirableVersion;
use crate::version::{parse_normalized, Version};
use chrono::{DateTime, Utc};
use rustc_hash::FxHashMap as HashMap;

/// Decisions of earlier runs against one (defaulted) CloudProfile. Using one memo with two
/// profiles would mix their answers.
#[derive(Default)]
pub(crate) struct RunMemo {
    images: HashMap<ImageKey, Option<VersionUpdate>>,
    /// Per image name as a Shoot spells it (which decides the CloudProfile image).
    image_facts: HashMap<String, ImageFacts>,
    kubernetes: HashMap<(KubernetesKey, usize), Option<VersionUpdate>>,
    kubernetes_transitions: Option<Vec<DateTime<Utc>>>,
    kubernetes_parsed: Option<ParsedKubernetes>,
}

/// The CloudProfile's Kubernetes versions parsed once, in list order: as the selections parse
/// them, and as the lookup of the current version normalises and parses them.
pub(crate) struct ParsedKubernetes {
    pub(crate) results: Vec<Result<Version, String>>,
    pub(crate) normalized: Vec<Option<Version>>,
}

/// Everything a pool's image decision reads besides the CloudProfile and the instant.
#[derive(Debug, Hash, PartialEq, Eq)]
struct ImageKey {
    pool: PoolImageInputs,
    auto_update: bool,
    transitions_passed: usize,
}

/// What `FilterMachineImageVersions` and the image searches read of a pool (with its defaulted
/// architecture): pools that agree on these get the same image versions and targets.
#[derive(Debug, Hash, PartialEq, Eq)]
pub(crate) struct PoolImageInputs {
    image_name: String,
    version: Option<String>,
    machine_type: String,
    architecture: String,
    cri: String,
    container_runtimes: Vec<String>,
    in_place: bool,
    /// Only when a version of the image constrains it: otherwise the filter does not read it, and
    /// leaving it out keeps the decision across control-plane updates.
    kubelet: Option<String>,
}

impl PoolImageInputs {
    pub(crate) fn of(worker: &Worker, kubelet: &Version, image: &MachineImage) -> PoolImageInputs {
        PoolImageInputs::with(worker, kubelet, kubelet_constrained(image))
    }

    fn with(worker: &Worker, kubelet: &Version, kubelet_constrained: bool) -> PoolImageInputs {
        let shoot_image = &worker.machine.image;
        let cri = worker.cri.as_ref();
        PoolImageInputs {
            image_name: shoot_image.name.clone(),
            version: shoot_image.version.clone(),
            machine_type: worker.machine.machine_type.clone(),
            architecture: worker.architecture().to_string(),
            cri: cri.map_or(DEFAULT_CRI, |cri| cri.name.as_str()).to_string(),
            container_runtimes: cri
                .and_then(|cri| cri.container_runtimes.as_deref())
                .unwrap_or_default()
                .iter()
                .map(|runtime| runtime.runtime_type.clone())
                .collect(),
            in_place: worker.is_in_place(),
            kubelet: kubelet_constrained.then(|| kubelet.to_string()),
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

struct ImageFacts {
    transitions: Vec<DateTime<Utc>>,
    kubelet_constrained: bool,
}

impl RunMemo {
    /// The image decision of a pool (with its defaulted architecture), from `decide` the first time.
    pub(crate) fn image_decision(
        &mut self,
        image: &MachineImage,
        worker: &Worker,
        kubelet: &Version,
        auto_update: bool,
        now: DateTime<Utc>,
        decide: impl FnOnce() -> Option<VersionUpdate>,
    ) -> Option<VersionUpdate> {
        let shoot_image = &worker.machine.image;
        if !self.image_facts.contains_key(&shoot_image.name) {
            let facts = ImageFacts {
                transitions: sorted_transitions(image.versions.iter().map(|v| &v.expirable)),
                kubelet_constrained: kubelet_constrained(image),
            };
            self.image_facts.insert(shoot_image.name.clone(), facts);
        }
        let facts = &self.image_facts[&shoot_image.name];
        let key = ImageKey {
            pool: PoolImageInputs::with(worker, kubelet, facts.kubelet_constrained),
            auto_update,
            transitions_passed: passed(&facts.transitions, now),
        };
        self.images.entry(key).or_insert_with(decide).clone()
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
        let passed = passed(transitions, now);
        let parsed = self
            .kubernetes_parsed
            .get_or_insert_with(|| ParsedKubernetes {
                results: parse_all(versions),
                normalized: versions
                    .iter()
                    .map(|v| parse_normalized(&v.version))
                    .collect(),
            });
        self.kubernetes
            .entry((key, passed))
            .or_insert_with(|| decide(parsed))
            .clone()
    }
}

/// Whether a version of `image` constrains the kubelet version, so that the filter reads it.
fn kubelet_constrained(image: &MachineImage) -> bool {
    image
        .versions
        .iter()
        .any(|v| v.kubelet_version_constraint.is_some())
}

fn sorted_transitions<'a>(
    versions: impl Iterator<Item = &'a ExpirableVersion>,
) -> Vec<DateTime<Utc>> {
    let mut instants: Vec<DateTime<Utc>> = versions
        .flat_map(ExpirableVersion::transition_instants)
        .collect();
    crate::sorting::sort(&mut instants);
    instants.dedup();
    instants
}

/// How many transitions lie strictly before `now`: a stage starting exactly at `now` is not active
/// yet (`classification_at`).
fn passed(transitions: &[DateTime<Utc>], now: DateTime<Utc>) -> usize {
    transitions.partition_point(|instant| *instant < now)
}
