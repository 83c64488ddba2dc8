//! Worker-pool rollouts: which Shoot changes replace nodes, update them in place or leave them alone,
//! how many nodes go at a time, and the validation and defaulting of update strategies.
//!
//! * [`trigger`] – `Key` / `CalculateWorkerPoolHashForInPlaceUpdate` / `SetInPlaceUpdatePendingWorkers`
//!   (gardenlet), including the legacy `NewWorkerPoolHash` and `systemReserved` behaviour;
//! * [`strategy`] – `ValidateWorker` (update-strategy part), `ValidateProviderUpdate`,
//!   `ValidateInPlaceUpdates` and related rules of `pkg/api/core/validation/shoot.go`, plus
//!   `SetDefaults_Worker`;
//! * [`shape`] – maxSurge / maxUnavailable as the provider extensions distribute them over zones and
//!   machine-controller-manager resolves them, and the effective MCM settings;
//! * [`quantity`], [`hash`], [`kubelet`] – the exact renderings those hashes depend on.

pub mod changes;
pub mod hash;
pub mod kubelet;
pub mod quantity;
pub mod shape;
pub mod strategy;
pub mod trigger;
pub mod types;

pub use shape::{rollout_shape, RolloutShape};
pub use strategy::{
    defaulted_shoot, validate_update_strategy, validate_update_strategy_by_rule, FeatureGates,
    Operation, RuleError,
};
pub use trigger::{
    in_place_hash, osc_key, pending_worker_updates, roll_triggers, FieldChange, PoolTrigger,
    RollTriggerOptions, RollTriggers, UpdateKind,
};
pub use types::{Shoot, Worker, WorkerResource};
