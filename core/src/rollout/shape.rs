//! How a pool's update proceeds: maxSurge / maxUnavailable after Gardener's defaults, distributed over
//! the pool's zones by the provider extension (`DistributePositiveIntOrPercent`,
//! `extensions/pkg/controller/worker/machines.go`) and resolved by machine-controller-manager per
//! MachineDeployment like a Kubernetes Deployment (`ResolveFenceposts`: surge rounds up, unavailable
//! rounds down, both zero → one unavailable), plus the machine-controller-manager settings in effect.

use super::types::{IntOrString, Worker, MANUAL_IN_PLACE_UPDATE};
use crate::decode::FromValue;
use crate::defaults::default_worker;
use serde::{Deserialize, Serialize};

/// The rollout shape of one pool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RolloutShape {
    pub update_strategy: String,
    /// Effective values after v1beta1 defaulting (`None` for `ManualInPlaceUpdate`).
    pub max_surge: Option<IntOrString>,
    pub max_unavailable: Option<IntOrString>,
    /// One MachineDeployment per zone.
    pub zones: Vec<ZoneRollout>,
    /// Summed over the zones, with every zone at its minimum / maximum size.
    pub at_minimum: NodesAtATime,
    pub at_maximum: NodesAtATime,
    /// The per-zone values differ between zones (integers are spread over the zones, percentages are
    /// weighted for unevenly sized zones).
    pub depends_on_zones: bool,
    /// Plain-language remarks.
    pub notes: Vec<String>,
    pub machine_controller_manager: EffectiveMcmSettings,
}

/// One zone's MachineDeployment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ZoneRollout {
    /// Zone name (empty when the pool lists no zones).
    pub zone: String,
    pub minimum: i64,
    pub maximum: i64,
    pub max_surge: Option<IntOrString>,
    pub max_unavailable: Option<IntOrString>,
    pub at_minimum: NodesAtATime,
    pub at_maximum: NodesAtATime,
}

/// What machine-controller-manager does for a given number of replicas.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct NodesAtATime {
    pub replicas: i64,
    /// Extra machines created at once.
    pub surge: i64,
    /// Machines that may be unavailable (drained) at once.
    pub unavailable: i64,
}

/// Where an effective setting comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum SettingSource {
    /// `spec.provider.workers[].machineControllerManager`.
    Shoot,
    /// A Gardener default (v1beta1 defaulting or the flags Gardener starts MCM with).
    Gardener,
    /// `cloudProfile.spec.machineTypes[].machineControllerManager`.
    CloudProfile,
    /// machine-controller-manager's built-in default (external repository, not pinned).
    MachineControllerManager,
    /// Not set anywhere (the feature is off).
    Unset,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Setting<T> {
    pub value: Option<T>,
    pub source: SettingSource,
}

/// `ReadMachineConfiguration` values and the defaults MCM falls back to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct EffectiveMcmSettings {
    pub machine_drain_timeout: Setting<String>,
    pub machine_health_timeout: Setting<String>,
    pub machine_creation_timeout: Setting<String>,
    pub max_evict_retries: Setting<i64>,
    pub node_conditions: Setting<Vec<String>>,
    pub in_place_update_timeout: Setting<String>,
    pub disable_health_timeout: Setting<bool>,
}

/// The rollout shape of `worker` (defaults applied first). `machine_type_creation_timeout` is the
/// CloudProfile's `machineTypes[].machineControllerManager.machineCreationTimeout` of the pool's
/// machine type, if any.
pub fn rollout_shape(worker: &Worker, machine_type_creation_timeout: Option<&str>) -> RolloutShape {
    let mut worker = worker.clone();
    default_worker(&mut worker);
    let strategy = worker.update_strategy.clone().unwrap_or_default();
    let zone_names: Vec<String> = if worker.zones.is_empty() {
        vec![String::new()]
    } else {
        worker.zones.clone()
    };
    let zone_count = zone_names.len() as i64;
    let minimum = i64::from(worker.minimum);
    let maximum = i64::from(worker.maximum);

    let mut zones = Vec::new();
    for (index, zone) in zone_names.iter().enumerate() {
        let index = index as i64;
        let max_surge = worker
            .max_surge
            .as_ref()
            .map(|v| distribute(index, v, zone_count, maximum));
        let max_unavailable = worker
            .max_unavailable
            .as_ref()
            .map(|v| distribute(index, v, zone_count, maximum));
        let zone_minimum = distribute_over_zones(index, minimum, zone_count);
        let zone_maximum = distribute_over_zones(index, maximum, zone_count);
        zones.push(ZoneRollout {
            zone: zone.clone(),
            minimum: zone_minimum,
            maximum: zone_maximum,
            at_minimum: resolve_fenceposts(
                max_surge.as_ref(),
                max_unavailable.as_ref(),
                zone_minimum,
            ),
            at_maximum: resolve_fenceposts(
                max_surge.as_ref(),
                max_unavailable.as_ref(),
                zone_maximum,
            ),
            max_surge,
            max_unavailable,
        });
    }
    let sum = |pick: fn(&ZoneRollout) -> NodesAtATime| {
        zones
            .iter()
            .map(pick)
            .fold(NodesAtATime::default(), |a, b| NodesAtATime {
                replicas: a.replicas + b.replicas,
                surge: a.surge + b.surge,
                unavailable: a.unavailable + b.unavailable,
            })
    };
    let at_minimum = sum(|z| z.at_minimum);
    let at_maximum = sum(|z| z.at_maximum);
    let depends_on_zones = zones.windows(2).any(|pair| {
        pair[0].max_surge != pair[1].max_surge || pair[0].max_unavailable != pair[1].max_unavailable
    });

    let mut notes = Vec::new();
    if strategy == MANUAL_IN_PLACE_UPDATE {
        notes.push(
            "ManualInPlaceUpdate: nodes are updated in place only once they are selected for the update (label node.machine.sapcloud.io/selected-for-update=true)".to_string(),
        );
    }
    if depends_on_zones {
        notes.push(format!(
            "maxSurge/maxUnavailable are spread over {zone_count} zones (one MachineDeployment each); integers go to the first zones, percentages are weighted for unevenly sized zones"
        ));
    }
    notes.push(
        "each zone's MachineDeployment resolves percentages against its current replicas (maxSurge rounded up, maxUnavailable rounded down; if both are 0, one machine may be unavailable)".to_string(),
    );

    RolloutShape {
        update_strategy: strategy,
        max_surge: worker.max_surge.clone(),
        max_unavailable: worker.max_unavailable.clone(),
        zones,
        at_minimum,
        at_maximum,
        depends_on_zones,
        notes,
        machine_controller_manager: effective_mcm_settings(&worker, machine_type_creation_timeout),
    }
}

/// The MCM settings a pool's MachineDeployments run with.
pub fn effective_mcm_settings(
    worker: &Worker,
    machine_type_creation_timeout: Option<&str>,
) -> EffectiveMcmSettings {
    let settings = worker
        .machine_controller_manager
        .clone()
        .unwrap_or_default();
    let text = |shoot: Option<String>, fallback: &str, source: SettingSource| match shoot {
        Some(value) => Setting {
            value: Some(value),
            source: SettingSource::Shoot,
        },
        None => Setting {
            value: Some(fallback.to_string()),
            source,
        },
    };
    EffectiveMcmSettings {
        machine_drain_timeout: text(
            settings.machine_drain_timeout,
            "2h",
            SettingSource::Gardener,
        ),
        machine_health_timeout: text(
            settings.machine_health_timeout,
            "10m",
            SettingSource::Gardener,
        ),
        machine_creation_timeout: match (
            settings.machine_creation_timeout,
            machine_type_creation_timeout,
        ) {
            (Some(value), _) => Setting {
                value: Some(value),
                source: SettingSource::Shoot,
            },
            (None, Some(value)) => Setting {
                value: Some(value.to_string()),
                source: SettingSource::CloudProfile,
            },
            (None, None) => Setting {
                value: Some("20m".to_string()),
                source: SettingSource::Gardener,
            },
        },
        max_evict_retries: match settings.max_evict_retries {
            Some(value) => Setting {
                value: Some(value),
                source: SettingSource::Shoot,
            },
            None => Setting {
                value: Some(3),
                source: SettingSource::MachineControllerManager,
            },
        },
        node_conditions: match settings.node_conditions.filter(|c| !c.is_empty()) {
            Some(value) => Setting {
                value: Some(value),
                source: SettingSource::Shoot,
            },
            None => Setting {
                value: Some(
                    [
                        "KernelDeadlock",
                        "ReadonlyFilesystem",
                        "DiskPressure",
                        "NetworkUnavailable",
                    ]
                    .map(str::to_string)
                    .to_vec(),
                ),
                source: SettingSource::MachineControllerManager,
            },
        },
        in_place_update_timeout: text(
            settings.in_place_update_timeout,
            "20m",
            SettingSource::MachineControllerManager,
        ),
        // For in-place pools SetDefaults_Worker has already written `true` into the Shoot.
        disable_health_timeout: match settings.disable_health_timeout {
            Some(value) => Setting {
                value: Some(value),
                source: SettingSource::Shoot,
            },
            None => Setting {
                value: Some(false),
                source: SettingSource::Unset,
            },
        },
    }
}

/// `DistributeOverZones`: integer division, the remainder going to the first zones.
pub fn distribute_over_zones(zone_index: i64, size: i64, zone_count: i64) -> i64 {
    if zone_count <= 0 {
        return size;
    }
    size / zone_count + i64::from(zone_index < size % zone_count)
}

/// `DistributePositiveIntOrPercent`.
fn distribute(zone_index: i64, value: &IntOrString, zone_count: i64, total: i64) -> IntOrString {
    match value {
        IntOrString::Int(number) => {
            IntOrString::Int(distribute_over_zones(zone_index, *number, zone_count))
        }
        IntOrString::String(text) => {
            IntOrString::String(distribute_percent(zone_index, text, zone_count, total))
        }
    }
}

/// `DistributePercentOverZones`: percentages are weighted by the zone's share when the maximum does
/// not divide evenly, rounded up.
fn distribute_percent(zone_index: i64, text: &str, zone_count: i64, total: i64) -> String {
    let Some(percent) = text.strip_suffix('%').and_then(|p| p.parse::<i64>().ok()) else {
        // Gardener panics here; validation rejects such values earlier.
        return text.to_string();
    };
    if zone_count <= 0 || total % zone_count == 0 {
        return format!("{percent}%");
    }
    let zone_total = distribute_over_zones(zone_index, total, zone_count) as f64;
    let ratio = 100.0 / (total as f64 / zone_count as f64) * zone_total;
    format!("{}%", (ratio * percent as f64 / 100.0).ceil() as i64)
}

/// `ResolveFenceposts` for `replicas` machines.
pub fn resolve_fenceposts(
    max_surge: Option<&IntOrString>,
    max_unavailable: Option<&IntOrString>,
    replicas: i64,
) -> NodesAtATime {
    let surge = max_surge.map_or(0, |v| scaled_value(v, replicas, true));
    let mut unavailable = max_unavailable.map_or(0, |v| scaled_value(v, replicas, false));
    if surge == 0 && unavailable == 0 {
        unavailable = 1;
    }
    NodesAtATime {
        replicas,
        surge,
        unavailable,
    }
}

/// `intstr.GetScaledValueFromIntOrPercent` (invalid strings count as 0).
fn scaled_value(value: &IntOrString, total: i64, round_up: bool) -> i64 {
    match value {
        IntOrString::Int(number) => *number,
        IntOrString::String(text) => {
            match text.strip_suffix('%').and_then(|p| p.parse::<i64>().ok()) {
                Some(percent) => {
                    let product = percent * total;
                    if round_up {
                        (product + 99).div_euclid(100)
                    } else {
                        product.div_euclid(100)
                    }
                }
                None => 0,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_roll_one_node_at_a_time_per_first_zone() {
        let worker = Worker {
            name: "w".to_string(),
            minimum: 3,
            maximum: 6,
            zones: vec!["a".into(), "b".into(), "c".into()],
            ..Default::default()
        };
        let shape = rollout_shape(&worker, None);
        assert_eq!(shape.zones[0].max_surge, Some(IntOrString::Int(1)));
        assert_eq!(shape.zones[1].max_surge, Some(IntOrString::Int(0)));
        // zones b and c resolve 0/0 and fall back to one unavailable machine.
        assert_eq!(shape.zones[1].at_minimum.unavailable, 1);
        assert_eq!(shape.at_minimum.surge, 1);
        assert!(shape.depends_on_zones);
        assert_eq!(
            shape
                .machine_controller_manager
                .machine_creation_timeout
                .value
                .as_deref(),
            Some("20m")
        );
    }

    #[test]
    fn percentages_round_like_deployments() {
        let surge = IntOrString::String("25%".into());
        let unavailable = IntOrString::String("25%".into());
        let nodes = resolve_fenceposts(Some(&surge), Some(&unavailable), 5);
        assert_eq!((nodes.surge, nodes.unavailable), (2, 1));
        assert_eq!(distribute_percent(0, "50%", 2, 5), "60%");
        assert_eq!(distribute_percent(1, "50%", 2, 5), "40%");
    }
}
