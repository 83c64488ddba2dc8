//! The header's actions: the example gallery, reset and undo, the share link, and the exports.

use crate::copy::CopyButton;
use crate::inputs::Inputs;
use crate::{export, persist, secrets, share, Analysis};
use leptos::prelude::*;
use shoot_policy::examples::{self, GALLERY};

/// Replaces the input, keeping what was there so it can be restored.
fn replace(inputs: RwSignal<Inputs>, replaced: RwSignal<Option<Inputs>>, new: Inputs) {
    let old = inputs.get_untracked();
    if old != new {
        persist::save_replaced(&old);
        replaced.set(Some(old));
    }
    inputs.set(new);
}

#[component]
pub fn Gallery(inputs: RwSignal<Inputs>, replaced: RwSignal<Option<Inputs>>) -> impl IntoView {
    let choose = move |ev| {
        let id = event_target_value(&ev);
        if let Some(example) = GALLERY.iter().find(|e| e.id == id) {
            replace(inputs, replaced, Inputs::from_example(example));
        }
    };
    // The example the editors hold, word for word; none once anything is edited or pasted.
    let loaded = Memo::new(move |_| {
        inputs.with(|i| {
            let texts = [&i.cloud_profile, &i.shoot, &i.previous_shoot, &i.objects];
            (GALLERY.iter())
                .find(|e| e.texts().iter().zip(texts).all(|(a, b)| *a == b.as_str()))
                .map(|e| e.id)
        })
    });
    view! {
        <div class="actions" role="group" aria-label="Examples">
            <label class="inline">"Example "
                <select aria-label="Example" on:change=choose>
                    <option value="" prop:selected=move || loaded.get().is_none()>"Examples"</option>
                    {GALLERY.iter().map(|e| view! {
                        <option value=e.id prop:selected=move || loaded.get() == Some(e.id)>{e.title}</option>
                    }).collect_view()}
                </select>
            </label>
            <button type="button" on:click=move |_| replace(inputs, replaced, Inputs::from_example(&examples::DEFAULT))>
                "Reset to example"</button>
            {move || replaced.get().map(|old| view! {
                <button type="button" on:click=move |_| replace(inputs, replaced, old.clone())>"Restore previous input"</button>
            })}
        </div>
    }
}

/// What the share panel shows.
#[derive(Clone, PartialEq)]
enum ShareState {
    Closed,
    Warning(Vec<String>),
    Link(String),
}

#[cfg(target_arch = "wasm32")]
fn page_address() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|href| href.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

#[cfg(not(target_arch = "wasm32"))]
fn page_address() -> String {
    String::new()
}

/// Links longer than this may be cut by chat tools, ticket systems and some browsers' address
/// bars (about 8 000 characters is the shortest common limit).
const LONG_LINK: usize = 8_000;

/// A warning for a link too long to travel safely, with what to do instead.
fn long_link_warning(length: usize) -> Option<impl IntoView> {
    (length > LONG_LINK).then(|| {
        view! {
            <p class="warning" role="status">
                {format!("This link is {length} characters long: chat tools, ticket systems and some browsers cut links over about {LONG_LINK}. Share the files instead, or the Markdown summary.")}
            </p>
        }
    })
}

#[component]
pub fn Share(inputs: RwSignal<Inputs>) -> impl IntoView {
    let state = RwSignal::new(ShareState::Closed);
    // Focus follows the panel: into the link once it exists (also after "Create link anyway"),
    // back to the Share button when the panel closes.
    let button = NodeRef::<leptos::html::Button>::new();
    let link_field = NodeRef::<leptos::html::Input>::new();
    Effect::new(move |_| {
        if let Some(field) = link_field.get() {
            let _ = field.focus();
        }
    });
    let close = move || {
        state.set(ShareState::Closed);
        if let Some(button) = button.get_untracked() {
            let _ = button.focus();
        }
    };
    let make_link = move || {
        let fragment = inputs.with_untracked(share::encode);
        state.set(ShareState::Link(format!("{}#{fragment}", page_address())));
    };
    let start = move |_| {
        let found = inputs.with_untracked(|i| secrets::findings(&i.texts()));
        if found.is_empty() {
            make_link();
        } else {
            state.set(ShareState::Warning(found));
        }
    };
    let escape_closes = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            close();
        }
    };
    view! {
        <button type="button" node_ref=button on:click=start>"Share link"</button>
        {move || match state.get() {
            ShareState::Closed => None,
            ShareState::Warning(found) => Some(view! {
                <div class="share-panel warning" role="alertdialog" aria-label="Possible secrets" on:keydown=escape_closes>
                    <p><strong>"The input looks like it holds secrets."</strong>
                        " A share link carries all of it to whoever gets the link:"</p>
                    <ul>{found.into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}</ul>
                    <button type="button" on:click=move |_| make_link()>"Create link anyway"</button>
                    <button type="button" on:click=move |_| close()>"Cancel"</button>
                </div>
            }.into_any()),
            ShareState::Link(link) => Some(view! {
                <div class="share-panel" role="group" aria-label="Share" on:keydown=escape_closes>
                    {long_link_warning(link.len())}
                    <label>"Share link (the input travels in the part after #, which is never sent to a server) "
                        <input type="text" readonly aria-label="Share link" prop:value=link.clone() node_ref=link_field
                            on:focus=move |ev| { event_target::<web_sys::HtmlInputElement>(&ev).select() } />
                    </label>
                    <CopyButton text=link what="the share link" />
                    <button type="button" on:click=move |_| close()>"Close"</button>
                </div>
            }.into_any()),
        }}
    }
}

#[component]
pub fn Exports(analysis: Memo<Analysis>) -> impl IntoView {
    let json = move |_| {
        analysis.with_untracked(|a| {
            export::download(
                "shoot-policy-report.json",
                "application/json",
                &export::json(&a.json),
            )
        })
    };
    let markdown_text =
        move || analysis.with(|a| export::markdown(&a.report, a.timeline.as_ref(), a.now));
    let markdown =
        move |_| export::download("shoot-policy-summary.md", "text/markdown", &markdown_text());
    let ical = move |_| {
        analysis.with_untracked(|a| {
            if let Some(timeline) = &a.timeline {
                export::download(
                    "shoot-policy-updates.ics",
                    "text/calendar",
                    &export::ical(timeline, a.now),
                );
            }
        })
    };
    view! {
        <section class="card" aria-label="Export">
            <h2>"Export"</h2>
            <div class="actions">
                <button type="button" on:click=json>"Download JSON report"</button>
                <button type="button" on:click=markdown>"Download Markdown summary"</button>
                <button type="button" on:click=ical disabled=move || analysis.with(|a| a.timeline.is_none())>"Download calendar (iCal)"</button>
            </div>
            <details>
                <summary>"Markdown summary to paste into a ticket"</summary>
                <textarea class="markdown" readonly aria-label="Markdown summary" rows="12" prop:value=markdown_text></textarea>
            </details>
        </section>
    }
}
