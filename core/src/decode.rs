//! Typed views of document trees, with the field path of a mismatch.
//!
//! [`from_value`] reads a [`Value`] into any `Deserialize` type, like `serde_json::from_value`, and
//! when a field does not fit it says where: `spec.provider.workers[1].machine.image.version`. The
//! messages are serde_json's own (`invalid type: string "x", expected u32`), word for word.
//!
//! Why not `serde_json::from_value` wrapped in `serde_path_to_error`: serde generates a visitor per
//! type *and* per deserializer, and the wrapper deserializes every type through a second family of
//! adapters of its own. In the wasm builds that pair was half of all code. Here the path is a chain
//! of borrowed segments on the stack, rendered only when an error passes through, so a successful
//! read allocates nothing for it and every type is instantiated against one deserializer.

use crate::document::Value;
use serde::de::value::BorrowedStrDeserializer;
use serde::de::DeserializeOwned;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Expected, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};
use serde::Deserialize;
use std::fmt;

/// Reads `value` into `T`; on a mismatch, the error names the field.
pub fn from_value<'de, T: Deserialize<'de>>(value: &'de Value) -> Result<T, DecodeError> {
    T::deserialize(Node {
        value,
        path: Path::Root,
    })
    .map_err(|error| error.at(Path::Root))
}

/// The string at `path` (object keys, outermost first) in `value`, if there is one.
pub fn text_at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a str> {
    (path.iter())
        .try_fold(value, |node, key| node.get(*key))
        .and_then(Value::as_str)
}

/// Reads JSON text into `T` by way of a [`Value`]: the text is parsed by one non-generic routine
/// and `T` is read by [`from_value`], so `T` needs no second, text-reading copy of its code.
pub fn from_json<T: DeserializeOwned>(text: &[u8]) -> Result<T, String> {
    let value: Value = serde_json::from_slice(text).map_err(|e| e.to_string())?;
    from_value(&value).map_err(|e| e.to_string())
}

/// Why a document tree does not fit a type, and at which field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    message: String,
    /// Set by the innermost field the error passed through; `None` until then.
    path: Option<String>,
}

impl DecodeError {
    /// The field, as `spec.workers[0].name`; `.` for the whole object.
    pub fn path(&self) -> &str {
        self.path.as_deref().unwrap_or(".")
    }

    /// What is wrong, in serde's words, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }

    fn at(mut self, path: Path<'_>) -> Self {
        if self.path.is_none() {
            self.path = Some(path.to_string());
        }
        self
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path(), self.message)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DecodeError {
            message: message.to_string(),
            path: None,
        }
    }
}

/// Where a node sits in its document: each segment borrows its parent, so descending costs nothing.
#[derive(Clone, Copy)]
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl fmt::Display for Path<'_> {
    /// Keys joined by `.`, indices as `[i]`, and `.` alone for the root.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut segments = Vec::new();
        let mut at = self;
        loop {
            match at {
                Path::Root => break,
                Path::Key(parent, _) | Path::Index(parent, _) => {
                    segments.push(at);
                    at = parent;
                }
            }
        }
        if segments.is_empty() {
            return f.write_str(".");
        }
        for (position, segment) in segments.iter().rev().enumerate() {
            match segment {
                Path::Key(_, key) if position == 0 => f.write_str(key)?,
                Path::Key(_, key) => write!(f, ".{key}")?,
                Path::Index(_, index) => write!(f, "[{index}]")?,
                Path::Root => {}
            }
        }
        Ok(())
    }
}

/// One node of the tree being read.
struct Node<'de, 'p> {
    value: &'de Value,
    path: Path<'p>,
}

/// serde's name for what a node holds, for "invalid type: …" messages.
fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                Unexpected::Unsigned(u)
            } else if let Some(i) = n.as_i64() {
                Unexpected::Signed(i)
            } else {
                Unexpected::Float(n.as_f64().unwrap_or(f64::NAN))
            }
        }
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

fn invalid_type(value: &Value, expected: &dyn Expected) -> DecodeError {
    de::Error::invalid_type(unexpected(value), expected)
}

impl<'de, 'p> Node<'de, 'p> {
    fn visit_number<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    visitor.visit_u64(u)
                } else if let Some(i) = n.as_i64() {
                    visitor.visit_i64(i)
                } else {
                    visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN))
                }
            }
            other => Err(invalid_type(other, &visitor)),
        }
    }

    fn visit_array<V: Visitor<'de>>(
        items: &'de [Value],
        path: Path<'p>,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let mut access = Items {
            items: items.iter(),
            index: 0,
            path,
        };
        let read = visitor.visit_seq(&mut access)?;
        if access.items.len() == 0 {
            Ok(read)
        } else {
            Err(de::Error::invalid_length(
                items.len(),
                &"fewer elements in array",
            ))
        }
    }

    fn visit_object<V: Visitor<'de>>(
        map: &'de serde_json::Map<String, Value>,
        path: Path<'p>,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let mut access = Entries {
            entries: map.iter(),
            pending: None,
            path,
        };
        let read = visitor.visit_map(&mut access)?;
        if access.entries.len() == 0 {
            Ok(read)
        } else {
            Err(de::Error::invalid_length(
                map.len(),
                &"fewer elements in map",
            ))
        }
    }
}

/// Each method accepts what serde_json's deserializer of a borrowed `Value` accepts and calls the
/// same visitor method, so a type reads the same tree the same way through either; the one
/// exception is a struct given as a list (see `deserialize_struct`).
impl<'de, 'p> Deserializer<'de> for Node<'de, 'p> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(_) => self.visit_number(visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => Node::visit_array(items, self.path, visitor),
            Value::Object(map) => Node::visit_object(map, self.path, visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Bool(b) => visitor.visit_bool(*b),
            other => Err(invalid_type(other, &visitor)),
        }
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.visit_number(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::String(s) => visitor.visit_borrowed_str(s),
            other => Err(invalid_type(other, &visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => Node::visit_array(items, self.path, visitor),
            other => Err(invalid_type(other, &visitor)),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Null => visitor.visit_unit(),
            other => Err(invalid_type(other, &visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Array(items) => Node::visit_array(items, self.path, visitor),
            other => Err(invalid_type(other, &visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Object(map) => Node::visit_object(map, self.path, visitor),
            other => Err(invalid_type(other, &visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        // Unlike serde_json, not a list: Go's decoder (Gardener's) refuses a JSON array for a
        // struct too, and never asking a struct's visitor for its list form lets the linker drop
        // that half of every derived visitor.
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let (variant, content) = match self.value {
            Value::String(variant) => (variant.as_str(), None),
            Value::Object(map) => {
                let mut entries = map.iter();
                match (entries.next(), entries.next()) {
                    (Some((variant, content)), None) => (variant.as_str(), Some(content)),
                    _ => {
                        return Err(de::Error::invalid_value(
                            Unexpected::Map,
                            &"map with a single key",
                        ))
                    }
                }
            }
            other => return Err(invalid_type(other, &"string or map")),
        };
        visitor.visit_enum(Variant {
            variant,
            content,
            path: self.path,
        })
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }
}

/// The items of a list, each read at its index.
struct Items<'de, 'p> {
    items: std::slice::Iter<'de, Value>,
    index: usize,
    path: Path<'p>,
}

impl<'de> SeqAccess<'de> for Items<'de, '_> {
    type Error = DecodeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DecodeError> {
        let Some(value) = self.items.next() else {
            return Ok(None);
        };
        let path = Path::Index(&self.path, self.index);
        self.index += 1;
        seed.deserialize(Node { value, path })
            .map(Some)
            .map_err(|error| error.at(path))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// The entries of a mapping, each value read at its key.
struct Entries<'de, 'p> {
    entries: serde_json::map::Iter<'de>,
    pending: Option<(&'de str, &'de Value)>,
    path: Path<'p>,
}

impl<'de> MapAccess<'de> for Entries<'de, '_> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DecodeError> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        self.pending = Some((key, value));
        seed.deserialize(BorrowedStrDeserializer::new(key.as_str()))
            .map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<T::Value, DecodeError> {
        let Some((key, value)) = self.pending.take() else {
            return Err(de::Error::custom("value is missing"));
        };
        let path = Path::Key(&self.path, key);
        seed.deserialize(Node { value, path })
            .map_err(|error| error.at(path))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An externally tagged enum: a bare string, or a mapping of one key to the variant's content.
struct Variant<'de, 'p> {
    variant: &'de str,
    content: Option<&'de Value>,
    path: Path<'p>,
}

impl<'de, 'p> EnumAccess<'de> for Variant<'de, 'p> {
    type Error = DecodeError;
    type Variant = Self;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Self), DecodeError> {
        let name = BorrowedStrDeserializer::new(self.variant);
        Ok((seed.deserialize(name)?, self))
    }
}

impl<'de> VariantAccess<'de> for Variant<'de, '_> {
    type Error = DecodeError;

    fn unit_variant(self) -> Result<(), DecodeError> {
        match self.content {
            None | Some(Value::Null) => Ok(()),
            Some(other) => Err(invalid_type(other, &"unit variant")),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<T::Value, DecodeError> {
        match self.content {
            Some(value) => {
                let path = Path::Key(&self.path, self.variant);
                seed.deserialize(Node { value, path })
                    .map_err(|error| error.at(path))
            }
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"newtype variant",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let path = Path::Key(&self.path, self.variant);
        match self.content {
            Some(Value::Array(items)) => {
                Node::visit_array(items, path, visitor).map_err(|error| error.at(path))
            }
            Some(other) => Err(invalid_type(other, &"tuple variant")),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"tuple variant",
            )),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let path = Path::Key(&self.path, self.variant);
        match self.content {
            Some(Value::Object(map)) => {
                Node::visit_object(map, path, visitor).map_err(|error| error.at(path))
            }
            Some(other) => Err(invalid_type(other, &"struct variant")),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"struct variant",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct Pool {
        name: String,
        #[serde(default)]
        maximum: Option<u32>,
        #[serde(default)]
        zones: Vec<String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Spec {
        workers: Vec<Pool>,
        #[serde(default)]
        labels: BTreeMap<String, String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Object {
        spec: Spec,
    }

    fn error_of<T: for<'de> Deserialize<'de> + fmt::Debug>(value: Value) -> (String, String) {
        let error = from_value::<T>(&value).unwrap_err();
        (error.path().to_string(), error.message().to_string())
    }

    #[test]
    fn reads_what_serde_json_reads() {
        let value = json!({"spec": {"workers": [{"name": "a", "maximum": 3, "zones": ["z"]},
                                                {"name": "b", "maximum": null}],
                                    "labels": {"x": "y"}, "other": [1, {"deep": true}]}});
        let ours: Object = from_value(&value).unwrap();
        let theirs: Object = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(ours, theirs);
        let round: Value = from_value(&value).unwrap();
        assert_eq!(round, value);
    }

    #[test]
    fn a_mismatch_names_its_field_with_serdes_message() {
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{"name": "a"}, {"name": 7}]}})),
            (
                "spec.workers[1].name".to_string(),
                "invalid type: integer `7`, expected a string".to_string()
            )
        );
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{"name": "a", "maximum": -1}]}})),
            (
                "spec.workers[0].maximum".to_string(),
                "invalid value: integer `-1`, expected u32".to_string()
            )
        );
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{"name": "a", "zones": "z"}]}})),
            (
                "spec.workers[0].zones".to_string(),
                "invalid type: string \"z\", expected a sequence".to_string()
            )
        );
    }

    #[test]
    fn a_struct_given_as_a_list_is_refused_as_go_refuses_it() {
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [["a"]]}})),
            (
                "spec.workers[0]".to_string(),
                "invalid type: sequence, expected struct Pool".to_string()
            )
        );
    }

    #[test]
    fn a_missing_field_is_reported_at_its_mapping_and_at_the_root_as_a_dot() {
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{}]}})),
            (
                "spec.workers[0]".to_string(),
                "missing field `name`".to_string()
            )
        );
        assert_eq!(
            error_of::<Object>(json!({})),
            (".".to_string(), "missing field `spec`".to_string())
        );
    }

    #[derive(Debug, Deserialize, PartialEq)]
    enum Shape {
        Unit,
        Wrapped(u8),
        Fields { size: u8 },
    }

    #[test]
    fn enums_read_as_serde_json_reads_them_with_the_variant_in_the_path() {
        for value in [
            json!("Unit"),
            json!({"Wrapped": 3}),
            json!({"Fields": {"size": 4}}),
        ] {
            let ours: Shape = from_value(&value).unwrap();
            assert_eq!(ours, serde_json::from_value::<Shape>(value).unwrap());
        }
        assert_eq!(
            error_of::<Vec<Shape>>(json!(["Unit", {"Fields": {"size": "big"}}])),
            (
                "[1].Fields.size".to_string(),
                "invalid type: string \"big\", expected u8".to_string()
            )
        );
        assert_eq!(
            error_of::<Shape>(json!({"Unit": null, "Wrapped": 1})).1,
            "invalid value: map, expected map with a single key"
        );
    }
}
