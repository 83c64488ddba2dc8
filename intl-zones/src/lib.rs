//! Time-zone offsets for the wasm builds (the app and the npm package) from the JavaScript engine's
//! `Intl.DateTimeFormat`, which browsers and Node carry with a current IANA database. The core's
//! hibernation schedules then need no embedded database: chrono-tz's tables are about 190 KB of
//! every download, compressed.
//!
//! The offset of a zone at an instant is the difference between the wall clock `Intl` shows there
//! and the instant itself. Zone names are checked by the core against its own list, so every build
//! accepts the same names; only the offsets come from the engine.

/// The engine's time-zone rules, for an analyzer (`Analyzer::with_time_zones`). Outside wasm, the
/// embedded database: native builds have it.
pub fn rules() -> shoot_policy::hibernation::TimeZones {
    #[cfg(target_arch = "wasm32")]
    return shoot_policy::hibernation::TimeZones::host(&engine::EngineRules);
    #[cfg(not(target_arch = "wasm32"))]
    shoot_policy::hibernation::TimeZones::EMBEDDED
}

/// The offset, in seconds east of UTC, the engine's `Intl` gives `zone` at the Unix instant `unix`,
/// through the day cache the analyses use (for the tests that hold it to chrono-tz).
#[cfg(target_arch = "wasm32")]
pub fn engine_offset(zone: &str, unix: i64) -> Option<i64> {
    use shoot_policy::hibernation::TimeZoneRules;
    engine::EngineRules.offset_seconds(zone, unix)
}

#[cfg(target_arch = "wasm32")]
mod engine {
    use js_sys::{Array, Date, Intl, Object, Reflect};
    use shoot_policy::hibernation::{days_from_civil, TimeZoneRules};
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::hash::{BuildHasherDefault, Hasher};
    use wasm_bindgen::JsValue;

    pub struct EngineRules;

    const SECONDS_PER_DAY: i64 = 86_400;

    /// What is known of one zone's offset on one UTC day.
    #[derive(Clone, Copy)]
    enum Day {
        /// The same offset all day.
        Constant(i64),
        /// A transition falls on this day: ask the engine for each instant.
        Changes,
    }

    /// What the engine has told of one zone.
    struct Zone {
        name: String,
        /// Creating a formatter costs far more than using it.
        formatter: Intl::DateTimeFormat,
        /// The days already asked about: a cron walk asks for many instants of few days, and one
        /// engine call costs microseconds.
        days: HashMap<i64, Day, BuildHasherDefault<DayHasher>>,
        /// The day asked about last: most questions are about the day before's.
        last: Option<(i64, Day)>,
    }

    thread_local! {
        /// A Shoot's schedules name a zone or two, so a list searched by name is quicker than
        /// hashing the name for every question.
        static ZONES: RefCell<Vec<Zone>> = const { RefCell::new(Vec::new()) };
    }

    impl TimeZoneRules for EngineRules {
        fn offset_seconds(&self, zone: &str, unix: i64) -> Option<i64> {
            ZONES.with(|zones| {
                let mut zones = zones.borrow_mut();
                let index = match zones.iter().position(|known| known.name == zone) {
                    Some(index) => index,
                    None => {
                        zones.push(Zone {
                            name: zone.to_string(),
                            formatter: formatter(zone)?,
                            days: HashMap::default(),
                            last: None,
                        });
                        zones.len() - 1
                    }
                };
                zones[index].offset(unix)
            })
        }
    }

    impl Zone {
        /// Offsets are piecewise constant and no zone changes twice within a day, so a day whose
        /// first and last second have the same offset has it throughout.
        fn offset(&mut self, unix: i64) -> Option<i64> {
            let day = unix.div_euclid(SECONDS_PER_DAY);
            let known = match self.last {
                Some((last, known)) if last == day => known,
                _ => {
                    let known = match self.days.get(&day) {
                        Some(known) => *known,
                        None => {
                            let start = self.engine_offset(day * SECONDS_PER_DAY)?;
                            let end =
                                self.engine_offset(day * SECONDS_PER_DAY + SECONDS_PER_DAY - 1)?;
                            let known = if start == end {
                                Day::Constant(start)
                            } else {
                                Day::Changes
                            };
                            self.days.insert(day, known);
                            known
                        }
                    };
                    self.last = Some((day, known));
                    known
                }
            };
            match known {
                Day::Constant(offset) => Some(offset),
                Day::Changes => self.engine_offset(unix),
            }
        }

        /// The offset the engine shows at `unix`.
        fn engine_offset(&self, unix: i64) -> Option<i64> {
            let millis = unix.checked_mul(1000)?;
            let date = Date::new(&JsValue::from_f64(millis as f64));
            Some(wall_seconds(&self.formatter.format_to_parts(&date))? - unix)
        }
    }

    /// Hashes a day number with one multiplication: the keys are our own day numbers, not input
    /// an adversary picks, and SipHash was most of a cached lookup's cost.
    #[derive(Default)]
    struct DayHasher(u64);

    impl Hasher for DayHasher {
        fn finish(&self) -> u64 {
            self.0
        }

        fn write(&mut self, bytes: &[u8]) {
            for byte in bytes {
                self.0 = (self.0.rotate_left(5) ^ u64::from(*byte)).wrapping_mul(FIBONACCI);
            }
        }

        fn write_i64(&mut self, day: i64) {
            self.0 = (day as u64).wrapping_mul(FIBONACCI);
        }
    }

    /// 2^64 divided by the golden ratio, an odd number: consecutive days get different low bits
    /// (hashbrown's bucket) and spread high bits (its tag).
    const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

    /// A formatter that shows every field of the wall clock in `zone` as plain numbers; `None` when
    /// the engine does not know the zone.
    fn formatter(zone: &str) -> Option<Intl::DateTimeFormat> {
        let options = Object::new();
        for (key, value) in [
            ("timeZone", zone),
            ("hourCycle", "h23"),
            ("year", "numeric"),
            ("month", "numeric"),
            ("day", "numeric"),
            ("hour", "numeric"),
            ("minute", "numeric"),
            ("second", "numeric"),
            ("era", "short"),
        ] {
            Reflect::set(&options, &key.into(), &value.into()).ok()?;
        }
        let locales = Array::of1(&"en-US".into());
        // An unknown zone makes the constructor throw a RangeError; Reflect.construct catches it.
        let intl = Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
        let constructor = Reflect::get(&intl, &"DateTimeFormat".into()).ok()?;
        let formatter =
            Reflect::construct(&constructor.into(), &Array::of2(&locales, &options)).ok()?;
        Some(formatter.into())
    }

    /// The wall clock of the parts as seconds since 1970-01-01 (proleptic Gregorian, astronomical
    /// years: the year 1 BC is 0).
    fn wall_seconds(parts: &Array) -> Option<i64> {
        let mut fields = [0i64; 6];
        let mut before_christ = false;
        for part in parts.iter() {
            let kind = Reflect::get(&part, &"type".into()).ok()?.as_string()?;
            let value = Reflect::get(&part, &"value".into()).ok()?.as_string()?;
            let index = match kind.as_str() {
                "year" => 0,
                "month" => 1,
                "day" => 2,
                "hour" => 3,
                "minute" => 4,
                "second" => 5,
                "era" => {
                    before_christ = value == "BC";
                    continue;
                }
                _ => continue,
            };
            fields[index] = value.parse().ok()?;
        }
        let [year, month, day, hour, minute, second] = fields;
        let year = if before_christ { 1 - year } else { year };
        Some(days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second)
    }
}
