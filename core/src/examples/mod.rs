//! Realistic example inputs, shared by the app (its default and gallery), the CLI and the tests.

/// An example scenario: what the user would paste into each editor.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    pub id: &'static str,
    pub title: &'static str,
    pub cloud_profile: &'static str,
    pub shoot: &'static str,
    pub previous_shoot: &'static str,
    pub objects: &'static str,
}

impl Example {
    /// What goes into each editor, in their order: CloudProfile, Shoot, previous Shoot, other
    /// objects (empty where the example leaves an editor empty).
    pub fn texts(&self) -> [&'static str; 4] {
        [
            self.cloud_profile,
            self.shoot,
            self.previous_shoot,
            self.objects,
        ]
    }
}

/// Objects (YAML texts of one document each) as one `List` document, as `kubectl get shoots -o
/// yaml` prints several: the form a project's or a landscape's Shoots take in a fleet.
pub fn as_list<S: AsRef<str>>(objects: &[S]) -> String {
    let mut list = String::from("apiVersion: v1\nkind: List\nitems:\n");
    for object in objects {
        for (index, line) in object.as_ref().lines().enumerate() {
            list.push_str(if index == 0 { "- " } else { "  " });
            list.push_str(line);
            list.push('\n');
        }
    }
    list
}

/// The default example: an expired Kubernetes version with auto-update off, so the next maintenance
/// window forces an update; two worker pools with different images.
pub const DEFAULT: Example = Example {
    id: "expired-forced-minor",
    title: "Expired Kubernetes version forced to the next minor",
    cloud_profile: include_str!("cloudprofile.yaml"),
    shoot: include_str!("shoot.yaml"),
    previous_shoot: "",
    objects: "",
};

/// A deprecated patch version with auto-update on: the next window moves it to the latest patch.
pub const DEPRECATED_AUTO_UPDATE: Example = Example {
    id: "deprecated-auto-update",
    title: "Deprecated version, auto-update to the latest patch",
    cloud_profile: include_str!("cloudprofile.yaml"),
    shoot: include_str!("shoot-auto-update.yaml"),
    previous_shoot: "",
    objects: "",
};

/// An expired version whose consecutive minor is missing from the profile: the forced update fails.
pub const BLOCKED_FORCED_UPDATE: Example = Example {
    id: "blocked-forced-update",
    title: "Forced update blocked: no consecutive minor version",
    cloud_profile: include_str!("cloudprofile-gap.yaml"),
    shoot: include_str!("shoot-gap.yaml"),
    previous_shoot: "",
    objects: "",
};

/// A webhook that intercepts pods and fails closed keeps the Shoot from hibernating.
pub const WEBHOOK_BLOCKS_HIBERNATION: Example = Example {
    id: "webhook-blocks-hibernation",
    title: "Webhook blocking hibernation",
    cloud_profile: include_str!("cloudprofile.yaml"),
    shoot: include_str!("shoot-auto-update.yaml"),
    previous_shoot: "",
    objects: include_str!("webhooks.yaml"),
};

/// A pool with `AutoInPlaceUpdate` on images that support in-place updates; the previous Shoot had
/// older versions, so the change updates the nodes in place.
pub const IN_PLACE_POOL: Example = Example {
    id: "in-place-pool",
    title: "In-place node updates (AutoInPlaceUpdate)",
    cloud_profile: include_str!("cloudprofile-inplace.yaml"),
    shoot: include_str!("shoot-inplace.yaml"),
    previous_shoot: include_str!("shoot-inplace-previous.yaml"),
    objects: "",
};

/// A CloudProfile with lifecycle stages: the Shoot's version is deprecated now and expires later.
pub const LIFECYCLE_PROFILE: Example = Example {
    id: "lifecycle-profile",
    title:
        "Lifecycle-based CloudProfile (dated stages; needs the VersionClassificationLifecycle gate)",
    cloud_profile: include_str!("cloudprofile-lifecycle.yaml"),
    shoot: include_str!("shoot-lifecycle.yaml"),
    previous_shoot: "",
    objects: "",
};

/// Every example of the gallery, the default first.
pub const GALLERY: &[Example] = &[
    DEFAULT,
    DEPRECATED_AUTO_UPDATE,
    BLOCKED_FORCED_UPDATE,
    WEBHOOK_BLOCKS_HIBERNATION,
    IN_PLACE_POOL,
    LIFECYCLE_PROFILE,
];
