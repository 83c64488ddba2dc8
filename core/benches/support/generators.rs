//! The deterministic inputs of the benchmarks and of `cargo xtask same-reports`: a large
//! CloudProfile and Shoot, and a fleet of Shoots.

use shoot_policy::examples;
use std::fmt::Write;

/// A CloudProfile with `minors` × `patches` Kubernetes versions and `images` images of
/// `image_versions` versions, older versions expiring month by month.
pub fn large_cloud_profile(minors: u32, patches: u32, images: u32, image_versions: u32) -> String {
    let expiring = |yaml: &mut String, minor: u32, _: u32| {
        if minor + 1 < minors {
            let _ = writeln!(
                yaml,
                "      expirationDate: \"{}-{:02}-15T00:00:00Z\"",
                2026 + minor / 12,
                minor % 12 + 1
            );
        }
    };
    let shape = Shape {
        name: "large",
        kubernetes: &expiring,
        image_version: &|version| format!("{}.{}.0", version / 10 + 1, version % 10),
        image: &|_, _| {},
    };
    generated_profile(shape, (minors, patches), (images, image_versions))
}

/// [`large_cloud_profile`] with the classifications real CloudProfiles carry: every third version
/// with the legacy `classification: supported`, the others with `lifecycle` stages (preview,
/// supported, deprecated, expired) spread over three years. With the feature gate
/// `VersionClassificationLifecycle` off, each lifecycle is a validation problem. Image versions
/// have ten patches per minor, so that supported patches of one minor meet.
pub fn lifecycle_cloud_profile(
    minors: u32,
    patches: u32,
    images: u32,
    image_versions: u32,
) -> String {
    let classified = |yaml: &mut String, index: u32| {
        if index % 3 == 0 {
            yaml.push_str("      classification: supported\n");
            return;
        }
        yaml.push_str("      lifecycle:\n");
        let (year, day) = (2025 + index % 3, 1 + index % 9);
        for (stage, years, month) in [
            ("preview", 0, 1),
            ("supported", 0, 3),
            ("deprecated", 1, 3),
            ("expired", 2, 3),
        ] {
            let _ = writeln!(
                yaml,
                "      - classification: {stage}\n        startTime: \"{}-{month:02}-{day:02}T00:00:00Z\"",
                year + years
            );
        }
    };
    let shape = Shape {
        name: "lifecycle",
        kubernetes: &|yaml, _, index| classified(yaml, index),
        image_version: &|version| format!("1.{}.{}", version / 10, version % 10),
        image: &classified,
    };
    generated_profile(shape, (minors, patches), (images, image_versions))
}

/// What a generated CloudProfile writes besides the versions themselves.
struct Shape<'a> {
    name: &'a str,
    /// After a Kubernetes version's line: its minor and its index in the list.
    kubernetes: &'a dyn Fn(&mut String, u32, u32),
    /// An image version from its number (counting down from the newest).
    image_version: &'a dyn Fn(u32) -> String,
    /// After an image version's lines, from its number.
    image: &'a dyn Fn(&mut String, u32),
}

fn generated_profile(
    shape: Shape,
    (minors, patches): (u32, u32),
    (images, image_versions): (u32, u32),
) -> String {
    let mut yaml = format!(
        "apiVersion: core.gardener.cloud/v1beta1\nkind: CloudProfile\nmetadata:\n  name: {}\nspec:\n  kubernetes:\n    versions:\n",
        shape.name
    );
    let mut index = 0;
    for minor in (0..minors).rev() {
        for patch in (0..patches).rev() {
            let _ = writeln!(yaml, "    - version: 1.{minor}.{patch}");
            (shape.kubernetes)(&mut yaml, minor, index);
            index += 1;
        }
    }
    yaml.push_str("  machineImages:\n");
    for image in 0..images {
        let _ = writeln!(
            yaml,
            "  - name: image-{image}\n    updateStrategy: minor\n    versions:"
        );
        for version in (0..image_versions).rev() {
            let _ = writeln!(
                yaml,
                "    - version: {}\n      cri: [{{name: containerd}}]\n      architectures: [amd64]",
                (shape.image_version)(version)
            );
            (shape.image)(&mut yaml, version);
        }
    }
    yaml.push_str("  machineTypes:\n  - name: m5.large\n    architecture: amd64\n");
    yaml
}

/// A Shoot with `pools` worker pools spread over the images.
pub fn large_shoot(pools: u32, images: u32) -> String {
    let mut yaml = String::from(
        "apiVersion: core.gardener.cloud/v1beta1\nkind: Shoot\nmetadata:\n  name: large\n  namespace: garden-bench\nspec:\n  kubernetes:\n    version: 1.0.0\n  maintenance:\n    autoUpdate: {kubernetesVersion: true, machineImageVersion: true}\n    timeWindow: {begin: 220000+0000, end: 230000+0000}\n  provider:\n    workers:\n",
    );
    for pool in 0..pools {
        let _ = writeln!(
            yaml,
            "    - name: pool-{pool}\n      minimum: 1\n      maximum: 3\n      machine:\n        type: m5.large\n        architecture: amd64\n        image: {{name: image-{}, version: 1.0.0}}\n      cri: {{name: containerd}}\n      updateStrategy: AutoRollingUpdate\n      maxSurge: 1\n      maxUnavailable: 0",
            pool % images
        );
    }
    yaml
}

/// `count` Shoots of a project against the example CloudProfile: the example Shoot under other names,
/// with Kubernetes and image versions spread over the profile's versions.
pub fn fleet_shoots(count: usize) -> Vec<String> {
    const KUBERNETES: [&str; 5] = ["1.31.13", "1.32.8", "1.32.9", "1.33.4", "1.33.5"];
    const IMAGES: [&str; 3] = ["1592.14.0", "1877.3.0", "1877.5.0"];
    (0..count)
        .map(|index| {
            examples::DEFAULT
                .shoot
                .replacen("name: payments", &format!("name: shoot-{index}"), 1)
                .replacen(
                    "version: 1.31.13",
                    &format!("version: {}", KUBERNETES[index % KUBERNETES.len()]),
                    1,
                )
                .replacen(
                    "version: 1592.14.0",
                    &format!("version: {}", IMAGES[index % IMAGES.len()]),
                    1,
                )
        })
        .collect()
}
