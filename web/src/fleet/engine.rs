//! The Fleet view's work, in the engine (see `crate::worker`): the page hands the texts to the engine
//! client's `fleetRequest`, which runs the package's `compareCloudProfiles` in a worker of its own
//! and reports the Shoots done; the answer is the core's [`ProfileChangeReport`] as JSON. Only the newest request's progress and answer are
//! delivered (the client ends an older request's worker).

use std::sync::Arc;

/// The texts of a request: the previous CloudProfile (empty for none), the CloudProfile, the Shoots.
pub type Texts = (Arc<str>, Arc<str>, Arc<str>);

/// Natively (the app's tests) the core computes the view at once.
#[cfg(not(target_arch = "wasm32"))]
pub fn request(
    (previous, profile, shoots): Texts,
    now: chrono::DateTime<chrono::Utc>,
    mut progress: impl FnMut(usize, usize) + 'static,
    deliver: impl FnOnce(Result<shoot_policy::profile_change::ProfileChangeReport, String>) + 'static,
) {
    use shoot_policy::profile_change::compare_prepared;
    use shoot_policy::report::{AnalyzeOptions, PreparedProfile, Source};
    let options = AnalyzeOptions::at(now);
    let prepare =
        |name: &str, text: &str| PreparedProfile::new(Source::auto(name, text), options.limits);
    let previous = (!previous.is_empty()).then(|| prepare("Previous CloudProfile", &previous));
    let profile = prepare("CloudProfile", &profile);
    // Named as the package names the first document of `shoots`.
    let shoots = Source::auto(SHOOTS_SOURCE, &*shoots);
    let shoots = [Ok::<_, std::convert::Infallible>(shoots)];
    let Ok(report) = compare_prepared(
        (previous.as_ref(), &profile),
        shoots,
        &options,
        &mut progress,
    );
    deliver(Ok(report));
}

/// The name the engine gives the Shoots' text in its diagnostics: the first (and here only)
/// document of `compareCloudProfiles`'s `shoots`.
pub const SHOOTS_SOURCE: &str = "Shoot #1";

#[cfg(target_arch = "wasm32")]
pub use browser::request;

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::Texts;
    use chrono::{DateTime, Utc};
    use shoot_policy::profile_change::ProfileChangeReport;
    use std::cell::Cell;
    use wasm_bindgen::prelude::*;

    thread_local! {
        /// The id of the newest request: only its progress and answer are delivered.
        static NEWEST: Cell<u32> = const { Cell::new(0) };
    }

    pub fn request(
        (previous, profile, shoots): Texts,
        now: DateTime<Utc>,
        mut progress: impl FnMut(usize, usize) + 'static,
        deliver: impl FnOnce(Result<ProfileChangeReport, String>) + 'static,
    ) {
        let id = NEWEST.with(|newest| {
            let id = newest.get().wrapping_add(1);
            newest.set(id);
            id
        });
        let newest = move || NEWEST.with(Cell::get) == id;
        let on_progress = Closure::<dyn FnMut(u32, u32)>::new(move |done: u32, total: u32| {
            if newest() {
                progress(done as usize, total as usize);
            }
        });
        let promise = match send(&previous, &profile, &shoots, now, &on_progress) {
            Ok(promise) => promise,
            Err(message) => return deliver(Err(message)),
        };
        // Not Leptos's: the Fleet view mounts no Leptos view, which would set its executor up.
        wasm_bindgen_futures::spawn_local(async move {
            let answer = wasm_bindgen_futures::JsFuture::from(promise).await;
            drop(on_progress);
            if !newest() {
                return;
            }
            deliver(match answer {
                Ok(json) => json
                    .as_string()
                    .ok_or_else(|| "the engine sent no answer".to_string())
                    .and_then(|json| shoot_policy::decode::from_json(json.as_bytes())),
                Err(error) => Err(error
                    .dyn_ref::<js_sys::Error>()
                    .map(|error| String::from(error.message()))
                    .unwrap_or_else(|| "the engine failed".to_string())),
            });
        });
    }

    /// Hands the request to the engine client (see `crate::worker`); its promise settles with the
    /// view's JSON.
    fn send(
        previous: &str,
        profile: &str,
        shoots: &str,
        now: DateTime<Utc>,
        on_progress: &Closure<dyn FnMut(u32, u32)>,
    ) -> Result<js_sys::Promise, String> {
        let failed = |e: JsValue| format!("the fleet request could not be made: {e:?}");
        let object = js_sys::Object::new();
        let set = |object: &js_sys::Object, key: &str, value: &JsValue| {
            js_sys::Reflect::set(object, &key.into(), value)
                .map(|_| ())
                .map_err(failed)
        };
        let previous = match previous.trim().is_empty() {
            true => JsValue::NULL,
            false => previous.into(),
        };
        set(&object, "previousCloudProfile", &previous)?;
        set(&object, "cloudProfile", &profile.into())?;
        set(&object, "shoots", &shoots.into())?;
        let options = js_sys::Object::new();
        set(&options, "now", &crate::inputs::rfc3339(now).into())?;
        set(&object, "options", &options)?;
        let missing = || "no analysis engine: the page must set `shootPolicyEngine`".to_string();
        let engine = js_sys::Reflect::get(&js_sys::global(), &"shootPolicyEngine".into())
            .ok()
            .filter(JsValue::is_object)
            .ok_or_else(missing)?;
        let fleet_request = js_sys::Reflect::get(&engine, &"fleetRequest".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or_else(missing)?;
        fleet_request
            .call2(&engine, &object, on_progress.as_ref())
            .map_err(failed)?
            .dyn_into::<js_sys::Promise>()
            .map_err(|_| "the engine did not answer with a promise".to_string())
    }
}
