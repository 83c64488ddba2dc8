//! Which worker pools a Shoot change rolls, updates in place, or leaves alone.
//!
//! gardenlet names each rolling pool's node-agent secret after a hash of the pool's relevant settings
//! (`Key`, `pkg/component/extensions/operatingsystemconfig/operatingsystemconfig.go`); the provider
//! extension puts that name into the MachineClass hash, so a changed key replaces every machine of the
//! pool. In-place pools keep a constant secret name and are instead driven by
//! `CalculateWorkerPoolHashForInPlaceUpdate` (`pkg/utils/gardener/shoot.go`). This module evaluates
//! both exactly and names the changed fields in the notation of
//! `docs/usage/shoot-operations/shoot_updates.md`.

use super::hash::{hash_of_hashes, parse_time, Digests};
use super::kubelet::{effective_kubelet, kubelet_data, KubeletData, KubeletSource, ParsedReserved};
use super::types::{
    is_in_place, PendingWorkerUpdates, RotationStatus, Shoot, Worker, WorkerResource,
    AUTO_IN_PLACE_UPDATE, MANUAL_IN_PLACE_UPDATE,
};
use crate::decode::FromValue;
use crate::sorting::CollectSorted;
use crate::version::Version;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

/// How the product evaluates a change; all fields optional.
#[derive(Debug, Clone, Default, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct RollTriggerOptions {
    /// gardenlet feature gate `NewWorkerPoolHash` (only meaningful before v1.141, where it was locked
    /// on; the gate was removed in v1.143). Default: on from v1.126, off before.
    pub new_worker_pool_hash: Option<bool>,
    /// The Gardener release to model (e.g. `v1.140`); default: the current code.
    pub gardener_version: Option<String>,
    /// The seed-side `Worker` resource, for the pending in-place pools; `None` = it does not exist.
    pub worker_resource: Option<WorkerResource>,
}

/// What happens to the nodes of a pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum UpdateKind {
    /// Machines are replaced (new MachineClass).
    Rolling,
    /// Machines are updated in place.
    InPlace,
    /// Nothing on the nodes changes (as far as Gardener itself decides).
    None,
}

/// The verdict for one pool of the new Shoot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PoolTrigger {
    pub update: UpdateKind,
    /// Changed fields that caused the update, e.g. `.spec.provider.workers[].machine.image.version`.
    pub causes: Vec<String>,
    /// Gardener decided "no update", but the provider extension's own hash data (from
    /// `providerConfig`) changed and may still roll or update the pool.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub provider_dependent: bool,
    /// The pool does not exist in the old Shoot (it is created, nothing is updated).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub new_pool: bool,
    /// The node-agent secret name (OSC key) before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub old_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_key: Option<String>,
    /// Each cause with the value before and after, as the report reads them from the two Shoots.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub changes: Vec<FieldChange>,
}

/// A changed field of a pool's roll trigger: its path with the pool's name in place of `[]`, and the
/// value before and after (`None`: unset), as short text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FieldChange {
    pub field: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

impl FieldChange {
    /// "m5.large → m5.xlarge", an unset side as "(unset)": the app and the CLI write it so.
    pub fn values(&self) -> String {
        let side = |value: &Option<String>| value.as_deref().unwrap_or("(unset)").to_string();
        format!("{} → {}", side(&self.old), side(&self.new))
    }
}

/// The result of [`roll_triggers`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RollTriggers {
    /// Per pool of the new Shoot when an old Shoot was given; without one, the in-place pools whose
    /// hash the seed's `Worker` reports differently (they are updated in place).
    #[cfg_attr(feature = "tsify", tsify(type = "Record<string, PoolTrigger>"))]
    pub workers: BTreeMap<String, PoolTrigger>,
    /// `status.inPlaceUpdates.pendingWorkerUpdates` after gardenlet's `SetInPlaceUpdatePendingWorkers`
    /// (`None` = the field stays absent).
    pub pending_worker_updates: Option<PendingWorkerUpdates>,
    /// `CalculateWorkerPoolHashForInPlaceUpdate` of every pool of the new Shoot.
    #[cfg_attr(feature = "tsify", tsify(type = "Record<string, string>"))]
    pub in_place_hashes: BTreeMap<String, String>,
    /// 1 = legacy `NewWorkerPoolHash` off (`WorkerPoolHashV1`), 2 = current node-agent key.
    pub hash_version: u8,
    /// The changes of `.spec` that roll no pool and update none in place (a pool's `maximum`,
    /// the maintenance window, a kubelet setting outside the hash), so that a user tells "seen,
    /// no roll" from "not seen". Listed by the report when the previous Shoot is given; at most
    /// 100.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub without_roll: Vec<FieldChange>,
}

/// Evaluates a Shoot change. `old_shoot` may be `None`: then the pending in-place pools, the
/// in-place hashes and the verdicts of the pools the `Worker` reports outdated are computed. Both Shoots are taken as stored; the idempotent v1beta1
/// defaults that matter (CRI `containerd`, update strategy `AutoRollingUpdate`) are applied here.
pub fn roll_triggers(
    old_shoot: Option<&Shoot>,
    new_shoot: &Shoot,
    options: &RollTriggerOptions,
) -> Result<RollTriggers, String> {
    let mode = HashMode::from_options(options)?;
    let new_shoot = with_hash_defaults(new_shoot);
    let old_shoot = old_shoot.map(with_hash_defaults);
    let digests = Digests::default();
    let workers = match &old_shoot {
        Some(old_shoot) => {
            let (old_pools, new_pools) = (Pools::of(old_shoot), Pools::of(&new_shoot));
            let judge = |sides| pool_trigger(mode, sides, &digests);
            let created = |worker| {
                Ok(PoolTrigger {
                    update: UpdateKind::None,
                    causes: Vec::new(),
                    provider_dependent: false,
                    new_pool: true,
                    old_key: None,
                    new_key: Some(node_agent_key(mode, &new_shoot, worker, &digests)?),
                    changes: Vec::new(),
                })
            };
            let old = (old_shoot, &old_pools);
            let new = (&new_shoot, &new_pools);
            let triggers = pool_triggers(mode, old, new, None, (judge, created))?;
            (new_pools.workers.iter().zip(triggers))
                .map(|(pool, trigger)| (pool.name.clone(), trigger))
                .collect_map()
        }
        // Without the previous Shoot, the seed's `Worker` still tells which in-place pools gardenlet
        // updates: those whose reported hash is not the Shoot's.
        None => {
            let mut updated = BTreeMap::new();
            for pool in new_shoot.spec.provider.workers.iter() {
                if !is_in_place(pool.strategy()) || updated.contains_key(&pool.name) {
                    continue;
                }
                let reported = reported_in_place_hash(
                    &new_shoot,
                    pool,
                    options.worker_resource.as_ref(),
                    mode.sum_system_reserved,
                    &digests,
                )?;
                if reported == Some(ReportedHash::Outdated) {
                    let trigger = PoolTrigger {
                        update: UpdateKind::InPlace,
                        causes: Vec::new(),
                        provider_dependent: false,
                        new_pool: false,
                        old_key: None,
                        new_key: Some(node_agent_key(mode, &new_shoot, pool, &digests)?),
                        changes: Vec::new(),
                    };
                    updated.insert(pool.name.clone(), trigger);
                }
            }
            updated
        }
    };

    let mut in_place_hashes = BTreeMap::new();
    for worker in new_shoot.spec.provider.workers.iter() {
        let hash = pool_in_place_hash(&new_shoot, worker, mode.sum_system_reserved, &digests);
        if let Ok(hash) = hash {
            in_place_hashes.insert(worker.name.clone(), hash);
        }
    }

    Ok(RollTriggers {
        workers,
        pending_worker_updates: pending_worker_updates_with(
            &new_shoot,
            options.worker_resource.as_ref(),
            mode.sum_system_reserved,
            &digests,
        )?,
        in_place_hashes,
        hash_version: if mode.new_worker_pool_hash { 2 } else { 1 },
        without_roll: Vec::new(),
    })
}

/// The node-agent secret name of a pool (`calculateKeyForValues` / `Key`): constant
/// `gardener-node-agent-<pool>` for in-place pools, else with the 16-hex hash of the pool's data.
pub fn osc_key(shoot: &Shoot, worker: &Worker) -> Result<String, String> {
    node_agent_key(HashMode::CURRENT, shoot, worker, &Digests::default())
}

/// What happens to each pool's nodes in [`roll_triggers`] with the default options, in the order
/// of `new_shoot`'s pools ([`by_name`] gives the order and the pools of that map), for a caller
/// that evaluates many changes of one Shoot and needs no causes: `digests` remembers the hashes
/// between calls (the Shoot after one change is the Shoot before the next). `None` where
/// [`roll_triggers`] fails.
pub(crate) fn pool_updates(
    old_shoot: &HashView,
    new_shoot: &HashView,
    digests: &Digests,
) -> Option<Vec<UpdateKind>> {
    let mode = HashMode::from_options(&RollTriggerOptions::default()).ok()?;
    // Without a `Worker` resource, the rest of `roll_triggers` cannot fail: the pending pools need
    // no hash, and failed in-place hashes are left out.
    let (old_pools, new_pools) = (old_shoot.pools(), new_shoot.pools());
    let old = (&old_shoot.outside, &old_pools);
    let new = (&new_shoot.outside, &new_pools);
    // Where both name the same pools in the same order (a maintenance run renames none), each
    // new pool's partner is the first old pool of its name, found once for both.
    let paired =
        same_names(&old_shoot.workers, &new_shoot.workers).then(|| new_shoot.first_of_name());
    let judge = |sides| update_of(mode, sides, digests).0;
    // A new pool's key is found for its failure alone, as `roll_triggers` finds it.
    let created = |worker| {
        node_agent_key(mode, &new_shoot.outside, worker, digests).map(|_| UpdateKind::None)
    };
    let paired = paired.map(|first| &**first);
    pool_triggers(mode, old, new, paired, (judge, created)).ok()
}

/// The positions of `pools` ordered by name, keeping only the later of two pools with one name:
/// the pools [`roll_triggers`] keeps a verdict for, in the order it lists them. A caller that
/// evaluates many changes of pools that keep their names finds it once.
pub(crate) fn by_name(pools: &[Arc<Worker>]) -> ByName {
    let mut positions: Vec<usize> = (0..pools.len()).collect();
    let name = |position: usize| pools[position].name.as_str();
    crate::sorting::sort_by(&mut positions, |a, b| name(*a).cmp(name(*b)));
    // The sort is stable, so of equal names the later pool is last.
    let mut later_wins = positions.into_iter().peekable();
    let mut kept = Vec::new();
    while let Some(position) = later_wins.next() {
        if later_wins
            .peek()
            .is_none_or(|next| name(*next) != name(position))
        {
            kept.push((position, name(position).into()));
        }
    }
    ByName(kept)
}

/// The pools [`by_name`] keeps, each position with the pool's name: shared, as a timeline
/// names the same pools in the impact of every change.
#[derive(Debug, PartialEq)]
pub(crate) struct ByName(Vec<(usize, Arc<str>)>);

impl ByName {
    /// The `updates` of a view's pools ([`pool_updates`]) with the pools' names, in this order.
    pub(crate) fn named<'s>(
        &'s self,
        updates: &'s [UpdateKind],
    ) -> impl Iterator<Item = (&'s Arc<str>, UpdateKind)> + use<'s> {
        (self.0.iter()).map(|(position, name)| (name, updates[*position]))
    }
}

/// The verdict of every pool of the new Shoot, in its order (both Shoots with the hash defaults,
/// each with its pools and the pool sides found so far): by `judge` from the two sides of a pool
/// the old Shoot has too, by `created` for a pool it lacks. Only the pools are read from `pools`,
/// never from the Shoot: a [`HashView`] keeps them apart. A pool is compared with the first old
/// pool of its name; where two new pools share a name, a caller keeping one verdict per name
/// keeps the later one. `paired`, where given, is the position of that old pool for each new
/// pool ([`first_of_name`], for two lists that name the same pools in the same order).
fn pool_triggers<'s, V>(
    mode: HashMode,
    (old_shoot, old_pools): (&'s Shoot, &'s Pools),
    (new_shoot, new_pools): (&'s Shoot, &'s Pools),
    paired: Option<&[usize]>,
    (judge, created): (
        impl Fn([(&'s Shoot, &'s Worker, &'s PoolSide); 2]) -> V,
        impl Fn(&'s Worker) -> Result<V, String>,
    ),
) -> Result<Vec<V>, String> {
    // Where each name is first found among the old pools (a hash table: sorting the names
    // for every change costs a timeline more than the table does).
    let old_positions = match paired {
        Some(_) => None,
        None => Some(first_positions(&old_pools.workers)),
    };
    let mut workers = Vec::with_capacity(new_pools.workers.len());
    for (index, worker) in new_pools.workers.iter().copied().enumerate() {
        let old_index = match (paired, &old_positions) {
            (Some(paired), _) => paired.get(index).copied(),
            (None, Some(positions)) => positions.get(worker.name.as_str()).copied(),
            (None, None) => None,
        };
        let old = old_index.map(|old_index| (old_index, old_pools.workers[old_index]));
        let verdict = match old {
            Some((old_index, old_worker)) => {
                // The old side's failure first, as when each side was collected here.
                let old = old_pools
                    .sides
                    .side(old_index, mode, old_shoot, old_worker)?;
                let new = new_pools.sides.side(index, mode, new_shoot, worker)?;
                judge([(old_shoot, old_worker, old), (new_shoot, worker, new)])
            }
            None => created(worker)?,
        };
        workers.push(verdict);
    }
    Ok(workers)
}

/// The position of the first of `pools` with each name.
fn first_positions<'w>(pools: &[&'w Worker]) -> rustc_hash::FxHashMap<&'w str, usize> {
    let mut positions =
        rustc_hash::FxHashMap::with_capacity_and_hasher(pools.len(), Default::default());
    for (index, pool) in pools.iter().enumerate() {
        (positions.entry(pool.name.as_str())).or_insert(index);
    }
    positions
}

/// Whether both lists name the same pools in the same order.
fn same_names(a: &[Arc<Worker>], b: &[Arc<Worker>]) -> bool {
    a.len() == b.len() && (a.iter().zip(b)).all(|(a, b)| Arc::ptr_eq(a, b) || a.name == b.name)
}

/// For each of `pools`, the position of the first pool with its name.
fn first_of_name(pools: &[&Worker]) -> Rc<[usize]> {
    let first = first_positions(pools);
    (pools.iter())
        .map(|pool| first[pool.name.as_str()])
        .collect()
}

/// `CalculateWorkerPoolHashForInPlaceUpdate` as gardenlet calls it for a pool (effective Kubernetes
/// version and kubelet configuration, machine image version, credentials rotation).
pub fn in_place_hash(shoot: &Shoot, worker: &Worker) -> Result<String, String> {
    pool_in_place_hash(shoot, worker, false, &Digests::default())
}

/// `CalculateWorkerPoolHashForInPlaceUpdate` with explicit arguments.
pub fn calculate_worker_pool_hash_for_in_place_update(
    pool_name: &str,
    kubernetes_version: &str,
    kubelet: Option<&super::types::KubeletConfig>,
    machine_image_version: &str,
    shoot: &Shoot,
) -> Result<String, String> {
    let version = Version::parse(kubernetes_version).map_err(|e| {
        format!(
            "failed to parse kubernetes version {kubernetes_version}: {}",
            e.masterminds_message()
        )
    })?;
    let mut data = vec![
        format!("{}.{}", version.major, version.minor),
        machine_image_version.to_string(),
    ];
    data.extend(rotation_times(shoot, pool_name)?.into_iter().flatten());
    data.extend(
        kubelet_data(kubelet, false)
            .map_err(|e| e.to_string())?
            .elements(),
    );
    Ok(hash_of_hashes(&data, 16))
}

/// gardenlet's `SetInPlaceUpdatePendingWorkers`: every in-place pool whose hash the `Worker` does not
/// (yet) report is appended to the matching pending list; nothing is written when no pool is pending.
pub fn pending_worker_updates(
    shoot: &Shoot,
    worker_resource: Option<&WorkerResource>,
) -> Result<Option<PendingWorkerUpdates>, String> {
    pending_worker_updates_with(
        &with_hash_defaults(shoot),
        worker_resource,
        false,
        &Digests::default(),
    )
}

// ---------------------------------------------------------------------------------------------------

/// Which generation of Gardener's hashing applies.
#[derive(Debug, Clone, Copy)]
struct HashMode {
    /// `NewWorkerPoolHash` on (node-agent key in the pool hash) vs. `WorkerPoolHashV1`.
    new_worker_pool_hash: bool,
    /// Gardener before v1.141 hashed kubeReserved + systemReserved.
    sum_system_reserved: bool,
}

impl HashMode {
    const CURRENT: HashMode = HashMode {
        new_worker_pool_hash: true,
        sum_system_reserved: false,
    };

    fn from_options(options: &RollTriggerOptions) -> Result<HashMode, String> {
        let Some(text) = options.gardener_version.as_deref() else {
            return Ok(HashMode {
                new_worker_pool_hash: options.new_worker_pool_hash.unwrap_or(true),
                sum_system_reserved: false,
            });
        };
        let version =
            Version::parse(text).map_err(|e| format!("invalid gardenerVersion {text:?}: {e}"))?;
        let at_least =
            |minor: u64| version.major > 1 || (version.major == 1 && version.minor >= minor);
        // The gate was locked on from v1.141 and removed in v1.143.
        let new_worker_pool_hash = if at_least(141) {
            true
        } else {
            options.new_worker_pool_hash.unwrap_or(at_least(126))
        };
        Ok(HashMode {
            new_worker_pool_hash,
            sum_system_reserved: !at_least(141),
        })
    }
}

/// The idempotent v1beta1 defaults that influence the hashes (`SetDefaults_Shoot`,
/// `SetDefaults_Worker`).
fn with_hash_defaults(shoot: &Shoot) -> Shoot {
    let mut shoot = shoot.clone();
    apply_hash_defaults(&mut shoot);
    shoot
}

fn apply_hash_defaults(shoot: &mut Shoot) {
    for worker in shoot.spec.provider.workers_mut() {
        let worker = std::sync::Arc::make_mut(worker);
        apply_pool_hash_defaults(worker);
    }
}

/// A pool's CRI and update strategy, both read by the hashes: the Shoots compared need not have
/// been defaulted (the conformance cases, the oracle and a timeline's states pass them as
/// written), and a default left out on one side only would read as a change.
fn apply_pool_hash_defaults(worker: &mut Worker) {
    crate::defaults::default_pool_cri(worker);
    crate::defaults::default_update_strategy(worker);
}

/// A Shoot's pools as [`pool_triggers`] reads them, with their sides.
struct Pools<'a> {
    workers: Vec<&'a Worker>,
    sides: std::borrow::Cow<'a, PoolSides>,
}

impl<'a> Pools<'a> {
    /// The pools of `shoot`, with no side found yet.
    fn of(shoot: &'a Shoot) -> Pools<'a> {
        Pools {
            workers: shoot.spec.provider.workers.iter().map(|w| &**w).collect(),
            sides: std::borrow::Cow::Owned(PoolSides::of(shoot.spec.provider.workers.len())),
        }
    }
}

/// A Shoot with the hash defaults [`roll_triggers`] applies, for a caller that evaluates many
/// changes of one Shoot ([`pool_updates`]) and so defaults each state once.
pub(crate) struct HashView {
    /// The Shoot without its pools.
    outside: Shoot,
    /// The pools, each shared with the views before and after it where it is the same: a change
    /// of a Shoot changes few of them.
    workers: Vec<Arc<Worker>>,
    /// Under the default options' hash mode, the only one [`pool_updates`] uses.
    sides: PoolSides,
    /// [`first_of_name`] of the pools, found when first needed and taken over by a successor
    /// whose pools keep their names.
    first_of_name: std::cell::OnceCell<Rc<[usize]>>,
}

impl HashView {
    #[cfg(test)]
    pub(crate) fn new(mut shoot: Shoot) -> HashView {
        let workers = std::mem::take(&mut shoot.spec.provider.workers);
        HashView::of_parts(shoot, workers.to_vec())
    }

    /// The view of a Shoot given without its pools (`outside`, whose pool list is ignored) and
    /// its pools.
    pub(crate) fn of_parts(mut outside: Shoot, mut workers: Vec<Arc<Worker>>) -> HashView {
        outside.spec.provider.workers = Default::default();
        // Every maintenance run writes it, and no verdict reads it: left out, it does not make
        // the Shoot outside its pools differ from one run to the next.
        outside.status.last_maintenance = None;
        for worker in &mut workers {
            // A shared pool has its defaults already, so it is copied only when it is new.
            if worker.cri.is_none() || worker.update_strategy.is_none() {
                apply_pool_hash_defaults(Arc::make_mut(worker));
            }
        }
        let sides = PoolSides::of(workers.len());
        HashView {
            outside,
            workers,
            sides,
            first_of_name: std::cell::OnceCell::new(),
        }
    }

    /// [`first_of_name`] of the pools.
    fn first_of_name(&self) -> &Rc<[usize]> {
        (self.first_of_name).get_or_init(|| first_of_name(&self.pools().workers))
    }

    /// The view of a later state of the Shoot this view shows, given as [`HashView::of_parts`]
    /// takes it. A pool side depends only on the pool and on the Shoot outside its pools, so where
    /// both are unchanged the side found here already is taken over instead of hashed again.
    ///
    /// Where the Shoot outside its pools differs in the control plane's version alone (a
    /// maintenance update of it), a side of an unchanged pool is the side here with the slots
    /// that depend on the version found again.
    pub(crate) fn successor(&self, outside: Shoot, workers: Vec<Arc<Worker>>) -> HashView {
        let mut next = HashView::of_parts(outside, workers);
        let same_names = same_names(&self.workers, &next.workers);
        if let Some(first) = self.first_of_name.get().filter(|_| same_names) {
            let _ = next.first_of_name.set(Rc::clone(first));
        }
        let version_alone = match self.change_outside_pools(&mut next.outside) {
            OutsideChange::None => false,
            OutsideChange::VersionAlone => true,
            OutsideChange::More => return next,
        };
        // Found once for all pools that take the control plane's version.
        let control_plane = std::cell::OnceCell::new();
        let pairs = self.workers.iter().zip(&next.workers);
        for ((before, after), (side, cell)) in pairs.zip(self.sides.0.iter().zip(&next.sides.0)) {
            let Some(Ok(side)) = side.get() else {
                continue;
            };
            if !(Arc::ptr_eq(before, after) || before == after) {
                continue;
            }
            let side = match version_alone {
                false => Ok(side.clone()),
                true => {
                    let control_plane = control_plane.get_or_init(|| {
                        let version = control_plane_version(&next.outside)?;
                        Ok(PoolData::of_version(&next.outside, &version))
                    });
                    let data = side.data.with_control_plane_version(control_plane, after);
                    debug_assert_eq!(
                        data,
                        PoolData::collect(HashMode::CURRENT, &next.outside, after)
                    );
                    data.map(|data| side.with_data(data))
                }
            };
            // The cell is new and empty, so setting it cannot fail.
            let _ = cell.set(side);
        }
        next
    }

    /// How `outside`, a later state of this view's Shoot outside its pools, differs from it, in
    /// one comparison. `outside` is borrowed mutably only to compare it with this view's
    /// control-plane version; it is given back as it came.
    fn change_outside_pools(&self, outside: &mut Shoot) -> OutsideChange {
        let version = &self.outside.spec.kubernetes.version;
        if outside.spec.kubernetes.version == *version {
            return match *outside == self.outside {
                true => OutsideChange::None,
                false => OutsideChange::More,
            };
        }
        let own = std::mem::replace(&mut outside.spec.kubernetes.version, version.clone());
        let alike = *outside == self.outside;
        outside.spec.kubernetes.version = own;
        match alike {
            true => OutsideChange::VersionAlone,
            false => OutsideChange::More,
        }
    }

    /// The Shoot, with the hash defaults.
    #[cfg(test)]
    pub(crate) fn shoot(&self) -> Shoot {
        let mut shoot = self.outside.clone();
        shoot.spec.provider.workers = Arc::new(self.workers.clone());
        shoot
    }

    /// The pools, with the hash defaults.
    pub(crate) fn workers(&self) -> &[Arc<Worker>] {
        &self.workers
    }

    fn pools(&self) -> Pools<'_> {
        Pools {
            workers: self.workers.iter().map(|worker| &**worker).collect(),
            sides: std::borrow::Cow::Borrowed(&self.sides),
        }
    }
}

/// How a Shoot outside its pools changed between two views ([`HashView::successor`]).
enum OutsideChange {
    None,
    /// The control plane's version changed, and nothing else.
    VersionAlone,
    More,
}

/// `CalculateEffectiveKubernetesVersion` on the parsed control-plane version.
fn effective_version(shoot: &Shoot, worker: &Worker) -> Result<Version, String> {
    match worker.kubernetes_version() {
        Some(version) => Version::parse(version).map_err(|e| e.masterminds_message()),
        None => control_plane_version(shoot),
    }
}

/// The control plane's version, parsed as [`effective_version`] parses it.
fn control_plane_version(shoot: &Shoot) -> Result<Version, String> {
    Version::parse(&shoot.spec.kubernetes.version).map_err(|e| {
        format!(
            "failed to parse kubernetes version {}: {}",
            shoot.spec.kubernetes.version,
            e.masterminds_message()
        )
    })
}

/// The effective version as the string gardenlet passes to the in-place hash.
fn effective_version_text<'a>(shoot: &'a Shoot, worker: &'a Worker) -> &'a str {
    shoot.pool_kubernetes_version(worker)
}

fn major_minor(version: &Version) -> String {
    // Every pool's data of every state a timeline compares starts with this; `format!` was most
    // of collecting it.
    let mut digits = itoa::Buffer::new();
    let mut text = digits.format(version.major).to_string();
    text.push('.');
    text.push_str(digits.format(version.minor));
    text
}

/// Masterminds constraint `< 1.34` (`versionutils.ConstraintK8sLess134`): pre-releases never match a
/// constraint without a pre-release.
fn below_1_34(version: &Version) -> bool {
    version.pre.is_empty() && (version.major, version.minor) < (1, 34)
}

/// `LastInitiationTimeForWorkerPool`: the pool's pending entry wins over the global time.
fn pool_initiation_time<'a>(rotation: &'a RotationStatus, pool: &str) -> Option<&'a str> {
    match rotation
        .pending_workers_rollouts
        .iter()
        .find(|rollout| rollout.name == pool)
    {
        Some(rollout) => rollout.last_initiation_time.as_deref(),
        None => rotation.last_initiation_time.as_deref(),
    }
}

/// The rendered CA and service-account-key initiation times of a pool (`None` = nothing appended).
fn rotation_times(shoot: &Shoot, pool: &str) -> Result<[Option<String>; 2], String> {
    let Some(rotation) = shoot.rotation() else {
        return Ok([None, None]);
    };
    let render = |status: &Option<RotationStatus>| -> Result<Option<String>, String> {
        match status
            .as_ref()
            .and_then(|status| pool_initiation_time(status, pool))
        {
            Some(text) => Ok(Some(crate::rfc3339::go_string(&parse_time(text)?))),
            None => Ok(None),
        }
    };
    Ok([
        render(&rotation.certificate_authorities)?,
        render(&rotation.service_account_key)?,
    ])
}

/// Every hashed input of a pool, slot by slot; which slots enter a hash depends on the hash.
#[derive(Debug, Clone, PartialEq)]
struct PoolData {
    /// The slots that depend on the pool's effective Kubernetes version ([`PoolData::of_version`]).
    /// Shared by the pools that take the control plane's version: a timeline's update of it gives
    /// every such pool the same new text.
    major_minor: Rc<str>,
    node_local_dns: bool,
    /// The other slots, shared by the states of a pool that differ in the control plane's version
    /// alone, as a timeline's states do after each update of it.
    facts: Rc<PoolFacts>,
}

/// The slots of [`PoolData`] that do not depend on the Kubernetes version.
#[derive(Debug, PartialEq)]
struct PoolFacts {
    machine_type: String,
    /// `name + version` when an image is set.
    image: Option<String>,
    image_version: String,
    volume_size: Option<String>,
    volume_type: Option<String>,
    /// Raw provider config (legacy hash only).
    provider_config: Option<String>,
    cri: Option<String>,
    ca_time: Option<String>,
    sa_time: Option<String>,
    kubelet: KubeletData,
}

impl std::ops::Deref for PoolData {
    type Target = PoolFacts;

    fn deref(&self) -> &PoolFacts {
        &self.facts
    }
}

impl PoolData {
    fn collect(mode: HashMode, shoot: &Shoot, worker: &Worker) -> Result<PoolData, String> {
        let version = effective_version(shoot, worker)?;
        let (kubelet, _) = effective_kubelet(shoot, worker);
        let [ca_time, sa_time] = rotation_times(shoot, &worker.name)?;
        let image = worker.machine.image.as_ref();
        let facts = PoolFacts {
            machine_type: worker.machine.machine_type.clone(),
            image: image.map(|i| [&i.name, i.version.as_deref().unwrap_or("")].concat()),
            image_version: image.and_then(|i| i.version.clone()).unwrap_or_default(),
            volume_size: worker.volume.as_ref().map(|v| v.size.clone()),
            volume_type: worker.volume.as_ref().and_then(|v| v.volume_type.clone()),
            provider_config: worker
                .provider_config
                .as_ref()
                .filter(|config| !config.is_null())
                .map(|config| config.to_string()),
            cri: worker.cri.as_ref().map(|c| c.name.clone()),
            ca_time,
            sa_time,
            kubelet: kubelet_data(kubelet, mode.sum_system_reserved).map_err(|e| e.to_string())?,
        };
        let (major_minor, node_local_dns) = Self::of_version(shoot, &version);
        Ok(PoolData {
            major_minor,
            node_local_dns,
            facts: Rc::new(facts),
        })
    }

    /// The slots that depend on the pool's effective Kubernetes version: its minor and whether
    /// node-local DNS is hashed.
    fn of_version(shoot: &Shoot, version: &Version) -> (Rc<str>, bool) {
        // The pool is one of the Shoot's, which therefore has workers, whatever `shoot`'s own list
        // holds: a `HashView` keeps the pools apart from the rest.
        let node_local_dns = shoot.node_local_dns_enabled()
            && (below_1_34(version) || shoot.kube_proxy_ipvs_with_workers(true));
        (major_minor(version).into(), node_local_dns)
    }

    /// The data of the pool `worker` in a Shoot that differs from the one this data is of in the
    /// control plane's version alone, given that Shoot's [`PoolData::of_version`] of its
    /// control-plane version: only those slots can differ, and only for a pool without a version
    /// of its own. What [`PoolData::collect`] would find.
    fn with_control_plane_version(
        &self,
        control_plane: &Result<(Rc<str>, bool), String>,
        worker: &Worker,
    ) -> Result<PoolData, String> {
        if worker.kubernetes_version().is_some() {
            return Ok(self.clone());
        }
        let (major_minor, node_local_dns) = control_plane.clone()?;
        Ok(PoolData {
            major_minor,
            node_local_dns,
            facts: Rc::clone(&self.facts),
        })
    }

    /// The data list of `Key` (current rolling pools).
    fn key_elements(&self) -> Vec<String> {
        self.key_parts().map(str::to_string).collect()
    }

    /// [`PoolData::key_elements`] borrowed.
    fn key_parts(&self) -> impl Iterator<Item = &str> {
        let volume_type = self.volume_size.as_ref().and(self.volume_type.as_ref());
        let optional = [
            self.image.as_ref(),
            self.volume_size.as_ref(),
            volume_type,
            self.cri.as_ref(),
            self.ca_time.as_ref(),
            self.sa_time.as_ref(),
        ];
        [&*self.major_minor, &self.machine_type]
            .into_iter()
            .chain(optional.into_iter().flatten().map(String::as_str))
            .chain(self.node_local_dns.then_some("node-local-dns"))
            .chain(self.kubelet.parts())
    }

    /// The data list of the legacy `WorkerPoolHashV1` (without provider additional data).
    fn legacy_elements(&self) -> Vec<String> {
        let mut data = vec![
            self.major_minor.to_string(),
            self.machine_type.clone(),
            self.image.clone().unwrap_or_default(),
        ];
        data.extend(self.volume_size.clone());
        if self.volume_size.is_some() {
            data.extend(self.volume_type.clone());
        }
        data.extend(self.provider_config.clone());
        data.extend(self.cri.clone());
        data.extend(self.ca_time.clone());
        data.extend(self.sa_time.clone());
        if self.node_local_dns {
            data.push("node-local-dns".to_string());
        }
        data
    }

    /// Whether both give the same [`PoolData::key_parts`]. Where both share their other slots
    /// (two states of a pool apart from the control plane's version, as a timeline compares
    /// them), only the version's slots are compared.
    fn same_key_parts(&self, other: &PoolData) -> bool {
        let in_full = || self.key_parts().eq(other.key_parts());
        if Rc::ptr_eq(&self.facts, &other.facts) {
            let same = self.major_minor == other.major_minor
                && self.node_local_dns == other.node_local_dns;
            debug_assert_eq!(same, in_full());
            return same;
        }
        in_full()
    }

    /// Whether both give the same [`PoolData::in_place_parts`], as [`PoolData::same_key_parts`]
    /// finds it: node-local DNS is not among those parts.
    fn same_in_place_parts(&self, other: &PoolData) -> bool {
        let in_full = || self.in_place_parts().eq(other.in_place_parts());
        if Rc::ptr_eq(&self.facts, &other.facts) {
            let same = self.major_minor == other.major_minor;
            debug_assert_eq!(same, in_full());
            return same;
        }
        in_full()
    }

    /// The data list of `CalculateWorkerPoolHashForInPlaceUpdate`.
    fn in_place_parts(&self) -> impl Iterator<Item = &str> {
        let times = [self.ca_time.as_ref(), self.sa_time.as_ref()];
        [&*self.major_minor, &self.image_version]
            .into_iter()
            .chain(times.into_iter().flatten().map(String::as_str))
            .chain(self.kubelet.parts())
    }
}

fn node_agent_key(
    mode: HashMode,
    shoot: &Shoot,
    worker: &Worker,
    digests: &Digests,
) -> Result<String, String> {
    if worker.is_in_place() {
        return Ok(format!("gardener-node-agent-{}", worker.name));
    }
    let data = PoolData::collect(mode, shoot, worker)?;
    Ok(node_agent_key_of(mode, worker, &data, digests))
}

/// [`node_agent_key`] of a pool whose data is collected already.
fn node_agent_key_of(
    mode: HashMode,
    worker: &Worker,
    data: &PoolData,
    digests: &Digests,
) -> String {
    if worker.is_in_place() {
        return format!("gardener-node-agent-{}", worker.name);
    }
    if mode.new_worker_pool_hash {
        format!(
            "gardener-node-agent-{}-{}",
            worker.name,
            digests.hash_of_hashes(data.key_elements(), 16)
        )
    } else {
        // KeyV1: only the minor version and the CRI name.
        let mut elements = vec![data.major_minor.to_string()];
        elements.extend(data.cri.clone());
        format!(
            "gardener-node-agent-{}-{}",
            worker.name,
            digests.hash_of_hashes(vec![elements.concat()], 5)
        )
    }
}

/// The value that decides whether machines are replaced: the node-agent key (current) or the legacy
/// pool hash.
fn rolling_fingerprint(mode: HashMode, data: &PoolData, digests: &Digests) -> String {
    if mode.new_worker_pool_hash {
        digests.hash_of_hashes(data.key_elements(), 16)
    } else {
        digests.hash_of_hashes(data.legacy_elements(), 5)
    }
}

fn pool_in_place_hash(
    shoot: &Shoot,
    worker: &Worker,
    sum: bool,
    digests: &Digests,
) -> Result<String, String> {
    let version_text = effective_version_text(shoot, worker);
    let version = Version::parse(version_text).map_err(|e| {
        format!(
            "failed to parse kubernetes version {version_text}: {}",
            e.masterminds_message()
        )
    })?;
    let (kubelet, _) = effective_kubelet(shoot, worker);
    let image_version = worker
        .machine
        .image
        .as_ref()
        .and_then(|i| i.version.clone())
        .unwrap_or_default();
    let mut data = vec![major_minor(&version), image_version];
    data.extend(rotation_times(shoot, &worker.name)?.into_iter().flatten());
    data.extend(
        kubelet_data(kubelet, sum)
            .map_err(|e| e.to_string())?
            .elements(),
    );
    Ok(digests.hash_of_hashes(data, 16))
}

/// A pool's hashed data and node-agent key in one Shoot: what a change compares of each side.
/// The key is hashed only when asked for: whether it changed is known from the data. A copy
/// shares every text, so a view takes the sides of the pools a change left alone without
/// allocating.
#[derive(Debug, Clone)]
struct PoolSide {
    data: PoolData,
    /// Whether the pool is updated in place, read once: every change compares it.
    in_place: bool,
    key: std::cell::OnceCell<Rc<str>>,
}

impl PoolSide {
    /// The side of `worker` with `data`, its key not hashed yet.
    fn of(worker: &Worker, data: PoolData) -> PoolSide {
        PoolSide {
            data,
            in_place: worker.is_in_place(),
            key: std::cell::OnceCell::new(),
        }
    }

    /// The side of the same pool with other `data`, its key not hashed yet.
    fn with_data(&self, data: PoolData) -> PoolSide {
        PoolSide {
            data,
            in_place: self.in_place,
            key: std::cell::OnceCell::new(),
        }
    }

    fn key(&self, mode: HashMode, worker: &Worker, digests: &Digests) -> &str {
        self.key
            .get_or_init(|| node_agent_key_of(mode, worker, &self.data, digests).into())
    }
}

/// The [`PoolSide`]s of a Shoot's pools (by index) under one hash mode, each found when first
/// needed: the Shoot after one change is the Shoot before the next, and shares the sides of the
/// pools the change left alone.
#[derive(Clone)]
struct PoolSides(Vec<std::cell::OnceCell<Result<PoolSide, String>>>);

impl PoolSides {
    fn of(pools: usize) -> PoolSides {
        PoolSides((0..pools).map(|_| std::cell::OnceCell::new()).collect())
    }

    /// The side of `worker`, the pool at `index` of `shoot`.
    fn side(
        &self,
        index: usize,
        mode: HashMode,
        shoot: &Shoot,
        worker: &Worker,
    ) -> Result<&PoolSide, String> {
        let find = || PoolData::collect(mode, shoot, worker).map(|data| PoolSide::of(worker, data));
        match self.0.get(index) {
            Some(cell) => cell.get_or_init(find).as_ref().map_err(Clone::clone),
            None => Err(format!("no pool {index}")),
        }
    }
}

/// The verdict for one pool, from its old and its new side, with the fields that caused it.
fn pool_trigger(
    mode: HashMode,
    sides: [(&Shoot, &Worker, &PoolSide); 2],
    digests: &Digests,
) -> PoolTrigger {
    let [(old_shoot, old_worker, old), (new_shoot, new_worker, new)] = sides;
    let (update, hashed) = update_of(mode, sides, digests);
    let causes = match hashed {
        // The update strategy changed.
        None if update != UpdateKind::None => vec![format!("{WORKERS}.updateStrategy")],
        None => Vec::new(),
        Some(hashed) => CauseContext::new(old_shoot, old_worker, new_shoot, new_worker)
            .causes(&old.data, &new.data, hashed),
    };
    let provider_config_changed = old_worker.provider_config != new_worker.provider_config;
    PoolTrigger {
        provider_dependent: update == UpdateKind::None && provider_config_changed,
        update,
        causes,
        new_pool: false,
        old_key: Some(old.key(mode, old_worker, digests).to_string()),
        new_key: Some(new.key(mode, new_worker, digests).to_string()),
        changes: Vec::new(),
    }
}

/// What happens to a pool's nodes, decided from its old and its new side, with the data list
/// that decided an update (`None` for no update, and for a changed update strategy).
fn update_of(
    mode: HashMode,
    [(_, old_worker, old), (_, new_worker, new)]: [(&Shoot, &Worker, &PoolSide); 2],
    digests: &Digests,
) -> (UpdateKind, Option<Hashed>) {
    let (old_data, new_data) = (&old.data, &new.data);
    debug_assert_eq!(
        [old.in_place, new.in_place],
        [old_worker.is_in_place(), new_worker.is_in_place()]
    );
    let in_place = new.in_place;
    if old.in_place != in_place {
        // Forbidden by validation, but decided by the key all the same.
        let kind = if in_place {
            UpdateKind::InPlace
        } else {
            UpdateKind::Rolling
        };
        (kind, None)
    } else if in_place {
        match old_data.same_in_place_parts(new_data) {
            false => (UpdateKind::InPlace, Some(Hashed::InPlace)),
            true => (UpdateKind::None, None),
        }
    } else if mode.new_worker_pool_hash {
        // Both keys carry the pool's name and the hash of its key data, so they differ where the
        // data differs.
        match old_data.same_key_parts(new_data) {
            false => (UpdateKind::Rolling, Some(Hashed::Key)),
            true => (UpdateKind::None, None),
        }
    } else {
        // Five hex characters collide within reach, so the legacy hashes are compared as such.
        let changed = rolling_fingerprint(mode, old_data, digests)
            != rolling_fingerprint(mode, new_data, digests)
            || old.key(mode, old_worker, digests) != new.key(mode, new_worker, digests);
        match changed {
            true => (UpdateKind::Rolling, Some(Hashed::Legacy)),
            false => (UpdateKind::None, None),
        }
    }
}

const WORKERS: &str = ".spec.provider.workers[]";

/// Which data list decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hashed {
    Key,
    Legacy,
    InPlace,
}

/// Attributes changed hash slots to the fields that changed them.
struct CauseContext<'a> {
    old_shoot: &'a Shoot,
    old_worker: &'a Worker,
    new_shoot: &'a Shoot,
    new_worker: &'a Worker,
}

impl<'a> CauseContext<'a> {
    fn new(
        old_shoot: &'a Shoot,
        old_worker: &'a Worker,
        new_shoot: &'a Shoot,
        new_worker: &'a Worker,
    ) -> Self {
        CauseContext {
            old_shoot,
            old_worker,
            new_shoot,
            new_worker,
        }
    }

    fn causes(&self, old: &PoolData, new: &PoolData, hashed: Hashed) -> Vec<String> {
        let mut causes: Vec<String> = Vec::new();
        let mut push = |cause: String| {
            if !causes.contains(&cause) {
                causes.push(cause);
            }
        };

        if old.major_minor != new.major_minor {
            for cause in self.version_causes() {
                push(cause);
            }
        }
        if hashed != Hashed::InPlace {
            if old.machine_type != new.machine_type {
                push(format!("{WORKERS}.machine.type"));
            }
            let (old_image, new_image) = (
                self.old_worker.machine.image.as_ref(),
                self.new_worker.machine.image.as_ref(),
            );
            if old.image != new.image {
                match (old_image, new_image) {
                    (Some(o), Some(n)) => {
                        if o.name != n.name {
                            push(format!("{WORKERS}.machine.image.name"));
                        }
                        if o.version != n.version {
                            push(format!("{WORKERS}.machine.image.version"));
                        }
                    }
                    _ => push(format!("{WORKERS}.machine.image")),
                }
            }
            if self.old_worker.volume.is_some() != self.new_worker.volume.is_some() {
                push(format!("{WORKERS}.volume"));
            } else {
                if old.volume_size != new.volume_size {
                    push(format!("{WORKERS}.volume.size"));
                }
                if old.volume_type != new.volume_type {
                    push(format!("{WORKERS}.volume.type"));
                }
            }
            if hashed == Hashed::Legacy && old.provider_config != new.provider_config {
                push(format!("{WORKERS}.providerConfig"));
            }
            if old.cri != new.cri {
                push(format!("{WORKERS}.cri.name"));
            }
        } else if old.image_version != new.image_version {
            push(format!("{WORKERS}.machine.image.version"));
        }

        let old_rotation = self.old_shoot.rotation();
        let new_rotation = self.new_shoot.rotation();
        if old.ca_time != new.ca_time {
            for cause in rotation_causes(
                "certificateAuthorities",
                old_rotation.and_then(|r| r.certificate_authorities.as_ref()),
                new_rotation.and_then(|r| r.certificate_authorities.as_ref()),
                &self.new_worker.name,
            ) {
                push(cause);
            }
        }
        if old.sa_time != new.sa_time {
            for cause in rotation_causes(
                "serviceAccountKey",
                old_rotation.and_then(|r| r.service_account_key.as_ref()),
                new_rotation.and_then(|r| r.service_account_key.as_ref()),
                &self.new_worker.name,
            ) {
                push(cause);
            }
        }

        if hashed != Hashed::InPlace && old.node_local_dns != new.node_local_dns {
            if self.old_shoot.node_local_dns_enabled() != self.new_shoot.node_local_dns_enabled() {
                push(".spec.systemComponents.nodeLocalDNS.enabled".to_string());
            } else if self.old_shoot.kube_proxy_ipvs() != self.new_shoot.kube_proxy_ipvs() {
                push(".spec.kubernetes.kubeProxy.mode".to_string());
            } else {
                for cause in self.version_causes() {
                    push(cause);
                }
            }
        }

        if hashed != Hashed::Legacy {
            for cause in self.kubelet_causes(&old.kubelet, &new.kubelet) {
                push(cause);
            }
        }

        if causes.is_empty() {
            // The hash changed through a combination no single field explains (e.g. two
            // concatenated image fields); report the pool itself.
            causes.push(WORKERS.to_string());
        }
        causes
    }

    fn version_causes(&self) -> Vec<String> {
        let old_pool = self.old_worker.kubernetes_version();
        let new_pool = self.new_worker.kubernetes_version();
        let mut causes = Vec::new();
        if (old_pool.is_some() || new_pool.is_some()) && old_pool != new_pool {
            causes.push(format!("{WORKERS}.kubernetes.version"));
        }
        if new_pool.is_none() {
            let minor = |shoot: &Shoot| {
                Version::parse(&shoot.spec.kubernetes.version)
                    .ok()
                    .map(|v| major_minor(&v))
            };
            if minor(self.old_shoot) != minor(self.new_shoot) {
                causes.push(".spec.kubernetes.version".to_string());
            }
        }
        if causes.is_empty() {
            causes.push(if new_pool.is_some() {
                format!("{WORKERS}.kubernetes.version")
            } else {
                ".spec.kubernetes.version".to_string()
            });
        }
        causes
    }

    fn kubelet_causes(&self, old: &KubeletData, new: &KubeletData) -> Vec<String> {
        let (old_kubelet, old_source) = effective_kubelet(self.old_shoot, self.old_worker);
        let (new_kubelet, new_source) = effective_kubelet(self.new_shoot, self.new_worker);
        let prefix = if old_source == KubeletSource::Worker || new_source == KubeletSource::Worker {
            format!("{WORKERS}.kubernetes.kubelet")
        } else {
            ".spec.kubernetes.kubelet".to_string()
        };
        let mut causes = Vec::new();
        if old.reserved != new.reserved {
            let canonical = |reserved: Option<&super::types::ReservedResources>| {
                reserved.map(|r| {
                    ParsedReserved::parse(r)
                        .map(|p| p.data_string())
                        .unwrap_or_default()
                })
            };
            let kube_changed = canonical(old_kubelet.and_then(|k| k.kube_reserved.as_ref()))
                != canonical(new_kubelet.and_then(|k| k.kube_reserved.as_ref()));
            let system_changed = canonical(old_kubelet.and_then(|k| k.system_reserved.as_ref()))
                != canonical(new_kubelet.and_then(|k| k.system_reserved.as_ref()));
            if kube_changed || !system_changed {
                causes.push(format!("{prefix}.kubeReserved"));
            }
            if system_changed {
                causes.push(format!("{prefix}.systemReserved"));
            }
        }
        if old.eviction_hard != new.eviction_hard {
            causes.push(format!("{prefix}.evictionHard"));
        }
        if old.cpu_manager_policy != new.cpu_manager_policy {
            causes.push(format!("{prefix}.cpuManagerPolicy"));
        }
        causes
    }
}

/// Why a pool's rotation time changed: the global initiation time, or the pool's entry in
/// `pendingWorkersRollouts` (e.g. released by `rotate-rollout-workers`).
fn rotation_causes(
    kind: &str,
    old: Option<&RotationStatus>,
    new: Option<&RotationStatus>,
    pool: &str,
) -> Vec<String> {
    let prefix = format!(".status.credentials.rotation.{kind}");
    let entry = |status: Option<&RotationStatus>| {
        status.and_then(|s| {
            s.pending_workers_rollouts
                .iter()
                .find(|r| r.name == pool)
                .map(|r| r.last_initiation_time.clone())
        })
    };
    let global =
        |status: Option<&RotationStatus>| status.and_then(|s| s.last_initiation_time.clone());
    let mut causes = Vec::new();
    if entry(old) != entry(new) {
        causes.push(format!("{prefix}.pendingWorkersRollouts"));
    }
    if entry(new).is_none() && global(old) != global(new) {
        causes.push(format!("{prefix}.lastInitiationTime"));
    }
    if causes.is_empty() {
        causes.push(format!("{prefix}.lastInitiationTime"));
    }
    causes
}

/// How the seed's `Worker` reports an in-place pool's hash against the Shoot's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ReportedHash {
    /// The reported hash is the Shoot's: the nodes are up to date.
    Current,
    /// The reported hash differs: gardenlet updates the pool's nodes in place.
    Outdated,
}

/// The `Worker`'s hash of `pool` against [`pool_in_place_hash`]; `None` when there is no `Worker`,
/// it does not list the pool, or it reports no hash for it (`SetInPlaceUpdatePendingWorkers`).
fn reported_in_place_hash(
    shoot: &Shoot,
    pool: &Worker,
    worker_resource: Option<&WorkerResource>,
    sum: bool,
    digests: &Digests,
) -> Result<Option<ReportedHash>, String> {
    let Some(resource) = worker_resource else {
        return Ok(None);
    };
    if !resource.spec.pools.iter().any(|p| p.name == pool.name) {
        return Ok(None);
    }
    let reported = resource
        .status
        .in_place_updates
        .as_ref()
        .and_then(|s| s.worker_pool_to_hash_map.as_ref())
        .and_then(|map| map.get(&pool.name));
    let Some(reported) = reported else {
        return Ok(None);
    };
    let current = pool_in_place_hash(shoot, pool, sum, digests)
        .map_err(|e| format!("failed to calculate worker pool {:?} hash: {e}", pool.name))?;
    Ok(Some(if *reported == current {
        ReportedHash::Current
    } else {
        ReportedHash::Outdated
    }))
}

fn pending_worker_updates_with(
    shoot: &Shoot,
    worker_resource: Option<&WorkerResource>,
    sum: bool,
    digests: &Digests,
) -> Result<Option<PendingWorkerUpdates>, String> {
    let mut auto = Vec::new();
    let mut manual = Vec::new();
    for pool in shoot.spec.provider.workers.iter() {
        if !is_in_place(pool.strategy()) {
            continue;
        }
        if reported_in_place_hash(shoot, pool, worker_resource, sum, digests)?
            == Some(ReportedHash::Current)
        {
            continue;
        }
        match pool.strategy() {
            Some(AUTO_IN_PLACE_UPDATE) => auto.push(pool.name.clone()),
            Some(MANUAL_IN_PLACE_UPDATE) => manual.push(pool.name.clone()),
            _ => {}
        }
    }

    let existing = shoot.pending_worker_updates().cloned();
    if auto.is_empty() && manual.is_empty() {
        return Ok(existing);
    }
    let mut result = existing.unwrap_or_default();
    for name in auto {
        if !result.auto_in_place_update.contains(&name) {
            result.auto_in_place_update.push(name);
        }
    }
    for name in manual {
        if !result.manual_in_place_update.contains(&name) {
            result.manual_in_place_update.push(name);
        }
    }
    Ok(Some(result))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::api::{
        Cri, InPlaceUpdatesStatus, KubeletConfig, Machine, ReservedResources, ShootMachineImage,
        Volume, WorkerKubernetes,
    };

    fn worker_a() -> Worker {
        Worker {
            name: "worker-a".to_string(),
            machine: Machine {
                machine_type: "m5.large".to_string(),
                image: Some(ShootMachineImage {
                    name: "gardenlinux".to_string(),
                    version: Some("1877.3.0".to_string()),
                    ..Default::default()
                }),
                ..Default::default()
            },
            volume: Some(Volume {
                volume_type: Some("gp3".to_string()),
                size: "50Gi".to_string(),
                extra: Default::default(),
            }),
            ..Default::default()
        }
    }

    #[test]
    fn pool_updates_are_the_verdicts_of_roll_triggers_also_with_views_kept_between_calls() {
        let example = crate::examples::IN_PLACE_POOL;
        let previous: Shoot = serde_yaml::from_str(example.previous_shoot).unwrap();
        let current: Shoot = serde_yaml::from_str(example.shoot).unwrap();
        let mut rolled = current.clone();
        rolled.spec.kubernetes.version = "1.34.0".to_string();
        let mut broken = rolled.clone();
        broken.spec.kubernetes.version = "one".to_string();
        let rolling: Shoot = serde_yaml::from_str(crate::examples::DEFAULT.shoot).unwrap();
        let mut rolling_next = rolling.clone();
        rolling_next.spec.kubernetes.version = "1.32.0".to_string();
        let shoots = [rolling, rolling_next, previous, current, rolled, broken];
        // One view and one set of digests for all changes, as a timeline keeps them: each view's
        // pool sides are found in one change and reused in the next.
        let views: Vec<HashView> = shoots.iter().map(|s| HashView::new(s.clone())).collect();
        let digests = Digests::default();
        let changes = [
            (0, 1),
            (2, 3),
            (3, 4),
            (4, 3),
            (3, 3),
            (4, 5),
            (5, 4),
            (1, 0),
        ];
        let mut kinds = Vec::new();
        for (old, new) in changes {
            let expected = roll_triggers(Some(&shoots[old]), &shoots[new], &Default::default());
            let expected = expected
                .as_ref()
                .ok()
                .map(|triggers| kinds_of(&triggers.workers));
            let found = updates_by_name(&views[old], &views[new], &digests);
            assert_eq!(found, expected, "{old} -> {new}");
            kinds.extend(found.iter().flatten().map(|(_, kind)| *kind));
        }
        // The changes above roll, update in place and leave alone, and two cannot be evaluated.
        for kind in [UpdateKind::Rolling, UpdateKind::InPlace, UpdateKind::None] {
            assert!(kinds.contains(&kind), "{kind:?} in {kinds:?}");
        }
        assert_eq!(pool_updates(&views[4], &views[5], &digests), None);
    }

    #[test]
    fn pool_updates_of_pools_sharing_a_name_are_the_verdict_roll_triggers_keep() {
        // Of two pools named alike, one changes its machine type and one does not; a third pool
        // sorts before them. Both orders: the verdict kept is the later pool's.
        let other = Worker {
            name: "a-first".to_string(),
            ..worker_a()
        };
        let resized = |worker: Worker| Worker {
            machine: Machine {
                machine_type: "m5.xlarge".to_string(),
                ..worker.machine
            },
            ..worker
        };
        for changed_last in [false, true] {
            let mut old = shoot(worker_a());
            old.spec
                .provider
                .workers_mut()
                .extend([worker_a(), other.clone()].map(std::sync::Arc::new));
            let mut new = old.clone();
            let changed = usize::from(changed_last);
            new.spec.provider.workers_mut()[changed] = std::sync::Arc::new(resized(worker_a()));
            let expected = roll_triggers(Some(&old), &new, &Default::default()).unwrap();
            let digests = Digests::default();
            let (old_view, new_view) = (HashView::new(old), HashView::new(new));
            let found = updates_by_name(&old_view, &new_view, &digests).unwrap();
            assert_eq!(
                found,
                kinds_of(&expected.workers),
                "changed last: {changed_last}"
            );
            let kept = if changed_last {
                UpdateKind::Rolling
            } else {
                UpdateKind::None
            };
            assert_eq!(
                found,
                [
                    ("a-first".into(), UpdateKind::None),
                    ("worker-a".into(), kept)
                ],
                "changed last: {changed_last}"
            );
        }
    }

    #[test]
    fn successive_views_take_over_pool_sides_across_control_plane_updates() {
        // Node-local DNS with kube-proxy in IPVS mode (`enabled` unset, so true for a Shoot with
        // workers) is hashed from 1.34 on: a view, which keeps its pools apart, must still count
        // the Shoot as one with workers. The second pool has a version of its own.
        let text = crate::examples::DEFAULT.shoot.replacen(
            "  kubernetes:\n    version: 1.31.13\n",
            "  systemComponents:\n    nodeLocalDNS:\n      enabled: true\n  kubernetes:\n    version: 1.33.2\n    kubeProxy:\n      mode: IPVS\n",
            1,
        );
        let mut first: Shoot = serde_yaml::from_str(&text).unwrap();
        assert!(first.node_local_dns_enabled() && first.kube_proxy_ipvs());
        let own = (first.spec.provider.worker_mut(1).unwrap())
            .kubernetes
            .get_or_insert_with(Default::default);
        own.version = Some("1.33.1".to_string());
        let with_version = |version: &str| {
            let mut shoot = first.clone();
            shoot.spec.kubernetes.version = version.to_string();
            shoot
        };
        let mut annotated = with_version("1.34.1");
        annotated
            .metadata
            .annotations
            .insert("team".to_string(), "a".to_string());
        // A patch, a minor, an unparsable version and back, and a change outside the version.
        let shoots = [
            with_version("1.33.2"),
            with_version("1.33.5"),
            with_version("1.34.0"),
            with_version("one"),
            with_version("1.34.1"),
            annotated,
        ];
        let digests = Digests::default();
        let mut views = vec![HashView::new(shoots[0].clone())];
        for (index, shoot) in shoots.iter().enumerate().skip(1) {
            let before = &views[index - 1];
            let mut outside = shoot.clone();
            outside.spec.provider.workers = Default::default();
            let view = before.successor(outside, before.workers.iter().map(Arc::clone).collect());
            let expected = roll_triggers(Some(&shoots[index - 1]), shoot, &Default::default());
            let expected = expected
                .as_ref()
                .ok()
                .map(|triggers| kinds_of(&triggers.workers));
            // The sides found in the change before, taken over where the rest of the Shoot
            // differs in the version alone: not a side that failed, nor after another change.
            let taken_over = view.sides.0.iter().filter(|side| side.get().is_some());
            assert_eq!(taken_over.count(), [0, 0, 2, 2, 1, 0][index], "{index}");
            assert_eq!(
                updates_by_name(before, &view, &digests),
                expected,
                "to {index}"
            );
            views.push(view);
        }
        let on_version = |view: &HashView, index: usize| {
            let side = view.sides.0[index].get().unwrap().as_ref().unwrap();
            (side.data.major_minor.clone(), side.data.node_local_dns)
        };
        assert_eq!(on_version(&views[2], 0), ("1.34".into(), true));
        assert_eq!(on_version(&views[2], 1), ("1.33".into(), true));
        let broken = views[3].sides.0[0].get().unwrap();
        assert!(
            broken.as_ref().is_err_and(|e| e.contains("one")),
            "{broken:?}"
        );
    }

    #[test]
    fn a_pool_rolls_or_updates_in_place_exactly_when_the_hash_gardener_compares_changes() {
        // The verdict compares the hashed data, not the hashes: both must agree on every change.
        let kubelet = |policy: &str| KubeletConfig {
            cpu_manager_policy: Some(policy.to_string()),
            ..Default::default()
        };
        type Change = fn(&mut Shoot);
        let changes: [(&str, Change); 11] = [
            ("nothing", |_| {}),
            ("minor", |s| {
                s.spec.kubernetes.version = "1.34.0".to_string()
            }),
            ("patch", |s| {
                s.spec.kubernetes.version = "1.33.9".to_string()
            }),
            ("machine type", |s| {
                s.spec.provider.worker_mut(0).unwrap().machine.machine_type =
                    "m5.xlarge".to_string()
            }),
            ("image version", |s| {
                let image = s
                    .spec
                    .provider
                    .worker_mut(0)
                    .unwrap()
                    .machine
                    .image
                    .as_mut()
                    .unwrap();
                image.version = Some("1877.4.0".to_string());
            }),
            ("volume size", |s| {
                s.spec
                    .provider
                    .worker_mut(0)
                    .unwrap()
                    .volume
                    .as_mut()
                    .unwrap()
                    .size = "60Gi".to_string()
            }),
            ("CRI", |s| {
                s.spec.provider.worker_mut(0).unwrap().cri = Some(Cri {
                    name: "containerd".to_string(),
                    ..Default::default()
                })
            }),
            ("scaling", |s| {
                s.spec.provider.worker_mut(0).unwrap().maximum = 7
            }),
            ("zones", |s| {
                s.spec.provider.worker_mut(0).unwrap().zones = vec!["b".to_string()]
            }),
            ("kubelet", |s| {
                s.spec.kubernetes.kubelet = Some(KubeletConfig {
                    cpu_manager_policy: Some("static".to_string()),
                    ..Default::default()
                })
            }),
            ("provider config", |s| {
                s.spec.provider.worker_mut(0).unwrap().provider_config =
                    Some(serde_json::json!({"a": 1}))
            }),
        ];
        let mut seen = Vec::new();
        for in_place in [false, true] {
            let mut worker = worker_a();
            if in_place {
                worker.update_strategy = Some(AUTO_IN_PLACE_UPDATE.to_string());
            }
            let mut old = shoot(worker);
            old.spec.kubernetes.kubelet = Some(kubelet("none"));
            for (name, change) in changes {
                let mut new = old.clone();
                change(&mut new);
                let (before, after) =
                    (&old.spec.provider.workers[0], &new.spec.provider.workers[0]);
                let triggers = roll_triggers(Some(&old), &new, &Default::default()).unwrap();
                let update = triggers.workers["worker-a"].update;
                let expected = if in_place {
                    let changed =
                        in_place_hash(&old, before).unwrap() != in_place_hash(&new, after).unwrap();
                    if changed {
                        UpdateKind::InPlace
                    } else {
                        UpdateKind::None
                    }
                } else {
                    let changed = osc_key(&old, before).unwrap() != osc_key(&new, after).unwrap();
                    if changed {
                        UpdateKind::Rolling
                    } else {
                        UpdateKind::None
                    }
                };
                assert_eq!(update, expected, "{name}, in place: {in_place}");
                seen.push(update);
            }
        }
        for kind in [UpdateKind::Rolling, UpdateKind::InPlace, UpdateKind::None] {
            assert!(seen.contains(&kind), "{kind:?} in {seen:?}");
        }
    }

    /// [`pool_updates`] by name, as [`roll_triggers`] lists them.
    pub(crate) fn updates_by_name(
        old: &HashView,
        new: &HashView,
        digests: &Digests,
    ) -> Option<Vec<(String, UpdateKind)>> {
        let updates = pool_updates(old, new, digests)?;
        let by_name = by_name(new.workers());
        Some(
            (by_name.named(&updates))
                .map(|(name, kind)| (name.to_string(), kind))
                .collect(),
        )
    }

    pub(crate) fn kinds_of(triggers: &BTreeMap<String, PoolTrigger>) -> Vec<(String, UpdateKind)> {
        (triggers.iter())
            .map(|(pool, trigger)| (pool.clone(), trigger.update))
            .collect()
    }

    fn shoot(worker: Worker) -> Shoot {
        let mut shoot = Shoot::default();
        shoot.spec.kubernetes.version = "1.33.2".to_string();
        shoot
            .spec
            .provider
            .workers_mut()
            .push(std::sync::Arc::new(worker));
        with_hash_defaults(&shoot)
    }

    #[test]
    fn key_matches_the_worked_example() {
        let shoot = shoot(worker_a());
        assert_eq!(
            osc_key(&shoot, &shoot.spec.provider.workers[0]).unwrap(),
            "gardener-node-agent-worker-a-d1083593241feaf3"
        );
        let mut with_reserved = shoot.clone();
        with_reserved.spec.kubernetes.kubelet = Some(KubeletConfig {
            kube_reserved: Some(ReservedResources {
                cpu: Some("80m".to_string()),
                memory: Some("1Gi".to_string()),
                pid: Some("20k".to_string()),
                ephemeral_storage: None,
            }),
            ..Default::default()
        });
        assert_eq!(
            osc_key(&with_reserved, &with_reserved.spec.provider.workers[0]).unwrap(),
            "gardener-node-agent-worker-a-a9fad7e2e578ad91"
        );
    }

    #[test]
    fn in_place_pools_have_a_constant_key() {
        let mut worker = worker_a();
        worker.update_strategy = Some(AUTO_IN_PLACE_UPDATE.to_string());
        let shoot = shoot(worker);
        assert_eq!(
            osc_key(&shoot, &shoot.spec.provider.workers[0]).unwrap(),
            "gardener-node-agent-worker-a"
        );
    }

    #[test]
    fn machine_type_change_rolls_with_its_cause() {
        let old = shoot(worker_a());
        let mut changed = worker_a();
        changed.machine.machine_type = "m5.xlarge".to_string();
        let new = shoot(changed);
        let result = roll_triggers(Some(&old), &new, &RollTriggerOptions::default()).unwrap();
        let pool = &result.workers["worker-a"];
        assert_eq!(pool.update, UpdateKind::Rolling);
        assert_eq!(pool.causes, vec![".spec.provider.workers[].machine.type"]);
    }

    #[test]
    fn labels_and_minimum_do_not_roll() {
        let old = shoot(worker_a());
        let mut changed = worker_a();
        changed.minimum = 3;
        changed.maximum = 5;
        let new = shoot(changed);
        let result = roll_triggers(Some(&old), &new, &RollTriggerOptions::default()).unwrap();
        assert_eq!(result.workers["worker-a"].update, UpdateKind::None);
    }

    #[test]
    fn provider_config_change_is_provider_dependent() {
        let old = shoot(worker_a());
        let mut changed = worker_a();
        changed.provider_config = Some(serde_json::json!({"volume": {"iops": 3000}}));
        let new = shoot(changed);
        let result = roll_triggers(Some(&old), &new, &RollTriggerOptions::default()).unwrap();
        let pool = &result.workers["worker-a"];
        assert_eq!(pool.update, UpdateKind::None);
        assert!(pool.provider_dependent);
    }

    fn botanist_shoot() -> Shoot {
        serde_json::from_value(serde_json::json!({
            "spec": {
                "kubernetes": {"version": "1.32.0", "kubelet": {"cpuManagerPolicy": "static"}},
                "provider": {"workers": [
                    {"name": "pool-1", "updateStrategy": "AutoInPlaceUpdate",
                     "machine": {"image": {"name": "image-1", "version": "1592.0"}}},
                    {"name": "pool-2", "updateStrategy": "ManualInPlaceUpdate",
                     "kubernetes": {"version": "1.31.0", "kubelet": {"cpuManagerPolicy": "none"}},
                     "machine": {"image": {"name": "image-2", "version": "1593.0"}}}
                ]}
            }
        }))
        .unwrap()
    }

    fn worker_resource(hash_1: &str, hash_2: &str) -> WorkerResource {
        serde_json::from_value(serde_json::json!({
            "spec": {"pools": [{"name": "pool-1"}, {"name": "pool-2"}]},
            "status": {"inPlaceUpdates": {"workerPoolToHashMap": {"pool-1": hash_1, "pool-2": hash_2}}}
        }))
        .unwrap()
    }

    #[test]
    fn pools_with_matching_hashes_are_not_pending() {
        let shoot = botanist_shoot();
        let matching = worker_resource("c6cc5f56a36222bf", "8899f1cd0de77a6c");
        assert_eq!(
            pending_worker_updates(&shoot, Some(&matching)).unwrap(),
            None
        );

        let stale = worker_resource("c6cc5f56a36222bf", "hash-2");
        let pending = pending_worker_updates(&shoot, Some(&stale))
            .unwrap()
            .unwrap();
        assert!(pending.auto_in_place_update.is_empty());
        assert_eq!(pending.manual_in_place_update, vec!["pool-2"]);
    }

    #[test]
    fn pending_pools_are_appended_after_existing_ones() {
        let mut shoot = botanist_shoot();
        shoot.status.in_place_updates = Some(InPlaceUpdatesStatus {
            pending_worker_updates: Some(PendingWorkerUpdates {
                auto_in_place_update: vec!["pool-9".to_string(), "pool-1".to_string()],
                manual_in_place_update: Vec::new(),
            }),
        });
        let pending = pending_worker_updates(&shoot, None).unwrap().unwrap();
        assert_eq!(pending.auto_in_place_update, vec!["pool-9", "pool-1"]);
        assert_eq!(pending.manual_in_place_update, vec!["pool-2"]);
    }

    #[test]
    fn legacy_hash_ignores_kubelet_but_hashes_provider_config() {
        let old = shoot(worker_a());
        let mut new = old.clone();
        new.spec.kubernetes.kubelet = Some(KubeletConfig {
            cpu_manager_policy: Some("static".to_string()),
            ..Default::default()
        });
        let legacy = RollTriggerOptions {
            new_worker_pool_hash: Some(false),
            gardener_version: Some("v1.120.0".to_string()),
            worker_resource: None,
        };
        let result = roll_triggers(Some(&old), &new, &legacy).unwrap();
        assert_eq!(result.hash_version, 1);
        assert_eq!(result.workers["worker-a"].update, UpdateKind::None);

        let current = roll_triggers(Some(&old), &new, &RollTriggerOptions::default()).unwrap();
        assert_eq!(current.workers["worker-a"].update, UpdateKind::Rolling);
        assert_eq!(
            current.workers["worker-a"].causes,
            vec![".spec.kubernetes.kubelet.cpuManagerPolicy"]
        );
    }

    #[test]
    fn pool_kubelet_shields_the_pool_from_shoot_kubelet_changes() {
        let mut worker = worker_a();
        worker.kubernetes = Some(WorkerKubernetes {
            kubelet: Some(KubeletConfig::default()),
            ..Default::default()
        });
        let old = shoot(worker);
        let mut new = old.clone();
        new.spec.kubernetes.kubelet = Some(KubeletConfig {
            cpu_manager_policy: Some("static".to_string()),
            ..Default::default()
        });
        let result = roll_triggers(Some(&old), &new, &RollTriggerOptions::default()).unwrap();
        assert_eq!(result.workers["worker-a"].update, UpdateKind::None);
    }
}
