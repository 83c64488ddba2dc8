//! Typed views of the input objects, and their decoding errors in a user's words at the field's place.

use super::{Diagnostic, Located, Place, PositionedObject, Problem, Report, Severity, Value};

pub(super) fn copy_object((_, (place, object)): &PositionedObject) -> (Place, Value) {
    (place.clone(), object.clone())
}

/// Reads an object into an area's typed view; a mismatch becomes a diagnostic at the object.
pub(super) fn decode<T: crate::decode::FromValue>(
    object: &Located,
    report: &mut Report,
) -> Option<T> {
    match typed_view(object) {
        Ok(typed) => Some(typed),
        Err(diagnostic) => {
            note_once(&diagnostic, report);
            None
        }
    }
}

/// [`decode`], once per `cell`: later reads take the view (or the diagnostic) decoded first.
pub(super) fn decode_once<'cell, T: crate::decode::FromValue>(
    cell: &'cell std::cell::OnceCell<Result<T, Box<Diagnostic>>>,
    object: &Located,
    report: &mut Report,
) -> Option<&'cell T> {
    match cell.get_or_init(|| typed_view(object)) {
        Ok(typed) => Some(typed),
        Err(diagnostic) => {
            note_once(diagnostic, report);
            None
        }
    }
}

/// An object's typed view, or the diagnostic at the field that does not fit it.
pub(super) fn typed_view<T: crate::decode::FromValue>(
    object: &Located,
) -> Result<T, Box<Diagnostic>> {
    crate::decode::from_value::<T>(&object.value).map_err(|error| {
        let field = error.path().to_string();
        let message = plain_type_error(error.message(), &object.value, &field);
        Box::new(error_at_field(object, field, message))
    })
}

/// Several areas read the same object; one report of its problem is enough.
pub(super) fn note_once(diagnostic: &Diagnostic, report: &mut Report) {
    if !report.diagnostics.contains(diagnostic) {
        report.diagnostics.push(diagnostic.clone());
    }
}

/// An error about one field of `object`, at the field's line and column.
pub(super) fn error_at_field(object: &Located, field: String, message: String) -> Diagnostic {
    let place = object.place_of(&field);
    Diagnostic {
        field: Some(object.text_path(&field)),
        line: place.map(|(line, _)| line),
        column: place.map(|(_, column)| column),
        message,
        ..error_at(object, String::new())
    }
}

/// serde's and chrono's words for a field that does not decode, in plain language: `invalid
/// type: sequence, expected a string` as `expected a string, found a list`, and chrono's bare
/// `input contains invalid characters` with the text and the format that was expected.
pub(super) fn plain_type_error(message: &str, object: &Value, field: &str) -> String {
    const CHRONO: &[&str] = &[
        "input contains invalid characters",
        "input is out of range",
        "premature end of input",
        "trailing input",
        "input is not enough for unique date and time",
        "no possible date and time matching input",
    ];
    if CHRONO.contains(&message) {
        if let Some(text) = crate::locate::value_at(object, field).and_then(Value::as_str) {
            return format!(
                "`{text}` is not an RFC 3339 time such as `2026-03-31T23:59:59Z`: {message}"
            );
        }
    }
    let message = message
        .replace("expected i32", "expected a whole number")
        .replace("expected i64", "expected a whole number")
        .replace("expected u32", "expected a whole number of at least 0")
        .replace("expected u64", "expected a whole number of at least 0");
    let message = message.as_str();
    let reworded = ["invalid type: ", "invalid value: "]
        .iter()
        .find_map(|prefix| {
            let rest = message.strip_prefix(prefix)?;
            let (found, expected) = rest.split_once(", expected ")?;
            let found = match found {
                "sequence" => "a list",
                "map" => "a mapping",
                other => other,
            };
            Some(format!("expected {expected}, found {found}"))
        });
    reworded.unwrap_or_else(|| message.to_string())
}

pub(super) fn decode_all<T: crate::decode::FromValue>(
    objects: &[Located],
    report: &mut Report,
) -> Vec<T> {
    objects.iter().filter_map(|o| decode(o, report)).collect()
}

/// Gardener's field errors about `object`, each with the line and column of its field in the input;
/// identical errors once, with their count.
pub(super) fn problems(
    object: &Located,
    errors: Vec<crate::field::FieldError>,
) -> impl Iterator<Item = Problem> + '_ {
    let errors = crate::field::group_identical(errors);
    errors.into_iter().map(move |error| {
        let place = object.place_of(&error.field);
        Problem {
            source: object.source.clone(),
            line: place.map(|(line, _)| line),
            column: place.map(|(_, column)| column),
            field: object.text_path(&error.field),
            error_type: error.error_type.as_str().to_string(),
            detail: error.detail,
            count: error.count,
        }
    })
}

pub(super) fn error_at(object: &Located, message: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        source: object.source.clone(),
        document: Some(object.document),
        field: None,
        line: None,
        column: None,
        message,
    }
}
