//! The app's stylesheet (`web/static/style.css`) rewritten for the embedded app, which lives in a
//! shadow root on someone else's page (`shoot-policy/embed` of the npm package):
//!
//! - `:root`, `html` and `body` match nothing inside a shadow root; their rules go to the app's root
//!   element (the container `embed.js` creates), which also resets every inherited property so the
//!   host page's fonts, colours or `text-transform` do not leak in through inheritance;
//! - `rem` is relative to the *host page's* root font size, which the page may set to anything;
//!   every `Nrem` becomes `calc(N * var(--rem))` with `--rem: 16px` on the app's root;
//! - width media queries ask about the window, but the embedded app gets a box of the page's
//!   choosing: `@media (max-width: …)` becomes a container query on the app's root.
//!
//! - the dark palette follows the OS (`prefers-color-scheme`) unless the host page sets the theme:
//!   `data-theme="light"` or `"dark"` on the app's root (`mount`'s `theme` option) wins.
//!
//! The standalone app keeps using the stylesheet unchanged.

/// The class of the element the embedded app is mounted in (`wasm-pkg/npm/embed.js` sets it).
pub const ROOT_CLASS: &str = "shoot-policy-root";

/// The container name of the app's root, for the rewritten width queries.
const CONTAINER_NAME: &str = "shoot-policy";

/// Rewrites the app's stylesheet for a shadow root; see the module documentation.
pub fn for_shadow_root(css: &str) -> String {
    let root = format!(".{ROOT_CLASS}");
    let mut out = format!(
        ":host {{ display: block; }}\n\
         {root} {{ all: initial; display: block; container: {CONTAINER_NAME} / inline-size; \
         --rem: 16px; font-size: 16px; line-height: normal; }}\n"
    );
    // What the text since the last `{`, `}` or `;` is: a rule's prelude, or declarations.
    let mut in_declarations: Vec<bool> = Vec::new();
    // Inside the dark-scheme media rule: its nesting depth; the start of a rule in it, and the
    // declarations of its rules, copied for the host's explicit dark theme.
    let mut dark_depth: Option<usize> = None;
    let mut dark_rule: Option<usize> = None;
    let mut dark_palette = String::new();
    let mut pending = String::new();
    let mut chars = css.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                // Comments are copied through; they may contain braces.
                out.push_str(&pending);
                pending.clear();
                out.push(c);
                let mut previous = ' ';
                for c in chars.by_ref() {
                    out.push(c);
                    if previous == '*' && c == '/' {
                        break;
                    }
                    previous = c;
                }
            }
            '{' => {
                let prelude = pending.trim();
                let is_at_rule = prelude.starts_with('@');
                let leading = &pending[..pending.len() - pending.trim_start().len()];
                out.push_str(leading);
                if is_at_rule {
                    out.push_str(&at_rule_prelude(prelude));
                    if prelude.contains(DARK_SCHEME) {
                        dark_depth = Some(in_declarations.len());
                    }
                } else if dark_depth.is_some() {
                    // The OS's dark palette, unless the host page chose the light theme.
                    out.push_str(&selectors(
                        prelude,
                        &format!("{root}:not([data-theme=\"light\"])"),
                    ));
                    dark_rule = Some(out.len());
                } else {
                    out.push_str(&selectors(prelude, &root));
                }
                out.push_str(" {");
                pending.clear();
                in_declarations.push(!is_at_rule);
            }
            '}' => {
                flush(
                    &mut out,
                    &mut pending,
                    in_declarations.last() == Some(&true),
                );
                if let Some(start) = dark_rule.take() {
                    // The rule's body (after its ` {`), again for the host's dark theme.
                    dark_palette.push_str(&out[start + 2..]);
                }
                out.push('}');
                in_declarations.pop();
                if dark_depth == Some(in_declarations.len()) {
                    dark_depth = None;
                }
            }
            ';' if in_declarations.last() == Some(&true) => {
                flush(&mut out, &mut pending, true);
                out.push(';');
            }
            _ => pending.push(c),
        }
    }
    flush(&mut out, &mut pending, false);
    out.push_str(&format!(
        "\n{root}[data-theme=\"dark\"] {{{dark_palette} color-scheme: dark; }}\n\
         {root}[data-theme=\"light\"] {{ color-scheme: light; }}\n"
    ));
    out
}

/// The media condition of the OS's dark palette.
const DARK_SCHEME: &str = "prefers-color-scheme: dark";

fn flush(out: &mut String, pending: &mut String, declarations: bool) {
    if declarations {
        out.push_str(&rem_to_custom_property(pending));
    } else {
        out.push_str(pending);
    }
    pending.clear();
}

/// `:root`, `html` and `body` (alone or as the start of a compound selector) become the app's root.
fn selectors(prelude: &str, root: &str) -> String {
    prelude
        .split(',')
        .map(|selector| {
            let selector = selector.trim();
            for document_level in [":root", "html", "body"] {
                if let Some(rest) = selector.strip_prefix(document_level) {
                    if rest.is_empty() || rest.starts_with([' ', '>', '.', ':', '[']) {
                        return format!("{root}{rest}");
                    }
                }
            }
            selector.to_string()
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Width media queries become container queries on the app's root; other at-rules stay.
fn at_rule_prelude(prelude: &str) -> String {
    match prelude.strip_prefix("@media") {
        Some(condition)
            if condition.contains("width")
                && !condition.contains("prefers-")
                && !condition.contains(',') =>
        {
            format!("@container {CONTAINER_NAME}{condition}")
        }
        _ => prelude.to_string(),
    }
}

/// `0.8rem` becomes `calc(0.8 * var(--rem))`.
fn rem_to_custom_property(declarations: &str) -> String {
    let mut out = String::with_capacity(declarations.len());
    let bytes = declarations.as_bytes();
    let mut index = 0;
    while index < bytes.len() {
        let starts_number = (bytes[index].is_ascii_digit() || bytes[index] == b'.')
            && (index == 0 || !is_identifier_byte(bytes[index - 1]));
        if starts_number {
            let end = index
                + bytes[index..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit() || **b == b'.')
                    .count();
            let unit_end = end + 3;
            let is_rem = declarations.get(end..unit_end) == Some("rem")
                && bytes.get(unit_end).is_none_or(|b| !is_identifier_byte(*b));
            if is_rem {
                out.push_str(&format!("calc({} * var(--rem))", &declarations[index..end]));
                index = unit_end;
            } else {
                out.push_str(&declarations[index..end]);
                index = end;
            }
            continue;
        }
        let next = declarations[index..]
            .chars()
            .next()
            .expect("index is on a char boundary");
        out.push(next);
        index += next.len_utf8();
    }
    out
}

fn is_identifier_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_level_rules_move_to_the_app_root() {
        let css = for_shadow_root(
            ":root { --bg: #fff; }\n@media (prefers-color-scheme: dark) {\n  :root { --bg: #000; }\n}\nbody { margin: 0; }\n* { box-sizing: border-box; }\nbody > main, .y { color: red; }\n.bodywork { color: blue; }",
        );
        assert!(css.starts_with(":host { display: block; }\n.shoot-policy-root { all: initial;"));
        assert!(css.contains("\n.shoot-policy-root { --bg: #fff; }"));
        assert!(css.contains(
            "@media (prefers-color-scheme: dark) {\n  .shoot-policy-root:not([data-theme=\"light\"]) { --bg: #000; }\n}"
        ), "{css}");
        // The host page's theme wins over the OS's scheme.
        assert!(
            css.contains(
                "\n.shoot-policy-root[data-theme=\"dark\"] { --bg: #000;  color-scheme: dark; }\n"
            ),
            "{css}"
        );
        assert!(css.contains(".shoot-policy-root[data-theme=\"light\"] { color-scheme: light; }"));
        assert!(css.contains("\n.shoot-policy-root { margin: 0; }"));
        assert!(css.contains("\n* { box-sizing: border-box; }"));
        assert!(css.contains("\n.shoot-policy-root > main, .y { color: red; }"));
        assert!(css.contains("\n.bodywork { color: blue; }"));
        assert!(!css.contains(":root"));
    }

    #[test]
    fn rem_lengths_stop_depending_on_the_host_pages_root_font_size() {
        let css = for_shadow_root(
            ".a { font: 0.8rem/1.35 ui-monospace; max-width: min(28rem, 90vw); margin: 1rem 0 .5rem; }\n.rem-x { width: 2em; --premium: 3; }",
        );
        assert!(css.contains(".a { font: calc(0.8 * var(--rem))/1.35 ui-monospace; max-width: min(calc(28 * var(--rem)), 90vw); margin: calc(1 * var(--rem)) 0 calc(.5 * var(--rem)); }"), "{css}");
        assert!(
            css.contains(".rem-x { width: 2em; --premium: 3; }"),
            "{css}"
        );
    }

    #[test]
    fn width_queries_ask_the_apps_box_not_the_window() {
        let css = for_shadow_root(
            "@media (max-width: 900px) { .layout { grid-template-columns: 1fr; } }\n/* a { b } */\n@media print { .x { display: none; } }",
        );
        assert!(
            css.contains(
                "@container shoot-policy (max-width: 900px) { .layout { grid-template-columns: 1fr; } }"
            ),
            "{css}"
        );
        assert!(css.contains("/* a { b } */"));
        assert!(css.contains("@media print { .x { display: none; } }"));
    }

    #[test]
    fn the_apps_stylesheet_keeps_its_rules() {
        let original = std::fs::read_to_string(crate::root().join("web/static/style.css")).unwrap();
        let css = for_shadow_root(&original);
        let rules = |text: &str| text.matches('{').count();
        // Only the two rules of the preamble and the two of the host's themes are added.
        assert_eq!(rules(&css), rules(&original) + 4);
        assert!(!css.contains(":root"));
        assert!(!css.contains("rem;"));
    }
}
