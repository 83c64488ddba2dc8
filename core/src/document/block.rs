//! A reader for the block YAML that `kubectl get -o yaml`, the Gardener dashboard and most editors
//! write: mappings and lists by indentation; plain and quoted scalars, on one line or folded over
//! several; literal block scalars (`|`, `|-`); flow collections that close on their line
//! (`[a, {b: "c"}]`); comments; `---` between documents. It gives the tree the YAML library gives
//! for that text, and gives up (`None`) on anything else: flow collections over several lines,
//! folded block scalars, anchors, aliases, tags, directives, escapes in double quotes, tabs,
//! carriage returns, duplicate keys, a limit reached.
//! The caller then reads the text with the library, which also words the errors. Parsing was the
//! largest part of every analysis, and this reads the common case several times faster.
//!
//! Plain scalars are resolved as serde_yaml resolves them: `null`, `~` and nothing are null,
//! `true`/`false` (three spellings each) booleans, then integers (decimal, `0x`, `0o`, `0b`; a
//! leading zero makes digits a string), then finite floats, and the rest strings. Keys are never
//! resolved: the tree builder reads them as the text they are.

use super::{Limits, Value};
use crate::ascii::AsciiStr;
use std::borrow::Cow;

/// The documents of `text`, or `None` when the text is not block YAML of the kind read here, or
/// reaches one of the `limits`.
pub(super) fn read(text: &str, limits: &Limits) -> Option<Vec<Value>> {
    if !plain_characters(text) {
        return None;
    }
    let mut documents = Vec::new();
    let mut nodes = 0;
    let mut raw: Vec<&str> = Vec::new();
    let mut separators = 0;
    for line in crate::ascii::lines(text) {
        if line.as_bytes().starts_with(b"---") {
            if line.trim_end_spaces() != "---" {
                return None;
            }
            separators += 1;
            read_document(&raw, false, limits, &mut nodes, &mut documents)?;
            raw.clear();
        } else if line.as_bytes().starts_with(b"...") || line.starts_with_byte(b'%') {
            return None;
        } else {
            raw.push(line);
        }
    }
    read_document(&raw, true, limits, &mut nodes, &mut documents)?;
    // The library counts every document, empty ones too, and so at most as many as here.
    let counted = separators + usize::from(!text.trim_start().as_bytes().starts_with(b"---"));
    (counted <= limits.max_documents).then_some(documents)
}

/// Reads one document's lines; a document without content is skipped. `last` says the lines end
/// the text, so the very last one has no line break after it.
fn read_document(
    raw: &[&str],
    last: bool,
    limits: &Limits,
    nodes: &mut usize,
    documents: &mut Vec<Value>,
) -> Option<()> {
    let lines: Vec<Line> = (raw.iter().enumerate())
        .filter_map(|(index, text)| {
            let content = text.trim_start_spaces();
            let indent = text.len() - content.len();
            let content = content.trim_end_spaces();
            (!content.is_empty() && !content.starts_with_byte(b'#')).then_some(Line {
                indent,
                content,
                raw: index,
            })
        })
        .collect();
    let Some(first) = lines.first().copied() else {
        return Some(());
    };
    let mut reader = Reader {
        raw,
        unterminated_last: last,
        lines,
        at: 0,
        nodes,
        limits,
    };
    let value = reader.block(first.indent, 0)?;
    if reader.at != reader.lines.len() {
        return None;
    }
    documents.push(value);
    Some(())
}

/// A line with content: its indentation, the rest without trailing spaces, and its index among
/// the document's lines.
#[derive(Clone, Copy)]
struct Line<'t> {
    indent: usize,
    content: &'t str,
    raw: usize,
}

struct Reader<'t, 'n> {
    /// Every line of the document, as the text has it.
    raw: &'t [&'t str],
    /// The last raw line ends the text without a line break.
    unterminated_last: bool,
    /// The lines with content: comments and blank lines are nothing to the structure (a scalar
    /// that spans them reads them from `raw`).
    lines: Vec<Line<'t>>,
    at: usize,
    /// Values read so far in the whole text, keys included, as the library's reader counts them.
    nodes: &'n mut usize,
    limits: &'n Limits,
}

impl<'t> Reader<'t, '_> {
    /// The mapping or list that starts at the current line, indented by `indent`.
    fn block(&mut self, indent: usize, depth: usize) -> Option<Value> {
        let line = *self.lines.get(self.at)?;
        if line.indent != indent {
            return None;
        }
        self.enter(depth)?;
        if is_entry(line.content) {
            self.list(indent, depth)
        } else {
            self.mapping(indent, depth)
        }
    }

    fn list(&mut self, indent: usize, depth: usize) -> Option<Value> {
        let mut items = Vec::new();
        while let Some(line) = self.lines.get(self.at).copied() {
            if line.indent < indent || (line.indent == indent && !is_entry(line.content)) {
                break;
            }
            if line.indent > indent {
                return None;
            }
            let rest = line.content[1..].trim_start_spaces();
            if rest.is_empty() || rest.starts_with_byte(b'#') {
                self.at += 1;
                items.push(self.nested_or_null(indent, depth, false)?);
                continue;
            }
            if is_entry(rest) {
                return None;
            }
            if split_key(rest).is_some() {
                // The item is a mapping whose first key shares the dash's line; its other keys
                // line up under that one.
                let column = indent + (line.content.len() - rest.len());
                self.lines[self.at] = Line {
                    indent: column,
                    content: rest,
                    raw: line.raw,
                };
                self.enter(depth + 1)?;
                items.push(self.mapping(column, depth + 1)?);
            } else {
                items.push(self.value(rest, indent, depth + 1)?);
            }
        }
        Some(Value::Array(items))
    }

    fn mapping(&mut self, indent: usize, depth: usize) -> Option<Value> {
        let mut entries = serde_json::Map::new();
        while let Some(line) = self.lines.get(self.at).copied() {
            if line.indent < indent || (line.indent == indent && is_entry(line.content)) {
                break;
            }
            if line.indent > indent {
                return None;
            }
            let (key, rest) = split_key(line.content)?;
            self.count()?;
            let serde_json::map::Entry::Vacant(entry) = entries.entry(key) else {
                return None;
            };
            let value = if rest.is_empty() || rest.starts_with_byte(b'#') {
                self.at += 1;
                self.nested_or_null(indent, depth, true)?
            } else {
                self.value(rest, indent, depth + 1)?
            };
            entry.insert(value);
        }
        Some(Value::Object(entries))
    }

    /// The value of a key or a dash with nothing after it: the block on the following lines, or
    /// null. A key's list may start at the key's own indentation.
    fn nested_or_null(&mut self, indent: usize, depth: usize, key: bool) -> Option<Value> {
        match self.lines.get(self.at) {
            Some(next) if next.indent > indent => self.block(next.indent, depth + 1),
            Some(next) if key && next.indent == indent && is_entry(next.content) => {
                self.block(indent, depth + 1)
            }
            _ => {
                self.count()?;
                Some(Value::Null)
            }
        }
    }

    /// The value that starts with `text` on the current line, after `key: ` or `- ` in a block
    /// indented by `indent`; leaves the current line after the value's last one. `depth` is where
    /// a collection would be.
    fn value(&mut self, text: &'t str, indent: usize, depth: usize) -> Option<Value> {
        let first = self.lines[self.at].raw;
        let (value, last) = match text.as_bytes()[0] {
            b'"' | b'\'' => {
                let (value, last, rest) = self.quoted(text, first, indent)?;
                only_comment(rest)?;
                self.count()?;
                (Value::String(value), last)
            }
            b'[' | b'{' => {
                let (value, rest) = self.flow(text, depth)?;
                only_comment(rest)?;
                (value, first)
            }
            b'|' => {
                let (value, last) = self.literal(text, first, indent)?;
                self.count()?;
                (Value::String(value), last)
            }
            _ => {
                let (value, last) = self.plain_lines(text, indent)?;
                self.count()?;
                (resolve(value)?, last)
            }
        };
        while self.lines.get(self.at).is_some_and(|line| line.raw <= last) {
            self.at += 1;
        }
        // What follows a value must not be more indented: that would be the value going on.
        match self.lines.get(self.at) {
            Some(next) if next.indent > indent => None,
            _ => Some(value),
        }
    }

    /// A plain scalar: its text on the current line, folded with the more indented lines that
    /// follow directly (each one joined by a space), and the raw index of its last line.
    fn plain_lines<'a>(&self, text: &'a str, indent: usize) -> Option<(Cow<'a, str>, usize)> {
        let comment = comment_start(text);
        let first_line = comment.map_or(text, |start| text[..start].trim_end_spaces());
        let mut value = Cow::Borrowed(plain(first_line)?);
        let commented = comment.is_some();
        let mut last = self.lines[self.at].raw;
        let mut next = self.at + 1;
        while let Some(line) = self.lines.get(next).filter(|line| line.indent > indent) {
            // A comment or a blank line in between ends the scalar, or folds as a line break:
            // both are left to the library.
            let continuation = line.content;
            if commented
                || line.raw != last + 1
                || comment_start(continuation).is_some()
                || ends_early(continuation)
            {
                return None;
            }
            let value = value.to_mut();
            value.push(' ');
            value.push_str(continuation);
            last = line.raw;
            next += 1;
        }
        Some((value, last))
    }

    /// A quoted scalar that starts at `text` on raw line `first` and may fold over the lines
    /// after it (more indented than `indent`): its value, the raw index of the line it ends on,
    /// and what follows its closing quote there.
    fn quoted(
        &self,
        text: &'t str,
        first: usize,
        indent: usize,
    ) -> Option<(String, usize, &'t str)> {
        let quote = text.as_bytes()[0] as char;
        let mut segment = &text[1..];
        let mut value = String::new();
        let mut index = first;
        let mut breaks = 0;
        loop {
            if let Some((part, rest)) = quoted_part(segment, quote) {
                fold(&mut value, breaks, &part);
                return Some((value, index, rest));
            }
            // The line ends inside the quotes: its trailing spaces go, and the line break folds.
            let part = unescaped(segment.trim_end_spaces(), quote)?;
            fold(&mut value, breaks, &part);
            breaks = 1;
            loop {
                index += 1;
                let line = *self.raw.get(index)?;
                let content = line.trim_start_spaces();
                if content.is_empty() {
                    breaks += 1;
                    continue;
                }
                if line.len() - content.len() <= indent {
                    return None;
                }
                segment = content;
                break;
            }
        }
    }

    /// A literal block scalar (`|` or `|-`) whose header is `text` on raw line `first`: its
    /// value and the raw index of its last content line.
    fn literal(&self, text: &str, first: usize, indent: usize) -> Option<(String, usize)> {
        let (strip, rest) = match text.strip_prefix("|-") {
            Some(rest) => (true, rest),
            None => (false, &text[1..]),
        };
        only_comment(rest)?;
        let lines = &self.raw[first + 1..];
        let body_indent = lines.iter().find_map(|line| {
            let content = line.trim_start_spaces();
            (!content.is_empty()).then_some(line.len() - content.len())
        })?;
        if body_indent <= indent {
            return None;
        }
        let mut value = String::new();
        let mut last_content = None;
        let mut pending_breaks = 0;
        for (offset, line) in lines.iter().enumerate() {
            let content = line.trim_start_spaces();
            if content.is_empty() {
                // A blank line with more spaces than the body keeps them; left to the library.
                if line.len() > body_indent {
                    return None;
                }
                pending_breaks += 1;
                continue;
            }
            if line.len() - content.len() < body_indent {
                break;
            }
            if last_content.is_some() {
                value.push('\n');
            }
            value.extend(std::iter::repeat_n('\n', pending_breaks));
            pending_breaks = 0;
            value.push_str(&line[body_indent..]);
            last_content = Some(first + 1 + offset);
        }
        let last = last_content?;
        if self.unterminated_last && last + 1 == self.raw.len() {
            return None;
        }
        if !strip {
            value.push('\n');
        }
        Some((value, last))
    }

    /// A flow collection that closes on its line, `[a, {b: c}]`, and what follows it.
    fn flow(&mut self, text: &'t str, depth: usize) -> Option<(Value, &'t str)> {
        let list = text.starts_with_byte(b'[');
        let close = if list { b']' } else { b'}' };
        self.enter(depth)?;
        let mut items = Vec::new();
        let mut entries = serde_json::Map::new();
        let mut rest = text[1..].trim_start_spaces();
        if rest.starts_with_byte(close) {
            rest = &rest[1..];
        } else {
            loop {
                if list {
                    let (item, after) = self.flow_item(rest, depth + 1)?;
                    items.push(item);
                    rest = after;
                } else {
                    let (key, after) = flow_key(rest)?;
                    self.count()?;
                    let serde_json::map::Entry::Vacant(entry) = entries.entry(key) else {
                        return None;
                    };
                    let (value, after) = self.flow_item(after, depth + 1)?;
                    entry.insert(value);
                    rest = after;
                }
                let after = rest.trim_start_spaces();
                if let Some(after) = after.strip_byte(close) {
                    rest = after;
                    break;
                }
                // A trailing comma, or an empty entry, is left to the library.
                rest = after.strip_byte(b',')?.trim_start_spaces();
                if rest.is_empty() || matches!(rest.first_byte(), Some(b',' | b']' | b'}')) {
                    return None;
                }
            }
        }
        let value = if list {
            Value::Array(items)
        } else {
            Value::Object(entries)
        };
        Some((value, rest))
    }

    /// A value inside a flow collection and what follows it.
    fn flow_item(&mut self, text: &'t str, depth: usize) -> Option<(Value, &'t str)> {
        match *text.as_bytes().first()? {
            b'[' | b'{' => self.flow(text, depth),
            b'"' | b'\'' => {
                let (value, after) = quoted_at_start(text)?;
                self.count()?;
                Some((Value::String(value), after))
            }
            _ => {
                let end = (text.bytes())
                    .position(|byte| matches!(byte, b',' | b']' | b'}'))
                    .unwrap_or(text.len());
                let value = resolve(Cow::Borrowed(flow_plain(text[..end].trim_end_spaces())?))?;
                self.count()?;
                Some((value, &text[end..]))
            }
        }
    }

    /// A mapping or list at `depth`, counted as a value; deeper than the limit is the library's
    /// error to word.
    fn enter(&mut self, depth: usize) -> Option<()> {
        if depth >= self.limits.max_depth {
            return None;
        }
        self.count()
    }

    fn count(&mut self) -> Option<()> {
        *self.nodes += 1;
        (*self.nodes <= self.limits.max_nodes).then_some(())
    }
}

/// Appends one line's part of a folded scalar: a single line break between two lines reads as a
/// space, and each blank line in between as a line break.
fn fold(value: &mut String, breaks: usize, part: &str) {
    // Continuation lines come without their indentation already.
    match breaks {
        0 => {}
        1 => value.push(' '),
        blank => value.extend(std::iter::repeat_n('\n', blank - 1)),
    }
    value.push_str(part);
}

/// `- item` or a lone `-`: a list entry.
fn is_entry(content: &str) -> bool {
    content == "-" || content.as_bytes().starts_with(b"- ")
}

/// `key: rest` or `key:`: the key, unresolved, and what follows the colon.
fn split_key(content: &str) -> Option<(Cow<'_, str>, &str)> {
    let (key, after) = if matches!(content.first_byte(), Some(b'"' | b'\'')) {
        let (key, rest) = quoted_at_start(content)?;
        let after = rest.trim_start_spaces().strip_byte(b':')?;
        (Cow::Owned(key), after)
    } else {
        let colon = colon_of_key(content)?;
        let key = content[..colon].trim_end_spaces();
        // What `plain` asks of the key, knowing where it was cut: the first `:` before a space
        // or the end was the colon, so the key ends early exactly when it ends with a `:`.
        if !starts_plain(key)
            || key.as_bytes().last() == Some(&b':')
            || comment_start(key).is_some()
        {
            return None;
        }
        (Cow::Borrowed(key), &content[colon + 1..])
    };
    // The library looks no further than 1024 characters for the colon of a key.
    if (!after.is_empty() && !after.starts_with_byte(b' ')) || key.len() > 1000 {
        return None;
    }
    Some((key, after.trim_start_spaces()))
}

/// Where the colon that ends a plain key is: the first `:` followed by a space or the end.
fn colon_of_key(content: &str) -> Option<usize> {
    let bytes = content.as_bytes();
    (0..bytes.len())
        .find(|&at| bytes[at] == b':' && bytes.get(at + 1).is_none_or(|next| *next == b' '))
}

/// `text` when the library would read it as (a line of) one plain scalar in a block: no
/// indicator first (`-`, `?` and `:` before a non-space are allowed) and no `: ` inside. Flow
/// characters (`,[]{}`) end a plain scalar only inside a flow collection.
fn plain(text: &str) -> Option<&str> {
    (starts_plain(text) && !ends_early(text)).then_some(text)
}

/// Something, and no indicator first (`-`, `?` and `:` before a non-space are allowed).
fn starts_plain(text: &str) -> bool {
    let Some(&first) = text.as_bytes().first() else {
        return false;
    };
    let before_text = text.len() > 1 && text.as_bytes()[1] != b' ';
    // `matches!` rather than a search of a byte string: this runs for every key and value, and a
    // search of a short string costs a hundred instructions of setup.
    let indicator = matches!(
        first,
        b'-' | b'?'
            | b':'
            | b','
            | b'['
            | b']'
            | b'{'
            | b'}'
            | b'#'
            | b'&'
            | b'*'
            | b'!'
            | b'|'
            | b'>'
            | b'\''
            | b'"'
            | b'%'
            | b'@'
            | b'`'
    );
    !indicator || (matches!(first, b'-' | b'?' | b':') && before_text)
}

/// A `: ` inside, or a `:` at the end: the scalar would end there (as a key does).
fn ends_early(text: &str) -> bool {
    colon_of_key(text).is_some()
}

/// Where a comment starts: the first `#` after a space.
fn comment_start(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (1..bytes.len())
        .find(|&at| bytes[at] == b'#' && bytes[at - 1] == b' ')
        .map(|at| at - 1)
}

/// The one-line quoted scalar `text` starts with, and what follows its closing quote.
fn quoted_at_start(text: &str) -> Option<(String, &str)> {
    quoted_part(&text[1..], text.as_bytes()[0] as char)
}

/// The quoted text at the start of `segment` (after the opening quote) when it closes on this
/// line, unescaped, and what follows the closing quote.
fn quoted_part(segment: &str, quote: char) -> Option<(String, &str)> {
    let mut value = String::new();
    let mut rest = segment;
    loop {
        // Quotes are ASCII, so the first such byte is the first such character.
        let end = rest.bytes().position(|byte| char::from(byte) == quote)?;
        // No quote in front of `end`: nothing to unescape there.
        value.push_str(&unescaped(&rest[..end], quote)?);
        rest = &rest[end + 1..];
        match rest.strip_byte(b'\'').filter(|_| quote == '\'') {
            Some(after) => {
                value.push('\'');
                rest = after;
            }
            None => return Some((value, rest)),
        }
    }
}

/// Quoted text without its closing quote: in single quotes `''` is a quote; a backslash in double
/// quotes is an escape, left to the library.
fn unescaped(text: &str, quote: char) -> Option<Cow<'_, str>> {
    let special = if quote == '\'' { b'\'' } else { b'\\' };
    // Most quoted text has neither: it is taken as it is, without a copy.
    if !text.bytes().any(|byte| byte == special) {
        return Some(Cow::Borrowed(text));
    }
    match quote {
        '\'' => Some(Cow::Owned(text.replace("''", "'"))),
        _ => None,
    }
}

/// `key: ` inside a flow mapping: the key, unresolved, and what follows.
fn flow_key(text: &str) -> Option<(Cow<'_, str>, &str)> {
    let (key, after) = if matches!(text.first_byte(), Some(b'"' | b'\'')) {
        let (key, after) = quoted_at_start(text)?;
        (Cow::Owned(key), after)
    } else {
        let bytes = text.as_bytes();
        let colon =
            (0..bytes.len()).find(|&at| bytes[at] == b':' && bytes.get(at + 1) == Some(&b' '))?;
        let key = flow_plain(text[..colon].trim_end_spaces())?;
        (Cow::Borrowed(key), &text[colon..])
    };
    let after = after.trim_start_spaces().strip_prefix(": ")?;
    Some((key, after.trim_start_spaces()))
}

/// A plain scalar inside a flow collection, as far as it is read here: no `:`, `#`, `?` or
/// bracket in it (the library's finer rules for those are left to it).
fn flow_plain(text: &str) -> Option<&str> {
    // A byte test rather than a search for any of eight characters, which decodes each one.
    let indicator =
        |byte: u8| matches!(byte, b':' | b'#' | b'?' | b'[' | b']' | b'{' | b'}' | b',');
    if text.bytes().any(indicator) {
        return None;
    }
    plain(text)
}

/// Nothing, or a comment, after a quoted scalar or a flow collection.
fn only_comment(rest: &str) -> Option<()> {
    let trimmed = rest.trim_start_spaces();
    (trimmed.is_empty() || (trimmed.starts_with_byte(b'#') && trimmed.len() < rest.len()))
        .then_some(())
}

/// Only characters the library reads as they are: printable ones and `\n`. Tabs, carriage
/// returns, the byte-order mark and the other line breaks of YAML 1.1 are left to it.
fn plain_characters(text: &str) -> bool {
    if text.is_ascii() {
        // Without an early exit, so that the compiler checks many bytes at a time: every input
        // passes here whole.
        let printable = |byte: &u8| *byte == b'\n' || (b' '..=b'~').contains(byte);
        return (text.as_bytes().chunks(128))
            .all(|chunk| chunk.iter().fold(true, |all, byte| all & printable(byte)));
    }
    text.chars().all(|c| match c {
        '\n' | ' '..='~' => true,
        '\u{2028}' | '\u{2029}' | '\u{feff}' => false,
        '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' => true,
        c => c >= '\u{10000}',
    })
}

/// A plain scalar's value, by serde_yaml's rules; `None` for an integer wider than 64 bits, which
/// the library refuses.
pub(super) fn resolve(text: Cow<'_, str>) -> Option<Value> {
    let string = |text: Cow<'_, str>| Some(Value::String(text.into_owned()));
    // Numbers start with a digit, a sign or a dot; a word is text unless it is a keyword.
    let first = text.as_bytes().first().copied().unwrap_or(b'~');
    if first.is_ascii_alphabetic() && !matches!(first, b't' | b'T' | b'f' | b'F' | b'n' | b'N') {
        return string(text);
    }
    // No integer has a dot, and no float two: a version such as `1.27.3`, the most common plain
    // scalar of a CloudProfile, is text without trying every kind of number on it.
    if text.bytes().filter(|byte| *byte == b'.').nth(1).is_some() {
        return string(text);
    }
    let word: &str = &text;
    match word {
        "~" | "null" | "Null" | "NULL" => return Some(Value::Null),
        "true" | "True" | "TRUE" => return Some(Value::Bool(true)),
        "false" | "False" | "FALSE" => return Some(Value::Bool(false)),
        _ => {}
    }
    if let Some(number) = unsigned(word, u64::from_str_radix) {
        return Some(Value::from(number));
    }
    if let Some(number) = negative(word, i64::from_str_radix) {
        return Some(Value::from(number));
    }
    if unsigned(word, u128::from_str_radix).is_some()
        || negative(word, i128::from_str_radix).is_some()
    {
        return None;
    }
    if !leading_zero_digits(word) {
        if let Some(float) = float(word) {
            return Some(serde_json::Number::from_f64(float).map_or(Value::Null, Value::Number));
        }
    }
    string(text)
}

type FromRadix<T> = fn(&str, u32) -> Result<T, std::num::ParseIntError>;

/// A non-negative integer: decimal, or after `0x`, `0o`, `0b`, each with an optional `+`.
fn unsigned<T>(text: &str, from_radix: FromRadix<T>) -> Option<T> {
    let digits = text.strip_byte(b'+').unwrap_or(text);
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(rest) = digits.strip_prefix(prefix) {
            if !rest.starts_with(['+', '-']) {
                if let Ok(number) = from_radix(rest, radix) {
                    return Some(number);
                }
            }
        }
    }
    if digits.starts_with(['+', '-']) || leading_zero_digits(text) {
        return None;
    }
    from_radix(digits, 10).ok()
}

/// A negative integer: decimal, or after `-0x`, `-0o`, `-0b`.
fn negative<T>(text: &str, from_radix: FromRadix<T>) -> Option<T> {
    for (prefix, radix) in [("-0x", 16), ("-0o", 8), ("-0b", 2)] {
        if let Some(rest) = text.strip_prefix(prefix) {
            if let Ok(number) = from_radix(&format!("-{rest}"), radix) {
                return Some(number);
            }
        }
    }
    if leading_zero_digits(text) {
        return None;
    }
    from_radix(text, 10).ok()
}

/// Digits after a leading zero (signed or not): a string in YAML 1.2, not a number.
pub(super) fn leading_zero_digits(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    digits.len() > 1
        && digits.starts_with_byte(b'0')
        && digits[1..].bytes().all(|b| b.is_ascii_digit())
}

fn float(text: &str) -> Option<f64> {
    let unsigned = match text.strip_byte(b'+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => text,
    };
    if matches!(unsigned, ".inf" | ".Inf" | ".INF") {
        return Some(f64::INFINITY);
    }
    match text {
        "-.inf" | "-.Inf" | "-.INF" => return Some(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Some(f64::NAN),
        _ => {}
    }
    unsigned
        .parse::<f64>()
        .ok()
        .filter(|float| float.is_finite())
}

#[cfg(test)]
mod tests {
    use super::super::{parse_documents_with_library, Limits};
    use super::read;

    /// The block reader reads `text`, and as the library does.
    #[track_caller]
    fn same_as_library(text: &str) {
        let limits = Limits::default();
        let block = read(text, &limits).unwrap_or_else(|| panic!("gave up on {text:?}"));
        assert_eq!(
            Ok(block),
            parse_documents_with_library(text, &limits),
            "{text:?}"
        );
    }

    #[track_caller]
    fn gives_up(text: &str) {
        assert_eq!(read(text, &Limits::default()), None, "{text:?}");
    }

    #[test]
    fn mappings_and_lists_by_indentation() {
        same_as_library("a: 1\nb:\n  c: x\n  d:\n  - 1\n  - e: f\n    g: h\n  -\n  - -x\n");
        same_as_library("list:\n- a\n- b\nnext: c\n");
        same_as_library("- a: 1\n  b:\n    - x\n-\n  c: 2\n- plain\n-\n");
        same_as_library("  indented: root\n  also: here\n");
        same_as_library(
            "a:\n\n  # a comment anywhere\n      # at any indentation\n  b: 1 # trailing\n",
        );
    }

    #[test]
    fn plain_scalars_resolve_as_in_the_library() {
        same_as_library(concat!(
            "a: ~\nb: null\nc: Null\nd:\ne: true\nf: False\ng: yes\nh: off\n",
            "i: 0x1F\nj: -0o17\nk: 0b101\nl: 0123\nm: -0123\nn: +5\no: -0\np: 1_000\n",
            "q: 1.27\nr: 1.31.13\ns: 1e3\nt: .inf\nu: -.inf\nv: .nan\nw: +.5\nx: nan\ny: inf\n",
            "z: 18446744073709551615\naa: -9223372036854775808\nab: 0x\nac: 0o8\nad: +-1\n",
        ));
    }

    #[test]
    fn scalars_with_two_dots_are_text_and_with_one_may_be_numbers() {
        // The reader takes a scalar with two dots for text without trying the numbers.
        same_as_library(concat!(
            "a: 1.2.3\nb: -1.2.3\nc: +1.2.3\nd: .1.2\ne: 1..2\nf: 1.2e3.4\ng: ..inf\n",
            "h: 1.2\ni: -.5\nj: 1.\nk: 1.5e3\nl: .Inf\nm: 1.2.3 # comment\n",
            "n: [1.2.3, 1.2, 0.1.0]\no: 1.2.3\n  continued\n",
        ));
    }

    #[test]
    fn keys_that_end_early_are_left_to_the_library() {
        // The first `:` before a space ends the key, so a key that ends in `:` had another
        // before it; the library reads `a:` as the key.
        gives_up("a:: b\n");
        gives_up("- a:: b\n");
        same_as_library("a:b: c\n'd:': e\n");
    }

    #[test]
    fn quoted_text_without_escapes_is_taken_as_it_is() {
        same_as_library(concat!(
            "a: 'no quotes inside'\nb: 'one''s'\nc: 'back\\slash'\n",
            "d: [\"x\", 'y''z', '']\ne: {'k''': \"v\"}\n",
        ));
        gives_up("a: \"back\\\\slash\"\n");
    }

    #[test]
    fn text_values_keep_their_characters() {
        same_as_library(concat!(
            "url: http://x.y/z?q=1#frag\nimage: repo/name:tag\nexpr: a#b\nneg: -x\n",
            "dots: ...x\nspaces: a   b\nunicode: grüße ✓ 𝄞\ncolon: a:b\nquestion: what?\n",
            "flow: a, b [c] {d}\ncron: 0 22 * * 0,6\npath: .spec.workers[].name\n",
            "query: ?*&!@\nleading: :x\n?key: 1\n:key: 2\n",
        ));
    }

    #[test]
    fn quoted_scalars_on_one_line() {
        same_as_library(concat!(
            "a: \"x: y # not a comment\"\nb: 'it''s'\nc: ''\nd: \"\" # comment\n",
            "e: '1.27'\nf: \"true\"\n\"quoted key\": 1\n'single' : 2\n",
        ));
    }

    #[test]
    fn scalars_folded_over_lines() {
        same_as_library(concat!(
            "message: 'a long message that the emitter\n  folded over lines,  with ''quotes''\n\n  and a blank line'\n",
            "plain: a long plain text\n  folded once\n  and twice\nafter: x\n",
            "indicators: x\n  - y\n  'q' `x` &a *b !t | > %p @a ? q [a] {b} ,c\n  -\n  ...\n",
            "double: \"x\n    y\"\n",
            "edge: '\n  starts on the next line'\n",
            "list:\n- first item\n  goes on\n- 'quoted\n  item'\n",
            "comment: '#1 # 2\n  # 3'\n",
        ));
    }

    #[test]
    fn literal_block_scalars() {
        same_as_library(concat!(
            "clip: |\n  line one\n    indented\n\n  after a blank # not a comment\n\n\n",
            "strip: |- # a comment\n  x\n  y\n",
            "list:\n- |\n  in a list\n- next\n",
            "deep:\n  inner: |\n    text\n  # a comment after\n  sibling: 1\n",
            "leading: |\n\n  after an empty line\n",
            "last: |\n  at the end\n",
        ));
    }

    #[test]
    fn one_line_flow_collections() {
        same_as_library(concat!(
            "a: [\"v1\", 'v2']\nb: [1, 2.5, true, null, x]\nc: [ spaced , out ]\n",
            "d:\n- [\"\"]\n- []\ne: [a] # comment\n",
            "f: [{name: containerd}, {name: gvisor, x: [1, {}]}]\ng: {a: 1, 'b': \"2\", c: [d]}\n",
            "h: {kubernetesVersion: true, machineImageVersion: false}\ni: [[a, b], []]\n",
        ));
    }

    #[test]
    fn keys_stay_text() {
        same_as_library("1: a\ntrue: b\n~: c\nnull: d\n1.5: e\na:b: f\n0x10: g\n");
    }

    #[test]
    fn empty_collections_and_documents() {
        same_as_library("a: {}\nb: []\nc:\n- {}\n- [] # x\n");
        same_as_library("---\na: 1\n---\n# only a comment\n---\n---   \nb: 2\n");
        same_as_library("# nothing\n\n");
        same_as_library("");
    }

    #[test]
    fn the_examples_are_read_without_the_library() {
        for example in crate::examples::GALLERY {
            for text in example.texts().into_iter().filter(|text| !text.is_empty()) {
                same_as_library(text);
            }
        }
    }

    #[test]
    fn everything_else_is_left_to_the_library() {
        for text in [
            "a: >-\n  x\n",
            "a: |+\n  x\n",
            "a: |2\n   x\n",
            "a: |\n  x",
            "a: |\n    \n  x\n",
            "a: |\nb: 1\n",
            "a: {b: }\n",
            "a: {b: 1,}\n",
            "a: {b:c}\n",
            "a: {b: 1, b: 2}\n",
            "a: [x: 1]\n",
            "a: {b: [1}\n",
            "a: [1,]\n",
            "a: [a: 1]\n",
            "a: [1,\n  2]\n",
            "a: 'x\ny'\n",
            "a: x\n\n  y\n",
            "a: x\n  # c\n  y\n",
            "a: x # c\n  y\n",
            "a: &x 1\nb: *x\n",
            "a: !!str 1\n",
            "a:\tb\n",
            "a: 1\r\nb: 2\r\n",
            "a: \"x\\ty\"\n",
            "a: 1\na: 2\n",
            "%YAML 1.2\n---\na: 1\n",
            "? a\n: b\n",
            "a: 99999999999999999999\n",
            "a: -99999999999999999999\n",
            "- - a\n",
            "a: b: c\n",
            "a\n",
            "- a\n b: 1\n",
            "a:\n    b: 1\n  c: 2\n",
            "a: 1\n- b\n",
            "a: -\n",
            "a: - b\n",
            "a #b: c\n",
            "--- a: 1\n",
            "a: 1\n...\n",
            "a: \u{1}\n",
            "a: x\u{85}y\n",
            "\u{feff}a: 1\n",
            "a: [] x\n",
            "a: \"x\"y\n",
        ] {
            gives_up(text);
        }
        gives_up(&format!("{}: 1\n", "k".repeat(1001)));
    }

    #[test]
    fn limits_are_left_to_the_library_to_word() {
        let deep = Limits {
            max_depth: 2,
            ..Limits::default()
        };
        assert!(read("a:\n  b: 1\n", &deep).is_some());
        assert_eq!(read("a:\n  b:\n    c: 1\n", &deep), None);
        assert_eq!(read("a:\n  b: []\n", &deep), None);
        // The mapping, two keys and two values.
        let few = Limits {
            max_nodes: 5,
            ..Limits::default()
        };
        assert!(read("a: 1\nb: 2\n", &few).is_some());
        assert_eq!(read("a: 1\nb: 2\nc: 3\n", &few), None);
        let two = Limits {
            max_documents: 2,
            ..Limits::default()
        };
        assert!(read("a: 1\n---\nb: 1\n", &two).is_some());
        assert_eq!(read("a: 1\n---\nb: 1\n---\n", &two), None);
    }

    #[test]
    fn the_fuzz_seed_of_block_constructs_is_read() {
        let seed = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fuzz/seeds/document/block-constructs.yaml"
        );
        same_as_library(&std::fs::read_to_string(seed).expect("the seed file"));
    }

    #[test]
    fn the_conformance_files_read_as_the_library_reads_them() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests");
        let mut checked = 0;
        for dir in ["conformance", "derived", "malformed"] {
            let Ok(entries) = std::fs::read_dir(format!("{root}/{dir}")) else {
                continue;
            };
            for entry in entries.flatten() {
                let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
                let limits = Limits::default();
                if let Some(block) = read(&text, &limits) {
                    assert_eq!(
                        Ok(block),
                        parse_documents_with_library(&text, &limits),
                        "{}",
                        entry.path().display()
                    );
                    checked += 1;
                }
            }
        }
        // Every case file but those with anchors or folded scalars (rollout-triggers.yaml).
        assert!(
            checked >= 14,
            "the block reader read only {checked} case files"
        );
    }
}
