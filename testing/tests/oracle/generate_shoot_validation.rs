//! Inputs for the `shoot-validation` area: the API server's whole validation of a Shoot (the
//! registry strategy's `Validate` and `ValidateUpdate`). A documented AWS Shoot is the base; each
//! input sets a few of its fields to values drawn from a table of valid and invalid ones (every
//! family of `ValidateShoot` and `ValidateShootUpdate` has entries), for the new Shoot and, on an
//! update, for the old one, which mostly starts as the new one's base with fewer changes.

use super::generate::{instant, rfc3339};
use super::Request;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn base_shoot() -> Value {
    json!({
        "apiVersion": "core.gardener.cloud/v1beta1",
        "kind": "Shoot",
        "metadata": { "name": "johndoe-aws", "namespace": "garden-dev", "resourceVersion": "48151623" },
        "spec": {
            "cloudProfile": { "kind": "CloudProfile", "name": "aws" },
            "region": "eu-central-1",
            "credentialsBindingName": "core-aws",
            "provider": {
                "type": "aws",
                "infrastructureConfig": {
                    "apiVersion": "aws.provider.extensions.gardener.cloud/v1alpha1",
                    "kind": "InfrastructureConfig",
                    "networks": { "vpc": { "cidr": "10.250.0.0/16" } }
                },
                "workers": [{
                    "name": "worker-xoluy",
                    "machine": {
                        "type": "m5.large",
                        "architecture": "amd64",
                        "image": { "name": "gardenlinux", "version": "1877.3.0" }
                    },
                    "minimum": 2,
                    "maximum": 4,
                    "volume": { "size": "50Gi", "type": "gp3" },
                    "zones": ["eu-central-1a"]
                }]
            },
            "networking": { "nodes": "10.250.0.0/16", "type": "calico" },
            "kubernetes": { "version": "1.33.2" },
            "maintenance": {
                "autoUpdate": { "kubernetesVersion": true, "machineImageVersion": true },
                "timeWindow": { "begin": "220000+0000", "end": "230000+0000" }
            }
        }
    })
}

/// Where a value goes (a JSON pointer below the Shoot) and the values it may take; `null`
/// removes the field.
type Entry = (&'static str, fn() -> Vec<Value>);

/// The fields the validation reads, each with values that pass and values it refuses.
const FIELDS: &[Entry] = &[
    ("/metadata/name", || {
        vec![
            json!("johndoe-aws"),
            json!("Bad_Name"),
            json!("a--b"),
            json!("x".repeat(64)),
        ]
    }),
    ("/metadata/labels", || {
        vec![
            json!({ "team": "payments" }),
            json!({ "bad key/x/y": "v" }),
            json!({ "k": "-bad" }),
        ]
    }),
    // The operation annotations' rules read the status (validateShootOperation, modelled in part
    // and held by the update-strategy area), so none are drawn here.
    ("/metadata/annotations", || {
        vec![
            json!({ "confirmation.gardener.cloud/force-deletion": "true" }),
            json!({ "shoot.gardener.cloud/infrastructure-cleanup-wait-period-seconds": "60" }),
            json!({ "Bad Key": "x" }),
        ]
    }),
    ("/metadata/finalizers", || {
        vec![json!(["gardener"]), json!(["foo/bar"])]
    }),
    ("/spec/region", || {
        vec![json!("eu-central-1"), json!("eu-west-1"), json!("")]
    }),
    ("/spec/purpose", || {
        vec![
            json!("evaluation"),
            json!("production"),
            json!("infrastructure"),
            json!("testing"),
            json!("fun"),
        ]
    }),
    ("/spec/cloudProfile", || {
        vec![
            json!({ "kind": "CloudProfile", "name": "aws" }),
            // Another profile: on an update, the profile renamed.
            json!({ "kind": "CloudProfile", "name": "aws-eu" }),
            json!({ "kind": "NamespacedCloudProfile", "name": "aws-custom" }),
            json!({ "kind": "Other", "name": "aws" }),
            Value::Null,
        ]
    }),
    ("/spec/cloudProfileName", || {
        vec![Value::Null, json!("aws"), json!("gcp"), json!("aws-eu")]
    }),
    ("/spec/credentialsBindingName", || {
        vec![json!("core-aws"), json!(""), Value::Null]
    }),
    ("/spec/secretBindingName", || {
        vec![Value::Null, json!("core-aws")]
    }),
    ("/spec/seedName", || {
        vec![Value::Null, json!("aws-eu1"), json!("")]
    }),
    ("/spec/seedSelector", || {
        vec![
            json!({ "matchLabels": { "env": "prod" } }),
            json!({ "matchExpressions": [{ "key": "env", "operator": "In" }] }),
            json!({ "providerTypes": ["aws", "*"] }),
        ]
    }),
    ("/spec/exposureClassName", || {
        vec![Value::Null, json!("internet"), json!("Bad Name")]
    }),
    ("/spec/accessRestrictions", || {
        vec![
            json!([{ "name": "eu-access-only" }]),
            json!([{ "name": "eu-access-only" }, { "name": "eu-access-only" }]),
            json!([{ "name": "" }]),
            Value::Null,
        ]
    }),
    ("/spec/provider/workersSettings", || {
        vec![
            json!({ "sshAccess": { "enabled": false } }),
            json!({ "sshAccess": { "enabled": true } }),
            Value::Null,
        ]
    }),
    ("/spec/provider/infrastructureConfig", || {
        vec![
            json!({
                "apiVersion": "aws.provider.extensions.gardener.cloud/v1alpha1",
                "kind": "InfrastructureConfig",
                "networks": { "vpc": { "cidr": "10.250.0.0/16" } }
            }),
            json!({
                "apiVersion": "aws.provider.extensions.gardener.cloud/v1alpha1",
                "kind": "InfrastructureConfig",
                "networks": { "vpc": { "id": "vpc-123" } }
            }),
            Value::Null,
        ]
    }),
    ("/spec/schedulerName", || {
        vec![Value::Null, json!("default-scheduler"), json!("custom")]
    }),
    ("/spec/networking", || {
        vec![
            json!({ "nodes": "10.250.0.0/16", "type": "calico" }),
            json!({ "nodes": "10.250.0.0/16", "pods": "100.96.0.0/11", "services": "100.64.0.0/13", "type": "cilium" }),
            json!({ "nodes": "10.250.0.0/16", "pods": "10.250.0.0/16", "type": "calico" }),
            json!({ "nodes": "10.250.0.1/16", "type": "calico" }),
            json!({ "nodes": "not-a-cidr", "type": "calico" }),
            json!({ "type": "calico", "ipFamilies": ["IPv6"] }),
            json!({ "nodes": "10.250.0.0/16", "type": "calico", "ipFamilies": ["IPv4", "IPv6"] }),
            json!({ "nodes": "10.250.0.0/16", "type": "calico", "ipFamilies": ["IPv4", "IPv4"] }),
            json!({ "nodes": "10.250.0.0/16" }),
        ]
    }),
    ("/spec/dns", || {
        vec![
            Value::Null,
            json!({ "domain": "johndoe.example.com" }),
            json!({ "domain": "Bad_Domain" }),
            json!({ "domain": "shoot.example.com", "providers": [{ "type": "aws-route53", "primary": true, "credentialsRef": { "apiVersion": "v1", "kind": "Secret", "name": "route53" } }] }),
            json!({ "providers": [{ "type": "aws-route53", "secretName": "route53" }] }),
            json!({ "domain": "shoot.example.com", "providers": [{ "primary": true }, { "primary": true, "type": "x" }] }),
        ]
    }),
    ("/spec/addons", || {
        vec![
            Value::Null,
            json!({ "kubernetesDashboard": { "enabled": true }, "nginxIngress": { "enabled": true } }),
            json!({ "kubernetesDashboard": { "enabled": true, "authenticationMode": "basic" } }),
            json!({ "nginxIngress": { "enabled": true, "loadBalancerSourceRanges": ["10.0.0.0/8", "bad"], "externalTrafficPolicy": "Foo" } }),
        ]
    }),
    ("/spec/extensions", || {
        vec![
            Value::Null,
            json!([{ "type": "shoot-dns-service" }]),
            json!([{ "type": "" }]),
            json!([{ "type": "a" }, { "type": "a" }]),
        ]
    }),
    ("/spec/resources", || {
        vec![
            Value::Null,
            json!([{ "name": "cert", "resourceRef": { "apiVersion": "v1", "kind": "Secret", "name": "cert" } }]),
            json!([{ "name": "x", "resourceRef": { "kind": "Secret" } }, { "name": "x", "resourceRef": { "apiVersion": "v1", "kind": "Secret", "name": "y" } }]),
        ]
    }),
    ("/spec/hibernation", || {
        vec![
            Value::Null,
            json!({ "enabled": true }),
            json!({ "schedules": [{ "start": "00 20 * * 1-5", "end": "00 08 * * 1-5", "location": "Europe/Berlin" }] }),
            json!({ "schedules": [{ "start": "not a cron", "location": "Mars/Base" }] }),
            json!({ "schedules": [{ "start": "0 1 * * *", "end": "0 1 * * *" }] }),
        ]
    }),
    ("/spec/controlPlane", || {
        vec![
            Value::Null,
            json!({ "highAvailability": { "failureTolerance": { "type": "zone" } } }),
            json!({ "highAvailability": { "failureTolerance": { "type": "node" } } }),
            json!({ "highAvailability": { "failureTolerance": { "type": "region" } } }),
        ]
    }),
    ("/spec/monitoring", || {
        vec![
            Value::Null,
            json!({ "alerting": { "emailReceivers": ["ops@example.com"] } }),
            json!({ "alerting": { "emailReceivers": ["not an address"] } }),
        ]
    }),
    ("/spec/tolerations", || {
        vec![
            Value::Null,
            json!([{ "key": "seed.gardener.cloud/protected" }]),
            json!([{ "key": "a" }, { "key": "a" }]),
        ]
    }),
    ("/spec/systemComponents", || {
        vec![
            Value::Null,
            json!({ "nodeLocalDNS": { "enabled": true } }),
            json!({ "coreDNS": { "autoscaling": { "mode": "cluster-proportional" }, "rewriting": { "commonSuffixes": ["gardener.cloud", "bad suffix"] } } }),
        ]
    }),
    ("/spec/kubernetes/version", || {
        vec![
            json!("1.33.2"),
            json!("1.32.5"),
            json!("1.34.1"),
            json!("1.31.9"),
            json!(""),
            json!("1.x"),
        ]
    }),
    ("/spec/kubernetes/kubeAPIServer", || {
        vec![
            Value::Null,
            json!({ "admissionPlugins": [{ "name": "PodNodeSelector" }, { "name": "AlwaysPullImages", "disabled": true }] }),
            json!({ "admissionPlugins": [{ "name": "SecurityContextDeny" }, { "name": "PodSecurity", "config": { "apiVersion": "pod-security.admission.config.k8s.io/v1", "kind": "PodSecurityConfiguration", "defaults": { "enforce": "restricted" } } }] }),
            json!({ "admissionPlugins": [{ "name": "NamespaceLifecycle", "disabled": true }, { "name": "Unknown" }] }),
            json!({ "runtimeConfig": { "apps/v1": false, "batch/v2alpha1": true, "foo": true } }),
            json!({ "serviceAccountConfig": { "issuer": "https://issuer.example.com", "acceptedIssuers": ["https://issuer.example.com", "bad"], "maxTokenExpiration": "1h" } }),
            json!({ "eventTTL": "2h", "defaultNotReadyTolerationSeconds": -1, "requests": { "maxNonMutatingInflight": -5 } }),
            json!({ "watchCacheSizes": { "default": -1, "resources": [{ "resource": "secrets", "cacheSize": 10 }] }, "logging": { "verbosity": 12 } }),
            json!({ "encryptionConfig": { "resources": ["configmaps", "secrets", "foo.bar"] } }),
            json!({ "autoscaling": { "minAllowed": { "cpu": "-1", "memory": "1Gi" } } }),
        ]
    }),
    ("/spec/kubernetes/kubeControllerManager", || {
        vec![
            Value::Null,
            json!({ "nodeCIDRMaskSize": 24 }),
            json!({ "nodeCIDRMaskSize": 33 }),
            json!({ "nodeCIDRMaskSize": 28 }),
            json!({ "horizontalPodAutoscaler": { "syncPeriod": "5s", "tolerance": 0 }, "nodeMonitorGracePeriod": "10s" }),
            json!({ "podEvictionTimeout": "1m" }),
        ]
    }),
    ("/spec/kubernetes/kubeScheduler", || {
        vec![
            Value::Null,
            json!({ "profile": "bin-packing" }),
            json!({ "profile": "fancy" }),
            json!({ "kubeMaxPDVols": "abc" }),
        ]
    }),
    ("/spec/kubernetes/kubeProxy", || {
        vec![
            Value::Null,
            json!({ "mode": "IPVS" }),
            json!({ "mode": "IPTables", "enabled": false }),
            json!({ "mode": "nftables" }),
        ]
    }),
    ("/spec/kubernetes/kubelet", || {
        vec![
            Value::Null,
            json!({ "maxPods": 110 }),
            json!({ "maxPods": 500 }),
            json!({ "maxPods": -1, "podPidsLimit": 10 }),
            json!({ "kubeReserved": { "cpu": "-100m", "memory": "1Gi" }, "evictionHard": { "memoryAvailable": "100Mi", "imageFSInodesFree": "x" } }),
            json!({ "imageGCHighThresholdPercent": 40, "imageGCLowThresholdPercent": 60 }),
            json!({ "cpuManagerPolicy": "fancy", "containerLogMaxSize": "abc" }),
            json!({ "serializeImagePulls": true, "maxParallelImagePulls": 5 }),
        ]
    }),
    ("/spec/kubernetes/clusterAutoscaler", || {
        vec![
            Value::Null,
            json!({ "scaleDownUtilizationThreshold": 1.5, "expander": "least-waste" }),
            json!({ "expander": "bogus", "maxNodeProvisionTime": "-1s" }),
        ]
    }),
    ("/spec/kubernetes/verticalPodAutoscaler", || {
        vec![
            Value::Null,
            json!({ "enabled": true, "evictionTolerance": 2.0 }),
            json!({ "enabled": true, "recommenderInterval": "-1m" }),
        ]
    }),
    ("/spec/kubernetes/etcd", || {
        vec![
            Value::Null,
            json!({ "main": { "autoscaling": { "minAllowed": { "cpu": "200m", "memory": "1Gi" } } } }),
            json!({ "events": { "autoscaling": { "minAllowed": { "gpu": "1" } } } }),
        ]
    }),
    ("/spec/maintenance/timeWindow", || {
        vec![
            json!({ "begin": "220000+0000", "end": "230000+0000" }),
            json!({ "begin": "220000+0000", "end": "221000+0000" }),
            json!({ "begin": "25", "end": "x" }),
        ]
    }),
    ("/spec/provider/type", || {
        vec![json!("aws"), json!("gcp"), json!("")]
    }),
    ("/spec/provider/workers", || vec![json!([]), Value::Null]),
    ("/spec/provider/workers/0/name", || {
        vec![
            json!("worker-xoluy"),
            json!("Bad_Name"),
            json!("a-very-long-worker-pool-name"),
        ]
    }),
    ("/spec/provider/workers/0/machine", || {
        vec![
            json!({ "type": "m5.large", "architecture": "amd64", "image": { "name": "gardenlinux", "version": "1877.3.0" } }),
            json!({ "type": "", "architecture": "arm64", "image": { "name": "", "version": "" } }),
            json!({ "type": "m6g.large", "architecture": "s390x", "image": { "name": "gardenlinux", "version": "1877.3.0" } }),
        ]
    }),
    ("/spec/provider/workers/0/minimum", || {
        vec![json!(2), json!(0), json!(-1), json!(5)]
    }),
    ("/spec/provider/workers/0/maximum", || {
        vec![json!(4), json!(0), json!(1)]
    }),
    ("/spec/provider/workers/0/maxSurge", || {
        vec![Value::Null, json!(1), json!(0), json!("50%"), json!("x")]
    }),
    ("/spec/provider/workers/0/maxUnavailable", || {
        vec![Value::Null, json!(0), json!(1), json!("200%")]
    }),
    ("/spec/provider/workers/0/updateStrategy", || {
        vec![
            Value::Null,
            json!("AutoRollingUpdate"),
            json!("AutoInPlaceUpdate"),
            json!("Sometimes"),
        ]
    }),
    ("/spec/provider/workers/0/zones", || {
        vec![
            json!(["eu-central-1a"]),
            json!([]),
            json!(["eu-central-1a", "eu-central-1a"]),
            json!(["eu-central-1a", "eu-central-1b", "eu-central-1c"]),
        ]
    }),
    ("/spec/provider/workers/0/labels", || {
        vec![
            Value::Null,
            json!({ "pool": "a" }),
            json!({ "node-role.kubernetes.io/x": "" }),
            json!({ "bad/key/x": "v" }),
        ]
    }),
    ("/spec/provider/workers/0/taints", || {
        vec![
            Value::Null,
            json!([{ "key": "dedicated", "value": "gpu", "effect": "NoSchedule" }]),
            json!([{ "key": "", "effect": "Sometimes" }]),
            json!([{ "key": "a", "effect": "NoSchedule" }, { "key": "a", "effect": "NoSchedule" }]),
        ]
    }),
    ("/spec/provider/workers/0/volume", || {
        vec![
            Value::Null,
            json!({ "size": "50Gi", "type": "gp3" }),
            json!({ "size": "-1Gi" }),
            json!({ "size": "big" }),
        ]
    }),
    ("/spec/provider/workers/0/dataVolumes", || {
        vec![
            Value::Null,
            json!([{ "name": "data", "size": "100Gi" }]),
            json!([{ "name": "d", "size": "1Gi" }, { "name": "d", "size": "x" }]),
        ]
    }),
    ("/spec/provider/workers/0/kubeletDataVolumeName", || {
        vec![Value::Null, json!("data"), json!("missing")]
    }),
    ("/spec/provider/workers/0/cri", || {
        vec![
            Value::Null,
            json!({ "name": "containerd" }),
            json!({ "name": "docker" }),
            json!({ "name": "containerd", "containerRuntimes": [{ "type": "gvisor" }, { "type": "gvisor" }] }),
        ]
    }),
    ("/spec/provider/workers/0/kubernetes", || {
        vec![
            Value::Null,
            json!({ "version": "1.32.5" }),
            json!({ "version": "1.30.0" }),
            json!({ "kubelet": { "maxPods": 64, "failSwapOn": false } }),
            json!({ "kubelet": { "evictionSoft": { "memoryAvailable": "100Mi" } } }),
        ]
    }),
    ("/spec/provider/workers/0/sysctls", || {
        vec![
            Value::Null,
            json!({ "net.ipv4.ip_forward": "1" }),
            json!({ "Bad Key": "1" }),
        ]
    }),
    ("/spec/provider/workers/0/priority", || {
        vec![Value::Null, json!(1), json!(-1)]
    }),
    ("/spec/provider/workers/0/clusterAutoscaler", || {
        vec![
            Value::Null,
            json!({ "scaleDownUtilizationThreshold": 0.4, "scaleDownUnneededTime": "10m" }),
            json!({ "scaleDownUtilizationThreshold": 2, "maxNodeProvisionTime": "-1m" }),
        ]
    }),
    ("/spec/provider/workers/0/machineControllerManager", || {
        vec![
            Value::Null,
            json!({ "drainTimeout": "10m", "maxEvictRetries": 5 }),
            json!({ "machineDrainTimeout": "-1m", "nodeConditions": ["", "ReadonlyFilesystem"] }),
        ]
    }),
    ("/spec/provider/workers/1", || {
        vec![
            Value::Null,
            json!({ "name": "arm", "machine": { "type": "m6g.large", "architecture": "arm64", "image": { "name": "gardenlinux", "version": "1877.3.0" } }, "minimum": 1, "maximum": 2, "zones": ["eu-central-1b"] }),
            json!({ "name": "worker-xoluy", "machine": { "type": "m5.large", "architecture": "amd64", "image": { "name": "gardenlinux", "version": "1877.3.0" } }, "minimum": 1, "maximum": 2 }),
            json!({ "name": "system", "machine": { "type": "m5.large", "architecture": "amd64", "image": { "name": "gardenlinux", "version": "1877.3.0" } }, "minimum": 0, "maximum": 2, "systemComponents": { "allow": false } }),
        ]
    }),
];

/// Sets `pointer` in `value` (creating objects on the way), or removes it for `null`.
fn set(value: &mut Value, pointer: &str, new: &Value) {
    let mut parts: Vec<&str> = pointer.split('/').skip(1).collect();
    let Some(last) = parts.pop() else {
        return;
    };
    let mut target = value;
    for part in parts {
        target = match target {
            Value::Array(items) => {
                match part.parse::<usize>().ok().and_then(|i| items.get_mut(i)) {
                    Some(item) => item,
                    None => return,
                }
            }
            Value::Object(map) => map.entry(part).or_insert_with(|| json!({})),
            _ => return,
        };
    }
    match target {
        Value::Object(map) if new.is_null() => {
            map.remove(last);
        }
        Value::Object(map) => {
            map.insert(last.to_string(), new.clone());
        }
        Value::Array(items) => {
            let index = last.parse::<usize>().unwrap_or(usize::MAX);
            if new.is_null() {
                if index < items.len() {
                    items.remove(index);
                }
            } else if index < items.len() {
                items[index] = new.clone();
            } else if index == items.len() {
                items.push(new.clone());
            }
        }
        _ => {}
    }
}

/// A few changes: which fields (by index into [`FIELDS`]) get which of their values.
fn changes(count: std::ops::Range<usize>) -> impl Strategy<Value = Vec<(usize, usize)>> {
    prop::collection::vec((0..FIELDS.len(), 0usize..16), count)
}

/// Applies `changes`; an update's own changes leave the name alone (a changed name is another
/// Shoot, which the API server never compares).
fn apply(shoot: &mut Value, changes: &[(usize, usize)], update: bool) {
    for &(field, choice) in changes {
        let (pointer, values) = FIELDS[field];
        if update && pointer == "/metadata/name" {
            continue;
        }
        let values = values();
        set(shoot, pointer, &values[choice % values.len()]);
    }
}

pub fn shoot_validation_area() -> BoxedStrategy<Request> {
    super::generate::with_names(shoot_validation_area_in_garden_dev_on_aws())
}

/// [`shoot_validation_area`] with every Shoot in `garden-dev` and the CloudProfile named `aws`.
fn shoot_validation_area_in_garden_dev_on_aws() -> BoxedStrategy<Request> {
    (
        instant(),
        changes(0..3),
        changes(0..5),
        prop::bool::weighted(0.1),
        prop_oneof![5 => Just("update"), 2 => Just("create")],
    )
        .prop_map(|(now, shared, new_only, deleting, operation)| {
            let mut old = base_shoot();
            apply(&mut old, &shared, false);
            if deleting {
                set(
                    &mut old,
                    "/metadata/deletionTimestamp",
                    &json!("2026-01-01T00:00:00Z"),
                );
            }
            let mut shoot = old.clone();
            apply(&mut shoot, &new_only, true);
            let mut input = Map::new();
            input.insert("operation".into(), json!(operation));
            input.insert("shoot".into(), shoot);
            if operation == "update" {
                input.insert("oldShoot".into(), old);
            }
            Request {
                kind: "shoot-validation",
                now: rfc3339(now),
                input: Value::Object(input),
            }
        })
        .boxed()
}
