//! The serde side of reading a document tree: a `Deserializer` over a borrowed [`Value`] that keeps
//! the field path of a mismatch. The views are read by [`super::FromValue`]; this is for the
//! `deserialize_with` functions and the enums with data, which serde's derive reads.

use super::{DecodeError, Path, Value};
use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Expected, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};

/// One node of the tree being read, as a serde `Deserializer`: what `deserialize_with` functions and
/// the few enums read through serde are handed.
pub struct Node<'de, 'p> {
    value: &'de Value,
    path: Path<'p>,
}

impl<'de, 'p> Node<'de, 'p> {
    pub(super) fn new(value: &'de Value, path: Path<'p>) -> Self {
        Node { value, path }
    }
}

/// serde's name for what a node holds, for "invalid type: …" messages.
pub(super) fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        // serde_json's word for it, rather than serde's "unit value".
        Value::Null => Unexpected::Other("null"),
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

pub(super) fn invalid_type(value: &Value, expected: &dyn Expected) -> DecodeError {
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
