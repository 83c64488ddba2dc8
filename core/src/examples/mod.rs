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

/// Every example of the gallery, the default first.
pub const GALLERY: &[Example] = &[DEFAULT];
