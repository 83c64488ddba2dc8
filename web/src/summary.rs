//! The summary card: the core's `Report.summary` facts, rendered. The words, tones and details
//! all come from the core, so the card, the CLI and npm users read the same account.

use leptos::prelude::*;
use shoot_policy::summary::{Fact, Tone};

fn class(tone: Tone) -> &'static str {
    match tone {
        Tone::Good => "fact good",
        Tone::Warn => "fact warn",
        Tone::Bad => "fact bad",
        Tone::Neutral => "fact",
    }
}

/// A fact's text with its dates kept whole and its long names breakable at dots and slashes.
fn breakable(text: &str) -> impl IntoView {
    use crate::format::Piece;
    (crate::format::line_breaks(text).into_iter())
        .map(|piece| match piece {
            Piece::Text(text) => text.to_string().into_any(),
            Piece::Date(date) => view! { <span class="date">{date.to_string()}</span> }.into_any(),
            Piece::Break => view! { <wbr /> }.into_any(),
        })
        .collect_view()
}

#[component]
pub fn Summary(facts: Signal<Vec<Fact>>) -> impl IntoView {
    view! {
        <section class="card summary" aria-label="Summary" aria-live="polite">
            <h2>"Summary"</h2>
            <dl class="facts">
                {move || facts.get().into_iter().map(|f| {
                    // Gardener's own message, when it adds to the plain words.
                    let details = f.details.filter(|d| !d.is_empty() && !f.text.contains(d.as_str()));
                    view! {
                        <div class=class(f.tone)>
                            <dt>{f.label}</dt>
                            <dd>
                                {breakable(&f.text)}
                                {details.map(|d| view! {
                                    <details class="gardener-message">
                                        <summary>"Gardener's message"</summary>
                                        <p>{d}</p>
                                    </details>
                                })}
                            </dd>
                        </div>
                    }
                }).collect_view()}
            </dl>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use crate::inputs::Inputs;
    use chrono::{DateTime, Utc};
    use shoot_policy::report::{analyze, AnalyzeOptions};

    #[test]
    fn the_default_example_names_the_forced_update_with_date_and_countdown() {
        let now: DateTime<Utc> = "2026-11-22T00:00:00Z".parse().unwrap();
        let inputs = Inputs::from_example(&shoot_policy::examples::DEFAULT);
        let report = analyze(&inputs.sources(), &AnalyzeOptions::at(now));
        let facts = &report.summary.facts;
        let forced = facts
            .iter()
            .find(|f| f.label == "Next forced update")
            .unwrap();
        assert!(
            forced.text.starts_with(
                "Control plane 1.31.13 → 1.32.9 on 2026-11-22 21:00 UTC (in 21 hours)"
            ),
            "{}",
            forced.text
        );
        assert!(facts
            .iter()
            .any(|f| f.label == "Hibernation" && f.text == "possible"));
        assert!(facts.iter().any(|f| f.label == "Validation problems"));
        let status = facts.iter().find(|f| f.label == "Status").unwrap();
        // Plain words first, not the controller's terms.
        assert_eq!(
            status.text,
            "Healthy: the last operation succeeded and every health check passes."
        );
    }
}
