//! Before a share link is made: does the input look like it holds credentials?
//!
//! A heuristic that errs on the side of warning: a `kind: Secret`, a PEM block, or a key that names a
//! credential (token, password, secret, …key) with a literal value. References to secrets
//! (`secretName`, `secretRef`, `secretBindingName`) are not secrets themselves.

/// Human-readable reasons, empty when nothing looks secret.
pub fn findings(texts: &[(&str, &str)]) -> Vec<String> {
    let mut found = Vec::new();
    for (source, text) in texts {
        if text.contains("-----BEGIN") {
            found.push(format!(
                "{source}: a PEM block (certificate or private key)"
            ));
        }
        for (key, value) in pairs(text) {
            if key == "kind" && value == "Secret" {
                found.push(format!("{source}: an object of kind Secret"));
            } else if is_sensitive_key(key) && !is_switch_or_empty(value) {
                found.push(format!("{source}: a value for \"{key}\""));
            }
        }
    }
    found.dedup();
    found
}

/// `key: value` pairs of YAML or JSON text, scalar values only, quotes removed.
fn pairs(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split(['\n', ',', '{', '}']).filter_map(|fragment| {
        let (key, value) = fragment.split_once(':')?;
        let key = key
            .trim()
            .trim_start_matches("- ")
            .trim()
            .trim_matches(['"', '\'']);
        let value = value.trim().trim_matches(['"', '\'']).trim();
        let scalar = !value.starts_with(['[', '|', '>', '&', '*', '#']);
        (scalar && !key.is_empty() && !key.contains(' ')).then_some((key, value))
    })
}

/// A value no credential has: empty, a YAML boolean or `null` (`enableStaticTokenKubeconfig:
/// false` is a switch, and warning about it teaches users to click "anyway").
fn is_switch_or_empty(value: &str) -> bool {
    let value = value.to_ascii_lowercase();
    ["", "true", "false", "yes", "no", "on", "off", "null", "~"].contains(&value.as_str())
}

fn is_sensitive_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    let reference = [
        "name",
        "ref",
        "names",
        "refs",
        "binding",
        "bindingname",
        "rotation",
        // Settings about credentials, not credentials: `tokenExpiration`, `rotationPeriod`.
        "expiration",
        "period",
        "seconds",
    ]
    .iter()
    .any(|suffix| key.ends_with(suffix));
    let sensitive = [
        "token",
        "password",
        "passwd",
        "secret",
        "credential",
        "apikey",
    ]
    .iter()
    .any(|word| key.contains(word))
        || (key.ends_with("key") && key != "key" && !key.ends_with("publickey"));
    sensitive && !reference
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gallery_holds_no_secrets() {
        for example in shoot_policy::examples::GALLERY {
            let texts = [
                ("CloudProfile", example.cloud_profile),
                ("Shoot", example.shoot),
                ("Previous Shoot", example.previous_shoot),
                ("Other objects", example.objects),
            ];
            assert_eq!(findings(&texts), Vec::<String>::new(), "{}", example.id);
        }
    }

    #[test]
    fn finds_secret_objects_and_credential_values() {
        let secret = "apiVersion: v1\nkind: Secret\ndata:\n  token: abc\n";
        assert_eq!(
            findings(&[("Other objects", secret)]),
            [
                "Other objects: an object of kind Secret",
                "Other objects: a value for \"token\""
            ]
        );
        let json = r#"{"kind":"Config","users":[{"password":"hunter2","accessKey":"AKIA"}]}"#;
        assert_eq!(findings(&[("Shoot", json)]).len(), 2);
        assert_eq!(
            findings(&[("x", "ca: |\n  -----BEGIN CERTIFICATE-----\n")]),
            ["x: a PEM block (certificate or private key)"]
        );
    }

    #[test]
    fn switches_and_settings_about_credentials_are_not_secrets() {
        let text = "kubernetes:\n  enableStaticTokenKubeconfig: false\n  kubeAPIServer:\n    enableAnonymousAuthentication: true\n    serviceAccountConfig: {maxTokenExpiration: 720h}\n";
        assert!(
            findings(&[("Shoot", text)]).is_empty(),
            "{:?}",
            findings(&[("Shoot", text)])
        );
        // A value is a value all the same.
        assert_eq!(findings(&[("Shoot", "staticToken: abc123\n")]).len(), 1);
    }

    #[test]
    fn references_and_empty_values_are_not_secrets() {
        let text = "secretBindingName: aws\nsecretRef:\n  name: x\npassword: \"\"\nkey: node.kubernetes.io/role\ntoken:\n";
        assert!(findings(&[("Shoot", text)]).is_empty());
    }
}
