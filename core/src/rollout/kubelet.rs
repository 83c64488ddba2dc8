//! The kubelet settings that take part in the worker-pool hashes
//! (`CalculateDataStringForKubeletConfiguration`, `pkg/utils/gardener/shoot.go`) and the effective
//! kubelet configuration of a pool (`CalculateEffectiveKubeletConfiguration`).

use super::quantity::{Quantity, QuantityError};
use super::types::{KubeletConfig, ReservedResources, Shoot, Worker};

/// Which object the effective kubelet configuration of a pool comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KubeletSource {
    /// `spec.kubernetes.kubelet`.
    Shoot,
    /// `spec.provider.workers[].kubernetes.kubelet`.
    Worker,
}

/// `CalculateEffectiveKubeletConfiguration`: the pool's own kubelet object replaces the shoot's as a
/// whole whenever it is set (no merging).
pub fn effective_kubelet<'a>(
    shoot: &'a Shoot,
    worker: &'a Worker,
) -> (Option<&'a KubeletConfig>, KubeletSource) {
    match worker.kubelet() {
        Some(kubelet) => (Some(kubelet), KubeletSource::Worker),
        None => (shoot.spec.kubernetes.kubelet.as_ref(), KubeletSource::Shoot),
    }
}

/// The three hashed kubelet data strings, each present only when its setting is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KubeletData {
    /// `<cpu>-<memory>-<pid>-<ephemeralStorage>` of canonical quantities (`<nil>` when unset).
    pub reserved: Option<String>,
    /// `<imageFSAvailable>-<imageFSInodesFree>-<memoryAvailable>-<nodeFSAvailable>-<nodeFSInodesFree>`.
    pub eviction_hard: Option<String>,
    pub cpu_manager_policy: Option<String>,
}

impl KubeletData {
    /// The strings in hash order.
    pub fn elements(&self) -> Vec<String> {
        self.parts().map(str::to_string).collect()
    }

    /// [`KubeletData::elements`] borrowed.
    pub(crate) fn parts(&self) -> impl Iterator<Item = &str> {
        [
            &self.reserved,
            &self.eviction_hard,
            &self.cpu_manager_policy,
        ]
        .into_iter()
        .flatten()
        .map(String::as_str)
    }
}

/// `CalculateDataStringForKubeletConfiguration`. With `sum_system_reserved` (Gardener before v1.141)
/// the reservation element is the member-wise sum of `kubeReserved` and `systemReserved`.
pub fn kubelet_data(
    kubelet: Option<&KubeletConfig>,
    sum_system_reserved: bool,
) -> Result<KubeletData, QuantityError> {
    let Some(kubelet) = kubelet else {
        return Ok(KubeletData::default());
    };
    let reserved = if sum_system_reserved {
        sum_reservations(
            kubelet.kube_reserved.as_ref(),
            kubelet.system_reserved.as_ref(),
        )?
    } else {
        kubelet
            .kube_reserved
            .as_ref()
            .map(ParsedReserved::parse)
            .transpose()?
    };
    let eviction_hard = kubelet.eviction_hard.as_ref().map(|eviction| {
        [
            &eviction.image_fs_available,
            &eviction.image_fs_inodes_free,
            &eviction.memory_available,
            &eviction.node_fs_available,
            &eviction.node_fs_inodes_free,
        ]
        .iter()
        .map(|value| value.as_deref().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("-")
    });
    Ok(KubeletData {
        reserved: reserved.map(|r| r.data_string()),
        eviction_hard,
        cpu_manager_policy: kubelet.cpu_manager_policy.clone(),
    })
}

/// A `KubeletConfigReserved` with parsed quantities.
#[derive(Debug, Clone, Default)]
pub struct ParsedReserved {
    pub cpu: Option<Quantity>,
    pub memory: Option<Quantity>,
    pub pid: Option<Quantity>,
    pub ephemeral_storage: Option<Quantity>,
}

impl ParsedReserved {
    pub fn parse(reserved: &ReservedResources) -> Result<ParsedReserved, QuantityError> {
        let parse = |text: &Option<String>| text.as_deref().map(Quantity::parse).transpose();
        Ok(ParsedReserved {
            cpu: parse(&reserved.cpu)?,
            memory: parse(&reserved.memory)?,
            pid: parse(&reserved.pid)?,
            ephemeral_storage: parse(&reserved.ephemeral_storage)?,
        })
    }

    /// Go's `%s` of four `*resource.Quantity`: canonical text, `<nil>` when unset.
    pub fn data_string(&self) -> String {
        let show = |q: &Option<Quantity>| match q {
            Some(q) => q.canonical(),
            None => "<nil>".to_string(),
        };
        format!(
            "{}-{}-{}-{}",
            show(&self.cpu),
            show(&self.memory),
            show(&self.pid),
            show(&self.ephemeral_storage)
        )
    }
}

/// `SumResourceReservations` (removed in v1.141): a nil side yields the other; members likewise.
fn sum_reservations(
    left: Option<&ReservedResources>,
    right: Option<&ReservedResources>,
) -> Result<Option<ParsedReserved>, QuantityError> {
    let (left, right) = match (left, right) {
        (None, None) => return Ok(None),
        (Some(one), None) | (None, Some(one)) => return ParsedReserved::parse(one).map(Some),
        (Some(left), Some(right)) => (ParsedReserved::parse(left)?, ParsedReserved::parse(right)?),
    };
    let sum =
        |a: Option<Quantity>, b: Option<Quantity>| -> Result<Option<Quantity>, QuantityError> {
            match (a, b) {
                (Some(a), Some(b)) => a.add(&b).map(Some),
                (a, None) => Ok(a),
                (None, b) => Ok(b),
            }
        };
    Ok(Some(ParsedReserved {
        cpu: sum(left.cpu, right.cpu)?,
        memory: sum(left.memory, right.memory)?,
        pid: sum(left.pid, right.pid)?,
        ephemeral_storage: sum(left.ephemeral_storage, right.ephemeral_storage)?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reserved(cpu: &str, memory: Option<&str>) -> ReservedResources {
        ReservedResources {
            cpu: Some(cpu.to_string()),
            memory: memory.map(str::to_string),
            ..Default::default()
        }
    }

    #[test]
    fn reserved_string_uses_canonical_quantities_and_nil() {
        let kubelet = KubeletConfig {
            kube_reserved: Some(reserved("80m", Some("1024Mi"))),
            ..Default::default()
        };
        let data = kubelet_data(Some(&kubelet), false).unwrap();
        assert_eq!(data.reserved.as_deref(), Some("80m-1Gi-<nil>-<nil>"));
        assert_eq!(data.eviction_hard, None);
    }

    #[test]
    fn legacy_sum_rule_adds_system_reserved() {
        let kubelet = KubeletConfig {
            kube_reserved: Some(reserved("70m", Some("1Gi"))),
            system_reserved: Some(reserved("10m", None)),
            ..Default::default()
        };
        let data = kubelet_data(Some(&kubelet), true).unwrap();
        assert_eq!(data.reserved.as_deref(), Some("80m-1Gi-<nil>-<nil>"));
    }
}
