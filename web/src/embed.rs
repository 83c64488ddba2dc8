//! The whole app embedded in another page (the npm package's `shoot-policy/embed`, for the Gardener
//! dashboard). The host page owns the input: it comes from the embedder's options instead of
//! localStorage or a share link, and nothing the user types is saved. The JavaScript side
//! (`wasm-pkg/npm/embed.js`) makes the shadow root, adopts the stylesheet and turns the host's
//! objects into the editors' text; this module mounts the app into the container it is given.

use crate::inputs::Inputs;
use leptos::prelude::*;

/// Present as context when the app runs embedded: the input the host page gave, which the app uses
/// instead of its own saved state.
#[derive(Clone, Copy)]
pub struct HostInputs(pub RwSignal<Inputs>);

/// The parts of the app the host page shows (`mount`'s `view` option): cards by name, or the whole
/// app with its editors. The standalone app shows everything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    /// The editors, the time control and the app's header: `view: "full"`.
    pub inputs: bool,
    /// The cards to show, by [`CARDS`] name; `None` for every card.
    pub cards: Option<Vec<String>>,
}

/// The cards a host page can ask for, by the names `mount`'s `view` option takes.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub const CARDS: &[&str] = &[
    "summary",
    "maintenanceWindow",
    "timeline",
    "versions",
    "status",
    "validation",
    "rollTriggers",
    "hibernation",
    "scheduling",
    "migration",
    "cleanup",
    "objects",
    "exports",
];

impl Shown {
    /// Whether the card `name` (one of [`CARDS`]) is shown.
    pub fn card(&self, name: &str) -> bool {
        self.cards
            .as_ref()
            .is_none_or(|cards| cards.iter().any(|card| card == name))
    }

    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    /// Reads `view`: `"full"` (the whole app), `"results"` (every card, no editors), a card's name,
    /// or a list of card names.
    pub fn from_view(view: &[String]) -> Result<Shown, String> {
        match view {
            [one] if one == "full" => Ok(Shown {
                inputs: true,
                cards: None,
            }),
            [one] if one == "results" => Ok(Shown {
                inputs: false,
                cards: None,
            }),
            _ => {
                if let Some(unknown) = view.iter().find(|card| !CARDS.contains(&card.as_str())) {
                    return Err(format!(
                        "shoot-policy embed: view: unknown view `{unknown}`; expected \"full\", \"results\" or cards of {}",
                        CARDS.join(", ")
                    ));
                }
                Ok(Shown {
                    inputs: false,
                    cards: Some(view.to_vec()),
                })
            }
        }
    }
}

/// The global the embedder sets before it loads the module, so that the module's `main` does not
/// start the standalone app on the host page's `<body>`.
#[cfg(target_arch = "wasm32")]
const EMBEDDING_FLAG: &str = "shootPolicyEmbedding";

/// Whether the module was loaded by the embedder rather than by the standalone app's boot.js.
#[cfg(target_arch = "wasm32")]
pub fn loaded_by_embedder() -> bool {
    js_sys::Reflect::get(&js_sys::global(), &EMBEDDING_FLAG.into())
        .is_ok_and(|flag| flag.is_truthy())
}

#[cfg(not(target_arch = "wasm32"))]
pub fn loaded_by_embedder() -> bool {
    false
}

/// The host's inputs as `embed.js` sends them: a JSON object with the editors' texts
/// (`cloudProfile`, `shoot`, `previousShoot`, `objects`) and `evaluationTime` (RFC 3339, or empty
/// for the browser's clock). Missing fields are empty.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn inputs_from_json(json: &str) -> Result<Inputs, String> {
    shoot_policy::decode::from_json(json.as_bytes())
        .map_err(|e| format!("shoot-policy embed: unreadable inputs: {e}"))
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{inputs_from_json, HostInputs};
    use crate::inputs::Inputs;
    use leptos::mount::mount_to;
    use leptos::prelude::*;
    use leptos::tachys::view::any_view::AnyViewState;
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    use wasm_bindgen::prelude::*;

    thread_local! {
        /// The containers of the mounted explainers, to tell them when the module died of a panic.
        static CONTAINERS: RefCell<Vec<web_sys::HtmlElement>> = const { RefCell::new(Vec::new()) };
        static PANIC_HOOK_SET: Cell<bool> = const { Cell::new(false) };
    }

    /// One app mounted into a host page's element; `embed.js` wraps it in the public handle.
    #[wasm_bindgen]
    pub struct Explainer {
        inputs: RwSignal<Inputs>,
        container: web_sys::HtmlElement,
        mounted: Option<leptos::mount::UnmountHandle<AnyViewState>>,
    }

    /// Mounts the app into `container` (an element inside the shadow root `embed.js` made) with
    /// the inputs given as JSON (see [`inputs_from_json`]), showing the parts `view` names (see
    /// [`super::Shown::from_view`]).
    #[wasm_bindgen]
    pub fn mount_explainer(
        container: web_sys::HtmlElement,
        inputs_json: &str,
        view: Vec<String>,
    ) -> Result<Explainer, JsError> {
        report_panics_in_explainers();
        let initial = inputs_from_json(inputs_json).map_err(|e| JsError::new(&e))?;
        let shown = super::Shown::from_view(&view).map_err(|e| JsError::new(&e))?;
        // The signal is made inside the mount so that it belongs to the app's reactive owner and is
        // disposed of with it.
        let made = Rc::new(Cell::new(None));
        let made_inside = made.clone();
        let mounted = mount_to(container.clone(), move || {
            let inputs = RwSignal::new(initial);
            made_inside.set(Some(inputs));
            provide_context(HostInputs(inputs));
            provide_context(shown);
            view! { <crate::App /> }.into_any()
        });
        let inputs = made.get().expect("the mount closure runs synchronously");
        CONTAINERS.with_borrow_mut(|containers| containers.push(container.clone()));
        Ok(Explainer {
            inputs,
            container,
            mounted: Some(mounted),
        })
    }

    #[wasm_bindgen]
    impl Explainer {
        /// Replaces the input with the host's new one (the same JSON as for mounting). What the
        /// user typed into the editors since is replaced too: the host owns the input.
        pub fn update(&self, inputs_json: &str) -> Result<(), JsError> {
            let inputs = inputs_from_json(inputs_json).map_err(|e| JsError::new(&e))?;
            if self.mounted.is_some() {
                self.inputs.set(inputs);
            }
            Ok(())
        }

        /// Removes the app from the page and frees its reactive state.
        pub fn unmount(&mut self) {
            if let Some(mounted) = self.mounted.take() {
                drop(mounted);
                CONTAINERS.with_borrow_mut(|containers| {
                    containers.retain(|c| *c != self.container);
                });
            }
        }
    }

    /// A panic aborts the module: every later call into it traps. Say so in each explainer instead
    /// of leaving a page that silently stopped reacting, and log the message for a bug report.
    fn report_panics_in_explainers() {
        if PANIC_HOOK_SET.replace(true) {
            return;
        }
        std::panic::set_hook(Box::new(|info| {
            let message = info.to_string();
            leptos::logging::error!("shoot-policy: {message}");
            let notice = format!(
                "shoot-policy stopped on an internal error and needs a page reload: {message}"
            );
            CONTAINERS.with(|containers| {
                if let Ok(containers) = containers.try_borrow() {
                    for container in containers.iter() {
                        container.set_text_content(Some(&notice));
                        let _ = container.set_attribute("role", "alert");
                    }
                }
            });
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_inputs_read_the_editor_fields_and_default_the_rest() {
        let inputs = inputs_from_json(
            r#"{"cloudProfile":"kind: CloudProfile","shoot":"kind: Shoot","evaluationTime":"2026-11-22T00:00:00Z"}"#,
        )
        .unwrap();
        assert_eq!(inputs.cloud_profile, "kind: CloudProfile");
        assert_eq!(inputs.shoot, "kind: Shoot");
        assert_eq!(inputs.previous_shoot, "");
        assert_eq!(inputs.objects, "");
        assert_eq!(inputs.evaluation_time, "2026-11-22T00:00:00Z");
        assert!(inputs_from_json("[1]")
            .unwrap_err()
            .contains("unreadable inputs"));
    }

    #[test]
    fn a_view_names_the_whole_app_every_card_or_some_cards() {
        let view = |names: &[&str]| {
            Shown::from_view(&names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
        };
        let full = view(&["full"]).unwrap();
        assert!(full.inputs && full.card("timeline"));
        let results = view(&["results"]).unwrap();
        assert!(!results.inputs && results.card("exports"));
        let some = view(&["summary", "timeline"]).unwrap();
        assert!(!some.inputs && some.card("timeline") && !some.card("versions"));
        let error = view(&["summary", "timline"]).unwrap_err();
        assert!(error.contains("unknown view `timline`"), "{error}");
        assert!(view(&["summary", "full"]).is_err());
    }
}
