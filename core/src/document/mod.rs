//! Reading pasted text (YAML or JSON, one or many documents) into document trees, within limits.
//!
//! This is the one module that knows the YAML library; everything else sees `serde_json::Value`.
//! Swapping serde_yaml for serde_norway is a change to this module alone. Plain block YAML, what
//! kubectl and editors write, is read by `block` without the library, which reads the rest; the
//! YAML the engine writes (the webhook fixes' patches) is written by `emit` as the library would,
//! which its tests hold it to.
//!
//! Text whose first non-blank character is `{` is read as a stream of JSON objects, strictly (a
//! trailing comma is an error), as Kubernetes' `YAMLOrJSONDecoder` does; anything else is YAML.
//! Both are read through one tree builder that enforces the [`Limits`], so a hostile input (a
//! "billion laughs" alias bomb, a thousand nested brackets, a 50 MB paste) is refused with an error
//! that names the limit, in time and memory proportional to the limit, never a crash.

mod block;
mod emit;

use crate::decode::FromValue;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::fmt;

/// A document tree, as the rest of the crate sees it.
pub type Value = serde_json::Value;

/// Bounds on what one analysis reads. The defaults hold any real Gardener object with a wide margin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct Limits {
    /// Bytes of text, all sources of one analysis together.
    pub max_bytes: usize,
    /// Documents in one source (a `List` counts as one).
    pub max_documents: usize,
    /// Nesting of mappings and lists.
    pub max_depth: usize,
    /// Values (mappings, lists and scalars) in one source after YAML aliases are expanded.
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 5 * 1024 * 1024,
            max_documents: 1_000,
            max_depth: 100,
            max_nodes: 500_000,
        }
    }
}

impl Limits {
    /// The limits for reading, in one go, a source that holds many objects each held to `self`
    /// (a `List` of a fleet's Shoots, as `kubectl get shoots -A -o yaml` prints 10 000 of them):
    /// the text as a whole is bounded by its own length, and its aliases may not build more than
    /// it holds. Each object is then held to `self` by [`Extent::check`].
    pub fn for_many_objects(self, text_bytes: usize) -> Limits {
        Limits {
            max_bytes: self.max_bytes.max(text_bytes),
            // Without aliases every value takes at least one byte of the text.
            max_nodes: self.max_nodes.max(text_bytes),
            ..self
        }
    }
}

/// What one object read from a text takes, counted as the reader counts it against the
/// [`Limits`]: its values, and the bytes of its keys and strings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Extent {
    pub nodes: usize,
    pub text_bytes: usize,
}

impl Extent {
    pub fn of(value: &Value) -> Extent {
        let mut extent = Extent::default();
        let mut pending = vec![value];
        while let Some(value) = pending.pop() {
            extent.nodes += 1;
            match value {
                Value::String(text) => extent.text_bytes += text.len(),
                Value::Array(items) => pending.extend(items),
                Value::Object(fields) => {
                    extent.text_bytes += fields.keys().map(String::len).sum::<usize>();
                    pending.extend(fields.values());
                }
                _ => {}
            }
        }
        extent
    }

    /// Refuses an object over `limits`, as the reader refuses a text; `what` names the object
    /// ("the Shoot garden-dev/api"). `other_bytes` is the text read with it (its CloudProfile).
    pub fn check(self, what: &str, other_bytes: usize, limits: &Limits) -> Result<(), String> {
        if self.nodes > limits.max_nodes {
            return Err(format!(
                "{what} holds {} values, more than the limit of {} (maxNodes, applied to each object on its own)",
                self.nodes, limits.max_nodes
            ));
        }
        let bytes = self.text_bytes + other_bytes;
        if bytes > limits.max_bytes {
            return Err(format!(
                "{what} and the inputs read with it hold {bytes} bytes of text, more than the limit of {} bytes (maxBytes, applied to each object on its own)",
                limits.max_bytes
            ));
        }
        Ok(())
    }
}

/// Where a parse error points: 1-based line and column, when the parser knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "{} (line {line}, column {column})", self.message)
            }
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    fn unplaced(message: String) -> ParseError {
        ParseError {
            message,
            line: None,
            column: None,
        }
    }
}

/// Parses every document of a multi-document stream. Empty documents are skipped.
pub fn parse_documents(text: &str, limits: &Limits) -> Result<Vec<Value>, ParseError> {
    parse(text, limits, block::read)
}

/// [`parse_documents`] with every YAML text read by the library: the reference the block reader
/// is held to, by the tests and the `document` fuzz target.
#[doc(hidden)]
pub fn parse_documents_with_library(text: &str, limits: &Limits) -> Result<Vec<Value>, ParseError> {
    parse(text, limits, |_, _| None)
}

/// Reads JSON with serde_json, and YAML with `block` first and the library where it gives up.
/// The size and bracket-depth guards apply to both YAML readers, so both refuse the same texts.
fn parse(
    text: &str,
    limits: &Limits,
    block: impl FnOnce(&str, &Limits) -> Option<Vec<Value>>,
) -> Result<Vec<Value>, ParseError> {
    check_size(text.len(), limits)?;
    let budget = Budget {
        limits,
        nodes: Cell::new(0),
        text_bytes: Cell::new(0),
    };
    let mut documents = Vec::new();
    if text.trim_start().starts_with('{') {
        let mut stream = serde_json::Deserializer::from_str(text);
        while !at_end(&mut stream) {
            budget.count_document(documents.len())?;
            let value = budget.tree().deserialize(&mut stream).map_err(json_error)?;
            documents.push(value);
        }
        return Ok(documents);
    }
    check_flow_depth(text, limits.max_depth)?;
    if let Some(documents) = block(text, limits) {
        return Ok(documents);
    }
    for (index, document) in serde_yaml::Deserializer::from_str(text).enumerate() {
        budget.count_document(index)?;
        let value = budget
            .tree()
            .deserialize(document)
            .map_err(|e| yaml_error(e, text))?;
        if !value.is_null() {
            documents.push(value);
        }
    }
    Ok(documents)
}

/// Refuses a text longer than [`Limits::max_bytes`].
pub fn check_size(bytes: usize, limits: &Limits) -> Result<(), ParseError> {
    if bytes > limits.max_bytes {
        return Err(ParseError::unplaced(format!(
            "{bytes} bytes, more than the limit of {} bytes (maxBytes)",
            limits.max_bytes
        )));
    }
    Ok(())
}

/// Parses one YAML (or JSON, which is YAML) document into a typed value. For trusted files such
/// as the conformance cases; pasted input goes through [`parse_documents`].
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, ParseError> {
    serde_yaml::from_str(text).map_err(|e| yaml_error(e, text))
}

/// Renders a value as YAML text, as a user would paste it back into a file: as serde_yaml writes
/// it, by `emit` (which keeps libyaml's emitter out of the wasm modules). Empty for what `emit`
/// leaves out (floats, bytes, enum variants with data, keys that are not scalars), which no patch
/// holds.
pub fn to_yaml<T: serde::Serialize + ?Sized>(value: &T) -> String {
    emit::to_yaml(value).unwrap_or_default()
}

fn at_end(stream: &mut serde_json::Deserializer<serde_json::de::StrRead<'_>>) -> bool {
    // `end` succeeds only when nothing but whitespace is left.
    stream.end().is_ok()
}

/// The YAML parser takes time quadratic in the nesting of flow collections (`[[[[…`), so a deep
/// one is refused before parsing. Brackets inside quotes and comments do not count; a bracket in a
/// plain or block scalar may, which could only refuse a text with more than `max_depth` unclosed
/// brackets in such scalars: never a real object.
fn check_flow_depth(text: &str, max_depth: usize) -> Result<(), ParseError> {
    // Every character this looks for is ASCII, so bytes will do; the column is counted in
    // characters only for the error.
    let bytes = text.as_bytes();
    // Each level is an opening bracket, so a text with no more of them than the limit cannot
    // pass it: most objects, counted by a loop the compiler runs many bytes at a time.
    let opening: usize = (bytes.chunks(128))
        .map(|chunk| {
            // At most 128 in a chunk, so a byte holds the count and the compiler can count
            // sixteen or more bytes at a time.
            let count = (chunk.iter()).fold(0u8, |count, byte| {
                count + u8::from(*byte == b'[') + u8::from(*byte == b'{')
            });
            usize::from(count)
        })
        .sum();
    if opening <= max_depth {
        return Ok(());
    }
    let mut depth = 0usize;
    let mut quote = None;
    let (mut line, mut line_start) = (1, 0);
    let mut at = 0;
    while at < bytes.len() {
        // The scan is on every input's path: most bytes are none of these, and are passed over
        // by one table lookup each.
        if !FLOW_DEPTH_BYTES[usize::from(bytes[at])] {
            at += 1;
            continue;
        }
        let b = bytes[at];
        if b == b'\n' {
            (line, line_start) = (line + 1, at + 1);
        } else if let Some(open) = quote {
            if b == b'\\' && open == b'"' {
                at += 1;
            } else if b == open {
                quote = None;
            }
        } else {
            match b {
                // A `#` starts a comment only after whitespace or at the start (asked here, as
                // it is rare); the comment runs to the end of the line.
                b'#' if text[..at]
                    .chars()
                    .next_back()
                    .is_none_or(char::is_whitespace) =>
                {
                    let rest = &bytes[at..];
                    at += rest.iter().position(|b| *b == b'\n').unwrap_or(rest.len());
                    continue;
                }
                b'"' | b'\'' => quote = Some(b),
                b'[' | b'{' => {
                    depth += 1;
                    if depth > max_depth {
                        return Err(ParseError {
                            message: format!("nested more than {max_depth} levels deep (maxDepth)"),
                            line: Some(line),
                            column: Some(text[line_start..=at].chars().count()),
                        });
                    }
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        at += 1;
    }
    Ok(())
}

/// The bytes [`check_flow_depth`] acts on.
const FLOW_DEPTH_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut index = 0;
    let special = b"\n#\"'\\[]{}";
    while index < special.len() {
        table[special[index] as usize] = true;
        index += 1;
    }
    table
};

fn yaml_error(err: serde_yaml::Error, text: &str) -> ParseError {
    let mut location = err.location().map(|l| (l.line(), l.column()));
    let mut message = err.to_string();
    // The reader's errors (control characters, bad UTF-8) give a byte offset and no line.
    if let Some((head, offset)) = message.rsplit_once(" at position ") {
        if let Ok(offset) = offset.parse::<usize>() {
            location = Some(line_and_column(text, offset));
            message = head.to_string();
        }
    }
    // serde_yaml appends " at line L column C"; we report the place in our own fields instead.
    if let Some(cut) = message.find(" at line ") {
        message.truncate(cut);
    }
    shorten_path(&mut message);
    if message == "repetition limit exceeded" {
        // serde_yaml's own guard against alias bombs, in words a user can act on.
        message = "YAML aliases expand too far (repetition limit exceeded)".to_string();
    }
    ParseError {
        message,
        line: location.map(|(line, _)| line),
        column: location.map(|(_, column)| column),
    }
}

/// The 1-based line and column (in characters) of a byte offset.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// serde_yaml starts a message with the path of the value (`spec.provider.workers[0]: …`); a path
/// a hundred levels deep is cut in the middle so the message stays readable.
fn shorten_path(message: &mut String) {
    const KEEP: usize = 24;
    let Some(end) = message.find(": ") else {
        return;
    };
    let path = &message[..end];
    if path.contains(char::is_whitespace) || path.chars().count() <= 3 * KEEP {
        return;
    }
    let head: String = path.chars().take(KEEP).collect();
    let tail: String = path.chars().skip(path.chars().count() - KEEP).collect();
    *message = format!("{head}…{tail}{}", &message[end..]);
}

fn json_error(err: serde_json::Error) -> ParseError {
    let mut message = err.to_string();
    if let Some(cut) = message.find(" at line ") {
        message.truncate(cut);
    }
    let placed = err.line() > 0;
    ParseError {
        message,
        line: placed.then(|| err.line()),
        column: placed.then(|| err.column()),
    }
}

/// What one source has used of the limits so far.
struct Budget<'a> {
    limits: &'a Limits,
    nodes: Cell<usize>,
    /// Bytes of the strings built (keys and values): without aliases no more than the text has,
    /// with them as much as their uses copy, which `maxBytes` bounds as it bounds the text (an
    /// alias of a 1 MiB anchor used 5 000 times would build 5 GB).
    text_bytes: Cell<usize>,
}

impl<'a> Budget<'a> {
    fn tree(&self) -> Tree<'_, 'a> {
        Tree {
            budget: self,
            depth: 0,
        }
    }

    fn count_document(&self, index: usize) -> Result<(), ParseError> {
        if index >= self.limits.max_documents {
            return Err(ParseError::unplaced(format!(
                "more than {} documents in one input (maxDocuments)",
                self.limits.max_documents
            )));
        }
        Ok(())
    }

    fn count_text<E: de::Error>(&self, text: &str) -> Result<(), E> {
        let bytes = self.text_bytes.get() + text.len();
        self.text_bytes.set(bytes);
        if bytes > self.limits.max_bytes {
            return Err(E::custom(format_args!(
                "more than {} bytes of text in one input once its aliases are expanded (maxBytes)",
                self.limits.max_bytes
            )));
        }
        Ok(())
    }

    fn count_node<E: de::Error>(&self) -> Result<(), E> {
        let nodes = self.nodes.get() + 1;
        self.nodes.set(nodes);
        if nodes > self.limits.max_nodes {
            return Err(E::custom(format_args!(
                "more than {} values in one input (maxNodes; an alias counts once per use)",
                self.limits.max_nodes
            )));
        }
        Ok(())
    }
}

/// Builds one value of the tree at `depth`, counting it against the budget.
#[derive(Clone, Copy)]
struct Tree<'b, 'a> {
    budget: &'b Budget<'a>,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Tree<'_, '_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl Tree<'_, '_> {
    fn child(self) -> Self {
        Tree {
            depth: self.depth + 1,
            ..self
        }
    }

    fn enter<E: de::Error>(self) -> Result<(), E> {
        self.budget.count_node()?;
        if self.depth >= self.budget.limits.max_depth {
            return Err(E::custom(format_args!(
                "nested more than {} levels deep (maxDepth)",
                self.budget.limits.max_depth
            )));
        }
        Ok(())
    }

    fn scalar<E: de::Error>(self, value: Value) -> Result<Value, E> {
        self.budget.count_node()?;
        Ok(value)
    }
}

impl<'de> Visitor<'de> for Tree<'_, '_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a YAML or JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        self.scalar(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        self.scalar(Value::from(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        self.scalar(Value::from(v))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Err(out_of_range(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Err(out_of_range(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        // JSON has no NaN or infinity; like serde_json's own tree, they read as null.
        self.scalar(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        self.budget.count_text(v)?;
        self.scalar(Value::String(v.to_string()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        self.budget.count_text(&v)?;
        self.scalar(Value::String(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        self.scalar(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        self.scalar(Value::Null)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_newtype_struct<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        self.enter()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.child())? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        self.enter()?;
        let mut entries = serde_json::Map::new();
        while let Some(key) = map.next_key_seed(Key {
            seen: &entries,
            budget: self.budget,
        })? {
            let value = map.next_value_seed(self.child())?;
            entries.insert(key, value);
        }
        Ok(Value::Object(entries))
    }
}

/// YAML reads integers of any size; no Kubernetes field holds one beyond 64 bits.
fn out_of_range<E: de::Error>(number: impl fmt::Display) -> E {
    E::custom(format_args!(
        "the number {number} is too large (at most 64 bits)"
    ))
}

/// Reads a mapping key and refuses one the mapping already has: the Kubernetes API server rejects
/// duplicate fields under strict field validation, kubectl's default, and silently keeping one of
/// the two values would analyse something the user did not mean. Raised while the key is read, so
/// the error points at the duplicate itself.
struct Key<'m, 'b, 'a> {
    seen: &'m serde_json::Map<String, Value>,
    budget: &'b Budget<'a>,
}

impl<'de> DeserializeSeed<'de> for Key<'_, '_, '_> {
    type Value = String;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key<'_, '_, '_> {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        self.visit_string(v.to_string())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
        self.budget.count_node()?;
        self.budget.count_text(&v)?;
        if self.seen.contains_key(&v) {
            return Err(E::custom(format_args!("duplicate key `{v}`")));
        }
        Ok(v)
    }

    // YAML allows keys such as `1:` or `true:`; Kubernetes objects read them as strings.
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<String, E> {
        self.visit_string(v.to_string())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
        self.visit_string(v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
        self.visit_string(v.to_string())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
        self.visit_string(v.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<Value>, ParseError> {
        parse_documents(text, &Limits::default())
    }

    fn error(text: &str, limits: &Limits) -> String {
        parse_documents(text, limits).unwrap_err().to_string()
    }

    #[test]
    fn reads_yaml_streams_and_skips_empty_documents() {
        let documents = parse("---\na: 1\n---\n---\nb: [x, y]\n").unwrap();
        assert_eq!(
            documents,
            vec![
                serde_json::json!({"a": 1}),
                serde_json::json!({"b": ["x", "y"]})
            ]
        );
    }

    #[test]
    fn reads_json_object_streams_strictly() {
        let documents = parse(" {\"a\": 1}\n{\"b\": 2}").unwrap();
        assert_eq!(documents.len(), 2);
        assert_eq!(
            parse("{\"a\": 1,\n}").unwrap_err().to_string(),
            "trailing comma (line 2, column 1)"
        );
    }

    #[test]
    fn duplicate_keys_point_at_the_second_key() {
        assert_eq!(
            parse("a: 1\nb:\n  c: 1\n  c: 2\n").unwrap_err().to_string(),
            "b: duplicate key `c` (line 4, column 3)"
        );
    }

    #[test]
    fn refuses_input_over_the_size_limit() {
        let limits = Limits {
            max_bytes: 10,
            ..Limits::default()
        };
        assert_eq!(
            error("a: 12345678901", &limits),
            "14 bytes, more than the limit of 10 bytes (maxBytes)"
        );
    }

    #[test]
    fn refuses_too_many_documents() {
        let limits = Limits {
            max_documents: 2,
            ..Limits::default()
        };
        assert_eq!(
            error("a: 1\n---\nb: 1\n---\nc: 1\n", &limits),
            "more than 2 documents in one input (maxDocuments)"
        );
    }

    #[test]
    fn refuses_deep_nesting_at_the_collection_that_crosses_the_limit() {
        let limits = Limits {
            max_depth: 3,
            ..Limits::default()
        };
        assert_eq!(
            error("a:\n  b:\n    c:\n      d: 1\n", &limits),
            "a.b.c: nested more than 3 levels deep (maxDepth) (line 4, column 7)"
        );
        assert!(parse_documents("a:\n  b:\n    c: 1\n", &limits).is_ok());
    }

    #[test]
    fn a_billion_laughs_bomb_is_refused_by_the_repetition_limit() {
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 1..10 {
            let previous = format!("*a{}", level - 1);
            let items = [previous.as_str(); 10].join(", ");
            bomb.push_str(&format!("a{level}: &a{level} [{items}]\n"));
        }
        let message = parse(&bomb).unwrap_err().message;
        assert_eq!(
            message,
            "YAML aliases expand too far (repetition limit exceeded)"
        );
    }

    #[test]
    fn a_wide_alias_expansion_is_refused_by_the_node_limit() {
        let anchor = vec!["x"; 1_000].join(", ");
        let references = vec!["*big"; 1_000].join(", ");
        let text = format!("big: &big [{anchor}]\nmany: [{references}]\n");
        let started = std::time::Instant::now();
        let message = parse(&text).unwrap_err().message;
        assert_eq!(
            message,
            "many[498][496]: more than 500000 values in one input (maxNodes; an alias counts once per use)"
        );
        eprintln!("refused in {:?}", started.elapsed());
    }

    /// Few values, much text: an alias of a long scalar copies it at every use, so the text the
    /// aliases build counts against `maxBytes` as the input's own text does.
    #[test]
    fn a_long_aliased_scalar_is_refused_by_the_byte_limit() {
        let long = "x".repeat(1024 * 1024);
        let references = ["*big"; 10].join(", ");
        let text = format!("big: &big {long}\nmany: [{references}]\n");
        let message = parse(&text).unwrap_err().message;
        assert_eq!(
            message,
            "many[3]: more than 5242880 bytes of text in one input once its aliases are expanded (maxBytes)"
        );
        // Four uses stay within the limit.
        let few = format!("big: &big {long}\nmany: [*big, *big, *big]\n");
        assert!(parse(&few).is_ok());
    }

    /// A text of many objects may be larger than the limits, never its aliases' expansion.
    #[test]
    fn the_limits_of_many_objects_grow_with_the_text_alone() {
        let long = "x".repeat(6 * 1024 * 1024);
        let limits = Limits::default().for_many_objects(long.len() + 100);
        assert!(parse_documents(&format!("big: {long}\n"), &limits).is_ok());
        let text = format!("big: &big {long}\nmany: [*big]\n");
        let limits = Limits::default().for_many_objects(text.len());
        let message = parse_documents(&text, &limits).unwrap_err().message;
        assert!(
            message.contains("once its aliases are expanded (maxBytes)"),
            "{message}"
        );
    }

    #[test]
    fn an_extent_counts_what_the_reader_counts() {
        let value = parse("a: [one, 2]\nbee: {c: null}\n").unwrap().remove(0);
        // The mapping, the list and its two items, the inner mapping and its null.
        assert_eq!(
            Extent::of(&value),
            Extent {
                nodes: 6,
                text_bytes: 1 + 3 + 3 + 1
            }
        );
        let limits = Limits {
            max_nodes: 5,
            ..Limits::default()
        };
        assert_eq!(
            Extent::of(&value).check("the Shoot a/b", 0, &limits).unwrap_err(),
            "the Shoot a/b holds 6 values, more than the limit of 5 (maxNodes, applied to each object on its own)"
        );
        assert!(Extent::of(&value)
            .check("the Shoot a/b", 0, &Limits::default())
            .is_ok());
    }
}

#[cfg(test)]
mod hostile_timing {
    use super::*;

    #[test]
    #[ignore = "prints timings; run with --ignored --nocapture"]
    fn hostile_inputs_are_refused_quickly() {
        let cases = [
            ("5 MB of [", "[".repeat(5_000_000)),
            ("5 MB of {a:", "{a: ".repeat(1_200_000)),
            (
                "deep block mapping",
                (0..2_000)
                    .map(|i| format!("{}k:\n", " ".repeat(i)))
                    .collect(),
            ),
            ("long flat list", "- x\n".repeat(1_300_000)),
        ];
        for (name, text) in cases {
            let started = std::time::Instant::now();
            let result = parse_documents(&text, &Limits::default());
            eprintln!(
                "{name}: {:?} {:?}",
                started.elapsed(),
                result.map(|d| d.len())
            );
        }
    }
}
