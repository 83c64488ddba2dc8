//! A Copy button: puts a text (a command, a patch, a link) on the clipboard and says so.

use leptos::prelude::*;
use std::time::Duration;

/// A button that copies `text`; `what` names it for assistive technology ("Copy the kubectl
/// command"). The outcome is announced in a status region next to it.
#[component]
pub fn CopyButton(text: String, what: &'static str) -> impl IntoView {
    let outcome = RwSignal::new(None::<&'static str>);
    let click = move |_| {
        let text = text.clone();
        copy(text, move |copied| {
            outcome.set(Some(if copied {
                "Copied"
            } else {
                "Copy failed: select the text and copy it"
            }));
            set_timeout(move || outcome.set(None), Duration::from_secs(3));
        });
    };
    view! {
        <button type="button" class="copy" aria-label=format!("Copy {what}") on:click=click>"Copy"</button>
        <span class="copy-outcome" role="status">{move || outcome.get()}</span>
    }
}

#[cfg(target_arch = "wasm32")]
fn copy(text: String, done: impl FnOnce(bool) + 'static) {
    let Some(window) = web_sys::window() else {
        return done(false);
    };
    let promise = window.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        done(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok());
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn copy(_text: String, done: impl FnOnce(bool) + 'static) {
    done(false);
}
