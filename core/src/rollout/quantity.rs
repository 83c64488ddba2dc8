//! Kubernetes `resource.Quantity` (k8s.io/apimachinery/pkg/api/resource): parsing and the canonical
//! `String()` form, which is what Gardener hashes for `kubeReserved` (`1024Mi` and `1Gi` are the same
//! quantity and print as `1Gi`; `10000` prints as `10k`).
//!
//! A quantity is kept as an exact decimal (`unscaled × 10^exponent`) plus the format its suffix
//! selected. Like Kubernetes, a quantity whose text is already canonical remembers that text, and a
//! value with more than nine decimal places is rounded away from zero to nano precision.

use std::cmp::Ordering;
use std::fmt;

/// The number system a quantity prints in (`resource.Format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `e3`, `E6` style suffixes.
    DecimalExponent,
    /// `Ki`, `Mi`, `Gi`, … suffixes.
    BinarySI,
    /// `m`, `k`, `M`, `G`, … suffixes (or none).
    DecimalSI,
}

/// A parsed `resource.Quantity`.
#[derive(Debug, Clone)]
pub struct Quantity {
    value: Decimal,
    format: Format,
    /// The original text, kept when Kubernetes keeps it (it is then already canonical, up to a sign).
    cached: Option<String>,
}

/// Why a string is not a quantity (the texts of `resource.ErrFormatWrong` etc.).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuantityError {
    FormatWrong,
    Suffix,
    Numeric,
    /// The value does not fit the exact arithmetic this library uses (beyond ~10^38).
    TooLarge,
}

impl fmt::Display for QuantityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QuantityError::FormatWrong => {
                "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
            }
            QuantityError::Suffix => "unable to parse quantity's suffix",
            QuantityError::Numeric => "unable to parse numeric part of quantity",
            QuantityError::TooLarge => "quantity is too large for exact evaluation",
        })
    }
}

impl std::error::Error for QuantityError {}

/// `unscaled × 10^exponent`, exact.
#[derive(Debug, Clone, Copy)]
struct Decimal {
    unscaled: i128,
    exponent: i32,
}

const NANO_EXPONENT: i32 = -9;

impl Quantity {
    /// `resource.ParseQuantity`.
    pub fn parse(text: &str) -> Result<Quantity, QuantityError> {
        if text.is_empty() {
            return Err(QuantityError::FormatWrong);
        }
        if text == "0" {
            return Ok(Quantity {
                value: Decimal::ZERO,
                format: Format::DecimalSI,
                cached: Some(text.to_string()),
            });
        }
        let parts = split_quantity(text)?;
        let (base, exponent, format) =
            interpret_suffix(parts.suffix).ok_or(QuantityError::Suffix)?;

        if let Some(quantity) = fast_path(text, &parts, base, exponent, format) {
            return Ok(quantity);
        }

        let mut value = Decimal::parse(parts.value)?;
        if base == 10 {
            value.exponent = value
                .exponent
                .checked_add(exponent)
                .ok_or(QuantityError::TooLarge)?;
        } else {
            let factor = 1i128
                .checked_shl(exponent as u32)
                .filter(|f| *f > 0)
                .ok_or(QuantityError::TooLarge)?;
            value.unscaled = value
                .unscaled
                .checked_mul(factor)
                .ok_or(QuantityError::TooLarge)?;
        }
        // Non-zero values below nano precision are rounded up (away from zero), so that asking for a
        // tiny amount still gets some.
        let mut value = value.round_away_from_zero(NANO_EXPONENT)?;
        let mut format = format;
        if format == Format::BinarySI {
            let max = Decimal {
                unscaled: i64::MAX as i128,
                exponent: 0,
            };
            if value.cmp_value(&max) == Ordering::Greater {
                value = max;
            }
            let one = Decimal {
                unscaled: 1,
                exponent: 0,
            };
            if value.unscaled > 0 && value.cmp_value(&one) == Ordering::Less {
                format = Format::DecimalSI;
            }
        }
        Ok(Quantity {
            value,
            format,
            cached: None,
        })
    }

    /// A quantity as JSON holds it: a string, or a number (which the API server's decoder accepts
    /// too), read as `Quantity.UnmarshalJSON` reads it (surrounding white space dropped). `None` for
    /// any other value.
    pub fn from_json(value: &serde_json::Value) -> Option<Result<Quantity, QuantityError>> {
        match value {
            serde_json::Value::String(text) => Some(Quantity::parse(text.trim())),
            serde_json::Value::Number(number) => Some(Quantity::parse(&number.to_string())),
            _ => None,
        }
    }

    /// The format the quantity prints in.
    pub fn format(&self) -> Format {
        self.format
    }

    pub fn is_zero(&self) -> bool {
        self.value.unscaled == 0
    }

    /// `Quantity.Add`: exact sum; the result keeps the left format unless the left side is zero.
    pub fn add(&self, other: &Quantity) -> Result<Quantity, QuantityError> {
        let format = if self.is_zero() {
            other.format
        } else {
            self.format
        };
        Ok(Quantity {
            value: self.value.checked_add(&other.value)?,
            format,
            cached: None,
        })
    }

    /// `Quantity.Cmp(other) == 0` (what `apiequality.Semantic` uses).
    pub fn same_value(&self, other: &Quantity) -> bool {
        self.compare(other) == Ordering::Equal
    }

    /// `Quantity.Cmp`: the order of the two values, whatever their formats.
    pub fn compare(&self, other: &Quantity) -> Ordering {
        self.value.cmp_value(&other.value)
    }

    /// `Quantity.String()`: the canonical text.
    pub fn canonical(&self) -> String {
        if let Some(text) = &self.cached {
            return text.clone();
        }
        if self.is_zero() {
            return "0".to_string();
        }
        let mut format = self.format;
        if format == Format::BinarySI {
            let small = self.value.cmp_value(&Decimal::from_int(-1024)) == Ordering::Greater
                && self.value.cmp_value(&Decimal::from_int(1024)) == Ordering::Less;
            if small || self.value.as_integer().is_none() {
                format = Format::DecimalSI;
            }
        }
        match format {
            Format::BinarySI => {
                let integer = self.value.as_integer().unwrap_or(0);
                let (mantissa, times) = remove_factors(integer, 1024);
                let suffix = binary_suffix(times * 10).unwrap_or("");
                format!("{mantissa}{suffix}")
            }
            Format::DecimalSI | Format::DecimalExponent => {
                let (mantissa, times) = remove_factors(self.value.unscaled, 10);
                let mut exponent = self.value.exponent + times;
                let mut mantissa = mantissa;
                // Kubernetes moves the exponent down to a multiple of three.
                while exponent % 3 != 0 {
                    mantissa = mantissa.saturating_mul(10);
                    exponent -= 1;
                }
                let suffix = if format == Format::DecimalSI {
                    decimal_suffix(exponent).unwrap_or("").to_string()
                } else if exponent == 0 {
                    String::new()
                } else {
                    format!("e{exponent}")
                };
                format!("{mantissa}{suffix}")
            }
        }
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.canonical())
    }
}

/// The pieces `parseQuantityString` finds.
struct QuantityParts<'a> {
    positive: bool,
    /// Sign and number without the suffix.
    value: &'a str,
    /// Integer digits without leading zeros (`"0"` when there are none).
    numerator: &'a str,
    /// Fraction digits.
    denominator: &'a str,
    suffix: &'a str,
}

fn split_quantity(text: &str) -> Result<QuantityParts<'_>, QuantityError> {
    let bytes = text.as_bytes();
    let end = bytes.len();
    let mut pos = 0;
    let mut positive = true;
    match bytes.first() {
        Some(b'-') => {
            positive = false;
            pos += 1;
        }
        Some(b'+') => pos += 1,
        _ => {}
    }
    while pos < end && bytes[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return Ok(QuantityParts {
            positive,
            value: "0",
            numerator: "0",
            denominator: "",
            suffix: "",
        });
    }
    let numerator_start = pos;
    while pos < end && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    let mut numerator = &text[numerator_start..pos];
    if pos >= end {
        return Ok(QuantityParts {
            positive,
            value: text,
            numerator: if numerator.is_empty() { "0" } else { numerator },
            denominator: "",
            suffix: "",
        });
    }
    if numerator.is_empty() {
        numerator = "0";
    }
    let mut denominator = "";
    if bytes[pos] == b'.' {
        pos += 1;
        let start = pos;
        while pos < end && bytes[pos].is_ascii_digit() {
            pos += 1;
        }
        denominator = &text[start..pos];
        if pos >= end {
            return Ok(QuantityParts {
                positive,
                value: text,
                numerator,
                denominator,
                suffix: "",
            });
        }
    }
    let value = &text[..pos];
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&bytes[pos]) {
        pos += 1;
    }
    if pos < end && (bytes[pos] == b'-' || bytes[pos] == b'+') {
        pos += 1;
    }
    while pos < end && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(QuantityError::FormatWrong);
    }
    Ok(QuantityParts {
        positive,
        value,
        numerator,
        denominator,
        suffix: &text[suffix_start..],
    })
}

/// `(base, exponent, format)` of a suffix.
fn interpret_suffix(suffix: &str) -> Option<(u32, i32, Format)> {
    let decimal = |exponent| Some((10, exponent, Format::DecimalSI));
    let binary = |exponent| Some((2, exponent, Format::BinarySI));
    match suffix {
        "" => decimal(0),
        "n" => decimal(-9),
        "u" => decimal(-6),
        "m" => decimal(-3),
        "k" => decimal(3),
        "M" => decimal(6),
        "G" => decimal(9),
        "T" => decimal(12),
        "P" => decimal(15),
        "E" => decimal(18),
        "Ki" => binary(10),
        "Mi" => binary(20),
        "Gi" => binary(30),
        "Ti" => binary(40),
        "Pi" => binary(50),
        "Ei" => binary(60),
        _ => {
            let rest = suffix.strip_prefix(['e', 'E'])?;
            if rest.is_empty() {
                return None;
            }
            let exponent: i64 = rest.parse().ok()?;
            let exponent = i32::try_from(exponent).ok()?;
            Some((10, exponent, Format::DecimalExponent))
        }
    }
}

fn decimal_suffix(exponent: i32) -> Option<&'static str> {
    Some(match exponent {
        -9 => "n",
        -6 => "u",
        -3 => "m",
        0 => "",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        15 => "P",
        18 => "E",
        _ => return None,
    })
}

fn binary_suffix(exponent: i32) -> Option<&'static str> {
    Some(match exponent {
        0 => "",
        10 => "Ki",
        20 => "Mi",
        30 => "Gi",
        40 => "Ti",
        50 => "Pi",
        60 => "Ei",
        _ => return None,
    })
}

/// Kubernetes' int64 shortcut in `ParseQuantity`, which also decides whether the original text is kept.
fn fast_path(
    text: &str,
    parts: &QuantityParts<'_>,
    base: u32,
    exponent: i32,
    format: Format,
) -> Option<Quantity> {
    let digits = (parts.numerator.len() + parts.denominator.len()) as i64;
    let (precision, mut scale, multiplier) = match format {
        Format::DecimalExponent | Format::DecimalSI => (18 - digits, exponent, 1i64),
        Format::BinarySI => {
            if exponent >= 0 && parts.denominator.is_empty() && base == 2 {
                let precision = 15 - parts.numerator.len() as i64 - (exponent as i64 * 3 / 10) - 1;
                (precision, 0, 1i64.checked_shl(exponent as u32)?)
            } else {
                (-1, 0, 1)
            }
        }
    };
    if precision < 0 {
        return None;
    }
    scale -= parts.denominator.len() as i32;
    if scale < NANO_EXPONENT {
        return None;
    }
    let shifted = format!("{}{}", parts.numerator, parts.denominator);
    let value: i64 = shifted.parse().ok()?;
    let mut result = value.checked_mul(multiplier)?;
    if !parts.positive {
        result = -result;
    }
    let keeps_text = match format {
        Format::BinarySI => exponent % 10 == 0 && (value & 0x07) != 0,
        _ => scale % 3 == 0 && !shifted.ends_with("000") && !shifted.starts_with('0'),
    };
    Some(Quantity {
        value: Decimal {
            unscaled: result as i128,
            exponent: scale,
        },
        format,
        cached: keeps_text.then(|| text.to_string()),
    })
}

/// Divides out `base` while the (absolute) value is at least `base` and divisible by it.
fn remove_factors(value: i128, base: i128) -> (i128, i32) {
    let negative = value < 0;
    let mut result = value.unsigned_abs();
    let base_unsigned = base.unsigned_abs();
    let mut times = 0;
    while result >= base_unsigned && result % base_unsigned == 0 {
        times += 1;
        result /= base_unsigned;
    }
    let result = result as i128;
    (if negative { -result } else { result }, times)
}

fn pow10(exponent: u32) -> Option<i128> {
    10i128.checked_pow(exponent)
}

impl Decimal {
    const ZERO: Decimal = Decimal {
        unscaled: 0,
        exponent: 0,
    };

    fn from_int(value: i128) -> Decimal {
        Decimal {
            unscaled: value,
            exponent: 0,
        }
    }

    /// Parses `[+-]digits[.digits]`.
    fn parse(text: &str) -> Result<Decimal, QuantityError> {
        let (negative, body) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (integer, fraction) = body.split_once('.').unwrap_or((body, ""));
        let digits = format!("{integer}{fraction}");
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(QuantityError::Numeric);
        }
        let trimmed = digits.trim_start_matches('0');
        let unscaled: i128 = if trimmed.is_empty() {
            0
        } else {
            trimmed.parse().map_err(|_| QuantityError::TooLarge)?
        };
        Ok(Decimal {
            unscaled: if negative { -unscaled } else { unscaled },
            exponent: -(fraction.len() as i32),
        })
    }

    /// Brings both values to the smaller exponent.
    fn aligned(&self, other: &Decimal) -> Option<(i128, i128, i32)> {
        let exponent = self.exponent.min(other.exponent);
        let scale = |d: &Decimal| -> Option<i128> {
            if d.unscaled == 0 {
                return Some(0);
            }
            d.unscaled
                .checked_mul(pow10(u32::try_from(d.exponent - exponent).ok()?)?)
        };
        Some((scale(self)?, scale(other)?, exponent))
    }

    fn checked_add(&self, other: &Decimal) -> Result<Decimal, QuantityError> {
        let (a, b, exponent) = self.aligned(other).ok_or(QuantityError::TooLarge)?;
        Ok(Decimal {
            unscaled: a.checked_add(b).ok_or(QuantityError::TooLarge)?,
            exponent,
        })
    }

    fn cmp_value(&self, other: &Decimal) -> Ordering {
        match self.aligned(other) {
            Some((a, b, _)) => a.cmp(&b),
            // Only reachable for astronomically different magnitudes: compare signs, then exponents.
            None => {
                let sign = |d: &Decimal| d.unscaled.signum();
                sign(self).cmp(&sign(other)).then_with(|| {
                    let by_magnitude = self.exponent.cmp(&other.exponent);
                    if sign(self) < 0 {
                        by_magnitude.reverse()
                    } else {
                        by_magnitude
                    }
                })
            }
        }
    }

    /// Rounds to `10^exponent` precision, away from zero, when the value is finer than that.
    fn round_away_from_zero(self, exponent: i32) -> Result<Decimal, QuantityError> {
        if self.unscaled == 0 || self.exponent >= exponent {
            return Ok(self);
        }
        let shift = (exponent - self.exponent) as u32;
        let magnitude = self.unscaled.unsigned_abs();
        let rounded = match pow10(shift) {
            Some(divisor) => {
                let divisor = divisor as u128;
                magnitude / divisor + u128::from(magnitude % divisor != 0)
            }
            // The value is far below one unit of the target precision.
            None => 1,
        };
        let rounded = i128::try_from(rounded).map_err(|_| QuantityError::TooLarge)?;
        Ok(Decimal {
            unscaled: if self.unscaled < 0 { -rounded } else { rounded },
            exponent,
        })
    }

    /// The value as an integer, when it is one.
    fn as_integer(&self) -> Option<i128> {
        if self.exponent >= 0 {
            return self.unscaled.checked_mul(pow10(self.exponent as u32)?);
        }
        let divisor = pow10((-self.exponent) as u32)?;
        (self.unscaled % divisor == 0).then(|| self.unscaled / divisor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(text: &str) -> String {
        Quantity::parse(text).unwrap().canonical()
    }

    #[test]
    fn canonical_forms_follow_kubernetes() {
        assert_eq!(canonical("1024Mi"), "1Gi");
        assert_eq!(canonical("1Gi"), "1Gi");
        assert_eq!(canonical("10000"), "10k");
        assert_eq!(canonical("10k"), "10k");
        assert_eq!(canonical("20480Mi"), "20Gi");
        assert_eq!(canonical("80m"), "80m");
        assert_eq!(canonical("0.1"), "100m");
        assert_eq!(canonical("1.5"), "1500m");
        assert_eq!(canonical("1500"), "1500");
        assert_eq!(canonical("2048Ki"), "2Mi");
        assert_eq!(canonical("1025Ki"), "1025Ki");
        assert_eq!(canonical("0.5Gi"), "512Mi");
        assert_eq!(canonical("100e3"), "100e3");
        assert_eq!(canonical("1e3"), "1e3");
        assert_eq!(canonical("1000e0"), "1e3");
        assert_eq!(canonical("0.0000000001"), "1n");
        assert_eq!(canonical("512"), "512");
        assert_eq!(canonical("0Gi"), "0");
        assert_eq!(canonical("00"), "0");
        assert_eq!(canonical("100Mi"), "100Mi");
        assert_eq!(canonical("104857600"), "104857600");
        assert_eq!(canonical("-1k"), "-1k");
        // Kubernetes keeps already-canonical text verbatim, including a leading plus sign.
        assert_eq!(canonical("+1k"), "+1k");
        assert_eq!(canonical("1.5Gi"), "1536Mi");
    }

    #[test]
    fn rejects_malformed_quantities() {
        assert!(Quantity::parse("").is_err());
        assert!(Quantity::parse("1Gix").is_err());
        assert!(Quantity::parse("abc").is_err());
        assert!(Quantity::parse("1Xi").is_err());
    }

    #[test]
    fn sum_keeps_left_format() {
        let sum = Quantity::parse("70m")
            .unwrap()
            .add(&Quantity::parse("10m").unwrap())
            .unwrap();
        assert_eq!(sum.canonical(), "80m");
        let sum = Quantity::parse("1Gi")
            .unwrap()
            .add(&Quantity::parse("1024Mi").unwrap())
            .unwrap();
        assert_eq!(sum.canonical(), "2Gi");
        assert!(Quantity::parse("1Gi")
            .unwrap()
            .same_value(&Quantity::parse("1073741824").unwrap()));
    }
}
