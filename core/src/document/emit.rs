//! A value's YAML text, byte for byte as serde_yaml 0.9 writes it: libyaml's emitter with
//! serde_yaml's settings (Unicode, no line width, two spaces a level, one implicit document).
//!
//! The webhook fixes' patches are the only YAML the engine writes. serde_yaml's writer would bring
//! libyaml's whole emitter into the wasm modules for them (docs/performance.md has the bytes), so
//! this module writes the same bytes itself: first the value as a tree in serde's order, then
//! libyaml's layout of block mappings and sequences and its choice of style for every string
//! (plain, single-quoted, double-quoted or literal). The tests here, `tests/yaml_writer/` and the
//! `emit` fuzz target hold it to serde_yaml.

use serde::ser::{self, Serialize};
use std::borrow::Cow;

/// `value` as `serde_yaml::to_string` writes it. `None` for what this writer leaves out, as no
/// patch holds it: floats (serde_yaml writes them with ryu, which the wasm modules lack), bytes,
/// enum variants with data and keys that are not scalars (both written with tags or complex keys),
/// and a key serde writes through `collect_str` in a one-entry map (serde_yaml may read it as a
/// tag).
pub fn to_yaml<T: Serialize + ?Sized>(value: &T) -> Option<String> {
    let node = value.serialize(VALUE).ok()?;
    let mut emitter = Emitter::default();
    emitter.document(&node);
    Some(emitter.out)
}

/// A value in the order serde hands it over.
enum Node {
    Scalar(Scalar),
    Sequence(Vec<Node>),
    Mapping(Vec<(Scalar, Node)>),
}

struct Scalar {
    text: String,
    requested: Requested,
}

/// The style serde_yaml asks libyaml for; libyaml may write another one. (serde_yaml's "any" for
/// a string and "plain" for a number differ only for tagged scalars, which it writes none of.)
#[derive(Clone, Copy, PartialEq)]
enum Requested {
    Plain,
    SingleQuoted,
    Literal,
}

/// The style libyaml writes.
#[derive(Clone, Copy, PartialEq)]
enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
}

impl Scalar {
    /// A string, asked for as serde_yaml asks: a literal block when it has a line feed, quotes when
    /// it would read back as something else (null, a boolean, a number, or digits with a leading
    /// zero), and libyaml's choice otherwise.
    fn text(text: &str) -> Scalar {
        let requested = if text.contains('\n') {
            Requested::Literal
        } else if reads_back_as_text(text) {
            Requested::Plain
        } else {
            Requested::SingleQuoted
        };
        Scalar {
            text: text.to_string(),
            requested,
        }
    }

    fn plain(text: &str) -> Scalar {
        Scalar {
            text: text.to_string(),
            requested: Requested::Plain,
        }
    }
}

fn reads_back_as_text(text: &str) -> bool {
    !text.is_empty()
        && !super::block::leading_zero_digits(text)
        && matches!(
            super::block::resolve(Cow::Borrowed(text)),
            Some(super::Value::String(_))
        )
}

/// libyaml's emitter state, as far as block collections of scalars need it.
struct Emitter {
    out: String,
    column: usize,
    /// The last thing written was whitespace (a space, a line start, an indicator that counts as
    /// one).
    whitespace: bool,
    /// Only indentation has been written on the current line.
    indention: bool,
    /// libyaml's -1, before the root node, is `None`.
    indent: Option<usize>,
}

impl Default for Emitter {
    fn default() -> Emitter {
        Emitter {
            out: String::new(),
            column: 0,
            whitespace: true,
            indention: true,
            indent: None,
        }
    }
}

impl Emitter {
    /// The root node and the document's end. serde_yaml ends no stream, so a literal block that
    /// keeps its final line breaks is not followed by libyaml's `...`.
    fn document(&mut self, root: &Node) {
        self.node(root, false);
        self.write_indent();
    }

    /// A value; `mapping_value` when it is a mapping's (a key is written by `block_mapping`).
    fn node(&mut self, node: &Node, mapping_value: bool) {
        match node {
            Node::Scalar(scalar) => self.scalar(scalar, &Analysis::of(&scalar.text), false),
            Node::Sequence(items) if items.is_empty() => self.empty_flow("[", "]"),
            Node::Mapping(entries) if entries.is_empty() => self.empty_flow("{", "}"),
            Node::Sequence(items) => self.block_sequence(items, mapping_value),
            Node::Mapping(entries) => self.block_mapping(entries),
        }
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.write_indicator(close, false, false, false);
    }

    fn block_sequence(&mut self, items: &[Node], mapping_value: bool) {
        // A sequence that is a mapping's value starts at the mapping's indentation.
        let saved = self.increase_indent(false, mapping_value && !self.indention);
        for item in items {
            self.write_indent();
            self.write_indicator("-", true, false, true);
            self.node(item, false);
        }
        self.indent = saved;
    }

    fn block_mapping(&mut self, entries: &[(Scalar, Node)]) {
        let saved = self.increase_indent(false, false);
        for (key, item) in entries {
            self.write_indent();
            let analysis = Analysis::of(&key.text);
            if !analysis.multiline && key.text.len() <= 128 {
                self.scalar(key, &analysis, true);
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                self.scalar(key, &analysis, false);
                self.write_indent();
                self.write_indicator(":", true, false, true);
            }
            self.node(item, true);
        }
        self.indent = saved;
    }

    fn scalar(&mut self, scalar: &Scalar, analysis: &Analysis, simple_key: bool) {
        let saved = self.increase_indent(true, false);
        match analysis.style(scalar.requested, simple_key) {
            Style::Plain => self.write_plain(&scalar.text),
            Style::SingleQuoted => self.write_single_quoted(&scalar.text),
            Style::DoubleQuoted => self.write_double_quoted(&scalar.text),
            Style::Literal => self.write_literal(&scalar.text),
        }
        self.indent = saved;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) -> Option<usize> {
        let saved = self.indent;
        self.indent = match self.indent {
            None => Some(if flow { INDENT } else { 0 }),
            Some(indent) if !indentless => Some(indent + INDENT),
            same => same,
        };
        saved
    }

    fn write_indent(&mut self) {
        let indent = self.indent.unwrap_or(0);
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(
        &mut self,
        indicator: &str,
        need_space: bool,
        is_space: bool,
        indents: bool,
    ) {
        if need_space && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.put(c);
        }
        self.whitespace = is_space;
        self.indention = self.indention && indents;
    }

    fn write_plain(&mut self, text: &str) {
        if !self.whitespace && !text.is_empty() {
            self.put(' ');
        }
        self.write_lines(text, None);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_single_quoted(&mut self, text: &str) {
        self.write_indicator("'", true, false, false);
        if self.write_lines(text, Some('\'')) {
            self.write_indent();
        }
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// The characters of a plain or single-quoted scalar: a line feed twice, as YAML folds a single
    /// one into a space, each later line indented, and `doubled` (the single quote) twice. Whether
    /// the text ends in a line break.
    fn write_lines(&mut self, text: &str, doubled: Option<char>) -> bool {
        let mut breaks = false;
        for c in text.chars() {
            if c == ' ' {
                self.put(c);
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if Some(c) == doubled {
                    self.put(c);
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
        breaks
    }

    fn write_double_quoted(&mut self, text: &str) {
        self.write_indicator("\"", true, false, false);
        for c in text.chars() {
            if is_printable(c) && !is_break(c) && !matches!(c, '\u{feff}' | '"' | '\\') {
                self.put(c);
                continue;
            }
            self.put('\\');
            let short = match c {
                '\0' => '0',
                '\u{7}' => 'a',
                '\u{8}' => 'b',
                '\t' => 't',
                '\n' => 'n',
                '\u{b}' => 'v',
                '\u{c}' => 'f',
                '\r' => 'r',
                '\u{1b}' => 'e',
                '"' => '"',
                '\\' => '\\',
                '\u{85}' => 'N',
                '\u{a0}' => '_',
                '\u{2028}' => 'L',
                '\u{2029}' => 'P',
                _ => {
                    let code = u32::from(c);
                    let (prefix, digits) = match code {
                        0..=0xFF => ('x', 2),
                        0x100..=0xFFFF => ('u', 4),
                        _ => ('U', 8),
                    };
                    self.put(prefix);
                    for shift in (0..digits).rev() {
                        let digit = (code >> (4 * shift)) & 0xF;
                        self.put(
                            char::from_digit(digit, 16).map_or('0', |d| d.to_ascii_uppercase()),
                        );
                    }
                    continue;
                }
            };
            self.put(short);
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_literal(&mut self, text: &str) {
        self.write_indicator("|", true, false, false);
        let chars: Vec<char> = text.chars().collect();
        // The indentation is given when the first line starts with a space or is empty.
        if chars.first().is_some_and(|c| *c == ' ' || is_break(*c)) {
            self.write_indicator(&INDENT.to_string(), false, false, false);
        }
        let chomping = match chars.as_slice() {
            [] => Some("-"),
            [.., last] if !is_break(*last) => Some("-"),
            [_] => Some("+"),
            [.., before, _] if is_break(*before) => Some("+"),
            _ => None,
        };
        if let Some(chomping) = chomping {
            self.write_indicator(chomping, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in chars {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }

    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }
}

/// libyaml's indentation step, which serde_yaml keeps.
const INDENT: usize = 2;

/// What libyaml's emitter finds in a scalar before it picks the style (`yaml_emitter_analyze_scalar`),
/// for block context: flow collections here are only ever empty.
struct Analysis {
    empty: bool,
    multiline: bool,
    plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

impl Analysis {
    fn of(text: &str) -> Analysis {
        let chars: Vec<char> = text.chars().collect();
        if chars.is_empty() {
            return Analysis {
                empty: true,
                multiline: false,
                plain_allowed: true,
                single_quoted_allowed: true,
                block_allowed: false,
            };
        }
        let last = chars.len() - 1;
        let blank_or_end = |index: usize| chars.get(index).is_none_or(|c| is_blank_or_end(*c));
        let mut indicators = text.starts_with("---") || text.starts_with("...");
        let (mut line_breaks, mut special) = (false, false);
        let (mut leading, mut trailing) = (false, false);
        let (mut break_space, mut space_break, mut trailing_space) = (false, false, false);
        let (mut previous_space, mut previous_break) = (false, false);
        let mut preceded_by_blank = true;
        for (index, &c) in chars.iter().enumerate() {
            let followed_by_blank = blank_or_end(index + 1);
            if index == 0 {
                indicators |= "#,[]{}&*!|>'\"%@`".contains(c)
                    || (matches!(c, '?' | ':' | '-') && followed_by_blank);
            } else {
                indicators |= (c == ':' && followed_by_blank) || (c == '#' && preceded_by_blank);
            }
            special |= !is_printable(c);
            if c == ' ' {
                leading |= index == 0;
                trailing |= index == last;
                trailing_space |= index == last;
                break_space |= previous_break;
                (previous_space, previous_break) = (true, false);
            } else if is_break(c) {
                line_breaks = true;
                leading |= index == 0;
                trailing |= index == last;
                space_break |= previous_space;
                (previous_space, previous_break) = (false, true);
            } else {
                (previous_space, previous_break) = (false, false);
            }
            preceded_by_blank = is_blank_or_end(c);
        }
        let spoilt = space_break || special;
        Analysis {
            empty: false,
            multiline: line_breaks,
            plain_allowed: !(leading
                || trailing
                || break_space
                || spoilt
                || line_breaks
                || indicators),
            single_quoted_allowed: !(break_space || spoilt),
            block_allowed: !(trailing_space || spoilt),
        }
    }

    /// The style libyaml writes when serde_yaml asks for `requested` (`yaml_emitter_select_scalar_style`).
    fn style(&self, requested: Requested, simple_key: bool) -> Style {
        if simple_key && self.multiline {
            return Style::DoubleQuoted;
        }
        let mut style = match requested {
            Requested::Plain => Style::Plain,
            Requested::SingleQuoted => Style::SingleQuoted,
            Requested::Literal => Style::Literal,
        };
        if style == Style::Plain && (!self.plain_allowed || (simple_key && self.empty)) {
            style = Style::SingleQuoted;
        }
        if style == Style::SingleQuoted && !self.single_quoted_allowed {
            style = Style::DoubleQuoted;
        }
        if style == Style::Literal && (!self.block_allowed || simple_key) {
            style = Style::DoubleQuoted;
        }
        style
    }
}

/// A line break to YAML: LF, CR, NEL, LS or PS.
fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// A space, a tab, a line break, or the end of the text (libyaml's NUL).
fn is_blank_or_end(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\0') || is_break(c)
}

/// What libyaml writes unescaped: line feeds and the printable characters of YAML 1.1.
fn is_printable(c: char) -> bool {
    matches!(c, '\n' | ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{10000}'..)
        || (('\u{e000}'..='\u{fffd}').contains(&c) && c != '\u{feff}')
}

/// Serde's view of a value as a [`Node`], with the scalars serde_yaml's serializer writes.
#[derive(Clone, Copy)]
struct ToNode {
    /// Serialising the key of a one-entry map, where serde_yaml takes a `collect_str` text that
    /// starts with `!` for a tag.
    one_entry_key: bool,
}

const VALUE: ToNode = ToNode {
    one_entry_key: false,
};

/// What [`ToNode`] leaves out.
#[derive(Debug)]
struct Unsupported;

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not written as YAML by this writer")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: std::fmt::Display>(_message: T) -> Self {
        Unsupported
    }
}

type Written = Result<Node, Unsupported>;

fn plain(text: &str) -> Written {
    Ok(Node::Scalar(Scalar::plain(text)))
}

/// An integer as serde_yaml writes it (itoa's digits).
fn integer(value: impl itoa::Integer) -> Written {
    plain(itoa::Buffer::new().format(value))
}

impl ser::Serializer for ToNode {
    type Ok = Node;
    type Error = Unsupported;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = ser::Impossible<Node, Unsupported>;
    type SerializeMap = Entries;
    type SerializeStruct = Entries;
    type SerializeStructVariant = ser::Impossible<Node, Unsupported>;

    fn serialize_bool(self, value: bool) -> Written {
        plain(if value { "true" } else { "false" })
    }
    fn serialize_i8(self, value: i8) -> Written {
        integer(value)
    }
    fn serialize_i16(self, value: i16) -> Written {
        integer(value)
    }
    fn serialize_i32(self, value: i32) -> Written {
        integer(value)
    }
    fn serialize_i64(self, value: i64) -> Written {
        integer(value)
    }
    fn serialize_i128(self, value: i128) -> Written {
        integer(value)
    }
    fn serialize_u8(self, value: u8) -> Written {
        integer(value)
    }
    fn serialize_u16(self, value: u16) -> Written {
        integer(value)
    }
    fn serialize_u32(self, value: u32) -> Written {
        integer(value)
    }
    fn serialize_u64(self, value: u64) -> Written {
        integer(value)
    }
    fn serialize_u128(self, value: u128) -> Written {
        integer(value)
    }
    // serde_yaml writes floats by ryu's rules, which no patch needs.
    fn serialize_f32(self, _value: f32) -> Written {
        Err(Unsupported)
    }
    fn serialize_f64(self, _value: f64) -> Written {
        Err(Unsupported)
    }
    fn serialize_char(self, value: char) -> Written {
        Ok(Node::Scalar(Scalar {
            text: value.to_string(),
            requested: Requested::SingleQuoted,
        }))
    }
    fn serialize_str(self, value: &str) -> Written {
        Ok(Node::Scalar(Scalar::text(value)))
    }
    fn serialize_bytes(self, _value: &[u8]) -> Written {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Written {
        plain("null")
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Written {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Written {
        plain("null")
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Written {
        plain("null")
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Written {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Written {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Written {
        Err(Unsupported)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Items, Unsupported> {
        Ok(Items(Vec::new()))
    }
    fn serialize_tuple(self, _len: usize) -> Result<Items, Unsupported> {
        Ok(Items(Vec::new()))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Items, Unsupported> {
        Ok(Items(Vec::new()))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Entries, Unsupported> {
        Ok(Entries {
            entries: Vec::new(),
            key: None,
            one_entry: len == Some(1),
        })
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Entries, Unsupported> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported)
    }
    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Written {
        let text = value.to_string();
        if self.one_entry_key && text.starts_with('!') {
            return Err(Unsupported);
        }
        self.serialize_str(&text)
    }
}

struct Items(Vec<Node>);

/// serde's traits for a sequence, a tuple and a tuple struct (all arrays), which differ only in
/// name.
macro_rules! sequence_of_items {
    ($($serialize:ident :: $add:ident),*) => {$(
        impl ser::$serialize for Items {
            type Ok = Node;
            type Error = Unsupported;
            fn $add<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
                self.0.push(value.serialize(VALUE)?);
                Ok(())
            }
            fn end(self) -> Written {
                Ok(Node::Sequence(self.0))
            }
        }
    )*};
}

sequence_of_items!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

/// A map's or a struct's entries; a map's keys must be scalars.
struct Entries {
    entries: Vec<(Scalar, Node)>,
    /// A map's key, until its value comes.
    key: Option<Scalar>,
    one_entry: bool,
}

impl ser::SerializeMap for Entries {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsupported> {
        let key = key.serialize(ToNode {
            one_entry_key: self.one_entry,
        })?;
        match key {
            Node::Scalar(key) => self.key = Some(key),
            _ => return Err(Unsupported),
        }
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        let key = self.key.take().ok_or(Unsupported)?;
        self.entries.push((key, value.serialize(VALUE)?));
        Ok(())
    }
    fn end(self) -> Written {
        Ok(Node::Mapping(self.entries))
    }
}

impl ser::SerializeStruct for Entries {
    type Ok = Node;
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        self.entries
            .push((Scalar::text(key), value.serialize(VALUE)?));
        Ok(())
    }
    fn end(self) -> Written {
        Ok(Node::Mapping(self.entries))
    }
}

#[cfg(test)]
mod tests {
    use super::to_yaml;
    use proptest::prelude::*;
    use serde::Serialize;

    /// A string in every place the patches put one: a mapping's value, a list's item at two
    /// depths, a nested mapping's value, and as the document itself.
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Everywhere<'a> {
        value: &'a str,
        list: Vec<&'a str>,
        nested: Nested<'a>,
        items: Vec<Nested<'a>>,
        lists: Vec<Vec<&'a str>>,
        empty_list: Vec<&'a str>,
        empty: Empty,
        absent: Option<u8>,
        number: i64,
        large: u64,
        flag: bool,
        letter: char,
        last: &'a str,
    }

    #[derive(Serialize)]
    struct Nested<'a> {
        first: &'a str,
        then: Option<&'a str>,
        within: Vec<&'a str>,
    }

    #[derive(Serialize)]
    struct Empty {}

    /// Field names that libyaml quotes, writes as a complex key, or leaves plain.
    #[derive(Serialize)]
    struct Keys {
        #[serde(rename = "true")]
        boolean: u8,
        #[serde(rename = "")]
        empty: u8,
        #[serde(rename = "a b: c")]
        spaced: u8,
        #[serde(rename = "- dash")]
        dash: u8,
        #[serde(rename = "two\nlines")]
        two_lines: u8,
        #[serde(
            rename = "a-key-of-more-than-one-hundred-and-twenty-eight-bytes-is-written-after-a-question-mark-by-libyaml-as-a-complex-key-of-its-own"
        )]
        long: u8,
        #[serde(rename = "tab\tin")]
        tab: u8,
        #[serde(rename = "0123")]
        digits: u8,
    }

    fn everywhere(text: &str) -> Everywhere<'_> {
        Everywhere {
            value: text,
            list: vec![text, "plain", text],
            nested: Nested {
                first: text,
                then: Some(text),
                within: vec![text],
            },
            items: vec![Nested {
                first: text,
                then: None,
                within: vec![],
            }],
            lists: vec![vec![text, text], vec![]],
            empty_list: vec![],
            empty: Empty {},
            absent: None,
            number: -42,
            large: u64::MAX,
            flag: true,
            letter: text.chars().next().unwrap_or('x'),
            last: text,
        }
    }

    #[track_caller]
    fn same_as_serde_yaml<T: Serialize>(value: &T) {
        let expected = serde_yaml::to_string(value).expect("serde_yaml writes it");
        let written = to_yaml(value).expect("the writer writes it");
        assert_eq!(written, expected);
        // And YAML reads it back as what was written. (Not `parse_documents`, which reads a text
        // whose first non-blank character is `{` as JSON, as Kubernetes does, and Unicode's
        // blanks include U+00A0.)
        let read: serde_json::Value = crate::document::from_str(&written).expect("reads back");
        assert_eq!(
            read,
            serde_json::to_value(value).expect("JSON"),
            "{written}"
        );
    }

    #[track_caller]
    fn same_everywhere(text: &str) {
        same_as_serde_yaml(&everywhere(text));
        same_as_serde_yaml(&text);
        same_as_serde_yaml(&[text]);
    }

    #[test]
    fn strings_of_every_style_are_written_as_serde_yaml_writes_them() {
        for text in [
            "plain",
            "",
            " ",
            "a ",
            " a",
            "-",
            "- a",
            "-a",
            "---",
            "...",
            "--- a",
            "a: b",
            "a:b",
            "a:",
            ":a",
            "?",
            "? a",
            "?a",
            "#a",
            "a #b",
            "a#b",
            "a,b",
            "[a]",
            "{a}",
            "a[b]",
            "&a",
            "*a",
            "!a",
            "|a",
            ">a",
            "'a",
            "a'b",
            "\"a",
            "a\"b",
            "%a",
            "@a",
            "`a",
            "a\\b",
            "true",
            "True",
            "TRUE",
            "false",
            "yes",
            "no",
            "on",
            "null",
            "Null",
            "~",
            "1",
            "-1",
            "+1",
            "0x1F",
            "0o17",
            "0b101",
            "-0x1F",
            "0123",
            "-0123",
            "+0123",
            "1.5",
            "1e3",
            "-1.5e-3",
            ".inf",
            "-.inf",
            ".nan",
            ".NaN",
            "inf",
            "NaN",
            "1_000",
            "1.2.3",
            "v1.2.3",
            "99999999999999999999999",
            "a\nb",
            "a\n",
            "a\n\n",
            "\n",
            "\n\n",
            "\na",
            " \na",
            "a \nb",
            "a\n b",
            "a\nb ",
            "a\n\nb",
            "a\u{2028}b",
            "a\u{2029}",
            "\u{85}",
            "a\rb",
            "a\r\nb",
            "a\tb",
            "\t",
            "é",
            "naïve value",
            "😀",
            "a😀",
            "\u{feff}a",
            "\u{fffe}",
            "\u{d7ff}\u{e000}",
            "\u{a0}",
            "\0",
            "a\u{7}b",
            "\u{1b}[0m",
            "\u{7f}",
            "\u{9f}",
            "kube-system",
            "kubernetes.io/metadata.name",
            "NotIn",
            "Ignore",
        ] {
            same_everywhere(text);
        }
    }

    #[test]
    fn field_names_are_quoted_or_written_as_complex_keys_as_serde_yaml_writes_them() {
        same_as_serde_yaml(&Keys {
            boolean: 1,
            empty: 2,
            spaced: 3,
            dash: 4,
            two_lines: 5,
            long: 6,
            tab: 7,
            digits: 8,
        });
    }

    #[test]
    fn what_the_writer_leaves_out_is_refused() {
        #[derive(Serialize)]
        enum Variant {
            Data(u8),
        }
        /// Written through `collect_str`, as chrono's instants are.
        struct Shown(&'static str);
        impl Serialize for Shown {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self.0)
            }
        }
        /// A map of one entry, which serde_yaml checks for a tag.
        struct One(Shown);
        impl Serialize for One {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry(&self.0, &1)?;
                map.end()
            }
        }
        assert!(to_yaml(&1.5).is_none());
        assert!(to_yaml(&[Variant::Data(1)]).is_none());
        assert!(to_yaml(&std::collections::BTreeMap::from([(vec![1], 1)])).is_none());
        // serde_yaml writes `!tag 1` for the first and an ordinary key for the others.
        let one = |key| One(Shown(key));
        assert!(to_yaml(&one("!tag")).is_none());
        same_as_serde_yaml(&one("tag"));
        same_as_serde_yaml(&std::collections::BTreeMap::from([("!tag", 1)]));
    }

    #[test]
    fn maps_and_tuples_are_written_as_serde_yaml_writes_them() {
        same_as_serde_yaml(&serde_json::json!({
            "b": {"c": [1, {"d": []}, [[], ["e"]]], "f": {}},
            "a": [{"x": null, "y": true}, [-1, 18446744073709551615u64]],
            "": "", "true": "false", "a b": "- c"
        }));
        same_as_serde_yaml(&("tuple", 1, ('c', false)));
        let numbered = std::collections::BTreeMap::from([(1, "one"), (-2, "two")]);
        assert_eq!(to_yaml(&numbered), serde_yaml::to_string(&numbered).ok());
    }

    /// The characters libyaml's emitter tells apart: indicators, blanks, line breaks, characters
    /// it escapes, digits and the letters of YAML's keywords and numbers.
    const ALPHABET: &[char] = &[
        ' ', '\t', '\n', '\r', '\u{85}', '\u{2028}', '\u{2029}', '\0', '\u{1b}', '\u{a0}',
        '\u{feff}', '\u{fffe}', 'é', '😀', '-', ':', '?', '#', ',', '[', ']', '{', '}', '&', '*',
        '!', '|', '>', '\'', '"', '%', '@', '`', '\\', '.', '0', '1', '+', 'e', 'x', 'a', 'n', 'u',
        'l', 't', 'r', 'f', '~', 'N', 'T', 'i',
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4_000))]

        #[test]
        fn random_strings_are_written_as_serde_yaml_writes_them(
            chars in prop::collection::vec(prop::sample::select(ALPHABET), 0..8)
        ) {
            let text: String = chars.into_iter().collect();
            same_everywhere(&text);
        }
    }
}
