//! A Shoot checked as an update of itself (the report's "update without changes") takes a short
//! path, `validate_shoot_spec_update_of_itself`, that skips the comparisons which cannot report
//! when both sides are one object. These tests hold it to the full `validate_shoot_spec_update`
//! of the Shoot against itself: the same errors in the same order, for generated Shoots built to
//! reach every rule that reads one side alone, for one Shoot per such rule, and for the Shoots of
//! the gallery, the real-world samples and the conformance cases.

#![cfg(feature = "complete-validation")]

use proptest::prelude::*;
use serde_json::{json, Map, Value};
use shoot_policy::api::Shoot;
use shoot_policy::field::FieldError;
use shoot_policy::validation::shoot_update::{
    validate_shoot_spec_update, validate_shoot_spec_update_of_itself,
};
use std::path::Path;

fn shoot(value: &Value) -> Shoot {
    serde_json::from_value(value.clone()).expect("a Shoot")
}

/// Both paths for one Shoot; the full path's errors.
fn both_agree(shoot: &Shoot) -> Vec<FieldError> {
    let full = validate_shoot_spec_update(shoot, shoot);
    assert_eq!(
        validate_shoot_spec_update_of_itself(shoot),
        full,
        "the update of itself differs from the full update for {shoot:#?}"
    );
    full
}

fn base() -> Value {
    json!({
        "apiVersion": "core.gardener.cloud/v1beta1",
        "kind": "Shoot",
        "metadata": {"name": "foo", "namespace": "garden-dev"},
        "spec": {
            "cloudProfile": {"kind": "CloudProfile", "name": "aws"},
            "region": "eu-west-1",
            "credentialsBindingName": "creds",
            "seedName": "seed",
            "kubernetes": {"version": "1.33.0"},
            "networking": {"type": "calico", "pods": "100.96.0.0/11", "services": "100.64.0.0/13", "nodes": "10.250.0.0/16"},
            "provider": {
                "type": "aws",
                "workers": [{
                    "name": "a",
                    "machine": {"type": "m5.large", "image": {"name": "gardenlinux", "version": "1.0"}},
                    "minimum": 1,
                    "maximum": 2
                }]
            }
        }
    })
}

fn with(mut value: Value, pointer: &str, new: Value) -> Value {
    let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
    let parent = value.pointer_mut(parent).expect("the parent exists");
    parent
        .as_object_mut()
        .expect("an object")
        .insert(key.to_string(), new);
    value
}

fn pool(name: &str, control_plane: Option<Value>) -> Value {
    let mut pool = json!({
        "name": name,
        "machine": {"type": "m5.large", "image": {"name": "gardenlinux", "version": "1.0"}},
        "minimum": 1,
        "maximum": 2
    });
    if let Some(control_plane) = control_plane {
        pool["controlPlane"] = control_plane;
    }
    pool
}

/// One Shoot for each rule that reports on an unchanged Shoot: the short path must keep each.
#[test]
fn every_rule_that_reads_one_side_is_kept() {
    let deleting = |value: Value| {
        with(
            value,
            "/metadata/deletionTimestamp",
            json!("2024-01-01T00:00:00Z"),
        )
    };
    let reporting = [
        (
            "a label",
            with(base(), "/metadata/labels", json!({"not a key!": "x"})),
        ),
        (
            "an annotation",
            with(base(), "/metadata/annotations", json!({"not a key!": "x"})),
        ),
        (
            "an owner reference",
            with(
                base(),
                "/metadata/ownerReferences",
                json!([{"apiVersion": "", "kind": "", "name": "", "uid": ""}]),
            ),
        ),
        (
            "managed fields",
            with(
                base(),
                "/metadata/managedFields",
                json!([{"operation": "Bogus"}]),
            ),
        ),
        (
            "the cloud profile kind",
            with(base(), "/spec/cloudProfile/kind", json!("Other")),
        ),
        (
            "no cloud profile",
            with(base(), "/spec/cloudProfile", json!(null)),
        ),
        (
            "a cloud profile name from 1.34",
            with(
                with(base(), "/spec/kubernetes/version", json!("1.34.1")),
                "/spec/cloudProfileName",
                json!("gcp"),
            ),
        ),
        (
            "a cloud profile name of a deleting Shoot from 1.34",
            deleting(with(
                with(base(), "/spec/kubernetes/version", json!("1.34.1")),
                "/spec/cloudProfileName",
                json!("aws"),
            )),
        ),
        (
            "an empty credentials binding",
            with(base(), "/spec/credentialsBindingName", json!("")),
        ),
        (
            "pools of one name with other backups",
            with(
                base(),
                "/spec/provider/workers",
                json!([
                    pool(
                        "a",
                        Some(json!({"backup": {"provider": "aws", "region": "r"}}))
                    ),
                    pool("a", Some(json!({"backup": {"provider": "gcp"}}))),
                ]),
            ),
        ),
        (
            "pools of one name, the second without a control plane",
            with(
                base(),
                "/spec/provider/workers",
                json!([
                    pool("a", Some(json!({"backup": {"provider": "aws"}}))),
                    pool("b", None),
                    pool("a", None),
                ]),
            ),
        ),
    ];
    for (rule, value) in reporting {
        let errors = both_agree(&shoot(&value));
        assert!(
            !errors.is_empty(),
            "{rule}: the full update reports nothing"
        );
    }
    // `PrepareForUpdate` drops a `cloudProfileName` equal to the stored one and to
    // `cloudProfile.name` from the new side only: the short path reads the prepared new side.
    let dropped = with(
        with(base(), "/spec/kubernetes/version", json!("1.34.1")),
        "/spec/cloudProfileName",
        json!("aws"),
    );
    assert_eq!(both_agree(&shoot(&dropped)), vec![]);
    assert_eq!(both_agree(&shoot(&base())), vec![]);
}

// ----- generated Shoots -----

fn one_of(values: Vec<Value>) -> impl Strategy<Value = Value> {
    prop::sample::select(values)
}

/// An optional field: `None` leaves it out.
fn maybe(values: Vec<Value>) -> impl Strategy<Value = Option<Value>> {
    prop::option::of(one_of(values))
}

fn metadata() -> impl Strategy<Value = Value> {
    (
        one_of(vec![json!("garden"), json!("garden-dev")]),
        maybe(vec![json!({"app": "x"}), json!({"not a key!": "x"}), json!({"a": "not a value!"})]),
        maybe(vec![
            json!({"confirmation.gardener.cloud/force-deletion": "true"}),
            json!({"confirmation.gardener.cloud/force-deletion": "false"}),
            json!({"not a key!": "x"}),
        ]),
        maybe(vec![
            json!([]),
            json!([{"apiVersion": "v1", "kind": "Secret", "name": "s", "uid": "u"}]),
            json!([{"apiVersion": "", "kind": "", "name": "", "uid": ""}]),
        ]),
        maybe(vec![
            json!([{"manager": "m", "operation": "Update", "apiVersion": "v1", "fieldsType": "FieldsV1"}]),
            json!([{"operation": "Bogus"}]),
        ]),
        maybe(vec![json!("2024-01-01T00:00:00Z")]),
        maybe(vec![json!(["gardener"]), json!(["gardener", 5])]),
        maybe(vec![json!("uid-1")]),
        maybe(vec![json!(30), json!("x")]),
    )
        .prop_map(
            |(namespace, labels, annotations, owners, managed, deletion, finalizers, uid, grace)| {
                let mut metadata = json!({"name": "foo", "namespace": namespace});
                for (key, value) in [
                    ("labels", labels),
                    ("annotations", annotations),
                    ("ownerReferences", owners),
                    ("managedFields", managed),
                    ("deletionTimestamp", deletion),
                    ("finalizers", finalizers),
                    ("uid", uid),
                    ("deletionGracePeriodSeconds", grace),
                ] {
                    if let Some(value) = value {
                        metadata[key] = value;
                    }
                }
                metadata
            },
        )
}

fn workers() -> impl Strategy<Value = Vec<Value>> {
    let control_plane = maybe(vec![
        json!({}),
        json!({"backup": {"provider": "aws", "region": "r"}}),
        json!({"backup": {"provider": "aws", "region": ""}}),
        json!({"backup": {"provider": "aws"}}),
        json!({"backup": {"provider": "gcp"}}),
        json!({"backup": null}),
    ]);
    let name = one_of(vec![json!("a"), json!("b")]);
    let strategy = maybe(vec![json!("AutoRollingUpdate"), json!("AutoInPlaceUpdate")]);
    prop::collection::vec((name, control_plane, strategy), 0..4).prop_map(|pools| {
        (pools.into_iter())
            .map(|(name, control_plane, strategy)| {
                let mut pool = pool(name.as_str().unwrap_or_default(), control_plane);
                if let Some(strategy) = strategy {
                    pool["updateStrategy"] = strategy;
                }
                pool
            })
            .collect()
    })
}

fn spec() -> impl Strategy<Value = Value> {
    let profile = (
        one_of(
            ["1.31.2", "1.32.0", "1.33.0", "1.34.1", "1.35.0", "", "x"]
                .map(Value::from)
                .to_vec(),
        ),
        maybe(vec![json!("aws"), json!("gcp"), json!("")]),
        prop::option::of((
            one_of(vec![
                json!(""),
                json!("CloudProfile"),
                json!("NamespacedCloudProfile"),
                json!("Other"),
            ]),
            one_of(vec![json!("aws"), json!("gcp"), json!("")]),
        )),
        maybe(vec![json!(""), json!("creds")]),
        maybe(vec![json!(""), json!("secret")]),
    );
    let rest = (
        maybe(vec![json!("seed")]),
        maybe(vec![
            json!({"domain": "foo.example.com", "providers": [{"primary": true, "type": "aws-route53", "secretName": "s"}]}),
            json!({"providers": [{"primary": true}]}),
        ]),
        maybe(vec![json!({"enabled": true}), json!({"enabled": false})]),
        maybe(vec![
            json!({"highAvailability": {"failureTolerance": {"type": "zone"}}}),
            json!({"highAvailability": {"failureTolerance": {}}}),
        ]),
        maybe(vec![
            json!({"encryptionConfig": {"resources": ["configmaps"]}}),
            json!({"encryptionConfig": {"resources": ["configmaps"], "provider": {"type": "aescbc"}}}),
            json!({"serviceAccountConfig": {"acceptedIssuers": ["https://a"]}}),
        ]),
        maybe(vec![json!("default-scheduler"), json!("other")]),
        maybe(vec![
            json!({"timeWindow": {"begin": "220000+0000", "end": "230000+0000"}}),
        ]),
        workers(),
    );
    (profile, rest).prop_map(
        |(
            (version, name, reference, credentials, secret),
            (seed, dns, hibernation, control_plane, api_server, scheduler, maintenance, workers),
        )| {
            let mut spec = base()["spec"].clone();
            spec["kubernetes"] = json!({"version": version});
            spec["provider"]["workers"] = Value::Array(workers);
            let spec_map = spec.as_object_mut().expect("an object");
            for key in ["cloudProfile", "credentialsBindingName", "seedName"] {
                spec_map.remove(key);
            }
            let reference = reference.map(|(kind, name)| json!({"kind": kind, "name": name}));
            for (key, value) in [
                ("cloudProfileName", name),
                ("cloudProfile", reference),
                ("credentialsBindingName", credentials),
                ("secretBindingName", secret),
                ("seedName", seed),
                ("dns", dns),
                ("hibernation", hibernation),
                ("controlPlane", control_plane),
                ("schedulerName", scheduler),
                ("maintenance", maintenance),
            ] {
                if let Some(value) = value {
                    spec_map.insert(key.to_string(), value);
                }
            }
            if let Some(api_server) = api_server {
                spec["kubernetes"]["kubeAPIServer"] = api_server;
            }
            spec
        },
    )
}

fn status() -> impl Strategy<Value = Option<Value>> {
    prop::option::of((
        any::<bool>(),
        maybe(vec![json!([{"description": "x", "codes": ["ERR_INFRA_UNAUTHORIZED"]}])]),
        maybe(vec![json!({"type": "Reconcile", "state": "Succeeded"}), json!({"type": "Create", "state": "Processing"})]),
        maybe(vec![json!("Preparing"), json!("Completed")]),
        maybe(vec![json!({"resources": ["configmaps"], "provider": {"type": "aescbc"}})]),
    ))
    .prop_map(|status| {
        status.map(|(hibernated, errors, operation, phase, at_rest)| {
            let mut status = Map::new();
            status.insert("hibernated".into(), json!(hibernated));
            if let Some(errors) = errors {
                status.insert("lastErrors".into(), errors);
            }
            if let Some(operation) = operation {
                status.insert("lastOperation".into(), operation);
            }
            let mut credentials = Map::new();
            if let Some(phase) = phase {
                credentials.insert(
                    "rotation".into(),
                    json!({"etcdEncryptionKey": {"phase": phase}, "serviceAccountKey": {"phase": phase}}),
                );
            }
            if let Some(at_rest) = at_rest {
                credentials.insert("encryptionAtRest".into(), at_rest);
            }
            status.insert("credentials".into(), Value::Object(credentials));
            Value::Object(status)
        })
    })
}

fn generated_shoot() -> impl Strategy<Value = Value> {
    (metadata(), spec(), status()).prop_map(|(metadata, spec, status)| {
        let mut shoot = base();
        shoot["metadata"] = metadata;
        shoot["spec"] = spec;
        if let Some(status) = status {
            shoot["status"] = status;
        }
        shoot
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn a_generated_shoot_gets_the_same_errors(value in generated_shoot()) {
        let shoot = shoot(&value);
        prop_assert_eq!(
            validate_shoot_spec_update_of_itself(&shoot),
            validate_shoot_spec_update(&shoot, &shoot)
        );
    }
}

// ----- the Shoots of the repository -----

/// Every object of kind `Shoot`, at any depth, of every YAML document under `dir`.
fn shoots_under(dir: &Path, found: &mut Vec<Value>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.map(|entry| entry.expect("a directory entry").path()) {
        if path.is_dir() {
            shoots_under(&path, found);
            continue;
        }
        if !path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        for document in serde_yaml::Deserializer::from_str(&text) {
            if let Ok(value) = Value::deserialize(document) {
                collect_shoots(&value, found);
            }
        }
    }
}

fn collect_shoots(value: &Value, found: &mut Vec<Value>) {
    match value {
        Value::Object(map) => {
            if map.get("kind").and_then(Value::as_str) == Some("Shoot") && map.contains_key("spec")
            {
                found.push(value.clone());
            }
            map.values().for_each(|child| collect_shoots(child, found));
        }
        Value::Array(items) => items.iter().for_each(|item| collect_shoots(item, found)),
        _ => {}
    }
}

use serde::Deserialize;

#[test]
fn the_shoots_of_the_repository_get_the_same_errors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for dir in [
        "core/src/examples",
        "tests/real-world",
        "tests/conformance",
        "tests/e2e",
    ] {
        shoots_under(&root.join(dir), &mut found);
    }
    let shoots: Vec<Shoot> = (found.iter())
        .filter_map(|value| serde_json::from_value(value.clone()).ok())
        .collect();
    assert!(shoots.len() > 20, "only {} Shoots found", shoots.len());
    for shoot in &shoots {
        both_agree(shoot);
    }
}
