//! What maintenance asks of the one model's objects (`crate::api`): the CloudProfile it reads, and
//! the `Shoot`, which it reads and writes. Missing fields take the values Gardener's API defaulting
//! would give them (see the `effective_*` accessors), so pasted objects need not be defaulted
//! first.

pub use crate::api::{
    AdmissionPlugin, AutoUpdate, Capabilities, CapabilityDefinition, CloudProfile,
    CloudProfileSpec, ComponentConfig, ContainerRuntime, Cri, Dns, Extra, InPlaceUpdates,
    KubernetesSettings, LastMaintenance, Machine, MachineImage, MachineImageVersion, MachineType,
    Maintenance, ObjectMeta, Provider, Shoot, ShootMachineImage, ShootSpec, ShootStatus, Worker,
    WorkerKubernetes, ARCHITECTURE_CAPABILITY, DEFAULT_ARCHITECTURE, DEFAULT_CRI,
    DEFAULT_UPDATE_STRATEGY,
};

// ---------------------------------------------------------------------------------------------
// Shoot
// ---------------------------------------------------------------------------------------------

impl Worker {
    /// The pool's architecture; Gardener's defaulting sets `amd64` when it is absent.
    pub fn architecture(&self) -> &str {
        self.machine
            .architecture
            .as_deref()
            .unwrap_or(DEFAULT_ARCHITECTURE)
    }
}

impl Shoot {
    /// `spec.maintenance.autoUpdate.kubernetesVersion` after API defaulting: true when the whole
    /// `autoUpdate` block is absent, false when the block exists but omits the field.
    pub fn auto_update_kubernetes_version(&self) -> bool {
        match self.auto_update() {
            None => true,
            Some(auto_update) => auto_update.kubernetes_version.unwrap_or(false),
        }
    }

    /// `spec.maintenance.autoUpdate.machineImageVersion` after API defaulting (true when absent).
    pub fn auto_update_machine_image_version(&self) -> bool {
        self.auto_update()
            .and_then(|auto_update| auto_update.machine_image_version)
            .unwrap_or(true)
    }

    /// A shoot without worker pools (`IsWorkerless`).
    pub fn is_workerless(&self) -> bool {
        self.spec.provider.workers.is_empty()
    }

    fn auto_update(&self) -> Option<&AutoUpdate> {
        self.spec.maintenance.as_ref()?.auto_update.as_ref()
    }
}

pub(crate) use crate::version::parse_masterminds as parse_version;
