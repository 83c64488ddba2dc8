//! The Fleet view (`#fleet`): a landscape's Shoots (`kubectl get shoots -A -o yaml`) against a
//! CloudProfile and, optionally, its previous version. Per Shoot it lists what the CloudProfile
//! brings (the next forced and automatic updates, failing updates, validation problems) or what the
//! change moves, and the forced updates per week. The core computes the view (`profile_change`) in the
//! engine's worker (engine.rs), reporting each hundred Shoots; the page stays responsive.

// Natively the page (page.rs) is not built; the app's tests use these parts of it.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod engine;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod input;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub mod model;
#[cfg(target_arch = "wasm32")]
mod page;

use leptos::prelude::*;
use shoot_policy::profile_change::ProfileChangeSummary;

/// The address fragment of the Fleet view; any other is the single-Shoot view's (whose share links
/// are fragments too).
const FRAGMENT: &str = "#fleet";

#[cfg(target_arch = "wasm32")]
pub use page::mount;

/// Natively (the app's tests mount nothing) the single-Shoot view.
#[cfg(not(target_arch = "wasm32"))]
pub fn mount<V: IntoView + 'static>(single: fn() -> V) {
    leptos::mount::mount_to_body(single);
}

/// The single-Shoot view's link to the Fleet view, in its header, where one short word keeps the
/// header's height at common widths (the Fleet view's header, page.rs, links both views).
#[component]
pub fn ViewSwitch() -> impl IntoView {
    view! {
        <nav class="view-switch" aria-label="Views">
            <a href=FRAGMENT title="The Fleet view: many Shoots against a CloudProfile and its change">"Fleet"</a>
        </nav>
    }
}

/// Whether no Shoot could be analysed: each has an input error (its own, or the CloudProfile's)
/// and none brings a change.
fn none_read(summary: &ProfileChangeSummary) -> bool {
    summary.with_input_errors == summary.shoots && summary.affected == 0
}

/// The counts in a sentence, and the first input error where it is.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn summary(summary: &ProfileChangeSummary) -> String {
    let unreadable = none_read(summary);
    let shoots = crate::format::count(summary.shoots, "Shoot", "Shoots");
    let mut text = match (summary.shoots, unreadable, summary.compared) {
        (0, ..) => "No Shoot in the pasted text.".to_string(),
        (_, true, _) => "No Shoot could be analysed.".to_string(),
        (_, _, true) => format!(
            "{shoots}: {} affected by the change (listed below), {} not affected.",
            summary.affected, summary.unaffected
        ),
        (_, _, false) => format!(
            "{shoots}: {} with an update or a problem (listed below), {} without.",
            summary.affected, summary.unaffected
        ),
    };
    if let Some(error) = &summary.first_input_error {
        let lead = match summary.with_input_errors {
            _ if unreadable => "Input error".to_string(),
            shoots => format!(
                "{} with input errors; the first",
                crate::format::count(shoots, "Shoot", "Shoots")
            ),
        };
        // The engine names the pasted Shoots by their place in its input; here that is the box.
        let error = match error.strip_prefix(engine::SHOOTS_SOURCE) {
            Some(rest) => format!("Shoots{rest}"),
            None => error.clone(),
        };
        text.push_str(&format!(" {lead}: {error}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoot_policy::examples;
    use shoot_policy::profile_change::ProfileChangeReport;

    /// The view `engine::request` delivers natively, with its progress.
    fn fleet(
        previous: &str,
        profile: &str,
        shoots: &str,
    ) -> (ProfileChangeReport, Vec<(usize, usize)>) {
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let answer = std::rc::Rc::new(std::cell::RefCell::new(None));
        let (seen_by, answered) = (seen.clone(), answer.clone());
        engine::request(
            (previous.into(), profile.into(), shoots.into()),
            "2026-11-23T00:00:00Z".parse().unwrap(),
            move |done, total| seen_by.borrow_mut().push((done, total)),
            move |view| *answered.borrow_mut() = Some(view),
        );
        let view = answer.borrow_mut().take().unwrap().unwrap();
        let seen = seen.borrow().clone();
        (view, seen)
    }

    #[test]
    fn a_profile_change_is_summed_up_in_a_sentence() {
        let previous = examples::DEFAULT.cloud_profile;
        let changed = previous.replace("2026-12-15T23:59:59Z", "2026-11-30T23:59:59Z");
        let list = examples::as_list(&[
            examples::DEFAULT.shoot,
            examples::DEPRECATED_AUTO_UPDATE.shoot,
        ]);
        let (view, seen) = fleet(previous, &changed, &list);
        assert_eq!(seen.last(), Some(&(2, 2)));
        assert_eq!(
            summary(&view.summary),
            "2 Shoots: 1 affected by the change (listed below), 1 not affected."
        );
        let (alone, _) = fleet("", &changed, &list);
        assert_eq!(
            summary(&alone.summary),
            "2 Shoots: 2 with an update or a problem (listed below), 0 without."
        );
    }

    #[test]
    fn an_unreadable_list_is_named_with_its_place() {
        let (view, _) = fleet(
            "",
            examples::DEFAULT.cloud_profile,
            "kind: List\nitems:\n- kind: [Shoot\n  x: 1\n",
        );
        let text = summary(&view.summary);
        // The parser stops where the unclosed `[` of line 3 meets the next key.
        assert_eq!(
            text,
            "No Shoot could be analysed. Input error: Shoots, line 4, column 4: did not find expected ',' or ']'"
        );
    }
}
