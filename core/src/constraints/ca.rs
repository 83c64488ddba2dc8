//! `CACertificateValiditiesAcceptable`: whether any CA certificate Gardener manages for the shoot has
//! less than a year of validity left.
//!
//! Follows `(*Constraint).CheckIfCACertificateValiditiesAcceptable` in
//! `pkg/gardenlet/controller/shoot/care/constraints.go`.

use super::webhooks::go_quote;
use crate::api::ObjectMeta;
use crate::decode::FromValue;
use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Remaining validity below which a CA counts as expiring (365 × 24h, printed `8760h0m0s`).
pub const MINIMUM_CA_VALIDITY_HOURS: i64 = 365 * 24;

/// A Secret in the shoot's control-plane namespace of the seed (only what the check reads).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Secret {
    pub metadata: ObjectMeta,
    /// Values are not inspected; only which keys are present (a `null` value counts as absent).
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub data: BTreeMap<String, Option<String>>,
}

/// One expiring CA, keyed by the secret's `name` label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct ExpiringCa {
    pub name: String,
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub valid_until: DateTime<Utc>,
}

/// The constraint result (never carries error codes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct CaValidityResult {
    pub status: String,
    pub reason: String,
    pub message: String,
    /// The expiring CAs, sorted by name (Gardener's message lists them in random map order).
    pub expiring: Vec<ExpiringCa>,
}

/// Evaluates the CA validities at `now`. Errors (with Gardener's text) when a `valid-until-time` label
/// is not an int64; the constraint is then `Unknown`/`ConditionCheckError` with that text.
pub fn check_ca_validities(
    secrets: &[Secret],
    now: DateTime<Utc>,
) -> Result<CaValidityResult, String> {
    let minimum = TimeDelta::hours(MINIMUM_CA_VALIDITY_HOURS);
    let mut expiring: BTreeMap<String, DateTime<Utc>> = BTreeMap::new();
    for secret in secrets.iter().filter(|s| is_gardenlet_persisted(s)) {
        let has = |key: &str| secret.data.get(key).is_some_and(Option::is_some);
        if !has("ca.crt") || !has("ca.key") {
            continue;
        }
        let label = secret.metadata.label("valid-until-time").unwrap_or("");
        let unix = parse_go_int64(label).map_err(|why| {
            format!(
                "could not parse valid-until-time label from secret {}: strconv.ParseInt: parsing {}: {why}",
                go_quote(&secret.metadata.name),
                go_quote(label)
            )
        })?;
        // Times beyond chrono's range are far in the future (or past); clamp rather than fail.
        let valid_until = DateTime::from_timestamp(unix, 0).unwrap_or(if unix > 0 {
            DateTime::<Utc>::MAX_UTC
        } else {
            DateTime::<Utc>::MIN_UTC
        });
        if valid_until.signed_duration_since(now) < minimum {
            let name = secret.metadata.label("name").unwrap_or_default();
            expiring.insert(name.to_string(), valid_until);
        }
    }
    if expiring.is_empty() {
        return Ok(CaValidityResult {
            status: "True".to_string(),
            reason: "NoExpiringCACertificates".to_string(),
            message: "All CA certificates are still valid for at least 8760h0m0s.".to_string(),
            expiring: Vec::new(),
        });
    }
    let entries: Vec<String> = expiring
        .iter()
        .map(|(name, until)| {
            format!(
                "{} (expiring at {})",
                go_quote(name),
                crate::rfc3339::go_string(until)
            )
        })
        .collect();
    Ok(CaValidityResult {
        status: "False".to_string(),
        reason: "ExpiringCACertificates".to_string(),
        message: format!(
            "Some CA certificates are expiring in less than 8760h0m0s, you should rotate them: {}",
            entries.join(", ")
        ),
        expiring: expiring
            .into_iter()
            .map(|(name, valid_until)| ExpiringCa { name, valid_until })
            .collect(),
    })
}

/// The secrets the check lists: managed by the secrets manager of the gardenlet and persisted.
fn is_gardenlet_persisted(secret: &Secret) -> bool {
    let label = |key: &str| secret.metadata.label(key);
    label("managed-by") == Some("secrets-manager")
        && label("manager-identity") == Some("gardenlet")
        && label("persist") == Some("true")
}

/// `strconv.ParseInt(s, 10, 64)`; the error text is Go's.
fn parse_go_int64(text: &str) -> Result<i64, &'static str> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("invalid syntax");
    }
    text.parse::<i64>().map_err(|_| "value out of range")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(name_label: &str, valid_until: &str) -> Secret {
        let mut labels: BTreeMap<String, String> = [
            ("managed-by", "secrets-manager"),
            ("manager-identity", "gardenlet"),
            ("persist", "true"),
            ("valid-until-time", valid_until),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        labels.insert("name".into(), name_label.into());
        Secret {
            metadata: ObjectMeta {
                name: format!("secret-{name_label}"),
                labels,
                ..ObjectMeta::default()
            },
            data: [
                ("ca.crt".into(), Some(String::new())),
                ("ca.key".into(), Some(String::new())),
            ]
            .into(),
        }
    }

    #[test]
    fn exactly_one_year_left_is_fine() {
        let now = DateTime::from_timestamp(1_645_568_542, 0).unwrap();
        let one_year = (1_645_568_542 + 365 * 24 * 3600).to_string();
        let result = check_ca_validities(&[secret("ca", &one_year)], now).unwrap();
        assert_eq!(result.status, "True");
        let just_less = (1_645_568_542 + 365 * 24 * 3600 - 1).to_string();
        let result = check_ca_validities(&[secret("ca", &just_less)], now).unwrap();
        assert_eq!(result.status, "False");
        assert!(result
            .message
            .ends_with("\"ca\" (expiring at 2023-02-22 22:22:21 +0000 UTC)"));
    }

    #[test]
    fn unparsable_label_is_an_error() {
        let now = DateTime::from_timestamp(0, 0).unwrap();
        let err = check_ca_validities(&[secret("ca", "soon")], now).unwrap_err();
        assert!(err.starts_with("could not parse valid-until-time label from secret \"secret-ca\""));
    }
}
