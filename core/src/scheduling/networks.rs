//! Whether a Shoot's networks fit a Seed, as the scheduler's candidate step checks them
//! (`pkg/scheduler/controller/shoot/reconciler.go`: `networksAreDisjointed`, with the rules of
//! `pkg/utils/validation/cidr`: `ValidateNetworkDisjointedness`, `ValidateMultiNetworkDisjointedness`,
//! `NetworksIntersect`).
//!
//! An IPv4 Shoot network may overlap the Seed's networks (the VPN maps them); every Shoot network
//! must stay clear of the ranges Gardener reserves. Only IPv6 networks must be disjoint from the
//! Seed's. Go's `net` package decides what a CIDR is and what it contains, and its quirks are kept:
//! a CIDR that does not parse counts as intersecting everything.

use super::types::{Seed, Shoot};
use crate::golang::Cidr;
use serde_json::Value;

/// Why the Seed cannot host the Shoot's networks: `invalid networks: [...]`, Go's `%s` of the error
/// bodies. `Ok` when the networks fit.
pub fn check_disjoint(shoot: &Shoot, seed: &Seed) -> Result<(), String> {
    let problems = disjointedness_problems(shoot, seed);
    if problems.is_empty() {
        return Ok(());
    }
    Err(format!("invalid networks: [{}]", problems.join(" ")))
}

/// The Shoot networks from the spec (or the Seed's defaults for the Shoot's IP families), then
/// those the Shoot's status records, each against the Seed's networks and the reserved ranges.
fn disjointedness_problems(shoot: &Shoot, seed: &Seed) -> Vec<String> {
    let networking = shoot.spec.networking.as_ref();
    let spec_network = |name: &str| {
        networking
            .and_then(|n| n.get(name))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let families = crate::api::ip_families(networking);
    let workerless = shoot.is_workerless();
    let seed_networks = &seed.spec.networks;
    let fitting_default = |default: Option<&String>| {
        let default = default?;
        let cidr = Cidr::parse(default);
        let fits = |family: &str| families.contains(&family);
        let usable = cidr.as_ref().is_some_and(|c| {
            (!c.is_ipv4() && fits(IPV6_FAMILY)) || (c.is_ipv4() && fits(IPV4_FAMILY))
        });
        usable.then(|| default.clone())
    };
    let defaults = seed_networks.shoot_defaults.as_ref();
    let mut pods = spec_network("pods");
    let mut services = spec_network("services");
    if let Some(defaults) = defaults {
        if pods.is_none() && !workerless {
            pods = fitting_default(defaults.pods.as_ref());
        }
        if services.is_none() {
            services = fitting_default(defaults.services.as_ref());
        }
    }
    let seed = SeedRanges {
        nodes: seed_networks.nodes.as_deref(),
        pods: &seed_networks.pods,
        services: &seed_networks.services,
    };
    let mut problems = Vec::new();
    let single = |network: Option<String>| network.into_iter().collect::<Vec<_>>();
    seed.check(&single(spec_network("nodes")), "node", false, &mut problems);
    seed.check(&single(services), "service", false, &mut problems);
    seed.check(&single(pods), "pod", false, &mut problems);
    if let Some(status) = shoot.status.networking.as_ref().filter(|s| !s.is_null()) {
        let recorded = |name: &str| -> Vec<String> {
            (status
                .get(name)
                .and_then(|list| crate::decode::from_value(list).ok()))
            .unwrap_or_default()
        };
        seed.check(&recorded("nodes"), "node", false, &mut problems);
        seed.check(&recorded("services"), "service", true, &mut problems);
        seed.check(&recorded("pods"), "pod", !workerless, &mut problems);
    }
    problems
}

const IPV4_FAMILY: &str = "IPv4";
const IPV6_FAMILY: &str = "IPv6";

/// The ranges Gardener keeps for itself, in the order it checks them, with their names in its
/// messages.
const RESERVED_RANGES: [(&str, &str); 6] = [
    ("fd8f:6d53:b97a:1::/96", "default vpn network"),
    ("240.0.0.0/8", "reserved kube-apiserver mapping range"),
    ("241.0.0.0/8", "reserved seed pod network mapping range"),
    ("242.0.0.0/8", "reserved shoot node network mapping range"),
    (
        "243.0.0.0/8",
        "reserved shoot service network mapping range",
    ),
    ("244.0.0.0/8", "reserved shoot pod network mapping range"),
];

/// The Seed's networks (`spec.networks`).
struct SeedRanges<'a> {
    nodes: Option<&'a str>,
    pods: &'a str,
    services: &'a str,
}

impl SeedRanges<'_> {
    /// `validateOverlapWithSeed`, in the scheduler's words: each finding of [`overlap_with_seed`]
    /// as Go's `field.Error` prints it without its field.
    fn check(&self, networks: &[String], kind: &str, required: bool, problems: &mut Vec<String>) {
        for finding in self.findings(networks, kind, required) {
            problems.push(match finding.network {
                Some(network) => format!(
                    "Invalid value: {}: {}",
                    crate::golang::quote(&network),
                    finding.detail
                ),
                None => format!("Required value: {}", finding.detail),
            });
        }
    }

    /// `validateOverlapWithSeed`: each Shoot network of one kind (`node`, `service`, `pod`), and
    /// the kind's absence where it is `required`.
    fn findings(&self, networks: &[String], kind: &str, required: bool) -> Vec<OverlapFinding> {
        let mut findings = Vec::new();
        let mut invalid = |network: &str, detail: String| {
            findings.push(OverlapFinding {
                network: Some(network.to_string()),
                detail,
            })
        };
        for network in networks {
            if Cidr::parse(network).is_some_and(|cidr| !cidr.is_ipv4()) {
                let seed_ranges = [
                    (Some(self.services), "service"),
                    (Some(self.pods), "pod"),
                    (self.nodes, "node"),
                ];
                for (range, name) in seed_ranges {
                    if range.is_some_and(|range| networks_intersect(range, network)) {
                        invalid(
                            network,
                            format!("shoot {kind} network intersects with seed {name} network"),
                        );
                    }
                }
            }
            for (range, name) in RESERVED_RANGES {
                if networks_intersect(range, network) {
                    invalid(
                        network,
                        format!("{kind} network intersects with {name} ({range})"),
                    );
                }
            }
        }
        if networks.is_empty() && required {
            findings.push(OverlapFinding {
                network: None,
                detail: format!("{kind}s is required"),
            });
        }
        findings
    }
}

/// One error of `validateOverlapWithSeed` (`pkg/utils/validation/cidr/disjoint.go`): `Invalid`
/// for `network`, or `Required` when `network` is `None`, with Gardener's detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverlapFinding {
    pub network: Option<String>,
    pub detail: String,
}

/// `validateOverlapWithSeed` of `pkg/utils/validation/cidr`, as `ValidateNetworkDisjointedness`
/// and `ValidateMultiNetworkDisjointedness` call it for one kind of network (`node`, `service`,
/// `pod`): the Shoot's `networks` of that kind against the Seed's `spec.networks` and Gardener's
/// reserved ranges, and their absence where `required`.
pub fn overlap_with_seed(
    seed: &Seed,
    networks: &[String],
    kind: &str,
    required: bool,
) -> Vec<OverlapFinding> {
    let seed_networks = &seed.spec.networks;
    SeedRanges {
        nodes: seed_networks.nodes.as_deref(),
        pods: &seed_networks.pods,
        services: &seed_networks.services,
    }
    .findings(networks, kind, required)
}

/// `NetworksIntersect`: one network contains the other's first address. A CIDR that does not
/// parse counts as intersecting, because Go's overlap check skips it and so reports no error.
pub fn networks_intersect(first: &str, second: &str) -> bool {
    match (Cidr::parse(first), Cidr::parse(second)) {
        (Some(a), Some(b)) => a.contains(&b.network()) || b.contains(&a.network()),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shoot(spec: serde_json::Value, status: serde_json::Value) -> Shoot {
        crate::decode::from_value(&serde_json::json!({"spec": spec, "status": status})).unwrap()
    }

    fn seed(networks: serde_json::Value) -> Seed {
        crate::decode::from_value(&serde_json::json!({"spec": {"networks": networks}})).unwrap()
    }

    fn base_seed() -> Seed {
        seed(serde_json::json!({
            "nodes": "10.10.0.0/16", "pods": "10.20.0.0/16", "services": "10.30.0.0/16"
        }))
    }

    #[test]
    fn parses_like_go() {
        let net = Cidr::parse("10.1.2.3/8").unwrap();
        assert_eq!(net.network()[12..], [10, 0, 0, 0]);
        assert!(net.ipv4 && net.bits == 8 && !net.is_canonical());
        assert_eq!(Cidr::parse("10.0.0.0/08").unwrap().bits, 8);
        assert_eq!(
            Cidr::parse("2001:db8:ffff::/33").unwrap().network()[4],
            0x80
        );
        for bad in [
            "10.0.0.0",
            "10.0.0.0/33",
            "10.0.0.0/",
            "10.0.0.0/8x",
            "010.0.0.0/8",
            "fe80::1%eth0/64",
            "::/129",
            "10.0.0.0/-1",
        ] {
            assert_eq!(Cidr::parse(bad), None, "{bad}");
        }
        assert!(Cidr::parse("10.0.0.0/8").unwrap().is_ipv4());
        assert!(!Cidr::parse("fd00::/8").unwrap().is_ipv4());
        // An IPv4-mapped address keeps its IPv4 form, as Go's `To4` gives it one.
        assert!(Cidr::parse("::ffff:10.0.0.0/104").unwrap().is_ipv4());
    }

    #[test]
    fn intersection_follows_go() {
        assert!(networks_intersect("10.0.0.0/8", "10.1.0.0/16"));
        assert!(networks_intersect("10.1.0.0/16", "10.0.0.0/8"));
        assert!(!networks_intersect("10.0.0.0/16", "10.1.0.0/16"));
        assert!(!networks_intersect("240.0.0.0/8", "fd00::/8"));
        assert!(networks_intersect("::ffff:10.0.0.0/104", "10.2.0.0/16"));
        // Unparsable on either side: Go's overlap check reports nothing, so they "intersect".
        assert!(networks_intersect("240.0.0.0/8", "not-a-cidr"));
        assert!(networks_intersect("garbage", "10.0.0.0/8"));
    }

    #[test]
    fn ipv4_shoot_may_overlap_the_seed() {
        let shoot = shoot(
            serde_json::json!({"networking": {
                "nodes": "10.10.0.0/16", "pods": "10.20.0.0/16", "services": "10.30.0.0/16"
            }, "provider": {"workers": [{"name": "a"}]}}),
            serde_json::json!({}),
        );
        assert_eq!(check_disjoint(&shoot, &base_seed()), Ok(()));
    }

    #[test]
    fn reserved_ranges_are_refused_in_go_order() {
        let shoot = shoot(
            serde_json::json!({"networking": {"nodes": "240.1.0.0/16", "pods": "244.0.0.0/7"},
                "provider": {"workers": [{"name": "a"}]}}),
            serde_json::json!({}),
        );
        assert_eq!(
            check_disjoint(&shoot, &base_seed()),
            Err("invalid networks: [Invalid value: \"240.1.0.0/16\": node network intersects with reserved kube-apiserver mapping range (240.0.0.0/8) \
Invalid value: \"244.0.0.0/7\": pod network intersects with reserved shoot pod network mapping range (244.0.0.0/8)]"
                .to_string())
        );
    }

    #[test]
    fn ipv6_networks_must_be_disjoint_from_the_seed() {
        let seed = seed(serde_json::json!({
            "pods": "fd00:10::/64", "services": "fd00:20::/64"
        }));
        let shoot = shoot(
            serde_json::json!({"networking": {"pods": "fd00:10::/56", "ipFamilies": ["IPv6"]},
                "provider": {"workers": [{"name": "a"}]}}),
            serde_json::json!({}),
        );
        assert_eq!(
            check_disjoint(&shoot, &seed),
            Err("invalid networks: [Invalid value: \"fd00:10::/56\": shoot pod network intersects with seed pod network]".to_string())
        );
    }

    #[test]
    fn seed_defaults_apply_only_for_a_matching_family() {
        let seed = seed(serde_json::json!({
            "pods": "fd00:10::/64", "services": "fd00:20::/64",
            "shootDefaults": {"pods": "fd00:10::/64", "services": "243.0.0.0/16"}
        }));
        let workers = serde_json::json!({"workers": [{"name": "a"}]});
        let ipv4 = shoot(
            serde_json::json!({"networking": {}, "provider": workers}),
            serde_json::json!({}),
        );
        // The IPv6 pod default does not apply to an IPv4 Shoot; the IPv4 service default does.
        assert_eq!(
            check_disjoint(&ipv4, &seed),
            Err("invalid networks: [Invalid value: \"243.0.0.0/16\": service network intersects with reserved shoot service network mapping range (243.0.0.0/8)]".to_string())
        );
        let ipv6 = shoot(
            serde_json::json!({"networking": {"ipFamilies": ["IPv6"]}, "provider": workers}),
            serde_json::json!({}),
        );
        assert_eq!(
            check_disjoint(&ipv6, &seed),
            Err("invalid networks: [Invalid value: \"fd00:10::/64\": shoot pod network intersects with seed pod network]".to_string())
        );
    }

    /// The Shoot's own networks checked against a Seed, as `ValidateNetworkDisjointedness` does.
    fn problems(nodes: &str, pods: &str, services: &str, seed: [&str; 3]) -> Vec<String> {
        let shoot = shoot(
            serde_json::json!({"networking": {"nodes": nodes, "pods": pods, "services": services},
                "provider": {"workers": [{"name": "a"}]}}),
            serde_json::json!({}),
        );
        let [seed_nodes, seed_pods, seed_services] = seed;
        let seed = self::seed(serde_json::json!({
            "nodes": seed_nodes, "pods": seed_pods, "services": seed_services
        }));
        disjointedness_problems(&shoot, &seed)
    }

    // The cases of Gardener's `pkg/utils/validation/cidr/disjoint_test.go`.
    const SEED_IPV4: [&str; 3] = ["10.240.0.0/16", "10.241.128.0/17", "10.241.0.0/17"];
    const SEED_IPV6: [&str; 3] = [
        "2001:0db8:85a3::/112",
        "2001:0db8:65a3::/113",
        "2001:0db8:75a3::/113",
    ];

    #[test]
    fn each_reserved_range_is_named() {
        assert_eq!(
            problems("243.243.0.0/16", "241.100.0.0/16", "242.242.0.0/17", SEED_IPV4),
            [
                "Invalid value: \"243.243.0.0/16\": node network intersects with reserved shoot service network mapping range (243.0.0.0/8)",
                "Invalid value: \"242.242.0.0/17\": service network intersects with reserved shoot node network mapping range (242.0.0.0/8)",
                "Invalid value: \"241.100.0.0/16\": pod network intersects with reserved seed pod network mapping range (241.0.0.0/8)",
            ]
        );
        // IPv4 Shoot networks may equal the Seed's.
        let [nodes, pods, services] = SEED_IPV4;
        assert!(problems(nodes, pods, services, SEED_IPV4).is_empty());
    }

    #[test]
    fn ipv6_networks_equal_to_the_seeds_each_fail_once() {
        let [nodes, pods, services] = SEED_IPV6;
        assert_eq!(
            problems(nodes, pods, services, SEED_IPV6),
            [
                "Invalid value: \"2001:0db8:85a3::/112\": shoot node network intersects with seed node network",
                "Invalid value: \"2001:0db8:75a3::/113\": shoot service network intersects with seed service network",
                "Invalid value: \"2001:0db8:65a3::/113\": shoot pod network intersects with seed pod network",
            ]
        );
        // Pods and services on the Seed's node network.
        assert_eq!(
            problems(
                "2001:0db8:55a3::/112",
                SEED_IPV6[0],
                SEED_IPV6[0],
                SEED_IPV6
            )
            .len(),
            2
        );
        assert!(problems(
            "2001:0db8:55a3::/112",
            "2001:0db8:35a3::/113",
            "2001:0db8:45a3::/113",
            SEED_IPV6
        )
        .is_empty());
    }

    #[test]
    fn recorded_networks_need_services_and_pods() {
        let workers = serde_json::json!({"workers": [{"name": "a"}]});
        let shoot_with =
            |status: serde_json::Value| shoot(serde_json::json!({"provider": workers}), status);
        assert_eq!(
            check_disjoint(&shoot_with(serde_json::json!({"networking": {"nodes": ["10.0.0.0/16"]}})), &base_seed()),
            Err("invalid networks: [Required value: services is required Required value: pods is required]".to_string())
        );
        let recorded = serde_json::json!({"networking": {
            "pods": ["100.64.0.0/12"], "services": ["100.112.0.0/13"]
        }});
        assert_eq!(check_disjoint(&shoot_with(recorded), &base_seed()), Ok(()));
        // A workerless Shoot has no pod network to record.
        let workerless = shoot(
            serde_json::json!({}),
            serde_json::json!({"networking": {"services": ["100.112.0.0/13"]}}),
        );
        assert_eq!(check_disjoint(&workerless, &base_seed()), Ok(()));
    }
}
