//! Time zones and the bits of Go's `time` package the cron walk depends on.
//!
//! robfig/cron steps through wall-clock fields with Go's `time.Date`, `Time.AddDate`, `Time.Add` and
//! `Time.Truncate`. Around daylight-saving transitions those give answers that plain calendar arithmetic
//! does not, so this module reproduces how Go resolves a wall-clock time into an instant
//! (`time.Date`'s two-step zone lookup) on top of an IANA time-zone database: the one `chrono-tz`
//! embeds (feature `tzdb`, on by default), or rules a host passes in as [`TimeZones::host`]
//! (the wasm builds ask the browser's `Intl`, whose database is already there, instead of shipping
//! chrono-tz's tables, about 190 KB compressed). Either way the same zone names are accepted
//! ([`ZONE_NAMES`]).
//!
//! Instants are whole Unix seconds (`i64`); the cron walk never needs anything finer.

use super::zone_names::ZONE_NAMES;
use crate::decode::FromValue;
use serde::{Deserialize, Serialize};

const SECONDS_PER_DAY: i64 = 86_400;

/// What the hibernation schedules need of a time-zone database: the offset of a zone at an instant.
pub trait TimeZoneRules: Send + Sync {
    /// Seconds east of UTC in effect in the IANA zone `zone` at the Unix instant `unix`; `None`
    /// when the rules do not know the zone or the instant.
    fn offset_seconds(&self, zone: &str, unix: i64) -> Option<i64>;
}

/// Where the offsets of IANA zones come from: the embedded database, or rules the host gives (an
/// [`Analyzer`](crate::report::Analyzer) holds them, so no process-wide registration exists).
#[derive(Clone, Copy, Default)]
pub struct TimeZones(Option<&'static dyn TimeZoneRules>);

impl TimeZones {
    /// The embedded database; a build without it (no `tzdb`) loads UTC only.
    pub const EMBEDDED: TimeZones = TimeZones(None);

    /// The host's rules for every zone but UTC, in place of the embedded database.
    pub fn host(rules: &'static dyn TimeZoneRules) -> TimeZones {
        TimeZones(Some(rules))
    }
}

impl std::fmt::Debug for TimeZones {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "host rules"
        } else {
            "embedded"
        })
    }
}

/// Two sources are the same when they are the same rules object.
impl PartialEq for TimeZones {
    fn eq(&self, other: &TimeZones) -> bool {
        match (self.0, other.0) {
            (Some(a), Some(b)) => std::ptr::addr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Eq for TimeZones {}

/// A loaded time zone, as `time.LoadLocation` returns it, with the name Go reports for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(into = "String", try_from = "String")]
pub struct Location {
    name: String,
    /// The IANA zone whose rules apply; `None` for UTC (and `Local`, which is UTC in Gardener).
    zone: Option<String>,
    /// Where the zone's offsets come from.
    rules: TimeZones,
    /// The zone in the embedded database, looked up once: the cron walk asks for many offsets.
    #[cfg(feature = "tzdb")]
    embedded: Option<chrono_tz::Tz>,
}

/// A location read back from its name loads its rules again.
impl TryFrom<String> for Location {
    type Error = String;

    fn try_from(name: String) -> Result<Location, String> {
        Location::load(&name)
    }
}

impl From<Location> for String {
    fn from(location: Location) -> String {
        location.name
    }
}

impl Location {
    /// UTC, the location of a schedule that names none.
    pub fn utc() -> Location {
        Location {
            name: "UTC".to_string(),
            zone: None,
            rules: TimeZones::EMBEDDED,
            #[cfg(feature = "tzdb")]
            embedded: None,
        }
    }

    /// Loads a location like Go's `time.LoadLocation` with the embedded database.
    pub fn load(name: &str) -> Result<Location, String> {
        Location::load_in(name, TimeZones::EMBEDDED)
    }

    /// Loads a location like Go's `time.LoadLocation`: `""` and `"UTC"` are UTC, `"Local"` is the
    /// process' zone (UTC in Gardener's containers), other names must be IANA zone names, whose
    /// offsets `rules` give. The error texts are Go's.
    pub fn load_in(name: &str, rules: TimeZones) -> Result<Location, String> {
        match name {
            "" | "UTC" => return Ok(Location::utc()),
            "Local" => {
                return Ok(Location {
                    name: "Local".to_string(),
                    ..Location::utc()
                })
            }
            _ => Location::check_name(name)?,
        }
        if rules.0.is_none() && !cfg!(feature = "tzdb") {
            return Err(format!(
                "no time-zone rules for {name} in this build (give the Analyzer the host's rules)"
            ));
        }
        Ok(Location {
            name: name.to_string(),
            zone: Some(name.to_string()),
            rules,
            #[cfg(feature = "tzdb")]
            embedded: name.parse().ok(),
        })
    }

    /// Whether Go's `time.LoadLocation` finds `name` in a complete IANA database, as Gardener's
    /// containers carry: the error text is Go's. Every build accepts the same names.
    pub fn check_name(name: &str) -> Result<(), String> {
        if matches!(name, "" | "UTC" | "Local") {
            return Ok(());
        }
        if name.contains("..") || name.starts_with('/') || name.starts_with('\\') {
            return Err("time: invalid location name".to_string());
        }
        if ZONE_NAMES.binary_search(&name).is_err() {
            return Err(format!("unknown time zone {name}"));
        }
        Ok(())
    }

    /// The name Go's `Location.String` gives.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Seconds east of UTC in effect at the instant, or `None` outside the rules' range.
    fn offset_at(&self, unix: i64) -> Option<i64> {
        let Some(zone) = &self.zone else {
            return Some(0);
        };
        match self.rules.0 {
            Some(rules) => rules.offset_seconds(zone, unix),
            None => self.embedded_offset(unix),
        }
    }

    /// Whether the UTC offset is the same at every instant from `from` to `to`. A zone changes its
    /// offset at most once per UTC day (the Intl backend's day cache rests on the same fact), so
    /// equal offsets at both ends and at each UTC midnight between them leave no room for a change.
    pub(crate) fn offset_constant_between(&self, from: i64, to: i64) -> Option<bool> {
        let offset = self.offset_at(from)?;
        let mut midnight = from
            .div_euclid(SECONDS_PER_DAY)
            .checked_add(1)?
            .checked_mul(SECONDS_PER_DAY)?;
        while midnight <= to {
            if self.offset_at(midnight)? != offset {
                return Some(false);
            }
            midnight = midnight.checked_add(SECONDS_PER_DAY)?;
        }
        Some(self.offset_at(to)? == offset)
    }

    /// The wall-clock fields of an instant in this location.
    pub(crate) fn civil(&self, unix: i64) -> Option<Civil> {
        let wall = unix.checked_add(self.offset_at(unix)?)?;
        Some(Civil::of_wall_seconds(wall))
    }

    /// Go's `time.Date(year, month, day, hour, minute, second, 0, loc)`: out-of-range fields carry over,
    /// and a wall time that is skipped or repeated by a transition resolves the way Go resolves it
    /// (offset looked up at the wall time read as UTC, then corrected once).
    pub(crate) fn date(
        &self,
        year: i64,
        month: i64,
        day: i64,
        hour: i64,
        minute: i64,
        second: i64,
    ) -> Option<i64> {
        let month0 = month.checked_sub(1)?;
        let year = year.checked_add(month0.div_euclid(12))?;
        let month = month0.rem_euclid(12) + 1;
        let days = days_from_civil(year, month, 1).checked_add(day.checked_sub(1)?)?;
        let wall = days
            .checked_mul(SECONDS_PER_DAY)?
            .checked_add(hour.checked_mul(3600)?)?
            .checked_add(minute.checked_mul(60)?)?
            .checked_add(second)?;
        let guess = self.offset_at(wall)?;
        let offset = self.offset_at(wall.checked_sub(guess)?)?;
        wall.checked_sub(offset)
    }

    /// Go's `t.AddDate(0, months, days)` on the instant's wall clock in this location.
    pub(crate) fn add_date(&self, unix: i64, months: i64, days: i64) -> Option<i64> {
        let c = self.civil(unix)?;
        self.date(
            c.year,
            c.month + months,
            c.day + days,
            c.hour,
            c.minute,
            c.second,
        )
    }
}

impl Location {
    /// The offset from chrono-tz's embedded database.
    #[cfg(feature = "tzdb")]
    fn embedded_offset(&self, unix: i64) -> Option<i64> {
        use chrono::{Offset, TimeZone};
        let instant = chrono::DateTime::from_timestamp(unix, 0)?.naive_utc();
        Some(i64::from(
            self.embedded?
                .offset_from_utc_datetime(&instant)
                .fix()
                .local_minus_utc(),
        ))
    }

    /// Without the embedded database only registered rules know offsets ([`Location::load`] refuses
    /// zones then).
    #[cfg(not(feature = "tzdb"))]
    fn embedded_offset(&self, _unix: i64) -> Option<i64> {
        None
    }
}

/// Wall-clock fields (Go's `Date`, `Clock` and `Weekday`, Sunday = 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Civil {
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub minute: i64,
    pub second: i64,
    pub weekday: i64,
}

impl Civil {
    fn of_wall_seconds(wall: i64) -> Civil {
        let days = wall.div_euclid(SECONDS_PER_DAY);
        let seconds = wall.rem_euclid(SECONDS_PER_DAY);
        let (year, month, day) = civil_from_days(days);
        Civil {
            year,
            month,
            day,
            hour: seconds / 3600,
            minute: seconds / 60 % 60,
            second: seconds % 60,
            // 1970-01-01 was a Thursday.
            weekday: (days + 4).rem_euclid(7),
        }
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (month 1..=12).
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let shifted_month = (month + 9) % 12;
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::DateTime;

    #[cfg(feature = "tzdb")]
    #[test]
    fn the_zone_names_are_chrono_tz_s() {
        let mut embedded: Vec<&str> = chrono_tz::TZ_VARIANTS.iter().map(|z| z.name()).collect();
        embedded.sort_unstable();
        assert_eq!(ZONE_NAMES, embedded.as_slice());
    }

    fn unix(text: &str) -> i64 {
        DateTime::parse_from_rfc3339(text).unwrap().timestamp()
    }

    #[test]
    fn civil_round_trip() {
        for days in [-1_000_000, -1, 0, 59, 60, 365, 11_016, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-719_162), (1, 1, 1));
    }

    #[test]
    fn loads_like_go() {
        assert_eq!(Location::load("").unwrap().name(), "UTC");
        assert_eq!(
            Location::load("Europe/Berlin").unwrap().name(),
            "Europe/Berlin"
        );
        assert_eq!(
            Location::load("Moon/Crater").unwrap_err(),
            "unknown time zone Moon/Crater"
        );
        assert_eq!(
            Location::load("../etc").unwrap_err(),
            "time: invalid location name"
        );
    }

    #[test]
    fn date_resolves_gaps_and_overlaps_like_go() {
        let berlin = Location::load("Europe/Berlin").unwrap();
        // 02:30 does not exist on 2022-03-27; Go yields 03:30 CEST (01:30 UTC).
        assert_eq!(
            berlin.date(2022, 3, 27, 2, 30, 0),
            Some(unix("2022-03-27T01:30:00Z"))
        );
        // 02:30 happens twice on 2022-10-30; Go picks the second one (CET, 01:30 UTC).
        assert_eq!(
            berlin.date(2022, 10, 30, 2, 30, 0),
            Some(unix("2022-10-30T01:30:00Z"))
        );
        // Carry-over of out-of-range months and days.
        assert_eq!(
            berlin.date(2022, 13, 32, 0, 0, 0),
            Some(unix("2023-02-01T00:00:00+01:00"))
        );
        let c = berlin.civil(unix("2022-04-12T07:00:00Z")).unwrap();
        assert_eq!((c.hour, c.weekday), (9, 2));
    }
}
