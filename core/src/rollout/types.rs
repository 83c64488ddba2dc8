//! The objects this area reads are the one model's (`crate::api`): the Shoot and the Seed's Worker.

pub use crate::api::{
    is_in_place, Cri, IntOrString, KubeletConfig, MachineControllerManagerSettings,
    PendingWorkerUpdates, ReservedResources, RotationStatus, Shoot, Worker, WorkerResource,
    WorkerSystemComponents, AUTO_IN_PLACE_UPDATE, AUTO_ROLLING_UPDATE, MANUAL_IN_PLACE_UPDATE,
};
