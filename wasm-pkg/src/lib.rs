//! The npm package `shoot-policy`: a thin wasm-bindgen layer over the core. It converts JavaScript
//! values to the core's inputs and the core's DTOs back, and holds no policy logic of its own.
//!
//! Problems in the pasted input come back as `diagnostics` in the result; only misuse of the API (a
//! missing `now`, a value of the wrong type) throws, as a JavaScript `Error` with the Rust message.

use chrono::{DateTime, Utc};
use serde::Deserialize;
use shoot_policy::report::{self, AnalyzeOptions, Area, PreparedProfile, Source, SourceRole};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

mod text;
mod to_js;

/// Turns any displayable error into a JavaScript `Error`.
fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// One object as the caller holds it: pasted YAML/JSON text, or a plain object as the Gardener API
/// returns it.
#[derive(Tsify)]
#[serde(untagged)]
pub enum Document {
    Text(String),
    /// The object's JSON, which is YAML to the core.
    Object(#[tsify(type = "object")] String),
}

impl Document {
    /// A string is the text; any other value is an object, written as JSON by the engine's
    /// `JSON.stringify`. Converting the object to Rust values and writing those as JSON took a fifth
    /// of the time of a fleet of Shoot objects. `name` says where the value was, for the error.
    fn from_js(value: &JsValue, name: &str) -> Result<Document, JsError> {
        if let Some(text) = text::string_of(value) {
            return Ok(Document::Text(text));
        }
        let json = js_sys::JSON::stringify(value).map_err(|thrown| {
            let reason = thrown
                .dyn_ref::<js_sys::Error>()
                .map(|error| String::from(error.to_string()))
                .unwrap_or_else(|| "JSON.stringify refused it".to_string());
            js_error(format!("{name}: {reason}"))
        })?;
        match text::string_of(&json) {
            Some(text) => Ok(Document::Object(text)),
            // `undefined` in a list is an absent document, as `JSON.stringify` writes it there.
            None if value.is_undefined() => Ok(Document::Object("null".to_string())),
            // A function or a symbol has no JSON at all: the caller passed the wrong value.
            None => Err(js_error(format!(
                "{name}: invalid type: {}, expected YAML or JSON text or a plain object",
                value.js_typeof().as_string().unwrap_or_default()
            ))),
        }
    }

    /// [`Document::from_js`], where `null` and `undefined` mean no document.
    fn optional(value: &JsValue, name: &str) -> Result<Option<Document>, JsError> {
        if value.is_null() || value.is_undefined() {
            return Ok(None);
        }
        Document::from_js(value, name).map(Some)
    }

    fn into_text(self) -> String {
        match self {
            Document::Text(text) | Document::Object(text) => text,
        }
    }
}

/// `objects`: one document (a text may hold several, as the app's "Other objects" editor does) or a
/// list of them, as `shoot-policy/embed` takes it too.
#[derive(Tsify)]
#[serde(untagged)]
pub enum Documents {
    Many(Vec<Document>),
    One(Document),
}

impl Documents {
    /// An array is a list of documents; any other value one document.
    fn from_js(value: &JsValue, name: &str) -> Result<Documents, JsError> {
        if !js_sys::Array::is_array(value) {
            return Document::from_js(value, name).map(Documents::One);
        }
        js_sys::Array::from(value)
            .iter()
            .enumerate()
            .map(|(index, item)| Document::from_js(&item, &format!("{name}[{index}]")))
            .collect::<Result<_, _>>()
            .map(Documents::Many)
    }
}

/// The inputs of [`analyze`], named like the app's editors. In TypeScript these are the fields;
/// `AnalyzeInput` asks for at least one of them.
#[derive(Deserialize, Tsify)]
#[tsify(rename = "AnalyzeInputFields")]
#[serde(rename_all = "camelCase")]
pub struct AnalyzeInput {
    // Kept as the caller's value: see `cloud_profile_text`.
    #[tsify(optional, type = "Document")]
    #[serde(default, with = "serde_wasm_bindgen::preserve")]
    pub cloud_profile: JsValue,
    // The documents are kept as the caller's values too, and read by `Document::from_js`.
    #[tsify(optional, type = "Document")]
    #[serde(default, with = "serde_wasm_bindgen::preserve")]
    pub shoot: JsValue,
    /// The Shoot before a change, for roll triggers.
    #[tsify(optional, type = "Document")]
    #[serde(default, with = "serde_wasm_bindgen::preserve")]
    pub previous_shoot: JsValue,
    /// Webhook configurations, Seeds, a Project: any number of documents or `List`s.
    #[tsify(optional, type = "Documents")]
    #[serde(default, with = "serde_wasm_bindgen::preserve")]
    pub objects: JsValue,
}

impl AnalyzeInput {
    /// The sources of the input; `last_profile` is the CloudProfile string and text of the
    /// analyzer's last call (see [`cloud_profile_text`]).
    fn into_sources(self, last_profile: &mut LastProfile) -> Result<Vec<Source>, JsError> {
        let mut sources = Vec::new();
        let mut add = |name: &str, role: SourceRole, text: Option<String>| {
            if let Some(text) = text {
                sources.push(Source {
                    name: name.to_string(),
                    role,
                    text,
                });
            }
        };
        let text = |value: &JsValue, name: &str| {
            Document::optional(value, name).map(|document| document.map(Document::into_text))
        };
        add(
            "CloudProfile",
            SourceRole::Auto,
            cloud_profile_text(self.cloud_profile, last_profile)?,
        );
        add("Shoot", SourceRole::Auto, text(&self.shoot, "input.shoot")?);
        add(
            "Previous Shoot",
            SourceRole::PreviousShoot,
            text(&self.previous_shoot, "input.previousShoot")?,
        );
        let objects = if self.objects.is_null() || self.objects.is_undefined() {
            None
        } else {
            Some(Documents::from_js(&self.objects, "input.objects")?)
        };
        match objects {
            None => {}
            Some(Documents::One(document)) => add(
                "Other objects",
                SourceRole::Auto,
                Some(document.into_text()),
            ),
            Some(Documents::Many(documents)) => {
                for (index, document) in documents.into_iter().enumerate() {
                    add(
                        &format!("Other objects #{}", index + 1),
                        SourceRole::Auto,
                        Some(document.into_text()),
                    );
                }
            }
        }
        Ok(sources)
    }
}

/// The CloudProfile string of an analyzer's last call and its text.
type LastProfile = Option<(JsValue, String)>;

/// The CloudProfile's text. An editor passes the same JavaScript string again while its user
/// edits the Shoot: that string is compared in JavaScript (`===`) with the last call's, whose
/// text is kept, because converting it to Rust again cost more than comparing it (a large
/// CloudProfile is 200 KB and more).
fn cloud_profile_text(value: JsValue, last: &mut LastProfile) -> Result<Option<String>, JsError> {
    if value.is_string() {
        return Ok(match last {
            Some((string, text)) if *string == value => Some(text.clone()),
            _ => {
                let text = text::string_of(&value).unwrap_or_default();
                *last = Some((value, text.clone()));
                Some(text)
            }
        });
    }
    Ok(Document::optional(&value, "input.cloudProfile")?.map(Document::into_text))
}

#[wasm_bindgen(typescript_custom_section)]
const OPTIONS_TS: &str = r#"
/** When to evaluate: `now` is a Date or an RFC 3339 string; `until` ends the update timeline (default: two years). */
export interface Options {
  now: Date | string;
  until?: Date | string;
  /** gardener-apiserver feature gates of the landscape, e.g. `{ VersionClassificationLifecycle: true }`. */
  featureGates?: Record<string, boolean>;
  /** Bounds on the input (defaults: 5 MiB, 1000 documents, depth 100, 500,000 values). */
  limits?: Partial<Limits>;
  /** The parts of the report to compute (default: all); the one-part functions set their own. */
  areas?: Area[];
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const ANALYZE_INPUT_TS: &str = r#"
/** The inputs of `analyze` and the one-part functions: any of them, but at least one (`analyze({})` has nothing to analyse). */
export type AnalyzeInput = AnalyzeInputFields &
  ({ cloudProfile: Document | undefined } | { shoot: Document | undefined } | { previousShoot: Document | undefined } | { objects: Documents | undefined });
"#;

#[wasm_bindgen(typescript_custom_section)]
const PART_REPORTS_TS: &str = r#"
/** What every one-part result carries: the objects read, the input's problems, the defaults applied and the summary of what was computed. */
export type ReportBase = Pick<Report, "objects" | "diagnostics" | "defaultsApplied" | "summary">;
export type ValidationReport = ReportBase & Pick<Report, "validation">;
export type RollTriggersReport = ReportBase & Pick<Report, "rollTriggers" | "rolloutShapes">;
export type HibernationReport = ReportBase & Pick<Report, "hibernation">;
export type TimelineReport = ReportBase & Pick<Report, "timeline">;
export type StatusReport = ReportBase & Pick<Report, "status">;
export type MaintenanceReport = ReportBase & Pick<Report, "maintenanceNow" | "versions" | "maintenanceWindow">;
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "Options")]
    pub type Options;
}

fn instant(value: &JsValue, name: &str) -> Result<Option<DateTime<Utc>>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let text = if let Some(date) = value.dyn_ref::<js_sys::Date>() {
        if date.get_time().is_nan() {
            return Err(js_error(format!("options.{name}: invalid Date")));
        }
        String::from(date.to_iso_string())
    } else if let Some(text) = value.as_string() {
        text
    } else {
        return Err(js_error(format!(
            "options.{name}: expected a Date or an RFC 3339 string"
        )));
    };
    DateTime::parse_from_rfc3339(&text)
        .map(|t| Some(t.with_timezone(&Utc)))
        .map_err(|e| {
            // A local date and time parses once a zone is added: say that it is missing.
            if DateTime::parse_from_rfc3339(&format!("{text}Z")).is_ok() {
                return js_error(format!(
                    "options.{name}: {text:?} has no time zone: end it with Z for UTC or an \
                     offset such as +01:00, or pass a Date"
                ));
            }
            js_error(format!(
                "options.{name}: {text:?} is not an RFC 3339 instant such as \
                 \"2026-01-01T00:00:00Z\": {e}"
            ))
        })
}

/// The keys each argument takes; any other is a misspelling that would otherwise be ignored.
const INPUT_KEYS: &[&str] = &["cloudProfile", "shoot", "previousShoot", "objects"];
const FLEET_INPUT_KEYS: &[&str] = &["cloudProfile", "shoots"];
const PROFILE_CHANGE_INPUT_KEYS: &[&str] = &["previousCloudProfile", "cloudProfile", "shoots"];
const OPTION_KEYS: &[&str] = &["now", "until", "featureGates", "limits", "areas"];
const LIMIT_KEYS: &[&str] = &["maxBytes", "maxDocuments", "maxDepth", "maxNodes"];

/// Checks that `value` is a plain object whose keys are all `known`: the error names the place,
/// the unknown key and the known key nearest to it.
fn plain_object(
    value: &JsValue,
    known: &[&str],
    place: &str,
    example: &str,
) -> Result<(), JsError> {
    let what = if value.is_null() {
        "null".to_string()
    } else if js_sys::Array::is_array(value) {
        "an array".to_string()
    } else if value.is_object() {
        for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !known.contains(&key.as_str()) {
                return Err(js_error(format!(
                    "{place}.{key} is not a key {place} takes; did you mean {}? It takes {}",
                    shoot_policy::spelling::nearest(&key, known).map_or("", |(nearest, _)| nearest),
                    known.join(", ")
                )));
            }
        }
        return Ok(());
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    };
    Err(js_error(format!(
        "{place}: expected an object such as {example}, got {what}"
    )))
}

fn read_options(options: &Options) -> Result<AnalyzeOptions, JsError> {
    plain_object(options, OPTION_KEYS, "options", "{ now: new Date() }")?;
    let get = |name: &str| {
        js_sys::Reflect::get(options, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    };
    let now = instant(&get("now"), "now")?
        .ok_or_else(|| js_error("options.now is required: pass a Date or an RFC 3339 string"))?;
    let gates = get("featureGates");
    let feature_gates = if gates.is_undefined() || gates.is_null() {
        Default::default()
    } else {
        argument(gates, "options.featureGates")?
    };
    let limits = get("limits");
    let limits = if limits.is_undefined() || limits.is_null() {
        Default::default()
    } else {
        plain_object(
            &limits,
            LIMIT_KEYS,
            "options.limits",
            "{ maxBytes: 2 ** 24 }",
        )?;
        argument(limits, "options.limits")?
    };
    let areas = get("areas");
    let areas = if areas.is_undefined() || areas.is_null() {
        None
    } else {
        Some(read_areas(&areas)?)
    };
    Ok(AnalyzeOptions {
        now,
        until: instant(&get("until"), "until")?,
        areas,
        feature_gates,
        limits,
    })
}

/// `options.areas`: an array of area names, as TypeScript's `Area` spells them.
fn read_areas(value: &JsValue) -> Result<Vec<Area>, JsError> {
    const AREAS: [(&str, Area); 10] = [
        ("versions", Area::Versions),
        ("maintenance", Area::Maintenance),
        ("timeline", Area::Timeline),
        ("validation", Area::Validation),
        ("rollout", Area::Rollout),
        ("hibernation", Area::Hibernation),
        ("status", Area::Status),
        ("cleanup", Area::Cleanup),
        ("scheduling", Area::Scheduling),
        ("migration", Area::Migration),
    ];
    let refused = || {
        js_error(
            "options.areas: expected an array of versions, maintenance, timeline, validation, \
             rollout, hibernation, status, cleanup, scheduling, migration",
        )
    };
    if !js_sys::Array::is_array(value) {
        return Err(refused());
    }
    (js_sys::Array::from(value).iter())
        .map(|item| {
            let name = item.as_string();
            let found = AREAS
                .iter()
                .find(|(known, _)| Some(*known) == name.as_deref());
            found.map(|(_, area)| *area).ok_or_else(refused)
        })
        .collect()
}

/// Reads a typed argument; a value of the wrong shape is API misuse and throws.
fn argument<T: serde::de::DeserializeOwned>(value: JsValue, name: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| js_error(format!("{name}: {e}")))
}

/// Converts a core DTO into a plain JavaScript object (maps become objects, not `Map`s): see
/// [`to_js`].
fn result(value: &impl serde::Serialize) -> Result<JsValue, JsError> {
    to_js::to_js(value).map_err(js_error)
}

/// Analyses one after another that share what they can, as the core's `Analyzer` does: the
/// CloudProfile of the last call is read again only when a call brings another (a caller analysing
/// Shoot after Shoot, or an editor's every keystroke, passes the same one). The plain functions
/// share nothing between calls; hold an `Analyzer` to analyse again and again.
#[wasm_bindgen]
pub struct Analyzer {
    core: report::Analyzer,
    last_profile: LastProfile,
}

impl Default for Analyzer {
    fn default() -> Analyzer {
        Analyzer {
            // Hibernation schedules take their time zones from the engine's Intl (no embedded
            // database).
            core: report::Analyzer::with_time_zones(shoot_policy_intl_zones::rules()),
            last_profile: None,
        }
    }
}

#[wasm_bindgen]
impl Analyzer {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// `analyze`, keeping the CloudProfile for the next call.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn analyze(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "AnalyzeInput")] input: JsValue,
        options: &Options,
    ) -> Result<JsValue, JsError> {
        self.analyze_input(input, options, None)
    }

    /// The report for the fields of an [`report::AnalysisRequest`]: how the app and
    /// `shoot-policy/embed` use this module (`worker.js` passes the app's request on), so that a
    /// page has one engine. Not part of the package's API, so it has no TypeScript declaration.
    #[doc(hidden)]
    #[wasm_bindgen(js_name = analyzeRequest, skip_typescript)]
    pub fn analyze_request(
        &mut self,
        sources: JsValue,
        options: &Options,
        test_panic: Option<String>,
    ) -> Result<JsValue, JsError> {
        keep_panic_message();
        if let Some(message) = test_panic {
            panic!("{message}");
        }
        let sources: Vec<Source> = argument(sources, "sources")?;
        let options = read_options(options)?;
        result(&self.core.analyze(&sources, &options))
    }
}

impl Analyzer {
    /// The core's `analyze` of `input`, keeping the CloudProfile; `areas` replaces the options'.
    fn analyze_input(
        &mut self,
        input: JsValue,
        options: &Options,
        areas: Option<&[Area]>,
    ) -> Result<JsValue, JsError> {
        keep_panic_message();
        plain_object(&input, INPUT_KEYS, "input", "{ cloudProfile, shoot }")?;
        let input: AnalyzeInput = argument(input, "input")?;
        let mut options = read_options(options)?;
        if let Some(areas) = areas {
            options.areas = Some(areas.to_vec());
        }
        let sources = input.into_sources(&mut self.last_profile)?;
        result(&self.core.analyze(&sources, &options))
    }
}

/// One analysis with a new [`Analyzer`], for the plain functions.
fn analyze_areas(
    input: JsValue,
    options: &Options,
    areas: Option<&[Area]>,
) -> Result<JsValue, JsError> {
    Analyzer::new().analyze_input(input, options, areas)
}

/// The inputs of [`analyze_fleet`]: one CloudProfile and the Shoots to analyse against it.
#[derive(Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct FleetInput {
    // Both kept as the caller's values and read by `Document::from_js`.
    #[tsify(type = "Document")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    pub cloud_profile: JsValue,
    #[tsify(type = "Document[]")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    pub shoots: JsValue,
}

/// Analyses many Shoots against one CloudProfile, which is read once: for each Shoot (an entry of
/// `shoots` may hold several, as a `List`) the report [`analyze`] gives for it with the
/// CloudProfile, and a summary of the fleet (forced updates, hibernation blockers, status labels,
/// input and validation problems).
#[wasm_bindgen(js_name = analyzeFleet, unchecked_return_type = "FleetReport")]
pub fn analyze_fleet(
    #[wasm_bindgen(unchecked_param_type = "FleetInput")] input: JsValue,
    options: &Options,
) -> Result<JsValue, JsError> {
    keep_panic_message();
    plain_object(
        &input,
        FLEET_INPUT_KEYS,
        "input",
        "{ cloudProfile, shoots: [] }",
    )?;
    let input: FleetInput = argument(input, "input")?;
    let options = read_options(options)?;
    let profile = Document::from_js(&input.cloud_profile, "input.cloudProfile")?;
    let profile = Source::auto("CloudProfile", profile.into_text());
    // Each report is written into JavaScript as soon as it is made and then dropped: the module's
    // memory, which a wasm module never gives back, holds one Shoot and one report at a time.
    let shoots = shoot_sources(&input.shoots, 1)?;
    let writer = to_js::Writer::default();
    let reports = js_sys::Array::new();
    let analyzer = report::Analyzer::with_time_zones(shoot_policy_intl_zones::rules());
    let summary = analyzer.each_report(profile, shoots, &options, |entry| {
        reports.push(&writer.write(&entry).map_err(js_error)?);
        Ok(())
    })?;
    let summary = writer.write(&summary).map_err(js_error)?;
    // The fields of `FleetReport`, in its order.
    Ok(writer.object_of([("reports", reports.into()), ("summary", summary)]))
}

/// The inputs of [`compare_cloud_profiles`]: a CloudProfile after a change and, optionally, before
/// it, and the Shoots that use it.
#[derive(Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ProfileChangeInput {
    /// Without it, each Shoot's changes are what the CloudProfile brings it.
    #[tsify(optional, type = "Document | null")]
    #[serde(default, with = "serde_wasm_bindgen::preserve")]
    pub previous_cloud_profile: JsValue,
    #[tsify(type = "Document")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    pub cloud_profile: JsValue,
    #[tsify(type = "Document[]")]
    #[serde(with = "serde_wasm_bindgen::preserve")]
    pub shoots: JsValue,
}

/// What a CloudProfile change does to a fleet: each Shoot analysed against the previous and the
/// new CloudProfile (each read once), and per affected Shoot every update that appears, goes or
/// moves, every update that starts or stops failing, every version classified otherwise and every
/// validation problem that appears or goes; the unaffected Shoots counted, and the fleet's forced
/// updates per week. The CLI's `fleet --previous-cloud-profile --format json`. Without
/// `previousCloudProfile`, each Shoot's changes are what the CloudProfile brings it: its next
/// forced and automatic updates, its failing updates and its validation problems.
/// `onProgress(done, total)`, if given, hears of the Shoots done, every hundred and the last.
#[wasm_bindgen(js_name = compareCloudProfiles, unchecked_return_type = "ProfileChangeReport")]
pub fn compare_cloud_profiles(
    #[wasm_bindgen(unchecked_param_type = "ProfileChangeInput")] input: JsValue,
    options: &Options,
    #[wasm_bindgen(
        js_name = "onProgress",
        unchecked_optional_param_type = "(done: number, total: number) => void"
    )]
    on_progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    keep_panic_message();
    plain_object(
        &input,
        PROFILE_CHANGE_INPUT_KEYS,
        "input",
        "{ previousCloudProfile, cloudProfile, shoots: [] }",
    )?;
    let input: ProfileChangeInput = argument(input, "input")?;
    let options = read_options(options)?;
    let prepare = |value: &JsValue, place: &str, name: &str| -> Result<PreparedProfile, JsError> {
        let text = Document::from_js(value, place)?.into_text();
        let zones = shoot_policy_intl_zones::rules();
        Ok(PreparedProfile::with_time_zones(
            Source::auto(name, text),
            options.limits,
            zones,
        ))
    };
    let previous = match input.previous_cloud_profile.is_null()
        || input.previous_cloud_profile.is_undefined()
    {
        true => None,
        false => Some(prepare(
            &input.previous_cloud_profile,
            "input.previousCloudProfile",
            "Previous CloudProfile",
        )?),
    };
    let profile = prepare(&input.cloud_profile, "input.cloudProfile", "CloudProfile")?;
    use shoot_policy::profile_change::compare_prepared;
    // Only the affected Shoots are kept; each Shoot's text is read when its turn comes.
    let shoots = shoot_sources(&input.shoots, 1 + usize::from(previous.is_some()))?;
    let mut progress = |done: usize, total: usize| {
        if let Some(on_progress) = &on_progress {
            if done % 100 == 0 || done == total {
                let _ = on_progress.call2(&JsValue::NULL, &done.into(), &total.into());
            }
        }
    };
    let report = compare_prepared(
        (previous.as_ref(), &profile),
        shoots,
        &options,
        &mut progress,
    )?;
    to_js::Writer::default().write(&report).map_err(js_error)
}

/// `input.shoots` (an array of documents) as sources, each read from JavaScript when the
/// iterator comes to it, so a fleet's texts are not all in the module's memory at once. Reading a
/// document of `n` bytes takes about `reads × 8 × n` bytes, which are reserved at once.
fn shoot_sources(
    shoots: &JsValue,
    reads: usize,
) -> Result<impl Iterator<Item = Result<Source, JsError>>, JsError> {
    if !js_sys::Array::is_array(shoots) {
        return Err(js_error("input.shoots: expected an array of documents"));
    }
    let shoots = js_sys::Array::from(shoots).into_iter().enumerate();
    Ok(shoots.map(move |(index, shoot)| {
        let shoot = Document::from_js(&shoot, &format!("input.shoots[{index}]"))?;
        let text = shoot.into_text();
        grow_once(text.len() * 8 * reads);
        Ok(Source::auto(format!("Shoot #{}", index + 1), text))
    }))
}

/// Grows the module's memory by about `bytes` at once, ahead of reading a large document. The
/// allocator otherwise grows it a few pages at a time, and each growth costs the JavaScript engine
/// about half a millisecond: reading 10 000 Shoots (30 MB) in a fresh engine took 3 to 4 s instead
/// of 0.5 s. Where the memory cannot grow that far, the reading grows it as it needs.
fn grow_once(bytes: usize) {
    let mut reserved: Vec<u8> = Vec::new();
    let _ = reserved.try_reserve_exact(bytes);
    // An allocation nothing reads may be left out by the optimiser.
    std::hint::black_box(&reserved);
}

/// Analyses a CloudProfile, a Shoot and related objects: everything Gardener will do and why.
#[wasm_bindgen(unchecked_return_type = "Report")]
pub fn analyze(
    #[wasm_bindgen(unchecked_param_type = "AnalyzeInput")] input: JsValue,
    options: &Options,
) -> Result<JsValue, JsError> {
    analyze_areas(input, options, None)
}

/// Only Gardener's validation: `report.validation` (and input diagnostics).
#[wasm_bindgen(unchecked_return_type = "ValidationReport")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "AnalyzeInput")] input: JsValue,
    options: &Options,
) -> Result<JsValue, JsError> {
    analyze_areas(input, options, Some(&[Area::Validation]))
}

/// Only what a change from `previousShoot` does to the nodes: `report.rollTriggers` and
/// `report.rolloutShapes`.
#[wasm_bindgen(js_name = rollTriggers, unchecked_return_type = "RollTriggersReport")]
pub fn roll_triggers(
    #[wasm_bindgen(unchecked_param_type = "AnalyzeInput")] input: JsValue,
    options: &Options,
) -> Result<JsValue, JsError> {
    analyze_areas(input, options, Some(&[Area::Rollout]))
}

/// Only hibernation: blockers with fixes, remediation preview, constraints and schedule
/// (`report.hibernation`).
#[wasm_bindgen(unchecked_return_type = "HibernationReport")]
pub fn hibernation(
    #[wasm_bindgen(unchecked_param_type = "AnalyzeInput")] input: JsValue,
    options: &Options,
) -> Result<JsValue, JsError> {
    analyze_areas(input, options, Some(&[Area::Hibernation]))
}

/// Only the update timeline until `options.until` (default: two years): `report.timeline`.
#[wasm_bindgen(unchecked_return_type = "TimelineReport")]
pub fn timeline(
    #[wasm_bindgen(unchecked_param_type = "AnalyzeInput")] input: JsValue,
    options: &Options,
) -> Result<JsValue, JsError> {
    analyze_areas(input, options, Some(&[Area::Timeline]))
}

/// Only the status label with its derivation, the next operation and the error codes
/// (`report.status`).
#[wasm_bindgen(js_name = statusLabel, unchecked_return_type = "StatusReport")]
pub fn status_label(
    #[wasm_bindgen(unchecked_param_type = "AnalyzeInput")] input: JsValue,
    options: &Options,
) -> Result<JsValue, JsError> {
    analyze_areas(input, options, Some(&[Area::Status]))
}

/// Only one maintenance run at `now` and the CloudProfile's version matrix (`report.maintenanceNow`,
/// `report.versions`, `report.maintenanceWindow`).
#[wasm_bindgen(unchecked_return_type = "MaintenanceReport")]
pub fn maintenance(
    #[wasm_bindgen(unchecked_param_type = "AnalyzeInput")] input: JsValue,
    options: &Options,
) -> Result<JsValue, JsError> {
    analyze_areas(input, options, Some(&[Area::Versions, Area::Maintenance]))
}

/// How many documents `text` holds, brought into wasm and read as `analyze` brings and reads each
/// input, and then dropped: the floor that `cargo xtask bench` compares `analyze` with in wasm
/// (`parse-only-*`). Only the bench's build has it (feature `bench`), without TypeScript declaration.
#[doc(hidden)]
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchParseOnly, skip_typescript)]
pub fn bench_parse_only(text: &js_sys::JsString) -> Result<usize, JsError> {
    shoot_policy::document::parse_documents(&text::text_of(text), &Default::default())
        .map(|documents| documents.len())
        .map_err(js_error)
}

/// A panic aborts the module; its message is left in `globalThis.shootPolicyPanic` for `api.js`
/// to put into the error the call throws, as the trap that follows says only "unreachable".
/// Installed by every entry point.
fn keep_panic_message() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let message = info.to_string();
            let _ = js_sys::Reflect::set(
                &js_sys::global(),
                &"shootPolicyPanic".into(),
                &message.as_str().into(),
            );
        }))
    });
}

/// The package version (from Cargo).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
