//! The Fleet view's table and chart: one row per change of a listed Shoot, filtered by text and
//! kind and ordered by date, and the forced updates per week as a bar chart with a text alternative
//! and a table. Both are written as markup here, every text escaped, and set as the inner HTML of
//! their containers: a reactive view of them cost the app's module about 40 KB gzip.

use crate::format;
use chrono::{DateTime, Utc};
use shoot_policy::profile_change::{ChangeKind, ChangeSide, ProfileChange};
use shoot_policy::profile_change::{ProfileChangeReport, WeekCount};
use shoot_policy::summary::component_label;
use std::fmt::Write;

/// A row of the table: change `change` of listed Shoot `shoot` (indices into the view).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub shoot: usize,
    pub change: usize,
}

/// The table's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Earliest,
    Latest,
    /// As the List has the Shoots.
    Input,
}

/// The kinds a user filters by, with their names in the filter's options.
pub const KINDS: [(ChangeKind, &str); 5] = [
    (ChangeKind::ForcedUpdate, "Forced updates"),
    (ChangeKind::AutomaticUpdate, "Automatic updates"),
    (ChangeKind::FailingUpdate, "Failing updates"),
    (ChangeKind::Classification, "Classifications"),
    (ChangeKind::ValidationProblem, "Validation problems"),
];

/// When a change happens: the new date, or the old one where the change takes the update away.
pub fn date(change: &ProfileChange) -> Option<DateTime<Utc>> {
    let at = |side: &Option<ChangeSide>| side.as_ref().and_then(|side| side.at);
    at(&change.after).or_else(|| at(&change.before))
}

/// The rows to show: the changes whose Shoot's `namespace/name` contains `text` and whose kind
/// is `kind` (any when `None`), in `order`; rows of the same date keep the List's order, and rows
/// without a date come last. Case is ignored for ASCII letters only: names and namespaces are DNS
/// labels, and Unicode's case tables would cost the app's module more than this view's table.
pub fn rows(
    view: &ProfileChangeReport,
    text: &str,
    kind: Option<ChangeKind>,
    order: Order,
) -> Vec<Row> {
    let text = text.trim().to_ascii_lowercase();
    let mut rows = Vec::new();
    for (index, shoot) in view.affected.iter().enumerate() {
        let path = shoot.path().to_ascii_lowercase();
        if !path.contains(&text) {
            continue;
        }
        for (change, found) in shoot.changes.iter().enumerate() {
            if kind.is_none_or(|kind| kind == found.kind) {
                rows.push(Row {
                    shoot: index,
                    change,
                });
            }
        }
    }
    let date_of = |row: &Row| date(&view.affected[row.shoot].changes[row.change]);
    // The core's sort: one instantiation of the standard library's for the whole module.
    use shoot_policy::sorting::sort_by_key;
    match order {
        Order::Input => {}
        Order::Earliest => sort_by_key(&mut rows, |row| (date_of(row).is_none(), date_of(row))),
        Order::Latest => sort_by_key(&mut rows, |row| {
            (date_of(row).is_none(), std::cmp::Reverse(date_of(row)))
        }),
    }
    rows
}

/// The rows per page of the table: 10 000 Shoots make tens of thousands of rows.
pub const PAGE: usize = 50;

/// `text` as HTML text or attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The table of page `page` (0-based) of `rows`: the old and the new side of each change when
/// `view` compares two CloudProfiles, else what the CloudProfile brings.
pub fn table_html(view: &ProfileChangeReport, rows: &[Row], page: usize) -> String {
    let compared = view.summary.compared;
    let mut html = String::from(
        "<table><thead><tr><th scope=\"col\">Namespace</th><th scope=\"col\">Shoot</th>\
         <th scope=\"col\">Component</th><th scope=\"col\">Change</th>",
    );
    html.push_str(match compared {
        true => "<th scope=\"col\">With the previous CloudProfile</th><th scope=\"col\">With this CloudProfile</th>",
        false => "<th scope=\"col\">What and when</th>",
    });
    html.push_str("</tr></thead><tbody>");
    for row in rows.iter().skip(page * PAGE).take(PAGE) {
        let shoot = &view.affected[row.shoot];
        let change = &shoot.changes[row.change];
        let mut cells = vec![
            shoot.namespace.clone().unwrap_or_default(),
            shoot.shoot.clone(),
            component_label(&change.component),
            kind_text(change.kind).to_string(),
        ];
        if compared {
            cells.push(side_text(change.kind, change.before.as_ref()));
        }
        cells.push(side_text(change.kind, change.after.as_ref()));
        html.push_str("<tr>");
        for cell in cells {
            let _ = write!(html, "<td>{}</td>", escape(&cell));
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table>");
    html
}

/// The width of a week and the height of the bars, in the chart's units.
const WEEK: usize = 12;
const HEIGHT: usize = 80;

/// The bar chart of the forced updates per week (the previous CloudProfile's beside, when
/// compared), its legend, and its figures as a table in a closed `<details>`.
pub fn chart_html(weeks: &[WeekCount]) -> String {
    let compared = weeks.first().is_some_and(|week| week.previous.is_some());
    let most = (weeks.iter())
        .map(|week| week.count.max(week.previous.unwrap_or(0)))
        .max()
        .unwrap_or(0)
        .max(1);
    let width = (weeks.len() * WEEK).max(WEEK);
    let mut html = format!(
        "<svg class=\"weekly\" viewBox=\"0 -12 {width} 108\" role=\"img\" aria-label=\"{}\">\
         <text x=\"0\" y=\"-2\">{most} at most</text><line class=\"axis\" x1=\"0\" x2=\"{width}\" y1=\"{HEIGHT}\" y2=\"{HEIGHT}\"/>",
        escape(&chart_summary(weeks))
    );
    let mut bar = |class: &str, x: usize, width: usize, count: usize| {
        let height = count as f64 / most as f64 * HEIGHT as f64;
        let _ = write!(
            html,
            "<rect class=\"{class}\" x=\"{x}\" y=\"{:.1}\" width=\"{width}\" height=\"{height:.1}\"/>",
            HEIGHT as f64 - height
        );
    };
    let mut rows = String::new();
    for (index, week) in weeks.iter().enumerate() {
        let x = index * WEEK;
        let _ = write!(rows, "<tr><td>{}</td>", escape(&week.week));
        if let Some(previous) = week.previous {
            bar("previous", x + 1, 4, previous);
            let _ = write!(rows, "<td>{previous}</td>");
            bar("forced", x + 5, 6, week.count);
        } else {
            bar("forced", x + 1, 10, week.count);
        }
        let _ = write!(rows, "<td>{}</td></tr>", week.count);
    }
    let (first, last) = match (weeks.first(), weeks.last()) {
        (Some(first), Some(last)) => (escape(&first.week), escape(&last.week)),
        _ => Default::default(),
    };
    let _ = write!(
        html,
        "<text x=\"0\" y=\"94\">{first}</text><text x=\"{width}\" y=\"94\" text-anchor=\"end\">{last}</text></svg>"
    );
    if compared {
        html.push_str(
            "<p class=\"legend\"><span class=\"swatch previous\"></span>previous CloudProfile \
             <span class=\"swatch forced\"></span>this CloudProfile</p>",
        );
    }
    let _ = write!(
        html,
        "<details><summary>The figures as a table</summary><table><thead><tr><th scope=\"col\">Week of</th>{}\
         <th scope=\"col\">Forced updates</th></tr></thead><tbody>{rows}</tbody></table></details>",
        if compared { "<th scope=\"col\">With the previous CloudProfile</th>" } else { "" }
    );
    html
}

/// A change's kind in words.
pub fn kind_text(kind: ChangeKind) -> &'static str {
    match kind {
        ChangeKind::ForcedUpdate => "forced update",
        ChangeKind::AutomaticUpdate => "automatic update",
        ChangeKind::FailingUpdate => "failing update",
        ChangeKind::Classification => "classification",
        ChangeKind::ValidationProblem => "validation problem",
    }
}

/// One side of a change in words: `to 1.32.9 on 2026-12-01 21:00 UTC`, `1.32.8 fails from … (forced)`,
/// `1.32.8 deprecated, expires 2026-11-30`; `none` where that side has nothing.
pub fn side_text(kind: ChangeKind, side: Option<&ChangeSide>) -> String {
    let Some(side) = side else {
        return "none".to_string();
    };
    let version = side.version.as_deref().unwrap_or_default();
    let text = side.text.as_deref();
    match kind {
        ChangeKind::ForcedUpdate | ChangeKind::AutomaticUpdate => {
            let at = side.at.map(format::date_time).unwrap_or_default();
            format!("to {version} on {at}")
        }
        ChangeKind::FailingUpdate => {
            let at = side.at.map(format::date_time).unwrap_or_default();
            let reason = if text == Some("force") {
                "forced"
            } else {
                "automatic"
            };
            format!("{version} fails from {at} ({reason})")
        }
        ChangeKind::Classification => {
            let class = text.unwrap_or("not listed");
            match side.at {
                Some(expires) => format!("{version} {class}, expires {}", format::date(expires)),
                None => format!("{version} {class}"),
            }
        }
        ChangeKind::ValidationProblem => text.unwrap_or_default().to_string(),
    }
}

/// The chart's text alternative: how many weeks, the busiest one, the total; with the previous
/// CloudProfile's figures when compared.
pub fn chart_summary(weeks: &[WeekCount]) -> String {
    let (Some(first), Some(last)) = (weeks.first(), weeks.last()) else {
        return "No forced updates before the timeline's horizon.".to_string();
    };
    let total: usize = weeks.iter().map(|week| week.count).sum();
    let busiest = weeks
        .iter()
        .rev()
        .max_by_key(|week| week.count)
        .unwrap_or(first);
    let mut text = format!(
        "Forced updates per week from the week of {} to the week of {}: {total} in all, the most ({}) in the week of {}.",
        first.week, last.week, busiest.count, busiest.week
    );
    if first.previous.is_some() {
        let previous: usize = weeks.iter().filter_map(|week| week.previous).sum();
        text.push_str(&format!(
            " With the previous CloudProfile: {previous} in all."
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoot_policy::profile_change::AffectedShoot;
    use shoot_policy::timeline::Component;

    fn change(kind: ChangeKind, before: Option<&str>, after: Option<&str>) -> ProfileChange {
        let side = |at: Option<&str>| {
            at.map(|at| ChangeSide {
                at: Some(at.parse().unwrap()),
                version: Some("1.32.9".to_string()),
                text: None,
            })
        };
        ProfileChange {
            component: Component::ControlPlane,
            kind,
            before: side(before),
            after: side(after),
        }
    }

    fn view() -> ProfileChangeReport {
        let shoot = |namespace: &str, name: &str, changes| AffectedShoot {
            namespace: Some(namespace.to_string()),
            shoot: name.to_string(),
            changes,
        };
        let problem = ProfileChange {
            kind: ChangeKind::ValidationProblem,
            ..change(ChangeKind::ValidationProblem, None, None)
        };
        ProfileChangeReport {
            affected: vec![
                shoot(
                    "garden-a",
                    "payments",
                    vec![
                        change(
                            ChangeKind::ForcedUpdate,
                            Some("2026-12-16T21:00:00Z"),
                            Some("2026-12-01T21:00:00Z"),
                        ),
                        problem,
                    ],
                ),
                shoot(
                    "garden-b",
                    "search",
                    vec![change(
                        ChangeKind::AutomaticUpdate,
                        Some("2026-11-24T03:00:00Z"),
                        None,
                    )],
                ),
            ],
            ..ProfileChangeReport::default()
        }
    }

    #[test]
    fn rows_follow_the_date_the_filter_and_the_kind() {
        let view = view();
        let at = |rows: Vec<Row>| -> Vec<(usize, usize)> {
            rows.iter().map(|row| (row.shoot, row.change)).collect()
        };
        assert_eq!(
            at(rows(&view, "", None, Order::Input)),
            [(0, 0), (0, 1), (1, 0)]
        );
        // The automatic update that goes is dated by its old window; the problem has no date.
        assert_eq!(
            at(rows(&view, "", None, Order::Earliest)),
            [(1, 0), (0, 0), (0, 1)]
        );
        assert_eq!(
            at(rows(&view, "", None, Order::Latest)),
            [(0, 0), (1, 0), (0, 1)]
        );
        assert_eq!(at(rows(&view, " Garden-B/ ", None, Order::Input)), [(1, 0)]);
        assert_eq!(
            at(rows(
                &view,
                "pay",
                Some(ChangeKind::ForcedUpdate),
                Order::Input
            )),
            [(0, 0)]
        );
        assert!(rows(&view, "nothing", None, Order::Input).is_empty());
    }

    #[test]
    fn a_side_says_what_and_when() {
        let moved = change(ChangeKind::ForcedUpdate, Some("2026-12-16T21:00:00Z"), None);
        assert_eq!(
            side_text(moved.kind, moved.before.as_ref()),
            "to 1.32.9 on 2026-12-16 21:00 UTC"
        );
        assert_eq!(side_text(moved.kind, moved.after.as_ref()), "none");
        let failing = ChangeSide {
            at: Some("2026-12-16T21:00:00Z".parse().unwrap()),
            version: Some("1.31.13".to_string()),
            text: Some("force".to_string()),
        };
        assert_eq!(
            side_text(ChangeKind::FailingUpdate, Some(&failing)),
            "1.31.13 fails from 2026-12-16 21:00 UTC (forced)"
        );
        let classified = ChangeSide {
            at: Some("2026-11-30T23:59:59Z".parse().unwrap()),
            version: Some("1.32.8".to_string()),
            text: Some("deprecated".to_string()),
        };
        assert_eq!(
            side_text(ChangeKind::Classification, Some(&classified)),
            "1.32.8 deprecated, expires 2026-11-30"
        );
    }

    #[test]
    fn the_table_is_markup_with_every_text_escaped() {
        let mut view = view();
        view.affected[0].shoot = "<img src=x onerror=alert(1)>".to_string();
        view.summary.compared = true;
        let all = rows(&view, "", None, Order::Input);
        let html = table_html(&view, &all, 0);
        assert!(!html.contains("<img"), "{html}");
        assert!(
            html.contains("<td>&lt;img src=x onerror=alert(1)&gt;</td>"),
            "{html}"
        );
        assert!(html.contains(
            "<td>forced update</td><td>to 1.32.9 on 2026-12-16 21:00 UTC</td><td>to 1.32.9 on 2026-12-01 21:00 UTC</td>"
        ));
        assert_eq!(html.matches("<tr>").count(), 1 + 3);
        // A page past the rows has none; alone, one side is shown.
        assert_eq!(table_html(&view, &all, 1).matches("<tr>").count(), 1);
        view.summary.compared = false;
        assert!(table_html(&view, &all, 0).contains("<th scope=\"col\">What and when</th></tr>"));
        assert_eq!(escape("a&b\"'"), "a&amp;b&quot;&#39;");
    }

    #[test]
    fn the_chart_has_a_bar_per_week_and_its_figures_as_a_table() {
        let week = |week: &str, previous, count| WeekCount {
            week: week.to_string(),
            previous,
            count,
        };
        let html = chart_html(&[
            week("2026-11-23", Some(2), 4),
            week("2026-11-30", Some(0), 1),
        ]);
        assert!(html.contains("aria-label=\"Forced updates per week from the week of 2026-11-23"));
        assert!(
            html.contains("<rect class=\"forced\" x=\"5\" y=\"0.0\" width=\"6\" height=\"80.0\"/>"),
            "{html}"
        );
        assert!(
            html.contains(
                "<rect class=\"previous\" x=\"1\" y=\"40.0\" width=\"4\" height=\"40.0\"/>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<tr><td>2026-11-30</td><td>0</td><td>1</td></tr>"),
            "{html}"
        );
        let alone = chart_html(&[week("2026-11-23", None, 4)]);
        assert!(
            alone.contains("<tr><td>2026-11-23</td><td>4</td></tr>") && !alone.contains("previous")
        );
    }

    #[test]
    fn the_chart_is_told_in_words() {
        let week = |week: &str, previous, count| WeekCount {
            week: week.to_string(),
            previous,
            count,
        };
        assert_eq!(
            chart_summary(&[week("2026-11-23", None, 3), week("2026-11-30", None, 5)]),
            "Forced updates per week from the week of 2026-11-23 to the week of 2026-11-30: 8 in all, the most (5) in the week of 2026-11-30."
        );
        assert!(chart_summary(&[week("2026-11-23", Some(2), 3)])
            .ends_with("With the previous CloudProfile: 2 in all."));
        assert_eq!(
            chart_summary(&[]),
            "No forced updates before the timeline's horizon."
        );
        // Of weeks as busy, the first is named.
        assert!(
            chart_summary(&[week("2026-11-23", None, 4), week("2026-11-30", None, 4)])
                .ends_with("the most (4) in the week of 2026-11-23.")
        );
    }
}
