//! Time-zone offsets for the wasm builds (the app and the npm package) from the JavaScript engine's
//! `Intl.DateTimeFormat`, which browsers and Node carry with a current IANA database. The core's
//! hibernation schedules then need no embedded database: chrono-tz's tables are about 190 KB of
//! every download, compressed.
//!
//! The offset of a zone at an instant is the difference between the wall clock `Intl` shows there
//! and the instant itself. Zone names are checked by the core against its own list, so every build
//! accepts the same names; only the offsets come from the engine.

/// Registers the engine's time-zone rules with the core; call once before analysing. Outside wasm
/// it does nothing: native builds embed the database.
pub fn install() {
    #[cfg(target_arch = "wasm32")]
    shoot_policy::hibernation::use_time_zone_rules(&engine::EngineRules);
}

#[cfg(target_arch = "wasm32")]
mod engine {
    use js_sys::{Array, Date, Intl, Object, Reflect};
    use shoot_policy::hibernation::{days_from_civil, TimeZoneRules};
    use std::cell::RefCell;
    use std::collections::HashMap;
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
        /// Creating a formatter costs far more than using it.
        formatter: Intl::DateTimeFormat,
        /// The days already asked about: a cron walk asks for many instants of few days, and one
        /// engine call costs microseconds.
        days: HashMap<i64, Day>,
    }

    thread_local! {
        static ZONES: RefCell<HashMap<String, Zone>> = RefCell::new(HashMap::new());
    }

    impl TimeZoneRules for EngineRules {
        fn offset_seconds(&self, zone: &str, unix: i64) -> Option<i64> {
            ZONES.with(|zones| {
                let mut zones = zones.borrow_mut();
                if !zones.contains_key(zone) {
                    let formatter = formatter(zone)?;
                    zones.insert(
                        zone.to_string(),
                        Zone {
                            formatter,
                            days: HashMap::new(),
                        },
                    );
                }
                zones.get_mut(zone)?.offset(unix)
            })
        }
    }

    impl Zone {
        /// Offsets are piecewise constant and no zone changes twice within a day, so a day whose
        /// first and last second have the same offset has it throughout.
        fn offset(&mut self, unix: i64) -> Option<i64> {
            let day = unix.div_euclid(SECONDS_PER_DAY);
            let known = match self.days.get(&day) {
                Some(known) => *known,
                None => {
                    let start = self.engine_offset(day * SECONDS_PER_DAY)?;
                    let end = self.engine_offset(day * SECONDS_PER_DAY + SECONDS_PER_DAY - 1)?;
                    let known = if start == end {
                        Day::Constant(start)
                    } else {
                        Day::Changes
                    };
                    self.days.insert(day, known);
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
