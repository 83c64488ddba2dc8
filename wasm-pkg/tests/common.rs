//! Assertions shared by the node and browser wasm test binaries: the exported API called through
//! JavaScript values, exactly as a package user calls it.

use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// Every assertion below as a `#[wasm_bindgen_test]` of the binary that includes this module
/// (`node.rs`, `browser.rs`), so each runs in both places from this one list.
// Unused where Cargo builds this file as a test binary of its own.
#[allow(unused_macros)]
macro_rules! every_common_test {
    () => {
        every_common_test!(
            classifies_versions_given_a_date,
            input_errors_are_data_and_misuse_throws,
            hibernation_schedules_follow_daylight_saving_time,
            offsets_of_two_zones_asked_in_turn,
            the_engines_offsets_are_chrono_tzs_in_every_zone_2020_to_2035,
            an_object_is_read_as_its_json_and_a_string_as_its_text,
            texts_cross_into_wasm_whole,
            a_fleet_written_report_by_report_is_the_fleet_report,
            the_apps_fleet_request_is_the_cores_fleet_view_with_its_progress,
        );
        // `benchParseOnly` is in the bench's build only; `cargo xtask test` turns it on.
        #[cfg(feature = "bench")]
        #[wasm_bindgen_test::wasm_bindgen_test]
        fn bench_parse_only_counts_documents_and_fails_on_broken_text() {
            common::bench_parse_only_counts_documents_and_fails_on_broken_text();
        }
    };
    ($($name:ident),* $(,)?) => {$(
        #[wasm_bindgen_test::wasm_bindgen_test]
        fn $name() {
            common::$name();
        }
    )*};
}

/// A CloudProfile with an image to give a pool: without one, Gardener's ShootMutator refuses
/// every Shoot with workers, and no maintenance runs on a refused Shoot.
const PROFILE: &str = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  kubernetes:\n    versions:\n    - {version: 1.30.1, expirationDate: '2025-06-01T00:00:00Z'}\n    - {version: 1.31.0}\n  machineImages: [{name: gl, versions: [{version: 1.0.0}]}]\n";

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("property access works")
}

fn options(now: JsValue) -> shoot_policy_wasm::Options {
    let options = Object::new();
    Reflect::set(&options, &"now".into(), &now).unwrap();
    JsValue::from(options).unchecked_into()
}

fn input_with_profile() -> JsValue {
    let input = Object::new();
    Reflect::set(&input, &"cloudProfile".into(), &PROFILE.into()).unwrap();
    input.into()
}

pub fn classifies_versions_given_a_date() {
    let now = js_sys::Date::new(&"2026-01-01T00:00:00Z".into());
    let report = shoot_policy_wasm::analyze(input_with_profile(), &options(now.into())).unwrap();
    let kubernetes = get(&get(&report, "versions"), "kubernetes");
    let first = Reflect::get_u32(&kubernetes, 0).unwrap();
    assert_eq!(
        get(&first, "classification").as_string().unwrap(),
        "expired"
    );
    assert_eq!(
        get(&first, "expires").as_string().unwrap(),
        "2025-06-01T00:00:00Z"
    );
}

pub fn input_errors_are_data_and_misuse_throws() {
    let input = Object::new();
    Reflect::set(&input, &"shoot".into(), &"kind: Shoot\nspec: [".into()).unwrap();
    let report =
        shoot_policy_wasm::analyze(input.into(), &options("2026-01-01T00:00:00Z".into())).unwrap();
    let diagnostics = js_sys::Array::from(&get(&report, "diagnostics"));
    assert_eq!(diagnostics.length(), 1);
    assert_eq!(
        get(&diagnostics.get(0), "source").as_string().unwrap(),
        "Shoot"
    );

    let missing_now =
        shoot_policy_wasm::analyze(input_with_profile(), &options(JsValue::UNDEFINED));
    assert!(missing_now.is_err());
    let bad_now = shoot_policy_wasm::analyze(input_with_profile(), &options("yesterday".into()));
    assert!(bad_now.is_err());
}

/// The message of what an API call threw.
fn thrown(error: wasm_bindgen::JsError) -> String {
    let error: js_sys::Error = JsValue::from(error).unchecked_into();
    error.message().into()
}

fn analyze_shoot(shoot: &JsValue) -> Result<JsValue, wasm_bindgen::JsError> {
    let input = input_with_profile();
    Reflect::set(&input, &"shoot".into(), shoot).unwrap();
    shoot_policy_wasm::analyze(input, &options("2026-01-01T00:00:00Z".into()))
}

fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().into()
}

pub fn an_object_is_read_as_its_json_and_a_string_as_its_text() {
    let object = js_sys::JSON::parse(
        r#"{"kind": "Shoot", "metadata": {"name": "s", "namespace": "garden-t"},
            "spec": {"region": "r", "kubernetes": {"version": "1.30.1"}}}"#,
    )
    .unwrap();
    let by_object = analyze_shoot(&object).unwrap();
    let by_json = analyze_shoot(&js_sys::JSON::stringify(&object).unwrap().into()).unwrap();
    assert_eq!(json(&by_object), json(&by_json));
    let yaml = "kind: Shoot\nmetadata: {name: s, namespace: garden-t}\nspec:\n  region: r\n  kubernetes: {version: 1.30.1}\n";
    let by_yaml = analyze_shoot(&yaml.into()).unwrap();
    for part in [
        "versions",
        "maintenanceNow",
        "timeline",
        "status",
        "validation",
    ] {
        assert!(!get(&by_object, part).is_undefined(), "{part}");
        assert_eq!(
            json(&get(&by_object, part)),
            json(&get(&by_yaml, part)),
            "{part}"
        );
    }

    // Each document of a list is a source of its own, whatever its form.
    let input = input_with_profile();
    let objects = js_sys::JSON::parse(r#"["kind: [", 5, null]"#).unwrap();
    Reflect::set(&input, &"objects".into(), &objects).unwrap();
    let report =
        shoot_policy_wasm::analyze(input, &options("2026-01-01T00:00:00Z".into())).unwrap();
    let sources: Vec<String> = js_sys::Array::from(&get(&report, "diagnostics"))
        .iter()
        .map(|diagnostic| get(&diagnostic, "source").as_string().unwrap())
        .collect();
    assert!(
        sources.iter().any(|source| source == "Other objects #1"),
        "{sources:?}"
    );
    assert!(
        sources.iter().any(|source| source == "Other objects #2"),
        "{sources:?}"
    );

    // A value without JSON is misuse, and the error names where it was.
    let cyclic = Object::new();
    Reflect::set(&cyclic, &"self".into(), &cyclic).unwrap();
    let message = thrown(analyze_shoot(&cyclic.into()).unwrap_err());
    assert!(message.starts_with("input.shoot: TypeError"), "{message}");
    let function = js_sys::Function::new_no_args("return 1");
    let message = thrown(analyze_shoot(&function.into()).unwrap_err());
    assert_eq!(
        message,
        "input.shoot: invalid type: function, expected YAML or JSON text or a plain object"
    );
    let fleet = Object::new();
    Reflect::set(&fleet, &"cloudProfile".into(), &PROFILE.into()).unwrap();
    Reflect::set(&fleet, &"shoots".into(), &"kind: Shoot".into()).unwrap();
    let options = options("2026-01-01T00:00:00Z".into());
    let message = thrown(shoot_policy_wasm::analyze_fleet(fleet.into(), &options).unwrap_err());
    assert_eq!(message, "input.shoots: expected an array of documents");
}

/// The first `count` hibernation schedule events (instant, location) of a Shoot with these
/// `schedules` (YAML flow mappings), analysed at `now`.
fn schedule_events(schedules: &[&str], now: &str, count: u32) -> Vec<(String, String)> {
    let mut shoot = "kind: Shoot\nmetadata: {name: s, namespace: garden-t}\nspec:\n  kubernetes: {version: 1.31.0}\n  hibernation:\n    schedules:\n".to_string();
    for schedule in schedules {
        shoot.push_str(&format!("    - {schedule}\n"));
    }
    let input = Object::new();
    Reflect::set(&input, &"shoot".into(), &shoot.into()).unwrap();
    let report = shoot_policy_wasm::analyze(input.into(), &options(now.into())).unwrap();
    let events = get(&get(&report, "hibernation"), "scheduleEvents");
    (0..count)
        .map(|index| {
            let event = Reflect::get_u32(&events, index).unwrap();
            let text = |key: &str| get(&event, key).as_string().unwrap();
            (text("instant"), text("location"))
        })
        .collect()
}

fn owned(events: &[(&str, &str)]) -> Vec<(String, String)> {
    let own = |(instant, location): &(&str, &str)| (instant.to_string(), location.to_string());
    events.iter().map(own).collect()
}

/// Hibernation schedules take their offsets from the engine's Intl in wasm (no embedded tz
/// database): across the change to summer time, 19:00 in Berlin moves from 18:00 to 17:00 UTC,
/// exactly as the native build (chrono-tz) and Go compute it.
pub fn hibernation_schedules_follow_daylight_saving_time() {
    let berlin = "{start: '00 19 * * *', location: Europe/Berlin}";
    assert_eq!(
        schedule_events(&[berlin], "2026-03-28T12:00:00Z", 2),
        owned(&[
            ("2026-03-28T18:00:00Z", "Europe/Berlin"),
            ("2026-03-29T17:00:00Z", "Europe/Berlin"),
        ])
    );
}

/// The engine's `Intl` offsets (intl-zones, which the wasm builds use in place of an embedded
/// database) against chrono-tz's, in every zone the schedules accept: on the first of each month
/// 2020–2035, and a second before and at every transition chrono-tz knows in those years.
///
/// Node's ICU agrees with chrono-tz everywhere, and there every difference fails. A browser's ICU
/// carries the tzdata release it was built with: Debian's Chromium 156 differs from chrono-tz in
/// 13 zones (Casablanca and El Aaiun after 2026, western Canada, Moldova; docs/performance.md), so
/// in a browser the differing zones are printed, and the test fails where a zone has fewer than
/// ten differing instants: a tzdata release changes a zone's rules for years, so a few isolated
/// differences point at the day cache rather than the data.
#[cfg(target_arch = "wasm32")]
pub fn the_engines_offsets_are_chrono_tzs_in_every_zone_2020_to_2035() {
    use chrono::{Offset, TimeZone};
    let (from, until) = (1_577_836_800_i64, 2_082_758_400_i64); // 2020-01-01, 2036-01-01
    let mut differences = Vec::new();
    let mut compared = 0;
    for name in shoot_policy::hibernation::zone_names() {
        let Ok(zone) = name.parse::<chrono_tz::Tz>() else {
            differences.push(format!("{name}: not in chrono-tz"));
            continue;
        };
        let expected = |unix: i64| {
            let instant = chrono::DateTime::from_timestamp(unix, 0)
                .unwrap()
                .naive_utc();
            i64::from(
                zone.offset_from_utc_datetime(&instant)
                    .fix()
                    .local_minus_utc(),
            )
        };
        let mut check = |unix: i64| {
            compared += 1;
            let engine = shoot_policy_intl_zones::engine_offset(name, unix);
            if engine != Some(expected(unix)) {
                differences.push(format!(
                    "{name} at {unix}: engine {engine:?}, chrono-tz {}",
                    expected(unix)
                ));
            }
        };
        // chrono-tz is read day by day; the engine at each month's start and at each transition,
        // whose second a day with two different ends holds, found by halving.
        let mut day = from;
        while day < until {
            if (day - from) % (30 * 86_400) == 0 {
                check(day);
            }
            let next = day + 86_400;
            if expected(day) != expected(next) {
                let (mut before, mut after) = (day, next);
                while after - before > 1 {
                    let middle = before + (after - before) / 2;
                    if expected(middle) == expected(day) {
                        before = middle;
                    } else {
                        after = middle;
                    }
                }
                check(before);
                check(after);
            }
            day = next;
        }
    }
    assert!(compared > 100_000, "only {compared} offsets compared");
    let mut zones: Vec<(&str, usize)> = Vec::new();
    for difference in &differences {
        let zone = difference.split(' ').next().unwrap_or_default();
        match zones.last_mut() {
            Some((last, count)) if *last == zone => *count += 1,
            _ => zones.push((zone, 1)),
        }
    }
    let in_node = Reflect::has(&js_sys::global(), &"process".into()).unwrap_or(false);
    let message = format!(
        "{} of {compared} offsets differ, in {} zones {zones:?}; the first: {:?}",
        differences.len(),
        zones.len(),
        &differences[..differences.len().min(10)]
    );
    if in_node {
        assert!(differences.is_empty(), "{message}");
    } else if !differences.is_empty() {
        wasm_bindgen_test::console_log!(
            "the browser's time-zone data differs from chrono-tz: {message}"
        );
        let isolated: Vec<_> = zones.iter().filter(|(_, count)| *count < 10).collect();
        assert!(
            isolated.is_empty(),
            "isolated differences {isolated:?}: {message}"
        );
    }
}

/// Two zones asked in turn, one of them on the day of its change to summer time: New York's
/// 03:30 is 08:30 UTC on 2026-03-07, and 07:30 UTC on 2026-03-08, after that day's change at
/// 07:00 UTC.
pub fn offsets_of_two_zones_asked_in_turn() {
    let berlin = "{start: '00 19 * * *', location: Europe/Berlin}";
    let new_york = "{start: '30 3 * * *', location: America/New_York}";
    assert_eq!(
        schedule_events(&[berlin, new_york], "2026-03-07T00:00:00Z", 5),
        owned(&[
            ("2026-03-07T08:30:00Z", "America/New_York"),
            ("2026-03-07T18:00:00Z", "Europe/Berlin"),
            ("2026-03-08T07:30:00Z", "America/New_York"),
            ("2026-03-08T18:00:00Z", "Europe/Berlin"),
            ("2026-03-09T07:30:00Z", "America/New_York"),
        ])
    );
}

/// The benchmarks' floor reads every document as `analyze` does, and fails where it does.
#[cfg(feature = "bench")]
pub fn bench_parse_only_counts_documents_and_fails_on_broken_text() {
    let stream = "kind: A\n---\n# only a comment\n---\nkind: B\nspec: {a: [1, 2]}\n";
    let parse_only = |text: &str| shoot_policy_wasm::bench_parse_only(&text.into());
    assert_eq!(parse_only(stream).unwrap(), 2);
    assert_eq!(parse_only("{\"kind\": \"C\"}").unwrap(), 1);
    let message = thrown(parse_only("kind: A\nspec: [1,\n").unwrap_err());
    assert!(message.contains("(line "), "{message}");
}

/// A text crosses into wasm whole, whatever its characters and wherever they are: the pool name
/// comes back as it went in, with a lone surrogate as U+FFFD, as `TextEncoder` writes it.
pub fn texts_cross_into_wasm_whole() {
    let lone_surrogate = js_sys::JsString::from_char_code1(0xD800);
    let long_ascii = "a".repeat(5000);
    for (name, expected) in [
        (
            js_sys::JsString::from("pool-ascii"),
            "pool-ascii".to_string(),
        ),
        ("pööl-€-😀".into(), "pööl-€-😀".to_string()),
        ("😀".into(), "😀".to_string()),
        (
            js_sys::JsString::from(format!("{long_ascii}-€")),
            format!("{long_ascii}-€"),
        ),
        (
            js_sys::JsString::from("x-").concat(&lone_surrogate),
            "x-\u{FFFD}".to_string(),
        ),
    ] {
        let shoot = js_sys::JsString::from(
            "kind: Shoot\nmetadata: {name: s, namespace: garden-t}\nspec:\n  region: r\n  kubernetes: {version: 1.30.1}\n  provider:\n    type: aws\n    workers:\n    - name: \"",
        )
        .concat(&name)
        .concat(&"\"\n      machine: {type: m, image: {name: gl, version: 1.0.0}}\n".into());
        let report = analyze_shoot(&shoot.into()).unwrap();
        let workers = get(&get(&report, "maintenanceNow"), "workers");
        let first = Reflect::get_u32(&workers, 0).unwrap();
        assert_eq!(get(&first, "name").as_string().unwrap(), expected);
    }
}

/// `analyzeFleet` writes each report into JavaScript as it is made; the result must be the core's
/// whole `FleetReport`, field for field, names, order and summary included.
pub fn a_fleet_written_report_by_report_is_the_fleet_report() {
    use shoot_policy::examples::GALLERY;
    use shoot_policy::report::{AnalyzeOptions, Source};
    let now = "2026-11-22T00:00:00Z";
    let profile = GALLERY[0].cloud_profile;
    let mut shoots: Vec<&str> = GALLERY.iter().map(|example| example.shoot).collect();
    shoots.push("spec: [");
    let input = Object::new();
    Reflect::set(&input, &"cloudProfile".into(), &profile.into()).unwrap();
    let array = js_sys::Array::new();
    for shoot in &shoots {
        array.push(&(*shoot).into());
    }
    Reflect::set(&input, &"shoots".into(), &array).unwrap();
    let written = shoot_policy_wasm::analyze_fleet(input.into(), &options(now.into())).unwrap();
    let written: String = js_sys::JSON::stringify(&written).unwrap().into();

    let sources: Vec<Source> = (shoots.iter().enumerate())
        .map(|(index, shoot)| Source::auto(format!("Shoot #{}", index + 1), *shoot))
        .collect();
    // The package's analyzer takes its time zones from the engine, as `analyzeFleet` does.
    let analyzer =
        shoot_policy::report::Analyzer::with_time_zones(shoot_policy_intl_zones::rules());
    let mut reports = Vec::new();
    let summary = analyzer.each_report(
        Source::auto("CloudProfile", profile),
        sources.iter().map(Ok::<_, std::convert::Infallible>),
        &AnalyzeOptions::at(now.parse().unwrap()),
        |entry| {
            reports.push(entry);
            Ok(())
        },
    );
    let whole = shoot_policy::fleet::FleetReport {
        reports,
        summary: summary.unwrap(),
    };
    assert_eq!(whole.reports.len(), shoots.len());
    assert_eq!(whole.summary.with_input_errors, 1);
    // As text, so that the order of every object's fields is compared too.
    assert_eq!(written, serde_json::to_string(&whole).unwrap());
}

/// `compareCloudProfiles` with a List of Shoots (as the app's Fleet view calls it, through
/// `request.js`) answers with the core's report, field for field, and reports its progress: before
/// the first Shoot and after the last; without a previous CloudProfile it lists what the
/// CloudProfile brings.
pub fn the_apps_fleet_request_is_the_cores_fleet_view_with_its_progress() {
    use shoot_policy::examples::{as_list, GALLERY};
    use shoot_policy::profile_change::each_change_of;
    use shoot_policy::report::{AnalyzeOptions, NamespacedProfiles, PreparedProfile, Source};
    let now = "2026-11-22T00:00:00Z";
    let previous = GALLERY[0].cloud_profile;
    let profile = previous.replace("2026-12-15T23:59:59Z", "2026-11-30T23:59:59Z");
    let shoots: Vec<&str> = GALLERY.iter().map(|example| example.shoot).collect();
    let list = as_list(&shoots);
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let record = seen.clone();
    let progress =
        wasm_bindgen::closure::Closure::<dyn FnMut(u32, u32)>::new(move |done, total| {
            record.borrow_mut().push((done, total))
        });
    let compare = |previous: Option<&str>| {
        let input = Object::new();
        let previous = previous.map_or(JsValue::NULL, JsValue::from);
        Reflect::set(&input, &"previousCloudProfile".into(), &previous).unwrap();
        Reflect::set(&input, &"cloudProfile".into(), &profile.as_str().into()).unwrap();
        let shoots = js_sys::Array::of1(&list.as_str().into());
        Reflect::set(&input, &"shoots".into(), &shoots).unwrap();
        let on_progress = Some(
            progress
                .as_ref()
                .unchecked_ref::<js_sys::Function>()
                .clone(),
        );
        let written = shoot_policy_wasm::compare_cloud_profiles(
            input.into(),
            &options(now.into()),
            on_progress,
        )
        .unwrap();
        String::from(js_sys::JSON::stringify(&written).unwrap())
    };

    let prepare = |name: &str, text: &str| {
        let source = Source::auto(name, text);
        PreparedProfile::with_time_zones(
            source,
            Default::default(),
            shoot_policy_intl_zones::rules(),
        )
    };
    let none = NamespacedProfiles::default();
    let (old, new) = (
        prepare("Previous CloudProfile", previous),
        prepare("CloudProfile", &profile),
    );
    let core = |previous: Option<&PreparedProfile>| {
        let mut affected = Vec::new();
        let counts = each_change_of::<_, ()>(
            (previous.map(|p| (p, &none)), (&new, &none)),
            [Ok(Source::auto("Shoot #1", list.as_str()))],
            &AnalyzeOptions::at(now.parse().unwrap()),
            |shoot| {
                affected.push(shoot);
                Ok(())
            },
            &mut |_, _| {},
        )
        .unwrap();
        counts.into_report(affected)
    };
    let compared = core(Some(&old));
    assert!(
        compared.summary.compared && compared.summary.affected > 0,
        "{:?}",
        compared.summary
    );
    assert_eq!(compared.summary.shoots, shoots.len());
    assert!(!compared.forced_per_week.is_empty());
    assert_eq!(
        compare(Some(previous)),
        serde_json::to_string(&compared).unwrap()
    );
    let count = shoots.len() as u32;
    assert_eq!(*seen.borrow(), [(0, count), (count, count)]);
    let alone = core(None);
    assert!(!alone.summary.compared && alone.summary.affected > 0);
    assert_eq!(compare(None), serde_json::to_string(&alone).unwrap());
}
