//! [`FromValue`]: the trait `#[derive(FromValue)]` implements, its impls for the standard types,
//! and the helpers the derived code calls, one per way a field can be read.
//!
//! Each reader places its own errors at the path it is given (`at`), so a container passes an
//! error on as it is: the place is the innermost one, as with serde_path_to_error.

use super::node::invalid_type;
use super::{DecodeError, Map, Node, Path, Value};
use crate::sorting::CollectSorted;
use chrono::{DateTime, Utc};
use serde::de::{DeserializeOwned, Error as _, Expected, Unexpected};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::BuildHasher;

/// A type read from a document tree, with serde_json's rules and messages.
pub trait FromValue: Sized {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError>;

    /// What an absent field reads as: `None` for an `Option`, an error for everything else.
    fn when_missing(key: &'static str, at: Path<'_>) -> Result<Self, DecodeError> {
        Err(missing(key, at))
    }
}

/// A struct read from the fields of a mapping; derived with [`FromValue`]. `named` is what the
/// structs it is flattened into read, when it is.
pub trait FromObject: Sized {
    fn from_object(
        object: &Map,
        at: Path<'_>,
        named: Option<&Named<'_>>,
    ) -> Result<Self, DecodeError>;
}

/// The keys a struct reads itself, and those of the structs it is flattened into: what a
/// flattened map leaves out.
pub struct Named<'a> {
    pub keys: &'a [&'a str],
    pub outer: Option<&'a Named<'a>>,
}

impl Named<'_> {
    fn contains(&self, key: &str) -> bool {
        self.keys.contains(&key) || self.outer.is_some_and(|outer| outer.contains(key))
    }
}

/// What a `#[serde(flatten)]` field reads: a struct reads the same mapping as its container, a map
/// collects the fields no enclosing struct names.
pub trait Flatten: Sized {
    fn flatten(object: &Map, named: &Named<'_>, at: Path<'_>) -> Result<Self, DecodeError>;
}

impl<T: FromObject> Flatten for T {
    fn flatten(object: &Map, named: &Named<'_>, at: Path<'_>) -> Result<Self, DecodeError> {
        T::from_object(object, at, Some(named))
    }
}

impl Flatten for BTreeMap<String, Value> {
    fn flatten(object: &Map, named: &Named<'_>, _at: Path<'_>) -> Result<Self, DecodeError> {
        Ok(unnamed_fields(object, named).collect_map())
    }
}

/// The fields of `object` no enclosing struct names, for a flattened map.
pub fn unnamed_fields<'a>(
    object: &'a Map,
    named: &'a Named<'a>,
) -> impl Iterator<Item = (String, Value)> + 'a {
    (object.iter())
        .filter(|(key, _)| !named.contains(key))
        .map(|(key, value)| (key.clone(), value.clone()))
}

// ---------------------------------------------------------------------------------------------
// The helpers derived code calls.

/// The mapping a struct reads, or serde's "invalid type" naming the struct.
pub fn object<'v>(
    value: &'v Value,
    at: Path<'_>,
    expected: &'static str,
) -> Result<&'v Map, DecodeError> {
    match value {
        Value::Object(map) => Ok(map),
        other => Err(invalid_type(other, &expected).at(at)),
    }
}

/// Whether a small mapping is read entry by entry ([`fields`], [`assign_all`]) rather than by a
/// search per field. Not in the size-optimised wasm build: iterating a B-tree is a chain of calls
/// there, and reading `large` took 8 % longer in Node that way.
const ENTRY_BY_ENTRY: bool = !cfg!(target_arch = "wasm32");

/// The values of the fields `keys`, where the mapping has them. A mapping with no more entries than
/// there are keys (most mappings name few of their struct's fields) is read entry by entry,
/// comparing names for equality, mostly their lengths, where each key searched the B-tree with a
/// full comparison at every step.
pub fn fields<'v, const N: usize>(object: &'v Map, keys: [&str; N]) -> [Option<&'v Value>; N] {
    let mut found = [None; N];
    if object.len() > N || !ENTRY_BY_ENTRY {
        for (slot, key) in found.iter_mut().zip(keys) {
            *slot = object.get(key);
        }
        return found;
    }
    for (key, value) in object {
        for (slot, name) in found.iter_mut().zip(keys) {
            if name == key {
                *slot = Some(value);
            }
        }
    }
    found
}

/// A field without a default, given its value if the mapping has one: absent is an error, except
/// for an `Option`.
pub fn required<T: FromValue>(
    found: Option<&Value>,
    key: &'static str,
    at: Path<'_>,
) -> Result<T, DecodeError> {
    match found {
        Some(value) => T::from_value(value, Path::Key(&at, key)),
        None => T::when_missing(key, at),
    }
}

/// A field of a struct with a default, overwritten in place by what the mapping holds for it.
pub trait Slot {
    fn overwrite(&mut self, value: &Value, at: Path<'_>) -> Result<(), DecodeError>;
}

impl<T: FromValue> Slot for T {
    fn overwrite(&mut self, value: &Value, at: Path<'_>) -> Result<(), DecodeError> {
        *self = T::from_value(value, at)?;
        Ok(())
    }
}

/// The fields of a struct with a default, in order: each overwritten when the mapping has its key.
pub fn assign_all(
    object: &Map,
    at: Path<'_>,
    slots: &mut [(&'static str, &mut dyn Slot)],
) -> Result<(), DecodeError> {
    // Most mappings name few of their struct's fields. Then each entry finds its field by
    // comparing names for equality, mostly their lengths, where each field searched the B-tree
    // with a full comparison per step. An error is looked for again in the fields' order, which
    // decides the one reported.
    if object.len() < slots.len() && ENTRY_BY_ENTRY {
        let read_all = object.iter().all(|(key, value)| {
            match slots.iter_mut().find(|(name, _)| name == key) {
                Some((name, slot)) => slot.overwrite(value, Path::Key(&at, name)).is_ok(),
                None => true,
            }
        });
        if read_all {
            return Ok(());
        }
    }
    for (key, slot) in slots {
        if let Some(value) = object.get(*key) {
            slot.overwrite(value, Path::Key(&at, key))?;
        }
    }
    Ok(())
}

/// A field that has a default of its own: `None` when absent.
pub fn optional<T: FromValue>(
    found: Option<&Value>,
    key: &'static str,
    at: Path<'_>,
) -> Result<Option<T>, DecodeError> {
    match found {
        Some(value) => T::from_value(value, Path::Key(&at, key)).map(Some),
        None => Ok(None),
    }
}

/// A field read with `golang::null_as_default`: `null` reads as the type's default, as Go's
/// decoder leaves a field it finds `null`.
pub fn optional_null_as_default<T: FromValue + Default>(
    found: Option<&Value>,
    key: &'static str,
    at: Path<'_>,
) -> Result<Option<T>, DecodeError> {
    match found {
        Some(Value::Null) => Ok(Some(T::default())),
        Some(value) => T::from_value(value, Path::Key(&at, key)).map(Some),
        None => Ok(None),
    }
}

/// A field read with `golang::null_values_as_empty`: a string map whose `null` values read as `""`
/// and which reads `null` as empty, as Go's decoder reads a `map[string]string`.
pub fn optional_null_values_as_empty(
    found: Option<&Value>,
    key: &'static str,
    at: Path<'_>,
) -> Result<Option<BTreeMap<String, String>>, DecodeError> {
    let Some(value) = found else {
        return Ok(None);
    };
    let here = Path::Key(&at, key);
    let mut map = BTreeMap::new();
    if value.is_null() {
        return Ok(Some(map));
    }
    // Read entry by entry: a map of another value type would be a second copy of the map's code.
    for (key, value) in object(value, here, "a map")? {
        let text = match value {
            Value::Null => String::new(),
            value => String::from_value(value, Path::Key(&here, key))?,
        };
        map.insert(key.clone(), text);
    }
    Ok(Some(map))
}

/// A field read by a `deserialize_with` function, through serde.
pub fn optional_with<T>(
    found: Option<&Value>,
    key: &'static str,
    at: Path<'_>,
    read: impl for<'v, 'p> FnOnce(Node<'v, 'p>) -> Result<T, DecodeError>,
) -> Result<Option<T>, DecodeError> {
    match found {
        Some(value) => {
            let here = Path::Key(&at, key);
            read(Node::new(value, here))
                .map(Some)
                .map_err(|e| e.at(here))
        }
        None => Ok(None),
    }
}

/// A `#[serde(flatten)]` field.
pub fn flattened<T: Flatten>(
    object: &Map,
    named: &Named<'_>,
    at: Path<'_>,
) -> Result<T, DecodeError> {
    T::flatten(object, named, at)
}

/// serde's "missing field" error, placed at the mapping that lacks the field.
pub fn missing(key: &'static str, at: Path<'_>) -> DecodeError {
    DecodeError::missing_field(key).at(at)
}

/// A conversion's own error (`try_from`), placed at the value converted.
pub fn custom(error: impl fmt::Display, at: Path<'_>) -> DecodeError {
    DecodeError::custom(error).at(at)
}

/// The index in `names` of the unit variant `value` names, with serde's messages when none does.
pub fn variant(
    value: &Value,
    at: Path<'_>,
    names: &'static [&'static str],
) -> Result<usize, DecodeError> {
    unit_variant(value, names).map_err(|e| e.at(at))
}

fn unit_variant(value: &Value, names: &'static [&'static str]) -> Result<usize, DecodeError> {
    let name = match value {
        Value::String(name) => name,
        Value::Object(map) if map.len() == 1 => {
            let (name, content) = map.iter().next().expect("one entry");
            if !content.is_null() {
                return Err(invalid_type(content, &"unit variant"));
            }
            name
        }
        Value::Object(_) => {
            return Err(DecodeError::invalid_value(
                Unexpected::Map,
                &"map with a single key",
            ))
        }
        other => return Err(invalid_type(other, &"string or map")),
    };
    (names.iter())
        .position(|candidate| candidate == name)
        .ok_or_else(|| DecodeError::unknown_variant(name, names))
}

/// A type serde's derive reads (an enum with data, tagged or untagged).
pub fn via_serde<T: DeserializeOwned>(value: &Value, at: Path<'_>) -> Result<T, DecodeError> {
    T::deserialize(Node::new(value, at)).map_err(|e| e.at(at))
}

// ---------------------------------------------------------------------------------------------
// The standard types, with the expectations serde's own impls name.

impl FromValue for Value {
    fn from_value(value: &Value, _at: Path<'_>) -> Result<Self, DecodeError> {
        Ok(value.clone())
    }
}

impl FromValue for Map {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        object(value, at, "a map").cloned()
    }
}

impl FromValue for String {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        match value {
            Value::String(text) => Ok(text.clone()),
            other => Err(invalid_type(other, &"a string").at(at)),
        }
    }
}

impl FromValue for bool {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        match value {
            Value::Bool(flag) => Ok(*flag),
            other => Err(invalid_type(other, &"a boolean").at(at)),
        }
    }
}

/// A number as serde_json hands it to a visitor: unsigned, else signed, else a float.
enum Number {
    Unsigned(u64),
    Signed(i64),
    Float(f64),
}

fn number(value: &Value, expected: &dyn Expected) -> Result<Number, DecodeError> {
    match value {
        Value::Number(n) => Ok(if let Some(u) = n.as_u64() {
            Number::Unsigned(u)
        } else if let Some(i) = n.as_i64() {
            Number::Signed(i)
        } else {
            Number::Float(n.as_f64().unwrap_or(f64::NAN))
        }),
        other => Err(invalid_type(other, expected)),
    }
}

/// An integer of any width, with serde's primitive visitor's range check and messages.
fn integer<T: TryFrom<u64> + TryFrom<i64>>(
    value: &Value,
    expected: &'static str,
) -> Result<T, DecodeError> {
    match number(value, &expected)? {
        Number::Unsigned(u) => T::try_from(u)
            .map_err(|_| DecodeError::invalid_value(Unexpected::Unsigned(u), &expected)),
        Number::Signed(i) => {
            T::try_from(i).map_err(|_| DecodeError::invalid_value(Unexpected::Signed(i), &expected))
        }
        Number::Float(f) => Err(DecodeError::invalid_type(Unexpected::Float(f), &expected)),
    }
}

macro_rules! integers {
    ($($type:ty),*) => {$(
        impl FromValue for $type {
            fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
                integer(value, stringify!($type)).map_err(|e| e.at(at))
            }
        }
    )*};
}

integers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

impl FromValue for f64 {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        Ok(match number(value, &"f64").map_err(|e| e.at(at))? {
            Number::Unsigned(u) => u as f64,
            Number::Signed(i) => i as f64,
            Number::Float(f) => f,
        })
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        match value {
            Value::Null => Ok(None),
            value => T::from_value(value, at).map(Some),
        }
    }

    fn when_missing(_key: &'static str, _at: Path<'_>) -> Result<Self, DecodeError> {
        Ok(None)
    }
}

impl<T: FromValue> FromValue for Box<T> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        T::from_value(value, at).map(Box::new)
    }
}

impl<T: FromValue> FromValue for std::sync::Arc<T> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        T::from_value(value, at).map(std::sync::Arc::new)
    }
}

impl<T: FromValue> FromValue for std::sync::Arc<[T]> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        Vec::<T>::from_value(value, at).map(Into::into)
    }
}

impl FromValue for std::sync::Arc<str> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        String::from_value(value, at).map(Into::into)
    }
}

impl<T: FromValue> FromValue for Vec<T> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        match value {
            Value::Array(items) => {
                // Sized first: collecting `Result`s loses the length, and growing a list of a
                // CloudProfile's versions copied them seven times over.
                let mut decoded = Vec::with_capacity(items.len());
                for (index, item) in items.iter().enumerate() {
                    decoded.push(T::from_value(item, Path::Index(&at, index))?);
                }
                Ok(decoded)
            }
            other => Err(invalid_type(other, &"a sequence").at(at)),
        }
    }
}

// Maps are filled by inserting each entry: `collect` into a `BTreeMap` sorts first, with a copy
// of the standard sort for every entry and iterator type.
impl<T: FromValue> FromValue for BTreeMap<String, T> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        let mut map = BTreeMap::new();
        read_entries(value, at, |key, read| {
            map.insert(key, read);
        })?;
        Ok(map)
    }
}

impl<T: FromValue, S: BuildHasher + Default> FromValue for HashMap<String, T, S> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        let mut map = HashMap::default();
        read_entries(value, at, |key, read| {
            map.insert(key, read);
        })?;
        Ok(map)
    }
}

/// Reads each value of a mapping at its key and hands it over with the key.
fn read_entries<T: FromValue>(
    value: &Value,
    at: Path<'_>,
    mut insert: impl FnMut(String, T),
) -> Result<(), DecodeError> {
    for (key, value) in object(value, at, "a map")? {
        insert(key.clone(), T::from_value(value, Path::Key(&at, key))?);
    }
    Ok(())
}

impl FromValue for DateTime<Utc> {
    fn from_value(value: &Value, at: Path<'_>) -> Result<Self, DecodeError> {
        let read = match value {
            Value::String(text) => crate::rfc3339::parse(text).map_err(DecodeError::custom),
            other => Err(invalid_type(
                other,
                &"an RFC 3339 formatted date and time string",
            )),
        };
        read.map_err(|e| e.at(at))
    }
}
