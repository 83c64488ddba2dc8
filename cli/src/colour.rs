//! Colour for text reports on a terminal: headings bold, failures red, forced updates yellow.
//! Plain when stdout is not a terminal (pipes, files) or `NO_COLOR` is set to anything non-empty
//! (<https://no-color.org>). Only adds escape codes around words the text already has.

use std::io::IsTerminal;

const BOLD: &str = "\u{1b}[1m";
const DIM: &str = "\u{1b}[2m";
const RED: &str = "\u{1b}[31m";
const YELLOW: &str = "\u{1b}[33m";
const RESET: &str = "\u{1b}[0m";

/// Words that mark a failure or a forced change, and their colour.
const MARKED: &[(&str, &str)] = &[
    ("FAILED", RED),
    ("BLOCKED", RED),
    ("error:", RED),
    ("FORCED", YELLOW),
    ("forced update", YELLOW),
    ("warning:", YELLOW),
];

/// Whether stdout gets colour.
pub fn wanted() -> bool {
    let disabled = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    !disabled && std::io::stdout().is_terminal()
}

/// Prints a text report, coloured when [`wanted`].
pub fn print(text: &str) {
    if wanted() {
        crate::output::write(paint(text));
    } else {
        crate::output::write(text);
    }
}

/// The text with escape codes: a heading (a line underlined by dashes) bold and its underline dim,
/// marked words in their colour.
pub fn paint(text: &str) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = String::with_capacity(text.len() + 64);
    for (index, line) in lines.iter().enumerate() {
        let (content, end) = match line.strip_suffix('\n') {
            Some(content) => (content, "\n"),
            None => (*line, ""),
        };
        let underline = |l: &str| !l.is_empty() && l.chars().all(|c| c == '-');
        let next = lines.get(index + 1).map(|l| l.trim_end_matches('\n'));
        if !content.is_empty() && next.is_some_and(underline) {
            out.push_str(&format!("{BOLD}{content}{RESET}{end}"));
        } else if underline(content) {
            out.push_str(&format!("{DIM}{content}{RESET}{end}"));
        } else {
            let mut painted = content.to_string();
            for (word, colour) in MARKED {
                painted = painted.replace(word, &format!("{colour}{word}{RESET}"));
            }
            out.push_str(&painted);
            out.push_str(end);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_bold_and_marked_words_coloured() {
        let text = "\nStatus\n------\n  pool a: 1 → 2 (forced update)\n  x (FAILED)\nplain";
        assert_eq!(
            paint(text),
            "\n\u{1b}[1mStatus\u{1b}[0m\n\u{1b}[2m------\u{1b}[0m\n  pool a: 1 → 2 (\u{1b}[33mforced update\u{1b}[0m)\n  x (\u{1b}[31mFAILED\u{1b}[0m)\nplain"
        );
    }

    #[test]
    fn text_without_marks_is_unchanged() {
        let text = "  no change\n";
        assert_eq!(paint(text), text);
    }
}
