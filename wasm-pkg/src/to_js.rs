//! The core's results as plain JavaScript values, each distinct string made once per call.
//!
//! The values are those of serde-wasm-bindgen's JSON-compatible serializer, which the package used
//! before: structs and maps become plain objects, sequences and tuples arrays, `None` and `()`
//! `null`, unit variants their name, other variants `{ name: payload }`, and 64-bit integers
//! numbers while they are safe integers. What differs is the strings. A fleet's reports repeat a
//! few hundred of them (versions, reasons, field names) across thousands of Shoots, and making each
//! one anew (a crossing into JavaScript, a UTF-8 decode, a new string for the collector) took a
//! tenth of `analyzeFleet` in Node. Here a call makes each distinct string once and hands out the
//! same JavaScript string wherever it appears.

use js_sys::{Array, JsString, Number, Object, Uint8Array};
use rustc_hash::FxHashMap;
use serde::ser::{self, Serialize};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `value` as a plain JavaScript value.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, Error> {
    Writer::default().write(value)
}

/// Why a value has no JavaScript form: an integer beyond the safe range, or a map key that is not
/// a string.
#[derive(Debug)]
pub(crate) struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: std::fmt::Display>(message: T) -> Self {
        Error(message.to_string())
    }
}

#[wasm_bindgen]
extern "C" {
    /// An object written property by property, without `Reflect`'s checks.
    #[wasm_bindgen(extends = Object)]
    type PlainObject;

    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &PlainObject, key: &JsValue, value: JsValue);
}

/// The strings of one call: the texts of the value, and the names (fields and variants), which are
/// `'static` and so found by their address without reading them. A call that writes its result in
/// parts, as they are made, writes them all with one `Writer`, so the parts share their strings.
#[derive(Default)]
pub(crate) struct Writer {
    texts: RefCell<FxHashMap<Box<str>, JsValue>>,
    names: RefCell<FxHashMap<(usize, usize), JsValue>>,
}

impl Writer {
    /// `value` as a plain JavaScript value.
    pub(crate) fn write<T: Serialize + ?Sized>(&self, value: &T) -> Result<JsValue, Error> {
        value.serialize(self)
    }

    /// A plain object of values already written, in the order given (as a struct is written).
    pub(crate) fn object_of(
        &self,
        fields: impl IntoIterator<Item = (&'static str, JsValue)>,
    ) -> JsValue {
        let object: PlainObject = Object::new().unchecked_into();
        for (name, value) in fields {
            self.with_name(name, |name| object.set(name, value));
        }
        object.into()
    }

    fn text(&self, text: &str) -> JsValue {
        let mut texts = self.texts.borrow_mut();
        if let Some(made) = texts.get(text) {
            return made.clone();
        }
        let made = JsValue::from_str(text);
        texts.insert(text.into(), made.clone());
        made
    }

    fn name(&self, name: &'static str) -> JsValue {
        self.with_name(name, JsValue::clone)
    }

    /// Calls `use_name` with the string of `name`, without a copy of its handle.
    fn with_name<R>(&self, name: &'static str, use_name: impl FnOnce(&JsValue) -> R) -> R {
        let mut names = self.names.borrow_mut();
        use_name(
            names
                .entry((name.as_ptr() as usize, name.len()))
                .or_insert_with(|| JsValue::from_str(name)),
        )
    }

    fn object(&self) -> Fields<'_> {
        Fields {
            writer: self,
            target: Object::new().unchecked_into(),
            key: None,
        }
    }

    fn array(&self) -> Items<'_> {
        Items {
            writer: self,
            target: Array::new(),
        }
    }

    /// `{ variant: payload }`.
    fn variant(&self, variant: &'static str, payload: JsValue) -> JsValue {
        self.object_of([(variant, payload)])
    }

    /// `value` as a number, if it is within JavaScript's safe integers (`shown`: as written).
    fn safe_integer(value: Option<i64>, shown: impl std::fmt::Display) -> Result<JsValue, Error> {
        const SAFE: std::ops::RangeInclusive<i64> =
            Number::MIN_SAFE_INTEGER as i64..=Number::MAX_SAFE_INTEGER as i64;
        match value {
            Some(value) if SAFE.contains(&value) => Ok(JsValue::from_f64(value as f64)),
            _ => Err(Error(format!(
                "{shown} can't be represented as a JavaScript number"
            ))),
        }
    }
}

impl<'w> ser::Serializer for &'w Writer {
    type Ok = JsValue;
    type Error = Error;
    type SerializeSeq = Items<'w>;
    type SerializeTuple = Items<'w>;
    type SerializeTupleStruct = Items<'w>;
    type SerializeTupleVariant = Variant<Items<'w>>;
    type SerializeMap = Fields<'w>;
    type SerializeStruct = Fields<'w>;
    type SerializeStructVariant = Variant<Fields<'w>>;

    fn serialize_bool(self, value: bool) -> Result<JsValue, Error> {
        Ok(JsValue::from_bool(value))
    }

    fn serialize_i8(self, value: i8) -> Result<JsValue, Error> {
        self.serialize_f64(value.into())
    }

    fn serialize_i16(self, value: i16) -> Result<JsValue, Error> {
        self.serialize_f64(value.into())
    }

    fn serialize_i32(self, value: i32) -> Result<JsValue, Error> {
        self.serialize_f64(value.into())
    }

    fn serialize_i64(self, value: i64) -> Result<JsValue, Error> {
        Writer::safe_integer(Some(value), value)
    }

    fn serialize_u8(self, value: u8) -> Result<JsValue, Error> {
        self.serialize_f64(value.into())
    }

    fn serialize_u16(self, value: u16) -> Result<JsValue, Error> {
        self.serialize_f64(value.into())
    }

    fn serialize_u32(self, value: u32) -> Result<JsValue, Error> {
        self.serialize_f64(value.into())
    }

    fn serialize_u64(self, value: u64) -> Result<JsValue, Error> {
        Writer::safe_integer(i64::try_from(value).ok(), value)
    }

    fn serialize_i128(self, value: i128) -> Result<JsValue, Error> {
        Ok(JsValue::from(value))
    }

    fn serialize_u128(self, value: u128) -> Result<JsValue, Error> {
        Ok(JsValue::from(value))
    }

    fn serialize_f32(self, value: f32) -> Result<JsValue, Error> {
        self.serialize_f64(value.into())
    }

    fn serialize_f64(self, value: f64) -> Result<JsValue, Error> {
        Ok(JsValue::from_f64(value))
    }

    fn serialize_char(self, value: char) -> Result<JsValue, Error> {
        Ok(JsString::from(value).into())
    }

    fn serialize_str(self, value: &str) -> Result<JsValue, Error> {
        Ok(self.text(value))
    }

    fn serialize_bytes(self, value: &[u8]) -> Result<JsValue, Error> {
        Ok(Uint8Array::from(value).into())
    }

    fn serialize_none(self) -> Result<JsValue, Error> {
        Ok(JsValue::NULL)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<JsValue, Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<JsValue, Error> {
        Ok(JsValue::NULL)
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<JsValue, Error> {
        Ok(JsValue::NULL)
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<JsValue, Error> {
        Ok(self.name(variant))
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<JsValue, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<JsValue, Error> {
        let payload = value.serialize(self)?;
        Ok(self.variant(variant, payload))
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Items<'w>, Error> {
        Ok(self.array())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Items<'w>, Error> {
        Ok(self.array())
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Items<'w>, Error> {
        Ok(self.array())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Variant<Items<'w>>, Error> {
        Ok(Variant {
            variant,
            inner: self.array(),
        })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Fields<'w>, Error> {
        Ok(self.object())
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Fields<'w>, Error> {
        Ok(self.object())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Variant<Fields<'w>>, Error> {
        Ok(Variant {
            variant,
            inner: self.object(),
        })
    }
}

/// An array being written.
pub(crate) struct Items<'w> {
    writer: &'w Writer,
    target: Array,
}

impl Items<'_> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let value = value.serialize(self.writer)?;
        self.push_value(value);
        Ok(())
    }

    /// Appends an element: out of line for every element type, as `Fields::set_field` is.
    #[inline(never)]
    fn push_value(&self, value: JsValue) {
        self.target.push(&value);
    }
}

impl ser::SerializeSeq for Items<'_> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }

    fn end(self) -> Result<JsValue, Error> {
        Ok(self.target.into())
    }
}

impl ser::SerializeTuple for Items<'_> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }

    fn end(self) -> Result<JsValue, Error> {
        Ok(self.target.into())
    }
}

impl ser::SerializeTupleStruct for Items<'_> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }

    fn end(self) -> Result<JsValue, Error> {
        Ok(self.target.into())
    }
}

/// An object being written: a struct's fields or a map's entries. A map's key waits in `key`
/// for its value.
pub(crate) struct Fields<'w> {
    writer: &'w Writer,
    target: PlainObject,
    key: Option<JsValue>,
}

impl ser::SerializeStruct for Fields<'_> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let value = value.serialize(self.writer)?;
        self.set_field(key, value);
        Ok(())
    }

    fn end(self) -> Result<JsValue, Error> {
        Ok(self.target.into())
    }
}

impl Fields<'_> {
    /// Sets one field: a call of its own, not a copy in every struct's serializer (the Report's
    /// hundreds of fields each made one).
    #[inline(never)]
    fn set_field(&self, key: &'static str, value: JsValue) {
        self.writer
            .with_name(key, |key| self.target.set(key, value));
    }

    /// Keeps a map's key for its value; like `set_field`, out of line for every map type.
    #[inline(never)]
    fn keep_key(&mut self, key: JsValue) -> Result<(), Error> {
        if !key.is_string() {
            return Err(Error(
                "Map key is not a string and cannot be an object key".to_string(),
            ));
        }
        self.key = Some(key);
        Ok(())
    }

    /// Sets a map's entry of the key kept.
    #[inline(never)]
    fn set_entry(&mut self, value: JsValue) -> Result<(), Error> {
        let key =
            (self.key.take()).ok_or_else(|| Error("a map value without its key".to_string()))?;
        self.target.set(&key, value);
        Ok(())
    }
}

impl ser::SerializeMap for Fields<'_> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        let key = key.serialize(self.writer)?;
        self.keep_key(key)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let value = value.serialize(self.writer)?;
        self.set_entry(value)
    }

    fn end(self) -> Result<JsValue, Error> {
        Ok(self.target.into())
    }
}

/// A tuple or struct variant being written, wrapped as `{ variant: payload }` at the end.
pub(crate) struct Variant<Inner> {
    variant: &'static str,
    inner: Inner,
}

impl<'w> ser::SerializeTupleVariant for Variant<Items<'w>> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.inner.push(value)
    }

    fn end(self) -> Result<JsValue, Error> {
        let writer = self.inner.writer;
        Ok(writer.variant(self.variant, self.inner.target.into()))
    }
}

impl<'w> ser::SerializeStructVariant for Variant<Fields<'w>> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(&mut self.inner, key, value)
    }

    fn end(self) -> Result<JsValue, Error> {
        let writer = self.inner.writer;
        Ok(writer.variant(self.variant, self.inner.target.into()))
    }
}

/// Held to serde-wasm-bindgen's JSON-compatible serializer, the package's form before, on every
/// example's report and on every shape serde can hand a serializer.
#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::to_js;
    use serde::Serialize;
    use shoot_policy::report::{AnalyzeOptions, Source, SourceRole};
    use std::collections::BTreeMap;
    use wasm_bindgen::JsValue;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// serde-wasm-bindgen's result; its errors are JavaScript `Error`s, written with their name.
    fn reference<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, String> {
        value
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .map_err(|e| e.to_string().trim_start_matches("Error: ").to_string())
    }

    fn json(value: &JsValue) -> String {
        js_sys::JSON::stringify(value).unwrap().into()
    }

    fn assert_same<T: Serialize + ?Sized>(value: &T) {
        let ours = to_js(value).map_err(|e| e.to_string());
        let theirs = reference(value);
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => assert_eq!(json(&ours), json(&theirs)),
            (ours, theirs) => assert_eq!(ours.err(), theirs.err()),
        }
    }

    fn options() -> AnalyzeOptions {
        AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap())
    }

    #[wasm_bindgen_test]
    fn every_example_report_is_written_as_before() {
        for example in shoot_policy::examples::GALLERY {
            let roles = [
                ("CloudProfile", SourceRole::Auto),
                ("Shoot", SourceRole::Auto),
                ("Previous Shoot", SourceRole::PreviousShoot),
                ("Other objects", SourceRole::Auto),
            ];
            let sources: Vec<Source> = roles
                .into_iter()
                .zip(example.texts())
                .filter(|(_, text)| !text.is_empty())
                .map(|((name, role), text)| Source {
                    name: name.to_string(),
                    role,
                    text: text.to_string(),
                })
                .collect();
            let report = shoot_policy::report::analyze(&sources, &options());
            assert_same(&report);
        }
    }

    #[wasm_bindgen_test]
    fn a_fleet_report_is_written_as_before() {
        let example = shoot_policy::examples::DEFAULT;
        let shoots = [
            Source::auto("a", example.shoot),
            Source::auto("b", example.shoot.replace("1.", "2.")),
        ];
        let profile = Source::auto("CloudProfile", example.cloud_profile);
        assert_same(&shoot_policy::fleet::analyze_fleet(
            profile,
            &shoots,
            &options(),
        ));
    }

    #[derive(Serialize)]
    enum Shapes {
        Unit,
        Newtype(u8),
        Tuple(i32, &'static str),
        Struct { inner: Option<bool> },
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Everything {
        missing: Option<String>,
        unit: (),
        numbers: (i8, i16, i32, i64, u8, u16, u32, u64, f32, f64),
        safe_edges: (i64, i64, u64),
        character: char,
        repeated: [&'static str; 3],
        variants: Vec<Shapes>,
        map: BTreeMap<String, Vec<u8>>,
        nested: Option<Box<Everything>>,
        #[serde(flatten)]
        flattened: BTreeMap<&'static str, serde_json::Value>,
    }

    fn everything() -> Everything {
        Everything {
            missing: None,
            unit: (),
            numbers: (-8, -16, -32, -64, 8, 16, 32, 64, 0.5, -1e300),
            safe_edges: ((1 << 53) - 1, -(1 << 53) + 1, (1 << 53) - 1),
            character: 'ß',
            repeated: ["1.31.2", "1.31.2", "Grüße"],
            variants: vec![
                Shapes::Unit,
                Shapes::Newtype(7),
                Shapes::Tuple(-1, "x"),
                Shapes::Struct { inner: None },
                Shapes::Struct { inner: Some(true) },
            ],
            map: BTreeMap::from([("b".into(), vec![1, 2]), ("a".into(), vec![])]),
            nested: None,
            flattened: BTreeMap::from([(
                "extra",
                serde_json::json!({"list": [1, -2, 2.5, null, "s", {"k": false}]}),
            )]),
        }
    }

    #[wasm_bindgen_test]
    fn every_shape_is_written_as_before() {
        let mut value = everything();
        value.nested = Some(Box::new(everything()));
        assert_same(&value);
    }

    #[wasm_bindgen_test]
    fn integers_beyond_the_safe_range_and_keys_that_are_no_strings_are_refused() {
        for unsafe_integer in [1u64 << 53, u64::MAX] {
            assert_same(&unsafe_integer);
            assert_eq!(
                to_js(&unsafe_integer).unwrap_err().to_string(),
                format!("{unsafe_integer} can't be represented as a JavaScript number")
            );
        }
        assert_same(&(-(1i64 << 53)));
        let numbered = BTreeMap::from([(1u8, "one")]);
        assert_same(&numbered);
        assert_eq!(
            to_js(&numbered).unwrap_err().to_string(),
            "Map key is not a string and cannot be an object key"
        );
    }
}
